/* hb-window-save.c: writing the window's level to its file (atomically,
 * on a worker thread: hb_document_save_begin, hb_save_job_run, ..._finish),
 * what waits for a save to end, and the toast that says what the file
 * could not hold. (The questions around it, Save As and a failed save's
 * dialog: hb-window-dialogs.c; whether the file changed on disk since:
 * hb-window-disk.c.) */
#include "config.h"

#include <glib/gi18n.h>

#include "hb-window-private.h"

/* What a save left out, all of it in one toast (one toast a save showed
 * only the first: "format lost" hid "comments left out"): the first in
 * its own words, saying "Saved", the others as short sentences after it,
 * each with its reason too (the JSON comments' reason was dropped there:
 * "comments were left out" left the user to guess why, and "the moves
 * played are not saved" lost "the level as drawn").
 * The file's kind changing matters most (a Tatham ID that Tatham's
 * programs will no longer read), then the moves left out, then comments. */
char *
hb_window_left_out_text (gboolean format_lost, gboolean played, guint stale,
                         HbCommentsUnkept unkept)
{
  g_autoptr (GPtrArray) said = g_ptr_array_new_with_free_func (g_free);
  char *text = NULL;

  if (format_lost)
    g_ptr_array_add (said, g_strdup (_("Saved in Hintboard’s own format: the file’s format cannot hold this level")));
  if (played)
    g_ptr_array_add (said, g_strdup (said->len == 0 ? _("Saved the level as drawn: the moves played are not saved")
                                                    /* TRANSLATORS: a sentence after another in a save's toast */
                                                    : _("The moves played are not saved, only the level as drawn")));
  if (stale > 0)
    g_ptr_array_add (said, g_strdup_printf (said->len == 0
                                            ? g_dngettext (NULL, "Saved; %u comment line of the file no longer held and was left out",
                                                           "Saved; %u comment lines of the file no longer held and were left out", stale)
                                            /* TRANSLATORS: a sentence after another in a save's toast;
                                             * a line that no longer held is one no longer true
                                             * of the level, such as a stale "# path:" */
                                            : g_dngettext (NULL, "%u comment line that no longer held was left out",
                                                           "%u comment lines that no longer held were left out", stale), stale));
  if (unkept & HB_COMMENTS_UNKEPT_JSON)
    g_ptr_array_add (said, g_strdup (said->len == 0 ? _("Saved; the file’s /* */ comments were left out: no format Hintboard writes holds them")
                                                    /* TRANSLATORS: a sentence after another in a save's toast */
                                                    : _("The file’s /* */ comments were left out: no format Hintboard writes holds them")));
  if (unkept & HB_COMMENTS_UNKEPT_PAST_CAP)
    g_ptr_array_add (said, g_strdup (said->len == 0 ? _("Saved; the file’s comment lines after the first 4,096 were left out")
                                                    : _("Comment lines after the first 4,096 were left out")));
  for (guint i = 0; i < said->len; i++)
    {
      char *joined = text == NULL ? g_strdup (said->pdata[i])
        /* TRANSLATORS: two sentences of a save's toast, joined: "Saved the
         * level as drawn: the moves played are not saved. Comment lines
         * after the first 4,096 were left out" */
        : g_strdup_printf (_("%s. %s"), text, (const char *) said->pdata[i]);
      g_free (text);
      text = joined;
    }
  return text;
}

static void
say_left_out (HbWindow *self, gboolean played)
{
  g_autofree char *text
    = hb_window_left_out_text (hb_document_get_format_lost (self->document), played,
                               hb_document_get_comments_dropped (self->document),
                               hb_document_get_comments_unkept (self->document));

  if (text != NULL)
    hb_window_show_toast (self, text);
}

/* Whether moves played on the level show on the board: a file gets the
 * level as drawn, which a player saving in the middle of a game might
 * expect kept (not after a Restart, or moves that came back to it). */
gboolean
hb_window_moves_show (HbWindow *self)
{
  return self->mode == HB_MODE_PLAY && hb_document_play_depth (self->document) > 0
         && !hb_document_get_game (self->document)->equal (hb_document_get_design (self->document),
                                                             hb_window_current (self));
}

