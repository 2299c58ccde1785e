/* hb-solver-settings.c: the solver panel's controls, built from the chosen
 * solver's declared settings (see hb-solver-panel.h for what each type
 * becomes); a value a setting refuses is shown on its row, never clamped. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "hb-solver-panel-private.h"
#include "hb-stat-label.h"
#include "hb-switch-row.h"

HbSettings *
hb_solver_settings_current (HbSolverPanel *self)
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

void
hb_solver_settings_control_free (gpointer data)
{
  Control *c = data;

  g_free (c->subtitle);
  g_free (c->refusal);
  g_free (c);
}

/* Text typed that is no value of the setting's kind, in the sidebar's
 * words and the app's language (the core's "seed = “x”: expected a whole
 * number …" is the command line's English, and it called "0,5" not a
 * finite number). */
static char *
not_a_value (Control *c, const char *typed)
{
  const char *label = _(c->decl->label);

  if (c->decl->type == HB_SETTING_SEED)
    {
      /* Grouped as the app's counts are (hb_format_count, which takes
       * no number this large). */
      g_autofree char *most = g_strdup_printf ("%'" G_GUINT64_FORMAT, G_MAXUINT64);
      /* TRANSLATORS: a seed typed and refused: "Seed: “twelve” is not a
       * whole number from 0 to 18,446,744,073,709,551,615" */
      return g_strdup_printf (_("%s: “%s” is not a whole number from 0 to %s"), label, typed, most);
    }
  if (c->decl->type == HB_SETTING_INT)
    /* TRANSLATORS: a value typed and refused: "Step limit: “abc” is not a
     * whole number" */
    return g_strdup_printf (_("%s: “%s” is not a whole number"), label, typed);
  /* TRANSLATORS: a value typed and refused: "Mutation rate: “abc” is not
   * a number" */
  return g_strdup_printf (_("%s: “%s” is not a number"), label, typed);
}

/* A setting's value refused: the toast says `message`; the row, red, says
 * `note`, or `message` when note is NULL. */
static void
show_error (Control *c, const char *message, const char *note)
{
  HbSolverPanel *self = c->panel;
  gsize kl = strlen (c->decl->key);
  g_autofree char *named = NULL;

  /* "mutation = 5 is out of range…" (the command line's words) names the
   * setting as the sidebar does: "Mutation rate: 5 is out of range…". */
  if (g_str_has_prefix (message, c->decl->key) && g_str_has_prefix (message + kl, " = "))
    message = named = g_strdup_printf ("%s: %s", _(c->decl->label), message + kl + 3);
  g_free (self->error);
  self->error = g_strdup (message);
  g_free (c->refusal);
  c->refusal = g_strdup (message);
  gtk_widget_add_css_class (c->row, "error");
  adw_action_row_set_subtitle (ADW_ACTION_ROW (c->row), note != NULL ? note : message);
  adw_expander_row_set_expanded (self->settings_row, TRUE);
  g_signal_emit_by_name (self, "error", message);
}

/* A value typed into a spin button and refused: the spin button goes back
 * to the value in force, so the row is left as it was (red, and saying
 * the refusal under a valid value, it read as still wrong: review); the
 * toast says why, in the sidebar's words ("Step limit: -5 is out of
 * range, from 0 to 1,000,000,000,000", not the command line's
 * "node-limit = -5 … in 0..1000000000000"). */
static void
refuse_typed (Control *c, const GError *error, const char *typed)
{
  HbSolverPanel *self = c->panel;
  char *message;

  if (g_error_matches (error, HB_SETTINGS_ERROR, HB_SETTINGS_ERROR_RANGE))
    {
      g_autofree char *lo = NULL, *hi = NULL;

      /* Whole bounds grouped as the counts are (a number setting's
       * "1e+06" was not); others in the locale's own way. */
      if (c->decl->type == HB_SETTING_INT
          || (c->decl->min == floor (c->decl->min) && c->decl->max == floor (c->decl->max)
              && fabs (c->decl->min) < 1e15 && fabs (c->decl->max) < 1e15))
        {
          lo = hb_format_count ((gint64) c->decl->min);
          hi = hb_format_count ((gint64) c->decl->max);
        }
      else
        {
          lo = g_strdup_printf ("%.6g", c->decl->min);
          hi = g_strdup_printf ("%.6g", c->decl->max);
        }
      /* TRANSLATORS: a setting's value refused: "Step limit: -5 is out
       * of range, from 0 to 1,000,000,000,000" */
      message = g_strdup_printf (_("%s: %s is out of range, from %s to %s"),
                                 _(c->decl->label), typed, lo, hi);
    }
  else if (g_error_matches (error, HB_SETTINGS_ERROR, HB_SETTINGS_ERROR_VALUE))
    message = not_a_value (c, typed);
  else if (g_str_has_prefix (error->message, c->decl->key)
           && g_str_has_prefix (error->message + strlen (c->decl->key), " = "))
    message = g_strdup_printf ("%s: %s", _(c->decl->label),
                               error->message + strlen (c->decl->key) + 3);
  else
    message = g_strdup (error->message);
  g_free (self->error);
  self->error = message;
  g_signal_emit_by_name (self, "error", message);
}

