/* flood-solve-beam.c: beam search over region sets, the optimal solver's
 * first answers.
 *
 * The same states and moves as the A* of flood-solve-optimal.c (a set of
 * flooded regions; a move adds the frontier regions of one colour, followed
 * by the colours it forces), searched layer by layer: every state of the
 * beam is expanded by every colour on its frontier, and the `width` best
 * children (distinct sets) form the next beam. A child is ranked either
 *
 * - by distance (FLOOD_BEAM_DISTANCE), as Tatham's greedy scores a line (flood-solve-greedy.c):
 *   moves so far plus the distance of the farthest region, then the cells
 *   at that distance (fewer is better); measured the better ranking on
 *   boards of 30×30 and more (43 moves where the relaxed ranking gives 45
 *   and the three-deep greedy 44, 53 against 57 on 40×40), and cheaper;
 * - or by f = moves so far + the relaxed lower bound of flood-graph.c
 *   (FLOOD_BEAM_RELAXED), which finds the optimum more often on small
 *   boards;
 *
 * then by the cells flooded (more is better). By distance, one search
 * from a parent scores all its children (flood_child_scan). Lines that cannot beat the best answer
 * found (f at least its length: the bound is admissible) are dropped, so
 * a beam ends early once it has a good goal. Width 1 is a greedy player
 * that looks at the bound; every doubling of the width roughly doubles the
 * time and, on random boards, seldom gives a longer answer. The optimal
 * solver runs widths 1, 2, 4, … while its first-answer budget lasts, then
 * uses the best answer as the A* upper bound. */
#include "flood.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  guint32 parent;       /* node of the previous layer, or G_MAXUINT32 */
  guint8  colour;       /* the move from the parent (forced moves follow) */
} BeamNode;

typedef struct {
  int     f, h, cells, ecc, far;
  int     g;
  guint32 node;         /* index into the node list once chosen */
  guint32 parent;
  guint8  colour;
  guint32 slot;         /* where its set and frontier are */
} Cand;

static int
cand_compare (gconstpointer pa, gconstpointer pb, gpointer data)
{
  const Cand *a = pa, *b = pb;

  if (*(const int *) data == FLOOD_BEAM_DISTANCE)
    {
      int ka = a->g + a->ecc, kb = b->g + b->ecc;
      if (ka != kb)
        return ka < kb ? -1 : 1;
      if (a->far != b->far)
        return a->far < b->far ? -1 : 1;
    }
  else if (a->f != b->f)
    return a->f < b->f ? -1 : 1;
  if (a->cells != b->cells)
    return a->cells > b->cells ? -1 : 1;
  return a->slot < b->slot ? -1 : a->slot > b->slot;
}

/* Cells in the regions of newly. */
static int
set_cells (const FloodGraph *g, const guint64 *newly)
{
  int cells = 0;

  for (int w = 0; w < g->words; w++)
    for (guint64 b = newly[w]; b; b &= b - 1)
      cells += g->size[w * 64 + __builtin_ctzll (b)];
  return cells;
}

/* Plays the forced colours after a move; returns how many. */
static int
grow_forced (const FloodGraph *g, guint64 *set, guint64 *front, guint64 *newly,
             int *cells)
{
  int count = 0;

  while (!flood_set_full (g, set))
    {
      int fc = flood_graph_forced (g, set, front);
      const guint64 *bc;

      if (fc < 0)
        break;
      bc = g->by_colour + (gsize) fc * g->words;
      for (int w = 0; w < g->words; w++)
        newly[w] = front[w] & bc[w];
      *cells += set_cells (g, newly);
      flood_graph_grow (g, set, front, newly);
      count++;
    }
  return count;
}

/* Takes one search over the regions (n units) off the work budget. */
static inline void
charge (guint64 *work, int n)
{
  if (work != NULL)
    *work -= MIN (*work, (guint64) n);
}

