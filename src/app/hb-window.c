/* hb-window.c: the main window (see hb-window.h). It wires the pieces
 * together: the level (HbDocument), the hint and solve jobs (HbHintJob,
 * HbSolveJob, each on a worker thread), the sidebar's solver panel
 * (HbSolverPanel), the board (HbBoardView), the plot (HbPlotView) and the
 * player. Solving and the player live in hb-window-solve.c, opening and
 * saving in hb-window-files.c (pictures and pasting in -import.c, exporting
 * in -export.c), play in -play.c (the bundled levels in -levels.c), the
 * title and the status line in -status.c, the game and size choosers in
 * -choosers.c, the actions and their keys in -actions.c, the accessors the
 * tests use in -access.c. The window knows games only through HbGame:
 * every edit, press, palette click and hint goes through the game's
 * vtable, so a new game needs no change here. */
#include "config.h"

#include <glib/gi18n.h>

#include "hb-window-private.h"
#include "hb-switch-row.h"
#include "hb-player.h"
#include "hb-registry.h"

#define WELCOME_RESOURCE RESOURCE_PATH "/levels/welcome.lights"

G_DEFINE_FINAL_TYPE (HbWindow, hb_window, ADW_TYPE_APPLICATION_WINDOW)

enum { PROP_0, PROP_ASK_TO_SAVE, PROP_MODE, PROP_GAME, N_PROPS };
static GParamSpec *properties[N_PROPS];

/* ---- Small helpers ------------------------------------------------------ */

const HbState *
hb_window_current (HbWindow *self)
{
  return hb_document_get_state (self->document);
}

static const HbGame *
game_of (HbWindow *self)
{
  return hb_document_get_game (self->document);
}

/* ---- The level ----------------------------------------------------------- */

/* The board view learns where the board as opened lies on the board now
 * (hb_document_get_origin); with `move_cursor` its cursor moves with the
 * cells. */
static void
follow_origin (HbWindow *self, gboolean move_cursor)
{
  int ox, oy;

  hb_document_get_origin (self->document, &ox, &oy);
  hb_board_view_set_origin (self->board_view, ox, oy, move_cursor);
}

/* Everything that follows a change of the board (an edit, a press, undo,
 * a new level). */
static void
state_changed (HbWindow *self)
{
  /* A Next hint still waiting was for the board that just changed. */
  self->next_hint_wanted = FALSE;
  /* A solver still running works on the board before the change: stop it,
   * so no answer for another board reaches the screen. */
  if (self->solve_job != NULL && !hb_solve_job_was_cancelled (self->solve_job))
    {
      hb_window_cancel_solve (self);
      hb_window_show_toast (self, _("Solving stopped: the board changed"));
    }
  hb_window_play_state_changed (self);
  if (self->player != NULL)
    hb_window_close_player (self);
  hb_window_free_hint (self);
  follow_origin (self, TRUE);   /* before the board */
  hb_board_view_set_state (self->board_view, hb_window_current (self));
  hb_window_picture_row_board_changed (self);
  hb_window_update_palette (self);
  hb_window_update_size_controls (self);
  hb_window_update_status (self);
  hb_window_update_title (self);
  hb_window_start_hint (self, FALSE);
  hb_window_update_actions (self);
}

static void
on_level_changed (HbDocument *document, gboolean new_game, HbWindow *self)
{
  const HbGame *game = game_of (self);

  hb_window_play_level_changed (self);
  hb_window_size_controls_follow (self);   /* the new level's size */
  hb_board_view_reset_cursor (self->board_view);   /* not on Restart */
  /* Another level's origin moves no cursor (state_changed follows). */
  follow_origin (self, FALSE);
  if (!new_game)
    {
      hb_window_rebuild_levels (self);
      return;
    }
  hb_window_rebuild_levels (self);
  gtk_widget_set_visible (GTK_WIDGET (self->legend_row), game->hint_legend != NULL);
  /* Only games that show one hinted move or all of them have the switch. */
  gtk_widget_set_visible (self->hint_all_row, game->hint_shows_all);
  /* Colour labels only where there are colours. */
  gtk_widget_set_visible (gtk_widget_get_ancestor (GTK_WIDGET (self->colour_labels_switch),
                                                   ADW_TYPE_ACTION_ROW),
                          game->max_colours > 0);
  if (game->hint_legend != NULL)
    adw_action_row_set_subtitle (self->legend_row, _(game->hint_legend));
  hb_solver_panel_set_game (self->solver_panel, game);
  hb_window_select_game_in_dropdown (self);
  hb_window_on_default_width (self, NULL, NULL);
  /* Another game's sidebar starts at its top, the Board group and its
   * help, not where the last game's was scrolled to. */
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->sidebar_scroller), 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
  hb_window_update_board_description (self);
  g_settings_set_string (self->settings, "last-game", game->id);
}

