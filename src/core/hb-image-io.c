/* hb-image-io.c: reading pictures with GdkPixbuf into plain RGB pixels,
 * and writing them (see hb-image.h). */
#include "hb-image.h"

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static gboolean
size_ok (int w, int h)
{
  return w >= 1 && h >= 1 && w <= HB_IMAGE_MAX_SIDE && h <= HB_IMAGE_MAX_SIDE
         && (guint64) w * (guint64) h <= HB_IMAGE_MAX_PIXELS;
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

static gboolean dims_acceptable (int w, int h);

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
  /* Asked for a size of 0 before the pixels are allocated, the PNG and
   * JPEG loaders stop at once: a 20000x20000 PNG of 1 MB took 1.2 GB and
   * 4 s to be refused (the first 64 KiB fed already decoded it all). */
  if (!dims_acceptable (width, height))
    gdk_pixbuf_loader_set_size (loader, 0, 0);
}

static void
set_size_error (GError **error, const char *name, int w, int h)
{
  if (w < HB_IMAGE_MIN_SIDE || h < HB_IMAGE_MIN_SIDE)
    g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_TOO_SMALL,
                 _("%s: the picture is %d×%d pixels, too small to show a board"),
                 name, w, h);
  else
    {
      /* TRANSLATORS: within the next message: "pictures up to 12000
       * pixels a side and 48 million pixels are read"; each count takes
       * its own plural */
      g_autofree char *side = g_strdup_printf (g_dngettext (NULL, "%d pixel a side",
                                                            "%d pixels a side",
                                                            HB_IMAGE_MAX_SIDE),
                                               HB_IMAGE_MAX_SIDE);
      /* TRANSLATORS: within the next message, as above */
      g_autofree char *area = g_strdup_printf (g_dngettext (NULL, "%u million pixels",
                                                            "%u million pixels",
                                                            HB_IMAGE_MAX_PIXELS / 1000000),
                                               HB_IMAGE_MAX_PIXELS / 1000000);

      /* TRANSLATORS: "photo.png: the picture is 13000×9000 pixels;
       * pictures up to 12000 pixels a side and 48 million pixels are
       * read" */
      g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_TOO_LARGE,
                   _("%s: the picture is %d×%d pixels; pictures up to %s and %s are read"),
                   name, w, h, side, area);
    }
}

static gboolean
dims_acceptable (int w, int h)
{
  return size_ok (w, h) && w >= HB_IMAGE_MIN_SIDE && h >= HB_IMAGE_MIN_SIDE;
}

/* Whether JPEG data ends before its picture does. libjpeg reads a cut
 * file to the end, grey below the cut, and says so only on stderr, so a
 * half screenshot read as a smaller board without a word. The headers are
 * walked segment by segment to the first scan (an EXIF thumbnail, with
 * its own end marker, lies inside its segment and is skipped), and the
 * picture's end marker must follow: inside the scans 0xFF is always
 * followed by 0x00 or a restart marker, so FF D9 there is the end. */
static gboolean
jpeg_is_cut (const guint8 *data, gsize len)
{
  gsize pos = 2;

  if (len < 3 || data[0] != 0xFF || data[1] != 0xD8)
    return FALSE;
  for (;;)
    {
      guint marker;

      while (pos + 1 < len && data[pos] == 0xFF && data[pos + 1] == 0xFF)
        pos++;  /* fill bytes */
      if (pos + 2 > len)
        return TRUE;
      if (data[pos] != 0xFF)
        return FALSE;   /* not a JPEG as expected: the loader judges it */
      marker = data[pos + 1];
      if (marker == 0xDA)
        break;
      if (marker == 0xD9)
        return FALSE;
      if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7))
        {
          pos += 2;
          continue;
        }
      if (pos + 4 > len)
        return TRUE;
      pos += 2 + (((gsize) data[pos + 2] << 8) | data[pos + 3]);
    }
  for (gsize i = pos + 2; i + 1 < len; i++)
    if (data[i] == 0xFF && data[i + 1] == 0xD9)
      return FALSE;
  return TRUE;
}

