/* loop.c: Infinite Loop state, rules, text formats, moves and hints. */
#include "loop.h"
#include "hb-stat-label.h"
#include "hb-grid-state.h"

#include <glib/gi18n.h>
#include <string.h>

/* ---- Model ---------------------------------------------------------------- */

static const HbGridShape loop_shape = {
  &loop_game, sizeof (LoopState), 1, { G_STRUCT_OFFSET (LoopState, tiles) },
};

LoopState *
loop_state_new (int width, int height)
{
  return LOOP (hb_grid_state_new (&loop_shape, width, height));
}

/* A state that takes `tiles` (from g_malloc, width × height bytes) as its
 * own instead of a zeroed copy: a 2000×2000 board's four megabytes are
 * then neither cleared nor copied nor faulted in twice. */
LoopState *
loop_state_new_take (int width, int height, guint8 *tiles)
{
  LoopState *s = loop_state_new (1, 1);

  s->base.width = width;
  s->base.height = height;
  g_free (s->tiles);
  s->tiles = tiles;
  return s;
}

static HbState *
loop_new_blank (int width, int height)
{
  if (width < 1 || height < 1 || width > HB_MAX_SIDE || height > HB_MAX_SIDE)
    return NULL;
  return &loop_state_new (width, height)->base;
}

static HbState *
loop_copy (const HbState *state)
{
  return hb_grid_state_copy (&loop_shape, state);
}

static void
loop_free (HbState *state)
{
  hb_grid_state_free (&loop_shape, state);
}

static gboolean
loop_equal (const HbState *a, const HbState *b)
{
  return hb_grid_state_equal (&loop_shape, a, b);
}

int
loop_turns_between (guint8 from, guint8 to)
{
  for (int t = 0; t < 4; t++)
    if (loop_rotate (from, t) == to)
      return t;
  return -1;
}

int
loop_distinct_rotations (guint8 mask, guint8 masks[4], int turns[4])
{
  int n = 0;

  for (int t = 0; t < 4; t++)
    {
      guint8 m = loop_rotate (mask, t);
      gboolean seen = FALSE;
      for (int i = 0; i < n; i++)
        seen |= masks[i] == m;
      if (!seen)
        {
          masks[n] = m;
          turns[n] = t;
          n++;
        }
    }
  return n;
}

gboolean
loop_arm_is_open (const guint8 *tiles, int width, int height,
                  int x, int y, int dir)
{
  int nx = x + hb_dir_dx[dir], ny = y + hb_dir_dy[dir];

  if (!(tiles[(gsize) y * width + x] & (1 << dir)))
    return FALSE;
  if (nx < 0 || ny < 0 || nx >= width || ny >= height)
    return TRUE;
  return !(tiles[(gsize) ny * width + nx] & (1 << HB_DIR_OPPOSITE (dir)));
}

/* Row y's open ends, without a call per arm: the status line, the actions
 * and the win check ask about the whole board at every update, and a
 * 4096x4096 board has 67 million arms. With `first`, stops at the first. */
static guint64
row_open_ends (const guint8 *tiles, int width, int height, int y, gboolean first)
{
  const guint8 *row = tiles + (gsize) y * width;
  const guint8 *up = y > 0 ? row - width : NULL;
  const guint8 *down = y + 1 < height ? row + width : NULL;
  const guint64 ones = 0x0101010101010101ull;
  guint64 open = 0, acc = 0;
  int x = 0, words = 0;

  /* Without a branch on the arms, which a scrambled board makes a coin
   * toss each: an arm is open when the tile it points at (none off the
   * board) has no arm facing back. Eight tiles a word (a byte each)
   * where both side neighbours lie in the row, each byte of `acc` summing
   * up to 4 open ends a word for up to 63 words; one at a time at the
   * row's ends. */
  for (;;)
    {
      if (x >= 1 && x + 8 < width)
        {
          guint64 m, n = 0, s = 0, e, w, v;

          memcpy (&m, row + x, 8);
          memcpy (&e, row + x + 1, 8);
          memcpy (&w, row + x - 1, 8);
          if (up != NULL)
            memcpy (&n, up + x, 8);
          if (down != NULL)
            memcpy (&s, down + x, 8);
          v = ((m >> HB_DIR_N) & ~(n >> HB_DIR_S) & ones)
              + ((m >> HB_DIR_E) & ~(e >> HB_DIR_W) & ones)
              + ((m >> HB_DIR_S) & ~(s >> HB_DIR_N) & ones)
              + ((m >> HB_DIR_W) & ~(w >> HB_DIR_E) & ones);
          if (first && v != 0)
            return 1;
          acc += v;
          x += 8;
          if (++words < 63)
            continue;
        }
      else if (x < width)
        {
          guint m = row[x];
          guint n = up != NULL ? up[x] : 0, s = down != NULL ? down[x] : 0;
          guint e = x + 1 < width ? row[x + 1] : 0, w = x > 0 ? row[x - 1] : 0;

          open += ((m >> HB_DIR_N) & ~(n >> HB_DIR_S) & 1u)
                  + ((m >> HB_DIR_E) & ~(e >> HB_DIR_W) & 1u)
                  + ((m >> HB_DIR_S) & ~(s >> HB_DIR_N) & 1u)
                  + ((m >> HB_DIR_W) & ~(w >> HB_DIR_E) & 1u);
          if (first && open > 0)
            return open;
          x++;
          continue;
        }
      /* A lane full, or the row done: the lanes summed into `open`. */
      open += hb_sum_byte_lanes (acc);
      acc = 0;
      words = 0;
      if (x >= width)
        return open;
    }
}

guint64
loop_open_ends (const guint8 *tiles, int width, int height)
{
  guint64 open = 0;

  for (int y = 0; y < height; y++)
    open += row_open_ends (tiles, width, height, y, FALSE);
  return open;
}

/* Solved is no open end: the scan ends at the first (a scrambled board's
 * top left, not its 67 millionth arm). */
static gboolean
loop_is_solved (const HbState *state)
{
  for (int y = 0; y < state->height; y++)
    if (row_open_ends (LOOP_CONST (state)->tiles, state->width, state->height, y, TRUE) > 0)
      return FALSE;
  return TRUE;
}

/* "3 open ends"; with none, `none` (what that means in the mode). */
static char *
loop_open_text (const HbState *state, const char *none)
{
  guint64 open = loop_open_ends (LOOP_CONST (state)->tiles, state->width, state->height);

  if (open == 0)
    return g_strdup (none);
  {
    /* Numbers are formatted apart, their digits grouped as the locale
     * says. */
    g_autofree char *num = hb_format_count ((gint64) MIN (open, (guint64) G_MAXINT64));
    return g_strdup_printf (g_dngettext (NULL, "%s open end", "%s open ends",
                                         (gulong) MIN (open, G_MAXULONG)), num);
  }
}

static char *
loop_status_text (const HbState *state)
{
  /* TRANSLATORS: the status line of a solved board; every game's ends
   * " · Solved" */
  return loop_open_text (state, _("No open ends · Solved"));
}

/* In Edit a design with no open ends is ready to be scrambled, not won. */
static char *
loop_edit_status_text (const HbState *state)
{
  const LoopState *s = LOOP_CONST (state);
  gsize n = (gsize) state->width * state->height, tiles = 0;

  /* An empty board is no design yet (it said "the design is complete"). */
  for (gsize i = 0; i < n && tiles == 0; i++)
    tiles += s->tiles[i] != 0;
  if (tiles == 0)
    return g_strdup (_("Empty board: drag from a tile into its neighbour to draw a pipe"));
  return loop_open_text (state, _("No open ends: the design is complete"));
}

