/* test-app-player.c: the solver player after Solve, in the real window
 * under Xvfb. It plays by itself and ends on the answer (the board drawn
 * at the end is the board Apply Solution makes, not the search's last
 * state); the jumps go to every solution and every decision of the trace
 * in turn, as the test finds them itself; the board view keeps its size
 * when the player opens, plays and closes; after a solve the sidebar still
 * shows Board, Solver and Hints at 1100 × 760. */
#include <adwaita.h>
#include <string.h>

#include "hb-app-test.h"
#include "hb-registry.h"
#include "hb-stat-label.h"

static gboolean
not_playing (gpointer data)
{
  return !hb_player_bar_get_playing (HB_PLAYER_BAR (data));
}

static void
activate (HbWindow *window, const char *action, const char *arg)
{
  hb_app_test_activate (window, action, arg ? g_variant_new_string (arg) : NULL);
  hb_app_test_settle (30);
}

/* The welcome level (Enlight, 5 × 5) solved with the backtracking search,
 * whose long trace (several solutions) the player then shows. */
static void
solve (HbWindow *window)
{
  hb_app_test_solve_and_play (window, "backtrack");
}

static gboolean
same_pixels (const HbShot *a, const HbShot *b)
{
  g_assert_cmpint (a->width, ==, b->width);
  g_assert_cmpint (a->height, ==, b->height);
  return memcmp (a->data, b->data, a->stride * a->height) == 0;
}

static gboolean
label_is (GtkWidget *widget, gconstpointer text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0;
}

static gboolean
tooltip_is (GtkWidget *widget, gconstpointer text)
{
  return g_strcmp0 (gtk_widget_get_tooltip_text (widget), text) == 0;
}

/* The board that shows a run and has the keys (the player's arrows and
 * Space) wears GTK's focus ring round it when the window shows focus:
 * after Enter on Solve nothing showed where the keys had gone (review).
 * The ring lies 16 px outside the board, in the view's margin. */
static void
test_run_focus_ring (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbBoardView *view = hb_window_get_board_view (window);
  int rgb[2][3];
  HbLayout l;
  graphene_point_t at;

  solve (window);
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (view)));
  hb_board_view_get_layout (view, &l);
  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (view), GTK_WIDGET (window),
                                           &GRAPHENE_POINT_INIT (l.x0 - 16,
                                                                 l.y0 + l.cell * l.height / 2),
                                           &at));
  for (int v = 0; v < 2; v++)
    {
      HbShot *shot;

      gtk_window_set_focus_visible (GTK_WINDOW (window), v == 1);
      hb_app_test_settle (60);
      shot = hb_app_test_shot (GTK_WIDGET (window));
      hb_app_test_pixel (shot, (int) at.x, (int) at.y, rgb[v]);
      hb_app_test_shot_free (shot);
    }
  g_test_message ("left of the board: %d,%d,%d without focus shown, %d,%d,%d with", rgb[0][0],
                  rgb[0][1], rgb[0][2], rgb[1][0], rgb[1][1], rgb[1][2]);
  /* Bluer with the ring: blue up against red. */
  g_assert_cmpint (rgb[1][2] - rgb[1][0], >, rgb[0][2] - rgb[0][0] + 40);
  hb_app_test_window_close (window);
}

/* The player's keys reach the player from a check button (the solver just
 * picked) or a player button, as the shortcuts window promises; a spin
 * button keeps its arrows, a key with Ctrl is not the player's, and with
 * the player closed the keys are no one's here. */
