/* hb-window-private.h: what the window's files share (hb-window.c wires
 * the pieces together, hb-window-status.c keeps the title and the status
 * line, hb-window-choosers.c the game and size choosers,
 * hb-window-solve.c runs solves and the player, hb-window-hints.c the
 * hint job and Next Hint, hb-window-files.c opens
 * and saves, hb-window-import.c reads pictures and pastes them,
 * hb-window-export.c exports, hb-window-play.c plays, hb-window-levels.c
 * keeps the bundled levels, hb-window-edges.c adds and removes rows and
 * columns at the board's edges, hb-window-actions.c
 * holds the actions and their keys). Nothing outside those files
 * includes it. */
#pragma once

#include "hb-window.h"
#include "hb-page-column.h"
#include "hb-shrink-bin.h"
#include "hb-document.h"
#include "hb-hint-job.h"
#include "hb-import.h"
#include "hb-plot-view.h"
#include "hb-solve-job.h"
#include "hb-solver-panel.h"

G_BEGIN_DECLS

#define SETTINGS_MAX_SIDE 256  /* the schema's range for board-width/height */

/* A toast with Cancel (win.cancel) saying that a job on a worker is under
 * way (an open, a Random level; a save, without Cancel), shown only once
 * it has taken 300 ms (hb-window-jobs.c). */
typedef struct {
  HbWindow *window;
  char     *text;
  guint     id;      /* the 300 ms wait */
  AdwToast *toast;   /* shown, or NULL */
  gboolean (*cancel) (HbWindow *self);   /* its job's, for the toast's × */
} HbJobToast;

struct _HbWindow
{
  AdwApplicationWindow parent_instance;

  /* Template. */
  AdwToastOverlay     *toast_overlay;       /* the board's: toasts above the player */
  AdwToastOverlay     *page_toast_overlay;  /* the page's: toasts below the status line */
  AdwWindowTitle      *window_title;
  GtkDropDown         *game_dropdown;
  AdwFlap             *flap;
  AdwPreferencesGroup *board_group;
  GtkStack            *board_texts;   /* the group's description in Play and
                                       * in Edit (hb_window_update_board_description),
                                       * or NULL: the group's own */
  GtkAdjustment       *width_adjustment;
  GtkAdjustment       *height_adjustment;
  AdwPreferencesRow   *width_row;       /* their rows (hb_window_choosers_init) */
  AdwPreferencesRow   *height_row;
  GtkWidget           *rows_button;     /* their menus of rows and columns */
  GtkWidget           *columns_button;  /* at the edges (hb-window-edges.c) */
  gboolean             size_chosen;     /* Play: Width and Height hold the size
                                         * of the next new level, not the board's */
  GtkAdjustment       *colours_adjustment;
  GtkWidget           *colours_row;
  AdwExpanderRow      *new_levels_row;  /* Play: Width, Height and Colours
                                         * folded into it (hb-window-choosers.c) */
  GtkAdjustment       *number_adjustment;   /* the game's level_number */
  AdwActionRow        *number_row;
  HbSolverPanel       *solver_panel;
  GtkSwitch           *hints_switch;
  GtkSwitch           *hint_all_switch;
  GtkWidget           *hint_all_row;    /* only for games with hint_shows_all */
  GtkSwitch           *colour_labels_switch;
  AdwActionRow        *hint_row;
  GtkSpinner          *hint_spinner;
  AdwActionRow        *legend_row;
  GtkRevealer         *palette_revealer;
  GtkScrolledWindow   *palette_scroller;
  GtkWidget           *palette_left, *palette_right;   /* its arrows (hb-palette-scroll.c) */
  GtkScrolledWindow   *sidebar_scroller;
  HbShrinkBin         *shrink_bin;       /* the content: see hb-shrink-bin.c */
  gboolean             status_shows_progress; /* a solver's, the sidebar away */
  HbPaletteBar        *palette_bar;
  HbBoardView         *board_view;
  HbPlotView          *plot_view;
  GtkLabel            *status_label;
  GtkStack            *bottom_stack;    /* the status line or the player */
  HbPlayerBar         *player_bar;

  GSettings           *settings;
  gboolean             disposed;
  gboolean             updating;       /* guards handlers while the UI follows the model */
  const HbGame        *colours_game;   /* the game the colour count was set for */
  GHashTable          *disabled;       /* names of the actions turned off */

