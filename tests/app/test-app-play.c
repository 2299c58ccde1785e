/* test-app-play.c: playing through the real window, as a new user does.
 *
 * A fast stroke (one motion event across ten cells) changes all ten cells
 * (Enlight painting, Infinite Loop edges); an edit while a solver runs
 * stops it and no answer for the old board is shown; Flood-It's move limit
 * ends play with "Out of moves" until Restart; the first window opens in
 * Play mode with hints off on a real level, and every game switched to
 * shows a level that is not solved yet; keyboard play solves a level.
 * The checks read the states' cells with this file's own code. */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "hb-app-test.h"
#include "hb-board-view-private.h"
#include "hb-palette-bar.h"
#include "hb-registry.h"
#include "hb-window-private.h"
#include "flood.h"
#include "lights.h"
#include "loop.h"

/* ---- Helpers ---------------------------------------------------------------- */

static void
activate (HbWindow *window, const char *action)
{
  hb_app_test_activate (window, action, NULL);
  hb_app_test_settle (30);
}

static char *
repeat_rows (const char *row, int rows)
{
  GString *s = g_string_new (NULL);

  for (int i = 0; i < rows; i++)
    g_string_append_printf (s, "%s\n", row);
  return g_string_free (s, FALSE);
}

static void
fast_drag (HbWindow *window, int x0, int y0, int x1, int y1)
{
  HbBoardView *view = hb_window_get_board_view (window);
  double px, py, qx, qy;

  hb_app_test_cell_point (window, x0, y0, 0.5, 0.5, &px, &py);
  hb_app_test_cell_point (window, x1, y1, 0.5, 0.5, &qx, &qy);
  /* One motion event for the whole stroke: a pointer moving at 30 ms a
   * cell sends far fewer samples than cells. */
  hb_board_view_simulate_press (view, px, py, 1);
  hb_board_view_simulate_motion (view, qx, qy);
  hb_board_view_simulate_release (view, qx, qy);
  hb_app_test_settle (30);
}

/* ---- Fast strokes -------------------------------------------------------------- */

static void
test_fast_stroke (void)
{
  HbWindow *window = hb_app_test_window_new ();
  char *text;

  hb_window_set_mode (window, HB_MODE_EDIT);

  /* Enlight: painting from (0, 0) to (9, 0) lights ten cells, no more. */
  text = repeat_rows ("000000000000", 3);
  hb_app_test_open_text (window, "blank.lights", text);
  g_free (text);
  g_assert_cmpstr (hb_window_get_game (window)->id, ==, "lights");
  fast_drag (window, 0, 0, 9, 0);
  {
    const LightsState *s = LIGHTS_CONST (hb_window_get_state (window));
    int lit = 0;
    for (int i = 0; i < 12 * 3; i++)
      lit += s->cells[i] != 0;
    for (int x = 0; x < 10; x++)
      g_assert_cmpint (s->cells[x], ==, 1);
    g_assert_cmpint (lit, ==, 10);
  }
  /* A diagonal stroke crosses cells on the way: each is painted, and the
   * painted cells form a connected path from end to end. */
  activate (window, "undo");
  fast_drag (window, 0, 0, 9, 2);
  {
    const LightsState *s = LIGHTS_CONST (hb_window_get_state (window));
    g_assert_cmpint (s->cells[0], ==, 1);
    g_assert_cmpint (s->cells[2 * 12 + 9], ==, 1);
    for (int x = 0; x <= 9; x++)
      {
        int in_column = 0;
        for (int y = 0; y < 3; y++)
          in_column += s->cells[y * 12 + x];
        g_assert_cmpint (in_column, >=, 1);
      }
  }

  /* Infinite Loop: a drag across ten tiles adds the nine arm pairs between
   * them: ends on the first and the last, straights between. */
  {
    GString *loop = g_string_new (NULL);
    for (int y = 0; y < 3; y++)
      {
        for (int x = 0; x < 12; x++)
          g_string_append (loop, x ? " 0000" : "0000");
        g_string_append_c (loop, '\n');
      }
    hb_app_test_open_text (window, "blank.loop", loop->str);
    g_string_free (loop, TRUE);
  }
  g_assert_cmpstr (hb_window_get_game (window)->id, ==, "loop");
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_settle (30);
  /* The Turn tool does not draw edges on empty tiles: use the default
   * (arm) stroke, which every kind choice keeps. */
  fast_drag (window, 0, 0, 9, 0);
  {
    const LoopState *s = LOOP_CONST (hb_window_get_state (window));
    int changed = 0;
    for (int i = 0; i < 12 * 3; i++)
      changed += s->tiles[i] != 0;
    g_assert_cmpint (changed, ==, 10);
    g_assert_cmpuint (s->tiles[0], ==, 1 << 1);          /* east */
    g_assert_cmpuint (s->tiles[9], ==, 1 << 3);          /* west */
    for (int x = 1; x < 9; x++)
      g_assert_cmpuint (s->tiles[x], ==, (1 << 1) | (1 << 3));
  }
  hb_app_test_window_close (window);
}

/* ---- Editing while a solver runs -------------------------------------------------- */

static void
test_edit_during_solve (void)
{
  HbWindow *window = hb_app_test_window_new ();
  double px, py;
  const char *toast;
  char *text;

  text = repeat_rows ("1010101010101010", 16);
  hb_app_test_open_text (window, "busy.lights", text);
  g_free (text);
  hb_window_set_mode (window, HB_MODE_EDIT);
  g_assert_true (hb_window_select_solver (window, "backtrack"));
  hb_window_solve (window);
  g_assert_true (hb_window_is_solving (window));
  /* The edit comes before the main loop runs again, so before the job can
   * report: the run is for the board before the edit. */
  hb_app_test_cell_point (window, 3, 3, 0.5, 0.5, &px, &py);
  hb_board_view_simulate_click (hb_window_get_board_view (window), px, py, 1);
  g_assert_true (hb_window_get_modified (window));
  hb_app_test_wait (hb_app_test_not_solving, window, 30000, "the solver to stop");
  hb_app_test_settle (100);
  /* No answer of the old board on the screen, and a word why. */
  g_assert_null (hb_window_get_result (window));
  g_assert_false (hb_window_is_playing_trace (window));
  g_assert_false (hb_window_get_action_enabled (window, "apply-solution"));
  toast = hb_window_get_last_toast (window);
  g_assert_nonnull (toast);
  g_assert_true (strstr (toast, "board changed") != NULL);
  hb_app_test_window_close (window);
}

/* ---- Flood-It's losing state ------------------------------------------------------- */

static gboolean
status_has (HbWindow *window, const char *what)
{
  return strstr (hb_window_get_status_text (window), what) != NULL;
}

static gboolean
label_says (GtkWidget *w, gconstpointer text)
{
  return GTK_IS_LABEL (w) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (w)), text) == 0;
}

static gboolean
label_shown_says (GtkWidget *w, gconstpointer text)
{
  return GTK_IS_LABEL (w) && gtk_widget_get_mapped (w)
         && g_strcmp0 (gtk_label_get_text (GTK_LABEL (w)), text) == 0;
}

/* Whether a label saying `text` is on screen under `w`. */
static gboolean
label_shown (GtkWidget *w, const char *text)
{
  return hb_app_test_find_where (w, label_shown_says, text) != NULL;
}

typedef struct {
  HbWindow   *window;
  const char *text;
} LabelWait;

static gboolean
label_gone (gpointer data)
{
  LabelWait *w = data;
  return !label_shown (GTK_WIDGET (w->window), w->text);
}

/* Waits (up to 10 s: a toast's hide animation on a loaded machine) for
 * the label saying `text` to leave the screen. */
static void
wait_label_gone (HbWindow *window, const char *text)
{
  LabelWait w = { window, text };
  hb_app_test_wait (label_gone, &w, 10000, text);
}

/* The palette's second chip (its buttons carry their entry's id). */
static gboolean
is_second_chip (GtkWidget *widget, gconstpointer data)
{
  GtkWidget *bar = gtk_widget_get_ancestor (widget, HB_TYPE_PALETTE_BAR);
  return GTK_IS_BUTTON (widget) && bar != NULL && gtk_widget_get_parent (widget) == bar
         && gtk_widget_get_prev_sibling (widget) != NULL
         && gtk_widget_get_prev_sibling (gtk_widget_get_prev_sibling (widget)) == NULL;
}

/* New and Random replace the level in one click: a toast's Undo brings
 * the one left back as it was, moves, mode and file (a part-played level
 * was lost for good: a newcomer's review); not once another level came
 * in, and not a level whose changes were discarded. */
static void
set_true (gboolean *flag)
{
  *flag = TRUE;
}

static gboolean
toast_is (HbWindow *window, const char *text)
{
  return g_strcmp0 (hb_window_get_last_toast (window), text) == 0;
}

static void
test_new_undo (void)
{
  HbWindow *window = hb_app_test_window_new ();
  const HbGame *lights = &lights_game;
  HbState *played;
  GFile *file;

  hb_window_set_ask_to_save (window, FALSE);
  hb_app_test_open_text (window, "back.lights", "110\n111\n010\n");
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_click_cell (window, 2, 2, 1);
  played = hb_state_copy (hb_window_get_state (window));
  file = g_object_ref (hb_window_get_file (window));

  for (int round = 0; round < 2; round++)
    {
      hb_app_test_activate (window, round == 0 ? "new" : "random", NULL);
      hb_app_test_settle (50);
      g_assert_true (toast_is (window, round == 0 ? "New blank level" : "New random level"));
      g_assert_false (lights->equal (played, hb_window_get_state (window)));
      hb_app_test_activate (window, "back-level", NULL);
      hb_app_test_settle (50);
      g_assert_true (lights->equal (played, hb_window_get_state (window)));
      g_assert_cmpint (hb_window_get_mode (window), ==, HB_MODE_PLAY);
      g_assert_true (hb_window_get_file (window) != NULL
                     && g_file_equal (hb_window_get_file (window), file));
      /* The move is still an undo step of the level's. */
      g_assert_true (hb_window_get_action_enabled (window, "undo"));
    }

  /* Another level since: the toast goes, and its Undo does nothing. */
  hb_app_test_activate (window, "new", NULL);
  hb_app_test_settle (50);
  g_assert_nonnull (window->back_toast);
  {
    gboolean gone = FALSE;
    gulong id = g_signal_connect_swapped (window->back_toast, "dismissed",
                                          G_CALLBACK (set_true), &gone);
    AdwToast *toast = g_object_ref (window->back_toast);

    hb_app_test_open_text (window, "other.lights", "11\n11\n");
    g_assert_true (gone);
    g_signal_handler_disconnect (toast, id);
    g_object_unref (toast);
  }
  {
    const HbState *other = hb_window_get_state (window);
    hb_app_test_activate (window, "back-level", NULL);
    hb_app_test_settle (50);
    g_assert_true (hb_window_get_state (window) == other);
  }

  /* A level edited, its changes discarded by New: nothing kept, no Undo. */
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_click_cell (window, 0, 0, 1);
  g_assert_true (hb_window_get_modified (window));
  hb_window_show_toast (window, "before");
  hb_app_test_activate (window, "new", NULL);
  hb_app_test_settle (50);
  g_assert_true (toast_is (window, "before"));

  g_object_unref (file);
  hb_state_free (played);
  hb_app_test_window_close (window);
}

/* Ctrl+Z after New or Random: the toast offers Undo, but it goes after
 * 5 s, and Undo (Ctrl+Z, the header's arrow) was greyed out on the new
 * level: a keyboard-only look pressed Ctrl+Z and nothing came back, nor
 * by any means once the toast had gone. Once the new level has nothing
 * of its own to undo,
 * Undo brings back the level it replaced, as the toast's Undo does; not
 * after another level came in. */
static void
test_new_then_undo (void)
{
  HbWindow *window = hb_app_test_window_new ();
  const HbGame *lights = &lights_game;
  HbState *played, *fresh;

  hb_window_set_ask_to_save (window, FALSE);
  hb_app_test_open_text (window, "back.lights", "110\n111\n010\n");
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_click_cell (window, 2, 2, 1);
  played = hb_state_copy (hb_window_get_state (window));

  hb_app_test_activate (window, "random", NULL);
  hb_app_test_settle (50);
  fresh = hb_state_copy (hb_window_get_state (window));
  g_assert_false (lights->equal (played, fresh));
  g_assert_true (hb_window_get_action_enabled (window, "undo"));
  /* A move on the new level is undone first, then the level goes. */
  hb_app_test_click_cell (window, 0, 0, 1);
  g_assert_false (lights->equal (fresh, hb_window_get_state (window)));
  hb_app_test_activate (window, "undo", NULL);
  hb_app_test_settle (50);
  g_assert_true (lights->equal (fresh, hb_window_get_state (window)));
  hb_app_test_activate (window, "undo", NULL);
  hb_app_test_settle (50);
  g_assert_true (lights->equal (played, hb_window_get_state (window)));
  g_assert_cmpint (hb_window_get_mode (window), ==, HB_MODE_PLAY);
  /* The move of the level brought back is its own undo step again. */
  g_assert_true (hb_window_get_action_enabled (window, "undo"));

  /* Another level since New: Undo has nothing to take back there. */
  hb_app_test_activate (window, "new", NULL);
  hb_app_test_settle (50);
  g_assert_true (hb_window_get_action_enabled (window, "undo"));
  hb_app_test_open_text (window, "other.lights", "11\n11\n");
  g_assert_false (hb_window_get_action_enabled (window, "undo"));

  hb_state_free (fresh);
  hb_state_free (played);
  hb_app_test_window_close (window);
}

/* Edit's Undo on a new level with moves played on it, and no edit of
 * its own: those moves are the level's own, which Edit's Undo passes
 * over, so Undo has nothing to undo there. It brought the level New or
 * Random replaced back instead, and the new level went with its moves,
 * nothing asked and no way back (Redo had nothing). */
static void
test_new_played_edit_undo (void)
{
  HbWindow *window = hb_app_test_window_new ();
  const HbGame *lights = &lights_game;
  HbState *fresh, *moved;

  hb_window_set_ask_to_save (window, FALSE);
  hb_app_test_open_text (window, "back.lights", "110\n111\n010\n");
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_activate (window, "random", NULL);
  hb_app_test_settle (50);
  fresh = hb_state_copy (hb_window_get_state (window));
  hb_app_test_click_cell (window, 0, 0, 1);
  moved = hb_state_copy (hb_window_get_state (window));
  g_assert_false (lights->equal (fresh, moved));

  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_settle (50);
  g_assert_false (hb_window_get_action_enabled (window, "undo"));
  hb_app_test_activate (window, "undo", NULL);
  hb_app_test_settle (50);
  g_assert_true (lights->equal (fresh, hb_window_get_state (window)));
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (50);
  g_assert_true (lights->equal (moved, hb_window_get_state (window)));
  /* Its move undone in Play, the level before it comes back. */
  hb_app_test_activate (window, "undo", NULL);
  hb_app_test_settle (50);
  g_assert_true (lights->equal (fresh, hb_window_get_state (window)));
  g_assert_true (hb_window_get_action_enabled (window, "undo"));

  hb_state_free (moved);
  hb_state_free (fresh);
  hb_app_test_window_close (window);
}

