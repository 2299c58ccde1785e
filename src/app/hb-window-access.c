/* hb-window-access.c: the window's parts and state as hb-window.h hands
 * them out, to the application and to the GUI tests (tests/app); and what
 * the window asks of the board shown, made once per change. */
#include "config.h"

#include "hb-window-private.h"

const HbGame *
hb_window_get_game (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), NULL);
  return hb_document_get_game (self->document);
}

const HbState *
hb_window_get_state (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), NULL);
  return hb_window_current (self);
}

gboolean
hb_window_get_modified (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), FALSE);
  return hb_document_get_modified (self->document);
}

GFile *
hb_window_get_file (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), NULL);
  return hb_document_get_file (self->document);
}

HbDocument *
hb_window_get_document (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), NULL);
  return self->document;
}

gboolean
hb_window_is_hint_pending (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), FALSE);
  /* Edit's own look, waiting for a pause in the edits, counts. */
  return hb_hint_job_is_pending (self->hint_job) || self->edit_hint_id != 0;
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

GtkListBox *
hb_window_get_levels_list (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), NULL);
  return self->levels_list;
}

GtkWidget *
hb_window_get_status_label (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), NULL);
  return GTK_WIDGET (self->status_label);
}

HbSolverPanel *
hb_window_get_solver_panel (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), NULL);
  return self->solver_panel;
}

HbPlotView *
hb_window_get_plot_view (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), NULL);
  return self->plot_view;
}

const char *
hb_window_get_last_toast (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), NULL);
  return self->last_toast;
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

GtkNativeDialog *
hb_window_get_file_dialog (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), NULL);
  return self->file_dialog;
}

/* Whether the board shown is solved, checked once per change of the
 * board: one update asks five to seven times (the status line, the
 * actions, the hint row, the win check, the stale toasts), and a solved
 * 4096x4096 Flow Free board takes 0.3 s to check, so a switch to Play
 * held the window up 2.5 s. The document's serial goes up with every
 * change of the board, and the board's address is asked too. */
gboolean
hb_window_current_is_solved (HbWindow *self)
{
  const HbGame *game = hb_document_get_game (self->document);
  const HbState *now = hb_window_current (self);
  guint64 serial = hb_document_get_serial (self->document);

  if (game == NULL || game->is_solved == NULL || now == NULL)
    return FALSE;
  if (self->solved_memo.state != now || self->solved_memo.serial != serial
      || self->solved_memo.checks == 0)
    {
      self->solved_memo.state = now;
      self->solved_memo.serial = serial;
      self->solved_memo.solved = game->is_solved (now);
      self->solved_memo.checks++;
    }
  return self->solved_memo.solved;
}

/* The game's words for the board shown (Edit's own where it has them),
 * made once per change as above: the status line is made again each
 * second for the clock, and Enlight's and Infinite Loop's words count the
 * whole board (4096x4096: 10-40 ms a time). */
char *
hb_window_dup_game_status (HbWindow *self)
{
  const HbGame *game = hb_document_get_game (self->document);
  const HbState *now = hb_window_current (self);
  guint64 serial = hb_document_get_serial (self->document);
  char *(*fn) (const HbState *) = self->mode == HB_MODE_EDIT && game->edit_status_text != NULL
                                  ? game->edit_status_text : game->status_text;

  if (fn == NULL || now == NULL)
    return NULL;
  if (self->status_memo.text == NULL || self->status_memo.fn != fn
      || self->status_memo.state != now || self->status_memo.serial != serial)
    {
      g_free (self->status_memo.text);
      self->status_memo.text = fn (now);
      self->status_memo.fn = fn;
      self->status_memo.state = now;
      self->status_memo.serial = serial;
      self->status_memo.made++;
    }
  return g_strdup (self->status_memo.text);
}
