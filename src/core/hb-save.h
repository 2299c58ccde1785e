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
 * replace, `target` (one of mode 600 came back 644); nothing when there
 * is none. FALSE with errno set when chmod fails. */
gboolean  hb_save_keep_mode (const char *target, const char *tmp);

G_END_DECLS
