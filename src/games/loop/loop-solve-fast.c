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
 * Search. Two searches, each complete:
 *
 *  - Splitting search (small regions, counting many solutions, animated
 *    solves): pick among the next undecided tiles of the region's
 *    breadth-first order the one with the fewest possible rotations, try
 *    each, propagate, split off and solve at once the pieces the node cut
 *    off (refusing odd ones by parity: see "Pockets"), recurse, undo from a
 *    trail of (tile, old byte) pairs. Rotations that give the same mask (a
 *    straight has 2, a cross and an empty tile 1) are tried once.
 *  - Conflict-driven search (regions of 200 tiles and more when at most 16
 *    solutions are wanted, and where the splitting search runs long):
 *    clause learning over the edges, the tiles propagating through the
 *    table above, odd pieces as conflicts (see "Conflict-driven search for
 *    large regions").
 *
 * Nothing here assumes what Tatham's Net solver does (one tree, no loop):
 * in Infinite Loop closed groups and loops are allowed, so every rule is a
 * consequence of the tiles' own constraints (propagation, the pieces'
 * independence and parity, learnt clauses), which no solution can break.
 * Boards from Tatham's Net generator, which leave regions of tens of
 * thousands of tiles, are the hard cases (tests/loop/test-loop-hard.c,
 * `bench loop`).
 */
#include "loop.h"

#include <glib/gi18n.h>
#include <string.h>

/* table[t << 8 | k << 4 | o]: bits 0..2 number of possible masks, bits
 * 4..7 edges forced open, bits 8..11 edges forced closed (only unknown
 * ones). */
static guint16 fast_table[16 * 256];

/* The same facts as propagation uses them, one byte a case: what to OR
 * into the tile's byte (edges forced, as known << 4 | open), 0 when
 * nothing is forced, STEP_FAIL when no rotation is left (a byte no step
 * can be: an open edge not known). So a step below 0x10 forces nothing:
 * one comparison tells the usual case apart. */
static guint8 step_table[16 * 256];
#define STEP_FAIL 0x01

/* across_table[d << 4 | open]: the bits that edge d of a tile, now known
 * and open where `open` has bit d, sets in the byte of the tile across
 * it (where it is edge d + 2). */
static guint8 across_table[4 * 16];

/* loop_distinct_rotations of every mask, for the search's decisions. */
static guint8 rot_count[16], rot_mask[16][4], rot_turns[16][4];

static gpointer
fast_table_init (gpointer data)
{
  for (int d = 0; d < 4; d++)
    for (int o = 0; o < 16; o++)
      across_table[d << 4 | o] = (guint8) ((0x10 | ((o >> d) & 1)) << ((d + 2) & 3));
  for (int t = 0; t < 16; t++)
    {
      guint8 masks[4];
      int turns[4];
      int nm = loop_distinct_rotations ((guint8) t, masks, turns);

      rot_count[t] = (guint8) nm;
      for (int i = 0; i < nm; i++)
        {
          rot_mask[t][i] = masks[i];
          rot_turns[t][i] = (guint8) turns[i];
        }

      /* Only an `o` within `k` (open edges are known ones) is a case: 81
       * of the 256. The others stay 0 in fast_table and fail in
       * step_table. Every process that solves makes these tables, so the
       * rotations are grouped by what they show of `k` in one pass, not
       * tried against every `o` (122k instructions were 58k: a third of
       * a small level's whole solve). */
      memset (step_table + (t << 8), STEP_FAIL, 256);
      for (int k = 0; k < 16; k++)
        {
          int count[16], all_open[16], all_closed[16];

          memset (count, 0, sizeof count);
          for (int i = 0; i < nm; i++)
            {
              int o = masks[i] & k;

              if (count[o]++ == 0)
                all_open[o] = all_closed[o] = 15;
              all_open[o] &= masks[i];
              all_closed[o] &= ~masks[i] & 15;
            }
          for (int o = k;; o = (o - 1) & k)   /* every subset of k, 0 last */
            {
              guint16 v = (guint16) count[o];

              if (count[o] > 0)
                v |= (guint16) (((all_open[o] & ~k) << 4) | ((all_closed[o] & ~k) << 8));
              fast_table[t << 8 | k << 4 | o] = v;
              step_table[t << 8 | k << 4 | o] =
                count[o] == 0 ? STEP_FAIL
                              : (guint8) (((v >> 4 | v >> 8) & 15) << 4 | ((v >> 4) & 15));
              if (o == 0)
                break;
            }
        }
    }
  return NULL;
}

/* Arms of a four-bit mask (__builtin_popcount is a library call without
 * -mpopcnt). */
static const guint8 arms[16] = { 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4 };

static void
ensure_table (void)
{
  static GOnce once = G_ONCE_INIT;
  g_once (&once, fast_table_init, NULL);
}

/* A growable list of tiles: the pockets' searches append to these for
 * every tile they reach, where a GArray's append is a call. */
typedef struct {
  gint32  *data;
  guint    len, cap;
} TileList;

static inline void
tile_list_add (TileList *l, gint32 t)
{
  if (G_UNLIKELY (l->len == l->cap))
    {
      l->cap = MAX (16, 2 * l->cap);
      l->data = g_renew (gint32, l->data, l->cap);
    }
  l->data[l->len++] = t;
}

typedef struct {
  int      w, h;
  gsize    n;
  const guint8 *tile;
  guint8  *st;           /* known << 4 | open */
  gint32  *stack;        /* tiles to look at again: 2n + 4 (see propagate_t) */
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
  HbCancel *cancellable;
  gboolean cancelled, gave_up, timed_out, out_of_memory;
  /* A node count at which the search stops (budget_hit) for another
   * method to take over; 0 = none. */
  guint64  budget;
  gboolean budget_hit;
  HbTrace *trace;
  int      depth;
  gsize    decided;      /* tiles that got every edge known while trailing
                          * (only differences count) */
  /* Pockets (see pockets()): a BFS stamp per tile, the BFS queue. */
  guint32 *stamp;
  guint32  stamp_ctr;
  guint    seeds_cap;
  guint   *seed_uf, *seed_mark, *seed_head;
  TileList *seed_list;
  guint   *group_order, *group_start, *group_fill;   /* pieces_group's */
  guint    group_cap;
  guint64  pockets, odd_pockets;
  /* Conflict-driven search: the variable of (tile, dir), 4 per tile, -1
   * where none (allocated on first use, set per region). */
  gint32  *vid;
  guint64  conflicts, cdcl_regions;
} Fast;

/* Room for `more` entries on the trail. */
static void
trail_reserve (Fast *f, gsize more)
{
  if (f->trail_len + more > f->trail_cap)
    {
      f->trail_cap = MAX (MAX (1024, f->trail_cap * 2), f->trail_len + more);
      f->trail_i = g_renew (gint32, f->trail_i, f->trail_cap);
      f->trail_v = g_renew (guint8, f->trail_v, f->trail_cap);
    }
}

