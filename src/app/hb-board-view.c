/* hb-board-view.c: the board canvas (see hb-board-view.h). */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "hb-board-view-private.h"
#include "hb-draw.h"

#define MAX_MOVES_PER_EVENT 64

G_DEFINE_FINAL_TYPE (HbBoardView, hb_board_view, GTK_TYPE_DRAWING_AREA)

enum { SIGNAL_MOVES, SIGNAL_STROKE_CANCELLED, SIGNAL_STROKE_ENDED, SIGNAL_PRESS_IGNORED,
       SIGNAL_MARKS_CHANGED, SIGNAL_TOOL_PICKED, SIGNAL_KEY_STROKE, N_SIGNALS };
static guint signals[N_SIGNALS];

void
hb_board_view_get_layout (HbBoardView *self, HbLayout *layout)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  hb_board_view_zoomed_layout (self, layout);
}

static void
draw_func (GtkDrawingArea *area, cairo_t *cr, int width, int height,
           gpointer user_data)
{
  HbBoardView *self = HB_BOARD_VIEW (area);
  HbRenderOptions options = { 0 };
  HbLayout layout;
  gboolean game_cursor, over_cursor;

  if (self->state == NULL)
    return;

  hb_board_view_zoomed_layout (self, &layout);
  options.dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  options.mode = self->mode;
  options.show_hints = self->show_hints && self->player == NULL;
  options.hint = options.show_hints ? self->hint : NULL;
  options.hint_flags = self->hint_flags;
  options.hover_x = self->player == NULL ? self->hover_x : -1;
  options.hover_y = self->player == NULL ? self->hover_y : -1;
  hb_board_view_anim_options (self, &options);
  options.cursor_shown = self->cursor_shown && self->player == NULL && self->live_frame == NULL
                         && gtk_widget_has_focus (GTK_WIDGET (self))
                         && self->cursor_x < self->state->width
                         && self->cursor_y < self->state->height;
  options.cursor_x = self->cursor_x;
  options.cursor_y = self->cursor_y;
  options.cursor_held = self->key_stroke;
  /* A game that draws the ring under its own marks (Infinite Loop's
   * badges) does so only where nothing is laid over its board: over a
   * screenshot the board is painted at 80 %, and the reader's unsure
   * rings lie over it, so there the ring is drawn last (review). */
  game_cursor = self->state->game->draws_cursor
                && !(self->mode == HB_MODE_EDIT
                     && ((hb_board_view_has_picture (self) && self->show_picture)
                         || hb_board_view_marks_here (self)));
  over_cursor = options.cursor_shown && !game_cursor;
  if (!game_cursor)
    options.cursor_shown = FALSE;

  cairo_save (cr);
  if (self->live_frame != NULL)
    {
      options.show_hints = FALSE;
      options.hint = NULL;
      options.hover_x = options.hover_y = -1;
      hb_layout_fit (&layout, self->live_width, self->live_height,
                     gtk_widget_get_width (GTK_WIDGET (self)),
                     gtk_widget_get_height (GTK_WIDGET (self)), BOARD_MARGIN);
      self->live_game->frame_render (self->live_frame, cr, &layout, &options, NULL);
      self->live_draws++;
    }
  else if (self->player != NULL)
    hb_player_render (self->player, cr, &layout, &options);
  else
    hb_board_view_cache_draw (self, cr, width, height, &layout, &options,
                              hb_board_view_has_picture (self) && self->show_picture
                              && self->mode == HB_MODE_EDIT);
  cairo_restore (cr);

  /* The cells the screenshot's reader was unsure of (hb-board-view-marks.c),
   * in Edit, where they are checked, as the picture is (in Play the rings
   * cluttered the board played, and a right click there keeps nothing:
   * review). */
  if (self->player == NULL && self->live_frame == NULL && self->mode == HB_MODE_EDIT)
    hb_board_view_draw_marks (self, cr, &layout);

  hb_board_view_draw_run_focus (self, cr, &layout);
  /* The keyboard cursor, on the live board only; over everything but
   * where the game draws it under its marks (above). */
  if (over_cursor)
    {
      options.cursor_shown = TRUE;
      hb_render_cursor (cr, &layout, &options);
    }
}