int
flood_beam_moves (const FloodGraph *g, int width, int rank,
                  int prune, double deadline, guint64 *work,
                  HbCancel *cancellable, GByteArray *moves)
{
  int words = g->words, colours = g->colours;
  gsize stride = 2 * (gsize) words;       /* set, then frontier */
  GArray *nodes = g_array_new (FALSE, FALSE, sizeof (BeamNode));
  GArray *cands = g_array_new (FALSE, FALSE, sizeof (Cand));
  guint64 *cur, *next, *newly = g_new0 (guint64, words);
  gsize next_cap = (gsize) MAX (width, 1) * colours;
  guint32 *table, tmask;
  int *cur_g, *next_g, *cur_cells, *next_cells;
  guint32 *cur_node, *next_node;
  int ncur = 0, best_len = prune > 0 ? prune : G_MAXINT;
  guint32 best_node = G_MAXUINT32;
  GByteArray *prefix = g_byte_array_new ();
  gboolean stopped = FALSE, partial = FALSE;
  guint64 ticks = 0;
  int result = -1;
  FloodScratch sc;
  FloodChildScratch ms;

  width = MAX (width, 1);
  flood_scratch_init (&sc, g);
  flood_child_scratch_init (&ms, g);
  cur = g_new0 (guint64, (gsize) width * stride);
  next = g_new0 (guint64, next_cap * stride);
  cur_g = g_new (int, width);
  cur_cells = g_new (int, width);
  cur_node = g_new (guint32, width);
  next_g = g_new (int, next_cap);
  next_cells = g_new (int, next_cap);
  next_node = g_new (guint32, next_cap);
  for (tmask = 1; tmask < 2 * next_cap; tmask <<= 1)
    ;
  table = g_new (guint32, tmask);
  tmask--;

  /* The root, after its forced moves. */
  {
    guint64 *set = cur, *front = cur + words;
    BeamNode root = { G_MAXUINT32, 0 };
    int cells;

    FLOOD_SET_ADD (set, g->root);
    flood_graph_frontier (g, set, front);
    cells = g->size[g->root];
    while (!flood_set_full (g, set))
      {
        int fc = flood_graph_forced (g, set, front);
        guint8 b;
        if (fc < 0)
          break;
        flood_graph_move (g, set, front, fc);
        flood_graph_frontier (g, set, front);
        b = fc;
        g_byte_array_append (prefix, &b, 1);
      }
    if (flood_set_full (g, set))
      {
        g_byte_array_append (moves, prefix->data, prefix->len);
        result = prefix->len;
        goto out;
      }
    g_array_append_val (nodes, root);
    cur_g[0] = prefix->len;
    cur_cells[0] = cells;
    cur_node[0] = 0;
    ncur = 1;
  }

  while (ncur > 0 && !stopped)
    {
      gsize nslots = 0;

      g_array_set_size (cands, 0);
      for (int i = 0; i < ncur && !stopped; i++)
        {
          const guint64 *set = cur + (gsize) i * stride;
          const guint64 *front = set + words;
          gboolean scanned = FALSE;
          FloodChildScan ps;

          for (int c = 0; c < colours; c++)
            {
              const guint64 *bc = g->by_colour + (gsize) c * words;
              guint64 *cs, *cf;
              gboolean present = FALSE;
              int cost, cells, h, gg;
              Cand cand;

              for (int w = 0; w < words && !present; w++)
                present = (front[w] & bc[w]) != 0;
              if (!present)
                continue;
              /* The work budget is counted, so where it stops the beam
               * does not depend on the machine's load. */
              if (work != NULL && *work < (guint64) g->n)
                {
                  stopped = TRUE;
                  break;
                }
              if ((++ticks & 63) == 0)
                {
                  if (hb_cancel_is_set (cancellable)
                      || (deadline > 0 && hb_now () > deadline))
                    {
                      stopped = TRUE;
                      break;
                    }
                }
              cs = next + nslots * stride;
              cf = cs + words;
              memcpy (cs, set, stride * sizeof (guint64));
              for (int w = 0; w < words; w++)
                newly[w] = cf[w] & bc[w];
              cells = cur_cells[i] + set_cells (g, newly);
              flood_graph_grow (g, cs, cf, newly);
              cost = 1 + grow_forced (g, cs, cf, newly, &cells);
              gg = cur_g[i] + cost;
              if (gg >= best_len)
                continue;
              if (flood_set_full (g, cs))
                {
                  BeamNode nd = { cur_node[i], c };
                  best_len = gg;
                  best_node = nodes->len;
                  g_array_append_val (nodes, nd);
                  continue;
                }
              if (rank == FLOOD_BEAM_DISTANCE && cost == 1)
                {
                  if (!scanned)
                    {
                      flood_child_scan (g, set, front, &ms, &ps);
                      scanned = TRUE;
                      charge (work, g->n);
                    }
                  flood_child_score (&ps, c, colours, &cand.ecc, &cand.far, &h);
                }
              else if (rank == FLOOD_BEAM_DISTANCE)
                {
                  FloodScan scan;
                  flood_graph_scan_frontier (g, cs, cf, &sc, &scan);
                  charge (work, g->n);
                  h = scan.h;
                  cand.ecc = scan.ecc;
                  cand.far = scan.far_cells;
                }
              else
                {
                  h = flood_graph_relaxed_bound (g, cs, cf, &sc);
                  charge (work, g->n);
                  cand.ecc = cand.far = 0;
                }
              if (gg + h >= best_len)
                continue;
              cand.f = gg + h;
              cand.h = h;
              cand.g = gg;
              cand.cells = cells;
              cand.parent = cur_node[i];
              cand.colour = c;
              cand.slot = nslots;
              cand.node = 0;
              g_array_append_val (cands, cand);
              nslots++;
            }
        }
      if (stopped)
        break;

      /* The best `width` distinct sets become the next beam. */
      g_qsort_with_data (cands->data, cands->len, sizeof (Cand), cand_compare,
                         &rank);
      memset (table, 0xff, ((gsize) tmask + 1) * sizeof (guint32));
      {
        int taken = 0;
        guint64 *buf = cur;

        for (guint k = 0; k < cands->len && taken < width; k++)
          {
            Cand *cd = &g_array_index (cands, Cand, k);
            const guint64 *cs = next + (gsize) cd->slot * stride;
            guint32 pos = flood_set_hash (cs, words) & tmask;
            gboolean dup = FALSE;
            BeamNode nd = { cd->parent, cd->colour };

            /* Entries are candidate indices k into the sorted list. */
            while (table[pos] != G_MAXUINT32)
              {
                const Cand *o = &g_array_index (cands, Cand, table[pos]);
                if (memcmp (next + (gsize) o->slot * stride, cs,
                            words * sizeof (guint64)) == 0)
                  {
                    dup = TRUE;
                    break;
                  }
                pos = (pos + 1) & tmask;
              }
            if (dup)
              continue;
            table[pos] = k;
            memcpy (buf + (gsize) taken * stride, cs, stride * sizeof (guint64));
            next_g[taken] = cd->g;
            next_cells[taken] = cd->cells;
            next_node[taken] = nodes->len;
            g_array_append_val (nodes, nd);
            taken++;
          }
        /* The chosen sets were copied into cur's buffer, which the loop
         * above no longer reads. */
        memcpy (cur_g, next_g, taken * sizeof (int));
        memcpy (cur_cells, next_cells, taken * sizeof (int));
        memcpy (cur_node, next_node, taken * sizeof (guint32));
        ncur = taken;
      }
    }

  if (best_node == G_MAXUINT32 && stopped && ncur > 0)
    {
      /* Stopped before an answer: the best line of the last whole layer,
       * finished by a quick player, is an answer all the same (on a
       * 100×100 board a first beam cut at a short limit would otherwise
       * leave only the quick players' much longer answers). */
      best_node = cur_node[0];
      partial = TRUE;
    }
  if (best_node != G_MAXUINT32)
    {
      /* Replay the moves: each node's colour, then the colours it forced. */
      GArray *path = g_array_new (FALSE, FALSE, sizeof (guint8));
      guint64 *set = g_new0 (guint64, words), *front = g_new0 (guint64, words);

      for (guint32 i = best_node; i != 0; i = g_array_index (nodes, BeamNode, i).parent)
        g_array_append_val (path, g_array_index (nodes, BeamNode, i).colour);
      g_byte_array_append (moves, prefix->data, prefix->len);
      FLOOD_SET_ADD (set, g->root);
      flood_graph_frontier (g, set, front);
      for (guint k = 0; k < prefix->len; k++)
        {
          flood_graph_move (g, set, front, prefix->data[k]);
          flood_graph_frontier (g, set, front);
        }
      for (int k = (int) path->len - 1; k >= 0; k--)
        {
          guint8 c = g_array_index (path, guint8, k);
          const guint64 *bc = g->by_colour + (gsize) c * words;

          g_byte_array_append (moves, &c, 1);
          for (int w = 0; w < words; w++)
            newly[w] = front[w] & bc[w];
          flood_graph_grow (g, set, front, newly);
          /* The forced chain, recorded. */
          while (!flood_set_full (g, set))
            {
              int fc = flood_graph_forced (g, set, front);
              const guint64 *fcc;
              guint8 b;
              if (fc < 0)
                break;
              fcc = g->by_colour + (gsize) fc * words;
              for (int w = 0; w < words; w++)
                newly[w] = front[w] & fcc[w];
              flood_graph_grow (g, set, front, newly);
              b = fc;
              g_byte_array_append (moves, &b, 1);
            }
        }
      if (partial)
        {
          if (!flood_set_full (g, set))
            flood_seed_finish (g, FLOOD_SEED_BORDER, set, front, moves);
          if (best_len != G_MAXINT && (int) moves->len >= best_len)
            g_byte_array_set_size (moves, 0);
          result = moves->len > 0 ? (int) moves->len : -1;
        }
      else
        {
          result = moves->len;
          g_assert (result == best_len);
        }
      g_array_unref (path);
      g_free (set);
      g_free (front);
    }

out:
  flood_scratch_clear (&sc);
  flood_child_scratch_clear (&ms);
  g_byte_array_unref (prefix);
  g_array_unref (nodes);
  g_array_unref (cands);
  g_free (cur);
  g_free (next);
  g_free (newly);
  g_free (cur_g);
  g_free (cur_cells);
  g_free (cur_node);
  g_free (next_g);
  g_free (next_cells);
  g_free (next_node);
  g_free (table);
  return result;
}
