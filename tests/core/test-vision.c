/* test-vision.c: the picture type and the shared grid and colour finding.
 *
 * Bad pictures (missing, empty, text named .png, truncated, 3×3 pixels,
 * a header announcing 20000×20000) give an HB_IMAGE_ERROR naming the file
 * and never a crash; pictures survive PNG, JPEG and WebP; the grid finder
 * finds lattices at any offset and period among distractors; colours
 * close to the eye stay apart in Lab while JPEG-sized noise is merged. */
#include "hb-image.h"
#include "hb-vision.h"
#include "hb-test-util.h"

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <glib/gstdio.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *tmpdir;

static char *
tmp_path (const char *name)
{
  return g_build_filename (tmpdir, name, NULL);
}

static void
write_file (const char *path, const void *data, gsize len)
{
  g_autoptr(GError) error = NULL;
  g_file_set_contents (path, data, (gssize) len, &error);
  g_assert_no_error (error);
}

static guint32
crc32_bytes (const guint8 *p, gsize n)
{
  guint32 c = 0xffffffffu;
  for (gsize i = 0; i < n; i++)
    {
      c ^= p[i];
      for (int k = 0; k < 8; k++)
        c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1u)));
    }
  return c ^ 0xffffffffu;
}

static void
put32 (guint8 *p, guint32 v)
{
  p[0] = (guint8) (v >> 24);
  p[1] = (guint8) (v >> 16);
  p[2] = (guint8) (v >> 8);
  p[3] = (guint8) v;
}

/* A PNG signature and an IHDR chunk announcing w × h, and nothing else. */
static gsize
png_header (guint8 *buf, guint32 w, guint32 h)
{
  static const guint8 sig[8] = { 137, 'P', 'N', 'G', 13, 10, 26, 10 };
  memcpy (buf, sig, 8);
  put32 (buf + 8, 13);
  memcpy (buf + 12, "IHDR", 4);
  put32 (buf + 16, w);
  put32 (buf + 20, h);
  buf[24] = 8;   /* depth */
  buf[25] = 2;   /* RGB */
  buf[26] = buf[27] = buf[28] = 0;
  put32 (buf + 29, crc32_bytes (buf + 12, 17));
  /* The start of the pixel data, as a real file would go on. */
  put32 (buf + 33, 8);
  memcpy (buf + 37, "IDAT", 4);
  memcpy (buf + 41, "\x78\x9c\x00\x00\x00\xff\xff\x00", 8);
  put32 (buf + 49, crc32_bytes (buf + 37, 12));
  return 53;
}

static HbImage *
test_picture (int w, int h)
{
  HbImage *img = hb_image_new (w, h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        guint8 *p = img->pixels + (gsize) y * img->stride + x * 3;
        p[0] = (guint8) (x * 255 / MAX (1, w - 1));
        p[1] = (guint8) (y * 255 / MAX (1, h - 1));
        p[2] = ((x / 8 + y / 8) & 1) ? 200 : 40;
      }
  return img;
}

static void
assert_load_fails (const char *path, int code, const char *needle)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(HbImage) img = hb_image_load (path, &error);

  g_assert_null (img);
  g_assert_error (error, HB_IMAGE_ERROR, code);
  g_assert_nonnull (strstr (error->message, path));
  if (needle != NULL && strstr (error->message, needle) == NULL)
    g_error ("'%s' not in '%s'", needle, error->message);
}

