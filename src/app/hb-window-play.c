/* hb-window-play.c: the window's side of playing a level: Restart, the
 * clock and the move count in the status line, the win (a toast with
 * moves and time) and the loss (the game's is_lost: "Out of moves" with
 * Restart). The bundled levels and their browser: hb-window-levels.c. It
 * knows games only through HbGame. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "hb-window-private.h"
#include "hb-registry.h"

/* ---- The clock, the win and the loss -------------------------------------- */

static void
drop_toast (AdwToast **toast)
{
  if (*toast != NULL)
    adw_toast_dismiss (*toast);
  g_clear_object (toast);
}

static gboolean
clock_tick (gpointer data)
{
  hb_window_update_status (HB_WINDOW (data));
  return G_SOURCE_CONTINUE;
}

static void
stop_clock (HbWindow *self)
{
  g_clear_handle_id (&self->clock_id, g_source_remove);
}

void
hb_window_play_level_changed (HbWindow *self)
{
  const HbGame *game = hb_document_get_game (self->document);
  const HbState *s = hb_window_current (self);

  stop_clock (self);
  /* Another level of the same size is no move to animate. */
  hb_board_view_new_level (self->board_view);
  self->play_design = hb_document_design_id (self->document);
  self->play_start = 0;
  self->play_end = 0;
  self->clock_holds = 0;
  self->restart_depth = 0;
  self->gesture_counted = FALSE;
  self->gesture_clock = FALSE;
  self->hints_taken = 0;
  g_clear_pointer (&self->won_board, hb_state_free);
  /* The answer's entry was one of the last level's history: another
   * history's entry of that number is no answer (a win there went
   * uncelebrated). */
  self->answer_entry = 0;
  self->was_solved = hb_window_current_is_solved (self);
  self->was_lost = game->is_lost != NULL && game->is_lost (s);
  g_clear_pointer (&self->level_key, g_free);
  /* Another level, or the same again: its toasts go. */
  hb_window_play_drop_toasts (self);
}

/* The clock goes on from play_end, less the time it stood. */
static void
clock_goes_on (HbWindow *self)
{
  self->play_start += g_get_monotonic_time () - self->play_end;
  self->play_end = 0;
  if (self->clock_id == 0)
    self->clock_id = g_timeout_add_seconds (1, clock_tick, self);
}

/* While the player shows a solver's run the clock stands, as after a win
 * (it ran on: 0:11 to 0:56, no move made), and goes on when it closes; so
 * while a window of ours lies over this one (the shortcuts window ran the
 * clock on while it was read: review). A hold that comes while the clock
 * stands (not started, or won) does nothing, and its end neither. */
void
hb_window_play_hold_clock (HbWindow *self, guint reason, gboolean hold)
{
  if (hold && self->clock_holds == 0 && self->play_start != 0 && self->play_end == 0)
    {
      self->play_end = g_get_monotonic_time ();
      self->clock_holds = reason;
      stop_clock (self);
    }
  else if (hold && self->clock_holds != 0)
    self->clock_holds |= reason;
  else if (!hold && (self->clock_holds & reason) != 0)
    {
      self->clock_holds &= ~reason;
      if (self->clock_holds == 0 && self->play_end != 0)
        clock_goes_on (self);
    }
}

/* Whether a window, shown, lies over this one (transient for it). Every
 * toplevel is looked at, not the application's windows: the shortcuts
 * window, About and the questions are transient windows that no one adds
 * to the application (a first version watched those alone and never saw
 * them: review). */
static void
update_window_hold (HbWindow *self)
{
  GListModel *tops = gtk_window_get_toplevels ();
  gboolean over = FALSE;

  /* GTK takes the window out of the lists in its own dispose, after the
   * clock stopped: no timer for a window about to go. */
  if (self->disposed)
    return;
  for (guint i = 0; i < g_list_model_get_n_items (tops) && !over; i++)
    {
      GtkWindow *w = g_list_model_get_item (tops, i);

      over = w != GTK_WINDOW (self) && gtk_widget_get_visible (GTK_WIDGET (w))
             && gtk_window_get_transient_for (w) == GTK_WINDOW (self);
      g_object_unref (w);
    }
  hb_window_play_hold_clock (self, HB_CLOCK_HOLD_WINDOW, over);
}

