/* hb-vision.c: shared grid and colour finding for screenshot import
 * (see hb-vision.h). */
#include "hb-vision.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>

/* ---- Colour ------------------------------------------------------------ */

static double
srgb_to_linear (double c)
{
  c /= 255.0;
  return c <= 0.04045 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

static double
lab_f (double t)
{
  return t > 216.0 / 24389.0 ? cbrt (t) : (24389.0 / 27.0 * t + 16.0) / 116.0;
}

void
hb_lab_from_rgb (const guint8 rgb[3], HbLab *lab)
{
  double r = srgb_to_linear (rgb[0]), g = srgb_to_linear (rgb[1]), b = srgb_to_linear (rgb[2]);
  /* sRGB to XYZ (D65), then relative to the D65 white. */
  double x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
  double y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b;
  double z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883;
  double fx = lab_f (x), fy = lab_f (y), fz = lab_f (z);

  lab->L = (float) (116.0 * fy - 16.0);
  lab->a = (float) (500.0 * (fx - fy));
  lab->b = (float) (200.0 * (fy - fz));
}

float
hb_lab_distance (const HbLab *a, const HbLab *b)
{
  float dl = a->L - b->L, da = a->a - b->a, db = a->b - b->b;
  return sqrtf (dl * dl + da * da + db * db);
}

float
hb_lab_chroma (const HbLab *c)
{
  return sqrtf (c->a * c->a + c->b * c->b);
}

/* A hue angle in degrees, 0 to 360; 0 for a grey. */
static double
hue_deg (double b, double a)
{
  double h;

  if (a == 0 && b == 0)
    return 0;
  h = atan2 (b, a) * 180.0 / G_PI;
  return h < 0 ? h + 360.0 : h;
}

#define RAD(d) ((d) * G_PI / 180.0)

double
hb_lab_delta_e2000 (const HbLab *x, const HbLab *y)
{
  const double p25 = 6103515625.0;   /* 25^7 */
  double c1 = hypot (x->a, x->b), c2 = hypot (y->a, y->b), cb = (c1 + c2) / 2;
  double cb7 = pow (cb, 7), g = 0.5 * (1 - sqrt (cb7 / (cb7 + p25)));
  double a1 = (1 + g) * x->a, a2 = (1 + g) * y->a;
  double c1p = hypot (a1, x->b), c2p = hypot (a2, y->b);
  double h1 = hue_deg (x->b, a1), h2 = hue_deg (y->b, a2);
  double dl = y->L - x->L, dc = c2p - c1p, dh = 0, hb = h1 + h2;
  double lb = (x->L + y->L) / 2, cbp = (c1p + c2p) / 2, cbp7 = pow (cbp, 7);
  double t, dtheta, rc, sl, sc, sh, rt, dhh;

  if (c1p * c2p != 0)
    {
      dh = h2 - h1;
      if (dh > 180)
        dh -= 360;
      else if (dh < -180)
        dh += 360;
      if (fabs (h1 - h2) <= 180)
        hb = (h1 + h2) / 2;
      else
        hb = (h1 + h2 + (h1 + h2 < 360 ? 360 : -360)) / 2;
    }
  dhh = 2 * sqrt (c1p * c2p) * sin (RAD (dh / 2));
  t = 1 - 0.17 * cos (RAD (hb - 30)) + 0.24 * cos (RAD (2 * hb)) + 0.32 * cos (RAD (3 * hb + 6))
      - 0.20 * cos (RAD (4 * hb - 63));
  dtheta = 30 * exp (-((hb - 275) / 25) * ((hb - 275) / 25));
  rc = 2 * sqrt (cbp7 / (cbp7 + p25));
  sl = 1 + 0.015 * (lb - 50) * (lb - 50) / sqrt (20 + (lb - 50) * (lb - 50));
  sc = 1 + 0.045 * cbp;
  sh = 1 + 0.015 * cbp * t;
  rt = -sin (RAD (2 * dtheta)) * rc;
  return sqrt ((dl / sl) * (dl / sl) + (dc / sc) * (dc / sc) + (dhh / sh) * (dhh / sh)
               + rt * (dc / sc) * (dhh / sh));
}

void
hb_vision_square_lab (const HbImage *img, double cx, double cy, double half, HbLab *lab,
                      guint8 rgb[3])
{
  int r = MAX (1, (int) half);
  guint8 m[3];

  hb_vision_median (img, (int) cx - r, (int) cy - r, (int) cx + r + 1, (int) cy + r + 1, m);
  hb_lab_from_rgb (m, lab);
  if (rgb != NULL)
    memcpy (rgb, m, 3);
}

void
hb_vision_median (const HbImage *img, int x0, int y0, int x1, int y1, guint8 out[3])
{
  guint32 hist[3][256];
  guint32 n = 0;
  int step;

  x0 = CLAMP (x0, 0, img->width);
  x1 = CLAMP (x1, 0, img->width);
  y0 = CLAMP (y0, 0, img->height);
  y1 = CLAMP (y1, 0, img->height);
  out[0] = out[1] = out[2] = 0;
  if (x1 <= x0 || y1 <= y0)
    return;
  /* At most about 4096 samples: a median does not need every pixel. */
  step = 1;
  while ((gint64) ((x1 - x0 + step - 1) / step) * ((y1 - y0 + step - 1) / step) > 4096)
    step++;
  memset (hist, 0, sizeof hist);
  for (int y = y0; y < y1; y += step)
    for (int x = x0; x < x1; x += step)
      {
        const guint8 *p = hb_image_pixel (img, x, y);
        hist[0][p[0]]++;
        hist[1][p[1]]++;
        hist[2][p[2]]++;
        n++;
      }
  for (int c = 0; c < 3; c++)
    {
      guint32 acc = 0;
      for (int v = 0; v < 256; v++)
        {
          acc += hist[c][v];
          if (acc * 2 >= n)
            {
              out[c] = (guint8) v;
              break;
            }
        }
    }
}

void
hb_vision_background (const HbImage *img, guint8 out[3])
{
  g_autofree guint32 *count = g_new0 (guint32, 4096);
  g_autofree guint64 *sum = g_new0 (guint64, 4096 * 3);
  int step = MAX (1, (int) sqrt ((double) img->width * img->height / 250000.0));
  int best = 0;

  for (int y = 0; y < img->height; y += step)
    for (int x = 0; x < img->width; x += step)
      {
        const guint8 *p = hb_image_pixel (img, x, y);
        int k = ((p[0] >> 4) << 8) | ((p[1] >> 4) << 4) | (p[2] >> 4);
        count[k]++;
        sum[k * 3] += p[0];
        sum[k * 3 + 1] += p[1];
        sum[k * 3 + 2] += p[2];
      }
  for (int k = 1; k < 4096; k++)
    if (count[k] > count[best])
      best = k;
  for (int c = 0; c < 3; c++)
    out[c] = count[best] ? (guint8) (sum[best * 3 + c] / count[best]) : 0;
}

/* ---- Shared analyses ------------------------------------------------------ */

#define SHRUNK_KEPT 4

typedef struct {
  HbImage *shrunk[SHRUNK_KEPT];
  int      shrunk_factor[SHRUNK_KEPT];
  guint16 *jx, *jy;   /* edge_jumps */
  gboolean tilt_known;
  double   tilt;       /* hb_vision_tilt, once a picture (each unsure
                        * reading of it asks) */
} Shared;

static void
shared_free (gpointer data)
{
  Shared *sh = data;

  for (int i = 0; i < SHRUNK_KEPT; i++)
    hb_image_free (sh->shrunk[i]);
  g_free (sh->jx);
  g_free (sh->jy);
  g_free (sh);
}

/* The picture's shared analyses, made on first use. The picture is const
 * to its readers; what is kept beside it is not. */
static Shared *
shared_of (const HbImage *img)
{
  HbImage *m = (HbImage *) img;

  if (m->shared == NULL || m->shared_free != shared_free)
    {
      hb_image_changed (m);
      m->shared = g_new0 (Shared, 1);
      m->shared_free = shared_free;
    }
  return m->shared;
}

int
hb_vision_shrink_factor (const HbImage *img, int max_side)
{
  int side = MAX (img->width, img->height);

  if (max_side < 1 || side <= max_side)
    return 1;
  return (side + max_side - 1) / max_side;
}

static HbImage *
shrink (const HbImage *img, int f)
{
  int w = (img->width + f - 1) / f, h = (img->height + f - 1) / f;
  HbImage *out = hb_image_new (w, h);
  g_autofree guint32 *acc = NULL;

  if (out == NULL)
    return NULL;
  acc = g_new (guint32, (gsize) w * 3);
  for (int y = 0; y < h; y++)
    {
      int y0 = y * f, y1 = MIN (img->height, y0 + f);
      guint8 *d = out->pixels + (gsize) y * out->stride;
      memset (acc, 0, sizeof (guint32) * w * 3);
      for (int v = y0; v < y1; v++)
        {
          const guint8 *p = hb_image_pixel (img, 0, v);
          int full = img->width / f;   /* output pixels with all f columns */
          guint32 *a = acc;
          /* The common factors unrolled; the picture is mostly this loop. */
          if (f == 2)
            for (int x = 0; x < full; x++, p += 6, a += 3)
              {
                a[0] += p[0] + p[3];
                a[1] += p[1] + p[4];
                a[2] += p[2] + p[5];
              }
          else if (f == 3)
            for (int x = 0; x < full; x++, p += 9, a += 3)
              {
                a[0] += p[0] + p[3] + p[6];
                a[1] += p[1] + p[4] + p[7];
                a[2] += p[2] + p[5] + p[8];
              }
          else
            for (int x = 0; x < full; x++, a += 3)
              for (int k = 0; k < f; k++, p += 3)
                {
                  a[0] += p[0];
                  a[1] += p[1];
                  a[2] += p[2];
                }
          /* The last, partial column. */
          for (int u = full * f; u < img->width; u++, p += 3)
            {
              a[0] += p[0];
              a[1] += p[1];
              a[2] += p[2];
            }
        }
      for (int x = 0; x < w; x++)
        {
          guint32 n = (guint32) ((MIN (img->width, (x + 1) * f) - x * f) * (y1 - y0));
          for (int c = 0; c < 3; c++)
            d[x * 3 + c] = (guint8) ((acc[x * 3 + c] + n / 2) / n);
        }
    }
  return out;
}

const HbImage *
hb_vision_shrunk (const HbImage *img, int factor)
{
  Shared *sh;
  int slot = -1;

  if (factor <= 1)
    return img;
  sh = shared_of (img);
  for (int i = 0; i < SHRUNK_KEPT; i++)
    {
      if (sh->shrunk[i] != NULL && sh->shrunk_factor[i] == factor)
        return sh->shrunk[i];
      if (sh->shrunk[i] == NULL && slot < 0)
        slot = i;
    }
  if (slot < 0)
    {
      slot = SHRUNK_KEPT - 1;
      hb_image_free (sh->shrunk[slot]);
    }
  sh->shrunk[slot] = shrink (img, factor);
  sh->shrunk_factor[slot] = factor;
  return sh->shrunk[slot];
}

/* ---- Grids ------------------------------------------------------------- */

/* A pixel's luminance, 0..255 (Rec. 601 weights). */
static inline int
pixel_gray (const guint8 *p)
{
  return (77 * p[0] + 150 * p[1] + 29 * p[2] + 128) >> 8;
}

guint8 *
hb_vision_gray (const HbImage *img)
{
  guint8 *g = g_malloc ((gsize) img->width * img->height);

  for (int y = 0; y < img->height; y++)
    {
      const guint8 *p = hb_image_pixel (img, 0, y);
      guint8 *d = g + (gsize) y * img->width;
      for (int x = 0; x < img->width; x++, p += 3)
        d[x] = (guint8) pixel_gray (p);
    }
  return g;
}

void
hb_vision_line_profiles (const guint8 *gray, int width, int height,
                         int x0, int y0, int x1, int y1, int d, int threshold,
                         float *cols, float *rows)
{
  x0 = CLAMP (x0, 0, width);
  x1 = CLAMP (x1, 0, width);
  y0 = CLAMP (y0, 0, height);
  y1 = CLAMP (y1, 0, height);
  if (cols != NULL)
    memset (cols, 0, sizeof (float) * width);
  if (rows != NULL)
    memset (rows, 0, sizeof (float) * height);
  if (d < 1)
    d = 1;
  /* On large areas every other row feeds the column profile and every
   * other column the row profile: the profiles are compared with their
   * own maxima, so halving both costs nothing but time. */
  int ystep = y1 - y0 > 600 ? 2 : 1, xstep = x1 - x0 > 600 ? 2 : 1;
  /* A line within d of the picture's edge (a board drawn edge to edge,
   * scaled down) is compared with the edge pixel on that side: the ridge
   * is still there, only narrower. */
  for (int y = y0; y < y1; y++)
    {
      const guint8 *g = gray + (gsize) y * width;
      const guint8 *up = y >= 1 && y + 1 < height ? gray + (gsize) MAX (y - d, 0) * width : NULL;
      const guint8 *down = up != NULL ? gray + (gsize) MIN (y + d, height - 1) * width : NULL;
      int hcount = 0;
      if (cols != NULL && (y - y0) % ystep == 0)
        for (int x = MAX (x0, 1); x < MIN (x1, width - 1); x++)
          {
            int v = g[x], l = g[MAX (x - d, 0)], r = g[MIN (x + d, width - 1)];
            if ((v - l > threshold && v - r > threshold)
                || (l - v > threshold && r - v > threshold))
              cols[x] += (float) ystep;
          }
      if (rows != NULL && up != NULL && down != NULL)
        {
          for (int x = MAX (x0, d); x < MIN (x1, width - d); x += xstep)
            {
              int v = g[x], u = up[x], w = down[x];
              if ((v - u > threshold && v - w > threshold)
                  || (u - v > threshold && w - v > threshold))
                hcount += xstep;
            }
          rows[y] = (float) hcount;
        }
    }
}

/* Per pixel, the colour jump across it (between its neighbours either
 * side, the sum of the three channel differences) where that is a
 * boundary between flat areas: the colour is steady on each side, two
 * pixels out, unlike the strokes of a digit or a glyph drawn inside a
 * cell; else 0. jx across columns, jy across rows. Every threshold's
 * profile is then a count over these, so Flood-It's and Enlight's
 * readers, with their three thresholds, pay for the jumps once. */
static void
edge_jumps (const HbImage *img, guint16 **jx_out, guint16 **jy_out)
{
  int w = img->width, h = img->height;
  guint16 *jx = g_new0 (guint16, (gsize) w * h);
  guint16 *jy = g_new0 (guint16, (gsize) w * h);

  for (int y = 1; y < h - 1; y++)
    {
      const guint8 *p = hb_image_pixel (img, 0, y);
      const guint8 *pu = hb_image_pixel (img, 0, y - 1);
      const guint8 *pd = hb_image_pixel (img, 0, y + 1);
      const guint8 *puu = y >= 2 ? hb_image_pixel (img, 0, y - 2) : NULL;
      const guint8 *pdd = y + 2 < h ? hb_image_pixel (img, 0, y + 2) : NULL;
      guint16 *rx = jx + (gsize) y * w, *ry = jy + (gsize) y * w;
      for (int x = 1; x < w - 1; x++)
        {
          const guint8 *l = p + (x - 1) * 3, *r = p + (x + 1) * 3;
          const guint8 *u = pu + x * 3, *dn = pd + x * 3;
          int dx = abs (l[0] - r[0]) + abs (l[1] - r[1]) + abs (l[2] - r[2]);
          int dy = abs (u[0] - dn[0]) + abs (u[1] - dn[1]) + abs (u[2] - dn[2]);
          if (dx > 0 && x >= 2 && x + 2 < w)
            {
              const guint8 *ll = p + (x - 2) * 3, *rr = p + (x + 2) * 3;
              int fl = abs (l[0] - ll[0]) + abs (l[1] - ll[1]) + abs (l[2] - ll[2]);
              int fr = abs (r[0] - rr[0]) + abs (r[1] - rr[1]) + abs (r[2] - rr[2]);
              if (fl * 2 < dx && fr * 2 < dx)
                rx[x] = (guint16) dx;
            }
          if (dy > 0 && puu != NULL && pdd != NULL)
            {
              const guint8 *uu = puu + x * 3, *dd = pdd + x * 3;
              int fu = abs (u[0] - uu[0]) + abs (u[1] - uu[1]) + abs (u[2] - uu[2]);
              int fd = abs (dn[0] - dd[0]) + abs (dn[1] - dd[1]) + abs (dn[2] - dd[2]);
              if (fu * 2 < dy && fd * 2 < dy)
                ry[x] = (guint16) dy;
            }
        }
    }
  *jx_out = jx;
  *jy_out = jy;
}

void
hb_vision_edge_profiles (const HbImage *img, int x0, int y0, int x1, int y1,
                         int threshold, float *cols, float *rows)
{
  int w = img->width, h = img->height;
  Shared *sh = shared_of (img);

  x0 = CLAMP (x0, 1, w - 1);
  x1 = CLAMP (x1, 1, w - 1);
  y0 = CLAMP (y0, 1, h - 1);
  y1 = CLAMP (y1, 1, h - 1);
  if (cols != NULL)
    memset (cols, 0, sizeof (float) * w);
  if (rows != NULL)
    memset (rows, 0, sizeof (float) * h);
  if (sh->jx == NULL)
    edge_jumps (img, &sh->jx, &sh->jy);
  int ystep = y1 - y0 > 600 ? 2 : 1, xstep = x1 - x0 > 600 ? 2 : 1;
  guint16 thr = (guint16) CLAMP (threshold, 0, G_MAXUINT16);
  for (int y = y0; y < y1; y++)
    {
      const guint16 *rx = sh->jx + (gsize) y * w, *ry = sh->jy + (gsize) y * w;
      gboolean col_row = (y - y0) % ystep == 0;
      if (cols != NULL && col_row)
        for (int x = x0; x < x1; x++)
          if (rx[x] > thr)
            cols[x] += (float) ystep;
      if (rows != NULL)
        {
          int racc = 0;
          for (int x = x0; x < x1; x += xstep)
            racc += ry[x] > thr;
          rows[y] = (float) (racc * xstep);
        }
    }
}

static gboolean
find_cell_grid (const HbImage *img, double min_cell, int threshold, HbGridFlags flags,
                HbGridAxis *ax, HbGridAxis *ay);

gboolean
hb_vision_find_cell_grid (const HbImage *img, double min_cell, int threshold,
                          HbGridAxis *ax, HbGridAxis *ay)
{
  return hb_vision_find_cell_grid_flags (img, min_cell, threshold, HB_GRID_THIN_LINES, ax, ay);
}

gboolean
hb_vision_find_cell_grid_flags (const HbImage *img, double min_cell, int threshold,
                                HbGridFlags flags, HbGridAxis *ax, HbGridAxis *ay)
{
  int f = hb_vision_shrink_factor (img, HB_VISION_LOCATE_SIDE);
  const HbImage *small;

  if (f == 1)
    return find_cell_grid (img, min_cell, threshold, flags, ax, ay);
  /* A large picture: the lattice is looked for in the shared shrunk copy
   * (a tenth of the pixels for a phone screenshot) and scaled back; the
   * readers sample the cells at full resolution, and a cell's median
   * does not mind the pixel or two that costs. */
  small = hb_vision_shrunk (img, f);
  if (small == NULL || !find_cell_grid (small, MAX (2.0, min_cell / f), threshold, flags, ax, ay))
    return FALSE;
  ax->origin *= f;
  ax->period *= f;
  ax->residual *= f;
  ay->origin *= f;
  ay->period *= f;
  ay->residual *= f;
  return TRUE;
}

float
hb_vision_side_contrast (const HbImage *img, const HbGridAxis *ax, const HbGridAxis *ay,
                         int x, int y, int side, const HbLab *ref)
{
  gboolean vertical = side == 1 || side == 3;
  const HbGridAxis *across = vertical ? ax : ay, *along = vertical ? ay : ax;
  int k = vertical ? x + (side == 1) : y + (side == 2), t = vertical ? y : x;
  double line = across->origin + k * across->period;
  double mid = along->origin + (t + 0.5) * along->period, reach = along->period * 0.25;
  int limit = vertical ? img->width : img->height;
  float best = 0;

  if (line < 0 || line > limit - 1)
    return -1;
  for (int d = -1; d <= 1; d++)
    {
      int p = (int) lround (line) + d;
      guint8 m[3];
      HbLab lab;
      if (p < 0 || p >= limit)
        continue;
      if (vertical)
        hb_vision_median (img, p, (int) (mid - reach), p + 1, (int) (mid + reach) + 1, m);
      else
        hb_vision_median (img, (int) (mid - reach), p, (int) (mid + reach) + 1, p + 1, m);
      hb_lab_from_rgb (m, &lab);
      best = MAX (best, hb_lab_distance (&lab, ref));
    }
  return best;
}

static gboolean
find_cell_grid (const HbImage *img, double min_cell, int threshold, HbGridFlags flags,
                HbGridAxis *ax, HbGridAxis *ay)
{
  int w = img->width, h = img->height;
  g_autofree float *cols = g_new (float, w);
  g_autofree float *rows = g_new (float, h);
  double x0, x1, y0, y1;

  hb_vision_edge_profiles (img, 0, 0, w, h, threshold, cols, rows);
  if (!hb_vision_find_axis_flags (cols, w, min_cell, w / 2.0, 3, 0.2, 0, flags, ax))
    return FALSE;
  x0 = ax->origin;
  x1 = ax->origin + (ax->lines - 1) * ax->period;
  hb_vision_edge_profiles (img, (int) x0, 0, (int) ceil (x1) + 1, h, threshold, NULL, rows);
  if (!hb_vision_find_axis_flags (rows, h, min_cell, h / 2.0, 3, 0.2, ax->period, flags, ay))
    return FALSE;
  y0 = ay->origin;
  y1 = ay->origin + (ay->lines - 1) * ay->period;
  hb_vision_edge_profiles (img, 0, (int) y0, w, (int) ceil (y1) + 1, threshold, cols, NULL);
  return hb_vision_find_axis_flags (cols, w, min_cell, w / 2.0, 3, 0.2, ay->period, flags, ax);
}

typedef struct {
  double pos;
  float  value;
} Peak;

/* With `top`, a peak stands at the middle of its top (the values within
 * a tenth of it, up to 3 pixels either side) rather than at the centre
 * of its run at least half as high: a gap's two edges summed over 5
 * pixels (HB_GRID_GAP_LINES) top out between them however unlike their
 * jumps, where the centre of the run leans a pixel or two towards the
 * stronger. A top is also the highest within 4 pixels, not 2: the
 * shoulders of a gap's edges summed (their ramps from the lights' edges)
 * are lower peaks 2 or 3 pixels from its top. */
static int
find_peaks (const float *profile, int len, double min_frac, gboolean top, Peak **out)
{
  float max = 0;
  GArray *peaks = g_array_new (FALSE, FALSE, sizeof (Peak));
  int reach = top ? 4 : 2;

  for (int i = 0; i < len; i++)
    max = MAX (max, profile[i]);
  if (max <= 0)
    {
      *out = NULL;
      g_array_free (peaks, TRUE);
      return 0;
    }
  for (int i = 0; i < len; i++)
    {
      float v = profile[i];
      gboolean is_max = v >= max * min_frac;
      int j0, j1;
      if (!is_max)
        continue;
      for (int j = MAX (0, i - reach); j <= MIN (len - 1, i + reach) && is_max; j++)
        if (profile[j] > v || (profile[j] == v && j < i))
          is_max = FALSE;
      if (!is_max)
        continue;
      if (top)
        {
          j0 = j1 = i;
          while (j0 > 0 && i - j0 < 3 && profile[j0 - 1] >= v * 0.9f)
            j0--;
          while (j1 < len - 1 && j1 - i < 3 && profile[j1 + 1] >= v * 0.9f)
            j1++;
          Peak p = { (j0 + j1) / 2.0, v };
          g_array_append_val (peaks, p);
          continue;
        }
      /* A plateau or a thick line: centre of the run at least half as
       * high, weighted by value. */
      j0 = i;
      while (j0 > 0 && i - j0 < 8 && profile[j0 - 1] >= v * 0.5f)
        j0--;
      j1 = i;
      while (j1 < len - 1 && j1 - i < 8 && profile[j1 + 1] >= v * 0.5f)
        j1++;
      double sw = 0, sx = 0;
      for (int j = j0; j <= j1; j++)
        {
          sw += profile[j];
          sx += profile[j] * j;
        }
      Peak p = { sw > 0 ? sx / sw : i, v };
      g_array_append_val (peaks, p);
    }
  *out = (Peak *) (void *) peaks->data;
  int n = (int) peaks->len;
  g_array_free (peaks, FALSE);
  return n;
}

/* The peak nearest `want` within `tol`, or -1. Peaks are sorted. */
static int
nearest_peak (const Peak *p, int n, double want, double tol)
{
  int lo = 0, hi = n;
  int best = -1;
  double bd = tol;

  while (lo < hi)
    {
      int mid = (lo + hi) / 2;
      if (p[mid].pos < want)
        lo = mid + 1;
      else
        hi = mid;
    }
  for (int k = MAX (0, lo - 1); k <= MIN (n - 1, lo); k++)
    if (fabs (p[k].pos - want) <= bd)
      {
        bd = fabs (p[k].pos - want);
        best = k;
      }
  return best;
}

gboolean
hb_vision_find_axis (const float *profile, int len, double min_period,
                     double max_period, int min_lines, double min_frac,
                     double expect_period, HbGridAxis *axis)
{
  return hb_vision_find_axis_flags (profile, len, min_period, max_period, min_lines, min_frac,
                                    expect_period, HB_GRID_THIN_LINES, axis);
}

/* A thick line's two edges lie at most this far apart (in periods):
 * Flood-It's outline, 0.08 of a cell wide, shows its edges 0.1 of a cell
 * apart at 48 px a cell (109 and 114 for a line at 111.4). */
#define THICK_LINE 0.2
/* With HB_GRID_FAINT_LINES, a run goes on through peaks this much lower
 * than `min_frac` asks of the peaks it starts from. */
#define FAINT_LINE 0.25

/* The lines a run may go on through, in tiers tried in turn: the peaks,
 * then (HB_GRID_THICK_LINES) the middles of two neighbouring peaks no
 * more than THICK_LINE of a period apart (or, with HB_GRID_GAP_LINES
 * alone, the peaks of the profile not summed), then (HB_GRID_FAINT_LINES) the
 * faint peaks and their middles. All in one array, tier after tier,
 * each tier sorted; the peaks first, so a peak's number is its own. */
typedef struct {
  Peak   *line;
  double *width;        /* of a middle's two peaks; 0 for a peak */
  int     start[5];     /* tier t is line[start[t] .. start[t + 1]) */
} Lines;

static void
lines_add_tier (Lines *l, int *n, int tier, const Peak *p, int np, gboolean mids)
{
  l->start[tier] = *n;
  if (!mids)
    for (int i = 0; i < np; i++)
      {
        l->line[*n] = p[i];
        l->width[(*n)++] = 0;
      }
  else
    for (int i = 0; i + 1 < np; i++)
      {
        l->line[*n].pos = (p[i].pos + p[i + 1].pos) / 2;
        l->line[*n].value = (p[i].value + p[i + 1].value) / 2;
        l->width[(*n)++] = p[i + 1].pos - p[i].pos;
      }
}

/* The line one step on from `last` (`want`, a period back or forward):
 * the nearest within `tol` in the first tier that has one (a middle only
 * when its peaks lie no more than THICK_LINE of a period apart), or -1. */
static int
next_line (const Lines *l, double want, double tol, double period)
{
  for (int t = 0; t < 4; t++)
    {
      int n = l->start[t + 1] - l->start[t];
      int k = n > 0 ? nearest_peak (l->line + l->start[t], n, want, tol) : -1;

      if (k >= 0 && l->width[l->start[t] + k] <= THICK_LINE * period)
        return l->start[t] + k;
    }
  return -1;
}

/* The RMS distance of a run's lines (run[k], -1 for a blank one) from
 * the straight line fitted to them by least squares. */
static double
run_rms (const Lines *l, const int *run, int len)
{
  double sk = 0, sp = 0, skk = 0, skp = 0, den, period, origin, res = 0;
  int m = 0;

  for (int k = 0; k < len; k++)
    if (run[k] >= 0)
      {
        double pos = l->line[run[k]].pos;
        sk += k;
        sp += pos;
        skk += (double) k * k;
        skp += k * pos;
        m++;
      }
  den = m * skk - sk * sk;
  if (m < 2 || den == 0)
    return 0;
  period = (m * skp - sk * sp) / den;
  origin = (sp - period * sk) / m;
  for (int k = 0; k < len; k++)
    if (run[k] >= 0)
      {
        double e = l->line[run[k]].pos - (origin + k * period);
        res += e * e;
      }
  return sqrt (res / m);
}

/* With HB_GRID_BLANK_LINES, a run crosses at most this many lines in a
 * row that show nothing, and at most one line in BLANK_SHARE of it is
 * blank (a run of half the period, every other line blank, is not one). */
#define MAX_BLANK 2
#define BLANK_SHARE 3

gboolean
hb_vision_find_axis_flags (const float *profile, int len, double min_period,
                           double max_period, int min_lines, double min_frac,
                           double expect_period, HbGridFlags flags, HbGridAxis *axis)
{
  g_autofree Peak *p = NULL, *faint = NULL;
  g_autofree Peak *edge = NULL;
  g_autofree float *summed = NULL;
  gboolean thick = (flags & HB_GRID_THICK_LINES) != 0, blank = (flags & HB_GRID_BLANK_LINES) != 0;
  int n, n_edges = 0;

  /* HB_GRID_GAP_LINES: the peaks of the profile summed over 5 pixels;
   * the profile's own peaks are the next tier (where THICK's middles
   * would be), for a board's outer lines, which have one edge only (a
   * light's, half a gap inside the lattice line; at 48 px a cell its
   * summed peak lay 2.5 px off, past a run's tolerance, and a 4x4 board
   * read as its middle 3x3 or 2x2). */
  if (flags & HB_GRID_GAP_LINES)
    {
      summed = g_new0 (float, MAX (len, 1));
      for (int i = 0; i < len; i++)
        for (int j = MAX (0, i - 2); j <= MIN (len - 1, i + 2); j++)
          summed[i] += profile[j];
      if (!thick)
        n_edges = find_peaks (profile, len, min_frac, FALSE, &edge);
      profile = summed;
    }
  n = find_peaks (profile, len, min_frac, summed != NULL, &p);
  int n_faint = (flags & HB_GRID_FAINT_LINES) ? find_peaks (profile, len, FAINT_LINE * min_frac, summed != NULL, &faint) : 0;
  int n_lines = 0, most = 2 * (n + n_faint) + n_edges + 2;
  /* A run's lines (-1 for a blank one), and how many it may hold: n
   * without flags, as it always had. */
  int cap = flags == HB_GRID_THIN_LINES ? n : most + (blank ? len / MAX (1, (int) min_period) + 2 : 0);
  g_autofree Peak *line = g_new (Peak, most);
  g_autofree double *width = g_new (double, most);
  Lines l = { line, width, { 0 } };
  g_autofree int *run = g_new (int, MAX (cap, 2));
  g_autofree int *best_run = g_new (int, MAX (cap, 2));
  int best_len = 0, n_seeds;
  g_autofree int *seed = NULL;
  double best_score = -1, best_rms = 0;
  gboolean gap_lines = (flags & HB_GRID_GAP_LINES) != 0;

  lines_add_tier (&l, &n_lines, 0, p, n, FALSE);
  if (n_edges > 0)
    lines_add_tier (&l, &n_lines, 1, edge, n_edges, FALSE);
  else
    lines_add_tier (&l, &n_lines, 1, p, thick ? n : 0, TRUE);
  lines_add_tier (&l, &n_lines, 2, faint, n_faint, FALSE);
  lines_add_tier (&l, &n_lines, 3, faint, thick ? n_faint : 0, TRUE);
  l.start[4] = n_lines;
  /* Runs start from two peaks, or (HB_GRID_THICK_LINES) a thick line's
   * middle, one of them (HB_GRID_FAINT_LINES) perhaps faint: their
   * numbers in `seed`, by position. */
  n_seeds = thick || n_faint > 0 ? n_lines : n;
  seed = g_new (int, MAX (n_seeds, 1));
  for (int a = 0; a < n_seeds; a++)
    {
      int b = a;
      if (n_seeds == n)   /* the peaks alone, in their order, as they always were */
        {
          seed[a] = a;
          continue;
        }
      for (; b > 0 && l.line[seed[b - 1]].pos > l.line[a].pos; b--)
        seed[b] = seed[b - 1];
      seed[b] = a;
    }
  for (int si = 0; si < n_seeds; si++)
    for (int sj = si + 1; sj < n_seeds; sj++)
      {
        int i = seed[si], j = seed[sj];
        double period = l.line[j].pos - l.line[i].pos;
        double tol;
        int m = 0, lo = 0, holes = 0;
        double strength = 0, score;
        if (period < min_period)
          continue;
        if (period > max_period)
          break;
        if (expect_period > 0 && fabs (period - expect_period) > 0.08 * expect_period)
          continue;
        if (l.width[i] > THICK_LINE * period || l.width[j] > THICK_LINE * period
            || (i >= l.start[2] && j >= l.start[2]))
          continue;
        tol = MAX (1.6, 0.035 * period);
        /* Backwards from i first (so the run comes out sorted), then i, j
         * and forwards. Each step expects the next line one period on from
         * the last found, so a slowly drifting scale still follows; with
         * HB_GRID_BLANK_LINES it may cross up to MAX_BLANK blank lines (h)
         * to the next line found. */
        for (int dir = -1; dir <= 1; dir += 2)
          {
            int back[512];
            int nb = 0;
            double last = l.line[dir < 0 ? i : j].pos;

            for (;;)
              {
                int h = 0, k = next_line (&l, last + dir * period, tol, period);

                while (k < 0 && blank && h < MAX_BLANK)
                  {
                    h++;
                    k = next_line (&l, last + dir * (h + 1) * period, tol, period);
                  }
                if (k < 0 || (dir < 0 ? nb + h + 1 > 512 : m + h + 1 > cap))
                  break;
                holes += h;
                for (int t = 0; t <= h; t++)
                  {
                    if (dir < 0)
                      back[nb++] = t < h ? -1 : k;
                    else
                      run[m++] = t < h ? -1 : k;
                  }
                last = l.line[k].pos;
              }
            if (dir < 0)
              {
                for (int b = nb - 1; b >= 0; b--)
                  run[m++] = back[b];
                run[m++] = i;
                run[m++] = j;
              }
          }
        /* A run ends on lines as strong as those it starts from: faint
         * and blank lines go on past a board's edge into the margin
         * (a title's letters). */
        while (lo < m && (run[lo] < 0 || run[lo] >= l.start[2]))
          holes -= run[lo++] < 0;
        while (m > lo && (run[m - 1] < 0 || run[m - 1] >= l.start[2]))
          holes -= run[--m] < 0;
        /* Too many blank lines (BLANK_SHARE): the end beyond the blank
         * lines nearest it goes, the one with fewer lines found first,
         * until the rest keeps the share. */
        while (BLANK_SHARE * holes > m - lo)
          {
            int a = lo, b = m - 1, ea, eb;

            while (run[a] >= 0)
              a++;
            ea = a;
            while (run[ea] < 0)
              ea++;   /* run[lo .. ea) goes from the start */
            while (run[b] >= 0)
              b--;
            eb = b;
            while (run[eb] < 0)
              eb--;   /* run[eb + 1 .. m) from the end */
            if (a - lo <= m - 1 - b)
              {
                holes -= ea - a;
                lo = ea;
              }
            else
              {
                holes -= b - eb;
                m = eb + 1;
              }
          }
        if (m - lo < min_lines)
          continue;
        for (int k = lo; k < m; k++)
          if (run[k] >= 0)
            strength += l.line[run[k]].value;
        /* More lines first; among runs as long, the stronger. */
        score = (m - lo) * 1e9 + strength;
        /* HB_GRID_GAP_LINES: among runs as long, the one whose lines
         * keep to their lattice best (by a twentieth of a pixel), then
         * the stronger. A run may drift a pixel and a half a step, and
         * one seeded a pixel and a half short of the cell (14.5 px at
         * 16) took a light's inner edge for the board's last line and
         * outweighed the run that took its outer edge: the lattice came
         * out a third of a pixel a cell short, the last lights sampled
         * off their middles. */
        if (gap_lines && best_len > 0 && m - lo == best_len)
          {
            double rms = run_rms (&l, run + lo, m - lo);

            if (fabs (rms - best_rms) > 0.05)
              score = rms < best_rms ? best_score + 1 : best_score - 1;
          }
        if (score > best_score)
          {
            best_score = score;
            best_len = m - lo;
            if (gap_lines)
              best_rms = run_rms (&l, run + lo, m - lo);
            memcpy (best_run, run + lo, sizeof (int) * (m - lo));
          }
      }
  if (best_len < MAX (2, min_lines))
    return FALSE;
  /* Least squares: pos_k = origin + k × period, over the lines found. */
  {
    double sk = 0, sp = 0, skk = 0, skp = 0, strength = 0, res = 0;
    int m = 0;
    for (int k = 0; k < best_len; k++)
      if (best_run[k] >= 0)
        {
          double pos = l.line[best_run[k]].pos;
          sk += k;
          sp += pos;
          skk += (double) k * k;
          skp += k * pos;
          strength += l.line[best_run[k]].value;
          m++;
        }
    double den = m * skk - sk * sk;
    axis->period = den != 0 ? (m * skp - sk * sp) / den : 0;
    axis->origin = (sp - axis->period * sk) / m;
    for (int k = 0; k < best_len; k++)
      if (best_run[k] >= 0)
        {
          double e = l.line[best_run[k]].pos - (axis->origin + k * axis->period);
          res += e * e;
        }
    axis->lines = best_len;
    axis->strength = strength / m;
    axis->residual = sqrt (res / m);
  }
  /* An end line fainter than the peak threshold (a board's outer edge
   * drawn lighter, a blurred border) still continues the run when the
   * profile has a clear bump there. */
  for (int end = 0; end < 2 && axis->period > 0; end++)
    for (int guard = 0; guard < 2; guard++)
      {
        double want = end == 0 ? axis->origin - axis->period
                               : axis->origin + axis->lines * axis->period;
        int lo = (int) floor (want - MAX (1.6, 0.035 * axis->period));
        int hi = (int) ceil (want + MAX (1.6, 0.035 * axis->period));
        float top = 0;
        if (lo < 0 || hi >= len)
          break;
        for (int x = lo; x <= hi; x++)
          top = MAX (top, profile[x]);
        if (top < 0.3 * axis->strength)
          break;
        /* A bump, not a plateau: lower half a period away. */
        {
          int a = (int) (want - axis->period / 2), b = (int) (want + axis->period / 2);
          if (a < 0 || b >= len || profile[a] > top * 0.5f || profile[b] > top * 0.5f)
            break;
        }
        if (end == 0)
          axis->origin -= axis->period;
        axis->lines++;
      }
  return axis->period > 0;
}

double
hb_vision_autocorrelation_period (const float *profile, int len, int min_period,
                                  int max_period)
{
  double mean = 0, best = 0;
  int best_p = 0;
  g_autofree double *ac = NULL;

  if (len < 4 || min_period < 1)
    return 0;
  max_period = MIN (max_period, len / 2);
  if (max_period < min_period)
    return 0;
  for (int i = 0; i < len; i++)
    mean += profile[i];
  mean /= len;
  ac = g_new0 (double, max_period + 2);
  for (int p = MAX (1, min_period - 1); p <= max_period + 1 && p < len; p++)
    {
      double s = 0;
      for (int i = 0; i + p < len; i++)
        s += (profile[i] - mean) * (profile[i + p] - mean);
      ac[MIN (p, max_period + 1)] = s / (len - p);
    }
  for (int p = min_period; p <= max_period; p++)
    if (ac[p] > best && ac[p] >= ac[p - 1] && ac[p] >= ac[p + 1])
      {
        best = ac[p];
        best_p = p;
      }
  if (best_p == 0)
    return 0;
  /* Sub-pixel: the top of a parabola through the three values. */
  {
    double a = ac[best_p - 1], b = ac[best_p], c = ac[best_p + 1];
    double den = a - 2 * b + c;
    return best_p + (den != 0 ? 0.5 * (a - c) / den : 0);
  }
}

/* ---- Grouping colours -------------------------------------------------- */

int
hb_vision_cluster (const HbLab *colours, int n, float threshold, int *group)
{
  g_autofree int *parent = g_new (int, MAX (n, 1));
  g_autofree int *label = g_new (int, MAX (n, 1));
  int k = 0;

  for (int i = 0; i < n; i++)
    parent[i] = i;
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      if (hb_lab_distance (&colours[i], &colours[j]) < threshold)
        {
          int a = hb_vision_uf_find (parent, i), b = hb_vision_uf_find (parent, j);
          if (a != b)
            parent[MAX (a, b)] = MIN (a, b);
        }
  for (int i = 0; i < n; i++)
    label[i] = -1;
  for (int i = 0; i < n; i++)
    {
      int r = hb_vision_uf_find (parent, i);
      if (label[r] < 0)
        label[r] = k++;
      group[i] = label[r];
    }
  return k;
}

/* ---- The report --------------------------------------------------------- */

HbImportReport *
hb_import_report_new (void)
{
  HbImportReport *r = g_new0 (HbImportReport, 1);
  r->notes = g_ptr_array_new_with_free_func (g_free);
  return r;
}

void
hb_import_report_clear (HbImportReport *r)
{
  GPtrArray *notes = r->notes;

  g_free (r->summary);
  g_free (r->unsure);
  g_free (r->seen);
  g_free (r->game_name);
  g_free (r->detail);
  if (r->draw_data_free != NULL && r->draw_data != NULL)
    r->draw_data_free (r->draw_data);
  g_ptr_array_set_size (notes, 0);
  memset (r, 0, sizeof *r);
  r->notes = notes;
}

void
hb_import_report_free (HbImportReport *r)
{
  if (r == NULL)
    return;
  hb_import_report_clear (r);
  g_ptr_array_unref (r->notes);
  g_free (r);
}

void
hb_import_report_set_grid (HbImportReport *r, int width, int height,
                           double x0, double y0, double cell_w, double cell_h)
{
  gsize n = (gsize) width * height;

  r->width = width;
  r->height = height;
  r->x0 = x0;
  r->y0 = y0;
  r->cell_w = cell_w;
  r->cell_h = cell_h;
  g_free (r->unsure);
  g_free (r->seen);
  r->unsure = g_malloc0 (MAX (n, 1));
  r->seen = g_new (guint32, MAX (n, 1));
  for (gsize i = 0; i < n; i++)
    r->seen[i] = HB_SEEN_NOTHING;
  r->n_unsure = 0;
}

void
hb_import_report_mark_unsure (HbImportReport *r, int x, int y)
{
  gsize i;

  if (r->unsure == NULL || x < 0 || y < 0 || x >= r->width || y >= r->height)
    return;
  i = (gsize) y * r->width + x;
  if (!r->unsure[i])
    {
      r->unsure[i] = 1;
      r->n_unsure++;
    }
}

void
hb_import_report_note (HbImportReport *r, const char *format, ...)
{
  va_list ap;

  va_start (ap, format);
  g_ptr_array_add (r->notes, g_strdup_vprintf (format, ap));
  va_end (ap);
}

void
hb_import_report_finish (HbImportReport *r, const char *game_name, const char *detail)
{
  g_free (r->game_name);
  g_free (r->detail);
  r->game_name = g_strdup (game_name);
  r->detail = g_strdup (detail);
  hb_import_report_refinish (r);
}

void
hb_import_report_refinish (HbImportReport *r)
{
  GString *s;

  if (r->game_name == NULL)
    return;
  s = g_string_new (NULL);
  g_string_append_printf (s, "%s, %d×%d", r->game_name, r->width, r->height);
  if (r->detail != NULL && *r->detail)
    g_string_append_printf (s, ", %s", r->detail);
  if (r->n_unsure > 0)
    {
      g_string_append (s, ", ");
      g_string_append_printf (s, g_dngettext (NULL, "%u cell unsure", "%u cells unsure",
                                              r->n_unsure),
                              r->n_unsure);
    }
  g_free (r->summary);
  r->summary = g_string_free (s, FALSE);
}

char *
hb_import_report_to_string (const HbImportReport *r)
{
  GString *s = g_string_new (r->summary != NULL ? r->summary : "");

  for (guint i = 0; i < r->notes->len; i++)
    g_string_append_printf (s, "\n%s", (const char *) r->notes->pdata[i]);
  return g_string_free (s, FALSE);
}

void
hb_import_report_draw (const HbImportReport *r, const HbImage *img, cairo_t *cr)
{
  cairo_surface_t *pic = hb_image_to_surface (img);
  double lw = MAX (1.0, MIN (r->cell_w, r->cell_h) / 40.0);

  cairo_save (cr);
  cairo_set_source_surface (cr, pic, 0, 0);
  cairo_paint (cr);
  cairo_surface_destroy (pic);
  /* Dim the picture so the marks stand out. */
  cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
  cairo_paint (cr);
  if (r->width > 0 && r->height > 0)
    {
      cairo_set_line_width (cr, lw);
      cairo_set_source_rgb (cr, 0.0, 1.0, 0.3);
      for (int x = 0; x <= r->width; x++)
        {
          cairo_move_to (cr, r->x0 + x * r->cell_w, r->y0);
          cairo_line_to (cr, r->x0 + x * r->cell_w, r->y0 + r->height * r->cell_h);
        }
      for (int y = 0; y <= r->height; y++)
        {
          cairo_move_to (cr, r->x0, r->y0 + y * r->cell_h);
          cairo_line_to (cr, r->x0 + r->width * r->cell_w, r->y0 + y * r->cell_h);
        }
      cairo_stroke (cr);
      for (int y = 0; y < r->height; y++)
        for (int x = 0; x < r->width; x++)
          {
            gsize i = (gsize) y * r->width + x;
            double cx = r->x0 + (x + 0.5) * r->cell_w, cy = r->y0 + (y + 0.5) * r->cell_h;
            double q = MIN (r->cell_w, r->cell_h) * 0.18;
            if (r->seen != NULL && r->seen[i] != HB_SEEN_NOTHING)
              {
                guint32 c = r->seen[i];
                cairo_rectangle (cr, cx - q, cy - q, 2 * q, 2 * q);
                cairo_set_source_rgb (cr, ((c >> 16) & 0xff) / 255.0,
                                      ((c >> 8) & 0xff) / 255.0, (c & 0xff) / 255.0);
                cairo_fill_preserve (cr);
                cairo_set_source_rgb (cr, 1, 1, 1);
                cairo_set_line_width (cr, lw);
                cairo_stroke (cr);
              }
            if (r->unsure != NULL && r->unsure[i])
              {
                double e = MIN (r->cell_w, r->cell_h) * 0.4;
                cairo_set_source_rgb (cr, 1, 0.1, 0.1);
                cairo_set_line_width (cr, 3 * lw);
                cairo_move_to (cr, cx - e, cy - e);
                cairo_line_to (cr, cx + e, cy + e);
                cairo_move_to (cr, cx + e, cy - e);
                cairo_line_to (cr, cx - e, cy + e);
                cairo_stroke (cr);
              }
          }
    }
  if (r->draw != NULL)
    r->draw (r, cr, r->draw_data);
  cairo_restore (cr);
}

static cairo_status_t
png_append (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

GBytes *
hb_import_report_debug_png (const HbImportReport *r, const HbImage *img, GError **error)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, img->width, img->height);
  cairo_t *cr = cairo_create (s);
  GByteArray *png = g_byte_array_new ();
  cairo_status_t st;

  hb_import_report_draw (r, img, cr);
  cairo_destroy (cr);
  st = cairo_surface_write_to_png_stream (s, png_append, png);
  cairo_surface_destroy (s);
  if (st != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, _("cannot draw the picture: %s"),
                   cairo_status_to_string (st));
      g_byte_array_unref (png);
      return NULL;
    }
  return g_byte_array_free_to_bytes (png);
}

