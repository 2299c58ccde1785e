/* hb-save.c: see hb-save.h. */
#include "hb-save.h"

#include <glib/gstdio.h>
#include <errno.h>
#include <sys/stat.h>

char *
hb_save_target (const char *path, GError **error)
{
  char *cur = g_strdup (path);

  /* Up to 40 links, as the kernel follows. */
  for (int hops = 0; hops <= 40; hops++)
    {
      GStatBuf st;
      char *target, *next;

      if (g_lstat (cur, &st) != 0 || !S_ISLNK (st.st_mode))
        return cur;
      if (hops == 40)
        break;
      target = g_file_read_link (cur, NULL);
      if (target == NULL)
        return cur;
      if (g_path_is_absolute (target))
        next = g_canonicalize_filename (target, NULL);
      else
        {
          g_autofree char *dir = g_path_get_dirname (cur);
          g_autofree char *joined = g_build_filename (dir, target, NULL);
          next = g_canonicalize_filename (joined, NULL);
        }
      g_free (target);
      g_free (cur);
      cur = next;
    }
  g_free (cur);
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (ELOOP), "%s: %s", path,
               g_strerror (ELOOP));
  return NULL;
}

gboolean
hb_save_keep_mode (const char *target, const char *tmp)
{
  GStatBuf st;

  if (g_stat (target, &st) != 0 || !S_ISREG (st.st_mode))
    return TRUE;
  return g_chmod (tmp, (int) (st.st_mode & 07777)) == 0;
}