static void
on_window_shown (GtkWindow *window, GParamSpec *pspec, HbWindow *self)
{
  update_window_hold (self);
}

static void
watch_toplevels (GListModel *tops, guint at, guint removed, guint added, HbWindow *self)
{
  for (guint i = at; i < at + added; i++)
    {
      GtkWindow *w = g_list_model_get_item (tops, i);

      if (w != GTK_WINDOW (self))
        g_signal_connect_object (w, "notify::visible", G_CALLBACK (on_window_shown), self, 0);
      g_object_unref (w);
    }
  update_window_hold (self);
}

void
hb_window_play_watch_windows (HbWindow *self)
{
  GListModel *tops = gtk_window_get_toplevels ();

  g_signal_connect_object (tops, "items-changed", G_CALLBACK (watch_toplevels), self, 0);
  watch_toplevels (tops, 0, 0, g_list_model_get_n_items (tops), self);
}

/* Keeps the clock of the try that ends, for Undo (see restart_undone). */
static void
keep_clock (HbWindow *self)
{
  gint64 end = self->play_end != 0 ? self->play_end : g_get_monotonic_time ();

  self->restart_kept = self->play_start != 0 ? end - self->play_start : -1;
  self->restart_ended = self->play_end != 0;
  self->restart_hints = self->hints_taken;
}

/* Where Restart goes: in Play the level as drawn (a move limit set in
 * Play went back to the file's, while Save wrote the new one), in Edit
 * the level as it was loaded. */
const HbState *
hb_window_play_restart_board (HbWindow *self)
{
  return self->mode == HB_MODE_PLAY ? hb_document_get_design (self->document)
                                    : hb_document_get_loaded (self->document);
}

/* Restart: that board as a play step (Undo takes it back); a fresh try,
 * so the clock and the count start over, and the bundled level stays the
 * one shown. */
void
hb_window_play_restart (HbWindow *self)
{
  const HbState *start = hb_window_play_restart_board (self);
  char *key = g_strdup (self->level_key);

  /* Kept before the clock starts over (play_level_changed leaves what
   * is kept, and only forgets the depth it is for). */
  keep_clock (self);
  hb_window_play_level_changed (self);
  self->level_key = key;
  hb_document_push_restart (self->document, hb_state_copy (start));
  self->restart_depth = hb_document_play_depth (self->document);
}

/* Undo of a Restart brings back the clock of the try it ended, with its
 * moves (the clock started again at 0:00); Redo restarts it again. */
static void
restart_undone (HbWindow *self)
{
  guint depth = hb_document_play_depth (self->document);
  gint64 now = g_get_monotonic_time ();

  if (self->mode != HB_MODE_PLAY || self->restart_depth == 0)
    return;
  if (depth + 1 == self->restart_depth && self->restart_kept >= 0)
    {
      /* As it stood at the Restart; a try not won goes on from there. */
      stop_clock (self);
      self->play_start = now - self->restart_kept;
      self->play_end = now;
      self->restart_kept = -1;
      self->hints_taken = self->restart_hints;
      if (!self->restart_ended)
        clock_goes_on (self);
    }
  else if (depth == self->restart_depth && self->restart_kept < 0
           && hb_window_play_moves (self) == 0)
    {
      keep_clock (self);
      stop_clock (self);
      self->play_start = 0;
      self->play_end = 0;
    }
}

/* ---- A game left and come back to ---------------------------------------- */

/* The try on a level kept aside while another game is open (hb_document_keep):
 * its time so far, whether it had ended (a win, out of moves), its hints,
 * and the clock of a Restart Undo can take back. The time away is not
 * counted. A game and back started the clock at 0:00 and forgot the hints
 * ("Solved in 9 moves and 0:05, with 5 hints!" after seven and a minute). */
typedef struct {
  gint64   elapsed;        /* µs, -1: no move yet */
  gboolean ended;
  guint    hints_taken;
  gint64   restart_kept;
  gboolean restart_ended;
  guint    restart_hints, restart_depth;
} KeptPlay;

