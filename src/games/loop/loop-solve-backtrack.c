/* loop-solve-backtrack.c: the write-up's backtracking ("BigTape").
 *
 * The non-empty tiles in reading order form a tape; each tile has a tape of
 * options, its distinct rotations that point neither off the board nor at
 * an empty tile. The arms chosen so far form a graph (an edge is in it when
 * either of its tiles points across it). An option is kept while no tile
 * has more edges in that graph than it has arms, undone when its tile runs
 * out of options.
 *
 * Why a full tape is a solution: when every tile is placed, a tile's edges
 * in the graph include its own arms, so "no more edges than arms" means its
 * edges are exactly its arms; an edge added by a neighbour pointing at it
 * is therefore one of its own arms, so every arm is met. Conversely every
 * solution passes every check, so the search is complete.
 *
 * Every try is recorded (TRY, flagged valid or not, on the tile ringed in
 * the animation), every keep (PLACE) and every undo (UNDO).
 */
#include "loop.h"

#include <glib/gi18n.h>
#include <string.h>

/* Publishes the board as the search holds it: the first k tiles of the
 * tape turned to their current options (placed), the rest as they were. */
static void
publish_live (HbTrace *trace, const LoopState *s, const gint32 *tape, const guint8 *opts,
              const guint8 *cur, gssize k)
{
  gsize n = (gsize) s->base.width * s->base.height;
  g_autofree guint8 *tiles = g_memdup2 (s->tiles, n);
  g_autofree guint8 *status = g_malloc0 (n);

  for (gssize t = 0; t < k; t++)
    if (cur[t] > 0)
      {
        tiles[tape[t]] = opts[4 * t + cur[t] - 1];
        status[tape[t]] = LOOP_CELL_PLACED;
      }
  hb_trace_publish (trace, loop_frame_from (&s->base, tiles, status), loop_frame_free);
}

