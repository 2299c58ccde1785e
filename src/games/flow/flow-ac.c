/* flow-ac.c: arc consistency for Flow Free, the second write-up's first
 * step, and the solver that runs it alone.
 *
 * The write-up frames Flow Free as a CSP: a variable per cell, a colour as
 * its value, and the constraints "a dot has exactly one neighbour of its
 * colour, every other cell exactly two". Its arc consistency then fixes the
 * cells whose colour is forced (a path end with a single free neighbour
 * must go there, and so on along a corridor). Here every cell keeps a
 * domain, the set of colours it may still take, and these rules remove
 * colours until nothing changes. Each rule holds in every solution, so
 * whatever they fix is fixed in every solution and an empty domain proves
 * that there is none.
 *
 *  1. Degree. A cell of colour c has exactly `need` neighbours of colour c
 *     (1 for a dot, 2 otherwise), because two neighbours of one colour are
 *     always linked (a path never touches itself side by side). So c leaves
 *     a cell's domain when fewer than `need` neighbours can still be c, or
 *     when more than `need` neighbours are already fixed to c. For a cell
 *     fixed to c: if exactly `need` neighbours can be c, they all are; if
 *     `need` neighbours are fixed to c, no other neighbour is c.
 *  2. Squares. Four cells of a 2×2 square never share a colour (they would
 *     close a loop), so three fixed to c take c from the fourth.
 *  3. One path. Colour c's cells are one simple path from its first dot a
 *     to its second dot b through cells whose domain holds c. Among those
 *     cells (a graph), if b cannot be reached from a the level has no
 *     solution. A cell that lies on no simple a–b path cannot be c: with
 *     the graph's blocks (biconnected components, Tarjan's low-links) such
 *     cells are exactly those outside the chain of blocks that leads from a
 *     to b (a dead-end pocket, even one with loops in it). A cut vertex
 *     that separates a from b lies on every a–b path: it is c.
 *
 * Rules 1 and 2 are local and run from a work queue of cells; rule 3 runs
 * per colour whose domains changed, once the queue is empty. The write-up's
 * own propagation (extend a path end that has a single free neighbour) is
 * the special case of rule 1 where the domains are "this colour or free".
 *
 * It is not complete: a level where no cell is forced but that has no
 * solution (two pairs that must cross) passes it, and most large levels
 * keep undecided cells. The solver below says so.
 *
 * Probing (flow_ac_probe, the solver's "probe" setting, not in the
 * write-up) goes further: it supposes each open colour of each cell in
 * turn, runs the rules, and removes the colour when that ends in a
 * contradiction (singleton arc consistency). On the reference levels it
 * fixes every cell of all but five and proves the crossing pairs
 * impossible, at a cost of up to seconds on 14×14. */
#include "flow-ga.h"

#include <glib/gi18n.h>
#include <string.h>

/* flow_ac_forced (the hints, the genetic algorithm) bounds rule 3 to this
 * many cell visits: 4 s on a 1000×1000 board with 88 colours (measured on
 * a loaded 2-core machine), where the full rules took 26 s; small boards
 * never reach it (a 30×30 board with 88 colours needs a tenth of it per
 * pass). The ac solver runs the rules in full. */
#define FLOW_AC_VISIT_BUDGET G_GUINT64_CONSTANT (8000000)

/* A set of colours: FLOW_MAX_COLOURS (88) fits in two words. */
typedef struct {
  guint64 b[2];
} AcDom;

typedef struct {
  int w, h, n, colours;
  const FlowState *level;
  AcDom *dom;
  int *ends;            /* colours × 2: the dots, or -1 for an unused colour */
  /* The local work queue (cells), with a flag per cell. */
  int *queue;
  int qhead, qlen;
  guint8 *queued;
  gboolean *dirty;      /* per colour: rule 3 must run again */
  GArray *order;        /* (cell, colour) as cells get fixed, or NULL */
  gboolean failed;
  HbCancel *cancellable;
  guint64 work;
  /* Scratch for rule 3 (n each). */
  int *disc, *low, *parent, *stack, *block, *iter, *dfs;
  int *chain_child;     /* per block: its head's child (the block's tree edge) */
  guint8 *onpath;
  int *nbr;             /* 4 per cell */
  /* Rule 3 visits every cell a colour may take, once per colour and
   * again when it loses cells: on a huge board with many colours that is
   * most of the time. Past this many visits (0: no bound) it stops
   * running, which only weakens the result. */
  guint64 visits, visit_budget;
} Ac;

