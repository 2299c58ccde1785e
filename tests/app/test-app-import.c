/* test-app-import.c: opening a picture imports the level in it. A Flow
 * Free board drawn by the game's own renderer and saved as PNG opens
 * through the window's open path as that level (game guessed, size and
 * cells as drawn), in Edit mode, with the detector's summary as a toast;
 * a real Flow Free screenshot (JPEG, ../shared/screens, skipped when
 * absent) reads as its truth file; the picture shows behind the board
 * until its switch hides it and unsure cells are outlined until an edit;
 * what a game draws beside its board (Flood-It's hint badge) stays beside
 * it over the picture;
 * a text file named .png and a picture with no board leave the open level
 * untouched and say why; a picture pasted from the clipboard opens too. */
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "hb-app-test.h"
#include "hb-registry.h"
#include "hb-grid.h"
#include "hb-board-view.h"
#include "hb-board-view-private.h"
#include "hb-window-private.h"
#include "flow.h"

typedef HbAppTestDir Fixture;

/* Draws `state` as a screenshot would show it (a dark page with the board
 * off-centre). */
static cairo_surface_t *
draw_screenshot (const HbState *state)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 640, 900);
  cairo_t *cr = cairo_create (surface);
  HbRenderOptions opts = { .mode = HB_MODE_PLAY, .hover_x = -1, .hover_y = -1, .dark = TRUE };
  HbLayout layout;

  cairo_set_source_rgb (cr, 0.07, 0.07, 0.09);
  cairo_paint (cr);
  hb_layout_fit (&layout, state->width, state->height, 560, 560, 0);
  layout.x0 += 50;
  layout.y0 += 200;
  state->game->render (state, cr, &layout, &opts);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static AdwMessageDialog *last_dialog (HbWindow *window);

/* The same, saved as PNG at `path`. */
static void
save_screenshot (const HbState *state, const char *path)
{
  cairo_surface_t *surface = draw_screenshot (state);

  g_assert_cmpint (cairo_surface_write_to_png (surface, path), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);
}

static gboolean
game_is_flow (gpointer data)
{
  return hb_window_get_game (data) == hb_registry_find_game ("flow");
}

static gboolean
is_main_menu_button (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_MENU_BUTTON (widget)
         && g_strcmp0 (gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (widget)),
                       "open-menu-symbolic") == 0;
}

/* Whether `model` (or a section or submenu of it) has an item for
 * `action`. */
static gboolean
menu_has_action (GMenuModel *model, const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *a = NULL;
      GMenuLinkIter *links;
      gboolean found = FALSE;

      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &a)
          && g_str_equal (a, action))
        return TRUE;
      links = g_menu_model_iterate_item_links (model, i);
      while (!found && g_menu_link_iter_next (links))
        {
          GMenuModel *sub = g_menu_link_iter_get_value (links);
          found = menu_has_action (sub, action);
          g_object_unref (sub);
        }
      g_object_unref (links);
      if (found)
        return TRUE;
    }
  return FALSE;
}

/* Ctrl+V: a picture on the clipboard opens as the level in it; a
 * clipboard without one says so and leaves the level alone. It is in the
 * main menu too (it was only in the shortcuts window). */
static void
test_import_paste (Fixture *f, gconstpointer data)
{
  const HbGame *flow = hb_registry_find_game ("flow");
  HbGenerateParams params = { 7, 7, 0, 23, NULL };
  GError *error = NULL;
  HbState *drawn = flow->generate (&params, &error);
  HbWindow *window = hb_app_test_window_new ();
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (window));
  const HbGame *before;
  cairo_surface_t *surface;
  GBytes *bytes;
  GdkTexture *texture;
  const char *toast;

  g_assert_no_error (error);
  g_assert_true (hb_window_select_game (window, "lights"));
  hb_window_set_ask_to_save (window, FALSE);
  before = hb_window_get_game (window);
  g_assert_true (before != flow);

  {
    GtkWidget *menu_button = hb_app_test_find_where (GTK_WIDGET (window), is_main_menu_button, NULL);
    g_assert_nonnull (menu_button);
    g_assert_true (menu_has_action (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (menu_button)),
                                    "win.paste"));
  }
  gdk_clipboard_set_content (clipboard, NULL);
  hb_app_test_activate (window, "paste", NULL);
  hb_app_test_settle (100);
  hb_app_test_wait_loaded (window);
  g_assert_true (hb_window_get_game (window) == before);
  g_assert_cmpstr (hb_window_get_last_toast (window), ==, "The clipboard holds no level or picture");

  surface = draw_screenshot (drawn);
  bytes = g_bytes_new (cairo_image_surface_get_data (surface),
                       (gsize) cairo_image_surface_get_stride (surface) * 900);
  texture = gdk_memory_texture_new (640, 900, GDK_MEMORY_DEFAULT, bytes,
                                    cairo_image_surface_get_stride (surface));
  gdk_clipboard_set_texture (clipboard, texture);
  hb_app_test_activate (window, "paste", NULL);
  hb_app_test_wait (game_is_flow, window, 20000, "the pasted level");
  hb_app_test_wait_loaded (window);
  g_assert_true (flow->equal (drawn, hb_window_get_state (window)));
  g_assert_cmpint (hb_window_get_mode (window), ==, HB_MODE_EDIT);
  g_assert_null (hb_window_get_file (window));
  /* Unsaved work: the clipboard may not hold the picture for long. */
  g_assert_true (hb_window_get_modified (window));
  toast = hb_window_get_last_toast (window);
  g_assert_nonnull (toast);
  if (!g_str_has_prefix (toast, "Flow Free, 7×7"))
    g_error ("toast “%s” is not the import's summary", toast);

  hb_app_test_window_close (window);
  g_object_unref (texture);
  g_bytes_unref (bytes);
  cairo_surface_destroy (surface);
  hb_state_free (drawn);
}

/* A clipboard whose owner is slow: it offers a PNG and writes it only
 * when told (hb_slow_picture_release), as a program that owns the
 * clipboard and takes its time does. It has no get_value, so GDK reads it
 * through a pipe, as it reads another program's clipboard, and the reader
 * waits for the bytes. */
typedef struct {
  GdkContentProvider parent;
  GBytes            *png;
  GTask             *pending;     /* the write asked for, not done */
  GOutputStream     *stream;
  gboolean           asked;
  gboolean           written;     /* the bytes went, or were refused */
} HbSlowPicture;

typedef GdkContentProviderClass HbSlowPictureClass;

static GType hb_slow_picture_get_type (void);
G_DEFINE_TYPE (HbSlowPicture, hb_slow_picture, GDK_TYPE_CONTENT_PROVIDER)

static GdkContentFormats *
slow_picture_ref_formats (GdkContentProvider *provider)
{
  return gdk_content_formats_new ((const char *[]) { "image/png", NULL }, 1);
}

static void
slow_picture_write_async (GdkContentProvider *provider, const char *mime_type,
                          GOutputStream *stream, int io_priority, GCancellable *cancellable,
                          GAsyncReadyCallback callback, gpointer data)
{
  HbSlowPicture *self = (HbSlowPicture *) provider;

  /* The owner is another program: the reader's cancellable is not its to
   * watch. */
  g_assert_null (self->pending);
  self->asked = TRUE;
  self->pending = g_task_new (provider, NULL, callback, data);
  self->stream = g_object_ref (stream);
}

static gboolean
slow_picture_write_finish (GdkContentProvider *provider, GAsyncResult *result, GError **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
slow_picture_finalize (GObject *object)
{
  HbSlowPicture *self = (HbSlowPicture *) object;

  g_assert_null (self->pending);
  g_bytes_unref (self->png);
  G_OBJECT_CLASS (hb_slow_picture_parent_class)->finalize (object);
}

static void
hb_slow_picture_class_init (HbSlowPictureClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = slow_picture_finalize;
  klass->ref_formats = slow_picture_ref_formats;
  klass->write_mime_type_async = slow_picture_write_async;
  klass->write_mime_type_finish = slow_picture_write_finish;
}

static void
hb_slow_picture_init (HbSlowPicture *self)
{
}

static cairo_status_t
append_png (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* A slow clipboard owner holding `state` drawn as a screenshot. */
static HbSlowPicture *
hb_slow_picture_new (const HbState *state)
{
  HbSlowPicture *self = g_object_new (hb_slow_picture_get_type (), NULL);
  cairo_surface_t *surface = draw_screenshot (state);
  GByteArray *png = g_byte_array_new ();

  g_assert_cmpint (cairo_surface_write_to_png_stream (surface, append_png, png), ==,
                   CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);
  self->png = g_byte_array_free_to_bytes (png);
  return self;
}

static void
slow_picture_written (GObject *source, GAsyncResult *result, gpointer data)
{
  GTask *task = data;
  HbSlowPicture *self = g_task_get_source_object (task);
  GError *error = NULL;

  /* Refused when the reader went away: the owner does not mind. */
  if (!g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), result, NULL, &error))
    g_test_message ("the slow owner's write: %s", error->message);
  g_clear_error (&error);
  g_output_stream_close (G_OUTPUT_STREAM (source), NULL, NULL);
  self->written = TRUE;
  g_task_return_boolean (task, TRUE);
  g_object_unref (task);
}

/* The owner answers at last: the picture's bytes go to the reader, if it
 * is still there. */
static void
hb_slow_picture_release (HbSlowPicture *self)
{
  g_assert_nonnull (self->pending);
  g_output_stream_write_all_async (self->stream, g_bytes_get_data (self->png, NULL),
                                   g_bytes_get_size (self->png), G_PRIORITY_DEFAULT, NULL,
                                   slow_picture_written, g_steal_pointer (&self->pending));
  g_clear_object (&self->stream);
}

/* For hb_app_test_wait: the slow owner (data) was asked for its bytes. */
static gboolean
slow_asked (gpointer data)
{
  return ((HbSlowPicture *) data)->asked;
}

/* The slow owner (data) answered, and no paste reads the clipboard any
 * more: what the bytes could do is done (a paste stopped meanwhile has
 * dropped them). */
static gboolean
slow_answered_and_read (gpointer data)
{
  return ((HbSlowPicture *) data)->written && hb_window_pastes_reading () == 0;
}

static gboolean
not_loading (gpointer data)
{
  return !hb_window_is_loading (data);
}

static gboolean
says_opening_pasted (gpointer data)
{
  return g_strcmp0 (hb_window_get_last_toast (data), "Opening “Pasted picture”…") == 0;
}

typedef struct {
  HbWindow     *window;
  const HbState *state;
} LevelIs;

static gboolean
level_is (gpointer data)
{
  LevelIs *l = data;

  return hb_window_get_game (l->window) == l->state->game
         && l->state->game->equal (l->state, hb_window_get_state (l->window));
}

/* JPEG bytes of `pb` as a phone stores a picture it took sideways: the
 * pixels turned a quarter anticlockwise, with an EXIF orientation of 6
 * ("turn a quarter clockwise to show") in an APP1 segment after the
 * JFIF one. */
