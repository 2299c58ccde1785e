/* test-app-games.c: Infinite Loop and Flood-It through the real window.
 *
 * The game is picked in the header bar's chooser, levels come in through
 * the open path (a file written here) or the Random action, and every
 * gesture goes through the board view's simulated pointer, the palette's
 * own buttons or the window's actions, as a user's input would. What the
 * window then shows is checked against code of this file alone: its own
 * tile rotation and arm matching for Infinite Loop, its own flood fill and
 * replay for Flood-It; never the game's own checks. */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>

#include "hb-app-test.h"
#include "hb-icon-keep.h"
#include "hb-window-private.h"
#include "flood.h"
#include "loop.h"

/* ---- Shared helpers ------------------------------------------------------ */

static void
activate (HbWindow *window, const char *action)
{
  hb_app_test_activate (window, action, NULL);
  hb_app_test_settle (30);
}

static void
set_hints (HbWindow *window, gboolean on)
{
  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-hints",
                                      g_variant_new_boolean (on));
  hb_app_test_wait_hint (window);
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

static HbShot *
shoot_board (HbWindow *window)
{
  return hb_app_test_shot (GTK_WIDGET (hb_window_get_board_view (window)));
}

static gboolean
shots_differ (const HbShot *a, const HbShot *b)
{
  g_assert_cmpint (a->width, ==, b->width);
  g_assert_cmpint (a->height, ==, b->height);
  return memcmp (a->data, b->data, a->stride * a->height) != 0;
}

static void
solve_with (HbWindow *window, const char *solver)
{
  g_assert_true (hb_window_select_solver (window, solver));
  g_assert_cmpstr (hb_window_get_solver (window)->id, ==, solver);
  hb_window_solve (window);
  hb_app_test_wait (hb_app_test_not_solving, window, 60000, "the solver");
  hb_app_test_settle (50);
  g_assert_nonnull (hb_window_get_result (window));
}

/* Picks a game in the header bar's chooser and waits for its first hint. */
static void
choose_game (HbWindow *window, const char *id)
{
  g_assert_true (hb_window_select_game (window, id));
  hb_app_test_wait_hint (window);
  g_assert_cmpstr (hb_window_get_game (window)->id, ==, id);
}

/* Writes `text` to DIR/name and opens it as a user would (File → Open
 * ends in hb_window_open). */
static void
open_level (HbWindow *window, const char *dir, const char *name, const char *text)
{
  char *path = g_build_filename (dir, name, NULL);
  GFile *file;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  file = g_file_new_for_path (path);
  hb_window_open (window, file);
  hb_app_test_wait_loaded (window);
  hb_app_test_wait_hint (window);
  g_assert_nonnull (hb_window_get_file (window));
  g_assert_true (g_file_equal (hb_window_get_file (window), file));
  g_object_unref (file);
  g_unlink (path);
  g_free (path);
}

/* Saves the window in the light and the dark style (when
 * HB_TEST_SNAPSHOT_DIR is set), and comes back to the default style. */
static void
save_both_styles (HbWindow *window, const char *name)
{
  AdwStyleManager *styles = adw_style_manager_get_default ();
  char *light = g_strconcat (name, "-light", NULL);
  char *dark = g_strconcat (name, "-dark", NULL);

  adw_style_manager_set_color_scheme (styles, ADW_COLOR_SCHEME_FORCE_LIGHT);
  hb_app_test_settle (150);
  hb_app_test_save (GTK_WIDGET (window), light);
  adw_style_manager_set_color_scheme (styles, ADW_COLOR_SCHEME_FORCE_DARK);
  hb_app_test_settle (150);
  hb_app_test_save (GTK_WIDGET (window), dark);
  adw_style_manager_set_color_scheme (styles, ADW_COLOR_SCHEME_DEFAULT);
  hb_app_test_settle (150);
  g_free (light);
  g_free (dark);
}

/* Activates the index-th palette button as the keyboard does (GtkButton
 * shows itself pressed for a moment, then emits "clicked"). */
static void
press_palette_button (HbWindow *window, int index)
{
  gtk_widget_activate (hb_app_test_palette_chip (window, index));
  hb_app_test_settle (350);
}

/* The palette keys 0–9 run win.palette with the key's number. */
static void
press_palette_key (HbWindow *window, int key)
{
  hb_app_test_activate (window, "palette",
                                  g_variant_new_int32 (key));
  hb_app_test_settle (30);
}

static void
play_player_mid_way (HbWindow *window, const char *snapshot)
{
  GtkWidget *view = GTK_WIDGET (hb_window_get_board_view (window));
  HbPlayerBar *bar = hb_window_get_player_bar (window);
  gsize len;
  HbShot *start, *later;

  g_assert_true (hb_window_is_playing_trace (window));
  len = hb_player_length (hb_player_bar_get_player (bar));
  g_assert_cmpuint (len, >, 1);
  g_test_message ("%s: %" G_GSIZE_FORMAT " steps", snapshot, len);
  activate (window, "player-start");
  start = hb_app_test_shot (view);
  /* The player steps forward one step at a time, and its last frame is
   * not its first. */
  for (gsize i = 1; i <= MIN (len, 3); i++)
    {
      activate (window, "player-forward");
      g_assert_cmpuint (hb_player_position (hb_player_bar_get_player (bar)), ==, i);
    }
  activate (window, "player-end");
  g_assert_cmpuint (hb_player_position (hb_player_bar_get_player (bar)), ==, len);
  later = hb_app_test_shot (view);
  g_assert_true (shots_differ (start, later));
  hb_app_test_shot_free (start);
  hb_app_test_shot_free (later);

  hb_player_bar_seek (bar, len / 2);
  hb_app_test_settle (50);
  save_both_styles (window, snapshot);
}

/* ---- Infinite Loop: this file's own rules -------------------------------- */

static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };

/* A quarter turn clockwise moves the arm of direction d (N=0, E, S, W) to
 * d + 1. */
static guint8
turn_cw (guint8 mask, int turns)
{
  guint8 out = mask;

  for (int t = 0; t < ((turns % 4) + 4) % 4; t++)
    {
      guint8 next = 0;
      for (int d = 0; d < 4; d++)
        if (out & (1 << d))
          next |= 1 << ((d + 1) % 4);
      out = next;
    }
  return out;
}

static gboolean
is_rotation_of (guint8 a, guint8 b)
{
  for (int t = 0; t < 4; t++)
    if (turn_cw (a, t) == b)
      return TRUE;
  return FALSE;
}