static void
test_bad_files (void)
{
  g_autofree char *missing = tmp_path ("missing.png");
  g_autofree char *empty = tmp_path ("empty.png");
  g_autofree char *text = tmp_path ("text.png");
  g_autofree char *huge = tmp_path ("huge.png");
  g_autofree char *tiny = tmp_path ("tiny.png");
  g_autofree char *good = tmp_path ("good.png");
  g_autofree char *cut = tmp_path ("cut.png");
  g_autofree char *cutj = tmp_path ("cut.jpg");
  g_autofree char *goodj = tmp_path ("good.jpg");
  g_autoptr(GError) error = NULL;
  guint8 hdr[64];
  gsize n;

  assert_load_fails (missing, HB_IMAGE_ERROR_UNREADABLE, g_strerror (ENOENT));
  write_file (empty, "", 0);
  assert_load_fails (empty, HB_IMAGE_ERROR_UNREADABLE, NULL);
  write_file (text, "1 0 1\n0 1 0\nThis is a level, not a picture.\n", 40);
  assert_load_fails (text, HB_IMAGE_ERROR_UNREADABLE, "not a picture");
  /* Only PNG, JPEG and WebP, whatever GdkPixbuf can read: an SVG, a BMP
   * or a TIFF named .png was read (review). */
  {
    static const char svg[] = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"30\" "
                              "height=\"30\"><rect width=\"30\" height=\"30\" fill=\"red\"/></svg>\n";
    g_autoptr(GdkPixbuf) pb = gdk_pixbuf_new (GDK_COLORSPACE_RGB, FALSE, 8, 30, 30);
    static const char *const types[] = { "bmp", "tiff" };

    /* An SVG without a size, and a GIF: the header check before the
     * loaders asked every loader GdkPixbuf has, and the SVG one printed
     * "GdkPixbuf-CRITICAL: info_cb: assertion 'width > 0 && height > 0'
     * failed" (fatal here), the GIF one called a GIF "too small". */
    static const char sizeless[] = "<svg xmlns=\"http://www.w3.org/2000/svg\"/>";
    static const char gif[] = "GIF89a\x01\x00\x01\x00\x00\x00\x00;";

    write_file (text, svg, strlen (svg));
    assert_load_fails (text, HB_IMAGE_ERROR_UNREADABLE, "not a picture that can be read (PNG, JPEG or WebP)");
    write_file (text, sizeless, strlen (sizeless));
    assert_load_fails (text, HB_IMAGE_ERROR_UNREADABLE, "not a picture that can be read (PNG, JPEG or WebP)");
    write_file (text, gif, sizeof gif - 1);
    assert_load_fails (text, HB_IMAGE_ERROR_UNREADABLE, "not a picture that can be read (PNG, JPEG or WebP)");
    gdk_pixbuf_fill (pb, 0xff0000ff);
    for (guint t = 0; t < G_N_ELEMENTS (types); t++)
      {
        g_autofree char *buf = NULL;
        gsize blen = 0;

        g_assert_true (gdk_pixbuf_save_to_buffer (pb, &buf, &blen, types[t], NULL, NULL));
        write_file (text, buf, blen);
        assert_load_fails (text, HB_IMAGE_ERROR_UNREADABLE, "not a picture that can be read");
      }
  }
  /* A PNG whose data is damaged (its header's check sum broken): said in
   * our words, the reader's after them (they came alone). */
  {
    g_autoptr(GdkPixbuf) small = gdk_pixbuf_new (GDK_COLORSPACE_RGB, FALSE, 8, 8, 8);
    g_autofree char *buf = NULL;
    gsize blen = 0;

    gdk_pixbuf_fill (small, 0x00ff00ff);
    g_assert_true (gdk_pixbuf_save_to_buffer (small, &buf, &blen, "png", NULL, NULL));
    buf[29] ^= 0x5a;   /* the IHDR chunk's CRC */
    write_file (text, buf, blen);
    assert_load_fails (text, HB_IMAGE_ERROR_UNREADABLE, "the PNG picture is damaged and cannot "
                       "be read (");
  }
  n = png_header (hdr, 20000, 20000);
  write_file (huge, hdr, n);
  assert_load_fails (huge, HB_IMAGE_ERROR_TOO_LARGE, "20000×20000");
  /* The same from memory (a pasted picture) is stopped at the header. */
  {
    g_autoptr(HbImage) img = hb_image_load_bytes (hdr, n, "pasted", &error);
    g_assert_null (img);
    g_assert_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_TOO_LARGE);
    g_assert_cmpstr (error->message, ==, "pasted: the picture is 20000×20000 pixels; pictures "
                     "up to 12000 pixels a side and 48 million pixels are read");
    g_clear_error (&error);
  }
  /* Each count with its own plural: Romanian "12000 de pixeli" and "48
   * de milioane de pixeli" (the message had no plural, and the
   * translation "48 milioane"). */
  if (hb_test_romanian ())
    {
      g_autoptr(HbImage) img = hb_image_load_bytes (hdr, n, "pasted", &error);
      g_assert_null (img);
      g_assert_cmpstr (error->message, ==, "pasted: imaginea are 20000×20000 pixeli; se citesc "
                       "imagini de cel mult 12000 de pixeli pe latură și 48 de milioane de "
                       "pixeli");
      g_clear_error (&error);
      hb_test_romanian_end ();
    }
  {
    g_autoptr(HbImage) img3 = test_picture (3, 3);
    g_assert_true (hb_image_save (img3, tiny, "png", 0, &error));
    g_assert_no_error (error);
    assert_load_fails (tiny, HB_IMAGE_ERROR_TOO_SMALL, "3×3");
  }
  {
    g_autoptr(HbImage) img = test_picture (200, 150);
    g_autofree char *data = NULL;
    gsize len;
    g_assert_true (hb_image_save (img, good, "png", 0, &error));
    g_assert_no_error (error);
    g_assert_true (g_file_get_contents (good, &data, &len, NULL));
    /* Cut inside the signature too, as a JPEG's two bytes and a WebP's
     * eleven (they were "not a picture": helper-155); two bytes of no
     * signature are no picture. */
    for (gsize keep = 1; keep < 10; keep++)
      {
        write_file (cut, data, keep);
        assert_load_fails (cut, HB_IMAGE_ERROR_UNREADABLE, "the file ends before the picture does");
      }
    write_file (cut, "\xff\xd8", 2);
    assert_load_fails (cut, HB_IMAGE_ERROR_UNREADABLE, "the file ends before the picture does");
    write_file (cut, "RIFF\x10\0\0\0WEB", 11);
    assert_load_fails (cut, HB_IMAGE_ERROR_UNREADABLE, "the file ends before the picture does");
    write_file (cut, "ab", 2);
    {
      g_autoptr(GError) e = NULL;
      g_autoptr(HbImage) none = hb_image_load (cut, &e);
      g_assert_null (none);
      g_assert_null (strstr (e->message, "ends before"));
    }
    for (gsize keep = 10; keep < len; keep += len / 7)
      {
        write_file (cut, data, keep);
        /* Said so however short (10 bytes: "damaged … Premature
         * end-of-file encountered": review). */
        assert_load_fails (cut, HB_IMAGE_ERROR_UNREADABLE, "the file ends before the picture does");
      }
    /* A chunk whose length runs far past the file's end (over 16 MiB
     * more) is a damaged length in a whole file, not a file cut short;
     * one just past the end is a cut. The first chunk after IHDR is
     * at byte 33. */
    {
      g_autofree char *bad = g_memdup2 (data, len);

      memcpy (bad + 33, "ÿÿÿ", 4);
      write_file (cut, bad, len);
      assert_load_fails (cut, HB_IMAGE_ERROR_UNREADABLE, "the PNG picture is damaged");
      bad[33] = 0, bad[34] = 0, bad[35] = (char) (((len - 33) >> 8) & 0xff);
      bad[36] = (char) ((len - 33) & 0xff);
      write_file (cut, bad, len);
      assert_load_fails (cut, HB_IMAGE_ERROR_UNREADABLE, "the file ends before the picture does");
    }
    g_assert_true (hb_image_save (img, goodj, "jpeg", 70, &error));
    g_assert_no_error (error);
    g_clear_pointer (&data, g_free);
    g_assert_true (g_file_get_contents (goodj, &data, &len, NULL));
    /* A JPEG cut short is refused, as a PNG is: libjpeg read it to the
     * end, grey below the cut, and a half screenshot became a smaller
     * board without a word. The message says why, in the headers too
     * (it was libjpeg's "Improper call to JPEG library in state 201"). */
    for (gsize keep = 4; keep < len; keep += len / 9)
      {
        write_file (cutj, data, keep);
        assert_load_fails (cutj, HB_IMAGE_ERROR_UNREADABLE, "the file ends before the picture does");
      }
    /* Whole, it reads; and with bytes after its end (a trailer some
     * cameras write) too. */
    {
      g_autoptr(HbImage) back = hb_image_load (goodj, &error);
      g_autofree char *more = g_malloc (len + 16);
      g_assert_no_error (error);
      g_assert_nonnull (back);
      memcpy (more, data, len);
      memset (more + len, 0, 16);
      write_file (cutj, more, len + 16);
      g_clear_pointer (&back, hb_image_free);
      back = hb_image_load (cutj, &error);
      g_assert_no_error (error);
      g_assert_nonnull (back);
    }
  }
}

