/* flow-solve-heuristic.c: the first write-up's heuristic search
 * (../shared/seeds/001, heuristic_solver.py and its rules).
 *
 * Paths are grown one cell at a time, as in the plain backtracking
 * (flow-solve-backtrack.c), with the write-up's heuristics:
 *   - the colour with the fewest options goes next ("Cel mai eficient este
 *     sa incepem cu acele culori care au cele mai putine optiuni de
 *     deplasare"): at every step the unjoined colour whose path end has the
 *     fewest legal steps, ties to the pair closest in taxicab distance; a
 *     colour with one step left is thereby forced at once, one with none
 *     ends the branch;
 *   - its steps are tried in the order that most reduces the taxicab
 *     distance to its other end;
 *   - a path may grow from either of its dots: "options" are counted at
 *     both of its ends and the end with fewer is grown (the write-up grows
 *     from one; the other end is just another option to count);
 *   - a step that would leave a dead end (below) beside the cell it leaves
 *     is no option at all, so it does not count: more colours are then
 *     forced, and sooner (on the reference boards this cuts the search
 *     calls by 5 to 30 times);
 *   - boards that cannot be finished are pruned as soon as they appear:
 *       dead ends: an empty cell with fewer than two neighbours that are
 *         empty or an unjoined path end (every empty cell will be a path
 *         cell with two links, and nothing else can link to it);
 *       cut-off pairs: an unjoined colour whose end and other dot touch no
 *         common empty region (and are not side by side) can never join;
 *       stranded regions: an empty region no unjoined colour can cross
 *         (none has both its end and its other dot beside it) can never be
 *         filled: every cell a path enters lies between its two ends.
 *
 * It is exact: every rule above only removes boards that no solution
 * extends, and the step chosen is one of the chosen colour's, all of which
 * are tried — so the search meets every solution and, when it finishes
 * without one, proves there is none. On limits (time, nodes, cancel) it
 * says it gave up. The search is iterative, like the backtracking, so
 * deep boards do not overflow the stack. Each call scans the whole board
 * (the pruning rules), so the cancellable and the time limit are polled on
 * every call, and without a node limit in the options it stops after
 * DEFAULT_WORK / cells calls: about 1.4 million on a 14×14 board, some
 * 10 s here, so it never runs away in the app. A board needs a call per
 * link at the very least (cells − colours), so when that alone is over the
 * default budget (from about 128×128 on) it says so at once: this search
 * is not for huge boards.
 */
#include "flow.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_WORK ((guint64) 1 << 28)

typedef struct {
  int    c;             /* colour being grown, or -1: all joined */
  int    t;             /* which of its two ends */
  int    from;
  guint8 ndirs, next;
  guint8 dirs[4];
  gint8  placed;        /* direction linked from `from`, or -1 */
} Frame;

typedef struct {
  const FlowState *level;
  int      w, h, n, k;
  int      joined;
  int     *colour_of;    /* active index → level colour */
  int     *tipcell;      /* per active colour c: its two path ends, 2c and 2c+1 */
  gboolean *done;
  guint8  *colour, *links;
  guint8  *tip;          /* 1: an unjoined path end or its other dot */
  int     *region, *queue;
  guint8  *region_ok;
  Frame   *stack;
  int      sp;
  guint64  calls, forced, dead_cells, cut_off, stranded, undos;
  HbTrace *trace;
} Hs;

static inline int
neighbour (const Hs *s, int i, int d)
{
  return hb_neighbour_cell (i, s->w, s->h, d);
}

static inline int
taxicab (const Hs *s, int i, int j)
{
  return abs (i % s->w - j % s->w) + abs (i / s->w - j / s->w);
}

static void
trace_step (Hs *s, HbStepKind kind, int cell, int dir, int c)
{
  flow_trace_step (s->trace, s->w, kind, cell, dir, s->colour_of[c], s->sp, (gint64) s->calls);
}

/* Can colour c's path step from end t into e? (e empty, and touching the
 * path nowhere but at its two ends.) */
static gboolean
can_enter (const Hs *s, int c, int e)
{
  if (s->colour[e] != 0)
    return FALSE;
  for (int d = 0; d < 4; d++)
    {
      int v = neighbour (s, e, d);
      if (v >= 0 && v != s->tipcell[2 * c] && v != s->tipcell[2 * c + 1]
          && s->colour[v] == s->colour_of[c] + 1)
        return FALSE;
    }
  return TRUE;
}

/* Would the step from `from` into e leave an empty neighbour of `from`
 * with fewer than two open sides (the dead-end rule, checked before the
 * step)? `from` stops being a path end, e becomes one. */
