#include "hb-draw.h"

#include <math.h>
#include <string.h>

void
hb_draw_page (cairo_t *cr, gboolean dark)
{
  if (dark)
    cairo_set_source_rgb (cr, 0.14, 0.14, 0.14);
  else
    cairo_set_source_rgb (cr, 0.98, 0.98, 0.98);
  cairo_paint (cr);
}

void
hb_draw_rounded_rect (cairo_t *cr, double x, double y, double w, double h, double r)
{
  r = MIN (r, MIN (w, h) / 2);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

/* v (a cell coordinate, maybe far outside the board or not a number when
 * the clip is unbounded) as an index clamped to 0..n. Clamped as a double
 * first: casting an out-of-range double to int is undefined. */
static int
clamp_index (double v, int n)
{
  if (!(v > 0))
    return 0;
  if (v >= n)
    return n;
  return (int) v;
}

void
hb_draw_visible_cells (cairo_t *cr, const HbLayout *l, int width, int height,
                       int margin, int *x0, int *y0, int *x1, int *y1)
{
  double cx0, cy0, cx1, cy1;

  cairo_clip_extents (cr, &cx0, &cy0, &cx1, &cy1);
  *x0 = clamp_index (floor ((cx0 - l->x0) / l->cell) - margin, width);
  *y0 = clamp_index (floor ((cy0 - l->y0) / l->cell) - margin, height);
  *x1 = clamp_index (ceil ((cx1 - l->x0) / l->cell) + margin, width);
  *y1 = clamp_index (ceil ((cy1 - l->y0) / l->cell) + margin, height);
  /* A clip wholly on one side of the board clamps to an empty range. */
  *x1 = MAX (*x1, *x0);
  *y1 = MAX (*y1, *y0);
}

/* img (nw x nh, premultiplied ARGB32) with each k x k block averaged into
 * one pixel (the blocks at the right and bottom edges may be smaller), or
 * NULL when the surface cannot be made. */
static cairo_surface_t *
shrink_by (cairo_surface_t *img, int nw, int nh, int k)
{
  int sw = (nw + k - 1) / k, sh = (nh + k - 1) / k;
  cairo_surface_t *small = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, sw, sh);
  const guint8 *src = cairo_image_surface_get_data (img);
  int sstride = cairo_image_surface_get_stride (img);
  g_autofree guint32 *sum = g_new0 (guint32, (gsize) sw * 4);
  guint8 *dst;
  int dstride;

  if (cairo_surface_status (small) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (small);
      return NULL;
    }
  cairo_surface_flush (small);
  dst = cairo_image_surface_get_data (small);
  dstride = cairo_image_surface_get_stride (small);
  for (int by = 0; by < sh; by++)
    {
      int rows = MIN (k, nh - by * k);
      guint32 *out = (guint32 *) (gpointer) (dst + (gsize) by * dstride);

      memset (sum, 0, (gsize) sw * 4 * sizeof *sum);
      for (int y = by * k; y < by * k + rows; y++)
        {
          const guint32 *row = (const guint32 *) (gconstpointer) (src + (gsize) y * sstride);
          for (int x = 0; x < nw; x++)
            {
              guint32 v = row[x], *t = sum + (gsize) (x / k) * 4;
              t[0] += v >> 24;
              t[1] += v >> 16 & 255;
              t[2] += v >> 8 & 255;
              t[3] += v & 255;
            }
        }
      for (int bx = 0; bx < sw; bx++)
        {
          guint32 n = (guint32) (rows * MIN (k, nw - bx * k)), *t = sum + (gsize) bx * 4;
          out[bx] = (t[0] + n / 2) / n << 24 | (t[1] + n / 2) / n << 16
                    | (t[2] + n / 2) / n << 8 | (t[3] + n / 2) / n;
        }
    }
  cairo_surface_mark_dirty (small);
  return small;
}

/* Whether cr's user units are the pixels of what it draws on, but for a
 * shift by whole pixels. */