static void
test_flood_out_of_moves (void)
{
  HbWindow *window = hb_app_test_window_new ();
  const FloodState *s;

  /* Two moves needed at least (colours 1 and 2 both touch the corner's
   * region only after a move), one allowed. */
  hb_app_test_open_text (window, "tight.flood", "3 by 3 -> 1\n012\n000\n000\n");
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (30);
  g_assert_false (status_has (window, "out of moves"));

  /* Flood with colour 1 (key 1: Flood-It's keys are its colour digits,
   * as the chips show them; the palette's second entry, whose tooltip
   * is its name, which begins with that key: it said "1 Sky blue (2)"). */
  {
    GtkWidget *chip = hb_app_test_find_where (GTK_WIDGET (hb_window_get_palette_bar (window)),
                                              is_second_chip, NULL);
    g_assert_nonnull (chip);
    g_test_message ("second chip: %s", gtk_widget_get_tooltip_text (chip));
    g_assert_cmpstr (gtk_widget_get_tooltip_text (chip), ==, "1 Sky blue");
    /* The keys in the palette (its one Tab stop), as after a Tab there. */
    g_assert_true (gtk_widget_child_focus (GTK_WIDGET (hb_window_get_palette_bar (window)),
                                           GTK_DIR_TAB_FORWARD));
    g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)),
                                           GTK_WIDGET (hb_window_get_palette_bar (window))));
  }
  hb_app_test_activate (window, "palette", g_variant_new_int32 (1));
  hb_app_test_settle (30);
  s = FLOOD_CONST (hb_window_get_state (window));
  g_assert_cmpint (s->moves, ==, 1);
  /* Out of moves the chips grey out, and the keys they had go to the
   * board (they went nowhere: review). */
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window))
                 == GTK_WIDGET (hb_window_get_board_view (window)));
  g_assert_cmpint (s->cells[0], ==, 1);
  g_assert_true (status_has (window, "out of moves"));
  g_assert_cmpstr (hb_window_get_last_toast (window), ==, "Out of moves");
  /* The game is over: the clock stopped (it ran on). */
  g_assert_cmpint (window->play_end, !=, 0);
  g_assert_cmpuint (window->clock_id, ==, 0);
  /* Undone, the game and the clock go on; redone, both stop again. */
  hb_app_test_activate (window, "undo", NULL);
  g_assert_cmpint (window->play_end, ==, 0);
  g_assert_cmpuint (window->clock_id, !=, 0);
  hb_app_test_activate (window, "redo", NULL);
  hb_app_test_settle (30);
  g_assert_cmpint (window->play_end, !=, 0);
  g_assert_cmpuint (window->clock_id, ==, 0);
  g_assert_true (status_has (window, "out of moves"));
  {
    /* The count is shown as an error (red); the status label found by its
     * text. */
    GtkWidget *label = hb_app_test_find_where (GTK_WIDGET (window), label_says,
                                               hb_window_get_status_text (window));
    g_assert_nonnull (label);
    g_assert_true (gtk_widget_has_css_class (label, "error"));
  }
  /* With the hints off the Next Move row says why Next Hint is greyed
   * out (it said Next Hint "still makes one move": review). */
  {
    GtkWidget *row = hb_app_test_find_row (GTK_WIDGET (window), "Next Move");

    g_action_group_change_action_state (G_ACTION_GROUP (window), "show-hints",
                                        g_variant_new_boolean (FALSE));
    hb_app_test_settle (30);
    g_assert_false (hb_window_get_action_enabled (window, "next-hint"));
    g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==,
                     "Out of moves: Restart or Undo to play on");
    g_action_group_change_action_state (G_ACTION_GROUP (window), "show-hints",
                                        g_variant_new_boolean (TRUE));
    hb_app_test_settle (30);
  }

  /* Play is over: another flood does nothing, and the chips look it
   * (greyed out; they looked ready: review); Undo brings them back. */
  {
    const HbState *before = hb_window_get_state (window);
    GtkWidget *bar = GTK_WIDGET (hb_window_get_palette_bar (window));

    g_assert_false (gtk_widget_is_sensitive (bar));
    hb_app_test_activate (window, "undo", NULL);
    hb_app_test_settle (30);
    g_assert_true (gtk_widget_is_sensitive (bar));
    hb_app_test_activate (window, "redo", NULL);
    hb_app_test_settle (30);
    g_assert_false (gtk_widget_is_sensitive (bar));
    before = hb_window_get_state (window);
    hb_app_test_activate (window, "palette", g_variant_new_int32 (2));
    hb_app_test_settle (30);
    g_assert_true (hb_window_get_state (window) == before);
    /* Nor a hint's move (Next Hint played on: "2 / 1 moves"), greyed
     * out as well as refused. */
    g_assert_false (hb_window_get_action_enabled (window, "next-hint"));
    hb_window_next_hint (window);
    hb_app_test_settle (300);
    g_assert_true (hb_window_get_state (window) == before);
  }

  /* Restart: the level as loaded, no move made, play again. */
  g_assert_true (hb_window_get_action_enabled (window, "restart"));
  activate (window, "restart");
  s = FLOOD_CONST (hb_window_get_state (window));
  g_assert_cmpint (s->moves, ==, 0);
  g_assert_cmpint (s->cells[0], ==, 0);
  g_assert_cmpint (s->cells[1], ==, 1);
  g_assert_false (status_has (window, "out of moves"));
  g_assert_false (hb_window_get_action_enabled (window, "restart"));
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (hb_window_get_palette_bar (window))));
  /* The toast went with it (it used to stay for good, into Edit mode,
   * its Restart greyed out) ... */
  hb_app_test_settle (600);
  g_assert_false (label_shown (GTK_WIDGET (window), "Out of moves"));
  /* ... and goes when Edit is chosen. */
  hb_app_test_activate (window, "palette", g_variant_new_int32 (1));
  hb_app_test_settle (300);
  g_assert_true (label_shown (GTK_WIDGET (window), "Out of moves"));
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_settle (600);
  g_assert_false (label_shown (GTK_WIDGET (window), "Out of moves"));
  hb_app_test_window_close (window);
}

static gboolean
at_most_400 (gpointer data)
{
  return gtk_widget_get_width (GTK_WIDGET (data)) <= 400;
}

/* At 400 px a toast with a button keeps short words on one line: "Out of
 * moves" wrapped after "of" beside plenty of room (review). */
static void
test_toast_one_line_narrow (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkLabel *label;
  int lines;

  gtk_window_set_default_size (GTK_WINDOW (window), 400, HB_TEST_HEIGHT);
  hb_app_test_wait (at_most_400, window, 10000, "the window to narrow");
  hb_app_test_open_text (window, "narrow.flood", "3 by 3 -> 1\n012\n000\n000\n");
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (30);
  hb_app_test_activate (window, "palette", g_variant_new_int32 (1));
  hb_app_test_settle (400);
  g_assert_cmpstr (hb_window_get_last_toast (window), ==, "Out of moves");
  label = g_weak_ref_get (&window->toast_label);
  g_assert_nonnull (label);
  lines = pango_layout_get_line_count (gtk_label_get_layout (label));
  g_test_message ("\"%s\": %d lines in %d px, the window %d px", gtk_label_get_text (label), lines,
                  gtk_widget_get_width (GTK_WIDGET (label)), gtk_widget_get_width (GTK_WIDGET (window)));
  g_assert_cmpint (lines, ==, 1);
  g_object_unref (label);
  hb_app_test_window_close (window);
}

/* A chip pressed while the board shows the solver's run: no move, and
 * the same word a click on the board gets (it did nothing, unsaid:
 * review); once the player is closed the chip floods. */
static void
test_flood_chip_while_player (void)
{
  HbWindow *window = hb_app_test_window_new ();

  hb_app_test_open_text (window, "chips.flood", "3 by 3 -> 0\n012\n000\n000\n");
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (30);
  hb_app_test_solve_and_play (window, "greedy");
  hb_app_test_activate (window, "palette", g_variant_new_int32 (1));
  hb_app_test_settle (100);
  g_assert_cmpint (FLOOD_CONST (hb_window_get_state (window))->moves, ==, 0);
  g_assert_cmpstr (hb_window_get_last_toast (window), ==,
                   "The board shows the solver's run: close the player (Escape) to play");
  g_assert_nonnull (window->escape_toast);
  hb_window_close_player (window);
  hb_app_test_settle (30);
  /* Its toast goes with the player (it stayed over the board after Apply
   * Solution closed it: review). */
  g_assert_null (window->escape_toast);
  hb_app_test_activate (window, "palette", g_variant_new_int32 (1));
  hb_app_test_settle (100);
  g_assert_cmpint (FLOOD_CONST (hb_window_get_state (window))->moves, ==, 1);
  hb_app_test_window_close (window);
}

/* Each game's bundled levels run easy to hard, smallest board first after
 * the app's welcome level: Flood-It's Level 1 was an 8×8 of eleven moves
 * (its "first-" level, sorted ahead), Level 2 a 4×4 (review). Next Level
 * walks the list; no board is smaller than the one before it. */
static void
test_levels_easy_first (void)
{
  static const char *const ids[] = { "lights", "loop", "flood", "flow" };
  GSettings *settings = g_settings_new ("io.github.hintboard.Hintboard");

  for (guint g = 0; g < G_N_ELEMENTS (ids); g++)
    {
      HbWindow *window;
      int last = 0, smallest = G_MAXINT, count = 0;
      g_auto (GStrv) names = g_resources_enumerate_children ("/io/github/hintboard/Hintboard/levels",
                                                             0, NULL);
      const HbGame *game = hb_registry_find_game (ids[g]);

      g_assert_nonnull (names);
      for (int i = 0; names[i] != NULL; i++)
        if (g_str_has_suffix (names[i], game->extension) && !g_str_has_prefix (names[i], "welcome"))
          {
            g_autofree char *path = g_strconcat ("/io/github/hintboard/Hintboard/levels/",
                                                 names[i], NULL);
            g_autoptr (GBytes) bytes = g_resources_lookup_data (path, 0, NULL);
            gsize len;
            const char *text = g_bytes_get_data (bytes, &len);
            HbState *s = hb_registry_parse (NULL, names[i], text, len, NULL);

            g_assert_nonnull (s);
            smallest = MIN (smallest, s->width * s->height);
            count++;
            hb_state_free (s);
          }
      g_settings_reset (settings, "solved-levels");
      window = hb_app_test_window_new ();
      g_assert_true (hb_window_select_game (window, ids[g]));
      hb_app_test_wait_hint (window);
      g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Level 1");
      if (strcmp (ids[g], "lights") == 0)
        count++;   /* and the welcome level */
      /* (Next Level goes round from the last to the first.) */
      for (int n = 1; n <= count; n++)
        {
          const HbState *s = hb_window_get_state (window);
          int cells = s->width * s->height;

          g_test_message ("%s level %d: %dx%d", ids[g], n, s->width, s->height);
          /* Enlight's welcome level comes first, whatever its size. */
          if (n == (strcmp (ids[g], "lights") == 0 ? 2 : 1))
            g_assert_cmpint (cells, ==, smallest);
          if (n > 1 && !(n == 2 && strcmp (ids[g], "lights") == 0))
            g_assert_cmpint (cells, >=, last);
          last = cells;
          if (!hb_window_get_action_enabled (window, "next-level"))
            break;
          hb_app_test_activate (window, "next-level", NULL);
          hb_app_test_settle (30);
          /* Only past the last level is the way back to the first said
           * (it went there silently). */
          if (n < count)
            g_assert_cmpstr (hb_window_get_last_toast (window), !=,
                             "That was the last level: back to the first one not solved");
        }
      g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Level 1");
      g_assert_cmpstr (hb_window_get_last_toast (window), ==,
                       "That was the last level: back to the first one not solved");
      hb_window_set_ask_to_save (window, FALSE);
      hb_app_test_window_close (window);
    }
  g_settings_reset (settings, "solved-levels");
  g_object_unref (settings);
}

/* ---- The first window ------------------------------------------------------------ */

/* The header's mode toggle for `mode` ("edit" or "play") under `widget`. */
static GtkToggleButton *
mode_toggle (GtkWidget *widget, const char *mode)
{
  if (GTK_IS_TOGGLE_BUTTON (widget)
      && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "win.mode") == 0)
    {
      GVariant *target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (widget));
      if (target != NULL && g_strcmp0 (g_variant_get_string (target, NULL), mode) == 0)
        return GTK_TOGGLE_BUTTON (widget);
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkToggleButton *t = mode_toggle (c, mode);
      if (t != NULL)
        return t;
    }
  return NULL;
}

static void
test_first_window (void)
{
  GSettings *settings = g_settings_new ("io.github.hintboard.Hintboard");
  const char *games[] = { "loop", "flood", "flow", "lights" };
  HbWindow *window;
  const HbGame *game;

  /* A first start: every setting at its default. */
  g_settings_reset (settings, "show-hints");
  g_settings_reset (settings, "last-game");
  g_settings_reset (settings, "solved-levels");
  window = hb_app_test_window_new_fresh ();
  game = hb_window_get_game (window);

  g_assert_cmpint (hb_window_get_mode (window), ==, HB_MODE_PLAY);
  /* The header says so too: Play pressed, Edit not. */
  g_assert_nonnull (mode_toggle (GTK_WIDGET (window), "play"));
  g_assert_true (gtk_toggle_button_get_active (mode_toggle (GTK_WIDGET (window), "play")));
  g_assert_false (gtk_toggle_button_get_active (mode_toggle (GTK_WIDGET (window), "edit")));
  /* The board has the keyboard: arrows move its cursor at once. */
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (window))
                 == GTK_WIDGET (hb_window_get_board_view (window)));
  g_assert_false (g_settings_get_boolean (settings, "show-hints"));
  g_assert_false (hb_window_is_hint_pending (window));
  /* A real level: not blank, not solved, of a few cells at least. */
  g_assert_cmpstr (game->id, ==, "lights");
  g_assert_false (game->is_solved (hb_window_get_state (window)));
  g_assert_cmpint (hb_window_get_state (window)->width, >=, 3);
  g_assert_false (hb_window_get_modified (window));

  /* Every game chosen shows a level to play. */
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_assert_true (hb_window_select_game (window, games[i]));
      hb_app_test_wait_loaded (window);
      hb_app_test_wait_hint (window);
      game = hb_window_get_game (window);
      g_assert_cmpstr (game->id, ==, games[i]);
      g_assert_false (game->is_solved (hb_window_get_state (window)));
      g_assert_false (status_has (window, "olved"));
    }

  /* A move starts the count and Restart goes back to the level as
   * loaded. */
  {
    HbState *loaded = hb_state_copy (hb_window_get_state (window));
    double px, py;
    hb_app_test_cell_point (window, 0, 0, 0.5, 0.5, &px, &py);
    hb_board_view_simulate_click (hb_window_get_board_view (window), px, py, 1);
    hb_app_test_settle (30);
    g_assert_true (status_has (window, "1 move"));
    g_assert_false (game->equal (loaded, hb_window_get_state (window)));
    activate (window, "restart");
    g_assert_true (game->equal (loaded, hb_window_get_state (window)));
    g_assert_false (status_has (window, "1 move"));
    hb_state_free (loaded);
  }
  hb_app_test_window_close (window);
  g_object_unref (settings);
}

/* ---- Keyboard play ------------------------------------------------------------- */

/* This file's own Enlight: a press toggles the cell and its four
 * neighbours. */
