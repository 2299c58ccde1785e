/* hb-switch-row.c: a row with a switch as one Tab stop.
 *
 * libadwaita 1.2 has no AdwSwitchRow (1.4 does): an AdwActionRow with a
 * GtkSwitch as its activatable widget takes two Tab stops, the row and
 * then its switch, both doing the same thing. As AdwSwitchRow does, the
 * switch here takes no focus: the row is the stop, and Space, Enter or a
 * click anywhere on it flips the switch. The row tells assistive
 * technologies whether it is on. */
#include "config.h"

#include "hb-switch-row.h"

static void
on_switch_active (GtkSwitch *sw, GParamSpec *pspec, GtkAccessible *row)
{
  gtk_accessible_update_state (row, GTK_ACCESSIBLE_STATE_CHECKED,
                               gtk_switch_get_active (sw), -1);
}

void
hb_switch_row_setup (AdwActionRow *row, GtkSwitch *sw)
{
  g_return_if_fail (ADW_IS_ACTION_ROW (row));
  g_return_if_fail (GTK_IS_SWITCH (sw));

  gtk_widget_set_focusable (GTK_WIDGET (sw), FALSE);
  adw_action_row_set_activatable_widget (row, GTK_WIDGET (sw));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  g_signal_connect_object (sw, "notify::active", G_CALLBACK (on_switch_active), row, 0);
  on_switch_active (sw, NULL, GTK_ACCESSIBLE (row));
}
