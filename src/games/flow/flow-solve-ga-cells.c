/* flow-solve-ga-cells.c: the second write-up's first attempt, a genetic
 * algorithm on cell colours, kept as a teaching view.
 *
 * An individual gives every empty cell a colour (the dots keep theirs).
 * Tournament selection (the best of three, the best individual kept),
 * k-point crossover (two cut points in reading order, the middle stretch
 * swapped between the parents), n-point mutation (two random cells get
 * random colours). The fitness is the write-up's: the number of cells that
 * satisfy the CSP's rule, a dot with exactly one neighbour of its colour
 * and any other cell with exactly two; higher is better and the whole
 * board is the best.
 *
 * Why it fails, and what this view shows: the rule is local. A closed loop
 * of one colour, or a stretch of path that reaches no dot, satisfies it in
 * every cell, so a board can score close to the top, or at the top, and be
 * no solution at all. Each generation's best board is recorded with those
 * pieces marked. The solver returns SOLVED only when flow_is_solved
 * agrees; otherwise it gives up and says how many pieces of colour are cut
 * off from their dots in its best board. */
#include "flow-ga.h"

#include <glib/gi18n.h>
#include <string.h>

#define TOURNAMENT 3
#define CROSSOVER_RATE 0.7
#define MUTATION_POINTS 2

typedef struct {
  const FlowState *level;
  int w, h, n, colours;
  int *free_cells;      /* the cells the GA colours */
  int nfree;
  FlowRng rng;
} Gc;

static inline int
nb (const Gc *g, int i, int d)
{
  return hb_neighbour_cell (i, g->w, g->h, d);
}

/* Cells satisfying the rule; marks (may be NULL) gets 1 on the others. */
static int
satisfied (const Gc *g, const guint8 *cells, guint8 *marks)
{
  int ok = 0;

  for (int i = 0; i < g->n; i++)
    {
      int same = 0;
      for (int d = 0; d < 4; d++)
        {
          int j = nb (g, i, d);
          same += j >= 0 && cells[j] == cells[i];
        }
      if (same == (g->level->dot[i] ? 1 : 2))
        ok++;
      else if (marks != NULL)
        marks[i] = 1;
    }
  return ok;
}

/* Pieces of colour (connected same-colour cells) that hold no dot; marks
 * (may be NULL) gets 1 on their cells. */
static int
stray_pieces (const Gc *g, const guint8 *cells, guint8 *marks)
{
  g_autofree int *queue = g_new (int, g->n);
  g_autofree guint8 *seen = g_malloc0 ((gsize) g->n);
  int stray = 0;

  for (int i = 0; i < g->n; i++)
    {
      int head = 0, tail = 0;
      gboolean dot = FALSE;

      if (seen[i])
        continue;
      seen[i] = 1;
      queue[tail++] = i;
      while (head < tail)
        {
          int v = queue[head++];
          dot |= g->level->dot[v] != 0;
          for (int d = 0; d < 4; d++)
            {
              int u = nb (g, v, d);
              if (u >= 0 && !seen[u] && cells[u] == cells[i])
                {
                  seen[u] = 1;
                  queue[tail++] = u;
                }
            }
        }
      stray += !dot;
      if (!dot && marks != NULL)
        for (int k = 0; k < tail; k++)
          marks[queue[k]] = 1;
    }
  return stray;
}

/* The board with same-colour neighbours linked, for the trace. */
static void
board_links (const Gc *g, const guint8 *cells, guint8 *links)
{
  for (int i = 0; i < g->n; i++)
    {
      guint8 m = 0;
      for (int d = 0; d < 4; d++)
        {
          int j = nb (g, i, d);
          if (j >= 0 && cells[j] == cells[i])
            m |= (guint8) (1u << d);
        }
      links[i] = m;
    }
}

