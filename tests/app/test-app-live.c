/* test-app-live.c: the solver panel's controls built from the declared
 * settings (a value out of range is refused with a message, a value taken
 * reaches the solver), the seed shown with the result, the live view (a
 * snapshot published into the running solve's trace is drawn on the board)
 * and the plot beside the board (drawn when the trace has series, redrawn
 * as points arrive, readable in light and dark style). */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "hb-app-test.h"
#include "hb-plot.h"
#include "hb-registry.h"
#include "lights.h"

/* A 13×20 Enlight board the pruned backtracking works on far longer than
 * the test needs (see test-app-solve.c). */
static GFile *
big_board (char **dir)
{
  char *path;
  GString *text = g_string_new (NULL);
  HbRng rng;
  GFile *file;

  *dir = g_dir_make_tmp ("hintboard-live-XXXXXX", NULL);
  path = g_build_filename (*dir, "big.lights", NULL);
  hb_rng_init (&rng, 7);
  for (int y = 0; y < 20; y++)
    {
      for (int x = 0; x < 13; x++)
        g_string_append_c (text, hb_rng_below (&rng, 2) ? '1' : '0');
      g_string_append_c (text, '\n');
    }
  g_assert_true (g_file_set_contents (path, text->str, text->len, NULL));
  file = g_file_new_for_path (path);
  g_string_free (text, TRUE);
  g_free (path);
  return file;
}

static void
remove_board (GFile *file, char *dir)
{
  g_file_delete (file, NULL, NULL);
  g_object_unref (file);
  g_rmdir (dir);
  g_free (dir);
}

/* ---- Settings ------------------------------------------------------------ */

static void
type_into (GtkWidget *spin, const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (spin), text);
  gtk_spin_button_update (GTK_SPIN_BUTTON (spin));
  hb_app_test_settle (20);
}

static void
test_settings_controls (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbSolverPanel *panel = hb_window_get_solver_panel (window);
  GtkWidget *limit, *row;
  HbSettings *settings;
  GError *error = NULL;
  char *dir;
  GFile *file;

  /* Every solver takes the common settings; the controls follow the
   * solver chosen. */
  g_assert_true (hb_window_select_solver (window, "backtrack"));
  limit = hb_solver_panel_get_control (panel, "node-limit");
  g_assert_true (GTK_IS_SPIN_BUTTON (limit));
  g_assert_true (GTK_IS_SPIN_BUTTON (hb_solver_panel_get_control (panel, "time-limit")));
  g_assert_null (hb_solver_panel_get_control (panel, "no-such-setting"));
  row = hb_solver_panel_get_setting_row (panel, "node-limit");
  g_assert_true (ADW_IS_ACTION_ROW (row));
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, "Step limit");

  /* Out of range: refused with a toast in the sidebar's words, the value
   * not clamped: the spin button keeps the last value it took, and the
   * row, which shows it, is not left red (it read as still wrong). */
  type_into (limit, "-5");
  g_assert_nonnull (hb_solver_panel_get_error (panel));
  g_assert_true (g_str_has_prefix (hb_solver_panel_get_error (panel),
                                   "Step limit: -5 is out of range, from 0 to 1"));
  g_assert_false (gtk_widget_has_css_class (row, "error"));
  g_assert_cmpstr (hb_window_get_last_toast (window), ==, hb_solver_panel_get_error (panel));
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (limit)), ==, 0);
  /* A number setting's bounds read as numbers, not "3.1536e+07". */
  type_into (hb_solver_panel_get_control (panel, "time-limit"), "-1");
  g_test_message ("%s", hb_solver_panel_get_error (panel));
  g_assert_true (g_str_has_prefix (hb_solver_panel_get_error (panel),
                                   "Time limit: -1 is out of range, from 0 to 31"));
  g_assert_null (strstr (hb_solver_panel_get_error (panel), "e+"));
  /* Text that is no number is said in the app's words, which are
   * translated (the core's "expected a finite number" is the command
   * line's English, and called "0,5" not finite). */
  type_into (limit, "abc");
  g_assert_cmpstr (hb_solver_panel_get_error (panel), ==, "Step limit: “abc” is not a whole number");
  type_into (hb_solver_panel_get_control (panel, "time-limit"), "abc");
  g_assert_cmpstr (hb_solver_panel_get_error (panel), ==, "Time limit: “abc” is not a number");
  type_into (limit, "2e12");
  g_assert_nonnull (hb_solver_panel_get_error (panel));
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (limit)), ==, 0);
  settings = hb_solver_panel_dup_settings (panel, &error);
  g_assert_no_error (error);
  g_assert_false (hb_settings_has (settings, "node-limit"));
  hb_settings_free (settings);

  /* A value in range is taken and clears the message. */
  type_into (limit, "1000");
  g_assert_null (hb_solver_panel_get_error (panel));
  g_assert_false (gtk_widget_has_css_class (row, "error"));
  settings = hb_solver_panel_dup_settings (panel, &error);
  g_assert_no_error (error);
  g_assert_cmpint (hb_settings_get_int (settings, hb_common_solver_settings, "node-limit"), ==, 1000);
  hb_settings_free (settings);

  /* …and reaches the solver: on a board that takes the search far longer,
   * the step limit stops it (before it starts). */
  file = big_board (&dir);
  g_assert_true (hb_app_test_load (window, file));
  hb_app_test_wait_hint (window);
  g_assert_true (hb_window_select_solver (window, "backtrack"));
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (hb_solver_panel_get_control (panel, "node-limit"))), ==, 1000);
  hb_window_solve (window);
  hb_app_test_wait (hb_app_test_not_solving, window, 60000, "the solver");
  g_assert_nonnull (hb_window_get_result (window));
  g_test_message ("%s: %s", hb_status_to_string (hb_window_get_result (window)->status),
                  hb_window_get_result (window)->message);
  g_assert_cmpint (hb_window_get_result (window)->status, ==, HB_STATUS_GAVE_UP);
  /* "…above the limit of 1000…": the solver saw the value set. */
  g_assert_nonnull (strstr (hb_window_get_result (window)->message, "limit of 1000"));

  remove_board (file, dir);
  hb_app_test_window_close (window);
}