static void
own_press (guint8 *cells, int w, int h, int x, int y)
{
  static const int d[5][2] = { { 0, 0 }, { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };

  for (int i = 0; i < 5; i++)
    {
      int nx = x + d[i][0], ny = y + d[i][1];
      if (nx >= 0 && nx < w && ny >= 0 && ny < h)
        cells[ny * w + nx] ^= 1;
    }
}

/* A won bundled level's toast leads on: Next Level opens the next level
 * not solved yet, and with nothing to save nothing is asked. */
static void
test_next_level (void)
{
  GSettings *settings = g_settings_new ("io.github.hintboard.Hintboard");
  HbWindow *window;
  const HbGame *game;
  g_autofree char *first = NULL;

  g_settings_reset (settings, "last-game");
  g_settings_reset (settings, "solved-levels");
  window = hb_app_test_window_new_fresh ();
  hb_window_set_ask_to_save (window, TRUE);
  game = hb_window_get_game (window);
  first = g_strdup (gtk_window_get_title (GTK_WINDOW (window)));
  g_assert_cmpstr (first, ==, "Level 1");
  for (int i = 0; i < 200 && !game->is_solved (hb_window_get_state (window)); i++)
    {
      hb_app_test_activate (window, "next-hint", NULL);
      hb_app_test_wait_hint (window);
    }
  g_assert_true (game->is_solved (hb_window_get_state (window)));
  g_assert_nonnull (strstr (hb_window_get_last_toast (window), "Solved in"));
  g_assert_false (hb_window_get_modified (window));

  /* By the keyboard too: Ctrl+Page Down (the toast's button is no Tab
   * stop and goes after ten seconds). */
  {
    g_auto (GStrv) accels = gtk_application_get_accels_for_action (gtk_window_get_application (GTK_WINDOW (window)),
                                                                   "win.next-level");
    g_assert_true (g_strv_contains ((const char *const *) accels, "<Control>Page_Down"));
  }
  g_assert_true (hb_window_get_action_enabled (window, "next-level"));
  hb_app_test_activate (window, "next-level", NULL);
  hb_app_test_wait_hint (window);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Level 2");
  g_assert_true (hb_window_get_game (window) == game);
  g_assert_false (game->is_solved (hb_window_get_state (window)));
  g_assert_cmpint (hb_window_get_mode (window), ==, HB_MODE_PLAY);
  hb_window_set_ask_to_save (window, FALSE);
  hb_app_test_window_close (window);
  g_object_unref (settings);
}

/* Solves the level with the solver chosen, then applies the answer,
 * asserting that one was found and that the board is solved. */
static void
solve_and_apply (HbWindow *window)
{
  hb_window_solve (window);
  hb_app_test_wait (hb_app_test_not_solving, window, 60000, "the solver");
  hb_app_test_settle (100);
  g_assert_cmpint (hb_window_get_result (window)->status, ==, HB_STATUS_SOLVED);
  hb_app_test_activate (window, "apply-solution", NULL);
  hb_app_test_settle (100);
  g_assert_true (hb_window_get_game (window)->is_solved (hb_window_get_state (window)));
}

/* The answer applied before any move says so in the status line, as it
 * did only once an undo and a redo had started the clock (helper-153). */
static void
test_apply_first_says_so (void)
{
  HbWindow *window = hb_app_test_window_new ();

  hb_app_test_open_text (window, "one.lights", "010\n111\n010\n");
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (30);
  solve_and_apply (window);
  if (strstr (hb_window_get_status_text (window), "· the solver's answer") == NULL)
    g_error ("status after the answer alone: %s", hb_window_get_status_text (window));
  hb_app_test_window_close (window);
}

/* The solver's answer applied is no win of the player's: no "Solved in"
 * toast, and the level is not ticked as solved (Infinite Loop's said
 * "Solved in 3 moves" after two moves and counted the level, Flood-It's
 * did not). */
/* A window of ours over the game (the shortcuts window, a dialog) stops
 * the clock until it goes: the shortcuts window ran it on while it was
 * read (review). With the player showing a run too, the clock goes on
 * only when both have gone. */
static void
test_clock_holds_under_window (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkWidget *over;
  gint64 stood;

  g_assert_true (hb_window_select_game (window, "lights"));
  hb_app_test_wait_loaded (window);
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_activate (window, "next-hint", NULL);
  hb_app_test_wait_hint (window);
  g_assert_cmpint (window->play_start, !=, 0);
  g_assert_cmpuint (window->clock_id, !=, 0);

  /* The real shortcuts window (win.show-help-overlay): a transient
   * window no one adds to the application (a first version watched the
   * application's windows alone and never saw it: review). */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  hb_app_test_settle (100);
  over = GTK_WIDGET (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
  g_assert_nonnull (over);
  g_assert_true (gtk_widget_get_visible (over));
  g_assert_cmpint (window->play_end, !=, 0);
  g_assert_cmpuint (window->clock_id, ==, 0);
  stood = window->play_end - window->play_start;
  /* Closed (it hides), the clock goes on from where it stood. */
  gtk_window_close (GTK_WINDOW (over));
  hb_app_test_settle (100);
  g_assert_false (gtk_widget_get_visible (over));
  g_assert_cmpint (window->play_end, ==, 0);
  g_assert_cmpuint (window->clock_id, !=, 0);
  g_assert_cmpint (g_get_monotonic_time () - window->play_start, <, stood + G_USEC_PER_SEC);

  /* A window made by hand, transient, not the application's. */
  over = gtk_window_new ();
  gtk_window_set_transient_for (GTK_WINDOW (over), GTK_WINDOW (window));
  gtk_window_present (GTK_WINDOW (over));
  hb_app_test_settle (50);
  g_assert_cmpuint (window->clock_id, ==, 0);
  gtk_widget_set_visible (over, FALSE);
  hb_app_test_settle (50);
  g_assert_cmpuint (window->clock_id, !=, 0);

  /* Both the player and the window. */
  hb_app_test_solve_and_play (window, "gf2");
  g_assert_cmpuint (window->clock_id, ==, 0);
  gtk_window_present (GTK_WINDOW (over));
  hb_app_test_settle (50);
  hb_window_close_player (window);
  hb_app_test_settle (50);
  g_assert_cmpuint (window->clock_id, ==, 0);
  gtk_window_destroy (GTK_WINDOW (over));
  hb_app_test_settle (50);
  g_assert_cmpuint (window->clock_id, !=, 0);
  hb_app_test_window_close (window);
}

/* Whether the board shown is solved is checked once per change of the
 * board, however many parts of the window ask: the status line, the
 * actions, the hint row, the win check and the stale toasts asked five to
 * seven times an update, 0.3 s each on a solved 4096x4096 Flow Free board
 * (a switch to Play held the window up 2.5 s). Every change is checked
 * afresh: the answer follows the moves. */
static void
test_solved_checked_once (void)
{
  HbWindow *window = hb_app_test_window_new_fresh ();
  guint checks;

  g_assert_true (hb_window_select_game (window, "lights"));
  hb_app_test_open_text (window, "one.lights", "010\n111\n010\n");
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (50);
  g_assert_false (hb_window_current_is_solved (window));

  checks = window->solved_memo.checks;
  hb_window_update_status (window);
  hb_window_update_actions (window);
  hb_window_update_hint_row (window);
  hb_window_play_drop_stale_toasts (window);
  g_assert_false (hb_window_current_is_solved (window));
  g_assert_cmpuint (window->solved_memo.checks, ==, checks);

  /* Edit and back: two boards shown, each checked once. */
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_settle (50);
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (50);
  g_assert_cmpuint (window->solved_memo.checks, <=, checks + 2);

  /* The centre's press turns every light off: solved, and said so. */
  checks = window->solved_memo.checks;
  hb_app_test_click_cell (window, 1, 1, 1);
  hb_app_test_settle (200);
  g_assert_true (hb_window_current_is_solved (window));
  g_assert_cmpuint (window->solved_memo.checks, ==, checks + 1);
  g_assert_nonnull (strstr (hb_window_get_status_text (window), "Solved"));
  hb_app_test_activate (window, "undo", NULL);
  hb_app_test_settle (50);
  g_assert_false (hb_window_current_is_solved (window));
  hb_app_test_window_close (window);
}

/* The game's words in the status line are made once per change of the
 * board: the line is made again each second for the clock, and Enlight's
 * words count every light (16 million on 4096x4096, each second). The
 * words still follow each move, Edit's own words Edit. */
static void
test_status_made_once (void)
{
  HbWindow *window = hb_app_test_window_new_fresh ();
  guint made;

  g_assert_true (hb_window_select_game (window, "lights"));
  hb_app_test_open_text (window, "four.lights", "010\n111\n000\n");
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (50);
  g_assert_nonnull (strstr (hb_window_get_status_text (window), "4 lights on"));
  made = window->status_memo.made;
  for (int i = 0; i < 3; i++)
    hb_window_update_status (window);
  hb_window_update_hint_row (window);
  g_assert_cmpuint (window->status_memo.made, ==, made);
  g_assert_nonnull (strstr (hb_window_get_status_text (window), "4 lights on"));

  /* A press at the bottom left: 4 - 1 (above) + 2 (itself, its right). */
  hb_app_test_click_cell (window, 0, 2, 1);
  hb_app_test_settle (200);
  g_assert_nonnull (strstr (hb_window_get_status_text (window), "5 lights on"));
  g_assert_cmpuint (window->status_memo.made, ==, made + 1);
  hb_window_update_status (window);
  g_assert_cmpuint (window->status_memo.made, ==, made + 1);
  hb_app_test_activate (window, "undo", NULL);
  hb_app_test_settle (50);
  g_assert_nonnull (strstr (hb_window_get_status_text (window), "4 lights on"));

  /* Edit's words for the same board: its own, not Play's kept ones. */
  hb_app_test_open_text (window, "none.lights", "000\n000\n000\n");
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_settle (50);
  g_assert_nonnull (strstr (hb_window_get_status_text (window), "No lights on yet"));
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (50);
  g_assert_nonnull (strstr (hb_window_get_status_text (window), "All lights are off"));
  hb_app_test_window_close (window);
}

static void
test_apply_is_no_win (void)
{
  GSettings *settings = g_settings_new ("io.github.hintboard.Hintboard");
  HbWindow *window;
  const HbGame *game;
  g_auto (GStrv) solved = NULL;

  g_settings_reset (settings, "last-game");
  g_settings_reset (settings, "solved-levels");
  window = hb_app_test_window_new_fresh ();
  game = hb_window_get_game (window);
  g_assert_cmpint (hb_window_get_mode (window), ==, HB_MODE_PLAY);
  /* A move of the player's (the clock starts), then the answer. */
  hb_app_test_activate (window, "next-hint", NULL);
  hb_app_test_wait_hint (window);
  g_assert_false (game->is_solved (hb_window_get_state (window)));
  solve_and_apply (window);
  /* Enlight's answer in presses, as its player and hint count them. */
  {
    const char *v = hb_solver_panel_get_verdict (hb_window_get_solver_panel (window));
    if (!g_str_has_prefix (v, "Solved: ") || strstr (v, " presses") == NULL)
      g_error ("Enlight's result: %s", v);
  }
  g_assert_true (hb_window_get_last_toast (window) == NULL
                 || strstr (hb_window_get_last_toast (window), "Solved in") == NULL);
  /* The status line counts the player's move and the answer apart ("2
   * moves" read as a win in two). */
  if (strstr (hb_window_get_status_text (window), "1 move and the solver's answer") == NULL)
    g_error ("status after a move and the answer: %s", hb_window_get_status_text (window));
  /* Undo, then Redo back to the answer: still no win (a toast "Solved in
   * 2 moves" and the level ticked: review). */
  hb_app_test_activate (window, "undo", NULL);
  hb_app_test_settle (50);
  g_assert_false (game->is_solved (hb_window_get_state (window)));
  hb_app_test_activate (window, "redo", NULL);
  hb_app_test_settle (50);
  g_assert_true (game->is_solved (hb_window_get_state (window)));
  g_assert_true (hb_window_get_last_toast (window) == NULL
                 || strstr (hb_window_get_last_toast (window), "Solved in") == NULL);
  g_assert_nonnull (strstr (hb_window_get_status_text (window), "the solver's answer"));
  solved = g_settings_get_strv (settings, "solved-levels");
  g_assert_cmpuint (g_strv_length (solved), ==, 0);
  /* Another game's level, in a history of its own whose entries are
   * numbered afresh, won at the number the last answer's entry had: the
   * player's own win, celebrated (the answer was known by its entry's
   * number alone). Here the answer is at 4 and the win at 4. */
  hb_app_test_click_cell (window, 0, 0, 1);
  solve_and_apply (window);
  g_assert_true (hb_window_select_game (window, "flow"));
  hb_app_test_open_text (window, "one.flow", "A.A\n");
  hb_window_set_mode (window, HB_MODE_PLAY);
  {
    HbBoardView *view = hb_window_get_board_view (window);
    double x[3], y[3];

    for (int c = 0; c < 3; c++)
      hb_app_test_cell_point (window, c, 0, 0.5, 0.5, &x[c], &y[c]);
    hb_board_view_simulate_drag (view, x[0], y[0], x[1], y[1], 1);
    hb_app_test_settle (30);
    hb_board_view_simulate_drag (view, x[1], y[1], x[2], y[2], 1);
    hb_app_test_settle (50);
    g_test_message ("win at entry %lu, the answer's %lu",
                    (unsigned long) hb_document_entry_id (window->document),
                    (unsigned long) window->answer_entry);
  }
  g_assert_true (hb_window_get_game (window)->is_solved (hb_window_get_state (window)));
  if (hb_window_get_last_toast (window) == NULL
      || strstr (hb_window_get_last_toast (window), "Solved in 2 moves") == NULL)
    g_error ("a win after another level's answer: %s", hb_window_get_status_text (window));
  g_assert_true (hb_window_select_game (window, "lights"));
  hb_app_test_window_close (window);
  g_object_unref (settings);
}

/* A Flood-It level solved over its move limit (by applying a solver's
 * longer answer) is no success: its status line is a warning, not green
 * ("2 / 1 moves · Solved, over the limit"). */
static void
test_flood_over_limit_warns (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkWidget *label;

  hb_app_test_open_text (window, "tight.flood", "3 by 3 -> 1\n012\n000\n000\n");
  hb_window_set_mode (window, HB_MODE_PLAY);
  g_assert_true (hb_window_select_solver (window, "optimal"));
  solve_and_apply (window);
  g_assert_nonnull (strstr (hb_window_get_status_text (window), "over the limit"));
  label = hb_app_test_find_where (GTK_WIDGET (window), label_says,
                                  hb_window_get_status_text (window));
  g_assert_nonnull (label);
  g_assert_false (gtk_widget_has_css_class (label, "success"));
  g_assert_true (gtk_widget_has_css_class (label, "warning"));
  hb_app_test_window_close (window);
}

static void
test_keyboard_play (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbBoardView *view = hb_window_get_board_view (window);
  const guint8 level[9] = { 0, 0, 1, 0, 0, 1, 1, 1, 1 };
  guint presses = 0;
  int cx, cy;

  hb_app_test_open_text (window, "keys.lights", "001\n001\n111\n");
  hb_window_set_mode (window, HB_MODE_PLAY);
  gtk_widget_grab_focus (GTK_WIDGET (view));
  hb_app_test_settle (30);

  /* The presses that clear it, by trying all 512 sets. */
  for (guint mask = 0; mask < 512; mask++)
    {
      guint8 cells[9];
      memcpy (cells, level, 9);
      for (int i = 0; i < 9; i++)
        if (mask & (1u << i))
          own_press (cells, 3, 3, i % 3, i / 3);
      if (memchr (cells, 1, 9) == NULL)
        {
          presses = mask;
          break;
        }
    }
  g_assert_cmpuint (presses, !=, 0);

  /* The first arrow shows the cursor at the top left. */
  hb_board_view_get_cursor (view, &cx, &cy);
  g_assert_cmpint (cx, ==, -1);
  hb_board_view_move_cursor (view, 1, 0);
  hb_board_view_get_cursor (view, &cx, &cy);
  g_assert_cmpint (cx, ==, 0);
  g_assert_cmpint (cy, ==, 0);
  /* It stops at the edges. */
  hb_board_view_move_cursor (view, -1, -1);
  hb_board_view_get_cursor (view, &cx, &cy);
  g_assert_cmpint (cx, ==, 0);
  g_assert_cmpint (cy, ==, 0);

  /* Walk the rows, pressing Space where the answer presses. */
  for (int y = 0; y < 3; y++)
    for (int x = 0; x < 3; x++)
      {
        hb_board_view_get_cursor (view, &cx, &cy);
        hb_board_view_move_cursor (view, x - cx, y - cy);
        hb_board_view_get_cursor (view, &cx, &cy);
        g_assert_cmpint (cx, ==, x);
        g_assert_cmpint (cy, ==, y);
        if (presses & (1u << (y * 3 + x)))
          {
            hb_board_view_act_at_cursor (view, FALSE);
            hb_app_test_settle (20);
          }
      }
  {
    const LightsState *s = LIGHTS_CONST (hb_window_get_state (window));
    g_assert_null (memchr (s->cells, 1, 9));
  }
  /* The win is celebrated with the moves made, and Next Hint is off. */
  g_assert_true (strstr (hb_window_get_last_toast (window), "Solved in") != NULL);
  {
    char *count = g_strdup_printf ("%u move", (guint) __builtin_popcount (presses));
    g_assert_true (strstr (hb_window_get_last_toast (window), count) != NULL);
    g_free (count);
  }
  g_assert_false (hb_window_get_action_enabled (window, "next-hint"));

  /* Infinite Loop: a drawn level taken to Play as drawn is solved before a
   * move; the status says how to make a game of it (it said "Solved" and
   * nothing more: review), and stops once it is scrambled. */
  hb_app_test_open_text (window, "drawn.loop", "0100 0001\n0000 0000\n");
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (30);
  g_assert_nonnull (strstr (hb_window_get_status_text (window), "Scramble (main menu) mixes it"));
  for (int i = 0; i < 20 && hb_window_get_game (window)->is_solved (hb_window_get_state (window)); i++)
    hb_app_test_activate (window, "scramble", NULL);
  hb_app_test_settle (30);
  g_assert_false (hb_window_get_game (window)->is_solved (hb_window_get_state (window)));
  g_assert_null (strstr (hb_window_get_status_text (window), "Scramble"));

  /* Infinite Loop: Space turns clockwise, Shift+Space back. */
  hb_app_test_open_text (window, "keys.loop", "0100 0000\n0000 0000\n");
  hb_window_set_mode (window, HB_MODE_PLAY);
  gtk_widget_grab_focus (GTK_WIDGET (view));
  hb_board_view_get_cursor (view, &cx, &cy);
  hb_board_view_move_cursor (view, -cx, -cy);
  hb_board_view_act_at_cursor (view, FALSE);
  hb_app_test_settle (20);
  g_assert_cmpuint (LOOP_CONST (hb_window_get_state (window))->tiles[0], ==, 1 << 2);
  hb_board_view_act_at_cursor (view, TRUE);
  hb_board_view_act_at_cursor (view, TRUE);
  hb_app_test_settle (20);
  g_assert_cmpuint (LOOP_CONST (hb_window_get_state (window))->tiles[0], ==, 1 << 0);
  hb_app_test_window_close (window);
}

/* ---- Snapshots -------------------------------------------------------------- */

static void
save_styles (HbWindow *window, const char *name)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  char *file;

  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_LIGHT);
  hb_app_test_settle (150);
  file = g_strconcat (name, "-light", NULL);
  hb_app_test_save (GTK_WIDGET (window), file);
  g_free (file);
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  hb_app_test_settle (150);
  file = g_strconcat (name, "-dark", NULL);
  hb_app_test_save (GTK_WIDGET (window), file);
  g_free (file);
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}

