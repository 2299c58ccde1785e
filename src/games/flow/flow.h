/* flow.h: Flow Free (Numberlink).
 *
 * A W×H board with pairs of coloured dots. Join each pair by a path of
 * orthogonal steps so that the paths fill every cell and never cross. A
 * solution obeys the write-ups' rule: an endpoint has exactly one neighbour
 * of its colour on its path, every other cell exactly two, and each colour
 * is one simple path that never touches itself side by side (a cell of a
 * path has no neighbour of its colour other than its path neighbours).
 *
 * The model (flow-model.c) keeps, per cell, the dot (if any), the colour of
 * the path through it and the path's links (an arm mask, N E S W as in
 * hb-grid.h, always symmetric between two neighbours of the same colour).
 * Levels have no links; the player's drawing and a solver's answer do.
 *
 * Text format (.flow, HB_WRITE_NATIVE): one row per line; `.` empty; any
 * other printable ASCII character except space and `#` names a colour and
 * appears exactly twice; `#` comment lines; an optional first line `W H`.
 * A solution is the same grid with every cell holding its path's character.
 * A board being played keeps its paths in `# path:` comment lines, and one
 * saved mid-edit (a colour with one dot) says `# editing: …` (flow.c).
 * The write-up's JSON (HB_WRITE_JSON) is flow-json.c's.
 */
#pragma once

#include "hb-game.h"
#include "hb-grid-state.h"

#include <string.h>

G_BEGIN_DECLS

/* Printable ASCII less space, '#' and '.' gives 92 characters; the game
 * takes 88 colours (the number), leaving a few spare. */
#define FLOW_MAX_COLOURS 88
/* The most entries Edit's palette has (flow_palette): the game's sixteen
 * colours, every other colour of the level (all FLOW_MAX_COLOURS of them
 * when the level uses none of the sixteen's characters), the next unused
 * colour. */
#define FLOW_PALETTE_MAX (FLOW_MAX_COLOURS + 17)
/* The character naming colour c in the text format when a level was not
 * read from text (generated, drawn, JSON): first the letters the
 * published puzzle files use for the game's 16 colours (R red, G green,
 * B blue, Y yellow, O orange, C cyan, M magenta, m maroon, P purple,
 * W white, A grey, g lime, T tan, b dark blue, c teal, p pink), then the
 * other printable characters. A level read from text keeps its own
 * characters; the renderer gives those 16 letters their game colour. */
extern const char flow_default_names[FLOW_MAX_COLOURS + 1];

typedef struct {
  HbState base;
  int     colours;      /* pairs, 0..FLOW_MAX_COLOURS */
  guint8 *dot;          /* w*h: 0 none, else colour + 1 */
  guint8 *colour;       /* w*h: 0 empty, else colour + 1 (a dot's cell
                         * always holds its own colour) */
  guint8 *links;        /* w*h: path arms, bit HB_DIR_* */
  char    names[FLOW_MAX_COLOURS + 1]; /* text character per colour, NUL-ended */
  /* Per colour the JSON string it was read with ("red"), or NULL; the
   * array itself may be NULL. */
  char  **json_names;
  int     moves;        /* play: strokes made */
  /* Play: per colour, 1 + the cell of the dot its path was last started
   * from, or 0 when not known (a path read from a file). A path cut by
   * another keeps the part drawn from it, as in the game. Not saved, not
   * compared. */
  gint32  origin[FLOW_MAX_COLOURS];
} FlowState;

#define FLOW(s) ((FlowState *) (s))
#define FLOW_CONST(s) ((const FlowState *) (s))

