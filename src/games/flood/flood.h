/* flood.h: Flood-It (Simon Tatham's Flood).
 *
 * A W×H board of cells in C colours. A move picks a colour: the region
 * connected to the top-left cell (the flooded region) takes that colour and
 * so absorbs every neighbouring cell of it. The goal is a board of one
 * colour, within the move limit.
 *
 * Text formats (parse reads both, write writes both):
 *
 * - The dump format of the write-up (HB_WRITE_NATIVE): a header
 *   `W by H -> M` (M the move limit, 0 for none) and H rows of W colour
 *   digits. Blank lines are ignored, lines starting with `#` are comments,
 *   and a comment `# moves: N` before the header records moves already
 *   played. The number of colours is the highest used plus one, unless a
 *   comment `# colours: C` before the header says more (written only
 *   then, so most files stay in the write-up's plain format). Text after
 *   the board is an error, except another header (the write-up's files
 *   hold several boards; the first is read).
 * - Tatham's Flood game IDs (HB_WRITE_TATHAM): `WxH:` then W×H colour
 *   digits row by row, `,` and the move limit. `WxHcCmL:` (full
 *   parameters) is read too; `WxHcC:` is written when the highest colour
 *   is unused. A `# colours: C` comment before an ID must agree with it.
 *
 * The solution format: one line, the colour of each move as digits
 * separated by spaces.
 *
 * Input: in play mode a click on a cell floods with that cell's colour,
 * and a palette click (pointer PRESS with hit == NULL, tool = the entry's
 * id, which is the colour) floods with that colour: both give the move
 * { FLOOD_OP_FLOOD, value = colour }, which the app may also apply
 * directly. In edit mode a click or drag paints cells with the palette
 * colour.
 */
#pragma once

#include "hb-game.h"

G_BEGIN_DECLS

#define FLOOD_MAX_COLOURS      10
#define FLOOD_DEFAULT_COLOURS  6
/* The largest move limit. Each move floods at least one more cell, so a
 * board of N cells is solved within N - 1 moves and no larger limit can
 * matter. Everything that sets a limit keeps to it: both readers, the
 * SET_LIMIT move and the generator's automatic limit. */
#define FLOOD_MAX_MOVE_LIMIT   HB_MAX_CELLS
/* Tatham's generator sets the move limit to his greedy solver's count plus
 * a leniency; his presets use 5, 2 and 0. We use his "medium" one. */
#define FLOOD_LENIENCY         2

typedef struct {
  HbState base;
  guint8 *cells;          /* width*height colours, row-major */
  int     colours;        /* palette size, 1..FLOOD_MAX_COLOURS */
  int     move_limit;     /* 0 = none */
  int     moves;          /* moves played so far */
} FloodState;

typedef enum {
  FLOOD_OP_FLOOD,         /* play: flood the top-left region with value;
                           * x, y (ignored by apply) name a cell the move
                           * captures, for showing it */
  FLOOD_OP_PAINT,         /* edit: cell (x, y) takes colour value */
  FLOOD_OP_SET_COLOURS,   /* edit: palette size value (cells beyond wrap) */
  FLOOD_OP_SET_LIMIT,     /* edit: move limit value; -1 = greedy + leniency */
  FLOOD_OP_FILL,          /* edit: every cell colour value */
} FloodOp;

extern const HbGame flood_game;

extern const HbSolver flood_solver_optimal;
extern const HbSolver flood_solver_greedy;
extern const HbSolver flood_solver_astar;

/* Screenshot import (flood-vision.c). */
HbState *flood_from_image (const HbImage *img, HbImportReport *report,
                           HbCancel *cancellable, GError **error);

#define FLOOD(s) ((FloodState *) (s))
#define FLOOD_CONST(s) ((const FloodState *) (s))

FloodState *flood_state_new (int width, int height, int colours);
/* Floods the region of cell 0 with colour c in place; returns the number
 * of cells the region has afterwards. */
