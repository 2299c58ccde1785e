/* hb-game.h: the game and solver interfaces.
 *
 * In the manner of Simon Tatham's puzzle collection every game is one
 * `const HbGame` of facts and function pointers (lights_game, loop_game, …)
 * and the shell — app, CLI, tests — knows games only through it. Adding a
 * game means a folder under src/games/ and one line in hb-registry.c.
 *
 * States are values: a move never changes a state, it returns a new one.
 * Undo and redo are then a list of states (hb-history.h), kept once, here in
 * core, for every game.
 *
 * Every state starts with an HbState header; a game's own struct embeds it
 * first (`struct LightsState { HbState base; ... }`) and casts.
 */
#pragma once

#include <glib.h>
#include <cairo.h>

#include "hb-cancel.h"
#include "hb-error.h"
#include "hb-grid.h"
#include "hb-settings.h"
#include "hb-trace.h"
#include "hb-vision.h"

G_BEGIN_DECLS

typedef struct _HbGame   HbGame;
typedef struct _HbSolver HbSolver;

typedef struct {
  const HbGame *game;
  int           width, height;
} HbState;

typedef enum {
  HB_MODE_EDIT,   /* drawing the level */
  HB_MODE_PLAY,   /* playing it */
} HbMode;

/* A move. `op` is the game's own code (lights: press / toggle / set);
 * x, y a cell; value what the op needs (a rotation, a colour, a light). */
typedef struct {
  gint32 op;
  gint32 x, y;
  gint32 value;
} HbMove;

/* Pointer gesture state, owned by the app, handed to the game's pointer
 * handler on every event of one gesture (press, motions, release). What the
 * game remembers between events lives in `ui`: the game's own gesture state
 * (Tatham's game_ui), made by the game's ui_new when the board view is given
 * a level of that game and freed by its ui_free, so a game keeps whatever it
 * needs (Flow Free: the colour, the path drawn so far and what it cut). */
typedef enum {
  HB_POINTER_PRESS,
  HB_POINTER_MOTION,
  HB_POINTER_RELEASE,
} HbPointerPhase;

typedef struct {
  HbMode mode;
  int    button;       /* 1 primary, 2 middle, 3 secondary */
  /* The selected palette entry (see palette), or -1. An Edit gesture may
   * set another entry's id here to pick that entry once its moves are
   * applied (Flow Free: a click that takes a dot away picks its colour,
   * so the next click puts the dot back). */
  int    tool;
  gpointer ui;         /* the game's gesture state (ui_new), or NULL */
  /* Set by a game with keyboard_strokes on a play PRESS that began a
   * stroke (Flow Free: out of a dot or a path), so the keyboard carries
   * it on; FALSE: the press began nothing. The game clears it on a
   * MOTION that finished the stroke (Flow Free: the path reached its
   * other dot): a keyboard stroke ends there, as a mouse drag let go. */
  gboolean stroke;
} HbPointer;

/* The gesture state of games whose drags only remember the last cell and
 * one value (Enlight, Infinite Loop and Flood-It painting): their ui_new
 * and ui_free. The game resets it on every PRESS. */
typedef struct {
  int      x, y;      /* last cell handled, or -1 */
  int      value;     /* e.g. the paint value */
  gboolean moved;     /* left the first cell */
} HbCellDrag;

gpointer hb_cell_drag_new (const HbState *state);
void     hb_cell_drag_free (gpointer ui);
/* A click that acts as a button does, when it comes up on the cell it went
 * down on: let go elsewhere it does nothing (slid off and back on, it
 * acts, as a GtkButton does). On PRESS it remembers the cell in d; on a
 * RELEASE on that cell it writes the move { op, x, y, value } to out and
 * returns 1; else 0 (also with d NULL). */
int      hb_cell_drag_click (HbCellDrag *d, HbPointerPhase phase, const HbHit *hit,
                             gint32 op, gint32 value, HbMove *out);

/* An entry of the palette the sidebar shows for a mode (flood colours,
 * loop tile kinds). Drawn by the game's palette_render. */
typedef struct {
  char  name[48];
  int   id;
} HbPaletteEntry;

/* The most entries any game's palette has, what the shell makes room
 * for: Flow Free's Edit palette, its sixteen colours, then every other
 * colour of a level with the most it takes (88: none of them need be one
 * of the sixteen), then the next unused colour (FLOW_PALETTE_MAX, 88 +
 * 17). Core cannot name a game's constants, so each game checks at
 * compile time that its palette fits (G_STATIC_ASSERT beside its
 * palette function): one made larger fails to build instead of having
 * its last entries cut off. It was 32 in the app, and the colours of a
 * 40-colour Flow Free level past the 32nd chip could not be picked in
 * Edit, nor a new colour added. */