/* Every arm meets the facing arm of a neighbour on the board. */
static gboolean
arms_all_matched (const guint8 *tiles, int w, int h)
{
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      for (int d = 0; d < 4; d++)
        {
          int nx = x + dx[d], ny = y + dy[d];
          if (!(tiles[y * w + x] & (1 << d)))
            continue;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h)
            return FALSE;
          if (!(tiles[ny * w + nx] & (1 << ((d + 2) % 4))))
            return FALSE;
        }
  return TRUE;
}

/* The native text format, written here: NESW digits per tile. */
static char *
loop_text (const guint8 *tiles, int w, int h)
{
  GString *s = g_string_new ("# written by test-app-games\n");

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        guint8 m = tiles[y * w + x];
        g_string_append_printf (s, "%d%d%d%d%c", m & 1, (m >> 1) & 1,
                                (m >> 2) & 1, (m >> 3) & 1, x == w - 1 ? '\n' : ' ');
      }
  return g_string_free (s, FALSE);
}

static const guint8 *
loop_tiles (HbWindow *window)
{
  g_assert_cmpstr (hb_window_get_game (window)->id, ==, "loop");
  return LOOP_CONST (hb_window_get_state (window))->tiles;
}

static guint8
loop_tile (HbWindow *window, int x, int y)
{
  return loop_tiles (window)[y * hb_window_get_state (window)->width + x];
}

static gboolean
status_says_solved (HbWindow *window)
{
  /* Each game's status names the solved board the same way ("… ·
   * Solved"). */
  return strstr (hb_window_get_status_text (window), " · Solved") != NULL;
}

/* ---- Infinite Loop: play ------------------------------------------------- */

/* A 2×2 closed loop of corners, ┌┐ over └┘, with its top-left corner
 * turned one quarter anticlockwise (└). */
static const guint8 loop_ring[4] = { 0x3, 0xc, 0x3, 0x9 };
static const guint8 loop_ring_solved[4] = { 0x6, 0xc, 0x3, 0x9 };

static void
test_loop_play (void)
{
  HbWindow *window = hb_app_test_window_new ();
  char *dir = g_dir_make_tmp ("hintboard-games-XXXXXX", NULL);
  char *text = loop_text (loop_ring, 2, 2);

  choose_game (window, "loop");
  g_assert_true (arms_all_matched (loop_ring_solved, 2, 2));
  g_assert_false (arms_all_matched (loop_ring, 2, 2));
  open_level (window, dir, "ring.loop", text);
  g_assert_cmpint (hb_window_get_state (window)->width, ==, 2);
  g_assert_cmpint (hb_window_get_state (window)->height, ==, 2);
  g_assert_cmpmem (loop_tiles (window), 4, loop_ring, 4);

  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (30);
  g_assert_false (status_says_solved (window));
  /* Play mode has no palette for this game. */
  g_assert_cmpint (hb_palette_bar_get_n_entries (hb_window_get_palette_bar (window)), ==, 0);

  /* A secondary click turns anticlockwise, a primary one clockwise. */
  hb_app_test_click_cell (window, 1, 1, 3);
  g_assert_cmpuint (loop_tile (window, 1, 1), ==, turn_cw (0x9, 3));
  g_assert_cmpuint (loop_tile (window, 1, 1), ==, 0xc);
  g_assert_false (status_says_solved (window));
  hb_app_test_click_cell (window, 1, 1, 1);
  g_assert_cmpuint (loop_tile (window, 1, 1), ==, 0x9);

  /* The one turn the level needs: solved, and the status says so. */
  hb_app_test_click_cell (window, 0, 0, 1);
  g_assert_cmpmem (loop_tiles (window), 4, loop_ring_solved, 4);
  g_assert_true (arms_all_matched (loop_tiles (window), 2, 2));
  g_assert_true (status_says_solved (window));
  /* Playing is progress, not a change of the level: nothing to save. */
  g_assert_false (hb_window_get_modified (window));
  g_test_message ("solved status: %s", hb_window_get_status_text (window));

  /* Each click was an undo step. */
  activate (window, "undo");
  g_assert_cmpmem (loop_tiles (window), 4, loop_ring, 4);
  g_assert_false (status_says_solved (window));
  activate (window, "undo");
  activate (window, "undo");
  g_assert_cmpmem (loop_tiles (window), 4, loop_ring, 4);
  g_assert_false (hb_window_get_modified (window));

  g_free (text);
  g_rmdir (dir);
  g_free (dir);
  hb_app_test_window_close (window);
}

/* ---- Infinite Loop: edit ------------------------------------------------- */

