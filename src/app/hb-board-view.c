/* hb-board-view.c: the board canvas (see hb-board-view.h). */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "hb-board-view.h"

#define BOARD_MARGIN 24.0
#define MAX_MOVES_PER_EVENT 64

struct _HbBoardView
{
  GtkDrawingArea parent_instance;

  const HbState *state;
  const HbGame  *shown_game;      /* what state had, for comparing */
  int            shown_width, shown_height;
  gconstpointer  hint;
  HbPlayer      *player;
  gboolean       show_hints;
  guint          hint_flags;
  HbMode         mode;
  int            tool;

  int            hover_x, hover_y;
  double         hover_px, hover_py;  /* the pointer, for Ctrl+scroll */

  /* Zoom and pan (Ctrl+scroll, Ctrl +/−/0, pinch; scroll pans once
   * zoomed): the fitted layout scaled by `zoom` about the view's centre,
   * shifted by (pan_x, pan_y) pixels. */
  double         zoom, pinch_start;
  double         pan_x, pan_y;

  /* The keyboard cursor: arrows move it, Space and Enter act there. */
  int            cursor_x, cursor_y;
  gboolean       cursor_shown;

  /* The gesture in progress. */
  gboolean       pressed;
  HbPointer      pointer;
  double         start_x, start_y;
  double         last_x, last_y;  /* the last pointer position handled */
  HbHit          last_hit;
  gpointer       ui;              /* the game's gesture state (ui_new) */
  const HbGame  *ui_game;

  /* A running solver's newest snapshot (owned), drawn instead of the
   * board, in a layout for the board the solver started from. */
  gpointer       live_frame;
  GDestroyNotify live_free;
  const HbGame  *live_game;
  int            live_width, live_height;
  guint          live_draws;

  /* A screenshot import: the picture, placed so that the board read from
   * it lies on the cells, drawn faintly behind the board while the state
   * is the imported one's game and size; the cells the detector was unsure
   * of, outlined until the next edit (while `marks_state` is shown). */
  cairo_surface_t *picture;
  double         pic_x0, pic_y0, pic_cell_w, pic_cell_h;
  int            pic_width, pic_height;
  const HbGame  *pic_game;
  gboolean       show_picture;
  guint8        *marks;
  const HbState *marks_state;
};

G_DEFINE_FINAL_TYPE (HbBoardView, hb_board_view, GTK_TYPE_DRAWING_AREA)

enum { SIGNAL_MOVES, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
board_layout (HbBoardView *self, HbLayout *layout)
{
  int w = gtk_widget_get_width (GTK_WIDGET (self));
  int h = gtk_widget_get_height (GTK_WIDGET (self));

  if (self->state == NULL)
    {
      memset (layout, 0, sizeof *layout);
      layout->cell = 1;
      return;
    }
  hb_layout_fit (layout, self->state->width, self->state->height,
                 w, h, BOARD_MARGIN);
  if (self->zoom > 1.0)
    {
      double bw, bh;

      layout->cell *= self->zoom;
      layout->x0 = w / 2.0 - (w / 2.0 - layout->x0) * self->zoom + self->pan_x;
      layout->y0 = h / 2.0 - (h / 2.0 - layout->y0) * self->zoom + self->pan_y;
      /* Keep the board over the view: no panning past its edges. */
      bw = layout->cell * self->state->width;
      bh = layout->cell * self->state->height;
      if (bw > w)
        layout->x0 = CLAMP (layout->x0, w - bw, 0);
      if (bh > h)
        layout->y0 = CLAMP (layout->y0, h - bh, 0);
    }
}

#define ZOOM_MAX 12.0

/* Zooms to `zoom` keeping the board point under (px, py) where it is. */
static void
zoom_at (HbBoardView *self, double zoom, double px, double py)
{
  HbLayout before, fit;
  double u, v, w, h;

  if (self->state == NULL)
    return;
  zoom = CLAMP (zoom, 1.0, ZOOM_MAX);
  board_layout (self, &before);
  u = (px - before.x0) / before.cell;
  v = (py - before.y0) / before.cell;
  w = gtk_widget_get_width (GTK_WIDGET (self));
  h = gtk_widget_get_height (GTK_WIDGET (self));
  hb_layout_fit (&fit, self->state->width, self->state->height, (int) w, (int) h, BOARD_MARGIN);
  self->zoom = zoom;
  /* x0' = px - u × cell', and x0' = w/2 − (w/2 − fit.x0) × zoom + pan. */
  self->pan_x = px - u * fit.cell * zoom - w / 2.0 + (w / 2.0 - fit.x0) * zoom;
  self->pan_y = py - v * fit.cell * zoom - h / 2.0 + (h / 2.0 - fit.y0) * zoom;
  if (zoom <= 1.0)
    self->pan_x = self->pan_y = 0;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

double
hb_board_view_get_zoom (HbBoardView *self)
{
  g_return_val_if_fail (HB_IS_BOARD_VIEW (self), 1.0);
  return MAX (self->zoom, 1.0);
}

void
hb_board_view_zoom (HbBoardView *self, double factor)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  zoom_at (self, (self->zoom > 1.0 ? self->zoom : 1.0) * factor,
           gtk_widget_get_width (GTK_WIDGET (self)) / 2.0,
           gtk_widget_get_height (GTK_WIDGET (self)) / 2.0);
}

static gboolean
on_scroll (GtkEventControllerScroll *scroll, double dx, double dy, HbBoardView *self)
{
  GdkModifierType mods = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (scroll));

