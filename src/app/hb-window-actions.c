/* hb-window-actions.c: the window's actions ("win.*"), installed on the
 * class with gtk_widget_class_install_action, and the keys without a
 * modifier that reach them (class bindings: they act only when the focused
 * widget, a spin button say, did not use the key). The keys with Ctrl are
 * the application's accelerators (hb-application.c), listed with these in
 * the shortcuts window (ui/help-overlay.ui). */
#include "config.h"

#include <glib/gi18n.h>

#include "hb-window-private.h"
#include "hb-registry.h"

void
hb_window_action_set_enabled (HbWindow *self, const char *name, gboolean enabled)
{
  char *full = g_strconcat ("win.", name, NULL);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), full, enabled);
  if (enabled)
    g_hash_table_remove (self->disabled, name);
  else
    g_hash_table_add (self->disabled, g_strdup (name));
  g_free (full);
}

gboolean
hb_window_get_action_enabled (HbWindow *self, const char *name)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), FALSE);
  return !g_hash_table_contains (self->disabled, name);
}

/* Restart has something to do: the board is not Restart's (the level as
 * drawn in Play, as loaded in Edit), or
 * moves were made that came back to it (two presses of one Enlight cell:
 * "2 moves" and the clock stayed, and Restart did nothing). */
static gboolean
restart_useful (HbWindow *self)
{
  const HbState *start = hb_window_play_restart_board (self);

  return start != NULL
         && (hb_window_play_moves (self) > 0
             || !hb_document_get_game (self->document)->equal (start, hb_window_current (self)));
}

void
hb_window_update_actions (HbWindow *self)
{
  gboolean solving = self->solve_job != NULL;
  gboolean playing = self->player != NULL;
  const HbGame *game = hb_document_get_game (self->document);

  hb_window_action_set_enabled (self, "undo", hb_document_can_undo (self->document)
                                || hb_window_undo_brings_back (self));
  hb_window_action_set_enabled (self, "redo", hb_document_can_redo (self->document));
  hb_window_action_set_enabled (self, "solve", !solving);
  hb_window_action_set_enabled (self, "cancel", solving || playing || self->next_hint_wanted
                                || self->load_cancellable != NULL
                                || self->random_cancellable != NULL
                                || self->export_cancellable != NULL);
  hb_window_update_result_actions (self, solving);
  /* Nothing to hint once the level is solved or lost, nor when the hint
   * found no move (no solution: the status line says why), but in Play
   * with the hints off, where the status does not: the press says it.
   * The Next Move row says why (hb_window_update_hint_row). */
  {
    gconstpointer hint = hb_hint_job_get_hint (self->hint_job);
    HbMove move;

    hb_window_action_set_enabled (self, "next-hint", game->hint_next_move != NULL
                                  && game->hint_compute != NULL
                                  && !hb_window_current_is_solved (self)
                                  && !hb_window_play_is_lost (self)
                                  && (hint == NULL || (!self->show_hints && self->mode == HB_MODE_PLAY)
                                      || game->hint_next_move (hb_window_current (self),
                                                               hint, &move)));
  }
  hb_window_action_set_enabled (self, "restart", restart_useful (self));
  /* Only a bundled level has a next one (Ctrl+Page Down did nothing). */
  hb_window_action_set_enabled (self, "next-level", self->level_key != NULL);
  hb_window_action_set_enabled (self, "scramble", game->scramble != NULL);
  hb_window_action_set_enabled (self, "player-toggle", playing);
  hb_window_action_set_enabled (self, "player-back", playing);
  hb_window_action_set_enabled (self, "player-forward", playing);
  hb_window_action_set_enabled (self, "player-start", playing);
  hb_window_action_set_enabled (self, "player-end", playing);
  hb_window_action_set_enabled (self, "player-jump", playing);
  hb_window_action_set_enabled (self, "palette",
                                hb_palette_bar_get_n_entries (self->palette_bar) > 0);
  hb_window_action_set_enabled (self, "export-animation",
                                hb_window_result_can_export (self)
                                && self->export_cancellable == NULL);
  hb_player_bar_set_can_export (self->player_bar, hb_window_result_can_export (self));
  hb_window_action_set_enabled (self, "open-exported", self->exported != NULL);
}

