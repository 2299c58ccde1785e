/* hb-app-test.h: helpers for the headless GUI tests (see DESIGN.md): an
 * application registered without D-Bus, a window of fixed size, main loop
 * iteration until a condition holds, snapshots of a widget as pixels. */
#pragma once

#include <gtk/gtk.h>

#include "hb-application.h"
#include "hb-window.h"

G_BEGIN_DECLS

/* What a test prints before every thread's stack when a fatal warning
 * (SIGTRAP) ends it, where gdb is installed (see hb_app_test_init). */
#define HB_APP_TEST_STACKS "== every thread's stack (gdb), after the signal =="

#define HB_TEST_WIDTH  1100
#define HB_TEST_HEIGHT 760

/* gtk_test_init, animations off, the application registered (startup run). */
void        hb_app_test_init (int *argc, char ***argv);
/* A presented window of HB_TEST_WIDTH × HB_TEST_HEIGHT on the welcome level,
 * laid out and with its first hint delivered. */
HbWindow   *hb_app_test_window_new (void);
/* A window as a user first sees it, with the settings as they are (Play
 * mode, the first unsolved bundled level of the last game). */
HbWindow   *hb_app_test_window_new_fresh (void);
void        hb_app_test_window_close (HbWindow *window);

/* Activates window action `name` (without "win."), as a menu or a key does:
 * the actions are installed on the window's class. */
void        hb_app_test_activate (HbWindow *window, const char *name, GVariant *param);

/* Iterates the main loop for about `ms` milliseconds. */
void        hb_app_test_settle (guint ms);
/* Iterates until cond (data) is TRUE; fails the test after `timeout_ms`. */
void        hb_app_test_wait (gboolean (*cond) (gpointer data), gpointer data,
                              guint timeout_ms, const char *what);
/* Waits until the window has no hint in flight. */
void        hb_app_test_wait_hint (HbWindow *window);
/* Opens a file through the window's own (threaded) open path and waits for
 * it: TRUE when the level was replaced. */
gboolean    hb_app_test_load (HbWindow *window, GFile *file);
/* An open started by the test itself (hb_window_load_file_async with
 * hb_app_test_opened and one of these): done once it ended, ok or with
 * its error (the test frees it). */
typedef struct {
  gboolean done, ok;
  GError  *error;
} HbAppTestOpened;
void        hb_app_test_opened (GObject *source, GAsyncResult *result, gpointer data);
/* Saves the level to `file` through the window's own (threaded) save and
 * waits for it: FALSE with `error` when it failed. */
gboolean    hb_app_test_save_level (HbWindow *window, GFile *file, GError **error);
/* Waits until no save is in flight. */
void        hb_app_test_wait_saved (HbWindow *window);
/* Waits until no open is in flight. */
void        hb_app_test_wait_loaded (HbWindow *window);
void        hb_app_test_wait_board_focus (HbWindow *window);

/* Presses and releases `keyval` through the X server (XTest), as a
 * keyboard does: the key goes to whichever surface has the X focus, so a
 * test sees what a user would when a popover keeps it. FALSE (nothing
 * sent) when the display is not X11 or has no XTest. */
gboolean    hb_app_test_x_key (GtkWidget *widget, guint keyval);
/* The same with the modifiers `mods` held (GDK_CONTROL_MASK and
 * GDK_SHIFT_MASK: the left Control and Shift keys). The key sent is the
 * keysym's key as it is: `plus` on a US layout is Shift with `equal`, so
 * send that. */
gboolean    hb_app_test_x_key_with (GtkWidget *widget, GdkModifierType mods, guint keyval);
/* Gives `window` the X focus (there is no window manager under the tests'
 * Xvfb to do it), so that hb_app_test_x_key's keys reach it. */
void        hb_app_test_x_focus (GtkWindow *window);

/* Renders a widget as it is now into BGRA bytes (premultiplied, stride
 * width * 4), like a screenshot. */
typedef struct {
  GdkTexture *texture;
  guchar     *data;
  int         width, height;
  gsize       stride;
} HbShot;