  if (self->state == NULL)
    return FALSE;
  if (mods & GDK_CONTROL_MASK)
    {
      double px = self->hover_px, py = self->hover_py;
      zoom_at (self, MAX (self->zoom, 1.0) * pow (1.15, -dy), px, py);
      return TRUE;
    }
  if (self->zoom > 1.0)
    {
      /* Panning: a scroll moves the board the other way by ~40 px a notch. */
      self->pan_x -= dx * 40;
      self->pan_y -= dy * 40;
      {
        HbLayout l;
        int w = gtk_widget_get_width (GTK_WIDGET (self));
        int h = gtk_widget_get_height (GTK_WIDGET (self));
        HbLayout fit;
        /* Fold the clamp of board_layout back into the pan, so a scroll
         * past an edge is not stored up. */
        board_layout (self, &l);
        hb_layout_fit (&fit, self->state->width, self->state->height, w, h, BOARD_MARGIN);
        self->pan_x = l.x0 - w / 2.0 + (w / 2.0 - fit.x0) * self->zoom;
        self->pan_y = l.y0 - h / 2.0 + (h / 2.0 - fit.y0) * self->zoom;
      }
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    }
  return FALSE;
}

static void
on_pinch_begin (GtkGesture *gesture, GdkEventSequence *sequence, HbBoardView *self)
{
  self->pinch_start = MAX (self->zoom, 1.0);
}

static void
on_pinch (GtkGestureZoom *gesture, double scale, HbBoardView *self)
{
  double cx, cy;

  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &cx, &cy))
    {
      cx = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      cy = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
    }
  zoom_at (self, self->pinch_start * scale, cx, cy);
}

void
hb_board_view_get_layout (HbBoardView *self, HbLayout *layout)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  board_layout (self, layout);
}

static void
draw_func (GtkDrawingArea *area, cairo_t *cr, int width, int height,
           gpointer user_data)
{
  HbBoardView *self = HB_BOARD_VIEW (area);
  HbRenderOptions options = { 0 };
  HbLayout layout;

  if (self->state == NULL)
    return;

  board_layout (self, &layout);
  options.dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  options.mode = self->mode;
  options.show_hints = self->show_hints && self->player == NULL;
  options.hint = options.show_hints ? self->hint : NULL;
  options.hint_flags = self->hint_flags;
  options.hover_x = self->player == NULL ? self->hover_x : -1;
  options.hover_y = self->player == NULL ? self->hover_y : -1;

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
  else if (self->picture != NULL && self->show_picture)
    {
      /* The picture in full, the board over it at 75 %: the picture
       * shows faintly through. Only the board's rectangle. */
      cairo_save (cr);
      cairo_rectangle (cr, layout.x0, layout.y0, layout.cell * self->state->width,
                       layout.cell * self->state->height);
      cairo_clip (cr);
      cairo_translate (cr, layout.x0, layout.y0);
      cairo_scale (cr, layout.cell / self->pic_cell_w, layout.cell / self->pic_cell_h);
      cairo_set_source_surface (cr, self->picture, -self->pic_x0, -self->pic_y0);
      cairo_paint (cr);
      cairo_restore (cr);
      cairo_push_group (cr);
      self->state->game->render (self->state, cr, &layout, &options);
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, 0.75);
    }
  else
    self->state->game->render (self->state, cr, &layout, &options);
  cairo_restore (cr);

  /* The cells the screenshot's reader was unsure of: a thin orange
   * outline, until the next edit. */
  if (self->marks != NULL && self->marks_state == self->state
      && self->player == NULL && self->live_frame == NULL)
    {
      double lw = MAX (1.5, layout.cell / 24);

      cairo_set_line_width (cr, lw);
      cairo_set_source_rgb (cr, 1.0, 0.47, 0.0);   /* libadwaita's orange */
      for (int y = 0; y < self->state->height; y++)
        for (int x = 0; x < self->state->width; x++)
          if (self->marks[y * self->state->width + x])
            cairo_rectangle (cr, layout.x0 + x * layout.cell + lw,
                             layout.y0 + y * layout.cell + lw,
                             layout.cell - 2 * lw, layout.cell - 2 * lw);
      cairo_stroke (cr);
    }

  /* The keyboard cursor, on the live board only: a dark and a light ring
   * so it reads on every colour a game draws. */
  if (self->cursor_shown && self->player == NULL && self->live_frame == NULL
      && gtk_widget_has_focus (GTK_WIDGET (self))
      && self->cursor_x < self->state->width && self->cursor_y < self->state->height)
    {
      double x = layout.x0 + self->cursor_x * layout.cell;
      double y = layout.y0 + self->cursor_y * layout.cell;
      double lw = MAX (2.0, layout.cell / 12);

      cairo_set_line_width (cr, lw * 2);
      cairo_set_source_rgba (cr, 0, 0, 0, 0.8);
      cairo_rectangle (cr, x + lw, y + lw, layout.cell - 2 * lw, layout.cell - 2 * lw);
      cairo_stroke (cr);
      cairo_set_line_width (cr, lw);
      cairo_set_source_rgb (cr, 0.21, 0.52, 0.89);   /* libadwaita's blue */
      cairo_rectangle (cr, x + lw, y + lw, layout.cell - 2 * lw, layout.cell - 2 * lw);
      cairo_stroke (cr);
    }
}