static void
test_loop_edit (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbPaletteBar *palette = hb_window_get_palette_bar (window);
  char *dir = g_dir_make_tmp ("hintboard-games-XXXXXX", NULL);
  guint8 empty[9] = { 0 }, before[9];
  char *text = loop_text (empty, 3, 3);

  /* Flood-It's colour 0 picked in Edit first: its id is no pick of
   * Infinite Loop's (0 is Loop's Empty tile). */
  choose_game (window, "flood");
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_settle (30);
  press_palette_key (window, 0);
  g_assert_cmpint (hb_palette_bar_get_selected (palette), ==, 0);
  open_level (window, dir, "empty.loop", text);
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_settle (30);
  g_assert_cmpstr (hb_window_get_game (window)->id, ==, "loop");
  g_assert_cmpmem (loop_tiles (window), 9, empty, 9);
  /* Edit mode offers the Turn tool (selected first) and the six tile kinds. */
  g_assert_cmpint (hb_palette_bar_get_n_entries (palette), ==, 7);
  g_assert_cmpint (hb_palette_bar_get_selected (palette), ==, LOOP_TOOL_TURN);

  /* A drag from (0, 0) into (1, 0) adds the arm pair across their edge:
   * east on the first tile, west on the second. */
  drag_cells (window, 0, 0, 1, 0);
  g_assert_cmpuint (loop_tile (window, 0, 0), ==, 1 << 1);
  g_assert_cmpuint (loop_tile (window, 1, 0), ==, 1 << 3);
  for (int i = 2; i < 9; i++)
    g_assert_cmpuint (loop_tiles (window)[i], ==, 0);
  /* A vertical drag adds the pair across a horizontal edge. */
  drag_cells (window, 1, 0, 1, 1);
  g_assert_cmpuint (loop_tile (window, 1, 0), ==, (1 << 3) | (1 << 2));
  g_assert_cmpuint (loop_tile (window, 1, 1), ==, 1 << 0);

  /* The same drag again removes that pair, and only it. */
  drag_cells (window, 1, 0, 1, 1);
  g_assert_cmpuint (loop_tile (window, 1, 0), ==, 1 << 3);
  g_assert_cmpuint (loop_tile (window, 1, 1), ==, 0);
  /* Each drag is one undo step. */
  activate (window, "undo");
  g_assert_cmpuint (loop_tile (window, 1, 0), ==, (1 << 3) | (1 << 2));
  g_assert_cmpuint (loop_tile (window, 1, 1), ==, 1 << 0);
  activate (window, "undo");
  g_assert_cmpuint (loop_tile (window, 1, 0), ==, 1 << 3);
  g_assert_cmpuint (loop_tile (window, 0, 0), ==, 1 << 1);

  /* Keys 2–7 pick a tile kind (3: an end); a click places it. */
  press_palette_key (window, 3);
  g_assert_cmpint (hb_palette_bar_get_selected (palette), ==, LOOP_KIND_END);
  hb_app_test_click_cell (window, 2, 2, 1);
  g_assert_cmpuint (loop_tile (window, 2, 2), ==, LOOP_KIND_END);
  /* The palette's own button for the cross (the seventh entry). */
  press_palette_button (window, 6);
  g_assert_cmpint (hb_palette_bar_get_selected (palette), ==, LOOP_KIND_CROSS);
  /* Play for a try and back: the entry picked stays picked (it went back
   * to the first after every try: review). */
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (30);
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_settle (30);
  g_assert_cmpint (hb_palette_bar_get_selected (palette), ==, LOOP_KIND_CROSS);
  memcpy (before, loop_tiles (window), 9);
  hb_app_test_click_cell (window, 1, 1, 1);
  g_assert_cmpuint (loop_tile (window, 1, 1), ==, LOOP_KIND_CROSS);
  activate (window, "undo");
  g_assert_cmpmem (loop_tiles (window), 9, before, 9);

  /* With the Turn tool (key 1) a click turns a tile: the end placed at
   * (2, 2) points north; a quarter turn clockwise points it east. */
  press_palette_key (window, 1);
  g_assert_cmpint (hb_palette_bar_get_selected (palette), ==, LOOP_TOOL_TURN);
  memcpy (before, loop_tiles (window), 9);
  hb_app_test_click_cell (window, 2, 2, 1);
  g_assert_cmpuint (loop_tile (window, 2, 2), ==, turn_cw (LOOP_KIND_END, 1));
  activate (window, "undo");
  g_assert_cmpmem (loop_tiles (window), 9, before, 9);
  /* With a kind chosen, a click on a tile of that kind turns it too. */
  press_palette_key (window, 3);
  hb_app_test_click_cell (window, 2, 2, 1);
  g_assert_cmpuint (loop_tile (window, 2, 2), ==, turn_cw (LOOP_KIND_END, 1));

  /* Undo all the way back to the file's empty board. */
  while (hb_window_get_action_enabled (window, "undo"))
    activate (window, "undo");
  g_assert_cmpmem (loop_tiles (window), 9, empty, 9);
  g_assert_false (hb_window_get_modified (window));

  g_free (text);
  g_rmdir (dir);
  g_free (dir);
  hb_app_test_window_close (window);
}

/* ---- Infinite Loop: hints and solvers ------------------------------------ */

/* The orange turn badge sits in a tile's top-right corner (loop-render.c);
 * counts the strongly orange pixels in that quarter of the cell. */
static int
orange_in_corner (HbWindow *window, const HbShot *shot, int x, int y)
{
  double x0, y0, x1, y1;
  int n = 0;

  hb_app_test_cell_point (window, x, y, 0.62, 0.02, &x0, &y0);
  hb_app_test_cell_point (window, x, y, 0.98, 0.38, &x1, &y1);
  for (int py = (int) y0; py < (int) y1; py++)
    for (int px = (int) x0; px < (int) x1; px++)
      {
        int rgb[3];
        hb_app_test_pixel (shot, px, py, rgb);
        n += rgb[0] > 200 && rgb[1] > 80 && rgb[1] < 160 && rgb[2] < 70;
      }
  return n;
}

/* Tiles not in the rotation `solved` gives them. */
static int
tiles_to_turn (const guint8 *tiles, const guint8 *solved, int n)
{
  int count = 0;

  for (int i = 0; i < n; i++)
    count += tiles[i] != solved[i];
  return count;
}

/* The window's result solves `initial`: applying its moves with this
 * file's turns gives the result's board, each tile a rotation of its
 * original and every arm matched. */
static void
check_loop_result (const HbState *initial, const HbResult *result)
{
  const LoopState *s = LOOP_CONST (initial);
  int w = initial->width, h = initial->height;
  guint8 *tiles = g_memdup2 (s->tiles, (gsize) w * h);

  g_assert_cmpint (result->status, ==, HB_STATUS_SOLVED);
  g_assert_nonnull (result->solved);
  for (guint i = 0; i < result->moves->len; i++)
    {
      const HbMove *m = &g_array_index (result->moves, HbMove, i);
      g_assert_cmpint (m->op, ==, LOOP_OP_ROTATE);
      g_assert_cmpint (m->x, >=, 0);
      g_assert_cmpint (m->x, <, w);
      g_assert_cmpint (m->y, >=, 0);
      g_assert_cmpint (m->y, <, h);
      tiles[m->y * w + m->x] = turn_cw (tiles[m->y * w + m->x], m->value);
    }
  g_assert_cmpmem (tiles, w * h, LOOP_CONST (result->solved)->tiles, w * h);
  for (int i = 0; i < w * h; i++)
    g_assert_true (is_rotation_of (s->tiles[i], tiles[i]));
  g_assert_true (arms_all_matched (tiles, w, h));
  g_free (tiles);
}

