/* hb-trace.h: what a solver reports while it works, for the animation player.
 *
 * A trace is a bounded list of small steps. Backtracking reports
 * try / place / undo on a cell; propagation reports forced cells; a genetic
 * algorithm reports one GENERATION step per generation whose blob carries the
 * best individual and whose f[] carries best / mean / worst fitness.
 *
 * Memory is bounded: once max_steps steps or max_blob_bytes of blobs are
 * recorded, further steps are counted as dropped but not stored, the solver
 * keeps going, and hb_trace_truncated() lets the UI say the animation was
 * cut. A NULL trace is valid everywhere and records nothing, so solvers call
 * hb_trace_* unconditionally or guard expensive work with hb_trace_wants().
 *
 * Threading: the solver (on a worker thread) is the only writer while it
 * runs; the progress (the counter of the newest step pushed, recorded or
 * not, or of hb_trace_set_progress) and the counter name may be read from
 * another thread at any time. The steps are read once the solve is over.
 *
 * Live view: while a long solve runs the UI may watch it. The solver asks
 * hb_trace_snapshot_due() (cheap: TRUE at most about 30 times a second, and
 * only once someone called hb_trace_set_live) and, when it is due, publishes
 * its latest snapshot with hb_trace_publish(): a frame of the game's own
 * frame type (what frame_new returns and frame_render draws), e.g. a genetic
 * algorithm's best individual or a search's partial board. Publishing swaps
 * one pointer; a snapshot the UI has not taken yet is freed. The UI takes
 * the newest with hb_trace_take_snapshot() at its own pace: the solver never
 * waits for it.
 *
 * Series: numbers over time for a plot (best / mean / worst fitness per
 * generation, a bound per iteration). A solver declares a series once and
 * pushes (x, y) points; the UI copies them at any time, from any thread.
 * Each series keeps at most HB_TRACE_MAX_SERIES_POINTS points; past that
 * every second point is dropped and only every second new one is kept, so
 * a long run still draws its whole shape.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  HB_STEP_TRY,        /* considering `value` at (x, y) */
  HB_STEP_PLACE,      /* committed `value` at (x, y) */
  HB_STEP_UNDO,       /* retracted what was placed at (x, y) */
  HB_STEP_REJECT,     /* `value` at (x, y) failed a check at once */
  HB_STEP_FORCE,      /* propagation fixed (x, y) to `value` */
  HB_STEP_MOVE,       /* one move of the answer (a press, a flood colour) */
  HB_STEP_GENERATION, /* a GA generation: f[0..2] best/mean/worst, blob = best */
  HB_STEP_BOUND,      /* a search bound or phase changed: value, counter */
  HB_STEP_SOLUTION,   /* a full solution was found (blob may hold it) */
  HB_STEP_INFO,       /* anything else worth a line in the player */
} HbStepKind;

typedef struct {
  guint8  kind;       /* HbStepKind */
  guint8  flags;      /* game-specific */
  guint16 aux;        /* game-specific (e.g. an edge direction) */
  gint32  x, y;       /* cell, or -1 */
  gint32  value;      /* game-specific (rotation, colour, pressed) */
  gint32  depth;      /* search depth */
  guint32 blob;       /* 1 + index of the blob, or 0 for none */
  gint64  counter;    /* the solver's main counter when the step happened */
  float   f[3];       /* extra numbers (fitness best/mean/worst, bounds) */
} HbStep;

typedef struct _HbTrace HbTrace;

#define HB_TRACE_DEFAULT_MAX_STEPS  (1u << 20)
#define HB_TRACE_DEFAULT_MAX_BYTES  (64u << 20)

HbTrace  *hb_trace_new (gsize max_steps, gsize max_blob_bytes);
void      hb_trace_free (HbTrace *trace);

/* An empty trace with the same caps as `trace`. */
HbTrace  *hb_trace_new_like (const HbTrace *trace);
/* The steps (and their blobs, and the count of dropped ones) recorded in
 * src replace those of dst, and src is left empty: a solver that ran two
 * searches keeps the steps of the one that answered. Counter name,
 * progress, live snapshots and series stay where they are. Only while no
 * other thread reads the steps (the app reads them once the job ends). */
void      hb_trace_take_steps (HbTrace *dst, HbTrace *src);

/* TRUE when the trace exists and is still recording. */
gboolean  hb_trace_wants (const HbTrace *trace);

/* Records a step (copying blob_len bytes of blob when blob != NULL);
 * returns FALSE when the step was dropped because the cap was reached. */