/* ---- Level ---------------------------------------------------------------- */

static void
new_then (HbWindow *self, gpointer data)
{
  const HbGame *game = data ? data : hb_document_get_game (self->document);
  HbState *state;

  /* Another game: the level left open in it, with its moves and Undo (a
   * switch there and back threw a part-played level away, and opened
   * another one); else one of its bundled levels, else a random one,
   * never an empty board that is already "solved"; a puzzle to play, so
   * in Play mode, as the Levels list opens one (after an import, which
   * leaves Edit on, the next game's level opened in Edit). */
  if (game != hb_document_get_game (self->document))
    {
      hb_window_keep_level (self);
      if (hb_window_restore_kept (self, game))
        {
          hb_window_set_mode (self, HB_MODE_PLAY);
          return;
        }
      if (hb_window_load_bundled_first (self, game))
        {
          hb_window_set_mode (self, HB_MODE_PLAY);
          return;
        }
      if (game->generate != NULL)
        {
          state = hb_window_random_level (self, game, game->default_width, game->default_height, NULL);
          if (state != NULL)
            {
              hb_window_set_level (self, state, NULL, NULL);
              hb_window_set_mode (self, HB_MODE_PLAY);
              return;
            }
        }
    }
  /* The size the fields say, as Random's: past the largest they offer
   * when a level that large was opened (New made a board of the game's
   * largest without a word, New Levels saying "4096 × 4096"). */
  if (game == hb_document_get_game (self->document))
    state = game->new_blank (CLAMP ((int) gtk_adjustment_get_value (self->width_adjustment),
                                    1, HB_MAX_SIDE),
                             CLAMP ((int) gtk_adjustment_get_value (self->height_adjustment),
                                    1, HB_MAX_SIDE));
  else
    state = hb_window_new_blank_for (game, self->settings);
  hb_window_replace_level (self, state, _("New blank level"));
  /* A blank board is one to draw on: New from Play left an empty board in
   * Play ("No dots yet: in Edit, …", or Enlight's "solved"). */
  hb_window_set_mode (self, HB_MODE_EDIT);
}

/* The game chooser's way to a new game (after asking about changes). */
void
hb_window_new_level_of (HbWindow *self, const HbGame *game)
{
  hb_window_maybe_discard (self, new_then, (gpointer) game, NULL);
}

/* The main menu's game items (a narrow window's game chooser). */
static void
action_new (GtkWidget *widget, const char *name, GVariant *param)
{
  hb_window_maybe_discard (HB_WINDOW (widget), new_then, NULL, NULL);
}

/* Random (hb-window-random.c). */
static void
action_random (GtkWidget *widget, const char *name, GVariant *param)
{
  hb_window_random (HB_WINDOW (widget));
}

static void
action_back_level (GtkWidget *widget, const char *name, GVariant *param)
{
  hb_window_back_level (HB_WINDOW (widget));
}

static void
action_clear (GtkWidget *widget, const char *name, GVariant *param)
{
  HbWindow *self = HB_WINDOW (widget);
  const HbGame *game = hb_document_get_game (self->document);
  const HbState *s;
  HbState *blank;

  /* A blank board is one to draw on, as New's: from Play it goes to Edit
   * (Clear in Play left an empty level in Play, Enlight's said "All
   * lights are off · Solved" in green). */
  hb_window_set_mode (self, HB_MODE_EDIT);
  s = hb_document_get_design (self->document);   /* the level as drawn */
  blank = game->new_blank (s->width, s->height);
  /* An edit like any other: undo brings the board back, and a toast
   * offers it (one click on Clear, from Play too, emptied the level with
   * no word: a newcomer's look). */
  if (game->equal (blank, s))
    {
      hb_state_free (blank);
      return;
    }
  hb_document_push_design (self->document, blank);
  hb_window_show_undo_toast (self, _("Board cleared"));
}

/* Restart: the level as drawn in Play (as loaded in Edit), as an undo
 * step (Undo takes the moves back); the clock and the move count start
 * again (hb_window_play_restart). */
