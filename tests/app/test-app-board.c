/* test-app-board.c: the window opens on the welcome level, edits by
 * simulated clicks and drags change the board (and undo restores it), and
 * the hint dots sit where the GF(2) solver says to press. Every check is
 * on pixels of a snapshot of the canvas, against an independent reading of
 * the level file or the solver's answer. */
#include <adwaita.h>
#include <string.h>

#include "hb-app-test.h"
#include "hb-window-private.h"
#include "hb-registry.h"
#include "lights.h"

/* Reads data/levels/welcome.lights with its own little parser (not the
 * game's): rows of 0/1, '#' comments. */
static GPtrArray *
read_welcome_rows (void)
{
  char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "levels",
                                      "welcome.lights", NULL);
  char *text = NULL, **lines;
  GPtrArray *rows = g_ptr_array_new_with_free_func (g_free);

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (int i = 0; lines[i] != NULL; i++)
    {
      char *l = g_strstrip (lines[i]);
      if (l[0] == '\0' || l[0] == '#')
        continue;
      g_ptr_array_add (rows, g_strdup (l));
    }
  g_strfreev (lines);
  g_free (text);
  g_free (path);
  return rows;
}

/* A lit lamp is warm yellow; a dark cell is slate grey. Sampled away from
 * the centre, where a hint dot may sit. */
static gboolean
cell_looks_lit (HbWindow *window, const HbShot *shot, int x, int y)
{
  double px, py;
  int rgb[3];

  hb_app_test_cell_point (window, x, y, 0.3, 0.3, &px, &py);
  hb_app_test_pixel (shot, (int) px, (int) py, rgb);
  return rgb[0] > 180 && rgb[0] - rgb[2] > 40;
}

/* The orange hint dot at a cell's centre. */
static gboolean
cell_has_dot (HbWindow *window, const HbShot *shot, int x, int y)
{
  double px, py;
  int rgb[3];

  hb_app_test_cell_point (window, x, y, 0.5, 0.5, &px, &py);
  hb_app_test_pixel (shot, (int) px, (int) py, rgb);
  return ABS (rgb[0] - 255) <= 25 && ABS (rgb[1] - 120) <= 35 && rgb[2] <= 40;
}

static HbShot *
shoot_board (HbWindow *window)
{
  return hb_app_test_shot (GTK_WIDGET (hb_window_get_board_view (window)));
}

static void
set_hints (HbWindow *window, gboolean on)
{
  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-hints",
                                      g_variant_new_boolean (on));
  hb_app_test_wait_hint (window);
}

static void
test_opens_on_welcome (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GPtrArray *rows = read_welcome_rows ();
  const HbState *state;
  HbShot *shot;
  int lit = 0;

  set_hints (window, FALSE);
  state = hb_window_get_state (window);
  g_assert_cmpstr (hb_window_get_game (window)->id, ==, "lights");
  g_assert_cmpuint (rows->len, ==, (guint) state->height);
  g_assert_false (hb_window_get_modified (window));

  shot = shoot_board (window);
  for (int y = 0; y < state->height; y++)
    {
      const char *row = g_ptr_array_index (rows, y);
      g_assert_cmpint ((int) strlen (row), ==, state->width);
      for (int x = 0; x < state->width; x++)
        {
          gboolean want = row[x] == '1';
          if (cell_looks_lit (window, shot, x, y) != want)
            g_error ("cell (%d, %d) should look %s", x, y, want ? "lit" : "dark");
          lit += want;
        }
    }
  g_assert_cmpint (lit, >, 0);
  hb_app_test_shot_free (shot);
  g_ptr_array_unref (rows);

  /* The shortcuts window and the about window open without a warning. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-help-overlay", NULL);
  hb_app_test_settle (100);
  g_action_group_activate_action (G_ACTION_GROUP (g_application_get_default ()), "about", NULL);
  hb_app_test_settle (100);
  {
    GList *windows = gtk_window_list_toplevels ();
    GPtrArray *others = g_ptr_array_new ();
    gboolean about = FALSE;
    for (GList *l = windows; l != NULL; l = l->next)
      {
        about |= ADW_IS_ABOUT_WINDOW (l->data);
        if (l->data != (gpointer) window)
          g_ptr_array_add (others, l->data);
      }
    g_assert_true (about);
    /* The shortcuts window fits a 1366x768 screen: its 35 rows in one
     * section made it 850 px tall, so they are split in two. */
    for (guint i = 0; i < others->len; i++)
      if (GTK_IS_SHORTCUTS_WINDOW (g_ptr_array_index (others, i)))
        {
          int w = gtk_widget_get_width (g_ptr_array_index (others, i));
          int h = gtk_widget_get_height (g_ptr_array_index (others, i));
          if (w > 1300 || h > 680)
            g_error ("the shortcuts window is %d x %d px, more than a 1366x768 screen holds", w, h);
        }
    /* The about window goes; the shortcuts window belongs to the main
     * window, which keeps it for next time: it is only hidden. */
    for (guint i = 0; i < others->len; i++)
      if (ADW_IS_ABOUT_WINDOW (g_ptr_array_index (others, i)))
        gtk_window_destroy (g_ptr_array_index (others, i));
      else
        gtk_widget_set_visible (g_ptr_array_index (others, i), FALSE);
    g_ptr_array_unref (others);
    g_list_free (windows);
  }
  hb_app_test_window_close (window);
}

/* Which cells look lit, row-major. */
static guint8 *
read_lit (HbWindow *window)
{
  const HbState *state = hb_window_get_state (window);
  guint8 *lit = g_new0 (guint8, state->width * state->height);
  HbShot *shot = shoot_board (window);

  for (int y = 0; y < state->height; y++)
    for (int x = 0; x < state->width; x++)
      lit[y * state->width + x] = cell_looks_lit (window, shot, x, y);
  hb_app_test_shot_free (shot);
  return lit;
}

