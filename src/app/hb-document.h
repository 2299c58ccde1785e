/* hb-document.h: the open level. A document holds a game's board with its
 * undo history, the file it came from (or the name it goes by until it is
 * saved) and whether it has unsaved changes. It knows nothing of widgets:
 * the window listens to its signals and redraws. Changes made while
 * playing are progress, not edits of the level: they leave it unmodified,
 * and a save writes the level as drawn (see hb-history.h).
 *
 * Signals:
 *   "level-changed" (gboolean new_game): a new level replaced the old one
 *     (hb_document_set_level); emitted before "changed".
 *   "changed": the board changed (an edit, undo, redo, a new level); the
 *     serial number went up.
 *   "saved": the level was written to its file (the title may change).
 */
#pragma once

#include <gio/gio.h>

#include "hb-game.h"

G_BEGIN_DECLS

#define HB_TYPE_DOCUMENT (hb_document_get_type ())
G_DECLARE_FINAL_TYPE (HbDocument, hb_document, HB, DOCUMENT, GObject)

HbDocument    *hb_document_new (void);

/* Makes `state` (taken) the level, with a fresh history; `file` may be
 * NULL (not saved yet), then `untitled_name` (may be NULL: "Untitled")
 * names it. */
void           hb_document_set_level (HbDocument *self, HbState *state, GFile *file,
                                      const char *untitled_name);
/* Switching games: the open level with its history (moves, Undo) and its
 * file is kept aside for its game (the previous one kept for that game
 * goes), and hb_document_restore_kept brings it back when that game is
 * chosen again, emitting level-changed as set_level does; FALSE when none
 * is kept for `game`. forget_kept drops what is kept for `game`. */
void           hb_document_keep (HbDocument *self);
gboolean       hb_document_has_kept (HbDocument *self, const HbGame *game);
gboolean       hb_document_restore_kept (HbDocument *self, const HbGame *game);
void           hb_document_forget_kept (HbDocument *self, const HbGame *game);
/* NULL before the first level. */
const HbGame  *hb_document_get_game (HbDocument *self);
const HbState *hb_document_get_state (HbDocument *self);
/* The level as hb_document_set_level was given it (Restart in Edit goes
 * back to it), or NULL before the first level. */
const HbState *hb_document_get_loaded (HbDocument *self);
/* The level as drawn: what Edit shows and Save writes, without the play
 * moves made on it (Play's start, Restart's board). */
const HbState *hb_document_get_design (HbDocument *self);
GFile         *hb_document_get_file (HbDocument *self);
const char    *hb_document_get_untitled_name (HbDocument *self);
/* The file's base name, else the untitled name: newly allocated. */
char          *hb_document_dup_display_name (HbDocument *self);
char          *hb_file_dup_display_name (GFile *file);
gboolean       hb_document_get_modified (HbDocument *self);
/* The level is unsaved work until it is saved, even unchanged (a level
 * read from a picture: the picture may be gone, a pasted one surely). */
void           hb_document_mark_unsaved (HbDocument *self);
/* Goes up on every change of the board. */
guint64        hb_document_get_serial (HbDocument *self);
/* Goes up on every change of the level or its moves: every change of the
 * board but the switch between Edit and Play (hb_document_set_playing),
 * which shows the same level and moves, without them or with them. */
guint64        hb_document_get_level_serial (HbDocument *self);

/* Applies moves in order to the current board. The first change of a
 * gesture is a new undo step, later ones replace it; with `new_step` (a
 * hint, a palette click) the change is a step of its own and ends the
 * gesture's claim on the current entry. TRUE when the board changed. */
gboolean       hb_document_apply_moves (HbDocument *self, const HbMove *moves, guint n,
                                        gboolean new_step);
/* The next change starts a new undo step (a new gesture began). */
void           hb_document_end_gesture (HbDocument *self);
gboolean       hb_document_drop_unchanged_gesture (HbDocument *self);
/* TRUE while the gesture going on has its step but the board is as it
 * was before it (a path drawn out and back, the button still down). */
gboolean       hb_document_gesture_unchanged (HbDocument *self);
/* Takes back the current gesture's undo step as if it never was (no redo
 * entry either): TRUE when the board changed back. */
gboolean       hb_document_cancel_gesture (HbDocument *self);
/* A new board (taken) as an undo step of its own (a solution applied,
 * Restart): a play move while playing. */
void           hb_document_push (HbDocument *self, HbState *state);
/* The same for Restart: while playing, the move count (play_moves)
 * starts again from it; in Edit `state` is the level as opened, and the
 * origin (hb_document_get_origin) goes back to (0, 0). */
void           hb_document_push_restart (HbDocument *self, HbState *state);
/* The same, always a change of the level, its cells moved by (dx, dy)
 * (a row or a column added or removed at the top or left). */
void           hb_document_push_design_moved (HbDocument *self, HbState *state, int dx, int dy);
/* The same, the cells in place (clear, resize, scramble). */
static inline void
hb_document_push_design (HbDocument *self, HbState *state)
{
  hb_document_push_design_moved (self, state, 0, 0);
}
/* Where the board as it was opened has its top left cell on the board
 * now (hb_history_origin): (0, 0) until a move. */