void
hb_window_play_keep (HbWindow *self, const char *game_id)
{
  KeptPlay *k = g_new0 (KeptPlay, 1);
  gboolean ended = self->play_end != 0 && self->clock_holds == 0;
  gint64 end = self->play_end != 0 ? self->play_end : g_get_monotonic_time ();

  k->elapsed = self->play_start != 0 ? end - self->play_start : -1;
  k->ended = ended;
  k->hints_taken = self->hints_taken;
  k->restart_kept = self->restart_kept;
  k->restart_ended = self->restart_ended;
  k->restart_hints = self->restart_hints;
  k->restart_depth = self->restart_depth;
  if (self->kept_plays == NULL)
    self->kept_plays = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_hash_table_replace (self->kept_plays, g_strdup (game_id), k);
}

void
hb_window_play_forget_kept (HbWindow *self, const char *game_id)
{
  if (self->kept_plays != NULL)
    g_hash_table_remove (self->kept_plays, game_id);
}

/* After the kept level is back (hb_window_play_level_changed started a
 * fresh try): the try as it was left. */
void
hb_window_play_restore_kept (HbWindow *self, const char *game_id)
{
  KeptPlay *k = self->kept_plays != NULL ? g_hash_table_lookup (self->kept_plays, game_id) : NULL;
  gint64 now = g_get_monotonic_time ();

  if (k == NULL)
    return;
  self->hints_taken = k->hints_taken;
  self->restart_kept = k->restart_kept;
  self->restart_ended = k->restart_ended;
  self->restart_hints = k->restart_hints;
  self->restart_depth = k->restart_depth;
  if (k->elapsed >= 0)
    {
      self->play_start = now - k->elapsed;
      self->play_end = now;
      if (!k->ended)
        clock_goes_on (self);
      else
        /* An ended try stays ended (the level coming back with moves
         * made started the clock's timer). */
        stop_clock (self);
    }
  g_hash_table_remove (self->kept_plays, game_id);
  /* The kept time at once: "0:00" showed until the clock's next tick
   * (review). */
  hb_window_update_status (self);
}

/* A play move about to be made: the clock starts with the first. */
void
hb_window_play_note_move (HbWindow *self)
{
  if (self->mode != HB_MODE_PLAY || self->play_end != 0)
    return;
  if (self->play_start == 0)
    {
      self->play_start = g_get_monotonic_time ();
      if (self->clock_id == 0)
        self->clock_id = g_timeout_add_seconds (1, clock_tick, self);
    }
}

/* The moves on the board: the play moves in the history since the level
 * as drawn or the latest Restart, so an undone move is not counted and a
 * redone one is, in every game (the window's own count kept undone
 * moves), and a restart starts the count again (it counted the moves
 * before it, and itself, into the next try's). A stroke (Flow Free's
 * path) is a move once made, as in the game: when its button comes up,
 * or when the path joins its other dot, which finishes it. */
guint
hb_window_play_moves (HbWindow *self)
{
  guint n = hb_document_play_moves (self->document);

  /* A drag out and back, still held, is no move (it counted one until
   * the button came up: review); nor is a stroke still being drawn (it
   * counted from its first cell). */
  if (n > 0 && (hb_document_gesture_unchanged (self->document)
                || (self->gesture_counted && hb_board_view_stroke_held (self->board_view))))
    n--;
  return n;
}

static char *
format_time (gint64 us)
{
  gint64 s = us / G_USEC_PER_SEC;

  if (s >= 3600)
    return g_strdup_printf ("%d:%02d:%02d", (int) (s / 3600), (int) (s / 60 % 60), (int) (s % 60));
  return g_strdup_printf ("%d:%02d", (int) (s / 60), (int) (s % 60));
}

/* TRUE while the board shows the solver's answer applied (Apply
 * Solution's history entry). */
static gboolean
at_answer (HbWindow *self)
{
  return self->applying_answer
         || (self->answer_entry != 0 && hb_document_entry_id (self->document) == self->answer_entry);
}

