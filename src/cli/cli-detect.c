/* cli-detect.c: `hintboard-cli detect` and `hintboard-cli bench detect`.
 *
 *   hintboard-cli detect [--game G] IMAGE [--debug OUT.png]
 *     the level read from a screenshot, in the game's text format, on
 *     standard output; the report (what was found, cells unsure) on
 *     standard error. Exit status: 0 read, 1 no board found, 2 the file
 *     cannot be read (or bad usage).
 *
 *   hintboard-cli bench detect [IMAGE…] [--repeats N] [--quick]
 *     time per screenshot: every IMAGE given, else one 1080×2400 picture
 *     per game drawn by the game itself with a status bar, a title and
 *     buttons around the board; a Markdown table.
 */
#include "cli-detect.h"
#include "cli-settings.h"
#include "hb-import.h"
#include "hb-registry.h"

#include <glib/gstdio.h>

#include <stdio.h>
#include <string.h>

enum {
  DETECT_READ = 0,
  DETECT_NO_BOARD = 1,
  DETECT_UNREADABLE = 2,
};

static char    *opt_game;
static char    *opt_debug;
static int      opt_repeats = CLI_UNSET;   /* not given */
static gboolean opt_quick;

/* The command whose --help a usage error points to (bench detect's
 * pointed to detect's). */
static const char *help_command = "detect";

static int
usage_error (const char *message)
{
  cli_error ("%s", message);
  fprintf (stderr, "Try 'hintboard-cli %s --help'.\n", help_command);
  return DETECT_UNREADABLE;
}

/* What its one number option, --repeats, takes. */
static const char *
repeats_range (const char *name G_GNUC_UNUSED)
{
  static char range[32];

  g_snprintf (range, sizeof range, "1 to %d", CLI_MAX_REPEATS);
  return range;
}

/* Parses argv by `entries` as every command does: an option of one value
 * given twice refused (detect --debug a.png --debug b.png wrote b.png
 * alone, unsaid), the "--" that ends the options dropped ("detect --
 * -x.png" said "detect takes one IMAGE"), numbers read in decimal
 * (cli_decimal_options) and said with their range when GOption cannot
 * read them, joined short values split ("-gflow"), a flag given a value
 * ("--quick=0") and -h joined to more ("-h5") refused. Else a usage
 * error's status. */
static int
parse (GOptionContext *ctx, const GOptionEntry *entries, int *argc, char ***argv)
{
  const GOptionEntry *const sets[] = { entries, NULL };
  gboolean unknown;
  g_autofree char *msg = cli_check_options (argc, argv, sets, repeats_range, &unknown);
  g_autoptr(GError) error = NULL;

  if (msg != NULL && unknown)
    {
      cli_option_error (help_command, msg);
      return DETECT_UNREADABLE;
    }
  if (msg != NULL)
    return usage_error (msg);
  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!g_option_context_parse (ctx, argc, argv, &error))
    {
      /* As every command's ("Missing argument for --debug" stood alone:
       * review). */
      g_autofree char *unreadable = error->domain == G_CONVERT_ERROR
                                    ? cli_unreadable_value (*argc, *argv, sets) : NULL;

      cli_option_error (help_command, unreadable != NULL ? unreadable : error->message);
      return DETECT_UNREADABLE;
    }
  cli_drop_end_of_options (argc, *argv);
  return 0;
}

/* An empty IMAGE ('') is a usage error (the read said ": No such file or
 * directory", naming nothing); else 0. */
static int
image_named (const char *path)
{
  if (path[0] != '\0')
    return 0;
  return usage_error ("IMAGE is an empty name (''): name a picture, or - for standard input");
}

static const HbGame *
find_game (const char *id, int *status)
{
  const HbGame *game;

  *status = 0;
  if (id == NULL)
    return NULL;
  game = hb_registry_find_game (id);
  if (game == NULL || game->from_image == NULL)
    {
      /* In the order every other command lists the games, and a usage
       * error like theirs (the Try line was missing). */
      GString *known = g_string_new (NULL);
      const HbGame *const *games = hb_registry_games ();
      g_autofree char *message = NULL;
      for (int i = 0; games[i]; i++)
        if (games[i]->from_image != NULL)
          g_string_append_printf (known, "%s%s", known->len ? ", " : "", games[i]->id);
      message = g_strdup_printf ("%s '%s' (games that read pictures: %s)",
                                 game == NULL ? "unknown game" : "no picture reader for", id,
                                 known->str);
      g_string_free (known, TRUE);
      *status = usage_error (message);
    }
  return game;
}

