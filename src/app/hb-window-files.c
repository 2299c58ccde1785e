/* hb-window-files.c: the window's files: opening (read and parsed on a
 * worker thread; level files, screenshots, pasted pictures and text) and
 * dropping a file on the window. Whatever happens, the open level changes
 * only when a level was read; a new way in (an image to import, say) is
 * one more response or load path that ends in hb_window_set_level().
 * (Writing a level: hb-window-save.c; the file dialogs and the
 * unsaved-changes question: hb-window-dialogs.c; reading a picture:
 * hb-window-import.c; the clipboard: hb-window-clipboard.c; exporting the
 * animation: hb-window-export.c; Open Recent: hb-window-recent.c.) */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "hb-window-private.h"
#include "hb-anim.h"
#include "hb-registry.h"
#include "hb-import.h"

/* ---- Files ------------------------------------------------------------- */

/* Reading and parsing run on a worker thread, so a large file never
 * freezes the window; a newer open or Escape cancels an older one, and
 * whatever happens the open level changes only when a level was read. */

static void
load_job_free (gpointer data)
{
  HbLoadJob *job = data;

  g_clear_object (&job->file);
  g_clear_pointer (&job->surface, cairo_surface_destroy);
  g_clear_pointer (&job->bytes, g_bytes_unref);
  g_free (job->text);
  g_free (job->name);
  g_free (job);
}

void
hb_window_load_result_free (gpointer data)
{
  HbLoadResult *r = data;

  if (r == NULL)
    return;
  if (r->state != NULL)
    hb_state_free (r->state);
  if (r->image != NULL)
    hb_image_free (r->image);
  if (r->report != NULL)
    hb_import_report_free (r->report);
  if (r->picture != NULL)
    cairo_surface_destroy (r->picture);
  g_strfreev (r->comments);
  g_free (r->doubt);
  g_free (r->disk_stamp);
  g_free (r);
}

/* The level in text, its game told by the file's name or its format; when
 * neither tells, the window's game, as the command line's --game (a file
 * "level.txt" of 0s and 1s four wide, open in Infinite Loop), unless other
 * games claim the format (four wide, Enlight's and Infinite Loop's, is no
 * Flow Free level in Flow Free). What is not read is said in the window's
 * words, which have no --game: the game on show's own error, read as its. */
static HbState *
parse_level (const HbLoadJob *job, const char *text, gsize len, GError **error)
{
  GError *local = NULL;
  /* (Flow Free's rows of 0, 1 and *, Enlight's too, are the game on show's.) */
  HbState *state = hb_registry_parse (hb_registry_yields (job->game, job->name, text, len)
                                      ? job->game : NULL, job->name, text, len, &local);

  if (state != NULL || !g_error_matches (local, HB_PARSE_ERROR, HB_PARSE_ERROR_WHICH_GAME)
      || job->game == NULL)
    {
      if (local != NULL)
        g_propagate_error (error, local);
      return state;
    }
  g_clear_error (&local);
  if (!hb_registry_may_read_as (job->game, text, len))
    {
      g_autofree char *extensions = hb_registry_extensions ();
      g_autofree char *safe_name = hb_escape_for_message (job->name);
      guint at, column;

      hb_text_first_mark (text, len, &at, &column);
      if (hb_load_job_is_text (job))
        /* TRANSLATORS: %s "Pasted level"; then the game's name */
        g_set_error (error, HB_PARSE_ERROR, HB_PARSE_ERROR_WHICH_GAME,
                     _("%s:%u:%u: cannot tell which game this is, and it is no %s level; "
                       "choose its game, then paste it again"), safe_name, at, column,
                     _(job->game->name));
      else
        /* TRANSLATORS: %s the file's name, then the extensions (".lights, .loop, …") */
        g_set_error (error, HB_PARSE_ERROR, HB_PARSE_ERROR_WHICH_GAME,
                     _("%s:%u:%u: cannot tell which game this is; give the file a game's "
                       "extension (%s)"), safe_name, at, column, extensions);
      return NULL;
    }
  state = hb_registry_parse (job->game, job->name, text, len, &local);
  if (state == NULL)
    {
      /* TRANSLATORS: %s the reader's error ("words.txt:1:1: unknown
       * character 'h'"), then the game's name */
      g_set_error (error, local->domain, local->code,
                   hb_load_job_is_text (job)
                   /* TRANSLATORS: as the one below, for pasted text */
                   ? _("%s (read as the game on show, %s: the text's format does not say "
                       "which game it is)")
                   : _("%s (read as the game on show, %s: the file's name and format do not "
                       "say which game it is)"), local->message, _(job->game->name));
      g_error_free (local);
    }
  return state;
}