/* ---- Pointer -------------------------------------------------------- */

static void
emit_moves (HbBoardView *self, HbPointerPhase phase, const HbHit *hit,
            gboolean new_gesture)
{
  HbMove moves[MAX_MOVES_PER_EVENT];
  int n, tool = self->pointer.tool, picked;

  if (new_gesture)
    self->stroke_id++;

  /* An unsure cell touched in Edit is seen to: its mark goes (a click
   * with the colour it has confirms it), the others stay (the first edit
   * took them all, so a board with many could not be checked cell by
   * cell). */
  if (self->mode == HB_MODE_EDIT && hit->inside && phase != HB_POINTER_RELEASE)
    {
      guint8 *mark = hb_board_view_mark_at (self, hit->x, hit->y);

      if (mark != NULL && *mark)
        {
          *mark = 0;
          hb_board_view_mark_taken (self, (int) (mark - self->marks));
          gtk_widget_queue_draw (GTK_WIDGET (self));
        }
    }
  n = self->state->game->pointer (self->state, &self->pointer, phase, hit,
                                  moves, MAX_MOVES_PER_EVENT);
  n = CLAMP (n, 0, MAX_MOVES_PER_EVENT);
  picked = self->pointer.tool;
  self->emitting = TRUE;
  g_signal_emit (self, signals[SIGNAL_MOVES], 0, moves, (guint) n, new_gesture);
  self->emitting = FALSE;
  /* After the moves, so the palette has the entries of the board they
   * made (see HbPointer.tool). */
  if (picked != tool)
    g_signal_emit (self, signals[SIGNAL_TOOL_PICKED], 0, picked);
}

/* The contract with game->pointer: PRESS and MOTION come only with a hit
 * inside the board; RELEASE always ends a gesture that began with a PRESS
 * (its hit may lie outside, hit->inside says so). */
void
hb_board_view_pointer_press (HbBoardView *self, double x, double y, int button)
{
  HbLayout layout;
  HbHit hit;
  const HbState *before = self->state;
  /* (Read now: the state may be freed by the change below.) */
  const HbGame *before_game = before != NULL ? before->game : NULL;
  int before_w = before != NULL ? before->width : 0, before_h = before != NULL ? before->height : 0;

  /* A click on the board gives it the keyboard, as a click on a button
   * does: the arrows then move its cursor (or step the player), not
   * whatever had the focus, a spin button say. */
  gtk_widget_grab_focus (GTK_WIDGET (self));
  /* The focus leaving a spin button commits a size typed there: the board
   * changed size under the press, which was aimed at the board as it was
   * (it painted a cell of the new layout, columns away: review). A change
   * that keeps the size (a move limit typed) keeps the press. */
  if (self->state != before
      && (self->state == NULL || before == NULL || self->state->game != before_game
          || self->state->width != before_w || self->state->height != before_h))
    return;
  if (self->player != NULL && self->state != NULL)
    {
      /* The board shows a frame of the player, not the level. */
      g_signal_emit (self, signals[SIGNAL_PRESS_IGNORED], 0);
      return;
    }
  if (self->state == NULL)
    return;
  if (self->live_frame != NULL)
    {
      /* The board shows a solve at work: no move, but a word (a click
       * in Edit did nothing, unsaid). */
      g_signal_emit (self, signals[SIGNAL_PRESS_IGNORED], 0);
      return;
    }
  hb_board_view_zoomed_layout (self, &layout);
  hb_layout_hit (&layout, x, y, &hit);
  if (!hit.inside)
    return;
  /* The keyboard cursor goes where the pointer pressed, so the arrows
   * carry on from there. */
  self->cursor_x = hit.x;
  self->cursor_y = hit.y;
  if (button == GDK_BUTTON_SECONDARY && hb_board_view_keep_as_read (self, hit.x, hit.y))
    return;

  self->pressed = TRUE;
  self->finished_state = NULL;
  self->pointer = (HbPointer) {
    .mode = self->mode,
    .button = button,
    .tool = self->tool,
    .ui = self->ui,
  };
  self->start_x = self->last_x = x;
  self->start_y = self->last_y = y;
  self->last_hit = hit;
  emit_moves (self, HB_POINTER_PRESS, &hit, TRUE);
}

