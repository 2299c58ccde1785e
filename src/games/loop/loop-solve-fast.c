/* loop-solve-fast.c: the fast exact solver.
 *
 * The unknowns are the edges between cells, each unknown, open or closed.
 * A tile only cares about its four edges, so the whole state is one byte per
 * tile: the high nibble says which of its edges are known, the low nibble
 * which of those are open (both tiles of an edge always agree). Edges on
 * the border are known closed from the start.
 *
 * Propagation. For a tile with mask t and edge state (known k, open o) the
 * rotations still possible are the distinct rotations m of t with
 * (m & k) == o. An edge is forced open when every such m has the arm, and
 * forced closed when none has it; no such m at all is a contradiction. Both
 * facts depend on (t, k, o) only, 4096 cases, so they are precomputed in
 * one table. A tile whose edge changes is pushed on a stack; popping until
 * the stack is empty reaches the fixpoint (the order does not matter: each
 * rule only ever adds knowledge, so every order reaches the same fixpoint).
 *
 * Regions. After the fixpoint every tile with an unknown edge belongs to a
 * component of the graph whose links are the unknown edges. Two components
 * share no unknown edge, and a tile's constraint involves only its own
 * edges, so the components are independent: the level is solvable iff each
 * is, and the number of solutions is the product of theirs.
 *
 * Search. Within a region: pick the tile with the fewest possible
 * rotations (the most constrained), try each, propagate, recurse, undo from
 * a trail of (tile, old byte) pairs. Rotations that give the same mask
 * (a straight has 2, a cross and an empty tile 1) are tried once.
 */
#include "loop.h"

#include <glib/gi18n.h>
#include <string.h>

/* table[t << 8 | k << 4 | o]: bits 0..2 number of possible masks, bits
 * 4..7 edges forced open, bits 8..11 edges forced closed (only unknown
 * ones). */
static guint16 fast_table[16 * 256];

static gpointer
fast_table_init (gpointer data)
{
  for (int t = 0; t < 16; t++)
    {
      guint8 masks[4];
      int turns[4];
      int nm = loop_distinct_rotations ((guint8) t, masks, turns);

      for (int k = 0; k < 16; k++)
        for (int o = 0; o < 16; o++)
          {
            int count = 0, all_open = 15, all_closed = 15;
            guint16 v;

            if ((o & ~k) != 0)
              {
                fast_table[t << 8 | k << 4 | o] = 0;
                continue;
              }
            for (int i = 0; i < nm; i++)
              if ((masks[i] & k) == o)
                {
                  count++;
                  all_open &= masks[i];
                  all_closed &= ~masks[i] & 15;
                }
            v = (guint16) count;
            if (count > 0)
              v |= (guint16) (((all_open & ~k) << 4) | ((all_closed & ~k) << 8));
            fast_table[t << 8 | k << 4 | o] = v;
          }
    }
  return NULL;
}

static void
ensure_table (void)
{
  static GOnce once = G_ONCE_INIT;
  g_once (&once, fast_table_init, NULL);
}

typedef struct {
  int      w, h;
  gsize    n;
  const guint8 *tile;
  guint8  *st;           /* known << 4 | open */
  guint8  *inq;          /* on the stack */
  gint32  *stack;
  gsize    sp;
  gint32   off[4];
  /* Trail for undo while searching (NULL-sized before the search). */
  gint32  *trail_i;
  guint8  *trail_v;
  gsize    trail_len, trail_cap;
  gboolean trailing;
  /* Counters. */
  guint64  props, nodes, node_limit;
  double   deadline;     /* hb_now() seconds, 0 = none */
  GCancellable *cancellable;
  gboolean cancelled, gave_up, timed_out;
  HbTrace *trace;
  int      depth;
  gsize    decided;      /* tiles with every edge known */
  /* Pockets (see pockets()): a BFS stamp per tile, the BFS queue. */
  guint32 *stamp;
  guint32  stamp_ctr;
  guint    seeds_cap;
  guint   *seed_uf, *seed_mark, *seed_head;
  GArray **seed_list;
  guint64  pockets, odd_pockets;
} Fast;

