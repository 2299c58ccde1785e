/* test-flow-classic: the first write-up's three solvers (SAT with CaDiCaL,
 * the heuristic search, the plain backtracking) on reference levels, every
 * answer checked by the tests' own checker (flow-check.h); unsolvable
 * levels proven so; the SAT solver's cycle repairs; traces; cancellation
 * and limits.
 *
 * The reference levels below are data files from Matt Zucker's flow_solver
 * (https://github.com/mzucker/flow_solver, puzzles/, CC BY-NC 2.0,
 * "Copyright (C) 2016, Matt Zucker"), used here as test data only; see
 * ../shared/anchors/flow/SOURCE.md. */
#include "flow.h"
#include "flow-check.h"
#include "hb-test-util.h"

#include <string.h>

typedef struct {
  const char *name;
  const char *text;
} Board;

static const Board boards[] = {
  { "regular_5x5_01",
    "R.G.Y\n"
    "..B.O\n"
    ".....\n"
    ".G.Y.\n"
    ".RBO.\n"
  },
  { "regular_6x6_01",
    "GYC.RB\n"
    "....O.\n"
    "..C...\n"
    "..R...\n"
    "G.O...\n"
    "Y.B...\n"
  },
  { "regular_7x7_01",
    "......B\n"
    ".....OR\n"
    ".O.....\n"
    "...GC..\n"
    "..G.Y..\n"
    "....RY.\n"
    ".....BC\n"
  },
  { "regular_8x8_01",
    "....R...\n"
    "....C.GY\n"
    "....GY.C\n"
    "...OB...\n"
    "....O...\n"
    "....B...\n"
    "........\n"
    ".R......\n"
  },
  { "regular_9x9_01",
    ".........\n"
    ".RCB.....\n"
    "...CO.OB.\n"
    ".......M.\n"
    ".G.GR....\n"
    "YM.....mP\n"
    ".PY......\n"
    ".m.......\n"
    ".........\n"
  },
  { "extreme_8x8_01",
    "........\n"
    ".O......\n"
    "........\n"
    ".....R..\n"
    "...Y...G\n"
    ".R..B..O\n"
    ".......G\n"
    "Y......B\n"
  },
  { "extreme_9x9_01",
    ".........\n"
    "......RY.\n"
    ".........\n"
    ".........\n"
    "....G....\n"
    ".........\n"
    "......Y..\n"
    ".....RGB.\n"
    ".....B...\n"
  },
  { "extreme_9x9_30",
    ".........\n"
    "OC.....G.\n"
    ".........\n"
    ".B...YC..\n"
    "..O..B...\n"
    "..R......\n"
    "..G......\n"
    "........R\n"
    "........Y\n"
  },
  { "extreme_10x10_01",
    "..........\n"
    "..........\n"
    "..........\n"
    "......GY..\n"
    "........B.\n"
    ".....R....\n"
    "...G.....R\n"
    "....Y....O\n"
    "..........\n"
    "........OB\n"
  },
  { "jumbo_10x10_01",
    "R....B...B\n"
    "...W......\n"
    "..WG......\n"
    ".COm..O...\n"
    ".g....m.G.\n"
    "........A.\n"
    "..R..M...C\n"
    "YA........\n"
    ".P....g.M.\n"
    ".Y..P.....\n"
  },
  { "jumbo_13x13_26",
    "Y..Y........B\n"
    "P..g......T..\n"
    "W..T........B\n"
    "M..CRg.......\n"
    ".............\n"
    "..........m..\n"
    "........G.G..\n"
    "........C....\n"
    "....M...PA...\n"
    "O............\n"
    "..W........m.\n"
    ".......R...A.\n"
    ".O...........\n"
  },
  { "extreme_11x11_30",
    "..........O\n"
    ".M.........\n"
    ".R....C....\n"
    "...........\n"
    "Bm....YB...\n"
    "...........\n"
    "...........\n"
    ".....MG....\n"
    "...O.R..Y..\n"
    ".....m.C...\n"
    ".......G...\n"
  },
  { "jumbo_14x14_01",
    "..............\n"
    ".b...b........\n"
    "...........c..\n"
    "........T.....\n"
    ".P........Y...\n"
    "...Rc.g.......\n"
    "..C.C..R......\n"
    "Y......g...W..\n"
    "....W..O.B....\n"
    "....G..G.A....\n"
    "..MO.........m\n"
    "....M.....B...\n"
    "............P.\n"
    ".......A.Tm...\n"
  },
  { "jumbo_14x14_30",
    "..........P..P\n"
    "..............\n"
    "..YgOR........\n"
    "..........Cc..\n"
    "......OR..M...\n"
    "......C...b...\n"
    "..............\n"
    "..MA.......c..\n"
    "........B.BT..\n"
    ".g.......m....\n"
    ".W...W.A..m...\n"
    ".........bT...\n"
    "..G....G......\n"
    "Y.............\n"
    "\n"
  },
  { "unsolvable_cross",
    "R...G\n"
    ".....\n"
    ".....\n"
    ".....\n"
    "G...R\n"
  },
};

