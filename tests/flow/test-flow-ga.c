/* Flow Free: arc consistency and the two genetic algorithms.
 *
 * Arc consistency is checked against the test's own exhaustive search
 * (below, written apart from the game's code): every cell it fixes has
 * that colour in every solution the search finds, and when it says "no
 * solution" the search finds none, on the reference boards, on hand-made
 * ones and on many random small boards. The genetic algorithms' answers
 * are checked by flow-check.h; the same seed repeats the same run. */
#include "flow.h"
#include "flow-check.h"
#include "flow-ga.h"
#include "hb-test-util.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlowState, flow_state_free)

/* ---- Reference boards (../shared/anchors/flow/puzzles, as they are) ---- */

static const char regular_5x5_01[] =
  "R.G.Y\n"
  "..B.O\n"
  ".....\n"
  ".G.Y.\n"
  ".RBO.\n";
static const char regular_6x6_01[] =
  "GYC.RB\n"
  "....O.\n"
  "..C...\n"
  "..R...\n"
  "G.O...\n"
  "Y.B...\n";
static const char regular_7x7_01[] =
  "......B\n"
  ".....OR\n"
  ".O.....\n"
  "...GC..\n"
  "..G.Y..\n"
  "....RY.\n"
  ".....BC\n";
static const char regular_8x8_01[] =
  "....R...\n"
  "....C.GY\n"
  "....GY.C\n"
  "...OB...\n"
  "....O...\n"
  "....B...\n"
  "........\n"
  ".R......\n";
static const char regular_9x9_01[] =
  ".........\n"
  ".RCB.....\n"
  "...CO.OB.\n"
  ".......M.\n"
  ".G.GR....\n"
  "YM.....mP\n"
  ".PY......\n"
  ".m.......\n"
  ".........\n";
static const char extreme_8x8_01[] =
  "........\n"
  ".O......\n"
  "........\n"
  ".....R..\n"
  "...Y...G\n"
  ".R..B..O\n"
  ".......G\n"
  "Y......B\n";
static const char jumbo_10x10_01[] =
  "R....B...B\n"
  "...W......\n"
  "..WG......\n"
  ".COm..O...\n"
  ".g....m.G.\n"
  "........A.\n"
  "..R..M...C\n"
  "YA........\n"
  ".P....g.M.\n"
  ".Y..P.....\n";
static const char unsolvable_cross[] =
  "R...G\n"
  ".....\n"
  ".....\n"
  ".....\n"
  "G...R\n";

static FlowState *
parse (const char *text)
{
  g_autoptr (GError) error = NULL;
  FlowState *s = flow_parse_text (text, strlen (text), &error);

  g_assert_no_error (error);
  g_assert_nonnull (s);
  return s;
}

/* ---- The test's own exhaustive search -------------------------------------
 *
 * Joins the colours one after the other, each by a depth-first walk from its
 * first dot that never touches its own path side by side; prunes when a
 * colour still to join (or the current one) can no longer reach its second
 * dot through empty cells. Every full board it reaches is checked by
 * flow_check_answer before it counts. It keeps, per cell, which colours
 * appeared there across the solutions found (up to a cap). */

typedef struct {
  int w, h, n, colours;
  guint8 *dots, *cells;
  int *a, *b;          /* per colour, in the order joined */
  int *order;          /* colour numbers in joining order */
  int found, cap;
  guint8 *first;       /* the first solution */
  guint8 *agree;       /* 1 where every solution so far equals the first */
  int *queue;
  guint8 *seen;
  guint64 nodes;
} Ref;

static int
ref_nb (const Ref *r, int i, int d)
{
  static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };
  int x = i % r->w + dx[d], y = i / r->w + dy[d];

  if (x < 0 || y < 0 || x >= r->w || y >= r->h)
    return -1;
  return y * r->w + x;
}

/* Can `from` reach `to` through empty cells (to itself may be a dot)? */
static gboolean
ref_reach (Ref *r, int from, int to)
{
  int head = 0, tail = 0;
  gboolean ok = FALSE;

  memset (r->seen, 0, r->n);
  r->queue[tail++] = from;
  r->seen[from] = 1;
  while (head < tail && !ok)
    {
      int i = r->queue[head++];
      for (int d = 0; d < 4; d++)
        {
          int j = ref_nb (r, i, d);
          if (j < 0 || r->seen[j])
            continue;
          if (j == to)
            {
              ok = TRUE;
              break;
            }
          if (r->cells[j] == 0)
            {
              r->seen[j] = 1;
              r->queue[tail++] = j;
            }
        }
    }
  return ok;
}

static gboolean
ref_prune (Ref *r, int k, int head)
{
  if (!ref_reach (r, head, r->b[k]))
    return TRUE;
  for (int m = k + 1; m < r->colours; m++)
    if (!ref_reach (r, r->a[m], r->b[m]))
      return TRUE;
  return FALSE;
}

static void ref_colour (Ref *r, int k);

static void
ref_walk (Ref *r, int k, int head)
{
  int c = r->order[k] + 1;
  gboolean at_end = FALSE;

  if (r->found >= r->cap)
    return;
  r->nodes++;
  for (int d = 0; d < 4; d++)
    if (ref_nb (r, head, d) == r->b[k])
      at_end = TRUE;
  if (at_end)
    {
      /* Next to the second dot: the path must end here (going on would
       * touch the dot side by side). */
      int same = 0;
      for (int d = 0; d < 4; d++)
        {
          int j = ref_nb (r, r->b[k], d);
          same += j >= 0 && r->cells[j] == c;
        }
      if (same == 1)
        ref_colour (r, k + 1);
      return;
    }
  for (int d = 0; d < 4; d++)
    {
      int j = ref_nb (r, head, d), same = 0;
      if (j < 0 || r->cells[j] != 0)
        continue;
      for (int e = 0; e < 4; e++)
        {
          int q = ref_nb (r, j, e);
          same += q >= 0 && q != r->b[k] && r->cells[q] == c;
        }
      if (same != 1)
        continue;   /* would touch its own path */
      r->cells[j] = (guint8) c;
      if (!ref_prune (r, k, j))
        ref_walk (r, k, j);
      r->cells[j] = 0;
    }
}

static void
ref_colour (Ref *r, int k)
{
  if (r->found >= r->cap)
    return;
  if (k == r->colours)
    {
      for (int i = 0; i < r->n; i++)
        if (r->cells[i] == 0)
          return;
      g_assert_null (flow_check_answer (r->w, r->h, r->dots, r->cells));
      if (r->found == 0)
        {
          memcpy (r->first, r->cells, r->n);
          memset (r->agree, 1, r->n);
        }
      else
        for (int i = 0; i < r->n; i++)
          if (r->cells[i] != r->first[i])
            r->agree[i] = 0;
      r->found++;
      return;
    }
  ref_walk (r, k, r->a[k]);
}

/* Runs the search on a level: returns the number of solutions found (up to
 * cap); *first and *agree (n bytes each, caller frees) describe them. */