  /* The level and how it is edited. */
  HbDocument          *document;
  HbMode               mode;
  gboolean             ask_to_save;
  gboolean             close_confirmed;
  /* The Save Changes? question (hb-window-dialogs.c): one at a time; what
   * asks while it is up waits here for its turn. */
  gboolean             discard_asking;
  GQueue               discard_waiting;
  /* Random's level being made on a worker (hb-window-random.c), or NULL,
   * and the document's level serial and the window's loads_begun when it
   * was asked for. */
  GCancellable        *random_cancellable;
  guint64              random_serial;
  guint                random_loads;
  HbJobToast           random_toast;   /* "Making a random level…" */

  /* Files (hb-window-files.c). */
  GtkNativeDialog     *file_dialog;    /* the one open now, or NULL */
  GCancellable        *load_cancellable;
  guint                loads_begun;    /* opens asked for, ever */
  HbJobToast           load_toast;     /* "Opening “name”…" */
  GtkWidget           *doubt_dialog;   /* an opened picture's question, or NULL */
  AdwToast            *lost_toast;     /* "Out of moves", while it holds */
  AdwToast            *win_toast;      /* "Solved in …", while the board is */
  AdwToast            *settings_toast; /* the latest about a setting's value */
  AdwToast            *cut_toast;      /* "The smaller board cut off …" or
                                        * "Board cleared", with its Undo,
                                        * while the level is as that change
                                        * left it */
  AdwToast            *page_toast;     /* the latest without a button at the
                                        * foot of the page, while shown:
                                        * lifted above the player when it
                                        * opens there (hb-window-status.c) */
  AdwToast            *escape_toast;   /* "… cancel it (Escape) …", while
                                        * shown: the key takes it too */
  guint64              cut_serial;     /* the document's serial then */
  guint                levels_entered; /* levels that came in (set, restored) */
  guint                back_level;     /* levels_entered when New or Random
                                        * kept the level they replaced, for
                                        * the toast's Undo; 0: none */
  HbMode               back_mode;      /* the mode it was left in */
  AdwToast            *back_toast;     /* its toast, while that level is */
  guint                edit_hint_id;   /* Edit's own hint, waiting for a pause */
  GWeakRef             toast_label;    /* the latest toast's words with a
                                        * button, fitted again as the window
                                        * narrows (hb-window-status.c) */
  /* The column's width for the hidden player bar (hb-window-status.c). */
  guint                bar_hint_id;
  int                  bar_hint_width;
  gboolean             applying_answer; /* Apply Solution's moves going in */
  guint64              answer_entry;    /* the history entry they made */
  /* A save on its worker (hb-window-save.c), and what waits for it. */
  gboolean             saving;
  gboolean             save_failed;    /* the last one did */
  gboolean             save_level_gone; /* another level came in while it ran */
  GFile               *saving_file;    /* what it writes, while it runs */
  HbJobToast           save_toast;     /* "Saving “name”…" */
  GQueue               save_waiting;
  GCancellable        *export_cancellable;
  HbJobToast           export_toast;   /* "Exporting the animation…" */
  GFile               *exported;      /* the last animation saved (Open) */

  /* Hints. */
  HbHintJob           *hint_job;
  gboolean             show_hints;
  gboolean             next_hint_wanted; /* "Next hint" waits for the worker */

  /* Solving: the job while it runs, with its progress line and live view. */
  HbSolveJob          *solve_job;
  guint                progress_id;
  guint                live_id;
  gint64               live_last, live_next;  /* live_tick's pace (µs): its
                                               * last frame's time, or 0 */
  gpointer             stopped_frame;  /* the board Cancel took off the board, */
  GDestroyNotify       stopped_free;   /* for the player's stop (keep_stop_frame) */

  /* The last result, its trace and the board it started from. */
  HbResult            *result;
  HbTrace             *trace;
  HbState             *result_initial;
  HbPlayer            *player;

  char                *last_toast;