/* 6×6, two pairs in the corners: the rule that a path never touches itself
 * leaves no way to fill the middle, but the clauses alone have models with
 * stray cycles there, so the SAT solver repairs before it proves UNSAT. */
static const char corners[] =
  "R....R\n"
  "......\n"
  "......\n"
  "......\n"
  "......\n"
  "G....G\n";

/* 3×3: both pairs join at once and leave the middle row empty. */
static const char middle_row[] =
  "R.R\n"
  "...\n"
  "G.G\n";

static FlowState *
parse (const char *text)
{
  g_autoptr(GError) error = NULL;
  FlowState *s = flow_parse_text (text, strlen (text), &error);

  g_assert_no_error (error);
  g_assert_nonnull (s);
  return s;
}

static const char *
board_text (const char *name)
{
  for (gsize i = 0; i < G_N_ELEMENTS (boards); i++)
    if (strcmp (boards[i].name, name) == 0)
      return boards[i].text;
  g_error ("no board %s", name);
  return NULL;
}

/* An answer: the tests' checker on the solved board's colours, then the
 * moves replayed link by link on the bare level reach the same colours,
 * each link joining two cells that were empty or of the link's colour. */
static void
check_answer (const FlowState *level, const HbResult *r, const char *what)
{
  int w = level->base.width, h = level->base.height;
  gsize n = (gsize) w * h;
  const FlowState *solved;
  const char *why;
  g_autofree guint8 *cells = NULL;
  guint first = 0;

  if (r->status != HB_STATUS_SOLVED)
    g_error ("%s: status %s (%s)", what, hb_status_to_string (r->status),
             r->message ? r->message : "");
  g_assert_nonnull (r->solved);
  solved = FLOW_CONST (r->solved);
  g_assert_cmpint (r->solved->width, ==, w);
  g_assert_cmpint (r->solved->height, ==, h);
  why = flow_check_answer (w, h, level->dot, solved->colour);
  if (why != NULL)
    g_error ("%s: %s", what, why);

  cells = g_memdup2 (level->dot, n);
  /* A level with paths drawn: they are cleared first (the links from a
   * dot that has one already do not apply). */
  if (r->moves->len > 0 && g_array_index (r->moves, HbMove, 0).op == FLOW_OP_CLEAR_PATHS)
    {
      gboolean drawn = FALSE;
      for (gsize k = 0; k < n; k++)
        drawn |= level->links[k] != 0 || level->colour[k] != level->dot[k];
      g_assert_true (drawn);
      first = 1;
    }
  for (guint i = first; i < r->moves->len; i++)
    {
      const HbMove *m = &g_array_index (r->moves, HbMove, i);
      static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };
      int dir = m->value & 3, c = (m->value >> 2) + 1;
      int nx = m->x + dx[dir], ny = m->y + dy[dir];

      g_assert_cmpint (m->op, ==, FLOW_OP_LINK);
      g_assert_true (m->x >= 0 && m->y >= 0 && m->x < w && m->y < h);
      g_assert_true (nx >= 0 && ny >= 0 && nx < w && ny < h);
      g_assert_true (cells[m->y * w + m->x] == 0 || cells[m->y * w + m->x] == c);
      g_assert_true (cells[ny * w + nx] == 0 || cells[ny * w + nx] == c);
      cells[m->y * w + m->x] = (guint8) c;
      cells[ny * w + nx] = (guint8) c;
    }
  g_assert_cmpmem (cells, n, solved->colour, n);
  g_assert_cmpuint (r->moves->len, ==, n - (gsize) level->colours + first);
}

static HbResult *
run (const HbSolver *solver, const FlowState *level, const HbSolveOptions *options,
     HbTrace *trace, HbCancel *cancellable)
{
  HbSolveOptions none = { 0 };
  g_autoptr(GError) error = NULL;
  HbResult *r = hb_solve (solver, &level->base, options ? options : &none, trace,
                          cancellable, &error);

  g_assert_no_error (error);
  g_assert_nonnull (r);
  return r;
}