static int narrow_width;

static gboolean
narrow (gpointer data)
{
  return gtk_widget_get_width (GTK_WIDGET (data)) <= narrow_width + 20;
}

static gboolean
wide (gpointer data)
{
  return gtk_widget_get_width (GTK_WIDGET (data)) >= HB_TEST_WIDTH - 40;
}

/* Every game as a new player sees it (hints off), at full size and at 400
 * and 360 px wide, light and dark (saved only when HB_TEST_SNAPSHOT_DIR is
 * set); the window must lay out without a warning either way. The window
 * buttons are GNOME's (close only), as the 360 px test has them. */
static void
test_snapshots (void)
{
  const char *games[] = { "lights", "loop", "flood", "flow" };
  const int widths[] = { 400, 360 };
  HbWindow *window = hb_app_test_window_new ();

  g_object_set (gtk_settings_get_default (), "gtk-decoration-layout", "appmenu:close", NULL);
  hb_window_set_mode (window, HB_MODE_PLAY);
  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-hints",
                                      g_variant_new_boolean (FALSE));
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      char *name;

      g_assert_true (hb_window_select_game (window, games[i]));
      hb_app_test_wait_loaded (window);
      hb_app_test_wait_hint (window);
      g_assert_false (hb_window_get_game (window)->is_solved (hb_window_get_state (window)));
      name = g_strdup_printf ("play-%s-1100", games[i]);
      save_styles (window, name);
      g_free (name);

      for (guint k = 0; k < G_N_ELEMENTS (widths); k++)
        {
          narrow_width = widths[k];
          gtk_window_set_default_size (GTK_WINDOW (window), widths[k], HB_TEST_HEIGHT);
          hb_app_test_wait (narrow, window, 10000, "the window to narrow");
          hb_app_test_settle (200);
          name = g_strdup_printf ("play-%s-%d", games[i], widths[k]);
          save_styles (window, name);
          g_free (name);
        }
      gtk_window_set_default_size (GTK_WINDOW (window), HB_TEST_WIDTH, HB_TEST_HEIGHT);
      hb_app_test_wait (wide, window, 10000, "the window to widen");
      hb_app_test_settle (100);
    }
  hb_app_test_window_close (window);
}

/* Whether `button` is painted as a button (a linked one's grey) rather
 * than flat on the header bar: its inside, beside its icon or label,
 * against the header just left of it, light and dark (either). */
static gboolean
painted_as_button (GtkWidget *button)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  const AdwColorScheme schemes[] = { ADW_COLOR_SCHEME_FORCE_LIGHT, ADW_COLOR_SCHEME_FORCE_DARK };
  GtkWidget *header = gtk_widget_get_ancestor (button, ADW_TYPE_HEADER_BAR);
  gboolean painted = FALSE;
  graphene_rect_t r;

  g_assert_nonnull (header);
  g_assert_true (gtk_widget_compute_bounds (button, header, &r));
  for (guint i = 0; i < G_N_ELEMENTS (schemes); i++)
    {
      HbShot *shot;
      int inside[3], outside[3];
      int y = (int) (r.origin.y + r.size.height / 2);

      adw_style_manager_set_color_scheme (style, schemes[i]);
      hb_app_test_settle (150);
      shot = hb_app_test_shot (header);
      hb_app_test_pixel (shot, (int) r.origin.x + 3, y, inside);
      hb_app_test_pixel (shot, (int) r.origin.x - 3, y, outside);
      g_test_message ("%s: inside %d,%d,%d, header %d,%d,%d", i == 0 ? "light" : "dark",
                      inside[0], inside[1], inside[2], outside[0], outside[1], outside[2]);
      /* A button's grey is 10 % of the text colour over the header (20
       * levels and more); a level or two is the header's own shading. */
      for (int c = 0; c < 3; c++)
        painted |= ABS (inside[c] - outside[c]) > 8;
      hb_app_test_shot_free (shot);
    }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  hb_app_test_settle (100);
  return painted;
}

/* At 400 px, beside a window manager's minimise, maximise and Close, the
 * title shows the level's name whole: Edit and Play are one icon, the
 * button to the other mode (the title had room for "Lev…": review).
 * That button changes the mode and gives way to the other one; wide
 * again, both show with their words. Snapshots light and dark. */
static void
test_narrow_title (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkToggleButton *edit = mode_toggle (GTK_WIDGET (window), "edit");
  GtkToggleButton *play = mode_toggle (GTK_WIDGET (window), "play");
  g_autofree char *layout = NULL;
  g_autofree char *name = NULL;
  GtkWidget *title;

  g_object_get (gtk_settings_get_default (), "gtk-decoration-layout", &layout, NULL);
  g_object_set (gtk_settings_get_default (), "gtk-decoration-layout",
                "menu:minimize,maximize,close", NULL);
  hb_window_set_mode (window, HB_MODE_PLAY);
  name = g_strdup (gtk_window_get_title (GTK_WINDOW (window)));
  g_assert_cmpstr (name, ==, "Level 1");
  narrow_width = 400;
  gtk_window_set_default_size (GTK_WINDOW (window), 400, HB_TEST_HEIGHT);
  hb_app_test_wait (narrow, window, 10000, "the window to narrow");
  hb_app_test_settle (200);
  save_styles (window, "narrow-title-400");
  title = hb_app_test_find_where (GTK_WIDGET (window->window_title), label_says, name);
  g_assert_nonnull (title);
  g_test_message ("the title: %d px wide", gtk_widget_get_width (title));
  g_assert_true (gtk_widget_get_mapped (title));
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (title))));

  /* In Play, the pencil alone; it goes to Edit and the game pad shows. */
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (edit)));
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (play)));
  /* Flat, as the header's other icons: a lone linked button kept its
   * grey, which in a header says a toggle is on ("editing", in Play). */
  g_assert_false (painted_as_button (GTK_WIDGET (edit)));
  g_signal_emit_by_name (edit, "clicked");
  hb_app_test_settle (100);
  g_assert_cmpint (hb_window_get_mode (window), ==, HB_MODE_EDIT);
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (edit)));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (play)));
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (title))));
  save_styles (window, "narrow-title-400-edit");
  g_signal_emit_by_name (play, "clicked");
  hb_app_test_settle (100);
  g_assert_cmpint (hb_window_get_mode (window), ==, HB_MODE_PLAY);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (edit)));
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (play)));

  /* Wide: the pair, with their words. */
  gtk_window_set_default_size (GTK_WINDOW (window), HB_TEST_WIDTH, HB_TEST_HEIGHT);
  hb_app_test_wait (wide, window, 10000, "the window to widen");
  hb_app_test_settle (100);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (edit)));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (play)));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (edit)), ==, "_Edit");
  g_assert_true (gtk_toggle_button_get_active (play));
  /* The pair is linked again, each a button (so the check above sees
   * a button's grey where there is one). */
  g_assert_true (painted_as_button (GTK_WIDGET (edit)));
  g_object_set (gtk_settings_get_default (), "gtk-decoration-layout", layout, NULL);
  hb_app_test_window_close (window);
}

/* Narrow, the mode button pressed from the keyboard (Space, or E and P
 * while it has the focus) hides itself: the focus goes on to the one
 * shown in its place, its ring showing, not off to nowhere (the
 * hand-over in hb-window-header.c had no test). Keys from the X server,
 * as a keyboard sends them. */
static void
test_narrow_mode_keys (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkToggleButton *edit = mode_toggle (GTK_WIDGET (window), "edit");
  GtkToggleButton *play = mode_toggle (GTK_WIDGET (window), "play");

  hb_window_set_mode (window, HB_MODE_PLAY);
  narrow_width = 400;
  gtk_window_set_default_size (GTK_WINDOW (window), 400, HB_TEST_HEIGHT);
  hb_app_test_wait (narrow, window, 10000, "the window to narrow");
  hb_app_test_settle (200);
  hb_app_test_x_focus (GTK_WINDOW (window));
  /* Onto the pencil as Tab puts it there: its ring showing. */
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (edit)));
  if (!hb_app_test_x_key (GTK_WIDGET (window), GDK_KEY_Tab))
    {
      g_test_skip ("no X11 display with XTest");
      gtk_window_set_default_size (GTK_WINDOW (window), HB_TEST_WIDTH, HB_TEST_HEIGHT);
      hb_app_test_window_close (window);
      return;
    }
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (edit)));
  g_assert_true (gtk_window_get_focus_visible (GTK_WINDOW (window)));
  for (int i = 0; i < 4; i++)
    {
      GtkWidget *from = i % 2 == 0 ? GTK_WIDGET (edit) : GTK_WIDGET (play);
      GtkWidget *to = i % 2 == 0 ? GTK_WIDGET (play) : GTK_WIDGET (edit);
      HbMode want = i % 2 == 0 ? HB_MODE_EDIT : HB_MODE_PLAY;

      g_assert_true (gtk_widget_has_focus (from));
      /* Space twice (the button's own key), then E and P (the window's). */
      hb_app_test_x_key (GTK_WIDGET (window),
                         i < 2 ? GDK_KEY_space : want == HB_MODE_EDIT ? GDK_KEY_e : GDK_KEY_p);
      hb_app_test_settle (400);
      g_test_message ("key %d: mode %d, focus visible %d", i, hb_window_get_mode (window),
                      gtk_window_get_focus_visible (GTK_WINDOW (window)));
      g_assert_cmpint (hb_window_get_mode (window), ==, want);
      g_assert_false (gtk_widget_get_mapped (from));
      g_assert_true (gtk_widget_get_mapped (to));
      g_assert_true (gtk_widget_has_focus (to));
      g_assert_true (gtk_widget_get_state_flags (to) & GTK_STATE_FLAG_FOCUS_VISIBLE);
    }
  gtk_window_set_default_size (GTK_WINDOW (window), HB_TEST_WIDTH, HB_TEST_HEIGHT);
  hb_app_test_wait (wide, window, 10000, "the window to widen");
  hb_app_test_window_close (window);
}

/* ---- Zoom -------------------------------------------------------------------- */

/* A new window with an n × n Enlight board of unlit lamps open. */
static HbWindow *
open_dark_lights (int n)
{
  HbWindow *window = hb_app_test_window_new ();
  char *row = g_strnfill (n, '0');
  char *text = repeat_rows (row, n);

  hb_app_test_open_text (window, "big.lights", text);
  g_free (text);
  g_free (row);
  return window;
}

/* The first controller of `type` on the board view. */
static GtkEventController *
view_controller (HbBoardView *view, GType type)
{
  GListModel *list = gtk_widget_observe_controllers (GTK_WIDGET (view));
  GtkEventController *found = NULL;

  for (guint i = 0; found == NULL && i < g_list_model_get_n_items (list); i++)
    {
      GtkEventController *c = g_list_model_get_item (list, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type))
        found = c;
      g_object_unref (c);
    }
  g_object_unref (list);
  g_assert_nonnull (found);
  return found;
}

/* The outlined cell follows the board under a pointer that stays still: a
 * scroll that pans a zoomed board outlines the cell now under the pointer
 * (the outline stayed on the cell the board had carried away). A change
 * of layout is test_hover_follows_resize's. */
static void
test_hover_follows_board (void)
{
  HbWindow *window = open_dark_lights (60);
  HbBoardView *view = hb_window_get_board_view (window);
  GtkEventController *motion = view_controller (view, GTK_TYPE_EVENT_CONTROLLER_MOTION);
  GtkEventController *scroll = view_controller (view, GTK_TYPE_EVENT_CONTROLLER_SCROLL);
  double px, py;
  gboolean handled = FALSE;
  HbLayout l;
  int was_y;

  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_board_view_zoom (view, 4.0);
  px = gtk_widget_get_width (GTK_WIDGET (view)) / 2.0;
  py = gtk_widget_get_height (GTK_WIDGET (view)) / 2.0;
  g_signal_emit_by_name (motion, "motion", px, py);
  hb_board_view_get_layout (view, &l);
  g_assert_cmpint (view->hover_x, ==, (int) ((px - l.x0) / l.cell));
  g_assert_cmpint (view->hover_y, ==, (int) ((py - l.y0) / l.cell));
  was_y = view->hover_y;

  /* Two notches down: the board moves up under the pointer. */
  g_signal_emit_by_name (scroll, "scroll", 0.0, 2.0, &handled);
  g_assert_true (handled);
  hb_board_view_get_layout (view, &l);
  g_assert_cmpint (view->hover_y, ==, (int) ((py - l.y0) / l.cell));
  g_assert_cmpint (view->hover_y, >, was_y);
  g_assert_cmpint (view->hover_x, ==, (int) ((px - l.x0) / l.cell));
  hb_app_test_window_close (window);
}

