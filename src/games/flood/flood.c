/* flood.c: the Flood-It state, its rules and text formats, hints, and the
 * game vtable. */
#include "flood.h"
#include "hb-grid-state.h"
#include "hb-stat-label.h"

#include <glib/gi18n.h>
#include <string.h>

/* ---- State --------------------------------------------------------------- */

static const HbGridShape flood_shape = {
  &flood_game, sizeof (FloodState), 1, { G_STRUCT_OFFSET (FloodState, cells) },
};

FloodState *
flood_state_new (int width, int height, int colours)
{
  FloodState *s = FLOOD (hb_grid_state_new (&flood_shape, width, height));

  s->colours = CLAMP (colours, 1, FLOOD_MAX_COLOURS);
  return s;
}

static HbState *
flood_new_blank (int width, int height)
{
  if (width < 1 || height < 1 || width > HB_MAX_SIDE || height > HB_MAX_SIDE)
    return NULL;
  return &flood_state_new (width, height, FLOOD_DEFAULT_COLOURS)->base;
}

static HbState *
flood_copy (const HbState *state)
{
  return hb_grid_state_copy (&flood_shape, state);
}

static void
flood_free (HbState *state)
{
  hb_grid_state_free (&flood_shape, state);
}

static gboolean
flood_equal (const HbState *a, const HbState *b)
{
  return hb_grid_state_equal (&flood_shape, a, b);
}

/* ---- Rules --------------------------------------------------------------- */

int
flood_region_mask (const guint8 *cells, int width, int height, guint8 *mask)
{
  return flood_region_walk (cells, width, height, mask, 0, NULL);
}

int
flood_region_walk (const guint8 *cells, int width, int height, guint8 *mask, int limit,
                   HbCellRect *bounds)
{
  int n = width * height, head = 0, tail = 0;
  int *queue = g_new (int, n);
  guint8 c = cells[0];

  memset (mask, 0, n);
  mask[0] = 1;
  queue[tail++] = 0;
  while (head < tail)
    {
      int p = queue[head++], x = p % width, y = p / width;
      if (limit > 0 && tail > limit)
        {
          g_free (queue);
          return -1;
        }
      if (bounds != NULL)
        hb_cell_rect_add (bounds, x, y, x + 1, y + 1);
      for (int d = 0; d < 4; d++)
        {
          int nx = x + hb_dir_dx[d], ny = y + hb_dir_dy[d], q;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height)
            continue;
          q = ny * width + nx;
          if (!mask[q] && cells[q] == c)
            {
              mask[q] = 1;
              queue[tail++] = q;
            }
        }
    }
  g_free (queue);
  return tail;
}

int
flood_fill (guint8 *cells, int width, int height, int c)
{
  int n = width * height, count;
  guint8 *mask = g_new (guint8, n);

  flood_region_mask (cells, width, height, mask);
  for (int i = 0; i < n; i++)
    if (mask[i])
      cells[i] = c;
  count = flood_region_mask (cells, width, height, mask);
  g_free (mask);
  return count;
}

gboolean
flood_cells_solved (const guint8 *cells, int n)
{
  for (int i = 1; i < n; i++)
    if (cells[i] != cells[0])
      return FALSE;
  return TRUE;
}

static gboolean
flood_is_solved (const HbState *state)
{
  return flood_cells_solved (FLOOD_CONST (state)->cells,
                             state->width * state->height);
}

/* Boards up to this many cells get the depth-3 lookahead for their move
 * limit; up to the second bound depth 1; larger ones no limit (the
 * lookahead is quadratic in the board and would stall the generator). */
#define FLOOD_LIMIT_DEEP_CELLS  4096
#define FLOOD_LIMIT_CELLS       65536

static int
flood_auto_limit (const FloodState *s)
{
  int n = s->base.width * s->base.height, depth;
  GByteArray *moves;
  int limit;

  if (n > FLOOD_LIMIT_CELLS)
    return 0;
  depth = n <= FLOOD_LIMIT_DEEP_CELLS ? 3 : 1;
  moves = g_byte_array_new ();
  flood_greedy_moves (s->cells, s->base.width, s->base.height, s->colours,
                      depth, 0, NULL, moves);
  limit = moves->len + FLOOD_LENIENCY;
  g_byte_array_unref (moves);
  return MIN (limit, FLOOD_MAX_MOVE_LIMIT);
}

static HbState *
flood_apply (const HbState *state, const HbMove *m)
{
  const FloodState *s = FLOOD_CONST (state);
  int w = state->width, h = state->height, n = w * h;
  FloodState *r;

  switch ((FloodOp) m->op)
    {
    case FLOOD_OP_FLOOD:
      /* As in Tatham's game, a finished board takes no more moves. */
      if (m->value < 0 || m->value >= s->colours || m->value == s->cells[0]
          || flood_cells_solved (s->cells, n))
        return NULL;
      r = FLOOD (flood_copy (state));
      flood_fill (r->cells, w, h, m->value);
      r->moves++;
      return &r->base;

    case FLOOD_OP_PAINT:
      /* The colour after the level's last is a new one (Edit's palette
       * offers it): painting with it adds it to the level. */
      if (m->x < 0 || m->y < 0 || m->x >= w || m->y >= h
          || m->value < 0 || m->value > s->colours || m->value >= FLOOD_MAX_COLOURS
          || s->cells[m->y * w + m->x] == m->value)
        return NULL;
      r = FLOOD (flood_copy (state));
      r->cells[m->y * w + m->x] = m->value;
      r->colours = MAX (s->colours, m->value + 1);
      r->moves = 0;
      return &r->base;

    case FLOOD_OP_FILL:
      if (m->value < 0 || m->value >= s->colours)
        return NULL;
      r = FLOOD (flood_copy (state));
      memset (r->cells, m->value, n);
      r->moves = 0;
      return flood_equal (&r->base, state) ? (flood_free (&r->base), NULL) : &r->base;

    case FLOOD_OP_SET_COLOURS:
      if (m->value < 1 || m->value > FLOOD_MAX_COLOURS || m->value == s->colours)
        return NULL;
      r = FLOOD (flood_copy (state));
      r->colours = m->value;
      for (int i = 0; i < n; i++)
        r->cells[i] %= m->value;
      r->moves = 0;
      return &r->base;

    case FLOOD_OP_SET_LIMIT:
      if (m->value < -1 || m->value > FLOOD_MAX_MOVE_LIMIT)
        return NULL;
      r = FLOOD (flood_copy (state));
      r->move_limit = m->value == -1 ? flood_auto_limit (s) : m->value;
      if (r->move_limit == s->move_limit)
        {
          flood_free (&r->base);
          return NULL;
        }
      return &r->base;

    default:
      return NULL;
    }
}

/* ---- Generating and resizing ---------------------------------------------- */

static HbState *
flood_generate (const HbGenerateParams *p, GError **error)
{
  int w = p->width > 0 ? p->width : flood_game.default_width;
  int h = p->height > 0 ? p->height : flood_game.default_height;
  int colours = p->colours > 0 ? p->colours : FLOOD_DEFAULT_COLOURS;
  FloodState *s;
  HbRng rng;

  if (!hb_check_board_size (w, h, 0, 0, error))
    return NULL;
  if (colours < 2 || colours > FLOOD_MAX_COLOURS)
    {
      hb_set_parse_error (error, HB_PARSE_ERROR_UNSUPPORTED, 0, 0,
                          g_dngettext (NULL, "Flood-It boards have 2 to %d colour, not %d",
                                       "Flood-It boards have 2 to %d colours, not %d",
                                       FLOOD_MAX_COLOURS),
                          FLOOD_MAX_COLOURS, colours);
      return NULL;
    }
  s = flood_state_new (w, h, colours);
  hb_rng_init (&rng, p->seed);
  for (int i = 0; i < w * h; i++)
    s->cells[i] = hb_rng_below (&rng, colours);
  s->move_limit = flood_auto_limit (s);
  return &s->base;
}

