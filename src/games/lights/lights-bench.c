/* lights-bench.c: `hintboard-cli bench lights`.
 *
 * Times whole solver calls (hb_solve: building the system, eliminating,
 * the minimum search, and the result with one move per press) on random
 * boards — every light on or off with probability 1/2, from a fixed seed so
 * every run sees the same boards — and on the all-lit boards the public
 * GF(2) solvers are timed on, and prints the median per board size, wall
 * clock and processor time (on a shared machine the neighbours show in the
 * first). The all-lit boards are solved as `hintboard-cli solve` solves
 * them: the answer as a board of presses (HbSolveOptions.answer_board), not
 * a move per press. Each answer is checked with lights_check_presses
 * outside the timing, so a fast wrong solver cannot post a number. */
#include "lights.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Processor time of the process, in seconds. */
static double
cpu_now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double) ts.tv_sec + 1e-9 * (double) ts.tv_nsec;
}

#define BENCH_SEED 0x5eed0f11u

typedef struct {
  const HbSolver *solver;
  int             n;
  guint           max_repeats;   /* 0 = as asked */
  gboolean        all_lit;       /* every light on (the peers' test board) */
} BenchCase;

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static LightsState *
random_board (int n, HbRng *rng)
{
  LightsState *s = lights_state_new (n, n);
  gsize cells = (gsize) n * n;

  for (gsize i = 0; i < cells; i += 64)
    {
      guint64 bits = hb_rng_next (rng);
      for (gsize j = 0; j < 64 && i + j < cells; j++)
        s->cells[i + j] = (bits >> j) & 1;
    }
  return s;
}

/* Checks a result independently: SOLVED answers must clear the board;
 * NO_SOLUTION is accepted only from the exact GF(2) solver's verdict (random
 * boards of these sizes are all solvable: their nullity is 0). */
static gboolean
check_result (const LightsState *s, const HbResult *r, GError **error)
{
  int w = s->base.width, h = s->base.height;
  g_autofree guint8 *press = NULL;

  if (r->status != HB_STATUS_SOLVED)
    {
      g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED,
                   "bench: %d×%d board: %s (%s)", w, h, hb_status_to_string (r->status),
                   r->message ? r->message : "");
      return FALSE;
    }
  press = g_malloc0 ((gsize) w * h);
  if (r->answer != NULL)
    {
      /* The press grid the CLI's solve writes. */
      if (r->answer->width != w || r->answer->height != h)
        {
          g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED,
                       "bench: %d×%d board: an answer of another size", w, h);
          return FALSE;
        }
      for (gsize i = 0; i < (gsize) w * h; i++)
        press[i] = LIGHTS_CONST (r->answer)->cells[i] != 0;
    }
  for (guint i = 0; i < r->moves->len; i++)
    {
      const HbMove *m = &g_array_index (r->moves, HbMove, i);
      press[(gsize) m->y * w + m->x] ^= 1;
    }
  if (!lights_check_presses (s->cells, press, w, h))
    {
      g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED,
                   "bench: %d×%d board: the answer does not clear the board", w, h);
      return FALSE;
    }
  return TRUE;
}

gboolean
lights_bench (gboolean quick, guint repeats, GString *out, GError **error)
{
  static const BenchCase full[] = {
    { &lights_solver_gf2, 10, 0 },
    { &lights_solver_gf2, 100, 0 },
    { &lights_solver_gf2, 1000, 0 },
    { &lights_solver_gf2, 4000, 5 },
    { &lights_solver_backtrack, 10, 0 },
    { &lights_solver_gf2, 100, 0, TRUE },
    { &lights_solver_gf2, 500, 0, TRUE },
    { &lights_solver_gf2, 1000, 0, TRUE },
    { &lights_solver_gf2, 2000, 5, TRUE },
  };
  static const BenchCase small[] = {
    { &lights_solver_gf2, 10, 0 },
    { &lights_solver_gf2, 100, 0 },
    { &lights_solver_backtrack, 10, 0 },
  };
  const BenchCase *cases = quick ? small : full;
  gsize ncases = quick ? G_N_ELEMENTS (small) : G_N_ELEMENTS (full);
  HbRng rng;

  if (repeats == 0)
    repeats = quick ? 3 : 11;
  hb_rng_init (&rng, BENCH_SEED);
  g_string_append (out, "| board | solver | median ms | median CPU ms | repeats |\n");
  g_string_append (out, "|---|---|---:|---:|---:|\n");
  for (gsize c = 0; c < ncases; c++)
    {
      const BenchCase *bc = &cases[c];
      guint reps = bc->max_repeats ? MIN (repeats, bc->max_repeats) : repeats;
      g_autofree double *times = g_new (double, reps);
      g_autofree double *cpu = g_new (double, reps);
      HbSolveOptions options = { .answer_board = bc->all_lit };

      for (guint r = 0; r < reps; r++)
        {
          LightsState *s = random_board (bc->n, &rng);

          if (bc->all_lit)
            memset (s->cells, 1, (gsize) bc->n * bc->n);
          HbResult *res;
          double t0 = hb_now (), c0 = cpu_now ();
          gboolean ok;

          res = hb_solve (bc->solver, &s->base, &options, NULL, NULL, error);
          times[r] = hb_now () - t0;
          cpu[r] = cpu_now () - c0;
          ok = res != NULL && check_result (s, res, error);
          hb_result_free (res);
          hb_state_free (&s->base);
          if (!ok)
            return FALSE;
        }
      qsort (times, reps, sizeof (double), compare_double);
      qsort (cpu, reps, sizeof (double), compare_double);
      g_string_append_printf (out, "| %d×%d%s | %s | %.3f | %.3f | %u |\n", bc->n, bc->n,
                              bc->all_lit ? ", all lit" : "", bc->solver->id,
                              1000.0 * (reps % 2 ? times[reps / 2]
                                        : (times[reps / 2 - 1] + times[reps / 2]) / 2),
                              1000.0 * (reps % 2 ? cpu[reps / 2]
                                        : (cpu[reps / 2 - 1] + cpu[reps / 2]) / 2),
                              reps);
    }
  return TRUE;
}