static void
load_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  HbLoadJob *job = data;
  GError *error = NULL;
  char *path = NULL, *text = NULL, *stamp = NULL;
  gsize len = 0;
  gboolean ok;
  HbState *state = NULL;
  HbLoadResult *result = NULL;

  if (job->surface != NULL || job->bytes != NULL)
    {
      /* A pasted picture: read here, off the main thread (hb-window-clipboard.c). */
      result = hb_window_read_pasted_picture (job, cancellable, &error);
      if (result != NULL && !g_cancellable_is_cancelled (cancellable))
        g_task_return_pointer (task, result, hb_window_load_result_free);
      else if (error != NULL && !g_cancellable_is_cancelled (cancellable))
        g_task_return_error (task, error);
      else
        {
          g_clear_pointer (&result, hb_window_load_result_free);
          g_clear_error (&error);
          g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s", _("Opening was cancelled"));
        }
      return;
    }
  path = job->file != NULL ? g_file_get_path (job->file) : NULL;
  if (job->file != NULL && hb_window_is_picture_name (job->name))
    {
      /* A picture: checked for size before it is read whole; one it cannot
       * ask about left to the read, which says why as a level's open does. */
      g_autoptr (GFileInfo) info = g_file_query_info (job->file, G_FILE_ATTRIBUTE_STANDARD_SIZE,
                                                      G_FILE_QUERY_INFO_NONE, cancellable, NULL);
      ok = TRUE;
      if (info != NULL && (guint64) g_file_info_get_size (info) > HB_IMAGE_MAX_BYTES)
        {
          g_set_error (&error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                       _("%s: the file is larger than %u MiB"), job->name, HB_IMAGE_MAX_BYTES >> 20);
          ok = FALSE;
        }
      if (ok)
        ok = path != NULL
               ? hb_read_input_cancellable (path, job->name, cancellable, &text, &len, &error)
               : hb_window_read_capped (job->file, job->name, HB_IMAGE_MAX_BYTES,
                                        cancellable, &text, &len, &error);
      if (ok && !g_cancellable_is_cancelled (cancellable))
        result = hb_window_import_picture (job->name, text, len, cancellable, &error);
      g_free (text);
      g_free (path);
      if (result != NULL && g_cancellable_is_cancelled (cancellable))
        g_clear_pointer (&result, hb_window_load_result_free);
      if (result != NULL)
        g_task_return_pointer (task, result, hb_window_load_result_free);
      else if (error != NULL && !g_cancellable_is_cancelled (cancellable))
        g_task_return_error (task, error);
      else
        {
          g_clear_error (&error);
          g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s", _("Opening was cancelled"));
        }
      return;
    }

  /* Pasted text is a level file with no name (nor extension) to tell
   * its game by, under the same cap (taken, not copied: it may be big). */
  if (job->text != NULL)
    {
      text = g_steal_pointer (&job->text);
      len = strlen (text);
      ok = TRUE;
    }
  else
    {
      /* The file just before it is read, which Save compares with: a
       * write during the read, or after it while the level waits to show,
       * is a change (at worst one that came between asks once too often). */
      stamp = job->file != NULL ? hb_window_disk_stamp (job->file) : NULL;
      ok = path != NULL
             ? hb_read_input_cancellable (path, job->name, cancellable, &text, &len, &error)
             : hb_window_read_capped (job->file, job->name, HB_MAX_FILE_BYTES, cancellable,
                                      &text, &len, &error);
    }
  if (ok && len > HB_MAX_FILE_BYTES)
    {
      g_set_error (&error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                   hb_load_job_is_text (job) ? _("%s: the text is larger than %u MiB")
                                     : _("%s: the file is larger than %u MiB"),
                   job->name, HB_MAX_FILE_BYTES >> 20);
      ok = FALSE;
    }
  /* The game comes from the extension, else from a format only one game
   * reads; errors read "NAME:LINE:COL: message". */
  /* A picture under another name is still read as one. */
  if (ok && !g_cancellable_is_cancelled (cancellable)
      && (hb_image_type_of (text, len) != NULL || hb_image_cut_in_signature (text, len)))
    result = hb_window_import_picture (job->name, text, len, cancellable, &error);
  else if (ok && !g_cancellable_is_cancelled (cancellable))
    state = parse_level (job, text, len, &error);
  if (state != NULL)
    {
      result = g_new0 (HbLoadResult, 1);
      result->state = state;
      /* A file's notes, not a hostile file's millions of lines: those
       * past the cap, and JSON's comments (json-glib skips them), are
       * said to be left out when the level is saved (they went without
       * a word). */
      result->comments = hb_text_comment_lines (text, len, HB_DOCUMENT_MAX_COMMENTS + 1);
      if (g_strv_length (result->comments) > HB_DOCUMENT_MAX_COMMENTS)
        {
          g_clear_pointer (&result->comments[HB_DOCUMENT_MAX_COMMENTS], g_free);
          result->unkept |= HB_COMMENTS_UNKEPT_PAST_CAP;
        }
      if (hb_text_json_comments (state, text, len))
        result->unkept |= HB_COMMENTS_UNKEPT_JSON;
      result->more_levels = state->game->more_levels != NULL
                            ? state->game->more_levels (text, len) : 0;
      result->format = hb_text_format (state, text, len);
      result->disk_stamp = g_steal_pointer (&stamp);
    }
  g_free (stamp);
  g_free (text);
  g_free (path);
  if (result != NULL && g_cancellable_is_cancelled (cancellable))
    g_clear_pointer (&result, hb_window_load_result_free);
  if (result != NULL)
    g_task_return_pointer (task, result, hb_window_load_result_free);
  else if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s", _("Opening was cancelled"));
}

