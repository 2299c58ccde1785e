/* hb-window.c: the main window (see hb-window.h).
 *
 * The window knows games only through HbGame: every edit, press, palette
 * click and hint goes through the game's vtable, so a new game needs no
 * change here.
 *
 * Threads: hints and solves run on worker threads (GTask). Each hint task
 * works on its own copy of the board and is tagged with the serial number of
 * the board it was started for; a result for an older board is dropped. A
 * solve works on a copy too, records into an HbTrace that only the worker
 * writes while it runs (the window only polls its progress), and hands the
 * trace over when it completes.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "hb-window.h"
#include "hb-anim.h"
#include "hb-history.h"
#include "hb-player.h"
#include "hb-registry.h"

#define WELCOME_RESOURCE RESOURCE_PATH "/levels/welcome.lights"
#define SETTINGS_MAX_SIDE 256  /* the schema's range for board-width/height */

struct _HbWindow
{
  AdwApplicationWindow parent_instance;

  /* Template. */
  AdwToastOverlay     *toast_overlay;
  AdwWindowTitle      *window_title;
  GtkDropDown         *game_dropdown;
  AdwFlap             *flap;
  AdwPreferencesGroup *board_group;
  AdwPreferencesGroup *solver_group;
  AdwPreferencesGroup *result_group;
  GtkAdjustment       *width_adjustment;
  GtkAdjustment       *height_adjustment;
  GtkAdjustment       *colours_adjustment;
  GtkWidget           *colours_row;
  const HbGame        *colours_game;   /* the game the colour count was set for */
  GtkWidget           *solve_button;
  GtkSpinner          *solve_spinner;
  GtkLabel            *solve_label;
  GtkLabel            *progress_label;
  GtkSwitch           *hints_switch;
  AdwActionRow        *hint_row;
  GtkRevealer         *palette_revealer;
  HbPaletteBar        *palette_bar;
  HbBoardView         *board_view;
  GtkLabel            *status_label;
  GtkRevealer         *player_revealer;
  HbPlayerBar         *player_bar;

  GSettings           *settings;
  gboolean             disposed;

  /* The file dialog open now (Open, Save As, Export), or NULL. */
  GtkNativeDialog     *file_dialog;

  /* Opening a file (read and parsed on a worker thread). */
  GCancellable        *load_cancellable;
  AdwToast            *load_toast;     /* "Opening…", shown if it takes a while */
  guint                load_toast_id;
  gboolean             updating;       /* guards handlers while the UI follows the model */

  /* The level. */
  const HbGame        *game;
  HbHistory           *history;
  GFile               *file;           /* NULL: not saved yet */
  char                *untitled_name;
  HbMode               mode;
  guint64              serial;         /* bumped on every change of the board */
  gboolean             gesture_pushed; /* the current gesture has its undo step */
  gboolean             ask_to_save;
  gboolean             close_confirmed;

  /* Solvers. */
  GPtrArray           *solver_rows;    /* AdwActionRow, one per solver */
  const HbSolver      *solver;

  /* Hints. */
  gboolean             show_hints;
  gboolean             next_hint_wanted; /* "Next hint" waits for the worker */
  GCancellable        *hint_cancellable;
  gpointer             hint;           /* for the current board, or NULL */
  const HbGame        *hint_game;      /* whose hint_free frees it */

  /* Solving. */
  GCancellable        *solve_cancellable;   /* non-NULL while a solve runs */
  HbTrace             *running_trace;       /* owned by the task while it runs */
  guint                progress_id;
  double               solve_started;

  /* The last result, its trace and the board it started from. */
  HbResult            *result;
  HbTrace             *trace;
  HbState             *result_initial;
  HbPlayer            *player;
  GPtrArray           *result_rows;    /* rows in result_group */

  /* Exporting the answer as an animation. */
  GCancellable        *export_cancellable;  /* non-NULL while an export runs */

  char                *last_toast;
};

G_DEFINE_FINAL_TYPE (HbWindow, hb_window, ADW_TYPE_APPLICATION_WINDOW)

enum { PROP_0, PROP_ASK_TO_SAVE, N_PROPS };
static GParamSpec *properties[N_PROPS];

static void state_changed (HbWindow *self);
static void update_actions (HbWindow *self);
static void close_player (HbWindow *self);
static void save_as (HbWindow *self, gpointer pending);

/* ---- Small helpers ------------------------------------------------------ */

static const HbState *
current (HbWindow *self)
{
  return hb_history_current (self->history);
}

static void
show_toast (HbWindow *self, const char *text)
{
  /* AdwToast titles are Pango markup in libadwaita 1.2. */
  char *escaped = g_markup_escape_text (text, -1);
  AdwToast *toast = adw_toast_new (escaped);

  adw_toast_set_timeout (toast, 6);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  g_free (escaped);
  g_free (self->last_toast);
  self->last_toast = g_strdup (text);
}

static void
action_set_enabled (HbWindow *self, const char *name, gboolean enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  if (G_IS_SIMPLE_ACTION (action))
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

static char *
level_display_name (HbWindow *self)
{
  if (self->file != NULL)
    return g_file_get_basename (self->file);
  return g_strdup (self->untitled_name ? self->untitled_name : _("Untitled"));
}

static void
free_hint (HbWindow *self)
{
  if (self->hint_cancellable != NULL)
    {
      g_cancellable_cancel (self->hint_cancellable);
      g_clear_object (&self->hint_cancellable);
    }
  if (self->board_view != NULL)
    hb_board_view_set_hint (self->board_view, NULL);
  if (self->hint != NULL)
    {
      if (self->hint_game->hint_free != NULL)
        self->hint_game->hint_free (self->hint);
      self->hint = NULL;
    }
}

/* ---- Title, labels, actions -------------------------------------------- */

static void
update_title (HbWindow *self)
{
  char *name = level_display_name (self);
  char *title;

  if (hb_history_is_modified (self->history))
    title = g_strdup_printf ("%s •", name);
  else
    title = g_strdup (name);
  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, _(self->game->name));
  gtk_window_set_title (GTK_WINDOW (self), title);
  g_free (title);
  g_free (name);
}

static void
update_hint_row (HbWindow *self)
{
  char *text = NULL;

  if (!self->show_hints)
    text = g_strdup (_("Hidden while hints are off"));
  else if (self->hint != NULL && self->game->hint_describe != NULL)
    text = self->game->hint_describe (current (self), self->hint);
  else if (self->hint_cancellable != NULL)
    text = g_strdup (_("Thinking…"));
  else
    text = g_strdup (_("No hint for this board"));
  adw_action_row_set_subtitle (self->hint_row, text ? text : "");
  g_free (text);
}

static void
update_status (HbWindow *self)
{
  char *text = NULL;

  if (self->game->status_text != NULL)
    text = self->game->status_text (current (self));
  /* Every game's status already says when the board is solved; the app
   * only colours it, so the words are never said twice. */
  if (self->game->is_solved != NULL && self->mode == HB_MODE_PLAY
      && self->game->is_solved (current (self)))
    gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "success");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->status_label), "success");
  gtk_label_set_label (self->status_label, text ? text : "");
  g_free (text);
}

/* A solution with moves, whichever board is shown now: the animation is of
 * the board the solver started from. */
static gboolean
result_can_export (HbWindow *self)
{
  return self->result != NULL && self->result_initial != NULL
         && self->result->status == HB_STATUS_SOLVED
         && self->result->moves->len > 0;
}

static gboolean
result_applies (HbWindow *self)
{
  return self->result != NULL && self->result_initial != NULL
         && self->result->status == HB_STATUS_SOLVED
         && self->result->moves->len > 0
         && self->result_initial->game == self->game
         && self->game->equal (self->result_initial, current (self));
}

static void
update_actions (HbWindow *self)
{
  gboolean solving = self->solve_cancellable != NULL;
  gboolean playing = self->player != NULL;

  action_set_enabled (self, "undo", hb_history_can_undo (self->history));
  action_set_enabled (self, "redo", hb_history_can_redo (self->history));
  action_set_enabled (self, "solve", !solving);
  action_set_enabled (self, "cancel", solving || playing || self->load_cancellable != NULL);
  action_set_enabled (self, "apply-solution",
                      !solving && self->mode == HB_MODE_PLAY && result_applies (self));
  action_set_enabled (self, "replay", !solving && self->trace != NULL
                      && hb_trace_length (self->trace) > 0
                      && self->result_initial != NULL
                      && self->result_initial->game == self->game);
  action_set_enabled (self, "next-hint", self->game->hint_next_move != NULL
                      && self->game->hint_compute != NULL);
  action_set_enabled (self, "player-toggle", playing);
  action_set_enabled (self, "player-back", playing);
  action_set_enabled (self, "player-forward", playing);
  action_set_enabled (self, "player-start", playing);
  action_set_enabled (self, "player-end", playing);
  action_set_enabled (self, "palette", hb_palette_bar_get_n_entries (self->palette_bar) > 0);
  action_set_enabled (self, "export-animation",
                      result_can_export (self) && self->export_cancellable == NULL);
  hb_player_bar_set_can_export (self->player_bar, result_can_export (self));
}