static gboolean
is_copy_button (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_BUTTON (widget) && g_object_get_data (G_OBJECT (widget), "hb-command") != NULL;
}

/* The seed a stochastic solver reports is shown with the command line that
 * repeats the run. */
static void
test_seed_row (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbSolverPanel *panel = hb_window_get_solver_panel (window);
  HbResult *result = hb_result_new (HB_STATUS_GAVE_UP);
  const char *command = "hintboard-cli solve --game flow --solver ga --set seed=12345 level.flow";

  hb_result_add_stat (result, "seed", "%u", 12345u);
  hb_solver_panel_show_result (panel, result, command);
  g_assert_cmpstr (hb_solver_panel_get_seed_text (panel), ==, "Seed 12345");
  g_assert_cmpstr (hb_solver_panel_get_seed_command (panel), ==, command);
  /* The copy button copies, and shows a tick for a moment (it gave no
   * sign). */
  {
    GtkWidget *copy = hb_app_test_find_where (GTK_WIDGET (panel), is_copy_button, NULL);

    g_assert_nonnull (copy);
    g_signal_emit_by_name (copy, "clicked");
    g_assert_cmpstr (gtk_button_get_icon_name (GTK_BUTTON (copy)), ==, "object-select-symbolic");
    hb_app_test_settle (1800);
    g_assert_cmpstr (gtk_button_get_icon_name (GTK_BUTTON (copy)), ==, "edit-copy-symbolic");
  }
  hb_solver_panel_clear_result (panel);
  g_assert_null (hb_solver_panel_get_seed_text (panel));
  /* A command with a level's text after it (a here-document): the
   * clipboard gets it whole, the tooltip its first rows (a 40-row level
   * made the tooltip taller than the screen). */
  {
    GString *big = g_string_new ("hintboard-cli solve --game flow --solver ga-paths - <<'LEVEL'");
    GtkWidget *copy;
    g_auto (GStrv) tip = NULL;

    for (int i = 0; i < 40; i++)
      g_string_append (big, "\n........................................");
    g_string_append (big, "\nLEVEL");
    hb_solver_panel_show_result (panel, result, big->str);
    g_assert_cmpstr (hb_solver_panel_get_seed_command (panel), ==, big->str);
    copy = hb_app_test_find_where (GTK_WIDGET (panel), is_copy_button, NULL);
    g_assert_nonnull (copy);
    g_assert_cmpstr (g_object_get_data (G_OBJECT (copy), "hb-command"), ==, big->str);
    tip = g_strsplit (gtk_widget_get_tooltip_text (copy), "\n", -1);
    g_assert_cmpuint (g_strv_length (tip), <=, 14);
    g_assert_cmpstr (tip[g_strv_length (tip) - 1], ==, "…");
    g_assert_true (g_str_has_suffix (tip[1], "- <<'LEVEL'"));
    g_string_free (big, TRUE);
    hb_solver_panel_clear_result (panel);
  }
  hb_result_free (result);
  hb_app_test_window_close (window);
}

/* Every stochastic solver of every game: the seed typed in the panel is
 * the seed the solver reports and the result shows, the command shown
 * repeats it, and the same seed gives the same answer. A seed that is no
 * number stops the solve with a message. */
