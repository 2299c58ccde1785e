/* test-app-cache.c: the board view keeps a large board as last drawn
 * and paints it again when nothing it shows changed
 * (hb-board-view-cache.c), draws a move into it where the move changed
 * the board, and never shows a stale board: after a move, Undo and Redo,
 * another level, the dark style, the hints, a zoom, the keyboard cursor
 * or the pointer over a cell, what it draws is what a fresh render of
 * the board draws. Speed is not asserted (shared machines): the README
 * gives the measured numbers. */
#include <adwaita.h>
#include <string.h>

#include "hb-app-test.h"
#include "hb-document.h"
#include "hb-registry.h"
#include "flow.h"

/* The most a channel may differ between the board painted from the one
 * kept and a fresh render: rounding where an antialiased edge is drawn
 * onto a transparent image and then onto the page, instead of onto the
 * page directly (the board's rounded edge: up to 2), and where cairo
 * composites a translucent line within a clip (Infinite Loop's grid
 * lines through the square redrawn round the pointer: up to 3). A stale
 * board differs by 40 and more. */
#define TOLERANCE 4

static HbState *
generate (const char *game_id, int w, int h, guint64 seed)
{
  const HbGame *game = hb_registry_find_game (game_id);
  HbGenerateParams params = { .width = w, .height = h, .seed = seed };
  GError *error = NULL;
  HbState *state = game->generate (&params, &error);

  g_assert_no_error (error);
  g_assert_nonnull (state);
  return state;
}

static void
set_level (HbWindow *window, HbState *state)
{
  hb_document_set_level (hb_window_get_document (window), state, NULL, "Cache");
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_wait_hint (window);
  hb_app_test_settle (50);
}

/* The view as it draws now: a redraw is asked for first, so that its
 * draw function runs (a snapshot otherwise shows the last frame). */
static HbShot *
draw (HbBoardView *view)
{
  gtk_widget_queue_draw (GTK_WIDGET (view));
  return hb_app_test_shot (GTK_WIDGET (view));
}

/* The most a byte of `a` and `b` differ, and where (widget pixels). */
static int
difference_at (const HbShot *a, const HbShot *b, int *where_x, int *where_y)
{
  int most = 0;

  g_assert_cmpint (a->width, ==, b->width);
  g_assert_cmpint (a->height, ==, b->height);
  for (int y = 0; y < a->height; y++)
    for (int x = 0; x < a->width * 4; x++)
      {
        int d = abs ((int) a->data[y * a->stride + x] - (int) b->data[y * b->stride + x]);
        if (d > most)
          {
            most = d;
            *where_x = x / 4;
            *where_y = y;
          }
      }
  return most;
}

static int
max_difference (const HbShot *a, const HbShot *b)
{
  int x, y;

  return difference_at (a, b, &x, &y);
}

/* What the view draws now (policy `policy`) is what a fresh render of
 * the same board draws; returns the first. */
static HbShot *
assert_fresh (HbBoardView *view, int policy, const char *what)
{
  HbShot *shot = draw (view), *fresh;
  int d, x = 0, y = 0;

  hb_board_view_set_cache_policy (view, -1);
  fresh = draw (view);
  hb_board_view_set_cache_policy (view, policy);
  d = difference_at (shot, fresh, &x, &y);
  if (d > TOLERANCE)
    {
      const char *dir = g_getenv ("HB_TEST_SNAPSHOT_DIR");

      if (dir != NULL)
        {
          g_autofree char *a = g_build_filename (dir, "cache-drawn.png", NULL);
          g_autofree char *b = g_build_filename (dir, "cache-fresh.png", NULL);
          gdk_texture_save_to_png (shot->texture, a);
          gdk_texture_save_to_png (fresh->texture, b);
        }
      g_error ("%s: the board drawn differs from a fresh render by %d at (%d, %d)",
               what, d, x, y);
    }
  hb_app_test_shot_free (fresh);
  return shot;
}