static void
update_size_controls (HbWindow *self)
{
  const HbState *s = current (self);
  int max_side = MAX (self->game->max_ui_side, 1);

  self->updating = TRUE;
  gtk_adjustment_set_upper (self->width_adjustment, MAX (max_side, s->width));
  gtk_adjustment_set_upper (self->height_adjustment, MAX (max_side, s->height));
  gtk_adjustment_set_value (self->width_adjustment, s->width);
  gtk_adjustment_set_value (self->height_adjustment, s->height);
  /* The colour count is offered only by games that have one, and starts at
   * the game's default each time the game changes. */
  gtk_widget_set_visible (self->colours_row, self->game->max_colours > 0);
  if (self->game->max_colours > 0 && self->colours_game != self->game)
    {
      gtk_adjustment_set_upper (self->colours_adjustment, self->game->max_colours);
      gtk_adjustment_set_value (self->colours_adjustment, self->game->default_colours);
      self->colours_game = self->game;
    }
  self->updating = FALSE;
}

static void
update_palette (HbWindow *self)
{
  int n = hb_palette_bar_update (self->palette_bar, current (self), self->mode);

  gtk_revealer_set_reveal_child (self->palette_revealer, n > 0);
  hb_board_view_set_tool (self->board_view,
                          self->mode == HB_MODE_EDIT
                          ? hb_palette_bar_get_selected (self->palette_bar) : -1);
}

/* ---- Hints --------------------------------------------------------------- */

typedef struct {
  HbState      *state;
  guint64       serial;
  GCancellable *cancellable;   /* the job's own: tells it from newer jobs */
} HintJob;

typedef struct {
  const HbGame *game;
  gpointer      hint;
} HintAnswer;

static void
hint_job_free (gpointer data)
{
  HintJob *job = data;
  hb_state_free (job->state);
  g_clear_object (&job->cancellable);
  g_free (job);
}

static void
hint_answer_free (gpointer data)
{
  HintAnswer *a = data;
  if (a->hint != NULL && a->game->hint_free != NULL)
    a->game->hint_free (a->hint);
  g_free (a);
}

static void
hint_thread (GTask *task, gpointer source, gpointer task_data,
             GCancellable *cancellable)
{
  HintJob *job = task_data;
  const HbGame *game = job->state->game;
  HintAnswer *answer;
  GError *error = NULL;
  gpointer hint;

  hint = game->hint_compute (job->state, cancellable, &error);
  if (hint == NULL && error != NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  answer = g_new0 (HintAnswer, 1);
  answer->game = game;
  answer->hint = hint;
  g_task_return_pointer (task, answer, hint_answer_free);
}

static void make_next_hint_move (HbWindow *self);

static void
hint_done (GObject *source, GAsyncResult *res, gpointer user_data)
{
  HbWindow *self = HB_WINDOW (source);
  HintJob *job = g_task_get_task_data (G_TASK (res));
  GError *error = NULL;
  HintAnswer *answer;

  answer = g_task_propagate_pointer (G_TASK (res), &error);
  /* Only the newest job may deliver: an older one (cancelled when hints
   * were toggled, or the board changed) must neither clear the newer
   * job's cancellable nor overwrite its answer. */
  if (self->disposed || job->serial != self->serial
      || job->cancellable != self->hint_cancellable
      || g_cancellable_is_cancelled (job->cancellable))
    {
      g_clear_error (&error);
      if (answer != NULL)
        hint_answer_free (answer);
      return;
    }
  g_clear_object (&self->hint_cancellable);
  if (answer != NULL)
    {
      free_hint (self);
      self->hint = answer->hint;
      self->hint_game = answer->game;
      g_free (answer);
      hb_board_view_set_hint (self->board_view, self->hint);
    }
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_debug ("no hint: %s", error ? error->message : "?");
  if (self->next_hint_wanted && answer == NULL && error != NULL)
    {
      self->next_hint_wanted = FALSE;
      show_toast (self, error->message);
    }
  g_clear_error (&error);
  update_hint_row (self);
  if (self->next_hint_wanted)
    {
      self->next_hint_wanted = FALSE;
      make_next_hint_move (self);
    }
}

/* Starts the worker for the current board's hint: when hints are shown,
 * or when `needed` (Next hint asked for one while hints are off). */
static void
start_hint_job (HbWindow *self, gboolean needed)
{
  HintJob *job;
  GTask *task;

  free_hint (self);
  if ((!self->show_hints && !needed) || self->game->hint_compute == NULL)
    {
      update_hint_row (self);
      return;
    }
  job = g_new0 (HintJob, 1);
  job->state = hb_state_copy (current (self));
  job->serial = self->serial;
  self->hint_cancellable = g_cancellable_new ();
  job->cancellable = g_object_ref (self->hint_cancellable);
  task = g_task_new (self, self->hint_cancellable, hint_done, NULL);
  g_task_set_task_data (task, job, hint_job_free);
  g_task_set_source_tag (task, start_hint_job);
  g_task_run_in_thread (task, hint_thread);
  g_object_unref (task);
  update_hint_row (self);
}

static void
start_hint (HbWindow *self)
{
  start_hint_job (self, FALSE);
}

/* ---- The level ----------------------------------------------------------- */

/* Everything that follows a change of the board (an edit, a press, undo,
 * a new level). */
static void
state_changed (HbWindow *self)
{
  self->serial++;
  /* A Next hint still waiting was for the board that just changed. */
  self->next_hint_wanted = FALSE;
  if (self->player != NULL)
    close_player (self);
  free_hint (self);
  hb_board_view_set_state (self->board_view, current (self));
  update_palette (self);
  update_size_controls (self);
  update_status (self);
  update_title (self);
  start_hint (self);
  update_actions (self);
}

/* Applies moves in order to the current board; the first change of a
 * gesture is a new undo step, later ones replace it. A change from outside
 * the gesture (new_step: a hint, a palette click) is a step of its own and
 * ends the gesture's claim on the current entry, as undo, redo, clear and
 * resize do: a drag that goes on afterwards starts a new step instead of
 * overwriting an entry that is not its own. Returns TRUE when the board
 * changed. */
static gboolean
apply_moves (HbWindow *self, const HbMove *moves, guint n, gboolean new_step)
{
  HbState *state = NULL;
  const HbState *from = current (self);

  if (new_step)
    self->gesture_pushed = FALSE;
  for (guint i = 0; i < n; i++)
    {
      HbState *next = self->game->apply (state ? state : from, &moves[i]);
      if (next != NULL)
        {
          hb_state_free (state);
          state = next;
        }
    }
  if (state == NULL)
    return FALSE;
  if (!self->gesture_pushed)
    {
      hb_history_push (self->history, state);
      self->gesture_pushed = !new_step;
    }
  else
    hb_history_replace (self->history, state);
  state_changed (self);
  return TRUE;
}

static void
on_board_moves (HbBoardView *view, gpointer moves, guint n, gboolean new_gesture,
                HbWindow *self)
{
  if (new_gesture)
    self->gesture_pushed = FALSE;
  if (n > 0)
    apply_moves (self, moves, n, FALSE);
}

/* A palette click in play mode: the game's pointer handler gets a PRESS
 * with no hit and the entry's id as the tool (see hb-game.h). */
static void
on_palette_activated (HbPaletteBar *bar, int id, HbWindow *self)
{
  HbPointer pointer = {
    .mode = self->mode,
    .button = 1,
    .tool = id,
  };
  HbMove moves[16];
  int n;

  if (self->player != NULL)
    return;
  n = self->game->pointer (current (self), &pointer, HB_POINTER_PRESS, NULL,
                           moves, G_N_ELEMENTS (moves));
  if (n > 0)
    apply_moves (self, moves, MIN (n, (int) G_N_ELEMENTS (moves)), TRUE);
}

static void
on_palette_selected (HbPaletteBar *bar, GParamSpec *pspec, HbWindow *self)
{
  hb_board_view_set_tool (self->board_view,
                          self->mode == HB_MODE_EDIT
                          ? hb_palette_bar_get_selected (bar) : -1);
}

static void
clear_result (HbWindow *self)
{
  close_player (self);
  g_clear_pointer (&self->result, hb_result_free);
  g_clear_pointer (&self->trace, hb_trace_free);
  g_clear_pointer (&self->result_initial, hb_state_free);
  for (guint i = 0; i < self->result_rows->len; i++)
    adw_preferences_group_remove (self->result_group,
                                  g_ptr_array_index (self->result_rows, i));
  g_ptr_array_set_size (self->result_rows, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->result_group), FALSE);
}

static void
on_solver_toggled (GtkCheckButton *check, HbWindow *self)
{
  if (gtk_check_button_get_active (check))
    self->solver = g_object_get_data (G_OBJECT (check), "hb-solver");
}

static void
rebuild_solvers (HbWindow *self)
{
  GtkCheckButton *group = NULL;

  for (guint i = 0; i < self->solver_rows->len; i++)
    adw_preferences_group_remove (self->solver_group,
                                  g_ptr_array_index (self->solver_rows, i));
  g_ptr_array_set_size (self->solver_rows, 0);
  self->solver = hb_game_default_solver (self->game);

  for (int i = 0; self->game->solvers[i] != NULL; i++)
    {
      const HbSolver *solver = self->game->solvers[i];
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *check = gtk_check_button_new ();

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(solver->name));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _(solver->summary));
      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      if (group != NULL)
        gtk_check_button_set_group (GTK_CHECK_BUTTON (check), group);
      else
        group = GTK_CHECK_BUTTON (check);
      g_object_set_data (G_OBJECT (check), "hb-solver", (gpointer) solver);
      g_object_set_data (G_OBJECT (row), "hb-check", check);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), i == 0);
      g_signal_connect (check, "toggled", G_CALLBACK (on_solver_toggled), self);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
      adw_preferences_group_add (self->solver_group, row);
      g_ptr_array_add (self->solver_rows, row);
    }
}

