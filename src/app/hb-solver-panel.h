/* hb-solver-panel.h: the sidebar's solver panel. It lists the game's
 * solvers (one to choose), builds controls for the chosen solver's declared
 * settings (its own, the common ones and, for a counting solver, count: see
 * hb-settings.h), holds the Solve / Cancel button with the live progress
 * line, and shows the last result with its numbers.
 *
 * Controls by type: integer and number as a spin button, choice as a combo
 * row, switch as a switch, seed as an entry (a seed is a 64-bit number, more
 * than a spin button's double holds exactly) with a button that draws a
 * random one; empty means a new random seed each run. A value the setting
 * does not allow is refused with a message on its row (and a toast from the
 * window), never clamped silently.
 */
#pragma once

#include <adwaita.h>

#include "hb-game.h"

G_BEGIN_DECLS

#define HB_TYPE_SOLVER_PANEL (hb_solver_panel_get_type ())
G_DECLARE_FINAL_TYPE (HbSolverPanel, hb_solver_panel, HB, SOLVER_PANEL, GtkBox)

/* Rebuilds the solver list for `game`, choosing its default solver. */
void            hb_solver_panel_set_game (HbSolverPanel *self, const HbGame *game);
const HbSolver *hb_solver_panel_get_solver (HbSolverPanel *self);
/* Chooses a solver of the game by id; FALSE when it has none by that id. */
gboolean        hb_solver_panel_select_solver (HbSolverPanel *self, const char *id);

/* The chosen solver's settings as set in the controls (values equal to the
 * default are left unset): a new HbSettings, or NULL with `error` set when a
 * control holds a value the setting does not allow. */
HbSettings     *hb_solver_panel_dup_settings (HbSolverPanel *self, GError **error);
/* The control of setting `key` of the chosen solver (a GtkSpinButton,
 * AdwComboRow, GtkSwitch or GtkEntry), or NULL. */
GtkWidget      *hb_solver_panel_get_control (HbSolverPanel *self, const char *key);
/* The row that holds it (its subtitle shows an error). */
GtkWidget      *hb_solver_panel_get_setting_row (HbSolverPanel *self, const char *key);
/* The message about the last value refused, or NULL once a value was
 * accepted again. */
const char     *hb_solver_panel_get_error (HbSolverPanel *self);

/* While solving: spinner, Cancel, progress line; the choices are locked. */
void            hb_solver_panel_set_solving (HbSolverPanel *self, gboolean solving);
void            hb_solver_panel_set_progress (HbSolverPanel *self, const char *text);

/* Shows `result` (borrowed only during the call). `command` (may be NULL)
 * is the hintboard-cli command line that repeats the run; it goes with the
 * seed row. */
void            hb_solver_panel_show_result (HbSolverPanel *self, const HbResult *result,
                                             const char *command);
void            hb_solver_panel_clear_result (HbSolverPanel *self);
/* What the result shown says ("No solution: this level cannot be
 * solved"), or NULL. */
const char     *hb_solver_panel_get_verdict (HbSolverPanel *self);
/* Scrolls the sidebar, once laid out, so the result's row is in view. */
void            hb_solver_panel_reveal_result (HbSolverPanel *self);
/* The Apply Solution button's tooltip: why it cannot apply, or NULL when
 * it can. */
void            hb_solver_panel_set_apply_reason (HbSolverPanel *self, const char *why);
/* Replay's tooltip: why it cannot be used, or NULL for what it does. */
void            hb_solver_panel_set_replay_reason (HbSolverPanel *self, const char *why);
/* Whether the board changed since the run shown: the result's row then
 * says that it is about the board as it was. */
void            hb_solver_panel_set_result_stale (HbSolverPanel *self, gboolean stale);
/* Testing: the result row's subtitle, or NULL. */
const char     *hb_solver_panel_get_result_note (HbSolverPanel *self);
/* Testing: the text of the seed row ("Seed 12345"), or NULL. */
const char     *hb_solver_panel_get_seed_text (HbSolverPanel *self);
/* The command line the seed row copies (a stochastic solver's run), or
 * NULL. */
const char     *hb_solver_panel_get_seed_command (HbSolverPanel *self);

/* The panel emits "error" (const char *message) when it refused a value. */

/* Makes a spin button of the sidebar take the mouse wheel only once it has
 * the keyboard focus; until then the wheel scrolls the sidebar (the panel's
 * spin buttons and the window's board size). */
void            hb_spin_button_wheel_needs_focus (GtkSpinButton *spin);
/* Makes a spin button drop its selection when the focus leaves it, as the
 * next field's selecting drops it (Tab into it selects all again). */
void            hb_spin_button_deselect_on_leave (GtkSpinButton *spin);

G_END_DECLS
