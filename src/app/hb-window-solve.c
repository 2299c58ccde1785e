/* hb-window-solve.c: the window's side of solving: starting a solve job
 * with the solver panel's settings, its progress line, the live view (the
 * newest snapshot on the board and the plot, about 30 times a second), the
 * result handed to the panel, and the player that replays the trace (the
 * hint job is hb-window-hints.c's). */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "hb-window-private.h"
#include "hb-page-column.h"
#include "hb-player.h"

#define LIVE_MS      33    /* the live view's pace: about 30 frames a second */
#define PROGRESS_MS 100

/* A solution with moves, whichever board is shown now: the animation is of
 * the board the solver started from. */
gboolean
hb_window_result_can_export (HbWindow *self)
{
  return self->result != NULL && self->result_initial != NULL
         && self->result->status == HB_STATUS_SOLVED
         && self->result->moves->len > 0;
}

/* Apply Solution and Replay: enabled or not, and their tooltips say why
 * not (Replay after a solver that recorded nothing was greyed out with
 * only "Watch the Solver Again" to read). */
void
hb_window_update_result_actions (HbWindow *self, gboolean solving)
{
  const HbGame *game = hb_document_get_game (self->document);
  const char *why = NULL, *why_not_replay = NULL;

  hb_window_action_set_enabled (self, "apply-solution", !solving
                                && hb_window_result_applies (self));
  if (solving)
    why = _("Wait for the solver to finish");
  else if (self->result == NULL || self->result_initial == NULL
           || self->result_initial->game != game)
    /* (Before any solve it said "The solver found no answer to apply",
     * of a solver that had not run.) */
    why = _("Solve the level first: there is no answer to apply");
  else if (self->result->status != HB_STATUS_SOLVED)
    why = _("The solver found no answer to apply");
  else if (self->result->moves->len == 0)
    why = _("The answer has no moves: the board is solved already");
  else if (!hb_window_result_applies (self))
    why = self->result->solved != NULL && game->equal (self->result->solved,
                                                        hb_window_current (self))
          ? _("The answer is on the board")
          : _("The board changed since the solve: solve it again");
  hb_solver_panel_set_apply_reason (self->solver_panel, why);
  /* The result shown is about the board it was found on. */
  hb_solver_panel_set_result_stale (self->solver_panel, hb_window_result_is_stale (self));

  if (solving)
    why_not_replay = _("Wait for the solver to finish");
  else if (self->result == NULL || self->result_initial == NULL
           || self->result_initial->game != game)
    why_not_replay = _("Solve the level first: there is no run to watch");
  else if (self->trace == NULL || hb_trace_length (self->trace) == 0)
    why_not_replay = _("The solver recorded no steps to watch on this board");
  hb_window_action_set_enabled (self, "replay", why_not_replay == NULL);
  hb_solver_panel_set_replay_reason (self->solver_panel, why_not_replay);
}

gboolean
hb_window_result_is_stale (HbWindow *self)
{
  return self->result != NULL && self->result_initial != NULL
         && (self->result_initial->game != hb_document_get_game (self->document)
             || !hb_document_get_game (self->document)->equal (self->result_initial,
                                                               hb_window_current (self)));
}

gboolean
hb_window_result_applies (HbWindow *self)
{
  return hb_window_result_can_export (self) && !hb_window_result_is_stale (self);
}

static void
update_plot (HbWindow *self)
{
  const HbTrace *trace = hb_plot_view_get_trace (self->plot_view);
  gboolean line = FALSE, show;

  /* While a solve runs its plot shows as soon as it has series; once it
   * ended, while the player shows its run, and only with a line to show
   * (a genetic algorithm that arc consistency left nothing to do drew an
   * empty chart with a dot). Closed with the player (an edit closes it),
   * so no chart of an old run stands beside another board. */
  if (trace != NULL && self->solve_job == NULL)
    for (guint i = 0; i < hb_trace_n_series (trace) && !line; i++)
      {
        g_autoptr (GArray) points = hb_trace_series_points (trace, i);
        line = points->len >= 2;
      }
  show = trace != NULL && hb_trace_n_series (trace) > 0
         && (self->solve_job != NULL || (line && self->player != NULL));
  if (show != gtk_widget_get_visible (GTK_WIDGET (self->plot_view)))
    {
      gtk_widget_set_visible (GTK_WIDGET (self->plot_view), show);
      hb_window_update_palette (self);   /* its empty row gives way to the plot */
    }
  hb_window_update_plot_mark (self);
}

