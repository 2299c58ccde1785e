/* hb-window-random.c: Random's level. A level no larger than the size
 * fields offer (the game's largest side) is made on the spot, in a few
 * milliseconds to about 0.15 s; a larger one, which only a level opened
 * from a file has, is made on a worker thread: a 1000×1000 Flow Free
 * level took 0.5-2 s, and the window did not answer meanwhile. The
 * level is made before the unsaved changes are asked about, so a size
 * or colour count that makes none asks nothing (a toast says why). */
#include "config.h"

#include <glib/gi18n.h>

#include "hb-window-private.h"

/* What the generator is asked for: the colours field's count for the
 * window's game, else the game's default, and a fresh seed. */
static HbGenerateParams
random_params (HbWindow *self, const HbGame *game, int width, int height)
{
  HbGenerateParams params = { 0 };

  params.width = width;
  params.height = height;
  if (game->max_colours > 0)
    params.colours = game == hb_document_get_game (self->document)
                     ? (int) gtk_adjustment_get_value (self->colours_adjustment)
                     : game->default_colours;
  params.seed = ((guint64) g_random_int () << 32) | g_random_int ();
  return params;
}

HbState *
hb_window_random_level (HbWindow *self, const HbGame *game, int width, int height,
                        GError **error)
{
  HbGenerateParams params = random_params (self, game, width, height);

  return game->generate (&params, error);
}

/* A level made, and the document's level serial when it was asked for
 * (hb_document_get_level_serial: a switch between Edit and Play, which
 * shows the same level with its moves or without, changes the board's
 * serial, and dropped a Random asked for before it). */
typedef struct {
  HbState *state;
  guint64  serial;
} RandomLevel;

static void
random_level_free (RandomLevel *r)
{
  hb_state_free (r->state);
  g_free (r);
}

/* Not over a level opened or changed since it was asked for: made on a
 * worker, it could come in while an open's Save Changes? question was
 * up and wait its turn, then run after Discard (nothing left unsaved to
 * ask about) and replace the file just opened without a word. */
static void
random_then (HbWindow *self, gpointer data)
{
  RandomLevel *r = data;

  if (r->serial == hb_document_get_level_serial (self->document))
    hb_window_replace_level (self, hb_state_copy (r->state), _("New random level"));
}

/* A level made, or why none: the toast with a capital (the words are the
 * command line's, "a 2×2 board takes 2 colours, not 6"). */
static void
random_made (HbWindow *self, HbState *state, GError *error, guint64 serial)
{
  RandomLevel *r;

  if (state == NULL)
    {
      g_autofree char *text = g_strdup_printf ("%c%s", g_ascii_toupper (error->message[0]),
                                               error->message[0] ? error->message + 1 : "");
      hb_window_show_toast (self, text);
      g_error_free (error);
      return;
    }
  r = g_new (RandomLevel, 1);
  r->state = state;
  r->serial = serial;
  hb_window_maybe_discard (self, random_then, r, (GDestroyNotify) random_level_free);
}

typedef struct {
  const HbGame    *game;
  HbGenerateParams params;
} RandomJob;

/* Testing: while held, a worker's level, made, waits before it is handed
 * to the window, until released or cancelled (so a test can have an open
 * ask while a Random is surely still in flight, whatever the machine's
 * load). Never held outside tests. */
static HbJobHold random_hold;

void
hb_window_hold_random (gboolean hold)
{
  hb_job_hold_set (&random_hold, hold);
}

guint
hb_window_random_held (void)
{
  return hb_job_hold_waiting (&random_hold);
}

static void
random_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  RandomJob *job = data;
  GError *error = NULL;
  HbState *state = job->game->generate (&job->params, &error);

  hb_job_hold_wait (&random_hold, cancellable);
  if (state != NULL)
    g_task_return_pointer (task, state, (GDestroyNotify) hb_state_free);
  else
    g_task_return_error (task, error);
}

static void
random_done (GObject *source, GAsyncResult *res, gpointer data)
{
  HbWindow *self = HB_WINDOW (source);
  GCancellable *cancellable = g_task_get_cancellable (G_TASK (res));
  GError *error = NULL;
  HbState *state = g_task_propagate_pointer (G_TASK (res), &error);

  if (cancellable == self->random_cancellable)
    {
      hb_job_toast_clear (&self->random_toast);
      g_clear_object (&self->random_cancellable);
      if (!self->disposed)
        hb_window_update_actions (self);
    }
  /* Dropped without a word when the user moved on meanwhile: Escape,
   * another Random, or a level changed, played, opened or left (it would
   * have replaced a level opened after it was asked for), or an open
   * asked for after it still reading (coming in, it would have stopped
   * that open: the file asked for last never came); not a look at Edit
   * or Play. */
  if (self->disposed || g_cancellable_is_cancelled (cancellable)
      || self->random_serial != hb_document_get_level_serial (self->document)
      || (self->load_cancellable != NULL && self->random_loads != self->loads_begun))
    {
      g_clear_pointer (&state, hb_state_free);
      g_clear_error (&error);
      return;
    }
  random_made (self, state, error, self->random_serial);
}

void
hb_window_random (HbWindow *self)
{
  const HbGame *game = hb_document_get_game (self->document);
  int width = (int) gtk_adjustment_get_value (self->width_adjustment);
  int height = (int) gtk_adjustment_get_value (self->height_adjustment);
  int side = MAX (game->max_ui_side, 1);
  GError *error = NULL;
  RandomJob *job;
  GTask *task;

  if (game->generate == NULL)
    return;
  hb_window_cancel_random (self);
  if (width <= side && height <= side)
    {
      HbState *state = hb_window_random_level (self, game, width, height, &error);
      random_made (self, state, error, hb_document_get_level_serial (self->document));
      return;
    }
  job = g_new0 (RandomJob, 1);
  job->game = game;
  job->params = random_params (self, game, width, height);
  self->random_cancellable = g_cancellable_new ();
  self->random_serial = hb_document_get_level_serial (self->document);
  self->random_loads = self->loads_begun;
  task = g_task_new (self, self->random_cancellable, random_done, NULL);
  g_task_set_task_data (task, job, g_free);
  g_task_run_in_thread (task, random_thread);
  g_object_unref (task);
  /* Said once it takes long enough to notice, as an open is: a level of
   * a million cells can take 2 s. */
  hb_job_toast_start (self, &self->random_toast, _("Making a random level…"),
                      hb_window_cancel_random);
  hb_window_update_actions (self);   /* Escape stops it */
}

gboolean
hb_window_cancel_random (HbWindow *self)
{
  if (self->random_cancellable == NULL)
    return FALSE;
  g_cancellable_cancel (self->random_cancellable);
  g_clear_object (&self->random_cancellable);
  hb_job_toast_clear (&self->random_toast);
  if (!self->disposed)
    hb_window_update_actions (self);
  return TRUE;
}

gboolean
hb_window_is_making_random (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), FALSE);
  return self->random_cancellable != NULL;
}
