/* hb-window-import.c: reading a level from a picture (a screenshot opened
 * as a file, or a picture pasted from the clipboard with Ctrl+V): telling a
 * picture by its name or its bytes, reading a file whole with a cap, and
 * handing the picture to the registry's screenshot readers. The reading
 * runs on the open's worker thread (hb-window-files.c). */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "hb-window-private.h"
#include "hb-switch-row.h"
#include "hb-cancel-gio.h"
#include "hb-registry.h"

/* ---- Reading a picture ------------------------------------------------- */

/* A picture by its name: PNG, JPEG, WebP, or whatever the content type
 * guessed from the name calls an image. */
gboolean
hb_window_is_picture_name (const char *name)
{
  static const char *const exts[] = { ".png", ".jpg", ".jpeg", ".webp" };
  g_autofree char *lower = g_ascii_strdown (name, -1);
  g_autofree char *type = NULL;
  g_autofree char *mime = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (exts); i++)
    if (g_str_has_suffix (lower, exts[i]))
      return TRUE;
  type = g_content_type_guess (name, NULL, 0, NULL);
  mime = type != NULL ? g_content_type_get_mime_type (type) : NULL;
  return mime != NULL && g_str_has_prefix (mime, "image/")
         && strcmp (mime, "image/svg+xml") != 0;
}

/* Reads the level from a decoded picture, which it takes (the game
 * guessed from it). */
HbLoadResult *
hb_window_import_image (const char *name, HbImage *image, GCancellable *cancellable,
                        GError **error)
{
  HbLoadResult *r;
  HbImportReport *report;
  HbState *state, *near = NULL;
  GError *local = NULL;
  HbCancel cancel;
  gulong follow;
  char *doubt = NULL;

  report = hb_import_report_new ();
  /* The readers poll an HbCancel (hb-cancel.h), set by the cancellable. */
  hb_cancel_init (&cancel, NULL);
  follow = hb_cancel_follow (&cancel, cancellable);
  state = hb_registry_from_image_or_near (image, report, &cancel, &near, &local);
  hb_cancel_unfollow (cancellable, follow);
  if (state == NULL && near != NULL)
    {
      /* A board too unsure to be taken unasked: the user is asked
       * (hb_window_ask_doubtful), with the readers' words kept for
       * Details. */
      state = near;
      doubt = g_strdup (local->message);
      g_clear_error (&local);
    }
  if (state == NULL)
    {
      hb_image_free (image);
      hb_import_report_free (report);
      if (local != NULL && !g_str_has_prefix (local->message, name))
        {
          g_set_error (error, local->domain, local->code, "%s: %s", name, local->message);
          g_error_free (local);
        }
      else if (local != NULL)
        g_propagate_error (error, local);
      return NULL;
    }
  r = g_new0 (HbLoadResult, 1);
  r->state = state;
  r->image = image;
  r->report = report;
  r->picture = hb_image_to_surface (image);
  r->doubt = doubt;
  return r;
}

/* ---- No board, or a doubtful one -------------------------------------- */

/* Appends to `out` each game's reason in the registry's message (its
 * lines after the first, one a line), but those starting with `skip`. */
static void
readers_reasons (GString *out, const char *message, const char *skip)
{
  g_auto (GStrv) lines = g_strsplit (message, "\n", -1);

  for (int i = 1; lines[i] != NULL; i++)
    if (skip == NULL || !g_str_has_prefix (g_strstrip (lines[i]), skip))
      g_string_append_printf (out, "%s%s", out->len > 0 ? "\n" : "", g_strstrip (lines[i]));
}

/* A picture (`name`) with no board in it (`error`: NO_BOARD, or TILTED
 * for one that looks turned): what to open instead, and the readers'
 * reasons game by game (the message's lines after its first, or its one
 * line) only under Details. */
