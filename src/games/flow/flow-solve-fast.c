/* flow-solve-fast.c: Flow Free's fastest exact solver (the default).
 *
 * A depth-first search over partial answers. Every colour's path grows
 * from both of its dots at once: each unfinished colour has two heads (the
 * ends of the two pieces drawn so far) and a step extends one head into a
 * free neighbour. The touch rule makes joining automatic and cheap to
 * check: a head may step into a cell only when that cell has no neighbour
 * of its colour except the head itself and, possibly, the colour's other
 * head, and stepping next to the other head joins the two pieces (a path
 * may not pass by its own colour). So every state of the search already
 * obeys the rule, and a state with all colours joined and no free cell left
 * is an answer.
 *
 * The corner rule (corner_ok): where a path turns, the cell inside the
 * turn cannot take that colour (it would close a loop), so it is a dot or
 * turns the same way, and so on down the diagonal until a dot. A table
 * says which diagonals reach a dot at all; a turn whose chain cannot end
 * on one is struck out, and the free cells of a chain are marked with the
 * two arms they must take (need), which forces heads beside them.
 *
 * The stretch rule (ray_init): a straight stretch of a path ends each way
 * on a dot or a turn, and a turn needs a dot down its inner diagonal, so
 * an arm whose way holds no such cell before the edge is struck out (from
 * the dots alone, once; read only on boards with few dots, where a fifth
 * of the free cells or more lose an arm to it).
 *
 * At every node, until nothing changes:
 *  - dead ends: a free cell needs two ways in (free neighbours whose known
 *    arms allow it, or heads that may legally step in); with fewer the node
 *    fails, with exactly a head and one other the head must step in, and
 *    two ways at right angles make the cell a corner (marked, with its
 *    chain); on boards over 400 cells a cell with fewer than four free
 *    sides has its arm pairs counted as the look counts them
 *    (cell_options), and none fails the node, one is taken (the pair
 *    check, see check_cell);
 *  - heads: a head with no legal step fails the node, a head with one takes
 *    it (only the heads within two cells of a change are looked at again);
 *  - regions (after a step that may cut the free cells apart, and at every
 *    node on boards up to 400 cells): the free cells fall into regions;
 *    each region must be reachable by some unfinished colour with both
 *    heads on it, each unfinished colour must have both heads on one common
 *    region, a colour may be the only one able to fill two regions at most
 *    once, and a region only one colour can reach must have the chessboard
 *    balance a path through all of it between those two heads needs (on
 *    large boards regions over w+h cells are skipped: measured on twenty
 *    generated 50x50 levels, the median solve took 300 ms of CPU with
 *    8(w+h) and 180 ms with w+h, the worst 2.5 s and 1.5 s; the big
 *    regions' floods cost more than the nodes they cut);
 *  - crossings (at the start, then on every 16th node that made a step
 *    while the check pays, less often where it does not: planar_pace):
 *    walking the border of each region of free cells, two colours whose
 *    heads all lie on it in the order a b a b would have to cross (see
 *    planar_ok). Measured racing on generated 60x60 and 65x65 levels in
 *    88 colours (seeds 1-12): 24 % fewer nodes at 65x65, the mean 0.27 s
 *    instead of 0.29 and 0.79 s instead of 1.02, the slowest 0.55 s
 *    instead of 0.72 and 1.8 s instead of 2.5; a walk at every node cut 31 %
 *    of the nodes but cost a quarter of the time; 50x50 the same.
 * Then it branches on the arms of one free cell: the cells are taken in
 * order along the anti-diagonals from the top left corner (as the Go
 * depth-first solver sweeps), and of the first 129 with no known arms
 * (on boards over 50 cells a side, four anti-diagonals' worth; at most
 * 2000 over 200,000 cells, where a turn counts as a cell's pair unless
 * the first cells of its chain rule it out) the one with the fewest
 * possible arm pairs is chosen (a cell with none fails
 * the node, a cell with one takes it; on boards over 200,000 cells, of
 * those the one nearest where a check last failed); straight pairs are
 * tried before turns. The drawn part stays compact, so a wrong choice is
 * found near where it was made. Different pairs of arms for one cell hold
 * different answers, so the leaves count the solutions exactly; counting
 * (options->count_limit) just keeps searching after the first answer. On
 * small boards, once the free cells fall apart into independent parts,
 * each part is searched alone and the counts multiply. The search keeps
 * its own stack (no recursion), so a board of a million cells does not
 * overflow the C stack.
 *
 * Backjumping (finding one answer on boards over 400 cells): every cell
 * carries the set of decision levels its state follows from (dep). A
 * decision brings its own level; a forced step or mark brings the levels
 * of what ruled the other choices out (a chain of forced steps through a
 * corridor keeps the levels of the walls and of the head it started from);
 * a failure the levels of what it read. When a node fails, the search goes
 * straight back to the highest level in its set, skipping the choices
 * above it, which would fail the same way; when every choice of a branch
 * has failed, the union of their sets and of what ruled the branch's other
 * choices out (less its own level) is the failure of the node before it
 * (conflict-directed backjumping). Measured on generated 50x50 levels
 * (seeds 1-60): 16.3 million nodes instead of 22.4, the worst level 1.2
 * million instead of 1.6 (with 64-bit level sets; see FastDeps).
 *
 * Failed pairs kept (ng_record, ng_dead_set): when a cell's pair of arms
 * fails and the failure follows from levels below the cell's own (set d),
 * the pair would fail again whenever those levels hold their decisions. A
 * jump back to a level above all of them keeps those decisions, and the
 * search that comes down again usually meets the cell again: it then
 * leaves the pair out at once (what it followed from joins the cell's
 * other reasons) instead of drawing the failure a second time. A kept pair
 * is dropped once its highest level takes another decision or goes, unless
 * those levels' decisions were all cells' pairs: then it is kept as what
 * those cells' arms were, and left out again whenever the cells have those
 * arms, however they came by them (after a restart, or when the search
 * comes down again and makes the same choices), with the cells' levels now
 * as its reasons (a cell keeps its newest eight). Only pairs decided below
 * DEPS_TOP are kept (from there on the levels share one bit; on 75x75 in
 * 88 colours nearly every failure is above that level anyway). Measured
 * (2026-11-28, one search, the same machine): generated 50x50 seeds 1-60
 * 8.1 million nodes instead of 11.2 with the levels alone, 6.2 million
 * with the arms too; 60x60 and 65x65 in 88 colours 15.0 and 8.5 million
 * instead of 24.2, the CPU time 12.2 s instead of 21.2 (levels and arms
 * against none, in one hour), the worst 1.1 s instead of 3.5; 75x75 in 88
 * colours 6 of 8 solved within 10 s instead of 4. Kept as arms they cost
 * about 15 % more time a node (checking them), so 50x50 gains about 11 %.
 * Kept as arms only where a failure followed from at most twelve levels,
 * they saved much less: 7.7 and 14.6 million nodes.
 *
 * The rule that keeps the jumps sound: every check that rules something
 * out or fails must rd() each cell whose colour, arms, head state or marks
 * it uses (a new rule that forgets one can make the search skip an answer
 * and say "no solution"; test_backjump compares the verdicts with and
 * without the jumps). A decided step's new cell carries only its own level
 * and the cell's marks, not how the head got there: every conclusion that
 * uses a head reads the head's cell, whose levels hold that history.
 */
#include "flow.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>
#ifdef G_OS_UNIX
#include <sys/mman.h>
#endif

/* Tuning knobs: the measured defaults; a build with FLOW_FAST_TUNING reads
 * them from the environment for experiments (never the shipped build). */
#ifdef FLOW_FAST_TUNING
#include <stdio.h>
static int
knob (const char *name, int dflt)
{
  const char *v = g_getenv (name);
  return v != NULL ? atoi (v) : dflt;
}
#else
#define knob(name, dflt) (dflt)
#endif

#define WALL 255

/* A set of decision levels (see Fast.dep): bit l for level l, the levels
 * from DEPS_TOP on sharing the top bit. 128 bits where the compiler has
 * them: on boards from 60x60 the search runs more than 63 levels deep, and
 * among the levels that share the top bit it can only back up one at a
 * time (generated 60x60 levels in 88 colours, seeds 1-12: 7.0 million
 * nodes and 7.1 s of CPU instead of 12.6 million and 13.1 s, the worst
 * 1.2 s instead of 2.8 s; on 50x50, 14 % fewer nodes at the same speed,
 * the wider sets costing what the nodes saved). */
#ifdef __SIZEOF_INT128__
typedef unsigned __int128 FastDeps;
#define DEPS_TOP 127
#else
typedef guint64 FastDeps;
#define DEPS_TOP 63
#endif

/* The number of bits set in a set of arms (0-15), without a call: the
 * default x86-64 target has no popcount instruction. */
static inline int
pop4 (unsigned m)
{
  return (int) ((0x4332322132212110ull >> (4 * m)) & 7);
}

/* The highest level in a non-empty set. */
static inline gsize
deps_top (FastDeps d)
{
#ifdef __SIZEOF_INT128__
  guint64 hi = (guint64) (d >> 64);
  if (hi != 0)
    return 127 - (gsize) __builtin_clzll (hi);
#endif
  return 63 - (gsize) __builtin_clzll ((guint64) d);
}

/* A padded cell's state, kept together: a check reads a neighbour's colour
 * and usually its need, so one cache line instead of one per array (on a
 * generated 1000x1000 level, seed 8, one search: the same nodes, 39 % fewer
 * first-level and 17 % fewer second-level cache misses, as cachegrind
 * counts them with a 1 MB second level like this machine's). */
typedef struct {
  guint8 col;     /* 0 free, c + 1, WALL */
  guint8 need;    /* the two arms the cell must have (the corner rule), 0
                   * when not known */
  guint8 links;   /* the path's arms drawn so far, bit HB_DIR_* */
  guint8 hid;     /* 2c + k + 1 when the head k of colour c, 0 otherwise */
} FastCell;
G_STATIC_ASSERT (sizeof (FastCell) == 4);

/* A cell's colour and need as one word: zero when the cell is free with no
 * known arms (an open cell). One load and test instead of two of each. */
static const union { FastCell c; guint32 w; } open_bits = { { 0xff, 0xff, 0, 0 } };

static inline guint32
cell_word (const FastCell *c)
{
  guint32 w;

  memcpy (&w, c, sizeof w);
  return w;
}

static inline guint32
col_need (const FastCell *c)
{
  return cell_word (c) & open_bits.w;
}
G_STATIC_ASSERT (2 * FLOW_MAX_COLOURS < 255);   /* hid and col fit a byte */

/* A cell's colour and the low four bits of its need (its known arms) as
 * one index, col | need << 8: on a little-endian machine the low twelve
 * bits of its word. */
static inline guint
cell_key (const FastCell *c)
{
#if G_BYTE_ORDER == G_LITTLE_ENDIAN
  return cell_word (c) & 0xfff;
#else
  return c->col | (guint) (c->need & 15) << 8;
#endif
}

/* Bit d of take_arm[cell_key (r)]: r is free and may take an arm towards
 * the cell on its side opposite d, that is towards e when r is e's
 * neighbour on side d (no known arms, or one of them back towards e):
 * check_cell's count of such sides in one load a side (fill_take_arm). */
static guint8 take_arm[1u << 12];

static void
fill_take_arm (void)
{
  static gsize filled = 0;

  if (g_once_init_enter (&filled))
    {
      for (guint key = 0; key < G_N_ELEMENTS (take_arm); key++)
        {
          guint need = key >> 8, m = 0;
          for (int d = 0; d < 4; d++)
            if (need == 0 || (need & (1u << HB_DIR_OPPOSITE (d))) != 0)
              m |= 1u << d;
          take_arm[key] = (key & 0xff) == 0 ? (guint8) m : 0;
        }
      g_once_init_leave (&filled, 1);
    }
}

/* A step of head k of colour c in direction d (joined: it joined the
 * colour's two heads). Its new cell is not kept: while the step is the
 * newest of its head, as it is whenever it is undone, the head is there
 * (STEP_TO), and the cell before it is one step back (d). */
typedef struct {
  guint8 c;
  guint8 kjd;        /* k, joined << 1, d << 2 */
} FastStep;         /* the levels it changed are in trail_dep */
G_STATIC_ASSERT (sizeof (FastStep) == 2);

#define STEP_K(s)      ((s)->kjd & 1)
#define STEP_JOINED(s) (((s)->kjd >> 1) & 1)
#define STEP_D(s)      ((s)->kjd >> 2)

/* A mark on the mark stack: the cell (under 2^25 by HB_MAX_SIDE) and, from
 * bit MARK_PAIRS, how many pairs link_run put on the ends trail (0-2). */
#define MARK_PAIRS 30
#define MARK_CELL  ((1u << MARK_PAIRS) - 1)
G_STATIC_ASSERT ((gsize) (HB_MAX_SIDE + 2) * (HB_MAX_SIDE + 2) <= MARK_CELL);

/* A cell's flags: bit a (0-3) when a dot lies down its diagonal a + (a + 1)
 * (N+E, E+S, S+W, W+N) before the board's edge, a dot, its chessboard
 * colour (x + y) & 1. One byte a cell instead of six. */
#define FLAG_DOT    0x10u
#define FLAG_PARITY 5

/* The newest step of its head: its new cell. */
#define STEP_TO(f, s)   ((f)->head[(s)->c][STEP_K (s)])

/* A branch: the steps of one head (c, k) into cells[], or, when c < 0,
 * the arm pairs (masks in cells[]) cell `cell` may take. */
typedef struct {
  int    c, k, cell;
  int    cells[6];
  int    n;
  FastDeps why;      /* the levels that ruled the other choices out */
} FastBranch;

typedef struct {
  gsize  trail_len;  /* trail length before this branch's steps */
  gsize  nmarks;     /* mark stack length before it */
  gsize  scan;       /* f->scan then (see undo_state) */
  gsize  look_n, look_end;   /* the look's list then (see look_save), */
  gboolean look_ok;          /* when it was kept */
  FastBranch b;
  int    next;
  FastDeps conflict;  /* levels its failed choices followed from */
} FastFrame;

/* The cells (all zero: no head) before and after the padded board in
 * f->cell, so that every cell within two steps of one on it is there (see
 * dirty_near). */
#define CELL_PAD(f) (2 * (gsize) (f)->W + 2)

#define HDIRTY_WORDS ((2 * FLOW_MAX_COLOURS + 63) / 64)

/* A cell's arm pair that failed (see ng_record): it fails again while the
 * decisions of the levels in d stand, that is while level t (the highest
 * of them, 0 for none) is still there and holds the decision it held then
 * (gen: a level's count of decisions; the levels below it cannot change
 * without it going first). */
#define NG_NONE 255
#define NG_MAX  ((gsize) 1 << 17)   /* records a search keeps at most */
#define NG_PER_CELL 8               /* and a cell (4: 4 % more nodes on
                                     * 50x50, 16: the same) */
typedef struct {
  FastDeps d;
  guint32 *lits;     /* the decisions of d as cells' pairs: cell << 4 | arms */
  guint32  lit0;     /* lits[0], the newest, kept here: it usually decides */
  int      next;     /* the cell's next one, or -1 */
  guint32  gen;
  guint8   mask, t;
  guint8   nlit;     /* how many (under DEPS_TOP), or NG_NONE */
} FastNogood;
G_STATIC_ASSERT (DEPS_TOP < NG_NONE);
G_STATIC_ASSERT ((gsize) (HB_MAX_SIDE + 2) * (HB_MAX_SIDE + 2) < ((gsize) 1 << 28));

typedef struct {
  const FlowState *level;
  int     w, h, W;        /* board and padded width */
  gsize   N;              /* padded cells */
  int     off[4];         /* N E S W */
  int     colours;
  FastCell *cell;         /* padded */
  guint8 *flags;          /* padded, what never changes (FLAG_*) */
  guint8 *wanted;         /* padded, bit d: the neighbour in direction d has
                           * a known arm back on the cell (its need), free
                           * or not (see waiting_on) */
  guint8 *ray;            /* padded, bit d: going from the cell in direction d
                           * a path can stop before the edge (see ray_init) */
  gboolean use_ray;       /* ray[] rules out enough to be read */
  gboolean huge;          /* over HUGE_CELLS cells */
  gboolean near;          /* the look's ties go to the cell nearest the
                           * last failure (see propagate) */
  int      last_fail;     /* the cell where a check last failed, or -1 */
  int      corner_look;   /* chain cells a cell's pairs look at (cell_options) */
  guint64 corner_cuts;    /* steps struck out by the corner rule */
  guint32 *marks;         /* cells whose need was set, in order, each with
                           * the pairs it put on the ends trail (MARK_*) */
  FastDeps *marks_dep;     /* the cell's levels before the mark (with dep) */
  gsize    nmarks, marks_cap;
  /* Runs of marked free cells (see link_run): end[p], for a marked cell p
   * at one end of a run of marked cells joined arm to arm, is the cell at
   * the run's other end; ends_trail keeps the old values for undoing. */
  int     *end;
  int     *ends_trail;    /* pairs: cell, its old end (not the newly
                           * marked cell's own: unmarked, it is never read) */
  gsize    nends, ends_cap;
  guint64  loops_cut;     /* marks that would have closed a run into a loop */
  gboolean fail;          /* a step made an impossible state */
  /* Conflict-directed backjumping (see search_piece). dep: padded, per
   * cell, the set of decision levels (bit l for level l, levels from
   * DEPS_TOP on in its bit) the cell's state (colour, arms, head or not, need)
   * follows from: a decision's own level for what it draws or marks; for
   * a forced step or mark the levels of every cell the check that forced
   * it read to rule the other choices out (so a fact drawn late may follow
   * from early levels only). rs gathers what a check reads; fail_set is
   * what a failure follows from. Only a search that jumps keeps them: dep,
   * trail_dep and marks_dep are NULL otherwise, and every set is empty. */
  FastDeps *dep;
  FastDeps  rs;
  FastDeps  fail_set;
  gboolean bj;            /* jump back on failures (finding one answer) */
  /* Failed pairs kept (see ng_record): per padded cell the first, or -1
   * (NULL when not kept); per level below DEPS_TOP the decisions it held. */
  int        *ng_first;
  FastNogood *ng;
  gsize       nng, ng_cap;
  int         ng_free;
  guint32     ng_gen[DEPS_TOP + 1];
  guint64     ng_cuts, ng_content;
  gboolean    ng_lits;
  guint64  backjumps, levels_skipped;
  /* Heads whose steps may have changed since they were last looked at
   * (something was drawn or marked within two cells): with `incremental`
   * only those are looked at for forced steps and dead ends. */
  gboolean incremental;
  gboolean parts_big;     /* look for independent parts on large boards */
  int      lookahead;     /* open cells looked at after the first */
  /* The look's open cells, kept from one look to the next (by board
   * order position, in order): every cell in board order before look_end
   * that is not in the list was filled or marked when the last look saw
   * it, and stays so until something is taken back (undo_marks, which
   * every undo ends in, and set_order drop the list). So the next look reads the list and
   * then goes on from look_end instead of passing over the same filled
   * and marked cells again. */
  guint32 *look_pos;
  gsize    look_n, look_end;
  gboolean look_ok;
  /* Per frame of the whole board's search, lookahead entries: the look's
   * list when the frame was made (NULL when not kept). An undo back to a
   * frame brings back the state the list was true of, so the list comes
   * back with it (search_piece) instead of the next look passing over
   * every filled and marked cell of its window again (each branch's first
   * look did: on generated 50x50 seed 834, 2.3 of the look's 4.3 million
   * cells read were in the 8,524 looks after an undo). */
  guint32 *look_save;
  gboolean lk_undo;   /* the counts below are kept across an undo (lk_fresh) */
  /* The look's counts kept from one pass to the next (see lk_fresh);
   * chg is NULL when not kept. */
  guint32 *chg;       /* per cell: the tick of its last change, or with
                       * lk_push of the last change within two steps of
                       * it; chg_pad cells before and after the board, so
                       * that a change stamps its ring with no bounds check */
  gsize    chg_pad;
  gboolean lk_push;   /* a change stamps its ring (see lk_touch) */
  guint32 *lk_t;      /* per cell: the tick of the look's last count */
  guint8  *lk_m;      /* per cell: that count (it had at least that many
                       * pairs) */
  guint32  tick;      /* changes and counts so far */
  guint32  lk_base;   /* the tick of the last time they were all forgotten */
  int      batch;     /* forced cells taken in a run (see propagate) */
  /* Where the latest long corner chains ended (the last 8 of nhot; see
   * hot_cells). */
  int      hot[8];
  unsigned nhot;
  int      hotmin;    /* the shortest chain that counts */
  gsize    flood_cap;     /* region checks skip regions bigger than this */
  /* Restarts (first answer on large boards): a run stops after
   * restart_at nodes and the next sweeps from another corner (or by rows
   * or columns, see restart_order), with a longer allowance; the last run
   * has no such limit, so "no solution" is still a proof. */
  guint64  restart_at;
  gboolean restarted;
  guint64  restarts;
  guint64  hdirty[HDIRTY_WORDS];   /* bit 2c + k: head k of colour c */
  int     *order;         /* the cells in board order */
  gboolean cell_mode;     /* branch on the first open cell's arms */
  gboolean turns_first;   /* a cell's turning pairs before its straight ones */
  int variant0;           /* the first run's corner and choice order */
  gboolean bad_dots;      /* a colour without exactly two dots */
  gboolean finished;      /* the run ended without being stopped */
  gboolean racing;        /* one of two searches (see fast_solve) */
  gboolean second;        /* the second of them (see restart_order) */
  gsize    scan;          /* no open cell before this one (whole board) */
  const int *pcells;      /* the piece's cells, or NULL for the whole board */
  int      npcells;
  guint64  cell_branches;
  int     head[FLOW_MAX_COLOURS][2];
  guint8  done[FLOW_MAX_COLOURS];
  int     open;           /* unfinished colours */
  gsize   free_cells;

  FastStep *trail;
  FastDeps *trail_dep;    /* per step: the levels of from, to and the other
                           * head before it (with dep) */
  gsize     ntrail, trail_cap;
  FastFrame *stack;
  gsize      nstack, stack_cap;
  int      *check;        /* free cells whose ways in changed */
  gsize     ncheck, check_cap;
  gsize     ninit;        /* below check[]: cells ninit - 1 down to 0 wait
                           * to be checked too, the ones queued (see
                           * check_all) */
  guint8   *queued;       /* padded: 1 while the cell waits in check[] or
                           * below it */
  gboolean  region_due;

  /* Regions. */
  guint32 *comp;          /* padded: region stamp per free cell */
  guint32  stamp;
  int     *queue;
  int     *comp_size, *comp_par;  /* per region of a check */
  FastDeps *comp_dep;      /* the levels of the region's border */
  int     *comp_colour;   /* the only colour with both heads on it, -1 none, -2 several */
  int     *comp_heads;    /* the last colour counted on it, + 1 */
  int     *comp_even, *comp_odd; /* colours with both heads on it and both
                                  * on even (odd) chessboard cells */
  gsize    comp_cap;

  /* The planarity check (see planar_ok). */
  gboolean planar;        /* on */
  gboolean planar_due;    /* a step since the last check */
  guint16  hstamp[2 * FLOW_MAX_COLOURS][4];  /* per head and side: the
                           * check that walked the border edge from the head
                           * that way (only heads' edges are asked about) */
  guint16  egen;
  guint32  cycle;         /* the border walked last */
  guint32  hcyc[2 * FLOW_MAX_COLOURS];  /* per head: the border it was counted on */
  int      hocc[2 * FLOW_MAX_COLOURS];  /* times the walk passed it */
  int      hedges[2 * FLOW_MAX_COLOURS]; /* its edges on that border */
  guint64  planar_cuts;
  guint64  planar_checks, planar_edges;   /* checks made, edges walked */
  int      planar_tick, planar_every;
  int      planar_gap;     /* nodes between checks now (planar_pace) */

  gboolean small;         /* region check at every node */
  const guint8 *scope;    /* per colour: part of the piece being searched */
  gboolean split_seen;    /* a step may have cut the free cells apart */
  guint64  parts_found;
  guint8  *snap;          /* padded: the first answer, built piece by piece */
  guint64  choke_checks;
  gboolean chokes;
  int      pair_check;   /* check_cell counts a free cell's pairs: 1, and
                          * with four free sides 2 (see check_cell) */
  int      last_colour;

  /* Counting and answers. */
  guint64  limit;         /* solutions to find before stopping */
  guint64  solutions;
  guint8  *answer;        /* w*h colour + 1 of the first answer, or NULL */

  /* Statistics and limits. */
  guint64  nodes, branches, backtracks, forced, region_checks;
  const HbSolveOptions *options;
  double   deadline;
  HbCancel *cancellable;
  HbTrace *trace;
  gboolean tracing;
  HbStopReason stop_reason;
  gboolean stopped;
  guint64  next_check;
} Fast;

/* PROP_STOPPED: the caller's stop or the time limit came during the
 * first check of every cell (see fixpoint); the search ends there. */
enum { PROP_FAIL, PROP_BRANCH, PROP_SOLVED, PROP_STOPPED };

#ifdef FLOW_FAST_TUNING
static guint64 fail_why[8];
#define FAIL_WHY(n) (fail_why[n]++, PROP_FAIL)
#else
#define FAIL_WHY(n) PROP_FAIL
#endif


static inline int
cell_x (const Fast *f, int p)
{
  return p % f->W - 1;
}

static inline int
cell_y (const Fast *f, int p)
{
  return p / f->W - 1;
}

/* The set of one decision level. */
static inline FastDeps
level_bit (gsize level)
{
  return (FastDeps) 1 << MIN (level, (gsize) DEPS_TOP);
}

/* A check read cell p's state: p's levels count for what it concludes. */
static inline void
rd (Fast *f, int p)
{
  if (f->dep != NULL)
    f->rs |= f->dep[p];
}

/* Cell p's levels (none kept: the empty set). */
static inline FastDeps
dep_of (const Fast *f, int p)
{
  return f->dep != NULL ? f->dep[p] : 0;
}

/* The state is impossible, and that follows from the decisions of the
 * levels in ds (of several failures the first counts). */
static inline void
fail_at (Fast *f, FastDeps ds)
{
  if (!f->fail)
    f->fail_set = ds;
  f->fail = TRUE;
}

/* A propagation failure that follows from the levels in ds. */
static inline int
failed (Fast *f, FastDeps ds)
{
  if (!f->fail)
    f->fail_set = ds;
  return PROP_FAIL;
}