  /* Play (hb-window-play.c): the clock since the level as drawn was
   * loaded, restarted or changed (the moves are counted by the history:
   * hb_window_play_moves), the bundled level shown (its key in the
   * "solved-levels" setting, or NULL), the level browser, Open Recent. */
  guint64              solve_serial;   /* the board's serial when the solve began */
  guint64              play_design;    /* the design the clock runs for */
  gint64               play_start;     /* monotonic µs of the first move, 0: none yet */
  gint64               play_end;       /* when it was solved, 0: not yet */
  guint                clock_holds;    /* HB_CLOCK_HOLD_* that stop the clock now
                                        * (play_end set by the first of them) */
  /* The clock of the try a Restart ended, for Undo to bring back with
   * its moves: its time (µs, -1 none), whether it had stopped (a win),
   * and the play depth of the Restart's step (0: none). */
  gint64               restart_kept;
  gboolean             restart_ended;
  guint                restart_hints;  /* and its hint moves */
  guint                restart_depth;
  guint                clock_id;
  gboolean             gesture_counted;   /* the gesture made a play step */
  gboolean             gesture_clock;     /* and started the clock */
  guint                hints_taken;    /* Next Hint moves made in this try */
  /* The last win of this try: its time (µs), its history entry and its
   * board, so that Undo then Redo wins again in the same time (the clock
   * ran on between them), celebrated once. NULL board: none. */
  gint64               won_time;
  guint64              won_entry;
  HbState             *won_board;
  gboolean             was_solved;     /* the board was solved before the last change */
  /* hb_window_current_is_solved's last answer, for the board shown at
   * the document's serial; `checks` counts the boards it checked. */
  struct {
    const HbState *state;
    guint64        serial;
    gboolean       solved;
    guint          checks;
  } solved_memo;
  /* hb_window_dup_game_status's last words, the same way; `made` counts
   * the words it made. */
  struct {
    const HbState *state;
    guint64        serial;
    char        *(*fn) (const HbState *state);
    char          *text;
    guint          made;
  } status_memo;
  gboolean             was_lost;
  char                *level_key;
  GHashTable          *kept_keys;      /* game id -> level_key of its kept level (hb_document_keep) */
  GHashTable          *kept_results;   /* game id -> its kept level's solver result (-levels.c) */
  GHashTable          *kept_plays;     /* game id -> the clock of its kept level's try
                                        * (hb_window_play_keep), made on first use */
  GtkMenuButton       *levels_button;
  GtkMenuButton       *main_menu_button;
  gboolean             main_menu_escaped;  /* the menu closed on Escape */
  GtkListBox          *levels_list;
  GMenu               *recent_menu;
  GtkWidget           *edit_button;
  GtkWidget           *play_button;
  GtkWidget           *undo_box;
  gboolean             narrow;
  /* A window under SHORT_HEIGHT tall: the board does not keep the room of
   * the player and of an empty palette row (hb-window-status.c). */
  gboolean             short_window;
  /* After a popover closed, the focus given back to its button goes on to
   * the board (hb-window-focus.c). */
  GtkWidget           *focus_from;
  gulong               focus_from_handler;
  guint                focus_from_timeout;
  int                  wide_min_width[16]; /* per game (registry order): the wide
                                          * layout's least width, 0 not seen */
  /* Narrow windows (hb-window-status.c): the games in the main menu, the
   * box of the board and the plot (stacked when narrow). */
  GMenu               *game_menu;
  GtkBox              *board_box;
};

/* hb-window.c */
const HbState *hb_window_current (HbWindow *self);
gboolean       hb_window_current_is_solved (HbWindow *self);
char          *hb_window_dup_game_status (HbWindow *self);
void           hb_window_show_error (HbWindow *self, const char *heading, const char *text);
void           hb_window_show_error_details (HbWindow *self, const char *heading,
                                             const char *text, const char *details);
/* A "Details" expander under a dialog's body, closed, with `details`
 * selectable in it (hb-window-dialogs.c). */
void           hb_message_dialog_add_details (AdwMessageDialog *dialog, const char *details);
/* The default response keeps the first focus when the responses stack
 * (hb-window-focus.c); every question with a default calls it. */
void           hb_message_dialog_focus_default (AdwMessageDialog *dialog);
void           hb_window_update_actions (HbWindow *self);
/* Makes `state` (taken) the level, with a fresh history. */
void           hb_window_set_level (HbWindow *self, HbState *state, GFile *file,
                                    const char *untitled_name);
HbState       *hb_window_new_blank_for (const HbGame *game, GSettings *settings);
/* The open level kept for its game before another game's level comes in
 * (unless it has unsaved changes), and brought back when that game is
 * chosen again. */