static void
action_restart (GtkWidget *widget, const char *name, GVariant *param)
{
  HbWindow *self = HB_WINDOW (widget);

  if (!restart_useful (self))
    return;
  hb_window_close_player (self);
  hb_window_play_restart (self);
}

static void
action_next_level (GtkWidget *widget, const char *name, GVariant *param)
{
  hb_window_next_level (HB_WINDOW (widget));
}

/* Scramble (Infinite Loop): every tile turned at random, one undo step. */
static void
action_scramble (GtkWidget *widget, const char *name, GVariant *param)
{
  HbWindow *self = HB_WINDOW (widget);
  const HbGame *game = hb_document_get_game (self->document);
  HbState *scrambled;

  if (game->scramble == NULL)
    return;
  scrambled = game->scramble (hb_window_current (self),
                              ((guint64) g_random_int () << 32) | g_random_int ());
  if (scrambled != NULL)
    hb_document_push_design (self->document, scrambled);
}

static void
action_open_recent (GtkWidget *widget, const char *name, GVariant *param)
{
  GFile *file = g_file_new_for_uri (g_variant_get_string (param, NULL));

  hb_window_open (HB_WINDOW (widget), file);
  g_object_unref (file);
}

static void
action_open (GtkWidget *widget, const char *name, GVariant *param)
{
  hb_window_choose_and_open (HB_WINDOW (widget));
}

static void
action_save (GtkWidget *widget, const char *name, GVariant *param)
{
  hb_window_save (HB_WINDOW (widget));
}

static void
action_save_as (GtkWidget *widget, const char *name, GVariant *param)
{
  hb_window_save_as (HB_WINDOW (widget), NULL);
}

/* The move count follows (hb_window_play_moves): an undone move is no
 * longer counted, a redone one counts again. */
static void
action_undo (GtkWidget *widget, const char *name, GVariant *param)
{
  /* Nothing of its own to undo on a level New or Random brought in: the
   * level it replaced, as the toast's Undo (gone after 5 s). */
  if (hb_window_undo_brings_back (HB_WINDOW (widget)))
    hb_window_back_level (HB_WINDOW (widget));
  else
    hb_document_undo (HB_WINDOW (widget)->document);
  hb_window_focus_board_if_lost (HB_WINDOW (widget));
}

/* Ctrl +, Ctrl − and Ctrl 0 zoom the board wherever the focus is, the
 * sidebar's fields too (application accelerators, which GTK runs before
 * the focused widget sees the key). */
static void
action_zoom (GtkWidget *widget, const char *name, GVariant *param)
{
  HbBoardView *view = HB_WINDOW (widget)->board_view;

  hb_board_view_zoom (view, g_str_equal (name, "win.zoom-in")    ? 1.25
                            : g_str_equal (name, "win.zoom-out") ? 0.8
                                                                 : 0.0);
}

static void
action_redo (GtkWidget *widget, const char *name, GVariant *param)
{
  HbWindow *self = HB_WINDOW (widget);

  /* A play move redone starts the clock, as one made does. */
  if (hb_document_redo_is_play_move (self->document))
    hb_window_play_note_move (self);
  hb_document_redo (self->document);
  hb_window_focus_board_if_lost (self);
}

/* Ctrl+L: the bundled levels' list (the header's grid button), for the
 * keyboard: it was Tab after Tab from the board (review). Nothing when the
 * game has no bundled levels (the button is greyed out). */
static void
action_levels (GtkWidget *widget, const char *name, GVariant *param)
{
  HbWindow *self = HB_WINDOW (widget);

  if (gtk_widget_is_sensitive (GTK_WIDGET (self->levels_button))
      && gtk_widget_get_mapped (GTK_WIDGET (self->levels_button)))
    gtk_menu_button_popup (self->levels_button);
}