int         flood_fill (guint8 *cells, int width, int height, int c);
/* Marks (nonzero) the cells of the region connected to cell 0 in mask
 * (width*height); returns how many. */
int         flood_region_mask (const guint8 *cells, int width, int height,
                               guint8 *mask);
/* The same walk, stopped once it has found more than `limit` cells (0:
 * none), -1 then; `bounds`, unless NULL, grown by every cell found. */
int         flood_region_walk (const guint8 *cells, int width, int height,
                               guint8 *mask, int limit, HbCellRect *bounds);
gboolean    flood_cells_solved (const guint8 *cells, int n);

/* ---- The region graph (flood-graph.c), shared by the solvers ----------- */

/* Cells of one colour that touch form a region; two regions that touch have
 * different colours. Flooding with c adds to the flooded set exactly the
 * regions of colour c adjacent to it, so a search state is the set of
 * flooded regions (a bitset), whatever colour it currently has. */
typedef struct {
  int      width, height, colours;
  int      n;              /* regions */
  int      words;          /* guint64 words in a region set */
  int      root;           /* the region of cell 0 */
  int     *region_of;      /* cell → region */
  guint8  *colour;         /* region → colour */
  int     *size;           /* region → cells */
  int     *nbr_start;      /* CSR adjacency: neighbours of r are */
  int     *nbr;            /*   nbr[nbr_start[r] .. nbr_start[r+1]) */
  guint64 *by_colour;      /* colours × words: the regions of each colour */
  guint64 *all;            /* every region */
  guint64 *adj;            /* n × words neighbour sets, or NULL when the
                            * graph is too large for them */
} FloodGraph;

/* Neighbour sets cost n²/8 bytes: 8 MiB at this many regions. */
#define FLOOD_ADJ_MAX_REGIONS 8192

FloodGraph *flood_graph_new (const guint8 *cells, int width, int height,
                             int colours);
/* The same, or NULL once cancellable is set (a huge board's graph takes
 * seconds), but only on a board of more than this many regions: the
 * optimal solver's first quick player answers on any smaller one even
 * when stopped at once (flood-solve-optimal.c), and its graph takes
 * milliseconds. */
#define FLOOD_GRAPH_STOPPABLE_REGIONS 200000
FloodGraph *flood_graph_new_cancellable (const guint8 *cells, int width, int height,
                                         int colours, const HbCancel *cancellable);
void        flood_graph_free (FloodGraph *g);

#define FLOOD_SET_HAS(s, i)  (((s)[(i) >> 6] >> ((i) & 63)) & 1)
#define FLOOD_SET_ADD(s, i)  ((s)[(i) >> 6] |= G_GUINT64_CONSTANT (1) << ((i) & 63))

/* A hash of a region set of `words` words (the solvers' tables). */
static inline guint64
flood_set_hash (const guint64 *s, int words)
{
  guint64 h = 0x9e3779b97f4a7c15ull;

  for (int w = 0; w < words; w++)
    {
      h ^= s[w];
      h *= 0xbf58476d1ce4e5b9ull;
      h ^= h >> 31;
    }
  return h;
}

/* The same folded to 32 bits. */
static inline guint32
flood_set_hash32 (const guint64 *s, int words)
{
  guint64 h = flood_set_hash (s, words);

  return (guint32) (h ^ (h >> 32));
}

/* TRUE when colour c has unflooded regions (outside set) and all of them
 * are in frontier: the move c floods every one. */
static inline gboolean
flood_colour_exposed (const FloodGraph *g, const guint64 *set,
                      const guint64 *frontier, int c)
{
  const guint64 *bc = g->by_colour + (gsize) c * g->words;
  gboolean any = FALSE, outside = FALSE;

  for (int w = 0; w < g->words && !outside; w++)
    {
      guint64 rem = bc[w] & ~set[w];
      any |= rem != 0;
      outside = (rem & ~frontier[w]) != 0;
    }
  return any && !outside;
}

