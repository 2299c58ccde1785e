/* hb-window-export.c: the window's Export Animation: the solution move by
 * move as an animated PNG, written on a worker thread (atomically) while
 * the window goes on. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "hb-window-private.h"
#include "hb-anim.h"

/* ---- Exporting the solution as an animated PNG ----------------------------- */

#define EXPORT_CELL_PX   48
#define EXPORT_SECONDS   0.5   /* per move; the last frame stays longer */

typedef struct {
  HbState  *initial;
  HbResult *result;     /* status and moves only */
  gboolean  dark;
  GFile    *file;
  GApplication *app;    /* held while the worker writes, or NULL */
} ExportJob;

static void
export_job_free (gpointer data)
{
  ExportJob *job = data;

  hb_state_free (job->initial);
  hb_result_free (job->result);
  g_clear_object (&job->file);
  g_free (job);
}

/* A copy of what the export needs, taken when the dialog opens: the window
 * may solve again or change level while the dialog or the worker runs. */
static ExportJob *
export_job_new (HbWindow *self)
{
  ExportJob *job = g_new0 (ExportJob, 1);

  job->initial = hb_state_copy (self->result_initial);
  job->result = hb_result_new (self->result->status);
  g_array_append_vals (job->result->moves, self->result->moves->data,
                       self->result->moves->len);
  job->dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  return job;
}

/* Testing: while held, an export's worker waits before it writes, until
 * released or cancelled. Never held outside tests. */
static HbJobHold export_hold;

void
hb_window_hold_exports (gboolean hold)
{
  hb_job_hold_set (&export_hold, hold);
}

guint
hb_window_exports_held (void)
{
  return hb_job_hold_waiting (&export_hold);
}