static void
activate (HbWindow *window, const char *action)
{
  hb_app_test_activate (window, action, NULL);
  hb_app_test_settle (50);
}

static void
test_edit_click_and_drag (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbBoardView *view = hb_window_get_board_view (window);
  const HbState *state = hb_window_get_state (window);
  int w = state->width, h = state->height, y = h / 2;
  guint8 *before, *after;
  double px, py, qx, qy;

  g_assert_cmpint (w, >=, 2);
  set_hints (window, FALSE);
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_settle (50);
  before = read_lit (window);

  /* A click toggles that light alone (no cross in edit mode), and gives
   * the board the keyboard, wherever the focus was. */
  gtk_widget_grab_focus (hb_app_test_find_first (GTK_WIDGET (window), GTK_TYPE_SPIN_BUTTON));
  g_assert_false (gtk_widget_has_focus (GTK_WIDGET (view)));
  hb_app_test_cell_point (window, 1, y, 0.5, 0.5, &px, &py);
  hb_board_view_simulate_click (view, px, py, 1);
  hb_app_test_settle (50);
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (view)));
  after = read_lit (window);
  for (int i = 0; i < w * h; i++)
    g_assert_cmpint (after[i], ==, i == y * w + 1 ? !before[i] : before[i]);
  g_assert_true (hb_window_get_modified (window));
  {
    /* ...and the keyboard cursor is where it clicked: the arrows carry
     * on from that cell. */
    int cx, cy;
    hb_board_view_move_cursor (view, 0, 0);
    hb_board_view_get_cursor (view, &cx, &cy);
    g_assert_cmpint (cx, ==, 1);
    g_assert_cmpint (cy, ==, y);
  }
  hb_app_test_settle (50);

  g_free (after);

  /* Undo restores the board and the unmodified state. */
  activate (window, "undo");
  after = read_lit (window);
  g_assert_cmpmem (after, w * h, before, w * h);
  g_assert_false (hb_window_get_modified (window));
  g_free (after);

  /* A drag along row y paints the value the first cell got onto every
   * cell it crosses, and the stroke is one undo step. */
  hb_app_test_cell_point (window, 0, y, 0.5, 0.5, &px, &py);
  hb_app_test_cell_point (window, w - 1, y, 0.5, 0.5, &qx, &qy);
  hb_board_view_simulate_drag (view, px, py, qx, qy, 1);
  hb_app_test_settle (50);
  after = read_lit (window);

  for (int x = 0; x < w; x++)
    g_assert_cmpint (after[y * w + x], ==, !before[y * w]);
  for (int i = 0; i < w * h; i++)
    if (i / w != y)
      g_assert_cmpint (after[i], ==, before[i]);
  g_free (after);

  activate (window, "undo");
  after = read_lit (window);
  g_assert_cmpmem (after, w * h, before, w * h);
  g_free (after);

  /* Redo brings the whole stroke back. */
  activate (window, "redo");
  after = read_lit (window);
  for (int x = 0; x < w; x++)
    g_assert_cmpint (after[y * w + x], ==, !before[y * w]);
  g_free (after);

  /* Undo in the middle of a drag ends the drag: the entry undone back to
   * is never overwritten, and the rest of the drag draws nothing (on Flow
   * Free it drew on from a path head that was gone); Redo brings back what
   * the drag drew before the Undo. */
  {
    HbState *s1, *s2;
    double ax, ay, bx, by, cx, cy;
    int y2 = (y + 1) % h;

    hb_app_test_cell_point (window, 0, y2, 0.5, 0.5, &ax, &ay);
    hb_board_view_simulate_click (view, ax, ay, 1);      /* S1 */
    s1 = hb_state_copy (hb_window_get_state (window));
    hb_app_test_cell_point (window, 1, y2, 0.5, 0.5, &ax, &ay);
    hb_app_test_cell_point (window, 2 % w, y2, 0.5, 0.5, &bx, &by);
    hb_app_test_cell_point (window, w - 1, y2, 0.5, 0.5, &cx, &cy);
    hb_board_view_simulate_press (view, ax, ay, 1);
    hb_board_view_simulate_motion (view, bx, by);
    s2 = hb_state_copy (hb_window_get_state (window));
    g_assert_false (hb_window_get_game (window)->equal (s1, s2));
    activate (window, "undo");                           /* back to S1 */
    g_assert_true (hb_window_get_game (window)->equal (s1, hb_window_get_state (window)));
    hb_board_view_simulate_motion (view, cx, cy);
    hb_board_view_simulate_release (view, cx, cy);
    hb_app_test_settle (50);
    g_assert_true (hb_window_get_game (window)->equal (s1, hb_window_get_state (window)));
    activate (window, "redo");
    hb_app_test_settle (50);
    g_assert_true (hb_window_get_game (window)->equal (s2, hb_window_get_state (window)));
    activate (window, "undo");
    activate (window, "undo");                           /* before S1 */
    hb_state_free (s1);
    hb_state_free (s2);
  }

  /* A click outside the board does nothing. */
  {
    const HbState *s = hb_window_get_state (window);
    hb_board_view_simulate_click (view, 2, 2, 1);
    g_assert_true (hb_window_get_state (window) == s);
  }

  /* In play mode a click presses the cross. */
  hb_window_set_mode (window, HB_MODE_PLAY);
  activate (window, "undo");
  g_free (before);
  before = read_lit (window);
  hb_app_test_cell_point (window, 1, y, 0.5, 0.5, &px, &py);
  hb_board_view_simulate_click (view, px, py, 1);
  hb_app_test_settle (50);
  after = read_lit (window);
  for (int yy = 0; yy < h; yy++)
    for (int x = 0; x < w; x++)
      {
        gboolean in_cross = (yy == y && ABS (x - 1) <= 1) || (x == 1 && ABS (yy - y) == 1);
        int i = yy * w + x;
        g_assert_cmpint (after[i], ==, in_cross ? !before[i] : before[i]);
      }
  g_free (after);
  g_free (before);
  hb_app_test_window_close (window);
}