static void
test_loop_hints_and_solvers (void)
{
  HbWindow *window = hb_app_test_window_new ();
  char *dir = g_dir_make_tmp ("hintboard-games-XXXXXX", NULL);
  const int w = 6, h = 5, n = w * h;
  LoopState *level = loop_generate_level (w, h, 20261121);
  char *text = loop_text (level->tiles, w, h);
  LoopAnswer answer;
  guint8 *solved, *before;
  HbShot *on, *off;
  int turn, badges = 0;

  choose_game (window, "loop");
  open_level (window, dir, "level.loop", text);
  g_assert_cmpmem (loop_tiles (window), n, level->tiles, n);
  hb_window_set_mode (window, HB_MODE_PLAY);
  set_hints (window, TRUE);

  /* The fast solver's answer (the hint's source), checked here. */
  loop_fast_solve (level, 1, 0, NULL, NULL, &answer);
  g_assert_cmpint (answer.status, ==, HB_STATUS_SOLVED);
  solved = g_memdup2 (answer.solved, n);
  loop_answer_clear (&answer);
  for (int i = 0; i < n; i++)
    g_assert_true (is_rotation_of (level->tiles[i], solved[i]));
  g_assert_true (arms_all_matched (solved, w, h));
  turn = tiles_to_turn (level->tiles, solved, n);
  g_assert_cmpint (turn, >, 1);

  /* Hints on, every move shown: a badge on exactly the tiles that need a
   * turn. */
  {
    GSettings *settings = g_settings_new ("io.github.hintboard.Hintboard");
    g_settings_set_boolean (settings, "hint-show-all", TRUE);
    g_object_unref (settings);
    hb_app_test_settle (50);
  }
  on = shoot_board (window);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        gboolean want = level->tiles[y * w + x] != solved[y * w + x];
        if ((orange_in_corner (window, on, x, y) > 20) != want)
          g_error ("tile (%d, %d) should %shave a turn badge", x, y, want ? "" : "not ");
        badges += want;
      }
  g_assert_cmpint (badges, ==, turn);
  save_both_styles (window, "loop-play-hints");

  /* Hints off: no badge, other pixels. */
  set_hints (window, FALSE);
  off = shoot_board (window);
  g_assert_true (shots_differ (on, off));
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      g_assert_cmpint (orange_in_corner (window, off, x, y), ==, 0);
  hb_app_test_shot_free (on);
  hb_app_test_shot_free (off);
  set_hints (window, TRUE);

  /* "Next hint" turns one tile into its solved rotation. */
  before = g_memdup2 (loop_tiles (window), n);
  activate (window, "next-hint");
  hb_app_test_wait_hint (window);
  g_assert_cmpint (tiles_to_turn (loop_tiles (window), solved, n), ==, turn - 1);
  {
    int changed = 0;
    for (int i = 0; i < n; i++)
      if (loop_tiles (window)[i] != before[i])
        {
          changed++;
          g_assert_cmpuint (loop_tiles (window)[i], ==, solved[i]);
        }
    g_assert_cmpint (changed, ==, 1);
  }
  activate (window, "undo");
  g_assert_cmpmem (loop_tiles (window), n, level->tiles, n);
  g_free (before);

  /* The default solver is the fast one; its answer checks out here, and
   * applying it solves the board. */
  g_assert_cmpstr (hb_window_get_solver (window)->id, ==, "fast");
  solve_with (window, "fast");
  check_loop_result (hb_window_get_result_initial (window), hb_window_get_result (window));
  g_assert_cmpmem (LOOP_CONST (hb_window_get_result_initial (window))->tiles, n,
                   level->tiles, n);
  if (hb_window_is_playing_trace (window))
    activate (window, "cancel");
  activate (window, "apply-solution");
  g_assert_true (arms_all_matched (loop_tiles (window), w, h));
  g_assert_true (status_says_solved (window));
  activate (window, "undo");
  g_assert_cmpmem (loop_tiles (window), n, level->tiles, n);

  /* The write-up's backtracking: its answer checks out too, and the player
   * opens on its trace and steps through it. */
  solve_with (window, "backtrack");
  check_loop_result (hb_window_get_result_initial (window), hb_window_get_result (window));
  play_player_mid_way (window, "loop-player-backtrack");
  activate (window, "cancel");
  g_assert_false (hb_window_is_playing_trace (window));

  g_free (solved);
  g_free (text);
  hb_state_free (&level->base);
  g_rmdir (dir);
  g_free (dir);
  hb_app_test_window_close (window);
}

/* ---- Flood-It: this file's own rules ------------------------------------- */

/* The cells connected to cell 0 through cells of its colour. */
static int
my_region (const guint8 *cells, int w, int h, guint8 *in)
{
  int *stack = g_new (int, w * h), top = 0, count = 0;

  memset (in, 0, w * h);
  stack[top++] = 0;
  in[0] = 1;
  while (top > 0)
    {
      int i = stack[--top], x = i % w, y = i / w;
      count++;
      for (int d = 0; d < 4; d++)
        {
          int nx = x + dx[d], ny = y + dy[d], j = ny * w + nx;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h || in[j] || cells[j] != cells[0])
            continue;
          in[j] = 1;
          stack[top++] = j;
        }
    }
  g_free (stack);
  return count;
}

/* One move: the region of cell 0 takes colour c. */
static void
my_flood (guint8 *cells, int w, int h, int c)
{
  guint8 *in = g_new (guint8, w * h);

  my_region (cells, w, h, in);
  for (int i = 0; i < w * h; i++)
    if (in[i])
      cells[i] = (guint8) c;
  g_free (in);
}

static const FloodState *
flood_state (HbWindow *window)
{
  g_assert_cmpstr (hb_window_get_game (window)->id, ==, "flood");
  return FLOOD_CONST (hb_window_get_state (window));
}

static int
flood_region_size (HbWindow *window)
{
  const FloodState *s = flood_state (window);
  guint8 *in = g_new (guint8, s->base.width * s->base.height);
  int n = my_region (s->cells, s->base.width, s->base.height, in);

  g_free (in);
  return n;
}

/* A colour other than the region's that borders it, and a cell of it. */
static int
flood_bordering_colour (const FloodState *s, int skip, int *cx, int *cy)
{
  int w = s->base.width, h = s->base.height;
  guint8 *in = g_new (guint8, w * h);
  int found = -1;

  my_region (s->cells, w, h, in);
  for (int i = 0; i < w * h && found < 0; i++)
    for (int d = 0; d < 4 && found < 0; d++)
      {
        int x = i % w, y = i / w, nx = x + dx[d], ny = y + dy[d], j = ny * w + nx;
        if (!in[i] || nx < 0 || ny < 0 || nx >= w || ny >= h || in[j]
            || s->cells[j] == skip)
          continue;
        found = s->cells[j];
        *cx = nx;
        *cy = ny;
      }
  g_free (in);
  return found;
}

static void
check_move_count (HbWindow *window, int moves)
{
  const FloodState *s = flood_state (window);
  char *want;

  g_assert_cmpint (s->moves, ==, moves);
  if (s->move_limit > 0)
    want = g_strdup_printf ("%d / %d move", moves, s->move_limit);
  else
    want = g_strdup_printf ("%d move", moves);
  if (!g_str_has_prefix (hb_window_get_status_text (window), want))
    g_error ("the status \"%s\" should start with \"%s\"",
             hb_window_get_status_text (window), want);
  g_free (want);
}

/* ---- Flood-It -------------------------------------------------------------- */

static gboolean
choose_game_offered (gpointer data)
{
  return hb_window_get_action_enabled (HB_WINDOW (data), "choose-game");
}

