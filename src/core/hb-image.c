/* hb-image.c: reading pictures into plain RGB pixels (see hb-image.h). */
#include "hb-image.h"

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

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
  g_free (img->pixels);
  g_free (img);
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

/* Lays a straight-alpha pixel on white. */
static inline guint8
over_white (guint8 c, guint8 a)
{
  return (guint8) ((c * a + 255 * (255 - a) + 127) / 255);
}

static HbImage *
from_pixbuf (GdkPixbuf *pb)
{
  int w = gdk_pixbuf_get_width (pb), h = gdk_pixbuf_get_height (pb);
  int n = gdk_pixbuf_get_n_channels (pb);
  int rs = gdk_pixbuf_get_rowstride (pb);
  gboolean alpha = gdk_pixbuf_get_has_alpha (pb);
  const guint8 *src = gdk_pixbuf_read_pixels (pb);
  HbImage *img;

  if (gdk_pixbuf_get_bits_per_sample (pb) != 8 || n < 3
      || gdk_pixbuf_get_colorspace (pb) != GDK_COLORSPACE_RGB)
    return NULL;
  img = hb_image_new (w, h);
  if (img == NULL)
    return NULL;
  for (int y = 0; y < h; y++)
    {
      const guint8 *s = src + (gsize) y * rs;
      guint8 *d = img->pixels + (gsize) y * img->stride;
      for (int x = 0; x < w; x++, s += n, d += 3)
        if (alpha)
          {
            d[0] = over_white (s[0], s[3]);
            d[1] = over_white (s[1], s[3]);
            d[2] = over_white (s[2], s[3]);
          }
        else
          {
            d[0] = s[0];
            d[1] = s[1];
            d[2] = s[2];
          }
    }
  return img;
}

typedef struct {
  int      width, height;
  gboolean prepared;
  int      rows_done;   /* bottom of the lowest area decoded so far */
} SizeCheck;

/* A loader given a file cut short may still hand back a picture, its
 * missing rows left blank; the rows it decoded say so. */
static void
on_area_updated (GdkPixbufLoader *loader, int x, int y, int width, int height,
                 gpointer data)
{
  SizeCheck *check = data;

  check->rows_done = MAX (check->rows_done, y + height);
}

static void
on_size_prepared (GdkPixbufLoader *loader, int width, int height, gpointer data)
{
  SizeCheck *check = data;

  check->prepared = TRUE;
  check->width = width;
  check->height = height;
}

static void
set_size_error (GError **error, const char *name, int w, int h)
{
  if (w < HB_IMAGE_MIN_SIDE || h < HB_IMAGE_MIN_SIDE)
    g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_TOO_SMALL,
                 _("%s: the picture is %d×%d pixels, too small to show a board"),
                 name, w, h);
  else
    g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_TOO_LARGE,
                 _("%s: the picture is %d×%d pixels; pictures up to %d pixels a side and %u million pixels are read"),
                 name, w, h, HB_IMAGE_MAX_SIDE, HB_IMAGE_MAX_PIXELS / 1000000);
}

static gboolean
dims_acceptable (int w, int h)
{
  return size_ok (w, h) && w >= HB_IMAGE_MIN_SIDE && h >= HB_IMAGE_MIN_SIDE;
}