static gboolean
curl_one (const GMatchInfo *match, GString *out, gpointer data)
{
  g_autofree char *single = g_match_info_fetch (match, 1);
  g_autofree char *twice = g_match_info_fetch (match, 2);

  if (single != NULL && single[0] != '\0')
    g_string_append_printf (out, "\u2018%s\u2019", single);
  else
    g_string_append_printf (out, "\u201c%s\u201d", twice);
  return FALSE;
}

/* The readers' messages quote as the command line does, 'x' and "name";
 * the window says them with typographic quotes, ‘x’ and “name”. A quoted
 * character in single quotes (1-8 bytes: a UTF-8 character or an escape
 * such as '\t') is taken first, so that '"' stays one. */
static char *
curly_quotes (const char *text)
{
  g_autoptr (GRegex) regex = g_regex_new ("'([^'\\s]{1,8})'|\"([^\"\n]{1,64})\"", 0, 0, NULL);

  return regex != NULL ? g_regex_replace_eval (regex, text, -1, 0, 0, curl_one, NULL, NULL)
                       : NULL;
}

/* "bad.lights:2:3: unknown character" (the form the CLI and editors
 * read) as a sentence: "bad.lights, line 2, column 3: unknown character". */
static char *
error_sentence (const char *message)
{
  g_autoptr (GRegex) regex = g_regex_new ("^([^:\n]+):([0-9]+)(?::([0-9]+))?: (.*)$",
                                          G_REGEX_DOTALL, 0, NULL);
  g_autoptr (GMatchInfo) match = NULL;
  char *text;

  if (regex == NULL || !g_regex_match (regex, message, 0, &match))
    return g_strdup (message);
  {
    g_autofree char *file = g_match_info_fetch (match, 1);
    g_autofree char *line = g_match_info_fetch (match, 2);
    g_autofree char *column = g_match_info_fetch (match, 3);
    g_autofree char *raw = g_match_info_fetch (match, 4);
    g_autofree char *curled = curly_quotes (raw);
    const char *rest = curled != NULL ? curled : raw;

    if (column != NULL && column[0] != '\0')
      /* TRANSLATORS: a file error: "bad.lights, line 2, column 3: unknown character" */
      text = g_strdup_printf (_("%s, line %s, column %s: %s"), file, line, column, rest);
    else
      /* TRANSLATORS: a file error: "ragged.lights, line 2: the rows differ in length" */
      text = g_strdup_printf (_("%s, line %s: %s"), file, line, rest);
  }
  return text;
}

