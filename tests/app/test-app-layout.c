/* test-app-layout.c: the sidebar's manners (the wheel over a field, whole
 * titles, "None" for no limit, Tab from control to control, the shortcuts
 * listed: see each test), and the board view keeps its size when Edit and
 * Play switch, in the real window under Xvfb at 1100 × 760, for every game:
 * the palette's row (Flood-It's colours in both modes, Flow Free's and
 * Infinite Loop's in Edit only) stays while the game has a palette in
 * either mode, empty and out of reach when the mode has none. The row is
 * real room: a game without any palette (Enlight) gets a taller board
 * view, so a row that came and went would show here. */
#include <adwaita.h>

#include "hb-app-test.h"
#include "hb-palette-bar.h"
#include "hb-registry.h"
#include "hb-solver-panel.h"
#include "hb-test-util.h"
#include "hb-window-private.h"

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

/* ---- The sidebar --------------------------------------------------------------- */

/* A Board field by its title (in Play, Width, Height and Colours are in
 * the New Levels fold, under the same titles). */
static GtkWidget *
board_spin (HbWindow *window, const char *title)
{
  GtkWidget *row = hb_app_test_find_row (GTK_WIDGET (window), title);

  g_assert_nonnull (row);
  return hb_app_test_find_first (row, GTK_TYPE_SPIN_BUTTON);
}

/* Runs the vertical scroll controllers of `w` in `phase` with a wheel's
 * notch `dy`, as GTK does: TRUE when one handled it. */
static gboolean
run_scroll_controllers (GtkWidget *w, GtkPropagationPhase phase, double dy)
{
  GListModel *list = gtk_widget_observe_controllers (w);
  gboolean handled = FALSE;

  for (guint i = 0; !handled && i < g_list_model_get_n_items (list); i++)
    {
      GtkEventController *c = g_list_model_get_item (list, i);

      if (GTK_IS_EVENT_CONTROLLER_SCROLL (c)
          && gtk_event_controller_get_propagation_phase (c) == phase
          && (gtk_event_controller_scroll_get_flags (GTK_EVENT_CONTROLLER_SCROLL (c))
              & GTK_EVENT_CONTROLLER_SCROLL_VERTICAL))
        g_signal_emit_by_name (c, "scroll", 0.0, dy, &handled);
      g_object_unref (c);
    }
  g_object_unref (list);
  return handled;
}

/* A wheel's notch over the text of `spin`, delivered as GTK 4 delivers a
 * scroll event (it cannot synthesise a real one) within the sidebar: the
 * capture phase from the sidebar's scrolled window down to the target,
 * the target phase, then the bubble phase back up; the first scroll
 * controller that handles it stops it. */
static void
wheel_over (GtkWidget *spin, double dy)
{
  GtkWidget *target = hb_app_test_find_first (spin, GTK_TYPE_TEXT);
  GtkWidget *scroller = gtk_widget_get_ancestor (spin, GTK_TYPE_SCROLLED_WINDOW);
  GPtrArray *path = g_ptr_array_new ();

  g_assert_nonnull (target);
  g_assert_nonnull (scroller);
  for (GtkWidget *w = target; w != NULL; w = gtk_widget_get_parent (w))
    {
      g_ptr_array_add (path, w);
      if (w == scroller)
        break;
    }
  for (guint i = path->len; i-- > 0;)
    if (run_scroll_controllers (g_ptr_array_index (path, i), GTK_PHASE_CAPTURE, dy))
      goto done;
  if (run_scroll_controllers (target, GTK_PHASE_TARGET, dy))
    goto done;
  for (guint i = 0; i < path->len; i++)
    if (run_scroll_controllers (g_ptr_array_index (path, i), GTK_PHASE_BUBBLE, dy))
      goto done;
done:
  g_ptr_array_unref (path);
}

/* The wheel over a field of the sidebar that does not have the focus
 * scrolls the sidebar and leaves the value alone (the board's width, a
 * solver's setting); once the field has the focus, the wheel changes it. */
static void
test_wheel_needs_focus (void)
{
  HbWindow *window = hb_app_test_flow_ga_window ();
  HbSolverPanel *panel = hb_window_get_solver_panel (window);
  GtkWidget *rate = hb_solver_panel_get_control (panel, "mutation");
  GtkWidget *width = board_spin (window, "_Width");
  GtkWidget *scroller = gtk_widget_get_ancestor (rate, GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *v = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  const HbState *before = hb_document_get_state (hb_window_get_document (window));
  int board_width = before->width;
  double width_value = gtk_spin_button_get_value (GTK_SPIN_BUTTON (width));
  double rate_value = gtk_spin_button_get_value (GTK_SPIN_BUTTON (rate));

  g_assert_true (GTK_IS_SPIN_BUTTON (rate));
  /* The sidebar has room to scroll. */
  g_assert_cmpfloat (gtk_adjustment_get_upper (v), >, gtk_adjustment_get_page_size (v) + 100);
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (hb_window_get_board_view (window))));

  gtk_adjustment_set_value (v, 0);
  wheel_over (width, 1);
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (width)), ==, width_value);
  g_assert_cmpint (hb_document_get_state (hb_window_get_document (window))->width, ==,
                   board_width);
  g_assert_cmpfloat (gtk_adjustment_get_value (v), >, 0);

  gtk_adjustment_set_value (v, 0);
  wheel_over (rate, 1);
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (rate)), ==, rate_value);
  g_assert_cmpfloat (gtk_adjustment_get_value (v), >, 0);
  /* Up again. */
  {
    double at = gtk_adjustment_get_value (v);
    wheel_over (rate, -1);
    g_assert_cmpfloat (gtk_adjustment_get_value (v), <, at);
  }

  /* With the focus, the field takes the wheel and the sidebar stays. */
  g_assert_true (gtk_widget_grab_focus (rate));
  gtk_adjustment_set_value (v, 0);
  wheel_over (rate, -1);
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (rate)), >, rate_value);
  g_assert_cmpfloat (gtk_adjustment_get_value (v), ==, 0);
  hb_app_test_window_close (window);
}

