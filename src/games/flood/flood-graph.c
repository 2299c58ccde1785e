/* flood-graph.c: the graph of same-colour regions, and the lower bound.
 *
 * Every solver works on regions rather than cells: a 14×14 board with six
 * colours has about 120 regions instead of 196 cells, a move is a few word
 * operations on a bitset, and distances are counted in moves.
 *
 * The lower bound (FloodScan.h). Let dist(r) be the number of edges from
 * the flooded set F to region r in the region graph (frontier regions are
 * at 1). A move adds to F only regions at distance 1, so one move lowers
 * every distance by at most one, and r cannot be flooded before move
 * dist(r). Take any d ≥ 0: after the first d moves of a solution, every
 * region farther than d is still unflooded, and each colour among those
 * regions (D_d) still needs a move of its own colour. Hence a solution has
 * at least d + |D_d| moves, for every d, and
 *
 *     h(F) = max over d ≥ 0 of d + |D_d|,   D_d = colours of the regions
 *                                                  farther than d.
 *
 * d = 0 gives the number of colours left, d = ecc − 1 the eccentricity ecc.
 * (This dominates "d plus the colours found *only* farther than d".)
 * h is consistent: after one move, distances drop by at most one and the
 * regions farther than d ≥ 1 are untouched, so D_d(F) ⊆ D_{d−1}(F') and
 * h(F') ≥ h(F) − 1; for d = 0 the colours left drop by at most one.
 * Consistency lets A* close a state the first time it expands it. */
#include "flood.h"

#include <string.h>

FloodGraph *
flood_graph_new (const guint8 *cells, int width, int height, int colours)
{
  return flood_graph_new_cancellable (cells, width, height, colours, NULL);
}

/* The token is polled every 65,536 cells while the regions are labelled
 * and every 4,096 regions while their neighbours are listed, once there
 * are more than FLOOD_GRAPH_STOPPABLE_REGIONS: on a 4096x4096 board (6
 * colours, 6.7 million regions) the graph takes 1.6 s, and every solver
 * and the hint build it before they poll anything, so 'solve --time-limit
 * 1' ran 1.0-1.6 s past the limit. */