void
hb_window_say_no_board (HbWindow *self, const char *name, const GError *error)
{
  const char *message = error->message;
  const HbGame *const *games = hb_registry_games ();
  g_autoptr (GString) names = g_string_new (NULL);
  g_autoptr (GString) details = g_string_new (NULL);
  g_autofree char *text = NULL;

  for (int i = 0; games[i] != NULL; i++)
    {
      /* Each name kept on one line: the dialog's body wraps, and broke
       * "Flood-" from "It" at a narrow width. Its spaces become no-break
       * spaces and a word joiner follows its hyphens. */
      g_autoptr (GString) one = g_string_new (_(games[i]->name));

      g_string_replace (one, " ", "\u00a0", 0);
      g_string_replace (one, "-", "-\u2060", 0);
      g_string_append_printf (names, "%s%s", i > 0 ? ", " : "", one->str);
    }
  readers_reasons (details, message, NULL);
  if (details->len == 0)
    g_string_assign (details, message);
  /* TRANSLATORS: %s: a file name ("shot.png", "Pasted picture"), then the
   * games ("Enlight, Infinite Loop, …") */
  if (error->code == HB_IMAGE_ERROR_TILTED)
    {
      /* Its first line says what to do: straighten it. */
      const char *from = message, *nl;
      g_autofree char *first = NULL;

      /* (Without the file's name, which the open may have put first.) */
      if (g_str_has_prefix (from, name) && g_str_has_prefix (from + strlen (name), ": "))
        from += strlen (name) + 2;
      nl = strchr (from, '\n');
      first = nl != NULL ? g_strndup (from, (gsize) (nl - from)) : g_strdup (from);
      /* TRANSLATORS: %s: a file name, then "The picture looks turned: …" */
      text = g_strdup_printf (_("Nothing in “%s” could be read as a board. %s"), name, first);
    }
  else
    text = g_strdup_printf (_("Nothing in “%s” looks like a board. Use a screenshot that shows "
                              "the whole board of one of these games: %s."), name, names->str);
  hb_window_show_error_details (self, _("No Puzzle Found in the Picture"), text, details->str);
}

/* A screenshot cut through the board, or blurred, can read as a board too
 * unsure to be taken unasked: it was refused as "Nothing … looks like a
 * board" while its Details named the board seen (review), and only the
 * command line's `detect --game` could import it. The user decides. */
typedef struct {
  HbThen         then;
  gpointer       data;
  GDestroyNotify destroy;
} Doubtful;

static void
doubtful_free (gpointer p)
{
  Doubtful *d = p;

  if (d->destroy != NULL)
    d->destroy (d->data);
  g_free (d);
}

static void
on_doubtful_response (AdwMessageDialog *dialog, const char *response, gpointer unused)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (dialog));
  /* Taken from the dialog: its going no longer frees it. */
  Doubtful *d = g_object_steal_data (G_OBJECT (dialog), "hb-doubtful");

  if (d == NULL)
    return;
  if (g_strcmp0 (response, "import") == 0 && HB_IS_WINDOW (parent)
      && !HB_WINDOW (parent)->disposed)
    {
      d->then (HB_WINDOW (parent), d->data);
      g_free (d);
    }
  else
    doubtful_free (d);
}

/* The dialog going unanswered (its window closed): the open ends,
 * cancelled. (Not left to the data's own end, which comes only when the
 * dialog's last reference goes.) */
static void
on_doubtful_destroy (GtkWidget *dialog, gpointer unused)
{
  Doubtful *d = g_object_steal_data (G_OBJECT (dialog), "hb-doubtful");

  if (d != NULL)
    doubtful_free (d);
}

/* (Answered or gone: the window no longer points at it.) */
static void
forget_doubtful (HbWindow *self, GtkWidget *dialog)
{
  if (self->doubt_dialog == dialog)
    self->doubt_dialog = NULL;
}