static inline int
dir_between (const Fast *f, int a, int b)
{
  int diff = b - a;

  /* HB_DIR_N is 0: up, or not next to each other. */
  return diff == 1 ? HB_DIR_E : diff == -1 ? HB_DIR_W : diff == f->W ? HB_DIR_S : HB_DIR_N;
}

/* Whether head k of colour c may step into free cell q (next to it), by
 * the touch rule: 1 yes and it joins the colour, 0 yes; no when q touches
 * the colour elsewhere, at *at: -1, or -2 when the other head came first
 * in the scan (its side was read too). */
static inline int
touch_kind (const Fast *f, int c, int k, int q, int *at)
{
  int h = f->head[c][k], other = f->head[c][1 - k], joins = 0;
  guint8 me = (guint8) (c + 1);

  for (int d = 0; d < 4; d++)
    {
      int r = q + f->off[d];
      if (r == h || f->cell[r].col != me)
        continue;
      if (r != other)
        {
          *at = r;
          return -1 - joins;
        }
      joins = 1;
    }
  return joins;
}

/* The corner rule. A cell p that is no dot and whose path turns (arms in
 * the perpendicular directions a and b) has its inner diagonal neighbour
 * r = p + a + b beside both arms, which are p's colour. r is not that
 * colour: it would have two neighbours of it, so (touch rule) it would be
 * joined to both arms and the path would close a loop p, arm, r, arm. So
 * r's path cannot use its sides towards p's arms: r is a dot whose one arm
 * points a or b, or it turns the same way (arms a and b), and then the same
 * holds for r's own inner neighbour. Down the diagonal every cell turns the
 * same way until a dot ends the chain: a chain that runs into the board's
 * edge, into a cell drawn another way, or into a free cell whose arms
 * cannot be its own, proves the turn impossible. A filled cell that turns
 * the same way already answers for the rest of the chain (its own turn was
 * checked when it was made). The chain can only end on a dot: with none
 * down the diagonal before the edge, no turn (corner_dot, the test the Go
 * solver's canSE table makes; it reads no cell's state). Given one, returns
 * FALSE when the turn at p is impossible in the current state; TRUE also
 * when the chain still runs on after `steps` cells (see cell_options). */
static inline gboolean
corner_dot (const Fast *f, int p, int a, int b)
{
  return (f->flags[p] & (1u << (((b - a) & 3) == 1 ? a : b))) != 0;
}

/* corner_walk given the turn's arms as a mask too ((1 << a) | (1 << b)),
 * where the caller has it. */
static inline gboolean
corner_walk_m (Fast *f, int p, int a, int b, guint8 mask, gboolean track, int steps)
{
  int da = f->off[a], db = f->off[b];
  int c = p + da + db;

  for (;;)
    {
      guint8 v = f->cell[c].col, vx, vy;
      int x, y;

      /* G_MAXINT: no bound, and no count (the padding ends the chain). */
      if (steps != G_MAXINT && --steps < 0)
        return TRUE;
      if (track)
        rd (f, c);
      /* A free cell with no known arms (one load and test: col_need)
       * goes on; a filled cell or a dot (dots are never free) ends the
       * chain, and a free cell's known arms must be the turn's. */
      if (G_UNLIKELY (col_need (&f->cell[c]) != 0))
        {
          if (v != 0)
            return v != WALL && (f->cell[c].links & ~mask) == 0;
          if (f->cell[c].need != mask)
            return FALSE;
        }
      /* A free cell of the chain: its arms c + a and c + b take its colour,
       * so each is free or the head of a path that can come in. */
      x = c + da;
      y = c + db;
      if (track)
        {
          rd (f, x);
          rd (f, y);
        }
      vx = f->cell[x].col;
      vy = f->cell[y].col;
      c += da + db;
      if ((vx | vy) == 0)
        continue;   /* the common case on big boards: both arms free */
      if (vx == WALL || vy == WALL)
        return FALSE;
      if ((vx != 0 && f->cell[x].hid == 0) || (vy != 0 && f->cell[y].hid == 0))
        return FALSE;
      if (vx != 0 && vy != 0 && vx != vy)
        return FALSE;
    }
}

static inline gboolean
corner_walk (Fast *f, int p, int a, int b, gboolean track, int steps)
{
  return corner_walk_m (f, p, a, b, (guint8) ((1u << a) | (1u << b)), track, steps);
}

/* The walk adds the levels of the cells it read to f->rs only when the
 * turn is impossible, by walking again: a possible turn rules nothing out,
 * so what it read justifies nothing (a generated 50x50 level: 2.7 % fewer
 * instructions, the same nodes), and not at all without level sets. */
static G_GNUC_NO_INLINE gboolean
corner_walk_ok (Fast *f, int p, int a, int b, int steps)
{
  if (corner_walk (f, p, a, b, FALSE, steps))
    return TRUE;
  /* Without level sets there is nothing to note. */
  return f->dep != NULL && corner_walk (f, p, a, b, TRUE, steps);
}

/* The dot test in line: a turn it rules out (a fifth of step_kind_d's
 * asks on 50x50 seed 834) costs no call. */
static inline gboolean
corner_ok_within (Fast *f, int p, int a, int b, int steps)
{
  return corner_dot (f, p, a, b) && corner_walk_ok (f, p, a, b, steps);
}

static gboolean
corner_ok (Fast *f, int p, int a, int b)
{
  return corner_ok_within (f, p, a, b, G_MAXINT);
}

/* The corner rule at cell p (no dot) given its arms so far and one more
 * arm in direction d: TRUE unless p turns there and the turn is impossible. */
static inline gboolean
turn_ok (Fast *f, int p, int d)
{
  guint8 l = f->cell[p].links;
  int a;

  /* p's levels: read by the caller (step_kind). */
  if ((f->flags[p] & FLAG_DOT) || l == 0)
    return TRUE;
  a = __builtin_ctz (l);
  if (((a ^ d) & 1) == 0)
    return TRUE;     /* straight on */
  return corner_ok (f, p, a, d);
}

static inline void push_check (Fast *f, int p);

/* The thirteen cells within two steps of a cell (x, y offsets), the cell
 * itself first: what a step or a mark can change for a head or a count
 * near it (dirty_near, lk_fresh, hot_cells). */
static const int near2[13][2] = {
  { 0, 0 }, { 0, -1 }, { 1, 0 }, { 0, 1 }, { -1, 0 }, { 0, -2 }, { 2, 0 },
  { 0, 2 }, { -2, 0 }, { 1, -1 }, { 1, 1 }, { -1, 1 }, { -1, -1 },
};

/* Forgets the look's counts (a new tick above every stamp): when the
 * ticks run out, and on an undo where the counts are not kept across one
 * (lk_undo off). */
static inline void
lk_forget (Fast *f)
{
  if (f->chg == NULL)
    return;
  if (f->tick >= G_MAXUINT32 - 2)
    {
      memset (f->chg - f->chg_pad, 0, (f->N + 2 * f->chg_pad) * sizeof *f->chg);
      memset (f->lk_t, 0, f->N * sizeof *f->lk_t);
      f->tick = 0;
    }
  f->tick++;
  f->lk_base = f->tick;
}

/* The next tick, for a change or a count (with counts kept). */
static inline guint32
lk_tick (Fast *f)
{
  if (G_UNLIKELY (f->tick >= G_MAXUINT32 - 2))
    lk_forget (f);
  return ++f->tick;
}

/* A change at cell p: every count within two steps of it is stale. With
 * lk_push (boards up to HUGE_CELLS, where the counts are kept across an
 * undo), the stamp goes to the thirteen cells whose counts p is near (the
 * set is its own mirror image), so that lk_fresh reads one stamp instead
 * of thirteen: there a look reads more counts than steps and marks make
 * changes (generated 50x50 seed 834, one search: 2.5 million reads
 * against 1.2 million changes; 9 % fewer instructions in all, the same
 * nodes; in 20 colours, seed 59, 5 %). On huge boards the counts are
 * forgotten at every undo, so fewer are read, and a ring spans five rows
 * of the board, five cache lines: 7 % more instructions there
 * (1000x1000 seed 1, the path search alone), so a change stamps its own
 * cell and lk_fresh reads the ring. */
static inline void
lk_ring (guint32 *c, gssize W, guint32 t)
{
  /* Row by row from three pointers (near2's offsets cost an address
   * computation a store). */
  guint32 *up = c - W, *down = c + W;

  up[-W] = t;
  up[-1] = up[0] = up[1] = t;
  c[-2] = c[-1] = c[0] = c[1] = c[2] = t;
  down[-1] = down[0] = down[1] = t;
  down[W] = t;
}

static inline void
lk_touch (Fast *f, int p)
{
  if (f->chg == NULL)
    return;
  if (f->lk_push)
    lk_ring (f->chg + p, f->W, lk_tick (f));
  else
    f->chg[p] = lk_tick (f);
}

/* The cells within two steps of h or q, for a step from h to q next to it
 * in direction d, as rows from lo = MIN (h, q): ROW (offset, length) for
 * each. After a step sideways (E and W are odd) five rows of 2, 4, 6, 4
 * and 2 cells, after a step up or down six of 1, 3, 5, 5, 3 and 1
 * (eighteen cells: h's ring and the five q's adds). With d a constant the
 * offsets are constants from W (lk_touch_step, dirty_step). */
#define STEP_RING_ROWS(d, W, ROW)                                         \
  do                                                                      \
    {                                                                     \
      if ((d) & 1)                                                        \
        {                                                                 \
          ROW (-2 * (W), 2);                                              \
          ROW (-(W) - 1, 4);                                              \
          ROW (-2, 6);                                                    \
          ROW ((W) - 1, 4);                                               \
          ROW (2 * (W), 2);                                               \
        }                                                                 \
      else                                                                \
        {                                                                 \
          ROW (-2 * (W), 1);                                              \
          ROW (-(W) - 1, 3);                                              \
          ROW (-2, 5);                                                    \
          ROW ((W) - 2, 5);                                               \
          ROW (2 * (W) - 1, 3);                                           \
          ROW (3 * (W), 1);                                               \
        }                                                                 \
    }                                                                     \
  while (0)

/* n stamps in a row from p (n a constant where it is called: the stores
 * are a few wide ones). */
static inline void
lk_row (guint32 *p, const int n, guint32 t)
{
  for (int i = 0; i < n; i++)
    p[i] = t;
}

/* lk_touch (h), lk_touch (q) and lk_touch (other) for a step from h to q
 * next to it, with one tick: no count is made between them, so one tick
 * orders them against every count as three did. h's and q's rings are
 * eighteen cells in rows (STEP_RING_ROWS), stamped row by row. */
static inline void
lk_touch_step (Fast *f, int h, int q, int d, int other)
{
  guint32 t;
  gssize W = f->W;

  if (f->chg == NULL)
    return;
  t = lk_tick (f);
  if (!f->lk_push)
    {
      f->chg[h] = f->chg[q] = f->chg[other] = t;
      return;
    }
  {
    guint32 *lo = f->chg + MIN (h, q);
#define STAMP_ROW(o, n) lk_row (lo + (o), n, t)
    STEP_RING_ROWS (d, W, STAMP_ROW);
#undef STAMP_ROW
  }
  lk_ring (f->chg + other, W, t);
}

/* Whether the look's last count of cell y's pairs still holds: nothing
 * within two steps of y changed since (a step's cells, a mark). Everything
 * cell_options reads is that close except the corner walks down the
 * diagonals and a head's other end, so a count can be stale: too high, as
 * options only go while the state narrows. An undo only gives options
 * back, and the cells it frees are not stamped: a count made deeper down
 * the branch that failed is then too low, and the look only uses a count
 * to pass over a cell with at least as many pairs as its best so far, so
 * a count too low only has a cell counted again. So the counts are kept
 * across an undo (lk_undo): one search, generated 50x50 seeds 1-150, the
 * diagonal orders 0 and 3, no restarts, 2026-11-29: 7-12 % less time a
 * node, 1-3 % more nodes (the stale counts of heads' far ends and corner
 * walks choose other cells now and then), 4-11 % less time in all (30.6
 * and 25.4 s before, 29.2 and 22.6 s with); raced, seeds 1-840, whole
 * process: 68.3 s in all instead of 75.8 s, 8 over 300 ms instead of 14;
 * 60x60 to 75x75 in 88 colours 10-20 % faster. Not on huge boards, where
 * the look spans 2,000 cells and a count from deep in a failed branch is
 * rarely of use after the undo (1000x1000 seed 20, the path search alone:
 * the same nodes, 8.7-8.8 s instead of 8.3 s). A stale count only makes the
 * look pass over a cell it would have branched on, or taken when one pair
 * is left; the branch cell itself is always counted again, and
 * propagation finds a forced cell later all the same. On the generated
 * 50x50 levels, seeds 1-60, half the look's counts came out as before
 * (with every undo forgetting them). */
static inline gboolean
lk_fresh (const Fast *f, int y)
{
  guint32 t = f->lk_t[y];
  int W = f->W;

  if (t <= f->lk_base)
    return FALSE;
  if (f->lk_push)
    return f->chg[y] < t;
  for (int i = 0; i < 13; i++)
    if (f->chg[y + near2[i][1] * W + near2[i][0]] >= t)
      return FALSE;
  return TRUE;
}
static inline void dirty_near (Fast *f, int p);
static inline void check_around (Fast *f, int p);

/* Whether cell p (filled) may take an arm in direction d: its known
 * corner arms (need) allow it and the corner rule at p holds. */
static inline gboolean
arm_ok (Fast *f, int p, int d)
{
  /* p's levels: read by the caller (step_kind). */
  if (f->cell[p].need != 0 && (f->cell[p].need & (1u << d)) == 0)
    return FALSE;
  if (!turn_ok (f, p, d))
    {
      f->corner_cuts++;
      return FALSE;
    }
  return TRUE;
}

/* Whether cell p, whose path is complete once it takes arm d (or has
 * already: d = -1), leaves a free neighbour that must be a corner with an
 * arm on p (need) without it. */
static inline unsigned
waiting_on (const Fast *f, int p)
{
  /* Bit e: neighbour e is free and marked with an arm back on p. The
   * marks pointing at p are kept (wanted): usually none, and then no
   * neighbour is read (on 50x50 seed 834 reading all four was 3 % of the
   * instructions). */
  unsigned m = 0;

  for (unsigned w = f->wanted[p]; w != 0; w &= w - 1)
    {
      int e = __builtin_ctz (w);
      m |= (unsigned) (f->cell[p + f->off[e]].col == 0) << e;
    }
  return m;
}

static inline gboolean
abandons (Fast *f, int p, int d)
{
  unsigned m = waiting_on (f, p) & ~(d >= 0 ? 1u << d : 0u);

  if (G_LIKELY (m == 0))
    return FALSE;
  /* The first such side counts, as a scan in order would read it. */
  rd (f, p + f->off[__builtin_ctz (m)]);
  return TRUE;
}

/* A step ruled out after the touch rule let it in: what it read of the
 * cells it involves (h, q, and on a join the other head o, else -1)
 * counts for that. */
static inline int
step_no (Fast *f, int h, int q, int o)
{
  if (f->dep != NULL)
    f->rs |= f->dep[h] | f->dep[q] | (o >= 0 ? f->dep[o] : 0);
  return -1;
}

/* The rest of step_kind_d's rules for a step into q (direction d) that
 * joins the colour's other head o; out of line, as joins are
 * rare (step_kind_d saves fewer registers). */
static G_GNUC_NO_INLINE gboolean
join_ok (Fast *f, int q, int o, int d)
{
  int e = dir_between (f, q, o);
  unsigned m;

  /* q's arms: back to h and on to o. */
  if (f->cell[q].need != 0 && (f->cell[q].need & (1u << e)) == 0)
    return FALSE;
  if (((e ^ d) & 1) != 0 && !corner_ok (f, q, HB_DIR_OPPOSITE (d), e))
    {
      f->corner_cuts++;
      return FALSE;
    }
  if (!arm_ok (f, o, HB_DIR_OPPOSITE (e)) || abandons (f, o, HB_DIR_OPPOSITE (e)))
    return FALSE;
  /* h and o are filled, so never among the free sides. */
  m = waiting_on (f, q);
  if (m != 0)
    {
      rd (f, q + f->off[__builtin_ctz (m)]);
      return FALSE;
    }
  return TRUE;
}

/* The rules of step_kind_d after the touch rule, for a step from h
 * into q (direction d) that one of them may rule out, o the colour's
 * other head and kind touch_kind's answer; out of line (see
 * step_kind_d). */
static G_GNUC_NO_INLINE int
step_kind_rest (Fast *f, int h, int o, int q, int d, int kind)
{
  if (f->cell[q].need != 0 && (f->cell[q].need & (1u << HB_DIR_OPPOSITE (d))) == 0)
    return step_no (f, h, q, kind ? o : -1);
  /* The head's cell is complete after the step: no marked corner next to
   * it may be waiting for it. */
  if (!arm_ok (f, h, d) || abandons (f, h, d))
    return step_no (f, h, q, kind ? o : -1);
  if (kind == 1 && !join_ok (f, q, o, d))
    return step_no (f, h, q, o);
  /* A stretch from h that way could never stop (see ray_init). */
  if (f->use_ray && !(f->ray[h] & (1u << d)))
    return step_no (f, h, q, kind ? o : -1);
  return kind;
}

/* step_kind_rest for a step that joins nothing and that no rule but the
 * corner rule at h (arms a and d) can rule out. */
static G_GNUC_NO_INLINE int
step_turn (Fast *f, int h, int q, int a, int d)
{
  /* corner_ok with the first walk inlined (one call fewer a turn); the
   * walk leaves the dot test to its callers (corner_dot). */
  if (corner_dot (f, h, a, d)
      && (corner_walk (f, h, a, d, FALSE, G_MAXINT)
          || (f->dep != NULL && corner_walk (f, h, a, d, TRUE, G_MAXINT))))
    return 0;
  f->corner_cuts++;
  return step_no (f, h, q, -1);
}

/* Whether head k of colour c may step into free cell q, next to it in
 * direction d: the touch rule (touch_kind), the corner rule at the
 * cells the step makes turn (the head's cell, and on a join q and the
 * other head), and the arms the corner rule asks of the cells involved
 * (need). -1 no, 1 yes and it joins the colour, 0 yes. A step ruled out
 * adds the levels of what ruled it out to f->rs; an allowed one leaves
 * f->rs as it was (it rules nothing out), so the cells' levels are only
 * gathered on the way out of a refusal (step_no: on 50x50 seed 834 four
 * steps in five asked about are allowed). A step that joins nothing,
 * with no marks on the way, no turn at h and nothing waiting on h, is let
 * in here without a call: the rest (step_kind_rest, which asks all of
 * it again) may walk a corner chain, and its registers saved on every
 * call cost more than the rules themselves. */
static G_GNUC_NO_INLINE int
step_kind_d (Fast *f, int c, int k, int q, int d)
{
  const FastCell *cq = f->cell + q;
  gssize W = f->W;
  guint8 me = (guint8) (c + 1), qn, hn, hl;
  int h, o, at, kind;

  /* The touch rule without a scan when q's only side of the colour is
   * the head's own (h is the colour's): all but a few steps asked about. */
  if (G_LIKELY ((cq[-W].col == me) + (cq[1].col == me) + (cq[W].col == me)
                + (cq[-1].col == me) == 1))
    {
      h = q - f->off[d];
      qn = cq->need;
      hn = f->cell[h].need;
      hl = f->cell[h].links;
      if ((qn == 0 || (qn & (1u << HB_DIR_OPPOSITE (d))) != 0)
          && (hn == 0 || (hn & (1u << d)) != 0)
          && (f->wanted[h] & ~(1u << d) & ~hl) == 0
          && (!f->use_ray || (f->ray[h] & (1u << d))))
        {
          /* Only the turn at h is left to ask, which the rest asks
           * first. */
          if (hl == 0 || ((__builtin_ctz (hl) ^ d) & 1) == 0 || (f->flags[h] & FLAG_DOT))
            return 0;
          return step_turn (f, h, q, __builtin_ctz (hl), d);
        }
      return step_kind_rest (f, h, f->head[c][1 - k], q, d, 0);
    }
  h = f->head[c][k];
  o = f->head[c][1 - k];
  kind = touch_kind (f, c, k, q, &at);
  if (kind < 0)
    {
      /* What the scan read: the side of the colour's, and the other head
       * when it came first. */
      if (f->dep != NULL)
        f->rs |= f->dep[at] | (kind == -2 ? f->dep[o] : 0);
      return -1;
    }
  return step_kind_rest (f, h, o, q, d, kind);
}

/* step_kind_d for a step into free cell q next to the head. */
static inline int
step_kind (Fast *f, int c, int k, int q)
{
  return step_kind_d (f, c, k, q, dir_between (f, f->head[c][k], q));
}

static inline void
set_end (Fast *f, int p, int e)
{
  g_assert (f->nends + 2 <= f->ends_cap);
  f->ends_trail[f->nends++] = p;
  f->ends_trail[f->nends++] = f->end[p];
  f->end[p] = e;
}

/* Free cell p has just been marked: join it to the runs of marked cells
 * whose arms point at it. A run is a chain of free cells with known arms,
 * each pointing at the next; it has no colour until a head walks into it,
 * and nothing else would notice when a mark closes one into a loop (no
 * head can ever enter a loop: its cells' arms all point along it, so it
 * stands as a wall until the heads around it run out of room, often
 * hundreds of decisions later). The other end of a run is kept at both of
 * its ends, as the Go depth-first solver keeps its paths' ends, so the
 * loop is found at once. A run that a head has begun to walk into keeps a
 * stale end (a filled cell) until the head has walked through it, which
 * only misses a loop, never finds a false one: a filled cell is never a
 * marked free one. */
static void
link_run (Fast *f, int p)
{
  int ends[2], nb[2], n = 0;

  /* The sides d where p's arm and the neighbour's point at each other:
   * wanted[p] has bit d when the neighbour's need points at p (see want),
   * so usually none, and no neighbour is read. */
  for (unsigned m = f->cell[p].need & f->wanted[p]; m != 0; m &= m - 1)
    {
      int r = p + f->off[__builtin_ctz (m)];
      if (f->cell[r].col == 0)
        {
          nb[n] = r;
          ends[n++] = f->end[r];
        }
    }
  if (n == 0)
    f->end[p] = p;
  else if (n == 1)
    {
      f->end[p] = ends[0];
      set_end (f, ends[0], p);
    }
  else if (ends[0] == nb[1])
    {
      /* Its two arms meet the two ends of one run: a loop. Every mark of
       * the run counts for the failure (not kept: all levels). */
      f->loops_cut++;
      fail_at (f, ~(FastDeps) 0);
    }
  else
    {
      set_end (f, ends[0], ends[1]);
      set_end (f, ends[1], ends[0]);
    }
}

/* Cell p's need becomes (on) or stops being (off) mask: its
 * neighbours' wanted bits follow (wanted and off are f's, or copies in a
 * caller's locals). A need is a pair of arms (two bits, see set_need's
 * callers), so the two are taken at once, without a loop over the mask
 * (its test and branch a bit were about a third of undo_marks'
 * instructions), and the neighbours' bits come from a table. */
static inline void
want_at (guint8 *wanted, const int *off, int p, unsigned mask, gboolean on)
{
  /* Bit d: the neighbour's side facing back, HB_DIR_OPPOSITE (d). */
  static const guint8 back_bit[4] = { 1u << HB_DIR_S, 1u << HB_DIR_W, 1u << HB_DIR_N,
                                      1u << HB_DIR_E };
  int a = __builtin_ctz (mask), b = 31 - __builtin_clz (mask);
  guint8 *wa = &wanted[p + off[a]], *wb = &wanted[p + off[b]];

  if (on)
    {
      *wa |= back_bit[a];
      *wb |= back_bit[b];
    }
  else
    {
      *wa &= (guint8) ~back_bit[a];
      *wb &= (guint8) ~back_bit[b];
    }
}

static inline void
want (Fast *f, int p, unsigned mask, gboolean on)
{
  want_at (f->wanted, f->off, p, mask, on);
}

/* set_need for a cell whose need is not mask already. */
static void
set_need_new (Fast *f, int p, guint8 mask, FastDeps lv)
{
  if (f->cell[p].need != 0)
    {
      fail_at (f, lv | dep_of (f, p));
      return;
    }
  g_assert (f->nmarks < f->marks_cap);
  if (f->dep != NULL)
    {
      f->marks_dep[f->nmarks] = f->dep[p];
      f->dep[p] |= lv;
    }
  gsize nends = f->nends;
  f->cell[p].need = mask;
  want (f, p, mask, TRUE);
  lk_touch (f, p);
  link_run (f, p);
  f->marks[f->nmarks++] = (guint32) p | (guint32) ((f->nends - nends) / 2) << MARK_PAIRS;
  dirty_near (f, p);
  check_around (f, p);
}

/* Free cell p must take the arms mask, following from level lv. A quarter
 * of the asks find the mark made already (50x50 seed 834, one search:
 * 81 thousand of 320 thousand): they return here, before the call saves
 * its registers. */
static inline void
set_need (Fast *f, int p, guint8 mask, FastDeps lv)
{
  if (f->cell[p].need != mask)
    set_need_new (f, p, mask, lv);
}

/* The corner at p (arms a and b) is made: every free cell down its inner
 * diagonal must turn the same way (see corner_ok), until a filled cell.
 * The marks follow from p's turn alone (level lv); a chain that cannot
 * end on a dot fails from lv and what corner_ok read. */
static void
mark_chain (Fast *f, int p, int a, int b, FastDeps lv)
{
  int step = f->off[a] + f->off[b];
  guint8 mask = (guint8) ((1u << a) | (1u << b));
  FastDeps saved = f->rs;
  gboolean ok;
  int c, len = 0;

  f->rs = lv;
  ok = corner_ok (f, p, a, b);
  if (!ok)
    fail_at (f, f->rs);
  f->rs |= saved;
  if (!ok)
    return;
  for (c = p + step; f->cell[c].col == 0; c += step)
    {
      set_need (f, c, mask, lv);
      push_check (f, c);
      len++;
    }
  /* A long chain ends at a spiral's centre (see hot_cells). */
  if (f->hotmin > 0 && len >= f->hotmin)
    f->hot[f->nhot++ % G_N_ELEMENTS (f->hot)] = c;
}

/* After p took its second arm: when they are at right angles, mark the
 * chain. */
