/* test-loop-hard: boards from Simon Tatham's Net generator, which leave the
 * fast solver large loosely bound regions (the pieces split off during the
 * search, their parity, the conflict-driven search): every answer checked
 * by loop-check.h, solution counts against an independent count, and every
 * solver giving up on a time limit instead of running on. */
#include "loop.h"
#include "hb-test-util.h"
#include "loop-check.h"

#include <string.h>

static HbResult *
run (const HbSolver *solver, const HbState *level, const HbSolveOptions *options,
     HbCancel *cancellable)
{
  g_autoptr(GError) error = NULL;
  HbResult *r = hb_solve (solver, level, options, NULL, cancellable, &error);

  g_assert_no_error (error);
  g_assert_nonnull (r);
  return r;
}

static GPtrArray *
load_boards (const char *tsv)
{
  GPtrArray *rows = hb_test_read_tsv (tsv);
  GPtrArray *levels = g_ptr_array_new_with_free_func ((GDestroyNotify) hb_state_free);

  for (guint i = 0; i < rows->len; i++)
    {
      GStrv row = g_ptr_array_index (rows, i);
      HbState *level = hb_test_parse (&loop_game, row[1]);
      g_autofree char *size = g_strdup_printf ("%dx%d", level->width, level->height);
      g_assert_cmpstr (row[0], ==, size);
      g_ptr_array_add (levels, level);
    }
  g_ptr_array_unref (rows);
  return levels;
}

/* ---- An independent count ------------------------------------------------
 *
 * Cell by cell in reading order, keeping for each "profile" how many ways
 * the tiles so far can be turned. The profile is bit x for the arm crossing
 * into column x from above (from the row above for columns not yet
 * reached, from the current row for those passed) and bit w for the arm
 * coming into the next cell from the west. */

static guint64
profile_count (const HbState *level)
{
  const guint8 *t = LOOP_CONST (level)->tiles;
  int w = level->width, h = level->height;
  GHashTable *cur = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  guint64 total = 0;

  g_assert_cmpint (w, <, 60);
  {
    gint64 *k = g_new (gint64, 1);
    guint64 *v = g_new (guint64, 1);
    *k = 0;
    *v = 1;
    g_hash_table_insert (cur, k, v);
  }
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        GHashTable *next = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
        GHashTableIter it;
        gpointer kp, vp;
        guint8 tile = t[y * w + x];

        g_hash_table_iter_init (&it, cur);
        while (g_hash_table_iter_next (&it, &kp, &vp))
          {
            gint64 prof = *(gint64 *) kp;
            guint64 ways = *(guint64 *) vp;
            int north = (prof >> x) & 1, west = (prof >> w) & 1;

            /* Each distinct mask reachable by turning the tile. */
            for (int m = 0; m < 16; m++)
              {
                int n = m & 1, e = (m >> 1) & 1, s = (m >> 2) & 1, wa = (m >> 3) & 1;
                gint64 np, *kk;
                guint64 *vv;

                if (!is_rotation_of (tile, (guint8) m))
                  continue;
                if (n != north || wa != west)
                  continue;
                if ((x == w - 1 && e) || (y == h - 1 && s))
                  continue;
                np = (prof & ~((gint64) 1 << x) & ~((gint64) 1 << w))
                     | ((gint64) s << x) | ((gint64) e << w);
                vv = g_hash_table_lookup (next, &np);
                if (vv == NULL)
                  {
                    kk = g_new (gint64, 1);
                    *kk = np;
                    vv = g_new0 (guint64, 1);
                    g_hash_table_insert (next, kk, vv);
                  }
                *vv += ways;
              }
          }
        g_hash_table_unref (cur);
        cur = next;
      }
  {
    gint64 zero = 0;
    guint64 *v = g_hash_table_lookup (cur, &zero);
    total = v ? *v : 0;
  }
  g_hash_table_unref (cur);
  return total;
}

/* ---- Tests ------------------------------------------------------------- */

/* Every hard board solved, the answer checked; the large ones go through
 * the conflict-driven search. */