static HbState *
flood_resize (const HbState *state, int width, int height, int dx, int dy)
{
  const FloodState *s = FLOOD_CONST (state);
  FloodState *r;

  if (width < 1 || height < 1 || width > HB_MAX_SIDE || height > HB_MAX_SIDE)
    return NULL;
  /* New cells take the first colour. */
  r = flood_state_new (width, height, s->colours);
  hb_grid_move_bytes (r->cells, width, height, s->cells, state->width, state->height, dx, dy);
  r->move_limit = s->move_limit;
  return &r->base;
}

/* HbGame.describe_cut: every cell has a colour, so every cell cut off is
 * lost. */
static char *
flood_describe_cut (const HbState *state, const HbState *resized, int dx, int dy)
{
  guint64 n = hb_resize_cut_count (state, resized, dx, dy, NULL);
  g_autofree char *count = hb_format_count ((gint64) n);

  if (n == 0)
    return NULL;
  /* TRANSLATORS: what a row removed or a smaller board cut off, after
   * "held": "The column removed held 12 cells" */
  return g_strdup_printf (g_dngettext (NULL, "%s cell", "%s cells", n), count);
}

/* ---- Parsing ---------------------------------------------------------------- */

G_STATIC_ASSERT (FLOOD_MAX_MOVE_LIMIT <= (G_MAXINT - 9) / 10);

/* Reads a decimal number of at most `max` at *p (column *col), for sizes,
 * move limits and counts. `what` names it in messages, already translated
 * ("the board width"). The value is checked digit by digit, so it cannot
 * overflow (max * 10 + 9 fits an int for every max used here). */
static gboolean
read_number (const char **p, const char *end, int line, int *col, int *out,
             int max, const char *what, GError **error)
{
  int v = 0, digits = 0;

  while (*p < end && g_ascii_isdigit (**p))
    {
      v = v * 10 + (**p - '0');
      if (v > max)
        {
          hb_set_parse_error (error, HB_PARSE_ERROR_SIZE, line, *col,
                              /* TRANSLATORS: %s is what the number is: "the
                               * board width", "the move limit"; %d the
                               * largest it may be */
                              _("%s is too large; the most is %d"), what, max);
          return FALSE;
        }
      (*p)++;
      digits++;
    }
  if (digits == 0)
    {
      if (*p < end)
        {
          char found[HB_CHAR_TEXT];
          hb_describe_char (*p, (gsize) (end - *p), 0, found);
          hb_set_parse_error (error, HB_PARSE_ERROR_SYNTAX, line, *col,
                              /* TRANSLATORS: the first %s is what the number
                               * is: "the board width", "the move limit"; the
                               * second the character found instead */
                              _("expected %s (a number), found %s"), what, found);
        }
      else
        hb_set_parse_error (error, HB_PARSE_ERROR_SYNTAX, line, *col,
                            /* TRANSLATORS: %s is what the number is: "the
                             * board width", "the move limit" */
                            _("expected %s (a number) at the end of the line"), what);
      return FALSE;
    }
  *col += digits;
  *out = v;
  return TRUE;
}

static void
skip_blanks (const char **p, const char *end, int *col)
{
  while (*p < end && (**p == ' ' || **p == '\t'))
    {
      (*p)++;
      (*col)++;
    }
}

static gboolean
expect_word (const char **p, const char *end, int line, int *col,
             const char *word, GError **error)
{
  gsize n = strlen (word);

  if ((gsize) (end - *p) < n || memcmp (*p, word, n) != 0)
    {
      hb_set_parse_error (error, HB_PARSE_ERROR_SYNTAX, line, *col,
                          _("expected “%s” in the header “W by H -> M”"), word);
      return FALSE;
    }
  *p += n;
  *col += n;
  return TRUE;
}

static gboolean
is_comment (const char *s, gsize n)
{
  return n > 0 && s[0] == '#';
}

/* What the comments before a board record (the writer puts them there). */
typedef struct {
  int moves;            /* "# moves: N": moves played so far; 0 if absent */
  int colours;          /* "# colours: C": the palette size; 0 if absent */
  int colours_line;     /* where C is, for errors */
  int colours_col;
} FloodComments;

/* "# moves: N" records moves played so far. */
static void
read_moves_comment (const char *s, gsize n, int *moves)
{
  const char *key = "# moves:";
  gsize k = strlen (key);

  if (n > k && memcmp (s, key, k) == 0)
    {
      g_autofree char *rest = g_strndup (s + k, n - k);
      gint64 v = g_ascii_strtoll (rest, NULL, 10);
      if (v > 0 && v < G_MAXINT / 2)
        *moves = v;
    }
}

/* "# colours: C" records a palette size larger than the highest colour
 * the board uses plus one (the board alone cannot say it). Unlike the
 * moves comment it is checked: it changes the level, so a wrong one is
 * an error rather than silently dropped. FALSE with error set when the
 * comment is ours but its number is bad. */
static gboolean
read_colours_comment (const char *s, gsize n, int line, int col0,
                      FloodComments *c, GError **error)
{
  const char *key = "# colours:";
  gsize k = strlen (key);
  const char *p, *end = s + n;
  int col, v;

  if (n < k || memcmp (s, key, k) != 0)
    return TRUE;
  p = s + k;
  col = col0 + (int) k;
  skip_blanks (&p, end, &col);
  c->colours_line = line;
  c->colours_col = col;
  if (!read_number (&p, end, line, &col, &v, FLOOD_MAX_COLOURS,
                    _("the number of colours"), error))
    return FALSE;
  skip_blanks (&p, end, &col);
  if (p < end)
    {
      hb_set_parse_error (error, HB_PARSE_ERROR_SYNTAX, line, col,
                          _("unexpected text after the number of colours"));
      return FALSE;
    }
  if (v < 1)   /* read_number refused more than FLOOD_MAX_COLOURS */
    {
      hb_set_parse_error (error, HB_PARSE_ERROR_UNSUPPORTED, line, c->colours_col,
                          g_dngettext (NULL, "%d colour: only 1 to %d are supported",
                                       "%d colours: only 1 to %d are supported",
                                       (gulong) MAX (v, 0)),
                          v, FLOOD_MAX_COLOURS);
      return FALSE;
    }
  c->colours = v;
  return TRUE;
}

/* Sets st's palette size once its cells are read: the ID's cN if any (0
 * if none), else the comment's, else the highest colour used plus one. */
static gboolean
settle_colours (FloodState *st, int maxc, int id_colours,
                const FloodComments *c, GError **error)
{
  if (c->colours != 0 && id_colours != 0 && c->colours != id_colours)
    {
      hb_set_parse_error (error, HB_PARSE_ERROR_SHAPE, c->colours_line, c->colours_col,
                          g_dngettext (NULL, "the comment says %d colour but the ID says %d",
                                       "the comment says %d colours but the ID says %d",
                                       c->colours),
                          c->colours, id_colours);
      return FALSE;
    }
  if (c->colours != 0 && maxc >= c->colours)
    {
      hb_set_parse_error (error, HB_PARSE_ERROR_SHAPE, c->colours_line, c->colours_col,
                          g_dngettext (NULL,
                                       "the board uses colour %d but the comment says %d colour",
                                       "the board uses colour %d but the comment says %d colours",
                                       c->colours),
                          maxc, c->colours);
      return FALSE;
    }
  st->colours = id_colours != 0 ? id_colours : c->colours != 0 ? c->colours : maxc + 1;
  return TRUE;
}

static gboolean
line_is_dump_header (const char *s, gsize n)
{
  return g_strstr_len (s, n, " by ") != NULL || g_strstr_len (s, n, "->") != NULL;
}

