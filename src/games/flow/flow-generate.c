/* flow-generate.c: random solvable Flow Free levels.
 *
 * A level is made from its answer. The board is first cut into random
 * dominoes (an odd cell joins a neighbouring domino), each domino a path of
 * two cells. Then a random walk over partitions of the board into paths:
 * pick a path's end and a neighbouring cell of another path; when that cell
 * is the other path's end, either join the two paths (while there are more
 * paths than colours wanted) or move the cell from one path to the other
 * (which bends the paths and keeps the walk going). A step is taken only
 * when every path stays simple and never touches itself side by side (the
 * rule a solution obeys), so the partition is always a solution; its path
 * ends become the level's dots. The walk is driven by a seeded generator:
 * the same seed, size and colours give the same level. When it falls short
 * near a domino per colour (cells left over by the random dominoes each
 * cost a path), it starts again from a whole tiling (gen_tiling).
 *
 * With the switch "unique" the level is re-made (the next seeds of a
 * stream) until the counting solver finds exactly one solution, a bounded
 * number of times; the error says when it could not.
 */
#include "flow.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define UNIQUE_TRIES 200
#define TILING_TRIES 8

const HbSetting flow_generate_settings[] = {
  { "unique", N_("Unique solution"),
    N_("Only levels with exactly one solution (checked by the counting solver)"),
    HB_SETTING_SWITCH, 0, 1, 0, NULL, NULL, NULL },
  { NULL }
};

typedef struct {
  int      w, h, n;
  int     *lab;     /* n: path id per cell */
  int     *pn;      /* 2n: the cell's path neighbours, -1 for none */
  int     *end;     /* 2 per path id: its ends */
  int     *len;     /* per path id */
  int     *alive;   /* ids of the paths that exist */
  int     *slot;    /* per path id: index in alive, -1 when gone */
  int      npaths;
  HbRng    rng;
} Gen;

static const int gdx[4] = { 0, 1, 0, -1 }, gdy[4] = { -1, 0, 1, 0 };

static inline int
gen_nb (const Gen *g, int c, int d)
{
  int x = c % g->w + gdx[d], y = c / g->w + gdy[d];
  if (x < 0 || y < 0 || x >= g->w || y >= g->h)
    return -1;
  return y * g->w + x;
}

static inline void
pn_add (Gen *g, int c, int o)
{
  if (g->pn[2 * c] < 0)
    g->pn[2 * c] = o;
  else
    g->pn[2 * c + 1] = o;
}

static inline void
pn_remove (Gen *g, int c, int o)
{
  if (g->pn[2 * c] == o)
    {
      g->pn[2 * c] = g->pn[2 * c + 1];
      g->pn[2 * c + 1] = -1;
    }
  else if (g->pn[2 * c + 1] == o)
    g->pn[2 * c + 1] = -1;
}

/* Links or unlinks neighbouring cells a and b, both ways. */
static inline void
pn_link (Gen *g, int a, int b)
{
  pn_add (g, a, b);
  pn_add (g, b, a);
}

static inline void
pn_unlink (Gen *g, int a, int b)
{
  pn_remove (g, a, b);
  pn_remove (g, b, a);
}

/* The cell after `cur` along its path, coming from `prev` (-1 at an end):
 * -1 past the far end. */
static inline int
pn_next (const Gen *g, int cur, int prev)
{
  return g->pn[2 * cur] != prev ? g->pn[2 * cur] : g->pn[2 * cur + 1];
}

/* TRUE when cell x is an end of path q. */
static inline gboolean
path_is_end (const Gen *g, int q, int x)
{
  return g->end[2 * q] == x || g->end[2 * q + 1] == x;
}

/* The end `old` of path p becomes `now`. */
static inline void
path_move_end (Gen *g, int p, int old, int now)
{
  if (g->end[2 * p] == old)
    g->end[2 * p] = now;
  else
    g->end[2 * p + 1] = now;
}

/* TRUE when cell c has a neighbour of path t other than cell b when c is
 * cell a. */
static inline gboolean
gen_touches (const Gen *g, int c, int t, int a, int b)
{
  for (int d = 0; d < 4; d++)
    {
      int q = gen_nb (g, c, d);
      if (q >= 0 && g->lab[q] == t && !(c == a && q == b))
        return TRUE;
    }
  return FALSE;
}

/* Labels t the cells from `start` on along their path, away from `prev`;
 * returns how many. */
static int
gen_relabel_from (Gen *g, int start, int prev, int t)
{
  int count = 0;

  for (int cur = start; cur >= 0;)
    {
      int next = pn_next (g, cur, prev);
      g->lab[cur] = t;
      count++;
      prev = cur;
      cur = next;
    }
  return count;
}

static void
path_new (Gen *g, int id, int a, int b, int len)
{
  g->end[2 * id] = a;
  g->end[2 * id + 1] = b;
  g->len[id] = len;
  g->slot[id] = g->npaths;
  g->alive[g->npaths++] = id;
}

static void
path_kill (Gen *g, int id)
{
  int s = g->slot[id], last = g->alive[--g->npaths];

  g->alive[s] = last;
  g->slot[last] = s;
  g->slot[id] = -1;
}

/* The random dominoes: the cells in a random order (into `order`), each
 * still free paired with a free neighbour. Cells with no free neighbour
 * left stay unlabelled. */