#define HB_PALETTE_MAX 105

/* What the renderer draws on top of the board. */
typedef struct {
  gboolean      dark;          /* dark style */
  HbMode        mode;
  gboolean      show_hints;    /* the hint overlay toggle */
  guint         hint_flags;    /* game-specific hint options */
  gconstpointer hint;          /* the game's hint data (hint_compute), or NULL */
  int           hover_x, hover_y; /* cell under the pointer, or -1 */
  /* A move's short animation (the app, while the system allows motion):
   * the board before the move, drawn changing into the state rendered as
   * anim_progress goes from 0 to 1 (a tile turning, a flood spreading,
   * lights fading). A game animates only an anim_from of its own game and
   * size; NULL or a progress of 1 or more draw the state exactly as
   * without. Games that draw it set HbGame.animates_moves. */
  const HbState *anim_from;
  double        anim_progress;
  /* The keyboard cursor (the app's board view; none when cursor_shown is
   * FALSE), a ring round cell (cursor_x, cursor_y), bolder while a stroke
   * is held by the keys. hb_render_cursor draws it: the app after
   * render, or a game with HbGame.draws_cursor within render, under the
   * marks the ring would hide. */
  gboolean      cursor_shown;
  int           cursor_x, cursor_y;
  gboolean      cursor_held;
} HbRenderOptions;

typedef enum {
  HB_WRITE_NATIVE,    /* the game's own text format */
  HB_WRITE_COMPACT,   /* a compact form, where the game has one */
  HB_WRITE_TATHAM,    /* a Simon Tatham game ID, where the game has one */
  HB_WRITE_JSON,      /* JSON, where the game has it (Flow Free: the write-up's) */
} HbWriteFormat;

/* Parameters for random levels. */
typedef struct {
  int     width, height;
  int     colours;     /* Flood-It, Flow Free; 0 = the game's default */
  guint64 seed;
  /* Values for the game's generate_settings (may be NULL: defaults). */
  const HbSettings *settings;
  /* Seconds for a generator that searches (Flow Free's levels with one
   * solution) to go on trying; 0 = none. */
  double  time_limit;
} HbGenerateParams;

/* ---- Results ---------------------------------------------------------- */

typedef enum {
  HB_STATUS_SOLVED,       /* `moves` and `solved` hold an answer */
  HB_STATUS_NO_SOLUTION,  /* proven: the level has no solution */
  HB_STATUS_GAVE_UP,      /* limit hit, or a relaxation that is no answer */
  HB_STATUS_CANCELLED,    /* the caller set the HbCancel */
} HbStatus;

/* A statistic: `name` is an English key marked with the N_ macro (scripts
 * and tests read it; the app translates it when shown), `value` as is. */
typedef struct {
  char *name;
  char *value;
} HbStat;

typedef struct {
  HbStatus   status;
  HbState   *solved;     /* the board the moves lead to (the app applies an
                          * answer by taking it), or NULL */
  GArray    *moves;      /* HbMove: play moves from the initial board */
  gboolean   optimal;    /* the answer is proven the shortest / fewest */
  int        lower_bound; /* proven: no answer has fewer moves (from the
                          * board the solve began on); 0 when none known */
  char      *message;    /* a sentence for the user (why it gave up, …) */
  GPtrArray *stats;      /* HbStat, in the order they were added */
  double     seconds;    /* wall time of the solve call */
  /* The answer as a board of the game's own kind (Enlight: the cells to
   * press), or NULL: what write_solution writes when given. Solvers give
   * it, and may leave `moves` empty, only when asked with
   * HbSolveOptions.answer_board (millions of moves cost more than the
   * solve). Freed with the result. */
  HbState   *answer;
} HbResult;

HbResult *hb_result_new (HbStatus status);
void      hb_result_free (HbResult *result);
void      hb_result_add_move (HbResult *result, int op, int x, int y, int value);
void      hb_result_add_stat (HbResult *result, const char *name,
                              const char *format, ...) G_GNUC_PRINTF (3, 4);
const char *hb_result_get_stat (const HbResult *result, const char *name);
void      hb_result_set_message (HbResult *result, const char *format, ...) G_GNUC_PRINTF (2, 3);
/* A counting solver's message (options->count_limit > 1) once it found
 * `solutions`: "exactly one", "N solutions", or "at least N" when it
 * stopped at the limit; the same words in every game. */