static void
mark_turn (Fast *f, int p)
{
  guint8 l = f->cell[p].links;
  int a, b;

  /* Two arms at right angles: links 3, 6, 12 or 9 (one shift and test
   * instead of a count of the bits and two compares). */
  if (((1u << 3 | 1u << 6 | 1u << 12 | 1u << 9) >> l & 1) == 0
      || (f->flags[p] & FLAG_DOT))
    return;
  a = __builtin_ctz (l);
  b = 31 - __builtin_clz (l);
  mark_chain (f, p, a, b, dep_of (f, p));
}

/* A cell already waiting in check[] is not pushed again: it is checked
 * once, on the state of its turn, which has every change made before it
 * (on a generated 1000x1000 level, seed 8, 20 of 46 million pushes were of
 * a cell already waiting; on a 50x50 level 45 %). */
static inline void
push_check (Fast *f, int p)
{
  if (f->queued[p])
    return;
  f->queued[p] = 1;
  g_assert (f->ncheck < f->check_cap);
  f->check[f->ncheck++] = p;
}

/* Every free cell is checked once at the start, as if pushed in board
 * order, without writing the million entries of a large board's check[]:
 * they wait below it (ninit), are taken when check[] is empty, last
 * first, and a cell pushed meanwhile is not pushed again, as with
 * push_check. */
static void
check_all (Fast *f)
{
  g_assert (f->ncheck == 0);
  for (gsize p = 0; p < f->N; p++)
    f->queued[p] = f->cell[p].col == 0;
  f->ninit = f->N;
}

/* push_check without a branch, on what it reads of f in locals (its byte
 * stores could alias f's fields, which were loaded again): the entry is
 * written at n either way and kept only when pushed. The new length. */
static inline gsize
push_free (const FastCell *cell, guint8 *queued, int *check, gsize n, int r)
{
  guint8 push = (guint8) ((cell[r].col == 0) & (queued[r] == 0));

  check[n] = r;
  queued[r] |= push;
  return n + push;
}

static inline void
check_around (Fast *f, int p)
{
  /* push_check's four times over (see push_free). */
  const FastCell *cell = f->cell;
  guint8 *queued = f->queued;
  int *check = f->check;
  gsize n = f->ncheck, cap = f->check_cap;
  int r[4] = { p + f->off[0], p + f->off[1], p + f->off[2], p + f->off[3] };

  /* At most the free cells wait, w * h, at least four under N = cap, so
   * the four slots are there. */
  g_assert (n + 4 <= cap);
  for (int d = 0; d < 4; d++)
    n = push_free (cell, queued, check, n, r[d]);
  f->ncheck = n;
}

/* push_free for the sides of p but `skip`, in the order of the sides
 * (N, E, S, W; f->off is N -W, E 1, S W, W -1); with skip a constant, no
 * test is left. */
static inline gsize
push_sides3 (const FastCell *cell, guint8 *queued, int *check, gsize n, int p, int W,
             int skip)
{
  if (skip != HB_DIR_N)
    n = push_free (cell, queued, check, n, p - W);
  if (skip != HB_DIR_E)
    n = push_free (cell, queued, check, n, p + 1);
  if (skip != HB_DIR_S)
    n = push_free (cell, queued, check, n, p + W);
  if (skip != HB_DIR_W)
    n = push_free (cell, queued, check, n, p - 1);
  return n;
}

/* check_around (h) and check_around (q) for a step from h to q in
 * direction d: each skips the other, filled (six sides instead of eight,
 * in the same order; with d a constant, see step_around, the sides are
 * constant offsets). */
G_ALWAYS_INLINE static inline void
check_around_step (Fast *f, int h, int q, int d)
{
  const FastCell *cell = f->cell;
  guint8 *queued = f->queued;
  int *check = f->check, W = f->W;
  gsize n = f->ncheck, cap = f->check_cap;

  /* As check_around: the six slots are there (N is at least w * h + 8). */
  g_assert (n + 6 <= cap);
  n = push_sides3 (cell, queued, check, n, h, W, d);
  n = push_sides3 (cell, queued, check, n, q, W, HB_DIR_OPPOSITE (d));
  f->ncheck = n;
}

/* The offset of direction d (f->off) from the row length W: a constant
 * when d is. */
static inline int
dir_off (int d, int W)
{
  return d == HB_DIR_N ? -W : d == HB_DIR_E ? 1 : d == HB_DIR_S ? W : -1;
}

/* Whether filling q may have cut the free cells around it apart: its free
 * orthogonal neighbours are not all joined through the ring of eight. */
static inline gboolean
may_split (const Fast *f, int q)
{
  const FastCell *c = f->cell;
  int o[4], corner[4], nfree = 0, joined = 0;

  for (int d = 0; d < 4; d++)
    {
      o[d] = c[q + f->off[d]].col == 0;
      nfree += o[d];
    }
  if (nfree <= 1)
    return FALSE;   /* before the corners are read */
  for (int d = 0; d < 4; d++)
    corner[d] = c[q + f->off[d] + f->off[(d + 1) & 3]].col == 0;
  for (int d = 0; d < 4; d++)
    joined += o[d] && o[(d + 1) & 3] && corner[d];
  return nfree - joined > 1 || (joined == 0 && nfree > 1);
}

/* may_split (q) for a head's step into q from the side `back` (filled):
 * the other three sides and the two corners between them. */
G_ALWAYS_INLINE static inline gboolean
may_split_step (const Fast *f, int q, int back)
{
  const FastCell *c = f->cell + q;
  int a = dir_off ((back + 1) & 3, f->W), b = dir_off ((back + 2) & 3, f->W);
  int e = dir_off ((back + 3) & 3, f->W);
  int oa = c[a].col == 0, ob = c[b].col == 0, oe = c[e].col == 0;
  int nfree = oa + ob + oe, joined = 0;

  if (nfree <= 1)
    return FALSE;
  if (oa && ob)
    joined += c[a + b].col == 0;
  if (ob && oe)
    joined += c[b + e].col == 0;
  return nfree - joined > 1 || joined == 0;
}

static void
trace_link (Fast *f, HbStepKind kind, int from, int to, int c, guint8 flags)
{
  HbStep s = { 0 };

  s.kind = (guint8) kind;
  s.flags = flags;
  s.aux = (guint16) dir_between (f, from, to);
  s.x = cell_x (f, from);
  s.y = cell_y (f, from);
  s.value = c;
  s.depth = (gint32) MIN (f->nstack, (gsize) G_MAXINT32);
  s.counter = (gint64) f->nodes;
  hb_trace_push (f->trace, &s, NULL, 0);
}

static inline void
set_hdirty (Fast *f, int id)
{
  f->hdirty[id >> 6] |= (guint64) 1 << (id & 63);
}

/* The first head id >= id to be looked at again, or G_MAXINT. */
static inline int
next_hdirty (const Fast *f, int id)
{
  int w = id >> 6;
  guint64 m;

  if (w >= HDIRTY_WORDS)
    return G_MAXINT;
  m = f->hdirty[w] & (~(guint64) 0 << (id & 63));
  while (m == 0)
    {
      if (++w >= HDIRTY_WORDS)
        return G_MAXINT;
      m = f->hdirty[w];
    }
  return (w << 6) + __builtin_ctzll (m);
}

/* The head in cell r, if any, needs another look. */
static inline void
dirty_cell (Fast *f, const FastCell *r)
{
  if (r->hid != 0)
    set_hdirty (f, r->hid - 1);
}

/* dirty_cell for two cells side by side, r and r + 1, tested as one word:
 * a ring's cells seldom hold a head. */
static inline void
dirty_pair (Fast *f, const FastCell *r)
{
  /* The hid bytes of the two cells (FastCell is four bytes, hid the
   * last). */
  const guint64 hids = G_BYTE_ORDER == G_LITTLE_ENDIAN
                       ? G_GUINT64_CONSTANT (0xff000000ff000000)
                       : G_GUINT64_CONSTANT (0x000000ff000000ff);
  guint64 w;

  G_STATIC_ASSERT (sizeof (FastCell) == 4);
  memcpy (&w, r, sizeof w);
  if (G_LIKELY ((w & hids) == 0))
    return;
  dirty_cell (f, r);
  dirty_cell (f, r + 1);
}

/* Every head within two steps of p needs another look. Every cell of the
 * ring is in f->cell, whose CELL_PAD cells before and after the padded
 * board have no head (hid 0), so there is no test for the first and last
 * two rows (on 50x50 seed 834 one search, the test and the way around it
 * for the rows near the edges were 14 M of 1,314 M instructions). */
static inline void
dirty_near (Fast *f, int p)
{
  /* Row by row from three pointers, as lk_ring; the rows of three and
   * five a pair of cells to a read (nine tests instead of thirteen, and
   * no list of the cells: on 50x50 seed 834 one search, the list and the
   * thirteen tests were about 70 instructions a step). */
  gssize W = f->W;
  const FastCell *c = f->cell + p, *up = c - W, *down = c + W;

  dirty_cell (f, up - W);
  dirty_pair (f, up - 1);
  dirty_cell (f, up + 1);
  dirty_pair (f, c - 2);
  dirty_pair (f, c);
  dirty_cell (f, c + 2);
  dirty_pair (f, down - 1);
  dirty_cell (f, down + 1);
  dirty_cell (f, down + W);
}

/* dirty_cell for the len cells of a row from r on, two to a word. */
G_ALWAYS_INLINE static inline void
dirty_run (Fast *f, const FastCell *r, int len)
{
  for (; len >= 2; len -= 2, r += 2)
    dirty_pair (f, r);
  if (len > 0)
    dirty_cell (f, r);
}

/* dirty_near (h) and dirty_near (q) for a step from h to q next to it:
 * the cells within two steps of either, row by row from the upper or
 * left one of the two, lo (with d a constant, see step_around, the rows
 * are constant offsets): after a step sideways five rows of 2, 4, 6, 4
 * and 2 cells (nine reads of two cells), after a step up or down six of
 * 1, 3, 5, 5, 3 and 1 (twelve reads; eighteen cells read one by one
 * before). */
G_ALWAYS_INLINE static inline void
dirty_step (Fast *f, int h, int q, int d)
{
  const int W = f->W;
  const FastCell *lo = f->cell + MIN (h, q);

#define DIRTY_ROW(o, n) dirty_run (f, lo + (o), n)
  STEP_RING_ROWS (d, W, DIRTY_ROW);
#undef DIRTY_ROW
}

/* dirty_step, check_around_step and may_split_step for a step from h to
 * q in direction d: whether q may have split its free sides. apply_step
 * has a copy for each direction, so that every ring cell and side is a
 * constant offset from W rather than read through f->off (on 50x50 seed
 * 834, one search: 9 M instructions fewer; as a call, 10 M more). */
G_ALWAYS_INLINE static inline gboolean
step_around (Fast *f, int h, int q, int d)
{
  dirty_step (f, h, q, d);
  check_around_step (f, h, q, d);
  /* may_split_step only reads, and its answer only sets region_due and
   * split_seen: once an earlier step set both (the region check is after
   * the cheap steps, so a run of forced steps has it due early), it is
   * not asked. */
  return !(f->region_due && f->split_seen) && may_split_step (f, q, HB_DIR_OPPOSITE (d));
}

/* Head k of colour c steps into q, in direction d; what changes follows
 * from level lv. joins: whether it joins the colour (step_kind's answer),
 * or -1 when not known. */
static void
apply_step_d (Fast *f, int c, int k, int q, int d, int joins, gboolean forced, FastDeps lv)
{
  int h = f->head[c][k], other = f->head[c][1 - k];
  gboolean split;
  FastStep *s;

  if (joins < 0)
    {
      int at;
      joins = touch_kind (f, c, k, q, &at) == 1;
    }
  g_assert (f->ntrail < f->trail_cap);
  s = &f->trail[f->ntrail++];
  s->c = (guint8) c;
  s->kjd = (guint8) (k | joins << 1 | d << 2);
  if (f->dep != NULL)
    {
      FastDeps *old = &f->trail_dep[3 * (f->ntrail - 1)];
      old[0] = f->dep[h];
      old[1] = f->dep[q];
      /* The cells' new states follow from the step ("q takes colour c,
       * linked to h": a decision, or forced by what lv holds, which has
       * h's own levels) and from what was known of them: q's marks, and on
       * a join the other head, whose colour beside q links them. h's own
       * history (how the path got there) is no part of q's state. */
      lv |= f->dep[q];
      if (joins)
        {
          /* old[2] is read back only for a join (undo_to). */
          old[2] = f->dep[other];
          lv |= f->dep[other];
          f->dep[other] = lv;
        }
      f->dep[h] |= lv;
      f->dep[q] = lv;
    }

  f->cell[q].col = (guint8) (c + 1);
  f->free_cells--;
  lk_touch_step (f, h, q, d, other);
  f->cell[h].hid = 0;
  f->head[c][k] = q;
  f->cell[h].links |= (guint8) (1u << d);
  f->cell[q].links = (guint8) (1u << HB_DIR_OPPOSITE (d));
  /* mark_turn's call only when h turned (an arm each way, N or S and E
   * or W): a straight step makes no corner. */
  if ((f->cell[h].links & 5) != 0 && (f->cell[h].links & 10) != 0)
    mark_turn (f, h);
  if (joins)
    {
      int e = dir_between (f, q, other);
      f->cell[q].links |= (guint8) (1u << e);
      f->cell[other].links |= (guint8) (1u << HB_DIR_OPPOSITE (e));
      mark_turn (f, q);
      mark_turn (f, other);
      f->done[c] = 1;
      f->open--;
      f->cell[other].hid = 0;
      check_around (f, other);
    }
  /* Before q is a head: q is in h's ring, so a ring of pairs with no
   * head in it (dirty_pair) is the common case; q's own bit is set
   * here. One copy of step_around a direction. */
  switch (d)
    {
    case HB_DIR_N:
      split = step_around (f, h, q, HB_DIR_N);
      break;
    case HB_DIR_E:
      split = step_around (f, h, q, HB_DIR_E);
      break;
    case HB_DIR_S:
      split = step_around (f, h, q, HB_DIR_S);
      break;
    default:
      split = step_around (f, h, q, HB_DIR_W);
      break;
    }
  if (!joins)
    {
      f->cell[q].hid = (guint8) (2 * c + k + 1);
      set_hdirty (f, 2 * c + k);
    }
  if (split)
    f->region_due = f->split_seen = TRUE;
  f->planar_due = TRUE;
  f->nodes++;
  if (forced)
    f->forced++;
  f->last_colour = c;
  if (f->tracing)
    {
      if (forced)
        hb_trace_add (f->trace, HB_STEP_FORCE, cell_x (f, q), cell_y (f, q), c,
                      (int) MIN (f->nstack, (gsize) G_MAXINT), (gint64) f->nodes);
      trace_link (f, HB_STEP_PLACE, h, q, c, 0);
      if (joins)
        trace_link (f, HB_STEP_PLACE, q, other, c, 0);
      f->tracing = hb_trace_wants (f->trace);
    }
}

/* apply_step_d with the direction from h to q. */
static inline void
apply_step (Fast *f, int c, int k, int q, int joins, gboolean forced, FastDeps lv)
{
  apply_step_d (f, c, k, q, dir_between (f, f->head[c][k], q), joins, forced, lv);
}

/* Takes back the marks after the first nm. */
static void
undo_marks (Fast *f, gsize nm)
{
  f->look_ok = FALSE;
  /* The look's counts stay (see lk_fresh). */
  if (!f->lk_undo)
    lk_forget (f);
  /* What it reads of f in locals: the byte stores to cell[] and wanted[]
   * could alias f's fields, which were loaded again a mark. */
  FastCell *cell = f->cell;
  FastDeps *dep = f->dep;
  const FastDeps *marks_dep = f->marks_dep;
  const guint32 *marks = f->marks;
  int *end = f->end;
  const int *ends_trail = f->ends_trail;
  guint8 *wanted = f->wanted;
  const int off[4] = { f->off[0], f->off[1], f->off[2], f->off[3] };
  gsize n = f->nmarks, nends = f->nends;

  while (n > nm)
    {
      guint32 m = marks[--n];
      int p = (int) (m & MARK_CELL);

      want_at (wanted, off, p, cell[p].need, FALSE);
      cell[p].need = 0;
      if (dep != NULL)
        dep[p] = marks_dep[n];
      for (guint32 i = m >> MARK_PAIRS; i > 0; i--)
        {
          nends -= 2;
          end[ends_trail[nends]] = ends_trail[nends + 1];
        }
    }
  f->nmarks = n;
  f->nends = nends;
}

/* The step of the head with id 2c + k from `from` into `to` (direction
 * d) taken back on the board: `to` free again, `from` the head. The arm
 * is taken off with a mask from a table and the head known by its id
 * alone: in undo_to's run of steps, fewer registers, none spilled (on
 * 50x50 seed 834 k went to the stack and back every step). */
static inline void
unstep_cells (FastCell *cell, int from, int to, int d, int id)
{
  static const guint8 arm_off[4] = { 0xfe, 0xfd, 0xfb, 0xf7 };

  cell[to].col = 0;
  cell[to].hid = 0;
  cell[to].links = 0;
  cell[from].links &= arm_off[d];
  cell[from].hid = (guint8) (id + 1);
}

static void
undo_to (Fast *f, gsize len)
{
  f->fail = FALSE;
  /* Back at a node whose heads were all looked at. */
  memset (f->hdirty, 0, sizeof f->hdirty);
  while (f->ntrail > len)
    {
      const FastStep *s = &f->trail[--f->ntrail];
      int c = s->c, k = STEP_K (s), to = STEP_TO (f, s), d = STEP_D (s);
      int from = to - f->off[d], joined = STEP_JOINED (s);

      if (!joined && !f->tracing)
        {
          /* The common step, with what it reads of f in locals (the byte
           * stores to cell[] could alias f's fields, which were loaded
           * again): a run of them back to len or to the next join. */
          FastCell *cell = f->cell;
          FastDeps *dep = f->dep;
          const FastDeps *tdep = f->trail_dep;
          const FastStep *trail = f->trail;
          const int off[4] = { f->off[0], f->off[1], f->off[2], f->off[3] };
          int *heads = (int *) f->head, id = 2 * c + k;
          gsize n = f->ntrail, n0 = n;

          for (;;)
            {
              unstep_cells (cell, from, to, d, id);
              heads[id] = from;
              if (dep != NULL)
                {
                  dep[from] = tdep[3 * n];
                  dep[to] = tdep[3 * n + 1];
                }
              if (n <= len || STEP_JOINED (&trail[n - 1]))
                break;
              s = &trail[--n];
              id = 2 * s->c + STEP_K (s);
              to = heads[id];
              d = STEP_D (s);
              from = to - off[d];
            }
          f->ntrail = n;
          f->free_cells += n0 - n + 1;
          continue;
        }
      if (f->tracing)
        {
          if (joined)
            trace_link (f, HB_STEP_UNDO, to, f->head[c][1 - k], c, 0);
          trace_link (f, HB_STEP_UNDO, from, to, c, 0);
          f->tracing = hb_trace_wants (f->trace);
        }
      unstep_cells (f->cell, from, to, d, 2 * c + k);
      f->free_cells++;
      if (joined)
        {
          int o = f->head[c][1 - k];
          f->cell[o].links &= (guint8) ~(1u << dir_between (f, o, to));
        }
      f->head[c][k] = from;
      if (f->dep != NULL)
        {
          const FastDeps *old = &f->trail_dep[3 * f->ntrail];
          f->dep[from] = old[0];
          f->dep[to] = old[1];
          if (joined)
            f->dep[f->head[c][1 - k]] = old[2];
        }
      if (joined)
        {
          f->done[c] = 0;
          f->open++;
          f->cell[f->head[c][1 - k]].hid = (guint8) (2 * c + (1 - k) + 1);
        }
    }
  while (f->ncheck > 0)
    f->queued[f->check[--f->ncheck]] = 0;
  while (f->ninit > 0)
    f->queued[--f->ninit] = 0;
  f->region_due = FALSE;
}

/* Back to `len` steps and `nm` marks (a cell branch marks without a step),
 * the state in which f->scan was `scan`. The marks after the steps: a cell
 * is marked while free, before any step fills it, so its level comes back
 * in the reverse order. The scan goes back to where it was in that state,
 * as it was valid then (only an undo opens cells again), rather than to
 * the first undone cell in board order: most undone cells are marked ones
 * that stay marked, often far behind the sweep's front (a spiral's arms,
 * walked by its heads), and the scan would pass over them all again, each
 * a cache miss on a huge board (1000x1000 seed 36, one search, the same
 * nodes: the scan took 2.0 % of the time instead of 7.6 %, as perf samples
 * it, and the undo no longer reads each cell's place in the order). */
static void
undo_state (Fast *f, gsize len, gsize nm, gsize scan)
{
  undo_to (f, len);
  undo_marks (f, nm);
  f->scan = scan;
}

static int cell_options (Fast *f, int x, guint8 *opts, int cap);
static void apply_need (Fast *f, int x, guint8 m, FastDeps lv);

/* Dead-end check of one free cell: FALSE when it cannot get its two path
 * neighbours; may make a forced step. */
static gboolean
check_cell (Fast *f, int e, gboolean *stepped)
{
  int ways = 0, hc[4], hk[4], hj[4], hd[4], nheads = 0, wd[4];
  int enough = 4;    /* the heads that may step in that make three ways */
  guint8 need = f->cell[e].need;
  FastDeps lv;

  /* Three free neighbours that may take an arm towards e: it has ways
   * enough, none is forced, and nothing is read that could rule anything
   * out (the common case in open country). */
  if (need == 0)
    {
      /* Without a branch a side: which sides are open is hard to guess
       * (take_arm: one load a side). */
      const FastCell *c = f->cell + e;
      gssize W = f->W;
      unsigned open = (take_arm[cell_key (c - W)] & (1u << HB_DIR_N))
                      | (take_arm[cell_key (c + 1)] & (1u << HB_DIR_E))
                      | (take_arm[cell_key (c + W)] & (1u << HB_DIR_S))
                      | (take_arm[cell_key (c - 1)] & (1u << HB_DIR_W));
      /* Four free sides: two straight pairs at least, nothing to find. */
      if (open == 15 && f->pair_check != 2)
        return TRUE;
      /* The pair check (pair_check): e's arm pairs counted as the look
       * counts them (cell_options: the corner rule, the heads' steps,
       * failed pairs, with what they read as the reasons); none fails
       * the node, one is e's (marked, as the look marks a cell with one
       * pair). The look only reaches the cells ahead of the sweep; this
       * sees the cells round what the forced steps change, where a
       * wrong choice's failure comes from. Measured 2026-12-07 (one
       * search, callgrind): 50x50 seed 834 368,098 nodes -> 91,348 and
       * 930 M instructions -> 233 M; 20 colours seed 59 2,801 M ->
       * 2,292 M; see SOLVER-NOTES. A cell with four free sides keeps
       * two straight pairs but for failed pairs: counting them too made
       * the same levels 2-10 % dearer. */
      if (f->pair_check)
        {
          guint8 opts[6];
          int m = cell_options (f, e, opts, 2);

          if (m == 0)
            {
              failed (f, f->rs);
              return FALSE;
            }
          if (m == 1)
            {
              /* apply_need queues e again, to be checked with its arms. */
              apply_need (f, e, opts[0], f->rs);
              return !f->fail;
            }
        }
      /* At least three of the four bits: open is 7, 11, 13 or 14 (a
       * popcount is a call without -mpopcnt). Or two straight across
       * (5, 10): then e has two ways or more whatever its heads, the
       * head that may step in would be a third, so none is forced, and
       * two ways straight across make no corner: nothing follows either. */
      if ((0xeca0u >> open) & 1)
        return TRUE;
      enough = 3 - pop4 (open);
    }
  else
    {
      /* A marked cell whose two arms are free neighbours that may take
       * them: its two ways, no head among them, so nothing follows, as
       * below (most marked cells, down the corner chains ahead of the
       * heads). */
      int a = __builtin_ctz (need), b = 31 - __builtin_clz (need);
      const FastCell *ra = &f->cell[e + f->off[a]], *rb = &f->cell[e + f->off[b]];
      if ((a != b) & (take_arm[cell_key (ra)] >> a) & (take_arm[cell_key (rb)] >> b))
        return TRUE;
    }
  f->rs = dep_of (f, e);
  for (int d = 0; d < 4; d++)
    {
      int r = e + f->off[d];
      guint8 v = f->cell[r].col;

      if (need != 0 && (need & (1u << d)) == 0)
        continue;    /* not one of the arms the corner rule gives e */
      if (v == 0)
        {
          /* A free neighbour whose known arms go elsewhere is no way. */
          if (f->cell[r].need != 0 && (f->cell[r].need & (1u << HB_DIR_OPPOSITE (d))) == 0)
            {
              rd (f, r);
              continue;
            }
          wd[ways++] = d;
        }
      else if (v != WALL)
        rd (f, r);
      if (v != 0 && v != WALL && f->cell[r].hid != 0)
        {
          int id = f->cell[r].hid - 1, c = id >> 1, k = id & 1;
          /* A way in leaves f->rs as it was: its reads rule nothing
           * out. */
          int kind = step_kind_d (f, c, k, e, HB_DIR_OPPOSITE (d));
          if (kind >= 0)
            {
              hc[nheads] = c;
              hk[nheads] = k;
              hj[nheads] = kind;
              hd[nheads] = HB_DIR_OPPOSITE (d);
              nheads++;
              wd[ways++] = d;
              /* Three ways with the free sides (open, all counted by the
               * end): nothing follows below, so the heads left are not
               * asked about. */
              if (nheads == enough)
                return !f->fail;
            }
        }
    }
  lv = f->rs;    /* what the ways follow from */
  if (ways < 2)
    {
      failed (f, lv);
      return FALSE;
    }
  /* Two ways at right angles: the path through e turns there. */
  if (ways == 2 && need == 0 && ((wd[0] ^ wd[1]) & 1) != 0)
    {
      if (!corner_ok (f, e, wd[0], wd[1]))
        {
          f->corner_cuts++;
          failed (f, f->rs);
          return FALSE;
        }
      set_need (f, e, (guint8) ((1u << wd[0]) | (1u << wd[1])), lv);
      mark_chain (f, e, wd[0], wd[1], lv);
      if (f->fail)
        return FALSE;
    }
  if (ways == 2 && nheads > 0)
    {
      if (nheads == 2 && hc[0] != hc[1])
        {
          failed (f, lv);
          return FALSE;
        }
      apply_step_d (f, hc[0], hk[0], e, hd[0], hj[0], TRUE, lv);
      *stepped = TRUE;
    }
  /* A failure found on the way counts (the quick ways out above change
   * nothing, so the caller need not ask f->fail after them). */
  return !f->fail;
}