/* Switching games keeps the level left open in each, with its moves and
 * Undo: Infinite Loop's level with two turns made, then Flood-It with a
 * move, then back to each (it opened another level, fresh). */
static void
test_switch_keeps_levels (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbState *loop_played, *flood_played;
  g_autofree char *loop_key = NULL;

  choose_game (window, "loop");
  /* The solver chosen for a game is kept for it too (it went back to
   * the default). */
  g_assert_true (hb_window_select_solver (window, "dlx"));
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_click_cell (window, 0, 0, 1);
  hb_app_test_click_cell (window, 1, 0, 1);
  hb_app_test_settle (300);
  loop_played = hb_state_copy (hb_window_get_state (window));
  loop_key = g_strdup (window->level_key);
  g_assert_cmpuint (hb_window_play_moves (window), >, 0);
  g_assert_true (hb_window_get_action_enabled (window, "undo"));
  /* The try's clock and hints go and come back with the level (the
   * clock started again at 0:00, the hints forgotten): as if it had
   * run 100 s, with two hints taken. */
  g_assert_cmpint (window->play_start, !=, 0);
  window->play_start = g_get_monotonic_time () - 100 * G_USEC_PER_SEC;
  window->hints_taken = 2;

  choose_game (window, "flood");
  g_assert_cmpuint (window->hints_taken, ==, 0);
  hb_app_test_click_cell (window, 1, 1, 1);
  hb_app_test_settle (300);
  flood_played = hb_state_copy (hb_window_get_state (window));
  g_assert_cmpstr (hb_window_get_solver (window)->id, ==, "optimal");

  g_assert_true (hb_window_select_game (window, "loop"));
  /* The kept time shows at once ("0:00" until the clock's next tick:
   * review). */
  if (strstr (hb_window_get_status_text (window), "1:4") == NULL)
    g_error ("status “%s”", hb_window_get_status_text (window));
  hb_app_test_wait_hint (window);
  g_assert_cmpstr (hb_window_get_solver (window)->id, ==, "dlx");
  g_assert_true (hb_window_get_game (window)->equal (loop_played, hb_window_get_state (window)));
  g_assert_cmpuint (hb_window_play_moves (window), ==, 2);
  g_assert_true (hb_window_get_action_enabled (window, "undo"));
  g_assert_cmpstr (window->level_key, ==, loop_key);
  g_assert_cmpuint (window->hints_taken, ==, 2);
  g_assert_cmpint (window->play_end, ==, 0);
  g_assert_cmpuint (window->clock_id, !=, 0);
  g_assert_cmpint (g_get_monotonic_time () - window->play_start, >=, 100 * G_USEC_PER_SEC);
  hb_app_test_activate (window, "undo", NULL);
  g_assert_cmpuint (hb_window_play_moves (window), ==, 1);

  choose_game (window, "flood");
  g_assert_true (hb_window_get_game (window)->equal (flood_played, hb_window_get_state (window)));
  hb_state_free (loop_played);
  hb_state_free (flood_played);
  hb_app_test_window_close (window);
}

/* Opening another game's file keeps the level left open, as the game
 * chooser does: a Flow Free file opened and played, an Enlight file
 * opened over it, then Flow Free again brings the file back with its
 * name, its move and Undo, nothing unsaved (it showed Flow Free's first
 * bundled level). A level whose changes are discarded is not kept. */
static void
test_open_other_game_keeps_level (void)
{
  HbWindow *window = hb_app_test_window_new ();
  g_autofree char *dir = g_dir_make_tmp ("hintboard-keep-XXXXXX", NULL);
  g_autoptr (GFile) flow_file = NULL;
  HbState *played;

  choose_game (window, "flow");
  open_level (window, dir, "mine.flow", "R...G\n.....\n..B..\n.....\nR.B.G\n");
  flow_file = g_object_ref (hb_window_get_file (window));
  hb_window_set_mode (window, HB_MODE_PLAY);
  drag_cells (window, 0, 0, 0, 2);
  hb_app_test_settle (200);
  g_assert_cmpuint (hb_window_play_moves (window), ==, 1);
  played = hb_state_copy (hb_window_get_state (window));

  open_level (window, dir, "other.lights", "10\n01\n");
  g_assert_cmpstr (hb_window_get_game (window)->id, ==, "lights");
  choose_game (window, "flow");
  g_assert_nonnull (hb_window_get_file (window));
  g_assert_true (g_file_equal (hb_window_get_file (window), flow_file));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "mine.flow");
  g_assert_false (hb_document_get_modified (window->document));
  g_assert_true (hb_window_get_game (window)->equal (played, hb_window_get_state (window)));
  g_assert_cmpuint (hb_window_play_moves (window), ==, 1);
  g_assert_true (hb_window_get_action_enabled (window, "undo"));
  /* And the Enlight file, left for Flow Free, is back in its turn. */
  choose_game (window, "lights");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "other.lights");
  choose_game (window, "flow");

  /* Changed in Edit, the changes discarded (the tests' window does not
   * ask): not kept. */
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_click_cell (window, 2, 1, 1);
  g_assert_true (hb_document_get_modified (window->document));
  open_level (window, dir, "other.lights", "10\n01\n");
  choose_game (window, "flow");
  g_assert_null (hb_window_get_file (window));
  hb_state_free (played);
  g_rmdir (dir);
  hb_app_test_window_close (window);
}

/* The main menu's game list (win.choose-game, offered in a narrow window)
 * is a radio group: its state is the open game, and choosing one opens it. */