static HbResult *
backtrack_solve (const HbState *state, const HbSolveOptions *options,
                 HbTrace *trace, HbCancel *cancellable, GError **error)
{
  const LoopState *s = LOOP_CONST (state);
  int w = state->width, h = state->height;
  gsize n = (gsize) w * h, count = 0;
  gint32 *tape;
  guint8 *opts, *nopts, *cur, *added, *emask, *deg;
  gint32 off[4] = { -w, 1, w, -1 };
  guint64 tries = 0, undos = 0;
  gssize k = 0;
  HbResult *r;
  HbStatus status = HB_STATUS_NO_SOLUTION;
  HbStopReason stop = HB_STOP_CANCELLED;
  double deadline = hb_deadline (options);

  tape = g_new (gint32, n + 1);
  opts = g_new0 (guint8, 4 * n + 4);
  nopts = g_new0 (guint8, n + 1);
  cur = g_new0 (guint8, n + 1);
  added = g_new0 (guint8, n + 1);
  emask = g_new0 (guint8, n);
  deg = g_new0 (guint8, n);
  hb_trace_set_counter_name (trace, _("tries"));

  for (gsize i = 0; i < n; i++)
    deg[i] = (guint8) __builtin_popcount (s->tiles[i]);

  for (gsize i = 0; i < n; i++)
    {
      int x = (int) (i % w), y = (int) (i / w);
      guint8 masks[4];
      int turns[4], nm;

      /* Polled every 65,536 cells: on 4096x4096 this set-up takes 1.1 s,
       * and a deadline that came during it was seen only after it. */
      if ((i & 65535) == 65535 && hb_cancel_is_set (cancellable))
        {
          status = HB_STATUS_CANCELLED;
          break;
        }
      if (s->tiles[i] == 0)
        continue;
      nm = loop_distinct_rotations (s->tiles[i], masks, turns);
      for (int o = 0; o < nm; o++)
        {
          gboolean fits = TRUE;
          for (int d = 0; d < 4 && fits; d++)
            if (masks[o] & (1 << d))
              {
                int nx = x + hb_dir_dx[d], ny = y + hb_dir_dy[d];
                fits = nx >= 0 && ny >= 0 && nx < w && ny < h
                       && s->tiles[(gsize) ny * w + nx] != 0;
              }
          if (fits)
            opts[4 * count + nopts[count]++] = masks[o];
        }
      tape[count++] = (gint32) i;
    }

  while (status != HB_STATUS_CANCELLED && k < (gssize) count)
    {
      gint32 i = tape[k];

      /* tries and undos both bound the work between two checks. */
      if (((tries + undos) & 0xfff) == 0)
        {
          /* The window's count (the recorded steps stop once the trace
           * is full). */
          hb_trace_set_progress (trace, (gint64) tries, NULL);
          /* The live view: the tiles the search holds turned (only the
           * counter moved while it ran). */
          if (hb_trace_snapshot_due_for (trace, n))
            publish_live (trace, s, tape, opts, cur, k);
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
      if (options->node_limit && tries >= options->node_limit)
        {
          status = HB_STATUS_GAVE_UP;
          stop = HB_STOP_NODE_LIMIT;
          break;
        }
      if (cur[k] < nopts[k])
        {
          guint8 m = opts[4 * k + cur[k]++];
          guint8 add = m & ~emask[i];
          gboolean valid = __builtin_popcount (emask[i] | m) <= deg[i];

          tries++;
          for (int d = 0; d < 4 && valid; d++)
            if (add & (1 << d))
              valid = __builtin_popcount (emask[i + off[d]]) + 1 <= deg[i + off[d]];
          if (hb_trace_wants (trace))
            {
              HbStep step = { 0 };
              step.kind = HB_STEP_TRY;
              step.flags = valid ? LOOP_STEP_VALID : 0;
              step.x = i % w;
              step.y = i / w;
              step.value = loop_turns_between (s->tiles[i], m);
              step.depth = (gint32) k + 1;
              step.counter = (gint64) tries;
              hb_trace_push (trace, &step, NULL, 0);
            }
          if (!valid)
            continue;
          emask[i] |= add;
          for (int d = 0; d < 4; d++)
            if (add & (1 << d))
              emask[i + off[d]] |= 1 << ((d + 2) & 3);
          added[k] = add;
          if (hb_trace_wants (trace))
            hb_trace_add (trace, HB_STEP_PLACE, i % w, i / w,
                          loop_turns_between (s->tiles[i], m), (int) k + 1, (gint64) tries);
          k++;
        }
      else
        {
          /* Out of options: reset this tape and undo the previous tile. */
          cur[k] = 0;
          k--;
          if (k < 0)
            break;
          i = tape[k];
          emask[i] &= ~added[k];
          for (int d = 0; d < 4; d++)
            if (added[k] & (1 << d))
              emask[i + off[d]] &= ~(1 << ((d + 2) & 3));
          undos++;
          if (hb_trace_wants (trace))
            hb_trace_add (trace, HB_STEP_UNDO, i % w, i / w, 0, (int) k + 1, (gint64) tries);
        }
    }
  if (status == HB_STATUS_NO_SOLUTION && k == (gssize) count)
    status = HB_STATUS_SOLVED;

  r = hb_result_new (status);
  if (status == HB_STATUS_SOLVED)
    {
      guint8 *solved = g_new0 (guint8, n);
      for (gsize t = 0; t < count; t++)
        solved[tape[t]] = opts[4 * t + cur[t] - 1];
      loop_result_set_solution (r, s, solved);
      g_free (solved);
    }
  else if (status == HB_STATUS_NO_SOLUTION)
    hb_result_set_message (r, "%s", _("every option of every tile was tried"));
  else
    hb_result_stop (r, stop, tries, "%s try", "%s tries");
  hb_result_add_stat (r, N_("tries"), "%" G_GUINT64_FORMAT, tries);
  hb_result_add_stat (r, N_("undos"), "%" G_GUINT64_FORMAT, undos);
  hb_result_add_stat (r, N_("tiles"), "%" G_GSIZE_FORMAT, count);

  g_free (tape);
  g_free (opts);
  g_free (nopts);
  g_free (cur);
  g_free (added);
  g_free (emask);
  g_free (deg);
  return r;
}

const HbSolver loop_solver_backtrack = {
  .id = "backtrack",
  .name = N_("Backtracking (original article)"),
  .summary = N_("Tiles in reading order, each rotation tried in turn and kept while no "
                "tile has more arms pointing at it than it has"),
  .flags = HB_SOLVER_EXACT | HB_SOLVER_ANIMATED,
  .solve = backtrack_solve,
};