void
hb_board_view_pointer_motion (HbBoardView *self, double x, double y)
{
  HbLayout layout;
  HbHit hit;

  if (!self->pressed || self->state == NULL)
    return;
  hb_board_view_zoomed_layout (self, &layout);
  hb_layout_hit (&layout, x, y, &hit);
  self->last_hit = hit;
  /* Every cell the stroke crossed since the last event, in order, so a
   * fast drag handles the cells between two far-apart samples too. */
  {
    g_autoptr (GArray) cells = g_array_new (FALSE, FALSE, sizeof (HbHit));
    hb_layout_walk (&layout, self->last_x, self->last_y, x, y, cells);
    self->last_x = x;
    self->last_y = y;
    for (guint i = 0; i < cells->len && self->pressed && self->state != NULL; i++)
      {
        HbHit h = g_array_index (cells, HbHit, i);
        /* The last cell gets the real position within it. */
        if (i + 1 == cells->len && hit.inside && h.x == hit.x && h.y == hit.y)
          h = hit;
        emit_moves (self, HB_POINTER_MOTION, &h, FALSE);
      }
  }
}

void
hb_board_view_pointer_release (HbBoardView *self, double x, double y)
{
  HbLayout layout;
  HbHit hit;

  if (!self->pressed)
    return;
  self->pressed = FALSE;
  if (self->state == NULL)
    return;
  hb_board_view_zoomed_layout (self, &layout);
  hb_layout_hit (&layout, x, y, &hit);
  /* The keyboard cursor goes where a drag ended (the last cell on the
   * board), as a press puts it: it stayed on the drag's first cell, so
   * Space there after a drawn Flow Free path started that colour again
   * and wiped the path (review). */
  if (hit.inside)
    {
      self->cursor_x = hit.x;
      self->cursor_y = hit.y;
    }
  else if (self->last_hit.inside)
    {
      self->cursor_x = self->last_hit.x;
      self->cursor_y = self->last_hit.y;
    }
  emit_moves (self, HB_POINTER_RELEASE, &hit, FALSE);
  g_signal_emit (self, signals[SIGNAL_STROKE_ENDED], 0);
}

static void
pointer_cancel (HbBoardView *self)
{
  if (!self->pressed)
    return;
  self->pressed = FALSE;
  if (self->state != NULL)
    {
      HbHit hit = self->last_hit;
      hit.inside = FALSE;
      emit_moves (self, HB_POINTER_RELEASE, &hit, FALSE);
      g_signal_emit (self, signals[SIGNAL_STROKE_ENDED], 0);
    }
}

/* A press of the pointer hides the keyboard cursor until the next key
 * (it goes to the cell pressed, so the arrows carry on from there): a
 * mouse player saw its rings follow every click once any key was used. */
