/* flow-chains.c: Flow Free as a SAT problem over corner chains, for big
 * boards with few dots (the fast solver races two of these first there).
 *
 * The corner rule (see flow-solve-fast.c): where an answer's path turns,
 * the cell inside the turn is a turn of another colour bending the same
 * way, and so on down the diagonal until a dot. So every turn of an answer
 * lies on a chain of same-way turns that starts next to a dot and runs
 * outwards along one of its four diagonals, and a dot has at most two
 * (its arm leaves the two cells a chain's first turn takes). An answer is
 * then fixed by each dot's arm and the length of each chain: on a
 * 1000x1000 board in 10 colours, 20 arms and a dozen lengths, where the
 * cell search decides a million cells.
 *
 * The encoding (CaDiCaL, as the write-up's SAT solver):
 * - a dot's arm: one of four variables; a chain's length in order
 *   encoding, one variable per turn it may have ("the chain reaches its
 *   k-th cell"), each implying the one before; a cell on several chains
 *   is a turn of at most one.
 * - the candidates (dots and the cells of chains) of each row, in order,
 *   with a flow variable per gap between two: whether a horizontal path
 *   runs through the gap. A candidate that is no turn passes the flow on;
 *   one that is has an arm into the gap on each side exactly when the gap
 *   flows; the board's edge never flows. The same down each column.
 * - every cell is on exactly one path: a cell that is no candidate lies
 *   in one row gap and one column gap, and exactly one of the two flows.
 *   Two cells one above the other, neither a candidate, share the column
 *   gap, so their row gaps flow alike: the row gaps that overlap from
 *   one row to the next are one variable, and a column gap is the
 *   negation of its top cell's row gap (these equivalences are merged
 *   before the clauses are written, see merge_flows); a candidate cell
 *   that is no turn: exactly one of its two flows, unless it turns.
 * The clauses go to a buffer first; unit propagation there fixes what
 * holds at the root, and only what is left goes to the solver
 * (root_simplify).
 * What the clauses leave out is checked on each model (as the write-up
 * checks for cycles): the paths are followed from dot to dot, turn to
 * turn, and a path that joins two colours or a loop of turns with no dot
 * is forbidden by a clause (its turns, and the cells its segments pass
 * that are no turns), every such path of the model at once; then the
 * solver runs again on the same instance. The model that passes is drawn
 * cell by cell and checked by flow_is_solved; where a path of it runs
 * beside itself (the touch rule, which the chains do not ensure next to a
 * dot), that much of the path is forbidden too and the solver runs again
 * (touch_nogoods).
 *
 * Measured (2026-11-29, generated 1000x1000 levels in 10 colours, seeds
 * 1-144, one search per level, whole process): trying every variable
 * false first, always (CaDiCaL's phase 0 and forcephase), 136 under 1 s,
 * the slowest 4.0 s; CaDiCaL's default phases, 134 and 7.0 s; the faster
 * of the two per level, 139 under 1 s and 1.6 s, the best pair of the
 * option sets tried (target phases, restart intervals). CaDiCaL's
 * "lucky" phases are off: on seed 25 they took 250 solver runs instead
 * of 34 (8.8 s against 0.6 s). Adding every bad path of a model at once
 * instead of the first cut the runs 2-70 times (seed 39: 1,332 runs and
 * 26 s, then 19 runs). Encoding the colours as bits of each gap instead
 * of checking the paths made one run enough but each run slower (median
 * 1.0 s against 0.26 s), and encoding them only along the bad paths
 * found was no better. On 88 colours the chains cover a quarter of a
 * 1000x1000 board: too big for what they save; in 20-40 colours both
 * this and the path search mostly give up within 10 s. */
#include "flow.h"

#include <ccadical.h>
#ifdef FLOW_FAST_TUNING
#include <stdio.h>
#endif
#include <stdlib.h>
#include <string.h>

typedef struct {
  int cell;
  int chain;    /* dot * 4 + diagonal, or -1 for a dot */
  int k;        /* its place on the chain, 1 next to the dot */
  int lit;      /* the candidate is a turn (a dot: the constant true) */
  int arm[4];   /* the literal of an arm in direction d, or 0 (never) */
  int prow;     /* its place in its row's list */
  int pcol;     /* and in its column's */
} Cand;

typedef struct {
  int *idx;     /* the candidates, in order along the line */
  int  n;
  int *flow;    /* n + 1: flow[i] the gap before candidate i */
} Line;

/* A growing list of candidates (a path's turns or cells passed). */
typedef struct {
  int  *v;
  guint len, cap;
} Ints;

static inline void
ints_push (Ints *a, int x)
{
  if (a->len == a->cap)
    {
      a->cap = MAX (256u, 2 * a->cap);
      a->v = g_renew (int, a->v, a->cap);
    }
  a->v[a->len++] = x;
}

typedef struct {
  const FlowState *level;
  int      w, h, ndots;
  const HbCancel *cancel;
  HbCpuBudget cpu;          /* the search's thread's CPU time (poll_stop) */
  CCaDiCaL *solver;
  int      nvars, t;        /* t: the variable that is always true */
  guint64  clauses;
  GArray  *cand;            /* Cand; the dots first */
  int     *dot_colour;      /* per dot */
  int    (*dot_arm)[4];     /* per dot, the four arm variables */
  Line    *rows, *cols;
  int     *most, *least;        /* per chain, scratch of forbid */
  /* The flows' equivalence classes (see merge_flows): ids above fbase are
   * flows, numbered before they get variables; per id, its parent and
   * whether it is the parent's negation; per flow class root, its
   * variable (0 until used). */
  int      fbase, nflows;
  int     *parent, *var;
  guint8  *flip;
  gboolean clash;           /* a flow class equal to its own negation */
  Ints     turns, between;  /* the path last followed (see follow) */
  gboolean stopped;
  /* The encoding's clauses are written to cnf first (each ended by 0),
   * then simplified at the root and given to the solver (see
   * root_simplify); the clauses added later go straight to it, through
   * `clause`. Per variable of the encoding: its value at the root (fix:
   * 1 true, -1 false, 0 neither) and else its number in the solver. */
  Ints     cnf, clause;
  gboolean direct;
  gint8   *fix;
  int     *map, solver_vars;
  /* The paths of the last model that joined their own colours, as the
   * solver literals that fix them: assumed in the next run (see
   * keep_path). */
  gboolean keep;
  Ints     assume, lits;      /* lits: scratch of forbid and keep_path */
  Ints     assume_at;         /* where each kept path's literals start */
  guint64  kept_refused, kept_some;
} Chains;

static const int dr[4] = { -1, 0, 1, 0 }, dc[4] = { 0, 1, 0, -1 };

/* FF_CORE=0 (a tuning build only): a refused run drops every kept path,
 * as before drop_refused. */
#ifdef FLOW_FAST_TUNING
static gboolean
knob_core (void)
{
  return g_getenv ("FF_CORE") == NULL || atoi (g_getenv ("FF_CORE")) != 0;
}
#else
#define knob_core() TRUE
#endif

/* n zeroed elements of `size` bytes, as g_new0 but written first: fresh
 * pages from calloc that are read before they are written map the shared
 * zero page, and the first write then copies it and flushes the page
 * from every core the process runs on, the racing search's too (perf on
 * an easy 1000x1000 level: 8 % of the samples in those flushes; the path
 * search's table_new does the same for its tables). */