void
hb_window_ask_doubtful (HbWindow *self, const char *name, const HbLoadResult *result,
                        HbThen then, gpointer data, GDestroyNotify destroy)
{
  const HbImportReport *rep = result->report;
  const char *seen = rep->summary != NULL ? rep->summary : "";
  /* A file's name may hold bytes that are no UTF-8: GTK takes nothing else. */
  g_autofree char *shown = g_utf8_make_valid (name, -1);
  g_autofree char *heading = NULL, *body = NULL, *details = NULL;
  g_autoptr (GString) more = g_string_new (NULL);
  AdwMessageDialog *dialog;
  Doubtful *d = g_new0 (Doubtful, 1);

  /* The game named in the body's summary ("Flow Free, 7×5, …"), not in
   * the heading: "Not Sure This Is a Infinite Loop Board" (review). */
  if (rep->cut != 0)
    {
      /* The cause named (the body said "too little of it is clear" of a
       * crop whose colours lacked their pairs: review); which edge is
       * in the notes under Details. */
      heading = g_strdup (_("The Picture Cuts Through the Board"));
      /* TRANSLATORS: %s: the picture's file name, then what was read
       * ("Flow Free, 7×3, 3 colours") */
      body = g_strdup_printf (_("“%s” seems to show part of a board (%s): the picture’s edge "
                                "cuts through it. Import it to complete it by hand (in Edit, "
                                "the ⋮ beside Width and Height adds a column or a row at any "
                                "edge), or use a screenshot that shows the whole board."),
                              shown, seen);
    }
  else
    {
      heading = g_strdup (_("Not Sure What the Picture Shows"));
      /* TRANSLATORS: %s: the picture's file name, then what was read
       * ("Flow Free, 7×5, 7 colours, 5 cells unsure") */
      body = g_strdup_printf (_("“%s” seems to show a board (%s), but too little of it is clear "
                                "to be sure. Import it to check and correct it by hand, or use a "
                                "screenshot that shows the whole board."), shown, seen);
    }
  /* The reader's notes, then why each game was not sure (the error's
   * lines after its first). */
  details = hb_import_report_to_string (rep);
  /* (Not the reading's own line again.) */
  readers_reasons (more, result->doubt, rep->summary);
  d->then = then;
  d->data = data;
  d->destroy = destroy;
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, body));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"),
                                    "import", _("_Import Anyway"), NULL);
  /* A board cut by the picture's edge was most likely meant: Enter
   * imports it. A doubtful one may be no board at all (random noise read
   * as Flow Free 22×40 took Enter as Import: review): Enter cancels. */
  if (rep->cut != 0)
    {
      adw_message_dialog_set_response_appearance (dialog, "import", ADW_RESPONSE_SUGGESTED);
      adw_message_dialog_set_default_response (dialog, "import");
    }
  else
    adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  hb_message_dialog_focus_default (dialog);
  {
    g_autofree char *all = g_strconcat (details, more->len > 0 ? "\n" : "", more->str, NULL);
    hb_message_dialog_add_details (dialog, all);
  }
  /* Freed with the dialog unless answered (a window closing destroys it
   * with no answer: the open is then cancelled, see load_apply_free). */
  g_object_set_data_full (G_OBJECT (dialog), "hb-doubtful", d, doubtful_free);
  g_signal_connect (dialog, "response", G_CALLBACK (on_doubtful_response), NULL);
  g_signal_connect (dialog, "destroy", G_CALLBACK (on_doubtful_destroy), NULL);
  /* The window closing takes the question with it: a closed window is
   * only disposed once the open it waits for lets it go (the open holds
   * it), so "destroy with parent" alone would leave the dialog up. */
  g_signal_connect_object (self, "unrealize", G_CALLBACK (gtk_window_destroy), dialog,
                           G_CONNECT_SWAPPED);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  /* One question at a time: a newer open takes this one away. */
  hb_window_drop_doubtful (self);
  self->doubt_dialog = GTK_WIDGET (dialog);
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (forget_doubtful), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* A newer open (a second screenshot dropped while the first one's
 * question is up) cancels the earlier one, as it cancels an open still
 * reading: the questions stood stacked, and the older one, answered
 * last, brought its picture in over the newer. */
void
hb_window_drop_doubtful (HbWindow *self)
{
  GtkWidget *dialog = self->doubt_dialog;

  self->doubt_dialog = NULL;
  if (dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (dialog));
}

/* Reads the level from a picture file's bytes. */
HbLoadResult *
hb_window_import_picture (const char *name, const char *data, gsize len,
                          GCancellable *cancellable, GError **error)
{
  HbImage *image = hb_image_load_bytes ((const guint8 *) data, len, name, error);

  return image != NULL ? hb_window_import_image (name, image, cancellable, error) : NULL;
}

/* Reads a whole file through GIO, refusing more than `max` bytes whatever
 * the file is (a device, a FIFO or a remote file that never ends) and
 * stopping when cancelled. */
gboolean
hb_window_read_capped (GFile *file, const char *name, gsize max, GCancellable *cancellable,
                       char **contents, gsize *length, GError **error)
{
  g_autoptr (GFileInputStream) in = g_file_read (file, cancellable, error);
  GByteArray *buf;
  guint8 chunk[65536];

  if (in == NULL)
    return FALSE;
  buf = g_byte_array_new ();
  while (TRUE)
    {
      gssize n = g_input_stream_read (G_INPUT_STREAM (in), chunk, sizeof chunk,
                                      cancellable, error);
      if (n < 0)
        {
          g_byte_array_unref (buf);
          return FALSE;
        }
      if (n == 0)
        break;
      if (buf->len + (gsize) n > max)
        {
          g_byte_array_unref (buf);
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                       _("%s: the file is larger than %u MiB"), name, (guint) (max >> 20));
          return FALSE;
        }
      g_byte_array_append (buf, chunk, (guint) n);
    }
  *length = buf->len;
  g_byte_array_append (buf, (const guint8 *) "", 1);   /* NUL-terminated, as text */
  *contents = (char *) g_byte_array_free (buf, FALSE);
  return TRUE;
}