void      hb_result_set_count_message (HbResult *result, guint64 solutions, guint limit);
const char *hb_status_to_string (HbStatus status);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HbResult, hb_result_free)

/* ---- Solvers ---------------------------------------------------------- */

typedef enum {
  HB_SOLVER_EXACT      = 1 << 0, /* complete: finds an answer if one exists */
  HB_SOLVER_OPTIMAL    = 1 << 1, /* the answer is proven shortest */
  HB_SOLVER_STOCHASTIC = 1 << 2, /* uses the seed; may give up */
  HB_SOLVER_ANIMATED   = 1 << 3, /* records a useful trace */
  HB_SOLVER_RELAXATION = 1 << 4, /* a teaching view, not a full solver */
  HB_SOLVER_COUNTS     = 1 << 5, /* can count solutions (count_limit) */
  /* Ignores options->node_limit: its work is bounded without a search
   * (polynomial), so it has no steps to count. Every solver honours
   * options->time_limit (hb_solve enforces it through the HbCancel). */
  HB_SOLVER_NO_NODE_LIMIT = 1 << 6,
  /* Without options->node_limit it stops at a limit of its own (a search
   * that could run for hours): the app shows its Step limit as "Auto", not
   * "None", and it gives up with HB_STOP_OWN_NODE_LIMIT. */
  HB_SOLVER_OWN_NODE_LIMIT = 1 << 7,
  /* Has an answer even when stopped at once, found in little time on any
   * board (Flood-It's optimal solver: its first quick player): hb_solve
   * starts it with its token already stopped, where it starts no other. */
  HB_SOLVER_ANSWERS_STOPPED = 1 << 8,
} HbSolverFlags;

typedef struct {
  guint64 seed;           /* for stochastic solvers */
  double  time_limit;     /* seconds, 0 = none */
  guint64 node_limit;     /* search steps, 0 = none */
  gsize   memory_limit;   /* bytes for search tables, 0 = the solver's default */
  guint   count_limit;    /* >0: count solutions up to this many ("solutions" stat) */
  /* Values for the solver's declared settings (may be NULL: defaults). */
  const HbSettings *settings;
  /* The caller (the CLI's solve) writes the answer with write_solution and
   * needs no moves: a solver may give HbResult.answer instead. */
  gboolean answer_board;
} HbSolveOptions;

/* Settings every solver takes (time-limit, node-limit), and count for the
 * solvers flagged HB_SOLVER_COUNTS. */
extern const HbSetting hb_common_solver_settings[];
extern const HbSetting hb_count_setting[];

/* Fills the fixed fields of `options` from the common settings set in `s`
 * (others keep their value) and points options->settings at `s`. */
void hb_solve_options_apply (HbSolveOptions *options, const HbSettings *s);

typedef enum {
  HB_STOP_CANCELLED,     /* the caller set the HbCancel */
  HB_STOP_TIME_LIMIT,    /* options->time_limit */
  HB_STOP_NODE_LIMIT,    /* options->node_limit */
  HB_STOP_MEMORY_LIMIT,  /* options->memory_limit or the solver's own bound */
  HB_STOP_OWN_NODE_LIMIT, /* no node_limit given: the solver's own (HB_SOLVER_OWN_NODE_LIMIT) */
} HbStopReason;

/* Ends a solve that stopped before it could answer, in the words every
 * solver uses, and returns `result` with its status (CANCELLED or GAVE_UP)
 * and message set: "Cancelled after 93183 search calls", "Gave up after
 * 5000 search nodes (the node limit)". `one` and `many` say what the counter
 * counts, singular and plural, with %s for the number, as plain string
 * literals ("%s search call", "%s search calls"): xgettext takes them as
 * one plural message by its keyword hb_result_stop:4,5 (po/meson.build,
 * tests/data-validation/check-po.sh); both NULL give the bare
 * "Cancelled" or "Gave up (the time limit)". */
HbResult *hb_result_stop (HbResult *result, HbStopReason reason, guint64 count,
                          const char *one, const char *many);

/* The time limit and node limit as one check: TRUE when either is
 * exceeded (`deadline` from hb_deadline, in hb_now() seconds, 0 = none). */
double   hb_deadline (const HbSolveOptions *options);
static inline gboolean
hb_limits_hit (const HbSolveOptions *o, double deadline, guint64 nodes)
{
  return (o->node_limit && nodes >= o->node_limit)
         || (deadline > 0 && hb_now () >= deadline);
}

