/* flood-solve-beam.c: beam search over region sets, the optimal solver's
 * first answers.
 *
 * The same states and moves as the A* of flood-solve-optimal.c (a set of
 * flooded regions; a move adds the frontier regions of one colour, followed
 * by the colours it forces), searched layer by layer: every state of the
 * beam is expanded by every colour on its frontier, and the `width` best
 * children (distinct sets) form the next beam. A child is ranked either
 *
 * - by_distance, as Tatham's greedy scores a line (flood-solve-greedy.c):
 *   moves so far plus the distance of the farthest region, then the cells
 *   at that distance (fewer is better); measured the better ranking on
 *   boards of 30×30 and more (43 moves where the relaxed ranking gives 45
 *   and the three-deep greedy 44, 53 against 57 on 40×40), and cheaper;
 * - or by f = moves so far + the relaxed lower bound of flood-graph.c,
 *   which finds the optimum more often on small boards;
 *
 * then by the cells flooded (more is better). Lines that cannot beat the best answer
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

  if (*(const gboolean *) data)
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

static guint64
beam_hash (const guint64 *s, int words)
{
  guint64 h = 0x9e3779b97f4a7c15ull;

  for (int w = 0; w < words; w++)
    {
      h ^= s[w];
      h *= 0xbf58476d1ce4e5b9ull;
      h ^= h >> 31;
    }
  return h;
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

/* What one search from a parent tells about all its children at once.
 *
 * Let d(r) be the distance from the parent's flooded set F and A(r) the
 * colours of the frontier regions that begin a shortest path from F to r
 * (A(s) = {colour of s} on the frontier; A(r) = ∪ A(p) over r's
 * neighbours p one layer nearer). The move c floods the frontier regions
 * of colour c, after which r is at d(r) − 1 if c ∈ A(r) (its path now
 * starts inside the flooded set) and at d(r) otherwise (every region's
 * distance drops by at most one, and only through a flooded first step).
 * So with E the parent's eccentricity, the child c's eccentricity is E
 * unless every region at E has c in A, and then E − 1; its farthest cells
 * follow from the cells at E and E − 1 with and without c in A; and each
 * colour k's farthest distance M_k drops by one exactly when c is in A of
 * every region of colour k at M_k. That is the child's distance score and
 * distance bound (flood-graph.c) without a search of its own: the beam
 * makes one search per parent instead of one per colour. A child whose
 * move forces more moves is searched on its own. */
typedef struct {
  int      ecc;
  int      cells_e[FLOOD_MAX_COLOURS];    /* cells at E without c in A */
  int      cells_e1[FLOOD_MAX_COLOURS];   /* cells at E − 1 without c in A */
  int      cells_at_e;
  int      maxd[FLOOD_MAX_COLOURS];       /* M_k */
  guint    all_a[FLOOD_MAX_COLOURS];      /* ∩ A over colour k's regions at M_k */
} ParentScan;

typedef struct {
  int     *dist;
  guint16 *amask;
  guint32 *stamp;
  guint32  tick;
  int     *queue;
} MaskScratch;

static void
parent_scan (const FloodGraph *g, const guint64 *set, const guint64 *front,
             MaskScratch *ms, ParentScan *ps)
{
  int head = 0, tail = 0, ecc = 0;

  ms->tick++;
  memset (ps, 0, sizeof *ps);
  for (int k = 0; k < FLOOD_MAX_COLOURS; k++)
    ps->all_a[k] = ~0u;
  for (int w = 0; w < g->words; w++)
    for (guint64 b = front[w]; b; b &= b - 1)
      {
        int r = w * 64 + __builtin_ctzll (b);
        ms->stamp[r] = ms->tick;
        ms->dist[r] = 1;
        ms->amask[r] = 1u << g->colour[r];
        ms->queue[tail++] = r;
      }
  while (head < tail)
    {
      int r = ms->queue[head++], d = ms->dist[r];
      guint16 a = ms->amask[r];
      for (int k = g->nbr_start[r]; k < g->nbr_start[r + 1]; k++)
        {
          int nb = g->nbr[k];
          if (ms->stamp[nb] == ms->tick)
            {
              if (ms->dist[nb] == d + 1)
                ms->amask[nb] |= a;
              continue;
            }
          if (FLOOD_SET_HAS (set, nb))
            continue;
          ms->stamp[nb] = ms->tick;
          ms->dist[nb] = d + 1;
          ms->amask[nb] = a;
          ms->queue[tail++] = nb;
        }
    }
  if (tail > 0)
    ecc = ms->dist[ms->queue[tail - 1]];
  ps->ecc = ecc;
  /* Every A is final now: the colours' farthest layers and the cells of
   * the last two layers. */
  for (int i = tail - 1; i >= 0; i--)
    {
      int r = ms->queue[i], d = ms->dist[r], k = g->colour[r];
      guint a = ms->amask[r];
      if (d < ecc - 1 && ps->maxd[k] > d)
        {
          /* Below the last two layers only the colours' maxima matter. */
          continue;
        }
      if (d > ps->maxd[k])
        {
          ps->maxd[k] = d;
          ps->all_a[k] = a;
        }
      else if (d == ps->maxd[k])
        ps->all_a[k] &= a;
      if (d == ecc)
        {
          ps->cells_at_e += g->size[r];
          for (int c = 0; c < g->colours; c++)
            if (!(a >> c & 1))
              ps->cells_e[c] += g->size[r];
        }
      else if (d == ecc - 1)
        for (int c = 0; c < g->colours; c++)
          if (!(a >> c & 1))
            ps->cells_e1[c] += g->size[r];
    }
}