static void
action_toggle_sidebar (GtkWidget *widget, const char *name, GVariant *param)
{
  HbWindow *self = HB_WINDOW (widget);
  gboolean reveal = !adw_flap_get_reveal_flap (self->flap);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  gboolean inside = focus != NULL
                    && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->sidebar_scroller));

  adw_flap_set_reveal_flap (self->flap, reveal);
  /* The keys had a control of the sidebar just hidden: on to the board
   * (GTK gave them to the header's first button, Edit, and a 400 px
   * window's F9 F9 left the focus ring there). */
  if (!reveal && inside && gtk_widget_get_mapped (GTK_WIDGET (self->board_view)))
    gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
}

/* ---- Solving and hints ------------------------------------------------------ */

static void
action_solve (GtkWidget *widget, const char *name, GVariant *param)
{
  hb_window_solve (HB_WINDOW (widget));
}

static void
action_solve_or_cancel (GtkWidget *widget, const char *name, GVariant *param)
{
  HbWindow *self = HB_WINDOW (widget);

  if (hb_window_is_solving (self))
    hb_window_cancel_solve (self);
  else
    hb_window_solve (self);
}

static void
action_cancel (GtkWidget *widget, const char *name, GVariant *param)
{
  HbWindow *self = HB_WINDOW (widget);

  if (hb_window_cancel_load (self) || hb_window_cancel_random (self)
      || hb_window_cancel_export (self))
    return;
  if (hb_window_is_solving (self))
    hb_window_cancel_solve (self);
  else if (self->player != NULL)
    hb_window_close_player (self);
  else if (self->next_hint_wanted)
    {
      /* Next Hint's move waiting for its hint: not made. */
      self->next_hint_wanted = FALSE;
      hb_window_update_hint_row (self);
      hb_window_update_actions (self);
    }
}

static void
action_next_hint (GtkWidget *widget, const char *name, GVariant *param)
{
  hb_window_next_hint (HB_WINDOW (widget));
}

static void
action_apply_solution (GtkWidget *widget, const char *name, GVariant *param)
{
  HbWindow *self = HB_WINDOW (widget);

  if (!hb_window_result_applies (self))
    return;
  hb_window_close_player (self);
  /* The answer is played, not drawn: from Edit it is applied in Play, so
   * the design stays as it was (Undo or Restart brings the puzzle back,
   * and Save still writes the puzzle). */
  hb_window_set_mode (self, HB_MODE_PLAY);
  /* The solver's answer is no win of the player's (hb-window-play.c). */
  self->applying_answer = TRUE;
  /* The result carries the board once solved: one copy, where replaying
   * the moves would copy the board once per move (a million presses on a
   * big Enlight board). */
  if (self->result->solved != NULL)
    hb_document_push (self->document, hb_state_copy (self->result->solved));
  else
    hb_document_apply_moves (self->document, (const HbMove *) self->result->moves->data,
                             self->result->moves->len, TRUE);
  self->applying_answer = FALSE;
  hb_window_show_board (self);
  /* Its button, pressed from the keyboard, is greyed out now. */
  hb_window_focus_board_if_lost (self);
}

/* ---- The player ------------------------------------------------------------- */

static void
action_replay (GtkWidget *widget, const char *name, GVariant *param)
{
  HbWindow *self = HB_WINDOW (widget);

  /* From the start, playing, as after Solve. */
  hb_window_open_player (self);
  if (self->player != NULL)
    {
      hb_player_bar_set_playing (self->player_bar, TRUE);
      hb_window_show_board (self);
    }
}

static void
action_player_toggle (GtkWidget *widget, const char *name, GVariant *param)
{
  hb_player_bar_toggle_playing (HB_WINDOW (widget)->player_bar);
}

static void
action_player_back (GtkWidget *widget, const char *name, GVariant *param)
{
  hb_player_bar_step (HB_WINDOW (widget)->player_bar, -1);
}

static void
action_player_forward (GtkWidget *widget, const char *name, GVariant *param)
{
  hb_player_bar_step (HB_WINDOW (widget)->player_bar, 1);
}

static void
action_player_start (GtkWidget *widget, const char *name, GVariant *param)
{
  HbWindow *self = HB_WINDOW (widget);

  hb_player_bar_set_playing (self->player_bar, FALSE);
  hb_player_bar_seek (self->player_bar, 0);
}