void
loop_result_set_solution (HbResult *result, const LoopState *state,
                          const guint8 *solved)
{
  int w = state->base.width, h = state->base.height;
  LoopState *s = loop_state_new (w, h);

  gsize count = 0, at, k;

  memcpy (s->tiles, solved, (gsize) w * h);
  hb_state_free (result->solved);
  result->solved = &s->base;
  /* Counted first and written in place: millions of moves appended one by
   * one would copy the array a dozen times as it grows. */
  for (gsize i = 0; i < (gsize) w * h; i++)
    count += state->tiles[i] != solved[i];
  at = k = result->moves->len;
  if (count == 0)
    return;
  g_array_set_size (result->moves, (guint) (at + count));
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        gsize i = (gsize) y * w + x;
        int t = state->tiles[i] != solved[i] ? loop_turns_between (state->tiles[i], solved[i]) : 0;
        if (t > 0)
          g_array_index (result->moves, HbMove, k++) = (HbMove) { LOOP_OP_ROTATE, x, y, t };
      }
  /* Fewer only if a tile changed into no turn of itself (no solver does). */
  g_array_set_size (result->moves, (guint) k);
}

void
loop_result_set_answer (HbResult *result, const LoopState *state, const guint8 *solved,
                        const HbSolveOptions *options)
{
  int w = state->base.width, h = state->base.height;
  LoopState *s;

  if (options == NULL || !options->answer_board)
    {
      loop_result_set_solution (result, state, solved);
      return;
    }
  /* The solved board is the answer write_solution writes: no moves (three
   * million turns, 48 MB of moves, at 2000×2000). */
  s = loop_state_new (w, h);
  memcpy (s->tiles, solved, (gsize) w * h);
  hb_state_free (result->solved);
  result->solved = &s->base;
}

void
loop_result_take_answer (HbResult *result, const LoopState *state, guint8 *solved,
                         const HbSolveOptions *options)
{
  if (options == NULL || !options->answer_board)
    {
      loop_result_set_solution (result, state, solved);
      g_free (solved);
      return;
    }
  hb_state_free (result->solved);
  result->solved = &loop_state_new_take (state->base.width, state->base.height, solved)->base;
}

/* ---- Generator -------------------------------------------------------------- */

LoopState *
loop_generate_level (int width, int height, guint64 seed)
{
  LoopState *s = loop_state_new (width, height);
  HbRng rng;

  hb_rng_init (&rng, seed);
  /* Every edge between two cells is open with probability 1/2; both tiles
   * then carry the arm, so the unturned board is solved. */
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        gsize i = (gsize) y * width + x;
        if (x + 1 < width && (hb_rng_next (&rng) >> 63))
          {
            s->tiles[i] |= 1 << HB_DIR_E;
            s->tiles[i + 1] |= 1 << HB_DIR_W;
          }
        if (y + 1 < height && (hb_rng_next (&rng) >> 63))
          {
            s->tiles[i] |= 1 << HB_DIR_S;
            s->tiles[i + width] |= 1 << HB_DIR_N;
          }
      }
  for (gsize i = 0; i < (gsize) width * height; i++)
    s->tiles[i] = loop_rotate (s->tiles[i], (int) hb_rng_below (&rng, 4));
  return s;
}

static HbState *
loop_generate (const HbGenerateParams *params, GError **error)
{
  if (!hb_check_board_size (params->width, params->height, 0, 0, error))
    return NULL;
  return &loop_generate_level (params->width, params->height, params->seed)->base;
}

static HbState *
loop_resize (const HbState *state, int width, int height, int dx, int dy)
{
  const LoopState *s = LOOP_CONST (state);
  LoopState *r;

  if (width < 1 || height < 1 || width > HB_MAX_SIDE || height > HB_MAX_SIDE)
    return NULL;
  r = loop_state_new (width, height);
  hb_grid_move_bytes (r->tiles, width, height, s->tiles, state->width, state->height, dx, dy);
  return &r->base;
}

/* HbGame.describe_cut: the tiles with arms cut off (an empty cell is no
 * loss). */
static char *
loop_describe_cut (const HbState *state, const HbState *resized, int dx, int dy)
{
  guint64 n = hb_resize_cut_count (state, resized, dx, dy, LOOP_CONST (state)->tiles);
  g_autofree char *count = hb_format_count ((gint64) n);

  if (n == 0)
    return NULL;
  /* TRANSLATORS: what a row removed or a smaller board cut off, after
   * "held": "The column removed held 3 tiles with arms" */
  return g_strdup_printf (g_dngettext (NULL, "%s tile with arms", "%s tiles with arms", n),
                          count);
}

/* ---- Formats ------------------------------------------------------------------ */

/* Box-drawing characters indexed by mask (N=1 E=2 S=4 W=8). */
static const char *const box_chars[16] = {
  " ", "╵", "╶", "└", "╷", "│", "┌", "├",
  "╴", "┘", "─", "┴", "┐", "┤", "┬", "┼",
};

/* The mask of box_chars' character c, -1 for none, by a table of the
 * block U+2500..U+257F holding mask + 1 (0: no tile), where comparing c
 * with each of box_chars decoded again took most of the time of reading a
 * 4096x4096 board. */
static const guint8 box_block[0x80] = {
  [0x75] = 1 + 1,  [0x76] = 2 + 1,  [0x14] = 3 + 1,  [0x77] = 4 + 1,
  [0x02] = 5 + 1,  [0x0c] = 6 + 1,  [0x1c] = 7 + 1,  [0x74] = 8 + 1,
  [0x18] = 9 + 1,  [0x00] = 10 + 1, [0x34] = 11 + 1, [0x10] = 12 + 1,
  [0x24] = 13 + 1, [0x2c] = 14 + 1, [0x3c] = 15 + 1,
};

static int
box_mask (gunichar c)
{
  if (c == ' ' || c == '.')
    return 0;
  if (c < 0x2500 || c > 0x257f)   /* outside the box-drawing block (the native form's digits too) */
    return -1;
  return (int) box_block[c - 0x2500] - 1;
}

/* TRUE if s[0..n) is ASCII without a '.', eight bytes at a time. */
static gboolean
ascii_without_dot (const char *s, gsize n)
{
  gsize i = 0;

  for (; i + 8 <= n; i += 8)
    {
      guint64 v, d;
      memcpy (&v, s + i, 8);
      d = v ^ 0x2e2e2e2e2e2e2e2eull;     /* a '.' byte becomes zero */
      if ((v & 0x8080808080808080ull)
          || ((d - 0x0101010101010101ull) & ~d & 0x8080808080808080ull))
        return FALSE;
    }
  for (; i < n; i++)
    if ((guchar) s[i] >= 0x80 || s[i] == '.')
      return FALSE;
  return TRUE;
}

/* Column (1-based, in characters) of byte offset `off` within `line`. */
static int
char_column (const char *line, gsize off)
{
  return 1 + (int) g_utf8_strlen (line, off);
}

static gboolean
is_comment (const char *line, gsize len)
{
  const char *p = line;
  gsize n = len;

  hb_strip_slice (&p, &n);
  return n > 0 && p[0] == '#';
}

static gboolean
is_blank (const char *line, gsize len)
{
  const char *p = line;
  gsize n = len;

  hb_strip_slice (&p, &n);
  return n == 0;
}

/* "WxH" followed by parameters and a colon: a Tatham ID. Fills w, h and
 * the offset of the colon. */
static gboolean
looks_like_tatham (const char *p, gsize n, gsize *colon)
{
  gsize i = 0;

  while (i < n && g_ascii_isdigit (p[i]))
    i++;
  if (i == 0 || i >= n || p[i] != 'x')
    return FALSE;
  /* "3x:123" too (no height), so that the Net ID's reader says what is
   * missing: it was read as tile rows, "a tile is four binary digits". */
  i++;
  while (i < n && p[i] != ':' && !g_ascii_isspace (p[i]))
    i++;
  if (i >= n || p[i] != ':')
    return FALSE;
  *colon = i;
  return TRUE;
}

static const guint8 net_to_mask[16] = {
  /* Net bits: R=1 U=2 L=4 D=8; ours: N=1 E=2 S=4 W=8. */
  0x0, 0x2, 0x1, 0x3, 0x8, 0xa, 0x9, 0xb,
  0x4, 0x6, 0x5, 0x7, 0xc, 0xe, 0xd, 0xf,
};