static inline void
trail_push (Fast *f, gint32 i)
{
  trail_reserve (f, 1);
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
 * closed elsewhere, on both sides, and pushes the neighbours (a decision
 * of the search: once a node, so plain). */
static void
set_edges (Fast *f, gint32 i, int dirs, int open)
{
  guint8 old = f->st[i];

  if (f->trailing)
    trail_push (f, i);
  f->st[i] |= (guint8) (dirs << 4 | (open & dirs));
  if (f->trailing)
    count_decided (f, i, old);
  if (f->trace && (f->st[i] >> 4) == 15 && hb_trace_wants (f->trace))
    trace_fixed (f, i);
  for (int d = 0; d < 4; d++)
    if (dirs & (1 << d))
      {
        gint32 j = i + f->off[d];
        guint8 oldj = f->st[j];
        if (f->trailing)
          trail_push (f, j);
        f->st[j] |= across_table[d << 4 | open];
        if (f->trailing)
          count_decided (f, j, oldj);
        if (f->trace && (f->st[j] >> 4) == 15 && hb_trace_wants (f->trace))
          trace_fixed (f, j);
        f->stack[f->sp++] = j;
      }
}

/* Runs propagation to the fixpoint; FALSE on a contradiction (the stack is
 * emptied either way).
 *
 * Two kinds of runs share this loop, told apart by `next`:
 *
 *  - The first propagation looks at every tile: rather than stacking all
 *    of them it sweeps the board in reading order (next = 0), and a tile
 *    from `next` on is pushed by nobody since the sweep comes to it anyway
 *    and then reads its latest byte. The stack only holds the tiles
 *    already swept that a change reopened, taken before the sweep goes on,
 *    so the order is that of a stack of all tiles popped in reading order.
 *  - The search's propagations after a decision (next = n: the stack
 *    alone).
 *
 * A tile may be on the stack more than once (a second look finds nothing
 * new or something more, both harmless), which spares a board-sized
 * "on the stack" array. Each push is an edge becoming known, once per
 * run, so a run pushes at most 2n tiles: the stack's size.
 *
 * `trailing` (the old bytes go on the trail and decided tiles are counted)
 * and `traced` (fixed tiles go to the trace) are constants in each caller,
 * so each combination gets its own copy. The fields of f the loop uses
 * are copied into locals first and written back at the end: the loop's
 * stores are byte stores, which C lets alias anything, so through f the
 * compiler would load every field again after each of them.
 *
 * Runs with a trace (animated solves, whose frames show the fixed tiles
 * in this order) take this loop; without one the same fixpoint is reached
 * by the leaner propagate_sweep and propagate_search below. */
static inline __attribute__ ((always_inline)) gboolean
propagate_t (Fast *f, gsize next, const gboolean trailing, const gboolean traced)
{
  const guint8 *tile = f->tile;
  guint8 *st = f->st;
  gint32 *stack = f->stack;
  const gint32 off[4] = { f->off[0], f->off[1], f->off[2], f->off[3] };
  gsize sp = f->sp, n = f->n, tl = f->trail_len, decided = f->decided;
  gint32 *trail_i = f->trail_i;
  guint8 *trail_v = f->trail_v;
  guint64 props = f->props;
  gboolean ok = TRUE;

  for (;;)
    {
      gint32 i;
      guint8 old, now, step;
      int forced;

      if (sp > 0)
        i = stack[--sp];
      else if (next < n)
        i = (gint32) next++;
      else
        break;
      props++;
      if (G_UNLIKELY ((props & 0xffff) == 0) && f->cancellable
          && hb_cancel_is_set (f->cancellable))
        {
          f->cancelled = TRUE;
          ok = FALSE;
          break;
        }
      old = st[i];
      step = step_table[tile[i] << 8 | old];
      if (step == 0)
        continue;
      if (G_UNLIKELY (step == STEP_FAIL))
        {
          /* The first propagation (the only one that does not trail)
           * left this tile no turn: the replay ends on it, marked (it
           * ended on the last tile fixed, which says nothing). */
          if (traced && !trailing && hb_trace_wants (f->trace))
            {
              HbStep fail = { .kind = HB_STEP_REJECT, .x = i % f->w, .y = i / f->w,
                              .value = -1, .flags = LOOP_STEP_NO_FIT,
                              .counter = (gint64) f->nodes };
              hb_trace_push (f->trace, &fail, NULL, 0);
            }
          ok = FALSE;
          break;
        }
      /* The table's forced edges are unknown ones, so every byte below
       * changes (and the tile's neighbours had those edges unknown too). */
      forced = step >> 4;
      now = old | step;
      st[i] = now;
      if (trailing)
        {
          if (G_UNLIKELY (tl + 5 > f->trail_cap))
            {
              f->trail_len = tl;
              trail_reserve (f, 5);
              trail_i = f->trail_i;
              trail_v = f->trail_v;
            }
          trail_i[tl] = i;
          trail_v[tl] = old;
          tl++;
          decided += now >= 0xf0;
        }
      if (traced && now >= 0xf0 && hb_trace_wants (f->trace))
        trace_fixed (f, i);
      do
        {
          int d = __builtin_ctz ((unsigned) forced);
          gint32 j = i + off[d];
          guint8 oldj = st[j], nowj = oldj | across_table[d << 4 | (step & 15)];

          forced &= forced - 1;
          st[j] = nowj;
          if (trailing)
            {
              trail_i[tl] = j;
              trail_v[tl] = oldj;
              tl++;
              decided += nowj >= 0xf0;
            }
          if (traced && nowj >= 0xf0 && hb_trace_wants (f->trace))
            trace_fixed (f, j);
          if ((gsize) j < next)
            stack[sp++] = j;
        }
      while (forced);
    }
  f->sp = 0;
  f->props = props;
  f->trail_len = tl;
  f->decided = decided;
  return ok;
}

/* One look of propagate_sweep at tile i: FALSE when no rotation is left.
 * Each edge the step forces gets the neighbour's bits for it (edge d + 2
 * there, known, open as here), and the neighbour is pushed when the
 * sweep has passed it (`next` is the first tile it has not): north and
 * west always; east and south only for a tile that came off the stack
 * (`popped`, a constant in each caller), and then only if behind `next`,
 * a test that moves the top by 0 or 1 without a branch (the index is
 * written at the top either way): on a random level its outcome is not
 * predictable. Each direction in straight-line code, its offset and
 * bits constants, costs less than a loop over the step's bits. */
static inline __attribute__ ((always_inline)) gboolean
sweep_look (const guint8 *tile, guint8 *st, gint32 *stack, gssize *sp,
            gssize i, gssize w, gssize next, const gboolean popped)
{
  guint8 *p = st + i;
  guint8 step = step_table[(gsize) tile[i] << 8 | *p];

  /* A step below 0x10 forces nothing: 0, or STEP_FAIL. */
  if (step < 0x10)
    return step == 0;
  *p |= step;
  if (step & (0x10 << HB_DIR_N))
    {
      p[-w] |= (guint8) (0x10 << HB_DIR_S | (step & 1 << HB_DIR_N) << HB_DIR_S);
      stack[(*sp)++] = (gint32) (i - w);
    }
  if (step & (0x10 << HB_DIR_W))
    {
      p[-1] |= (guint8) (0x10 << HB_DIR_E | (step & 1 << HB_DIR_W) >> 2);
      stack[(*sp)++] = (gint32) (i - 1);
    }
  if (step & (0x10 << HB_DIR_E))
    {
      p[1] |= (guint8) (0x10 << HB_DIR_W | (step & 1 << HB_DIR_E) << 2);
      if (popped)
        {
          stack[*sp] = (gint32) (i + 1);
          *sp += i + 1 < next;
        }
    }
  if (step & (0x10 << HB_DIR_S))
    {
      p[w] |= (guint8) (0x10 << HB_DIR_N | (step & 1 << HB_DIR_S) >> HB_DIR_S);
      if (popped)
        {
          stack[*sp] = (gint32) (i + w);
          *sp += i + w < next;
        }
    }
  return TRUE;
}

/* The first propagation without a trace, the bulk of a large level's
 * work (four million tiles at 2000×2000): propagate_t's sweep in loops
 * of its own, lean enough for the compiler to keep everything in
 * registers: each tile in reading order, then the tiles its changes
 * reopened, until the stack is empty. The cancellable and the deadline
 * are polled every 65536 tiles swept (a 4096×4096 board's sweep alone
 * takes a quarter of a second). */
static __attribute__ ((noinline)) gboolean
propagate_sweep (Fast *f)
{
  const guint8 *tile = f->tile;
  guint8 *st = f->st;
  gint32 *stack = f->stack;
  const gssize n = (gssize) f->n, w = f->w;
  gssize sp = 0, i = 0;
  guint64 pops = 0;
  gboolean ok = FALSE;

  for (gssize chunk = 0; chunk < n; chunk += 65536)
    {
      gssize end = MIN (n, chunk + 65536);

      if (hb_cancel_is_set (f->cancellable))
        {
          f->cancelled = TRUE;
          goto out;
        }
      if (f->deadline > 0 && hb_now () >= f->deadline)
        {
          f->gave_up = f->timed_out = TRUE;
          goto out;
        }
      for (i = chunk; i < end; i++)
        {
          if (!sweep_look (tile, st, stack, &sp, i, w, i + 1, FALSE))
            goto out;
          while (sp > 0)
            {
              pops++;
              if (!sweep_look (tile, st, stack, &sp, stack[--sp], w, i + 1, TRUE))
                goto out;
            }
        }
    }
  ok = TRUE;

out:
  f->props += (guint64) i + pops;
  return ok;
}

/* The first propagation, over the whole board (no trail). Not inlined:
 * in its caller's large body the loop's locals would not all stay in
 * registers. */
static __attribute__ ((noinline)) gboolean
propagate_all (Fast *f)
{
  return f->trace ? propagate_t (f, 0, FALSE, TRUE) : propagate_sweep (f);
}

/* One neighbour's edge in propagate_search: its byte p (tile j) gets
 * `bits`, the old byte goes on the trail and j on the stack. */
static inline __attribute__ ((always_inline)) void
search_edge (guint8 *p, gint32 j, guint8 bits, gint32 *trail_i, guint8 *trail_v,
             gsize *tl, gsize *decided, gint32 *stack, gsize *sp)
{
  guint8 old = *p, now = old | bits;

  *p = now;
  trail_i[*tl] = j;
  trail_v[*tl] = old;
  (*tl)++;
  *decided += now >= 0xf0;
  stack[(*sp)++] = j;
}

/* propagate_t for the search without a trace, in the manner of
 * sweep_look: the stack alone, every change on the trail, each forced
 * direction in straight-line code (in the order N E S W, as
 * propagate_t, so the search meets the same trail). */
static __attribute__ ((noinline)) gboolean
propagate_search (Fast *f)
{
  const guint8 *tile = f->tile;
  guint8 *st = f->st;
  gint32 *stack = f->stack;
  const gssize w = f->w;
  gsize sp = f->sp, tl = f->trail_len, decided = f->decided;
  gint32 *trail_i = f->trail_i;
  guint8 *trail_v = f->trail_v;
  guint64 props = f->props;
  gboolean ok = TRUE;

  while (sp > 0)
    {
      gssize i = stack[--sp];
      guint8 *p = st + i, old = *p, step, now;

      if (G_UNLIKELY ((++props & 0xffff) == 0) && f->cancellable
          && hb_cancel_is_set (f->cancellable))
        {
          f->cancelled = TRUE;
          ok = FALSE;
          break;
        }
      step = step_table[(gsize) tile[i] << 8 | old];
      if (step < 0x10)
        {
          if (step == 0)
            continue;
          ok = FALSE;   /* STEP_FAIL */
          break;
        }
      if (G_UNLIKELY (tl + 5 > f->trail_cap))
        {
          f->trail_len = tl;
          trail_reserve (f, 5);
          trail_i = f->trail_i;
          trail_v = f->trail_v;
        }
      now = old | step;
      *p = now;
      trail_i[tl] = (gint32) i;
      trail_v[tl] = old;
      tl++;
      decided += now >= 0xf0;
      if (step & (0x10 << HB_DIR_N))
        search_edge (p - w, (gint32) (i - w), 0x10 << HB_DIR_S | (step & 1 << HB_DIR_N) << HB_DIR_S,
                     trail_i, trail_v, &tl, &decided, stack, &sp);
      if (step & (0x10 << HB_DIR_E))
        search_edge (p + 1, (gint32) (i + 1), 0x10 << HB_DIR_W | (step & 1 << HB_DIR_E) << 2,
                     trail_i, trail_v, &tl, &decided, stack, &sp);
      if (step & (0x10 << HB_DIR_S))
        search_edge (p + w, (gint32) (i + w), 0x10 << HB_DIR_N | (step & 1 << HB_DIR_S) >> HB_DIR_S,
                     trail_i, trail_v, &tl, &decided, stack, &sp);
      if (step & (0x10 << HB_DIR_W))
        search_edge (p - 1, (gint32) (i - 1), 0x10 << HB_DIR_E | (step & 1 << HB_DIR_W) >> 2,
                     trail_i, trail_v, &tl, &decided, stack, &sp);
    }
  f->sp = 0;
  f->props = props;
  f->trail_len = tl;
  f->decided = decided;
  return ok;
}

/* The search's propagation after a decision. */
static gboolean
propagate (Fast *f)
{
  return f->trace ? propagate_t (f, f->n, TRUE, TRUE) : propagate_search (f);
}

/* Takes the trail back to `mark`, where f->decided was `decided`. */
static void
undo_to (Fast *f, gsize mark, gsize decided)
{
  guint8 *st = f->st;
  const gint32 *trail_i = f->trail_i;
  const guint8 *trail_v = f->trail_v;

  for (gsize t = f->trail_len; t > mark; t--)
    st[trail_i[t - 1]] = trail_v[t - 1];
  f->trail_len = mark;
  f->decided = decided;
}

static guint64 search (Fast *f, const gint32 *tiles, gsize len, gsize start,
                       gsize undecided, guint64 limit, guint8 *out, gboolean *captured);

/* TRUE when the search must stop (cancelled, a node limit, the deadline). */
static inline gboolean
stop_now (Fast *f)
{
  if (f->cancelled || f->gave_up || f->budget_hit)
    return TRUE;
  if (f->budget && f->nodes > f->budget)
    {
      f->budget_hit = TRUE;
      return TRUE;
    }
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
  /* The window's count (the recorded steps stop once the trace is full). */
  if ((f->nodes & 0xfff) == 0)
    hb_trace_set_progress (f->trace, (gint64) f->nodes, NULL);
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
pieces_scan (Fast *f, const gint32 *cand, gsize ncand, gsize budget)
{
  guint32 floor_id = f->stamp_ctr;
  guint m = 0, growing;
  gsize visited = 0;

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
          f->seed_list = g_renew (TileList, f->seed_list, f->seeds_cap);
          memset (f->seed_list + m, 0, (f->seeds_cap - m) * sizeof (TileList));
        }
      f->stamp[s] = floor_id + 1 + m;
      f->seed_uf[m] = m;
      f->seed_head[m] = 0;
      f->seed_mark[m] = 0;
      f->seed_list[m].len = 0;
      tile_list_add (&f->seed_list[m], s);
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
          TileList *list = &f->seed_list[j];
          gint32 i;
          int unknown;

          if (f->seed_head[j] == list->len)
            continue;
          i = list->data[f->seed_head[j]];
          f->seed_head[j]++;
          visited++;
          unknown = ~(f->st[i] >> 4) & 15;
          for (int d = 0; d < 4; d++)
            if (unknown & (1 << d))
              {
                gint32 t = i + f->off[d];
                guint32 s = f->stamp[t];
                if (s <= floor_id)
                  {
                    f->stamp[t] = floor_id + 1 + j;
                    tile_list_add (list, t);
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
        if (f->seed_head[j] < f->seed_list[j].len)
          {
            guint r = seed_root (f, j);
            if (f->seed_mark[r] != sweep)
              {
                f->seed_mark[r] = sweep;
                growing++;
              }
          }
      if (growing <= 1 || visited > budget)
        break;
    }
  for (guint j = 0; j < m; j++)
    f->seed_mark[j] = 0;
  for (guint j = 0; j < m; j++)
    if (f->seed_head[j] < f->seed_list[j].len)
      f->seed_mark[seed_root (f, j)] = 1;
  return m;
}

/* Seeds grouped by root after pieces_scan: order[start[r] .. start[r + 1]).
 * Both are f's buffers, valid until the next call (made again from
 * scratch at every call, so a caller that recurses must be done with
 * them first). */
static void
pieces_group (Fast *f, guint m, guint **order_out, guint **start_out)
{
  guint *order, *start, *fill;

  if (m + 1 > f->group_cap)
    {
      f->group_cap = MAX (m + 1, 2 * f->group_cap);
      f->group_order = g_renew (guint, f->group_order, f->group_cap);
      f->group_start = g_renew (guint, f->group_start, f->group_cap);
      f->group_fill = g_renew (guint, f->group_fill, f->group_cap);
    }
  order = f->group_order;
  start = f->group_start;
  fill = f->group_fill;
  memset (start, 0, (m + 1) * sizeof (guint));
  for (guint j = 0; j < m; j++)
    start[seed_root (f, j) + 1]++;
  for (guint r = 0; r < m; r++)
    start[r + 1] += start[r];
  memcpy (fill, start, m * sizeof (guint));
  for (guint j = 0; j < m; j++)
    order[fill[seed_root (f, j)]++] = j;
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
      const TileList *list = &f->seed_list[order[k]];
      *size += list->len;
      for (guint q = 0; q < list->len; q++)
        {
          gint32 i = list->data[q];
          parity += arms[f->tile[i]] - arms[f->st[i] & 15];
        }
    }
  return parity & 1;
}

/* Below this many undecided tiles a node does not look for pockets: the
 * search finishes so few tiles faster than the scan splits them (on a
 * generated 2000×2000 level, 16 -> 48 saves a fifth of the search's
 * instructions, with fewer nodes; Tatham's boards, whose regions the
 * conflict-driven search takes, are unchanged). What is given up is
 * only the splitting of a region's last few dozen tiles: every larger
 * remainder is still split and its pieces' parity checked. */
#define POCKET_MIN_REST 48

static guint64
pockets (Fast *f, gsize mark, gsize *undecided, guint64 limit)
{
  guint m, ndry = 0;
  guint64 mult = 1;
  guint *order = NULL, *start = NULL;
  gsize dry_tiles = 0;

  /* A few tiles are searched faster than split (and cannot make the
   * search explode). */
  if (*undecided < POCKET_MIN_REST)
    return 1;
  m = pieces_scan (f, f->trail_i + mark, f->trail_len - mark, G_MAXSIZE);
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
              const TileList *list = &f->seed_list[order[k]];
              g_array_append_vals (found, list->data, list->len);
            }
          g_array_index (found, gint32, at) = (gint32) (found->len - at - 1);
        }
    /* order and start are pieces_group's buffers, which the searches
     * below use again: the pockets are copied out above. */

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
        if (c == 0 || f->cancelled || f->gave_up || f->budget_hit)
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
                /* The frames: fixed at this node's depth, so only undoing
                 * this node takes them off. */
                if (f->trace && hb_trace_wants (f->trace))
                  trace_fixed (f, i);
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
  int best_count = 5, seen = 0, nm;
  const guint8 *masks, *turns;
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
      if (f->trace && hb_trace_wants (f->trace))
        hb_trace_add (f->trace, HB_STEP_SOLUTION, -1, -1, 0, f->depth, (gint64) f->nodes);
      return 1;
    }

  nm = rot_count[f->tile[best]];
  masks = rot_mask[f->tile[best]];
  turns = rot_turns[f->tile[best]];
  for (int r = 0; r < nm && found < limit && !f->cancelled && !f->gave_up && !f->budget_hit;
       r++)
    {
      int k = f->st[best] >> 4, o = f->st[best] & 15;
      gsize mark = f->trail_len, before = f->decided;
      gboolean ok;

      if ((masks[r] & k) != o)
        continue;
      if (f->trace && hb_trace_wants (f->trace))
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
          if (mult > 0 && !f->cancelled && !f->gave_up && !f->budget_hit)
            {
              guint64 sub;
              f->depth++;
              sub = search (f, tiles, len, start, left,
                            (limit - found + mult - 1) / mult, out, captured);
              f->depth--;
              found = MIN (found + mult * sub, limit);
            }
        }
      else if (f->trace && hb_trace_wants (f->trace))
        hb_trace_add (f->trace, HB_STEP_REJECT, best % f->w, best / f->w,
                      turns[r], f->depth, (gint64) f->nodes);
      undo_to (f, mark, before);
      /* Once the search is over the animation keeps the answer on the
       * board: the undo is recorded only when the search goes on. */
      if (found < limit && f->trace && hb_trace_wants (f->trace))
        hb_trace_add (f->trace, HB_STEP_UNDO, best % f->w, best / f->w,
                      turns[r], f->depth, (gint64) f->nodes);
    }
  return found;
}