struct _HbSolver {
  const char   *id;       /* "gf2", "backtrack" */
  const char   *name;     /* "Linear algebra over GF(2)" */
  const char   *summary;  /* one line for `hintboard-cli list` and the sidebar */
  HbSolverFlags flags;
  /* The solver's own settings (population, mutation rate, seed …), ending
   * with a NULL key; NULL for none. Read them from options->settings with
   * hb_settings_get_*(options->settings, solver_settings, key). A solver
   * flagged STOCHASTIC declares HB_SETTING_SEED_ENTRY and reports the seed
   * it used as its "seed" stat. */
  const HbSetting *settings;
  /* Solves `state`. Runs on a worker thread in the app: must not touch
   * anything shared, must poll `cancellable` (hb-cancel.h; may be NULL)
   * and return a CANCELLED result, not an error, once it is set; reports
   * steps to `trace` (which may be NULL). Returns NULL with `error` set
   * only when it cannot run at all. */
  HbResult *(*solve) (const HbState        *state,
                      const HbSolveOptions *options,
                      HbTrace              *trace,
                      HbCancel             *cancellable,
                      GError              **error);
};

/* ---- Games ------------------------------------------------------------ */

struct _HbGame {
  const char *id;            /* "lights" */
  const char *name;          /* "Enlight" (translatable via N_) */
  const char *extension;     /* ".lights" */
  /* The Simon Tatham puzzle whose game IDs the game reads ("Flip"), or
   * NULL: named when an ID no game reads is given (hb_registry_parse). */
  const char *tatham_name;
  gboolean    reads_json;    /* the write-up's JSON too: write takes
                              * HB_WRITE_JSON, and a level saved under a
                              * ".json" name is written in it */
  const char *description;   /* the rules, and how Play's clicks play them */
  const char *edit_description; /* what Edit mode's clicks and drags do, or NULL */
  int default_width, default_height;
  int max_ui_side;           /* largest board the size chooser offers */
  int default_colours;       /* games with colours (Flood-It): for Random */
  int max_colours;           /* 0: the game has no colour count to choose */
  int min_colours;           /* with max_colours: the fewest generate takes */

  /* NULL-terminated; the first is the default. */
  const HbSolver *const *solvers;
  /* Settings for generate (besides size, colours and seed), or NULL. */
  const HbSetting *generate_settings;

  /* States. */
  HbState  *(*new_blank) (int width, int height);
  HbState  *(*copy) (const HbState *state);
  void      (*free) (HbState *state);
  gboolean  (*equal) (const HbState *a, const HbState *b);
  HbState  *(*generate) (const HbGenerateParams *params, GError **error);
  /* A board of another size (the size chooser, and Edit's rows and
   * columns added or removed at an edge): the cell at (x, y) goes to
   * (x + dx, y + dy), what falls outside is cut, new cells are blank.
   * NULL for a size out of range. */
  HbState  *(*resize) (const HbState *state, int width, int height, int dx, int dy);

  /* Formats. parse reads every format the game knows; sniff says whether
   * text is in a format that only this game reads (a Tatham ID, a header). */
  HbState  *(*parse) (const char *text, gsize len, GError **error);
  /* A game that reads_json: its JSON reader alone, for files named
   * ".json" (hb_registry_parse), so that JSON of another shape (a bare
   * number, true) gets JSON's error instead of being read as text. */
  HbState  *(*parse_json) (const char *text, gsize len, GError **error);
  gboolean  (*sniff) (const char *text, gsize len);
  /* Whether text is a level of this game that its sniff leaves to another
   * game, which then says so (Flow Free's rows of 0, 1 and *, Enlight's
   * too: hb_registry_also_read_by); may be NULL: none. */
  gboolean  (*sniff_yields) (const char *text, gsize len);
  /* How many levels `text` holds after the one parse reads (a Flood-It
   * file of several dumps opens on the first); may be NULL: none. Save
   * refuses to write over such a file, which would lose them. */
  guint     (*more_levels) (const char *text, gsize len);
  char     *(*write) (const HbState *state, HbWriteFormat format, GError **error);
  char     *(*write_solution) (const HbState *state, const HbResult *result,
                               HbWriteFormat format);

