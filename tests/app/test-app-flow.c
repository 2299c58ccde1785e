/* test-app-flow.c: Flow Free through the real window, under Xvfb.
 *
 * Flow Free is picked in the header bar's chooser, a level comes in through
 * the open path, paths are drawn by the board view's simulated pointer, and
 * the window must then say "Solved"; the answer is checked by the tests'
 * own checker (flow-check.h), never the game's. Next hint draws a whole
 * path as one undo step; in Edit the palette places a pair of dots. */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "hb-app-test.h"
#include "hb-window-private.h"
#include "hb-solver-panel.h"
#include "flow.h"
#include "../flow/flow-check.h"

static void
activate (HbWindow *window, const char *action)
{
  hb_app_test_activate (window, action, NULL);
  hb_app_test_settle (30);
}

static void
drag_cells (HbWindow *window, int x0, int y0, int x1, int y1)
{
  double px, py, qx, qy;

  hb_app_test_cell_point (window, x0, y0, 0.5, 0.5, &px, &py);
  hb_app_test_cell_point (window, x1, y1, 0.5, 0.5, &qx, &qy);
  hb_board_view_simulate_drag (hb_window_get_board_view (window), px, py, qx, qy, 1);
  hb_app_test_settle (30);
}


static const FlowState *
board (HbWindow *window)
{
  g_assert_cmpstr (hb_window_get_game (window)->id, ==, "flow");
  return FLOW_CONST (hb_window_get_state (window));
}

static gboolean
status_says_solved (HbWindow *window)
{
  return strstr (hb_window_get_status_text (window), "Solved") != NULL;
}

/* Opens `text` as the level file `name` (written to a scratch folder of
 * its own and removed once open). */
static void
open_level (HbWindow *window, const char *name, const char *text)
{
  g_autofree char *dir = g_dir_make_tmp ("hintboard-flow-XXXXXX", NULL);
  char *path = g_build_filename (dir, name, NULL);
  GFile *file;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  file = g_file_new_for_path (path);
  hb_window_open (window, file);
  hb_app_test_wait_loaded (window);
  hb_app_test_wait_hint (window);
  g_assert_true (g_file_equal (hb_window_get_file (window), file));
  g_object_unref (file);
  g_unlink (path);
  g_free (path);
  g_rmdir (dir);
}

/* The pixel at the centre of a cell is about `rgb` (0xRRGGBB). */
static void
assert_cell_colour (HbWindow *window, int x, int y, guint32 rgb)
{
  HbShot *shot = hb_app_test_shot (GTK_WIDGET (hb_window_get_board_view (window)));
  double px, py;
  int got[3];

  hb_app_test_cell_point (window, x, y, 0.5, 0.5, &px, &py);
  hb_app_test_pixel (shot, (int) px, (int) py, got);
  for (int k = 0; k < 3; k++)
    {
      int want = (rgb >> (16 - 8 * k)) & 0xff;
      if (ABS (got[k] - want) > 12)
        g_error ("cell (%d, %d) shows (%d, %d, %d), want #%06x", x, y, got[0], got[1],
                 got[2], rgb);
    }
  hb_app_test_shot_free (shot);
}

/* Saves the window in the light and the dark style when
 * HB_TEST_SNAPSHOT_DIR is set (to look at), then the default style. */
static void
save_both_styles (HbWindow *window, const char *name)
{
  AdwStyleManager *styles = adw_style_manager_get_default ();
  g_autofree char *light = g_strconcat (name, "-light", NULL);
  g_autofree char *dark = g_strconcat (name, "-dark", NULL);

  if (g_getenv ("HB_TEST_SNAPSHOT_DIR") == NULL)
    return;
  adw_style_manager_set_color_scheme (styles, ADW_COLOR_SCHEME_FORCE_LIGHT);
  hb_app_test_settle (150);
  hb_app_test_save (GTK_WIDGET (window), light);
  adw_style_manager_set_color_scheme (styles, ADW_COLOR_SCHEME_FORCE_DARK);
  hb_app_test_settle (150);
  hb_app_test_save (GTK_WIDGET (window), dark);
  adw_style_manager_set_color_scheme (styles, ADW_COLOR_SCHEME_DEFAULT);
  hb_app_test_settle (150);
}

/* The fast solver's result in flows, and its cell decisions in the
 * player: D jumps to the first one, the player names the cell and the
 * arms chosen, and the board view draws them (saved in both styles with
 * HB_TEST_SNAPSHOT_DIR). */
static void
test_decision (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbPlayerBar *bar = hb_window_get_player_bar (window);
  g_autofree char *said = NULL;

  g_assert_true (hb_window_select_game (window, "flow"));
  hb_app_test_wait_hint (window);
  hb_app_test_open_text (window, "decisions.flow",
                         "...........M\n..........P.\nP.......A...\nR..O...M....\n"
                         "......m...g.\n....O...B...\n.....g......\nY..m........\n"
                         "...R.....B..\n.C...W..GA..\nY.........G.\nW.C.........\n");
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (30);
  hb_app_test_solve_and_play (window, "fast");
  /* The result counts flows, as the status line does, not the answer's
   * cells ("Solved: 144 moves" on this board). */
  g_assert_nonnull (hb_app_test_find_row (GTK_WIDGET (window), "Solved: 12 flows"));
  hb_player_bar_set_playing (bar, FALSE);
  hb_player_bar_seek (bar, 0);
  hb_app_test_settle (30);
  g_assert_true (hb_player_bar_jump_to_decision (bar, TRUE));
  hb_app_test_settle (100);
  said = hb_player_describe (hb_player_bar_get_player (bar));
  g_assert_nonnull (strstr (said, "Decide that the path through row "));
  save_both_styles (window, "flow-decision");
  hb_app_test_window_close (window);
}