static void
gen_dominoes_greedy (Gen *g, int *order)
{
  int next_id = 0;

  for (int i = 0; i < g->n; i++)
    {
      order[i] = i;
      g->lab[i] = -1;
      g->pn[2 * i] = g->pn[2 * i + 1] = -1;
    }
  for (int i = g->n - 1; i > 0; i--)
    {
      int j = (int) hb_rng_below (&g->rng, (guint32) i + 1), t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
  /* Prefer the partner with the fewest free neighbours: fewer cells are
   * left over. */
  for (int k = 0; k < g->n; k++)
    {
      int c = order[k], best = -1, bestfree = 5, start = (int) hb_rng_below (&g->rng, 4);

      if (g->lab[c] >= 0)
        continue;
      for (int dd = 0; dd < 4; dd++)
        {
          int o = gen_nb (g, c, (start + dd) & 3), f = 0;
          if (o < 0 || g->lab[o] >= 0)
            continue;
          for (int e = 0; e < 4; e++)
            {
              int q = gen_nb (g, o, e);
              f += q >= 0 && g->lab[q] < 0;
            }
          if (f < bestfree)
            bestfree = f, best = o;
        }
      if (best < 0)
        continue;
      g->lab[c] = g->lab[best] = next_id;
      g->pn[2 * c] = best;
      g->pn[2 * best] = c;
      path_new (g, next_id++, c, best, 2);
    }
}

/* The domino cover. Returns FALSE when a leftover cell found no domino it
 * can join (then the caller tries another seed). */
static gboolean
gen_dominoes (Gen *g)
{
  int *order = g_new (int, g->n);
  gboolean ok = TRUE;

  gen_dominoes_greedy (g, order);
  /* Leftover cells join a neighbouring path at one of its ends when that
   * keeps the path from touching itself. */
  for (int k = 0; k < g->n && ok; k++)
    {
      int c = order[k];
      gboolean placed = FALSE;

      if (g->lab[c] >= 0)
        continue;
      for (int d = 0; d < 4 && !placed; d++)
        {
          int o = gen_nb (g, c, d), id, touches = 0;
          if (o < 0 || g->lab[o] < 0)
            continue;
          id = g->lab[o];
          if (!path_is_end (g, id, o))
            continue;
          for (int e = 0; e < 4; e++)
            {
              int q = gen_nb (g, c, e);
              touches += q >= 0 && g->lab[q] == id;
            }
          if (touches != 1)
            continue;
          g->lab[c] = id;
          pn_link (g, c, o);
          path_move_end (g, id, o, c);
          g->len[id]++;
          placed = TRUE;
        }
      ok = placed;
    }
  g_free (order);
  return ok;
}

/* TRUE when no cell of path `s` touches path `t` except cell a (of s)
 * touching cell b (of t). */
static gboolean
gen_apart (const Gen *g, int s, int t, int a, int b)
{
  int cur = g->end[2 * s], prev = -1;

  while (cur >= 0)
    {
      int next;
      if (gen_touches (g, cur, t, a, b))
        return FALSE;
      next = pn_next (g, cur, prev);
      prev = cur;
      cur = next;
    }
  return TRUE;
}

/* Joins path p (at its end a) and path q (at its end b), a and b
 * neighbours, when the joined path stays apart from itself. */
static gboolean
gen_merge (Gen *g, int p, int a, int q, int b)
{
  int small = g->len[p] <= g->len[q] ? p : q, big = small == p ? q : p;
  int sa = small == p ? a : b, bb = small == p ? b : a;
  int s_other, b_other;

  if (!gen_apart (g, small, big, sa, bb))
    return FALSE;
  s_other = g->end[2 * small] == sa ? g->end[2 * small + 1] : g->end[2 * small];
  b_other = g->end[2 * big] == bb ? g->end[2 * big + 1] : g->end[2 * big];
  gen_relabel_from (g, g->end[2 * small], -1, big);
  pn_link (g, a, b);
  g->end[2 * big] = s_other;
  g->end[2 * big + 1] = b_other;
  g->len[big] += g->len[small];
  path_kill (g, small);
  return TRUE;
}

/* Moves cell x, an end of path q (longer than 2), to path p at its end e. */
static gboolean
gen_transfer (Gen *g, int p, int e, int q, int x)
{
  int y;

  if (gen_touches (g, x, p, x, e))
    return FALSE;
  y = g->pn[2 * x];
  pn_unlink (g, x, y);
  path_move_end (g, q, x, y);
  g->len[q]--;
  g->lab[x] = p;
  pn_link (g, x, e);
  path_move_end (g, p, e, x);
  g->len[p]++;
  return TRUE;
}

/* Rewires: cell x in the middle of path q (x next to the end e of path p)
 * leaves q with the part of q on one side of it, which joins p at e; the
 * other part stays q. The number of paths does not change. Made only when
 * the part of q that moves has at most `limit` cells (walked first, so a
 * move costs at most that much). */
static gboolean
gen_rewire (Gen *g, int p, int e, int q, int x, int limit)
{
  int cut = g->pn[2 * x + (int) hb_rng_below (&g->rng, 2)], cur = x, prev, count = 0, far;

  if (cut < 0)
    return FALSE;
  /* The part that moves: from x away from `cut`. */
  prev = cut;
  while (cur >= 0)
    {
      int next = pn_next (g, cur, prev);
      if (++count > limit)
        return FALSE;
      if (gen_touches (g, cur, p, x, e))
        return FALSE;
      prev = cur;
      cur = next;
    }
  far = prev;
  if (g->len[q] - count < 2)
    return FALSE;
  gen_relabel_from (g, x, cut, p);
  pn_unlink (g, x, cut);
  path_move_end (g, q, far, cut);
  g->len[q] -= count;
  pn_link (g, x, e);
  path_move_end (g, p, e, far);
  g->len[p] += count;
  return TRUE;
}

/* Runs the walk until there are `colours` paths and the shapes had time to
 * mix. Returns FALSE when it could not get down to `colours`. */
static gboolean
gen_walk (Gen *g, int colours)
{
  guint64 budget = (guint64) g->n * 400 + 100000;
  guint64 mixing = (guint64) g->n * 4 + 1000, since_target = 0;
  guint64 since_merge = 0;

  for (guint64 it = 0; it < budget; it++)
    {
      int p, e, d, x, q;

      if (g->npaths <= colours)
        {
          if (++since_target > mixing)
            return TRUE;
        }
      else if (since_merge > (guint64) g->n * 60 + 20000)
        return FALSE;
      since_merge++;
      p = g->alive[hb_rng_below (&g->rng, (guint32) g->npaths)];
      e = g->end[2 * p + (int) hb_rng_below (&g->rng, 2)];
      d = (int) hb_rng_below (&g->rng, 4);
      x = gen_nb (g, e, d);
      if (x < 0 || g->lab[x] == p)
        continue;
      q = g->lab[x];
      if (!path_is_end (g, q, x))
        {
          gen_rewire (g, p, e, q, x, G_MAXINT);
          continue;
        }
      if (g->npaths > colours && gen_merge (g, p, e, q, x))
        {
          since_merge = 0;
          continue;
        }
      if (g->len[q] > 2)
        gen_transfer (g, p, e, q, x);
    }
  return g->npaths <= colours;
}

/* ---- Boards too big for the dominoes: interleaved spirals ----
 *
 * One path that never touches itself covers at most about half of a wide
 * region (its neighbouring strands need something else between them), so
 * few colours on a big board need strands of two or more paths that
 * alternate. The double spiral does that: path A winds inward along the
 * edge of a region keeping one lane free beside its previous turn, and
 * path B winds in that free lane, so every strand of A lies between
 * strands of B and the other way round. Both are drawn by the same greedy
 * wall follower (turtle_wall): keep the region's edge or the path's own
 * previous turn on one hand, never touch the path but where it comes
 * from, never cut a corner; so each is a path that never touches itself
 * by construction, and in an L-shaped region the spiral follows the notch
 * (each lobe costs a path end or two). What they leave near the middles
 * is covered by more followers, then short paths of its own, and a lone
 * cell joins a neighbouring path's end.
 *
 * The board is first cut into random rectangles (guillotine cuts at random
 * places), about half of them joined to a neighbour (Ls, Ts, longer
 * pieces), each region spiralling from a random corner a random way, so
 * the levels differ from seed to seed. The paths are then cut into eight
 * times the colours, their ends shaken by local moves (an end cell handed
 * to the neighbouring path, or the end part of a path cut off and taken by
 * the neighbouring path's end, which makes jogs across the lanes), joined
 * back end to end where that keeps them apart from themselves, and cut at
 * random places into the colours wanted. Every move is checked locally in
 * time bounded by a constant and the joins' checks have a linear budget:
 * the whole build is linear in the board (1000×1000 in about 0.3 s). */

/* Builds the paths from a labelling whose labels are simple paths that
 * never touch themselves (adjacent cells of one label are linked), each
 * of two cells or more. `label` may be g->lab itself. FALSE (the caller
 * tries again) when a label is not such a path: a cell with three cells
 * of its label around, or a label without exactly two ends (a ring, or
 * two pieces), which the constructions never make; checked all the same,
 * since the arrays below trust it. */
static gboolean
gen_from_labels (Gen *g, const int *label, int nlabels)
{
  int *seen_end = g_new0 (int, nlabels);
  gboolean ok = TRUE;

  g->npaths = 0;
  for (int c = 0; c < g->n; c++)
    {
      g->lab[c] = label[c];
      g->pn[2 * c] = g->pn[2 * c + 1] = -1;
    }
  for (int c = 0; c < g->n && ok; c++)
    for (int d = 1; d <= 2 && ok; d++)
      {
        int o = gen_nb (g, c, d);
        if (o >= 0 && g->lab[o] == g->lab[c])
          {
            ok = g->pn[2 * c + 1] < 0 && g->pn[2 * o + 1] < 0;
            pn_link (g, c, o);
          }
      }
  for (int i = 0; i < nlabels; i++)
    g->len[i] = 0;
  for (int c = 0; c < g->n && ok; c++)
    {
      int id = g->lab[c];
      if (id < 0 || id >= nlabels)
        ok = FALSE;
      else
        {
          g->len[id]++;
          if (g->pn[2 * c + 1] < 0)
            {
              if (seen_end[id] >= 2 || g->pn[2 * c] < 0)
                ok = FALSE;
              else
                g->end[2 * id + seen_end[id]++] = c;
            }
        }
    }
  for (int i = 0; i < nlabels && ok; i++)
    ok = seen_end[i] == 2;
  for (int i = 0; i < nlabels && ok; i++)
    {
      g->slot[i] = g->npaths;
      g->alive[g->npaths++] = i;
    }
  g_free (seen_end);
  return ok;
}

typedef struct {
  int      x0, y0;      /* top-left on the board */
  int      lw, lh;      /* size */
} GenRect;

/* TRUE when cell c is free and no cell of path `id` but `from` touches it. */
static inline gboolean
turtle_may (const Gen *g, int c, int id, int from)
{
  if (c < 0 || g->lab[c] >= 0)
    return FALSE;
  for (int d = 0; d < 4; d++)
    {
      int q = gen_nb (g, c, d);
      if (q >= 0 && q != from && g->lab[q] == id)
        return FALSE;
    }
  return TRUE;
}

/* A wall follower: path `id` from cell c heading `dir` (board directions,
 * 0 north, 1 east, 2 south, 3 west) through free cells of region `r`,
 * keeping the region's edge, or its own previous turn, on one side:
 * `hand` 3 on its left, 1 on its right. It turns that way first, else
 * goes straight, else turns the other way, else stops. A step never
 * touches the path but at the cell it comes from, and never cuts a corner:
 * a cell of the path diagonal to the new one is one of the last two, or
 * the lane beside the path, which the next path takes, would be closed.
 * In a rectangle it draws the spiral with one lane free between its
 * turns; in an L or a T it follows the notches too. Returns the cells
 * labelled. */
static int
turtle_wall (Gen *g, const int *region, int r, int c, int dir, int hand, int id)
{
  int count = 1, prev = -1;

  if (region[c] != r || !turtle_may (g, c, id, -1))
    return 0;
  g->lab[c] = id;
  for (;;)
    {
      const int order[3] = { (dir + hand) & 3, dir, (dir + 4 - hand) & 3 };
      int moved = 0;

      for (int t = 0; t < 3 && !moved; t++)
        {
          int o = gen_nb (g, c, order[t]), corner = 0;

          if (o < 0 || region[o] != r || !turtle_may (g, o, id, c))
            continue;
          for (int e = 0; e < 4 && !corner; e++)
            {
              int side = gen_nb (g, o, e), q;
              if (side < 0)
                continue;
              q = gen_nb (g, side, (e + 1) & 3);
              corner = q >= 0 && q != c && q != prev && g->lab[q] == id;
            }
          if (corner)
            continue;
          g->lab[o] = id;
          count++;
          prev = c;
          c = o;
          dir = order[t];
          moved = 1;
        }
      if (!moved)
        return count;
    }
}

/* A short path through free cells from c (board coordinates), grown at
 * both ends while it can (straight first, then a random turn). */
static int
turtle_free (Gen *g, int c, int id)
{
  int count = 1, ends[2] = { c, c }, dirs[2];

  g->lab[c] = id;
  dirs[0] = (int) hb_rng_below (&g->rng, 4);
  dirs[1] = (dirs[0] + 2) & 3;
  for (int side = 0; side < 2; side++)
    for (;;)
      {
        int cur = ends[side], moved = 0, turn = hb_rng_below (&g->rng, 2) ? 1 : 3;
        const int order[3] = { dirs[side], (dirs[side] + turn) & 3, (dirs[side] + 4 - turn) & 3 };
        for (int t = 0; t < 3 && !moved; t++)
          {
            int o = gen_nb (g, cur, order[t]);
            if (turtle_may (g, o, id, cur))
              {
                g->lab[o] = id;
                count++;
                ends[side] = o;
                dirs[side] = order[t];
                moved = 1;
              }
          }
        if (!moved)
          break;
      }
  return count;
}

/* Same-label neighbours of c. */
static inline int
lab_degree (const Gen *g, int c, int id)
{
  int k = 0;
  for (int d = 0; d < 4; d++)
    {
      int q = gen_nb (g, c, d);
      k += q >= 0 && g->lab[q] == id;
    }
  return k;
}

/* Cuts the board into about `want` random rectangles; returns how many. */
static int
gen_rects (Gen *g, GenRect *rects, int want)
{
  int n = 1;

  rects[0] = (GenRect) { 0, 0, g->w, g->h };
  while (n < want)
    {
      int best = -1;
      gint64 best_area = 0;
      GenRect *r, *s;
      gboolean vertical;
      int side, minside, cut;

      /* The largest rectangle that can be cut (its long side at least
       * twice the smallest piece). */
      for (int i = 0; i < n; i++)
        {
          int longest = MAX (rects[i].lw, rects[i].lh);
          gint64 area = (gint64) rects[i].lw * rects[i].lh;
          if (longest >= 8 && area > best_area)
            best = i, best_area = area;
        }
      if (best < 0)
        break;
      r = &rects[best];
      vertical = r->lw > r->lh || (r->lw == r->lh && hb_rng_below (&g->rng, 2));
      side = vertical ? r->lw : r->lh;
      minside = MAX (4, side / 5);
      cut = minside + (int) hb_rng_below (&g->rng, (guint32) (side - 2 * minside + 1));
      s = &rects[n++];
      *s = *r;
      if (vertical)
        {
          r->lw = cut;
          s->x0 += cut;
          s->lw -= cut;
        }
      else
        {
          r->lh = cut;
          s->y0 += cut;
          s->lh -= cut;
        }
    }
  return n;
}

/* Labels the board with interleaved spirals in about `want` rectangles.
 * Returns the number of labels, or -1 when a lone cell found no path to
 * join (the caller tries again). */
static int
gen_spirals (Gen *g, int want)
{
  GenRect *rects = g_new (GenRect, MAX (want, 1));
  int nrects = gen_rects (g, rects, MAX (want, 1)), id = 0;
  int *region = g_new (int, g->n), *parent = g_new (int, nrects);

  for (int c = 0; c < g->n; c++)
    g->lab[c] = -1;
  for (int i = 0; i < nrects; i++)
    {
      parent[i] = i;
      for (int y = rects[i].y0; y < rects[i].y0 + rects[i].lh; y++)
        for (int x = rects[i].x0; x < rects[i].x0 + rects[i].lw; x++)
          region[y * g->w + x] = i;
    }
  /* About half the rectangles join the one across a random side: Ls, Ts
   * and longer pieces, whose spirals follow their notches. */
  for (int i = 0; i < nrects; i++)
    if (hb_rng_below (&g->rng, 2))
      {
        const GenRect *r = &rects[i];
        int side = (int) hb_rng_below (&g->rng, 4), x, y, a, b;

        x = side == 1 ? r->x0 + r->lw : side == 3 ? r->x0 - 1
            : r->x0 + (int) hb_rng_below (&g->rng, (guint32) r->lw);
        y = side == 2 ? r->y0 + r->lh : side == 0 ? r->y0 - 1
            : r->y0 + (int) hb_rng_below (&g->rng, (guint32) r->lh);
        if (x < 0 || y < 0 || x >= g->w || y >= g->h)
          continue;
        for (a = i; parent[a] != a; a = parent[a]);
        for (b = region[y * g->w + x]; parent[b] != b; b = parent[b]);
        parent[a] = b;
      }
  for (int c = 0; c < g->n; c++)
    {
      int a;
      for (a = region[c]; parent[a] != a; a = parent[a]);
      region[c] = a;
    }
  /* Each region from one of its corners (a random one of the four, and
   * along a random side): the first free cell in that scan order has
   * region edge or drawn path before it on both sides, so a wall follower
   * with that edge on its hand starts there; path A, then B in the lane A
   * leaves, then whatever the region still has free. A mirrored scan
   * mirrors the hand. */
  for (int i = 0; i < nrects; i++)
    {
      int x0 = g->w, y0 = g->h, x1 = -1, y1 = -1;
      gboolean fx = hb_rng_below (&g->rng, 2), fy = hb_rng_below (&g->rng, 2);
      gboolean cols = hb_rng_below (&g->rng, 2);
      int left = hb_rng_below (&g->rng, 2), hand, dir, along, across;

      if (parent[i] != i)
        continue;
      for (int k = 0; k < nrects; k++)
        {
          int a;
          for (a = k; parent[a] != a; a = parent[a]);
          if (a != i)
            continue;
          x0 = MIN (x0, rects[k].x0);
          y0 = MIN (y0, rects[k].y0);
          x1 = MAX (x1, rects[k].x0 + rects[k].lw - 1);
          y1 = MAX (y1, rects[k].y0 + rects[k].lh - 1);
        }
      /* The scan goes `along` (a row, or a column with `cols`) and steps
       * `across`; the start heads along the scan with the swept side on
       * its hand, or across it with the other side. */
      along = cols ? (fy ? 0 : 2) : (fx ? 3 : 1);
      across = cols ? (fx ? 3 : 1) : (fy ? 0 : 2);
      /* Heading `along`, the cells already scanned lie opposite `across`. */
      hand = ((along + 3) & 3) == ((across + 2) & 3) ? 3 : 1;
      dir = along;
      if (!left)
        {
          /* Head across instead: the scanned side is then on the other hand. */
          hand = 4 - hand;
          dir = across;
        }
      for (int p = 0; p <= (cols ? x1 - x0 : y1 - y0); p++)
        for (int q = 0; q <= (cols ? y1 - y0 : x1 - x0); q++)
          {
            int x = cols ? (fx ? x1 - p : x0 + p) : (fx ? x1 - q : x0 + q);
            int y = cols ? (fy ? y1 - q : y0 + q) : (fy ? y1 - p : y0 + p);
            int c = y * g->w + x;

            if (region[c] != i || g->lab[c] >= 0)
              continue;
            if (turtle_wall (g, region, i, c, dir, hand, id) > 1)
              id++;
            else
              g->lab[c] = -1;
          }
    }
  g_free (region);
  g_free (parent);
  g_free (rects);
  /* A spiral of one cell (a rectangle too small for it) is no path. */
  {
    int *count = g_new0 (int, id + 1), *map = g_new (int, id + 1), k = 0;
    for (int c = 0; c < g->n; c++)
      if (g->lab[c] >= 0)
        count[g->lab[c]]++;
    for (int i = 0; i < id; i++)
      map[i] = count[i] > 1 ? k++ : -1;
    for (int c = 0; c < g->n; c++)
      if (g->lab[c] >= 0)
        g->lab[c] = map[g->lab[c]];
    id = k;
    g_free (count);
    g_free (map);
  }
  /* What is left: first the paths' ends grow into it (a cell touching
   * one path only at that path's end takes it), then short paths of its
   * own; a lone cell joins a path end. */
  {
    GArray *left = g_array_new (FALSE, FALSE, sizeof (int));
    gboolean grown = TRUE;

    for (int c = 0; c < g->n; c++)
      if (g->lab[c] < 0)
        g_array_append_val (left, c);
    while (grown)
      {
        grown = FALSE;
        for (guint i = 0; i < left->len; i++)
          {
            int c = g_array_index (left, int, i);
            if (g->lab[c] >= 0)
              continue;
            for (int d = 0; d < 4; d++)
              {
                int o = gen_nb (g, c, d), l;
                if (o < 0 || (l = g->lab[o]) < 0)
                  continue;
                if (lab_degree (g, c, l) == 1 && lab_degree (g, o, l) == 1)
                  {
                    g->lab[c] = l;
                    grown = TRUE;
                    break;
                  }
              }
          }
      }
    g_array_free (left, TRUE);
  }
  for (int c = 0; c < g->n; c++)
    if (g->lab[c] < 0)
      {
        if (turtle_free (g, c, id) > 1)
          {
            id++;
            continue;
          }
        g->lab[c] = -1;
      }
  for (int c = 0; c < g->n; c++)
    if (g->lab[c] < 0)
      {
        int joined = -1;
        for (int d = 0; d < 4 && joined < 0; d++)
          {
            int o = gen_nb (g, c, d), l;
            if (o < 0 || (l = g->lab[o]) < 0)
              continue;
            if (lab_degree (g, c, l) == 1 && lab_degree (g, o, l) == 1)
              joined = l;
          }
        if (joined < 0)
          {
            /* No end to join: take a neighbouring cell o from its path
             * (whose parts left keep two cells or more) and make {c, o}
             * a path of its own; a path cut in the middle by that gives
             * one of its parts a label of its own. */
            for (int d = 0; d < 4 && joined < 0; d++)
              {
                int o = gen_nb (g, c, d), l, nb[2], k = 0, ok = 1;
                if (o < 0 || (l = g->lab[o]) < 0)
                  continue;
                for (int e = 0; e < 4; e++)
                  {
                    int u = gen_nb (g, o, e);
                    if (u >= 0 && g->lab[u] == l)
                      {
                        nb[k++] = u;
                        ok &= lab_degree (g, u, l) == 2;
                      }
                  }
                if (!ok || k == 0)
                  continue;
                g->lab[o] = id;
                g->lab[c] = id;
                joined = id++;
                if (k == 2)
                  {
                    /* Relabel the part through nb[1]. */
                    int cur = nb[1], prev = o;
                    while (cur >= 0)
                      {
                        int next = -1;
                        g->lab[cur] = id;
                        for (int e = 0; e < 4; e++)
                          {
                            int u = gen_nb (g, cur, e);
                            if (u >= 0 && u != prev && g->lab[u] == l)
                              next = u;
                          }
                        prev = cur;
                        cur = next;
                      }
                    id++;
                  }
              }
            if (joined < 0)
              return -1;
            continue;
          }
        g->lab[c] = joined;
      }
  return id;
}

/* Joins paths end to end (in a random order) while there are more than
 * `colours` and a join keeps the joined path apart from itself. The
 * checks walk the shorter path of each pair tried: they are given at most
 * `budget` cells in all, so a board whose paths will not join costs
 * linear time before the caller tries another way. */
static void
gen_join_down (Gen *g, int colours, gint64 budget)
{
  gboolean progress = TRUE;

  while (g->npaths > colours && progress && budget > 0)
    {
      int start = (int) hb_rng_below (&g->rng, (guint32) g->npaths);
      progress = FALSE;
      for (int k = 0; k < g->npaths && g->npaths > colours && budget > 0; k++)
        {
          int p = g->alive[(start + k) % g->npaths], merged = 0;
          for (int side = 0; side < 2 && !merged; side++)
            {
              int e = g->end[2 * p + side];
              for (int d = 0; d < 4 && !merged; d++)
                {
                  int x = gen_nb (g, e, d), q;
                  if (x < 0 || (q = g->lab[x]) == p)
                    continue;
                  if (!path_is_end (g, q, x))
                    continue;
                  budget -= MIN (g->len[p], g->len[q]);
                  merged = gen_merge (g, p, e, q, x);
                }
            }
          progress |= merged;
        }
    }
}

/* Local moves at path ends, `steps` tries: an end cell handed to the
 * neighbouring path's end, the end part of a path (at most 64 cells) taken
 * by the neighbouring path's end, and while there are more than `colours`
 * paths two ends that meet joined when the joined path stays apart from
 * itself (a check that walks the shorter path: those walks are given at
 * most `join_budget` cells in all). */
static void
gen_shake (Gen *g, guint64 steps, int colours, gint64 join_budget)
{
  for (guint64 it = 0; it < steps; it++)
    {
      int p = g->alive[hb_rng_below (&g->rng, (guint32) g->npaths)];
      int e = g->end[2 * p + (int) hb_rng_below (&g->rng, 2)];
      int x = gen_nb (g, e, (int) hb_rng_below (&g->rng, 4)), q;

      if (x < 0 || (q = g->lab[x]) == p)
        continue;
      if (path_is_end (g, q, x))
        {
          /* Joined at one meeting in eight: the ends wander first. */
          if (g->npaths > colours && join_budget > 0 && hb_rng_below (&g->rng, 8) == 0)
            {
              join_budget -= MIN (g->len[p], g->len[q]);
              if (gen_merge (g, p, e, q, x))
                continue;
            }
          if (g->len[q] > 2)
            gen_transfer (g, p, e, q, x);
        }
      else
        gen_rewire (g, p, e, q, x, 24);
    }
}

/* Cuts random paths in two (both parts at least two cells) until there
 * are `colours`. */
static void
gen_split (Gen *g, int colours)
{
  int guard = 0;

  while (g->npaths < colours && guard++ < 100000)
    {
      /* A path drawn by length (the path of a random cell). */
      int p = g->lab[hb_rng_below (&g->rng, (guint32) g->n)], cut, cur, prev, id, count;

      if (g->len[p] < 4)
        continue;
      cut = 2 + (int) hb_rng_below (&g->rng, (guint32) g->len[p] - 3);  /* cells in part one */
      cur = g->end[2 * p];
      prev = -1;
      for (int i = 1; i < cut; i++)
        {
          int next = pn_next (g, cur, prev);
          prev = cur;
          cur = next;
        }
      /* cur is the last cell of part one; part two starts at its next. */
      {
        int next = pn_next (g, cur, prev);
        int first_end = g->end[2 * p], other_end = g->end[2 * p + 1];

        pn_unlink (g, cur, next);
        id = 0;
        while (g->slot[id] >= 0)
          id++;
        count = gen_relabel_from (g, next, cur, id);
        g->end[2 * p] = first_end;
        g->end[2 * p + 1] = cur;
        g->len[p] -= count;
        path_new (g, id, next, other_end, count);
      }
    }
}

/* The whole build for big boards: FALSE when it did not reach `colours`
 * paths (too few colours for the board, or an unlucky start). The paths
 * are first cut into `pieces` × colours pieces whose ends are shaken and
 * joined back, which scars the spirals all over the board and not only
 * where the colours end; the more pieces, the likelier some cannot be
 * joined back (the caller then asks for fewer). */
static gboolean
gen_big (Gen *g, int colours, int pieces, gboolean one_region)
{
  /* Each region takes two paths or three: between a fifth and a half of
   * the colours' worth of rectangles (fewer regions after joins). */
  int lo = MAX (1, colours / 5), hi = MAX (lo + 1, colours / 2);
  int want = one_region ? 1 : lo + (int) hb_rng_below (&g->rng, (guint32) (hi - lo));
  int nlabels = gen_spirals (g, want);
  guint64 steps = (guint64) MIN ((gint64) g->n * 4, (gint64) 1000000) + 20000;

  if (nlabels < 0 || nlabels > g->n / 2)
    return FALSE;
  for (int i = 0; i < g->n / 2 + 2; i++)
    g->slot[i] = -1;
  if (!gen_from_labels (g, g->lab, nlabels))
    return FALSE;
  if (pieces > 1)
    {
      gen_split (g, (int) MIN ((gint64) colours * pieces, (gint64) g->n / 12));
      gen_shake (g, steps, colours, (gint64) g->n * 4);
    }
  gen_join_down (g, colours, (gint64) g->n * 8);
  if (g->npaths > colours)
    return FALSE;
  gen_split (g, colours);
  if (g->npaths != colours)
    return FALSE;
  gen_shake (g, steps / 2, colours, 0);
  return TRUE;
}

/* ---- Two colours on a board with an even side: two arms ----
 *
 * The joins and the interleaved spirals above could not make 2 paths on
 * any even×even board from about 12×12 up, nor on many boards with one
 * side odd and the other even shorter than it (13×8, 8×13, 31×20, 4×27):
 * one path's spiral needs the other's lane beside it all the way in, and
 * where the lanes meet in the middle two cells wide a path would touch
 * itself. Two arms drawn in turns do cover them. Each arm steps straight
 * on while the next cell is free and touches none of its own cells but
 * the one it comes from, else turns its own way (clockwise or not), else
 * stops; so each arm is simple and never touches itself, and each keeps
 * one lane free beside its previous turn, which the other arm fills.
 * Two layouts, in a frame that is the board or the board transposed:
 *
 *   the spiral: arm A from the top-left corner heading east, arm B from
 *   the bottom-right heading west, both turning clockwise; they wind in
 *   from opposite corners, the drawing keeping the board's half-turn
 *   symmetry up to where they meet. It covers every even×even board, and
 *   a board with one side odd when the arms start along the odd side and
 *   the even side is at most one longer (either way round when the even
 *   side is the shorter).
 *
 *   the nest: A from the top-left corner heading south, B from the
 *   top-right heading west, both turning anticlockwise, the top side odd:
 *   the two arms go down the two ends of the odd side and nest as Us
 *   inside each other (A the outer U, B inside it, and so on), so it
 *   covers any even length of the other side, shorter or longer, on an
 *   odd side of 5 or more. (The spiral leaves a column of cells free
 *   down the middle when the even side is 3 or more longer; the nest
 *   leaves the middle of the 3-cell side free from 3×6 on.)
 *
 * Those claims are checked, not proved: every such board up to 200×200
 * when this was written, and tests/flow/test-flow-generate.c checks the
 * boards up to 40×40. The cover is checked all the same (gen_from_labels,
 * and the caller's check of the answer), and a board where every layout
 * tried failed gets the old error (3×6 and longer 3-cell boards, which
 * the walk makes). The seed picks one of the eight symmetries of the
 * rectangle (the arms' corners, their turning direction and a
 * transposition); on a board with an odd side also which layout comes
 * first. A layout that does not cover is followed by the other ones.
 * Used only when the other methods fail, so the levels they make stay the
 * same; the even×even levels of the spiral stay as they were too. */

/* Draws the two arms in an fw×fh frame `fl` (all -1 on entry), arm i from
 * (x, y) heading d (0 north, 1 east, 2 south, 3 west) turning t (1
 * clockwise, 3 anticlockwise) as start[i] = { x, y, d, t }. TRUE when
 * they cover the frame. */
static gboolean
arms_draw (int *fl, int fw, int fh, const int start[2][4])
{
  int ax[2], ay[2], ad[2];
  gboolean alive[2] = { TRUE, TRUE };

  for (int id = 0; id < 2; id++)
    {
      ax[id] = start[id][0];
      ay[id] = start[id][1];
      ad[id] = start[id][2];
      fl[ay[id] * fw + ax[id]] = id;
    }
  while (alive[0] || alive[1])
    for (int id = 0; id < 2; id++)
      {
        gboolean moved = FALSE;

        if (!alive[id])
          continue;
        for (int turn = 0; turn < 2 && !moved; turn++)
          {
            int d = (ad[id] + turn * start[id][3]) % 4;
            int x = ax[id] + gdx[d], y = ay[id] + gdy[d];
            gboolean may = x >= 0 && y >= 0 && x < fw && y < fh && fl[y * fw + x] < 0;

            for (int e = 0; e < 4 && may; e++)
              {
                int qx = x + gdx[e], qy = y + gdy[e];
                if (qx >= 0 && qy >= 0 && qx < fw && qy < fh
                    && (qx != ax[id] || qy != ay[id]) && fl[qy * fw + qx] == id)
                  may = FALSE;
              }
            if (may)
              {
                fl[y * fw + x] = id;
                ax[id] = x;
                ay[id] = y;
                ad[id] = d;
                moved = TRUE;
              }
          }
        alive[id] = moved;
      }
  for (int c = 0; c < fw * fh; c++)
    if (fl[c] < 0)
      return FALSE;
  return TRUE;
}

/* The two arms on the board (g->w × g->h with an even side), into g->lab
 * and the paths; FALSE when no layout tried covers it. */
static gboolean
gen_two_arms (Gen *g)
{
  enum { SPIRAL, NEST };
  int sym = (int) hb_rng_below (&g->rng, 8), n = g->n;
  gboolean tr = (sym & 4) != 0, odd_side = g->w % 2 != g->h % 2;
  /* The transposition that puts the odd side on top, for the nest. */
  gboolean odd_top = g->w % 2 == 0;
  int tries[3][2], ntries = 0;
  int *fl = g_new (int, n);
  gboolean ok = FALSE;

  if (odd_side && hb_rng_below (&g->rng, 2))
    {
      tries[ntries][0] = NEST;
      tries[ntries++][1] = odd_top;
    }
  tries[ntries][0] = SPIRAL;
  tries[ntries++][1] = tr;
  tries[ntries][0] = SPIRAL;
  tries[ntries++][1] = !tr;
  if (odd_side && ntries < 3)
    {
      tries[ntries][0] = NEST;
      tries[ntries++][1] = odd_top;
    }
  for (int k = 0; k < ntries && !ok; k++)
    {
      gboolean t = tries[k][1];
      int fw = t ? g->h : g->w, fh = t ? g->w : g->h;
      const int spiral[2][4] = { { 0, 0, 1, 1 }, { fw - 1, fh - 1, 3, 1 } };
      const int nest[2][4] = { { 0, 0, 2, 3 }, { fw - 1, 0, 3, 3 } };

      /* On a board one cell wide (which the walk always makes) the nest's
       * arms would start on the same cell. */
      if (fw < 2 || fh < 2)
        continue;
      for (int c = 0; c < n; c++)
        fl[c] = -1;
      if (!arms_draw (fl, fw, fh, tries[k][0] == NEST ? nest : spiral))
        continue;
      for (int y = 0; y < fh; y++)
        for (int x = 0; x < fw; x++)
          {
            int bx = t ? y : x, by = t ? x : y;

            if (sym & 1)
              bx = g->w - 1 - bx;
            if (sym & 2)
              by = g->h - 1 - by;
            g->lab[by * g->w + bx] = fl[y * fw + x];
          }
      ok = TRUE;
    }
  g_free (fl);
  return ok && gen_from_labels (g, g->lab, 2);
}

/* ---- Nearly a domino per colour: the walk from a whole tiling ----
 *
 * The walk starts from the random dominoes, where a cell left without a
 * free neighbour joins a neighbouring domino: each such join costs a
 * path, and the walk only joins paths. So near the most colours a board
 * takes (a domino each, W×H/2) it often starts with fewer paths than
 * wanted, and 20×8 in 78 colours, 18×8 in 72 or 1×161 in 79 were refused
 * though a domino per colour, some joined, covers them. Here the random
 * dominoes are completed into a tiling of the whole board by augmenting
 * paths: a leftover cell takes a neighbour from its domino, whose partner
 * takes a neighbour of its own, and so on until one is a leftover cell
 * too. The board's cells being the two colours of a chessboard, that is a
 * maximum matching, and a rectangle with an even side has a perfect one;
 * on a board of an odd number of cells the one cell left joins a
 * neighbouring domino at an end (the domino's other cell is two steps
 * from it, so the path of three cells, straight or bent, never touches
 * itself). That is W×H/2 paths (rounded down) of two cells or three; the
 * walk joins them down to the colours wanted and bends them as it does
 * from the random dominoes. Used only when the other methods fail, so the
 * levels they make stay the same. */

/* The tiling into the paths; FALSE when a cell was left that no domino
 * could take (which a rectangle never leaves: checked all the same). */
static gboolean
gen_tiling (Gen *g)
{
  int n = g->n, *order = g_new (int, n), *mate = g_new (int, n), *from = g_new (int, n);
  int *queue = g_new (int, n), *seen = g_new0 (int, n), *label = g_new (int, n);
  int nlabels = 0, stamp = 0;
  gboolean *grown, ok = TRUE;

  gen_dominoes_greedy (g, order);
  for (int c = 0; c < n; c++)
    mate[c] = g->lab[c] >= 0 ? g->pn[2 * c] : -1;
  /* Breadth first from each leftover cell u in turn: the cells reached
   * through a domino are u's colour on the chessboard, their free
   * neighbours the other colour. A leftover cell without such a path has
   * none after later augmentations either, so one pass leaves a maximum
   * matching. */
  for (int k = 0; k < n; k++)
    {
      int u = order[k], head = 0, tail = 0, found = -1;

      if (mate[u] >= 0)
        continue;
      stamp++;
      seen[u] = stamp;
      queue[tail++] = u;
      while (head < tail && found < 0)
        {
          int x = queue[head++], start = (int) hb_rng_below (&g->rng, 4);

          for (int dd = 0; dd < 4 && found < 0; dd++)
            {
              int v = gen_nb (g, x, (start + dd) & 3);

              if (v < 0 || seen[v] == stamp)
                continue;
              seen[v] = stamp;
              from[v] = x;
              if (mate[v] < 0)
                found = v;
              else if (seen[mate[v]] != stamp)
                {
                  seen[mate[v]] = stamp;
                  queue[tail++] = mate[v];
                }
            }
        }
      /* Along the path back to u: each cell pairs with the one it was
       * reached from, whose old partner goes on (u had none). */
      while (found >= 0)
        {
          int x = from[found], next = mate[x];

          mate[found] = x;
          mate[x] = found;
          found = next;
        }
    }
  for (int c = 0; c < n; c++)
    label[c] = -1;
  for (int c = 0; c < n; c++)
    if (mate[c] >= 0 && label[c] < 0)
      label[c] = label[mate[c]] = nlabels++;
  grown = g_new0 (gboolean, nlabels + 1);
  for (int k = 0; k < n && ok; k++)
    {
      int c = order[k], start = (int) hb_rng_below (&g->rng, 4);

      if (label[c] >= 0)
        continue;
      ok = FALSE;
      for (int dd = 0; dd < 4 && !ok; dd++)
        {
          int o = gen_nb (g, c, (start + dd) & 3);

          if (o < 0 || label[o] < 0 || grown[label[o]])
            continue;
          label[c] = label[o];
          grown[label[o]] = ok = TRUE;
        }
    }
  for (int i = 0; i < n / 2 + 2; i++)
    g->slot[i] = -1;
  ok = ok && nlabels > 0 && gen_from_labels (g, label, nlabels);
  g_free (order);
  g_free (mate);
  g_free (from);
  g_free (queue);
  g_free (seen);
  g_free (label);
  g_free (grown);
  return ok;
}

/* The game's default colour count for a board: about one colour per
 * side cell as in the published levels (√(w·h)) up to 64×64, within what
 * the board can hold; on bigger boards 2000 / √(w·h), at least 10: the
 * counts the fast solver takes quickly. One per side there (88 from about
 * 88×88) made levels `solve` gave up on, as every public solver does
 * (75×75 in 75 colours up to 7.7 s, 100×100 in 88 never; in 30, 20 or 10
 * colours they take 0.1–0.5 s: README, Benchmarks). */
#define DEFAULT_SIDE_PER_COLOUR 64
static int
default_colours (int w, int h)
{
  gint64 n = (gint64) w * h;
  double side = sqrt ((double) n);
  int c = (int) (side + 0.5);

  if (n < 4)
    return 1;
  if (side > DEFAULT_SIDE_PER_COLOUR + 0.5)
    c = MAX (10, (int) (2000.0 / side + 0.5));
  c = (int) MIN ((gint64) c, n / 3);
  /* One path cannot fill a board two cells wide both ways (see
   * flow_generate), and any such board holds two pairs. */
  if (w > 1 && h > 1)
    c = MAX (c, 2);
  return CLAMP (c, 1, FLOW_MAX_COLOURS);
}

/* How make_level begins: the random dominoes' walk (then the interleaved
 * spirals), the two arms, or the walk from a whole tiling. */
typedef enum {
  MAKE_WALK,
  MAKE_TWO_ARMS,
  MAKE_TILING
} MakeHow;

/* One random level with exactly `colours` pairs from `seed`, or NULL when
 * the method could not reach that many: the walk from the random dominoes
 * (then the interleaved spirals), or with MAKE_TWO_ARMS the two arms of 2
 * pairs on a board with an even side (gen_two_arms), or with MAKE_TILING
 * the walk from a whole tiling (gen_tiling). */
static FlowState *
make_level (int w, int h, int colours, guint64 seed, int attempt, MakeHow how,
            FlowState **solution)
{
  Gen g = { 0 };
  FlowState *s = NULL;
  int *perm;
  gboolean ok;

  g.w = w;
  g.h = h;
  g.n = w * h;
  g.lab = g_new (int, g.n);
  g.pn = g_new (int, 2 * (gsize) g.n);
  g.end = g_new (int, g.n + 2);
  g.len = g_new (int, g.n / 2 + 2);
  g.alive = g_new (int, g.n / 2 + 2);
  g.slot = g_new (int, g.n / 2 + 2);
  hb_rng_init (&g.rng, seed);
  for (int i = 0; i < g.n / 2 + 2; i++)
    g.slot[i] = -1;
  /* Joining dominoes gets down to about one path per 60 to 100 cells
   * (surely to one per 50, quickly);
   * fewer colours than that start from long paths at once. */
  if (how == MAKE_TWO_ARMS)
    {
      /* The arms' ends shaken, as the other spirals' are, so the paths
       * differ more from seed to seed than the eight symmetries. */
      ok = colours == 2 && gen_two_arms (&g);
      if (ok)
        gen_shake (&g, (guint64) MIN ((gint64) g.n * 4, (gint64) 1000000) + 20000, colours, 0);
    }
  else if (how == MAKE_TILING)
    ok = gen_tiling (&g) && gen_walk (&g, colours) && g.npaths == colours;
  else
    ok = (gint64) colours * 50 >= (gint64) g.n
         && gen_dominoes (&g) && gen_walk (&g, colours) && g.npaths == colours;
  if (!ok && how == MAKE_WALK)
    {
      /* Too few colours for the joins: interleaved spirals. */
      ok = gen_big (&g, colours, attempt < 3 ? 8 >> attempt : 1, attempt >= 4);
    }
  if (ok)
    {
      int *colour_of = g_new (int, g.n / 2 + 2);

      /* Colours in random order, so colour 0 is not always at the top. */
      perm = g_new (int, colours);
      for (int i = 0; i < colours; i++)
        perm[i] = i;
      for (int i = colours - 1; i > 0; i--)
        {
          int j = (int) hb_rng_below (&g.rng, (guint32) i + 1), t = perm[i];
          perm[i] = perm[j];
          perm[j] = t;
        }
      for (int i = 0; i < colours; i++)
        colour_of[g.alive[i]] = perm[i];
      s = flow_state_new (w, h, colours);
      for (int i = 0; i < colours; i++)
        {
          int id = g.alive[i];
          s->dot[g.end[2 * id]] = (guint8) (colour_of[id] + 1);
          s->dot[g.end[2 * id + 1]] = (guint8) (colour_of[id] + 1);
        }
      memcpy (s->colour, s->dot, (gsize) g.n);
      /* The partition is the level's answer: make sure it is one. */
      {
        FlowState *answer = flow_state_copy (s);
        for (int i = 0; i < g.n; i++)
          answer->colour[i] = (guint8) (colour_of[g.lab[i]] + 1);
        if (!flow_links_from_colours (s, answer->colour, answer->links)
            || !flow_is_solved (answer))
          {
            g_critical ("flow_generate: a partition is not a solution");
            flow_state_free (s);
            s = NULL;
          }
        if (s != NULL && solution != NULL)
          *solution = answer;
        else
          flow_state_free (answer);
      }
      g_free (perm);
      g_free (colour_of);
    }
  g_free (g.lab);
  g_free (g.pn);
  g_free (g.end);
  g_free (g.len);
  g_free (g.alive);
  g_free (g.slot);
  return s;
}

/* Counts the level's solutions up to 2 with the fast solver: 1 unique,
 * 2 more, 0 none, -1 when the solver gave up. */
static int
count_solutions (const FlowState *s, guint64 node_limit, double time_limit)
{
  HbSolveOptions o = { 0 };
  HbResult *r;
  int answer = -1;

  o.count_limit = 2;
  o.node_limit = node_limit;
  o.time_limit = time_limit;
  r = hb_solve (&flow_solver_fast, &s->base, &o, NULL, NULL, NULL);
  if (r != NULL && (r->status == HB_STATUS_SOLVED || r->status == HB_STATUS_NO_SOLUTION))
    {
      const char *v = hb_result_get_stat (r, "solutions");
      answer = v != NULL ? atoi (v) : -1;
    }
  hb_result_free (r);
  return answer;
}

/* The error for a request (without "unique") that no method met: a
 * w×h board in `colours` paths, `works` the nearest count found that
 * makes a level (0 when none). With fewer than a colour per four cells
 * it says the paths would be long, with more that they are short. No
 * request tried reaches it since the walk from a whole tiling (every
 * board of up to 200 cells from a colour per four cells to a domino per
 * colour for seed 1, 3,000 random requests); it stays for what was not
 * tried. */
void
flow_generate_cover_error (GError **error, int w, int h, int colours, int works)
{
  int step = (gint64) colours * 4 < (gint64) w * h ? 1 : -1;

  /* The paths and the colours that would do, each with its own
   * noun's plural (a path for each colour asked for). */
  gulong np = (gulong) MAX (colours, 0);
  g_autofree char *paths
    = step > 0
      /* TRANSLATORS: within the next messages: "could not cover a
       * 9×9 board with only 2 paths that never touch themselves" */
      ? g_strdup_printf (g_dngettext (NULL, "only %d path that never touches itself",
                                      "only %d paths that never touch themselves", np),
                         colours)
      : works > 0
        /* TRANSLATORS: within the next messages: "could not cover a
         * 3×3 board with as many as 4 paths of two cells or more" */
        ? g_strdup_printf (g_dngettext (NULL, "as many as %d path of two cells or more",
                                        "as many as %d paths of two cells or more", np),
                           colours)
        /* TRANSLATORS: within the next messages: "could not cover a
         * 3×3 board with 4 paths of two cells or more" */
        : g_strdup_printf (g_dngettext (NULL, "%d path of two cells or more",
                                        "%d paths of two cells or more", np),
                           colours);

  if (works > 0)
    {
      /* TRANSLATORS: within the next message: "5 colours can" */
      g_autofree char *can = g_strdup_printf (g_dngettext (NULL, "%d colour can",
                                                           "%d colours can",
                                                           (gulong) works),
                                              works);

      /* TRANSLATORS: "could not cover a 9×9 board with only 2
       * paths that never touch themselves; 3 colours can" */
      g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED,
                   _("could not cover a %d×%d board with %s; %s"), w, h, paths, can);
    }
  else if (step > 0)
    /* TRANSLATORS: "could not cover a 9×9 board with only 2 paths
     * that never touch themselves; try more colours" */
    g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED,
                 _("could not cover a %d×%d board with %s; try more colours"), w, h, paths);
  else
    /* TRANSLATORS: "could not cover a 3×3 board with 4 paths of two
     * cells or more; try fewer colours" */
    g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED,
                 _("could not cover a %d×%d board with %s; try fewer colours"), w, h,
                 paths);
}