static void
test_keys_whatever_has_focus (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbPlayerBar *bar = hb_window_get_player_bar (window);
  GtkWidget *check, *spin, *button;
  HbPlayer *player;
  gsize at;

  solve (window);
  player = hb_player_bar_get_player (bar);
  g_assert_true (hb_player_bar_get_playing (bar));

  check = hb_app_test_find_first (GTK_WIDGET (hb_window_get_solver_panel (window)),
                                  GTK_TYPE_CHECK_BUTTON);
  g_assert_true (gtk_widget_grab_focus (check));
  g_assert_true (hb_window_player_key (window, GDK_KEY_space, 0));
  hb_app_test_settle (30);
  g_assert_false (hb_player_bar_get_playing (bar));
  at = hb_player_position (player);
  g_assert_true (hb_window_player_key (window, GDK_KEY_Right, 0));
  g_assert_cmpuint (hb_player_position (player), ==, at + 1);

  button = hb_app_test_find_first (GTK_WIDGET (bar), GTK_TYPE_BUTTON);
  g_assert_true (gtk_widget_grab_focus (button));
  g_assert_true (hb_window_player_key (window, GDK_KEY_Left, 0));
  g_assert_cmpuint (hb_player_position (player), ==, at);
  g_assert_true (hb_window_player_key (window, GDK_KEY_Home, 0));
  g_assert_cmpuint (hb_player_position (player), ==, 0);

  /* The speed slider keeps its arrows, but Space still plays. */
  g_assert_true (gtk_widget_grab_focus (hb_player_bar_get_speed_scale (bar)));
  g_assert_false (hb_window_player_key (window, GDK_KEY_Right, 0));
  g_assert_true (hb_window_player_key (window, GDK_KEY_space, 0));
  g_assert_true (hb_window_player_key (window, GDK_KEY_space, 0));
  g_assert_cmpuint (hb_player_position (player), ==, 0);

  /* A switch's row keeps its Space (Show Hints reached by Tab: the row is
   * the Tab stop, its switch none); the arrows still step the player. */
  {
    GtkWidget *sw = hb_app_test_find_row (GTK_WIDGET (window), "Show _Hints");
    g_assert_nonnull (sw);
    g_assert_true (gtk_widget_grab_focus (sw));
    g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == sw);
    g_assert_false (hb_window_player_key (window, GDK_KEY_space, 0));
    g_assert_true (hb_window_player_key (window, GDK_KEY_End, 0));
    g_assert_true (hb_window_player_key (window, GDK_KEY_Home, 0));
  }

  spin = hb_app_test_find_first (GTK_WIDGET (window), GTK_TYPE_SPIN_BUTTON);
  g_assert_true (gtk_widget_grab_focus (spin));
  g_assert_false (hb_window_player_key (window, GDK_KEY_Right, 0));
  g_assert_cmpuint (hb_player_position (player), ==, 0);
  g_assert_true (gtk_widget_grab_focus (check));
  g_assert_false (hb_window_player_key (window, GDK_KEY_space, GDK_CONTROL_MASK));

  /* The player closed (its × button): Space is the focused widget's. */
  g_signal_emit_by_name (bar, "close");
  hb_app_test_settle (30);
  g_assert_false (hb_window_is_playing_trace (window));
  g_assert_false (hb_window_player_key (window, GDK_KEY_space, 0));
  hb_app_test_window_close (window);
}

static gboolean
is_close_button (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_BUTTON (widget)
         && g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), "window-close-symbolic") == 0;
}

/* The player closed by its × button (clicked, or pressed from the
 * keyboard) gives the keys to the board: GTK left them nowhere, the next
 * arrow moved them into the header and Space then switched to Edit. */
static void
test_close_gives_board_the_keys (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbPlayerBar *bar = hb_window_get_player_bar (window);
  GtkWidget *close;

  solve (window);
  hb_player_bar_set_playing (bar, FALSE);
  close = hb_app_test_find_where (GTK_WIDGET (bar), is_close_button, NULL);
  g_assert_nonnull (close);
  g_assert_true (gtk_widget_grab_focus (close));
  /* As Enter or Space on it: a button's activation clicks it once its
   * pressed look has shown (a quarter of a second). */
  g_assert_true (gtk_widget_activate (close));
  hb_app_test_settle (500);
  g_assert_false (hb_window_is_playing_trace (window));
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window))
                 == GTK_WIDGET (hb_window_get_board_view (window)));
  hb_app_test_window_close (window);
}