static void
pointer_hides_cursor (HbBoardView *self)
{
  if (!self->cursor_shown || self->key_stroke)
    return;
  self->cursor_shown = FALSE;
  hb_board_view_announce_cursor (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_drag_begin (GtkGestureDrag *gesture, double x, double y, HbBoardView *self)
{
  int button = (int) gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));

  /* A stroke the keyboard was drawing ends where it is. */
  hb_board_view_keys_reset (self);
  hb_board_view_pointer_press (self, x, y, button ? button : 1);
  pointer_hides_cursor (self);
  if (!self->pressed)
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
  else
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
on_drag_update (GtkGestureDrag *gesture, double dx, double dy, HbBoardView *self)
{
  double x = self->start_x + dx, y = self->start_y + dy;
  GdkEvent *event = gtk_event_controller_get_current_event (GTK_EVENT_CONTROLLER (gesture));

  /* When the app falls behind, GDK merges motion events and keeps the
   * positions it merged as the event's history: walked in order, so that
   * a fast L-shaped stroke turns its corner instead of cutting across it
   * (the history is in surface coordinates, offset as the event's own
   * position is from the gesture's). */
  if (event != NULL && gdk_event_get_event_type (event) == GDK_MOTION_NOTIFY)
    {
      guint n = 0;
      GdkTimeCoord *history = gdk_event_get_history (event, &n);
      double ex, ey;

      if (history != NULL && gdk_event_get_position (event, &ex, &ey))
        for (guint i = 0; i < n && self->pressed; i++)
          {
            double hx, hy;
            if ((history[i].flags & (GDK_AXIS_FLAG_X | GDK_AXIS_FLAG_Y))
                == (GDK_AXIS_FLAG_X | GDK_AXIS_FLAG_Y))
              {
                hx = history[i].axes[GDK_AXIS_X] + (x - ex);
                hy = history[i].axes[GDK_AXIS_Y] + (y - ey);
                hb_board_view_pointer_motion (self, hx, hy);
              }
          }
      g_free (history);
    }
  hb_board_view_pointer_motion (self, x, y);
}

static void
on_drag_end (GtkGestureDrag *gesture, double dx, double dy, HbBoardView *self)
{
  hb_board_view_pointer_release (self, self->start_x + dx, self->start_y + dy);
}

static void
on_drag_cancel (GtkGesture *gesture, GdkEventSequence *sequence, HbBoardView *self)
{
  pointer_cancel (self);
}

static void
set_hover (HbBoardView *self, int x, int y)
{
  if (x == self->hover_x && y == self->hover_y)
    return;
  self->hover_x = x;
  self->hover_y = y;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
hb_board_view_rehover (HbBoardView *self)
{
  HbLayout layout;
  HbHit hit;

  if (self->state == NULL || !self->pointer_in)
    return;
  hb_board_view_zoomed_layout (self, &layout);
  hb_layout_hit (&layout, self->hover_px, self->hover_py, &hit);
  if (hit.inside)
    set_hover (self, hit.x, hit.y);
  else
    set_hover (self, -1, -1);
}

static void
on_motion (GtkEventControllerMotion *motion, double x, double y, HbBoardView *self)
{
  self->hover_px = x;
  self->hover_py = y;
  self->pointer_in = TRUE;
  hb_board_view_rehover (self);
}

static void
on_leave (GtkEventControllerMotion *motion, HbBoardView *self)
{
  self->pointer_in = FALSE;
  set_hover (self, -1, -1);
}

/* ---- Public API ----------------------------------------------------- */

void
hb_board_view_set_state (HbBoardView *self, const HbState *state)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));

  /* The previous state may be freed already (the history replaces states
   * during a drag): compare with what was remembered of it, never read it. */
  if (state == NULL || state->game != self->shown_game
      || state->width != self->shown_width || state->height != self->shown_height)
    {
      /* A gesture cannot carry over to another board. */
      self->pressed = FALSE;
      self->key_stroke = FALSE;
      self->hover_x = self->hover_y = -1;
      /* Another board starts whole. */
      self->zoom = 1.0;
      self->pan_x = self->pan_y = 0;
      if (state != NULL)
        {
          self->cursor_x = MIN (self->cursor_x, state->width - 1);
          self->cursor_y = MIN (self->cursor_y, state->height - 1);
        }
    }
  /* The board changed under a stroke, not by the stroke's own moves (Undo,
   * Redo or Restart with the button held, a hint): the stroke ends there.
   * It drew on from the head of a path that was gone: Flow Free got a
   * piece of path joined to nothing, kept in the history. */
  if (self->pressed && !self->emitting && state != self->state)
    {
      self->pressed = FALSE;
      self->key_stroke = FALSE;
    }
  if (!self->emitting && state != self->state)
    self->finished_state = NULL;   /* (see hb_board_view_act_at_cursor) */
  if (state == NULL || state->game != self->ui_game)
    {
      if (self->ui != NULL && self->ui_game != NULL && self->ui_game->ui_free != NULL)
        self->ui_game->ui_free (self->ui);
      self->ui = NULL;
      self->ui_game = state ? state->game : NULL;
      if (state != NULL && state->game->ui_new != NULL)
        self->ui = state->game->ui_new (state);
      self->pointer.ui = self->ui;
    }
  hb_board_view_anim_state (self, state);
  self->state = state;
  /* Another shape asks for another height (hb_board_view_size_class_init). */
  if ((state ? state->width : 0) != self->shown_width || (state ? state->height : 0) != self->shown_height)
    gtk_widget_queue_resize (GTK_WIDGET (self));
  self->shown_game = state ? state->game : NULL;
  self->shown_width = state ? state->width : 0;
  self->shown_height = state ? state->height : 0;
  self->hint = NULL;
  hb_board_view_cache_board_set (self);
  hb_board_view_marks_follow (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  hb_board_view_tips_changed (self, FALSE);
}

