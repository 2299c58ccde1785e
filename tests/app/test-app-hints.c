/* test-app-hints.c: the sidebar's Hints section and the player's words,
 * in the real window under Xvfb. The "Colour Labels" switch draws
 * Flood-It's digits and Flow Free's letters on the board with the hints
 * off and on, is kept in GSettings, and Flood-It's legend names the
 * digits; the player's step text wraps to a second line instead of being
 * cut, and the board keeps its size when it does; the result's stats
 * show plain labels ("Free choices", not "nullity"). */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "hb-app-test.h"
#include "hb-player-bar.h"
#include "hb-window-private.h"
#include "flood.h"
#include "hb-board-view.h"

#define SCHEMA "io.github.hintboard.Hintboard"

static GtkSwitch *
labels_switch (HbWindow *window)
{
  GtkWidget *row = hb_app_test_find_row (GTK_WIDGET (window), "Colour _Labels");

  g_assert_nonnull (row);
  g_assert_true (gtk_widget_get_visible (row));
  return GTK_SWITCH (hb_app_test_find_first (row, GTK_TYPE_SWITCH));
}

/* How many pixels of the board view differ between two shots. */
static gsize
pixels_differing (const HbShot *a, const HbShot *b)
{
  gsize n = 0;

  g_assert_cmpint (a->width, ==, b->width);
  g_assert_cmpint (a->height, ==, b->height);
  for (int y = 0; y < a->height; y++)
    for (int x = 0; x < a->width; x++)
      if (memcmp (a->data + y * a->stride + x * 4, b->data + y * b->stride + x * 4, 4) != 0)
        n++;
  return n;
}

/* The board drawn with the switch off, then on: the labels add pixels (and
 * only a small part of the board: they are drawn on the colours, which
 * stay). Leaves the switch off. */
static void
check_labels_drawn (HbWindow *window, GtkSwitch *sw, GSettings *settings)
{
  GtkWidget *view = GTK_WIDGET (hb_window_get_board_view (window));
  HbShot *off, *on, *off_again;
  gsize changed, area = 0;

  gtk_switch_set_active (sw, FALSE);
  hb_app_test_settle (100);
  off = hb_app_test_shot (view);
  gtk_switch_set_active (sw, TRUE);
  hb_app_test_settle (100);
  g_assert_true (g_settings_get_boolean (settings, "colour-labels"));
  on = hb_app_test_shot (view);
  changed = pixels_differing (off, on);
  area = (gsize) off->width * off->height;
  g_assert_cmpuint (changed, >, 200);
  g_assert_cmpuint (changed, <, area / 4);
  gtk_switch_set_active (sw, FALSE);
  hb_app_test_settle (100);
  g_assert_false (g_settings_get_boolean (settings, "colour-labels"));
  off_again = hb_app_test_shot (view);
  g_assert_cmpuint (pixels_differing (off, off_again), ==, 0);
  hb_app_test_shot_free (off);
  hb_app_test_shot_free (on);
  hb_app_test_shot_free (off_again);
}

