/* flow-solve-backtrack.c: the first write-up's plain backtracking
 * (../shared/seeds/001, solvePuzzle, "Backtracking").
 *
 * The write-up's search, step by step:
 *   - colours are taken in a fixed order, the pair with the smallest
 *     taxicab distance between its dots first (its first rule);
 *   - a colour's path is grown from its first dot one cell at a time, the
 *     four directions tried in order of how much they cut the taxicab
 *     distance to the other dot (its second rule), and when the path's end
 *     is beside that dot the colour is joined and the next one begins;
 *   - after every step the write-up's checkGrid: a dot or a path end that is
 *     walled in (no empty neighbour and not beside its partner, "T-uri sau
 *     +-uri") ends the branch;
 *   - when every colour is joined the board must be full (its `solved`).
 * The game's rule (a path never touches itself side by side) is kept the
 * same way a player keeps it: a step into a cell that touches the path
 * anywhere but at its end (or at the other dot) is refused.
 *
 * Why it is complete: in any solution, colour c's path leaves its first
 * dot through one of its neighbours and goes on cell by cell to the other
 * dot, never touching itself; the search tries every such step in turn, so
 * it meets every solution. checkGrid only cuts boards where some end can
 * never move again, which no solution extends.
 *
 * Why it is slow (the write-up measured 4–20 s on 9×9): nothing looks at
 * the empty cells until every colour is joined. A colour's path wanders
 * anywhere it fits, walls off regions no colour can reach, and the search
 * only finds out at the very end, when the board is not full ("full-board
 * failures"); then it backs up one step and tries again. The counters say
 * so: search calls, dead ends, refused steps and full-board failures.
 * The heuristic search (flow-solve-heuristic.c) prunes those boards early.
 *
 * The search is iterative (an explicit stack, one frame per link placed),
 * so a large board cannot overflow the thread's stack. Without a node
 * limit in the options it stops after DEFAULT_NODE_LIMIT search calls
 * (2^27, about 8 s on this machine; Enlight's backtracking stops at
 * 2^28), so it never runs away in the app; it polls the cancellable and
 * the time limit every 1024 calls.
 */
#include "flow.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_NODE_LIMIT ((guint64) 1 << 27)

typedef struct {
  int    c;             /* active colour index being grown, or -1: all joined */
  int    from;          /* its path end */
  guint8 ndirs, next;
  guint8 dirs[4];
  gint8  placed;        /* direction linked from `from`, or -1 */
} Frame;

typedef struct {
  const FlowState *level;
  int      w, h, n, k;
  int     *order;        /* active colours in the write-up's order */
  int      pos;          /* how many of them are joined */
  int     *colour_of;    /* active index → level colour */
  int     *start, *end, *head;
  guint8  *colour, *links;
  Frame   *stack;
  int      sp;
  guint64  calls, dead_ends, refused, full_fail, undos;
  HbTrace *trace;
} Bt;

static inline int
neighbour (const Bt *b, int i, int d)
{
  return hb_neighbour_cell (i, b->w, b->h, d);
}

static inline int
taxicab (const Bt *b, int i, int j)
{
  return abs (i % b->w - j % b->w) + abs (i / b->w - j / b->w);
}

static void
trace_step (Bt *b, HbStepKind kind, int cell, int dir, int c)
{
  flow_trace_step (b->trace, b->w, kind, cell, dir, b->colour_of[c], b->sp, (gint64) b->calls);
}

/* The next frame: the colour being grown and its steps in the write-up's
 * order (only the join when the end is beside the other dot). */
static void
expand (Bt *b, Frame *f)
{
  int c, from, dist[4];

  f->ndirs = f->next = 0;
  f->placed = -1;
  if (b->pos == b->k)
    {
      f->c = -1;
      f->from = -1;
      return;
    }
  c = b->order[b->pos];
  from = b->head[c];
  f->c = c;
  f->from = from;
  for (int d = 0; d < 4; d++)
    if (neighbour (b, from, d) == b->end[c])
      {
        f->dirs[f->ndirs++] = (guint8) d;
        return;
      }
  for (int d = 0; d < 4; d++)
    {
      int e = neighbour (b, from, d);
      if (e >= 0)
        {
          int j = f->ndirs++;
          dist[j] = taxicab (b, e, b->end[c]);
          f->dirs[j] = (guint8) d;
          /* Insertion by distance, stable for equal ones. */
          for (; j > 0 && dist[j - 1] > dist[j]; j--)
            {
              int td = dist[j]; guint8 tdir = f->dirs[j];
              dist[j] = dist[j - 1];
              f->dirs[j] = f->dirs[j - 1];
              dist[j - 1] = td;
              f->dirs[j - 1] = tdir;
            }
        }
    }
}

