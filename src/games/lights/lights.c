/* lights.c: Enlight / Lights Out state, rules, text formats, input, hints
 * and trace frames. Solvers live in lights-solve-*.c, drawing in
 * lights-render.c. */
#include "lights.h"
#include "hb-stat-label.h"
#include "hb-grid-state.h"

#include <glib/gi18n.h>
#include <string.h>

/* ---- States ------------------------------------------------------------ */

static const HbGridShape lights_shape = {
  &lights_game, sizeof (LightsState), 1, { G_STRUCT_OFFSET (LightsState, cells) },
};

LightsState *
lights_state_new (int width, int height)
{
  return LIGHTS (hb_grid_state_new (&lights_shape, width, height));
}

LightsState *
lights_state_new_take (int width, int height, guint8 *cells)
{
  /* A 1×1 state grown to the size: no width*height block allocated and
   * zeroed only to be freed (4 MB at 2000×2000). */
  LightsState *s = lights_state_new (1, 1);

  g_free (s->cells);
  s->base.width = width;
  s->base.height = height;
  s->cells = cells;
  return s;
}

static HbState *
lights_new_blank (int width, int height)
{
  if (width < 1 || height < 1 || width > HB_MAX_SIDE || height > HB_MAX_SIDE)
    return NULL;
  return &lights_state_new (width, height)->base;
}

static HbState *
lights_copy (const HbState *state)
{
  return hb_grid_state_copy (&lights_shape, state);
}

static void
lights_free (HbState *state)
{
  hb_grid_state_free (&lights_shape, state);
}

static gboolean
lights_equal (const HbState *a, const HbState *b)
{
  return hb_grid_state_equal (&lights_shape, a, b);
}

void
lights_press (guint8 *cells, int width, int height, int x, int y)
{
  gsize i = (gsize) y * width + x;

  cells[i] ^= 1;
  if (x > 0)
    cells[i - 1] ^= 1;
  if (x + 1 < width)
    cells[i + 1] ^= 1;
  if (y > 0)
    cells[i - width] ^= 1;
  if (y + 1 < height)
    cells[i + width] ^= 1;
}

gboolean
lights_check_presses (const guint8 *cells, const guint8 *press, int width, int height)
{
  gsize n = (gsize) width * height;
  g_autofree guint8 *b = g_memdup2 (cells, n);

  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      if (press[(gsize) y * width + x])
        lights_press (b, width, height, x, y);
  for (gsize i = 0; i < n; i++)
    if (b[i])
      return FALSE;
  return TRUE;
}

/* Random levels are made by pressing random cells of a dark board, so every
 * generated level is solvable whatever the null space of its size. */
static HbState *
lights_generate (const HbGenerateParams *p, GError **error)
{
  LightsState *s;
  HbRng rng;

  if (!hb_check_board_size (p->width, p->height, 0, 0, error))
    return NULL;
  s = lights_state_new (p->width, p->height);
  hb_rng_init (&rng, p->seed);
  for (int y = 0; y < p->height; y++)
    for (int x = 0; x < p->width; x++)
      if (hb_rng_next (&rng) >> 63)
        lights_press (s->cells, p->width, p->height, x, y);
  /* Never a level already solved (2x1 seed 1 gave "00": no press drawn,
   * or presses that cancel out): one press more, at a drawn cell, lights
   * at least that cell. */
  if (memchr (s->cells, 1, (gsize) p->width * (gsize) p->height) == NULL)
    {
      guint64 i = hb_rng_next (&rng) % ((guint64) p->width * (guint64) p->height);
      lights_press (s->cells, p->width, p->height, (int) (i % (guint64) p->width),
                    (int) (i / (guint64) p->width));
    }
  return &s->base;
}

static HbState *
lights_resize (const HbState *state, int width, int height, int dx, int dy)
{
  const LightsState *s = LIGHTS_CONST (state);
  LightsState *r;

  if (width < 1 || height < 1 || width > HB_MAX_SIDE || height > HB_MAX_SIDE)
    return NULL;
  r = lights_state_new (width, height);
  hb_grid_move_bytes (r->cells, width, height, s->cells, state->width, state->height, dx, dy);
  return &r->base;
}

/* HbGame.describe_cut: the lights cut off. */
static char *
lights_describe_cut (const HbState *state, const HbState *resized, int dx, int dy)
{
  guint64 n = hb_resize_cut_count (state, resized, dx, dy, LIGHTS_CONST (state)->cells);
  g_autofree char *count = hb_format_count ((gint64) n);

  if (n == 0)
    return NULL;
  /* TRANSLATORS: what a row removed or a smaller board cut off, after
   * "held": "The column removed held 3 lit cells" */
  return g_strdup_printf (g_dngettext (NULL, "%s lit cell", "%s lit cells", n), count);
}

/* ---- Tatham Flip IDs --------------------------------------------------- */

/* A Flip game ID is "WxH:MATRIX,GRID". MATRIX packs the W²H² bits
 * matrix[i*wh + j] (pressing i toggles j) four to a hex digit, high bit
 * first; GRID packs the W×H lights the same way. Flip has a "crosses" kind
 * (the Lights Out rule) and a "random" kind whose matrix is arbitrary; only
 * the first is Enlight, so the matrix must be exactly the cross. */

