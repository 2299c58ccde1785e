/* hb-application.h: the application: app-wide actions (quit, about, the
 * colour scheme), keyboard accelerators, and a window per level opened. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define HB_TYPE_APPLICATION (hb_application_get_type ())
G_DECLARE_FINAL_TYPE (HbApplication, hb_application, HB, APPLICATION, AdwApplication)

HbApplication *hb_application_new (GApplicationFlags flags);

G_END_DECLS
