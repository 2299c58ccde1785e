/* hb-window-jobs.c: what the window's jobs on a worker thread (an open,
 * a Random level, an export, a save) share: the toast that says one is
 * under way once it takes long enough to notice, and, for tests, a hold
 * that keeps a worker waiting so that a test sees its job in flight
 * whatever the machine's load. */
#include "config.h"

#include <glib/gi18n.h>

#include "hb-window-private.h"

/* The toast's × (or the overlay's own Escape) took it away while its job
 * runs: that is Cancel, not "hide it", as the job went on unseen and its
 * answer (a dialog, a new level) came seconds later out of nowhere
 * (review). hb_job_toast_clear's own dismiss is not one: it disconnects
 * first. */
static void
on_job_toast_dismissed (AdwToast *toast, HbJobToast *t)
{
  HbWindow *self = t->window;

  if (t->toast != toast || self->disposed)
    return;
  /* Gone already: the cancel's own clear must not dismiss it again
   * inside this emission. */
  g_signal_handlers_disconnect_by_func (toast, on_job_toast_dismissed, t);
  g_clear_object (&t->toast);
  if (t->cancel != NULL)
    t->cancel (self);
}

static gboolean
job_toast_show (gpointer data)
{
  HbJobToast *t = data;

  t->id = 0;
  if (!t->window->disposed)
    {
      /* A job that cannot be stopped (a save) has no Cancel. */
      t->toast = g_object_ref (hb_window_show_toast_button (t->window, t->text,
                                                            t->cancel != NULL ? _("_Cancel") : NULL,
                                                            t->cancel != NULL ? "win.cancel" : NULL,
                                                            0));
      g_signal_connect (t->toast, "dismissed", G_CALLBACK (on_job_toast_dismissed), t);
    }
  return G_SOURCE_REMOVE;
}

static void
job_toast_release (gpointer data)
{
  g_object_unref (((HbJobToast *) data)->window);
}

void
hb_job_toast_start (HbWindow *self, HbJobToast *t, const char *text,
                    gboolean (*cancel) (HbWindow *self))
{
  hb_job_toast_clear (t);
  t->window = self;
  t->text = g_strdup (text);
  t->cancel = cancel;
  /* The wait holds the window: it may end after the window went. */
  g_object_ref (self);
  t->id = g_timeout_add_full (G_PRIORITY_DEFAULT, 300, job_toast_show, t, job_toast_release);
}

void
hb_job_toast_clear (HbJobToast *t)
{
  g_clear_handle_id (&t->id, g_source_remove);
  if (t->toast != NULL)
    {
      g_signal_handlers_disconnect_by_func (t->toast, on_job_toast_dismissed, t);
      adw_toast_dismiss (t->toast);
      g_clear_object (&t->toast);
    }
  g_clear_pointer (&t->text, g_free);
}

/* ---- Holding a worker, for tests ----------------------------------------- */

void
hb_job_hold_set (HbJobHold *h, gboolean hold)
{
  g_mutex_lock (&h->mutex);
  g_atomic_int_set (&h->held, hold);
  g_cond_broadcast (&h->cond);
  g_mutex_unlock (&h->mutex);
}

guint
hb_job_hold_waiting (HbJobHold *h)
{
  guint n;

  g_mutex_lock (&h->mutex);
  n = h->waiting;
  g_mutex_unlock (&h->mutex);
  return n;
}

void
hb_job_hold_wait (HbJobHold *h, GCancellable *cancellable)
{
  if (!g_atomic_int_get (&h->held))
    return;
  g_mutex_lock (&h->mutex);
  h->waiting++;
  /* Polled for a cancel, which does not signal the condition. */
  while (g_atomic_int_get (&h->held) && !g_cancellable_is_cancelled (cancellable))
    g_cond_wait_until (&h->cond, &h->mutex, g_get_monotonic_time () + G_TIME_SPAN_MILLISECOND * 20);
  h->waiting--;
  g_mutex_unlock (&h->mutex);
}

/* A job whose file must be written before the application may quit (a
 * save, an export): the window's application, held and referenced, or
 * NULL for a window without one. Closing the last window, or Quit, then
 * waits for the worker instead of exiting under it. */
GApplication *
hb_job_hold_app (HbWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  if (app == NULL)
    return NULL;
  g_application_hold (G_APPLICATION (app));
  return G_APPLICATION (g_object_ref (app));
}

/* Lets go of what hb_job_hold_app held, once; *app becomes NULL. */
void
hb_job_release_app (GApplication **app)
{
  if (*app == NULL)
    return;
  g_application_release (*app);
  g_clear_object (app);
}