HbShot     *hb_app_test_shot (GtkWidget *widget);
void        hb_app_test_shot_free (HbShot *shot);
/* R, G, B (0..255) at (x, y), with x, y in widget coordinates. */
void        hb_app_test_pixel (const HbShot *shot, int x, int y, int rgb[3]);
/* When HB_TEST_SNAPSHOT_DIR is set, saves a PNG of `widget` there. */
void        hb_app_test_save (GtkWidget *widget, const char *name);

/* The first widget under `widget` (itself included, depth first) that
 * `match` takes, or NULL. */
typedef gboolean (*HbAppTestMatch) (GtkWidget *widget, gconstpointer data);
GtkWidget  *hb_app_test_find_where (GtkWidget *widget, HbAppTestMatch match, gconstpointer data);
/* The first widget under `widget` (itself included, depth first) that is
 * of `type`, or NULL. */
GtkWidget  *hb_app_test_find_first (GtkWidget *widget, GType type);
/* The same by the type's name (libadwaita's toast widget is private:
 * "AdwToastWidget"). */
GtkWidget  *hb_app_test_find_named (GtkWidget *widget, const char *type_name);
/* The preferences row (AdwPreferencesRow) or group (AdwPreferencesGroup)
 * titled `title` under `widget` (depth first), or NULL. */
GtkWidget  *hb_app_test_find_row (GtkWidget *widget, const char *title);
GtkWidget  *hb_app_test_find_group (GtkWidget *widget, const char *title);

/* A g_test_add fixture: a new temporary folder, removed with its files
 * after the test. */
typedef struct {
  char *dir;
} HbAppTestDir;
void        hb_app_test_dir_set_up (HbAppTestDir *f, gconstpointer data);
void        hb_app_test_dir_tear_down (HbAppTestDir *f, gconstpointer data);

/* For hb_app_test_find_where: a button whose action is `action`
 * ("win.replay"). */
gboolean    hb_app_test_is_action_button (GtkWidget *widget, gconstpointer action);
/* The window remembers the last game played: back to the default, so
 * that the tests after one that opened another game's level start on the
 * welcome level's. */
void        hb_app_test_reset_last_game (void);

/* A window on Flow Free with the genetic algorithm on paths chosen and its
 * Settings open: the longest list of settings, taller than the sidebar. */
HbWindow   *hb_app_test_flow_ga_window (void);
/* For hb_app_test_wait: TRUE when the window's (data) sidebar lies over
 * its board (a narrow window, the sidebar shown). */
gboolean    hb_app_test_sidebar_over_board (gpointer data);
/* For hb_app_test_wait: TRUE when the window (data) is not solving. */
gboolean    hb_app_test_not_solving (gpointer data);
/* Solves the open level with the solver `solver_id` (the welcome level with
 * "backtrack" gives thousands of steps and several solutions), waits for the
 * result, asserts it is solved and that the player plays its trace. */
void        hb_app_test_solve_and_play (HbWindow *window, const char *solver_id);
/* Writes `text` to a file `name` in a new temporary folder, opens it
 * through the window's open path (asserting that the level was replaced),
 * waits for the hint, and removes the file and the folder. */
void        hb_app_test_open_text (HbWindow *window, const char *name, const char *text);

/* TRUE when cell (x, y) lies whole in the board view laid out as `layout`,
 * or as now when layout is NULL. */
gboolean    hb_app_test_cell_in_view (HbBoardView *view, const HbLayout *layout, int x, int y);
/* The centre of cell (x, y) of the board view (fx, fy: position within the
 * cell, 0.5 for the centre). */
void        hb_app_test_cell_point (HbWindow *window, int x, int y,
                                    double fx, double fy, double *px, double *py);
/* A click of `button` at the middle of cell (x, y), then 30 ms of the
 * main loop. */
void        hb_app_test_click_cell (HbWindow *window, int x, int y, int button);
/* Emits "key-pressed" with `keyval` on the widget's key controllers, as a
 * key pressed while its child has the focus does, until one takes it:
 * TRUE when one did. */
gboolean    hb_app_test_press_key (GtkWidget *widget, guint keyval);
/* The index-th chip of the palette bar, as the user sees it. */
GtkWidget  *hb_app_test_palette_chip (HbWindow *window, int index);

G_END_DECLS