static GBytes *
jpeg_stored_sideways (GdkPixbuf *pb)
{
  static const guint8 exif[] = {
    0xFF, 0xE1, 0x00, 0x22, 'E', 'x', 'i', 'f', 0, 0,
    'M', 'M', 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08,   /* big-endian TIFF, IFD at 8 */
    0x00, 0x01,                                     /* one entry: */
    0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, /* Orientation, SHORT, 1 */
    0x00, 0x06, 0x00, 0x00,                         /* 6 */
    0x00, 0x00, 0x00, 0x00,                         /* no next IFD */
  };
  g_autoptr (GdkPixbuf) stored = gdk_pixbuf_rotate_simple (pb, GDK_PIXBUF_ROTATE_COUNTERCLOCKWISE);
  g_autofree char *jpeg = NULL;
  gsize len = 0, at;
  GByteArray *out = g_byte_array_new ();
  GError *error = NULL;

  g_assert_true (gdk_pixbuf_save_to_buffer (stored, &jpeg, &len, "jpeg", &error,
                                            "quality", "95", NULL));
  g_assert_no_error (error);
  /* After SOI and the JFIF APP0 segment. */
  g_assert_true (len > 6 && (guint8) jpeg[0] == 0xFF && (guint8) jpeg[1] == 0xD8);
  at = 2;
  if ((guint8) jpeg[2] == 0xFF && (guint8) jpeg[3] == 0xE0)
    at += 2 + (((gsize) (guint8) jpeg[4] << 8) | (guint8) jpeg[5]);
  g_assert_cmpuint (sizeof exif, ==, 2 + 0x22);
  g_byte_array_append (out, (const guint8 *) jpeg, at);
  g_byte_array_append (out, exif, sizeof exif);
  g_byte_array_append (out, (const guint8 *) jpeg + at, len - at);
  return g_byte_array_free_to_bytes (out);
}

/* The picture behind the board is the 640×900 screenshot, upright, and
 * the board read from it 7×5. */
static void
picture_is_upright (HbWindow *window)
{
  HbBoardView *view = hb_window_get_board_view (window);
  int w = 0, h = 0;

  g_assert_true (hb_board_view_get_picture_size (view, &w, &h));
  g_assert_cmpint (w, ==, 7);
  g_assert_cmpint (h, ==, 5);
  g_assert_nonnull (view->picture);
  g_assert_cmpint (cairo_image_surface_get_width (view->picture), ==, 640);
  g_assert_cmpint (cairo_image_surface_get_height (view->picture), ==, 900);
}

/* Ctrl+V of JPEG bytes whose EXIF orientation says to turn them: the
 * board reads upright, the picture behind it too, as an Open of the same
 * file reads it (GTK's texture of the bytes ignores the tag: the board
 * came in turned, the picture sideways). */
static void
test_import_paste_orientation (Fixture *f, gconstpointer data)
{
  const HbGame *flow = hb_registry_find_game ("flow");
  HbGenerateParams params = { 7, 5, 0, 23, NULL };
  GError *error = NULL;
  HbState *drawn = flow->generate (&params, &error);
  HbWindow *window = hb_app_test_window_new ();
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (window));
  g_autofree char *path = g_build_filename (f->dir, "sideways.jpg", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  cairo_surface_t *surface;
  g_autoptr (GdkPixbuf) pb = NULL;
  g_autoptr (GBytes) jpeg = NULL;
  g_autoptr (GdkContentProvider) content = NULL;
  LevelIs is = { window, drawn };

  g_assert_no_error (error);
  g_assert_true (hb_window_select_game (window, "lights"));
  hb_window_set_ask_to_save (window, FALSE);
  surface = draw_screenshot (drawn);
  pb = gdk_pixbuf_get_from_surface (surface, 0, 0, 640, 900);
  cairo_surface_destroy (surface);
  jpeg = jpeg_stored_sideways (pb);

  /* Opened: upright. */
  g_assert_true (g_file_set_contents (path, g_bytes_get_data (jpeg, NULL),
                                      (gssize) g_bytes_get_size (jpeg), NULL));
  g_assert_true (hb_app_test_load (window, file));
  hb_app_test_wait_loaded (window);
  g_assert_true (level_is (&is));
  picture_is_upright (window);

  /* Pasted: the same. */
  g_assert_true (hb_window_select_game (window, "lights"));
  g_assert_false (level_is (&is));
  content = gdk_content_provider_new_for_bytes ("image/jpeg", jpeg);
  g_assert_true (gdk_clipboard_set_content (clipboard, content));
  hb_app_test_activate (window, "paste", NULL);
  hb_app_test_settle (100);
  hb_app_test_wait_loaded (window);
  hb_app_test_wait (level_is, &is, 20000, "the pasted level, upright");
  g_assert_null (hb_window_get_file (window));
  picture_is_upright (window);

  /* The same limits, said alike: a WebP of 13000×9000 (its header is
   * enough) is refused by its size before anything is decoded, opened or
   * pasted, and the level stays. */
  {
    static const guint8 webp[30] = {
      'R', 'I', 'F', 'F', 22, 0, 0, 0, 'W', 'E', 'B', 'P', 'V', 'P', '8', 'X', 10, 0, 0, 0,
      0, 0, 0, 0, 0xC7, 0x32, 0x00, 0x27, 0x23, 0x00,   /* 12999 + 1, 8999 + 1 */
    };
    g_autofree char *big = g_build_filename (f->dir, "big.webp", NULL);
    g_autoptr (GFile) big_file = g_file_new_for_path (big);
    g_autoptr (GBytes) big_bytes = g_bytes_new_static (webp, sizeof webp);
    g_autofree char *opened = NULL;
    const char *said;

    g_assert_true (g_file_set_contents (big, (const char *) webp, sizeof webp, NULL));
    g_assert_false (hb_app_test_load (window, big_file));
    said = hb_window_get_last_toast (window);
    g_assert_nonnull (strstr (said, "13000×9000"));
    opened = g_strdup (strchr (said, ':'));
    g_assert_true (level_is (&is));
    g_assert_cmpstr (adw_message_dialog_get_heading (last_dialog (window)), ==,
                     "Could Not Open the File");
    gtk_window_destroy (GTK_WINDOW (last_dialog (window)));
    hb_app_test_settle (20);
    g_clear_object (&content);
    content = gdk_content_provider_new_for_bytes ("image/webp", big_bytes);
    g_assert_true (gdk_clipboard_set_content (clipboard, content));
    hb_app_test_activate (window, "paste", NULL);
    hb_app_test_settle (100);
    hb_app_test_wait_loaded (window);
    said = hb_window_get_last_toast (window);
    g_assert_true (g_str_has_prefix (said, "Pasted picture: "));
    g_assert_cmpstr (strchr (said, ':'), ==, opened);
    /* Headed as a paste, not a file (it said "Could Not Open the File"). */
    g_assert_cmpstr (adw_message_dialog_get_heading (last_dialog (window)), ==,
                     "Could Not Read the Pasted Picture");
    g_assert_true (level_is (&is));
  }

  gdk_clipboard_set_content (clipboard, NULL);
  hb_app_test_window_close (window);
  hb_state_free (drawn);
}

/* Ctrl+V while the clipboard's owner takes its time: the paste is an open
 * in flight like any other (it waited with nothing said and nothing to
 * stop it, and whenever the owner answered its picture replaced the
 * level). It says "Opening…", Cancel (Escape, the toast's button) stops
 * it and the level stays, whatever the owner sends later; an Open or
 * another Ctrl+V meanwhile wins over it, as a second Open wins over a
 * first. */
static void
test_import_paste_cancel (Fixture *f, gconstpointer data)
{
  const HbGame *flow = hb_registry_find_game ("flow");
  HbGenerateParams params = { 7, 7, 0, 23, NULL };
  HbGenerateParams other = { 6, 6, 0, 5, NULL };
  GError *error = NULL;
  HbState *drawn = flow->generate (&params, &error);
  HbState *slow_drawn = flow->generate (&other, &error);
  HbWindow *window = hb_app_test_window_new ();
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (window));
  g_autofree char *path = g_build_filename (f->dir, "two.lights", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  HbSlowPicture *slow;
  HbState *before;
  LevelIs is;

  g_assert_no_error (error);
  g_assert_true (hb_window_select_game (window, "lights"));
  hb_window_set_ask_to_save (window, FALSE);
  before = hb_state_copy (hb_window_get_state (window));
  is.window = window;

  /* Left alone, the slow owner's picture opens once it comes. */
  slow = hb_slow_picture_new (slow_drawn);
  g_assert_true (gdk_clipboard_set_content (clipboard, GDK_CONTENT_PROVIDER (slow)));
  hb_app_test_activate (window, "paste", NULL);
  hb_app_test_wait (slow_asked, slow, 20000, "the paste to ask the slow owner");
  hb_slow_picture_release (slow);
  is.state = slow_drawn;
  hb_app_test_wait (level_is, &is, 20000, "the slow owner's level");
  hb_app_test_wait_loaded (window);
  g_object_unref (slow);
  g_assert_true (hb_window_select_game (window, "lights"));
  hb_window_set_level (window, hb_state_copy (before), NULL, NULL);

  /* Stopped (Escape) while the owner is silent. */
  slow = hb_slow_picture_new (slow_drawn);
  g_assert_true (gdk_clipboard_set_content (clipboard, GDK_CONTENT_PROVIDER (slow)));
  hb_app_test_x_focus (GTK_WINDOW (window));
  hb_app_test_activate (window, "paste", NULL);
  /* Nothing said at once: the toast shows once it takes a while (300 ms),
   * here as long as the owner is silent. */
  g_assert_null (window->load_toast.toast);
  hb_app_test_wait (says_opening_pasted, window, 20000, "“Opening “Pasted picture”…”");
  g_assert_true (slow->asked);
  g_assert_false (slow->written);
  g_assert_true (hb_window_is_loading (window));
  g_assert_true (hb_window_get_action_enabled (window, "cancel"));
  if (!hb_app_test_x_key (GTK_WIDGET (window), GDK_KEY_Escape))
    {
      g_test_message ("no X11 display with XTest: win.cancel, as the toast's Cancel");
      hb_app_test_activate (window, "cancel", NULL);
    }
  hb_app_test_wait (not_loading, window, 20000, "the paste to stop");
  g_assert_null (window->load_toast.toast);
  hb_slow_picture_release (slow);
  hb_app_test_wait (slow_answered_and_read, slow, 20000, "the slow owner's answer");
  is.state = before;
  g_assert_true (level_is (&is));
  g_assert_false (hb_window_get_modified (window));
  g_assert_cmpstr (hb_window_get_last_toast (window), ==, "Opening “Pasted picture”…");
  g_object_unref (slow);

  /* An Open meanwhile: its level stays. */
  g_assert_true (g_file_set_contents (path, "01\n10\n", -1, NULL));
  slow = hb_slow_picture_new (slow_drawn);
  g_assert_true (gdk_clipboard_set_content (clipboard, GDK_CONTENT_PROVIDER (slow)));
  hb_app_test_activate (window, "paste", NULL);
  hb_app_test_wait (slow_asked, slow, 20000, "the paste to ask the slow owner");
  g_assert_true (hb_app_test_load (window, file));
  g_assert_cmpint (hb_window_get_state (window)->width, ==, 2);
  hb_slow_picture_release (slow);
  hb_app_test_wait (slow_answered_and_read, slow, 20000, "the slow owner's answer");
  g_assert_cmpint (hb_window_get_state (window)->width, ==, 2);
  g_assert_true (g_file_equal (hb_window_get_file (window), file));
  g_assert_false (hb_window_is_loading (window));
  g_object_unref (slow);

  /* Another Ctrl+V meanwhile, of a picture at hand: its level stays. */
  slow = hb_slow_picture_new (slow_drawn);
  g_assert_true (gdk_clipboard_set_content (clipboard, GDK_CONTENT_PROVIDER (slow)));
  hb_app_test_activate (window, "paste", NULL);
  hb_app_test_wait (slow_asked, slow, 20000, "the paste to ask the slow owner");
  {
    cairo_surface_t *surface = draw_screenshot (drawn);
    GBytes *bytes = g_bytes_new (cairo_image_surface_get_data (surface),
                                 (gsize) cairo_image_surface_get_stride (surface) * 900);
    GdkTexture *texture = gdk_memory_texture_new (640, 900, GDK_MEMORY_DEFAULT, bytes,
                                                  cairo_image_surface_get_stride (surface));

    gdk_clipboard_set_texture (clipboard, texture);
    hb_app_test_activate (window, "paste", NULL);
    g_object_unref (texture);
    g_bytes_unref (bytes);
    cairo_surface_destroy (surface);
  }
  is.state = drawn;
  hb_app_test_wait (level_is, &is, 20000, "the second paste's level");
  hb_app_test_wait_loaded (window);
  hb_slow_picture_release (slow);
  hb_app_test_wait (slow_answered_and_read, slow, 20000, "the slow owner's answer");
  g_assert_true (level_is (&is));
  g_assert_false (hb_window_is_loading (window));
  g_object_unref (slow);

  hb_app_test_window_close (window);
  hb_state_free (before);
  hb_state_free (drawn);
  hb_state_free (slow_drawn);
}