HbImage *
hb_image_load_bytes (const guint8 *data, gsize len, const char *name, GError **error)
{
  g_autoptr(GdkPixbufLoader) loader = NULL;
  g_autoptr(GError) local = NULL;
  SizeCheck check = { 0 };
  gboolean failed = FALSE;
  GdkPixbuf *pb;
  HbImage *img;
  gsize off = 0;

  if (name == NULL)
    name = _("the picture");
  if (len == 0)
    {
      g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_UNREADABLE,
                   _("%s: the file is empty"), name);
      return NULL;
    }
  if (len > HB_IMAGE_MAX_BYTES)
    {
      g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_TOO_LARGE,
                   _("%s: the file is larger than %u MiB"), name, HB_IMAGE_MAX_BYTES >> 20);
      return NULL;
    }
  loader = gdk_pixbuf_loader_new ();
  g_signal_connect (loader, "size-prepared", G_CALLBACK (on_size_prepared), &check);
  g_signal_connect (loader, "area-updated", G_CALLBACK (on_area_updated), &check);
  /* Fed in pieces so that a picture whose header announces a size over the
   * limits is stopped before its pixels are decoded. */
  while (off < len)
    {
      gsize n = MIN (len - off, (gsize) 65536);
      if (!gdk_pixbuf_loader_write (loader, data + off, n, &local))
        {
          failed = TRUE;
          break;
        }
      off += n;
      if (check.prepared && !dims_acceptable (check.width, check.height))
        break;
    }
  /* Always closed: a loader finalized open complains. */
  if (!failed)
    gdk_pixbuf_loader_close (loader, &local);
  else
    gdk_pixbuf_loader_close (loader, NULL);
  if (check.prepared && !dims_acceptable (check.width, check.height))
    {
      set_size_error (error, name, check.width, check.height);
      return NULL;
    }
  if (local != NULL || failed)
    {
      g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_UNREADABLE,
                   _("%s: not a picture that can be read (PNG, JPEG or WebP): %s"),
                   name, local != NULL ? local->message : _("unknown format"));
      return NULL;
    }
  pb = gdk_pixbuf_loader_get_pixbuf (loader);
  if (pb == NULL || check.rows_done < gdk_pixbuf_get_height (pb))
    {
      g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_UNREADABLE,
                   _("%s: not a picture that can be read (PNG, JPEG or WebP): %s"),
                   name, _("the file ends before the picture does"));
      return NULL;
    }
  if (!dims_acceptable (gdk_pixbuf_get_width (pb), gdk_pixbuf_get_height (pb)))
    {
      set_size_error (error, name, gdk_pixbuf_get_width (pb), gdk_pixbuf_get_height (pb));
      return NULL;
    }
  img = from_pixbuf (pb);
  if (img == NULL)
    g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_UNREADABLE,
                 _("%s: the picture's pixel format is not supported"), name);
  return img;
}

HbImage *
hb_image_load (const char *path, GError **error)
{
  g_autofree char *contents = NULL;
  g_autoptr(GError) local = NULL;
  GStatBuf st;
  int w = 0, h = 0;
  gsize len = 0;

  if (g_stat (path, &st) != 0)
    {
      g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_UNREADABLE,
                   _("%s: no such file"), path);
      return NULL;
    }
  if (!S_ISREG (st.st_mode))
    {
      g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_UNREADABLE,
                   _("%s: not a regular file"), path);
      return NULL;
    }
  if ((guint64) st.st_size > HB_IMAGE_MAX_BYTES)
    {
      g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_TOO_LARGE,
                   _("%s: the file is larger than %u MiB"), path, HB_IMAGE_MAX_BYTES >> 20);
      return NULL;
    }
  /* The header alone: format and size, before anything is decoded. When
   * it cannot tell (not a picture, or cut short right after its header)
   * the loader below says why, and checks the size again as it reads. */
  if (gdk_pixbuf_get_file_info (path, &w, &h) != NULL && w > 0 && h > 0
      && !dims_acceptable (w, h))
    {
      set_size_error (error, path, w, h);
      return NULL;
    }
  if (!g_file_get_contents (path, &contents, &len, &local))
    {
      g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_UNREADABLE,
                   "%s: %s", path, local->message);
      return NULL;
    }
  return hb_image_load_bytes ((const guint8 *) contents, len, path, error);
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

gboolean
hb_image_save (const HbImage *img, const char *path, const char *type, int quality,
               GError **error)
{
  g_autoptr(GdkPixbuf) pb = gdk_pixbuf_new_from_data (img->pixels, GDK_COLORSPACE_RGB, FALSE, 8,
                                                      img->width, img->height, img->stride,
                                                      NULL, NULL);
  if (g_str_equal (type, "jpeg") || g_str_equal (type, "webp"))
    {
      char q[8];
      g_snprintf (q, sizeof q, "%d", CLAMP (quality, 1, 100));
      return gdk_pixbuf_save (pb, path, type, error, "quality", q, NULL);
    }
  return gdk_pixbuf_save (pb, path, type, error, NULL);
}