static void
grow_comp_arrays (Fast *f, gsize need)
{
  if (need <= f->comp_cap)
    return;
  f->comp_cap = MAX (need, f->comp_cap * 2);
  f->comp_size = g_renew (int, f->comp_size, f->comp_cap);
  f->comp_par = g_renew (int, f->comp_par, f->comp_cap);
  f->comp_dep = g_renew (FastDeps, f->comp_dep, f->comp_cap);
  f->comp_colour = g_renew (int, f->comp_colour, f->comp_cap);
  f->comp_heads = g_renew (int, f->comp_heads, f->comp_cap);
  f->comp_even = g_renew (int, f->comp_even, f->comp_cap);
  f->comp_odd = g_renew (int, f->comp_odd, f->comp_cap);
}

/* flood's first pass with a cap: stamps the region of free cell s with
 * `id` and puts its cells in f->queue, nothing else. Its size, or 0 as
 * soon as it has more than cap cells (then only some are stamped). */
static gsize
flood_within (Fast *f, int s, guint32 id, gsize cap)
{
  /* What it reads of f in locals: the stores to comp[] and queue[] could
   * alias f->off, which was loaded again a side. */
  const FastCell *cell = f->cell;
  guint32 *comp = f->comp;
  int *queue = f->queue;
  const int off[4] = { f->off[0], f->off[1], f->off[2], f->off[3] };
  gsize head = 0, tail = 0;

  comp[s] = id;
  queue[tail++] = s;
  while (head < tail)
    {
      if (tail > cap)
        return 0;
      int p = queue[head++];
      for (int d = 0; d < 4; d++)
        {
          int r = p + off[d];
          /* The stamp first: most sides were seen before. A filled side
           * is stamped too, so it is read once (no reader of comp[] looks
           * at a filled cell). */
          if (comp[r] != id)
            {
              comp[r] = id;
              if (cell[r].col == 0)
                queue[tail++] = r;
            }
        }
    }
  return tail;
}

/* Floods the region of free cell s with stamp value `id`, counting its
 * cells and its cells of each chessboard colour. */
static void
flood (Fast *f, int s, guint32 id, int slot, gsize cap)
{
  gsize head = 0, tail = 0;
  int size = 0, par = 0;
  FastDeps lv = 0;

  if (cap > 0)
    {
      /* A big region: no check looks at it (a cut far away on a large
       * board costs no whole-board flood). Nearly every flood with a cap
       * is of one (7,728 of 7,729 on 50x50 seed 834, one search), so the
       * first pass only stamps the cells; the counts and the borders'
       * levels are read in a second pass, for a region within the cap. */
      gsize n = flood_within (f, s, id, cap);

      if (n == 0)
        {
          f->comp_size[slot] = -1;
          f->comp_par[slot] = 0;
          return;
        }
      for (gsize i = 0; i < n; i++)
        {
          int p = f->queue[i];
          par += f->flags[p] >> FLAG_PARITY;
          for (int d = 0; d < 4; d++)
            if (f->cell[p + f->off[d]].col != 0)
              lv |= dep_of (f, p + f->off[d]);
        }
      f->comp_size[slot] = (int) n;
      f->comp_par[slot] = par;
      f->comp_dep[slot] = lv;
      return;
    }
  f->comp[s] = id;
  f->queue[tail++] = s;
  while (head < tail)
    {
      int p = f->queue[head++];
      size++;
      par += f->flags[p] >> FLAG_PARITY;
      for (int d = 0; d < 4; d++)
        {
          int r = p + f->off[d];
          if (f->cell[r].col == 0 && f->comp[r] != id)
            {
              f->comp[r] = id;
              f->queue[tail++] = r;
            }
          else if (f->cell[r].col != 0)
            lv |= dep_of (f, r);
        }
    }
  f->comp_size[slot] = size;
  f->comp_par[slot] = par;
  f->comp_dep[slot] = lv;
}

/* The region checks. On small boards every region; on large ones only the
 * regions next to the newest step's cell (the ones a cut can have made). */
static gboolean
check_regions (Fast *f)
{
  gboolean full = f->small || f->ntrail == 0;
  guint32 base;
  int nslots = 0;
  int exclusive[FLOW_MAX_COLOURS];

  f->region_checks++;
  if (f->stamp > G_MAXUINT32 - (guint32) f->N - 8)
    {
      memset (f->comp, 0, f->N * sizeof *f->comp);
      f->stamp = 0;
    }
  base = f->stamp + 1;
  if (full)
    {
      for (gsize p = 0; p < f->N; p++)
        if (f->cell[p].col == 0 && (f->comp[p] < base))
          {
            grow_comp_arrays (f, (gsize) nslots + 1);
            flood (f, (int) p, base + (guint32) nslots, nslots, 0);
            nslots++;
          }
    }
  else
    {
      int q = STEP_TO (f, &f->trail[f->ntrail - 1]);
      for (int d = 0; d < 4; d++)
        {
          int r = q + f->off[d];
          if (f->cell[r].col == 0 && f->comp[r] < base)
            {
              grow_comp_arrays (f, (gsize) nslots + 1);
              flood (f, r, base + (guint32) nslots, nslots, f->flood_cap);
              nslots++;
            }
        }
    }
  f->stamp = base + (guint32) nslots;
  /* A failure below follows from the regions' borders (the free cells
   * inside are free at every earlier level too, and a head next to a
   * region is on its border) and, for a colour cut off, from the cells
   * around its heads. */
  f->rs = 0;
  gboolean checked = full;
  for (int i = 0; i < nslots; i++)
    if (f->comp_size[i] >= 0)
      {
        f->rs |= f->comp_dep[i];
        checked = TRUE;
      }
  /* Not full and no region small enough to check: no head touches one,
   * so nothing below can fail. */
  if (!checked)
    return TRUE;
  for (int i = 0; i < nslots; i++)
    {
      f->comp_colour[i] = -1;
      f->comp_heads[i] = 0;
      f->comp_even[i] = f->comp_odd[i] = 0;
    }
  /* Which regions each unfinished colour's heads touch. */
  for (int c = 0; c < f->colours; c++)
    {
      int touch[2][4], nt[2] = { 0, 0 };
      gboolean common = FALSE, all_known = TRUE;

      if (f->done[c])
        continue;
      exclusive[c] = 0;
      for (int k = 0; k < 2; k++)
        {
          int hd = f->head[c][k];
          for (int d = 0; d < 4; d++)
            {
              int r = hd + f->off[d];
              if (f->cell[r].col != 0)
                continue;
              if (f->comp[r] >= base && f->comp[r] < f->stamp
                  && f->comp_size[f->comp[r] - base] >= 0)
                {
                  int slot = (int) (f->comp[r] - base);
                  touch[k][nt[k]++] = slot;
                }
              else
                all_known = FALSE;
            }
          /* Not full: a colour whose first head touches no checked region
           * has none in common and cannot fail below, so its second head
           * is not read (50x50 seed 834, one search: 15 M of the 38 M
           * instructions here). */
          if (k == 0 && nt[0] == 0 && !full)
            break;
        }
      if (nt[0] == 0 && !full)
        continue;
      for (int i = 0; i < nt[0]; i++)
        for (int j = 0; j < nt[1]; j++)
          if (touch[0][i] == touch[1][j])
            {
              int slot = touch[0][i];
              int p0 = (cell_x (f, f->head[c][0]) + cell_y (f, f->head[c][0])) & 1;
              int p1 = (cell_x (f, f->head[c][1]) + cell_y (f, f->head[c][1])) & 1;
              common = TRUE;
              if (f->comp_heads[slot] == c + 1)
                continue;
              f->comp_heads[slot] = c + 1;
              if (p0 == p1)
                {
                  if (p0)
                    f->comp_odd[slot]++;
                  else
                    f->comp_even[slot]++;
                }
              if (f->comp_colour[slot] == -1)
                f->comp_colour[slot] = c;
              else if (f->comp_colour[slot] != c)
                f->comp_colour[slot] = -2;
            }
      /* Both heads only on checked regions and none in common: the two
       * pieces can never meet. */
      if (!common && (full || (all_known && nt[0] > 0 && nt[1] > 0)))
        {
          for (int k = 0; k < 2; k++)
            {
              int hd = f->head[c][k];
              rd (f, hd);
              for (int d = 0; d < 4; d++)
                rd (f, hd + f->off[d]);
            }
          return FALSE;
        }
    }
  for (int i = 0; i < nslots; i++)
    {
      int c = f->comp_colour[i];
      int balance = 2 * f->comp_par[i] - f->comp_size[i];

      if (f->comp_size[i] < 0)
        continue;      /* too big to look at */
      if (c == -1)
        return FALSE;      /* no colour can fill this region */
      /* A path between two heads on even cells has one odd cell more than
       * even ones, between two odd heads one even more, between heads of
       * unlike cells as many of each: the region's odd-minus-even count
       * must be reachable by the colours that can fill it. */
      if (balance > f->comp_even[i] || -balance > f->comp_odd[i])
        return FALSE;
      if (c >= 0)
        {
          /* Only colour c has both heads on it: c's remaining path runs
           * through exactly this region (no other colour can enter it), so
           * c can have only one such region, and the path's cells
           * alternate chessboard colours from head to head. */
          int h0 = f->head[c][0], h1 = f->head[c][1];
          int p0 = (cell_x (f, h0) + cell_y (f, h0)) & 1;
          int p1 = (cell_x (f, h1) + cell_y (f, h1)) & 1;
          int size = f->comp_size[i], odd = f->comp_par[i];
          int opposite = p0 ? size - odd : odd;   /* cells unlike h0 */

          if (++exclusive[c] > 1)
            return FALSE;
          if (opposite != (size + 1) / 2 || p1 != (p0 ^ ((size + 1) & 1)))
            return FALSE;
        }
    }
  return TRUE;
}

/* Floods every free region of the board, each with its own stamp from the
 * returned base on (region i: base + i); *nslots_out regions. */
static guint32
label_all_regions (Fast *f, int *nslots_out)
{
  guint32 base;
  int nslots = 0;

  if (f->stamp > G_MAXUINT32 - (guint32) f->N - 8)
    {
      memset (f->comp, 0, f->N * sizeof *f->comp);
      f->stamp = 0;
    }
  base = f->stamp + 1;
  for (gsize p = 0; p < f->N; p++)
    if (f->cell[p].col == 0 && f->comp[p] < base)
      {
        grow_comp_arrays (f, (gsize) nslots + 1);
        flood (f, (int) p, base + (guint32) nslots, nslots, 0);
        nslots++;
      }
  f->stamp = base + (guint32) nslots;
  *nslots_out = nslots;
  return base;
}

/* How many unfinished colours have no region common to both heads (full
 * flood of the board). */
static int
count_stranded (Fast *f)
{
  int nslots = 0, stranded = 0;

  label_all_regions (f, &nslots);
  for (int c = 0; c < f->colours; c++)
    {
      gboolean common = FALSE;
      int h0 = f->head[c][0], h1 = f->head[c][1];

      if (f->done[c])
        continue;
      for (int d = 0; d < 4 && !common; d++)
        {
          int r = h0 + f->off[d];
          if (f->cell[r].col != 0)
            continue;
          for (int e = 0; e < 4 && !common; e++)
            {
              int t = h1 + f->off[e];
              common = f->cell[t].col == 0 && f->comp[t] == f->comp[r];
            }
        }
      stranded += !common;
    }
  return stranded;
}

/* Chokepoints near the newest step: a free cell whose free neighbours are
 * joined only through it lets one colour at most pass. Blocking it must
 * not strand two colours or more. */
static gboolean
check_chokepoints (Fast *f)
{
  int q = STEP_TO (f, &f->trail[f->ntrail - 1]);

  for (int dy = -2; dy <= 2; dy++)
    for (int dx = -2; dx <= 2; dx++)
      {
        int a, stranded;
        if (ABS (dx) + ABS (dy) > 2 || (dx == 0 && dy == 0))
          continue;
        if (q % f->W + dx < 0 || q % f->W + dx >= f->W || q / f->W + dy < 0
            || q / f->W + dy >= f->h + 2)
          continue;
        a = q + dy * f->W + dx;
        if (f->cell[a].col != 0 || !may_split (f, a))
          continue;
        f->cell[a].col = WALL;
        stranded = count_stranded (f);
        f->cell[a].col = 0;
        f->choke_checks++;
        if (stranded >= 2)
          return FALSE;
      }
  return TRUE;
}

/* The planarity check. Paths never cross, so where the free cells meet
 * what is drawn, the colours that must join through them cannot
 * interleave: walk the border of a region of free cells (one closed line
 * of cell edges, an outer border or a hole's), and when colours a and b
 * each have both heads on it, in the order a b a b, the path joining a's
 * heads cuts the region in two (an arc between two points of one border
 * of a plane region always does) with b's heads on either side. A colour
 * counts only when each head meets the border at one stretch and has
 * every free neighbour on it (so its path can only run through this
 * region); marked free cells count as free (they only take ways away),
 * so the check is sound. A walk that finds such a crossing is walked
 * again with `track`, reading every cell it passes and the neighbours of
 * the heads that counted (a failure is rare, and the walk twice as fast
 * without the reads).
 *
 * The walk keeps the region on its left: from the edge between outside
 * cell o and free cell i = o + off[d], facing t = d + 1 (a right turn of
 * d), the cell ahead of i decides: taken, the border turns left round it;
 * free with the cell ahead of o free too, the border turns right round o;
 * else it runs straight on. */
/* What planar_walk keeps of the heads it passes (see planar_edge). */
typedef struct {
  const FastCell *o0, *prev;   /* the first outside cell, the last one */
  guint32 cyc;
  guint16 egen;                /* f->egen (in a local: not loaded again an edge) */
  int nseq, id0;
  int seq[4 * FLOW_MAX_COLOURS];
} PlanarWalk;

/* Head cell o (hid != 0) on the border walked, at its side d. */
static inline void
planar_head (Fast *f, PlanarWalk *w, const FastCell *o, int d)
{
  int id = o->hid - 1;

  f->hstamp[id][d] = w->egen;
  if (o == w->prev)
    {
      /* The stretch goes on round the head (most of a head's edges): it
       * was counted on this walk at the stretch's first edge. */
      f->hedges[id]++;
      return;
    }
  if (f->hcyc[id] != w->cyc)
    {
      f->hcyc[id] = w->cyc;
      f->hocc[id] = 0;
      f->hedges[id] = 0;
    }
  /* A new stretch; a head met more than once does not count, so two in
   * the order are enough. */
  if (f->hocc[id]++ < 2)
    w->seq[w->nseq++] = id;
  if (o == w->o0)
    w->id0 = id;
  f->hedges[id]++;
}

/* One edge of planar_walk's border, between outside cell o and the free
 * cell beyond its side D, then on to the next edge, whose side is D + 1
 * (RIGHT: round o), D (STRAIGHT) or D - 1 (LEFT: round the cell ahead),
 * and out to planar_done at the first edge. Each side has its own copy,
 * so that the offsets fold into the addresses: with d a variable, each
 * edge loaded two offsets and computed two indices (28 instructions an
 * edge, 47 M of 50 M on 50x50 seed 834, one search). */
#define PLANAR_EDGE(D, RIGHT, STRAIGHT, LEFT)                               \
  do                                                                      \
    {                                                                     \
      const FastCell *i_ = o + dir_off (D, W);                            \
      const gssize ot_ = dir_off (((D) + 1) & 3, W);                      \
                                                                          \
      edges++;                                                            \
      if (track)                                                          \
        {                                                                 \
          rd (f, (int) (o - f->cell));                                    \
          rd (f, (int) (i_ - f->cell));                                   \
          rd (f, (int) (i_ + ot_ - f->cell));                             \
        }                                                                 \
      if (o->hid != 0)                                                    \
        planar_head (f, &w, o, D);                                        \
      w.prev = o;                                                         \
      if (i_[ot_].col != 0)                                               \
        {                                                                 \
          o = i_ + ot_;                                                   \
          if (o == w.o0 && d0 == (((D) + 3) & 3))                         \
            goto planar_done;                                             \
          goto LEFT;                                                      \
        }                                                                 \
      if (track)                                                          \
        rd (f, (int) (o + ot_ - f->cell));                                \
      if (o[ot_].col == 0)                                                \
        {                                                                 \
          if (o == w.o0 && d0 == (((D) + 1) & 3))                         \
            goto planar_done;                                             \
          goto RIGHT;                                                     \
        }                                                                 \
      o += ot_;                                                           \
      if (o == w.o0 && d0 == (D))                                         \
        goto planar_done;                                                 \
      goto STRAIGHT;                                                      \
    }                                                                     \
  while (0)

static gboolean
planar_walk (Fast *f, int o0, int d0, gboolean track)
{
  PlanarWalk w;
  int stack[2 * FLOW_MAX_COLOURS], sp = 0;
  const FastCell *o = f->cell + o0;
  gssize W = f->W;
  guint64 edges = 0;
  guint32 cyc;

  if (++f->cycle == 0)
    {
      /* Wrapped round: no head may look counted on this walk. */
      memset (f->hcyc, 0, sizeof f->hcyc);
      f->cycle = 1;
    }
  cyc = f->cycle;
  w.o0 = o;
  w.prev = NULL;
  w.cyc = cyc;
  w.egen = f->egen;
  w.nseq = 0;
  w.id0 = -1;

  switch (d0)
    {
    case HB_DIR_N:
      goto edge_n;
    case HB_DIR_E:
      goto edge_e;
    case HB_DIR_S:
      goto edge_s;
    default:
      goto edge_w;
    }
edge_n:
  PLANAR_EDGE (HB_DIR_N, edge_e, edge_n, edge_w);
edge_e:
  PLANAR_EDGE (HB_DIR_E, edge_s, edge_e, edge_n);
edge_s:
  PLANAR_EDGE (HB_DIR_S, edge_w, edge_s, edge_e);
edge_w:
  PLANAR_EDGE (HB_DIR_W, edge_n, edge_w, edge_s);
planar_done:
  f->planar_edges += edges;
  /* The walk began inside o0's stretch: its last stretch is the first. */
  if (w.prev == w.o0 && w.id0 >= 0 && w.nseq > 1 && w.seq[w.nseq - 1] == w.id0)
    {
      f->hocc[w.id0]--;
      w.nseq--;
    }
  /* A colour that counts has its two heads in the order once each, so a
   * crossing needs four entries at least (most borders have fewer: the
   * test below read their heads' sides for nothing). A walk with track
   * found a crossing before, so it has four. */
  if (w.nseq < 4)
    return TRUE;
  for (int j = 0; j < w.nseq; j++)
    {
      int id = w.seq[j], c = id >> 1, ok = 1;
      for (int k = 0; k < 2 && ok; k++)
        {
          int e = 2 * c + k, h = f->head[c][k], nfree = 0;
          for (int dd = 0; dd < 4; dd++)
            {
              nfree += f->cell[h + f->off[dd]].col == 0;
              if (track)
                rd (f, h + f->off[dd]);
            }
          ok = f->hcyc[e] == cyc && f->hocc[e] == 1 && f->hedges[e] == nfree;
        }
      if (!ok)
        continue;
      if (sp > 0 && stack[sp - 1] == c)
        sp--;
      else
        stack[sp++] = c;
    }
  return sp == 0;
}

#undef PLANAR_EDGE

/* Walks every border that an unfinished colour's head lies on, once:
 * FALSE (with f->rs) when one has a crossing. */
static gboolean
planar_ok (Fast *f)
{
  if (f->egen == G_MAXUINT16)
    {
      memset (f->hstamp, 0, sizeof f->hstamp);
      f->egen = 0;
    }
  f->egen++;
  f->rs = 0;
  for (int c = 0; c < f->colours; c++)
    if (!f->done[c])
      for (int k = 0; k < 2; k++)
        {
          int h = f->head[c][k];
          for (int d = 0; d < 4; d++)
            if (f->cell[h + f->off[d]].col == 0 && f->hstamp[2 * c + k][d] != f->egen
                && !planar_walk (f, h, d, FALSE))
              {
                planar_walk (f, h, d, TRUE);
                f->planar_cuts++;
                return FALSE;
              }
        }
  return TRUE;
}

/* When the next crossing check is due, after the one just made. A check
 * pays where it cuts often and walks little: on generated 50x50 to 65x65
 * levels in 88 colours 10-22 % of the checks cut, each walking 500-900
 * border edges, and there a check every 16th node (planar_every) is best
 * (see the top of the file). On big boards in few colours a check walks
 * 7,000-25,000 edges and almost never cuts (300x300 in 10 colours: 0-3
 * cuts in 1,500-2,500 checks; 1000x1000: none after the start), and at
 * every 16th node the walks took more time than the search (500x500 seed
 * 2: 114 million edges for 6 million nodes). So the gap grows as the cut
 * rate falls below 8 % and as the walks grow beyond 1,000 edges, up to
 * 1,024 times; the rate counts one cut in twelve checks on top, so that a
 * run of checks without a cut slows it gradually. Measured one search at a
 * time (2026-11-28): the same nodes within 0.3 % and the same instructions
 * within 0.1 % (cachegrind) on 50x50, 60x60 and 65x65 levels in 88
 * colours; fewer instructions on 100x100 in 20 colours (3 %), 300x300 in
 * 10 (7 %) and 500x500 seed 1 (1.8 %), and more time saved than that, as
 * a walk's reads miss the cache: 300x300 seeds 1-3 14-18 % less time,
 * 500x500 seeds 2 and 3 50 % and 21 %, 1000x1000 seeds 6-8 14-22 %. */
static void
planar_pace (Fast *f)
{
  double rate = (f->planar_cuts + 1.0) / (f->planar_checks + 12.0);
  double edges = (double) f->planar_edges / (double) MAX (f->planar_checks, 1);
  double scale = (0.08 / rate) * MAX (edges / 1000.0, 1.0);

  f->planar_gap = (int) (f->planar_every * CLAMP (scale, 1.0, 1024.0));
}

/* Whether the caller's stop or the time limit has come, as limits_hit
 * sees them (not the restarts or the node limit, which count nodes). */
static gboolean
stop_due (Fast *f)
{
  if (hb_cancel_is_set (f->cancellable))
    {
      f->stop_reason = HB_STOP_CANCELLED;
      return TRUE;
    }
  if (f->deadline > 0 && hb_now () >= f->deadline)
    {
      f->stop_reason = HB_STOP_TIME_LIMIT;
      return TRUE;
    }
  return FALSE;
}

/* Propagates to a fixpoint. PROP_BRANCH leaves the head to branch on in
 * *bc, *bk and its steps in cells / *ncells. The first check of every
 * cell (check_all's, at the start and at each restart) polls the stop
 * every 4,096 cells: on 4096x4096 it took 0.2-0.35 s, which a time limit
 * waited for (the search polls every 512 nodes, after it); every 65,536
 * cells, the stop still came 50-65 ms late. Boards under 4,096 cells
 * never poll here, and the checks pushed as the search goes never do. */
static int
fixpoint (Fast *f, int *bc, int *bk, int *cells, int *ncells, FastDeps *why)
{
  for (;;)
    {
      gboolean stepped = FALSE;
      int best = 5, best_c = -1, best_k = 0, best_cells[4], best_n = 0;
      FastDeps best_why = 0;

      if (f->fail)
        return FAIL_WHY (0);
      while (f->ncheck > 0 || f->ninit > 0)
        {
          int e;
          if (f->ncheck > 0)
            e = f->check[--f->ncheck];
          else if ((f->ninit & 0xfff) == 0 && stop_due (f))
            return PROP_STOPPED;
          else if (!f->queued[e = (int) --f->ninit])
            continue;
          f->queued[e] = 0;
          if (f->cell[e].col != 0)
            continue;
          if (!check_cell (f, e, &stepped))
            {
              f->last_fail = e;
              return FAIL_WHY (1);
            }
        }
      if (f->open == 0)
        return f->free_cells == 0 ? PROP_SOLVED : (failed (f, ~(FastDeps) 0), FAIL_WHY (7));
      if (f->pcells != NULL)
        {
          /* A piece: only its own colours count (the whole board's
           * search has every colour in scope, so f->open answers). */
          gboolean open = FALSE;
          for (int c = 0; c < f->colours && !open; c++)
            open = f->scope[c] && !f->done[c];
          if (!open)
            return PROP_SOLVED;   /* the caller checks the piece is full */
        }
      /* A forced head keeps stepping while it has one way (no rescan of
       * every head per step); the heads after it are still looked at. */
      for (int c = 0; c < f->colours && !f->fail; c++)
        {
          if (f->incremental)
            {
              /* Straight to the next colour with a head to look at. */
              c = next_hdirty (f, 2 * c) >> 1;
              if (c >= f->colours)
                break;
            }
          if (f->done[c] || !f->scope[c])
            continue;
          for (int k = 0; k < 2; k++)
            {
              int h = f->head[c][k], n = 0, list[4], dirs[4], join = -1;
              guint64 bit = (guint64) 1 << ((2 * c + k) & 63);

              if (f->incremental && !(f->hdirty[(2 * c + k) >> 6] & bit))
                continue;
              f->hdirty[(2 * c + k) >> 6] &= ~bit;

              f->rs = dep_of (f, h);
              for (int d = 0; d < 4; d++)
                {
                  int q = h + f->off[d], kind;
                  if (f->cell[q].col != 0)
                    {
                      rd (f, q);
                      continue;
                    }
                  /* Only what rules a step out counts for the forced
                   * step or the failure: an allowed step reads nothing
                   * into f->rs. */
                  kind = step_kind_d (f, c, k, q, d);
                  if (kind < 0)
                    continue;
                  if (kind == 1)
                    join = n;
                  dirs[n] = d;
                  list[n++] = q;
                  /* Two ways: the head is not forced, and with
                   * `incremental` nothing reads its other ways (see
                   * below), so they are not asked about. */
                  if (n == 2 && f->incremental)
                    break;
                }
              if (n == 0)
                {
                  f->last_fail = h;
                  return failed (f, f->rs), FAIL_WHY (2);
                }
              if (n == 1)
                {
                  apply_step_d (f, c, k, list[0], dirs[0], join == 0, TRUE, f->rs);
                  stepped = TRUE;
                  if (f->done[c] || f->fail)
                    break;
                  k--;     /* the same head again, from its new cell */
                  continue;
                }
              /* With `incremental` (only in cell mode) the caller
               * branches on a cell, or, when none is open, asks again
               * with every head looked at: no head to choose here. */
              if (!stepped && !f->incremental && (n < best || best_c < 0))
                {
                  best = n;
                  best_c = c;
                  best_k = k;
                  best_n = n;
                  best_why = f->rs;
                  /* The joining step first, then the cells with the
                   * fewest free neighbours. */
                  {
                    int score[4];
                    for (int i = 0; i < n; i++)
                      {
                        int q = list[i], s = 0;
                        for (int d = 0; d < 4; d++)
                          s += f->cell[q + f->off[d]].col == 0;
                        score[i] = i == join ? -1 : s;
                        best_cells[i] = q;
                      }
                    for (int i = 1; i < n; i++)
                      for (int j = i; j > 0 && score[j] < score[j - 1]; j--)
                        {
                          int t = score[j];
                          score[j] = score[j - 1];
                          score[j - 1] = t;
                          t = best_cells[j];
                          best_cells[j] = best_cells[j - 1];
                          best_cells[j - 1] = t;
                        }
                  }
                }
            }
        }
      if (stepped)
        continue;
      /* The region checks once the cheap steps are all taken. */
      if (f->small || f->region_due)
        {
          f->region_due = FALSE;
          if (!check_regions (f))
            return failed (f, f->rs), FAIL_WHY (3);
          if (f->small && f->chokes && f->ntrail > 0 && !check_chokepoints (f))
            return failed (f, ~(FastDeps) 0), FAIL_WHY (4);
        }
      if (f->planar && f->planar_due && ++f->planar_tick >= f->planar_gap)
        {
          gboolean ok;

          f->planar_tick = 0;
          f->planar_due = FALSE;
          f->planar_checks++;
          ok = planar_ok (f);
          planar_pace (f);
          if (!ok)
            return failed (f, f->rs), FAIL_WHY (5);
        }
      *bc = best_c;
      *bk = best_k;
      *why = best_why;
      *ncells = best_n;
      memcpy (cells, best_cells, sizeof best_cells);
      return PROP_BRANCH;
    }
}