static gboolean
pointer_is_null (gpointer data)
{
  return *(gpointer *) data == NULL;
}

/* A window closed while its paste waits for a silent clipboard owner is
 * freed at once (the paste held it until the owner answered, or GDK gave
 * up on it), and what the owner sends later is dropped. */
static void
test_import_paste_close (Fixture *f, gconstpointer data)
{
  const HbGame *flow = hb_registry_find_game ("flow");
  HbGenerateParams params = { 6, 6, 0, 5, NULL };
  GError *error = NULL;
  HbState *drawn = flow->generate (&params, &error);
  HbWindow *window = hb_app_test_window_new ();
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (window));
  HbSlowPicture *slow;

  g_assert_no_error (error);
  hb_window_set_ask_to_save (window, FALSE);
  slow = hb_slow_picture_new (drawn);
  g_assert_true (gdk_clipboard_set_content (clipboard, GDK_CONTENT_PROVIDER (slow)));
  hb_app_test_activate (window, "paste", NULL);
  hb_app_test_wait (slow_asked, slow, 20000, "the paste to ask the slow owner");
  g_assert_true (hb_window_is_loading (window));
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  gtk_window_destroy (GTK_WINDOW (window));
  hb_app_test_wait (pointer_is_null, &window, 20000, "the closed window to be freed");
  /* All that while the owner kept its bytes, and the read waited for
   * them: GDK reads an owner in this program on a thread that no
   * cancellable stops (GTK 4.8), as it may wait on another program. */
  g_assert_false (slow->written);
  g_assert_nonnull (slow->pending);
  g_assert_cmpuint (hb_window_pastes_reading (), ==, 1);
  hb_slow_picture_release (slow);
  hb_app_test_wait (slow_answered_and_read, slow, 20000, "the slow owner's answer");
  gdk_clipboard_set_content (clipboard, NULL);
  g_object_unref (slow);
  hb_state_free (drawn);
}

/* A key pressed on the board view (its key controllers, as GTK would). */
static gboolean
board_key (HbBoardView *view, guint keyval)
{
  gboolean handled = FALSE;
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (view));

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !handled; i++)
    {
      g_autoptr (GObject) c = g_list_model_get_item (controllers, i);
      if (GTK_IS_EVENT_CONTROLLER_KEY (c))
        g_signal_emit_by_name (c, "key-pressed", keyval, 0, 0, &handled);
    }
  return handled;
}

static gboolean
tooltip_is (GtkWidget *widget, gconstpointer text)
{
  return g_strcmp0 (gtk_widget_get_tooltip_text (widget), text) == 0;
}

/* The keyboard cursor over an imported Infinite Loop board in Edit, the
 * screenshot behind it, is drawn whole over everything: Infinite Loop
 * draws its ring under its turn badges itself, and over the screenshot
 * that ring was painted with the board at 80 % (review). */
