/* hb-save.h: what every save of a file shares (hb_write_atomic for text
 * and pictures, hb_anim_save_solution for animations): the file a path
 * really names, and the permissions a replaced file keeps. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The file `path` names once its symbolic links are followed, even when
 * the last one points nowhere yet (a save creates it there): `path`
 * itself when it is no link, else the target in a folder whose links
 * are followed (a relative "../x" is taken from where the link really
 * is); NULL with a G_FILE_ERROR (ELOOP) when the links go round
 * in a loop. A save writes beside this file and renames over it, so a
 * link stays a link. */
char     *hb_save_target (const char *path, GError **error);

/* Gives the new file `tmp` the permissions of the file it is about to
 * replace, `target` (one of mode 600 came back 644), its group where the
 * user may give it, and its extended attributes where the file system
 * takes them (its ACL: a file shared by an ACL stopped being shared);
 * nothing when there is none. FALSE with errno set when chmod fails (the
 * group and the attributes are kept where they can be, silently). */
gboolean  hb_save_keep_mode (const char *target, const char *tmp);

/* Whether a save must write into `target` itself rather than rename a new
 * file over it, as GLib's g_file_replace does: the file has other names
 * (hard links), which a rename left on the old contents, or belongs to
 * another user (a rename made it the saver's). FALSE where there is no
 * such regular file. */
gboolean  hb_save_in_place (const char *target);

/* Writes all of `contents` to `fd`, in pieces of at most 1 MiB, again
 * where a write is interrupted: 0, or the errno that stopped it. */
int       hb_save_write_all (int fd, const char *contents, gsize len);

/* Writes `contents` into the file `target` itself (hb_save_in_place): its
 * old contents are read first and written back if the new ones fail to
 * go in whole, so a failed save (a full disk) leaves the file as it was,
 * though not if the machine stops halfway. 0, or the errno that stopped
 * it (EIO where the old contents could not be read). */
int       hb_save_write_in_place (const char *target, const char *contents, gsize len);

G_END_DECLS
