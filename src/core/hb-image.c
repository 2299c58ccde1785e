/* hb-image.c: plain RGB pictures (see hb-image.h): making, copying,
 * scaling, and cairo surfaces. Reading and writing files, which needs
 * GdkPixbuf, is hb-image-io.c, so a program that never reads a picture
 * does not load GdkPixbuf. */
#include "hb-image.h"

#include <string.h>

G_DEFINE_QUARK (hb-image-error-quark, hb_image_error)

static gboolean
size_ok (int w, int h)
{
  return w >= 1 && h >= 1 && w <= HB_IMAGE_MAX_SIDE && h <= HB_IMAGE_MAX_SIDE
         && (guint64) w * (guint64) h <= HB_IMAGE_MAX_PIXELS;
}

HbImage *
hb_image_new (int width, int height)
{
  HbImage *img;

  if (!size_ok (width, height))
    return NULL;
  img = g_new0 (HbImage, 1);
  img->width = width;
  img->height = height;
  img->stride = width * 3;
  img->pixels = g_malloc0 ((gsize) img->stride * height);
  return img;
}

void
hb_image_free (HbImage *img)
{
  if (img == NULL)
    return;
  hb_image_changed (img);
  g_free (img->pixels);
  g_free (img);
}

void
hb_image_changed (HbImage *img)
{
  if (img->shared != NULL && img->shared_free != NULL)
    img->shared_free (img->shared);
  img->shared = NULL;
  img->shared_free = NULL;
}

HbImage *
hb_image_copy (const HbImage *img)
{
  HbImage *c = hb_image_new (img->width, img->height);

  for (int y = 0; y < img->height; y++)
    memcpy (c->pixels + (gsize) y * c->stride, hb_image_pixel (img, 0, y),
            (gsize) img->width * 3);
  return c;
}

HbImage *
hb_image_from_surface (cairo_surface_t *surface)
{
  int w, h, stride;
  cairo_format_t fmt;
  const guint8 *data;
  HbImage *img;

  cairo_surface_flush (surface);
  fmt = cairo_image_surface_get_format (surface);
  if (fmt != CAIRO_FORMAT_ARGB32 && fmt != CAIRO_FORMAT_RGB24)
    return NULL;
  w = cairo_image_surface_get_width (surface);
  h = cairo_image_surface_get_height (surface);
  stride = cairo_image_surface_get_stride (surface);
  data = cairo_image_surface_get_data (surface);
  img = hb_image_new (w, h);
  if (img == NULL || data == NULL)
    {
      hb_image_free (img);
      return NULL;
    }
  for (int y = 0; y < h; y++)
    {
      const guint32 *s = (const guint32 *) (data + (gsize) y * stride);
      guint8 *d = img->pixels + (gsize) y * img->stride;
      for (int x = 0; x < w; x++, d += 3)
        {
          guint32 p = s[x];
          guint a = fmt == CAIRO_FORMAT_ARGB32 ? p >> 24 : 255;
          /* Premultiplied: colour + white × (1 − alpha). */
          d[0] = (guint8) MIN (255u, ((p >> 16) & 0xff) + (255 - a));
          d[1] = (guint8) MIN (255u, ((p >> 8) & 0xff) + (255 - a));
          d[2] = (guint8) MIN (255u, (p & 0xff) + (255 - a));
        }
    }
  return img;
}

cairo_surface_t *
hb_image_to_surface (const HbImage *img)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, img->width, img->height);
  int stride = cairo_image_surface_get_stride (s);
  guint8 *data;

  cairo_surface_flush (s);
  data = cairo_image_surface_get_data (s);
  if (data == NULL)
    return s;
  for (int y = 0; y < img->height; y++)
    {
      guint32 *d = (guint32 *) (data + (gsize) y * stride);
      const guint8 *p = hb_image_pixel (img, 0, y);
      for (int x = 0; x < img->width; x++, p += 3)
        d[x] = 0xff000000u | ((guint32) p[0] << 16) | ((guint32) p[1] << 8) | p[2];
    }
  cairo_surface_mark_dirty (s);
  return s;
}

HbImage *
hb_image_scale (const HbImage *img, int width, int height)
{
  HbImage *out = hb_image_new (width, height);
  double sx = (double) img->width / width, sy = (double) img->height / height;

  if (out == NULL)
    return NULL;
  for (int y = 0; y < height; y++)
    {
      guint8 *d = out->pixels + (gsize) y * out->stride;
      for (int x = 0; x < width; x++, d += 3)
        {
          if (sx > 1.0 || sy > 1.0)
            {
              /* Area average over the source pixels this one covers. */
              int x0 = (int) (x * sx), x1 = MAX (x0 + 1, (int) ((x + 1) * sx));
              int y0 = (int) (y * sy), y1 = MAX (y0 + 1, (int) ((y + 1) * sy));
              guint32 acc[3] = { 0 };
              x1 = MIN (x1, img->width);
              y1 = MIN (y1, img->height);
              for (int v = y0; v < y1; v++)
                for (int u = x0; u < x1; u++)
                  {
                    const guint8 *p = hb_image_pixel (img, u, v);
                    acc[0] += p[0];
                    acc[1] += p[1];
                    acc[2] += p[2];
                  }
              guint32 n = (guint32) ((x1 - x0) * (y1 - y0));
              for (int c = 0; c < 3; c++)
                d[c] = (guint8) ((acc[c] + n / 2) / n);
            }
          else
            {
              double fx = (x + 0.5) * sx - 0.5, fy = (y + 0.5) * sy - 0.5;
              int u = (int) MAX (0.0, fx), v = (int) MAX (0.0, fy);
              int u1 = MIN (u + 1, img->width - 1), v1 = MIN (v + 1, img->height - 1);
              double ax = CLAMP (fx - u, 0.0, 1.0), ay = CLAMP (fy - v, 0.0, 1.0);
              const guint8 *p00 = hb_image_pixel (img, u, v), *p10 = hb_image_pixel (img, u1, v);
              const guint8 *p01 = hb_image_pixel (img, u, v1), *p11 = hb_image_pixel (img, u1, v1);
              for (int c = 0; c < 3; c++)
                {
                  double top = p00[c] + (p10[c] - p00[c]) * ax;
                  double bot = p01[c] + (p11[c] - p01[c]) * ax;
                  d[c] = (guint8) CLAMP (top + (bot - top) * ay + 0.5, 0.0, 255.0);
                }
            }
        }
    }
  return out;
}