/* ---- A save on a worker ---------------------------------------------------
 *
 * Writing a level took the main thread: a 4096×4096 Flow Free board saved
 * as JSON held the window 5-10 s. The level is copied on the main thread
 * (that board, 48 MB, in 0.3-0.5 s), written on a worker, and noted on
 * the main thread again once written. One save at a time: what comes
 * while one runs (a second save, Ctrl+S, closing the window) waits for
 * it to end. */

typedef struct {
  HbWindow        *window;   /* for a waiting one's `done`, if dropped */
  HbSaveJob       *job;
  guint            entered;  /* the window's levels_entered then */
  gboolean         played;   /* moves played showed: said in the toast */
  HbSavedFunc      done;
  gpointer         data;
  GApplication    *app;      /* held while the save runs, or NULL */
  char            *stamp;    /* the file as written (hb_window_disk_stamp) */
} SaveCall;

static void
save_call_free (gpointer data)
{
  SaveCall *call = data;

  hb_save_job_free (call->job);
  g_free (call->stamp);
  g_free (call);
}

/* Testing: while held, a save's worker waits before it writes, until
 * released. Never held outside tests. */
static HbJobHold save_hold;

void
hb_window_hold_saves (gboolean hold)
{
  hb_job_hold_set (&save_hold, hold);
}

guint
hb_window_saves_held (void)
{
  return hb_job_hold_waiting (&save_hold);
}

static void
save_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  SaveCall *call = data;
  GError *error = NULL;

  hb_job_hold_wait (&save_hold, NULL);
  if (!hb_save_job_run (call->job, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  /* The file as this save left it, for telling another program's write
   * after it (hb-window-disk.c). */
  call->stamp = hb_window_disk_stamp (hb_save_job_get_file (call->job));
  g_task_return_boolean (task, TRUE);
}

/* What waits for the save to end, in turn, until one of them begins
 * another save (the rest wait for that one too). */
typedef struct {
  HbThen         then;
  gpointer       data;
  GDestroyNotify destroy;
} SaveWait;

static void
run_waiting (HbWindow *self)
{
  SaveWait *w;

  while ((self->disposed || !self->saving)
         && (w = g_queue_pop_head (&self->save_waiting)) != NULL)
    {
      if (self->disposed)
        {
          if (w->destroy != NULL)
            w->destroy (w->data);
        }
      else
        w->then (self, w->data);
      g_free (w);
    }
}

static void
save_done (GObject *source, GAsyncResult *res, gpointer unused)
{
  HbWindow *self = HB_WINDOW (source);
  SaveCall *call = g_task_get_task_data (G_TASK (res));
  GFile *file = hb_save_job_get_file (call->job);
  GError *error = NULL;

  self->saving = FALSE;
  g_clear_object (&self->saving_file);
  hb_job_toast_clear (&self->save_toast);
  self->save_failed = !g_task_propagate_boolean (G_TASK (res), &error);
  self->save_level_gone = call->entered != self->levels_entered;
  if (!self->save_failed && !self->disposed)
    {
      hb_window_note_disk_stamp (self, file, call->stamp);
      /* Not when another level came in meanwhile: it is not the one
       * written. */
      if (hb_document_save_finish (self->document, call->job))
        say_left_out (self, call->played);
    }
  if (call->done != NULL)
    call->done (self, file, error, call->data);
  g_clear_error (&error);
  hb_job_release_app (&call->app);
  run_waiting (self);
}

gboolean
hb_window_wait_for_save (HbWindow *self, HbThen then, gpointer data, GDestroyNotify destroy)
{
  SaveWait *w;

  if (!self->saving)
    return FALSE;
  w = g_new (SaveWait, 1);
  w->then = then;
  w->data = data;
  w->destroy = destroy;
  g_queue_push_tail (&self->save_waiting, w);
  return TRUE;
}

static void
save_start (HbWindow *self, SaveCall *call)
{
  g_autofree char *name = NULL, *text = NULL;
  GFile *file = hb_save_job_get_file (call->job);
  GTask *task;

  /* Quitting waits for the file too (the window's close does already). */
  call->app = hb_job_hold_app (self);
  self->saving = TRUE;
  g_set_object (&self->saving_file, file);
  task = g_task_new (self, NULL, save_done, NULL);
  g_task_set_task_data (task, call, save_call_free);
  g_task_run_in_thread (task, save_thread);
  g_object_unref (task);
  /* Said once it takes long enough to notice, as an open is. */
  name = hb_file_dup_display_name (file);
  text = g_strdup_printf (_("Saving “%s”…"), name);
  hb_job_toast_start (self, &self->save_toast, text, NULL);
}

/* What waits for another window's save of the same file. */
typedef struct {
  GWeakRef       window;
  HbThen         then;
  gpointer       data;
  GDestroyNotify destroy;
} OtherWait;

static void
other_wait_free (gpointer data)
{
  OtherWait *o = data;

  if (o->destroy != NULL && o->data != NULL)
    o->destroy (o->data);
  g_weak_ref_clear (&o->window);
  g_free (o);
}

static void
other_save_ended (HbWindow *other, gpointer data)
{
  OtherWait *o = data;
  HbWindow *self = g_weak_ref_get (&o->window);

  if (self != NULL && !self->disposed)
    o->then (self, g_steal_pointer (&o->data));
  g_clear_object (&self);
  other_wait_free (o);
}

/* Two windows on one file: Save in one while the other's save of it
 * runs looked at the file before that save wrote it, saw no change, and
 * wrote too, with no question; one window's changes were lost and both
 * looked saved. It waits for that save, and looks then. */
gboolean
hb_window_wait_for_other_save (HbWindow *self, GFile *file, HbThen then, gpointer data,
                               GDestroyNotify destroy)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  for (GList *l = app != NULL ? gtk_application_get_windows (app) : NULL; l != NULL; l = l->next)
    {
      HbWindow *other = l->data;
      OtherWait *o;

      if (!HB_IS_WINDOW (other) || other == self || other->saving_file == NULL
          || !g_file_equal (other->saving_file, file))
        continue;
      o = g_new0 (OtherWait, 1);
      g_weak_ref_init (&o->window, self);
      o->then = then;
      o->data = data;
      o->destroy = destroy;
      hb_window_wait_for_save (other, other_save_ended, o, other_wait_free);
      return TRUE;
    }
  return FALSE;
}