/* The pointer over (x, y) of the view, as its motion controller reports
 * it. */
static void
hover (HbBoardView *view, double x, double y)
{
  GListModel *controllers = gtk_widget_observe_controllers (GTK_WIDGET (view));
  gboolean sent = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !sent; i++)
    {
      GObject *c = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_MOTION (c))
        {
          g_signal_emit_by_name (c, "motion", x, y);
          sent = TRUE;
        }
      g_object_unref (c);
    }
  g_object_unref (controllers);
  g_assert_true (sent);
}

static void
cell_centre (HbBoardView *view, int x, int y, double *px, double *py)
{
  HbLayout l;

  hb_board_view_get_layout (view, &l);
  *px = l.x0 + (x + 0.5) * l.cell;
  *py = l.y0 + (y + 0.5) * l.cell;
}

/* A board of a million cells is kept: the second draw paints the first's
 * picture, and so do draws as the pointer moves over it, with the
 * hovered cell's ring drawn as a fresh render draws it. A 20 × 20 board
 * is drawn whole every time, as before. */
static void
test_large_board_kept (void)
{
  HbWindow *window = hb_app_test_window_new_fresh ();
  HbBoardView *view = hb_window_get_board_view (window);
  HbShot *first, *second, *hovered;
  guint before;
  double px, py;

  set_level (window, generate ("loop", 1024, 1024, 1));
  first = draw (view);
  before = hb_board_view_get_cache_draws (view);
  second = draw (view);
  g_assert_cmpuint (hb_board_view_get_cache_draws (view), ==, before + 1);
  g_assert_cmpint (max_difference (first, second), <=, TOLERANCE);

  cell_centre (view, 500, 400, &px, &py);
  hover (view, px, py);
  before = hb_board_view_get_cache_draws (view);
  hovered = assert_fresh (view, 0, "hover on a large board");
  g_assert_cmpuint (hb_board_view_get_cache_draws (view), ==, before + 1);
  /* The ring is there. */
  g_assert_cmpint (max_difference (hovered, second), >, 40);
  hb_app_test_shot_free (first);
  hb_app_test_shot_free (second);
  hb_app_test_shot_free (hovered);

  set_level (window, generate ("loop", 20, 20, 1));
  before = hb_board_view_get_cache_draws (view);
  hb_app_test_shot_free (draw (view));
  hb_app_test_shot_free (draw (view));
  cell_centre (view, 5, 5, &px, &py);
  hover (view, px, py);
  hb_app_test_shot_free (draw (view));
  g_assert_cmpuint (hb_board_view_get_cache_draws (view), ==, before);
  hb_app_test_window_close (window);
}

static gboolean
board_changed (gpointer data)
{
  gpointer *d = data;
  HbWindow *window = d[0];

  return !hb_window_get_game (window)->equal (d[1], hb_window_get_state (window));
}

/* One move, the next the hint suggests, made as the button makes it. */
static void
make_move (HbWindow *window)
{
  HbState *before = hb_state_copy (hb_window_get_state (window));
  gpointer d[2] = { window, before };

  hb_app_test_activate (window, "next-hint", NULL);
  hb_app_test_wait (board_changed, d, 20000, "the hint's move");
  hb_app_test_wait_hint (window);
  hb_app_test_settle (50);
  hb_state_free (before);
}

static void
set_hints (HbWindow *window, gboolean show)
{
  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-hints",
                                      g_variant_new_boolean (show));
  hb_app_test_wait_hint (window);
  hb_app_test_settle (50);
}

/* `now` shows something else than `before`. */
static void
assert_changed (const HbShot *before, const HbShot *now, const char *what)
{
  if (max_difference (before, now) <= TOLERANCE)
    g_error ("%s: the board drawn did not change", what);
}

/* With every board kept (the policy the tests can set), every change
 * draws the new board, as a fresh render does; a draw that changes
 * nothing paints the one kept. */