/* A click on the board (or a chip) while it shows a run: how to get it back. */
static void
on_board_press_ignored (HbBoardView *view, HbWindow *self)
{
  if (hb_window_is_solving (self))
    hb_window_show_escape_toast (self, _("The board shows the solver at work: cancel it (Escape) to edit or play"));
  else if (self->mode == HB_MODE_EDIT)
    hb_window_show_escape_toast (self, _("The board shows the solver's run: close the player (Escape) to edit"));
  else
    hb_window_show_escape_toast (self, _("The board shows the solver's run: close the player (Escape) to play"));
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
  gboolean shows_run = self->player != NULL || hb_board_view_has_live_frame (self->board_view);

  if (shows_run)
    on_board_press_ignored (self->board_view, self);   /* says so, as the board */
  if (shows_run || hb_window_play_is_lost (self))
    return;
  n = game_of (self)->pointer (hb_window_current (self), &pointer, HB_POINTER_PRESS, NULL,
                               moves, G_N_ELEMENTS (moves));
  if (n > 0)
    {
      hb_window_play_note_move (self);
      hb_document_apply_moves (self->document, moves, MIN (n, (int) G_N_ELEMENTS (moves)), TRUE);
    }
}

static void
on_palette_selected (HbPaletteBar *bar, GParamSpec *pspec, HbWindow *self)
{
  hb_board_view_set_tool (self->board_view,
                          self->mode == HB_MODE_EDIT
                          ? hb_palette_bar_get_selected (bar) : -1);
}

/* What goes with the level the document is about to leave: a solve, its
 * result, the hint; and an open still reading, as a newer open stops it
 * (read after New, Random, a game switch or a level from the list, it
 * came in over the level the user had gone on to, unasked when that
 * level had nothing unsaved: a screenshot read for seconds replaced the
 * level being played). */
void
hb_window_leave_level (HbWindow *self)
{
  hb_window_cancel_load (self);
  if (self->solve_job != NULL)
    hb_window_cancel_solve (self);
  hb_window_clear_result (self);
  hb_window_free_hint (self);
}

/* A level that came in: no screenshot behind it (an import sets its
 * picture and marks after this). */
void
hb_window_level_entered (HbWindow *self)
{
  hb_window_back_level_entered (self);
  hb_board_view_set_import (self->board_view, NULL, 0, 0, 0, 0, NULL);
  hb_window_picture_row_drop (self);
}

void
hb_window_set_level (HbWindow *self, HbState *state, GFile *file, const char *untitled_name)
{
  hb_window_leave_level (self);
  /* (What its file was like when read, which a save compares with, is
   * noted by the open that read it: hb-window-files.c.) */
  hb_document_set_level (self->document, state, file, untitled_name);
  hb_window_level_entered (self);
}

HbState *
hb_window_new_blank_for (const HbGame *game, GSettings *settings)
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
  hb_window_set_level (self, state, NULL, _("Welcome"));
  return TRUE;
}

static void
on_player_frame_changed (HbPlayerBar *bar, HbWindow *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self->board_view));
  hb_window_update_plot_mark (self);
}

/* A step the user stopped on is in view on a zoomed board, as the cursor
 * and Next Hint's move are: the cell it names (a step of none, -1, such
 * as a genetic algorithm's generation, moves nothing). */
static void
on_player_step_shown (HbPlayerBar *bar, HbWindow *self)
{
  const HbStep *step = self->player != NULL ? hb_player_current_step (self->player) : NULL;

  if (step != NULL && step->x >= 0 && step->y >= 0)
    hb_board_view_show_cell (self->board_view, step->x, step->y);
}

static void
on_player_close (HbPlayerBar *bar, HbWindow *self)
{
  hb_window_close_player (self);
}

/* ---- Edit and play --------------------------------------------------------- */

void
hb_window_set_mode (HbWindow *self, HbMode mode)
{
  g_return_if_fail (HB_IS_WINDOW (self));
  if (mode == self->mode)
    return;
  self->mode = mode;
  hb_document_set_playing (self->document, mode == HB_MODE_PLAY);
  hb_window_update_board_description (self);
  hb_board_view_set_mode (self->board_view, mode);
  hb_window_update_palette (self);
  hb_window_size_controls_follow (self);   /* Width and Height: the board's, or the next level's */
  /* Edit says whether the design has an answer, hints on or off (a
   * designer is spoiled nothing: hb_window_start_hint). */
  hb_window_mode_hint (self);
  hb_window_update_status (self);
  hb_window_update_actions (self);
  hb_window_play_drop_stale_toasts (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODE]);
}

