/* hb-image.h: a picture as plain pixels, for screenshot import.
 *
 * No GTK: an HbImage is 8-bit RGB, row after row, `stride` bytes apart.
 * Pictures with an alpha channel are laid on white when read (a screenshot
 * never has holes; a PNG with transparency shows white in every viewer).
 * Reading goes through GdkPixbuf (PNG, JPEG, and WebP when Debian's
 * webp-pixbuf-loader is installed), and every way a file can be bad — not
 * an image, truncated, too large — is a GError in HB_IMAGE_ERROR, never a
 * crash: the size is read from the file's header and checked before the
 * pixels are decoded.
 */
#pragma once

#include <glib.h>
#include <gio/gio.h>
#include <cairo.h>
#include <string.h>

G_BEGIN_DECLS

/* Pictures wider or taller than this, or with more pixels than
 * HB_IMAGE_MAX_PIXELS, are refused before decoding (a 2160×3840 phone
 * screenshot is 8.3 Mpx; a 8K desktop 33 Mpx). */
#define HB_IMAGE_MAX_SIDE    12000
#define HB_IMAGE_MAX_PIXELS  (48u * 1000 * 1000)
/* Files larger than this are refused before reading. */
#define HB_IMAGE_MAX_BYTES   (256u << 20)
/* Smaller pictures cannot hold a board of even 2×2 cells. */
#define HB_IMAGE_MIN_SIDE    8

#define HB_IMAGE_ERROR (hb_image_error_quark ())

typedef enum {
  HB_IMAGE_ERROR_UNREADABLE,  /* not an image, truncated, no such file */
  HB_IMAGE_ERROR_TOO_LARGE,   /* over the limits above */
  HB_IMAGE_ERROR_TOO_SMALL,   /* under HB_IMAGE_MIN_SIDE */
  HB_IMAGE_ERROR_NO_BOARD,    /* read, but no board of the game was found */
  HB_IMAGE_ERROR_CANCELLED,
  HB_IMAGE_ERROR_TILTED,      /* no board found, and the picture looks
                               * turned (its first line says by how much) */
} HbImageErrorCode;

GQuark hb_image_error_quark (void);

typedef struct {
  int     width, height;
  int     stride;   /* bytes from one row to the next (>= 3 * width) */
  guint8 *pixels;   /* R, G, B per pixel */
  /* What the screenshot readers work out from the pixels once and share
   * (a shrunk copy, the colour jumps: hb-vision.h), freed with the
   * picture. Code that changes `pixels` after a reading calls
   * hb_image_changed. One thread reads a picture at a time. */
  gpointer       shared;
  GDestroyNotify shared_free;
} HbImage;

/* A width × height image, all black. NULL when the size is out of the
 * limits above (or not positive). */
HbImage *hb_image_new (int width, int height);
void     hb_image_free (HbImage *img);
HbImage *hb_image_copy (const HbImage *img);
/* Drops what was worked out from the pixels (HbImage.shared). */
void     hb_image_changed (HbImage *img);

static inline const guint8 *
hb_image_pixel (const HbImage *img, int x, int y)
{
  return img->pixels + (gsize) y * img->stride + (gsize) x * 3;
}

/* The picture type that `data` starts as: "png", "jpeg" or "webp" (the
 * formats Hintboard reads, GdkPixbuf's names for them), else NULL. Here,
 * not in hb-image-io.c: the fast command line tells a picture from a
 * level without GdkPixbuf. */
static inline const char *
hb_image_type_of (const char *data, gsize len)
{
  if (len >= 8 && memcmp (data, "\x89PNG\r\n\x1a\n", 8) == 0)
    return "png";
  if (len >= 3 && memcmp (data, "\xff\xd8\xff", 3) == 0)
    return "jpeg";
  if (len >= 12 && memcmp (data, "RIFF", 4) == 0 && memcmp (data + 8, "WEBP", 4) == 0)
    return "webp";
  return NULL;
}

/* The first bytes of a PNG, a JPEG or a WebP signature and nothing after
 * them: a picture cut off inside its signature (7 bytes of a PNG's 8 were
 * "not a picture", where 9 said it was cut short: helper-155). A WebP's
 * only from 8 bytes with a size that is no text, so that a short level
 * beginning "RIFF" is still a level. */
static inline gboolean
hb_image_cut_in_signature (const char *data, gsize len)
{
  const guchar *d = (const guchar *) data;

  if (len == 0 || len >= 12)
    return FALSE;
  if ((len < 8 && memcmp (d, "\x89PNG\r\n\x1a\n", len) == 0)
      || (len < 3 && memcmp (d, "\xff\xd8\xff", len) == 0))
    return TRUE;
  if (len < 8 || memcmp (d, "RIFF", 4) != 0 || memcmp (d + 8, "WEBP", len - 8) != 0)
    return FALSE;
  for (int i = 4; i < 8; i++)
    if ((d[i] < 0x20 && d[i] != '\t' && d[i] != '\n' && d[i] != '\r') || d[i] >= 0x7f)
      return TRUE;
  return FALSE;
}

/* Reads a picture file. `path` is put in front of error messages. */
HbImage *hb_image_load (const char *path, GError **error);
/* Reads a picture from memory (a pasted image, a file read elsewhere).
 * `name` (may be NULL) is put in front of error messages. */
HbImage *hb_image_load_bytes (const guint8 *data, gsize len, const char *name,
                              GError **error);

/* From a cairo image surface (ARGB32 or RGB24, as the games' renderers
 * draw), laid on white where it is transparent. */
HbImage *hb_image_from_surface (cairo_surface_t *surface);
/* A new RGB24 cairo image surface holding the picture (for drawing over it). */
cairo_surface_t *hb_image_to_surface (const HbImage *img);

/* The picture resampled to width × height (bilinear when enlarging, area
 * averaging when shrinking). */
HbImage *hb_image_scale (const HbImage *img, int width, int height);

/* Writes the picture as `type` ("png", "jpeg" with `quality` 1..100, or
 * any other type GdkPixbuf saves); quality is ignored by types without one. */
gboolean hb_image_save (const HbImage *img, const char *path, const char *type,
                        int quality, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HbImage, hb_image_free)

G_END_DECLS