/* The best board's cells that satisfy the rule, of all of them: the
 * noun's plural from the cells in all, which it follows (a message's one
 * plural, or none, read "din 100 celule" in Romanian, where 100 takes "de
 * celule"). */
static char *
cells_satisfied (int best, int cells)
{
  /* TRANSLATORS: within the next messages: "the best board satisfies 96
   * of 100 cells" */
  return g_strdup_printf (g_dngettext (NULL, "the best board satisfies %d of %d cell",
                                       "the best board satisfies %d of %d cells", cells),
                          best, cells);
}

static void
limit_message (HbResult *r, gboolean nodes, int gen, int best, int cells)
{
  g_autofree char *satisfied = cells_satisfied (best, cells);

  if (nodes)
    /* TRANSLATORS: %s is "the best board satisfies 96 of 100 cells" */
    hb_result_set_message (r, _("Gave up at generation %d (the node limit): %s."), gen,
                           satisfied);
  else
    /* TRANSLATORS: %s is "the best board satisfies 96 of 100 cells" */
    hb_result_set_message (r, _("Gave up at generation %d (the time limit): %s."), gen,
                           satisfied);
}

static const HbSetting ga_cells_settings[] = {
  { "population", N_("Population"),
    N_("Individuals per generation, 2 or more; automatic is 500 below 10×10 cells and "
       "1000 from 10×10, as the original article chose, fewer where that many would not "
       "fit the memory limit."),
    HB_SETTING_INT, 0, 100000, 0, NULL, N_("Auto"), NULL, 2 },
  { "generations", N_("Generations"),
    N_("How many generations before it gives up; automatic is 200 below 10×10 cells "
       "and 500 from 10×10."),
    HB_SETTING_INT, 0, 1000000, 0, NULL, N_("Auto"), NULL },
  { "mutation", N_("Mutation rate"),
    N_("The chance that a child gets random colours on two of its cells."),
    HB_SETTING_NUMBER, 0, 1, 0.3, NULL, NULL, NULL },
  HB_SETTING_SEED_ENTRY,
  { NULL }
};