static gboolean
strands_neighbour (const Hs *s, int from, int e)
{
  for (int d = 0; d < 4; d++)
    {
      int u = neighbour (s, from, d), open = 0;

      if (u < 0 || u == e || s->colour[u] != 0)
        continue;
      for (int dd = 0; dd < 4; dd++)
        {
          int v = neighbour (s, u, dd);
          open += v >= 0 && v != from && (s->colour[v] == 0 || s->tip[v] || v == e);
        }
      if (open < 2)
        return TRUE;
    }
  return FALSE;
}

/* The legal steps from end t of colour c, best first; returns how many.
 * Two ends side by side must join (two cells of one colour that touch are
 * linked), so that is then the only step. */
static int
steps_of (const Hs *s, int c, int t, guint8 *dirs)
{
  int from = s->tipcell[2 * c + t], other = s->tipcell[2 * c + 1 - t], nd = 0, dist[4];

  for (int d = 0; d < 4; d++)
    if (neighbour (s, from, d) == other)
      {
        dirs[0] = (guint8) d;
        return 1;
      }
  for (int d = 0; d < 4; d++)
    {
      int e = neighbour (s, from, d), j;
      if (e < 0 || !can_enter (s, c, e) || strands_neighbour (s, from, e))
        continue;
      j = nd++;
      dist[j] = taxicab (s, e, other);
      dirs[j] = (guint8) d;
      for (; j > 0 && dist[j - 1] > dist[j]; j--)
        {
          int td = dist[j]; guint8 tdir = dirs[j];
          dist[j] = dist[j - 1];
          dirs[j] = dirs[j - 1];
          dist[j - 1] = td;
          dirs[j - 1] = tdir;
        }
    }
  return nd;
}

/* The next frame: the path end with the fewest options and its steps. */
static void
expand (Hs *s, Frame *f)
{
  int best = -1, best_t = 0, best_n = 5, best_dist = G_MAXINT;
  guint8 dirs[4];

  f->ndirs = f->next = 0;
  f->placed = -1;
  f->c = -1;
  f->from = -1;
  if (s->joined == s->k)
    return;
  for (int c = 0; c < s->k && best_n > 0; c++)
    {
      int dist;

      if (s->done[c])
        continue;
      dist = taxicab (s, s->tipcell[2 * c], s->tipcell[2 * c + 1]);
      for (int t = 0; t < 2 && best_n > 0; t++)
        {
          int nd = steps_of (s, c, t, dirs);
          if (nd < best_n || (nd == best_n && dist < best_dist))
            {
              best = c;
              best_t = t;
              best_n = nd;
              best_dist = dist;
              memcpy (f->dirs, dirs, 4);
            }
        }
    }
  f->c = best;
  f->t = best_t;
  f->from = s->tipcell[2 * best + best_t];
  f->ndirs = (guint8) best_n;
  if (best_n == 1)
    s->forced++;
}

/* The pruning rules of the comment above; returns the counter of the rule
 * that cut the board, or NULL when it may still be finished. */
static guint64 *
prune (Hs *s)
{
  int nregions = 0;

  /* Dead ends, and the empty regions. */
  for (int i = 0; i < s->n; i++)
    {
      int open = 0;

      s->region[i] = -1;
      if (s->colour[i] != 0)
        continue;
      for (int d = 0; d < 4; d++)
        {
          int v = neighbour (s, i, d);
          open += v >= 0 && (s->colour[v] == 0 || s->tip[v]);
        }
      if (open < 2)
        return &s->dead_cells;
    }
  for (int i = 0; i < s->n; i++)
    {
      int head = 0, tail = 0;

      if (s->colour[i] != 0 || s->region[i] >= 0)
        continue;
      s->region[i] = nregions;
      s->queue[tail++] = i;
      while (head < tail)
        {
          int u = s->queue[head++];
          for (int d = 0; d < 4; d++)
            {
              int v = neighbour (s, u, d);
              if (v >= 0 && s->colour[v] == 0 && s->region[v] < 0)
                {
                  s->region[v] = nregions;
                  s->queue[tail++] = v;
                }
            }
        }
      s->region_ok[nregions++] = 0;
    }

  /* Cut-off pairs; mark the regions some pair can cross. */
  for (int c = 0; c < s->k; c++)
    {
      int rh[4], nh = 0;
      gboolean meet = FALSE;

      if (s->done[c])
        continue;
      if (taxicab (s, s->tipcell[2 * c], s->tipcell[2 * c + 1]) == 1)
        continue;
      for (int d = 0; d < 4; d++)
        {
          int v = neighbour (s, s->tipcell[2 * c], d);
          if (v >= 0 && s->region[v] >= 0)
            rh[nh++] = s->region[v];
        }
      for (int d = 0; d < 4; d++)
        {
          int v = neighbour (s, s->tipcell[2 * c + 1], d);
          if (v < 0 || s->region[v] < 0)
            continue;
          for (int j = 0; j < nh; j++)
            if (rh[j] == s->region[v])
              {
                meet = TRUE;
                s->region_ok[rh[j]] = 1;
              }
        }
      if (!meet)
        return &s->cut_off;
    }
  for (int r = 0; r < nregions; r++)
    if (!s->region_ok[r])
      return &s->stranded;
  return NULL;
}