/* The plot marks the generation the player shows: a generation step's
 * counter is its number, as the series' x. */
void
hb_window_update_plot_mark (HbWindow *self)
{
  const HbStep *step = self->player != NULL && self->solve_job == NULL
                       ? hb_player_current_step (self->player) : NULL;

  if (step != NULL && step->kind == HB_STEP_GENERATION && !hb_player_at_answer (self->player)
      && !hb_player_at_stop (self->player))
    hb_plot_view_set_mark (self->plot_view, TRUE, (double) step->counter);
  else
    hb_plot_view_set_mark (self->plot_view, FALSE, 0);
}

/* The last result, its trace and its board, taken off the window (the
 * player closed, the plot and the panel cleared) for the caller to keep,
 * or with result NULL freed (hb_window_clear_result). */
void
hb_window_take_result (HbWindow *self, HbResult **result, HbTrace **trace, HbState **initial)
{
  hb_window_close_player (self);
  if (self->trace != NULL && hb_plot_view_get_trace (self->plot_view) == self->trace)
    {
      hb_plot_view_set_trace (self->plot_view, NULL);
      update_plot (self);
    }
  if (result != NULL)
    {
      *result = g_steal_pointer (&self->result);
      *trace = g_steal_pointer (&self->trace);
      *initial = g_steal_pointer (&self->result_initial);
    }
  g_clear_pointer (&self->result, hb_result_free);
  g_clear_pointer (&self->trace, hb_trace_free);
  g_clear_pointer (&self->result_initial, hb_state_free);
  hb_solver_panel_clear_result (self->solver_panel);
}

/* Shows self->result: its verdict in the panel (with `command`, the line
 * that repeats the run, or NULL) and its trace in the plot. */
void
hb_window_show_result (HbWindow *self, const char *command)
{
  hb_solver_panel_show_result (self->solver_panel, self->result, command);
  hb_plot_view_set_trace (self->plot_view, self->trace);
  update_plot (self);
}

/* ---- Player -------------------------------------------------------------- */

/* The bottom stack's page that holds the player bar (the bar itself, or
 * the scroller it sits in for narrow windows: hb-window.ui). */
static GtkWidget *
player_page (HbWindow *self)
{
  GtkWidget *page = GTK_WIDGET (self->player_bar);

  while (gtk_widget_get_parent (page) != GTK_WIDGET (self->bottom_stack))
    page = gtk_widget_get_parent (page);
  return page;
}

/* The column the bottom stack ends (hb-page-column.c). */
static HbPageColumn *
page_column (HbWindow *self)
{
  return HB_PAGE_COLUMN (gtk_widget_get_parent (GTK_WIDGET (self->bottom_stack)));
}

void
hb_window_close_player (HbWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  gboolean in_bar;

  if (self->player == NULL)
    return;
  in_bar = focus != NULL && gtk_widget_is_ancestor (focus, player_page (self));
  hb_window_play_hold_clock (self, HB_CLOCK_HOLD_PLAYER, FALSE);
  hb_player_bar_set_player (self->player_bar, NULL, NULL);
  hb_board_view_set_player (self->board_view, NULL);
  g_clear_pointer (&self->player, hb_player_free);
  hb_window_drop_escape_toast (self);   /* "close the player (Escape)…", done */
  gtk_stack_set_visible_child (self->bottom_stack, GTK_WIDGET (self->status_label));
  hb_page_column_set_last_at_foot (page_column (self), FALSE);
  update_plot (self);
  hb_window_update_actions (self);
  /* The keys that were in the bar (its close button, clicked or pressed)
   * go to the board: GTK left them nowhere, the next arrow moved them
   * into the header and Space then switched to Edit. */
  if (in_bar && gtk_widget_get_mapped (GTK_WIDGET (self->board_view)))
    gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
}

/* Applying more than this many moves × cells to show the answer at the
 * player's end would hold the window up: the end is then the search's. */
#define ANSWER_MAX_WORK (G_GUINT64_CONSTANT (1) << 28)

/* The board the solver started from with its answer applied, or NULL
 * (no answer, or too long to apply here). */
