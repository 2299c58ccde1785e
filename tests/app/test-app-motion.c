/* test-app-motion.c: the play side of the window under Xvfb: moves that
 * animate (and do not when the system asks for less motion), what the
 * board tells assistive technologies after a move, Flow Free paths drawn
 * with the keyboard, the level browser's thumbnails, and a window that
 * goes down to 360 px wide. */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "hb-app-test.h"
#include "hb-board-view.h"
#include "hb-palette-bar.h"
#include "hb-registry.h"
#include "flood.h"
#include "flow.h"
#include "lights.h"
#include "loop.h"
#include "../flow/flow-check.h"

static void
set_animations (gboolean on)
{
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", on, NULL);
}

/* The cursor to (x, y), from wherever it is. */
static void
cursor_to (HbBoardView *view, int x, int y)
{
  int cx, cy;

  hb_board_view_get_cursor (view, &cx, &cy);
  if (cx < 0)
    {
      hb_board_view_move_cursor (view, 0, 0);
      hb_board_view_get_cursor (view, &cx, &cy);
    }
  hb_board_view_move_cursor (view, x - cx, y - cy);
  hb_board_view_get_cursor (view, &cx, &cy);
  g_assert_cmpint (cx, ==, x);
  g_assert_cmpint (cy, ==, y);
}

static gboolean
shots_equal (const HbShot *a, const HbShot *b)
{
  if (a->width != b->width || a->height != b->height)
    return FALSE;
  for (int y = 0; y < a->height; y++)
    if (memcmp (a->data + y * a->stride, b->data + y * b->stride, (gsize) a->width * 4) != 0)
      return FALSE;
  return TRUE;
}

/* A board drawn into 160 × 160 pixels (ARGB32 bytes, newly allocated). */
static guint8 *
render_bytes (const HbGame *game, const HbState *state, const HbLayout *layout,
              const HbRenderOptions *options)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 160, 160);
  cairo_t *cr = cairo_create (surface);
  guint8 *bytes = g_malloc (160 * 160 * 4);
  const char *dir = g_getenv ("HB_TEST_SNAPSHOT_DIR");

  g_assert_cmpint (cairo_image_surface_get_stride (surface), ==, 160 * 4);
  game->render (state, cr, layout, options);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  /* The frames, to look at. */
  if (dir != NULL)
    {
      char *name = g_strdup_printf ("%s/anim-%s-%s.png", dir, game->id,
                                    options->anim_from == NULL ? "none"
                                    : options->anim_from->width != state->width ? "elsewhere"
                                    : options->anim_progress == 0 ? "0"
                                    : options->anim_progress == 0.5 ? "half" : "done");
      cairo_surface_write_to_png (surface, name);
      g_free (name);
    }
  memcpy (bytes, cairo_image_surface_get_data (surface), 160 * 160 * 4);
  cairo_surface_destroy (surface);
  return bytes;
}

static gboolean
not_animating (gpointer data)
{
  return !hb_board_view_is_animating (HB_BOARD_VIEW (data));
}

/* ---- Animation ------------------------------------------------------------ */

/* Opens `text` in Play mode and makes the move at (x, y) with the
 * keyboard. */
static void
move_at (HbWindow *window, const char *name, const char *text, int x, int y)
{
  HbBoardView *view = hb_window_get_board_view (window);

  hb_app_test_open_text (window, name, text);
  hb_window_set_mode (window, HB_MODE_PLAY);
  gtk_widget_grab_focus (GTK_WIDGET (view));
  cursor_to (view, x, y);
  hb_app_test_settle (30);
  hb_board_view_act_at_cursor (view, FALSE);
}

/* A move on `text` (a level of `name`'s game) at the cursor's (x, y): with
 * animations off the board shows the final board at once and nothing
 * ticks; with them on, the tick callback runs, removes itself at the first
 * frame past the duration (frame clock time, whatever the machine's load
 * did to the frames between), and the board then shows the same final
 * board. What the frames between look like is test_render's. */