/* The GtkLabel under `widget` showing `text`, or NULL. */
static GtkLabel *
find_label (GtkWidget *widget, const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return GTK_LABEL (widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkLabel *found = find_label (c, text);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Whether the label, as laid out now, breaks a line inside a word. */
static gboolean
breaks_mid_word (GtkLabel *label)
{
  PangoLayout *layout = gtk_label_get_layout (label);
  const char *text = pango_layout_get_text (layout);
  gboolean first = TRUE;

  for (GSList *l = pango_layout_get_lines_readonly (layout); l != NULL; l = l->next)
    {
      int start = ((PangoLayoutLine *) l->data)->start_index;
      if (!first && start > 0 && text[start - 1] != ' ' && text[start - 1] != '\n')
        return TRUE;
      first = FALSE;
    }
  return FALSE;
}

/* The settings' titles stay whole in the sidebar: a field's automatic
 * value is a short word (the tooltip says what it means), not a phrase
 * that squeezes the title until it breaks mid-word ("Popul-ation"), for
 * every solver of every game. */
static void
test_setting_titles_whole (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbSolverPanel *panel = hb_window_get_solver_panel (window);
  guint checked = 0;

  for (const HbGame *const *g = hb_registry_games (); *g != NULL; g++)
    {
      g_assert_true (hb_window_select_game (window, (*g)->id));
      hb_app_test_settle (100);
      for (const HbSolver *const *sv = (*g)->solvers; sv != NULL && *sv != NULL; sv++)
        {
          g_assert_true (hb_window_select_solver (window, (*sv)->id));
          for (gsize i = 0; (*sv)->settings != NULL && (*sv)->settings[i].key != NULL; i++)
            {
              const HbSetting *d = &(*sv)->settings[i];
              GtkWidget *row = hb_solver_panel_get_setting_row (panel, d->key);
              GtkLabel *title;

              adw_expander_row_set_expanded (ADW_EXPANDER_ROW (
                gtk_widget_get_ancestor (row, ADW_TYPE_EXPANDER_ROW)), TRUE);
              hb_app_test_settle (50);
              title = find_label (row, adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)));
              g_assert_nonnull (title);
              if (breaks_mid_word (title))
                g_error ("%s, %s: the title \"%s\" breaks inside a word", (*g)->id, (*sv)->id,
                         gtk_label_get_text (title));
              checked++;
            }
        }
    }
  g_assert_cmpuint (checked, >, 4);

  /* The genetic algorithm's automatic values, with the meaning in the
   * tooltip. */
  g_assert_true (hb_window_select_game (window, "flow"));
  hb_app_test_settle (100);
  g_assert_true (hb_window_select_solver (window, "ga-paths"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (
                     hb_solver_panel_get_control (panel, "population"))), ==, "Auto");
  g_assert_nonnull (gtk_widget_get_tooltip_text (
                      hb_solver_panel_get_setting_row (panel, "population")));
  /* + from Auto goes to 2, the least population a run takes (it showed
   * 1, which the run refused: review), and − from 2 back to Auto. */
  {
    GtkSpinButton *pop = GTK_SPIN_BUTTON (hb_solver_panel_get_control (panel, "population"));

    gtk_spin_button_spin (pop, GTK_SPIN_STEP_FORWARD, 1);
    g_assert_cmpfloat (gtk_spin_button_get_value (pop), ==, 2);
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (pop)), ==, "2");
    gtk_spin_button_spin (pop, GTK_SPIN_STEP_FORWARD, 1);
    g_assert_cmpfloat (gtk_spin_button_get_value (pop), ==, 3);
    gtk_spin_button_spin (pop, GTK_SPIN_STEP_BACKWARD, 1);
    gtk_spin_button_spin (pop, GTK_SPIN_STEP_BACKWARD, 1);
    g_assert_cmpfloat (gtk_spin_button_get_value (pop), ==, 0);
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (pop)), ==, "Auto");
  }
  hb_app_test_window_close (window);
}

/* The time and step limits show "None" for 0 (no limit), keep the value
 * 0, take "None" typed back, and show numbers for a limit. A solver that
 * stops at a step limit of its own when given none shows "Auto" there
 * (plain backtracking gave up at 134,217,728 steps under "None"). */
static void
test_limits_show_none (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbSolverPanel *panel = hb_window_get_solver_panel (window);
  GtkSpinButton *time, *steps;
  HbSettings *s;

  g_assert_true (hb_window_select_game (window, "flow"));
  hb_app_test_wait_loaded (window);
  for (guint i = 0; i < 2; i++)
    {
      const char *id = i == 0 ? "backtrack" : "heuristic";
      g_assert_true (hb_solver_panel_select_solver (panel, id));
      steps = GTK_SPIN_BUTTON (hb_solver_panel_get_control (panel, "node-limit"));
      g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (steps)), ==, "Auto");
      g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (
                                  hb_solver_panel_get_setting_row (panel, "node-limit")),
                                "own limit"));
      time = GTK_SPIN_BUTTON (hb_solver_panel_get_control (panel, "time-limit"));
      g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (time)), ==, "None");
    }
  g_assert_true (hb_solver_panel_select_solver (panel, "fast"));
  time = GTK_SPIN_BUTTON (hb_solver_panel_get_control (panel, "time-limit"));
  steps = GTK_SPIN_BUTTON (hb_solver_panel_get_control (panel, "node-limit"));

  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (time)), ==, "None");
  g_assert_cmpfloat (gtk_spin_button_get_value (time), ==, 0);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (steps)), ==, "None");
  g_assert_cmpfloat (gtk_spin_button_get_value (steps), ==, 0);
  /* Count solutions at 0 (find one, no count) says "Off", not "0". */
  {
    GtkSpinButton *count = GTK_SPIN_BUTTON (hb_solver_panel_get_control (panel, "count"));

    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (count)), ==, "Off");
    g_assert_cmpfloat (gtk_spin_button_get_value (count), ==, 0);
    gtk_spin_button_set_value (count, 2);
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (count)), ==, "2");
    gtk_editable_set_text (GTK_EDITABLE (count), "Off");
    gtk_spin_button_update (count);
    g_assert_cmpfloat (gtk_spin_button_get_value (count), ==, 0);
  }

  gtk_spin_button_set_value (time, 5);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (time)), ==, "5.0");
  gtk_editable_set_text (GTK_EDITABLE (time), "None");
  gtk_spin_button_update (time);
  g_assert_cmpfloat (gtk_spin_button_get_value (time), ==, 0);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (time)), ==, "None");
  g_assert_null (hb_solver_panel_get_error (panel));
  s = hb_solver_panel_dup_settings (panel, NULL);
  g_assert_nonnull (s);
  g_assert_false (hb_settings_has (s, "time-limit"));
  g_assert_false (hb_settings_has (s, "node-limit"));
  hb_settings_free (s);
  hb_app_test_window_close (window);
}

/* The sidebar's Tab stops in `dir` from `start` until the focus leaves the
 * sidebar, as a list of widgets. */
static GPtrArray *
tab_stops (HbWindow *window, GtkWidget *start, GtkDirectionType dir)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (start, GTK_TYPE_SCROLLED_WINDOW);
  GPtrArray *stops = g_ptr_array_new ();

  g_assert_true (gtk_widget_grab_focus (start));
  for (;;)
    {
      GtkWidget *focus;

      g_assert_true (gtk_widget_child_focus (GTK_WIDGET (window), dir));
      focus = gtk_root_get_focus (GTK_ROOT (window));
      g_assert_nonnull (focus);
      if (!gtk_widget_is_ancestor (focus, scroller))
        break;
      g_ptr_array_add (stops, focus);
      g_assert_cmpuint (stops->len, <, 200);
    }
  return stops;
}

static char *
describe_stops (GPtrArray *stops)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < stops->len; i++)
    {
      GtkWidget *w = g_ptr_array_index (stops, i);
      GtkWidget *row = ADW_IS_PREFERENCES_ROW (w) ? w
                       : gtk_widget_get_ancestor (w, ADW_TYPE_PREFERENCES_ROW);
      g_string_append_printf (s, " %s(%s)", G_OBJECT_TYPE_NAME (w),
                              row ? adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)) : "");
    }
  return g_string_free (s, FALSE);
}

/* Tab and Shift+Tab go from control to control in the sidebar: the rows
 * that hold a field (Width, Height, Colours, the solver's number and seed
 * settings) take no stop before it, the text-only row (What the Marks
 * Mean) none at all, and Next Move one, its row, which presses its
 * button; every control is reached both ways. */