/* checkGrid around cell e: is some unjoined end there walled in? */
static gboolean
walled_in (const Bt *b, int cell)
{
  for (int a = b->pos; a < b->k; a++)
    {
      int c = b->order[a];
      int ends[2] = { b->head[c], b->end[c] };

      for (int t = 0; t < 2; t++)
        {
          int v = ends[t], other = ends[1 - t];
          gboolean free = FALSE;

          if (taxicab (b, v, cell) > 1)
            continue;
          for (int d = 0; d < 4 && !free; d++)
            {
              int u = neighbour (b, v, d);
              free = u >= 0 && (b->colour[u] == 0 || u == other);
            }
          if (!free)
            return TRUE;
        }
    }
  return FALSE;
}

static void
add_link (Bt *b, int from, int d, int to, int c)
{
  b->colour[to] = (guint8) (b->colour_of[c] + 1);
  b->links[from] |= (guint8) (1u << d);
  b->links[to] |= (guint8) (1u << HB_DIR_OPPOSITE (d));
}

static void
unlink_step (Bt *b, Frame *f)
{
  int d = f->placed, to = neighbour (b, f->from, d);

  b->links[f->from] &= (guint8) ~(1u << d);
  b->links[to] &= (guint8) ~(1u << HB_DIR_OPPOSITE (d));
  if (to == b->end[f->c])
    b->pos--;
  else
    b->colour[to] = 0;
  b->head[f->c] = f->from;
  f->placed = -1;
  b->undos++;
  trace_step (b, HB_STEP_UNDO, f->from, d, f->c);
}