static void
check_move_animates (HbWindow *window, const char *name, const char *text, int x, int y)
{
  HbBoardView *view = hb_window_get_board_view (window);
  HbShot *now, *later;
  gint64 first, before_last, last;

  g_assert_cmpint (HB_BOARD_VIEW_ANIMATION_US, <=, 150000);

  /* Off: the final board, immediately. */
  set_animations (FALSE);
  move_at (window, name, text, x, y);
  g_assert_false (hb_board_view_is_animating (view));
  hb_app_test_settle (10);
  now = hb_app_test_shot (GTK_WIDGET (view));
  hb_app_test_settle (HB_BOARD_VIEW_ANIMATION_US / 1000 + 100);
  later = hb_app_test_shot (GTK_WIDGET (view));
  g_assert_true (shots_equal (now, later));
  hb_app_test_shot_free (later);

  /* On: the same move animates, then ends on the same final board. */
  set_animations (TRUE);
  move_at (window, name, text, x, y);
  g_assert_true (hb_board_view_is_animating (view));
  hb_app_test_wait (not_animating, view, 10000, "the move's animation to end");
  hb_board_view_get_animation_times (view, &first, &before_last, &last);
  g_assert_cmpint (first, >, 0);
  /* Removed at the first frame past the duration, not before or later. */
  g_assert_cmpint (last - first, >=, HB_BOARD_VIEW_ANIMATION_US);
  g_assert_cmpint (before_last == 0 ? 0 : before_last - first, <, HB_BOARD_VIEW_ANIMATION_US);
  hb_app_test_settle (30);
  later = hb_app_test_shot (GTK_WIDGET (view));
  g_assert_true (shots_equal (now, later));
  hb_app_test_shot_free (now);
  hb_app_test_shot_free (later);

  /* A level opened over one of the same size is another level, not a move:
   * nothing animates into it. */
  hb_app_test_open_text (window, name, text);
  {
    gint64 first2, before_last2, last2;
    hb_board_view_get_animation_times (view, &first2, &before_last2, &last2);
    g_assert_cmpint (first2, ==, first);
    g_assert_false (hb_board_view_is_animating (view));
  }

  /* Outside Play (drawing the level) nothing animates. */
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_settle (30);
  {
    double px, py;
    hb_app_test_cell_point (window, x, y, 0.5, 0.5, &px, &py);
    hb_board_view_simulate_click (view, px, py, 1);
  }
  g_assert_false (hb_board_view_is_animating (view));
  set_animations (FALSE);
}

/* The games' drawing of a move part-way: `before` and the board after
 * `move` drawn with anim_from = before at progress 0, ½ and 1. Progress 1,
 * no anim_from, or an anim_from of another size draw exactly the board;
 * progress 0 and ½ draw something else, and differ from each other. */
static void
check_render (const char *game_id, const char *text, HbMove move)
{
  const HbGame *game = NULL;
  HbState *before, *after;
  HbState *other;
  GError *error = NULL;
  guint8 *plain, *zero, *half, *done, *elsewhere;
  HbLayout layout;

  for (const HbGame *const *g = hb_registry_games (); *g != NULL; g++)
    if (strcmp ((*g)->id, game_id) == 0)
      game = *g;
  g_assert_nonnull (game);
  g_assert_true (game->animates_moves);
  before = game->parse (text, strlen (text), &error);
  g_assert_no_error (error);
  after = game->apply (before, &move);
  g_assert_nonnull (after);
  other = game->new_blank (before->width + 1, before->height);
  hb_layout_fit (&layout, before->width, before->height, 160, 160, 8);
  {
    HbRenderOptions o = { .mode = HB_MODE_PLAY, .hover_x = -1, .hover_y = -1 };
    plain = render_bytes (game, after, &layout, &o);
    o.anim_from = before;
    o.anim_progress = 0;
    zero = render_bytes (game, after, &layout, &o);
    o.anim_progress = 0.5;
    half = render_bytes (game, after, &layout, &o);
    o.anim_progress = 1;
    done = render_bytes (game, after, &layout, &o);
    o.anim_from = other;
    o.anim_progress = 0.5;
    elsewhere = render_bytes (game, after, &layout, &o);
  }
  g_assert_true (memcmp (plain, done, 160 * 160 * 4) == 0);
  g_assert_true (memcmp (plain, elsewhere, 160 * 160 * 4) == 0);
  g_assert_false (memcmp (plain, zero, 160 * 160 * 4) == 0);
  g_assert_false (memcmp (plain, half, 160 * 160 * 4) == 0);
  g_assert_false (memcmp (zero, half, 160 * 160 * 4) == 0);
  g_free (plain);
  g_free (zero);
  g_free (half);
  g_free (done);
  g_free (elsewhere);
  hb_state_free (other);
  hb_state_free (after);
  hb_state_free (before);
}

static void
test_render (void)
{
  /* A tile turning: the end at the top left turns from north to east. */
  check_render ("loop", "1000 0001\n0000 0000\n", (HbMove) { LOOP_OP_ROTATE, 0, 0, 1 });
  /* Lights fading: the middle press. */
  check_render ("lights", "010\n111\n010\n", (HbMove) { LIGHTS_OP_PRESS, 1, 1, 0 });
  /* A flood spreading over a region three steps long. */
  check_render ("flood", "4 by 3 -> 9\n0012\n0112\n2220\n",
                (HbMove) { FLOOD_OP_FLOOD, 0, 0, 1 });
}

static void
test_animation (void)
{
  HbWindow *window = hb_app_test_window_new ();

  /* No hint arriving between two pictures of the same board. */
  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-hints",
                                      g_variant_new_boolean (FALSE));

  /* A tile turning. */
  check_move_animates (window, "turn.loop", "0100 0001\n0000 0000\n", 0, 0);
  /* Lights fading. */
  check_move_animates (window, "fade.lights", "110\n111\n010\n", 1, 1);
  /* A flood spreading (the corner's region changes colour). */
  check_move_animates (window, "spread.flood", "4 by 3 -> 9\n0012\n0112\n2220\n", 2, 0);
  hb_app_test_window_close (window);
}

/* ---- Accessibility ------------------------------------------------------- */

