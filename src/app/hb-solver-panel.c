/* hb-solver-panel.c: the sidebar's solver panel (see hb-solver-panel.h). */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "hb-solver-panel.h"

/* One control for one declared setting. */
typedef struct {
  HbSolverPanel   *panel;
  const HbSetting *decl;
  GtkWidget       *row;
  GtkWidget       *widget;     /* spin button, combo row, switch or entry */
  char            *subtitle;   /* what the row says when all is well */
  gboolean         invalid;    /* an entry holds text the setting refuses */
} Control;

struct _HbSolverPanel
{
  GtkBox               parent_instance;

  /* Template. */
  AdwPreferencesGroup *solver_group;
  GtkWidget           *settings_list;
  AdwExpanderRow      *settings_row;
  GtkWidget           *solve_button;
  GtkSpinner          *solve_spinner;
  GtkLabel            *solve_label;
  GtkLabel            *progress_label;
  AdwPreferencesGroup *result_group;

  const HbGame        *game;
  const HbSolver      *solver;
  GPtrArray           *solver_rows;   /* AdwActionRow, one per solver, and the
                                       * Explanations heading (no "hb-check") */
  GPtrArray           *controls;      /* Control, for the chosen solver */
  GHashTable          *values;        /* HbSolver → HbSettings, kept per solver */
  GPtrArray           *result_rows;
  GtkWidget           *details;      /* the result's expander, or NULL */
  GtkWidget           *apply_button;
  char                *error;
  char                *seed_text;
  char                *command;
  gboolean             solving;
};

G_DEFINE_FINAL_TYPE (HbSolverPanel, hb_solver_panel, GTK_TYPE_BOX)

enum { SIGNAL_ERROR, N_SIGNALS };
static guint signals[N_SIGNALS];

/* ---- Settings ----------------------------------------------------------- */

static HbSettings *
current_values (HbSolverPanel *self)
{
  HbSettings *s;

  if (self->solver == NULL)
    return NULL;
  s = g_hash_table_lookup (self->values, self->solver);
  if (s == NULL)
    {
      s = hb_settings_new ();
      g_hash_table_insert (self->values, (gpointer) self->solver, s);
    }
  return s;
}

static void
control_free (gpointer data)
{
  Control *c = data;

  g_free (c->subtitle);
  g_free (c);
}

static void
show_error (Control *c, const char *message)
{
  HbSolverPanel *self = c->panel;

  g_free (self->error);
  self->error = g_strdup (message);
  gtk_widget_add_css_class (c->row, "error");
  adw_action_row_set_subtitle (ADW_ACTION_ROW (c->row), message);
  adw_expander_row_set_expanded (self->settings_row, TRUE);
  g_signal_emit (self, signals[SIGNAL_ERROR], 0, message);
}

static void
clear_error (Control *c)
{
  HbSolverPanel *self = c->panel;

  if (!gtk_widget_has_css_class (c->row, "error"))
    return;
  gtk_widget_remove_css_class (c->row, "error");
  adw_action_row_set_subtitle (ADW_ACTION_ROW (c->row), c->subtitle ? c->subtitle : "");
  g_clear_pointer (&self->error, g_free);
}

/* Stores a value that the control accepted; the default is left unset so
 * that only what the user changed goes into a command line. */
static void
store (Control *c, double value)
{
  HbSettings *s = current_values (c->panel);
  GError *error = NULL;
  gboolean ok = TRUE;

  if (value == c->decl->def)
    {
      hb_settings_unset (s, c->decl->key);
      return;
    }
  switch (c->decl->type)
    {
    case HB_SETTING_INT:
      ok = hb_settings_set_int (s, c->decl, (gint64) value, &error);
      break;
    case HB_SETTING_NUMBER:
      ok = hb_settings_set_number (s, c->decl, value, &error);
      break;
    case HB_SETTING_SWITCH:
      ok = hb_settings_set_switch (s, c->decl, value != 0, &error);
      break;
    default:
      break;
    }
  if (!ok)
    {
      show_error (c, error->message);
      g_error_free (error);
    }
}

/* Text typed into a spin button: the core parser decides, and a value out
 * of range is refused with a message (the spin button then shows the last
 * value it took) instead of being clamped. */