void
hb_board_view_set_hint (HbBoardView *self, gconstpointer hint)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  self->hint = hint;
  /* (A hint not shown is not drawn: the board kept stays.) */
  if (self->show_hints)
    hb_board_view_cache_changed (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  /* A new hint follows every move: no tooltip asked again for it (see
   * hb_board_view_tips_changed). */
  hb_board_view_tips_changed (self, FALSE);
}

void
hb_board_view_set_hint_flags (HbBoardView *self, guint flags)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  self->hint_flags = flags;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  hb_board_view_tips_changed (self, TRUE);
}

void
hb_board_view_set_show_hints (HbBoardView *self, gboolean show)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  self->show_hints = !!show;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  hb_board_view_tips_changed (self, TRUE);
}

void
hb_board_view_set_mode (HbBoardView *self, HbMode mode)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  hb_board_view_keys_reset (self);
  self->mode = mode;
  self->pressed = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
hb_board_view_set_tool (HbBoardView *self, int tool)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  self->tool = tool;
}

void
hb_board_view_set_player (HbBoardView *self, HbPlayer *player)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  hb_board_view_keys_reset (self);
  hb_board_view_anim_clear (self);
  self->player = player;
  self->pressed = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  /* No marks while a replay is shown: the cursor's name loses their words. */
  hb_board_view_tips_changed (self, FALSE);
}

void
hb_board_view_simulate_click (HbBoardView *self, double x, double y, int button)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  hb_board_view_pointer_press (self, x, y, button);
  pointer_hides_cursor (self);
  hb_board_view_pointer_release (self, x, y);
}

void
hb_board_view_simulate_drag (HbBoardView *self, double x0, double y0,
                             double x1, double y1, int button)
{
  HbLayout layout;
  double dist, step;
  int n;

  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  hb_board_view_zoomed_layout (self, &layout);
  hb_board_view_pointer_press (self, x0, y0, button);
  pointer_hides_cursor (self);
  /* Motion events every quarter cell, as a real pointer would send. */
  dist = hypot (x1 - x0, y1 - y0);
  step = MAX (1.0, layout.cell / 4);
  n = MAX (1, (int) ceil (dist / step));
  for (int i = 1; i <= n; i++)
    hb_board_view_pointer_motion (self, x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * i / n);
  hb_board_view_pointer_release (self, x1, y1);
}

void
hb_board_view_simulate_press (HbBoardView *self, double x, double y, int button)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  hb_board_view_pointer_press (self, x, y, button);
  pointer_hides_cursor (self);
}

void
hb_board_view_simulate_motion (HbBoardView *self, double x, double y)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  hb_board_view_pointer_motion (self, x, y);
}