static void
select_game_in_dropdown (HbWindow *self)
{
  const HbGame *const *games = hb_registry_games ();

  self->updating = TRUE;
  for (guint i = 0; games[i] != NULL; i++)
    if (games[i] == self->game)
      gtk_drop_down_set_selected (self->game_dropdown, i);
  self->updating = FALSE;
}

/* Makes `state` (taken) the open level, with a fresh history. */
static void
set_level (HbWindow *self, HbState *state, GFile *file, const char *untitled_name)
{
  gboolean new_game = self->game != state->game;

  if (self->solve_cancellable != NULL)
    hb_window_cancel_solve (self);
  clear_result (self);
  free_hint (self);
  self->game = state->game;
  g_set_object (&self->file, file);
  g_free (self->untitled_name);
  self->untitled_name = g_strdup (untitled_name);
  if (self->history == NULL)
    self->history = hb_history_new (state, 0);
  else
    hb_history_reset (self->history, state);
  self->gesture_pushed = FALSE;

  if (new_game)
    {
      rebuild_solvers (self);
      select_game_in_dropdown (self);
      adw_preferences_group_set_description (self->board_group,
                                             self->game->description
                                             ? _(self->game->description) : NULL);
      g_settings_set_string (self->settings, "last-game", self->game->id);
    }
  state_changed (self);
}

static HbState *
new_blank_for (const HbGame *game, GSettings *settings)
{
  int side = MAX (game->max_ui_side, 1);
  int w = g_settings_get_int (settings, "board-width");
  int h = g_settings_get_int (settings, "board-height");

  return game->new_blank (CLAMP (w, 1, side), CLAMP (h, 1, side));
}

/* The bundled welcome level, when it is a level of `game`. */
static gboolean
load_welcome (HbWindow *self, const HbGame *game)
{
  GBytes *bytes = g_resources_lookup_data (WELCOME_RESOURCE, 0, NULL);
  HbState *state;
  GError *error = NULL;
  gsize len;
  const char *text;

  if (bytes == NULL)
    return FALSE;
  text = g_bytes_get_data (bytes, &len);
  state = hb_registry_parse (NULL, "welcome.lights", text, len, &error);
  g_bytes_unref (bytes);
  if (state == NULL)
    {
      g_warning ("the bundled welcome level does not load: %s", error->message);
      g_error_free (error);
      return FALSE;
    }
  if (state->game != game)
    {
      hb_state_free (state);
      return FALSE;
    }
  set_level (self, state, NULL, _("Welcome"));
  return TRUE;
}

/* ---- Asking about unsaved changes --------------------------------------- */

typedef void (*HbThen) (HbWindow *self, gpointer data);

typedef struct {
  HbThen         then;
  gpointer       data;
  GDestroyNotify destroy;
} Pending;

static Pending *
pending_new (HbThen then, gpointer data, GDestroyNotify destroy)
{
  Pending *p = g_new0 (Pending, 1);
  p->then = then;
  p->data = data;
  p->destroy = destroy;
  return p;
}

static void
pending_free (Pending *p)
{
  if (p == NULL)
    return;
  if (p->destroy != NULL && p->data != NULL)
    p->destroy (p->data);
  g_free (p);
}

static void
pending_run (HbWindow *self, Pending *p)
{
  if (p == NULL)
    return;
  p->then (self, p->data);
  pending_free (p);
}

static gboolean
save_current (HbWindow *self)
{
  GError *error = NULL;

  if (self->file == NULL)
    return FALSE;
  if (!hb_window_save_to_file (self, self->file, &error))
    {
      char *name = level_display_name (self);
      char *text = g_strdup_printf (_("Could not save “%s”: %s"), name, error->message);
      show_toast (self, text);
      g_free (text);
      g_free (name);
      g_error_free (error);
      return FALSE;
    }
  return TRUE;
}

static void
on_discard_response (AdwMessageDialog *dialog, const char *response, gpointer data)
{
  HbWindow *self = HB_WINDOW (gtk_window_get_transient_for (GTK_WINDOW (dialog)));
  Pending *p = data;

  if (g_strcmp0 (response, "discard") == 0)
    pending_run (self, p);
  else if (g_strcmp0 (response, "save") == 0)
    {
      if (self->file == NULL)
        save_as (self, p);
      else if (save_current (self))
        pending_run (self, p);
      else
        pending_free (p);
    }
  else
    pending_free (p);
}

/* Runs `then` now if the level has no unsaved changes, else after the user
 * chose Discard or saved successfully; never if they cancelled. */
static void
maybe_discard (HbWindow *self, HbThen then, gpointer data, GDestroyNotify destroy)
{
  Pending *p = pending_new (then, data, destroy);
  GtkWidget *dialog;
  char *name;

  if (!self->ask_to_save || !hb_history_is_modified (self->history))
    {
      pending_run (self, p);
      return;
    }
  name = level_display_name (self);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Save Changes?"), NULL);
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  _("“%s” has unsaved changes. Changes which are not saved will be permanently lost."),
                                  name);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (on_discard_response), p);
  gtk_window_present (GTK_WINDOW (dialog));
  g_free (name);
}

/* ---- Files ------------------------------------------------------------- */

/* Reading and parsing run on a worker thread, so a large file never
 * freezes the window; a newer open or Escape cancels an older one, and
 * whatever happens the open level changes only when a level was read. */

typedef struct {
  GFile *file;
  char  *name;
} LoadJob;

static void
load_job_free (gpointer data)
{
  LoadJob *job = data;

  g_object_unref (job->file);
  g_free (job->name);
  g_free (job);
}

static void
load_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  LoadJob *job = data;
  GError *error = NULL;
  char *path = g_file_get_path (job->file), *text = NULL;
  gsize len = 0;
  gboolean ok;
  HbState *state = NULL;

  if (path != NULL)
    ok = hb_read_input (path, &text, &len, &error);
  else
    ok = g_file_load_contents (job->file, cancellable, &text, &len, NULL, &error);
  if (ok && len > HB_MAX_FILE_BYTES)
    {
      g_set_error (&error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                   _("%s: the file is larger than %u MiB"), job->name, HB_MAX_FILE_BYTES >> 20);
      ok = FALSE;
    }
  /* The game comes from the extension, else from a format only one game
   * reads; errors read "NAME:LINE:COL: message". */
  if (ok && !g_cancellable_is_cancelled (cancellable))
    state = hb_registry_parse (NULL, job->name, text, len, &error);
  g_free (text);
  g_free (path);
  if (state != NULL && g_cancellable_is_cancelled (cancellable))
    g_clear_pointer (&state, hb_state_free);
  if (state != NULL)
    g_task_return_pointer (task, state, (GDestroyNotify) hb_state_free);
  else if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s", _("Opening was cancelled"));
}

static void
load_toast_clear (HbWindow *self)
{
  g_clear_handle_id (&self->load_toast_id, g_source_remove);
  if (self->load_toast != NULL)
    {
      adw_toast_dismiss (self->load_toast);
      g_clear_object (&self->load_toast);
    }
}

static gboolean
load_toast_show (gpointer data)
{
  HbWindow *self = data;
  char *text, *escaped;

  self->load_toast_id = 0;
  text = g_strdup_printf (_("Opening “%s”…"), (const char *) g_object_get_data (G_OBJECT (self->load_cancellable), "hb-name"));
  escaped = g_markup_escape_text (text, -1);
  self->load_toast = g_object_ref (adw_toast_new (escaped));
  adw_toast_set_timeout (self->load_toast, 0);
  adw_toast_set_button_label (self->load_toast, _("_Cancel"));
  adw_toast_set_action_name (self->load_toast, "win.cancel");
  adw_toast_overlay_add_toast (self->toast_overlay, self->load_toast);
  g_free (escaped);
  g_free (text);
  return G_SOURCE_REMOVE;
}

static void
load_done (GObject *source, GAsyncResult *res, gpointer user_data)
{
  HbWindow *self = HB_WINDOW (source);
  GTask *outer = user_data;
  LoadJob *job = g_task_get_task_data (G_TASK (res));
  GCancellable *cancellable = g_task_get_cancellable (G_TASK (res));
  GError *error = NULL;
  HbState *state = g_task_propagate_pointer (G_TASK (res), &error);

  if (!self->disposed && cancellable == self->load_cancellable)
    {
      load_toast_clear (self);
      g_clear_object (&self->load_cancellable);
      update_actions (self);
    }
  if (self->disposed || g_cancellable_is_cancelled (cancellable))
    {
      g_clear_pointer (&state, hb_state_free);
      g_clear_error (&error);
      g_task_return_new_error (outer, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s",
                               _("Opening was cancelled"));
      g_object_unref (outer);
      return;
    }
  if (state == NULL)
    {
      show_toast (self, error ? error->message : _("The file could not be read"));
      g_task_return_error (outer, error);
      g_object_unref (outer);
      return;
    }
  set_level (self, state, job->file, NULL);
  g_task_return_boolean (outer, TRUE);
  g_object_unref (outer);
}