/* ---- Conflict-driven search for large regions ---------------------------
 *
 * Boards from Tatham's Net generator leave regions of tens of thousands of
 * tiles, loosely bound (as Infinite Loop levels they have many solutions),
 * where a decision's mistake shows only after many later decisions; a
 * depth-first search then undoes all of those and more. For one solution
 * of a large region the search below learns from each conflict instead
 * (conflict-driven clause learning, as in SAT solvers), specialised to the
 * puzzle:
 *
 *  - Variables are the region's unknown edges (open or closed). The tile
 *    constraints are not clauses: a tile propagates through the same table
 *    as above. When tile t forces edge u, the reason is "the edges of t
 *    known before u, with their values": the table's verdict depends on
 *    those only, so the clause (u as forced) or (one of them different) is
 *    implied by the tile's constraint. A tile with no rotation left makes
 *    the conflict clause "one of its known edges different".
 *  - Parity: after a conflict, the pieces around the tiles of the clause
 *    learnt are found as in the search above; an odd piece is a conflict
 *    whose clause is "one of the known edges leaving the piece different"
 *    — the piece's parity depends on those edges only (inner edges count
 *    twice), so with them as they are no completion of the piece exists.
 *  - Learning: first unique implication point, the learnt clause added
 *    with two watched literals, a backjump to its second highest level
 *    (or, when that is far, one level: see cdcl_learn); decisions in the
 *    region's breadth-first order (a front crossing the region; orders by
 *    activity cost more than they gained on these boards), values by the
 *    last one taken (phase saving); restarts on the Luby sequence. Learnt
 *    clauses are implied by the level, so no solution is lost: when a
 *    conflict needs no decision the region has none.
 *
 * A literal is 2v + x: "variable v has value x" (x = 1 open). */

