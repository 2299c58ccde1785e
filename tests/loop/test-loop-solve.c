/* test-loop-solve: every solver on hand-made levels, generated levels and
 * the Tatham Net IDs, each answer checked by the independent checker
 * (loop-check.h);
 * unsolvable levels; the fast solver's count against a brute force;
 * cancellation and limits. */
#include "loop.h"
#include "hb-test-util.h"
#include "loop-check.h"
#include "hb-player.h"

#include <string.h>

/* Independent checking: loop-check.h. */

static HbResult *
run (const char *solver_id, const HbState *level, const HbSolveOptions *options)
{
  const HbSolver *solver = hb_game_find_solver (&loop_game, solver_id);
  g_autoptr(GError) error = NULL;
  HbResult *r;

  g_assert_nonnull (solver);
  r = hb_solve (solver, level, options, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (r);
  return r;
}

static HbState *
load (const char *name)
{
  g_autofree char *rel = g_strconcat ("loop/", name, NULL);
  g_autofree char *text = hb_test_read_data (rel, NULL);
  return hb_test_parse (&loop_game, text);
}

static const char *const exact[] = { "fast", "backtrack", "dlx", NULL };

static void
test_hand_made (void)
{
  const char *solvable[] = { "corners-4x4.loop", "mixed.loop", "compact.loop",
                             "ambiguous.loop", NULL };

  for (int f = 0; solvable[f]; f++)
    {
      HbState *level = load (solvable[f]);
      for (int k = 0; exact[k]; k++)
        {
          HbResult *r = run (exact[k], level, NULL);
          check_result (level, r);
          /* Said in tiles, as the hint counts them, one move a tile. */
          {
            g_autofree char *said = loop_game.solved_text (r);
            g_autofree char *want = g_strdup_printf ("Solved: %u tile%s to turn", r->moves->len,
                                                     r->moves->len == 1 ? "" : "s");
            g_assert_cmpstr (said, ==, want);
          }
          hb_result_free (r);
        }
      hb_state_free (level);
    }
}

static void
test_unsolvable (void)
{
  const char *files[] = { "odd-arms.loop", "cross-corner.loop", NULL };
  const char *inline_levels[] = {
    "1000\n",                     /* an end alone */
    "1111 1111\n1111 1111\n",     /* crosses in every corner */
    "1010 1010 1010\n",           /* straights across a one-row board */
    "0110 0110\n0110 0111\n",     /* five arms around a closed 2×2 */
    NULL,
  };
  GPtrArray *levels = g_ptr_array_new_with_free_func ((GDestroyNotify) hb_state_free);

  for (int f = 0; files[f]; f++)
    g_ptr_array_add (levels, load (files[f]));
  for (int f = 0; inline_levels[f]; f++)
    g_ptr_array_add (levels, hb_test_parse (&loop_game, inline_levels[f]));
  for (guint i = 0; i < levels->len; i++)
    {
      HbState *level = g_ptr_array_index (levels, i);
      for (int k = 0; exact[k]; k++)
        {
          HbResult *r = run (exact[k], level, NULL);
          g_assert_cmpint (r->status, ==, HB_STATUS_NO_SOLUTION);
          g_assert_null (r->solved);
          g_assert_nonnull (r->message);
          g_assert_null (loop_game.write_solution (level, r, HB_WRITE_NATIVE));
          hb_result_free (r);
        }
    }
  /* The odd and cornered ones are beyond the flow too: it proves them. */
  {
    HbResult *r = run ("maxflow", g_ptr_array_index (levels, 0), NULL);
    g_assert_cmpint (r->status, ==, HB_STATUS_NO_SOLUTION);
    hb_result_free (r);
    r = run ("maxflow", g_ptr_array_index (levels, 1), NULL);
    g_assert_cmpint (r->status, ==, HB_STATUS_NO_SOLUTION);
    hb_result_free (r);
  }
  /* The fast solver's replay ends on the tile its first propagation left
   * no turn, marked as fitting nowhere (it ended on the last tile fixed):
   * the end alone, at row 1, column 1. */
  {
    HbState *level = g_ptr_array_index (levels, 2);
    HbTrace *trace = hb_trace_new (HB_TRACE_DEFAULT_MAX_STEPS, HB_TRACE_DEFAULT_MAX_BYTES);
    HbSolveOptions o = { 0 };
    HbResult *r = hb_solve (&loop_solver_fast, level, &o, trace, NULL, NULL);
    const HbStep *last;
    g_autofree char *words = NULL;
    gpointer frame = loop_game.frame_new (level, trace);

    g_assert_cmpint (r->status, ==, HB_STATUS_NO_SOLUTION);
    g_assert_cmpuint (hb_trace_length (trace), >, 0);
    last = hb_trace_step (trace, hb_trace_length (trace) - 1);
    g_assert_cmpint (last->kind, ==, HB_STEP_REJECT);
    g_assert_cmpint (last->value, ==, -1);
    g_assert_true (last->flags & LOOP_STEP_NO_FIT);
    g_assert_cmpint (last->x, ==, 0);
    g_assert_cmpint (last->y, ==, 0);
    words = loop_game.describe_step (level, trace, last);
    g_assert_cmpstr (words, ==, "The tile at row 1, column 1 has no turn that fits what its "
                                "neighbours leave: the level has no solution");
    for (gsize s = 0; s < hb_trace_length (trace); s++)
      loop_game.frame_step (frame, trace, hb_trace_step (trace, s));
    g_assert_cmpint (((const LoopFrame *) frame)->status[0], ==, LOOP_CELL_BAD);
    loop_game.frame_free (frame);
    hb_result_free (r);
    hb_trace_free (trace);
  }
  g_ptr_array_unref (levels);
}

static void
test_generated (void)
{
  for (guint64 seed = 1; seed <= 30; seed++)
    {
      int w = 2 + (int) (seed % 7), h = 2 + (int) ((seed * 3) % 6);
      LoopState *level = loop_generate_level (w, h, seed);
      for (int k = 0; exact[k]; k++)
        {
          HbResult *r = run (exact[k], &level->base, NULL);
          check_result (&level->base, r);
          hb_result_free (r);
        }
      hb_state_free (&level->base);
    }
  /* Larger ones for the fast solver. */
  for (guint64 seed = 1; seed <= 5; seed++)
    {
      LoopState *level = loop_generate_level (150 + (int) seed, 90, seed);
      HbResult *r = run ("fast", &level->base, NULL);
      check_result (&level->base, r);
      g_assert_nonnull (hb_result_get_stat (r, "propagations"));
      g_assert_nonnull (hb_result_get_stat (r, "regions"));
      hb_result_free (r);
      hb_state_free (&level->base);
    }
}

static void
test_net_ids (void)
{
  GPtrArray *rows = hb_test_read_tsv ("anchors/loop/tatham-net-ids.tsv");

  for (guint i = 0; i < rows->len; i++)
    {
      GStrv row = g_ptr_array_index (rows, i);
      HbState *level = hb_test_parse (&loop_game, row[1]);
      for (int k = 0; exact[k]; k++)
        {
          HbResult *r = run (exact[k], level, NULL);
          g_autofree char *text = NULL;
          HbState *again;
          check_result (level, r);
          /* write_solution prints the solved grid. */
          text = loop_game.write_solution (level, r, HB_WRITE_NATIVE);
          again = hb_test_parse (&loop_game, text);
          g_assert_true (loop_game.equal (again, r->solved));
          hb_state_free (again);
          g_free (text);
          text = loop_game.write_solution (level, r, HB_WRITE_COMPACT);
          again = hb_test_parse (&loop_game, text);
          g_assert_true (loop_game.equal (again, r->solved));
          hb_state_free (again);
          hb_result_free (r);
        }
      hb_state_free (level);
    }
  g_ptr_array_unref (rows);
}

/* Asked for the answer as a board (the CLI's solve), the fast solver gives
 * the solved board and no moves: the board is a solution of the level (the
 * independent checker), and the solution written from it is the text
 * written from the moves' answer. Tatham's Net IDs and a scrambled
 * generated level. */
static void
test_answer_board (void)
{
  GPtrArray *rows = hb_test_read_tsv ("anchors/loop/tatham-net-ids.tsv");
  GPtrArray *levels = g_ptr_array_new_with_free_func ((GDestroyNotify) hb_state_free);
  LoopState *gen = loop_generate_level (120, 80, 11);

  for (guint i = 0; i < rows->len; i++)
    g_ptr_array_add (levels, hb_test_parse (&loop_game, ((GStrv) g_ptr_array_index (rows, i))[1]));
  g_ptr_array_add (levels, loop_game.scramble (&gen->base, 12));
  for (guint i = 0; i < levels->len; i++)
    {
      const HbState *level = g_ptr_array_index (levels, i);
      HbSolveOptions board = { .answer_board = TRUE };
      HbResult *a = run ("fast", level, &board), *m = run ("fast", level, NULL);
      g_autofree char *text_a = NULL, *text_m = NULL;

      g_assert_cmpint (a->status, ==, HB_STATUS_SOLVED);
      g_assert_cmpuint (a->moves->len, ==, 0);
      g_assert_nonnull (a->solved);
      g_assert_cmpint (a->solved->width, ==, level->width);
      g_assert_cmpint (a->solved->height, ==, level->height);
      check_solution (LOOP_CONST (level)->tiles, LOOP_CONST (a->solved)->tiles,
                      level->width, level->height);
      check_result (level, m);
      text_a = loop_game.write_solution (level, a, HB_WRITE_NATIVE);
      text_m = loop_game.write_solution (level, m, HB_WRITE_NATIVE);
      g_assert_cmpstr (text_a, ==, text_m);
      hb_result_free (a);
      hb_result_free (m);
    }
  hb_state_free (&gen->base);
  g_ptr_array_unref (levels);
  g_ptr_array_unref (rows);
}

/* ---- Counting ------------------------------------------------------------ */

/* Counts solved boards by trying every distinct orientation of every tile
 * in reading order, checking each tile against its west and north
 * neighbours and the border as soon as it is placed. */
static guint64
brute_count (const guint8 *orig, guint8 *cur, int w, int h, int k)
{
  guint64 total = 0;
  int x = k % w, y = k / w;
  guint8 seen[4];
  int nseen = 0;

  if (k == w * h)
    return 1;
  for (int t = 0; t < 4; t++)
    {
      guint8 m = (guint8) (((orig[k] << t) | (orig[k] >> (4 - t))) & 15);
      gboolean dup = FALSE;
      for (int i = 0; i < nseen; i++)
        dup |= seen[i] == m;
      if (dup)
        continue;
      seen[nseen++] = m;
      cur[k] = m;
      if (y == 0 && (m & 1))
        continue;
      if (x == 0 && (m & 8))
        continue;
      if (x == w - 1 && (m & 2))
        continue;
      if (y == h - 1 && (m & 4))
        continue;
      if (x > 0 && ((m >> 3) & 1) != ((cur[k - 1] >> 1) & 1))
        continue;
      if (y > 0 && (m & 1) != ((cur[k - w] >> 2) & 1))
        continue;
      total += brute_count (orig, cur, w, h, k + 1);
    }
  return total;
}

static void
check_count (const HbState *level)
{
  int w = level->width, h = level->height;
  guint8 *cur = g_new0 (guint8, w * h);
  guint64 expect = brute_count (LOOP_CONST (level)->tiles, cur, w, h, 0);
  HbSolveOptions options = { .count_limit = 100000 };
  HbResult *r = run ("fast", level, &options);
  const char *got = hb_result_get_stat (r, "solutions");

  g_assert_nonnull (got);
  g_assert_cmpuint (g_ascii_strtoull (got, NULL, 10), ==, expect);
  g_assert_cmpint (r->status, ==, expect ? HB_STATUS_SOLVED : HB_STATUS_NO_SOLUTION);
  if (expect)
    check_result (level, r);
  hb_result_free (r);

  /* The uniqueness check: stop at 2. */
  options.count_limit = 2;
  r = run ("fast", level, &options);
  got = hb_result_get_stat (r, "solutions");
  g_assert_cmpuint (g_ascii_strtoull (got, NULL, 10), ==, MIN (expect, 2));
  hb_result_free (r);

  /* Backtracking and DLX agree on solvability. */
  for (int k = 1; exact[k]; k++)
    {
      r = run (exact[k], level, NULL);
      g_assert_cmpint (r->status, ==, expect ? HB_STATUS_SOLVED : HB_STATUS_NO_SOLUTION);
      if (expect)
        check_result (level, r);
      hb_result_free (r);
    }
  g_free (cur);
}

static void
test_count (void)
{
  HbRng rng;

  hb_rng_init (&rng, 2024);
  /* Generated levels (solvable) and boards of random tiles (mostly not). */
  for (guint64 seed = 1; seed <= 40; seed++)
    {
      int w = 1 + (int) hb_rng_below (&rng, 4), h = 1 + (int) hb_rng_below (&rng, 4);
      LoopState *level = loop_generate_level (w, h, seed);
      check_count (&level->base);
      for (int i = 0; i < w * h; i++)
        level->tiles[i] = (guint8) hb_rng_below (&rng, 16);
      check_count (&level->base);
      hb_state_free (&level->base);
    }
  {
    const char *files[] = { "corners-4x4.loop", "ambiguous.loop", "mixed.loop",
                            "odd-arms.loop", "thirteen.loop", NULL };
    for (int f = 0; files[f]; f++)
      {
        HbState *level = load (files[f]);
        check_count (level);
        hb_state_free (level);
      }
  }
  /* Known counts (a brute force in Python agrees): the 4×4 of corners is
   * unique, thirteen.loop has 13 solutions. */
  {
    HbState *level = load ("corners-4x4.loop");
    HbSolveOptions options = { .count_limit = 2 };
    HbResult *r = run ("fast", level, &options);
    g_assert_cmpstr (hb_result_get_stat (r, "solutions"), ==, "1");
    hb_result_free (r);
    hb_state_free (level);
    level = load ("thirteen.loop");
    r = run ("fast", level, &options);
    g_assert_cmpstr (hb_result_get_stat (r, "solutions"), ==, "2");
    hb_result_free (r);
    options.count_limit = 1000;
    r = run ("fast", level, &options);
    g_assert_cmpstr (hb_result_get_stat (r, "solutions"), ==, "13");
    check_result (level, r);
    hb_result_free (r);
    hb_state_free (level);
  }
}

/* One arm added to a tile that propagation alone does not fix leaves an
 * odd number of arms: no solution, found by every exact solver. */
static void
test_odd_parity (void)
{
  guint odd_regions = 0;

  for (guint64 seed = 1; seed <= 25; seed++)
    {
      LoopState *level = loop_generate_level (6, 6, seed);
      LoopAnswer a;
      int k = -1;

      loop_fast_solve (level, 1, 0, NULL, NULL, &a);
      for (int i = 0; i < 36 && k < 0; i++)
        if (!a.forced[i] && level->tiles[i] != 15)
          k = i;
      loop_answer_clear (&a);
      if (k < 0)
        {
          hb_state_free (&level->base);
          continue;
        }
      for (int d = 0; d < 4; d++)
        if (!(level->tiles[k] & (1 << d)))
          {
            level->tiles[k] |= 1 << d;
            break;
          }
      for (int e = 0; exact[e]; e++)
        {
          HbResult *r = run (exact[e], &level->base, NULL);
          g_assert_cmpint (r->status, ==, HB_STATUS_NO_SOLUTION);
          if (hb_result_get_stat (r, "odd regions"))
            odd_regions++;
          hb_result_free (r);
        }
      hb_state_free (&level->base);
    }
  g_test_message ("%u levels refused by region parity", odd_regions);

  /* This one needs the parity rule (or a search) to be refused. */
  {
    HbState *level = load ("odd-region.loop");
    for (int e = 0; exact[e]; e++)
      {
        HbResult *r = run (exact[e], level, NULL);
        g_assert_cmpint (r->status, ==, HB_STATUS_NO_SOLUTION);
        if (e == 0)
          {
            g_assert_cmpstr (hb_result_get_stat (r, "odd regions"), ==, "1");
            g_assert_nonnull (strstr (r->message, "odd number of arms"));
          }
        hb_result_free (r);
      }
    check_count (level);
    hb_state_free (level);
  }
}

/* ---- Max flow ---------------------------------------------------------- */

/* The backtracking shows its board live (only the counter moved while it
 * ran): a snapshot is a frame whose settled tiles are the search's, each
 * a turn of the level's tile. */
static void
test_backtrack_live (void)
{
  LoopState *level = loop_generate_level (40, 30, 3);
  HbTrace *trace = hb_trace_new (HB_TRACE_DEFAULT_MAX_STEPS, HB_TRACE_DEFAULT_MAX_BYTES);
  HbSolveOptions options = { .node_limit = 2000000 };
  GDestroyNotify free_func = NULL;
  const LoopFrame *snap;
  HbResult *r;
  gsize n = 40 * 30, placed = 0;

  hb_trace_set_live (trace, TRUE);
  r = hb_solve (&loop_solver_backtrack, &level->base, &options, trace, NULL, NULL);
  g_assert_nonnull (r);
  g_assert_cmpuint (hb_trace_published (trace), >, 0);
  snap = hb_trace_take_snapshot (trace, &free_func);
  g_assert_nonnull (snap);
  g_assert_true (free_func == loop_frame_free);
  g_assert_cmpint (snap->width, ==, 40);
  g_assert_cmpint (snap->height, ==, 30);
  for (gsize i = 0; i < n; i++)
    {
      g_assert_cmpint (loop_turns_between (level->tiles[i], snap->tiles[i]), >=, 0);
      g_assert_true (snap->status[i] == LOOP_CELL_FREE || snap->status[i] == LOOP_CELL_PLACED);
      if (snap->status[i] == LOOP_CELL_FREE)
        g_assert_cmpuint (snap->tiles[i], ==, level->tiles[i]);
      placed += snap->status[i] == LOOP_CELL_PLACED;
    }
  g_test_message ("%" G_GSIZE_FORMAT " tiles placed in the last of %" G_GUINT64_FORMAT
                  " snapshots", placed, hb_trace_published (trace));
  /* The first is taken before the first step; a later one holds tiles the
   * search has placed. */
  if (hb_trace_published (trace) > 1)
    g_assert_cmpuint (placed, >, 0);
  free_func ((gpointer) snap);
  hb_result_free (r);
  hb_trace_free (trace);
  hb_state_free (&level->base);
}

static void
test_maxflow (void)
{
  LoopState *level = loop_generate_level (12, 9, 5);
  HbTrace *trace = hb_trace_new (HB_TRACE_DEFAULT_MAX_STEPS, HB_TRACE_DEFAULT_MAX_BYTES);
  HbSolveOptions options = { 0 };
  HbResult *r = hb_solve (&loop_solver_maxflow, &level->base, &options, trace, NULL, NULL);
  guint arms = 0, flow_steps = 0;

  g_assert_cmpint (r->status, ==, HB_STATUS_GAVE_UP);
  g_assert_null (r->solved);
  g_assert_nonnull (strstr (r->message, "relaxation"));
  for (int i = 0; i < 12 * 9; i++)
    arms += __builtin_popcount (level->tiles[i]);
  /* A solvable level saturates the flow: one unit per open edge. */
  g_assert_cmpuint (g_ascii_strtoull (hb_result_get_stat (r, "flow"), NULL, 10), ==, arms / 2);
  for (gsize i = 0; i < hb_trace_length (trace); i++)
    flow_steps += (hb_trace_step (trace, i)->flags & LOOP_STEP_FLOW) != 0;
  g_assert_cmpuint (flow_steps, ==, arms / 2);
  /* The player's counter at the end counts that flow, not tiles settled
   * (it said "0 of 108 tiles settled" all through). */
  {
    HbPlayer *player = hb_player_new (&level->base, trace);
    g_autofree char *status = NULL;
    g_autofree char *want = g_strdup_printf ("%u units of flow between tiles", arms / 2);

    g_autofree char *first = NULL;

    hb_player_seek (player, hb_trace_length (trace));
    status = hb_player_frame_status (player);
    g_assert_cmpstr (status, ==, want);
    /* and from its first frame, before any flow ("0 of 108 tiles settled") */
    hb_player_seek (player, 0);
    first = hb_player_frame_status (player);
    g_assert_cmpstr (first, ==, "0 units of flow between tiles");
    hb_player_free (player);
  }
  hb_result_free (r);
  hb_trace_free (trace);
  hb_state_free (&level->base);
}

/* The player's counter on a solved board reads every tile settled, for
 * every solver, counting the tiles with arms (as the hint does): the
 * backtracking's tape passes over empty tiles, and its last step said "43
 * of 49 tiles settled" on a solved 7x7 board where the others said "49 of
 * 49". */
static void
test_settled_counts_tiles (void)
{
  const HbSolver *solvers[] = { &loop_solver_backtrack, &loop_solver_fast, &loop_solver_dlx };
  LoopState *level = loop_generate_level (7, 7, 3);
  gsize empty = 0;
  g_autofree char *want_last = NULL, *want_first = NULL;

  for (gsize i = 0; i < 49; i++)
    empty += level->tiles[i] == 0;
  g_assert_cmpuint (empty, >, 0);
  want_last = g_strdup_printf ("%" G_GSIZE_FORMAT " of %" G_GSIZE_FORMAT " tiles settled",
                               49 - empty, 49 - empty);
  want_first = g_strdup_printf ("0 of %" G_GSIZE_FORMAT " tiles settled", 49 - empty);
  for (gsize k = 0; k < G_N_ELEMENTS (solvers); k++)
    {
      HbTrace *trace = hb_trace_new (HB_TRACE_DEFAULT_MAX_STEPS, HB_TRACE_DEFAULT_MAX_BYTES);
      HbSolveOptions options = { 0 };
      HbResult *r = hb_solve (solvers[k], &level->base, &options, trace, NULL, NULL);
      HbPlayer *player = hb_player_new (&level->base, trace);
      g_autofree char *last = NULL, *first = NULL;

      g_assert_cmpint (r->status, ==, HB_STATUS_SOLVED);
      hb_player_seek (player, hb_trace_length (trace));
      last = hb_player_frame_status (player);
      g_assert_cmpstr (last, ==, want_last);
      hb_player_seek (player, 0);
      first = hb_player_frame_status (player);
      g_assert_cmpstr (first, ==, want_first);
      hb_player_free (player);
      hb_result_free (r);
      hb_trace_free (trace);
    }
  hb_state_free (&level->base);
}

/* ---- Cancellation and limits ------------------------------------------- */

static void
test_cancel (void)
{
  HbCancel *c = hb_cancel_new ();
  LoopState *big = loop_generate_level (300, 300, 1);
  LoopState *mid = loop_generate_level (40, 40, 1);
  HbSolveOptions options = { 0 };

  hb_cancel_set (c);
  for (int k = 0; loop_game.solvers[k]; k++)
    {
      const HbSolver *s = loop_game.solvers[k];
      HbState *level = g_str_equal (s->id, "fast") ? &big->base : &mid->base;
      HbResult *r = hb_solve (s, level, &options, NULL, c, NULL);
      g_assert_nonnull (r);
      g_assert_cmpint (r->status, ==, HB_STATUS_CANCELLED);
      hb_result_free (r);
    }
  hb_cancel_free (c);

  /* Node limits give up honestly. */
  options.node_limit = 3;
  {
    HbState *level = load ("corners-4x4.loop");
    HbResult *r = hb_solve (&loop_solver_backtrack, level, &options, NULL, NULL, NULL);
    g_assert_cmpint (r->status, ==, HB_STATUS_GAVE_UP);
    hb_result_free (r);
    r = hb_solve (&loop_solver_dlx, level, &options, NULL, NULL, NULL);
    g_assert_cmpint (r->status, ==, HB_STATUS_GAVE_UP);
    hb_result_free (r);
    hb_state_free (level);
  }
  /* DLX refuses boards its tables would not fit in the memory limit. */
  {
    g_autoptr(GError) error = NULL;
    HbSolveOptions tiny = { .memory_limit = 1024 };
    HbResult *r = hb_solve (&loop_solver_dlx, &mid->base, &tiny, NULL, NULL, &error);
    g_assert_null (r);
    g_assert_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED);
  }
  hb_state_free (&big->base);
  hb_state_free (&mid->base);
}