static gboolean
pixel_aligned (cairo_t *cr)
{
  cairo_matrix_t m;
  double sx = 1, sy = 1;

  cairo_get_matrix (cr, &m);
  cairo_surface_get_device_scale (cairo_get_group_target (cr), &sx, &sy);
  return m.xx == 1 && m.yy == 1 && m.xy == 0 && m.yx == 0 && m.x0 == floor (m.x0)
         && m.y0 == floor (m.y0) && sx == 1 && sy == 1;
}

/* Cells of a pixel or more on a cr whose units are pixels: `img` (one
 * pixel a cell, cells [x0, x1) × [y0, y1)) made one pixel a pixel here,
 * each pixel the colour of the cell its centre lies in, and painted
 * without scaling. Cairo's nearest filter picked the cell from a
 * transform whose rounding depends on where the clip begins, so a part
 * of the board drawn again (the app's board view redraws only round the
 * pointer, and what a move changed, on a huge board) could put a cell's
 * edge a pixel away from where the board drawn whole has it; here a
 * pixel's cell depends on the pixel and the layout alone. */
static void
paint_pixels (cairo_t *cr, const HbLayout *l, cairo_surface_t *img, int x0, int y0,
              int x1, int y1)
{
  double left = l->x0 + x0 * l->cell, top = l->y0 + y0 * l->cell;
  double right = l->x0 + x1 * l->cell, bottom = l->y0 + y1 * l->cell;
  double cx0, cy0, cx1, cy1;
  int px0, py0, pw, ph, sstride, dstride;
  cairo_surface_t *big;
  const guint8 *src;
  guint8 *dst;
  int *col, *row;

  /* Only the pixels the clip shows, of those the cells cover. */
  cairo_clip_extents (cr, &cx0, &cy0, &cx1, &cy1);
  px0 = (int) floor (MAX (left, cx0));
  py0 = (int) floor (MAX (top, cy0));
  pw = (int) ceil (MIN (right, cx1)) - px0;
  ph = (int) ceil (MIN (bottom, cy1)) - py0;
  if (pw <= 0 || ph <= 0)
    return;
  big = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pw, ph);
  if (cairo_surface_status (big) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (big);
      return;
    }
  col = g_new (int, pw);
  row = g_new (int, ph);
  for (int i = 0; i < pw; i++)
    col[i] = CLAMP ((int) floor ((px0 + i + 0.5 - l->x0) / l->cell), x0, x1 - 1) - x0;
  for (int j = 0; j < ph; j++)
    row[j] = CLAMP ((int) floor ((py0 + j + 0.5 - l->y0) / l->cell), y0, y1 - 1) - y0;
  cairo_surface_flush (big);
  src = cairo_image_surface_get_data (img);
  sstride = cairo_image_surface_get_stride (img);
  dst = cairo_image_surface_get_data (big);
  dstride = cairo_image_surface_get_stride (big);
  for (int j = 0; j < ph; j++)
    {
      const guint32 *in = (const guint32 *) (gconstpointer) (src + (gsize) row[j] * sstride);
      guint32 *out = (guint32 *) (gpointer) (dst + (gsize) j * dstride);

      if (j > 0 && row[j] == row[j - 1])
        memcpy (out, out - dstride / 4, (gsize) pw * 4);
      else
        for (int i = 0; i < pw; i++)
          out[i] = in[col[i]];
    }
  cairo_surface_mark_dirty (big);
  g_free (col);
  g_free (row);

  /* The cells' own outline (the board's edge is antialiased as the
   * rectangle of the scaled image was), filled from the pixels. */
  cairo_save (cr);
  cairo_set_source_surface (cr, big, px0, py0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_NEAREST);
  cairo_new_path (cr);
  cairo_rectangle (cr, left, top, right - left, bottom - top);
  cairo_fill (cr);
  cairo_restore (cr);
  cairo_surface_destroy (big);
}