static int
on_spin_input (GtkSpinButton *spin, double *new_value, Control *c)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (spin));
  HbSettings *scratch;
  GError *error = NULL;
  char *copy;

  if (c->decl->auto_label != NULL && g_strcmp0 (text, _(c->decl->auto_label)) == 0)
    {
      *new_value = c->decl->min;
      clear_error (c);
      return TRUE;
    }
  copy = g_strstrip (g_strdup (text));
  if (c->decl->type == HB_SETTING_NUMBER)
    g_strdelimit (copy, ",", '.');   /* the spin button writes the locale's comma */
  scratch = hb_settings_new ();
  if (!hb_settings_set_from_string (scratch, c->decl, copy, &error))
    {
      show_error (c, error->message);
      g_error_free (error);
      hb_settings_free (scratch);
      g_free (copy);
      return GTK_INPUT_ERROR;
    }
  if (c->decl->type == HB_SETTING_INT)
    *new_value = (double) hb_settings_get_int (scratch, c->decl, c->decl->key);
  else
    *new_value = hb_settings_get_number (scratch, c->decl, c->decl->key);
  hb_settings_free (scratch);
  g_free (copy);
  clear_error (c);
  return TRUE;
}

static gboolean
on_spin_output (GtkSpinButton *spin, Control *c)
{
  if (c->decl->auto_label != NULL
      && gtk_spin_button_get_value (spin) == c->decl->min)
    {
      gtk_editable_set_text (GTK_EDITABLE (spin), _(c->decl->auto_label));
      return TRUE;
    }
  return FALSE;
}

static void
on_spin_changed (GtkSpinButton *spin, Control *c)
{
  store (c, gtk_spin_button_get_value (spin));
}

static void
on_switch_active (GtkSwitch *sw, GParamSpec *pspec, Control *c)
{
  store (c, gtk_switch_get_active (sw) ? 1 : 0);
}

static void
on_combo_selected (AdwComboRow *row, GParamSpec *pspec, Control *c)
{
  HbSettings *s = current_values (c->panel);
  guint i = adw_combo_row_get_selected (row);
  GError *error = NULL;

  if (i == GTK_INVALID_LIST_POSITION)
    return;
  if ((double) i == c->decl->def)
    hb_settings_unset (s, c->decl->key);
  else if (!hb_settings_set_choice (s, c->decl, c->decl->choices[i].id, &error))
    {
      show_error (c, error->message);
      g_error_free (error);
    }
}

static void
on_seed_changed (GtkEditable *entry, Control *c)
{
  HbSettings *s = current_values (c->panel);
  char *text = g_strstrip (g_strdup (gtk_editable_get_text (entry)));
  GError *error = NULL;

  if (text[0] == '\0')
    {
      hb_settings_unset (s, c->decl->key);
      c->invalid = FALSE;
      clear_error (c);
    }
  else if (!hb_settings_set_from_string (s, c->decl, text, &error))
    {
      hb_settings_unset (s, c->decl->key);
      c->invalid = TRUE;
      show_error (c, error->message);
      g_error_free (error);
    }
  else
    {
      c->invalid = FALSE;
      clear_error (c);
    }
  g_free (text);
}

static void
on_random_seed (GtkButton *button, Control *c)
{
  char *text = g_strdup_printf ("%" G_GUINT64_FORMAT, hb_settings_get_seed (NULL, c->decl->key, NULL));

  gtk_editable_set_text (GTK_EDITABLE (c->widget), text);
  g_free (text);
}