void
hb_window_load_file_async (HbWindow *self, GFile *file, GAsyncReadyCallback callback,
                           gpointer user_data)
{
  GTask *outer, *task;
  LoadJob *job;

  g_return_if_fail (HB_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  if (self->load_cancellable != NULL)
    g_cancellable_cancel (self->load_cancellable);
  g_clear_object (&self->load_cancellable);
  load_toast_clear (self);
  self->load_cancellable = g_cancellable_new ();

  job = g_new0 (LoadJob, 1);
  job->file = g_object_ref (file);
  job->name = g_file_get_basename (file);
  g_object_set_data_full (G_OBJECT (self->load_cancellable), "hb-name",
                          g_strdup (job->name), g_free);
  outer = g_task_new (self, self->load_cancellable, callback, user_data);
  task = g_task_new (self, self->load_cancellable, load_done, outer);
  g_task_set_task_data (task, job, load_job_free);
  g_task_run_in_thread (task, load_thread);
  g_object_unref (task);
  /* Say so only when it takes long enough to notice. */
  self->load_toast_id = g_timeout_add (300, load_toast_show, self);
  update_actions (self);
}

gboolean
hb_window_load_file_finish (HbWindow *self, GAsyncResult *result, GError **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

gboolean
hb_window_is_loading (HbWindow *self)
{
  return self->load_cancellable != NULL;
}

static void
hb_window_load_file (HbWindow *self, GFile *file)
{
  hb_window_load_file_async (self, file, NULL, NULL);
}

static void
open_then (HbWindow *self, gpointer data)
{
  hb_window_load_file (self, G_FILE (data));
}

void
hb_window_open (HbWindow *self, GFile *file)
{
  g_return_if_fail (HB_IS_WINDOW (self));
  maybe_discard (self, open_then, g_object_ref (file), g_object_unref);
}

gboolean
hb_window_save_to_file (HbWindow *self, GFile *file, GError **error)
{
  char *text, *path;
  gboolean ok;

  g_return_val_if_fail (HB_IS_WINDOW (self), FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("Only local files can be saved"));
      return FALSE;
    }
  text = self->game->write (current (self), HB_WRITE_NATIVE, error);
  if (text == NULL)
    {
      g_free (path);
      return FALSE;
    }
  ok = hb_write_atomic (path, text, strlen (text), error);
  g_free (text);
  g_free (path);
  if (!ok)
    return FALSE;

  hb_history_mark_saved (self->history);
  if (self->file == NULL || !g_file_equal (self->file, file))
    g_set_object (&self->file, file);
  update_title (self);
  return TRUE;
}

static GtkFileFilter *
filter_for_game (const HbGame *game)
{
  GtkFileFilter *filter = gtk_file_filter_new ();
  char *pattern = g_strdup_printf ("*%s", game->extension);
  /* TRANSLATORS: a file type in the file chooser: "Enlight levels (*.lights)" */
  char *name = g_strdup_printf (_("%s levels (%s)"), _(game->name), pattern);

  gtk_file_filter_set_name (filter, name);
  gtk_file_filter_add_pattern (filter, pattern);
  g_free (pattern);
  g_free (name);
  return filter;
}

static GtkFileFilter *
filter_all (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("All files"));
  gtk_file_filter_add_pattern (filter, "*");
  return filter;
}

/* File dialogs are modal and remember their window in "hb-window"; a
 * window that closes while one is up destroys it and clears that link, so
 * a late response finds no window instead of a freed one. */
static void
show_file_dialog (HbWindow *self, GtkFileChooserNative *dialog, GCallback on_response)
{
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_object_set_data (G_OBJECT (dialog), "hb-window", self);
  self->file_dialog = GTK_NATIVE_DIALOG (dialog);
  g_signal_connect (dialog, "response", on_response, NULL);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* The window a dialog belongs to, or NULL when it has closed. */
static HbWindow *
file_dialog_window (GtkNativeDialog *dialog)
{
  HbWindow *self = g_object_get_data (G_OBJECT (dialog), "hb-window");

  if (self != NULL && self->file_dialog == dialog)
    self->file_dialog = NULL;
  return self;
}

static void
on_open_response (GtkNativeDialog *dialog, int response, gpointer data)
{
  HbWindow *self = file_dialog_window (dialog);

  if (self != NULL && response == GTK_RESPONSE_ACCEPT)
    {
      GFile *file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      if (file != NULL)
        {
          hb_window_load_file (self, file);
          g_object_unref (file);
        }
    }
  g_object_unref (dialog);
}

static void
open_dialog_then (HbWindow *self, gpointer data)
{
  GtkFileChooserNative *dialog;
  const HbGame *const *games = hb_registry_games ();
  GtkFileFilter *all_levels = gtk_file_filter_new ();

  dialog = gtk_file_chooser_native_new (_("Open Level"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN,
                                        _("_Open"), _("_Cancel"));
  gtk_file_filter_set_name (all_levels, _("All levels"));
  for (int i = 0; games[i] != NULL; i++)
    {
      char *pattern = g_strdup_printf ("*%s", games[i]->extension);
      gtk_file_filter_add_pattern (all_levels, pattern);
      g_free (pattern);
    }
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), all_levels);
  g_object_unref (all_levels);
  for (int i = 0; games[i] != NULL; i++)
    {
      GtkFileFilter *f = filter_for_game (games[i]);
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), f);
      g_object_unref (f);
    }
  {
    GtkFileFilter *f = filter_all ();
    gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), f);
    g_object_unref (f);
  }
  show_file_dialog (self, dialog, G_CALLBACK (on_open_response));
}

static void
on_save_as_response (GtkNativeDialog *dialog, int response, gpointer data)
{
  HbWindow *self = file_dialog_window (dialog);
  Pending *p = g_object_get_data (G_OBJECT (dialog), "hb-pending");
  GFile *file = NULL;

  g_object_steal_data (G_OBJECT (dialog), "hb-pending");
  if (self != NULL && response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  if (file != NULL)
    {
      GError *error = NULL;
      char *base = g_file_get_basename (file);

      /* A name without an extension gets the game's, so that the file
       * opens as this game again. */
      if (base != NULL && strchr (base, '.') == NULL)
        {
          char *with_ext = g_strconcat (base, self->game->extension, NULL);
          GFile *parent = g_file_get_parent (file);
          GFile *renamed = g_file_get_child (parent, with_ext);
          g_object_unref (file);
          g_object_unref (parent);
          g_free (with_ext);
          file = renamed;
        }
      g_free (base);

      if (hb_window_save_to_file (self, file, &error))
        pending_run (self, p);
      else
        {
          char *name = g_file_get_basename (file);
          char *text = g_strdup_printf (_("Could not save “%s”: %s"), name, error->message);
          show_toast (self, text);
          g_free (text);
          g_free (name);
          g_error_free (error);
          pending_free (p);
        }
      g_object_unref (file);
    }
  else
    pending_free (p);
  g_object_unref (dialog);
}

/* Asks for a file name and saves; then runs `pending` (may be NULL). */
static void
save_as (HbWindow *self, gpointer pending)
{
  GtkFileChooserNative *dialog;
  GtkFileFilter *filter;
  char *name;

  dialog = gtk_file_chooser_native_new (_("Save Level"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE,
                                        _("_Save"), _("_Cancel"));
  filter = filter_for_game (self->game);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  g_object_unref (filter);
  filter = filter_all ();
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  g_object_unref (filter);

  if (self->file != NULL)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (dialog), self->file, NULL);
  else
    {
      name = g_strconcat (self->untitled_name ? self->untitled_name : _("Untitled"),
                          self->game->extension, NULL);
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
      g_free (name);
    }
  g_object_set_data (G_OBJECT (dialog), "hb-pending", pending);
  show_file_dialog (self, dialog, G_CALLBACK (on_save_as_response));
}

static gboolean
on_drop (GtkDropTarget *target, const GValue *value, double x, double y,
         HbWindow *self)
{
  GSList *files;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;
  files = gdk_file_list_get_files (g_value_get_boxed (value));
  if (files == NULL)
    return FALSE;
  hb_window_open (self, G_FILE (files->data));
  g_slist_free (files);
  return TRUE;
}

/* ---- Player -------------------------------------------------------------- */

static void
close_player (HbWindow *self)
{
  if (self->player == NULL)
    return;
  hb_player_bar_set_player (self->player_bar, NULL, NULL);
  hb_board_view_set_player (self->board_view, NULL);
  g_clear_pointer (&self->player, hb_player_free);
  gtk_revealer_set_reveal_child (self->player_revealer, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), TRUE);
  update_actions (self);
}

static void
open_player (HbWindow *self)
{
  close_player (self);
  if (self->trace == NULL || self->result_initial == NULL
      || hb_trace_length (self->trace) == 0)
    return;
  self->player = hb_player_new (self->result_initial, self->trace);
  hb_player_bar_set_player (self->player_bar, self->player, self->trace);
  hb_board_view_set_player (self->board_view, self->player);
  gtk_revealer_set_reveal_child (self->player_revealer, TRUE);
  /* The status line describes the live board, not the frame shown. */
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), FALSE);
  /* The player's keys (Space, arrows, Home, End) reach the window only if
   * no scrolled sidebar holds the focus: hand it to the board. */
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
  update_actions (self);
}