static void
test_import_loop_cursor (Fixture *f, gconstpointer data)
{
  const HbGame *loop = hb_registry_find_game ("loop");
  HbGenerateParams params = { 6, 6, 0, 5, NULL };
  GError *error = NULL;
  HbState *drawn;
  HbWindow *window;
  HbBoardView *view;
  g_autofree char *path = g_build_filename (f->dir, "loop-shot.png", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  HbLayout layout;
  HbShot *shot;
  int best = 1000, cx, cy;
  double lw, x, y;

  drawn = loop->generate (&params, &error);
  g_assert_no_error (error);
  save_screenshot (drawn, path);
  window = hb_app_test_window_new ();
  g_assert_true (hb_app_test_load (window, file));
  g_assert_true (hb_window_get_game (window) == loop);
  g_assert_cmpint (hb_window_get_mode (window), ==, HB_MODE_EDIT);
  view = hb_window_get_board_view (window);
  g_assert_true (hb_board_view_has_picture (view));
  gtk_widget_grab_focus (GTK_WIDGET (view));
  hb_board_view_move_cursor (view, 1, 0);
  hb_board_view_get_cursor (view, &cx, &cy);
  hb_app_test_settle (50);
  hb_board_view_get_layout (view, &layout);
  shot = hb_app_test_shot (GTK_WIDGET (view));
  /* hb_render_cursor: libadwaita's blue, lw wide, centred lw inside the
   * cell's left edge; its nearest pixel there is that blue. */
  lw = MAX (2.0, layout.cell / 20);
  x = layout.x0 + cx * layout.cell + lw;
  y = layout.y0 + (cy + 0.5) * layout.cell;
  for (int dx = -2; dx <= 2; dx++)
    {
      int rgb[3];

      hb_app_test_pixel (shot, (int) x + dx, (int) y, rgb);
      best = MIN (best, abs (rgb[0] - 54) + abs (rgb[1] - 133) + abs (rgb[2] - 227));
    }
  if (best > 9)
    g_error ("the cursor's ring is %d from its blue over the screenshot", best);
  hb_app_test_shot_free (shot);
  hb_app_test_window_close (window);
  hb_state_free (drawn);
}

static void
test_import_png (Fixture *f, gconstpointer data)
{
  const HbGame *flow = hb_registry_find_game ("flow");
  HbGenerateParams params = { 7, 7, 0, 11, NULL };
  GError *error = NULL;
  HbState *drawn;
  HbWindow *window;
  char *path = g_build_filename (f->dir, "level-shot.png", NULL);
  GFile *file = g_file_new_for_path (path);
  const HbState *got;
  const char *toast;

  g_assert_nonnull (flow);
  drawn = flow->generate (&params, &error);
  g_assert_no_error (error);
  save_screenshot (drawn, path);

  window = hb_app_test_window_new ();
  hb_window_set_mode (window, HB_MODE_PLAY);
  g_assert_true (hb_window_get_game (window) != flow);
  g_assert_true (hb_app_test_load (window, file));

  got = hb_window_get_state (window);
  g_assert_true (hb_window_get_game (window) == flow);
  g_assert_cmpint (got->width, ==, 7);
  g_assert_cmpint (got->height, ==, 7);
  g_assert_true (flow->equal (drawn, got));
  g_assert_cmpint (hb_window_get_mode (window), ==, HB_MODE_EDIT);
  /* The level is new: saving must not write text over the picture, and
   * it is unsaved work until saved. */
  g_assert_null (hb_window_get_file (window));
  g_assert_true (hb_window_get_modified (window));
  toast = hb_window_get_last_toast (window);
  g_assert_nonnull (toast);
  if (!g_str_has_prefix (toast, "Flow Free, 7×7"))
    g_error ("toast “%s” is not the import's summary", toast);

  /* The screenshot lies behind the board, and its switch hides it. */
  {
    HbBoardView *view = hb_window_get_board_view (window);
    HbShot *on, *off;
    double px, py;
    int a[3], b[3];
    gboolean differs = FALSE;
    guint8 mask[49] = { 0 };

    g_assert_true (hb_board_view_has_picture (view));
    hb_app_test_settle (50);
    on = hb_app_test_shot (GTK_WIDGET (view));
    hb_board_view_set_show_picture (view, FALSE);
    hb_app_test_settle (50);
    off = hb_app_test_shot (GTK_WIDGET (view));
    for (int y = 0; y < 7 && !differs; y++)
      for (int x = 0; x < 7 && !differs; x++)
        {
          hb_app_test_cell_point (window, x, y, 0.5, 0.5, &px, &py);
          hb_app_test_pixel (on, (int) px, (int) py, a);
          hb_app_test_pixel (off, (int) px, (int) py, b);
          differs = a[0] != b[0] || a[1] != b[1] || a[2] != b[2];
        }
    g_assert_true (differs);
    /* The picture shows in grey, the board over it at 80 %: what it adds
     * to each pixel has no colour of its own (in its colours a moved
     * dot's ghost read as another dot, of the palette's pink: a
     * newcomer's look). */
    {
      HbLayout l;
      int worst = 0;

      hb_board_view_get_layout (view, &l);
      for (int y = (int) l.y0 + 1; y < (int) (l.y0 + 7 * l.cell) - 1; y += 3)
        for (int x = (int) l.x0 + 1; x < (int) (l.x0 + 7 * l.cell) - 1; x += 3)
          {
            double ghost[3], lo = 1e9, hi = -1e9;
            hb_app_test_pixel (on, x, y, a);
            hb_app_test_pixel (off, x, y, b);
            for (int k = 0; k < 3; k++)
              {
                ghost[k] = (a[k] - 0.8 * b[k]) / 0.2;
                lo = MIN (lo, ghost[k]);
                hi = MAX (hi, ghost[k]);
              }
            worst = MAX (worst, (int) (hi - lo));
          }
      g_test_message ("the picture's widest colour spread under the board: %d", worst);
      g_assert_cmpint (worst, <=, 20);
    }
    hb_app_test_shot_free (on);
    hb_app_test_shot_free (off);
    hb_board_view_set_show_picture (view, TRUE);
    /* In Play it is not drawn: the board is played, not checked (a turned
     * tile's ghost kept the screenshot's way round). */
    hb_window_set_mode (window, HB_MODE_PLAY);
    hb_app_test_settle (50);
    on = hb_app_test_shot (GTK_WIDGET (view));
    hb_board_view_set_show_picture (view, FALSE);
    hb_app_test_settle (50);
    off = hb_app_test_shot (GTK_WIDGET (view));
    g_assert_cmpmem (on->data, on->stride * on->height, off->data, off->stride * off->height);
    hb_app_test_shot_free (on);
    hb_app_test_shot_free (off);
    hb_board_view_set_show_picture (view, TRUE);
    hb_window_set_mode (window, HB_MODE_EDIT);
    hb_app_test_settle (50);

    /* Unsure cells are outlined each until a click in Edit touches it
     * (an edit, or a confirmation that changes nothing): an edit
     * elsewhere, and Undo, leave the others (the first edit took them
     * all, so a board read with many could not be checked cell by
     * cell). */
    mask[0] = mask[8] = 1;
    {
      HbShot *before, *after;
      int c0[3], c1[3], b0[3], b1[3];

      /* (Marks without the picture: set alone, the picture goes.) */
      hb_board_view_set_import (view, NULL, 0, 0, 0, 0, NULL);
      hb_app_test_settle (50);
      before = hb_app_test_shot (GTK_WIDGET (view));
      hb_board_view_set_import (view, NULL, 0, 0, 0, 0, mask);
      hb_app_test_settle (50);
      after = hb_app_test_shot (GTK_WIDGET (view));
      /* The band is orange; the cell's middle (a dot's colour) is as it
       * was (a tint over the whole cell made a blue dot lavender). */
      hb_app_test_cell_point (window, 1, 1, 0.5, 0.5, &px, &py);
      hb_app_test_pixel (before, (int) px, (int) py, c0);
      hb_app_test_pixel (after, (int) px, (int) py, c1);
      g_assert_cmpmem (c0, sizeof c0, c1, sizeof c1);
      hb_app_test_cell_point (window, 1, 1, 0.16, 0.5, &px, &py);
      hb_app_test_pixel (before, (int) px, (int) py, b0);
      hb_app_test_pixel (after, (int) px, (int) py, b1);
      g_assert_true (b0[0] != b1[0] || b0[1] != b1[1] || b0[2] != b1[2]);
      hb_app_test_shot_free (before);
      hb_app_test_shot_free (after);
    }
    /* In Play they are not drawn either (the rings cluttered the board
     * played), and come back in Edit. */
    {
      HbShot *edit, *play;

      edit = hb_app_test_shot (GTK_WIDGET (view));
      hb_window_set_mode (window, HB_MODE_PLAY);
      hb_app_test_settle (50);
      play = hb_app_test_shot (GTK_WIDGET (view));
      hb_board_view_set_import (view, NULL, 0, 0, 0, 0, NULL);
      hb_app_test_settle (50);
      {
        HbShot *bare = hb_app_test_shot (GTK_WIDGET (view));
        g_assert_cmpmem (play->data, play->stride * play->height, bare->data,
                         bare->stride * bare->height);
        hb_app_test_shot_free (bare);
      }
      hb_window_set_mode (window, HB_MODE_EDIT);
      hb_app_test_settle (50);
      hb_board_view_set_import (view, NULL, 0, 0, 0, 0, mask);
      hb_app_test_settle (50);
      hb_app_test_shot_free (play);
      play = hb_app_test_shot (GTK_WIDGET (view));
      g_assert_cmpmem (edit->data, edit->stride * edit->height, play->data,
                       play->stride * play->height);
      hb_app_test_shot_free (edit);
      hb_app_test_shot_free (play);
    }
    g_assert_cmpint (hb_window_get_mode (window), ==, HB_MODE_EDIT);
    g_assert_cmpuint (hb_board_view_get_n_marked (view), ==, 2);
    hb_app_test_cell_point (window, 3, 3, 0.5, 0.5, &px, &py);
    hb_board_view_simulate_click (view, px, py, 1);
    hb_app_test_settle (30);
    g_assert_false (flow->equal (drawn, hb_window_get_state (window)));
    g_assert_cmpuint (hb_board_view_get_n_marked (view), ==, 2);
    hb_app_test_activate (window, "undo", NULL);
    hb_app_test_settle (30);
    g_assert_true (flow->equal (drawn, hb_window_get_state (window)));
    g_assert_cmpuint (hb_board_view_get_n_marked (view), ==, 2);
    hb_app_test_cell_point (window, 1, 1, 0.5, 0.5, &px, &py);
    hb_board_view_simulate_click (view, px, py, 1);
    hb_app_test_settle (30);
    g_assert_cmpuint (hb_board_view_get_n_marked (view), ==, 1);
    /* Undo of that edit brings its mark back, Redo takes it again (an
     * Undo brought the cell back without its mark, for good). */
    hb_app_test_activate (window, "undo", NULL);
    hb_app_test_settle (30);
    g_assert_cmpuint (hb_board_view_get_n_marked (view), ==, 2);
    hb_app_test_activate (window, "redo", NULL);
    hb_app_test_settle (30);
    g_assert_cmpuint (hb_board_view_get_n_marked (view), ==, 1);
    hb_app_test_cell_point (window, 0, 0, 0.5, 0.5, &px, &py);
    hb_board_view_simulate_click (view, px, py, 1);
    hb_app_test_settle (30);
    g_assert_cmpuint (hb_board_view_get_n_marked (view), ==, 0);

    /* A row of their own under the picture's row lists the cells marked
     * now, counted in its title: one kept as read leaves the list (it
     * stayed listed: review); the last one gone, the row goes. Keep All
     * sits there, not beside the picture's switch (the switch's title
     * wrapped to three lines and the list ran down a narrow column). */
    {
      GtkWidget *row = hb_app_test_find_row (GTK_WIDGET (window), "_Show the screenshot in Edit");
      GtkWidget *unsure;

      g_assert_nonnull (row);
      memset (mask, 0, sizeof mask);
      mask[2] = mask[3 * 7 + 4] = 1;
      hb_board_view_set_import (view, NULL, 0, 0, 0, 0, mask);
      hb_app_test_settle (30);
      /* The keyboard cursor starts on the first cell marked. */
      {
        int cx, cy;

        hb_board_view_move_cursor (view, 0, 0);
        hb_board_view_get_cursor (view, &cx, &cy);
        g_assert_cmpint (cx, ==, 2);
        g_assert_cmpint (cy, ==, 0);
      }
      hb_app_test_cell_point (window, 2, 0, 0.5, 0.5, &px, &py);
      hb_board_view_simulate_click (view, px, py, 3);
      hb_app_test_settle (30);
      g_assert_cmpuint (hb_board_view_get_n_marked (view), ==, 1);
      unsure = hb_app_test_find_row (GTK_WIDGET (window), "1 cell unsure");
      g_assert_nonnull (unsure);
      g_assert_true (gtk_widget_get_visible (unsure));
      g_test_message ("unsure row: %s", adw_action_row_get_subtitle (ADW_ACTION_ROW (unsure)));
      g_assert_null (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (unsure)),
                             "row 1, column 3"));
      g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (unsure)),
                                "row 4, column 5"));
      g_assert_null (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "row 4"));
      g_assert_null (hb_app_test_find_where (row, tooltip_is, "Keep Every Unsure Cell as Read"));
      /* Keep All keeps the rest as read at once (a JPEG of a big Flood-It
       * board left over a hundred marks, a right click each: review). */
      {
        GtkWidget *keep = hb_app_test_find_where (unsure, tooltip_is,
                                                  "Keep Every Unsure Cell as Read");
        g_assert_nonnull (keep);
        g_assert_true (gtk_widget_get_visible (keep));
        g_signal_emit_by_name (keep, "clicked");
        hb_app_test_settle (30);
        g_assert_cmpuint (hb_board_view_get_n_marked (view), ==, 0);
        g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "");
        g_assert_false (gtk_widget_get_visible (unsure));
      }
    }

    /* A right click keeps a cell as read: the mark goes, the board stays
     * (a click on a Flow Free dot removes it, so a dot read right could
     * not be confirmed). */
    {
      HbState *now = hb_state_copy (hb_window_get_state (window));
      int d = 0;

      while (d < 49 && FLOW_CONST (now)->dot[d] == 0)
        d++;
      g_assert_cmpint (d, <, 49);
      memset (mask, 0, sizeof mask);
      mask[d] = 1;
      hb_board_view_set_import (view, NULL, 0, 0, 0, 0, mask);
      hb_app_test_settle (30);
      g_assert_cmpuint (hb_board_view_get_n_marked (view), ==, 1);
      hb_app_test_cell_point (window, d % 7, d / 7, 0.5, 0.5, &px, &py);
      hb_board_view_simulate_click (view, px, py, 3);
      hb_app_test_settle (30);
      g_assert_cmpuint (hb_board_view_get_n_marked (view), ==, 0);
      g_assert_true (flow->equal (now, hb_window_get_state (window)));

      /* By the keyboard: the Menu key on the cursor's cell (the right
       * click's key; it had none). */
      hb_board_view_set_import (view, NULL, 0, 0, 0, 0, mask);
      hb_app_test_settle (30);
      g_assert_cmpuint (hb_board_view_get_n_marked (view), ==, 1);
      for (int k = 0; k < 7; k++)
        {
          board_key (view, GDK_KEY_Left);
          board_key (view, GDK_KEY_Up);
        }
      for (int k = 0; k < d % 7; k++)
        board_key (view, GDK_KEY_Right);
      for (int k = 0; k < d / 7; k++)
        board_key (view, GDK_KEY_Down);
      g_assert_true (board_key (view, GDK_KEY_Menu));
      hb_app_test_settle (30);
      g_assert_cmpuint (hb_board_view_get_n_marked (view), ==, 0);
      g_assert_true (flow->equal (now, hb_window_get_state (window)));
      hb_state_free (now);
    }
  }

  /* A level file drops the picture, and the marks with their row: the
   * unsure row stayed up ("2 cells unsure", its Keep All doing nothing)
   * when the level opened was of the same game and size, as the marks
   * were still there when the board changed. */
  {
    char *lpath = g_build_filename (f->dir, "again.flow", NULL);
    GFile *lfile = g_file_new_for_path (lpath);
    char *text = flow->write (drawn, HB_WRITE_NATIVE, NULL);
    HbBoardView *view = hb_window_get_board_view (window);
    guint8 mask[49] = { 0 };
    GtkWidget *unsure;

    mask[2] = mask[3 * 7 + 4] = 1;
    hb_board_view_set_import (view, NULL, 0, 0, 0, 0, mask);
    g_signal_emit_by_name (view, "marks-changed");
    hb_app_test_settle (30);
    unsure = hb_app_test_find_row (GTK_WIDGET (window), "2 cells unsure");
    g_assert_nonnull (unsure);
    g_assert_true (gtk_widget_get_visible (unsure));
    /* The status line says it too, where a narrow window shows it (the
     * sidebar and its row folded away), in Edit only, and not once the
     * marks went. */
    g_assert_nonnull (strstr (hb_window_get_status_text (window),
                              " · 2 cells read unsure, ringed in orange"));
    hb_window_set_mode (window, HB_MODE_PLAY);
    g_assert_null (strstr (hb_window_get_status_text (window), "unsure"));
    hb_window_set_mode (window, HB_MODE_EDIT);
    g_assert_nonnull (strstr (hb_window_get_status_text (window), "2 cells read unsure"));
    g_assert_nonnull (text);
    g_assert_true (g_file_set_contents (lpath, text, -1, NULL));
    g_assert_true (hb_app_test_load (window, lfile));
    g_assert_false (hb_board_view_has_picture (view));
    g_assert_cmpuint (hb_board_view_get_n_marked (view), ==, 0);
    g_assert_false (gtk_widget_get_visible (unsure));
    g_assert_null (strstr (hb_window_get_status_text (window), "unsure"));
    g_free (text);
    g_object_unref (lfile);
    g_free (lpath);
  }

  hb_app_test_window_close (window);
  hb_state_free (drawn);
  g_object_unref (file);
  g_free (path);
}

/* The newest dialog over `window` (an error's), or NULL. */
static AdwMessageDialog *
last_dialog (HbWindow *window)
{
  GListModel *tops = gtk_window_get_toplevels ();
  AdwMessageDialog *found = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (tops); i++)
    {
      g_autoptr (GtkWindow) w = g_list_model_get_item (tops, i);

      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_window_get_transient_for (w) == GTK_WINDOW (window)
          && gtk_widget_get_visible (GTK_WIDGET (w)))
        {
          found = ADW_MESSAGE_DIALOG (w);
          break;
        }
    }
  return found;
}

/* A picture with no board says so in a sentence, the games' reasons only
 * under Details; one that looks turned says so (it was "Nothing … looks
 * like a board": review); another failure (not a picture) keeps its
 * plain one. */
