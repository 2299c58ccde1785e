/* HbCancel (src/core/hb-cancel.h): set, inherited from a parent, a
 * deadline that is never early, a GCancellable followed; and hb_solve's
 * time limit through it: GAVE_UP at the deadline, CANCELLED when the
 * caller's token is set. */
#include "hb-cancel-gio.h"
#include "hb-game.h"

static void
test_flag (void)
{
  g_autoptr(HbCancel) c = hb_cancel_new ();
  HbCancel child, grandchild;

  g_assert_false (hb_cancel_is_set (NULL));
  g_assert_false (hb_cancel_is_set (c));
  hb_cancel_init (&child, c);
  hb_cancel_init (&grandchild, &child);
  g_assert_false (hb_cancel_is_set (&grandchild));
  /* A child's flag does not reach its parent. */
  hb_cancel_set (&child);
  g_assert_true (hb_cancel_is_set (&child));
  g_assert_true (hb_cancel_is_set (&grandchild));
  g_assert_false (hb_cancel_is_set (c));
  /* A parent's reaches every descendant. */
  hb_cancel_init (&child, c);
  hb_cancel_init (&grandchild, &child);
  hb_cancel_set (c);
  g_assert_true (hb_cancel_is_set (&grandchild));
  g_assert_true (hb_cancel_is_set (&child));
  g_assert_true (hb_cancel_is_set (c));
  g_assert_true (hb_cancelled_every (c, 0, 7));
  g_assert_false (hb_cancelled_every (c, 3, 7));
  g_assert_false (hb_cancelled_every (NULL, 0, 7));
}

/* Once the token reads as set the monotonic clock has passed the deadline
 * (whatever the coarse clock said); before, it reads as not set. */
static void
test_deadline (void)
{
  static const double limits[] = { 1e-9, 1e-4, 2e-3, 9e-3 };

  for (gsize i = 0; i < G_N_ELEMENTS (limits); i++)
    {
      HbCancel parent, c;
      gint64 t0 = g_get_monotonic_time ();
      gint64 spins = 0;

      hb_cancel_init (&parent, NULL);
      hb_cancel_init (&c, &parent);
      hb_cancel_set_deadline (&c, limits[i]);
      while (!hb_cancel_is_set (&c))
        spins++;
      /* g_get_monotonic_time is CLOCK_MONOTONIC in microseconds. */
      g_assert_cmpint (g_get_monotonic_time () - t0, >=, (gint64) (limits[i] * 1e6));
      g_assert_true (hb_cancel_deadline_passed (&c));
      /* The parent has no deadline of its own; nobody set either, so the
       * stop was the clock's. */
      g_assert_false (hb_cancel_is_set (&parent));
      g_assert_false (hb_cancel_was_set (&c));
      hb_cancel_set (&parent);
      g_assert_true (hb_cancel_was_set (&c));
      g_test_message ("%g s: %" G_GINT64_FORMAT " polls", limits[i], spins);
    }
  {
    HbCancel far;
    hb_cancel_init (&far, NULL);
    hb_cancel_set_deadline (&far, 3600);
    g_assert_false (hb_cancel_is_set (&far));
    g_assert_false (hb_cancel_deadline_passed (&far));
  }
}

static void
test_follow (void)
{
  g_autoptr(GCancellable) gc = g_cancellable_new ();
  g_autoptr(GCancellable) done = g_cancellable_new ();
  HbCancel a, b, c;
  gulong ha, hb;

  hb_cancel_init (&a, NULL);
  hb_cancel_init (&b, NULL);
  hb_cancel_init (&c, NULL);
  /* No cancellable: nothing to follow. */
  g_assert_cmpuint (hb_cancel_follow (&a, NULL), ==, 0);
  hb_cancel_unfollow (NULL, 0);
  ha = hb_cancel_follow (&a, gc);
  hb = hb_cancel_follow (&b, gc);
  hb_cancel_unfollow (gc, hb);
  g_assert_false (hb_cancel_is_set (&a));
  g_cancellable_cancel (gc);
  g_assert_true (hb_cancel_is_set (&a));
  /* Unfollowed before the cancel: left alone. */
  g_assert_false (hb_cancel_is_set (&b));
  hb_cancel_unfollow (gc, ha);
  /* An already cancelled one sets the token at once. */
  g_cancellable_cancel (done);
  g_assert_cmpuint (hb_cancel_follow (&c, done), ==, 0);
  g_assert_true (hb_cancel_is_set (&c));
}

/* A solver that only polls its token: hb_solve's time limit stops it. */
static HbResult *
poll_solve (const HbState *state, const HbSolveOptions *options, HbTrace *trace,
            HbCancel *cancellable, GError **error)
{
  while (!hb_cancel_is_set (cancellable))
    g_usleep (100);
  return hb_result_stop (hb_result_new (HB_STATUS_SOLVED), HB_STOP_CANCELLED, 0, NULL, NULL);
}