static void
on_player_frame_changed (HbPlayerBar *bar, HbWindow *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self->board_view));
}

static void
on_player_close (HbPlayerBar *bar, HbWindow *self)
{
  close_player (self);
}

/* ---- Solving ------------------------------------------------------------- */

typedef struct {
  const HbSolver *solver;
  HbState        *state;
  HbTrace        *trace;
} SolveJob;

static void
solve_job_free (gpointer data)
{
  SolveJob *job = data;
  hb_state_free (job->state);
  hb_trace_free (job->trace);
  g_free (job);
}

static void
solve_thread (GTask *task, gpointer source, gpointer task_data,
              GCancellable *cancellable)
{
  SolveJob *job = task_data;
  HbSolveOptions options = { 0 };
  GError *error = NULL;
  HbResult *result;

  options.seed = g_random_int ();
  result = hb_solve (job->solver, job->state, &options, job->trace,
                     cancellable, &error);
  if (result == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, result, (GDestroyNotify) hb_result_free);
}

static void
add_result_row (HbWindow *self, const char *title, const char *value,
                gboolean value_is_subtitle)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (value_is_subtitle)
    {
      if (value != NULL && value[0])
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), value);
    }
  else if (value != NULL)
    {
      GtkWidget *label = gtk_label_new (value);
      gtk_label_set_selectable (GTK_LABEL (label), TRUE);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 18);
      gtk_label_set_xalign (GTK_LABEL (label), 1);
      gtk_widget_set_tooltip_text (label, value);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_widget_add_css_class (label, "numeric");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
    }
  adw_preferences_group_add (self->result_group, row);
  g_ptr_array_add (self->result_rows, row);
}

static void
show_result (HbWindow *self)
{
  const HbResult *r = self->result;
  char *status = NULL, *seconds;

  switch (r->status)
    {
    case HB_STATUS_SOLVED:
      status = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "Solved: %u move",
                                             "Solved: %u moves", r->moves->len),
                                r->moves->len);
      if (r->optimal)
        {
          char *s = g_strdup_printf (_("%s (proven optimal)"), status);
          g_free (status);
          status = s;
        }
      break;
    case HB_STATUS_NO_SOLUTION:
      status = g_strdup (_("No solution: this level cannot be solved"));
      break;
    case HB_STATUS_GAVE_UP:
      status = g_strdup (_("The solver gave up"));
      break;
    case HB_STATUS_CANCELLED:
    default:
      status = g_strdup (_("Cancelled"));
      break;
    }
  add_result_row (self, status, r->message, TRUE);
  g_free (status);

  if (r->seconds < 1)
    /* TRANSLATORS: wall time of a solve, in milliseconds */
    seconds = g_strdup_printf (_("%.3g ms"), r->seconds * 1000);
  else
    /* TRANSLATORS: wall time of a solve, in seconds */
    seconds = g_strdup_printf (_("%.3g s"), r->seconds);
  add_result_row (self, _("Time"), seconds, FALSE);
  g_free (seconds);
  for (guint i = 0; i < r->stats->len; i++)
    {
      const HbStat *stat = g_ptr_array_index (r->stats, i);
      add_result_row (self, _(stat->name), stat->value, FALSE);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->result_group), TRUE);
}

static void
set_solving_ui (HbWindow *self, gboolean solving)
{
  gtk_widget_set_visible (GTK_WIDGET (self->solve_spinner), solving);
  gtk_spinner_set_spinning (self->solve_spinner, solving);
  gtk_label_set_label (self->solve_label, solving ? _("_Cancel") : _("_Solve"));
  if (solving)
    gtk_widget_remove_css_class (self->solve_button, "suggested-action");
  else
    gtk_widget_add_css_class (self->solve_button, "suggested-action");
  gtk_widget_set_visible (GTK_WIDGET (self->progress_label), solving);
  if (solving)
    gtk_label_set_label (self->progress_label, _("Starting…"));
  for (guint i = 0; i < self->solver_rows->len; i++)
    gtk_widget_set_sensitive (g_ptr_array_index (self->solver_rows, i), !solving);
}

static gboolean
poll_progress (gpointer data)
{
  HbWindow *self = data;
  gint64 counter = 0;
  char *text, *line;
  const char *name;

  if (self->running_trace == NULL)
    return G_SOURCE_CONTINUE;
  text = hb_trace_get_progress (self->running_trace, &counter);
  name = hb_trace_get_counter_name (self->running_trace);
  /* TRANSLATORS: live progress of a solve: "2.4 s · search calls: 93183" */
  line = g_strdup_printf (_("%.1f s · %s: %lld%s%s"),
                          hb_now () - self->solve_started,
                          name && name[0] ? name : _("steps"), (long long) counter,
                          text && text[0] ? "\n" : "", text ? text : "");
  gtk_label_set_label (self->progress_label, line);
  g_free (line);
  g_free (text);
  return G_SOURCE_CONTINUE;
}

static void
solve_done (GObject *source, GAsyncResult *res, gpointer user_data)
{
  HbWindow *self = HB_WINDOW (source);
  SolveJob *job = g_task_get_task_data (G_TASK (res));
  GError *error = NULL;
  HbResult *result;

  result = g_task_propagate_pointer (G_TASK (res), &error);
  if (self->disposed)
    {
      g_clear_pointer (&result, hb_result_free);
      g_clear_error (&error);
      return;
    }
  g_clear_handle_id (&self->progress_id, g_source_remove);
  g_clear_object (&self->solve_cancellable);
  self->running_trace = NULL;
  set_solving_ui (self, FALSE);

  if (result == NULL)
    {
      char *text = g_strdup_printf (_("The solver could not run: %s"), error->message);
      show_toast (self, text);
      g_free (text);
      g_error_free (error);
      update_actions (self);
      return;
    }

  clear_result (self);
  self->result = result;
  self->result_initial = g_steal_pointer (&job->state);
  self->trace = g_steal_pointer (&job->trace);
  show_result (self);
  if (hb_trace_length (self->trace) > 0 && self->result_initial->game == self->game)
    open_player (self);
  update_actions (self);
}

void
hb_window_solve (HbWindow *self)
{
  SolveJob *job;
  GTask *task;

  g_return_if_fail (HB_IS_WINDOW (self));
  if (self->solve_cancellable != NULL || self->solver == NULL)
    return;
  close_player (self);

  job = g_new0 (SolveJob, 1);
  job->solver = self->solver;
  job->state = hb_state_copy (current (self));
  job->trace = hb_trace_new (HB_TRACE_DEFAULT_MAX_STEPS, HB_TRACE_DEFAULT_MAX_BYTES);
  self->running_trace = job->trace;
  self->solve_cancellable = g_cancellable_new ();
  self->solve_started = hb_now ();

  task = g_task_new (self, self->solve_cancellable, solve_done, NULL);
  g_task_set_task_data (task, job, solve_job_free);
  /* A cancelled solver returns a CANCELLED result (with what it knew),
   * which is worth showing, rather than an error. */
  g_task_set_check_cancellable (task, FALSE);
  g_task_set_source_tag (task, hb_window_solve);
  g_task_run_in_thread (task, solve_thread);
  g_object_unref (task);

  set_solving_ui (self, TRUE);
  self->progress_id = g_timeout_add (100, poll_progress, self);
  update_actions (self);
}

void
hb_window_cancel_solve (HbWindow *self)
{
  g_return_if_fail (HB_IS_WINDOW (self));
  if (self->solve_cancellable != NULL)
    g_cancellable_cancel (self->solve_cancellable);
}

/* ---- Exporting the solution as an animated PNG ----------------------------- */

#define EXPORT_CELL_PX   48
#define EXPORT_SECONDS   0.5   /* per move; the last frame stays longer */

typedef struct {
  HbState  *initial;
  HbResult *result;     /* status and moves only */
  gboolean  dark;
  GFile    *file;
} ExportJob;

static void
export_job_free (gpointer data)
{
  ExportJob *job = data;

  hb_state_free (job->initial);
  hb_result_free (job->result);
  g_clear_object (&job->file);
  g_free (job);
}

/* A copy of what the export needs, taken when the dialog opens: the window
 * may solve again or change level while the dialog or the worker runs. */
static ExportJob *
export_job_new (HbWindow *self)
{
  ExportJob *job = g_new0 (ExportJob, 1);

  job->initial = hb_state_copy (self->result_initial);
  job->result = hb_result_new (self->result->status);
  g_array_append_vals (job->result->moves, self->result->moves->data,
                       self->result->moves->len);
  job->dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  return job;
}

