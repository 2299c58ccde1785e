/* hb-window-clipboard.c: the level and the clipboard. Ctrl+C copies the
 * level as text, as a save would write it (to share it, or to keep a
 * screenshot's reading); Ctrl+V opens what the clipboard holds: a picture
 * is read as a screenshot (hb-window-import.c), from its PNG, JPEG or WebP
 * bytes as the same file opened is when they are offered, a file copied in a file
 * manager opens as a dropped one does, text is read as a level file is
 * (hb-window-files.c), on the open's worker thread. */
#include "config.h"

#include <glib/gi18n.h>

#include "hb-window-private.h"

/* ---- Copying ----------------------------------------------------------- */

static void
action_copy_level (GtkWidget *widget, const char *name, GVariant *param)
{
  HbWindow *self = HB_WINDOW (widget);
  g_autoptr (GError) error = NULL;
  g_autofree char *text = hb_document_dup_text (self->document, &error);

  if (text == NULL)
    {
      hb_window_show_error (self, _("Could Not Copy the Level"), error->message);
      return;
    }
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
  hb_window_show_toast (self, _("Level copied as text"));
}

/* ---- Pasting ----------------------------------------------------------- */

/* A picture as its bytes, read by the picture reader that Open uses
 * (hb_image_load_bytes): what GTK's texture of them made ignored a JPEG's
 * EXIF orientation, so a phone's picture pasted came in turned where the
 * same file opened came in upright, and its size limits and errors were
 * others. In the order the clipboard's owner offers them. */
static const char *const picture_types[] = { "image/png", "image/jpeg", "image/webp", NULL };

/* A paste is an open like any other from Ctrl+V on (hb-window-files.c):
 * "Opening “Pasted picture”…" with Cancel once it takes a while, Escape
 * stops it, and a newer open or paste cancels it. Reading the clipboard
 * is its first step: the program that owns it may take its time, or
 * never answer (the paste waited with nothing said and nothing to stop
 * it, then replaced whatever level was open by then). */
typedef struct {
  GWeakRef      window;
  GCancellable *cancellable;  /* the open's, a reference */
  gulong        cancelled_id;
  GInputStream *stream;       /* a picture's bytes, while they are read */
  GByteArray   *bytes;        /* and those read so far */
} Paste;

static guint pastes_reading;   /* main thread only */

guint
hb_window_pastes_reading (void)
{
  return pastes_reading;
}

/* Stopped while the clipboard is read: the open ends now, not when GDK
 * gives up on an owner that may never answer. */
static void
paste_cancelled (GCancellable *cancellable, gpointer data)
{
  Paste *p = data;
  g_autoptr (HbWindow) self = g_weak_ref_get (&p->window);

  if (self != NULL)
    hb_window_end_load (self, p->cancellable);
}

/* The window the paste is still for (a reference), or NULL: closed or
 * stopped meanwhile (Escape, another open or paste), whatever came is
 * dropped without a word, as a stopped open's level. */
static HbWindow *
paste_window (Paste *p)
{
  HbWindow *self = g_weak_ref_get (&p->window);

  g_cancellable_disconnect (p->cancellable, p->cancelled_id);
  if (self != NULL && (self->disposed || g_cancellable_is_cancelled (p->cancellable)
                       || p->cancellable != self->load_cancellable))
    g_clear_object (&self);
  return self;
}

static void
paste_free (Paste *p)
{
  g_object_unref (p->cancellable);
  g_clear_object (&p->stream);
  if (p->bytes != NULL)
    g_byte_array_unref (p->bytes);
  g_weak_ref_clear (&p->window);
  g_free (p);
  pastes_reading--;
}

/* A clipboard that offers no PNG, JPEG or WebP bytes (or this program's
 * own texture): the picture arrives as a texture; its pixels are copied
 * into a cairo surface here (a copy, fast) and read on the worker thread
 * as an opened picture's are. */
static void
paste_picture_done (GObject *source, GAsyncResult *res, gpointer data)
{
  Paste *p = data;
  /* Not held while the clipboard is read: a window closed meanwhile is
   * freed at once, its dispose cancelling the read (the paste held it
   * until GDK gave up on an owner that never answered). */
  g_autoptr (GError) error = NULL;
  g_autoptr (GdkTexture) texture = gdk_clipboard_read_texture_finish (GDK_CLIPBOARD (source),
                                                                      res, &error);
  g_autoptr (HbWindow) self = paste_window (p);

  if (self != NULL)
    {
      int w = texture != NULL ? gdk_texture_get_width (texture) : 0;
      int h = texture != NULL ? gdk_texture_get_height (texture) : 0;

      if (texture == NULL || (guint64) w * h > HB_IMAGE_MAX_PIXELS
          || w > HB_IMAGE_MAX_SIDE || h > HB_IMAGE_MAX_SIDE)
        {
          hb_window_end_load (self, p->cancellable);
          hb_window_show_toast (self, texture == NULL ? _("The clipboard holds no picture")
                                                      : _("The pasted picture is too large to read"));
        }
      else
        {
          HbLoadJob *job = g_new0 (HbLoadJob, 1);
          cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);

          /* GDK's default memory format is cairo's ARGB32 in memory order. */
          gdk_texture_download (texture, cairo_image_surface_get_data (surface),
                                cairo_image_surface_get_stride (surface));
          cairo_surface_mark_dirty (surface);
          job->surface = surface;
          job->name = g_strdup (_("Pasted picture"));
          hb_window_run_load (self, job, NULL, NULL);
        }
    }
  paste_free (p);
}

