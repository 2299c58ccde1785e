/* flow-model.c: Flow Free's state, its text format, and the pieces every
 * solver shares (building an answer, checking a board is solved). */
#include "flow-game.h"

#include <glib/gi18n.h>
#include <string.h>

const char flow_default_names[FLOW_MAX_COLOURS + 1] =
  "RGBYOCMmPWAgTbcp"                       /* the game's 16 colours */
  "DEFHIJKLNQSUVXZadefhijklnoqrstuvwxyz"   /* other letters */
  "0123456789"
  "!$%&*+-/:;<=>?@^_~"
  "()[]{}|,";                              /* 88 in all */

FlowState *
flow_state_new (int width, int height, int colours)
{
  FlowState *s = g_new0 (FlowState, 1);
  gsize n = (gsize) width * height;

  s->base.width = width;
  s->base.height = height;
  s->base.game = &flow_game;
  s->colours = colours;
  s->dot = g_malloc0 (n);
  s->colour = g_malloc0 (n);
  s->links = g_malloc0 (n);
  memcpy (s->names, flow_default_names, FLOW_MAX_COLOURS);
  s->names[FLOW_MAX_COLOURS] = '\0';
  return s;
}

FlowState *
flow_state_copy (const FlowState *s)
{
  FlowState *c = g_memdup2 (s, sizeof *s);
  gsize n = (gsize) s->base.width * s->base.height;

  c->dot = g_memdup2 (s->dot, n);
  c->colour = g_memdup2 (s->colour, n);
  c->links = g_memdup2 (s->links, n);
  if (s->json_names != NULL)
    {
      c->json_names = g_new0 (char *, FLOW_MAX_COLOURS + 1);
      for (int i = 0; i < FLOW_MAX_COLOURS; i++)
        c->json_names[i] = g_strdup (s->json_names[i]);
    }
  return c;
}

void
flow_state_free (FlowState *s)
{
  if (s == NULL)
    return;
  g_free (s->dot);
  g_free (s->colour);
  g_free (s->links);
  /* Not g_strfreev: the array may hold NULL between strings (colours
   * without one), which would end it early. */
  if (s->json_names != NULL)
    {
      for (int i = 0; i < FLOW_MAX_COLOURS; i++)
        g_free (s->json_names[i]);
      g_free (s->json_names);
    }
  g_free (s);
}

gboolean
flow_endpoints (const FlowState *s, int c, int *a, int *b)
{
  gsize n = (gsize) s->base.width * s->base.height;
  int found = 0;

  if (c + 1 < 0 || c + 1 > G_MAXUINT8)
    return FALSE;
  for (gsize i = flow_next_byte (s->dot, 0, n, (guint8) (c + 1)); i < n;
       i = flow_next_byte (s->dot, i + 1, n, (guint8) (c + 1)))
    {
      if (found == 0)
        *a = (int) i;
      else if (found == 1)
        *b = (int) i;
      if (++found > 2)
        return FALSE;
    }
  return found == 2;
}

/* Every colour's dots in one pass over the board (flow_endpoints for each
 * colour would be colours x cells: 88 million reads on a 1000x1000 board
 * in 88 colours): first[c] and second[c] get its first two dots in
 * reading order, count[c] how many it has, counted up to 3 (flow_endpoints
 * holds exactly when it is 2). */
void
flow_all_endpoints (const FlowState *s, int *first, int *second, int *count)
{
  gsize n = (gsize) s->base.width * s->base.height;

  memset (count, 0, (gsize) s->colours * sizeof *count);
  for (gsize i = 0; i < n; i++)
    {
      int c = s->dot[i] - 1;
      if (c < 0 || c >= s->colours || count[c] == 3)
        continue;
      if (count[c] == 0)
        first[c] = (int) i;
      else if (count[c] == 1)
        second[c] = (int) i;
      count[c]++;
    }
}

void
flow_link (FlowState *s, int cell, int dir, int c)
{
  int w = s->base.width;
  int x = cell % w, y = cell / w;
  int other = (y + hb_dir_dy[dir]) * w + x + hb_dir_dx[dir];

  s->colour[cell] = (guint8) (c + 1);
  s->colour[other] = (guint8) (c + 1);
  s->links[cell] |= (guint8) (1u << dir);
  s->links[other] |= (guint8) (1u << HB_DIR_OPPOSITE (dir));
}