/* Reads the colour digit at p (column col). */
static gboolean
read_colour (const char *p, const char *end, int line, int col, int *out,
             GError **error)
{
  char ch = *p, found[HB_CHAR_TEXT];

  if (ch >= '0' && ch <= '9')
    {
      *out = ch - '0';
      return TRUE;
    }
  if ((ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z'))
    {
      hb_set_parse_error (error, HB_PARSE_ERROR_UNSUPPORTED, line, col,
                          g_dngettext (NULL, "colour '%c': only %d colour (0 to 9) is supported",
                                       "colour '%c': only %d colours (0 to 9) are supported",
                                       FLOOD_MAX_COLOURS),
                          ch, FLOOD_MAX_COLOURS);
      return FALSE;
    }
  hb_describe_char (p, (gsize) (end - p), 0, found);
  hb_set_parse_error (error, HB_PARSE_ERROR_SYNTAX, line, col,
                      /* TRANSLATORS: %s is the character found */
                      _("'%s' is not a colour digit (0 to 9)"), found);
  return FALSE;
}

/* After the board: only blank lines, comments, or another board. `rows`
 * is the header's row count (0: an ID, which has none), to name a row
 * of digits past them as one more than the header says. */
static gboolean
check_trailer (HbLineReader *r, int rows, GError **error)
{
  const char *s;
  gsize n;

  while (hb_line_reader_next (r, &s, &n))
    {
      gsize lead = hb_strip_slice (&s, &n);
      if (n == 0 || is_comment (s, n))
        continue;
      /* The next board of a write-up file (its dumps follow one another):
       * the first is read. A line must look like a header to count ("hello
       * by world" did). */
      if (g_ascii_isdigit (s[0]) && g_strstr_len (s, n, " by ") != NULL
          && g_strstr_len (s, n, "->") != NULL)
        return TRUE;
      gsize digits = 0;

      /* The line is a slice of the text, not a string: counted by hand. */
      while (digits < n && g_ascii_isdigit (s[digits]))
        digits++;
      if (rows > 0 && digits == n)
        hb_set_parse_error (error, HB_PARSE_ERROR_SHAPE, r->line, lead + 1,
                            g_dngettext (NULL, "more rows than the header's %d",
                                         "more rows than the header's %d", rows),
                            rows);
      else
        hb_set_parse_error (error, HB_PARSE_ERROR_SHAPE, r->line, lead + 1,
                            _("unexpected text after the board"));
      return FALSE;
    }
  return TRUE;
}

static FloodState *
parse_dump (HbLineReader *r, const char *s, gsize n, int col0,
            const FloodComments *comments, GError **error)
{
  const char *p = s, *end = s + n;
  int line = r->line, col = col0, w, h, limit, maxc = 0, row = 0;
  gboolean gap = FALSE;         /* a blank line since the first row */
  FloodState *st;

  if (!read_number (&p, end, line, &col, &w, HB_MAX_SIDE, _("the board width"),
                    error))
    return NULL;
  skip_blanks (&p, end, &col);
  if (!expect_word (&p, end, line, &col, "by", error))
    return NULL;
  skip_blanks (&p, end, &col);
  if (!read_number (&p, end, line, &col, &h, HB_MAX_SIDE, _("the board height"),
                    error))
    return NULL;
  skip_blanks (&p, end, &col);
  if (!expect_word (&p, end, line, &col, "->", error))
    return NULL;
  skip_blanks (&p, end, &col);
  if (!read_number (&p, end, line, &col, &limit, FLOOD_MAX_MOVE_LIMIT,
                    _("the move limit"), error))
    return NULL;
  skip_blanks (&p, end, &col);
  if (p < end)
    {
      hb_set_parse_error (error, HB_PARSE_ERROR_SYNTAX, line, col,
                          _("unexpected text after the header “W by H -> M”"));
      return NULL;
    }
  if (!hb_check_board_size (w, h, line, col0, error))
    return NULL;

  st = flood_state_new (w, h, FLOOD_MAX_COLOURS);
  st->move_limit = limit;
  st->moves = comments->moves;
  while (row < h)
    {
      const char *ls;
      gsize ln, lead;

      if (!hb_line_reader_next (r, &ls, &ln))
        {
          hb_set_parse_error (error, HB_PARSE_ERROR_SHAPE, r->line + 1, 1,
                              g_dngettext (NULL, "the board ends after %d of its %d row",
                                           "the board ends after %d of its %d rows", h),
                              row, h);
          goto fail;
        }
      lead = hb_strip_slice (&ls, &ln);
      /* A blank line may come before the rows, not among them (as the
       * other games say it): a board cut in two is most likely two
       * boards' rows or a row lost, not one board. */
      if (ln == 0)
        {
          gap = row > 0;
          continue;
        }
      if (is_comment (ls, ln))
        continue;
      if (gap)
        {
          hb_set_row_after_blank_error (error, r->line);
          goto fail;
        }
      /* Every character of the row is checked before its length, so a
       * bad one is reported first and the length is then in characters
       * (digits are one byte each). Likewise the bytes before the one
       * read_colour refuses are digits: its column in bytes is its column
       * in characters. */
      for (gsize i = 0; i < ln; i++)
        {
          int c;
          if (!read_colour (ls + i, ls + ln, r->line, lead + i + 1, &c, error))
            goto fail;
          if ((int) i < w)
            {
              st->cells[(gsize) row * w + i] = c;
              maxc = MAX (maxc, c);
            }
        }
      if ((int) ln != w)
        {
          hb_set_parse_error (error, HB_PARSE_ERROR_SHAPE, r->line,
                              lead + MIN ((int) ln, w) + 1,
                              g_dngettext (NULL, "row %d has %d cell; the header says %d",
                                           "row %d has %d cells; the header says %d",
                                           (gulong) ln),
                              row + 1, (int) ln, w);
          goto fail;
        }
      row++;
    }
  if (!check_trailer (r, h, error))
    goto fail;
  if (!settle_colours (st, maxc, 0, comments, error))
    goto fail;
  return st;

fail:
  flood_free (&st->base);
  return NULL;
}

static FloodState *
parse_tatham (HbLineReader *r, const char *s, gsize n, int col0,
              const FloodComments *comments, GError **error)
{
  const char *p = s, *end = s + n;
  int line = r->line, col = col0, w, h, leniency, limit, maxc = 0;
  int colours = -1;   /* the cN parameter; -1 when the ID has none */
  gsize cells, i;
  FloodState *st;

  if (!read_number (&p, end, line, &col, &w, HB_MAX_SIDE, _("the board width"),
                    error))
    return NULL;
  if (p >= end || *p != 'x')
    {
      hb_set_parse_error (error, HB_PARSE_ERROR_SYNTAX, line, col,
                          _("expected “x” in the Tatham Flood ID “WxH:colours,limit”"));
      return NULL;
    }
  p++, col++;
  if (!read_number (&p, end, line, &col, &h, HB_MAX_SIDE, _("the board height"),
                    error))
    return NULL;
  /* Full parameters: c<colours> and m<leniency>. */
  while (p < end && (*p == 'c' || *p == 'm'))
    {
      char k = *p;
      int v;
      p++, col++;
      if (!read_number (&p, end, line, &col, &v,
                        k == 'c' ? FLOOD_MAX_COLOURS : FLOOD_MAX_MOVE_LIMIT,
                        k == 'c' ? _("the number of colours") : _("the leniency"),
                        error))
        return NULL;
      if (k == 'c')
        colours = v;
      else
        leniency = v;
    }
  (void) leniency;
  if (p >= end || *p != ':')
    {
      hb_set_parse_error (error, HB_PARSE_ERROR_SYNTAX, line, col,
                          _("expected ':' after the size in the Tatham Flood ID"));
      return NULL;
    }
  p++, col++;
  if (!hb_check_board_size (w, h, line, col0, error))
    return NULL;
  if (colours == 0)
    {
      hb_set_parse_error (error, HB_PARSE_ERROR_UNSUPPORTED, line, col0,
                          g_dngettext (NULL, "%d colour: only 1 to %d are supported",
                                       "%d colours: only 1 to %d are supported",
                                       (gulong) MAX (colours, 0)),
                          colours, FLOOD_MAX_COLOURS);
      return NULL;
    }
  cells = (gsize) w * h;
  /* As in parse_dump's rows: every character before the ',' must be a
   * colour digit, checked before the count (which is then in characters),
   * and only digits come before the one refused (so its column in bytes
   * is its column in characters). */
  for (i = 0; p + i < end && p[i] != ','; i++)
    if (!g_ascii_isdigit (p[i]))
      {
        int c;
        read_colour (p + i, end, line, col + i, &c, error);
        return NULL;
      }
  if (i != cells)
    {
      g_autofree char *ncells = g_strdup_printf ("%" G_GSIZE_FORMAT, cells);
      g_autofree char *ngiven = g_strdup_printf ("%" G_GSIZE_FORMAT, i);

      /* Each count with its own plural (the cells' alone said "the ID has
       * 1 colour digits", and Romanian "27 cifre" for "27 de cifre"). */
      /* TRANSLATORS: the first part of "a 4×4 board has 16 cells; the ID
       * has 15 colour digits" */
      g_autofree char *board = g_strdup_printf (g_dngettext (NULL, "a %d×%d board has %s cell",
                                                             "a %d×%d board has %s cells",
                                                             (gulong) MIN (cells, G_MAXULONG)),
                                                w, h, ncells);
      /* TRANSLATORS: the second part of "a 4×4 board has 16 cells; the
       * ID has 15 colour digits" */
      g_autofree char *given = g_strdup_printf (g_dngettext (NULL, "the ID has %s colour digit",
                                                             "the ID has %s colour digits",
                                                             (gulong) MIN (i, G_MAXULONG)),
                                                ngiven);

      /* TRANSLATORS: two parts of a message: "a 4×4 board has 16 cells; the
       * ID has 15 colour digits" */
      hb_set_parse_error (error, HB_PARSE_ERROR_SHAPE, line, col + MIN (i, cells),
                          _("%s; %s"), board, given);
      return NULL;
    }
  st = flood_state_new (w, h, FLOOD_MAX_COLOURS);
  st->moves = comments->moves;
  for (i = 0; i < cells; i++)
    {
      st->cells[i] = p[i] - '0';
      maxc = MAX (maxc, st->cells[i]);
    }
  p += cells;
  col += cells;
  if (p >= end)
    {
      hb_set_parse_error (error, HB_PARSE_ERROR_SYNTAX, line, col,
                          _("expected ',' and the move limit after the colours"));
      goto fail;
    }
  p++, col++;
  if (!read_number (&p, end, line, &col, &limit, FLOOD_MAX_MOVE_LIMIT,
                    _("the move limit"), error))
    goto fail;
  if (p < end)
    {
      hb_set_parse_error (error, HB_PARSE_ERROR_SYNTAX, line, col,
                          _("unexpected text after the move limit"));
      goto fail;
    }
  if (colours > 0 && maxc >= colours)
    {
      hb_set_parse_error (error, HB_PARSE_ERROR_SHAPE, line, col0,
                          g_dngettext (NULL, "the board uses colour %d but the ID says %d colour",
                                       "the board uses colour %d but the ID says %d colours",
                                       colours),
                          maxc, colours);
      goto fail;
    }
  if (!check_trailer (r, 0, error))
    goto fail;
  if (!settle_colours (st, maxc, MAX (colours, 0), comments, error))
    goto fail;
  st->move_limit = limit;
  return st;

fail:
  flood_free (&st->base);
  return NULL;
}

/* The dumps after the first in a write-up file: lines that look like the
 * header a next board begins with (as parse_dump stops at one). */
static guint
flood_more_levels (const char *text, gsize len)
{
  HbLineReader r;
  const char *s;
  gsize n;
  guint headers = 0;

  hb_line_reader_init (&r, text, len);
  while (hb_line_reader_next (&r, &s, &n))
    {
      hb_strip_slice (&s, &n);
      if (n > 0 && !is_comment (s, n) && g_ascii_isdigit (s[0])
          && g_strstr_len (s, n, " by ") != NULL && g_strstr_len (s, n, "->") != NULL)
        headers++;
    }
  return headers > 1 ? headers - 1 : 0;
}

static HbState *
flood_parse (const char *text, gsize len, GError **error)
{
  HbLineReader r;
  const char *s;
  gsize n;
  FloodComments comments = { 0 };

  if (!hb_check_text (text, len, error))
    return NULL;
  hb_line_reader_init (&r, text, len);
  while (hb_line_reader_next (&r, &s, &n))
    {
      gsize lead = hb_strip_slice (&s, &n);
      FloodState *st;
      gsize i = 0;

      if (n == 0)
        continue;
      if (is_comment (s, n))
        {
          read_moves_comment (s, n, &comments.moves);
          if (!read_colours_comment (s, n, r.line, lead + 1, &comments, error))
            return NULL;
          continue;
        }
      while (i < n && g_ascii_isdigit (s[i]))
        i++;
      if (line_is_dump_header (s, n))
        st = parse_dump (&r, s, n, lead + 1, &comments, error);
      else if (i > 0 && i < n && s[i] == 'x')
        st = parse_tatham (&r, s, n, lead + 1, &comments, error);
      else
        {
          hb_set_parse_error (error, HB_PARSE_ERROR_FORMAT, r.line, lead + 1,
                              _("not a Flood-It board: expected a header "
                                "“W by H -> M” or a Tatham Flood ID “WxH:colours,limit”"));
          return NULL;
        }
      return st ? &st->base : NULL;
    }
  /* Worded and placed as every game's (it said "the text holds no board"
   * a line below the last). */
  hb_set_parse_error (error, HB_PARSE_ERROR_SIZE, MAX (r.line, 1), 1,
                      _("the file holds no board (no header “W by H -> M”, nor a Tatham Flood ID)"));
  return NULL;
}

/* Sniffing reads numbers by hand, never past these many digits: a header
 * number of up to 18 (far more than the reader takes, so that it, not the
 * sniffer, says what is wrong with a large one) and a Tatham side of up to
 * 9, so that W * H fits a guint64. */
#define SNIFF_MAX_DIGITS       18
#define SNIFF_MAX_SIDE_DIGITS  9

/* 1 to max decimal digits at *p, no sign: TRUE and the value (and *p past
 * them), or FALSE. */
static gboolean
sniff_number (const char **p, const char *end, int max, guint64 *value)
{
  guint64 v = 0;
  int digits = 0;

  while (*p < end && g_ascii_isdigit (**p))
    {
      if (digits == max)
        return FALSE;
      v = v * 10 + (**p - '0');
      (*p)++;
      digits++;
    }
  if (value != NULL)
    *value = v;
  return digits > 0;
}

static void
sniff_blanks (const char **p, const char *end)
{
  while (*p < end && (**p == ' ' || **p == '\t'))
    (*p)++;
}

static gboolean
sniff_word (const char **p, const char *end, const char *word)
{
  gsize n = strlen (word);

  if ((gsize) (end - *p) < n || memcmp (*p, word, n) != 0)
    return FALSE;
  *p += n;
  return TRUE;
}

/* `W by H -> M` as parse_dump reads it: blanks between the parts are
 * optional, numbers unsigned. */
static gboolean
sniff_dump_header (const char *p, const char *end)
{
  if (!sniff_number (&p, end, SNIFF_MAX_DIGITS, NULL))
    return FALSE;
  sniff_blanks (&p, end);
  if (!sniff_word (&p, end, "by"))
    return FALSE;
  sniff_blanks (&p, end);
  if (!sniff_number (&p, end, SNIFF_MAX_DIGITS, NULL))
    return FALSE;
  sniff_blanks (&p, end);
  if (!sniff_word (&p, end, "->"))
    return FALSE;
  sniff_blanks (&p, end);
  if (!sniff_number (&p, end, SNIFF_MAX_DIGITS, NULL))
    return FALSE;
  sniff_blanks (&p, end);
  return p == end;
}

/* TRUE for `W by H -> M` and for a Tatham Flood ID: `WxH` (optionally with
 * c/m parameters), ':', exactly W*H decimal digits, ',', a number. Tatham's
 * Flip IDs also start `WxH:` but continue with a hex matrix and a comma
 * elsewhere, so they fail the digit count or the tail. Comments and blank
 * lines before either are skipped. */
static gboolean
flood_sniff (const char *text, gsize len)
{
  HbLineReader r;
  const char *s;
  gsize n;

  hb_line_reader_init (&r, text, len);
  while (hb_line_reader_next (&r, &s, &n))
    {
      const char *p, *end;
      guint64 w, h, k = 0;

      hb_strip_slice (&s, &n);
      if (n == 0 || s[0] == '#')
        continue;
      p = s;
      end = s + n;
      if (sniff_dump_header (p, end))
        return TRUE;
      if (!sniff_number (&p, end, SNIFF_MAX_SIDE_DIGITS, &w) || p >= end || *p != 'x')
        return FALSE;
      p++;
      if (!sniff_number (&p, end, SNIFF_MAX_SIDE_DIGITS, &h))
        return FALSE;
      while (p < end && (*p == 'c' || *p == 'm'))
        {
          p++;
          if (!sniff_number (&p, end, SNIFF_MAX_DIGITS, NULL))
            return FALSE;
        }
      if (p >= end || *p != ':')
        return FALSE;
      p++;
      while (p < end && g_ascii_isdigit (*p))
        p++, k++;
      if (k != w * h || p >= end || *p != ',')
        return FALSE;
      p++;
      return sniff_number (&p, end, SNIFF_MAX_DIGITS, NULL) && p == end;
    }
  return FALSE;
}

/* ---- Writing ----------------------------------------------------------------- */

static char *
flood_write (const HbState *state, HbWriteFormat format, GError **error)
{
  const FloodState *s = FLOOD_CONST (state);
  int w = state->width, h = state->height;
  GString *out = g_string_new (NULL);
  int maxc = 0;

  if (format == HB_WRITE_JSON)
    {
      g_set_error (error, HB_PARSE_ERROR, HB_PARSE_ERROR_UNSUPPORTED,
                   _("Flood-It has no JSON form; it is written as text (native) or a "
                     "Tatham game ID (compact or tatham)"));
      g_string_free (out, TRUE);
      return NULL;
    }
  /* The palette size is the highest colour used plus one unless written:
   * only then, so most files stay in the write-up's plain format. */
  for (int i = 0; i < w * h; i++)
    maxc = MAX (maxc, s->cells[i]);
  if (format == HB_WRITE_NATIVE)
    {
      if (s->colours != maxc + 1)
        g_string_append_printf (out, "# colours: %d\n", s->colours);
      if (s->moves > 0)
        g_string_append_printf (out, "# moves: %d\n", s->moves);
      g_string_append_printf (out, "%d by %d -> %d\n", w, h, s->move_limit);
      for (int y = 0; y < h; y++)
        {
          for (int x = 0; x < w; x++)
            g_string_append_c (out, '0' + s->cells[y * w + x]);
          g_string_append_c (out, '\n');
        }
    }
  else
    {
      if (s->colours != maxc + 1)
        g_string_append_printf (out, "%dx%dc%d:", w, h, s->colours);
      else
        g_string_append_printf (out, "%dx%d:", w, h);
      for (int i = 0; i < w * h; i++)
        g_string_append_c (out, '0' + s->cells[i]);
      g_string_append_printf (out, ",%d\n", s->move_limit);
    }
  return g_string_free (out, FALSE);
}

static char *
flood_write_solution (const HbState *state, const HbResult *result,
                      HbWriteFormat format)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < result->moves->len; i++)
    {
      const HbMove *m = &g_array_index (result->moves, HbMove, i);
      g_string_append_printf (out, i ? " %d" : "%d", m->value);
    }
  g_string_append_c (out, '\n');
  return g_string_free (out, FALSE);
}