/* Every button of the header bar that shows only an icon has a name (the
 * window's own close button and the inner buttons of the menu buttons and
 * the game chooser aside), and its tooltip names its action's keyboard
 * shortcut, as the other header buttons' and the player's do (Undo and
 * Redo said only "Undo" and "Redo": a newcomer's look). */
static void
check_header_names (HbWindow *window)
{
  GtkWidget *stack[512];
  int top = 0, checked = 0, named = 0;

  stack[top++] = GTK_WIDGET (window);
  while (top > 0)
    {
      GtkWidget *w = stack[--top];
      const char *icon = NULL;

      if (!gtk_widget_get_visible (w) || GTK_IS_WINDOW_CONTROLS (w) || GTK_IS_DROP_DOWN (w)
          || GTK_IS_POPOVER (w))
        continue;
      if (GTK_IS_MENU_BUTTON (w))
        icon = gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (w));
      else if (GTK_IS_BUTTON (w) && !GTK_IS_MENU_BUTTON (gtk_widget_get_parent (w)))
        icon = gtk_button_get_icon_name (GTK_BUTTON (w));
      if (icon != NULL && gtk_widget_get_ancestor (w, ADW_TYPE_HEADER_BAR) != NULL)
        {
          if (!gtk_test_accessible_has_property (GTK_ACCESSIBLE (w),
                                                 GTK_ACCESSIBLE_PROPERTY_LABEL))
            g_error ("the header bar's %s button has no accessible name", icon);
          /* ▶ is the solver player's Play: the header's Play mode (an
           * icon in a narrow window) looked like "run the animation". */
          if (g_strcmp0 (icon, "media-playback-start-symbolic") == 0)
            g_error ("the header bar has the player's Play icon");
          if (GTK_IS_ACTIONABLE (w) && gtk_actionable_get_action_name (GTK_ACTIONABLE (w)))
            {
              char **accels = gtk_application_get_accels_for_action (
                  gtk_window_get_application (GTK_WINDOW (window)),
                  gtk_actionable_get_action_name (GTK_ACTIONABLE (w)));
              guint key = 0;
              GdkModifierType mods = 0;

              if (accels[0] != NULL && gtk_accelerator_parse (accels[0], &key, &mods))
                {
                  g_autofree char *label = gtk_accelerator_get_label (key, mods);
                  const char *tip = gtk_widget_get_tooltip_text (w);

                  if (tip == NULL || strstr (tip, label) == NULL)
                    g_error ("the header bar's %s button's tooltip “%s” does not name %s",
                             icon, tip ? tip : "", label);
                  named++;
                }
              g_strfreev (accels);
            }
          checked++;
        }
      if (GTK_IS_MENU_BUTTON (w))
        continue;
      for (GtkWidget *c = gtk_widget_get_first_child (w); c && top < 512;
           c = gtk_widget_get_next_sibling (c))
        stack[top++] = c;
    }
  g_assert_cmpint (checked, >=, 3);
  /* Undo and Redo, where the window is wide enough to show them. */
  if (gtk_widget_get_width (GTK_WIDGET (window)) >= 640)
    g_assert_cmpint (named, >=, 2);
}

/* Every shown icon-only button in `root` has an accessible name (the GTK
 * window controls, drop-downs', menu buttons' and spin buttons' inner
 * buttons aside);
 * returns how many there are. The genetic algorithms' seed row had a
 * dice and the run's seed a copy button with tooltips but no name: a
 * screen reader said "button" (a newcomer's look). */
static int
check_icon_names (GtkWidget *root)
{
  GtkWidget *stack[1024];
  int top = 0, checked = 0;

  stack[top++] = root;
  while (top > 0)
    {
      GtkWidget *w = stack[--top];

      if (!gtk_widget_get_visible (w) || GTK_IS_WINDOW_CONTROLS (w) || GTK_IS_DROP_DOWN (w)
          || GTK_IS_POPOVER (w) || GTK_IS_MENU_BUTTON (w) || GTK_IS_SPIN_BUTTON (w))
        continue;
      if (GTK_IS_BUTTON (w) && gtk_button_get_icon_name (GTK_BUTTON (w)) != NULL)
        {
          if (!gtk_test_accessible_has_property (GTK_ACCESSIBLE (w),
                                                 GTK_ACCESSIBLE_PROPERTY_LABEL))
            g_error ("the %s button (tooltip “%s”) has no accessible name",
                     gtk_button_get_icon_name (GTK_BUTTON (w)),
                     gtk_widget_get_tooltip_text (w) ? gtk_widget_get_tooltip_text (w) : "");
          checked++;
        }
      for (GtkWidget *c = gtk_widget_get_first_child (w); c && top < 1024;
           c = gtk_widget_get_next_sibling (c))
        stack[top++] = c;
    }
  return checked;
}

/* The sidebar's icon buttons: Flow Free's genetic algorithm on paths,
 * with its settings open and a run's seed shown. */