static int
ref_solve (const FlowState *s, int cap, guint8 **first, guint8 **agree)
{
  Ref r = { 0 };
  int dist[FLOW_MAX_COLOURS];

  r.w = s->base.width;
  r.h = s->base.height;
  r.n = r.w * r.h;
  r.colours = s->colours;
  r.cap = cap;
  r.dots = g_memdup2 (s->dot, r.n);
  r.cells = g_memdup2 (s->dot, r.n);
  r.first = g_malloc0 (r.n);
  r.agree = g_malloc0 (r.n);
  r.queue = g_new (int, r.n);
  r.seen = g_malloc0 (r.n);
  r.a = g_new (int, r.colours);
  r.b = g_new (int, r.colours);
  r.order = g_new (int, r.colours);
  /* Join the closest pairs first. */
  for (int c = 0; c < r.colours; c++)
    {
      int a = -1, b = -1;
      for (int i = 0; i < r.n; i++)
        if (s->dot[i] == c + 1)
          {
            if (a < 0)
              a = i;
            else
              b = i;
          }
      g_assert_cmpint (b, >=, 0);
      r.order[c] = c;
      dist[c] = ABS (a % r.w - b % r.w) + ABS (a / r.w - b / r.w);
    }
  for (int i = 1; i < r.colours; i++)
    for (int j = i; j > 0 && dist[r.order[j]] < dist[r.order[j - 1]]; j--)
      {
        int t = r.order[j];
        r.order[j] = r.order[j - 1];
        r.order[j - 1] = t;
      }
  for (int k = 0; k < r.colours; k++)
    {
      int c = r.order[k], a = -1, b = -1;
      for (int i = 0; i < r.n; i++)
        if (s->dot[i] == c + 1)
          {
            if (a < 0)
              a = i;
            else
              b = i;
          }
      r.a[k] = a;
      r.b[k] = b;
    }
  ref_colour (&r, 0);
  *first = r.first;
  *agree = r.agree;
  g_free (r.dots);
  g_free (r.cells);
  g_free (r.queue);
  g_free (r.seen);
  g_free (r.a);
  g_free (r.b);
  g_free (r.order);
  return r.found;
}

/* Checks flow_ac_forced against the search on one level; returns the
 * number of empty cells it fixed. */
static int
check_ac_sound (const FlowState *s, int cap, gboolean expect_solvable)
{
  int n = s->base.width * s->base.height, fixed = 0;
  g_autofree guint8 *forced = g_malloc (n);
  g_autofree guint8 *probed = g_malloc (n);
  g_autofree guint8 *first = NULL, *agree = NULL;
  gboolean ok = flow_ac_forced (s, forced, NULL);
  gboolean ok2 = flow_ac_probe (s, probed, 100000, NULL);
  int found = ref_solve (s, cap, &first, &agree);

  if (expect_solvable)
    g_assert_cmpint (found, >, 0);
  /* Probing is stronger: it fixes at least what the rules fix. */
  if (!ok)
    g_assert_false (ok2);
  if (!ok2)
    g_assert_cmpint (found, ==, 0);
  for (int i = 0; i < n && ok2; i++)
    if (forced[i])
      g_assert_cmpint (probed[i], ==, forced[i]);
  if (!ok)
    return 0;
  for (int i = 0; i < n; i++)
    {
      if (s->dot[i])
        g_assert_cmpint (forced[i], ==, s->dot[i]);
      else if (forced[i])
        {
          fixed++;
          g_assert_cmpint (found, >, 0);  /* a fixed cell needs a solution... */
        }
      if (forced[i] && found > 0)
        {
          /* ...and has its colour in every solution found. */
          g_assert_cmpint (forced[i], ==, first[i]);
          g_assert_true (agree[i]);
        }
      if (ok2 && probed[i] && found > 0)
        {
          g_assert_cmpint (probed[i], ==, first[i]);
          g_assert_true (agree[i]);
        }
    }
  return fixed;
}

static void
test_ac_reference (void)
{
  const char *boards[] = { regular_5x5_01, regular_6x6_01, regular_7x7_01,
                           regular_8x8_01, extreme_8x8_01 };

  for (guint k = 0; k < G_N_ELEMENTS (boards); k++)
    {
      g_autoptr (FlowState) s = parse (boards[k]);
      int fixed = check_ac_sound (s, 4, TRUE);
      g_test_message ("board %u: %d cells fixed", k, fixed);
    }
}

/* Small boards with an obvious answer. */
static void
test_ac_hand_made (void)
{
  struct {
    const char *level, *answer;   /* answer: every cell fixed, or NULL */
  } cases[] = {
    /* A corridor: every cell forced. */
    { "R...R\n", "RRRRR\n" },
    /* Two stripes. */
    { "R..R\nG..G\n", "RRRR\nGGGG\n" },
    /* Three columns: each middle cell is a cut vertex of its colour. */
    { "RGB\n...\nRGB\n", "RGB\nRGB\nRGB\n" },
    /* Two pairs that must cross: no solution, proven. */
    { "R..G\n....\nR..G\n", "" },
  };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autoptr (FlowState) s = parse (cases[k].level);
      int n = s->base.width * s->base.height;
      g_autofree guint8 *forced = g_malloc (n);

      if (cases[k].answer[0] == '\0')
        {
          g_assert_false (flow_ac_forced (s, forced, NULL));
          check_ac_sound (s, 8, FALSE);
          continue;
        }
      g_assert_true (flow_ac_forced (s, forced, NULL));
      check_ac_sound (s, 8, TRUE);
      if (cases[k].answer != NULL)
        {
          for (int i = 0, j = 0; cases[k].answer[j]; j++)
            if (cases[k].answer[j] != '\n')
              {
                char want = cases[k].answer[j];
                g_assert_cmpint (forced[i], !=, 0);
                g_assert_cmpint (s->names[forced[i] - 1], ==, want);
                i++;
              }
        }
    }
}

/* Random small boards: dots anywhere, solvable or not. AC never fixes a
 * cell against a solution and never calls a solvable board impossible. */
static void
test_ac_random (void)
{
  GRand *rand = g_rand_new_with_seed (20261124);
  int impossible = 0, proven = 0, proven_probe = 0, fixed_total = 0, runs = 600;

  for (int t = 0; t < runs; t++)
    {
      int w = g_rand_int_range (rand, 2, 6), h = g_rand_int_range (rand, 2, 6);
      int n = w * h, colours = g_rand_int_range (rand, 1, MIN (3, n / 2) + 1);
      g_autoptr (FlowState) s = flow_state_new (w, h, colours);
      g_autofree guint8 *forced = g_malloc (n);
      g_autofree guint8 *first = NULL, *agree = NULL;
      int found;
      gboolean ok;

      for (int c = 0; c < colours; c++)
        for (int k = 0; k < 2; k++)
          {
            int i;
            do
              i = g_rand_int_range (rand, 0, n);
            while (s->dot[i] != 0);
            s->dot[i] = s->colour[i] = (guint8) (c + 1);
          }
      ok = flow_ac_forced (s, forced, NULL);
      found = ref_solve (s, 64, &first, &agree);
      {
        g_autofree guint8 *probed = g_malloc (n);
        gboolean ok2 = flow_ac_probe (s, probed, 100000, NULL);
        if (!ok2)
          g_assert_cmpint (found, ==, 0);
        for (int i = 0; i < n && ok2; i++)
          if (probed[i] && found > 0)
            {
              g_assert_cmpint (probed[i], ==, first[i]);
              g_assert_true (agree[i]);
            }
        proven_probe += !ok2;
      }
      impossible += found == 0;
      if (!ok)
        {
          proven++;
          g_assert_cmpint (found, ==, 0);
          continue;
        }
      for (int i = 0; i < n; i++)
        if (forced[i] && found > 0)
          {
            g_assert_cmpint (forced[i], ==, first[i]);
            g_assert_true (agree[i]);
            fixed_total += s->dot[i] == 0;
          }
    }
  g_test_message ("%d of %d random boards impossible, %d proven so by AC, %d by probing; "
                  "%d cells fixed on the others", impossible, runs, proven, proven_probe,
                  fixed_total);
  g_assert_cmpint (proven, >, 0);
  g_rand_free (rand);
}

/* Random boards that have a solution: a snake through the board (row after
 * row, turning at the ends), cut into pieces; each piece is one colour's
 * path and its ends are the dots. A piece may hold a turn only with at
 * most one cell on one side of it (else it would touch itself side by
 * side), and never two turns. */