static gpointer
zeroed (gsize n, gsize size)
{
  gpointer p = g_malloc_n (n, size);

  return memset (p, 0, n * size);
}

static int
new_var (Chains *s)
{
  return ++s->nvars;
}

/* A clause of the encoding's literals as the solver gets it: none when a
 * literal holds at the root (FALSE), else its literals that do not fail
 * there, numbered anew, written to out (which may be lits itself: it
 * never writes past what it read); *n_out of them. */
static gboolean
root_clause (const Chains *s, const int *lits, guint n, int *out, guint *n_out)
{
  guint w = 0;

  for (guint i = 0; i < n; i++)
    {
      int v = ABS (lits[i]);

      if (s->fix[v] != 0 && (s->fix[v] > 0) == (lits[i] > 0))
        return FALSE;
    }
  for (guint i = 0; i < n; i++)
    {
      int v = ABS (lits[i]);

      if (s->fix[v] == 0)
        out[w++] = lits[i] > 0 ? s->map[v] : -s->map[v];
    }
  *n_out = w;
  return TRUE;
}

/* Gives the solver a clause of the encoding's literals (root_clause). */
static void
commit (Chains *s, int *lits, guint n)
{
  if (!root_clause (s, lits, n, lits, &n))
    return;
  for (guint i = 0; i < n; i++)
    ccadical_add (s->solver, lits[i]);
  ccadical_add (s->solver, 0);
  s->clauses++;
}

/* Adds a literal of the encoding to the clause being written (0 ends it),
 * as ccadical_add would. */
static void
put (Chains *s, int lit)
{
  if (!s->direct)
    ints_push (&s->cnf, lit);
  else if (lit != 0)
    ints_push (&s->clause, lit);
  else
    {
      commit (s, s->clause.v, s->clause.len);
      s->clause.len = 0;
    }
}

/* A literal's value in the model: > 0 true. */
static int
val (Chains *s, int lit)
{
  int v = ABS (lit), x = s->fix[v] != 0 ? s->fix[v] : ccadical_val (s->solver, s->map[v]) > 0 ? 1 : -1;

  return lit > 0 ? x : -x;
}

/* A new flow id (see merge_flows). */
static int
new_flow (Chains *s)
{
  return s->fbase + ++s->nflows;
}

/* The root of id's class; *neg whether id is its negation. */
static int
find_root (Chains *s, int id, guint8 *neg)
{
  guint8 flip = 0;
  int r = id;

  while (s->parent[r] != r)
    {
      flip ^= s->flip[r];
      r = s->parent[r];
    }
  /* Path compression: id, and each id above it, straight to the root. */
  for (int x = id, f = flip; x != r;)
    {
      int up = s->parent[x], fx = s->flip[x];

      s->parent[x] = r;
      s->flip[x] = (guint8) f;
      f ^= fx;
      x = up;
    }
  *neg = flip;
  return r;
}

/* Records that the literals a and b (variables or flow ids) are equal. */
static void
unite (Chains *s, int a, int b)
{
  guint8 na, nb;
  int ra = find_root (s, ABS (a), &na), rb = find_root (s, ABS (b), &nb);

  na ^= a < 0;
  nb ^= b < 0;
  if (ra == rb)
    {
      s->clash |= na != nb;
      return;
    }
  /* The smaller id is the root, so the constant stays its class's. */
  if (ra < rb)
    {
      int t = ra;

      ra = rb;
      rb = t;
    }
  s->parent[ra] = rb;
  s->flip[ra] = na ^ nb;
}

/* The solver's literal for a literal that may name a flow: its class's
 * variable (made on first use). Give it flow ids, the candidates' and
 * arms' literals and the constant, never a literal it returned: the
 * classes' variables take the numbers after fbase that the flow ids also
 * use. (Numbering the classes' variables past the flow ids instead cost
 * 30 % on 1000x1000 seed 25, 1.52 s against 1.15 s: CaDiCaL 1.5.3 makes
 * an internal variable for every number up to the largest it sees, and
 * decides each in every run.) */
static int
lit_of (Chains *s, int lit)
{
  guint8 neg;
  int r, v;

  if (ABS (lit) <= s->fbase || s->parent == NULL)
    return lit;
  r = find_root (s, ABS (lit), &neg);
  if (r <= s->fbase)
    v = r;
  else
    {
      if (s->var[r - s->fbase] == 0)
        s->var[r - s->fbase] = new_var (s);
      v = s->var[r - s->fbase];
    }
  return (lit < 0) != neg ? -v : v;
}

/* A clause of up to three literals (0: none). The constant true (s->t)
 * makes it hold already and is not added; its negation is dropped. */
static void
clause3 (Chains *s, int a, int b, int c)
{
  int lits[3] = { lit_of (s, a), lit_of (s, b), lit_of (s, c) };

  for (int i = 0; i < 3; i++)
    {
      if (lits[i] == s->t && s->t != 0)
        return;
      /* x or not x holds (a turn's own arm, a merged flow); x twice is x. */
      for (int j = 0; j < i; j++)
        if (lits[i] != 0 && lits[j] == -lits[i])
          return;
        else if (lits[j] == lits[i])
          lits[i] = 0;
    }
  for (int i = 0; i < 3; i++)
    if (lits[i] != 0 && (lits[i] != -s->t || s->t == 0))
      put (s, lits[i]);
  put (s, 0);
}

/* Whether the search is to stop: its token set or past its deadline, or
 * its thread past its CPU time (CaDiCaL asks at every few conflicts). */
static gboolean
poll_stop (Chains *s)
{
  if (hb_cancel_is_set (s->cancel) || hb_cpu_budget_spent (&s->cpu))
    s->stopped = TRUE;
  return s->stopped;
}

static int
terminate_cb (void *data)
{
  return poll_stop (data);
}

/* Whether to stop while checking a model that paired every colour
 * right (drawing it, flow_is_solved, touch_nogoods), polled there: the
 * token or an ancestor set (the racing search answered, the caller
 * cancelled) or an ancestor past its deadline (hb_solve's time limit).
 * Not the token's own deadline nor the CPU budget: those are the search's
 * share of the time (the fast solver's), which the check of a model
 * found within it has always run past; stopped there, the answer would be
 * thrown away and the level left to the path search. */
static gboolean
poll_hard_stop (Chains *s)
{
  if (hb_cancel_was_set (s->cancel)
      || (s->cancel != NULL && hb_cancel_is_set (s->cancel->parent)))
    s->stopped = TRUE;
  return s->stopped;
}

static gboolean
hard_stop_cb (gpointer data)
{
  return poll_hard_stop (data);
}

#define CAND(s, i) (&g_array_index ((s)->cand, Cand, (i)))

static void
add_cand (Chains *s, int cell, int chain, int k, int lit, const int arm[4])
{
  Cand c = { cell, chain, k, lit, { arm[0], arm[1], arm[2], arm[3] }, 0, 0 };

  g_array_append_val (s->cand, c);
}

/* The candidates of the chains: down each dot's four diagonals until the
 * edge or a dot (*count only, when s is NULL for a count). */