/* The process's peak resident memory in KiB since the last reset
 * (/proc/self/clear_refs), or -1 where Linux does not say. */
static long
peak_kib (gboolean reset)
{
  g_autofree char *status = NULL;
  const char *hwm;

  if (reset)
    {
      /* Written in place (g_file_set_contents would rename a copy). */
      FILE *f = fopen ("/proc/self/clear_refs", "w");
      gboolean ok = f != NULL && fputs ("5", f) >= 0;
      if (f != NULL)
        ok &= fclose (f) == 0;
      if (!ok)
        return -1;
    }
  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL)
      || (hwm = strstr (status, "VmHWM:")) == NULL)
    return -1;
  return strtol (hwm + 6, NULL, 10);
}

/* An oversized picture given as bytes (pasted, or read from a pipe) is
 * refused before its pixels are decoded: a 20000x20000 PNG of 1 MB took
 * 1.2 GB and 4 s to be refused, since the first 64 KiB fed to the loader
 * decoded it all. Here a PNG 12,001 pixels wide (one over the limit) of
 * 3,000 white rows, 108 MB decoded; and WebP headers of every form, whose
 * loader decodes the whole picture whatever size is asked of it. */
static void
test_oversized_bytes (void)
{
  const int w = 12001, h = 3000;
  gsize row = 1 + 3 * (gsize) w, raw_len = row * h, z_len = 0;
  g_autofree guint8 *raw = g_malloc0 (raw_len);
  g_autoptr (GConverter) zlib = G_CONVERTER (g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_ZLIB, 1));
  g_autofree guint8 *png = NULL;
  g_autoptr(GError) error = NULL;
  gsize read, written, n;
  long before, after;
  guint8 hdr[64];

  memset (raw, 0xFF, raw_len);
  for (int y = 0; y < h; y++)
    raw[(gsize) y * row] = 0;   /* filter: none */
  n = png_header (hdr, (guint32) w, (guint32) h) - 20;   /* without the sample IDAT */
  png = g_malloc (n + 12 + raw_len / 100 + 1024);
  memcpy (png, hdr, n);
  g_assert_cmpint (g_converter_convert (zlib, raw, raw_len, png + n + 8, raw_len / 100 + 1000,
                                        G_CONVERTER_INPUT_AT_END, &read, &z_len, &error),
                   ==, G_CONVERTER_FINISHED);
  g_assert_no_error (error);
  put32 (png + n, (guint32) z_len);
  memcpy (png + n + 4, "IDAT", 4);
  put32 (png + n + 8 + z_len, crc32_bytes (png + n + 4, z_len + 4));
  written = n + 12 + z_len;
  g_clear_pointer (&raw, g_free);
  before = peak_kib (TRUE);
  {
    g_autoptr(HbImage) img = hb_image_load_bytes (png, written, "pasted", &error);
    g_assert_null (img);
  }
  after = peak_kib (FALSE);
  g_assert_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "12001×3000"));
  g_clear_error (&error);
  if (before < 0 || after < 0)
    g_test_message ("no peak memory to read here");
  else
    {
      g_test_message ("peak memory %ld KiB, then %ld KiB", before, after);
      g_assert_cmpint (after - before, <, 20 * 1024);
    }

  /* WebP: the simple lossy form, lossless, and the extended form. */
  {
    guint8 vp8[30] = "RIFF\x16\0\0\0WEBPVP8 \x0a\0\0\0\0\0\0\x9d\x01\x2a";
    guint8 vp8l[30] = "RIFF\x16\0\0\0WEBPVP8L\x0a\0\0\0\x2f";
    guint8 vp8x[30] = "RIFF\x16\0\0\0WEBPVP8X\x0a\0\0\0";
    guint32 bits = (9000 - 1) | (guint32) (9000 - 1) << 14;
    struct { guint8 *d; const char *size; } cases[] = {
      { vp8, "9000×9000" }, { vp8l, "9000×9000" }, { vp8x, "20000×20000" },
    };

    vp8[26] = 9000 & 0xFF; vp8[27] = 9000 >> 8; vp8[28] = 9000 & 0xFF; vp8[29] = 9000 >> 8;
    for (int i = 0; i < 4; i++)
      vp8l[21 + i] = (guint8) (bits >> (8 * i));
    for (int i = 0; i < 3; i++)
      {
        vp8x[24 + i] = (guint8) ((20000 - 1) >> (8 * i));
        vp8x[27 + i] = (guint8) ((20000 - 1) >> (8 * i));
      }
    for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
      {
        g_autoptr(HbImage) img = hb_image_load_bytes (cases[i].d, 30, "pasted.webp", &error);
        g_assert_null (img);
        g_assert_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_TOO_LARGE);
        if (strstr (error->message, cases[i].size) == NULL)
          g_error ("'%s' not in '%s'", cases[i].size, error->message);
        g_clear_error (&error);
      }
  }
}