static void
test_play (void)
{
  HbWindow *window = hb_app_test_window_new ();
  const FlowState *s;

  g_assert_true (hb_window_select_game (window, "flow"));
  hb_app_test_wait_hint (window);
  /* The solver list says what "(original article)" means (it never did:
   * review). */
  g_assert_nonnull (hb_app_test_find_row (GTK_WIDGET (window), "“Original article”"));
  /* R, G and B down the three columns. */
  open_level (window, "columns.flow", "RGB\n...\nRGB\n");
  s = board (window);
  g_assert_cmpint (s->base.width, ==, 3);
  g_assert_cmpint (s->colours, ==, 3);
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (30);
  g_assert_false (status_says_solved (window));

  /* R out of its top dot down to the bottom one. */
  drag_cells (window, 0, 0, 0, 2);
  s = board (window);
  g_assert_cmpint (s->colour[3], ==, 1);
  g_assert_false (status_says_solved (window));
  g_assert_nonnull (strstr (hb_window_get_status_text (window), "1 / 3"));
  assert_cell_colour (window, 0, 1, 0xE8271E);

  /* G too far, across R's column: it cuts R, and backs off to its own
   * column, which gives R its cell back. */
  {
    double px, py;
    HbBoardView *view = hb_window_get_board_view (window);
    hb_app_test_cell_point (window, 1, 0, 0.5, 0.5, &px, &py);
    hb_board_view_simulate_press (view, px, py, 1);
    hb_app_test_cell_point (window, 1, 1, 0.5, 0.5, &px, &py);
    hb_board_view_simulate_motion (view, px, py);
    hb_app_test_cell_point (window, 0, 1, 0.5, 0.5, &px, &py);
    hb_board_view_simulate_motion (view, px, py);
    hb_app_test_settle (30);
    g_assert_cmpint (board (window)->colour[3], ==, 2);     /* G over R's cell */
    hb_app_test_cell_point (window, 1, 1, 0.5, 0.5, &px, &py);
    hb_board_view_simulate_motion (view, px, py);
    hb_app_test_cell_point (window, 1, 2, 0.5, 0.5, &px, &py);
    hb_board_view_simulate_motion (view, px, py);
    hb_board_view_simulate_release (view, px, py);
    hb_app_test_settle (30);
  }
  s = board (window);
  g_assert_cmpint (s->colour[3], ==, 1);                     /* R whole again */
  g_assert_cmpint (s->colour[4], ==, 2);
  g_assert_false (status_says_solved (window));

  drag_cells (window, 2, 2, 2, 0);
  s = board (window);
  if (!status_says_solved (window))
    {
      g_autofree char *t = flow_game.write (&s->base, HB_WRITE_NATIVE, NULL);
      g_test_message ("status %s, board:\n%s", hb_window_get_status_text (window), t);
    }
  g_assert_true (status_says_solved (window));
  g_assert_null (flow_check_answer (3, 3, s->dot, s->colour));
  assert_cell_colour (window, 2, 1, 0x1A4EF5);
  g_test_message ("solved status: %s", hb_window_get_status_text (window));
  save_both_styles (window, "flow-solved");
  /* With the hints off the Next Move row said Next Hint "still makes
   * one move" beside a greyed-out button (review). */
  {
    GtkWidget *row = hb_app_test_find_row (GTK_WIDGET (window), "Next Move");

    g_action_group_change_action_state (G_ACTION_GROUP (window), "show-hints",
                                        g_variant_new_boolean (FALSE));
    hb_app_test_settle (30);
    hb_app_test_wait_hint (window);
    g_assert_false (hb_window_get_action_enabled (window, "next-hint"));
    g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==,
                     "Solved: nothing left to hint");
    g_action_group_change_action_state (G_ACTION_GROUP (window), "show-hints",
                                        g_variant_new_boolean (TRUE));
    hb_app_test_settle (30);
  }

  /* One undo step per path drawn. */
  activate (window, "undo");
  g_assert_false (status_says_solved (window));
  g_assert_cmpint (board (window)->colour[5], ==, 0);
  activate (window, "redo");
  g_assert_true (status_says_solved (window));

  hb_app_test_window_close (window);
}

static gboolean
hint_says_next (gpointer data)
{
  return board (data)->links[0] != 0 || status_says_solved (data);
}

/* Next Hint until the level is solved (three paths at most), then the
 * win's toast says `said`. */
static void
hint_to_the_end (HbWindow *window, const char *said)
{
  for (int k = 0; k < 3 && !status_says_solved (window); k++)
    {
      hb_app_test_wait_hint (window);
      activate (window, "next-hint");
      hb_app_test_wait_hint (window);
    }
  g_assert_true (status_says_solved (window));
  g_test_message ("%s", hb_window_get_last_toast (window));
  g_assert_nonnull (strstr (hb_window_get_last_toast (window), said));
}

static void
test_next_hint (void)
{
  HbWindow *window = hb_app_test_window_new ();
  const FlowState *s;
  int drawn = 0;

  g_assert_true (hb_window_select_game (window, "flow"));
  hb_app_test_wait_hint (window);
  open_level (window, "rows.flow", "R..R\nG..G\nB..B\n");
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (30);
  /* Next hint draws one whole path, as one step. */
  activate (window, "next-hint");
  hb_app_test_wait (hint_says_next, window, 20000, "the first hint's path");
  s = board (window);
  for (int i = 0; i < 12; i++)
    drawn += s->colour[i] != 0 && !s->dot[i];
  g_assert_cmpint (drawn, ==, 2);
  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-hints",
                                      g_variant_new_boolean (TRUE));
  hb_app_test_wait_hint (window);
  save_both_styles (window, "flow-hint");
  activate (window, "undo");
  g_assert_cmpint (board (window)->links[0] | board (window)->links[4]
                   | board (window)->links[8], ==, 0);
  activate (window, "redo");
  /* Solved by the hints alone: the win says so ("Solved in 3 moves and
   * 0:00!" before, as a clean win). */
  hint_to_the_end (window, ", with 3 hints!");
  s = board (window);
  g_assert_null (flow_check_answer (4, 3, s->dot, s->colour));
  hb_app_test_window_close (window);
}

/* A Restart's Undo brings back the hint moves of the try it ended, as it
 * brings back their clock: a hint, Restart, Undo, two hints more made a
 * win "with 2 hints", though all three paths were hints. */
static void
test_hints_across_restart (void)
{
  HbWindow *window = hb_app_test_window_new ();

  g_assert_true (hb_window_select_game (window, "flow"));
  hb_app_test_wait_hint (window);
  open_level (window, "rows.flow", "R..R\nG..G\nB..B\n");
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (30);
  activate (window, "next-hint");
  hb_app_test_wait (hint_says_next, window, 20000, "the first hint's path");
  activate (window, "restart");
  hb_app_test_settle (30);
  g_assert_cmpint (board (window)->links[0], ==, 0);
  activate (window, "undo");
  hb_app_test_settle (30);
  hint_to_the_end (window, ", with 3 hints!");
  hb_app_test_window_close (window);
}

/* With hints shown, a level with no solution or with several says so
 * under the board, in the warning colour, not only in the sidebar's small
 * print; Next hint is off where there is no move to make. */