void
hb_draw_cell_image (cairo_t *cr, const HbLayout *l, int width, int height,
                    HbDrawCellColour colour, gpointer data)
{
  int x0, y0, x1, y1, nw, nh, stride;
  cairo_surface_t *img;
  cairo_pattern_t *pat;
  guint8 *pixels;
  double scale, fw, fh;

  if (!(l->cell > 0) || width <= 0 || height <= 0)
    return;
  hb_draw_visible_cells (cr, l, width, height, 0, &x0, &y0, &x1, &y1);
  if (x1 <= x0 || y1 <= y0)
    return;
  /* Cells under a pixel are averaged (blocks of k × k here, then cairo's
   * filter, which reads round each pixel): a pixel is then the same
   * whatever the clip, so that drawing a few pixels again (the app's
   * board view redraws only round the pointer on a huge board, over the
   * board drawn before) matches the board drawn whole. So the blocks
   * start at multiples of k cells, counted from the board's corner, not
   * from the first cell the clip touches; and a few blocks beyond the
   * clip are drawn too, for the filter to read. */
  if (l->cell < 1)
    {
      int k = l->cell < 0.5 ? (int) floor (1.0 / l->cell) : 1, m = 4 * k;

      x0 = MAX (0, x0 - m);
      y0 = MAX (0, y0 - m);
      x0 -= x0 % k;
      y0 -= y0 % k;
      x1 = MIN (width, x1 + m);
      y1 = MIN (height, y1 + m);
    }
  nw = x1 - x0;
  nh = y1 - y0;
  fw = nw;
  fh = nh;
  img = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, nw, nh);
  if (cairo_surface_status (img) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (img);
      return;
    }
  cairo_surface_flush (img);
  pixels = cairo_image_surface_get_data (img);
  stride = cairo_image_surface_get_stride (img);
  for (int y = 0; y < nh; y++)
    {
      guint32 *row = (guint32 *) (gpointer) (pixels + (gsize) y * stride);
      gsize i = (gsize) (y0 + y) * width + x0;

      for (int x = 0; x < nw; x++, i++)
        {
          guint32 v = colour (i, x0 + x, y0 + y, data), a = v >> 24;

          if (a == 255)
            row[x] = v;
          else if (a == 0)
            row[x] = 0;
          else
            {
              /* Cairo's ARGB32 is premultiplied: each channel scaled by
               * alpha, rounded. */
              guint32 r = ((v >> 16 & 255) * a + 127) / 255;
              guint32 g = ((v >> 8 & 255) * a + 127) / 255;
              guint32 b = ((v & 255) * a + 127) / 255;
              row[x] = a << 24 | r << 16 | g << 8 | b;
            }
        }
    }
  cairo_surface_mark_dirty (img);

  /* Under half a pixel a cell: blocks of k x k cells averaged here first,
   * so that cairo's filter shrinks by at most 2. Pixman's GOOD filter
   * shrinking a 1000x1000 board's image to 400 px took most of the 0.1-
   * 0.5 s a live frame held the window up (review). */
  scale = l->cell;
  if (l->cell < 0.5)
    {
      int k = (int) floor (1.0 / l->cell);
      cairo_surface_t *small = shrink_by (img, nw, nh, k);

      if (small != NULL)
        {
          cairo_surface_destroy (img);
          img = small;
          scale = l->cell * k;
          fw = (double) nw / k;
          fh = (double) nh / k;
        }
    }

  if (l->cell >= 1 && pixel_aligned (cr))
    {
      paint_pixels (cr, l, img, x0, y0, x1, y1);
      cairo_surface_destroy (img);
      return;
    }
  cairo_save (cr);
  cairo_translate (cr, l->x0 + x0 * l->cell, l->y0 + y0 * l->cell);
  cairo_scale (cr, scale, scale);
  pat = cairo_pattern_create_for_surface (img);
  /* PAD: a filter that reads past the image's edge (GOOD, when scaling
   * down) finds the edge cells there, not transparency. */
  cairo_pattern_set_extend (pat, CAIRO_EXTEND_PAD);
  cairo_pattern_set_filter (pat, scale >= 1 ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_GOOD);
  cairo_set_source (cr, pat);
  cairo_new_path (cr);
  cairo_rectangle (cr, 0, 0, fw, fh);
  cairo_fill (cr);
  cairo_restore (cr);
  cairo_pattern_destroy (pat);
  cairo_surface_destroy (img);
}

