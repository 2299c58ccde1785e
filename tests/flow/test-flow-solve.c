/* test-flow-solve: the fast exact solver (flow-solve-fast.c). Every answer
 * is checked by the tests' own checker (flow-check.h); the reference
 * levels (tests/data/anchors/flow/puzzles, copied from
 * ../shared/anchors/flow/puzzles) are all solved, the unsolvable one
 * proven so; counting agrees with a brute-force count written here on small
 * boards (including boards with two solutions); the trace replays to the
 * answer; cancellation and the node limit stop cleanly. */
#include "flow.h"
#include "flow-check.h"
#include "flow-reference.h"
#include "hb-test-util.h"

#include <stdlib.h>
#include <string.h>

static FlowState *
parse (const char *text)
{
  g_autoptr (GError) error = NULL;
  FlowState *s = flow_parse_text (text, strlen (text), &error);

  g_assert_no_error (error);
  g_assert_nonnull (s);
  return s;
}

static HbResult *
solve (const FlowState *s, guint count_limit)
{
  HbSolveOptions o = { 0 };
  g_autoptr (GError) error = NULL;
  HbResult *r;

  o.count_limit = count_limit;
  r = flow_solver_fast.solve (&s->base, &o, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (r);
  return r;
}

/* The answer checked by flow-check.h and by the model's own check. */
static void
assert_answer (const FlowState *level, const HbResult *r)
{
  const FlowState *a;
  const char *why;

  g_assert_cmpint (r->status, ==, HB_STATUS_SOLVED);
  g_assert_nonnull (r->solved);
  a = FLOW_CONST (r->solved);
  why = flow_check_answer (level->base.width, level->base.height, level->dot, a->colour);
  if (why != NULL)
    g_error ("bad answer: %s", why);
  g_assert_true (flow_is_solved (a));
  /* The moves draw the same answer from the level. */
  {
    FlowState *b = flow_state_copy (level);
    gsize n = (gsize) level->base.width * level->base.height;
    for (guint i = 0; i < r->moves->len; i++)
      {
        const HbMove *m = &g_array_index (r->moves, HbMove, i);
        /* Paths drawn on the level are cleared first. */
        if (m->op == FLOW_OP_CLEAR_PATHS)
          {
            g_assert_cmpuint (i, ==, 0);
            flow_clear_paths (b);
            continue;
          }
        g_assert_cmpint (m->op, ==, FLOW_OP_LINK);
        flow_link (b, m->y * level->base.width + m->x, m->value & 3, m->value >> 2);
      }
    g_assert_cmpmem (b->colour, n, a->colour, n);
    flow_state_free (b);
  }
}

/* The trace's steps, replayed from the level, end on the answer: pairs of
 * dots side by side are joined without a step; every other cell is as in
 * the answer. */
static void
assert_replay_ends_on_answer (const HbState *s, const HbTrace *trace, const HbResult *r)
{
  gpointer frame = flow_game.frame_new (s, trace);
  const FlowFrame *fr = frame;
  gsize n = (gsize) s->width * s->height;

  for (gsize i = 0; i < hb_trace_length (trace); i++)
    {
      const HbStep *st = hb_trace_step (trace, i);
      if (st->blob == 0)
        flow_game.frame_step (frame, trace, st);
    }
  for (gsize i = 0; i < n; i++)
    if (FLOW_CONST (s)->dot[i] == 0)
      g_assert_cmpint (fr->board->colour[i], ==, FLOW (r->solved)->colour[i]);
  flow_game.frame_free (frame);
}

static guint64
stat_u64 (const HbResult *r, const char *name)
{
  const char *v = hb_result_get_stat (r, name);

  g_assert_nonnull (v);
  return g_ascii_strtoull (v, NULL, 10);
}

/* ---- The tests' own brute-force count (every colouring of the free
 * cells, each checked by flow-check.h) for boards of a dozen free cells. */

typedef struct {
  int     w, h, n, colours;
  const guint8 *dots;
  guint8 *cells;
  guint64 count;
} Brute;

static void
brute_rec (Brute *b, int i)
{
  if (i == b->n)
    {
      b->count += flow_check_answer (b->w, b->h, b->dots, b->cells) == NULL;
      return;
    }
  if (b->dots[i])
    {
      b->cells[i] = b->dots[i];
      brute_rec (b, i + 1);
      return;
    }
  for (int c = 1; c <= b->colours; c++)
    {
      b->cells[i] = (guint8) c;
      brute_rec (b, i + 1);
    }
}

static guint64
brute_count (const FlowState *s)
{
  Brute b = { 0 };

  b.w = s->base.width;
  b.h = s->base.height;
  b.n = b.w * b.h;
  b.colours = s->colours;
  b.dots = s->dot;
  b.cells = g_malloc0 ((gsize) b.n);
  brute_rec (&b, 0);
  g_free (b.cells);
  return b.count;
}

/* ---- The tests' own count for boards of a few dozen cells: colour by
 * colour, every simple path between the colour's dots through empty cells,
 * and each full board checked by flow-check.h. */

typedef struct {
  int     w, h, colours;
  const guint8 *dots;
  guint8 *cells;
  int     a[FLOW_MAX_COLOURS], b[FLOW_MAX_COLOURS];
  guint64 count;
} Walk;

static void walk_colour (Walk *wk, int c);

static void
walk_from (Walk *wk, int c, int p)
{
  static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };

  for (int d = 0; d < 4; d++)
    {
      int x = p % wk->w + dx[d], y = p / wk->w + dy[d], q;
      if (x < 0 || y < 0 || x >= wk->w || y >= wk->h)
        continue;
      q = y * wk->w + x;
      if (q == wk->b[c])
        walk_colour (wk, c + 1);
      else if (wk->cells[q] == 0)
        {
          wk->cells[q] = (guint8) (c + 1);
          walk_from (wk, c, q);
          wk->cells[q] = 0;
        }
    }
}