static void
assert_no_board_dialog (HbWindow *window, gboolean no_board, gboolean turned)
{
  AdwMessageDialog *d = last_dialog (window);
  GtkWidget *extra;

  g_assert_nonnull (d);
  extra = adw_message_dialog_get_extra_child (d);
  if (turned)
    {
      g_assert_cmpstr (adw_message_dialog_get_heading (d), ==, "No Puzzle Found in the Picture");
      g_assert_nonnull (strstr (adw_message_dialog_get_body (d),
                                "“turned.png” could be read as a board. The picture looks turned about 7° clockwise: "));
      g_assert_true (GTK_IS_EXPANDER (extra));
      g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (gtk_expander_get_child (GTK_EXPANDER (extra)))),
                                "No Flow Free board found"));
    }
  else if (!no_board)
    {
      g_assert_cmpstr (adw_message_dialog_get_heading (d), !=, "No Puzzle Found in the Picture");
      g_assert_null (extra);
    }
  else
    {
      const char *details;

      g_assert_cmpstr (adw_message_dialog_get_heading (d), ==, "No Puzzle Found in the Picture");
      /* The games' names unbroken by the body's wrapping. */
      g_assert_nonnull (strstr (adw_message_dialog_get_body (d), "Flow\u00a0Free"));
      g_assert_nonnull (strstr (adw_message_dialog_get_body (d), "Flood-\u2060It"));
      g_assert_null (strstr (adw_message_dialog_get_body (d), "lattice"));
      g_assert_true (GTK_IS_EXPANDER (extra));
      g_assert_false (gtk_expander_get_expanded (GTK_EXPANDER (extra)));
      details = gtk_label_get_text (GTK_LABEL (gtk_expander_get_child (GTK_EXPANDER (extra))));
      g_assert_nonnull (strstr (details, "No Flow Free board found"));
    }
  gtk_window_destroy (GTK_WINDOW (d));
  hb_app_test_settle (20);
}

static void
test_import_bad (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();
  const HbState *before = hb_window_get_state (window);
  HbState *copy = hb_state_copy (before);
  char *text_path = g_build_filename (f->dir, "not-a-picture.png", NULL);
  char *blank_path = g_build_filename (f->dir, "blank.png", NULL);
  /* A picture's name on a file that never ends: the read is capped. */
  char *endless_path = g_build_filename (f->dir, "endless.png", NULL);
  /* A Flow Free board turned 7°, as a photograph of a phone held askew. */
  char *turned_path = g_build_filename (f->dir, "turned.png", NULL);
  /* A picture's name on no file: said as for a level file ("gone.png: No
   * such file or directory"), not in GIO's words with the whole path
   * ("Error when getting information for file “/tmp/…/gone.png”: …"). */
  char *gone_path = g_build_filename (f->dir, "gone.png", NULL);
  const char *paths[] = { text_path, blank_path, endless_path, turned_path, gone_path };

  g_assert_cmpint (symlink ("/dev/zero", endless_path), ==, 0);
  g_assert_true (g_file_set_contents (text_path, "hello, I am text\n", -1, NULL));
  {
    cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 300, 200);
    cairo_t *cr = cairo_create (s);
    cairo_set_source_rgb (cr, 0.5, 0.5, 0.5);
    cairo_paint (cr);
    cairo_destroy (cr);
    g_assert_cmpint (cairo_surface_write_to_png (s, blank_path), ==, CAIRO_STATUS_SUCCESS);
    cairo_surface_destroy (s);
  }
  {
    const HbGame *flow = hb_registry_find_game ("flow");
    HbGenerateParams params = { 7, 7, 0, 3, NULL };
    GError *error = NULL;
    HbState *level = flow->generate (&params, &error);
    cairo_surface_t *straight = draw_screenshot (level);
    cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 640, 900);
    cairo_t *cr = cairo_create (s);

    g_assert_no_error (error);
    cairo_set_source_rgb (cr, 0.07, 0.07, 0.09);
    cairo_paint (cr);
    cairo_translate (cr, 320, 450);
    cairo_rotate (cr, 7 * G_PI / 180);
    cairo_translate (cr, -320, -450);
    cairo_set_source_surface (cr, straight, 0, 0);
    cairo_paint (cr);
    cairo_destroy (cr);
    g_assert_cmpint (cairo_surface_write_to_png (s, turned_path), ==, CAIRO_STATUS_SUCCESS);
    cairo_surface_destroy (s);
    cairo_surface_destroy (straight);
    hb_state_free (level);
  }

  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      GFile *file = g_file_new_for_path (paths[i]);
      g_autofree char *base = g_file_get_basename (file);
      const char *toast;

      g_assert_false (hb_app_test_load (window, file));
      toast = hb_window_get_last_toast (window);
      g_assert_nonnull (toast);
      if (strstr (toast, base) == NULL)
        g_error ("toast “%s” does not name “%s”", toast, base);
      if (paths[i] == gone_path)
        g_assert_cmpstr (toast, ==, "gone.png: No such file or directory");
      assert_no_board_dialog (window, paths[i] == blank_path, paths[i] == turned_path);
      g_assert_true (hb_window_get_state (window) == before);
      g_assert_true (hb_window_get_game (window)->equal (copy, hb_window_get_state (window)));
      g_object_unref (file);
    }

  hb_state_free (copy);
  g_free (text_path);
  g_free (blank_path);
  g_free (endless_path);
  g_free (turned_path);
  g_free (gone_path);
  hb_app_test_window_close (window);
}

static gboolean
open_done (gpointer data)
{
  return ((HbAppTestOpened *) data)->done;
}

static gboolean
dialog_up (gpointer data)
{
  return last_dialog (HB_WINDOW (data)) != NULL;
}

/* flow_12 of the shared screenshots with its two top rows cut away,
 * saved as PNG at `path` (a board the picture's edge cuts through): FALSE,
 * the test skipped, when the screenshots are not there. */
static gboolean
save_flow_12_cut (const char *path)
{
  g_autofree char *shot = g_test_build_filename (G_TEST_DIST, "..", "..", "shared", "screens",
                                                 "flow", "flow_12.jpg", NULL);
  g_autoptr (GdkPixbuf) whole = NULL;
  g_autoptr (GdkPixbuf) part = NULL;
  GError *error = NULL;

  if (!g_file_test (shot, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("the shared screenshots are not there");
      return FALSE;
    }
  whole = gdk_pixbuf_new_from_file (shot, &error);
  g_assert_no_error (error);
  part = gdk_pixbuf_new_subpixbuf (whole, 0, 585, 1080, 900);
  g_assert_true (gdk_pixbuf_save (part, path, "png", &error, NULL));
  g_assert_no_error (error);
  return TRUE;
}

/* A newer open while an earlier picture's question is up (a second
 * screenshot dropped on the window, the first one cut) cancels the
 * earlier one, question and all, as it cancels an open still reading:
 * both questions stood stacked, and the older one, answered after the
 * newer open, brought its picture back in over it. */
static void
test_import_doubtful_newer (Fixture *f, gconstpointer data)
{
  g_autofree char *whole_shot = g_test_build_filename (G_TEST_DIST, "..", "..", "shared",
                                                       "screens", "flow", "flow_01.jpg", NULL);
  g_autofree char *cut = g_build_filename (f->dir, "cut.png", NULL);
  g_autoptr (GFile) file_cut = NULL;
  g_autoptr (GFile) file_whole = NULL;
  HbAppTestOpened first = { FALSE, FALSE, NULL }, second = { FALSE, FALSE, NULL };
  HbWindow *window;

  if (!save_flow_12_cut (cut))
    return;
  if (!g_file_test (whole_shot, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("the shared screenshots are not there");
      return;
    }
  file_cut = g_file_new_for_path (cut);
  file_whole = g_file_new_for_path (whole_shot);
  window = hb_app_test_window_new ();

  hb_window_load_file_async (window, file_cut, hb_app_test_opened, &first);
  hb_app_test_wait (dialog_up, window, 30000, "the question about the cut picture");
  g_assert_cmpstr (adw_message_dialog_get_heading (last_dialog (window)), ==,
                   "The Picture Cuts Through the Board");
  /* The newer open takes the question away at once. */
  hb_window_load_file_async (window, file_whole, hb_app_test_opened, &second);
  hb_app_test_settle (5);
  g_assert_null (last_dialog (window));
  g_assert_true (first.done);
  g_assert_false (first.ok);
  g_assert_error (first.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&first.error);
  hb_app_test_wait (open_done, &second, 30000, "the whole screenshot to open");
  hb_app_test_settle (10);
  g_assert_no_error (second.error);
  g_assert_true (second.ok);
  g_assert_null (last_dialog (window));
  g_assert_cmpstr (hb_window_get_game (window)->id, ==, "flow");
  g_assert_cmpint (hb_window_get_state (window)->width, ==, 5);
  g_assert_cmpint (hb_window_get_state (window)->height, ==, 5);
  hb_app_test_window_close (window);
}

/* A picture not sure enough to take unasked, whose name is not UTF-8
 * ("cut\xff.png"): the question names it in UTF-8 (its body was handed
 * the raw bytes, which GTK takes for UTF-8). */
static void
test_import_doubtful_name_not_utf8 (Fixture *f, gconstpointer data)
{
  g_autofree char *cut = g_build_filename (f->dir, "cut\xff.png", NULL);
  g_autoptr (GFile) file = NULL;
  HbAppTestOpened opened = { FALSE, FALSE, NULL };
  AdwMessageDialog *d;
  HbWindow *window;

  if (!save_flow_12_cut (cut))
    return;
  file = g_file_new_for_path (cut);
  window = hb_app_test_window_new ();
  hb_window_load_file_async (window, file, hb_app_test_opened, &opened);
  hb_app_test_wait (dialog_up, window, 30000, "the question about the picture");
  d = last_dialog (window);
  g_assert_true (g_utf8_validate (adw_message_dialog_get_body (d), -1, NULL));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (d), "“cut\xef\xbf\xbd.png” seems to show"));
  adw_message_dialog_response (d, "cancel");
  hb_app_test_wait (open_done, &opened, 30000, "the open to end");
  g_clear_error (&opened.error);
  hb_app_test_settle (20);
  hb_app_test_window_close (window);
}

/* A screenshot cut through its board (flow_12 with its two top rows
 * cut away) reads as a board too unsure to be taken unasked: the user
 * is asked, with what was seen, and Import Anyway brings it in (it was
 * refused as "Nothing … looks like a board" while its Details named the
 * 7×5 Flow Free board seen, and only the command line's `detect --game
 * flow` could import it: review). Cancel keeps the open level. */