void
hb_board_view_simulate_release (HbBoardView *self, double x, double y)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  hb_board_view_pointer_release (self, x, y);
}

/* ---- GObject -------------------------------------------------------- */

static void
on_dark_changed (AdwStyleManager *manager, GParamSpec *pspec, HbBoardView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
hb_board_view_dispose (GObject *object)
{
  HbBoardView *self = HB_BOARD_VIEW (object);

  g_signal_handlers_disconnect_by_data (adw_style_manager_get_default (), self);
  g_clear_handle_id (&self->tips_idle, g_source_remove);
  self->state = NULL;
  self->hint = NULL;
  self->player = NULL;
  hb_board_view_anim_clear (self);
  hb_board_view_live_clear (self);
  g_clear_pointer (&self->picture, cairo_surface_destroy);
  g_clear_pointer (&self->ghost, cairo_surface_destroy);
  g_clear_pointer (&self->ghost_of, cairo_surface_destroy);
  g_clear_pointer (&self->marks, g_free);
  g_clear_pointer (&self->marks_taken, g_ptr_array_unref);
  hb_board_view_cache_clear (self);
  if (self->ui != NULL && self->ui_game != NULL && self->ui_game->ui_free != NULL)
    self->ui_game->ui_free (self->ui);
  self->ui = NULL;
  self->ui_game = NULL;
  G_OBJECT_CLASS (hb_board_view_parent_class)->dispose (object);
}

static void
hb_board_view_class_init (HbBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hb_board_view_dispose;

  signals[SIGNAL_MOVES] =
    g_signal_new ("moves", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                  G_TYPE_POINTER, G_TYPE_UINT, G_TYPE_BOOLEAN);
  /* Escape took back the stroke the keyboard was drawing: the moves it
   * made since its press are to be undone. */
  signals[SIGNAL_STROKE_CANCELLED] =
    g_signal_new ("stroke-cancelled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* The pointer let go of a stroke (its last moves were emitted). */
  signals[SIGNAL_STROKE_ENDED] =
    g_signal_new ("stroke-ended", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* A press on the board while it shows the player's frame: no move. */
  signals[SIGNAL_PRESS_IGNORED] =
    g_signal_new ("press-ignored", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /* An unsure cell's mark went without an edit (a right click). */
  signals[SIGNAL_MARKS_CHANGED] =
    g_signal_new ("marks-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /* The game picked the palette entry with this id (HbPointer.tool). */
  signals[SIGNAL_TOOL_PICKED] =
    g_signal_new ("tool-picked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);

  /* The keys began a stroke (its end is "stroke-ended"). */
  signals[SIGNAL_KEY_STROKE] =
    g_signal_new ("key-stroke-started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  hb_board_view_size_class_init (widget_class);
  gtk_widget_class_set_css_name (widget_class, "boardview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void
hb_board_view_init (HbBoardView *self)
{
  GtkGesture *drag;
  GtkEventController *motion;

  self->tool = -1;
  self->hover_x = self->hover_y = -1;
  self->mode = HB_MODE_EDIT;

  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self), draw_func, NULL, NULL);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);

  /* One drag gesture for every button serves clicks too (a click is a drag
   * that does not move), so press, motion and release reach the game in
   * order and a click is never reported twice. */
  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), 0);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), self);
  g_signal_connect (drag, "cancel", G_CALLBACK (on_drag_cancel), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  hb_board_view_keys_init (self);
  hb_board_view_tips_init (self);
  hb_board_view_announce_cursor (self);   /* "Board": no cursor yet */

  hb_board_view_zoom_init (self);
  hb_board_view_cache_init (self);
  self->zoom = 1.0;
  self->show_picture = TRUE;

  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  g_signal_connect (adw_style_manager_get_default (), "notify::dark",
                    G_CALLBACK (on_dark_changed), self);
}

GtkWidget *
hb_board_view_new (void)
{
  return g_object_new (HB_TYPE_BOARD_VIEW, NULL);
}
