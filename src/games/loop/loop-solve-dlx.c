/* loop-solve-dlx.c: exact cover, Knuth's Algorithm X on dancing links.
 *
 * Rows: one per (tile, distinct rotation that points off no border).
 * Columns: one per tile (each tile takes exactly one rotation) and one per
 * edge between two cells. For an edge between a first tile A (left or
 * above) and a second tile B, A's rows cover the edge's column when the
 * rotation has an arm across it, and B's rows cover it when the rotation
 * has NO arm across it. The column is then covered once exactly when
 * [A has the arm] + [B lacks it] = 1, that is when A and B agree: either
 * both arms meet or neither is there. So the exact covers are precisely the
 * solved boards.
 *
 * The search is iterative (a level stack, not recursion) so large boards
 * cannot overflow the thread's stack, picks the column with the fewest rows
 * (Knuth's S heuristic), polls the cancellable, and records each row chosen
 * (PLACE) and removed (UNDO) for the animation.
 */
#include "loop.h"

#include <glib/gi18n.h>
#include <string.h>

typedef struct {
  gint32 *L, *R, *U, *D, *C, *row;   /* per node; columns are nodes 1..ncols, 0 the root */
  gint32 *S;                          /* column sizes (indexed by column node) */
  gint32 *row_tile;
  guint8 *row_mask;
} Dlx;

static void
cover (Dlx *x, gint32 c)
{
  x->L[x->R[c]] = x->L[c];
  x->R[x->L[c]] = x->R[c];
  for (gint32 i = x->D[c]; i != c; i = x->D[i])
    for (gint32 j = x->R[i]; j != i; j = x->R[j])
      {
        x->U[x->D[j]] = x->U[j];
        x->D[x->U[j]] = x->D[j];
        x->S[x->C[j]]--;
      }
}

static void
uncover (Dlx *x, gint32 c)
{
  for (gint32 i = x->U[c]; i != c; i = x->U[i])
    for (gint32 j = x->L[i]; j != i; j = x->L[j])
      {
        x->S[x->C[j]]++;
        x->U[x->D[j]] = j;
        x->D[x->U[j]] = j;
      }
  x->L[x->R[c]] = c;
  x->R[x->L[c]] = c;
}

static void
trace_row (HbTrace *trace, const Dlx *x, const LoopState *s, gint32 node,
           HbStepKind kind, int depth, guint64 nodes)
{
  HbStep step = { 0 };
  gint32 row = x->row[node];
  gint32 t = x->row_tile[row];
  int w = s->base.width;

  step.kind = kind;
  step.flags = LOOP_STEP_DLX_ROW;
  step.x = t % w;
  step.y = t / w;
  step.value = loop_turns_between (s->tiles[t], x->row_mask[row]);
  step.depth = depth;
  step.counter = (gint64) nodes;
  hb_trace_push (trace, &step, NULL, 0);
}