/* Whether PNG data ends before its picture does: its chunks, walked by
 * their lengths from the signature, run out before the IEND chunk. A PNG
 * cut to 10 or 50 bytes was "damaged and cannot be read (Premature
 * end-of-file encountered)", one cut later "the file ends before the
 * picture does" (review). */
static gboolean
png_is_cut (const guint8 *data, gsize len)
{
  gsize pos = 8;

  if (len < 8 || memcmp (data, "\x89PNG\r\n\x1a\n", 8) != 0)
    return FALSE;
  while (pos + 8 <= len)
    {
      guint32 n = (guint32) data[pos] << 24 | (guint32) data[pos + 1] << 16
                  | (guint32) data[pos + 2] << 8 | (guint32) data[pos + 3];

      if (memcmp (data + pos + 4, "IEND", 4) == 0)
        return FALSE;
      /* Cut inside this chunk; but a length far past what is left (over
       * 16 MiB more; writers make chunks of 8 KiB to 1 MiB) is a damaged
       * length, the file whole (review). */
      if (n > len || pos + 12 + (gsize) n > len)
        return (gsize) n - (len - MIN (len, pos + 12)) <= ((gsize) 16 << 20);
      pos += 12 + (gsize) n;
    }
  return TRUE;
}

/* Whether WebP data ends before its picture does: the RIFF header gives
 * the file's length (after its first 8 bytes). The WebP loader decoded a
 * file cut at 95 % into a picture with grey rows and no word, and the
 * board read from it was two rows short. */
static gboolean
webp_is_cut (const guint8 *data, gsize len)
{
  guint32 riff;

  if (len < 12 || memcmp (data, "RIFF", 4) != 0 || memcmp (data + 8, "WEBP", 4) != 0)
    return FALSE;
  riff = (guint32) data[4] | (guint32) data[5] << 8 | (guint32) data[6] << 16
         | (guint32) data[7] << 24;
  return len - 8 < riff;
}

/* A WebP picture's size from its header (the simple lossy, lossless and
 * extended forms), or FALSE. The WebP loader ignores a size asked for in
 * size-prepared and decodes the whole picture anyway, so this is how an
 * oversized one is refused before any pixel is decoded. */
static gboolean
webp_size (const guint8 *d, gsize len, int *w, int *h)
{
  if (len < 30 || memcmp (d, "RIFF", 4) != 0 || memcmp (d + 8, "WEBP", 4) != 0)
    return FALSE;
  if (memcmp (d + 12, "VP8X", 4) == 0)
    {
      *w = 1 + (int) (d[24] | d[25] << 8 | d[26] << 16);
      *h = 1 + (int) (d[27] | d[28] << 8 | d[29] << 16);
      return TRUE;
    }
  if (memcmp (d + 12, "VP8L", 4) == 0 && d[20] == 0x2F)
    {
      guint32 b = (guint32) d[21] | (guint32) d[22] << 8 | (guint32) d[23] << 16
                  | (guint32) d[24] << 24;
      *w = 1 + (int) (b & 0x3FFF);
      *h = 1 + (int) ((b >> 14) & 0x3FFF);
      return TRUE;
    }
  if (memcmp (d + 12, "VP8 ", 4) == 0 && d[23] == 0x9D && d[24] == 0x01 && d[25] == 0x2A)
    {
      *w = (int) ((d[26] | d[27] << 8) & 0x3FFF);
      *h = (int) ((d[28] | d[29] << 8) & 0x3FFF);
      return TRUE;
    }
  return FALSE;
}