static void
test_tab_skips_rows (void)
{
  HbWindow *window = hb_app_test_flow_ga_window ();
  HbSolverPanel *panel = hb_window_get_solver_panel (window);
  GtkWidget *width = board_spin (window, "_Width");
  GtkWidget *field_rows[] = {
    gtk_widget_get_ancestor (width, ADW_TYPE_ACTION_ROW),
    gtk_widget_get_ancestor (board_spin (window, "_Height"), ADW_TYPE_ACTION_ROW),
    gtk_widget_get_ancestor (board_spin (window, "_Colours of Random Levels"), ADW_TYPE_ACTION_ROW),
    hb_solver_panel_get_setting_row (panel, "population"),
    hb_solver_panel_get_setting_row (panel, "mutation"),
    hb_solver_panel_get_setting_row (panel, "seed"),
    hb_solver_panel_get_setting_row (panel, "time-limit"),
  };
  GtkWidget *legend = hb_app_test_find_row (GTK_WIDGET (window), "What the Marks Mean");
  GtkWidget *next_move = hb_app_test_find_row (GTK_WIDGET (window), "Next Move");
  GtkWidget *show_hints = hb_app_test_find_row (GTK_WIDGET (window), "Show _Hints");
  GtkWidget *next_hint = hb_app_test_find_first (next_move, GTK_TYPE_BUTTON);

  for (guint i = 0; i < G_N_ELEMENTS (field_rows); i++)
    g_assert_true (field_rows[i] != NULL && gtk_widget_get_visible (field_rows[i]));
  g_assert_true (gtk_widget_get_visible (legend) && gtk_widget_get_visible (next_move));
  g_assert_nonnull (show_hints);
  g_assert_nonnull (next_hint);

  /* Both with Next Hint on (Play mode, hints shown) and off (as on a
   * solved board): an unusable button must not hide the rows above it
   * from Shift+Tab. In Play the three board fields are in the New Levels
   * fold: folded, Tab goes from its row on past them; opened, as in Edit. */
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_settle (30);
  {
    GtkWidget *fold = hb_app_test_find_row (GTK_WIDGET (window), "New Le_vels");
    GtkWidget *header = hb_app_test_find_first (fold, ADW_TYPE_ACTION_ROW);
    GPtrArray *stops = tab_stops (window, header, GTK_DIR_TAB_FORWARD);
    char *order = describe_stops (stops);

    g_test_message ("Tab from the folded New Levels:%s", order);
    g_assert_cmpuint (stops->len, >, 3);
    for (guint k = 0; k < stops->len; k++)
      for (guint i = 0; i < 3; i++)
        if (gtk_widget_is_ancestor (g_ptr_array_index (stops, k), field_rows[i]))
          g_error ("Tab reached a folded field (order:%s)", order);
    g_free (order);
    g_ptr_array_unref (stops);
    adw_expander_row_set_expanded (ADW_EXPANDER_ROW (fold), TRUE);
    hb_app_test_settle (30);
  }
  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-hints",
                                      g_variant_new_boolean (TRUE));
  hb_app_test_wait_hint (window);
  for (int state = 0; state < 2; state++)
    {
      gboolean usable = gtk_widget_is_sensitive (next_hint);

      g_test_message ("Next Hint %s", usable ? "on" : "off");
      for (int back = 0; back < 2; back++)
        {
          GPtrArray *stops = tab_stops (window, back ? next_move : width,
                                        back ? GTK_DIR_TAB_BACKWARD : GTK_DIR_TAB_FORWARD);
          char *order = describe_stops (stops);
          gboolean reached[G_N_ELEMENTS (field_rows)] = { FALSE };
          gboolean reached_next_move = back, reached_show_hints = FALSE;

          g_test_message ("%s:%s", back ? "Shift+Tab" : "Tab", order);
          for (guint k = 0; k < stops->len; k++)
            {
              GtkWidget *focus = g_ptr_array_index (stops, k);

              if (focus == legend || gtk_widget_is_ancestor (focus, legend))
                g_error ("Tab stopped on the legend (order:%s)", order);
              /* A list itself (the legend's own) is a stop with nothing
               * to see and nothing to do. */
              if (GTK_IS_LIST_BOX (focus))
                g_error ("Tab stopped on a list, not on a control (order:%s)", order);
              if (focus == next_hint)
                g_error ("Tab stopped on Next Hint as well as its row (order:%s)", order);
              reached_next_move |= focus == next_move;
              reached_show_hints |= focus == show_hints
                                    || gtk_widget_is_ancestor (focus, show_hints);
              for (guint i = 0; i < G_N_ELEMENTS (field_rows); i++)
                {
                  if (focus == field_rows[i])
                    g_error ("Tab stopped on the row \"%s\" (order:%s)",
                             adw_preferences_row_get_title (ADW_PREFERENCES_ROW (field_rows[i])),
                             order);
                  reached[i] |= gtk_widget_is_ancestor (focus, field_rows[i]);
                }
            }
          /* Every field but the start's (Width going forward). */
          for (guint i = back ? 0 : 1; i < G_N_ELEMENTS (field_rows); i++)
            if (!reached[i])
              g_error ("Tab never reached the field of \"%s\" (order:%s)",
                       adw_preferences_row_get_title (ADW_PREFERENCES_ROW (field_rows[i])), order);
          if (!reached_next_move || !reached_show_hints)
            g_error ("Tab missed Next Move or Show Hints (order:%s)", order);
          g_free (order);
          g_ptr_array_unref (stops);
        }
      g_assert_true (usable == (state == 0));
      gtk_widget_action_set_enabled (GTK_WIDGET (window), "win.next-hint", FALSE);
      hb_app_test_settle (50);
    }
  hb_app_test_window_close (window);
}

/* A row with a switch is one Tab stop, the row (as libadwaita 1.4's
 * AdwSwitchRow): the switch beside it takes no focus, and activating the
 * row (Space or Enter) flips the switch, both ways. */
static void
test_switch_rows_one_stop (void)
{
  HbWindow *window = hb_app_test_flow_ga_window ();
  HbSolverPanel *panel = hb_window_get_solver_panel (window);
  GtkWidget *rows[] = {
    hb_app_test_find_row (GTK_WIDGET (window), "Show _Hints"),
    hb_app_test_find_row (GTK_WIDGET (window), "Colour _Labels"),
    hb_solver_panel_get_setting_row (panel, "ac"),
  };
  GPtrArray *stops = tab_stops (window, board_spin (window, "_Width"), GTK_DIR_TAB_FORWARD);
  char *order = describe_stops (stops);

  g_test_message ("Tab:%s", order);
  for (guint k = 0; k < stops->len; k++)
    if (GTK_IS_SWITCH (g_ptr_array_index (stops, k)))
      g_error ("Tab stopped on a switch as well as its row (order:%s)", order);
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      GtkWidget *sw = hb_app_test_find_first (rows[i], GTK_TYPE_SWITCH);
      gboolean was;

      g_assert_nonnull (sw);
      if (!g_ptr_array_find (stops, rows[i], NULL))
        g_error ("Tab never stopped on the row \"%s\" (order:%s)",
                 adw_preferences_row_get_title (ADW_PREFERENCES_ROW (rows[i])), order);
      was = gtk_switch_get_active (GTK_SWITCH (sw));
      for (int flip = 1; flip <= 2; flip++)
        {
          g_assert_true (gtk_widget_grab_focus (rows[i]));
          g_assert_true (gtk_widget_activate (rows[i]));
          hb_app_test_settle (20);
          g_assert_true (gtk_switch_get_active (GTK_SWITCH (sw)) == (flip == 1 ? !was : was));
        }
    }
  g_free (order);
  g_ptr_array_unref (stops);
  hb_app_test_window_close (window);
}

/* A run with nothing to show on the board (the genetic algorithm on a
 * level arc consistency proves unsolvable) says its verdict in a toast,
 * and the sidebar scrolls its row into view: with the settings open the
 * verdict was below the fold, and nothing on screen changed. Its note
 * does not say "No solution:" a second time. */