/* Appends cell (x, y) of the padded board, mirrored as `variant` says. */
static inline void
order_put (Fast *f, int *i, int x, int y, int variant)
{
  int H = f->h + 2;

  if (variant & 1)
    x = f->W - 1 - x;
  if (variant & 2)
    y = H - 1 - y;
  f->order[(*i)++] = y * f->W + x;
}

/* The board order of the cell branches, variants 0-7: anti-diagonals
 * from one corner (variant & 3: top left, top right, bottom left, bottom
 * right), each from its top or its bottom (variant & 4); variants 8-15:
 * rows (8-11) or columns (12-15) from the same corners. Odd variants try
 * a cell's turning pairs first. */
static void
set_order (Fast *f, int variant)
{
  int i = 0, H = f->h + 2;

  f->turns_first = knob ("FF_TURNS", variant & 1) != 0;

  if (variant & 8)
    {
      gboolean cols = (variant & 4) != 0;
      for (int a = 0; a < (cols ? f->W : H); a++)
        for (int b = 0; b < (cols ? H : f->W); b++)
          order_put (f, &i, cols ? a : b, cols ? b : a, variant);
    }
  else
    for (int sum = 0; sum <= (f->W - 1) + (H - 1); sum++)
      for (int j = 0; j < H; j++)
        {
          int y = (variant & 4) ? H - 1 - j : j, x = sum - y;
          if (x >= 0 && x < f->W)
            order_put (f, &i, x, y, variant);
        }
  f->scan = 0;
  f->look_ok = FALSE;
}

/* The first free cell with no known arms, in board order (within the
 * piece being searched), or -1. */
static int
first_open_cell (Fast *f)
{
  if (f->pcells != NULL)
    {
      for (int i = 0; i < f->npcells; i++)
        {
          int p = f->pcells[i];
          if (f->cell[p].col == 0 && f->cell[p].need == 0)
            return p;
        }
      return -1;
    }
  while (f->scan < f->N)
    {
      const FastCell *c = &f->cell[f->order[f->scan]];
      if (c->col == 0 && c->need == 0)
        break;
      f->scan++;
    }
  return f->scan < f->N ? f->order[f->scan] : -1;
}

/* Whether a decision (cell << 4 | arms) holds: the cell has those arms,
 * marked or drawn. */
static inline gboolean
lit_holds (const Fast *f, guint32 lit)
{
  const FastCell *c = &f->cell[lit >> 4];
  guint8 arms = lit & 15;
  return c->need == arms || (c->col != 0 && c->col != WALL && c->links == arms);
}

/* Whether the cells of a kept pair's decisions have the arms they had
 * then (the newest first, from the record itself). */
static gboolean
ng_holds (Fast *f, const FastNogood *g)
{
  if (g->nlit > 0 && !lit_holds (f, g->lit0))
    return FALSE;
  for (int i = 1; i < g->nlit; i++)
    if (!lit_holds (f, g->lits[i]))
      return FALSE;
  return TRUE;
}

/* The pairs of cell x, among `wanted` (bit m for pair m), that failed
 * before for reasons that still stand, each with what it follows from in
 * why[m]. Records whose level changed since and that cannot be read as
 * arms are dropped on the way. One walk of the cell's records for all its
 * pairs. */
static unsigned
ng_dead_set (Fast *f, int x, unsigned wanted, FastDeps *why)
{
  int *link = &f->ng_first[x];
  unsigned dead = 0;

  while (*link >= 0)
    {
      FastNogood *g = &f->ng[*link];
      unsigned bit = 1u << g->mask;
      gboolean level_ok;
      /* The level is read only where it counts: to drop a record with no
       * decisions to read, or for a pair still asked about. */
      if (g->nlit != NG_NONE && (!(wanted & bit) || (dead & bit)))
        {
          link = &g->next;
          continue;
        }
      level_ok = g->t <= f->nstack && g->gen == f->ng_gen[g->t];
      if (!level_ok && g->nlit == NG_NONE)
        {
          int i = *link;
          *link = g->next;
          g->next = f->ng_free;
          f->ng_free = i;
          continue;
        }
      if ((wanted & bit) && !(dead & bit))
        {
          if (level_ok)
            {
              dead |= bit;
              why[g->mask] = g->d;
            }
          else if (ng_holds (f, g))
            {
              FastDeps r = 0;
              for (int i = 0; i < g->nlit; i++)
                r |= dep_of (f, (int) (g->lits[i] >> 4));
              dead |= bit;
              why[g->mask] = r;
              f->ng_content++;
            }
        }
      link = &g->next;
    }
  return dead;
}

/* Pair m of cell x, decided at the current level, failed, and the failure
 * follows from the levels in d (all below it): the pair fails again
 * whenever those decisions stand, so the search need not try it again
 * after it jumps back to a level above them, nor, where those decisions
 * were cells' pairs, whenever those cells have those arms again. */
static void
ng_record (Fast *f, int x, guint8 m, FastDeps d)
{
  int i;
  FastNogood *g;

  if (f->ng_free >= 0)
    {
      i = f->ng_free;
      f->ng_free = f->ng[i].next;
    }
  else
    {
      if (f->nng == f->ng_cap)
        {
          if (f->ng_cap >= NG_MAX)
            return;
          f->ng_cap = MAX (f->ng_cap * 2, 1024);
          f->ng = g_renew (FastNogood, f->ng, f->ng_cap);
        }
      i = (int) f->nng++;
      f->ng[i].lits = NULL;
    }
  g = &f->ng[i];
  g->d = d;
  g->t = d != 0 ? (guint8) deps_top (d) : 0;
  g->gen = f->ng_gen[g->t];
  g->mask = m;
  /* Bit 0 (no level has it) only comes with a failure that names every
   * level: no arms to read. */
  g->nlit = NG_NONE;
  if (f->ng_lits && (d & 1) == 0)
    {
      int n = 0;
      for (FastDeps rest = d; rest != 0; rest &= rest - 1)
        n++;
      /* A record's buffer stays with it when it is used again. */
      g->lits = g_renew (guint32, g->lits, MAX (n, 1));
      g->nlit = 0;
      for (FastDeps rest = d; rest != 0 && g->nlit != NG_NONE;)
        {
          gsize l = deps_top (rest);
          const FastFrame *fr = &f->stack[l - 1];
          rest &= ~level_bit (l);
          if (fr->b.c >= 0 || fr->next == 0)
            g->nlit = NG_NONE;
          else
            g->lits[g->nlit++] = (guint32) fr->b.cell << 4
                                 | (guint32) fr->b.cells[fr->next - 1];
        }
      g->lit0 = g->nlit != NG_NONE && g->nlit > 0 ? g->lits[0] : 0;
    }
  g->next = f->ng_first[x];
  f->ng_first[x] = i;
  /* A cell keeps its newest few. */
  {
    int k = 0, keep = knob ("FF_NGPC", NG_PER_CELL), *link = &f->ng_first[x];
    while (*link >= 0 && k < keep)
      {
        link = &f->ng[*link].next;
        k++;
      }
    while (*link >= 0)
      {
        int j = *link;
        *link = f->ng[j].next;
        f->ng[j].next = f->ng_free;
        f->ng_free = j;
      }
  }
}

/* The pairs of arms in the order cell_options tries them (see there). */
static const guint8 pairs[2][6] = {
  { 5, 10, 3, 9, 6, 12 },   /* N+S, E+W, then the turns */
  { 3, 9, 6, 12, 5, 10 },
};

/* Bit i when pairs[0][i] is open to a cell whose open sides are `al` and
 * whose neighbours ask for the arms `rq` (pairs[1] is pairs[0] turned by
 * two): index al | rq << 4. One load instead of six tests a cell. */
#define PAIR_OK(al, rq, i, m) \
  ((((al) & (m)) == (m) && ((m) & (rq)) == (rq)) ? 1u << (i) : 0u)
#define PAIRS_OPEN(v) \
  (PAIR_OK ((v) & 15, (v) >> 4, 0, 5) | PAIR_OK ((v) & 15, (v) >> 4, 1, 10) \
   | PAIR_OK ((v) & 15, (v) >> 4, 2, 3) | PAIR_OK ((v) & 15, (v) >> 4, 3, 9) \
   | PAIR_OK ((v) & 15, (v) >> 4, 4, 6) | PAIR_OK ((v) & 15, (v) >> 4, 5, 12))
/* The entries F (v) to F (v + 63) of a table made by macro F. */
#define TAB4(F, v)  F (v), F ((v) + 1), F ((v) + 2), F ((v) + 3)
#define TAB16(F, v) TAB4 (F, v), TAB4 (F, (v) + 4), TAB4 (F, (v) + 8), TAB4 (F, (v) + 12)
#define TAB64(F, v) TAB16 (F, v), TAB16 (F, (v) + 16), TAB16 (F, (v) + 32), TAB16 (F, (v) + 48)
static const guint8 pairs_open[256] = {
  TAB64 (PAIRS_OPEN, 0), TAB64 (PAIRS_OPEN, 64), TAB64 (PAIRS_OPEN, 128), TAB64 (PAIRS_OPEN, 192),
};
#undef PAIRS_OPEN
#undef PAIR_OK

/* Bit pairs[0][i] for each bit i of a set of pairs as pairs_open gives
 * it (the arms of the pairs, as ng_dead_set wants them): one load instead
 * of a loop over the set. */
#define PAIR_BIT(v, i, m) (((v) >> (i) & 1) ? 1u << (m) : 0u)
#define PAIRS_ARMS(v) \
  (PAIR_BIT (v, 0, 5) | PAIR_BIT (v, 1, 10) | PAIR_BIT (v, 2, 3) | PAIR_BIT (v, 3, 9) \
   | PAIR_BIT (v, 4, 6) | PAIR_BIT (v, 5, 12))
static const guint16 pairs_arms[64] = { TAB64 (PAIRS_ARMS, 0) };
#undef TAB64
#undef TAB16
#undef TAB4
#undef PAIRS_ARMS
#undef PAIR_BIT

/* The levels of x and its four neighbours (cell_options). */
static inline FastDeps
deps_around (const Fast *f, int x)
{
  const FastDeps *dep = f->dep;

  if (dep == NULL)
    return 0;
  return dep[x] | dep[x + f->off[0]] | dep[x + f->off[1]] | dep[x + f->off[2]]
    | dep[x + f->off[3]];
}

/* The arm pairs free cell x may take: each arm a free neighbour whose
 * known arms (if any) point back at x, or a head that may step in; arms
 * that marked neighbours ask of x are in every pair; a turn obeys the
 * corner rule; two heads only of one colour. With cap > 0 it stops once
 * it has found cap pairs (the caller only wants cells with fewer). */
static int
cell_options (Fast *f, int x, guint8 *opts, int cap)
{
  int allowed = 0, req = 0, hcol[4] = { -1, -1, -1, -1 }, n = 0;
  unsigned dead = 0;          /* pairs that failed before (ng_dead_set) */
  unsigned cut = 0;           /* turns the corner rule ruled out */
  guint8 straight[2];         /* straight pairs counted first */
  int ns = 0;
  unsigned open;
  FastDeps dead_why[16];

  /* f->rs: what the pairs follow from (for a forced pair or none): x and
   * its four neighbours are read, but added only at the end, and not when
   * cap pairs were found (no caller then reads f->rs: such a cell is
   * neither taken nor chosen), as an or is the same in any order. */
  f->rs = 0;
  for (int d = 0; d < 4; d++)
    {
      int r = x + f->off[d];
      /* A free side with no known arms: one load and test (col_need). */
      if (col_need (&f->cell[r]) == 0)
        allowed |= 1 << d;
      else if (f->cell[r].col == 0)
        {
          if (f->cell[r].need & (1u << HB_DIR_OPPOSITE (d)))
            {
              allowed |= 1 << d;
              req |= 1 << d;
            }
        }
      else if (f->cell[r].col != WALL && f->cell[r].hid != 0)
        {
          int id = f->cell[r].hid - 1, c = id >> 1, k = id & 1;
          /* An allowed step leaves f->rs as it was (step_kind_d). */
          if (f->scope[c] && step_kind_d (f, c, k, x, HB_DIR_OPPOSITE (d)) >= 0)
            {
              allowed |= 1 << d;
              hcol[d] = c;
            }
        }
    }
  if (f->use_ray)
    allowed &= f->ray[x];
  if (pop4 ((unsigned) req) > 2)
    {
      f->rs |= deps_around (f, x);
      return 0;
    }
  /* Straight pairs first, then turns (measured: fewer nodes than heads
   * first or turns first on the generated boards); the other way round on
   * every second restart, so that the runs differ more than by the corner
   * they sweep from (generated 50x50, seeds 1-60: 13.3 million nodes in
   * all instead of 16.3, the worst level 0.78 s of CPU instead of 0.87;
   * 60x60 in 88 colours 11 % fewer nodes; the levels solved without a
   * restart are not touched). */
  open = pairs_open[allowed | req << 4];
  if (f->ng_first != NULL && f->ng_first[x] >= 0 && open != 0)
    dead = ng_dead_set (f, x, pairs_arms[open], dead_why);
  /* The turns with no dot down their diagonal (corner_dot) go now, all at
   * once: bit i of open is pair pairs[0][i], the turns N+E, N+W, E+S and
   * S+W from bit 2 on, their diagonals flags bits 0, 3, 1 and 2. */
  {
    /* Entry fl: the bits of open that flags fl (its low four bits)
     * leave. */
#define TURNS_LEFT(fl) (3u | ((fl) & 1u) << 2 | ((fl) & 8u) | ((fl) & 6u) << 3)
    static const guint8 turns_left[16] = {
      TURNS_LEFT (0), TURNS_LEFT (1), TURNS_LEFT (2), TURNS_LEFT (3),
      TURNS_LEFT (4), TURNS_LEFT (5), TURNS_LEFT (6), TURNS_LEFT (7),
      TURNS_LEFT (8), TURNS_LEFT (9), TURNS_LEFT (10), TURNS_LEFT (11),
      TURNS_LEFT (12), TURNS_LEFT (13), TURNS_LEFT (14), TURNS_LEFT (15),
    };
#undef TURNS_LEFT
    open &= turns_left[f->flags[x] & 15];
  }
  /* Turns first, but with no pair that failed before (nothing counted on
   * the way) the straight pairs, which need no corner walk, are counted
   * first and put after the turns: with cap pairs among them alone the
   * answer is cap whatever the turns (a third of the look's counts in the
   * turns-first runs on generated 50x50 seed 834), else the turns are
   * walked only until they make up the rest. Only for cap 2 and up: the
   * early answer leaves opts unwritten, which no caller reads then, but a
   * caller takes opts[0] of an answer of one. */
  if (f->turns_first && cap >= 2 && dead == 0 && (open & 3) != 0)
    {
      if ((open & 1) && (hcol[HB_DIR_N] < 0 || hcol[HB_DIR_S] < 0 || hcol[HB_DIR_N] == hcol[HB_DIR_S]))
        straight[ns++] = 5;
      if ((open & 2) && (hcol[HB_DIR_E] < 0 || hcol[HB_DIR_W] < 0 || hcol[HB_DIR_E] == hcol[HB_DIR_W]))
        straight[ns++] = 10;
      if (ns >= cap)
        return cap;
      open &= ~3u;
      cap -= ns;
    }
  /* In locals: the stores to opts could alias f's fields. */
  const guint8 *order = pairs[f->turns_first];
  int look = f->corner_look;
  if (f->turns_first)
    open = (open >> 2) | ((open & 3) << 4);
  for (; open != 0; open &= open - 1)
    {
      int m = order[__builtin_ctz (open)];
      int a, b;
      a = __builtin_ctz ((unsigned) m);
      b = 31 - __builtin_clz ((unsigned) m);
      if (hcol[a] >= 0 && hcol[b] >= 0 && hcol[a] != hcol[b])
        continue;
      /* On huge boards only the first cells of a turn's chain are looked
       * at (see corner_look in fast_init). */
      if (m != 5 && m != 10
          && !(look == G_MAXINT ? corner_walk_m (f, x, a, b, (guint8) m, FALSE, G_MAXINT)
               : corner_walk_m (f, x, a, b, (guint8) m, FALSE, look)))
        {
          cut |= 1u << m;
          continue;
        }
      if (dead & (1u << m))
        {
          /* It failed before, for reasons that still stand. */
          f->rs |= dead_why[m];
          f->ng_cuts++;
          continue;
        }
      opts[n++] = (guint8) m;
      if (n == cap)
        return n + ns;
    }
  for (int i = 0; i < ns; i++)
    opts[n++] = straight[i];
  /* What the turns the corner rule ruled out read (as corner_ok_within
   * adds it), walked again only now: a cell stopped at cap pairs, most of
   * the look's, needs none of it. */
  if (f->dep != NULL)
    for (; cut != 0; cut &= cut - 1)
      {
        int m = __builtin_ctz (cut);
        corner_walk (f, x, __builtin_ctz ((unsigned) m), 31 - __builtin_clz ((unsigned) m),
                     TRUE, look);
      }
  f->rs |= deps_around (f, x);
  return n;
}

static inline int
dist_to (const Fast *f, int a, int b)
{
  return ABS (cell_x (f, a) - cell_x (f, b)) + ABS (cell_y (f, a) - cell_y (f, b));
}

/* Gives free cell x the arms m (a cell branch or a forced choice),
 * following from level lv. */
static void
apply_need (Fast *f, int x, guint8 m, FastDeps lv)
{
  /* A mark (x had no arms known; m, a pair of arms, is never 0) has
   * set_need push x's free sides; no cell is taken from check[] or filled
   * before the end here, so they are still waiting then, and only
   * otherwise are they pushed here (the same cells in the same order). */
  gboolean marks = f->cell[x].need == 0;

  set_need (f, x, m, lv);
  if (m != 5 && m != 10)
    mark_chain (f, x, __builtin_ctz (m), 31 - __builtin_clz (m), lv);
  push_check (f, x);
  if (!marks)
    check_around (f, x);
  f->cell_branches++;
}

/* The open cells within two steps of the ends of the latest long corner
 * chains (hot[]). A chain of turns runs down a diagonal to a dot: with few
 * colours, to the centre of a spiral, often hundreds of cells from the
 * choice that made it, where the sweep arrives only much later. There the
 * spiral's rings meet its centre, and a contradiction the sweep would meet
 * 100,000 steps on (1000x1000 seed 6: a dot walled in by another colour's
 * path forced round it) can show at once. A cell with one pair takes it;
 * with x given, a cell with fewer than *n pairs (counted up to cap)
 * becomes the branch cell. Returns -1 when a cell has no pair (the node
 * fails), 1 when cells were taken, else 0. */
static int
hot_cells (Fast *f, int cap, int *x, int *n, guint8 *opts, FastDeps *xwhy)
{
  unsigned nh = MIN (f->nhot, (unsigned) G_N_ELEMENTS (f->hot));
  int took = 0;

  for (unsigned i = 0; i < nh && !f->fail; i++)
    for (int j = 0; j < 13 && !f->fail; j++)
      {
        gssize y = f->hot[i] + near2[j][1] * f->W + near2[j][0];
        guint8 o2[6];
        int m;

        if (y < 0 || (gsize) y >= f->N || f->cell[y].col != 0 || f->cell[y].need != 0)
          continue;
        m = cell_options (f, (int) y, o2, cap);
        if (m == 0)
          {
            failed (f, f->rs);
            return -1;
          }
        if (m == 1)
          {
            apply_need (f, (int) y, o2[0], f->rs);
            took = 1;
          }
        else if (x != NULL && m < *n)
          {
            *xwhy = f->rs;
            *n = m;
            *x = (int) y;
            memcpy (opts, o2, 6);
          }
      }
  return took;
}

/* Where the look is in its window (see propagate): at j of the nold
 * positions of the last look's list, then at position next of the board
 * order, up to lim; nn open cells recorded in f->look_pos so far (the
 * list is rewritten in place: nn <= j while it is read), i the position
 * read last. */
typedef struct {
  gsize j, nold, nn, next, i, lim;
} LookWalk;

/* Starts the look's walk w over its window: the last look's list when it
 * was kept, then the board order after it, up to lim. The list is in
 * order, so its positions at or before f->scan (filled since) are at its
 * start and those at or past lim at its end; then every position after
 * the list is past lim too, so the window ends with the list. */
static inline void
look_start (const Fast *f, LookWalk *w)
{
  const guint32 *look_pos = f->look_pos;
  gsize scan = f->scan;

  w->lim = MIN (f->N, f->scan + 4 * (gsize) f->lookahead);
  w->j = 0;
  w->nold = f->look_ok ? f->look_n : 0;
  w->nn = 0;
  w->next = f->look_ok ? MAX (f->look_end, f->scan + 1) : f->scan + 1;
  w->i = 0;
  while (w->j < w->nold && look_pos[w->j] <= scan)
    w->j++;
  while (w->nold > w->j && look_pos[w->nold - 1] >= w->lim)
    w->nold--;
}

/* Whether the look passes over open cell y (see look_next): four free
 * neighbours with no known arms (both straight pairs stay open, so the cell
 * cannot beat two pairs) when quick, or a kept count of at least thr
 * pairs that still holds (lk_fresh; with lk_push, as on every board that
 * is not huge, one stamp to read). */
static inline gboolean
look_passes (const Fast *f, const FastCell *cell, gssize W, int y, gboolean quick,
             int thr, gboolean huge)
{
  if (quick && ((cell_word (&cell[y - 1]) | cell_word (&cell[y + 1])
                 | cell_word (&cell[y - W]) | cell_word (&cell[y + W]))
                & open_bits.w) == 0)
    return TRUE;
  if (f->chg == NULL || f->lk_m[y] < thr)
    return FALSE;
  if (huge)
    return lk_fresh (f, y);
  /* lk_push is on (lk_fresh). */
  return f->lk_t[y] > f->lk_base && f->chg[y] < f->lk_t[y];
}

/* The walk's step at position i, cell y: an open cell is recorded in the
 * list and stops the walk unless look_passes passes over it (one body for
 * the list's part of the walk and the board order's part). */
static G_ALWAYS_INLINE inline gboolean
look_stops (const Fast *f, const FastCell *cell, guint32 *look_pos, gsize *nn, gsize i,
            int y, gssize W, gboolean quick, int thr, gboolean huge)
{
  if (col_need (&cell[y]) != 0)
    return FALSE;
  look_pos[(*nn)++] = (guint32) i;
  return !look_passes (f, cell, W, y, quick, thr, huge);
}

/* look_next for boards huge or not (the cells asked for ahead, the counts'
 * stamps), the walk's variables in registers. */
static inline int
look_walk (Fast *f, LookWalk *w, gboolean quick, int thr, gboolean huge)
{
  const FastCell *cell = f->cell;
  const int *order = f->order;
  guint32 *look_pos = f->look_pos;
  gsize lim = w->lim, nold = w->nold;
  gsize j = w->j, nn = w->nn, i = w->i, next = w->next;
  gsize lookahead = (gsize) f->lookahead;
  gssize W = f->W;
  int y = -1;

  /* The open cells of the last look's list, in order (look_start took
   * off its positions outside the window). It is never longer than
   * lookahead, so only its last cell can fill the look. */
  while (j < nold)
    {
      i = look_pos[j++];
#ifdef __GNUC__
      if (huge && j + 24 < nold)
        __builtin_prefetch (&cell[order[look_pos[j + 24]]]);
#endif
      y = order[i];
      if (look_stops (f, cell, look_pos, &nn, i, y, W, quick, thr, huge))
        goto found;
    }
  if (nn >= lookahead)
    goto full;
  /* Then the positions after it. */
  while (next < lim)
    {
      i = next++;
#ifdef __GNUC__
      /* The cells of the look lie a row apart, each on a line of its own
       * that the first level no longer holds: ask for one 24 cells ahead
       * (1000x1000 seeds 2 and 8, one search: 3-4 % less time, best of
       * four; 8 ahead: 1-2 %). */
      if (huge && i + 24 < f->N)
        __builtin_prefetch (&cell[order[i + 24]]);
#endif
      y = order[i];
      if (look_stops (f, cell, look_pos, &nn, i, y, W, quick, thr, huge))
        goto found;
      if (nn >= lookahead)
        goto full;
    }
  /* The window's end. */
  i = lim - 1;
 full:
  y = -1;
 found:
  w->j = j;
  w->nn = nn;
  w->i = i;
  w->next = next;
  return y;
}

/* Takes walk w on to the next open cell of the look's window that must be
 * counted, recording every open cell it passes in f->look_pos; passes over
 * the cells that cannot have fewer than n pairs (four open neighbours, n
 * at most 2) and those whose count of at least thr pairs still holds
 * (lk_fresh). Returns -1 at the window's end or once lookahead open cells
 * are recorded. The look's own loop calls cell_options and apply_need, so
 * with this part in it the compiler kept most of the walk's variables on
 * the stack, loaded again at every cell; here they stay in registers. */
