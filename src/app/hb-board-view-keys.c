/* hb-board-view-keys.c: the board view's keyboard cursor: arrows move
 * it, Space and Enter act there as a click would (in Flow Free they start
 * and end a path the arrows draw, which also ends on reaching its other
 * dot; Escape takes it back); the accessible
 * name says where it is (see hb-board-view-private.h). */
#include "config.h"

#include <glib/gi18n.h>

#include "hb-board-view-private.h"
#include "hb-draw.h"

void
hb_board_view_announce_cursor (HbBoardView *self)
{
  char *text;

  /* A hidden cursor (a new level, or the pointer pressed) is nowhere: the
   * name kept the last cell, and its hint's words, once a click hid it. */
  if (!self->cursor_shown)
    {
      gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Board"), -1);
      return;
    }
  text = self->key_stroke
    /* TRANSLATORS: the board's accessible name with the keyboard cursor
     * while a stroke (a Flow Free path) is drawn with the arrows */
    ? g_strdup_printf (_("Board, row %d, column %d, drawing"),
                       self->cursor_y + 1, self->cursor_x + 1)
    /* TRANSLATORS: the board's accessible name with the keyboard cursor */
    : g_strdup_printf (_("Board, row %d, column %d"),
                       self->cursor_y + 1, self->cursor_x + 1);
  /* What the hint's marks there say, as the tooltip does. */
  char *marks = hb_board_view_dup_hint_at (self, self->cursor_x, self->cursor_y);

  if (marks != NULL)
    {
      char **lines = g_strsplit (marks, "\n", -1);
      char *both;

      g_free (marks);
      marks = g_strjoinv ("; ", lines);
      g_strfreev (lines);
      /* TRANSLATORS: the board's accessible name with the keyboard cursor
       * on a cell the hint marks: "Board, row 3, column 4: Press this cell" */
      both = g_strdup_printf (C_("board cell and its hint", "%s: %s"), text, marks);
      g_free (text);
      g_free (marks);
      text = both;
    }

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  text, -1);
  g_free (text);
}

/* The centre of the cursor's cell, in widget coordinates. */
static void
cursor_point (HbBoardView *self, double *px, double *py)
{
  HbLayout layout;

  hb_board_view_zoomed_layout (self, &layout);
  *px = layout.x0 + (self->cursor_x + 0.5) * layout.cell;
  *py = layout.y0 + (self->cursor_y + 0.5) * layout.cell;
}

