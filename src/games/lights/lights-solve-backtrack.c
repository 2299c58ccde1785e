/* lights-solve-backtrack.c: the Enlight write-up's pruned backtracking
 * (../shared/seeds/004, "An algorithm to solve a matrix game").
 *
 * Cells are visited column by column: down a column, then the top of the
 * next one. Each cell is tried unpressed, then pressed; after deciding cell
 * (x, y) with x > 0, the cell to its left, (x-1, y), is final — its cross
 * touches (x-2, y), (x-1, y±1) and (x, y), all decided by now (the whole
 * column x-1 comes before (x, y)) — so if it is still lit the branch is cut.
 * When the last cell is reached only the last column is left to check.
 *
 * How many times the search step runs. In column 0 nothing is cut, so cell
 * i < H is reached 2^i times. From column 1 on, the two branches at a cell
 * differ exactly in the light to the left (pressing the cell toggles it), so
 * exactly one of them survives the cut: every later cell is reached as
 * often as the first cell of column 1, 2^H times. In all
 *
 *     calls = (2^H − 1) + 2^H · H · (W − 1),
 *
 * whatever the lights: 93,183 on a 10×10 board, the number the write-up
 * reports. It is exponential in the height and the solver refuses boards
 * for which that number is above its node limit (default 2^28, about
 * 18×18), saying so, before starting.
 *
 * Differences from the write-up, none of which changes the count:
 *
 * - The write-up never undoes a press: after the first branch returns, the
 *   cells below keep whatever the subtree left, and the second branch toggles
 *   the current cell from there. That is still complete — by induction, a
 *   call at cell i enumerates both states of cell i and, for each, every
 *   completion of the later cells, whatever state they start in (the cut
 *   only reads decided cells) — a Gray-code-like walk. We restore each
 *   press explicitly on the way back instead (try unpressed, press, try,
 *   unpress), so that every step of the animation reads naturally. Each
 *   call still tries exactly the same two states of its cell with the same
 *   earlier cells, so it makes the same recursive calls: the count above is
 *   identical.
 * - The write-up never presses the last cell (it checks and returns before
 *   the toggle), so it misses every solution that needs it — the board that
 *   is just the cross of the bottom-right cell has no other. We try it both
 *   ways; the step at the last cell does not recurse, so the count stays.
 * - It keeps the last solution found; we keep the one with the fewest
 *   presses. The search meets every solution (the cut only removes boards
 *   that cannot end dark), so that one is a minimum.
 * - A 1-wide board has no cell to the left of the last one; the write-up
 *   would read outside the board there.
 */
#include "lights.h"

#include <glib/gi18n.h>
#include <string.h>

#define DEFAULT_NODE_LIMIT ((guint64) 1 << 28)

typedef struct {
  int      w, h;
  guint8  *cells;        /* the board as the search leaves it, row-major */
  guint8  *press;
  guint64  presses;
  guint8  *best;
  guint64  best_presses;
  guint64  solutions;
  guint64  calls;
  gboolean cancelled;
  HbCancel *cancellable;
  HbTrace *trace;
} Backtrack;

static inline gboolean
left_dark (const Backtrack *b, int x, int y)
{
  return x == 0 || !b->cells[(gsize) y * b->w + x - 1];
}

static void
toggle (Backtrack *b, int x, int y)
{
  gsize i = (gsize) y * b->w + x;

  lights_press (b->cells, b->w, b->h, x, y);
  b->press[i] ^= 1;
  if (b->press[i])
    b->presses++;
  else
    b->presses--;
}

static void
check_candidate (Backtrack *b, int depth)
{
  int x = b->w - 1, y = b->h - 1;

  if (!left_dark (b, x, y))
    {
      hb_trace_add (b->trace, HB_STEP_REJECT, x, y, b->press[(gsize) y * b->w + x],
                    depth, (gint64) b->calls);
      return;
    }
  for (int r = 0; r < b->h; r++)
    if (b->cells[(gsize) r * b->w + x])
      {
        hb_trace_add (b->trace, HB_STEP_REJECT, x, y,
                      b->press[(gsize) y * b->w + x], depth, (gint64) b->calls);
        return;
      }
  b->solutions++;
  hb_trace_add (b->trace, HB_STEP_SOLUTION, x, y, (int) MIN (b->presses, G_MAXINT),
                depth, (gint64) b->calls);
  if (b->best_presses > b->presses)
    {
      b->best_presses = b->presses;
      memcpy (b->best, b->press, (gsize) b->w * b->h);
    }
}

/* The write-up's Search(current), cell i in column order. */
static void
search (Backtrack *b, int i)
{
  int x = i / b->h, y = i % b->h;
  gboolean last = i == b->w * b->h - 1;

  b->calls++;
  if (hb_cancelled_every (b->cancellable, b->calls, 4095))
    b->cancelled = TRUE;
  /* The live view: the board as the search holds it, a few times a
   * second (only the sidebar's counter moved during an 18x18 board's
   * seconds). The clock is read every 1024 calls only. */
  if ((b->calls & 1023) == 0
      && hb_trace_snapshot_due_for (b->trace, (gsize) b->w * (gsize) b->h))
    hb_trace_publish (b->trace, lights_frame_from (b->w, b->h, b->cells, b->press, b->presses),
                      lights_game.frame_free);
  if (b->cancelled)
    return;
  hb_trace_add (b->trace, HB_STEP_TRY, x, y, 0, i, (gint64) b->calls);

  if (last)
    {
      check_candidate (b, i);
      toggle (b, x, y);
      hb_trace_add (b->trace, HB_STEP_PLACE, x, y, 1, i, (gint64) b->calls);
      check_candidate (b, i);
      toggle (b, x, y);
      hb_trace_add (b->trace, HB_STEP_UNDO, x, y, 0, i, (gint64) b->calls);
      return;
    }

  if (left_dark (b, x, y))
    search (b, i + 1);
  else
    hb_trace_add (b->trace, HB_STEP_REJECT, x, y, 0, i, (gint64) b->calls);

  toggle (b, x, y);
  hb_trace_add (b->trace, HB_STEP_PLACE, x, y, 1, i, (gint64) b->calls);
  if (left_dark (b, x, y))
    search (b, i + 1);
  else
    hb_trace_add (b->trace, HB_STEP_REJECT, x, y, 1, i, (gint64) b->calls);
  toggle (b, x, y);
  hb_trace_add (b->trace, HB_STEP_UNDO, x, y, 0, i, (gint64) b->calls);
}