void
hb_vision_no_board (GError **error, const char *game_name, const char *reason)
{
  g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_NO_BOARD,
               _("No %s board found in the picture: %s"), game_name, reason);
}

gboolean
hb_vision_cancelled (const HbCancel *cancellable, GError **error)
{
  if (!hb_cancel_is_set (cancellable))
    return FALSE;
  g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_CANCELLED, _("Cancelled"));
  return TRUE;
}

/* ---- A picture cut through the board -------------------------------------- */

/* A pixel of the picture in a side's own coordinates: `u` along the
 * board's side, `v` outward from it (negative: into the board). FALSE
 * off the picture. */
typedef struct {
  const HbImage *img;
  int    side;
  double edge;   /* the side's line in picture pixels (x or y) */
} SideFrame;

static const guint8 *
side_pixel (const SideFrame *f, double u, double v)
{
  int x, y;

  switch (f->side)
    {
    case HB_SIDE_TOP:    x = (int) lround (u); y = (int) lround (f->edge - v); break;
    case HB_SIDE_BOTTOM: x = (int) lround (u); y = (int) lround (f->edge + v); break;
    case HB_SIDE_LEFT:   x = (int) lround (f->edge - v); y = (int) lround (u); break;
    default:             x = (int) lround (f->edge + v); y = (int) lround (u); break;
    }
  if (x < 0 || y < 0 || x >= f->img->width || y >= f->img->height)
    return NULL;
  return hb_image_pixel (f->img, x, y);
}