void           hb_window_keep_level (HbWindow *self);
/* New and Random: `state` (taken) replaces the level, and the one left
 * (with its moves and clock) is kept for the game, a toast (`text`)
 * offering it back (hb_window_back_level); a level with changes the user
 * chose to discard is not kept. */
void           hb_window_replace_level (HbWindow *self, HbState *state, const char *text);
/* The toast's Undo: the level New or Random replaced, back as it was
 * left (after asking about the new one's changes); nothing once another
 * level came in since. */
void           hb_window_back_level (HbWindow *self);
/* Whether that offer holds: no level came in since New or Random. */
gboolean       hb_window_back_offered (HbWindow *self);
/* Whether Undo (Ctrl+Z) makes it: it holds, and the new level has no
 * step of its own left to undo, nor play moves (which Edit's Undo passes
 * over). */
gboolean       hb_window_undo_brings_back (HbWindow *self);
/* A level came in (hb_window_level_entered): counted, and the toast
 * offering the one before it back goes. */
void           hb_window_back_level_entered (HbWindow *self);
gboolean       hb_window_restore_kept (HbWindow *self, const HbGame *game);
/* Around the document's change of level (hb_window_set_level,
 * hb_window_restore_kept): what goes with the level left, and what a
 * level coming in starts without. */
void           hb_window_leave_level (HbWindow *self);
void           hb_window_level_entered (HbWindow *self);

/* hb-window-status.c */
void           hb_window_update_title (HbWindow *self);
void           hb_window_update_palette (HbWindow *self);
/* The Board group's text: the game's rules, or in Edit mode what its
 * clicks and drags do. */
void           hb_window_update_board_description (HbWindow *self);
void           hb_window_update_status (HbWindow *self);
void           hb_window_update_hint_row (HbWindow *self);
/* A toast for 6 seconds (its text plain, not markup). */
void           hb_window_show_toast (HbWindow *self, const char *text);
void           hb_window_show_board (HbWindow *self);
/* The same for a solver setting's value, in place of the last such toast
 * (typing "abc" into Seed queued a toast per key). */
void           hb_window_show_settings_toast (HbWindow *self, const char *text);
void           hb_window_lift_page_toast (HbWindow *self);
/* A toast that names Escape as the way back to the board, which the key
 * takes away as it does what the toast says (hb-window-status.c). */
void           hb_window_show_escape_toast (HbWindow *self, const char *text);
void           hb_window_drop_escape_toast (HbWindow *self);
/* Whether the status line shows a running solver's progress instead of
 * the level's status (hb-window-status.c). */
gboolean       hb_window_status_wants_progress (HbWindow *self);
/* A toast with Undo for the change just made, until the next change. */
void           hb_window_show_undo_toast (HbWindow *self, const char *text);
/* A toast with a button that activates `action` ("win.restart"), for
 * `timeout` seconds (0: until dismissed); the toast, owned by its overlay,
 * for one who wants to dismiss it early. */
AdwToast      *hb_window_show_toast_button (HbWindow *self, const char *text,
                                            const char *button, const char *action,
                                            guint timeout);
/* notify::default-width: the header bar sheds buttons below 640 px. */
void           hb_window_on_default_width (HbWindow *self, GParamSpec *pspec, gpointer data);
/* The probe that tells the hidden player bar its width. */
void           hb_window_status_init (HbWindow *self);

/* hb-window-header.c */
/* Edit and Play as labelled toggles (wide) or one icon, the other mode's
 * (narrow); init follows the mode. */
void           hb_window_header_set_narrow (HbWindow *self, gboolean narrow);
void           hb_window_header_init (HbWindow *self);
GtkWidget     *hb_window_find_styled (GtkWidget *w, GType type, const char *css);

/* hb-window-edges.c */
/* win.add-row, win.add-column ("top" or "bottom", "left" or "right") and
 * their remove-: Edit's rows and columns at any edge. */
void           hb_window_class_install_edge_actions (GtkWidgetClass *widget_class);
/* The rows' and columns' menus and their actions follow the mode and the
 * size. */
void           hb_window_edges_update (HbWindow *self);

/* hb-window-choosers.c */
/* Fills the game chooser and connects it and the size controls. */
void           hb_window_choosers_init (HbWindow *self);
/* The size and colour controls follow the level. */
void           hb_window_update_size_controls (HbWindow *self);
void           hb_window_size_controls_follow (HbWindow *self);
/* The game chooser shows the level's game (without acting on it). */
void           hb_window_select_game_in_dropdown (HbWindow *self);