static inline gboolean
dom_has (const AcDom *d, int c)
{
  return (d->b[c >> 6] >> (c & 63)) & 1;
}

/* How many colours a domain holds, counted to two: 0, 1, or 2 for two or
 * more (every caller asks only for none or one). Bit tricks, not
 * __builtin_popcountll: the default x86-64 target has no popcount
 * instruction, and libgcc's took 13 % of a 4096x4096 hint's time. */
static inline int
dom_count (const AcDom *d)
{
  guint64 a = d->b[0], b = d->b[1];

  if ((a | b) == 0)
    return 0;
  if (a != 0 && b != 0)
    return 2;
  a |= b;
  return (a & (a - 1)) == 0 ? 1 : 2;
}

/* The one colour of a singleton domain, or -1. */
static inline int
dom_single (const AcDom *d)
{
  if (dom_count (d) != 1)
    return -1;
  return d->b[0] ? __builtin_ctzll (d->b[0]) : 64 + __builtin_ctzll (d->b[1]);
}

/* The neighbour of cell i in direction d, or -1: a table, since the
 * depth-first walks of rule 3 ask for little else. */
static inline int
neighbour (const Ac *ac, int i, int d)
{
  return ac->nbr[4 * i + d];
}

static void
enqueue (Ac *ac, int i)
{
  if (ac->queued[i])
    return;
  ac->queued[i] = 1;
  ac->queue[(ac->qhead + ac->qlen) % ac->n] = i;
  ac->qlen++;
}

/* The domain of cell i changed (from `before`): queue it and its
 * neighbours, mark the colours it lost dirty (their graph for rule 3
 * changed), note a fix. */
static void
changed (Ac *ac, int i, const AcDom *before)
{
  int c;

  enqueue (ac, i);
  for (int d = 0; d < 4; d++)
    {
      int j = neighbour (ac, i, d);
      if (j >= 0)
        enqueue (ac, j);
    }
  for (int w = 0; w < 2; w++)
    for (guint64 gone = before->b[w] & ~ac->dom[i].b[w]; gone != 0; gone &= gone - 1)
      ac->dirty[64 * w + __builtin_ctzll (gone)] = TRUE;
  if (dom_count (&ac->dom[i]) == 0)
    ac->failed = TRUE;
  else if ((c = dom_single (&ac->dom[i])) >= 0 && ac->order != NULL
           && ac->level->dot[i] == 0)
    {
      int pair[2] = { i, c };
      g_array_append_vals (ac->order, pair, 1);
    }
}

static void
dom_remove (Ac *ac, int i, int c)
{
  AcDom before = ac->dom[i];

  if (!dom_has (&before, c))
    return;
  ac->dom[i].b[c >> 6] &= ~(G_GUINT64_CONSTANT (1) << (c & 63));
  changed (ac, i, &before);
}

static void
dom_fix (Ac *ac, int i, int c)
{
  AcDom before = ac->dom[i];

  if (!dom_has (&before, c))
    {
      ac->dom[i].b[0] = ac->dom[i].b[1] = 0;
      changed (ac, i, &before);
      return;
    }
  if (dom_count (&before) == 1)
    return;
  memset (&ac->dom[i], 0, sizeof (AcDom));
  ac->dom[i].b[c >> 6] = G_GUINT64_CONSTANT (1) << (c & 63);
  changed (ac, i, &before);
}