static void
test_import_doubtful (Fixture *f, gconstpointer data)
{
  g_autofree char *shot = g_test_build_filename (G_TEST_DIST, "..", "..", "shared", "screens",
                                                 "flow", "flow_12.jpg", NULL);
  g_autofree char *cut = g_build_filename (f->dir, "cut.png", NULL);
  g_autofree char *hidden = g_build_filename (f->dir, "hidden.png", NULL);
  g_autoptr (GdkPixbuf) whole = NULL;
  GFile *file, *file_hidden;
  HbWindow *window;
  GError *error = NULL;

  if (!g_file_test (shot, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("the shared screenshots are not there");
      return;
    }
  whole = gdk_pixbuf_new_from_file (shot, &error);
  g_assert_no_error (error);
  {
    g_autoptr (GdkPixbuf) part = gdk_pixbuf_new_subpixbuf (whole, 0, 585, 1080, 900);
    g_autoptr (GdkPixbuf) painted = gdk_pixbuf_copy (part);
    g_assert_true (gdk_pixbuf_save (part, cut, "png", &error, NULL));
    g_assert_no_error (error);
    /* The cut rows painted over as the game's black: no cut to see, but
     * colours seen once and cells in doubt. */
    gdk_pixbuf_fill (painted, 0x000000ff);
    gdk_pixbuf_copy_area (part, 0, 0, 1080, 768, painted, 0, 0);
    g_assert_true (gdk_pixbuf_save (painted, hidden, "png", &error, NULL));
    g_assert_no_error (error);
  }
  file = g_file_new_for_path (cut);
  file_hidden = g_file_new_for_path (hidden);
  window = hb_app_test_window_new ();

  for (int round = 0; round < 2; round++)
    {
      gboolean take = round == 1;
      const HbState *before = hb_window_get_state (window);
      HbAppTestOpened w = { FALSE, FALSE, NULL };
      AdwMessageDialog *d;

      hb_window_load_file_async (window, take ? file_hidden : file, hb_app_test_opened, &w);
      hb_app_test_wait (dialog_up, window, 30000, "the question about the picture");
      d = last_dialog (window);
      /* The cause named: the picture's edge cutting through the board
       * (the body said "too little of it is clear" of a cut board). */
      if (take)
        {
          g_assert_cmpstr (adw_message_dialog_get_heading (d), ==, "Not Sure What the Picture Shows");
          g_assert_nonnull (strstr (adw_message_dialog_get_body (d), "“hidden.png” seems to show a board (Flow Free, 7×5, "));
        }
      else
        {
          g_assert_cmpstr (adw_message_dialog_get_heading (d), ==, "The Picture Cuts Through the Board");
          g_assert_nonnull (strstr (adw_message_dialog_get_body (d),
                                    "“cut.png” seems to show part of a board (Flow Free, 7×5, "));
          g_assert_nonnull (strstr (adw_message_dialog_get_body (d), "the picture’s edge cuts through it"));
        }
      g_assert_true (adw_message_dialog_has_response (d, "import"));
      /* Enter imports a cut board (most likely meant), and cancels a
       * doubtful one (random noise read as a board took Enter as Import:
       * review). */
      g_assert_cmpstr (adw_message_dialog_get_default_response (d), ==,
                       take ? "cancel" : "import");
      {
        GtkWidget *extra = adw_message_dialog_get_extra_child (d);
        const char *details;

        g_assert_true (GTK_IS_EXPANDER (extra));
        details = gtk_label_get_text (GTK_LABEL (gtk_expander_get_child (GTK_EXPANDER (extra))));
        g_test_message ("details: %s", details);
        g_assert_nonnull (strstr (details, "is seen once, at row"));
        g_assert_nonnull (strstr (details, "No Flood-It board found"));
        g_assert_true ((strstr (details, "The picture’s bottom edge cuts through the board") != NULL) != take);
      }
      /* Nothing has changed while it asks. */
      g_assert_true (hb_window_get_state (window) == before);
      /* As a click on the button does: the answer, then the dialog goes. */
      adw_message_dialog_response (d, take ? "import" : "cancel");
      gtk_window_destroy (GTK_WINDOW (d));
      hb_app_test_wait (open_done, &w, 30000, "the picture to open");
      hb_app_test_settle (30);
      if (!take)
        {
          g_assert_false (w.ok);
          g_assert_error (w.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
          g_clear_error (&w.error);
          g_assert_true (hb_window_get_state (window) == before);
          continue;
        }
      g_assert_true (w.ok);
      g_assert_no_error (w.error);
      g_assert_cmpstr (hb_window_get_game (window)->id, ==, "flow");
      g_assert_cmpint (hb_window_get_state (window)->width, ==, 7);
      g_assert_cmpint (hb_window_get_state (window)->height, ==, 5);
      g_assert_cmpint (hb_window_get_mode (window), ==, HB_MODE_EDIT);
      g_assert_true (hb_board_view_has_picture (hb_window_get_board_view (window)));
      g_assert_cmpuint (hb_board_view_get_n_marked (hb_window_get_board_view (window)), >, 0);
      {
        /* The notes name each colour seen once, as the status line does. */
        GtkWidget *notes = hb_app_test_find_row (GTK_WIDGET (window), "Noticed in the screenshot");
        const char *text;

        g_assert_nonnull (notes);
        g_assert_true (gtk_widget_get_visible (notes));
        text = adw_action_row_get_subtitle (ADW_ACTION_ROW (notes));
        g_test_message ("notes: %s", text);
        g_assert_null (strstr (text, "A colour is seen"));
        g_assert_nonnull (strstr (text, " is seen once, at row "));
        /* Several notes: one bulleted line each. */
        g_assert_true (g_str_has_prefix (text, "• "));
        g_assert_nonnull (strstr (text, ".\n• "));
      }
    }
  hb_app_test_window_close (window);

  /* A window closed while it asks: the question goes with it and the
   * open ends, cancelled (nothing left waiting, no level put in a window
   * that is gone). */
  {
    HbAppTestOpened w = { FALSE, FALSE, NULL };

    window = hb_app_test_window_new ();
    hb_window_load_file_async (window, file, hb_app_test_opened, &w);
    hb_app_test_wait (dialog_up, window, 30000, "the question about the picture");
    hb_app_test_window_close (window);
    hb_app_test_wait (open_done, &w, 30000, "the open to end");
    g_assert_false (w.ok);
    g_assert_error (w.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    g_clear_error (&w.error);
  }
  g_object_unref (file);
  g_object_unref (file_hidden);
}

/* A real phone screenshot (JPEG) from the shared set, when it is there:
 * read as its truth file says, up to the colours' letters (the dots in the
 * same cells, paired the same way). */
static void
test_import_real (Fixture *f, gconstpointer data)
{
  const HbGame *flow = hb_registry_find_game ("flow");
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "..", "..", "shared",
                                                "screens", "flow", NULL);
  g_autofree char *shot = g_build_filename (dir, "flow_01.jpg", NULL);
  g_autofree char *truth_path = g_build_filename (dir, "flow_01.truth.flow", NULL);
  g_autofree char *truth_text = NULL, *a = NULL, *b = NULL;
  gsize len = 0;
  HbState *truth;
  HbWindow *window;
  GFile *file;
  GError *error = NULL;
  char map_ab[256] = { 0 }, map_ba[256] = { 0 };

  if (!g_file_test (shot, G_FILE_TEST_EXISTS)
      || !g_file_get_contents (truth_path, &truth_text, &len, NULL))
    {
      g_test_skip ("the shared screenshots are not there");
      return;
    }
  truth = hb_registry_parse (flow, "flow_01.truth.flow", truth_text, len, &error);
  g_assert_no_error (error);

  window = hb_app_test_window_new ();
  file = g_file_new_for_path (shot);
  g_assert_true (hb_app_test_load (window, file));
  g_assert_true (hb_window_get_game (window) == flow);
  g_assert_cmpint (hb_window_get_state (window)->width, ==, truth->width);
  g_assert_cmpint (hb_window_get_state (window)->height, ==, truth->height);
  a = flow->write (hb_window_get_state (window), HB_WRITE_NATIVE, NULL);
  b = flow->write (truth, HB_WRITE_NATIVE, NULL);
  g_assert_nonnull (a);
  g_assert_nonnull (b);
  g_assert_cmpuint (strlen (a), ==, strlen (b));
  for (gsize i = 0; a[i] != '\0'; i++)
    {
      guchar ca = a[i], cb = b[i];

      g_assert_cmpint (ca == '.', ==, cb == '.');
      g_assert_cmpint (ca == '\n', ==, cb == '\n');
      if (ca == '.' || ca == '\n')
        continue;
      if (map_ab[ca] == 0 && map_ba[cb] == 0)
        {
          map_ab[ca] = cb;
          map_ba[cb] = ca;
        }
      g_assert_cmpint (map_ab[ca], ==, cb);
      g_assert_cmpint (map_ba[cb], ==, ca);
    }
  g_assert_cmpint (hb_window_get_mode (window), ==, HB_MODE_EDIT);

  hb_app_test_window_close (window);
  g_object_unref (file);
  hb_state_free (truth);
}

/* What the reader says beyond its summary stays in view under the
 * picture's row: the Flood-It screenshot's move counter not read (the
 * app showed the summary only, in a toast). */
static void
test_import_notes (Fixture *f, gconstpointer data)
{
  g_autofree char *shot = g_test_build_filename (G_TEST_DIST, "..", "..", "shared", "screens",
                                                 "flood", "flood_01_googleplus_28x28.png", NULL);
  HbWindow *window;
  GFile *file;
  GtkWidget *row;
  const char *subtitle;

  if (!g_file_test (shot, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("the shared screenshots are not there");
      return;
    }
  window = hb_app_test_window_new ();
  file = g_file_new_for_path (shot);
  g_assert_true (hb_app_test_load (window, file));
  g_assert_cmpstr (hb_window_get_game (window)->id, ==, "flood");
  row = hb_app_test_find_row (GTK_WIDGET (window), "_Show the screenshot in Edit");
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_get_mapped (row));
  /* In a row of their own: under the switch they read as if they told
   * what it does. */
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "");
  row = hb_app_test_find_row (GTK_WIDGET (window), "Noticed in the screenshot");
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_get_mapped (row));
  subtitle = adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
  g_test_message ("notes row: %s", subtitle);
  g_assert_nonnull (strstr (subtitle, "Move limit not read"));
  /* Looking is no change: the notes stay through Play and back ... */
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (50);
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_settle (50);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)),
                            "Move limit not read"));
  /* ... and go with the first change of the board, which they no longer
   * describe (they stayed after every correction). */
  {
    double px, py;
    const HbState *before = hb_window_get_state (window);

    hb_app_test_cell_point (window, 0, 0, 0.5, 0.5, &px, &py);
    hb_board_view_simulate_click (hb_window_get_board_view (window), px, py, 1);
    hb_app_test_settle (50);
    if (hb_window_get_state (window) == before)
      {
        /* The click painted the colour the cell had: another cell. */
        hb_app_test_cell_point (window, 5, 5, 0.5, 0.5, &px, &py);
        hb_board_view_simulate_click (hb_window_get_board_view (window), px, py, 1);
        hb_app_test_settle (50);
      }
    g_assert_false (hb_window_get_state (window) == before);
  }
  g_assert_false (gtk_widget_get_visible (row));
  hb_app_test_window_close (window);
  g_object_unref (file);
}

/* A window that opened a screenshot (`name`, in the fixture's folder) of
 * Flow Free's 7×7 level of seed 11, which *drawn gets (to free). */
static HbWindow *
open_shot_7x7 (Fixture *f, const char *name, HbState **drawn)
{
  const HbGame *flow = hb_registry_find_game ("flow");
  HbGenerateParams params = { 7, 7, 0, 11, NULL };
  GError *error = NULL;
  g_autofree char *path = g_build_filename (f->dir, name, NULL);
  GFile *file = g_file_new_for_path (path);
  HbWindow *window;

  *drawn = flow->generate (&params, &error);
  g_assert_no_error (error);
  save_screenshot (*drawn, path);
  window = hb_app_test_window_new ();
  g_assert_true (hb_app_test_load (window, file));
  g_assert_true (hb_window_get_game (window) == flow);
  g_object_unref (file);
  return window;
}

/* A board grown at its right or bottom keeps the screenshot behind the
 * cells read, and the unsure cells' marks on them (raising the height of
 * a board cut by the picture's edge to its true size hid them: review);
 * a board made smaller hides them (the cells read are no longer all
 * there); the switch stays, switching nothing, and says why and how to
 * get it back; Undo back to the size read shows the picture again, and
 * the unsure cells' marks.
 * The switch had stayed after the resize, switching nothing, with no
 * word, and the picture was gone for good, Undo or not (a newcomer's
 * look: a reader one column short is what a resize corrects); then the
 * switch went with it, and the picture and its switch went without a
 * word (review). */