FloodGraph *
flood_graph_new_cancellable (const guint8 *cells, int width, int height, int colours,
                             const HbCancel *cancellable)
{
  FloodGraph *g = g_new0 (FloodGraph, 1);
  int ncells = width * height;
  int *queue = g_new (int, ncells);
  int *order, *start, *mark;
  GArray *nbr;

  g->width = width;
  g->height = height;
  g->colours = colours;
  g->region_of = g_new (int, ncells);
  for (int i = 0; i < ncells; i++)
    g->region_of[i] = -1;

  /* Label the regions by breadth-first search over the cells. */
  GArray *col = g_array_new (FALSE, FALSE, 1);
  GArray *size = g_array_new (FALSE, FALSE, sizeof (int));
  for (int i = 0; i < ncells; i++)
    {
      int head = 0, tail = 0, r;
      guint8 c = cells[i];

      if ((i & 65535) == 65535 && g->n > FLOOD_GRAPH_STOPPABLE_REGIONS
          && hb_cancel_is_set (cancellable))
        {
          g_array_free (col, TRUE);
          g_array_free (size, TRUE);
          g_free (queue);
          flood_graph_free (g);
          return NULL;
        }
      if (g->region_of[i] >= 0)
        continue;
      r = g->n++;
      g->region_of[i] = r;
      queue[tail++] = i;
      while (head < tail)
        {
          int p = queue[head++], x = p % width, y = p / width;
          for (int d = 0; d < 4; d++)
            {
              int nx = x + hb_dir_dx[d], ny = y + hb_dir_dy[d], q;
              if (nx < 0 || ny < 0 || nx >= width || ny >= height)
                continue;
              q = ny * width + nx;
              if (g->region_of[q] < 0 && cells[q] == c)
                {
                  g->region_of[q] = r;
                  queue[tail++] = q;
                }
            }
        }
      g_array_append_val (col, c);
      g_array_append_val (size, tail);
    }
  g->colour = (guint8 *) g_array_free (col, FALSE);
  g->size = (int *) g_array_free (size, FALSE);
  g->root = g->region_of[0];
  g->words = (g->n + 63) / 64;

  /* Cells grouped by region (counting sort), then each region's distinct
   * neighbours, deduplicated with a mark per region. */
  start = g_new0 (int, g->n + 1);
  for (int i = 0; i < ncells; i++)
    start[g->region_of[i] + 1]++;
  for (int r = 0; r < g->n; r++)
    start[r + 1] += start[r];
  order = queue;
  {
    int *fill = g_memdup2 (start, sizeof (int) * g->n);
    for (int i = 0; i < ncells; i++)
      order[fill[g->region_of[i]]++] = i;
    g_free (fill);
  }
  mark = g_new (int, g->n);
  for (int r = 0; r < g->n; r++)
    mark[r] = -1;
  nbr = g_array_new (FALSE, FALSE, sizeof (int));
  g->nbr_start = g_new (int, g->n + 1);
  for (int r = 0; r < g->n; r++)
    {
      if ((r & 4095) == 4095 && g->n > FLOOD_GRAPH_STOPPABLE_REGIONS
          && hb_cancel_is_set (cancellable))
        {
          g_array_free (nbr, TRUE);
          g_free (mark);
          g_free (start);
          g_free (queue);
          flood_graph_free (g);
          return NULL;
        }
      g->nbr_start[r] = nbr->len;
      for (int k = start[r]; k < start[r + 1]; k++)
        {
          int p = order[k], x = p % width, y = p / width;
          for (int d = 0; d < 4; d++)
            {
              int nx = x + hb_dir_dx[d], ny = y + hb_dir_dy[d], s;
              if (nx < 0 || ny < 0 || nx >= width || ny >= height)
                continue;
              s = g->region_of[ny * width + nx];
              if (s != r && mark[s] != r)
                {
                  mark[s] = r;
                  g_array_append_val (nbr, s);
                }
            }
        }
    }
  g->nbr_start[g->n] = nbr->len;
  g->nbr = (int *) g_array_free (nbr, FALSE);
  g_free (mark);
  g_free (start);
  g_free (queue);

  g->by_colour = g_new0 (guint64, (gsize) MAX (colours, 1) * g->words);
  g->all = g_new0 (guint64, g->words);
  for (int r = 0; r < g->n; r++)
    {
      if (g->colour[r] < colours)
        FLOOD_SET_ADD (g->by_colour + (gsize) g->colour[r] * g->words, r);
      FLOOD_SET_ADD (g->all, r);
    }
  if (g->n <= FLOOD_ADJ_MAX_REGIONS)
    {
      g->adj = g_new0 (guint64, (gsize) g->n * g->words);
      for (int r = 0; r < g->n; r++)
        for (int k = g->nbr_start[r]; k < g->nbr_start[r + 1]; k++)
          FLOOD_SET_ADD (g->adj + (gsize) r * g->words, g->nbr[k]);
    }
  return g;
}

void
flood_graph_free (FloodGraph *g)
{
  if (g == NULL)
    return;
  g_free (g->region_of);
  g_free (g->colour);
  g_free (g->size);
  g_free (g->nbr_start);
  g_free (g->nbr);
  g_free (g->by_colour);
  g_free (g->all);
  g_free (g->adj);
  g_free (g);
}

void
flood_scratch_init (FloodScratch *s, const FloodGraph *g)
{
  s->queue = g_new (int, g->n + 1);
  s->seen = g_new (guint64, g->words);
  s->frontier = g_new (guint64, g->words);
  s->layer = g_new (guint64, g->words);
  s->next = g_new (guint64, g->words);
}

void
flood_scratch_clear (FloodScratch *s)
{
  g_clear_pointer (&s->queue, g_free);
  g_clear_pointer (&s->seen, g_free);
  g_clear_pointer (&s->frontier, g_free);
  g_clear_pointer (&s->layer, g_free);
  g_clear_pointer (&s->next, g_free);
}

/* The bound from each colour's farthest distance, see above. */
static int
bound_from_maxdist (const int *maxdist)
{
  int h = 0;

  /* h = max over d of d + #{colours with a region farther than d}. The
   * count only drops just past a colour's farthest distance, so the maximum
   * is at d = M − 1 for some colour's farthest distance M. */
  for (int c = 0; c < FLOOD_MAX_COLOURS; c++)
    {
      int m = maxdist[c], farther = 0;
      if (m == 0)
        continue;
      for (int c2 = 0; c2 < FLOOD_MAX_COLOURS; c2++)
        if (maxdist[c2] >= m)
          farther++;
      h = MAX (h, m - 1 + farther);
    }
  return h;
}