/* ---- Results and traces ------------------------------------------------------ */

/* Index heaps, one per colour, of the cells on the flooded region's
 * border (smallest index first, as a scan in board order would find). */
typedef struct {
  int *at;
  int  n, cap;
} Heap;

static void
heap_push (Heap *hp, int v)
{
  int i;

  if (hp->n == hp->cap)
    {
      hp->cap = MAX (64, hp->cap * 2);
      hp->at = g_renew (int, hp->at, hp->cap);
    }
  for (i = hp->n++; i > 0 && hp->at[(i - 1) / 2] > v; i = (i - 1) / 2)
    hp->at[i] = hp->at[(i - 1) / 2];
  hp->at[i] = v;
}

static int
heap_pop (Heap *hp)
{
  int top = hp->at[0], last = hp->at[--hp->n], i = 0;

  for (;;)
    {
      int k = 2 * i + 1;
      if (k >= hp->n)
        break;
      if (k + 1 < hp->n && hp->at[k + 1] < hp->at[k])
        k++;
      if (hp->at[k] >= last)
        break;
      hp->at[i] = hp->at[k];
      i = k;
    }
  if (hp->n > 0)
    hp->at[i] = last;
  return top;
}

/* The region grows by the cells of colour c joined to `from` (in it
 * now); the cells of other colours it touches join their colour's
 * border heap. */
