/* hb-solver-panel.c: the sidebar's solver panel (see hb-solver-panel.h). */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "hb-solver-panel-private.h"
#include "hb-stat-label.h"

G_DEFINE_FINAL_TYPE (HbSolverPanel, hb_solver_panel, GTK_TYPE_BOX)

enum { SIGNAL_ERROR, N_SIGNALS };
static guint signals[N_SIGNALS];

/* ---- Solvers ------------------------------------------------------------ */

/* The one row shown while the list is closed: the chosen solver. (No
 * tooltip: the rows inside show their parent's, which repeated the chosen
 * solver's summary over every other solver.) */
/* The line under the result's verdict: the solver's own words, whether
 * the board changed since, and which solver it was once another is
 * chosen (backtracking's "Solved: 10 flows" stayed under the genetic
 * algorithm's name, as if it were its). */
static void
update_result_note (HbSolverPanel *self)
{
  GString *note;

  if (self->details == NULL)
    return;
  note = g_string_new (self->details_note);
  if (self->stale)
    {
      if (note->len > 0)
        g_string_append_c (note, '\n');
      /* TRANSLATORS: under a solver's result ("Solved: 20 moves", "No
       * solution", "Cancelled after ...") once the board was edited or
       * played on (it said "when solved" under a cancelled run: review) */
      g_string_append (note, _("For the board as it was when the solver ran"));
    }
  if (self->result_solver != NULL && self->result_solver != self->solver)
    {
      if (note->len > 0)
        g_string_append_c (note, '\n');
      /* TRANSLATORS: under a result when another solver is chosen now;
       * %s is the solver that found it, "Plain backtracking" */
      g_string_append_printf (note, _("By %s"), _(self->result_solver->name));
    }
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (self->details), note->str);
  g_string_free (note, TRUE);
}

/* The button's word while idle: an explanation is no solve (it said
 * Solve, and its result "An explanation, not an answer": review). */
static const char *
solve_word (HbSolverPanel *self)
{
  if (self->solver != NULL && (self->solver->flags & HB_SOLVER_RELAXATION) != 0)
    /* TRANSLATORS: the Solve button while an explanation (a teaching
     * view that does not solve) is chosen */
    return _("E_xplain");
  return _("_Solve");
}

static void
update_solver_row (HbSolverPanel *self)
{
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->solver_row),
                                 self->solver ? _(self->solver->name) : _("No solver"));
  if (!self->solving)
    gtk_label_set_label (self->solve_label, solve_word (self));
  update_result_note (self);
}

/* The first list row under `widget`, depth first: in an expander, its
 * own row, the one that opens and closes it (AdwExpanderRow keeps no
 * handle to it). */