static HbState *
answer_board (HbWindow *self)
{
  const HbState *initial = self->result_initial;
  HbState *board;

  if (!hb_window_result_can_export (self))
    return NULL;
  /* The board the solver says its answer leads to, when it gives one: a
   * 1000x1000 Flow Free answer was too long to apply, so End showed the
   * search's last recorded step, half the board, under "Solved". */
  if (self->result->solved != NULL)
    return hb_state_copy (self->result->solved);
  if ((guint64) self->result->moves->len * initial->width * initial->height > ANSWER_MAX_WORK)
    return NULL;
  board = hb_game_apply_moves (initial->game, initial,
                               (const HbMove *) self->result->moves->data,
                               self->result->moves->len);
  return board != NULL ? board : hb_state_copy (initial);
}

void
hb_window_open_player (HbWindow *self)
{
  hb_window_close_player (self);
  if (self->trace == NULL || self->result_initial == NULL
      || hb_trace_length (self->trace) == 0)
    return;
  self->player = hb_player_new (self->result_initial, self->trace);
  /* The player ends on the answer, not on the search's last state. */
  {
    HbState *answer = answer_board (self);
    if (answer != NULL)
      {
        hb_player_set_answer_moves (self->player, answer, self->result->moves);
        hb_state_free (answer);
      }
  }
  hb_window_play_hold_clock (self, HB_CLOCK_HOLD_PLAYER, TRUE);
  hb_window_play_drop_toasts (self);
  hb_window_lift_page_toast (self);
  hb_player_bar_set_player (self->player_bar, self->player, self->trace);
  hb_board_view_set_player (self->board_view, self->player);
  /* The bar takes the status line's place (the status line describes the
   * live board, not the frame shown), in room kept for it: the board keeps
   * its size. */
  gtk_stack_set_visible_child (self->bottom_stack, player_page (self));
  hb_page_column_set_last_at_foot (page_column (self), TRUE);
  /* The player's keys (Space, arrows, Home, End) reach the window only if
   * no scrolled sidebar holds the focus: hand it to the board. */
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
  update_plot (self);
  hb_window_update_actions (self);
}

/* ---- Solving ------------------------------------------------------------- */

static gboolean
poll_progress (gpointer data)
{
  HbWindow *self = data;
  char *line;

  if (self->solve_job == NULL)
    return G_SOURCE_CONTINUE;
  line = hb_solve_job_dup_progress (self->solve_job);
  hb_solver_panel_set_progress (self->solver_panel, line);
  g_free (line);
  /* The status line carries it too when it wants it (and is put back
   * after); not otherwise, as the status is counted over the whole board
   * (a million cells). */
  if (self->status_shows_progress || hb_window_status_wants_progress (self))
    hb_window_update_status (self);
  return G_SOURCE_CONTINUE;
}

/* The live view: the solver's newest snapshot on the board, the plot shown
 * once the solver declared a series. Taking a snapshot never blocks the
 * solver; one published between two ticks replaces the one before.
 *
 * A frame of a huge board takes the main loop a long while to draw (a
 * 1000x1000 Flow Free board 0.2-0.5 s on a busy machine, at four frames
 * a second: the window stalled for the whole solve), so the view waits
 * twice what the last one held the loop up (the ticks' lateness) before
 * it takes the next: the loop stays idle two thirds of the time. */
static gboolean
live_tick (gpointer data)
{
  HbWindow *self = data;
  GDestroyNotify free_func = NULL;
  gpointer frame;
  gint64 now = g_get_monotonic_time ();

  if (self->solve_job == NULL)
    return G_SOURCE_CONTINUE;
  /* The tick after a frame: how late it comes is what drawing the frame
   * cost. Only then (a tick late for other reasons, the machine busy,
   * must not put the next frame off again and again), and at most 2 s. */
  if (self->live_last > 0)
    {
      gint64 late = now - self->live_last - LIVE_MS * 1000;
      self->live_next = now + CLAMP (2 * late, 0, G_USEC_PER_SEC * 2);
      self->live_last = 0;
    }
  if (now < self->live_next)
    return G_SOURCE_CONTINUE;
  frame = hb_trace_take_snapshot (hb_solve_job_get_trace (self->solve_job), &free_func);
  if (frame != NULL)
    {
      hb_board_view_set_live_frame (self->board_view,
                                    hb_solve_job_get_initial (self->solve_job),
                                    frame, free_func);
      self->live_last = now;
    }
  update_plot (self);
  return G_SOURCE_CONTINUE;
}

/* The level a run solved, as a here-document for the command below, or
 * NULL: where the level's text is short enough to read in a tooltip and
 * to paste. The delimiter is a word no line of the level is. */
#define HEREDOC_MAX_CELLS 1600
#define HEREDOC_MAX_BYTES 4096