/* A level read, waiting on the open one's unsaved changes (maybe_discard). */
typedef struct {
  HbLoadResult *result;
  GTask        *outer;     /* NULL once answered */
  GFile        *file;      /* NULL for a paste */
  char         *name;
  guint         entered;   /* the window's levels_entered when it asked */
} LoadApply;

static void
load_apply_free (gpointer data)
{
  LoadApply *a = data;

  if (a->outer != NULL)
    {
      /* Cancel in the Save Changes? question: the open level stays. */
      g_task_return_new_error (a->outer, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s",
                               _("Opening was cancelled"));
      g_object_unref (a->outer);
    }
  g_clear_pointer (&a->result, hb_window_load_result_free);
  g_clear_object (&a->file);
  g_free (a->name);
  g_free (a);
}

/* Puts what was read in the window. */
static void
apply_loaded (HbWindow *self, gpointer data)
{
  LoadApply *a = data;

  /* Another level came in while this waited for the question asked
   * before it (New or Random, answered Discard): that level stays. It
   * was opened over, unasked, having nothing unsaved, though the user
   * went on to it after asking for this file. */
  if (a->entered != self->levels_entered)
    return;
  /* Another game's level: the one open is kept for its game, as the game
   * chooser keeps it, and a switch back brings it back (it was dropped,
   * and the switch back showed that game's first bundled level). */
  if (a->result->state->game != hb_document_get_game (self->document))
    hb_window_keep_level (self);
  if (a->result->report != NULL)
    {
      /* A picture: the level is new (saving must not write over the
       * picture), named after it (in UTF-8, as a level file's name is
       * shown: the title and Save As take nothing else), and opens for
       * correcting. */
      g_autofree char *untitled = a->file != NULL ? g_filename_display_name (a->name)
                                                  : g_strdup (a->name);
      char *dot = strrchr (untitled, '.');

      if (dot != NULL && dot != untitled)
        *dot = '\0';
      /* Save As starts in the picture's folder while the level is the
       * one read from it (it started in Documents: review). */
      g_object_set_data_full (G_OBJECT (self), "hb-picture-folder",
                              a->file != NULL ? g_file_get_parent (a->file) : NULL, g_object_unref);
      g_object_set_data_full (G_OBJECT (self), "hb-picture-name", g_strdup (untitled), g_free);
      hb_window_set_level (self, g_steal_pointer (&a->result->state), NULL, untitled);
      /* Unsaved work: closing asks first (a pasted picture is gone once
       * the clipboard changes). */
      hb_document_mark_unsaved (self->document);
      hb_window_set_mode (self, HB_MODE_EDIT);
      {
        const HbImportReport *rep = a->result->report;
        const HbState *now = hb_window_current (self);
        gboolean fits = rep->unsure != NULL && rep->width == now->width
                        && rep->height == now->height;

        hb_board_view_set_import (self->board_view, fits ? a->result->picture : NULL,
                                  rep->x0, rep->y0, rep->cell_w, rep->cell_h,
                                  fits ? rep->unsure : NULL);
      }
      hb_window_picture_row_set_report (self, a->result->report);
      hb_window_show_toast (self, a->result->report->summary != NULL
                                  ? a->result->report->summary : _("A board was read from the picture"));
    }
  else
    {
      /* Pasted text is a new level with no file, named "Pasted level". */
      hb_window_set_level (self, g_steal_pointer (&a->result->state), a->file,
                           a->file == NULL ? a->name : NULL);
      hb_window_note_disk_stamp (self, a->file, a->result->disk_stamp);
      hb_document_take_comments (self->document, g_steal_pointer (&a->result->comments),
                                 a->result->unkept);
      hb_document_set_more_levels (self->document, a->result->more_levels);
      hb_document_set_format (self->document, a->result->format);
      hb_window_levels_recognise (self);
      if (a->file != NULL)
        hb_window_add_recent (self, a->file);
      else
        /* Unsaved work: closing asks first (the clipboard changes). */
        hb_document_mark_unsaved (self->document);
    }
  /* The keys go to the level just opened, not back to the field they
   * were in (a reviewer's opened level left them in the Height field). */
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
  g_clear_pointer (&a->result, hb_window_load_result_free);
  g_task_return_boolean (a->outer, TRUE);
  g_clear_object (&a->outer);
}

/* The level read is taken: in once the open one's changes are answered for. */
static void
ask_discard_then_apply (HbWindow *self, gpointer data)
{
  ((LoadApply *) data)->entered = self->levels_entered;
  hb_window_maybe_discard (self, apply_loaded, data, load_apply_free);
}