HbImage *
hb_image_load_bytes (const guint8 *data, gsize len, const char *name, GError **error)
{
  g_autoptr(GdkPixbufLoader) loader = NULL;
  g_autoptr(GError) local = NULL;
  SizeCheck check = { 0 };
  gboolean failed = FALSE;
  GdkPixbuf *pb;
  g_autoptr(GdkPixbuf) upright = NULL;
  HbImage *img;
  gsize off = 0;
  const char *type;

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
  {
    int ww, wh;
    if (webp_size (data, len, &ww, &wh) && !dims_acceptable (ww, wh))
      {
        set_size_error (error, name, ww, wh);
        return NULL;
      }
  }
  /* Only the three formats, told by their first bytes: any loader
   * GdkPixbuf has read what it was given (an SVG, a TIFF, a GIF named
   * .png), and each is more code open to a hostile file (review). */
  type = hb_image_type_of ((const char *) data, len);
  if (type == NULL && hb_image_cut_in_signature ((const char *) data, len))
    {
      g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_UNREADABLE,
                   _("%s: not a picture that can be read (PNG, JPEG or WebP): %s"),
                   name, _("the file ends before the picture does"));
      return NULL;
    }
  if (type == NULL)
    {
      g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_UNREADABLE,
                   _("%s: not a picture that can be read (PNG, JPEG or WebP)"), name);
      return NULL;
    }
  loader = gdk_pixbuf_loader_new_with_type (type, &local);
  if (loader == NULL)
    {
      g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_UNREADABLE,
                   _("%s: not a picture that can be read (PNG, JPEG or WebP): %s"),
                   name, local->message);
      return NULL;
    }
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
  if (local != NULL && g_error_matches (local, GDK_PIXBUF_ERROR, GDK_PIXBUF_ERROR_UNKNOWN_TYPE))
    {
      /* No picture at all: one sentence, without the loader's words
       * ("Unrecognized image file format") tacked on. */
      g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_UNREADABLE,
                   _("%s: not a picture that can be read (PNG, JPEG or WebP)"), name);
      return NULL;
    }
  /* Refused because it stops short: said so, as a cut picture the reader
   * took is (the reader's words were "Improper call to JPEG library in
   * state 201" for a JPEG cut to 100 bytes). */
  if (local != NULL && (png_is_cut (data, len) || jpeg_is_cut (data, len) || webp_is_cut (data, len)))
    {
      g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_UNREADABLE,
                   _("%s: not a picture that can be read (PNG, JPEG or WebP): %s"),
                   name, _("the file ends before the picture does"));
      return NULL;
    }
  if (local != NULL)
    {
      /* A picture of one of the three kinds whose data the reader
       * refused: said in our words, the reader's after them (they came
       * alone: "Error interpreting JPEG image file (Improper call to JPEG
       * library in state 201)"). */
      const char *kind = g_str_equal (type, "png") ? "PNG" : g_str_equal (type, "jpeg") ? "JPEG"
                                                                                      : "WebP";
      /* TRANSLATORS: %s the file, %s PNG, JPEG or WebP, %s the image
       * reader's own words */
      g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_UNREADABLE,
                   _("%s: the %s picture is damaged and cannot be read (%s)"), name, kind,
                   local->message);
      return NULL;
    }
  if (failed)
    {
      g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_UNREADABLE,
                   _("%s: not a picture that can be read (PNG, JPEG or WebP): %s"),
                   name, _("unknown format"));
      return NULL;
    }
  pb = gdk_pixbuf_loader_get_pixbuf (loader);
  if (pb == NULL || check.rows_done < gdk_pixbuf_get_height (pb) || jpeg_is_cut (data, len)
      || webp_is_cut (data, len))
    {
      g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_UNREADABLE,
                   _("%s: not a picture that can be read (PNG, JPEG or WebP): %s"),
                   name, _("the file ends before the picture does"));
      return NULL;
    }
  /* As the picture is shown: a phone's JPEG stored sideways with its EXIF
   * orientation (a reviewer's board came in turned a quarter). */
  upright = gdk_pixbuf_apply_embedded_orientation (pb);
  if (upright == NULL)
    upright = g_object_ref (pb);
  if (!dims_acceptable (gdk_pixbuf_get_width (upright), gdk_pixbuf_get_height (upright)))
    {
      set_size_error (error, name, gdk_pixbuf_get_width (upright),
                      gdk_pixbuf_get_height (upright));
      return NULL;
    }
  img = from_pixbuf (upright);
  if (img == NULL)
    g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_UNREADABLE,
                 _("%s: the picture's pixel format is not supported"), name);
  return img;
}

/* Whether the file's first bytes are those of a PNG, a JPEG or a WebP
 * (hb_image_type_of): 1 they are, 0 they are not, -1 none could be read
 * (an empty file, or an error the whole read then says). */