static void
export_thread (GTask *task, gpointer source, gpointer task_data,
               GCancellable *cancellable)
{
  ExportJob *job = task_data;
  HbRenderOptions options = { 0 };
  GError *error = NULL;

  options.dark = job->dark;
  if (hb_anim_save_solution (job->file, job->initial, job->result, &options,
                             EXPORT_CELL_PX, EXPORT_SECONDS, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
export_done (GObject *source, GAsyncResult *res, gpointer user_data)
{
  HbWindow *self = HB_WINDOW (source);
  ExportJob *job = g_task_get_task_data (G_TASK (res));
  GError *error = NULL;
  char *name, *text;

  g_task_propagate_boolean (G_TASK (res), &error);
  if (self->disposed)
    {
      g_clear_error (&error);
      return;
    }
  g_clear_object (&self->export_cancellable);
  name = g_file_get_basename (job->file);
  if (error == NULL)
    text = g_strdup_printf (_("Animation saved as “%s”"), name);
  else
    text = g_strdup_printf (_("Could not export “%s”: %s"), name, error->message);
  show_toast (self, text);
  g_free (text);
  g_free (name);
  g_clear_error (&error);
  update_actions (self);
}

static void
on_export_response (GtkNativeDialog *dialog, int response, gpointer data)
{
  HbWindow *self = file_dialog_window (dialog);
  ExportJob *job = g_object_steal_data (G_OBJECT (dialog), "hb-export-job");
  GFile *file = NULL;
  GTask *task;
  char *base;

  if (self != NULL && response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  g_object_unref (dialog);
  if (file == NULL || self == NULL || self->export_cancellable != NULL)
    {
      g_clear_object (&file);
      export_job_free (job);
      return;
    }

  /* A name without an extension gets ".png", so that viewers know it. */
  base = g_file_get_basename (file);
  if (base != NULL && strchr (base, '.') == NULL)
    {
      char *with_ext = g_strconcat (base, ".png", NULL);
      GFile *parent = g_file_get_parent (file);
      GFile *renamed = g_file_get_child (parent, with_ext);
      g_object_unref (parent);
      g_object_unref (file);
      g_free (with_ext);
      file = renamed;
    }
  g_free (base);

  job->file = file;
  self->export_cancellable = g_cancellable_new ();
  task = g_task_new (self, self->export_cancellable, export_done, NULL);
  g_task_set_task_data (task, job, export_job_free);
  g_task_set_source_tag (task, on_export_response);
  g_task_run_in_thread (task, export_thread);
  g_object_unref (task);
  update_actions (self);
}

static void
export_animation (HbWindow *self)
{
  GtkFileChooserNative *dialog;
  GtkFileFilter *filter;
  char *level, *dot, *name;

  if (!result_can_export (self) || self->export_cancellable != NULL)
    return;
  dialog = gtk_file_chooser_native_new (_("Export Animation"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE,
                                        _("_Export"), _("_Cancel"));
  filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _("Animated PNG images"));
  gtk_file_filter_add_pattern (filter, "*.png");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  g_object_unref (filter);

  /* "<level>-solution.png", beside the level's file when it has one. */
  level = level_display_name (self);
  dot = strrchr (level, '.');
  if (dot != NULL && dot != level)
    *dot = '\0';
  /* TRANSLATORS: the suggested file name of an exported animation;
   * %s is the level's name without its extension */
  name = g_strdup_printf (_("%s-solution.png"), level);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  g_free (name);
  g_free (level);
  if (self->file != NULL)
    {
      GFile *folder = g_file_get_parent (self->file);
      if (folder != NULL)
        gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (dialog), folder, NULL);
      g_clear_object (&folder);
    }

  g_object_set_data_full (G_OBJECT (dialog), "hb-export-job", export_job_new (self),
                          export_job_free);
  show_file_dialog (self, dialog, G_CALLBACK (on_export_response));
}

/* ---- Actions ------------------------------------------------------------- */

static void
new_then (HbWindow *self, gpointer data)
{
  const HbGame *game = data ? data : self->game;
  int side = MAX (game->max_ui_side, 1);
  HbState *state;

  if (game == self->game)
    state = game->new_blank (CLAMP ((int) gtk_adjustment_get_value (self->width_adjustment), 1, side),
                             CLAMP ((int) gtk_adjustment_get_value (self->height_adjustment), 1, side));
  else
    state = new_blank_for (game, self->settings);
  set_level (self, state, NULL, NULL);
}

static void
action_new (GSimpleAction *action, GVariant *param, gpointer data)
{
  maybe_discard (HB_WINDOW (data), new_then, NULL, NULL);
}

static void
random_then (HbWindow *self, gpointer data)
{
  HbGenerateParams params = { 0 };
  GError *error = NULL;
  HbState *state;

  params.width = (int) gtk_adjustment_get_value (self->width_adjustment);
  params.height = (int) gtk_adjustment_get_value (self->height_adjustment);
  if (self->game->max_colours > 0)
    params.colours = (int) gtk_adjustment_get_value (self->colours_adjustment);
  params.seed = ((guint64) g_random_int () << 32) | g_random_int ();
  state = self->game->generate (&params, &error);
  if (state == NULL)
    {
      show_toast (self, error->message);
      g_error_free (error);
      return;
    }
  set_level (self, state, NULL, NULL);
}

static void
action_random (GSimpleAction *action, GVariant *param, gpointer data)
{
  HbWindow *self = HB_WINDOW (data);

  if (self->game->generate == NULL)
    return;
  maybe_discard (self, random_then, NULL, NULL);
}

static void
action_clear (GSimpleAction *action, GVariant *param, gpointer data)
{
  HbWindow *self = HB_WINDOW (data);
  const HbState *s = current (self);
  HbState *blank = self->game->new_blank (s->width, s->height);

  /* An edit like any other: undo brings the board back. */
  if (self->game->equal (blank, s))
    {
      hb_state_free (blank);
      return;
    }
  hb_history_push (self->history, blank);
  self->gesture_pushed = FALSE;
  state_changed (self);
}

static void
action_open (GSimpleAction *action, GVariant *param, gpointer data)
{
  maybe_discard (HB_WINDOW (data), open_dialog_then, NULL, NULL);
}

static void
action_save (GSimpleAction *action, GVariant *param, gpointer data)
{
  HbWindow *self = HB_WINDOW (data);

  if (self->file == NULL)
    save_as (self, NULL);
  else
    save_current (self);
}

static void
action_save_as (GSimpleAction *action, GVariant *param, gpointer data)
{
  save_as (HB_WINDOW (data), NULL);
}

static void
action_undo (GSimpleAction *action, GVariant *param, gpointer data)
{
  HbWindow *self = HB_WINDOW (data);

  self->gesture_pushed = FALSE;
  if (hb_history_undo (self->history))
    state_changed (self);
}

static void
action_redo (GSimpleAction *action, GVariant *param, gpointer data)
{
  HbWindow *self = HB_WINDOW (data);

  self->gesture_pushed = FALSE;
  if (hb_history_redo (self->history))
    state_changed (self);
}

void
hb_window_set_mode (HbWindow *self, HbMode mode)
{
  g_return_if_fail (HB_IS_WINDOW (self));
  g_action_group_change_action_state (G_ACTION_GROUP (self), "mode",
                                      g_variant_new_string (mode == HB_MODE_PLAY
                                                            ? "play" : "edit"));
}

HbMode
hb_window_get_mode (HbWindow *self)
{
  return self->mode;
}

static void
change_mode_state (GSimpleAction *action, GVariant *value, gpointer data)
{
  HbWindow *self = HB_WINDOW (data);
  const char *s = g_variant_get_string (value, NULL);
  HbMode mode;

  if (g_str_equal (s, "edit"))
    mode = HB_MODE_EDIT;
  else if (g_str_equal (s, "play"))
    mode = HB_MODE_PLAY;
  else
    return;
  g_simple_action_set_state (action, value);
  if (mode == self->mode)
    return;
  self->mode = mode;
  hb_board_view_set_mode (self->board_view, mode);
  update_palette (self);
  update_status (self);
  update_actions (self);
}

static void
action_toggle_sidebar (GSimpleAction *action, GVariant *param, gpointer data)
{
  HbWindow *self = HB_WINDOW (data);
  adw_flap_set_reveal_flap (self->flap, !adw_flap_get_reveal_flap (self->flap));
}

static void
action_solve (GSimpleAction *action, GVariant *param, gpointer data)
{
  hb_window_solve (HB_WINDOW (data));
}

static void
action_solve_or_cancel (GSimpleAction *action, GVariant *param, gpointer data)
{
  HbWindow *self = HB_WINDOW (data);

  if (self->solve_cancellable != NULL)
    hb_window_cancel_solve (self);
  else
    hb_window_solve (self);
}

static void
action_cancel (GSimpleAction *action, GVariant *param, gpointer data)
{
  HbWindow *self = HB_WINDOW (data);

  if (self->load_cancellable != NULL)
    {
      g_cancellable_cancel (self->load_cancellable);
      load_toast_clear (self);
    }
  else if (self->solve_cancellable != NULL)
    hb_window_cancel_solve (self);
  else if (self->player != NULL)
    close_player (self);
}

static void
make_next_hint_move (HbWindow *self)
{
  HbMove move;

  if (self->hint == NULL)
    return;
  /* A hint of several moves (Flow Free: a whole path) is one undo step. */
  if (self->game->hint_next_moves != NULL)
    {
      g_autoptr (GArray) moves = g_array_new (FALSE, FALSE, sizeof (HbMove));
      if (self->game->hint_next_moves (current (self), self->hint, moves) && moves->len > 0)
        {
          apply_moves (self, (const HbMove *) moves->data, moves->len, TRUE);
          return;
        }
    }
  if (!self->game->hint_next_move (current (self), self->hint, &move))
    {
      show_toast (self, self->game->is_solved (current (self))
                        ? _("Nothing left to do: the level is solved")
                        : _("No move to suggest here"));
      return;
    }
  apply_moves (self, &move, 1, TRUE);
}

/* Makes the hint's next move; when the hint is not ready (still being
 * worked out, or hints are off), asks the worker for it and moves when it
 * arrives, so the window never waits on the main thread. */
static void
action_next_hint (GSimpleAction *action, GVariant *param, gpointer data)
{
  HbWindow *self = HB_WINDOW (data);

  close_player (self);
  if (self->game->hint_compute == NULL)
    return;
  if (self->hint != NULL)
    {
      make_next_hint_move (self);
      return;
    }
  if (self->hint_cancellable == NULL)
    start_hint_job (self, TRUE);
  self->next_hint_wanted = TRUE;
  update_hint_row (self);
}

static void
action_apply_solution (GSimpleAction *action, GVariant *param, gpointer data)
{
  HbWindow *self = HB_WINDOW (data);

  if (!result_applies (self))
    return;
  close_player (self);
  /* The result carries the board once solved: one copy, where replaying
   * the moves would copy the board once per move (a million presses on a
   * big Enlight board). */
  if (self->result->solved != NULL)
    {
      hb_history_push (self->history, hb_state_copy (self->result->solved));
      self->gesture_pushed = FALSE;
      state_changed (self);
      return;
    }
  apply_moves (self, (const HbMove *) self->result->moves->data,
               self->result->moves->len, TRUE);
}

static void
action_replay (GSimpleAction *action, GVariant *param, gpointer data)
{
  open_player (HB_WINDOW (data));
}

static void
action_player_toggle (GSimpleAction *action, GVariant *param, gpointer data)
{
  hb_player_bar_toggle_playing (HB_WINDOW (data)->player_bar);
}

static void
action_player_back (GSimpleAction *action, GVariant *param, gpointer data)
{
  hb_player_bar_step (HB_WINDOW (data)->player_bar, -1);
}

static void
action_player_forward (GSimpleAction *action, GVariant *param, gpointer data)
{
  hb_player_bar_step (HB_WINDOW (data)->player_bar, 1);
}

static void
action_player_start (GSimpleAction *action, GVariant *param, gpointer data)
{
  HbWindow *self = HB_WINDOW (data);

  hb_player_bar_set_playing (self->player_bar, FALSE);
  hb_player_bar_seek (self->player_bar, 0);
}

static void
action_player_end (GSimpleAction *action, GVariant *param, gpointer data)
{
  HbWindow *self = HB_WINDOW (data);

  hb_player_bar_set_playing (self->player_bar, FALSE);
  if (self->player != NULL)
    hb_player_bar_seek (self->player_bar, hb_player_length (self->player));
}

static void
action_export_animation (GSimpleAction *action, GVariant *param, gpointer data)
{
  export_animation (HB_WINDOW (data));
}

static void
action_palette (GSimpleAction *action, GVariant *param, gpointer data)
{
  HbWindow *self = HB_WINDOW (data);

  hb_palette_bar_activate_index (self->palette_bar, g_variant_get_int32 (param) - 1);
}

static const GActionEntry win_entries[] = {
  { "new", action_new },
  { "open", action_open },
  { "save", action_save },
  { "save-as", action_save_as },
  { "random", action_random },
  { "clear", action_clear },
  { "undo", action_undo },
  { "redo", action_redo },
  { "mode", NULL, "s", "'edit'", change_mode_state },
  { "toggle-sidebar", action_toggle_sidebar },
  { "solve", action_solve },
  { "solve-or-cancel", action_solve_or_cancel },
  { "cancel", action_cancel },
  { "next-hint", action_next_hint },
  { "apply-solution", action_apply_solution },
  { "replay", action_replay },
  { "player-toggle", action_player_toggle },
  { "player-back", action_player_back },
  { "player-forward", action_player_forward },
  { "player-start", action_player_start },
  { "player-end", action_player_end },
  { "export-animation", action_export_animation },
  { "palette", action_palette, "i" },
};

/* Keys without a modifier act only when the focused widget (a spin
 * button, a scale) did not use them: they are handled in the bubble phase. */
static void
add_plain_shortcuts (HbWindow *self)
{
  static const struct { const char *accel, *action, *target; } keys[] = {
    { "Escape", "win.cancel", NULL },
    { "space", "win.player-toggle", NULL },
    { "Left", "win.player-back", NULL },
    { "Right", "win.player-forward", NULL },
    { "Home", "win.player-start", NULL },
    { "End", "win.player-end", NULL },
    { "e", "win.mode", "'edit'" },
    { "p", "win.mode", "'play'" },
    { "h", "win.show-hints", NULL },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_BUBBLE);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      GtkShortcut *shortcut =
        gtk_shortcut_new (gtk_shortcut_trigger_parse_string (keys[i].accel),
                          gtk_named_action_new (keys[i].action));
      if (keys[i].target != NULL)
        gtk_shortcut_set_arguments (shortcut, g_variant_new_parsed (keys[i].target));
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), shortcut);
    }
  for (int n = 1; n <= 9; n++)
    {
      char accel[8];
      GtkShortcut *shortcut;

      g_snprintf (accel, sizeof accel, "%d", n);
      shortcut = gtk_shortcut_new (gtk_shortcut_trigger_parse_string (accel),
                                   gtk_named_action_new ("win.palette"));
      gtk_shortcut_set_arguments (shortcut, g_variant_new_int32 (n));
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), shortcut);
    }
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