void           hb_document_get_origin (HbDocument *self, int *x, int *y);
/* Whether changes from now on are play moves (the window's Play mode):
 * they leave the level unmodified, and a save writes the level as it
 * was before them. */
void           hb_document_set_playing (HbDocument *self, gboolean playing);
/* TRUE in Play when a play move made the board shown (what Undo would
 * take back, what Redo just made). */
gboolean       hb_document_at_play_move (HbDocument *self);
gboolean       hb_document_redo_is_play_move (HbDocument *self);
/* The play moves on the board as Play shows it (since the level as
 * drawn: with none, Play shows the design Save writes), and an id of the
 * level as drawn that changes with it. */
guint          hb_document_play_depth (HbDocument *self);
/* The moves of the current try: the play moves since the level as drawn
 * or the latest Restart before the board shown. */
guint          hb_document_play_moves (HbDocument *self);
guint64        hb_document_design_id (HbDocument *self);
/* The history entry shown: the same through undo and redo, never an
 * earlier entry's for a new change (hb_history_current_id). */
guint64        hb_document_entry_id (HbDocument *self);
gboolean       hb_document_can_undo (HbDocument *self);
gboolean       hb_document_can_redo (HbDocument *self);
gboolean       hb_document_undo (HbDocument *self);
gboolean       hb_document_redo (HbDocument *self);

/* Writes the level to `file` atomically, in the format of the file it was
 * read from (see hb_document_set_format), and makes it the level's file.
 * Only local files. The three steps of hb_document_save_begin,
 * hb_save_job_run and hb_document_save_finish at once. */
gboolean       hb_document_save (HbDocument *self, GFile *file, GError **error);
/* A save in three steps, so that the writing runs on a worker thread (a
 * 4096×4096 Flow Free board takes 5-10 s to write as JSON): begin copies,
 * on the main thread, what the save writes (the level as drawn, its
 * comment lines, its file's format); run writes it to the file, on any
 * thread, touching no document; finish, on the main thread after a run
 * that succeeded, makes the file the level's and marks the level saved as
 * it was at begin (a change made meanwhile stays unsaved), or does
 * nothing and returns FALSE when another level came in meanwhile. */
typedef struct _HbSaveJob HbSaveJob;
HbSaveJob     *hb_document_save_begin (HbDocument *self, GFile *file);
gboolean       hb_save_job_run (HbSaveJob *job, GError **error);
gboolean       hb_document_save_finish (HbDocument *self, HbSaveJob *job);
GFile         *hb_save_job_get_file (HbSaveJob *job);
void           hb_save_job_free (HbSaveJob *job);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HbSaveJob, hb_save_job_free)
/* The level as a save would write it (the level as drawn, in its file's
 * format with its comment lines, else the game's own format), for Copy
 * Level; NULL with `error` when the game cannot write it. */
char          *hb_document_dup_text (HbDocument *self, GError **error);
/* The comment lines of the file the level was read from (taken after
 * hb_document_set_level, which forgets them; at most
 * HB_DOCUMENT_MAX_COMMENTS): saving keeps them where the format does
 * (hb_write_with_comments); the last save's count of those it left out. */
#define HB_DOCUMENT_MAX_COMMENTS 4096
/* Comments of the file that the document holds no copy of, so that no
 * save can keep them: said once by the save that leaves them out
 * (hb_document_get_comments_unkept), then forgotten, as dropped lines are. */
typedef enum {
  HB_COMMENTS_UNKEPT_JSON     = 1 << 0, /* JSON's comments (json-glib skips them) */
  HB_COMMENTS_UNKEPT_PAST_CAP = 1 << 1, /* lines after the first HB_DOCUMENT_MAX_COMMENTS */
} HbCommentsUnkept;
void           hb_document_take_comments (HbDocument *self, char **comments,
                                          HbCommentsUnkept unkept);
/* What the last save left out of HbCommentsUnkept (0: nothing). */
HbCommentsUnkept hb_document_get_comments_unkept (HbDocument *self);
/* How many levels the file holds after the one read (HbGame.more_levels;
 * set after hb_document_set_level, which forgets it): Save refuses to
 * write over that file, which would lose them. */
void           hb_document_set_more_levels (HbDocument *self, guint more);
guint          hb_document_get_comments_dropped (HbDocument *self);
/* The format the level's file is in (hb_text_format; set after
 * hb_document_set_level, which makes it HB_WRITE_NATIVE): Save writes in
 * it, except under a ".json" name (JSON, for a game that has it, for that
 * save only; a level JSON cannot hold is refused there). When it cannot
 * hold the level the save writes the game's own format, and
 * get_format_lost says so until the next save. A save that fails
 * changes neither. */
void           hb_document_set_format (HbDocument *self, HbWriteFormat format);
gboolean       hb_document_get_format_lost (HbDocument *self);

G_END_DECLS
