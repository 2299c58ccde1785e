/* loop-solve-maxflow.c: the write-up's maximum-flow relaxation, kept as a
 * teaching view.
 *
 * Colour the cells like a checkerboard. A source feeds each even cell as
 * many units as it has arms, each odd cell drains as many to a sink, and
 * each pair of neighbouring cells is joined by an arc of capacity 1 (from
 * the even to the odd cell). A solved board is such a flow that saturates
 * every arc out of the source: each open edge carries one unit. So when
 * the maximum flow falls short of the arm count on either side, the level
 * provably has no solution.
 *
 * The converse fails, which is what the write-up found: the flow only
 * matches arm COUNTS, not the tiles' shapes. A corner needs two
 * perpendicular edges, a straight two opposite ones, and the flow happily
 * gives a corner two opposite edges. The tiles whose flow edges are no
 * rotation of the tile are highlighted, and the solver reports GAVE_UP with
 * a message saying this is a relaxation, never a solution.
 *
 * Dinic's algorithm, with an iterative depth-first search.
 */
#include "loop.h"

#include <glib/gi18n.h>
#include <string.h>

typedef struct {
  gint32 *head, *next, *to;
  gint32 *cap;
  gint32  narcs;
} Net;

static void
add_arc (Net *g, gint32 u, gint32 v, gint32 c)
{
  g->to[g->narcs] = v;
  g->cap[g->narcs] = c;
  g->next[g->narcs] = g->head[u];
  g->head[u] = g->narcs++;
  g->to[g->narcs] = u;
  g->cap[g->narcs] = 0;
  g->next[g->narcs] = g->head[v];
  g->head[v] = g->narcs++;
}

/* Whether to stop: Cancel, or the time limit (*timed_out set). */
static gboolean
should_stop (HbCancel *cancellable, double deadline, gboolean *timed_out)
{
  if (hb_cancel_is_set (cancellable))
    return TRUE;
  if (deadline > 0 && hb_now () >= deadline)
    return *timed_out = TRUE;
  return FALSE;
}