static gsize
add_chains (Chains *s, const FlowState *level, int dot, int cell)
{
  int w = level->base.width, h = level->base.height;
  int y = cell / w, x = cell % w;
  gsize n = 0;

  for (int q = 0; q < 4; q++)
    {
      /* q: the diagonal up-left, up-right, down-right, down-left. */
      int sy = q < 2 ? -1 : 1, sx = (q == 0 || q == 3) ? -1 : 1;
      /* The turns' arms point back towards the dot's row and column. */
      int armv = sy < 0 ? HB_DIR_S : HB_DIR_N, armh = sx < 0 ? HB_DIR_E : HB_DIR_W;
      int prev = 0;

      for (int k = 1;; k++)
        {
          int yy = y + k * sy, xx = x + k * sx, lit, arm[4] = { 0, 0, 0, 0 };

          if (yy < 0 || yy >= h || xx < 0 || xx >= w || level->dot[yy * w + xx] != 0)
            break;
          n++;
          if (s == NULL)
            continue;
          lit = new_var (s);
          if (prev != 0)
            clause3 (s, -lit, prev, 0);
          else
            {
              /* The first turn takes the dot's neighbours on its side:
               * the dot's arm goes the other way. */
              clause3 (s, -lit, -s->dot_arm[dot][HB_DIR_OPPOSITE (armv)], 0);
              clause3 (s, -lit, -s->dot_arm[dot][HB_DIR_OPPOSITE (armh)], 0);
            }
          prev = lit;
          arm[armv] = lit;
          arm[armh] = lit;
          add_cand (s, yy * w + xx, dot * 4 + q, k, lit, arm);
        }
    }
  return n;
}

gsize
flow_chains_candidates (const FlowState *level)
{
  int w = level->base.width;
  gsize n = (gsize) w * level->base.height, total = 0;

  for (gsize i = 0; i < n; i++)
    if (level->dot[i] != 0)
      total += 1 + add_chains (NULL, level, 0, (int) i);
  return total;
}

static int
cmp_row (gconstpointer a, gconstpointer b, gpointer data)
{
  Chains *s = data;

  return CAND (s, *(const int *) a)->cell - CAND (s, *(const int *) b)->cell;
}

static int
cmp_col (gconstpointer a, gconstpointer b, gpointer data)
{
  Chains *s = data;

  return CAND (s, *(const int *) a)->cell / s->w - CAND (s, *(const int *) b)->cell / s->w;
}

/* Stopped part way (see encode), it returns with the lines' lists
 * allocated, and the search never reads them. */
static void
build_lines (Chains *s)
{
  int n = (int) s->cand->len;

  s->rows = g_new0 (Line, s->h);
  s->cols = g_new0 (Line, s->w);
  for (int i = 0; i < n; i++)
    {
      s->rows[CAND (s, i)->cell / s->w].n++;
      s->cols[CAND (s, i)->cell % s->w].n++;
    }
  for (int y = 0; y < s->h; y++)
    {
      s->rows[y].idx = g_new (int, s->rows[y].n + 1);
      s->rows[y].n = 0;
    }
  for (int x = 0; x < s->w; x++)
    {
      s->cols[x].idx = g_new (int, s->cols[x].n + 1);
      s->cols[x].n = 0;
    }
  for (int i = 0; i < n; i++)
    {
      Line *r = &s->rows[CAND (s, i)->cell / s->w], *c = &s->cols[CAND (s, i)->cell % s->w];

      r->idx[r->n++] = i;
      c->idx[c->n++] = i;
    }
  for (int y = 0; y < s->h; y++)
    {
      if ((y & 63) == 63 && poll_stop (s))
        return;
      g_qsort_with_data (s->rows[y].idx, s->rows[y].n, sizeof (int), cmp_row, s);
    }
  for (int x = 0; x < s->w; x++)
    {
      if ((x & 63) == 63 && poll_stop (s))
        return;
      g_qsort_with_data (s->cols[x].idx, s->cols[x].n, sizeof (int), cmp_col, s);
    }
  for (int y = 0; y < s->h; y++)
    {
      if ((y & 63) == 63 && poll_stop (s))
        return;
      for (int i = 0; i < s->rows[y].n; i++)
        CAND (s, s->rows[y].idx[i])->prow = i;
    }
  for (int x = 0; x < s->w; x++)
    {
      if ((x & 63) == 63 && poll_stop (s))
        return;
      for (int i = 0; i < s->cols[x].n; i++)
        CAND (s, s->cols[x].idx[i])->pcol = i;
    }
}

/* The flow ids of one line's gaps: the first is the board's edge (never
 * flows), the last likewise (united with it by merge_flows). */
static void
line_flows (Chains *s, Line *l)
{
  l->flow = g_new (int, l->n + 1);
  l->flow[0] = -s->t;
  for (int i = 0; i < l->n; i++)
    l->flow[i + 1] = new_flow (s);
}

/* The flows of one line: `back` is the arm towards the line's start (W or
 * N), `on` the arm towards its end. */
static void
encode_line (Chains *s, Line *l, int back, int on)
{
  for (int i = 0; i < l->n; i++)
    {
      const Cand *p = CAND (s, l->idx[i]);
      int f0 = l->flow[i], f1 = l->flow[i + 1], a = p->lit;
      int lb = p->arm[back] != 0 ? p->arm[back] : -s->t;
      int la = p->arm[on] != 0 ? p->arm[on] : -s->t;

      /* A turn or dot: the gap before flows exactly when it has the arm
       * back, the gap after exactly when it has the arm on. */
      clause3 (s, -a, -f0, lb);
      clause3 (s, -a, f0, -lb);
      clause3 (s, -a, -f1, la);
      clause3 (s, -a, f1, -la);
      if (a != s->t)
        {
          /* No turn: the flow passes. */
          clause3 (s, a, -f1, f0);
          clause3 (s, a, f1, -f0);
        }
    }
}

/* The flow variable of the gap of row l holding column x, which is no
 * candidate's. */
static int
gap_flow (Chains *s, const Line *l, int x)
{
  int lo = 0, hi = l->n;

  while (lo < hi)
    {
      int m = (lo + hi) / 2;

      if (CAND (s, l->idx[m])->cell % s->w < x)
        lo = m + 1;
      else
        hi = m;
    }
  return l->flow[lo];
}

/* The candidates of one cell are consecutive in its row's and column's
 * lists: the place of the first, given one's place j. */
static int
first_at_cell (Chains *s, const Line *l, int j)
{
  int cell = CAND (s, l->idx[j])->cell;

  while (j > 0 && CAND (s, l->idx[j - 1])->cell == cell)
    j--;
  return j;
}

static void
encode_cover (Chains *s)
{
  int n = (int) s->cand->len;
  g_autofree guint8 *seen = zeroed ((gsize) s->w * s->h, 1);

  /* A candidate cell that is no turn: exactly one flow crosses it. */
  for (int i = s->ndots; i < n; i++)
    {
      int x = CAND (s, i)->cell, jr, fr, fc;
      const Line *r = &s->rows[x / s->w], *c = &s->cols[x % s->w];

      if ((i & 16383) == 16383 && poll_stop (s))
        return;
      if (seen[x])
        continue;
      seen[x] = 1;
      /* The first candidate's gap before is the flow arriving at the cell. */
      jr = first_at_cell (s, r, CAND (s, i)->prow);
      fr = lit_of (s, r->flow[jr]);
      fc = lit_of (s, c->flow[first_at_cell (s, c, CAND (s, i)->pcol)]);
      for (int sign = 1; sign >= -1; sign -= 2)
        {
          for (int j = jr; j < r->n && CAND (s, r->idx[j])->cell == x; j++)
            put (s, CAND (s, r->idx[j])->lit);
          put (s, sign * fr);
          put (s, sign * fc);
          put (s, 0);
        }
    }
}