static void
test_import_resize (Fixture *f, gconstpointer data)
{
  HbState *drawn;
  HbWindow *window = open_shot_7x7 (f, "resize-shot.png", &drawn);
  HbBoardView *view;
  GtkWidget *row, *spin;

  view = hb_window_get_board_view (window);
  g_assert_true (hb_board_view_has_picture (view));
  row = hb_app_test_find_row (GTK_WIDGET (window), "_Show the screenshot in Edit");
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_get_visible (row));

  spin = hb_app_test_find_first (hb_app_test_find_row (GTK_WIDGET (window), "_Width"),
                                 GTK_TYPE_SPIN_BUTTON);
  g_assert_nonnull (spin);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 8);
  hb_app_test_settle (50);
  g_assert_cmpint (hb_window_get_state (window)->width, ==, 8);
  g_assert_true (hb_board_view_has_picture (view));
  g_assert_true (gtk_widget_get_sensitive (hb_app_test_find_first (row, GTK_TYPE_SWITCH)));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "");
  hb_app_test_activate (window, "undo", NULL);
  hb_app_test_settle (50);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 6);
  hb_app_test_settle (50);
  g_assert_cmpint (hb_window_get_state (window)->width, ==, 6);
  g_assert_false (hb_board_view_has_picture (view));
  g_assert_true (gtk_widget_get_visible (row));
  g_assert_false (gtk_widget_get_sensitive (hb_app_test_find_first (row, GTK_TYPE_SWITCH)));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==,
                   "Hidden while part of the 7×7 board read is cut off");

  hb_app_test_activate (window, "undo", NULL);
  hb_app_test_settle (50);
  g_assert_cmpint (hb_window_get_state (window)->width, ==, 7);
  g_assert_true (hb_board_view_has_picture (view));
  g_assert_true (gtk_widget_get_visible (row));
  g_assert_true (gtk_widget_get_sensitive (hb_app_test_find_first (row, GTK_TYPE_SWITCH)));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "");

  /* The unsure cells' marks wait with it: a resize took them for good,
   * and an edit's mark did not come back with the edit's Undo either. */
  {
    guint8 mask[49] = { 0 };
    const HbState *before;
    GtkWidget *unsure;
    double px, py;

    mask[2] = mask[3 * 7 + 4] = 1;
    hb_board_view_set_import (view, NULL, 0, 0, 0, 0, mask);
    g_signal_emit_by_name (view, "marks-changed");
    hb_app_test_settle (30);
    before = hb_window_get_state (window);
    hb_app_test_cell_point (window, 2, 0, 0.5, 0.5, &px, &py);
    hb_board_view_simulate_click (view, px, py, 1);
    hb_app_test_settle (30);
    g_assert_false (hb_window_get_state (window) == before);
    g_assert_cmpuint (hb_board_view_get_n_marked (view), ==, 1);
    unsure = hb_app_test_find_row (GTK_WIDGET (window), "1 cell unsure");
    g_assert_nonnull (unsure);
    g_assert_true (gtk_widget_get_visible (unsure));

    /* Grown: the mark stays on its cell, row 4, column 5, and a click
     * there takes it (the cells' numbers are the board read's); Undo
     * brings it back. */
    {
      GtkWidget *h = hb_app_test_find_first (hb_app_test_find_row (GTK_WIDGET (window), "_Height"),
                                             GTK_TYPE_SPIN_BUTTON);
      const HbState *grown;

      gtk_spin_button_set_value (GTK_SPIN_BUTTON (h), 9);
      hb_app_test_settle (50);
      g_assert_cmpint (hb_window_get_state (window)->height, ==, 9);
      g_assert_cmpuint (hb_board_view_get_n_marked (view), ==, 1);
      g_assert_true (gtk_widget_get_visible (unsure));
      grown = hb_window_get_state (window);
      hb_app_test_cell_point (window, 4, 3, 0.5, 0.5, &px, &py);
      hb_board_view_simulate_click (view, px, py, 1);
      hb_app_test_settle (30);
      g_assert_false (hb_window_get_state (window) == grown);
      g_assert_cmpuint (hb_board_view_get_n_marked (view), ==, 0);
      hb_app_test_activate (window, "undo", NULL);
      hb_app_test_settle (50);
      g_assert_cmpuint (hb_board_view_get_n_marked (view), ==, 1);
      hb_app_test_activate (window, "undo", NULL);
      hb_app_test_settle (50);
      g_assert_cmpint (hb_window_get_state (window)->height, ==, 7);
      g_assert_cmpuint (hb_board_view_get_n_marked (view), ==, 1);
    }

    /* Made smaller: the marks wait. */
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 6);
    hb_app_test_settle (50);
    g_assert_cmpint (hb_window_get_state (window)->width, ==, 6);
    g_assert_cmpuint (hb_board_view_get_n_marked (view), ==, 0);
    g_assert_false (gtk_widget_get_visible (unsure));

    hb_app_test_activate (window, "undo", NULL);
    hb_app_test_settle (50);
    g_assert_cmpint (hb_window_get_state (window)->width, ==, 7);
    g_assert_cmpuint (hb_board_view_get_n_marked (view), ==, 1);
    g_assert_true (gtk_widget_get_visible (unsure));
    hb_app_test_activate (window, "undo", NULL);
    hb_app_test_settle (50);
    g_assert_cmpuint (hb_board_view_get_n_marked (view), ==, 2);
    g_assert_true (gtk_widget_get_visible (unsure));

    /* Play hides the marks and their row, which told of orange that was
     * not there; Edit shows both again. */
    hb_window_set_mode (window, HB_MODE_PLAY);
    hb_app_test_settle (30);
    g_assert_false (gtk_widget_get_visible (unsure));
    hb_window_set_mode (window, HB_MODE_EDIT);
    hb_app_test_settle (30);
    g_assert_true (gtk_widget_get_visible (unsure));
  }

  hb_app_test_window_close (window);
  hb_state_free (drawn);
}

/* Whether the cell (x, y) of the board shown is marked unsure, from the
 * marks the view gives and where it says the board read lies. */
static gboolean
marked_at (HbBoardView *view, int x, int y)
{
  int w, h, x0, y0;
  const guint8 *marks = hb_board_view_get_marks (view, &w, &h, &x0, &y0);

  x -= x0;
  y -= y0;
  return marks != NULL && x >= 0 && y >= 0 && x < w && y < h && marks[y * w + x];
}

/* Rows and columns added at the top or left of a board read from a
 * screenshot (one the picture cut off there is completed so): the
 * picture and the unsure cells' marks move with the cells read, the
 * unsure row names the cells where they now are, a click on a moved mark
 * takes it; a row removed from the board read hides them, and Undo
 * brings them back. Until then the cells read kept their places from the
 * top left, and the missing row could only go below them. */
static void
test_import_edges (Fixture *f, gconstpointer data)
{
  const HbGame *flow = hb_registry_find_game ("flow");
  guint8 mask[49] = { 0 };
  cairo_surface_t *shot;
  HbLayout layout;
  HbState *drawn;
  HbWindow *window = open_shot_7x7 (f, "edges-shot.png", &drawn);
  HbBoardView *view = hb_window_get_board_view (window);
  GtkWidget *unsure, *row, *notes;
  double px, py;

  /* The reader's picture, with two cells unsure: (2, 0) and (4, 3), and a
   * white bar above its columns 2 and 3, where a row the picture cut
   * through would show. */
  shot = draw_screenshot (drawn);
  hb_layout_fit (&layout, 7, 7, 560, 560, 0);
  {
    cairo_t *cr = cairo_create (shot);

    cairo_rectangle (cr, layout.x0 + 50 + 2 * layout.cell, layout.y0 + 200 - layout.cell,
                     2 * layout.cell, layout.cell);
    cairo_set_source_rgb (cr, 1, 1, 1);
    cairo_fill (cr);
    cairo_destroy (cr);
  }
  mask[2] = mask[3 * 7 + 4] = 1;
  hb_board_view_set_import (view, shot, layout.x0 + 50, layout.y0 + 200, layout.cell, layout.cell,
                            mask);
  cairo_surface_destroy (shot);
  {
    g_autoptr (HbImportReport) report = hb_import_report_new ();

    hb_import_report_note (report, "Green is seen once, at row 1, column 3");
    hb_window_picture_row_set_report (window, report);
  }
  g_signal_emit_by_name (view, "marks-changed");
  hb_app_test_settle (30);
  notes = hb_app_test_find_row (GTK_WIDGET (window), "Noticed in the screenshot");
  g_assert_nonnull (notes);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (notes)), ==,
                   "Green is seen once, at row 1, column 3");
  unsure = hb_app_test_find_row (GTK_WIDGET (window), "2 cells unsure");
  row = hb_app_test_find_row (GTK_WIDGET (window), "_Show the screenshot in Edit");
  g_assert_nonnull (unsure);
  g_assert_nonnull (row);

  hb_app_test_activate (window, "add-row", g_variant_new_string ("top"));
  hb_app_test_activate (window, "add-column", g_variant_new_string ("left"));
  hb_app_test_settle (50);
  g_assert_cmpint (hb_window_get_state (window)->width, ==, 8);
  g_assert_cmpint (hb_window_get_state (window)->height, ==, 8);
  g_assert_true (hb_board_view_has_picture (view));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "");
  g_assert_cmpuint (hb_board_view_get_n_marked (view), ==, 2);
  g_assert_true (marked_at (view, 3, 1));
  g_assert_true (marked_at (view, 5, 4));
  g_assert_false (marked_at (view, 2, 0));
  /* The picture lies under the added row too, where a row it cut
   * through would show: the white bar under the added row's cells 3 and
   * 4 (read columns 2 and 3, a column was added on the left), the dark
   * page under its cell 1; the added cells at half strength, so the two
   * differ by far more than at the 80 % of the cells read (a sum of
   * about 70 then, about 180 now). */
  {
    HbShot *shot_now = hb_app_test_shot (GTK_WIDGET (view));
    int bar[3], page[3];

    hb_app_test_cell_point (window, 3, 0, 0.5, 0.5, &px, &py);
    hb_app_test_pixel (shot_now, (int) px, (int) py, bar);
    hb_app_test_cell_point (window, 1, 0, 0.5, 0.5, &px, &py);
    hb_app_test_pixel (shot_now, (int) px, (int) py, page);
    g_test_message ("the added row: %d %d %d over the bar, %d %d %d over the page",
                    bar[0], bar[1], bar[2], page[0], page[1], page[2]);
    g_assert_cmpint (bar[0] + bar[1] + bar[2], >, page[0] + page[1] + page[2] + 120);
    hb_app_test_shot_free (shot_now);
  }
  g_test_message ("unsure: %s", adw_action_row_get_subtitle (ADW_ACTION_ROW (unsure)));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (unsure)),
                            "row 2, column 4; row 5, column 6"));
  /* The reader's notes name the cells of the board read: they say where
   * it starts now. */
  g_test_message ("notes: %s", adw_action_row_get_subtitle (ADW_ACTION_ROW (notes)));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (notes)), ==,
                   "• Green is seen once, at row 1, column 3\n"
                   "• Rows and columns named here are those of the board read, which now "
                   "starts at row 2, column 2");

  /* A click on a moved mark takes it; Undo brings it back. */
  hb_app_test_cell_point (window, 5, 4, 0.5, 0.5, &px, &py);
  hb_board_view_simulate_click (view, px, py, 1);
  hb_app_test_settle (30);
  g_assert_cmpuint (hb_board_view_get_n_marked (view), ==, 1);
  hb_app_test_activate (window, "undo", NULL);
  hb_app_test_settle (50);
  g_assert_cmpuint (hb_board_view_get_n_marked (view), ==, 2);

  /* The added row, then the board read's first: hidden, and said why. */
  hb_app_test_activate (window, "remove-row", g_variant_new_string ("top"));
  hb_app_test_settle (30);
  g_assert_true (hb_board_view_has_picture (view));
  g_assert_true (marked_at (view, 3, 0));
  hb_app_test_activate (window, "remove-row", g_variant_new_string ("top"));
  hb_app_test_settle (30);
  g_assert_cmpint (hb_window_get_state (window)->height, ==, 6);
  g_assert_false (hb_board_view_has_picture (view));
  g_assert_cmpuint (hb_board_view_get_n_marked (view), ==, 0);
  g_assert_false (gtk_widget_get_visible (unsure));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==,
                   "Hidden while part of the 7×7 board read is cut off");
  hb_app_test_activate (window, "undo", NULL);
  hb_app_test_settle (50);
  g_assert_true (hb_board_view_has_picture (view));
  g_assert_cmpuint (hb_board_view_get_n_marked (view), ==, 2);
  g_assert_true (marked_at (view, 3, 0));
  /* Back to the board read (the row removed, the column, the row
   * added): everything where it was read. */
  hb_app_test_activate (window, "undo", NULL);
  hb_app_test_activate (window, "undo", NULL);
  hb_app_test_activate (window, "undo", NULL);
  hb_app_test_settle (50);
  g_assert_true (flow->equal (hb_window_get_state (window), drawn));
  g_assert_true (marked_at (view, 2, 0));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (unsure)),
                            "row 1, column 3; row 4, column 5"));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (notes)), ==,
                   "Green is seen once, at row 1, column 3");

  /* Restart in Edit goes back to the board as read, the picture and the
   * marks on it where they were read (they stayed a row down: review). */
  hb_app_test_activate (window, "add-row", g_variant_new_string ("top"));
  hb_app_test_settle (30);
  g_assert_true (marked_at (view, 2, 1));
  hb_app_test_activate (window, "restart", NULL);
  hb_app_test_settle (50);
  g_assert_true (flow->equal (hb_window_get_state (window), drawn));
  g_assert_true (hb_board_view_has_picture (view));
  g_assert_true (marked_at (view, 2, 0));
  g_assert_false (marked_at (view, 2, 1));
  hb_app_test_activate (window, "add-row", g_variant_new_string ("bottom"));
  hb_app_test_settle (30);
  g_assert_true (marked_at (view, 2, 0));
  g_assert_true (marked_at (view, 4, 3));

  hb_app_test_window_close (window);
  hb_state_free (drawn);
}

