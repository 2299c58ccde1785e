/* hb-save.c: see hb-save.h. */
#include "hb-save.h"

#include <glib/gstdio.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

/* `target`, read from a link in folder `dir` (NULL when absolute), as a
 * path whose folder has its links followed, as the kernel follows them:
 * "../x" from a link in "/a/dirlink" (a link to "/b/c") is "/b/x", where
 * tidying the text to "/a/x" wrote a new file there and left the one the
 * link names as it was. A folder that is not there is tidied as text
 * (the save fails on it and says so). */
static char *
link_target (const char *dir, const char *target)
{
  g_autofree char *joined = dir != NULL ? g_build_filename (dir, target, NULL)
                                        : g_strdup (target);
  g_autofree char *folder = g_path_get_dirname (joined);
  g_autofree char *base = g_path_get_basename (joined);
  char *real;

  if (strcmp (base, ".") == 0 || strcmp (base, "..") == 0 || g_str_has_suffix (joined, G_DIR_SEPARATOR_S)
      || (real = realpath (folder, NULL)) == NULL)
    return g_canonicalize_filename (joined, NULL);
  {
    char *next = g_build_filename (real, base, NULL);
    free (real);
    return next;
  }
}

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
        next = link_target (NULL, target);
      else
        {
          g_autofree char *dir = g_path_get_dirname (cur);
          next = link_target (dir, target);
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

/* Copies target's extended attributes to tmp (an ACL is one,
 * "system.posix_acl_access"); what the file system refuses is left. */
static void
keep_xattrs (const char *target, const char *tmp)
{
  ssize_t size = listxattr (target, NULL, 0);
  g_autofree char *names = NULL;

  if (size <= 0)
    return;
  names = g_malloc (size);
  size = listxattr (target, names, size);
  for (ssize_t i = 0; i < size; i += strlen (names + i) + 1)
    {
      ssize_t len = getxattr (target, names + i, NULL, 0);
      g_autofree char *value = NULL;

      if (len < 0 || len > 65536)
        continue;
      value = g_malloc (len + 1);
      len = getxattr (target, names + i, value, len);
      if (len >= 0)
        (void) setxattr (tmp, names + i, value, len, 0);
    }
}

gboolean
hb_save_keep_mode (const char *target, const char *tmp)
{
  GStatBuf st;

  if (g_stat (target, &st) != 0 || !S_ISREG (st.st_mode))
    return TRUE;
  if (st.st_gid != getegid ())
    (void) chown (tmp, (uid_t) -1, st.st_gid);
  keep_xattrs (target, tmp);
  /* After the ACL: its mask is the group bits chmod sets. */
  return g_chmod (tmp, (int) (st.st_mode & 07777)) == 0;
}

gboolean
hb_save_in_place (const char *target)
{
  GStatBuf st;

  if (g_stat (target, &st) != 0 || !S_ISREG (st.st_mode))
    return FALSE;
  return st.st_nlink > 1 || st.st_uid != geteuid ();
}

int
hb_save_write_all (int fd, const char *contents, gsize len)
{
  gsize done = 0;

  while (done < len)
    {
      gssize n = write (fd, contents + done, MIN (len - done, (gsize) 1 << 20));
      if (n > 0)
        done += (gsize) n;
      else if (n == 0)
        return EIO;
      else if (errno != EINTR)
        return errno;
    }
  return 0;
}

int
hb_save_write_in_place (const char *target, const char *contents, gsize len)
{
  g_autofree char *old = NULL;
  gsize old_len = 0;
  int fd, e;

  if (!g_file_get_contents (target, &old, &old_len, NULL))
    return EIO;
  fd = g_open (target, O_WRONLY | O_CLOEXEC | O_NOCTTY, 0);
  if (fd < 0)
    return errno;
  e = hb_save_write_all (fd, contents, len);
  if (e == 0 && ftruncate (fd, (off_t) len) != 0)
    e = errno;
  if (e == 0 && fsync (fd) != 0 && errno != EINVAL)
    e = errno;
  if (e != 0 && lseek (fd, 0, SEEK_SET) == 0 && hb_save_write_all (fd, old, old_len) == 0)
    (void) ftruncate (fd, (off_t) old_len);
  if (close (fd) != 0 && e == 0)
    e = errno;
  return e;
}
