/* hb-window-disk.c: whether a level's file changed on disk since the window
 * last read or wrote it (another program, or another window, wrote it), so
 * that Save asks before it writes over that (hb-window-dialogs.c). The
 * window keeps, for each file it read or wrote, what the file looked like
 * then: its modification time, size and inode (a program that saves by
 * renaming a new file over it changes the inode). A file opened is looked
 * at by the worker that reads it, just before the read (hb-window-files.c):
 * taken when the level came to show, a write in between (while the level
 * read waited on the Save Changes? question) was taken as read. */
#include "config.h"

#include "hb-window-private.h"

#define STAMPS_KEY "hb-disk-stamps"

char *
hb_window_disk_stamp (GFile *file)
{
  g_autoptr (GFileInfo) info
    = g_file_query_info (file, G_FILE_ATTRIBUTE_TIME_MODIFIED "," G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC
                         "," G_FILE_ATTRIBUTE_STANDARD_SIZE "," G_FILE_ATTRIBUTE_UNIX_INODE,
                         G_FILE_QUERY_INFO_NONE, NULL, NULL);

  if (info == NULL)
    return NULL;
  return g_strdup_printf ("%" G_GUINT64_FORMAT ".%06u %" G_GINT64_FORMAT " %" G_GUINT64_FORMAT,
                          g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED),
                          g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC),
                          g_file_info_get_size (info),
                          g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_UNIX_INODE));
}

void
hb_window_note_disk_stamp (HbWindow *self, GFile *file, const char *stamp)
{
  GHashTable *stamps = g_object_get_data (G_OBJECT (self), STAMPS_KEY);

  if (file == NULL)
    return;
  if (stamps == NULL)
    {
      stamps = g_hash_table_new_full (g_file_hash, (GEqualFunc) g_file_equal, g_object_unref, g_free);
      g_object_set_data_full (G_OBJECT (self), STAMPS_KEY, stamps,
                              (GDestroyNotify) g_hash_table_unref);
    }
  if (stamp != NULL)
    g_hash_table_replace (stamps, g_object_ref (file), g_strdup (stamp));
  else
    g_hash_table_remove (stamps, file);
}

void
hb_window_note_disk (HbWindow *self, GFile *file)
{
  g_autofree char *stamp = file != NULL ? hb_window_disk_stamp (file) : NULL;

  hb_window_note_disk_stamp (self, file, stamp);
}

gboolean
hb_window_disk_changed (HbWindow *self, GFile *file)
{
  GHashTable *stamps = g_object_get_data (G_OBJECT (self), STAMPS_KEY);
  const char *seen = stamps != NULL && file != NULL ? g_hash_table_lookup (stamps, file) : NULL;
  g_autofree char *now = NULL;

  /* Never read nor written here, or gone since (a save writes it again):
   * nothing to lose. */
  if (seen == NULL || (now = hb_window_disk_stamp (file)) == NULL)
    return FALSE;
  return g_strcmp0 (seen, now) != 0;
}