static void
test_accessible_sidebar (void)
{
  HbWindow *window = hb_app_test_flow_ga_window ();
  HbSolverPanel *panel = hb_window_get_solver_panel (window);

  hb_app_test_open_text (window, "a11y.flow", "R.G.Y\n..B.O\n.....\n.G.Y.\n.RBO.\n");
  g_assert_true (hb_solver_panel_get_setting_row (panel, "seed") != NULL
                 && gtk_widget_is_drawable (hb_solver_panel_get_setting_row (panel, "seed")));
  g_assert_cmpint (check_icon_names (GTK_WIDGET (window)), >=, 4);
  hb_app_test_solve_and_play (window, "ga-paths");
  /* The dice and the copy button beside the seed used. */
  g_assert_cmpint (check_icon_names (GTK_WIDGET (panel)), >=, 2);
  hb_app_test_window_close (window);
}

static gboolean
clock_ticked (gpointer data)
{
  return strstr (hb_window_get_status_text (HB_WINDOW (data)), "0:01") != NULL;
}

/* The board's accessible name is `want`. */
static void
board_named (HbBoardView *view, const char *want)
{
  char *wrong = gtk_test_accessible_check_property (GTK_ACCESSIBLE (view),
                                                    GTK_ACCESSIBLE_PROPERTY_LABEL, want);

  if (wrong != NULL)
    g_error ("the board's name: %s", wrong);
}

static void
test_accessible (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbBoardView *view = hb_window_get_board_view (window);
  char *before, *after, *wrong;

  hb_app_test_open_text (window, "a11y.lights", "110\n111\n010\n");
  hb_window_set_mode (window, HB_MODE_PLAY);
  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-hints",
                                      g_variant_new_boolean (FALSE));
  gtk_widget_grab_focus (GTK_WIDGET (view));
  cursor_to (view, 0, 0);
  /* The cursor's cell is the board's name. */
  board_named (view, "Board, row 1, column 1");
  cursor_to (view, 1, 1);
  board_named (view, "Board, row 2, column 2");
  /* With the hints shown, a cell with the orange dot says so too, there
   * and only there: the presses (found here by trying all 512 sets, 3×3
   * has one answer) are those of the hint's dots. */
  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-hints",
                                      g_variant_new_boolean (TRUE));
  hb_app_test_wait_hint (window);
  hb_app_test_settle (30);
  {
    static const guint8 lit[9] = { 1, 1, 0, 1, 1, 1, 0, 1, 0 };
    int answer = -1;

    for (int set = 0; set < 512 && answer < 0; set++)
      {
        guint8 on[9];
        memcpy (on, lit, 9);
        for (int i = 0; i < 9; i++)
          if (set >> i & 1)
            for (int j = 0; j < 9; j++)
              if (ABS (i % 3 - j % 3) + ABS (i / 3 - j / 3) <= 1)
                on[j] ^= 1;
        if (memchr (on, 1, 9) == NULL)
          answer = set;
      }
    g_assert_cmpint (answer, >, 0);
    for (int i = 0; i < 9; i++)
      {
        char *want = g_strdup_printf ("Board, row %d, column %d%s", i / 3 + 1, i % 3 + 1,
                                      answer >> i & 1 ? ": Press this cell" : "");
        cursor_to (view, i % 3, i / 3);
        board_named (view, want);
        g_free (want);
      }
    /* Hints off again: the cell's name alone, the cursor not moved. */
    {
      int first = __builtin_ctz ((unsigned) answer);
      char *plain = g_strdup_printf ("Board, row %d, column %d", first / 3 + 1, first % 3 + 1);

      cursor_to (view, first % 3, first / 3);
      g_action_group_change_action_state (G_ACTION_GROUP (window), "show-hints",
                                          g_variant_new_boolean (FALSE));
      hb_app_test_settle (30);
      board_named (view, plain);
      g_free (plain);
    }
  }
  cursor_to (view, 1, 1);
  /* Its description is the level's status (6 lights on). */
  before = hb_window_get_game (window)->status_text (hb_window_get_state (window));
  wrong = gtk_test_accessible_check_property (GTK_ACCESSIBLE (view),
                                              GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, before);
  g_assert_null (wrong);

  /* A press: the description says the new status and the move, which is
   * how GTK 4.8 has the focused board announce it. */
  hb_board_view_act_at_cursor (view, FALSE);
  hb_app_test_settle (30);
  {
    char *status = hb_window_get_game (window)->status_text (hb_window_get_state (window));
    after = g_strdup_printf ("%s · 1 move", status);
    g_free (status);
  }
  g_assert_cmpstr (after, !=, before);
  wrong = gtk_test_accessible_check_property (GTK_ACCESSIBLE (view),
                                              GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, after);
  g_assert_null (wrong);
  /* The clock goes on in the status line, but the description stays: a
   * screen reader is not told the time every second. */
  hb_app_test_wait (clock_ticked, window, 5000, "the clock to tick");
  wrong = gtk_test_accessible_check_property (GTK_ACCESSIBLE (view),
                                              GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, after);
  g_assert_null (wrong);
  g_free (before);
  g_free (after);

  /* A click hides the cursor: the board is named alone again (it kept
   * the last cell's name, hint words and all), and the next key names
   * the cell clicked, where the cursor shows. */
  hb_app_test_click_cell (window, 2, 0, 1);
  board_named (view, "Board");
  hb_board_view_move_cursor (view, 0, 0);
  board_named (view, "Board, row 1, column 3");

  /* The header bar's icon buttons have names, in a narrow window too
   * (Edit and Play become icons there). */
  check_header_names (window);
  gtk_window_set_default_size (GTK_WINDOW (window), 400, HB_TEST_HEIGHT);
  hb_app_test_settle (200);
  check_header_names (window);
  gtk_window_set_default_size (GTK_WINDOW (window), HB_TEST_WIDTH, HB_TEST_HEIGHT);
  hb_app_test_settle (200);

  /* The palette's entries have names (Flood-It's colours in Play). */
  hb_app_test_open_text (window, "a11y.flood", "3 by 2 -> 5\n012\n120\n");
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (30);
  /* Another level: its cursor starts hidden, and so nowhere. */
  board_named (view, "Board");
  {
    int named = 0;
    GtkWidget *bar = GTK_WIDGET (hb_window_get_palette_bar (window));
    GtkWidget *stack[64];
    int top = 0;
    stack[top++] = bar;
    while (top > 0)
      {
        GtkWidget *w = stack[--top];
        /* Shown ones: the empty bar's spacer is hidden while there are entries. */
        if ((GTK_IS_BUTTON (w) || GTK_IS_TOGGLE_BUTTON (w)) && gtk_widget_get_visible (w))
          {
            g_assert_true (gtk_test_accessible_has_property (GTK_ACCESSIBLE (w),
                                                             GTK_ACCESSIBLE_PROPERTY_LABEL));
            named++;
          }
        for (GtkWidget *c = gtk_widget_get_first_child (w); c && top < 64;
             c = gtk_widget_get_next_sibling (c))
          stack[top++] = c;
      }
    g_assert_cmpint (named, >=, 3);
  }
  hb_app_test_window_close (window);
}

