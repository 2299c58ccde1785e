/* hb-cancel.h: stopping a solver, a hint or a picture reader from outside.
 *
 * Solvers, hints and screenshot readers are plain functions that poll a
 * token between steps and, once it is set, stop and return what they have
 * (a solver: a CANCELLED result). The token is our own rather than a
 * GCancellable: a GCancellable is a GObject, and a program that uses one
 * links GObject, whose type system sets itself up before main on every
 * start (0.3 million instructions, half of what hintboard-cli spends on a
 * 5×5 level). An HbCancel is a flag and nothing else, so the core and the
 * games need no GObject at all. Who sets it:
 *
 *  - the clock: a token may carry a deadline (hb_solve's time limit), and
 *    reads as set once it has passed;
 *  - the app's jobs, from their task's GCancellable (hb_cancel_follow in
 *    hb-cancel-gio.h, kept apart so that only programs that use GIO link it);
 *  - tests, directly.
 *
 * A token may have a parent, and reads as set when it or an ancestor is.
 * hb_solve hands the solver a child of the caller's token with the time
 * limit as its deadline, so it can tell the caller's cancel (CANCELLED)
 * from its own limit (GAVE_UP). A deadline costs no thread (starting and
 * joining one was a tenth of a millisecond of a small solve's wall time)
 * and stops a solver at the same moment a thread setting the flag would:
 * its next poll after the deadline.
 *
 * NULL is a token that is never set. Setting is thread-safe, and for good:
 * a token is never cleared (make a new one for the next job). Parameters of
 * this type keep the name `cancellable` they had as GCancellables. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _HbCancel HbCancel;

struct _HbCancel {
  gint            set;      /* 0 or 1, read and written atomically */
  const HbCancel *parent;   /* set counts as set here too; or NULL */
  gint64          deadline; /* CLOCK_MONOTONIC nanoseconds; 0: none */
  gint64          slack;    /* how far the coarse clock may lag, or -1 */
};

/* A token on the stack or in a struct: not set, with `parent` (or NULL)
 * and no deadline. */
static inline void
hb_cancel_init (HbCancel *cancel, const HbCancel *parent)
{
  cancel->set = 0;
  cancel->parent = parent;
  cancel->deadline = 0;
  cancel->slack = -1;
}

/* The token reads as set from `seconds` (> 0) from now on. Not
 * thread-safe: give a token its deadline before handing it out. */
void     hb_cancel_set_deadline (HbCancel *cancel, double seconds);
/* Whether the token's own deadline (not 0) has passed. */
gboolean hb_cancel_deadline_passed (const HbCancel *cancel);
/* Whether the token reads as set because of its own deadline alone, its
 * parent (the caller's Cancel) not set: a time limit, not a cancel. */
gboolean hb_cancel_stopped_by_deadline (const HbCancel *cancel);

/* CPU time for one thread to spend, where a deadline on the clock would
 * end sooner on a busy machine (Flow Free's corner chains get 3 s of it
 * before the path search starts). Started and read on the thread that
 * spends it: the CPU time that thread used before the start is not
 * counted. */
typedef struct {
  gint64 budget;   /* nanoseconds; 0: no budget, never spent */
  gint64 start;    /* the thread's CPU clock at the start */
  gint64 next;     /* the coarse clock's time of the next reading */
} HbCpuBudget;

/* No budget when seconds <= 0. */
void     hb_cpu_budget_start (HbCpuBudget *budget, double seconds);
/* Whether the thread has used the budget up. The thread's CPU clock is a
 * system call, so it is read at most once a millisecond of the coarse
 * clock: cheap enough to ask at every step of a search. */
gboolean hb_cpu_budget_spent (HbCpuBudget *budget);

static inline HbCancel *
hb_cancel_new (void)
{
  return g_new0 (HbCancel, 1);
}

static inline void
hb_cancel_free (HbCancel *cancel)
{
  g_free (cancel);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HbCancel, hb_cancel_free)

/* From any thread; whoever polls the token sees it at its next poll. */
static inline void
hb_cancel_set (HbCancel *cancel)
{
  g_atomic_int_set (&cancel->set, 1);
}

/* Whether `cancel` (NULL: never) or one of its ancestors was set or is
 * past its deadline. A load per level, and with a deadline a read of the
 * coarse clock (a few nanoseconds; hb-cancel.c), so cheap enough to poll
 * every few thousand steps, or every step of a search that reads the
 * clock anyway. */
static inline gboolean
hb_cancel_is_set (const HbCancel *cancel)
{
  for (; cancel != NULL; cancel = cancel->parent)
    if (g_atomic_int_get (&cancel->set)
        || (cancel->deadline != 0 && hb_cancel_deadline_passed (cancel)))
      return TRUE;
  return FALSE;
}

/* Whether `cancel` or an ancestor has a deadline: its caller bounds the
 * time, so a job need not keep a time limit of its own (Flow Free's hint). */
static inline gboolean
hb_cancel_has_deadline (const HbCancel *cancel)
{
  for (; cancel != NULL; cancel = cancel->parent)
    if (cancel->deadline != 0)
      return TRUE;
  return FALSE;
}

/* Whether `cancel` or an ancestor was set with hb_cancel_set, deadlines
 * not counted: a token that reads as set without it stopped at a time
 * limit (hb_solve's), not at the caller's request. */
static inline gboolean
hb_cancel_was_set (const HbCancel *cancel)
{
  for (; cancel != NULL; cancel = cancel->parent)
    if (g_atomic_int_get (&cancel->set))
      return TRUE;
  return FALSE;
}

G_END_DECLS
