/* hb-window-dialogs.c: what the window asks the user about files: the
 * unsaved-changes question before a level is left, and the Open, Save and
 * Save As dialogs (the reading and writing are in hb-window-files.c). */
#include "config.h"

#include <glib/gi18n.h>

#include "hb-window-private.h"
#include "hb-registry.h"

/* ---- Asking about unsaved changes --------------------------------------- */

typedef struct {
  HbThen         then;
  gpointer       data;
  GDestroyNotify destroy;
  /* The window whose question this is, while it is asked (a weak
   * pointer): once it is answered and done with (run, cancelled, or
   * after the Save As it led to), the next one waiting is asked. */
  HbWindow      *asked_by;
} Pending;

static void ask_next (HbWindow *self);

static Pending *
pending_new (HbThen then, gpointer data, GDestroyNotify destroy)
{
  Pending *p = g_new0 (Pending, 1);
  p->then = then;
  p->data = data;
  p->destroy = destroy;
  return p;
}

static void
pending_free (Pending *p)
{
  HbWindow *asked_by;

  if (p == NULL)
    return;
  asked_by = p->asked_by;
  if (asked_by != NULL)
    g_object_remove_weak_pointer (G_OBJECT (asked_by), (gpointer *) &p->asked_by);
  if (p->destroy != NULL && p->data != NULL)
    p->destroy (p->data);
  g_free (p);
  if (asked_by != NULL)
    {
      asked_by->discard_asking = FALSE;
      ask_next (asked_by);
    }
}

static void
pending_run (HbWindow *self, Pending *p)
{
  if (p == NULL)
    return;
  p->then (self, p->data);
  pending_free (p);
}

static void ask_another_name (HbWindow *self, GFile *file, GError *error, Pending *p);

/* A save (on its worker) ended: what waited on it runs, or, when it
 * failed, another name is asked for, `p` waiting on that. */
static void
saved_then (HbWindow *self, GFile *file, const GError *error, gpointer data)
{
  Pending *p = data;

  if (self->disposed)
    pending_free (p);
  else if (error == NULL)
    pending_run (self, p);
  else if (self->save_level_gone)
    {
      /* Said alone: Choose Another Name saved the level opened since
       * under the failed one's name. */
      g_autofree char *base = hb_file_dup_display_name (file);
      g_autofree char *text = g_strdup_printf (_("Could not save “%s”: %s"), base, error->message);

      hb_window_show_error (self, _("Could Not Save the Level"), text);
      pending_free (p);
    }
  else
    ask_another_name (self, file, g_error_copy (error), p);
}

/* Saves the level over its own file, then runs `p` (taken). A save that
 * fails asks for another name, as Save As does, `p` waiting on it: a
 * file the level may not be saved over (made read-only since it was
 * opened, a pipe, one holding more levels), and any other failure (its
 * folder gone or read-only, the disk full): Save and the Save Changes?
 * question's Save said so with only Close, the level then saved nowhere
 * else but by starting again. */
static void
save_current_now (HbWindow *self, Pending *p)
{
  GFile *file = hb_document_get_file (self->document);

  if (file == NULL)
    pending_free (p);
  else
    hb_window_save_to_file (self, file, saved_then, p);
}

static void
on_disk_changed_response (AdwMessageDialog *dialog, const char *response, gpointer data)
{
  HbWindow *self = HB_WINDOW (gtk_window_get_transient_for (GTK_WINDOW (dialog)));
  Pending *p = g_object_steal_data (G_OBJECT (dialog), "hb-pending");

  if (self->disposed)
    pending_free (p);
  else if (g_strcmp0 (response, "save") == 0)
    save_current_now (self, p);
  else if (g_strcmp0 (response, "save-as") == 0)
    hb_window_save_as (self, p);
  else
    pending_free (p);
}

static void save_current (HbWindow *self, Pending *p);

static void
save_current_then (HbWindow *self, gpointer data)
{
  save_current (self, data);
}

/* As save_current_now, but a file another program (or another window)
 * wrote since this window read or saved it is asked about first: Save
 * wrote over it without a word, and that program's work was lost. */