static gboolean
cell_in_view (HbBoardView *view, int x, int y)
{
  return hb_app_test_cell_in_view (view, NULL, x, y);
}

/* Zoomed in, the board pans to keep the keyboard cursor in view: the
 * arrows took it off the part shown and Space pressed a cell nobody saw
 * (a newcomer's look, Ctrl + on a 5 × 5 Enlight level). The least pan:
 * a cursor in view leaves the board where it is. */
static void
test_zoomed_board_follows_cursor (void)
{
  HbWindow *window = open_dark_lights (8);
  HbBoardView *view = hb_window_get_board_view (window);
  const LightsState *s;
  HbLayout before, after;
  int x, y;

  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (30);
  hb_board_view_zoom (view, 4.0);
  /* The first key shows the cursor at the top left, off the part
   * shown about the centre: the board pans to it. */
  g_assert_false (cell_in_view (view, 0, 0));
  hb_board_view_move_cursor (view, 0, 0);
  g_assert_true (cell_in_view (view, 0, 0));
  hb_board_view_get_layout (view, &before);
  hb_board_view_move_cursor (view, 1, 0);
  hb_board_view_get_layout (view, &after);
  g_assert_true (cell_in_view (view, 1, 0));
  g_assert_cmpfloat (after.x0, ==, before.x0);
  g_assert_cmpfloat (after.y0, ==, before.y0);
  for (int i = 0; i < 7; i++)
    {
      hb_board_view_move_cursor (view, 1, 1);
      hb_board_view_get_cursor (view, &x, &y);
      g_assert_true (cell_in_view (view, x, y));
    }
  g_assert_cmpint (x, ==, 7);
  g_assert_cmpint (y, ==, 7);
  /* Space presses the cell shown with the cursor. */
  hb_board_view_act_at_cursor (view, FALSE);
  hb_app_test_settle (30);
  s = LIGHTS_CONST (hb_window_get_state (window));
  g_assert_cmpint (s->cells[7 * 8 + 7], ==, 1);
  g_assert_true (cell_in_view (view, 7, 7));
  hb_app_test_window_close (window);
}

/* Zoomed in, a hint's move shows: Next Hint pressed a cell off the part
 * of the board shown, and nothing the player saw changed. */
static void
test_zoomed_board_follows_hint (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbBoardView *view = hb_window_get_board_view (window);
  const LightsState *s;

  g_assert_true (hb_window_select_game (window, "lights"));
  hb_app_test_wait_loaded (window);
  /* One press solves it, the bottom right corner's. */
  hb_app_test_open_text (window, "corner.lights",
                         "00000000\n00000000\n00000000\n00000000\n"
                         "00000000\n00000000\n00000001\n00000011\n");
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (30);
  hb_board_view_zoom (view, 4.0);
  hb_board_view_move_cursor (view, 0, 0);   /* pans to the top left */
  g_assert_false (cell_in_view (view, 7, 7));
  hb_app_test_wait_hint (window);
  hb_window_next_hint (window);
  hb_app_test_settle (50);
  s = LIGHTS_CONST (hb_window_get_state (window));
  g_assert_cmpint (s->cells[7 * 8 + 7], ==, 0);
  g_assert_true (hb_window_get_game (window)->is_solved (hb_window_get_state (window)));
  g_assert_true (cell_in_view (view, 7, 7));
  hb_app_test_window_close (window);
  hb_app_test_reset_last_game ();
}

/* Where the view point (x, y) is on the board now: the cell, or -1, -1. */
static void
cell_under (HbBoardView *view, double x, double y, int *cx, int *cy)
{
  HbLayout l;
  HbHit hit;

  hb_board_view_get_layout (view, &l);
  hb_layout_hit (&l, x, y, &hit);
  *cx = hit.inside ? hit.x : -1;
  *cy = hit.inside ? hit.y : -1;
}

/* The sidebar hidden and the window resized under a pointer that stays
 * still: the outline goes to the cell now under the pointer, or off when
 * the board has moved away from under it. GTK sends no motion then (the
 * outline stayed on the cell that was under the pointer in the old
 * layout). The pointer is
 * the display's own, which stays where it is (the middle of Xvfb's
 * screen): a made-up one would be overruled by the crossing events GTK
 * sends for the real one as the widgets move under it. */
static void
test_hover_follows_resize (void)
{
  HbWindow *window = open_dark_lights (5);
  HbBoardView *view = hb_window_get_board_view (window);
  GtkNative *native = gtk_widget_get_native (GTK_WIDGET (view));
  GdkSurface *surface = gtk_native_get_surface (native);
  GdkDevice *pointer = gdk_seat_get_pointer (gdk_display_get_default_seat (gtk_widget_get_display (GTK_WIDGET (view))));
  GtkEventController *motion = view_controller (view, GTK_TYPE_EVENT_CONTROLLER_MOTION);
  /* Narrower: the board moves left under the pointer (Xvfb's middle is
   * over its bottom row's second cell at the first size); shorter: it
   * shrinks away from under it. (Not back under it: GTK may then send a
   * leave for the view and no enter after it, so that whether the pointer
   * is over the view is not known until it moves.) */
  static const int sizes[][2] = { { 1000, 760 }, { 1100, 640 } };
  gboolean moved = FALSE, off = FALSE;
  graphene_point_t at, p;
  double sx, sy, nx, ny;
  int was_x, was_y, want_x, want_y;

  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (50);
  /* The pointer in the window, and where it is over the view: the motion
   * GTK would have sent had it just moved there. */
  g_assert_true (gdk_surface_get_device_position (surface, pointer, &sx, &sy, NULL));
  gtk_native_get_surface_transform (native, &nx, &ny);
  at = GRAPHENE_POINT_INIT (sx - nx, sy - ny);
  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (native), GTK_WIDGET (view), &at, &p));
  cell_under (view, p.x, p.y, &was_x, &was_y);
  if (was_x < 0)
    {
      g_test_skip ("the display's pointer is not over the board");
      hb_app_test_window_close (window);
      return;
    }
  g_signal_emit_by_name (motion, "motion", (double) p.x, (double) p.y);
  g_assert_cmpint (view->hover_x, ==, was_x);
  g_assert_cmpint (view->hover_y, ==, was_y);

  /* The sidebar hidden and shown again: the view moves in the window,
   * and the pointer in the view with it. */
  for (int shown = 0; shown < 2; shown++)
    {
      hb_app_test_activate (window, "toggle-sidebar", NULL);
      hb_app_test_settle (500);
      g_assert_true (gtk_widget_compute_point (GTK_WIDGET (native), GTK_WIDGET (view), &at, &p));
      cell_under (view, p.x, p.y, &want_x, &want_y);
      g_test_message ("sidebar %s: (%d, %d) → (%d, %d)", shown ? "shown" : "hidden", was_x,
                      was_y, want_x, want_y);
      moved |= want_x != was_x || want_y != was_y;
      g_assert_cmpint (view->hover_x, ==, want_x);
      g_assert_cmpint (view->hover_y, ==, want_y);
      was_x = want_x;
      was_y = want_y;
    }
  for (gsize i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      gtk_window_set_default_size (GTK_WINDOW (window), sizes[i][0], sizes[i][1]);
      hb_app_test_settle (300);
      g_assert_true (gtk_widget_compute_point (GTK_WIDGET (native), GTK_WIDGET (view), &at, &p));
      cell_under (view, p.x, p.y, &want_x, &want_y);
      g_test_message ("%d×%d: (%d, %d) → (%d, %d)", sizes[i][0], sizes[i][1], was_x, was_y,
                      want_x, want_y);
      moved |= want_x != was_x || want_y != was_y;
      off |= want_x < 0;
      g_assert_cmpint (view->hover_x, ==, want_x);
      g_assert_cmpint (view->hover_y, ==, want_y);
      was_x = want_x;
      was_y = want_y;
    }
  /* The board moved from under the pointer, and once away from it. */
  g_assert_true (moved);
  g_assert_true (off);
  hb_app_test_window_close (window);
}

/* Ctrl +, − and 0 zoom the board wherever the focus is: typed in the
 * sidebar's first field they zoom the board and the field keeps the
 * focus (they were the board's own keys, and did nothing there). Real
 * keys through the X server; each waits for the zoom it should give. */
typedef struct {
  HbBoardView *view;
  double       zoom;
} ZoomWait;

static gboolean
zoom_reached (gpointer data)
{
  ZoomWait *z = data;

  return fabs (hb_board_view_get_zoom (z->view) - z->zoom) < 1e-9;
}

static void
zoom_key (HbWindow *window, GdkModifierType mods, guint keyval, double zoom)
{
  ZoomWait z = { hb_window_get_board_view (window), zoom };

  g_assert_true (hb_app_test_x_key_with (GTK_WIDGET (window), mods, keyval));
  hb_app_test_wait (zoom_reached, &z, 5000, "the zoom the key gives");
  g_assert_cmpfloat (fabs (hb_board_view_get_zoom (z.view) - zoom), <, 1e-9);
}

static void
test_zoom_keys_anywhere (void)
{
  HbWindow *window = open_dark_lights (60);
  HbBoardView *view = hb_window_get_board_view (window);
  GtkWidget *field = hb_app_test_find_first (GTK_WIDGET (window), GTK_TYPE_SPIN_BUTTON);

  g_assert_nonnull (field);
  g_assert_true (gtk_widget_grab_focus (field));
  hb_app_test_x_focus (GTK_WINDOW (window));
  if (!hb_app_test_x_key_with (GTK_WIDGET (window), 0, GDK_KEY_Shift_L))
    {
      g_test_skip ("no XTest on this display");
      hb_app_test_window_close (window);
      return;
    }
  g_assert_cmpfloat (hb_board_view_get_zoom (view), ==, 1.0);
  zoom_key (window, GDK_CONTROL_MASK, GDK_KEY_equal, 1.25);
  /* Ctrl++ as a US keyboard types it, the shortcuts window's key. */
  zoom_key (window, GDK_CONTROL_MASK | GDK_SHIFT_MASK, GDK_KEY_equal, 1.5625);
  zoom_key (window, GDK_CONTROL_MASK, GDK_KEY_minus, 1.25);
  zoom_key (window, GDK_CONTROL_MASK, GDK_KEY_0, 1.0);
  g_assert_true (gtk_widget_has_focus (field) || gtk_widget_get_focus_child (field) != NULL);
  /* And with the board's own focus, as before. */
  gtk_widget_grab_focus (GTK_WIDGET (view));
  zoom_key (window, GDK_CONTROL_MASK, GDK_KEY_KP_Add, 1.25);
  hb_app_test_window_close (window);
}

static void
test_zoom (void)
{
  HbWindow *window = open_dark_lights (60);
  HbBoardView *view = hb_window_get_board_view (window);
  HbLayout fit, zoomed;
  double px, py;
  int w, h;

  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_board_view_get_layout (view, &fit);
  g_assert_cmpfloat (hb_board_view_get_zoom (view), ==, 1.0);

  /* Four times closer, about the centre: the cell under the centre stays
   * there and is four times as big. */
  w = gtk_widget_get_width (GTK_WIDGET (view));
  h = gtk_widget_get_height (GTK_WIDGET (view));
  hb_board_view_zoom (view, 4.0);
  hb_board_view_get_layout (view, &zoomed);
  g_assert_cmpfloat (fabs (zoomed.cell - 4 * fit.cell), <, 1e-6);
  g_assert_cmpint ((int) ((w / 2.0 - fit.x0) / fit.cell), ==,
                   (int) ((w / 2.0 - zoomed.x0) / zoomed.cell));
  g_assert_cmpint ((int) ((h / 2.0 - fit.y0) / fit.cell), ==,
                   (int) ((h / 2.0 - zoomed.y0) / zoomed.cell));

  /* A click lands on the cell drawn under it. */
  {
    int cx = (int) ((w / 2.0 - zoomed.x0) / zoomed.cell);
    int cy = (int) ((h / 2.0 - zoomed.y0) / zoomed.cell);
    px = zoomed.x0 + (cx + 0.5) * zoomed.cell;
    py = zoomed.y0 + (cy + 0.5) * zoomed.cell;
    hb_board_view_simulate_click (view, px, py, 1);
    hb_app_test_settle (30);
    {
      const LightsState *s = LIGHTS_CONST (hb_window_get_state (window));
      int lit = 0;
      for (int i = 0; i < 3600; i++)
        lit += s->cells[i];
      g_assert_cmpint (lit, ==, 1);
      g_assert_cmpint (s->cells[cy * 60 + cx], ==, 1);
    }
  }
  /* Zoom stays within the board's edges and goes back to the whole. */
  hb_board_view_zoom (view, 0.01);
  g_assert_cmpfloat (hb_board_view_get_zoom (view), ==, 1.0);
  hb_board_view_get_layout (view, &zoomed);
  g_assert_cmpfloat (fabs (zoomed.cell - fit.cell), <, 1e-6);
  /* At most 12 times closer on a board whose cells are big already. */
  hb_board_view_zoom (view, 1000.0);
  g_assert_cmpfloat (hb_board_view_get_zoom (view), ==, 12.0);
  hb_app_test_window_close (window);

  /* A board with more cells than the view has pixels opens whole (cells
   * under a pixel), and zooming in goes on until a cell is 48 pixels. */
  window = open_dark_lights (1000);
  view = hb_window_get_board_view (window);
  w = gtk_widget_get_width (GTK_WIDGET (view));
  h = gtk_widget_get_height (GTK_WIDGET (view));
  g_assert_cmpint (MAX (w, h), <, 1000);
  hb_board_view_get_layout (view, &fit);
  g_assert_cmpfloat (fit.cell, <, 1);
  g_assert_cmpfloat (fit.x0, >=, 0);
  g_assert_cmpfloat (fit.y0, >=, 0);
  g_assert_cmpfloat (fit.x0 + 1000 * fit.cell, <=, w);
  g_assert_cmpfloat (fit.y0 + 1000 * fit.cell, <=, h);
  hb_board_view_zoom (view, 1e6);
  hb_board_view_get_layout (view, &zoomed);
  g_assert_cmpfloat (fabs (zoomed.cell - 48), <, 1e-6);
  hb_app_test_window_close (window);
}

/* Undo takes a move off the count and Redo puts it back, in every game
 * (Flood-It's count did; Enlight's, Infinite Loop's and Flow Free's kept
 * the undone moves); the winning move undone starts the clock again. */
static gboolean
status_has_moves (HbWindow *window, const char *moves)
{
  return strstr (hb_window_get_status_text (window), moves) != NULL;
}

/* The player opens without the out-of-moves toast over its controls (it
 * stayed there, in front of the scrubber, until dismissed). */
static void
test_player_drops_lost_toast (void)
{
  HbWindow *window = hb_app_test_window_new ();

  hb_app_test_open_text (window, "tight.flood", "3 by 3 -> 1\n012\n000\n000\n");
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_activate (window, "palette", g_variant_new_int32 (1));
  hb_app_test_settle (600);
  g_assert_true (label_shown (GTK_WIDGET (window), "Out of moves"));
  hb_app_test_solve_and_play (window, "optimal");
  wait_label_gone (window, "Out of moves");
  hb_app_test_window_close (window);
}

/* A cross of lights, in Play: one press in the middle solves it. */
static void
open_cross (HbWindow *window)
{
  hb_app_test_open_text (window, "one.lights", "010\n111\n010\n");
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (30);
}