/* ---- Signals from the controls ------------------------------------------ */

static void
on_game_selected (GtkDropDown *dropdown, GParamSpec *pspec, HbWindow *self)
{
  const HbGame *const *games = hb_registry_games ();
  guint i = gtk_drop_down_get_selected (dropdown);

  if (self->updating || i == GTK_INVALID_LIST_POSITION || games[i] == self->game)
    return;
  /* Back to the open game until the user agreed to leave the level. */
  select_game_in_dropdown (self);
  maybe_discard (self, new_then, (gpointer) games[i], NULL);
}

static void
on_size_changed (GtkAdjustment *adjustment, HbWindow *self)
{
  const HbState *s;
  HbState *resized;
  int w, h;

  if (self->updating || self->history == NULL)
    return;
  s = current (self);
  w = (int) gtk_adjustment_get_value (self->width_adjustment);
  h = (int) gtk_adjustment_get_value (self->height_adjustment);
  g_settings_set_int (self->settings, "board-width", CLAMP (w, 1, SETTINGS_MAX_SIDE));
  g_settings_set_int (self->settings, "board-height", CLAMP (h, 1, SETTINGS_MAX_SIDE));
  if (w == s->width && h == s->height)
    return;
  resized = self->game->resize (s, w, h);
  if (resized == NULL)
    return;
  hb_history_push (self->history, resized);
  self->gesture_pushed = FALSE;
  state_changed (self);
}

static void
on_show_hints_changed (GSettings *settings, const char *key, HbWindow *self)
{
  self->show_hints = g_settings_get_boolean (settings, "show-hints");
  hb_board_view_set_show_hints (self->board_view, self->show_hints);
  if (self->show_hints && self->hint == NULL)
    start_hint (self);
  update_hint_row (self);
}

static void
close_then (HbWindow *self, gpointer data)
{
  /* The user answered: closing again must not ask twice. */
  self->close_confirmed = TRUE;
  gtk_window_close (GTK_WINDOW (self));
}

static gboolean
hb_window_close_request (GtkWindow *window)
{
  HbWindow *self = HB_WINDOW (window);

  if (!self->close_confirmed && self->ask_to_save
      && hb_history_is_modified (self->history))
    {
      maybe_discard (self, close_then, NULL, NULL);
      return TRUE;
    }

  if (!gtk_window_is_maximized (window))
    {
      int w, h;
      gtk_window_get_default_size (window, &w, &h);
      if (w > 0 && h > 0)
        {
          g_settings_set_int (self->settings, "window-width", w);
          g_settings_set_int (self->settings, "window-height", h);
        }
    }
  g_settings_set_boolean (self->settings, "window-maximized",
                          gtk_window_is_maximized (window));
  return GTK_WINDOW_CLASS (hb_window_parent_class)->close_request (window);
}

/* ---- Public accessors ---------------------------------------------------- */

const HbGame *
hb_window_get_game (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), NULL);
  return self->game;
}

const HbState *
hb_window_get_state (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), NULL);
  return current (self);
}

gboolean
hb_window_get_modified (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), FALSE);
  return hb_history_is_modified (self->history);
}

GFile *
hb_window_get_file (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), NULL);
  return self->file;
}

void
hb_window_set_ask_to_save (HbWindow *self, gboolean ask)
{
  g_return_if_fail (HB_IS_WINDOW (self));
  ask = !!ask;
  if (self->ask_to_save == ask)
    return;
  self->ask_to_save = ask;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ASK_TO_SAVE]);
}