static void
export_thread (GTask *task, gpointer source, gpointer task_data,
               GCancellable *cancellable)
{
  ExportJob *job = task_data;
  HbRenderOptions options = { 0 };
  GError *error = NULL;

  hb_job_hold_wait (&export_hold, cancellable);
  options.dark = job->dark;
  if (hb_anim_save_solution (job->file, job->initial, job->result, &options,
                             EXPORT_CELL_PX, EXPORT_SECONDS, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/* The folder `file` is in, as a person would type it ("/tmp", and the
 * home directory as "~": "~/Pictures"), or NULL for none: the toast says
 * where the animation went, which the dialog may have picked (beside the
 * level) rather than the user. */
static char *
folder_display_name (GFile *file)
{
  g_autoptr(GFile) parent = g_file_get_parent (file);
  const char *home = g_get_home_dir ();
  gsize n = strlen (home);
  char *name;

  if (parent == NULL)
    return NULL;
  name = g_file_get_parse_name (parent);
  /* Only a plain home ("/" as home would make every path "~..."). */
  if (n > 1 && home[n - 1] != '/' && strncmp (name, home, n) == 0
      && (name[n] == '\0' || name[n] == '/'))
    {
      char *tilde = g_strconcat ("~", name + n, NULL);
      g_free (name);
      name = tilde;
    }
  return name;
}

static void
export_done (GObject *source, GAsyncResult *res, gpointer user_data)
{
  HbWindow *self = HB_WINDOW (source);
  ExportJob *job = g_task_get_task_data (G_TASK (res));
  GError *error = NULL;
  g_autofree char *folder = NULL;
  char *name, *text;

  g_task_propagate_boolean (G_TASK (res), &error);
  hb_job_release_app (&job->app);
  if (self->disposed)
    {
      g_clear_error (&error);
      return;
    }
  hb_job_toast_clear (&self->export_toast);
  /* Cancelled by the user, whose Cancel said it: no "Could not export". */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
      && self->export_cancellable != NULL && g_cancellable_is_cancelled (self->export_cancellable))
    {
      g_clear_object (&self->export_cancellable);
      g_clear_error (&error);
      hb_window_update_actions (self);
      return;
    }
  g_clear_object (&self->export_cancellable);
  name = hb_file_dup_display_name (job->file);
  folder = folder_display_name (job->file);
  if (error == NULL && folder != NULL)
    /* TRANSLATORS: a toast after Export Animation: the file's name, then
     * the folder it went to ("~/Pictures", "/tmp") */
    text = g_strdup_printf (_("Animation saved as “%s” in %s"), name, folder);
  else if (error == NULL)
    text = g_strdup_printf (_("Animation saved as “%s”"), name);
  else
    text = g_strdup_printf (_("Could not export “%s”: %s"), name, error->message);
  if (error == NULL)
    {
      /* Saved: one click opens it (a reviewer looked for it). */
      g_set_object (&self->exported, job->file);
      hb_window_show_toast_button (self, text, _("_Open"), "win.open-exported", 8);
    }
  else
    hb_window_show_toast (self, text);
  g_free (text);
  g_free (name);
  g_clear_error (&error);
  hb_window_update_actions (self);
}

static void export_start (HbWindow *self, ExportJob *job, GFile *file);

static void
on_export_response (GtkNativeDialog *dialog, int response, gpointer data)
{
  HbWindow *self = hb_window_file_dialog_window (dialog);
  ExportJob *job = g_object_steal_data (G_OBJECT (dialog), "hb-export-job");
  GFile *file = NULL;

  if (self != NULL && response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  g_object_unref (dialog);
  if (file == NULL || self == NULL || self->export_cancellable != NULL)
    {
      g_clear_object (&file);
      export_job_free (job);
      return;
    }
  export_start (self, job, file);
}

void
hb_window_export_animation_to (HbWindow *self, GFile *file)
{
  if (hb_window_result_can_export (self) && self->export_cancellable == NULL)
    export_start (self, export_job_new (self), g_object_ref (file));
}

/* Writes the animation of `job` to `file` (taken) on a worker thread. */
static void
export_start (HbWindow *self, ExportJob *job, GFile *file)
{
  GTask *task;

  /* A name without an extension gets ".png", so that viewers know it. */
  file = hb_window_file_with_extension (file, ".png");

  job->file = file;
  /* The window may close before the file is written (its task keeps it
   * until then): the application, with no window left, quit under the
   * worker, and the animation was never written. It waits, as for a
   * save. */
  job->app = hb_job_hold_app (self);
  self->export_cancellable = g_cancellable_new ();
  task = g_task_new (self, self->export_cancellable, export_done, NULL);
  g_task_set_task_data (task, job, export_job_free);
  g_task_set_source_tag (task, on_export_response);
  g_task_run_in_thread (task, export_thread);
  g_object_unref (task);
  /* A long animation takes seconds to write (871 frames of a 30×30 level
   * took 6 s, with only a greyed button to show for it: review): said
   * after a moment, with Cancel. */
  {
    g_autofree char *name = hb_file_dup_display_name (file);
    /* TRANSLATORS: a toast while Export Animation writes the file */
    g_autofree char *text = g_strdup_printf (_("Exporting the animation to “%s”…"), name);

    hb_job_toast_start (self, &self->export_toast, text, hb_window_cancel_export);
  }
  hb_window_update_actions (self);
}

gboolean
hb_window_cancel_export (HbWindow *self)
{
  if (self->export_cancellable == NULL || g_cancellable_is_cancelled (self->export_cancellable))
    return FALSE;
  g_cancellable_cancel (self->export_cancellable);
  hb_job_toast_clear (&self->export_toast);
  return TRUE;
}

void
hb_window_export_animation (HbWindow *self)
{
  GtkFileChooserNative *dialog;
  GtkFileFilter *filter;
  char *level, *dot, *name;

  if (!hb_window_result_can_export (self) || self->export_cancellable != NULL)
    return;
  /* Too many moves or too large a board: said now, not after a file
   * name was chosen for nothing (review: a 999,990-move answer). */
  {
    g_autoptr (GError) error = NULL;
    if (!hb_anim_can_animate (self->result_initial, self->result, EXPORT_CELL_PX, &error))
      {
        g_autofree char *text = g_strdup_printf (_("Cannot export an animation: %s"),
                                                 error->message);
        hb_window_show_toast (self, text);
        return;
      }
  }
  dialog = gtk_file_chooser_native_new (_("Export Animation"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE,
                                        _("_Export"), _("_Cancel"));
  filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _("Animated PNG images"));
  gtk_file_filter_add_pattern (filter, "*.png");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  g_object_unref (filter);

  /* "<level>-solution.png", beside the level's file when it has one. */
  level = hb_document_dup_display_name (self->document);
  dot = strrchr (level, '.');
  if (dot != NULL && dot != level)
    *dot = '\0';
  /* TRANSLATORS: the suggested file name of an exported animation;
   * %s is the level's name without its extension */
  name = g_strdup_printf (_("%s-solution.png"), level);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  g_free (name);
  g_free (level);
  /* The folder (the level's) is hb_window_show_file_dialog's to set, as
   * for Save As. */

  g_object_set_data_full (G_OBJECT (dialog), "hb-export-job", export_job_new (self),
                          export_job_free);
  hb_window_show_file_dialog (self, dialog, G_CALLBACK (on_export_response));
}

void
hb_window_open_exported (HbWindow *self)
{
  g_autofree char *uri = NULL;

  if (self->exported == NULL)
    return;
  uri = g_file_get_uri (self->exported);
  gtk_show_uri (GTK_WINDOW (self), uri, GDK_CURRENT_TIME);
}
