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

/* What a save writes, copied from the document (hb_document_save_begin),
 * and what writing it found. */
struct _HbSaveJob {
  const HbGame  *game;
  HbState       *design;       /* the level as drawn, a copy */
  guint64        design_id;    /* its history entry (hb_history_design_id) */
  guint          level_id;     /* the document's level then */
  char         **comments;     /* the file's comment lines, a copy */
  GFile         *file;         /* written to */
  GFile         *own;          /* the level's file then, or NULL */
  guint          more_levels;  /* levels in `own` after this one */
  gboolean       by_name;      /* JSON by the name's ".json" */
  HbWriteFormat  format;       /* the format written (after a run) */
  gboolean       lost;         /* the file's own format could not hold it */
  GPtrArray     *dropped;      /* comment lines left out (char *) */
};

/* The level as the job writes it (its format, its comment lines), or
 * NULL with `error` (the level fits no format the game writes). */
char    *hb_save_job_text (HbSaveJob *job, GError **error);

G_END_DECLS