static const HbSetting *
seed_setting (const HbSolver *solver)
{
  for (gsize i = 0; solver->settings != NULL && solver->settings[i].key != NULL; i++)
    if (solver->settings[i].type == HB_SETTING_SEED)
      return &solver->settings[i];
  return NULL;
}

static HbResult *
solve_with_seed (HbWindow *window, const HbSolver *solver, const char *seed)
{
  HbSolverPanel *panel = hb_window_get_solver_panel (window);
  const HbSetting *decl = seed_setting (solver);
  GtkWidget *entry, *limit;
  HbResult *copy;

  g_assert_true (hb_window_select_solver (window, solver->id));
  entry = hb_solver_panel_get_control (panel, decl->key);
  g_assert_true (GTK_IS_ENTRY (entry));
  gtk_editable_set_text (GTK_EDITABLE (entry), seed);
  /* A time limit keeps a run that does not converge short. */
  limit = hb_solver_panel_get_control (panel, "time-limit");
  gtk_editable_set_text (GTK_EDITABLE (limit), "20");
  gtk_spin_button_update (GTK_SPIN_BUTTON (limit));
  hb_window_solve (window);
  g_assert_true (hb_window_is_solving (window));
  /* No tooltip over the progress line while it runs; back after. */
  {
    GtkWidget *button = hb_app_test_find_where (GTK_WIDGET (panel), hb_app_test_is_action_button,
                                                 "win.solve-or-cancel");
    g_assert_nonnull (button);
    g_assert_false (gtk_widget_get_has_tooltip (button));
    hb_app_test_wait (hb_app_test_not_solving, window, 60000, "the stochastic solver");
    g_assert_true (gtk_widget_get_has_tooltip (button));
  }
  hb_app_test_settle (50);
  g_assert_nonnull (hb_window_get_result (window));
  copy = hb_result_new (hb_window_get_result (window)->status);
  g_array_append_vals (copy->moves, hb_window_get_result (window)->moves->data,
                       hb_window_get_result (window)->moves->len);
  return copy;
}