static void
clear_error (Control *c)
{
  HbSolverPanel *self = c->panel;

  if (!gtk_widget_has_css_class (c->row, "error"))
    {
      /* A value taken after a typed one was refused (refuse_typed). */
      g_clear_pointer (&self->error, g_free);
      return;
    }
  gtk_widget_remove_css_class (c->row, "error");
  g_clear_pointer (&c->refusal, g_free);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (c->row), c->subtitle ? c->subtitle : "");
  g_clear_pointer (&self->error, g_free);
}

/* Stores a value that the control accepted; the default is left unset so
 * that only what the user changed goes into a command line. */
static void
store (Control *c, double value)
{
  HbSettings *s = hb_solver_settings_current (c->panel);
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
      show_error (c, error->message, NULL);
      g_error_free (error);
    }
}

/* What a spin button shows for its lowest value when that value means
 * something other than a number: the setting's automatic value ("Auto"),
 * or for the common settings, which are all limits, "None" (0 is no
 * limit). The words are kept short, so that the field leaves its row's
 * title room to stay whole; the tooltip says what they mean. NULL: the
 * number itself. */
/* Whether c is the Step limit of a solver that stops at a limit of its own
 * when given none: "None" was not true (plain backtracking gave up at 2^27
 * steps with its Step limit showing None), so it says "Auto". */
static gboolean
own_step_limit (const Control *c)
{
  return g_str_equal (c->decl->key, "node-limit") && c->panel->solver != NULL
         && (c->panel->solver->flags & HB_SOLVER_OWN_NODE_LIMIT) != 0;
}

static const char *
min_label (const Control *c)
{
  const HbSetting *d = c->decl;

  if (d->auto_label != NULL)
    return _(d->auto_label);
  if (own_step_limit (c))
    return C_("step limit", "Auto");
  /* 0 finds one answer without counting: "Off", not a bare "0" among
   * rows that say "None" and "Auto". */
  if (d == &hb_count_setting[0])
    return C_("count solutions", "Off");
  for (gsize i = 0; hb_common_solver_settings[i].key != NULL; i++)
    if (d == &hb_common_solver_settings[i])
      return C_("no limit", "None");
  return NULL;
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

  if (min_label (c) != NULL && g_strcmp0 (text, min_label (c)) == 0)
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
      /* (The words as typed: the copy has the locale's comma made a
       * point.) */
      g_autofree char *typed = g_strstrip (g_strdup (text));
      refuse_typed (c, error, typed);
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
  if (min_label (c) != NULL
      && gtk_spin_button_get_value (spin) == c->decl->min)
    {
      gtk_editable_set_text (GTK_EDITABLE (spin), min_label (c));
      return TRUE;
    }
  return FALSE;
}

static void
on_spin_changed (GtkSpinButton *spin, Control *c)
{
  const HbSetting *d = c->decl;
  double v = gtk_spin_button_get_value (spin);

  /* Between "Auto" and the least value taken (a population of 1): + from
   * Auto goes on to it, − from it back to Auto (+ showed 1, which the run
   * then refused: review). Setting the value comes back here. */
  if (d->least > d->min && v > d->min && v < d->least)
    {
      gtk_spin_button_set_value (spin, c->last <= d->min ? d->least : d->min);
      return;
    }
  c->last = v;
  store (c, v);
}

static void
on_switch_active (GtkSwitch *sw, GParamSpec *pspec, Control *c)
{
  store (c, gtk_switch_get_active (sw) ? 1 : 0);
}

static void
on_combo_selected (AdwComboRow *row, GParamSpec *pspec, Control *c)
{
  HbSettings *s = hb_solver_settings_current (c->panel);
  guint i = adw_combo_row_get_selected (row);
  GError *error = NULL;

  if (i == GTK_INVALID_LIST_POSITION)
    return;
  if ((double) i == c->decl->def)
    hb_settings_unset (s, c->decl->key);
  else if (!hb_settings_set_choice (s, c->decl, c->decl->choices[i].id, &error))
    {
      show_error (c, error->message, NULL);
      g_error_free (error);
    }
}