static HbResult *
dlx_solve (const HbState *state, const HbSolveOptions *options,
           HbTrace *trace, HbCancel *cancellable, GError **error)
{
  const LoopState *s = LOOP_CONST (state);
  int w = state->width, h = state->height;
  gsize n = (gsize) w * h;
  gsize nh = (gsize) (w - 1) * h, nv = (gsize) w * (h - 1);
  gsize ncols = n + nh + nv, max_rows = 4 * n, max_nodes = 1 + ncols + 5 * max_rows;
  gsize limit = options->memory_limit ? options->memory_limit : (gsize) 1 << 30;
  gsize bytes = max_nodes * 6 * sizeof (gint32) + max_rows * 5 + (ncols + 1) * sizeof (gint32);
  Dlx x;
  gint32 nodes = 0, nrows = 0;
  gint32 *choice, level = 0;
  guint64 steps = 0;
  HbStatus status = HB_STATUS_NO_SOLUTION;
  HbStopReason stop = HB_STOP_CANCELLED;
  double deadline = hb_deadline (options);
  HbResult *r;

  if (bytes > limit || max_nodes > G_MAXINT32)
    {
      g_autofree char *need = g_strdup_printf ("%" G_GSIZE_FORMAT, bytes >> 20);
      g_autofree char *allowed = g_strdup_printf ("%" G_GSIZE_FORMAT, limit >> 20);

      g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED,
                   _("a %d×%d board needs about %s MiB of dancing links, "
                     "more than the %s MiB allowed"),
                   w, h, need, allowed);
      return NULL;
    }
  x.L = g_new (gint32, max_nodes);
  x.R = g_new (gint32, max_nodes);
  x.U = g_new (gint32, max_nodes);
  x.D = g_new (gint32, max_nodes);
  x.C = g_new (gint32, max_nodes);
  x.row = g_new (gint32, max_nodes);
  x.S = g_new0 (gint32, ncols + 1);
  x.row_tile = g_new (gint32, max_rows);
  x.row_mask = g_new (guint8, max_rows);
  choice = g_new (gint32, n + 1);
  hb_trace_set_counter_name (trace, _("search steps"));

  /* Root and column headers in a ring. */
  for (gsize c = 0; c <= ncols; c++)
    {
      x.L[c] = c == 0 ? (gint32) ncols : (gint32) c - 1;
      x.R[c] = c == ncols ? 0 : (gint32) c + 1;
      x.U[c] = x.D[c] = (gint32) c;
      x.C[c] = (gint32) c;
      x.row[c] = -1;
    }
  nodes = (gint32) ncols + 1;

  /* Column numbers: tile i is 1 + i; the east edge of (x, y) is
   * 1 + n + y*(w-1) + x; the south edge of (x, y) is 1 + n + nh + y*w + x. */
  for (int y = 0; y < h; y++)
    for (int xx = 0; xx < w; xx++)
      {
        gsize i = (gsize) y * w + xx;
        guint8 masks[4];
        int turns[4], nm = loop_distinct_rotations (s->tiles[i], masks, turns);

        for (int o = 0; o < nm; o++)
          {
            guint8 m = masks[o];
            gint32 cols[5], nc = 0, first;

            if ((y == 0 && (m & 1)) || (xx == w - 1 && (m & 2))
                || (y == h - 1 && (m & 4)) || (xx == 0 && (m & 8)))
              continue;
            cols[nc++] = (gint32) (1 + i);
            /* As the first tile of its east and south edges: covered when the arm is there. */
            if (xx < w - 1 && (m & 2))
              cols[nc++] = (gint32) (1 + n + (gsize) y * (w - 1) + xx);
            if (y < h - 1 && (m & 4))
              cols[nc++] = (gint32) (1 + n + nh + i);
            /* As the second tile of its west and north edges: covered when the arm is missing. */
            if (xx > 0 && !(m & 8))
              cols[nc++] = (gint32) (1 + n + (gsize) y * (w - 1) + xx - 1);
            if (y > 0 && !(m & 1))
              cols[nc++] = (gint32) (1 + n + nh + i - w);

            first = nodes;
            for (int k = 0; k < nc; k++)
              {
                gint32 c = cols[k], v = nodes++;
                x.C[v] = c;
                x.row[v] = nrows;
                x.U[v] = x.U[c];
                x.D[v] = c;
                x.D[x.U[c]] = v;
                x.U[c] = v;
                x.S[c]++;
                x.L[v] = k == 0 ? v : v - 1;
                x.R[v] = first;
                x.R[v - (k > 0)] = v;
                x.L[first] = v;
              }
            x.row_tile[nrows] = (gint32) i;
            x.row_mask[nrows] = m;
            nrows++;
          }
      }

  /* Algorithm X, iteratively: choice[level] is the row node tried at
   * that level. */
  for (;;)
    {
      gint32 c, best, rnode;

      if (x.R[0] == 0)
        {
          status = HB_STATUS_SOLVED;
          break;
        }
      steps++;
      /* A step is one column scan and one row covered (or a few undone):
       * bounded by the matrix, so 64 of them are a short while. */
      if ((steps & 0x3f) == 0)
        {
          /* The window's count (the recorded steps stop once the trace
           * is full). */
          if ((steps & 0xfff) == 0)
            hb_trace_set_progress (trace, (gint64) steps, NULL);
          if (hb_cancel_is_set (cancellable))
            {
              status = HB_STATUS_CANCELLED;
              break;
            }
          if (deadline > 0 && hb_now () >= deadline)
            {
              status = HB_STATUS_GAVE_UP;
              stop = HB_STOP_TIME_LIMIT;
              break;
            }
        }
      if (options->node_limit && steps > options->node_limit)
        {
          status = HB_STATUS_GAVE_UP;
          stop = HB_STOP_NODE_LIMIT;
          break;
        }
      best = x.R[0];
      for (c = x.R[best]; c != 0 && x.S[best] > 1; c = x.R[c])
        if (x.S[c] < x.S[best])
          best = c;
      cover (&x, best);
      rnode = x.D[best];

      /* Rows are tried down the column; when the column is exhausted,
       * uncover it, go back a level, undo that level's row and move on to
       * the next row of its column. */
      while (rnode == best)
        {
          uncover (&x, best);
          if (level == 0)
            {
              rnode = -1;
              break;
            }
          level--;
          rnode = choice[level];
          if (hb_trace_wants (trace))
            trace_row (trace, &x, s, rnode, HB_STEP_UNDO, level + 1, steps);
          for (gint32 j = x.L[rnode]; j != rnode; j = x.L[j])
            uncover (&x, x.C[j]);
          best = x.C[rnode];
          rnode = x.D[rnode];
        }
      if (rnode < 0)
        break;   /* no solution */
      choice[level++] = rnode;
      if (hb_trace_wants (trace))
        trace_row (trace, &x, s, rnode, HB_STEP_PLACE, level, steps);
      for (gint32 j = x.R[rnode]; j != rnode; j = x.R[j])
        cover (&x, x.C[j]);
    }

  r = hb_result_new (status);
  if (status == HB_STATUS_SOLVED)
    {
      guint8 *solved = g_memdup2 (s->tiles, n);
      for (gint32 l = 0; l < level; l++)
        {
          gint32 row = x.row[choice[l]];
          solved[x.row_tile[row]] = x.row_mask[row];
        }
      loop_result_set_solution (r, s, solved);
      g_free (solved);
    }
  else if (status == HB_STATUS_NO_SOLUTION)
    hb_result_set_message (r, "%s", _("the exact cover has none: no choice of rotations fits"));
  else
    {
      /* The step past the limit was counted, not taken ("after 2 search
       * steps" under a limit of 1: review). */
      if (stop == HB_STOP_NODE_LIMIT)
        steps = MIN (steps, options->node_limit);
      hb_result_stop (r, stop, steps, "%s search step", "%s search steps");
    }
  hb_result_add_stat (r, N_("nodes"), "%" G_GUINT64_FORMAT, steps);
  hb_result_add_stat (r, N_("rows"), "%d", nrows);
  hb_result_add_stat (r, N_("columns"), "%" G_GSIZE_FORMAT, ncols);

  g_free (x.L);
  g_free (x.R);
  g_free (x.U);
  g_free (x.D);
  g_free (x.C);
  g_free (x.row);
  g_free (x.S);
  g_free (x.row_tile);
  g_free (x.row_mask);
  g_free (choice);
  return r;
}

const HbSolver loop_solver_dlx = {
  .id = "dlx",
  .name = N_("Exact cover (Algorithm X, dancing links)"),
  .summary = N_("One row per tile rotation, columns for tiles and for edges between cells; "
                "Knuth's DLX finds rows that cover every column once"),
  .flags = HB_SOLVER_EXACT | HB_SOLVER_ANIMATED,
  .solve = dlx_solve,
};