/* What a breadth-first search from a flooded set finds. */
typedef struct {
  int      remaining;      /* regions not flooded */
  int      ecc;            /* largest distance (moves) to a region */
  int      h;              /* the admissible lower bound, see flood-graph.c */
  guint    colours_left;   /* bitmask of colours with an unflooded region */
  int      cells_flooded;
  int      far_cells;      /* cells at distance ecc (with need_cells) */
  guint64 *frontier;       /* words: unflooded regions adjacent to the set */
} FloodScan;

/* Scratch for flood_graph_scan; frontier is allocated by it. */
typedef struct {
  int     *queue;
  guint64 *seen;
  guint64 *frontier;
  guint64 *layer, *next;
} FloodScratch;

void flood_scratch_init (FloodScratch *s, const FloodGraph *g);
void flood_scratch_clear (FloodScratch *s);
/* Breadth-first search over the regions from the flooded set. With
 * need_cells the flooded cells and the cells farthest away are counted
 * too. */
void flood_graph_scan (const FloodGraph *g, const guint64 *set,
                       FloodScratch *scratch, gboolean need_cells,
                       FloodScan *out);
/* The same, from set's frontier (cells_flooded left 0). */
void flood_graph_scan_frontier (const FloodGraph *g, const guint64 *set,
                                const guint64 *frontier, FloodScratch *scratch,
                                FloodScan *out);
/* The unflooded regions adjacent to set, into out (words). */
void flood_graph_frontier (const FloodGraph *g, const guint64 *set,
                           guint64 *out);
/* set ∪ (frontier ∩ regions of colour c): the move c, in place. */
void flood_graph_move (const FloodGraph *g, guint64 *set,
                       const guint64 *frontier, int c);
/* A colour every unflooded region of which is in the frontier, or -1. */
int  flood_graph_forced (const FloodGraph *g, const guint64 *set,
                         const guint64 *frontier);
/* The relaxed lower bound of flood-graph.c (exposed colours and
 * colour-blind moves); uses scratch's seen, layer and next. frontier is
 * set's frontier, or NULL to compute it. */
int  flood_graph_relaxed_bound (const FloodGraph *g, const guint64 *set,
                                const guint64 *frontier, FloodScratch *scratch);
/* One search from a flooded set that scores every child (the set after
 * one move of each colour, no forced moves after it) as
 * flood_graph_scan_frontier would: see flood-graph.c. */
typedef struct {
  int      ecc;
  int      cells_e[FLOOD_MAX_COLOURS];    /* cells at E without c in A */
  int      cells_e1[FLOOD_MAX_COLOURS];   /* cells at E − 1 without c in A */
  int      cells_at_e;
  int      maxd[FLOOD_MAX_COLOURS];       /* each colour's farthest layer M_k */
  guint    all_a[FLOOD_MAX_COLOURS];      /* ∩ A over colour k's regions at M_k */
} FloodChildScan;

typedef struct {
  int     *dist;
  guint16 *amask;
  guint32 *stamp;
  guint32  tick;
  int     *queue;
  /* Polled every 65,536 regions of a scan, or NULL (the default): one
   * scan of a 4096x4096 board's 6.7 million regions takes over a second.
   * A stopped scan's numbers are wrong, so only an owner that checks the
   * token after each scan and then drops what it found sets this. */
  const HbCancel *cancel;
} FloodChildScratch;

void flood_child_scratch_init (FloodChildScratch *s, const FloodGraph *g);
void flood_child_scratch_clear (FloodChildScratch *s);
/* Scans from set (front its frontier). */
void flood_child_scan (const FloodGraph *g, const guint64 *set,
                       const guint64 *front, FloodChildScratch *scratch,
                       FloodChildScan *out);
/* Child c's eccentricity, cells at that distance and distance bound (the
 * ecc, far_cells and h of flood_graph_scan_frontier). The child must not
 * be the whole board. */
