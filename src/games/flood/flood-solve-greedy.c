/* flood-solve-greedy.c: lookahead in the manner of Tatham's generator.
 *
 * Tatham's Flood sets its move limit by playing a greedy solver: at each
 * move it tries every sequence of a few colours (three), scores the board
 * each sequence leaves by how far the farthest cell is from the flooded
 * region (counted in moves, i.e. the eccentricity in the region graph) and
 * then by how many cells are flooded, and plays the first colour of the best
 * sequence. A sequence that finishes the board wins outright, the shorter
 * the better. Only colours on the frontier are tried: any other move floods
 * nothing. Fast and usually within a move or two of optimal. */
#include "flood.h"

#include <string.h>

#define GREEDY_DEPTH 3

typedef struct {
  const FloodGraph *g;
  FloodScratch sc;
  int depth;
  guint64 *sets;        /* depth+1 sets */
  guint64 *frontiers;   /* depth+1 frontiers */
  /* best so far: solved in `solved_at` moves (0 = not solved), else the
   * eccentricity and the flooded cells */
  int best_solved, best_ecc, best_cells, best_colour;
  int first;
} Greedy;

static gboolean
better (const Greedy *gr, int solved_at, int ecc, int cells)
{
  if (gr->best_colour < 0)
    return TRUE;
  if (solved_at || gr->best_solved)
    {
      if (!gr->best_solved)
        return TRUE;
      return solved_at && solved_at < gr->best_solved;
    }
  if (ecc != gr->best_ecc)
    return ecc < gr->best_ecc;
  return cells > gr->best_cells;
}

/* sets[level] is the flooded set, frontiers[level] its frontier. */
static void
greedy_recurse (Greedy *gr, int level)
{
  const FloodGraph *g = gr->g;
  int words = g->words;
  guint64 *set = gr->sets + (gsize) level * words;
  guint64 *front = gr->frontiers + (gsize) level * words;
  guint64 *child = gr->sets + (gsize) (level + 1) * words;
  guint present = 0;

  for (int c = 0; c < g->colours; c++)
    {
      const guint64 *bc = g->by_colour + (gsize) c * words;
      for (int w = 0; w < words; w++)
        if (front[w] & bc[w])
          {
            present |= 1u << c;
            break;
          }
    }
  for (int c = 0; c < g->colours; c++)
    {
      FloodScan scan;

      if (!(present & (1u << c)))
        continue;
      if (level == 0)
        gr->first = c;
      memcpy (child, set, sizeof (guint64) * words);
      flood_graph_move (g, child, front, c);
      if (flood_set_full (g, child))
        {
          if (better (gr, level + 1, 0, 0))
            {
              gr->best_solved = level + 1;
              gr->best_colour = gr->first;
            }
          continue;
        }
      flood_graph_scan (g, child, &gr->sc, level + 1 == gr->depth, &scan);
      if (level + 1 == gr->depth)
        {
          if (better (gr, 0, scan.ecc, scan.cells_flooded))
            {
              gr->best_solved = 0;
              gr->best_ecc = scan.ecc;
              gr->best_cells = scan.cells_flooded;
              gr->best_colour = gr->first;
            }
        }
      else
        {
          memcpy (gr->frontiers + (gsize) (level + 1) * words, scan.frontier,
                  sizeof (guint64) * words);
          greedy_recurse (gr, level + 1);
        }
    }
}

gboolean
flood_greedy_moves (const guint8 *cells, int width, int height, int colours,
                    int depth, GCancellable *cancellable, GByteArray *moves)
{
  FloodGraph *g = flood_graph_new (cells, width, height, colours);
  Greedy gr = { g };
  gboolean ok = TRUE;
  guint64 iter = 0;

  gr.depth = CLAMP (depth, 1, 6);
  flood_scratch_init (&gr.sc, g);
  gr.sets = g_new0 (guint64, (gsize) (gr.depth + 1) * g->words);
  gr.frontiers = g_new0 (guint64, (gsize) (gr.depth + 1) * g->words);
  FLOOD_SET_ADD (gr.sets, g->root);

  while (!flood_set_full (g, gr.sets))
    {
      FloodScan scan;
      guint8 c;

      if (cancellable && g_cancellable_is_cancelled (cancellable))
        {
          ok = FALSE;
          break;
        }
      flood_graph_scan (g, gr.sets, &gr.sc, FALSE, &scan);
      memcpy (gr.frontiers, scan.frontier, sizeof (guint64) * g->words);
      gr.best_colour = -1;
      gr.best_solved = 0;
      greedy_recurse (&gr, 0);
      c = gr.best_colour;
      g_byte_array_append (moves, &c, 1);
      flood_graph_move (g, gr.sets, gr.frontiers, c);
      iter++;
    }
  (void) iter;
  g_free (gr.sets);
  g_free (gr.frontiers);
  flood_scratch_clear (&gr.sc);
  flood_graph_free (g);
  return ok;
}

static HbResult *
greedy_solve (const HbState *state, const HbSolveOptions *options,
              HbTrace *trace, GCancellable *cancellable, GError **error)
{
  const FloodState *s = FLOOD_CONST (state);
  GByteArray *moves = g_byte_array_new ();
  HbResult *r;

  hb_trace_set_counter_name (trace, "moves");
  if (!flood_greedy_moves (s->cells, state->width, state->height, s->colours,
                           GREEDY_DEPTH, cancellable, moves))
    {
      r = hb_result_new (HB_STATUS_CANCELLED);
      hb_result_set_message (r, "Cancelled after %u moves of the greedy lookahead",
                             moves->len);
      g_byte_array_unref (moves);
      return r;
    }
  r = hb_result_new (HB_STATUS_SOLVED);
  flood_result_fill (r, s, moves->data, moves->len);
  flood_trace_moves (trace, moves->data, moves->len, 0);
  r->optimal = moves->len == 0;
  hb_result_add_stat (r, "moves", "%u", moves->len);
  hb_result_add_stat (r, "lookahead", "%d moves", GREEDY_DEPTH);
  g_byte_array_unref (moves);
  return r;
}

const HbSolver flood_solver_greedy = {
  .id = "greedy",
  .name = "Greedy lookahead",
  .summary = "Tatham's generator: look three moves ahead, bring the farthest "
             "cell closest, then flood the most; fast, not proven optimal",
  .flags = HB_SOLVER_EXACT | HB_SOLVER_ANIMATED,
  .solve = greedy_solve,
};