char *
hb_window_play_dup_progress (HbWindow *self)
{
  gint64 end;
  char *time, *text;

  /* The answer applied before any move: said as after one (it was
   * said only once an undo and a redo had started the clock: helper-153). */
  if (self->play_start == 0)
    return at_answer (self) && !hb_document_get_game (self->document)->status_counts_moves
           /* TRANSLATORS: the status line after Apply Solution, before any move */
           ? g_strdup (_("the solver's answer")) : NULL;
  end = self->play_end ? self->play_end : g_get_monotonic_time ();
  time = format_time (end - self->play_start);
  /* The game's own status counts the moves already: the clock alone. */
  if (hb_document_get_game (self->document)->status_counts_moves)
    return time;
  /* The answer applied is one step in the history, not a move of the
   * player's ("solved · 2 moves" after one move and the answer). */
  if (at_answer (self))
    {
      guint moves = hb_window_play_moves (self), own = moves > 0 ? moves - 1 : 0;

      if (own == 0)
        /* TRANSLATORS: the status line's clock after Apply Solution */
        text = g_strdup_printf (_("the solver's answer · %s"), time);
      else
        /* TRANSLATORS: the status line's clock after moves of the
         * player's and Apply Solution: "3 moves and the solver's answer ·
         * 1:04" */
        text = g_strdup_printf (g_dngettext (NULL, "%u move and the solver's answer · %s",
                                             "%u moves and the solver's answer · %s", own),
                                own, time);
      g_free (time);
      return text;
    }
  /* TRANSLATORS: the status line's clock: "12 moves · 1:04" */
  text = g_strdup_printf (g_dngettext (NULL, "%u move · %s", "%u moves · %s",
                                       hb_window_play_moves (self)),
                          hb_window_play_moves (self), time);
  g_free (time);
  return text;
}

gboolean
hb_window_play_is_lost (HbWindow *self)
{
  const HbGame *game = hb_document_get_game (self->document);

  return self->mode == HB_MODE_PLAY && game->is_lost != NULL
         && game->is_lost (hb_window_current (self));
}

static void
celebrate (HbWindow *self)
{
  gint64 elapsed = self->play_end - self->play_start;
  char *time = format_time (elapsed);
  char *text;

  if (self->hints_taken > 0)
    {
      /* A win helped by Next Hint says so, as the game tells a hinted
       * solve from a clean one (five hints in a row made "Solved in 5
       * moves and 0:05!" as any other win). */
      /* TRANSLATORS: a win's moves and time, within the next message */
      g_autofree char *how = g_strdup_printf (g_dngettext (NULL, "%u move and %s",
                                                           "%u moves and %s",
                                                           hb_window_play_moves (self)),
                                              hb_window_play_moves (self), time);
      /* TRANSLATORS: the toast on a win with hints: "Solved in 14 moves
       * and 1:04, with 2 hints" */
      text = g_strdup_printf (g_dngettext (NULL, "Solved in %s, with %u hint!",
                                           "Solved in %s, with %u hints!", self->hints_taken),
                              how, self->hints_taken);
    }
  else
    /* TRANSLATORS: the toast on a win: "Solved in 14 moves and 1:04" */
    text = g_strdup_printf (g_dngettext (NULL, "Solved in %u move and %s!",
                                         "Solved in %u moves and %s!", hb_window_play_moves (self)),
                            hb_window_play_moves (self), time);
  drop_toast (&self->win_toast);
  if (self->level_key != NULL)
    /* A bundled level: the toast leads on to the next one. */
    self->win_toast = hb_window_show_toast_button (self, text, _("_Next Level"), "win.next-level", 10);
  else
    self->win_toast = hb_window_show_toast_button (self, text, NULL, NULL, 6);
  g_object_ref (self->win_toast);
  /* A short flash of the board (style.css: boardview.won), off when the
   * system asks for less motion (GTK then skips the transition). */
  gtk_widget_add_css_class (GTK_WIDGET (self->board_view), "won");
  hb_window_levels_mark_solved (self, self->level_key);
  hb_window_rebuild_levels (self);
  g_free (text);
  g_free (time);
}

static gboolean
unflash (gpointer data)
{
  HbWindow *self = data;

  if (!self->disposed)
    gtk_widget_remove_css_class (GTK_WIDGET (self->board_view), "won");
  g_object_unref (self);
  return G_SOURCE_REMOVE;
}

/* The win's and the loss's toasts go: another level, or the player opens
 * (it used to open under "Out of moves", which hid its controls and
 * stayed). */
void
hb_window_play_drop_toasts (HbWindow *self)
{
  drop_toast (&self->lost_toast);
  drop_toast (&self->win_toast);
}

/* The out-of-moves toast stays while it holds: it goes once the board is
 * no longer out of moves (Undo, Restart, another level) or the window
 * leaves Play. It used to stay for good, into Edit mode, its Restart
 * greyed out. The win's goes once the board is no longer solved (it
 * stayed over the board an Undo or Restart took back). */