/* Play and edit moves (HbMove.op). */
typedef enum {
  /* Play: join cell (x, y) to its neighbour in direction value & 3 with
   * colour value >> 2. Both cells take the colour; a path of another
   * colour through either cell is cut there (its cells beyond the cut,
   * away from its dots, are emptied). */
  FLOW_OP_LINK,
  /* Play: remove every link of colour value (its dots stay). */
  FLOW_OP_CLEAR_COLOUR,
  /* Play: cut the path through (x, y) back to it: keep the part that
   * still reaches a dot of its colour up to (x, y), empty the rest.
   * value: -1 keeps the branch that reaches a dot (on a joined path, the
   * one towards the dot first in reading order); 0..3 keeps the branch in
   * that direction (HB_DIR_*); 4 keeps none (a dot stays, bare). */
  FLOW_OP_TRUNCATE,
  /* Edit: put a dot of colour value at (x, y) (value -1 removes the dot
   * there). A colour may have 0, 1 or 2 dots while editing. */
  FLOW_OP_SET_DOT,
  /* Either mode: remove every path (keep the dots). */
  FLOW_OP_CLEAR_PATHS,
} FlowOp;

extern const HbGame flow_game;

/* ---- The model (flow-model.c) ----------------------------------------- */

/* The first index k >= from (below n) with a[k] == v, or n: memchr,
 * which reads a board's bytes several times faster than a loop over its
 * cells (the colours' cells and dots are few: a 4096x4096 board is read
 * in about 1 ms, not 9). */
static inline gsize
flow_next_byte (const guint8 *a, gsize from, gsize n, guint8 v)
{
  const guint8 *p = from < n ? memchr (a + from, v, n - from) : NULL;

  return p != NULL ? (gsize) (p - a) : n;
}

FlowState *flow_state_new (int width, int height, int colours);
FlowState *flow_state_copy (const FlowState *s);
void       flow_state_free (FlowState *s);
/* The two cells of colour c's dots (a: the first in reading order); FALSE
 * unless c has exactly two dots. */
gboolean   flow_endpoints (const FlowState *s, int c, int *a, int *b);
/* Every colour's dots in one pass (see flow-model.c); each array has
 * s->colours entries. */
void       flow_all_endpoints (const FlowState *s, int *first, int *second, int *count);
/* Sets both cells' colour to c + 1 and the links between them, both ways.
 * No check: solvers build answers with it. */
void       flow_link (FlowState *s, int cell, int dir, int c);
/* Clears every path (colour outside dots, all links). */
void       flow_clear_paths (FlowState *s);
/* TRUE when every colour's dots are joined by one path, every cell is on a
 * path, and the rule above holds (flow_check_solved says why not). */
gboolean   flow_is_solved (const FlowState *s);
/* The same, asking `stop` (when not NULL) every 64 rows and every million
 * cells of a path: once it says TRUE, FALSE at once (its caller knows
 * why). The corner chains check their answer so: on 4096x4096 the check
 * took 0.3-0.9 s, which a time limit or a cancel waited for. */
gboolean   flow_is_solved_until (const FlowState *s, gboolean (*stop) (gpointer data),
                                 gpointer data);
/* Whether a solver's result claims an answer (SOLVED) that the rules
 * refuse (no board, or one flow_is_solved rejects): a bug, never a
 * verdict. */
gboolean   flow_result_wrong (const HbResult *r);
/* Solvers: the answer as a result. `cell_colour` (w*h, colour + 1 per
 * cell, every cell nonzero) and `links` (w*h arm masks) describe full
 * paths; the result gets the solved state and the moves that draw it (one
 * FLOW_OP_LINK per step, each path from its first dot, after a
 * FLOW_OP_CLEAR_PATHS when `level` has paths drawn). */
void       flow_result_set_solution (HbResult *r, const FlowState *level,
                                     const guint8 *cell_colour, const guint8 *links);
/* The same, but only the solved state when `options` asks for the answer
 * as a board (HbSolveOptions.answer_board: the CLI's solve, which writes
 * it and never plays it): a million moves took 20-30 ms of a 1000x1000
 * answer, as long as the rest of an easy level's answer after the solve. */
void       flow_result_set_answer (HbResult *r, const FlowState *level,
                                   const guint8 *cell_colour, const guint8 *links,
                                   const HbSolveOptions *options);
/* Derives the links of a full colouring whose colours are simple paths
 * (each cell of colour c has exactly the path's neighbours of colour c);
 * FALSE when a cell has the wrong number of same-colour neighbours. */