#define FLOOD_SCAN_BITSET_MAX_WORDS 16

/* The same search, a layer at a time with word operations on neighbour
 * sets: several times faster on the boards the optimal search can solve. */
static void
scan_bitset (const FloodGraph *g, const guint64 *set, FloodScratch *sc,
             gboolean need_cells, FloodScan *out)
{
  int words = g->words, maxdist[FLOOD_MAX_COLOURS + 1] = { 0 };
  int d = 0, remaining = 0, cells = 0, far = 0;
  guint64 *seen = sc->seen, *layer = sc->layer, *next = sc->next;
  guint left = 0;
  gboolean any;

  memset (layer, 0, sizeof (guint64) * words);
  for (int w = 0; w < words; w++)
    {
      guint64 bits = set[w];
      seen[w] = bits;
      remaining += __builtin_popcountll (g->all[w] & ~bits);
      while (bits)
        {
          int r = w * 64 + __builtin_ctzll (bits);
          const guint64 *a = g->adj + (gsize) r * words;
          bits &= bits - 1;
          if (need_cells)
            cells += g->size[r];
          for (int k = 0; k < words; k++)
            layer[k] |= a[k];
        }
    }
  any = FALSE;
  for (int w = 0; w < words; w++)
    {
      layer[w] &= ~set[w];
      sc->frontier[w] = layer[w];
      any |= layer[w] != 0;
    }
  while (any)
    {
      d++;
      if (need_cells)
        {
          far = 0;
          for (int w = 0; w < words; w++)
            for (guint64 bits = layer[w]; bits; bits &= bits - 1)
              far += g->size[w * 64 + __builtin_ctzll (bits)];
        }
      for (int c = 0; c < g->colours; c++)
        {
          const guint64 *bc = g->by_colour + (gsize) c * words;
          for (int w = 0; w < words; w++)
            if (layer[w] & bc[w])
              {
                maxdist[c] = d;
                left |= 1u << c;
                break;
              }
        }
      memset (next, 0, sizeof (guint64) * words);
      for (int w = 0; w < words; w++)
        {
          guint64 bits = layer[w];
          seen[w] |= bits;
          while (bits)
            {
              int r = w * 64 + __builtin_ctzll (bits);
              const guint64 *a = g->adj + (gsize) r * words;
              bits &= bits - 1;
              for (int k = 0; k < words; k++)
                next[k] |= a[k];
            }
        }
      any = FALSE;
      for (int w = 0; w < words; w++)
        {
          layer[w] = next[w] & ~seen[w];
          any |= layer[w] != 0;
        }
    }
  out->remaining = remaining;
  out->ecc = d;
  out->colours_left = left;
  out->cells_flooded = cells;
  out->far_cells = far;
  out->frontier = sc->frontier;
  out->h = bound_from_maxdist (maxdist);
}

/* The queue search both scans share, from the frontier regions in
 * sc->queue[0 .. tail) (already in `seen`) outward, layer by layer: the
 * eccentricity, the cells of the farthest layer, the colours left and each
 * colour's farthest distance (breadth-first: d never decreases, so the last
 * seen is the farthest). */
static void
scan_layers (const FloodGraph *g, FloodScratch *sc, guint64 *seen, int tail,
             int cells, FloodScan *out)
{
  int maxdist[FLOOD_MAX_COLOURS + 1] = { 0 };
  int head = 0, layer_end = tail, d = 1, far = 0;
  guint left = 0;

  out->ecc = tail > 0 ? 1 : 0;
  while (head < tail)
    {
      int r;

      if (head == layer_end)
        {
          d++;
          layer_end = tail;
          out->ecc = d;
          far = 0;
        }
      r = sc->queue[head++];
      far += g->size[r];
      left |= 1u << g->colour[r];
      maxdist[g->colour[r]] = d;
      for (int k = g->nbr_start[r]; k < g->nbr_start[r + 1]; k++)
        {
          int nb = g->nbr[k];
          if (!FLOOD_SET_HAS (seen, nb))
            {
              FLOOD_SET_ADD (seen, nb);
              sc->queue[tail++] = nb;
            }
        }
    }
  out->remaining = tail;
  out->colours_left = left;
  out->cells_flooded = cells;
  out->far_cells = far;
  out->frontier = sc->frontier;
  out->h = bound_from_maxdist (maxdist);
}