static inline void
trail_push (Fast *f, gint32 i)
{
  if (f->trail_len == f->trail_cap)
    {
      f->trail_cap = MAX (1024, f->trail_cap * 2);
      f->trail_i = g_renew (gint32, f->trail_i, f->trail_cap);
      f->trail_v = g_renew (guint8, f->trail_v, f->trail_cap);
    }
  f->trail_i[f->trail_len] = i;
  f->trail_v[f->trail_len] = f->st[i];
  f->trail_len++;
}

/* Marks tile i (whose byte was `old`) decided when its last edge became
 * known. */
static inline void
count_decided (Fast *f, gint32 i, guint8 old)
{
  if ((old >> 4) != 15 && (f->st[i] >> 4) == 15)
    f->decided++;
}

static inline void
push (Fast *f, gint32 i)
{
  if (!f->inq[i])
    {
      f->inq[i] = 1;
      f->stack[f->sp++] = i;
    }
}

static void
trace_fixed (Fast *f, gint32 i)
{
  int turns = loop_turns_between (f->tile[i], f->st[i] & 15);
  HbStep step = { 0 };

  step.kind = HB_STEP_FORCE;
  step.flags = f->trailing ? 0 : LOOP_STEP_FORCED;
  step.x = i % f->w;
  step.y = i / f->w;
  step.value = turns;
  step.depth = f->depth;
  step.counter = (gint64) f->nodes;
  hb_trace_push (f->trace, &step, NULL, 0);
}

/* Sets the unknown edges `dirs` of tile i to open where `open` has the bit,
 * closed elsewhere, on both sides, and pushes the neighbours. */
static inline void
set_edges (Fast *f, gint32 i, int dirs, int open)
{
  guint8 old = f->st[i];
  if (f->trailing)
    trail_push (f, i);
  f->st[i] |= (guint8) (dirs << 4 | (open & dirs));
  count_decided (f, i, old);
  if (f->trace && (f->st[i] >> 4) == 15 && hb_trace_wants (f->trace))
    trace_fixed (f, i);
  for (int d = 0; d < 4; d++)
    if (dirs & (1 << d))
      {
        gint32 j = i + f->off[d];
        int od = (d + 2) & 3;
        guint8 oldj = f->st[j];
        if (f->trailing)
          trail_push (f, j);
        f->st[j] |= (guint8) (1 << (od + 4) | ((open >> d) & 1) << od);
        count_decided (f, j, oldj);
        if (f->trace && (f->st[j] >> 4) == 15 && hb_trace_wants (f->trace))
          trace_fixed (f, j);
        push (f, j);
      }
}

/* Runs propagation to the fixpoint; FALSE on a contradiction (the stack is
 * emptied either way). */
static gboolean
propagate (Fast *f)
{
  while (f->sp > 0)
    {
      gint32 i = f->stack[--f->sp];
      guint16 v;
      int forced;

      f->inq[i] = 0;
      f->props++;
      if (G_UNLIKELY ((f->props & 0xffff) == 0) && f->cancellable
          && g_cancellable_is_cancelled (f->cancellable))
        {
          f->cancelled = TRUE;
          goto fail;
        }
      v = fast_table[f->tile[i] << 8 | f->st[i]];
      if ((v & 7) == 0)
        goto fail;
      forced = (v >> 4 | v >> 8) & 15;
      if (forced)
        set_edges (f, i, forced, (v >> 4) & 15);
    }
  return TRUE;

fail:
  while (f->sp > 0)
    f->inq[f->stack[--f->sp]] = 0;
  return FALSE;
}

static void
undo_to (Fast *f, gsize mark)
{
  while (f->trail_len > mark)
    {
      gint32 i;
      f->trail_len--;
      i = f->trail_i[f->trail_len];
      if ((f->st[i] >> 4) == 15 && (f->trail_v[f->trail_len] >> 4) != 15)
        f->decided--;
      f->st[i] = f->trail_v[f->trail_len];
    }
}