static HbResult *
backtrack_solve (const HbState *state, const HbSolveOptions *options,
                 HbTrace *trace, HbCancel *cancellable, GError **error)
{
  const FlowState *level = FLOW_CONST (state);
  int w = state->width, h = state->height, n = w * h;
  int ndots[FLOW_MAX_COLOURS] = { 0 };
  guint64 limit = options->node_limit ? options->node_limit : DEFAULT_NODE_LIMIT;
  double deadline = hb_deadline (options);
  HbStopReason stop = HB_STOP_CANCELLED;
  gboolean stopped = FALSE, found = FALSE;
  HbResult *r;
  Bt b = { 0 };

  hb_trace_set_counter_name (trace, _("search calls"));
  for (int i = 0; i < n; i++)
    if (level->dot[i] && level->dot[i] <= level->colours)
      ndots[level->dot[i] - 1]++;
  b.level = level;
  b.w = w;
  b.h = h;
  b.n = n;
  b.colour_of = g_new (int, FLOW_MAX_COLOURS);
  for (int c = 0; c < level->colours; c++)
    {
      if (ndots[c] == 2)
        b.colour_of[b.k++] = c;
      else if (ndots[c] != 0)
        {
          r = flow_result_bad_dots (level, c, ndots[c]);
          g_free (b.colour_of);
          return r;
        }
    }
  if (b.k == 0)
    {
      r = hb_result_new (HB_STATUS_NO_SOLUTION);
      hb_result_set_message (r, "%s", _("The level has no pair of dots to join"));
      g_free (b.colour_of);
      return r;
    }

  b.trace = trace;
  b.order = g_new (int, b.k);
  b.start = g_new (int, b.k);
  b.end = g_new (int, b.k);
  b.head = g_new (int, b.k);
  b.colour = g_malloc0 (n);
  b.links = g_malloc0 (n);
  b.stack = g_new (Frame, n + 1);
  for (int c = 0; c < b.k; c++)
    {
      flow_endpoints (level, b.colour_of[c], &b.start[c], &b.end[c]);
      b.head[c] = b.start[c];
      b.order[c] = c;
    }
  for (int i = 0; i < n; i++)
    b.colour[i] = level->dot[i];
  /* The write-up's first rule: the pairs closest together first. */
  for (int a = 1; a < b.k; a++)
    for (int j = a; j > 0 && taxicab (&b, b.start[b.order[j - 1]], b.end[b.order[j - 1]])
                             > taxicab (&b, b.start[b.order[j]], b.end[b.order[j]]); j--)
      {
        int t = b.order[j];
        b.order[j] = b.order[j - 1];
        b.order[j - 1] = t;
      }

  expand (&b, &b.stack[b.sp++]);
  while (b.sp > 0)
    {
      Frame *f = &b.stack[b.sp - 1];
      int d, e, c = f->c;

      if (f->placed >= 0)
        unlink_step (&b, f);
      if (c < 0)
        {
          /* Every colour joined: the write-up's `solved`. */
          gboolean full = TRUE;
          for (int i = 0; i < n && full; i++)
            full = b.colour[i] != 0;
          if (full)
            {
              found = TRUE;
              break;
            }
          b.full_fail++;
          b.sp--;
          continue;
        }
      if (f->next == f->ndirs)
        {
          b.sp--;
          continue;
        }

      if (b.calls >= limit)
        {
          stopped = TRUE;
          stop = HB_STOP_NODE_LIMIT;
          break;
        }
      b.calls++;
      if ((b.calls & 1023) == 0)
        {
          if (hb_cancel_is_set (cancellable))
            stopped = TRUE, stop = HB_STOP_CANCELLED;
          else if (deadline > 0 && hb_now () >= deadline)
            stopped = TRUE, stop = HB_STOP_TIME_LIMIT;
          hb_trace_set_progress (trace, (gint64) b.calls, NULL);
          flow_publish_board (trace, level, b.colour, b.links, NULL);
        }
      if (stopped)
        break;

      d = f->dirs[f->next++];
      e = neighbour (&b, f->from, d);
      trace_step (&b, HB_STEP_TRY, e, -1, c);
      if (e == b.end[c])
        {
          add_link (&b, f->from, d, e, c);
          b.head[c] = e;
          b.pos++;
        }
      else
        {
          gboolean touches = FALSE;

          if (b.colour[e] != 0)
            {
              b.refused++;
              trace_step (&b, HB_STEP_REJECT, e, -1, c);
              continue;
            }
          for (int dd = 0; dd < 4 && !touches; dd++)
            {
              int v = neighbour (&b, e, dd);
              touches = v >= 0 && v != f->from && v != b.end[c]
                        && b.colour[v] == b.colour_of[c] + 1;
            }
          if (touches)
            {
              b.refused++;
              trace_step (&b, HB_STEP_REJECT, e, -1, c);
              continue;
            }
          add_link (&b, f->from, d, e, c);
          b.head[c] = e;
        }
      f->placed = (gint8) d;
      trace_step (&b, HB_STEP_PLACE, f->from, d, c);
      if (walled_in (&b, e))
        {
          b.dead_ends++;
          trace_step (&b, HB_STEP_REJECT, e, -1, c);
          continue;   /* the frame undoes it on its next turn */
        }
      expand (&b, &b.stack[b.sp++]);
    }

  /* The messages are marked here for translation; flow_search_result
   * formats them. */
  r = flow_search_result (level, trace, found, stopped, stop, b.calls,
                          options->node_limit == 0, b.colour, b.links,
                          _("plain backtracking can take hours; the heuristic "
                          "search or the SAT solver is far faster"),
                          _("The whole backtracking search found no way to "
                          "join every pair and fill the board"));
  hb_result_add_stat (r, N_("search calls"), "%" G_GUINT64_FORMAT, b.calls);
  hb_result_add_stat (r, N_("dead ends"), "%" G_GUINT64_FORMAT, b.dead_ends);
  hb_result_add_stat (r, N_("refused steps"), "%" G_GUINT64_FORMAT, b.refused);
  hb_result_add_stat (r, N_("full-board failures"), "%" G_GUINT64_FORMAT, b.full_fail);
  hb_result_add_stat (r, N_("undos"), "%" G_GUINT64_FORMAT, b.undos);

  g_free (b.colour_of);
  g_free (b.order);
  g_free (b.start);
  g_free (b.end);
  g_free (b.head);
  g_free (b.colour);
  g_free (b.links);
  g_free (b.stack);
  return r;
}

const HbSolver flow_solver_backtrack = {
  .id = "backtrack",
  .name = N_("Plain backtracking (original article)"),
  .summary = N_("The original article's backtracking: one colour at a time, closest pair first, "
                "each path grown toward its other dot; slow, and the counters show why"),
  .flags = HB_SOLVER_EXACT | HB_SOLVER_ANIMATED | HB_SOLVER_OWN_NODE_LIMIT,
  .solve = backtrack_solve,
};