static void
region_grow (const guint8 *cells, int w, int h, guint8 *region, guint8 *bordered,
             Heap *border, int *queue, int from)
{
  int head = 0, tail = 0;

  queue[tail++] = from;
  while (head < tail)
    {
      int p = queue[head++], x = p % w, y = p / w;
      for (int d = 0; d < 4; d++)
        {
          int nx = x + hb_dir_dx[d], ny = y + hb_dir_dy[d], q;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h)
            continue;
          q = ny * w + nx;
          if (region[q])
            continue;
          if (cells[q] == cells[from])
            {
              region[q] = 1;
              queue[tail++] = q;
            }
          else if (!bordered[q])
            {
              bordered[q] = 1;
              heap_push (&border[cells[q]], q);
            }
        }
    }
}

/* The moves of an answer, each with the cell a click plays it at (the
 * first cell of its colour on the region's border in board order, (0, 0)
 * when none is), and the board they leave. The region grows once over
 * the whole game, its border kept by colour: it was found again for
 * every move, and a 1000 × 1000 board's answer of 3,800 moves took 6 s
 * past a 3 s time limit. Cells outside the region keep their colours;
 * the region has the last move's. */
void
flood_result_fill (HbResult *result, const FloodState *state,
                   const guint8 *moves, int n)
{
  int w = state->base.width, h = state->base.height;
  FloodState *f = FLOOD (flood_copy (&state->base));
  guint8 *region = g_new0 (guint8, (gsize) w * h);
  guint8 *bordered = g_new0 (guint8, (gsize) w * h);
  int *queue = g_new (int, (gsize) w * h);
  Heap border[FLOOD_MAX_COLOURS] = { { 0 } };

  region[0] = 1;
  region_grow (f->cells, w, h, region, bordered, border, queue, 0);
  for (int i = 0; i < n; i++)
    {
      Heap *hp = moves[i] < FLOOD_MAX_COLOURS ? &border[moves[i]] : NULL;
      int at = -1;

      while (hp != NULL && hp->n > 0)
        {
          int p = heap_pop (hp);
          if (region[p])
            continue;
          if (at < 0)
            at = p;
          region[p] = 1;
          region_grow (f->cells, w, h, region, bordered, border, queue, p);
        }
      hb_result_add_move (result, FLOOD_OP_FLOOD, at < 0 ? 0 : at % w, at < 0 ? 0 : at / w,
                          moves[i]);
      f->moves++;
    }
  if (n > 0)
    for (gsize k = 0; k < (gsize) w * h; k++)
      if (region[k])
        f->cells[k] = moves[n - 1];
  for (int c = 0; c < FLOOD_MAX_COLOURS; c++)
    g_free (border[c].at);
  g_free (queue);
  g_free (bordered);
  g_free (region);
  hb_state_free (result->solved);
  result->solved = &f->base;
}

void
flood_trace_moves (HbTrace *trace, const guint8 *moves, int n, gint64 counter)
{
  for (int i = 0; i < n; i++)
    hb_trace_add (trace, HB_STEP_MOVE, -1, -1, moves[i], i + 1, counter);
}