/* F6 (win.focus-pane) goes to the board from anywhere, and from the
 * board to the sidebar's first control: by Tab the board came after
 * every header button and sidebar control (a newcomer's look). */
static void
test_focus_pane (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkWidget *board = GTK_WIDGET (hb_window_get_board_view (window));
  GtkWidget *focus;

  open_cross (window);
  gtk_widget_grab_focus (GTK_WIDGET (window->main_menu_button));
  hb_app_test_activate (window, "focus-pane", NULL);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == board);
  hb_app_test_activate (window, "focus-pane", NULL);
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_nonnull (focus);
  g_assert_true (gtk_widget_is_ancestor (focus, GTK_WIDGET (window->sidebar_scroller)));
  hb_app_test_activate (window, "focus-pane", NULL);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == board);
  /* Hiding the sidebar from one of its controls gives the keys to the
   * board (they went to the header's first button). */
  hb_app_test_activate (window, "focus-pane", NULL);
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)),
                                         GTK_WIDGET (window->sidebar_scroller)));
  hb_app_test_activate (window, "toggle-sidebar", NULL);
  hb_app_test_settle (400);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == board);
  hb_app_test_activate (window, "toggle-sidebar", NULL);
  hb_app_test_settle (400);
  /* With the sidebar hidden, the board keeps it. */
  hb_app_test_activate (window, "toggle-sidebar", NULL);
  hb_app_test_settle (400);
  hb_app_test_activate (window, "focus-pane", NULL);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == board);
  hb_app_test_window_close (window);
}

/* The window opens with the focus on the board unseen, no cursor shown
 * (a click leaves it so too): the first F6, "go to the board", went on to
 * the sidebar's Width, where the next arrow made the level a column wider
 * (a newcomer's look). It shows the cursor on the board instead, and the
 * next F6 goes to the sidebar. */
static void
test_focus_pane_unseen_board (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbBoardView *view = hb_window_get_board_view (window);
  GtkWidget *board = GTK_WIDGET (view);
  GtkWidget *focus;
  int x, y;

  open_cross (window);
  gtk_window_set_focus_visible (GTK_WINDOW (window), FALSE);
  g_assert_true (gtk_widget_grab_focus (board));
  hb_board_view_get_cursor (view, &x, &y);
  g_assert_cmpint (x, ==, -1);
  hb_app_test_activate (window, "focus-pane", NULL);
  hb_app_test_settle (30);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == board);
  hb_board_view_get_cursor (view, &x, &y);
  g_assert_cmpint (x, ==, 0);
  g_assert_cmpint (y, ==, 0);
  hb_app_test_activate (window, "focus-pane", NULL);
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_nonnull (focus);
  g_assert_true (gtk_widget_is_ancestor (focus, GTK_WIDGET (window->sidebar_scroller)));
  hb_app_test_window_close (window);
}

/* Clear (the Board group's button, shown in Play too) empties the level
 * in one click: it says so, with Undo, which brings the board back (it
 * had said nothing: a newcomer's look). */
static void
test_clear_says_undo (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbState *before;

  open_cross (window);
  hb_app_test_click_cell (window, 0, 0, 1);
  before = hb_state_copy (hb_window_get_state (window));
  hb_app_test_activate (window, "clear", NULL);
  hb_app_test_settle (30);
  g_assert_true (hb_window_get_mode (window) == HB_MODE_EDIT);
  g_assert_false (hb_window_get_game (window)->equal (before, hb_window_get_state (window)));
  g_assert_cmpstr (hb_window_get_last_toast (window), ==, "Board cleared");
  g_assert_nonnull (window->cut_toast);
  /* The cleared level needs no move, and Edit's hint row says so in
   * words of the design: it said "Solved" (helper-153). */
  {
    GtkWidget *row = hb_app_test_find_row (GTK_WIDGET (window), "Next Move");
    GVariant *was = g_action_group_get_action_state (G_ACTION_GROUP (window), "show-hints");

    g_action_group_change_action_state (G_ACTION_GROUP (window), "show-hints",
                                        g_variant_new_boolean (FALSE));
    hb_app_test_settle (30);
    g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==,
                     "Nothing to hint: the level as drawn needs no move");
    g_action_group_change_action_state (G_ACTION_GROUP (window), "show-hints", was);
    g_variant_unref (was);
    hb_app_test_settle (30);
  }
  /* The toast's Undo: the level back (as drawn; the move was Play's). */
  hb_app_test_activate (window, "undo", NULL);
  hb_app_test_settle (30);
  g_assert_null (window->cut_toast);
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (30);
  if (!hb_window_get_game (window)->equal (before, hb_window_get_state (window)))
    g_error ("Undo after Clear: not the level played: %s", hb_window_get_status_text (window));
  hb_state_free (before);
  hb_app_test_window_close (window);
}

/* Another level of the same size starts with the keyboard cursor hidden
 * at the top left: the first key only shows it. It stayed where the last
 * level left it, shown, so an Enter more than the file chooser took moved
 * a Flow Free dot from across the board to that cell (a player's look). */
static void
test_cursor_new_level (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbBoardView *view = hb_window_get_board_view (window);
  HbState *before;
  int cx, cy;

  g_assert_true (hb_window_select_game (window, "flow"));
  hb_app_test_open_text (window, "one.flow", "A.B\n...\nA.B\n");
  gtk_widget_grab_focus (GTK_WIDGET (view));
  hb_board_view_move_cursor (view, 0, 0);
  hb_board_view_move_cursor (view, 1, 1);
  hb_board_view_get_cursor (view, &cx, &cy);
  g_assert_cmpint (cx, ==, 1);
  g_assert_cmpint (cy, ==, 1);
  hb_app_test_open_text (window, "two.flow", "A..\n...\nA..\n");
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_board_view_get_cursor (view, &cx, &cy);
  g_assert_cmpint (cx, ==, -1);
  g_assert_cmpint (cy, ==, -1);
  /* Enter: the cursor shows at the top left, and nothing changes (in
   * Edit a click there takes A's dot away). */
  before = hb_state_copy (hb_window_get_state (window));
  hb_board_view_act_at_cursor (view, FALSE);
  hb_app_test_settle (30);
  hb_board_view_get_cursor (view, &cx, &cy);
  g_assert_cmpint (cx, ==, 0);
  g_assert_cmpint (cy, ==, 0);
  g_assert_true (hb_window_get_game (window)->equal (before, hb_window_get_state (window)));
  hb_state_free (before);
  /* Restart is the same level: the cursor stays where the keys left it
   * (it went back to the top left, hidden, so a keyboard player lost
   * their place). */
  g_assert_true (hb_window_select_game (window, "lights"));
  open_cross (window);
  gtk_widget_grab_focus (GTK_WIDGET (view));
  hb_board_view_move_cursor (view, 0, 0);
  hb_board_view_move_cursor (view, 2, 2);
  hb_board_view_act_at_cursor (view, FALSE);
  hb_app_test_settle (30);
  g_assert_true (hb_window_get_action_enabled (window, "restart"));
  hb_app_test_activate (window, "restart", NULL);
  hb_app_test_settle (30);
  hb_board_view_get_cursor (view, &cx, &cy);
  g_assert_cmpint (cx, ==, 2);
  g_assert_cmpint (cy, ==, 2);
  hb_app_test_window_close (window);
}

/* A click on Enlight's, Infinite Loop's or Flood-It's board acts as the
 * button comes up on the cell it went down on, as a button does: a press
 * let go on another cell does nothing (it toggled, turned or
 * flooded as the button went down, and a slip could not be taken back
 * but by Undo). */