static void
test_stochastic_seed (void)
{
  const HbGame *const *games = hb_registry_games ();
  int tested = 0;

  for (int g = 0; games[g] != NULL; g++)
    for (int i = 0; games[g]->solvers[i] != NULL; i++)
      {
        const HbGame *game = games[g];
        const HbSolver *solver = game->solvers[i];
        HbGenerateParams params = { 0 };
        HbWindow *window;
        HbSolverPanel *panel;
        HbResult *a, *b;
        HbState *level;
        GError *error = NULL;
        char *dir, *path, *text, *name, *want;
        GFile *file;

        if (!(solver->flags & HB_SOLVER_STOCHASTIC) || seed_setting (solver) == NULL
            || game->generate == NULL)
          continue;
        g_test_message ("%s: %s", game->id, solver->id);
        params.width = params.height = 5;
        params.colours = game->default_colours;
        params.seed = 1;
        level = game->generate (&params, &error);
        g_assert_no_error (error);
        text = game->write (level, HB_WRITE_NATIVE, &error);
        g_assert_no_error (error);
        hb_state_free (level);
        dir = g_dir_make_tmp ("hintboard-seed-XXXXXX", NULL);
        name = g_strconcat ("level", game->extension, NULL);
        path = g_build_filename (dir, name, NULL);
        g_assert_true (g_file_set_contents (path, text, -1, NULL));
        file = g_file_new_for_path (path);

        window = hb_app_test_window_new ();
        panel = hb_window_get_solver_panel (window);
        g_assert_true (hb_app_test_load (window, file));
        hb_app_test_wait_hint (window);

        /* Not a number: no solve, a message. */
        g_assert_true (hb_window_select_solver (window, solver->id));
        gtk_editable_set_text (GTK_EDITABLE (hb_solver_panel_get_control (panel, seed_setting (solver)->key)),
                               "twelve");
        g_assert_nonnull (hb_solver_panel_get_error (panel));
        /* In the app's words, which are translated ("seed = …: expected
         * a whole number from 0 to …" was the command line's English). */
        g_assert_true (g_str_has_prefix (hb_solver_panel_get_error (panel),
                                         "Seed: “twelve” is not a whole number from 0 to 18"));
        hb_window_solve (window);
        g_assert_false (hb_window_is_solving (window));
        g_assert_nonnull (strstr (hb_window_get_last_toast (window), "twelve"));
        /* Typed key by key, one toast for the value as it now is: each
         * replaces the last (they queued, "a", "ab", "abc", one after
         * another for 15 s). */
        {
          GtkEditable *seed = GTK_EDITABLE (hb_solver_panel_get_control (panel, seed_setting (solver)->key));
          static const char *const typed[] = { "a", "ab", "abc" };
          GtkWidget *toast_label;

          for (gsize t = 0; t < G_N_ELEMENTS (typed); t++)
            {
              gtk_editable_set_text (seed, typed[t]);
              hb_app_test_settle (50);
            }
          hb_app_test_settle (700);
          toast_label = hb_app_test_find_first (hb_app_test_find_named (GTK_WIDGET (window),
                                                                        "AdwToastWidget"),
                                                GTK_TYPE_LABEL);
          g_assert_nonnull (toast_label);
          g_test_message ("toast shown: %s", gtk_label_get_text (GTK_LABEL (toast_label)));
          g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (toast_label)), "abc"));
          /* Named as the sidebar names it, once ("seed = …", then
           * "Seed: seed = …" when Solve refused it). */
          g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (toast_label)), "Seed: "));
          hb_window_solve (window);
          g_assert_true (g_str_has_prefix (hb_window_get_last_toast (window), "Seed: "));
          g_assert_null (strstr (hb_window_get_last_toast (window) + 1, "Seed: "));
          g_assert_null (strstr (hb_window_get_last_toast (window), "seed = "));
          gtk_editable_set_text (seed, "twelve");
        }

        a = solve_with_seed (window, solver, "12345");
        g_assert_null (hb_solver_panel_get_error (panel));
        g_assert_cmpstr (hb_result_get_stat (hb_window_get_result (window), "seed"), ==, "12345");
        g_assert_cmpstr (hb_solver_panel_get_seed_text (panel), ==, "Seed 12345");
        {
          char *quoted = g_shell_quote (path);
          /* The settings set, in key order, then the file. */
          want = g_strdup_printf ("hintboard-cli solve --game %s --solver %s --set seed=12345 "
                                  "--set time-limit=20 %s", game->id, solver->id, quoted);
          g_assert_cmpstr (hb_solver_panel_get_seed_command (panel), ==, want);
          g_free (want);
          g_free (quoted);
        }
        b = solve_with_seed (window, solver, "12345");
        g_assert_cmpint (a->status, ==, b->status);
        g_assert_cmpuint (a->moves->len, ==, b->moves->len);
        g_assert_true (memcmp (a->moves->data, b->moves->data,
                               a->moves->len * sizeof (HbMove)) == 0);
        hb_result_free (a);
        hb_result_free (b);
        tested++;

        hb_app_test_window_close (window);
        g_file_delete (file, NULL, NULL);
        g_object_unref (file);
        g_rmdir (dir);
        g_free (dir);
        g_free (path);
        g_free (name);
        g_free (text);
      }
  if (tested == 0)
    g_test_skip ("no game has a stochastic solver with a seed yet");
}

/* The Seed field drops blanks around a seed (the command line refuses
 * them); the field then shows the seed as taken, when it is entered and
 * when a run takes it (" 5" stayed as typed while the run took 5). A seed
 * refused stays as typed. */
static void
test_seed_trimmed (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbSolverPanel *panel = hb_window_get_solver_panel (window);
  GtkEditable *entry;
  HbSettings *taken;
  GError *error = NULL;

  hb_app_test_open_text (window, "trim.flow", "R.G\n...\nR.G\n");
  g_assert_true (hb_window_select_solver (window, "ga-paths"));
  entry = GTK_EDITABLE (hb_solver_panel_get_control (panel, "seed"));
  g_assert_true (GTK_IS_ENTRY (entry));

  /* Entered (Enter in the field). */
  gtk_editable_set_text (entry, " 5 ");
  g_assert_null (hb_solver_panel_get_error (panel));
  g_signal_emit_by_name (entry, "activate");
  g_assert_cmpstr (gtk_editable_get_text (entry), ==, "5");

  /* Taken by a run (Solve): as the run reads it. */
  gtk_editable_set_text (entry, "\t+07 ");
  taken = hb_solver_panel_dup_settings (panel, &error);
  g_assert_no_error (error);
  g_assert_true (hb_settings_get_seed (taken, "seed", NULL) == 7);
  hb_settings_free (taken);
  g_assert_cmpstr (gtk_editable_get_text (entry), ==, "7");

  /* Blanks alone: no seed (a random one), the field empty. */
  gtk_editable_set_text (entry, "  ");
  g_signal_emit_by_name (entry, "activate");
  g_assert_cmpstr (gtk_editable_get_text (entry), ==, "");

  /* Refused: left as typed, to be mended. */
  gtk_editable_set_text (entry, " 0x5 ");
  g_signal_emit_by_name (entry, "activate");
  g_assert_cmpstr (gtk_editable_get_text (entry), ==, " 0x5 ");
  g_assert_null (hb_solver_panel_dup_settings (panel, &error));
  g_clear_error (&error);
  g_assert_cmpstr (gtk_editable_get_text (entry), ==, " 0x5 ");
  hb_app_test_window_close (window);
}