static void
test_ends_on_answer (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkWidget *view = GTK_WIDGET (hb_window_get_board_view (window));
  HbPlayerBar *bar = hb_window_get_player_bar (window);
  HbPlayer *player;
  HbShot *at_end, *search_end, *applied;
  HbState *answer;
  char *status;
  gsize len;

  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (100);
  solve (window);
  player = hb_player_bar_get_player (bar);
  len = hb_trace_length (hb_window_get_trace (window));
  g_assert_cmpuint (len, >, 1000);
  g_assert_cmpuint (hb_player_length (player), ==, len + 1);

  /* It plays by itself to the end, and stops on the answer. */
  g_assert_true (hb_player_bar_get_playing (bar));
  hb_player_bar_set_speed (bar, 2000);
  hb_app_test_wait (not_playing, bar, 30000, "the player to reach the end");
  hb_app_test_settle (50);
  g_assert_cmpuint (hb_player_position (player), ==, len + 1);
  g_assert_true (hb_player_at_answer (player));
  /* The line above says "The answer", on the board the solve began on
   * (it said "the starting board", which in Play read as the level's
   * start); the counter says where it stands. */
  g_assert_cmpstr (hb_player_bar_get_description (bar), ==,
                   "The answer, from where the solve began");
  {
    g_autofree char *at = hb_format_count ((gint64) len);
    g_autofree char *want = g_strdup_printf ("After step %s", at);
    g_assert_cmpstr (hb_player_bar_get_step_text (bar), ==, want);
  }
  /* One counter line: the game's own words for the board shown. */
  status = hb_window_get_game (window)->status_text (hb_player_get_answer (player));
  g_assert_cmpstr (status, ==, "All lights are off · Solved");
  g_free (status);
  at_end = hb_app_test_shot (view);

  /* One step back is where the search stopped: another board. */
  activate (window, "player-back", NULL);
  g_assert_false (hb_player_at_answer (player));
  search_end = hb_app_test_shot (view);
  g_assert_false (same_pixels (at_end, search_end));
  /* Home the start, End the answer again. */
  activate (window, "player-start", NULL);
  g_assert_cmpuint (hb_player_position (player), ==, 0);
  activate (window, "player-end", NULL);
  g_assert_true (hb_player_at_answer (player));
  hb_app_test_save (GTK_WIDGET (window), "player-answer-light");

  /* The answer at the end is the board Apply Solution makes. */
  answer = hb_state_copy (hb_player_get_answer (player));
  activate (window, "apply-solution", NULL);
  g_assert_false (hb_window_is_playing_trace (window));
  g_assert_true (hb_window_get_game (window)->is_solved (hb_window_get_state (window)));
  g_assert_true (hb_window_get_game (window)->equal (answer, hb_window_get_state (window)));
  hb_state_free (answer);
  hb_app_test_settle (1500);   /* past the win's flash */
  applied = hb_app_test_shot (view);
  hb_app_test_save (GTK_WIDGET (window), "player-applied-light");
  /* The same board, but at the player's end Enlight rings the answer's
   * presses on it (an all-dark board said nothing of them: review). */
  g_assert_false (same_pixels (at_end, applied));

  hb_player_bar_set_speed (bar, 10);   /* the default again, kept in GSettings */
  hb_app_test_shot_free (at_end);
  hb_app_test_shot_free (search_end);
  hb_app_test_shot_free (applied);
  hb_app_test_window_close (window);
}

/* A big board's answer too long to replay move by move in the window (a
 * Flow Free answer of 40,000 links on 40,000 cells): the player still ends
 * on it, from the board the solver gives (End showed the search's last
 * recorded step, half a board, under "Solved"). */
static void
test_ends_on_big_answer (void)
{
  HbWindow *window = hb_app_test_window_new ();
  const HbGame *flow = hb_registry_find_game ("flow");
  HbGenerateParams params = { .width = 200, .height = 200, .colours = 10, .seed = 1 };
  g_autoptr (GError) error = NULL;
  HbState *level = flow->generate (&params, &error);
  g_autofree char *text = NULL;
  const HbResult *result;
  HbPlayer *player;

  g_assert_no_error (error);
  text = flow->write (level, HB_WRITE_NATIVE, &error);
  g_assert_no_error (error);
  hb_state_free (level);
  hb_app_test_open_text (window, "big.flow", text);
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (100);
  hb_app_test_solve_and_play (window, "fast");
  result = hb_window_get_result (window);
  /* Past what the window replays (moves × cells over 2^28). */
  g_assert_cmpuint ((guint64) result->moves->len * 200 * 200, >, G_GUINT64_CONSTANT (1) << 28);
  player = hb_player_bar_get_player (hb_window_get_player_bar (window));
  activate (window, "player-end", NULL);
  g_assert_true (hb_player_at_answer (player));
  g_assert_nonnull (hb_player_get_answer (player));
  g_assert_true (flow->is_solved (hb_player_get_answer (player)));
  g_assert_true (flow->equal (hb_player_get_answer (player), result->solved));
  hb_app_test_window_close (window);
  hb_app_test_reset_last_game ();
}