/* The flows that the cells with no candidate make equal, merged before
 * any clause names them (one variable per class): a line's last gap never
 * flows (the board's edge); row gaps that overlap from one row to the next
 * flow alike (their cells share a column gap); a column gap flows exactly
 * when its top cell's row gap does not (the cell is on exactly one). On
 * the generated 1000x1000 level in 10 colours seed 78 this leaves 22,800
 * variables of 53,000 flows and 259,000 clauses of 400,000 (with those
 * that always hold left out), and a SAT run takes 6 ms instead of
 * 11-30 ms (CaDiCaL makes a few decisions a run and propagates through
 * all of it; its own equivalence reasoning runs in inprocessing, which
 * these few conflicts never reach). Seeds 1-144,
 * raced, whole process, two rounds alternating with the unmerged
 * encoding: 141-142 under 1 s instead of 134-135, median 0.31 s instead
 * of 0.42-0.44 s, the slowest 1.11-1.13 s (seeds 25, 139) instead of
 * 1.56-1.61 s. */
static void
merge_flows (Chains *s)
{
  int ids = s->fbase + s->nflows + 1;

  s->parent = g_new (int, ids);
  s->flip = zeroed (ids, 1);
  s->var = zeroed (s->nflows + 1, sizeof *s->var);
  for (int i = 0; i < ids; i++)
    s->parent[i] = i;
  if (poll_stop (s))
    return;
  for (int y = 0; y < s->h; y++)
    unite (s, s->rows[y].flow[s->rows[y].n], -s->t);
  for (int x = 0; x < s->w; x++)
    unite (s, s->cols[x].flow[s->cols[x].n], -s->t);
  for (int y = 0; y + 1 < s->h; y++)
    {
      const Line *a = &s->rows[y], *b = &s->rows[y + 1];
      int i = 0, j = 0, x = 0;

      if ((y & 63) == 63 && poll_stop (s))
        return;
      while (x < s->w)
        {
          int ea, eb;

          while (i < a->n && CAND (s, a->idx[i])->cell % s->w < x)
            i++;
          while (j < b->n && CAND (s, b->idx[j])->cell % s->w < x)
            j++;
          ea = i < a->n ? CAND (s, a->idx[i])->cell % s->w : s->w;
          eb = j < b->n ? CAND (s, b->idx[j])->cell % s->w : s->w;
          if (ea == x || eb == x)
            {
              x++;
              continue;
            }
          unite (s, a->flow[i], b->flow[j]);
          x = MIN (ea, eb);
        }
    }
  for (int x = 0; x < s->w; x++)
    {
      const Line *c = &s->cols[x];
      int y = 0;

      if ((x & 63) == 63 && poll_stop (s))
        return;
      for (int i = 0; i <= c->n; i++)
        {
          int end = i < c->n ? CAND (s, c->idx[i])->cell / s->w : s->h;

          if (end > y)
            unite (s, c->flow[i], -gap_flow (s, &s->rows[y], x));
          y = MAX (y, end + 1);
        }
    }
  /* A class equal to its own negation: no answer. */
  if (s->clash)
    put (s, 0);
}

/* Unit propagation over the encoding's clauses, as the solver does at its
 * root before its first decision, then the clauses that are left, without
 * the variables it fixed, go to the solver, numbered anew. About a third of
 * the variables are fixed so (the turns the dots' sides force or rule out,
 * the flows beside them; 1000x1000 seed 25: 39,400 variables and 178,000
 * clauses left of 55,200 and 245,000), and writing the problem to CaDiCaL
 * was two thirds of the time of an easy huge level: seed 5 takes 0.16 s
 * instead of 0.20 s, whole process, raced; seeds 1-144 39.7 s instead of
 * 44.6 s in all, median 0.23 s instead of 0.25 s (2026-11-29). A conflict
 * at the root gives the solver the empty clause. */
static void
root_simplify (Chains *s)
{
  const int *lit = s->cnf.v;
  guint nlits = s->cnf.len, nclauses = 0;
  int nv = s->nvars, head = 0, tail = 0, m = 0;
  gboolean conflict = FALSE;
  g_autofree guint *start = NULL;
  g_autofree guint *occ_at = zeroed (2 * (gsize) nv + 3, sizeof (guint));
  g_autofree guint *occ = NULL;
  g_autofree int *count = NULL;
  g_autofree guint8 *sat = NULL;
  g_autofree int *queue = g_new (int, nv + 1);

  for (guint i = 0; i < nlits; i++)
    {
      if ((i & 0xfffff) == 0xfffff && poll_stop (s))
        return;
      nclauses += lit[i] == 0;
    }
  start = g_new (guint, nclauses + 1);
  count = g_new (int, nclauses);
  sat = zeroed (nclauses, 1);
  s->fix = zeroed (nv + 1, 1);
  s->map = zeroed (nv + 1, sizeof *s->map);
  /* Each clause's place, and each literal's clauses (2v + 1 for -v). */
#define OCC(l) (2 * (guint) ABS (l) + ((l) < 0))
  for (guint i = 0, c = 0; i < nlits; i++)
    {
      if ((i & 0xfffff) == 0xfffff && poll_stop (s))
        return;
      if (lit[i] == 0)
        start[++c] = i + 1;
      else
        occ_at[OCC (lit[i]) + 1]++;
    }
  start[0] = 0;
  for (guint i = 1; i < 2 * (guint) nv + 3; i++)
    occ_at[i] += occ_at[i - 1];
  occ = g_new (guint, MAX (occ_at[2 * nv + 2], 1u));
  {
    g_autofree guint *fill = g_memdup2 (occ_at, (2 * (gsize) nv + 3) * sizeof *occ_at);

    for (guint c = 0; c < nclauses; c++)
      {
        if ((c & 65535) == 65535 && poll_stop (s))
          return;
        for (guint i = start[c]; lit[i] != 0; i++)
          occ[fill[OCC (lit[i])]++] = c;
      }
  }
  /* The units, then what they force, until nothing more is forced. */
#define ASSIGN(l)                                                          \
  G_STMT_START {                                                           \
    int v_ = ABS (l);                                                      \
    gint8 x_ = (l) > 0 ? 1 : -1;                                           \
    if (s->fix[v_] == 0)                                                   \
      {                                                                    \
        s->fix[v_] = x_;                                                   \
        queue[tail++] = (l);                                               \
      }                                                                    \
    else if (s->fix[v_] != x_)                                             \
      conflict = TRUE;                                                     \
  } G_STMT_END
  for (guint c = 0; c < nclauses && !conflict; c++)
    {
      count[c] = (int) (start[c + 1] - start[c] - 1);
      if (count[c] == 0)
        conflict = TRUE;
      else if (count[c] == 1)
        ASSIGN (lit[start[c]]);
    }
  while (head < tail && !conflict)
    {
      int l = queue[head++];

      if ((head & 4095) == 0 && poll_stop (s))
        return;
      for (guint j = occ_at[OCC (l)]; j < occ_at[OCC (l) + 1]; j++)
        sat[occ[j]] = 1;
      for (guint j = occ_at[OCC (-l)]; j < occ_at[OCC (-l) + 1] && !conflict; j++)
        {
          guint c = occ[j];
          int open = 0, last = 0;

          if (sat[c] || --count[c] > 1)
            continue;
          /* At most one literal not yet taken as false: look at them all. */
          for (guint i = start[c]; lit[i] != 0; i++)
            {
              int v = ABS (lit[i]);

              if (s->fix[v] == 0)
                {
                  open++;
                  last = lit[i];
                }
              else if ((s->fix[v] > 0) == (lit[i] > 0))
                {
                  sat[c] = 1;
                  break;
                }
            }
          if (sat[c])
            continue;
          if (open == 0)
            conflict = TRUE;
          else if (open == 1)
            ASSIGN (last);
        }
    }
#undef ASSIGN
#undef OCC
  /* The occurrence lists are done with: freed before CaDiCaL gets the
   * clauses, its clauses and watch lists take their place in the heap
   * instead of fresh pages past it. */
  g_clear_pointer (&occ, g_free);
  g_clear_pointer (&occ_at, g_free);
  g_clear_pointer (&count, g_free);
  g_clear_pointer (&queue, g_free);
  s->direct = TRUE;
  if (conflict)
    {
      /* No answer: the solver gets the empty clause alone, and no model
       * is ever read. */
      ccadical_add (s->solver, 0);
      s->clauses++;
    }
  else
    {
      for (int v = 1; v <= nv; v++)
        if (s->fix[v] == 0)
          s->map[v] = ++m;
      s->solver_vars = m;
      /* Polled every 4096 clauses: on a 2000x2000 level (default colours)
       * writing them to CaDiCaL took 2-3 s, and under --time-limit 1 the
       * solve ran 2-4 s past it whenever the encoding had just made it
       * to here before the deadline. A solver stopped with part of the
       * clauses is never run (flow_chains_solve ends on s->stopped). */
      /* The clauses left, as commit would give them (fixed literals
       * out, the rest numbered anew), are first written over the front
       * of cnf and the rest of it let go, with start and sat: CaDiCaL's
       * clauses and watch lists take those places in the heap instead of
       * fresh pages past it (1000x1000 seed 258: each racing search's
       * heap 4 MB smaller with the occurrence lists above). The same
       * clauses in the same order. */
      guint w = 0;
      gboolean stopped = FALSE;
      int *out = s->cnf.v;

      for (guint c = 0; c < nclauses; c++)
        {
          guint n;

          if ((c & 4095) == 4095 && poll_stop (s))
            {
              stopped = TRUE;
              break;
            }
          if (!sat[c] && root_clause (s, lit + start[c], start[c + 1] - start[c] - 1, out + w, &n))
            {
              w += n;
              out[w++] = 0;
            }
        }
      g_clear_pointer (&start, g_free);
      g_clear_pointer (&sat, g_free);
      s->cnf.v = out = g_renew (int, s->cnf.v, MAX (w, 1u));
      s->cnf.len = s->cnf.cap = w;
      for (guint i = 0, c = 0; i < w && !stopped; i++)
        {
          ccadical_add (s->solver, out[i]);
          if (out[i] == 0 && (++c & 4095) == 4095 && poll_stop (s))
            stopped = TRUE;
          s->clauses += out[i] == 0;
        }
    }
  g_free (s->cnf.v);
  s->cnf = (Ints) { 0 };
}