/* ---- Flow Free by keyboard ------------------------------------------------- */

static const FlowState *
flow_board (HbWindow *window)
{
  g_assert_cmpstr (hb_window_get_game (window)->id, ==, "flow");
  return FLOW_CONST (hb_window_get_state (window));
}

static void
test_flow_keyboard (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbBoardView *view = hb_window_get_board_view (window);
  const FlowState *s;

  /* R from the top left round the right side to (1, 2); G from the
   * middle down the left to (0, 2):
   *   R R R
   *   G G R
   *   G R R */
  hb_app_test_open_text (window, "keys.flow", "R..\n.G.\nGR.\n");
  hb_window_set_mode (window, HB_MODE_PLAY);
  gtk_widget_grab_focus (GTK_WIDGET (view));

  /* On an empty cell Space starts nothing. */
  cursor_to (view, 2, 2);
  hb_board_view_act_at_cursor (view, FALSE);
  g_assert_false (hb_board_view_in_key_stroke (view));

  /* Out of R's dot: right, right, down; back up shortens it. The cell
   * shows the stroke is held before any arrow (nothing showed it): the
   * cursor's ring turns bold, so a point just inside the thin ring's
   * dark edge, off the dot, changes. Not a tint of the whole cell, which
   * mixed the cursor's blue into the dot's colour (review). */
  cursor_to (view, 0, 0);
  {
    HbShot *before, *after;
    double px, py, x0, y0, x1, y1, cell, lw;
    int a[3], b[3];

    hb_app_test_settle (20);
    hb_app_test_cell_point (window, 0, 0, 0, 0, &x0, &y0);
    hb_app_test_cell_point (window, 1, 0, 0, 0, &x1, &y1);
    cell = x1 - x0;
    lw = MAX (2.0, cell / 20);   /* as hb-board-view.c draws the ring */
    hb_app_test_cell_point (window, 0, 0, 0.25, 2.6 * lw / cell, &px, &py);
    before = hb_app_test_shot (GTK_WIDGET (view));
    hb_board_view_act_at_cursor (view, FALSE);
    g_assert_true (hb_board_view_in_key_stroke (view));
    hb_app_test_settle (20);
    after = hb_app_test_shot (GTK_WIDGET (view));
    hb_app_test_pixel (before, (int) px, (int) py, a);
    hb_app_test_pixel (after, (int) px, (int) py, b);
    g_test_message ("cell corner %d,%d,%d, then %d,%d,%d", a[0], a[1], a[2], b[0], b[1], b[2]);
    g_assert_cmpint (ABS (a[0] - b[0]) + ABS (a[1] - b[1]) + ABS (a[2] - b[2]), >, 40);
    hb_app_test_shot_free (before);
    hb_app_test_shot_free (after);
  }
  board_named (view, "Board, row 1, column 1, drawing");
  hb_board_view_move_cursor (view, 1, 0);
  hb_board_view_move_cursor (view, 1, 0);
  hb_board_view_move_cursor (view, 0, 1);
  hb_app_test_settle (20);
  s = flow_board (window);
  g_assert_cmpint (s->colour[1 * 3 + 2], ==, 1);
  hb_board_view_move_cursor (view, 0, -1);
  hb_app_test_settle (20);
  s = flow_board (window);
  g_assert_cmpint (s->colour[1 * 3 + 2], ==, 0);
  g_assert_cmpint (s->colour[0 * 3 + 2], ==, 1);
  /* On down to R's other dot, and Space ends the path. */
  hb_board_view_move_cursor (view, 0, 1);
  hb_board_view_move_cursor (view, 0, 1);
  hb_board_view_move_cursor (view, -1, 0);
  hb_board_view_act_at_cursor (view, FALSE);
  g_assert_false (hb_board_view_in_key_stroke (view));
  hb_app_test_settle (20);
  s = flow_board (window);
  g_assert_cmpint (s->colour[2 * 3 + 2], ==, 1);
  g_assert_false (flow_game.is_solved (&s->base));

  /* G started and taken back with Escape: as if never drawn, with
   * nothing to redo. Down is R's dot, where G cannot go: the cursor
   * stays at G's end. */
  cursor_to (view, 1, 1);
  hb_board_view_act_at_cursor (view, FALSE);
  hb_board_view_move_cursor (view, 0, 1);
  {
    int cx, cy;
    hb_board_view_get_cursor (view, &cx, &cy);
    g_assert_cmpint (cx, ==, 1);
    g_assert_cmpint (cy, ==, 1);
  }
  hb_board_view_move_cursor (view, -1, 0);
  hb_app_test_settle (20);
  g_assert_cmpint (flow_board (window)->colour[1 * 3 + 0], ==, 2);
  hb_board_view_cancel_stroke (view);
  hb_app_test_settle (20);
  g_assert_false (hb_board_view_in_key_stroke (view));
  g_assert_cmpint (flow_board (window)->colour[1 * 3 + 0], ==, 0);
  g_assert_false (hb_window_get_action_enabled (window, "redo"));
  g_assert_cmpint (flow_board (window)->colour[2 * 3 + 1], ==, 1);   /* R stays */

  /* G for real: left, down, Enter. */
  cursor_to (view, 1, 1);
  hb_board_view_act_at_cursor (view, FALSE);
  hb_board_view_move_cursor (view, -1, 0);
  hb_board_view_move_cursor (view, 0, 1);
  hb_board_view_act_at_cursor (view, FALSE);
  hb_app_test_settle (30);
  s = flow_board (window);
  /* The game's checker and the tests' own agree it is solved. */
  g_assert_true (flow_game.is_solved (&s->base));
  g_assert_null (flow_check_answer (3, 3, s->dot, s->colour));
  g_assert_nonnull (strstr (hb_window_get_status_text (window), "Solved"));
  g_assert_nonnull (hb_window_get_last_toast (window));
  g_assert_nonnull (strstr (hb_window_get_last_toast (window), "Solved in 2 moves"));
  hb_app_test_window_close (window);
}