LoopState *
loop_parse_net_id (const char *text, gsize len, int line, GError **error)
{
  const char *p = text;
  gsize n = len, colon = 0, lead;
  long w, h;
  char *end;
  LoopState *s;
  gsize count = 0;

  lead = hb_strip_slice (&p, &n);
  if (!looks_like_tatham (p, n, &colon))
    {
      hb_set_parse_error (error, HB_PARSE_ERROR_FORMAT, line, 1 + (int) lead,
                          _("not a Net game ID (expected WxH:…)"));
      return NULL;
    }
  w = strtol (p, &end, 10);
  if (!g_ascii_isdigit (end[1]))
    {
      char found[HB_CHAR_TEXT];

      hb_describe_char (end + 1, (gsize) (p + n - (end + 1)), 0, found);
      hb_set_parse_error (error, HB_PARSE_ERROR_SYNTAX, line,
                          2 + (int) lead + (int) (end - p),
                          _("expected %s (a number), found %s"), _("the board height"), found);
      return NULL;
    }
  h = strtol (end + 1, &end, 10);
  if (w > HB_MAX_SIDE || h > HB_MAX_SIDE || w < 1 || h < 1)
    {
      /* The sizes as written: past the largest int they were shown as
       * 2147483647. */
      if (w > G_MAXINT || h > G_MAXINT)
        hb_set_parse_error (error, HB_PARSE_ERROR_SIZE, line, 1 + (int) lead,
                            _("the board is too large (%.*s); the most is %d×%d"),
                            (int) MIN (end - p, 64), p, HB_MAX_SIDE, HB_MAX_SIDE);
      else
        hb_check_board_size ((int) w, (int) h, line, 1 + (int) lead, error);
      return NULL;
    }
  for (const char *q = end; q < p + colon; q++)
    {
      if (*q == 'w')
        {
          hb_set_parse_error (error, HB_PARSE_ERROR_UNSUPPORTED, line,
                              1 + (int) lead + (int) (q - p),
                              _("this Net game wraps around the edges; Infinite Loop "
                                "boards do not wrap"));
          return NULL;
        }
      if (!(g_ascii_isalnum (*q) || *q == '.'))
        {
          /* The whole character, so the message stays valid UTF-8. */
          gunichar u = g_utf8_get_char_validated (q, p + colon - q);
          char c[8] = { 0 };
          if (u == (gunichar) -1 || u == (gunichar) -2)
            g_snprintf (c, sizeof c, "\\x%02x", (guchar) *q);
          else
            g_unichar_to_utf8 (u, c);
          hb_set_parse_error (error, HB_PARSE_ERROR_SYNTAX, line,
                              char_column (p, q - p) + (int) lead,
                              _("unexpected '%s' in the Net game parameters"), c);
          return NULL;
        }
    }
  s = loop_state_new ((int) w, (int) h);
  for (gsize i = colon + 1; i < n; i++)
    {
      char c = p[i];
      int col = 1 + (int) lead + (int) i;
      if (g_ascii_isxdigit (c))
        {
          if (count == (gsize) w * h)
            {
              hb_set_parse_error (error, HB_PARSE_ERROR_SHAPE, line, col,
                                  _("too many tiles for a %ld×%ld Net board"), w, h);
              loop_free (&s->base);
              return NULL;
            }
          s->tiles[count++] = net_to_mask[g_ascii_xdigit_value (c)];
        }
      else if (c == 'h' || c == 'v')
        {
          hb_set_parse_error (error, HB_PARSE_ERROR_UNSUPPORTED, line, col,
                              _("this Net game has barriers; Infinite Loop boards "
                                "have none"));
          loop_free (&s->base);
          return NULL;
        }
      else
        {
          hb_set_parse_error (error, HB_PARSE_ERROR_SYNTAX, line, col,
                              _("unexpected character in a Net game ID (tiles are "
                                "hex digits)"));
          loop_free (&s->base);
          return NULL;
        }
    }
  if (count != (gsize) w * h)
    {
      g_autofree char *given = g_strdup_printf ("%" G_GSIZE_FORMAT, count);

      hb_set_parse_error (error, HB_PARSE_ERROR_SHAPE, line, 1 + (int) (lead + n),
                          g_dngettext (NULL, "a %ld×%ld Net board has %ld tile, the ID gives %s",
                                       "a %ld×%ld Net board has %ld tiles, the ID gives %s",
                                       (gulong) (w * h)),
                          w, h, w * h, given);
      loop_free (&s->base);
      return NULL;
    }
  return s;
}

char *
loop_write_net_id (const LoopState *state)
{
  static const char hex[] = "0123456789abcdef";
  int w = state->base.width, h = state->base.height;
  GString *out = g_string_new (NULL);
  guint8 to_net[16];

  for (int i = 0; i < 16; i++)
    to_net[net_to_mask[i]] = (guint8) i;
  g_string_append_printf (out, "%dx%d:", w, h);
  for (gsize i = 0; i < (gsize) w * h; i++)
    g_string_append_c (out, hex[to_net[state->tiles[i]]]);
  return g_string_free (out, FALSE);
}

/* The compact form: lines of box-drawing tiles (spaces and '.' empty),
 * '#' comment lines, at least one tile; no other game writes those. Its
 * output piped back (`solve --compact … | solve -`) could not be told
 * (review). */
static gboolean
compact_sniff (const char *text, gsize len)
{
  HbLineReader r;
  const char *line;
  gsize n, tiles = 0;

  if (!g_utf8_validate (text, (gssize) len, NULL))
    return FALSE;
  hb_line_reader_init (&r, text, len);
  while (hb_line_reader_next (&r, &line, &n))
    {
      if (is_comment (line, n))
        continue;
      for (const char *p = line; p < line + n; p = g_utf8_next_char (p))
        {
          int m = box_mask (g_utf8_get_char (p));

          if (m < 0)
            return FALSE;
          tiles += m > 0;
        }
    }
  return tiles > 0;
}

/* The native form: rows of tiles of four binary digits, blanks between
 * (as `generate` writes them), so `generate --game loop | solve -` needs no
 * --game. A row of one tile is four 0s and 1s, which is Enlight's too: both
 * claim it and the game is not told. */
static gboolean
tile_row (const char *row, gsize n)
{
  gsize k = 0;

  while (k < n)
    {
      for (int d = 0; d < 4; d++, k++)
        if (k >= n || (row[k] != '0' && row[k] != '1'))
          return FALSE;
      if (k < n && row[k] != ' ' && row[k] != '\t')
        return FALSE;
      while (k < n && (row[k] == ' ' || row[k] == '\t'))
        k++;
    }
  return TRUE;
}

static gboolean
loop_sniff (const char *text, gsize len)
{
  const char *p = text;
  gsize n = len, colon, count = 0;
  long w, h;
  char *end;

  if (compact_sniff (text, len) || hb_text_rows_all (text, len, tile_row))
    return TRUE;

  /* The ID alone on its line, comment lines around it allowed as the
   * reader allows them (from standard input such a file was "cannot tell
   * which game this is"). */
  if (!hb_text_sole_line (text, len, &p, &n)
      || n > 64 + 2 * (gsize) HB_MAX_CELLS || !looks_like_tatham (p, n, &colon))
    return FALSE;
  w = strtol (p, &end, 10);
  h = strtol (end + 1, &end, 10);
  if (w < 1 || h < 1 || w > HB_MAX_SIDE || h > HB_MAX_SIDE)
    return FALSE;
  for (gsize i = colon + 1; i < n; i++)
    {
      if (g_ascii_isxdigit (p[i]))
        count++;
      else if (p[i] != 'h' && p[i] != 'v')
        return FALSE;   /* Flip's comma, anything else */
    }
  return count == (gsize) w * h;
}

/* The usual tile of the native form at line[*i]: four digits 0 or 1 then a
 * blank or the line's end, read at once (a 2000×2000 level has four
 * million). Sets *m (bit k from digit k) and moves *i past it. */