/* ---- The live view and the plot ------------------------------------------- */

typedef struct {
  HbWindow *window;
  guint     draws;
} DrawWait;

static gboolean
live_drawn (gpointer data)
{
  DrawWait *w = data;
  HbBoardView *view = hb_window_get_board_view (w->window);

  return hb_board_view_has_live_frame (view) && hb_board_view_get_live_draws (view) > w->draws;
}

static gboolean
status_shows_progress (gpointer data)
{
  return strstr (hb_window_get_status_text (data), "Esc stops") != NULL;
}

static gboolean
plot_drawn (gpointer data)
{
  DrawWait *w = data;
  HbPlotView *plot = hb_window_get_plot_view (w->window);

  return gtk_widget_get_visible (GTK_WIDGET (plot)) && gtk_widget_get_mapped (GTK_WIDGET (plot))
         && hb_plot_view_get_draw_count (plot) > w->draws;
}

static gboolean
shots_differ (const HbShot *a, const HbShot *b)
{
  g_assert_cmpint (a->width, ==, b->width);
  g_assert_cmpint (a->height, ==, b->height);
  return memcmp (a->data, b->data, a->stride * a->height) != 0;
}

/* How many pixels of the shot are (close to) series i's colour. */
static int
series_pixels (const HbShot *shot, guint i, gboolean dark)
{
  double rgb[3];
  int want[3], n = 0;

  hb_plot_series_colour (i, dark, rgb);
  for (int k = 0; k < 3; k++)
    want[k] = (int) lround (rgb[k] * 255);
  for (int y = 0; y < shot->height; y++)
    for (int x = 0; x < shot->width; x++)
      {
        int got[3];
        hb_app_test_pixel (shot, x, y, got);
        if (abs (got[0] - want[0]) <= 8 && abs (got[1] - want[1]) <= 8
            && abs (got[2] - want[2]) <= 8)
          n++;
      }
  return n;
}

/* Cells of the 13×20 board whose centre region shows a lit lamp (yellow:
 * strong red and green, little blue) somewhere. */
static int
lit_cells (HbBoardView *view, const HbShot *shot)
{
  HbLayout layout;
  int lit = 0, rgb[3];

  hb_board_view_get_layout (view, &layout);
  for (int y = 0; y < 20; y++)
    for (int x = 0; x < 13; x++)
      {
        gboolean yellow = FALSE;
        for (double f = 0.25; f <= 0.75; f += 0.25)
          {
            hb_app_test_pixel (shot, (int) (layout.x0 + (x + f) * layout.cell),
                               (int) (layout.y0 + (y + f) * layout.cell), rgb);
            if (rgb[0] > 180 && rgb[1] > 130 && rgb[2] < 110)
              yellow = TRUE;
          }
        lit += yellow;
      }
  return lit;
}

/* Whether the palette's row is to show (its revealer's aim, not its
 * animation). */
static gboolean
palette_row_wanted (HbWindow *window)
{
  GtkWidget *bar = GTK_WIDGET (hb_window_get_palette_bar (window));
  GtkWidget *revealer = gtk_widget_get_ancestor (bar, GTK_TYPE_REVEALER);

  g_assert_nonnull (revealer);
  return gtk_revealer_get_reveal_child (GTK_REVEALER (revealer));
}

/* A run with no generations to plot (arc consistency solved the level
 * before the first) ends without a chart; one with generations keeps it
 * (an empty chart with a dot at the origin showed before). */