/* Checks the dots on the canvas against the GF(2) solver's answer for the
 * board the window shows. */
static void
check_dots_match_gf2 (HbWindow *window, gboolean expect_dots)
{
  const LightsState *s = LIGHTS_CONST (hb_window_get_state (window));
  int w = s->base.width, h = s->base.height;
  LightsAnswer answer = { 0 };
  GError *error = NULL;
  HbShot *shot;
  int dots = 0;

  g_assert_true (lights_gf2_solve (s, 0, NULL, NULL, &answer, &error));
  g_assert_no_error (error);
  g_assert_true (answer.solvable);
  /* The answer really switches every light off (independent check). */
  g_assert_true (lights_check_presses (s->cells, answer.press, w, h));

  shot = shoot_board (window);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        gboolean want = expect_dots && answer.press[y * w + x];
        if (cell_has_dot (window, shot, x, y) != want)
          g_error ("cell (%d, %d) should %shave a hint dot", x, y, want ? "" : "not ");
        dots += want;
      }
  if (expect_dots)
    g_assert_cmpint (dots, ==, (int) answer.presses);
  hb_app_test_shot_free (shot);
  lights_answer_clear (&answer);
}

/* Focus that comes by the keyboard (Tab: the window shows focus) shows
 * the board's cursor at once, on the first cell; by the pointer it shows
 * none until a key (it used to show none either way, so a Tab onto the
 * board changed nothing on screen). */
static void
test_focus_by_keyboard (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbBoardView *view = hb_window_get_board_view (window);
  GtkWidget *spin = hb_app_test_find_first (GTK_WIDGET (window), GTK_TYPE_SPIN_BUTTON);
  int cx, cy;

  hb_app_test_settle (50);
  gtk_widget_grab_focus (spin);
  gtk_window_set_focus_visible (GTK_WINDOW (window), FALSE);
  gtk_widget_grab_focus (GTK_WIDGET (view));
  hb_board_view_get_cursor (view, &cx, &cy);
  g_assert_cmpint (cx, ==, -1);
  g_assert_cmpint (cy, ==, -1);

  gtk_widget_grab_focus (spin);
  gtk_window_set_focus_visible (GTK_WINDOW (window), TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (view));
  hb_board_view_get_cursor (view, &cx, &cy);
  g_assert_cmpint (cx, ==, 0);
  g_assert_cmpint (cy, ==, 0);
  hb_app_test_settle (50);

  /* A click hides it until the next key, which shows it on the cell
   * clicked. */
  {
    double px, py;

    hb_app_test_cell_point (window, 1, 1, 0.5, 0.5, &px, &py);
    hb_board_view_simulate_click (view, px, py, 1);
    hb_board_view_get_cursor (view, &cx, &cy);
    g_assert_cmpint (cx, ==, -1);
    hb_board_view_move_cursor (view, 0, 0);
    hb_board_view_get_cursor (view, &cx, &cy);
    g_assert_cmpint (cx, ==, 1);
    g_assert_cmpint (cy, ==, 1);
  }
  hb_app_test_window_close (window);
}