  /* Rules. */
  gboolean  (*is_solved) (const HbState *state);
  /* Returns the new state, or NULL when the move changes nothing or is
   * not legal here. */
  HbState  *(*apply) (const HbState *state, const HbMove *move);
  /* May be NULL. The state after moves[0..n) in one copy of the board,
   * or NULL when one of them is not legal in turn or changes nothing (the
   * caller then applies them one at a time): Next Hint's path of 37,000
   * cells on a 1000x1000 Flow Free board copied the board once a move,
   * freezing the window for 12 s. */
  HbState  *(*apply_all) (const HbState *state, const HbMove *moves, guint n);
  /* The game's gesture state (see HbPointer.ui); both NULL when the game
   * needs none. ui_new may look at the level (its size, its colours). */
  gpointer  (*ui_new) (const HbState *state);
  void      (*ui_free) (gpointer ui);
  /* Maps one pointer event to moves (at most max); returns how many.
   * The app applies the moves in order, and all the moves of one gesture
   * (press, motions, release) make one undo step. PRESS and MOTION come
   * only with a hit inside the board; RELEASE always ends a gesture that
   * began with a PRESS, and its hit may lie outside (hit->inside FALSE).
   * A click on a palette entry in play mode is a PRESS with hit == NULL
   * and pointer->tool set to the entry's id (Flood-It: flood with that
   * colour); games without a play palette never see hit == NULL. */
  int       (*pointer) (const HbState *state, HbPointer *pointer,
                        HbPointerPhase phase, const HbHit *hit,
                        HbMove *out, int max);
  /* Palette for a mode: fills at most max entries, returns how many (0: none);
   * never more than HB_PALETTE_MAX.
   * palette_render may be NULL for a game whose palette is always empty. */
  int       (*palette) (const HbState *state, HbMode mode,
                        HbPaletteEntry *out, int max);
  void      (*palette_render) (const HbState *state, HbMode mode, int id,
                               cairo_t *cr, double size, gboolean dark);
  /* A one-line status ("12 lights on", "7 / 23 moves"). */
  char     *(*status_text) (const HbState *state);
  /* The status line in Edit mode, where the board is a design and not a
   * game in progress (no "solved", no moves), or NULL for status_text. */
  char     *(*edit_status_text) (const HbState *state);

  /* Drawing: the board with its overlays, into a layout from hb_layout_fit. */
  void      (*render) (const HbState *state, cairo_t *cr,
                       const HbLayout *layout, const HbRenderOptions *options);

  /* Hints: computed off the drawing path (may be slow on large boards). */
  /* NULL with an HB_SOLVE_ERROR_CANCELLED error once `cancellable` is set. */
  gpointer  (*hint_compute) (const HbState *state, HbCancel *cancellable,
                             GError **error);
  void      (*hint_free) (gpointer hint);
  char     *(*hint_describe) (const HbState *state, gconstpointer hint);
  /* The same in words for text output (`hintboard-cli hint`): about the
   * level, not the board on screen (no marks, tints, clicks or keys:
   * "Press the 9 marked cells" printed where nothing is marked), in
   * English as the CLI prints. NULL: hint_describe's words serve. */
  char     *(*hint_summary) (const HbState *state, gconstpointer hint);
  /* A warning about the level itself that the hint found ("This level has
   * no solution"), shown where the player looks, or NULL; may be NULL. */
  char     *(*hint_warning) (const HbState *state, gconstpointer hint);
  /* The single move the "next hint" action makes; FALSE if none. */
  gboolean  (*hint_next_move) (const HbState *state, gconstpointer hint,
                               HbMove *move);
  /* TRUE when the hint proves the level cannot be won though moves are
   * left (a Flood-It move limit out of reach): `hint` exits 1 for it, as
   * solve does. May be NULL. */
  gboolean  (*hint_out_of_reach) (const HbState *state, gconstpointer hint);
  /* What the marks render draws on cell (x, y) with the hints shown say,
   * in a few words for the board's tooltip and its cursor's accessible
   * name ("Press this cell"), or NULL where it draws none. `hint` is the
   * hint as render gets it (NULL while none is computed, or one for
   * another size: the marks render draws without it still count), and
   * `hint_flags` HbRenderOptions.hint_flags. May be NULL. */
  char     *(*hint_at) (const HbState *state, gconstpointer hint, guint hint_flags,
                        int x, int y);

