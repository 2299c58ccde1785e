#include "hb-game.h"

#include <glib/gi18n.h>
#ifdef G_OS_UNIX
#include <pthread.h>
#endif

static void
stat_free (gpointer p)
{
  HbStat *s = p;
  g_free (s->name);
  g_free (s->value);
  g_free (s);
}

HbResult *
hb_result_new (HbStatus status)
{
  HbResult *r = g_new0 (HbResult, 1);

  r->status = status;
  r->moves = g_array_new (FALSE, FALSE, sizeof (HbMove));
  r->stats = g_ptr_array_new_with_free_func (stat_free);
  return r;
}

void
hb_result_free (HbResult *r)
{
  if (r == NULL)
    return;
  hb_state_free (r->solved);
  hb_state_free (r->answer);
  g_array_unref (r->moves);
  g_ptr_array_unref (r->stats);
  g_free (r->message);
  g_free (r);
}

void
hb_result_add_move (HbResult *r, int op, int x, int y, int value)
{
  HbMove m = { op, x, y, value };
  g_array_append_val (r->moves, m);
}

void
hb_result_add_stat (HbResult *r, const char *name, const char *format, ...)
{
  HbStat *s = g_new0 (HbStat, 1);
  va_list ap;

  va_start (ap, format);
  s->name = g_strdup (name);
  s->value = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_ptr_array_add (r->stats, s);
}

const char *
hb_result_get_stat (const HbResult *r, const char *name)
{
  for (guint i = 0; i < r->stats->len; i++)
    {
      HbStat *s = g_ptr_array_index (r->stats, i);
      if (g_str_equal (s->name, name))
        return s->value;
    }
  return NULL;
}

void
hb_result_set_message (HbResult *r, const char *format, ...)
{
  va_list ap;

  va_start (ap, format);
  g_free (r->message);
  r->message = g_strdup_vprintf (format, ap);
  va_end (ap);
}

const char *
hb_status_to_string (HbStatus status)
{
  switch (status)
    {
    case HB_STATUS_SOLVED: return "solved";
    case HB_STATUS_NO_SOLUTION: return "no solution";
    case HB_STATUS_GAVE_UP: return "gave up";
    case HB_STATUS_CANCELLED: return "cancelled";
    default: return "unknown";
    }
}

gpointer
hb_cell_drag_new (const HbState *state)
{
  HbCellDrag *d = g_new0 (HbCellDrag, 1);
  d->x = d->y = -1;
  return d;
}

void
hb_cell_drag_free (gpointer ui)
{
  g_free (ui);
}

const HbSolver *
hb_game_find_solver (const HbGame *game, const char *id)
{
  for (int i = 0; game->solvers[i] != NULL; i++)
    if (g_str_equal (game->solvers[i]->id, id))
      return game->solvers[i];
  return NULL;
}

const HbSolver *
hb_game_default_solver (const HbGame *game)
{
  return game->solvers[0];
}

/* The time limit for every solver: a thread that sets the solver's cancel
 * token at the deadline, so a solver that only polls its token still stops
 * in time. The token is a child of the caller's (hb-cancel.h): the caller's
 * cancel reaches the solver through it, and the limit sets the child only,
 * which tells a solver stopped by the clock (GAVE_UP) from one the caller
 * stopped (CANCELLED). On POSIX a bare pthread with a small stack:
 * GThread's wrapper allocates in the new thread (its thread-self key),
 * which makes glibc set up a malloc arena (a 128 MB reservation, two
 * trims, an mprotect) on every solve, most of them a few milliseconds
 * long. Until the deadline the thread only waits on a GCond. */
typedef struct {
  GMutex    lock;
  GCond     cond;
  gboolean  done, fired;
  gint64    deadline;      /* g_get_monotonic_time () units */
  HbCancel  cancel;        /* what the solver polls */
} HbWatchdog;

#ifdef G_OS_UNIX
typedef pthread_t HbWatchdogThread;
#else
typedef GThread *HbWatchdogThread;
#endif

static gpointer
watchdog_thread (gpointer data)
{
  HbWatchdog *w = data;

  g_mutex_lock (&w->lock);
  while (!w->done)
    if (!g_cond_wait_until (&w->cond, &w->lock, w->deadline) && !w->done)
      {
        w->fired = TRUE;
        hb_cancel_set (&w->cancel);
        break;
      }
  g_mutex_unlock (&w->lock);
  return NULL;
}

static gboolean
watchdog_start (HbWatchdogThread *thread, HbWatchdog *w)
{
#ifdef G_OS_UNIX
  pthread_attr_t attr;
  gboolean ok;

  if (pthread_attr_init (&attr) != 0)
    return FALSE;
  /* The thread only waits and sets a flag: a small stack will do. */
  pthread_attr_setstacksize (&attr, 64 * 1024);
  ok = pthread_create (thread, &attr, watchdog_thread, w) == 0;
  pthread_attr_destroy (&attr);
  return ok;
#else
  *thread = g_thread_new ("hb-time-limit", watchdog_thread, w);
  return TRUE;
#endif
}