static HbResult *
ga_cells_solve (const HbState *state, const HbSolveOptions *options, HbTrace *trace,
                HbCancel *cancellable, GError **error)
{
  const FlowState *level = FLOW_CONST (state);
  Gc g = { 0 };
  FlowGaParams prm;
  FlowGaReport rep;
  guint8 *pop = NULL, *next = NULL;
  double *neg = NULL;
  int *score = NULL;
  g_autofree guint8 *links = NULL, *marks = NULL;
  HbResult *r = NULL;
  double deadline = options ? hb_deadline (options) : 0;
  int gen = 0, P, best_score = -1, ib = 0;
  gsize n;

  if (!flow_ga_params (&prm, level, options, ga_cells_settings, error))
    return NULL;
  P = prm.population;
  g.level = level;
  g.w = state->width;
  g.h = state->height;
  g.n = g.w * g.h;
  n = (gsize) g.n;
  g.colours = MIN (level->colours, FLOW_MAX_COLOURS);
  /* The score is the cells whose rule holds: the more the better. */
  flow_ga_report_begin (&rep, trace, N_("cells satisfied (higher is better)"),
                        FLOW_MARKS_STRAY);
  /* The plot's top: every cell, dots too (a line reaching it can still be
   * no solution, which is what this view teaches). */
  hb_trace_set_goal (trace, g.n, N_("every cell"));
  if ((r = flow_ga_check_level (&prm, level, options, 2.0 * (double) n)) != NULL)
    return r;
  P = prm.population;
  flow_rng_seed (&g.rng, prm.seed);
  g.free_cells = g_new (int, g.n);
  for (int i = 0; i < g.n; i++)
    if (level->dot[i] == 0)
      g.free_cells[g.nfree++] = i;
  pop = g_malloc (n * P);
  next = g_malloc (n * P);
  neg = g_new (double, P);
  score = g_new (int, P);
  links = g_malloc (n);
  marks = g_malloc0 (n);
  for (int k = 0; k < P; k++)
    {
      guint8 *ind = pop + n * k;

      /* Each individual is a pass over the board: on 1000x1000 the
       * first population took 2-3 s past a time limit of 1 ms (review). */
      if (hb_cancel_is_set (cancellable))
        goto cancelled;
      memcpy (ind, level->dot, n);
      for (int m = 0; m < g.nfree; m++)
        ind[g.free_cells[m]] = (guint8) (1 + flow_rng_below (&g.rng, (guint32) g.colours));
      score[k] = satisfied (&g, ind, NULL);
    }

  for (gen = 0;; gen++)
    {
      int iw = 0;
      double sum = 0;
      guint8 *best, *t;

      ib = 0;
      for (int k = 0; k < P; k++)
        {
          neg[k] = -score[k];
          sum += score[k];
          if (score[k] > score[ib])
            ib = k;
          if (score[k] < score[iw])
            iw = k;
        }
      best = pop + n * ib;
      best_score = score[ib];
      /* The marks show what the fitness cannot see: pieces of colour that
       * satisfy the rule cell by cell and still reach no dot. */
      memset (marks, 0, n);
      stray_pieces (&g, best, marks);
      board_links (&g, best, links);
      flow_ga_report (&rep, trace, level, gen, score[ib], sum / P, score[iw], best, links,
                      marks);
      if (score[ib] == g.n || gen >= prm.generations)
        {
          g_autofree guint8 *lk = g_malloc0 (n);
          if (score[ib] == g.n && flow_links_from_colours (level, best, lk))
            {
              r = hb_result_new (HB_STATUS_SOLVED);
              flow_result_set_solution (r, level, best, lk);
              if (flow_is_solved (FLOW_CONST (r->solved)))
                {
                  hb_result_set_message (r, g_dngettext (NULL,
                                                         "Solved after %d generation.",
                                                         "Solved after %d generations.",
                                                         gen),
                                         gen);
                  flow_trace_board (trace, HB_STEP_SOLUTION, level, best, lk, NULL, gen,
                                    NULL);
                  break;
                }
              hb_result_free (r);
            }
          r = hb_result_new (HB_STATUS_GAVE_UP);
          if (score[ib] == g.n)
            {
              int stray = stray_pieces (&g, best, NULL);
              hb_result_set_message (r, g_dngettext (NULL,
                                                     "Every cell satisfies the rule, yet the board "
                                                     "is no solution: %d piece of colour reaches "
                                                     "no dot (a closed loop). A perfect fitness "
                                                     "can still be a bad board, the original article's "
                                                     "reason to move to paths.",
                                                     "Every cell satisfies the rule, yet the board "
                                                     "is no solution: %d pieces of colour reach "
                                                     "no dot (closed loops). A perfect fitness "
                                                     "can still be a bad board, the original article's "
                                                     "reason to move to paths.",
                                                     stray),
                                     stray);
            }
          else
            {
              int stray = stray_pieces (&g, best, NULL);
              g_autofree char *satisfied = cells_satisfied (score[ib], g.n);

              if (stray > 0)
                /* TRANSLATORS: the second %s is "the best board satisfies
                 * 96 of 100 cells" */
                hb_result_set_message (r, g_dngettext (NULL,
                                                       "Did not converge by generation %d: %s, "
                                                       "yet %d piece of colour in it reaches no "
                                                       "dot. A good fitness can still be a bad "
                                                       "board, the original article's reason to "
                                                       "move to paths.",
                                                       "Did not converge by generation %d: %s, "
                                                       "yet %d pieces of colour in it reach no "
                                                       "dot. A good fitness can still be a bad "
                                                       "board, the original article's reason to "
                                                       "move to paths.",
                                                       stray),
                                       prm.generations, satisfied, stray);
              else
                /* TRANSLATORS: %s is "the best board satisfies 96 of 100
                 * cells" */
                hb_result_set_message (r, _("Did not converge by generation %d: %s."),
                                       prm.generations, satisfied);
            }
          break;
        }
      if (hb_cancel_is_set (cancellable))
        goto cancelled;
      if (options != NULL && hb_limits_hit (options, deadline, (guint64) gen))
        {
          r = hb_result_new (HB_STATUS_GAVE_UP);
          limit_message (r, options->node_limit && (guint64) gen >= options->node_limit,
                         gen, best_score, g.n);
          break;
        }

      memcpy (next, best, n);
      score[0] = score[ib];   /* the kept best; the rest are recomputed below */
      for (int k = 1; k < P; k += 2)
        {
          const guint8 *a = pop + n * flow_ga_tournament (&g.rng, neg, P, TOURNAMENT);
          const guint8 *b = pop + n * flow_ga_tournament (&g.rng, neg, P, TOURNAMENT);
          guint8 *x = next + n * k, *y = k + 1 < P ? next + n * (k + 1) : NULL;
          guint8 *kids[2] = { x, y };

          if (hb_cancelled_every (cancellable, (guint64) k, 15))
            goto cancelled;
          memcpy (x, a, n);
          if (y != NULL)
            memcpy (y, b, n);
          if (flow_rng_double (&g.rng) < CROSSOVER_RATE && g.nfree > 1)
            {
              int p1 = (int) flow_rng_below (&g.rng, (guint32) g.nfree);
              int p2 = (int) flow_rng_below (&g.rng, (guint32) g.nfree);
              if (p1 > p2)
                {
                  int t2 = p1;
                  p1 = p2;
                  p2 = t2;
                }
              for (int m = p1; m < p2; m++)
                {
                  int i = g.free_cells[m];
                  x[i] = b[i];
                  if (y != NULL)
                    y[i] = a[i];
                }
            }
          for (int q = 0; q < 2; q++)
            {
              if (kids[q] == NULL)
                continue;
              if (g.nfree > 0 && flow_rng_double (&g.rng) < prm.mutation)
                for (int m = 0; m < MUTATION_POINTS; m++)
                  kids[q][g.free_cells[flow_rng_below (&g.rng, (guint32) g.nfree)]]
                    = (guint8) (1 + flow_rng_below (&g.rng, (guint32) g.colours));
              score[k + q] = satisfied (&g, kids[q], NULL);
            }
        }
      t = pop;
      pop = next;
      next = t;
    }
  goto done;

cancelled:
  hb_result_free (r);
  if (deadline > 0 && hb_now () >= deadline && best_score >= 0)
    {
      /* The time limit (hb_solve cancels at the deadline). */
      r = hb_result_new (HB_STATUS_GAVE_UP);
      limit_message (r, FALSE, gen, best_score, g.n);
    }
  else
    r = hb_result_stop (hb_result_new (HB_STATUS_CANCELLED), HB_STOP_CANCELLED, (guint64) gen,
                        "%s generation", "%s generations");

done:
  flow_ga_add_stats (r, &prm, gen);
  if (best_score >= 0)
    hb_result_add_stat (r, N_("best fitness"), "%d", best_score);
  hb_result_add_stat (r, N_("cells"), "%d", g.n);
  g_free (pop);
  g_free (next);
  g_free (neg);
  g_free (score);
  g_free (g.free_cells);
  return r;
}

const HbSolver flow_solver_ga_cells = {
  .id = "ga-cells",
  .name = N_("Genetic algorithm on cell colours"),
  .summary = N_("The original article's first attempt, kept to teach: a colour per cell, "
                "k-point crossover, n-point mutation, per-cell fitness; a good fitness "
                "can still be a bad board"),
  .flags = HB_SOLVER_STOCHASTIC | HB_SOLVER_ANIMATED,
  .settings = ga_cells_settings,
  .solve = ga_cells_solve,
};
