/* flood-solve-greedy.c: lookahead in the manner of Tatham's generator.
 *
 * Tatham's Flood sets its move limit by playing a greedy solver, and this
 * is the same procedure on the region graph, decision for decision, so
 * that on his boards it plays his moves (the tests check it against his
 * reference solutions). At each move it tries every colour but the
 * current one, three moves deep (a colour that floods nothing still counts
 * as a move there: it acts as a pass). Each line of play is scored by the
 * board it leaves: first the distance, in moves, of the farthest cell from
 * the flooded region, then the number of cells at that distance (fewer is
 * better), then the cells flooded (more is better); a line that finishes
 * the board beats every other, the sooner the better. The first colour of
 * the best line is played; ties go to the lowest colour. Fast, and usually
 * within a move or two of optimal. */
#include "flood.h"

#include <glib/gi18n.h>
#include <string.h>

#define GREEDY_DEPTH 3

typedef struct {
  const FloodGraph *g;
  FloodScratch sc;
  int depth;
  int cells;            /* cells on the board */
  guint64 *sets;        /* depth+1 sets */
  guint64 *frontiers;   /* depth+1 frontiers */
} Greedy;

/* A line's score: smaller is better, compared in order. A win scores
 * (-1, level of the win, cells). */
typedef struct {
  int dist, number, control;
} Score;

static gboolean
score_better (const Score *a, const Score *b)
{
  if (a->dist != b->dist)
    return a->dist < b->dist;
  if (a->number != b->number)
    return a->number < b->number;
  return a->control > b->control;
}

/* sets[level] is the flooded set, frontiers[level] its frontier, cur the
 * colour it has. Returns the best colour and its score. */
static int
greedy_recurse (Greedy *gr, int level, int cur, Score *best)
{
  const FloodGraph *g = gr->g;
  int words = g->words, best_move = -1;
  guint64 *set = gr->sets + (gsize) level * words;
  guint64 *front = gr->frontiers + (gsize) level * words;
  guint64 *child = gr->sets + (gsize) (level + 1) * words;

  best->dist = gr->cells + 1;
  best->number = 0;
  best->control = 0;
  for (int c = 0; c < g->colours; c++)
    {
      FloodScan scan;
      Score sc;

      if (c == cur)
        continue;
      memcpy (child, set, sizeof (guint64) * words);
      flood_graph_move (g, child, front, c);
      if (flood_set_full (g, child))
        {
          best->dist = -1;
          best->number = level;
          best->control = gr->cells;
          return c;
        }
      if (level + 1 < gr->depth)
        {
          flood_graph_scan (g, child, &gr->sc, FALSE, &scan);
          memcpy (gr->frontiers + (gsize) (level + 1) * words, scan.frontier,
                  sizeof (guint64) * words);
          greedy_recurse (gr, level + 1, c, &sc);
        }
      else
        {
          flood_graph_scan (g, child, &gr->sc, TRUE, &scan);
          sc.dist = scan.ecc;
          sc.number = scan.far_cells;
          sc.control = scan.cells_flooded;
        }
      if (score_better (&sc, best))
        {
          *best = sc;
          best_move = c;
        }
    }
  return best_move;
}

gboolean
flood_greedy_moves (const guint8 *cells, int width, int height, int colours,
                    int depth, double deadline, GCancellable *cancellable,
                    GByteArray *moves)
{
  FloodGraph *g = flood_graph_new (cells, width, height, colours);
  Greedy gr = { g };
  gboolean ok = TRUE;
  int cur = cells[0], passes = 0;

  gr.depth = CLAMP (depth, 1, 6);
  gr.cells = width * height;
  flood_scratch_init (&gr.sc, g);
  gr.sets = g_new0 (guint64, (gsize) (gr.depth + 1) * g->words);
  gr.frontiers = g_new0 (guint64, (gsize) (gr.depth + 1) * g->words);
  FLOOD_SET_ADD (gr.sets, g->root);

  while (!flood_set_full (g, gr.sets))
    {
      FloodScan scan;
      Score score;
      int c;
      guint8 byte;

      if ((cancellable && g_cancellable_is_cancelled (cancellable))
          || (deadline > 0 && hb_now () > deadline))
        {
          ok = FALSE;
          break;
        }
      flood_graph_scan (g, gr.sets, &gr.sc, FALSE, &scan);
      memcpy (gr.frontiers, scan.frontier, sizeof (guint64) * g->words);
      c = greedy_recurse (&gr, 0, cur, &score);
      /* The lookahead may pick a colour that floods nothing (a pass that
       * sets up the next two moves). Tatham's solver does too; a run of
       * them could in principle cycle, so after a few take the first
       * colour that floods something. */
      {
        gboolean floods = FALSE;
        const guint64 *bc = g->by_colour + (gsize) c * g->words;
        for (int w = 0; w < g->words; w++)
          floods |= (gr.frontiers[w] & bc[w]) != 0;
        passes = floods ? 0 : passes + 1;
        if (passes > g->colours)
          for (c = 0; c < g->colours; c++)
            {
              bc = g->by_colour + (gsize) c * g->words;
              floods = FALSE;
              for (int w = 0; w < g->words; w++)
                floods |= (gr.frontiers[w] & bc[w]) != 0;
              if (floods)
                break;
            }
      }
      if (c < 0 || c >= g->colours)
        break;   /* cannot happen with two colours or more */
      byte = c;
      g_byte_array_append (moves, &byte, 1);
      flood_graph_move (g, gr.sets, gr.frontiers, c);
      cur = c;
    }
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

  hb_trace_set_counter_name (trace, _("moves"));
  if (!flood_greedy_moves (s->cells, state->width, state->height, s->colours,
                           GREEDY_DEPTH,
                           options->time_limit > 0 ? hb_now () + options->time_limit : 0,
                           cancellable, moves))
    {
      gboolean cancelled = cancellable && g_cancellable_is_cancelled (cancellable);
      r = hb_result_new (cancelled ? HB_STATUS_CANCELLED : HB_STATUS_GAVE_UP);
      if (cancelled)
        hb_result_set_message (r, g_dngettext (NULL,
                                               "Cancelled after %u move of the greedy lookahead",
                                               "Cancelled after %u moves of the greedy lookahead",
                                               moves->len),
                               moves->len);
      else
        hb_result_set_message (r, g_dngettext (NULL,
                                               "Hit the time limit after %u move of the greedy "
                                               "lookahead",
                                               "Hit the time limit after %u moves of the greedy "
                                               "lookahead",
                                               moves->len),
                               moves->len);
      g_byte_array_unref (moves);
      return r;
    }
  r = hb_result_new (HB_STATUS_SOLVED);
  flood_result_fill (r, s, moves->data, moves->len);
  flood_trace_moves (trace, moves->data, moves->len, 0);
  r->optimal = moves->len == 0;
  hb_result_add_stat (r, N_("moves"), "%u", moves->len);
  hb_result_add_stat (r, N_("lookahead"),
                      g_dngettext (NULL, "%d move", "%d moves", GREEDY_DEPTH), GREEDY_DEPTH);
  g_byte_array_unref (moves);
  return r;
}

const HbSolver flood_solver_greedy = {
  .id = "greedy",
  .name = N_("Greedy lookahead"),
  .summary = N_("Tatham's generator: look three moves ahead, bring the farthest "
                "cells closest and fewest, then flood the most; fast, not optimal"),
  .flags = HB_SOLVER_EXACT | HB_SOLVER_ANIMATED | HB_SOLVER_NO_NODE_LIMIT,
  .solve = greedy_solve,
};