static void
test_changes_draw_new_board (gconstpointer data)
{
  const char *game_id = data;
  HbWindow *window = hb_app_test_window_new_fresh ();
  HbBoardView *view = hb_window_get_board_view (window);
  AdwStyleManager *style = adw_style_manager_get_default ();
  HbShot *before, *now;
  guint kept;
  double px, py;

#define STEP(what, change)                                      \
  G_STMT_START {                                                \
    before = draw (view);                                       \
    kept = hb_board_view_get_cache_draws (view);                \
    g_assert_cmpuint (kept, >, 0);                              \
    change;                                                     \
    now = assert_fresh (view, 1, what);                         \
    assert_changed (before, now, what);                         \
    hb_app_test_shot_free (before);                             \
    hb_app_test_shot_free (now);                                \
  } G_STMT_END

  set_level (window, generate (game_id, 24, 18, 1));
  hb_board_view_set_cache_policy (view, 1);
  hb_app_test_shot_free (draw (view));
  hb_app_test_shot_free (assert_fresh (view, 1, "the first draw"));

  STEP ("a move", make_move (window));
  STEP ("another level", set_level (window, generate (game_id, 24, 18, 2)));
  STEP ("the dark style",
        adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK));
  STEP ("the light style",
        adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_LIGHT));
  STEP ("the hints shown", set_hints (window, TRUE));
  STEP ("the hints hidden", set_hints (window, FALSE));
  gtk_widget_grab_focus (GTK_WIDGET (view));
  hb_app_test_wait_board_focus (window);
  STEP ("the keyboard cursor", hb_board_view_move_cursor (view, 1, 0));
  STEP ("the keyboard cursor moved", hb_board_view_move_cursor (view, 0, 1));
  STEP ("a zoom", hb_board_view_zoom (view, 1.5));
  STEP ("the pointer over a cell",
        cell_centre (view, 6, 5, &px, &py); hover (view, px, py));
  STEP ("the pointer over another",
        cell_centre (view, 9, 7, &px, &py); hover (view, px, py));
  STEP ("the zoom back", hb_board_view_zoom (view, 0));
#undef STEP

  /* Nothing changed: the board kept is painted. */
  hb_app_test_shot_free (draw (view));
  kept = hb_board_view_get_cache_draws (view);
  hb_app_test_shot_free (draw (view));
  g_assert_cmpuint (hb_board_view_get_cache_draws (view), ==, kept + 1);
  /* The pointer moving, the hints hidden: the board kept, with the
   * hovered cell drawn over it (Flood-It drew all again, for a badge
   * that only the hints show). */
  cell_centre (view, 2, 3, &px, &py);
  hover (view, px, py);
  hb_app_test_shot_free (assert_fresh (view, 1, "the pointer again"));
  hb_app_test_shot_free (draw (view));
  kept = hb_board_view_get_cache_draws (view);
  cell_centre (view, 4, 3, &px, &py);
  hover (view, px, py);
  hb_app_test_shot_free (draw (view));
  g_assert_cmpuint (hb_board_view_get_cache_draws (view), ==, kept + 1);

  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  hb_app_test_window_close (window);
}

/* The board as it shows now is what a fresh render draws, `change` made
 * (the board kept drawn once more before). */
#define FOLLOWS(view, what, change)                             \
  G_STMT_START {                                                \
    hb_app_test_shot_free (draw (view));                        \
    hb_app_test_shot_free (draw (view));                        \
    change;                                                     \
    hb_app_test_shot_free (assert_fresh (view, 1, what));       \
  } G_STMT_END

static void
settle_hint (HbWindow *window, guint ms)
{
  hb_app_test_wait_hint (window);
  hb_app_test_settle (ms);
}

