/* test-app-solve.c: solving off the main thread and the player. The
 * backtracking solver records a trace; the player steps forward and back
 * (the description and the step label follow, the canvas changes); the
 * answer is checked with an independent press check; a long solve can be
 * cancelled while the window keeps running. */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "hb-app-test.h"
#include "hb-board-view.h"
#include "hb-player-bar.h"
#include "hb-solver-panel.h"
#include "hb-window-private.h"
#include "flood.h"
#include "lights.h"

static void
activate (HbWindow *window, const char *action)
{
  hb_app_test_activate (window, action, NULL);
  hb_app_test_settle (30);
}

/* The answer's presses switch every light of the initial board off. */
static void
check_answer (const HbState *initial, const HbResult *result)
{
  const LightsState *s = LIGHTS_CONST (initial);
  int w = initial->width, h = initial->height;
  guint8 *press = g_new0 (guint8, w * h);

  for (guint i = 0; i < result->moves->len; i++)
    {
      const HbMove *m = &g_array_index (result->moves, HbMove, i);
      g_assert_cmpint (m->op, ==, LIGHTS_OP_PRESS);
      g_assert_cmpint (m->x, >=, 0);
      g_assert_cmpint (m->x, <, w);
      g_assert_cmpint (m->y, >=, 0);
      g_assert_cmpint (m->y, <, h);
      press[m->y * w + m->x] ^= 1;
    }
  g_assert_true (lights_check_presses (s->cells, press, w, h));
  g_free (press);
}

static gboolean
shots_differ (const HbShot *a, const HbShot *b)
{
  g_assert_cmpint (a->width, ==, b->width);
  g_assert_cmpint (a->height, ==, b->height);
  return memcmp (a->data, b->data, a->stride * a->height) != 0;
}

static void
test_backtrack_and_player (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkWidget *view = GTK_WIDGET (hb_window_get_board_view (window));
  HbPlayerBar *bar = hb_window_get_player_bar (window);
  const HbResult *result;
  char *step0, *step1_desc, *expect;
  HbShot *shot0, *shot1, *shot_end;
  gsize len;

  g_assert_true (hb_window_select_solver (window, "backtrack"));
  g_assert_cmpstr (hb_window_get_solver (window)->id, ==, "backtrack");
  g_assert_false (hb_window_select_solver (window, "no-such-solver"));

  hb_window_solve (window);
  g_assert_true (hb_window_is_solving (window));
  hb_app_test_wait (hb_app_test_not_solving, window, 120000, "the solver");
  hb_app_test_settle (100);

  result = hb_window_get_result (window);
  g_assert_nonnull (result);
  g_assert_cmpint (result->status, ==, HB_STATUS_SOLVED);
  g_assert_true (hb_window_get_game (window)->equal (hb_window_get_result_initial (window),
                                                     hb_window_get_state (window)));
  check_answer (hb_window_get_result_initial (window), result);

  /* The player opened on the recorded steps and plays them by itself;
   * stopped and back at the start for the checks below. */
  g_assert_true (hb_window_is_playing_trace (window));
  g_assert_true (hb_player_bar_get_playing (bar));
  hb_player_bar_set_playing (bar, FALSE);
  hb_player_bar_seek (bar, 0);
  hb_app_test_settle (100);
  /* The label counts the search's steps; the player has one position more
   * after them, the answer (test-app-player.c). */
  len = hb_trace_length (hb_window_get_trace (window));
  g_assert_cmpuint (hb_player_length (hb_player_bar_get_player (bar)), ==, len + 1);
  g_assert_cmpuint (len, >, 2);
  expect = g_strdup_printf ("Step 0 / %" G_GSIZE_FORMAT, len);
  g_assert_cmpstr (hb_player_bar_get_step_text (bar), ==, expect);
  g_free (expect);
  /* Before the first step there is no depth to show. */
  g_assert_null (hb_player_bar_get_depth_text (bar));
  step0 = g_strdup (hb_player_bar_get_description (bar));
  shot0 = hb_app_test_shot (view);

  activate (window, "player-forward");
  expect = g_strdup_printf ("Step 1 / %" G_GSIZE_FORMAT, len);
  g_assert_cmpstr (hb_player_bar_get_step_text (bar), ==, expect);
  g_free (expect);
  /* A search's steps have their depth. */
  g_assert_true (g_str_has_prefix (hb_player_bar_get_depth_text (bar), "Depth "));
  step1_desc = g_strdup (hb_player_bar_get_description (bar));
  g_assert_cmpstr (step1_desc, !=, step0);
  g_assert_cmpstr (step1_desc, !=, "");
  shot1 = hb_app_test_shot (view);
  /* The current step is marked on the canvas. */
  g_assert_true (shots_differ (shot0, shot1));

  activate (window, "player-forward");
  expect = g_strdup_printf ("Step 2 / %" G_GSIZE_FORMAT, len);
  g_assert_cmpstr (hb_player_bar_get_step_text (bar), ==, expect);
  g_free (expect);

  activate (window, "player-back");
  expect = g_strdup_printf ("Step 1 / %" G_GSIZE_FORMAT, len);
  g_assert_cmpstr (hb_player_bar_get_step_text (bar), ==, expect);
  g_free (expect);
  g_assert_cmpstr (hb_player_bar_get_description (bar), ==, step1_desc);

  /* Playing advances on its own (speed × time), then pauses. */
  hb_player_bar_set_speed (bar, 20);
  g_assert_true (hb_window_get_action_enabled (window, "player-toggle"));
  hb_app_test_activate (window, "player-toggle", NULL);
  g_assert_true (hb_player_bar_get_playing (bar));
  hb_app_test_settle (300);
  if (hb_player_bar_get_playing (bar))
    hb_app_test_activate (window, "player-toggle", NULL);
  g_assert_false (hb_player_bar_get_playing (bar));
  g_assert_cmpuint (hb_player_position (hb_player_bar_get_player (bar)), >=, MIN (len, 3));
  g_test_message ("trace: %" G_GSIZE_FORMAT " steps", len);

  /* Mid-way, for the lead to look at, in both styles. */
  hb_player_bar_seek (bar, len / 2);
  hb_app_test_settle (100);
  hb_app_test_save (GTK_WIDGET (window), "player-backtrack-light");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      ADW_COLOR_SCHEME_FORCE_DARK);
  hb_app_test_settle (200);
  hb_app_test_save (GTK_WIDGET (window), "player-backtrack-dark");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      ADW_COLOR_SCHEME_DEFAULT);
  hb_app_test_settle (200);

  activate (window, "player-end");
  shot_end = hb_app_test_shot (view);
  g_assert_true (shots_differ (shot0, shot_end));
  hb_app_test_shot_free (shot0);
  hb_app_test_shot_free (shot1);
  hb_app_test_shot_free (shot_end);

  /* A click on the board while it shows the run moves nothing and says
   * how to get the board back. */
  {
    const HbState *before = hb_window_get_state (window);
    double px, py;
    hb_app_test_cell_point (window, 0, 0, 0.5, 0.5, &px, &py);
    hb_board_view_simulate_click (hb_window_get_board_view (window), px, py, 1);
    hb_app_test_settle (30);
    g_assert_true (hb_window_get_state (window) == before);
    g_assert_cmpstr (hb_window_get_last_toast (window), ==,
                     "The board shows the solver's run: close the player (Escape) to edit");
  }

  /* Escape leaves the player; Replay comes back to it. */
  activate (window, "cancel");
  g_assert_false (hb_window_is_playing_trace (window));
  activate (window, "replay");
  g_assert_true (hb_window_is_playing_trace (window));
  /* ...playing from the start, as after Solve. */
  g_assert_true (hb_player_bar_get_playing (hb_window_get_player_bar (window)));
  hb_player_bar_set_playing (hb_window_get_player_bar (window), FALSE);

  /* Applying the solution solves the board, as one undo step (and leaves
   * the player). From Edit it switches to Play first: the answer is
   * played, so the design is not changed (it used to be offered in Play
   * only, the button greyed in Edit). */
  hb_window_set_mode (window, HB_MODE_EDIT);
  g_assert_false (hb_window_get_modified (window));
  g_assert_true (hb_window_get_action_enabled (window, "apply-solution"));
  activate (window, "apply-solution");
  g_assert_cmpint (hb_window_get_mode (window), ==, HB_MODE_PLAY);
  g_assert_false (hb_window_is_playing_trace (window));
  g_assert_true (hb_window_get_game (window)->is_solved (hb_window_get_state (window)));
  g_assert_false (hb_window_get_modified (window));
  activate (window, "undo");
  g_assert_true (hb_window_get_game (window)->equal (hb_window_get_result_initial (window),
                                                     hb_window_get_state (window)));

  g_free (step0);
  g_free (step1_desc);
  hb_app_test_window_close (window);
}