static gboolean
parse_dims (const char *text, gsize len, int *w, int *h, gsize *consumed)
{
  gsize i = 0;
  guint64 a = 0, b = 0;
  int da = 0, db = 0;

  /* Every digit, the value kept to 18 of them, so that a size far too
   * large is said to be so (at 10 digits "1000000000x1000000000:…", and
   * at 19 "99999999999999999999x3:…", were "not a Flip game ID"). */
  while (i < len && g_ascii_isdigit (text[i]))
    {
      if (da < 18)
        a = a * 10 + (text[i] - '0');
      i++, da++;
    }
  if (da == 0 || i >= len || text[i] != 'x')
    return FALSE;
  i++;
  while (i < len && g_ascii_isdigit (text[i]))
    {
      if (db < 18)
        b = b * 10 + (text[i] - '0');
      i++, db++;
    }
  if (db == 0)
    return FALSE;
  /* Flip's kind after the size, as its parameters write it ("5x5c" the
   * crosses, "5x5r" random): read, and the matrix says which it is (a
   * "5x5c:…" was "not a Flip game ID"). */
  if (i < len && (text[i] == 'c' || text[i] == 'r'))
    i++;
  *w = (int) MIN (a, (guint64) G_MAXINT);
  *h = (int) MIN (b, (guint64) G_MAXINT);
  *consumed = i;
  return TRUE;
}

static gboolean
cross_bit (int w, int h, gsize i, gsize j)
{
  int xi = i % w, yi = i / w, xj = j % w, yj = j / w;
  int d = ABS (xi - xj) + ABS (yi - yj);
  (void) h;
  return d <= 1;
}

static int
hex_value (char c)
{
  return g_ascii_xdigit_value (c);
}

/* Line and column (1-based, in characters) of byte `off` of text. The Flip
 * ID reader strips the text first; it counts positions in the text as
 * given, so an ID after blank lines (or broken over lines) is pointed at
 * truly. */
static void
flip_position (const char *text, gsize off, int *line, int *col)
{
  *line = 1;
  *col = 1;
  for (gsize k = 0; k < off; k++)
    {
      if (text[k] == '\n')
        (*line)++, *col = 1;
      else if (((guchar) text[k] & 0xc0) != 0x80)
        (*col)++;
    }
}

/* A parse error at byte `off` of text. */
static void G_GNUC_PRINTF (5, 6)
flip_error (GError **error, HbParseErrorCode code, const char *text,
            gsize off, const char *format, ...)
{
  int line, col;
  va_list ap;
  char *msg;

  if (error == NULL)
    return;
  flip_position (text, off, &line, &col);
  va_start (ap, format);
  msg = g_strdup_vprintf (format, ap);
  va_end (ap);
  hb_set_parse_error (error, code, line, col, "%s", msg);
  g_free (msg);
}

/* The Flip ID in bytes from..to of orig (the whole text, so that an error
 * names its line and column there). */
