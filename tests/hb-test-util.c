#include "hb-test-util.h"

#include <glib/gstdio.h>
#include <libintl.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

char *
hb_test_read_data (const char *relative, gsize *len)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", relative, NULL);
  g_autoptr(GError) error = NULL;
  char *text = NULL;
  gsize n = 0;

  g_file_get_contents (path, &text, &n, &error);
  g_assert_no_error (error);
  if (len)
    *len = n;
  return text;
}

GPtrArray *
hb_test_read_tsv (const char *relative)
{
  g_autofree char *text = hb_test_read_data (relative, NULL);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  for (int i = 0; lines[i]; i++)
    {
      g_strchomp (lines[i]);
      if (lines[i][0] == '\0' || lines[i][0] == '#')
        continue;
      g_ptr_array_add (rows, g_strsplit (lines[i], "\t", -1));
    }
  return rows;
}

HbState *
hb_test_parse (const HbGame *game, const char *text)
{
  g_autoptr(GError) error = NULL;
  HbState *s = game->parse (text, strlen (text), &error);

  g_assert_no_error (error);
  g_assert_nonnull (s);
  g_assert_true (s->game == game);
  return s;
}

void
hb_test_parse_fails (const HbGame *game, const char *text, const char *needle)
{
  g_autoptr(GError) error = NULL;
  HbState *s = game->parse (text, strlen (text), &error);
  int line = 0, col = 0;

  if (s != NULL)
    g_error ("parsing %s succeeded but should have failed", text);
  g_assert_nonnull (error);
  g_assert_true (error->domain == HB_PARSE_ERROR);
  g_assert_cmpint (sscanf (error->message, "%d:%d:", &line, &col), ==, 2);
  g_assert_cmpint (line, >=, 1);
  g_assert_cmpint (col, >=, 1);
  if (needle != NULL && strstr (error->message, needle) == NULL)
    g_error ("error \"%s\" does not mention \"%s\"", error->message, needle);
}

/* ---- Colour-vision deficiencies ---- */

/* Machado, Oliveira and Fernandes (2009), "A Physiologically-based Model
 * for Simulation of Color Vision Deficiency": the matrices at severity
 * 1.0, applied to linear RGB. */
static const double deuteranopia_m[3][3] = {
  {  0.367322, 0.860646, -0.227968 },
  {  0.280085, 0.672501,  0.047413 },
  { -0.011820, 0.042940,  0.968881 },
};
static const double protanopia_m[3][3] = {
  {  0.152286, 1.052583, -0.204868 },
  {  0.114503, 0.786281,  0.099216 },
  { -0.003882, -0.048116, 1.051998 },
};

static double
srgb_to_linear (double c)
{
  return c <= 0.04045 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

static double
lab_f (double t)
{
  return t > 216.0 / 24389 ? cbrt (t) : (24389.0 / 27 * t + 16) / 116;
}

void
hb_test_seen_lab (const double srgb[3], HbTestVision vision, double lab[3])
{
  const double (*m)[3] = vision == HB_TEST_DEUTERANOPIA ? deuteranopia_m
                         : vision == HB_TEST_PROTANOPIA ? protanopia_m : NULL;
  double lin[3], v[3], X, Y, Z, fx, fy, fz;

  for (int k = 0; k < 3; k++)
    lin[k] = srgb_to_linear (srgb[k]);
  for (int i = 0; i < 3; i++)
    v[i] = m ? CLAMP (m[i][0] * lin[0] + m[i][1] * lin[1] + m[i][2] * lin[2], 0.0, 1.0)
             : lin[i];
  X = 0.4124564 * v[0] + 0.3575761 * v[1] + 0.1804375 * v[2];
  Y = 0.2126729 * v[0] + 0.7151522 * v[1] + 0.0721750 * v[2];
  Z = 0.0193339 * v[0] + 0.1191920 * v[1] + 0.9503041 * v[2];
  fx = lab_f (X / 0.95047);
  fy = lab_f (Y / 1.0);
  fz = lab_f (Z / 1.08883);
  lab[0] = 116 * fy - 16;
  lab[1] = 500 * (fx - fy);
  lab[2] = 200 * (fy - fz);
}

double
hb_test_delta_e (const double a[3], const double b[3], HbTestVision vision)
{
  double p[3], q[3];

  hb_test_seen_lab (a, vision, p);
  hb_test_seen_lab (b, vision, q);
  return sqrt ((p[0] - q[0]) * (p[0] - q[0]) + (p[1] - q[1]) * (p[1] - q[1])
               + (p[2] - q[2]) * (p[2] - q[2]));
}

char *
hb_test_shared_screens (const char *sub)
{
  const char *srcdir = g_getenv ("G_TEST_SRCDIR");
  return g_build_filename (srcdir ? srcdir : ".", "..", "..", "shared", "screens", sub, NULL);
}

char *
hb_test_flow_screens_or_skip (void)
{
  char *dir = hb_test_shared_screens ("flow");

  if (g_file_test (dir, G_FILE_TEST_IS_DIR))
    return dir;
  g_free (dir);
  g_test_skip ("../shared/screens/flow is not here");
  return NULL;
}

HbImage *
hb_test_flow_screen (const char *dir, int i, char **truth)
{
  g_autofree char *img_path = g_strdup_printf ("%s/flow_%02d.jpg", dir, i);
  g_autofree char *truth_path = g_strdup_printf ("%s/flow_%02d.truth.flow", dir, i);
  g_autoptr(GError) error = NULL;
  HbImage *img;

  *truth = NULL;
  if (!g_file_test (img_path, G_FILE_TEST_EXISTS)
      || !g_file_get_contents (truth_path, truth, NULL, NULL))
    return NULL;
  img = hb_image_load (img_path, &error);
  g_assert_no_error (error);
  return img;
}

HbImage *
hb_test_scaled_jpeg (const HbImage *img, double k)
{
  g_autofree char *dir = g_dir_make_tmp ("hb-test-scaled-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "scaled.jpg", NULL);
  g_autoptr(HbImage) small = hb_image_scale (img, (int) lround (img->width * k),
                                             (int) lround (img->height * k));
  g_autoptr(GError) error = NULL;
  HbImage *back;

  g_assert_true (hb_image_save (small, path, "jpeg", 70, &error));
  g_assert_no_error (error);
  back = hb_image_load (path, &error);
  g_assert_no_error (error);
  g_unlink (path);
  g_rmdir (dir);
  return back;
}

static char *numbers_dir;

gboolean
hb_test_numbers_english (void)
{
  g_autoptr (GError) error = NULL;
  const char *argv[] = { "localedef", "-i", "en_US", "-f", "UTF-8", NULL, NULL };
  g_autofree char *target = NULL;
  int status = -1;

  g_assert_null (numbers_dir);
  numbers_dir = g_dir_make_tmp ("hb-locale-XXXXXX", &error);
  g_assert_no_error (error);
  target = g_build_filename (numbers_dir, "en_US.UTF-8", NULL);
  argv[5] = target;
  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL
                     | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status, NULL)
      || !g_file_test (target, G_FILE_TEST_IS_DIR))
    {
      hb_test_numbers_end ();
      g_test_skip ("localedef or the en_US locale source is missing (Debian's locales)");
      return FALSE;
    }
  g_setenv ("LOCPATH", numbers_dir, TRUE);
  if (setlocale (LC_NUMERIC, "en_US.UTF-8") == NULL)
    {
      hb_test_numbers_end ();
      g_test_skip ("the locale built for the test does not load");
      return FALSE;
    }
  return TRUE;
}