gboolean   flow_links_from_colours (const FlowState *level, const guint8 *cell_colour,
                                    guint8 *links);

/* How a search that fills `colour` and `links` as it goes ends, in the
 * words every Flow search uses: SOLVED with the answer (and its SOLUTION
 * step in the trace), GAVE_UP when `stopped` for `stop` after `calls`
 * search calls (followed by `advice` when the limit hit was the solver's
 * default node limit: "Gave up after …: advice"), or NO_SOLUTION with
 * the sentence `none`. The caller adds its own stats. */
HbResult  *flow_search_result (const FlowState *level, HbTrace *trace, gboolean found,
                               gboolean stopped, HbStopReason stop, guint64 calls,
                               gboolean default_limit, const guint8 *colour,
                               const guint8 *links, const char *advice, const char *none);

/* A search's answer for colour c, which has `ndots` dots, not two: no
 * solution, saying so by the colour's name ("Red has one dot: place its
 * second dot to finish the level"). */
HbResult  *flow_result_bad_dots (const FlowState *level, int c, int ndots);
/* The same for the first colour without exactly two dots, or NULL when
 * every colour has its pair. */
HbResult  *flow_result_check_dots (const FlowState *level);
/* Colour c as the palette names it, at the start of a sentence: "Red"
 * for the game's sixteen, "Colour ‘x’" for others (flow.c). Newly
 * allocated. */
char      *flow_colour_title (const FlowState *s, int c);
/* The same after the start of a sentence, in lower case as every Flow
 * Free message says a colour there: "green", "colour ‘x’". */
char      *flow_colour_word (const FlowState *s, int c);

/* The text format: parse (errors name line and column) and write (the
 * level's dots, or with `solution` every cell's path colour). */
FlowState *flow_parse_text (const char *text, gsize len, GError **error);
char      *flow_write_text (const FlowState *s, gboolean solution);
/* The error a text or JSON level with one colour too many gets: "more
 * than 88 colours: Flow Free boards take at most 88 pairs of dots", each
 * noun's plural from its own number. Newly allocated. */
char      *flow_too_many_colours_text (void);

/* ---- Trace frames (shared by every solver and the renderer) ----------- *
 *
 * What Flow Free's trace steps mean (flow.c's frame_step applies them to a
 * FlowFrame, which starts as the level):
 *   PLACE  link (x, y) to its neighbour in direction `aux` (HB_DIR_*) with
 *          colour `value` (0-based): both cells take the colour.
 *   UNDO   remove the link from (x, y) in direction `aux`; a cell left with
 *          no link that is not a dot becomes empty again.
 *   FORCE  (x, y) must be colour `value` (arc consistency): the cell takes
 *          the colour, no link.
 *   TRY    (x, y) is being considered for colour `value`: highlighted only;
 *          with `value` -1 a search decides the arms (aux, bits HB_DIR_*) of
 *          the path through (x, y) before its colour is known: highlighted,
 *          with the arms drawn.
 *   REJECT (x, y) failed for colour `value`: highlighted only.
 *   any step with a blob (GENERATION, SOLUTION, INFO, BOUND): the blob is a
 *          whole board, w*h colour bytes (colour + 1, 0 empty), then w*h link
 *          bytes, then optionally w*h mark bytes (nonzero: a marked cell, a
 *          stray cycle or a collision); the frame becomes that board.
 *          flow_trace_board() records one.
 * A live snapshot (hb_trace_publish) is a FlowFrame, freed by flow_frame_free.
 */
typedef struct {
  FlowState *board;    /* the level with the colours and links so far */
  guint8    *marks;    /* w*h, nonzero: marked (cycle, collision) */
  guint8    *known;    /* w*h or NULL: the arms a search has decided for an
                        * empty cell before its colour (a live snapshot of
                        * the fast search's board), bits HB_DIR_* */
  int        hx, hy;   /* highlighted cell of the current step, or -1 */
  int        hkind;    /* its HbStepKind */
  int        harms;    /* a decided cell's arms (TRY with no colour), or 0 */
} FlowFrame;