static void
on_seed_changed (GtkEditable *entry, Control *c)
{
  HbSettings *s = hb_solver_settings_current (c->panel);
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
      g_autofree char *said = g_error_matches (error, HB_SETTINGS_ERROR, HB_SETTINGS_ERROR_VALUE)
                              ? not_a_value (c, text) : NULL;

      hb_settings_unset (s, c->decl->key);
      c->invalid = TRUE;
      /* The row, under its title "Seed" and beside the field, has room
       * for a few words a line: the rule, short, and no 20-digit bound
       * (it was cut mid-number, "18446744073709/551615"); the toast
       * says it all. */
      show_error (c, said != NULL ? said : error->message,
                  /* TRANSLATORS: under a seed refused, beside the field:
                   * what a seed is, in few words (2⁶⁴ − 1 is
                   * 18,446,744,073,709,551,615) */
                  _("A whole number, 0 to 2⁶⁴ − 1"));
      g_error_free (error);
    }
  else
    {
      c->invalid = FALSE;
      clear_error (c);
    }
  g_free (text);
}

/* The seed as it is taken, shown in its field: the blanks the field drops
 * gone, "+07" written 7 (" 5" stayed as typed while the run took 5, where
 * the command line refuses the blanks: review). A value refused stays as
 * typed, to be mended. Called when the field is entered and when a run
 * takes the settings, not while typing (the cursor would jump). */
static void
show_seed_taken (Control *c)
{
  GtkEditable *entry = GTK_EDITABLE (c->widget);
  g_autofree char *taken = NULL;

  if (c->invalid)
    return;
  taken = hb_settings_to_string (hb_solver_settings_current (c->panel), c->decl);
  if (g_strcmp0 (taken != NULL ? taken : "", gtk_editable_get_text (entry)) != 0)
    {
      gtk_editable_set_text (entry, taken != NULL ? taken : "");
      gtk_editable_set_position (entry, -1);
    }
}

static void
on_seed_activate (GtkEntry *entry, Control *c)
{
  show_seed_taken (c);
}

static void
on_random_seed (GtkButton *button, Control *c)
{
  char *text = g_strdup_printf ("%" G_GUINT64_FORMAT, hb_settings_get_seed (NULL, c->decl->key, NULL));

  gtk_editable_set_text (GTK_EDITABLE (c->widget), text);
  g_free (text);
}

/* The mouse wheel over a spin button of the sidebar scrolls the sidebar
 * until the spin button has the keyboard focus (GNOME's practice), so that
 * reading down the settings never changes one. GTK 4 cannot hand an event
 * on to an ancestor: the guard, a scroll controller ahead of the spin
 * button's own (capture phase), stops the event and moves the nearest
 * scrolled window itself, by the step a GtkScrolledWindow takes for a
 * wheel's notch (its page size to the power 2/3) or by a touchpad's
 * pixels. */
static gboolean
contains_focus (GtkWidget *widget)
{
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  return focus != NULL && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}

static gboolean
on_spin_wheel (GtkEventControllerScroll *wheel, double dx, double dy, gpointer data)
{
  GtkWidget *spin = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (wheel));
  GtkWidget *scroller;
  GtkAdjustment *v;
  double step = 1;

  if (contains_focus (spin))
    return GDK_EVENT_PROPAGATE;
  scroller = gtk_widget_get_ancestor (spin, GTK_TYPE_SCROLLED_WINDOW);
  if (scroller == NULL)
    return GDK_EVENT_STOP;
  v = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  if (gtk_event_controller_scroll_get_unit (wheel) == GDK_SCROLL_UNIT_WHEEL)
    step = pow (gtk_adjustment_get_page_size (v), 2.0 / 3.0);
  gtk_adjustment_set_value (v, gtk_adjustment_get_value (v) + dy * step);
  return GDK_EVENT_STOP;
}

void
hb_spin_button_wheel_needs_focus (GtkSpinButton *spin)
{
  GtkEventController *wheel;

  g_return_if_fail (GTK_IS_SPIN_BUTTON (spin));
  wheel = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  gtk_event_controller_set_name (wheel, "hb-wheel-needs-focus");
  gtk_event_controller_set_propagation_phase (wheel, GTK_PHASE_CAPTURE);
  g_signal_connect (wheel, "scroll", G_CALLBACK (on_spin_wheel), NULL);
  gtk_widget_add_controller (GTK_WIDGET (spin), wheel);
}

/* A field the focus left keeps no selection. GTK drops a field's
 * selection only when another field selects its own (the primary
 * selection changes hands), so with Tab from Width to Height to New,
 * Width's number went and Height's stayed painted selected beside New
 * (review). Dropped here once the focus has moved on, when it went to
 * anything but a field; into a field, GTK's own way is left alone (a
 * drop as the focus left, before it arrived anywhere, raced with the
 * next field's claim of the primary selection and at times cleared that
 * field's). Tab back in selects the whole number again (GTK's select on
 * focus); a window that only loses the focus to another window (its
 * focus still in the field) keeps the selection. */