static inline gboolean
native_tile (const char *line, gsize n, gsize *i, guint8 *m)
{
  guint32 v;

  if (*i + 4 > n || (*i + 4 < n && line[*i + 4] != ' ' && line[*i + 4] != '\t'))
    return FALSE;
  memcpy (&v, line + *i, 4);
  v = GUINT32_FROM_LE (v);
  if ((v & 0xfefefefeu) != 0x30303030u)
    return FALSE;
  *m = (guint8) ((v & 1) | ((v >> 7) & 2) | ((v >> 14) & 4) | ((v >> 21) & 8));
  *i += 4;
  return TRUE;
}

/* The usual row of the native form: `count` tiles of four digits, one space
 * apart, nothing else (5 * count - 1 bytes). Writes the tiles to out;
 * FALSE at the first byte out of that shape (the general reader then reads
 * the row again and says what is wrong).
 *
 * A tile and the space after it are read as one 64-bit word (the last
 * tile, which has no space, as a 32-bit one: the row may end the text):
 * its five bytes are checked at once, and one multiplication gathers the
 * digits' low bits, byte k's bit landing on bit 24 + k. Four tiles a
 * step while four more have spaces after them. */
#define NATIVE_MASK G_GUINT64_CONSTANT (0xfffefefefe)
#define NATIVE_TILE G_GUINT64_CONSTANT (0x2030303030)
#define NATIVE_BITS(w) ((guint8) ((((guint32) (w) & 0x01010101u) * 0x01020408u) >> 24))

static gboolean
native_row (const char *line, gsize n, int count, guint8 *out)
{
  const char *p = line;
  int x = 0;
  guint32 v;

  for (; x + 4 < count; x += 4, p += 20)
    {
      guint64 a, b, c, d;

      memcpy (&a, p, 8);
      memcpy (&b, p + 5, 8);
      memcpy (&c, p + 10, 8);
      memcpy (&d, p + 15, 8);
      a = GUINT64_FROM_LE (a);
      b = GUINT64_FROM_LE (b);
      c = GUINT64_FROM_LE (c);
      d = GUINT64_FROM_LE (d);
      if (((a & NATIVE_MASK) ^ NATIVE_TILE) | ((b & NATIVE_MASK) ^ NATIVE_TILE)
          | ((c & NATIVE_MASK) ^ NATIVE_TILE) | ((d & NATIVE_MASK) ^ NATIVE_TILE))
        return FALSE;
      out[x] = NATIVE_BITS (a);
      out[x + 1] = NATIVE_BITS (b);
      out[x + 2] = NATIVE_BITS (c);
      out[x + 3] = NATIVE_BITS (d);
    }
  for (; x + 1 < count; x++, p += 5)
    {
      guint64 a;

      memcpy (&a, p, 8);
      a = GUINT64_FROM_LE (a);
      if ((a & NATIVE_MASK) != NATIVE_TILE)
        return FALSE;
      out[x] = NATIVE_BITS (a);
    }
  memcpy (&v, p, 4);
  v = GUINT32_FROM_LE (v);
  if ((v & 0xfefefefeu) != 0x30303030u)
    return FALSE;
  out[count - 1] = NATIVE_BITS (v);
  return TRUE;
}

/* The native form as the writer writes it, the usual case read in one pass:
 * rows of native_row's shape, all as wide, between blank lines and comment
 * lines (checked as valid UTF-8 without NUL, as hb_check_text would).
 * NULL, without an error, as soon as the text is anything else: the
 * general readers then read it from the start and say what is wrong.
 * Such a text has no box-drawing character and no row of dots, so it is
 * the native form; and every byte of it is checked, so hb_check_text
 * has nothing to add. */
static LoopState *
parse_written (const char *text, gsize len)
{
  HbLineReader r;
  const char *line;
  gsize n, ntiles = 0;
  guint8 *tiles = NULL;
  int width = -1, height = 0;
  gboolean gap = FALSE;

  hb_line_reader_init (&r, text, len);
  while (hb_line_reader_next (&r, &line, &n))
    {
      int count = (int) ((n + 1) / 5);

      /* A row after a blank line inside the board: parse_native says so. */
      if (n % 5 == 4 && count <= HB_MAX_SIDE && height < HB_MAX_SIDE
          && (width < 0 || width == count) && !gap)
        {
          if (tiles == NULL)
            tiles = g_malloc (len / 4 + 1);
          if (native_row (line, n, count, tiles + ntiles))
            {
              width = count;
              height++;
              ntiles += (gsize) count;
              continue;
            }
        }
      if ((is_blank (line, n) || is_comment (line, n)) && g_utf8_validate_len (line, n, NULL))
        {
          gap |= height > 0 && !is_comment (line, n);
          continue;
        }
      g_free (tiles);
      return NULL;
    }
  if (height == 0)
    {
      g_free (tiles);
      return NULL;
    }
  /* The buffer has room for len / 4 tiles: give back the rest. */
  return loop_state_new_take (width, height, g_realloc (tiles, ntiles));
}

static LoopState *
parse_native (const char *text, gsize len, GError **error)
{
  HbLineReader r;
  const char *line;
  gsize n;
  /* A tile takes four characters at least: len / 4 bounds their number. */
  guint8 *tiles = g_malloc (len / 4 + 1);
  gsize ntiles = 0;
  int width = -1, height = 0;
  gboolean gap = FALSE;
  LoopState *s;

  hb_line_reader_init (&r, text, len);
  while (hb_line_reader_next (&r, &line, &n))
    {
      int count = 0;
      gsize i = 0;

      if (is_comment (line, n))
        continue;
      /* A blank line may come before the rows or after them, not among
       * them, as in the other games: it was skipped, so a board cut in
       * two (two boards, or a row lost) read as one. */
      if (is_blank (line, n))
        {
          gap = height > 0;
          continue;
        }
      if (gap)
        {
          hb_set_row_after_blank_error (error, r.line);
          g_free (tiles);
          return NULL;
        }
      /* A row as the writer writes it, as wide as the first: read at once. */
      if (n % 5 == 4 && (gsize) (n + 1) / 5 <= HB_MAX_SIDE
          && (width < 0 || (gsize) width == (n + 1) / 5)
          && native_row (line, n, (int) ((n + 1) / 5), tiles + ntiles))
        {
          count = (int) ((n + 1) / 5);
          ntiles += (gsize) count;
          i = n;
        }
      while (i < n)
        {
          gsize start;
          guint8 m = 0;

          while (i < n && (line[i] == ' ' || line[i] == '\t'))
            i++;
          if (i >= n)
            break;
          start = i;
          /* The usual tile ends on a blank: the loop below then reads no
           * character and the checks after it pass. */
          native_tile (line, n, &i, &m);
          while (i < n && line[i] != ' ' && line[i] != '\t')
            {
              if (line[i] != '0' && line[i] != '1')
                {
                  /* Shown as the other games show it: a no-break space
                   * came out as "found ' '", a blank, which a row may
                   * hold. */
                  char found[HB_CHAR_TEXT];

                  hb_describe_char (line, n, i, found);
                  hb_set_parse_error (error, HB_PARSE_ERROR_SYNTAX, r.line,
                                      char_column (line, i),
                                      /* TRANSLATORS: N E S W are north, east,
                                       * south, west: the order of the digits */
                                      _("a tile is four binary digits N E S W "
                                        "(like 1010); found '%.*s'"),
                                      (int) strlen (found), found);
                  g_free (tiles);
                  return NULL;
                }
              if (i - start < 4 && line[i] == '1')
                m |= 1 << (i - start);
              i++;
            }
          if (i - start != 4)
            {
              hb_set_parse_error (error, HB_PARSE_ERROR_SYNTAX, r.line,
                                  char_column (line, start),
                                  /* TRANSLATORS: N E S W are north, east,
                                   * south, west: the order of the digits */
                                  _("a tile is four binary digits N E S W; this "
                                    "one has %d"), (int) (i - start));
              g_free (tiles);
              return NULL;
            }
          if (width >= 0 && count == width)
            {
              hb_set_parse_error (error, HB_PARSE_ERROR_SHAPE, r.line,
                                  char_column (line, start),
                                  _("this row has more tiles than the first row (%d)"),
                                  width);
              g_free (tiles);
              return NULL;
            }
          if (count >= HB_MAX_SIDE)
            {
              hb_set_row_too_long (error, r.line, char_column (line, start));
              g_free (tiles);
              return NULL;
            }
          tiles[ntiles++] = m;
          count++;
        }
      if (width < 0)
        width = count;
      else if (count != width)
        {
          /* Just past the row's last tile: its trailing blanks are not
           * part of it. */
          gsize e = n;

          while (e > 0 && (line[e - 1] == ' ' || line[e - 1] == '\t' || line[e - 1] == '\r'))
            e--;
          hb_set_parse_error (error, HB_PARSE_ERROR_SHAPE, r.line,
                              char_column (line, e),
                              g_dngettext (NULL,
                                           "this row has %d tile; the first row has %d",
                                           "this row has %d tiles; the first row has %d",
                                           count),
                              count, width);
          g_free (tiles);
          return NULL;
        }
      height++;
      if (height > HB_MAX_SIDE)
        {
          hb_set_too_many_rows (error, r.line);
          g_free (tiles);
          return NULL;
        }
    }
  if (height == 0)
    {
      /* As every game says it (this said "the board is empty (0×0)"). */
      hb_set_parse_error (error, HB_PARSE_ERROR_SIZE, MAX (r.line, 1), 1,
                          _("the file holds no board (no rows of tiles)"));
      g_free (tiles);
      return NULL;
    }
  if (!hb_check_board_size (MAX (width, 0), height, MAX (r.line, 1), 1, error))
    {
      g_free (tiles);
      return NULL;
    }
  s = loop_state_new (width, height);
  memcpy (s->tiles, tiles, (gsize) width * height);
  g_free (tiles);
  return s;
}

