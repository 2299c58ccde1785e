/* hb-solve-job.c: a solver run on a worker thread (see hb-solve-job.h). */
#include "config.h"

#include <glib/gi18n.h>

#include "hb-cancel-gio.h"
#include "hb-solve-job.h"
#include "hb-stat-label.h"
#include "hb-settings.h"

struct _HbSolveJob
{
  GObject         parent_instance;

  const HbSolver *solver;
  HbState        *initial;
  HbSettings     *settings;
  HbTrace        *trace;
  GCancellable   *cancellable;
  double          started;
  gboolean        running;

  HbResult       *result;
  GError         *error;
};

G_DEFINE_FINAL_TYPE (HbSolveJob, hb_solve_job, G_TYPE_OBJECT)

enum { SIGNAL_FINISHED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* What the worker reads: the job's board, settings and trace stay put
 * while it runs (the job is referenced by the task). */
static void
solve_thread (GTask *task, gpointer source, gpointer task_data,
              GCancellable *cancellable)
{
  HbSolveJob *self = HB_SOLVE_JOB (source);
  HbSolveOptions options = { 0 };
  GError *error = NULL;
  HbResult *result;
  HbCancel cancel;
  gulong follow;

  options.seed = g_random_int ();
  hb_solve_options_apply (&options, self->settings);
  /* The solver polls an HbCancel (hb-cancel.h), set by the task's
   * cancellable (Cancel, a changed board). */
  hb_cancel_init (&cancel, NULL);
  follow = hb_cancel_follow (&cancel, cancellable);
  result = hb_solve (self->solver, self->initial, &options, self->trace,
                     &cancel, &error);
  hb_cancel_unfollow (cancellable, follow);
  if (result == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, result, (GDestroyNotify) hb_result_free);
}

static void
solve_done (GObject *source, GAsyncResult *res, gpointer user_data)
{
  HbSolveJob *self = HB_SOLVE_JOB (source);

  self->result = g_task_propagate_pointer (G_TASK (res), &self->error);
  self->running = FALSE;
  hb_trace_set_live (self->trace, FALSE);
  g_signal_emit (self, signals[SIGNAL_FINISHED], 0);
}

void
hb_solve_job_run (HbSolveJob *self)
{
  GTask *task;

  g_return_if_fail (HB_IS_SOLVE_JOB (self));
  g_return_if_fail (!self->running && self->result == NULL && self->error == NULL);

  self->running = TRUE;
  self->started = hb_now ();
  hb_trace_set_live (self->trace, TRUE);
  task = g_task_new (self, self->cancellable, solve_done, NULL);
  /* A cancelled solver returns a CANCELLED result (with what it knew),
   * which is worth showing, rather than an error. */
  g_task_set_check_cancellable (task, FALSE);
  g_task_set_source_tag (task, hb_solve_job_run);
  g_task_run_in_thread (task, solve_thread);
  g_object_unref (task);
}

void
hb_solve_job_cancel (HbSolveJob *self)
{
  g_return_if_fail (HB_IS_SOLVE_JOB (self));
  g_cancellable_cancel (self->cancellable);
}

gboolean
hb_solve_job_was_cancelled (HbSolveJob *self)
{
  g_return_val_if_fail (HB_IS_SOLVE_JOB (self), FALSE);
  return g_cancellable_is_cancelled (self->cancellable);
}

gboolean
hb_solve_job_is_running (HbSolveJob *self)
{
  g_return_val_if_fail (HB_IS_SOLVE_JOB (self), FALSE);
  return self->running;
}

const HbSolver *
hb_solve_job_get_solver (HbSolveJob *self)
{
  g_return_val_if_fail (HB_IS_SOLVE_JOB (self), NULL);
  return self->solver;
}

const HbState *
hb_solve_job_get_initial (HbSolveJob *self)
{
  g_return_val_if_fail (HB_IS_SOLVE_JOB (self), NULL);
  return self->initial;
}

const HbSettings *
hb_solve_job_get_settings (HbSolveJob *self)
{
  g_return_val_if_fail (HB_IS_SOLVE_JOB (self), NULL);
  return self->settings;
}

HbTrace *
hb_solve_job_get_trace (HbSolveJob *self)
{
  g_return_val_if_fail (HB_IS_SOLVE_JOB (self), NULL);
  return self->trace;
}

char *
hb_solve_job_dup_progress (HbSolveJob *self)
{
  gint64 counter = 0;
  char *text, *line, *count;
  const char *name;

  g_return_val_if_fail (HB_IS_SOLVE_JOB (self), NULL);
  if (self->trace == NULL)
    return g_strdup ("");
  text = hb_trace_get_progress (self->trace, &counter);
  name = hb_trace_get_counter_name (self->trace);
  {
    /* The counter's plain words, as the result names the same stat. */
    const HbStatLabel *words = name && name[0] ? hb_stat_label_find_shown (NULL, name) : NULL;
    if (words != NULL)
      name = _(words->label);
  }
  count = hb_format_count (counter);
  /* TRANSLATORS: live progress of a solve: "2.4 s · search calls: 93,183" */
  line = g_strdup_printf (_("%.1f s · %s: %s%s%s"),
                          hb_now () - self->started,
                          name && name[0] ? name : _("steps"), count,
                          text && text[0] ? "\n" : "", text ? text : "");
  g_free (count);
  g_free (text);
  return line;
}

const HbResult *
hb_solve_job_get_result (HbSolveJob *self)
{
  g_return_val_if_fail (HB_IS_SOLVE_JOB (self), NULL);
  return self->result;
}

const GError *
hb_solve_job_get_error (HbSolveJob *self)
{
  g_return_val_if_fail (HB_IS_SOLVE_JOB (self), NULL);
  return self->error;
}

HbResult *
hb_solve_job_steal_result (HbSolveJob *self)
{
  g_return_val_if_fail (HB_IS_SOLVE_JOB (self) && !self->running, NULL);
  return g_steal_pointer (&self->result);
}

HbTrace *
hb_solve_job_steal_trace (HbSolveJob *self)
{
  g_return_val_if_fail (HB_IS_SOLVE_JOB (self) && !self->running, NULL);
  return g_steal_pointer (&self->trace);
}

HbState *
hb_solve_job_steal_initial (HbSolveJob *self)
{
  g_return_val_if_fail (HB_IS_SOLVE_JOB (self) && !self->running, NULL);
  return g_steal_pointer (&self->initial);
}

static void
hb_solve_job_finalize (GObject *object)
{
  HbSolveJob *self = HB_SOLVE_JOB (object);

  g_clear_pointer (&self->initial, hb_state_free);
  g_clear_pointer (&self->settings, hb_settings_free);
  g_clear_pointer (&self->trace, hb_trace_free);
  g_clear_pointer (&self->result, hb_result_free);
  g_clear_error (&self->error);
  g_clear_object (&self->cancellable);
  G_OBJECT_CLASS (hb_solve_job_parent_class)->finalize (object);
}

static void
hb_solve_job_class_init (HbSolveJobClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = hb_solve_job_finalize;
  signals[SIGNAL_FINISHED] =
    g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
hb_solve_job_init (HbSolveJob *self)
{
  self->cancellable = g_cancellable_new ();
}

HbSolveJob *
hb_solve_job_new (const HbSolver *solver, const HbState *state,
                  const HbSettings *settings)
{
  HbSolveJob *self;

  g_return_val_if_fail (solver != NULL && state != NULL, NULL);
  self = g_object_new (HB_TYPE_SOLVE_JOB, NULL);
  self->solver = solver;
  self->initial = hb_state_copy (state);
  self->settings = settings ? hb_settings_copy (settings) : hb_settings_new ();
  self->trace = hb_trace_new (HB_TRACE_DEFAULT_MAX_STEPS, HB_TRACE_DEFAULT_MAX_BYTES);
  return self;
}
