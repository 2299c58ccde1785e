/* hb-icon-keep.h: every named icon GTK loads is kept for the process's
 * life (a guard against a race in GTK 4.8's icon cache; see the .c). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void hb_icons_keep_install (void);
guint hb_icons_kept (void);

G_END_DECLS