void
hb_window_play_drop_stale_toasts (HbWindow *self)
{
  const HbGame *game = hb_document_get_game (self->document);
  const HbState *s = hb_window_current (self);
  gboolean lost = game->is_lost != NULL && game->is_lost (s);
  gboolean solved = hb_window_current_is_solved (self);

  if (!lost || self->mode != HB_MODE_PLAY)
    drop_toast (&self->lost_toast);
  if (!solved)
    drop_toast (&self->win_toast);
  if (self->cut_toast != NULL && hb_document_get_serial (self->document) != self->cut_serial)
    drop_toast (&self->cut_toast);
}

void
hb_window_play_state_changed (HbWindow *self)
{
  const HbGame *game = hb_document_get_game (self->document);
  const HbState *s = hb_window_current (self);
  gboolean solved = hb_window_current_is_solved (self);
  gboolean lost = game->is_lost != NULL && game->is_lost (s);

  /* The level as drawn changed (an edit, in either mode, or an undo or
   * redo past one): a new game on it, with no clock running and no win
   * to celebrate for the board it leaves (undoing a Scramble in Play
   * used to say "Solved in 0 moves"). */
  if (hb_document_design_id (self->document) != self->play_design)
    {
      self->play_design = hb_document_design_id (self->document);
      stop_clock (self);
      self->play_start = 0;
      self->play_end = 0;
      self->was_solved = solved;
      self->was_lost = lost;
      self->restart_depth = 0;
      self->hints_taken = 0;
      g_clear_pointer (&self->won_board, hb_state_free);
    }
  restart_undone (self);
  /* Play on a board with moves made on it and no clock (back on a design
   * by Edit's undo or redo): they are counted, on a clock started again. */
  if (self->mode == HB_MODE_PLAY && self->play_start == 0 && !solved
      && hb_window_play_moves (self) > 0)
    hb_window_play_note_move (self);
  /* A solved one is a game over: its moves counted on a clock that stands
   * at 0:00, as the win's time went with the design (the status said
   * "Solved" and no count over the five paths a win had drawn, once an
   * edit was undone: review). No win: was_solved is set. */
  else if (self->mode == HB_MODE_PLAY && self->play_start == 0 && solved
           && hb_window_play_moves (self) > 0 && !at_answer (self))
    {
      hb_window_play_note_move (self);
      self->play_end = self->play_start;
      stop_clock (self);
    }
  /* The winning (or losing) move undone: the game and its clock go on. */
  if (self->mode == HB_MODE_PLAY && !solved && !lost && self->play_end != 0 && self->clock_holds == 0)
    clock_goes_on (self);
  /* The solver's answer applied: the game is over (the clock stops), but
   * it is no win of the player's, and the level is not ticked as solved
   * (Infinite Loop's said "Solved in 3 moves" after two moves of the
   * player's and 19 tiles turned by the answer); nor when Redo comes back
   * to it (a win toast and a tick: review). */
  if (self->applying_answer)
    self->answer_entry = hb_document_entry_id (self->document);
  if (at_answer (self) && solved && !self->was_solved)
    {
      if (self->play_start != 0 && self->play_end == 0)
        self->play_end = g_get_monotonic_time ();
      stop_clock (self);
    }
  /* A win is a play move's (Clear in Play on Enlight is no win). */
  else if (self->mode == HB_MODE_PLAY && solved && !self->was_solved && self->play_start != 0
           && self->play_end == 0 && hb_document_at_play_move (self->document))
    {
      /* The same history entry: the same win (the same board at the same
       * depth is not: Undo back five moves and five new ones to the same
       * all-dark Enlight board is a new win). */
      guint64 entry = hb_document_entry_id (self->document);
      gboolean again = self->won_board != NULL && entry == self->won_entry
                       && game->equal (self->won_board, s);

      self->play_end = g_get_monotonic_time ();
      /* The same win again (Undo, then Redo; or a move after the win
       * undone): in its own time, and celebrated once, as it was won (a
       * second toast popped up on each such undo); the status line says
       * it is solved. */
      if (again)
        self->play_start = self->play_end - self->won_time;
      else
        {
          g_clear_pointer (&self->won_board, hb_state_free);
          self->won_board = hb_state_copy (s);
          self->won_entry = entry;
          self->won_time = self->play_end - self->play_start;
        }
      stop_clock (self);
      if (!again)
        {
          celebrate (self);
          g_timeout_add (700, unflash, g_object_ref (self));
        }
    }
  hb_window_play_drop_stale_toasts (self);
  if (self->mode == HB_MODE_PLAY && lost && !self->was_lost)
    {
      /* The game is over: the clock stops, as on a win (Undo starts it
       * again, above). */
      if (self->play_start != 0 && self->play_end == 0)
        self->play_end = g_get_monotonic_time ();
      stop_clock (self);
      g_clear_object (&self->lost_toast);
      self->lost_toast = g_object_ref (hb_window_show_toast_button (self, _("Out of moves"), _("_Restart"),
                                                                    "win.restart", 0));
    }
  self->was_solved = solved;
  self->was_lost = lost;
}