static const HbSolver poll_solver = { "poll", "Poll", "Waits for its token", 0, NULL, poll_solve };

static void
test_solve_limit (void)
{
  HbSolveOptions options = { .time_limit = 0.01 };
  HbState state = { NULL, 1, 1 };
  g_autoptr(HbCancel) c = hb_cancel_new ();
  HbResult *r;

  r = hb_solve (&poll_solver, &state, &options, NULL, NULL, NULL);
  g_assert_cmpint (r->status, ==, HB_STATUS_GAVE_UP);
  g_assert_nonnull (g_strrstr (r->message, "time limit"));
  g_assert_cmpfloat (r->seconds, >=, 0.01);
  hb_result_free (r);
  /* The caller's token, set: CANCELLED, with or without a time limit. */
  hb_cancel_set (c);
  r = hb_solve (&poll_solver, &state, &options, NULL, c, NULL);
  g_assert_cmpint (r->status, ==, HB_STATUS_CANCELLED);
  hb_result_free (r);
  options.time_limit = 0;
  r = hb_solve (&poll_solver, &state, &options, NULL, c, NULL);
  g_assert_cmpint (r->status, ==, HB_STATUS_CANCELLED);
  hb_result_free (r);
}

/* A solver that answers at once, counting its calls. */
static int count_calls;

static HbResult *
count_solve (const HbState *state, const HbSolveOptions *options, HbTrace *trace,
             HbCancel *cancellable, GError **error)
{
  count_calls++;
  return hb_result_new (HB_STATUS_SOLVED);
}

static const HbSolver count_solver = { "count", "Count", "Counts its calls", 0, NULL, count_solve };

/* A token already stopped (set, or past its deadline: a hint whose time
 * went on arc consistency) starts no solver, whose set-up alone can take
 * seconds on a huge board. */
static void
test_solve_stopped (void)
{
  HbSolveOptions options = { 0 };
  HbState state = { NULL, 1, 1 };
  g_autoptr(HbCancel) c = hb_cancel_new ();
  HbCancel late;
  HbResult *r;

  count_calls = 0;
  r = hb_solve (&count_solver, &state, &options, NULL, c, NULL);
  g_assert_cmpint (r->status, ==, HB_STATUS_SOLVED);
  g_assert_cmpint (count_calls, ==, 1);
  hb_result_free (r);
  hb_cancel_set (c);
  r = hb_solve (&count_solver, &state, &options, NULL, c, NULL);
  g_assert_cmpint (r->status, ==, HB_STATUS_CANCELLED);
  g_assert_cmpint (count_calls, ==, 1);
  hb_result_free (r);
  hb_cancel_init (&late, NULL);
  hb_cancel_set_deadline (&late, 1e-6);
  g_usleep (2000);
  options.time_limit = 5;
  r = hb_solve (&count_solver, &state, &options, NULL, &late, NULL);
  g_assert_cmpint (r->status, ==, HB_STATUS_CANCELLED);
  g_assert_cmpint (count_calls, ==, 1);
  hb_result_free (r);
}

/* A CPU budget counts the thread's CPU time from its start: not the
 * clock (a sleep spends none of it), not what the thread used before. */
static void
test_cpu_budget (void)
{
  HbCpuBudget none, b;
  volatile guint64 x = 0;
  gint64 t0 = g_get_monotonic_time ();

  hb_cpu_budget_start (&none, 0);
  g_assert_false (hb_cpu_budget_spent (&none));
  /* CPU time before the start is not the budget's. */
  while (g_get_monotonic_time () - t0 < 100000)
    x++;
  hb_cpu_budget_start (&b, 0.05);
  g_usleep (200000);
  g_assert_false (hb_cpu_budget_spent (&b));
  /* Spent once the thread has worked 50 ms (10 s on the clock at most:
   * a machine that busy fails the test rather than hangs it). */
  t0 = g_get_monotonic_time ();
  while (!hb_cpu_budget_spent (&b))
    {
      for (int i = 0; i < 10000; i++)
        x++;
      g_assert_cmpint (g_get_monotonic_time () - t0, <, 10 * G_USEC_PER_SEC);
    }
  g_assert_false (hb_cpu_budget_spent (&none));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cancel/flag", test_flag);
  g_test_add_func ("/cancel/deadline", test_deadline);
  g_test_add_func ("/cancel/cpu-budget", test_cpu_budget);
  g_test_add_func ("/cancel/follow", test_follow);
  g_test_add_func ("/cancel/solve-limit", test_solve_limit);
  g_test_add_func ("/cancel/solve-stopped", test_solve_stopped);
  return g_test_run ();
}