static guint64 search (Fast *f, const gint32 *tiles, gsize len, gsize start,
                       gsize undecided, guint64 limit, guint8 *out, gboolean *captured);

/* TRUE when the search must stop (cancelled, a node limit, the deadline). */
static gboolean
stop_now (Fast *f)
{
  if (f->cancelled || f->gave_up)
    return TRUE;
  if (hb_cancelled_every (f->cancellable, f->nodes, 0xff))
    {
      f->cancelled = TRUE;
      return TRUE;
    }
  if (f->node_limit && f->nodes > f->node_limit)
    {
      f->gave_up = TRUE;
      return TRUE;
    }
  if (f->deadline > 0 && (f->nodes & 0xff) == 0 && hb_now () >= f->deadline)
    {
      f->gave_up = f->timed_out = TRUE;
      return TRUE;
    }
  return FALSE;
}

/* Pockets.
 *
 * A decision and its propagation make edges known, and a known edge no
 * longer links its two tiles: the undecided tiles of a region can fall
 * apart into pieces that share no unknown edge. Such a piece is independent
 * of the rest (the argument for regions above holds at any node), so:
 *
 *  - Parity. Every unknown edge of a piece joins two of its tiles, so in
 *    any completion the arms of its tiles still waiting for an edge pair up
 *    inside it: their number must be even. An odd piece means the node has
 *    no solution, and refusing the node loses none. This is the Tseitin
 *    parity argument, which a search alone can only make by trying every
 *    way to fill the piece: exponential in its width.
 *  - Independence. The piece is solved on its own, at once: if it has no
 *    solution neither has the node; if it has, one of its solutions is
 *    fixed (any one combines with any completion of the rest, since no
 *    constraint involves tiles of both), and with counting the node's
 *    count is the product. A search that kept it in the region would, on
 *    failing there, backtrack through every decision made since elsewhere.
 *
 * Finding the pieces. The undecided tiles of the list are connected when
 * the node starts (true of a region, of a pocket, and kept below). A piece
 * of what is left after the node's propagation must contain a tile whose
 * edges the propagation changed (its link to the rest was one of those
 * edges), that is a tile on the trail since `mark`: the seeds. A
 * breadth-first search over unknown edges grows from every seed in
 * lockstep, one tile per seed per sweep; two searches that meet are one
 * group (union-find). A group whose searches have all run dry is a whole
 * piece; once at most one group is still growing, that group is the rest
 * (every piece holds a seed, and the others are whole), which stays in
 * the list, connected. The work is about the number of groups times the
 * size of the largest piece other than the rest, not the region's size.
 *
 * Returns 0 when the node fails, else the product of the pockets' counts
 * (1 without pockets); *undecided loses the tiles of the pockets fixed. */

static inline guint
seed_root (Fast *f, guint x)
{
  while (f->seed_uf[x] != x)
    x = f->seed_uf[x] = f->seed_uf[f->seed_uf[x]];
  return x;
}

/* The lockstep search above from the undecided tiles among cand[0..ncand)
 * (the seeds). Returns the number of seeds m; then seed_uf gives each
 * seed's group (its root), seed_mark[r] is 1 for the one group still
 * growing (if any) and 0 for a whole piece, whose tiles are the seed_list
 * of its seeds. */