static LightsState *
parse_flip_id_in (const char *orig, gsize from, gsize to, GError **error)
{
  int w, h, line, col;
  gsize i, wh, mlen, glen, start, lead, len = to - from;
  LightsState *s;
  const char *comma, *text = orig + from;

  lead = from + hb_strip_slice (&text, &len);
  if (!parse_dims (text, len, &w, &h, &i) || i >= len || text[i] != ':')
    {
      flip_error (error, HB_PARSE_ERROR_FORMAT, orig, lead,
                  _("not a Flip game ID (expected WxH:MATRIX,GRID)"));
      return NULL;
    }
  flip_position (orig, lead, &line, &col);
  /* The sizes as written: past the largest int they were shown as
   * 2147483647, a number the ID does not hold (review); the Net reader
   * says it so too. */
  if (w == G_MAXINT || h == G_MAXINT)
    {
      hb_set_parse_error (error, HB_PARSE_ERROR_SIZE, line, col,
                          _("the board is too large (%.*s); the most is %d×%d"),
                          (int) MIN (i, (gsize) 64), text, HB_MAX_SIDE, HB_MAX_SIDE);
      return NULL;
    }
  if (!hb_check_board_size (w, h, line, col, error))
    return NULL;
  /* The matrix is W²H² bits: refuse sizes whose ID would be absurd before
   * doing any arithmetic that could overflow. */
  wh = (gsize) w * h;
  if (wh > 4096)
    {
      /* Formatted apart: xgettext cannot read G_GSIZE_FORMAT in a string. */
      g_autofree char *digits = g_strdup_printf ("%" G_GSIZE_FORMAT, (wh * wh + 3) / 4);

      flip_error (error, HB_PARSE_ERROR_SIZE, orig, lead,
                  /* TRANSLATORS: a Flip game ID of Simon Tatham's puzzles;
                   * %s is a (large) number */
                  g_dngettext (NULL,
                               "a %d×%d Flip ID is too large to read (its matrix alone is "
                               "%s digit); the most is 4096 cells, as 64×64",
                               "a %d×%d Flip ID is too large to read (its matrix alone is "
                               "%s digits); the most is 4096 cells, as 64×64",
                               (gulong) MIN ((wh * wh + 3) / 4, G_MAXULONG)),
                  w, h, digits);
      return NULL;
    }
  mlen = (wh * wh + 3) / 4;
  glen = (wh + 3) / 4;
  i++;
  start = i;
  comma = memchr (text + i, ',', len - i);
  if (comma == NULL)
    {
      flip_error (error, HB_PARSE_ERROR_SHAPE, orig, lead + len,
                  _("the Flip ID is truncated: no ',' before the grid"));
      return NULL;
    }
  if ((gsize) (comma - (text + start)) != mlen)
    {
      int given = (int) MIN (comma - (text + start), G_MAXINT);
      g_autofree char *needed = g_strdup_printf ("%" G_GSIZE_FORMAT, mlen);

      flip_error (error, HB_PARSE_ERROR_SHAPE, orig, lead + (comma - text),
                  /* TRANSLATORS: the matrix is the first part of a Flip
                   * game ID, in hex digits; the last %s is a number */
                  g_dngettext (NULL, "the Flip ID's matrix has %d digit; a %d×%d board needs %s",
                               "the Flip ID's matrix has %d digits; a %d×%d board needs %s",
                               given),
                  given, w, h, needed);
      return NULL;
    }
  for (gsize k = 0; k < mlen; k++)
    {
      int v = hex_value (text[start + k]);
      if (v < 0)
        {
          char c[HB_CHAR_TEXT];
          hb_describe_char (text, len, start + k, c);
          flip_error (error, HB_PARSE_ERROR_SYNTAX, orig, lead + start + k,
                      /* TRANSLATORS: %s is the character found */
                      _("'%s' is not a hex digit"), c);
          return NULL;
        }
      for (int b = 0; b < 4; b++)
        {
          gsize bit = k * 4 + b;
          gboolean set = (v >> (3 - b)) & 1;
          if (bit >= wh * wh)
            {
              if (set)
                {
                  flip_error (error, HB_PARSE_ERROR_SYNTAX, orig, lead + start + k,
                              _("padding bits of the matrix are set"));
                  return NULL;
                }
              continue;
            }
          if (set != cross_bit (w, h, bit / wh, bit % wh))
            {
              flip_error (error, HB_PARSE_ERROR_UNSUPPORTED, orig, lead + start + k,
                          /* TRANSLATORS: Tatham's Flip has several kinds of
                           * press pattern; "crosses" is one of them, and
                           * Enlight the name of this game */
                          _("this Flip ID is not of the crosses kind (its "
                            "presses toggle other cells than a cross); only "
                            "crosses are Enlight"));
              return NULL;
            }
        }
    }
  i = (comma - text) + 1;
  /* A character that is no digit is named before the length is counted
   * ("…,048," said the grid had 4 digits, the comma counted: review). */
  for (gsize k = i; k < len; k++)
    if (hex_value (text[k]) < 0)
      {
        char c[HB_CHAR_TEXT];
        hb_describe_char (text, len, k, c);
        flip_error (error, HB_PARSE_ERROR_SYNTAX, orig, lead + k, _("'%s' is not a hex digit"), c);
        return NULL;
      }
  if (len - i != glen)
    {
      int given = (int) MIN (len - i, G_MAXINT);
      g_autofree char *needed = g_strdup_printf ("%" G_GSIZE_FORMAT, glen);

      flip_error (error, HB_PARSE_ERROR_SHAPE, orig, lead + len,
                  /* TRANSLATORS: the grid is the second part of a Flip game
                   * ID, in hex digits; the last %s is a number */
                  g_dngettext (NULL, "the Flip ID's grid has %d digit; a %d×%d board needs %s",
                               "the Flip ID's grid has %d digits; a %d×%d board needs %s",
                               given),
                  given, w, h, needed);
      return NULL;
    }
  /* Past the last cell the bits are padding, unset as in the matrix
   * (",fff" for 3×3 was read as nine lights, the matrix's like refused:
   * review). */
  for (gsize k = 0; k < glen; k++)
    for (int b = 0; b < 4; b++)
      if (k * 4 + b >= wh && (hex_value (text[i + k]) >> (3 - b)) & 1)
        {
          flip_error (error, HB_PARSE_ERROR_SYNTAX, orig, lead + i + k,
                      _("padding bits of the grid are set"));
          return NULL;
        }
  s = lights_state_new (w, h);
  for (gsize k = 0; k < glen; k++)
    {
      int v = hex_value (text[i + k]);   /* a digit: checked above */

      for (int b = 0; b < 4; b++)
        if (k * 4 + b < wh)
          s->cells[k * 4 + b] = (v >> (3 - b)) & 1;
    }
  return s;
}

LightsState *
lights_parse_flip_id (const char *text, gsize len, GError **error)
{
  return parse_flip_id_in (text, 0, len, error);
}

char *
lights_write_flip_id (const LightsState *s)
{
  int w = s->base.width, h = s->base.height;
  gsize wh = (gsize) w * h;
  GString *out;

  if (wh > 4096)
    return NULL;
  out = g_string_new (NULL);
  g_string_append_printf (out, "%dx%d:", w, h);
  for (gsize k = 0; k < (wh * wh + 3) / 4; k++)
    {
      int v = 0;
      for (int b = 0; b < 4; b++)
        {
          gsize bit = k * 4 + b;
          if (bit < wh * wh && cross_bit (w, h, bit / wh, bit % wh))
            v |= 8 >> b;
        }
      g_string_append_c (out, "0123456789abcdef"[v]);
    }
  g_string_append_c (out, ',');
  for (gsize k = 0; k < (wh + 3) / 4; k++)
    {
      int v = 0;
      for (int b = 0; b < 4; b++)
        if (k * 4 + b < wh && s->cells[k * 4 + b])
          v |= 8 >> b;
      g_string_append_c (out, "0123456789abcdef"[v]);
    }
  g_string_append_c (out, '\n');
  return g_string_free (out, FALSE);
}

/* Whether the text is a Flip ID alone on its line (comment lines around
 * it allowed, as lights_parse allows them). */
static gboolean
looks_like_flip_id (const char *text, gsize len)
{
  int w, h;
  gsize i, wh;
  const char *comma;

  if (!hb_text_sole_line (text, len, &text, &len))
    return FALSE;
  if (!parse_dims (text, len, &w, &h, &i) || i >= len || text[i] != ':')
    return FALSE;
  /* Any shape up to 4096 cells, as the writer writes (1x65 too). */
  if (w < 1 || h < 1 || (gsize) w * (gsize) h > 4096)
    return FALSE;
  wh = (gsize) w * h;
  comma = memchr (text + i + 1, ',', len - i - 1);
  return comma != NULL && (gsize) (comma - (text + i + 1)) == (wh * wh + 3) / 4;
}

/* ---- The grid format --------------------------------------------------- */