static void
action_player_end (GtkWidget *widget, const char *name, GVariant *param)
{
  HbWindow *self = HB_WINDOW (widget);

  hb_player_bar_set_playing (self->player_bar, FALSE);
  if (self->player != NULL)
    hb_player_bar_seek (self->player_bar, hb_player_length (self->player));
}

/* "solution" or "decision", with a leading "-" backward (Shift). */
static void
action_player_jump (GtkWidget *widget, const char *name, GVariant *param)
{
  HbWindow *self = HB_WINDOW (widget);
  const char *to = g_variant_get_string (param, NULL);
  gboolean forward = to[0] != '-';

  if (!forward)
    to++;
  if (g_str_equal (to, "solution"))
    hb_player_bar_jump_to_solution (self->player_bar, forward);
  else
    hb_player_bar_jump_to_decision (self->player_bar, forward);
}

static void
action_open_exported (GtkWidget *widget, const char *name, GVariant *param)
{
  hb_window_open_exported (HB_WINDOW (widget));
}

static void
action_export_animation (GtkWidget *widget, const char *name, GVariant *param)
{
  hb_window_export_animation (HB_WINDOW (widget));
}

static void
action_palette (GtkWidget *widget, const char *name, GVariant *param)
{
  HbWindow *self = HB_WINDOW (widget);
  int key = g_variant_get_int32 (param);

  /* The key's digit as the chips read it: Flood-It numbers its colours
   * from 0, the other games' entries count from 1. */
  if (!hb_document_get_game (self->document)->palette_keys_from_zero)
    key--;
  hb_palette_bar_activate_index (self->palette_bar, key);
}

/* ---- The player's keys ------------------------------------------------------- */

gboolean
hb_window_player_key (HbWindow *self, guint keyval, GdkModifierType state)
{
  static const struct { guint key; const char *action; } keys[] = {
    { GDK_KEY_space, "player-toggle" }, { GDK_KEY_KP_Space, "player-toggle" },
    { GDK_KEY_Left, "player-back" }, { GDK_KEY_KP_Left, "player-back" },
    { GDK_KEY_Right, "player-forward" }, { GDK_KEY_KP_Right, "player-forward" },
    { GDK_KEY_Home, "player-start" }, { GDK_KEY_KP_Home, "player-start" },
    { GDK_KEY_End, "player-end" }, { GDK_KEY_KP_End, "player-end" },
  };
  const char *action = NULL;
  GtkWidget *focus;
  char *full;
  gboolean done;

  g_return_val_if_fail (HB_IS_WINDOW (self), FALSE);
  if (self->player == NULL
      || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK | GDK_SUPER_MASK)) != 0)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (keys) && action == NULL; i++)
    if (keys[i].key == keyval)
      action = keys[i].action;
  if (action == NULL || !hb_window_get_action_enabled (self, action))
    return FALSE;
  /* What uses these keys keeps them: a text or spin field, a slider's
   * arrows, Home and End (the scrubber steps as the player would), a menu,
   * a switch or its row Space (Show Hints by Tab: Space paused the run).
   * A button, a check button or the board does not: Space pauses from the
   * solver just picked, the arrows step from a player button. */
  focus = gtk_root_get_focus (GTK_ROOT (self));
  if (focus != NULL
      && (GTK_IS_EDITABLE (focus) || gtk_widget_get_ancestor (focus, GTK_TYPE_SPIN_BUTTON) != NULL
          || (gtk_widget_get_ancestor (focus, GTK_TYPE_RANGE) != NULL
              && g_strcmp0 (action, "player-toggle") != 0)
          || (g_strcmp0 (action, "player-toggle") == 0
              && (GTK_IS_SWITCH (focus)
                  || (ADW_IS_ACTION_ROW (focus)
                      && GTK_IS_SWITCH (adw_action_row_get_activatable_widget (ADW_ACTION_ROW (focus))))))
          || gtk_widget_get_ancestor (focus, GTK_TYPE_POPOVER) != NULL))
    return FALSE;
  full = g_strconcat ("win.", action, NULL);
  done = gtk_widget_activate_action (GTK_WIDGET (self), full, NULL);
  g_free (full);
  return done;
}