/* What else the picture depends on, with every board kept and the
 * pointer over a cell: the colour labels and Show All Moves (the hint
 * flags), Edit and Play, an Undo and a Redo back to an equal board, the
 * player opened and closed (the board kept from before it is right
 * again), the solution applied, a screenshot's picture under the board
 * in Edit, hidden and shown, a row added round it and taken back, and a
 * new level and the Undo that brings the last one back. */
static void
test_more_changes (gconstpointer data)
{
  const char *game_id = data;
  HbWindow *window = hb_app_test_window_new_fresh ();
  HbBoardView *view = hb_window_get_board_view (window);
  GSettings *settings = g_settings_new ("io.github.hintboard.Hintboard");
  cairo_surface_t *picture = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 400, 300);
  guint8 *unsure = g_new0 (guint8, 24 * 18);
  cairo_t *cr = cairo_create (picture);
  double px, py;

  cairo_set_source_rgb (cr, 0.2, 0.8, 0.3);
  cairo_paint (cr);
  cairo_destroy (cr);
  unsure[5] = 1;

  set_level (window, generate (game_id, 24, 18, 1));
  hb_board_view_set_cache_policy (view, 1);
  cell_centre (view, 3, 3, &px, &py);
  hover (view, px, py);
  FOLLOWS (view, "the colour labels",
           g_settings_set_boolean (settings, "colour-labels", TRUE); hb_app_test_settle (50));
  FOLLOWS (view, "the hints", set_hints (window, TRUE));
  FOLLOWS (view, "Show All Moves",
           g_settings_set_boolean (settings, "hint-show-all", TRUE); hb_app_test_settle (50));
  FOLLOWS (view, "a move with the hints", make_move (window));
  FOLLOWS (view, "Undo", hb_app_test_activate (window, "undo", NULL); settle_hint (window, 50));
  FOLLOWS (view, "Redo", hb_app_test_activate (window, "redo", NULL); settle_hint (window, 50));
  FOLLOWS (view, "Undo again", hb_app_test_activate (window, "undo", NULL); settle_hint (window, 50));
  FOLLOWS (view, "Edit", hb_window_set_mode (window, HB_MODE_EDIT); settle_hint (window, 350));
  FOLLOWS (view, "the pointer in Edit", cell_centre (view, 5, 4, &px, &py); hover (view, px, py));
  FOLLOWS (view, "Play", hb_window_set_mode (window, HB_MODE_PLAY); settle_hint (window, 50));
  FOLLOWS (view, "Show All Moves off",
           g_settings_set_boolean (settings, "hint-show-all", FALSE); hb_app_test_settle (50));
  FOLLOWS (view, "the hints hidden", set_hints (window, FALSE));
  FOLLOWS (view, "the colour labels off",
           g_settings_set_boolean (settings, "colour-labels", FALSE); hb_app_test_settle (50));
  /* The player draws its own frames (not kept), playing on. */
  hb_app_test_solve_and_play (window, hb_game_default_solver (hb_window_get_game (window))->id);
  hb_app_test_activate (window, "player-toggle", NULL);
  FOLLOWS (view, "the player closed",
           g_signal_emit_by_name (hb_window_get_player_bar (window), "close");
           hb_app_test_settle (100));
  FOLLOWS (view, "the solution applied",
           hb_app_test_activate (window, "apply-solution", NULL); settle_hint (window, 100));
  FOLLOWS (view, "Restart", hb_app_test_activate (window, "restart", NULL); settle_hint (window, 100));
  hb_window_set_mode (window, HB_MODE_EDIT);
  settle_hint (window, 350);
  FOLLOWS (view, "a screenshot",
           hb_board_view_set_import (view, picture, 10, 10, 15, 15, unsure);
           hb_app_test_settle (50));
  FOLLOWS (view, "the screenshot hidden",
           hb_board_view_set_show_picture (view, FALSE); hb_app_test_settle (50));
  FOLLOWS (view, "the screenshot shown",
           hb_board_view_set_show_picture (view, TRUE); hb_app_test_settle (50));
  FOLLOWS (view, "the pointer over it", cell_centre (view, 7, 4, &px, &py); hover (view, px, py));
  FOLLOWS (view, "a row added",
           hb_app_test_activate (window, "add-row", g_variant_new_string ("top"));
           hb_app_test_settle (350));
  FOLLOWS (view, "the row taken back",
           hb_app_test_activate (window, "undo", NULL); hb_app_test_settle (350));
  FOLLOWS (view, "Play over the screenshot",
           hb_window_set_mode (window, HB_MODE_PLAY); settle_hint (window, 50));
  FOLLOWS (view, "the screenshot gone",
           hb_board_view_set_import (view, NULL, 0, 0, 0, 0, NULL); hb_app_test_settle (50));
  FOLLOWS (view, "a random level",
           hb_app_test_activate (window, "random", NULL); hb_app_test_settle (500);
           settle_hint (window, 300));
  FOLLOWS (view, "its Undo", hb_app_test_activate (window, "undo", NULL); hb_app_test_settle (300));

  g_settings_reset (settings, "colour-labels");
  g_settings_reset (settings, "hint-show-all");
  g_object_unref (settings);
  cairo_surface_destroy (picture);
  g_free (unsure);
  hb_app_test_window_close (window);
}
#undef FOLLOWS