static int
starts_as_picture (const char *path)
{
  char head[16];
  gsize n = 0;
  FILE *f = g_fopen (path, "rb");

  if (f == NULL)
    return -1;
  n = fread (head, 1, sizeof head, f);
  fclose (f);
  if (n == 0)
    return -1;
  return hb_image_type_of (head, n) != NULL;
}

/* Reads the whole file at path into *contents (at most the picture cap,
 * checked again as it grows). Its errors name the file once, worded as
 * the levels' reader words them ("NAME: Permission denied", "NAME:
 * cannot read: Input/output error"): g_file_get_contents' own message
 * names it too, and "NAME: Failed to open file “NAME”: …" said it twice. */
static gboolean
read_whole (const char *path, char **contents, gsize *len, GError **error)
{
  const gsize max = HB_IMAGE_MAX_BYTES;
  gsize n = 0, cap = 65536;
  char *buf;
  int fd = g_open (path, O_RDONLY | O_NOCTTY | O_CLOEXEC, 0);

  if (fd < 0)
    {
      int e = errno;

      g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_UNREADABLE, "%s: %s", path,
                   g_strerror (e));
      return FALSE;
    }
  buf = g_malloc (cap);
  for (;;)
    {
      gssize got;

      if (n == cap)
        {
          if (cap > max)
            {
              g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_TOO_LARGE,
                           _("%s: the file is larger than %u MiB"), path, HB_IMAGE_MAX_BYTES >> 20);
              break;
            }
          cap = MIN (cap * 2, max + 1);
          buf = g_realloc (buf, cap);
        }
      got = read (fd, buf + n, cap - n);
      if (got > 0)
        n += (gsize) got;
      else if (got == 0)
        {
          close (fd);
          *contents = buf;
          *len = n;
          return TRUE;
        }
      else if (errno != EINTR)
        {
          int e = errno;
          /* TRANSLATORS: %s is the system's reason ("Input/output error") */
          g_autofree char *msg = g_strdup_printf (_("cannot read: %s"), g_strerror (e));

          g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_UNREADABLE, "%s: %s", path, msg);
          break;
        }
    }
  close (fd);
  g_free (buf);
  return FALSE;
}

HbImage *
hb_image_load (const char *path, GError **error)
{
  g_autofree char *contents = NULL;
  GStatBuf st;
  int w = 0, h = 0, picture;
  gsize len = 0;

  if (g_stat (path, &st) != 0)
    {
      int e = errno;

      /* Worded as the levels' readers word it ("No such file or
       * directory", "Permission denied"). */
      g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_UNREADABLE, "%s: %s", path,
                   g_strerror (e));
      return NULL;
    }
  if (S_ISDIR (st.st_mode))
    {
      g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_UNREADABLE,
                   _("%s: is a folder, not a picture"), path);
      return NULL;
    }
  /* A pipe, a FIFO or a device is read by hb_import_read_image (the
   * levels' capped reader, which core does not have). */
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
   * the loader below says why, and checks the size again as it reads.
   * Asked only of the three formats read: gdk_pixbuf_get_file_info tries
   * every loader GdkPixbuf has, and an SVG without a size made its SVG
   * loader print a GdkPixbuf-CRITICAL before "not a picture". */
  picture = starts_as_picture (path);
  if (picture == 1
      && gdk_pixbuf_get_file_info (path, &w, &h) != NULL && w > 0 && h > 0
      && !dims_acceptable (w, h))
    {
      set_size_error (error, path, w, h);
      return NULL;
    }
  /* No picture by its first bytes: said before the rest is read (a 200
   * MiB file of zeros took 1 s and 278 MB to be refused: review). */
  if (picture == 0 && (guint64) st.st_size >= 12)   /* (shorter: maybe cut) */
    {
      g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_UNREADABLE,
                   _("%s: not a picture that can be read (PNG, JPEG or WebP)"), path);
      return NULL;
    }
  if (!read_whole (path, &contents, &len, error))
    return NULL;
  return hb_image_load_bytes ((const guint8 *) contents, len, path, error);
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