/* The grid as `generate` and the app write it: rows of 0, 1, '*' and '.'
 * with no blanks inside (comment and blank lines aside). No other game
 * reads that (a Flow Free level of such dots only is left to Enlight, see
 * flow_sniff), so `generate --game lights | solve -` needs no --game. A
 * row of four binary digits is an Infinite Loop tile too: Infinite Loop's
 * sniff claims it as well and the game is not told. */
static gboolean
grid_row (const char *row, gsize n)
{
  for (gsize k = 0; k < n; k++)
    if (row[k] != '0' && row[k] != '1' && row[k] != '*' && row[k] != '.')
      return FALSE;
  return TRUE;
}

static gboolean
lights_sniff (const char *text, gsize len)
{
  const char *t = text;
  gsize n = len, i;
  int w, h;
  LightsState *s;

  if (!looks_like_flip_id (text, len))
    return hb_text_rows_all (text, len, grid_row);
  /* On boards of up to 4 cells a Flip matrix is as long as a Flood ID's
   * colours ("2x2:0123,5"): claim those only when they read as a Flip ID,
   * so a bad Flood ID is not reported as a Flip problem. */
  hb_text_sole_line (text, len, &t, &n);
  if (parse_dims (t, n, &w, &h, &i) && (gsize) w * h > 4)
    return TRUE;
  s = lights_parse_flip_id (t, n, NULL);
  if (s == NULL)
    return FALSE;
  hb_state_free ((HbState *) s);
  return TRUE;
}

/* 0: a row; 1: a comment line (ignored wherever it is, as in the other
 * games' files); 2: a blank line (the board's rows are consecutive). */
static int
line_kind (const char *line, gsize len)
{
  hb_strip_slice (&line, &len);
  return len == 0 ? 2 : line[0] == '#' ? 1 : 0;
}

static HbState *
lights_parse (const char *text, gsize len, GError **error)
{
  HbLineReader r;
  const char *line;
  gsize n;
  /* Every cell takes a character of the text: len bounds their number. */
  guint8 *cells;
  gsize ncells = 0;
  int width = -1, height = 0, first_line = 0;
  gboolean ended = FALSE;
  LightsState *s;

  if (!hb_check_text (text, len, error))
    return NULL;
  /* A Flip ID is the first line that is neither blank nor a comment.
   * Comment lines may stand around it, as around a Net or Flood ID (one
   * before it read as a grid: "unknown character '5'"; one after it,
   * "'\n' is not a hex digit"). The ID is its line: anything else after
   * it is "unexpected text", as the Net reader says it (a line after it
   * was read as part of it, "'\n' is not a hex digit" at the line's end,
   * and an ID split over two lines had a digit too many: helper-155). */
  hb_line_reader_init (&r, text, len);
  while (hb_line_reader_next (&r, &line, &n))
    {
      const char *t = line;
      gsize l = n, from = (gsize) (line - text);
      LightsState *id;
      int at = 0;

      if (line_kind (line, n) != 0)
        continue;
      hb_strip_slice (&t, &l);
      if (!g_ascii_isdigit (t[0]) || memchr (t, ':', MIN (l, 24)) == NULL)
        break;
      id = parse_flip_id_in (text, from, from + (gsize) (t + l - (text + from)), error);
      if (id == NULL)
        return NULL;
      for (int k = 1; at == 0 && hb_line_reader_next (&r, &line, &n); k++)
        if (line_kind (line, n) == 0)
          at = k;
      if (at != 0)
        {
          int id_line, col;

          flip_position (text, from, &id_line, &col);
          hb_set_parse_error (error, HB_PARSE_ERROR_SYNTAX, id_line + at, 1,
                              _("unexpected text after the Flip game ID"));
          hb_state_free (&id->base);
          return NULL;
        }
      return &id->base;
    }

  cells = hb_malloc_big (len + 1);
  hb_line_reader_init (&r, text, len);
  while (hb_line_reader_next (&r, &line, &n))
    {
      const char *row = line;
      gsize rlen = n, lead;
      int count = 0;

      int kind = line_kind (line, n);

      if (kind == 1)
        continue;
      if (kind == 2)
        {
          if (height > 0)
            ended = TRUE;
          continue;
        }
      if (ended)
        {
          hb_set_row_after_blank_error (error, r.line);
          goto fail;
        }
      lead = hb_strip_slice (&row, &rlen);
      for (gsize k = 0; k < rlen; k++)
        {
          char c = row[k];
          guint64 v8;

          /* Eight 0s and 1s at once: every byte 0x30 or 0x31. */
          if (k + 8 <= rlen && count + 8 <= HB_MAX_SIDE)
            {
              memcpy (&v8, row + k, 8);
              if ((v8 & 0xfefefefefefefefeull) == 0x3030303030303030ull)
                {
                  v8 &= 0x0101010101010101ull;
                  memcpy (cells + ncells, &v8, 8);
                  ncells += 8;
                  count += 8;
                  k += 7;
                  continue;
                }
            }
          /* The column is counted in characters, only when it is needed. */
#define COL ((int) g_utf8_pointer_to_offset (line, row + k) + 1)
          /* The common case first: 0 or 1 in a row not yet too long. */
          if ((guchar) (c - '0') <= 1 && count < HB_MAX_SIDE)
            {
              cells[ncells++] = (guint8) (c - '0');
              count++;
              continue;
            }
          if (c == ' ' || c == '\t')
            continue;
          if (c == '1' || c == '*')
            cells[ncells++] = 1;
          else if (c == '0' || c == '.')
            cells[ncells++] = 0;
          else
            {
              char buf[HB_CHAR_TEXT];
              hb_describe_char (row, rlen, k, buf);
              hb_set_parse_error (error, HB_PARSE_ERROR_SYNTAX, r.line, COL,
                                  /* TRANSLATORS: %s is the character found */
                                  _("unknown character '%s' (a light is 1 or *, a "
                                    "dark cell 0 or .)"), buf);
              goto fail;
            }
          count++;
          if (count > HB_MAX_SIDE)
            {
              hb_set_row_too_long (error, r.line, COL);
              goto fail;
            }
#undef COL
        }
      (void) lead;
      if (width < 0)
        {
          width = count;
          first_line = r.line;
        }
      else if (count != width)
        {
          /* A short row: just past its last cell (its trailing blanks
           * are not part of it); a long one: at its first cell past the
           * first row's width. */
          int col = (int) g_utf8_pointer_to_offset (line, row + rlen) + 1;

          if (count > width)
            for (gsize k = 0, cell = 0; k < rlen; k++)
              if (row[k] != ' ' && row[k] != '\t' && cell++ == (gsize) width)
                {
                  col = (int) g_utf8_pointer_to_offset (line, row + k) + 1;
                  break;
                }
          hb_set_parse_error (error, HB_PARSE_ERROR_SHAPE, r.line, col,
                              g_dngettext (NULL,
                                           "this row has %d cell but the first row (line %d) "
                                           "has %d: the grid is ragged",
                                           "this row has %d cells but the first row (line %d) "
                                           "has %d: the grid is ragged",
                                           count),
                              count, first_line, width);
          goto fail;
        }
      height++;
      if (height > HB_MAX_SIDE)
        {
          hb_set_too_many_rows (error, r.line);
          goto fail;
        }
    }
  if (height == 0)
    {
      hb_set_parse_error (error, HB_PARSE_ERROR_SIZE, MAX (r.line, 1), 1,
                          _("the file holds no board (no rows of 0 and 1)"));
      goto fail;
    }
  /* The cells were read in place: the buffer becomes the state's. */
  s = lights_state_new_take (width, height, g_realloc (cells, (gsize) width * height));
  return &s->base;

fail:
  g_free (cells);
  return NULL;
}