/* Whether step i of the trace goes deeper than the search step before it
 * (the test's own reading of a decision). */
static gboolean
deeper (const HbTrace *trace, gsize i)
{
  const HbStep *s = hb_trace_step (trace, i);

  if (s->kind != HB_STEP_TRY && s->kind != HB_STEP_PLACE && s->kind != HB_STEP_MOVE)
    return FALSE;
  while (i-- > 0)
    {
      const HbStep *b = hb_trace_step (trace, i);
      switch (b->kind)
        {
        case HB_STEP_TRY: case HB_STEP_PLACE: case HB_STEP_UNDO:
        case HB_STEP_REJECT: case HB_STEP_FORCE: case HB_STEP_MOVE:
          return s->depth > b->depth;
        default:
          break;
        }
    }
  return s->depth > 0;
}

static void
test_jumps (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbPlayerBar *bar = hb_window_get_player_bar (window);
  const HbTrace *trace;
  HbPlayer *player;
  GArray *solutions = g_array_new (FALSE, FALSE, sizeof (gsize));
  GArray *marks;
  gsize len, pos, n_marked = 0;

  solve (window);
  trace = hb_window_get_trace (window);
  player = hb_player_bar_get_player (bar);
  len = hb_trace_length (trace);
  for (gsize i = 0; i < len; i++)
    if (hb_trace_step (trace, i)->kind == HB_STEP_SOLUTION)
      {
        gsize p = i + 1;
        g_array_append_val (solutions, p);
      }
  g_assert_cmpuint (solutions->len, >=, 2);
  g_test_message ("%" G_GSIZE_FORMAT " steps, %u solutions", len, solutions->len);

  /* The scrubber marks every solution and the answer. */
  marks = hb_player_marks (player, 1000);
  for (guint i = 0; i < marks->len; i++)
    n_marked += g_array_index (marks, HbPlayerMark, i).kind == HB_PLAYER_MARK_SOLUTION;
  g_assert_cmpuint (n_marked, ==, solutions->len + 1);
  g_array_unref (marks);

  /* N from the start: every solution in turn, then the answer; Shift+N
   * back. The jump pauses the player. */
  activate (window, "player-start", NULL);
  for (guint i = 0; i < solutions->len; i++)
    {
      activate (window, "player-jump", "solution");
      g_assert_false (hb_player_bar_get_playing (bar));
      g_assert_cmpuint (hb_player_position (player), ==, g_array_index (solutions, gsize, i));
      g_assert_cmpstr (hb_player_bar_get_description (bar), ==, "A solution is found");
    }
  activate (window, "player-jump", "solution");
  g_assert_true (hb_player_at_answer (player));
  activate (window, "player-jump", "solution");   /* nothing further: stays */
  g_assert_true (hb_player_at_answer (player));
  /* …and its button is greyed out there (it did nothing: review), not
   * before. */
  {
    GtkWidget *next = hb_app_test_find_where (GTK_WIDGET (bar), tooltip_is,
                                              "Next Solution Found (N; Shift+N: Previous)");
    g_assert_nonnull (next);
    hb_app_test_settle (20);
    g_assert_false (gtk_widget_get_sensitive (next));
    activate (window, "player-start", NULL);
    hb_app_test_settle (20);
    g_assert_true (gtk_widget_get_sensitive (next));
    /* Pressed with the keyboard up to the last solution, it hands the
     * focus on as it greys out (the focus went nowhere: the next Tab
     * started over from the window's top). */
    gtk_widget_grab_focus (next);
    for (guint i = 0; i <= solutions->len && gtk_widget_get_sensitive (next); i++)
      g_signal_emit_by_name (next, "clicked");
    hb_app_test_settle (20);
    g_assert_false (gtk_widget_get_sensitive (next));
    {
      GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (window));
      g_assert_nonnull (focus);
      g_assert_true (gtk_widget_is_ancestor (focus, GTK_WIDGET (bar)));
      g_assert_true (gtk_widget_get_sensitive (focus));
    }
    activate (window, "player-end", NULL);
    hb_app_test_settle (20);
  }
  for (guint i = solutions->len; i-- > 0;)
    {
      activate (window, "player-jump", "-solution");
      g_assert_cmpuint (hb_player_position (player), ==, g_array_index (solutions, gsize, i));
    }
  activate (window, "player-jump", "-solution");
  g_assert_cmpuint (hb_player_position (player), ==, g_array_index (solutions, gsize, 0));

  /* D: the next step that goes deeper, each one, for the first hundred. */
  activate (window, "player-start", NULL);
  pos = 0;
  for (int k = 0; k < 100; k++)
    {
      gsize expected = pos;
      while (expected < len && !deeper (trace, expected))
        expected++;
      g_assert_cmpuint (expected, <, len);
      activate (window, "player-jump", "decision");
      pos = hb_player_position (player);
      g_assert_cmpuint (pos, ==, expected + 1);
    }
  activate (window, "player-jump", "-decision");
  g_assert_cmpuint (hb_player_position (player), <, pos);
  g_assert_true (deeper (trace, hb_player_position (player) - 1));

  /* Next Decision is greyed out past the last decision (the test's own
   * reading), as Next Solution is past the last solution, and hands the
   * keyboard on as it greys out. */
  {
    GtkWidget *next = hb_app_test_find_where (GTK_WIDGET (bar), tooltip_is,
                                              "Next Decision: Where the Search Chose a Value "
                                              "(D; Shift+D: Previous)");
    gsize last = len;

    while (last > 0 && !deeper (trace, last - 1))
      last--;
    g_assert_cmpuint (last, >, 0);
    g_assert_nonnull (next);
    activate (window, "player-end", NULL);
    activate (window, "player-jump", "-decision");
    g_assert_cmpuint (hb_player_position (player), ==, last);
    g_assert_false (gtk_widget_get_sensitive (next));
    activate (window, "player-back", NULL);
    hb_app_test_settle (20);
    g_assert_true (gtk_widget_get_sensitive (next));
    gtk_widget_grab_focus (next);
    g_signal_emit_by_name (next, "clicked");
    hb_app_test_settle (20);
    g_assert_cmpuint (hb_player_position (player), ==, last);
    g_assert_false (gtk_widget_get_sensitive (next));
    g_assert_true (gtk_window_get_focus (GTK_WINDOW (window)) != next);
    g_assert_true (gtk_widget_is_ancestor (gtk_window_get_focus (GTK_WINDOW (window)),
                                           GTK_WIDGET (bar)));
  }

  g_array_unref (solutions);
  hb_app_test_window_close (window);
}

