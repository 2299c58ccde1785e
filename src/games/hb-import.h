/* hb-import.h: reading a level from a picture with whichever game's reader
 * recognises it (screenshot import), for the CLI and the app alike. */
#pragma once

#include <gio/gio.h>

#include "hb-game.h"
#include "hb-image.h"
#include "hb-vision.h"

G_BEGIN_DECLS

/* HB_IMPORT_MIN_SCORE and HB_IMPORT_SEEMS_SCORE: hb-vision.h, beside the
 * score, for the readers. */
/* A reading under HB_IMPORT_MIN_SCORE is offered as a doubtful one
 * (hb_registry_from_image_or_near) from this score up: ImageMagick's
 * plasma at 800×600 was offered as a Flood-It board of 6×5 cells, 14 of
 * them unsure, at 0.03 ("seems to show a board": review). A cut or a
 * small board is said at HB_IMPORT_SEEMS_SCORE. */
#define HB_IMPORT_NEAR_SCORE 0.3
/* A score at or over this ends the search (the readers run cheapest first). */
#define HB_IMPORT_SURE_SCORE 0.95

/* Reads a level from `img`. With `game` set only that game tries; with
 * NULL every registered game that reads pictures tries, and the one whose
 * report has the highest score (at least HB_IMPORT_MIN_SCORE) wins; a
 * reading scored HB_IMPORT_SURE_SCORE or more stops the search. `report` receives the winner's report.
 * Errors are HB_IMAGE_ERROR: NO_BOARD when no game found a board (the
 * message says what each game missed), CANCELLED. */
HbState *hb_registry_from_image (const HbImage *img, const HbGame *game,
                                 HbImportReport *report, HbCancel *cancellable,
                                 GError **error);

/* hb_registry_from_image with every game trying, for a caller that can
 * offer a doubtful reading: when none is sure enough (NULL, NO_BOARD set)
 * but a game found a board it is too unsure of (a screenshot cut through
 * the board, a blurred one), the surest such reading is put in `*near`
 * (which must be NULL) and its report in `report`, for the user to take
 * or leave. */
HbState *hb_registry_from_image_or_near (const HbImage *img, HbImportReport *report,
                                         HbCancel *cancellable, HbState **near,
                                         GError **error);

/* The games that read pictures, NULL-terminated (static). */
const HbGame *const *hb_registry_image_games (void);

/* What a finished import holds (hb_import_file_async). */
typedef struct {
  HbImage        *image;
  HbState        *state;
  HbImportReport *report;
} HbImportResult;

void hb_import_result_free (HbImportResult *result);

/* A picture from a file, from standard input ("-"), or from a pipe, FIFO
 * or device (detect /dev/stdin, <(…)): those are read as the levels are
 * (hb_read_input, capped), a regular file by hb_image_load, which checks
 * its header first. */
HbImage *hb_import_read_image (const char *path, GError **error);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HbImportResult, hb_import_result_free)

/* Reads the picture at `path` (or, when `bytes` is not NULL, the picture
 * in it, e.g. pasted from the clipboard; `path` then only names it in
 * messages) and its level on a worker thread; `callback` runs on the
 * calling thread's main context. */
void            hb_import_file_async (const char *path, GBytes *bytes, const HbGame *game,
                                      GCancellable *cancellable,
                                      GAsyncReadyCallback callback, gpointer user_data);
/* The result, or NULL with `error` set (HB_IMAGE_ERROR). */
HbImportResult *hb_import_file_finish (GAsyncResult *result, GError **error);

G_END_DECLS