static void
test_colour_labels (void)
{
  GSettings *settings = g_settings_new (SCHEMA);
  HbWindow *window;
  GtkSwitch *sw;
  GtkWidget *legend;
  const char *games[] = { "flood", "flow" };

  g_settings_reset (settings, "colour-labels");
  window = hb_app_test_window_new ();
  hb_window_set_mode (window, HB_MODE_PLAY);
  /* The welcome level is Enlight's, which has no colours: no switch. */
  g_assert_false (gtk_widget_get_visible (hb_app_test_find_row (GTK_WIDGET (window),
                                                                "Colour _Labels")));
  g_assert_true (hb_window_select_game (window, games[0]));
  hb_app_test_settle (200);
  sw = labels_switch (window);
  g_assert_false (gtk_switch_get_active (sw));

  for (gsize i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_assert_true (hb_window_select_game (window, games[i]));
      hb_app_test_settle (200);
      g_assert_cmpstr (hb_window_get_game (window)->id, ==, games[i]);
      /* Labels are an aid, not a hint: drawn with the hints off... */
      g_settings_set_boolean (settings, "show-hints", FALSE);
      hb_app_test_settle (100);
      check_labels_drawn (window, sw, settings);
      /* ...and on. */
      g_settings_set_boolean (settings, "show-hints", TRUE);
      hb_app_test_wait_hint (window);
      hb_app_test_settle (100);
      check_labels_drawn (window, sw, settings);
    }

  /* Flood-It's legend, in the sidebar, names the digits. */
  g_assert_true (hb_window_select_game (window, "flood"));
  hb_app_test_settle (100);
  legend = hb_app_test_find_row (GTK_WIDGET (window), "What the Marks Mean");
  g_assert_nonnull (legend);
  g_assert_true (gtk_widget_get_visible (legend));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (legend)), "digit"));

  /* Kept: a new window opens with the switch on, and draws the labels. */
  gtk_switch_set_active (sw, TRUE);
  hb_app_test_settle (50);
  /* The sidebar scrolled down to the Hints section, for looking at. */
  {
    GtkWidget *scrolled = gtk_widget_get_ancestor (GTK_WIDGET (sw), GTK_TYPE_SCROLLED_WINDOW);
    GtkAdjustment *adj;

    g_assert_nonnull (scrolled);
    adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
    gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj)
                                   - gtk_adjustment_get_page_size (adj));
    hb_app_test_settle (100);
  }
  hb_app_test_save (GTK_WIDGET (window), "hints-labels-light");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      ADW_COLOR_SCHEME_FORCE_DARK);
  hb_app_test_settle (200);
  hb_app_test_save (GTK_WIDGET (window), "hints-labels-dark");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      ADW_COLOR_SCHEME_DEFAULT);
  hb_app_test_window_close (window);
  window = hb_app_test_window_new_fresh ();
  g_assert_true (gtk_switch_get_active (labels_switch (window)));
  hb_app_test_window_close (window);

  g_settings_reset (settings, "colour-labels");
  g_settings_reset (settings, "show-hints");
  g_settings_reset (settings, "last-game");
  g_object_unref (settings);
}

static gboolean
is_wrapping_label (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_LABEL (widget) && gtk_label_get_wrap (GTK_LABEL (widget));
}

/* The player's description: the bar's label that wraps. */
static GtkLabel *
description_label (GtkWidget *widget)
{
  return GTK_LABEL (hb_app_test_find_where (widget, is_wrapping_label, NULL));
}