static GtkWidget *
new_spin (Control *c, const HbSettings *s)
{
  const HbSetting *d = c->decl;
  gboolean integer = d->type == HB_SETTING_INT;
  double value = integer ? (double) hb_settings_get_int (s, d, d->key)
                         : hb_settings_get_number (s, d, d->key);
  /* A number steps by about a hundredth of its range, at most 1 (a rate
   * from 0 to 1 by 0.01, a time limit by whole seconds). */
  double step = integer ? 1 : MIN (1, pow (10, floor (log10 ((d->max - d->min) / 100))));
  int digits = integer ? 0 : MAX (1, (int) -floor (log10 (step)));
  GtkAdjustment *adj = gtk_adjustment_new (value, d->min, d->max, step, step * 10, 0);
  GtkWidget *spin = gtk_spin_button_new (adj, 1, digits);

  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_spin_button_set_update_policy (GTK_SPIN_BUTTON (spin), GTK_UPDATE_IF_VALID);
  /* Room for "Automatic" or whatever the setting calls its automatic value. */
  gtk_editable_set_width_chars (GTK_EDITABLE (spin),
                                d->auto_label ? CLAMP ((int) g_utf8_strlen (_(d->auto_label), -1), 9, 16) : 9);
  g_signal_connect (spin, "input", G_CALLBACK (on_spin_input), c);
  g_signal_connect (spin, "output", G_CALLBACK (on_spin_output), c);
  g_signal_connect (spin, "value-changed", G_CALLBACK (on_spin_changed), c);
  if (d->auto_label != NULL && value == d->min)
    on_spin_output (GTK_SPIN_BUTTON (spin), c);
  return spin;
}

static void
add_control (HbSolverPanel *self, const HbSetting *d, const HbSettings *s)
{
  Control *c = g_new0 (Control, 1);

  c->panel = self;
  c->decl = d;
  if (d->unit != NULL)
    c->subtitle = g_strdup (_(d->unit));

  if (d->type == HB_SETTING_CHOICE)
    {
      GtkStringList *labels = gtk_string_list_new (NULL);
      const char *selected = hb_settings_get_choice (s, d, d->key);
      guint sel = 0;

      for (guint i = 0; d->choices != NULL && d->choices[i].id != NULL; i++)
        {
          gtk_string_list_append (labels, _(d->choices[i].label));
          if (g_strcmp0 (d->choices[i].id, selected) == 0)
            sel = i;
        }
      c->row = adw_combo_row_new ();
      adw_combo_row_set_model (ADW_COMBO_ROW (c->row), G_LIST_MODEL (labels));
      adw_combo_row_set_selected (ADW_COMBO_ROW (c->row), sel);
      g_object_unref (labels);
      c->widget = c->row;
      g_signal_connect (c->row, "notify::selected", G_CALLBACK (on_combo_selected), c);
    }
  else
    {
      c->row = adw_action_row_new ();
      switch (d->type)
        {
        case HB_SETTING_SWITCH:
          c->widget = gtk_switch_new ();
          gtk_widget_set_valign (c->widget, GTK_ALIGN_CENTER);
          gtk_switch_set_active (GTK_SWITCH (c->widget), hb_settings_get_switch (s, d, d->key));
          g_signal_connect (c->widget, "notify::active", G_CALLBACK (on_switch_active), c);
          adw_action_row_add_suffix (ADW_ACTION_ROW (c->row), c->widget);
          break;
        case HB_SETTING_SEED:
          {
            GtkWidget *dice = gtk_button_new_from_icon_name ("media-playlist-shuffle-symbolic");
            char *text = hb_settings_to_string (s, d);

            c->widget = gtk_entry_new ();
            gtk_widget_set_valign (c->widget, GTK_ALIGN_CENTER);
            gtk_entry_set_input_purpose (GTK_ENTRY (c->widget), GTK_INPUT_PURPOSE_DIGITS);
            gtk_entry_set_placeholder_text (GTK_ENTRY (c->widget), _("Random"));
            gtk_editable_set_width_chars (GTK_EDITABLE (c->widget), 10);
            if (text != NULL)
              gtk_editable_set_text (GTK_EDITABLE (c->widget), text);
            g_free (text);
            g_signal_connect (c->widget, "changed", G_CALLBACK (on_seed_changed), c);
            gtk_widget_set_valign (dice, GTK_ALIGN_CENTER);
            gtk_widget_set_tooltip_text (dice, _("Pick a Random Seed"));
            gtk_widget_add_css_class (dice, "flat");
            g_signal_connect (dice, "clicked", G_CALLBACK (on_random_seed), c);
            adw_action_row_add_suffix (ADW_ACTION_ROW (c->row), c->widget);
            adw_action_row_add_suffix (ADW_ACTION_ROW (c->row), dice);
          }
          break;
        default:
          c->widget = new_spin (c, s);
          adw_action_row_add_suffix (ADW_ACTION_ROW (c->row), c->widget);
          break;
        }
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (c->row), c->widget);
      if (c->subtitle != NULL)
        adw_action_row_set_subtitle (ADW_ACTION_ROW (c->row), c->subtitle);
    }
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (c->row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (c->row), _(d->label));
  if (d->help != NULL)
    gtk_widget_set_tooltip_text (c->row, _(d->help));
  adw_expander_row_add_row (self->settings_row, c->row);
  g_ptr_array_add (self->controls, c);
}