typedef struct {
  int width, height;
  double cell;
} Size;

static Size
board_size (HbWindow *window)
{
  GtkWidget *view = GTK_WIDGET (hb_window_get_board_view (window));
  HbLayout layout;
  Size s;

  hb_board_view_get_layout (HB_BOARD_VIEW (view), &layout);
  s.width = gtk_widget_get_width (view);
  s.height = gtk_widget_get_height (view);
  s.cell = layout.cell;
  return s;
}

static void
assert_same_size (Size a, Size b, const char *when)
{
  g_test_message ("board view %d × %d, cell %.1f %s", b.width, b.height, b.cell, when);
  g_assert_cmpint (a.width, ==, b.width);
  g_assert_cmpint (a.height, ==, b.height);
  g_assert_cmpfloat (a.cell, ==, b.cell);
}

static void
test_board_keeps_size (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbPlayerBar *bar = hb_window_get_player_bar (window);
  Size before, now;
  gsize len;

  before = board_size (window);
  g_test_message ("board view %d × %d, cell %.1f before", before.width, before.height,
                  before.cell);
  solve (window);
  hb_app_test_settle (300);
  now = board_size (window);
  assert_same_size (before, now, "with the player open");

  /* Step texts of one and two lines, the answer, the first step. */
  hb_player_bar_set_playing (bar, FALSE);
  len = hb_player_length (hb_player_bar_get_player (bar));
  for (gsize p = 0; p <= len; p += len / 7)
    {
      hb_player_bar_seek (bar, p);
      hb_app_test_settle (30);
      assert_same_size (before, board_size (window), "while playing");
    }
  activate (window, "player-end", NULL);
  assert_same_size (before, board_size (window), "at the answer");

  activate (window, "cancel", NULL);
  hb_app_test_settle (300);
  g_assert_false (hb_window_is_playing_trace (window));
  assert_same_size (before, board_size (window), "with the player closed");
  hb_app_test_window_close (window);
}

