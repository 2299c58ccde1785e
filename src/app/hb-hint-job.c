/* hb-hint-job.c: hints on a worker thread (see hb-hint-job.h). */
#include "config.h"

#include "hb-cancel-gio.h"
#include "hb-hint-job.h"

struct _HbHintJob
{
  GObject       parent_instance;

  GCancellable *cancellable;   /* the job in flight, or NULL */
  gpointer      hint;
  const HbGame *hint_game;     /* whose hint_free frees it */
};

G_DEFINE_FINAL_TYPE (HbHintJob, hb_hint_job, G_TYPE_OBJECT)

enum { SIGNAL_DONE, N_SIGNALS };
static guint signals[N_SIGNALS];

typedef struct {
  HbState      *state;
  GCancellable *cancellable;   /* the task's own: tells it from newer ones */
} Task;

typedef struct {
  const HbGame *game;
  gpointer      hint;
} Answer;

static void
task_free (gpointer data)
{
  Task *t = data;

  hb_state_free (t->state);
  g_clear_object (&t->cancellable);
  g_free (t);
}

static void
answer_free (gpointer data)
{
  Answer *a = data;

  if (a->hint != NULL && a->game->hint_free != NULL)
    a->game->hint_free (a->hint);
  g_free (a);
}

static void
free_hint (HbHintJob *self)
{
  if (self->hint != NULL)
    {
      if (self->hint_game->hint_free != NULL)
        self->hint_game->hint_free (self->hint);
      self->hint = NULL;
    }
}

void
hb_hint_job_clear (HbHintJob *self)
{
  g_return_if_fail (HB_IS_HINT_JOB (self));
  if (self->cancellable != NULL)
    {
      g_cancellable_cancel (self->cancellable);
      g_clear_object (&self->cancellable);
    }
  free_hint (self);
}

static void
hint_thread (GTask *task, gpointer source, gpointer task_data,
             GCancellable *cancellable)
{
  Task *t = task_data;
  const HbGame *game = t->state->game;
  GError *error = NULL;
  Answer *answer;
  gpointer hint;
  HbCancel cancel;
  gulong follow;

  /* The game polls an HbCancel (hb-cancel.h), set by the task's cancellable. */
  hb_cancel_init (&cancel, NULL);
  follow = hb_cancel_follow (&cancel, cancellable);
  hint = game->hint_compute (t->state, &cancel, &error);
  hb_cancel_unfollow (cancellable, follow);
  if (hint == NULL && error != NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  answer = g_new0 (Answer, 1);
  answer->game = game;
  answer->hint = hint;
  g_task_return_pointer (task, answer, answer_free);
}

static void
hint_done (GObject *source, GAsyncResult *res, gpointer user_data)
{
  HbHintJob *self = HB_HINT_JOB (source);
  Task *t = g_task_get_task_data (G_TASK (res));
  GError *error = NULL;
  Answer *answer;

  answer = g_task_propagate_pointer (G_TASK (res), &error);
  /* Only the newest job may deliver: an older one (cancelled when hints
   * were toggled, or the board changed) must neither clear the newer
   * job's cancellable nor overwrite its answer. */
  if (t->cancellable != self->cancellable || g_cancellable_is_cancelled (t->cancellable))
    {
      g_clear_error (&error);
      if (answer != NULL)
        answer_free (answer);
      return;
    }
  g_clear_object (&self->cancellable);
  if (answer != NULL)
    {
      free_hint (self);
      self->hint = answer->hint;
      self->hint_game = answer->game;
      g_free (answer);
    }
  g_signal_emit (self, signals[SIGNAL_DONE], 0, error);
  g_clear_error (&error);
}

void
hb_hint_job_start (HbHintJob *self, const HbState *state)
{
  Task *t;
  GTask *task;

  g_return_if_fail (HB_IS_HINT_JOB (self));
  g_return_if_fail (state->game->hint_compute != NULL);

  hb_hint_job_clear (self);
  t = g_new0 (Task, 1);
  t->state = hb_state_copy (state);
  self->cancellable = g_cancellable_new ();
  t->cancellable = g_object_ref (self->cancellable);
  task = g_task_new (self, self->cancellable, hint_done, NULL);
  g_task_set_task_data (task, t, task_free);
  g_task_set_source_tag (task, hb_hint_job_start);
  g_task_run_in_thread (task, hint_thread);
  g_object_unref (task);
}

gboolean
hb_hint_job_is_pending (HbHintJob *self)
{
  g_return_val_if_fail (HB_IS_HINT_JOB (self), FALSE);
  return self->cancellable != NULL;
}

gconstpointer
hb_hint_job_get_hint (HbHintJob *self)
{
  g_return_val_if_fail (HB_IS_HINT_JOB (self), NULL);
  return self->hint;
}

static void
hb_hint_job_dispose (GObject *object)
{
  hb_hint_job_clear (HB_HINT_JOB (object));
  G_OBJECT_CLASS (hb_hint_job_parent_class)->dispose (object);
}

static void
hb_hint_job_class_init (HbHintJobClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = hb_hint_job_dispose;
  signals[SIGNAL_DONE] =
    g_signal_new ("done", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void
hb_hint_job_init (HbHintJob *self)
{
}

HbHintJob *
hb_hint_job_new (void)
{
  return g_object_new (HB_TYPE_HINT_JOB, NULL);
}