/* Rules 1 and 2 at cell i. */
static void
local_rules (Ac *ac, int i)
{
  int need = ac->level->dot[i] ? 1 : 2;
  int nb[4];
  AcDom dom = ac->dom[i];
  int fixed;

  /* With bit sets: the colours that at least `need` neighbours can take,
   * less those that more than `need` neighbours are fixed to. */
  {
    AcDom nd[4], keep;
    int single[4];

    for (int d = 0; d < 4; d++)
      {
        nb[d] = neighbour (ac, i, d);
        if (nb[d] >= 0)
          nd[d] = ac->dom[nb[d]];
        else
          nd[d].b[0] = nd[d].b[1] = 0;
        single[d] = nb[d] >= 0 ? dom_single (&nd[d]) : -1;
      }
    for (int w = 0; w < 2; w++)
      {
        guint64 a = nd[0].b[w], b = nd[1].b[w], c = nd[2].b[w], e = nd[3].b[w];
        keep.b[w] = dom.b[w] & (need == 1 ? (a | b | c | e)
                                          : ((a & b) | (a & c) | (a & e) | (b & c) | (b & e)
                                             | (c & e)));
      }
    for (int d = 0; d < 4; d++)
      if (single[d] >= 0)
        {
          int same = 0;
          for (int k = 0; k < 4; k++)
            same += single[k] == single[d];
          if (same > need)
            keep.b[single[d] >> 6] &= ~(G_GUINT64_CONSTANT (1) << (single[d] & 63));
        }
    if (keep.b[0] != dom.b[0] || keep.b[1] != dom.b[1])
      {
        ac->dom[i] = keep;
        changed (ac, i, &dom);
      }
  }
  if (ac->failed || (fixed = dom_single (&ac->dom[i])) < 0)
    return;

  {
    int possible = 0, fixedc = 0;

    for (int d = 0; d < 4; d++)
      if (nb[d] >= 0 && dom_has (&ac->dom[nb[d]], fixed))
        {
          possible++;
          fixedc += dom_single (&ac->dom[nb[d]]) == fixed;
        }
    if (possible == need)
      for (int d = 0; d < 4 && !ac->failed; d++)
        {
          if (nb[d] >= 0 && dom_has (&ac->dom[nb[d]], fixed))
            dom_fix (ac, nb[d], fixed);
        }
    else if (fixedc == need)
      for (int d = 0; d < 4 && !ac->failed; d++)
        {
          if (nb[d] >= 0 && dom_single (&ac->dom[nb[d]]) != fixed)
            dom_remove (ac, nb[d], fixed);
        }
  }

  /* Squares: the four 2×2 squares that hold i. */
  for (int q = 0; q < 4 && !ac->failed; q++)
    {
      int x0 = i % ac->w - (q & 1), y0 = i / ac->w - (q >> 1);
      int cells[4], nfixed = 0, other = -1;

      if (x0 < 0 || y0 < 0 || x0 + 1 >= ac->w || y0 + 1 >= ac->h)
        continue;
      cells[0] = y0 * ac->w + x0;
      cells[1] = cells[0] + 1;
      cells[2] = cells[0] + ac->w;
      cells[3] = cells[2] + 1;
      for (int k = 0; k < 4; k++)
        if (dom_single (&ac->dom[cells[k]]) == fixed)
          nfixed++;
        else
          other = cells[k];
      if (nfixed == 3)
        dom_remove (ac, other, fixed);
      else if (nfixed == 4)
        ac->failed = TRUE;
    }
}

/* Rule 3 for colour c. Tarjan's low-links over the cells whose domain
 * holds c, depth first from dot a, iteratively (a board can be a million
 * cells). Each block is recorded when it closes: its cells get the
 * block's number and the block remembers the tree edge it hangs from. The
 * blocks on the a–b chain are those whose tree edge lies on the tree path
 * from a to b. */