static void
test_choose_game_action (void)
{
  HbWindow *window = hb_app_test_window_new ();
  g_autofree char *id = NULL;

  /* Another game's level is a puzzle to play: it opens in Play, whatever
   * the mode was (an import leaves Edit on). */
  hb_window_set_mode (window, HB_MODE_EDIT);
  choose_game (window, "flood");
  g_assert_cmpint (hb_window_get_mode (window), ==, HB_MODE_PLAY);
  hb_window_set_mode (window, HB_MODE_EDIT);
  g_object_get (window, "game", &id, NULL);
  g_assert_cmpstr (id, ==, "flood");
  g_clear_pointer (&id, g_free);

  /* The menu offers the games once the chooser no longer fits. */
  g_assert_false (hb_window_get_action_enabled (window, "choose-game"));
  g_assert_cmpint (g_menu_model_get_n_items (G_MENU_MODEL (window->game_menu)), ==, 0);
  g_object_set (gtk_settings_get_default (), "gtk-decoration-layout", "appmenu:close", NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 400, HB_TEST_HEIGHT);
  hb_app_test_wait (choose_game_offered, window, 10000, "the game list in the menu");
  /* In a submenu, Game: the four as rows of their own made the menu taller
   * than a 768-px screen at 400 px wide. */
  {
    GMenuModel *section = G_MENU_MODEL (window->game_menu);
    g_autoptr (GMenuModel) sub = NULL;

    g_assert_cmpint (g_menu_model_get_n_items (section), ==, 1);
    sub = g_menu_model_get_item_link (section, 0, G_MENU_LINK_SUBMENU);
    g_assert_nonnull (sub);
    g_assert_cmpint (g_menu_model_get_n_items (sub), ==, 4);
  }
  hb_app_test_activate (window, "choose-game", g_variant_new_string ("loop"));
  hb_app_test_wait_hint (window);
  g_assert_cmpstr (hb_window_get_game (window)->id, ==, "loop");
  g_object_get (window, "game", &id, NULL);
  g_assert_cmpstr (id, ==, "loop");
  g_clear_pointer (&id, g_free);

  /* An unknown id changes nothing. */
  hb_app_test_activate (window, "choose-game", g_variant_new_string ("chess"));
  hb_app_test_settle (30);
  g_assert_cmpstr (hb_window_get_game (window)->id, ==, "loop");
  hb_app_test_window_close (window);
}

static gboolean
header_title_is_short (gpointer data)
{
  HbWindow *window = data;

  return g_strcmp0 (adw_window_title_get_title (window->window_title), "lights-03-5x5") == 0;
}

static gboolean
header_title_is_full (gpointer data)
{
  HbWindow *window = data;

  return g_strcmp0 (adw_window_title_get_title (window->window_title), "lights-03-5x5.lights") == 0;
}

/* Narrow, the header's title drops the game's own ending (the subtitle
 * names the game): at 400 px "lights-03-5x5.lights" read "ligh…ghts".
 * The window's title keeps it; the unsaved mark stays; wide again, the
 * whole name. */
static void
test_narrow_title (void)
{
  HbWindow *window = hb_app_test_window_new ();
  g_autofree char *dir = g_dir_make_tmp ("hintboard-title-XXXXXX", NULL);

  open_level (window, dir, "lights-03-5x5.lights", "10\n01\n");
  g_assert_true (header_title_is_full (window));
  gtk_window_set_default_size (GTK_WINDOW (window), 400, HB_TEST_HEIGHT);
  hb_app_test_wait (header_title_is_short, window, 10000, "the short title");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "lights-03-5x5.lights");
  hb_window_set_mode (window, HB_MODE_PLAY);
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==, "Enlight");
  hb_window_set_mode (window, HB_MODE_EDIT);
  /* Narrow, one icon is left to tell the modes apart: the subtitle says
   * Edit mode too, and the game's name again in Play. */
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==, "Editing Enlight");
  hb_app_test_click_cell (window, 0, 0, 1);
  g_assert_cmpstr (adw_window_title_get_title (window->window_title), ==, "lights-03-5x5 •");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "lights-03-5x5.lights •");
  hb_app_test_activate (window, "undo", NULL);
  hb_window_set_mode (window, HB_MODE_PLAY);
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==, "Enlight");
  hb_window_set_mode (window, HB_MODE_EDIT);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, HB_TEST_HEIGHT);
  hb_app_test_wait (header_title_is_full, window, 10000, "the whole title");
  /* Wide, the labelled Edit toggle says it. */
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==, "Enlight");
  hb_app_test_window_close (window);
  g_rmdir (dir);

  /* A window that opens narrow (its last width) is narrowed before it has
   * a level: the title waits for one (it crashed there). */
  {
    g_autoptr (GSettings) settings = g_settings_new ("io.github.hintboard.Hintboard");

    g_settings_set_int (settings, "window-width", 400);
    window = hb_app_test_window_new_fresh ();
    g_assert_nonnull (adw_window_title_get_title (window->window_title));
    g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==, "Enlight");
    hb_app_test_window_close (window);
    g_settings_reset (settings, "window-width");
  }
}

static void
test_flood_random_and_colours_row (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkWidget *row = hb_window_get_colours_row (window);
  GtkAdjustment *colours = hb_window_get_colours_adjustment (window);
  const FloodState *s;
  guint used = 0;

  GtkWidget *fold = hb_app_test_find_row (GTK_WIDGET (window), "New Le_vels");

  /* In Play the row is in the New Levels fold, which also says the count
   * ("14 × 14, 6 colours") where the game has one: opened. */
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (fold), TRUE);
  choose_game (window, "flood");
  g_assert_true (gtk_widget_get_visible (row));
  g_assert_true (gtk_widget_get_mapped (row));
  g_assert_nonnull (strstr (adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (fold)), "colours"));
  g_assert_true (gtk_widget_get_visible (hb_app_test_find_row (GTK_WIDGET (window),
                                                               "Colour _Labels")));
  choose_game (window, "lights");
  g_assert_false (gtk_widget_get_visible (row));
  g_assert_false (gtk_widget_get_mapped (row));
  g_assert_null (strstr (adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (fold)), "colour"));
  /* Enlight has no colours to label either. */
  g_assert_false (gtk_widget_get_visible (hb_app_test_find_row (GTK_WIDGET (window),
                                                                "Colour _Labels")));
  choose_game (window, "flood");
  g_assert_true (gtk_widget_get_mapped (row));

  /* Random with 4 colours: a board of those 4 colours (the seed fixed, so
   * the run is the same each time). */
  gtk_adjustment_set_value (colours, 4);
  g_random_set_seed (4242);
  activate (window, "random");
  hb_app_test_wait_hint (window);
  s = flood_state (window);
  g_assert_cmpint (s->colours, ==, 4);
  g_assert_cmpint (s->moves, ==, 0);
  for (int i = 0; i < s->base.width * s->base.height; i++)
    {
      g_assert_cmpint (s->cells[i], <, 4);
      used |= 1u << s->cells[i];
    }
  g_assert_cmpuint (used, ==, 0xf);
  /* Play mode offers the 4 colours. */
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (30);
  g_assert_cmpint (hb_palette_bar_get_n_entries (hb_window_get_palette_bar (window)), ==, 4);

  /* Another count takes effect on the next Random. */
  gtk_adjustment_set_value (colours, 7);
  activate (window, "random");
  hb_app_test_wait_hint (window);
  g_assert_cmpint (flood_state (window)->colours, ==, 7);
  hb_app_test_window_close (window);
}

/* The Board group's Move limit row: shows the level's limit, sets it as
 * one undo step, follows undo, and only Flood-It has it. */