static guint
pieces_scan (Fast *f, const gint32 *cand, gsize ncand)
{
  guint32 floor_id = f->stamp_ctr;
  guint m = 0, growing;

  for (gsize t = 0; t < ncand; t++)
    {
      gint32 s = cand[t];
      if ((f->st[s] >> 4) == 15 || f->stamp[s] > floor_id)
        continue;
      if (m == f->seeds_cap)
        {
          f->seeds_cap = MAX (64, 2 * f->seeds_cap);
          f->seed_uf = g_renew (guint, f->seed_uf, f->seeds_cap);
          f->seed_mark = g_renew (guint, f->seed_mark, f->seeds_cap);
          f->seed_head = g_renew (guint, f->seed_head, f->seeds_cap);
          f->seed_list = g_renew (GArray *, f->seed_list, f->seeds_cap);
          for (guint k = m; k < f->seeds_cap; k++)
            f->seed_list[k] = g_array_new (FALSE, FALSE, sizeof (gint32));
        }
      f->stamp[s] = floor_id + 1 + m;
      f->seed_uf[m] = m;
      f->seed_head[m] = 0;
      f->seed_mark[m] = 0;
      g_array_set_size (f->seed_list[m], 0);
      g_array_append_val (f->seed_list[m], s);
      m++;
    }
  /* Stamps above floor_id + m are free for later searches. */
  f->stamp_ctr = floor_id + m;
  if (m == 0)
    return 0;

  for (guint sweep = 1;; sweep++)
    {
      for (guint j = 0; j < m; j++)
        {
          GArray *list = f->seed_list[j];
          gint32 i;
          int unknown;

          if (f->seed_head[j] == list->len)
            continue;
          i = g_array_index (list, gint32, f->seed_head[j]);
          f->seed_head[j]++;
          unknown = ~(f->st[i] >> 4) & 15;
          for (int d = 0; d < 4; d++)
            if (unknown & (1 << d))
              {
                gint32 t = i + f->off[d];
                guint32 s = f->stamp[t];
                if (s <= floor_id)
                  {
                    f->stamp[t] = floor_id + 1 + j;
                    g_array_append_val (list, t);
                  }
                else if (s != floor_id + 1 + j)
                  {
                    guint a = seed_root (f, j), b = seed_root (f, s - floor_id - 1);
                    if (a != b)
                      f->seed_uf[MAX (a, b)] = MIN (a, b);
                  }
              }
        }
      /* Count the groups still growing (seed_mark[root] = sweep). */
      growing = 0;
      for (guint j = 0; j < m; j++)
        if (f->seed_head[j] < f->seed_list[j]->len)
          {
            guint r = seed_root (f, j);
            if (f->seed_mark[r] != sweep)
              {
                f->seed_mark[r] = sweep;
                growing++;
              }
          }
      if (growing <= 1)
        break;
    }
  for (guint j = 0; j < m; j++)
    f->seed_mark[j] = 0;
  for (guint j = 0; j < m; j++)
    if (f->seed_head[j] < f->seed_list[j]->len)
      f->seed_mark[seed_root (f, j)] = 1;
  return m;
}

/* Seeds grouped by root after pieces_scan: order[start[r] .. start[r + 1]).
 * Both freed by the caller. */
static void
pieces_group (Fast *f, guint m, guint **order_out, guint **start_out)
{
  guint *order = g_new (guint, m), *start = g_new0 (guint, m + 1), *fill;

  for (guint j = 0; j < m; j++)
    start[seed_root (f, j) + 1]++;
  for (guint r = 0; r < m; r++)
    start[r + 1] += start[r];
  fill = g_memdup2 (start, sizeof (guint) * m);
  for (guint j = 0; j < m; j++)
    order[fill[seed_root (f, j)]++] = j;
  g_free (fill);
  *order_out = order;
  *start_out = start;
}

/* The arms still waiting for an edge in the piece of root r, mod 2. */
static guint
piece_parity (Fast *f, const guint *order, const guint *start, guint r, gsize *size)
{
  guint parity = 0;

  *size = 0;
  for (guint k = start[r]; k < start[r + 1]; k++)
    {
      GArray *list = f->seed_list[order[k]];
      *size += list->len;
      for (guint q = 0; q < list->len; q++)
        {
          gint32 i = g_array_index (list, gint32, q);
          parity += __builtin_popcount (f->tile[i]) - __builtin_popcount (f->st[i] & 15);
        }
    }
  return parity & 1;
}