static void
test_step_text_wraps (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkWidget *view = GTK_WIDGET (hb_window_get_board_view (window));
  HbPlayerBar *bar = hb_window_get_player_bar (window);
  GtkLabel *label;
  PangoLayout *layout;
  GString *words = g_string_new (NULL);
  int view_w, view_h, bar_h, one_line_h;

  g_assert_cmpstr (hb_window_get_game (window)->id, ==, "lights");
  hb_window_set_mode (window, HB_MODE_PLAY);
  g_assert_true (hb_window_select_solver (window, "gf2"));
  hb_window_solve (window);
  hb_app_test_wait (hb_app_test_not_solving, window, 60000, "the solver");
  hb_app_test_settle (100);
  g_assert_true (hb_window_is_playing_trace (window));
  /* The result's numbers in plain words, the key's meaning in a tooltip
   * (every game's: test-stat-labels). */
  {
    GtkWidget *panel = GTK_WIDGET (hb_window_get_solver_panel (window));
    GtkWidget *row = hb_app_test_find_row (panel, "Free choices");

    g_assert_nonnull (hb_result_get_stat (hb_window_get_result (window), "nullity"));
    g_assert_nonnull (row);
    g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (row), "doubles"));
    g_assert_null (hb_app_test_find_row (panel, "nullity"));
    adw_expander_row_set_expanded (ADW_EXPANDER_ROW (gtk_widget_get_ancestor (row, ADW_TYPE_EXPANDER_ROW)),
                                   TRUE);
    hb_app_test_settle (100);
    {
      GtkWidget *scrolled = gtk_widget_get_ancestor (row, GTK_TYPE_SCROLLED_WINDOW);
      GtkWidget *content = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scrolled));
      graphene_rect_t bounds;

      g_assert_true (gtk_widget_compute_bounds (row, content, &bounds));
      gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled)),
                                bounds.origin.y - 300);
      hb_app_test_settle (100);
    }
    hb_app_test_save (GTK_WIDGET (window), "hints-result-stats");
  }
  hb_player_bar_set_playing (bar, FALSE);
  hb_player_bar_seek (bar, 1);
  hb_app_test_settle (100);
  label = description_label (GTK_WIDGET (bar));
  g_assert_nonnull (label);
  g_assert_cmpstr (gtk_label_get_label (label), ==, hb_player_bar_get_description (bar));
  /* Cut after two lines, the whole text is its tooltip. */
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (label)), ==,
                   hb_player_bar_get_description (bar));

  /* One short line first: the sizes to keep. */
  gtk_label_set_label (label, "Press");
  hb_app_test_settle (100);
  view_w = gtk_widget_get_width (view);
  view_h = gtk_widget_get_height (view);
  bar_h = gtk_widget_get_height (GTK_WIDGET (bar));
  one_line_h = gtk_widget_get_height (GTK_WIDGET (label));

  /* Words for a line and a half of the label's width: they wrap to a
   * second line, whole, and nothing else moves. */
  layout = gtk_label_get_layout (label);
  while (TRUE)
    {
      int w;
      PangoLayout *probe = gtk_widget_create_pango_layout (GTK_WIDGET (label), words->str);
      pango_layout_get_pixel_size (probe, &w, NULL);
      g_object_unref (probe);
      if (w > gtk_widget_get_width (GTK_WIDGET (label)) * 3 / 2)
        break;
      g_string_append (words, words->len ? " row 4, column 3" : "Press row 4, column 3");
    }
  gtk_label_set_label (label, words->str);
  hb_app_test_settle (100);
  layout = gtk_label_get_layout (label);
  g_assert_cmpint (pango_layout_get_line_count (layout), ==, 2);
  g_assert_false (pango_layout_is_ellipsized (layout));
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (label)), ==, one_line_h);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (bar)), ==, bar_h);
  g_assert_cmpint (gtk_widget_get_width (view), ==, view_w);
  g_assert_cmpint (gtk_widget_get_height (view), ==, view_h);
  /* The two lines fit in the label: not cut at the bottom. */
  {
    int text_h;
    pango_layout_get_pixel_size (layout, NULL, &text_h);
    g_assert_cmpint (text_h, <=, gtk_widget_get_height (GTK_WIDGET (label)));
  }
  hb_app_test_save (GTK_WIDGET (window), "hints-player-wrapped");

  /* Back to the step's own words, as the player writes them. */
  hb_player_bar_seek (bar, 2);
  hb_app_test_settle (100);
  g_assert_cmpint (gtk_widget_get_height (view), ==, view_h);
  g_string_free (words, TRUE);
  hb_app_test_window_close (window);
}

/* A hint being worked out shows a spinner in its row (a 22×22 Flood-It
 * board's takes a second or more, with only "Thinking…" to say so). */
static void
test_hint_spinner (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbGenerateParams p = { 22, 22, 6, 1 };
  HbState *level = flood_game.generate (&p, NULL);
  g_autofree char *text = flood_game.write (level, HB_WRITE_NATIVE, NULL);
  g_autofree char *dir = g_dir_make_tmp ("hintboard-hints-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "slow.flood", NULL);
  GFile *file;

  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-hints",
                                      g_variant_new_boolean (TRUE));
  hb_app_test_wait_hint (window);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->hint_spinner)));
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  file = g_file_new_for_path (path);
  g_assert_true (hb_app_test_load (window, file));
  if (hb_window_is_hint_pending (window))
    {
      g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->hint_spinner)));
      g_assert_true (gtk_spinner_get_spinning (window->hint_spinner));
    }
  else
    g_test_message ("the hint came before it could be seen pending");
  hb_app_test_wait_hint (window);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->hint_spinner)));
  g_assert_false (gtk_spinner_get_spinning (window->hint_spinner));
  g_unlink (path);
  g_rmdir (dir);
  g_object_unref (file);
  hb_state_free (level);
  hb_app_test_window_close (window);
}

