/* hb-board-view.h: the canvas. Draws a game's board (or a solver trace's
 * frame while the player is shown) with the game's render function, and maps
 * pointer gestures to the game's moves through hb_layout_hit and
 * game->pointer. It owns nothing it draws: the window hands it the current
 * state, hint and player and keeps them alive while they are set. */
#pragma once

#include <gtk/gtk.h>

#include "hb-game.h"
#include "hb-player.h"

G_BEGIN_DECLS

#define HB_TYPE_BOARD_VIEW (hb_board_view_get_type ())
G_DECLARE_FINAL_TYPE (HbBoardView, hb_board_view, HB, BOARD_VIEW, GtkDrawingArea)

GtkWidget *hb_board_view_new (void);

/* Borrowed; a new state drops the hint (a hint belongs to one state). */
void       hb_board_view_set_state (HbBoardView *self, const HbState *state);
/* Borrowed; must have been computed for the state currently set. */
void       hb_board_view_set_hint (HbBoardView *self, gconstpointer hint);
void       hb_board_view_set_show_hints (HbBoardView *self, gboolean show);
/* What the hint's marks on cell (x, y) say, as the board shows them now
 * (the game's hint_at; the cell's tooltip), or NULL where it shows none. */
char      *hb_board_view_dup_hint_at (HbBoardView *self, int x, int y);
void       hb_board_view_set_mode (HbBoardView *self, HbMode mode);
/* The selected palette entry handed to game->pointer as HbPointer.tool. */
void       hb_board_view_set_tool (HbBoardView *self, int tool);
/* Borrowed; while set, the view shows the player's frame and ignores input. */
void       hb_board_view_set_player (HbBoardView *self, HbPlayer *player);
/* A running solver's snapshot (a frame of the game's frame type, taken:
 * freed with free_func), drawn with the game's frame_render in a layout for
 * `initial` (the board the solver started from, only its size and game are
 * kept) instead of the board; input is ignored meanwhile. NULL clears. */
void       hb_board_view_set_live_frame (HbBoardView *self, const HbState *initial,
                                         gpointer frame, GDestroyNotify free_func);
gboolean   hb_board_view_has_live_frame (HbBoardView *self);
gpointer   hb_board_view_take_live_frame (HbBoardView *self, GDestroyNotify *free_func);
/* Testing: how many times a live frame was drawn. */
guint      hb_board_view_get_live_draws (HbBoardView *self);
/* Testing: how many draws painted the board kept from an earlier one
 * (hb-board-view-cache.c), and the policy: 1 keeps every board, -1 none,
 * 0 (the default) those where it pays. */
guint      hb_board_view_get_cache_draws (HbBoardView *self);
/* Testing: how many draws made the board kept anew by drawing again only
 * what a change of the board touched. */
guint      hb_board_view_get_cache_patches (HbBoardView *self);
void       hb_board_view_set_cache_policy (HbBoardView *self, int policy);
/* Where the board currently sits in the widget. */
void       hb_board_view_get_layout (HbBoardView *self, HbLayout *layout);

/* The view emits "moves" (HbMove *moves, guint n_moves, gboolean
 * new_gesture) for each pointer event that maps to moves; the moves of one
 * gesture (press, drag, release) are one undo step; "press-ignored" for a
 * press while it shows the player's frame. */

/* Testing: drive the same code path as the gestures, in widget
 * coordinates. */
void       hb_board_view_simulate_click (HbBoardView *self, double x, double y,
                                         int button);
void       hb_board_view_simulate_drag (HbBoardView *self, double x0, double y0,
                                        double x1, double y1, int button);
/* The three phases of a gesture one at a time, for what happens between. */
void       hb_board_view_simulate_press (HbBoardView *self, double x, double y, int button);
void       hb_board_view_simulate_motion (HbBoardView *self, double x, double y);
void       hb_board_view_simulate_release (HbBoardView *self, double x, double y);

/* Zoom (1: the whole board fits; Ctrl+scroll, a pinch and the window's
 * win.zoom-in, win.zoom-out and win.zoom-fit (Ctrl +, −, 0) change it, a
 * scroll pans once zoomed in): multiplies it by `factor` about the view's
 * centre; 0 fits the whole board again. */
void   hb_board_view_zoom (HbBoardView *self, double factor);
/* Zoomed in: pans the least it can so the cell at (x, y) shows (the
 * keyboard cursor, a hint's move); nothing for a cell off the board. */
void   hb_board_view_show_cell (HbBoardView *self, int x, int y);
double hb_board_view_get_zoom (HbBoardView *self);