int
hb_cli_detect (int argc, char **argv)
{
  static const GOptionEntry entries[] = {
    { "game", 'g', 0, G_OPTION_ARG_STRING, &opt_game,
      "The game the picture shows (else every game that reads pictures tries)", "G" },
    { "debug", 0, 0, G_OPTION_ARG_FILENAME, &opt_debug,
      "Draw what was found (grid, cells, colours, unsure cells) over the picture into OUT.png", "OUT.png" },
    { NULL }
  };
  g_autoptr(GOptionContext) ctx = g_option_context_new ("IMAGE - read a level from a screenshot");
  g_autoptr(GError) error = NULL;
  g_autoptr(HbImage) img = NULL;
  g_autoptr(HbImportReport) report = hb_import_report_new ();
  g_autofree char *text = NULL, *summary = NULL;
  const HbGame *game;
  HbState *s, *near = NULL;
  int status;

  g_option_context_set_description (ctx,
    "The level goes to standard output in the game's text format, the report\n"
    "to standard error. Exit status: 0 read, 1 no board found, 2 the file\n"
    "cannot be read.");
  if ((status = parse (ctx, entries, &argc, &argv)) != 0)
    return status;
  /* Only a PNG is drawn: another name got a PNG under it, unsaid. */
  if (opt_debug != NULL
      && (strlen (opt_debug) < 4 || g_ascii_strcasecmp (opt_debug + strlen (opt_debug) - 4, ".png") != 0))
    {
      g_autofree char *msg = g_strdup_printf ("--debug draws a PNG: give it a name ending in "
                                              ".png, not '%s'", opt_debug);
      return usage_error (msg);
    }
  if (argc != 2)
    return usage_error ("detect takes one IMAGE");
  if ((status = image_named (argv[1])) != 0)
    return status;
  game = find_game (opt_game, &status);
  if (status != 0)
    return status;
  /* Nor over the picture read (it was replaced by the drawing, unsaid:
   * review); and where it cannot be written, said before the reading. */
  if (opt_debug != NULL)
    {
      g_autoptr(GError) derr = NULL;

      if (cli_same_file (argv[1], opt_debug))
        return usage_error ("--debug names the picture being read: give another name");
      if (!hb_check_output_path (opt_debug, &derr))
        {
          cli_error ("%s", derr->message);
          return DETECT_UNREADABLE;
        }
    }

  /* Standard input, a pipe or a FIFO as every command reads them. */
  img = hb_import_read_image (argv[1], &error);
  if (img == NULL)
    {
      cli_error ("%s", error->message);
      /* Read, but too few pixels for any board: no board, as a blank
       * picture is (a 1x1 PNG was "unreadable", exit 2: review). */
      if (g_error_matches (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_TOO_SMALL))
        return DETECT_NO_BOARD;
      return DETECT_UNREADABLE;
    }
  /* Guessing, a reading too unsure to count is kept (its grid in the
   * debug picture, and the way to take it said). */
  s = game != NULL ? hb_registry_from_image (img, game, report, NULL, &error)
                   : hb_registry_from_image_or_near (img, report, NULL, &near, &error);
  if (opt_debug != NULL)
    {
      /* Written as render writes: whole or not at all (a full disk left
       * a cut PNG), and a failure is the exit status's too (it was 0). */
      g_autoptr(GError) derr = NULL;
      g_autoptr(GBytes) png = hb_import_report_debug_png (report, img, &derr);
      gsize len = 0;
      const char *data = png != NULL ? g_bytes_get_data (png, &len) : NULL;

      if (png == NULL || !hb_write_atomic (opt_debug, data, len, &derr))
        {
          cli_error ("%s", derr->message);
          hb_state_free (s);
          hb_state_free (near);
          return DETECT_UNREADABLE;
        }
    }
  if (s == NULL && near != NULL)
    {
      /* A board seen but too unsure (a picture cut through it): said as
       * the app's question says it, not as "no board of any game" with
       * the board named two lines down (review). */
      g_autofree char *seen = hb_import_report_to_string (report);
      g_auto(GStrv) said = g_strsplit (seen, "\n", -1);
      g_auto(GStrv) lines = g_strsplit (error->message, "\n", -1);
      g_autoptr(GString) msg = g_string_new (NULL);

      g_string_assign (msg, "seems to show a board, but not surely enough to read it without --game:");
      for (int i = 0; said[i] != NULL; i++)
        g_string_append_printf (msg, "\n  %s", said[i]);
      /* What the other games missed, but not this reading again. */
      for (int i = 1; lines[i] != NULL; i++)
        if (report->summary == NULL || !g_str_has_prefix (g_strstrip (lines[i]), report->summary))
          g_string_append_printf (msg, "\n  %s", lines[i]);
      cli_error_lines (argv[1], msg->str);
      cli_error ("%s: to read it as %s all the same: --game %s", argv[1],
                 near->game->name, near->game->id);
      hb_state_free (near);
      return DETECT_NO_BOARD;
    }
  if (s == NULL)
    {
      cli_error_lines (argv[1], error->message);
      return DETECT_NO_BOARD;
    }
  text = s->game->write (s, HB_WRITE_NATIVE, &error);
  hb_state_free (s);
  if (text == NULL)
    {
      cli_error ("%s: %s", argv[1], error->message);
      return DETECT_NO_BOARD;
    }
  cli_puts (text);
  summary = hb_import_report_to_string (report);
  fprintf (stderr, "%s\n", summary);
  fprintf (stderr, "grid: %d×%d cells of %.1f×%.1f px at (%.1f, %.1f); %.1f ms\n",
           report->width, report->height, report->cell_w, report->cell_h,
           report->x0, report->y0, report->seconds * 1000.0);
  return DETECT_READ;
}

