/* hb-app-test.c: see hb-app-test.h. */
#include "hb-app-test.h"
#include "hb-test-util.h"
#include "hb-window-private.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#ifdef HB_HAVE_XTEST
#include <gdk/x11/gdkx.h>
#include <X11/extensions/XTest.h>
#endif

static HbApplication *app;

static char *test_data_home;

/* ---- A fatal warning's stacks ------------------------------------------------
 *
 * With G_DEBUG=fatal-warnings a critical raises SIGTRAP, and CI shows only
 * the end of a failing test's output: "g_object_ref: assertion failed"
 * from inside GTK says nothing of where or why (CI's failure of
 * 2026-12-06, a race in GTK's icon cache, took a loop under gdb to see).
 * So on SIGTRAP every thread's stack is printed first, by gdb attached to
 * the test (when gdb is installed), then the test dies of the signal as
 * before. .ci/test repeats the stacks in its closing block. Only SIGTRAP:
 * AddressSanitizer keeps its own handlers for the others. */
static char *trap_argv[12];

static void
on_trap (int sig)
{
  static const char head[] = "\n" HB_APP_TEST_STACKS "\n";
  pid_t child;

  if (write (STDERR_FILENO, head, sizeof head - 1) < 0)
    _exit (1);
  child = fork ();
  if (child == 0)
    {
      dup2 (STDERR_FILENO, STDOUT_FILENO);
      execv (trap_argv[0], trap_argv);
      _exit (127);
    }
  if (child > 0)
    waitpid (child, NULL, 0);
  /* SA_RESETHAND and SA_NODEFER: the default action, at once. */
  raise (sig);
}

static void
stacks_on_trap_init (void)
{
  static char pid[24];
  char *timeout = g_find_program_in_path ("timeout");
  char *gdb = g_find_program_in_path ("gdb");
  struct sigaction sa = { 0 };
  int i = 0;

  if (gdb == NULL || timeout == NULL)
    {
      g_free (gdb);
      g_free (timeout);
      return;
    }
  g_snprintf (pid, sizeof pid, "%d", (int) getpid ());
  trap_argv[i++] = timeout;
  trap_argv[i++] = (char *) "60";
  trap_argv[i++] = gdb;
  trap_argv[i++] = (char *) "-nx";
  trap_argv[i++] = (char *) "-batch";
  trap_argv[i++] = (char *) "-p";
  trap_argv[i++] = pid;
  trap_argv[i++] = (char *) "-ex";
  trap_argv[i++] = (char *) "thread apply all bt 20";
  trap_argv[i] = NULL;
#if defined (__linux__) && defined (PR_SET_PTRACER)
  /* Where Yama lets a process be traced only by its ancestors. */
  prctl (PR_SET_PTRACER, PR_SET_PTRACER_ANY, 0, 0, 0);
#endif
  sa.sa_handler = on_trap;
  sa.sa_flags = SA_RESETHAND | SA_NODEFER;
  sigemptyset (&sa.sa_mask);
  sigaction (SIGTRAP, &sa, NULL);
}

static void
remove_test_data_home (void)
{
  if (test_data_home != NULL)
    hb_test_remove_tree (test_data_home);
}