static void
watchdog_join (HbWatchdogThread thread)
{
#ifdef G_OS_UNIX
  pthread_join (thread, NULL);
#else
  g_thread_join (thread);
#endif
}

HbResult *
hb_solve (const HbSolver *solver, const HbState *state,
          const HbSolveOptions *options, HbTrace *trace,
          HbCancel *cancellable, GError **error)
{
  HbSolveOptions defaults = { 0 };
  double t0 = hb_now ();
  HbWatchdog w = { 0 };
  HbWatchdogThread thread;
  gboolean watched = FALSE;
  HbResult *r;

  if (options == NULL)
    options = &defaults;
  if (options->time_limit > 0 && options->time_limit < 86400.0 * 365 * 100)
    {
      g_mutex_init (&w.lock);
      g_cond_init (&w.cond);
      w.deadline = g_get_monotonic_time () + (gint64) (options->time_limit * G_USEC_PER_SEC);
      hb_cancel_init (&w.cancel, cancellable);
      watched = watchdog_start (&thread, &w);
      if (!watched)
        g_error ("hb_solve: cannot start the time-limit thread");
    }
  r = solver->solve (state, options, trace, watched ? &w.cancel : cancellable, error);
  if (watched)
    {
      g_mutex_lock (&w.lock);
      w.done = TRUE;
      g_cond_signal (&w.cond);
      g_mutex_unlock (&w.lock);
      watchdog_join (thread);
      /* Stopped by the deadline, not by the caller: the solver gave up. */
      if (r != NULL && w.fired && r->status == HB_STATUS_CANCELLED
          && !hb_cancel_is_set (cancellable))
        {
          r->status = HB_STATUS_GAVE_UP;
          hb_result_set_message (r, _("Gave up (%s)"), _("the time limit"));
        }
      g_mutex_clear (&w.lock);
      g_cond_clear (&w.cond);
    }
  if (r != NULL)
    r->seconds = hb_now () - t0;
  return r;
}

/* ---- Settings every solver takes ---------------------------------------- */

const HbSetting hb_common_solver_settings[] = {
  { "time-limit", N_("Time limit"), N_("Stop after this many seconds; 0 for no limit."),
    HB_SETTING_NUMBER, 0, 86400 * 365, 0, NULL, NULL, N_("seconds") },
  { "node-limit", N_("Step limit"), N_("Stop after this many search steps; 0 for no limit."),
    HB_SETTING_INT, 0, 1e12, 0, NULL, NULL, NULL },
  { NULL }
};

const HbSetting hb_count_setting[] = {
  { "count", N_("Count solutions"), N_("Count solutions up to this many (2 tells unique from not); 0 finds one."),
    HB_SETTING_INT, 0, 1000000, 0, NULL, NULL, NULL },
  { NULL }
};

void
hb_solve_options_apply (HbSolveOptions *o, const HbSettings *s)
{
  if (hb_settings_has (s, "time-limit"))
    o->time_limit = hb_settings_get_number (s, hb_common_solver_settings, "time-limit");
  if (hb_settings_has (s, "node-limit"))
    o->node_limit = (guint64) hb_settings_get_int (s, hb_common_solver_settings, "node-limit");
  if (hb_settings_has (s, "count"))
    o->count_limit = (guint) hb_settings_get_int (s, hb_count_setting, "count");
  o->settings = s;
}

HbResult *
hb_result_stop (HbResult *r, HbStopReason reason, guint64 count,
                const char *one, const char *many)
{
  g_autofree char *what = NULL;
  const char *why;

  if (one != NULL && many != NULL)
    {
      g_autofree char *num = g_strdup_printf ("%" G_GUINT64_FORMAT, count);
      /* one and many are the solver's N_() phrases with one %s. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
      what = g_strdup_printf (g_dngettext (NULL, one, many, (gulong) MIN (count, G_MAXULONG)), num);
#pragma GCC diagnostic pop
    }
  r->status = reason == HB_STOP_CANCELLED ? HB_STATUS_CANCELLED : HB_STATUS_GAVE_UP;
  switch (reason)
    {
    case HB_STOP_CANCELLED:
      if (what)
        hb_result_set_message (r, _("Cancelled after %s"), what);
      else
        hb_result_set_message (r, "%s", _("Cancelled"));
      return r;
    case HB_STOP_TIME_LIMIT: why = _("the time limit"); break;
    case HB_STOP_NODE_LIMIT: why = _("the node limit"); break;
    case HB_STOP_MEMORY_LIMIT: default: why = _("the memory limit"); break;
    }
  if (what)
    hb_result_set_message (r, _("Gave up after %s (%s)"), what, why);
  else
    hb_result_set_message (r, _("Gave up (%s)"), why);
  return r;
}

double
hb_deadline (const HbSolveOptions *o)
{
  return o->time_limit > 0 ? hb_now () + o->time_limit : 0;
}