static guint64
stat_u64 (const HbResult *r, const char *name)
{
  const char *v = hb_result_get_stat (r, name);

  if (v == NULL)
    g_error ("no stat '%s'", name);
  return g_ascii_strtoull (v, NULL, 10);
}

static void
solve_boards (const HbSolver *solver, const char *const *names)
{
  for (int i = 0; names[i] != NULL; i++)
    {
      FlowState *level = parse (board_text (names[i]));
      HbResult *r = run (solver, level, NULL, NULL, NULL);
      g_autofree char *what = g_strdup_printf ("%s on %s", solver->id, names[i]);

      check_answer (level, r, what);
      g_test_message ("%s: %.3f s", what, r->seconds);
      hb_result_free (r);
      flow_state_free (level);
    }
}

static void
test_sat_reference (void)
{
  static const char *const names[] = {
    "regular_5x5_01", "regular_6x6_01", "regular_7x7_01", "regular_8x8_01",
    "regular_9x9_01", "extreme_8x8_01", "extreme_9x9_01", "extreme_9x9_30",
    "extreme_10x10_01", "jumbo_10x10_01", "extreme_11x11_30", "jumbo_13x13_26",
    NULL,
  };
  FlowState *level = parse (board_text ("regular_5x5_01"));
  HbResult *r;

  solve_boards (&flow_solver_sat, names);

  /* The encoding's size: 5 colours on 25 cells, six shapes per cell but
   * four at the ten dots. */
  r = run (&flow_solver_sat, level, NULL, NULL, NULL);
  g_assert_cmpuint (stat_u64 (r, "variables"), ==, 25 * 5 + 15 * 6 + 10 * 4);
  g_assert_cmpuint (stat_u64 (r, "clauses"), >, 1000);
  g_assert_cmpuint (stat_u64 (r, "SAT calls"), >=, 1);
  hb_result_free (r);
  flow_state_free (level);
}

static void
test_heuristic_reference (void)
{
  static const char *const names[] = {
    "regular_5x5_01", "regular_6x6_01", "regular_7x7_01", "regular_8x8_01",
    "regular_9x9_01", "extreme_8x8_01", "extreme_9x9_01", "extreme_9x9_30",
    "extreme_10x10_01", "jumbo_10x10_01", "jumbo_13x13_26", "jumbo_14x14_30",
    NULL,
  };

  solve_boards (&flow_solver_heuristic, names);
}

static void
test_backtrack_reference (void)
{
  static const char *const names[] = {
    "regular_5x5_01", "regular_6x6_01", "regular_7x7_01", "regular_8x8_01",
    "regular_9x9_01", "extreme_8x8_01",
    NULL,
  };

  solve_boards (&flow_solver_backtrack, names);
}

/* Every solver proves the cross unsolvable, and the exact ones agree on
 * the small hand-made levels. */
static void
test_unsolvable (void)
{
  const HbSolver *solvers[] = { &flow_solver_sat, &flow_solver_heuristic, &flow_solver_backtrack };
  const char *levels[] = { board_text ("unsolvable_cross"), corners, middle_row };

  for (gsize l = 0; l < G_N_ELEMENTS (levels); l++)
    for (gsize i = 0; i < G_N_ELEMENTS (solvers); i++)
      {
        FlowState *level = parse (levels[l]);
        HbResult *r = run (solvers[i], level, NULL, NULL, NULL);

        if (r->status != HB_STATUS_NO_SOLUTION)
          g_error ("%s on level %zu: %s", solvers[i]->id, l, hb_status_to_string (r->status));
        g_assert_null (r->solved);
        g_assert_nonnull (r->message);
        hb_result_free (r);
        flow_state_free (level);
      }
}

/* The SAT solver's cycle check: a model with a stray cycle is recorded
 * with the cycle marked, then forbidden, and the same instance solves
 * again. On jumbo_14x14_01 the first model has one; on the corners level
 * every model has one until the clauses run out. */