void
hb_app_test_init (int *argc, char ***argv)
{
  GError *error = NULL;
  g_autofree char *data_home = g_dir_make_tmp ("hintboard-test-data-XXXXXX", NULL);

  /* The files the tests open go to recent files of their own, not to the
   * user's (Open Recent listed the tests' levels); removed at exit. */
  g_assert_nonnull (data_home);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  test_data_home = g_steal_pointer (&data_home);
  atexit (remove_test_data_home);
  stacks_on_trap_init ();
  gtk_test_init (argc, argv, NULL);
  /* Revealers and the flap jump to their end state, so layouts settle at
   * once and pixels are stable. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);

  /* Non-unique: the app never asks the session bus to be the primary
   * instance, so no D-Bus is needed. */
  app = hb_application_new (G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
}

void
hb_app_test_settle (guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;
  /* What is pending is done even past `ms` (a slow layout under the
   * sanitizers is followed by its idle work), but not without end: while
   * the player plays, a frame is always pending, and draining them all
   * played the whole trace (an ASan run then found the player stopped at
   * its end right after Replay). */
  gint64 drain_end = end + G_USEC_PER_SEC;

  while (g_get_monotonic_time () < end)
    {
      while (g_main_context_pending (NULL) && g_get_monotonic_time () < drain_end)
        g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
}

void
hb_app_test_wait (gboolean (*cond) (gpointer data), gpointer data,
                  guint timeout_ms, const char *what)
{
  gint64 end = g_get_monotonic_time () + (gint64) timeout_ms * 1000;

  while (!cond (data))
    {
      if (g_get_monotonic_time () > end)
        {
          if (g_getenv ("HB_TEST_DEBUG_WAIT"))
            {
              GList *l = gtk_window_list_toplevels ();
              for (GList *i = l; i; i = i->next)
                g_printerr ("toplevel %s mapped %d %dx%d\n", G_OBJECT_TYPE_NAME (i->data),
                            gtk_widget_get_mapped (i->data), gtk_widget_get_width (i->data),
                            gtk_widget_get_height (i->data));
              g_list_free (l);
            }
          g_error ("timed out waiting for %s", what);
        }
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

static gboolean
no_hint_pending (gpointer data)
{
  return !hb_window_is_hint_pending (HB_WINDOW (data));
}

void
hb_app_test_wait_hint (HbWindow *window)
{
  hb_app_test_wait (no_hint_pending, window, 30000, "the hint");
  hb_app_test_settle (50);
}

static gboolean
window_ready (gpointer data)
{
  HbWindow *window = data;
  GtkWidget *view = GTK_WIDGET (hb_window_get_board_view (window));

  /* The window's own size excludes the few pixels of its frame. */
  return gtk_widget_get_mapped (GTK_WIDGET (window))
         && gtk_widget_get_width (GTK_WIDGET (window)) > HB_TEST_WIDTH - 40
         && gtk_widget_get_height (GTK_WIDGET (window)) > HB_TEST_HEIGHT - 40
         && gtk_widget_get_width (view) > 100;
}

HbWindow *
hb_app_test_window_new (void)
{
  GSettings *settings = g_settings_new ("io.github.hintboard.Hintboard");
  HbWindow *window;

  /* The tests written for the workbench start as it used to: the welcome
   * level in Edit mode with hints shown (a new window opens in Play mode
   * with hints off on the first unsolved bundled level: see
   * hb_app_test_window_new_fresh). */
  g_settings_reset (settings, "solved-levels");
  g_settings_set_boolean (settings, "show-hints", TRUE);
  g_object_unref (settings);
  window = hb_app_test_window_new_fresh ();
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_wait_hint (window);
  return window;
}

HbWindow *
hb_app_test_window_new_fresh (void)
{
  HbWindow *window = hb_window_new (GTK_APPLICATION (app));

  hb_window_set_ask_to_save (window, FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), HB_TEST_WIDTH, HB_TEST_HEIGHT);
  gtk_window_present (GTK_WINDOW (window));
  hb_app_test_wait (window_ready, window, 20000, "the window to be mapped and sized");
  hb_app_test_wait_hint (window);
  hb_app_test_settle (100);
  return window;
}

void
hb_app_test_window_close (HbWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  hb_app_test_settle (50);
}

HbShot *
hb_app_test_shot (GtkWidget *widget)
{
  HbShot *shot = g_new0 (HbShot, 1);
  GdkPaintable *paintable = gtk_widget_paintable_new (widget);
  GskRenderNode *node;
  GskRenderer *renderer;
  gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  shot->width = gtk_widget_get_width (widget);
  shot->height = gtk_widget_get_height (widget);
  g_assert_cmpint (shot->width, >, 0);
  g_assert_cmpint (shot->height, >, 0);
  /* The paintable shows the widget's last drawn frame, and there is none
   * until the frame clock has painted it once since it was mapped: on a
   * loaded machine (CI) that can come after the layout the tests wait
   * for, and the snapshot was then empty ('node' NULL). A queued redraw
   * also drops the last frame until the next one: wait for it. */
  for (;;)
    {
      GtkSnapshot *snapshot = gtk_snapshot_new ();

      gdk_paintable_snapshot (paintable, snapshot, shot->width, shot->height);
      node = gtk_snapshot_free_to_node (snapshot);
      if (node != NULL || g_get_monotonic_time () > end)
        break;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  g_assert_nonnull (node);
  renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  shot->texture = gsk_renderer_render_texture (renderer, node,
                                               &GRAPHENE_RECT_INIT (0, 0, shot->width, shot->height));
  gsk_render_node_unref (node);
  g_object_unref (paintable);

  g_assert_cmpint (gdk_texture_get_width (shot->texture), ==, shot->width);
  shot->stride = (gsize) shot->width * 4;
  shot->data = g_malloc (shot->stride * shot->height);
  gdk_texture_download (shot->texture, shot->data, shot->stride);
  return shot;
}

void
hb_app_test_shot_free (HbShot *shot)
{
  if (shot == NULL)
    return;
  g_object_unref (shot->texture);
  g_free (shot->data);
  g_free (shot);
}

void
hb_app_test_pixel (const HbShot *shot, int x, int y, int rgb[3])
{
  const guchar *p;

  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, shot->width);
  g_assert_cmpint (y, <, shot->height);
  p = shot->data + (gsize) y * shot->stride + (gsize) x * 4;
  /* Little-endian ARGB32: B, G, R, A in memory; opaque here. */
  rgb[0] = p[2];
  rgb[1] = p[1];
  rgb[2] = p[0];
}

void
hb_app_test_save (GtkWidget *widget, const char *name)
{
  const char *dir = g_getenv ("HB_TEST_SNAPSHOT_DIR");
  HbShot *shot;
  char *path, *file;

  if (dir == NULL || dir[0] == '\0')
    return;
  g_mkdir_with_parents (dir, 0755);
  file = g_strconcat (name, ".png", NULL);
  path = g_build_filename (dir, file, NULL);
  shot = hb_app_test_shot (widget);
  g_assert_true (gdk_texture_save_to_png (shot->texture, path));
  g_test_message ("saved %s", path);
  hb_app_test_shot_free (shot);
  g_free (path);
  g_free (file);
}

gboolean
hb_app_test_cell_in_view (HbBoardView *view, const HbLayout *layout, int x, int y)
{
  HbLayout now;
  double left, top;

  if (layout == NULL)
    {
      hb_board_view_get_layout (view, &now);
      layout = &now;
    }
  left = layout->x0 + x * layout->cell;
  top = layout->y0 + y * layout->cell;
  return left >= -0.5 && top >= -0.5
         && left + layout->cell <= gtk_widget_get_width (GTK_WIDGET (view)) + 0.5
         && top + layout->cell <= gtk_widget_get_height (GTK_WIDGET (view)) + 0.5;
}

void
hb_app_test_cell_point (HbWindow *window, int x, int y, double fx, double fy,
                        double *px, double *py)
{
  HbLayout layout;

  hb_board_view_get_layout (hb_window_get_board_view (window), &layout);
  *px = layout.x0 + (x + fx) * layout.cell;
  *py = layout.y0 + (y + fy) * layout.cell;
}

void
hb_app_test_opened (GObject *source, GAsyncResult *result, gpointer data)
{
  HbAppTestOpened *o = data;

  o->ok = hb_window_load_file_finish (HB_WINDOW (source), result, &o->error);
  o->done = TRUE;
}

static gboolean
load_wait_done (gpointer data)
{
  return ((HbAppTestOpened *) data)->done;
}

gboolean
hb_app_test_load (HbWindow *window, GFile *file)
{
  HbAppTestOpened o = { FALSE, FALSE, NULL };

  hb_window_load_file_async (window, file, hb_app_test_opened, &o);
  hb_app_test_wait (load_wait_done, &o, 30000, "the file to open");
  g_clear_error (&o.error);
  return o.ok;
}

typedef struct {
  gboolean done;
  GError  *error;
} Saved;

static void
test_saved (HbWindow *window, GFile *file, const GError *error, gpointer data)
{
  Saved *saved = data;

  saved->done = TRUE;
  saved->error = error != NULL ? g_error_copy (error) : NULL;
}

static gboolean
save_wait_done (gpointer data)
{
  return ((Saved *) data)->done;
}

gboolean
hb_app_test_save_level (HbWindow *window, GFile *file, GError **error)
{
  Saved saved = { FALSE, NULL };

  hb_window_save_to_file (window, file, test_saved, &saved);
  hb_app_test_wait (save_wait_done, &saved, 60000, "the file to be saved");
  if (saved.error == NULL)
    return TRUE;
  g_propagate_error (error, saved.error);
  return FALSE;
}

static gboolean
not_saving (gpointer data)
{
  return !hb_window_is_saving (HB_WINDOW (data));
}

void
hb_app_test_wait_saved (HbWindow *window)
{
  hb_app_test_wait (not_saving, window, 60000, "the file to be saved");
}

static gboolean
not_loading (gpointer data)
{
  return !hb_window_is_loading (HB_WINDOW (data));
}

void
hb_app_test_wait_loaded (HbWindow *window)
{
  hb_app_test_wait (not_loading, window, 30000, "the file to open");
}

static gboolean
board_has_focus (gpointer data)
{
  HbWindow *window = data;

  return gtk_root_get_focus (GTK_ROOT (window))
         == GTK_WIDGET (hb_window_get_board_view (window));
}

void
hb_app_test_wait_board_focus (HbWindow *window)
{
  /* The board takes the focus in an idle once a popover has closed, and
   * an idle runs only when no redraw is due: on a loaded machine that can
   * be after a fixed settle, which no longer drains without end (an ASan
   * run in CI found the focus elsewhere 100 ms after a pick). */
  if (!board_has_focus (window))
    {
      GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));
      g_test_message ("the focus is on a %s; waiting for the board",
                      focus != NULL ? G_OBJECT_TYPE_NAME (focus) : "(nothing)");
    }
  hb_app_test_wait (board_has_focus, window, 10000, "the board to take the focus");
}

void
hb_app_test_activate (HbWindow *window, const char *name, GVariant *param)
{
  char *full = g_strconcat ("win.", name, NULL);

  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), full, param));
  g_free (full);
}