/* bound_from_maxdist of flood-graph.c, on the child's maxima. */
static int
child_bound (const int *maxd, int colours)
{
  int h = 0;

  for (int c = 0; c < colours; c++)
    {
      int m = maxd[c], farther = 0;
      if (m == 0)
        continue;
      for (int c2 = 0; c2 < colours; c2++)
        farther += maxd[c2] >= m;
      h = MAX (h, m - 1 + farther);
    }
  return h;
}

/* The child c's score from its parent's scan (no forced moves after). */
static void
child_from_parent (const ParentScan *ps, int c, int colours, int *ecc,
                   int *far, int *h)
{
  int maxd[FLOOD_MAX_COLOURS];

  if (ps->cells_e[c] > 0)
    {
      *ecc = ps->ecc;
      *far = ps->cells_e[c];
    }
  else
    {
      *ecc = ps->ecc - 1;
      *far = ps->cells_at_e + ps->cells_e1[c];
    }
  for (int k = 0; k < colours; k++)
    {
      maxd[k] = ps->maxd[k];
      if (maxd[k] > 0 && (ps->all_a[k] >> c & 1))
        maxd[k]--;
    }
  *h = child_bound (maxd, colours);
}

int
flood_beam_moves (const FloodGraph *g, int width, gboolean by_distance,
                  int prune, double deadline, GCancellable *cancellable,
                  GByteArray *moves)
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
  gboolean stopped = FALSE;
  guint64 ticks = 0;
  int result = -1;
  FloodScratch sc;
  MaskScratch ms;

  width = MAX (width, 1);
  flood_scratch_init (&sc, g);
  ms.dist = g_new (int, g->n);
  ms.amask = g_new (guint16, g->n);
  ms.stamp = g_new0 (guint32, g->n);
  ms.queue = g_new (int, g->n);
  ms.tick = 0;
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
          ParentScan ps;

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
              if ((++ticks & 63) == 0)
                {
                  if ((cancellable && g_cancellable_is_cancelled (cancellable))
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
              if (by_distance && cost == 1)
                {
                  if (!scanned)
                    {
                      parent_scan (g, set, front, &ms, &ps);
                      scanned = TRUE;
                    }
                  child_from_parent (&ps, c, colours, &cand.ecc, &cand.far, &h);
                }
              else if (by_distance)
                {
                  FloodScan scan;
                  flood_graph_scan_frontier (g, cs, cf, &sc, &scan);
                  h = scan.h;
                  cand.ecc = scan.ecc;
                  cand.far = scan.far_cells;
                }
              else
                {
                  h = flood_graph_relaxed_bound (g, cs, cf, &sc);
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
                         &by_distance);
      memset (table, 0xff, ((gsize) tmask + 1) * sizeof (guint32));
      {
        int taken = 0;
        guint64 *buf = cur;

        for (guint k = 0; k < cands->len && taken < width; k++)
          {
            Cand *cd = &g_array_index (cands, Cand, k);
            const guint64 *cs = next + (gsize) cd->slot * stride;
            guint32 pos = beam_hash (cs, words) & tmask;
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
      result = moves->len;
      g_assert (result == best_len);
      g_array_unref (path);
      g_free (set);
      g_free (front);
    }

out:
  flood_scratch_clear (&sc);
  g_free (ms.dist);
  g_free (ms.amask);
  g_free (ms.stamp);
  g_free (ms.queue);
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