static void
load_done (GObject *source, GAsyncResult *res, gpointer user_data)
{
  HbWindow *self = HB_WINDOW (source);
  GTask *outer = user_data;
  HbLoadJob *job = g_task_get_task_data (G_TASK (res));
  GCancellable *cancellable = g_task_get_cancellable (G_TASK (res));
  GError *error = NULL;
  HbLoadResult *result = g_task_propagate_pointer (G_TASK (res), &error);

  hb_window_end_load (self, cancellable);
  if (self->disposed || g_cancellable_is_cancelled (cancellable))
    {
      g_clear_pointer (&result, hb_window_load_result_free);
      g_clear_error (&error);
      g_task_return_new_error (outer, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s",
                               _("Opening was cancelled"));
      g_object_unref (outer);
      return;
    }
  if (result == NULL)
    {
      /* The file chooser put it among the recent files as it was chosen:
       * Open Recent offers only files that open. */
      if (job->file != NULL)
        {
          g_autofree char *uri = g_file_get_uri (job->file);
          gtk_recent_manager_remove_item (gtk_recent_manager_get_default (), uri, NULL);
        }
      if (g_error_matches (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_NO_BOARD)
          || g_error_matches (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_TILTED))
        hb_window_say_no_board (self, job->name, error);
      else
        {
          g_autofree char *sentence = error ? error_sentence (error->message)
                                            : g_strdup (_("The file could not be read"));
          hb_window_show_error (self, hb_load_job_is_text (job) ? _("Could Not Open the Pasted Level")
                                      : job->file == NULL ? _("Could Not Read the Pasted Picture")
                                      : _("Could Not Open the File"), sentence);
        }
      g_task_return_error (outer, error);
      g_object_unref (outer);
      return;
    }
  /* Read: only now is the level asked about, so that a file that does
   * not open, a picture with no board or a chooser cancelled never asks
   * to save the level it would not have replaced. */
  {
    LoadApply *a = g_new0 (LoadApply, 1);

    a->result = result;
    a->outer = outer;
    a->file = job->file != NULL ? g_object_ref (job->file) : NULL;
    a->name = g_strdup (job->name);
    if (result->doubt != NULL)
      hb_window_ask_doubtful (self, job->name, result, ask_discard_then_apply, a,
                              load_apply_free);
    else
      ask_discard_then_apply (self, a);
  }
}

GCancellable *
hb_window_begin_load (HbWindow *self, const char *name)
{
  g_autofree char *text = NULL, *shown = g_utf8_make_valid (name, -1);

  if (self->load_cancellable != NULL)
    g_cancellable_cancel (self->load_cancellable);
  g_clear_object (&self->load_cancellable);
  hb_window_drop_doubtful (self);   /* an earlier open's question too */
  self->load_cancellable = g_cancellable_new ();
  self->loads_begun++;
  /* Said only when it takes long enough to notice. */
  text = g_strdup_printf (_("Opening “%s”…"), shown);
  hb_job_toast_start (self, &self->load_toast, text, hb_window_cancel_load);
  hb_window_update_actions (self);
  return self->load_cancellable;
}

void
hb_window_end_load (HbWindow *self, GCancellable *cancellable)
{
  if (self->disposed || cancellable != self->load_cancellable)
    return;
  hb_job_toast_clear (&self->load_toast);
  g_clear_object (&self->load_cancellable);
  hb_window_update_actions (self);
}

void
hb_window_run_load (HbWindow *self, HbLoadJob *job, GAsyncReadyCallback callback,
                    gpointer user_data)
{
  GTask *outer, *task;

  g_return_if_fail (self->load_cancellable != NULL);
  outer = g_task_new (self, self->load_cancellable, callback, user_data);
  task = g_task_new (self, self->load_cancellable, load_done, outer);
  g_task_set_task_data (task, job, load_job_free);
  g_task_run_in_thread (task, load_thread);
  g_object_unref (task);
}

void
hb_window_start_load (HbWindow *self, HbLoadJob *job, GAsyncReadyCallback callback,
                      gpointer user_data)
{
  hb_window_begin_load (self, job->name);
  hb_window_run_load (self, job, callback, user_data);
}