/* ---- Level browser ---------------------------------------------------------- */

static GdkTexture *
row_thumbnail (GtkWidget *row)
{
  GtkWidget *stack[256];
  int top = 0;

  stack[top++] = row;
  while (top > 0)
    {
      GtkWidget *w = stack[--top];
      if (GTK_IS_IMAGE (w) && gtk_image_get_storage_type (GTK_IMAGE (w)) == GTK_IMAGE_PAINTABLE
          && GDK_IS_TEXTURE (gtk_image_get_paintable (GTK_IMAGE (w))))
        return GDK_TEXTURE (gtk_image_get_paintable (GTK_IMAGE (w)));
      for (GtkWidget *c = gtk_widget_get_first_child (w); c && top < 256;
           c = gtk_widget_get_next_sibling (c))
        stack[top++] = c;
    }
  return NULL;
}

/* The share of a texture's width its drawn (not clear) pixels span. */
static double
texture_span (GdkTexture *texture)
{
  int w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
  guchar *data = g_malloc ((gsize) w * h * 4);
  int lo = w, hi = -1;

  gdk_texture_download (texture, data, (gsize) w * 4);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      if (data[((gsize) y * w + x) * 4 + 3] != 0)
        {
          lo = MIN (lo, x);
          hi = MAX (hi, x);
        }
  g_free (data);
  return hi < lo ? 0 : (double) (hi - lo + 1) / w;
}

/* How many different colours a texture holds. */
static guint
texture_colours (GdkTexture *texture)
{
  int w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
  guchar *data = g_malloc ((gsize) w * h * 4);
  GHashTable *seen = g_hash_table_new (NULL, NULL);
  guint n;

  gdk_texture_download (texture, data, (gsize) w * 4);
  for (int i = 0; i < w * h; i++)
    {
      guint32 px;
      memcpy (&px, data + i * 4, 4);
      g_hash_table_add (seen, GUINT_TO_POINTER (px));
    }
  n = g_hash_table_size (seen);
  g_hash_table_unref (seen);
  g_free (data);
  return n;
}