static gboolean
one_play_move (gpointer data)
{
  return hb_document_play_moves (HB_WINDOW (data)->document) == 1;
}

static gboolean
three_play_moves (gpointer data)
{
  return hb_document_play_moves (HB_WINDOW (data)->document) == 3;
}

/* Next Hint from Edit makes its move in Play, as Apply Solution does: the
 * level stays as drawn (the press was written into it as an edit: 2 lights
 * on became 5, with 0 moves and the level marked changed). */
static void
test_hint_from_edit (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbState *design;

  hb_app_test_open_text (window, "edit-hint.lights", "000\n110\n000\n");
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_settle (50);
  design = hb_state_copy (hb_document_get_design (window->document));
  hb_app_test_activate (window, "next-hint", NULL);
  hb_app_test_wait (one_play_move, window, 20000, "the hint's move");
  g_assert_cmpint (hb_window_get_mode (window), ==, HB_MODE_PLAY);
  g_assert_true (design->game->equal (design, hb_document_get_design (window->document)));
  g_assert_false (design->game->equal (design, hb_window_get_state (window)));
  g_assert_false (hb_document_get_modified (window->document));
  hb_state_free (design);
  /* With moves made in Play, the hint's move is one for the played board
   * (a hint worked out in Edit, on the level as drawn, was made on it). */
  {
    const HbGame *game = hb_window_get_game (window);
    HbState *played;
    gpointer hint;
    HbMove m;
    HbState *want;

    hb_app_test_click_cell (window, 2, 2, 1);
    hb_app_test_settle (30);
    g_assert_cmpuint (hb_document_play_moves (window->document), ==, 2);
    played = hb_state_copy (hb_window_get_state (window));
    hb_window_set_mode (window, HB_MODE_EDIT);
    hb_app_test_wait_hint (window);
    hb_app_test_activate (window, "next-hint", NULL);
    hb_app_test_wait (three_play_moves, window, 20000, "the hint's move on the played board");
    g_assert_cmpint (hb_window_get_mode (window), ==, HB_MODE_PLAY);
    hint = game->hint_compute (played, NULL, NULL);
    g_assert_true (game->hint_next_move (played, hint, &m));
    want = game->apply (played, &m);
    g_assert_true (game->equal (want, hb_window_get_state (window)));
    game->hint_free (hint);
    hb_state_free (want);
    hb_state_free (played);
  }
  hb_app_test_window_close (window);
}

static gboolean
toast_shown (gpointer data)
{
  return HB_WINDOW (data)->last_toast != NULL;
}

/* Next Hint on a level with no solution, the hints off, says so (it said
 * only "No move to suggest here", and the status line nothing). */
static void
test_hint_no_solution (void)
{
  HbWindow *window = hb_app_test_window_new ();

  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-hints",
                                      g_variant_new_boolean (FALSE));
  hb_app_test_open_text (window, "none.lights", "10000\n00000\n00000\n00000\n00000\n");
  /* In Edit the status line says so, the hints off too (a designer learned
   * it only by turning them on: review). */
  g_assert_cmpint (hb_window_get_mode (window), ==, HB_MODE_EDIT);
  hb_app_test_wait_hint (window);
  g_assert_nonnull (strstr (hb_window_get_status_text (window), "This level has no solution"));
  /* Next Hint is greyed out there, and its row says why (it said Next
   * Hint "still makes one move": review). */
  g_assert_false (hb_window_get_action_enabled (window, "next-hint"));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (hb_app_test_find_row (GTK_WIDGET (window),
                                                                                      "Next Move"))),
                   ==, "No move to hint: the status line says why");
  /* In Play the hint kept from Edit is not shown, and Next Hint says it. */
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (30);
  g_assert_null (strstr (hb_window_get_status_text (window), "no solution"));
  g_clear_pointer (&window->last_toast, g_free);
  hb_app_test_activate (window, "next-hint", NULL);
  hb_app_test_wait (toast_shown, window, 20000, "the hint's toast");
  g_assert_cmpstr (window->last_toast, ==, "This level has no solution");
  g_assert_cmpuint (hb_document_play_moves (window->document), ==, 0);
  hb_app_test_window_close (window);
}