static void
walk_colour (Walk *wk, int c)
{
  if (c < wk->colours)
    {
      walk_from (wk, c, wk->a[c]);
      return;
    }
  for (int i = 0; i < wk->w * wk->h; i++)
    if (wk->cells[i] == 0)
      return;
  wk->count += flow_check_answer (wk->w, wk->h, wk->dots, wk->cells) == NULL;
}

static guint64
walk_count (const FlowState *s)
{
  Walk wk = { 0 };

  wk.w = s->base.width;
  wk.h = s->base.height;
  wk.colours = s->colours;
  wk.dots = s->dot;
  wk.cells = g_memdup2 (s->dot, (gsize) wk.w * wk.h);
  for (int c = 0; c < s->colours; c++)
    g_assert_true (flow_endpoints (s, c, &wk.a[c], &wk.b[c]));
  walk_colour (&wk, 0);
  g_free (wk.cells);
  return wk.count;
}

/* ---- Tests ---- */

static void
test_reference (void)
{
  g_autoptr (GPtrArray) refs = flow_reference_levels ();
  int seen = 0, unsolvable = 0;

  for (guint i = 0; i < refs->len; i++)
    {
      const FlowReference *ref = g_ptr_array_index (refs, i);
      const char *name = ref->name;
      FlowState *s = parse (ref->text);
      HbResult *r;

      /* Counting to 2: one answer, and no second one. */
      r = solve (s, 2);
      if (g_str_has_prefix (name, "unsolvable"))
        {
          g_assert_cmpint (r->status, ==, HB_STATUS_NO_SOLUTION);
          g_assert_cmpuint (stat_u64 (r, "solutions"), ==, 0);
          unsolvable++;
        }
      else
        {
          assert_answer (s, r);
          if (stat_u64 (r, "solutions") != 1)
            g_error ("%s: %s solutions", name, hb_result_get_stat (r, "solutions"));
        }
      hb_result_free (r);
      /* Without counting: the same verdict. */
      r = solve (s, 0);
      if (g_str_has_prefix (name, "unsolvable"))
        g_assert_cmpint (r->status, ==, HB_STATUS_NO_SOLUTION);
      else
        assert_answer (s, r);
      g_assert_null (hb_result_get_stat (r, "solutions"));
      hb_result_free (r);
      flow_state_free (s);
      seen++;
    }
  g_assert_cmpint (seen, >=, 29);
  g_assert_cmpint (unsolvable, ==, 1);
}

/* Counts the answers of `s` (at most `limit`): `truth` of them (2 or more),
 * each answer checked; counting to 2 stops at 2 (with a message when
 * `says_more`). */
static void
check_count (const FlowState *s, guint64 truth, guint limit, gboolean says_more)
{
  HbResult *r = solve (s, limit);

  g_assert_cmpuint (truth, >=, 2);
  assert_answer (s, r);
  g_assert_cmpuint (stat_u64 (r, "solutions"), ==, truth);
  hb_result_free (r);
  r = solve (s, 2);
  assert_answer (s, r);
  g_assert_cmpuint (stat_u64 (r, "solutions"), ==, 2);
  if (says_more)
    g_assert_nonnull (r->message);
  hb_result_free (r);
}

/* Boards with more than one answer, and the brute force agrees. */
static void
test_count_several (void)
{
  static const char *const boards[] = {
    /* Found with the generator; the brute force below says 2. */
    "....\n.RR.\n.GB.\nB..G\n",
    "...G\n.BR.\n.BG.\n...R\n",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (boards); i++)
    {
      FlowState *s = parse (boards[i]);

      /* count=2: "more than one" */
      check_count (s, brute_count (s), 100, TRUE);
      flow_state_free (s);
    }
}

/* Boards of 30 to 42 cells with two or three answers (found with the
 * generator): the count, which goes through the cell branches and the
 * corner rule, agrees with the path enumeration above; counting to 2 says
 * "more than one". */
static void
test_count_walk (void)
{
  static const char *const boards[] = {
    ".....G\n......\n..BG..\n..BR..\n......\n.....R\n",
    "G......\nR..B...\n.G..R..\n.YYB...\n.......\n",
    "G.....\n.RB...\n......\n..R...\n.G..B.\n......\n",
    "R....B\n......\n..RB..\n..GG..\n......\n......\n",
    ".......\n.....G.\n..YYRB.\n...G...\n.....BR\n",
    ".....RB\n...G...\n..B..R.\n.GY..Y.\n.......\n",
    "....RG\n..B...\n..G.R.\n....B.\n......\n",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (boards); i++)
    {
      FlowState *s = parse (boards[i]);

      check_count (s, walk_count (s), 1000, FALSE);
      flow_state_free (s);
    }
}

/* Random boards with few dots, where the stretch rule is read (a straight
 * stretch must stop on a dot or a turn, and a turn needs a dot down its
 * inner diagonal): the count agrees with the walk through every path. */
static void
test_count_sparse (void)
{
  int checked = 0, several = 0;

  for (guint64 seed = 1; seed <= 40; seed++)
    {
      int w = 4 + (int) (seed % 3), h = 4 + (int) (seed / 3 % 3);
      HbGenerateParams p = { w, h, 2 + (int) (seed % 2), seed, NULL };
      HbState *st = flow_generate (&p, NULL);
      HbResult *r;
      guint64 truth;

      if (st == NULL)
        continue;
      truth = walk_count (FLOW (st));
      g_assert_cmpuint (truth, >=, 1);
      r = solve (FLOW (st), 100000);
      assert_answer (FLOW (st), r);
      g_assert_cmpuint (stat_u64 (r, "solutions"), ==, MIN (truth, 100000));
      several += truth > 1;
      hb_result_free (r);
      hb_state_free (st);
      checked++;
    }
  g_assert_cmpint (checked, >=, 20);
  g_test_message ("%d levels, %d with more than one answer", checked, several);
}