static G_GNUC_NO_INLINE int
look_next (Fast *f, LookWalk *w, int n, int thr)
{
  /* The two tests made constants (n is at most 2 nearly always). */
  if (f->huge)
    return look_walk (f, w, n <= 2, thr, TRUE);
  if (n <= 2)
    return look_walk (f, w, TRUE, thr, FALSE);
  return look_walk (f, w, FALSE, thr, FALSE);
}

/* Propagates to a fixpoint, then picks the branch: the open cell with the
 * fewest arm pairs among the first ones in board order (a cell with one
 * pair takes it and propagation goes on), or, when every free cell has its
 * arms, the head with the fewest steps. */
static int
propagate (Fast *f, FastBranch *br)
{
  for (;;)
    {
      int st = fixpoint (f, &br->c, &br->k, br->cells, &br->n, &br->why);

      if (st != PROP_BRANCH)
        return st;
      /* The cells round the ends of the latest long corner chains, before
       * the sweep's (see hot_cells). */
      if (f->cell_mode && f->nhot > 0 && f->pcells == NULL)
        {
          int h = hot_cells (f, 2, NULL, NULL, NULL, NULL);
          if (h < 0)
            return FAIL_WHY (6);
          if (h > 0)
            continue;
        }
      if (f->cell_mode)
        {
          int x = first_open_cell (f), n;
          guint8 opts[6];

          if (x < 0 && f->incremental)
            {
              /* Every free cell has its arms: branch on a head, chosen
               * among all of them. */
              memset (f->hdirty, 0xff, sizeof f->hdirty);
              f->incremental = FALSE;
              st = fixpoint (f, &br->c, &br->k, br->cells, &br->n, &br->why);
              f->incremental = TRUE;
              if (st != PROP_BRANCH)
                return st;
            }
          if (x >= 0)
            {
              FastDeps xwhy;

              n = cell_options (f, x, opts, 0);
              xwhy = f->rs;
              if (n == 0)
                return failed (f, f->rs), FAIL_WHY (6);
              if (n == 1)
                {
                  apply_need (f, x, opts[0], f->rs);
                  /* The sweep's next cells mostly have one pair too: they
                   * are taken on this state before propagation runs again
                   * (sound, as with the look's forced cells: propagation
                   * only takes pairs away, so a cell it leaves with none
                   * fails the node later all the same). One fixpoint for
                   * a run of forced cells instead of one each. */
                  for (int b = 0; b < f->batch && !f->fail; b++)
                    {
                      x = first_open_cell (f);
                      if (x < 0 || cell_options (f, x, opts, 2) != 1)
                        break;
                      apply_need (f, x, opts[0], f->rs);
                    }
                  continue;
                }
              /* The cells round the latest chain ends again, as branch
               * cells (see hot_cells). */
              if (f->nhot > 0 && f->pcells == NULL)
                {
                  int h = hot_cells (f, n, &x, &n, opts, &xwhy);
                  f->nhot = 0;
                  if (h < 0)
                    return FAIL_WHY (6);
                  if (h > 0)
                    continue;
                }
              /* A few more open cells after it: the one with the fewest
               * pairs is branched on (one with none fails the node, one
               * with a single pair takes it). With `near`, of the cells
               * with the fewest, the one nearest (taxicab) the cell where
               * a check last failed: on a huge board the look spans the
               * whole sweep front, a thousand cells, and a failure far
               * down the board follows from a few choices along the front
               * (a chain of forced arms reaches it), not from the one
               * taken last; choices far from it only repeat the same
               * failing search under each of their own choices. */
              if (f->lookahead > 0 && f->pcells == NULL)
                {
                  int forced_one = 0, tie = f->near && f->last_fail >= 0;
                  LookWalk w;

                  look_start (f, &w);
                  /* The open cells of the last look, then the cells after
                   * it (see look_pos); the list is kept only if this look
                   * runs to its end. */
                  f->look_ok = FALSE;
                  for (;;)
                    {
                      int y = look_next (f, &w, n, n + tie), m;
                      guint8 o2[6];

                      if (y < 0)
                        break;
                      /* Stopped at n pairs: such a cell is not chosen
                       * (straight pairs are counted first, so a cell with
                       * two of them costs no corner check). */
                      m = cell_options (f, y, o2, n + tie);
                      if (f->chg != NULL)
                        {
                          f->lk_t[y] = lk_tick (f);
                          f->lk_m[y] = (guint8) m;
                        }
                      if (m == 0)
                        return failed (f, f->rs), FAIL_WHY (6);
                      if (m == 1)
                        {
                          /* Take it and look on: the cells after it are
                           * looked at on the state with its arms (what
                           * propagation adds later only takes options
                           * away, so a cell left with none fails the
                           * node rightly); one pass takes every forced
                           * cell it meets instead of a new pass each. */
                          apply_need (f, y, o2[0], f->rs);
                          forced_one = 1;
                          if (f->fail)
                            break;
                        }
                      else if (m < n || (tie && m == n && dist_to (f, y, f->last_fail) < dist_to (f, x, f->last_fail)))
                        {
                          xwhy = f->rs;
                          n = m;
                          x = y;
                          memcpy (opts, o2, sizeof o2);
                        }
                      if (w.nn >= (gsize) f->lookahead)
                        break;
                    }
                  if (!f->fail)
                    {
                      f->look_ok = TRUE;
                      f->look_n = w.nn;
                      f->look_end = w.i + 1;
                    }
                  if (forced_one)
                    continue;
                }
                {
                  br->c = -1;
                  br->cell = x;
                  br->why = xwhy;
                  br->n = n;
                  for (int i = 0; i < n; i++)
                    br->cells[i] = opts[i];
                }
            }
        }
      return PROP_BRANCH;
    }
}

static void
unpad (const Fast *f, guint8 *out)
{
  for (int y = 0; y < f->h; y++)
    for (int x = 0; x < f->w; x++)
      {
        guint8 v = f->cell[(y + 1) * f->W + x + 1].col;
        out[y * f->w + x] = v == WALL ? 0 : v;
      }
}

/* The search's board as a live snapshot for the window (called when
 * hb_trace_snapshot_due said one is due). */
static void
publish (Fast *f)
{
  gsize n = (gsize) f->w * f->h;
  g_autofree guint8 *colour = g_malloc (n);
  g_autofree guint8 *links = g_malloc (n);
  g_autofree guint8 *known = g_malloc (n);

  unpad (f, colour);
  /* The arms drawn so far, joins and the dots' pairs joined at the start
   * included; and the arms decided for cells not drawn yet (marked by
   * the sweep and the corner rule: on a big board most of what the search
   * knows). */
  for (int y = 0; y < f->h; y++)
    for (int x = 0; x < f->w; x++)
      {
        const FastCell *c = &f->cell[(y + 1) * f->W + x + 1];
        links[y * f->w + x] = c->links;
        known[y * f->w + x] = c->col == 0 ? c->need : 0;
      }
  /* Published as it is: the caller asked hb_trace_snapshot_due already
   * (flow_publish_board would ask again, and a second ask in the same
   * moment is always no: the live view then never saw the search). */
  FlowFrame *frame = flow_frame_new (f->level);
  flow_frame_set_board (frame, colour, links, NULL);
  flow_frame_set_known (frame, known);
  hb_trace_publish (f->trace, frame, (GDestroyNotify) flow_frame_free);
}

#ifdef FLOW_FAST_TUNING
static void
debug_dump (Fast *f)
{
  static const char *nm = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@$%^&*()-+=[]{};:,<>?/|~";
  for (int y = 0; y < f->h; y++)
    {
      for (int x = 0; x < f->w; x++)
        {
          int p = (y + 1) * f->W + x + 1;
          guint8 v = f->cell[p].col;
          char ch = v == 0 ? (f->cell[p].need ? '+' : '.') : nm[(v - 1) % 88];
          if (v && (f->flags[p] & FLAG_DOT))
            fprintf (stderr, "\033[1;7m%c\033[0m", ch);
          else if (v && f->cell[p].hid)
            fprintf (stderr, "\033[1;4m%c\033[0m", ch);
          else
            fputc (ch, stderr);
        }
      fputc ('\n', stderr);
    }
  fprintf (stderr, "nodes %lu depth %lu trail %lu\n", (unsigned long) f->nodes, (unsigned long) f->nstack, (unsigned long) f->ntrail);
}

#endif

static gboolean
limits_hit (Fast *f)
{
#ifdef FLOW_FAST_TUNING
  static int dumpn;
  if (g_getenv ("FF_DUMP") && ++dumpn % atoi (g_getenv ("FF_DUMP")) == 0)
    debug_dump (f);
  if (g_getenv ("FF_TRAJ") && f->nodes <= (guint64) atoi (g_getenv ("FF_TRAJ")))
    fprintf (stderr, "TRAJ %" G_GUINT64_FORMAT " %zu %zu %zu %" G_GUINT64_FORMAT "\n", f->nodes, f->scan,
             f->free_cells, f->nstack, f->backtracks);
#endif
  /* The caller's stop and the time limit first: a restart due at the
   * same check would only start a search that the next check stops. */
  if (stop_due (f))
    return TRUE;
  if (f->restart_at > 0 && f->nodes >= f->restart_at)
    {
      f->restarted = TRUE;
      return TRUE;
    }
  if (f->options->node_limit && f->nodes >= f->options->node_limit)
    {
      f->stop_reason = HB_STOP_NODE_LIMIT;
      return TRUE;
    }
  return FALSE;
}

/* ---- Independent pieces ------------------------------------------------
 *
 * Once the free cells fall apart into regions and every colour still being
 * drawn (in the piece searched) has both heads on exactly one common
 * region, the regions are independent: no step in one changes what can be
 * done in another. Each is then searched alone, in turn, smallest first,
 * and the number of answers is the product of theirs, so a region that has
 * no answer is found once instead of once per way of drawing the others. */

typedef struct {
  int    ncolours;
  int    first, ncells;   /* its cells: parts_cells[first .. first + ncells) */
  guint8 *colours;        /* flags per colour */
} FastPart;

static int
cmp_part (const void *a, const void *b)
{
  const FastPart *x = a, *y = b;
  return (x->ncells > y->ncells) - (x->ncells < y->ncells);
}

/* Splits the piece into independent parts; returns how many (0 or 1: no
 * split), filling *parts_out and *cells_out (freed by the caller). */
static int
find_parts (Fast *f, FastPart **parts_out, int **cells_out, guint8 **flags_out)
{
  guint32 base;
  int nslots = 0, nparts = 0, *slot_part, total = 0, *cells;
  int *assign = g_newa (int, FLOW_MAX_COLOURS);
  FastPart *parts;
  guint8 *flags;

  f->split_seen = FALSE;
  base = label_all_regions (f, &nslots);
  if (nslots < 2)
    return 0;
  /* Each colour of the piece: its one common region. */
  for (int c = 0; c < f->colours; c++)
    {
      int found = -1;

      assign[c] = -1;
      if (!f->scope[c] || f->done[c])
        continue;
      for (int d = 0; d < 4; d++)
        {
          int r = f->head[c][0] + f->off[d];
          if (f->cell[r].col != 0)
            continue;
          for (int e = 0; e < 4; e++)
            {
              int t = f->head[c][1] + f->off[e];
              if (f->cell[t].col == 0 && f->comp[t] == f->comp[r])
                {
                  int slot = (int) (f->comp[r] - base);
                  if (found >= 0 && found != slot)
                    return 0;     /* two choices: not independent */
                  found = slot;
                }
            }
        }
      if (found < 0)
        return 0;                 /* the region check fails it anyway */
      assign[c] = found;
    }
  slot_part = g_new (int, nslots);
  for (int i = 0; i < nslots; i++)
    slot_part[i] = -1;
  for (int c = 0; c < f->colours; c++)
    if (assign[c] >= 0 && slot_part[assign[c]] < 0)
      {
        slot_part[assign[c]] = nparts++;
        total += f->comp_size[assign[c]];
      }
  if (nparts < 2)
    {
      g_free (slot_part);
      return 0;
    }
  parts = g_new0 (FastPart, nparts);
  flags = g_malloc0 ((gsize) nparts * FLOW_MAX_COLOURS);
  cells = g_new (int, total);
  {
    int at = 0;
    for (int i = 0; i < nslots; i++)
      if (slot_part[i] >= 0)
        {
          FastPart *pt = &parts[slot_part[i]];
          pt->first = at;
          pt->colours = flags + (gsize) slot_part[i] * FLOW_MAX_COLOURS;
          at += f->comp_size[i];
        }
  }
  for (gsize p = 0; p < f->N; p++)
    if (f->cell[p].col == 0 && f->comp[p] >= base && f->comp[p] < f->stamp)
      {
        int sp = slot_part[f->comp[p] - base];
        if (sp >= 0)
          {
            FastPart *pt = &parts[sp];
            cells[pt->first + pt->ncells++] = (int) p;
          }
      }
  for (int c = 0; c < f->colours; c++)
    if (assign[c] >= 0)
      {
        FastPart *pt = &parts[slot_part[assign[c]]];
        pt->colours[c] = 1;
        pt->ncolours++;
      }
  g_free (slot_part);
  /* Smallest first: a part without an answer is found soonest. The
   * colours pointers move with their parts. */
  qsort (parts, nparts, sizeof *parts, cmp_part);
  *parts_out = parts;
  *cells_out = cells;
  *flags_out = flags;
  return nparts;
}

/* Writes the first answer's colours of the piece's cells into f->snap. */
static void
snap_cells (Fast *f, const int *cells, int ncells)
{
  if (cells == NULL)
    {
      for (gsize p = 0; p < f->N; p++)
        if (f->cell[p].col != 0 && f->cell[p].col != WALL)
          f->snap[p] = f->cell[p].col;
      return;
    }
  for (int i = 0; i < ncells; i++)
    if (f->cell[cells[i]].col != 0)
      f->snap[cells[i]] = f->cell[cells[i]].col;
}

static guint64 search_piece (Fast *f, const guint8 *scope, const int *cells, int ncells,
                             guint64 limit, gboolean want_snap);

/* A leaf that splits into parts: the product of their counts (capped). */
static guint64
solve_parts (Fast *f, gboolean want_snap, guint64 limit)
{
  FastPart *parts = NULL;
  int *cells = NULL, nparts;
  guint8 *flags = NULL;
  guint64 total = 1;
  const guint8 *scope = f->scope;

  nparts = find_parts (f, &parts, &cells, &flags);
  if (nparts < 2)
    return G_MAXUINT64;   /* no split */
  f->parts_found++;
  for (int i = 0; i < nparts && total > 0; i++)
    {
      guint64 n = search_piece (f, parts[i].colours, cells + parts[i].first, parts[i].ncells,
                                total >= limit ? 1 : limit, want_snap);
      if (f->stopped)
        {
          total = 0;
          break;
        }
      total = n == 0 ? 0 : MIN (limit, total * n);
    }
  f->scope = scope;
  g_free (parts);
  g_free (cells);
  g_free (flags);
  return total;
}

/* Searches one piece (the colours flagged in `scope` and the free cells
 * `cells`, or the whole board when cells is NULL) from the current state,
 * counting its answers up to `limit`; leaves the state as it found it.
 * With want_snap the first answer's cells go to f->snap. Sets f->stopped
 * when a limit stopped it. */
static guint64
search_piece (Fast *f, const guint8 *scope, const int *cells, int ncells,
              guint64 limit, gboolean want_snap)
{
  int st;
  FastBranch br;
  gsize base_trail = f->ntrail, base_stack = f->nstack, base_marks = f->nmarks;
  gsize base_scan = f->scan;
  guint64 count = 0;
  FastDeps conflict = 0;
  gboolean pending = FALSE;
  const int *pcells = f->pcells;
  int npcells = f->npcells;

  f->scope = scope;
  f->pcells = cells;
  f->npcells = ncells;
  memset (f->hdirty, 0xff, sizeof f->hdirty);
  st = propagate (f, &br);
  for (;;)
    {
      guint64 leaf = 0;

      if (st == PROP_STOPPED)
        {
          f->stopped = TRUE;
          break;
        }
      if (f->nodes >= f->next_check)
        {
          f->next_check = f->nodes + 512;
          /* Under a step limit the check comes at it, not up to 511 steps
           * later ("node-limit=100" gave up after 575: review); a forced
           * run is still made whole. */
          if (f->options->node_limit > f->nodes && f->options->node_limit < f->next_check)
            f->next_check = f->options->node_limit;
          if (limits_hit (f))
            {
              f->stopped = TRUE;
              break;
            }
          /* The window's count of steps (the recorded steps also set
           * it, but they stop once the trace is full). */
          hb_trace_set_progress (f->trace, (gint64) f->nodes, NULL);
          /* Four a second at most on boards over 250,000 cells. */
          if (f->trace != NULL && hb_trace_snapshot_due_for (f->trace, f->N))
            publish (f);
        }
      if (st == PROP_SOLVED)
        {
          gboolean full = TRUE;
          if (cells == NULL)
            full = f->free_cells == 0;
          else
            for (int i = 0; i < ncells && full; i++)
              full = f->cell[cells[i]].col != 0;
          if (full)
            {
              leaf = 1;
              if (want_snap && count == 0)
                snap_cells (f, cells, ncells);
            }
        }
      else if (st == PROP_BRANCH && (f->small || (f->split_seen && f->parts_big)))
        {
          guint64 n = solve_parts (f, want_snap && count == 0, limit);
          if (f->stopped)
            break;
          if (n != G_MAXUINT64)
            {
              leaf = n;
              st = PROP_FAIL;     /* the parts answered for this node */
              if (n > 0 && want_snap && count == 0)
                snap_cells (f, cells, ncells);
            }
        }
      if (leaf > 0)
        {
          count = MIN (limit, count + leaf);
          if (cells == NULL && hb_trace_wants (f->trace))
            {
              gsize n = (gsize) f->w * f->h;
              g_autofree guint8 *colour = g_malloc (n);
              g_autofree guint8 *links = g_malloc (n);
              for (int y = 0; y < f->h; y++)
                for (int x = 0; x < f->w; x++)
                  {
                    int p = (y + 1) * f->W + x + 1;
                    colour[y * f->w + x] = f->cell[p].col ? f->cell[p].col : f->snap[p];
                  }
              if (flow_links_from_colours (f->level, colour, links))
                flow_trace_board (f->trace, HB_STEP_SOLUTION, f->level, colour, links, NULL,
                                  (gint64) f->nodes, NULL);
            }
          if (count >= limit)
            break;
          st = PROP_FAIL;
        }
      if (st == PROP_BRANCH)
        {
          FastFrame *fr;
          if (f->nstack == f->stack_cap)
            {
              f->stack_cap *= 2;
              f->stack = g_renew (FastFrame, f->stack, f->stack_cap);
              if (f->look_save != NULL)
                f->look_save = g_renew (guint32, f->look_save,
                                        f->stack_cap * (gsize) f->lookahead);
            }
          fr = &f->stack[f->nstack++];
          fr->trail_len = f->ntrail;
          fr->nmarks = f->nmarks;
          fr->scan = f->scan;
          fr->look_ok = f->look_ok && f->look_save != NULL && cells == NULL;
          if (fr->look_ok)
            {
              fr->look_n = f->look_n;
              fr->look_end = f->look_end;
              memcpy (f->look_save + (f->nstack - 1) * (gsize) f->lookahead, f->look_pos,
                      f->look_n * sizeof *f->look_pos);
            }
          fr->b = br;
          fr->next = 0;
          /* What ruled the choices left out counts for the failure of
           * them all. */
          fr->conflict = br.why;
          f->branches++;
        }
      else if (leaf == 0)
        {
          f->backtracks++;
          if (f->bj && st == PROP_FAIL)
            {
              conflict = f->fail_set;
              pending = TRUE;
            }
        }
      /* The next untried step of the innermost branch of this piece.
       *
       * Conflict-directed backjumping: `conflict` holds the levels the
       * failure of the node just left follows from (frame i holds level
       * i + 1). Every other choice at the levels above the highest of them
       * would fail the same way, so the search goes straight back to that
       * level and tries its next choice; the rest of the set is kept with
       * that frame, and when all its choices have failed, the union of
       * what they followed from (without its own level) is the failure of
       * the node before it. Levels from DEPS_TOP on share one bit, so
       * among them the search backs up one level at a time. */
      for (;;)
        {
          FastFrame *fr;
          if (f->nstack == base_stack)
            goto done;
          if (pending)
            {
              gsize top = 0;
              FastDeps own;

              pending = FALSE;
              if (f->nstack >= DEPS_TOP && (conflict >> DEPS_TOP) != 0)
                top = f->nstack;
              else
                {
                  /* Bits above the current level are stale. */
                  FastDeps live = conflict & (f->nstack >= DEPS_TOP ? ~(FastDeps) 0
                                              : ((FastDeps) 2 << f->nstack) - 1);
                  top = live == 0 ? 0 : deps_top (live);
                }
              if (top < f->nstack)
                {
                  f->backjumps++;
                  f->levels_skipped += f->nstack - MAX (top, base_stack);
                  f->nstack = MAX (top, base_stack);
                  if (f->nstack == base_stack)
                    goto done;
                }
              own = f->nstack < DEPS_TOP ? level_bit (f->nstack) : 0;
              f->stack[f->nstack - 1].conflict |= conflict & ~own;
              {
                FastFrame *at = &f->stack[f->nstack - 1];
                if (f->ng_first != NULL && f->nstack < DEPS_TOP && at->b.c < 0 && at->next > 0)
                  ng_record (f, at->b.cell, (guint8) at->b.cells[at->next - 1],
                             conflict & (own - 1));
              }
            }
          fr = &f->stack[f->nstack - 1];
          undo_state (f, fr->trail_len, fr->nmarks, fr->scan);
          if (fr->look_ok)
            {
              /* The state the frame's list was true of (see look_save). */
              memcpy (f->look_pos, f->look_save + (f->nstack - 1) * (gsize) f->lookahead,
                      fr->look_n * sizeof *f->look_pos);
              f->look_n = fr->look_n;
              f->look_end = fr->look_end;
              f->look_ok = TRUE;
            }
          if (fr->next < fr->b.n)
            {
              int q = fr->b.cells[fr->next++];
              f->scope = scope;
              f->pcells = cells;
              f->npcells = ncells;
              if (fr->b.c < 0)
                {
                  if (f->tracing)
                    {
                      /* The decision shows: the cell and the arms chosen. */
                      int x = fr->b.cell;
                      flow_trace_step (f->trace, f->w, HB_STEP_TRY,
                                       cell_y (f, x) * f->w + cell_x (f, x), q, -1,
                                       (int) MIN (f->nstack, (gsize) G_MAXINT),
                                       (gint64) f->nodes);
                      f->tracing = hb_trace_wants (f->trace);
                    }
                  if (f->nstack < DEPS_TOP)
                    f->ng_gen[f->nstack]++;
                  apply_need (f, fr->b.cell, (guint8) q, level_bit (f->nstack));
                  f->nodes++;
                }
              else
                {
                  if (f->nstack < DEPS_TOP)
                    f->ng_gen[f->nstack]++;
                  apply_step (f, fr->b.c, fr->b.k, q, -1, FALSE, level_bit (f->nstack));
                }
              st = propagate (f, &br);
              break;
            }
          if (f->bj)
            {
              conflict = fr->conflict;
              pending = TRUE;
            }
          f->nstack--;
        }
    }
done:
  f->nstack = base_stack;
  if (cells == NULL)
    {
      /* The whole search is over. Unless a restart follows, its state is
       * only thrown away (the answer is in f->snap), so its steps are not
       * taken back: on a 1000x1000 board that is a million steps, and a
       * race waits for the losing search to stop. Taking them back is no
       * part of the story the trace tells either (it ends on the
       * answer). */
      if (f->restarted)
        undo_state (f, base_trail, base_marks, base_scan);
    }
  else
    undo_state (f, base_trail, base_marks, base_scan);
  f->scope = scope;
  f->pcells = pcells;
  f->npcells = npcells;
  return count;
}

static const HbSetting fast_settings[] = {
  { "backjump", N_("Backjumping"),
    N_("When a search branch fails, go straight back to the last choice the failure "
       "follows from instead of trying every choice made since (when looking for one "
       "answer on boards of 400 to 200,000 cells)."),
    HB_SETTING_SWITCH, 0, 1, 1, NULL, NULL, NULL },
  { "race", N_("Two searches at once"),
    N_("When looking for one answer on a board over 400 cells, a second search sweeps "
       "from the other side on another processor core; the first to finish answers."),
    HB_SETTING_SWITCH, 0, 1, 1, NULL, NULL, NULL },
  { "chains", N_("Corner chains"),
    N_("Solve for each dot's arm and the lengths of the diagonal chains of turns next to "
       "it (SAT): first on a board of 40,000 cells or more with few dots (the path search "
       "runs only when that finds no answer), and on the second core instead of a second "
       "path search on boards of 3,600 cells or more with more dots."),
    HB_SETTING_SWITCH, 0, 1, 1, NULL, NULL, NULL },
  { NULL }
};

#define HUGE_PAGE ((gsize) 2 << 20)
/* Over this many cells a board is huge: no level sets, the look's ties
 * near the last failure, short chain walks, a narrower look. */
#define HUGE_CELLS 200000

/* A block for per-cell data, freed with g_aligned_free; its pages are only
 * taken as they are first written. The search reads the tables of a big
 * board all over, so where the kernel has them, 2 MB pages: a few dozen
 * cover every table, where 4 kB pages miss the TLB on most reads. */
static gpointer
table_reserve (gsize size)
{
  gsize align = size >= HUGE_PAGE ? HUGE_PAGE : 64;
  gsize rounded = (size + align - 1) / align * align;
  gpointer p = g_aligned_alloc (1, rounded, align);

#ifdef MADV_HUGEPAGE
  if (align == HUGE_PAGE)
    madvise (p, rounded, MADV_HUGEPAGE);   /* a hint: no matter if refused */
#endif
  return p;
}

/* The same, zeroed now, every page written. calloc hands out a big block as
 * fresh pages that the kernel maps to its one zero page on a read; the
 * first write to each then faults again to copy it, and with two searches
 * running the fault also stops the other core to flush its TLB. Most
 * tables are read before they are written (a cell's levels, the region
 * stamps): on a 1000x1000 board that was about 15 % of a search's time,
 * spent in the kernel in the middle of it. */
static gpointer
table_new (gsize size)
{
  gpointer p = table_reserve (size);

  memset (p, 0, size);
  return p;
}

/* table_new for the set-up (fast_init), zeroed a piece at a time with
 * `cancel` polled between: on 4096x4096 a table takes 0.1-0.6 s to zero
 * (the kernel's zeroing of fresh pages, then ours), and a deadline that
 * came during the set-up waited for the table and the next poll. Stopped,
 * the table is returned with the rest not zeroed: the set-up returns at
 * its next poll and the search never reads it. */