static char *
level_heredoc (const HbState *initial)
{
  g_autofree char *text = NULL;
  g_autofree char *word = g_strdup ("LEVEL");
  g_auto (GStrv) lines = NULL;

  if ((gint64) initial->width * initial->height > HEREDOC_MAX_CELLS)
    return NULL;
  text = initial->game->write (initial, HB_WRITE_NATIVE, NULL);
  if (text == NULL || strlen (text) > HEREDOC_MAX_BYTES)
    return NULL;
  lines = g_strsplit (text, "\n", -1);
  for (int n = 1;; n++)
    {
      gboolean clash = FALSE;

      for (int i = 0; lines[i] != NULL && !clash; i++)
        clash = g_str_equal (g_strchomp (lines[i]), word);
      if (!clash)
        break;
      g_free (word);
      word = g_strdup_printf ("LEVEL%d", n);
    }
  return g_strdup_printf (" - <<'%s'\n%s%s%s", word, text,
                          g_str_has_suffix (text, "\n") ? "" : "\n", word);
}

/* Whether the file holds the level the run started from: saved, not
 * changed since, and the run not started from moves played on it. */
static gboolean
run_is_the_file (const HbState *initial, HbDocument *document)
{
  const HbState *design = hb_document_get_design (document);

  return hb_document_get_file (document) != NULL && !hb_document_get_modified (document)
         && design != NULL && design->game == initial->game
         && (design == initial || initial->game->equal (design, initial));
}

/* "hintboard-cli solve --game flow --solver ga --set seed=12345 FILE": the
 * run again, with the settings it had and the seed it drew, or NULL for a
 * run that drew no seed (it is shown only with the seed). The game is
 * named: the command line tells it from the file's name or text only,
 * and the app opens a level under any name as the game on show (a Flow
 * Free level of 1s and *s saved as level.txt was read as Enlight, which
 * has no solver ga-paths: review). The level is the saved file where it
 * holds the run's level; else, on a board small enough, its text follows
 * as a here-document, so that the command runs as pasted (it ended in
 * "FILE" for a level never saved, or changed, or played on); else FILE. */
static char *
repeat_command (HbSolveJob *job, const HbState *initial, const HbResult *result,
                HbDocument *document)
{
  const HbSettings *settings = hb_solve_job_get_settings (job);
  const char *seed = hb_result_get_stat (result, "seed");
  GString *cmd;
  g_autofree char *assignments = NULL;
  g_auto (GStrv) parts = NULL;
  g_autofree char *heredoc = NULL;

  if (seed == NULL)
    return NULL;
  cmd = g_string_new (NULL);
  assignments = hb_settings_to_assignments (settings);
  parts = g_strsplit (assignments, " ", -1);
  g_string_append_printf (cmd, "hintboard-cli solve --game %s --solver %s",
                          initial->game->id, hb_solve_job_get_solver (job)->id);
  for (int i = 0; parts[i] != NULL; i++)
    if (parts[i][0] != '\0')
      g_string_append_printf (cmd, " --set %s", parts[i]);
  if (!hb_settings_has (settings, "seed"))
    g_string_append_printf (cmd, " --set seed=%s", seed);
  if (!hb_settings_has (settings, "time-limit"))   /* none here; the CLI's default is 10 s */
    g_string_append (cmd, " --time-limit 0");
  if (run_is_the_file (initial, document))
    {
      g_autofree char *path = g_file_get_path (hb_document_get_file (document));
      g_autofree char *quoted = path != NULL ? g_shell_quote (path) : NULL;

      g_string_append_printf (cmd, " %s", quoted != NULL ? quoted : "FILE");
    }
  else if ((heredoc = level_heredoc (initial)) != NULL)
    g_string_append (cmd, heredoc);
  else
    g_string_append (cmd, " FILE");
  return g_string_free (cmd, FALSE);
}

static void
stop_watching (HbWindow *self)
{
  g_clear_handle_id (&self->progress_id, g_source_remove);
  g_clear_handle_id (&self->live_id, g_source_remove);
  hb_board_view_set_live_frame (self->board_view, NULL, NULL, NULL);
  /* The plot goes back to the last result's trace (the job's is freed
   * with it unless it becomes the result's). */
  hb_plot_view_set_trace (self->plot_view, self->trace);
  update_plot (self);
}

static void
drop_frame (gpointer frame, GDestroyNotify free_func)
{
  if (frame != NULL && free_func != NULL)
    free_func (frame);
}