/* ---- Moves drawn into the board kept --------------------------------------- */

typedef struct {
  const char *game;
  int         width, height;
} MovesCase;

static gboolean
boards_differ (gpointer data)
{
  gpointer *d = data;

  return !hb_window_get_game (d[0])->equal (d[1], hb_window_get_state (d[0]));
}

/* A click on cell (x, y), as the pointer makes it; TRUE when it changed
 * the board. */
static gboolean
click_cell (HbWindow *window, int x, int y)
{
  HbBoardView *view = hb_window_get_board_view (window);
  HbState *before = hb_state_copy (hb_window_get_state (window));
  gpointer d[2] = { window, before };
  gboolean changed;
  double px, py;

  cell_centre (view, x, y, &px, &py);
  hb_board_view_simulate_click (view, px, py, 1);
  hb_app_test_settle (30);
  changed = boards_differ (d);
  hb_state_free (before);
  return changed;
}

/* Flow Free: a path drawn from the k-th dot (in reading order) with a
 * free cell beside it, two cells on where it can. */
static gboolean
flow_stroke (HbWindow *window, int k)
{
  HbBoardView *view = hb_window_get_board_view (window);
  const FlowState *s = (const FlowState *) hb_window_get_state (window);
  int w = s->base.width, h = s->base.height;
  HbState *before = hb_state_copy (&s->base);
  gpointer d[2] = { window, before };
  gboolean changed;

  for (int i = 0; i < w * h; i++)
    {
      int x = i % w, y = i / w;

      if (!s->dot[i])
        continue;
      for (int dir = 0; dir < 4; dir++)
        {
          int nx = x + hb_dir_dx[dir], ny = y + hb_dir_dy[dir];
          int fx = nx + hb_dir_dx[dir], fy = ny + hb_dir_dy[dir];
          double x0, y0, x1, y1;

          if (nx < 0 || ny < 0 || nx >= w || ny >= h || s->colour[ny * w + nx] != 0)
            continue;
          if (k-- > 0)
            break;
          if (fx < 0 || fy < 0 || fx >= w || fy >= h || s->colour[fy * w + fx] != 0)
            fx = nx, fy = ny;
          cell_centre (view, x, y, &x0, &y0);
          cell_centre (view, fx, fy, &x1, &y1);
          hb_board_view_simulate_drag (view, x0, y0, x1, y1, 1);
          hb_app_test_settle (30);
          changed = boards_differ (d);
          hb_state_free (before);
          return changed;
        }
    }
  hb_state_free (before);
  return FALSE;
}