static void
test_hint_dots (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbBoardView *view = hb_window_get_board_view (window);
  const LightsState *s;
  LightsAnswer answer = { 0 };
  double px, py;
  int target = -1;

  hb_window_set_mode (window, HB_MODE_PLAY);
  set_hints (window, TRUE);

  hb_app_test_save (GTK_WIDGET (window), "welcome-play-hints-light");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      ADW_COLOR_SCHEME_FORCE_DARK);
  hb_app_test_settle (200);
  hb_app_test_save (GTK_WIDGET (window), "welcome-play-hints-dark");
  /* The dots read in the dark style too. */
  check_dots_match_gf2 (window, TRUE);
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      ADW_COLOR_SCHEME_FORCE_LIGHT);
  hb_app_test_settle (200);

  check_dots_match_gf2 (window, TRUE);

  /* Press one of the suggested cells: the hint is recomputed for the new
   * board and the dots follow. */
  s = LIGHTS_CONST (hb_window_get_state (window));
  g_assert_true (lights_gf2_solve (s, 0, NULL, NULL, &answer, NULL));
  for (int i = 0; i < s->base.width * s->base.height && target < 0; i++)
    if (answer.press[i])
      target = i;
  g_assert_cmpint (target, >=, 0);
  hb_app_test_cell_point (window, target % s->base.width, target / s->base.width,
                          0.5, 0.5, &px, &py);
  lights_answer_clear (&answer);
  hb_board_view_simulate_click (view, px, py, 1);
  hb_app_test_wait_hint (window);
  /* A press in Play mode is progress: the level is unchanged. */
  g_assert_false (hb_window_get_modified (window));
  check_dots_match_gf2 (window, TRUE);

  /* The switch off: no dot anywhere. */
  set_hints (window, FALSE);
  check_dots_match_gf2 (window, FALSE);
  set_hints (window, TRUE);
  check_dots_match_gf2 (window, TRUE);

  /* "Next hint" makes one suggested press. */
  {
    const HbState *before = hb_window_get_state (window);
    hb_app_test_activate (window, "next-hint", NULL);
    hb_app_test_wait_hint (window);
    g_assert_false (hb_window_get_state (window) == before);
    check_dots_match_gf2 (window, TRUE);
  }

  /* With hints off, "Next hint" asks the worker and moves when the answer
   * arrives: nothing is computed on the main thread, so the board has not
   * changed yet when the action returns. */
  {
    HbState *before;
    set_hints (window, FALSE);
    /* The hint still there is used at once; after that move the board has
     * no hint (hints are off), so the next one must be worked out. */
    before = hb_state_copy (hb_window_get_state (window));
    hb_app_test_activate (window, "next-hint", NULL);
    g_assert_false (hb_window_get_game (window)->equal (before, hb_window_get_state (window)));
    g_assert_false (hb_window_is_hint_pending (window));
    hb_state_free (before);
    before = hb_state_copy (hb_window_get_state (window));
    hb_app_test_activate (window, "next-hint", NULL);
    g_assert_true (hb_window_is_hint_pending (window));
    g_assert_true (hb_window_get_game (window)->equal (before, hb_window_get_state (window)));
    hb_app_test_wait_hint (window);
    hb_app_test_settle (30);
    g_assert_false (hb_window_get_game (window)->equal (before, hb_window_get_state (window)));
    hb_state_free (before);

    /* Escape while such a move waits for its hint: it is not made (it
     * came up to the hint's time later, by itself: review). */
    hb_app_test_open_text (window, "escape.lights", "11000\n10000\n00000\n00001\n00011\n");
    hb_window_set_mode (window, HB_MODE_PLAY);
    hb_app_test_settle (30);
    before = hb_state_copy (hb_window_get_state (window));
    hb_app_test_activate (window, "next-hint", NULL);
    g_assert_true (hb_window_is_hint_pending (window));
    g_assert_true (hb_window_get_action_enabled (window, "cancel"));
    hb_app_test_activate (window, "cancel", NULL);
    g_assert_false (hb_window_get_action_enabled (window, "cancel"));
    hb_app_test_wait_hint (window);
    hb_app_test_settle (30);
    g_assert_true (hb_window_get_game (window)->equal (before, hb_window_get_state (window)));
    hb_state_free (before);
  }

  /* Toggling hints quickly: only the newest job delivers, and the last
   * state (on) ends with the dots of the board as it is. */
  for (int i = 0; i < 7; i++)
    {
      g_action_group_change_action_state (G_ACTION_GROUP (window), "show-hints",
                                          g_variant_new_boolean (i % 2 == 0));
      hb_app_test_settle (5);
    }
  hb_app_test_wait_hint (window);
  g_assert_false (hb_window_is_hint_pending (window));
  check_dots_match_gf2 (window, TRUE);

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      ADW_COLOR_SCHEME_DEFAULT);
  hb_app_test_window_close (window);
}

/* A width typed and not yet entered is committed when a click on the
 * board takes the focus: that click, aimed at the board as it was, makes
 * no edit (it painted a cell of the new, wider board, columns away from
 * the pointer: review). */
static void
test_typed_size_then_click (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkWidget *row, *spin;
  const LightsState *s;

  hb_app_test_open_text (window, "small.lights", "000\n000\n000\n");
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_settle (50);
  row = hb_app_test_find_row (GTK_WIDGET (window), "_Width");
  g_assert_nonnull (row);
  spin = hb_app_test_find_first (row, GTK_TYPE_SPIN_BUTTON);
  g_assert_true (gtk_widget_grab_focus (spin));
  gtk_editable_set_text (GTK_EDITABLE (spin), "5");
  hb_app_test_settle (30);
  g_assert_cmpint (hb_window_get_state (window)->width, ==, 3);
  hb_app_test_click_cell (window, 2, 2, 1);
  hb_app_test_settle (50);
  s = (const LightsState *) hb_window_get_state (window);
  g_assert_cmpint (s->base.width, ==, 5);
  for (int i = 0; i < 5 * 3; i++)
    g_assert_cmpint (s->cells[i], ==, 0);
  hb_app_test_window_close (window);
}

static double
size_value (HbWindow *window, const char *title)
{
  GtkWidget *row = hb_app_test_find_row (GTK_WIDGET (window), title);

  g_assert_nonnull (row);
  return gtk_spin_button_get_value (GTK_SPIN_BUTTON (hb_app_test_find_first (row,
                                                                              GTK_TYPE_SPIN_BUTTON)));
}

/* In Play, Width and Height are the next new level's size, folded into
 * New Levels, which says what they hold: the played level stays as it is
 * (they resized it, its moves gone: reviews). The value chosen stays
 * through a move played; Random makes a level of it; Edit shows the
 * board's own size again, unfolded at the top of Board, and resizes. */
static const char *
fold_says (HbWindow *window)
{
  GtkWidget *fold = hb_app_test_find_row (GTK_WIDGET (window), "New Le_vels");

  g_assert_nonnull (fold);
  return adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (fold));
}

static gboolean
folded (HbWindow *window)
{
  GtkWidget *fold = hb_app_test_find_row (GTK_WIDGET (window), "New Le_vels");
  GtkWidget *rows[] = {
    hb_app_test_find_row (GTK_WIDGET (window), "_Width"),
    hb_app_test_find_row (GTK_WIDGET (window), "_Height"),
    hb_app_test_find_row (GTK_WIDGET (window), "_Colours of Random Levels"),
  };
  gboolean in = gtk_widget_is_ancestor (rows[0], fold);

  /* All three or none, and the fold shown exactly when they are in it. */
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    g_assert_true (gtk_widget_is_ancestor (rows[i], fold) == in);
  g_assert_true (gtk_widget_get_visible (fold) == in);
  if (!in)
    {
      /* Unfolded: the first rows of Board's list, in their order. */
      GtkWidget *list = gtk_widget_get_parent (rows[0]);

      for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
        g_assert_true (gtk_widget_get_parent (rows[i]) == list);
      g_assert_cmpint (gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (rows[0])), ==, 0);
      g_assert_cmpint (gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (rows[1])), ==, 1);
      g_assert_cmpint (gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (rows[2])), ==, 2);
    }
  return in;
}