/* A run cut short of its recording that stopped with no answer rests, in
 * the player, where it was last seen, not on the step at the cut (a
 * backtracking run cancelled after 88 million steps showed step 1,048,576,
 * an older board: review): the newest snapshot goes with the trace. The
 * newest is the trace's snapshot not taken yet, else the one the board
 * shows, else the one Cancel took off the board (hb_window_cancel_solve):
 * a run cancelled soon after the window took its last snapshot published
 * none since, and Cancel had cleared the board, so it rested on the step
 * at the cut now and then (test_cancel failed on a loaded machine). */
static void
keep_stop_frame (HbWindow *self, HbSolveJob *job)
{
  HbTrace *trace = hb_solve_job_get_trace (job);
  const HbResult *result = hb_solve_job_get_result (job);
  GDestroyNotify free_func = NULL, shown_free = NULL, stopped_free = self->stopped_free;
  gpointer frame = hb_trace_take_snapshot (trace, &free_func);
  gpointer shown = hb_board_view_take_live_frame (self->board_view, &shown_free);
  gpointer stopped = self->stopped_frame;

  self->stopped_frame = NULL;
  self->stopped_free = NULL;
  if (frame == NULL)
    frame = shown, free_func = shown_free, shown = NULL;
  if (frame == NULL)
    frame = stopped, free_func = stopped_free, stopped = NULL;
  drop_frame (shown, shown_free);
  drop_frame (stopped, stopped_free);
  if (frame != NULL && hb_trace_truncated (trace) && result != NULL
      && (result->status == HB_STATUS_CANCELLED || result->status == HB_STATUS_GAVE_UP))
    hb_trace_set_stop_frame (trace, frame, free_func);
  else
    drop_frame (frame, free_func);
}

static void
on_solve_finished (HbSolveJob *job, HbWindow *self)
{
  HbTrace *trace;
  char *command;

  self->solve_job = NULL;
  keep_stop_frame (self, job);
  stop_watching (self);
  hb_solver_panel_set_solving (self->solver_panel, FALSE);
  hb_window_update_status (self);   /* no more progress there */

  if (hb_solve_job_get_result (job) == NULL)
    {
      const GError *error = hb_solve_job_get_error (job);
      char *text = g_strdup_printf (_("The solver could not run: %s"),
                                    error ? error->message : "?");
      hb_window_show_toast (self, text);
      g_free (text);
      hb_window_update_actions (self);
      g_signal_handlers_disconnect_by_data (job, self);
      g_object_unref (job);
      return;
    }

  /* The board changed while the solver ran (state_changed cancelled it, but
   * it may have answered first): its answer is for another board. Said
   * only when nothing stopped the job: a level left (Random, another game
   * or file) is left without a word, and an edit said "Solving stopped"
   * already; an answer found just before and delivered after told of a
   * board no longer shown. */
  if (self->solve_serial != hb_document_get_serial (self->document))
    {
      HbResult *stale = hb_solve_job_steal_result (job);
      HbTrace *stale_trace = hb_solve_job_steal_trace (job);
      if (stale != NULL && stale->status != HB_STATUS_CANCELLED
          && !hb_solve_job_was_cancelled (job))
        hb_window_show_toast (self, _("The answer was set aside: the board changed while the solver ran"));
      g_clear_pointer (&stale, hb_result_free);
      g_clear_pointer (&stale_trace, hb_trace_free);
      /* A result shown now is the level's own, brought back with it
       * while this run stopped (a game and back): it stays. */
      if (self->result == NULL)
        hb_solver_panel_clear_result (self->solver_panel);
      hb_window_update_actions (self);
      g_signal_handlers_disconnect_by_data (job, self);
      g_object_unref (job);
      return;
    }
  trace = hb_solve_job_steal_trace (job);
  hb_window_clear_result (self);
  self->result = hb_solve_job_steal_result (job);
  self->result_initial = hb_solve_job_steal_initial (job);
  self->trace = trace;
  command = repeat_command (job, self->result_initial, self->result, self->document);
  hb_window_show_result (self, command);
  hb_solver_panel_reveal_result (self->solver_panel);
  g_free (command);
  /* The player starts playing the run by itself; a run the user
   * cancelled rests where it stopped (the board last seen, a genetic
   * algorithm's best so far, or the answer a solver stopped with), and
   * Play or Replay plays it. */
  if (hb_trace_length (self->trace) > 0 && self->result_initial->game == hb_document_get_game (self->document))
    {
      hb_window_open_player (self);
      if (self->result->status == HB_STATUS_CANCELLED || hb_solve_job_was_cancelled (job))
        hb_player_bar_seek (self->player_bar, G_MAXSIZE);
      else
        hb_player_bar_set_playing (self->player_bar, TRUE);
    }
  else if (self->result->status == HB_STATUS_NO_SOLUTION || self->result->status == HB_STATUS_GAVE_UP)
    /* Nothing to show on the board: the verdict where it is seen, also
     * with the sidebar folded away (a narrow window). */
    hb_window_show_toast (self, hb_solver_panel_get_verdict (self->solver_panel));
  hb_window_update_actions (self);
  g_signal_handlers_disconnect_by_data (job, self);
  g_object_unref (job);
}