/* What hb_test_romanian_end goes back to. */
static char *romanian_saved_locale;
static char *romanian_saved_language;

gboolean
hb_test_romanian (void)
{
  g_autofree char *mo = g_build_filename (HB_TEST_LOCALEDIR, "ro", "LC_MESSAGES",
                                          "hintboard.mo", NULL);

  /* Built with the project (the tests depend on it): missing is a fault
   * of the build, not a skip. */
  g_assert_true (g_file_test (mo, G_FILE_TEST_IS_REGULAR));
  g_assert_nonnull (bindtextdomain ("hintboard", HB_TEST_LOCALEDIR));
  g_assert_nonnull (bind_textdomain_codeset ("hintboard", "UTF-8"));
  g_assert_nonnull (textdomain ("hintboard"));
  g_free (romanian_saved_locale);
  romanian_saved_locale = g_strdup (setlocale (LC_MESSAGES, NULL));
  g_free (romanian_saved_language);
  romanian_saved_language = g_strdup (g_getenv ("LANGUAGE"));
  g_setenv ("LANGUAGE", "ro", TRUE);
  /* setlocale also drops gettext's cache of earlier look-ups. */
  if (setlocale (LC_MESSAGES, "C.UTF-8") == NULL)
    {
      hb_test_romanian_end ();
      g_test_skip ("the C.UTF-8 locale does not load");
      return FALSE;
    }
  /* The catalogue answers: its header names the language. */
  g_assert_nonnull (strstr (gettext (""), "Language: ro"));
  return TRUE;
}

void
hb_test_romanian_end (void)
{
  if (romanian_saved_language != NULL)
    g_setenv ("LANGUAGE", romanian_saved_language, TRUE);
  else
    g_unsetenv ("LANGUAGE");
  g_assert_nonnull (setlocale (LC_MESSAGES, romanian_saved_locale != NULL
                                            ? romanian_saved_locale : "C"));
  g_clear_pointer (&romanian_saved_locale, g_free);
  g_clear_pointer (&romanian_saved_language, g_free);
}

void
hb_test_numbers_end (void)
{
  g_assert_nonnull (setlocale (LC_NUMERIC, "C"));
  g_unsetenv ("LOCPATH");
  if (numbers_dir != NULL)
    hb_test_remove_tree (numbers_dir);
  g_clear_pointer (&numbers_dir, g_free);
}

void
hb_test_remove_tree (const char *path)
{
  g_autoptr (GDir) d = g_dir_open (path, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *f = g_build_filename (path, name, NULL);

      if (g_file_test (f, G_FILE_TEST_IS_DIR) && !g_file_test (f, G_FILE_TEST_IS_SYMLINK))
        hb_test_remove_tree (f);
      else
        g_remove (f);
    }
  g_rmdir (path);
}