  /* Trace frames for the player: a frame is the board part-way through a
   * solver's run, built by applying steps in order from frame_new. */
  gpointer  (*frame_new) (const HbState *initial, const HbTrace *trace);
  gpointer  (*frame_copy) (gconstpointer frame);
  void      (*frame_free) (gpointer frame);
  void      (*frame_step) (gpointer frame, const HbTrace *trace, const HbStep *step);
  /* TRUE when a frame step touches a cell or a few, not the whole board
   * (Flood-It's floods the region): the player then keeps its keyframes
   * no closer than a quarter of the board's cells (hb_player_new). */
  gboolean  frame_steps_local;
  void      (*frame_render) (gconstpointer frame, cairo_t *cr,
                             const HbLayout *layout,
                             const HbRenderOptions *options,
                             const HbStep *current);
  /* A frame of `initial` with the answer's `n` moves made, drawn for the
   * player's last position where the board alone says nothing of them
   * (Enlight: every light off; the presses ringed). May be NULL: the
   * answer's board is drawn. */
  gpointer  (*answer_frame) (const HbState *initial, const HbMove *moves, guint n);
  /* "Try pressing (3, 4)": newly allocated. initial is the level the
   * trace started from (so a step can name what the level calls things,
   * such as Flow Free's colours). */
  char     *(*describe_step) (const HbState *initial, const HbTrace *trace,
                              const HbStep *step);
  /* The player's words before the first step where the board shown is
   * not quite `initial` (Flow Free: the level's dots, without the paths
   * the player drew, which no solver starts from): newly allocated, or
   * NULL for the player's own "Before the first step". May be NULL. */
  char     *(*describe_start) (const HbState *initial);
  /* What the frame holds so far, for the player's counters ("7 presses",
   * "40 tiles decided"): newly allocated. May be NULL. */
  char     *(*frame_status) (gconstpointer frame);
  /* The player's depth for a step, in the game's words ("3 moves in",
   * counted as the game counts, from `initial`, the board the solve began
   * on): newly allocated, "" to show none. May be NULL: the player then
   * says "Depth 3", a search's depth, where the run has depths at all. */
  char     *(*depth_text) (const HbState *initial, const HbStep *step);

  /* `hintboard-cli bench GAME`: runs the game's benchmark and appends a
   * Markdown table (board size, solver, median time over `repeats`, …) to
   * `out`. `quick` runs a tiny version, so the test suite covers the code. */
  gboolean  (*bench) (gboolean quick, guint repeats, GString *out, GError **error);

  /* Screenshot import (hb-vision.h): reads a board of this game from a
   * picture, or NULL with an HB_IMAGE_ERROR (NO_BOARD when the picture
   * holds none; CANCELLED). Fills `report` (never NULL): the grid, the
   * cells it is unsure of, a summary, and report->score, 0..1, how sure it
   * is that the picture shows this game (the registry reads a picture with
   * every game and keeps the highest score). Runs on a worker thread;
   * polls `cancellable`. NULL: the game does not read pictures. */
  HbState  *(*from_image) (const HbImage *img, HbImportReport *report,
                           HbCancel *cancellable, GError **error);

  /* The moves "next hint" makes when one hint is several moves (Flow Free:
   * one colour's whole path), appended to `moves` (HbMove) in order; the
   * app applies them as one undo step. FALSE if none. May be NULL: then
   * hint_next_move's single move is made. */
  gboolean  (*hint_next_moves) (const HbState *state, gconstpointer hint,
                                GArray *moves);
  /* The whole of a hint of several moves, for `hintboard-cli hint` after
   * its first move (Flow Free: the level's rows with the hinted colour's
   * path drawn in its character): newly allocated, each line ending in a
   * newline, or NULL when the hint has no such move. May be NULL. */
  char     *(*hint_text) (const HbState *state, gconstpointer hint);

  /* Whether a solved result keeps to the level's own limits beyond being
   * solved (Flood-It: its move limit). FALSE with *why set to a sentence
   * (newly allocated) saying so, and *proven to whether no answer can keep
   * to them (the answer is optimal, or a lower bound says so). May be
   * NULL: the game has no such limit. */
  gboolean  (*answer_fits) (const HbState *state, const HbResult *result,
                            char **why, gboolean *proven);

  /* Whether play can no longer reach a win (Flood-It: the move limit used
   * up with the board not one colour). The app then says "Out of moves",
   * offers Restart and refuses further play moves. May be NULL: the game
   * cannot be lost. */
  gboolean  (*is_lost) (const HbState *state);

  /* Whether a solved board was solved short of the level's aim (Flood-It:
   * over its move limit): the app then shows the status line as a
   * warning, not a success. May be NULL. */
  gboolean  (*is_won_late) (const HbState *state);

