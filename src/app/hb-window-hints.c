/* hb-window-hints.c: the window's side of the hint job (HbHintJob): the
 * hint for the board shown, worked out off the main thread when hints are
 * shown, when Next Hint asks for one, and in Edit after a pause in the
 * edits; and Next Hint's move, a move of play. */
#include "config.h"

#include <glib/gi18n.h>

#include "hb-window-private.h"

#define EDIT_HINT_MS 300   /* Edit's own look waits for a pause in the edits */

void
hb_window_free_hint (HbWindow *self)
{
  g_clear_handle_id (&self->edit_hint_id, g_source_remove);
  /* The view lets go of the hint before the job frees it. */
  hb_board_view_set_hint (self->board_view, NULL);
  hb_hint_job_clear (self->hint_job);
}

void
hb_window_on_hint_done (HbHintJob *job, const GError *error, HbWindow *self)
{
  gconstpointer hint = hb_hint_job_get_hint (job);

  if (hint != NULL)
    hb_board_view_set_hint (self->board_view, hint);
  else if (error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
           && !g_error_matches (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_CANCELLED))
    g_debug ("no hint: %s", error->message);
  if (self->next_hint_wanted && hint == NULL && error != NULL)
    {
      self->next_hint_wanted = FALSE;
      hb_window_show_toast (self, error->message);
    }
  hb_window_update_hint_row (self);
  if (self->next_hint_wanted)
    {
      self->next_hint_wanted = FALSE;
      hb_window_make_next_hint_move (self);
    }
  hb_window_update_actions (self);
}

static gboolean
edit_hint_due (gpointer data)
{
  HbWindow *self = data;

  self->edit_hint_id = 0;
  if (self->mode == HB_MODE_EDIT
      && hb_hint_job_get_hint (self->hint_job) == NULL && !hb_hint_job_is_pending (self->hint_job))
    {
      hb_hint_job_start (self->hint_job, hb_window_current (self));
      hb_window_update_hint_row (self);
    }
  return G_SOURCE_REMOVE;
}

/* Starts the worker for the current board's hint: when hints are shown,
 * when `needed` (Next hint asked for one while hints are off), and in
 * Edit, where its warning says whether the design has an answer (no
 * solution, more than one, a move limit too short) with the hints off
 * too: a designer learned it only by turning them on (review). The marks
 * stay the switch's (the board view draws them only with it on). That
 * look of Edit's own waits for a pause in the edits (a drag's every cell
 * started a job, and a vast board's first steps do not stop when
 * cancelled), and is dropped on the way to Play (hb_window_mode_hint). */
void
hb_window_start_hint (HbWindow *self, gboolean needed)
{
  const HbGame *game = hb_document_get_game (self->document);

  if (self->disposed)
    return;
  hb_window_free_hint (self);
  if (game->hint_compute != NULL && (self->show_hints || needed))
    hb_hint_job_start (self->hint_job, hb_window_current (self));
  else if (game->hint_compute != NULL && self->mode == HB_MODE_EDIT)
    /* No reference: the window's dispose removes it (hb_window_free_hint),
     * and none is added after (a reference kept a closed window's
     * settings handlers alive). */
    self->edit_hint_id = g_timeout_add (EDIT_HINT_MS, edit_hint_due, self);
  hb_window_update_hint_row (self);
}

/* The hint as the mode changes: Edit works out its own look if it has
 * none; Play with the hints off has no use for one Edit left unfinished
 * (it would go on taking a core a solve may want), and a Next Hint move
 * still waiting is no move of Edit's (it was refused there, its row and
 * Cancel promising it). */
void
hb_window_mode_hint (HbWindow *self)
{
  if (self->mode == HB_MODE_EDIT)
    {
      self->next_hint_wanted = FALSE;
      if (hb_hint_job_get_hint (self->hint_job) == NULL && !hb_hint_job_is_pending (self->hint_job)
          && self->edit_hint_id == 0)
        hb_window_start_hint (self, FALSE);
      else
        hb_window_update_hint_row (self);
    }
  else if (!self->show_hints && !self->next_hint_wanted
           && (hb_hint_job_is_pending (self->hint_job) || self->edit_hint_id != 0))
    {
      hb_window_free_hint (self);
      hb_window_update_hint_row (self);
    }
}

void
hb_window_make_next_hint_move (HbWindow *self)
{
  gconstpointer hint = hb_hint_job_get_hint (self->hint_job);
  const HbGame *game = hb_document_get_game (self->document);
  HbMove move;

  /* A hint's move is a move of play (Next Hint goes to Play first: in Edit
   * it was written into the level as an edit); one that arrives after the
   * window went back to Edit is not made. */
  if (hint == NULL || hb_window_get_mode (self) != HB_MODE_PLAY)
    return;
  /* Out of moves: a hint's move is refused as a click's is (it played on
   * past Flood-It's move limit: "6 / 5 moves"). */
  if (hb_window_play_is_lost (self))
    return;
  /* A hint of several moves (Flow Free: a whole path) is one undo step. */
  if (game->hint_next_moves != NULL)
    {
      g_autoptr (GArray) moves = g_array_new (FALSE, FALSE, sizeof (HbMove));
      if (game->hint_next_moves (hb_window_current (self), hint, moves) && moves->len > 0)
        {
          hb_window_play_note_move (self);
          self->hints_taken++;
          hb_document_apply_moves (self->document, (const HbMove *) moves->data,
                                   moves->len, TRUE);
          /* Zoomed in, the move shows: a hint's move off the part of
           * the board shown changed nothing the player could see. */
          hb_board_view_show_cell (self->board_view, g_array_index (moves, HbMove, 0).x,
                                   g_array_index (moves, HbMove, 0).y);
          return;
        }
    }
  if (!game->hint_next_move (hb_window_current (self), hint, &move))
    {
      /* Why there is none, with the hints off too ("This level has no
       * solution", not only "No move to suggest here"). */
      g_autofree char *warning = game->hint_warning != NULL
                                 ? game->hint_warning (hb_window_current (self), hint) : NULL;

      hb_window_show_toast (self, hb_window_current_is_solved (self)
                                  ? _("Nothing left to do: the level is solved")
                                  : warning != NULL ? warning : _("No move to suggest here"));
      return;
    }
  hb_window_play_note_move (self);
  self->hints_taken++;
  hb_document_apply_moves (self->document, &move, 1, TRUE);
  hb_board_view_show_cell (self->board_view, move.x, move.y);
}

/* Makes the hint's next move; when the hint is not ready (still being
 * worked out, or hints are off), asks the worker for it and moves when it
 * arrives, so the window never waits on the main thread. */
void
hb_window_next_hint (HbWindow *self)
{
  hb_window_close_player (self);
  if (hb_document_get_game (self->document)->hint_compute == NULL)
    return;
  /* A hint's move is a move of play: from Edit the window goes to Play
   * first, as Apply Solution does, and a hint worked out on the level as
   * drawn is dropped there when moves were made on it (the board
   * changes), so the move is one for the board it is made on. */
  if (hb_window_get_mode (self) != HB_MODE_PLAY)
    hb_window_set_mode (self, HB_MODE_PLAY);
  if (hb_hint_job_get_hint (self->hint_job) != NULL)
    {
      hb_window_make_next_hint_move (self);
      return;
    }
  if (!hb_hint_job_is_pending (self->hint_job))
    hb_window_start_hint (self, TRUE);
  self->next_hint_wanted = TRUE;
  hb_window_update_hint_row (self);
  hb_window_update_actions (self);
}
