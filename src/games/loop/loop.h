/* loop.h: Infinite Loop (after Arend Hintze's "Loops of Zen").
 *
 * A W×H board of tiles, each with 0 to 4 arms; the player turns tiles in
 * quarter turns until every arm meets an arm of its neighbour and no arm
 * points off the board.
 *
 * A tile is a 4-bit mask of its arms, bit d for direction d clockwise from
 * north (HB_DIR_N = bit 0, E = bit 1, S = bit 2, W = bit 3), so turning a
 * tile a quarter clockwise is a rotate-left of the nibble.
 *
 * Text formats (all read by loop_game.parse):
 *  - native: one row per line, tiles separated by blanks, each tile four
 *    binary digits N E S W (`1000` an end pointing up, `1010` a vertical
 *    straight, `0000` empty). Lines starting with `#` are comments, blank
 *    lines are ignored.
 *  - compact: one Unicode box-drawing character per tile
 *    (╵╶╷╴ │ ─ └ ┌ ┐ ┘ ├ ┬ ┤ ┴ ┼, space or `.` for empty). Trailing empty
 *    tiles may be missing (editors strip trailing blanks): short rows are
 *    padded with empty tiles, and a blank line between rows is a row of
 *    empty tiles.
 *  - Simon Tatham's Net game IDs `WxH:` + one hex digit per tile
 *    (R=1 U=2 L=4 D=8), without wrapping or barriers.
 * The solution format is the same grid with each tile in its solved
 * rotation. */
#pragma once

#include "hb-game.h"

G_BEGIN_DECLS

typedef struct {
  HbState base;
  guint8 *tiles;          /* width*height arm masks, row-major */
} LoopState;

typedef enum {
  LOOP_OP_ROTATE,         /* play and edit: turn (x, y) by value quarter turns clockwise (negative: anticlockwise) */
  LOOP_OP_TOGGLE_EDGE,    /* edit: toggle the arm pair across edge `value` (an HbDir) of (x, y) */
  LOOP_OP_SET_TILE,       /* edit: set (x, y) to the arm mask `value` (a tile kind) */
  LOOP_OP_CLEAR,          /* edit: every tile empty */
  LOOP_OP_SET_EDGE,       /* edit: the arm pair across edge `value & 3` (an HbDir) of
                           * (x, y) drawn (`value & 4`) or taken away; no change: refused */
} LoopOp;

/* Tile kinds for the palette: each id is the kind's mask in its first
 * orientation. */
typedef enum {
  LOOP_KIND_EMPTY    = 0x0,
  LOOP_KIND_END      = 0x1,
  LOOP_KIND_STRAIGHT = 0x5,
  LOOP_KIND_CORNER   = 0x3,
  LOOP_KIND_TEE      = 0x7,
  LOOP_KIND_CROSS    = 0xf,
} LoopKind;

/* The edit palette's first entry: clicks turn tiles instead of placing. */
#define LOOP_TOOL_TURN 16

extern const HbGame loop_game;

/* Screenshot import (loop-vision.c). */
HbState *loop_from_image (const HbImage *img, HbImportReport *report,
                          HbCancel *cancellable, GError **error);

extern const HbSolver loop_solver_fast;
extern const HbSolver loop_solver_backtrack;
extern const HbSolver loop_solver_dlx;
extern const HbSolver loop_solver_maxflow;

#define LOOP(s) ((LoopState *) (s))
#define LOOP_CONST(s) ((const LoopState *) (s))

/* Quarter turns clockwise of a mask. */
static inline guint8
loop_rotate (guint8 mask, int turns)
{
  turns &= 3;
  return (guint8) (((mask << turns) | (mask >> (4 - turns))) & 15);
}

/* The least number of clockwise quarter turns (0..3) taking `from` to `to`,
 * or -1 when `to` is not a rotation of `from`. */
int          loop_turns_between (guint8 from, guint8 to);

LoopState   *loop_state_new (int width, int height);
LoopState   *loop_state_new_take (int width, int height, guint8 *tiles);
/* Number of arms with no matching arm (pointing off the board, at a
 * neighbour without the facing arm). 0 means solved. */
guint64      loop_open_ends (const guint8 *tiles, int width, int height);
/* TRUE when `arm` of (x, y) in `tiles` has no matching arm. */
gboolean     loop_arm_is_open (const guint8 *tiles, int width, int height,
                               int x, int y, int dir);

/* Distinct rotations of a mask (1, 2 or 4 of them), in order of
 * clockwise turns; turns[i] is the quarter turns giving masks[i]. Returns
 * how many. */
int          loop_distinct_rotations (guint8 mask, guint8 masks[4], int turns[4]);

/* Fills `result` (solved board and one ROTATE move per tile that turns)
 * from solved masks. */
void         loop_result_set_solution (HbResult *result, const LoopState *state,
                                       const guint8 *solved);
/* The same, but only the solved board when the caller asked for the answer
 * as a board (HbSolveOptions.answer_board: the CLI's solve). */
void         loop_result_set_answer (HbResult *result, const LoopState *state,
                                     const guint8 *solved, const HbSolveOptions *options);
/* The same, taking `solved` (from g_malloc) as the answer's own. */
void         loop_result_take_answer (HbResult *result, const LoopState *state,
                                      guint8 *solved, const HbSolveOptions *options);

/* Tatham Net IDs. */
LoopState   *loop_parse_net_id (const char *text, gsize len, int line,
                                GError **error);
char        *loop_write_net_id (const LoopState *state);