static guint64
pockets (Fast *f, gsize mark, gsize *undecided, guint64 limit)
{
  guint m, ndry = 0;
  guint64 mult = 1;
  guint *order = NULL, *start = NULL;
  gsize dry_tiles = 0;

  if (*undecided == 0)
    return 1;
  m = pieces_scan (f, f->trail_i + mark, f->trail_len - mark);
  if (m == 0)
    return 1;
  pieces_group (f, m, &order, &start);
  for (guint r = 0; r < m; r++)
    if (f->seed_uf[r] == r && !f->seed_mark[r])
      {
        gsize size;
        if (piece_parity (f, order, start, r, &size))
          {
            f->odd_pockets++;
            mult = 0;
            goto out;
          }
        ndry++;
        dry_tiles += size;
      }
  /* One dry group that is everything left: nothing split off. */
  if (ndry == 0 || (ndry == 1 && dry_tiles == *undecided))
    goto out;

  /* Copy the pockets out (the seed lists are reused by the searches). */
  {
    GArray *found = g_array_new (FALSE, FALSE, sizeof (gint32));
    for (guint r = 0; r < m; r++)
      if (f->seed_uf[r] == r && !f->seed_mark[r])
        {
          guint at = found->len;
          gint32 zero = 0;
          g_array_append_val (found, zero);
          for (guint k = start[r]; k < start[r + 1]; k++)
            {
              GArray *list = f->seed_list[order[k]];
              g_array_append_vals (found, list->data, list->len);
            }
          g_array_index (found, gint32, at) = (gint32) (found->len - at - 1);
        }
    g_free (order);
    g_free (start);
    order = start = NULL;

    for (guint p = 0; p < found->len && mult > 0;)
      {
        gsize plen = (gsize) g_array_index (found, gint32, p);
        const gint32 *pt = &g_array_index (found, gint32, p + 1);
        guint8 *sol = g_malloc (plen);
        gboolean captured = FALSE;
        guint64 c;

        f->pockets++;
        f->depth++;
        c = search (f, pt, plen, 0, plen, limit, sol, &captured);
        f->depth--;
        if (c == 0 || f->cancelled || f->gave_up)
          mult = 0;
        else
          {
            /* Fix the pocket's solution: every edge of its tiles becomes
             * known as at that leaf (edges to the outside were known
             * already, inner ones agree since the solution does). */
            for (gsize k = 0; k < plen; k++)
              {
                gint32 i = pt[k];
                guint8 old = f->st[i];
                trail_push (f, i);
                f->st[i] = (guint8) (0xf0 | sol[k]);
                count_decided (f, i, old);
              }
            *undecided -= plen;
            mult = MIN (mult * c, limit);
          }
        g_free (sol);
        p += 1 + (guint) plen;
      }
    g_array_unref (found);
  }

out:
  g_free (order);
  g_free (start);
  return mult;
}

/* Counts the solutions of the region `tiles[0..len)` up to `limit`.
 * tiles[0..start) are decided, `undecided` tiles of the list are not. The
 * first solution found is written to out[] (by list index) and *captured
 * set. */