static void
test_flood_move_limit_row (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkWidget *row, *spin;
  GtkAdjustment *adj;
  int before;

  choose_game (window, "flood");
  g_random_set_seed (99);
  activate (window, "random");
  hb_app_test_wait_hint (window);
  row = hb_app_test_find_row (GTK_WIDGET (window), "_Move limit");
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_get_mapped (row));
  spin = hb_app_test_find_first (row, GTK_TYPE_SPIN_BUTTON);
  g_assert_nonnull (spin);
  adj = gtk_spin_button_get_adjustment (GTK_SPIN_BUTTON (spin));
  before = flood_state (window)->move_limit;
  g_assert_cmpint (before, >, 0);     /* a random level has the greedy's limit */
  g_assert_cmpint ((int) gtk_adjustment_get_value (adj), ==, before);
  g_assert_false (hb_window_get_modified (window));

  gtk_adjustment_set_value (adj, before + 7);
  hb_app_test_settle (30);
  g_assert_cmpint (flood_state (window)->move_limit, ==, before + 7);
  g_assert_true (hb_window_get_modified (window));
  {
    /* The status line says the new limit: in Edit as the design's, in
     * Play as what the moves count against. */
    g_autofree char *want = g_strdup_printf ("at most %d moves", before + 7);
    g_autofree char *play = g_strdup_printf ("0 / %d moves", before + 7);
    g_assert_cmpint (hb_window_get_mode (window), ==, HB_MODE_EDIT);
    g_assert_nonnull (strstr (hb_window_get_status_text (window), want));
    hb_window_set_mode (window, HB_MODE_PLAY);
    g_assert_nonnull (strstr (hb_window_get_status_text (window), play));
    hb_window_set_mode (window, HB_MODE_EDIT);
  }

  /* 0: no limit. */
  gtk_adjustment_set_value (adj, 0);
  hb_app_test_settle (30);
  g_assert_cmpint (flood_state (window)->move_limit, ==, 0);

  /* Each change was an undo step; the row follows the level back. */
  activate (window, "undo");
  g_assert_cmpint (flood_state (window)->move_limit, ==, before + 7);
  g_assert_cmpint ((int) gtk_adjustment_get_value (adj), ==, before + 7);
  activate (window, "undo");
  g_assert_cmpint (flood_state (window)->move_limit, ==, before);
  g_assert_cmpint ((int) gtk_adjustment_get_value (adj), ==, before);

  choose_game (window, "lights");
  g_assert_false (gtk_widget_get_mapped (row));
  hb_app_test_window_close (window);
}

static void
test_flood_play_edit_solve (void)
{
  HbWindow *window = hb_app_test_window_new ();
  const FloodState *s;
  int w, h, n, c, cx, cy, region;
  guint8 *initial, *want;
  HbShot *on, *off;

  choose_game (window, "flood");
  gtk_adjustment_set_value (hb_window_get_colours_adjustment (window), 4);
  g_random_set_seed (77);
  activate (window, "random");
  hb_app_test_wait_hint (window);
  s = flood_state (window);
  w = s->base.width;
  h = s->base.height;
  n = w * h;
  g_assert_cmpint (s->colours, ==, 4);
  initial = g_memdup2 (s->cells, n);
  want = g_new (guint8, n);

  /* The optimal solver (the default) on the fresh board: its colours,
   * replayed here, make one colour in the number of moves it reports, and
   * within the board's move limit. */
  g_assert_cmpstr (hb_window_get_solver (window)->id, ==, "optimal");
  solve_with (window, "optimal");
  {
    const HbResult *r = hb_window_get_result (window);
    char *best;

    g_assert_cmpint (r->status, ==, HB_STATUS_SOLVED);
    g_assert_true (r->optimal);
    g_assert_cmpmem (FLOOD_CONST (hb_window_get_result_initial (window))->cells, n,
                     initial, n);
    memcpy (want, initial, n);
    for (guint i = 0; i < r->moves->len; i++)
      {
        const HbMove *m = &g_array_index (r->moves, HbMove, i);
        g_assert_cmpint (m->op, ==, FLOOD_OP_FLOOD);
        g_assert_cmpint (m->value, >=, 0);
        g_assert_cmpint (m->value, <, 4);
        my_flood (want, w, h, m->value);
      }
    for (int i = 0; i < n; i++)
      g_assert_cmpint (want[i], ==, want[0]);
    best = g_strdup_printf ("%u", r->moves->len);
    g_assert_cmpstr (hb_result_get_stat (r, "best found"), ==, best);
    g_assert_cmpstr (hb_result_get_stat (r, "lower bound"), ==, best);
    g_free (best);
    if (s->move_limit > 0)
      g_assert_cmpint ((int) r->moves->len, <=, s->move_limit);
    g_test_message ("optimal: %u moves (limit %d)", r->moves->len, s->move_limit);
    /* The player replays the answer's search and moves. */
    play_player_mid_way (window, "flood-player-optimal");
    activate (window, "cancel");

    /* Applied in play mode, the answer solves the board in its count. */
    hb_window_set_mode (window, HB_MODE_PLAY);
    activate (window, "apply-solution");
    g_assert_cmpmem (flood_state (window)->cells, n, want, n);
    check_move_count (window, (int) r->moves->len);
    g_assert_nonnull (strstr (hb_window_get_status_text (window), " · Solved"));
    activate (window, "undo");
    g_assert_cmpmem (flood_state (window)->cells, n, initial, n);
  }

  /* Play: a click on a cell bordering the flooded region floods with that
   * cell's colour; the region grows as this file's fill says. */
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (30);
  s = flood_state (window);
  check_move_count (window, 0);
  region = flood_region_size (window);
  c = flood_bordering_colour (s, s->cells[0], &cx, &cy);
  g_assert_cmpint (c, >=, 0);
  memcpy (want, s->cells, n);
  my_flood (want, w, h, c);
  hb_app_test_click_cell (window, cx, cy, 1);
  s = flood_state (window);
  g_assert_cmpmem (s->cells, n, want, n);
  g_assert_cmpint (s->cells[0], ==, c);
  g_assert_cmpint (flood_region_size (window), >, region);
  check_move_count (window, 1);

  /* A click inside the flooded region is no move. */
  hb_app_test_click_cell (window, 0, 0, 1);
  check_move_count (window, 1);

  /* The palette's button of a colour that borders the region floods with
   * it. */
  region = flood_region_size (window);
  c = flood_bordering_colour (s, s->cells[0], &cx, &cy);
  g_assert_cmpint (c, >=, 0);
  memcpy (want, s->cells, n);
  my_flood (want, w, h, c);
  press_palette_button (window, c);
  s = flood_state (window);
  g_assert_cmpmem (s->cells, n, want, n);
  g_assert_cmpint (flood_region_size (window), >, region);
  check_move_count (window, 2);

  /* The hint overlay: on and off draw differently. */
  set_hints (window, TRUE);
  on = shoot_board (window);
  save_both_styles (window, "flood-play-hints");
  set_hints (window, FALSE);
  off = shoot_board (window);
  g_assert_true (shots_differ (on, off));
  hb_app_test_shot_free (on);
  hb_app_test_shot_free (off);
  set_hints (window, TRUE);

  /* "Next hint" plays one move. */
  activate (window, "next-hint");
  hb_app_test_wait_hint (window);
  check_move_count (window, 3);
  activate (window, "undo");
  check_move_count (window, 2);

  /* Edit: colour 3 from the palette keys, then a drag along the bottom row
   * paints every cell it crosses, as one undo step. */
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_settle (30);
  /* Edit shows the level as drawn, without the two moves played: an edit
   * used to start from the played board and so wrote the flood into the
   * level (found by a review: Save As then wrote it). */
  g_assert_cmpmem (flood_state (window)->cells, n, initial, n);
  g_assert_cmpint (flood_state (window)->moves, ==, 0);
  /* The level's four colours and a new one to add. */
  g_assert_cmpint (hb_palette_bar_get_n_entries (hb_window_get_palette_bar (window)), ==, 5);
  press_palette_key (window, 3);   /* the chip labelled 3 */
  g_assert_cmpint (hb_palette_bar_get_selected (hb_window_get_palette_bar (window)), ==, 3);
  /* Key 0 picks colour 0, the first chip. */
  press_palette_key (window, 0);
  g_assert_cmpint (hb_palette_bar_get_selected (hb_window_get_palette_bar (window)), ==, 0);
  press_palette_key (window, 3);
  s = flood_state (window);
  memcpy (want, s->cells, n);
  for (int x = 0; x < w; x++)
    want[(h - 1) * w + x] = 3;
  drag_cells (window, 0, h - 1, w - 1, h - 1);
  g_assert_cmpmem (flood_state (window)->cells, n, want, n);
  /* A click paints one cell, with the colour picked by its button (one
   * the cell does not have). */
  c = (s->cells[w - 1] + 1) % 4;
  press_palette_button (window, c);
  g_assert_cmpint (hb_palette_bar_get_selected (hb_window_get_palette_bar (window)), ==, c);
  hb_app_test_click_cell (window, w - 1, 0, 1);
  want[w - 1] = (guint8) c;
  g_assert_cmpmem (flood_state (window)->cells, n, want, n);
  activate (window, "undo");
  want[w - 1] = s->cells[w - 1];
  g_assert_cmpmem (flood_state (window)->cells, n, want, n);
  activate (window, "undo");
  g_assert_cmpmem (flood_state (window)->cells, n, s->cells, n);
  g_assert_cmpmem (flood_state (window)->cells, n, initial, n);
  /* Edit's undo passes over the play moves, which Play shows again: the
   * two played before the edits. Undo is off, though the level Random
   * replaced is still offered: those moves are the level's own, and went
   * with it when Undo brought that level back. */
  g_assert_false (hb_window_get_action_enabled (window, "undo"));
  g_assert_true (hb_window_back_offered (window));
  hb_window_set_mode (window, HB_MODE_PLAY);
  check_move_count (window, 2);
  g_assert_true (hb_window_get_action_enabled (window, "undo"));

  g_free (initial);
  g_free (want);
  hb_app_test_window_close (window);
}