static LoopState *
parse_compact (const char *text, gsize len, GError **error)
{
  HbLineReader r;
  const char *line;
  gsize n;
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_byte_array_unref);
  guint pending_blank = 0;
  int width = 0, height;
  LoopState *s;

  hb_line_reader_init (&r, text, len);
  while (hb_line_reader_next (&r, &line, &n))
    {
      GByteArray *row;

      if (is_comment (line, n))
        continue;
      if (is_blank (line, n))
        {
          if (rows->len > 0)
            pending_blank++;   /* an empty row, if more rows follow */
          continue;
        }
      for (; pending_blank > 0; pending_blank--)
        g_ptr_array_add (rows, g_byte_array_new ());
      /* Blanks at the line's end are ignored, as in every text format: a
       * trailing space had widened the board by an empty tile each (write
       * `.` for empty tiles there). */
      while (n > 0 && (line[n - 1] == ' ' || line[n - 1] == '\t'))
        n--;
      row = g_byte_array_new ();
      g_ptr_array_add (rows, row);
      for (const char *p = line; p < line + n; p = g_utf8_next_char (p))
        {
          int m = box_mask (g_utf8_get_char (p));
          guint8 b = (guint8) m;
          if (m < 0)
            {
              char found[HB_CHAR_TEXT];

              hb_describe_char (line, n, (gsize) (p - line), found);
              hb_set_parse_error (error, HB_PARSE_ERROR_SYNTAX, r.line,
                                  char_column (line, p - line),
                                  _("'%.*s' is not a tile; the compact form uses "
                                    "╵╶╷╴│─└┌┐┘├┬┤┴┼, and a space or '.' for an empty tile"),
                                  (int) strlen (found), found);
              g_ptr_array_unref (rows);
              return NULL;
            }
          if (row->len >= HB_MAX_SIDE)
            {
              hb_set_row_too_long (error, r.line, char_column (line, p - line));
              g_ptr_array_unref (rows);
              return NULL;
            }
          g_byte_array_append (row, &b, 1);
        }
      width = MAX (width, (int) row->len);
      if (rows->len > HB_MAX_SIDE)
        {
          hb_set_too_many_rows (error, r.line);
          g_ptr_array_unref (rows);
          return NULL;
        }
    }
  height = rows->len;
  if (height == 0)
    {
      hb_set_parse_error (error, HB_PARSE_ERROR_SIZE, MAX (r.line, 1), 1,
                          _("the file holds no board (no rows of tiles)"));
      g_ptr_array_unref (rows);
      return NULL;
    }
  if (!hb_check_board_size (width, height, MAX (r.line, 1), 1, error))
    {
      g_ptr_array_unref (rows);
      return NULL;
    }
  s = loop_state_new (width, height);
  for (int y = 0; y < height; y++)
    {
      GByteArray *row = g_ptr_array_index (rows, y);
      if (row->len > 0)
        memcpy (s->tiles + (gsize) y * width, row->data, row->len);
    }
  g_ptr_array_unref (rows);
  return s;
}

static HbState *
loop_parse (const char *text, gsize len, GError **error)
{
  HbLineReader r;
  const char *line;
  gsize n;
  gboolean compact = FALSE;
  LoopState *s;

  s = parse_written (text, len);
  if (s != NULL)
    return &s->base;
  if (!hb_check_text (text, len, error))
    return NULL;

  /* A Tatham ID is a single line; look at the first line that counts. */
  hb_line_reader_init (&r, text, len);
  while (hb_line_reader_next (&r, &line, &n))
    {
      const char *p = line;
      gsize m = n, colon;

      if (is_blank (line, n) || is_comment (line, n))
        continue;
      hb_strip_slice (&p, &m);
      if (looks_like_tatham (p, m, &colon))
        {
          int id_line = r.line;
          s = loop_parse_net_id (line, n, id_line, error);
          if (s == NULL)
            return NULL;
          while (hb_line_reader_next (&r, &line, &n))
            if (!is_blank (line, n) && !is_comment (line, n))
              {
                hb_set_parse_error (error, HB_PARSE_ERROR_SYNTAX, r.line, 1,
                                    _("unexpected text after the Net game ID"));
                loop_free (&s->base);
                return NULL;
              }
          return &s->base;
        }
      break;
    }

  /* Any box-drawing character makes it the compact form, and so does a
   * row of '.' and spaces (a board of empty tiles as written in the compact
   * form); the native form has neither. */
  hb_line_reader_init (&r, text, len);
  while (!compact && hb_line_reader_next (&r, &line, &n))
    {
      gboolean dots_only = TRUE, dot = FALSE;

      if (is_comment (line, n))
        continue;
      /* A row of ASCII with no '.' (the native form's digits) has no tile
       * character and no dot: it cannot change the answer. */
      if (ascii_without_dot (line, n))
        continue;
      for (const char *p = line; p < line + n; p = g_utf8_next_char (p))
        {
          gunichar c = g_utf8_get_char (p);
          if (box_mask (c) > 0)
            {
              compact = TRUE;
              break;
            }
          dot |= c == '.';
          dots_only &= c == '.' || c == ' ';
        }
      compact |= dot && dots_only;
    }
  s = compact ? parse_compact (text, len, error) : parse_native (text, len, error);
  return s ? &s->base : NULL;
}