#define TABLE_PIECE ((gsize) 4 << 20)

static gpointer
table_new_polled (gsize size, const HbCancel *cancel)
{
  guint8 *p = table_reserve (size);

  for (gsize at = 0; at < size; at += TABLE_PIECE)
    {
      if (at > 0 && hb_cancel_is_set (cancel))
        break;
      memset (p + at, 0, MIN (TABLE_PIECE, size - at));
    }
  return p;
}

/* The flags that let a cell end a stretch running in direction d: a dot,
 * or a turn with an arm back against d (see corner_walk for the bits). */
static guint8
stop_mask (int d)
{
  int back = HB_DIR_OPPOSITE (d);
  guint8 m = FLAG_DOT;

  for (int e = (d + 1) & 3, k = 0; k < 2; k++, e = (e + 2) & 3)
    m |= (guint8) (1u << (((e - back) & 3) == 1 ? back : e));
  return m;
}

/* A straight stretch of a path ends, each way, on a dot or on a turn, and
 * by the corner rule a turn needs a dot down its inner diagonal. So a path
 * can go on from p in direction d only if some cell ahead that way, before
 * the edge, is a dot or could be such a turn (arms back against d and
 * across). ray[p] has bit d when one is: fixed by the dots alone, so it
 * holds at every state and reads nothing. Row by row, carrying for each
 * direction whether a stop lies ahead (a column's carry for N and S). */
static void
ray_init (Fast *f)
{
  gsize free_cells = 0, ruled = 0;
  guint8 mn = stop_mask (HB_DIR_N), me = stop_mask (HB_DIR_E);
  guint8 ms = stop_mask (HB_DIR_S), mw = stop_mask (HB_DIR_W);
  g_autofree guint8 *up = g_malloc0 ((gsize) f->W), *down = g_malloc0 ((gsize) f->W);

  /* Polled as the set-up is (see fast_init): stopped, the search never
   * starts. */
  f->ray = table_new_polled (f->N, f->cancellable);
  if (hb_cancel_is_set (f->cancellable))
    return;
  /* N from the top row down, then S from the bottom row up. */
  for (int y = 1; y <= f->h; y++)
    {
      if ((y & 255) == 0 && hb_cancel_is_set (f->cancellable))
        return;
      for (int x = 1; x <= f->w; x++)
        {
          gsize p = (gsize) y * f->W + x;
          f->ray[p] |= (guint8) (up[x] << HB_DIR_N);
          up[x] = up[x] | ((f->flags[p] & mn) != 0);
        }
    }
  for (int y = f->h; y >= 1; y--)
    {
      if ((y & 255) == 0 && hb_cancel_is_set (f->cancellable))
        return;
      for (int x = 1; x <= f->w; x++)
        {
          gsize p = (gsize) y * f->W + x;
          f->ray[p] |= (guint8) (down[x] << HB_DIR_S);
          down[x] = down[x] | ((f->flags[p] & ms) != 0);
        }
    }
  for (int y = 1; y <= f->h; y++)
    {
      gsize row = (gsize) y * f->W;
      guint8 ahead = 0;

      if ((y & 255) == 0 && hb_cancel_is_set (f->cancellable))
        return;

      for (int x = f->w; x >= 1; x--)
        {
          f->ray[row + x] |= (guint8) (ahead << HB_DIR_E);
          ahead |= (f->flags[row + x] & me) != 0;
        }
      ahead = 0;
      for (int x = 1; x <= f->w; x++)
        {
          guint8 r = f->ray[row + x] | (guint8) (ahead << HB_DIR_W);
          f->ray[row + x] = r;
          ahead |= (f->flags[row + x] & mw) != 0;
          if (f->cell[row + x].col == 0)
            {
              free_cells++;
              ruled += r != 0x0f;
            }
        }
    }
  /* Read only where it rules out much: where the dots are dense, nearly
   * every stretch can stop somewhere and the few arms it rules out (by
   * the edges) the other checks rule out too. Free cells with some way
   * ruled out: generated 50x50 in 50 colours and 65x65 to 75x75 in 88
   * colours 6-9 % (the same nodes on 50x50 seeds 1-30 and 60x60 and 65x65
   * in 88 colours, at 1 % more instructions), 300x300 to 1000x1000 in 10
   * colours 30-33 %. */
  f->use_ray = ruled * 5 >= free_cells && knob ("FF_RAY", 1);
}

/* Sets up one search of the whole board; variant0 (or -1 for the default,
 * see below) is its first run's
 * corner and choice order (see set_order). */
static void
fast_init (Fast *f, const HbState *state, const HbSolveOptions *options,
           HbTrace *trace, HbCancel *cancellable, int variant0)
{
  const FlowState *s = FLOW_CONST (state);
  int w = state->width, h = state->height;

  memset (f, 0, sizeof *f);
  fill_take_arm ();
  /* First: fast_run reads it to stop at once when the set-up below
   * returned early, stopped. */
  f->cancellable = cancellable;
  f->level = s;
  f->w = w;
  f->h = h;
  f->W = w + 2;
  f->N = (gsize) (w + 2) * (h + 2);
  f->off[HB_DIR_N] = -f->W;
  f->off[HB_DIR_E] = 1;
  f->off[HB_DIR_S] = f->W;
  f->off[HB_DIR_W] = -1;
  f->colours = s->colours;
  /* Polled between the tables too, and in each (table_new_polled) and
   * every 256 rows of the passes over the board: each of a 4096x4096
   * board's tables takes 0.1-0.6 s to zero, and the racing search's
   * set-up ran 0.2-0.6 s past --time-limit 2 while the first search
   * waited to join it; with a poll between the tables only, the set-up
   * still ran 0.2-0.5 s past --time-limit 0.5 after the chains. */
  f->cell = (FastCell *) table_new_polled ((f->N + 2 * CELL_PAD (f)) * sizeof *f->cell,
                                          cancellable) + CELL_PAD (f);
  if (hb_cancel_is_set (cancellable))
    return;
  f->flags = table_reserve (f->N);
  for (int y = 0; y < h + 2; y++)
    {
      if ((y & 255) == 255 && hb_cancel_is_set (cancellable))
        return;
      for (int x = 0; x < f->W; x++)
        f->flags[(gsize) y * f->W + x] = (guint8) (((x + y) & 1) << FLAG_PARITY);
    }
  if (hb_cancel_is_set (cancellable))
    return;
  f->cell_mode = knob ("FF_CELL", 1);
  f->incremental = f->cell_mode && knob ("FF_INCR", 1);
  f->parts_big = knob ("FF_PARTS", 0);
  /* One size test for every rule of the huge boards (HUGE_CELLS). */
  gboolean huge = f->huge = (gsize) w * h > (gsize) knob ("FF_BJMAX", HUGE_CELLS);
  /* 128 since the look counts pairs only up to the best so far: on
   * generated 50x50 levels (seeds 1-60) 22 million nodes instead of 31,
   * the slowest of each twenty 1.2 s of CPU instead of 1.3-3.2 s; 256
   * takes fewer nodes still but more time; 30x30 and smaller the same.
   * From 51 cells on both sides, four anti-diagonals of the board: the
   * deeper search gains more from the wider look than it costs (one
   * search, 200 instead of 128 on 50x50: 7 % fewer nodes, 10 % more CPU;
   * 220 on 55x55 seeds 1-30: 20 % fewer nodes, 5 % less CPU; 240 on 60x60
   * seeds 1-20: 29 % and 18 %; racing on 60x60 in 88 colours, seeds
   * 1-12: mean 0.26 s instead of 0.40 s, the slowest 0.58 s instead of
   * 1.0 s; 65x65 in 88: 0.92 s instead of 1.32 s, 2.2 s instead of 3.9).
   * At most 2000 cells on huge boards (half of 1000x1000's four
   * diagonals; 500x500 keeps its 2000), since their pairs are counted with
   * short chain walks (see corner_look): racing, whole process,
   * 1000x1000 seeds 1-48 and 500x500 seeds 1-6, two rounds each, all 54
   * in 50-55 s instead of 61-68, the slowest 4.1-5.2 s instead of 8.2-8.9
   * (seed 36), 38-39 under 1 s instead of 37-39 (seed 15 2.1-2.7 ->
   * 0.7 s, seed 20 4.3-4.6 -> 2.9-3.4 s; seed 6 0.7-1.0 -> 2.2-2.3 s);
   * 1000 cells: 36 under 1 s, 64 s in all; 8000: 33, 67 s. */
  f->lookahead = knob ("FF_LOOK", MIN (w, h) > 50 ? 4 * MIN (w, h) : 128);
  if (huge)
    f->lookahead = MIN (f->lookahead, knob ("FF_LOOKMAX", 2000));
  f->look_pos = g_new (guint32, MAX (f->lookahead, 1));
  if (knob ("FF_LKC", 1) && f->lookahead > 0)
    {
      f->chg_pad = 2 * (gsize) f->W + 2;
      f->chg = (guint32 *) table_new_polled ((f->N + 2 * f->chg_pad) * sizeof *f->chg,
                                             cancellable) + f->chg_pad;
      if (hb_cancel_is_set (cancellable))
        return;
      f->lk_t = table_new_polled (f->N * sizeof *f->lk_t, cancellable);
      if (hb_cancel_is_set (cancellable))
        return;
      f->lk_m = table_new_polled (f->N, cancellable);
      f->tick = 1;
      f->lk_base = 1;
      f->lk_undo = knob ("FF_LKU", !huge);
      f->lk_push = !huge;
    }
  f->flood_cap = (gsize) knob ("FF_CAP", 1) * (gsize) (w + h);
  /* A run of forced cells in board order, at most 1024 between two
   * fixpoints. One search, 500x500 and 1000x1000 levels (seeds 1-8, two
   * orders each): 10-40 % less CPU on nearly all (1000x1000 seed 8
   * 1.51 s -> 0.92 s), nodes within 1 % but for one level (+8 %); 50x50
   * seeds 1-60 and 60x60 / 65x65 in 88 colours: the same to within 1 %.
   * Without a limit, 1000x1000 seed 5 gains 4 % more and 500x500 seed 3
   * loses 11 %. */
  f->batch = knob ("FF_BATCH", 1024);
  /* Chains of 30 cells and more. One search in each racing order:
   * 1000x1000 seeds 1-8 and 500x500 seeds 1-6 fewer nodes on nearly all
   * (seed 6 8.5M -> 7.5M and 9.6M -> 8.7M, seed 4 -13 % and -21 %,
   * 500x500 seed 3 in the slow order 9.0M -> 4.3M, seed 4 35M -> 23M),
   * 10-50 % less CPU on most; 50x50 seeds 1-60 +1.4 % nodes, the same
   * CPU; 65x65 in 88 colours the same. Looked at before the sweep's cells
   * at every pass too, not only where the sweep has no forced cell: fewer
   * nodes again on most of those (seed 1 -17 %, seed 8 in its slow order
   * -32 %), none more, 50x50 the same. Chains of 15 or 60 cells: within
   * 5 % either way. */
  f->hotmin = knob ("FF_HOT", 30);
  if (hb_cancel_is_set (cancellable))
    return;
  f->order = table_new_polled (f->N * sizeof *f->order, cancellable);
  if (hb_cancel_is_set (cancellable))
    return;
  f->end = table_new_polled (f->N * sizeof *f->end, cancellable);
  if (hb_cancel_is_set (cancellable))
    return;
  f->comp = table_new_polled (f->N * sizeof *f->comp, cancellable);
  if (hb_cancel_is_set (cancellable))
    return;
  f->planar = knob ("FF_PLANAR", 1);
  f->planar_every = knob ("FF_PEVERY", 16);
  f->planar_gap = f->planar_every;
  f->queue = g_new (int, f->N);
  f->stack_cap = 256;
  f->stack = g_new (FastFrame, f->stack_cap);
  /* Up to 512 entries a frame (boards up to 128 a side): lists of
   * thousands a frame on a deep search would cost megabytes. */
  if (f->lookahead > 0 && f->lookahead <= 512)
    f->look_save = g_new (guint32, f->stack_cap * (gsize) f->lookahead);
  /* A cell is in the check stack at most once. */
  f->check_cap = f->N;
  f->check = table_reserve (f->check_cap * sizeof *f->check);
  f->queued = table_new_polled (f->N, cancellable);
  f->wanted = table_new_polled (f->N, cancellable);
  f->small = (gsize) w * h <= (gsize) knob ("FF_SMALL", 400);
  f->chokes = TRUE;
  /* The pair check (check_cell) on boards over 400 cells; FF_PAIRS=2
   * also counts the cells with four free sides. On huge boards too: the
   * path search alone (chains=false, one search), generated 1000x1000 in
   * 10 colours seeds 1-20, 2026-12-07: 65 million nodes in all instead
   * of 118 million, 7.8 s instead of 21.3 s, the slowest 1.9 s instead
   * of 8.1 s (seed 20: 32.7 million nodes -> 8.6 million); more nodes on
   * 2 of the 20 (seed 10 +16 %, 15 +7 %). See SOLVER-NOTES. */
  f->pair_check = !f->small ? knob ("FF_PAIRS", 1) : 0;
  f->last_colour = -1;
  f->limit = MAX (options->count_limit, 1);
  /* Backjumping only when finding one answer on the whole board (the
   * small boards' independent parts search pieces apart), and not over
   * 200,000 cells: there a failure follows from nearly every level (the
   * forced chains that fail read cells of each), so the jumps skip next
   * to nothing (generated 1000x1000 levels, seeds 1-8: 0-2 backjumps, the
   * same nodes within 2 %), while the levels kept per cell and per step
   * cost 110-150 MB a search. Without them, racing, whole process, three
   * alternating runs (2026-11-28): 1000x1000 seeds 2, 3, 5, 7, 8 1.00-1.41,
   * 0.96-1.29, 0.49-0.53, 0.82-0.93, 1.72-2.01 s instead of 1.52-1.69,
   * 1.60-1.70, 0.59-0.79, 1.18-1.52, 1.80-2.14 s; 500x500 seeds 1-3 about
   * 10 % faster; peak memory 180 MB instead of 300 MB (500x500: 47 MB
   * instead of 80 MB). */
  f->bj = f->limit == 1 && !f->small && !f->parts_big && knob ("FF_BJ", 1) && !huge
         && hb_settings_get_switch (options->settings, fast_settings, "backjump");
  /* Where the jumps are off for size, the look's ties go to the cell
   * nearest the last failure instead (see propagate). One search in each
   * racing order, generated 1000x1000 seeds 1-16 and 500x500 seeds 1-6:
   * 43.7M nodes for the faster order of each instead of 61.0M; seed 1
   * 6.6M -> 1.0M, seed 11 11.6M -> 1.1M, 500x500 seed 6 1.9M -> 0.5M;
   * seed 4, the slowest, 8.7M -> 8.9M; worse in one order on some (seed 9
   * in the second order 1.0M -> 15.2M, where the first order takes 1.2M).
   * On 50x50 and in 88 colours, where the jumps are on, it costs 3-5 times
   * the nodes. */
  f->near = f->limit == 1 && !f->small && huge && knob ("FF_NEAR", 1);
  f->last_fail = -1;
  /* Counting a cell's pairs, a turn's chain is looked at only down its
   * first four cells on huge boards (any search there): a turn that a cell
   * further down rules out still counts as a pair, and fails at once if it
   * is taken (apply_need marks the chain, which walks it all), so the
   * search only loses pruning, never an answer. A thrashing search spent
   * most of its corner walks here, as the look counted the pairs of the
   * front's cells again after each failure, each walk 30-80 cells down an
   * open diagonal (1000x1000 seed 4, second racing order: 295M of 299M
   * walked cells); and a cell's pair count then followed from cells
   * hundreds of rows away, so the look picked cells for what lay far
   * off. Racing, whole process, one run each, 1000x1000 seeds 1-48 and
   * 500x500 seeds 1-6 (2026-11-28, 16:20): 39 of the 54 under 1 s instead
   * of 35, median 0.52 s instead of 0.64, in all 57 s instead of 75, the
   * slowest 7.7 s instead of 13.5 (seed 39 13.5 -> 0.31 s, seed 36 8.9 ->
   * 7.7 s; worse on some: seed 15 0.58 -> 2.0 s, seed 21 2.2 -> 3.0 s).
   * On 50x50 and in 88 colours it cost 13 % and 64 % more nodes, so there
   * the whole chain counts. */
  f->corner_look = huge ? knob ("FF_CLOOK", 4) : G_MAXINT;
  f->options = options;
  f->deadline = hb_deadline (options);
  f->cancellable = cancellable;
  f->trace = trace;
  f->tracing = hb_trace_wants (trace);

  /* The set-up takes 0.4-1.1 s on 4096x4096 (its tables, then the passes
   * below), and a deadline that came during it was seen only by
   * fast_run after it: 'solve --time-limit 1' in 6 colours there ended
   * 0.6-0.8 s late when the chains had stopped just before the deadline.
   * Stopped, it returns with the rest unset, which fast_run then never
   * reads (it stops at once), and fast_clear frees what there is. */
  if (hb_cancel_is_set (cancellable))
    return;
  for (gsize p = 0; p < f->N; p++)
    f->cell[p].col = WALL;
  for (int y = 0; y < h; y++)
    {
      if ((y & 255) == 255 && hb_cancel_is_set (cancellable))
        return;
      for (int x = 0; x < w; x++)
        {
          guint8 d = s->dot[y * w + x];
          f->cell[(y + 1) * f->W + x + 1].col = d;
          if (d != 0)
            f->flags[(y + 1) * f->W + x + 1] |= FLAG_DOT;
          f->free_cells += d == 0;
        }
    }
  /* The stacks that grow with the search hold at most one entry per cell
   * (each step fills a free cell, each mark gives one with no arms known
   * the arms it must have, and both are taken back before the cell is
   * filled or marked again; a mark joins at most two run ends, two pairs
   * on the ends trail). So they are reserved whole, and their pages only
   * taken as they reach them (written before read, so not zeroed): on a
   * 1000x1000 board the trail alone can be 80 MB a search, which took
   * 20,000 faults on 4 kB pages and a copy at each doubling. */
  f->trail_cap = f->N;
  f->trail = table_reserve (f->trail_cap * sizeof *f->trail);
  f->marks_cap = f->N;
  f->marks = table_reserve (f->marks_cap * sizeof *f->marks);
  if (f->bj)
    {
      f->dep = table_new (f->N * sizeof *f->dep);
      if (knob ("FF_NG", 1))
        {
          f->ng_first = g_new (int, f->N);
          memset (f->ng_first, 0xff, f->N * sizeof *f->ng_first);
          f->ng_free = -1;
          f->ng_lits = knob ("FF_NGC", 1);
        }
      f->trail_dep = table_reserve (3 * f->trail_cap * sizeof *f->trail_dep);
      f->marks_dep = table_reserve (f->marks_cap * sizeof *f->marks_dep);
    }
  /* The first run's order, by default: from the bottom right, turns
   * first, where failed pairs are kept; from the top left, straights
   * first, elsewhere (see fast_solve for the racing pair). */
  f->variant0 = variant0 >= 0 ? variant0 : f->ng_first != NULL ? 3 : 0;
  set_order (f, knob ("FF_ORDER", f->variant0 % 8));
  f->ends_cap = 4 * f->marks_cap;
  f->ends_trail = table_reserve (f->ends_cap * sizeof *f->ends_trail);
  int first[FLOW_MAX_COLOURS], second[FLOW_MAX_COLOURS], count[FLOW_MAX_COLOURS];
  flow_all_endpoints (s, first, second, count);
  for (int c = 0; c < f->colours; c++)
    {
      int a = first[c], b = second[c];
      if (count[c] != 2)
        {
          f->bad_dots = TRUE;
          break;
        }
      a = (a / w + 1) * f->W + a % w + 1;
      b = (b / w + 1) * f->W + b % w + 1;
      f->head[c][0] = a;
      f->head[c][1] = b;
      if (dir_between (f, a, b) != 0 || a + f->off[0] == b)
        {
          int d = dir_between (f, a, b);
          f->done[c] = 1;   /* dots side by side: joined already */
          f->cell[a].links |= (guint8) (1u << d);
          f->cell[b].links |= (guint8) (1u << HB_DIR_OPPOSITE (d));
        }
      else
        {
          f->open++;
          f->cell[a].hid = (guint8) (2 * c + 1);
          f->cell[b].hid = (guint8) (2 * c + 2);
        }
    }

  if (hb_cancel_is_set (cancellable))
    return;
  for (int a = 0; a < 4; a++)
    {
      int b = (a + 1) & 3, dx = hb_dir_dx[a] + hb_dir_dx[b], dy = hb_dir_dy[a] + hb_dir_dy[b];
      int step = f->off[a] + f->off[b];
      guint8 *t = f->flags, bit = (guint8) (1u << a);
      /* Row by row, the row of p + step before p's; the board's cells
       * only (x and y from 1), the last cell of each diagonal stays 0. */
      for (int i = 0; i < h; i++)
        {
          int y = dy > 0 ? h - i : i + 1, x0 = dx > 0 ? 1 : 2, x1 = dx > 0 ? w - 1 : w;
          if ((i & 255) == 255 && hb_cancel_is_set (cancellable))
            return;
          if (y + dy < 1 || y + dy > h)
            continue;
          for (int x = x0; x <= x1; x++)
            {
              gsize p = (gsize) y * f->W + x, q = p + step;
              if ((t[q] & (FLAG_DOT | bit)) != 0)
                t[p] |= bit;
            }
        }
    }
  if (hb_cancel_is_set (cancellable))
    return;
  ray_init (f);
}

/* Boards under this many cells alternate diagonal and row orders in their
 * restarts (see restart_order). */
#define ROWS_MAX_CELLS 3600

/* The order of run `run` (run 0 is fast_init's, variant0): the next
 * diagonal order up each time; on boards under ROWS_MAX_CELLS (and in the
 * second racing search on larger ones) every second run sweeps rows or
 * columns instead (rows from the corner of variant0 & 3 first). A level
 * that is slow in every diagonal order is often quick in one of rows or
 * columns: generated 50x50, seeds 1-840, one search in each
 * order with no restart, the fastest order of each level took at most
 * 195 ms among the diagonals (seed 685: 195-568 ms in all eight) and at
 * most 111 ms among all sixteen (seed 685 48 ms sweeping rows from the
 * bottom right). Raced, whole process, two rounds on those 840 levels: the
 * slowest 0.49 and 0.54 s instead of 1.03 and 1.09 s, 15 and 16 over
 * 300 ms instead of 17 and 19, the same median (50 ms) and the same total
 * time. On 70x70 to 80x80 in 88 colours the rows made the restarts slower
 * (70x70, 12 levels: 34 s in all instead of 22 s), hence the size limit;
 * there only the second of two racing searches takes them (up to huge
 * boards, whose pair is chosen apart): 70x70 to 80x80 in 88 colours, 24
 * levels, two rounds, 10 s: 23 solved instead of 22 (75x75 seed 7 in
 * 4.6 s, where the pair gave up; one search with no restart takes 3.6 s at
 * best sweeping diagonals, 2.3 s sweeping rows), 72 s in all instead
 * of 73-74 s; 60x60 and 65x65 in 88 colours and 60x60 to 200x200 in 10-30
 * colours (39 levels) the same. */
static int
restart_order (const Fast *f, int run)
{
  if (((gsize) f->w * f->h < ROWS_MAX_CELLS || (f->second && !f->huge)) && knob ("FF_ROWS", 1))
    return run % 2 == 0 ? (f->variant0 + run / 2) % 8
                        : 8 + ((f->variant0 & 3) + run / 2) % 8;
  return (f->variant0 + run) % 8;
}

/* Runs the search set up by fast_init: f->finished unless it stopped, then
 * f->solutions and (with one or more) f->answer. */
static void
fast_run (Fast *f)
{
  int w = f->w, h = f->h;

  if (f->bad_dots || f->colours == 0)
    f->finished = TRUE;
  else if (hb_cancel_is_set (f->cancellable))
    {
      /* Stopped while set up (a 4096x4096 board takes most of a second):
       * not the first propagation too, which polls nothing. */
      f->stopped = TRUE;
      f->stop_reason = HB_STOP_CANCELLED;
      f->finished = FALSE;
    }
  else
    {
      check_all (f);
      guint8 all[FLOW_MAX_COLOURS];

      f->region_due = f->planar_due = TRUE;
      f->planar_tick = f->planar_gap;   /* the start is checked */
      memset (all, 1, sizeof all);
      f->snap = g_malloc0 (f->N);
      if (f->limit == 1 && !f->small && knob ("FF_RESTART", 1))
        {
          /* Racing, twice the allowance: with two searches each may dig
           * longer before giving up on an order (generated 50x50, seeds
           * 1-120: 14.3 million nodes for the winners instead of 15.7, 3
           * levels over 350,000 instead of 11; 60x60 and 65x65 in 88
           * colours 5-8 % fewer; seeds 121-180 about the same). */
          gboolean rows = (gsize) f->w * f->h < ROWS_MAX_CELLS;
          /* With rows in the cycle (see restart_order), shorter first runs
           * that double: generated 50x50, seeds 1-840, raced, whole
           * process, two rounds: 3 and 2 levels over 300 ms instead of 14
           * and 7, the slowest 0.36-0.42 s instead of 0.37-0.44 s, the
           * 99th percentile 0.24-0.26 s instead of 0.28-0.31 s, the same
           * median and total. */
          guint64 len = (guint64) knob ("FF_RLEN", rows ? 40 : f->racing ? 80 : 40) * f->N;
          guint64 grow = (guint64) knob ("FF_RGROW", rows ? 4 : 3);
          for (int run = 0;; run++)
            {
              f->restart_at = run < knob ("FF_RUNS", 16) ? f->nodes + len : 0;
              f->restarted = FALSE;
              f->solutions = search_piece (f, all, NULL, 0, f->limit, TRUE);
              if (!f->restarted)
                break;
              /* Back at the start: every cell looked at again, from
               * another corner. */
              f->stopped = FALSE;
              f->restarts++;
              len = len * grow / 2;
              set_order (f, restart_order (f, run + 1));
              check_all (f);
              f->region_due = f->planar_due = TRUE;
              f->planar_tick = f->planar_gap;
            }
          f->restart_at = 0;
        }
      else
        f->solutions = search_piece (f, all, NULL, 0, f->limit, TRUE);
      f->finished = !f->stopped;
      if (f->solutions > 0)
        {
          f->answer = g_malloc ((gsize) w * h);
          for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
              f->answer[y * w + x] = f->snap[(y + 1) * f->W + x + 1];
        }
    }
}