static void
unlink_step (Hs *s, Frame *f)
{
  int d = f->placed, c = f->c, to = neighbour (s, f->from, d);

  s->links[f->from] &= (guint8) ~(1u << d);
  s->links[to] &= (guint8) ~(1u << HB_DIR_OPPOSITE (d));
  if (to == s->tipcell[2 * c + 1 - f->t])
    {
      s->done[c] = FALSE;
      s->joined--;
      s->tip[to] = 1;
    }
  else
    {
      s->colour[to] = 0;
      s->tip[to] = 0;
    }
  s->tip[f->from] = 1;
  s->tipcell[2 * c + f->t] = f->from;
  f->placed = -1;
  s->undos++;
  trace_step (s, HB_STEP_UNDO, f->from, d, c);
}

static HbResult *
heuristic_solve (const HbState *state, const HbSolveOptions *options,
                 HbTrace *trace, HbCancel *cancellable, GError **error)
{
  const FlowState *level = FLOW_CONST (state);
  int w = state->width, h = state->height, n = w * h;
  int ndots[FLOW_MAX_COLOURS] = { 0 };
  guint64 limit = options->node_limit ? options->node_limit
                  : DEFAULT_WORK / (guint64) MAX (n, 1);
  double deadline = hb_deadline (options);
  HbStopReason stop = HB_STOP_CANCELLED;
  gboolean stopped = FALSE, found = FALSE;
  HbResult *r;
  Hs s = { 0 };

  hb_trace_set_counter_name (trace, _("search calls"));
  for (int i = 0; i < n; i++)
    if (level->dot[i] && level->dot[i] <= level->colours)
      ndots[level->dot[i] - 1]++;
  s.colour_of = g_new (int, FLOW_MAX_COLOURS);
  for (int c = 0; c < level->colours; c++)
    {
      if (ndots[c] == 2)
        s.colour_of[s.k++] = c;
      else if (ndots[c] != 0)
        {
          r = flow_result_bad_dots (level, c, ndots[c]);
          g_free (s.colour_of);
          return r;
        }
    }
  if (s.k == 0)
    {
      r = hb_result_new (HB_STATUS_NO_SOLUTION);
      hb_result_set_message (r, "%s", _("The level has no pair of dots to join"));
      g_free (s.colour_of);
      return r;
    }

  if (options->node_limit == 0 && (guint64) (n - s.k) > limit)
    {
      g_autofree char *need = g_strdup_printf ("%d", n - s.k);
      g_autofree char *budget = g_strdup_printf ("%" G_GUINT64_FORMAT, limit);

      r = hb_result_new (HB_STATUS_GAVE_UP);
      hb_result_set_message (r, g_dngettext (NULL,
                                             "Too large for the heuristic search: every step "
                                             "scans the whole board, and a %d×%d board needs "
                                             "at least %s step, over its default budget of "
                                             "%s; the fastest solver is made for it",
                                             "Too large for the heuristic search: every step "
                                             "scans the whole board, and a %d×%d board needs "
                                             "at least %s steps, over its default budget of "
                                             "%s; the fastest solver is made for it",
                                             (gulong) MAX (n - s.k, 0)),
                             w, h, need, budget);
      g_free (s.colour_of);
      return r;
    }

  s.level = level;
  s.w = w;
  s.h = h;
  s.n = n;
  s.trace = trace;
  s.tipcell = g_new (int, 2 * s.k);
  s.done = g_new0 (gboolean, s.k);
  s.colour = g_malloc0 (n);
  s.links = g_malloc0 (n);
  s.tip = g_malloc0 (n);
  s.region = g_new (int, n);
  s.queue = g_new (int, n);
  s.region_ok = g_malloc0 (n);
  s.stack = g_new (Frame, n + 1);
  for (int i = 0; i < n; i++)
    s.colour[i] = level->dot[i];
  for (int c = 0; c < s.k; c++)
    {
      int a, b;

      flow_endpoints (level, s.colour_of[c], &a, &b);
      s.tipcell[2 * c] = a;
      s.tipcell[2 * c + 1] = b;
      s.tip[a] = s.tip[b] = 1;
    }

  if (prune (&s) != NULL)
    s.sp = 0;   /* cut before the first step: no solution */
  else
    expand (&s, &s.stack[s.sp++]);
  while (s.sp > 0)
    {
      Frame *f = &s.stack[s.sp - 1];
      int d, e, c = f->c;
      guint64 *why;

      if (f->placed >= 0)
        unlink_step (&s, f);
      if (c < 0)
        {
          /* Every colour joined; the stranded-region rule leaves no empty
           * cell, but look anyway. */
          gboolean full = TRUE;
          for (int i = 0; i < n && full; i++)
            full = s.colour[i] != 0;
          if (full)
            {
              found = TRUE;
              break;
            }
          s.sp--;
          continue;
        }
      if (f->next == f->ndirs)
        {
          s.sp--;
          continue;
        }

      if (s.calls >= limit)
        {
          stopped = TRUE;
          stop = HB_STOP_NODE_LIMIT;
          break;
        }
      s.calls++;
      if (hb_cancel_is_set (cancellable))
        stopped = TRUE, stop = HB_STOP_CANCELLED;
      else if (deadline > 0 && hb_now () >= deadline)
        stopped = TRUE, stop = HB_STOP_TIME_LIMIT;
      if ((s.calls & 255) == 0)
        {
          hb_trace_set_progress (trace, (gint64) s.calls, NULL);
          flow_publish_board (trace, level, s.colour, s.links, NULL);
        }
      if (stopped)
        break;

      d = f->dirs[f->next++];
      e = neighbour (&s, f->from, d);
      trace_step (&s, HB_STEP_TRY, e, -1, c);
      s.colour[e] = (guint8) (s.colour_of[c] + 1);
      s.links[f->from] |= (guint8) (1u << d);
      s.links[e] |= (guint8) (1u << HB_DIR_OPPOSITE (d));
      s.tip[f->from] = 0;
      if (e == s.tipcell[2 * c + 1 - f->t])
        {
          s.done[c] = TRUE;
          s.joined++;
          s.tip[e] = 0;
        }
      else
        s.tip[e] = 1;
      s.tipcell[2 * c + f->t] = e;
      f->placed = (gint8) d;
      trace_step (&s, HB_STEP_PLACE, f->from, d, c);
      why = prune (&s);
      if (why != NULL)
        {
          (*why)++;
          trace_step (&s, HB_STEP_REJECT, e, -1, c);
          continue;   /* the frame undoes it on its next turn */
        }
      expand (&s, &s.stack[s.sp++]);
    }

  /* The messages are marked here for translation; flow_search_result
   * formats them. */
  r = flow_search_result (level, trace, found, stopped, stop, s.calls,
                          options->node_limit == 0, s.colour, s.links,
                          _("the default limit for a board of this size; the "
                          "SAT solver or the fastest solver may do better"),
                          _("The whole pruned search found no way to join "
                          "every pair and fill the board"));
  hb_result_add_stat (r, N_("search calls"), "%" G_GUINT64_FORMAT, s.calls);
  hb_result_add_stat (r, N_("forced steps"), "%" G_GUINT64_FORMAT, s.forced);
  hb_result_add_stat (r, N_("dead ends"), "%" G_GUINT64_FORMAT, s.dead_cells);
  hb_result_add_stat (r, N_("cut-off pairs"), "%" G_GUINT64_FORMAT, s.cut_off);
  hb_result_add_stat (r, N_("stranded regions"), "%" G_GUINT64_FORMAT, s.stranded);
  hb_result_add_stat (r, N_("undos"), "%" G_GUINT64_FORMAT, s.undos);

  g_free (s.colour_of);
  g_free (s.tipcell);
  g_free (s.done);
  g_free (s.colour);
  g_free (s.links);
  g_free (s.tip);
  g_free (s.region);
  g_free (s.queue);
  g_free (s.region_ok);
  g_free (s.stack);
  return r;
}

const HbSolver flow_solver_heuristic = {
  .id = "heuristic",
  .name = N_("Heuristic search (original article)"),
  .summary = N_("The original article's heuristics: the colour with the fewest options first, "
                "steps toward the other dot first, dead ends and cut-off regions pruned"),
  .flags = HB_SOLVER_EXACT | HB_SOLVER_ANIMATED | HB_SOLVER_OWN_NODE_LIMIT,
  .solve = heuristic_solve,
};