/* The token is polled all through (every dot, every 64 lines, every
 * 16,384 candidates, in root_simplify's passes): on 4096x4096 in the
 * default colours (938,654 candidates, 10M clauses) each step (the
 * chains, the lines, the flows' classes, the cover, root_simplify's
 * passes) took 0.2-0.6 s, and a deadline that came in one waited for its
 * end (0.3-0.65 s past it, 2026-12-02). Stopped, it returns with part
 * built; the search never runs on it and flow_chains_solve frees it. */
static void
encode (Chains *s)
{
  const FlowState *level = s->level;
  gsize ncells = (gsize) s->w * s->h;
  int n;

  /* The constant true: its unit clause by hand (clause3 drops it). */
  put (s, s->nvars + 1);
  put (s, 0);
  s->t = new_var (s);
  s->dot_colour = g_new (int, s->ndots);
  s->dot_arm = g_malloc (sizeof *s->dot_arm * (gsize) s->ndots);
  for (gsize i = 0, k = 0; i < ncells; i++)
    if (level->dot[i] != 0)
      {
        int y = (int) i / s->w, x = (int) i % s->w;

        s->dot_colour[k] = level->dot[i] - 1;
        for (int d = 0; d < 4; d++)
          s->dot_arm[k][d] = new_var (s);
        for (int d = 0; d < 4; d++)
          put (s, s->dot_arm[k][d]);
        put (s, 0);
        for (int d = 0; d < 4; d++)
          {
            int yy = y + dr[d], xx = x + dc[d];

            for (int e = d + 1; e < 4; e++)
              clause3 (s, -s->dot_arm[k][d], -s->dot_arm[k][e], 0);
            if (yy < 0 || yy >= s->h || xx < 0 || xx >= s->w)
              clause3 (s, -s->dot_arm[k][d], 0, 0);
          }
        add_cand (s, (int) i, -1, 0, s->t, s->dot_arm[k]);
        k++;
      }
  for (gsize i = 0, k = 0; i < ncells; i++)
    if (level->dot[i] != 0)
      {
        /* Polled at every dot (up to 16,000 candidates each on 4096x4096). */
        if (poll_stop (s))
          return;
        add_chains (s, level, (int) k++, (int) i);
      }
  /* At most one chain turns at a cell: the turns of a cell are on
   * different diagonals, at most four, linked through `prev`. */
  n = (int) s->cand->len;
  {
    g_autofree int *at = zeroed (ncells, sizeof (int));   /* per cell: its last turn + 1, or 0 */
    g_autofree int *prev = g_new (int, n);

    for (int i = s->ndots; i < n; i++)
      {
        int x = CAND (s, i)->cell;

        if ((i & 16383) == 16383 && poll_stop (s))
          return;
        prev[i] = at[x] - 1;
        for (int j = prev[i]; j >= 0; j = prev[j])
          clause3 (s, -CAND (s, j)->lit, -CAND (s, i)->lit, 0);
        at[x] = i + 1;
      }
  }
  if (poll_stop (s))
    return;
  build_lines (s);
  if (poll_stop (s))
    return;
  s->fbase = s->nvars;
  for (int y = 0; y < s->h; y++)
    line_flows (s, &s->rows[y]);
  for (int x = 0; x < s->w; x++)
    line_flows (s, &s->cols[x]);
  merge_flows (s);
  if (poll_stop (s))
    return;
  /* Every 64 lines the token is polled: a 1000x1000 level in 40 colours
   * (104,000 candidates, 1.5M clauses) took 1.8 s to encode and stop with
   * the other core busy, and now stops in 0.13 s. */
  for (int y = 0; y < s->h; y++)
    {
      if ((y & 63) == 63 && poll_stop (s))
        return;
      encode_line (s, &s->rows[y], HB_DIR_W, HB_DIR_E);
    }
  for (int x = 0; x < s->w; x++)
    {
      if ((x & 63) == 63 && poll_stop (s))
        return;
      encode_line (s, &s->cols[x], HB_DIR_N, HB_DIR_S);
    }
  if (poll_stop (s))
    return;
  encode_cover (s);
  if (poll_stop (s))
    return;
  root_simplify (s);
}