/* The k-th move of a game: a click, or a Flow Free stroke. */
static gboolean
local_move (HbWindow *window, const char *game, int k)
{
  const HbState *s = hb_window_get_state (window);

  if (g_str_equal (game, "flow"))
    return flow_stroke (window, k);
  if (g_str_equal (game, "flood"))
    /* Along the top row: each takes in the cell's region, while the
     * flooded region is still small. */
    return click_cell (window, MIN (k + 1, s->width - 1), 0);
  return click_cell (window, (s->width / 3 + 7 * k) % s->width,
                     (s->height / 2 + 5 * k) % s->height);
}

/* `change` made on a board kept is drawn into it when `patched` is 1
 * (only what changed drawn again), the board drawn whole when it is 0,
 * either with -1; always as a fresh render draws it. */
#define DRAWN_AS(view, what, patched, change)                                   \
  G_STMT_START {                                                                \
    guint patches_;                                                             \
    hb_app_test_shot_free (draw (view));                                        \
    patches_ = hb_board_view_get_cache_patches (view);                          \
    change;                                                                     \
    hb_app_test_shot_free (assert_fresh (view, 1, what));                       \
    if ((patched) > 0)                                                          \
      g_assert_cmpuint (hb_board_view_get_cache_patches (view), ==, patches_ + 1); \
    else if ((patched) == 0)                                                    \
      g_assert_cmpuint (hb_board_view_get_cache_patches (view), ==, patches_);  \
  } G_STMT_END

/* Moves on a board kept, cells of 45, 3 and under 1 pixel: each is drawn
 * into the board kept (Flood-It's while its flooded region is small),
 * and so are Undo and Redo of one move; a move with the hints shown
 * (which belong to one board) and another level are drawn whole. Every
 * time the board shows what a fresh render draws. */
static void
test_moves_drawn_in_part (gconstpointer data)
{
  const MovesCase *c = data;
  HbWindow *window = hb_app_test_window_new_fresh ();
  HbBoardView *view = hb_window_get_board_view (window);
  guint patched = 0, moves = 0;

  set_level (window, generate (c->game, c->width, c->height, 1));
  hb_board_view_set_cache_policy (view, 1);
  for (int k = 0; k < 4; k++)
    {
      guint before;
      gboolean changed;

      hb_app_test_shot_free (draw (view));
      before = hb_board_view_get_cache_patches (view);
      changed = local_move (window, c->game, k);
      hb_app_test_shot_free (assert_fresh (view, 1, "a move"));
      moves += changed;
      patched += hb_board_view_get_cache_patches (view) - before;
      if (!g_str_equal (c->game, "flood"))
        {
          g_assert_true (changed);
          g_assert_cmpuint (hb_board_view_get_cache_patches (view), ==, before + 1);
        }
    }
  g_assert_cmpuint (moves, >, 0);
  g_assert_cmpuint (patched, >, 0);

  DRAWN_AS (view, "Undo", TRUE,
            hb_app_test_activate (window, "undo", NULL); settle_hint (window, 30));
  DRAWN_AS (view, "Redo", TRUE,
            hb_app_test_activate (window, "redo", NULL); settle_hint (window, 30));
  /* Every move at once, back to the level (drawn in part when they lie
   * close together). */
  DRAWN_AS (view, "Restart", -1,
            hb_app_test_activate (window, "restart", NULL); settle_hint (window, 30));
  /* (On the small board only: the hints of a large one take long.) */
  if (c->width * c->height <= 1000)
    {
      set_hints (window, TRUE);
      DRAWN_AS (view, "a move with the hints shown", FALSE, local_move (window, c->game, 0);
                settle_hint (window, 30));
      set_hints (window, FALSE);
      DRAWN_AS (view, "another level", FALSE,
                set_level (window, generate (c->game, c->width, c->height, 2)));
    }
  hb_app_test_window_close (window);
}