static GtkWidget *
first_row_below (GtkWidget *widget)
{
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = GTK_IS_LIST_BOX_ROW (c) ? c : first_row_below (c);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A solver picked closes the list, as a combo's popup closes, so Solve
 * comes back into view (the open list pushed it 600 px down); the focus,
 * if it was on the list, goes back to the list's own row. */
static void
on_solver_toggled (GtkCheckButton *check, HbSolverPanel *self)
{
  if (gtk_check_button_get_active (check))
    {
      gboolean had_focus = gtk_widget_has_focus (GTK_WIDGET (check))
                           || gtk_widget_has_focus (gtk_widget_get_ancestor (GTK_WIDGET (check),
                                                                             GTK_TYPE_LIST_BOX_ROW));

      self->solver = g_object_get_data (G_OBJECT (check), "hb-solver");
      hb_solver_settings_rebuild (self);
      update_solver_row (self);
      adw_expander_row_set_expanded (self->solver_row, FALSE);
      if (had_focus)
        {
          GtkWidget *header = first_row_below (GTK_WIDGET (self->solver_row));
          gtk_widget_grab_focus (header != NULL ? header : GTK_WIDGET (self->solver_row));
        }
    }
}

void
hb_solver_panel_set_game (HbSolverPanel *self, const HbGame *game)
{
  GtkCheckButton *group = NULL;
  gboolean heading_done = FALSE, original = FALSE;

  g_return_if_fail (HB_IS_SOLVER_PANEL (self));

  for (guint i = 0; i < self->solver_rows->len; i++)
    adw_expander_row_remove (self->solver_row, g_ptr_array_index (self->solver_rows, i));
  g_ptr_array_set_size (self->solver_rows, 0);
  /* Each game keeps the solver last chosen for it, as its settings are
   * kept (a game and back went to the default solver). */
  if (self->game != NULL && self->solver != NULL)
    g_hash_table_insert (self->chosen, (gpointer) self->game, (gpointer) self->solver);
  self->game = game;
  self->solver = game ? g_hash_table_lookup (self->chosen, game) : NULL;
  if (self->solver == NULL && game != NULL)
    self->solver = hb_game_default_solver (game);

  /* Solvers first, then the relaxations (teaching views that do not
   * answer) under their own heading. */
  for (int pass = 0; pass < 2; pass++)
  for (int i = 0; game != NULL && game->solvers[i] != NULL; i++)
    {
      const HbSolver *solver = game->solvers[i];
      GtkWidget *row, *check;

      if (((solver->flags & HB_SOLVER_RELAXATION) != 0) != (pass == 1))
        continue;
      if (pass == 1 && !heading_done)
        {
          GtkWidget *heading = adw_action_row_new ();
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (heading), _("Explanations"));
          adw_action_row_set_subtitle (ADW_ACTION_ROW (heading),
                                       _("Not solvers: they show why a level is hard or has no answer, without solving it"));
          gtk_widget_add_css_class (heading, "list-heading");
          gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (heading), FALSE);
          adw_expander_row_add_row (self->solver_row, heading);
          g_ptr_array_add (self->solver_rows, heading);
          heading_done = TRUE;
        }
      row = adw_action_row_new ();
      check = gtk_check_button_new ();

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(solver->name));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _(solver->summary));
      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      if (group != NULL)
        gtk_check_button_set_group (GTK_CHECK_BUTTON (check), group);
      else
        group = GTK_CHECK_BUTTON (check);
      g_object_set_data (G_OBJECT (check), "hb-solver", (gpointer) solver);
      g_object_set_data (G_OBJECT (row), "hb-check", check);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), solver == self->solver);
      g_signal_connect (check, "toggled", G_CALLBACK (on_solver_toggled), self);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
      adw_expander_row_add_row (self->solver_row, row);
      gtk_widget_set_sensitive (row, !self->solving);
      g_ptr_array_add (self->solver_rows, row);
      original |= strstr (solver->name, "(original article)") != NULL;
    }
  /* Which article: said at the foot of the list ("(original article)"
   * was never introduced: review). */
  if (original)
    {
      GtkWidget *note = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (note), _("“Original article”"));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (note),
                                   _("A method from an article this game’s solvers began "
                                     "with (About Hintboard → Acknowledgements names each)"));
      gtk_widget_add_css_class (note, "list-heading");
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (note), FALSE);
      adw_expander_row_add_row (self->solver_row, note);
      g_ptr_array_add (self->solver_rows, note);
    }
  hb_solver_settings_rebuild (self);
  update_solver_row (self);
}

const HbSolver *
hb_solver_panel_get_solver (HbSolverPanel *self)
{
  g_return_val_if_fail (HB_IS_SOLVER_PANEL (self), NULL);
  return self->solver;
}

gboolean
hb_solver_panel_select_solver (HbSolverPanel *self, const char *id)
{
  g_return_val_if_fail (HB_IS_SOLVER_PANEL (self), FALSE);
  for (guint i = 0; i < self->solver_rows->len; i++)
    {
      GtkCheckButton *check =
        g_object_get_data (g_ptr_array_index (self->solver_rows, i), "hb-check");
      const HbSolver *solver;
      if (check == NULL)   /* the Explanations heading */
        continue;
      solver = g_object_get_data (G_OBJECT (check), "hb-solver");
      if (g_str_equal (solver->id, id))
        {
          gtk_check_button_set_active (check, TRUE);
          if (self->solver != solver)
            {
              self->solver = solver;
              hb_solver_settings_rebuild (self);
              update_solver_row (self);
            }
          return TRUE;
        }
    }
  return FALSE;
}

/* ---- Solving and the result ---------------------------------------------- */