static void
test_level_warnings (void)
{
  HbWindow *window = hb_app_test_window_new ();

  g_assert_true (hb_window_select_game (window, "flow"));
  hb_app_test_wait_hint (window);
  hb_window_set_mode (window, HB_MODE_PLAY);
  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-hints",
                                      g_variant_new_boolean (TRUE));
  /* Two colours that must cross. */
  open_level (window, "cross.flow", ".R.\nGBG\n.R.\n.B.\n");
  hb_app_test_wait_hint (window);
  g_assert_nonnull (strstr (hb_window_get_status_text (window), "no solution"));
  g_assert_false (hb_window_get_action_enabled (window, "next-hint"));
  /* Two ways to share the board. */
  open_level (window, "two.flow", "A..B\n.BA.\n.CC.\n....\n");
  hb_app_test_wait_hint (window);
  g_assert_nonnull (strstr (hb_window_get_status_text (window), "more than one solution"));
  g_assert_true (hb_window_get_action_enabled (window, "next-hint"));
  /* A level with one answer: no warning. */
  open_level (window, "rows.flow", "R..R\nG..G\nB..B\n");
  hb_app_test_wait_hint (window);
  g_assert_null (strstr (hb_window_get_status_text (window), "solution"));
  hb_app_test_window_close (window);
}

/* Moves the pointer, held, to the centre of cell (x, y). */
static void
hold_to (HbWindow *window, int x, int y)
{
  double px, py;

  hb_app_test_cell_point (window, x, y, 0.5, 0.5, &px, &py);
  hb_board_view_simulate_motion (hb_window_get_board_view (window), px, py);
  hb_app_test_settle (20);
}

/* Flow Free, the level `text` opened as `name`, in Play. */
static void
open_in_play (HbWindow *window, const char *name, const char *text)
{
  g_assert_true (hb_window_select_game (window, "flow"));
  hb_app_test_wait_hint (window);
  open_level (window, name, text);
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (30);
}

/* After a mouse drag the keyboard cursor is where the drag ended: it was
 * back on the first dot, and Space there started red again, wiping the
 * path just drawn (review). */
static void
test_cursor_after_drag (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbBoardView *view = hb_window_get_board_view (window);
  int cx, cy;

  open_in_play (window, "drag-cursor.flow", "R.....R\n.......\nG.....G\n");
  drag_cells (window, 0, 0, 3, 0);
  g_assert_cmpint (board (window)->colour[3], ==, board (window)->colour[0]);
  hb_board_view_move_cursor (view, 0, 0);   /* a key shows it, where it is */
  hb_board_view_get_cursor (view, &cx, &cy);
  g_assert_cmpint (cx, ==, 3);
  g_assert_cmpint (cy, ==, 0);
  /* And the arrows carry the path on from there. */
  hb_board_view_act_at_cursor (view, FALSE);
  hb_board_view_move_cursor (view, 1, 0);
  hb_board_view_act_at_cursor (view, FALSE);
  hb_app_test_settle (30);
  g_assert_cmpint (board (window)->colour[4], ==, board (window)->colour[0]);
  g_assert_cmpint (board (window)->colour[3], ==, board (window)->colour[0]);
  hb_app_test_window_close (window);
}

/* A path drawn by the keys ends when it reaches its other dot, as a drag
 * let go: the next arrow moves the cursor and leaves the path be (it
 * shortened the path just joined, or cut across another: review). */
static void
test_keys_stroke_ends_at_dot (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbBoardView *view = hb_window_get_board_view (window);
  const int w = 7;
  int cx, cy;

  open_in_play (window, "keys.flow", "R.....R\n.......\nG.....G\n");
  hb_board_view_move_cursor (view, 0, 0);
  hb_board_view_get_cursor (view, &cx, &cy);
  hb_board_view_move_cursor (view, -cx, -cy);
  hb_board_view_act_at_cursor (view, FALSE);
  g_assert_true (hb_board_view_in_key_stroke (view));
  /* The status line says the arrows draw (a bolder ring alone did not
   * make it plain: review). */
  hb_app_test_settle (30);
  g_assert_nonnull (strstr (hb_window_get_status_text (window), "Drawing"));
  for (int k = 0; k < w - 1; k++)
    hb_board_view_move_cursor (view, 1, 0);
  hb_app_test_settle (30);
  g_assert_false (hb_board_view_in_key_stroke (view));
  g_assert_null (strstr (hb_window_get_status_text (window), "Drawing"));
  /* Space there, the habit that ended a stroke, leaves the path be (on
   * the dot it would start red again, wiping it). */
  hb_board_view_act_at_cursor (view, FALSE);
  hb_app_test_settle (30);
  g_assert_false (hb_board_view_in_key_stroke (view));
  for (int x = 0; x < w; x++)
    g_assert_cmpint (board (window)->colour[x], ==, board (window)->colour[0]);
  g_assert_cmpuint (hb_document_play_moves (window->document), ==, 1);
  /* On: the cursor goes down and back without drawing. */
  hb_board_view_move_cursor (view, -1, 0);
  hb_board_view_move_cursor (view, 0, 1);
  hb_board_view_move_cursor (view, 0, 1);
  hb_app_test_settle (30);
  for (int x = 0; x < w; x++)
    g_assert_cmpint (board (window)->colour[x], ==, board (window)->colour[0]);
  g_assert_cmpint (board (window)->colour[w + 5], ==, 0);
  g_assert_cmpint (board (window)->colour[2 * w + 5], ==, 0);
  g_assert_cmpuint (hb_document_play_moves (window->document), ==, 1);
  hb_board_view_get_cursor (view, &cx, &cy);
  g_assert_cmpint (cx, ==, 5);
  g_assert_cmpint (cy, ==, 2);
  /* One Undo takes the path back. */
  activate (window, "undo");
  g_assert_cmpint (board (window)->colour[1], ==, 0);
  hb_app_test_window_close (window);
}

/* The Space spared after a path ends by itself is only that one: after
 * Undo, or on another level, a Space there starts a stroke (it was
 * swallowed: review). */
static void
test_keys_space_after_finish (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbBoardView *view = hb_window_get_board_view (window);
  int cx, cy;

  for (int k = 0; k < 2; k++)
    {
      open_in_play (window, k == 0 ? "finish.flow" : "finish2.flow",
                    "R.R\n...\nG.G\n");
      hb_board_view_move_cursor (view, 0, 0);
      hb_board_view_get_cursor (view, &cx, &cy);
      hb_board_view_move_cursor (view, -cx, -cy);
      hb_board_view_act_at_cursor (view, FALSE);
      hb_board_view_move_cursor (view, 1, 0);
      hb_board_view_move_cursor (view, 1, 0);
      hb_app_test_settle (30);
      g_assert_false (hb_board_view_in_key_stroke (view));
      g_assert_cmpint (board (window)->colour[1], ==, board (window)->colour[0]);
      if (k == 0)
        activate (window, "undo");        /* the path goes */
      else
        {
          /* Another level of the same size: the cursor starts hidden at
           * the top left; a key shows it, Space acts. */
          open_level (window, "finish3.flow", "R.R\n...\nG.G\n");
          hb_window_set_mode (window, HB_MODE_PLAY);
          hb_app_test_settle (30);
          hb_board_view_move_cursor (view, 0, 0);
        }
      g_assert_cmpint (board (window)->colour[1], ==, 0);
      hb_board_view_act_at_cursor (view, FALSE);
      if (!hb_board_view_in_key_stroke (view))
        g_error ("%s: the Space after it was swallowed", k == 0 ? "Undo" : "a new level");
      hb_board_view_cancel_stroke (view);
      hb_app_test_settle (30);
    }
  hb_app_test_window_close (window);
}