HbMode
hb_window_get_mode (HbWindow *self)
{
  return self->mode;
}

/* ---- Signals from the controls ------------------------------------------ */

static void
on_show_hints_changed (GSettings *settings, const char *key, HbWindow *self)
{
  self->show_hints = g_settings_get_boolean (settings, "show-hints");
  hb_board_view_set_show_hints (self->board_view, self->show_hints);
  if (self->show_hints && hb_hint_job_get_hint (self->hint_job) == NULL)
    hb_window_start_hint (self, FALSE);
  hb_window_update_hint_row (self);
}

/* "hint-show-all" or "colour-labels": the flags the board draws with.
 * Colour labels are an aid, not a hint: they go to the game's drawing
 * with the hints on or off. */
static void
on_hint_flags_changed (GSettings *settings, const char *key, HbWindow *self)
{
  guint flags = 0;

  if (g_settings_get_boolean (settings, "hint-show-all"))
    flags |= HB_HINT_SHOW_ALL;
  if (g_settings_get_boolean (settings, "colour-labels"))
    flags |= HB_HINT_COLOUR_LABELS;
  hb_board_view_set_hint_flags (self->board_view, flags);
}

static void
on_panel_error (HbSolverPanel *panel, const char *message, HbWindow *self)
{
  hb_window_show_settings_toast (self, message);
}

static gboolean
close_now (gpointer data)
{
  gtk_window_close (GTK_WINDOW (data));
  return G_SOURCE_REMOVE;
}

static void
close_then (HbWindow *self, gpointer data)
{
  /* The user answered: closing again must not ask twice. The window
   * closes once the Save Changes? dialog has finished its answer: closed
   * from inside it, the window was finalised while the dialog, transient
   * for it, was still undoing that link (GLib warnings, a stale pointer). */
  self->close_confirmed = TRUE;
  g_idle_add_full (G_PRIORITY_HIGH_IDLE, close_now, g_object_ref (self), g_object_unref);
}

/* Closed while a save ran: closing again now that it has ended, asking
 * about a change made meanwhile; not over the dialog of a save that
 * failed, which asks for another name (the window stays). */
static void
close_after_save (HbWindow *self, gpointer data)
{
  if (!self->save_failed)
    gtk_window_close (GTK_WINDOW (self));
}