static void
test_plot_needs_a_line (void)
{
  static const char *const levels[2] = {
    /* The reference 5x5 level arc consistency solves alone. */
    "R.G.Y\n..B.O\n.....\n.G.Y.\n.RBO.\n",
    NULL,
  };
  HbPlotView *plot;
  HbWindow *window = hb_app_test_window_new ();
  char *dir = g_dir_make_tmp ("hintboard-plot-XXXXXX", NULL);

  plot = hb_window_get_plot_view (window);
  for (int i = 0; i < 2; i++)
    {
      g_autofree char *path = g_build_filename (dir, i == 0 ? "ac.flow" : "ga.flow", NULL);
      g_autoptr (GFile) file = g_file_new_for_path (path);
      g_autofree char *text = NULL;
      const HbResult *r;

      if (levels[i] != NULL)
        text = g_strdup (levels[i]);
      else
        {
          /* 8x8 in 7 colours, seed 2: the genetic algorithm needs
           * generations there. */
          const HbGame *flow = hb_registry_find_game ("flow");
          HbGenerateParams params = { 8, 8, 7, 2, NULL };
          GError *error = NULL;
          HbState *level = flow->generate (&params, &error);

          g_assert_no_error (error);
          text = flow->write (level, HB_WRITE_NATIVE, &error);
          g_assert_no_error (error);
          hb_state_free (level);
        }
      g_assert_true (g_file_set_contents (path, text, -1, NULL));
      g_assert_true (hb_app_test_load (window, file));
      hb_window_set_mode (window, HB_MODE_PLAY);
      g_assert_true (hb_window_select_solver (window, "ga-paths"));
      /* A fixed seed: the test does not hang on a random one (the 8x8
       * took 2 to 12 generations over 400 seeds; seed 1 takes some). */
      gtk_editable_set_text (GTK_EDITABLE (hb_solver_panel_get_control (
                               hb_window_get_solver_panel (window), "seed")), "1");
      hb_window_solve (window);
      hb_app_test_wait (hb_app_test_not_solving, window, 60000, "the genetic algorithm");
      hb_app_test_settle (50);
      r = hb_window_get_result (window);
      g_assert_nonnull (r);
      g_test_message ("%s: %s, %s generations", path, hb_status_to_string (r->status),
                      hb_result_get_stat (r, "generations"));
      if (i == 0)
        {
          g_assert_cmpstr (hb_result_get_stat (r, "generations"), ==, "0");
          g_assert_false (gtk_widget_get_visible (GTK_WIDGET (plot)));
        }
      else
        {
          HbPlayerBar *bar = hb_window_get_player_bar (window);

          g_assert_cmpstr (hb_result_get_stat (r, "generations"), !=, "0");
          g_assert_true (gtk_widget_get_visible (GTK_WIDGET (plot)));
          /* Play keeps Flow Free's empty palette row (Edit's colours)
           * so the board stays put, but not while the plot takes room
           * beside or under the board (review: at 400 x 700 the two
           * left a 7 x 7 board 146 px wide). */
          g_assert_false (palette_row_wanted (window));
          /* Generations have no depth: the player shows none ("Depth 0"
           * showed before the first step and on the fixed cells). */
          g_assert_true (hb_window_is_playing_trace (window));
          hb_player_bar_set_playing (bar, FALSE);
          for (gsize p = 0; p < 4; p++)
            {
              hb_player_bar_seek (bar, p);
              g_assert_null (hb_player_bar_get_depth_text (bar));
            }
          /* The plot marks the generation the player shows, and goes
           * with the player (it stayed, the board shrunk beside it, after
           * the player closed and after the level changed). */
          {
            HbPlayer *player = hb_player_bar_get_player (bar);
            gsize len = hb_player_length (player);
            gboolean seen = FALSE;
            double x;

            for (gsize p = 1; p < len && !seen; p++)
              {
                const HbStep *step;

                hb_player_bar_seek (bar, p);
                step = hb_player_current_step (player);
                if (step->kind != HB_STEP_GENERATION)
                  {
                    g_assert_false (hb_plot_view_get_mark (plot, NULL));
                    continue;
                  }
                g_assert_true (hb_plot_view_get_mark (plot, &x));
                g_assert_cmpfloat (x, ==, (double) step->counter);
                seen = TRUE;
              }
            g_assert_true (seen);
            g_signal_emit_by_name (bar, "close");
            hb_app_test_settle (30);
            g_assert_false (gtk_widget_get_visible (GTK_WIDGET (plot)));
            g_assert_true (palette_row_wanted (window));
            hb_app_test_activate (window, "replay", NULL);
            hb_app_test_settle (30);
            g_assert_true (gtk_widget_get_visible (GTK_WIDGET (plot)));
            g_assert_false (palette_row_wanted (window));
          }
        }
      g_unlink (path);
    }
  g_rmdir (dir);
  g_free (dir);
  hb_app_test_window_close (window);
}

static gboolean
label_says (GtkWidget *widget, gconstpointer text)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0;
}

static gboolean
live_or_done (gpointer data)
{
  return !hb_window_is_solving (data)
         || hb_board_view_has_live_frame (hb_window_get_board_view (data));
}

static gboolean
not_playing_trace (gpointer data)
{
  return !hb_window_is_playing_trace (data);
}

/* A click on the board while the solver works says "cancel it (Escape)";
 * the first Escape pressed then only took that toast away (the toast
 * overlay's own Escape), the solve going on. It now stops the solve and
 * takes the toast with it; the next closes the player. */