/* hb-window-hints.c */
void           hb_window_free_hint (HbWindow *self);
void           hb_window_on_hint_done (HbHintJob *job, const GError *error, HbWindow *self);
void           hb_window_start_hint (HbWindow *self, gboolean needed);
void           hb_window_mode_hint (HbWindow *self);
void           hb_window_make_next_hint_move (HbWindow *self);
void           hb_window_next_hint (HbWindow *self);
/* hb-window-status.c, hb-window-choosers.c */
void           hb_window_board_texts_init (HbWindow *self);
void           hb_window_game_menu_set (HbWindow *self, gboolean narrow);
/* hb-window-solve.c */
void           hb_window_open_player (HbWindow *self);
void           hb_window_close_player (HbWindow *self);
void           hb_window_update_plot_mark (HbWindow *self);
/* Drops the last result, its trace and the player. */
void           hb_window_take_result (HbWindow *self, HbResult **result, HbTrace **trace,
                                      HbState **initial);
static inline void
hb_window_clear_result (HbWindow *self)
{
  hb_window_take_result (self, NULL, NULL, NULL);
}
void           hb_window_show_result (HbWindow *self, const char *command);
gboolean       hb_window_result_can_export (HbWindow *self);
/* Apply Solution's and Replay's state and their tooltips' reasons. */
void           hb_window_update_result_actions (HbWindow *self, gboolean solving);
gboolean       hb_window_result_applies (HbWindow *self);
/* A result is shown, and the board is no longer the one it was found on. */
gboolean       hb_window_result_is_stale (HbWindow *self);

/* hb-window-play.c */
void           hb_window_play_dispose (HbWindow *self);
/* A new level came (clock and moves back to zero). */
void           hb_window_play_level_changed (HbWindow *self);
/* The board changed: the clock, the win and the loss. */
void           hb_window_play_state_changed (HbWindow *self);
/* One play move was made (a gesture's first change, a palette flood, a hint). */
void           hb_window_play_note_move (HbWindow *self);
/* While the player shows a run the clock stands (hold), then goes on. */
/* What stops the clock: the player showing a solver's run, a window of
 * ours over this one (a dialog, the shortcuts window). */
enum { HB_CLOCK_HOLD_PLAYER = 1, HB_CLOCK_HOLD_WINDOW = 2 };
void           hb_window_play_hold_clock (HbWindow *self, guint reason, gboolean hold);
void           hb_window_play_watch_windows (HbWindow *self);
void           hb_window_play_restart (HbWindow *self);
const HbState *hb_window_play_restart_board (HbWindow *self);
guint          hb_window_play_moves (HbWindow *self);
/* Connects the board's moves and strokes (made, let go, taken back). */
void           hb_window_play_connect_strokes (HbWindow *self);
/* "12 moves · 1:04", or NULL before the first move. Newly allocated. */
char          *hb_window_play_dup_progress (HbWindow *self);
/* Plays are refused: the game is lost (the move limit used up). */
gboolean       hb_window_play_is_lost (HbWindow *self);
void           hb_window_play_keep (HbWindow *self, const char *game_id);
void           hb_window_play_forget_kept (HbWindow *self, const char *game_id);
void           hb_window_play_restore_kept (HbWindow *self, const char *game_id);

/* hb-window-levels.c */
void           hb_window_levels_init (HbWindow *self);
void           hb_window_levels_dispose (HbWindow *self);
/* The first bundled level of `game` not solved yet (else the first), as a
 * new state with its display name and key; FALSE when the game has none. */
gboolean       hb_window_load_bundled_first (HbWindow *self, const HbGame *game);
/* The next bundled level not solved yet after the one open (asking about
 * unsaved changes first); nothing when the open level is not bundled. */
void           hb_window_next_level (HbWindow *self);
void           hb_window_rebuild_levels (HbWindow *self);
/* The bundled level `key` (may be NULL: nothing) gets its tick. */
void           hb_window_levels_mark_solved (HbWindow *self, const char *key);
void           hb_window_levels_recognise (HbWindow *self);
/* Makes `key` (taken; NULL for none) the bundled level shown, after the
 * level changed: the Levels list and Next Level follow it. */
void           hb_window_levels_set_key (HbWindow *self, char *key);