static void
test_verdict_in_view (void)
{
  HbWindow *window = hb_app_test_flow_ga_window ();
  GtkWidget *row, *sw;
  graphene_rect_t b;
  GtkAdjustment *adj;
  const char *note;

  hb_app_test_open_text (window, "cross.flow", "R.G\n...\nG.R\n");
  g_assert_true (hb_window_select_solver (window, "ga-paths"));
  hb_app_test_settle (200);
  sw = gtk_widget_get_ancestor (GTK_WIDGET (hb_window_get_solver_panel (window)),
                                GTK_TYPE_SCROLLED_WINDOW);
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (sw));
  gtk_adjustment_set_value (adj, 0);
  hb_window_solve (window);
  hb_app_test_wait (hb_app_test_not_solving, window, 60000, "the solver");
  hb_app_test_settle (300);
  g_assert_cmpint (hb_window_get_result (window)->status, ==, HB_STATUS_NO_SOLUTION);
  g_assert_cmpstr (hb_window_get_last_toast (window), ==, "No solution: this level cannot be solved");
  row = hb_app_test_find_row (GTK_WIDGET (window), "No solution: this level cannot be solved");
  g_assert_nonnull (row);
  note = adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (row));
  g_assert_nonnull (note);
  g_assert_false (g_str_has_prefix (note, "No solution"));
  g_assert_true (gtk_widget_compute_bounds (row, sw, &b));
  g_test_message ("the verdict's row at %.0f-%.0f of %d", b.origin.y, b.origin.y + b.size.height,
                  gtk_widget_get_height (sw));
  g_assert_cmpfloat (b.origin.y, >=, 0);
  g_assert_cmpfloat (b.origin.y + b.size.height, <=, gtk_widget_get_height (sw));

  /* The note is a sentence of its own, begun with a capital (the fast
   * solver's words, written to follow "no solution: " on the command
   * line, began "the search tried every way"). */
  g_assert_true (hb_window_select_solver (window, "fast"));
  hb_window_solve (window);
  hb_app_test_wait (hb_app_test_not_solving, window, 60000, "the solver");
  hb_app_test_settle (300);
  g_assert_cmpint (hb_window_get_result (window)->status, ==, HB_STATUS_NO_SOLUTION);
  g_assert_true (g_str_has_prefix (hb_window_get_result (window)->message, "the search"));
  row = hb_app_test_find_row (GTK_WIDGET (window), "No solution: this level cannot be solved");
  g_assert_nonnull (row);
  g_assert_cmpstr (adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (row)), ==,
                   "The search tried every way to join the dots: none fills the board");
  hb_app_test_window_close (window);
}

/* Another game's sidebar opens at its top: it kept the last game's
 * scroll, so the new game's Board help was out of sight. */
static void
test_game_switch_scrolls_up (void)
{
  HbWindow *window = hb_app_test_flow_ga_window ();
  GtkWidget *sw = gtk_widget_get_ancestor (GTK_WIDGET (hb_window_get_solver_panel (window)),
                                           GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (sw));

  gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj));
  hb_app_test_settle (100);
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), >, 100);
  g_assert_true (hb_window_select_game (window, "loop"));
  hb_app_test_wait_loaded (window);
  hb_app_test_settle (100);
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, 0);
  hb_app_test_window_close (window);
}

/* ---- Shortcuts ----------------------------------------------------------------- */

/* Whether the shortcuts window lists `accel` (as its accelerator property
 * says it, among others there) for a shortcut whose title contains
 * `title` (any shortcut when NULL). */
static gboolean
overlay_lists_for (const char *title, const char *accel)
{
  GtkBuilder *builder = gtk_builder_new_from_resource ("/io/github/hintboard/Hintboard/gtk/help-overlay.ui");
  GSList *objects = gtk_builder_get_objects (builder);
  gboolean found = FALSE;

  for (GSList *l = objects; l != NULL; l = l->next)
    if (GTK_IS_SHORTCUTS_SHORTCUT (l->data))
      {
        g_autofree char *a = NULL, *t = NULL;
        g_auto (GStrv) words = NULL;

        g_object_get (l->data, "accelerator", &a, "title", &t, NULL);
        words = g_strsplit (a ? a : "", " ", -1);
        found |= g_strv_contains ((const char *const *) words, accel)
                 && (title == NULL || (t != NULL && strstr (t, title) != NULL));
      }
  g_slist_free (objects);
  gtk_window_destroy (GTK_WINDOW (gtk_builder_get_object (builder, "help_overlay")));
  g_object_unref (builder);
  return found;
}

static gboolean
overlay_lists (const char *accel)
{
  return overlay_lists_for (NULL, accel);
}

/* The window's class shortcuts that Ctrl+H triggers, as action names. */
static GPtrArray *
actions_for_ctrl_h (HbWindow *window)
{
  GListModel *controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
  GtkShortcutTrigger *ctrl_h = gtk_keyval_trigger_new (GDK_KEY_h, GDK_CONTROL_MASK);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      GObject *c = g_list_model_get_item (controllers, i);

      if (GTK_IS_SHORTCUT_CONTROLLER (c))
        for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (c)); j++)
          {
            GtkShortcut *sc = g_list_model_get_item (G_LIST_MODEL (c), j);
            GtkShortcutAction *action = gtk_shortcut_get_action (sc);

            if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (sc), ctrl_h))
              g_ptr_array_add (names, GTK_IS_NAMED_ACTION (action)
                                      ? g_strdup (gtk_named_action_get_action_name (GTK_NAMED_ACTION (action)))
                                      : gtk_shortcut_action_to_string (action));
            g_object_unref (sc);
          }
      g_object_unref (c);
    }
  g_object_unref (controllers);
  g_object_unref (ctrl_h);
  return names;
}

/* F10 (the main menu) is listed, and so is Ctrl+H, which makes the next
 * hinted move: the window's only Ctrl+H, no application accelerator's,
 * and it makes the move. */
/* A letter typed into a board's number field (a shortcut key, with the
 * field still focused after a click on its +) goes nowhere, and text
 * that is no number puts the last value back: "p9" read as 0 used to cut
 * the board to one column. */
static void
test_board_fields_digits_only (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkWidget *spin = board_spin (window, "_Width");
  int width = hb_window_get_state (window)->width;
  int pos = 0;

  g_assert_cmpint (width, >, 1);
  gtk_widget_grab_focus (spin);
  gtk_editable_insert_text (GTK_EDITABLE (spin), "p", -1, &pos);
  g_assert_null (strchr (gtk_editable_get_text (GTK_EDITABLE (spin)), 'p'));
  gtk_editable_set_text (GTK_EDITABLE (spin), "p");
  gtk_spin_button_update (GTK_SPIN_BUTTON (spin));
  hb_app_test_settle (50);
  g_assert_cmpint (hb_window_get_state (window)->width, ==, width);
  g_assert_cmpint ((int) gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin)), ==, width);
  hb_app_test_window_close (window);
}

/* Whether the field `spin` shows a selection. */
static gboolean
selects (GtkWidget *spin)
{
  int start, end;

  return gtk_editable_get_selection_bounds (GTK_EDITABLE (spin), &start, &end) && start != end;
}

/* Moves the focus as Tab (or Shift+Tab) does and returns the widget it is
 * in now. */
static GtkWidget *
tab (HbWindow *window, GtkDirectionType direction)
{
  g_assert_true (gtk_widget_child_focus (GTK_WIDGET (window), direction));
  hb_app_test_settle (50);
  return gtk_root_get_focus (GTK_ROOT (window));
}

/* Width and Height take the keyboard alike: Tab into either selects its
 * number, as GTK's fields do, and Tab out of either leaves no selection
 * behind. Height, the last field of Enlight's Board group, kept its
 * selection painted after Tab went on to New, while Width's went as
 * Height took the focus (GTK drops a field's selection when another
 * field selects: review). So in Flow Free, where Colours follows. */