typedef struct {
  Fast    *f;
  gsize    nv;
  gint32  *vid;          /* 4 per board tile: the variable of (tile, dir) or -1 */
  gint32  *va, *vb;      /* the two tiles of v (vb east or south of va) */
  guint8  *vd;           /* direction of v from va: E or S */
  gint8   *val;          /* -1 unknown, 0, 1 */
  gint32  *level, *reason;  /* reason: -1 decision, 2t tile t, 2c + 1 clause at c */
  gint32  *tpos;
  gint32  *trail;
  gsize    tlen, qhead;
  gboolean check_parity;   /* a conflict since the last parity check */
  GArray  *lim;          /* gint32: trail length at each level's start */
  GArray  *clauses;      /* gint32: size, literals... */
  GArray **watches;      /* per literal: gint32 clause offsets */
  gsize    search;       /* no variable below this one is unassigned */
  guint8  *phase, *seen;
  GArray  *learnt, *scratch;
  guint64  conflicts, decisions;
  gint32  *seeds;
  gsize    seeds_cap;
} Cdcl;

/* Regions from this size on, when at most CDCL_COUNT_MAX solutions are
 * wanted, are searched this way. More solutions are counted by the search
 * above (it multiplies the pieces' counts, where this one finds solutions
 * one by one), and animated solves run the search above (its steps are
 * what the frames show); on a large region either hands over to this one
 * after COUNT_SEARCH_BUDGET or TRACE_SEARCH_BUDGET nodes. */
#define CDCL_MIN_REGION 200
#define CDCL_MAX_CLAUSE_INTS ((guint) 1 << 26)   /* 256 MB of learnt clauses */
#define CDCL_COUNT_MAX 16
#define TRACE_SEARCH_BUDGET 20000
#define COUNT_SEARCH_BUDGET 20000