  /* Turns every tile at random (Infinite Loop's Scramble: a drawn level
   * becomes one to play), or NULL when the game has no such operation.
   * Returns a new state, or NULL when nothing could turn. */
  HbState  *(*scramble) (const HbState *state, guint64 seed);

  /* A number the level holds beside its cells, which the sidebar's Board
   * group shows and edits (Flood-It's move limit); get NULL when the game
   * has none. A change is the move {set_op, 0, 0, value}, so it is one
   * undo step like any edit. */
  struct {
    const char *title;       /* with a mnemonic, marked N_: "_Move limit" */
    const char *subtitle;    /* marked N_, or NULL: "0 for none" */
    int         min, max;
    int       (*get) (const HbState *state);
    gint32      set_op;
  } level_number;

  /* TRUE when the palette's entries are numbered from 0 where the player
   * sees them (Flood-It's colour digits, as the chips and the colour labels
   * show them): key 0 picks the first entry, 1 the second … Otherwise key 1
   * picks the first. */
  gboolean    palette_keys_from_zero;

  /* TRUE when status_text already counts the moves played (Flood-It's
   * "7 / 23 moves"): the app's status line then adds only the clock. */
  gboolean    status_counts_moves;

  /* What a solved result is called where the moves are not what a player
   * counts ("Solved: 8 flows" where the answer's moves are its cells), or
   * NULL for "Solved: N moves". */
  char     *(*solved_text) (const HbResult *result);

  /* What the hint's marks mean, one sentence marked with N_ for the
   * sidebar's legend ("Orange dot: press this cell …"), or NULL. */
  const char *hint_legend;

  /* TRUE when render reads HB_HINT_SHOW_ALL (Infinite Loop: the next tile
   * to turn, or every one); the sidebar offers the switch only then. */
  gboolean    hint_shows_all;

  /* TRUE when render draws HbRenderOptions.anim_from (a move animating);
   * the app runs the animation's frames only for such games. */
  gboolean    animates_moves;

  /* TRUE when render draws the keyboard cursor itself (hb_render_cursor,
   * before the marks its ring would cover: Infinite Loop's turn badge in
   * the tile's corner); the app draws it over the board for the others. */
  gboolean    draws_cursor;

  /* TRUE when, drawn with `options`, the hovered cell
   * (HbRenderOptions.hover_x, hover_y) changes the drawing only on that
   * cell and a few pixels round it (a tint, an outline, a ring of a few
   * pixels on tiny cells), and the keyboard cursor a game draws itself
   * only on its cell: rendering cut to that neighbourhood (the clip) then
   * draws there what the whole render would. On large boards the app
   * keeps the board drawn without them and renders only round the
   * pointer as it moves (hb-board-view-cache.c). FALSE where the pointer
   * changes more (Flood-It's hint badge, shown with the hints, fades
   * while the pointer is on it): the whole board is drawn again when the
   * hovered cell changes. NULL: never. hb_render_hover_local says TRUE
   * always. */
  gboolean  (*hover_local) (const HbState *state, const HbRenderOptions *options);

  /* For drawing again only what a change touched: on a large board the
   * app keeps the picture of the board drawn (hb-board-view-cache.c) and,
   * when the board changes, asks this with the board the picture shows
   * (`before`) and the new one (`after`, the same game and size), both
   * drawn with `options` (no hovered cell, no cursor, no animation).
   * TRUE with *rect (empty on entry) grown to the cells outside which
   * `after` draws exactly as `before` does; the caller draws again those
   * cells and one more round them, for what a cell's drawing spills onto
   * its neighbours (a pipe's arm, an outline on a cell's edge), and a few
   * pixels round that. So the rectangle holds what changed (the game
   * compares the planes it draws) and whatever is drawn from it further
   * away (Infinite Loop: a loop closed or opened turns blue or back, all
   * of it; Flood-It: the flooded region's outline). FALSE when it cannot
   * say cheaply or the change is not local (a value drawn everywhere, the
   * hints drawn, which belong to one board, a walk that grows too long):
   * the board is drawn whole. NULL: always drawn whole. */
  gboolean  (*redraw_cells) (const HbState *before, const HbState *after,
                             const HbRenderOptions *options, HbCellRect *rect);

  /* TRUE when a play gesture is a stroke across cells (Flow Free's paths)
   * rather than a click: by keyboard, Space or Enter starts one where the
   * game sets HbPointer.stroke on the PRESS, the arrows carry it on, Space
   * or Enter ends it and Escape takes it back. */
  gboolean    keyboard_strokes;