void
hb_solver_panel_set_solving (HbSolverPanel *self, gboolean solving)
{
  g_return_if_fail (HB_IS_SOLVER_PANEL (self));
  self->solving = solving;
  gtk_widget_set_visible (GTK_WIDGET (self->solve_spinner), solving);
  gtk_spinner_set_spinning (self->solve_spinner, solving);
  gtk_label_set_label (self->solve_label, solving ? _("_Cancel") : solve_word (self));
  if (solving)
    gtk_widget_remove_css_class (self->solve_button, "suggested-action");
  else
    gtk_widget_add_css_class (self->solve_button, "suggested-action");
  gtk_widget_set_visible (GTK_WIDGET (self->progress_label), solving);
  /* No tooltip while it runs: the button's, under a pointer that has just
   * clicked it, covered the progress line below it. */
  gtk_widget_set_has_tooltip (self->solve_button, !solving);
  if (solving)
    gtk_label_set_label (self->progress_label, _("Starting…"));
  /* The keys leave what is about to be greyed out (a solve started with
   * Ctrl+Return from a settings field) for the button, now Cancel: left
   * there, the focus went nowhere and GTK warned that the field "did not
   * receive a focus-out event". */
  if (solving)
    {
      GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
      GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
      gboolean inside = FALSE;

      for (guint i = 0; focus != NULL && i < self->solver_rows->len && !inside; i++)
        inside = gtk_widget_is_ancestor (focus, g_ptr_array_index (self->solver_rows, i))
                 || focus == g_ptr_array_index (self->solver_rows, i);
      if (focus != NULL && (inside || gtk_widget_is_ancestor (focus, self->settings_list)))
        gtk_widget_grab_focus (self->solve_button);
    }
  for (guint i = 0; i < self->solver_rows->len; i++)
    gtk_widget_set_sensitive (g_ptr_array_index (self->solver_rows, i), !solving);
  gtk_widget_set_sensitive (self->settings_list, !solving);
}

void
hb_solver_panel_set_progress (HbSolverPanel *self, const char *text)
{
  g_return_if_fail (HB_IS_SOLVER_PANEL (self));
  gtk_label_set_label (self->progress_label, text ? text : "");
}

static GtkWidget *
value_label (const char *value)
{
  GtkWidget *label = gtk_label_new (value);

  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 18);
  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_widget_set_tooltip_text (label, value);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_add_css_class (label, "numeric");
  return label;
}

static GtkWidget *
add_result_row (HbSolverPanel *self, const char *title, const char *value,
                gboolean value_is_subtitle)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (value_is_subtitle)
    {
      if (value != NULL && value[0])
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), value);
    }
  else if (value != NULL)
    adw_action_row_add_suffix (ADW_ACTION_ROW (row), value_label (value));
  /* The numbers go under the result's row, folded, so the sidebar keeps
   * Board, Solver and Hints in view. */
  if (self->details != NULL)
    {
      adw_expander_row_add_row (ADW_EXPANDER_ROW (self->details), row);
      return row;
    }
  gtk_list_box_append (self->result_list, row);
  g_ptr_array_add (self->result_rows, row);
  return row;
}

static gboolean
copied_done (gpointer data)
{
  GtkButton *button = data;

  gtk_button_set_icon_name (button, "edit-copy-symbolic");
  g_object_set_data (G_OBJECT (button), "hb-copied", NULL);
  g_object_unref (button);
  return G_SOURCE_REMOVE;
}

static void
on_copy_command (GtkButton *button, gpointer data)
{
  const char *command = g_object_get_data (G_OBJECT (button), "hb-command");

  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (button)), command);
  /* A tick for a moment: the copy gave no sign that it happened. */
  gtk_button_set_icon_name (button, "object-select-symbolic");
  if (g_object_get_data (G_OBJECT (button), "hb-copied") == NULL)
    {
      g_object_set_data (G_OBJECT (button), "hb-copied", GINT_TO_POINTER (1));
      g_timeout_add (1500, copied_done, g_object_ref (button));
    }
}

/* The seed a stochastic solver used, with the command line that repeats
 * the run exactly. */
