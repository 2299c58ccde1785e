#include "hb-grid.h"
#include "hb-error.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

const int hb_dir_dx[4] = { 0, 1, 0, -1 };
const int hb_dir_dy[4] = { -1, 0, 1, 0 };

guint64
hb_count_ones (const guint8 *p, gsize n)
{
  guint64 total = 0;
  gsize i = 0;

  while (n - i >= 8)
    {
      /* Each byte of `acc` sums one lane of up to 255 words. */
      gsize stop = i + MIN ((n - i) / 8, 255) * 8;
      guint64 acc = 0;

      for (; i < stop; i += 8)
        {
          guint64 w;
          memcpy (&w, p + i, 8);
          acc += w;
        }
      total += hb_sum_byte_lanes (acc);
    }
  for (; i < n; i++)
    total += p[i];
  return total;
}

void
hb_grid_move_bytes (guint8 *dst, int nw, int nh, const guint8 *src, int w, int h, int dx, int dy)
{
  /* The source columns and rows that land inside. */
  int x0 = MAX (0, -dx), x1 = MIN (w, nw - dx);
  int y0 = MAX (0, -dy), y1 = MIN (h, nh - dy);

  if (x0 >= x1)
    return;
  for (int y = y0; y < y1; y++)
    memcpy (dst + (gsize) (y + dy) * nw + (x0 + dx), src + (gsize) y * w + x0, (gsize) (x1 - x0));
}

gboolean
hb_check_board_size (int w, int h, int line, int column, GError **error)
{
  if (w < 1 || h < 1)
    {
      hb_set_parse_error (error, HB_PARSE_ERROR_SIZE, line, column,
                          _("the board is empty (%d×%d); it needs at least one cell"),
                          MAX (w, 0), MAX (h, 0));
      return FALSE;
    }
  if (w > HB_MAX_SIDE || h > HB_MAX_SIDE)
    {
      hb_set_parse_error (error, HB_PARSE_ERROR_SIZE, line, column,
                          _("the board is too large (%d×%d); the most is %d×%d"),
                          w, h, HB_MAX_SIDE, HB_MAX_SIDE);
      return FALSE;
    }
  return TRUE;
}

char *
hb_row_too_long_text (void)
{
  return g_strdup_printf (g_dngettext (NULL, "the row is longer than %d cell",
                                       "the row is longer than %d cells", HB_MAX_SIDE),
                          HB_MAX_SIDE);
}

char *
hb_too_many_rows_text (void)
{
  return g_strdup_printf (g_dngettext (NULL, "the board has more than %d row",
                                       "the board has more than %d rows", HB_MAX_SIDE),
                          HB_MAX_SIDE);
}

void
hb_set_row_too_long (GError **error, int line, int column)
{
  g_autofree char *m = hb_row_too_long_text ();

  hb_set_parse_error (error, HB_PARSE_ERROR_SIZE, line, column, "%s", m);
}

void
hb_set_too_many_rows (GError **error, int line)
{
  g_autofree char *m = hb_too_many_rows_text ();

  hb_set_parse_error (error, HB_PARSE_ERROR_SIZE, line, 1, "%s", m);
}

void
hb_layout_fit (HbLayout *layout, int w, int h,
               double area_w, double area_h, double margin)
{
  double cw, ch, cell;

  layout->width = MAX (w, 1);
  layout->height = MAX (h, 1);
  cw = (area_w - 2 * margin) / layout->width;
  ch = (area_h - 2 * margin) / layout->height;
  cell = MIN (cw, ch);
  if (cell >= 4)
    cell = floor (cell);
  /* A board bigger than the area in pixels is still shown whole, its
   * cells under a pixel (the games draw such cells as an image, scaled
   * down; zoom in to see them); an area with no room at all gets 1. */
  if (!(cell > 0))
    cell = 1;
  layout->cell = cell;
  layout->x0 = floor ((area_w - cell * layout->width) / 2);
  layout->y0 = floor ((area_h - cell * layout->height) / 2);
}

void
hb_layout_hit (const HbLayout *layout, double px, double py, HbHit *hit)
{
  double gx = (px - layout->x0) / layout->cell;
  double gy = (py - layout->y0) / layout->cell;

  hit->inside = gx >= 0 && gy >= 0 && gx < layout->width && gy < layout->height;
  hit->x = (int) floor (gx);
  hit->y = (int) floor (gy);
  hit->fx = gx - floor (gx);
  hit->fy = gy - floor (gy);
  if (!hit->inside)
    {
      hit->x = CLAMP (hit->x, 0, layout->width - 1);
      hit->y = CLAMP (hit->y, 0, layout->height - 1);
    }
}