/* Opens a two-colour level in Play with red's path drawn from its left
 * dot three cells on (one move); returns a copy of that board. */
static HbState *
open_with_red_drawn (HbWindow *window)
{
  open_in_play (window, "stroke.flow", "R.....R\n.......\nG.....G\n");
  drag_cells (window, 0, 0, 3, 0);
  g_assert_cmpint (board (window)->colour[3], ==, board (window)->colour[0]);
  g_assert_cmpuint (hb_document_play_moves (window->document), ==, 1);
  return hb_state_copy (hb_window_get_state (window));
}

/* Undo or Restart with the button held ends the stroke: its next motion
 * drew on from the head of a path that was gone (a piece of red path
 * joined to nothing, counted and kept in the history). */
static void
test_undo_mid_stroke (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbBoardView *view = hb_window_get_board_view (window);
  HbState *first = open_with_red_drawn (window);
  double px, py;

  for (int k = 0; k < 2; k++)
    {
      /* On from the path's end, then Undo (k = 0) or Restart (k = 1) with
       * the button held, then on. */
      hb_app_test_cell_point (window, 3, 0, 0.5, 0.5, &px, &py);
      hb_board_view_simulate_press (view, px, py, 1);
      hb_app_test_settle (20);
      hold_to (window, 4, 0);
      g_assert_cmpint (board (window)->colour[4], ==, board (window)->colour[0]);
      activate (window, k == 0 ? "undo" : "restart");
      hold_to (window, 5, 0);
      hold_to (window, 5, 1);
      hb_board_view_simulate_release (view, px, py);
      hb_app_test_settle (30);
      if (k == 0)
        g_assert_true (first->game->equal (first, hb_window_get_state (window)));
      /* Nothing drawn after the change: every cell of the row past the
       * path is empty. */
      g_assert_cmpint (board (window)->colour[5], ==, 0);
      g_assert_cmpint (board (window)->colour[7 + 5], ==, 0);
    }
  hb_state_free (first);
  hb_app_test_window_close (window);
}

/* A stroke that ends where it began is no move: a path drawn one cell on
 * and back counted a move, and its Undo did nothing visible. */
static void
test_stroke_back_is_no_move (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbBoardView *view = hb_window_get_board_view (window);
  HbState *drawn = open_with_red_drawn (window);
  double px, py;

  hb_app_test_cell_point (window, 3, 0, 0.5, 0.5, &px, &py);
  hb_board_view_simulate_press (view, px, py, 1);
  hold_to (window, 4, 0);
  g_assert_cmpint (board (window)->colour[4], ==, board (window)->colour[0]);
  /* A stroke is a move once the button comes up: drawn on, held, it is
   * not counted yet. */
  g_assert_nonnull (strstr (hb_window_get_status_text (window), "1 move"));
  hold_to (window, 3, 0);
  /* Back where it began, the button still down: no move yet (the status
   * said "2 moves" until the release: review). */
  hb_app_test_settle (30);
  if (strstr (hb_window_get_status_text (window), "1 move") == NULL)
    g_error ("out and back, held: %s", hb_window_get_status_text (window));
  hb_board_view_simulate_release (view, px, py);
  hb_app_test_settle (30);
  g_assert_true (drawn->game->equal (drawn, hb_window_get_state (window)));
  g_assert_cmpuint (hb_document_play_moves (window->document), ==, 1);
  g_assert_nonnull (strstr (hb_window_get_status_text (window), "1 move"));
  /* Escape takes back a drag of the mouse, as it does the keys' stroke
   * (the drag drew on). */
  hb_board_view_simulate_press (view, px, py, 1);
  hold_to (window, 4, 0);
  hold_to (window, 5, 0);
  g_assert_cmpint (board (window)->colour[5], ==, board (window)->colour[0]);
  hb_board_view_cancel_stroke (view);     /* Escape on the board */
  hb_app_test_settle (30);
  hold_to (window, 5, 1);
  hb_board_view_simulate_release (view, px, py);
  hb_app_test_settle (30);
  g_assert_true (drawn->game->equal (drawn, hb_window_get_state (window)));
  g_assert_cmpuint (hb_document_play_moves (window->document), ==, 1);
  /* One Undo takes the path away. */
  activate (window, "undo");
  g_assert_cmpint (board (window)->colour[1], ==, 0);
  hb_state_free (drawn);
  hb_app_test_window_close (window);
}

/* A stroke counts as a move when the button comes up, not while it is
 * drawn (a path held out of its dot said "1 move"); the first stroke
 * backed off to its dot is no move, no Undo step and no clock (it said
 * "0 moves · 0:01", the clock running on an untouched board). */
static void
test_stroke_counts_on_release (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbBoardView *view = hb_window_get_board_view (window);
  double px, py;

  open_in_play (window, "count.flow", "R.....R\n.......\nG.....G\n");
  hb_app_test_cell_point (window, 0, 0, 0.5, 0.5, &px, &py);
  hb_board_view_simulate_press (view, px, py, 1);
  hold_to (window, 1, 0);
  hold_to (window, 2, 0);
  g_assert_cmpint (board (window)->colour[2], ==, board (window)->colour[0]);
  g_test_message ("held: %s", hb_window_get_status_text (window));
  g_assert_cmpuint (hb_window_play_moves (window), ==, 0);
  g_assert_nonnull (strstr (hb_window_get_status_text (window), "0 moves"));
  hold_to (window, 1, 0);
  hold_to (window, 0, 0);
  hb_board_view_simulate_release (view, px, py);
  hb_app_test_settle (30);
  g_test_message ("backed off: %s", hb_window_get_status_text (window));
  g_assert_cmpuint (hb_window_play_moves (window), ==, 0);
  g_assert_false (hb_window_get_action_enabled (window, "undo"));
  g_assert_null (strstr (hb_window_get_status_text (window), "move"));
  g_assert_null (strstr (hb_window_get_status_text (window), "0:0"));
  /* Drawn and let go: one move, and its Undo. */
  drag_cells (window, 0, 0, 2, 0);
  g_assert_cmpuint (hb_window_play_moves (window), ==, 1);
  g_assert_nonnull (strstr (hb_window_get_status_text (window), "1 move · 0:0"));
  g_assert_true (hb_window_get_action_enabled (window, "undo"));
  /* A path joined to its other dot finishes its stroke, as a win does:
   * counted at once, the button still down. */
  hb_app_test_cell_point (window, 0, 2, 0.5, 0.5, &px, &py);
  hb_board_view_simulate_press (view, px, py, 1);
  for (int x = 1; x <= 6; x++)
    hold_to (window, x, 2);
  g_assert_cmpuint (hb_window_play_moves (window), ==, 2);
  hb_board_view_simulate_release (view, px, py);
  hb_app_test_settle (30);
  g_assert_cmpuint (hb_window_play_moves (window), ==, 2);
  hb_app_test_window_close (window);
}