static void
check_repair_trace (const FlowState *level, HbTrace *trace, guint64 repairs)
{
  gsize n = (gsize) level->base.width * level->base.height, marked_steps = 0;

  for (gsize i = 0; i < hb_trace_length (trace); i++)
    {
      const HbStep *step = hb_trace_step (trace, i);
      gsize len = 0;
      const guint8 *blob = hb_trace_blob (trace, step, &len);

      g_assert_true (step->kind == HB_STEP_INFO || step->kind == HB_STEP_SOLUTION);
      g_assert_nonnull (blob);
      if (step->kind == HB_STEP_SOLUTION)
        {
          /* The count as a label's value, with no plural to get wrong (it
           * said "A solution, after 1 SAT calls"). */
          g_autofree char *said = flow_game.describe_step (&level->base, trace, step);
          g_autofree char *want = g_strdup_printf ("A solution (SAT calls: %" G_GINT64_FORMAT ")",
                                                   step->counter);
          g_assert_cmpstr (said, ==, want);
        }
      if (step->kind == HB_STEP_INFO)
        {
          gsize marked = 0, cycle_cells = 0;

          /* colour, links and marks planes; every marked cell is coloured,
           * has two links, none of them to an unmarked cell, and is no dot. */
          g_assert_cmpuint (len, ==, 3 * n);
          for (gsize j = 0; j < n; j++)
            if (blob[2 * n + j])
              {
                int x = (int) (j % level->base.width), y = (int) (j / level->base.width);
                guint8 links = blob[n + j];

                marked++;
                g_assert_cmpint (level->dot[j], ==, 0);
                g_assert_cmpint (blob[j], !=, 0);
                g_assert_cmpint (__builtin_popcount (links), ==, 2);
                for (int d = 0; d < 4; d++)
                  if ((links >> d) & 1)
                    {
                      int nx = x + hb_dir_dx[d], ny = y + hb_dir_dy[d];
                      g_assert_true (nx >= 0 && ny >= 0 && nx < level->base.width
                                     && ny < level->base.height);
                      g_assert_cmpint (blob[2 * n + (gsize) ny * level->base.width + nx], !=, 0);
                      g_assert_cmpint (blob[(gsize) ny * level->base.width + nx], ==, blob[j]);
                    }
                cycle_cells++;
              }
          g_assert_cmpuint (marked, >=, 4);
          g_assert_cmpuint (cycle_cells, ==, marked);
          marked_steps++;

          /* The game's player shows that board with those cells marked. */
          {
            FlowFrame *frame = flow_game.frame_new (&level->base, trace);
            gsize shown = 0;

            flow_game.frame_step (frame, trace, step);
            for (gsize j = 0; j < n; j++)
              shown += frame->marks[j] != 0;
            g_assert_cmpuint (shown, ==, marked);
            g_assert_cmpmem (frame->board->colour, n, blob, n);
            flow_game.frame_free (frame);
          }
          /* And says what the red cells are, with the model's number
           * (it said "after 1 SAT calls, marked cells in red"). */
          {
            g_autofree char *said = flow_game.describe_step (&level->base, trace, step);
            g_autofree char *want = g_strdup_printf ("Model %" G_GINT64_FORMAT ": the loops in red",
                                                     step->counter);

            g_assert_true (g_str_has_prefix (said, want));
          }
        }
    }
  g_assert_cmpuint (marked_steps, >=, 1);
  g_assert_cmpuint (repairs, >=, marked_steps);
}

static void
test_sat_cycle_repair (void)
{
  FlowState *level = parse (board_text ("jumbo_14x14_01"));
  HbTrace *trace = hb_trace_new (HB_TRACE_DEFAULT_MAX_STEPS, HB_TRACE_DEFAULT_MAX_BYTES);
  HbResult *r = run (&flow_solver_sat, level, NULL, trace, NULL);
  const HbStep *last;

  check_answer (level, r, "sat on jumbo_14x14_01");
  g_assert_cmpuint (stat_u64 (r, "cycle repairs"), >, 0);
  g_assert_cmpuint (stat_u64 (r, "SAT calls"), >, 1);
  check_repair_trace (level, trace, stat_u64 (r, "cycle repairs"));
  last = hb_trace_step (trace, hb_trace_length (trace) - 1);
  g_assert_cmpint (last->kind, ==, HB_STEP_SOLUTION);
  /* While CaDiCaL runs, its problem's size is the live word (a 30×30
   * run showed only the call count and the clock for seconds). */
  {
    gint64 calls = 0;
    g_autofree char *words = hb_trace_get_progress (trace, &calls);

    g_assert_cmpint (calls, ==, (gint64) stat_u64 (r, "SAT calls"));
    g_assert_nonnull (words);
    g_test_message ("progress: %s", words);
    g_assert_true (g_str_has_prefix (words, "CaDiCaL is solving "));
    g_assert_true (g_str_has_suffix (words, " clauses"));
  }
  hb_result_free (r);
  hb_trace_free (trace);
  flow_state_free (level);

  level = parse (corners);
  trace = hb_trace_new (HB_TRACE_DEFAULT_MAX_STEPS, HB_TRACE_DEFAULT_MAX_BYTES);
  r = run (&flow_solver_sat, level, NULL, trace, NULL);
  g_assert_cmpint (r->status, ==, HB_STATUS_NO_SOLUTION);
  g_assert_cmpuint (stat_u64 (r, "cycle repairs"), >, 0);
  check_repair_trace (level, trace, stat_u64 (r, "cycle repairs"));
  hb_result_free (r);
  hb_trace_free (trace);
  flow_state_free (level);
}