/* Traces: the fast solver's first propagation is FORCE steps, the
 * backtracking's TRY steps carry validity. */
static void
test_traces (void)
{
  HbState *level = load ("mixed.loop");

  for (int k = 0; exact[k]; k++)
    {
      HbTrace *trace = hb_trace_new (HB_TRACE_DEFAULT_MAX_STEPS, HB_TRACE_DEFAULT_MAX_BYTES);
      HbSolveOptions options = { 0 };
      HbResult *r = hb_solve (hb_game_find_solver (&loop_game, exact[k]), level, &options,
                              trace, NULL, NULL);
      check_result (level, r);
      g_assert_cmpuint (hb_trace_length (trace), >, 0);
      for (gsize i = 0; i < hb_trace_length (trace); i++)
        {
          const HbStep *st = hb_trace_step (trace, i);
          g_autofree char *text = loop_game.describe_step (level, trace, st);
          g_autofree char *cell = g_strdup_printf ("the tile at row %d, column %d",
                                                   st->y + 1, st->x + 1);
          g_assert_true (text != NULL && *text);
          /* A step on a tile names it as the app does everywhere (row
           * then column, 1-based) and says its turn in words. */
          if (st->kind == HB_STEP_FORCE || st->kind == HB_STEP_TRY
              || st->kind == HB_STEP_PLACE || st->kind == HB_STEP_UNDO
              || st->kind == HB_STEP_REJECT)
            {
              g_autofree char *lower = g_ascii_strdown (text, -1);
              if (strstr (lower, cell) == NULL)
                g_error ("step \"%s\" does not name %s", text, cell);
              if (st->kind != HB_STEP_UNDO && st->kind != HB_STEP_REJECT)
                g_assert_nonnull (strstr (text, st->value == 1 ? "turned clockwise once"
                                                : st->value == 2 ? "turned halfway round"
                                                : st->value == 3 ? "turned anticlockwise once"
                                                : "as it is"));
            }
        }
      hb_result_free (r);
      hb_trace_free (trace);
    }
  hb_state_free (level);
  /* Exact cover places an empty tile too, one way, and says so: "Choose
   * the tile … as it is" ringed an empty cell (review). */
  {
    static const char text[] = "0110 0011 0000\n1100 1001 0000\n";
    HbState *empty = loop_game.parse (text, sizeof text - 1, NULL);
    HbTrace *trace = hb_trace_new (HB_TRACE_DEFAULT_MAX_STEPS, HB_TRACE_DEFAULT_MAX_BYTES);
    HbSolveOptions options = { 0 };
    HbResult *r;
    int covered = 0;

    g_assert_nonnull (empty);
    r = hb_solve (hb_game_find_solver (&loop_game, "dlx"), empty, &options, trace, NULL, NULL);
    check_result (empty, r);
    for (gsize i = 0; i < hb_trace_length (trace); i++)
      {
        const HbStep *st = hb_trace_step (trace, i);
        g_autofree char *said = loop_game.describe_step (empty, trace, st);

        if (st->kind == HB_STEP_PLACE && st->x == 2)
          {
            g_assert_true (g_str_has_prefix (said, "Cover the empty tile at row "));
            covered++;
          }
      }
    g_assert_cmpint (covered, >, 0);
    hb_result_free (r);
    hb_trace_free (trace);
    hb_state_free (empty);
  }

  /* The count the window shows goes on once the trace is full (16 steps
   * here): a search stopped by its node limit has counted past 4,096. */
  {
    LoopState *big = loop_generate_level (40, 40, 3);
    int stopped = 0;

    for (int k = 0; exact[k]; k++)
      {
        HbTrace *trace = hb_trace_new (16, HB_TRACE_DEFAULT_MAX_BYTES);
        HbSolveOptions options = { 0 };
        HbResult *r;
        gint64 counter = 0;

        options.node_limit = 20000;
        hb_trace_set_live (trace, TRUE);
        r = hb_solve (hb_game_find_solver (&loop_game, exact[k]), &big->base, &options,
                      trace, NULL, NULL);
        g_free (hb_trace_get_progress (trace, &counter));
        g_test_message ("%s: status %d, counter %" G_GINT64_FORMAT, exact[k], r->status, counter);
        if (r->status == HB_STATUS_GAVE_UP)
          {
            g_assert_cmpint (counter, >=, 4096);
            stopped++;
          }
        hb_result_free (r);
        hb_trace_free (trace);
      }
    /* The write-up's backtracking and exact cover do stop there. */
    g_assert_cmpint (stopped, >=, 2);
    hb_state_free (&big->base);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/loop/solve/hand-made", test_hand_made);
  g_test_add_func ("/loop/solve/unsolvable", test_unsolvable);
  g_test_add_func ("/loop/solve/generated", test_generated);
  g_test_add_func ("/loop/solve/net-ids", test_net_ids);
  g_test_add_func ("/loop/solve/answer-board", test_answer_board);
  g_test_add_func ("/loop/solve/count", test_count);
  g_test_add_func ("/loop/solve/odd-parity", test_odd_parity);
  g_test_add_func ("/loop/solve/maxflow", test_maxflow);
  g_test_add_func ("/loop/solve/settled-counts-tiles", test_settled_counts_tiles);
  g_test_add_func ("/loop/solve/backtrack-live", test_backtrack_live);
  g_test_add_func ("/loop/solve/cancel", test_cancel);
  g_test_add_func ("/loop/solve/traces", test_traces);
  return g_test_run ();
}