/* A folder given as a picture is said to be one ("not a regular file"
 * before). Pipes and FIFOs are read through hb_import_read_image (see
 * test-import.c). */
static void
test_folder_picture (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(HbImage) back = hb_image_load (g_get_tmp_dir (), &error);

  g_assert_null (back);
  g_assert_nonnull (strstr (error->message, "is a folder"));
}

/* Mean absolute channel difference. */
static double
mean_diff (const HbImage *a, const HbImage *b)
{
  double m = 0;
  g_assert_cmpint (a->width, ==, b->width);
  g_assert_cmpint (a->height, ==, b->height);
  for (int y = 0; y < a->height; y++)
    for (int x = 0; x < a->width * 3; x++)
      m += abs (a->pixels[(gsize) y * a->stride + x] - b->pixels[(gsize) y * b->stride + x]);
  return m / ((double) a->width * a->height * 3);
}

static void
test_formats (void)
{
  g_autoptr(HbImage) img = test_picture (120, 90);
  const char *types[] = { "png", "jpeg", "webp" };

  for (gsize i = 0; i < G_N_ELEMENTS (types); i++)
    {
      g_autofree char *name = g_strdup_printf ("pic.%s", types[i]);
      g_autofree char *path = tmp_path (name);
      g_autoptr(GError) error = NULL;
      g_autoptr(HbImage) back = NULL;
      gboolean can_save = FALSE;

      for (GSList *l = gdk_pixbuf_get_formats (), *f = l; f != NULL || (g_slist_free (l), FALSE); f = f->next)
        {
          /* The name is a copy the caller frees. */
          g_autofree char *format = gdk_pixbuf_format_get_name (f->data);
          if (g_str_equal (format, types[i]) && gdk_pixbuf_format_is_writable (f->data))
            can_save = TRUE;
        }
      if (!can_save)
        {
          g_test_message ("GdkPixbuf cannot write %s here (webp-pixbuf-loader?)", types[i]);
          continue;
        }
      g_assert_true (hb_image_save (img, path, types[i], 92, &error));
      g_assert_no_error (error);
      back = hb_image_load (path, &error);
      g_assert_no_error (error);
      /* PNG is lossless; JPEG close; lossy WebP smears the test
       * picture's 8-pixel checks the most, yet stays well under the
       * difference between its checks (160). */
      g_test_message ("%s: mean difference %.2f", types[i], mean_diff (img, back));
      g_assert_cmpfloat (mean_diff (img, back), <=, i == 0 ? 0.0 : i == 1 ? 8.0 : 32.0);
      /* A WebP cut short is refused, as a PNG and a JPEG are: the loader
       * decoded one cut at 95 % into grey rows without a word. */
      if (g_str_equal (types[i], "webp"))
        {
          g_autofree char *data = NULL;
          g_autofree char *cut = tmp_path ("cut.webp");
          gsize len;

          g_assert_true (g_file_get_contents (path, &data, &len, NULL));
          for (gsize keep = 16; keep < len; keep += MAX (len / 9, 1))
            {
              write_file (cut, data, keep);
              assert_load_fails (cut, HB_IMAGE_ERROR_UNREADABLE, NULL);
            }
          write_file (cut, data, len * 95 / 100);
          assert_load_fails (cut, HB_IMAGE_ERROR_UNREADABLE, "the file ends before the picture does");
        }
    }
}