void
hb_board_view_move_cursor (HbBoardView *self, int dx, int dy)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  if (self->state == NULL)
    return;
  if (self->cursor_shown)
    {
      int from_x = self->cursor_x, from_y = self->cursor_y;

      self->finished_state = NULL;
      self->cursor_x = CLAMP (self->cursor_x + dx, 0, self->state->width - 1);
      self->cursor_y = CLAMP (self->cursor_y + dy, 0, self->state->height - 1);
      /* A stroke goes on into the cell the cursor reached, as a drag
       * would; where it cannot (another colour's dot) the cursor stays
       * at the stroke's end, so the two never part. */
      if (self->key_stroke && self->pressed
          && (self->cursor_x != from_x || self->cursor_y != from_y))
        {
          const HbState *before = self->state;
          double px, py;

          cursor_point (self, &px, &py);
          hb_board_view_pointer_motion (self, px, py);
          if (self->state == before)
            {
              self->cursor_x = from_x;
              self->cursor_y = from_y;
            }
          else if (self->pressed && !self->pointer.stroke)
            {
              /* The game says the stroke is finished (a path joined to
               * its other dot): it ends as Space would end it. */
              self->key_stroke = FALSE;
              hb_board_view_pointer_release (self, px, py);
              /* (After the release, which applied the stroke's moves:
               * the board as the finish left it.) */
              self->finished_state = self->state;
            }
        }
    }
  self->cursor_shown = TRUE;
  /* Zoomed in, the part of the board shown follows the cursor. */
  hb_board_view_show_cell (self, self->cursor_x, self->cursor_y);
  hb_board_view_announce_cursor (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
strokes_here (HbBoardView *self)
{
  return self->state != NULL && self->state->game->keyboard_strokes
         && self->mode == HB_MODE_PLAY;
}

/* Space or Enter at the cursor: a click there (Shift: the other button,
 * which turns the other way). In a game of strokes (Flow Free) a press
 * that starts one (on a dot or a path) stays down: the arrows carry the
 * stroke on and the next Space or Enter ends it. */
void
hb_board_view_act_at_cursor (HbBoardView *self, gboolean other)
{
  double px, py;

  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  if (self->state == NULL)
    return;
  if (!self->cursor_shown)
    {
      hb_board_view_move_cursor (self, 0, 0);
      return;
    }
  cursor_point (self, &px, &py);
  /* Space where a stroke just finished by itself, on the board it left,
   * is the Space that would have ended it: nothing (on the dot it started
   * that colour again and wiped the path just drawn). Once the board
   * changed (Undo, a hint, another level) a Space is a Space. */
  if (self->finished_state != NULL)
    {
      gboolean same = self->finished_state == self->state;

      self->finished_state = NULL;
      if (same)
        return;
    }
  if (self->key_stroke)
    {
      self->key_stroke = FALSE;
      hb_board_view_pointer_release (self, px, py);
      hb_board_view_announce_cursor (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  hb_board_view_pointer_press (self, px, py, other ? 3 : 1);
  if (strokes_here (self) && self->pressed && self->pointer.stroke)
    {
      self->key_stroke = TRUE;
      hb_board_view_announce_cursor (self);
      g_signal_emit_by_name (self, "key-stroke-started");
      /* The cursor's cell shows the stroke held (hb-board-view.c). */
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  hb_board_view_pointer_release (self, px, py);
}

gboolean
hb_board_view_in_key_stroke (HbBoardView *self)
{
  g_return_val_if_fail (HB_IS_BOARD_VIEW (self), FALSE);
  return self->key_stroke;
}

gboolean
hb_board_view_stroke_held (HbBoardView *self)
{
  g_return_val_if_fail (HB_IS_BOARD_VIEW (self), FALSE);
  return self->pressed && self->pointer.stroke && self->mode == HB_MODE_PLAY;
}

/* Escape: the stroke ends, and the window takes back what it drew; a drag
 * of the mouse too (Escape did nothing to it: the drag drew on). */
void
hb_board_view_cancel_stroke (HbBoardView *self)
{
  double px, py;

  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  if (!self->key_stroke && self->pressed)
    {
      self->pressed = FALSE;
      g_signal_emit_by_name (self, "stroke-cancelled");
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  if (!self->key_stroke)
    return;
  self->key_stroke = FALSE;
  cursor_point (self, &px, &py);
  hb_board_view_pointer_release (self, px, py);
  g_signal_emit_by_name (self, "stroke-cancelled");
  hb_board_view_announce_cursor (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
hb_board_view_keys_reset (HbBoardView *self)
{
  self->finished_state = NULL;
  if (!self->key_stroke)
    return;
  self->key_stroke = FALSE;
  if (self->pressed && self->state != NULL)
    {
      double px, py;
      cursor_point (self, &px, &py);
      hb_board_view_pointer_release (self, px, py);
    }
  if (self->cursor_shown)
    hb_board_view_announce_cursor (self);
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
    case GDK_KEY_Menu: case GDK_KEY_F10:
      /* The right click's keys (Menu, Shift+F10): keep an unsure cell
       * at the cursor as read. F10 alone is the main menu's. */
      if (keyval == GDK_KEY_F10 && !shift)
        return FALSE;
      return self->cursor_shown
             && hb_board_view_keep_as_read (self, self->cursor_x, self->cursor_y);
    case GDK_KEY_Escape:
      if (!self->key_stroke && !self->pressed)
        return FALSE;
      hb_board_view_cancel_stroke (self);
      return TRUE;
    default:
      return FALSE;
    }
}

/* Focus that came by the keyboard (Tab: the window shows focus) shows
 * the cursor at once, where it was (the first cell at first), so the
 * board never takes the keys unseen; a click shows none until a key. */
static void
on_focus_enter (HbBoardView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (!self->cursor_shown && self->state != NULL && GTK_IS_WINDOW (root)
      && gtk_window_get_focus_visible (GTK_WINDOW (root)))
    hb_board_view_move_cursor (self, 0, 0);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_focus_leave (HbBoardView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The focus ring of a board that shows a run (the player's frames, or a
 * solver at work) and has the keys: they step the player there, so there
 * is no cell cursor, and nothing showed where the keys had gone after
 * Enter on Solve (review). GTK's own ring: the accent at half strength,
 * round the board. */
void
hb_board_view_draw_run_focus (HbBoardView *self, cairo_t *cr, const HbLayout *layout)
{
  GtkWidget *widget = GTK_WIDGET (self);
  double pad = 16, w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  double x0, y0, x1, y1;

  if ((self->player == NULL && self->live_frame == NULL) || !gtk_widget_has_focus (widget)
      || (gtk_widget_get_state_flags (widget) & GTK_STATE_FLAG_FOCUS_VISIBLE) == 0)
    return;
  x0 = MAX (1, layout->x0 - pad);
  y0 = MAX (1, layout->y0 - pad);
  x1 = MIN (w - 1, layout->x0 + layout->cell * self->state->width + pad);
  y1 = MIN (h - 1, layout->y0 + layout->cell * self->state->height + pad);
  cairo_save (cr);
  cairo_set_line_width (cr, 2);
  cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.5);   /* libadwaita's blue */
  hb_draw_rounded_rect (cr, x0, y0, x1 - x0, y1 - y0, 14);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
on_state_flags_changed (GtkWidget *widget, GtkStateFlags previous)
{
  if ((previous ^ gtk_widget_get_state_flags (widget)) & GTK_STATE_FLAG_FOCUS_VISIBLE)
    gtk_widget_queue_draw (widget);
}

void
hb_board_view_keys_init (HbBoardView *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();

  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  g_signal_connect_swapped (focus, "enter", G_CALLBACK (on_focus_enter), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (on_focus_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);
  g_signal_connect (self, "state-flags-changed", G_CALLBACK (on_state_flags_changed), NULL);
}