static void
test_click_slid_off (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbBoardView *view = hb_window_get_board_view (window);
  static const struct { const char *game, *name, *text; } levels[] = {
    { "lights", "one.lights", "010\n111\n010\n" },
    { "loop", "one.loop", "0100 0001\n0000 0000\n" },
    { "flood", "one.flood", "3 by 2 -> 4\n012\n345\n" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (levels); i++)
    {
      HbState *before;
      const HbGame *game;
      double x0, y0, x1, y1;

      g_assert_true (hb_window_select_game (window, levels[i].game));
      hb_app_test_open_text (window, levels[i].name, levels[i].text);
      hb_window_set_mode (window, HB_MODE_PLAY);
      hb_app_test_settle (30);
      game = hb_window_get_game (window);
      before = hb_state_copy (hb_window_get_state (window));
      hb_app_test_cell_point (window, 1, 0, 0.5, 0.5, &x0, &y0);
      hb_app_test_cell_point (window, 1, 1, 0.5, 0.5, &x1, &y1);
      hb_board_view_simulate_drag (view, x0, y0, x1, y1, 1);
      hb_app_test_settle (30);
      if (!game->equal (before, hb_window_get_state (window)))
        g_error ("%s: a press that slid off to another cell changed the board", levels[i].game);
      g_assert_false (hb_window_get_action_enabled (window, "undo"));
      /* The same cell, pressed and let go: the move. */
      hb_app_test_click_cell (window, 1, 0, 1);
      if (game->equal (before, hb_window_get_state (window)))
        g_error ("%s: a click changed nothing", levels[i].game);
      g_assert_true (hb_window_get_action_enabled (window, "undo"));
      hb_state_free (before);
    }
  hb_app_test_window_close (window);
}

static void
test_undo_counts (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbBoardView *view = hb_window_get_board_view (window);
  double px, py;

  open_cross (window);
  hb_app_test_click_cell (window, 0, 0, 1);
  hb_app_test_click_cell (window, 0, 0, 1);
  hb_app_test_settle (30);
  g_assert_true (status_has_moves (window, "2 moves"));
  hb_app_test_activate (window, "undo", NULL);
  g_assert_true (status_has_moves (window, "1 move "));
  hb_app_test_activate (window, "redo", NULL);
  g_assert_true (status_has_moves (window, "2 moves"));
  hb_app_test_activate (window, "undo", NULL);
  hb_app_test_activate (window, "undo", NULL);
  /* The winning press: the centre. */
  hb_app_test_cell_point (window, 1, 1, 0.5, 0.5, &px, &py);
  hb_board_view_simulate_click (view, px, py, 1);
  hb_app_test_settle (30);
  g_assert_true (hb_window_get_game (window)->is_solved (hb_window_get_state (window)));
  g_assert_nonnull (strstr (hb_window_get_last_toast (window), "Solved in 1 move"));
  hb_app_test_activate (window, "undo", NULL);
  g_assert_false (hb_window_get_game (window)->is_solved (hb_window_get_state (window)));
  g_assert_true (status_has_moves (window, "0 moves"));
  /* Redone, the win counts it again, but is celebrated once: no second
   * toast (one popped up on every such undo or redo). */
  hb_window_show_toast (window, "a toast after the win");
  hb_app_test_activate (window, "redo", NULL);
  hb_app_test_settle (30);
  g_assert_true (status_has_moves (window, "1 move "));
  g_assert_cmpstr (hb_window_get_last_toast (window), ==, "a toast after the win");
  /* Undone and won again by a new press (the same board, the same
   * depth): a new win, celebrated (by board and depth it was taken for
   * the same one: review). */
  hb_app_test_activate (window, "undo", NULL);
  hb_app_test_cell_point (window, 1, 1, 0.5, 0.5, &px, &py);
  hb_board_view_simulate_click (view, px, py, 1);
  hb_app_test_settle (30);
  g_assert_nonnull (strstr (hb_window_get_last_toast (window), "Solved in 1 move"));

  /* Undo past a change of the level in Play is no win: a solved board
   * (all off), one light switched on in Edit, a press in Play, then two
   * undos back to the board all off said "Solved in 0 moves". And Edit's
   * undo and redo leave the count matching the moves on the board. */
  hb_app_test_open_text (window, "off.lights", "000\n000\n000\n");
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_settle (30);
  hb_app_test_cell_point (window, 1, 1, 0.5, 0.5, &px, &py);
  hb_board_view_simulate_click (view, px, py, 1);
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (30);
  hb_app_test_cell_point (window, 0, 0, 0.5, 0.5, &px, &py);
  hb_board_view_simulate_click (view, px, py, 1);
  hb_app_test_settle (30);
  g_assert_true (status_has_moves (window, "1 move "));
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_activate (window, "undo", NULL);
  hb_app_test_activate (window, "redo", NULL);
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (30);
  g_test_message ("after Edit's undo and redo: %s", hb_window_get_status_text (window));
  g_assert_true (status_has_moves (window, "1 move "));
  hb_app_test_activate (window, "undo", NULL);
  hb_app_test_activate (window, "undo", NULL);
  hb_app_test_settle (30);
  g_assert_true (hb_window_get_game (window)->is_solved (hb_window_get_state (window)));
  g_assert_null (strstr (hb_window_get_last_toast (window), "Solved in 0"));
  g_assert_true (status_has_moves (window, "All lights are off"));
  hb_app_test_window_close (window);
}

/* A won board back on its design by Edit's undo keeps its moves counted:
 * the status said "Solved" and no count over the paths the win had drawn
 * (a newcomer's look, Flow Free), where an unsolved one counted them on a
 * clock started again. Solved, the game is over: the count on a clock
 * that stands, and no second win. */
static void
test_won_board_back_on_design_counts (void)
{
  HbWindow *window = hb_app_test_window_new ();

  open_cross (window);
  hb_app_test_click_cell (window, 1, 1, 1);
  hb_app_test_settle (30);
  g_assert_true (hb_window_get_game (window)->is_solved (hb_window_get_state (window)));
  g_assert_nonnull (strstr (hb_window_get_last_toast (window), "Solved in 1 move"));
  hb_window_show_toast (window, "a toast after the win");
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_settle (30);
  hb_app_test_click_cell (window, 0, 0, 1);
  hb_app_test_settle (30);
  hb_app_test_activate (window, "undo", NULL);
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (30);
  g_test_message ("back in Play: %s", hb_window_get_status_text (window));
  g_assert_true (hb_window_get_game (window)->is_solved (hb_window_get_state (window)));
  g_assert_true (status_has_moves (window, "Solved"));
  g_assert_true (status_has_moves (window, "1 move · 0:00"));
  g_assert_cmpstr (hb_window_get_last_toast (window), ==, "a toast after the win");
  g_assert_cmpint (window->play_end, !=, 0);
  g_assert_cmpuint (window->clock_id, ==, 0);
  /* The winning press undone: the game goes on, its clock running. */
  hb_app_test_activate (window, "undo", NULL);
  hb_app_test_settle (30);
  g_assert_true (status_has_moves (window, "0 moves"));
  g_assert_cmpint (window->play_end, ==, 0);
  g_assert_cmpuint (window->clock_id, !=, 0);
  hb_app_test_window_close (window);
}

/* Restart starts the count again: it counted the moves before it, and
 * itself, into the next try's ("3 moves" after two and a restart, and
 * "Solved in 4 moves" for one winning press). Undoing the restart gives
 * the earlier try's count back. */
static void
test_restart_count (void)
{
  HbWindow *window = hb_app_test_window_new ();

  open_cross (window);
  hb_app_test_click_cell (window, 0, 0, 1);
  hb_app_test_click_cell (window, 2, 2, 1);
  hb_app_test_settle (30);
  g_assert_true (status_has_moves (window, "2 moves"));
  /* The first try has been going on for a minute and five seconds. */
  window->play_start -= 65 * G_USEC_PER_SEC;
  hb_app_test_activate (window, "restart", NULL);
  hb_app_test_settle (30);
  /* No moves and no clock yet: the status says only what is on. */
  g_assert_cmpstr (hb_window_get_status_text (window), ==, "5 lights on");
  hb_app_test_click_cell (window, 1, 1, 1);
  hb_app_test_settle (30);
  g_assert_true (hb_window_get_game (window)->is_solved (hb_window_get_state (window)));
  g_assert_nonnull (strstr (hb_window_get_last_toast (window), "Solved in 1 move"));
  {
    g_autofree char *won = g_strdup (hb_window_get_last_toast (window));
    hb_app_test_settle (600);
    g_assert_true (label_shown (GTK_WIDGET (window), won));
    hb_app_test_activate (window, "undo", NULL);
    g_test_message ("the win undone: %s", hb_window_get_status_text (window));
    g_assert_true (status_has_moves (window, "0 moves"));
    /* The win's toast goes with it (it stayed over the unsolved board). */
    wait_label_gone (window, won);
  }
  /* Undo the restart: the first try's two presses are back, and counted,
   * on its clock (it started again at 0:00). */
  hb_app_test_activate (window, "undo", NULL);
  g_test_message ("the restart undone: %s", hb_window_get_status_text (window));
  g_assert_true (status_has_moves (window, "2 moves"));
  /* At least 1:05, running (compared as times: the status's seconds
   * would tie the test to how fast the steps since ran). */
  g_assert_cmpint (window->play_end, ==, 0);
  g_assert_cmpint (g_get_monotonic_time () - window->play_start, >=, 65 * G_USEC_PER_SEC);
  g_assert_cmpint (g_get_monotonic_time () - window->play_start, <, 125 * G_USEC_PER_SEC);
  g_assert_cmpuint (window->clock_id, !=, 0);
  /* Redone, a fresh try again. */
  hb_app_test_activate (window, "redo", NULL);
  g_assert_cmpstr (hb_window_get_status_text (window), ==, "5 lights on");
  hb_app_test_activate (window, "undo", NULL);
  g_assert_cmpint (g_get_monotonic_time () - window->play_start, >=, 65 * G_USEC_PER_SEC);
  hb_app_test_window_close (window);
}

/* The Board group changes the level as drawn, in Play too, and Restart
 * goes back to it: a move limit set in Play was taken from the played
 * board (its moves became the level's) and Restart went back to the
 * file's limit, while Save wrote the new one. */
static void
test_play_board_group_edits_the_level (void)
{
  HbWindow *window = hb_app_test_window_new ();
  const FloodState *s;

  hb_app_test_open_text (window, "limit.flood", "3 by 3 -> 9\n012\n120\n201\n");
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (30);
  hb_app_test_activate (window, "palette", g_variant_new_int32 (1));
  hb_app_test_settle (30);
  g_assert_cmpint (FLOOD_CONST (hb_window_get_state (window))->moves, ==, 1);
  gtk_adjustment_set_value (window->number_adjustment, 4);
  hb_app_test_settle (30);
  /* A new game on the changed level: its board as drawn, no move made. */
  s = FLOOD_CONST (hb_window_get_state (window));
  g_assert_cmpint (s->move_limit, ==, 4);
  g_assert_cmpint (s->moves, ==, 0);
  g_assert_cmpint (s->cells[0], ==, 0);
  s = FLOOD_CONST (hb_document_get_design (window->document));
  g_assert_cmpint (s->move_limit, ==, 4);
  g_assert_cmpint (s->cells[0], ==, 0);
  /* A move, then Restart: the limit stays the one set. */
  hb_app_test_activate (window, "palette", g_variant_new_int32 (2));
  hb_app_test_settle (30);
  g_assert_true (hb_window_get_action_enabled (window, "restart"));
  hb_app_test_activate (window, "restart", NULL);
  hb_app_test_settle (30);
  s = FLOOD_CONST (hb_window_get_state (window));
  g_assert_cmpint (s->moves, ==, 0);
  g_assert_cmpint (s->move_limit, ==, 4);
  g_assert_cmpint (s->cells[0], ==, 0);
  hb_app_test_window_close (window);
}

/* The clock stands while the player shows a solver's run (it ran on:
 * 0:11 to 0:56 with no move made) and goes on when the player closes. */
static void
test_clock_stands_while_watching (void)
{
  HbWindow *window = hb_app_test_window_new ();
  g_autofree char *a = NULL, *b = NULL;

  open_cross (window);
  hb_app_test_click_cell (window, 0, 0, 1);
  hb_app_test_settle (30);
  hb_app_test_solve_and_play (window, "gf2");
  a = g_strdup (hb_window_get_status_text (window));
  /* Two and a half seconds: a seconds timeout may fire a second late. */
  hb_app_test_settle (2500);
  b = g_strdup (hb_window_get_status_text (window));
  g_test_message ("with the player open: '%s', then '%s'", a, b);
  g_assert_cmpstr (a, ==, b);
  hb_app_test_activate (window, "cancel", NULL);
  g_assert_false (hb_window_is_playing_trace (window));
  hb_app_test_settle (2500);
  g_test_message ("closed: '%s'", hb_window_get_status_text (window));
  g_assert_cmpstr (hb_window_get_status_text (window), !=, b);
  g_assert_true (status_has_moves (window, "1 move"));
  hb_app_test_window_close (window);
}

/* Moves that bring the board back to the level as loaded still count,
 * and Restart starts them and the clock again (it was greyed out, and
 * Ctrl+R left "2 moves" and the clock running). */
static void
test_restart_after_moves_back (void)
{
  HbWindow *window = hb_app_test_window_new ();

  open_cross (window);
  g_assert_false (hb_window_get_action_enabled (window, "restart"));
  hb_app_test_click_cell (window, 0, 0, 1);
  hb_app_test_click_cell (window, 0, 0, 1);
  hb_app_test_settle (30);
  g_assert_true (status_has_moves (window, "2 moves"));
  g_assert_true (hb_window_get_action_enabled (window, "restart"));
  hb_app_test_activate (window, "restart", NULL);
  hb_app_test_settle (30);
  g_assert_cmpstr (hb_window_get_status_text (window), ==, "5 lights on");
  g_assert_false (hb_window_get_action_enabled (window, "restart"));
  hb_app_test_activate (window, "undo", NULL);
  g_assert_true (status_has_moves (window, "2 moves"));
  hb_app_test_window_close (window);
}

/* The Levels list opens with the level shown focused (and so scrolled
 * to), each time: after a level was picked from it, the rows were built
 * again and the keys did nothing until a Tab. A pick puts the focus on
 * the board. */
static void
test_levels_focus (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkListBox *list = hb_window_get_levels_list (window);
  GtkWidget *popover = gtk_widget_get_ancestor (GTK_WIDGET (list), GTK_TYPE_POPOVER);

  g_assert_true (hb_window_select_game (window, "loop"));
  hb_app_test_wait_loaded (window);
  for (int pick = 2; pick <= 4; pick += 2)
    {
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (list, pick);
      GtkWidget *focus;

      gtk_popover_popup (GTK_POPOVER (popover));
      hb_app_test_settle (200);
      g_signal_emit_by_name (list, "row-activated", row);
      hb_app_test_wait_loaded (window);
      hb_app_test_settle (100);
      /* The keys go to the level picked (they went back to the Levels
       * button, 14 Tab presses from the board). */
      g_assert_false (gtk_widget_get_visible (popover));
      hb_app_test_wait_board_focus (window);
      /* GTK may give the focus back to the Levels button late, once the
       * popover's surface has gone (an ASan run in CI: the keys stayed
       * on the button): it goes on to the board. */
      {
        GtkWidget *levels = gtk_widget_get_ancestor (popover, GTK_TYPE_MENU_BUTTON);
        g_assert_nonnull (levels);
        g_assert_true (gtk_widget_grab_focus (levels));
        hb_app_test_settle (30);
        g_assert_true (gtk_root_get_focus (GTK_ROOT (window))
                       == GTK_WIDGET (hb_window_get_board_view (window)));
      }
      gtk_popover_popup (GTK_POPOVER (popover));
      hb_app_test_settle (200);
      focus = gtk_root_get_focus (gtk_widget_get_root (popover));
      g_assert_nonnull (focus);
      g_test_message ("focus on row %d, want %d", GTK_IS_LIST_BOX_ROW (focus)
                      ? gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (focus)) : -1, pick);
      g_assert_true (focus == GTK_WIDGET (gtk_list_box_get_row_at_index (list, pick)));
      g_assert_true (gtk_widget_has_css_class (focus, "accent"));
      gtk_popover_popdown (GTK_POPOVER (popover));
      hb_app_test_settle (100);
    }
  /* Ctrl+L opens the list from the keyboard, with the level's row
   * focused (it was Tab after Tab from the board: review). */
  g_assert_false (gtk_widget_get_visible (popover));
  hb_app_test_activate (window, "levels", NULL);
  hb_app_test_settle (200);
  g_assert_true (gtk_widget_get_visible (popover));
  g_assert_true (GTK_IS_LIST_BOX_ROW (gtk_root_get_focus (gtk_widget_get_root (popover))));
  gtk_popover_popdown (GTK_POPOVER (popover));
  hb_app_test_settle (100);
  hb_app_test_window_close (window);
}

/* A widget of the type named `type` whose string property `prop` reads
 * `value` (each a field of this, for hb_app_test_find_where). */
typedef struct { const char *type, *prop, *value; } PropIs;

static gboolean
prop_is (GtkWidget *w, gconstpointer data)
{
  const PropIs *want = data;
  g_autofree char *v = NULL;

  if (strcmp (G_OBJECT_TYPE_NAME (w), want->type) != 0)
    return FALSE;
  g_object_get (w, want->prop, &v, NULL);
  return g_strcmp0 (v, want->value) == 0;
}

static GtkWidget *
find_with (GtkWidget *w, const char *type, const char *prop, const char *value)
{
  PropIs want = { type, prop, value };
  return hb_app_test_find_where (w, prop_is, &want);
}

/* After an item of the main menu the keys go to the board, which the item
 * changed: the popover used to give the focus back to the menu button, so
 * an arrow key after Random Level or Scramble did nothing on the board. */
static void
test_main_menu_focus (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkWidget *board = GTK_WIDGET (hb_window_get_board_view (window));
  GtkWidget *menu = find_with (GTK_WIDGET (window), "GtkMenuButton", "icon-name", "open-menu-symbolic");
  const char *games[] = { "lights", "loop" };
  const char *items[] = { "Random Level", "Scramble" };   /* the labels as shown */

  g_assert_nonnull (menu);
  for (guint i = 0; i < G_N_ELEMENTS (items); i++)
    {
      GtkPopover *popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu));
      GtkWidget *item, *focus;

      g_assert_true (hb_window_select_game (window, games[i]));
      hb_app_test_wait_loaded (window);
      hb_window_set_mode (window, HB_MODE_PLAY);
      g_assert_true (gtk_widget_grab_focus (menu));
      gtk_menu_button_popup (GTK_MENU_BUTTON (menu));
      hb_app_test_settle (200);
      item = find_with (GTK_WIDGET (popover), "GtkModelButton", "text", items[i]);
      g_assert_nonnull (item);
      g_assert_true (gtk_widget_is_sensitive (item));
      g_assert_true (gtk_widget_activate (item));
      hb_app_test_wait_loaded (window);
      hb_app_test_settle (200);
      g_assert_false (gtk_widget_get_visible (GTK_WIDGET (popover)));
      focus = gtk_root_get_focus (GTK_ROOT (window));
      g_test_message ("after %s the focus is on %s", items[i], focus ? G_OBJECT_TYPE_NAME (focus) : "nothing");
      g_assert_true (focus == board);
    }
  hb_app_test_window_close (window);
}

/* Escape in a submenu of the main menu (Style, Open Recent) closed the
 * menu and left every key going to its hidden popover: E, P, F9, Tab did
 * nothing until the window was clicked. The keys here go through the X
 * server, as a keyboard's do. */
static void
test_main_menu_submenu_escape (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkWidget *menu = find_with (GTK_WIDGET (window), "GtkMenuButton", "icon-name", "open-menu-symbolic");
  GtkPopover *popover;
  GtkWidget *style;

  g_assert_nonnull (menu);
  popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu));
  hb_app_test_x_focus (GTK_WINDOW (window));
  hb_window_set_mode (window, HB_MODE_PLAY);
  if (!hb_app_test_x_key (GTK_WIDGET (window), GDK_KEY_e))
    {
      g_test_skip ("no X11 display with XTest");
      hb_app_test_window_close (window);
      return;
    }
  g_assert_cmpint (hb_window_get_mode (window), ==, HB_MODE_EDIT);

  for (int round = 0; round < 2; round++)
    {
      HbMode want = round == 0 ? HB_MODE_PLAY : HB_MODE_EDIT;

      hb_app_test_x_key (GTK_WIDGET (window), GDK_KEY_F10);
      g_assert_true (gtk_widget_get_visible (GTK_WIDGET (popover)));
      style = find_with (GTK_WIDGET (popover), "GtkModelButton", "text", "Style");
      g_assert_nonnull (style);
      g_assert_true (gtk_widget_grab_focus (style));
      hb_app_test_x_key (GTK_WIDGET (window), GDK_KEY_Right);
      g_assert_false (gtk_widget_get_mapped (style));   /* on the submenu's page */
      hb_app_test_x_key (GTK_WIDGET (window), GDK_KEY_Escape);
      g_assert_false (gtk_widget_get_visible (GTK_WIDGET (popover)));
      /* The keys work again: P (then E) changes the mode. */
      hb_app_test_x_key (GTK_WIDGET (window), want == HB_MODE_PLAY ? GDK_KEY_p : GDK_KEY_e);
      g_assert_cmpint (hb_window_get_mode (window), ==, want);
    }
  hb_app_test_window_close (window);
}

static gboolean
narrow_menu_offers_games (gpointer data)
{
  return hb_window_get_action_enabled (HB_WINDOW (data), "choose-game");
}

/* After a pick in the game chooser the keys go to the new board, as after
 * a pick in the Levels popover or the main menu: they stayed on the
 * chooser, and Space, meant for the board, opened its list again (a
 * newcomer's look). */
static void
test_game_chooser_focus (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkWidget *board = GTK_WIDGET (hb_window_get_board_view (window));
  GtkWidget *chooser = GTK_WIDGET (window->game_dropdown);
  /* Another game than the one open (the last test's may be open). */
  const char *other = g_strcmp0 (hb_window_get_game (window)->id, "loop") == 0 ? "flood" : "loop";
  GtkWidget *focus;

  g_assert_true (gtk_widget_grab_focus (chooser));
  /* As a pick in its list does: the drop-down's selection changes. */
  g_assert_true (hb_window_select_game (window, other));
  hb_app_test_wait_loaded (window);
  hb_app_test_settle (200);
  g_assert_cmpstr (hb_window_get_game (window)->id, ==, other);
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_test_message ("after the pick the focus is on %s", focus ? G_OBJECT_TYPE_NAME (focus) : "nothing");
  g_assert_true (focus == board);
  hb_app_test_window_close (window);
  hb_app_test_reset_last_game ();
}

/* For hb_app_test_wait: the widget (data) shows, or does not. */
static gboolean
widget_visible (gpointer data)
{
  return gtk_widget_get_visible (data);
}

static gboolean
widget_hidden (gpointer data)
{
  return !gtk_widget_get_visible (data);
}

static gboolean
widget_unmapped (gpointer data)
{
  return !gtk_widget_get_mapped (data);
}

static gboolean
game_is_flood (gpointer data)
{
  return g_str_equal (hb_window_get_game (data)->id, "flood");
}

static gboolean
sidebar_hidden (gpointer data)
{
  return !adw_flap_get_reveal_flap (HB_WINDOW (data)->flap);
}

/* A pick in a submenu of the main menu (Game, which a narrow window
 * offers there; Style; Open Recent) while the sidebar covered the board
 * left every key in the hidden popover: F9, Tab, E, P did nothing until
 * a click (a newcomer's look at 400 px). The board under the sidebar
 * takes no keys, so they go to the sidebar, which shows. */