static void
test_play_size_of_new_levels (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkWidget *spin;

  hb_app_test_open_text (window, "small.lights", "000\n000\n000\n");
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (50);
  g_assert_true (folded (window));
  g_assert_cmpstr (fold_says (window), ==, "3 × 3");
  spin = hb_app_test_find_first (hb_app_test_find_row (GTK_WIDGET (window), "_Width"),
                                 GTK_TYPE_SPIN_BUTTON);
  g_assert_nonnull (spin);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 5);
  hb_app_test_settle (30);
  g_assert_cmpint (hb_window_get_state (window)->width, ==, 3);
  g_assert_cmpstr (fold_says (window), ==, "5 × 3");
  /* A press played: the board changes, the chosen size stays. */
  hb_app_test_click_cell (window, 1, 1, 1);
  hb_app_test_settle (50);
  g_assert_cmpint (((const LightsState *) hb_window_get_state (window))->cells[4], !=, 0);
  g_assert_cmpfloat (size_value (window, "_Width"), ==, 5);
  g_assert_cmpfloat (size_value (window, "_Height"), ==, 3);
  /* Edit: the board's size, unfolded; a change resizes. */
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_settle (30);
  g_assert_false (folded (window));
  g_assert_cmpfloat (size_value (window, "_Width"), ==, 3);
  spin = hb_app_test_find_first (hb_app_test_find_row (GTK_WIDGET (window), "_Height"),
                                 GTK_TYPE_SPIN_BUTTON);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 4);
  hb_app_test_settle (30);
  g_assert_cmpint (hb_window_get_state (window)->height, ==, 4);
  /* Back in Play, folded again; a size chosen and Random: a level of
   * that size. */
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (30);
  g_assert_true (folded (window));
  g_assert_cmpfloat (size_value (window, "_Height"), ==, 4);
  spin = hb_app_test_find_first (hb_app_test_find_row (GTK_WIDGET (window), "_Width"),
                                 GTK_TYPE_SPIN_BUTTON);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 6);
  hb_app_test_settle (30);
  g_assert_cmpint (hb_window_get_state (window)->width, ==, 3);
  g_assert_cmpstr (fold_says (window), ==, "6 × 4");
  hb_window_set_ask_to_save (window, FALSE);
  hb_app_test_activate (window, "random", NULL);
  hb_app_test_settle (100);
  g_assert_cmpint (hb_window_get_state (window)->width, ==, 6);
  g_assert_cmpint (hb_window_get_state (window)->height, ==, 4);
  g_assert_cmpfloat (size_value (window, "_Width"), ==, 6);
  /* Another level: the rows and the fold follow it. */
  hb_app_test_open_text (window, "wide.lights", "00000000\n00000000\n");
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (50);
  g_assert_cmpfloat (size_value (window, "_Width"), ==, 8);
  g_assert_cmpfloat (size_value (window, "_Height"), ==, 2);
  g_assert_cmpstr (fold_says (window), ==, "8 × 2");
  /* A game with colours says their count too, and follows it. */
  hb_app_test_open_text (window, "pair.flow", "A.A\nB.B\n...\n");
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (50);
  g_assert_true (folded (window));
  spin = hb_app_test_find_first (hb_app_test_find_row (GTK_WIDGET (window),
                                                       "_Colours of Random Levels"),
                                 GTK_TYPE_SPIN_BUTTON);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 1);
  hb_app_test_settle (30);
  g_assert_cmpstr (fold_says (window), ==, "3 × 3, 1 colour");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 3);
  hb_app_test_settle (30);
  g_assert_cmpstr (fold_says (window), ==, "3 × 3, 3 colours");
  hb_app_test_window_close (window);
}

/* A size field with the focus keeps it when the mode changes (it moves
 * into or out of the New Levels fold), or the fold's row takes it when the
 * fold is closed: the focus went to the list the row left, and the next
 * arrow key went to Height's menu (review). */
static void
test_size_focus_kept_across_modes (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkWidget *fold = hb_app_test_find_row (GTK_WIDGET (window), "New Le_vels");
  GtkWidget *width_row = hb_app_test_find_row (GTK_WIDGET (window), "_Width");
  GtkWidget *focus;

  hb_app_test_open_text (window, "small.lights", "000\n000\n000\n");
  hb_window_set_mode (window, HB_MODE_PLAY);
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (fold), TRUE);
  hb_app_test_settle (50);
  /* Play, fold open, Width focused; to Edit: still Width. */
  gtk_root_set_focus (GTK_ROOT (window), NULL);
  g_assert_true (gtk_widget_child_focus (width_row, GTK_DIR_TAB_FORWARD));
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_settle (80);
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_nonnull (focus);
  g_assert_true (gtk_widget_is_ancestor (focus, width_row));
  /* Back to Play, open: still Width. */
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (80);
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_true (focus != NULL && gtk_widget_is_ancestor (focus, width_row));
  /* Closed: from Edit, the fold's own row, shown. */
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (fold), FALSE);
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_settle (50);
  gtk_root_set_focus (GTK_ROOT (window), NULL);
  g_assert_true (gtk_widget_child_focus (width_row, GTK_DIR_TAB_FORWARD));
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (80);
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_nonnull (focus);
  g_assert_true (gtk_widget_is_ancestor (focus, fold));
  g_assert_false (gtk_widget_is_ancestor (focus, width_row));
  g_assert_false (GTK_IS_LIST_BOX (focus));
  g_assert_true (gtk_widget_get_mapped (focus));
  hb_app_test_window_close (window);
}

/* A number out of range typed into a Board field is refused with a toast
 * that says the range, in a solver setting's words, and the board stays
 * as it was: it went back to the old value without a word (review). A
 * new value taken after it takes the toast away; the old one, come back
 * as the field loses the focus, leaves it. */