/* The corner rule (a turn's inner diagonal turns the same way down to a
 * dot) is what prunes the reference levels: it cuts steps on them, and the
 * answers still check and are still unique. Generated levels of 4×4 to
 * 6×6 with 2 to 5 colours count the same as the path enumeration. */
static void
test_corner_rule (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "anchors", "flow",
                                                 "puzzles", "jumbo_14x14_19.txt", NULL);
  g_autofree char *text = NULL;
  FlowState *s;
  HbResult *r;
  int several = 0;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  s = parse (text);
  r = solve (s, 2);
  assert_answer (s, r);
  g_assert_cmpuint (stat_u64 (r, "solutions"), ==, 1);
  g_assert_cmpuint (stat_u64 (r, "corner cuts"), >, 0);
  hb_result_free (r);
  flow_state_free (s);

  for (guint64 seed = 1; seed <= 60; seed++)
    {
      int w = 4 + (int) (seed % 3), h = 4 + (int) (seed / 3 % 3);
      HbGenerateParams p = { w, h, 2 + (int) (seed % 4), seed, NULL };
      HbState *g = flow_generate (&p, NULL);
      guint64 truth;

      if (g == NULL)
        continue;
      truth = walk_count (FLOW (g));
      r = solve (FLOW (g), 1000);
      assert_answer (FLOW (g), r);
      g_assert_cmpuint (stat_u64 (r, "solutions"), ==, truth);
      several += truth > 1;
      hb_result_free (r);
      hb_state_free (g);
    }
  g_test_message ("%d generated levels with more than one answer", several);
}

/* Counting agrees with the brute force on many small random levels,
 * solvable or not (dots put at random make many unsolvable ones; the
 * boards with several answers are in count-several above). */
static void
test_count_brute (void)
{
  HbRng rng;
  int checked = 0, several = 0, none = 0;

  hb_rng_init (&rng, 7);
  for (int t = 0; t < 300; t++)
    {
      int w = 2 + (int) hb_rng_below (&rng, 3), h = 2 + (int) hb_rng_below (&rng, 3);
      int colours = 1 + (int) hb_rng_below (&rng, 3);
      FlowState *s;
      HbResult *r;
      guint64 truth;

      if (colours * 2 > w * h || w * h > 12)
        continue;
      s = flow_state_new (w, h, colours);
      for (int c = 0; c < colours; c++)
        for (int k = 0; k < 2; k++)
          {
            int cell;
            do
              cell = (int) hb_rng_below (&rng, (guint32) (w * h));
            while (s->dot[cell] != 0);
            s->dot[cell] = (guint8) (c + 1);
            s->colour[cell] = (guint8) (c + 1);
          }
      truth = brute_count (s);
      r = solve (s, 1000);
      if (truth == 0)
        {
          g_assert_cmpint (r->status, ==, HB_STATUS_NO_SOLUTION);
          none++;
        }
      else
        assert_answer (s, r);
      g_assert_cmpuint (stat_u64 (r, "solutions"), ==, truth);
      several += truth > 1;
      hb_result_free (r);
      flow_state_free (s);
      checked++;
    }
  g_assert_cmpint (checked, >, 50);
  g_assert_cmpint (none, >, 0);
  g_test_message ("%d levels with more than one answer", several);
}

static void
test_edge_cases (void)
{
  FlowState *s;
  HbResult *r;

  /* Dots side by side and nothing else. */
  s = parse ("AB\nAB\n");
  r = solve (s, 2);
  assert_answer (s, r);
  g_assert_cmpuint (stat_u64 (r, "solutions"), ==, 1);
  hb_result_free (r);
  flow_state_free (s);
  /* A colour with one dot (an editor state): no solution, said plainly. */
  s = flow_state_new (3, 1, 1);
  s->dot[0] = s->colour[0] = 1;
  r = solve (s, 0);
  g_assert_cmpint (r->status, ==, HB_STATUS_NO_SOLUTION);
  g_assert_nonnull (r->message);
  hb_result_free (r);
  flow_state_free (s);
  /* No dots at all. */
  s = flow_state_new (2, 2, 0);
  r = solve (s, 0);
  g_assert_cmpint (r->status, ==, HB_STATUS_NO_SOLUTION);
  hb_result_free (r);
  flow_state_free (s);
  /* A cell nobody can reach. */
  s = parse ("A.A\n...\n");
  r = solve (s, 2);
  g_assert_cmpint (r->status, ==, HB_STATUS_NO_SOLUTION);
  hb_result_free (r);
  flow_state_free (s);
}

/* A generated level is solved, and the answer checks. */
static void
solve_generated (int w, int h, int colours, guint64 seed)
{
  HbGenerateParams p = { w, h, colours, seed, NULL };
  g_autoptr (GError) error = NULL;
  HbState *s = flow_generate (&p, &error);
  HbResult *r;

  g_assert_no_error (error);
  r = solve (FLOW (s), 0);
  assert_answer (FLOW (s), r);
  hb_result_free (r);
  hb_state_free (s);
}

/* Over 200,000 cells the search keeps no level sets (no backjumping):
 * the path the huge boards take, on one that solves quickly, and on one
 * whose searches fail on the way (90-520 times), so that the look's ties
 * go to the cell nearest the last failure; both count a cell's pairs with
 * a turn's chain looked at only four cells deep. The corner chains, which
 * answer these first (test-flow-chains), are off. */
/* The fast solver with `settings` on generated level w x h (colours, seed),
 * counting answers up to count_limit (0: the first), its answer checked;
 * the caller frees the result. */