static gboolean
hb_window_close_request (GtkWindow *window)
{
  HbWindow *self = HB_WINDOW (window);

  /* A save under way ends first (quitting closes the windows too): the
   * window never goes with its level half written. */
  if (hb_window_wait_for_save (self, close_after_save, NULL, NULL))
    return TRUE;
  if (!self->close_confirmed && self->ask_to_save
      && hb_document_get_modified (self->document))
    {
      hb_window_maybe_discard (self, close_then, NULL, NULL);
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

/* ---- Public accessors (the rest in hb-window-access.c) -------------------- */

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
    case PROP_MODE:
      g_value_set_string (value, self->mode == HB_MODE_PLAY ? "play" : "edit");
      break;
    case PROP_GAME:
      {
        const HbGame *game = self->document != NULL ? hb_document_get_game (self->document) : NULL;
        g_value_set_string (value, game != NULL ? game->id : "");
      }
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
  const char *s;

  switch (prop_id)
    {
    case PROP_ASK_TO_SAVE:
      hb_window_set_ask_to_save (self, g_value_get_boolean (value));
      break;
    case PROP_MODE:
      s = g_value_get_string (value);
      if (g_strcmp0 (s, "edit") == 0)
        hb_window_set_mode (self, HB_MODE_EDIT);
      else if (g_strcmp0 (s, "play") == 0)
        hb_window_set_mode (self, HB_MODE_PLAY);
      break;
    case PROP_GAME:
      /* After asking about unsaved changes; notified once the game has
       * changed (on_level_changed), not before. */
      {
        const HbGame *game = hb_registry_find_game (g_value_get_string (value));
        if (game != NULL && self->document != NULL
            && game != hb_document_get_game (self->document))
          hb_window_new_level_of (self, game);
      }
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
      if (self->solve_job != NULL)
        {
          /* The task keeps the job until the worker stops; nothing of the
           * window is touched then. */
          g_signal_handlers_disconnect_by_data (self->solve_job, self);
          hb_solve_job_cancel (self->solve_job);
          g_clear_object (&self->solve_job);
        }
      g_clear_handle_id (&self->progress_id, g_source_remove);
      g_clear_handle_id (&self->live_id, g_source_remove);
      if (self->plot_view != NULL)
        hb_plot_view_set_trace (self->plot_view, NULL);
      if (self->board_view != NULL)
        hb_board_view_set_live_frame (self->board_view, NULL, NULL, NULL);
      if (self->stopped_frame != NULL && self->stopped_free != NULL)
        self->stopped_free (self->stopped_frame);
      self->stopped_frame = NULL;
      hb_window_files_dispose (self);
      hb_window_play_dispose (self);
      hb_window_levels_dispose (self);
      hb_window_focus_watch_stop (self);
      if (self->player != NULL)
        {
          hb_player_bar_set_player (self->player_bar, NULL, NULL);
          hb_board_view_set_player (self->board_view, NULL);
          g_clear_pointer (&self->player, hb_player_free);
        }
      if (self->hint_job != NULL)
        {
          g_signal_handlers_disconnect_by_data (self->hint_job, self);
          hb_window_free_hint (self);
          g_clear_object (&self->hint_job);
        }
      if (self->document != NULL)
        g_signal_handlers_disconnect_by_data (self->document, self);
      if (self->settings != NULL)
        g_signal_handlers_disconnect_by_data (self->settings, self);
      /* The settings action follows the setting as long as it lives: let it
       * go now, so a change of the setting never reaches a window being
       * torn down. */
      g_action_map_remove_action (G_ACTION_MAP (self), "show-hints");
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
  g_clear_object (&self->document);
  g_clear_object (&self->settings);
  g_clear_object (&self->exported);
  g_clear_pointer (&self->disabled, g_hash_table_unref);
  g_clear_pointer (&self->kept_keys, g_hash_table_unref);
  g_free (self->last_toast);
  g_free (self->status_memo.text);
  g_clear_object (&self->settings_toast);
  g_weak_ref_clear (&self->toast_label);
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
  /* "edit" or "play" (the win.mode action). */
  properties[PROP_MODE] =
    g_param_spec_string ("mode", NULL, NULL, "edit",
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /* The open level's game id (the win.choose-game action: the main
   * menu's games as radio items, in a window too narrow for the chooser). */
  properties[PROP_GAME] =
    g_param_spec_string ("game", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  g_type_ensure (HB_TYPE_PAGE_COLUMN);
  g_type_ensure (HB_TYPE_BOARD_VIEW);
  g_type_ensure (HB_TYPE_PLAYER_BAR);
  g_type_ensure (HB_TYPE_PALETTE_BAR);
  g_type_ensure (HB_TYPE_SOLVER_PANEL);
  g_type_ensure (HB_TYPE_PLOT_VIEW);
  g_type_ensure (HB_TYPE_SHRINK_BIN);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/hb-window.ui");
  gtk_widget_class_bind_template_child (widget_class, HbWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, page_toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, game_dropdown);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, flap);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, rows_button);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, columns_button);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, board_group);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, width_adjustment);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, height_adjustment);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, colours_adjustment);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, colours_row);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, number_adjustment);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, number_row);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, solver_panel);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, hints_switch);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, hint_all_switch);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, hint_all_row);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, colour_labels_switch);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, hint_row);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, hint_spinner);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, legend_row);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, palette_revealer);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, palette_scroller);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, palette_left);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, palette_right);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, palette_bar);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, board_view);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, plot_view);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, bottom_stack);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, player_bar);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, levels_button);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, main_menu_button);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, sidebar_scroller);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, shrink_bin);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, levels_list);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, recent_menu);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, game_menu);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, board_box);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, edit_button);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, play_button);
  gtk_widget_class_bind_template_child (widget_class, HbWindow, undo_box);

  hb_window_class_install_actions (widget_class);
}

