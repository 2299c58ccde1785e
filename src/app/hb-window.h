/* hb-window.h: the main window. It shows one level (an HbDocument: a game,
 * its undo history, the file it came from) and everything around it: the
 * header bar (game chooser, edit/play mode, undo/redo, the primary menu),
 * the sidebar (board size, the solver panel, hints), the canvas, the
 * palette, the plot and the solver player. */
#pragma once

#include <adwaita.h>

#include "hb-game.h"
#include "hb-board-view.h"
#include "hb-document.h"
#include "hb-player-bar.h"
#include "hb-palette-bar.h"
#include "hb-plot-view.h"
#include "hb-solve-job.h"
#include "hb-solver-panel.h"

G_BEGIN_DECLS

#define HB_TYPE_WINDOW (hb_window_get_type ())
G_DECLARE_FINAL_TYPE (HbWindow, hb_window, HB, WINDOW, AdwApplicationWindow)

/* A window on the bundled welcome level (Enlight), or on a blank board of
 * the last game used when that is another game. */
HbWindow      *hb_window_new (GtkApplication *application);

/* Opens a level file, asking first about unsaved changes. */
void           hb_window_open (HbWindow *self, GFile *file);
/* Opens a file without asking about unsaved changes: read and parsed on a
 * worker thread; on success the level is replaced, on failure a dialog says
 * why and the level is kept. Finishes FALSE with an error on failure or
 * when a newer open or Escape cancelled it. */
void           hb_window_load_file_async (HbWindow *self, GFile *file,
                                          GAsyncReadyCallback callback,
                                          gpointer user_data);
gboolean       hb_window_load_file_finish (HbWindow *self, GAsyncResult *result,
                                           GError **error);
gboolean       hb_window_is_loading (HbWindow *self);
/* A Random level of a large board is being made (off the main thread). */
gboolean       hb_window_is_making_random (HbWindow *self);
/* A file named on the command line, in a new window: as
 * hb_window_load_file_async, and when it does not open, the game its
 * extension names (the first level not yet solved). */
void           hb_window_open_at_startup (HbWindow *self, GFile *file);
/* A save's end, on the main thread: `error` NULL when the level was
 * written to `file`. */
typedef void (*HbSavedFunc) (HbWindow *self, GFile *file, const GError *error,
                             gpointer data);
/* Writes the level, as it is now, to `file` (atomically, on a worker
 * thread) and makes it the level's file, saved as it was when the save
 * began (a change made meanwhile stays unsaved); then calls `done` (may
 * be NULL). One save at a time: one asked for while another runs begins
 * when it has ended, and closing the window waits for it. */
void           hb_window_save_to_file (HbWindow *self, GFile *file, HbSavedFunc done,
                                       gpointer data);
gboolean       hb_window_is_saving (HbWindow *self);
/* Testing: while held (any window), a save's worker waits before it
 * writes, until released; held counts the workers waiting so. */
void           hb_window_hold_saves (gboolean hold);
guint          hb_window_saves_held (void);

const HbGame  *hb_window_get_game (HbWindow *self);
const HbState *hb_window_get_state (HbWindow *self);
gboolean       hb_window_get_modified (HbWindow *self);
GFile         *hb_window_get_file (HbWindow *self);
void           hb_window_set_mode (HbWindow *self, HbMode mode);
HbMode         hb_window_get_mode (HbWindow *self);

/* The "ask-to-save" property (TRUE by default): when FALSE, closing the
 * window or replacing a modified level discards the changes without the
 * Cancel / Discard / Save dialog. Tests turn it off. */
void           hb_window_set_ask_to_save (HbWindow *self, gboolean ask);

/* Solving, for the keyboard, the sidebar and tests. */
gboolean       hb_window_select_solver (HbWindow *self, const char *id);
const HbSolver *hb_window_get_solver (HbWindow *self);
void           hb_window_solve (HbWindow *self);
void           hb_window_cancel_solve (HbWindow *self);
gboolean       hb_window_is_solving (HbWindow *self);
/* The last solve's result and the board it started from, or NULL. */
const HbResult *hb_window_get_result (HbWindow *self);
const HbState  *hb_window_get_result_initial (HbWindow *self);
/* TRUE while a hint is being computed for the current board. */
gboolean       hb_window_is_hint_pending (HbWindow *self);

HbBoardView   *hb_window_get_board_view (HbWindow *self);
HbPlayerBar   *hb_window_get_player_bar (HbWindow *self);
HbPaletteBar  *hb_window_get_palette_bar (HbWindow *self);
/* TRUE while the player shows a trace instead of the live board. */
gboolean       hb_window_is_playing_trace (HbWindow *self);
/* While the player shows a trace, Space, Left, Right, Home and End (no
 * modifier) play, step and jump it whatever has the focus, except a text
 * field, a spin button, a slider (Space apart) or an open menu, which keep
 * their keys. TRUE when the key went to the player. The window's key
 * controller calls it in the capture phase (the player's only key handler;
 * the tests call it too). */
gboolean       hb_window_player_key (HbWindow *self, guint keyval, GdkModifierType state);
/* The text of the last toast shown (for tests), or NULL. */
const char    *hb_window_get_last_toast (HbWindow *self);

/* Testing: chooses a game in the header bar's game chooser as the user
 * does (the chooser's own handler replaces the level, asking first about
 * unsaved changes). FALSE when no game has that id. */
gboolean       hb_window_select_game (HbWindow *self, const char *id);
/* Testing: Export Animation to `file`, as the file dialog's Export does. */
void           hb_window_export_animation_to (HbWindow *self, GFile *file);
/* Testing: while held (any window), an export's worker waits before it
 * writes, until released or cancelled; held counts the workers waiting. */
void           hb_window_hold_exports (gboolean hold);
guint          hb_window_exports_held (void);
/* Testing: the status line under the board. */
const char    *hb_window_get_status_text (HbWindow *self);
/* Testing: the sidebar's colour count row and its spin button's
 * adjustment (the count Random uses). */
GtkWidget     *hb_window_get_colours_row (HbWindow *self);
GtkAdjustment *hb_window_get_colours_adjustment (HbWindow *self);

/* Testing: the pieces the window wires together. */
HbDocument    *hb_window_get_document (HbWindow *self);
HbSolverPanel *hb_window_get_solver_panel (HbWindow *self);
HbPlotView    *hb_window_get_plot_view (HbWindow *self);
/* The solve running now, or NULL. */
HbSolveJob    *hb_window_get_solve_job (HbWindow *self);
/* The last result's trace, or NULL. */
const HbTrace *hb_window_get_trace (HbWindow *self);
/* Whether window action `name` ("undo", without "win.") is enabled. */
gboolean       hb_window_get_action_enabled (HbWindow *self, const char *name);
/* Testing: the level browser's list (one row per bundled level) and the
 * status line's label. */
GtkListBox    *hb_window_get_levels_list (HbWindow *self);
GtkWidget     *hb_window_get_status_label (HbWindow *self);
/* Testing: the file dialog showing now (Open, Save As, Export), or NULL. */
GtkNativeDialog *hb_window_get_file_dialog (HbWindow *self);

G_END_DECLS