/* A screenshot import, for the state set now: `picture` (referenced; may
 * be NULL) is drawn faintly behind the board while shown (see
 * set_show_picture), placed so that its board — top-left (x0, y0), cells
 * cell_w × cell_h picture pixels — lies on the cells, while the board
 * shown has the game and size of the state set now, or holds it whole
 * after rows and columns were added at its edges (see set_origin;
 * has_picture says so); `unsure` (width × height, copied; may be NULL)
 * outlines the cells the reader was unsure of until the next state (an
 * edit). A NULL picture and mask clear both. */
void     hb_board_view_set_import (HbBoardView *self, cairo_surface_t *picture,
                                   double x0, double y0, double cell_w, double cell_h,
                                   const guint8 *unsure);
void     hb_board_view_set_show_picture (HbBoardView *self, gboolean show);
gboolean hb_board_view_has_picture (HbBoardView *self);
/* Whether a picture is held for a board of the game shown, whatever its
 * size, and the size it was read at (a board that lost part of the board
 * read hides it until it holds it whole again). */
gboolean hb_board_view_get_picture_size (HbBoardView *self, int *width, int *height);
/* Where the board as read (the picture's and the marks') has its top
 * left cell on the board set next (hb_document_get_origin): rows or
 * columns added at the top or left move it, and the picture and marks
 * with it; one removed there cuts the board read, which hides them until
 * the board holds it whole again (Undo, or the line added back: blank,
 * with the picture behind it). With `move_cursor` (the same level, its
 * rows and columns added, removed or undone) the keyboard cursor moves
 * with the cells. */
void     hb_board_view_set_origin (HbBoardView *self, int x, int y, gboolean move_cursor);
/* The cells outlined as unsure now: how many, and which (*width ×
 * *height, the board as read, which lies on the board shown with its
 * top left cell at (*x0, *y0); non-zero where marked; NULL when none are
 * shown). */
guint    hb_board_view_get_n_marked (HbBoardView *self);
const guint8 *hb_board_view_get_marks (HbBoardView *self, int *width, int *height,
                                       int *x0, int *y0);
/* Every unsure cell kept as read (their marks go, nothing is edited). */
gboolean hb_board_view_keep_all_as_read (HbBoardView *self);

/* HbRenderOptions.hint_flags for the board (HB_HINT_SHOW_ALL). */
void hb_board_view_set_hint_flags (HbBoardView *self, guint flags);

/* Keyboard play: moves the cursor by (dx, dy) (the first call shows it
 * at the top left), acts at it as a click would (`other`: the secondary
 * button, Shift), and reads it ((-1, -1) while hidden). */
void hb_board_view_move_cursor (HbBoardView *self, int dx, int dy);
void hb_board_view_act_at_cursor (HbBoardView *self, gboolean other);
void hb_board_view_get_cursor (HbBoardView *self, int *x, int *y);

/* A play move animates briefly (a tile turning, a flood spreading, lights
 * fading) for this long on the frame clock, unless the system asks for
 * less motion (GtkSettings:gtk-enable-animations); then, and for every
 * other change, the new board is drawn at once. */
#define HB_BOARD_VIEW_ANIMATION_US 120000
/* Testing: whether a move's animation runs now (its tick callback is
 * installed); and of the last one to end, the frame times (µs) of its
 * first tick, of the tick before the last and of the last, which removed
 * the callback. */
gboolean hb_board_view_is_animating (HbBoardView *self);
/* The next state set is another level (or the same one restarted), not
 * a move: drawn at once. */
void     hb_board_view_new_level (HbBoardView *self);
/* Another level: the keyboard cursor goes back to the top left, hidden
 * until a key (not on Restart, which keeps the level and the cursor). */
void     hb_board_view_reset_cursor (HbBoardView *self);
void     hb_board_view_get_animation_times (HbBoardView *self, gint64 *first,
                                            gint64 *before_last, gint64 *last);

/* Keyboard strokes (a game with keyboard_strokes, in Play): whether one
 * is being drawn; Escape takes it back (the view emits "stroke-cancelled"
 * and the window undoes the stroke's step). */
gboolean hb_board_view_in_key_stroke (HbBoardView *self);
/* Whether a play stroke (a Flow Free path, by the pointer or the keys) is
 * being drawn: pressed and not finished yet (a path joined to its other
 * dot is finished, the button still down). */
gboolean hb_board_view_stroke_held (HbBoardView *self);
/* The same as Escape on the board: a keyboard stroke or a drag of the
 * mouse is taken back. */
void     hb_board_view_cancel_stroke (HbBoardView *self);

G_END_DECLS