FlowFrame *flow_frame_new (const FlowState *level);
FlowFrame *flow_frame_copy (const FlowFrame *f);
void       flow_frame_free (FlowFrame *f);
/* Sets the frame's board (and marks, or none when NULL) from whole-board
 * planes as in a blob. */
void       flow_frame_set_board (FlowFrame *f, const guint8 *colour,
                                 const guint8 *links, const guint8 *marks);
/* Sets the frame's known arms of empty cells (w*h bytes; NULL: none). */
void       flow_frame_set_known (FlowFrame *f, const guint8 *known);
/* Records a whole-board step (kind GENERATION, SOLUTION, INFO or BOUND);
 * `marks` may be NULL, `f` (three numbers) may be NULL. */
void       flow_trace_board (HbTrace *trace, HbStepKind kind, const FlowState *level,
                             const guint8 *colour, const guint8 *links,
                             const guint8 *marks, gint64 counter, const float *f);
/* What a GENERATION step's marks are, in its `aux`, for the step's words. */
typedef enum {
  FLOW_MARKS_UNSAID = 0,
  FLOW_MARKS_SHARED,    /* cells two or more paths share (paths GA) */
  FLOW_MARKS_STRAY,     /* pieces of colour that reach no dot (cells GA) */
} FlowMarksMeaning;
void       flow_trace_board_marked (HbTrace *trace, HbStepKind kind, const FlowState *level,
                                    const guint8 *colour, const guint8 *links,
                                    const guint8 *marks, gint64 counter, const float *f,
                                    FlowMarksMeaning meaning);
/* Records a one-cell step (PLACE, UNDO, TRY, REJECT, FORCE) at cell
 * (numbered y * w + x on a board w wide) with direction dir (-1: none) and
 * colour `colour`, as the searches do. */
void       flow_trace_step (HbTrace *trace, int w, HbStepKind kind, int cell, int dir,
                            int colour, int depth, gint64 counter);
/* Publishes a live snapshot of that board when one is due (cheap when not). */
void       flow_publish_board (HbTrace *trace, const FlowState *level,
                               const guint8 *colour, const guint8 *links,
                               const guint8 *marks);

/* ---- The corner-chain search (flow-chains.c) --------------------------- *
 *
 * Every turn of an answer lies on a diagonal chain of turns that starts
 * next to a dot, so an answer is fixed by the dots' arms and the chains'
 * lengths: a SAT problem (CaDiCaL) that is small where the dots are few
 * and the board big. The fast solver races two of these first on such
 * boards (flow-solve-fast.c). */
typedef enum {
  FLOW_CHAINS_SOLVED,   /* colour and links hold an answer flow_is_solved accepts */
  FLOW_CHAINS_NONE,     /* the clauses have no model: no answer obeys the rule */
  FLOW_CHAINS_STOPPED,  /* cancelled or out of time */
  FLOW_CHAINS_UNSURE,   /* no dots, or a model the rules refuse for a reason
                         * the search cannot put in a clause (none known) */
} FlowChainsEnd;

typedef struct {
  guint64 candidates;   /* dots and the cells of every chain the dots allow
                         * (stopped while it built them: those built) */
  guint64 variables, clauses;   /* the solver's: the encoding's less those fixed at the root */
  guint64 rounds;       /* solver runs */
  guint64 paths, loops; /* models' paths joining two colours, loops of turns, forbidden */
  guint64 touches;      /* models' paths touching themselves, forbidden */
  guint64 kept_refused; /* runs whose kept right paths could not all stay */
  guint64 kept_some;    /* of those, runs followed by one keeping the paths the
                         * refusal did not use (drop_refused) */
} FlowChainStats;

/* The number of candidates, without building anything (the cost of the
 * encoding grows with it). */
gsize         flow_chains_candidates (const FlowState *level);
/* Who hears of a search's end before its solver is taken down (10-15 ms
 * on 1000x1000, time a racing search and the answer need not wait for):
 * `found` (or NULL) is set as soon as the answer is known, so that a
 * racing search stops; `ended` (or NULL) is called with the end, on the
 * search's thread, once colour, links and the stats are final. */