static void
hb_window_init (HbWindow *self)
{
  const HbGame *const *games = hb_registry_games ();
  GAction *hints_action;

  gtk_widget_init_template (GTK_WIDGET (self));
  hb_window_board_texts_init (self);

  self->ask_to_save = TRUE;
  /* A new window is for playing: Play mode, on a real level. The template's
   * Edit/Play toggles read win.mode's state while it was built, so they are
   * told of the change. */
  self->mode = HB_MODE_PLAY;
  hb_board_view_set_mode (self->board_view, HB_MODE_PLAY);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODE]);
  self->disabled = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->kept_keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->settings = g_settings_new (SCHEMA_ID);
  self->document = hb_document_new ();
  hb_document_set_playing (self->document, TRUE);
  self->hint_job = hb_hint_job_new ();

  g_signal_connect_swapped (self->document, "changed", G_CALLBACK (state_changed), self);
  g_signal_connect (self->document, "level-changed", G_CALLBACK (on_level_changed), self);
  g_signal_connect_swapped (self->document, "saved", G_CALLBACK (hb_window_update_title), self);
  g_signal_connect (self->hint_job, "done", G_CALLBACK (hb_window_on_hint_done), self);

  /* Show Hints follows the setting (an action of the window's map). */
  hints_action = g_settings_create_action (self->settings, "show-hints");
  g_action_map_add_action (G_ACTION_MAP (self), hints_action);
  g_object_unref (hints_action);

  hb_window_choosers_init (self);
  hb_window_focus_init (self);
  hb_window_play_connect_strokes (self);
  g_signal_connect (self->board_view, "press-ignored", G_CALLBACK (on_board_press_ignored),
                    self);
  g_signal_connect_swapped (self->board_view, "marks-changed",
                            G_CALLBACK (hb_window_picture_row_board_changed), self);
  hb_window_palette_scroll_init (self);
  g_signal_connect (self->palette_bar, "activated", G_CALLBACK (on_palette_activated), self);
  g_signal_connect (self->palette_bar, "notify::selected", G_CALLBACK (on_palette_selected), self);
  g_signal_connect (self->player_bar, "frame-changed", G_CALLBACK (on_player_frame_changed), self);
  g_signal_connect (self->player_bar, "step-shown", G_CALLBACK (on_player_step_shown), self);
  g_signal_connect (self->player_bar, "close", G_CALLBACK (on_player_close), self);
  g_signal_connect (self->solver_panel, "error", G_CALLBACK (on_panel_error), self);

  g_settings_bind (self->settings, "show-hints", self->hints_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "hint-show-all", self->hint_all_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "colour-labels", self->colour_labels_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  {
    GtkSwitch *switches[] = { self->hints_switch, self->hint_all_switch, self->colour_labels_switch };

    for (guint i = 0; i < G_N_ELEMENTS (switches); i++)
      hb_switch_row_setup (ADW_ACTION_ROW (gtk_widget_get_ancestor (GTK_WIDGET (switches[i]),
                                                                    ADW_TYPE_ACTION_ROW)),
                           switches[i]);
  }
  g_signal_connect (self->settings, "changed::hint-show-all",
                    G_CALLBACK (on_hint_flags_changed), self);
  g_signal_connect (self->settings, "changed::colour-labels",
                    G_CALLBACK (on_hint_flags_changed), self);
  on_hint_flags_changed (self->settings, NULL, self);
  g_settings_bind (self->settings, "animation-speed", self->player_bar, "speed",
                   G_SETTINGS_BIND_DEFAULT);
  self->show_hints = g_settings_get_boolean (self->settings, "show-hints");
  hb_board_view_set_show_hints (self->board_view, self->show_hints);
  g_signal_connect (self->settings, "changed::show-hints",
                    G_CALLBACK (on_show_hints_changed), self);

  g_signal_connect (self, "notify::default-width",
                    G_CALLBACK (hb_window_on_default_width), NULL);
  g_signal_connect (self, "notify::default-height",
                    G_CALLBACK (hb_window_on_default_width), NULL);
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  hb_window_on_default_width (self, NULL, NULL);
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  hb_window_files_init (self);
  hb_window_player_keys_init (self);
  hb_window_main_menu_init (self);
  hb_window_levels_init (self);
  hb_window_play_watch_windows (self);
  hb_window_status_init (self);
  /* The board has the keys first: arrows move its cursor at once. */
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->board_view));

  if (DEVELOPMENT)
    gtk_widget_add_css_class (GTK_WIDGET (self), "devel");

  /* The first level: the first bundled level of the last game used not
   * solved yet, else the welcome board, else a blank board of that game. */
  {
    char *last = g_settings_get_string (self->settings, "last-game");
    const HbGame *game = hb_registry_find_game (last);
    g_free (last);
    if (game == NULL)
      game = games[0];
    if (game == NULL)
      g_error ("Hintboard was built without any game");
    if (!hb_window_load_bundled_first (self, game) && !load_welcome (self, game))
      hb_window_set_level (self, hb_window_new_blank_for (game, self->settings), NULL, NULL);
  }
}

HbWindow *
hb_window_new (GtkApplication *application)
{
  return g_object_new (HB_TYPE_WINDOW, "application", application, NULL);
}