/* Solves with `solver_id` and cancels after `ms` of the main loop, as
 * Escape does; TRUE when the solve was still running then. */
static gboolean
solve_then_cancel (HbWindow *window, const char *solver_id, guint ms)
{
  gboolean was_running;

  g_assert_true (hb_window_select_solver (window, solver_id));
  hb_window_solve (window);
  hb_app_test_settle (ms);
  was_running = hb_window_is_solving (window);
  activate (window, "cancel");
  hb_app_test_wait (hb_app_test_not_solving, window, 20000, "the solver to stop");
  hb_app_test_settle (50);
  return was_running;
}

static void
test_cancel (void)
{
  HbWindow *window = hb_app_test_window_new ();
  char *dir = g_dir_make_tmp ("hintboard-app-XXXXXX", NULL);
  char *path = g_build_filename (dir, "big.lights", NULL);
  GString *text = g_string_new (NULL);
  HbRng rng;
  GFile *file;
  gboolean was_running;

  /* A 13×20 board: the pruned backtracking runs its search step about
   * 2^20 × 240 times, far longer than the moment the test gives it (and
   * under the solver's own limit, so it does start). */
  hb_rng_init (&rng, 7);
  for (int y = 0; y < 20; y++)
    {
      for (int x = 0; x < 13; x++)
        g_string_append_c (text, hb_rng_below (&rng, 2) ? '1' : '0');
      g_string_append_c (text, '\n');
    }
  g_assert_true (g_file_set_contents (path, text->str, text->len, NULL));
  file = g_file_new_for_path (path);
  g_assert_true (hb_app_test_load (window, file));
  hb_app_test_wait_hint (window);

  /* The main loop keeps running while the worker thinks. */
  was_running = solve_then_cancel (window, "backtrack", 300);
  g_assert_nonnull (hb_window_get_result (window));
  g_test_message ("status %s: %s", hb_status_to_string (hb_window_get_result (window)->status),
                  hb_window_get_result (window)->message);
  if (was_running)
    {
      HbPlayerBar *bar = hb_window_get_player_bar (window);
      HbPlayer *player = hb_player_bar_get_player (bar);

      g_assert_cmpint (hb_window_get_result (window)->status, ==, HB_STATUS_CANCELLED);
      /* The run shows where it stopped, paused: Play replays it. */
      g_assert_nonnull (player);
      g_assert_true (hb_window_is_playing_trace (window));
      g_assert_false (hb_player_bar_get_playing (bar));
      g_assert_cmpuint (hb_player_position (player), ==, hb_player_length (player));
      /* Cut short of its recording (a million steps in the first moments),
       * it rests on the board last seen, after the last step recorded, not
       * on the step at the cut. */
      g_test_message ("trace cut: %d", hb_trace_truncated (hb_window_get_trace (window)));
      if (hb_trace_truncated (hb_window_get_trace (window)))
        {
          g_assert_nonnull (hb_trace_get_stop_frame (hb_window_get_trace (window)));
          g_assert_true (hb_player_at_stop (player));
          g_assert_cmpuint (hb_player_length (player), ==,
                            hb_trace_length (hb_window_get_trace (window)) + 1);
        }
      else
        g_assert_false (hb_player_at_stop (player));
    }
  else
    g_test_message ("the solve ended before it could be cancelled");

  /* A new run clears the last one's result at once: it must not read as
   * the new run's answer while that one starts. */
  hb_window_solve (window);
  g_assert_null (hb_window_get_result (window));
  activate (window, "cancel");
  hb_app_test_wait (hb_app_test_not_solving, window, 20000, "the solver to stop");
  hb_app_test_settle (50);

  /* Another level opened during a solve stops it without a word: the
   * solve is stopped as the level is left, before the board changes (a
   * toast said "Solving stopped: the board changed", review). Undo
   * during a solve still says so. */
  hb_window_solve (window);
  hb_window_show_toast (window, "a toast before");
  g_assert_true (hb_window_is_solving (window));
  g_assert_true (hb_app_test_load (window, file));
  /* (On a loaded machine the opening can take long enough to show its
   * own "Opening “big.lights”…" toast, as the CI under AddressSanitizer
   * did: that one is fine, a "Solving stopped" one is not; a quick
   * opening, the usual case, still leaves the toast before.) */
  if (!g_str_has_prefix (hb_window_get_last_toast (window), "Opening "))
    g_assert_cmpstr (hb_window_get_last_toast (window), ==, "a toast before");
  hb_app_test_wait (hb_app_test_not_solving, window, 20000, "the solver to stop");
  hb_app_test_settle (50);
  hb_app_test_click_cell (window, 0, 0, 1);
  hb_app_test_settle (30);
  hb_window_solve (window);
  g_assert_true (hb_window_is_solving (window));
  activate (window, "undo");
  g_assert_cmpstr (hb_window_get_last_toast (window), ==, "Solving stopped: the board changed");
  hb_app_test_wait (hb_app_test_not_solving, window, 20000, "the solver to stop");
  hb_app_test_settle (50);

  g_object_unref (file);
  g_unlink (path);
  g_rmdir (dir);
  g_free (path);
  g_free (dir);
  g_string_free (text, TRUE);
  hb_app_test_window_close (window);
}