/* hb-palette-scroll.c: the palette's scrolling, by the plain wheel and the
 * arrows over its ends. */
void           hb_window_palette_scroll_init (HbWindow *self);

/* hb-window-recent.c: Open Recent follows GTK's recent files list from
 * init until dispose; a level opened or saved is added to it. */
void           hb_window_add_recent (HbWindow *self, GFile *file);
void           hb_window_recent_init (HbWindow *self);
void           hb_window_recent_dispose (HbWindow *self);

/* hb-window-disk.c: what `file` looked like when the window last read or
 * wrote it (hb_window_note_disk), and whether it changed on disk since. */
void           hb_window_note_disk (HbWindow *self, GFile *file);
/* The same with the file as hb_window_disk_stamp saw it (NULL: gone). */
void           hb_window_note_disk_stamp (HbWindow *self, GFile *file, const char *stamp);
/* The file's modification time, size and inode as a string, or NULL when
 * it cannot be looked at (gone); any thread. */
char          *hb_window_disk_stamp (GFile *file);
gboolean       hb_window_disk_changed (HbWindow *self, GFile *file);

/* hb-window-jobs.c */
/* Shows `t` with `text` once 300 ms have passed, unless cleared first;
 * `cancel` (may be NULL: no Cancel) stops its job. */
void           hb_job_toast_start (HbWindow *self, HbJobToast *t, const char *text,
                                   gboolean (*cancel) (HbWindow *self));
/* Takes `t` away, shown or waiting. */
void           hb_job_toast_clear (HbJobToast *t);
/* Testing: a worker that waits at hb_job_hold_wait while its hold is set
 * (a static HbJobHold, zeroed), until released or cancelled; waiting
 * counts the workers waiting so. */
typedef struct {
  GMutex mutex;
  GCond  cond;
  int    held;      /* atomic */
  guint  waiting;
} HbJobHold;
void           hb_job_hold_set (HbJobHold *hold, gboolean held);
guint          hb_job_hold_waiting (HbJobHold *hold);
void           hb_job_hold_wait (HbJobHold *hold, GCancellable *cancellable);
GApplication  *hb_job_hold_app (HbWindow *self);
void           hb_job_release_app (GApplication **app);

/* hb-window-files.c */
typedef void (*HbThen) (HbWindow *self, gpointer data);
/* Runs `then` now if the level has no unsaved changes, else after the user
 * chose Discard or saved successfully; never if they cancelled. */
void           hb_window_maybe_discard (HbWindow *self, HbThen then, gpointer data,
                                        GDestroyNotify destroy);
/* Drops what waits for the question (the window is going). */
void           hb_window_discard_dispose (HbWindow *self);
void           hb_window_save (HbWindow *self);
/* Asks for a file name and saves; then runs `pending` (may be NULL). */
void           hb_window_save_as (HbWindow *self, gpointer pending);
/* The name Save As offers (the file's, with the game's ending). */
char          *hb_window_dup_save_as_name (HbWindow *self);
/* Save As answered with `file`: saves, or on a refused name asks for
 * another (also the tests' way in, with no file dialog). */
void           hb_window_save_as_to (HbWindow *self, GFile *file, gpointer pending);
void           hb_window_choose_and_open (HbWindow *self);
/* A file dialog made modal to the window and destroyed with it; the
 * window a response comes for (NULL once the window is gone). */
void           hb_window_show_file_dialog (HbWindow *self, GtkFileChooserNative *dialog,
                                           GCallback on_response);
HbWindow      *hb_window_file_dialog_window (GtkNativeDialog *dialog);
/* `file` (taken) itself, or, when its name has no extension, the file of
 * that name with `ext` (".png") appended in the same folder. */
GFile         *hb_window_file_with_extension (GFile *file, const char *ext);
void           hb_window_export_animation (HbWindow *self);
/* Opens the last animation saved in the desktop's viewer. */
void           hb_window_open_exported (HbWindow *self);
/* Stops an export in progress (Cancel, Escape, its toast's ×): TRUE if
 * there was one. */
gboolean       hb_window_cancel_export (HbWindow *self);
/* hb-window-save.c: runs `then` with `data` (which it takes) once the
 * save under way has ended, and returns TRUE; FALSE, doing nothing, when
 * none is. What waits is dropped with `destroy` when the window goes. */