/* The board over an imported picture is drawn whole, as without it: what
 * a game draws beside its board is not cut off. Flood-It's badge of the
 * moves to go found no room beside the board there (the drawing was cut
 * to the board's rectangle) and sat in its bottom-right corner, over its
 * cells, though the area had room to the right (a newcomer's look). */
static void
test_import_beside (Fixture *f, gconstpointer data)
{
  const HbGame *flood = hb_registry_find_game ("flood");
  HbGenerateParams params = { 8, 8, 4, 5, NULL };
  GError *error = NULL;
  g_autofree char *path = g_build_filename (f->dir, "flood-shot.png", NULL);
  GFile *file = g_file_new_for_path (path);
  HbBoardView *view;
  HbState *drawn;
  HbWindow *window;
  HbLayout layout;
  int inside[2] = { 0, 0 };

  drawn = flood->generate (&params, &error);
  g_assert_no_error (error);
  save_screenshot (drawn, path);
  window = hb_app_test_window_new ();
  g_assert_true (hb_app_test_load (window, file));
  g_assert_true (hb_window_get_game (window) == flood);
  g_assert_cmpint (hb_window_get_mode (window), ==, HB_MODE_EDIT);
  hb_app_test_wait_hint (window);
  hb_app_test_settle (50);
  view = hb_window_get_board_view (window);
  g_assert_true (hb_board_view_has_picture (view));
  hb_board_view_get_layout (view, &layout);

  /* The badge lies right of the board, with the picture shown or
   * hidden; none of it in the board's bottom-right cell, which is one
   * colour (the badge covered it, and its neighbour). */
  for (int pass = 0; pass < 2; pass++)
    {
      HbShot *shot;
      double right = layout.x0 + layout.cell * 8, bottom = layout.y0 + layout.cell * 8;
      int beside = 0, corner[3], rgb[3];


      hb_board_view_set_show_picture (view, pass == 0);
      hb_app_test_settle (50);
      shot = hb_app_test_shot (GTK_WIDGET (view));
      /* The view's own background is clear: what is not is drawn. */
      for (int y = (int) layout.y0; y < (int) bottom; y++)
        for (int x = (int) right + 2; x < shot->width; x++)
          beside += shot->data[(gsize) y * shot->stride + (gsize) x * 4 + 3] > 128;
      hb_app_test_pixel (shot, (int) (right - layout.cell / 2), (int) (bottom - layout.cell / 2),
                         corner);
      for (int y = (int) (bottom - layout.cell + 3); y < (int) bottom - 3; y++)
        for (int x = (int) (right - layout.cell + 3); x < (int) right - 3; x++)
          {
            hb_app_test_pixel (shot, x, y, rgb);
            inside[pass] += abs (rgb[0] - corner[0]) + abs (rgb[1] - corner[1])
                            + abs (rgb[2] - corner[2]) > 60;
          }
      g_test_message ("picture %s: %d pixels drawn beside the board, %d odd in its corner",
                      pass == 0 ? "on" : "off", beside, inside[pass]);
      g_assert_cmpint (beside, >, 40);
      hb_app_test_shot_free (shot);
    }
  g_assert_cmpint (inside[0], ==, 0);
  g_assert_cmpint (inside[1], ==, 0);

  hb_app_test_window_close (window);
  hb_state_free (drawn);
  g_object_unref (file);
}

/* Where the focus is in `dialog`, by Tab. */
static GtkWidget *
dialog_tab (AdwMessageDialog *dialog, GtkDirectionType dir)
{
  g_signal_emit_by_name (dialog, "move-focus", dir);
  hb_app_test_settle (20);
  return gtk_root_get_focus (GTK_ROOT (dialog));
}

/* Tab in a dialog whose details are folded under Details (a picture with
 * no board, one the reader is unsure of, a file that did not open): the
 * folded label took the focus unseen, and Tab stayed on Details, Cancel
 * and the other answers out of reach but by Shift+Tab (a keyboard-only
 * look). Tab goes round the answers and Details; unfolded, the details
 * are a stop of their own, to select and copy. */
static void
test_details_tab (void)
{
  HbWindow *window = hb_app_test_window_new ();
  AdwMessageDialog *d;
  GtkWidget *expander, *focus;
  gboolean left_details = FALSE;

  hb_window_show_error_details (window, "Could Not Open the File", "Something went wrong.",
                                "A line of details");
  hb_app_test_settle (100);
  d = last_dialog (window);
  g_assert_nonnull (d);
  expander = adw_message_dialog_get_extra_child (d);
  g_assert_true (GTK_IS_EXPANDER (expander));
  g_assert_true (gtk_widget_grab_focus (expander));
  for (int i = 0; i < 4; i++)
    {
      focus = dialog_tab (d, GTK_DIR_TAB_FORWARD);
      g_test_message ("Tab %d: the focus is on %s", i + 1, focus ? G_OBJECT_TYPE_NAME (focus) : "nothing");
      g_assert_nonnull (focus);
      g_assert_false (GTK_IS_LABEL (focus));
      if (!gtk_widget_is_ancestor (focus, expander) && focus != expander)
        left_details = TRUE;
    }
  g_assert_true (left_details);
  /* Unfolded, the details take Tab. */
  gtk_expander_set_expanded (GTK_EXPANDER (expander), TRUE);
  hb_app_test_settle (20);
  g_assert_true (gtk_widget_grab_focus (expander));
  focus = dialog_tab (d, GTK_DIR_TAB_FORWARD);
  g_assert_true (focus == gtk_expander_get_child (GTK_EXPANDER (expander)));
  gtk_window_destroy (GTK_WINDOW (d));
  hb_app_test_settle (20);
  hb_app_test_window_close (window);
}

/* A picture whose name is not UTF-8 ("shot\xffone.png", from another
 * system): the level read from it is named after it in valid UTF-8 (the
 * title, Save As's name), as a level file of such a name is: the raw
 * bytes became the untitled level's name, and GTK was handed them. */
static void
test_import_name_not_utf8 (Fixture *f, gconstpointer data)
{
  const HbGame *flow = hb_registry_find_game ("flow");
  HbGenerateParams params = { 5, 5, 0, 3, NULL };
  GError *error = NULL;
  HbState *drawn = flow->generate (&params, &error);
  g_autofree char *path = g_build_filename (f->dir, "shot\xffone.png", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *shown = NULL, *save_as = NULL;
  HbWindow *window;

  g_assert_no_error (error);
  save_screenshot (drawn, path);
  window = hb_app_test_window_new ();
  g_assert_true (hb_app_test_load (window, file));
  g_assert_true (hb_window_get_game (window) == flow);
  g_assert_null (hb_window_get_file (window));
  shown = hb_document_dup_display_name (hb_window_get_document (window));
  g_assert_true (g_utf8_validate (shown, -1, NULL));
  g_assert_cmpstr (shown, ==, "shot\xef\xbf\xbdone");
  save_as = hb_window_dup_save_as_name (window);
  g_assert_true (g_utf8_validate (save_as, -1, NULL));
  g_assert_cmpstr (save_as, ==, "shot\xef\xbf\xbdone.flow");
  g_assert_true (g_utf8_validate (hb_window_get_last_toast (window), -1, NULL));
  hb_window_set_ask_to_save (window, FALSE);
  hb_app_test_window_close (window);
  /* The next window opens on the game it opened on (the tests after
   * this one start away from Flow Free). */
  hb_app_test_reset_last_game ();
  hb_state_free (drawn);
}

int
main (int argc, char *argv[])
{
  hb_app_test_init (&argc, &argv);
  g_test_add_func ("/app/import/details-tab", test_details_tab);
  g_test_add ("/app/import/loop-cursor", Fixture, NULL, hb_app_test_dir_set_up,
              test_import_loop_cursor, hb_app_test_dir_tear_down);
  g_test_add ("/app/import/name-not-utf8", Fixture, NULL, hb_app_test_dir_set_up,
              test_import_name_not_utf8, hb_app_test_dir_tear_down);
  g_test_add ("/app/import/doubtful-name-not-utf8", Fixture, NULL, hb_app_test_dir_set_up,
              test_import_doubtful_name_not_utf8, hb_app_test_dir_tear_down);
  g_test_add ("/app/import/png", Fixture, NULL, hb_app_test_dir_set_up,
              test_import_png, hb_app_test_dir_tear_down);
  g_test_add ("/app/import/resize", Fixture, NULL, hb_app_test_dir_set_up,
              test_import_resize, hb_app_test_dir_tear_down);
  g_test_add ("/app/import/edges", Fixture, NULL, hb_app_test_dir_set_up,
              test_import_edges, hb_app_test_dir_tear_down);
  g_test_add ("/app/import/beside", Fixture, NULL, hb_app_test_dir_set_up,
              test_import_beside, hb_app_test_dir_tear_down);
  g_test_add ("/app/import/notes", Fixture, NULL, hb_app_test_dir_set_up,
              test_import_notes, hb_app_test_dir_tear_down);
  g_test_add ("/app/import/doubtful", Fixture, NULL, hb_app_test_dir_set_up,
              test_import_doubtful, hb_app_test_dir_tear_down);
  g_test_add ("/app/import/doubtful-newer", Fixture, NULL, hb_app_test_dir_set_up,
              test_import_doubtful_newer, hb_app_test_dir_tear_down);
  g_test_add ("/app/import/real", Fixture, NULL, hb_app_test_dir_set_up,
              test_import_real, hb_app_test_dir_tear_down);
  g_test_add ("/app/import/bad", Fixture, NULL, hb_app_test_dir_set_up,
              test_import_bad, hb_app_test_dir_tear_down);
  g_test_add ("/app/import/paste", Fixture, NULL, hb_app_test_dir_set_up,
              test_import_paste, hb_app_test_dir_tear_down);
  g_test_add ("/app/import/paste-cancel", Fixture, NULL, hb_app_test_dir_set_up,
              test_import_paste_cancel, hb_app_test_dir_tear_down);
  g_test_add ("/app/import/paste-close", Fixture, NULL, hb_app_test_dir_set_up,
              test_import_paste_close, hb_app_test_dir_tear_down);
  g_test_add ("/app/import/paste-orientation", Fixture, NULL, hb_app_test_dir_set_up,
              test_import_paste_orientation, hb_app_test_dir_tear_down);
  return g_test_run ();
}