#define TOOLTIP_LINES 12
static void
add_seed_row (HbSolverPanel *self, const char *seed, const char *command)
{
  GtkWidget *row = add_result_row (self, _("Seed"), seed, FALSE);

  g_free (self->seed_text);
  g_free (self->command);
  self->command = g_strdup (command);
  /* TRANSLATORS: the seed a solver used, "Seed 12345" */
  self->seed_text = g_strdup_printf (_("Seed %s"), seed);
  if (command != NULL)
    {
      GtkWidget *copy = gtk_button_new_from_icon_name ("edit-copy-symbolic");
      /* TRANSLATORS: %s is a command line such as
       * hintboard-cli solve --game flow --solver ga --set seed=12345 level.flow */
      /* A level's text after the command (a here-document) is cut to
       * its first rows in the tooltip: a 40-row level made it taller
       * than the screen. */
      g_auto (GStrv) lines = g_strsplit (command, "\n", TOOLTIP_LINES + 1);
      g_autofree char *shown = NULL;
      char *tip;

      if (g_strv_length (lines) > TOOLTIP_LINES)
        {
          g_free (lines[TOOLTIP_LINES]);
          lines[TOOLTIP_LINES] = g_strdup ("…");
        }
      shown = g_strjoinv ("\n", lines);
      tip = g_strdup_printf (_("Copy the command that repeats this run:\n%s"), shown);

      gtk_widget_set_valign (copy, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (copy, "flat");
      gtk_widget_set_tooltip_text (copy, tip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (copy), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Copy Command"), -1);
      gtk_widget_set_tooltip_text (row, tip);
      g_object_set_data_full (G_OBJECT (copy), "hb-command", g_strdup (command), g_free);
      g_signal_connect (copy, "clicked", G_CALLBACK (on_copy_command), NULL);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), copy);
      g_free (tip);
    }
}

void
hb_solver_panel_clear_result (HbSolverPanel *self)
{
  g_return_if_fail (HB_IS_SOLVER_PANEL (self));
  for (guint i = 0; i < self->result_rows->len; i++)
    gtk_list_box_remove (self->result_list, g_ptr_array_index (self->result_rows, i));
  g_ptr_array_set_size (self->result_rows, 0);
  self->details = NULL;
  g_clear_pointer (&self->details_note, g_free);
  self->stale = FALSE;
  self->result_solver = NULL;
  g_clear_pointer (&self->seed_text, g_free);
  g_clear_pointer (&self->command, g_free);
  gtk_widget_set_visible (GTK_WIDGET (self->result_list), FALSE);
}

const char *
hb_solver_panel_get_verdict (HbSolverPanel *self)
{
  g_return_val_if_fail (HB_IS_SOLVER_PANEL (self), NULL);
  return self->details != NULL ? adw_preferences_row_get_title (ADW_PREFERENCES_ROW (self->details))
                               : NULL;
}

static gboolean
reveal_result (gpointer data)
{
  HbSolverPanel *self = data;
  GtkWidget *sw = gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *content = sw != NULL ? gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (sw)) : NULL;
  graphene_rect_t b;

  if (GTK_IS_VIEWPORT (content))
    content = gtk_viewport_get_child (GTK_VIEWPORT (content));
  if (content != NULL && self->details != NULL
      && gtk_widget_get_mapped (GTK_WIDGET (self->result_list))
      && gtk_widget_compute_bounds (GTK_WIDGET (self->result_list), content, &b))
    {
      GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (sw));
      double v = gtk_adjustment_get_value (adj), page = gtk_adjustment_get_page_size (adj);
      /* The verdict's row and a little of what is under it. */
      double top = b.origin.y, bottom = MIN (b.origin.y + b.size.height, top + page) + 12;

      if (bottom > v + page)
        v = bottom - page;
      if (top < v)
        v = top;
      gtk_adjustment_set_value (adj, v);
    }
  return G_SOURCE_REMOVE;
}

void
hb_solver_panel_reveal_result (HbSolverPanel *self)
{
  g_return_if_fail (HB_IS_SOLVER_PANEL (self));
  /* After the layout that places the new rows. */
  g_idle_add_full (GDK_PRIORITY_REDRAW + 10, reveal_result, g_object_ref (self), g_object_unref);
}