/* A smaller board that cuts dots off says so, with Undo at hand, and the
 * status names every colour left without its pair (it named one of
 * three); cutting off nothing but empty cells says nothing. */
static void
test_resize_cuts (void)
{
  HbWindow *window = hb_app_test_window_new ();

  g_assert_true (hb_window_select_game (window, "flow"));
  hb_app_test_wait_hint (window);
  open_level (window, "cut.flow", "RGB.\n....\nRGB.\n");
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_settle (30);
  /* The empty column: nothing lost, nothing said. */
  gtk_adjustment_set_value (window->width_adjustment, 3);
  hb_app_test_settle (30);
  g_assert_cmpint (hb_window_get_state (window)->width, ==, 3);
  g_assert_null (hb_window_get_last_toast (window));
  /* The bottom row holds one dot of each colour. */
  gtk_adjustment_set_value (window->height_adjustment, 2);
  hb_app_test_settle (30);
  g_assert_cmpint (hb_window_get_state (window)->height, ==, 2);
  g_assert_cmpstr (hb_window_get_last_toast (window), ==,
                   "The smaller board cut off dots of red, green and blue");
  g_test_message ("status: %s", hb_window_get_status_text (window));
  g_assert_nonnull (strstr (hb_window_get_status_text (window),
                            "Red, green and blue need their second dot"));
  g_assert_nonnull (window->cut_toast);
  activate (window, "undo");
  g_assert_cmpint (hb_window_get_state (window)->height, ==, 3);
  g_assert_cmpint (board (window)->dot[2 * 3], !=, 0);
  /* The toast's Undo is for the resize only: an edit made while it shows
   * takes it away (its Undo took back the edit, and the cut row stayed
   * lost). */
  gtk_adjustment_set_value (window->height_adjustment, 2);
  hb_app_test_settle (30);
  g_assert_nonnull (window->cut_toast);
  hb_app_test_click_cell (window, 1, 1, 1);
  hb_app_test_settle (30);
  g_assert_cmpint (board (window)->dot[1 * 3 + 1], !=, 0);
  g_assert_null (window->cut_toast);
  hb_app_test_window_close (window);
}

/* Arc consistency on a level it cannot finish went "The solver gave up";
 * it does not give up, it goes as far as the method goes. */
static void
test_ac_verdict (void)
{
  HbWindow *window = hb_app_test_window_new ();
  const HbResult *r;

  g_assert_true (hb_window_select_game (window, "flow"));
  hb_app_test_wait_hint (window);
  /* Two answers: no cell of the middle is forced. */
  open_level (window, "two.flow", "A..B\n.BA.\n.CC.\n....\n");
  g_assert_true (hb_window_select_solver (window, "ac"));
  hb_window_solve (window);
  hb_app_test_wait (hb_app_test_not_solving, window, 30000, "arc consistency");
  hb_app_test_settle (50);
  r = hb_window_get_result (window);
  g_assert_nonnull (r);
  g_assert_cmpint (r->status, ==, HB_STATUS_GAVE_UP);
  g_assert_cmpstr (hb_solver_panel_get_verdict (hb_window_get_solver_panel (window)), ==,
                   "Not solved: this method alone cannot finish it");
  hb_app_test_window_close (window);
}

static void
test_edit (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbPaletteBar *bar = hb_window_get_palette_bar (window);
  const FlowState *s;

  g_assert_true (hb_window_select_game (window, "flow"));
  hb_app_test_wait_hint (window);
  hb_window_set_mode (window, HB_MODE_EDIT);
  activate (window, "clear");
  hb_app_test_settle (30);
  g_assert_cmpint (board (window)->colours, ==, 0);
  g_assert_cmpint (hb_palette_bar_get_n_entries (bar), >=, 16);
  /* The third entry is blue: two clicks place its pair. */
  g_assert_true (hb_palette_bar_activate_index (bar, 2));
  hb_app_test_settle (30);
  hb_app_test_click_cell (window, 0, 0, 1);
  hb_app_test_click_cell (window, 2, 1, 1);
  s = board (window);
  g_assert_cmpint (s->colours, ==, 1);
  g_assert_cmpint (s->names[0], ==, 'B');
  g_assert_cmpint (s->dot[0], ==, 1);
  g_assert_cmpint (s->dot[s->base.width + 2], ==, 1);
  assert_cell_colour (window, 0, 0, 0x1A4EF5);
  save_both_styles (window, "flow-edit");
  /* A drag moves a dot (it removed it, as a click does), passing over
   * a dot in its way, as one step of Undo. */
  {
    int w = board (window)->base.width;

    drag_cells (window, 2, 1, 0, 1);
    s = board (window);
    g_assert_cmpint (s->dot[w + 2], ==, 0);
    g_assert_cmpint (s->dot[w + 0], ==, 1);
    g_assert_cmpint (s->dot[0], ==, 1);
    drag_cells (window, 0, 1, 0, 3);   /* nothing else on the way */
    g_assert_cmpint (board (window)->dot[3 * w], ==, 1);
    g_assert_cmpint (board (window)->dot[w], ==, 0);
    drag_cells (window, 0, 3, 0, 0);   /* over (0, 0), its pair: stops before */
    g_assert_cmpint (board (window)->dot[0], ==, 1);
    g_assert_cmpint (board (window)->dot[w], ==, 1);
    g_assert_cmpint (board (window)->colours, ==, 1);
    activate (window, "undo");
    g_assert_cmpint (board (window)->dot[3 * w], ==, 1);
    g_assert_cmpint (board (window)->dot[w], ==, 0);
    activate (window, "undo");
    g_assert_cmpint (board (window)->dot[w], ==, 1);
    activate (window, "undo");
    g_assert_cmpint (board (window)->dot[w + 2], ==, 1);
  }
  /* A click on a dot removes it. */
  hb_app_test_click_cell (window, 0, 0, 1);
  g_assert_cmpint (board (window)->dot[0], ==, 0);
  g_assert_cmpint (board (window)->colours, ==, 1);
  hb_app_test_window_close (window);
}

/* The colour of the dot at (x, y), by its character, or 0 for none. */
static char
dot_name (HbWindow *window, int x, int y)
{
  const FlowState *s = board (window);
  int d = s->dot[y * s->base.width + x];

  return d > 0 ? s->names[d - 1] : 0;
}