static void
path_rule (Ac *ac, int c)
{
  int a = ac->ends[2 * c], b = ac->ends[2 * c + 1];
  int n = ac->n, time = 0, sp = 0, nblocks = 0, top;
  int *disc = ac->disc, *low = ac->low, *parent = ac->parent;
  int *stack = ac->stack, *block = ac->block, *iter = ac->iter;
  int *dfs = ac->dfs;   /* the depth-first walk's own stack */

  if (a < 0)
    return;
  for (int i = 0; i < n; i++)
    {
      disc[i] = -1;
      block[i] = -1;
      ac->onpath[i] = 0;
    }
  top = 0;
  dfs[top++] = a;
  disc[a] = low[a] = time++;
  parent[a] = -1;
  iter[a] = 0;
  stack[sp++] = a;
  while (top > 0)
    {
      int v = dfs[top - 1];

      if (iter[v] < 4)
        {
          int u = neighbour (ac, v, iter[v]++);
          if (u < 0 || !dom_has (&ac->dom[u], c))
            continue;
          if (disc[u] < 0)
            {
              /* Polled as cells are found too: on a 4096x4096 board the
               * walk goes millions of cells deep before the first one is
               * finished, and ran 3.5 s past a hint's deadline. */
              if ((time & 0xffff) == 0 && ac->cancellable != NULL
                  && hb_cancel_is_set (ac->cancellable))
                return;
              disc[u] = low[u] = time++;
              parent[u] = v;
              iter[u] = 0;
              stack[sp++] = u;
              dfs[top++] = u;
            }
          else if (u != parent[v] && disc[u] < low[v])
            low[v] = disc[u];
          continue;
        }
      /* v is finished. */
      top--;
      if (parent[v] >= 0)
        {
          int p = parent[v];
          if (low[v] < low[p])
            low[p] = low[v];
          if (low[v] >= disc[p])
            {
              /* A block: p with everything stacked from v up. */
              int x;
              do
                {
                  x = stack[--sp];
                  block[x] = nblocks;
                }
              while (x != v);
              ac->chain_child[nblocks] = v;
              nblocks++;
            }
        }
      if ((++ac->work & 0xffff) == 0 && ac->cancellable != NULL
          && hb_cancel_is_set (ac->cancellable))
        return;
    }
  ac->visits += (guint64) time;
  if (disc[b] < 0)
    {
      ac->failed = TRUE;
      return;
    }
  for (int x = b; x >= 0; x = parent[x])
    ac->onpath[x] = 1;
  for (int i = 0; i < n && !ac->failed; i++)
    {
      gboolean ok;

      if (!dom_has (&ac->dom[i], c))
        continue;
      ok = i == a || (block[i] >= 0 && ac->onpath[ac->chain_child[block[i]]]);
      if (!ok)
        dom_remove (ac, i, c);
    }
  /* Cut vertices on the path that separate a from b. */
  for (int u = b; u != a && !ac->failed; u = parent[u])
    {
      int p = parent[u];
      if (p != a && low[u] >= disc[p])
        dom_fix (ac, p, c);
    }
}

/* Runs the rules to a fixpoint (or a contradiction: ac->failed). Returns
 * FALSE when cancelled. */
static gboolean
ac_propagate (Ac *ac)
{
  gboolean any;

  do
    {
      any = FALSE;
      while (ac->qlen > 0 && !ac->failed)
        {
          int i = ac->queue[ac->qhead];
          ac->qhead = (ac->qhead + 1) % ac->n;
          ac->qlen--;
          ac->queued[i] = 0;
          local_rules (ac, i);
          if ((++ac->work & 0xfff) == 0 && ac->cancellable != NULL
              && hb_cancel_is_set (ac->cancellable))
            return FALSE;
        }
      for (int c = 0; c < ac->colours && !ac->failed; c++)
        if (ac->dirty[c])
          {
            ac->dirty[c] = FALSE;
            if (ac->visit_budget > 0 && ac->visits >= ac->visit_budget)
              continue;
            path_rule (ac, c);
            any = TRUE;
            if (hb_cancel_is_set (ac->cancellable))
              return FALSE;
            if (ac->qlen > 0)
              break;   /* back to the cheap rules first */
          }
    }
  while ((any || ac->qlen > 0) && !ac->failed);
  return TRUE;
}

/* Probing (singleton arc consistency), stronger than the rules alone: for
 * each colour c still open at a cell, suppose the cell is c and run the
 * rules; when that ends in a contradiction, c is removed for good. Runs
 * until a whole sweep removes nothing or `budget` suppositions were made.
 * Sound for the same reason as the rules: a colour is removed only when
 * assuming it leads to a contradiction. */
