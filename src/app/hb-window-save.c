/* hb-window-save.c: writing the window's level to its file (atomically,
 * hb_document_save), and the toast that says what the file could not
 * hold. (The questions around it, Save As and a failed save's dialog:
 * hb-window-dialogs.c; whether the file changed on disk since:
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

gboolean
hb_window_save_to_file (HbWindow *self, GFile *file, GError **error)
{
  gboolean played;

  g_return_val_if_fail (HB_IS_WINDOW (self), FALSE);
  /* The file gets the level as drawn: say so when moves played show. */
  played = hb_window_moves_show (self);
  if (!hb_document_save (self->document, file, error))
    return FALSE;
  hb_window_note_disk (self, hb_document_get_file (self->document));
  say_left_out (self, played);
  return TRUE;
}