/* The next turn or dot from candidate k going d in the model `act`;
 * the candidates passed are added to `between`. */
static int
next_special (Chains *s, const guint8 *act, int k, int d, Ints *between)
{
  const Cand *p = CAND (s, k);
  const Line *l = (d == HB_DIR_E || d == HB_DIR_W) ? &s->rows[p->cell / s->w]
                                                    : &s->cols[p->cell % s->w];
  int pos = (d == HB_DIR_E || d == HB_DIR_W) ? p->prow : p->pcol;
  int step = (d == HB_DIR_E || d == HB_DIR_S) ? 1 : -1;

  for (int j = pos + step; j >= 0 && j < l->n; j += step)
    {
      int c = l->idx[j];

      if (act[c])
        return c;
      if (between != NULL)
        ints_push (between, c);
    }
  return -1;   /* the flow clauses make this impossible */
}

static int
other_arm (const Cand *p, int d)
{
  for (int e = 0; e < 4; e++)
    if (e != HB_DIR_OPPOSITE (d) && p->arm[e] != 0)
      return e;
  return -1;
}

/* Follows the model's path from candidate `from` going d, turn to turn,
 * until a dot or `from` again, or until `limit` turns and dots are
 * reached: the turns and dots reached go to s->turns (and are marked in
 * `on`), the cells passed to s->between. Returns the
 * last one reached, or -1 when a line runs off the board (which the flow
 * clauses forbid). */
static int
follow (Chains *s, const guint8 *act, guint8 *on, int from, int d, guint limit)
{
  int cur = from;

  s->turns.len = 0;
  s->between.len = 0;
  for (;;)
    {
      int next = next_special (s, act, cur, d, &s->between);

      if (next < 0)
        return -1;
      on[next] = 1;
      ints_push (&s->turns, next);
      if (next < s->ndots || next == from || s->turns.len >= limit)
        return next;
      d = other_arm (CAND (s, next), d);
      cur = next;
    }
}

/* The literals that together fix the path last followed, appended to
 * `out`: the arm of its first dot (`first_arm`, 0 for none), and from
 * s->turns (turns and dots taken) and s->between (cells passed that are
 * no turn) only each chain's farthest turn from its dot, true, and its
 * nearest cell passed, false: a chain reaching its k-th cell reaches the
 * ones before, so these say all the rest. */
static void
path_lits (Chains *s, int first_arm, Ints *out)
{
  const Ints *turns = &s->turns, *between = &s->between;
  int nchains = 4 * s->ndots;

  for (int c = 0; c < nchains; c++)
    {
      s->most[c] = 0;
      s->least[c] = G_MAXINT;
    }
  for (guint i = 0; i < turns->len; i++)
    {
      const Cand *p = CAND (s, turns->v[i]);

      if (p->chain >= 0)
        s->most[p->chain] = MAX (s->most[p->chain], p->k);
    }
  for (guint i = 0; i < between->len; i++)
    {
      const Cand *p = CAND (s, between->v[i]);

      s->least[p->chain] = MIN (s->least[p->chain], p->k);
    }
  if (first_arm != 0)
    ints_push (out, first_arm);
  for (guint i = 0; i < turns->len; i++)
    {
      const Cand *p = CAND (s, turns->v[i]);

      if (p->chain >= 0 && p->k == s->most[p->chain])
        {
          ints_push (out, p->lit);
          s->most[p->chain] = 0;
        }
    }
  for (guint i = 0; i < between->len; i++)
    {
      const Cand *p = CAND (s, between->v[i]);

      if (p->k == s->least[p->chain])
        {
          ints_push (out, -p->lit);
          s->least[p->chain] = G_MAXINT;
        }
    }
}

/* Adds the clause forbidding the path last followed (see path_lits). */
static void
forbid (Chains *s, int first_arm)
{
  s->lits.len = 0;
  path_lits (s, first_arm, &s->lits);
  for (guint i = 0; i < s->lits.len; i++)
    put (s, -s->lits.v[i]);
  put (s, 0);
}

/* Keeping the right paths (2026-11-29). A run's model usually joins most
 * colours right and a few wrong; the wrong paths are forbidden and the
 * solver runs again, and on its own it then moves nearly every path,
 * right ones too, so the slow levels took 100-170 runs. Now the next run
 * assumes every path the last model joined right (the negation of what
 * forbid would write for it: its dot's arm, each chain's farthest turn
 * and nearest cell passed), so only the wrong ones move; when those
 * assumptions cannot all hold the run is repeated without those the
 * refusal used (drop_refused; until 2026-12-04, without any of them).
 * 1000x1000 in 10 colours, one search each (the first phase setting,
 * then the second): seed 362 168 -> 32 and 174 -> 62 runs, 431 163 ->
 * 216 and 127 -> 24, 283 153 -> 44 and 109 -> 6, 25 78 -> 37 and 121 ->
 * 85; the race takes the better of the two.
 *
 * Appends the literals that fix the path last followed (path_lits) to
 * s->assume, as the solver's literals; those fixed at the root need no
 * assuming. */
static void
keep_path (Chains *s, int first_arm)
{
  s->lits.len = 0;
  path_lits (s, first_arm, &s->lits);
  ints_push (&s->assume_at, (int) s->assume.len);
  for (guint i = 0; i < s->lits.len; i++)
    {
      int v = ABS (s->lits.v[i]);

      if (s->fix[v] == 0)
        ints_push (&s->assume, s->lits.v[i] > 0 ? s->map[v] : -s->map[v]);
    }
}

/* After a run refused with the kept right paths assumed (see keep_path):
 * drops the paths whose literals the refusal used (CaDiCaL's failed
 * assumptions) and keeps the others for the next run. FALSE when it used
 * none, as when the clauses alone have no model: then every path goes.
 * Before (2026-11-29 to 12-04) a refusal dropped them all and the next run
 * moved nearly every path again; 1000x1000 in 10 colours, seeds 1-60 and
 * eleven slow ones, one search each, SAT runs in all: 918 instead of 1,869
 * (every variable false first, keeping) and 1,682 instead of 2,893
 * (CaDiCaL's phases, keeping). */
static gboolean
drop_refused (Chains *s)
{
  guint out = 0, kept = 0;

  for (guint p = 0; p < s->assume_at.len; p++)
    {
      guint a = (guint) s->assume_at.v[p];
      guint b = p + 1 < s->assume_at.len ? (guint) s->assume_at.v[p + 1] : s->assume.len;
      gboolean used = FALSE;

      for (guint i = a; i < b && !used; i++)
        used = ccadical_failed (s->solver, s->assume.v[i]) != 0;
      if (used)
        continue;
      s->assume_at.v[kept++] = (int) out;
      for (guint i = a; i < b; i++)
        s->assume.v[out++] = s->assume.v[i];
    }
  if (out == s->assume.len)
    return FALSE;
  s->assume.len = out;
  s->assume_at.len = kept;
  return TRUE;
}

/* Checks the model: every path from a dot ends on its colour's other dot
 * and every turn is on a path. Adds a clause for each path or loop that
 * fails; returns the number added (0: the model is an answer). `arm`
 * gets each dot's arm. */