static HbResult *
solve_generated_with (int w, int h, int colours, guint64 seed, HbSettings *settings,
                      guint64 count_limit)
{
  HbGenerateParams p = { w, h, colours, seed, NULL };
  g_autoptr (GError) error = NULL;
  HbState *s = flow_generate (&p, &error);
  HbSolveOptions o = { 0 };
  HbResult *r;

  g_assert_no_error (error);
  o.settings = settings;
  o.count_limit = count_limit;
  r = flow_solver_fast.solve (s, &o, NULL, NULL, &error);
  g_assert_no_error (error);
  assert_answer (FLOW (s), r);
  hb_state_free (s);
  return r;
}

static void
test_huge (void)
{
  g_autoptr (HbSettings) off = hb_settings_new ();

  g_assert_true (hb_settings_parse_assignment (off, "chains=false", NULL,
                                               flow_solver_fast.settings, NULL));
  for (int i = 0; i < 2; i++)
    {
      HbResult *r = solve_generated_with (500, 500, 10, i == 0 ? 5 : 2, off, 0);

      g_assert_null (hb_result_get_stat (r, "chain candidates"));
      hb_result_free (r);
    }
}

/* Generated levels of many sizes are solved, and the answers check. */
static void
test_generated (void)
{
  static const int sizes[][3] = {
    { 5, 5, 0 }, { 7, 7, 0 }, { 10, 10, 0 }, { 12, 12, 0 }, { 125, 2, 0 },
    { 2, 125, 0 }, { 12, 9, 6 }, { 12, 12, 40 }, { 30, 30, 0 }, { 40, 20, 0 },
    /* Large enough for restarts from other corners (first answer only). */
    { 50, 50, 0 },
    /* Over 50 cells a side: the wide look and its kept counts, runs of
     * forced cells in board order, the crossing check's pace. */
    { 120, 120, 10 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (sizes); i++)
    for (guint64 seed = 1; seed <= 3; seed++)
      solve_generated (sizes[i][0], sizes[i][1], sizes[i][2], seed);
}

/* Under 3,600 cells every second restart sweeps rows or columns instead of
 * diagonals: one search on generated 50x50 levels that need a restart
 * (seed 685, solved in its second run, by rows) and three (seed 390: its
 * fourth run sweeps columns; seed 138 needed three until the pair check,
 * now two) answers right. */
static void
test_rows (void)
{
  static const struct { guint64 seed; guint64 restarts; } levels[] = { { 685, 1 }, { 390, 3 } };
  g_autoptr (HbSettings) one = hb_settings_new ();

  g_assert_true (hb_settings_parse_assignment (one, "race=false", NULL,
                                               flow_solver_fast.settings, NULL));
  for (gsize i = 0; i < G_N_ELEMENTS (levels); i++)
    {
      HbResult *r = solve_generated_with (50, 50, 0, levels[i].seed, one, 0);

      g_assert_cmpuint (stat_u64 (r, "restarts"), >=, levels[i].restarts);
      hb_result_free (r);
    }
}

/* Two colours whose dots sit on the border of the free cells in the order
 * a b a b would have to cross: the crossing check proves it at the start,
 * before a single step (a dot in each corner of an empty 30x4 strip, and
 * a 6x6 board whose cross sits round a hole). Counting says the same. */
static void
test_crossing (void)
{
  static const char *const levels[] = {
    "a............................b\n..............................\n"
    "..............................\nb............................a\n",
    "......\n.a..b.\n..cc..\n..dd..\n.b..a.\n......\n",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (levels); i++)
    for (guint limit = 1; limit <= 2; limit++)
      {
        FlowState *s = parse (levels[i]);
        HbResult *r = solve (s, limit);

        g_assert_cmpint (r->status, ==, HB_STATUS_NO_SOLUTION);
        g_assert_cmpuint (stat_u64 (r, "crossings"), >=, 1);
        g_assert_cmpuint (stat_u64 (r, "nodes"), ==, 0);
        hb_result_free (r);
        hb_state_free (&s->base);
      }
}

/* Backjumping (boards over 400 cells, one answer) must never lose an
 * answer: on generated 21×20 and 25×25 levels, and on the same levels with
 * two dots of different colours swapped or one dot moved a few cells
 * (often no solution), the search with and without it gives the same
 * verdict, every answer checked. Both must prove "no solution" somewhere,
 * and jumps must happen. */
static void
test_backjump (void)
{
  static const int sizes[][2] = { { 21, 20 }, { 25, 25 } };
  g_autoptr (HbSettings) off = hb_settings_new ();
  g_autoptr (GError) error = NULL;
  guint64 jumps = 0, skipped = 0;
  int none = 0, answers = 0;

  /* The reference search: no jumps (and so no failed pairs kept) and one search (the default races
   * two, see test_race, so the verdicts also compare the race with one
   * plain search). */
  g_assert_true (hb_settings_parse_assignment (off, "backjump=false", &error,
                                               flow_solver_fast.settings, NULL));
  g_assert_true (hb_settings_parse_assignment (off, "race=false", &error,
                                               flow_solver_fast.settings, NULL));
  for (gsize i = 0; i < G_N_ELEMENTS (sizes); i++)
    for (guint64 seed = 1; seed <= 12; seed++)
      for (int swap = 0; swap < 5; swap++)
        {
          HbGenerateParams p = { sizes[i][0], sizes[i][1], 0, seed, NULL };
          HbState *s = flow_generate (&p, &error);
          FlowState *fs;
          HbResult *r[2];

          g_assert_no_error (error);
          fs = FLOW (s);
          if (swap >= 3)
            {
              /* One dot moved to an empty cell up to three cells away. */
              static const int moves[][2] = {
                { 1, 0 }, { 0, 1 }, { -1, 0 }, { 0, -1 }, { 2, 1 }, { -1, 2 },
                { -2, -1 }, { 1, -2 }, { 3, 0 }, { 0, -3 }, { 2, -1 }, { -3, 0 },
              };
              int c = (int) ((seed * 7 + (guint64) swap) % (guint64) fs->colours) + 1;
              int a = -1, w = s->width;
              gsize n = (gsize) s->width * s->height;
              for (gsize j = 0; j < n && a < 0; j++)
                if (fs->dot[j] == c)
                  a = (int) j;
              g_assert_true (a >= 0);
              for (gsize m = 0; m < G_N_ELEMENTS (moves); m++)
                {
                  const int *mv = moves[(m + seed + (guint64) swap) % G_N_ELEMENTS (moves)];
                  int x = a % w + mv[0], y = a / w + mv[1], b = y * w + x;
                  if (x < 0 || y < 0 || x >= w || y >= s->height || fs->dot[b] != 0)
                    continue;
                  fs->dot[b] = fs->colour[b] = (guint8) c;
                  fs->dot[a] = fs->colour[a] = 0;
                  break;
                }
            }
          else if (swap > 0)
            {
              /* The first dot of colour swap - 1 and of colour swap + k
               * trade colours. */
              int a = -1, b = -1, other = swap + (int) (seed % 3);
              gsize n = (gsize) s->width * s->height;
              for (gsize j = 0; j < n; j++)
                {
                  if (a < 0 && fs->dot[j] == swap)
                    a = (int) j;
                  if (b < 0 && fs->dot[j] == other + 1)
                    b = (int) j;
                }
              g_assert_true (a >= 0 && b >= 0);
              fs->dot[a] = fs->colour[a] = (guint8) (other + 1);
              fs->dot[b] = fs->colour[b] = (guint8) swap;
            }
          for (int k = 0; k < 2; k++)
            {
              HbSolveOptions o = { 0 };
              o.node_limit = 3000000;
              o.settings = k == 0 ? NULL : off;
              r[k] = flow_solver_fast.solve (s, &o, NULL, NULL, &error);
              g_assert_no_error (error);
              if (r[k]->status == HB_STATUS_SOLVED)
                assert_answer (fs, r[k]);
            }
          jumps += stat_u64 (r[0], "backjumps");
          skipped += stat_u64 (r[0], "failed pairs skipped");
          g_assert_cmpuint (stat_u64 (r[1], "backjumps"), ==, 0);
          g_assert_cmpuint (stat_u64 (r[1], "failed pairs skipped"), ==, 0);
          if (r[0]->status != HB_STATUS_GAVE_UP && r[1]->status != HB_STATUS_GAVE_UP)
            {
              g_assert_cmpint (r[0]->status, ==, r[1]->status);
              none += r[0]->status == HB_STATUS_NO_SOLUTION;
              answers += r[0]->status == HB_STATUS_SOLVED;
            }
          hb_result_free (r[0]);
          hb_result_free (r[1]);
          hb_state_free (s);
        }
  g_test_message ("%d answers, %d without one, %" G_GUINT64_FORMAT " jumps, %"
                  G_GUINT64_FORMAT " failed pairs skipped", answers, none, jumps, skipped);
  g_assert_cmpint (none, >=, 5);
  g_assert_cmpint (answers, >=, 20);
  g_assert_cmpuint (jumps, >, 0);
  g_assert_cmpuint (skipped, >, 0);
}

/* Runs of cells with known arms are joined end to end as they are marked,
 * and a mark that would close one into a loop is refused at once: the rule
 * fires on generated levels (on small boards the region checks usually see
 * the loop first) and the answers stay right. */
static void
test_loops (void)
{
  static const int boards[][4] = {
    /* w, h, seed, solutions to count to (0: first answer) */
    { 50, 50, 6, 0 }, { 50, 50, 8, 0 }, { 25, 25, 29, 0 }, { 20, 20, 7, 2 },
  };
  g_autoptr (HbSettings) one = hb_settings_new ();
  guint64 loops = 0;

  /* One search, so that the count does not depend on which of two wins. */
  g_assert_true (hb_settings_parse_assignment (one, "race=false", NULL,
                                               flow_solver_fast.settings, NULL));
  for (gsize i = 0; i < G_N_ELEMENTS (boards); i++)
    {
      HbResult *r = solve_generated_with (boards[i][0], boards[i][1], 0,
                                          (guint64) boards[i][2], one,
                                          (guint64) boards[i][3]);

      if (boards[i][3] > 0)
        g_assert_cmpuint (stat_u64 (r, "solutions"), >=, 1);
      loops += stat_u64 (r, "loops cut");
      hb_result_free (r);
    }
  g_assert_cmpuint (loops, >, 0);
}

/* The cell decisions show in the trace: a TRY with no colour names the
 * cell and its two arms, the frame draws them, and the replay still ends
 * on the answer. */
static void
test_trace_decisions (void)
{
  HbGenerateParams p = { 12, 12, 0, 2, NULL };
  g_autoptr (GError) error = NULL;
  HbState *s = flow_generate (&p, &error);
  HbTrace *trace = hb_trace_new (HB_TRACE_DEFAULT_MAX_STEPS, HB_TRACE_DEFAULT_MAX_BYTES);
  HbSolveOptions o = { 0 };
  HbResult *r;
  gpointer frame;
  guint decisions = 0;
  gsize n;

  g_assert_no_error (error);
  n = (gsize) s->width * s->height;
  r = flow_solver_fast.solve (s, &o, trace, NULL, NULL);
  assert_answer (FLOW (s), r);
  frame = flow_game.frame_new (s, trace);
  for (gsize i = 0; i < hb_trace_length (trace); i++)
    {
      const HbStep *st = hb_trace_step (trace, i);
      flow_game.frame_step (frame, trace, st);
      if (st->kind == HB_STEP_TRY && st->value < 0)
        {
          g_autofree char *text = flow_game.describe_step (s, trace, st);
          int arms = st->aux & 15;

          decisions++;
          /* Two arms, each pointing inside the board. */
          g_assert_cmpint (__builtin_popcount (arms), ==, 2);
          g_assert_true (!(arms & 1) || st->y > 0);
          g_assert_true (!(arms & 4) || st->y < s->height - 1);
          g_assert_true (!(arms & 8) || st->x > 0);
          g_assert_true (!(arms & 2) || st->x < s->width - 1);
          g_assert_true (g_str_has_prefix (text, "Decide that the path through row "));
          g_assert_cmpint (((FlowFrame *) frame)->harms, ==, arms);
          g_assert_cmpint (((FlowFrame *) frame)->hx, ==, st->x);
        }
      else
        g_assert_cmpint (((FlowFrame *) frame)->harms, ==, 0);
    }
  g_assert_cmpuint (decisions, >, 0);
  g_assert_cmpmem (((FlowFrame *) frame)->board->colour, n, FLOW (r->solved)->colour, n);
  flow_game.frame_free (frame);
  hb_result_free (r);
  hb_trace_free (trace);
  hb_state_free (s);
}

/* The trace replays, through the game's own frames, to the answer. */
static void
test_trace (void)
{
  FlowState *s = parse ("R.G.Y\n..B.O\n.....\n.G.Y.\n.RBO.\n");
  HbTrace *trace = hb_trace_new (HB_TRACE_DEFAULT_MAX_STEPS, HB_TRACE_DEFAULT_MAX_BYTES);
  HbSolveOptions o = { 0 };
  HbResult *r = flow_solver_fast.solve (&s->base, &o, trace, NULL, NULL);
  gpointer frame = flow_game.frame_new (&s->base, trace);
  gboolean placed = FALSE, solution = FALSE;

  assert_answer (s, r);
  g_assert_cmpuint (hb_trace_length (trace), >, 0);
  for (gsize i = 0; i < hb_trace_length (trace); i++)
    {
      const HbStep *st = hb_trace_step (trace, i);
      placed |= st->kind == HB_STEP_PLACE;
      solution |= st->kind == HB_STEP_SOLUTION;
      flow_game.frame_step (frame, trace, st);
    }
  g_assert_true (placed);
  g_assert_true (solution);
  g_assert_cmpmem (((FlowFrame *) frame)->board->colour, 25, FLOW (r->solved)->colour, 25);
  flow_game.frame_free (frame);
  hb_result_free (r);
  hb_trace_free (trace);
  flow_state_free (s);
}

/* Replaying only the search's own steps (no whole-board blobs) gives the
 * answer too: PLACE and UNDO keep the frame in step with the search. */
static void
test_trace_steps_only (void)
{
  HbGenerateParams p = { 9, 9, 0, 5, NULL };
  HbState *s = flow_generate (&p, NULL);
  HbTrace *trace = hb_trace_new (HB_TRACE_DEFAULT_MAX_STEPS, HB_TRACE_DEFAULT_MAX_BYTES);
  HbSolveOptions o = { 0 };
  HbResult *r = flow_solver_fast.solve (s, &o, trace, NULL, NULL);

  assert_answer (FLOW (s), r);
  assert_replay_ends_on_answer (s, trace, r);
  hb_result_free (r);
  hb_trace_free (trace);
  hb_state_free (s);
}

/* While the window watches a solve, the fast solver publishes its board:
 * a partial board of the level, every link drawn both ways between two
 * cells of one colour, the dots in place. (It never did at first: it asked
 * whether a snapshot was due, and the publishing asked again.) */
static void
test_live (void)
{
  HbGenerateParams p = { 50, 50, 0, 1, NULL };
  HbState *s = flow_generate (&p, NULL);
  const FlowState *level = FLOW (s);
  int w = s->width, h = s->height;
  HbTrace *trace = hb_trace_new (HB_TRACE_DEFAULT_MAX_STEPS, HB_TRACE_DEFAULT_MAX_BYTES);
  HbSolveOptions o = { 0 };
  GDestroyNotify free_func = NULL;
  HbResult *r;
  FlowFrame *snap;
  int filled = 0, known = 0;

  hb_trace_set_live (trace, TRUE);
  r = flow_solver_fast.solve (s, &o, trace, NULL, NULL);
  assert_answer (level, r);
  g_assert_cmpuint (hb_trace_published (trace), >, 0);
  snap = hb_trace_take_snapshot (trace, &free_func);
  g_assert_nonnull (snap);
  g_assert_cmpint (snap->board->base.width, ==, w);
  g_assert_cmpint (snap->board->base.height, ==, h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        int i = y * w + x;
        guint8 c = snap->board->colour[i];

        if (level->dot[i] != 0)
          g_assert_cmpint (c, ==, level->dot[i]);
        g_assert_cmpint (c, <=, level->colours);
        /* The arms decided before a colour: only on empty cells, a pair. */
        if (snap->known != NULL && snap->known[i] != 0)
          {
            g_assert_cmpint (c, ==, 0);
            g_assert_cmpint (__builtin_popcount (snap->known[i]), ==, 2);
            known++;
          }
        /* A path's arms: one at a dot, two at most elsewhere. */
        g_assert_cmpint (__builtin_popcount (snap->board->links[i]), <=, level->dot[i] != 0 ? 1 : 2);
        filled += c != 0;
        for (int d = 0; d < 4; d++)
          if (snap->board->links[i] & (1u << d))
            {
              int nx = x + hb_dir_dx[d], ny = y + hb_dir_dy[d], j = ny * w + nx;
              g_assert_true (nx >= 0 && nx < w && ny >= 0 && ny < h);
              g_assert_cmpint (c, !=, 0);
              g_assert_cmpint (snap->board->colour[j], ==, c);
              g_assert_true (snap->board->links[j] & (1u << HB_DIR_OPPOSITE (d)));
            }
      }
  g_assert_cmpint (filled, >=, 2 * level->colours);
  g_assert_nonnull (snap->known);
  g_test_message ("the snapshot: %d cells drawn, %d with arms decided", filled, known);
  free_func (snap);
  hb_result_free (r);
  hb_trace_free (trace);

  /* The count of search steps the window shows goes on after the trace is
   * full (16 steps here; the search takes thousands). */
  {
    g_autoptr (HbSettings) one = hb_settings_new ();
    gint64 counter = 0;

    g_assert_true (hb_settings_parse_assignment (one, "race=false", NULL,
                                                 flow_solver_fast.settings, NULL));
    o.settings = one;
    trace = hb_trace_new (16, HB_TRACE_DEFAULT_MAX_BYTES);
    hb_trace_set_live (trace, TRUE);
    r = flow_solver_fast.solve (s, &o, trace, NULL, NULL);
    assert_answer (level, r);
    g_free (hb_trace_get_progress (trace, &counter));
    g_assert_cmpint (counter, >=, 512);
    g_assert_cmpint (counter, <=, (gint64) stat_u64 (r, "nodes"));
    hb_result_free (r);
    hb_trace_free (trace);
  }
  hb_state_free (s);
}

static void
test_limits (void)
{
  HbGenerateParams p = { 40, 40, 0, 3, NULL };
  HbState *s = flow_generate (&p, NULL);
  HbSolveOptions o = { 0 };
  HbCancel *cancel = hb_cancel_new ();
  HbResult *r;

  /* Cancelled before it starts. */
  hb_cancel_set (cancel);
  r = flow_solver_fast.solve (s, &o, NULL, cancel, NULL);
  g_assert_cmpint (r->status, ==, HB_STATUS_CANCELLED);
  g_assert_null (r->solved);
  hb_result_free (r);
  /* A node limit far below what the board needs. */
  o.node_limit = 20;
  r = flow_solver_fast.solve (s, &o, NULL, NULL, NULL);
  g_assert_cmpint (r->status, ==, HB_STATUS_GAVE_UP);
  g_assert_nonnull (r->message);
  g_assert_nonnull (strstr (r->message, "node limit"));
  g_assert_null (r->solved);
  hb_result_free (r);
  hb_cancel_free (cancel);
  hb_state_free (s);
}

/* Two searches race on boards over 400 cells when one answer is wanted
 * and the machine has two cores; the answer of either checks, the stats
 * say how many ran, and the setting turns the second off. Counting and
 * small boards run one search. */
static void
test_race (void)
{
  static const int boards[][3] = {
    /* w, h, seed */
    { 50, 50, 1 }, { 50, 50, 2 }, { 30, 30, 4 }, { 21, 20, 5 },
  };
  g_autoptr (HbSettings) one = hb_settings_new ();
  guint64 two = g_get_num_processors () >= 2 ? 2 : 1;

  g_assert_true (hb_settings_parse_assignment (one, "race=false", NULL,
                                               flow_solver_fast.settings, NULL));
  for (gsize i = 0; i < G_N_ELEMENTS (boards); i++)
    {
      HbGenerateParams p = { boards[i][0], boards[i][1], 0, (guint64) boards[i][2], NULL };
      HbState *s = flow_generate (&p, NULL);
      HbSolveOptions o = { 0 };
      HbResult *r;

      g_assert_nonnull (s);
      r = flow_solver_fast.solve (s, &o, NULL, NULL, NULL);
      assert_answer (FLOW (s), r);
      g_assert_cmpuint (stat_u64 (r, "parallel searches"), ==, two);
      hb_result_free (r);
      o.settings = one;
      r = flow_solver_fast.solve (s, &o, NULL, NULL, NULL);
      assert_answer (FLOW (s), r);
      g_assert_cmpuint (stat_u64 (r, "parallel searches"), ==, 1);
      hb_result_free (r);
      /* Counting: one search. */
      o.settings = NULL;
      o.count_limit = 2;
      o.node_limit = 20000;
      r = flow_solver_fast.solve (s, &o, NULL, NULL, NULL);
      g_assert_cmpuint (stat_u64 (r, "parallel searches"), ==, 1);
      hb_result_free (r);
      hb_state_free (s);
    }
  /* Recording the steps: the trace holds the winner's search, so the
   * replay ends on the answer the result gives, whichever search won. */
  for (guint64 seed = 1; seed <= 4; seed++)
    {
      HbGenerateParams p = { 40, 40, 0, seed, NULL };
      HbState *s = flow_generate (&p, NULL);
      HbTrace *trace = hb_trace_new (HB_TRACE_DEFAULT_MAX_STEPS, HB_TRACE_DEFAULT_MAX_BYTES);
      HbSolveOptions o = { 0 };
      HbResult *r = flow_solver_fast.solve (s, &o, trace, NULL, NULL);

      assert_answer (FLOW (s), r);
      g_assert_cmpuint (stat_u64 (r, "parallel searches"), ==, two);
      g_assert_false (hb_trace_truncated (trace));
      assert_replay_ends_on_answer (s, trace, r);
      hb_result_free (r);
      hb_trace_free (trace);
      hb_state_free (s);
    }
  /* A small board: one search. */
  {
    FlowState *s = parse ("AB\n..\nAB\n");
    HbResult *r = solve (s, 0);
    assert_answer (s, r);
    g_assert_cmpuint (stat_u64 (r, "parallel searches"), ==, 1);
    hb_result_free (r);
    flow_state_free (s);
  }
}

/* A level the editor left unfinished (a colour with one dot, or more
 * than two): every Flow solver says no solution, naming the colour as
 * the palette does and saying what finishes the level, not "cannot be
 * solved" in general words. Colours beyond the game's sixteen go by
 * their character. */
/* A solve begun part-way through a game (a stub of red drawn): every
 * solver's moves, played as the app plays them, lead from that board to a
 * solved one (they did not: a dot with its link takes no other, so Export
 * Animation and `render --animate` refused the answer). */
static void
test_from_drawn_paths (void)
{
  static const char text[] = "R.G.Y\n..B.O\n.....\n.G.Y.\n.RBO.\n"
                             "# path: R2R8G0.0Y0\n# path: .0.0B0.0O0\n# path: .0.0.0.0.0\n"
                             "# path: .0G0.0Y0.0\n# path: .0R0B0O0.0\n";
  g_autoptr (GError) error = NULL;
  HbState *level = flow_game.parse (text, strlen (text), &error);
  int solved = 0;

  g_assert_no_error (error);
  g_assert_cmpuint (FLOW (level)->links[0], !=, 0);
  for (int k = 0; flow_solvers[k] != NULL; k++)
    {
      HbSolveOptions o = { 0 };
      HbResult *r;
      HbState *end;

      o.node_limit = 2000000;
      r = flow_solvers[k]->solve (level, &o, NULL, NULL, &error);
      g_assert_no_error (error);
      if (r->status == HB_STATUS_SOLVED)
        {
          solved++;
          assert_answer (FLOW (level), r);
          g_assert_cmpint (g_array_index (r->moves, HbMove, 0).op, ==, FLOW_OP_CLEAR_PATHS);
          end = flow_game.apply_all (level, (const HbMove *) r->moves->data, r->moves->len);
          g_assert_nonnull (end);
          g_assert_true (flow_is_solved (FLOW (end)));
          hb_state_free (end);
        }
      hb_result_free (r);
    }
  g_assert_cmpint (solved, >=, 4);
  hb_state_free (level);
}

static void
test_unfinished_levels (void)
{
  static const struct {
    const char *rows;   /* 'R', 'B', 'D' dots; '.' empty */
    const char *want;
  } levels[] = {
    /* Red has one dot, Blue its pair. */
    { "R..B"
      "...."
      "...B", "Red has one dot: place its second dot to finish the level" },
    /* Blue is fine, Red has three dots. */
    { "R..B"
      ".R.."
      "R..B", "Red has 3 dots: remove all but two to finish the level" },
    /* A colour the palette has no name for. */
    { "D..B"
      "...."
      "...B", "Colour ‘D’ has one dot: place its second dot to finish the level" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (levels); i++)
    for (int k = 0; flow_solvers[k] != NULL; k++)
      {
        const HbSolver *solver = flow_solvers[k];
        FlowState *s = flow_state_new (4, 3, 2);
        HbSolveOptions o = { 0 };
        g_autoptr (GError) error = NULL;
        HbResult *r;

        /* Colour 0 is the first character of the row text, colour 1 'B'. */
        s->names[0] = levels[i].rows[0];
        s->names[1] = 'B';
        for (int j = 0; j < 12; j++)
          if (levels[i].rows[j] != '.')
            s->dot[j] = s->colour[j] = levels[i].rows[j] == 'B' ? 2 : 1;
        r = solver->solve (&s->base, &o, NULL, NULL, &error);
        g_assert_no_error (error);
        g_assert_nonnull (r);
        if (r->status != HB_STATUS_NO_SOLUTION || g_strcmp0 (r->message, levels[i].want) != 0)
          g_error ("%s on level %" G_GSIZE_FORMAT ": status %d, \"%s\", not \"%s\"",
                   solver->id, i, r->status, r->message, levels[i].want);
        hb_result_free (r);
        flow_state_free (s);
      }
}

/* The solver is the game's default. */
static void
test_default (void)
{
  g_assert_true (flow_solvers[0] == &flow_solver_fast);
  g_assert_true (hb_game_default_solver (&flow_game) == &flow_solver_fast);
  g_assert_true (flow_solver_fast.flags & HB_SOLVER_EXACT);
  g_assert_true (flow_solver_fast.flags & HB_SOLVER_COUNTS);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flow/fast/default", test_default);
  g_test_add_func ("/flow/fast/reference", test_reference);
  g_test_add_func ("/flow/fast/count-several", test_count_several);
  g_test_add_func ("/flow/fast/count-brute", test_count_brute);
  g_test_add_func ("/flow/fast/count-walk", test_count_walk);
  g_test_add_func ("/flow/fast/count-sparse", test_count_sparse);
  g_test_add_func ("/flow/fast/corner-rule", test_corner_rule);
  g_test_add_func ("/flow/fast/edge-cases", test_edge_cases);
  g_test_add_func ("/flow/solvers/unfinished-levels", test_unfinished_levels);
  g_test_add_func ("/flow/solvers/from-drawn-paths", test_from_drawn_paths);
  g_test_add_func ("/flow/fast/generated", test_generated);
  g_test_add_func ("/flow/fast/huge", test_huge);
  g_test_add_func ("/flow/fast/rows", test_rows);
  g_test_add_func ("/flow/fast/backjump", test_backjump);
  g_test_add_func ("/flow/fast/crossing", test_crossing);
  g_test_add_func ("/flow/fast/loops", test_loops);
  g_test_add_func ("/flow/fast/race", test_race);
  g_test_add_func ("/flow/fast/trace", test_trace);
  g_test_add_func ("/flow/fast/trace-decisions", test_trace_decisions);
  g_test_add_func ("/flow/fast/trace-steps", test_trace_steps_only);
  g_test_add_func ("/flow/fast/limits", test_limits);
  g_test_add_func ("/flow/fast/live", test_live);
  return g_test_run ();
}