void
hb_window_load_file_async (HbWindow *self, GFile *file, GAsyncReadyCallback callback,
                           gpointer user_data)
{
  HbLoadJob *job;

  g_return_if_fail (HB_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  job = g_new0 (HbLoadJob, 1);
  job->file = g_object_ref (file);
  job->name = g_file_get_basename (file);
  job->game = hb_window_get_game (self);
  hb_window_start_load (self, job, callback, user_data);
}

gboolean
hb_window_load_file_finish (HbWindow *self, GAsyncResult *result, GError **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
startup_loaded (GObject *source, GAsyncResult *result, gpointer data)
{
  HbWindow *self = HB_WINDOW (source);
  g_autoptr (GFile) file = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *name = g_file_get_basename (file);
  const HbGame *game;

  if (hb_window_load_file_finish (self, result, &error)
      || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  /* The file did not open (the error dialog says why): show the game its
   * name asks for, so that the player is where they meant to be. */
  game = hb_registry_game_for_filename (name);
  if (game != NULL && game != hb_window_get_game (self))
    hb_window_load_bundled_first (self, game);
}

void
hb_window_open_at_startup (HbWindow *self, GFile *file)
{
  g_return_if_fail (HB_IS_WINDOW (self));
  hb_window_load_file_async (self, file, startup_loaded, g_object_ref (file));
}

gboolean
hb_window_is_loading (HbWindow *self)
{
  return self->load_cancellable != NULL;
}

/* Reads `file` and then, if it opened, asks about the unsaved changes
 * before it replaces the level (see load_done). */
void
hb_window_open (HbWindow *self, GFile *file)
{
  g_return_if_fail (HB_IS_WINDOW (self));
  hb_window_load_file_async (self, file, NULL, NULL);
}

GFile *
hb_window_file_with_extension (GFile *file, const char *ext)
{
  char *base = g_file_get_basename (file);

  if (base != NULL && strchr (base, '.') == NULL)
    {
      char *with_ext = g_strconcat (base, ext, NULL);
      GFile *parent = g_file_get_parent (file);
      GFile *renamed = g_file_get_child (parent, with_ext);
      g_object_unref (file);
      g_object_unref (parent);
      g_free (with_ext);
      file = renamed;
    }
  g_free (base);
  return file;
}

static gboolean
on_drop (GtkDropTarget *target, const GValue *value, double x, double y,
         HbWindow *self)
{
  GSList *files;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;
  files = gdk_file_list_get_files (g_value_get_boxed (value));
  if (files == NULL)
    return FALSE;
  hb_window_open (self, G_FILE (files->data));
  g_slist_free (files);
  return TRUE;
}

/* ---- The window's way in ------------------------------------------------- */

gboolean
hb_window_cancel_load (HbWindow *self)
{
  /* An open already cancelled takes no more Escapes: they stop a solve
   * or close the player as usual (they did nothing until the worker
   * returned). */
  if (self->load_cancellable == NULL || g_cancellable_is_cancelled (self->load_cancellable))
    return FALSE;
  g_cancellable_cancel (self->load_cancellable);
  hb_job_toast_clear (&self->load_toast);
  return TRUE;
}

void
hb_window_files_init (HbWindow *self)
{
  GtkDropTarget *drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  g_signal_connect (drop, "drop", G_CALLBACK (on_drop), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
  hb_window_recent_init (self);
}

void
hb_window_files_dispose (HbWindow *self)
{
  if (self->export_cancellable != NULL)
    g_cancellable_cancel (self->export_cancellable);
  g_clear_object (&self->export_cancellable);
  hb_job_toast_clear (&self->export_toast);
  if (self->file_dialog != NULL)
    {
      GtkNativeDialog *dialog = self->file_dialog;
      self->file_dialog = NULL;
      g_object_set_data (G_OBJECT (dialog), "hb-window", NULL);
      /* Hidden so, it sends no response, whose handler held the last reference:
       * dropped here, with what waited on it (Save As's action, an export's job). */
      gtk_native_dialog_destroy (dialog);
      g_object_unref (dialog);
    }
  if (self->load_cancellable != NULL)
    g_cancellable_cancel (self->load_cancellable);
  g_clear_object (&self->load_cancellable);
  hb_job_toast_clear (&self->load_toast);
  hb_window_recent_dispose (self);
  hb_window_discard_dispose (self);
  hb_window_save_dispose (self);
}