static HbResult *
maxflow_solve (const HbState *state, const HbSolveOptions *options,
               HbTrace *trace, HbCancel *cancellable, GError **error)
{
  const LoopState *s = LOOP_CONST (state);
  int w = state->width, h = state->height;
  gsize n = (gsize) w * h;
  gint32 src = (gint32) n, snk = (gint32) n + 1, nv = (gint32) n + 2;
  gsize max_arcs = 2 * (n + 2 * n);
  Net g;
  gint32 *level, *queue, *it, *path;
  gint64 flow = 0, even_arms = 0, odd_arms = 0;
  guint64 phases = 0, bad = 0;
  guint8 *fmask;
  gboolean cancelled = FALSE, timed_out = FALSE;
  double deadline = hb_deadline (options);
  HbResult *r;

  g.head = g_new (gint32, nv);
  g.next = g_new (gint32, max_arcs);
  g.to = g_new (gint32, max_arcs);
  g.cap = g_new (gint32, max_arcs);
  g.narcs = 0;
  for (gint32 v = 0; v < nv; v++)
    g.head[v] = -1;
  hb_trace_set_counter_name (trace, _("phases"));

  /* Building the network of a huge board takes seconds (4096x4096: 100
   * million arcs, 1.2 GB): the limits are read every 64 rows. */
  for (int y = 0; y < h && !cancelled; y++)
    for (int x = 0; x < w; x++)
      {
        if (x == 0 && (y & 63) == 63
            && (cancelled = should_stop (cancellable, deadline, &timed_out)))
          break;
        gint32 i = y * w + x;
        int arms = __builtin_popcount (s->tiles[i]);
        if ((x + y) % 2 == 0)
          {
            even_arms += arms;
            if (arms)
              add_arc (&g, src, i, arms);
            for (int d = 0; d < 4; d++)
              {
                int nx = x + hb_dir_dx[d], ny = y + hb_dir_dy[d];
                if (nx >= 0 && ny >= 0 && nx < w && ny < h)
                  add_arc (&g, i, ny * w + nx, 1);
              }
          }
        else
          {
            odd_arms += arms;
            if (arms)
              add_arc (&g, i, snk, arms);
          }
      }

  level = g_new (gint32, nv);
  queue = g_new (gint32, nv);
  it = g_new (gint32, nv);
  path = g_new (gint32, nv + 1);
  while (!cancelled)
    {
      gint32 qh = 0, qt = 0, v, depth;

      if ((cancelled = should_stop (cancellable, deadline, &timed_out)))
        break;
      /* BFS levels from the source. */
      for (gint32 u = 0; u < nv; u++)
        level[u] = -1;
      level[src] = 0;
      queue[qt++] = src;
      while (qh < qt)
        {
          gint32 u = queue[qh++];
          /* Polled here too: a level search of a 2000x2000 board's four
           * million tiles takes a good part of a second, and the solve
           * ended 0.3-0.6 s past --time-limit 2 (gdb: in this loop). */
          if ((qh & 0xffff) == 0
              && (cancelled = should_stop (cancellable, deadline, &timed_out)))
            break;
          for (gint32 a = g.head[u]; a >= 0; a = g.next[a])
            if (g.cap[a] > 0 && level[g.to[a]] < 0)
              {
                level[g.to[a]] = level[u] + 1;
                queue[qt++] = g.to[a];
              }
        }
      if (cancelled || level[snk] < 0)
        break;
      phases++;
      memcpy (it, g.head, nv * sizeof (gint32));

      /* Blocking flow: walk forward along level arcs; at the sink push the
       * bottleneck and restart from the source; at a dead end retreat. */
      v = src;
      depth = 0;
      for (guint64 steps = 0;; steps++)
        {
          if ((steps & 0xffff) == 0 && steps > 0
              && (cancelled = should_stop (cancellable, deadline, &timed_out)))
            break;
          if (v == snk)
            {
              gint32 push = G_MAXINT32;
              for (gint32 k = 0; k < depth; k++)
                push = MIN (push, g.cap[path[k]]);
              for (gint32 k = 0; k < depth; k++)
                {
                  g.cap[path[k]] -= push;
                  g.cap[path[k] ^ 1] += push;
                }
              flow += push;
              v = src;
              depth = 0;
              continue;
            }
          while (it[v] >= 0 && (g.cap[it[v]] <= 0 || level[g.to[it[v]]] != level[v] + 1))
            it[v] = g.next[it[v]];
          if (it[v] >= 0)
            {
              path[depth++] = it[v];
              v = g.to[it[v]];
            }
          else
            {
              level[v] = -1;   /* dead end for this phase */
              if (depth == 0)
                break;
              depth--;
              v = g.to[path[depth] ^ 1];
              it[v] = g.next[it[v]];
            }
        }
      if (cancelled)
        break;
    }

  /* Flow edges per tile. */
  fmask = g_new0 (guint8, n);
  for (int y = 0; y < h && !cancelled; y++)
    for (int x = (y & 1); x < w; x += 2)
      {
        gint32 i = y * w + x;
        for (gint32 a = g.head[i]; a >= 0; a = g.next[a])
          if ((a & 1) == 0 && g.to[a] < (gint32) n && g.cap[a] == 0)
            {
              gint32 j = g.to[a];
              int d = j == i - w ? HB_DIR_N : j == i + 1 ? HB_DIR_E
                      : j == i + w ? HB_DIR_S : HB_DIR_W;
              fmask[i] |= 1 << d;
              fmask[j] |= 1 << ((d + 2) & 3);
              if (hb_trace_wants (trace))
                {
                  HbStep step = { 0 };
                  step.kind = HB_STEP_INFO;
                  step.flags = LOOP_STEP_FLOW;
                  step.aux = (guint16) d;
                  step.x = x;
                  step.y = y;
                  step.value = 1;
                  step.counter = (gint64) phases;
                  hb_trace_push (trace, &step, NULL, 0);
                }
            }
      }
  for (gsize i = 0; i < n && !cancelled; i++)
    if (loop_turns_between (s->tiles[i], fmask[i]) < 0)
      {
        bad++;
        if (hb_trace_wants (trace))
          hb_trace_add (trace, HB_STEP_REJECT, (int) (i % w), (int) (i / w), -1, 0,
                        (gint64) phases);
      }

  if (cancelled)
    r = hb_result_stop (hb_result_new (HB_STATUS_CANCELLED),
                        timed_out ? HB_STOP_TIME_LIMIT : HB_STOP_CANCELLED, phases,
                        "%s phase", "%s phases");
  else if (even_arms != odd_arms || flow < even_arms)
    {
      /* A solution would be a flow saturating the source: none exists. */
      g_autofree char *nflow = g_strdup_printf ("%" G_GINT64_FORMAT, flow);
      g_autofree char *neven = g_strdup_printf ("%" G_GINT64_FORMAT, even_arms);
      g_autofree char *nodd = g_strdup_printf ("%" G_GINT64_FORMAT, odd_arms);

      r = hb_result_new (HB_STATUS_NO_SOLUTION);
      hb_result_set_message (r, _("the maximum flow (%s) cannot carry every arm (%s on "
                                  "even cells, %s on odd cells), so no board can match "
                                  "them all"),
                             nflow, neven, nodd);
    }
  else
    {
      r = hb_result_new (HB_STATUS_GAVE_UP);
      if (bad > 0)
        {
          g_autofree char *num = g_strdup_printf ("%" G_GUINT64_FORMAT, bad);
          hb_result_set_message (r, g_dngettext (NULL,
                                                 "This is a relaxation, not a solution: the "
                                                 "maximum flow matches arm counts between "
                                                 "neighbours but ignores the tiles' shapes, and "
                                                 "%s tile cannot be turned to fit it. Use an "
                                                 "exact solver.",
                                                 "This is a relaxation, not a solution: the "
                                                 "maximum flow matches arm counts between "
                                                 "neighbours but ignores the tiles' shapes, and "
                                                 "%s tiles cannot be turned to fit it. Use an "
                                                 "exact solver.",
                                                 (gulong) MIN (bad, G_MAXULONG)),
                                 num);
        }
      else
        hb_result_set_message (r, "%s", _("This is a relaxation, not a solution method: this "
                                           "time every tile happens to fit the flow, but in "
                                           "general the flow ignores the tiles' shapes. Use an "
                                           "exact solver."));
    }
  hb_result_add_stat (r, N_("flow"), "%" G_GINT64_FORMAT, flow);
  hb_result_add_stat (r, N_("arms"), "%" G_GINT64_FORMAT, even_arms + odd_arms);
  hb_result_add_stat (r, N_("phases"), "%" G_GUINT64_FORMAT, phases);
  hb_result_add_stat (r, N_("misfit tiles"), "%" G_GUINT64_FORMAT, bad);

  g_free (fmask);
  g_free (level);
  g_free (queue);
  g_free (it);
  g_free (path);
  g_free (g.head);
  g_free (g.next);
  g_free (g.to);
  g_free (g.cap);
  return r;
}

const HbSolver loop_solver_maxflow = {
  .id = "maxflow",
  .name = N_("Maximum flow (a relaxation)"),
  .summary = N_("The original article's checkerboard flow network: matches arm counts, not tile "
                "shapes, so it shows why flow alone cannot solve the game"),
  .flags = HB_SOLVER_RELAXATION | HB_SOLVER_ANIMATED | HB_SOLVER_NO_NODE_LIMIT,
  .solve = maxflow_solve,
};