GtkWidget *
hb_app_test_find_where (GtkWidget *widget, HbAppTestMatch match, gconstpointer data)
{
  if (match (widget, data))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = hb_app_test_find_where (c, match, data);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
is_of_type (GtkWidget *widget, gconstpointer data)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, *(const GType *) data);
}

GtkWidget *
hb_app_test_find_first (GtkWidget *widget, GType type)
{
  return hb_app_test_find_where (widget, is_of_type, &type);
}

static gboolean
is_named (GtkWidget *widget, gconstpointer name)
{
  return g_str_equal (G_OBJECT_TYPE_NAME (widget), name);
}

GtkWidget *
hb_app_test_find_named (GtkWidget *widget, const char *type_name)
{
  return hb_app_test_find_where (widget, is_named, type_name);
}

static gboolean
is_row_titled (GtkWidget *widget, gconstpointer title)
{
  return ADW_IS_PREFERENCES_ROW (widget)
         && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0;
}

GtkWidget *
hb_app_test_find_row (GtkWidget *widget, const char *title)
{
  return hb_app_test_find_where (widget, is_row_titled, title);
}

static gboolean
is_group_titled (GtkWidget *widget, gconstpointer title)
{
  return ADW_IS_PREFERENCES_GROUP (widget)
         && g_strcmp0 (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (widget)), title) == 0;
}