static void
test_board_fields_tab_alike (void)
{
  HbWindow *window = hb_app_test_window_new ();
  const char *games[] = { "lights", "flow" };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      GtkWidget *width = board_spin (window, "_Width");
      GtkWidget *height = board_spin (window, "_Height");
      GtkWidget *focus;

      g_assert_true (hb_window_select_game (window, games[g]));
      hb_app_test_wait_loaded (window);
      /* In Play the fields are in the New Levels fold: opened. */
      adw_expander_row_set_expanded (ADW_EXPANDER_ROW (hb_app_test_find_row (GTK_WIDGET (window),
                                                                             "New Le_vels")),
                                     TRUE);
      hb_app_test_settle (100);
      g_test_message ("%s", games[g]);
      g_assert_true (gtk_widget_grab_focus (width));
      g_assert_true (selects (width));
      focus = tab (window, GTK_DIR_TAB_FORWARD);
      g_assert_true (gtk_widget_is_ancestor (focus, height));
      g_assert_true (selects (height));
      g_assert_false (selects (width));
      focus = tab (window, GTK_DIR_TAB_FORWARD);
      g_assert_false (gtk_widget_is_ancestor (focus, height));
      g_assert_false (selects (height));
      g_assert_false (selects (width));
      /* Back into Height: its number selected again; on to Width. */
      focus = tab (window, GTK_DIR_TAB_BACKWARD);
      g_assert_true (gtk_widget_is_ancestor (focus, height));
      g_assert_true (selects (height));
      focus = tab (window, GTK_DIR_TAB_BACKWARD);
      g_assert_true (gtk_widget_is_ancestor (focus, width));
      g_assert_true (selects (width));
      g_assert_false (selects (height));
      /* Off to the board: no field shows a selection. */
      gtk_widget_grab_focus (GTK_WIDGET (hb_window_get_board_view (window)));
      hb_app_test_settle (50);
      g_assert_false (selects (width));
      g_assert_false (selects (height));
    }
  hb_app_test_window_close (window);
  hb_app_test_reset_last_game ();
}

static gboolean
pointer_is_null (gpointer data)
{
  return *(gpointer *) data == NULL;
}

/* A solver setting's number field leaves no selection behind either
 * when the focus goes on to something that is no field (the hook-up in
 * hb-solver-settings.c had no test). A window closed while the check
 * waits for its idle, with the field it holds, is no trouble. */
static void
test_setting_field_tab_out (void)
{
  HbWindow *window = hb_app_test_flow_ga_window ();
  HbSolverPanel *panel = hb_window_get_solver_panel (window);
  GtkWidget *spin = hb_app_test_find_first (hb_solver_panel_get_setting_row (panel, "mutation"),
                                            GTK_TYPE_SPIN_BUTTON);
  GtkWidget *board = GTK_WIDGET (hb_window_get_board_view (window));

  g_assert_nonnull (spin);
  g_assert_true (gtk_widget_grab_focus (spin));
  hb_app_test_settle (50);
  g_assert_true (selects (spin));
  g_assert_true (gtk_widget_grab_focus (board));
  hb_app_test_settle (50);
  g_assert_false (selects (spin));
  /* Back in, out, and the window closed before the idle runs. */
  g_assert_true (gtk_widget_grab_focus (spin));
  hb_app_test_settle (50);
  g_assert_true (selects (spin));
  g_object_add_weak_pointer (G_OBJECT (spin), (gpointer *) &spin);
  gtk_widget_grab_focus (board);
  hb_app_test_window_close (window);
  hb_app_test_wait (pointer_is_null, &spin, 20000, "the closed window's field to be freed");
  hb_app_test_reset_last_game ();
}

/* The Board group's text says the rules in Play and what Edit's clicks
 * and drags do in Edit, for every game (it kept the play rule in Edit,
 * where a click on Enlight switches one light, not five). */
/* The Board group's text shown now (in its stack, or the group's own
 * description where the stack could not be placed). */
static const char *
board_text (HbWindow *window)
{
  if (window->board_texts == NULL)
    return adw_preferences_group_get_description (window->board_group);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->board_texts)));
  return gtk_label_get_text (GTK_LABEL (gtk_stack_get_visible_child (window->board_texts)));
}

static void
test_board_text_follows_mode (void)
{
  HbWindow *window = hb_app_test_window_new ();
  const HbGame *const *games = hb_registry_games ();

  /* libadwaita 1.2 (Debian 12, the Flatpak's runtime may differ): the
   * stack sits in the group's header. */
  g_assert_nonnull (window->board_texts);
  for (int i = 0; games[i] != NULL; i++)
    {
      g_assert_true (hb_window_select_game (window, games[i]->id));
      hb_app_test_wait_loaded (window);
      g_assert_nonnull (games[i]->edit_description);
      hb_window_set_mode (window, HB_MODE_PLAY);
      g_assert_cmpstr (board_text (window), ==, games[i]->description);
      hb_window_set_mode (window, HB_MODE_EDIT);
      g_assert_cmpstr (board_text (window), ==, games[i]->edit_description);
      hb_window_set_mode (window, HB_MODE_PLAY);
    }
  hb_app_test_window_close (window);
}

/* The status line in Edit speaks of the design, not of a game won: a
 * cleared board is "solved" in Play (Enlight all off, Infinite Loop with
 * no open ends, Flood-It in one colour) but not in Edit, where it is a
 * level not yet drawn. */
static void
test_edit_status_not_won (void)
{
  HbWindow *window = hb_app_test_window_new ();
  const HbGame *const *games = hb_registry_games ();

  for (int i = 0; games[i] != NULL; i++)
    {
      g_autofree char *edit = NULL, *play = NULL;

      g_assert_true (hb_window_select_game (window, games[i]->id));
      hb_app_test_wait_loaded (window);
      /* Clear from Play goes to Edit, as New does: a blank board is one to
       * draw on (it stayed in Play, "solved"). */
      hb_window_set_mode (window, HB_MODE_PLAY);
      hb_app_test_activate (window, "clear", NULL);
      hb_app_test_settle (50);
      g_assert_cmpint (hb_window_get_mode (window), ==, HB_MODE_EDIT);
      edit = g_utf8_strdown (hb_window_get_status_text (window), -1);
      hb_window_set_mode (window, HB_MODE_PLAY);
      hb_app_test_settle (50);
      play = g_utf8_strdown (hb_window_get_status_text (window), -1);
      g_test_message ("%s: Edit \"%s\", Play \"%s\"", games[i]->id, edit, play);
      g_assert_null (strstr (edit, "solved"));
      g_assert_cmpstr (edit, !=, "");
      if (games[i]->is_solved (hb_window_get_state (window)))
        g_assert_nonnull (strstr (play, "solved"));
    }
  hb_app_test_window_close (window);
}

/* The Board group's first row keeps its place when Edit and Play switch:
 * the group's text (how to play, how to draw) takes the room of the
 * longer (Flow Free's took two lines in Play and four in Edit, and Width,
 * Height and the buttons moved 31 px: a click aimed at Height's − missed).
 * Since 2026-12-06 that row is New Levels in Play (the size fields folded
 * into it) and Width in Edit. */
static void
test_board_text_keeps_place (void)
{
  HbWindow *window = hb_app_test_window_new ();
  const HbGame *const *games = hb_registry_games ();

  for (int i = 0; games[i] != NULL; i++)
    {
      GtkWidget *row;
      graphene_rect_t play, edit;

      g_assert_true (hb_window_select_game (window, games[i]->id));
      hb_app_test_wait_loaded (window);
      hb_window_set_mode (window, HB_MODE_PLAY);
      hb_app_test_settle (50);
      row = hb_app_test_find_row (GTK_WIDGET (window), "New Le_vels");
      /* The rows' boxes (an action row's own origin is inside its
       * padding, 2 px lower than an expander row's). */
      g_assert_true (gtk_widget_compute_bounds (row, GTK_WIDGET (window), &play));
      hb_window_set_mode (window, HB_MODE_EDIT);
      hb_app_test_settle (50);
      row = gtk_widget_get_ancestor (board_spin (window, "_Width"), ADW_TYPE_ACTION_ROW);
      g_assert_true (gtk_widget_compute_bounds (row, GTK_WIDGET (window), &edit));
      g_test_message ("%s: New Levels at y %.0f in Play, Width %.0f in Edit", games[i]->id,
                      play.origin.y, edit.origin.y);
      g_assert_cmpfloat (play.origin.y, ==, edit.origin.y);
      hb_window_set_mode (window, HB_MODE_PLAY);
    }
  hb_app_test_window_close (window);
}