void
flood_graph_scan (const FloodGraph *g, const guint64 *set,
                  FloodScratch *sc, gboolean need_cells, FloodScan *out)
{
  /* Word operations win while a set is small: the queue search below
   * overtakes them at about 16 words (1,000 regions; the greedy's time on
   * 30×30 and 40×40 boards with ten colours). */
  if (g->adj != NULL && g->words <= FLOOD_SCAN_BITSET_MAX_WORDS)
    {
      scan_bitset (g, set, sc, need_cells, out);
      return;
    }

  int tail = 0, cells = 0;
  guint64 *seen = sc->seen;

  memcpy (seen, set, sizeof (guint64) * g->words);
  memset (sc->frontier, 0, sizeof (guint64) * g->words);

  /* The frontier: unflooded neighbours of flooded regions. */
  for (int w = 0; w < g->words; w++)
    {
      guint64 bits = set[w];
      while (bits)
        {
          int r = w * 64 + __builtin_ctzll (bits);
          bits &= bits - 1;
          if (need_cells)
            cells += g->size[r];
          for (int k = g->nbr_start[r]; k < g->nbr_start[r + 1]; k++)
            {
              int s = g->nbr[k];
              if (!FLOOD_SET_HAS (seen, s))
                {
                  FLOOD_SET_ADD (seen, s);
                  FLOOD_SET_ADD (sc->frontier, s);
                  sc->queue[tail++] = s;
                }
            }
        }
    }
  scan_layers (g, sc, seen, tail, cells, out);
}

/* flood_graph_scan for a set whose frontier is known: a queue search from
 * the frontier, O(regions + edges) whatever the graph (the bitset search
 * costs regions × words: a million word operations on a 100×100 board
 * with ten colours), without walking every flooded region's neighbours.
 * cells_flooded is not counted (left 0). */