void
flow_clear_paths (FlowState *s)
{
  gsize n = (gsize) s->base.width * s->base.height;

  for (gsize i = 0; i < n; i++)
    {
      s->colour[i] = s->dot[i];
      s->links[i] = 0;
    }
}

static int
popcount4 (guint8 m)
{
  return (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1);
}

gboolean
flow_is_solved (const FlowState *s)
{
  return flow_is_solved_until (s, NULL, NULL);
}

gboolean
flow_is_solved_until (const FlowState *s, gboolean (*stop) (gpointer data), gpointer data)
{
  int w = s->base.width, h = s->base.height;
  gsize n = (gsize) w * h;

  if (s->colours == 0)
    return FALSE;
  /* Every cell coloured; links consistent; degree 1 at dots, 2 elsewhere;
   * no same-colour neighbour that is not a link (the paths are simple).
   * Each pair of neighbours once, by row and column, not by index (see
   * below). */
  for (int y = 0; y < h; y++)
    {
      if ((y & 63) == 63 && stop != NULL && stop (data))
        return FALSE;
      for (int x = 0; x < w; x++)
        {
          gsize i = (gsize) y * w + x;
          guint m = s->links[i];

          if (s->colour[i] == 0 || popcount4 (m) != (s->dot[i] ? 1 : 2))
            return FALSE;
          if ((x == 0 && (m & (1u << HB_DIR_W))) || (x == w - 1 && (m & (1u << HB_DIR_E)))
              || (y == 0 && (m & (1u << HB_DIR_N))) || (y == h - 1 && (m & (1u << HB_DIR_S))))
            return FALSE;
          if (x + 1 < w)
            {
              gboolean linked = (m >> HB_DIR_E) & 1;

              if (linked != ((s->links[i + 1] >> HB_DIR_W) & 1)
                  || linked != (s->colour[i + 1] == s->colour[i]))
                return FALSE;
            }
          if (y + 1 < h)
            {
              gboolean linked = (m >> HB_DIR_S) & 1;

              if (linked != ((s->links[i + w] >> HB_DIR_N) & 1)
                  || linked != (s->colour[i + w] == s->colour[i]))
                return FALSE;
            }
        }
    }
  /* Each colour's first dot reaches its second along its path, and the
   * walk covers every cell of that colour (no stray loop). The dots and
   * cell counts of all colours in one pass each: once per colour would be
   * colours × cells on a large board, at every status update. */
  {
    g_autofree int *first = g_new (int, s->colours);
    g_autofree int *second = g_new (int, s->colours);
    g_autofree int *ndots = g_new (int, s->colours);
    g_autofree gsize *count = g_new0 (gsize, s->colours + 1);

    for (gsize i = 0; i < n; i++)
      {
        if ((i & 0xfffff) == 0xfffff && stop != NULL && stop (data))
          return FALSE;
        if (s->colour[i] > s->colours || s->dot[i] > s->colours)
          return FALSE;
        count[s->colour[i]]++;
      }
    flow_all_endpoints (s, first, second, ndots);
    for (int c = 0; c < s->colours; c++)
      {
        int a = first[c], b = second[c], cur, prev = -1;
        gsize len = 0;

        if (ndots[c] != 2)
          return FALSE;
        cur = a;
        while (TRUE)
          {
            int next = -1;
            len++;
            if (cur == b)
              break;
            if ((len & 0xfffff) == 0 && stop != NULL && stop (data))
              return FALSE;
            /* Every link was checked above to stay on the board. */
            for (int d = 0; d < 4 && next < 0; d++)
              if ((s->links[cur] >> d) & 1)
                {
                  int j = cur + hb_dir_dy[d] * w + hb_dir_dx[d];
                  if (j != prev)
                    next = j;
                }
            if (next < 0 || len > count[c + 1])
              return FALSE;
            prev = cur;
            cur = next;
          }
        if (len != count[c + 1])
          return FALSE;
      }
  }
  return TRUE;
}

/* Both below walk the board by row and column, not by index: a division
 * per cell was most of their cost on a 1000x1000 board, where they run
 * after every solve while the window or the command line waits. */