static void
test_typed_size_out_of_range (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkWidget *spin, *limit;

  hb_app_test_open_text (window, "small.lights", "000\n000\n000\n");
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_settle (50);
  spin = hb_app_test_find_first (hb_app_test_find_row (GTK_WIDGET (window), "_Width"),
                                 GTK_TYPE_SPIN_BUTTON);
  g_assert_nonnull (spin);
  g_assert_true (gtk_widget_grab_focus (spin));
  gtk_editable_set_text (GTK_EDITABLE (spin), "0");
  gtk_spin_button_update (GTK_SPIN_BUTTON (spin));
  hb_app_test_settle (30);
  g_assert_cmpint (hb_window_get_state (window)->width, ==, 3);
  g_assert_cmpstr (hb_window_get_last_toast (window), ==,
                   "Width: 0 is out of range, from 1 to 64");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, "3");
  g_assert_nonnull (hb_app_test_find_named (GTK_WIDGET (window), "AdwToastWidget"));
  /* The value in force again, as the focus leaves: the toast stays. */
  gtk_spin_button_update (GTK_SPIN_BUTTON (spin));
  hb_app_test_settle (600);
  g_assert_nonnull (hb_app_test_find_named (GTK_WIDGET (window), "AdwToastWidget"));
  /* Too many digits for any number: refused as well. */
  gtk_editable_set_text (GTK_EDITABLE (spin), "99999999999999999999999");
  gtk_spin_button_update (GTK_SPIN_BUTTON (spin));
  hb_app_test_settle (30);
  g_assert_cmpint (hb_window_get_state (window)->width, ==, 3);
  g_assert_true (g_str_has_prefix (hb_window_get_last_toast (window),
                                   "Width: 99999999999999999999999 is out of range"));
  /* A value in range is taken, and the refusal goes. */
  gtk_editable_set_text (GTK_EDITABLE (spin), "7");
  gtk_spin_button_update (GTK_SPIN_BUTTON (spin));
  hb_app_test_settle (600);
  g_assert_cmpint (hb_window_get_state (window)->width, ==, 7);
  g_assert_null (hb_app_test_find_named (GTK_WIDGET (window), "AdwToastWidget"));

  /* Flood-It's move limit, a field of the level's own, the same way. */
  hb_app_test_open_text (window, "small.flood", "3 by 3 -> 4\n012\n120\n201\n");
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_settle (50);
  limit = hb_app_test_find_first (hb_app_test_find_row (GTK_WIDGET (window), "_Move limit"),
                                  GTK_TYPE_SPIN_BUTTON);
  g_assert_nonnull (limit);
  gtk_editable_set_text (GTK_EDITABLE (limit), "99999999999");
  gtk_spin_button_update (GTK_SPIN_BUTTON (limit));
  hb_app_test_settle (30);
  g_test_message ("%s", hb_window_get_last_toast (window));
  g_assert_true (g_str_has_prefix (hb_window_get_last_toast (window),
                                   "Move limit: 99999999999 is out of range, from 0 to "));
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (limit)), ==, 4);
  hb_app_test_window_close (window);
}

/* In a narrow window the sidebar lies over the board, and a toast about
 * what was done there shows over it: at the foot of the page it was
 * under the sidebar, only its close button showing (a newcomer's look
 * at 400 px). The sidebar away, toasts go to the page as before. */
static void
test_toast_over_sidebar (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkWidget *content = adw_flap_get_content (window->flap);
  GtkWidget *spin, *toast;
  graphene_rect_t tb, sb;

  hb_app_test_open_text (window, "small.lights", "000\n000\n000\n");
  hb_window_set_mode (window, HB_MODE_EDIT);
  gtk_window_set_default_size (GTK_WINDOW (window), 400, HB_TEST_HEIGHT);
  adw_flap_set_reveal_flap (window->flap, TRUE);
  hb_app_test_wait (hb_app_test_sidebar_over_board, window, 10000, "the sidebar over the board");
  spin = hb_app_test_find_first (hb_app_test_find_row (GTK_WIDGET (window), "_Width"),
                                 GTK_TYPE_SPIN_BUTTON);
  gtk_editable_set_text (GTK_EDITABLE (spin), "0");
  gtk_spin_button_update (GTK_SPIN_BUTTON (spin));
  hb_app_test_settle (300);
  toast = hb_app_test_find_named (GTK_WIDGET (window), "AdwToastWidget");
  g_assert_nonnull (toast);
  g_assert_true (gtk_widget_get_mapped (toast));
  g_assert_false (gtk_widget_is_ancestor (toast, content));
  /* Over the sidebar's place, in the window. */
  g_assert_true (gtk_widget_compute_bounds (toast, GTK_WIDGET (window), &tb));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (window->sidebar_scroller),
                                            GTK_WIDGET (window), &sb));
  g_test_message ("toast at x %.0f–%.0f, sidebar %.0f–%.0f", tb.origin.x,
                  tb.origin.x + tb.size.width, sb.origin.x, sb.origin.x + sb.size.width);
  g_assert_cmpfloat (tb.origin.x + tb.size.width, <=, gtk_widget_get_width (GTK_WIDGET (window)));
  adw_toast_dismiss (window->settings_toast);
  hb_app_test_settle (300);

  /* The sidebar away: at the foot of the page, as before. */
  adw_flap_set_reveal_flap (window->flap, FALSE);
  hb_app_test_settle (100);
  hb_window_show_toast (window, "Saved");
  hb_app_test_settle (300);
  toast = hb_app_test_find_named (GTK_WIDGET (window), "AdwToastWidget");
  g_assert_nonnull (toast);
  g_assert_true (gtk_widget_is_ancestor (toast, content));
  gtk_window_set_default_size (GTK_WINDOW (window), HB_TEST_WIDTH, HB_TEST_HEIGHT);
  hb_app_test_window_close (window);
}