/* The picture's bytes are all read (`chunk` empty), or their read failed
 * (`chunk` NULL: stopped, or the owner refused or went away), or they
 * went past the picture reader's cap (`chunk` the piece that did). */
static void
paste_bytes_done (Paste *p, GBytes *chunk)
{
  g_autoptr (HbWindow) self = paste_window (p);

  if (self == NULL)
    ;
  else if (chunk == NULL || p->bytes->len == 0)
    {
      hb_window_end_load (self, p->cancellable);
      hb_window_show_toast (self, _("The clipboard holds no picture"));
    }
  else if (g_bytes_get_size (chunk) > 0)
    {
      hb_window_end_load (self, p->cancellable);
      hb_window_show_toast (self, _("The pasted picture is too large to read"));
    }
  else
    {
      HbLoadJob *job = g_new0 (HbLoadJob, 1);

      job->bytes = g_byte_array_free_to_bytes (g_steal_pointer (&p->bytes));
      job->name = g_strdup (_("Pasted picture"));
      hb_window_run_load (self, job, NULL, NULL);
    }
  paste_free (p);
}

/* The bytes come in pieces, read without blocking the window (the
 * worker reads the picture from them), up to the picture reader's cap;
 * a paste stopped meanwhile ends its read here (paste_window). */
static void
paste_chunk_read (GObject *source, GAsyncResult *res, gpointer data)
{
  Paste *p = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) chunk = g_input_stream_read_bytes_finish (G_INPUT_STREAM (source), res,
                                                               &error);
  gsize n = chunk != NULL ? g_bytes_get_size (chunk) : 0;

  if (n > 0 && n <= HB_IMAGE_MAX_BYTES - p->bytes->len)
    {
      g_byte_array_append (p->bytes, g_bytes_get_data (chunk, NULL), n);
      g_input_stream_read_bytes_async (p->stream, 1 << 18, G_PRIORITY_DEFAULT, p->cancellable,
                                       paste_chunk_read, p);
      return;
    }
  paste_bytes_done (p, chunk);
}

static void
paste_stream_ready (GObject *source, GAsyncResult *res, gpointer data)
{
  Paste *p = data;
  g_autoptr (GError) error = NULL;

  p->stream = gdk_clipboard_read_finish (GDK_CLIPBOARD (source), res, NULL, &error);
  p->bytes = g_byte_array_new ();
  if (p->stream == NULL)
    paste_bytes_done (p, NULL);
  else
    g_input_stream_read_bytes_async (p->stream, 1 << 18, G_PRIORITY_DEFAULT, p->cancellable,
                                     paste_chunk_read, p);
}

/* Whether the clipboard offers a picture as bytes to be read as an opened
 * picture is: not when it is this program's own texture (decoded
 * already, it would be encoded as PNG here only to be decoded again). */
static gboolean
offers_picture_bytes (GdkClipboard *clipboard)
{
  GdkContentFormats *formats = gdk_clipboard_get_formats (clipboard);
  GdkContentProvider *content = gdk_clipboard_get_content (clipboard);
  gboolean offered = FALSE, texture = FALSE;

  for (int i = 0; picture_types[i] != NULL && !offered; i++)
    offered = gdk_content_formats_contain_mime_type (formats, picture_types[i]);
  if (offered && content != NULL)
    {
      GValue value = G_VALUE_INIT;

      g_value_init (&value, GDK_TYPE_TEXTURE);
      texture = gdk_content_provider_get_value (content, &value, NULL)
                && g_value_get_object (&value) != NULL;
      g_value_unset (&value);
    }
  return offered && !texture;
}

HbLoadResult *
hb_window_read_pasted_picture (const HbLoadJob *job, GCancellable *cancellable, GError **error)
{
  HbImage *image;

  /* Its bytes: as an opened picture file's are, orientation and all. */
  if (job->bytes != NULL)
    return hb_window_import_picture (job->name, g_bytes_get_data (job->bytes, NULL),
                                     g_bytes_get_size (job->bytes), cancellable, error);
  image = hb_image_from_surface (job->surface);
  if (image == NULL)
    {
      g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_TOO_LARGE,
                   _("%s: the picture is too large or too small to hold a board"), job->name);
      return NULL;
    }
  return hb_window_import_image (job->name, image, cancellable, error);
}