/* The conflict-driven search looks for odd pieces with a bounded effort
 * (tiles visited per check): a piece missed is only a weaker deduction. */
#define PARITY_BUDGET 4096

/* Backjumps longer than this many levels backtrack one level instead. */
#define CHRONO_JUMP 10

#define CDCL_TILE(r) ((r) >= 0 && !((r) & 1))

static inline int
cdcl_level (Cdcl *c)
{
  return (int) c->lim->len;
}

static inline void
cdcl_assign (Cdcl *c, gint32 v, int x, gint32 reason, int level)
{
  Fast *f = c->f;
  int d = c->vd[v];

  c->val[v] = (gint8) x;
  c->level[v] = level;
  c->reason[v] = reason;
  c->tpos[v] = (gint32) c->tlen;
  c->trail[c->tlen++] = v;
  f->st[c->va[v]] |= (guint8) (1 << (d + 4) | x << d);
  d = (d + 2) & 3;
  f->st[c->vb[v]] |= (guint8) (1 << (d + 4) | x << d);
}

/* Undoes the assignments above level lvl. With chronological
 * backtracking (below) the trail is not sorted by level: assignments of
 * lower levels found above the cut are kept, in their order, and
 * propagated again (what they implied at a higher level is gone). */
static void
cdcl_backtrack (Cdcl *c, int lvl)
{
  Fast *f = c->f;
  gsize to, j;

  if (cdcl_level (c) <= lvl)
    return;
  to = (gsize) g_array_index (c->lim, gint32, lvl);
  j = to;
  for (gsize k = to; k < c->tlen; k++)
    {
      gint32 v = c->trail[k];
      int d = c->vd[v];
      if (c->level[v] <= lvl)
        {
          c->tpos[v] = (gint32) j;
          c->trail[j++] = v;
          continue;
        }
      c->phase[v] = (guint8) c->val[v];
      c->val[v] = -1;
      f->st[c->va[v]] &= (guint8) ~(1 << (d + 4) | 1 << d);
      d = (d + 2) & 3;
      f->st[c->vb[v]] &= (guint8) ~(1 << (d + 4) | 1 << d);
      c->search = MIN (c->search, (gsize) v);
    }
  c->tlen = j;
  g_array_set_size (c->lim, (guint) lvl);
  c->qhead = MIN (c->qhead, to);
}

/* The reason tile t gives for an edge it forced: its edges known before
 * that edge (trail position below `before`) of a level up to the forced
 * edge's `level`, appended to c->scratch as variables (each literal is
 * the variable's other value, false now). With level and position G_MAX
 * it is a conflict: every known edge of t.
 *
 * Why this is a reason. When t forced u, the edges of t then known were
 * exactly those before u on the trail, and the table's verdict depends on
 * them alone; u's level is the highest of theirs. Chronological
 * backtracking moves kept assignments down the trail, which can put after
 * them edges assigned later at higher levels; the level filter drops
 * those again, and what remains still holds every edge t saw (their
 * levels are at most u's and their order is kept), so the set implies u
 * and has no literal above u's level, as conflict analysis needs. */
static void
tile_explain (Cdcl *c, gint32 t, gint32 before, int level)
{
  for (int d = 0; d < 4; d++)
    {
      gint32 v = c->vid[4 * t + d];
      if (v >= 0 && c->val[v] >= 0 && c->tpos[v] < before && c->level[v] <= level)
        g_array_append_val (c->scratch, v);
    }
}

/* Propagates to the fixpoint. Returns -1, or a conflict: the variables
 * whose values together are impossible are left in c->scratch. */
static gboolean
cdcl_propagate (Cdcl *c)
{
  Fast *f = c->f;

  g_array_set_size (c->scratch, 0);
  while (c->qhead < c->tlen)
    {
      gint32 v = c->trail[c->qhead++];
      int x = c->val[v];
      gint32 false_lit = 2 * v + (1 - x);
      GArray *ws;

      f->props++;
      for (int side = 0; side < 2; side++)
        {
          gint32 t = side ? c->vb[v] : c->va[v];
          guint16 e = fast_table[f->tile[t] << 8 | f->st[t]];
          int forced;

          if ((e & 7) == 0)
            {
              tile_explain (c, t, G_MAXINT32, G_MAXINT);
              return FALSE;
            }
          forced = (e >> 4 | e >> 8) & 15;
          if (forced)
            {
              /* The implied edges' level: the highest of the known ones. */
              int lvl = 0;
              for (int d = 0; d < 4; d++)
                {
                  gint32 u = c->vid[4 * t + d];
                  if (u >= 0 && c->val[u] >= 0)
                    lvl = MAX (lvl, c->level[u]);
                }
              for (int d = 0; d < 4; d++)
                if (forced & (1 << d))
                  {
                    gint32 u = c->vid[4 * t + d];
                    cdcl_assign (c, u, (e >> (4 + d)) & 1, 2 * t, lvl);
                  }
            }
        }
      /* Clauses watching the literal made false. */
      ws = c->watches[false_lit];
      if (ws == NULL)
        continue;
      {
        guint keep = 0;
        for (guint k = 0; k < ws->len; k++)
          {
            gint32 cref = g_array_index (ws, gint32, k);
            gint32 *cl = &g_array_index (c->clauses, gint32, cref);
            gint32 size = cl[0], *lits = cl + 1, other;
            gboolean moved = FALSE;

            if (lits[0] == false_lit)
              {
                lits[0] = lits[1];
                lits[1] = false_lit;
              }
            other = lits[0];
            if (c->val[other >> 1] == (other & 1))
              {
                g_array_index (ws, gint32, keep++) = cref;
                continue;
              }
            for (gint32 j = 2; j < size; j++)
              {
                gint32 l = lits[j];
                if (c->val[l >> 1] != 1 - (l & 1))
                  {
                    lits[1] = l;
                    lits[j] = false_lit;
                    if (c->watches[l] == NULL)
                      c->watches[l] = g_array_new (FALSE, FALSE, sizeof (gint32));
                    g_array_append_val (c->watches[l], cref);
                    moved = TRUE;
                    break;
                  }
              }
            if (moved)
              continue;
            g_array_index (ws, gint32, keep++) = cref;
            if (c->val[other >> 1] < 0)
              {
                int lvl = 0;
                for (gint32 j = 1; j < size; j++)
                  lvl = MAX (lvl, c->level[lits[j] >> 1]);
                cdcl_assign (c, other >> 1, other & 1, 2 * cref + 1, lvl);
              }
            else
              {
                /* Conflict: every literal false. */
                for (guint r = k + 1; r < ws->len; r++)
                  g_array_index (ws, gint32, keep++) = g_array_index (ws, gint32, r);
                g_array_set_size (ws, keep);
                for (gint32 j = 0; j < size; j++)
                  {
                    gint32 u = lits[j] >> 1;
                    g_array_append_val (c->scratch, u);
                  }
                return FALSE;
              }
          }
        g_array_set_size (ws, keep);
      }
    }
  return TRUE;
}

/* Parity of the pieces around the last conflict. FALSE with the known
 * edges leaving an odd piece in c->scratch.
 *
 * Checking after every propagation doubled the time on Net boards, where
 * odd pieces are rare; an odd piece shows itself by conflicts inside it
 * (the search cannot fill it), so the check runs after each conflict,
 * from the tiles of the clause learnt, once the search is back at a
 * consistent node: a piece closed and odd around those tiles is refuted
 * at once, with a clause on the edges leaving it. */