static gboolean
deselect_if_left (gpointer data)
{
  GtkWidget *spin = data;
  GtkRoot *root = gtk_widget_get_root (spin);
  GtkWidget *now = root != NULL ? gtk_root_get_focus (root) : NULL;
  int pos;

  if (root != NULL && !contains_focus (spin) && !GTK_IS_EDITABLE (now))
    {
      pos = gtk_editable_get_position (GTK_EDITABLE (spin));
      gtk_editable_select_region (GTK_EDITABLE (spin), pos, pos);
    }
  return G_SOURCE_REMOVE;
}

static void
on_spin_leave (GtkEventControllerFocus *focus, gpointer data)
{
  GtkWidget *spin = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (focus));

  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, deselect_if_left, g_object_ref (spin),
                   g_object_unref);
}

void
hb_spin_button_deselect_on_leave (GtkSpinButton *spin)
{
  GtkEventController *focus;

  g_return_if_fail (GTK_IS_SPIN_BUTTON (spin));
  focus = gtk_event_controller_focus_new ();
  g_signal_connect (focus, "leave", G_CALLBACK (on_spin_leave), NULL);
  gtk_widget_add_controller (GTK_WIDGET (spin), focus);
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
  /* Room for the longest number or the word for the lowest value, no more
   * (a wide field squeezes the row's title until it breaks mid-word). */
  gtk_editable_set_width_chars (GTK_EDITABLE (spin),
                                min_label (c) ? CLAMP ((int) g_utf8_strlen (min_label (c), -1), 9, 12) : 9);
  g_signal_connect (spin, "input", G_CALLBACK (on_spin_input), c);
  g_signal_connect (spin, "output", G_CALLBACK (on_spin_output), c);
  c->last = value;
  g_signal_connect (spin, "value-changed", G_CALLBACK (on_spin_changed), c);
  if (min_label (c) != NULL && value == d->min)
    on_spin_output (GTK_SPIN_BUTTON (spin), c);
  hb_spin_button_wheel_needs_focus (GTK_SPIN_BUTTON (spin));
  hb_spin_button_deselect_on_leave (GTK_SPIN_BUTTON (spin));
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
            g_signal_connect (c->widget, "activate", G_CALLBACK (on_seed_activate), c);
            gtk_widget_set_valign (dice, GTK_ALIGN_CENTER);
            gtk_widget_set_tooltip_text (dice, _("Pick a Random Seed"));
            /* Named, not only a tooltip: a screen reader said "button". */
            gtk_accessible_update_property (GTK_ACCESSIBLE (dice), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                            _("Pick a Random Seed"), -1);
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
      /* Tab goes straight to a field, not to its row first; a switch's
       * row is the stop, not the switch (hb_switch_row_setup). */
      if (d->type == HB_SETTING_SWITCH)
        hb_switch_row_setup (ADW_ACTION_ROW (c->row), GTK_SWITCH (c->widget));
      else
        {
          adw_action_row_set_activatable_widget (ADW_ACTION_ROW (c->row), c->widget);
          gtk_widget_set_focusable (c->row, FALSE);
        }
      if (c->subtitle != NULL)
        adw_action_row_set_subtitle (ADW_ACTION_ROW (c->row), c->subtitle);
    }
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (c->row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (c->row), _(d->label));
  if (own_step_limit (c))
    gtk_widget_set_tooltip_text (c->row, _("Stop after this many search steps; Auto stops "
                                           "where this solver's own limit does."));
  else if (d->help != NULL)
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
void
hb_solver_settings_rebuild (HbSolverPanel *self)
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
  s = hb_solver_settings_current (self);
  add_controls (self, self->solver->settings, s);
  add_controls (self, hb_common_solver_settings, s);
  if (self->solver->flags & HB_SOLVER_COUNTS)
    add_controls (self, hb_count_setting, s);
  /* (The solver's name is on the row above: no subtitle.) */
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
      else if (c->decl->type == HB_SETTING_SEED)
        show_seed_taken (c);
      if (c->invalid)
        {
          /* The message names the setting already ("Seed: Seed:" was
           * said twice). */
          g_set_error (error, HB_SETTINGS_ERROR, HB_SETTINGS_ERROR_VALUE, "%s",
                       c->refusal != NULL ? c->refusal : "");
          return NULL;
        }
    }
  return hb_settings_copy (hb_solver_settings_current (self));
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