/* ---- The screenshot behind the board ---------------------------------- */

static void
on_picture_switch (GtkSwitch *sw, GParamSpec *pspec, HbWindow *self)
{
  hb_board_view_set_show_picture (self->board_view, gtk_switch_get_active (sw));
}

static void
on_keep_all (GtkButton *button, HbWindow *self)
{
  hb_board_view_keep_all_as_read (self->board_view);
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
}

static void on_mode_for_unsure (GObject *window, GParamSpec *pspec, gpointer data);

/* The switch's row shows while a screenshot is held for the game shown.
 * A board that lost part of the one read (made smaller, or a row or
 * column of it removed) hides the picture until it holds it whole again
 * (Undo, the fields, or the line added back; a board grown at any edge
 * keeps it behind the cells read):
 * the switch then switches nothing, and says why (the row and its
 * picture went without a word: review). */
static void
picture_row_refresh (HbWindow *self)
{
  GtkWidget *row = g_object_get_data (G_OBJECT (self), "hb-picture-row");
  GtkWidget *sw = g_object_get_data (G_OBJECT (self), "hb-picture-switch");
  gboolean here = hb_board_view_has_picture (self->board_view);
  int w = 0, h = 0;
  gboolean held = hb_board_view_get_picture_size (self->board_view, &w, &h);
  g_autofree char *why = NULL;

  if (row == NULL)
    return;
  if (held && !here)
    /* TRANSLATORS: under "Show the screenshot in Edit" after a resize or
     * a row or column removed at an edge cut into the board the
     * screenshot was read as: "Hidden while part of the 7×5 board read
     * is cut off" */
    why = g_strdup_printf (_("Hidden while part of the %d×%d board read is cut off"), w, h);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), why != NULL ? why : "");
  gtk_widget_set_sensitive (sw, here);
  gtk_widget_set_visible (row, held);
}

/* The switch that hides the screenshot behind the board, in the Board
 * group, shown while there is one. */
void
hb_window_picture_row_update (HbWindow *self)
{
  GtkWidget *row = g_object_get_data (G_OBJECT (self), "hb-picture-row");

  if (row == NULL)
    {
      GtkWidget *sw = gtk_switch_new ();

      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("_Show the screenshot in Edit"));
      adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
      gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
      gtk_switch_set_active (GTK_SWITCH (sw), TRUE);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), sw);
      hb_switch_row_setup (ADW_ACTION_ROW (row), GTK_SWITCH (sw));
      g_signal_connect (sw, "notify::active", G_CALLBACK (on_picture_switch), self);
      adw_preferences_group_add (self->board_group, row);
      g_object_set_data (G_OBJECT (self), "hb-picture-row", row);
      g_object_set_data (G_OBJECT (self), "hb-picture-switch", sw);
      {
        /* The reader's notes ("Move limit not read: …"), in a row of
         * their own: as the switch's subtitle they read as if they told
         * what the switch does (review). */
        GtkWidget *notes = adw_action_row_new ();
        GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-information-symbolic");

        gtk_widget_add_css_class (icon, "dim-label");
        adw_action_row_add_prefix (ADW_ACTION_ROW (notes), icon);
        adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (notes), FALSE);
        /* TRANSLATORS: a row's title over what the screenshot's reader
         * noticed ("Magenta is seen once, …") */
        adw_preferences_row_set_title (ADW_PREFERENCES_ROW (notes), _("Noticed in the screenshot"));
        gtk_widget_set_visible (notes, FALSE);
        adw_preferences_group_add (self->board_group, notes);
        g_object_set_data (G_OBJECT (self), "hb-picture-notes-row", notes);
      }
      {
        /* The unsure cells, in a row of their own under it, shown while
         * some are: with Keep All beside the switch the picture row's
         * title wrapped to three lines and the list of cells ran down a
         * column a hundred pixels wide. */
        GtkWidget *unsure = adw_action_row_new ();
        GtkWidget *keep = gtk_button_new_with_mnemonic (_("_Keep All"));

        gtk_widget_set_valign (keep, GTK_ALIGN_CENTER);
        gtk_widget_set_tooltip_text (keep, _("Keep Every Unsure Cell as Read"));
        g_signal_connect (keep, "clicked", G_CALLBACK (on_keep_all), self);
        adw_action_row_add_suffix (ADW_ACTION_ROW (unsure), keep);
        gtk_widget_set_visible (unsure, FALSE);
        adw_preferences_group_add (self->board_group, unsure);
        g_object_set_data (G_OBJECT (self), "hb-unsure-row", unsure);
        g_signal_connect (self, "notify::mode", G_CALLBACK (on_mode_for_unsure), NULL);
      }
    }
  picture_row_refresh (self);
}

