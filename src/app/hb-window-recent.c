/* hb-window-recent.c: the main menu's Open Recent: the eight newest
 * levels GTK's recent files list holds that still exist here and have a
 * game's extension (or ".json", Flow Free's), rebuilt whenever the list
 * changes; a level opened or saved is added to it. Two of them with the
 * same name say their folders. */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "hb-window-private.h"
#include "hb-registry.h"

#define RECENT_MAX 8

static gboolean
known_extension (const char *uri)
{
  const HbGame *const *games = hb_registry_games ();

  /* A game's ending, or ".json" for a game that reads JSON (Flow Free's
   * levels in JSON were opened and then left out). */
  for (int i = 0; games[i] != NULL; i++)
    if (g_str_has_suffix (uri, games[i]->extension)
        || (games[i]->reads_json && g_str_has_suffix (uri, ".json")))
      return TRUE;
  return FALSE;
}

static int
recent_newer_first (gconstpointer a, gconstpointer b)
{
  GDateTime *ta = gtk_recent_info_get_modified ((GtkRecentInfo *) a);
  GDateTime *tb = gtk_recent_info_get_modified ((GtkRecentInfo *) b);

  return g_date_time_compare (tb, ta);
}

/* The folder of the file at `uri` as a person reads it: under the home
 * folder from "~" ("~/Levels"), else the whole path. */
static char *
dup_folder (const char *uri)
{
  g_autoptr (GFile) file = g_file_new_for_uri (uri);
  g_autoptr (GFile) parent = g_file_get_parent (file);
  g_autofree char *path = parent != NULL ? g_file_get_path (parent) : NULL;
  const char *home = g_get_home_dir ();
  size_t n = home != NULL ? strlen (home) : 0;

  if (path == NULL)
    return g_strdup ("");
  if (n > 1 && strncmp (path, home, n) == 0 && (path[n] == '/' || path[n] == '\0'))
    {
      g_autofree char *rest = g_filename_display_name (path + n);
      return g_strconcat ("~", rest, NULL);
    }
  return g_filename_display_name (path);
}

static void
rebuild_recent (HbWindow *self)
{
  GtkRecentManager *manager = gtk_recent_manager_get_default ();
  GList *items = gtk_recent_manager_get_items (manager);
  GtkRecentInfo *shown[RECENT_MAX];
  int n = 0;

  if (self->recent_menu == NULL)
    {
      g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
      return;
    }
  g_menu_remove_all (self->recent_menu);
  /* Newest first. */
  items = g_list_sort (items, recent_newer_first);
  for (GList *l = items; l != NULL && n < RECENT_MAX; l = l->next)
    {
      GtkRecentInfo *info = l->data;

      if (gtk_recent_info_is_local (info) && known_extension (gtk_recent_info_get_uri (info))
          && gtk_recent_info_exists (info))
        shown[n++] = info;
    }
  for (int i = 0; i < n; i++)
    {
      const char *uri = gtk_recent_info_get_uri (shown[i]);
      const char *name = gtk_recent_info_get_display_name (shown[i]);
      gboolean twin = FALSE;
      g_autofree char *label = NULL;
      GMenuItem *item;

      /* Two levels of one name (a "level.flow" in two folders) were two
       * lines alike, and only opening one told which it was. */
      for (int j = 0; j < n && !twin; j++)
        twin = j != i && g_strcmp0 (name, gtk_recent_info_get_display_name (shown[j])) == 0;
      if (twin)
        {
          g_autofree char *folder = dup_folder (uri);
          /* TRANSLATORS: a line of Open Recent where two recent levels
           * have the same name: the name, then its folder
           * ("level.flow — ~/Levels") */
          label = g_strdup_printf (C_("recent level and its folder", "%s — %s"), name, folder);
        }
      item = g_menu_item_new (label != NULL ? label : name, NULL);
      g_menu_item_set_action_and_target_value (item, "win.open-recent",
                                               g_variant_new_string (uri));
      g_menu_append_item (self->recent_menu, item);
      g_object_unref (item);
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
}

void
hb_window_add_recent (HbWindow *self, GFile *file)
{
  char *uri = g_file_get_uri (file);

  gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
  g_free (uri);
}

static void
on_recent_changed (GtkRecentManager *manager, HbWindow *self)
{
  rebuild_recent (self);
}

void
hb_window_recent_init (HbWindow *self)
{
  g_signal_connect (gtk_recent_manager_get_default (), "changed",
                    G_CALLBACK (on_recent_changed), self);
  rebuild_recent (self);
}

void
hb_window_recent_dispose (HbWindow *self)
{
  g_signal_handlers_disconnect_by_data (gtk_recent_manager_get_default (), self);
}