/* Waits for a win's flash (the view's CSS background, under the board,
 * style.css: boardview.won) to be over, its fade too: under
 * AddressSanitizer it ended between a drawing and its fresh render, which
 * then differed in the page's colour, not in the board. */
static void
wait_unflashed (HbBoardView *view)
{
  if (!gtk_widget_has_css_class (GTK_WIDGET (view), "won"))
    return;
  for (int i = 0; i < 250 && gtk_widget_has_css_class (GTK_WIDGET (view), "won"); i++)
    hb_app_test_settle (20);
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (view), "won"));
  hb_app_test_settle (300);
}

/* Infinite Loop on a solved board: a tile turned opens its closed loop
 * (blue turns back to the pipes' colour, along the whole loop), and
 * turned round again closes it; turns elsewhere, a loop closed or opened
 * far from the tile turned: each drawn as a fresh render draws it. */
static void
test_loop_groups (void)
{
  HbWindow *window = hb_app_test_window_new_fresh ();
  HbBoardView *view = hb_window_get_board_view (window);
  guint before;

  set_level (window, generate ("loop", 60, 40, 3));
  hb_app_test_solve_and_play (window, hb_game_default_solver (hb_window_get_game (window))->id);
  hb_app_test_activate (window, "apply-solution", NULL);
  settle_hint (window, 100);
  wait_unflashed (view);
  hb_board_view_set_cache_policy (view, 1);
  before = hb_board_view_get_cache_patches (view);
  for (int k = 0; k < 12; k++)
    {
      const HbState *s = hb_window_get_state (window);
      int x = (k / 4) * 17 % s->width + 5, y = (k / 4) * 11 % s->height + 4;

      hb_app_test_shot_free (draw (view));
      click_cell (window, x, y);
      wait_unflashed (view);   /* four turns of a tile win again */
      hb_app_test_shot_free (assert_fresh (view, 1, "a turn on a solved board"));
    }
  /* Some of them at least were drawn in part. */
  g_assert_cmpuint (hb_board_view_get_cache_patches (view), >, before);
  hb_app_test_window_close (window);
}
#undef DRAWN_AS

int
main (int argc, char *argv[])
{
  hb_app_test_init (&argc, &argv);
  g_test_add_func ("/app/cache/large-board-kept", test_large_board_kept);
  /* Infinite Loop draws its hover under the pipes and the keyboard
   * cursor itself; Flood-It's hover is part of the key with the hints
   * shown (its badge). */
  g_test_add_data_func ("/app/cache/changes/loop", "loop", test_changes_draw_new_board);
  g_test_add_data_func ("/app/cache/changes/flow", "flow", test_changes_draw_new_board);
  g_test_add_data_func ("/app/cache/changes/flood", "flood", test_changes_draw_new_board);
  g_test_add_data_func ("/app/cache/changes/lights", "lights", test_changes_draw_new_board);
  /* Flow Free's and Flood-It's colours take labels; Flow Free draws
   * paths a Restart takes away. */
  g_test_add_data_func ("/app/cache/more-changes/flow", "flow", test_more_changes);
  g_test_add_data_func ("/app/cache/more-changes/flood", "flood", test_more_changes);
  {
    static const MovesCase cases[] = {
      { "lights", 20, 14 }, { "loop", 20, 14 }, { "flood", 20, 14 }, { "flow", 20, 14 },
      { "lights", 300, 210 }, { "loop", 300, 210 }, { "flood", 300, 210 }, { "flow", 300, 210 },
      { "lights", 900, 640 }, { "loop", 900, 640 }, { "flood", 900, 640 }, { "flow", 900, 640 },
    };

    for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
      {
        g_autofree char *path = g_strdup_printf ("/app/cache/moves/%s/%dx%d", cases[i].game,
                                                 cases[i].width, cases[i].height);
        g_test_add_data_func (path, &cases[i], test_moves_drawn_in_part);
      }
  }
  g_test_add_func ("/app/cache/loop-groups", test_loop_groups);
  return g_test_run ();
}