static int
check_model (Chains *s, guint8 *act, int *arm, FlowChainStats *st)
{
  int n = (int) s->cand->len, added = 0;
  g_autofree guint8 *on = zeroed (n, 1);

  for (int i = 0; i < n; i++)
    act[i] = val (s, CAND (s, i)->lit) > 0;
  for (int k = 0; k < s->ndots; k++)
    for (int d = 0; d < 4; d++)
      if (val (s, s->dot_arm[k][d]) > 0)
        arm[k] = d;
  for (int k = 0; k < s->ndots; k++)
    {
      int next;

      /* Each path once, from its first dot. */
      if (on[k])
        continue;
      next = follow (s, act, on, k, arm[k], G_MAXUINT);
      if (next < 0)
        return -1;
      if (s->dot_colour[next] != s->dot_colour[k] && next > k)
        {
          forbid (s, s->dot_arm[k][arm[k]]);
          st->paths++;
          added++;
        }
      else if (next > k && s->keep)
        keep_path (s, s->dot_arm[k][arm[k]]);
    }
  if (added > 0)
    return added;
  /* Turns on no path: loops. */
  for (int i = s->ndots; i < n; i++)
    if (act[i] && !on[i])
      {
        int d = -1;

        for (int e = 0; e < 4 && d < 0; e++)
          if (CAND (s, i)->arm[e] != 0)
            d = e;
        /* A loop comes back to i; reaching a dot from it cannot be. */
        if (follow (s, act, on, i, d, G_MAXUINT) != i)
          return -1;
        forbid (s, 0);
        st->loops++;
        added++;
      }
  return added;
}

/* Draws the model's paths cell by cell into colour and links, each in
 * the colour of the dot it starts from. FALSE when two paths meet (a model
 * that pairs two colours), or when stopped (s->stopped: it polls
 * poll_hard_stop every 65,536 cells, as drawing a 4096x4096 answer took
 * 0.3-1.2 s); `lenient` draws on regardless (the live view, which does not
 * poll), each path stopping where it meets another. */
static gboolean
draw_model (Chains *s, const guint8 *act, const int *arm, guint8 *colour, guint8 *links,
            gboolean lenient)
{
  gsize ncells = (gsize) s->w * s->h;
  g_autofree guint8 *turn = zeroed (ncells, 1);   /* arms of a turn, bits */
  int n = (int) s->cand->len;
  guint steps = 0;

  memset (colour, 0, ncells);
  memset (links, 0, ncells);
  for (int i = s->ndots; i < n; i++)
    if (act[i])
      for (int e = 0; e < 4; e++)
        if (CAND (s, i)->arm[e] != 0)
          turn[CAND (s, i)->cell] |= (guint8) (1u << e);
  for (int k = 0; k < s->ndots; k++)
    {
      int x = CAND (s, k)->cell, d = arm[k], c = s->dot_colour[k] + 1;

      if (links[x] != 0)
        continue;   /* drawn from the other end */
      colour[x] = (guint8) c;
      for (;;)
        {
          int y = x + dr[d] * s->w + dc[d];

          if (colour[y] != 0 && (colour[y] != c || s->level->dot[y] == 0))
            {
              if (!lenient)
                return FALSE;
              break;
            }
          if (!lenient && (++steps & 0xffff) == 0 && poll_hard_stop (s))
            return FALSE;
          links[x] |= (guint8) (1u << d);
          links[y] |= (guint8) (1u << HB_DIR_OPPOSITE (d));
          colour[y] = (guint8) c;
          x = y;
          if (s->level->dot[x] != 0)
            break;
          if (turn[x] != 0)
            d = __builtin_ctz (turn[x] & ~(1u << HB_DIR_OPPOSITE (d)));
        }
    }
  return TRUE;
}

/* A model whose paths all join their own colours can still break the
 * touch rule: nothing in the clauses keeps a chain's first turn from
 * lying beside its own path's dot, so a path may come back beside itself
 * (a bend round its dot). For each drawn path (colour, links) that does,
 * forbids the path from its first dot up to the first cell that lies
 * beside an earlier cell of it (that much of the path makes the touch,
 * whatever the rest does). Returns the number of clauses added. */
static int
touch_nogoods (Chains *s, const guint8 *act, const int *arm, const guint8 *colour,
               const guint8 *links, FlowChainStats *st)
{
  gsize ncells = (gsize) s->w * s->h;
  g_autofree gint32 *pos = g_new (gint32, ncells);
  g_autofree guint8 *on = zeroed (s->cand->len, 1);
  guint8 seen[FLOW_MAX_COLOURS] = { 0 };
  int added = 0;

  memset (pos, 0xff, ncells * sizeof *pos);
  for (int k = 0; k < s->ndots; k++)
    {
      int x = CAND (s, k)->cell, d = arm[k];
      gint32 step = 0;
      guint count = 0, limit = 0;

      /* Each path once, from the dot draw_model drew it from. */
      if (seen[s->dot_colour[k]])
        continue;
      seen[s->dot_colour[k]] = 1;
      pos[x] = 0;
      while (limit == 0)
        {
          int y = x + dr[d] * s->w + dc[d], yr = y / s->w, yc = y % s->w;
          gboolean special = s->level->dot[y] != 0 || (links[y] != 5 && links[y] != 10);

          /* Polled as draw_model is: stopped, no clause (the caller
           * ends on s->stopped). */
          if ((step & 0xffff) == 0xffff && poll_hard_stop (s))
            return 0;
          pos[y] = ++step;
          count += special;
          for (int e = 0; e < 4; e++)
            {
              int zr = yr + dr[e], zc = yc + dc[e], z = zr * s->w + zc;

              if (zr >= 0 && zr < s->h && zc >= 0 && zc < s->w && colour[z] == colour[y]
                  && (links[y] & (1u << e)) == 0 && pos[z] >= 0 && pos[z] < step)
                limit = special ? count : count + 1;
            }
          if (s->level->dot[y] != 0)
            break;
          if (special)
            d = __builtin_ctz (links[y] & ~(1u << HB_DIR_OPPOSITE (d)));
          x = y;
        }
      if (limit == 0)
        continue;
      if (follow (s, act, on, k, arm[k], limit) < 0)
        return -1;
      forbid (s, s->dot_arm[k][arm[k]]);
      st->touches++;
      added++;
    }
  return added;
}

static gpointer
release_solver (gpointer solver)
{
  ccadical_release (solver);
  return NULL;
}

/* The solver is taken down on a thread of its own when it holds this
 * many clauses or more: CaDiCaL frees each clause apart, and on 4096x4096
 * (3.3M clauses) that took 0.2-0.65 s, which a time limit or a cancel
 * waited for, and an answer too (the fast solver joins the search's
 * thread before it goes on: 50 ms of 460,000 clauses on 4096x4096 in 6
 * colours). Below it, a few milliseconds. */
#define RELEASE_APART_CLAUSES 100000

static void
release (Chains *s)
{
  GThread *thread = NULL;

  if (s->clauses >= RELEASE_APART_CLAUSES)
    thread = g_thread_try_new ("hb-flow-chains-free", release_solver, s->solver, NULL);
  if (thread != NULL)
    g_thread_unref (thread);
  else
    ccadical_release (s->solver);
  s->solver = NULL;
}