/* What crosses line `u` at depth `v`: the colours either side of it
 * differ (Flood-It's squares: CROSS_COLOURS), or a thin line runs there
 * (Flow Free's grid, the gaps between Enlight's lights: the line's
 * contrast with the pixels beside it, a positive number), or nothing
 * (0). */
#define CROSS_COLOURS (-1)

static int
side_crossing (const SideFrame *f, double u, double v, double reach)
{
  const guint8 *a = side_pixel (f, u - reach, v), *b = side_pixel (f, u + reach, v);
  int best = 0;

  if (a == NULL || b == NULL)
    return 0;
  for (int d = -2; d <= 2; d++)
    {
      const guint8 *c = side_pixel (f, u + d, v), *l = side_pixel (f, u + d - 3, v),
                   *r = side_pixel (f, u + d + 3, v);
      int gc, gl, gr, k;
      if (c == NULL || l == NULL || r == NULL)
        continue;
      gc = pixel_gray (c);
      gl = pixel_gray (l);
      gr = pixel_gray (r);
      k = MIN (ABS (gc - gl), ABS (gc - gr));
      if ((gc - gl) * (gc - gr) > 0 && k > 12)
        best = MAX (best, k);
    }
  if (best > 0)
    return best;
  {
    HbLab la, lb;
    hb_lab_from_rgb (a, &la);
    hb_lab_from_rgb (b, &lb);
    if (hb_lab_distance (&la, &lb) > 15)
      return CROSS_COLOURS;
  }
  return 0;
}