gboolean       hb_window_wait_for_save (HbWindow *self, HbThen then, gpointer data,
                                        GDestroyNotify destroy);
void           hb_window_save_dispose (HbWindow *self);
gboolean       hb_window_wait_for_other_save (HbWindow *self, GFile *file, HbThen then,
                                              gpointer data, GDestroyNotify destroy);
/* Whether moves played show on the board (a save writes the level as
 * drawn, without them). */
gboolean       hb_window_moves_show (HbWindow *self);
/* The toast of a save that left out things (NULL when it left out
 * nothing): the first in its own words, the others after it, each with
 * its reason. `stale`: comment lines that no longer held. */
char          *hb_window_left_out_text (gboolean format_lost, gboolean played, guint stale,
                                        HbCommentsUnkept unkept);
/* Escape: stops an open in flight; FALSE when none was. */
gboolean       hb_window_cancel_load (HbWindow *self);
/* hb-window-random.c: a random level of `game` (the colours field's count
 * for the window's game, else the game's default), or NULL with `error`. */
HbState       *hb_window_random_level (HbWindow *self, const HbGame *game, int width,
                                       int height, GError **error);
/* Random: the level of the size fields' size, made on a worker when it is
 * larger than the fields offer, then asked about as an open is. */
void           hb_window_random (HbWindow *self);
/* Stops a Random level being made: TRUE when one was. */
gboolean       hb_window_cancel_random (HbWindow *self);
/* Testing: while held (any window), a Random level made on a worker is
 * kept on the worker until released or cancelled; held counts the
 * workers waiting so. */
void           hb_window_hold_random (gboolean hold);
guint          hb_window_random_held (void);
void           hb_window_files_init (HbWindow *self);
void           hb_window_files_dispose (HbWindow *self);
/* One open: a file, or a pasted picture or text (file NULL). */
typedef struct {
  GFile           *file;     /* NULL for a paste */
  cairo_surface_t *surface;  /* a pasted picture's pixels, or NULL */
  GBytes          *bytes;    /* a pasted picture as the clipboard's owner
                              * sent it (PNG, JPEG, WebP), or NULL */
  char            *text;     /* pasted text, or NULL (taken by the worker) */
  char            *name;
  const HbGame    *game;     /* the window's: a level no game can be told
                              * by is read as this game's if it can be */
} HbLoadJob;
/* Pasted text: neither a file nor a pasted picture (job->text itself is
 * taken by the worker that reads it). */
static inline gboolean
hb_load_job_is_text (const HbLoadJob *job)
{
  return job->file == NULL && job->surface == NULL && job->bytes == NULL;
}
/* What an open read: a level, and for a picture also the picture and
 * what the detector said about it. */
typedef struct {
  HbState        *state;
  HbImage        *image;    /* NULL for a level file */
  HbImportReport *report;   /* NULL for a level file */
  cairo_surface_t *picture; /* the image, for showing behind the board */
  char          **comments; /* a level file's comment lines, kept on save */
  HbCommentsUnkept unkept;  /* and its comments no save can keep */
  guint           more_levels; /* levels in the file after the one read */
  HbWriteFormat   format;   /* the level file's format (hb_text_format) */
  char           *disk_stamp; /* the level file as it was read
                             * (hb_window_disk_stamp), or NULL */
  char           *doubt;    /* a picture whose reading is too unsure to
                             * take unasked: why no game was sure (the
                             * readers' words), else NULL */
} HbLoadResult;
void           hb_window_load_result_free (gpointer data);
/* Runs one open (a file, or a pasted picture) on a worker thread; a newer
 * one cancels it. Takes the job. */
void           hb_window_start_load (HbWindow *self, HbLoadJob *job,
                                     GAsyncReadyCallback callback, gpointer user_data);
/* hb_window_start_load in two steps, for an open that waits for something
 * before its worker (a paste, for the clipboard): begin cancels the open
 * in flight and makes this one's cancellable (the window's, returned), said
 * as "Opening “name”…" with Cancel; run then runs the job under it, or
 * end ends the open begun under `cancellable` without one (nothing if a
 * newer open took its place). */
GCancellable  *hb_window_begin_load (HbWindow *self, const char *name);
void           hb_window_run_load (HbWindow *self, HbLoadJob *job,
                                   GAsyncReadyCallback callback, gpointer user_data);
void           hb_window_end_load (HbWindow *self, GCancellable *cancellable);