/* The board's tooltip words (hb_board_view_dup_hint_at): with the hints
 * shown, "Press this cell" on the cells the hint's orange dots mark and
 * nothing elsewhere; with the hints off, nothing anywhere. */
static void
test_hint_tooltips (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbBoardView *view = hb_window_get_board_view (window);
  int dots = 0;

  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-hints",
                                      g_variant_new_boolean (TRUE));
  hb_app_test_open_text (window, "tips.lights", "11000\n10000\n00000\n00000\n00000\n");
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_wait_hint (window);
  for (int y = 0; y < 5; y++)
    for (int x = 0; x < 5; x++)
      {
        g_autofree char *words = hb_board_view_dup_hint_at (view, x, y);

        /* Pressing (0, 0) alone turns those three lights off. */
        if (x == 0 && y == 0)
          g_assert_cmpstr (words, ==, "Press this cell");
        else
          g_assert_null (words);
        dots += words != NULL;
      }
  g_assert_cmpint (dots, ==, 1);
  g_assert_null (hb_board_view_dup_hint_at (view, 5, 0));
  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-hints",
                                      g_variant_new_boolean (FALSE));
  hb_app_test_settle (30);
  g_assert_null (hb_board_view_dup_hint_at (view, 0, 0));
  hb_app_test_window_close (window);
}

/* How many pixels of the disc of radius `r` round (cx, cy) differ between
 * two shots of the board view. */
static int
disc_differing (const HbShot *a, const HbShot *b, double cx, double cy, double r)
{
  int n = 0;

  for (int y = (int) floor (cy - r); y <= (int) ceil (cy + r); y++)
    for (int x = (int) floor (cx - r); x <= (int) ceil (cx + r); x++)
      {
        int pa[3], pb[3];

        if (hypot (x + 0.5 - cx, y + 0.5 - cy) > r)
          continue;
        hb_app_test_pixel (a, x, y, pa);
        hb_app_test_pixel (b, x, y, pb);
        n += pa[0] != pb[0] || pa[1] != pb[1] || pa[2] != pb[2];
      }
  return n;
}

/* Infinite Loop's turn badge, in the top-right corner of the tile to turn,
 * reads the same with the keyboard cursor on that tile as without: the
 * cursor's ring, inside the tile's edge, was drawn over it and covered its
 * top, the digit's and the arrow's (review). At large cells (the badge
 * with its digit) and small ones (a plain disc, under the ring whole), in
 * light and dark style. */
