/* flow-ga.h: what Flow Free's two genetic algorithms share (flow-ga-common.c):
 * a small seeded random generator, the settings and their defaults from the
 * board size, tournament selection and the per-generation report (trace
 * step, plot series, live snapshot, progress). Private to the game. */
#pragma once

#include "flow.h"

G_BEGIN_DECLS

/* Core's xoshiro256** seeded through splitmix64 (hb-grid.h): the same
 * seed gives the same numbers on every machine and the run's whole
 * randomness is one stream. */
typedef HbRng FlowRng;

static inline void
flow_rng_seed (FlowRng *r, guint64 seed)
{
  hb_rng_init (r, seed);
}

static inline guint64
flow_rng_next (FlowRng *r)
{
  return hb_rng_next (r);
}

/* Uniform in [0, n), n > 0. */
guint32 flow_rng_below (FlowRng *r, guint32 n);
/* Uniform in [0, 1). */
double  flow_rng_double (FlowRng *r);

/* flow_ac_forced followed by probing (flow-ac.c): each open colour of each
 * cell is supposed and the rules run; a supposition that ends in a
 * contradiction removes the colour. At most `budget` suppositions. */
#define FLOW_AC_PROBE_BUDGET 200000
gboolean flow_ac_probe (const FlowState *level, guint8 *forced, int budget,
                        HbCancel *cancellable);

/* The parameters a run resolved from its settings. */
typedef struct {
  int     population;
  gboolean automatic;   /* the population is the board size's */
  int     generations;
  double  mutation;     /* chance that a child is mutated */
  guint64 seed;
} FlowGaParams;

/* Settings both genetic algorithms read (their lists hold these keys):
 * "population" and "generations" (0 = from the board size: 500 / 200
 * below 10×10 cells, 1000 / 500 from 10×10, as the write-up did),
 * "mutation" and "seed". A population of one is refused (HB_SETTINGS_ERROR_RANGE):
 * the best is kept and the rest are children, so one individual never
 * changes, and the run blamed the level for it. */
gboolean flow_ga_params (FlowGaParams *p, const FlowState *level,
                         const HbSolveOptions *options, const HbSetting *decls,
                         GError **error);

/* Tournament selection: the fittest of `size` individuals drawn at random
 * (lower fitness is better here; a GA that maximises passes negated
 * values). Returns an index into fitness[0..count). */
int  flow_ga_tournament (FlowRng *r, const double *fitness, int count, int size);

/* The per-generation report. flow_ga_report_begin declares the series
 * "best", "mean", "worst" over "generation", names the counter and what
 * the values measure (value_name, an N_ key: which way is better);
 * flow_ga_report pushes one generation: a GENERATION step whose f[] is
 * best / mean / worst and whose blob is the best individual's board, the
 * three series points, a live snapshot when one is due and the progress
 * text. */
typedef struct {
  int              series[3];
  FlowMarksMeaning marks;     /* what the best individual's marks are */
} FlowGaReport;

void flow_ga_report_begin (FlowGaReport *rep, HbTrace *trace, const char *value_name,
                           FlowMarksMeaning marks);
void flow_ga_report (FlowGaReport *rep, HbTrace *trace, const FlowState *level,
                     int generation, double best, double mean, double worst,
                     const guint8 *colour, const guint8 *links, const guint8 *marks);

/* The memory a population may take when options->memory_limit is 0. */
#define FLOW_GA_MEMORY_DEFAULT ((gsize) 512 << 20)

/* NULL when the population (`bytes` an individual, estimated) fits the
 * memory limit, or when an automatic population cut to fit it still has
 * two or more (p->population is then that many); otherwise a GAVE_UP
 * result that says so (with the stats). */
HbResult *flow_ga_check_memory (FlowGaParams *p, const HbSolveOptions *options,
                                double bytes);

/* What both genetic algorithms ask before they start, cheapest first: a
 * colour whose dots are not a pair (one pass over the board), a level
 * with no colours, then flow_ga_check_memory. NULL when the run may go
 * on; otherwise its result, with the stats. */
HbResult *flow_ga_check_level (FlowGaParams *p, const FlowState *level,
                               const HbSolveOptions *options, double bytes);

/* Adds the stats every run reports: seed, population, generations run. */
void flow_ga_add_stats (HbResult *r, const FlowGaParams *p, int generations_run);

/* For the benchmark: runs `solver` (ga-paths or ga-cells) on `level` with
 * seeds first_seed, first_seed + 1, … (`runs` of them) and the other
 * settings in `settings` (may be NULL: defaults). Fills how many runs
 * solved it (an answer counts only when flow_is_solved accepts it; *wrong
 * counts those it refused, which should never happen), the median
 * generations of those that did (-1 when none) and the median seconds per
 * run. Returns FALSE when cancelled. */
gboolean flow_ga_measure (const HbSolver *solver, const FlowState *level,
                          const HbSettings *settings, int runs, guint64 first_seed,
                          int *solved, int *wrong, double *median_generations,
                          double *median_seconds, HbCancel *cancellable);

G_END_DECLS