/* The live view: the latest model's paths, when a snapshot is due. */
static void
publish_model (Chains *s, HbTrace *live, const guint8 *act, const int *arm)
{
  gsize ncells = (gsize) s->w * s->h;
  g_autofree guint8 *colour = NULL;
  g_autofree guint8 *links = NULL;
  FlowFrame *f;

  if (live == NULL || !hb_trace_snapshot_due (live))
    return;
  colour = g_malloc (ncells);
  links = g_malloc (ncells);
  draw_model (s, act, arm, colour, links, TRUE);
  f = flow_frame_new (s->level);
  flow_frame_set_board (f, colour, links, NULL);
  hb_trace_publish (live, f, (GDestroyNotify) flow_frame_free);
}

FlowChainsEnd
flow_chains_solve (const FlowState *level, int variant, const HbCancel *cancel,
                   double cpu_seconds, const FlowChainsNotify *notify, HbTrace *live,
                   guint8 *colour, guint8 *links, FlowChainStats *st)
{
  Chains s = { 0 };
  FlowChainsEnd end = FLOW_CHAINS_UNSURE;
  g_autofree guint8 *act = NULL;
  g_autofree int *arm = NULL;
  gsize ncells = (gsize) level->base.width * level->base.height;

  memset (st, 0, sizeof *st);
  s.level = level;
  s.w = level->base.width;
  s.h = level->base.height;
  s.cancel = cancel;
  hb_cpu_budget_start (&s.cpu, cpu_seconds);
  for (gsize i = 0; i < ncells; i++)
    s.ndots += level->dot[i] != 0;
  if (s.ndots == 0)
    return FLOW_CHAINS_UNSURE;
  /* Stopped already (a deadline that passed while the caller counted
   * the candidates): nothing is built. */
  if (poll_stop (&s))
    return FLOW_CHAINS_STOPPED;
  s.cand = g_array_new (FALSE, FALSE, sizeof (Cand));
  /* Both phase settings keep the right paths since a refusal drops only
   * what it used (drop_refused; until 2026-12-04 only the second kept).
   * Raced, whole process, 1000x1000 in 10 colours seeds 1-432, two
   * rounds alternating level by level, the faster of each level's two:
   * in all 91.5 s against 95.4 s as before, the 99th percentile 384 ms
   * against 458, the slowest 467 ms (seed 258) against 518 (78); the
   * second setting keeping alone with the new drop: 93.3 s, 379 ms and
   * 594 ms (329). */
  s.keep = TRUE;
#ifdef FLOW_FAST_TUNING
  /* FF_KEEP: 0 every run free, as before keep_path; 1 (the default)
   * both phase settings keep; 2 only the second. */
  if (g_getenv ("FF_KEEP") != NULL)
    {
      int k = atoi (g_getenv ("FF_KEEP"));
      s.keep = k == 1 || (k == 2 && (variant & 1) != 0);
    }
#endif
  s.solver = ccadical_init ();
  ccadical_set_option (s.solver, "quiet", 1);
  ccadical_set_option (s.solver, "lucky", 0);
  if ((variant & 1) == 0)
    {
      ccadical_set_option (s.solver, "phase", 0);
      ccadical_set_option (s.solver, "forcephase", 1);
    }
#ifdef FLOW_FAST_TUNING
  if (g_getenv ("FF_CADICAL") != NULL)
    {
      gchar **kv = g_strsplit (g_getenv ("FF_CADICAL"), ",", -1);
      for (int i = 0; kv[i] != NULL; i++)
        {
          gchar **p2 = g_strsplit (kv[i], "=", 2);
          if (p2[0] != NULL && p2[1] != NULL)
            ccadical_set_option (s.solver, p2[0], atoi (p2[1]));
          g_strfreev (p2);
        }
      g_strfreev (kv);
    }
#endif
  ccadical_set_terminate (s.solver, &s, terminate_cb);
  encode (&s);
  st->candidates = s.cand->len;
  st->variables = (guint64) s.solver_vars;
  s.most = g_new (int, 4 * s.ndots);
  s.least = g_new (int, 4 * s.ndots);
  act = g_new (guint8, s.cand->len);
  arm = g_new0 (int, s.ndots);
  while (!s.stopped)
    {
      int res, added;

      for (guint i = 0; i < s.assume.len; i++)
        ccadical_assume (s.solver, s.assume.v[i]);
      res = ccadical_solve (s.solver);
      if (res == 20 && s.assume.len > 0)
        {
          /* The right paths kept cannot all stay: the same again without
           * those the refusal used, or freely ("no model" only ever
           * without assumptions). */
          s.kept_refused++;
          st->rounds++;
          if (knob_core () && drop_refused (&s))
            s.kept_some++;
          else
            {
              s.assume.len = 0;
              s.assume_at.len = 0;
            }
          continue;
        }
      s.assume.len = 0;
      s.assume_at.len = 0;
      st->rounds++;
      if (res == 20)
        {
          end = FLOW_CHAINS_NONE;
          break;
        }
      if (res != 10)
        break;
      added = check_model (&s, act, arm, st);
      if (added < 0)
        break;
      hb_trace_set_progress (live, (gint64) st->rounds, NULL);
      publish_model (&s, live, act, arm);
      if (added == 0)
        {
          gboolean solved = FALSE;

          /* The racing search may have its answer already: drawing and
           * checking this one (15-25 ms on 1000x1000) would only hold up
           * the answer that waits for this search to stop. */
          if (poll_stop (&s))
            break;
          if (draw_model (&s, act, arm, colour, links, FALSE))
            {
              /* The level with the drawing, without a copy (on
               * 4096x4096, 50 MB to copy), checked polling the stop. */
              FlowState check = *level;

              check.colour = colour;
              check.links = links;
              solved = flow_is_solved_until (&check, hard_stop_cb, &s);
              if (!solved && !s.stopped && touch_nogoods (&s, act, arm, colour, links, st) > 0)
                continue;
            }
          if (solved)
            {
              end = FLOW_CHAINS_SOLVED;
              if (notify != NULL && notify->found != NULL)
                hb_cancel_set (notify->found);
            }
          break;
        }
    }
  if (s.stopped)
    end = FLOW_CHAINS_STOPPED;
  st->clauses = s.clauses;
  st->kept_refused = s.kept_refused;
  st->kept_some = s.kept_some;
#ifdef FLOW_FAST_TUNING
  if (g_getenv ("FF_CSTAT") != NULL)
    fprintf (stderr, "chains variant %d: runs %" G_GUINT64_FORMAT " refused %" G_GUINT64_FORMAT " end %d\n",
             variant, st->rounds, s.kept_refused, (int) end);
#endif
  if (notify != NULL && notify->ended != NULL)
    notify->ended (notify->data, end);
  g_free (s.assume.v);
  g_free (s.assume_at.v);
  g_free (s.lits.v);
  release (&s);
  for (int y = 0; s.rows != NULL && y < s.h; y++)
    {
      g_free (s.rows[y].idx);
      g_free (s.rows[y].flow);
    }
  for (int x = 0; s.cols != NULL && x < s.w; x++)
    {
      g_free (s.cols[x].idx);
      g_free (s.cols[x].flow);
    }
  g_free (s.rows);
  g_free (s.cols);
  g_free (s.most);
  g_free (s.least);
  g_free (s.turns.v);
  g_free (s.between.v);
  g_free (s.cnf.v);
  g_free (s.clause.v);
  g_free (s.fix);
  g_free (s.map);
  g_free (s.parent);
  g_free (s.flip);
  g_free (s.var);
  g_free (s.dot_colour);
  g_free (s.dot_arm);
  g_array_free (s.cand, TRUE);
  return end;
}