static char *
write_grid (const guint8 *cells, int w, int h)
{
  /* Written straight into the buffer: 4 million cells at 2000×2000. */
  char *out = hb_malloc_big ((gsize) (w + 1) * h + 1), *p = out;

  for (int y = 0; y < h; y++)
    {
      const guint8 *row = cells + (gsize) y * w;
      int x = 0;

      /* Eight cells of 0 or 1 at a time: or in '0'. */
      for (; x + 8 <= w; x += 8)
        {
          guint64 v;
          memcpy (&v, row + x, 8);
          if (v & 0xfefefefefefefefeull)
            break;
          v |= 0x3030303030303030ull;
          memcpy (p, &v, 8);
          p += 8;
        }
      for (; x < w; x++)
        *p++ = row[x] ? '1' : '0';
      *p++ = '\n';
    }
  *p = '\0';
  return out;
}

static char *
lights_write (const HbState *state, HbWriteFormat format, GError **error)
{
  const LightsState *s = LIGHTS_CONST (state);

  switch (format)
    {
    case HB_WRITE_NATIVE:
    case HB_WRITE_COMPACT:
      return write_grid (s->cells, state->width, state->height);
    case HB_WRITE_TATHAM:
      {
        char *id = lights_write_flip_id (s);
        if (id == NULL)
          g_set_error (error, HB_PARSE_ERROR, HB_PARSE_ERROR_SIZE,
                       _("a %d×%d board is too large for a Flip ID (the most is 4096 cells, as 64×64)"),
                       state->width, state->height);
        return id;
      }
    default:
      g_set_error (error, HB_PARSE_ERROR, HB_PARSE_ERROR_UNSUPPORTED,
                   _("Enlight has no JSON form; it is written as text (native or compact) "
                     "or a Tatham game ID"));
      return NULL;
    }
}

static char *
lights_write_solution (const HbState *state, const HbResult *result, HbWriteFormat format)
{
  int w = state->width, h = state->height;
  g_autofree guint8 *press = NULL;
  const HbState *answer = result->answer;

  if (answer != NULL && answer->game == state->game && answer->width == w
      && answer->height == h)
    return write_grid (LIGHTS_CONST (answer)->cells, w, h);
  press = g_malloc0 ((gsize) w * h);

  const HbMove *moves = (const HbMove *) (gconstpointer) result->moves->data;
  guint nmoves = result->moves->len;

  for (guint i = 0; i < nmoves; i++)
    {
      const HbMove *m = &moves[i];
      /* One unsigned comparison each: negative coordinates wrap high. */
      if (m->op == LIGHTS_OP_PRESS && (guint) m->x < (guint) w && (guint) m->y < (guint) h)
        press[(gsize) m->y * w + m->x] ^= 1;
    }
  return write_grid (press, w, h);
}

/* ---- Rules and input --------------------------------------------------- */

static gboolean
lights_is_solved (const HbState *state)
{
  const LightsState *s = LIGHTS_CONST (state);
  gsize n = (gsize) state->width * state->height;

  for (gsize i = 0; i < n; i++)
    if (s->cells[i])
      return FALSE;
  return TRUE;
}

static HbState *
lights_apply (const HbState *state, const HbMove *m)
{
  const LightsState *s = LIGHTS_CONST (state);
  int w = state->width, h = state->height;
  LightsState *r;

  if (m->op != LIGHTS_OP_CLEAR && (m->x < 0 || m->x >= w || m->y < 0 || m->y >= h))
    return NULL;
  switch (m->op)
    {
    case LIGHTS_OP_PRESS:
      r = LIGHTS (lights_copy (state));
      lights_press (r->cells, w, h, m->x, m->y);
      return &r->base;
    case LIGHTS_OP_TOGGLE:
      r = LIGHTS (lights_copy (state));
      r->cells[(gsize) m->y * w + m->x] ^= 1;
      return &r->base;
    case LIGHTS_OP_SET:
      if (s->cells[(gsize) m->y * w + m->x] == (m->value ? 1 : 0))
        return NULL;
      r = LIGHTS (lights_copy (state));
      r->cells[(gsize) m->y * w + m->x] = m->value ? 1 : 0;
      return &r->base;
    case LIGHTS_OP_CLEAR:
      if (lights_is_solved (state))
        return NULL;
      return lights_new_blank (w, h);
    default:
      return NULL;
    }
}

