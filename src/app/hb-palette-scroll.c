/* hb-palette-scroll.c: a palette longer than the window is wide (Flow
 * Free's seventeen colours and more at 400 px) scrolls sideways: by the
 * plain mouse wheel, by the arrow keys that move the pick, and by two
 * arrows over its ends, shown while there is more that way. The shade at
 * an end (style.css) alone was too faint to tell there was more: at
 * 400 px a designer saw 9 of 17 colours and never found the others
 * (review). */
#include "config.h"

#include "hb-window-private.h"

/* A wheel's notch moves about three swatches; a touchpad's deltas are
 * pixels already. (A wheel has no sideways axis; Shift+wheel already
 * scrolled sideways.) */
static gboolean
on_palette_wheel (GtkEventControllerScroll *wheel, double dx, double dy, gpointer data)
{
  GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (data));
  double page = gtk_adjustment_get_page_size (h);

  if (gtk_adjustment_get_upper (h) - gtk_adjustment_get_lower (h) <= page || dy == 0)
    return FALSE;
  if (gtk_event_controller_scroll_get_unit (wheel) == GDK_SCROLL_UNIT_WHEEL)
    dy *= 3 * 40;
  gtk_adjustment_set_value (h, gtk_adjustment_get_value (h) + dy);
  return TRUE;
}

/* Each arrow shows while the palette runs on past its end. */
static void
update_arrows (GtkAdjustment *h, GParamSpec *pspec, HbWindow *self)
{
  double value = gtk_adjustment_get_value (h), page = gtk_adjustment_get_page_size (h);

  gtk_widget_set_visible (self->palette_left, value > gtk_adjustment_get_lower (h) + 1);
  gtk_widget_set_visible (self->palette_right, value + page < gtk_adjustment_get_upper (h) - 1);
}

/* Four fifths of what shows, so the last chip seen stays in sight. */
static void
scroll_by_page (HbWindow *self, int sign)
{
  GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (self->palette_scroller);

  gtk_adjustment_set_value (h, gtk_adjustment_get_value (h)
                                 + sign * 0.8 * gtk_adjustment_get_page_size (h));
}

static void
on_left (GtkButton *button, HbWindow *self)
{
  scroll_by_page (self, -1);
}

static void
on_right (GtkButton *button, HbWindow *self)
{
  scroll_by_page (self, 1);
}

void
hb_window_palette_scroll_init (HbWindow *self)
{
  GtkEventController *wheel = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (self->palette_scroller);

  g_signal_connect (wheel, "scroll", G_CALLBACK (on_palette_wheel), self->palette_scroller);
  gtk_widget_add_controller (GTK_WIDGET (self->palette_scroller), wheel);
  g_signal_connect (self->palette_left, "clicked", G_CALLBACK (on_left), self);
  g_signal_connect (self->palette_right, "clicked", G_CALLBACK (on_right), self);
  g_signal_connect_object (h, "notify::value", G_CALLBACK (update_arrows), self, 0);
  g_signal_connect_object (h, "notify::upper", G_CALLBACK (update_arrows), self, 0);
  g_signal_connect_object (h, "notify::page-size", G_CALLBACK (update_arrows), self, 0);
}
