/* test-flow-chains: the corner-chain SAT search (flow-chains.c) and the
 * fast solver's use of it on big boards with few dots. Every answer is
 * checked by the tests' own checker (flow-check.h); its verdicts agree
 * with the path search's on small boards, solvable or not (dots moved or
 * swapped), so that the encoding leaves no answer out. */
#include "flow.h"
#include "flow-check.h"
#include "flow-reference.h"
#include "hb-test-util.h"

#include <string.h>
#include <time.h>

static void
assert_colours (const FlowState *level, const guint8 *colour)
{
  const char *why = flow_check_answer (level->base.width, level->base.height, level->dot,
                                       colour);

  if (why != NULL)
    g_error ("bad answer: %s", why);
}

/* One chain search on `level`: its end, the answer checked. */
static FlowChainsEnd
chains (const FlowState *level, int variant, const HbCancel *cancel, FlowChainStats *st)
{
  gsize n = (gsize) level->base.width * level->base.height;
  g_autofree guint8 *colour = g_malloc (n);
  g_autofree guint8 *links = g_malloc (n);
  FlowChainStats own;
  FlowChainsEnd end = flow_chains_solve (level, variant, cancel, 0, NULL, NULL, colour, links,
                                         st != NULL ? st : &own);

  if (end == FLOW_CHAINS_SOLVED)
    {
      FlowState *a = flow_state_copy (level);

      assert_colours (level, colour);
      memcpy (a->colour, colour, n);
      memcpy (a->links, links, n);
      g_assert_true (flow_is_solved (a));
      flow_state_free (a);
    }
  return end;
}

/* Every reference level: solved by both variants (their answers checked),
 * the crossing proven to have none. */
static void
test_reference (void)
{
  g_autoptr (GPtrArray) refs = flow_reference_levels ();

  for (guint i = 0; i < refs->len; i++)
    {
      const FlowReference *ref = g_ptr_array_index (refs, i);
      g_autoptr (GError) error = NULL;
      FlowState *s = flow_parse_text (ref->text, ref->len, &error);

      g_assert_no_error (error);
      for (int v = 0; v < 2; v++)
        {
          FlowChainStats st;
          FlowChainsEnd end = chains (s, v, NULL, &st);

          if (g_str_has_prefix (ref->name, "unsolvable"))
            g_assert_cmpint (end, ==, FLOW_CHAINS_NONE);
          else if (end != FLOW_CHAINS_SOLVED)
            g_error ("%s, variant %d: ended %d", ref->name, v, end);
          g_assert_cmpuint (st.candidates, ==, flow_chains_candidates (s));
          g_assert_cmpuint (st.rounds, >=, 1);
        }
      flow_state_free (s);
    }
}

/* Generated levels, some changed to have no answer (a dot moved, two
 * dots' colours swapped): the chain search and the path search say the
 * same, and both find answers and prove some levels have none. */