/* Edit mode, as in the write-up's left board: a click toggles one light and
 * a drag paints the value the first cell got onto every cell it crosses.
 * Play mode: a click presses (toggles the cross) as the button comes up
 * on the cell it went down on, as a button does: let go on another cell
 * it does nothing; drags do nothing more. */
static int
lights_pointer (const HbState *state, HbPointer *p, HbPointerPhase phase,
                const HbHit *hit, HbMove *out, int max)
{
  const LightsState *s = LIGHTS_CONST (state);
  HbCellDrag *d = p->ui;

  if (hit == NULL || max < 1)
    return 0;
  if (p->mode == HB_MODE_PLAY)
    return hb_cell_drag_click (d, phase, hit, LIGHTS_OP_PRESS, 0, out);
  if (!hit->inside)
    return 0;
  switch (phase)
    {
    case HB_POINTER_PRESS:
      if (d == NULL)
        return 0;
      d->x = hit->x;
      d->y = hit->y;
      d->value = !s->cells[(gsize) hit->y * state->width + hit->x];
      d->moved = FALSE;
      out[0] = (HbMove) { LIGHTS_OP_SET, hit->x, hit->y, d->value };
      return 1;
    case HB_POINTER_MOTION:
      if (d == NULL || (hit->x == d->x && hit->y == d->y))
        return 0;
      d->x = hit->x;
      d->y = hit->y;
      d->moved = TRUE;
      out[0] = (HbMove) { LIGHTS_OP_SET, hit->x, hit->y, d->value };
      return 1;
    case HB_POINTER_RELEASE:
    default:
      return 0;
    }
}

static int
lights_palette (const HbState *state, HbMode mode, HbPaletteEntry *out, int max)
{
  /* Enlight has nothing to choose: a click is the only tool. */
  return 0;
}

/* "12 lights on"; with none on, `none` (what an empty board means in the
 * mode). */
static char *
lights_count_text (const HbState *state, const char *none)
{
  const LightsState *s = LIGHTS_CONST (state);
  guint64 on = hb_count_ones (s->cells, (gsize) state->width * state->height);

  if (on == 0)
    return g_strdup (none);
  {
    /* Numbers are formatted apart, their digits grouped as the locale
     * says. */
    g_autofree char *num = hb_format_count ((gint64) on);
    return g_strdup_printf (g_dngettext (NULL, "%s light on", "%s lights on",
                                         (gulong) MIN (on, G_MAXULONG)), num);
  }
}

static char *
lights_status_text (const HbState *state)
{
  /* TRANSLATORS: the status line of a solved board; every game's ends
   * " · Solved" */
  return lights_count_text (state, _("All lights are off · Solved"));
}

/* In Edit an empty board is a level not yet drawn, not a won game. */
static char *
lights_edit_status_text (const HbState *state)
{
  return lights_count_text (state, _("No lights on yet: click cells to switch them on"));
}

/* ---- Hints --------------------------------------------------------------- */

/* The hint is the GF(2) solver's answer: a press set with the fewest
 * presses (proven up to a node budget small enough to keep the overlay
 * instant while editing). */
#define LIGHTS_HINT_NODE_LIMIT (1u << 20)

static gpointer
lights_hint_compute (const HbState *state, HbCancel *cancellable, GError **error)
{
  LightsHint *hint = g_new0 (LightsHint, 1);

  hint->width = state->width;
  hint->height = state->height;
  if (!lights_gf2_solve (LIGHTS_CONST (state), LIGHTS_HINT_NODE_LIMIT, cancellable,
                         NULL, &hint->answer, error))
    {
      g_free (hint);
      return NULL;
    }
  if (hint->answer.cancelled)
    {
      lights_answer_clear (&hint->answer);
      g_free (hint);
      g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_CANCELLED, "the hint was cancelled");
      return NULL;
    }
  return hint;
}

static void
lights_hint_free (gpointer data)
{
  LightsHint *hint = data;

  if (hint == NULL)
    return;
  lights_answer_clear (&hint->answer);
  g_free (hint);
}

static char *
lights_hint_warning (const HbState *state, gconstpointer data)
{
  const LightsHint *hint = data;

  if (hint != NULL && !hint->answer.solvable)
    return g_strdup (_("This level has no solution"));
  return NULL;
}

/* The board's words for a cell's orange dot (lights_render). */
static char *
lights_hint_at (const HbState *state, gconstpointer data, guint flags, int x, int y)
{
  const LightsHint *hint = data;

  if (hint == NULL || hint->width != state->width || hint->height != state->height
      || !hint->answer.solvable || !hint->answer.press[(gsize) y * state->width + x])
    return NULL;
  /* TRANSLATORS: a tooltip on a cell with the hint's orange dot */
  return g_strdup (_("Press this cell"));
}

static char *
lights_hint_describe (const HbState *state, gconstpointer data)
{
  const LightsHint *hint = data;

  if (hint == NULL)
    return g_strdup ("");
  if (!hint->answer.solvable)
    return g_strdup (_("This level has no solution: no set of presses turns every light off"));
  if (hint->answer.presses == 0)
    return g_strdup (_("Nothing to press: every light is off"));
  {
    g_autofree char *num = hb_format_count ((gint64) MIN (hint->answer.presses, (guint64) G_MAXINT64));
    gulong n = (gulong) MIN (hint->answer.presses, G_MAXULONG);

    if (hint->answer.optimal)
      return g_strdup_printf (g_dngettext (NULL,
                                           "Press the marked cell (%s press, the fewest possible)",
                                           "Press the %s marked cells (the fewest possible)",
                                           n), num);
    return g_strdup_printf (g_dngettext (NULL,
                                         "Press the marked cell (%s press; fewer was not ruled out)",
                                         "Press the %s marked cells (fewer was not ruled out)",
                                         n), num);
  }
}