/* ---- Input, palette, status ----------------------------------------------------- */

static int
flood_pointer (const HbState *state, HbPointer *ptr, HbPointerPhase phase,
               const HbHit *hit, HbMove *out, int max)
{
  const FloodState *s = FLOOD_CONST (state);
  HbCellDrag *d = ptr->ui;
  int w = state->width;

  if (max < 1)
    return 0;
  if (ptr->mode == HB_MODE_PLAY)
    {
      int c;
      if (hit == NULL)
        {
          /* A palette click (a button's, done as it comes up): flood with
           * that colour. */
          if (phase != HB_POINTER_PRESS || ptr->tool < 0 || ptr->tool >= s->colours
              || ptr->tool == s->cells[0])
            return 0;
          out[0] = (HbMove) { FLOOD_OP_FLOOD, 0, 0, ptr->tool };
          return 1;
        }
      /* A click on the board floods with the colour of its cell, as the
       * button comes up on the cell it went down on. */
      if (hb_cell_drag_click (d, phase, hit, FLOOD_OP_FLOOD, 0, out) == 0)
        return 0;
      c = s->cells[out[0].y * w + out[0].x];
      if (c == s->cells[0])
        return 0;
      out[0].value = c;
      return 1;
    }

  /* Edit: paint with the palette colour, by click and drag. */
  if (d == NULL)
    return 0;
  switch (phase)
    {
    case HB_POINTER_PRESS:
      d->moved = FALSE;
      d->x = d->y = -1;
      /* The level's colours and the new one after them (see palette);
       * another chip paints nothing, its drag neither. */
      if (ptr->tool < 0 || ptr->tool > s->colours || ptr->tool >= FLOOD_MAX_COLOURS)
        {
          d->value = -1;
          return 0;
        }
      d->value = ptr->tool;
      break;
    case HB_POINTER_MOTION:
      if (d->value < 0 || (hit->x == d->x && hit->y == d->y))
        return 0;
      break;
    case HB_POINTER_RELEASE:
    default:
      return 0;
    }
  if (hit == NULL || !hit->inside)
    return 0;
  if (phase == HB_POINTER_MOTION && d->x >= 0)
    d->moved = TRUE;
  d->x = hit->x;
  d->y = hit->y;
  if (s->cells[hit->y * w + hit->x] == d->value)
    return 0;
  out[0] = (HbMove) { FLOOD_OP_PAINT, hit->x, hit->y, d->value };
  return 1;
}

/* The Okabe–Ito palette's colours (see flood-render.c). */
static const char *const colour_names[FLOOD_MAX_COLOURS] = {
  /* TRANSLATORS: a Flood-It colour, also in "Flood with 3 (Orange)" */
  N_("Orange"), N_("Sky blue"), N_("Green"), N_("Yellow"), N_("Blue"),
  N_("Vermilion"), N_("Pink"), N_("Grey"), N_("Brown"), N_("Lavender"),
};

const char *
flood_colour_name (int c)
{
  return c >= 0 && c < FLOOD_MAX_COLOURS ? _(colour_names[c]) : "?";
}

/* The shell makes room for HB_PALETTE_MAX entries (hb-game.h). */
G_STATIC_ASSERT (FLOOD_MAX_COLOURS <= HB_PALETTE_MAX);

static int
flood_palette (const HbState *state, HbMode mode, HbPaletteEntry *out, int max)
{
  const FloodState *s = FLOOD_CONST (state);
  /* Edit offers one colour more than the level has, to add. */
  int colours = mode == HB_MODE_EDIT ? MIN (s->colours + 1, FLOOD_MAX_COLOURS) : s->colours;
  int n = MIN (colours, max);

  for (int i = 0; i < n; i++)
    {
      if (i >= s->colours)
        /* TRANSLATORS: Edit's palette: the colour a level does not have
         * yet, "6 Pink (new colour)" */
        g_snprintf (out[i].name, sizeof out[i].name, _("%d %s (new colour)"), i,
                    _(colour_names[i]));
      else
        g_snprintf (out[i].name, sizeof out[i].name, "%d %s", i, _(colour_names[i]));
      out[i].id = i;
    }
  return n;
}

/* Lost: the move limit used up and the board not one colour yet. */
static gboolean
flood_is_lost (const HbState *state)
{
  const FloodState *s = FLOOD_CONST (state);

  return s->move_limit > 0 && s->moves >= s->move_limit && !flood_is_solved (state);
}

/* Solved, but over the move limit ("25 / 22 moves · Solved, over the
 * limit"): no success. */
static gboolean
flood_is_won_late (const HbState *state)
{
  const FloodState *s = FLOOD_CONST (state);

  return flood_is_solved (state) && s->move_limit > 0 && s->moves > s->move_limit;
}

static char *
flood_status_text (const HbState *state)
{
  const FloodState *s = FLOOD_CONST (state);
  g_autofree char *count = NULL;

  /* The count, then what the board's state adds to it. */
  if (s->move_limit > 0)
    /* TRANSLATORS: moves played / the move limit */
    count = g_strdup_printf (g_dngettext (NULL, "%d / %d move", "%d / %d moves",
                                          s->move_limit),
                             s->moves, s->move_limit);
  else
    count = g_strdup_printf (g_dngettext (NULL, "%d move", "%d moves", s->moves),
                             s->moves);
  if (!flood_is_solved (state) && s->move_limit > 0 && s->moves >= s->move_limit)
    /* TRANSLATORS: the status line: "19 / 19 moves · out of moves" */
    return g_strdup_printf (_("%s · out of moves"), count);
  if (!flood_is_solved (state))
    return g_steal_pointer (&count);
  if (s->move_limit > 0 && s->moves > s->move_limit)
    /* TRANSLATORS: the status line: "25 / 22 moves · Solved, over the limit" */
    return g_strdup_printf (_("%s · Solved, over the limit"), count);
  /* TRANSLATORS: the status line: "20 / 22 moves · Solved" */
  return g_strdup_printf (_("%s · Solved"), count);
}

/* A solver's answer that goes over the level's move limit says so (the
 * A* of the write-up, on a level with a limit of 34, said "Solved: 40
 * moves" as of any answer); within it, the default words, counting the
 * game's moves when the solve began part-way through it. */
static char *
flood_solved_text (const HbResult *result)
{
  const FloodState *f = result->solved != NULL ? FLOOD_CONST (result->solved) : NULL;
  g_autofree char *count = NULL;
  g_autofree char *more = NULL;
  gboolean over;
  guint n, k = result->moves->len;

  if (f == NULL)
    return NULL;
  /* The game's moves, those played before the solve began with the
   * answer's, as the limit, the status line and the player count them (a
   * solve begun 13 moves in said "Solved: 14 moves, over the limit of 24"
   * of a game of 27). */
  n = (guint) f->moves;
  count = hb_format_count ((gint64) n);
  over = f->move_limit > 0 && f->moves > f->move_limit;
  if (f->moves == (int) k)
    /* TRANSLATORS: a solver's answer longer than the level's move limit:
     * "Solved: 40 moves, over the limit of 34" */
    return over ? g_strdup_printf (g_dngettext (NULL, "Solved: %s move, over the limit of %d",
                                                "Solved: %s moves, over the limit of %d", n),
                                   count, f->move_limit)
                : NULL;
  /* Begun part-way through a game: the moves still to make first, then
   * the game's ("Solved: 11 moves" after 3 played read as 11 more:
   * review). */
  {
    g_autofree char *kc = hb_format_count ((gint64) k);
    /* TRANSLATORS: the answer's moves from where the solve began, after
     * moves played: "8 more moves" in "Solved: 8 more moves, 11 in all" */
    more = g_strdup_printf (g_dngettext (NULL, "%s more move", "%s more moves", k), kc);
  }
  if (!over)
    /* TRANSLATORS: the answer's moves, then the game's in all: "Solved:
     * 8 more moves, 11 in all" */
    return g_strdup_printf (_("Solved: %s, %s in all"), more, count);
  /* TRANSLATORS: as above, over the level's move limit: "Solved: 8 more
   * moves, 14 in all, over the limit of 12" */
  return g_strdup_printf (_("Solved: %s, %s in all, over the limit of %d"), more, count,
                          f->move_limit);
}

