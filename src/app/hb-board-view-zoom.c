/* hb-board-view-zoom.c: the board view's zoom and pan (Ctrl+scroll, a
 * pinch, and hb_board_view_zoom for the window's Ctrl +/−/0; a scroll
 * pans once zoomed in) and the layout they give the board (see
 * hb-board-view-private.h). */
#include "config.h"

#include <math.h>

#include "hb-board-view-private.h"

void
hb_board_view_zoomed_layout (HbBoardView *self, HbLayout *layout)
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

/* Height for width: the view asks for the height its board fitted to the
 * width takes, margins and all, so that the page's column keeps the
 * palette, the board and the status line together in a tall window
 * (hb-page-column.c). Its least size stays 0: given less, the board fits
 * what there is. */
static GtkSizeRequestMode
size_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
size_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
              int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  HbBoardView *self = HB_BOARD_VIEW (widget);
  HbLayout fit;

  *minimum = *natural = 0;
  if (orientation != GTK_ORIENTATION_VERTICAL || self->shown_width <= 0 || for_size <= 0)
    return;
  hb_layout_fit (&fit, self->shown_width, self->shown_height, for_size, G_MAXINT / 4, BOARD_MARGIN);
  *natural = (int) MIN (ceil (fit.cell * self->shown_height + 2 * BOARD_MARGIN), G_MAXINT / 4);
}

static void (*parent_size_allocate) (GtkWidget *, int, int, int);

/* A new size is a new layout, and maybe a new place in the window: the
 * outlined cell is hit again where the pointer, which has not moved, now
 * is in the view, and cleared when that is off the board. GTK does not
 * send a motion for a pointer that stays still while the window is
 * resized or the sidebar hidden (under Xvfb: none when the board moved
 * away from under it, nor often when another cell came there), and the
 * outline stayed on the cell under it in the old layout. */
static void
size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  HbBoardView *self = HB_BOARD_VIEW (widget);
  GtkNative *native = gtk_widget_get_native (widget);
  graphene_point_t origin;

  if (parent_size_allocate != NULL)
    parent_size_allocate (widget, width, height, baseline);
  if (native != NULL
      && gtk_widget_compute_point (widget, GTK_WIDGET (native), &GRAPHENE_POINT_INIT (0, 0), &origin))
    {
      if (self->origin_known)
        {
          self->hover_px -= origin.x - self->origin_x;
          self->hover_py -= origin.y - self->origin_y;
        }
      self->origin_x = origin.x;
      self->origin_y = origin.y;
      self->origin_known = TRUE;
    }
  hb_board_view_rehover (self);
}

void
hb_board_view_size_class_init (GtkWidgetClass *widget_class)
{
  widget_class->get_request_mode = size_request_mode;
  widget_class->measure = size_measure;
  parent_size_allocate = widget_class->size_allocate;
  widget_class->size_allocate = size_allocate;
}

/* Zoom in up to 12 times the whole board's size, and on big boards (whose
 * fitted cells are a few pixels or less) until a cell is 48 pixels. */
#define ZOOM_MAX 12.0
#define ZOOM_CELL_MAX 48.0

/* Zooms to `zoom` keeping the board point under (px, py) where it is. */
static void
zoom_at (HbBoardView *self, double zoom, double px, double py)
{
  HbLayout before, fit;
  double u, v, w, h;

  if (self->state == NULL)
    return;
  hb_board_view_zoomed_layout (self, &before);
  u = (px - before.x0) / before.cell;
  v = (py - before.y0) / before.cell;
  w = gtk_widget_get_width (GTK_WIDGET (self));
  h = gtk_widget_get_height (GTK_WIDGET (self));
  hb_layout_fit (&fit, self->state->width, self->state->height, (int) w, (int) h, BOARD_MARGIN);
  zoom = CLAMP (zoom, 1.0, MAX (ZOOM_MAX, ZOOM_CELL_MAX / fit.cell));
  self->zoom = zoom;
  /* x0' = px - u × cell', and x0' = w/2 − (w/2 − fit.x0) × zoom + pan. */
  self->pan_x = px - u * fit.cell * zoom - w / 2.0 + (w / 2.0 - fit.x0) * zoom;
  self->pan_y = py - v * fit.cell * zoom - h / 2.0 + (h / 2.0 - fit.y0) * zoom;
  if (zoom <= 1.0)
    self->pan_x = self->pan_y = 0;
  hb_board_view_rehover (self);
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

/* Stores a layout's origin as the pan that gives it (the clamp of
 * hb_board_view_zoomed_layout folded back in, so a pan past an edge is
 * not stored up). */
static void
set_pan_from (HbBoardView *self, const HbLayout *l)
{
  int w = gtk_widget_get_width (GTK_WIDGET (self));
  int h = gtk_widget_get_height (GTK_WIDGET (self));
  HbLayout fit;

  hb_layout_fit (&fit, self->state->width, self->state->height, w, h, BOARD_MARGIN);
  self->pan_x = l->x0 - w / 2.0 + (w / 2.0 - fit.x0) * self->zoom;
  self->pan_y = l->y0 - h / 2.0 + (h / 2.0 - fit.y0) * self->zoom;
}

/* Zoomed in, the board pans (the least it can) to show the cell at (x, y)
 * whole, or its top left corner where the cell is larger than the view:
 * the keyboard cursor went off the part shown and the arrows and Space
 * went on there unseen (a newcomer's look). A stroke being drawn keeps
 * its points on the cells they were on. */
void
hb_board_view_show_cell (HbBoardView *self, int x, int y)
{
  HbLayout before, after;
  int w = gtk_widget_get_width (GTK_WIDGET (self));
  int h = gtk_widget_get_height (GTK_WIDGET (self));
  double left, top, dx, dy;

  if (self->state == NULL || self->zoom <= 1.0 || w <= 0 || h <= 0
      || x < 0 || y < 0 || x >= self->state->width || y >= self->state->height)
    return;
  hb_board_view_zoomed_layout (self, &before);
  after = before;
  left = before.x0 + x * before.cell;
  top = before.y0 + y * before.cell;
  if (left + before.cell > w)
    after.x0 -= left + before.cell - w;
  if (left + (after.x0 - before.x0) < 0)
    after.x0 -= left + (after.x0 - before.x0);
  if (top + before.cell > h)
    after.y0 -= top + before.cell - h;
  if (top + (after.y0 - before.y0) < 0)
    after.y0 -= top + (after.y0 - before.y0);
  if (after.x0 == before.x0 && after.y0 == before.y0)
    return;
  set_pan_from (self, &after);
  hb_board_view_zoomed_layout (self, &after);
  dx = after.x0 - before.x0;
  dy = after.y0 - before.y0;
  self->start_x += dx;
  self->start_y += dy;
  self->last_x += dx;
  self->last_y += dy;
  hb_board_view_rehover (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
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

        hb_board_view_zoomed_layout (self, &l);
        set_pan_from (self, &l);
      }
      /* The board moved under the pointer: the outline follows it. */
      hb_board_view_rehover (self);
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
hb_board_view_zoom_init (HbBoardView *self)
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
