/* test-app-layout.c: the board view keeps its size when Edit and Play
 * switch, in the real window under Xvfb at 1100 × 760, for every game:
 * the palette's row (Flood-It's colours in both modes, Flow Free's and
 * Infinite Loop's in Edit only) stays while the game has a palette in
 * either mode, empty and out of reach when the mode has none. The row is
 * real room: a game without any palette (Enlight) gets a taller board
 * view, so a row that came and went would show here. */
#include <adwaita.h>

#include "hb-app-test.h"
#include "hb-palette-bar.h"
#include "hb-registry.h"

typedef struct {
  int width, height;
} Size;

static Size
board_size (HbWindow *window)
{
  GtkWidget *view = GTK_WIDGET (hb_window_get_board_view (window));
  Size s = { gtk_widget_get_width (view), gtk_widget_get_height (view) };

  return s;
}

static Size
in_mode (HbWindow *window, HbMode mode, const char *game)
{
  Size s;

  hb_window_set_mode (window, mode);
  hb_app_test_settle (200);
  s = board_size (window);
  g_test_message ("%s in %s: board view %d × %d", game,
                  mode == HB_MODE_EDIT ? "Edit" : "Play", s.width, s.height);
  return s;
}

static gboolean
palette_row_shown (HbWindow *window)
{
  GtkWidget *bar = GTK_WIDGET (hb_window_get_palette_bar (window));
  GtkWidget *revealer = gtk_widget_get_ancestor (bar, GTK_TYPE_REVEALER);

  g_assert_nonnull (revealer);
  return gtk_revealer_get_child_revealed (GTK_REVEALER (revealer))
         && gtk_widget_get_height (revealer) > 0;
}

static void
test_board_keeps_size (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbPaletteBar *bar = hb_window_get_palette_bar (window);
  int with_row = -1, without_row = -1;

  for (const HbGame *const *g = hb_registry_games (); *g != NULL; g++)
    {
      const char *id = (*g)->id;
      Size edit, play, again;
      int n_edit, n_play;
      char *name;

      g_assert_true (hb_window_select_game (window, id));
      hb_app_test_settle (200);
      edit = in_mode (window, HB_MODE_EDIT, id);
      n_edit = hb_palette_bar_get_n_entries (bar);
      name = g_strdup_printf ("layout-%s-edit", id);
      hb_app_test_save (GTK_WIDGET (window), name);
      g_free (name);

      play = in_mode (window, HB_MODE_PLAY, id);
      n_play = hb_palette_bar_get_n_entries (bar);
      name = g_strdup_printf ("layout-%s-play", id);
      hb_app_test_save (GTK_WIDGET (window), name);
      g_free (name);
      /* An empty palette offers nothing to the number keys. */
      if (n_play == 0)
        g_assert_cmpint (hb_palette_bar_get_selected (bar), ==, -1);
      g_assert_cmpint (hb_window_get_action_enabled (window, "palette"), ==, n_play > 0);

      again = in_mode (window, HB_MODE_EDIT, id);

      g_assert_cmpint (edit.width, ==, play.width);
      g_assert_cmpint (edit.height, ==, play.height);
      g_assert_cmpint (edit.width, ==, again.width);
      g_assert_cmpint (edit.height, ==, again.height);

      g_assert_cmpint (palette_row_shown (window), ==, n_edit > 0 || n_play > 0);
      if (n_edit > 0 || n_play > 0)
        with_row = edit.height;
      else
        without_row = edit.height;
    }

  /* Both kinds of game are there, and the row takes room. */
  g_assert_cmpint (with_row, >, 0);
  g_assert_cmpint (without_row, >, with_row);
  hb_app_test_window_close (window);
}

int
main (int argc, char *argv[])
{
  hb_app_test_init (&argc, &argv);
  g_test_add_func ("/app/layout/board-keeps-size", test_board_keeps_size);
  return g_test_run ();
}