void
hb_draw_grid_lines (cairo_t *cr, const HbLayout *l, int w, int h, int vx0, int vy0, int vx1,
                    int vy1)
{
  if (l->cell < 8)
    return;
  for (int x = MAX (vx0, 1); x < MIN (vx1, w); x++)
    {
      double px = floor (l->x0 + x * l->cell) + 0.5;
      cairo_move_to (cr, px, l->y0 + vy0 * l->cell);
      cairo_line_to (cr, px, l->y0 + vy1 * l->cell);
    }
  for (int y = MAX (vy0, 1); y < MIN (vy1, h); y++)
    {
      double py = floor (l->y0 + y * l->cell) + 0.5;
      cairo_move_to (cr, l->x0 + vx0 * l->cell, py);
      cairo_line_to (cr, l->x0 + vx1 * l->cell, py);
    }
}

void
hb_draw_cell_ring (cairo_t *cr, const HbLayout *l, int x, int y, double min_radius)
{
  double r = MAX (min_radius, l->cell * 0.6);
  double cx = l->x0 + (x + 0.5) * l->cell, cy = l->y0 + (y + 0.5) * l->cell;

  cairo_new_sub_path (cr);
  cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
  cairo_close_path (cr);
}

guint32
hb_draw_pack_rgba (double r, double g, double b, double a)
{
  guint32 v[4];
  double c[4] = { a, r, g, b };

  for (int k = 0; k < 4; k++)
    v[k] = (guint32) lround (CLAMP (c[k], 0.0, 1.0) * 255);
  return v[0] << 24 | v[1] << 16 | v[2] << 8 | v[3];
}

guint32
hb_draw_mix (guint32 a, guint32 b, double t)
{
  guint32 out = 0;

  t = CLAMP (t, 0.0, 1.0);
  for (int shift = 0; shift < 32; shift += 8)
    {
      double ca = (a >> shift) & 255, cb = (b >> shift) & 255;
      out |= (guint32) (ca + (cb - ca) * t + 0.5) << shift;
    }
  return out;
}

/* ---- Text on a colour ---------------------------------------------------- */

static double
linear (double c)
{
  return c <= 0.04045 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

double
hb_draw_luminance (const double rgb[3])
{
  return 0.2126 * linear (CLAMP (rgb[0], 0, 1)) + 0.7152 * linear (CLAMP (rgb[1], 0, 1))
         + 0.0722 * linear (CLAMP (rgb[2], 0, 1));
}

double
hb_draw_contrast (const double a[3], const double b[3])
{
  double la = hb_draw_luminance (a), lb = hb_draw_luminance (b);

  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

void
hb_draw_label_colour (const double bg[3], double min_alpha, double rgba[4])
{
  static const double black[3] = { 0, 0, 0 }, white[3] = { 1, 1, 1 };
  const double *tone = hb_draw_contrast (black, bg) >= hb_draw_contrast (white, bg) ? black : white;
  double alpha = CLAMP (min_alpha, 0, 1);

  /* The label is drawn onto 8-bit pixels: a little over the bar, so the
   * rounding of the blend never takes it under. Opaque, the better of
   * black and white is at least 4.58:1. */
  for (; alpha < 1; alpha = MIN (1.0, alpha + 0.05))
    {
      double mixed[3];

      for (int k = 0; k < 3; k++)
        mixed[k] = tone[k] * alpha + bg[k] * (1 - alpha);
      if (hb_draw_contrast (mixed, bg) >= HB_DRAW_TEXT_CONTRAST + 0.1)
        break;
    }
  rgba[0] = rgba[1] = rgba[2] = tone[0];
  rgba[3] = alpha;
}