/* The unsure row, shown in Edit while `listed` cells are marked, titled
 * with their number. */
static void
unsure_row_show (HbWindow *self, guint listed)
{
  GtkWidget *unsure = g_object_get_data (G_OBJECT (self), "hb-unsure-row");

  if (unsure == NULL)
    return;
  if (listed > 0)
    {
      /* The words of the import's summary ("1 cell unsure"). */
      g_autofree char *title = g_strdup_printf (g_dngettext (NULL, "%u cell unsure",
                                                             "%u cells unsure", listed), listed);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (unsure), title);
    }
  gtk_widget_set_visible (unsure, listed > 0 && self->mode == HB_MODE_EDIT);
  hb_window_update_status (self);
}

/* The status line's words for the cells marked unsure in Edit, or NULL:
 * where a narrow window shows them, the sidebar with their row folded
 * away (a 28×28 Flood-It import said "6 colours" under two small orange
 * rings, its "2 cells unsure" out of sight at 400 px: review). */
char *
hb_window_import_unsure_text (HbWindow *self)
{
  guint n = self->board_view != NULL ? hb_board_view_get_n_marked (self->board_view) : 0;

  if (n == 0 || self->mode != HB_MODE_EDIT)
    return NULL;
  /* TRANSLATORS: the status line in Edit after a screenshot's import */
  return g_strdup_printf (g_dngettext (NULL, "%u cell read unsure, ringed in orange",
                                       "%u cells read unsure, ringed in orange", n), n);
}

/* The reader's notes (or none: NULL or ""), shown while the picture's
 * row is. They name cells by row and column of the board read: once rows
 * or columns were added above or to the left of it, a last note says
 * where that board now starts ("Green is seen once, at row 3, column 2"
 * was row 4 after a row added above). */
static void
notes_row_show (HbWindow *self, const char *notes)
{
  GtkWidget *row = g_object_get_data (G_OBJECT (self), "hb-picture-row");
  GtkWidget *notes_row = g_object_get_data (G_OBJECT (self), "hb-picture-notes-row");
  g_autofree char *moved = NULL;
  int ox, oy;

  if (notes_row == NULL)
    return;
  hb_document_get_origin (self->document, &ox, &oy);
  if (notes != NULL && notes[0] != '\0' && (ox > 0 || oy > 0))
    {
      /* TRANSLATORS: the last of the screenshot's notes, after rows or
       * columns were added above or left of the board read */
      g_autofree char *where = g_strdup_printf (_("Rows and columns named here are those of the "
                                                  "board read, which now starts at row %d, "
                                                  "column %d"),
                                                oy + 1, ox + 1);

      moved = g_strdup_printf ("%s%s\n• %s", g_str_has_prefix (notes, "• ") ? "" : "• ", notes,
                               where);
      notes = moved;
    }
  adw_action_row_set_subtitle (ADW_ACTION_ROW (notes_row), notes != NULL ? notes : "");
  gtk_widget_set_visible (notes_row, notes != NULL && notes[0] != '\0'
                                     && gtk_widget_get_visible (row));
}

/* Play hides the marks (hb-board-view.c), so it hides their row too: it
 * stayed, telling of orange that was not there and of clicks that edit,
 * with a Keep All acting on marks out of sight. (Only the row: a look at
 * Play is no change of the board, and the reader's notes stay.) */
static void
on_mode_for_unsure (GObject *window, GParamSpec *pspec, gpointer data)
{
  unsure_row_show (HB_WINDOW (window), hb_board_view_get_n_marked (HB_WINDOW (window)->board_view));
}

/* The reader's words: the cells marked unsure now, by row and column,
 * in the unsure row (on a big board a thin outline is easy to miss;
 * `marks` width × height, or NULL, its top left cell at (x0, y0) on the
 * board), and its notes ("Move limit not read: …"), which a toast had no
 * room for, under the picture's row. */