static void
test_surface_and_scale (void)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 40, 30);
  cairo_t *cr = cairo_create (s);
  g_autoptr(HbImage) img = NULL, half = NULL, big = NULL;
  const guint8 *p;

  /* Left half opaque red, right half transparent: laid on white. */
  cairo_rectangle (cr, 0, 0, 20, 30);
  cairo_set_source_rgb (cr, 1, 0, 0);
  cairo_fill (cr);
  cairo_destroy (cr);
  img = hb_image_from_surface (s);
  cairo_surface_destroy (s);
  p = hb_image_pixel (img, 5, 5);
  g_assert_cmpint (p[0], ==, 255);
  g_assert_cmpint (p[1], ==, 0);
  p = hb_image_pixel (img, 30, 5);
  g_assert_cmpint (p[0] + p[1] + p[2], ==, 3 * 255);

  half = hb_image_scale (img, 20, 15);
  g_assert_cmpint (hb_image_pixel (half, 4, 4)[1], ==, 0);
  g_assert_cmpint (hb_image_pixel (half, 15, 4)[1], ==, 255);
  big = hb_image_scale (img, 52, 39);
  g_assert_cmpint (hb_image_pixel (big, 5, 5)[1], ==, 0);
  g_assert_cmpint (hb_image_pixel (big, 45, 5)[1], ==, 255);
  g_assert_null (hb_image_new (20000, 20000));
  g_assert_null (hb_image_new (0, 5));
}

