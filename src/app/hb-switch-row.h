/* hb-switch-row.h: an AdwActionRow with a switch, as one Tab stop. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

void hb_switch_row_setup (AdwActionRow *row,
                          GtkSwitch    *sw);

G_END_DECLS