/* The backtracking's and the heuristic's step traces: replaying PLACE and
 * UNDO on an empty link plane ends on the answer's links; TRY and REJECT
 * are there (both searches refuse steps on this level). */
static void
test_step_traces (void)
{
  const HbSolver *solvers[] = { &flow_solver_backtrack, &flow_solver_heuristic };
  const char *names[] = { "regular_7x7_01", "jumbo_10x10_01" };

  for (gsize i = 0; i < G_N_ELEMENTS (solvers); i++)
    {
      FlowState *level = parse (board_text (names[i]));
      int w = level->base.width, h = level->base.height;
      gsize n = (gsize) w * h, counts[HB_STEP_INFO + 1] = { 0 };
      HbTrace *trace = hb_trace_new (HB_TRACE_DEFAULT_MAX_STEPS, HB_TRACE_DEFAULT_MAX_BYTES);
      HbResult *r = run (solvers[i], level, NULL, trace, NULL);
      g_autofree guint8 *links = g_malloc0 (n);

      check_answer (level, r, solvers[i]->id);
      g_assert_false (hb_trace_truncated (trace));
      for (gsize k = 0; k < hb_trace_length (trace); k++)
        {
          const HbStep *step = hb_trace_step (trace, k);
          int d = step->aux, nx = step->x + hb_dir_dx[d & 3], ny = step->y + hb_dir_dy[d & 3];

          counts[step->kind]++;
          if (step->kind != HB_STEP_PLACE && step->kind != HB_STEP_UNDO)
            continue;
          g_assert_cmpint (d, <, 4);
          g_assert_true (nx >= 0 && ny >= 0 && nx < w && ny < h);
          g_assert_cmpint (step->value, >=, 0);
          g_assert_cmpint (step->value, <, level->colours);
          if (step->kind == HB_STEP_PLACE)
            {
              g_assert_false ((links[step->y * w + step->x] >> d) & 1);
              links[step->y * w + step->x] |= (guint8) (1u << d);
              links[ny * w + nx] |= (guint8) (1u << ((d + 2) & 3));
            }
          else
            {
              g_assert_true ((links[step->y * w + step->x] >> d) & 1);
              links[step->y * w + step->x] &= (guint8) ~(1u << d);
              links[ny * w + nx] &= (guint8) ~(1u << ((d + 2) & 3));
            }
        }
      g_assert_cmpmem (links, n, FLOW_CONST (r->solved)->links, n);

      /* The game's player, fed every step but the closing whole board,
       * draws the answer too. */
      {
        gpointer frame = flow_game.frame_new (&level->base, trace);
        const FlowFrame *ff = frame;

        for (gsize k = 0; k < hb_trace_length (trace); k++)
          if (hb_trace_step (trace, k)->kind != HB_STEP_SOLUTION)
            flow_game.frame_step (frame, trace, hb_trace_step (trace, k));
        g_assert_cmpmem (ff->board->colour, n, FLOW_CONST (r->solved)->colour, n);
        g_assert_cmpmem (ff->board->links, n, FLOW_CONST (r->solved)->links, n);
        flow_game.frame_free (frame);
      }
      g_assert_cmpuint (counts[HB_STEP_TRY], >, 0);
      g_assert_cmpuint (counts[HB_STEP_PLACE], >, 0);
      g_assert_cmpuint (counts[HB_STEP_UNDO], >, 0);
      g_assert_cmpuint (counts[HB_STEP_REJECT], >, 0);
      g_assert_cmpuint (counts[HB_STEP_SOLUTION], ==, 1);
      g_assert_cmpuint (stat_u64 (r, "search calls"), >, 0);
      g_assert_cmpuint (stat_u64 (r, "undos"), >, 0);
      hb_result_free (r);
      hb_trace_free (trace);
      flow_state_free (level);
    }
}

/* A cancelled run says so; so does a run stopped by the node limit or the
 * time limit, and none of them returns an answer. */
