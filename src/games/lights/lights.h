/* lights.h: Enlight / Lights Out.
 *
 * A W×H board of lights; pressing a cell toggles it and its four orthogonal
 * neighbours; the goal is every light off.
 *
 * Text format: one row per line, `1` (or `*`) lit and `0` (or `.`) dark;
 * blank lines before and after are ignored, and lines starting with `#` are
 * comments. The solution format is the same grid with `1` on each cell to
 * press. Simon Tatham's Flip game IDs of the crosses kind
 * (`WxH:MATRIX,GRID`) are read and written too. */
#pragma once

#include "hb-game.h"

G_BEGIN_DECLS

typedef struct {
  HbState base;
  guint8 *cells;          /* width*height, 0 dark / 1 lit, row-major */
} LightsState;

typedef enum {
  LIGHTS_OP_PRESS,        /* play: toggle the cross at (x, y) */
  LIGHTS_OP_TOGGLE,       /* edit: toggle one light */
  LIGHTS_OP_SET,          /* edit: set one light to value */
  LIGHTS_OP_CLEAR,        /* edit: every light off */
} LightsOp;

extern const HbGame lights_game;

extern const HbSolver lights_solver_gf2;
extern const HbSolver lights_solver_backtrack;

#define LIGHTS(s) ((LightsState *) (s))
#define LIGHTS_CONST(s) ((const LightsState *) (s))

LightsState *lights_state_new (int width, int height);
/* A state that takes cells (width*height bytes from g_malloc, 0 or 1) as
 * its own; width and height must be in range (1 … HB_MAX_SIDE). */
LightsState *lights_state_new_take (int width, int height, guint8 *cells);
/* Toggles (x, y) and its orthogonal neighbours on the board. */
void         lights_press (guint8 *cells, int width, int height, int x, int y);
/* A frame is the board part-way through a solver's run: the lights as they
 * are after the presses made so far, and those presses. */
typedef struct {
  int     width, height;
  guint8 *cells;
  guint8 *press;
  guint64 presses;
} LightsFrame;

/* A trace frame of a board part-way through a search (the lights and the
 * presses made), for the live view (hb_trace_publish with
 * lights_game.frame_free). */
gpointer     lights_frame_from (int width, int height, const guint8 *cells,
                                const guint8 *press, guint64 presses);
/* Applies a press mask (width*height, nonzero = press) to a copy of cells
 * and returns TRUE if every light ends off. Independent of every solver:
 * the tests check solutions with it. */
gboolean     lights_check_presses (const guint8 *cells, const guint8 *press,
                                   int width, int height);

/* Tatham Flip IDs ("WxH:MATRIX,GRID"), crosses kind only. */
LightsState *lights_parse_flip_id (const char *text, gsize len, GError **error);
char        *lights_write_flip_id (const LightsState *state);

/* ---- The exact GF(2) solver (lights-solve-gf2.c) ------------------------ */

typedef struct {
  gboolean solvable;
  int      nullity;          /* dimension of the null space: 2^nullity solutions */
  guint8  *press;            /* width*height presses (a minimum one when optimal) */
  guint64  presses;          /* number of presses in `press` */
  gboolean optimal;          /* the minimum was proven */
  gboolean cancelled;
  gboolean timed_out;        /* the search stopped at the time limit (not optimal) */
  guint64  nodes;            /* search nodes used to prove the minimum */
} LightsAnswer;

/* Solves the board exactly. Minimising presses is an NP-hard problem in
 * general; the search is bounded by `node_limit` (0 = the default), and on
 * hitting it returns the best found with optimal = FALSE. Returns FALSE
 * with error set only when it cannot run (out of memory). */
gboolean lights_gf2_solve (const LightsState *state, guint64 node_limit,
                           HbCancel *cancellable, HbTrace *trace,
                           LightsAnswer *answer, GError **error);
void     lights_answer_clear (LightsAnswer *answer);

/* `hintboard-cli bench lights` (lights-bench.c). */
gboolean lights_bench (gboolean quick, guint repeats, GString *out, GError **error);

/* The hint the overlay draws (orange dots): see lights.c. */
typedef struct {
  LightsAnswer answer;
  int width, height;
} LightsHint;

/* Screenshot import (lights-vision.c). */
HbState *lights_from_image (const HbImage *img, HbImportReport *report,
                            HbCancel *cancellable, GError **error);

/* Rendering (lights-render.c). */
void lights_render (const HbState *state, cairo_t *cr, const HbLayout *layout,
                    const HbRenderOptions *options);
void lights_render_cells (const guint8 *cells, const guint8 *press,
                          int width, int height, cairo_t *cr,
                          const HbLayout *layout, const HbRenderOptions *options,
                          int current_x, int current_y, gboolean current_bad,
                          gboolean pressed);
/* HbGame.redraw_cells */
gboolean lights_redraw_cells (const HbState *before, const HbState *after,
                              const HbRenderOptions *options, HbCellRect *rect);

G_END_DECLS