static guint64
search (Fast *f, const gint32 *tiles, gsize len, gsize start, gsize undecided,
        guint64 limit, guint8 *out, gboolean *captured)
{
  gint32 best = -1;
  int best_count = 5, seen = 0;
  guint8 masks[4];
  int turns[4], nm;
  guint64 found = 0;

  f->nodes++;
  if (stop_now (f))
    return 0;
  while (start < len && (f->st[tiles[start]] >> 4) == 15)
    start++;
  /* Branch on the most constrained of the next few undecided tiles in
   * the list's breadth-first order: decisions stay on one front, so the
   * pieces they cut off are small and found at once. */
  for (gsize k = start; k < len && seen < 16; k++)
    {
      gint32 i = tiles[k];
      int c;
      if ((f->st[i] >> 4) == 15)
        continue;
      seen++;
      c = fast_table[f->tile[i] << 8 | f->st[i]] & 7;
      if (c < best_count)
        {
          best_count = c;
          best = i;
          if (c <= 2)
            break;
        }
    }
  if (best < 0)
    {
      /* Every edge of the region is known: a solution. */
      if (!*captured)
        {
          for (gsize k = 0; k < len; k++)
            out[k] = f->st[tiles[k]] & 15;
          *captured = TRUE;
        }
      if (hb_trace_wants (f->trace))
        hb_trace_add (f->trace, HB_STEP_SOLUTION, -1, -1, 0, f->depth, (gint64) f->nodes);
      return 1;
    }

  nm = loop_distinct_rotations (f->tile[best], masks, turns);
  for (int r = 0; r < nm && found < limit && !f->cancelled && !f->gave_up; r++)
    {
      int k = f->st[best] >> 4, o = f->st[best] & 15;
      gsize mark = f->trail_len, before = f->decided;
      gboolean ok;

      if ((masks[r] & k) != o)
        continue;
      if (hb_trace_wants (f->trace))
        {
          HbStep step = { 0 };
          step.kind = HB_STEP_TRY;
          step.flags = LOOP_STEP_VALID;
          step.x = best % f->w;
          step.y = best / f->w;
          step.value = turns[r];
          step.depth = f->depth;
          step.counter = (gint64) f->nodes;
          hb_trace_push (f->trace, &step, NULL, 0);
        }
      set_edges (f, best, ~k & 15, masks[r]);
      ok = propagate (f);
      if (ok)
        {
          gsize left = undecided - (f->decided - before);
          guint64 mult = pockets (f, mark, &left, limit - found);
          if (mult > 0 && !f->cancelled && !f->gave_up)
            {
              guint64 sub;
              f->depth++;
              sub = search (f, tiles, len, start, left,
                            (limit - found + mult - 1) / mult, out, captured);
              f->depth--;
              found = MIN (found + mult * sub, limit);
            }
        }
      else if (hb_trace_wants (f->trace))
        hb_trace_add (f->trace, HB_STEP_REJECT, best % f->w, best / f->w,
                      turns[r], f->depth, (gint64) f->nodes);
      undo_to (f, mark);
      /* Once the search is over the animation keeps the answer on the
       * board: the undo is recorded only when the search goes on. */
      if (found < limit && hb_trace_wants (f->trace))
        hb_trace_add (f->trace, HB_STEP_UNDO, best % f->w, best / f->w,
                      turns[r], f->depth, (gint64) f->nodes);
    }
  return found;
}


void
loop_answer_clear (LoopAnswer *a)
{
  g_clear_pointer (&a->solved, g_free);
  g_clear_pointer (&a->forced, g_free);
}

void
loop_fast_solve (const LoopState *state, guint count_limit, guint64 node_limit,
                 GCancellable *cancellable, HbTrace *trace, LoopAnswer *a)
{
  loop_fast_solve_full (state, count_limit, node_limit, 0, cancellable, trace, a);
}