static gboolean
cdcl_parity (Cdcl *c)
{
  Fast *f = c->f;
  gsize ns = 0;
  guint m, *order = NULL, *start = NULL;
  guint32 floor_id;
  gboolean ok = TRUE;

  /* Seeds: the tiles of the last learnt clause (the conflicts' place). */
  if (2 * c->learnt->len > c->seeds_cap)
    {
      c->seeds_cap = 2 * c->learnt->len + 64;
      c->seeds = g_renew (gint32, c->seeds, c->seeds_cap);
    }
  for (guint k = 0; k < c->learnt->len; k++)
    {
      gint32 v = g_array_index (c->learnt, gint32, k) >> 1;
      c->seeds[ns++] = c->va[v];
      c->seeds[ns++] = c->vb[v];
    }
  m = pieces_scan (f, c->seeds, ns, PARITY_BUDGET);
  if (m == 0)
    return TRUE;
  floor_id = f->stamp_ctr - m;
  pieces_group (f, m, &order, &start);
  for (guint r = 0; r < m && ok; r++)
    if (f->seed_uf[r] == r && !f->seed_mark[r])
      {
        gsize size;
        if (!piece_parity (f, order, start, r, &size))
          continue;
        f->odd_pockets++;
        ok = FALSE;
        g_array_set_size (c->scratch, 0);
        for (guint k = start[r]; k < start[r + 1]; k++)
          {
            const TileList *list = &f->seed_list[order[k]];
            for (guint q = 0; q < list->len; q++)
              {
                gint32 i = list->data[q];
                for (int d = 0; d < 4; d++)
                  {
                    gint32 v = c->vid[4 * i + d], nb;
                    guint32 s;
                    if (v < 0)
                      continue;
                    nb = i + f->off[d];
                    s = f->stamp[nb];
                    if (s > floor_id && s <= floor_id + m
                        && seed_root (f, s - floor_id - 1) == r)
                      continue;   /* inside the piece */
                    g_array_append_val (c->scratch, v);
                  }
              }
          }
      }
  return ok;
}

static inline gint32
false_lit (Cdcl *c, gint32 v)
{
  return 2 * v + (1 - c->val[v]);
}

/* Learns from the conflict in c->scratch. FALSE when it needs no decision
 * (the region has no solution). */
static gboolean
cdcl_learn (Cdcl *c)
{
  int cur = 0, bj = 0;
  int path = 0;
  gint32 p = -1;
  gsize idx;
  GArray *learnt = c->learnt;
  gint32 cref;

  for (guint k = 0; k < c->scratch->len; k++)
    cur = MAX (cur, c->level[g_array_index (c->scratch, gint32, k)]);
  if (cur == 0)
    return FALSE;
  if (cur < cdcl_level (c))
    cdcl_backtrack (c, cur);

  g_array_set_size (learnt, 1);
  idx = c->tlen;
  for (;;)
    {
      for (guint k = 0; k < c->scratch->len; k++)
        {
          gint32 u = g_array_index (c->scratch, gint32, k);
          if (u == p || c->seen[u] || c->level[u] == 0)
            continue;
          c->seen[u] = 1;
          if (c->level[u] == cur)
            path++;
          else
            {
              gint32 l = false_lit (c, u);
              g_array_append_val (learnt, l);
            }
        }
      /* The latest marked variable of this level: a later one's reason
       * holds only earlier ones, so the walk goes down the trail once. */
      do
        p = c->trail[--idx];
      while (!c->seen[p] || c->level[p] != cur);
      c->seen[p] = 0;
      if (--path == 0)
        break;
      g_array_set_size (c->scratch, 0);
      if (CDCL_TILE (c->reason[p]))
        tile_explain (c, c->reason[p] / 2, c->tpos[p], c->level[p]);
      else
        {
          gint32 *cl = &g_array_index (c->clauses, gint32, c->reason[p] / 2);
          for (gint32 j = 0; j < cl[0]; j++)
            {
              gint32 u = cl[1 + j] >> 1;
              g_array_append_val (c->scratch, u);
            }
        }
    }
  g_array_index (learnt, gint32, 0) = false_lit (c, p);
  /* The backjump level is the highest of the rest, watched second. */
  for (guint k = 1; k < learnt->len; k++)
    {
      gint32 l = g_array_index (learnt, gint32, k);
      c->seen[l >> 1] = 0;
      if (c->level[l >> 1] > bj)
        {
          bj = c->level[l >> 1];
          g_array_index (learnt, gint32, k) = g_array_index (learnt, gint32, 1);
          g_array_index (learnt, gint32, 1) = l;
        }
    }
  /* Chronological backtracking (Nadel and Ryvchin, 2018): a long jump
   * back would undo much unrelated work, which propagation then redoes;
   * the asserting literal is implied at level bj either way, so it can
   * as well be put on the trail one level below the conflict, with its
   * true level bj. */
  cdcl_backtrack (c, cur - bj > CHRONO_JUMP ? cur - 1 : bj);
  cref = (gint32) c->clauses->len;
  {
    gint32 size = (gint32) learnt->len;
    g_array_append_val (c->clauses, size);
    g_array_append_vals (c->clauses, learnt->data, learnt->len);
  }
  if (learnt->len >= 2)
    for (int w = 0; w < 2; w++)
      {
        gint32 l = g_array_index (learnt, gint32, w);
        if (c->watches[l] == NULL)
          c->watches[l] = g_array_new (FALSE, FALSE, sizeof (gint32));
        g_array_append_val (c->watches[l], cref);
      }
  {
    gint32 l = g_array_index (learnt, gint32, 0);
    cdcl_assign (c, l >> 1, l & 1, 2 * cref + 1, bj);
  }
  return TRUE;
}

static guint64
luby (guint64 i)
{
  /* 1 1 2 1 1 2 4 1 1 2 ... (Luby, Sinclair and Zuckerman). */
  guint64 size = 1, seq = 0;
  while (size < i + 1)
    {
      seq++;
      size = 2 * size + 1;
    }
  while (size - 1 != i)
    {
      size = (size - 1) >> 1;
      seq--;
      i = i % size;
    }
  return (guint64) 1 << seq;
}

/* Counts the solutions of the region tiles[0..len) (undecided, in
 * breadth-first order) up to `limit`, the first written to out[] (by list
 * index). 0: none, or stopped (f->cancelled, f->gave_up). f->st is left as
 * it came. */