gboolean
flow_links_from_colours (const FlowState *level, const guint8 *cell_colour, guint8 *links)
{
  int w = level->base.width, h = level->base.height;

  for (int y = 0; y < h; y++)
    {
      const guint8 *row = cell_colour + (gsize) y * w;
      const guint8 *dot = level->dot + (gsize) y * w;
      guint8 *out = links + (gsize) y * w;

      for (int x = 0; x < w; x++)
        {
          guint8 v = row[x], m = 0;

          if (y > 0 && row[x - w] == v)
            m |= 1u << HB_DIR_N;
          if (x + 1 < w && row[x + 1] == v)
            m |= 1u << HB_DIR_E;
          if (y + 1 < h && row[x + w] == v)
            m |= 1u << HB_DIR_S;
          if (x > 0 && row[x - 1] == v)
            m |= 1u << HB_DIR_W;
          out[x] = m;
          if (v == 0 || popcount4 (m) != (dot[x] ? 1 : 2))
            return FALSE;
        }
    }
  return TRUE;
}

/* The result's solved state: the level with the answer's paths. */
static void
set_solved (HbResult *r, const FlowState *level, const guint8 *cell_colour,
            const guint8 *links)
{
  FlowState *solved = flow_state_copy (level);
  gsize n = (gsize) level->base.width * level->base.height;

  memcpy (solved->colour, cell_colour, n);
  memcpy (solved->links, links, n);
  solved->moves = level->moves;
  hb_state_free (r->solved);
  r->solved = &solved->base;
}

void
flow_result_set_solution (HbResult *r, const FlowState *level,
                          const guint8 *cell_colour, const guint8 *links)
{
  int w = level->base.width;
  gsize n = (gsize) w * level->base.height, nmoves = 0;
  g_autofree int *first = g_new (int, MAX (level->colours, 1));
  g_autofree int *second = g_new (int, MAX (level->colours, 1));
  g_autofree int *count = g_new (int, MAX (level->colours, 1));
  HbMove *moves;

  set_solved (r, level, cell_colour, links);
  flow_all_endpoints (level, first, second, count);
  g_array_set_size (r->moves, n);
  moves = (HbMove *) (gpointer) r->moves->data;
  /* Paths drawn on the board (a solve begun part-way through a game) are
   * cleared first: a dot that has its link already takes no other, and
   * the answer's links did not replay (review). Then a path of k cells is
   * k - 1 links: with the clearing, still at most n moves. */
  for (gsize i = 0; i < n; i++)
    if (level->links[i] != 0 || level->colour[i] != level->dot[i])
      {
        moves[nmoves++] = (HbMove) { FLOW_OP_CLEAR_PATHS, 0, 0, 0 };
        break;
      }
  /* Each step leaves a cell by its lowest link but the way back: one
   * mask, not a look at each neighbour (the walk was 30 ms of a
   * 1000x1000 answer, most of the time after the solve). */
  for (int c = 0; c < level->colours; c++)
    {
      int a = first[c], b = second[c], cur, x, y, h = level->base.height;
      unsigned back = 0;
      gsize steps = 0;

      if (count[c] != 2)
        continue;
      x = a % w;
      y = a / w;
      for (cur = a; cur != b && steps < n && nmoves < n; steps++)
        {
          unsigned m = links[cur] & 15u & ~back;
          int dir;

          if (m == 0)
            break;
          dir = __builtin_ctz (m);
          moves[nmoves++] = (HbMove) { FLOW_OP_LINK, x, y, dir | (c << 2) };
          x += hb_dir_dx[dir];
          y += hb_dir_dy[dir];
          if (x < 0 || x >= w || y < 0 || y >= h)
            break;
          cur = y * w + x;
          back = 1u << HB_DIR_OPPOSITE (dir);
        }
    }
  g_array_set_size (r->moves, nmoves);
}

void
flow_result_set_answer (HbResult *r, const FlowState *level, const guint8 *cell_colour,
                        const guint8 *links, const HbSolveOptions *options)
{
  if (options == NULL || !options->answer_board)
    flow_result_set_solution (r, level, cell_colour, links);
  else
    set_solved (r, level, cell_colour, links);
}

/* ---- The text format ---------------------------------------------------- */