static char *
write_tiles (const guint8 *tiles, int w, int h, HbWriteFormat format)
{
  GString *out;

  if (format != HB_WRITE_COMPACT)
    {
      /* The native form written straight into the buffer (four million
       * tiles at 2000×2000): five bytes a tile, its four digits and a
       * blank, stored as one 64-bit word from a table (the word's three
       * other bytes are overwritten by the next tile, or land in the
       * buffer's slack), the row's last blank then made a newline. The
       * table has a word for every byte (a mask's bits above the fourth
       * are not written), so a tile needs no masking. */
      guint64 word[256];
      char *text = hb_malloc_big ((gsize) 5 * w * h + 8), *p = text;

      for (guint m = 0; m < 256; m++)
        {
          /* Byte d is '0' or '1' from bit d, byte 4 a blank. */
          guint64 v = G_GUINT64_CONSTANT (0x2030303030) | (m & 1) | ((m & 2) << 7)
                      | ((guint64) (m & 4) << 14) | ((guint64) (m & 8) << 21);
          word[m] = GUINT64_TO_LE (v);
        }
      for (int y = 0; y < h; y++)
        {
          const guint8 *row = tiles + (gsize) y * w;
          int x = 0;

          for (; x + 1 < w; x += 2, p += 10)
            {
              memcpy (p, &word[row[x]], 8);
              memcpy (p + 5, &word[row[x + 1]], 8);
            }
          if (x < w)
            {
              memcpy (p, &word[row[x]], 8);
              p += 5;
            }
          p[-1] = '\n';
        }
      *p = '\0';
      return text;
    }
  out = g_string_sized_new ((gsize) w * h * 3 + h);

  for (int y = 0; y < h; y++)
    {
      for (int x = 0; x < w; x++)
        {
          guint8 m = tiles[(gsize) y * w + x];
          /* An empty tile is a space, except at the end of a row: a '.'
           * there keeps the row's width, and keeps a row of empty tiles
           * from being a blank line, which the reader drops at the start
           * and end of a board (and an editor may strip). */
          g_string_append (out, m == 0 && x == w - 1 ? "." : box_chars[m]);
        }
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

static char *
loop_write (const HbState *state, HbWriteFormat format, GError **error)
{
  const LoopState *s = LOOP_CONST (state);

  if (format == HB_WRITE_JSON)
    {
      g_set_error (error, HB_PARSE_ERROR, HB_PARSE_ERROR_UNSUPPORTED,
                   _("Infinite Loop has no JSON form; it is written as text (native or "
                     "compact) or a Tatham game ID"));
      return NULL;
    }
  if (format == HB_WRITE_TATHAM)
    {
      char *id = loop_write_net_id (s);
      char *line = g_strconcat (id, "\n", NULL);
      g_free (id);
      return line;
    }
  return write_tiles (s->tiles, state->width, state->height, format);
}

static char *
loop_write_solution (const HbState *state, const HbResult *result,
                     HbWriteFormat format)
{
  HbState *solved;
  char *text;

  if (result == NULL)
    return NULL;
  if (result->solved != NULL)
    solved = hb_state_copy (result->solved);
  else if (result->status == HB_STATUS_SOLVED)
    {
      solved = hb_state_copy (state);
      for (guint i = 0; i < result->moves->len; i++)
        {
          const HbMove *m = &g_array_index (result->moves, HbMove, i);
          if (m->x >= 0 && m->y >= 0 && m->x < state->width && m->y < state->height)
            {
              guint8 *t = &LOOP (solved)->tiles[(gsize) m->y * state->width + m->x];
              *t = loop_rotate (*t, m->value);
            }
        }
    }
  else
    return NULL;
  text = loop_write (solved, format, NULL);
  hb_state_free (solved);
  return text;
}

/* ---- Moves ------------------------------------------------------------------- */

/* Whether the arm pair across edge d of (x, y) is drawn: both arms there
 * (the neighbour on the board). */
static gboolean
loop_edge_joined (const LoopState *s, int x, int y, int d)
{
  int w = s->base.width;

  return ((s->tiles[(gsize) y * w + x] >> d) & 1)
         && ((s->tiles[(gsize) (y + hb_dir_dy[d]) * w + x + hb_dir_dx[d]] >> HB_DIR_OPPOSITE (d)) & 1);
}

static HbState *
loop_apply (const HbState *state, const HbMove *move)
{
  const LoopState *s = LOOP_CONST (state);
  int w = state->width, h = state->height;
  LoopState *r;
  gsize i;

  if (move->op == LOOP_OP_CLEAR)
    {
      for (gsize k = 0; k < (gsize) w * h; k++)
        if (s->tiles[k] != 0)
          return &loop_state_new (w, h)->base;
      return NULL;
    }
  if (move->x < 0 || move->y < 0 || move->x >= w || move->y >= h)
    return NULL;
  i = (gsize) move->y * w + move->x;
  switch (move->op)
    {
    case LOOP_OP_ROTATE:
      if (loop_rotate (s->tiles[i], move->value) == s->tiles[i])
        return NULL;
      r = LOOP (loop_copy (state));
      r->tiles[i] = loop_rotate (s->tiles[i], move->value);
      return &r->base;

    case LOOP_OP_TOGGLE_EDGE:
    case LOOP_OP_SET_EDGE:
      {
        /* The arm pair across edge d of (x, y): SET_EDGE draws it
         * (value & 4) or takes it away, a no-op refused; TOGGLE_EDGE takes
         * a joined pair away and draws any other (a half-open pair is
         * completed). */
        gboolean toggle = move->op == LOOP_OP_TOGGLE_EDGE;
        int d = move->value & 3, nx = move->x + hb_dir_dx[d], ny = move->y + hb_dir_dy[d];
        gboolean joined, on;
        gsize j;

        if (move->value < 0 || move->value > (toggle ? 3 : 7)
            || nx < 0 || ny < 0 || nx >= w || ny >= h)
          return NULL;
        joined = loop_edge_joined (s, move->x, move->y, d);
        on = toggle ? !joined : (move->value & 4) != 0;
        if (on == joined)
          return NULL;
        j = (gsize) ny * w + nx;
        r = LOOP (loop_copy (state));
        if (on)
          {
            r->tiles[i] |= 1 << d;
            r->tiles[j] |= 1 << HB_DIR_OPPOSITE (d);
          }
        else
          {
            r->tiles[i] &= ~(1 << d);
            r->tiles[j] &= ~(1 << HB_DIR_OPPOSITE (d));
          }
        return &r->base;
      }

    case LOOP_OP_SET_TILE:
      if (move->value < 0 || move->value > 15 || s->tiles[i] == move->value)
        return NULL;
      r = LOOP (loop_copy (state));
      r->tiles[i] = (guint8) move->value;
      return &r->base;

    default:
      return NULL;
    }
}

static int
loop_pointer (const HbState *state, HbPointer *p, HbPointerPhase phase,
              const HbHit *hit, HbMove *out, int max)
{
  HbCellDrag *d = p->ui;

  if (max < 1)
    return 0;

  /* Play: a click turns the tile as the button comes up on it (let go
   * on another tile it does nothing), button 1 clockwise, button 3 the
   * other way. */
  if (p->mode == HB_MODE_PLAY)
    {
      if (p->button != 1 && p->button != 3)
        return 0;
      return hb_cell_drag_click (d, phase, hit, LOOP_OP_ROTATE, p->button == 3 ? -1 : 1, out);
    }

  /* Edit mode. */
  if (d == NULL)
    return 0;
  switch (phase)
    {
    case HB_POINTER_PRESS:
      d->x = hit->inside ? hit->x : -1;
      d->y = hit->inside ? hit->y : -1;
      d->moved = FALSE;
      d->value = -1;
      return 0;

    case HB_POINTER_MOTION:
      if (d->x < 0 || !hit->inside
          || (hit->x == d->x && hit->y == d->y))
        return 0;
      for (int dir = 0; dir < 4; dir++)
        if (d->x + hb_dir_dx[dir] == hit->x && d->y + hb_dir_dy[dir] == hit->y)
          {
            /* The drag's first edge decides whether it draws or erases
             * (a joined pair there: erase), as Enlight's first cell does:
             * each edge toggled on its own, a drag back along a pipe from
             * its start erased the part already drawn. */
            if (d->value < 0)
              d->value = loop_edge_joined (LOOP_CONST (state), d->x, d->y, dir) ? 0 : 1;
            out[0] = (HbMove) { LOOP_OP_SET_EDGE, d->x, d->y, dir | (d->value << 2) };
            d->x = hit->x;
            d->y = hit->y;
            d->moved = TRUE;
            return 1;
          }
      /* A jump of more than one cell (a fast drag): keep drawing from the
       * new cell without connecting across the gap. */
      d->x = hit->x;
      d->y = hit->y;
      d->moved = TRUE;
      return 0;

    case HB_POINTER_RELEASE:
      if (d->moved || d->x < 0 || !hit->inside
          || hit->x != d->x || hit->y != d->y)
        return 0;
      /* With a tile kind chosen, a click places it; a click on a tile that
       * already is of that kind turns it instead, so a piece can be placed
       * and then aimed without changing tools. The Turn tool (or none)
       * only turns. */
      if (p->tool >= 0 && p->tool <= 15)
        {
          const LoopState *s = LOOP_CONST (state);
          guint8 t = s->tiles[(gsize) hit->y * state->width + hit->x];
          gboolean same_kind = FALSE;
          for (int k = 0; k < 4; k++)
            same_kind |= loop_rotate ((guint8) p->tool, k) == t;
          if (!same_kind)
            {
              out[0] = (HbMove) { LOOP_OP_SET_TILE, hit->x, hit->y, p->tool };
              return 1;
            }
        }
      out[0] = (HbMove) { LOOP_OP_ROTATE, hit->x, hit->y, p->button == 3 ? -1 : 1 };
      return 1;
    }
  return 0;
}

static int
loop_palette (const HbState *state, HbMode mode, HbPaletteEntry *out, int max)
{
  static const struct { const char *name; int id; } kinds[] = {
    /* TRANSLATORS: the Infinite Loop edit tool that turns tiles on click */
    { N_("Turn"), LOOP_TOOL_TURN },
    /* TRANSLATORS: Infinite Loop tile kinds in the palette: a tile with no arm */
    { N_("Empty"), LOOP_KIND_EMPTY },
    /* TRANSLATORS: a tile with one arm */
    { N_("End"), LOOP_KIND_END },
    /* TRANSLATORS: a tile with two opposite arms */
    { N_("Straight"), LOOP_KIND_STRAIGHT },
    /* TRANSLATORS: a tile with two arms at a right angle */
    { N_("Corner"), LOOP_KIND_CORNER },
    /* TRANSLATORS: a T-shaped tile, three arms */
    { N_("Tee"), LOOP_KIND_TEE },
    /* TRANSLATORS: a tile with four arms */
    { N_("Cross"), LOOP_KIND_CROSS },
  };
  int n = 0;
  /* The shell makes room for HB_PALETTE_MAX entries (hb-game.h). */
  G_STATIC_ASSERT (G_N_ELEMENTS (kinds) <= HB_PALETTE_MAX);

  if (mode != HB_MODE_EDIT)
    return 0;
  for (guint k = 0; k < G_N_ELEMENTS (kinds) && n < max; k++, n++)
    {
      g_strlcpy (out[n].name, _(kinds[k].name), sizeof out[n].name);
      out[n].id = kinds[k].id;
    }
  return n;
}

/* ---- Hints ---------------------------------------------------------------------- */

static gpointer
loop_hint_compute (const HbState *state, HbCancel *cancellable, GError **error)
{
  const LoopState *s = LOOP_CONST (state);
  gsize n = (gsize) state->width * state->height;
  LoopAnswer a;
  LoopHint *hint;

  loop_fast_solve (s, 1, 0, cancellable, NULL, &a);
  if (a.status == HB_STATUS_CANCELLED)
    {
      loop_answer_clear (&a);
      g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_CANCELLED, "cancelled");
      return NULL;
    }
  hint = g_new0 (LoopHint, 1);
  hint->width = state->width;
  hint->height = state->height;
  hint->status = a.status;
  hint->tiles = g_memdup2 (s->tiles, n);
  hint->solved = a.solved;
  hint->forced = a.forced;
  a.solved = NULL;
  a.forced = NULL;
  loop_answer_clear (&a);
  return hint;
}

static void
loop_hint_free (gpointer data)
{
  LoopHint *hint = data;

  if (hint == NULL)
    return;
  g_free (hint->tiles);
  g_free (hint->solved);
  g_free (hint->forced);
  g_free (hint);
}

/* The turn tile i needs according to the hint, or -1 if the hint does not
 * apply to it (another board, or the tile was edited since). */
static int
hint_turns (const LoopState *s, const LoopHint *hint, gsize i)
{
  if (hint->solved == NULL)
    return -1;
  return loop_turns_between (s->tiles[i], hint->solved[i]);
}

static gboolean
hint_fits (const HbState *state, const LoopHint *hint)
{
  return hint != NULL && hint->width == state->width && hint->height == state->height;
}

static gboolean loop_hint_next_move (const HbState *state, gconstpointer data, HbMove *move);

static char *
loop_hint_warning (const HbState *state, gconstpointer data)
{
  const LoopHint *hint = data;

  if (hint != NULL && hint_fits (state, hint) && hint->status == HB_STATUS_NO_SOLUTION)
    return g_strdup (_("This level has no solution"));
  return NULL;
}

static char *
hint_words (const HbState *state, gconstpointer data, gboolean plain)
{
  const LoopHint *hint = data;
  const LoopState *s = LOOP_CONST (state);
  guint64 turn = 0, forced = 0;

  if (!hint_fits (state, hint))
    return g_strdup (_("The hint is for another board"));
  if (hint->status == HB_STATUS_NO_SOLUTION)
    return g_strdup (_("This level has no solution"));
  if (hint->solved == NULL)
    return g_strdup (_("No hint: the solver gave up"));
  /* The forced tiles counted are those still to turn, the ones the
   * overlay tints ("23 tiles are forced" counted the tiles already right
   * too, while the board showed a handful). */
  for (gsize i = 0; i < (gsize) state->width * state->height; i++)
    {
      gboolean to_turn = hint_turns (s, hint, i) > 0;
      turn += to_turn;
      forced += to_turn && hint->forced[i];
    }
  if (turn == 0)
    return g_strdup (_("Every tile is in its solved rotation"));
  {
    /* Two sentences, each with its own plural: "3 tiles to turn; 1 tile is
     * forced …". */
    g_autofree char *nturn = g_strdup_printf ("%" G_GUINT64_FORMAT, turn);
    g_autofree char *nforced = g_strdup_printf ("%" G_GUINT64_FORMAT, forced);
    g_autofree char *first = g_strdup_printf (g_dngettext (NULL, "%s tile to turn",
                                                           "%s tiles to turn",
                                                           (gulong) MIN (turn, G_MAXULONG)),
                                              nturn);
    /* TRANSLATORS: after "5 tiles to turn": how many of those have
     * only one way to fit */
    g_autofree char *second =
      /* "all 17 of them" read as a count to check (review) */
      forced == turn && turn == 1 ? g_strdup (_("it is forced by propagation alone"))
      : forced == turn ? g_strdup (_("all of them are forced by propagation alone"))
      : forced == 0 ? g_strdup (_("none of them is forced by propagation alone"))
      : g_strdup_printf (g_dngettext (NULL,
                                      "%s of them is forced by propagation alone",
                                      "%s of them are forced by propagation alone",
                                      (gulong) MIN (forced, G_MAXULONG)),
                         nforced);
    HbMove next;
    g_autofree char *step = NULL;

    /* The next step first, with why: what the board shows by default. */
    if (loop_hint_next_move (state, hint, &next))
      {
        gsize at = (gsize) next.y * state->width + next.x;
        gboolean is_forced = hint->forced[at];
        int turns = hint_turns (s, hint, at);
        /* How far, as the tile's badge shows it: one or two quarter
         * turns clockwise, or one anticlockwise (it left the badge's
         * number out, so "turn" read as one click). */
        const char *how = plain ? (turns == 2 ? "halfway round"
                                   : turns == 3 ? "a quarter turn anticlockwise"
                                   : "a quarter turn clockwise")
                        : turns == 2 ? _("halfway round (two clicks, or Space twice)")
                        : turns == 3 ? _("a quarter turn anticlockwise (a right click, or Shift+Space)")
                        : _("a quarter turn clockwise (a click, or Space)");
        step = is_forced
          /* TRANSLATORS: the next hinted step, rows and columns from 1,
           * then how far: "halfway round (two clicks)" */
          ? g_strdup_printf (_("Next: turn the tile at row %d, column %d %s; only one way fits its neighbours."),
                             next.y + 1, next.x + 1, how)
          : g_strdup_printf (_("Next: turn the tile at row %d, column %d %s; no tile is forced now, and the level's solution turns it."),
                             next.y + 1, next.x + 1, how);
      }
    /* TRANSLATORS: the two halves of the hint: "3 tiles to turn" and
     * "2 of them are forced by propagation alone" */
    {
      g_autofree char *summary = g_strdup_printf (_("%s; %s"), first, second);
      if (step != NULL)
        return g_strdup_printf ("%s\n%s", step, summary);
      return g_steal_pointer (&summary);
    }
  }
}

static char *
loop_hint_describe (const HbState *state, gconstpointer data)
{
  return hint_words (state, data, FALSE);
}

/* For the CLI: the turns without the clicks and keys that make them. */
static char *
loop_hint_summary (const HbState *state, gconstpointer data)
{
  return hint_words (state, data, TRUE);
}

static gboolean
loop_hint_next_move (const HbState *state, gconstpointer data, HbMove *move)
{
  const LoopHint *hint = data;
  const LoopState *s = LOOP_CONST (state);
  gsize n = (gsize) state->width * state->height;

  if (!hint_fits (state, hint) || hint->solved == NULL)
    return FALSE;
  /* Forced tiles first: their turn follows from the board alone. */
  for (int pass = 0; pass < 2; pass++)
    for (gsize i = 0; i < n; i++)
      {
        int t = hint_turns (s, hint, i);
        if (t > 0 && (pass == 1 || hint->forced[i]))
          {
            move->op = LOOP_OP_ROTATE;
            move->x = (int) (i % state->width);
            move->y = (int) (i / state->width);
            move->value = t;
            return TRUE;
          }
      }
  return FALSE;
}

/* The board's words for a tile's hint marks (loop_render): the turn its
 * badge shows, and whether the turn is sure (the tile's tint, on every
 * forced tile still to turn, with one step shown too). Not the red dots
 * of open arms: they are the board's state, on nearly every tile of a
 * scrambled board, and a tooltip on each would follow the pointer
 * everywhere. */
static char *
loop_hint_at (const HbState *state, gconstpointer data, guint flags, int x, int y)
{
  const LoopHint *hint = hint_fits (state, data) ? data : NULL;
  const LoopState *s = LOOP_CONST (state);
  gsize i = (gsize) y * state->width + x;
  /* TRANSLATORS: a tooltip on a tinted tile (a line of its own under a
   * badge's words) */
  const char *turn, *why = _("Sure: its neighbours leave it one way");
  gboolean sure;
  HbMove next;
  int turns = 0, own;

  if (hint == NULL || hint->solved == NULL)
    return NULL;
  own = hint_turns (s, hint, i);
  /* Next Hint's tile is found by a scan of the board: only for a tile
   * that has a turn to make at all (a few ms a query on 1000×1000). */
  if (flags & HB_HINT_SHOW_ALL)
    turns = own;
  else if (own > 0 && loop_hint_next_move (state, hint, &next) && next.x == x && next.y == y)
    turns = next.value;
  sure = hint->forced != NULL && hint->forced[i] && own > 0;
  if (turns == 1)
    turn = _("Turn this tile a quarter turn clockwise");
  else if (turns == 2)
    turn = _("Turn this tile half a turn");
  else if (turns == 3)
    turn = _("Turn this tile a quarter turn anticlockwise");
  else
    return sure ? g_strdup (why) : NULL;
  return sure ? g_strdup_printf ("%s\n%s", turn, why) : g_strdup (turn);
}

/* ---- The game ------------------------------------------------------------------- */

static const HbSolver *const loop_solvers[] = {
  &loop_solver_fast,
  &loop_solver_backtrack,
  &loop_solver_dlx,
  &loop_solver_maxflow,
  NULL,
};

/* Scramble: every tile turned by a random quarter-turn count, so a drawn
 * (solved) level becomes one to play. Symmetric tiles (straights, crosses)
 * turn too; what changes is only their orientation. */
static HbState *
loop_scramble (const HbState *state, guint64 seed)
{
  HbState *copy = loop_game.copy (state);
  LoopState *s = LOOP (copy);
  GRand *rand = g_rand_new_with_seed_array ((const guint32 *) &seed, 2);
  gsize n = (gsize) state->width * state->height;
  gboolean changed = FALSE;

  for (gsize i = 0; i < n; i++)
    {
      guint8 before = s->tiles[i];
      s->tiles[i] = loop_rotate (before, g_rand_int_range (rand, 0, 4));
      changed |= s->tiles[i] != before;
    }
  g_rand_free (rand);
  if (!changed)
    {
      loop_game.free (copy);
      return NULL;
    }
  return copy;
}

/* A solver's answer in tiles, as the hint counts them: one of its moves
 * turns one tile as far as it must go, where a move in play is a quarter
 * turn ("Solved: 18 moves" beside "16 tiles to turn": review). */
static char *
loop_solved_text (const HbResult *result)
{
  guint n = result->moves->len;
  g_autofree char *count = hb_format_count ((gint64) n);

  /* TRANSLATORS: an Infinite Loop solver's answer: "Solved: 18 tiles to turn" */
  return g_strdup_printf (g_dngettext (NULL, "Solved: %s tile to turn", "Solved: %s tiles to turn",
                                       n), count);
}

const HbGame loop_game = {
  .id = "loop",
  .name = N_("Infinite Loop"),
  .extension = ".loop",
  .tatham_name = "Net",
  .description = N_("Turn the tiles until every arm meets an arm of its neighbour "
                    "and no arm points off the board. A click (or Space) turns a tile "
                    "clockwise, a right click (Shift+Space) the other way."),
  .edit_description = N_("Drawing: a drag from a tile into its neighbour adds or removes "
                         "their arms; the palette turns or places tiles. Scramble (main "
                         "menu) mixes the level for play."),
  .default_width = 8,
  .default_height = 8,
  .max_ui_side = 200,
  .solvers = loop_solvers,
  .new_blank = loop_new_blank,
  .copy = loop_copy,
  .free = loop_free,
  .equal = loop_equal,
  .generate = loop_generate,
  .resize = loop_resize,
  .describe_cut = loop_describe_cut,
  .parse = loop_parse,
  .sniff = loop_sniff,
  .write = loop_write,
  .write_solution = loop_write_solution,
  .is_solved = loop_is_solved,
  .apply = loop_apply,
  .ui_new = hb_cell_drag_new,
  .ui_free = hb_cell_drag_free,
  .pointer = loop_pointer,
  .palette = loop_palette,
  .palette_render = loop_palette_render,
  .status_text = loop_status_text,
  .solved_text = loop_solved_text,
  .edit_status_text = loop_edit_status_text,
  .render = loop_render,
  .hint_compute = loop_hint_compute,
  .hint_free = loop_hint_free,
  .hint_describe = loop_hint_describe,
  .hint_summary = loop_hint_summary,
  .hint_warning = loop_hint_warning,
  .hint_shows_all = TRUE,
  .hint_next_move = loop_hint_next_move,
  .hint_at = loop_hint_at,
  .frame_new = loop_frame_new,
  .frame_copy = loop_frame_copy,
  .frame_free = loop_frame_free,
  .frame_step = loop_frame_step,
  .frame_steps_local = TRUE,
  .frame_render = loop_frame_render,
  .describe_step = loop_describe_step,
  .frame_status = loop_frame_status,
  .bench = loop_bench,
  .from_image = loop_from_image,
  .scramble = loop_scramble,
  .hint_legend = N_("Orange badge: turn this tile the way its arrow points, as many quarter "
                    "turns as its number says. Blue-tinted cell: a tile whose turn is sure "
                    "(its neighbours leave one way). Blue pipes: a closed group, no open ends (not "
                    "always the answer's: a badge on it says it still turns). "
                    "Red dot: an arm that meets nothing."),
  .animates_moves = TRUE,
  .draws_cursor = TRUE,
  .hover_local = hb_render_hover_local,
  .redraw_cells = loop_redraw_cells,
};