static __attribute__ ((noinline)) guint64
cdcl_region (Fast *f, const gint32 *tiles, gsize len, guint8 *out, guint64 limit)
{
  Cdcl c = { 0 };
  guint64 found = 0;
  guint64 restart_at, restarts = 0;

  c.f = f;
  /* Board-sized but left uninitialised: only the region's tiles are
   * read, and they are set here (pages of other tiles are never touched). */
  if (f->vid == NULL)
    f->vid = g_new (gint32, 4 * f->n);
  c.vid = f->vid;
  for (gsize k = 0; k < len; k++)
    for (int d = 0; d < 4; d++)
      f->vid[4 * tiles[k] + d] = -1;
  /* Variables: the unknown east and south edges of the region's tiles
   * (the north and west ones are their neighbours', in the region too). */
  for (gsize k = 0; k < len; k++)
    {
      gint32 i = tiles[k];
      int unknown = ~(f->st[i] >> 4) & 15;
      c.nv += ((unknown >> HB_DIR_E) & 1) + ((unknown >> HB_DIR_S) & 1);
    }
  c.va = g_new (gint32, c.nv);
  c.vb = g_new (gint32, c.nv);
  c.vd = g_new (guint8, c.nv);
  c.val = g_new (gint8, c.nv);
  c.level = g_new (gint32, c.nv);
  c.reason = g_new (gint32, c.nv);
  c.tpos = g_new (gint32, c.nv);
  c.trail = g_new (gint32, c.nv);
  c.search = 0;
  c.phase = g_new0 (guint8, c.nv);
  c.seen = g_new0 (guint8, c.nv);
  c.watches = g_new0 (GArray *, 2 * c.nv);
  c.lim = g_array_new (FALSE, FALSE, sizeof (gint32));
  c.clauses = g_array_new (FALSE, FALSE, sizeof (gint32));
  c.learnt = g_array_new (FALSE, FALSE, sizeof (gint32));
  c.scratch = g_array_new (FALSE, FALSE, sizeof (gint32));
  {
    gint32 v = 0;
    for (gsize k = 0; k < len; k++)
      {
        gint32 i = tiles[k];
        int unknown = ~(f->st[i] >> 4) & 15;
        for (int d = HB_DIR_E; d <= HB_DIR_S; d++)
          if (unknown & (1 << d))
            {
              gint32 j = i + f->off[d];
              c.va[v] = i;
              c.vb[v] = j;
              c.vd[v] = (guint8) d;
              c.val[v] = -1;
              f->vid[4 * i + d] = v;
              f->vid[4 * j + ((d + 2) & 3)] = v;
              v++;
            }
      }
  }

  restart_at = 512;

  for (;;)
    {
      gboolean ok = cdcl_propagate (&c);
      if (ok && c.check_parity)
        {
          c.check_parity = FALSE;
          ok = cdcl_parity (&c);
        }
      if (!ok)
        {
          c.conflicts++;
          /* Conflicts between decisions: checked here too. */
          if ((c.conflicts & 0xff) == 0
              && ((hb_cancel_is_set (f->cancellable))
                  || (f->deadline > 0 && hb_now () >= f->deadline)))
            {
              if (hb_cancel_is_set (f->cancellable))
                f->cancelled = TRUE;
              else
                f->gave_up = f->timed_out = TRUE;
              break;
            }
          if (!cdcl_learn (&c))
            break;      /* no solution */
          c.check_parity = TRUE;
          /* Learnt clauses are kept: bound their memory. */
          if (c.clauses->len > CDCL_MAX_CLAUSE_INTS)
            {
              f->gave_up = f->out_of_memory = TRUE;
              break;
            }
          if (c.conflicts >= restart_at)
            {
              cdcl_backtrack (&c, 0);
              restart_at = c.conflicts + 512 * luby (++restarts);
            }
          continue;
        }
      {
        gint32 v;
        while (c.search < c.nv && c.val[c.search] >= 0)
          c.search++;
        v = c.search < c.nv ? (gint32) c.search : -1;
        if (v < 0)
          {
            /* A solution. Counting: block it with the clause "some
             * decision different" (propagation from the decisions gives
             * this solution and no other) and search on. */
            gint32 cref, size = 0;
            if (found++ == 0)
              for (gsize k = 0; k < len; k++)
                out[k] = f->st[tiles[k]] & 15;
            if (found >= limit)
              break;
            g_array_set_size (c.learnt, 0);
            for (gsize k = 0; k < c.tlen; k++)
              {
                gint32 u = c.trail[k];
                if (c.reason[u] == -1)
                  {
                    gint32 l = false_lit (&c, u);
                    g_array_append_val (c.learnt, l);
                  }
              }
            if (c.learnt->len == 0)
              break;    /* forced from the start: the only one */
            cdcl_backtrack (&c, 0);
            cref = (gint32) c.clauses->len;
            size = (gint32) c.learnt->len;
            g_array_append_val (c.clauses, size);
            g_array_append_vals (c.clauses, c.learnt->data, c.learnt->len);
            if (size == 1)
              {
                gint32 l = g_array_index (c.learnt, gint32, 0);
                cdcl_assign (&c, l >> 1, l & 1, 2 * cref + 1, 0);
              }
            else
              for (int w = 0; w < 2; w++)
                {
                  gint32 l = g_array_index (c.learnt, gint32, w);
                  if (c.watches[l] == NULL)
                    c.watches[l] = g_array_new (FALSE, FALSE, sizeof (gint32));
                  g_array_append_val (c.watches[l], cref);
                }
            continue;
          }
        f->nodes++;
        if (stop_now (f))
          break;
        {
          gint32 at = (gint32) c.tlen;
          g_array_append_val (c.lim, at);
        }
        cdcl_assign (&c, v, c.phase[v], -1, cdcl_level (&c));
      }
    }

  f->conflicts += c.conflicts;
  /* Every assignment undone, level 0 too: f->st as it came. */
  cdcl_backtrack (&c, 0);
  while (c.tlen > 0)
    {
      gint32 v = c.trail[--c.tlen];
      int d = c.vd[v];
      f->st[c.va[v]] &= (guint8) ~(1 << (d + 4) | 1 << d);
      d = (d + 2) & 3;
      f->st[c.vb[v]] &= (guint8) ~(1 << (d + 4) | 1 << d);
    }
  for (gsize l = 0; l < 2 * c.nv; l++)
    if (c.watches[l])
      g_array_unref (c.watches[l]);
  g_free (c.watches);
  g_free (c.val);
  g_free (c.level);
  g_free (c.reason);
  g_free (c.tpos);

  g_free (c.phase);
  g_free (c.seen);
  g_free (c.seeds);
  g_free (c.va);
  g_free (c.vb);
  g_free (c.vd);
  g_free (c.trail);
  g_array_unref (c.lim);
  g_array_unref (c.clauses);
  g_array_unref (c.learnt);
  g_array_unref (c.scratch);
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
                 HbCancel *cancellable, HbTrace *trace, LoopAnswer *a)
{
  loop_fast_solve_full (state, count_limit, node_limit, 0, cancellable, trace, a);
}