static void
test_escape_past_toast (void)
{
  static const char said[] = "The board shows the solver at work: cancel it (Escape) to edit or play";
  HbWindow *window = hb_app_test_window_new ();
  HbBoardView *view = hb_window_get_board_view (window);
  char *dir;
  GFile *file = big_board (&dir);
  double px, py;

  g_assert_true (hb_app_test_load (window, file));
  hb_app_test_wait_hint (window);
  g_assert_true (hb_window_select_solver (window, "backtrack"));
  hb_app_test_x_focus (GTK_WINDOW (window));
  hb_window_solve (window);
  /* Until the board shows the solver at work: before its first frame a
   * click is a move on the level, which stops the solve ("Solving
   * stopped: the board changed"), and on a loaded machine the frame came
   * after the 100 ms this waited (the CI, two suites at once). */
  hb_app_test_wait (live_or_done, window, 20000, "the solver's first frame");
  hb_app_test_settle (100);
  if (!hb_window_is_solving (window))
    {
      g_test_skip ("the solve ended before the test could watch it");
      remove_board (file, dir);
      hb_app_test_window_close (window);
      return;
    }
  hb_app_test_cell_point (window, 0, 0, 0.5, 0.5, &px, &py);
  hb_board_view_simulate_click (view, px, py, 1);
  hb_app_test_settle (400);
  g_assert_cmpstr (hb_window_get_last_toast (window), ==, said);
  g_assert_nonnull (hb_app_test_find_where (GTK_WIDGET (window), label_says, said));
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (view)));
  if (!hb_app_test_x_key (GTK_WIDGET (window), GDK_KEY_Escape))
    {
      g_test_skip ("no X11 display with XTest");
      hb_window_cancel_solve (window);
      hb_app_test_wait (hb_app_test_not_solving, window, 20000, "the solver to stop");
      remove_board (file, dir);
      hb_app_test_window_close (window);
      return;
    }
  hb_app_test_wait (hb_app_test_not_solving, window, 10000, "Escape to stop the solver");
  hb_app_test_settle (600);
  g_assert_cmpint (hb_window_get_result (window)->status, ==, HB_STATUS_CANCELLED);
  g_assert_true (hb_window_is_playing_trace (window));
  g_assert_null (hb_app_test_find_where (GTK_WIDGET (window), label_says, said));
  hb_app_test_x_key (GTK_WIDGET (window), GDK_KEY_Escape);
  /* The key goes through the X server: waited for. */
  hb_app_test_wait (not_playing_trace, window, 20000, "Escape to close the player");
  remove_board (file, dir);
  hb_app_test_window_close (window);
}