static FlowState *
snake_level (GRand *rand, int w, int h)
{
  int n = w * h, colours = 0, start = 0;
  g_autofree int *order = g_new (int, n);
  FlowState *s;

  for (int y = 0, k = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      order[k++] = y * w + ((y & 1) ? w - 1 - x : x);
  s = flow_state_new (w, h, 0);
  while (start < n)
    {
      int len = g_rand_int_range (rand, 2, 13), end, row = start / w;
      /* Keep the piece inside its row, or let it turn with one cell on the
       * far side (when only one cell of this row is in it, any number). */
      if (start + len > n)
        len = n - start;
      end = start + len - 1;
      if (end / w > row)
        {
          int here = (row + 1) * w - start;   /* cells in this row */
          if (here >= 2)
            end = MIN (end, (row + 1) * w);   /* one cell past the turn */
          else
            end = MIN (end, (row + 2) * w - 1);
        }
      if (end == start)
        {
          /* A single cell left: join it to the piece before, if that is
           * still a path (it ended just before). Simplest: give up on this
           * board. */
          flow_state_free (s);
          return NULL;
        }
      s->dot[order[start]] = s->dot[order[end]] = (guint8) (colours + 1);
      colours++;
      if (colours >= 60)
        {
          flow_state_free (s);
          return NULL;
        }
      start = end + 1;
    }
  s->colours = colours;
  memcpy (s->colour, s->dot, n);
  return s;
}

static void
test_ac_random_solvable (void)
{
  GRand *rand = g_rand_new_with_seed (1124);
  int boards = 0, fixed_total = 0, free_total = 0;

  while (boards < 200)
    {
      int w = g_rand_int_range (rand, 2, 7), h = g_rand_int_range (rand, 2, 7);
      g_autoptr (FlowState) s = snake_level (rand, w, h);
      if (s == NULL)
        continue;
      boards++;
      fixed_total += check_ac_sound (s, 32, TRUE);
      for (int i = 0; i < w * h; i++)
        free_total += s->dot[i] == 0;
    }
  g_test_message ("200 solvable random boards: AC fixed %d of %d empty cells", fixed_total,
                  free_total);
  g_rand_free (rand);
}

/* ---- The AC solver --------------------------------------------------------- */

static HbSettings *settings (const HbSolver *solver, ...);

static HbResult *
run (const HbSolver *solver, const FlowState *s, HbSettings *settings, HbTrace *trace,
     HbCancel *cancellable)
{
  HbSolveOptions o = { 0 };
  g_autoptr (GError) error = NULL;
  HbResult *r;

  o.settings = settings;
  r = hb_solve (solver, &s->base, &o, trace, cancellable, &error);
  g_assert_no_error (error);
  g_assert_nonnull (r);
  return r;
}

static void
check_solution (const FlowState *level, const HbResult *r)
{
  const FlowState *solved;
  int n = level->base.width * level->base.height;
  g_autoptr (FlowState) replay = flow_state_copy (level);

  g_assert_cmpint (r->status, ==, HB_STATUS_SOLVED);
  g_assert_nonnull (r->solved);
  solved = FLOW_CONST (r->solved);
  g_assert_null (flow_check_answer (level->base.width, level->base.height, level->dot,
                                    solved->colour));
  /* The moves draw the same board. */
  for (guint k = 0; k < r->moves->len; k++)
    {
      const HbMove *m = &g_array_index (r->moves, HbMove, k);
      g_assert_cmpint (m->op, ==, FLOW_OP_LINK);
      flow_link (replay, m->y * level->base.width + m->x, m->value & 3, m->value >> 2);
    }
  g_assert_cmpmem (replay->colour, n, solved->colour, n);
}

static void
test_ac_solver (void)
{
  const HbSolver *ac = &flow_solver_ac;
  g_autoptr (FlowState) corridor = parse ("R..R\nG..G\nB..B\n");
  g_autoptr (FlowState) big = parse (jumbo_10x10_01);
  g_autoptr (FlowState) cross = parse (unsolvable_cross);
  g_autoptr (FlowState) blocked = parse ("RG\nGR\n");
  g_autoptr (HbResult) r1 = NULL, r2 = NULL, r3 = NULL, r4 = NULL;
  HbTrace *trace = hb_trace_new (HB_TRACE_DEFAULT_MAX_STEPS, HB_TRACE_DEFAULT_MAX_BYTES);
  int forces = 0;

  g_assert_true (ac->flags & HB_SOLVER_ANIMATED);
  g_assert_false (ac->flags & HB_SOLVER_EXACT);
  r1 = run (ac, corridor, NULL, trace, NULL);
  check_solution (corridor, r1);
  for (gsize k = 0; k < hb_trace_length (trace); k++)
    forces += hb_trace_step (trace, k)->kind == HB_STEP_FORCE;
  g_assert_cmpint (forces, ==, 6);   /* every empty cell, one by one */
  g_assert_cmpstr (hb_result_get_stat (r1, "cells fixed"), ==, "6");
  hb_trace_free (trace);

  r2 = run (ac, big, NULL, NULL, NULL);
  if (r2->status == HB_STATUS_SOLVED)
    check_solution (big, r2);
  else
    {
      g_assert_cmpint (r2->status, ==, HB_STATUS_GAVE_UP);
      g_assert_nonnull (r2->message);
      g_assert_nonnull (hb_result_get_stat (r2, "cells fixed"));
    }

  /* The crossing pairs: AC cannot prove it, but never claims an answer. */
  r3 = run (ac, cross, NULL, NULL, NULL);
  g_assert_true (r3->status == HB_STATUS_NO_SOLUTION || r3->status == HB_STATUS_GAVE_UP);
  g_assert_null (r3->solved);

  r4 = run (ac, blocked, NULL, NULL, NULL);
  g_assert_cmpint (r4->status, ==, HB_STATUS_NO_SOLUTION);

  /* Probing proves the crossing pairs impossible and solves the 9×9 that
   * the rules alone leave open. */
  {
    g_autoptr (HbSettings) st = settings (ac, "probe=true", NULL);
    g_autoptr (FlowState) nine = parse (regular_9x9_01);
    g_autoptr (HbResult) r5 = run (ac, cross, st, NULL, NULL);
    g_autoptr (HbResult) r6 = run (ac, nine, NULL, NULL, NULL);
    g_autoptr (HbResult) r7 = run (ac, nine, st, NULL, NULL);

    g_assert_cmpint (r5->status, ==, HB_STATUS_NO_SOLUTION);
    g_assert_cmpint (r6->status, ==, HB_STATUS_GAVE_UP);
    check_solution (nine, r7);
  }

  /* Cancelled in the set-up (a 4096 × 4096 board's took 1.2 s before it
   * looked): nothing claimed forced, the run said cancelled. 66 corridors
   * of 1,000 cells, a colour each (every cell forced when it runs), are
   * past the set-up's first look, at its 65,536th cell. */
  {
    static const char names[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-*@";
    enum { W = 1000, H = 66 };
    GString *text = g_string_new (NULL);
    g_autoptr (FlowState) wide = NULL;
    g_autoptr (HbCancel) cancel = hb_cancel_new ();
    g_autofree guint8 *forced = g_malloc (W * H);
    g_autoptr (HbResult) r8 = NULL;
    int claimed = 0;

    G_STATIC_ASSERT (sizeof names - 1 == H);
    for (int y = 0; y < H; y++)
      {
        for (int x = 0; x < W; x++)
          g_string_append_c (text, x == 0 || x == W - 1 ? names[y] : '.');
        g_string_append_c (text, '\n');
      }
    wide = parse (text->str);
    g_string_free (text, TRUE);
    g_assert_true (flow_ac_forced (wide, forced, NULL));
    for (int i = 0; i < W * H; i++)
      claimed += forced[i] != 0;
    g_assert_cmpint (claimed, ==, W * H);
    hb_cancel_set (cancel);
    memset (forced, 7, W * H);
    g_assert_true (flow_ac_forced (wide, forced, cancel));
    for (int i = 0; i < W * H; i++)
      g_assert_cmpint (forced[i], ==, 0);
    r8 = run (ac, wide, NULL, NULL, cancel);
    g_assert_cmpint (r8->status, ==, HB_STATUS_CANCELLED);
  }
}

/* ---- The genetic algorithms --------------------------------------------- */

static HbSettings *
settings (const HbSolver *solver, ...)
{
  HbSettings *st = hb_settings_new ();
  va_list ap;
  const char *a;

  va_start (ap, solver);
  while ((a = va_arg (ap, const char *)) != NULL)
    {
      g_autoptr (GError) error = NULL;
      g_assert_true (hb_settings_parse_assignment (st, a, &error, solver->settings, NULL));
      g_assert_no_error (error);
    }
  va_end (ap);
  return st;
}

/* Checks a finished GA trace: one GENERATION step per generation with a
 * whole board and best <= mean <= worst (or >= for the cell GA, which
 * maximises), and the three series with a point per generation. */
static void
check_ga_trace (const FlowState *level, HbTrace *trace, const HbResult *r, gboolean maximise)
{
  gsize n = (gsize) level->base.width * level->base.height;
  gint64 gens = 0, last = -1;
  const char *names[3] = { "best", "mean", "worst" };

  for (gsize k = 0; k < hb_trace_length (trace); k++)
    {
      const HbStep *st = hb_trace_step (trace, k);
      gsize len = 0;
      if (st->kind != HB_STEP_GENERATION)
        continue;
      g_assert_cmpint (st->counter, ==, last + 1);
      last = st->counter;
      gens++;
      g_assert_nonnull (hb_trace_blob (trace, st, &len));
      g_assert_true (len == 2 * n || len == 3 * n);
      if (maximise)
        g_assert_true (st->f[0] >= st->f[1] - 1e-3 && st->f[1] >= st->f[2] - 1e-3);
      else
        g_assert_true (st->f[0] <= st->f[1] + 1e-3 && st->f[1] <= st->f[2] + 1e-3);
    }
  g_assert_cmpint (gens, ==, atoi (hb_result_get_stat (r, "generations")) + 1);
  g_assert_cmpuint (hb_trace_n_series (trace), ==, 3);
  for (guint k = 0; k < 3; k++)
    {
      g_autoptr (GArray) pts = hb_trace_series_points (trace, k);
      g_assert_cmpstr (hb_trace_series_name (trace, k), ==, names[k]);
      g_assert_cmpstr (hb_trace_series_axis (trace, k), ==, "generation");
      g_assert_cmpint (pts->len, ==, gens);
    }
}

static void
test_ga_paths_reference (void)
{
  const char *boards[] = { regular_5x5_01, regular_6x6_01, regular_7x7_01,
                           regular_8x8_01, regular_9x9_01, jumbo_10x10_01 };

  for (guint k = 0; k < G_N_ELEMENTS (boards); k++)
    {
      g_autoptr (FlowState) s = parse (boards[k]);
      g_autoptr (HbSettings) st = settings (&flow_solver_ga_paths, "seed=1", NULL);
      HbTrace *trace = hb_trace_new (HB_TRACE_DEFAULT_MAX_STEPS, HB_TRACE_DEFAULT_MAX_BYTES);
      g_autoptr (HbResult) r = run (&flow_solver_ga_paths, s, st, trace, NULL);

      g_test_message ("board %u: %s after %s generations", k, hb_status_to_string (r->status),
                      hb_result_get_stat (r, "generations"));
      check_solution (s, r);
      g_assert_cmpstr (hb_result_get_stat (r, "seed"), ==, "1");
      g_assert_cmpstr (hb_result_get_stat (r, "population"), ==,
                       s->base.width * s->base.height >= 100 ? "1000" : "500");
      check_ga_trace (s, trace, r, FALSE);
      hb_trace_free (trace);
    }
}

/* Without arc consistency the GA itself has to find every path. */
static void
test_ga_paths_no_ac (void)
{
  const char *boards[] = { regular_5x5_01, regular_6x6_01, regular_7x7_01, regular_8x8_01 };

  for (guint k = 0; k < G_N_ELEMENTS (boards); k++)
    {
      g_autoptr (FlowState) s = parse (boards[k]);
      g_autoptr (HbSettings) st = settings (&flow_solver_ga_paths, "seed=2", "ac=false", NULL);
      g_autoptr (HbResult) r = run (&flow_solver_ga_paths, s, st, NULL, NULL);

      g_test_message ("board %u without AC: %s after %s generations", k,
                      hb_status_to_string (r->status), hb_result_get_stat (r, "generations"));
      check_solution (s, r);
      g_assert_cmpstr (hb_result_get_stat (r, "cells fixed by arc consistency"), ==, "0");
    }
  /* With probing first, the extreme 8×8 is fixed before any generation. */
  {
    g_autoptr (FlowState) s = parse (extreme_8x8_01);
    g_autoptr (HbSettings) st = settings (&flow_solver_ga_paths, "seed=2", "probe=true", NULL);
    g_autoptr (HbResult) r = run (&flow_solver_ga_paths, s, st, NULL, NULL);
    check_solution (s, r);
  }
}

static gboolean
traces_equal (HbTrace *a, HbTrace *b)
{
  if (hb_trace_length (a) != hb_trace_length (b))
    return FALSE;
  for (gsize k = 0; k < hb_trace_length (a); k++)
    {
      const HbStep *x = hb_trace_step (a, k), *y = hb_trace_step (b, k);
      gsize lx = 0, ly = 0;
      gconstpointer bx = hb_trace_blob (a, x, &lx), by = hb_trace_blob (b, y, &ly);

      if (x->kind != y->kind || x->x != y->x || x->y != y->y || x->value != y->value
          || x->counter != y->counter || memcmp (x->f, y->f, sizeof x->f) != 0
          || lx != ly || (lx > 0 && memcmp (bx, by, lx) != 0))
        return FALSE;
    }
  return TRUE;
}

/* The same seed repeats the same run, step for step; another seed is
 * another run. */
static void
test_ga_seed_repeats (void)
{
  const HbSolver *solvers[] = { &flow_solver_ga_paths, &flow_solver_ga_cells };

  for (guint v = 0; v < G_N_ELEMENTS (solvers); v++)
    {
      g_autoptr (FlowState) s = parse (extreme_8x8_01);
      HbTrace *t[3];
      HbResult *r[3];
      const char *seeds[3] = { "seed=77", "seed=77", "seed=78" };

      for (int k = 0; k < 3; k++)
        {
          g_autoptr (HbSettings) st = settings (solvers[v], seeds[k], "generations=15",
                                                "population=60", NULL);
          t[k] = hb_trace_new (HB_TRACE_DEFAULT_MAX_STEPS, HB_TRACE_DEFAULT_MAX_BYTES);
          r[k] = run (solvers[v], s, st, t[k], NULL);
        }
      g_assert_cmpint (r[0]->status, ==, r[1]->status);
      g_assert_cmpstr (r[0]->message, ==, r[1]->message);
      g_assert_cmpstr (hb_result_get_stat (r[0], "best fitness"), ==,
                       hb_result_get_stat (r[1], "best fitness"));
      g_assert_cmpstr (hb_result_get_stat (r[0], "seed"), ==, "77");
      g_assert_true (traces_equal (t[0], t[1]));
      g_assert_false (traces_equal (t[0], t[2]));
      for (int k = 0; k < 3; k++)
        {
          hb_trace_free (t[k]);
          hb_result_free (r[k]);
        }
    }
}

/* Whether marks[] rings exactly the pieces of colour[] (cells of one
 * colour joined side by side) that hold no dot: found here on their own. */
static gboolean
rings_stray_pieces (const FlowState *s, const guint8 *colour, const guint8 *marks)
{
  int w = s->base.width, h = s->base.height, n = w * h;
  g_autofree int *piece = g_new (int, n), *stack = g_new (int, n);
  g_autofree gboolean *has_dot = g_new0 (gboolean, n);
  int pieces = 0;

  for (int i = 0; i < n; i++)
    piece[i] = -1;
  for (int i = 0; i < n; i++)
    {
      int top = 0;
      if (piece[i] >= 0)
        continue;
      piece[i] = pieces;
      stack[top++] = i;
      while (top > 0)
        {
          int v = stack[--top], x = v % w, y = v / w;
          const int nx[4] = { x, x + 1, x, x - 1 }, ny[4] = { y - 1, y, y + 1, y };
          has_dot[pieces] |= s->dot[v] != 0;
          for (int d = 0; d < 4; d++)
            if (nx[d] >= 0 && nx[d] < w && ny[d] >= 0 && ny[d] < h)
              {
                int u = ny[d] * w + nx[d];
                if (piece[u] < 0 && colour[u] == colour[v])
                  {
                    piece[u] = pieces;
                    stack[top++] = u;
                  }
              }
        }
      pieces++;
    }
  for (int i = 0; i < n; i++)
    if ((marks[i] != 0) != !has_dot[piece[i]])
      return FALSE;
  return TRUE;
}

/* A generation's words say what the red frames on its board are: for the
 * paths GA the cells two paths share, for the cells GA the pieces of
 * colour that reach no dot, which are what it rings (the player showed "18
 * marked" and nothing said what; then it said "cells that break the rule",
 * which they do not: the rule holds cell by cell on a closed loop); the
 * mean fitness has one decimal. */
static void
test_ga_marks_said (void)
{
  /* The paths GA on 10x10 without arc consistency: its best shares
   * cells; on 8x8 with it: it shares none, and nothing is said of rings. */
  const HbSolver *solvers[] = { &flow_solver_ga_paths, &flow_solver_ga_paths,
                                &flow_solver_ga_cells };
  const char *boards[] = { jumbo_10x10_01, extreme_8x8_01, extreme_8x8_01 };
  const char *said[] = { "framed in red: cells two paths share",
                         "framed in red: cells two paths share",
                         "framed in red: pieces of colour that reach no dot" };
  const gboolean rings[] = { TRUE, FALSE, TRUE };

  for (guint v = 0; v < G_N_ELEMENTS (solvers); v++)
    {
      g_autoptr (FlowState) s = parse (boards[v]);
      g_autoptr (HbSettings) st = settings (solvers[v], "seed=3", "generations=5",
                                            "population=40",
                                            v == 0 ? "ac=false" : NULL, NULL);
      HbTrace *t = hb_trace_new (HB_TRACE_DEFAULT_MAX_STEPS, HB_TRACE_DEFAULT_MAX_BYTES);
      g_autoptr (HbResult) r = run (solvers[v], s, st, t, NULL);
      guint generations = 0, marked_ones = 0;
      gsize n = (gsize) s->base.width * s->base.height;

      for (gsize i = 0; i < hb_trace_length (t); i++)
        {
          const HbStep *step = hb_trace_step (t, i);
          g_autofree char *d = NULL;
          gsize len = 0;
          const guint8 *blob;
          gboolean marked = FALSE;

          if (step->kind != HB_STEP_GENERATION)
            continue;
          blob = hb_trace_blob (t, step, &len);
          for (gsize k = 2 * n; blob != NULL && k < len && k < 3 * n; k++)
            marked |= blob[k] != 0;
          marked_ones += marked;
          if (solvers[v] == &flow_solver_ga_cells && marked)
            g_assert_true (len >= 3 * n && rings_stray_pieces (s, blob, blob + 2 * n));
          d = flow_game.describe_step (&s->base, t, step);
          /* Said only when the board has rings (it was said with none). */
          if ((strstr (d, said[v]) != NULL) != marked)
            g_error ("%s: \"%s\" with %s ring", solvers[v]->id, d, marked ? "a" : "no");
          /* The mean with one decimal ("mean 19.5", not "mean 19.496"). */
          g_assert_true (g_regex_match_simple ("mean [0-9]+\\.[0-9], worst", d, 0, 0));
          generations++;
        }
      g_assert_cmpuint (generations, >, 0);
      g_test_message ("%s: %u of %u generations with rings", solvers[v]->id, marked_ones,
                      generations);
      g_assert_true ((marked_ones > 0) == rings[v]);
      hb_trace_free (t);
    }
}

/* A paths GA that gives up says its fitness in the parts the board shows:
 * the overlaps (ringed) and the cells no path covers (left empty); it said
 * "cells in conflict: 10" beside a board with 6 rings and 4 empty cells. */
static void
test_ga_paths_gave_up_parts (void)
{
  g_autoptr (FlowState) s = parse (jumbo_10x10_01);
  g_autoptr (HbSettings) st = settings (&flow_solver_ga_paths, "seed=3", "generations=5",
                                        "population=40", "ac=false", NULL);
  HbTrace *t = hb_trace_new (HB_TRACE_DEFAULT_MAX_STEPS, HB_TRACE_DEFAULT_MAX_BYTES);
  g_autoptr (HbResult) r = run (&flow_solver_ga_paths, s, st, t, NULL);
  gsize n = (gsize) s->base.width * s->base.height, len = 0;
  const HbStep *last = NULL;
  const guint8 *blob;
  g_autoptr (GMatchInfo) m = NULL;
  g_autoptr (GRegex) re = g_regex_new ("has fitness ([0-9]+) \\(paths overlapping: ([0-9]+), on "
                                       "([0-9]+) cells ringed in red; cells no path covers: "
                                       "([0-9]+); colours without a path: ([0-9]+)\\)", 0, 0, NULL);
  int fitness, overlaps, shared, uncovered, missing, rings = 0, empty = 0;

  g_assert_cmpint (r->status, ==, HB_STATUS_GAVE_UP);
  g_assert_nonnull (r->message);
  g_assert_null (strstr (r->message, "in conflict"));
  if (!g_regex_match (re, r->message, 0, &m))
    g_error ("not said in parts: %s", r->message);
  {
    g_autofree char *f1 = g_match_info_fetch (m, 1), *f2 = g_match_info_fetch (m, 2);
    g_autofree char *f3 = g_match_info_fetch (m, 3), *f4 = g_match_info_fetch (m, 4);
    g_autofree char *f5 = g_match_info_fetch (m, 5);
    fitness = atoi (f1);
    overlaps = atoi (f2);
    shared = atoi (f3);
    uncovered = atoi (f4);
    missing = atoi (f5);
  }
  g_assert_cmpint (overlaps + uncovered + missing * s->colours * s->colours, ==, fitness);
  /* The board of the last generation, the best individual: its rings and
   * its empty cells are the parts said. */
  for (gsize i = 0; i < hb_trace_length (t); i++)
    if (hb_trace_step (t, i)->kind == HB_STEP_GENERATION)
      last = hb_trace_step (t, i);
  g_assert_nonnull (last);
  g_assert_cmpfloat (last->f[0], ==, (float) fitness);
  blob = hb_trace_blob (t, last, &len);
  g_assert_cmpuint (len, ==, 3 * n);
  for (gsize i = 0; i < n; i++)
    {
      empty += blob[i] == 0;
      rings += blob[2 * n + i] != 0;
    }
  g_assert_cmpint (uncovered, ==, empty);
  g_assert_cmpint (overlaps, >=, rings);
  /* The cells ringed are the ones the player counts "marked" (it said 86
   * marked beside "paths overlapping on cells: 96": review). */
  g_assert_cmpint (shared, ==, rings);
  g_assert_cmpint (rings, >, 0);
  hb_trace_free (t);
}

/* The crossing pairs: every solver here gives up or proves it, quickly. */
static void
test_ga_unsolvable (void)
{
  const HbSolver *solvers[] = { &flow_solver_ga_paths, &flow_solver_ga_cells };

  for (guint v = 0; v < G_N_ELEMENTS (solvers); v++)
    {
      g_autoptr (FlowState) s = parse (unsolvable_cross);
      g_autoptr (HbSettings) st = settings (solvers[v], "seed=5", "generations=30",
                                            "population=100", NULL);
      g_autoptr (HbResult) r = run (solvers[v], s, st, NULL, NULL);

      g_assert_true (r->status == HB_STATUS_GAVE_UP || r->status == HB_STATUS_NO_SOLUTION);
      g_assert_null (r->solved);
      g_assert_nonnull (r->message);
      if (r->status == HB_STATUS_GAVE_UP)
        g_assert_cmpstr (hb_result_get_stat (r, "generations"), ==, "30");
      /* The paths GA says why a larger population will not help: no walk
       * ever joined either pair without cutting the other off. */
      if (v == 0)
        g_assert_nonnull (strstr (r->message, "too constrained for random walks"));
    }
  /* A level arc consistency proves impossible is "no solution" at once. */
  {
    g_autoptr (FlowState) s = parse ("R..G\n....\nR..G\n");
    g_autoptr (HbSettings) st = settings (&flow_solver_ga_paths, "seed=5", NULL);
    g_autoptr (HbResult) r = run (&flow_solver_ga_paths, s, st, NULL, NULL);
    g_assert_cmpint (r->status, ==, HB_STATUS_NO_SOLUTION);
  }
}

/* The cell GA: whatever it returns is honest. A board it calls solved is
 * checked; one it gives up on says what its best board reached. */
static void
test_ga_cells (void)
{
  const char *boards[] = { "R..R\nG..G\n", regular_5x5_01, regular_8x8_01 };
  int solved = 0;

  for (guint k = 0; k < G_N_ELEMENTS (boards); k++)
    {
      g_autoptr (FlowState) s = parse (boards[k]);
      g_autoptr (HbSettings) st = settings (&flow_solver_ga_cells, "seed=3", NULL);
      HbTrace *trace = hb_trace_new (HB_TRACE_DEFAULT_MAX_STEPS, HB_TRACE_DEFAULT_MAX_BYTES);
      g_autoptr (HbResult) r = run (&flow_solver_ga_cells, s, st, trace, NULL);
      int cells = s->base.width * s->base.height;

      g_test_message ("cell GA, board %u: %s, best fitness %s of %d: %s", k,
                      hb_status_to_string (r->status), hb_result_get_stat (r, "best fitness"),
                      cells, r->message);
      g_assert_cmpstr (hb_result_get_stat (r, "seed"), ==, "3");
      check_ga_trace (s, trace, r, TRUE);
      if (r->status == HB_STATUS_SOLVED)
        {
          check_solution (s, r);
          solved++;
        }
      else
        {
          g_assert_cmpint (r->status, ==, HB_STATUS_GAVE_UP);
          g_assert_null (r->solved);
          g_assert_nonnull (strstr (r->message, "cells"));
        }
      hb_trace_free (trace);
    }
  g_assert_cmpint (solved, >=, 1);   /* the two stripes at least */
}

/* Arc consistency's "0 of 27 empty cells" takes the noun's plural from
 * the empty cells, which it follows: the messages had no plural ("0 of 1
 * empty cells"; Romanian "din 27 celule" for "din 27 de celule"). */
static void
test_ac_plurals (void)
{
  static const struct {
    const char *level;
    HbStatus status;
    const char *en, *ro;
  } cases[] = {
    /* 27 empty cells, none forced. */
    { "R.G.B.Y\n.......\n.......\n.......\nR.G.B.Y\n", HB_STATUS_GAVE_UP,
      "Arc consistency fixed 0 of 27 empty cells; the rest needs a search (it is not a "
      "complete solver).",
      "Consistența arcelor a fixat 0 din 27 de celule goale; restul cere o căutare (nu este "
      "un rezolvitor complet)." },
    /* One empty cell, and Red cannot get past Yellow. */
    { "RGB\nY.Y\nRGB\n", HB_STATUS_NO_SOLUTION,
      "After fixing 0 of 1 empty cell, arc consistency left a cell with no colour or a pair "
      "of dots that cannot be joined.",
      "După ce a fixat 0 din 1 celulă goală, consistența arcelor a lăsat o celulă fără nicio "
      "culoare sau o pereche de buline care nu pot fi unite." },
  };
  g_autoptr (HbSettings) st = settings (&flow_solver_ac, "probe=false", NULL);
  HbSolveOptions o = { 0 };

  o.settings = st;
  for (int ro = 0; ro < 2; ro++)
    {
      if (ro && !hb_test_romanian ())
        return;
      for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
        {
          g_autoptr (FlowState) s = parse (cases[i].level);
          g_autoptr (GError) error = NULL;
          g_autoptr (HbResult) r = hb_solve (&flow_solver_ac, &s->base, &o, NULL, NULL, &error);

          g_assert_no_error (error);
          g_assert_cmpint (r->status, ==, cases[i].status);
          g_assert_cmpstr (r->message, ==, ro ? cases[i].ro : cases[i].en);
        }
    }
  hb_test_romanian_end ();
}

/* A stop's count, in the words of the solver's pair of phrases, takes
 * its plural from the count in Romanian too: the catalogue held the SAT
 * calls', the generations' and the fixed cells' "one" phrase without a
 * plural, so gettext gave back the English "27 SAT call". */
static void
test_stop_plurals (void)
{
  static const struct {
    const char *one, *many;
    guint64 count;
    const char *ro;
  } cases[] = {
    { "%s SAT call", "%s SAT calls", 27, "Anulat după 27 de apeluri SAT" },
    { "%s SAT call", "%s SAT calls", 16, "Anulat după 16 apeluri SAT" },
    { "%s SAT call", "%s SAT calls", 1, "Anulat după 1 apel SAT" },
    { "%s generation", "%s generations", 27, "Anulat după 27 de generații" },
    { "%s cell fixed", "%s cells fixed", 27, "Anulat după 27 de celule fixate" },
    { "%s cell fixed", "%s cells fixed", 1, "Anulat după 1 celulă fixată" },
  };

  if (!hb_test_romanian ())
    return;
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (HbResult) r = hb_result_stop (hb_result_new (HB_STATUS_CANCELLED),
                                               HB_STOP_CANCELLED, cases[i].count,
                                               cases[i].one, cases[i].many);

      g_assert_cmpstr (r->message, ==, cases[i].ro);
    }
  hb_test_romanian_end ();
}

/* The cell GA's "96 of 100 cells" takes the noun's plural from the cells
 * in all, which it follows, in the words of every stop: Romanian reads
 * "din 64 de celule" (the messages had no plural, or the stray pieces'). */
static void
test_ga_cells_plurals (void)
{
  g_autoptr (FlowState) s = parse (regular_8x8_01);
  g_autoptr (HbSettings) st = settings (&flow_solver_ga_cells, "seed=3", NULL);
  HbSolveOptions o = { 0 };

  o.settings = st;
  o.node_limit = 3;
  for (int ro = 0; ro < 2; ro++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (HbResult) r = NULL;

      if (ro && !hb_test_romanian ())
        return;
      r = hb_solve (&flow_solver_ga_cells, &s->base, &o, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpint (r->status, ==, HB_STATUS_GAVE_UP);
      g_test_message ("%s", r->message);
      if (ro)
        {
          g_assert_true (g_str_has_prefix (r->message, "S-a renunțat la generația 3 (limita "
                                           "de noduri): cea mai bună tablă respectă regula în "));
          g_assert_true (g_str_has_suffix (r->message, " din 64 de celule."));
          hb_test_romanian_end ();
        }
      else
        {
          g_assert_true (g_str_has_prefix (r->message, "Gave up at generation 3 (the node "
                                           "limit): the best board satisfies "));
          g_assert_true (g_str_has_suffix (r->message, " of 64 cells."));
        }
    }
}

typedef struct {
  HbCancel *cancellable;
  HbTrace *trace;
} CancelLater;

static gpointer
cancel_thread (gpointer data)
{
  CancelLater *c = data;

  /* Wait until the run is well under way, then cancel it. */
  while (hb_trace_length (c->trace) < 3)
    g_usleep (1000);
  hb_cancel_set (c->cancellable);
  return NULL;
}

/* A population of one is refused: the best is kept and the rest are
 * children, so one individual never changed, and the run blamed the level
 * ("Colours that no random walk could ever join"). Two can solve. */
static void
test_ga_population_one (void)
{
  const HbSolver *solvers[] = { &flow_solver_ga_paths, &flow_solver_ga_cells };

  for (guint v = 0; v < G_N_ELEMENTS (solvers); v++)
    {
      g_autoptr (FlowState) s = parse ("a.a\nb.b\n");
      g_autoptr (HbSettings) one = settings (solvers[v], "seed=1", "population=1", NULL);
      g_autoptr (HbSettings) two = settings (solvers[v], "seed=1", "population=2", NULL);
      HbSolveOptions o = { .settings = one };
      g_autoptr (GError) error = NULL;
      HbResult *r = hb_solve (solvers[v], &s->base, &o, NULL, NULL, &error);

      g_assert_null (r);
      g_assert_error (error, HB_SETTINGS_ERROR, HB_SETTINGS_ERROR_RANGE);
      g_assert_nonnull (strstr (error->message, "give 2 or more"));
      r = run (solvers[v], s, two, NULL, NULL);
      g_assert_cmpint (r->status, ==, HB_STATUS_SOLVED);
      check_solution (s, r);
      hb_result_free (r);
    }
}

static void
test_ga_cancel (void)
{
  const HbSolver *solvers[] = { &flow_solver_ga_paths, &flow_solver_ga_cells };

  for (guint v = 0; v < G_N_ELEMENTS (solvers); v++)
    {
      g_autoptr (FlowState) s = parse (extreme_8x8_01);
      g_autoptr (HbSettings) st = settings (solvers[v], "seed=9", "generations=1000000",
                                            NULL);
      g_autoptr (HbCancel) before = hb_cancel_new ();
      g_autoptr (HbCancel) during = hb_cancel_new ();
      HbTrace *trace = hb_trace_new (HB_TRACE_DEFAULT_MAX_STEPS, HB_TRACE_DEFAULT_MAX_BYTES);
      CancelLater later = { during, trace };
      GThread *th;
      HbResult *r;

      hb_cancel_set (before);
      r = run (solvers[v], s, st, NULL, before);
      g_assert_cmpint (r->status, ==, HB_STATUS_CANCELLED);
      hb_result_free (r);

      th = g_thread_new ("cancel", cancel_thread, &later);
      r = run (solvers[v], s, st, trace, during);
      g_thread_join (th);
      g_assert_cmpint (r->status, ==, HB_STATUS_CANCELLED);
      g_assert_null (r->solved);
      hb_result_free (r);
      hb_trace_free (trace);
    }
}

static gpointer
cancel_soon (gpointer data)
{
  g_usleep (20000);
  hb_cancel_set (data);
  return NULL;
}

/* The cell GA stops while it makes its first population (a pass over the
 * board for each of 1000 individuals: on 1000x1000 that ran 2-3 s past a
 * time limit of 1 ms): cancelled 20 ms in, it ends with no generation
 * scored, where it made and scored them all first (review). */
static void
test_ga_cells_cancel_first_population (void)
{
  GString *text = g_string_new (NULL);
  g_autoptr (HbCancel) cancel = hb_cancel_new ();
  g_autoptr (HbSettings) st = settings (&flow_solver_ga_cells, "seed=1", "population=1000",
                                        NULL);
  FlowState *s;
  GThread *th;
  HbResult *r;

  for (int y = 0; y < 300; y++)
    {
      for (int x = 0; x < 300; x++)
        g_string_append_c (text, (y == 0 || y == 299) && (x == 0 || x == 299)
                                 ? (x == 0 ? 'a' : 'b') : '.');
      g_string_append_c (text, '\n');
    }
  s = parse (text->str);
  th = g_thread_new ("cancel", cancel_soon, cancel);
  r = run (&flow_solver_ga_cells, s, st, NULL, cancel);
  g_thread_join (th);
  g_assert_cmpint (r->status, ==, HB_STATUS_CANCELLED);
  g_assert_null (hb_result_get_stat (r, "best fitness"));
  hb_result_free (r);
  flow_state_free (s);
  g_string_free (text, TRUE);
}

/* The benchmark's measure: success count and medians over seeds. */
static void
test_ga_measure (void)
{
  g_autoptr (FlowState) s = parse (regular_7x7_01);
  g_autoptr (HbSettings) st = settings (&flow_solver_ga_paths, "ac=false", NULL);
  int solved = -1, wrong = -1;
  double gens = -2, secs = -2;

  g_assert_true (flow_ga_measure (&flow_solver_ga_paths, s, st, 3, 1, &solved, &wrong, &gens,
                                  &secs, NULL));
  g_assert_cmpint (solved, ==, 3);
  g_assert_cmpint (wrong, ==, 0);
  g_assert_cmpfloat (gens, >=, 0);
  g_assert_cmpfloat (secs, >=, 0);
  /* The cross: no run solves it, and there is no median of generations. */
  {
    g_autoptr (FlowState) x = parse (unsolvable_cross);
    g_autoptr (HbSettings) sx = settings (&flow_solver_ga_paths, "generations=5",
                                          "population=20", NULL);
    g_assert_true (flow_ga_measure (&flow_solver_ga_paths, x, sx, 2, 1, &solved, &wrong,
                                    &gens, &secs, NULL));
    g_assert_cmpint (solved, ==, 0);
    g_assert_cmpint (wrong, ==, 0);
    g_assert_cmpfloat (gens, ==, -1);
  }
}

/* The traces replay in the game's player: every step applied in order from
 * the level ends on the answer, and each frame draws. */
static void
replay_trace (const FlowState *s, const HbTrace *trace, const HbResult *r)
{
  gpointer frame = flow_game.frame_new (&s->base, trace);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 200, 200);
  cairo_t *cr = cairo_create (surface);
  HbLayout layout;
  HbRenderOptions ro = { 0 };
  gsize n = (gsize) s->base.width * s->base.height;

  hb_layout_fit (&layout, s->base.width, s->base.height, 200, 200, 4);
  ro.hover_x = ro.hover_y = -1;
  for (gsize k = 0; k < hb_trace_length (trace); k++)
    {
      const HbStep *st = hb_trace_step (trace, k);
      flow_game.frame_step (frame, trace, st);
      flow_game.frame_render (frame, cr, &layout, &ro, st);
    }
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpmem (((FlowFrame *) frame)->board->colour, n, FLOW_CONST (r->solved)->colour, n);
  flow_game.frame_free (frame);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static void
test_traces_replay (void)
{
  struct {
    const HbSolver *solver;
    const char *level;
    const char *setting, *seed;
  } runs[] = {
    { &flow_solver_ac, "R..R\nG..G\nB..B\n", "probe=false", NULL },
    { &flow_solver_ac, regular_8x8_01, "probe=false", NULL },
    { &flow_solver_ga_paths, regular_7x7_01, "ac=false", "seed=6" },
    { &flow_solver_ga_paths, extreme_8x8_01, "ac=true", "seed=1" },
    { &flow_solver_ga_cells, regular_5x5_01, "mutation=0.3", "seed=3" },
  };

  for (guint k = 0; k < G_N_ELEMENTS (runs); k++)
    {
      g_autoptr (FlowState) s = parse (runs[k].level);
      g_autoptr (HbSettings) st = settings (runs[k].solver, runs[k].setting, runs[k].seed,
                                            NULL);
      HbTrace *trace = hb_trace_new (HB_TRACE_DEFAULT_MAX_STEPS, HB_TRACE_DEFAULT_MAX_BYTES);
      g_autoptr (HbResult) r = NULL;

      r = run (runs[k].solver, s, st, trace, NULL);
      check_solution (s, r);
      replay_trace (s, trace, r);
      hb_trace_free (trace);
    }
}

/* Limits, live snapshots and the settings' defaults. */
static void
test_ga_limits_live (void)
{
  g_autoptr (FlowState) s = parse (extreme_8x8_01);
  g_autoptr (HbSettings) st = settings (&flow_solver_ga_paths, "seed=4", "population=40",
                                        NULL);
  HbSolveOptions o = { 0 };
  HbTrace *trace = hb_trace_new (HB_TRACE_DEFAULT_MAX_STEPS, HB_TRACE_DEFAULT_MAX_BYTES);
  g_autoptr (GError) error = NULL;
  g_autoptr (HbResult) r = NULL;
  GDestroyNotify free_func = NULL;
  gpointer snap;

  o.settings = st;
  o.node_limit = 3;
  hb_trace_set_live (trace, TRUE);
  r = hb_solve (&flow_solver_ga_paths, &s->base, &o, trace, NULL, &error);
  g_assert_no_error (error);
  if (r->status != HB_STATUS_SOLVED)
    {
      g_assert_cmpint (r->status, ==, HB_STATUS_GAVE_UP);
      g_assert_cmpstr (hb_result_get_stat (r, "generations"), ==, "3");
    }
  g_assert_cmpuint (hb_trace_published (trace), >, 0);
  snap = hb_trace_take_snapshot (trace, &free_func);
  g_assert_nonnull (snap);
  g_assert_cmpint (((FlowFrame *) snap)->board->base.width, ==, 8);
  free_func (snap);
  hb_trace_free (trace);

  /* A population too big for the memory limit is refused, not tried. */
  for (int v = 0; v < 2; v++)
    {
      const HbSolver *solver = v ? &flow_solver_ga_cells : &flow_solver_ga_paths;
      HbSolveOptions mo = { 0 };
      g_autoptr (HbSettings) ms = settings (solver, "seed=1", "population=1000", NULL);
      g_autoptr (HbResult) mr = NULL;

      mo.settings = ms;
      mo.memory_limit = 4096;
      mr = hb_solve (solver, &s->base, &mo, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpint (mr->status, ==, HB_STATUS_GAVE_UP);
      g_assert_nonnull (strstr (mr->message, "memory"));
    }
  /* The automatic population (1000 from 10x10, 500 below) is cut to what
   * fits instead (a 300x300 level was refused at 1000: 720 MB); under two
   * it is refused too. */
  for (int v = 0; v < 2; v++)
    {
      const HbSolver *solver = v ? &flow_solver_ga_cells : &flow_solver_ga_paths;
      g_autoptr (HbSettings) ms = settings (solver, "seed=1", "generations=2", NULL);
      HbSolveOptions mo = { .settings = ms, .memory_limit = 8192 };
      g_autoptr (HbResult) mr = hb_solve (solver, &s->base, &mo, NULL, NULL, &error);
      HbSolveOptions tiny = { .settings = ms, .memory_limit = 16 };
      g_autoptr (HbResult) tr = NULL;
      gint64 pop;

      g_assert_no_error (error);
      g_assert_true (mr->message == NULL || strstr (mr->message, "memory") == NULL);
      pop = g_ascii_strtoll (hb_result_get_stat (mr, "population"), NULL, 10);
      g_assert_cmpint (pop, >=, 2);
      g_assert_cmpint (pop, <, 500);
      tr = hb_solve (solver, &s->base, &tiny, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpint (tr->status, ==, HB_STATUS_GAVE_UP);
      g_assert_nonnull (strstr (tr->message, "memory"));
    }

  /* Every declared setting has a label; population and generations say
   * that 0 means "from the board size". */
  for (const HbSetting *d = flow_solver_ga_paths.settings; d->key != NULL; d++)
    g_assert_nonnull (d->label);
  g_assert_nonnull (hb_setting_list_find (flow_solver_ga_paths.settings, "population")->auto_label);
  g_assert_nonnull (hb_setting_list_find (flow_solver_ga_cells.settings, "generations")->auto_label);
  g_assert_nonnull (hb_setting_list_find (flow_solver_ga_paths.settings, "seed"));
  g_assert_nonnull (hb_setting_list_find (flow_solver_ga_cells.settings, "seed"));
  g_assert_true (flow_solver_ga_paths.flags & HB_SOLVER_STOCHASTIC);
  g_assert_false (flow_solver_ga_paths.flags & HB_SOLVER_EXACT);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flow/ac/reference", test_ac_reference);
  g_test_add_func ("/flow/ac/hand-made", test_ac_hand_made);
  g_test_add_func ("/flow/ac/random", test_ac_random);
  g_test_add_func ("/flow/ac/random-solvable", test_ac_random_solvable);
  g_test_add_func ("/flow/ac/solver", test_ac_solver);
  g_test_add_func ("/flow/ga/paths-reference", test_ga_paths_reference);
  g_test_add_func ("/flow/ga/paths-no-ac", test_ga_paths_no_ac);
  g_test_add_func ("/flow/ga/seed-repeats", test_ga_seed_repeats);
  g_test_add_func ("/flow/ga/marks-said", test_ga_marks_said);
  g_test_add_func ("/flow/ga/paths-gave-up-parts", test_ga_paths_gave_up_parts);
  g_test_add_func ("/flow/ga/unsolvable", test_ga_unsolvable);
  g_test_add_func ("/flow/ga/cells", test_ga_cells);
  g_test_add_func ("/flow/ga/cells-plurals", test_ga_cells_plurals);
  g_test_add_func ("/flow/ga/ac-plurals", test_ac_plurals);
  g_test_add_func ("/flow/ga/stop-plurals", test_stop_plurals);
  g_test_add_func ("/flow/ga/cancel", test_ga_cancel);
  g_test_add_func ("/flow/ga/cells-cancel-first-population", test_ga_cells_cancel_first_population);
  g_test_add_func ("/flow/ga/population-one", test_ga_population_one);
  g_test_add_func ("/flow/ga/limits-live", test_ga_limits_live);
  g_test_add_func ("/flow/ga/measure", test_ga_measure);
  g_test_add_func ("/flow/traces-replay", test_traces_replay);
  return g_test_run ();
}