static void
ac_probe (Ac *ac, int budget)
{
  AcDom *saved = g_new (AcDom, ac->n);
  GArray *order = ac->order;
  gboolean changed = TRUE;

  while (changed && !ac->failed && budget > 0)
    {
      changed = FALSE;
      for (int i = 0; i < ac->n && budget > 0 && !ac->failed; i++)
        for (int c = 0; c < ac->colours && budget > 0 && !ac->failed; c++)
          {
            gboolean ok;

            if (dom_count (&ac->dom[i]) <= 1 || !dom_has (&ac->dom[i], c))
              continue;
            budget--;
            memcpy (saved, ac->dom, sizeof (AcDom) * (gsize) ac->n);
            ac->order = NULL;
            dom_fix (ac, i, c);
            ok = ac_propagate (ac);
            if (!ok)
              budget = 0;     /* cancelled: stop, keep what is proven */
            ok = ok && !ac->failed;
            /* Back to the state before the supposition. */
            memcpy (ac->dom, saved, sizeof (AcDom) * (gsize) ac->n);
            ac->failed = FALSE;
            ac->qhead = ac->qlen = 0;
            memset (ac->queued, 0, (gsize) ac->n);
            memset (ac->dirty, 0, sizeof (gboolean) * (gsize) ac->colours);
            ac->order = order;
            if (budget == 0 && !ok)
              break;
            if (!ok)
              {
                dom_remove (ac, i, c);
                changed = TRUE;
                if (!ac_propagate (ac))
                  budget = 0;
              }
          }
    }
  g_free (saved);
}

/* The whole propagation. Returns FALSE when a contradiction is found. */
static gboolean
ac_run (const FlowState *level, guint8 *forced, GArray *order, int probe_budget,
        guint64 visit_budget, HbCancel *cancellable)
{
  Ac ac = { 0 };
  int n = level->base.width * level->base.height;
  int count[FLOW_MAX_COLOURS] = { 0 };
  gboolean result, set_up = TRUE;

  ac.w = level->base.width;
  ac.h = level->base.height;
  ac.n = n;
  ac.level = level;
  ac.colours = MIN (level->colours, FLOW_MAX_COLOURS);
  ac.order = order;
  ac.cancellable = cancellable;
  ac.visit_budget = visit_budget;
  memset (forced, 0, (gsize) n);
  if (ac.colours <= 0)
    return FALSE;  /* no colours: nothing to join, not a level (flow_is_solved agrees) */

  ac.ends = g_new (int, 2 * ac.colours);
  for (int c = 0; c < 2 * ac.colours; c++)
    ac.ends[c] = -1;
  for (int i = 0; i < n; i++)
    {
      int c = level->dot[i] - 1;
      if (c < 0)
        continue;
      if (c >= ac.colours)
        {
          g_free (ac.ends);
          return FALSE;
        }
      if (count[c] < 2)
        ac.ends[2 * c + count[c]] = i;
      count[c]++;
    }
  /* A colour with one dot or three cannot be joined; one with none is an
   * unused colour (the editor's) and takes no cells. */
  for (int c = 0; c < ac.colours; c++)
    if (count[c] != 0 && count[c] != 2)
      {
        g_free (ac.ends);
        return FALSE;
      }
    else if (count[c] == 0)
      ac.ends[2 * c] = ac.ends[2 * c + 1] = -1;

  ac.dom = g_new0 (AcDom, n);
  ac.queue = g_new (int, n);
  ac.queued = g_malloc0 (n);
  ac.dirty = g_new0 (gboolean, ac.colours);
  ac.disc = g_new (int, n);
  ac.low = g_new (int, n);
  ac.parent = g_new (int, n);
  ac.stack = g_new (int, n);
  ac.block = g_new (int, n);
  ac.iter = g_new (int, n);
  ac.dfs = g_new (int, n);
  ac.nbr = g_new (int, 4 * (gsize) n);
  /* The set-up writes every table once: on a 4096 × 4096 board about
   * 1.2 GB, over a second of the kernel's zeroing of fresh pages, so it
   * looks at the cancellable too (a 1 ms limit took 1.2 s). Cancelled
   * there, nothing is claimed forced. */
  for (int i = 0; i < n; i++)
    {
      if ((i & 0xffff) == 0xffff && hb_cancel_is_set (cancellable))
        {
          set_up = FALSE;
          goto out;
        }
      for (int d = 0; d < 4; d++)
        {
          int x = i % ac.w + hb_dir_dx[d], y = i / ac.w + hb_dir_dy[d];
          ac.nbr[4 * i + d] = x < 0 || y < 0 || x >= ac.w || y >= ac.h ? -1 : y * ac.w + x;
        }
    }
  ac.chain_child = g_new (int, n);
  ac.onpath = g_malloc0 (n);
  {
    AcDom all = { { 0, 0 } };
    for (int c = 0; c < ac.colours; c++)
      if (count[c] == 2)
        all.b[c >> 6] |= G_GUINT64_CONSTANT (1) << (c & 63);
    for (int i = 0; i < n; i++)
      {
        if ((i & 0xffff) == 0xffff && hb_cancel_is_set (cancellable))
          {
            set_up = FALSE;
            goto out;
          }
        if (level->dot[i])
          ac.dom[i].b[(level->dot[i] - 1) >> 6] = G_GUINT64_CONSTANT (1) << ((level->dot[i] - 1) & 63);
        else
          ac.dom[i] = all;
        ac.queued[i] = 1;
        ac.queue[i] = i;
        if (dom_count (&ac.dom[i]) == 0)
          ac.failed = TRUE;
      }
    ac.qlen = n;
    for (int c = 0; c < ac.colours; c++)
      ac.dirty[c] = count[c] == 2;
  }

  if (!ac_propagate (&ac))
    goto out;
  if (probe_budget > 0 && !ac.failed)
    ac_probe (&ac, probe_budget);

out:
  result = !ac.failed;
  for (int i = 0; set_up && i < n; i++)
    {
      int c = dom_single (&ac.dom[i]);
      forced[i] = (guint8) (c >= 0 ? c + 1 : 0);
    }
  g_free (ac.ends);
  g_free (ac.dom);
  g_free (ac.queue);
  g_free (ac.queued);
  g_free (ac.dirty);
  g_free (ac.disc);
  g_free (ac.low);
  g_free (ac.parent);
  g_free (ac.stack);
  g_free (ac.block);
  g_free (ac.iter);
  g_free (ac.dfs);
  g_free (ac.nbr);
  g_free (ac.chain_child);
  g_free (ac.onpath);
  return result;
}