void
flood_graph_scan_frontier (const FloodGraph *g, const guint64 *set,
                           const guint64 *frontier, FloodScratch *sc,
                           FloodScan *out)
{
  int tail = 0;
  guint64 *seen = sc->seen;

  for (int w = 0; w < g->words; w++)
    {
      guint64 bits = frontier[w];
      seen[w] = set[w] | bits;
      sc->frontier[w] = bits;
      while (bits)
        {
          sc->queue[tail++] = w * 64 + __builtin_ctzll (bits);
          bits &= bits - 1;
        }
    }
  scan_layers (g, sc, seen, tail, 0, out);
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
 * distance bound (above) without a search of its own: the beam
 * makes one search per parent instead of one per colour, and Tatham's
 * greedy one per line of two moves instead of one per line of three. */
void
flood_child_scan (const FloodGraph *g, const guint64 *set,
                  const guint64 *front, FloodChildScratch *ms,
                  FloodChildScan *ps)
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
  {
    /* The innermost loop of the beams: locals, so that the stores do not
     * make the compiler reload every pointer. */
    guint32 *restrict stamp = ms->stamp, tick = ms->tick;
    int *restrict dist = ms->dist, *restrict queue = ms->queue;
    guint16 *restrict amask = ms->amask;
    const int *nbr = g->nbr, *nbr_start = g->nbr_start;
    const HbCancel *cancel = ms->cancel;

    while (head < tail)
      {
        int r = queue[head++], d = dist[r] + 1, end = nbr_start[r + 1];
        guint16 a = amask[r];

        if (G_UNLIKELY ((head & 65535) == 0) && cancel != NULL && hb_cancel_is_set (cancel))
          break;
        for (int k = nbr_start[r]; k < end; k++)
          {
            int nb = nbr[k];
            if (stamp[nb] == tick)
              {
                if (dist[nb] == d)
                  amask[nb] |= a;
                continue;
              }
            if (FLOOD_SET_HAS (set, nb))
              continue;
            stamp[nb] = tick;
            dist[nb] = d;
            amask[nb] = a;
            queue[tail++] = nb;
          }
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

void
flood_child_score (const FloodChildScan *ps, int c, int colours, int *ecc,
                   int *far, int *h)
{
  int maxd[FLOOD_MAX_COLOURS] = { 0 };

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
  *h = bound_from_maxdist (maxd);
}

void
flood_child_scratch_init (FloodChildScratch *ms, const FloodGraph *g)
{
  ms->dist = g_new (int, g->n);
  ms->amask = g_new (guint16, g->n);
  ms->stamp = g_new0 (guint32, g->n);
  ms->queue = g_new (int, g->n);
  ms->tick = 0;
  ms->cancel = NULL;
}

void
flood_child_scratch_clear (FloodChildScratch *ms)
{
  g_clear_pointer (&ms->dist, g_free);
  g_clear_pointer (&ms->amask, g_free);
  g_clear_pointer (&ms->stamp, g_free);
  g_clear_pointer (&ms->queue, g_free);
}

static void or_neighbours (const FloodGraph *g, const guint64 *src, guint64 *out);

void
flood_graph_frontier (const FloodGraph *g, const guint64 *set, guint64 *out)
{
  memset (out, 0, sizeof (guint64) * g->words);
  or_neighbours (g, set, out);
  for (int w = 0; w < g->words; w++)
    out[w] &= ~set[w];
}

void
flood_graph_move (const FloodGraph *g, guint64 *set, const guint64 *frontier,
                  int c)
{
  const guint64 *bc = g->by_colour + (gsize) c * g->words;

  for (int w = 0; w < g->words; w++)
    set[w] |= frontier[w] & bc[w];
}

/* Proof that a forced colour may be played at once (used by the optimal
 * search to collapse chains of such moves into one edge).
 *
 * Write move(F, c) = F ∪ {regions of colour c adjacent to F}. It is
 * monotone: F ⊆ G implies move(F, c) ⊆ move(G, c), since a region adjacent
 * to F is adjacent to G or inside it. Hence applying one sequence of moves
 * to a larger set always yields a larger set.
 *
 * Suppose every unflooded region of colour c is adjacent to F (the set R),
 * and S is any solution from F. S floods the regions of R, so it contains a
 * move of colour c; write S = S1 · c · S2 with S1 free of c. Compare with
 * S' = c · S1 · S2, of the same length. After c, S' has F ∪ R. S1 applied
 * to F gives F1, and to the larger F ∪ R gives H ⊇ F1 ∪ R. In S the move c
 * then gives F1 plus some regions of colour c, all of which are in R (R is
 * every unflooded region of colour c), so H ⊇ move(F1, c). S2 keeps the
 * inclusion, and S ends with every region flooded, so S' does too. So some
 * shortest solution starts with c, and the search may play it without
 * branching. */
int
flood_graph_forced (const FloodGraph *g, const guint64 *set,
                    const guint64 *frontier)
{
  for (int c = 0; c < g->colours; c++)
    if (flood_colour_exposed (g, set, frontier, c))
      return c;
  return -1;
}

/* out |= the neighbours of every region of src. This is the innermost loop
 * of the optimal search, so it is specialised for the common set sizes
 * (a 14×14 board has two or three words, 18×18 four or five), which lets
 * the compiler unroll the row operations. */
#define DEFINE_OR_ROWS(W)                                                    \
  static void                                                               \
  or_rows_##W (const guint64 *adj, const guint64 *src, guint64 *out)        \
  {                                                                         \
    for (int w = 0; w < W; w++)                                             \
      for (guint64 bits = src[w]; bits; bits &= bits - 1)                   \
        {                                                                   \
          const guint64 *a = adj + (gsize) (w * 64 + __builtin_ctzll (bits)) * W; \
          for (int k = 0; k < W; k++)                                       \
            out[k] |= a[k];                                                 \
        }                                                                   \
  }
DEFINE_OR_ROWS (1)
DEFINE_OR_ROWS (2)
DEFINE_OR_ROWS (3)
DEFINE_OR_ROWS (4)
DEFINE_OR_ROWS (5)
DEFINE_OR_ROWS (6)
DEFINE_OR_ROWS (7)
DEFINE_OR_ROWS (8)

/* Past eight words a row of the neighbour sets costs more than setting a
 * region's few neighbours (four or five on random boards) one bit at a
 * time: on a 100×100 board a row is 106 words, and OR-ing rows took two
 * thirds of a beam's time. */
#define FLOOD_OR_ROWS_MAX_WORDS 8

static void
or_neighbours (const FloodGraph *g, const guint64 *src, guint64 *out)
{
  if (g->adj && g->words <= FLOOD_OR_ROWS_MAX_WORDS)
    switch (g->words)
      {
      case 1: or_rows_1 (g->adj, src, out); return;
      case 2: or_rows_2 (g->adj, src, out); return;
      case 3: or_rows_3 (g->adj, src, out); return;
      case 4: or_rows_4 (g->adj, src, out); return;
      case 5: or_rows_5 (g->adj, src, out); return;
      case 6: or_rows_6 (g->adj, src, out); return;
      case 7: or_rows_7 (g->adj, src, out); return;
      case 8: or_rows_8 (g->adj, src, out); return;
      default: break;
      }
  for (int w = 0; w < g->words; w++)
    {
      guint64 bits = src[w];
      while (bits)
        {
          int r = w * 64 + __builtin_ctzll (bits);
          bits &= bits - 1;
          for (int k = g->nbr_start[r]; k < g->nbr_start[r + 1]; k++)
            FLOOD_SET_ADD (out, g->nbr[k]);
        }
    }
}

/* The relaxed bound. opt(F), the length of a shortest solution from the
 * flooded set F, is antitone: F ⊆ G implies opt(F) ≥ opt(G), because moves
 * are monotone (see flood_graph_forced) and so a solution from F also
 * solves G. Two facts then give a lower bound by simulation:
 *
 * - Exposed colours. If every unflooded region of colour c is adjacent to
 *   G, opt(G) = 1 + opt(G ∪ those regions) (flood_graph_forced's lemma).
 *   Playing c leaves any other exposed colour exposed, so with k exposed
 *   colours opt(G) = k + opt(G ∪ all their regions).
 * - A colour-blind move. Otherwise the first move of any solution leaves a
 *   set inside G ∪ N(G) (N = the adjacent regions), so by antitonicity
 *   opt(G) ≥ 1 + opt(G ∪ N(G)).
 *
 * Applying the first rule when it can and the second otherwise, until every
 * region is in, counts a number of moves that is at most opt(F): an
 * admissible bound. It reasons like the breadth-first bound (each blind
 * move is one distance layer) but also charges a move for each colour
 * eliminated on the way, and is usually several moves stronger. It is not
 * always consistent, so the search reopens states reached more cheaply and
 * keeps f monotone along paths (pathmax). */
int
flood_graph_relaxed_bound (const FloodGraph *g, const guint64 *set,
                           const guint64 *frontier, FloodScratch *sc)
{
  int words = g->words, cost = 0;
  guint64 *in = sc->seen, *front = sc->layer, *newly = sc->next;

  memcpy (in, set, sizeof (guint64) * words);
  if (frontier)
    memcpy (front, frontier, sizeof (guint64) * words);
  else
    {
      memset (front, 0, sizeof (guint64) * words);
      or_neighbours (g, in, front);
      for (int w = 0; w < words; w++)
        front[w] &= ~in[w];
    }
  for (;;)
    {
      gboolean full = TRUE;
      int exposed = 0;

      for (int w = 0; w < words && full; w++)
        full = in[w] == g->all[w];
      if (full)
        return cost;
      memset (newly, 0, sizeof (guint64) * words);
      for (int c = 0; c < g->colours; c++)
        {
          const guint64 *bc = g->by_colour + (gsize) c * words;
          if (flood_colour_exposed (g, in, front, c))
            {
              exposed++;
              for (int w = 0; w < words; w++)
                newly[w] |= bc[w] & ~in[w];
            }
        }
      if (exposed > 0)
        cost += exposed;
      else
        {
          cost++;
          memcpy (newly, front, sizeof (guint64) * words);
        }
      for (int w = 0; w < words; w++)
        in[w] |= newly[w];
      or_neighbours (g, newly, front);
      for (int w = 0; w < words; w++)
        front[w] &= ~in[w];
    }
}

void
flood_graph_grow (const FloodGraph *g, guint64 *set, guint64 *frontier,
                  const guint64 *newly)
{
  for (int w = 0; w < g->words; w++)
    set[w] |= newly[w];
  or_neighbours (g, newly, frontier);
  for (int w = 0; w < g->words; w++)
    frontier[w] &= ~set[w];
}

gboolean
flood_set_full (const FloodGraph *g, const guint64 *set)
{
  for (int w = 0; w < g->words; w++)
    if (set[w] != g->all[w])
      return FALSE;
  return TRUE;
}