guint
hb_vision_cut_sides (const HbImage *img, const HbImportReport *r)
{
  guint cut = 0;

  if (r->width < 1 || r->height < 1 || r->cell_w <= 0 || r->cell_h <= 0)
    return 0;
  for (int side = HB_SIDE_TOP; side <= HB_SIDE_LEFT; side <<= 1)
    {
      gboolean across_x = side == HB_SIDE_TOP || side == HB_SIDE_BOTTOM;
      double cell_along = across_x ? r->cell_w : r->cell_h;
      double cell_out = across_x ? r->cell_h : r->cell_w;
      double start = across_x ? r->x0 : r->y0;
      int lines = across_x ? r->width : r->height;
      SideFrame f = { img, side, 0 };
      double margin;
      int lines_in = 0, lines_on = 0;

      switch (side)
        {
        case HB_SIDE_TOP:    f.edge = r->y0; margin = r->y0; break;
        case HB_SIDE_BOTTOM: f.edge = r->y0 + r->height * r->cell_h; margin = img->height - f.edge; break;
        case HB_SIDE_LEFT:   f.edge = r->x0; margin = r->x0; break;
        default:             f.edge = r->x0 + r->width * r->cell_w; margin = img->width - f.edge; break;
        }
      /* The lattice runs past the picture's edge: a row or column was
       * read from part of its cells. */
      if (margin < -2)
        {
          cut |= (guint) side;
          continue;
        }
      /* Too narrow to tell (Flow Free's board runs to within 3 px of a
       * phone's sides), or room for a whole row that is not there. */
      if (margin < 6 || margin >= 0.97 * cell_out || lines < 2)
        continue;
      /* The structure between the cells, just outside the board and as
       * deep just inside it: a margin around a board is plain (or has
       * lines along the board, not across it); a picture cut through a
       * board goes on with the board's cells, lines or lights, each line
       * between them running through the whole strip, to the picture's
       * edge, of the kind the board's own lines are (thin lines, or
       * colours changing), a thin line as contrasted as the board's to
       * within a factor of two. Text just above a board crosses some of
       * them over the text's height, and Flow Free's white counters over
       * its dim grid ("flows: 0/6  moves: 0") read as a cut board. */
      {
        int n = 0, kinds[2] = { 0, 0 };
        double contrast = 0;
        g_autofree int *in = g_new0 (int, (gsize) MAX (lines, 1) * 32);
        g_autofree int *out = g_new0 (int, (gsize) MAX (lines, 1) * 32);

        for (double v = 3; v <= margin - 2 && n < 32; v += MAX (1.0, (margin - 5) / 8), n++)
          for (int k = 1; k < lines; k++)
            {
              double u = start + k * cell_along, reach = MAX (2.0, 0.15 * cell_along);
              int *i_k = &in[k * 32 + n], *o_k = &out[k * 32 + n];
              *o_k = side_crossing (&f, u, v, reach);
              *i_k = side_crossing (&f, u, -v, reach);
              if (*i_k > 0)
                {
                  kinds[1]++;
                  contrast += *i_k;
                }
              else if (*i_k == CROSS_COLOURS)
                kinds[0]++;
            }
        if (n > 0)
          {
            gboolean thin = kinds[1] >= kinds[0];
            double mean = kinds[1] > 0 ? contrast / kinds[1] : 0;
            for (int k = 1; k < lines; k++)
              {
                int hi = 0, ho = 0;
                for (int t = 0; t < n; t++)
                  {
                    int a = in[k * 32 + t], b = out[k * 32 + t];
                    hi += thin ? a > 0 : a == CROSS_COLOURS;
                    ho += thin ? (b > 0.5 * mean && b < 2 * mean) : b == CROSS_COLOURS;
                  }
                /* (Not always the same lines: the cells beyond are
                 * others, and Flood-It's colours run in patches.) */
                lines_in += hi >= 0.7 * n;
                lines_on += ho >= 0.7 * n;
              }
          }
      }
      if (lines_in >= 2 && lines_in >= 0.5 * (lines - 1) && lines_on >= 2
          && lines_on >= 0.5 * lines_in)
        cut |= (guint) side;
    }
  return cut;
}

