/* flood-bench.c: `hintboard-cli bench flood`.
 *
 * Generated boards (seeds 1..N) of 14×14 and 18×18 with six colours, every
 * solver on each: the optimal solver's median and worst time per board and
 * how many it proved, and each solver's average number of moves. */
#include "flood.h"

#include <stdlib.h>

typedef struct {
  int w, h, colours, boards;
  double time_limit;      /* seconds per solve, 0 = none */
  gboolean optimal_only;  /* the other solvers take too long here */
} BenchSize;

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

gboolean
flood_bench (gboolean quick, guint repeats, GString *out, GError **error)
{
  /* The anytime sets: the first answer (0.1 s), a second's improvement on
   * 30×30, and the huge boards answered within a second. */
  static const BenchSize full[] = {
    { 14, 14, 6, 100, 0, FALSE }, { 18, 18, 6, 20, 0, FALSE },
    { 18, 18, 6, 50, 10, TRUE }, { 18, 18, 6, 50, 0.1, TRUE },
    { 30, 30, 6, 10, 0.1, TRUE }, { 30, 30, 6, 5, 1, TRUE },
    { 40, 40, 10, 10, 0.1, TRUE },
    { 100, 100, 6, 3, 1, TRUE }, { 100, 100, 10, 3, 1, TRUE },
  };
  static const BenchSize small[] = { { 6, 6, 4, 4, 0, FALSE }, { 8, 8, 6, 3, 0, FALSE },
                                     { 30, 30, 6, 2, 0.1, TRUE } };
  const BenchSize *sizes = quick ? small : full;
  int nsizes = quick ? G_N_ELEMENTS (small) : G_N_ELEMENTS (full);
  const HbSolver *solvers[] = { &flood_solver_optimal, &flood_solver_greedy,
                                &flood_solver_astar };

  repeats = MAX (repeats, 1);
  g_string_append (out, "| board | boards | solver | median ms | worst ms "
                        "| mean moves | proven optimal | time limit |\n"
                        "|---|---|---|---|---|---|---|---|\n");
  for (int si = 0; si < nsizes; si++)
    {
      const BenchSize *b = &sizes[si];
      for (guint k = 0; k < (b->optimal_only ? 1 : G_N_ELEMENTS (solvers)); k++)
        {
          double *times = g_new (double, b->boards), worst = 0;
          double total_moves = 0;
          int proven = 0, solved = 0;

          for (int i = 0; i < b->boards; i++)
            {
              HbGenerateParams p = { b->w, b->h, b->colours, (guint64) i + 1 };
              HbState *s = flood_game.generate (&p, error);
              double best = G_MAXDOUBLE;

              if (s == NULL)
                {
                  g_free (times);
                  return FALSE;
                }
              for (guint r = 0; r < repeats; r++)
                {
                  HbSolveOptions opt = { .time_limit = b->time_limit };
                  HbResult *res = hb_solve (solvers[k], s, &opt, NULL, NULL, error);
                  if (res == NULL)
                    {
                      hb_state_free (s);
                      g_free (times);
                      return FALSE;
                    }
                  best = MIN (best, res->seconds);
                  if (r == 0 && res->status == HB_STATUS_SOLVED)
                    {
                      solved++;
                      total_moves += res->moves->len;
                      proven += res->optimal;
                    }
                  hb_result_free (res);
                }
              times[i] = best * 1000;
              worst = MAX (worst, times[i]);
              hb_state_free (s);
            }
          char limit[32] = "none";
          if (b->time_limit > 0)
            g_snprintf (limit, sizeof limit, "%g s", b->time_limit);
          qsort (times, b->boards, sizeof (double), cmp_double);
          g_string_append_printf (out, "| %d×%d, %d colours | %d | %s | %.2f | %.2f "
                                  "| %.2f | %d / %d | %s |\n",
                                  b->w, b->h, b->colours, b->boards, solvers[k]->id,
                                  times[b->boards / 2], worst,
                                  solved ? total_moves / solved : 0.0,
                                  proven, b->boards,
                                  limit);
          g_free (times);
        }
    }
  g_string_append_printf (out, "\nBoards from `generate` with seeds 1..N; time "
                          "per board is the best of %u run%s.\n",
                          repeats, repeats == 1 ? "" : "s");
  return TRUE;
}