/* A level left while its solver runs is left without a word, also when
 * the solver had just finished: its answer, on its way to the window as
 * the user moved on (Random, another game, a file opened), came in after
 * and said "The answer was set aside: the board changed while the solver
 * ran", about a board no longer shown and a job the user had left. An
 * edit that stops it says so once ("Solving stopped: …"), not twice. */
static void
test_left_level_no_word (void)
{
  HbWindow *window = hb_app_test_window_new ();

  for (int how = 0; how < 3; how++)
    {
      g_assert_true (hb_window_select_solver (window, "gf2"));
      hb_window_solve (window);
      g_assert_true (hb_window_is_solving (window));
      /* The answer is found and on its way; the main loop has not yet
       * run to deliver it when the user acts. */
      g_usleep (300000);
      hb_window_show_toast (window, "a toast before");
      if (how == 0)
        hb_app_test_activate (window, "random", NULL);
      else if (how == 1)
        {
          hb_app_test_activate (window, "undo", NULL);
          g_assert_cmpstr (hb_window_get_last_toast (window), ==,
                           "Solving stopped: the board changed");
          hb_window_show_toast (window, "a toast before");
        }
      else
        g_assert_true (hb_window_select_game (window, "loop"));
      hb_app_test_wait (hb_app_test_not_solving, window, 20000, "the solver to stop");
      hb_app_test_settle (50);
      /* (Random says its own, with its Undo; nothing after it.) */
      g_assert_cmpstr (hb_window_get_last_toast (window), ==,
                       how == 0 ? "New random level" : "a toast before");
      g_assert_null (hb_window_get_result (window));
      if (how == 0)
        {
          /* Something to undo for the next round. */
          hb_window_set_mode (window, HB_MODE_EDIT);
          hb_app_test_click_cell (window, 0, 0, 1);
          hb_app_test_settle (30);
        }
    }
  hb_app_test_window_close (window);
  hb_app_test_reset_last_game ();
}

/* Solving from a settings field (Ctrl+Return after typing a step limit)
 * greys the settings out while the solver runs, and the focus leaves them
 * for the Solve button, now Cancel: it stayed in the greyed field, where
 * no key reached it, and GTK warned on stderr ("GtkText - did not receive
 * a focus-out event") when the field's cursor next blinked. */
static void
test_solve_from_settings_field (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbSolverPanel *panel = hb_window_get_solver_panel (window);
  GtkWidget *limit, *focus;

  g_assert_true (hb_window_select_solver (window, "backtrack"));
  limit = hb_solver_panel_get_control (panel, "node-limit");
  g_assert_true (GTK_IS_SPIN_BUTTON (limit));
  gtk_widget_grab_focus (limit);
  hb_app_test_settle (50);
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_nonnull (focus);
  g_assert_true (focus == limit || gtk_widget_is_ancestor (focus, limit));

  hb_app_test_activate (window, "solve", NULL);
  g_assert_true (hb_window_is_solving (window));
  g_assert_false (gtk_widget_is_sensitive (limit));
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_nonnull (focus);
  g_assert_true (gtk_widget_is_sensitive (focus));
  g_assert_false (focus == limit || gtk_widget_is_ancestor (focus, limit));
  /* A cursor blink's time, with warnings fatal. */
  hb_app_test_settle (1500);
  hb_app_test_activate (window, "cancel", NULL);
  hb_app_test_wait (hb_app_test_not_solving, window, 20000, "the solver to stop");
  hb_app_test_settle (50);
  hb_app_test_window_close (window);
}

static gboolean
is_apply_button (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_BUTTON (widget)
         && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), "_Apply Solution") == 0;
}

/* Replay, greyed out, says why in its tooltip (it said only "Watch the
 * Solver Again", as when it could be used). */
static void
test_replay_says_why (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkWidget *replay = hb_app_test_find_where (GTK_WIDGET (window), hb_app_test_is_action_button,
                                             "win.replay");

  g_assert_nonnull (replay);
  g_assert_false (hb_window_get_action_enabled (window, "replay"));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (replay), ==,
                   "Solve the level first: there is no run to watch");
  hb_app_test_solve_and_play (window, "backtrack");
  activate (window, "cancel");
  g_assert_true (hb_window_get_action_enabled (window, "replay"));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (replay), ==, "Watch the Solver Again");
  /* Another game's level: the run is not its (the result goes with the
   * level). */
  g_assert_true (hb_window_select_game (window, "loop"));
  hb_app_test_wait_hint (window);
  g_assert_false (hb_window_get_action_enabled (window, "replay"));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (replay), ==,
                   "Solve the level first: there is no run to watch");
  hb_app_test_window_close (window);
  hb_app_test_reset_last_game ();
}