void flood_child_score (const FloodChildScan *scan, int c, int colours,
                        int *ecc, int *far, int *h);
/* set |= newly, and frontier (set's frontier before) updated to match. */
void flood_graph_grow (const FloodGraph *g, guint64 *set, guint64 *frontier,
                       const guint64 *newly);
gboolean flood_set_full (const FloodGraph *g, const guint64 *set);

/* The greedy lookahead (flood-solve-greedy.c): the colours of a solution
 * from the board, appended to moves (guint8). Returns FALSE if cancelled
 * or past deadline (hb_now () seconds; 0 = none). */
gboolean flood_greedy_moves (const guint8 *cells, int width, int height,
                             int colours, int depth, double deadline,
                             HbCancel *cancellable, GByteArray *moves);

/* How a beam ranks its lines. */
typedef enum {
  FLOOD_BEAM_RELAXED,     /* moves + the relaxed bound */
  FLOOD_BEAM_DISTANCE,    /* Tatham's greedy score: distance, far cells */
} FloodBeamRank;

/* Beam search (flood-solve-beam.c) of the given width, ranking lines as
 * `rank` says (a FloodBeamRank): appends the
 * colours of the shortest solution it finds to moves and returns its
 * length, or -1 if it found none shorter than prune (0 = any). A beam
 * stopped by deadline (hb_now seconds, 0 = none), a cancel, or its work
 * budget before its first answer finishes its best line so far with the
 * quick BORDER player (flood-solve-seed.c), and answers that if shorter
 * than prune. work (NULL = none) is the budget in regions searched (a
 * search over the region graph costs g->n), lowered by what the beam
 * does: a beam stopped by it stops at the same place on any machine. */
int flood_beam_moves (const FloodGraph *g, int width, int rank,
                      int prune, double deadline, guint64 *work,
                      HbCancel *cancellable, GByteArray *moves);

/* Quick greedy players (flood-solve-seed.c): exposed colours first, then
 * the colour with the most cells captured, the most cells brought to the
 * border, the most colours exposed, or the most cells over two moves. */
typedef enum {
  FLOOD_SEED_CELLS,
  FLOOD_SEED_BORDER,
  FLOOD_SEED_EXPOSE,
  FLOOD_SEED_LOOKAHEAD,
  FLOOD_SEED_RULES
} FloodSeedRule;

/* Appends the rule's answer to moves and returns its length; -1 (moves
 * untouched) if it is not shorter than prune (0 = no limit), runs past
 * deadline (hb_now seconds, 0 = none) or is cancelled. */
int flood_seed_moves (const FloodGraph *g, FloodSeedRule rule, int prune,
                      double deadline, HbCancel *cancellable,
                      GByteArray *moves);
/* The same from the flooded set `set` (front its frontier) to the end:
 * appends the moves and returns how many. */
int flood_seed_finish (const FloodGraph *g, FloodSeedRule rule,
                       const guint64 *set, const guint64 *front,
                       GByteArray *moves);

/* ---- The optimal search (flood-solve-optimal.c) ----------------------- */

typedef struct {
  gboolean  solved;       /* moves hold a solution */
  gboolean  optimal;      /* proven shortest */
  gboolean  cancelled;
  char     *stop_reason;  /* why the search stopped early, or NULL */
  GByteArray *moves;      /* colours */
  int       lower_bound;
  guint64   expanded;
  guint64   stored;
  gsize     bytes;
  int       initial_h;
} FloodAnswer;

/* Searches for a shortest solution of cells. memory_limit 0 = 256 MiB.
 * known (NULL = none): a solution of cells known beforehand, which the
 * answer is never longer than. */
void flood_optimal_search (const guint8 *cells, int width, int height,
                           int colours, gsize memory_limit,
                           guint64 node_limit, double time_limit,
                           const GByteArray *known,
                           HbCancel *cancellable, HbTrace *trace,
                           FloodAnswer *answer);