static void
test_agree (void)
{
  static const int sizes[][2] = { { 6, 6 }, { 8, 7 }, { 10, 10 }, { 14, 9 } };
  int answers = 0, none = 0, cut = 0, refused = 0, some = 0;
  int refused_by[2] = { 0, 0 };

  for (gsize i = 0; i < G_N_ELEMENTS (sizes); i++)
    for (guint64 seed = 1; seed <= 10; seed++)
      for (int change = 0; change < 3; change++)
        {
          HbGenerateParams p = { sizes[i][0], sizes[i][1], 0, seed, NULL };
          g_autoptr (GError) error = NULL;
          HbState *s = flow_generate (&p, &error);
          FlowState *fs = FLOW (s);
          gsize n = (gsize) s->width * s->height;
          HbSolveOptions o = { 0 };
          HbResult *r;
          FlowChainStats st;
          FlowChainsEnd end;
          int a = -1, b = -1;

          g_assert_no_error (error);
          for (gsize j = 0; j < n; j++)
            if (fs->dot[j] != 0)
              {
                if (a < 0)
                  a = (int) j;
                else if (b < 0 && fs->dot[j] != fs->dot[a])
                  b = (int) j;
              }
          if (change == 1)
            {
              /* The first dot and the first of another colour swap. */
              guint8 t = fs->dot[a];
              fs->dot[a] = fs->colour[a] = fs->dot[b];
              fs->dot[b] = fs->colour[b] = t;
            }
          else if (change == 2)
            {
              /* The first dot moves to the next empty cell. */
              for (gsize j = (gsize) a + 1; j < n; j++)
                if (fs->dot[j] == 0)
                  {
                    fs->dot[j] = fs->colour[j] = fs->dot[a];
                    fs->dot[a] = fs->colour[a] = 0;
                    break;
                  }
            }
          end = chains (fs, (int) seed & 1, NULL, &st);
          r = flow_solver_fast.solve (s, &o, NULL, NULL, &error);
          g_assert_no_error (error);
          if (end == FLOW_CHAINS_SOLVED)
            {
              g_assert_cmpint (r->status, ==, HB_STATUS_SOLVED);
              answers++;
            }
          else
            {
              g_assert_cmpint (end, ==, FLOW_CHAINS_NONE);
              g_assert_cmpint (r->status, ==, HB_STATUS_NO_SOLUTION);
              none++;
            }
          cut += (int) (st.paths + st.loops);
          refused += (int) st.kept_refused;
          refused_by[seed & 1] += (int) st.kept_refused;
          some += (int) st.kept_some;
          g_assert_cmpuint (st.kept_some, <=, st.kept_refused);
          hb_result_free (r);
          hb_state_free (s);
        }
  g_test_message ("%d answers, %d without one, %d paths and loops cut, %d runs whose kept "
                  "paths could not stay, %d of them followed by a run keeping some",
                  answers, none, cut, refused, some);
  g_assert_cmpint (answers, >=, 40);
  g_assert_cmpint (none, >=, 10);
  g_assert_cmpint (cut, >, 0);
  /* The runs repeated without the kept paths happen here, and the
   * verdicts above still agree. */
  g_assert_cmpint (refused, >, 0);
  /* Both phase settings keep the right paths (keep_path). */
  g_assert_cmpint (refused_by[0], >, 0);
  g_assert_cmpint (refused_by[1], >, 0);
  /* And the runs that keep the paths a refusal did not use. */
  g_assert_cmpint (some, >, 0);
}

/* A chain's first turn may lie beside its own path's dot, so a model can
 * pair every colour right and still have a path run beside itself: such
 * a path is refused and the solver asked again, never given up on.
 * 300 generated 15x15 levels, both variants: every one solved (a clause
 * that forbade too little of the path, such as only its first turn,
 * leaves a dozen of them unsolved), and some (10 with CaDiCaL 1.5.3)
 * needed that. */
static void
test_touch (void)
{
  guint64 touches = 0;

  for (guint64 seed = 1; seed <= 300; seed++)
    {
      HbGenerateParams p = { 15, 15, 0, seed, NULL };
      g_autoptr (GError) error = NULL;
      HbState *s = flow_generate (&p, &error);

      g_assert_no_error (error);
      for (int v = 0; v < 2; v++)
        {
          FlowChainStats st;

          g_assert_cmpint (chains (FLOW (s), v, NULL, &st), ==, FLOW_CHAINS_SOLVED);
          touches += st.touches;
        }
      hb_state_free (s);
    }
  g_test_message ("%" G_GUINT64_FORMAT " touching paths refused", touches);
  g_assert_cmpuint (touches, >=, 3);
}

/* Levels whose clauses fail by unit propagation alone (paths that would
 * have to cross, a dot walled in, cells only a dead end reaches): the
 * propagation before the solver's first run finds it, the solver is given
 * no variable and says there is no model. A level that needs the solver
 * to see it still gets its variables. */