static void
test_solve (void)
{
  GPtrArray *levels = load_boards ("anchors/loop/tatham-net-hard.tsv");
  guint cdcl = 0, odd = 0;

  g_assert_cmpuint (levels->len, >=, 26);
  for (guint i = 0; i < levels->len; i++)
    {
      HbState *level = g_ptr_array_index (levels, i);
      HbResult *r = run (&loop_solver_fast, level, &(HbSolveOptions) { 0 }, NULL);

      check_result (level, r);
      cdcl += g_ascii_strtoull (hb_result_get_stat (r, "conflict-driven regions"), NULL, 10) > 0;
      odd += g_ascii_strtoull (hb_result_get_stat (r, "odd pockets"), NULL, 10) > 0;
      if (level->width >= 100)
        g_assert_cmpstr (hb_result_get_stat (r, "conflict-driven regions"), !=, "0");
      hb_result_free (r);
    }
  g_test_message ("%u boards searched conflict-driven, %u with odd pieces refused", cdcl, odd);
  g_assert_cmpuint (odd, >, 0);
  g_ptr_array_unref (levels);
}

/* The search that splits off pieces (counting, animating, small regions)
 * on the boards where it used to thrash: with a trace it is the one used. */
static void
test_pocket_search (void)
{
  GPtrArray *levels = load_boards ("anchors/loop/tatham-net-hard.tsv");
  guint done = 0;

  for (guint i = 0; i < levels->len && done < 8; i++)
    {
      HbState *level = g_ptr_array_index (levels, i);
      HbTrace *trace;
      HbResult *r;

      if (level->width > 50)
        continue;
      trace = hb_trace_new (1000, 1 << 20);
      r = hb_solve (&loop_solver_fast, level, &(HbSolveOptions) { 0 }, trace, NULL, NULL);
      check_result (level, r);
      g_assert_cmpstr (hb_result_get_stat (r, "conflict-driven regions"), ==, "0");
      hb_result_free (r);
      hb_trace_free (trace);
      done++;
    }
  g_assert_cmpuint (done, ==, 8);

  /* On 100x100 boards it may run long: past its budget the conflict-driven
   * search takes over, and the frames still end on a checked answer. */
  for (guint i = 0; i < levels->len; i++)
    {
      HbState *level = g_ptr_array_index (levels, i);
      HbTrace *trace;
      HbResult *r;
      guint8 *board;
      int w = level->width, h = level->height;

      if (level->width != 100)
        continue;
      trace = hb_trace_new (HB_TRACE_DEFAULT_MAX_STEPS, HB_TRACE_DEFAULT_MAX_BYTES);
      r = hb_solve (&loop_solver_fast, level, &(HbSolveOptions) { 0 }, trace, NULL, NULL);
      check_result (level, r);
      /* Replaying the steps as the frames do ends on the answer. */
      {
        gpointer frame = loop_frame_new (level, trace);
        for (gsize k = 0; k < hb_trace_length (trace); k++)
          loop_frame_step (frame, trace, hb_trace_step (trace, k));
        board = ((LoopFrame *) frame)->tiles;
        if (!hb_trace_truncated (trace))
          check_solution (LOOP_CONST (level)->tiles, board, w, h);
        loop_frame_free (frame);
      }
      hb_result_free (r);
      hb_trace_free (trace);
    }
  g_ptr_array_unref (levels);
}

/* Counts: the fast solver's (split into pieces, multiplied) against the
 * profile count, on small Net boards and the 20x20 hard ones. */