/* Apply Solution, greyed out before any solve, says the level is to be
 * solved first: it said "The solver found no answer to apply", of a
 * solver that had not run. After a run that found none it says so. */
static void
test_apply_says_why (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkWidget *apply = hb_app_test_find_where (GTK_WIDGET (window), is_apply_button, NULL);

  g_assert_nonnull (apply);
  g_assert_false (hb_window_get_action_enabled (window, "apply-solution"));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (apply), ==,
                   "Solve the level first: there is no answer to apply");
  hb_app_test_solve_and_play (window, "backtrack");
  activate (window, "cancel");
  hb_app_test_wait (hb_app_test_not_solving, window, 20000, "the solver to stop");
  hb_app_test_settle (30);
  if (hb_window_get_result (window)->status != HB_STATUS_SOLVED)
    g_assert_cmpstr (gtk_widget_get_tooltip_text (apply), ==,
                     "The solver found no answer to apply");
  /* Another game's level: the answer is not its. */
  g_assert_true (hb_window_select_game (window, "loop"));
  hb_app_test_wait_hint (window);
  g_assert_false (hb_window_get_action_enabled (window, "apply-solution"));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (apply), ==,
                   "Solve the level first: there is no answer to apply");
  hb_app_test_window_close (window);
  hb_app_test_reset_last_game ();
}

/* Stopping Flood-It's optimal search while it proves: the best answer it
 * had stands, not proven, and Apply Solution applies it (it used to be a
 * "Cancelled" with nothing to apply). */
static void
test_cancel_keeps_best (void)
{
  HbWindow *window = hb_app_test_window_new ();
  /* 22×22 in six colours: the proof runs about 12 s (it ends at the
   * memory bound); the first answer comes in tens of milliseconds. */
  HbGenerateParams p = { 22, 22, 6, 1 };
  HbState *level = flood_game.generate (&p, NULL);
  char *text = flood_game.write (level, HB_WRITE_NATIVE, NULL);
  const HbResult *r;
  gboolean was_running;

  hb_app_test_open_text (window, "slow.flood", text);
  g_assert_cmpstr (hb_window_get_game (window)->id, ==, "flood");
  was_running = solve_then_cancel (window, "optimal", 800);
  r = hb_window_get_result (window);
  g_assert_nonnull (r);
  g_test_message ("status %s: %s", hb_status_to_string (r->status), r->message);
  g_assert_cmpint (r->status, ==, HB_STATUS_SOLVED);
  if (was_running)
    {
      HbPlayerBar *bar = hb_window_get_player_bar (window);
      HbPlayer *player = hb_player_bar_get_player (bar);

      g_assert_false (r->optimal);
      g_assert_nonnull (strstr (r->message, "you stopped the search"));
      /* The row says it in view, not only under the fold. */
      {
        const char *v = hb_solver_panel_get_verdict (hb_window_get_solver_panel (window));
        g_assert_true (g_str_has_prefix (v, "Solved: "));
        g_assert_true (g_str_has_suffix (v, " moves (not proven optimal)"));
      }
      /* Stopped, it rests where it stopped, as any stopped run: paused at
       * its end, where the answer is (not playing from the start). */
      g_assert_nonnull (player);
      g_assert_false (hb_player_bar_get_playing (bar));
      g_assert_cmpuint (hb_player_position (player), ==, hb_player_length (player));
    }
  else
    g_test_message ("the solve ended before it could be stopped");
  if (hb_window_is_playing_trace (window))
    activate (window, "cancel");
  g_assert_true (hb_window_get_action_enabled (window, "apply-solution"));
  activate (window, "apply-solution");
  g_assert_true (hb_window_get_game (window)->is_solved (hb_window_get_state (window)));
  g_assert_cmpint (FLOOD_CONST (hb_window_get_state (window))->moves, ==, (int) r->moves->len);
  /* Applied, the button says so (it said the board had changed). */
  {
    GtkWidget *apply = hb_app_test_find_where (GTK_WIDGET (window), is_apply_button, NULL);
    g_assert_nonnull (apply);
    g_assert_false (gtk_widget_get_sensitive (apply));
    g_assert_cmpstr (gtk_widget_get_tooltip_text (apply), ==, "The answer is on the board");
  }
  /* The next window opens on the last game's level: Enlight, as the other
   * tests here expect. */
  g_assert_false (hb_window_get_modified (window));
  g_assert_true (hb_window_select_game (window, "lights"));
  hb_app_test_wait_hint (window);

  g_free (text);
  hb_state_free (level);
  hb_app_test_window_close (window);
}

/* The result shown says, once the board changed, that it is about the
 * board as it was; undoing the change takes the note away. */
static void
test_result_for_the_board_solved (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbSolverPanel *panel = hb_window_get_solver_panel (window);
  double px, py;

  hb_app_test_solve_and_play (window, "gf2");
  g_signal_emit_by_name (hb_window_get_player_bar (window), "close");
  hb_app_test_settle (30);
  g_assert_null (hb_solver_panel_get_result_note (panel));

  /* One press in Play mode: another board. */
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (30);
  hb_app_test_cell_point (window, 0, 0, 0.5, 0.5, &px, &py);
  hb_board_view_simulate_click (hb_window_get_board_view (window), px, py, 1);
  hb_app_test_settle (50);
  g_assert_cmpstr (hb_solver_panel_get_result_note (panel), ==,
                   "For the board as it was when the solver ran");
  g_assert_false (hb_window_get_action_enabled (window, "apply-solution"));

  activate (window, "undo");
  g_assert_null (hb_solver_panel_get_result_note (panel));

  /* Another solver chosen: the result says whose it is (it read as the
   * new one's); chosen back, the line goes. */
  g_assert_true (hb_window_select_solver (window, "backtrack"));
  hb_app_test_settle (30);
  g_assert_cmpstr (hb_solver_panel_get_result_note (panel), ==, "By Linear algebra over GF(2)");
  g_assert_true (hb_window_select_solver (window, "gf2"));
  hb_app_test_settle (30);
  g_assert_null (hb_solver_panel_get_result_note (panel));
  hb_app_test_window_close (window);
}

static gboolean
flap_folded (gpointer data)
{
  return adw_flap_get_folded (HB_WINDOW (data)->flap);
}