void flood_answer_clear (FloodAnswer *answer);

/* The answers the hints found, the last few boards' (thread-safe): the
 * optimal solver answers with the one for its board when its own is
 * longer, so that Solve never returns more moves than the hint said were
 * enough. Only hints record
 * (the benches' and tests' solves stay independent of each other). */
void        flood_known_record (const guint8 *cells, int width, int height,
                                int colours, const guint8 *moves, int n);
/* A copy of the answer recorded for this board, or NULL. */
GByteArray *flood_known_lookup (const guint8 *cells, int width, int height,
                                int colours);

/* ---- Hints, rendering, frames ------------------------------------------ */

typedef struct {
  int      colour;        /* best next move, or -1 when solved */
  int      to_go;         /* moves still needed (with this move) */
  gboolean proven;        /* to_go is optimal */
  int      at_least;      /* else a proven lower bound on the moves to go */
  guint8  *captured;      /* width*height: cells the move captures */
  int      width, height;
} FloodHint;

/* The colour's name ("Orange"), "?" out of range. */
const char *flood_colour_name (int c);
/* RGB of colour c (0..FLOOD_MAX_COLOURS-1) for the style. */
void flood_colour_rgb (int c, gboolean dark, double rgb[3]);

/* HbGame.hover_local: the hover is a ring in its cell, but the hint's
 * badge, with the hints shown, fades while the pointer is on it. */
/* HbGame.redraw_cells */
gboolean flood_redraw_cells (const HbState *before, const HbState *after,
                             const HbRenderOptions *options, HbCellRect *rect);
gboolean flood_hover_local (const HbState *state, const HbRenderOptions *options);
void flood_render (const HbState *state, cairo_t *cr, const HbLayout *layout,
                   const HbRenderOptions *options);
/* `digits`: each cell's colour number too (on request: with the hints
 * shown, for players who do not tell the colours apart). */
void flood_render_cells (const guint8 *cells, int width, int height,
                         const guint8 *highlight, cairo_t *cr,
                         const HbLayout *layout, gboolean dark, gboolean digits);
void flood_palette_render (const HbState *state, HbMode mode, int id,
                           cairo_t *cr, double size, gboolean dark);

gpointer flood_frame_new (const HbState *initial, const HbTrace *trace);
gpointer flood_frame_copy (gconstpointer frame);
void     flood_frame_free (gpointer frame);
void     flood_frame_step (gpointer frame, const HbTrace *trace, const HbStep *step);
void     flood_frame_render (gconstpointer frame, cairo_t *cr,
                             const HbLayout *layout,
                             const HbRenderOptions *options,
                             const HbStep *current);
/* The words of the badge beside the board: the hint's moves still to go
 * ("5 to go", "At most 5 to go"), and a player's frame's moves ("Move 3",
 * while searching "2 moves in, at least 8 in all"; NULL before the first
 * move). A frame's moves, as the step texts' and the depth's, count from
 * the game's start, not the solve's: a solve begun 13 moves in says
 * "Move 16" and "16 moves in, at least 27 in all". */
char    *flood_hint_badge_text (const FloodHint *hint);
char    *flood_frame_badge_text (gconstpointer frame);
char    *flood_describe_step (const HbState *initial, const HbTrace *trace, const HbStep *step);
char    *flood_frame_status (gconstpointer frame);
char    *flood_depth_text (const HbState *initial, const HbStep *step);

gboolean flood_bench (gboolean quick, guint repeats, GString *out, GError **error);

/* Records the moves of an answer as HB_STEP_MOVE steps (value = colour,
 * depth = move index). */
void flood_trace_moves (HbTrace *trace, const guint8 *moves, int n,
                        gint64 counter);
/* Fills result (moves, solved board) from colours applied to state. */
void flood_result_fill (HbResult *result, const FloodState *state,
                        const guint8 *moves, int n);

G_END_DECLS