/* The top `top_part` pixels of `widget` lie inside the visible part of
 * the sidebar, which is not scrolled. */
static void
assert_in_view (GtkWidget *widget, GtkWidget *scrolled, double top_part, const char *what)
{
  graphene_rect_t r;
  double view_h = gtk_widget_get_height (scrolled);

  g_assert_true (gtk_widget_get_mapped (widget));
  g_assert_true (gtk_widget_compute_bounds (widget, scrolled, &r));
  g_test_message ("%s: y %.0f to %.0f, the sidebar shows 0 to %.0f", what, r.origin.y,
                  r.origin.y + r.size.height, view_h);
  g_assert_cmpfloat (r.origin.y, >=, 0);
  g_assert_cmpfloat (r.origin.y + MIN (top_part, r.size.height), <=, view_h);
}

static void
test_sidebar_after_solve (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkWidget *board = hb_app_test_find_group (GTK_WIDGET (window), "Board");
  GtkWidget *hints = hb_app_test_find_group (GTK_WIDGET (window), "Hints");
  GtkWidget *panel = GTK_WIDGET (hb_window_get_solver_panel (window));
  GtkWidget *scrolled = gtk_widget_get_ancestor (hints, GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *vadj;

  g_assert_nonnull (board);
  g_assert_nonnull (hints);
  g_assert_nonnull (scrolled);
  /* A window asked for at 1100 × 760 (its content a few pixels less). */
  g_test_message ("window %d × %d", gtk_widget_get_width (GTK_WIDGET (window)),
                  gtk_widget_get_height (GTK_WIDGET (window)));
  solve (window);
  hb_app_test_settle (300);
  vadj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  g_assert_cmpfloat (gtk_adjustment_get_value (vadj), ==, 0);
  hb_app_test_save (GTK_WIDGET (window), "player-sidebar-light");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      ADW_COLOR_SCHEME_FORCE_DARK);
  hb_app_test_settle (200);
  hb_app_test_save (GTK_WIDGET (window), "player-sidebar-dark");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      ADW_COLOR_SCHEME_DEFAULT);
  hb_app_test_settle (200);

  /* Board whole at the top; of Solver its heading and first solver, of
   * Hints its heading and first row (Show Hints). */
  assert_in_view (board, scrolled, G_MAXDOUBLE, "Board");
  assert_in_view (panel, scrolled, 120, "Solver");
  assert_in_view (hints, scrolled, 90, "Hints");

  /* Infinite Loop's solver list, opened: its max-flow relaxation under
   * Explanations, apart from the solvers (for the lead to look at). */
  g_assert_true (hb_window_select_game (window, "loop"));
  hb_app_test_settle (300);
  {
    GtkWidget *row = hb_app_test_find_first (GTK_WIDGET (hb_window_get_solver_panel (window)),
                                             ADW_TYPE_EXPANDER_ROW);
    g_assert_nonnull (row);
    adw_expander_row_set_expanded (ADW_EXPANDER_ROW (row), TRUE);
  }
  hb_app_test_settle (400);
  hb_app_test_save (GTK_WIDGET (window), "player-solvers-loop-light");

  /* With the relaxation chosen the button says Explain, not Solve (its
   * result is "An explanation, not an answer"); back to Solve after. */
  {
    GtkWidget *panel_w = GTK_WIDGET (hb_window_get_solver_panel (window));
    g_assert_nonnull (hb_app_test_find_where (panel_w, label_is, "_Solve"));
    g_assert_true (hb_window_select_solver (window, "maxflow"));
    g_assert_nonnull (hb_app_test_find_where (panel_w, label_is, "E_xplain"));
    g_assert_null (hb_app_test_find_where (panel_w, label_is, "_Solve"));
    g_assert_true (hb_window_select_solver (window, hb_window_get_game (window)->solvers[0]->id));
    g_assert_nonnull (hb_app_test_find_where (panel_w, label_is, "_Solve"));
  }
  hb_app_test_window_close (window);
}

/* The step at the player's position names a cell (-1 for none). */
static gboolean
step_cell (HbPlayer *player, int *x, int *y)
{
  const HbStep *st = hb_player_current_step (player);

  if (st == NULL || st->x < 0 || st->y < 0)
    return FALSE;
  *x = st->x;
  *y = st->y;
  return TRUE;
}

static gboolean
is_position_scale (GtkWidget *widget, gconstpointer speed)
{
  return GTK_IS_SCALE (widget) && widget != speed;
}