/* For the CLI: nothing is marked there; the presses follow as a grid
 * (lights_hint_text). */
static char *
lights_hint_summary (const HbState *state, gconstpointer data)
{
  const LightsHint *hint = data;
  guint64 n;

  if (hint == NULL || !hint->answer.solvable || hint->answer.presses == 0)
    return lights_hint_describe (state, data);
  n = hint->answer.presses;
  return g_strdup_printf ("%" G_GUINT64_FORMAT " %s %s", n,
                          n == 1 ? "press solves it" : "presses solve it",
                          hint->answer.optimal ? "(the fewest possible)"
                                               : "(fewer was not ruled out)");
}

/* For the CLI, after the first press: every press, in the grid `solve`
 * writes (1 a cell to press). */
static char *
lights_hint_text (const HbState *state, gconstpointer data)
{
  const LightsHint *hint = data;
  char *grid, *text;

  if (hint == NULL || !hint->answer.solvable || hint->answer.press == NULL
      || hint->width != state->width || hint->height != state->height)
    return NULL;
  grid = write_grid (hint->answer.press, state->width, state->height);
  text = g_strconcat ("presses:\n", grid, NULL);
  g_free (grid);
  return text;
}

static gboolean
lights_hint_next_move (const HbState *state, gconstpointer data, HbMove *move)
{
  const LightsHint *hint = data;

  if (hint == NULL || !hint->answer.solvable || hint->answer.press == NULL
      || hint->width != state->width || hint->height != state->height)
    return FALSE;
  for (int y = 0; y < state->height; y++)
    for (int x = 0; x < state->width; x++)
      if (hint->answer.press[(gsize) y * state->width + x])
        {
          *move = (HbMove) { LIGHTS_OP_PRESS, x, y, 0 };
          return TRUE;
        }
  return FALSE;
}

/* ---- Trace frames ------------------------------------------------------- */

static gpointer
lights_frame_new (const HbState *initial, const HbTrace *trace)
{
  const LightsState *s = LIGHTS_CONST (initial);
  LightsFrame *f = g_new0 (LightsFrame, 1);
  gsize n = (gsize) initial->width * initial->height;

  f->width = initial->width;
  f->height = initial->height;
  f->cells = g_memdup2 (s->cells, n);
  f->press = g_malloc0 (n);
  return f;
}

gpointer
lights_frame_from (int width, int height, const guint8 *cells, const guint8 *press,
                   guint64 presses)
{
  LightsFrame *f = g_new0 (LightsFrame, 1);
  gsize n = (gsize) width * height;

  f->width = width;
  f->height = height;
  f->cells = g_memdup2 (cells, n);
  f->press = g_memdup2 (press, n);
  f->presses = presses;
  return f;
}

static gpointer
lights_frame_copy (gconstpointer data)
{
  const LightsFrame *f = data;
  LightsFrame *c = g_new0 (LightsFrame, 1);
  gsize n = (gsize) f->width * f->height;

  *c = *f;
  c->cells = g_memdup2 (f->cells, n);
  c->press = g_memdup2 (f->press, n);
  return c;
}

static void
lights_frame_free (gpointer data)
{
  LightsFrame *f = data;

  if (f == NULL)
    return;
  g_free (f->cells);
  g_free (f->press);
  g_free (f);
}

static void
frame_toggle_press (LightsFrame *f, int x, int y)
{
  gsize i = (gsize) y * f->width + x;

  lights_press (f->cells, f->width, f->height, x, y);
  f->press[i] ^= 1;
  if (f->press[i])
    f->presses++;
  else
    f->presses--;
}

/* PLACE and MOVE press a cell, UNDO unpresses it; the others only move the
 * highlight. A step is applied only when it changes the press state, so a
 * solver may report a press it already made without the frame drifting. */
static void
lights_frame_step (gpointer data, const HbTrace *trace, const HbStep *step)
{
  LightsFrame *f = data;
  gsize i;

  if (step->x < 0 || step->y < 0 || step->x >= f->width || step->y >= f->height)
    return;
  i = (gsize) step->y * f->width + step->x;
  switch (step->kind)
    {
    case HB_STEP_PLACE:
    case HB_STEP_MOVE:
    case HB_STEP_FORCE:
      if (!f->press[i])
        frame_toggle_press (f, step->x, step->y);
      break;
    case HB_STEP_UNDO:
      if (f->press[i])
        frame_toggle_press (f, step->x, step->y);
      break;
    default:
      break;
    }
}

/* The answer's presses ringed on the board they leave (all dark), for the
 * player's last position. */
static gpointer
lights_answer_frame (const HbState *initial, const HbMove *moves, guint n)
{
  LightsFrame *f = lights_frame_new (initial, NULL);

  for (guint i = 0; i < n; i++)
    if (moves[i].op == LIGHTS_OP_PRESS && moves[i].x >= 0 && moves[i].y >= 0
        && moves[i].x < f->width && moves[i].y < f->height)
      frame_toggle_press (f, moves[i].x, moves[i].y);
  return f;
}