  /* `hintboard-cli bench GAME --sets A,B`: the benchmark's named sets,
   * NULL-terminated (bench_sets), and the bench run on only those
   * (bench_only: `sets` NULL-terminated names from bench_sets). Both NULL:
   * the game's bench has no sets to choose. */
  const char *const *bench_sets;
  gboolean  (*bench_only) (const char *const *sets, gboolean quick, guint repeats,
                           GString *out, GError **error);

  /* What a board of another size cut off, for the toast that offers Undo
   * (hb_game_resize_cut): `resized` was made from `state` by resize
   * moving the cells by (dx, dy), and the words say what the cells of
   * `state` that fell off it (hb_resize_keeps FALSE) held, in a few
   * translated words that follow "held" ("3 lit cells", "both red
   * dots"): newly allocated, or NULL when they held nothing the game can
   * name. May be NULL: "part of the level" is said. */
  char     *(*describe_cut) (const HbState *state, const HbState *resized, int dx, int dy);
};

/* A bit of HbRenderOptions.hint_flags that games with hint_shows_all read:
 * show every hinted move at once. Without it such a game shows one next
 * step (the move its hint_next_move would make), so a hint teaches instead
 * of spoiling the level. Games keep the low bits for their own options. */
#define HB_HINT_SHOW_ALL (1u << 31)

/* A bit of HbRenderOptions.hint_flags every game reads the same way:
 * label each colour with its symbol (Flood-It's digit on every cell, Flow
 * Free's letter on every dot), for a player who cannot tell some colours
 * apart. Hints or not, no game labels colours without it: the labels are
 * drawn on request only (a colour-blind setting). */
#define HB_HINT_COLOUR_LABELS (1u << 30)

/* Convenience wrappers. */
static inline HbState *
hb_state_copy (const HbState *s)
{
  return s->game->copy (s);
}

static inline void
hb_state_free (HbState *s)
{
  if (s != NULL)
    s->game->free (s);
}

/* The state after moves[0..n) from `state`, each move that changes
 * nothing or is not legal skipped, in one copy of the board where the game
 * can (apply_all); NULL when no move changed anything. */
HbState *hb_game_apply_moves (const HbGame *game, const HbState *state,
                              const HbMove *moves, guint n);
/* Whether `resized`, made from `state` by the game's resize moving the
 * cells by (dx, dy), lost some of it: resized back to the old size and
 * place, it is not `state` (a board made smaller, a row removed, with
 * something on the cells cut). */
gboolean  hb_game_resize_cuts (const HbState *state, const HbState *resized, int dx, int dy);
/* What `resized` lost of `state` (as hb_game_resize_cuts), in a few
 * translated words that follow "held" or "cut off": the game's
 * describe_cut ("3 lit cells"), else "part of the level"; NULL when it
 * lost nothing. */
char     *hb_game_resize_cut (const HbState *state, const HbState *resized, int dx, int dy);
/* For describe_cut: how many cells of `state` fell off `resized` with a
 * nonzero byte in `plane` (width × height of state, row-major), or at
 * all when plane is NULL. */
guint64   hb_resize_cut_count (const HbState *state, const HbState *resized, int dx, int dy,
                               const guint8 *plane);
/* Whether cell (x, y) of a board, moved by (dx, dy) into `resized`, lies
 * on it (for describe_cut). */
static inline gboolean
hb_resize_keeps (const HbState *resized, int x, int y, int dx, int dy)
{
  return x + dx >= 0 && y + dy >= 0 && x + dx < resized->width && y + dy < resized->height;
}
const HbSolver *hb_game_find_solver (const HbGame *game, const char *id);
/* The keyboard cursor's ring round options->cursor_x, cursor_y, if shown. */
void      hb_render_cursor (cairo_t *cr, const HbLayout *layout, const HbRenderOptions *options);
/* For HbGame.hover_local: TRUE. */
gboolean  hb_render_hover_local (const HbState *state, const HbRenderOptions *options);
const HbSolver *hb_game_default_solver (const HbGame *game);

/* Runs a solver, timing it and filling result->seconds. */
HbResult *hb_solve (const HbSolver *solver, const HbState *state,
                    const HbSolveOptions *options, HbTrace *trace,
                    HbCancel *cancellable, GError **error);

/* Polls a cancel token cheaply: checks it once every 2^k calls. */
static inline gboolean
hb_cancelled_every (const HbCancel *c, guint64 counter, guint mask)
{
  return c != NULL && (counter & mask) == 0 && hb_cancel_is_set (c);
}

G_END_DECLS