/* ---- The fast solver (loop-solve-fast.c) -------------------------------- */

typedef struct {
  HbStatus status;        /* SOLVED, NO_SOLUTION, GAVE_UP (node limit) or CANCELLED */
  guint8  *solved;        /* width*height masks when SOLVED */
  guint8  *forced;        /* width*height: 1 where propagation alone fixed the tile */
  guint64  solutions;     /* counted up to count_limit (1 when not counting) */
  guint64  nodes;         /* search decisions */
  guint64  propagations;  /* tiles examined by propagation */
  guint64  forced_count;  /* tiles fixed by the first propagation */
  guint64  regions;       /* independent regions left to search */
  guint64  largest_region;
  guint64  parity_failures; /* regions proven unsolvable by their arm parity */
  guint64  pockets;       /* pieces split off during the search and solved alone */
  guint64  odd_pockets;   /* pieces refused by their arm parity */
  gboolean timed_out;     /* GAVE_UP because of the deadline */
  gboolean out_of_memory; /* GAVE_UP: the learnt clauses' bound */
  guint64  cdcl_regions;  /* regions searched conflict-driven */
  guint64  conflicts;     /* their conflicts */
} LoopAnswer;

/* Solves (and with count_limit > 1 counts solutions up to that many). */
void loop_fast_solve (const LoopState *state, guint count_limit,
                      guint64 node_limit, HbCancel *cancellable,
                      HbTrace *trace, LoopAnswer *answer);
/* The same with a deadline (hb_now() seconds, 0 = none): GAVE_UP with
 * timed_out set when it passes. */
void loop_fast_solve_full (const LoopState *state, guint count_limit,
                           guint64 node_limit, double deadline,
                           HbCancel *cancellable, HbTrace *trace,
                           LoopAnswer *answer);
void loop_answer_clear (LoopAnswer *answer);

/* ---- Hints (loop.c) ------------------------------------------------------ */

typedef struct {
  int      width, height;
  HbStatus status;
  guint8  *tiles;         /* the board the hint was computed for */
  guint8  *solved;        /* solved masks, or NULL */
  guint8  *forced;        /* 1 where propagation alone fixes the tile */
} LoopHint;

/* ---- Trace frames (loop-render.c) ---------------------------------------- */

/* Step flags the solvers set and the frames read. */
enum {
  LOOP_STEP_VALID     = 1 << 0,  /* a TRY that passed its check */
  LOOP_STEP_FLOW      = 1 << 1,  /* INFO: one unit of flow across edge `aux` of (x, y) */
  LOOP_STEP_DLX_ROW   = 1 << 2,  /* PLACE/UNDO: a DLX row chosen / removed */
  LOOP_STEP_FORCED    = 1 << 3,  /* FORCE: fixed by the first propagation */
  LOOP_STEP_NO_FIT    = 1 << 4,  /* REJECT (value -1): the first propagation left
                                  * this tile no turn: the level has no solution */
};

typedef struct {
  int      width, height;
  guint8  *orig;          /* the level */
  guint8  *tiles;         /* tiles as drawn now */
  guint8  *status;        /* LoopCellStatus per tile */
  guint8  *flow;          /* per tile: arms that carry flow (max-flow view) */
  int      cur_x, cur_y;  /* the tile of the current step, or -1 */
  gboolean cur_valid;
  gboolean flow_view;     /* the trace is the max-flow view's (it routes
                           * flow and settles no tile) */
  gint64   steps;
} LoopFrame;

typedef enum {
  LOOP_CELL_FREE,         /* not decided */
  LOOP_CELL_FORCED,       /* fixed by propagation */
  LOOP_CELL_PLACED,       /* chosen by search */
  LOOP_CELL_TRIED,        /* being tried (valid so far) */
  LOOP_CELL_REJECTED,     /* tried and failed at once */
  LOOP_CELL_BAD,          /* max-flow: cannot be turned to fit the flow */
} LoopCellStatus;

gpointer loop_frame_new (const HbState *initial, const HbTrace *trace);
/* A frame of a board part-way through a search (each tile as the search
 * holds it, and its LoopCellStatus), for the live view (hb_trace_publish
 * with loop_frame_free). */
gpointer loop_frame_from (const HbState *initial, const guint8 *tiles, const guint8 *status);
gpointer loop_frame_copy (gconstpointer frame);
void     loop_frame_free (gpointer frame);
void     loop_frame_step (gpointer frame, const HbTrace *trace, const HbStep *step);
void     loop_frame_render (gconstpointer frame, cairo_t *cr, const HbLayout *layout,
                            const HbRenderOptions *options, const HbStep *current);
char    *loop_describe_step (const HbState *initial, const HbTrace *trace, const HbStep *step);
char    *loop_frame_status (gconstpointer frame);

/* Rendering (loop-render.c). */
void loop_render (const HbState *state, cairo_t *cr, const HbLayout *layout,
                  const HbRenderOptions *options);
/* HbGame.redraw_cells */
gboolean loop_redraw_cells (const HbState *before, const HbState *after,
                            const HbRenderOptions *options, HbCellRect *rect);
void loop_palette_render (const HbState *state, HbMode mode, int id,
                          cairo_t *cr, double size, gboolean dark);

/* Bench (loop-bench.c). */
gboolean loop_bench (gboolean quick, guint repeats, GString *out, GError **error);

/* A generated level (the generate vtable entry, without GError). */
LoopState *loop_generate_level (int width, int height, guint64 seed);

G_END_DECLS