static void
save_current (HbWindow *self, Pending *p)
{
  GFile *file = hb_document_get_file (self->document);
  g_autofree char *name = NULL;
  GtkWidget *dialog;

  if (file != NULL
      && hb_window_wait_for_other_save (self, file, save_current_then, p,
                                        (GDestroyNotify) pending_free))
    return;
  if (file == NULL || !hb_window_disk_changed (self, file))
    {
      save_current_now (self, p);
      return;
    }
  name = hb_document_dup_display_name (self->document);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("File Changed on Disk"), NULL);
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  _("“%s” was changed by another program since it was opened or "
                                    "saved here. Saving replaces those changes with this level."),
                                  name);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "save-as", _("Save _As…"), "save", _("_Save Anyway"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  hb_message_dialog_focus_default (ADW_MESSAGE_DIALOG (dialog));
  g_object_set_data_full (G_OBJECT (dialog), "hb-pending", p, (GDestroyNotify) pending_free);
  g_signal_connect (dialog, "response", G_CALLBACK (on_disk_changed_response), NULL);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The Save Changes? question's Save, once a save under way (Ctrl+S
 * before the question) has ended: the file is then looked at as that
 * save left it, and a level it left with nothing unsaved goes on. */
static void
save_answer (HbWindow *self, gpointer data)
{
  Pending *p = data;

  if (hb_window_wait_for_save (self, save_answer, p, (GDestroyNotify) pending_free))
    return;
  if (!hb_document_get_modified (self->document))
    pending_run (self, p);
  else if (hb_document_get_file (self->document) == NULL)
    hb_window_save_as (self, p);
  else
    save_current (self, p);
}

static void
on_discard_response (AdwMessageDialog *dialog, const char *response, gpointer data)
{
  HbWindow *self = HB_WINDOW (gtk_window_get_transient_for (GTK_WINDOW (dialog)));
  Pending *p = data;

  if (g_strcmp0 (response, "discard") == 0)
    pending_run (self, p);
  else if (g_strcmp0 (response, "save") == 0)
    save_answer (self, p);
  else
    pending_free (p);
}

/* Runs `p` now if the level has no unsaved changes, else asks first. */
static void
ask_or_run (HbWindow *self, Pending *p)
{
  GtkWidget *dialog;
  char *name;

  if (!self->ask_to_save || !hb_document_get_modified (self->document))
    {
      pending_run (self, p);
      return;
    }
  self->discard_asking = TRUE;
  p->asked_by = self;
  g_object_add_weak_pointer (G_OBJECT (self), (gpointer *) &p->asked_by);
  name = hb_document_dup_display_name (self->document);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Save Changes?"), NULL);
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  _("“%s” has unsaved changes. Changes which are not saved will be permanently lost."),
                                  name);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (on_discard_response), p);
  gtk_window_present (GTK_WINDOW (dialog));
  g_free (name);
}

/* The next one waiting for the question, asked about the level as it is
 * now (the answer before may have replaced it with one that has nothing
 * unsaved: then it runs at once); none once the window is closing. */
static void
ask_next (HbWindow *self)
{
  while (!self->disposed && !self->close_confirmed && !self->discard_asking
         && !g_queue_is_empty (&self->discard_waiting))
    ask_or_run (self, g_queue_pop_head (&self->discard_waiting));
}

/* Runs `then` now if the level has no unsaved changes, else after the user
 * chose Discard or saved successfully; never if they cancelled. One
 * question at a time: a file read while one is up (an open started
 * before Random was pressed) asked a second over it, and each answer then
 * went to a level the user had not seen, a Discard meant for one throwing
 * the other away. What comes while one is asked waits for its answer, and
 * is then asked about the level as it is by then. */
void
hb_window_maybe_discard (HbWindow *self, HbThen then, gpointer data, GDestroyNotify destroy)
{
  Pending *p = pending_new (then, data, destroy);

  if (self->discard_asking || !g_queue_is_empty (&self->discard_waiting))
    {
      g_queue_push_tail (&self->discard_waiting, p);
      return;
    }
  ask_or_run (self, p);
}