static void
add_controls (HbSolverPanel *self, const HbSetting *decls, const HbSettings *s)
{
  for (gsize i = 0; decls != NULL && decls[i].key != NULL; i++)
    add_control (self, &decls[i], s);
}

/* The controls for the chosen solver: its own settings first, then the
 * common ones and count. */
static void
rebuild_controls (HbSolverPanel *self)
{
  HbSettings *s;

  for (guint i = 0; i < self->controls->len; i++)
    adw_expander_row_remove (self->settings_row,
                             ((Control *) g_ptr_array_index (self->controls, i))->row);
  g_ptr_array_set_size (self->controls, 0);
  g_clear_pointer (&self->error, g_free);
  gtk_widget_set_visible (self->settings_list, self->solver != NULL);
  if (self->solver == NULL)
    return;
  s = current_values (self);
  add_controls (self, self->solver->settings, s);
  add_controls (self, hb_common_solver_settings, s);
  if (self->solver->flags & HB_SOLVER_COUNTS)
    add_controls (self, hb_count_setting, s);
  adw_expander_row_set_subtitle (self->settings_row, _(self->solver->name));
}

HbSettings *
hb_solver_panel_dup_settings (HbSolverPanel *self, GError **error)
{
  g_return_val_if_fail (HB_IS_SOLVER_PANEL (self), NULL);

  for (guint i = 0; i < self->controls->len; i++)
    {
      Control *c = g_ptr_array_index (self->controls, i);

      /* Text typed but not yet entered counts, as in any dialog. */
      if (GTK_IS_SPIN_BUTTON (c->widget))
        gtk_spin_button_update (GTK_SPIN_BUTTON (c->widget));
      if (c->invalid)
        {
          g_set_error (error, HB_SETTINGS_ERROR, HB_SETTINGS_ERROR_VALUE, "%s: %s",
                       _(c->decl->label),
                       adw_action_row_get_subtitle (ADW_ACTION_ROW (c->row)));
          return NULL;
        }
    }
  return hb_settings_copy (current_values (self));
}

static Control *
find_control (HbSolverPanel *self, const char *key)
{
  for (guint i = 0; i < self->controls->len; i++)
    {
      Control *c = g_ptr_array_index (self->controls, i);
      if (g_strcmp0 (c->decl->key, key) == 0)
        return c;
    }
  return NULL;
}

GtkWidget *
hb_solver_panel_get_control (HbSolverPanel *self, const char *key)
{
  Control *c;

  g_return_val_if_fail (HB_IS_SOLVER_PANEL (self), NULL);
  c = find_control (self, key);
  return c ? c->widget : NULL;
}

GtkWidget *
hb_solver_panel_get_setting_row (HbSolverPanel *self, const char *key)
{
  Control *c;

  g_return_val_if_fail (HB_IS_SOLVER_PANEL (self), NULL);
  c = find_control (self, key);
  return c ? c->row : NULL;
}

const char *
hb_solver_panel_get_error (HbSolverPanel *self)
{
  g_return_val_if_fail (HB_IS_SOLVER_PANEL (self), NULL);
  return self->error;
}

/* ---- Solvers ------------------------------------------------------------ */

static void
on_solver_toggled (GtkCheckButton *check, HbSolverPanel *self)
{
  if (gtk_check_button_get_active (check))
    {
      self->solver = g_object_get_data (G_OBJECT (check), "hb-solver");
      rebuild_controls (self);
    }
}