static void
test_thumbnails (void)
{
  const char *games[] = { "lights", "loop", "flood", "flow" };
  HbWindow *window = hb_app_test_window_new ();

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      GtkListBox *list;
      GPtrArray *first = g_ptr_array_new ();
      int n = 0;

      g_assert_true (hb_window_select_game (window, games[g]));
      hb_app_test_wait_loaded (window);
      hb_app_test_wait_hint (window);
      list = hb_window_get_levels_list (window);
      for (GtkListBoxRow *row = gtk_list_box_get_row_at_index (list, 0); row != NULL;
           row = gtk_list_box_get_row_at_index (list, ++n))
        {
          GdkTexture *t = row_thumbnail (GTK_WIDGET (row));
          g_assert_nonnull (t);
          /* A drawn board, not a blank square. */
          g_assert_cmpuint (texture_colours (t), >=, 3);
          /* The board fills its box, whatever its size (9x9 filled 3/4
           * of it when its cells were whole pixels of a 48 px picture). */
          if (texture_span (t) < 0.8)
            g_error ("%s level %d: the board spans %.0f %% of its picture", games[g], n + 1,
                     100 * texture_span (t));
          g_ptr_array_add (first, t);
        }
      g_assert_cmpint (n, >=, 10);
      /* A picture of the browser open, to look at (HB_TEST_SNAPSHOT_DIR). */
      if (g_getenv ("HB_TEST_SNAPSHOT_DIR") != NULL)
        {
          GtkWidget *popover = gtk_widget_get_ancestor (GTK_WIDGET (list), GTK_TYPE_POPOVER);
          char *file = g_strdup_printf ("levels-%s", games[g]);
          gtk_popover_popup (GTK_POPOVER (popover));
          hb_app_test_settle (300);
          hb_app_test_save (popover, file);
          gtk_popover_popdown (GTK_POPOVER (popover));
          g_free (file);
        }
      /* In the dark style, drawn dark; back in the light one, the light
       * pictures drawn the first time (kept, not drawn again). */
      adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                          ADW_COLOR_SCHEME_FORCE_DARK);
      hb_app_test_settle (50);
      for (int i = 0; i < n; i++)
        {
          GtkListBoxRow *row = gtk_list_box_get_row_at_index (list, i);
          g_assert_nonnull (row_thumbnail (GTK_WIDGET (row)));
          g_assert_true (row_thumbnail (GTK_WIDGET (row)) != g_ptr_array_index (first, i));
        }
      adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                          ADW_COLOR_SCHEME_DEFAULT);
      hb_app_test_settle (50);
      for (int i = 0; i < n; i++)
        {
          GtkListBoxRow *row = gtk_list_box_get_row_at_index (list, i);
          g_assert_true (row_thumbnail (GTK_WIDGET (row)) == g_ptr_array_index (first, i));
        }
      g_ptr_array_unref (first);
    }
  hb_app_test_window_close (window);
}

/* ---- Narrow windows ---------------------------------------------------------- */

static gboolean
narrowed (gpointer data)
{
  return gtk_widget_get_width (GTK_WIDGET (data)) <= 380;
}

static void
test_narrow (void)
{
  const char *games[] = { "lights", "loop", "flood", "flow" };
  HbWindow *window = hb_app_test_window_new ();
  GtkWidget *content = adw_application_window_get_content (ADW_APPLICATION_WINDOW (window));

  /* The window buttons GNOME shows (the test's default adds minimize and
   * maximize, 70 px more on both sides of the centred title). */
  g_object_set (gtk_settings_get_default (), "gtk-decoration-layout", "appmenu:close", NULL);
  hb_window_set_mode (window, HB_MODE_PLAY);
  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      int min, nat;

      g_assert_true (hb_window_select_game (window, games[g]));
      hb_app_test_wait_loaded (window);
      hb_app_test_wait_hint (window);
      gtk_window_set_default_size (GTK_WINDOW (window), 360, HB_TEST_HEIGHT);
      hb_app_test_wait (narrowed, window, 10000, "the window to narrow to 360 px");
      hb_app_test_settle (100);
      gtk_widget_measure (content, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
      g_test_message ("%s: minimum width %d", games[g], min);
      g_assert_cmpint (min, <=, 360);
      /* The board still gets room to be played. */
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (hb_window_get_board_view (window))),
                       >=, 300);
      gtk_window_set_default_size (GTK_WINDOW (window), HB_TEST_WIDTH, HB_TEST_HEIGHT);
      hb_app_test_settle (200);
    }
  hb_app_test_window_close (window);
}

/* With minimise and maximise beside Close (Ubuntu's and GTK's default
 * layout) the wide header bar needs more than 640 px, the width the
 * narrow layout used to start below: a window could never get there, so
 * three games of four kept the wide layout however the window was
 * resized or tiled; and after that was fixed, a snap to 400 px was still
 * stopped at the wide layout's least width, which the window asked of the
 * window manager. Now the wide layout asks for no more than the narrow
 * one, and a window made 400 px wide in one step is narrow, in every
 * game; a window at the wide layout's least width is narrow too. */