static void
picture_row_say (HbWindow *self, const guint8 *marks, int width, int height, int x0, int y0)
{
  GtkWidget *unsure = g_object_get_data (G_OBJECT (self), "hb-unsure-row");
  const char *notes = g_object_get_data (G_OBJECT (self), "hb-picture-notes");
  GString *text = g_string_new (NULL);
  guint listed = 0;

  for (int i = 0; marks != NULL && i < width * height; i++)
    if (marks[i] && listed++ < 4)
      {
        if (listed == 1)
          /* TRANSLATORS: under "2 cells unsure", before the cells by row
           * and column */
          g_string_append (text, _("Marked in orange (a click edits one; a right-click "
                                   "or Menu keeps it as read):"));
        g_string_append (text, listed > 1 ? "; " : " ");
        /* TRANSLATORS: a cell, rows and columns from 1 */
        g_string_append_printf (text, _("row %d, column %d"), y0 + i / width + 1,
                                x0 + i % width + 1);
      }
  if (listed > 4)
    {
      g_string_append (text, "; ");
      /* TRANSLATORS: after four cells listed: "and 3 more" */
      g_string_append_printf (text, g_dngettext (NULL, "and %u more", "and %u more", listed - 4),
                              listed - 4);
    }
  if (unsure != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (unsure), text->str);
  notes_row_show (self, notes);
  unsure_row_show (self, listed);
  g_string_free (text, TRUE);
}

/* What the reader said beyond its summary, under the picture's row while
 * the picture is behind the board (the cells it was unsure of in a row
 * of their own below it): its notes and those cells (kept, to be said again as the marks change). */
void
hb_window_picture_row_set_report (HbWindow *self, const HbImportReport *report)
{
  GString *notes = g_string_new (NULL);

  hb_window_picture_row_update (self);
  /* More than one: a bullet each, so that wrapped lines do not run the
   * notes together into one block (review, at 400 px). */
  for (guint i = 0; report != NULL && report->notes != NULL && i < report->notes->len; i++)
    g_string_append_printf (notes, "%s%s%s", i > 0 ? "\n" : "",
                            report->notes->len > 1 ? "• " : "",
                            (const char *) g_ptr_array_index (report->notes, i));
  g_object_set_data_full (G_OBJECT (self), "hb-picture-notes", g_string_free (notes, FALSE),
                          g_free);
  /* The cells marked on the board, not the report's: a reading of
   * another size than the level shown marks none (hb-window-files.c). */
  {
    int mw = 0, mh = 0, mx = 0, my = 0;
    const guint8 *marks = hb_window_current (self) != NULL
                          ? hb_board_view_get_marks (self->board_view, &mw, &mh, &mx, &my) : NULL;
    picture_row_say (self, marks, mw, mh, mx, my);
  }
}

/* The picture and its marks just went (a level came in; set_import says
 * nothing of it): the picture's row goes, and the unsure cells' row too,
 * which was filled when the document changed, with the last level's
 * marks still on a board of the same game and size (review). */
void
hb_window_picture_row_drop (HbWindow *self)
{
  if (g_object_get_data (G_OBJECT (self), "hb-picture-row") != NULL)
    gtk_widget_set_visible (g_object_get_data (G_OBJECT (self), "hb-picture-row"), FALSE);
  hb_window_picture_row_board_changed (self);
}

/* After a change of the board or of its marks the reader's words may be
 * about a board no longer shown: they list the cells still marked (a
 * cell kept as read stayed listed: review), and once the last orange
 * ring is gone (each goes when its cell is touched in Edit,
 * hb-board-view.c) they go, notes too ("Green is seen once" stayed after
 * the dot was placed); Undo bringing a ring back brings them back. The
 * status line speaks of the level as it now is. */
void
hb_window_picture_row_board_changed (HbWindow *self)
{
  const HbState *s = hb_window_current (self);

  if (g_object_get_data (G_OBJECT (self), "hb-picture-row") == NULL || s == NULL)
    return;
  picture_row_refresh (self);
  if (hb_board_view_get_n_marked (self->board_view) == 0)
    {
      notes_row_show (self, NULL);
      unsure_row_show (self, 0);
      return;
    }
  {
    int mw = 0, mh = 0, mx = 0, my = 0;
    const guint8 *marks = hb_board_view_get_marks (self->board_view, &mw, &mh, &mx, &my);
    picture_row_say (self, marks, mw, mh, mx, my);
  }
}