static void
test_stops (void)
{
  struct {
    const HbSolver *solver;
    const char *board;
  } cases[] = {
    { &flow_solver_sat, "jumbo_14x14_01" },
    { &flow_solver_heuristic, "extreme_11x11_30" },
    { &flow_solver_backtrack, "extreme_9x9_30" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      FlowState *level = parse (board_text (cases[i].board));
      g_autoptr(HbCancel) cancellable = hb_cancel_new ();
      HbSolveOptions options = { 0 };
      HbResult *r;

      hb_cancel_set (cancellable);
      r = run (cases[i].solver, level, NULL, NULL, cancellable);
      g_assert_cmpint (r->status, ==, HB_STATUS_CANCELLED);
      g_assert_null (r->solved);
      g_assert_nonnull (r->message);
      hb_result_free (r);

      options.node_limit = 1;
      r = run (cases[i].solver, level, &options, NULL, NULL);
      g_assert_cmpint (r->status, ==, HB_STATUS_GAVE_UP);
      g_assert_null (r->solved);
      g_assert_nonnull (strstr (r->message, "node limit"));
      /* SAT's steps are CaDiCaL's conflicts, and the message says so. */
      if (cases[i].solver == &flow_solver_sat)
        g_assert_nonnull (strstr (r->message, "conflicts"));
      hb_result_free (r);

      /* The searches make exactly as many calls as the limit allows. */
      if (cases[i].solver != &flow_solver_sat)
        {
          options.node_limit = 100;
          r = run (cases[i].solver, level, &options, NULL, NULL);
          g_assert_cmpint (r->status, ==, HB_STATUS_GAVE_UP);
          g_assert_cmpuint (stat_u64 (r, "search calls"), ==, 100);
          hb_result_free (r);
        }

      options.node_limit = 0;
      options.time_limit = 1e-6;
      r = run (cases[i].solver, level, &options, NULL, NULL);
      g_assert_cmpint (r->status, ==, HB_STATUS_GAVE_UP);
      g_assert_null (r->solved);
      g_assert_nonnull (strstr (r->message, "time limit"));
      hb_result_free (r);
      flow_state_free (level);
    }

  /* Stopped at their own limit (no Step limit given: 2^27 calls would take
   * seconds here, so the words are checked where they are made), the
   * searches say it was theirs, not "the node limit" the user never set. */
  {
    FlowState *level = parse (board_text ("extreme_9x9_30"));
    gsize n = (gsize) level->base.width * level->base.height;
    g_autofree guint8 *colour = g_malloc0 (n), *links = g_malloc0 (n);
    HbResult *r = flow_search_result (level, NULL, FALSE, TRUE, HB_STOP_NODE_LIMIT, 134217728,
                                      TRUE, colour, links, "advice", "none");

    g_assert_cmpint (r->status, ==, HB_STATUS_GAVE_UP);
    g_assert_nonnull (strstr (r->message, "its own step limit"));
    g_assert_null (strstr (r->message, "the node limit"));
    g_assert_true (g_str_has_suffix (r->message, ": advice"));
    g_assert_true (flow_solver_backtrack.flags & HB_SOLVER_OWN_NODE_LIMIT);
    g_assert_true (flow_solver_heuristic.flags & HB_SOLVER_OWN_NODE_LIMIT);
    g_assert_false (flow_solver_fast.flags & HB_SOLVER_OWN_NODE_LIMIT);
    hb_result_free (r);
    flow_state_free (level);
  }
}

/* Boards too large for a solver's default budget are refused at once,
 * saying why, not searched for minutes. */
static void
test_too_large (void)
{
  FlowState *big = flow_state_new (300, 300, 2), *small = parse (board_text ("regular_5x5_01"));
  HbSolveOptions tight = { 0 };
  HbResult *r;

  big->dot[0] = big->colour[0] = 1;
  big->dot[299] = big->colour[299] = 1;
  big->dot[300 * 299] = big->colour[300 * 299] = 2;
  big->dot[300 * 300 - 1] = big->colour[300 * 300 - 1] = 2;
  r = run (&flow_solver_heuristic, big, NULL, NULL, NULL);
  g_assert_cmpint (r->status, ==, HB_STATUS_GAVE_UP);
  g_assert_nonnull (strstr (r->message, "Too large"));
  hb_result_free (r);

  /* The SAT encoding's clauses against the memory limit. */
  tight.memory_limit = 4096;
  r = run (&flow_solver_sat, small, &tight, NULL, NULL);
  g_assert_cmpint (r->status, ==, HB_STATUS_GAVE_UP);
  g_assert_nonnull (strstr (r->message, "memory"));
  hb_result_free (r);
  flow_state_free (big);
  flow_state_free (small);
}

/* Levels the editor can make but no one can solve: a colour with one dot,
 * no colour at all. Every solver answers, none crashes. */
static void
test_bad_levels (void)
{
  const HbSolver *solvers[] = { &flow_solver_sat, &flow_solver_heuristic, &flow_solver_backtrack };

  for (gsize i = 0; i < G_N_ELEMENTS (solvers); i++)
    {
      FlowState *one = flow_state_new (4, 3, 2), *none = flow_state_new (3, 3, 0);
      HbResult *r;

      one->dot[0] = one->colour[0] = 1;
      one->dot[5] = one->colour[5] = 2;
      one->dot[11] = one->colour[11] = 1;
      r = run (solvers[i], one, NULL, NULL, NULL);
      g_assert_cmpint (r->status, ==, HB_STATUS_NO_SOLUTION);
      /* Green (the second colour) has one dot. */
      g_assert_cmpstr (r->message, ==, "Green has one dot: place its second dot to finish the level");
      hb_result_free (r);
      r = run (solvers[i], none, NULL, NULL, NULL);
      g_assert_cmpint (r->status, ==, HB_STATUS_NO_SOLUTION);
      hb_result_free (r);
      flow_state_free (one);
      flow_state_free (none);
    }
}

/* The three exact solvers agree on small random levels, solvable or not
 * (random dots are mostly unsolvable under the rule that a path never
 * touches itself): SAT's UNSAT, the heuristic's and the backtracking's
 * exhausted searches are three independent proofs, and every answer is
 * checked. */
static void
test_agree_random (void)
{
  const HbSolver *solvers[] = { &flow_solver_sat, &flow_solver_heuristic, &flow_solver_backtrack };
  GRand *rand = g_rand_new_with_seed (20261124);
  int solvable = 0, unsolvable = 0;

  for (int t = 0; t < 1000; t++)
    {
      int w = g_rand_int_range (rand, 2, 6), h = g_rand_int_range (rand, 2, 6);
      int colours = g_rand_int_range (rand, 1, w * h / 2 + 1);
      FlowState *level = flow_state_new (w, h, colours);
      HbStatus first = HB_STATUS_CANCELLED;

      for (int c = 0; c < colours; c++)
        for (int k = 0; k < 2; k++)
          {
            int i;
            do
              i = g_rand_int_range (rand, 0, w * h);
            while (level->dot[i] != 0);
            level->dot[i] = level->colour[i] = (guint8) (c + 1);
          }
      for (gsize i = 0; i < G_N_ELEMENTS (solvers); i++)
        {
          HbResult *r = run (solvers[i], level, NULL, NULL, NULL);

          if (r->status == HB_STATUS_SOLVED)
            check_answer (level, r, solvers[i]->id);
          else
            g_assert_cmpint (r->status, ==, HB_STATUS_NO_SOLUTION);
          if (i == 0)
            first = r->status;
          else if (r->status != first)
            g_error ("level %d (%d×%d): %s says %s, sat says %s", t, w, h, solvers[i]->id,
                     hb_status_to_string (r->status), hb_status_to_string (first));
          hb_result_free (r);
        }
      if (first == HB_STATUS_SOLVED)
        solvable++;
      else
        unsolvable++;
      flow_state_free (level);
    }
  g_test_message ("%d solvable, %d unsolvable", solvable, unsolvable);
  g_assert_cmpint (solvable, >, 10);
  g_assert_cmpint (unsolvable, >, 10);
  g_rand_free (rand);
}

/* A random level with a solution by construction: cells in random order
 * each start a path that walks at random into empty cells that touch the
 * path only at its end; the two ends become dots. NULL when a path is left
 * a single cell (the caller tries again). */
static FlowState *
random_solvable (GRand *rand, int w, int h)
{
  int n = w * h, colours = 0;
  g_autofree int *order = g_new (int, n), *col = g_new (int, n);
  FlowState *level;
  int starts[FLOW_MAX_COLOURS], ends[FLOW_MAX_COLOURS];

  for (int i = 0; i < n; i++)
    {
      order[i] = i;
      col[i] = -1;
    }
  for (int i = n - 1; i > 0; i--)
    {
      int j = g_rand_int_range (rand, 0, i + 1), t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
  for (int k = 0; k < n; k++)
    {
      int head = order[k], len = 1, want = g_rand_int_range (rand, 2, MAX (3, n / 3));

      if (col[head] >= 0)
        continue;
      if (colours == FLOW_MAX_COLOURS)
        return NULL;
      col[head] = colours;
      starts[colours] = head;
      while (len < want)
        {
          int opts[4], nopts = 0;
          for (int d = 0; d < 4; d++)
            {
              int x = head % w + hb_dir_dx[d], y = head / w + hb_dir_dy[d], e, ok = 1;
              if (x < 0 || y < 0 || x >= w || y >= h || col[y * w + x] >= 0)
                continue;
              e = y * w + x;
              for (int dd = 0; dd < 4; dd++)
                {
                  int vx = x + hb_dir_dx[dd], vy = y + hb_dir_dy[dd];
                  if (vx >= 0 && vy >= 0 && vx < w && vy < h && vy * w + vx != head
                      && col[vy * w + vx] == colours)
                    ok = 0;
                }
              if (ok)
                opts[nopts++] = e;
            }
          if (nopts == 0)
            break;
          head = opts[g_rand_int_range (rand, 0, nopts)];
          col[head] = colours;
          len++;
        }
      if (len < 2)
        return NULL;
      ends[colours++] = head;
    }
  level = flow_state_new (w, h, colours);
  for (int c = 0; c < colours; c++)
    {
      level->dot[starts[c]] = level->colour[starts[c]] = (guint8) (c + 1);
      level->dot[ends[c]] = level->colour[ends[c]] = (guint8) (c + 1);
    }
  return level;
}

/* On levels built to have a solution every exact solver finds one (the
 * backtracking within a node limit: it may give up, never say none). */
static void
test_random_solvable (void)
{
  GRand *rand = g_rand_new_with_seed (7);
  int made = 0, backtracked = 0;

  while (made < 40)
    {
      int w = g_rand_int_range (rand, 4, 9), h = g_rand_int_range (rand, 4, 9);
      FlowState *level = random_solvable (rand, w, h);
      HbSolveOptions limited = { 0 };
      HbResult *r;

      if (level == NULL)
        continue;
      made++;
      r = run (&flow_solver_sat, level, NULL, NULL, NULL);
      check_answer (level, r, "sat on a random level");
      hb_result_free (r);
      r = run (&flow_solver_heuristic, level, NULL, NULL, NULL);
      check_answer (level, r, "heuristic on a random level");
      hb_result_free (r);
      limited.node_limit = 200000;
      r = run (&flow_solver_backtrack, level, &limited, NULL, NULL);
      if (r->status == HB_STATUS_SOLVED)
        {
          check_answer (level, r, "backtrack on a random level");
          backtracked++;
        }
      else
        g_assert_cmpint (r->status, ==, HB_STATUS_GAVE_UP);
      hb_result_free (r);
      flow_state_free (level);
    }
  g_test_message ("the backtracking solved %d of 40 within its limit", backtracked);
  g_assert_cmpint (backtracked, >, 0);
  g_rand_free (rand);
}

/* A level with paths already drawn on it is solved from its dots. */
static void
test_drawn_level (void)
{
  FlowState *level = parse (board_text ("regular_5x5_01"));
  const HbSolver *solvers[] = { &flow_solver_sat, &flow_solver_heuristic, &flow_solver_backtrack };

  /* R at (0,0): draw a wrong step east into (1,0). */
  flow_link (level, 0, HB_DIR_E, 0);
  for (gsize i = 0; i < G_N_ELEMENTS (solvers); i++)
    {
      HbResult *r = run (solvers[i], level, NULL, NULL, NULL);
      check_answer (level, r, solvers[i]->id);
      g_assert_cmpint (g_array_index (r->moves, HbMove, 0).op, ==, FLOW_OP_CLEAR_PATHS);
      hb_result_free (r);
    }
  flow_state_free (level);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flow/classic/sat/reference", test_sat_reference);
  g_test_add_func ("/flow/classic/sat/cycle-repair", test_sat_cycle_repair);
  g_test_add_func ("/flow/classic/heuristic/reference", test_heuristic_reference);
  g_test_add_func ("/flow/classic/backtrack/reference", test_backtrack_reference);
  g_test_add_func ("/flow/classic/unsolvable", test_unsolvable);
  g_test_add_func ("/flow/classic/agree-random", test_agree_random);
  g_test_add_func ("/flow/classic/random-solvable", test_random_solvable);
  g_test_add_func ("/flow/classic/step-traces", test_step_traces);
  g_test_add_func ("/flow/classic/stops", test_stops);
  g_test_add_func ("/flow/classic/bad-levels", test_bad_levels);
  g_test_add_func ("/flow/classic/too-large", test_too_large);
  g_test_add_func ("/flow/classic/drawn-level", test_drawn_level);
  return g_test_run ();
}