GtkWidget *
hb_app_test_find_group (GtkWidget *widget, const char *title)
{
  return hb_app_test_find_where (widget, is_group_titled, title);
}

void
hb_app_test_dir_set_up (HbAppTestDir *f, gconstpointer data)
{
  f->dir = g_dir_make_tmp ("hintboard-test-XXXXXX", NULL);
  g_assert_nonnull (f->dir);
}

void
hb_app_test_dir_tear_down (HbAppTestDir *f, gconstpointer data)
{
  GDir *d = g_dir_open (f->dir, 0, NULL);
  const char *name;

  while ((name = g_dir_read_name (d)) != NULL)
    {
      char *path = g_build_filename (f->dir, name, NULL);
      g_unlink (path);
      g_free (path);
    }
  g_dir_close (d);
  g_rmdir (f->dir);
  g_free (f->dir);
}

HbWindow *
hb_app_test_flow_ga_window (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbSolverPanel *panel = hb_window_get_solver_panel (window);
  GtkWidget *row;

  g_assert_true (hb_window_select_game (window, "flow"));
  hb_app_test_settle (200);
  g_assert_true (hb_window_select_solver (window, "ga-paths"));
  row = gtk_widget_get_ancestor (hb_solver_panel_get_setting_row (panel, "mutation"),
                                 ADW_TYPE_EXPANDER_ROW);
  g_assert_nonnull (row);
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (row), TRUE);
  hb_app_test_settle (300);
  return window;
}

gboolean
hb_app_test_sidebar_over_board (gpointer data)
{
  HbWindow *window = data;

  return adw_flap_get_folded (window->flap) && adw_flap_get_reveal_flap (window->flap)
         && gtk_widget_get_mapped (GTK_WIDGET (window->sidebar_scroller));
}

gboolean
hb_app_test_not_solving (gpointer data)
{
  return !hb_window_is_solving (HB_WINDOW (data));
}

void
hb_app_test_solve_and_play (HbWindow *window, const char *solver_id)
{
  g_assert_true (hb_window_select_solver (window, solver_id));
  hb_window_solve (window);
  hb_app_test_wait (hb_app_test_not_solving, window, 120000, "the solver");
  hb_app_test_settle (100);
  g_assert_nonnull (hb_window_get_result (window));
  g_assert_cmpint (hb_window_get_result (window)->status, ==, HB_STATUS_SOLVED);
  g_assert_true (hb_window_is_playing_trace (window));
}

