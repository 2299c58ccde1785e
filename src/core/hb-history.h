/* hb-history.h: undo and redo as a list of states (states are values).
 *
 * The history owns its states. The "saved" mark remembers which entry was
 * last written to disk, so the app can tell whether there are unsaved
 * changes even after undoing back to the saved board.
 *
 * States that play moves made are progress, not changes of the level:
 * each state belongs to a design, the nearest state at or before it that
 * no play move made; the design is what is saved and what "modified"
 * compares. So playing a level (and winning it) leaves nothing unsaved,
 * and a save writes the level as it was drawn, not as it was played. */
#pragma once

#include "hb-game.h"

G_BEGIN_DECLS

typedef struct _HbHistory HbHistory;

#define HB_HISTORY_DEFAULT_LIMIT 500
/* However many entries the limit allows, the history keeps no more than
 * this many cells in all (undo on a 4096×4096 board keeps a few steps, not
 * 500 copies of 16 MiB); the current entry always stays. */
#define HB_HISTORY_MAX_CELLS (G_GUINT64_CONSTANT (64) << 20)

HbHistory     *hb_history_new (HbState *initial, guint limit);
void           hb_history_free (HbHistory *history);

const HbState *hb_history_current (const HbHistory *history);
/* Makes `state` (taken) the current entry, dropping any redo entries: a
 * change of the level, or with push_play a play move's (progress). */
void           hb_history_push (HbHistory *history, HbState *state);
void           hb_history_push_play (HbHistory *history, HbState *state);
/* A change of the level that moved its cells by (dx, dy) (a row or a
 * column added or removed at the top or left): the history keeps, entry
 * by entry, where the first board's top left cell lies (its origin), for
 * what belongs to the board as it was opened (a screenshot's picture and
 * marks). Every other push keeps the origin of the entry before it. */
void           hb_history_push_moved (HbHistory *history, HbState *state, int dx, int dy);
/* The current entry's origin: (0, 0) until a push_moved. */
void           hb_history_origin (const HbHistory *history, int *x, int *y);
/* A play step back to the level's start (Restart): the move count
 * (play_moves) starts again from it, play_depth goes on. */
void           hb_history_push_restart (HbHistory *history, HbState *state);
/* The current state's design: the current state unless play moves made
 * it, else the state before those moves. */
const HbState *hb_history_design (const HbHistory *history);
/* The play moves made on the current design up to the current state (the
 * moves a player has on the board). */
guint          hb_history_play_depth (const HbHistory *history);
/* The play moves since the design or the latest restart before the
 * current state (the moves of the player's current try). */
guint          hb_history_play_moves (const HbHistory *history);
/* An id of the current design, unique for the history's life: it changes
 * when the level as drawn changes (an edit, an undo past one). */
guint64        hb_history_design_id (const HbHistory *history);
/* The current entry's id: unique for the history's life, so an entry
 * undone and redone keeps it and a new move never has an old one's. */
guint64        hb_history_current_id (const HbHistory *history);
/* TRUE when a play move made the state redo would go to. (Whether one
 * made the current state: play_depth > 0.) */
gboolean       hb_history_next_is_play (const HbHistory *history);
/* Replaces the current entry (taken) without a new undo step: for the
 * intermediate states of a drag (a play move's entry stays one). */
void           hb_history_replace (HbHistory *history, HbState *state);
/* Takes back the current entry (a step that is cancelled, not undone):
 * the one before becomes current and nothing is left to redo. FALSE when
 * there is no entry before. */
gboolean       hb_history_take_back (HbHistory *history);
/* Starts afresh with `state` (taken): a new or opened level. */
void           hb_history_reset (HbHistory *history, HbState *state);

gboolean       hb_history_can_undo (const HbHistory *history);
gboolean       hb_history_can_redo (const HbHistory *history);
gboolean       hb_history_undo (HbHistory *history);
gboolean       hb_history_redo (HbHistory *history);
/* Undo and redo from design to design, passing over play moves: Edit
 * mode's, which shows the design. Undo goes to the entry just before the
 * current design, redo to the next design's last play move: where Play
 * resumes the moves made on it. */
gboolean       hb_history_can_undo_design (const HbHistory *history);
gboolean       hb_history_can_redo_design (const HbHistory *history);
gboolean       hb_history_undo_design (HbHistory *history);
gboolean       hb_history_redo_design (HbHistory *history);

void           hb_history_mark_saved (HbHistory *history);
/* A save of the design `id` (hb_history_design_id), which held `state`
 * then, ended after changes that came meanwhile: that entry is the saved
 * one, if it is still there and holds that board; else none is (the file
 * holds a board the history may no longer have). */
void           hb_history_mark_saved_as (HbHistory *history, guint64 id,
                                         const HbState *state);
/* No entry is saved: every board counts as a change, even undone back to
 * the first (a level that never was in a file). */
void           hb_history_mark_unsaved (HbHistory *history);
gboolean       hb_history_is_modified (const HbHistory *history);

G_END_DECLS