/* ---- A picture turned ------------------------------------------------------ */

/* A Sobel response that counts as an edge: a step of about 15 grey
 * levels (Flow Free's dark grid lines on black). */
#define HB_TILT_EDGE 60

/* The Sobel histogram's angle runs a tenth to a fifth short (a turned
 * edge's pixels step along the grid); the board's lines are straight, so
 * the angle from there to a third more at which the strong edges'
 * pixels, projected across each family of lines, pile up most sharply
 * is the turn, to a tenth of a degree. */
/* A strong edge pixel of the picture: where, and its Sobel response
 * (HB_TILT_EDGE or more). */
typedef struct {
  float x, y, mag;
} EdgePoint;

static double
refine_tilt (const GArray *pts, int w, int h, double angle)
{
  int span = (int) ceil (hypot (w, h)) + 2;
  g_autofree float *across = g_new (float, 2 * (gsize) span);
  g_autofree float *along = g_new (float, 2 * (gsize) span);
  double best = -1, found = angle;
  double lo = angle > 0 ? angle - 1.5 : angle * 1.35 - 1.5;
  double hi = angle > 0 ? angle * 1.35 + 1.5 : angle + 1.5;

  for (double a = lo; a <= hi + 1e-9; a += 0.1)
    {
      double c = cos (a * G_PI / 180), sn = sin (a * G_PI / 180), sharp = 0;
      const EdgePoint *p = (const EdgePoint *) (const void *) pts->data;

      memset (across, 0, sizeof (float) * 2 * (gsize) span);
      memset (along, 0, sizeof (float) * 2 * (gsize) span);
      for (guint i = 0; i < pts->len; i++, p++)
        {
          int u = (int) lround (p->x * c + p->y * sn) + span;
          int v = (int) lround (-p->x * sn + p->y * c) + span;
          across[CLAMP (u, 0, 2 * span - 1)] += p->mag;
          along[CLAMP (v, 0, 2 * span - 1)] += p->mag;
        }
      for (int i = 0; i < 2 * span; i++)
        sharp += (double) across[i] * across[i] + (double) along[i] * along[i];
      if (sharp > best)
        {
          best = sharp;
          found = a;
        }
    }
  return found;
}