gboolean
hb_app_test_is_action_button (GtkWidget *widget, gconstpointer action)
{
  return GTK_IS_BUTTON (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

void
hb_app_test_reset_last_game (void)
{
  GSettings *settings = g_settings_new ("io.github.hintboard.Hintboard");

  g_settings_reset (settings, "last-game");
  g_object_unref (settings);
}

void
hb_app_test_open_text (HbWindow *window, const char *name, const char *text)
{
  char *dir = g_dir_make_tmp ("hintboard-test-XXXXXX", NULL);
  char *path;
  GFile *file;

  g_assert_nonnull (dir);
  path = g_build_filename (dir, name, NULL);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  file = g_file_new_for_path (path);
  g_assert_true (hb_app_test_load (window, file));
  hb_app_test_wait_hint (window);
  g_object_unref (file);
  g_unlink (path);
  g_rmdir (dir);
  g_free (path);
  g_free (dir);
}

void
hb_app_test_click_cell (HbWindow *window, int x, int y, int button)
{
  double px, py;

  hb_app_test_cell_point (window, x, y, 0.5, 0.5, &px, &py);
  hb_board_view_simulate_click (hb_window_get_board_view (window), px, py, button);
  hb_app_test_settle (30);
}

void
hb_app_test_x_focus (GtkWindow *window)
{
#ifdef HB_HAVE_XTEST
  GdkDisplay *display = gtk_widget_get_display (GTK_WIDGET (window));
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));

  if (!GDK_IS_X11_DISPLAY (display) || surface == NULL)
    return;
  /* An X error here (a window not yet viewable) is no reason to abort
   * the test binary: the keys then just go elsewhere, and the test's own
   * first check says so. */
  gdk_x11_display_error_trap_push (display);
  XSetInputFocus (gdk_x11_display_get_xdisplay (display), gdk_x11_surface_get_xid (surface),
                  RevertToParent, CurrentTime);
  gdk_x11_display_error_trap_pop_ignored (display);
  hb_app_test_settle (100);
#endif
}

gboolean
hb_app_test_x_key (GtkWidget *widget, guint keyval)
{
  return hb_app_test_x_key_with (widget, 0, keyval);
}

gboolean
hb_app_test_x_key_with (GtkWidget *widget, GdkModifierType mods, guint keyval)
{
#ifndef HB_HAVE_XTEST
  return FALSE;
#else
  GdkDisplay *display = gtk_widget_get_display (widget);
  Display *x;
  int ev, err, major, minor;
  KeyCode code, held[2];
  int n_held = 0;

  if (!GDK_IS_X11_DISPLAY (display))
    return FALSE;
  x = gdk_x11_display_get_xdisplay (display);
  if (!XTestQueryExtension (x, &ev, &err, &major, &minor))
    return FALSE;
  code = XKeysymToKeycode (x, keyval);
  g_assert_cmpint (code, !=, 0);
  if (mods & GDK_CONTROL_MASK)
    held[n_held++] = XKeysymToKeycode (x, GDK_KEY_Control_L);
  if (mods & GDK_SHIFT_MASK)
    held[n_held++] = XKeysymToKeycode (x, GDK_KEY_Shift_L);
  for (int i = 0; i < n_held; i++)
    {
      g_assert_cmpint (held[i], !=, 0);
      XTestFakeKeyEvent (x, held[i], True, CurrentTime);
    }
  XTestFakeKeyEvent (x, code, True, CurrentTime);
  XTestFakeKeyEvent (x, code, False, CurrentTime);
  for (int i = n_held - 1; i >= 0; i--)
    XTestFakeKeyEvent (x, held[i], False, CurrentTime);
  XFlush (x);
  hb_app_test_settle (150);
  return TRUE;
#endif
}

gboolean
hb_app_test_press_key (GtkWidget *widget, guint keyval)
{
  gboolean handled = FALSE;
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !handled; i++)
    {
      g_autoptr (GObject) c = g_list_model_get_item (controllers, i);
      if (GTK_IS_EVENT_CONTROLLER_KEY (c))
        g_signal_emit_by_name (c, "key-pressed", keyval, 0, 0, &handled);
    }
  return handled;
}

GtkWidget *
hb_app_test_palette_chip (HbWindow *window, int index)
{
  GtkWidget *chip = gtk_widget_get_first_child (GTK_WIDGET (hb_window_get_palette_bar (window)));

  for (int i = 0; i < index && chip != NULL; i++)
    chip = gtk_widget_get_next_sibling (chip);
  g_assert_nonnull (chip);
  g_assert_true (GTK_IS_BUTTON (chip));
  return chip;
}