void
hb_window_solve (HbWindow *self)
{
  const HbSolver *solver;
  HbSettings *settings;
  GError *error = NULL;

  g_return_if_fail (HB_IS_WINDOW (self));
  solver = hb_solver_panel_get_solver (self->solver_panel);
  if (self->solve_job != NULL || solver == NULL)
    return;
  settings = hb_solver_panel_dup_settings (self->solver_panel, &error);
  if (settings == NULL)
    {
      hb_window_show_settings_toast (self, error->message);
      g_error_free (error);
      return;
    }
  /* The last run's result goes: left in the sidebar, it read as this
   * run's answer while this one was still starting. */
  hb_window_clear_result (self);

  self->solve_job = hb_solve_job_new (solver, hb_window_current (self), settings);
  self->solve_serial = hb_document_get_serial (self->document);
  hb_settings_free (settings);
  g_signal_connect (self->solve_job, "finished", G_CALLBACK (on_solve_finished), self);
  hb_solve_job_run (self->solve_job);

  hb_solver_panel_set_solving (self->solver_panel, TRUE);
  /* The status line carries the progress and Escape cancels. */
  hb_window_show_board (self);
  hb_plot_view_set_trace (self->plot_view, hb_solve_job_get_trace (self->solve_job));
  update_plot (self);
  hb_window_update_status (self);
  self->progress_id = g_timeout_add (PROGRESS_MS, poll_progress, self);
  self->live_last = self->live_next = 0;
  self->live_id = g_timeout_add (LIVE_MS, live_tick, self);
  hb_window_update_actions (self);
}

/* In a narrow window the sidebar lies over the board: it folds away so
 * what the sidebar's button did shows (a run played hidden under it, an
 * answer applied there went unseen), the keys going to the board. */
void
hb_window_show_board (HbWindow *self)
{
  if (adw_flap_get_folded (self->flap) && adw_flap_get_reveal_flap (self->flap))
    {
      adw_flap_set_reveal_flap (self->flap, FALSE);
      gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
    }
}

void
hb_window_cancel_solve (HbWindow *self)
{
  g_return_if_fail (HB_IS_WINDOW (self));
  if (self->solve_job == NULL)
    return;
  hb_solve_job_cancel (self->solve_job);
  /* The board is the level's again at once, not the last snapshot of a
   * run that was stopped (it may be of a level just replaced). */
  g_clear_handle_id (&self->live_id, g_source_remove);
  /* Kept for the player's stop (keep_stop_frame); a second Cancel before
   * the run has stopped finds the board cleared and keeps the first's. */
  if (hb_board_view_has_live_frame (self->board_view))
    {
      drop_frame (self->stopped_frame, self->stopped_free);
      self->stopped_frame = hb_board_view_take_live_frame (self->board_view, &self->stopped_free);
    }
  hb_board_view_set_live_frame (self->board_view, NULL, NULL, NULL);
}

/* ---- Accessors ---------------------------------------------------------- */

gboolean
hb_window_select_solver (HbWindow *self, const char *id)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), FALSE);
  return hb_solver_panel_select_solver (self->solver_panel, id);
}

const HbSolver *
hb_window_get_solver (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), NULL);
  return hb_solver_panel_get_solver (self->solver_panel);
}

gboolean
hb_window_is_solving (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), FALSE);
  return self->solve_job != NULL;
}

HbSolveJob *
hb_window_get_solve_job (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), NULL);
  return self->solve_job;
}

const HbResult *
hb_window_get_result (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), NULL);
  return self->result;
}

const HbState *
hb_window_get_result_initial (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), NULL);
  return self->result_initial;
}

const HbTrace *
hb_window_get_trace (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), NULL);
  return self->trace;
}

gboolean
hb_window_is_playing_trace (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), FALSE);
  return self->player != NULL;
}

