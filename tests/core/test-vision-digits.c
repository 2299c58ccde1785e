/* test-vision-digits.c: hb_vision_read_text and hb_vision_find_fraction
 * on lines of text drawn by cairo (faces the templates are not drawn in
 * too), dark on light and light on dark, at several sizes: every digit
 * read or '?', never another digit; the fraction finder's rules. */
#include "hb-vision-digits.h"

#include <cairo.h>
#include <string.h>

/* A line of text on paper; the source is left at the ink's colour, for
 * more to be drawn before picture_of takes it. */
static cairo_t *
text_paper (const char *text, const char *face, gboolean bold, double size, gboolean dark)
{
  int pw = (int) (size * strlen (text) * 0.9) + 80, ph = (int) (size * 2.5);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, pw, ph);
  cairo_t *cr = cairo_create (surface);

  cairo_surface_destroy (surface);   /* cr holds it */
  cairo_set_source_rgb (cr, dark ? 0.1 : 0.93, dark ? 0.12 : 0.9, dark ? 0.15 : 0.85);
  cairo_paint (cr);
  cairo_set_source_rgb (cr, dark ? 0.9 : 0.1, dark ? 0.9 : 0.1, dark ? 0.85 : 0.2);
  cairo_select_font_face (cr, face, CAIRO_FONT_SLANT_NORMAL,
                          bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, size);
  cairo_move_to (cr, 30, size * 1.6);
  cairo_show_text (cr, text);
  return cr;
}

/* The picture cr drew; cr is destroyed. */
static HbImage *
picture_of (cairo_t *cr)
{
  HbImage *img = hb_image_from_surface (cairo_get_target (cr));

  cairo_destroy (cr);
  return img;
}

static HbImage *
text_picture (const char *text, const char *face, gboolean bold, double size, gboolean dark)
{
  return picture_of (text_paper (text, face, bold, size, dark));
}

/* Every glyph of `got` is the one of `want` or '?' (word spaces may be
 * missed where a face sets its digits close). */
static gboolean
agrees (const char *got, const char *want)
{
  for (;;)
    {
      while (*got == ' ')
        got++;
      while (*want == ' ')
        want++;
      if (*got == 0 || *want == 0)
        return *got == *want;
      if (*got != *want && *got != '?')
        return FALSE;
      got++;
      want++;
    }
}

static void
test_digits (void)
{
  static const char *const faces[] = { "DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono" };
  static const double sizes[] = { 14, 20, 32, 64, 120 };
  const char *text = "0123 4567 89/10";
  int exact = 0, cases = 0;

  for (gsize f = 0; f < G_N_ELEMENTS (faces); f++)
    for (int bold = 0; bold < 2; bold++)
      for (gsize z = 0; z < G_N_ELEMENTS (sizes); z++)
        for (int dark = 0; dark < 2; dark++)
          {
            g_autoptr(HbImage) img = text_picture (text, faces[f], bold, sizes[z], dark);
            g_autoptr(GPtrArray) lines = hb_vision_read_text (img, 0, 0, img->width, img->height,
                                                              7, 400);
            const char *got;
            g_assert_cmpuint (lines->len, ==, 1);
            got = ((HbTextLine *) lines->pdata[0])->text;
            g_test_message ("%s%s %g px %s: %s", faces[f], bold ? " bold" : "", sizes[z],
                            dark ? "light on dark" : "dark on light", got);
            if (!agrees (got, text))
              g_error ("%s%s at %g px read as \"%s\", not \"%s\"", faces[f], bold ? " bold" : "",
                       sizes[z], got, text);
            cases++;
            exact += g_str_equal (got, text);
            /* The templates' own face from 20 px up reads every glyph. */
            if (f == 0 && sizes[z] >= (bold ? 999 : 20))
              g_assert_cmpstr (got, ==, text);
          }
  g_test_message ("%d of %d lines read with every glyph", exact, cases);
}

static HbTextLine *
line (const char *text)
{
  HbTextLine *l = g_new0 (HbTextLine, 1);
  l->text = g_strdup (text);
  return l;
}

static void
test_fraction (void)
{
  static const struct { const char *a, *b; int r, n, d; } cases[] = {
    { "0/25", NULL, 1, 0, 25 },
    { "?????? 3 / 25", NULL, 1, 3, 25 },
    { "?????: 12/30 ?", "3/25", -1, 0, 0 },
    { "12/30", "12/30", 1, 12, 30 },
    { "1/2/30", NULL, 0, 0, 0 },
    { "?1/25", NULL, 0, 0, 0 },
    { "1/25?", NULL, 0, 0, 0 },
    { "25 ?????", NULL, 0, 0, 0 },
    { "/25", "25/", 0, 0, 0 },
    { "12345/1", NULL, 0, 0, 0 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func ((GDestroyNotify) hb_text_line_free);
      int n = -7, d = -7, r;
      g_ptr_array_add (lines, line (cases[i].a));
      if (cases[i].b != NULL)
        g_ptr_array_add (lines, line (cases[i].b));
      r = hb_vision_find_fraction (lines, &n, &d);
      g_assert_cmpint (r, ==, cases[i].r);
      if (r == 1)
        {
          g_assert_cmpint (n, ==, cases[i].n);
          g_assert_cmpint (d, ==, cases[i].d);
        }
      else
        {
          g_assert_cmpint (n, ==, -7);
          g_assert_cmpint (d, ==, -7);
        }
    }
}

/* A glyph of more pieces than a digit has (a column of seven bars beside
 * a tall "1", one above the other so that they join into one glyph):
 * read as '?'. The reader used to count on past the fourth piece and
 * write below the glyph's list of pieces (found by fuzz-image; the
 * sanitizer build of the suite stops there on the old code). */
static void
test_many_pieces (void)
{
  cairo_t *cr = text_paper ("1", "DejaVu Sans", FALSE, 48, FALSE);
  g_autoptr(HbImage) img = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  const char *got;

  for (int i = 0; i < 7; i++)
    cairo_rectangle (cr, 70, 45 + 5 * i, 10, 3);
  cairo_fill (cr);
  img = picture_of (cr);
  lines = hb_vision_read_text (img, 0, 0, img->width, img->height, 7, 400);
  g_assert_cmpuint (lines->len, ==, 1);
  got = ((HbTextLine *) lines->pdata[0])->text;
  g_test_message ("read as \"%s\"", got);
  g_assert_true (agrees (got, "1?"));
  g_assert_cmpint (got[strlen (got) - 1], ==, '?');
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/vision-digits/read", test_digits);
  g_test_add_func ("/vision-digits/fraction", test_fraction);
  g_test_add_func ("/vision-digits/many-pieces", test_many_pieces);
  return g_test_run ();
}