gboolean
hb_window_select_solver (HbWindow *self, const char *id)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), FALSE);
  for (guint i = 0; i < self->solver_rows->len; i++)
    {
      GtkCheckButton *check =
        g_object_get_data (g_ptr_array_index (self->solver_rows, i), "hb-check");
      const HbSolver *solver = g_object_get_data (G_OBJECT (check), "hb-solver");
      if (g_str_equal (solver->id, id))
        {
          gtk_check_button_set_active (check, TRUE);
          self->solver = solver;
          return TRUE;
        }
    }
  return FALSE;
}

const HbSolver *
hb_window_get_solver (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), NULL);
  return self->solver;
}

gboolean
hb_window_is_solving (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), FALSE);
  return self->solve_cancellable != NULL;
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

gboolean
hb_window_is_hint_pending (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), FALSE);
  return self->hint_cancellable != NULL;
}

HbBoardView *
hb_window_get_board_view (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), NULL);
  return self->board_view;
}

HbPlayerBar *
hb_window_get_player_bar (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), NULL);
  return self->player_bar;
}

HbPaletteBar *
hb_window_get_palette_bar (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), NULL);
  return self->palette_bar;
}

gboolean
hb_window_is_playing_trace (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), FALSE);
  return self->player != NULL;
}

const char *
hb_window_get_last_toast (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), NULL);
  return self->last_toast;
}

gboolean
hb_window_select_game (HbWindow *self, const char *id)
{
  const HbGame *const *games = hb_registry_games ();

  g_return_val_if_fail (HB_IS_WINDOW (self), FALSE);
  for (guint i = 0; games[i] != NULL; i++)
    if (g_strcmp0 (games[i]->id, id) == 0)
      {
        /* notify::selected runs on_game_selected, as a click would. */
        gtk_drop_down_set_selected (self->game_dropdown, i);
        return TRUE;
      }
  return FALSE;
}

const char *
hb_window_get_status_text (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), NULL);
  return gtk_label_get_label (self->status_label);
}

GtkWidget *
hb_window_get_colours_row (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), NULL);
  return self->colours_row;
}

GtkAdjustment *
hb_window_get_colours_adjustment (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), NULL);
  return self->colours_adjustment;
}

/* ---- GObject ------------------------------------------------------------- */

static void
hb_window_get_property (GObject *object, guint prop_id, GValue *value,
                        GParamSpec *pspec)
{
  HbWindow *self = HB_WINDOW (object);

  switch (prop_id)
    {
    case PROP_ASK_TO_SAVE:
      g_value_set_boolean (value, self->ask_to_save);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hb_window_set_property (GObject *object, guint prop_id, const GValue *value,
                        GParamSpec *pspec)
{
  HbWindow *self = HB_WINDOW (object);

  switch (prop_id)
    {
    case PROP_ASK_TO_SAVE:
      hb_window_set_ask_to_save (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hb_window_dispose (GObject *object)
{
  HbWindow *self = HB_WINDOW (object);

  if (!self->disposed)
    {
      self->disposed = TRUE;
      if (self->solve_cancellable != NULL)
        g_cancellable_cancel (self->solve_cancellable);
      g_clear_object (&self->solve_cancellable);
      self->running_trace = NULL;
      g_clear_handle_id (&self->progress_id, g_source_remove);
      if (self->export_cancellable != NULL)
        g_cancellable_cancel (self->export_cancellable);
      g_clear_object (&self->export_cancellable);
      if (self->file_dialog != NULL)
        {
          GtkNativeDialog *dialog = self->file_dialog;
          self->file_dialog = NULL;
          g_object_set_data (G_OBJECT (dialog), "hb-window", NULL);
          gtk_native_dialog_destroy (dialog);
        }
      if (self->load_cancellable != NULL)
        g_cancellable_cancel (self->load_cancellable);
      g_clear_object (&self->load_cancellable);
      g_clear_handle_id (&self->load_toast_id, g_source_remove);
      g_clear_object (&self->load_toast);
      if (self->player != NULL)
        {
          hb_player_bar_set_player (self->player_bar, NULL, NULL);
          hb_board_view_set_player (self->board_view, NULL);
          g_clear_pointer (&self->player, hb_player_free);
        }
      free_hint (self);
      if (self->settings != NULL)
        g_signal_handlers_disconnect_by_data (self->settings, self);
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), HB_TYPE_WINDOW);
  G_OBJECT_CLASS (hb_window_parent_class)->dispose (object);
}

static void
hb_window_finalize (GObject *object)
{
  HbWindow *self = HB_WINDOW (object);

  g_clear_pointer (&self->result, hb_result_free);
  g_clear_pointer (&self->trace, hb_trace_free);
  g_clear_pointer (&self->result_initial, hb_state_free);
  g_clear_pointer (&self->history, hb_history_free);
  g_clear_pointer (&self->solver_rows, g_ptr_array_unref);
  g_clear_pointer (&self->result_rows, g_ptr_array_unref);
  g_clear_object (&self->file);
  g_clear_object (&self->settings);
  g_free (self->untitled_name);
  g_free (self->last_toast);
  G_OBJECT_CLASS (hb_window_parent_class)->finalize (object);
}

static void
hb_window_class_init (HbWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->get_property = hb_window_get_property;
  object_class->set_property = hb_window_set_property;
  object_class->dispose = hb_window_dispose;
  object_class->finalize = hb_window_finalize;
  window_class->close_request = hb_window_close_request;

  properties[PROP_ASK_TO_SAVE] =
    g_param_spec_boolean ("ask-to-save", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (HB_TYPE_BOARD_VIEW);
  g_type_ensure (HB_TYPE_PLAYER_BAR);
  g_type_ensure (HB_TYPE_PALETTE_BAR);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/hb-window.ui");
  gtk_widget_class_bind_template_child (widget_class, HbWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, game_dropdown);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, flap);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, board_group);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, solver_group);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, result_group);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, width_adjustment);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, height_adjustment);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, colours_adjustment);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, colours_row);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, solve_button);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, solve_spinner);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, solve_label);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, progress_label);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, hints_switch);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, hint_row);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, palette_revealer);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, palette_bar);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, board_view);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, player_revealer);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, player_bar);
}

static void
hb_window_init (HbWindow *self)
{
  const HbGame *const *games = hb_registry_games ();
  GtkStringList *names = gtk_string_list_new (NULL);
  GtkDropTarget *drop;
  GAction *hints_action;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->ask_to_save = TRUE;
  self->mode = HB_MODE_EDIT;
  self->solver_rows = g_ptr_array_new ();
  self->result_rows = g_ptr_array_new ();
  self->settings = g_settings_new (SCHEMA_ID);

  g_action_map_add_action_entries (G_ACTION_MAP (self), win_entries,
                                   G_N_ELEMENTS (win_entries), self);
  hints_action = g_settings_create_action (self->settings, "show-hints");
  g_action_map_add_action (G_ACTION_MAP (self), hints_action);
  g_object_unref (hints_action);
  add_plain_shortcuts (self);

  for (int i = 0; games[i] != NULL; i++)
    {
      /* The size chooser remembers sizes in the schema's range. */
      g_warn_if_fail (games[i]->max_ui_side <= SETTINGS_MAX_SIDE);
      gtk_string_list_append (names, _(games[i]->name));
    }
  gtk_drop_down_set_model (self->game_dropdown, G_LIST_MODEL (names));
  g_object_unref (names);
  g_signal_connect (self->game_dropdown, "notify::selected",
                    G_CALLBACK (on_game_selected), self);

  g_signal_connect (self->width_adjustment, "value-changed",
                    G_CALLBACK (on_size_changed), self);
  g_signal_connect (self->height_adjustment, "value-changed",
                    G_CALLBACK (on_size_changed), self);
  g_signal_connect (self->board_view, "moves", G_CALLBACK (on_board_moves), self);
  g_signal_connect (self->palette_bar, "activated", G_CALLBACK (on_palette_activated), self);
  g_signal_connect (self->palette_bar, "notify::selected", G_CALLBACK (on_palette_selected), self);
  g_signal_connect (self->player_bar, "frame-changed", G_CALLBACK (on_player_frame_changed), self);
  g_signal_connect (self->player_bar, "close", G_CALLBACK (on_player_close), self);

  g_settings_bind (self->settings, "show-hints", self->hints_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "animation-speed", self->player_bar, "speed",
                   G_SETTINGS_BIND_DEFAULT);
  self->show_hints = g_settings_get_boolean (self->settings, "show-hints");
  hb_board_view_set_show_hints (self->board_view, self->show_hints);
  g_signal_connect (self->settings, "changed::show-hints",
                    G_CALLBACK (on_show_hints_changed), self);

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect (drop, "drop", G_CALLBACK (on_drop), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));

  if (DEVELOPMENT)
    gtk_widget_add_css_class (GTK_WIDGET (self), "devel");

  /* The first level: the bundled welcome board when it is a level of the
   * last game used (or that is unknown), else a blank board of that game. */
  {
    char *last = g_settings_get_string (self->settings, "last-game");
    const HbGame *game = hb_registry_find_game (last);
    g_free (last);
    if (game == NULL)
      game = games[0];
    if (game == NULL)
      g_error ("Hintboard was built without any game");
    if (!load_welcome (self, game))
      set_level (self, new_blank_for (game, self->settings), NULL, NULL);
  }
}

HbWindow *
hb_window_new (GtkApplication *application)
{
  return g_object_new (HB_TYPE_WINDOW, "application", application, NULL);
}