void
hb_solver_panel_show_result (HbSolverPanel *self, const HbResult *r, const char *command)
{
  char *status = NULL, *seconds;

  g_return_if_fail (HB_IS_SOLVER_PANEL (self));
  hb_solver_panel_clear_result (self);
  self->result_solver = self->solver;
  switch (r->status)
    {
    case HB_STATUS_SOLVED:
      if (self->game != NULL && self->game->solved_text != NULL)
        status = self->game->solved_text (r);
      if (status == NULL)
        {
          g_autofree char *count = hb_format_count (r->moves->len);

          /* TRANSLATORS: %s is the number of moves, its digits grouped */
          status = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                 "Solved: %s move",
                                                 "Solved: %s moves", r->moves->len),
                                    count);
        }
      if (r->optimal)
        {
          char *s = g_strdup_printf (_("%s (proven optimal)"), status);
          g_free (status);
          status = s;
        }
      else if (self->solver != NULL && (self->solver->flags & HB_SOLVER_OPTIMAL))
        {
          /* A solver that proves its answers shortest said so only under
           * the fold when it could not (stopped, at its limit): "Solved:
           * 32 moves" read as the shortest. */
          char *s = g_strdup_printf (_("%s (not proven optimal)"), status);
          g_free (status);
          status = s;
        }
      break;
    case HB_STATUS_NO_SOLUTION:
      status = g_strdup (_("No solution: this level cannot be solved"));
      break;
    case HB_STATUS_GAVE_UP:
      /* A relaxation never answers: that is its nature, not a failure. */
      if (self->solver != NULL && (self->solver->flags & HB_SOLVER_RELAXATION))
        status = g_strdup (_("An explanation, not an answer"));
      /* An incomplete method that does not guess (arc consistency) has
       * not given up: it went as far as it goes. */
      else if (self->solver != NULL
               && !(self->solver->flags & (HB_SOLVER_EXACT | HB_SOLVER_STOCHASTIC)))
        status = g_strdup (_("Not solved: this method alone cannot finish it"));
      else
        status = g_strdup (_("The solver gave up"));
      break;
    case HB_STATUS_CANCELLED:
    default:
      status = g_strdup (_("Cancelled"));
      break;
    }
  /* One row: what came of it, the numbers folded under it. A solver that
   * answered keeps its words there too; one that did not says why in
   * view. */
  self->details = adw_expander_row_new ();
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (self->details), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->details), status);
  gtk_widget_set_tooltip_text (self->details, _("Show the Numbers of the Run"));
  gtk_list_box_append (self->result_list, self->details);
  g_ptr_array_add (self->result_rows, self->details);
  if (r->message != NULL && r->message[0] != '\0')
    {
      /* A sentence of its own here: its first letter a capital (the
       * command line puts the words after "no solution: "). */
      gunichar first = g_utf8_get_char_validated (r->message, -1);
      g_autofree char *msg = NULL;

      if (first != (gunichar) -1 && first != (gunichar) -2 && g_unichar_islower (first))
        {
          char head[8] = { 0 };
          g_unichar_to_utf8 (g_unichar_totitle (first), head);
          msg = g_strconcat (head, g_utf8_next_char (r->message), NULL);
        }
      else
        msg = g_strdup (r->message);
      if (r->status == HB_STATUS_SOLVED)
        {
          GtkWidget *row = adw_action_row_new ();
          adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), msg);
          adw_expander_row_add_row (ADW_EXPANDER_ROW (self->details), row);
        }
      else
        {
          adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (self->details), msg);
          self->details_note = g_strdup (msg);
        }
    }
  g_free (status);

  if (r->seconds < 1)
    /* TRANSLATORS: wall time of a solve, in milliseconds */
    seconds = g_strdup_printf (_("%.3g ms"), r->seconds * 1000);
  else
    /* TRANSLATORS: wall time of a solve, in seconds */
    seconds = g_strdup_printf (_("%.3g s"), r->seconds);
  add_result_row (self, _("Time"), seconds, FALSE);
  g_free (seconds);
  for (guint i = 0; i < r->stats->len; i++)
    {
      const HbStat *stat = g_ptr_array_index (r->stats, i);
      if (g_str_equal (stat->name, "seed"))
        add_seed_row (self, stat->value, command);
      else
        {
          /* Plain words for the key, and what it counts (a key without
           * words is shown as it is: test-stat-labels keeps that from
           * happening). */
          const HbStatLabel *words = hb_stat_label_find (self->game ? self->game->id : NULL,
                                                         stat->name);
          g_autofree char *value = hb_stat_value_shown (stat->value);
          GtkWidget *row = add_result_row (self, words ? _(words->label) : _(stat->name),
                                           value, FALSE);
          if (words != NULL && words->tooltip != NULL)
            gtk_widget_set_tooltip_text (row, _(words->tooltip));
        }
    }
  gtk_widget_set_visible (GTK_WIDGET (self->result_list), TRUE);
}