/* In Edit: the colours the design uses and its move limit, not the moves
 * of a game (a board of one colour is a level not yet drawn). */
static char *
flood_edit_status_text (const HbState *state)
{
  const FloodState *s = FLOOD_CONST (state);
  gsize n = (gsize) state->width * state->height;
  gboolean used[256] = { FALSE };
  int count = 0;
  g_autofree char *colours = NULL;

  for (gsize i = 0; i < n; i++)
    if (!used[s->cells[i]])
      {
        used[s->cells[i]] = TRUE;
        count++;
      }
  if (count <= 1)
    return g_strdup (_("One colour: paint cells with another to make a level"));
  colours = g_strdup_printf (g_dngettext (NULL, "%d colour", "%d colours", count), count);
  if (s->move_limit <= 0)
    return g_steal_pointer (&colours);
  /* TRANSLATORS: the status line in Edit: "5 colours · at most 22 moves" */
  return g_strdup_printf (g_dngettext (NULL, "%s · at most %d move", "%s · at most %d moves",
                                       s->move_limit),
                          colours, s->move_limit);
}

/* ---- Hints -------------------------------------------------------------------- */

/* Hints search with a smaller memory bound than the solvers: the overlay
 * must stay responsive, and the greedy answer is a fine fallback. */
#define FLOOD_HINT_MEMORY   (256u << 20)
#define FLOOD_HINT_SECONDS  5.0

static gpointer
flood_hint_compute (const HbState *state, HbCancel *cancellable,
                    GError **error)
{
  const FloodState *s = FLOOD_CONST (state);
  int w = state->width, h = state->height, n = w * h;
  FloodHint *hint = g_new0 (FloodHint, 1);
  GByteArray *known;
  FloodAnswer a;

  hint->width = w;
  hint->height = h;
  hint->colour = -1;
  hint->captured = g_new0 (guint8, n);
  if (flood_cells_solved (s->cells, n))
    {
      hint->proven = TRUE;
      return hint;
    }

  known = flood_known_lookup (s->cells, w, h, s->colours);
  flood_optimal_search (s->cells, w, h, s->colours, FLOOD_HINT_MEMORY, 0,
                        FLOOD_HINT_SECONDS, known, cancellable, NULL, &a);
  if (known != NULL)
    g_byte_array_unref (known);
  if (a.cancelled)
    {
      flood_answer_clear (&a);
      g_free (hint->captured);
      g_free (hint);
      g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_CANCELLED,
                   "the hint was cancelled");
      return NULL;
    }
  if (!a.solved)
    hint->to_go = -1;
  else if (a.moves->len > 0)
    {
      guint8 *after = g_memdup2 (s->cells, n);
      guint8 *before = g_new (guint8, n), *now = g_new (guint8, n);

      /* The moves to go the hint states: a solve of this board answers
       * with them where its own answer is longer (flood_known_record). */
      flood_known_record (s->cells, w, h, s->colours, a.moves->data, a.moves->len);

      hint->colour = a.moves->data[0];
      hint->to_go = a.moves->len;
      hint->proven = a.optimal;
      hint->at_least = a.lower_bound;
      flood_region_mask (s->cells, w, h, before);
      flood_fill (after, w, h, hint->colour);
      flood_region_mask (after, w, h, now);
      for (int i = 0; i < n; i++)
        hint->captured[i] = now[i] && !before[i];
      g_free (after);
      g_free (before);
      g_free (now);
    }
  flood_answer_clear (&a);
  return hint;
}

static void
flood_hint_free (gpointer hint)
{
  FloodHint *h = hint;

  if (h == NULL)
    return;
  g_free (h->captured);
  g_free (h);
}

/* How many moves past the move limit even the fewest moves left go, once
 * the hint has proven them fewest, or at least go by its proven lower
 * bound (*exact FALSE); 0 when within it, with no limit, or with nothing
 * proven for this board. The describe, warning and out-of-reach hooks all
 * read it. A greedy hint on a level whose bound already misses the limit
 * said nothing of it (review: 40 moves to go, a limit of 10). */
static int
hint_moves_over (const HbState *state, const FloodHint *h, gboolean *exact)
{
  const FloodState *s = FLOOD_CONST (state);

  *exact = h != NULL && h->proven;
  if (h == NULL || h->colour < 0 || s->move_limit <= 0
      || h->width != state->width || h->height != state->height)
    return 0;
  return MAX (s->moves + (h->proven ? h->to_go : h->at_least) - s->move_limit, 0);
}

/* Where the player looks (the status line, with the hints on): a level
 * that cannot be won within its move limit from here, once the fewest
 * moves are proven (it was said only in the sidebar's Next Move row). */
static char *
flood_hint_warning (const HbState *state, gconstpointer data)
{
  gboolean exact;
  int over = hint_moves_over (state, data, &exact);

  if (over == 0)
    return NULL;
  if (!exact)
    /* TRANSLATORS: the status line's warning when a proven lower bound on
     * the moves left already misses the level's move limit */
    return g_strdup_printf (g_dngettext (NULL, "The move limit cannot be met: at least %d move over",
                                         "The move limit cannot be met: at least %d moves over",
                                         over), over);
  /* TRANSLATORS: the status line's warning when even the fewest moves
   * left miss the level's move limit */
  return g_strdup_printf (g_dngettext (NULL, "The move limit cannot be met: %d move over at best",
                                       "The move limit cannot be met: %d moves over at best",
                                       over), over);
}

/* The board's words for a cell in the hint's dashed outline
 * (flood_render): "Flood with 3 (Yellow) next: it captures this cell". */
static char *
flood_hint_at (const HbState *state, gconstpointer data, guint flags, int x, int y)
{
  const FloodHint *h = data;

  if (h == NULL || h->width != state->width || h->height != state->height || h->colour < 0
      || h->captured == NULL || !h->captured[(gsize) y * state->width + x])
    return NULL;
  /* TRANSLATORS: a tooltip on a cell in the hint's dashed outline; %d and
   * %s are the colour's digit and name, as in "Flood with %d (%s)" */
  return g_strdup_printf (_("Flood with %d (%s) next: it captures this cell"),
                          h->colour, flood_colour_name (h->colour));
}

