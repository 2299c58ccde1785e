/* hb-player.h: rebuilds any frame of a recorded trace, for the animation.
 *
 * Position p shows the board after the first p steps (0 = before any).
 * Seeking applies steps forward from the nearest keyframe at or before the
 * target; keyframes are taken every `interval` steps, the interval chosen so
 * that at most HB_PLAYER_MAX_KEYFRAMES copies are kept and never shorter
 * than a quarter of the board's cells (a copy costs more than the steps it
 * saves), so scrubbing backwards costs at most one interval of steps.
 *
 * The answer: a player may be given the board with the solver's answer
 * applied; it is then one more position after the last step, so the
 * player ends on the solved board, not on the search's last state. With
 * no answer, a run cut short of its recording ends likewise on where it
 * stopped (hb_trace_get_stop_frame). */
#pragma once

#include "hb-game.h"

G_BEGIN_DECLS

#define HB_PLAYER_MAX_KEYFRAMES 256
/* …and no more keyframes than hold this many cells in all, so a trace on a
 * huge board does not keep 256 copies of it. */
#define HB_PLAYER_KEYFRAME_CELLS (G_GUINT64_CONSTANT (32) << 20)

typedef struct _HbPlayer HbPlayer;

/* The player keeps a copy of `initial` and borrows `trace`, which must
 * outlive it. */
HbPlayer      *hb_player_new (const HbState *initial, const HbTrace *trace);
void           hb_player_free (HbPlayer *player);

gsize          hb_player_length (const HbPlayer *player);   /* number of steps */
gsize          hb_player_position (const HbPlayer *player);
void           hb_player_seek (HbPlayer *player, gsize position);
/* The step that led to the current frame, or NULL at position 0. */
const HbStep  *hb_player_current_step (const HbPlayer *player);
gconstpointer  hb_player_frame (const HbPlayer *player);
void           hb_player_render (const HbPlayer *player, cairo_t *cr,
                                 const HbLayout *layout,
                                 const HbRenderOptions *options);
/* Description of the current step (newly allocated), "" at position 0. */
char          *hb_player_describe (const HbPlayer *player);
/* The game's counters for the current frame (newly allocated), or NULL
 * when the game has none. */
char          *hb_player_frame_status (const HbPlayer *player);
/* The current step's depth in the game's words (newly allocated, "" for
 * none), or NULL when the game has none for it (the player says "Depth
 * N") or there is no step (position 0, the answer). */
char          *hb_player_depth_text (const HbPlayer *player);

/* Makes `answer` (copied; of the same game and size as the initial board)
 * the last position, length = steps + 1; NULL takes it away. The position
 * moves to the start. */
void           hb_player_set_answer (HbPlayer *player, const HbState *answer);
/* hb_player_set_answer, the answer drawn as the game draws the moves that
 * reach it (HbGame.answer_frame: Enlight's presses ringed on its board,
 * all dark once solved, which showed nothing of them: review), when the
 * game has such a picture. `moves` (of HbMove) may be NULL. */
void           hb_player_set_answer_moves (HbPlayer *player, const HbState *answer,
                                           const GArray *moves);
/* The answer given, or NULL. */
const HbState *hb_player_get_answer (const HbPlayer *player);
/* TRUE at the answer's position. */
gboolean       hb_player_at_answer (const HbPlayer *player);
/* With no answer, a trace that holds where its cut run stopped
 * (hb_trace_set_stop_frame) has that board as one more position after
 * the last step, as an answer is; TRUE there. */
gboolean       hb_player_at_stop (const HbPlayer *player);

/* Where a run is worth a look, for the scrubber: a solution found (the
 * position after a SOLUTION step, and the answer's) and a long retreat of
 * the search (the position where it ended, having undone from from_depth
 * down to to_depth). */
typedef enum {
  HB_PLAYER_MARK_SOLUTION,
  HB_PLAYER_MARK_BACKTRACK,
} HbPlayerMarkKind;

typedef struct {
  gsize            position;
  HbPlayerMarkKind kind;
  gint32           from_depth, to_depth;
} HbPlayerMark;

/* The marks (HbPlayerMark) in position order: every solution, and of the
 * retreats by at least two levels and a quarter of the deepest level
 * reached, the `max_backtracks` longest. Depth is read from the search's
 * own steps (try, place, undo, reject, force). */
GArray        *hb_player_marks (const HbPlayer *player, guint max_backtracks);
/* The first position after `from` (forward) or before it (backward) where
 * a solution was found, or G_MAXSIZE when there is none. */
gsize          hb_player_find_solution (const HbPlayer *player, gsize from,
                                        gboolean forward);
/* The same for a decision: a try, place or move that goes deeper than the
 * search step before it (the search chose a value for a free cell). */
gsize          hb_player_find_decision (const HbPlayer *player, gsize from,
                                        gboolean forward);

G_END_DECLS