void
loop_fast_solve_full (const LoopState *state, guint count_limit, guint64 node_limit,
                      double deadline, GCancellable *cancellable, HbTrace *trace,
                      LoopAnswer *a)
{
  Fast f = { 0 };
  int w = state->base.width, h = state->base.height;
  gsize n = (gsize) w * h;
  guint64 limit = MAX (count_limit, 1), total = 1;
  gint32 *order = NULL;
  gsize order_len = 0;
  guint8 *result = NULL;

  ensure_table ();
  memset (a, 0, sizeof *a);
  a->status = HB_STATUS_NO_SOLUTION;

  f.w = w;
  f.h = h;
  f.n = n;
  f.tile = state->tiles;
  f.st = g_malloc (n);
  f.inq = g_malloc (n);
  f.stack = g_new (gint32, n);
  f.off[HB_DIR_N] = -w;
  f.off[HB_DIR_E] = 1;
  f.off[HB_DIR_S] = w;
  f.off[HB_DIR_W] = -1;
  f.cancellable = cancellable;
  f.trace = trace;
  f.node_limit = node_limit;
  f.deadline = deadline;
  f.stamp = g_new0 (guint32, n);
  hb_trace_set_counter_name (trace, _("search nodes"));

  /* Border edges are known closed; every tile starts on the stack. */
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        int k = 0;
        if (y == 0) k |= 1 << HB_DIR_N;
        if (x == w - 1) k |= 1 << HB_DIR_E;
        if (y == h - 1) k |= 1 << HB_DIR_S;
        if (x == 0) k |= 1 << HB_DIR_W;
        f.st[(gsize) y * w + x] = (guint8) (k << 4);
      }
  memset (f.inq, 1, n);
  /* Pushed in reverse so tiles pop in reading order (a nicer animation). */
  for (gsize i = 0; i < n; i++)
    f.stack[i] = (gint32) (n - 1 - i);
  f.sp = n;

  if (!propagate (&f))
    {
      a->status = f.cancelled ? HB_STATUS_CANCELLED : HB_STATUS_NO_SOLUTION;
      a->solutions = 0;
      goto out;
    }

  a->forced = g_malloc (n);
  result = g_malloc (n);
  for (gsize i = 0; i < n; i++)
    {
      gboolean fixed = (f.st[i] >> 4) == 15;
      f.decided += fixed;
      a->forced[i] = fixed;
      a->forced_count += fixed;
      result[i] = f.st[i] & 15;
    }

  /* Regions: components linked by unknown edges, listed one after another
   * in `order`. a->forced[i] == 2 marks a tile already put in a region
   * (reset to 0 below); inq stays free for the propagation in the search. */
  order = g_new (gint32, n - a->forced_count + 1);
  f.trailing = TRUE;
  for (gsize s = 0; s < n && total > 0; s++)
    {
      gsize start = order_len;
      guint64 c;

      if (a->forced[s])
        continue;
      a->forced[s] = 2;
      order[order_len++] = (gint32) s;
      for (gsize q = start; q < order_len; q++)
        {
          gint32 i = order[q];
          int unknown = ~(f.st[i] >> 4) & 15;
          for (int d = 0; d < 4; d++)
            if (unknown & (1 << d))
              {
                gint32 j = i + f.off[d];
                if (!a->forced[j])
                  {
                    a->forced[j] = 2;
                    order[order_len++] = j;
                  }
              }
        }
      a->regions++;
      a->largest_region = MAX (a->largest_region, order_len - start);

      /* Parity: every unknown edge of the region joins two of its tiles,
       * so the arms still waiting for an edge (a tile's arms minus its
       * known open edges) pair up inside the region and their number is
       * even in any solution. An odd count (say, one arm too many in a
       * closed area) proves the level unsolvable without a search that
       * propagation alone could make exponential. */
      {
        guint parity = 0;
        for (gsize q = start; q < order_len; q++)
          parity += __builtin_popcount (f.tile[order[q]])
                    - __builtin_popcount (f.st[order[q]] & 15);
        if (parity & 1)
          {
            a->parity_failures++;
            total = 0;
            break;
          }
      }

      {
        gsize len = order_len - start;
        guint8 *sol = g_malloc (len);
        gboolean captured = FALSE;

        f.depth = 1;   /* depth 0 is the first propagation (frames undo by depth) */
        c = search (&f, order + start, len, 0, len, limit, sol, &captured);
        undo_to (&f, 0);
        if (captured)
          for (gsize k = 0; k < len; k++)
            result[order[start + k]] = sol[k];
        g_free (sol);
      }
      if (f.cancelled || f.gave_up)
        break;
      total = MIN (total * c, limit);
    }
  for (gsize q = 0; q < order_len; q++)
    a->forced[order[q]] = 0;

  if (f.cancelled)
    a->status = HB_STATUS_CANCELLED;
  else if (f.gave_up)
    a->status = HB_STATUS_GAVE_UP;
  else if (total == 0)
    a->status = HB_STATUS_NO_SOLUTION;
  else
    {
      a->status = HB_STATUS_SOLVED;
      a->solved = result;
      result = NULL;
    }
  a->solutions = (f.cancelled || f.gave_up) ? 0 : total;