/* What a pick that takes a while does between the menu closing and the
 * main loop running again (the first switch to a game, on a loaded
 * machine, took over 2 s). */
static void
on_closed_take_a_while (GtkPopover *popover, gpointer data)
{
  g_usleep (GPOINTER_TO_UINT (data) * G_TIME_SPAN_MILLISECOND);
}

static void
submenu_pick_over_sidebar (guint slow_ms)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkWidget *board = GTK_WIDGET (hb_window_get_board_view (window));
  GtkWidget *menu = find_with (GTK_WIDGET (window), "GtkMenuButton", "icon-name", "open-menu-symbolic");
  GtkPopover *popover;
  GtkWidget *item, *focus;

  g_assert_nonnull (menu);
  popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu));
  gtk_window_set_default_size (GTK_WINDOW (window), 400, HB_TEST_HEIGHT);
  hb_app_test_wait (narrow_menu_offers_games, window, 10000, "the game list in the menu");
  adw_flap_set_reveal_flap (window->flap, TRUE);
  hb_app_test_wait (hb_app_test_sidebar_over_board, window, 10000, "the sidebar over the board");
  hb_app_test_x_focus (GTK_WINDOW (window));
  if (!hb_app_test_x_key (GTK_WIDGET (window), GDK_KEY_F10))
    {
      g_test_skip ("no X11 display with XTest");
      gtk_window_set_default_size (GTK_WINDOW (window), HB_TEST_WIDTH, HB_TEST_HEIGHT);
      hb_app_test_window_close (window);
      return;
    }
  /* The keys go through the X server: waited for, not a fixed time. */
  hb_app_test_wait (widget_visible, popover, 20000, "F10 to open the main menu");
  item = find_with (GTK_WIDGET (popover), "GtkModelButton", "text", "Game");
  g_assert_nonnull (item);
  g_assert_true (gtk_widget_grab_focus (item));
  hb_app_test_x_key (GTK_WIDGET (window), GDK_KEY_Right);
  /* On the submenu's page. */
  hb_app_test_wait (widget_unmapped, item, 20000, "Right to open the Game submenu");
  item = find_with (GTK_WIDGET (popover), "GtkModelButton", "text", "Flood-It");
  g_assert_nonnull (item);
  g_assert_true (gtk_widget_grab_focus (item));
  if (slow_ms > 0)
    g_signal_connect_after (popover, "closed", G_CALLBACK (on_closed_take_a_while),
                            GUINT_TO_POINTER (slow_ms));
  hb_app_test_x_key (GTK_WIDGET (window), GDK_KEY_Return);
  hb_app_test_wait (game_is_flood, window, 20000, "Return to pick Flood-It");
  hb_app_test_wait_loaded (window);
  g_signal_handlers_disconnect_by_func (popover, on_closed_take_a_while, GUINT_TO_POINTER (slow_ms));
  hb_app_test_wait (widget_hidden, popover, 20000, "the main menu to close");
  hb_app_test_settle (300);
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_test_message ("after the pick the focus is on %s", focus ? G_OBJECT_TYPE_NAME (focus) : "nothing");
  g_assert_nonnull (focus);
  g_assert_true (gtk_widget_get_mapped (focus));
  g_assert_true (gtk_widget_is_ancestor (focus, GTK_WIDGET (window->sidebar_scroller)));
  /* The keys work: F9 hides the sidebar, and the board has them. */
  hb_app_test_x_key (GTK_WIDGET (window), GDK_KEY_F9);
  hb_app_test_wait (sidebar_hidden, window, 20000, "F9 to hide the sidebar");
  hb_app_test_settle (100);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == board);
  gtk_window_set_default_size (GTK_WINDOW (window), HB_TEST_WIDTH, HB_TEST_HEIGHT);
  hb_app_test_window_close (window);
}

static void
test_submenu_pick_over_sidebar (void)
{
  submenu_pick_over_sidebar (0);
}

/* The same pick, taking longer than the focus's watch (2 s) before the
 * main loop ran again: the watch had ended before it could move the
 * focus, and every key stayed in the hidden popover until a click (a
 * keyboard-only look at 400 px, the first switch to Flow Free). */
static void
test_slow_submenu_pick_over_sidebar (void)
{
  submenu_pick_over_sidebar (2300);
}

/* Undo of the winning move, then Redo: the same win, in its own time (the
 * clock ran on between them, and the second toast said 0:07 for a win
 * of 0:04). The same board at the same depth is that win, however it
 * came back (the same move made again too). */
static void
test_redo_win_keeps_time (void)
{
  HbWindow *window = hb_app_test_window_new ();

  hb_app_test_open_text (window, "one.lights", "1\n");
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_click_cell (window, 0, 0, 1);
  hb_app_test_settle (100);
  g_assert_nonnull (strstr (hb_window_get_last_toast (window), "Solved in 1 move and 0:00"));
  hb_app_test_activate (window, "undo", NULL);
  hb_app_test_settle (1300);
  hb_app_test_activate (window, "redo", NULL);
  hb_app_test_settle (100);
  g_test_message ("%s", hb_window_get_last_toast (window));
  g_assert_nonnull (strstr (hb_window_get_last_toast (window), "Solved in 1 move and 0:00"));
  hb_app_test_window_close (window);
}

/* Next Level is in the main menu too, greyed out off the bundled levels
 * (it was only Ctrl+Page Down, silent there, and the win toast's button). */
static void
test_next_level_in_menu (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkWidget *menu = find_with (GTK_WIDGET (window), "GtkMenuButton", "icon-name", "open-menu-symbolic");
  GtkPopover *popover;
  GtkWidget *item;

  g_assert_nonnull (menu);
  g_assert_true (hb_window_select_game (window, "loop"));   /* its first bundled level */
  hb_app_test_wait_loaded (window);
  g_assert_nonnull (window->level_key);
  popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu));
  gtk_menu_button_popup (GTK_MENU_BUTTON (menu));
  hb_app_test_settle (200);
  item = find_with (GTK_WIDGET (popover), "GtkModelButton", "text", "Next Level");
  g_assert_nonnull (item);
  g_assert_true (gtk_widget_is_sensitive (item));   /* a bundled level */
  gtk_popover_popdown (popover);
  hb_app_test_activate (window, "random", NULL);
  hb_app_test_settle (100);
  gtk_menu_button_popup (GTK_MENU_BUTTON (menu));
  hb_app_test_settle (200);
  g_assert_false (gtk_widget_is_sensitive (item));
  gtk_popover_popdown (popover);
  hb_app_test_window_close (window);

  /* A new window's first level, bundled, has it at once (it stayed
   * greyed out until something else updated the actions: with the hints
   * off, as a new user has them, nothing did). */
  {
    g_autoptr (GSettings) gs = g_settings_new ("io.github.hintboard.Hintboard");
    gboolean hints = g_settings_get_boolean (gs, "show-hints");

    g_settings_set_boolean (gs, "show-hints", FALSE);
    window = hb_app_test_window_new_fresh ();
    if (window->level_key != NULL)
      g_assert_true (hb_window_get_action_enabled (window, "next-level"));
    else
      g_test_message ("the fresh window opened no bundled level");
    hb_app_test_window_close (window);
    g_settings_set_boolean (gs, "show-hints", hints);
  }
}

/* Undo from its button, Tab and Enter, undoing the last step: the button
 * goes insensitive under the focus, and the focus went nowhere (no ring,
 * and the next Tab began again at the game chooser). It goes to the
 * board, whose board it changed; likewise Redo. */
static void
test_undo_button_focus (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkWidget *board = GTK_WIDGET (hb_window_get_board_view (window));
  GtkWidget *undo = find_with (GTK_WIDGET (window), "GtkButton", "action-name", "win.undo");
  GtkWidget *redo = find_with (GTK_WIDGET (window), "GtkButton", "action-name", "win.redo");

  g_assert_nonnull (undo);
  g_assert_nonnull (redo);
  open_cross (window);
  hb_app_test_click_cell (window, 0, 0, 1);
  hb_app_test_settle (30);
  g_assert_true (gtk_widget_grab_focus (undo));
  g_signal_emit_by_name (undo, "clicked");
  hb_app_test_settle (30);
  g_assert_false (gtk_widget_is_sensitive (undo));
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == board);
  g_assert_true (gtk_widget_grab_focus (redo));
  g_signal_emit_by_name (redo, "clicked");
  hb_app_test_settle (30);
  g_assert_false (gtk_widget_is_sensitive (redo));
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == board);
  /* While the button stays usable, the focus stays on it. */
  hb_app_test_click_cell (window, 2, 2, 1);
  hb_app_test_settle (30);
  g_assert_true (gtk_widget_grab_focus (undo));
  g_signal_emit_by_name (undo, "clicked");
  hb_app_test_settle (30);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == undo);
  hb_app_test_window_close (window);
}

static gboolean
level_solved (gpointer data)
{
  return hb_window_get_game (data)->is_solved (hb_window_get_state (data));
}

/* Apply Solution and Next Hint from their buttons, Tab and Enter, on a
 * level the press solves: the button goes insensitive under the focus,
 * which went nowhere (no ring; the next Tab began again at the game
 * chooser, a keyboard-only look). It goes to the board, which the press
 * changed, as after Undo. */
static void
test_apply_and_hint_button_focus (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkWidget *board = GTK_WIDGET (hb_window_get_board_view (window));
  GtkWidget *apply = find_with (GTK_WIDGET (window), "GtkButton", "action-name", "win.apply-solution");
  GtkWidget *hint = find_with (GTK_WIDGET (window), "GtkButton", "action-name", "win.next-hint");
  GtkWidget *focus;

  g_assert_nonnull (apply);
  g_assert_nonnull (hint);
  open_cross (window);
  hb_app_test_solve_and_play (window, "gf2");
  g_assert_true (gtk_widget_is_sensitive (apply));
  g_assert_true (gtk_widget_grab_focus (apply));
  g_signal_emit_by_name (apply, "clicked");
  hb_app_test_settle (30);
  g_assert_true (hb_window_get_game (window)->is_solved (hb_window_get_state (window)));
  g_assert_false (gtk_widget_is_sensitive (apply));
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == board);

  hb_app_test_activate (window, "undo", NULL);
  hb_app_test_wait_hint (window);
  hb_app_test_settle (30);
  /* Next Hint's row is the Tab stop; Enter on it presses the button. */
  g_assert_true (gtk_widget_is_sensitive (hint));
  hb_app_test_x_focus (GTK_WINDOW (window));
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (window->hint_row)));
  if (!hb_app_test_x_key (GTK_WIDGET (window), GDK_KEY_Return))
    {
      g_test_skip ("no X11 display with XTest");
      hb_window_set_ask_to_save (window, FALSE);
      hb_app_test_window_close (window);
      return;
    }
  hb_app_test_wait (level_solved, window, 20000, "Return to make the hint's move");
  hb_app_test_wait_hint (window);
  hb_app_test_settle (30);
  g_assert_true (hb_window_get_game (window)->is_solved (hb_window_get_state (window)));
  g_assert_false (gtk_widget_is_sensitive (hint));
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_test_message ("after Next Hint the focus is on %s", focus ? G_OBJECT_TYPE_NAME (focus) : "nothing");
  g_assert_true (focus == GTK_WIDGET (window->hint_row) || focus == board);
  hb_window_set_ask_to_save (window, FALSE);
  hb_app_test_window_close (window);
}

int
main (int argc, char *argv[])
{
  hb_app_test_init (&argc, &argv);
  g_test_add_func ("/app/play/fast-stroke", test_fast_stroke);
  g_test_add_func ("/app/play/edit-during-solve", test_edit_during_solve);
  g_test_add_func ("/app/play/flood-out-of-moves", test_flood_out_of_moves);
  g_test_add_func ("/app/play/flood-chip-while-player", test_flood_chip_while_player);
  g_test_add_func ("/app/play/toast-one-line-narrow", test_toast_one_line_narrow);
  g_test_add_func ("/app/play/new-undo", test_new_undo);
  g_test_add_func ("/app/play/new-then-undo", test_new_then_undo);
  g_test_add_func ("/app/play/new-played-edit-undo", test_new_played_edit_undo);
  g_test_add_func ("/app/play/first-window", test_first_window);
  g_test_add_func ("/app/play/keyboard", test_keyboard_play);
  g_test_add_func ("/app/play/next-level", test_next_level);
  g_test_add_func ("/app/play/levels-easy-first", test_levels_easy_first);
  g_test_add_func ("/app/play/apply-is-no-win", test_apply_is_no_win);
  g_test_add_func ("/app/play/solved-checked-once", test_solved_checked_once);
  g_test_add_func ("/app/play/status-made-once", test_status_made_once);
  g_test_add_func ("/app/play/apply-first-says-so", test_apply_first_says_so);
  g_test_add_func ("/app/play/flood-over-limit-warns", test_flood_over_limit_warns);
  g_test_add_func ("/app/play/zoom", test_zoom);
  g_test_add_func ("/app/play/zoom-keys-anywhere", test_zoom_keys_anywhere);
  g_test_add_func ("/app/play/hover-follows-board", test_hover_follows_board);
  g_test_add_func ("/app/play/hover-follows-resize", test_hover_follows_resize);
  g_test_add_func ("/app/play/snapshots", test_snapshots);
  g_test_add_func ("/app/play/narrow-title", test_narrow_title);
  g_test_add_func ("/app/play/narrow-mode-keys", test_narrow_mode_keys);
  g_test_add_func ("/app/play/undo-counts", test_undo_counts);
  g_test_add_func ("/app/play/click-slid-off", test_click_slid_off);
  g_test_add_func ("/app/play/cursor-new-level", test_cursor_new_level);
  g_test_add_func ("/app/play/clear-says-undo", test_clear_says_undo);
  g_test_add_func ("/app/play/focus-pane", test_focus_pane);
  g_test_add_func ("/app/play/focus-pane-unseen-board", test_focus_pane_unseen_board);
  g_test_add_func ("/app/play/restart-count", test_restart_count);
  g_test_add_func ("/app/play/zoomed-board-follows-cursor", test_zoomed_board_follows_cursor);
  g_test_add_func ("/app/play/zoomed-board-follows-hint", test_zoomed_board_follows_hint);
  g_test_add_func ("/app/play/won-board-back-on-design-counts",
                   test_won_board_back_on_design_counts);
  g_test_add_func ("/app/play/player-drops-lost-toast", test_player_drops_lost_toast);
  g_test_add_func ("/app/play/board-group-edits-the-level", test_play_board_group_edits_the_level);
  g_test_add_func ("/app/play/levels-focus", test_levels_focus);
  g_test_add_func ("/app/play/clock-holds-under-window", test_clock_holds_under_window);
  g_test_add_func ("/app/play/restart-after-moves-back", test_restart_after_moves_back);
  g_test_add_func ("/app/play/undo-button-focus", test_undo_button_focus);
  g_test_add_func ("/app/play/apply-and-hint-button-focus", test_apply_and_hint_button_focus);
  g_test_add_func ("/app/play/clock-stands-while-watching", test_clock_stands_while_watching);
  g_test_add_func ("/app/play/main-menu-focus", test_main_menu_focus);
  g_test_add_func ("/app/play/game-chooser-focus", test_game_chooser_focus);
  g_test_add_func ("/app/play/next-level-in-menu", test_next_level_in_menu);
  g_test_add_func ("/app/play/redo-win-keeps-time", test_redo_win_keeps_time);
  g_test_add_func ("/app/play/main-menu-submenu-escape", test_main_menu_submenu_escape);
  g_test_add_func ("/app/play/submenu-pick-over-sidebar", test_submenu_pick_over_sidebar);
  g_test_add_func ("/app/play/slow-submenu-pick-over-sidebar", test_slow_submenu_pick_over_sidebar);
  return g_test_run ();
}
