/* flood-bench.c: `hintboard-cli bench flood`.
 *
 * Generated boards (seeds 1..N) of 14×14 and 18×18 with six colours, every
 * solver on each: the optimal solver's median and worst time per board and
 * how many it proved, and each solver's average number of moves. */
#include "flood.h"

#include <stdlib.h>

typedef struct {
  int w, h, colours, boards;
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
  static const BenchSize full[] = { { 14, 14, 6, 100 }, { 18, 18, 6, 20 } };
  static const BenchSize small[] = { { 6, 6, 4, 4 }, { 8, 8, 6, 3 } };
  const BenchSize *sizes = quick ? small : full;
  int nsizes = 2;
  const HbSolver *solvers[] = { &flood_solver_optimal, &flood_solver_greedy,
                                &flood_solver_astar };

  repeats = MAX (repeats, 1);
  g_string_append (out, "| board | boards | solver | median ms | worst ms "
                        "| mean moves | proven optimal |\n"
                        "|---|---|---|---|---|---|---|\n");
  for (int si = 0; si < nsizes; si++)
    {
      const BenchSize *b = &sizes[si];
      for (guint k = 0; k < G_N_ELEMENTS (solvers); k++)
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
                  HbSolveOptions opt = { 0 };
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
          qsort (times, b->boards, sizeof (double), cmp_double);
          g_string_append_printf (out, "| %d×%d, %d colours | %d | %s | %.2f | %.2f "
                                  "| %.2f | %d / %d |\n",
                                  b->w, b->h, b->colours, b->boards, solvers[k]->id,
                                  times[b->boards / 2], worst,
                                  solved ? total_moves / solved : 0.0,
                                  proven, b->boards);
          g_free (times);
        }
    }
  g_string_append_printf (out, "\nBoards from `generate` with seeds 1..N; time "
                          "per board is the best of %u run%s.\n",
                          repeats, repeats == 1 ? "" : "s");
  return TRUE;
}