/* Edit's menus beside Width and Height: a row or a column added or
 * removed at any edge, in every game; each is one undo step, and a line removed with
 * something on it says so with Undo at hand. The board is checked by
 * cutting the added line off again with the game's resize, which the
 * games' own tests check cell by cell. */
static void
edge (HbWindow *window, const char *action, const char *side)
{
  hb_app_test_activate (window, action, g_variant_new_string (side));
  hb_app_test_settle (30);
}

static void
test_edges (void)
{
  HbWindow *window = hb_app_test_window_new ();
  const HbGame *const *games = hb_registry_games ();
  static const struct { const char *action, *side; int dw, dh, dx, dy; } adds[] = {
    { "add-row", "top", 0, 1, 0, 1 },
    { "add-row", "bottom", 0, 1, 0, 0 },
    { "add-column", "left", 1, 0, 1, 0 },
    { "add-column", "right", 1, 0, 0, 0 },
  };

  for (int g = 0; games[g] != NULL; g++)
    {
      const HbGame *game = games[g];
      HbState *s0;

      g_assert_true (hb_window_select_game (window, game->id));
      hb_app_test_wait_hint (window);
      hb_window_set_mode (window, HB_MODE_EDIT);
      hb_app_test_settle (30);
      g_assert_true (gtk_widget_get_mapped (window->rows_button));
      g_assert_true (gtk_widget_get_mapped (window->columns_button));
      g_assert_true (gtk_widget_get_ancestor (window->rows_button, ADW_TYPE_ACTION_ROW)
                     == GTK_WIDGET (window->height_row));
      s0 = hb_state_copy (hb_window_get_state (window));
      for (guint a = 0; a < G_N_ELEMENTS (adds); a++)
        {
          const HbState *s;
          HbState *cut;
          const char *remove = adds[a].dh != 0 ? "remove-row" : "remove-column";

          g_test_message ("%s: %s %s", game->id, adds[a].action, adds[a].side);
          g_assert_true (hb_window_get_action_enabled (window, adds[a].action));
          edge (window, adds[a].action, adds[a].side);
          s = hb_window_get_state (window);
          g_assert_cmpint (s->width, ==, s0->width + adds[a].dw);
          g_assert_cmpint (s->height, ==, s0->height + adds[a].dh);
          cut = game->resize (s, s0->width, s0->height, -adds[a].dx, -adds[a].dy);
          g_assert_true (game->equal (cut, s0));
          hb_state_free (cut);
          g_assert_true (hb_window_get_modified (window));
          /* The Width and Height fields follow. */
          g_assert_cmpint ((int) gtk_adjustment_get_value (window->height_adjustment), ==,
                           s->height);
          g_assert_cmpint ((int) gtk_adjustment_get_value (window->width_adjustment), ==,
                           s->width);
          /* The line just added, removed again: nothing lost, nothing said. */
          g_assert_true (hb_window_get_action_enabled (window, remove));
          edge (window, remove, adds[a].side);
          g_assert_true (game->equal (hb_window_get_state (window), s0));
          g_assert_null (window->cut_toast);
          /* Each was a step of its own. */
          hb_app_test_activate (window, "undo", NULL);
          hb_app_test_settle (30);
          g_assert_cmpint (hb_window_get_state (window)->width, ==, s0->width + adds[a].dw);
          hb_app_test_activate (window, "undo", NULL);
          hb_app_test_settle (30);
          g_assert_true (game->equal (hb_window_get_state (window), s0));
        }
      /* Play: Width and Height are the next level's; no menus. */
      hb_window_set_mode (window, HB_MODE_PLAY);
      hb_app_test_settle (30);
      g_assert_false (gtk_widget_get_visible (window->rows_button));
      g_assert_false (gtk_widget_get_visible (window->columns_button));
      g_assert_false (hb_window_get_action_enabled (window, "add-row"));
      g_assert_false (hb_window_get_action_enabled (window, "remove-column"));
      edge (window, "add-row", "top");
      g_assert_true (game->equal (hb_window_get_state (window), s0));
      hb_state_free (s0);
    }

  /* A lit cell in the left column and the bottom row. */
  g_assert_true (hb_window_select_game (window, "lights"));
  hb_app_test_open_text (window, "edges.lights", "000\n100\n001\n");
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_settle (30);
  /* The keyboard's cursor stays on its cell as the cells move: on the
   * light at (0, 1), then (1, 2) with a row above and a column left,
   * back with Undo. */
  {
    HbBoardView *view = hb_window_get_board_view (window);
    int cx, cy;

    hb_board_view_move_cursor (view, 0, 0);
    hb_board_view_move_cursor (view, 0, 1);
    hb_board_view_get_cursor (view, &cx, &cy);
    g_assert_cmpint (cx, ==, 0);
    g_assert_cmpint (cy, ==, 1);
    edge (window, "add-row", "top");
    edge (window, "add-column", "left");
    hb_board_view_get_cursor (view, &cx, &cy);
    g_assert_cmpint (cx, ==, 1);
    g_assert_cmpint (cy, ==, 2);
    hb_app_test_activate (window, "undo", NULL);
    hb_app_test_activate (window, "undo", NULL);
    hb_app_test_settle (30);
    hb_board_view_get_cursor (view, &cx, &cy);
    g_assert_cmpint (cx, ==, 0);
    g_assert_cmpint (cy, ==, 1);
  }
  edge (window, "remove-row", "top");
  g_assert_cmpint (hb_window_get_state (window)->height, ==, 2);
  g_assert_null (window->cut_toast);
  edge (window, "remove-column", "left");
  g_assert_cmpint (hb_window_get_state (window)->width, ==, 2);
  /* Said what it was ("part of the level" did not say what Undo would
   * bring back). */
  g_assert_cmpstr (hb_window_get_last_toast (window), ==, "The column removed held 1 lit cell");
  g_assert_nonnull (window->cut_toast);
  {
    const LightsState *l = LIGHTS_CONST (hb_window_get_state (window));

    /* 00 / 01 left: the light at (2, 2) is at (1, 1). */
    g_assert_cmpint (l->cells[0] + l->cells[1] + l->cells[2], ==, 0);
    g_assert_cmpint (l->cells[3], ==, 1);
  }
  edge (window, "remove-row", "bottom");
  g_assert_cmpstr (hb_window_get_last_toast (window), ==, "The row removed held 1 lit cell");
  /* One row left: none to remove. */
  g_assert_cmpint (hb_window_get_state (window)->height, ==, 1);
  g_assert_false (hb_window_get_action_enabled (window, "remove-row"));
  g_assert_true (hb_window_get_action_enabled (window, "remove-column"));
  hb_app_test_activate (window, "undo", NULL);
  hb_app_test_activate (window, "undo", NULL);
  hb_app_test_settle (30);
  /* Back to 100 / 001, the top row still gone. */
  g_assert_cmpint (hb_window_get_state (window)->width, ==, 3);
  g_assert_cmpint (hb_window_get_state (window)->height, ==, 2);
  g_assert_cmpint (LIGHTS_CONST (hb_window_get_state (window))->cells[0], ==, 1);
  g_assert_cmpint (LIGHTS_CONST (hb_window_get_state (window))->cells[1 * 3 + 2], ==, 1);
  /* Every game says what the line held, with Undo at hand: Infinite
   * Loop's tiles with arms, Flood-It's cells, Flow Free's dots by
   * colour. */
  {
    static const struct { const char *game, *name, *text, *action, *side, *said; } cuts[] = {
      { "loop", "cut.loop", "0110 0011\n1100 1001\n", "remove-column", "right",
        "The column removed held 2 tiles with arms" },
      { "loop", "cut.loop", "0110 0010\n0100 0000\n", "remove-column", "right",
        "The column removed held 1 tile with arms" },
      { "flood", "cut.flood", "3 by 3 -> 4\n012\n120\n201\n", "remove-row", "top",
        "The row removed held 3 cells" },
      { "flow", "cut.flow", "RGB.\n....\nRGB.\n", "remove-column", "left",
        "The column removed held both red dots" },
      { "flow", "cut.flow", "RGB.\n....\nRGB.\n", "remove-row", "bottom",
        "The row removed held dots of red, green and blue" },
      { "flow", "cut.flow", "RGB.\n....\nRG.B\n", "remove-column", "right",
        "The column removed held a blue dot" },
    };

    for (gsize i = 0; i < G_N_ELEMENTS (cuts); i++)
      {
        HbState *before;

        g_assert_true (hb_window_select_game (window, cuts[i].game));
        hb_app_test_open_text (window, cuts[i].name, cuts[i].text);
        hb_window_set_mode (window, HB_MODE_EDIT);
        hb_app_test_settle (30);
        before = hb_state_copy (hb_window_get_state (window));
        edge (window, cuts[i].action, cuts[i].side);
        g_assert_cmpstr (hb_window_get_last_toast (window), ==, cuts[i].said);
        g_assert_nonnull (window->cut_toast);
        hb_app_test_activate (window, "undo", NULL);
        hb_app_test_settle (30);
        g_assert_true (before->game->equal (hb_window_get_state (window), before));
        hb_state_free (before);
      }
    g_assert_true (hb_window_select_game (window, "lights"));
  }

  /* Another level starts the cursor at the top left, whatever its rows:
   * a dark board with a row added above and the bottom one removed is
   * the board opened (so it is kept aside, unmodified, when another game
   * opens) with its cells a row down; back to it, the cursor did not
   * move a row down with them. */
  hb_app_test_open_text (window, "dark.lights", "000\n000\n000\n");
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_settle (30);
  edge (window, "add-row", "top");
  edge (window, "remove-row", "bottom");
  g_assert_false (hb_window_get_modified (window));
  g_assert_true (hb_window_select_game (window, "loop"));
  hb_app_test_wait_hint (window);
  g_assert_true (hb_window_select_game (window, "lights"));
  hb_app_test_wait_hint (window);
  {
    HbBoardView *view = hb_window_get_board_view (window);
    int cx, cy;

    hb_board_view_move_cursor (view, 0, 0);
    hb_board_view_get_cursor (view, &cx, &cy);
    g_assert_cmpint (cx, ==, 0);
    g_assert_cmpint (cy, ==, 0);
  }
  hb_app_test_window_close (window);
}

int
main (int argc, char *argv[])
{
  hb_app_test_init (&argc, &argv);
  g_test_add_func ("/app/board/opens-on-welcome", test_opens_on_welcome);
  g_test_add_func ("/app/board/edit-click-and-drag", test_edit_click_and_drag);
  g_test_add_func ("/app/board/hint-dots", test_hint_dots);
  g_test_add_func ("/app/board/focus-by-keyboard", test_focus_by_keyboard);
  g_test_add_func ("/app/board/typed-size-then-click", test_typed_size_then_click);
  g_test_add_func ("/app/board/typed-size-out-of-range", test_typed_size_out_of_range);
  g_test_add_func ("/app/board/play-size-of-new-levels", test_play_size_of_new_levels);
  g_test_add_func ("/app/board/size-focus-kept-across-modes", test_size_focus_kept_across_modes);
  g_test_add_func ("/app/board/toast-over-sidebar", test_toast_over_sidebar);
  g_test_add_func ("/app/board/edges", test_edges);
  return g_test_run ();
}
