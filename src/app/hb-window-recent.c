/* hb-window-recent.c: the main menu's Open Recent: the eight newest
 * levels GTK's recent files list holds that still exist here and have a
 * game's extension (or ".json", Flow Free's), rebuilt whenever the list
 * changes; a level opened or saved is added to it. */
#include "config.h"

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

static void
rebuild_recent (HbWindow *self)
{
  GtkRecentManager *manager = gtk_recent_manager_get_default ();
  GList *items = gtk_recent_manager_get_items (manager);
  int n = 0;

  if (self->recent_menu == NULL)
    return;
  g_menu_remove_all (self->recent_menu);
  /* Newest first. */
  items = g_list_sort (items, recent_newer_first);
  for (GList *l = items; l != NULL && n < RECENT_MAX; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      const char *uri = gtk_recent_info_get_uri (info);
      GMenuItem *item;

      if (!gtk_recent_info_is_local (info) || !known_extension (uri)
          || !gtk_recent_info_exists (info))
        continue;
      item = g_menu_item_new (gtk_recent_info_get_display_name (info), NULL);
      g_menu_item_set_action_and_target_value (item, "win.open-recent",
                                               g_variant_new_string (uri));
      g_menu_append_item (self->recent_menu, item);
      g_object_unref (item);
      n++;
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
