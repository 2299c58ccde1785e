/* hb-document-private.h: what hb-document.c and hb-document-save.c share. */
#pragma once

#include "hb-document.h"

G_BEGIN_DECLS

/* TRUE, with `error` set, when a level of `game` read from `own` (or
 * NULL; `more_levels` after it in that file) may not be saved to `file`
 * at the local `path`: under another game's ending, over what is not a
 * regular file or is read-only, or over its own file that holds more
 * levels. */
gboolean hb_document_save_refused (const HbGame *game, GFile *own, guint more_levels,
                                   GFile *file, const char *path, GError **error);

G_END_DECLS