static void
test_root (void)
{
  static const char *const none[] = {
    "A.B\n...\nB.A\n", "ABA\n...\n..B\n", "A.\n.A\nB.\n.B\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (none) + 1; i++)
    {
      const char *text = i < G_N_ELEMENTS (none) ? none[i] : "AB\nBA\n";
      g_autoptr (GError) error = NULL;
      FlowState *s = flow_parse_text (text, strlen (text), &error);

      g_assert_no_error (error);
      for (int v = 0; v < 2; v++)
        {
          FlowChainStats st;

          g_assert_cmpint (chains (s, v, NULL, &st), ==, FLOW_CHAINS_NONE);
          if (i < G_N_ELEMENTS (none))
            {
              g_assert_cmpuint (st.variables, ==, 0);
              g_assert_cmpuint (st.rounds, ==, 1);
            }
          else
            g_assert_cmpuint (st.variables, >, 0);
        }
      flow_state_free (s);
    }
}

static HbResult *
solve_fast_opts (const HbState *s, const char *setting, gboolean answer_board)
{
  g_autoptr (HbSettings) set = hb_settings_new ();
  HbSolveOptions o = { .answer_board = answer_board };
  g_autoptr (GError) error = NULL;
  HbResult *r;

  if (setting != NULL)
    g_assert_true (hb_settings_parse_assignment (set, setting, &error,
                                                 flow_solver_fast.settings, NULL));
  o.settings = set;
  r = flow_solver_fast.solve (s, &o, NULL, NULL, &error);
  g_assert_no_error (error);
  return r;
}

static HbResult *
solve_fast (const HbState *s, const char *setting)
{
  return solve_fast_opts (s, setting, FALSE);
}

/* The moves of r, played from the level s, draw r's answer. */
static void
assert_moves_draw_answer (const HbState *s, const HbResult *r)
{
  const FlowState *level = FLOW_CONST (s);
  FlowState *b = flow_state_copy (level);
  gsize n = (gsize) level->base.width * level->base.height;

  g_assert_cmpuint (r->moves->len, ==, n - (gsize) level->colours);
  for (guint i = 0; i < r->moves->len; i++)
    {
      const HbMove *m = &g_array_index (r->moves, HbMove, i);

      g_assert_cmpint (m->op, ==, FLOW_OP_LINK);
      flow_link (b, m->y * level->base.width + m->x, m->value & 3, m->value >> 2);
    }
  g_assert_cmpmem (b->colour, n, FLOW_CONST (r->solved)->colour, n);
  g_assert_cmpmem (b->links, n, FLOW_CONST (r->solved)->links, n);
  flow_state_free (b);
}

/* The fast solver on s, its answer checked, and its moves (which draw
 * the answer) unless `board` asks for the answer as a board (the CLI's
 * solve): then it has none. */
static HbResult *
solve_fast_answer (const HbState *s, const char *setting, gboolean board)
{
  HbResult *r = solve_fast_opts (s, setting, board);

  g_assert_cmpint (r->status, ==, HB_STATUS_SOLVED);
  assert_colours (FLOW_CONST (s), FLOW_CONST (r->solved)->colour);
  g_assert_true (flow_is_solved (FLOW_CONST (r->solved)));
  if (board)
    g_assert_cmpuint (r->moves->len, ==, 0);
  else
    assert_moves_draw_answer (s, r);
  return r;
}

static HbResult *
solve_fast_checked (const HbState *s, const char *setting)
{
  return solve_fast_answer (s, setting, FALSE);
}

/* r's stats say the chains ran on s. */
static void
assert_chains_ran (const HbState *s, const HbResult *r)
{
  const char *v = hb_result_get_stat (r, "chain candidates");

  g_assert_nonnull (v);
  g_assert_cmpuint (g_ascii_strtoull (v, NULL, 10), ==, flow_chains_candidates (FLOW_CONST (s)));
  g_assert_nonnull (hb_result_get_stat (r, "chain SAT runs"));
}

/* The fast solver takes the chains first on a board of 40,000 cells or
 * more with few dots (a generated 300x300 level in 10 colours, which the
 * path search takes five times as long on), and not when told not to or
 * on a small board. */
static void
test_fast (void)
{
  HbGenerateParams p = { 300, 300, 10, 1, NULL };
  g_autoptr (GError) error = NULL;
  HbState *s = flow_generate (&p, &error);
  HbResult *r;

  g_assert_no_error (error);
  r = solve_fast_checked (s, NULL);
  assert_chains_ran (s, r);
  /* The chains answered: no path search ran. */
  g_assert_null (hb_result_get_stat (r, "parallel searches"));
  hb_result_free (r);
  /* Asked for the answer as a board, the same answer without moves, from
   * both searches alone and raced. */
  for (int i = 0; i < 3; i++)
    {
      static const char *const how[3] = { NULL, "race=false", "chains=false" };

      r = solve_fast_answer (s, how[i], TRUE);
      if (i < 2)
        assert_chains_ran (s, r);
      hb_result_free (r);
    }

  r = solve_fast (s, "chains=false");
  g_assert_null (hb_result_get_stat (r, "chain candidates"));
  g_assert_nonnull (hb_result_get_stat (r, "parallel searches"));
  assert_moves_draw_answer (s, r);
  hb_result_free (r);
  hb_state_free (s);

  /* A small board: never. */
  p = (HbGenerateParams) { 30, 30, 0, 1, NULL };
  s = flow_generate (&p, &error);
  g_assert_no_error (error);
  r = solve_fast_checked (s, NULL);
  g_assert_null (hb_result_get_stat (r, "chain candidates"));
  hb_result_free (r);
  hb_state_free (s);
}

/* On a mid-size board with more dots (100x100 in 20 colours, where the
 * chains take a tenth of the path search's time) the chains race the path
 * search on the second core instead of a second path search: whichever
 * answers, the answer is checked; not with the chains or the race off;
 * and a hard board (40 colours) stops at its deadline. */
static void
test_beside (void)
{
  HbGenerateParams p = { 100, 100, 20, 3, NULL };
  g_autoptr (GError) error = NULL;
  HbState *s = flow_generate (&p, &error);
  HbSolveOptions o = { 0 };
  HbCancel stop;
  HbResult *r;
  HbTrace *trace = hb_trace_new (1000, 1 << 20);

  g_assert_no_error (error);
  r = flow_solver_fast.solve (s, &o, trace, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (r->status, ==, HB_STATUS_SOLVED);
  assert_colours (FLOW_CONST (s), FLOW_CONST (r->solved)->colour);
  if (g_get_num_processors () >= 2)
    {
      /* The path search's own stats only when it answered. */
      gboolean by_chains = hb_result_get_stat (r, "branches") == NULL;

      assert_chains_ran (s, r);
      g_assert_cmpstr (hb_result_get_stat (r, "parallel searches"), ==, "2");
      g_test_message ("answered by the %s", by_chains ? "chains" : "path search");
      if (by_chains)
        {
          /* The trace holds the chains' answer only, counted in their
           * runs, not the path search's unfinished steps. */
          g_assert_cmpuint (hb_trace_length (trace), ==, 1);
          g_assert_cmpint (hb_trace_step (trace, 0)->kind, ==, HB_STEP_SOLUTION);
          g_assert_cmpstr (hb_trace_get_counter_name (trace), ==, "SAT calls");
        }
    }
  hb_trace_free (trace);
  hb_result_free (r);
  r = solve_fast_checked (s, "chains=false");
  g_assert_null (hb_result_get_stat (r, "chain candidates"));
  hb_result_free (r);
  r = solve_fast_checked (s, "race=false");
  g_assert_null (hb_result_get_stat (r, "chain candidates"));
  g_assert_cmpstr (hb_result_get_stat (r, "parallel searches"), ==, "1");
  hb_result_free (r);
  hb_state_free (s);

  p = (HbGenerateParams) { 100, 100, 40, 1, NULL };
  s = flow_generate (&p, &error);
  g_assert_no_error (error);
  hb_cancel_init (&stop, NULL);
  hb_cancel_set_deadline (&stop, 0.3);
  r = flow_solver_fast.solve (s, &o, NULL, &stop, &error);
  g_assert_no_error (error);
  g_assert_cmpint (r->status, ==, HB_STATUS_CANCELLED);
  hb_result_free (r);
  /* The options' limits alone (as the bench passes them, no token): the
   * chains stop with the path search (they would answer after about 45 s). */
  for (int limit = 0; limit < 2; limit++)
    {
      gint64 t0 = g_get_monotonic_time ();

      o = (HbSolveOptions) { 0 };
      if (limit == 0)
        o.time_limit = 0.3;
      else
        o.node_limit = 20000;
      r = flow_solver_fast.solve (s, &o, NULL, NULL, &error);
      g_assert_no_error (error);
      /* Chains left running would answer, long after the limit. */
      g_assert_cmpint (r->status, !=, HB_STATUS_SOLVED);
      g_test_message ("stopped after %.2f s",
                      (double) (g_get_monotonic_time () - t0) / G_USEC_PER_SEC);
      hb_result_free (r);
    }
  hb_state_free (s);
}

/* Watched live (the app's view of a long solve): the chains publish the
 * latest model's paths and count their runs; the answer ends the trace.
 * One search (race=false): raced, the search that publishes is the first
 * of two, and on a fast machine the second answered before the first had
 * a model to show (the answer is what the view shows then). */
static void
test_live (void)
{
  HbGenerateParams p = { 300, 300, 10, 1, NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (HbSettings) set = hb_settings_new ();
  HbState *s = flow_generate (&p, &error);
  HbTrace *trace = hb_trace_new (1000, 1 << 20);
  HbSolveOptions o = { 0 };
  GDestroyNotify free_func = NULL;
  gpointer snap;
  HbResult *r;

  g_assert_no_error (error);
  g_assert_true (hb_settings_parse_assignment (set, "race=false", &error,
                                               flow_solver_fast.settings, NULL));
  o.settings = set;
  hb_trace_set_live (trace, TRUE);
  r = flow_solver_fast.solve (s, &o, trace, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (r->status, ==, HB_STATUS_SOLVED);
  g_assert_nonnull (hb_result_get_stat (r, "chain SAT runs"));
  g_assert_cmpuint (hb_trace_published (trace), >=, 1);
  g_assert_cmpstr (hb_trace_get_counter_name (trace), ==, "SAT calls");
  snap = hb_trace_take_snapshot (trace, &free_func);
  if (snap != NULL)
    {
      const FlowFrame *f = snap;

      g_assert_cmpint (f->board->base.width, ==, 300);
      g_assert_cmpint (f->board->base.height, ==, 300);
      free_func (snap);
    }
  /* The last step is the answer. */
  g_assert_cmpuint (hb_trace_length (trace), >=, 1);
  g_assert_cmpint (hb_trace_step (trace, hb_trace_length (trace) - 1)->kind, ==,
                   HB_STEP_SOLUTION);
  hb_result_free (r);
  hb_trace_free (trace);
  hb_state_free (s);
}

/* A cancelled search stops with STOPPED; a board with no dots is not its
 * business (UNSURE). One stopped before it starts builds nothing: it
 * built every candidate before it first looked, which on 4096x4096 took
 * 0.2-0.5 s past a deadline that had already passed (the fast solver
 * counts the candidates first). The fast solver's stats still count them
 * all. */
static void
test_stop (void)
{
  HbGenerateParams p = { 300, 300, 10, 1, NULL };
  g_autoptr (GError) error = NULL;
  HbState *s = flow_generate (&p, &error);
  HbCancel cancel;
  FlowState *empty = flow_state_new (5, 5, 0);

  g_assert_no_error (error);
  hb_cancel_init (&cancel, NULL);
  hb_cancel_set (&cancel);
  {
    FlowChainStats st;
    HbSolveOptions o = { 0 };
    const char *v;
    HbResult *r;

    g_assert_cmpint (chains (FLOW_CONST (s), 0, &cancel, &st), ==, FLOW_CHAINS_STOPPED);
    g_assert_cmpuint (st.rounds, ==, 0);
    g_assert_cmpuint (st.candidates, ==, 0);
    g_assert_cmpuint (st.clauses, ==, 0);

    r = flow_solver_fast.solve (s, &o, NULL, &cancel, &error);
    g_assert_no_error (error);
    g_assert_cmpint (r->status, ==, HB_STATUS_CANCELLED);
    v = hb_result_get_stat (r, "chain candidates");
    g_assert_nonnull (v);
    g_assert_cmpuint (g_ascii_strtoull (v, NULL, 10), ==,
                      flow_chains_candidates (FLOW_CONST (s)));
    hb_result_free (r);
  }
  g_assert_cmpint (chains (FLOW_CONST (s), 1, NULL, NULL), ==, FLOW_CHAINS_SOLVED);
  g_assert_cmpint (chains (empty, 0, NULL, NULL), ==, FLOW_CHAINS_UNSURE);
  flow_state_free (empty);
  hb_state_free (s);
}

/* Burns about `seconds` of this thread's CPU time. */
static void
burn_cpu (double seconds)
{
  struct timespec t0, t;
  volatile guint64 x = 0;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t0);
  do
    {
      for (int i = 0; i < 100000; i++)
        x += (guint64) i;
      clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t);
    }
  while ((double) (t.tv_sec - t0.tv_sec) + (double) (t.tv_nsec - t0.tv_nsec) * 1e-9 < seconds);
}

/* The chains' CPU budget: a search past it stops (STOPPED), and the
 * budget counts the CPU time the calling thread spends in the search, not
 * what it spent before (the fast solver gives its chains 3 s of CPU time
 * each, so that a busy machine does not cut them short as a deadline on
 * the clock did). */
static void
test_cpu_budget (void)
{
  HbGenerateParams p = { 120, 120, 8, 1, NULL };
  g_autoptr (GError) error = NULL;
  HbState *s = flow_generate (&p, &error);
  gsize n = (gsize) s->width * s->height;
  g_autofree guint8 *colour = g_malloc (n);
  g_autofree guint8 *links = g_malloc (n);
  FlowChainStats st;

  g_assert_no_error (error);
  g_assert_cmpint (flow_chains_solve (FLOW_CONST (s), 0, NULL, 1e-9, NULL, NULL, colour, links,
                                      &st),
                   ==, FLOW_CHAINS_STOPPED);
  /* Time spent before the call is not the search's. */
  burn_cpu (0.6);
  g_assert_cmpint (flow_chains_solve (FLOW_CONST (s), 1, NULL, 0.5, NULL, NULL, colour, links,
                                      &st),
                   ==, FLOW_CHAINS_SOLVED);
  assert_colours (FLOW_CONST (s), colour);
  hb_state_free (s);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flow/chains/reference", test_reference);
  g_test_add_func ("/flow/chains/agree", test_agree);
  g_test_add_func ("/flow/chains/touch", test_touch);
  g_test_add_func ("/flow/chains/root", test_root);
  g_test_add_func ("/flow/chains/fast", test_fast);
  g_test_add_func ("/flow/chains/beside", test_beside);
  g_test_add_func ("/flow/chains/live", test_live);
  g_test_add_func ("/flow/chains/stop", test_stop);
  g_test_add_func ("/flow/chains/cpu-budget", test_cpu_budget);
  return g_test_run ();
}