/* Amanatides and Woo's grid traversal: step to whichever cell boundary the
 * segment meets first. When it meets a corner exactly, step in x then y, so
 * consecutive cells always share a side. */
guint
hb_layout_walk (const HbLayout *layout, double px0, double py0,
                double px1, double py1, GArray *cells)
{
  double gx0 = (px0 - layout->x0) / layout->cell, gy0 = (py0 - layout->y0) / layout->cell;
  double gx1 = (px1 - layout->x0) / layout->cell, gy1 = (py1 - layout->y0) / layout->cell;
  double dx = gx1 - gx0, dy = gy1 - gy0;
  int x = (int) floor (gx0), y = (int) floor (gy0);
  int x_end = (int) floor (gx1), y_end = (int) floor (gy1);
  int sx = dx > 0 ? 1 : -1, sy = dy > 0 ? 1 : -1;
  double tdx = dx != 0 ? fabs (1.0 / dx) : G_MAXDOUBLE;
  double tdy = dy != 0 ? fabs (1.0 / dy) : G_MAXDOUBLE;
  double tx = dx != 0 ? ((sx > 0 ? floor (gx0) + 1 - gx0 : gx0 - floor (gx0)) * tdx) : G_MAXDOUBLE;
  double ty = dy != 0 ? ((sy > 0 ? floor (gy0) + 1 - gy0 : gy0 - floor (gy0)) * tdy) : G_MAXDOUBLE;
  guint n = 0, max = 4u * (guint) (layout->width + layout->height) + 4;

  if (!isfinite (gx0) || !isfinite (gy0) || !isfinite (gx1) || !isfinite (gy1))
    return 0;
  while ((x != x_end || y != y_end) && n < max)
    {
      if (tx <= ty)
        {
          x += sx;
          tx += tdx;
        }
      else
        {
          y += sy;
          ty += tdy;
        }
      /* Past the end on one axis (rounding): walk straight to the end. */
      if ((sx > 0 && x > x_end) || (sx < 0 && x < x_end))
        x = x_end, tx = G_MAXDOUBLE;
      if ((sy > 0 && y > y_end) || (sy < 0 && y < y_end))
        y = y_end, ty = G_MAXDOUBLE;
      if (x >= 0 && y >= 0 && x < layout->width && y < layout->height)
        {
          HbHit h = { x, y, 0.5, 0.5, TRUE };
          g_array_append_val (cells, h);
          n++;
        }
    }
  return n;
}

void
hb_line_reader_init (HbLineReader *r, const char *text, gsize len)
{
  r->p = text;
  r->end = text + len;
  r->line = 0;
}

gboolean
hb_line_reader_next (HbLineReader *r, const char **line, gsize *len)
{
  const char *nl;

  if (r->p >= r->end)
    return FALSE;
  nl = memchr (r->p, '\n', r->end - r->p);
  *line = r->p;
  if (nl)
    {
      *len = nl - r->p;
      r->p = nl + 1;
    }
  else
    {
      *len = r->end - r->p;
      r->p = r->end;
    }
  if (*len > 0 && (*line)[*len - 1] == '\r')
    (*len)--;
  r->line++;
  return TRUE;
}

gboolean
hb_text_rows_all (const char *text, gsize len,
                  gboolean (*row_ok) (const char *row, gsize n))
{
  HbLineReader r;
  const char *line;
  gsize n, rows = 0;

  hb_line_reader_init (&r, text, len);
  while (hb_line_reader_next (&r, &line, &n))
    {
      hb_strip_slice (&line, &n);
      if (n == 0 || line[0] == '#')
        continue;
      if (!row_ok (line, n))
        return FALSE;
      rows++;
    }
  return rows > 0;
}

gboolean
hb_text_sole_line (const char *text, gsize len, const char **line, gsize *n)
{
  HbLineReader r;
  const char *l;
  gsize m;
  gboolean found = FALSE;

  hb_line_reader_init (&r, text, len);
  while (hb_line_reader_next (&r, &l, &m))
    {
      hb_strip_slice (&l, &m);
      if (m == 0 || l[0] == '#')
        continue;
      if (found)
        return FALSE;
      found = TRUE;
      *line = l;
      *n = m;
    }
  return found;
}