static void
test_count (void)
{
  GPtrArray *small = load_boards ("anchors/loop/tatham-net-small.tsv");
  GPtrArray *hard = load_boards ("anchors/loop/tatham-net-hard.tsv");
  guint counted = 0, several = 0, cdcl_counted = 0;

  for (guint i = 0; i < hard->len; i++)
    if (((HbState *) g_ptr_array_index (hard, i))->width <= 20)
      g_ptr_array_add (small, hb_state_copy (g_ptr_array_index (hard, i)));
  for (guint i = 0; i < small->len; i++)
    {
      HbState *level = g_ptr_array_index (small, i);
      guint64 expect = profile_count (level);
      HbSolveOptions options = { .count_limit = 1000000 };
      HbResult *r;

      g_assert_cmpuint (expect, >, 0);
      g_assert_cmpuint (expect, <, options.count_limit);
      r = run (&loop_solver_fast, level, &options, NULL);
      check_result (level, r);
      g_assert_cmpuint (g_ascii_strtoull (hb_result_get_stat (r, "solutions"), NULL, 10), ==,
                        expect);
      hb_result_free (r);
      /* Up to 16 the large regions are counted by the conflict-driven
       * search, one solution at a time. */
      for (guint limit = 2; limit <= 16; limit *= 2)
        {
          options.count_limit = limit;
          r = run (&loop_solver_fast, level, &options, NULL);
          check_result (level, r);
          g_assert_cmpuint (g_ascii_strtoull (hb_result_get_stat (r, "solutions"), NULL, 10), ==,
                            MIN (expect, limit));
          if (level->width * level->height >= 400)
            cdcl_counted += g_strcmp0 (hb_result_get_stat (r, "conflict-driven regions"), "0") != 0;
          hb_result_free (r);
        }
      counted++;
      several += expect > 1;
    }
  g_test_message ("%u boards counted, %u with several solutions, %u counts conflict-driven",
                  counted, several, cdcl_counted);
  g_assert_cmpuint (several, >, 0);
  g_assert_cmpuint (cdcl_counted, >, 0);

  /* Past 16 on a board where the splitting search thrashes, the
   * conflict-driven search takes over: the count ends (a time limit only
   * guards the test). */
  {
    HbState *level = NULL;
    HbSolveOptions options = { .count_limit = 40, .time_limit = 300 };
    HbResult *r;
    guint n100 = 0;
    for (guint i = 0; i < hard->len && level == NULL; i++)
      if (((HbState *) g_ptr_array_index (hard, i))->width == 100 && ++n100 == 2)
        level = g_ptr_array_index (hard, i);
    g_assert_nonnull (level);
    r = run (&loop_solver_fast, level, &options, NULL);
    check_result (level, r);
    g_assert_cmpstr (hb_result_get_stat (r, "conflict-driven regions"), !=, "0");
    g_assert_cmpuint (g_ascii_strtoull (hb_result_get_stat (r, "solutions"), NULL, 10), >=, 1);
    hb_result_free (r);
  }
  g_ptr_array_unref (small);
  g_ptr_array_unref (hard);
}

/* A time limit too short for the board: every solver gives up, saying so. */
static void
test_time_limit (void)
{
  GPtrArray *levels = load_boards ("anchors/loop/tatham-net-hard.tsv");
  HbState *big = NULL, *mid = NULL;
  HbSolveOptions options = { .time_limit = 1e-9 };

  for (guint i = 0; i < levels->len; i++)
    {
      HbState *level = g_ptr_array_index (levels, i);
      if (big == NULL || level->width > big->width)
        big = level;
      if (mid == NULL && level->width == 100)
        mid = level;
    }
  g_assert_nonnull (mid);
  for (int k = 0; loop_game.solvers[k]; k++)
    {
      const HbSolver *s = loop_game.solvers[k];
      HbState *level = g_str_equal (s->id, "fast") ? big : mid;
      HbResult *r = run (s, level, &options, NULL);

      g_assert_cmpint (r->status, ==, HB_STATUS_GAVE_UP);
      g_assert_null (r->solved);
      g_assert_nonnull (r->message);
      g_assert_nonnull (strstr (r->message, "time limit"));
      hb_result_free (r);
    }
  /* Counting (the search that splits off pieces) too. */
  {
    HbSolveOptions counting = { .time_limit = 1e-9, .count_limit = 1000 };
    HbResult *r = run (&loop_solver_fast, big, &counting, NULL);
    g_assert_cmpint (r->status, ==, HB_STATUS_GAVE_UP);
    g_assert_nonnull (strstr (r->message, "time limit"));
    hb_result_free (r);
  }
  /* The first propagation alone of a large level polls the deadline too:
   * one already passed stops it before it has looked at every tile. */
  {
    LoopState *large = loop_generate_level (600, 600, 7);
    LoopAnswer a;

    loop_fast_solve_full (large, 1, 0, hb_now () - 1, NULL, NULL, &a);
    g_assert_cmpint (a.status, ==, HB_STATUS_GAVE_UP);
    g_assert_true (a.timed_out);
    g_assert_cmpuint (a.propagations, <, 600 * 600);
    g_assert_null (a.solved);
    loop_answer_clear (&a);
    hb_state_free (&large->base);
  }
  /* And a cancellable fired before the start stops the conflict-driven
   * search too. */
  {
    HbCancel *c = hb_cancel_new ();
    HbResult *r;
    hb_cancel_set (c);
    r = run (&loop_solver_fast, big, &(HbSolveOptions) { 0 }, c);
    g_assert_cmpint (r->status, ==, HB_STATUS_CANCELLED);
    hb_result_free (r);
    hb_cancel_free (c);
  }
  g_ptr_array_unref (levels);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/loop/hard/solve", test_solve);
  g_test_add_func ("/loop/hard/pocket-search", test_pocket_search);
  g_test_add_func ("/loop/hard/count", test_count);
  g_test_add_func ("/loop/hard/time-limit", test_time_limit);
  return g_test_run ();
}