/* ---- Pointer -------------------------------------------------------- */

static void
emit_moves (HbBoardView *self, HbPointerPhase phase, const HbHit *hit,
            gboolean new_gesture)
{
  HbMove moves[MAX_MOVES_PER_EVENT];
  int n;

  n = self->state->game->pointer (self->state, &self->pointer, phase, hit,
                                  moves, MAX_MOVES_PER_EVENT);
  n = CLAMP (n, 0, MAX_MOVES_PER_EVENT);
  g_signal_emit (self, signals[SIGNAL_MOVES], 0, moves, (guint) n, new_gesture);
}

/* The contract with game->pointer: PRESS and MOTION come only with a hit
 * inside the board; RELEASE always ends a gesture that began with a PRESS
 * (its hit may lie outside, hit->inside says so). */
static void
pointer_press (HbBoardView *self, double x, double y, int button)
{
  HbLayout layout;
  HbHit hit;

  if (self->state == NULL || self->player != NULL || self->live_frame != NULL)
    return;
  board_layout (self, &layout);
  hb_layout_hit (&layout, x, y, &hit);
  if (!hit.inside)
    return;

  self->pressed = TRUE;
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

static void
pointer_motion (HbBoardView *self, double x, double y)
{
  HbLayout layout;
  HbHit hit;

  if (!self->pressed || self->state == NULL)
    return;
  board_layout (self, &layout);
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

static void
pointer_release (HbBoardView *self, double x, double y)
{
  HbLayout layout;
  HbHit hit;

  if (!self->pressed)
    return;
  self->pressed = FALSE;
  if (self->state == NULL)
    return;
  board_layout (self, &layout);
  hb_layout_hit (&layout, x, y, &hit);
  emit_moves (self, HB_POINTER_RELEASE, &hit, FALSE);
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
    }
}

static void
on_drag_begin (GtkGestureDrag *gesture, double x, double y, HbBoardView *self)
{
  int button = (int) gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));

  pointer_press (self, x, y, button ? button : 1);
  if (!self->pressed)
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
  else
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
on_drag_update (GtkGestureDrag *gesture, double dx, double dy, HbBoardView *self)
{
  pointer_motion (self, self->start_x + dx, self->start_y + dy);
}

static void
on_drag_end (GtkGestureDrag *gesture, double dx, double dy, HbBoardView *self)
{
  pointer_release (self, self->start_x + dx, self->start_y + dy);
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

static void
on_motion (GtkEventControllerMotion *motion, double x, double y, HbBoardView *self)
{
  HbLayout layout;
  HbHit hit;

  self->hover_px = x;
  self->hover_py = y;
  if (self->state == NULL)
    return;
  board_layout (self, &layout);
  hb_layout_hit (&layout, x, y, &hit);
  if (hit.inside)
    set_hover (self, hit.x, hit.y);
  else
    set_hover (self, -1, -1);
}

static void
on_leave (GtkEventControllerMotion *motion, HbBoardView *self)
{
  set_hover (self, -1, -1);
}

/* ---- Keyboard --------------------------------------------------------- */

static void
announce_cursor (HbBoardView *self)
{
  /* TRANSLATORS: the board's accessible name with the keyboard cursor */
  char *text = g_strdup_printf (_("Board, row %d, column %d"),
                                self->cursor_y + 1, self->cursor_x + 1);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  text, -1);
  g_free (text);
}

