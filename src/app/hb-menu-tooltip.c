/* hb-menu-tooltip.c: see hb-menu-tooltip.h. */
#include "config.h"

#include "hb-menu-tooltip.h"

static void
on_popover_visible (GtkWidget *popover, GParamSpec *pspec, GtkWidget *button)
{
  /* The text stays; only whether it shows changes (a tooltip set while
   * the menu is open shows again once it closes). */
  gtk_widget_set_has_tooltip (button, !gtk_widget_get_visible (popover)
                                      && gtk_widget_get_tooltip_text (button) != NULL);
  /* One already shown goes at once. */
  gtk_widget_trigger_tooltip_query (button);
}

static void
watch_popover (GtkMenuButton *button)
{
  GtkPopover *popover = gtk_menu_button_get_popover (button);
  GtkPopover *watched = g_object_get_data (G_OBJECT (button), "hb-quiet-popover");

  if (popover == watched)
    return;
  /* The popover watched is referenced: GTK unparents a popover replaced
   * before it tells of the new one, which would have freed it. */
  if (watched != NULL)
    g_signal_handlers_disconnect_by_func (watched, on_popover_visible, button);
  if (popover != NULL)
    g_signal_connect_object (popover, "notify::visible", G_CALLBACK (on_popover_visible),
                             button, 0);
  g_object_set_data_full (G_OBJECT (button), "hb-quiet-popover",
                          popover != NULL ? g_object_ref (popover) : NULL, g_object_unref);
}

static void
on_popover_set (GtkMenuButton *button, GParamSpec *pspec, gpointer data)
{
  watch_popover (button);
}

void
hb_menu_button_quiet_tooltip (GtkMenuButton *button)
{
  g_return_if_fail (GTK_IS_MENU_BUTTON (button));
  g_signal_connect (button, "notify::popover", G_CALLBACK (on_popover_set), NULL);
  watch_popover (button);
}