static gboolean
is_colour_char (char c)
{
  return c > ' ' && c < 127 && c != '#' && c != '.';
}

char *
flow_too_many_colours_text (void)
{
  /* Each count with its own noun's plural ("88 de culori" in Romanian). */
  /* TRANSLATORS: the first part of "more than 88 colours: Flow Free boards
   * take at most 88 pairs of dots" */
  g_autofree char *many = g_strdup_printf (g_dngettext (NULL, "more than %d colour",
                                                        "more than %d colours",
                                                        FLOW_MAX_COLOURS),
                                           FLOW_MAX_COLOURS);
  /* TRANSLATORS: the second part of the message above */
  g_autofree char *most = g_strdup_printf (g_dngettext (NULL, "at most %d pair of dots",
                                                        "at most %d pairs of dots",
                                                        FLOW_MAX_COLOURS),
                                           FLOW_MAX_COLOURS);

  /* TRANSLATORS: "more than 88 colours: Flow Free boards take at most 88
   * pairs of dots" */
  return g_strdup_printf (_("%s: Flow Free boards take %s"), many, most);
}

FlowState *
flow_parse_text (const char *text, gsize len, GError **error)
{
  return flow_parse_text_full (text, len, FALSE, error);
}

FlowState *
flow_parse_text_full (const char *text, gsize len, gboolean editing, GError **error)
{
  HbLineReader r;
  const char *line;
  gsize n;
  g_autoptr (GByteArray) cells = g_byte_array_new ();
  int width = -1, height = 0, first_line = 0;
  int header_w = -1, header_h = -1, header_line = 0;
  int index_of[128];
  /* Where each colour's first dot is (the error for a lone dot points
   * there) and its third (an extra dot is pointed at where it is). */
  int count[128] = { 0 }, first_at_line[128] = { 0 }, first_at_col[128] = { 0 };
  int third_at_line[128] = { 0 }, third_at_col[128] = { 0 };
  char names[FLOW_MAX_COLOURS + 1] = { 0 };
  int colours = 0;
  gboolean ended = FALSE;
  FlowState *s;

  if (!hb_check_text (text, len, error))
    return NULL;
  for (int i = 0; i < 128; i++)
    index_of[i] = -1;
  hb_line_reader_init (&r, text, len);
  while (hb_line_reader_next (&r, &line, &n))
    {
      const char *row = line;
      gsize rlen = n;
      gsize lead;
      guint base;
      guint8 *out;

      lead = hb_strip_slice (&row, &rlen);
      if (rlen == 0 || row[0] == '#')
        {
          if (height > 0 && rlen == 0)
            ended = TRUE;
          continue;
        }
      /* An optional first line "W H" (numberlink files): two numbers,
       * which no row can be (a row has no blanks). */
      if (height == 0 && header_w < 0
          && (g_ascii_isdigit (row[0]) || row[0] == '-' || row[0] == '+'))
        {
          g_autofree char *t = g_strndup (row, rlen);
          g_auto (GStrv) parts = g_strsplit_set (t, " \t", -1);
          int k = 0;
          char *nums[2] = { NULL, NULL };
          gboolean numbers = TRUE;

          for (int i = 0; parts[i] != NULL; i++)
            if (parts[i][0] != '\0')
              {
                const char *d = parts[i][0] == '-' || parts[i][0] == '+' ? parts[i] + 1 : parts[i];
                if (*d == '\0' || strspn (d, "0123456789") != strlen (d))
                  numbers = FALSE;
                if (k < 2)
                  nums[k] = parts[i];
                k++;
              }
          if (k == 2 && numbers)
            {
              guint64 a, b;
              gboolean wok = g_ascii_string_to_unsigned (nums[0], 10, 1, HB_MAX_SIDE, &a, NULL);
              gboolean hok = g_ascii_string_to_unsigned (nums[1], 10, 1, HB_MAX_SIDE, &b, NULL);

              if (!wok || !hok)
                {
                  hb_set_parse_error (error, HB_PARSE_ERROR_SIZE, r.line, (int) lead + 1,
                                      g_dngettext (NULL,
                                                   "the header's size %s %s is not a board: "
                                                   "each side takes 1 to %d cell",
                                                   "the header's size %s %s is not a board: "
                                                   "each side takes 1 to %d cells",
                                                   HB_MAX_SIDE),
                                      nums[0], nums[1], HB_MAX_SIDE);
                  return NULL;
                }
              if (!hb_check_board_size ((int) a, (int) b, r.line, (int) lead + 1, error))
                return NULL;
              header_w = (int) a;
              header_h = (int) b;
              header_line = r.line;
              continue;
            }
          /* Three numbers or more: no row (a row has no blanks), so a
           * size line with too many. */
          if (k > 2 && numbers)
            {
              hb_set_parse_error (error, HB_PARSE_ERROR_FORMAT, r.line, (int) lead + 1,
                                  g_dngettext (NULL,
                                               "a size line is two numbers, W H; this one has %d",
                                               "a size line is two numbers, W H; this one has %d",
                                               k),
                                  k);
              return NULL;
            }
          /* Two words or more, the first a number: a size line gone
           * wrong ("3 x" said "unknown character ' '": review); a row
           * has no blanks, so it could be nothing else. */
          if (k >= 2 && strspn (nums[0], "0123456789") == strlen (nums[0]))
            {
              /* (Escaped with the whole message by the registry.) */
              g_autofree char *cut = g_utf8_validate (t, -1, NULL) && g_utf8_strlen (t, -1) > 40
                                     ? g_utf8_substring (t, 0, 40) : NULL;
              g_autofree char *shown = cut != NULL ? g_strconcat (cut, "…", NULL) : g_strdup (t);

              hb_set_parse_error (error, HB_PARSE_ERROR_FORMAT, r.line, (int) lead + 1,
                                  /* TRANSLATORS: %s is the line as read, "3 x" */
                                  _("a size line is two numbers, W H; this one reads “%s”"),
                                  shown);
              return NULL;
            }
          /* Otherwise a row that starts with digit colours. */
        }
      if (ended)
        {
          hb_set_row_after_blank_error (error, r.line);
          return NULL;
        }
      /* A row past the header's count, said at that row (a second
       * numberlink board after the first said "unknown character ' '"
       * at its size line), as Flood-It says it. */
      if (header_h >= 0 && (int) height == header_h)
        {
          hb_set_parse_error (error, HB_PARSE_ERROR_SHAPE, r.line, (int) lead + 1,
                              g_dngettext (NULL, "more rows than the header's %d",
                                           "more rows than the header's %d", header_h),
                              header_h);
          return NULL;
        }
      /* The row's cells are written in place (a call per cell was a
       * fifth of reading a 1000x1000 board); at most one past the longest
       * row, where the size check stops. */
      base = cells->len;
      g_byte_array_set_size (cells, base + (guint) MIN (rlen, (gsize) HB_MAX_SIDE + 1));
      out = cells->data + base;
      for (gsize k = 0; k < rlen; k++)
        {
          char c = row[k];
          int col = (int) (lead + k) + 1;

          if (c == '.')
            out[k] = 0;
          else if (is_colour_char (c))
            {
              if (index_of[(int) c] < 0)
                {
                  if (colours >= FLOW_MAX_COLOURS)
                    {
                      g_autofree char *m = flow_too_many_colours_text ();

                      hb_set_parse_error (error, HB_PARSE_ERROR_SIZE, r.line, col, "%s", m);
                      return NULL;
                    }
                  index_of[(int) c] = colours;
                  names[colours] = c;
                  first_at_line[(int) c] = r.line;
                  first_at_col[(int) c] = col;
                  colours++;
                }
              if (++count[(int) c] == 3)
                {
                  third_at_line[(int) c] = r.line;
                  third_at_col[(int) c] = col;
                }
              out[k] = (guint8) (index_of[(int) c] + 1);
            }
          else
            {
              char shown[HB_CHAR_TEXT];
              hb_describe_char (row, rlen, k, shown);
              hb_set_parse_error (error, HB_PARSE_ERROR_SYNTAX, r.line, col,
                                  /* TRANSLATORS: %s is the character found */
                                  _("unknown character '%s' (an empty cell is '.', a dot "
                                    "any other printable ASCII character but space and '#')"),
                                  shown);
              return NULL;
            }
          if ((int) (k + 1) > HB_MAX_SIDE)
            {
              hb_set_row_too_long (error, r.line, col);
              return NULL;
            }
        }
      if (width < 0)
        {
          width = (int) rlen;
          first_line = r.line;
        }
      else if ((int) rlen != width)
        {
          /* Just past a short row's last cell, or at a long row's first
           * cell past the first row's width (a cell is a character). */
          hb_set_parse_error (error, HB_PARSE_ERROR_SHAPE, r.line,
                              (int) (lead + MIN (rlen, (gsize) width)) + 1,
                              g_dngettext (NULL,
                                           "this row has %d cell but the first row (line %d) "
                                           "has %d: the grid is ragged",
                                           "this row has %d cells but the first row (line %d) "
                                           "has %d: the grid is ragged",
                                           (int) rlen),
                              (int) rlen, first_line, width);
          return NULL;
        }
      height++;
      if (height > HB_MAX_SIDE)
        {
          hb_set_too_many_rows (error, r.line);
          return NULL;
        }
    }
  if (height == 0)
    {
      hb_set_parse_error (error, HB_PARSE_ERROR_SIZE, MAX (r.line, 1), 1,
                          _("the file holds no board (no rows of dots and '.')"));
      return NULL;
    }
  if (header_w >= 0 && (header_w != width || header_h != height))
    {
      hb_set_parse_error (error, HB_PARSE_ERROR_SHAPE, header_line, 1,
                          _("the header says %d×%d but the rows make a %d×%d board"),
                          header_w, header_h, width, height);
      return NULL;
    }

  if (colours == 0 && !editing)
    {
      hb_set_parse_error (error, HB_PARSE_ERROR_SHAPE, first_line, 1,
                          _("the board has no dots: a level needs at least one pair"));
      return NULL;
    }

  s = flow_state_new (width, height, colours);
  memcpy (s->names, names, (gsize) colours);
  for (int i = colours; i < FLOW_MAX_COLOURS; i++)
    s->names[i] = '\0';
  /* Fill the spare names with characters the level does not use, so a
   * colour added in the editor can be written. */
  {
    int next = colours;
    for (int k = 0; flow_default_names[k] != '\0' && next < FLOW_MAX_COLOURS; k++)
      if (index_of[(int) flow_default_names[k]] < 0)
        s->names[next++] = flow_default_names[k];
  }
  /* Every colour has exactly two dots; the error is at the first place in
   * the file where one is wrong (a third dot, or a lone one). A level
   * marked as still being drawn keeps any count: one dot, or three, as a
   * screenshot can be read, so that what the app saves reads back. */
  {
    int bad = -1, bad_line = 0, bad_col = 0;

    for (int c = 0; c < 128; c++)
      if (count[c] != 0 && count[c] != 2 && !editing)
        {
          gboolean extra = count[c] > 2;
          int at_line = extra ? third_at_line[c] : first_at_line[c];
          int at_col = extra ? third_at_col[c] : first_at_col[c];

          if (bad < 0 || at_line < bad_line || (at_line == bad_line && at_col < bad_col))
            bad = c, bad_line = at_line, bad_col = at_col;
        }
    if (bad >= 0)
      {
        /* Every cell coloured: a solution (what `solve` prints), not a
         * level. */
        gboolean full = memchr (cells->data, 0, (gsize) width * height) == NULL;
        g_autofree char *what
          = g_strdup_printf (g_dngettext (NULL,
                                          "colour '%c' has %d dot: every colour needs exactly two",
                                          "colour '%c' has %d dots: every colour needs exactly two",
                                          count[bad]),
                             bad, count[bad]);

        if (full && count[bad] > 2)
          hb_set_parse_error (error, HB_PARSE_ERROR_SHAPE, bad_line, bad_col,
                              _("%s (every cell is coloured: this looks like a solution, "
                                "and a level holds only its dots)"),
                              what);
        else
          hb_set_parse_error (error, HB_PARSE_ERROR_SHAPE, bad_line, bad_col, "%s", what);
        flow_state_free (s);
        return NULL;
      }
  }
  memcpy (s->dot, cells->data, (gsize) width * height);
  memcpy (s->colour, cells->data, (gsize) width * height);
  return s;
}