static gboolean
on_player_key (GtkEventControllerKey *controller, guint keyval, guint keycode,
               GdkModifierType state, HbWindow *self)
{
  /* Escape cancels an open in flight before anything else takes it: the
   * toast overlay's own Escape dismissed the "Opening…" toast, and the
   * open went on unseen (a FIFO written to later replaced the level). */
  if (keyval == GDK_KEY_Escape && (state & gtk_accelerator_get_default_mod_mask ()) == 0
      && hb_window_cancel_load (self))
    return TRUE;
  /* So does it stop a solve or close the player (but in a menu, which it
   * closes): the first Escape after a click on the board, whose toast
   * says "cancel it (Escape) to edit or play", only took that toast away,
   * the solve going on, as any toast shown took the status line's "Esc
   * stops". The toast, now wrong, goes too. */
  if (keyval == GDK_KEY_Escape && (state & gtk_accelerator_get_default_mod_mask ()) == 0
      && (hb_window_is_solving (self) || self->player != NULL))
    {
      GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

      if ((focus == NULL || gtk_widget_get_ancestor (focus, GTK_TYPE_POPOVER) == NULL)
          && gtk_widget_activate_action (GTK_WIDGET (self), "win.cancel", NULL))
        {
          hb_window_drop_escape_toast (self);
          return TRUE;
        }
    }
  return hb_window_player_key (self, keyval, state);
}

void
hb_window_player_keys_init (HbWindow *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();

  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_player_key), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

/* ---- The main menu's focus ----------------------------------------------------- */

/* A popover gives the focus back to its menu button when it closes. After
 * Escape that is right (the menu was only looked at); after a menu item
 * (Scramble, Random Level, Undo …) the board changed and the keys are
 * wanted there, so the focus goes to the board, unless the item put it
 * somewhere else. */
static gboolean
on_main_menu_key (GtkEventControllerKey *controller, guint keyval, guint keycode,
                  GdkModifierType state, HbWindow *self)
{
  if (keyval == GDK_KEY_Escape)
    {
      GtkWidget *w = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));

      self->main_menu_escaped = TRUE;
      /* Escape in a submenu (Style, Open Recent) closes the whole menu,
       * and with GTK 4.8 on X11 every key after it went on to the hidden
       * popover: nothing worked until a click. Closing from the main page
       * gives the keys back, so the menu goes there first. (The pages are
       * a GtkStack inside the GtkPopoverMenu, the first "main".) */
      while (w != NULL && !GTK_IS_STACK (w))
        w = gtk_widget_get_first_child (w);
      if (w != NULL && gtk_stack_get_child_by_name (GTK_STACK (w), "main") != NULL)
        gtk_stack_set_visible_child_name (GTK_STACK (w), "main");
    }
  return FALSE;
}

static void
on_main_menu_show (GtkWidget *popover, HbWindow *self)
{
  self->main_menu_escaped = FALSE;
}

static void
on_main_menu_closed (GtkPopover *popover, HbWindow *self)
{
  if (!self->main_menu_escaped)
    hb_window_focus_board_after_popover (self, GTK_WIDGET (self->main_menu_button));
}

void
hb_window_main_menu_init (HbWindow *self)
{
  GtkPopover *popover = gtk_menu_button_get_popover (self->main_menu_button);
  GtkEventController *keys = gtk_event_controller_key_new ();

  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_main_menu_key), self);
  gtk_widget_add_controller (GTK_WIDGET (popover), keys);
  g_signal_connect (popover, "show", G_CALLBACK (on_main_menu_show), self);
  g_signal_connect (popover, "closed", G_CALLBACK (on_main_menu_closed), self);
}

/* ---- The class ----------------------------------------------------------------- */

