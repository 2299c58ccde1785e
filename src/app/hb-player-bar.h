/* hb-player-bar.h: the controls that replay a solver's recorded trace:
 * play/pause, step back and forward, jump to either end (the end is the
 * answer applied, when the player has one), to the next solution or
 * decision, a speed control
 * (steps per second on a logarithmic scale), a position scrubber, the
 * current step's description and its counters. The bar drives an HbPlayer
 * it borrows; the window draws the player's frame on the board view when
 * "frame-changed" is emitted, and brings the step's cell into view when
 * "step-shown" is: the position came to rest where the user asked (a
 * step, a jump, a seek, play stopped, the scrubber resting a moment),
 * never while playing. Its "Export Animation…" button activates
 * win.export-animation and is shown while the window has a solution to
 * export (hb_player_bar_set_can_export). */
#pragma once

#include <gtk/gtk.h>

#include "hb-player.h"

G_BEGIN_DECLS

#define HB_TYPE_PLAYER_BAR (hb_player_bar_get_type ())
G_DECLARE_FINAL_TYPE (HbPlayerBar, hb_player_bar, HB, PLAYER_BAR, GtkBox)

GtkWidget  *hb_player_bar_new (void);
/* Borrowed, as is `trace` (the player's trace); NULL detaches and stops. */
void        hb_player_bar_set_player (HbPlayerBar *self, HbPlayer *player,
                                      const HbTrace *trace);
HbPlayer   *hb_player_bar_get_player (HbPlayerBar *self);

void        hb_player_bar_set_playing (HbPlayerBar *self, gboolean playing);
gboolean    hb_player_bar_get_playing (HbPlayerBar *self);
void        hb_player_bar_toggle_playing (HbPlayerBar *self);
/* Moves by `delta` steps (clamped) and pauses. */
void        hb_player_bar_step (HbPlayerBar *self, gssize delta);
void        hb_player_bar_seek (HbPlayerBar *self, gsize position);

/* Jumps to the next (forward) or previous solution found, or decision
 * made (hb_player_find_solution, _decision), and pauses; FALSE when there
 * is none that way. The bar's buttons jump forward; the window's keys
 * (N, D; with Shift backward) call these. The scrubber marks solutions
 * below it and the search's longest retreats above. */
gboolean    hb_player_bar_jump_to_solution (HbPlayerBar *self, gboolean forward);
gboolean    hb_player_bar_jump_to_decision (HbPlayerBar *self, gboolean forward);

/* Steps per second (the "speed" property). */
double      hb_player_bar_get_speed (HbPlayerBar *self);
void        hb_player_bar_set_speed (HbPlayerBar *self, double speed);

/* Shows the "Export Animation…" button (hidden at first). */
void        hb_player_bar_set_can_export (HbPlayerBar *self, gboolean can_export);
gboolean    hb_player_bar_get_can_export (HbPlayerBar *self);

/* Below about 560 px of its own width the bar is compact: the scrubber on
 * a row of its own, the step text beside the counters, the speed control
 * and Export in a menu button (for tests: the button and the speed scale,
 * wherever it sits). */
gboolean    hb_player_bar_get_compact (HbPlayerBar *self);
/* While the bar is hidden (not mapped) it cannot see its width: the window
 * tells it the width it would have (the board's column, a narrow window's
 * own), so that its
 * height, which the window keeps for it, is already the one it opens with
 * (the board then keeps its size when the player opens). Ignored while
 * the bar is shown, and for width <= 0. */
void        hb_player_bar_set_width_hint (HbPlayerBar *self, int width);
GtkWidget  *hb_player_bar_get_menu_button (HbPlayerBar *self);
GtkWidget  *hb_player_bar_get_speed_scale (HbPlayerBar *self);

/* What the labels show, for tests. */
const char *hb_player_bar_get_step_text (HbPlayerBar *self);
const char *hb_player_bar_get_description (HbPlayerBar *self);
/* "Depth 3", or NULL while no depth is shown. */
const char *hb_player_bar_get_depth_text (HbPlayerBar *self);
/* The counter beside it: the game's ("6 / 12 moves") or the solver's. */
const char *hb_player_bar_get_counter_text (HbPlayerBar *self);

G_END_DECLS