/* In a narrow window the sidebar lies over the board; Solve folds it away
 * so the run shows (it played hidden under it), and the board takes the
 * keys (Escape cancels). */
static void
test_solve_folds_sidebar (void)
{
  HbWindow *window = hb_app_test_window_new ();

  gtk_window_set_default_size (GTK_WINDOW (window), 400, HB_TEST_HEIGHT);
  hb_app_test_wait (flap_folded, window, 10000, "the sidebar to fold");
  adw_flap_set_reveal_flap (window->flap, TRUE);
  hb_app_test_settle (50);
  hb_app_test_activate (window, "solve", NULL);
  g_assert_false (adw_flap_get_reveal_flap (window->flap));
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == GTK_WIDGET (hb_window_get_board_view (window)));
  hb_app_test_wait (hb_app_test_not_solving, window, 60000, "the solver");
  hb_app_test_settle (50);

  /* Replay and Apply Solution from the sidebar over the board fold it
   * too (the answer applied under it went unseen: review). */
  adw_flap_set_reveal_flap (window->flap, TRUE);
  hb_app_test_settle (50);
  hb_app_test_activate (window, "replay", NULL);
  g_assert_false (adw_flap_get_reveal_flap (window->flap));
  adw_flap_set_reveal_flap (window->flap, TRUE);
  hb_app_test_settle (50);
  g_assert_true (hb_window_get_action_enabled (window, "apply-solution"));
  hb_app_test_activate (window, "apply-solution", NULL);
  g_assert_false (adw_flap_get_reveal_flap (window->flap));
  hb_app_test_window_close (window);
}

/* The sidebar over the board takes the keys as it opens, Tab never goes
 * to the covered board or player (Enter turned a hidden tile: review),
 * and the board has them again as it closes. */
static void
test_sidebar_over_board_focus (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkWidget *board = GTK_WIDGET (hb_window_get_board_view (window));
  GtkWidget *side = adw_flap_get_flap (window->flap);
  GtkWidget *content = adw_flap_get_content (window->flap);

  gtk_window_set_default_size (GTK_WINDOW (window), 400, HB_TEST_HEIGHT);
  hb_app_test_wait (flap_folded, window, 10000, "the sidebar to fold");
  gtk_widget_grab_focus (board);
  hb_app_test_activate (window, "toggle-sidebar", NULL);
  hb_app_test_settle (50);
  g_assert_true (adw_flap_get_reveal_flap (window->flap));
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), side));
  for (int i = 0; i < 120; i++)
    {
      GtkWidget *focus;

      g_signal_emit_by_name (window, "move-focus", GTK_DIR_TAB_FORWARD);
      focus = gtk_root_get_focus (GTK_ROOT (window));
      if (focus != NULL && (focus == content || gtk_widget_is_ancestor (focus, content)))
        g_error ("Tab %d went under the sidebar, to a %s", i + 1, G_OBJECT_TYPE_NAME (focus));
    }
  hb_app_test_activate (window, "toggle-sidebar", NULL);
  hb_app_test_settle (50);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == board);
  hb_app_test_window_close (window);
}

/* The same with animations on, as the app runs: the sidebar's controls
 * are not shown yet as it starts to slide in, and its scroller took the
 * keys itself (no ring; the next Tab went to the header: a keyboard-only
 * look at 400 px). From the board and from a header button (the main
 * menu's, after Escape closed it), a control of the sidebar has them. */
static void
test_sidebar_over_board_focus_animated (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkWidget *side = adw_flap_get_flap (window->flap);
  GtkWidget *from[] = { GTK_WIDGET (window->main_menu_button),
                        GTK_WIDGET (hb_window_get_board_view (window)) };

  gtk_window_set_default_size (GTK_WINDOW (window), 400, HB_TEST_HEIGHT);
  hb_app_test_wait (flap_folded, window, 10000, "the sidebar to fold");
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (from); i++)
    {
      GtkWidget *focus;

      g_assert_true (gtk_widget_grab_focus (from[i]));
      hb_app_test_activate (window, "toggle-sidebar", NULL);
      hb_app_test_settle (600);
      g_assert_true (adw_flap_get_reveal_flap (window->flap));
      focus = gtk_root_get_focus (GTK_ROOT (window));
      g_test_message ("from a %s, the keys are on a %s", G_OBJECT_TYPE_NAME (from[i]),
                      focus != NULL ? G_OBJECT_TYPE_NAME (focus) : "nothing");
      g_assert_nonnull (focus);
      g_assert_true (focus != side && gtk_widget_is_ancestor (focus, side));
      g_assert_true (gtk_widget_get_mapped (focus));
      hb_app_test_activate (window, "toggle-sidebar", NULL);
      hb_app_test_settle (600);
    }
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  hb_app_test_window_close (window);
}

static gboolean label_says (GtkWidget *widget, gconstpointer text);

/* A toast with a button shown in a wide window lets the window go down
 * as far as it goes without one: its words are fitted again as the
 * window narrows (the window stopped at 634 px while a win's toast
 * showed: review). */
static void
test_toast_lets_window_narrow (void)
{
  HbWindow *window = hb_app_test_window_new ();
  int base = 0, min = 0;

  gtk_window_set_default_size (GTK_WINDOW (window), 370, HB_TEST_HEIGHT);
  hb_app_test_wait (flap_folded, window, 10000, "the sidebar to fold");
  hb_app_test_settle (300);
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &base, NULL, NULL, NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, HB_TEST_HEIGHT);
  hb_app_test_settle (300);
  hb_window_show_toast_button (window, "Solved in 14 moves and 1:04, with 2 hints, and more words",
                               "_Next Level", "win.next-level", 10);
  hb_app_test_settle (300);
  gtk_window_set_default_size (GTK_WINDOW (window), 370, HB_TEST_HEIGHT);
  hb_app_test_wait (flap_folded, window, 10000, "the sidebar to fold");
  hb_app_test_settle (300);
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  g_test_message ("least width, narrow: %d without the toast, %d with it", base, min);
  g_assert_cmpint (min, <=, base);
  /* Wide again, its words are given a line again (they were fitted to the
   * column's old, narrow width, and wrapped at 1400 px). */
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, HB_TEST_HEIGHT);
  hb_app_test_settle (300);
  {
    GtkWidget *label = hb_app_test_find_where (GTK_WIDGET (window), label_says,
                                               "Solved in 14 moves and 1:04, with 2 hints, and more words");
    g_assert_nonnull (label);
    g_assert_cmpint (gtk_label_get_width_chars (GTK_LABEL (label)), >, 40);
  }
  hb_app_test_window_close (window);
}

