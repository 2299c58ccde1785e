/* hb-cancel.c: the deadline of an HbCancel (hb-cancel.h).
 *
 * A solver may poll its token at every search node, so the deadline is
 * read from CLOCK_MONOTONIC_COARSE where there is one: the time of the
 * last clock tick, read without the time-stamp counter (6 ns here, against
 * 30 for CLOCK_MONOTONIC). It lags the true time by less than a tick, so
 * while it is more than `slack` (a few ticks) short of the deadline the
 * deadline has certainly not passed; nearer, the exact clock decides. So
 * the deadline is as exact as CLOCK_MONOTONIC's, and costs the exact
 * clock only in its last few milliseconds. */
#include "hb-cancel.h"

#include <time.h>

static gint64
clock_ns (clockid_t id)
{
  struct timespec t;

  clock_gettime (id, &t);
  return (gint64) t.tv_sec * G_GINT64_CONSTANT (1000000000) + t.tv_nsec;
}

void
hb_cancel_set_deadline (HbCancel *cancel, double seconds)
{
  /* 100 years at most: the sum stays far inside 64 bits. */
  gint64 span = (gint64) (CLAMP (seconds, 1e-9, 86400.0 * 365 * 100) * 1e9);

  cancel->slack = -1;
#ifdef CLOCK_MONOTONIC_COARSE
  {
    struct timespec res;
    if (clock_getres (CLOCK_MONOTONIC_COARSE, &res) == 0 && res.tv_sec == 0)
      cancel->slack = 4 * (gint64) res.tv_nsec;
  }
#endif
  cancel->deadline = MAX (clock_ns (CLOCK_MONOTONIC) + span, 1);
}

void
hb_cpu_budget_start (HbCpuBudget *budget, double seconds)
{
  budget->budget = seconds > 0 ? MAX ((gint64) (MIN (seconds, 86400.0) * 1e9), 1) : 0;
  budget->start = budget->budget > 0 ? clock_ns (CLOCK_THREAD_CPUTIME_ID) : 0;
  budget->next = 0;
}

gboolean
hb_cpu_budget_spent (HbCpuBudget *budget)
{
  gint64 now;

  if (budget->budget == 0)
    return FALSE;
#ifdef CLOCK_MONOTONIC_COARSE
  now = clock_ns (CLOCK_MONOTONIC_COARSE);
#else
  now = clock_ns (CLOCK_MONOTONIC);
#endif
  if (now < budget->next)
    return FALSE;
  budget->next = now + 1000000;
  return clock_ns (CLOCK_THREAD_CPUTIME_ID) - budget->start >= budget->budget;
}

gboolean
hb_cancel_stopped_by_deadline (const HbCancel *cancel)
{
  return hb_cancel_deadline_passed (cancel) && !hb_cancel_is_set (cancel->parent);
}

gboolean
hb_cancel_deadline_passed (const HbCancel *cancel)
{
  /* No deadline has not passed (it read as passed, so a Cancel of
   * Enlight's gf2 run with no time limit came back as its answer:
   * review). */
  if (cancel->deadline == 0)
    return FALSE;
#ifdef CLOCK_MONOTONIC_COARSE
  if (cancel->slack >= 0 && clock_ns (CLOCK_MONOTONIC_COARSE) + cancel->slack < cancel->deadline)
    return FALSE;
#endif
  return clock_ns (CLOCK_MONOTONIC) >= cancel->deadline;
}