/* ---- bench detect -------------------------------------------------------- */

/* A 1080 × 2400 phone screenshot of `game`: a status bar, a title, the
 * board drawn by the game at a width of 1040 px, buttons and a banner. */
static HbImage *
fake_screenshot (const HbGame *game, int side, GError **error)
{
  HbGenerateParams params = { side, side, game->default_colours, 7, NULL };
  g_autoptr(GError) local = NULL;
  HbState *s;
  cairo_surface_t *surface;
  cairo_t *cr;
  HbLayout layout;
  HbRenderOptions opts = { .mode = HB_MODE_PLAY, .hover_x = -1, .hover_y = -1, .dark = TRUE };
  HbImage *img;

  if (game->generate == NULL || game->render == NULL)
    return NULL;
  s = game->generate (&params, &local);
  if (s == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 1080, 2400);
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 0.07, 0.07, 0.09);
  cairo_paint (cr);
  /* Status bar and title. */
  cairo_set_source_rgb (cr, 0.2, 0.2, 0.25);
  cairo_rectangle (cr, 0, 0, 1080, 70);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0.9, 0.9, 0.9);
  cairo_select_font_face (cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, 40);
  cairo_move_to (cr, 30, 50);
  cairo_show_text (cr, "12:34   4G  87%");
  cairo_set_font_size (cr, 64);
  cairo_move_to (cr, 40, 250);
  cairo_show_text (cr, game->name);
  hb_layout_fit (&layout, side, side, 1040, 1400, 0);
  layout.x0 += 20;
  layout.y0 += 420;
  game->render (s, cr, &layout, &opts);
  /* Buttons and a banner. */
  for (int i = 0; i < 4; i++)
    {
      cairo_arc (cr, 160 + i * 250, 2000, 70, 0, 2 * G_PI);
      cairo_set_source_rgb (cr, 0.5, 0.5, 0.55);
      cairo_set_line_width (cr, 8);
      cairo_stroke (cr);
    }
  cairo_set_source_rgb (cr, 0.95, 0.95, 0.8);
  cairo_rectangle (cr, 40, 2180, 1000, 160);
  cairo_fill (cr);
  cairo_destroy (cr);
  img = hb_image_from_surface (surface);
  cairo_surface_destroy (surface);
  hb_state_free (s);
  return img;
}

static int
cmp_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static void
bench_one (GString *out, const char *name, const HbImage *img, const HbGame *game,
           guint repeats)
{
  g_autofree double *t = g_new (double, repeats);
  g_autoptr(HbImportReport) report = hb_import_report_new ();
  g_autofree char *result = NULL;

  for (guint r = 0; r < repeats; r++)
    {
      g_autoptr(GError) error = NULL;
      double t0 = hb_now ();
      HbState *s = hb_registry_from_image (img, game, report, NULL, &error);
      t[r] = hb_now () - t0;
      if (r == 0)
        result = s != NULL ? g_strdup (report->summary) : g_strdup (error->message);
      hb_state_free (s);
    }
  qsort (t, repeats, sizeof (double), cmp_double);
  /* Keep a result on one table row: its lines (a game's reason each,
   * indented) one after another as sentences; each line break and indent
   * had become a run of blanks ("picture:   No Flow Free board"). */
  {
    g_auto(GStrv) lines = g_strsplit (result != NULL ? result : "", "\n", -1);
    GString *row = g_string_new (NULL);

    for (guint i = 0; lines[i] != NULL; i++)
      {
        const char *line = g_strstrip (lines[i]);

        if (*line == '\0')
          continue;
        if (row->len > 0)
          g_string_append (row, row->str[row->len - 1] == ':' || row->str[row->len - 1] == '.'
                                ? " " : "; ");
        g_string_append (row, line);
      }
    g_free (result);
    result = g_string_free (row, FALSE);
  }
  for (char *p = result; *p; p++)
    if (*p == '|')
      *p = ' ';
  g_string_append_printf (out, "| %s | %d×%d | %s | %.1f | %u |\n", name, img->width,
                          img->height, result, t[repeats / 2] * 1000.0, repeats);
}

