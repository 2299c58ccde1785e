/* hb-document-save.c: where a level may be saved (hb_document_save's
 * checks before it writes anything; see hb-document-private.h). */
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