gboolean
flow_ac_forced (const FlowState *level, guint8 *forced, HbCancel *cancellable)
{
  return ac_run (level, forced, NULL, 0, FLOW_AC_VISIT_BUDGET, cancellable);
}

/* ---- The solver: arc consistency alone ----------------------------------- */

static const HbSetting ac_settings[] = {
  { "probe", N_("Probe"),
    N_("Also suppose each open colour of each cell and drop the ones that lead to a "
       "contradiction (singleton arc consistency): much stronger, slower on big boards."),
    HB_SETTING_SWITCH, 0, 1, 0, NULL, NULL, NULL },
  { NULL }
};

static HbResult *
ac_solve (const HbState *state, const HbSolveOptions *options, HbTrace *trace,
          HbCancel *cancellable, GError **error)
{
  const FlowState *level = FLOW_CONST (state);
  int n = state->width * state->height, fixed = 0, free_cells = 0;
  g_autofree guint8 *forced = g_malloc0 ((gsize) n);
  g_autofree guint8 *links = NULL;
  g_autoptr (GArray) order = g_array_new (FALSE, FALSE, sizeof (int) * 2);
  gboolean ok;
  HbResult *r;

  gboolean probe = hb_settings_get_switch (options ? options->settings : NULL,
                                           ac_settings, "probe");

  (void) error;
  hb_trace_set_counter_name (trace, _("cells fixed"));
  ok = ac_run (level, forced, order, probe ? FLOW_AC_PROBE_BUDGET : 0, 0, cancellable);
  if (hb_cancel_is_set (cancellable))
    return hb_result_stop (hb_result_new (HB_STATUS_CANCELLED), HB_STOP_CANCELLED,
                           order->len, "%s cell fixed", "%s cells fixed");
  /* One FORCE step per cell, in the order the rules fixed them; a cell that
   * lost its last colour (a contradiction) is not in the list. */
  for (guint k = 0; k < order->len; k++)
    {
      const int *p = &g_array_index (order, int, 2 * k);
      if (forced[p[0]] == p[1] + 1)
        hb_trace_add (trace, HB_STEP_FORCE, p[0] % state->width, p[0] / state->width,
                      p[1], 0, (gint64) k + 1);
    }
  for (int i = 0; i < n; i++)
    if (level->dot[i] == 0)
      {
        free_cells++;
        fixed += forced[i] != 0;
      }
  /* A colour with one dot (or three) is an unfinished level: say which,
   * not what the rules made of it. */
  if (!ok && level->colours > 0 && (r = flow_result_check_dots (level)) != NULL)
    {
      hb_result_add_stat (r, N_("cells fixed"), "%d", fixed);
      return r;
    }
  if (!ok)
    {
      r = hb_result_new (HB_STATUS_NO_SOLUTION);
      if (level->colours == 0)
        hb_result_set_message (r, "%s", _("The level has no colours to join."));
      else
        /* TRANSLATORS: the cells fixed of the empty cells; the noun
         * follows the second number */
        hb_result_set_message (r, g_dngettext (NULL,
                                               "After fixing %d of %d empty cell, arc "
                                               "consistency left a cell with no colour or a "
                                               "pair of dots that cannot be joined.",
                                               "After fixing %d of %d empty cells, arc "
                                               "consistency left a cell with no colour or a "
                                               "pair of dots that cannot be joined.",
                                               (gulong) MAX (free_cells, 0)),
                               fixed, free_cells);
      hb_result_add_stat (r, N_("cells fixed"), "%d", fixed);
      return r;
    }
  links = g_malloc0 ((gsize) n);
  if (fixed == free_cells && flow_links_from_colours (level, forced, links))
    {
      r = hb_result_new (HB_STATUS_SOLVED);
      flow_result_set_solution (r, level, forced, links);
      if (!flow_is_solved (FLOW_CONST (r->solved)))
        {
          /* Cannot happen: the rules leave only whole paths. Say so rather
           * than return a wrong board. */
          hb_result_free (r);
          r = hb_result_new (HB_STATUS_GAVE_UP);
          hb_result_set_message (r, "%s", _("Arc consistency fixed every cell, but the "
                                            "board it left is not a solution."));
        }
      else
        {
          flow_trace_board (trace, HB_STEP_SOLUTION, level, forced, links, NULL,
                            order->len, NULL);
          hb_result_set_message (r, "%s", _("Arc consistency alone fixed every cell."));
        }
    }
  else
    {
      r = hb_result_new (HB_STATUS_GAVE_UP);
      /* TRANSLATORS: the cells fixed of the empty cells; the noun
       * follows the second number */
      hb_result_set_message (r, g_dngettext (NULL,
                                             "Arc consistency fixed %d of %d empty cell; the "
                                             "rest needs a search (it is not a complete "
                                             "solver).",
                                             "Arc consistency fixed %d of %d empty cells; the "
                                             "rest needs a search (it is not a complete "
                                             "solver).",
                                             (gulong) MAX (free_cells, 0)),
                             fixed, free_cells);
    }
  hb_result_add_stat (r, N_("cells fixed"), "%d", fixed);
  hb_result_add_stat (r, N_("empty cells"), "%d", free_cells);
  return r;
}

const HbSolver flow_solver_ac = {
  .id = "ac",
  .name = N_("Arc consistency alone"),
  .summary = N_("Fixes every cell whose colour is forced, one by one; solves the levels "
                "it alone can and says how far it got on the others"),
  /* Polynomial (probing is bounded too): no steps to count. */
  .flags = HB_SOLVER_ANIMATED | HB_SOLVER_NO_NODE_LIMIT,
  .settings = ac_settings,
  .solve = ac_solve,
};

gboolean
flow_ac_probe (const FlowState *level, guint8 *forced, int budget, HbCancel *cancellable)
{
  return ac_run (level, forced, NULL, budget, 0, cancellable);
}