/* Zoomed in, the board shows the cell of the step the user stops on: a
 * step forward or back, a jump, play paused, the scrubber once it rests
 * (a step landed outside the part shown: review). While the scrubber
 * moves the board stays put. */
static void
test_step_in_view (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbPlayerBar *bar = hb_window_get_player_bar (window);
  HbBoardView *view = hb_window_get_board_view (window);
  GtkWidget *scrubber;
  HbPlayer *player;
  HbLayout before, after;
  guint was_outside = 0, steps = 0;
  gsize len, pos = 0;
  int x = -1, y = -1;

  solve (window);
  hb_player_bar_set_playing (bar, FALSE);
  player = hb_player_bar_get_player (bar);
  len = hb_trace_length (hb_window_get_trace (window));
  hb_board_view_zoom (view, 4.0);
  activate (window, "player-start", NULL);
  /* Forward, then back: each step's cell in view, though many lay
   * outside the part shown before the step. */
  for (gsize i = 0; i < MIN (len, 80); i++)
    {
      hb_board_view_get_layout (view, &before);
      activate (window, i < 60 ? "player-forward" : "player-back", NULL);
      if (!step_cell (player, &x, &y))
        continue;
      steps++;
      was_outside += !hb_app_test_cell_in_view (view, &before, x, y);
      g_assert_true (hb_app_test_cell_in_view (view, NULL, x, y));
    }
  g_test_message ("%u steps with a cell, %u of them outside the view before", steps,
                  was_outside);
  g_assert_cmpuint (was_outside, >, 0);
  /* The jumps, and play paused. */
  activate (window, "player-start", NULL);
  activate (window, "player-jump", "decision");
  if (step_cell (player, &x, &y))
    g_assert_true (hb_app_test_cell_in_view (view, NULL, x, y));
  hb_player_bar_set_playing (bar, TRUE);
  hb_app_test_settle (400);
  hb_player_bar_set_playing (bar, FALSE);
  if (step_cell (player, &x, &y))
    g_assert_true (hb_app_test_cell_in_view (view, NULL, x, y));

  /* The scrubber: to a step whose cell is outside the view; the board
   * stays put while it moves, and shows the cell once it rests. */
  scrubber = hb_app_test_find_where (GTK_WIDGET (bar), is_position_scale,
                                     hb_player_bar_get_speed_scale (bar));
  g_assert_nonnull (scrubber);
  hb_board_view_get_layout (view, &before);
  for (gsize p = 1; p <= len && pos == 0; p++)
    {
      const HbStep *st = hb_trace_step (hb_window_get_trace (window), p - 1);

      if (st->x >= 0 && st->y >= 0 && !hb_app_test_cell_in_view (view, &before, st->x, st->y))
        pos = p;
    }
  g_assert_cmpuint (pos, >, 0);
  gtk_range_set_value (GTK_RANGE (scrubber), (double) pos);
  g_assert_cmpuint (hb_player_position (player), ==, pos);
  hb_board_view_get_layout (view, &after);
  g_assert_cmpfloat (after.x0, ==, before.x0);
  g_assert_cmpfloat (after.y0, ==, before.y0);
  hb_app_test_settle (400);
  g_assert_true (step_cell (player, &x, &y));
  g_assert_true (hb_app_test_cell_in_view (view, NULL, x, y));
  hb_app_test_window_close (window);
}

int
main (int argc, char *argv[])
{
  hb_app_test_init (&argc, &argv);
  g_test_add_func ("/app/player/ends-on-answer", test_ends_on_answer);
  g_test_add_func ("/app/player/ends-on-big-answer", test_ends_on_big_answer);
  g_test_add_func ("/app/player/keys-whatever-has-focus", test_keys_whatever_has_focus);
  g_test_add_func ("/app/player/run-focus-ring", test_run_focus_ring);
  g_test_add_func ("/app/player/close-gives-board-the-keys", test_close_gives_board_the_keys);
  g_test_add_func ("/app/player/jumps", test_jumps);
  g_test_add_func ("/app/player/step-in-view", test_step_in_view);
  g_test_add_func ("/app/player/board-keeps-size", test_board_keeps_size);
  g_test_add_func ("/app/player/sidebar-after-solve", test_sidebar_after_solve);
  return g_test_run ();
}