static void
test_loop_badge_over_cursor (void)
{
  const char *levels[] = {
    "1000 0111 1101 0001 0000\n0010 1011 1011 1010 0100\n0010 0101 0010 1010 0100\n"
    "1000 1001 1000 1100 0010\n0000 0001 1011 1011 1000\n",
    NULL,
  };
  GString *big = g_string_new (NULL);
  HbWindow *window = hb_app_test_window_new ();
  HbBoardView *view = hb_window_get_board_view (window);
  AdwStyleManager *style = adw_style_manager_get_default ();

  /* 30 × 30, two dead ends on the left to turn, the rest empty. */
  for (int y = 0; y < 30; y++)
    {
      for (int x = 0; x < 30; x++)
        g_string_append_printf (big, "%s%s", x ? " " : "", x == 0 && y < 2 ? "1000" : "0000");
      g_string_append_c (big, '\n');
    }
  levels[1] = big->str;

  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-hints",
                                      g_variant_new_boolean (TRUE));
  for (gsize i = 0; i < G_N_ELEMENTS (levels); i++)
    for (int dark = 0; dark <= 1; dark++)
      {
        const HbGame *game;
        const HbState *state;
        gpointer hint;
        HbMove m;
        HbLayout layout;
        HbShot *without, *with;
        int cx, cy;
        double r, bx, by;

        adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                        : ADW_COLOR_SCHEME_FORCE_LIGHT);
        hb_app_test_open_text (window, i ? "badge-small.loop" : "badge.loop", levels[i]);
        hb_window_set_mode (window, HB_MODE_PLAY);
        hb_app_test_wait_hint (window);
        game = hb_window_get_game (window);
        state = hb_window_get_state (window);
        g_assert_cmpstr (game->id, ==, "loop");
        hint = game->hint_compute (state, NULL, NULL);
        g_assert_true (game->hint_next_move (state, hint, &m));
        game->hint_free (hint);
        hb_board_view_get_layout (view, &layout);
        /* The badge's detail shows from 20 px cells, the disc alone below. */
        g_assert_cmpfloat (i ? layout.cell < 20 : layout.cell >= 40, ==, TRUE);

        gtk_widget_grab_focus (GTK_WIDGET (view));
        hb_board_view_move_cursor (view, 0, 0);
        hb_board_view_get_cursor (view, &cx, &cy);
        hb_board_view_move_cursor (view, m.x - cx, m.y - cy);
        hb_board_view_get_cursor (view, &cx, &cy);
        g_assert_cmpint (cx, ==, m.x);
        g_assert_cmpint (cy, ==, m.y);
        hb_app_test_settle (50);
        with = hb_app_test_shot (GTK_WIDGET (view));
        hb_app_test_save (GTK_WIDGET (view), dark ? "loop-badge-cursor-dark" : "loop-badge-cursor");
        /* The cursor goes with the focus. */
        gtk_widget_grab_focus (hb_app_test_find_first (GTK_WIDGET (window), GTK_TYPE_SWITCH));
        hb_app_test_settle (50);
        without = hb_app_test_shot (GTK_WIDGET (view));
        /* The ring shows... */
        g_assert_cmpint (disc_differing (with, without, layout.x0 + (m.x + 0.5) * layout.cell,
                                         layout.y0 + (m.y + 0.5) * layout.cell, layout.cell * 0.75),
                         >, 0);
        /* ...but not over the badge (loop-render.c: at 0.82, 0.18 of the
         * tile, a radius of 0.11): its pixels are as they were, its rim
         * left out; a plain disc, a few pixels across, is orange at its
         * centre still. */
        bx = layout.x0 + (m.x + 0.82) * layout.cell;
        by = layout.y0 + (m.y + 0.18) * layout.cell;
        r = layout.cell * 0.11 - 1.5;
        if (i == 0)
          g_assert_cmpint (disc_differing (with, without, bx, by, r), ==, 0);
        else
          {
            int rgb[3];

            hb_app_test_pixel (with, (int) bx, (int) by, rgb);
            if (rgb[0] < 200 || rgb[1] < 80 || rgb[1] > 160 || rgb[2] > 80)
              g_error ("the badge's centre is %d, %d, %d, not orange", rgb[0], rgb[1], rgb[2]);
          }
        hb_app_test_shot_free (with);
        hb_app_test_shot_free (without);
      }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  g_string_free (big, TRUE);
  hb_app_test_window_close (window);
}

int
main (int argc, char *argv[])
{
  hb_app_test_init (&argc, &argv);
  g_test_add_func ("/app/hints/colour-labels", test_colour_labels);
  g_test_add_func ("/app/hints/step-text-wraps", test_step_text_wraps);
  g_test_add_func ("/app/hints/hint-spinner", test_hint_spinner);
  g_test_add_func ("/app/hints/hint-from-edit", test_hint_from_edit);
  g_test_add_func ("/app/hints/hint-no-solution", test_hint_no_solution);
  g_test_add_func ("/app/hints/tooltips", test_hint_tooltips);
  g_test_add_func ("/app/hints/loop-badge-over-cursor", test_loop_badge_over_cursor);
  return g_test_run ();
}