gboolean  hb_trace_push (HbTrace *trace, const HbStep *step,
                         gconstpointer blob, gsize blob_len);
/* Shorthand for the common case. */
gboolean  hb_trace_add (HbTrace *trace, HbStepKind kind, int x, int y,
                        int value, int depth, gint64 counter);

gsize         hb_trace_length (const HbTrace *trace);
const HbStep *hb_trace_step (const HbTrace *trace, gsize index);
gconstpointer hb_trace_blob (const HbTrace *trace, const HbStep *step, gsize *len);
gboolean      hb_trace_truncated (const HbTrace *trace);
guint64       hb_trace_dropped (const HbTrace *trace);

/* What the main counter counts ("search calls", "states expanded"). */
void          hb_trace_set_counter_name (HbTrace *trace, const char *name);
const char   *hb_trace_get_counter_name (const HbTrace *trace);

/* Progress for a UI polling from another thread. */
void          hb_trace_set_progress (HbTrace *trace, gint64 counter, const char *text);
/* Returns a newly allocated copy of the last progress text (or NULL). */
char         *hb_trace_get_progress (HbTrace *trace, gint64 *counter);

/* ---- Live view (see above) ---- */

void      hb_trace_set_live (HbTrace *trace, gboolean live);
gboolean  hb_trace_snapshot_due (HbTrace *trace);
/* The same for a snapshot of a board of `cells` cells: over 250,000, four a
 * second at most (a snapshot copies the board). */
gboolean  hb_trace_snapshot_due_for (HbTrace *trace, gsize cells);
/* Takes ownership of snapshot (freed with free_func, the game's frame_free). */
void      hb_trace_publish (HbTrace *trace, gpointer snapshot, GDestroyNotify free_func);
/* The newest snapshot not taken yet, or NULL; the caller owns it and frees
 * it with *free_func. Also counts how many were published (for tests). */
gpointer  hb_trace_take_snapshot (HbTrace *trace, GDestroyNotify *free_func);
guint64   hb_trace_published (const HbTrace *trace);

/* ---- Where a cut run stopped ----
 * A run whose recording was cut (hb_trace_truncated) and that stopped
 * with no answer rested, in the player, on the step at the cut, an older
 * board than the one watched when it stopped (a backtracking run
 * cancelled after 88 million steps showed step 1,048,576: review). Once
 * the run is over the UI hands the last snapshot it had here (taking
 * ownership; NULL drops one), and the player shows it after the last
 * step. hb_trace_take_steps leaves it where it is. */
void          hb_trace_set_stop_frame (HbTrace *trace, gpointer frame, GDestroyNotify free_func);
gconstpointer hb_trace_get_stop_frame (const HbTrace *trace);

/* ---- Series ---- */

#define HB_TRACE_MAX_SERIES 8
#define HB_TRACE_MAX_SERIES_POINTS (1u << 16)

typedef struct {
  double x, y;
} HbPoint;

/* Declares a series; `name` is an English key marked with the N_ macro ("best"), `axis`
 * what x counts ("generation"). Returns its index, or -1 when the trace is
 * NULL or already has HB_TRACE_MAX_SERIES. */
int         hb_trace_add_series (HbTrace *trace, const char *name, const char *axis);
void        hb_trace_series_push (HbTrace *trace, int series, double x, double y);
guint       hb_trace_n_series (const HbTrace *trace);
const char *hb_trace_series_name (const HbTrace *trace, guint series);
const char *hb_trace_series_axis (const HbTrace *trace, guint series);
/* What y measures, an English key marked with the N_ macro (a fitness,
 * and which way is better), drawn up the plot's left side; NULL when not
 * set. */
void        hb_trace_set_value_name (HbTrace *trace, const char *name);
const char *hb_trace_get_value_name (const HbTrace *trace);
/* The value that means solved (a genetic algorithm's perfect fitness),
 * named by an English key marked with the N_ macro (such as "solved"):
 * the plot keeps it in its range and draws it as a dashed line, so a run
 * that stops short shows how far it stayed. Set once; get returns FALSE
 * when not set. */
void        hb_trace_set_goal (HbTrace *trace, double goal, const char *name);
gboolean    hb_trace_get_goal (const HbTrace *trace, double *goal, const char **name);
/* A copy of the points so far (HbPoint), safe while the solver runs. */
GArray     *hb_trace_series_points (const HbTrace *trace, guint series);
/* The number of pushes to any series so far (changes when a plot should redraw). */
guint64     hb_trace_series_version (const HbTrace *trace);

G_END_DECLS