/* The shared shrunk copy: each pixel the mean of its f × f square (the
 * last row and column of a size not a multiple of f the mean of what is
 * there), made once and kept with the picture until it changes. */
static void
test_shrunk (void)
{
  g_autoptr(HbImage) img = test_picture (301, 122);
  const HbImage *small, *again;

  g_assert_cmpint (hb_vision_shrink_factor (img, 1000), ==, 1);
  g_assert_true (hb_vision_shrunk (img, 1) == img);
  g_assert_cmpint (hb_vision_shrink_factor (img, 100), ==, 4);
  small = hb_vision_shrunk (img, 3);
  g_assert_cmpint (small->width, ==, 101);
  g_assert_cmpint (small->height, ==, 41);
  for (int y = 0; y < small->height; y++)
    for (int x = 0; x < small->width; x++)
      for (int c = 0; c < 3; c++)
        {
          int sum = 0, n = 0;
          for (int v = y * 3; v < MIN (img->height, y * 3 + 3); v++)
            for (int u = x * 3; u < MIN (img->width, x * 3 + 3); u++, n++)
              sum += hb_image_pixel (img, u, v)[c];
          g_assert_cmpint (hb_image_pixel (small, x, y)[c], ==, (sum + n / 2) / n);
        }
  again = hb_vision_shrunk (img, 3);
  g_assert_true (again == small);
  hb_image_changed (img);
  g_assert_null (img->shared);
}

static void
test_lab (void)
{
  static const guint8 red[3] = { 255, 0, 0 }, maroon[3] = { 165, 43, 42 };
  static const guint8 blue[3] = { 12, 41, 255 }, dblue[3] = { 58, 40, 178 };
  static const guint8 green[3] = { 0, 141, 0 }, lime[3] = { 5, 253, 4 };
  static const guint8 white[3] = { 255, 255, 255 }, red2[3] = { 250, 6, 4 };
  HbLab a, b;

  hb_lab_from_rgb (white, &a);
  g_assert_cmpfloat (fabsf (a.L - 100.0f), <, 0.1f);
  g_assert_cmpfloat (fabsf (a.a) + fabsf (a.b), <, 0.1f);
  /* The game's close pairs are far apart in Lab … */
  hb_lab_from_rgb (red, &a);
  hb_lab_from_rgb (maroon, &b);
  g_assert_cmpfloat (hb_lab_distance (&a, &b), >, 25.0f);
  hb_lab_from_rgb (blue, &a);
  hb_lab_from_rgb (dblue, &b);
  g_assert_cmpfloat (hb_lab_distance (&a, &b), >, 25.0f);
  hb_lab_from_rgb (green, &a);
  hb_lab_from_rgb (lime, &b);
  g_assert_cmpfloat (hb_lab_distance (&a, &b), >, 25.0f);
  /* … while JPEG noise on one colour is small. */
  hb_lab_from_rgb (red, &a);
  hb_lab_from_rgb (red2, &b);
  g_assert_cmpfloat (hb_lab_distance (&a, &b), <, 5.0f);
}

/* CIEDE2000 against the reference pairs of Sharma, Wu and Dalal (2005):
 * a blue pair, greys, a large step, a green pair, and a hue on either
 * side of 0/360. */