/* Every named icon stays alive once made (hb-icon-keep.c): GTK 4.8 could
 * finalize one on its loader thread while a new window looked it up
 * (a CI failure). An icon nothing holds, pushed out of the theme's ring
 * of 100 recent lookups by others, is still there (without the keep it
 * is finalized here, on the main thread, at once). */
static void
test_icons_kept (void)
{
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gdk_display_get_default ());
  GtkIconPaintable *icon;
  gpointer alive;
  guint before = hb_icons_kept ();

  icon = gtk_icon_theme_lookup_icon (theme, "edit-undo-symbolic", NULL, 23, 1, GTK_TEXT_DIR_NONE, 0);
  alive = icon;
  g_object_add_weak_pointer (G_OBJECT (icon), &alive);
  g_object_unref (icon);
  for (int size = 24; size <= 128; size++)
    g_object_unref (gtk_icon_theme_lookup_icon (theme, "edit-redo-symbolic", NULL, size, 1,
                                                GTK_TEXT_DIR_NONE, 0));
  g_assert_nonnull (alive);
  g_assert_cmpuint (hb_icons_kept (), >, before);
  g_object_remove_weak_pointer (G_OBJECT (alive), &alive);
}

/* A fatal warning (SIGTRAP) prints every thread's stack before the test
 * dies (hb-app-test.c), so a CI log says where a critical came from. */
static void
test_stacks_on_trap (void)
{
  g_autofree char *gdb = g_find_program_in_path ("gdb");

  if (gdb == NULL)
    {
      g_test_skip ("no gdb");
      return;
    }
  if (g_test_subprocess ())
    {
      raise (SIGTRAP);
      return;
    }
  g_test_trap_subprocess (NULL, 120 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*" HB_APP_TEST_STACKS "*#0 *test_stacks_on_trap*");
}

int
main (int argc, char *argv[])
{
  hb_app_test_init (&argc, &argv);
  g_test_add_func ("/app/games/narrow-title", test_narrow_title);
  g_test_add_func ("/app/games/loop/play", test_loop_play);
  g_test_add_func ("/app/games/loop/edit", test_loop_edit);
  g_test_add_func ("/app/games/loop/hints-and-solvers", test_loop_hints_and_solvers);
  g_test_add_func ("/app/games/flood/random-and-colours-row", test_flood_random_and_colours_row);
  g_test_add_func ("/app/games/choose-game-action", test_choose_game_action);
  g_test_add_func ("/app/games/switch-keeps-levels", test_switch_keeps_levels);
  g_test_add_func ("/app/games/open-other-game-keeps-level", test_open_other_game_keeps_level);
  g_test_add_func ("/app/games/flood/move-limit-row", test_flood_move_limit_row);
  g_test_add_func ("/app/games/flood/play-edit-solve", test_flood_play_edit_solve);
  g_test_add_func ("/app/games/icons-kept", test_icons_kept);
  g_test_add_func ("/app/games/stacks-on-trap", test_stacks_on_trap);
  return g_test_run ();
}