/* A toast without a button, shown in a wide window that then narrows to
 * 400 px, is fitted again too (an import's summary ran off the window,
 * its close button cut: review). */
static void
test_plain_toast_refits (void)
{
  HbWindow *window = hb_app_test_window_new ();
  const char *text = "Flow Free, 9×6, 9 colours, 3 cells unsure, and more words";
  GtkWidget *label;

  hb_window_show_toast (window, text);
  hb_app_test_settle (300);
  label = hb_app_test_find_where (GTK_WIDGET (window), label_says, text);
  g_assert_nonnull (label);
  g_test_message ("wide: %d chars", gtk_label_get_max_width_chars (GTK_LABEL (label)));
  g_assert_cmpint (gtk_label_get_max_width_chars (GTK_LABEL (label)), >, 50);
  gtk_window_set_default_size (GTK_WINDOW (window), 400, HB_TEST_HEIGHT);
  hb_app_test_wait (flap_folded, window, 10000, "the sidebar to fold");
  hb_app_test_settle (300);
  g_test_message ("at 400 px: %d chars", gtk_label_get_max_width_chars (GTK_LABEL (label)));
  g_assert_cmpint (gtk_label_get_max_width_chars (GTK_LABEL (label)), <, 40);
  hb_app_test_window_close (window);
}

static gboolean
label_says (GtkWidget *widget, gconstpointer text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

/* A toast rising at the foot of the page when the player opens there
 * goes up to the foot of the board: it lay over the player's buttons
 * ("Not solved: this method alone cannot finish it" over Step and End). */
static void
test_toast_lifted_over_player (void)
{
  HbWindow *window = hb_app_test_window_new ();
  const char *text = "A toast from before the solve";

  hb_window_show_toast (window, text);
  hb_app_test_settle (100);
  g_assert_nonnull (hb_app_test_find_where (GTK_WIDGET (window->page_toast_overlay),
                                            label_says, text));
  g_assert_null (hb_app_test_find_where (GTK_WIDGET (window->toast_overlay), label_says, text));
  hb_app_test_solve_and_play (window, "backtrack");
  hb_app_test_settle (600);
  g_assert_nonnull (hb_app_test_find_where (GTK_WIDGET (window->toast_overlay), label_says,
                                            text));
  g_assert_cmpstr (hb_window_get_last_toast (window), ==, text);
  hb_app_test_window_close (window);

  /* A setting's toast lifted stays the one the next setting's replaces. */
  window = hb_app_test_window_new ();
  hb_window_show_settings_toast (window, "A setting's toast");
  hb_app_test_settle (100);
  {
    AdwToast *before = window->settings_toast;
    GtkWidget *title;

    hb_app_test_solve_and_play (window, "backtrack");
    hb_app_test_settle (300);
    g_assert_nonnull (window->settings_toast);
    g_assert_true (window->settings_toast != before);
    title = adw_toast_get_custom_title (window->settings_toast);
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (title)), ==, "A setting's toast");
  }
  hb_app_test_window_close (window);
}

/* Flood-It's player in a player's words: the search's positions say how
 * many moves in they are ("3 moves in"), the answer's moves are counted as
 * the status line counts them ("4 / 12 moves"), and no step says "Depth"
 * (it said "Depth 6 · 6 moves" as the answer played: review). */
static void
test_flood_player_words (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbPlayerBar *bar = hb_window_get_player_bar (window);
  HbPlayer *player;
  guint moves = 0, tries = 0;

  hb_app_test_open_text (window, "words.flood",
                         "8 by 8 -> 12\n33121132\n01131233\n13132323\n20303001\n"
                         "21301330\n12132023\n30300113\n31201221\n");
  hb_app_test_solve_and_play (window, "optimal");
  hb_player_bar_set_playing (bar, FALSE);
  player = hb_player_bar_get_player (bar);
  for (gsize pos = 1; pos <= hb_trace_length (hb_window_get_trace (window)); pos++)
    {
      const HbStep *step;
      const char *depth, *counter;

      hb_player_bar_seek (bar, pos);
      step = hb_player_current_step (player);
      depth = hb_player_bar_get_depth_text (bar);
      counter = hb_player_bar_get_counter_text (bar);
      g_test_message ("%s | %s | %s", hb_player_bar_get_description (bar),
                      depth ? depth : "(no depth)", counter);
      g_assert_true (depth == NULL || strstr (depth, "Depth") == NULL);
      if (step->kind == HB_STEP_MOVE)
        {
          char *expect = g_strdup_printf ("%d / 12 moves", step->depth);
          char *move = g_strdup_printf ("Move %d: ", step->depth);

          g_assert_null (depth);
          g_assert_cmpstr (counter, ==, expect);
          g_assert_true (g_str_has_prefix (hb_player_bar_get_description (bar), move));
          g_free (expect);
          g_free (move);
          moves++;
        }
      else if (step->kind == HB_STEP_TRY && step->depth > 0)
        {
          char *expect = g_strdup_printf (step->depth == 1 ? "%d move in" : "%d moves in",
                                          step->depth);

          g_assert_cmpstr (depth, ==, expect);
          g_free (expect);
          tries++;
        }
    }
  g_assert_cmpuint (moves, >, 0);
  g_assert_cmpuint (tries, >, 0);
  hb_app_test_window_close (window);
  /* The tests after this one start on the welcome level's game. */
  hb_app_test_reset_last_game ();
}

/* A solver's result goes with its level when another game is chosen, and
 * comes back with it: the verdict, Apply Solution and Replay as they were
 * (a game and back lost it, and a genetic algorithm's run had to be made
 * again to watch it: review). */