/* A click that takes a dot away picks its colour, so that the next click
 * puts it back: the palette kept the colour picked before (Red, under a
 * status saying "Blue needs its second dot"), and that click moved one
 * of Red's dots. The keyboard's Space on a dot too. The last dot of a
 * colour beyond the game's sixteen takes its chip away: the chip of the
 * colour not on the board yet is picked then, not the first chip (Red,
 * whose two dots the next click would move). */
static void
test_edit_remove_picks_colour (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbPaletteBar *bar = hb_window_get_palette_bar (window);
  HbPaletteEntry entries[HB_PALETTE_MAX];
  int n, want;

  g_assert_true (hb_window_select_game (window, "flow"));
  hb_app_test_wait_hint (window);
  open_level (window, "pick.flow", "R...G\n.....\n..B..\n.....\nR.B.G\n");
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_settle (30);
  g_assert_true (hb_palette_bar_activate_index (bar, 0));
  hb_app_test_settle (30);
  g_assert_cmpint (hb_palette_bar_get_selected (bar), ==, 'R');
  hb_app_test_click_cell (window, 2, 2, 1);
  g_assert_cmpint (dot_name (window, 2, 2), ==, 0);
  g_assert_cmpint (hb_palette_bar_get_selected (bar), ==, 'B');
  hb_app_test_click_cell (window, 3, 2, 1);
  g_assert_cmpint (dot_name (window, 3, 2), ==, 'B');
  g_assert_cmpint (dot_name (window, 0, 0), ==, 'R');
  g_assert_cmpint (dot_name (window, 0, 4), ==, 'R');
  g_assert_cmpint (board (window)->colours, ==, 3);
  /* Space on a dot, with Green picked: Blue again. */
  g_assert_true (hb_palette_bar_activate_index (bar, 1));
  hb_app_test_settle (30);
  g_assert_cmpint (hb_palette_bar_get_selected (bar), ==, 'G');
  {
    HbBoardView *view = hb_window_get_board_view (window);
    int cx, cy;

    hb_board_view_move_cursor (view, 0, 0);
    hb_board_view_get_cursor (view, &cx, &cy);
    hb_board_view_move_cursor (view, 3 - cx, 2 - cy);
    hb_board_view_get_cursor (view, &cx, &cy);
    g_assert_cmpint (cx, ==, 3);
    g_assert_cmpint (cy, ==, 2);
    hb_board_view_act_at_cursor (view, FALSE);
  }
  hb_app_test_settle (30);
  g_assert_cmpint (dot_name (window, 3, 2), ==, 0);
  g_assert_cmpint (hb_palette_bar_get_selected (bar), ==, 'B');
  /* A moved dot picks nothing: a drag is no removal. */
  drag_cells (window, 4, 0, 4, 1);
  g_assert_cmpint (dot_name (window, 4, 1), ==, 'G');
  g_assert_cmpint (hb_palette_bar_get_selected (bar), ==, 'B');

  /* D, a colour of the level's own, loses both its dots. */
  open_level (window, "pick-d.flow", "R.D\n...\nR.D\n");
  hb_window_set_mode (window, HB_MODE_EDIT);
  g_assert_true (hb_palette_bar_activate_index (bar, 0));
  hb_app_test_settle (30);
  hb_app_test_click_cell (window, 2, 0, 1);
  g_assert_cmpint (hb_palette_bar_get_selected (bar), ==, 'D');
  hb_app_test_click_cell (window, 2, 2, 1);
  g_assert_cmpint (board (window)->colours, ==, 1);
  n = hb_window_get_game (window)->palette (hb_window_get_state (window), HB_MODE_EDIT,
                                            entries, HB_PALETTE_MAX);
  g_assert_cmpint (n, >, 16);
  want = entries[n - 1].id;
  for (int k = 0; k < n; k++)
    if (entries[k].id == 'D')
      want = 'D';
  g_test_message ("the chip picked: %c", want);
  g_assert_cmpint (hb_palette_bar_get_selected (bar), ==, want);
  g_assert_cmpint (want, !=, 'R');
  hb_app_test_click_cell (window, 1, 1, 1);
  g_assert_cmpint (dot_name (window, 1, 1), ==, want);
  g_assert_cmpint (dot_name (window, 0, 0), ==, 'R');
  g_assert_cmpint (dot_name (window, 0, 2), ==, 'R');
  hb_app_test_window_close (window);
}

/* A key on the palette, then 60 ms of the main loop. */
static gboolean
press_key (GtkWidget *widget, guint keyval)
{
  gboolean handled = hb_app_test_press_key (widget, keyval);

  hb_app_test_settle (60);
  return handled;
}

/* A notch of the mouse wheel (dy: 1 down, -1 up) over the palette: the
 * window's own vertical-wheel controller on the scroller. */
static gboolean
palette_wheel (HbWindow *window, double dy)
{
  gboolean handled = FALSE;
  g_autoptr (GListModel) controllers =
    gtk_widget_observe_controllers (GTK_WIDGET (window->palette_scroller));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) c = g_list_model_get_item (controllers, i);
      if (GTK_IS_EVENT_CONTROLLER_SCROLL (c) && !handled
          && gtk_event_controller_scroll_get_flags (GTK_EVENT_CONTROLLER_SCROLL (c))
             == GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)
        g_signal_emit_by_name (c, "scroll", 0.0, dy, &handled);
    }
  hb_app_test_settle (30);
  return handled;
}

/* The index-th chip shows whole in the palette's scroller. */
static void
assert_chip_shown (HbWindow *window, int index)
{
  GtkWidget *scroller = GTK_WIDGET (window->palette_scroller);
  graphene_rect_t r;

  g_assert_true (gtk_widget_compute_bounds (hb_app_test_palette_chip (window, index), scroller, &r));
  if (r.origin.x < 0 || r.origin.x + r.size.width > gtk_widget_get_width (scroller))
    g_error ("chip %d at x %.0f..%.0f, the palette %d px wide", index, r.origin.x,
             r.origin.x + r.size.width, gtk_widget_get_width (scroller));
  /* Nor under an arrow over an end (the right one covered the pick at
   * 400 px: review). */
  for (int side = 0; side < 2; side++)
    {
      GtkWidget *arrow = side ? window->palette_right : window->palette_left;
      graphene_rect_t a;

      if (!gtk_widget_get_visible (arrow))
        continue;
      g_assert_true (gtk_widget_compute_bounds (arrow, scroller, &a));
      if (r.origin.x < a.origin.x + a.size.width && a.origin.x < r.origin.x + r.size.width)
        g_error ("chip %d at x %.0f..%.0f under the arrow at %.0f..%.0f", index, r.origin.x,
                 r.origin.x + r.size.width, a.origin.x, a.origin.x + a.size.width);
    }
}