void
hb_board_view_move_cursor (HbBoardView *self, int dx, int dy)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  if (self->state == NULL)
    return;
  if (self->cursor_shown)
    {
      self->cursor_x = CLAMP (self->cursor_x + dx, 0, self->state->width - 1);
      self->cursor_y = CLAMP (self->cursor_y + dy, 0, self->state->height - 1);
    }
  self->cursor_shown = TRUE;
  announce_cursor (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Space or Enter at the cursor: a click there (Shift: the other button,
 * which turns the other way). */
void
hb_board_view_act_at_cursor (HbBoardView *self, gboolean other)
{
  HbLayout layout;
  double px, py;

  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  if (self->state == NULL)
    return;
  if (!self->cursor_shown)
    {
      hb_board_view_move_cursor (self, 0, 0);
      return;
    }
  board_layout (self, &layout);
  px = layout.x0 + (self->cursor_x + 0.5) * layout.cell;
  py = layout.y0 + (self->cursor_y + 0.5) * layout.cell;
  pointer_press (self, px, py, other ? 3 : 1);
  pointer_release (self, px, py);
}

void
hb_board_view_get_cursor (HbBoardView *self, int *x, int *y)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  *x = self->cursor_shown ? self->cursor_x : -1;
  *y = self->cursor_shown ? self->cursor_y : -1;
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode,
                GdkModifierType mods, HbBoardView *self)
{
  gboolean shift = (mods & GDK_SHIFT_MASK) != 0;

  /* Ctrl +, Ctrl −, Ctrl 0: zoom in, out, back to the whole board. */
  if (self->state != NULL && (mods & GDK_CONTROL_MASK) && !(mods & GDK_ALT_MASK))
    switch (keyval)
      {
      case GDK_KEY_plus: case GDK_KEY_equal: case GDK_KEY_KP_Add:
        hb_board_view_zoom (self, 1.25);
        return TRUE;
      case GDK_KEY_minus: case GDK_KEY_KP_Subtract:
        hb_board_view_zoom (self, 0.8);
        return TRUE;
      case GDK_KEY_0: case GDK_KEY_KP_0:
        zoom_at (self, 1.0, 0, 0);
        return TRUE;
      default:
        break;
      }

  /* The player's keys belong to the player while it shows a trace; keys
   * with Ctrl or Alt are the application's. */
  if (self->state == NULL || self->player != NULL || self->live_frame != NULL
      || (mods & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0)
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Left: case GDK_KEY_KP_Left:
      hb_board_view_move_cursor (self, -1, 0);
      return TRUE;
    case GDK_KEY_Right: case GDK_KEY_KP_Right:
      hb_board_view_move_cursor (self, 1, 0);
      return TRUE;
    case GDK_KEY_Up: case GDK_KEY_KP_Up:
      hb_board_view_move_cursor (self, 0, -1);
      return TRUE;
    case GDK_KEY_Down: case GDK_KEY_KP_Down:
      hb_board_view_move_cursor (self, 0, 1);
      return TRUE;
    case GDK_KEY_space: case GDK_KEY_Return: case GDK_KEY_KP_Enter: case GDK_KEY_KP_Space:
      hb_board_view_act_at_cursor (self, shift);
      return TRUE;
    default:
      return FALSE;
    }
}

