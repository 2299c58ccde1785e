/* loop-bench.c: `hintboard-cli bench loop`, median solve times on generated
 * levels (seeds 1..repeats, so the median is over different levels). */
#include "loop.h"

#include <stdlib.h>

typedef struct {
  int         w, h;
  const char *solver;
} BenchCase;

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static gboolean
bench_case (const BenchCase *bc, guint repeats, GString *out, GError **error)
{
  const HbSolver *solver = hb_game_find_solver (&loop_game, bc->solver);
  double *times = g_new (double, repeats);
  HbSolveOptions options = { 0 };

  for (guint k = 0; k < repeats; k++)
    {
      LoopState *level = loop_generate_level (bc->w, bc->h, 1 + k);
      HbResult *r;
      double t0 = hb_now ();

      r = solver->solve (&level->base, &options, NULL, NULL, error);
      times[k] = hb_now () - t0;
      if (r == NULL || r->status != HB_STATUS_SOLVED || r->solved == NULL
          || !loop_game.is_solved (r->solved))
        {
          if (r != NULL)
            g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED,
                         "%s did not solve the %d×%d level of seed %u (%s)",
                         bc->solver, bc->w, bc->h, 1 + k, hb_status_to_string (r->status));
          hb_result_free (r);
          hb_state_free (&level->base);
          g_free (times);
          return FALSE;
        }
      hb_result_free (r);
      hb_state_free (&level->base);
    }
  qsort (times, repeats, sizeof (double), cmp_double);
  g_string_append_printf (out, "| %d×%d | %s | %.3f | %u |\n", bc->w, bc->h, bc->solver,
                          1000 * (repeats % 2 ? times[repeats / 2]
                                  : (times[repeats / 2 - 1] + times[repeats / 2]) / 2),
                          repeats);
  g_free (times);
  return TRUE;
}

gboolean
loop_bench (gboolean quick, guint repeats, GString *out, GError **error)
{
  static const BenchCase full[] = {
    { 10, 10, "fast" }, { 13, 11, "fast" }, { 100, 100, "fast" },
    { 1000, 1000, "fast" }, { 2000, 2000, "fast" },
    { 8, 8, "backtrack" }, { 8, 8, "dlx" }, { 13, 11, "dlx" },
    { 100, 100, "maxflow" },
  };
  static const BenchCase small[] = {
    { 10, 10, "fast" }, { 13, 11, "fast" }, { 40, 40, "fast" },
    { 6, 6, "backtrack" }, { 6, 6, "dlx" }, { 10, 10, "maxflow" },
  };
  const BenchCase *cases = quick ? small : full;
  gsize ncases = quick ? G_N_ELEMENTS (small) : G_N_ELEMENTS (full);

  if (repeats == 0)
    repeats = quick ? 1 : 5;
  g_string_append (out, "| board | solver | median ms | repeats |\n|---|---|---:|---:|\n");
  for (gsize c = 0; c < ncases; c++)
    {
      guint rep = repeats;
      /* The largest boards take seconds each: fewer repeats. */
      if (!quick && (gsize) cases[c].w * cases[c].h >= 1000000)
        rep = MIN (repeats, 3);
      if (g_strcmp0 (cases[c].solver, "maxflow") == 0)
        continue;   /* a relaxation: it does not solve, timed below */
      if (!bench_case (&cases[c], rep, out, error))
        return FALSE;
    }
  /* The relaxation gives no solution to check: time it alone. */
  for (gsize c = 0; c < ncases; c++)
    if (g_strcmp0 (cases[c].solver, "maxflow") == 0)
      {
        double *times = g_new (double, repeats);
        HbSolveOptions options = { 0 };
        for (guint k = 0; k < repeats; k++)
          {
            LoopState *level = loop_generate_level (cases[c].w, cases[c].h, 1 + k);
            double t0 = hb_now ();
            HbResult *r = loop_solver_maxflow.solve (&level->base, &options, NULL, NULL, NULL);
            times[k] = hb_now () - t0;
            hb_result_free (r);
            hb_state_free (&level->base);
          }
        qsort (times, repeats, sizeof (double), cmp_double);
        g_string_append_printf (out, "| %d×%d | maxflow (relaxation) | %.3f | %u |\n",
                                cases[c].w, cases[c].h, 1000 * times[repeats / 2], repeats);
        g_free (times);
      }
  return TRUE;
}