out:
  a->nodes = f.nodes;
  a->propagations = f.props;
  a->pockets = f.pockets;
  a->odd_pockets = f.odd_pockets;
  a->timed_out = f.timed_out;
  g_free (f.stamp);
  for (guint k = 0; k < f.seeds_cap; k++)
    g_array_unref (f.seed_list[k]);
  g_free (f.seed_list);
  g_free (f.seed_uf);
  g_free (f.seed_mark);
  g_free (f.seed_head);
  g_free (result);
  g_free (order);
  g_free (f.st);
  g_free (f.inq);
  g_free (f.stack);
  g_free (f.trail_i);
  g_free (f.trail_v);
}

static HbResult *
fast_solve (const HbState *state, const HbSolveOptions *options,
            HbTrace *trace, GCancellable *cancellable, GError **error)
{
  const LoopState *s = LOOP_CONST (state);
  LoopAnswer a;
  HbResult *r;

  loop_fast_solve_full (s, options->count_limit, options->node_limit, hb_deadline (options),
                        cancellable, trace, &a);
  r = hb_result_new (a.status);
  switch (a.status)
    {
    case HB_STATUS_SOLVED:
      loop_result_set_solution (r, s, a.solved);
      if (options->count_limit > 1 && a.solutions > 1)
        {
          g_autofree char *num = g_strdup_printf ("%" G_GUINT64_FORMAT, a.solutions);
          gulong n = (gulong) MIN (a.solutions, G_MAXULONG);

          if (a.solutions >= options->count_limit)
            hb_result_set_message (r, g_dngettext (NULL, "The level has at least %s solution",
                                                   "The level has at least %s solutions", n),
                                   num);
          else
            hb_result_set_message (r, g_dngettext (NULL, "The level has %s solution",
                                                   "The level has %s solutions", n),
                                   num);
        }
      break;
    case HB_STATUS_NO_SOLUTION:
      if (a.parity_failures > 0)
        hb_result_set_message (r, "%s", _("a closed area has an odd number of arms "
                                          "left to pair up"));
      else
        hb_result_set_message (r, "%s", _("no way to turn the tiles so that every "
                                          "arm meets another"));
      break;
    case HB_STATUS_GAVE_UP:
      hb_result_stop (r, a.timed_out ? HB_STOP_TIME_LIMIT : HB_STOP_NODE_LIMIT, a.nodes,
                      N_("%s search node"), N_("%s search nodes"));
      break;
    case HB_STATUS_CANCELLED:
      hb_result_stop (r, HB_STOP_CANCELLED, a.nodes, N_("%s search node"), N_("%s search nodes"));
      break;
    }
  hb_result_add_stat (r, N_("propagations"), "%" G_GUINT64_FORMAT, a.propagations);
  hb_result_add_stat (r, N_("forced"), "%" G_GUINT64_FORMAT, a.forced_count);
  hb_result_add_stat (r, N_("regions"), "%" G_GUINT64_FORMAT, a.regions);
  hb_result_add_stat (r, N_("largest region"), "%" G_GUINT64_FORMAT, a.largest_region);
  hb_result_add_stat (r, N_("nodes"), "%" G_GUINT64_FORMAT, a.nodes);
  hb_result_add_stat (r, N_("pockets"), "%" G_GUINT64_FORMAT, a.pockets);
  hb_result_add_stat (r, N_("odd pockets"), "%" G_GUINT64_FORMAT, a.odd_pockets);
  if (a.parity_failures > 0)
    hb_result_add_stat (r, N_("odd regions"), "%" G_GUINT64_FORMAT, a.parity_failures);
  if (options->count_limit > 0 && (a.status == HB_STATUS_SOLVED || a.status == HB_STATUS_NO_SOLUTION))
    hb_result_add_stat (r, N_("solutions"), "%" G_GUINT64_FORMAT, a.solutions);
  loop_answer_clear (&a);
  return r;
}

const HbSolver loop_solver_fast = {
  .id = "fast",
  .name = N_("Propagation and region search"),
  .summary = N_("Edges known open or closed, propagated to a fixpoint; the rest split "
                "into independent regions, each searched most constrained tile first"),
  .flags = HB_SOLVER_EXACT | HB_SOLVER_ANIMATED | HB_SOLVER_COUNTS,
  .solve = fast_solve,
};