static void
test_result_kept_with_level (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbSolverPanel *panel = hb_window_get_solver_panel (window);
  g_autofree char *command = NULL;
  guint moves;

  g_assert_true (hb_window_select_game (window, "flow"));
  hb_app_test_wait_loaded (window);
  /* The genetic algorithm, whose run has a seed and a command line. */
  hb_app_test_solve_and_play (window, "ga-paths");
  moves = hb_window_get_result (window)->moves->len;
  command = g_strdup (hb_solver_panel_get_seed_command (panel));
  g_assert_nonnull (command);
  /* Run with no time limit, as the app's default: the command says so,
   * the command line's own default being 10 s (a 30×30 run copied this
   * way stopped at generation 398 of 500: review). */
  g_assert_nonnull (strstr (command, " --time-limit 0 "));
  g_assert_true (hb_window_select_game (window, "lights"));
  hb_app_test_wait_loaded (window);
  g_assert_null (hb_window_get_result (window));
  g_assert_false (hb_window_get_action_enabled (window, "replay"));
  g_assert_true (hb_window_select_game (window, "flow"));
  hb_app_test_wait_loaded (window);
  g_assert_nonnull (hb_window_get_result (window));
  g_assert_cmpint (hb_window_get_result (window)->status, ==, HB_STATUS_SOLVED);
  g_assert_cmpuint (hb_window_get_result (window)->moves->len, ==, moves);
  g_assert_true (hb_window_get_result_initial (window)->game == hb_window_get_game (window));
  g_assert_cmpstr (hb_solver_panel_get_seed_command (panel), ==, command);
  g_assert_true (hb_window_get_action_enabled (window, "apply-solution"));
  g_assert_true (hb_window_get_action_enabled (window, "replay"));
  /* Replay plays the kept run. */
  hb_app_test_activate (window, "replay", NULL);
  hb_app_test_settle (50);
  g_assert_true (hb_window_is_playing_trace (window));
  hb_app_test_activate (window, "apply-solution", NULL);
  hb_app_test_settle (50);
  g_assert_true (hb_window_get_game (window)->is_solved (hb_window_get_state (window)));
  hb_app_test_window_close (window);
  hb_app_test_reset_last_game ();
}

/* A result kept with its level, brought back while a solve of the level
 * just left is still stopping: that run's end, coming after, cleared the
 * kept result's verdict and seed line from the sidebar (Apply Solution
 * and Replay still on), and a switch away again before it came threw the
 * kept result away (a long genetic run to do again). The level is left
 * before the main loop can deliver the run's end, however fast the
 * solver. */
static void
test_kept_result_outlives_stopped_solve (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbSolverPanel *panel = hb_window_get_solver_panel (window);
  g_autofree char *command = NULL, *verdict = NULL;

  g_assert_true (hb_window_select_game (window, "flow"));
  hb_app_test_wait_loaded (window);
  hb_app_test_solve_and_play (window, "ga-paths");
  command = g_strdup (hb_solver_panel_get_seed_command (panel));
  verdict = g_strdup (hb_solver_panel_get_verdict (panel));
  g_assert_nonnull (command);
  g_assert_nonnull (verdict);
  for (int round = 0; round < 2; round++)
    {
      g_assert_true (hb_window_select_game (window, "lights"));
      hb_app_test_wait_loaded (window);
      g_assert_null (hb_window_get_result (window));
      hb_window_solve (window);
      g_assert_true (hb_window_is_solving (window));
      g_assert_true (hb_window_select_game (window, "flow"));
      if (round == 1)
        {
          /* Away and back again before the run's end came in. */
          g_assert_true (hb_window_select_game (window, "lights"));
          g_assert_true (hb_window_select_game (window, "flow"));
        }
      g_assert_true (hb_window_is_solving (window));
      hb_app_test_wait (hb_app_test_not_solving, window, 20000, "the solver to stop");
      hb_app_test_settle (50);
      g_assert_nonnull (hb_window_get_result (window));
      g_assert_cmpstr (hb_solver_panel_get_verdict (panel), ==, verdict);
      g_assert_cmpstr (hb_solver_panel_get_seed_command (panel), ==, command);
      g_assert_true (hb_window_get_action_enabled (window, "apply-solution"));
      g_assert_true (hb_window_get_action_enabled (window, "replay"));
    }
  hb_app_test_window_close (window);
  hb_app_test_reset_last_game ();
}

/* Runs a copied command as a shell runs it pasted, hintboard-cli being
 * `cli`, and asserts it prints `expect` and nothing on stderr. */