void
hb_window_discard_dispose (HbWindow *self)
{
  Pending *p;

  while ((p = g_queue_pop_head (&self->discard_waiting)) != NULL)
    pending_free (p);
}

static GtkFileFilter *
filter_for_game (const HbGame *game)
{
  GtkFileFilter *filter = gtk_file_filter_new ();
  char *pattern = g_strdup_printf ("*%s", game->extension);
  char *patterns = game->reads_json ? g_strdup_printf ("%s, *.json", pattern) : g_strdup (pattern);
  /* TRANSLATORS: a file type in the file chooser: "Enlight levels (*.lights)" */
  char *name = g_strdup_printf (_("%s levels (%s)"), _(game->name), patterns);

  gtk_file_filter_set_name (filter, name);
  gtk_file_filter_add_pattern (filter, pattern);
  if (game->reads_json)
    gtk_file_filter_add_pattern (filter, "*.json");
  g_free (patterns);
  g_free (pattern);
  g_free (name);
  return filter;
}

static GtkFileFilter *
filter_all (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("All files"));
  gtk_file_filter_add_pattern (filter, "*");
  return filter;
}

/* File dialogs are modal and remember their window in "hb-window"; a
 * window that closes while one is up destroys it and clears that link, so
 * a late response finds no window instead of a freed one. */
void
hb_window_show_file_dialog (HbWindow *self, GtkFileChooserNative *dialog, GCallback on_response)
{
  GtkFileChooser *chooser = GTK_FILE_CHOOSER (dialog);

  /* A save with no folder of its own starts where the level is, else in
   * the user's documents (an untitled level's Save As opened in the app's
   * working directory, the source tree when run from there: review). */
  if (gtk_file_chooser_get_action (chooser) == GTK_FILE_CHOOSER_ACTION_SAVE)
    {
      GFile *current = gtk_file_chooser_get_current_folder (chooser);

      if (current == NULL)
        {
          GFile *file = hb_document_get_file (self->document);
          GFile *picture = g_object_get_data (G_OBJECT (self), "hb-picture-folder");
          const char *docs = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);

          /* Save As asked again after a refused name: that name's. */
          current = g_object_get_data (G_OBJECT (dialog), "hb-folder");
          current = current != NULL ? g_object_ref (current)
                    : file != NULL ? g_file_get_parent (file) : NULL;
          /* A level read from a picture: the picture's folder
           * (hb-window-files.c). */
          if (current == NULL && picture != NULL
              && g_strcmp0 (hb_document_get_untitled_name (self->document),
                            g_object_get_data (G_OBJECT (self), "hb-picture-name")) == 0)
            current = g_object_ref (picture);
          if (current == NULL)
            current = g_file_new_for_path (docs != NULL && g_file_test (docs, G_FILE_TEST_IS_DIR)
                                           ? docs : g_get_home_dir ());
          gtk_file_chooser_set_current_folder (chooser, current, NULL);
        }
      g_object_unref (current);
    }
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_object_set_data (G_OBJECT (dialog), "hb-window", self);
  self->file_dialog = GTK_NATIVE_DIALOG (dialog);
  g_signal_connect (dialog, "response", on_response, NULL);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* The window a dialog belongs to, or NULL when it has closed. */
HbWindow *
hb_window_file_dialog_window (GtkNativeDialog *dialog)
{
  HbWindow *self = g_object_get_data (G_OBJECT (dialog), "hb-window");

  if (self != NULL && self->file_dialog == dialog)
    self->file_dialog = NULL;
  return self;
}

static void
on_open_response (GtkNativeDialog *dialog, int response, gpointer data)
{
  HbWindow *self = hb_window_file_dialog_window (dialog);

  if (self != NULL && response == GTK_RESPONSE_ACCEPT)
    {
      GFile *file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      if (file != NULL)
        {
          hb_window_load_file_async (self, file, NULL, NULL);
          g_object_unref (file);
        }
    }
  g_object_unref (dialog);
}