static char *
flood_hint_describe (const HbState *state, gconstpointer data)
{
  const FloodHint *h = data;

  if (h == NULL)
    return g_strdup ("");
  if (h->colour < 0)
    return g_strdup (h->to_go < 0 ? _("No hint: the board is too large to search in time")
                                  : _("Solved"));
  if (h->proven)
    {
      gboolean exact;
      int over = hint_moves_over (state, h, &exact);
      /* TRANSLATORS: the hint: "Flood with 3 (Yellow): 12 moves to go (optimal)" */
      char *text = g_strdup_printf (g_dngettext (NULL, "Flood with %d (%s): %d move to go (optimal)",
                                                 "Flood with %d (%s): %d moves to go (optimal)",
                                                 h->to_go),
                                    h->colour, _(colour_names[h->colour]), h->to_go);

      /* The fewest moves are proven: say when even they miss the level's
       * limit, as solve does (the board can still be finished). */
      if (over > 0)
        {
          g_autofree char *base = text;
          /* TRANSLATORS: after the hint, when the fewest moves left still miss the limit */
          g_autofree char *more = g_strdup_printf (g_dngettext (NULL, "%d move over the move limit",
                                                                "%d moves over the move limit",
                                                                over),
                                                   over);
          text = g_strdup_printf ("%s, %s", base, more);
        }
      return text;
    }
  {
    gboolean exact;
    int over = hint_moves_over (state, h, &exact);
    char *text = g_strdup_printf (g_dngettext (NULL,
                                               "Flood with %d (%s): %d move to go (greedy, not proven "
                                               "optimal)",
                                               "Flood with %d (%s): %d moves to go (greedy, not proven "
                                               "optimal)",
                                               h->to_go),
                                  h->colour, _(colour_names[h->colour]), h->to_go);

    /* Not proven fewest, but the bound alone already misses the limit. */
    if (over > 0)
      {
        g_autofree char *base = text;
        /* TRANSLATORS: after a greedy hint, when a proven lower bound on
         * the moves left already misses the limit */
        g_autofree char *more = g_strdup_printf (g_dngettext (NULL,
                                                              "at least %d move over the move limit",
                                                              "at least %d moves over the move limit",
                                                              over),
                                                 over);
        text = g_strdup_printf ("%s, %s", base, more);
      }
    else
      {
        const FloodState *fs = FLOOD_CONST (state);
        int greedy_over = fs->moves + h->to_go - fs->move_limit;

        /* The bound leaves the limit open, but the way shown misses it:
         * said, as solve says it ("the best answer found takes 122 moves,
         * over the move limit of 100"); the hint said nothing (review). */
        if (fs->move_limit > 0 && greedy_over > 0 && h->width == state->width
            && h->height == state->height)
          {
            g_autofree char *base = text;
            /* TRANSLATORS: after a greedy hint whose moves miss the limit,
             * when a shorter way has not been ruled out */
            g_autofree char *more = g_strdup_printf (g_dngettext (NULL,
                                                                  "%d move over the move limit "
                                                                  "unless a shorter way exists",
                                                                  "%d moves over the move limit "
                                                                  "unless a shorter way exists",
                                                                  greedy_over),
                                                     greedy_over);
            text = g_strdup_printf ("%s, %s", base, more);
          }
      }
    return text;
  }
}

static gboolean
flood_hint_out_of_reach (const HbState *state, gconstpointer data)
{
  gboolean exact;

  return hint_moves_over (state, data, &exact) > 0;
}

static gboolean
flood_hint_next_move (const HbState *state, gconstpointer data, HbMove *move)
{
  const FloodHint *h = data;

  if (h == NULL || h->colour < 0 || h->width != state->width
      || h->height != state->height)
    return FALSE;
  *move = (HbMove) { FLOOD_OP_FLOOD, 0, 0, h->colour };
  for (int i = 0; i < h->width * h->height; i++)
    if (h->captured[i])
      {
        move->x = i % h->width;
        move->y = i / h->width;
        break;
      }
  return TRUE;
}

/* ---- The game ------------------------------------------------------------------ */

static const HbSolver *const flood_solvers[] = {
  &flood_solver_optimal,
  &flood_solver_greedy,
  &flood_solver_astar,
  NULL,
};

/* An answer over the move limit solves the board but not the level: say
 * whether the limit cannot be met (the answer is proven shortest) or only
 * was not met. */
static gboolean
flood_answer_fits (const HbState *state, const HbResult *result, char **why, gboolean *proven)
{
  const FloodState *s = FLOOD_CONST (state);
  guint total;

  *proven = FALSE;
  if (s->move_limit <= 0 || result->moves == NULL)
    return TRUE;
  total = (guint) s->moves + result->moves->len;
  if (total <= (guint) s->move_limit)
    return TRUE;
  *proven = result->optimal
            || (result->lower_bound > 0 && s->moves + result->lower_bound > s->move_limit);
  if (!result->optimal && *proven)
    /* TRANSLATORS: "the move limit of 10 cannot be met: no answer takes
     * fewer than 33 moves (the best found takes 40)" */
    *why = g_strdup_printf (g_dngettext (NULL,
                                         "the move limit of %d cannot be met: no answer takes "
                                         "fewer than %d moves (the best found takes %u)",
                                         "the move limit of %d cannot be met: no answer takes "
                                         "fewer than %d moves (the best found takes %u)",
                                         s->moves + result->lower_bound),
                            s->move_limit, s->moves + result->lower_bound, total);
  else if (result->optimal)
    /* TRANSLATORS: "the move limit of 20 cannot be met: the fewest moves is 22" */
    *why = g_strdup_printf (_("the move limit of %d cannot be met: the fewest moves is %u"),
                            s->move_limit, total);
  else
    /* TRANSLATORS: "the best answer found takes 25 moves, over the move limit of 22 (not proven that the limit cannot be met)" */
    *why = g_strdup_printf (g_dngettext (NULL,
                                         "the best answer found takes %u move, over the move "
                                         "limit of %d (not proven that the limit cannot be met)",
                                         "the best answer found takes %u moves, over the move "
                                         "limit of %d (not proven that the limit cannot be met)",
                                         total),
                            total, s->move_limit);
  return FALSE;
}

static int
flood_get_move_limit (const HbState *state)
{
  return FLOOD_CONST (state)->move_limit;
}

const HbGame flood_game = {
  .id = "flood",
  .name = N_("Flood-It"),
  .extension = ".flood",
  .tatham_name = "Flood",
  .description = N_("Flood the top-left region with one colour at a time until "
                    "the board is a single colour, within the move limit. A click on "
                    "a cell or a palette chip floods with its colour."),
  .edit_description = N_("Drawing: click or drag to paint with the palette's colour; its "
                         "last chip adds a colour. The status line warns when the move "
                         "limit cannot be met."),
  .default_width = 14,
  .default_height = 14,
  .max_ui_side = 40,
  .default_colours = FLOOD_DEFAULT_COLOURS,
  .max_colours = FLOOD_MAX_COLOURS,
  .min_colours = 2,
  .solvers = flood_solvers,
  .new_blank = flood_new_blank,
  .copy = flood_copy,
  .free = flood_free,
  .equal = flood_equal,
  .generate = flood_generate,
  .resize = flood_resize,
  .describe_cut = flood_describe_cut,
  .parse = flood_parse,
  .sniff = flood_sniff,
  .more_levels = flood_more_levels,
  .write = flood_write,
  .write_solution = flood_write_solution,
  .is_solved = flood_is_solved,
  .apply = flood_apply,
  .ui_new = hb_cell_drag_new,
  .ui_free = hb_cell_drag_free,
  .pointer = flood_pointer,
  .palette = flood_palette,
  .palette_render = flood_palette_render,
  .status_text = flood_status_text,
  .solved_text = flood_solved_text,
  .edit_status_text = flood_edit_status_text,
  .render = flood_render,
  .hover_local = flood_hover_local,
  .redraw_cells = flood_redraw_cells,
  .hint_compute = flood_hint_compute,
  .hint_free = flood_hint_free,
  .hint_describe = flood_hint_describe,
  .hint_warning = flood_hint_warning,
  .hint_at = flood_hint_at,
  .hint_next_move = flood_hint_next_move,
  .hint_out_of_reach = flood_hint_out_of_reach,
  .frame_new = flood_frame_new,
  .frame_copy = flood_frame_copy,
  .frame_free = flood_frame_free,
  .frame_step = flood_frame_step,
  .frame_render = flood_frame_render,
  .describe_step = flood_describe_step,
  .frame_status = flood_frame_status,
  .depth_text = flood_depth_text,
  .bench = flood_bench,
  .from_image = flood_from_image,
  .answer_fits = flood_answer_fits,
  .is_lost = flood_is_lost,
  .is_won_late = flood_is_won_late,
  .level_number = {
    .title = N_("_Move limit"),
    .subtitle = N_("0 for no limit"),
    .min = 0,
    .max = FLOOD_MAX_MOVE_LIMIT,
    .get = flood_get_move_limit,
    .set_op = FLOOD_OP_SET_LIMIT,
  },
  .palette_keys_from_zero = TRUE,
  .status_counts_moves = TRUE,
  .hint_legend = N_("Black-and-white dashed outline: the cells the suggested colour would "
                    "capture. Beside the board: that colour and the moves still needed with "
                    "it. The thin line round the top-left cells, hints on or off: the region "
                    "flooded so far. With Colour Labels on, every cell shows its colour's "
                    "digit, as on the palette."),
  .animates_moves = TRUE,
};