/* (2^H − 1) + 2^H·H·(W − 1), saturating at G_MAXUINT64. */
static guint64
predicted_calls (int w, int h)
{
  guint64 p, per;

  if (h >= 63)
    return G_MAXUINT64;
  p = (guint64) 1 << h;
  per = (guint64) h * (guint64) (w - 1);
  if (per != 0 && p > (G_MAXUINT64 - p) / per)
    return G_MAXUINT64;
  return p - 1 + p * per;
}

static HbResult *
backtrack_solve (const HbState *state, const HbSolveOptions *options,
                 HbTrace *trace, HbCancel *cancellable, GError **error)
{
  const LightsState *s = LIGHTS_CONST (state);
  int w = state->width, h = state->height;
  gsize n = (gsize) w * h;
  guint64 limit = options->node_limit ? options->node_limit : DEFAULT_NODE_LIMIT;
  guint64 predicted = predicted_calls (w, h);
  Backtrack b = { 0 };
  HbResult *r;

  if (predicted > limit)
    {
      g_autofree char *npredicted = g_strdup_printf ("%" G_GUINT64_FORMAT, predicted);
      g_autofree char *nlimit = g_strdup_printf ("%" G_GUINT64_FORMAT, limit);

      r = hb_result_new (HB_STATUS_GAVE_UP);
      if (predicted == G_MAXUINT64)
        hb_result_set_message (r, _("Too large for the backtracking: on a %d×%d board it "
                                    "would run its search step more than 18 billion billion times (it "
                                    "doubles with every row); use the GF(2) solver"), w, h);
      else
        hb_result_set_message (r, g_dngettext (NULL,
                                               "Too large for the backtracking: on a %d×%d "
                                               "board it would run its search step %s time, "
                                               "above the limit of %s (it doubles with every "
                                               "row); use the GF(2) solver",
                                               "Too large for the backtracking: on a %d×%d "
                                               "board it would run its search step %s times, "
                                               "above the limit of %s (it doubles with every "
                                               "row); use the GF(2) solver",
                                               (gulong) MIN (predicted, G_MAXULONG)),
                               w, h, npredicted, nlimit);
      if (predicted == G_MAXUINT64)
        hb_result_add_stat (r, N_("search calls"), "%s", _("over 18 billion billion (predicted)"));
      else
        hb_result_add_stat (r, N_("search calls"),
                            /* TRANSLATORS: a count the solver predicts:
                             * "4294967296 (predicted)" */
                            _("%s (predicted)"), npredicted);
      return r;
    }

  b.w = w;
  b.h = h;
  b.cells = g_memdup2 (s->cells, n);
  b.press = g_malloc0 (n);
  b.best = g_malloc0 (n);
  b.best_presses = G_MAXUINT64;
  b.cancellable = cancellable;
  b.trace = trace;
  hb_trace_set_counter_name (trace, _("search calls"));

  search (&b, 0);

  if (b.cancelled)
    /* In the words the live counter and the stat use ("Search steps"):
     * "search calls" there read as a third thing (review). */
    r = hb_result_stop (hb_result_new (HB_STATUS_CANCELLED), HB_STOP_CANCELLED, b.calls,
                        "%s search step", "%s search steps");
  else if (b.solutions == 0)
    {
      r = hb_result_new (HB_STATUS_NO_SOLUTION);
      hb_result_set_message (r, "%s", _("No set of presses turns every light off: the "
                                        "whole pruned search found none"));
    }
  else
    {
      r = hb_result_new (HB_STATUS_SOLVED);
      for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
          if (b.best[(gsize) y * w + x])
            hb_result_add_move (r, LIGHTS_OP_PRESS, x, y, 0);
      r->solved = &lights_state_new (w, h)->base;
      r->optimal = TRUE;
    }
  hb_result_add_stat (r, N_("search calls"), "%" G_GUINT64_FORMAT, b.calls);
  if (!b.cancelled)
    {
      hb_result_add_stat (r, N_("solutions"), "%" G_GUINT64_FORMAT, b.solutions);
      if (b.solutions > 0)
        hb_result_add_stat (r, N_("presses"), "%" G_GUINT64_FORMAT, b.best_presses);
    }
  g_free (b.cells);
  g_free (b.press);
  g_free (b.best);
  return r;
}

const HbSolver lights_solver_backtrack = {
  .id = "backtrack",
  .name = N_("Pruned backtracking (original article)"),
  .summary = N_("The original article's search: cells column by column, pressed or not, a branch "
                "cut when the light to the left stays on"),
  .flags = HB_SOLVER_EXACT | HB_SOLVER_OPTIMAL | HB_SOLVER_ANIMATED | HB_SOLVER_OWN_NODE_LIMIT,
  .solve = backtrack_solve,
};