/* The Board group's fields line up in both modes: in Edit, Width and
 * Height end in their ⋮ menus and the rows below them in a blank as wide
 * (Colours' and Move limit's fields sat 40 px to the right of Width's). */
static void
test_board_fields_line_up (void)
{
  HbWindow *window = hb_app_test_window_new ();
  const char *games[] = { "flood", "flow" };
  const char *titles[] = { "_Width", "_Height", "_Colours of Random Levels", "_Move limit" };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      g_assert_true (hb_window_select_game (window, games[g]));
      hb_app_test_wait_loaded (window);
      adw_expander_row_set_expanded (ADW_EXPANDER_ROW (hb_app_test_find_row (GTK_WIDGET (window),
                                                                             "New Le_vels")),
                                     TRUE);
      for (int mode = 0; mode < 2; mode++)
        {
          double x0 = -1;
          guint seen = 0;

          hb_window_set_mode (window, mode == 0 ? HB_MODE_EDIT : HB_MODE_PLAY);
          hb_app_test_settle (80);
          for (guint i = 0; i < G_N_ELEMENTS (titles); i++)
            {
              GtkWidget *row = hb_app_test_find_row (GTK_WIDGET (window), titles[i]);
              graphene_rect_t b;

              if (row == NULL || !gtk_widget_get_mapped (row))
                continue;
              g_assert_true (gtk_widget_compute_bounds (hb_app_test_find_first (row, GTK_TYPE_SPIN_BUTTON),
                                                        GTK_WIDGET (window), &b));
              g_test_message ("%s %s: %s at x %.0f", games[g], mode == 0 ? "Edit" : "Play",
                              titles[i], b.origin.x);
              if (x0 < 0)
                x0 = b.origin.x;
              g_assert_cmpfloat (b.origin.x, ==, x0);
              seen++;
            }
          /* Width, Height, Colours, and Flood-It's move limit. */
          g_assert_cmpuint (seen, ==, g == 0 ? 4 : 3);
        }
    }
  hb_app_test_window_close (window);
}

/* Picking a solver closes the list, as a combo's popup closes, so Solve
 * comes back into view; the list carries no tooltip for its rows to show
 * (they showed the chosen solver's summary over every other solver). */
static void
test_solver_list_closes (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbSolverPanel *panel = hb_window_get_solver_panel (window);
  GtkWidget *expander;

  g_assert_true (hb_window_select_game (window, "flow"));
  hb_app_test_wait_loaded (window);
  expander = hb_app_test_find_first (GTK_WIDGET (panel), ADW_TYPE_EXPANDER_ROW);
  g_assert_nonnull (expander);
  g_assert_null (gtk_widget_get_tooltip_text (expander));
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (expander), TRUE);
  hb_app_test_settle (50);
  g_assert_true (hb_window_select_solver (window, "sat"));
  hb_app_test_settle (50);
  g_assert_false (adw_expander_row_get_expanded (ADW_EXPANDER_ROW (expander)));
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (expander)), ==,
                   hb_window_get_solver (window)->name);
  hb_app_test_window_close (window);
}

/* The palette is one Tab stop, as a radio group is (Flow Free's Edit
 * palette was 17 between the sidebar and the board): one chip takes the
 * focus, the selected one in Edit; Right and Left pick the next entries
 * and move the focus with them. */
static int
focusable_chips (GtkWidget *bar, GtkWidget **which)
{
  int n = 0;

  for (GtkWidget *c = gtk_widget_get_first_child (bar); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (gtk_widget_get_focusable (c) && gtk_widget_get_visible (c))
      {
        n++;
        *which = c;
      }
  return n;
}

static void
test_palette_one_tab_stop (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbPaletteBar *bar = hb_window_get_palette_bar (window);
  GtkWidget *chip = NULL, *before;
  int first;

  g_assert_true (hb_window_select_game (window, "flow"));
  hb_app_test_wait_loaded (window);
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_settle (100);
  g_assert_cmpint (hb_palette_bar_get_n_entries (bar), >, 3);
  g_assert_cmpint (focusable_chips (GTK_WIDGET (bar), &chip), ==, 1);
  first = hb_palette_bar_get_selected (bar);
  gtk_widget_grab_focus (chip);
  before = chip;
  g_assert_true (hb_app_test_press_key (GTK_WIDGET (bar), GDK_KEY_Right));
  hb_app_test_settle (30);
  g_assert_cmpint (hb_palette_bar_get_selected (bar), !=, first);
  g_assert_cmpint (focusable_chips (GTK_WIDGET (bar), &chip), ==, 1);
  g_assert_true (chip != before);
  g_assert_true (gtk_widget_has_focus (chip));
  g_assert_true (hb_app_test_press_key (GTK_WIDGET (bar), GDK_KEY_Left));
  g_assert_cmpint (hb_palette_bar_get_selected (bar), ==, first);

  /* The keys' place shows apart from the pick: a ring outside the picked
   * chip while it has the focus, none once the board has it (the two
   * looked the same). */
  {
    graphene_point_t at;
    int rgb_focus[3], rgb_board[3];
    HbShot *shot;

    focusable_chips (GTK_WIDGET (bar), &chip);
    gtk_widget_grab_focus (chip);
    gtk_window_set_focus_visible (GTK_WINDOW (window), TRUE);
    hb_app_test_settle (100);
    /* 5 px left of the chip, half way down. */
    g_assert_true (gtk_widget_compute_point (chip, GTK_WIDGET (window),
                                             &GRAPHENE_POINT_INIT (-5, gtk_widget_get_height (chip) / 2.0),
                                             &at));
    shot = hb_app_test_shot (GTK_WIDGET (window));
    hb_app_test_pixel (shot, (int) at.x, (int) at.y, rgb_focus);
    hb_app_test_shot_free (shot);
    g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (hb_window_get_board_view (window))));
    g_assert_false (gtk_widget_has_focus (chip));
    hb_app_test_settle (100);
    shot = hb_app_test_shot (GTK_WIDGET (window));
    hb_app_test_pixel (shot, (int) at.x, (int) at.y, rgb_board);
    hb_app_test_shot_free (shot);
    g_test_message ("outside the chip: %d,%d,%d focused, %d,%d,%d not", rgb_focus[0],
                    rgb_focus[1], rgb_focus[2], rgb_board[0], rgb_board[1], rgb_board[2]);
    g_assert_cmpint (ABS (rgb_focus[0] - rgb_board[0]) + ABS (rgb_focus[1] - rgb_board[1])
                     + ABS (rgb_focus[2] - rgb_board[2]), >, 60);
  }
  hb_app_test_window_close (window);
}