static void
assert_shell_runs (const char *cli, const char *command, const char *expect)
{
  g_autofree char *quoted = g_shell_quote (cli);
  g_autofree char *line = g_strconcat (quoted, command + strlen ("hintboard-cli"), NULL);
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr (GError) error = NULL;
  const char *sh[] = { "/bin/sh", "-c", line, NULL };
  int status = -1;

  g_assert_true (g_str_has_prefix (command, "hintboard-cli "));
  g_assert_true (g_spawn_sync (NULL, (char **) sh, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                               &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("%s exited %d: %s", command, status, err);
  g_assert_cmpstr (out, ==, expect);
  g_assert_cmpstr (err, ==, "");
}

/* The command a stochastic run's copy button puts on the clipboard,
 * pasted into a shell, runs that run again: parsed as a shell parses it
 * and run through hintboard-cli, it exits 0 with the app's answer. A Flow
 * Free level of 1s and *s saved as .txt is text the command line reads
 * as Enlight; the command left out --game, and it failed ("lights has
 * no solver 'ga-paths'": review). */
static void
test_copied_command_runs (void)
{
  const char *cli = g_getenv ("HB_CLI");
  HbWindow *window;
  HbSolverPanel *panel;
  g_autofree char *dir = NULL, *path = NULL, *expect = NULL;
  g_autofree char *out = NULL, *err = NULL;
  g_auto (GStrv) argv = NULL;
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;
  const HbState *initial;
  int argc = 0, status = -1;

  if (cli == NULL)
    {
      g_test_skip ("HB_CLI is not set");
      return;
    }
  window = hb_app_test_window_new ();
  panel = hb_window_get_solver_panel (window);
  g_assert_true (hb_window_select_game (window, "flow"));
  hb_app_test_wait_loaded (window);
  dir = g_dir_make_tmp ("hintboard-test-XXXXXX", NULL);
  g_assert_nonnull (dir);
  path = g_build_filename (dir, "ones and stars.txt", NULL);
  g_assert_true (g_file_set_contents (path, "1..1\n*..*\n", -1, NULL));
  file = g_file_new_for_path (path);
  g_assert_true (hb_app_test_load (window, file));
  hb_app_test_wait_hint (window);
  g_assert_cmpstr (hb_window_get_game (window)->id, ==, "flow");
  hb_app_test_solve_and_play (window, "ga-paths");
  initial = hb_window_get_result_initial (window);
  expect = initial->game->write_solution (initial, hb_window_get_result (window), HB_WRITE_NATIVE);
  g_assert_nonnull (hb_solver_panel_get_seed_command (panel));
  g_assert_true (g_shell_parse_argv (hb_solver_panel_get_seed_command (panel), &argc, &argv,
                                     &error));
  g_assert_no_error (error);
  g_assert_cmpstr (argv[0], ==, "hintboard-cli");
  g_assert_cmpstr (argv[argc - 1], ==, path);
  g_free (argv[0]);
  argv[0] = g_strdup (cli);
  g_assert_true (g_spawn_sync (NULL, argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                               &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("%s exited %d: %s", hb_solver_panel_get_seed_command (panel), status, err);
  g_assert_cmpstr (out, ==, expect);
  g_assert_cmpstr (err, ==, "");
  /* Played on, the saved file no longer holds the board the run starts
   * from (the file keeps the level as drawn): the command named the file
   * and repeated another run. The board played follows it now. */
  hb_app_test_activate (window, "cancel", NULL);
  hb_app_test_activate (window, "restart", NULL);
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (50);
  {
    double x[2], y[2];

    for (int c = 0; c < 2; c++)
      hb_app_test_cell_point (window, c, 0, 0.5, 0.5, &x[c], &y[c]);
    hb_board_view_simulate_drag (hb_window_get_board_view (window), x[0], y[0], x[1], y[1], 1);
    hb_app_test_settle (50);
  }
  g_assert_false (hb_document_get_modified (hb_window_get_document (window)));
  hb_app_test_solve_and_play (window, "ga-paths");
  initial = hb_window_get_result_initial (window);
  {
    const char *command = hb_solver_panel_get_seed_command (panel);
    g_autofree char *played = NULL;

    g_assert_nonnull (command);
    g_assert_null (strstr (command, path));
    g_assert_nonnull (strstr (command, " - <<'LEVEL'\n"));
    played = initial->game->write (initial, HB_WRITE_NATIVE, NULL);
    g_assert_nonnull (strstr (command, played));
    g_free (expect);
    expect = initial->game->write_solution (initial, hb_window_get_result (window),
                                            HB_WRITE_NATIVE);
    assert_shell_runs (cli, command, expect);
  }
  hb_app_test_window_close (window);
  hb_app_test_reset_last_game ();
  g_unlink (path);
  g_rmdir (dir);
}

/* The same for a level never saved: the command ended in "FILE", which
 * the user had to replace with a file holding the level, and the level
 * was in no file. Its text now follows as a here-document, so that the
 * command, pasted into a shell, runs that run again. */
static void
test_copied_command_unsaved (void)
{
  const char *cli = g_getenv ("HB_CLI");
  const char *command;
  HbWindow *window;
  HbSolverPanel *panel;
  g_autofree char *expect = NULL;
  const HbState *initial;

  if (cli == NULL)
    {
      g_test_skip ("HB_CLI is not set");
      return;
    }
  window = hb_app_test_window_new ();
  panel = hb_window_get_solver_panel (window);
  g_assert_true (hb_window_select_game (window, "flow"));
  hb_app_test_wait_loaded (window);
  hb_app_test_wait_hint (window);
  g_assert_null (hb_document_get_file (hb_window_get_document (window)));
  hb_app_test_solve_and_play (window, "ga-paths");
  initial = hb_window_get_result_initial (window);
  expect = initial->game->write_solution (initial, hb_window_get_result (window), HB_WRITE_NATIVE);
  command = hb_solver_panel_get_seed_command (panel);
  g_assert_nonnull (command);
  g_assert_true (g_str_has_prefix (command, "hintboard-cli solve --game flow "));
  g_assert_null (strstr (command, "FILE"));
  g_assert_nonnull (strstr (command, " - <<'LEVEL'\n"));
  g_assert_true (g_str_has_suffix (command, "\nLEVEL"));
  assert_shell_runs (cli, command, expect);
  hb_app_test_window_close (window);
  hb_app_test_reset_last_game ();
}

int
main (int argc, char *argv[])
{
  hb_app_test_init (&argc, &argv);
  g_test_add_func ("/app/solve/backtrack-and-player", test_backtrack_and_player);
  g_test_add_func ("/app/solve/copied-command-runs", test_copied_command_runs);
  g_test_add_func ("/app/solve/copied-command-unsaved", test_copied_command_unsaved);
  g_test_add_func ("/app/solve/cancel", test_cancel);
  g_test_add_func ("/app/solve/left-level-no-word", test_left_level_no_word);
  g_test_add_func ("/app/solve/solve-from-settings-field", test_solve_from_settings_field);
  g_test_add_func ("/app/solve/replay-says-why", test_replay_says_why);
  g_test_add_func ("/app/solve/apply-says-why", test_apply_says_why);
  g_test_add_func ("/app/solve/flood-player-words", test_flood_player_words);
  g_test_add_func ("/app/solve/toast-lifted-over-player", test_toast_lifted_over_player);
  g_test_add_func ("/app/solve/solve-folds-sidebar", test_solve_folds_sidebar);
  g_test_add_func ("/app/solve/sidebar-over-board-focus", test_sidebar_over_board_focus);
  g_test_add_func ("/app/solve/sidebar-over-board-focus-animated", test_sidebar_over_board_focus_animated);
  g_test_add_func ("/app/solve/toast-lets-window-narrow", test_toast_lets_window_narrow);
  g_test_add_func ("/app/solve/plain-toast-refits", test_plain_toast_refits);
  g_test_add_func ("/app/solve/cancel-keeps-best", test_cancel_keeps_best);
  g_test_add_func ("/app/solve/result-for-the-board-solved", test_result_for_the_board_solved);
  g_test_add_func ("/app/solve/result-kept-with-level", test_result_kept_with_level);
  g_test_add_func ("/app/solve/kept-result-outlives-stopped-solve",
                   test_kept_result_outlives_stopped_solve);
  return g_test_run ();
}