/* Text: read as a level file with no name is, the game told by the
 * format, else the window's (errors say "Pasted level, line 2, column 3"). */
static void
paste_text_done (GObject *source, GAsyncResult *res, gpointer data)
{
  Paste *p = data;
  g_autoptr (GError) error = NULL;
  char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), res, &error);
  g_autoptr (HbWindow) self = paste_window (p);

  if (self != NULL && text == NULL)
    {
      hb_window_end_load (self, p->cancellable);
      hb_window_show_toast (self, _("The clipboard holds no level or picture"));
    }
  else if (self != NULL)
    {
      HbLoadJob *job = g_new0 (HbLoadJob, 1);

      job->text = g_steal_pointer (&text);
      job->name = g_strdup (_("Pasted level"));
      job->game = hb_window_get_game (self);
      hb_window_run_load (self, job, NULL, NULL);
    }
  g_free (text);
  paste_free (p);
}

/* Files copied in a file manager: the first opens, as a dropped file does
 * (they come with their paths as text too, which read as a level said
 * "unknown character ‘/’"). */
static void
paste_files_done (GObject *source, GAsyncResult *res, gpointer data)
{
  Paste *p = data;
  g_autoptr (GError) error = NULL;
  const GValue *value = gdk_clipboard_read_value_finish (GDK_CLIPBOARD (source), res, &error);
  g_autoptr (HbWindow) self = paste_window (p);
  GSList *files = value != NULL && G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST)
                  ? gdk_file_list_get_files (g_value_get_boxed (value)) : NULL;

  if (self != NULL)
    {
      hb_window_end_load (self, p->cancellable);
      if (files != NULL)
        hb_window_open (self, G_FILE (files->data));
      else
        hb_window_show_toast (self, _("The clipboard holds no level or picture"));
    }
  g_slist_free (files);
  paste_free (p);
}

void
hb_window_paste (HbWindow *self)
{
  GdkClipboard *clipboard;
  GdkContentFormats *formats;
  gboolean bytes, picture, files;
  Paste *p;

  g_return_if_fail (HB_IS_WINDOW (self));
  clipboard = gtk_widget_get_clipboard (GTK_WIDGET (self));
  formats = gdk_clipboard_get_formats (clipboard);
  /* A picture first: a program that offers both (a browser's image)
   * names the picture in the text. */
  bytes = offers_picture_bytes (clipboard);
  picture = bytes || gdk_content_formats_contain_gtype (formats, GDK_TYPE_TEXTURE);
  files = !picture && gdk_content_formats_contain_gtype (formats, GDK_TYPE_FILE_LIST);
  if (!picture && !files && !gdk_content_formats_contain_gtype (formats, G_TYPE_STRING))
    {
      hb_window_show_toast (self, _("The clipboard holds no level or picture"));
      return;
    }
  /* The unsaved changes are asked about once a level has been read
   * (hb-window-files.c, load_done). */
  p = g_new0 (Paste, 1);
  g_weak_ref_init (&p->window, self);
  p->cancellable = g_object_ref (hb_window_begin_load (self, picture ? _("Pasted picture")
                                                             : files ? _("Pasted file")
                                                             : _("Pasted level")));
  p->cancelled_id = g_cancellable_connect (p->cancellable, G_CALLBACK (paste_cancelled), p, NULL);
  pastes_reading++;
  if (bytes)
    gdk_clipboard_read_async (clipboard, (const char **) picture_types, G_PRIORITY_DEFAULT,
                              p->cancellable, paste_stream_ready, p);
  else if (picture)
    gdk_clipboard_read_texture_async (clipboard, p->cancellable, paste_picture_done, p);
  else if (files)
    gdk_clipboard_read_value_async (clipboard, GDK_TYPE_FILE_LIST, G_PRIORITY_DEFAULT,
                                    p->cancellable, paste_files_done, p);
  else
    gdk_clipboard_read_text_async (clipboard, p->cancellable, paste_text_done, p);
}

static void
action_paste (GtkWidget *widget, const char *name, GVariant *param)
{
  hb_window_paste (HB_WINDOW (widget));
}

void
hb_window_class_install_clipboard_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.copy-level", NULL, action_copy_level);
  gtk_widget_class_install_action (widget_class, "win.paste", NULL, action_paste);
  /* Ctrl+C and Ctrl+V: class bindings, not application accelerators: a
   * text field with the focus (the seed) handles them first and copies
   * or pastes text, as it should. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK,
                                       "win.copy-level", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_v, GDK_CONTROL_MASK,
                                       "win.paste", NULL);
}