/* A save asked for while another runs, begun once it ends. */
static void
save_later (HbWindow *self, gpointer data)
{
  save_start (self, data);
}

/* The window went first: its `done` still hears of it, to free what it
 * holds. */
static void
save_later_drop (gpointer data)
{
  SaveCall *call = data;
  g_autoptr (GError) error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                                  _("The window was closed"));

  if (call->done != NULL)
    call->done (call->window, hb_save_job_get_file (call->job), error, call->data);
  save_call_free (call);
}

void
hb_window_save_to_file (HbWindow *self, GFile *file, HbSavedFunc done, gpointer data)
{
  SaveCall *call;

  g_return_if_fail (HB_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));
  call = g_new0 (SaveCall, 1);
  call->window = self;
  call->entered = self->levels_entered;
  /* The file gets the level as drawn: say so when moves played show. */
  call->played = hb_window_moves_show (self);
  /* The level as it is now, even when the save waits for another to
   * end: a level opened meanwhile (Save As answered while Save ran, then
   * another file opened, the first discarded) was written under the
   * name asked for, and became that file's level. */
  call->job = hb_document_save_begin (self->document, file);
  call->done = done;
  call->data = data;
  if (self->saving)
    hb_window_wait_for_save (self, save_later, call, save_later_drop);
  else
    save_start (self, call);
}

gboolean
hb_window_is_saving (HbWindow *self)
{
  g_return_val_if_fail (HB_IS_WINDOW (self), FALSE);
  return self->saving;
}

void
hb_window_save_dispose (HbWindow *self)
{
  hb_job_toast_clear (&self->save_toast);
  run_waiting (self);
}