void
hb_solver_panel_set_result_stale (HbSolverPanel *self, gboolean stale)
{
  g_return_if_fail (HB_IS_SOLVER_PANEL (self));
  stale = !!stale;
  if (self->details == NULL || stale == self->stale)
    return;
  self->stale = stale;
  update_result_note (self);
}

const char *
hb_solver_panel_get_result_note (HbSolverPanel *self)
{
  const char *note;

  g_return_val_if_fail (HB_IS_SOLVER_PANEL (self), NULL);
  note = self->details != NULL ? adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (self->details))
                               : NULL;
  return note != NULL && note[0] != '\0' ? note : NULL;
}

void
hb_solver_panel_set_apply_reason (HbSolverPanel *self, const char *why)
{
  g_return_if_fail (HB_IS_SOLVER_PANEL (self));
  gtk_widget_set_tooltip_text (self->apply_button,
                               why ? why : _("Play the Answer on the Board"));
}

void
hb_solver_panel_set_replay_reason (HbSolverPanel *self, const char *why)
{
  g_return_if_fail (HB_IS_SOLVER_PANEL (self));
  gtk_widget_set_tooltip_text (self->replay_button, why ? why : _("Watch the Solver Again"));
}

const char *
hb_solver_panel_get_seed_text (HbSolverPanel *self)
{
  g_return_val_if_fail (HB_IS_SOLVER_PANEL (self), NULL);
  return self->seed_text;
}

const char *
hb_solver_panel_get_seed_command (HbSolverPanel *self)
{
  g_return_val_if_fail (HB_IS_SOLVER_PANEL (self), NULL);
  return self->seed_text ? self->command : NULL;
}

/* ---- GObject ------------------------------------------------------------ */

static void
hb_solver_panel_dispose (GObject *object)
{
  HbSolverPanel *self = HB_SOLVER_PANEL (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), HB_TYPE_SOLVER_PANEL);
  G_OBJECT_CLASS (hb_solver_panel_parent_class)->dispose (object);
}

static void
hb_solver_panel_finalize (GObject *object)
{
  HbSolverPanel *self = HB_SOLVER_PANEL (object);

  g_ptr_array_unref (self->solver_rows);
  g_ptr_array_unref (self->controls);
  g_ptr_array_unref (self->result_rows);
  g_hash_table_unref (self->values);
  g_hash_table_unref (self->chosen);
  g_free (self->error);
  g_free (self->seed_text);
  g_free (self->command);
  g_free (self->details_note);
  G_OBJECT_CLASS (hb_solver_panel_parent_class)->finalize (object);
}

static void
hb_solver_panel_class_init (HbSolverPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hb_solver_panel_dispose;
  object_class->finalize = hb_solver_panel_finalize;

  signals[SIGNAL_ERROR] =
    g_signal_new ("error", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/hb-solver-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, HbSolverPanel, solver_group);
  gtk_widget_class_bind_template_child (widget_class, HbSolverPanel, settings_list);
  gtk_widget_class_bind_template_child (widget_class, HbSolverPanel, settings_row);
  gtk_widget_class_bind_template_child (widget_class, HbSolverPanel, solve_button);
  gtk_widget_class_bind_template_child (widget_class, HbSolverPanel, solve_spinner);
  gtk_widget_class_bind_template_child (widget_class, HbSolverPanel, solve_label);
  gtk_widget_class_bind_template_child (widget_class, HbSolverPanel, progress_label);
  gtk_widget_class_bind_template_child (widget_class, HbSolverPanel, result_list);
  gtk_widget_class_bind_template_child (widget_class, HbSolverPanel, solver_row);
  gtk_widget_class_bind_template_child (widget_class, HbSolverPanel, apply_button);
  gtk_widget_class_bind_template_child (widget_class, HbSolverPanel, replay_button);
}

static void
hb_solver_panel_init (HbSolverPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->solver_rows = g_ptr_array_new ();
  self->controls = g_ptr_array_new_with_free_func (hb_solver_settings_control_free);
  self->result_rows = g_ptr_array_new ();
  self->values = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL,
                                        (GDestroyNotify) hb_settings_free);
  self->chosen = g_hash_table_new (g_direct_hash, g_direct_equal);
}