static void
test_delta_e2000 (void)
{
  static const struct { HbLab a, b; double want; } pairs[] = {
    { { 50, 2.6772f, -79.7751f }, { 50, 0, -82.7485f }, 2.0425 },
    { { 50, 0, 0 }, { 50, -1, 2 }, 2.3669 },
    { { 50, 2.5f, 0 }, { 73, 25, -18 }, 27.1492 },
    { { 60.2574f, -34.0099f, 36.2677f }, { 60.4626f, -34.1751f, 39.4387f }, 1.2644 },
    { { 50, 2.5f, 0 }, { 50, 0, -2.5f }, 4.3065 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      g_assert_cmpfloat_with_epsilon (hb_lab_delta_e2000 (&pairs[i].a, &pairs[i].b),
                                      pairs[i].want, 2e-3);
      g_assert_cmpfloat_with_epsilon (hb_lab_delta_e2000 (&pairs[i].b, &pairs[i].a),
                                      pairs[i].want, 2e-3);
    }
}

static void
test_cluster (void)
{
  static const guint8 rgb[][3] = {
    { 255, 0, 0 }, { 165, 43, 42 }, { 250, 5, 3 }, { 160, 45, 40 },
    { 12, 41, 255 }, { 58, 40, 178 }, { 15, 40, 250 }, { 60, 42, 175 },
  };
  HbLab lab[G_N_ELEMENTS (rgb)];
  int group[G_N_ELEMENTS (rgb)];
  int k;

  for (gsize i = 0; i < G_N_ELEMENTS (rgb); i++)
    hb_lab_from_rgb (rgb[i], &lab[i]);
  k = hb_vision_cluster (lab, G_N_ELEMENTS (rgb), 12.0f, group);
  g_assert_cmpint (k, ==, 4);
  g_assert_cmpint (group[0], ==, group[2]);
  g_assert_cmpint (group[1], ==, group[3]);
  g_assert_cmpint (group[4], ==, group[6]);
  g_assert_cmpint (group[5], ==, group[7]);
  g_assert_cmpint (group[0], !=, group[1]);
  g_assert_cmpint (group[4], !=, group[5]);
}

static void
test_find_axis (void)
{
  /* Lines at origin + k × period among distractors of every kind: peaks
   * off the lattice, a stronger lone peak, noise. Periods and offsets
   * fractional, as a scaled screenshot gives. */
  for (int t = 0; t < 40; t++)
    {
      int len = 900 + t * 13;
      double period = 14.5 + t * 3.7;
      double origin = 5 + (t * 37) % 200;
      int lines = 3 + t % 9;
      g_autofree float *prof = g_new0 (float, len);
      HbGridAxis ax;
      guint32 rnd = 12345u + (guint32) t;

      if (origin + (lines - 1) * period >= len - 2)
        lines = (int) ((len - 3 - origin) / period) + 1;
      if (lines < 3)
        continue;
      for (int i = 0; i < len; i++)
        {
          rnd = rnd * 1103515245u + 12345u;
          prof[i] = (float) ((rnd >> 16) % 8);
        }
      for (int k = 0; k < lines; k++)
        {
          int at = (int) lround (origin + k * period);
          prof[at] = 200;
          prof[at + 1] = 90;
        }
      /* Distractors: a title far above, a button far below. */
      if (origin > period)
        prof[(int) (origin - period * 0.45)] = 300;
      prof[len - 2] = 150;
      g_assert_true (hb_vision_find_axis (prof, len, 8, len / 2.0, 3, 0.25, 0, &ax));
      g_assert_cmpint (ax.lines, ==, lines);
      g_assert_cmpfloat (fabs (ax.period - period), <, 1.0);
      g_assert_cmpfloat (fabs (ax.origin - origin), <, 1.5);
    }
  /* A flat profile has no lattice. */
  {
    float flat[300];
    HbGridAxis ax;
    for (int i = 0; i < 300; i++)
      flat[i] = 0;
    g_assert_false (hb_vision_find_axis (flat, 300, 8, 150, 3, 0.25, 0, &ax));
  }
}

/* HB_GRID_GAP_LINES on the column profile (threshold 40) of Enlight's
 * welcome level as `hintboard-cli render --cell 20` draws it: each
 * one-pixel gap, drawn at half a pixel, shows as two edges 3 px apart,
 * or as one where a dark light's side is weak. Plain, the run took the
 * left edge of one gap and the right edge of the next and fitted 18.9 px
 * a cell, the outer lines a cell's fifth off the gaps, and the picture
 * was no Enlight board. With the flag the lattice is the gaps: 5 cells
 * of 20 px from 15.5 (the lights' outer edges at 16 and 115). */
static void
test_find_axis_gap_lines (void)
{
  static const int at[] = { 14, 15, 16, 17, 18, 19, 26, 28, 30, 31, 33, 34, 35, 37, 38, 39, 46,
                            48, 50, 51, 53, 54, 56, 57, 58, 73, 74, 75, 77, 78, 79, 86, 88, 90,
                            91, 93, 94, 96, 97, 98, 99, 106, 108, 110, 111, 113, 114, 115, 116,
                            117 };
  static const float value[] = { 20, 10, 49, 22, 10, 8, 2, 2, 4, 10, 10, 62, 26, 62, 10, 16, 4,
                                 4, 8, 20, 10, 34, 52, 34, 10, 10, 34, 52, 34, 10, 16, 4, 4, 8,
                                 20, 10, 62, 26, 62, 10, 8, 2, 2, 4, 10, 10, 22, 50, 10, 20 };
  float prof[132] = { 0 };
  HbGridAxis ax;

  G_STATIC_ASSERT (G_N_ELEMENTS (at) == G_N_ELEMENTS (value));
  for (gsize i = 0; i < G_N_ELEMENTS (at); i++)
    prof[at[i]] = value[i];
  g_assert_true (hb_vision_find_axis_flags (prof, 132, 5, 66, 3, 0.2, 0, HB_GRID_GAP_LINES, &ax));
  g_assert_cmpint (ax.lines, ==, 6);
  g_assert_cmpfloat (fabs (ax.period - 20), <, 0.2);
  g_assert_cmpfloat (fabs (ax.origin - 15.5), <, 1.0);
  /* Told the cell size, as the second axis is. */
  g_assert_true (hb_vision_find_axis_flags (prof, 132, 5, 66, 3, 0.2, 20, HB_GRID_GAP_LINES, &ax));
  g_assert_cmpint (ax.lines, ==, 6);
  g_assert_cmpfloat (fabs (ax.period - 20), <, 0.2);
}

static void
test_report (void)
{
  g_autoptr(HbImportReport) r = hb_import_report_new ();
  g_autoptr(HbImage) img = test_picture (100, 80);
  g_autofree char *out = tmp_path ("debug.png");
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  hb_import_report_set_grid (r, 4, 3, 10, 5, 20, 20);
  hb_import_report_mark_unsure (r, 1, 2);
  hb_import_report_mark_unsure (r, 1, 2);
  hb_import_report_mark_unsure (r, 9, 9);   /* outside: ignored */
  r->seen[0] = 0xff0000;
  g_assert_cmpuint (r->n_unsure, ==, 1);
  hb_import_report_note (r, "note %d", 7);
  hb_import_report_finish (r, "Game", "3 colours");
  g_assert_cmpstr (r->summary, ==, "Game, 4×3, 3 colours, 1 cell unsure");
  text = hb_import_report_to_string (r);
  g_assert_cmpstr (text, ==, "Game, 4×3, 3 colours, 1 cell unsure\nnote 7");
  {
    g_autoptr(GBytes) png = hb_import_report_debug_png (r, img, &error);
    gsize len;
    const char *data;

    g_assert_no_error (error);
    g_assert_nonnull (png);
    data = g_bytes_get_data (png, &len);
    g_assert_true (g_file_set_contents (out, data, len, &error));
    g_assert_no_error (error);
  }
  {
    g_autoptr(HbImage) back = hb_image_load (out, &error);
    g_assert_no_error (error);
    g_assert_cmpint (back->width, ==, 100);
  }
}

int
main (int argc, char **argv)
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("hb-vision-XXXXXX", NULL);
  g_test_add_func ("/vision/image/bad-files", test_bad_files);
  g_test_add_func ("/vision/image/formats", test_formats);
  g_test_add_func ("/vision/image/oversized-bytes", test_oversized_bytes);
  g_test_add_func ("/vision/image/folder", test_folder_picture);
  g_test_add_func ("/vision/image/surface-and-scale", test_surface_and_scale);
  g_test_add_func ("/vision/image/shrunk", test_shrunk);
  g_test_add_func ("/vision/lab", test_lab);
  g_test_add_func ("/vision/delta-e2000", test_delta_e2000);
  g_test_add_func ("/vision/cluster", test_cluster);
  g_test_add_func ("/vision/find-axis", test_find_axis);
  g_test_add_func ("/vision/find-axis/gap-lines", test_find_axis_gap_lines);
  g_test_add_func ("/vision/report", test_report);
  ret = g_test_run ();
  {
    g_autoptr(GDir) d = g_dir_open (tmpdir, 0, NULL);
    const char *name;
    while (d != NULL && (name = g_dir_read_name (d)) != NULL)
      {
        g_autofree char *p = tmp_path (name);
        g_unlink (p);
      }
    g_rmdir (tmpdir);
  }
  return ret;
}