static void
test_live_snapshot_and_plot (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbBoardView *view = hb_window_get_board_view (window);
  HbPlotView *plot = hb_window_get_plot_view (window);
  AdwStyleManager *style = adw_style_manager_get_default ();
  DrawWait wait = { window, 0 };
  HbSolveJob *job;
  HbTrace *trace;
  HbShot *before, *during, *p0, *p1;
  char *dir;
  GFile *file;
  int best, mean;

  file = big_board (&dir);
  g_assert_true (hb_app_test_load (window, file));
  hb_app_test_wait_hint (window);
  g_assert_true (hb_window_select_solver (window, "backtrack"));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (plot)));
  before = hb_app_test_shot (GTK_WIDGET (view));

  hb_window_solve (window);
  job = hb_window_get_solve_job (window);
  g_assert_nonnull (job);
  trace = hb_solve_job_get_trace (job);
  hb_app_test_settle (100);
  if (!hb_window_is_solving (window))
    {
      g_test_skip ("the solve ended before the test could watch it");
      hb_app_test_shot_free (before);
      remove_board (file, dir);
      hb_app_test_window_close (window);
      return;
    }
  /* The backtrack solver declares no series, so there is no plot. */
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (plot)));

  /* The solver publishes its board as its search holds it (a frame of the
   * game's own type); the live view's tick draws it in place of the board.
   * The search darkens the columns behind its front: fewer lamps lit. */
  hb_app_test_wait (live_drawn, &wait, 10000, "the live snapshot to be drawn");
  hb_app_test_settle (50);
  during = hb_app_test_shot (GTK_WIDGET (view));
  g_assert_true (shots_differ (before, during));
  g_assert_cmpint (lit_cells (view, before), >, 0);
  g_test_message ("lit: %d on the level, %d live", lit_cells (view, before),
                  lit_cells (view, during));
  hb_app_test_save (GTK_WIDGET (window), "live-snapshot");
  /* The status line under it says what the board shows, the solver's
   * progress, with the sidebar open too (it counted the level's lamps
   * under the solver's board: a newcomer's look). */
  hb_app_test_wait (status_shows_progress, window, 10000, "the status line to show the progress");
  /* A click on the board while it shows the solve at work moves nothing
   * and says how to get the board back (in Edit it did nothing, unsaid). */
  {
    const HbState *level = hb_window_get_state (window);
    double px, py;

    hb_window_set_mode (window, HB_MODE_EDIT);
    hb_app_test_cell_point (window, 0, 0, 0.5, 0.5, &px, &py);
    hb_board_view_simulate_click (view, px, py, 1);
    hb_app_test_settle (30);
    g_assert_true (hb_window_get_state (window) == level);
    g_assert_cmpstr (hb_window_get_last_toast (window), ==,
                     "The board shows the solver at work: cancel it (Escape) to edit or play");
    g_assert_true (hb_window_is_solving (window));
  }

  /* Series appear in the trace: the plot shows beside the board and is
   * redrawn as points arrive. */
  {
    int s_best = hb_trace_add_series (trace, N_("best"), N_("generation"));
    int s_mean = hb_trace_add_series (trace, N_("mean"), N_("generation"));
    for (int g = 0; g < 20; g++)
      {
        hb_trace_series_push (trace, s_best, g, 100 - 4 * g);
        hb_trace_series_push (trace, s_mean, g, 120 - 3 * g);
      }
    hb_app_test_wait (plot_drawn, &wait, 10000, "the plot");
    hb_app_test_settle (150);
    wait.draws = hb_plot_view_get_draw_count (plot);
    p0 = hb_app_test_shot (GTK_WIDGET (plot));
    for (int g = 20; g < 40; g++)
      {
        hb_trace_series_push (trace, s_best, g, 20 - 0.5 * (g - 20));
        hb_trace_series_push (trace, s_mean, g, 60 - (g - 20));
      }
    hb_app_test_wait (plot_drawn, &wait, 10000, "the plot to follow new points");
    hb_app_test_settle (50);
    p1 = hb_app_test_shot (GTK_WIDGET (plot));
    g_assert_true (shots_differ (p0, p1));
    best = series_pixels (p1, 0, FALSE);
    mean = series_pixels (p1, 1, FALSE);
    g_test_message ("light: %d best pixels, %d mean pixels", best, mean);
    g_assert_cmpint (best, >, 50);
    g_assert_cmpint (mean, >, 50);
    hb_app_test_shot_free (p0);
    hb_app_test_shot_free (p1);
  }

  /* Cancelled: the live frame goes, the result keeps its trace and the plot
   * stays with it, readable in the dark style too. */
  hb_app_test_activate (window, "cancel", NULL);
  hb_app_test_wait (hb_app_test_not_solving, window, 20000, "the solver to stop");
  hb_app_test_settle (50);
  g_assert_false (hb_board_view_has_live_frame (view));
  g_assert_nonnull (hb_window_get_trace (window));
  g_assert_true (hb_plot_view_get_trace (plot) == hb_window_get_trace (window));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (plot)));
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  wait.draws = hb_plot_view_get_draw_count (plot);
  hb_app_test_wait (plot_drawn, &wait, 10000, "the plot in the dark style");
  hb_app_test_settle (100);
  p1 = hb_app_test_shot (GTK_WIDGET (plot));
  best = series_pixels (p1, 0, TRUE);
  g_test_message ("dark: %d best pixels", best);
  g_assert_cmpint (best, >, 50);
  hb_app_test_save (GTK_WIDGET (window), "live-plot-dark");
  hb_app_test_shot_free (p1);
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);

  /* A new level drops the result and the plot with it; a blank board is
   * one to draw, so it opens in Edit, from Play too. */
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_activate (window, "new", NULL);
  hb_app_test_settle (50);
  g_assert_cmpint (hb_window_get_mode (window), ==, HB_MODE_EDIT);
  g_assert_null (hb_window_get_trace (window));
  g_assert_null (hb_plot_view_get_trace (plot));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (plot)));

  hb_app_test_shot_free (before);
  hb_app_test_shot_free (during);
  remove_board (file, dir);
  hb_app_test_window_close (window);
}

int
main (int argc, char *argv[])
{
  hb_app_test_init (&argc, &argv);
  g_test_add_func ("/app/live/settings-controls", test_settings_controls);
  g_test_add_func ("/app/live/seed-row", test_seed_row);
  g_test_add_func ("/app/live/stochastic-seed", test_stochastic_seed);
  g_test_add_func ("/app/live/seed-trimmed", test_seed_trimmed);
  g_test_add_func ("/app/live/snapshot-and-plot", test_live_snapshot_and_plot);
  g_test_add_func ("/app/live/plot-needs-a-line", test_plot_needs_a_line);
  g_test_add_func ("/app/live/escape-past-toast", test_escape_past_toast);
  return g_test_run ();
}