static double
measure_tilt (const HbImage *img)
{
  int f = hb_vision_shrink_factor (img, HB_VISION_LOCATE_SIDE);
  const HbImage *small = hb_vision_shrunk (img, f);
  enum { BINS = 180 };   /* half a degree each, over the 90° that edges repeat */
  double hist[BINS] = { 0 }, total = 0, best = 0, at_zero = 0;
  int peak = 0;

  g_autofree guint8 *gray = NULL;
  g_autoptr(GArray) pts = NULL;
  int w;

  if (small == NULL || small->width < 32 || small->height < 32)
    return 0;
  gray = hb_vision_gray (small);
  w = small->width;
  pts = g_array_new (FALSE, FALSE, sizeof (EdgePoint));
  for (int y = 1; y < small->height - 1; y++)
    for (int x = 1; x < w - 1; x++)
      {
        const guint8 *up = gray + (gsize) (y - 1) * w + x, *mid = up + w, *down = mid + w;
        int gx = up[1] + 2 * mid[1] + down[1] - up[-1] - 2 * mid[-1] - down[-1];
        int gy = down[-1] + 2 * down[0] + down[1] - up[-1] - 2 * up[0] - up[1];
        EdgePoint e = { (float) x, (float) y, 0 };
        double a;

        if (gx * gx + gy * gy < HB_TILT_EDGE * HB_TILT_EDGE)
          continue;
        e.mag = (float) sqrt ((double) gx * gx + (double) gy * gy);
        g_array_append_val (pts, e);
        a = fmod (atan2 (gy, gx) * 180.0 / G_PI + 360.0, 90.0);
        hist[(int) (a * 2) % BINS] += e.mag;
        total += e.mag;
      }
  if (total <= 0)
    return 0;
  /* The strongest direction, over a window of ±1° (a straight edge's
   * Sobel angle wanders a little), and how much of the edges it holds. */
  for (int b = 0; b < BINS; b++)
    {
      double sum = 0;
      for (int d = -2; d <= 2; d++)
        sum += hist[(b + d + BINS) % BINS];
      if (sum > best)
        {
          best = sum;
          peak = b;
        }
      if (b == 0)
        at_zero = sum;
    }
  {
    /* The window's mean, for a finer angle than its bin. */
    double sum = 0, angle;
    for (int d = -2; d <= 2; d++)
      sum += d * hist[(peak + d + BINS) % BINS];
    angle = (peak + sum / best) / 2.0;
    if (angle > 45)
      angle -= 90;
    /* A straight picture's edges run at 0° and 90°; a turned board's
     * lines and cells keep to one other direction, and hold a good part
     * of all the edges (noise and photographs spread theirs: noise holds
     * 0.03). A board of many dots holds least, its discs' edges running
     * every way: a dark 8×8 Flow Free board turned 12° holds 0.2 (0.205,
     * 0.199 once its dark colours had a halo), hence 0.18. */
    if (fabs (angle) < 2 || best < 0.18 * total || at_zero > 0.5 * best)
      return 0;
    angle = refine_tilt (pts, w, small->height, angle);
    return fabs (angle) < 1.5 ? 0 : angle;
  }
}

double
hb_vision_tilt (const HbImage *img)
{
  Shared *sh = shared_of (img);

  if (!sh->tilt_known)
    {
      sh->tilt = measure_tilt (img);
      sh->tilt_known = TRUE;
    }
  return sh->tilt;
}
