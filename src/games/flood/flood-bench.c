/* flood-bench.c: `hintboard-cli bench flood`.
 *
 * Generated boards (seeds 1..N), each set solved by several rows: a
 * solver and a time limit. Every row gives the median, worst and total
 * time (in process, from hb_solve), the mean moves and how many answers
 * are proven optimal; and, against the set's other rows,
 *
 * - over the optimum: the moves above a row that proved every board (the
 *   reference rows of 14×14 and 18×18 boards with no or a long limit);
 * - longer than greedy: on how many boards the answer is longer than
 *   Tatham's greedy (the greedy row of the set, run first).
 *
 * The sets: 14×14 and 18×18 boards every solver, fifty 18×18 boards at
 * terminal-flood's pace (34 ms a board: fifty in 1.7 s) and at 0.1 s, and
 * the anytime default on 30×30, 40×40 with ten colours and 100×100 with
 * six and ten colours at 0.1 s (the first answer) and 1 s. */
#include "flood.h"

#include <stdlib.h>

typedef struct {
  const HbSolver *solver;
  double time_limit;      /* seconds per solve, 0 = none */
  gboolean reference;     /* its answers are the optima (all proven) */
} BenchRow;

typedef struct {
  int w, h, colours, boards;
  BenchRow rows[6];
} BenchSet;

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

#define OPT &flood_solver_optimal
#define GREEDY &flood_solver_greedy
#define ASTAR &flood_solver_astar

gboolean
flood_bench (gboolean quick, guint repeats, GString *out, GError **error)
{
  static const BenchSet full[] = {
    { 14, 14, 6, 100, { { OPT, 0, TRUE }, { GREEDY, 0 }, { ASTAR, 0 } } },
    { 18, 18, 6, 20, { { OPT, 0, TRUE }, { GREEDY, 0 }, { ASTAR, 0 } } },
    { 18, 18, 6, 50, { { GREEDY, 0 }, { OPT, 60, TRUE }, { OPT, 0.034 }, { OPT, 0.1 } } },
    { 30, 30, 6, 10, { { GREEDY, 0 }, { OPT, 0.1 }, { OPT, 1 } } },
    { 40, 40, 10, 10, { { GREEDY, 0 }, { OPT, 0.1 }, { OPT, 1 } } },
    { 100, 100, 6, 3, { { GREEDY, 0 }, { OPT, 0.1 }, { OPT, 1 } } },
    { 100, 100, 10, 3, { { GREEDY, 0 }, { OPT, 0.1 }, { OPT, 1 } } },
  };
  static const BenchSet small[] = {
    { 6, 6, 4, 4, { { OPT, 0, TRUE }, { GREEDY, 0 }, { ASTAR, 0 } } },
    { 8, 8, 6, 3, { { GREEDY, 0 }, { OPT, 0, TRUE }, { OPT, 0.05 } } },
    { 30, 30, 6, 2, { { GREEDY, 0 }, { OPT, 0.1 } } },
  };
  const BenchSet *sets = quick ? small : full;
  int nsets = quick ? G_N_ELEMENTS (small) : G_N_ELEMENTS (full);

  repeats = MAX (repeats, 1);
  g_string_append (out, "| board | boards | solver | time limit | median ms | worst ms "
                        "| total s | mean moves | proven optimal | over the optimum "
                        "| longer than greedy |\n"
                        "|---|---|---|---|---|---|---|---|---|---|---|\n");
  for (int si = 0; si < nsets; si++)
    {
      const BenchSet *b = &sets[si];
      HbState **boards = g_new0 (HbState *, b->boards);
      int *optimum = NULL, *greedy = NULL;
      gboolean ok = TRUE;

      for (int i = 0; i < b->boards && ok; i++)
        {
          HbGenerateParams p = { b->w, b->h, b->colours, (guint64) i + 1 };
          boards[i] = flood_game.generate (&p, error);
          ok = boards[i] != NULL;
        }
      for (int k = 0; k < (int) G_N_ELEMENTS (b->rows) && b->rows[k].solver && ok; k++)
        {
          const BenchRow *row = &b->rows[k];
          double *times = g_new (double, b->boards), worst = 0, total = 0;
          int *moves = g_new0 (int, b->boards);
          int proven = 0, solved = 0, sum = 0, longer = 0;
          char limit[32] = "none", over[64] = "—", vs_greedy[32] = "—";

          for (int i = 0; i < b->boards && ok; i++)
            {
              double best = G_MAXDOUBLE;

              for (guint r = 0; r < repeats; r++)
                {
                  HbSolveOptions opt = { .time_limit = row->time_limit };
                  HbResult *res = hb_solve (row->solver, boards[i], &opt, NULL, NULL,
                                            error);
                  if (res == NULL)
                    {
                      ok = FALSE;
                      break;
                    }
                  best = MIN (best, res->seconds);
                  if (r == 0 && res->status == HB_STATUS_SOLVED)
                    {
                      solved++;
                      moves[i] = res->moves->len;
                      sum += moves[i];
                      proven += res->optimal;
                    }
                  hb_result_free (res);
                }
              times[i] = best * 1000;
              total += best;
              worst = MAX (worst, times[i]);
              if (greedy && moves[i] > greedy[i])
                longer++;
            }
          if (!ok)
            {
              g_free (times);
              g_free (moves);
              break;
            }
          if (row->time_limit > 0)
            g_snprintf (limit, sizeof limit, "%g s", row->time_limit);
          if (optimum && solved == b->boards)
            {
              int opt_sum = 0;
              for (int i = 0; i < b->boards; i++)
                opt_sum += optimum[i];
              g_snprintf (over, sizeof over, "+%d (%+.2f %%)", sum - opt_sum,
                          100.0 * (sum - opt_sum) / MAX (opt_sum, 1));
            }
          if (greedy && row->solver != &flood_solver_greedy)
            g_snprintf (vs_greedy, sizeof vs_greedy, "%d / %d", longer, b->boards);
          qsort (times, b->boards, sizeof (double), cmp_double);
          g_string_append_printf (out, "| %d×%d, %d colours | %d | %s | %s | %.2f | %.2f "
                                  "| %.2f | %.2f | %d / %d | %s | %s |\n",
                                  b->w, b->h, b->colours, b->boards, row->solver->id,
                                  limit, times[b->boards / 2], worst, total,
                                  solved ? (double) sum / solved : 0.0,
                                  proven, b->boards, over, vs_greedy);
          if (row->reference && proven == b->boards && optimum == NULL)
            optimum = g_memdup2 (moves, sizeof (int) * b->boards);
          if (row->solver == &flood_solver_greedy && solved == b->boards && greedy == NULL)
            greedy = g_memdup2 (moves, sizeof (int) * b->boards);
          g_free (times);
          g_free (moves);
        }
      for (int i = 0; i < b->boards; i++)
        if (boards[i])
          hb_state_free (boards[i]);
      g_free (boards);
      g_free (optimum);
      g_free (greedy);
      if (!ok)
        return FALSE;
    }
  g_string_append_printf (out, "\nBoards from `generate` with seeds 1..N; time per board "
                          "is the best of %u run%s, in process (hb_solve's clock, wall "
                          "time). Over the optimum: against the row that proved every "
                          "board. Longer than greedy: boards on which the answer is "
                          "longer than Tatham's three-move greedy's.\n",
                          repeats, repeats == 1 ? "" : "s");
  return TRUE;
}
