/* hb-document-save.c: where a level may be saved (hb_document_save's
 * checks before it writes anything; see hb-document-private.h), and the
 * part of a save that may run on a worker thread: writing what
 * hb_document_save_begin copied. */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hb-document-private.h"
#include "hb-registry.h"

gboolean
hb_document_save_refused (const HbGame *game, GFile *own, guint more_levels, GFile *file,
                          const char *path, GError **error)
{
  /* Not under another game's ending: a Flow Free level saved as
   * "level.lights" opened again as Enlight's and failed ("unknown
   * character 'Y'"), and a board both games read opened as the wrong
   * game without a word (review). So is a ".json" name for a game
   * without JSON: a ".json" file is read as Flow Free's JSON, and an
   * Enlight level written there as text did not open again ("not valid
   * JSON"). The file the level was read from stays its own, whatever
   * its name. */
  {
    g_autofree char *base = g_file_get_basename (file);
    const HbGame *named = hb_registry_game_for_filename (base);
    const char *dot = base != NULL ? strrchr (base, '.') : NULL;

    if (named != NULL && named != game && !(own != NULL && g_file_equal (own, file)))
      {
        g_autofree char *suggested = hb_registry_filename_for_game (base, game);

        /* TRANSLATORS: "“.lights” is the ending of Enlight levels; save
         * this Flow Free level as “level.flow”" */
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME,
                     _("“%s” is the ending of %s levels; save this %s level as “%s”"),
                     dot, _(named->name), _(game->name), suggested);
        return TRUE;
      }
  }
  /* Only over a regular file the user may write: a pipe (a level read
   * from a FIFO) blocked the window until something read it, and a file
   * made read-only was replaced without a word. */
  {
    GStatBuf st;

    if (g_stat (path, &st) == 0
        && (!S_ISREG (st.st_mode) || (st.st_mode & 0222) == 0 || g_access (path, W_OK) != 0))
      {
        g_autofree char *name = g_file_get_parse_name (file);
        /* A folder is neither a pipe nor a device (it was called one). */
        if (S_ISDIR (st.st_mode))
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY,
                       _("“%s” is a folder: save the level under another name"), name);
        else if (!S_ISREG (st.st_mode))
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                       _("“%s” is not a regular file (a pipe or a device): save the level "
                         "under another name"), name);
        else
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_READ_ONLY,
                       _("“%s” is read-only: save the level under another name"), name);
        return TRUE;
      }
  }
  /* Not over the file the level was read from when it holds more levels
   * (a Flood-It file of several dumps): they were lost without a word. */
  if (more_levels > 0 && own != NULL && g_file_equal (own, file))
    {
      g_autofree char *name = g_file_get_parse_name (file);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   g_dngettext (NULL,
                                "“%s” holds %u more level after this one, which saving over it "
                                "would lose: save the level under another name",
                                "“%s” holds %u more levels after this one, which saving over it "
                                "would lose: save the level under another name",
                                more_levels),
                   name, more_levels);
      return TRUE;
    }
  return FALSE;
}

/* The level as drawn, in job->format with the file's comment lines (those
 * left out in job->dropped). Else, but under a ".json" name, in the
 * format the file was read in (hb_text_format): a Tatham game ID stays
 * one (it was saved as rows). One that cannot hold the level as it is
 * now (a tile Tatham's Net has not) is written in the game's own format,
 * job->format and job->lost say so (a level JSON cannot hold is refused
 * under a ".json" name: it was written there as text). */
char *
hb_save_job_text (HbSaveJob *job, GError **error)
{
  gboolean fall_back = !job->by_name;
  char *text;

  g_ptr_array_set_size (job->dropped, 0);
  text = hb_write_with_comments (job->design, job->format, job->comments, job->dropped,
                                 !fall_back || job->format == HB_WRITE_NATIVE ? error : NULL);
  if (text == NULL && fall_back && job->format != HB_WRITE_NATIVE)
    {
      g_ptr_array_set_size (job->dropped, 0);
      job->format = HB_WRITE_NATIVE;
      job->lost = TRUE;
      text = hb_write_with_comments (job->design, job->format, job->comments, job->dropped,
                                     error);
    }
  return text;
}

gboolean
hb_save_job_run (HbSaveJob *job, GError **error)
{
  g_autofree char *path = NULL, *text = NULL;

  g_return_val_if_fail (job != NULL && G_IS_FILE (job->file), FALSE);
  path = g_file_get_path (job->file);
  if (path == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("Only local files can be saved"));
      return FALSE;
    }
  if (hb_document_save_refused (job->game, job->own, job->more_levels, job->file, path, error))
    return FALSE;
  text = hb_save_job_text (job, error);
  return text != NULL && hb_write_atomic (path, text, strlen (text), error);
}

GFile *
hb_save_job_get_file (HbSaveJob *job)
{
  return job->file;
}

void
hb_save_job_free (HbSaveJob *job)
{
  if (job == NULL)
    return;
  hb_state_free (job->design);
  g_strfreev (job->comments);
  g_clear_object (&job->file);
  g_clear_object (&job->own);
  g_ptr_array_unref (job->dropped);
  g_free (job);
}

gboolean
hb_document_save (HbDocument *self, GFile *file, GError **error)
{
  g_autoptr (HbSaveJob) job = NULL;

  g_return_val_if_fail (HB_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  job = hb_document_save_begin (self, file);
  if (!hb_save_job_run (job, error))
    return FALSE;
  hb_document_save_finish (self, job);
  return TRUE;
}