typedef struct {
  HbCancel *found;
  void    (*ended) (gpointer data, FlowChainsEnd end);
  gpointer  data;
} FlowChainsNotify;

/* One search; `variant` 0 tries every variable false first, always, 1
 * follows CaDiCaL's own phases. `live` (or NULL) gets the runs as its
 * progress and, when one is due, a snapshot of the latest model's paths,
 * each drawn in the colour of the dot it starts from (so a path that
 * joins two colours shows in one). `colour` and `links` are w*h each.
 * `notify` may be NULL. With `cpu_seconds` > 0 it also stops (STOPPED)
 * once the calling thread has used that much CPU time in it: a budget that
 * a busy machine does not shorten, as a deadline on the clock would. The
 * check of a model that pairs every colour right, once begun, runs past
 * that budget and past `cancel`'s own deadline (the search's share of the
 * time), and stops only when `cancel` or an ancestor is set or an
 * ancestor's deadline passes. */
FlowChainsEnd flow_chains_solve (const FlowState *level, int variant, const HbCancel *cancel,
                                 double cpu_seconds, const FlowChainsNotify *notify,
                                 HbTrace *live, guint8 *colour, guint8 *links,
                                 FlowChainStats *st);

/* ---- Shared pieces other files provide -------------------------------- */

/* A random solvable level (flow-generate.c): params->colours pairs (0: the
 * game's default for the size); the generate setting "unique" asks for a
 * level with exactly one solution (checked with the counting solver). */
HbState   *flow_generate (const HbGenerateParams *params, GError **error);
/* The same, and with `solution` non-NULL the generator's own answer too
 * (a solved copy of the level, every path drawn; free it with
 * flow_state_free), for the tests to check. */
HbState   *flow_generate_full (const HbGenerateParams *params, FlowState **solution,
                               GError **error);
/* flow_generate's error for a request no method met, `works` colours
 * that would do (0 for none); public for the tests. */
void       flow_generate_cover_error (GError **error, int w, int h, int colours, int works);
extern const HbSetting flow_generate_settings[];
/* `hintboard-cli bench flow` (flow-bench.c): the exact solvers on the
 * reference levels and the fast one on generated levels, as a table. */
gboolean   flow_bench (gboolean quick, guint repeats, GString *out, GError **error);
/* The same with only the named sets (NULL-terminated names from
 * flow_bench_sets, NULL-terminated; `sets` NULL: every set). */
gboolean   flow_bench_only (const char *const *sets, gboolean quick, guint repeats,
                            GString *out, GError **error);
extern const char *const flow_bench_sets[];

/* Arc consistency (flow-ac.c): fills forced (w*h) with colour + 1 for every
 * cell whose colour is forced (dots included), 0 elsewhere. Returns FALSE
 * when it proves the level has no solution (a cell with no colour left, a
 * pair that cannot be joined), TRUE otherwise; polls cancellable. */
gboolean   flow_ac_forced (const FlowState *level, guint8 *forced,
                           HbCancel *cancellable);

/* ---- Solvers ---------------------------------------------------------- */

/* Every solver that is built, in sidebar order, NULL-terminated
 * (flow-solvers.c: the one place a new solver is listed). */
extern const HbSolver *const flow_solvers[];

extern const HbSolver flow_solver_fast;       /* exact, counts, the default */
extern const HbSolver flow_solver_sat;        /* the write-up's SAT reduction (CaDiCaL) */
extern const HbSolver flow_solver_heuristic;  /* the write-up's heuristic search */
extern const HbSolver flow_solver_backtrack;  /* the write-up's plain backtracking */
extern const HbSolver flow_solver_ga_paths;   /* genetic algorithm on paths */
extern const HbSolver flow_solver_ga_cells;   /* genetic algorithm on cell colours (teaching) */
extern const HbSolver flow_solver_ac;         /* arc consistency alone */

/* ---- Screenshot import (flow-vision.c) -------------------------------- */

HbState   *flow_from_image (const HbImage *img, HbImportReport *report,
                            HbCancel *cancellable, GError **error);

G_END_DECLS
