/* hb-menu-tooltip.h: a menu button's tooltip kept off its open menu. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* While the button's popover is open its tooltip is off: GTK 4.8 showed
 * it, once the pointer rested on the button clicked, over the menu's first
 * row ("Add or Remove a Column" over "Add a Column on the Left"). Follows
 * a popover set later (a menu model set again makes a new one). */
void hb_menu_button_quiet_tooltip (GtkMenuButton *button);

G_END_DECLS
