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

/* The leaves are scored from their parents (flood_child_scan): one search
 * per line of depth − 1 moves scores every last move. Lines that play the
 * same colours in another order, or pass, often reach the same set, so
 * the scans are kept by set for one decision. The scores are those of a
 * search of each leaf, so the decisions are too. */
#define SCAN_SLOTS 1024

typedef struct {
  const FloodGraph *g;
  FloodChildScratch cs;
  int depth;
  int cells;            /* cells on the board */
  guint64 *sets;        /* depth+1 sets */
  guint64 *frontiers;   /* depth+1 frontiers */
  guint64 *newly;       /* depth+1 sets */
  guint64 *scan_sets;   /* SCAN_SLOTS sets */
  FloodChildScan *scans;
  guint32 *scan_stamp;  /* slot in use for the decision with this stamp */
  guint32  stamp;
  int      used;        /* slots in use this decision */
  FloodChildScan spare; /* when the table is full */
  HbCancel *cancellable;
  double    deadline;   /* hb_now () seconds, 0 for none */
} Greedy;

/* Checked before each move and each lookahead: on a 2000×2000 board one
 * move's lookahead scans the board's 2.6 million regions 81 times, and
 * the run went 2.4 s past a 3 s limit. */
static gboolean
greedy_stopped (const Greedy *gr)
{
  return hb_cancel_is_set (gr->cancellable) || (gr->deadline > 0 && hb_now () > gr->deadline);
}

/* The scan from set (front its frontier), from the table or made now. */
static const FloodChildScan *
scan_of (Greedy *gr, const guint64 *set, const guint64 *front)
{
  int words = gr->g->words;
  guint32 k = flood_set_hash32 (set, words) & (SCAN_SLOTS - 1);

  while (gr->scan_stamp[k] == gr->stamp)
    {
      if (memcmp (gr->scan_sets + (gsize) k * words, set,
                  sizeof (guint64) * words) == 0)
        return &gr->scans[k];
      k = (k + 1) & (SCAN_SLOTS - 1);
    }
  if (gr->used >= SCAN_SLOTS / 2)
    {
      flood_child_scan (gr->g, set, front, &gr->cs, &gr->spare);
      return &gr->spare;
    }
  flood_child_scan (gr->g, set, front, &gr->cs, &gr->scans[k]);
  memcpy (gr->scan_sets + (gsize) k * words, set, sizeof (guint64) * words);
  gr->scan_stamp[k] = gr->stamp;
  gr->used++;
  return &gr->scans[k];
}

/* Cells in the regions of set. */
static int
set_cells (const FloodGraph *g, const guint64 *set)
{
  int cells = 0;

  for (int w = 0; w < g->words; w++)
    for (guint64 b = set[w]; b; b &= b - 1)
      cells += g->size[w * 64 + __builtin_ctzll (b)];
  return cells;
}

/* sets[level] is the flooded set, frontiers[level] its frontier, cells
 * its cells, cur the colour it has. Returns the best colour and its
 * score. A child's frontier is its parent's grown by the regions the move
 * adds; the last moves are scored from their parent's scan. */
static int
greedy_recurse (Greedy *gr, int level, int cur, int cells, Score *best)
{
  const FloodGraph *g = gr->g;
  int words = g->words, best_move = -1;
  guint64 *set = gr->sets + (gsize) level * words;
  guint64 *front = gr->frontiers + (gsize) level * words;
  guint64 *child = gr->sets + (gsize) (level + 1) * words;
  guint64 *cfront = gr->frontiers + (gsize) (level + 1) * words;
  guint64 *newly = gr->newly + (gsize) level * words;
  const FloodChildScan *scan = NULL;

  best->dist = gr->cells + 1;
  best->number = 0;
  best->control = 0;
  for (int c = 0; c < g->colours; c++)
    {
      const guint64 *bc = g->by_colour + (gsize) c * words;
      int ccells;
      Score sc;

      if (c == cur)
        continue;
      if (greedy_stopped (gr))
        return -1;
      for (int w = 0; w < words; w++)
        newly[w] = front[w] & bc[w];
      ccells = cells + set_cells (g, newly);
      if (ccells == gr->cells)
        {
          best->dist = -1;
          best->number = level;
          best->control = gr->cells;
          return c;
        }
      if (level + 1 < gr->depth)
        {
          memcpy (child, set, sizeof (guint64) * words);
          memcpy (cfront, front, sizeof (guint64) * words);
          flood_graph_grow (g, child, cfront, newly);
          greedy_recurse (gr, level + 1, c, ccells, &sc);
        }
      else
        {
          int h;
          if (scan == NULL)
            scan = scan_of (gr, set, front);
          flood_child_score (scan, c, g->colours, &sc.dist, &sc.number, &h);
          sc.control = ccells;
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
                    int depth, double deadline, HbCancel *cancellable,
                    GByteArray *moves)
{
  FloodGraph *g = flood_graph_new_cancellable (cells, width, height, colours, cancellable);
  Greedy gr = { g };
  gboolean ok = TRUE;
  int cur = cells[0], passes = 0;

  if (g == NULL)
    return FALSE;   /* stopped while the graph was built */
  gr.cancellable = cancellable;
  gr.deadline = deadline;
  gr.depth = CLAMP (depth, 1, 6);
  gr.cells = width * height;
  flood_child_scratch_init (&gr.cs, g);
  /* A scan stopped half way scores its children wrongly, but every
   * caller of greedy_recurse polls the token after it and drops its
   * move: on 4096x4096 one scan took 1.4 s, and 'solve --time-limit 2'
   * ran 1.0-1.3 s past the limit. */
  gr.cs.cancel = cancellable;
  gr.sets = g_new0 (guint64, (gsize) (gr.depth + 1) * g->words);
  gr.frontiers = g_new0 (guint64, (gsize) (gr.depth + 1) * g->words);
  gr.newly = g_new0 (guint64, (gsize) (gr.depth + 1) * g->words);
  gr.scan_sets = g_new (guint64, (gsize) SCAN_SLOTS * g->words);
  gr.scans = g_new (FloodChildScan, SCAN_SLOTS);
  gr.scan_stamp = g_new0 (guint32, SCAN_SLOTS);
  FLOOD_SET_ADD (gr.sets, g->root);

  flood_graph_frontier (g, gr.sets, gr.frontiers);
  while (!flood_set_full (g, gr.sets))
    {
      Score score;
      int c;
      guint8 byte;

      if (greedy_stopped (&gr))
        {
          ok = FALSE;
          break;
        }
      gr.stamp++;
      gr.used = 0;
      c = greedy_recurse (&gr, 0, cur, set_cells (g, gr.sets), &score);
      if (greedy_stopped (&gr))
        {
          ok = FALSE;
          break;
        }
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
      {
        const guint64 *bc = g->by_colour + (gsize) c * g->words;
        for (int w = 0; w < g->words; w++)
          gr.newly[w] = gr.frontiers[w] & bc[w];
        flood_graph_grow (g, gr.sets, gr.frontiers, gr.newly);
      }
      cur = c;
    }
  g_free (gr.sets);
  g_free (gr.frontiers);
  g_free (gr.newly);
  g_free (gr.scan_sets);
  g_free (gr.scans);
  g_free (gr.scan_stamp);
  flood_child_scratch_clear (&gr.cs);
  flood_graph_free (g);
  return ok;
}

static HbResult *
greedy_solve (const HbState *state, const HbSolveOptions *options,
              HbTrace *trace, HbCancel *cancellable, GError **error)
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
      gboolean cancelled = hb_cancel_is_set (cancellable);
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