/* A `width` × 12 level of `colours` colours, the characters a generated
 * level's colours take, each pair side by side in reading order, the
 * rest empty. */
static char *
many_colours_level (int colours, int width)
{
  GString *t = g_string_new (NULL);

  for (int y = 0; y < 12; y++)
    {
      for (int x = 0; x < width; x++)
        {
          int c = (y * width + x) / 2;
          g_string_append_c (t, c < colours ? flow_default_names[c] : '.');
        }
      g_string_append_c (t, '\n');
    }
  return g_string_free (t, FALSE);
}

/* Edit's palette has every colour of a level with up to 88 (the game's
 * sixteen, the level's others, the next unused one): it held 32 chips,
 * and the colours past them could not be picked, nor a new one added.
 * It scrolls sideways by the wheel, the keys move along it and it
 * scrolls to the pick, wherever that came from. */
static void
test_edit_many_colours (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbPaletteBar *bar = hb_window_get_palette_bar (window);
  GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (window->palette_scroller);
  HbPaletteEntry entries[128];   /* more than any palette: the game's own count */
  g_autofree char *level59 = many_colours_level (59, 12);
  g_autofree char *level88 = many_colours_level (88, 16);
  char sixtieth;
  int n, at;

  g_assert_true (hb_window_select_game (window, "flow"));
  hb_app_test_wait_hint (window);
  open_level (window, "many.flow", level59);
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_settle (100);
  n = hb_window_get_game (window)->palette (hb_window_get_state (window), HB_MODE_EDIT,
                                            entries, G_N_ELEMENTS (entries));
  g_assert_cmpint (n, ==, 16 + 43 + 1);
  g_assert_cmpint (hb_palette_bar_get_n_entries (bar), ==, n);
  g_assert_cmpint (hb_palette_bar_get_selected (bar), ==, 'R');
  g_assert_cmpfloat (gtk_adjustment_get_upper (h), >, 2 * gtk_adjustment_get_page_size (h));
  g_assert_cmpfloat (gtk_adjustment_get_value (h), ==, 0);

  /* The wheel scrolls it sideways, and back. */
  g_assert_true (palette_wheel (window, 1));
  g_assert_cmpfloat (gtk_adjustment_get_value (h), >, 0);
  g_assert_true (palette_wheel (window, -1));
  g_assert_cmpfloat (gtk_adjustment_get_value (h), ==, 0);

  /* An arrow over each end that runs on (the shade alone was too faint
   * to tell there was more: review); a click scrolls by most of what
   * shows, and at the far end only the way back is offered. */
  hb_app_test_settle (30);
  g_assert_false (gtk_widget_get_visible (window->palette_left));
  g_assert_true (gtk_widget_get_visible (window->palette_right));
  g_signal_emit_by_name (window->palette_right, "clicked");
  hb_app_test_settle (30);
  g_assert_cmpfloat (gtk_adjustment_get_value (h), >, 0.7 * gtk_adjustment_get_page_size (h));
  g_assert_true (gtk_widget_get_visible (window->palette_left));
  gtk_adjustment_set_value (h, gtk_adjustment_get_upper (h));
  hb_app_test_settle (30);
  g_assert_false (gtk_widget_get_visible (window->palette_right));
  g_signal_emit_by_name (window->palette_left, "clicked");
  hb_app_test_settle (30);
  g_assert_true (gtk_widget_get_visible (window->palette_right));
  gtk_adjustment_set_value (h, 0);
  hb_app_test_settle (30);
  g_assert_false (gtk_widget_get_visible (window->palette_left));

  /* End picks the last chip, the next unused colour, and shows it; two
   * clicks place its pair: the level's 60th colour. */
  gtk_widget_grab_focus (hb_app_test_palette_chip (window, 0));
  g_assert_true (press_key (GTK_WIDGET (bar), GDK_KEY_End));
  sixtieth = (char) entries[n - 1].id;
  g_assert_cmpint (hb_palette_bar_get_selected (bar), ==, sixtieth);
  g_assert_true (gtk_widget_has_focus (hb_app_test_palette_chip (window, n - 1)));
  assert_chip_shown (window, n - 1);
  hb_app_test_click_cell (window, 0, 11, 1);
  hb_app_test_click_cell (window, 3, 11, 1);
  g_assert_cmpint (board (window)->colours, ==, 60);
  g_assert_cmpint (board (window)->names[59], ==, sixtieth);
  g_assert_cmpint (dot_name (window, 0, 11), ==, sixtieth);
  g_assert_cmpint (dot_name (window, 3, 11), ==, sixtieth);
  g_assert_cmpint (hb_palette_bar_get_n_entries (bar), ==, 16 + 44 + 1);

  /* Home goes back to the first, scrolled back; Left there stays. */
  gtk_widget_grab_focus (hb_app_test_palette_chip (window, hb_palette_bar_get_n_entries (bar) - 1));
  g_assert_true (press_key (GTK_WIDGET (bar), GDK_KEY_Home));
  g_assert_cmpint (hb_palette_bar_get_selected (bar), ==, 'R');
  g_assert_cmpfloat (gtk_adjustment_get_value (h), ==, 0);
  g_assert_true (press_key (GTK_WIDGET (bar), GDK_KEY_Left));
  g_assert_cmpint (hb_palette_bar_get_selected (bar), ==, 'R');

  /* Colour 60 picked without the keys (as a click on its dot picks it):
   * its chip scrolls into sight, and a click moves its nearer dot. */
  g_assert_true (hb_palette_bar_select (bar, sixtieth));
  hb_app_test_settle (60);
  at = hb_palette_bar_get_n_entries (bar) - 2;   /* before the new next unused one */
  g_assert_cmpint (GPOINTER_TO_INT (g_object_get_data (G_OBJECT (hb_app_test_palette_chip (window, at)),
                                                       "hb-id")), ==, sixtieth);
  assert_chip_shown (window, at);
  hb_app_test_click_cell (window, 5, 11, 1);
  g_assert_cmpint (dot_name (window, 5, 11), ==, sixtieth);
  g_assert_cmpint (dot_name (window, 3, 11), ==, 0);
  g_assert_cmpint (dot_name (window, 0, 11), ==, sixtieth);
  /* Right goes on from the pick (one Tab stop that moved with it). */
  g_assert_true (press_key (GTK_WIDGET (bar), GDK_KEY_Right));
  g_assert_cmpint (hb_palette_bar_get_selected (bar), ==,
                   GPOINTER_TO_INT (g_object_get_data (G_OBJECT (hb_app_test_palette_chip (window, at + 1)),
                                                       "hb-id")));
  g_assert_cmpint (hb_palette_bar_get_selected (bar), !=, sixtieth);
  assert_chip_shown (window, at + 1);

  /* The most a level has, 88: every one of them a chip, none to add. */
  open_level (window, "most.flow", level88);
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_settle (100);
  g_assert_cmpint (board (window)->colours, ==, FLOW_MAX_COLOURS);
  g_assert_cmpint (hb_palette_bar_get_n_entries (bar), ==, FLOW_MAX_COLOURS);
  gtk_widget_grab_focus (hb_app_test_palette_chip (window, 0));
  g_assert_true (press_key (GTK_WIDGET (bar), GDK_KEY_End));
  g_assert_cmpint (hb_palette_bar_get_selected (bar), ==, flow_default_names[87]);
  assert_chip_shown (window, 87);
  g_assert_true (press_key (GTK_WIDGET (bar), GDK_KEY_Left));
  g_assert_cmpint (hb_palette_bar_get_selected (bar), ==, flow_default_names[86]);
  save_both_styles (window, "flow-edit-88");
  /* A narrow window (the sidebar folds over the board) keeps the pick in
   * sight: the palette's room changed, not what was picked. */
  gtk_window_set_default_size (GTK_WINDOW (window), 400, HB_TEST_HEIGHT);
  hb_app_test_settle (200);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window->palette_scroller)), <, 400);
  assert_chip_shown (window, 86);
  save_both_styles (window, "flow-edit-88-narrow");
  hb_app_test_window_close (window);
}