static void
lights_frame_render (gconstpointer data, cairo_t *cr, const HbLayout *layout,
                     const HbRenderOptions *options, const HbStep *current)
{
  const LightsFrame *f = data;
  int cx = -1, cy = -1;
  gboolean bad = FALSE;

  if (current != NULL)
    {
      cx = current->x;
      cy = current->y;
      bad = current->kind == HB_STEP_REJECT || current->kind == HB_STEP_UNDO;
    }
  /* In a solver's frames the presses are made already: rings, where a
   * hint's presses still to make are orange dots. */
  lights_render_cells (f->cells, f->press, f->width, f->height, cr, layout,
                       options, cx, cy, bad, TRUE);
}

static char *
lights_describe_step (const HbState *initial, const HbTrace *trace, const HbStep *s)
{
  /* Cells are shown 1-based, row then column, as everywhere in the app. */
  int x = s->x + 1, y = s->y + 1;

  switch (s->kind)
    {
    case HB_STEP_TRY:
      return g_strdup_printf (_("Try row %d, column %d unpressed"), y, x);
    case HB_STEP_PLACE:
      return g_strdup_printf (_("Press row %d, column %d"), y, x);
    case HB_STEP_UNDO:
      return g_strdup_printf (_("Undo the press at row %d, column %d"), y, x);
    case HB_STEP_REJECT:
      return g_strdup_printf (_("Dead end at row %d, column %d: the light to its left stays on"),
                              y, x);
    case HB_STEP_MOVE:
      return g_strdup_printf (_("Press row %d, column %d"), y, x);
    case HB_STEP_FORCE:
      return g_strdup_printf (_("Forced: press row %d, column %d"), y, x);
    case HB_STEP_SOLUTION:
      return g_strdup (_("A solution is found"));
    case HB_STEP_BOUND:
      return g_strdup_printf (_("Bound: %d"), s->value);
    case HB_STEP_INFO:
      /* The linear-algebra solver's chase, done (lights-solve-gf2.c). */
      /* Said in full: "the chase" alone was jargon to a player (review). */
      if (s->value == 0)
        return g_strdup (_("Light chasing (each light pressed out from the row below it) "
                           "turns every light off: these presses are the answer"));
      /* TRANSLATORS: %d lights the chase left on the last row */
      return g_strdup_printf (g_dngettext (NULL,
                                           "Light chasing (each light pressed out from the row "
                                           "below it) leaves %d light on the last row: the "
                                           "first-row presses that clear it come next",
                                           "Light chasing (each light pressed out from the row "
                                           "below it) leaves %d lights on the last row: the "
                                           "first-row presses that clear them come next",
                                           s->value),
                              s->value);
    default:
      return g_strdup (_("Working"));
    }
}

static char *
lights_frame_status (gconstpointer data)
{
  const LightsFrame *f = data;
  g_autofree char *num = g_strdup_printf ("%" G_GUINT64_FORMAT, f->presses);

  return g_strdup_printf (g_dngettext (NULL, "%s press", "%s presses",
                                       (gulong) MIN (f->presses, G_MAXULONG)), num);
}

/* ---- The game ---------------------------------------------------------- */

static const HbSolver *const lights_solvers[] = {
  &lights_solver_gf2,
  &lights_solver_backtrack,
  NULL,
};

/* A solver's answer in the game's own word: presses, as the player and
 * the hint count them ("Solved: 18 moves" beside "18 presses": review). */
static char *
lights_solved_text (const HbResult *result)
{
  guint n = result->moves->len;
  g_autofree char *count = hb_format_count ((gint64) n);

  /* TRANSLATORS: an Enlight solver's answer: "Solved: 18 presses" */
  return g_strdup_printf (g_dngettext (NULL, "Solved: %s press", "Solved: %s presses", n), count);
}

const HbGame lights_game = {
  .id = "lights",
  .name = N_("Enlight"),
  .extension = ".lights",
  .tatham_name = "Flip",
  .description = N_("Pressing a cell toggles it and its four neighbours: turn every light off."),
  .edit_description = N_("Drawing: a click switches one light, a drag paints several."),
  .default_width = 10,
  .default_height = 10,
  .max_ui_side = 64,
  .solvers = lights_solvers,

  .new_blank = lights_new_blank,
  .copy = lights_copy,
  .free = lights_free,
  .equal = lights_equal,
  .generate = lights_generate,
  .resize = lights_resize,
  .describe_cut = lights_describe_cut,

  .parse = lights_parse,
  .sniff = lights_sniff,
  .write = lights_write,
  .write_solution = lights_write_solution,

  .is_solved = lights_is_solved,
  .apply = lights_apply,
  .ui_new = hb_cell_drag_new,
  .ui_free = hb_cell_drag_free,
  .pointer = lights_pointer,
  .palette = lights_palette,
  .palette_render = NULL,
  .status_text = lights_status_text,
  .solved_text = lights_solved_text,
  .edit_status_text = lights_edit_status_text,

  .render = lights_render,

  .hint_compute = lights_hint_compute,
  .hint_free = lights_hint_free,
  .hint_describe = lights_hint_describe,
  .hint_summary = lights_hint_summary,
  .hint_text = lights_hint_text,
  .hint_warning = lights_hint_warning,
  .hint_at = lights_hint_at,
  .hint_next_move = lights_hint_next_move,

  .frame_new = lights_frame_new,
  .frame_copy = lights_frame_copy,
  .frame_free = lights_frame_free,
  .frame_step = lights_frame_step,
  .frame_steps_local = TRUE,
  .frame_render = lights_frame_render,
  .answer_frame = lights_answer_frame,
  .describe_step = lights_describe_step,
  .frame_status = lights_frame_status,

  .bench = lights_bench,
  .from_image = lights_from_image,
  .hint_legend = N_("Orange dot: a cell to press. In the solver's replay, a blue ring marks a cell it pressed."),
  .animates_moves = TRUE,
  .hover_local = hb_render_hover_local,
  .redraw_cells = lights_redraw_cells,
};