void
hb_solver_panel_set_game (HbSolverPanel *self, const HbGame *game)
{
  GtkCheckButton *group = NULL;
  gboolean heading_done = FALSE;

  g_return_if_fail (HB_IS_SOLVER_PANEL (self));

  for (guint i = 0; i < self->solver_rows->len; i++)
    adw_preferences_group_remove (self->solver_group,
                                  g_ptr_array_index (self->solver_rows, i));
  g_ptr_array_set_size (self->solver_rows, 0);
  self->game = game;
  self->solver = game ? hb_game_default_solver (game) : NULL;

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
          gtk_widget_add_css_class (heading, "dim-label");
          gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (heading), FALSE);
          adw_preferences_group_add (self->solver_group, heading);
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
      adw_preferences_group_add (self->solver_group, row);
      gtk_widget_set_sensitive (row, !self->solving);
      g_ptr_array_add (self->solver_rows, row);
    }
  rebuild_controls (self);
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
              rebuild_controls (self);
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
  gtk_label_set_label (self->solve_label, solving ? _("_Cancel") : _("_Solve"));
  if (solving)
    gtk_widget_remove_css_class (self->solve_button, "suggested-action");
  else
    gtk_widget_add_css_class (self->solve_button, "suggested-action");
  gtk_widget_set_visible (GTK_WIDGET (self->progress_label), solving);
  if (solving)
    gtk_label_set_label (self->progress_label, _("Starting…"));
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
  /* Past the first line, the numbers go into the collapsed Details, so the
   * sidebar keeps Board, Solver and Hints in view. */
  if (self->details != NULL)
    {
      adw_expander_row_add_row (ADW_EXPANDER_ROW (self->details), row);
      return row;
    }
  adw_preferences_group_add (self->result_group, row);
  g_ptr_array_add (self->result_rows, row);
  return row;
}

static void
on_copy_command (GtkButton *button, gpointer data)
{
  const char *command = g_object_get_data (G_OBJECT (button), "hb-command");

  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (button)), command);
}

/* The seed a stochastic solver used, with the command line that repeats
 * the run exactly. */
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
       * hintboard-cli solve --solver ga --set seed=12345 level.flow */
      char *tip = g_strdup_printf (_("Copy the command that repeats this run:\n%s"), command);

      gtk_widget_set_valign (copy, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (copy, "flat");
      gtk_widget_set_tooltip_text (copy, tip);
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
    adw_preferences_group_remove (self->result_group,
                                  g_ptr_array_index (self->result_rows, i));
  g_ptr_array_set_size (self->result_rows, 0);
  self->details = NULL;
  g_clear_pointer (&self->seed_text, g_free);
  g_clear_pointer (&self->command, g_free);
  gtk_widget_set_visible (GTK_WIDGET (self->result_group), FALSE);
}

void
hb_solver_panel_show_result (HbSolverPanel *self, const HbResult *r, const char *command)
{
  char *status = NULL, *seconds;

  g_return_if_fail (HB_IS_SOLVER_PANEL (self));
  hb_solver_panel_clear_result (self);
  switch (r->status)
    {
    case HB_STATUS_SOLVED:
      status = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "Solved: %u move",
                                             "Solved: %u moves", r->moves->len),
                                r->moves->len);
      if (r->optimal)
        {
          char *s = g_strdup_printf (_("%s (proven optimal)"), status);
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
      else
        status = g_strdup (_("The solver gave up"));
      break;
    case HB_STATUS_CANCELLED:
    default:
      status = g_strdup (_("Cancelled"));
      break;
    }
  add_result_row (self, status, r->message, TRUE);
  g_free (status);
  self->details = adw_expander_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->details), _("Details"));
  adw_preferences_group_add (self->result_group, self->details);
  g_ptr_array_add (self->result_rows, self->details);

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
        add_result_row (self, _(stat->name), stat->value, FALSE);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->result_group), TRUE);
}

void
hb_solver_panel_set_apply_reason (HbSolverPanel *self, const char *why)
{
  g_return_if_fail (HB_IS_SOLVER_PANEL (self));
  gtk_widget_set_tooltip_text (self->apply_button,
                               why ? why : _("Play the Answer on the Board"));
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
  g_free (self->error);
  g_free (self->seed_text);
  g_free (self->command);
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
  gtk_widget_class_bind_template_child (widget_class, HbSolverPanel, result_group);
  gtk_widget_class_bind_template_child (widget_class, HbSolverPanel, apply_button);
}

static void
hb_solver_panel_init (HbSolverPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->solver_rows = g_ptr_array_new ();
  self->controls = g_ptr_array_new_with_free_func (control_free);
  self->result_rows = g_ptr_array_new ();
  self->values = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL,
                                        (GDestroyNotify) hb_settings_free);
}
