/* hb-window-access.c: the window's parts and state as hb-window.h hands
 * them out, to the application and to the GUI tests (tests/app). */
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