int
hb_cli_bench_detect (int argc, char **argv)
{
  static const GOptionEntry entries[] = {
    { "repeats", 'r', 0, G_OPTION_ARG_INT, &opt_repeats, "Repeats per picture, 1 to 100 (default 5)", "N" },
    { "quick", 0, 0, G_OPTION_ARG_NONE, &opt_quick, "One repeat, small boards (for tests)", NULL },
    { "game", 'g', 0, G_OPTION_ARG_STRING, &opt_game,
      "Read the pictures as this game (else every game tries, as detect does)", "G" },
    { NULL }
  };
  g_autoptr(GOptionContext) ctx = g_option_context_new ("[IMAGE…] - time screenshot import");
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  const HbGame *game;
  guint repeats;
  int status;

  help_command = "bench detect";
  /* Its usage line names it whole ("detect [OPTION…] [IMAGE…]" read as
   * the detect command's: review). */
  if (argc > 0)
    argv[0] = (char *) "bench detect";
  if ((status = parse (ctx, entries, &argc, &argv)) != 0)
    return status;
  game = find_game (opt_game, &status);
  if (status != 0)
    return status;
  /* Out of range is refused, never clamped (as in the other benches). */
  if (opt_repeats != CLI_UNSET && (opt_repeats < 1 || opt_repeats > CLI_MAX_REPEATS))
    {
      g_autofree char *msg = g_strdup_printf ("--repeats takes 1 to %d, not %d", CLI_MAX_REPEATS,
                                              opt_repeats);
      return usage_error (msg);
    }
  repeats = opt_quick ? 1 : opt_repeats > 0 ? (guint) opt_repeats : 5;

  g_string_append (out, "### Screenshot import\n\n"
                        "Median time to read a level from a decoded picture (every game tries\n"
                        "unless --game), in milliseconds; decoding the file is not counted.\n\n"
                        "| picture | size | read as | median ms | repeats |\n"
                        "|---|---|---|---:|---:|\n");
  if (argc > 1)
    {
      /* Every picture is read before any is timed: one that cannot be
       * read is the error alone on stderr, with no table (its heading
       * was printed before it), as `bench GAME` checks its names first. */
      g_autoptr(GPtrArray) imgs = g_ptr_array_new_with_free_func ((GDestroyNotify) hb_image_free);
      g_autoptr(GPtrArray) small = g_ptr_array_new_with_free_func (g_free);
      for (int a = 1; a < argc; a++)
        if ((status = image_named (argv[a])) != 0)
          return status;
      for (int a = 1; a < argc; a++)
        {
          HbImage *img = hb_import_read_image (argv[a], &error);
          /* Read, but too few pixels for any board: a row saying so,
           * as detect calls it no board (it was exit 2: helper-155). */
          if (img == NULL && g_error_matches (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_TOO_SMALL))
            {
              /* The words without the file's name, which the row has. */
              const char *words = error->message;
              if (g_str_has_prefix (words, argv[a]) && g_str_has_prefix (words + strlen (argv[a]), ": "))
                words += strlen (argv[a]) + 2;
              g_ptr_array_add (small, g_strdup (words));
            }
          else if (img == NULL)
            {
              cli_error ("%s", error->message);
              return DETECT_UNREADABLE;
            }
          else
            g_ptr_array_add (small, NULL);
          g_clear_error (&error);
          g_ptr_array_add (imgs, img);
        }
      for (int a = 1; a < argc; a++)
        if (g_ptr_array_index (small, a - 1) != NULL)
          g_string_append_printf (out, "| %s | - | %s | - | 0 |\n", argv[a],
                                  (char *) g_ptr_array_index (small, a - 1));
        else
          bench_one (out, argv[a], g_ptr_array_index (imgs, a - 1), game, repeats);
    }
  else
    {
      const HbGame *const *games = hb_registry_image_games ();
      for (int i = 0; games[i] != NULL; i++)
        {
          int side = opt_quick ? 5 : 10;
          g_autoptr(HbImage) img = fake_screenshot (games[i], side, &error);
          g_autofree char *name = NULL;
          if (img == NULL)
            {
              g_clear_error (&error);
              continue;
            }
          name = g_strdup_printf ("%s %d×%d, drawn", games[i]->id, side, side);
          bench_one (out, name, img, game, repeats);
        }
    }
  cli_puts (out->str);
  return 0;
}