static void
test_narrow_with_window_buttons (void)
{
  const char *games[] = { "lights", "loop", "flood", "flow" };
  HbWindow *window = hb_app_test_window_new ();
  GtkWidget *content = adw_application_window_get_content (ADW_APPLICATION_WINDOW (window));
  GtkWidget *layout = gtk_widget_get_first_child (content);   /* what the bin holds */

  g_object_set (gtk_settings_get_default (), "gtk-decoration-layout",
                "menu:minimize,maximize,close", NULL);
  hb_window_set_mode (window, HB_MODE_PLAY);
  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      for (int step = 0; step < 2; step++)
        {
          int asked, wide, min;

          g_assert_true (hb_window_select_game (window, games[g]));
          hb_app_test_wait_loaded (window);
          gtk_window_set_default_size (GTK_WINDOW (window), HB_TEST_WIDTH, HB_TEST_HEIGHT);
          hb_app_test_settle (200);
          gtk_widget_measure (content, GTK_ORIENTATION_HORIZONTAL, -1, &asked, NULL, NULL, NULL);
          gtk_widget_measure (layout, GTK_ORIENTATION_HORIZONTAL, -1, &wide, NULL, NULL, NULL);
          /* What the window manager is told while the layout is wide. */
          g_assert_cmpint (asked, <=, 400);
          /* One step to 400 px, or to the wide layout's least width. */
          gtk_window_set_default_size (GTK_WINDOW (window), step == 0 ? 400 : wide, HB_TEST_HEIGHT);
          hb_app_test_settle (200);
          gtk_widget_measure (layout, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
          g_test_message ("%s: the wide layout's least width %d (asked %d); at %d px %d",
                          games[g], wide, asked, step == 0 ? 400 : wide, min);
          /* The narrow layout (the three window buttons take about 30 px
           * more than Close alone). */
          g_assert_cmpint (min, <=, 400);
          g_assert_cmpint (wide, >, 600);
        }
    }
  /* Each game's own: Enlight's wide layout, narrower than Infinite Loop's
   * (seen above), stays wide 40 px above its own least width (the
   * largest width ever seen used to decide for every game). */
  {
    int wide, min;

    g_assert_true (hb_window_select_game (window, "lights"));
    hb_app_test_wait_loaded (window);
    gtk_window_set_default_size (GTK_WINDOW (window), HB_TEST_WIDTH, HB_TEST_HEIGHT);
    hb_app_test_settle (200);
    gtk_widget_measure (layout, GTK_ORIENTATION_HORIZONTAL, -1, &wide, NULL, NULL, NULL);
    gtk_window_set_default_size (GTK_WINDOW (window), MAX (wide, 640) + 40, HB_TEST_HEIGHT);
    hb_app_test_settle (200);
    gtk_widget_measure (layout, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
    g_test_message ("lights at %d px: least width %d", MAX (wide, 640) + 40, min);
    g_assert_cmpint (min, ==, wide);
  }
  g_object_set (gtk_settings_get_default (), "gtk-decoration-layout", "appmenu:close", NULL);
  hb_app_test_window_close (window);
}

/* Each palette chip tells screen readers where it is in the row (with
 * 88 colours a name alone does not say how far the others are). */
static void
test_palette_positions (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbPaletteBar *bar = hb_window_get_palette_bar (window);
  int n;

  g_assert_true (hb_window_select_game (window, "flow"));
  hb_app_test_wait_hint (window);
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_settle (50);
  n = hb_palette_bar_get_n_entries (bar);
  g_assert_cmpint (n, >=, 17);
  gtk_test_accessible_assert_relation (GTK_ACCESSIBLE (hb_app_test_palette_chip (window, 0)),
                                       GTK_ACCESSIBLE_RELATION_POS_IN_SET, 1);
  gtk_test_accessible_assert_relation (GTK_ACCESSIBLE (hb_app_test_palette_chip (window, 0)),
                                       GTK_ACCESSIBLE_RELATION_SET_SIZE, n);
  gtk_test_accessible_assert_relation (GTK_ACCESSIBLE (hb_app_test_palette_chip (window, n - 1)),
                                       GTK_ACCESSIBLE_RELATION_POS_IN_SET, n);
  gtk_test_accessible_assert_relation (GTK_ACCESSIBLE (hb_app_test_palette_chip (window, n - 1)),
                                       GTK_ACCESSIBLE_RELATION_SET_SIZE, n);
  hb_app_test_window_close (window);
}

int
main (int argc, char **argv)
{
  /* GTK's test accessibility backend: each widget keeps its accessible
   * properties where the tests can read them, with no session bus (the
   * suite's GTK_A11Y=none keeps none). */
  g_setenv ("GTK_A11Y", "test", TRUE);
  hb_app_test_init (&argc, &argv);
  g_test_add_func ("/app/motion/render", test_render);
  g_test_add_func ("/app/motion/animation", test_animation);
  g_test_add_func ("/app/motion/accessible", test_accessible);
  g_test_add_func ("/app/motion/accessible-sidebar", test_accessible_sidebar);
  g_test_add_func ("/app/motion/palette-positions", test_palette_positions);
  g_test_add_func ("/app/motion/flow-keyboard", test_flow_keyboard);
  g_test_add_func ("/app/motion/thumbnails", test_thumbnails);
  g_test_add_func ("/app/motion/narrow", test_narrow);
  g_test_add_func ("/app/motion/narrow-with-window-buttons", test_narrow_with_window_buttons);
  return g_test_run ();
}