char *
flow_write_text (const FlowState *s, gboolean solution)
{
  int w = s->base.width, h = s->base.height;
  GString *out = g_string_sized_new ((gsize) (w + 1) * h + 16);
  int first = solution ? s->colour[0] : s->dot[0];
  char c0 = first ? s->names[first - 1] : '.';

  /* A grid that starts with '[' or '{' could be taken for JSON when read
   * back ("[\n[" is how the write-up's JSON starts): the optional size
   * line goes first then (a fuzzer found a 1x2 level of '[' that did not
   * read back). */
  if (c0 == '[' || c0 == '{')
    g_string_append_printf (out, "%d %d\n", w, h);
  for (int y = 0; y < h; y++)
    {
      for (int x = 0; x < w; x++)
        {
          gsize i = (gsize) y * w + x;
          int v = solution ? s->colour[i] : s->dot[i];
          g_string_append_c (out, v ? s->names[v - 1] : '.');
        }
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

/* ---- Trace frames ------------------------------------------------------ */

FlowFrame *
flow_frame_new (const FlowState *level)
{
  FlowFrame *f = g_new0 (FlowFrame, 1);

  f->board = flow_state_copy (level);
  f->marks = g_malloc0 ((gsize) level->base.width * level->base.height);
  f->hx = f->hy = -1;
  return f;
}

FlowFrame *
flow_frame_copy (const FlowFrame *f)
{
  FlowFrame *c = g_memdup2 (f, sizeof *f);
  gsize n = (gsize) f->board->base.width * f->board->base.height;

  c->board = flow_state_copy (f->board);
  c->marks = g_memdup2 (f->marks, n);
  c->known = f->known != NULL ? g_memdup2 (f->known, n) : NULL;
  return c;
}

void
flow_frame_free (FlowFrame *f)
{
  if (f == NULL)
    return;
  flow_state_free (f->board);
  g_free (f->marks);
  g_free (f->known);
  g_free (f);
}

void
flow_frame_set_board (FlowFrame *f, const guint8 *colour, const guint8 *links,
                      const guint8 *marks)
{
  FlowState *b = f->board;
  gsize n = (gsize) b->base.width * b->base.height;

  for (gsize i = 0; i < n; i++)
    {
      /* A dot's cell always holds its own colour, whatever the blob says. */
      b->colour[i] = b->dot[i] ? b->dot[i] : colour[i];
      b->links[i] = links[i];
    }
  if (marks != NULL)
    memcpy (f->marks, marks, n);
  else
    memset (f->marks, 0, n);
}

void
flow_frame_set_known (FlowFrame *f, const guint8 *known)
{
  gsize n = (gsize) f->board->base.width * f->board->base.height;

  if (known == NULL)
    g_clear_pointer (&f->known, g_free);
  else if (f->known == NULL)
    f->known = g_memdup2 (known, n);
  else
    memcpy (f->known, known, n);
}

void
flow_trace_board (HbTrace *trace, HbStepKind kind, const FlowState *level,
                  const guint8 *colour, const guint8 *links, const guint8 *marks,
                  gint64 counter, const float *f)
{
  flow_trace_board_marked (trace, kind, level, colour, links, marks, counter, f,
                           FLOW_MARKS_UNSAID);
}

void
flow_trace_board_marked (HbTrace *trace, HbStepKind kind, const FlowState *level,
                         const guint8 *colour, const guint8 *links, const guint8 *marks,
                         gint64 counter, const float *f, FlowMarksMeaning meaning)
{
  gsize n = (gsize) level->base.width * level->base.height;
  g_autofree guint8 *blob = NULL;
  HbStep step = { 0 };

  if (!hb_trace_wants (trace))
    return;
  blob = g_malloc (n * (marks != NULL ? 3 : 2));
  memcpy (blob, colour, n);
  memcpy (blob + n, links, n);
  if (marks != NULL)
    memcpy (blob + 2 * n, marks, n);
  step.kind = (guint8) kind;
  step.x = step.y = -1;
  step.aux = (int) meaning;
  step.counter = counter;
  if (f != NULL)
    memcpy (step.f, f, sizeof step.f);
  hb_trace_push (trace, &step, blob, n * (marks != NULL ? 3 : 2));
}

void
flow_publish_board (HbTrace *trace, const FlowState *level, const guint8 *colour,
                    const guint8 *links, const guint8 *marks)
{
  FlowFrame *f;

  if (trace == NULL || !hb_trace_snapshot_due (trace))
    return;
  f = flow_frame_new (level);
  flow_frame_set_board (f, colour, links, marks);
  hb_trace_publish (trace, f, (GDestroyNotify) flow_frame_free);
}

gboolean
flow_result_wrong (const HbResult *r)
{
  return r->status == HB_STATUS_SOLVED
         && (r->solved == NULL || !flow_is_solved (FLOW_CONST (r->solved)));
}

/* The level is unfinished rather than unsolvable: the words say what to
 * do, naming the colour as the palette does. */
HbResult *
flow_result_bad_dots (const FlowState *level, int c, int ndots)
{
  HbResult *r = hb_result_new (HB_STATUS_NO_SOLUTION);
  g_autofree char *name = flow_colour_title (level, c);

  if (ndots <= 0)
    /* TRANSLATORS: %s is a colour's name ("Red", or "Colour ‘x’") */
    hb_result_set_message (r, _("%s has no dots: place its two dots to finish the level"),
                           name);
  else if (ndots == 1)
    /* TRANSLATORS: %s is a colour's name ("Red", or "Colour ‘x’") */
    hb_result_set_message (r, _("%s has one dot: place its second dot to finish the level"),
                           name);
  else
    /* TRANSLATORS: %s is a colour's name ("Red", or "Colour ‘x’"), %d
     * its number of dots, always more than two */
    hb_result_set_message (r, g_dngettext (NULL,
                                           "%s has %d dot: remove all but two to finish the level",
                                           "%s has %d dots: remove all but two to finish the level",
                                           ndots),
                           name, ndots);
  return r;
}

HbResult *
flow_result_check_dots (const FlowState *level)
{
  gsize n = (gsize) level->base.width * level->base.height;
  g_autofree int *count = g_new0 (int, MAX (level->colours, 1));

  /* Counted in full, not up to 3 as flow_all_endpoints does: the words
   * give the number. */
  for (gsize i = 0; i < n; i++)
    if (level->dot[i] != 0 && level->dot[i] <= level->colours)
      count[level->dot[i] - 1]++;
  for (int c = 0; c < level->colours; c++)
    if (count[c] != 2)
      return flow_result_bad_dots (level, c, count[c]);
  return NULL;
}

HbResult *
flow_search_result (const FlowState *level, HbTrace *trace, gboolean found, gboolean stopped,
                    HbStopReason stop, guint64 calls, gboolean default_limit,
                    const guint8 *colour, const guint8 *links, const char *advice,
                    const char *none)
{
  HbResult *r;

  if (found)
    {
      r = hb_result_new (HB_STATUS_SOLVED);
      flow_trace_board (trace, HB_STEP_SOLUTION, level, colour, links, NULL, (gint64) calls, NULL);
      flow_result_set_solution (r, level, colour, links);
    }
  else if (stopped)
    {
      r = hb_result_new (HB_STATUS_GAVE_UP);
      if (stop == HB_STOP_NODE_LIMIT && default_limit)
        stop = HB_STOP_OWN_NODE_LIMIT;
      /* As the counter and the stat name them ("Search steps"). */
      hb_result_stop (r, stop, calls, "%s search step", "%s search steps");
      if (stop == HB_STOP_OWN_NODE_LIMIT)
        {
          g_autofree char *msg = g_strdup (r->message);
          hb_result_set_message (r, "%s: %s", msg, advice);
        }
    }
  else
    {
      r = hb_result_new (HB_STATUS_NO_SOLUTION);
      hb_result_set_message (r, "%s", none);
    }
  return r;
}

void
flow_trace_step (HbTrace *trace, int w, HbStepKind kind, int cell, int dir, int colour,
                 int depth, gint64 counter)
{
  HbStep step = { 0 };

  if (!hb_trace_wants (trace))
    return;
  step.kind = (guint8) kind;
  step.x = cell % w;
  step.y = cell / w;
  step.aux = (guint16) (dir < 0 ? 0 : dir);
  step.value = colour;
  step.depth = depth;
  step.counter = counter;
  hb_trace_push (trace, &step, NULL, 0);
}