/* The result of a run. */
static HbResult *
fast_result (Fast *f, const HbState *state, const HbSolveOptions *options)
{
  const FlowState *s = FLOW_CONST (state);
  int w = state->width, h = state->height;
  HbResult *r;

  if (!f->finished)
    {
      r = hb_result_new (HB_STATUS_GAVE_UP);
      if (f->answer != NULL && f->stop_reason != HB_STOP_CANCELLED)
        {
          /* Counting stopped after an answer: give the answer, say the
           * count is not f->finished. */
          g_autofree guint8 *links = g_malloc ((gsize) w * h);
          r->status = HB_STATUS_SOLVED;
          flow_links_from_colours (s, f->answer, links);
          flow_result_set_answer (r, s, f->answer, links, options);
          hb_result_set_message (r, "%s", _("Found an answer, but stopped before the "
                                            "count of solutions was finished"));
        }
      else
        hb_result_stop (r, f->stop_reason, f->nodes, "%s search step", "%s search steps");
    }
  else if (f->solutions > 0)
    {
      g_autofree guint8 *links = g_malloc ((gsize) w * h);
      r = hb_result_new (HB_STATUS_SOLVED);
      flow_links_from_colours (s, f->answer, links);
      flow_result_set_answer (r, s, f->answer, links, options);
      if (options->count_limit > 1)
        hb_result_set_count_message (r, f->solutions, options->count_limit);
    }
  else if (f->bad_dots && (r = flow_result_check_dots (s)) != NULL)
    /* A colour without its pair: which one, and what to do about it. */
    ;
  else
    {
      r = hb_result_new (HB_STATUS_NO_SOLUTION);
      if (f->bad_dots)
        hb_result_set_message (r, "%s", _("a colour does not have exactly two dots"));
      else if (f->colours == 0)
        hb_result_set_message (r, "%s", _("the level has no dots to join"));
      else
        hb_result_set_message (r, "%s", _("the search tried every way to join the dots: "
                                          "none fills the board"));
    }
  hb_result_add_stat (r, N_("nodes"), "%" G_GUINT64_FORMAT, f->nodes);
  hb_result_add_stat (r, N_("branches"), "%" G_GUINT64_FORMAT, f->branches);
  hb_result_add_stat (r, N_("backtracks"), "%" G_GUINT64_FORMAT, f->backtracks);
  hb_result_add_stat (r, N_("forced"), "%" G_GUINT64_FORMAT, f->forced);
  hb_result_add_stat (r, N_("region checks"), "%" G_GUINT64_FORMAT, f->region_checks);
  hb_result_add_stat (r, N_("independent parts"), "%" G_GUINT64_FORMAT, f->parts_found);
  hb_result_add_stat (r, N_("corner cuts"), "%" G_GUINT64_FORMAT, f->corner_cuts);
  hb_result_add_stat (r, N_("cell branches"), "%" G_GUINT64_FORMAT, f->cell_branches);
  hb_result_add_stat (r, N_("restarts"), "%" G_GUINT64_FORMAT, f->restarts);
  hb_result_add_stat (r, N_("backjumps"), "%" G_GUINT64_FORMAT, f->backjumps);
  hb_result_add_stat (r, N_("loops cut"), "%" G_GUINT64_FORMAT, f->loops_cut);
  hb_result_add_stat (r, N_("crossings"), "%" G_GUINT64_FORMAT, f->planar_cuts);
  hb_result_add_stat (r, N_("levels skipped"), "%" G_GUINT64_FORMAT, f->levels_skipped);
  hb_result_add_stat (r, N_("failed pairs skipped"), "%" G_GUINT64_FORMAT, f->ng_cuts);
#ifdef FLOW_FAST_TUNING
  hb_result_add_stat (r, "planar checks", "%" G_GUINT64_FORMAT, f->planar_checks);
  hb_result_add_stat (r, "failed pairs kept", "%" G_GSIZE_FORMAT, f->nng);
  hb_result_add_stat (r, "failed pairs by content", "%" G_GUINT64_FORMAT, f->ng_content);
  hb_result_add_stat (r, "planar edges", "%" G_GUINT64_FORMAT, f->planar_edges);
  for (int i = 0; i < 8; i++)
    {
      char name[16];
      g_snprintf (name, sizeof name, "fail%d", i);
      hb_result_add_stat (r, g_intern_string (name), "%" G_GUINT64_FORMAT, fail_why[i]);
      fail_why[i] = 0;
    }
#endif
  if (options->count_limit > 0 && f->finished)
    hb_result_add_stat (r, N_("solutions"), "%" G_GUINT64_FORMAT, f->solutions);
  return r;
}

static void
fast_clear (Fast *f)
{
  g_free (f->answer);
  g_free (f->snap);
  if (f->cell != NULL)
    g_aligned_free (f->cell - CELL_PAD (f));
  g_aligned_free (f->flags);
  g_aligned_free (f->ray);
  g_aligned_free (f->order);
  g_aligned_free (f->dep);
  g_free (f->ng_first);
  for (gsize i = 0; i < f->nng; i++)
    g_free (f->ng[i].lits);
  g_free (f->ng);
  g_aligned_free (f->marks_dep);
  g_aligned_free (f->trail_dep);
  g_free (f->look_pos);
  g_free (f->look_save);
  if (f->chg != NULL)
    g_aligned_free (f->chg - f->chg_pad);
  g_aligned_free (f->lk_t);
  g_aligned_free (f->lk_m);
  g_aligned_free (f->ends_trail);
  g_aligned_free (f->end);
  g_aligned_free (f->marks);
  g_aligned_free (f->comp);
  g_free (f->queue);
  g_aligned_free (f->trail);
  g_free (f->stack);
  g_aligned_free (f->check);
  g_aligned_free (f->queued);
  g_aligned_free (f->wanted);
  g_free (f->comp_size);
  g_free (f->comp_par);
  g_free (f->comp_dep);
  g_free (f->comp_colour);
  g_free (f->comp_heads);
  g_free (f->comp_even);
  g_free (f->comp_odd);
}

/* A second search racing the first (see fast_solve). */
typedef struct {
  Fast     *f;
  HbCancel *other;   /* the first search's token: set when this one ends first */
  const HbState *state;
  const HbSolveOptions *options;
  HbTrace  *trace;   /* its own steps, or NULL */
  HbCancel *stop;    /* its own token */
  int       variant;
} FastRace;

static gpointer
fast_race (gpointer data)
{
  FastRace *race = data;

  /* Stopped before it was set up (the first search's set-up can take
   * most of a second on 4096x4096): left unset, zeroed for fast_clear,
   * and not finished, so never the answer. */
  if (hb_cancel_is_set (race->stop))
    {
      memset (race->f, 0, sizeof *race->f);
      return NULL;
    }
  /* Set up here, on its own core, while the first search starts (a
   * 1000x1000 board's tables are over 60 MB). */
  fast_init (race->f, race->state, race->options, race->trace, race->stop, race->variant);
  race->f->racing = TRUE;
  race->f->second = TRUE;
  fast_run (race->f);
  if (race->f->finished)
    hb_cancel_set (race->other);
  return NULL;
}

/* The second racing search's order (see set_order), given the first
 * search, whose order fast_init chose. Two variants on: the pair is then
 * from the bottom right and from the top right (diagonals from their
 * bottom end), turns first, where the search keeps failed pairs (boards of
 * 400 to 200,000 cells, one answer, backjumping on), and from the top left
 * and the bottom left, straights first, where it does not. By the two
 * orders' nodes (the faster of each level), with failed pairs kept: generated 50x50 seeds 1-60, 61-120 and 121-180
 * 3.33M, 4.13M and 3.52M instead of 3.88M, 5.18M and 4.33M, the worst
 * level 180k, 262k and 277k instead of 283k, 345k and 298k; 60x60 and
 * 65x65 in 88 colours 3.34M instead of 3.82M (the worst 463k instead of
 * 338k), 70x70 in 88 colours 17.4M instead of 22.7M; worse on 100x100
 * in 25 colours, 87.7M instead of 74.8M, most of it levels neither
 * pair solves within 10 s.
 * On huge boards the second search sweeps from the bottom left with
 * each diagonal from its bottom end (variant 6, not 2, which goes from
 * its top). One search in each of the eight orders on generated
 * 1000x1000 levels in 10 colours (the faster of the pair per level,
 * CPU of the solve with both cores busy, 10 s limit): seeds 1-48, 32
 * under 1 s instead of 27, the slowest 7.1 s instead of 7.7, all 48 in
 * 55 s instead of 66 (the best of the 28 pairs); fresh seeds 49-72 (only
 * orders 0, 2 and 6 measured): 16 under 1 s instead of 14, the slowest
 * 4.9 s instead of 9.6, 28 s instead of 40; 500x500 seeds 1-6 the
 * slowest 1.9 s instead of 4.0 (seed 6 0.80 s instead of 0.22). */
static int
race_variant (const Fast *first)
{
  return (first->variant0 + (first->huge ? knob ("FF_V1H", 6) : 2)) % 8;
}

/* Boards from this many cells may try the corner chains first (see
 * chains_first). */
#define CHAINS_MIN_CELLS 40000
/* The longest the chains may take before the path search starts, in CPU
 * time of each chains thread (see chain_run_init). */
#define CHAINS_SECONDS 3.0

/* Where chains_first waits for the first answer of its two searches, or
 * for both to end. */
typedef struct {
  GMutex lock;
  GCond  cond;
  int    ended;            /* searches that have ended */
  int    solved;           /* the first that answered, or -1 */
} ChainWait;

/* One corner-chain search of chains_first, on its own thread. */
typedef struct {
  const FlowState *level;
  int            variant;
  HbTrace       *live;     /* the caller's trace for the first, NULL for the second */
  HbCancel       stop;     /* its own token */
  HbCancel      *other;    /* the other search's: set when this one answers */
  double         seconds;  /* its CPU time, or 0 */
  guint8        *colour, *links;
  FlowChainStats st;
  FlowChainsEnd  end;
  ChainWait     *wait;     /* told when it ends (or NULL), and its index there */
  int            index;
  gboolean       told;     /* wait was told */
} ChainRun;

/* Sets up run (the level's colour and links allocated) with its own
 * token under `parent`, stopping `other` when it answers, and `seconds`
 * of CPU time when > 0. CPU time, not the clock: on a busy machine (the
 * app's window drawing beside the solve, or other programs) a 1000x1000
 * level in 10 colours (seed 78) had its chains stopped by a 3 s deadline
 * after 47 of the 88 SAT runs it needs, and the path search then took
 * over 10 s; the chains need the same CPU time however busy the machine
 * is, and so does the path search after them. With `wall` > 0 also a
 * deadline on the clock: under a time limit the chains' share of it is
 * the clock's, or on a busy machine their CPU time could take all of a
 * short limit and leave the path search none. */
static void
chain_run_init (ChainRun *run, const FlowState *level, int variant, HbTrace *live,
                HbCancel *parent, HbCancel *other, double seconds, double wall)
{
  gsize n = (gsize) level->base.width * level->base.height;

  *run = (ChainRun) { level, variant, live, { 0 }, other, MAX (seconds, 0), g_malloc (n),
                      g_malloc (n), { 0 }, FLOW_CHAINS_UNSURE };
  hb_cancel_init (&run->stop, parent);
  if (wall > 0)
    hb_cancel_set_deadline (&run->stop, wall);
}

static void
chain_run_clear (ChainRun *run)
{
  g_free (run->colour);
  g_free (run->links);
  run->colour = run->links = NULL;
}

/* The answer of a run that ended SOLVED. The trace keeps only that answer,
 * counted in SAT calls: the chains record no steps, and the steps of a
 * path search they beat are not the search that answered (as the race of
 * two path searches keeps the winner's). */
static HbResult *
chain_run_answer (const ChainRun *run, HbTrace *trace, const HbSolveOptions *options)
{
  HbResult *r = hb_result_new (HB_STATUS_SOLVED);

  if (trace != NULL)
    {
      HbTrace *none = hb_trace_new_like (trace);

      hb_trace_take_steps (trace, none);
      hb_trace_free (none);
    }
  hb_trace_set_counter_name (trace, N_("SAT calls"));
  flow_trace_board (trace, HB_STEP_SOLUTION, run->level, run->colour, run->links, NULL,
                    (gint64) run->st.rounds, NULL);
  flow_result_set_answer (r, run->level, run->colour, run->links, options);
  return r;
}

/* The end of run c, before it takes its solver down: the waiting
 * chains_first can build the answer meanwhile. */
static void
chains_ended (gpointer data, FlowChainsEnd end)
{
  ChainRun *c = data;

  c->end = end;
  c->told = TRUE;
  if (c->wait == NULL)
    return;
  g_mutex_lock (&c->wait->lock);
  c->wait->ended++;
  if (end == FLOW_CHAINS_SOLVED && c->wait->solved < 0)
    c->wait->solved = c->index;
  g_cond_signal (&c->wait->cond);
  g_mutex_unlock (&c->wait->lock);
}

static gpointer
chains_run (gpointer data)
{
  ChainRun *c = data;
  /* The other search is told as soon as the answer is known, and so is
   * the waiting caller: the other stops and the answer is built while
   * this one takes its solver down. */
  FlowChainsNotify notify = { c->other, chains_ended, c };
  FlowChainsEnd end = flow_chains_solve (c->level, c->variant, &c->stop, c->seconds, &notify,
                                         c->live,
                                         c->colour, c->links, &c->st);

  /* Ended before it had a solver (no dots, or stopped before it began):
   * told now. */
  if (!c->told)
    chains_ended (c, end);
  return NULL;
}

/* Big boards with few dots: the corner-chain search (flow-chains.c), two
 * at once (one tries every variable false first, the other true then its
 * saved phases), before the path search, for at most 3 s of CPU time. On the
 * generated 1000x1000 levels in 10 colours, seeds 1-144, the pair answered
 * 141-142 under 1 s (with the flows merged, see merge_flows in
 * flow-chains.c), the slowest in 1.1 s, where the two path searches
 * answered 49-53 of seeds 1-72 under 1 s, the slowest in 6.9 s (see the
 * README); 250x250 to 700x700 in 10 colours were as fast or faster. Only
 * for one answer, on boards of CHAINS_MIN_CELLS cells or more whose
 * chains have at most an eighth as many cells (on 200x200 in 10 colours
 * and 1000x1000 in 88 colours they have more and the SAT problem is too
 * big for what it saves). NULL when it finds no answer: the path search
 * then runs as before (so a "no solution" always comes from it). The
 * stats of the attempt go to `st` (st->candidates 0: not tried), the
 * number of candidates to `candidates` when counted (else 0). */
static HbResult *
chains_first (const HbState *state, const HbSolveOptions *options, HbTrace *trace,
              HbCancel *cancellable, FlowChainStats *st, gsize *candidates)
{
  const FlowState *level = FLOW_CONST (state);
  gsize n = (gsize) state->width * state->height;
  int first[FLOW_MAX_COLOURS], second[FLOW_MAX_COLOURS], count[FLOW_MAX_COLOURS];
  ChainRun run[2];
  ChainWait wait = { .solved = -1 };
  GThread *thread[2] = { NULL, NULL };
  HbResult *r = NULL;
  int nrun = 1;

  memset (st, 0, sizeof *st);
  *candidates = 0;
  if (options->count_limit > 1 || n < CHAINS_MIN_CELLS || level->colours == 0
      || !knob ("FF_CHAINS", 1)
      || !hb_settings_get_switch (options->settings, fast_settings, "chains"))
    return NULL;
  flow_all_endpoints (level, first, second, count);
  for (int c = 0; c < level->colours; c++)
    if (count[c] != 2)
      return NULL;
  *candidates = flow_chains_candidates (level);
  if (*candidates * 8 > n)
    return NULL;
  /* The progress the app shows counts the SAT runs meanwhile. */
  hb_trace_set_counter_name (trace, N_("SAT calls"));
  /* 3 s of CPU time each, or half the time limit if that is less, and
   * under a time limit at most half of it on the clock; then the path
   * search.
   * On a level with no answer the chains rarely prove it (each model's
   * pairs of colours are forbidden one by one): a 300x300 level with two
   * dots swapped, 76 runs in 5 s, where the path search proves it in 1 s. */
  g_mutex_init (&wait.lock);
  g_cond_init (&wait.cond);
  for (int i = 0; i < 2; i++)
    {
      chain_run_init (&run[i], level, i ^ knob ("FF_CV", 0), i == 0 ? trace : NULL, cancellable, &run[1 - i].stop,
                      options->time_limit > 0 ? MIN (options->time_limit / 2, CHAINS_SECONDS)
                                              : CHAINS_SECONDS,
                      options->time_limit > 0 ? options->time_limit / 2 : 0);
      run[i].wait = &wait;
      run[i].index = i;
    }
  /* Racing, both searches run on threads of their own, and this one
   * waits for the first answer (or both ends): it builds the answer
   * while the two take their solvers down, 10-15 ms each on 1000x1000. */
  if (g_get_num_processors () >= 2 && knob ("FF_RACE", 1)
      && hb_settings_get_switch (options->settings, fast_settings, "race"))
    {
      thread[1] = g_thread_try_new ("hb-flow-chains", chains_run, &run[1], NULL);
      if (thread[1] != NULL)
        thread[0] = g_thread_try_new ("hb-flow-chains", chains_run, &run[0], NULL);
    }
  nrun = thread[1] != NULL ? 2 : 1;
  if (thread[0] == NULL)
    chains_run (&run[0]);
  g_mutex_lock (&wait.lock);
  while (wait.solved < 0 && wait.ended < nrun)
    g_cond_wait (&wait.cond, &wait.lock);
  g_mutex_unlock (&wait.lock);
  if (wait.solved >= 0)
    {
      *st = run[wait.solved].st;
      r = chain_run_answer (&run[wait.solved], trace, options);
    }
  for (int i = 0; i < 2; i++)
    if (thread[i] != NULL)
      g_thread_join (thread[i]);
  g_mutex_clear (&wait.lock);
  g_cond_clear (&wait.cond);
  if (r == NULL)
    {
      /* All the candidates, counted above: a search stopped while it
       * built them has only those it built. */
      *st = run[0].st;
      st->candidates = *candidates;
      hb_trace_set_counter_name (trace, N_("search steps"));
    }
  for (int i = 0; i < 2; i++)
    chain_run_clear (&run[i]);
  return r;
}

/* Boards from this many cells may race the chains beside the path search
 * (see chains_beside), and up to this many candidates. */
#define BESIDE_MIN_CELLS 3600
#define BESIDE_MAX_CANDIDATES 100000

/* Whether the second core runs the corner chains (the variant that
 * follows CaDiCaL's phases) instead of a second path search, on a board
 * where they do not come first: from 3,600 cells (60x60) up, with more dots (the
 * chains' candidates more than an eighth of the cells and at most 1.2
 * times as many; *candidates is their number, 0 when not counted yet,
 * and gets it when it counts them).
 * There the path search often fails where the chains do not, and the
 * other way round. Measured (2026-11-29, generated levels, one search
 * each, both cores busy): 80x80 in 40 colours, the path search solved 1
 * of 4 within 10 s and the chains 4 (1.7-5.6 s); 100x100 in 20 colours
 * 0.9-1.7 s against 0.12-0.41 s; in 40 colours 0 of 3 against 2
 * (3.8, 9.3 s); 200x200 in 20 colours 1.4 s, 5.1 s and none against
 * 0.37, 0.74 and 2.3 s; the path search is the faster on some 60x60 to
 * 100x100 levels in 20-30 colours (0.65 s against 1.55 s), which it
 * still answers. On 75x75 in 88 colours (1.9 times the cells) the chains
 * solved 1 of 8 and the two path searches 6: left to them. */
static gboolean
chains_beside (const HbState *state, const HbSolveOptions *options, gsize *candidates)
{
  gsize n = (gsize) state->width * state->height;

  if (n < (gsize) knob ("FF_BMIN", BESIDE_MIN_CELLS) || !knob ("FF_BESIDE", 1)
      || !hb_settings_get_switch (options->settings, fast_settings, "chains"))
    return FALSE;
  if (*candidates == 0)
    *candidates = flow_chains_candidates (FLOW_CONST (state));
  return *candidates * 8 > n && *candidates * 5 <= n * 6
         && *candidates <= BESIDE_MAX_CANDIDATES;
}

static void
chains_stats (HbResult *r, const FlowChainStats *st)
{
  if (st->candidates == 0)
    return;
  hb_result_add_stat (r, N_("chain candidates"), "%" G_GUINT64_FORMAT, st->candidates);
  hb_result_add_stat (r, N_("chain SAT variables"), "%" G_GUINT64_FORMAT, st->variables);
  hb_result_add_stat (r, N_("chain SAT clauses"), "%" G_GUINT64_FORMAT, st->clauses);
  hb_result_add_stat (r, N_("chain SAT runs"), "%" G_GUINT64_FORMAT, st->rounds);
  hb_result_add_stat (r, N_("paths of two colours cut"), "%" G_GUINT64_FORMAT, st->paths);
  hb_result_add_stat (r, N_("chain loops cut"), "%" G_GUINT64_FORMAT, st->loops);
  hb_result_add_stat (r, N_("chain touches cut"), "%" G_GUINT64_FORMAT, st->touches);
}

/* On large boards, when one answer is wanted, the time a search takes
 * depends mostly on the board but also a good deal on the corner the sweep
 * starts from and on the order of a cell's choices (the restarts change
 * both): on the generated 50x50 levels, seeds 1-60, the slowest level of
 * each of the eight orders took 0.65-1.4 s of CPU, and a level slow in one
 * is often quick in another. So with a second core a second search starts
 * from another corner or the other end of the diagonals (see
 * race_variant) on its own thread, and the first to finish answers and
 * stops the other: the slowest level of those sixty took 0.28 s of wall
 * time (with the longer restarts of a racing search, see fast_run). Both are
 * whole searches (their last run has no restart limit), so "no solution"
 * from either is a proof. When the steps are recorded for the player, each
 * search records its own and the trace gets the winner's, so the player
 * shows the search that found the answer. Not when counting. */
static HbResult *
fast_solve (const HbState *state, const HbSolveOptions *options,
            HbTrace *trace, HbCancel *cancellable, GError **error)
{
  Fast f[2];
  HbCancel stop[2];
  GThread *thread = NULL;
  HbTrace *trace1 = NULL;
  FastRace race;
  ChainRun beside = { 0 };
  HbResult *r;
  FlowChainStats chains;
  gsize candidates;
  gboolean by_chains = FALSE;   /* the second core runs the chains */
  int v0 = knob ("FF_V0", -1), win = 0;

  (void) error;
  hb_trace_set_counter_name (trace, N_("search steps"));
  r = chains_first (state, options, trace, cancellable, &chains, &candidates);
  if (r != NULL)
    {
      chains_stats (r, &chains);
      return r;
    }
  /* Stopped already (by the chains' time, or before): no search is set
   * up, which takes 0.5 s a search on 4096x4096, and no second one is
   * started to be set up while this waits for it (under --time-limit 1
   * that was 0.5-1.5 s past the limit). Said as stopped, never as no
   * solution. */
  if (hb_cancel_is_set (cancellable))
    {
      r = hb_result_stop (hb_result_new (HB_STATUS_CANCELLED), HB_STOP_CANCELLED, 0, NULL, NULL);
      chains_stats (r, &chains);
      return r;
    }
  hb_cancel_init (&stop[0], cancellable);
  hb_cancel_init (&stop[1], cancellable);
  fast_init (&f[0], state, options, trace, &stop[0], v0);
  if (f[0].limit == 1 && !f[0].small && !f[0].bad_dots
      && f[0].colours > 0 && knob ("FF_RACE", 1)
      && hb_settings_get_switch (options->settings, fast_settings, "race")
      && g_get_num_processors () >= 2)
    {
      if (chains_beside (state, options, &candidates))
        {
          /* The chains on the second core: the path search stays a
           * single one (its restarts as without the race). It keeps its
           * own time limit; the chains stop at it too (their token's
           * parent carries hb_solve's deadline) and when the path search
           * stops. */
          chain_run_init (&beside, FLOW_CONST (state), 1, NULL, cancellable, &stop[0], 0, 0);
          thread = g_thread_try_new ("hb-flow-chains", chains_run, &beside, NULL);
          by_chains = thread != NULL;
        }
      else
        {
          /* When the steps are recorded, the second search records its
           * own, and they become the trace's if it answers first. */
          if (f[0].tracing)
            trace1 = hb_trace_new_like (trace);
          race = (FastRace) { &f[1], &stop[0], state, options, trace1, &stop[1],
                              race_variant (&f[0]) };
          thread = g_thread_try_new ("hb-flow-race", fast_race, &race, NULL);
          f[0].racing = thread != NULL;
        }
    }
  fast_run (&f[0]);
  if (thread != NULL)
    {
      /* The chains stop whenever the path search does (finished, or at
       * its time or node limit); a second path search only when the
       * first finished (it keeps the same limits). */
      if (by_chains)
        hb_cancel_set (&beside.stop);
      else if (f[0].finished)
        hb_cancel_set (&stop[1]);
      g_thread_join (thread);
      /* The first search stopped because the second had finished. */
      if (by_chains)
        {
          win = !f[0].finished && beside.end == FLOW_CHAINS_SOLVED ? -1 : 0;
          chains = beside.st;
          chains.candidates = candidates;   /* all, as chains_first's */
        }
      else
        win = !f[0].finished && f[1].finished;
      if (win == 1 && trace1 != NULL)
        hb_trace_take_steps (trace, trace1);
    }
  hb_trace_free (trace1);
  r = win < 0 ? chain_run_answer (&beside, trace, options) : fast_result (&f[win], state, options);
  hb_result_add_stat (r, N_("parallel searches"), "%d", thread != NULL ? 2 : 1);
  chains_stats (r, &chains);
  fast_clear (&f[0]);
  if (thread != NULL && !by_chains)
    fast_clear (&f[1]);
  chain_run_clear (&beside);
  return r;
}

const HbSolver flow_solver_fast = {
  .id = "fast",
  .name = N_("Two-headed path search"),
  .summary = N_("Grows every path from both dots, the most constrained cells first, pruned "
                "by dead-end, corner and region checks; counts solutions; on big boards a "
                "second search or SAT races it on another core"),
  .flags = HB_SOLVER_EXACT | HB_SOLVER_COUNTS | HB_SOLVER_ANIMATED,
  .settings = fast_settings,
  .solve = fast_solve,
};