/* The pictures Open reads into a level (the game guessed from the
 * picture). */
static void
add_picture_types (GtkFileFilter *f)
{
  static const char *const types[] = { "image/png", "image/jpeg", "image/webp" };
  static const char *const suffixes[] = { "png", "jpg", "jpeg", "webp" };

  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    gtk_file_filter_add_mime_type (f, types[i]);
  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    gtk_file_filter_add_suffix (f, suffixes[i]);
}

static void
add_level_patterns (GtkFileFilter *f)
{
  const HbGame *const *games = hb_registry_games ();

  for (int i = 0; games[i] != NULL; i++)
    {
      g_autofree char *pattern = g_strdup_printf ("*%s", games[i]->extension);
      gtk_file_filter_add_pattern (f, pattern);
      if (games[i]->reads_json)
        gtk_file_filter_add_pattern (f, "*.json");
    }
}

static void
add_filter (GtkFileChooserNative *dialog, GtkFileFilter *f)
{
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), f);
  g_object_unref (f);
}

static void
open_dialog_then (HbWindow *self, gpointer data)
{
  GtkFileChooserNative *dialog;
  const HbGame *const *games = hb_registry_games ();
  GtkFileFilter *f;

  /* Open is also the way in for a screenshot: its title says so ("Open
   * Level" left a newcomer to guess where import was: review). */
  dialog = gtk_file_chooser_native_new (_("Open Level or Screenshot"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN,
                                        _("_Open"), _("_Cancel"));
  /* The first filter is the one the dialog starts with: everything Open
   * reads, screenshots too, so that a picture needs no change of filter. */
  f = gtk_file_filter_new ();
  gtk_file_filter_set_name (f, _("Levels and screenshots"));
  add_level_patterns (f);
  add_picture_types (f);
  add_filter (dialog, f);
  f = gtk_file_filter_new ();
  gtk_file_filter_set_name (f, _("All levels"));
  add_level_patterns (f);
  add_filter (dialog, f);
  f = gtk_file_filter_new ();
  gtk_file_filter_set_name (f, _("Screenshots (PNG, JPEG, WebP)"));
  add_picture_types (f);
  add_filter (dialog, f);
  for (int i = 0; games[i] != NULL; i++)
    add_filter (dialog, filter_for_game (games[i]));
  add_filter (dialog, filter_all ());
  hb_window_show_file_dialog (self, dialog, G_CALLBACK (on_open_response));
}

/* The name Save As offers: the level's file name with the game's ending
 * (a level read from "x.txt" was offered "x.txt", under a filter that hid
 * it: helper-154), or "Untitled" and the ending. */
char *
hb_window_dup_save_as_name (HbWindow *self)
{
  const HbGame *game = hb_document_get_game (self->document);
  GFile *file = hb_document_get_file (self->document);
  /* The chooser takes UTF-8: a name of other bytes is offered as shown. */
  g_autofree char *base = file != NULL ? hb_document_dup_display_name (self->document) : NULL;

  if (base == NULL)
    return g_strconcat (hb_document_get_untitled_name (self->document)
                        ? hb_document_get_untitled_name (self->document) : _("Untitled"),
                        game->extension, NULL);
  return hb_registry_filename_for_game (base, game);
}

static void save_as_in (HbWindow *self, gpointer pending, const char *name, GFile *folder);

/* A save that failed (a name the level may not be saved under: another
 * game's ending, a pipe, a read-only file; or a write that failed):
 * said, and Save As asked again, in the same folder, with the name to
 * use, whatever waited on the save still waiting (it said so and no
 * more, though the README promised another name: helper-153). */
static void
on_refused_response (AdwMessageDialog *dialog, const char *response, gpointer data)
{
  HbWindow *self = HB_WINDOW (gtk_window_get_transient_for (GTK_WINDOW (dialog)));
  Pending *p = g_object_steal_data (G_OBJECT (dialog), "hb-pending");
  GFile *folder = g_object_get_data (G_OBJECT (dialog), "hb-folder");

  if (g_strcmp0 (response, "rename") == 0 && !self->disposed)
    save_as_in (self, p, g_object_get_data (G_OBJECT (dialog), "hb-name"), folder);
  else
    pending_free (p);
}

/* Where Save As starts after a failed save to `file`: its folder, or
 * the nearest one above that is a folder (the folder gone, or a file in
 * its place). */
static GFile *
nearest_folder (GFile *file)
{
  GFile *folder = g_file_get_parent (file);

  while (folder != NULL
         && g_file_query_file_type (folder, G_FILE_QUERY_INFO_NONE, NULL) != G_FILE_TYPE_DIRECTORY)
    {
      GFile *up = g_file_get_parent (folder);

      g_object_unref (folder);
      folder = up;
    }
  return folder;
}

static void
ask_another_name (HbWindow *self, GFile *file, GError *error, Pending *p)
{
  g_autofree char *base = hb_file_dup_display_name (file);
  g_autofree char *said = g_strdup_printf (_("Could not save “%s”: %s"), base, error->message);
  g_autofree char *text = g_utf8_make_valid (said, -1);
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Could Not Save the Level"), text);

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "rename", _("Choose _Another Name"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "rename",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "rename");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  /* Another game's ending: the game's own offered instead. */
  g_object_set_data_full (G_OBJECT (dialog), "hb-name",
                          g_error_matches (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME)
                          ? hb_registry_filename_for_game (base, hb_document_get_game (self->document))
                          : g_strdup (base), g_free);
  g_object_set_data_full (G_OBJECT (dialog), "hb-folder", nearest_folder (file),
                          (GDestroyNotify) g_object_unref);
  g_object_set_data_full (G_OBJECT (dialog), "hb-pending", p, (GDestroyNotify) pending_free);
  g_signal_connect (dialog, "response", G_CALLBACK (on_refused_response), NULL);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  gtk_window_present (GTK_WINDOW (dialog));
  g_free (self->last_toast);
  self->last_toast = g_strdup (text);
  g_error_free (error);
}

/* Save As's answer: the level saved as `file` (an ending added when it
 * has none), then what waited on it. */
void
hb_window_save_as_to (HbWindow *self, GFile *file, gpointer pending)
{
  /* A name without an extension gets the game's, so that the file
   * opens as this game again. */
  file = hb_window_file_with_extension (g_object_ref (file),
                                        hb_document_get_game (self->document)->extension);
  hb_window_save_to_file (self, file, saved_then, pending);
  g_object_unref (file);
}

static void
on_save_as_response (GtkNativeDialog *dialog, int response, gpointer data)
{
  HbWindow *self = hb_window_file_dialog_window (dialog);
  Pending *p = g_object_steal_data (G_OBJECT (dialog), "hb-pending");
  GFile *file = NULL;

  if (self != NULL && response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  if (file != NULL)
    {
      hb_window_save_as_to (self, file, p);
      g_object_unref (file);
    }
  else
    pending_free (p);
  g_object_unref (dialog);
}

/* Save As named `name`, in `folder` (NULL: hb_window_show_file_dialog's
 * choice). */
static void
save_as_in (HbWindow *self, gpointer pending, const char *name, GFile *folder)
{
  GtkFileChooserNative *dialog;
  GtkFileFilter *filter;

  dialog = gtk_file_chooser_native_new (_("Save Level"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE,
                                        _("_Save"), _("_Cancel"));
  filter = filter_for_game (hb_document_get_game (self->document));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  g_object_unref (filter);
  filter = filter_all ();
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  g_object_unref (filter);
  /* Its name here, its folder in hb_window_show_file_dialog: GTK 4.8's
   * save dialog given the file (gtk_file_chooser_set_file), or its
   * folder before its name, showed the folder above, no name or both,
   * and "The folder contents could not be displayed" (review). */
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  /* (Set here, the folder showed its parent and "Operation was
   * cancelled".) */
  if (folder != NULL)
    g_object_set_data_full (G_OBJECT (dialog), "hb-folder", g_object_ref (folder),
                            g_object_unref);
  /* Freed with the dialog when no answer comes (its window closed while
   * it was up: hb_window_files_dispose); an answer takes it. */
  if (pending != NULL)
    g_object_set_data_full (G_OBJECT (dialog), "hb-pending", pending,
                            (GDestroyNotify) pending_free);
  hb_window_show_file_dialog (self, dialog, G_CALLBACK (on_save_as_response));
}

void
hb_window_save_as (HbWindow *self, gpointer pending)
{
  g_autofree char *name = hb_window_dup_save_as_name (self);

  save_as_in (self, pending, name, NULL);
}

/* ---- The window's way in ------------------------------------------------- */

static void
save_again (HbWindow *self, gpointer data)
{
  /* Not when another level came in meanwhile (the first discarded): the
   * Save was for the level that save wrote, and Save As's dialog came up
   * for a new blank level out of nowhere. */
  if (GPOINTER_TO_UINT (data) == self->levels_entered)
    hb_window_save (self);
}

void
hb_window_save (HbWindow *self)
{
  GFile *file = hb_document_get_file (self->document);

  /* Pressed again while a save runs: once it has ended, saving what
   * changed since, else saying that nothing did. */
  if (hb_window_wait_for_save (self, save_again, GUINT_TO_POINTER (self->levels_entered),
                               NULL))
    return;
  if (file == NULL)
    hb_window_save_as (self, NULL);
  /* Nothing changed since the file was read or saved: Save writes
   * nothing (it rewrote the same bytes, into a bundled level too), and
   * says so, since Ctrl+S pressed should answer. A file gone since is
   * written again. */
  else if (!hb_document_get_modified (self->document) && g_file_query_exists (file, NULL)
           && !hb_window_disk_changed (self, file))
    hb_window_show_toast (self, hb_window_moves_show (self)
                          ? _("Nothing to save: the file holds the level as drawn, and the moves played are not saved")
                          : _("Nothing to save: the file holds the level as it is"));
  else
    save_current (self, NULL);
}

void
hb_window_choose_and_open (HbWindow *self)
{
  /* The unsaved changes are asked about once the chosen file has been
   * read (hb-window-files.c, load_done), not before the chooser. */
  open_dialog_then (self, NULL);
}

/* Details folded under a dialog's body, selectable, for who wants them
 * (the error dialogs, the doubtful picture's question). */
void
hb_message_dialog_add_details (AdwMessageDialog *dialog, const char *details)
{
  GtkWidget *expander = gtk_expander_new_with_mnemonic (_("_Details"));
  GtkWidget *label = gtk_label_new (details);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_set_margin_top (label, 6);
  /* Folded, the selectable label is no Tab stop: GTK 4.8 kept it in the
   * focus chain unseen, and Tab stayed on Details (a keyboard-only look). */
  g_object_bind_property (expander, "expanded", label, "visible", G_BINDING_SYNC_CREATE);
  gtk_expander_set_child (GTK_EXPANDER (expander), label);
  adw_message_dialog_set_extra_child (dialog, expander);
}

/* A failure the user should read in full (a file that did not open or
 * save): a dialog over the window, whose body wraps, where a toast would
 * cut a long message short and go after a few seconds; `details` (or
 * NULL), for who wants them, folded under Details. Recorded as the last
 * toast too (hb_window_get_last_toast), which the tests read. */
void
hb_window_show_error_details (HbWindow *self, const char *heading, const char *text,
                              const char *details)
{
  /* A path in the message may hold a name's bytes that are not UTF-8. */
  g_autofree char *valid = g_utf8_make_valid (text, -1);
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, valid);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "close");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "close");
  if (details != NULL && details[0] != '\0')
    hb_message_dialog_add_details (ADW_MESSAGE_DIALOG (dialog), details);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  gtk_window_present (GTK_WINDOW (dialog));
  g_free (self->last_toast);
  self->last_toast = g_strdup (valid);
}

void
hb_window_show_error (HbWindow *self, const char *heading, const char *text)
{
  hb_window_show_error_details (self, heading, text, NULL);
}