static void
test_shortcuts_listed (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GPtrArray *names = actions_for_ctrl_h (window);
  char **app_actions;
  HbDocument *doc = hb_window_get_document (window);
  guint64 before;

  g_assert_true (overlay_lists ("F10"));
  g_assert_true (overlay_lists ("<Ctrl>H"));
  g_assert_true (overlay_lists_for ("Next bundled level", "<Ctrl>Page_Down"));
  g_assert_true (overlay_lists_for ("bundled level", "<Ctrl>L"));
  /* Keys the README promises that the window left out: Shift with Space
   * or Enter turns an Infinite Loop tile the other way, the digits count
   * from 1 (Flood-It's colours from 0), Tab reaches the board. */
  g_assert_true (overlay_lists ("<Shift>space"));
  g_assert_true (overlay_lists ("<Shift>Return"));
  g_assert_true (overlay_lists ("1...9"));
  g_assert_true (overlay_lists ("0...9"));
  g_assert_true (overlay_lists ("Tab"));
  g_assert_true (overlay_lists ("<Shift>Tab"));
  /* The palette's arrows (one Tab stop). */
  g_assert_true (overlay_lists_for ("palette (when it has the focus)", "Left"));
  /* A screenshot's unsure cell is kept as read by the right click's
   * keys, which the window left out; Open takes screenshots too. */
  g_assert_true (overlay_lists_for ("unsure as read", "Menu"));
  g_assert_true (overlay_lists_for ("unsure as read", "<Shift>F10"));
  g_assert_true (overlay_lists_for ("screenshot", "<Ctrl>O"));

  g_assert_cmpuint (names->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (names, 0), ==, "win.next-hint");
  g_ptr_array_unref (names);
  app_actions = gtk_application_get_actions_for_accel (
    GTK_APPLICATION (g_application_get_default ()), "<Control>h");
  g_assert_cmpuint (g_strv_length (app_actions), ==, 0);
  g_strfreev (app_actions);

  /* The binding makes the move (Show Hints on, as Next Hint needs). */
  hb_window_set_mode (window, HB_MODE_PLAY);
  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-hints",
                                      g_variant_new_boolean (TRUE));
  hb_app_test_wait_hint (window);
  g_assert_true (hb_window_get_action_enabled (window, "next-hint"));
  before = hb_document_get_serial (doc);
  {
    GListModel *controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
    GtkShortcutTrigger *ctrl_h = gtk_keyval_trigger_new (GDK_KEY_h, GDK_CONTROL_MASK);
    gboolean done = FALSE;

    for (guint i = 0; !done && i < g_list_model_get_n_items (controllers); i++)
      {
        GObject *c = g_list_model_get_item (controllers, i);
        if (GTK_IS_SHORTCUT_CONTROLLER (c))
          for (guint j = 0; !done && j < g_list_model_get_n_items (G_LIST_MODEL (c)); j++)
            {
              GtkShortcut *sc = g_list_model_get_item (G_LIST_MODEL (c), j);
              if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (sc), ctrl_h))
                done = gtk_shortcut_action_activate (gtk_shortcut_get_action (sc), 0,
                                                     GTK_WIDGET (window), NULL);
              g_object_unref (sc);
            }
        g_object_unref (c);
      }
    g_object_unref (controllers);
    g_object_unref (ctrl_h);
    g_assert_true (done);
  }
  hb_app_test_settle (100);
  g_assert_cmpuint (hb_document_get_serial (doc), !=, before);
  hb_app_test_window_close (window);
}

/* After the sidebar, Tab goes to the palette's pick (where the palette
 * shows) or to the board: the palette's scroller was a stop of its own,
 * with no focus ring and nothing to do, even where no palette shows
 * (Infinite Loop in Play). */
static void
test_tab_from_sidebar_to_board (void)
{
  HbWindow *window = hb_app_test_window_new ();
  static const struct { const char *game; HbMode mode; gboolean palette; } cases[] = {
    { "loop", HB_MODE_PLAY, FALSE },
    { "flow", HB_MODE_EDIT, TRUE },
    { "flood", HB_MODE_PLAY, TRUE },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      GtkWidget *next_move, *focus;

      g_assert_true (hb_window_select_game (window, cases[c].game));
      hb_app_test_wait_hint (window);
      hb_window_set_mode (window, cases[c].mode);
      hb_app_test_settle (100);
      next_move = hb_app_test_find_row (GTK_WIDGET (window), "Next Move");
      g_assert_true (gtk_widget_grab_focus (next_move));
      g_assert_true (gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_FORWARD));
      focus = gtk_root_get_focus (GTK_ROOT (window));
      g_test_message ("%s: after Next Move, %s %s", cases[c].game, G_OBJECT_TYPE_NAME (focus), ADW_IS_PREFERENCES_ROW (focus) ? adw_preferences_row_get_title (ADW_PREFERENCES_ROW (focus)) : "");
      if (cases[c].palette)
        {
          g_assert_nonnull (gtk_widget_get_ancestor (focus, HB_TYPE_PALETTE_BAR));
          g_assert_true (gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_FORWARD));
          focus = gtk_root_get_focus (GTK_ROOT (window));
        }
      g_assert_true (focus == GTK_WIDGET (hb_window_get_board_view (window)));
    }
  hb_app_test_window_close (window);
}

/* A short window gives the board the room it keeps in a tall one: the
 * player's two lines under it and Flow Free's empty palette row in Play
 * (at 1280 x 420 a 14 x 14 level was 125 px tall over 120 px of nothing).
 * Tall again, the room is kept again. */
static void
test_short_window_board_room (void)
{
  HbWindow *window = hb_app_test_window_new ();
  Size tall, short_size;

  g_assert_true (hb_window_select_game (window, "flow"));
  hb_app_test_settle (200);
  tall = in_mode (window, HB_MODE_PLAY, "flow");
  g_assert_true (palette_row_shown (window));

  gtk_window_set_default_size (GTK_WINDOW (window), HB_TEST_WIDTH, 460);
  hb_app_test_settle (300);
  short_size = board_size (window);
  g_test_message ("board view %d px tall at %d px, %d px at 460 px", tall.height,
                  HB_TEST_HEIGHT, short_size.height);
  g_assert_false (palette_row_shown (window));
  /* The header bar (about 47 px) and the status line (about 30) only. */
  g_assert_cmpint (short_size.height, >, 460 - 110);
  /* Edit's palette is there when it has colours to pick. */
  short_size = in_mode (window, HB_MODE_EDIT, "flow");
  g_assert_true (palette_row_shown (window));
  in_mode (window, HB_MODE_PLAY, "flow");

  gtk_window_set_default_size (GTK_WINDOW (window), HB_TEST_WIDTH, HB_TEST_HEIGHT);
  hb_app_test_settle (300);
  g_assert_true (palette_row_shown (window));
  g_assert_cmpint (board_size (window).height, ==, tall.height);
  hb_app_test_window_close (window);
}

/* A tall, narrow window (400 x 800, the sidebar folded) keeps the
 * palette, the board and the status line together: the room the board
 * does not fill goes above and below them, not between the board and its
 * status line (Flood-It's "0 / 12 moves" stood 90 px under the board,
 * its colours as far above it). */
static void
test_tall_window_keeps_together (void)
{
  HbWindow *window = hb_app_test_window_new ();
  const char *games[] = { "flood", "lights" };

  gtk_window_set_default_size (GTK_WINDOW (window), 400, 800);
  for (gsize i = 0; i < G_N_ELEMENTS (games); i++)
    {
      GtkWidget *view = GTK_WIDGET (hb_window_get_board_view (window));
      GtkWidget *status = hb_window_get_status_label (window);
      GtkWidget *bar = GTK_WIDGET (hb_window_get_palette_bar (window));
      graphene_rect_t sb, pb;
      HbLayout l;
      double top, bottom;

      g_assert_true (hb_window_select_game (window, games[i]));
      hb_app_test_wait_loaded (window);
      hb_window_set_mode (window, HB_MODE_PLAY);
      hb_app_test_settle (300);
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 420);
      hb_board_view_get_layout (HB_BOARD_VIEW (view), &l);
      top = l.y0;
      bottom = l.y0 + l.cell * l.height;
      g_assert_true (gtk_widget_compute_bounds (status, view, &sb));
      g_test_message ("%s: board %.0f-%.0f px in a view %d px tall, status at %.0f",
                      games[i], top, bottom, gtk_widget_get_height (view),
                      sb.origin.y);
      /* The board fills the width, and its status line is under it, past
       * the board's margin (24 px) and no more. */
      g_assert_cmpfloat (l.cell * l.width, >, 300);
      g_assert_cmpfloat (sb.origin.y - bottom, >=, 0);
      g_assert_cmpfloat (sb.origin.y - bottom, <=, 30);
      if (palette_row_shown (window))
        {
          g_assert_true (gtk_widget_compute_bounds (bar, view, &pb));
          g_assert_cmpfloat (top - (pb.origin.y + pb.size.height), <=, 30);
        }
      else
        g_assert_cmpfloat (top, <=, 30);
    }
  hb_app_test_window_close (window);
}