/* ---- Strokes on the board ------------------------------------------------ */

/* A play move's first change: the clock starts with it (counted before the
 * change, so the status it triggers shows it). A stroke is counted as a
 * move in hb_window_play_moves once it is made (its button up). */
static void
on_board_moves (HbBoardView *view, gpointer moves, guint n, gboolean new_gesture,
                HbWindow *self)
{
  if (new_gesture)
    {
      hb_document_end_gesture (self->document);
      self->gesture_counted = FALSE;
      self->gesture_clock = FALSE;
    }
  /* Out of moves: nothing more to play but Undo and Restart. */
  if (n == 0 || hb_window_play_is_lost (self))
    return;
  if (!self->gesture_counted && self->mode == HB_MODE_PLAY)
    {
      const HbState *before = hb_window_current (self);
      HbState *after = hb_document_get_game (self->document)->apply (before, moves);
      if (after != NULL)
        {
          gboolean had_clock = self->play_start != 0;

          self->gesture_counted = TRUE;
          hb_window_play_note_move (self);
          self->gesture_clock = !had_clock && self->play_start != 0;
          hb_state_free (after);
        }
    }
  hb_document_apply_moves (self->document, moves, n, FALSE);
}

/* A stroke taken back that had started the clock: no move was made, and
 * the clock stands at none again ("0 moves · 0:01" ran on an untouched
 * board). */
static void
stroke_taken_back (HbWindow *self)
{
  self->gesture_counted = FALSE;
  if (self->gesture_clock && self->play_end == 0 && hb_window_play_moves (self) == 0)
    {
      stop_clock (self);
      self->play_start = 0;
    }
  self->gesture_clock = FALSE;
  hb_window_update_status (self);
}

/* Escape took back a stroke the keyboard drew (Flow Free), or a drag: its
 * step goes as if never made. */
static void
on_stroke_cancelled (HbBoardView *view, HbWindow *self)
{
  if (hb_document_cancel_gesture (self->document))
    stroke_taken_back (self);
}

/* A stroke let go where it began (a path drawn one cell on and back) is
 * no move: its step goes (it counted a move, and Undo then did nothing
 * visible). Any other is a move from now on, which the status line says
 * (hb-window-status.c updates it on "stroke-ended" too). */
static void
on_stroke_ended (HbBoardView *view, HbWindow *self)
{
  if (hb_document_drop_unchanged_gesture (self->document))
    stroke_taken_back (self);
}

void
hb_window_play_connect_strokes (HbWindow *self)
{
  g_signal_connect (self->board_view, "moves", G_CALLBACK (on_board_moves), self);
  g_signal_connect (self->board_view, "stroke-ended", G_CALLBACK (on_stroke_ended), self);
  g_signal_connect (self->board_view, "stroke-cancelled", G_CALLBACK (on_stroke_cancelled),
                    self);
}

/* ---- Setup ---------------------------------------------------------------- */

void
hb_window_play_dispose (HbWindow *self)
{
  stop_clock (self);
  g_clear_pointer (&self->level_key, g_free);
  g_clear_pointer (&self->won_board, hb_state_free);
  g_clear_object (&self->lost_toast);
  g_clear_object (&self->win_toast);
  g_clear_object (&self->cut_toast);
  g_clear_object (&self->back_toast);
  g_clear_object (&self->page_toast);
  g_clear_object (&self->escape_toast);
  g_clear_pointer (&self->kept_plays, g_hash_table_unref);
}
