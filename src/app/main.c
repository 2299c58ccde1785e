/* main.c: the `hintboard` executable. */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "hb-application.h"
#include "hb-heap.h"

int
main (int argc, char *argv[])
{
  HbApplication *app;
  int status;

  hb_heap_keep_freed ();   /* a big board's copies: see hb-heap.h */
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_set_application_name (_("Hintboard"));
  app = hb_application_new (G_APPLICATION_DEFAULT_FLAGS);
  status = g_application_run (G_APPLICATION (app), argc, argv);
  g_object_unref (app);
  return status;
}