gsize
hb_strip_slice (const char **s, gsize *len)
{
  gsize lead = 0;

  while (*len > 0 && (**s == ' ' || **s == '\t' || **s == '\r' || **s == '\n'))
    {
      (*s)++;
      (*len)--;
      lead++;
    }
  while (*len > 0 && ((*s)[*len - 1] == ' ' || (*s)[*len - 1] == '\t'
                      || (*s)[*len - 1] == '\r' || (*s)[*len - 1] == '\n'))
    (*len)--;
  return lead;
}

gboolean
hb_check_text (const char *text, gsize len, GError **error)
{
  const char *bad = NULL;
  gsize i = 0;

  /* Most files are ASCII: eight bytes at a time, none with its top bit
   * set and none zero (a NUL is refused as below), is valid as it is;
   * four such words a step while all are (a 20 MB level: 27 -> 12
   * million instructions). In a word v, v | (v - 0x01…01) has a byte's
   * top bit set where the byte has it and where the lowest zero byte is
   * (its borrow can only mark bytes above a zero one): any mark sends the
   * block to the exact check below. */
  for (; i + 32 <= len; i += 32)
    {
      const guint64 one = 0x0101010101010101ull;
      guint64 a, b, c, d;

      memcpy (&a, text + i, 8);
      memcpy (&b, text + i + 8, 8);
      memcpy (&c, text + i + 16, 8);
      memcpy (&d, text + i + 24, 8);
      if ((a | b | c | d | (a - one) | (b - one) | (c - one) | (d - one))
          & 0x8080808080808080ull)
        break;
    }
  for (; i + 8 <= len; i += 8)
    {
      guint64 v;
      memcpy (&v, text + i, 8);
      if ((v & 0x8080808080808080ull)
          || ((v - 0x0101010101010101ull) & ~v & 0x8080808080808080ull))
        break;
    }
  if (!g_utf8_validate_len (text + i, len - i, &bad))
    {
      int line = 1, col = 1;
      for (const char *p = text; p < bad; p++)
        {
          if (*p == '\n')
            {
              line++;
              col = 1;
            }
          else if (((guchar) *p & 0xc0) != 0x80)
            col++;
        }
      hb_set_parse_error (error, HB_PARSE_ERROR_SYNTAX, line, col, "%s",
                          (bad && *bad == '\0') ? _("the text contains a NUL byte")
                                                : _("the text is not valid UTF-8"));
      return FALSE;
    }
  return TRUE;
}

static guint64
splitmix64 (guint64 *x)
{
  guint64 z = (*x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

void
hb_rng_init (HbRng *rng, guint64 seed)
{
  guint64 x = seed;
  for (int i = 0; i < 4; i++)
    rng->s[i] = splitmix64 (&x);
}

static inline guint64
rotl (guint64 x, int k)
{
  return (x << k) | (x >> (64 - k));
}

guint64
hb_rng_next (HbRng *rng)
{
  guint64 *s = rng->s;
  guint64 result = rotl (s[1] * 5, 7) * 9;
  guint64 t = s[1] << 17;

  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl (s[3], 45);
  return result;
}

guint32
hb_rng_below (HbRng *rng, guint32 n)
{
  /* Lemire's multiply-shift with rejection: unbiased. */
  guint64 m;
  guint32 l;

  if (n <= 1)
    return 0;
  m = (guint64) (guint32) (hb_rng_next (rng) >> 32) * n;
  l = (guint32) m;
  if (l < n)
    {
      guint32 t = -n % n;
      while (l < t)
        {
          m = (guint64) (guint32) (hb_rng_next (rng) >> 32) * n;
          l = (guint32) m;
        }
    }
  return (guint32) (m >> 32);
}

double
hb_now (void)
{
  return g_get_monotonic_time () / 1e6;
}

gpointer
hb_malloc_big (gsize n)
{
#if defined (__linux__) && defined (__GLIBC__) && defined (MADV_HUGEPAGE)
  const gsize huge = (gsize) 2 << 20;

  if (n >= huge / 4 && n <= G_MAXSIZE - huge)
    {
      /* Whole huge pages: the last one is zeroed whole when first touched,
       * still far cheaper than the small faults it replaces. */
      gsize size = (n + huge - 1) & ~(huge - 1);
      void *p = NULL;

      /* glibc's free and realloc take posix_memalign's blocks, and GLib's
       * g_free and g_realloc are theirs. */
      if (posix_memalign (&p, huge, size) == 0)
        {
          madvise (p, size, MADV_HUGEPAGE);
          return p;
        }
    }
#endif
  return g_malloc (n);
}