static void
on_focus_changed (HbBoardView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
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
  if (state != self->marks_state)
    {
      g_clear_pointer (&self->marks, g_free);
      self->marks_state = NULL;
    }
  if (self->picture != NULL
      && (state == NULL || state->game != self->pic_game
          || state->width != self->pic_width || state->height != self->pic_height))
    g_clear_pointer (&self->picture, cairo_surface_destroy);
  self->state = state;
  self->shown_game = state ? state->game : NULL;
  self->shown_width = state ? state->width : 0;
  self->shown_height = state ? state->height : 0;
  self->hint = NULL;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
hb_board_view_set_import (HbBoardView *self, cairo_surface_t *picture,
                          double x0, double y0, double cell_w, double cell_h,
                          const guint8 *unsure)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));

  g_clear_pointer (&self->picture, cairo_surface_destroy);
  g_clear_pointer (&self->marks, g_free);
  self->marks_state = NULL;
  if (self->state == NULL)
    return;
  if (picture != NULL && cell_w > 0 && cell_h > 0)
    {
      self->picture = cairo_surface_reference (picture);
      self->pic_x0 = x0;
      self->pic_y0 = y0;
      self->pic_cell_w = cell_w;
      self->pic_cell_h = cell_h;
      self->pic_game = self->state->game;
      self->pic_width = self->state->width;
      self->pic_height = self->state->height;
    }
  if (unsure != NULL)
    {
      gsize n = (gsize) self->state->width * self->state->height;
      gboolean any = FALSE;

      for (gsize i = 0; i < n; i++)
        any |= unsure[i] != 0;
      if (any)
        {
          self->marks = g_memdup2 (unsure, n);
          self->marks_state = self->state;
        }
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
hb_board_view_set_show_picture (HbBoardView *self, gboolean show)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  self->show_picture = show;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
hb_board_view_has_picture (HbBoardView *self)
{
  return self->picture != NULL;
}

guint
hb_board_view_get_n_marked (HbBoardView *self)
{
  guint n = 0;

  if (self->marks == NULL || self->marks_state != self->state || self->state == NULL)
    return 0;
  for (int i = 0; i < self->state->width * self->state->height; i++)
    n += self->marks[i] != 0;
  return n;
}

void
hb_board_view_set_hint (HbBoardView *self, gconstpointer hint)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  self->hint = hint;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
hb_board_view_set_hint_flags (HbBoardView *self, guint flags)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  self->hint_flags = flags;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
hb_board_view_set_show_hints (HbBoardView *self, gboolean show)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  self->show_hints = !!show;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
hb_board_view_set_mode (HbBoardView *self, HbMode mode)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));
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
  self->player = player;
  self->pressed = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
clear_live (HbBoardView *self)
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

  clear_live (self);
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
      self->pressed = FALSE;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
hb_board_view_has_live_frame (HbBoardView *self)
{
  g_return_val_if_fail (HB_IS_BOARD_VIEW (self), FALSE);
  return self->live_frame != NULL;
}

guint
hb_board_view_get_live_draws (HbBoardView *self)
{
  g_return_val_if_fail (HB_IS_BOARD_VIEW (self), 0);
  return self->live_draws;
}

void
hb_board_view_simulate_click (HbBoardView *self, double x, double y, int button)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  pointer_press (self, x, y, button);
  pointer_release (self, x, y);
}

void
hb_board_view_simulate_drag (HbBoardView *self, double x0, double y0,
                             double x1, double y1, int button)
{
  HbLayout layout;
  double dist, step;
  int n;

  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  board_layout (self, &layout);
  pointer_press (self, x0, y0, button);
  /* Motion events every quarter cell, as a real pointer would send. */
  dist = hypot (x1 - x0, y1 - y0);
  step = MAX (1.0, layout.cell / 4);
  n = MAX (1, (int) ceil (dist / step));
  for (int i = 1; i <= n; i++)
    pointer_motion (self, x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * i / n);
  pointer_release (self, x1, y1);
}

void
hb_board_view_simulate_press (HbBoardView *self, double x, double y, int button)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  pointer_press (self, x, y, button);
}

void
hb_board_view_simulate_motion (HbBoardView *self, double x, double y)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  pointer_motion (self, x, y);
}

void
hb_board_view_simulate_release (HbBoardView *self, double x, double y)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  pointer_release (self, x, y);
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
  self->state = NULL;
  self->hint = NULL;
  self->player = NULL;
  clear_live (self);
  g_clear_pointer (&self->picture, cairo_surface_destroy);
  g_clear_pointer (&self->marks, g_free);
  self->marks_state = NULL;
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

  {
    GtkEventController *keys = gtk_event_controller_key_new ();
    GtkEventController *focus = gtk_event_controller_focus_new ();
    g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
    gtk_widget_add_controller (GTK_WIDGET (self), keys);
    g_signal_connect_swapped (focus, "enter", G_CALLBACK (on_focus_changed), self);
    g_signal_connect_swapped (focus, "leave", G_CALLBACK (on_focus_changed), self);
    gtk_widget_add_controller (GTK_WIDGET (self), focus);
  }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Board"), -1);

  {
    GtkEventController *scroll =
      gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
    GtkGesture *pinch = gtk_gesture_zoom_new ();
    g_signal_connect (scroll, "scroll", G_CALLBACK (on_scroll), self);
    gtk_widget_add_controller (GTK_WIDGET (self), scroll);
    g_signal_connect (pinch, "begin", G_CALLBACK (on_pinch_begin), self);
    g_signal_connect (pinch, "scale-changed", G_CALLBACK (on_pinch), self);
    gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (pinch));
  }
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
