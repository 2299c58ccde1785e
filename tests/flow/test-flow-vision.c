/* test-flow-vision.c: Flow Free levels read from screenshots.
 *
 * The real screenshots in ../shared/screens/flow (skipped when that folder
 * is missing) must be read with every cell right against their truth
 * files; pictures drawn here (a grid of lines and discs, as the game draws
 * it) at many sizes and places, with a status bar and text around them, as
 * PNG and JPEG, and scaled, must be read back exactly; pictures without a
 * board must say so. The real screenshots scaled down to 50 % and 40 %
 * through JPEG are read exactly too, and at 30 % exactly or with the
 * doubtful cells marked. */
#include "flow.h"
#include "hb-test-util.h"

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

/* The level's dots as text with colours renamed A, B, C … in order of first
 * appearance (row-major), as the truth files are written. */
static char *
canonical (const char *text)
{
  GString *out = g_string_new (NULL);
  char map[256] = { 0 };
  char next = 'A';

  for (const char *p = text; *p; p++)
    {
      unsigned char c = (unsigned char) *p;
      if (c == '\n' || c == '.' || c == '\r')
        {
          if (c != '\r')
            g_string_append_c (out, (char) c);
          continue;
        }
      if (map[c] == 0)
        map[c] = next++;
      g_string_append_c (out, map[c]);
    }
  /* One final newline. */
  while (out->len > 0 && out->str[out->len - 1] == '\n')
    g_string_truncate (out, out->len - 1);
  g_string_append_c (out, '\n');
  return g_string_free (out, FALSE);
}


static void
test_real_screens (void)
{
  g_autofree char *dir = hb_test_flow_screens_or_skip ();
  int read = 0, exact = 0;

  if (dir == NULL)
    return;
  for (int i = 1; i <= 99; i++)
    {
      g_autofree char *truth = NULL, *got = NULL, *want = NULL, *have = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(HbImage) img = hb_test_flow_screen (dir, i, &truth);
      g_autoptr(HbImportReport) report = hb_import_report_new ();
      HbState *s;

      if (img == NULL)
        continue;
      s = flow_from_image (img, report, NULL, &error);
      g_assert_no_error (error);
      g_assert_nonnull (s);
      read++;
      got = flow_write_text (FLOW_CONST (s), FALSE);
      want = canonical (truth);
      have = canonical (got);
      if (g_test_verbose ())
        g_printerr ("flow_%02d: %s (score %.2f)\n", i, report->summary, report->score);
      if (g_str_equal (want, have))
        exact++;
      else
        g_printerr ("flow_%02d read as\n%swant\n%s", i, got, want);
      g_assert_cmpstr (have, ==, want);
      g_assert_cmpuint (report->n_unsure, ==, 0);
      g_assert_cmpfloat (report->score, >=, 0.8);
      hb_state_free (s);
    }
  g_assert_cmpint (read, >, 0);
  g_assert_cmpint (exact, ==, read);
}


/* The real screenshots scaled down (as a chat app sends them) and
 * through JPEG at quality 70: at 50 % and 40 % the phone screenshots
 * (cells of 42-86 px) are read with every cell right and sure; at 30 %
 * (boards drawn edge to edge then have their outer grid lines on the
 * picture's last pixel), and the crop of 43 px cells at every scale, a
 * board is read right or says where it is unsure, or no board is found:
 * never a wrong board with nothing said. */
static void
test_real_screens_scaled (void)
{
  g_autofree char *dir = hb_test_flow_screens_or_skip ();
  static const double scales[] = { 0.5, 0.4, 0.3 };
  int read = 0, exact = 0;

  if (dir == NULL)
    return;
  for (int i = 1; i <= 99; i++)
    {
      g_autofree char *truth = NULL, *want = NULL;
      g_autoptr(HbImage) img = hb_test_flow_screen (dir, i, &truth);

      if (img == NULL)
        continue;
      want = canonical (truth);
      for (gsize c = 0; c < G_N_ELEMENTS (scales); c++)
        {
          g_autoptr(HbImage) shot = hb_test_scaled_jpeg (img, scales[c]);
          g_autoptr(HbImportReport) report = hb_import_report_new ();
          g_autoptr(GError) rerror = NULL;
          g_autofree char *got = NULL, *have = NULL;
          HbState *s = flow_from_image (shot, report, NULL, &rerror);

          if (s == NULL)
            {
              g_assert_error (rerror, HB_IMAGE_ERROR, HB_IMAGE_ERROR_NO_BOARD);
              continue;
            }
          read++;
          got = flow_write_text (FLOW_CONST (s), FALSE);
          have = canonical (got);
          if (g_test_verbose ())
            g_printerr ("flow_%02d at %g: %s (score %.2f)\n", i, scales[c], report->summary,
                        report->score);
          if (g_str_equal (have, want) && report->n_unsure == 0)
            exact++;
          else if (report->n_unsure == 0 || (scales[c] >= 0.4 && report->cell_w >= 30))
            g_error ("flow_%02d scaled by %g read as\n%s(%s)\nwant\n%s", i, scales[c], got,
                     report->summary, want);
          hb_state_free (s);
        }
    }
  g_test_message ("%d of %d scaled screenshots read exactly", exact, read);
  g_assert_cmpint (read, >, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flow/vision/real-screens", test_real_screens);
  g_test_add_func ("/flow/vision/real-screens-scaled", test_real_screens_scaled);
  return g_test_run ();
}
