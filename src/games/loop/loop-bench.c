/* loop-bench.c: `hintboard-cli bench loop`, median solve times on generated
 * levels (seeds 1..repeats, so the median is over different levels), and
 * on the hard boards from Tatham's Net generator (each board timed
 * `repeats` times; per size the median and the worst of the boards'
 * medians, wall clock and processor time). */
#include "loop.h"
#include "loop-hard-boards.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Processor time of the process, in seconds: on a shared machine the wall
 * clock of a few milliseconds' work says more about the neighbours. */
static double
cpu_now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double) ts.tv_sec + 1e-9 * (double) ts.tv_nsec;
}

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

/* The hard boards of one size: each solved `repeats` times by the fast
 * solver, the answer checked (solved, every tile a rotation of its own). */
static gboolean
bench_hard (int size, guint repeats, GString *out, GError **error)
{
  GArray *medians = g_array_new (FALSE, FALSE, sizeof (double));
  GArray *cpu_medians = g_array_new (FALSE, FALSE, sizeof (double));
  double *times = g_new (double, repeats), *cpu = g_new (double, repeats);
  gboolean ok = TRUE;

  for (int b = 0; loop_hard_boards[b] && ok; b++)
    {
      const char *id = loop_hard_boards[b];
      LoopState *level;
      int w, h;

      if (sscanf (id, "%dx%d", &w, &h) != 2 || w != size || h != size)
        continue;
      level = loop_parse_net_id (id, strlen (id), 1, error);
      if (level == NULL)
        {
          ok = FALSE;
          break;
        }
      for (guint k = 0; k < repeats && ok; k++)
        {
          HbSolveOptions options = { 0 };
          double t0 = hb_now (), c0 = cpu_now ();
          HbResult *r = loop_solver_fast.solve (&level->base, &options, NULL, NULL, error);

          times[k] = hb_now () - t0;
          cpu[k] = cpu_now () - c0;
          if (r == NULL || r->status != HB_STATUS_SOLVED || r->solved == NULL
              || !loop_game.is_solved (r->solved))
            ok = FALSE;
          else
            for (int i = 0; i < w * h && ok; i++)
              ok = loop_turns_between (level->tiles[i], LOOP_CONST (r->solved)->tiles[i]) >= 0;
          if (!ok && r != NULL)
            g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED,
                         "fast did not solve hard board %d (%d×%d, %s)", b + 1, w, h,
                         hb_status_to_string (r->status));
          hb_result_free (r);
        }
      if (ok)
        {
          double m;
          qsort (times, repeats, sizeof (double), cmp_double);
          m = repeats % 2 ? times[repeats / 2] : (times[repeats / 2 - 1] + times[repeats / 2]) / 2;
          g_array_append_val (medians, m);
          qsort (cpu, repeats, sizeof (double), cmp_double);
          m = repeats % 2 ? cpu[repeats / 2] : (cpu[repeats / 2 - 1] + cpu[repeats / 2]) / 2;
          g_array_append_val (cpu_medians, m);
        }
      hb_state_free (&level->base);
    }
  if (ok && medians->len > 0)
    {
      double *m = (double *) medians->data, *c = (double *) cpu_medians->data;
      guint n = medians->len;
      qsort (m, n, sizeof (double), cmp_double);
      qsort (c, n, sizeof (double), cmp_double);
      g_string_append_printf (out, "| %d×%d Net | fast | %.3f | %.3f | %.3f | %.3f | %u × %u |\n",
                              size, size,
                              1000 * (n % 2 ? m[n / 2] : (m[n / 2 - 1] + m[n / 2]) / 2),
                              1000 * m[n - 1],
                              1000 * (n % 2 ? c[n / 2] : (c[n / 2 - 1] + c[n / 2]) / 2),
                              1000 * c[n - 1], n, repeats);
    }
  g_array_unref (medians);
  g_array_unref (cpu_medians);
  g_free (times);
  g_free (cpu);
  return ok;
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

  /* Tatham's Net boards: the ones that made the search explode. */
  {
    static const int sizes[] = { 20, 50, 100, 200, 300 };
    g_string_append (out, "\n| hard boards | solver | median ms | worst ms | median CPU ms "
                          "| worst CPU ms | boards × repeats |\n"
                          "|---|---|---:|---:|---:|---:|---:|\n");
    for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
      {
        if (quick && sizes[k] > 100)
          break;
        if (!bench_hard (sizes[k], quick ? 1 : MAX (repeats, 3), out, error))
          return FALSE;
      }
  }
  return TRUE;
}
