/* hb-board-view-anim.c: a move's short animation on the board view (a tile
 * turning, a flood spreading, lights fading; see hb-board-view-private.h),
 * and the live frame a running solver's snapshot puts there.
 *
 * The view keeps a copy of the board it last showed, since the history may
 * free a state as soon as the next replaces it. When a play move changes
 * the board (same game and size, a game that draws anim_from) and the
 * system allows motion (GtkSettings:gtk-enable-animations), the copy
 * becomes anim_from and a tick callback on the frame clock runs the
 * progress from 0 to 1 over HB_BOARD_VIEW_ANIMATION_US, eased out, then
 * removes itself. Otherwise the new board is simply drawn. */
#include "config.h"

#include "hb-board-view-private.h"

/* No copy is kept of boards larger than this: a move there animates
 * nothing anyone could follow, and copying it on every change costs. */
#define ANIM_MAX_CELLS 65536

static gboolean
animations_enabled (HbBoardView *self)
{
  gboolean enabled = TRUE;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)),
                "gtk-enable-animations", &enabled, NULL);
  return enabled;
}

static void
stop (HbBoardView *self)
{
  if (self->anim_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->anim_tick);
  self->anim_tick = 0;
  g_clear_pointer (&self->anim_from, hb_state_free);
  self->anim_progress = 1;
}

void
hb_board_view_anim_clear (HbBoardView *self)
{
  if (self->anim_from != NULL)
    gtk_widget_queue_draw (GTK_WIDGET (self));
  stop (self);
  g_clear_pointer (&self->last_shown, hb_state_free);
}

static gboolean
on_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  HbBoardView *self = HB_BOARD_VIEW (widget);
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  double t;

  if (self->anim_first == 0)
    self->anim_first = now;
  t = (double) (now - self->anim_first) / HB_BOARD_VIEW_ANIMATION_US;
  if (t >= 1 || self->anim_from == NULL)
    {
      /* The first frame past the duration shows the board as it is. */
      self->anim_before_last = self->anim_prev;
      self->anim_last = now;
      self->anim_tick = 0;
      g_clear_pointer (&self->anim_from, hb_state_free);
      self->anim_progress = 1;
      gtk_widget_queue_draw (widget);
      return G_SOURCE_REMOVE;
    }
  self->anim_prev = now;
  /* Ease out (cubic): quick at first, settling at the end. */
  self->anim_progress = 1 - (1 - t) * (1 - t) * (1 - t);
  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}

void
hb_board_view_anim_state (HbBoardView *self, const HbState *state)
{
  gboolean enabled = animations_enabled (self);
  const HbState *last = self->last_shown;

  if (state == NULL || !enabled || !state->game->animates_moves
      || (gsize) state->width * state->height > ANIM_MAX_CELLS)
    {
      hb_board_view_anim_clear (self);
      return;
    }
  if (last != NULL && self->state != NULL
      && last->game == state->game && last->width == state->width
      && last->height == state->height
      && self->mode == HB_MODE_PLAY && self->player == NULL && self->live_frame == NULL
      && gtk_widget_get_mapped (GTK_WIDGET (self))
      && !state->game->equal (last, state))
    {
      /* A move: animate from the board shown before it (a move during
       * another's animation starts afresh from where that one ends). */
      g_clear_pointer (&self->anim_from, hb_state_free);
      self->anim_from = g_steal_pointer (&self->last_shown);
      self->anim_progress = 0;
      self->anim_first = self->anim_prev = 0;
      if (self->anim_tick == 0)
        self->anim_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), on_tick,
                                                        NULL, NULL);
    }
  else
    stop (self);
  g_clear_pointer (&self->last_shown, hb_state_free);
  self->last_shown = hb_state_copy (state);
}

void
hb_board_view_anim_options (HbBoardView *self, HbRenderOptions *options)
{
  if (self->anim_from == NULL || self->player != NULL || self->live_frame != NULL)
    return;
  options->anim_from = self->anim_from;
  options->anim_progress = self->anim_progress;
}

void
hb_board_view_new_level (HbBoardView *self)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  hb_board_view_anim_clear (self);
}

void
hb_board_view_reset_cursor (HbBoardView *self)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  /* The keyboard cursor starts again at the top left, hidden: the first
   * key only shows it. It stayed where the last level left it, shown, so
   * an Enter more than the file chooser took moved a Flow Free dot from
   * across the board to that cell (a player's look). An import's unsure
   * cells then put it on the first of them (hb_board_view_set_import). */
  self->cursor_x = self->cursor_y = 0;
  self->cursor_shown = FALSE;
  self->finished_state = NULL;
  hb_board_view_announce_cursor (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
hb_board_view_is_animating (HbBoardView *self)
{
  g_return_val_if_fail (HB_IS_BOARD_VIEW (self), FALSE);
  return self->anim_tick != 0;
}

void
hb_board_view_get_animation_times (HbBoardView *self, gint64 *first,
                                   gint64 *before_last, gint64 *last)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  *first = self->anim_first;
  *before_last = self->anim_before_last;
  *last = self->anim_last;
}

/* ---- The live frame ---------------------------------------------------- */

void
hb_board_view_live_clear (HbBoardView *self)
{
  if (self->live_frame != NULL && self->live_free != NULL)
    self->live_free (self->live_frame);
  self->live_frame = NULL;
  self->live_free = NULL;
}

void
hb_board_view_set_live_frame (HbBoardView *self, const HbState *initial,
                              gpointer frame, GDestroyNotify free_func)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  g_return_if_fail (frame == NULL || initial != NULL);

  hb_board_view_live_clear (self);
  if (frame != NULL && initial->game->frame_render == NULL)
    {
      if (free_func != NULL)
        free_func (frame);
      frame = NULL;
    }
  if (frame != NULL)
    {
      self->live_frame = frame;
      self->live_free = free_func;
      self->live_game = initial->game;
      self->live_width = initial->width;
      self->live_height = initial->height;
      hb_board_view_keys_reset (self);
      hb_board_view_anim_clear (self);
      self->pressed = FALSE;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
  hb_board_view_tips_changed (self, FALSE);
}

gboolean
hb_board_view_has_live_frame (HbBoardView *self)
{
  g_return_val_if_fail (HB_IS_BOARD_VIEW (self), FALSE);
  return self->live_frame != NULL;
}

/* The live frame shown, taken from the view (which shows the board again),
 * or NULL: a run cut short of its recording rests on it in the player. */
gpointer
hb_board_view_take_live_frame (HbBoardView *self, GDestroyNotify *free_func)
{
  gpointer frame;

  g_return_val_if_fail (HB_IS_BOARD_VIEW (self), NULL);
  frame = self->live_frame;
  *free_func = self->live_free;
  self->live_frame = NULL;
  self->live_free = NULL;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return frame;
}

guint
hb_board_view_get_live_draws (HbBoardView *self)
{
  g_return_val_if_fail (HB_IS_BOARD_VIEW (self), 0);
  return self->live_draws;
}