/* A menu button's tooltip is off while its menu is open: clicked and left
 * under the pointer, the header's Levels button showed "Levels (Ctrl+L)"
 * over the list's first level, and the ⋮ of Width "Add or Remove a
 * Column" over "Add a Column on the Left" (a newcomer's look). Closed,
 * the tooltip is back, its text unchanged. */
static void
check_quiet_tooltip (GtkMenuButton *button, const char *tooltip)
{
  g_assert_true (gtk_widget_get_has_tooltip (GTK_WIDGET (button)));
  gtk_menu_button_popup (button);
  hb_app_test_settle (50);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (gtk_menu_button_get_popover (button))));
  g_assert_false (gtk_widget_get_has_tooltip (GTK_WIDGET (button)));
  gtk_menu_button_popdown (button);
  hb_app_test_settle (50);
  g_assert_true (gtk_widget_get_has_tooltip (GTK_WIDGET (button)));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (button)), ==, tooltip);
}

static void
test_menu_tooltips_quiet (void)
{
  HbWindow *window = hb_app_test_window_new ();

  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_settle (50);
  check_quiet_tooltip (window->levels_button, "Levels (Ctrl+L)");
  check_quiet_tooltip (window->main_menu_button, "Main Menu");
  check_quiet_tooltip (GTK_MENU_BUTTON (window->columns_button), "Add or Remove a Column");
  check_quiet_tooltip (GTK_MENU_BUTTON (window->rows_button), "Add or Remove a Row");
  hb_app_test_window_close (window);
}

/* Whether a label's text, as laid out, breaks a line inside a word (a
 * line that does not start after a blank). */
static gboolean
broken_inside_a_word (GtkLabel *label)
{
  PangoLayout *layout = gtk_label_get_layout (label);
  const char *text = pango_layout_get_text (layout);

  for (GSList *l = pango_layout_get_lines_readonly (layout); l != NULL; l = l->next)
    {
      const PangoLayoutLine *line = l->data;

      g_test_message ("line: %.*s", line->length, text + line->start_index);
      if (line->start_index > 0 && !g_ascii_isspace (text[line->start_index - 1]))
        return TRUE;
    }
  return FALSE;
}

static gboolean
is_label_saying (GtkWidget *widget, gconstpointer text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

/* A seed refused, in a window 400 px wide and in one of the usual width:
 * the bound grouped as the app's counts are (in English numbers), and
 * neither the Seed row nor the toast cuts a line inside a word (the row,
 * a few words wide beside the field, cut the 20-digit bound,
 * "18446744073709/551615"). */
static void
test_seed_refusal_fits (void)
{
  gboolean english = hb_test_numbers_english ();
  const int widths[] = { 400, HB_TEST_WIDTH };

  for (gsize i = 0; i < G_N_ELEMENTS (widths); i++)
    {
      HbWindow *window = hb_app_test_window_new ();
      HbSolverPanel *panel = hb_window_get_solver_panel (window);
      GtkWidget *row, *note, *toast;
      const char *subtitle;

      gtk_window_set_default_size (GTK_WINDOW (window), widths[i], 800);
      hb_app_test_open_text (window, "seed.flow", "R.G\n...\nR.G\n");
      g_assert_true (hb_window_select_solver (window, "ga-paths"));
      hb_app_test_settle (300);
      if (widths[i] == 400 && !hb_app_test_sidebar_over_board (window))
        hb_app_test_activate (window, "toggle-sidebar", NULL);
      gtk_editable_set_text (GTK_EDITABLE (hb_solver_panel_get_control (panel, "seed")),
                             "twelve");
      hb_app_test_settle (700);
      g_test_message ("%d px: %s", gtk_widget_get_width (GTK_WIDGET (window)),
                      hb_solver_panel_get_error (panel));
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, widths[i] + 20);
      if (english)
        g_assert_nonnull (strstr (hb_solver_panel_get_error (panel),
                                  "from 0 to 18,446,744,073,709,551,615"));
      row = hb_solver_panel_get_setting_row (panel, "seed");
      g_assert_true (gtk_widget_has_css_class (row, "error"));
      subtitle = adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
      note = hb_app_test_find_where (row, is_label_saying, subtitle);
      g_assert_nonnull (note);
      g_assert_true (gtk_widget_get_mapped (note));
      g_assert_false (broken_inside_a_word (GTK_LABEL (note)));
      toast = hb_app_test_find_first (hb_app_test_find_named (GTK_WIDGET (window),
                                                              "AdwToastWidget"),
                                      GTK_TYPE_LABEL);
      g_assert_nonnull (toast);
      g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (toast)), ==,
                       hb_solver_panel_get_error (panel));
      g_assert_false (broken_inside_a_word (GTK_LABEL (toast)));
      hb_app_test_window_close (window);
    }
  if (english)
    hb_test_numbers_end ();
}

int
main (int argc, char *argv[])
{
  hb_app_test_init (&argc, &argv);
  g_test_add_func ("/app/layout/tab-from-sidebar-to-board", test_tab_from_sidebar_to_board);
  g_test_add_func ("/app/layout/menu-tooltips-quiet", test_menu_tooltips_quiet);
  g_test_add_func ("/app/layout/board-keeps-size", test_board_keeps_size);
  g_test_add_func ("/app/layout/tall-window-keeps-together", test_tall_window_keeps_together);
  g_test_add_func ("/app/layout/wheel-needs-focus", test_wheel_needs_focus);
  g_test_add_func ("/app/layout/setting-titles-whole", test_setting_titles_whole);
  g_test_add_func ("/app/layout/limits-show-none", test_limits_show_none);
  g_test_add_func ("/app/layout/tab-skips-rows", test_tab_skips_rows);
  g_test_add_func ("/app/layout/switch-rows-one-stop", test_switch_rows_one_stop);
  g_test_add_func ("/app/layout/verdict-in-view", test_verdict_in_view);
  g_test_add_func ("/app/layout/game-switch-scrolls-up", test_game_switch_scrolls_up);
  g_test_add_func ("/app/layout/shortcuts-listed", test_shortcuts_listed);
  g_test_add_func ("/app/layout/board-fields-digits-only", test_board_fields_digits_only);
  g_test_add_func ("/app/layout/board-fields-tab-alike", test_board_fields_tab_alike);
  g_test_add_func ("/app/layout/setting-field-tab-out", test_setting_field_tab_out);
  g_test_add_func ("/app/layout/board-text-follows-mode", test_board_text_follows_mode);
  g_test_add_func ("/app/layout/edit-status-not-won", test_edit_status_not_won);
  g_test_add_func ("/app/layout/board-text-keeps-place", test_board_text_keeps_place);
  g_test_add_func ("/app/layout/board-fields-line-up", test_board_fields_line_up);
  g_test_add_func ("/app/layout/solver-list-closes", test_solver_list_closes);
  g_test_add_func ("/app/layout/palette-one-tab-stop", test_palette_one_tab_stop);
  g_test_add_func ("/app/layout/short-window-board-room", test_short_window_board_room);
  g_test_add_func ("/app/layout/seed-refusal-fits", test_seed_refusal_fits);
  return g_test_run ();
}