/* hb-window-import.c */
/* The switch that hides the screenshot behind the board, in the Board
 * group, shown while there is one. */
void           hb_window_picture_row_update (HbWindow *self);
void           hb_window_picture_row_drop (HbWindow *self);
void           hb_window_picture_row_set_report (HbWindow *self,
                                                 const HbImportReport *report);
/* The board changed: the reader's notes go with its rings. */
void           hb_window_picture_row_board_changed (HbWindow *self);
/* hb-window-clipboard.c: Copy Level (Ctrl+C) and Paste (Ctrl+V). */
void           hb_window_class_install_clipboard_actions (GtkWidgetClass *widget_class);
/* Opens what the clipboard holds: a picture as a screenshot, text as a
 * level file. */
void           hb_window_paste (HbWindow *self);
/* On the open's worker: the level in a pasted picture (job->bytes, else
 * job->surface). */
HbLoadResult  *hb_window_read_pasted_picture (const HbLoadJob *job, GCancellable *cancellable,
                                              GError **error);
/* Testing: pastes (any window) whose clipboard read has not ended. */
guint          hb_window_pastes_reading (void);
/* A picture by its name: PNG, JPEG, WebP, or whatever the content type
 * guessed from the name calls an image. */
gboolean       hb_window_is_picture_name (const char *name);
/* "2 cells read unsure, ringed in orange" in Edit while marks show, else NULL. */
char          *hb_window_import_unsure_text (HbWindow *self);
/* A picture by its content: PNG, JPEG or WebP magic bytes. */
/* Reads the level from a decoded picture, which it takes (the game
 * guessed from it). */
HbLoadResult  *hb_window_import_image (const char *name, HbImage *image,
                                       GCancellable *cancellable, GError **error);
/* Says that the picture `name` holds no board (`error`, NO_BOARD or
 * TILTED: the readers' words, each game's reason shown under Details). */
void           hb_window_say_no_board (HbWindow *self, const char *name, const GError *error);
/* Asks whether to import a picture's doubtful reading (result->doubt
 * set; `name` the picture's): Import Anyway runs `then` with `data`,
 * Cancel (or the window closing) `destroy`s it. */
void           hb_window_ask_doubtful (HbWindow *self, const char *name,
                                       const HbLoadResult *result, HbThen then,
                                       gpointer data, GDestroyNotify destroy);
/* Takes the question hb_window_ask_doubtful asks, if it is up, away
 * unanswered: its open is cancelled (a newer open begins). */
void           hb_window_drop_doubtful (HbWindow *self);
/* Reads the level from a picture file's bytes. */
HbLoadResult  *hb_window_import_picture (const char *name, const char *data, gsize len,
                                         GCancellable *cancellable, GError **error);
/* Reads a whole file through GIO, refusing more than `max` bytes whatever
 * the file is (a device, a FIFO or a remote file that never ends) and
 * stopping when cancelled. */
gboolean       hb_window_read_capped (GFile *file, const char *name, gsize max,
                                      GCancellable *cancellable, char **contents,
                                      gsize *length, GError **error);

/* hb-window-actions.c */
void           hb_window_class_install_actions (GtkWidgetClass *widget_class);
/* win.focus-pane (F6): between the board and the sidebar. */
void           hb_window_class_install_focus_actions (GtkWidgetClass *widget_class);
/* The player's keys ahead of the focused widget (see hb_window_player_key). */
void           hb_window_player_keys_init (HbWindow *self);
void           hb_window_main_menu_init (HbWindow *self);
void           hb_window_play_drop_stale_toasts (HbWindow *self);
void           hb_window_play_drop_toasts (HbWindow *self);
/* hb-window-focus.c: the focus lost with a greyed-out control goes to the
 * board; so does the focus a popover's button gets back once the popover
 * has closed (unless something else took it). */
void           hb_window_focus_board_if_lost (HbWindow *self);
void           hb_window_focus_board_after_popover (HbWindow *self, GtkWidget *button);
void           hb_window_focus_init (HbWindow *self);
void           hb_window_focus_watch_stop (HbWindow *self);
/* A new blank level of `game`, after asking about unsaved changes. */
void           hb_window_new_level_of (HbWindow *self, const HbGame *game);
void           hb_window_action_set_enabled (HbWindow *self, const char *name,
                                             gboolean enabled);

G_END_DECLS
