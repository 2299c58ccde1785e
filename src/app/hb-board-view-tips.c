/* hb-board-view-tips.c: what the hint's marks on a cell mean, said where
 * the player looks: in a tooltip over the cell under the pointer, and in
 * the board's accessible name with the keyboard cursor on it (the
 * sidebar's legend, What the Marks Mean, is below the fold on a small
 * window, and a screen reader heard only "row 3, column 4"). The words
 * are the game's (HbGame.hint_at), for the marks the board shows now. */
#include "hb-board-view-private.h"

#include <math.h>

char *
hb_board_view_dup_hint_at (HbBoardView *self, int x, int y)
{
  const HbGame *game;

  g_return_val_if_fail (HB_IS_BOARD_VIEW (self), NULL);
  /* As draw_func: no marks while a replay or a running solver's frame is
   * shown instead of the board. */
  if (self->state == NULL || !self->show_hints || self->player != NULL
      || self->live_frame != NULL)
    return NULL;
  game = self->state->game;
  if (game->hint_at == NULL || x < 0 || y < 0 || x >= self->state->width
      || y >= self->state->height)
    return NULL;
  return game->hint_at (self->state, self->hint, self->hint_flags, x, y);
}

static gboolean
on_query_tooltip (GtkWidget *widget, int px, int py, gboolean keyboard,
                  GtkTooltip *tooltip, gpointer data)
{
  HbBoardView *self = HB_BOARD_VIEW (widget);
  HbLayout layout;
  HbHit hit = { 0 };
  GdkRectangle area;
  char *text;

  /* Not over a stroke in progress: the marks under it are changing. */
  if (self->state == NULL || self->pressed)
    return FALSE;
  hb_board_view_zoomed_layout (self, &layout);
  /* The pointer's cell only: GTK 4.8 never asks in keyboard mode, and
   * the cursor's cell is said in the board's accessible name. */
  hb_layout_hit (&layout, px, py, &hit);
  if (!hit.inside)
    return FALSE;
  text = hb_board_view_dup_hint_at (self, hit.x, hit.y);
  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  g_free (text);
  /* Asked again once the pointer leaves the cell. */
  {
    double x0 = layout.x0 + hit.x * layout.cell, y0 = layout.y0 + hit.y * layout.cell;

    area.x = (int) floor (x0);
    area.y = (int) floor (y0);
    area.width = MAX (1, (int) ceil (x0 + layout.cell) - area.x);
    area.height = MAX (1, (int) ceil (y0 + layout.cell) - area.y);
  }
  gtk_tooltip_set_tip_area (tooltip, &area);
  return TRUE;
}

static gboolean
tips_again (gpointer data)
{
  HbBoardView *self = data;

  self->tips_idle = 0;
  /* A tooltip on screen says what the marks said: asked again (not after
   * a move: a tile clicked and turned would pop its tooltip up under the
   * still pointer at every click); and the cursor's cell is named with
   * what they say now. */
  if (self->tips_requery)
    gtk_widget_trigger_tooltip_query (GTK_WIDGET (self));
  self->tips_requery = FALSE;
  if (self->cursor_shown)
    hb_board_view_announce_cursor (self);
  return G_SOURCE_REMOVE;
}

void
hb_board_view_tips_changed (HbBoardView *self, gboolean requery)
{
  /* Not at once: the window drops the hint before it sets the new board,
   * and the board last set may be freed by then (the query read it:
   * every window test crashed); by the idle the board is the new one, as
   * it is for drawing. */
  self->tips_requery |= requery;
  if (self->tips_idle == 0)
    self->tips_idle = g_idle_add (tips_again, self);
}

void
hb_board_view_tips_init (HbBoardView *self)
{
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), NULL);
}