void
loop_fast_solve_full (const LoopState *state, guint count_limit, guint64 node_limit,
                      double deadline, HbCancel *cancellable, HbTrace *trace,
                      LoopAnswer *a)
{
  Fast f = { 0 };
  int w = state->base.width, h = state->base.height;
  gsize n = (gsize) w * h;
  guint64 limit = MAX (count_limit, 1), total = 1;
  gint32 *order = NULL, *open = NULL;
  gsize order_len = 0, open_len = 0, sol_cap = 0;
  guint8 *sol_buf = NULL;
  guint8 *result = NULL;

  ensure_table ();
  memset (a, 0, sizeof *a);
  a->status = HB_STATUS_NO_SOLUTION;

  f.w = w;
  f.h = h;
  f.n = n;
  f.tile = state->tiles;
  /* Board-sized arrays: in huge pages when large (hb_malloc_big; 48 MB
   * at 2000×2000 with stamp, forced, result), a few faults instead of
   * thousands. */
  f.st = hb_malloc_big (n);
  f.stack = hb_malloc_big ((2 * n + 4) * sizeof (gint32));
  f.off[HB_DIR_N] = -w;
  f.off[HB_DIR_E] = 1;
  f.off[HB_DIR_S] = w;
  f.off[HB_DIR_W] = -1;
  f.cancellable = cancellable;
  f.trace = trace;
  f.node_limit = node_limit;
  f.deadline = deadline;
  /* Left uninitialised: only the stamps of a region's tiles are ever read
   * (the searches cross unknown edges only), and they are zeroed when the
   * region is listed. */
  f.stamp = hb_malloc_big (n * sizeof (guint32));
  hb_trace_set_counter_name (trace, _("search steps"));

  /* Border edges are known closed. */
  memset (f.st, 0, n);
  for (int x = 0; x < w; x++)
    {
      f.st[x] |= 1 << (HB_DIR_N + 4);
      f.st[(gsize) (h - 1) * w + x] |= 1 << (HB_DIR_S + 4);
    }
  for (int y = 0; y < h; y++)
    {
      f.st[(gsize) y * w] |= 1 << (HB_DIR_W + 4);
      f.st[(gsize) y * w + w - 1] |= 1 << (HB_DIR_E + 4);
    }

  if (!propagate_all (&f))
    {
      a->status = f.cancelled ? HB_STATUS_CANCELLED
                  : f.gave_up ? HB_STATUS_GAVE_UP : HB_STATUS_NO_SOLUTION;
      a->solutions = 0;
      goto out;
    }

  /* The tiles the propagation fixed, and a first answer for them; the
   * others (about one in nine on generated levels) listed in `open`.
   * Eight tiles at a time, as one word: `unfixed` gets the top bit of
   * each byte whose known nibble is not 15 (the usual test for a nonzero
   * byte, exact since no byte of x reaches 0x80), and the open tiles are
   * its set bits. */
  a->forced = hb_malloc_big (n);
  result = hb_malloc_big (n);
  open = g_new (gint32, n);
  {
    const guint64 lo = 0x0f0f0f0f0f0f0f0full, one = 0x0101010101010101ull;
    gsize i = 0;

    for (; i + 8 <= n; i += 8)
      {
        guint64 v, r, x, unfixed;

        memcpy (&v, f.st + i, 8);
        r = v & lo;
        memcpy (result + i, &r, 8);
        x = ((v >> 4) & lo) ^ lo;
        unfixed = ((x + 0x7f7f7f7f7f7f7f7full) | x) & 0x8080808080808080ull;
        r = one & ~(unfixed >> 7);
        memcpy (a->forced + i, &r, 8);
        a->forced_count += (r * one) >> 56;
        for (; unfixed != 0; unfixed &= unfixed - 1)
          open[open_len++] = (gint32) (i + (gsize) (__builtin_ctzll (unfixed) >> 3));
      }
    for (; i < n; i++)
      {
        gboolean fixed = f.st[i] >= 0xf0;
        a->forced[i] = fixed;
        a->forced_count += fixed;
        result[i] = f.st[i] & 15;
        if (!fixed)
          open[open_len++] = (gint32) i;
      }
  }

  /* Regions: components linked by unknown edges, listed one after another
   * in `order`. a->forced[i] == 2 marks a tile already put in a region
   * (reset to 0 below). The breadth-first walk that lists a region also
   * zeroes its tiles' stamps and adds up its parity (below). */
  order = g_new (gint32, n - a->forced_count + 1);
  f.trailing = TRUE;
  for (gsize t = 0; t < open_len && total > 0; t++)
    {
      const gint32 off[4] = { f.off[0], f.off[1], f.off[2], f.off[3] };
      gsize start = order_len;
      gint32 s = open[t];
      guint parity = 0;
      guint64 c;

      if (a->forced[s])
        continue;
      a->forced[s] = 2;
      order[order_len++] = (gint32) s;
      for (gsize q = start; q < order_len; q++)
        {
          gint32 i = order[q];
          guint8 b = f.st[i];

          f.stamp[i] = 0;
          parity += arms[f.tile[i]] - arms[b & 15];
          for (unsigned unknown = ~(b >> 4) & 15u; unknown != 0; unknown &= unknown - 1)
            {
              gint32 j = i + off[__builtin_ctz (unknown)];
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
      if (parity & 1)
        {
          a->parity_failures++;
          total = 0;
          break;
        }

      {
        gsize len = order_len - start;
        guint8 *sol;
        gboolean captured = FALSE;
        gboolean big = len >= CDCL_MIN_REGION;
        gboolean cdcl = big && limit <= CDCL_COUNT_MAX && trace == NULL;

        /* One buffer for the regions' answers, grown as needed. */
        if (len > sol_cap)
          {
            sol_cap = MAX (len, 2 * sol_cap);
            g_free (sol_buf);
            sol_buf = g_malloc (sol_cap);
          }
        sol = sol_buf;

        f.depth = 1;   /* depth 0 is the first propagation (frames undo by depth) */
        if (cdcl)
          c = 0;
        else
          {
            /* Animated, the search whose steps the frames show; counting
             * many, the one that multiplies the pieces' counts; either
             * hands a large region over when it runs long. */
            f.budget = !big ? 0 : f.nodes + (trace ? TRACE_SEARCH_BUDGET : COUNT_SEARCH_BUDGET);
            c = search (&f, order + start, len, 0, len, limit, sol, &captured);
            f.budget = 0;
          }
        undo_to (&f, 0, 0);
        if (cdcl || f.budget_hit)
          {
            f.budget_hit = FALSE;
            f.cdcl_regions++;
            c = cdcl_region (&f, order + start, len, sol, limit);
            captured = c > 0;
          }
        /* The frames get the region's answer again at depth 0: the next
         * region's search undoes by depth from 1 on, which would take
         * this region's tiles off too (and the conflict-driven search
         * records no steps). */
        if (captured && trace && hb_trace_wants (trace))
          for (gsize k = 0; k < len; k++)
            {
              gint32 i = order[start + k];
              HbStep step = { 0 };
              step.kind = HB_STEP_FORCE;
              step.x = i % w;
              step.y = i / w;
              step.value = loop_turns_between (f.tile[i], sol[k]);
              step.depth = 0;
              step.counter = (gint64) f.nodes;
              hb_trace_push (trace, &step, NULL, 0);
            }
        if (captured)
          for (gsize k = 0; k < len; k++)
            result[order[start + k]] = sol[k];
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
  a->conflicts = f.conflicts;
  a->cdcl_regions = f.cdcl_regions;
  g_free (f.vid);
  a->odd_pockets = f.odd_pockets;
  a->timed_out = f.timed_out;
  a->out_of_memory = f.out_of_memory;
  g_free (f.stamp);
  for (guint k = 0; k < f.seeds_cap; k++)
    g_free (f.seed_list[k].data);
  g_free (f.seed_list);
  g_free (f.group_order);
  g_free (f.group_start);
  g_free (f.group_fill);
  g_free (f.seed_uf);
  g_free (f.seed_mark);
  g_free (f.seed_head);
  g_free (result);
  g_free (order);
  g_free (open);
  g_free (sol_buf);
  g_free (f.st);
  g_free (f.stack);
  g_free (f.trail_i);
  g_free (f.trail_v);
}

static HbResult *
fast_solve (const HbState *state, const HbSolveOptions *options,
            HbTrace *trace, HbCancel *cancellable, GError **error)
{
  const LoopState *s = LOOP_CONST (state);
  LoopAnswer a;
  HbResult *r;

  loop_fast_solve_full (s, options->count_limit, options->node_limit, hb_deadline (options),
                        cancellable, trace, &a);
  /* A node past the limit is counted and left at once: the limit's
   * nodes were searched, not one more ("after 2 search steps" under a
   * limit of 1: review). */
  if (a.status == HB_STATUS_GAVE_UP && !a.timed_out && !a.out_of_memory && options->node_limit)
    a.nodes = MIN (a.nodes, options->node_limit);
  r = hb_result_new (a.status);
  switch (a.status)
    {
    case HB_STATUS_SOLVED:
      loop_result_take_answer (r, s, a.solved, options);
      a.solved = NULL;
      if (options->count_limit > 1)
        hb_result_set_count_message (r, a.solutions, options->count_limit);
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
      hb_result_stop (r, a.timed_out ? HB_STOP_TIME_LIMIT
                         : a.out_of_memory ? HB_STOP_MEMORY_LIMIT : HB_STOP_NODE_LIMIT,
                      a.nodes, "%s search step", "%s search steps");
      break;
    case HB_STATUS_CANCELLED:
      hb_result_stop (r, HB_STOP_CANCELLED, a.nodes, "%s search step", "%s search steps");
      break;
    }
  hb_result_add_stat (r, N_("propagations"), "%" G_GUINT64_FORMAT, a.propagations);
  hb_result_add_stat (r, N_("forced"), "%" G_GUINT64_FORMAT, a.forced_count);
  hb_result_add_stat (r, N_("regions"), "%" G_GUINT64_FORMAT, a.regions);
  hb_result_add_stat (r, N_("largest region"), "%" G_GUINT64_FORMAT, a.largest_region);
  hb_result_add_stat (r, N_("nodes"), "%" G_GUINT64_FORMAT, a.nodes);
  hb_result_add_stat (r, N_("pockets"), "%" G_GUINT64_FORMAT, a.pockets);
  hb_result_add_stat (r, N_("odd pockets"), "%" G_GUINT64_FORMAT, a.odd_pockets);
  hb_result_add_stat (r, N_("conflict-driven regions"), "%" G_GUINT64_FORMAT, a.cdcl_regions);
  hb_result_add_stat (r, N_("conflicts"), "%" G_GUINT64_FORMAT, a.conflicts);
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