/* A narrow window wraps the status line between its parts, never within a
 * short one ("· 1" at a line's end, "move · 0:00" on the next: review). */
static void
test_status_wraps_between_parts (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkLabel *label;
  int wrapped = 0;

  open_in_play (window, "touch.flow", "R.\nR.\n");
  /* Round the square and back beside its own dot: "1 / 1 flow · 2 / 2
   * cells · Red's path touches itself · 3 moves · 0:00". */
  drag_cells (window, 0, 0, 1, 0);
  drag_cells (window, 1, 0, 1, 1);
  drag_cells (window, 1, 1, 0, 1);
  label = window->status_label;
  g_test_message ("status: %s", gtk_label_get_label (label));
  g_assert_nonnull (strstr (gtk_label_get_label (label), "touches itself · 3 moves · "));
  for (int width = 360; width <= 640; width += 8)
    {
      const char *text;
      PangoLayout *layout;
      GSList *lines;

      gtk_window_set_default_size (GTK_WINDOW (window), width, HB_TEST_HEIGHT);
      hb_app_test_settle (40);
      text = gtk_label_get_label (label);
      layout = gtk_label_get_layout (label);
      lines = pango_layout_get_lines_readonly (layout);
      for (GSList *l = lines != NULL ? lines->next : NULL; l != NULL; l = l->next)
        {
          int at = ((PangoLayoutLine *) l->data)->start_index;
          const char *part = text, *end;

          /* The part the line starts in ("·" and the spaces round it
           * belong to none). */
          while ((end = strstr (part, " · ")) != NULL && end - text < at)
            part = end + strlen (" · ");
          end = end != NULL ? end : text + strlen (text);
          wrapped++;
          if (text + at != part && (text + at < part || text + at >= end
                                    || g_utf8_strlen (part, end - part) <= 16))
            g_error ("at %d px a line starts at \"%s\", within or between the parts of \"%s\"",
                     width, text + at, text);
        }
    }
  g_assert_cmpint (wrapped, >, 0);
  hb_app_test_window_close (window);
}

/* The colours field of random levels goes down to 1, as generate's
 * --colours does: a level one cell wide takes one colour (the field
 * started at 2, so Random could never make the 1×5 level generate makes).
 * On a board one colour cannot fill, the toast says why; Flood-It's
 * field starts at its own fewest, 2. */
static void
test_random_one_colour (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkAdjustment *colours = hb_window_get_colours_adjustment (window);

  open_level (window, "narrow.flow", "R\n.\n.\n.\nR\n");
  g_assert_cmpfloat (gtk_adjustment_get_lower (colours), ==, 1);
  gtk_adjustment_set_value (colours, 1);
  g_assert_cmpfloat (gtk_adjustment_get_value (colours), ==, 1);
  activate (window, "random");
  hb_app_test_wait_hint (window);
  g_assert_cmpint (board (window)->base.width, ==, 1);
  g_assert_cmpint (board (window)->base.height, ==, 5);
  g_assert_cmpint (board (window)->colours, ==, 1);

  open_level (window, "square.flow", "R...R\n.....\nG...G\n.....\nB...B\n");
  activate (window, "random");
  g_assert_cmpstr (hb_window_get_last_toast (window), ==,
                   "One path that never touches itself cannot fill a 5×5 board: "
                   "take 2 colours or more");
  g_assert_cmpint (board (window)->colours, ==, 3);

  g_assert_true (hb_window_select_game (window, "flood"));
  hb_app_test_wait_hint (window);
  g_assert_cmpfloat (gtk_adjustment_get_lower (colours), ==, 2);
  hb_app_test_window_close (window);
}

int
main (int argc, char *argv[])
{
  hb_app_test_init (&argc, &argv);
  g_test_add_func ("/app/flow/play", test_play);
  g_test_add_func ("/app/flow/decision", test_decision);
  g_test_add_func ("/app/flow/next-hint", test_next_hint);
  g_test_add_func ("/app/flow/hints-across-restart", test_hints_across_restart);
  g_test_add_func ("/app/flow/edit", test_edit);
  g_test_add_func ("/app/flow/edit-remove-picks-colour", test_edit_remove_picks_colour);
  g_test_add_func ("/app/flow/edit-many-colours", test_edit_many_colours);
  g_test_add_func ("/app/flow/resize-cuts", test_resize_cuts);
  g_test_add_func ("/app/flow/undo-mid-stroke", test_undo_mid_stroke);
  g_test_add_func ("/app/flow/stroke-back-is-no-move", test_stroke_back_is_no_move);
  g_test_add_func ("/app/flow/stroke-counts-on-release", test_stroke_counts_on_release);
  g_test_add_func ("/app/flow/cursor-after-drag", test_cursor_after_drag);
  g_test_add_func ("/app/flow/keys-stroke-ends-at-dot", test_keys_stroke_ends_at_dot);
  g_test_add_func ("/app/flow/keys-space-after-finish", test_keys_space_after_finish);
  g_test_add_func ("/app/flow/ac-verdict", test_ac_verdict);
  g_test_add_func ("/app/flow/level-warnings", test_level_warnings);
  g_test_add_func ("/app/flow/status-wraps-between-parts", test_status_wraps_between_parts);
  g_test_add_func ("/app/flow/random-one-colour", test_random_one_colour);
  return g_test_run ();
}