/* A level a method made (NULL when it made none, `answer` its paths),
 * taken when "unique" is off or the counting solver finds exactly one
 * solution within what is left of `limit` (from `t0`): then the level,
 * its answer handed to `solution` (or freed); else NULL, both freed. */
static HbState *
take_level (FlowState *s, FlowState *answer, gboolean unique, double limit, double t0,
            FlowState **solution)
{
  if (s == NULL)
    return NULL;
  if (!unique
      || count_solutions (s, 2000000, limit > 0 ? MAX (limit - (hb_now () - t0), 0.01) : 0) == 1)
    {
      if (solution != NULL)
        *solution = answer;
      else
        flow_state_free (answer);
      return &s->base;
    }
  flow_state_free (answer);
  flow_state_free (s);
  return NULL;
}

HbState *
flow_generate (const HbGenerateParams *params, GError **error)
{
  return flow_generate_full (params, NULL, error);
}

HbState *
flow_generate_full (const HbGenerateParams *params, FlowState **solution, GError **error)
{
  int w = params->width > 0 ? params->width : flow_game.default_width;
  int h = params->height > 0 ? params->height : flow_game.default_height;
  int colours = params->colours;
  gboolean unique = hb_settings_get_switch (params->settings, flow_generate_settings, "unique");
  gint64 n = (gint64) w * h;
  int tries = unique ? UNIQUE_TRIES : 8, tried = 0;
  double t0 = hb_now (), limit = params->time_limit;
  gboolean late = FALSE;
  HbState *made;

  if (!hb_check_board_size (w, h, 0, 0, error))
    return NULL;
  if (n < 2)
    {
      g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED,
                   _("a Flow Free board needs at least two cells"));
      return NULL;
    }
  if (colours <= 0)
    colours = default_colours (w, h);
  if (colours > FLOW_MAX_COLOURS || (gint64) colours * 2 > n)
    {
      int most = (int) MIN ((gint64) FLOW_MAX_COLOURS, n / 2);
      int least = w > 1 && h > 1 ? 2 : 1;

      if (most == least)
        g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED,
                     g_dngettext (NULL, "a %d×%d board takes %d colour, not %d",
                                  "a %d×%d board takes %d colours, not %d", (gulong) most),
                     w, h, most, colours);
      else
        /* Only the most: how few a board takes depends on its shape, and
         * has its own messages below (it said "2 to 72", then refused 2). */
        g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED,
                     g_dngettext (NULL, "a %d×%d board takes at most %d colour, not %d",
                                  "a %d×%d board takes at most %d colours, not %d", (gulong) most),
                     w, h, most, colours);
      return NULL;
    }
  if (colours == 1 && w > 1 && h > 1)
    {
      /* Two by two cells hold no single path that never touches itself. */
      g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED,
                   _("one path that never touches itself cannot fill a %d×%d board: "
                     "take 2 colours or more"), w, h);
      return NULL;
    }
  for (int t = 0; t < tries; t++)
    {
      /* Each try its own stream, derived from the seed. */
      guint64 seed = params->seed + (guint64) t * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);
      FlowState *answer = NULL;
      FlowState *s;

      /* The time limit is for trying again: a 100x100 level with one
       * solution went on for minutes, nothing to stop it (review). */
      if (unique && t > 0 && limit > 0 && hb_now () - t0 >= limit)
        {
          late = TRUE;
          break;
        }
      tried++;
      s = make_level (w, h, colours, seed, t, MAKE_WALK, &answer);
      if ((made = take_level (s, answer, unique, limit, t0, solution)) != NULL)
        return made;
    }
  /* Two colours on a board with an even side (even×even from about
   * 12×12 up, or the other side odd and longer): the walk and the
   * interleaved spirals fail there, the two arms do not. Only now, so the
   * levels the others make stay the same. */
  if (colours == 2 && n % 2 == 0 && !late)
    {
      FlowState *answer = NULL;
      FlowState *s = make_level (w, h, colours, params->seed, 0, MAKE_TWO_ARMS, &answer);

      if ((made = take_level (s, answer, unique, limit, t0, solution)) != NULL)
        return made;
    }
  /* Near a domino per colour the walk often starts with fewer paths than
   * wanted: the walk from a whole tiling (gen_tiling), a few streams of
   * the seed, each checked like the others for "unique". Only now, so the
   * levels the others make stay the same. */
  if ((gint64) colours * 50 >= n)
    for (int t = 0; t < TILING_TRIES && !late; t++)
      {
        guint64 seed = params->seed + (guint64) t * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);
        FlowState *answer = NULL;
        FlowState *s;

        if (unique && limit > 0 && hb_now () - t0 >= limit)
          {
            late = TRUE;
            break;
          }
        tried++;
        s = make_level (w, h, colours, seed, 0, MAKE_TILING, &answer);
        if ((made = take_level (s, answer, unique, limit, t0, solution)) != NULL)
          return made;
      }
  if (unique)
    {
      /* Each count with its own noun's plural ("27 de culori" and "16
       * încercări" in Romanian). */
      int n_tries = tried;
      /* TRANSLATORS: within the next two messages: "with 5 colours" */
      g_autofree char *with = g_strdup_printf (g_dngettext (NULL, "%d colour", "%d colours",
                                                            (gulong) MAX (colours, 0)),
                                               colours);
      /* TRANSLATORS: within the next two messages: "turned up in 27
       * tries" */
      g_autofree char *in = g_strdup_printf (g_dngettext (NULL, "%d try", "%d tries",
                                                          (gulong) MAX (n_tries, 0)),
                                             n_tries);

      /* More colours help (a level of more, shorter paths is more often
       * unique), unless the board already has the most it can take: then
       * "try more colours" was advice that could not be followed. */
      gboolean can_more = colours < (int) MIN ((gint64) FLOW_MAX_COLOURS, n / 2);

      if (late && can_more)
        /* TRANSLATORS: "no level of 9×9 with 5 colours and exactly one
         * solution turned up in 27 tries within the time limit (10 s);
         * …" */
        g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED,
                     _("no level of %d×%d with %s and exactly one solution turned up in %s "
                       "within the time limit (%g s); try more colours, a smaller board or "
                       "more time"),
                     w, h, with, in, limit);
      else if (late)
        /* TRANSLATORS: "no level of 100×100 with 88 colours and exactly
         * one solution turned up in 2 tries within the time limit (10 s);
         * …" (88 colours, the most there are) */
        g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED,
                     _("no level of %d×%d with %s and exactly one solution turned up in %s "
                       "within the time limit (%g s); try a smaller board or more time"),
                     w, h, with, in, limit);
      else if (can_more)
        /* TRANSLATORS: "no level of 9×9 with 5 colours and exactly one
         * solution turned up in 27 tries; …" */
        g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED,
                     _("no level of %d×%d with %s and exactly one solution turned up in %s; "
                       "try more colours or a smaller board"),
                     w, h, with, in);
      else
        /* TRANSLATORS: "no level of 100×100 with 88 colours and exactly
         * one solution turned up in 27 tries; …" (the most colours there
         * are) */
        g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED,
                     _("no level of %d×%d with %s and exactly one solution turned up in %s; "
                       "try a smaller board"),
                     w, h, with, in);
    }
  else
    {
      /* Say how many colours would do: the nearest of a few more (or,
       * on a board nearly all dots, fewer) that make a level, one try
       * each. */
      int works = 0, most = (int) MIN ((gint64) FLOW_MAX_COLOURS, n / 2);
      int step = (gint64) colours * 4 < n ? 1 : -1;

      for (int k = colours + step; k >= 2 && k <= most && ABS (k - colours) <= 6 && works == 0;
           k += step)
        {
          FlowState *s = make_level (w, h, k, params->seed, 3, MAKE_WALK, NULL);

          if (s == NULL && (gint64) k * 50 >= n)
            s = make_level (w, h, k, params->seed, 0, MAKE_TILING, NULL);
          if (s != NULL)
            {
              works = k;
              flow_state_free (s);
            }
        }
      flow_generate_cover_error (error, w, h, colours, works);
    }
  return NULL;
}