void
hb_window_class_install_actions (GtkWidgetClass *widget_class)
{
  static const struct {
    const char *name;
    const char *param;
    GtkWidgetActionActivateFunc activate;
  } actions[] = {
    { "win.new", NULL, action_new },
    { "win.open", NULL, action_open },
    { "win.open-recent", "s", action_open_recent },
    { "win.restart", NULL, action_restart },
    { "win.next-level", NULL, action_next_level },
    { "win.scramble", NULL, action_scramble },
    { "win.save", NULL, action_save },
    { "win.save-as", NULL, action_save_as },
    { "win.random", NULL, action_random },
    { "win.back-level", NULL, action_back_level },
    { "win.clear", NULL, action_clear },
    { "win.undo", NULL, action_undo },
    { "win.redo", NULL, action_redo },
    { "win.toggle-sidebar", NULL, action_toggle_sidebar },
    { "win.levels", NULL, action_levels },
    { "win.solve", NULL, action_solve },
    { "win.solve-or-cancel", NULL, action_solve_or_cancel },
    { "win.cancel", NULL, action_cancel },
    { "win.next-hint", NULL, action_next_hint },
    { "win.apply-solution", NULL, action_apply_solution },
    { "win.replay", NULL, action_replay },
    { "win.player-toggle", NULL, action_player_toggle },
    { "win.player-back", NULL, action_player_back },
    { "win.player-forward", NULL, action_player_forward },
    { "win.player-start", NULL, action_player_start },
    { "win.player-end", NULL, action_player_end },
    { "win.player-jump", "s", action_player_jump },
    { "win.export-animation", NULL, action_export_animation },
    { "win.open-exported", NULL, action_open_exported },
    { "win.palette", "i", action_palette },
    { "win.zoom-in", NULL, action_zoom },
    { "win.zoom-out", NULL, action_zoom },
    { "win.zoom-fit", NULL, action_zoom },
  };
  /* Keys without a modifier (see the top of the file). */
  static const struct { guint key; const char *action; const char *format, *arg; } keys[] = {
    { GDK_KEY_Escape, "win.cancel", NULL, NULL },
    { GDK_KEY_e, "win.mode", "s", "edit" },
    { GDK_KEY_p, "win.mode", "s", "play" },
    { GDK_KEY_h, "win.show-hints", NULL, NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    gtk_widget_class_install_action (widget_class, actions[i].name, actions[i].param,
                                     actions[i].activate);
  hb_window_class_install_focus_actions (widget_class);
  hb_window_class_install_edge_actions (widget_class);
  /* Edit and Play: the "mode" property ("edit" or "play") as a stateful
   * action, for the header bar's toggle buttons. */
  gtk_widget_class_install_property_action (widget_class, "win.mode", "mode");
  /* The game as a stateful action: the main menu's games are radio items
   * that show which one is open. */
  gtk_widget_class_install_property_action (widget_class, "win.choose-game", "game");

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      if (keys[i].format != NULL)
        gtk_widget_class_add_binding_action (widget_class, keys[i].key, 0, keys[i].action,
                                             keys[i].format, keys[i].arg);
      else
        gtk_widget_class_add_binding_action (widget_class, keys[i].key, 0, keys[i].action,
                                             NULL);
    }
  for (int n = 0; n <= 9; n++)
    {
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0 + n, 0, "win.palette",
                                           "i", n);
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_0 + n, 0, "win.palette",
                                           "i", n);
    }
  /* Ctrl+C and Ctrl+V: the level and the clipboard. */
  hb_window_class_install_clipboard_actions (widget_class);
  /* Ctrl+H makes the next hinted move (H alone shows or hides the hints),
   * as Hint is Ctrl+H in GNOME's games. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_h, GDK_CONTROL_MASK,
                                       "win.next-hint", NULL);
  /* The player's jumps: N to the next solution, D to the next decision,
   * with Shift back. */
  {
    static const struct { guint key; GdkModifierType mods; const char *to; } jumps[] = {
      { GDK_KEY_n, 0, "solution" }, { GDK_KEY_n, GDK_SHIFT_MASK, "-solution" },
      { GDK_KEY_d, 0, "decision" }, { GDK_KEY_d, GDK_SHIFT_MASK, "-decision" },
    };
    for (guint i = 0; i < G_N_ELEMENTS (jumps); i++)
      gtk_widget_class_add_binding_action (widget_class, jumps[i].key, jumps[i].mods,
                                           "win.player-jump", "s", jumps[i].to);
  }
}
