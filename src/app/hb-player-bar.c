/* hb-player-bar.c: see hb-player-bar.h (the narrow layout is in
 * hb-player-bar-compact.c, the scrubber's marks and the jumps in
 * hb-player-bar-marks.c). */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "hb-player-bar-private.h"
#include "hb-stat-label.h"

#define SPEED_MIN 0.5
#define SPEED_MAX 2000.0

G_DEFINE_FINAL_TYPE (HbPlayerBar, hb_player_bar, GTK_TYPE_BOX)

enum { PROP_0, PROP_SPEED, N_PROPS };
static GParamSpec *properties[N_PROPS];

/* How long the scrubber rests before its position counts as chosen. */
#define SETTLE_MS 150

enum { SIGNAL_FRAME_CHANGED, SIGNAL_STEP_SHOWN, SIGNAL_CLOSE, N_SIGNALS };
static guint signals[N_SIGNALS];

/* Whether any step of the trace has a depth, looked for once (the trace
 * may grow while it plays live: the steps added since are looked at). */
static gboolean
trace_has_depth (HbPlayerBar *self)
{
  gsize len = self->trace != NULL ? hb_trace_length (self->trace) : 0;

  for (; !self->has_depth && self->depth_seen < len; self->depth_seen++)
    self->has_depth = hb_trace_step (self->trace, self->depth_seen)->depth > 0;
  return self->has_depth;
}

static void
update_labels (HbPlayerBar *self)
{
  const HbStep *step;
  gsize pos, len;
  char *text;

  if (self->player == NULL)
    return;
  pos = hb_player_position (self->player);
  len = hb_player_length (self->player);
  step = hb_player_current_step (self->player);

  hb_player_bar_reserve_lines (self);
  text = hb_player_describe (self->player);
  /* The board the solve began on, which in Play may be part-way through
   * a game ("the starting board" read as the level's start). */
  gtk_label_set_label (self->description_label,
                       hb_player_at_stop (self->player) ? _("Where the solver stopped, past the steps recorded")
                       : hb_player_at_answer (self->player) ? _("The answer, from where the solve began")
                       : text[0] ? text : _("Before the first step"));
  /* Should a translation outgrow the lines even so, the whole text is
   * where the pointer rests too. */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->description_label),
                               gtk_label_get_label (self->description_label));
  g_free (text);

  /* TRANSLATORS: the player's position: "Step 12 / 400" */
  /* (No G_*_FORMAT macros in translatable strings: xgettext cannot
   * expand them.) */
  /* The total counts the search's steps; the answer (or the stop) after
   * them is no step (the line above says what it is: here, where). */
  if (pos > hb_trace_length (self->trace))
    {
      char *of = hb_format_count ((gint64) hb_trace_length (self->trace));
      /* TRANSLATORS: the player's position once past the search's last
       * step, on the answer: "After step 400" */
      text = g_strdup_printf (_("After step %s"), of);
      g_free (of);
    }
  else
    {
      /* Grouped as the counters are ("Step 6,591 / 12,000"). */
      char *at = hb_format_count ((gint64) pos);
      char *of = hb_format_count ((gint64) hb_trace_length (self->trace));
      text = g_strdup_printf (_("Step %s / %s"), at, of);
      g_free (at);
      g_free (of);
    }
  gtk_label_set_label (self->step_label, text);
  g_free (text);
  /* Greyed out where no solution or decision lies ahead (at the answer
   * Next Solution did nothing: review). */
  hb_player_bar_update_jumps (self, pos);

  /* The answer is no step of the search, and a run whose steps all have
   * depth 0 (a genetic algorithm's generations, SAT's models, an
   * elimination) has no depth to show: no "Depth 0" then. */
  /* A game may say it in its own words ("3 moves in"), or not at all. */
  text = hb_player_depth_text (self->player);
  gtk_widget_set_visible (GTK_WIDGET (self->depth_label),
                          step != NULL && pos <= hb_trace_length (self->trace)
                          && (text != NULL ? text[0] != '\0' : trace_has_depth (self)));
  if (text == NULL)
    text = g_strdup_printf (_("Depth %d"), step ? (int) step->depth : 0);
  gtk_label_set_label (self->depth_label, text);
  g_free (text);

  /* One counter line per frame: what the frame holds ("14 moves", "40
   * tiles decided") when the game says it, else the solver's own counter
   * ("Search calls: 93183"), never both. */
  text = hb_player_frame_status (self->player);
  if (text != NULL && text[0] != '\0')
    {
      gtk_label_set_label (self->frame_label, text);
      gtk_widget_set_visible (GTK_WIDGET (self->frame_label), TRUE);
      gtk_widget_set_visible (GTK_WIDGET (self->counter_label), FALSE);
    }
  else
    {
      const char *name = hb_trace_get_counter_name (self->trace);
      /* The counter's plain words ("Search steps"), as the result names
       * the same stat; else its name capitalised. */
      const HbStatLabel *words = name && name[0] ? hb_stat_label_find_shown (NULL, name) : NULL;
      const char *shown = words ? _(words->label) : name && name[0] ? name : _("counter");
      char *first = g_utf8_substring (shown, 0, 1);
      char *upper = g_utf8_strup (first, -1);
      const char *rest = g_utf8_offset_to_pointer (shown, 1);
      char *line;

      char *count = hb_format_count (step ? step->counter : 0);

      /* TRANSLATORS: the solver's own counter, e.g. "Search calls: 93,183" */
      line = g_strdup_printf (_("%s%s: %s"), upper, rest, count);
      g_free (count);
      gtk_label_set_label (self->counter_label, line);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->counter_label),
                                   words && words->tooltip ? _(words->tooltip) : NULL);
      gtk_widget_set_visible (GTK_WIDGET (self->counter_label), TRUE);
      gtk_widget_set_visible (GTK_WIDGET (self->frame_label), FALSE);
      g_free (line);
      g_free (upper);
      g_free (first);
    }
  g_free (text);

  self->updating = TRUE;
  gtk_adjustment_configure (self->position_adjustment, pos, 0, MAX (len, 1),
                            1, MAX (1, len / 20), 0);
  self->updating = FALSE;
}

static void
frame_changed (HbPlayerBar *self)
{
  update_labels (self);
  g_signal_emit (self, signals[SIGNAL_FRAME_CHANGED], 0);
}

/* The position came to rest where the user asked: "step-shown", for the
 * window to bring the step's cell into view on a zoomed board (a step
 * could land outside it: review). Not while playing (the board would
 * jump about): once play stops. */
static void
step_shown (HbPlayerBar *self)
{
  g_clear_handle_id (&self->settle_id, g_source_remove);
  if (self->player != NULL)
    g_signal_emit (self, signals[SIGNAL_STEP_SHOWN], 0);
}

static gboolean
scrubber_settled (gpointer data)
{
  HbPlayerBar *self = data;

  self->settle_id = 0;
  step_shown (self);
  return G_SOURCE_REMOVE;
}


static char *format_speed (GtkScale *scale, double value, gpointer user_data);

/* The steps a second the player plays at: the speed control's value is
 * for a trace of up to 200 steps, and a longer one plays faster in
 * proportion, so that at the default 10 a second any trace plays in about
 * 20 seconds (a backtracking search of thousands of steps too). */
static double
effective_speed (HbPlayerBar *self, double speed)
{
  gsize len = self->player != NULL ? hb_player_length (self->player) : 0;

  return speed * MAX (1.0, len / 200.0);
}

static gboolean
tick_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer user_data)
{
  HbPlayerBar *self = HB_PLAYER_BAR (widget);
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  gsize pos, len, steps;

  if (self->player == NULL)
    {
      self->tick_id = 0;
      self->playing = FALSE;
      return G_SOURCE_REMOVE;
    }
  if (self->last_frame_time == 0)
    self->last_frame_time = now;
  /* Advance by speed × elapsed time: several steps a frame when fast, one
   * every few frames when slow. A long stall (a suspended laptop) is not
   * made up for. */
  /* The speed grows with the trace's length (effective_speed). */
  self->pending += effective_speed (self, self->speed)
                   * MIN (now - self->last_frame_time, G_USEC_PER_SEC / 4)
                   / (double) G_USEC_PER_SEC;
  self->last_frame_time = now;
  steps = (gsize) floor (self->pending);
  if (steps == 0)
    return G_SOURCE_CONTINUE;
  self->pending -= steps;

  pos = hb_player_position (self->player);
  len = hb_player_length (self->player);
  hb_player_seek (self->player, MIN (pos + steps, len));
  frame_changed (self);
  if (hb_player_position (self->player) >= len)
    {
      hb_player_bar_set_playing (self, FALSE);
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

void
hb_player_bar_set_playing (HbPlayerBar *self, gboolean playing)
{
  g_return_if_fail (HB_IS_PLAYER_BAR (self));

  playing = playing && self->player != NULL;
  if (playing && hb_player_position (self->player) >= hb_player_length (self->player))
    {
      /* Play at the end starts again from the beginning. */
      hb_player_seek (self->player, 0);
      frame_changed (self);
    }
  self->playing = playing;
  if (playing && self->tick_id == 0)
    {
      self->last_frame_time = 0;
      self->pending = 0;
      self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), tick_cb, NULL, NULL);
    }
  else if (!playing && self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
      step_shown (self);
    }
  gtk_button_set_icon_name (self->play_button,
                            playing ? "media-playback-pause-symbolic"
                                    : "media-playback-start-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->play_button),
                               playing ? _("Pause (Space)") : _("Play (Space)"));
}

gboolean
hb_player_bar_get_playing (HbPlayerBar *self)
{
  g_return_val_if_fail (HB_IS_PLAYER_BAR (self), FALSE);
  return self->playing;
}

void
hb_player_bar_toggle_playing (HbPlayerBar *self)
{
  hb_player_bar_set_playing (self, !self->playing);
}

void
hb_player_bar_seek (HbPlayerBar *self, gsize position)
{
  g_return_if_fail (HB_IS_PLAYER_BAR (self));
  if (self->player == NULL)
    return;
  hb_player_seek (self->player, MIN (position, hb_player_length (self->player)));
  frame_changed (self);
  step_shown (self);
}

void
hb_player_bar_step (HbPlayerBar *self, gssize delta)
{
  gsize pos;

  g_return_if_fail (HB_IS_PLAYER_BAR (self));
  if (self->player == NULL)
    return;
  hb_player_bar_set_playing (self, FALSE);
  pos = hb_player_position (self->player);
  if (delta < 0 && (gsize) -delta > pos)
    pos = 0;
  else
    pos += delta;
  hb_player_bar_seek (self, pos);
}

void
hb_player_bar_set_player (HbPlayerBar *self, HbPlayer *player, const HbTrace *trace)
{
  g_return_if_fail (HB_IS_PLAYER_BAR (self));

  /* Stopped with no player: the one going (which the window may have
   * freed) says no "step-shown". */
  self->player = NULL;
  hb_player_bar_set_playing (self, FALSE);
  g_clear_handle_id (&self->settle_id, g_source_remove);
  self->player = player;
  self->trace = trace;
  self->has_depth = FALSE;
  self->depth_seen = 0;
  if (player == NULL)
    {
      hb_player_bar_update_marks (self);
      return;
    }

  if (hb_trace_truncated (trace))
    {
      unsigned long steps = (unsigned long) hb_trace_length (trace);
      char *text = g_strdup_printf (g_dngettext (NULL,
                                                 "Animation cut after %lu step; the solver went on",
                                                 "Animation cut after %lu steps; the solver went on",
                                                 steps),
                                    steps);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->truncated_label), text);
      hb_player_bar_word_cut_note (self);
      gtk_widget_set_visible (GTK_WIDGET (self->truncated_label), TRUE);
      g_free (text);
    }
  else
    {
      gtk_widget_set_visible (GTK_WIDGET (self->truncated_label), FALSE);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->truncated_label), NULL);
    }
  hb_player_bar_update_marks (self);
  update_labels (self);
  /* The speed's label says steps a second for this trace's length. */
  gtk_scale_set_format_value_func (self->speed_scale, format_speed, self, NULL);
}

HbPlayer *
hb_player_bar_get_player (HbPlayerBar *self)
{
  g_return_val_if_fail (HB_IS_PLAYER_BAR (self), NULL);
  return self->player;
}

double
hb_player_bar_get_speed (HbPlayerBar *self)
{
  g_return_val_if_fail (HB_IS_PLAYER_BAR (self), 1);
  return self->speed;
}

void
hb_player_bar_set_speed (HbPlayerBar *self, double speed)
{
  g_return_if_fail (HB_IS_PLAYER_BAR (self));

  speed = CLAMP (speed, SPEED_MIN, SPEED_MAX);
  if (fabs (speed - self->speed) < 1e-9)
    return;
  self->speed = speed;
  self->updating = TRUE;
  gtk_adjustment_set_value (self->speed_adjustment, log10 (speed));
  self->updating = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SPEED]);
}



GtkWidget *
hb_player_bar_get_speed_scale (HbPlayerBar *self)
{
  g_return_val_if_fail (HB_IS_PLAYER_BAR (self), NULL);
  return GTK_WIDGET (self->speed_scale);
}

gboolean
hb_player_bar_get_can_export (HbPlayerBar *self)
{
  g_return_val_if_fail (HB_IS_PLAYER_BAR (self), FALSE);
  return self->can_export;
}

const char *
hb_player_bar_get_step_text (HbPlayerBar *self)
{
  return gtk_label_get_label (self->step_label);
}

const char *
hb_player_bar_get_depth_text (HbPlayerBar *self)
{
  return gtk_widget_get_visible (GTK_WIDGET (self->depth_label))
         ? gtk_label_get_label (self->depth_label) : NULL;
}

const char *
hb_player_bar_get_counter_text (HbPlayerBar *self)
{
  GtkLabel *shown = gtk_widget_get_visible (GTK_WIDGET (self->frame_label)) ? self->frame_label
                                                                             : self->counter_label;
  return gtk_label_get_label (shown);
}

const char *
hb_player_bar_get_description (HbPlayerBar *self)
{
  return gtk_label_get_label (self->description_label);
}

/* ---- Template callbacks ------------------------------------------------ */

static void
on_close_clicked (HbPlayerBar *self)
{
  hb_player_bar_set_playing (self, FALSE);
  g_signal_emit (self, signals[SIGNAL_CLOSE], 0);
}

static void
on_start_clicked (HbPlayerBar *self)
{
  hb_player_bar_set_playing (self, FALSE);
  hb_player_bar_seek (self, 0);
}

static void
on_end_clicked (HbPlayerBar *self)
{
  hb_player_bar_set_playing (self, FALSE);
  if (self->player != NULL)
    hb_player_bar_seek (self, hb_player_length (self->player));
}

static void
on_back_clicked (HbPlayerBar *self)
{
  hb_player_bar_step (self, -1);
}

static void
on_forward_clicked (HbPlayerBar *self)
{
  hb_player_bar_step (self, 1);
}

static void
on_play_clicked (HbPlayerBar *self)
{
  hb_player_bar_toggle_playing (self);
}

static void
on_solution_clicked (HbPlayerBar *self)
{
  hb_player_bar_jump_to_solution (self, TRUE);
}

static void
on_decision_clicked (HbPlayerBar *self)
{
  hb_player_bar_jump_to_decision (self, TRUE);
}

static void
on_position_changed (GtkAdjustment *adjustment, HbPlayerBar *self)
{
  if (self->updating || self->player == NULL)
    return;
  /* Scrubbing: the step shown once the scrubber rests, not every step it
   * passes on the way. */
  hb_player_seek (self->player, MIN ((gsize) llround (gtk_adjustment_get_value (adjustment)),
                                     hb_player_length (self->player)));
  frame_changed (self);
  g_clear_handle_id (&self->settle_id, g_source_remove);
  self->settle_id = g_timeout_add (SETTLE_MS, scrubber_settled, self);
}

static void
on_speed_changed (GtkAdjustment *adjustment, HbPlayerBar *self)
{
  double speed;

  if (self->updating)
    return;
  speed = CLAMP (pow (10, gtk_adjustment_get_value (adjustment)), SPEED_MIN, SPEED_MAX);
  if (fabs (speed - self->speed) < 1e-9)
    return;
  self->speed = speed;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SPEED]);
}

static char *
format_speed (GtkScale *scale, double value, gpointer user_data)
{
  /* What the player really plays at, for the trace it holds. */
  double speed = effective_speed (HB_PLAYER_BAR (user_data), pow (10, value));

  /* Two digits below 10 ("2.5/s"), whole steps from there ("16/s", not
   * "16.1/s"). */
  if (speed < 9.95)
    /* TRANSLATORS: steps per second below 10, in the player's speed
     * control ("2.5/s") */
    return g_strdup_printf (_("%.2g/s"), speed);
  /* TRANSLATORS: steps per second from 10 on, in the player's speed
   * control ("16/s", "2,000/s"); the ' groups the digits as the
   * locale does */
  return g_strdup_printf (_("%'.0f/s"), speed);
}

/* ---- GObject ----------------------------------------------------------- */

static void
hb_player_bar_get_property (GObject *object, guint prop_id, GValue *value,
                            GParamSpec *pspec)
{
  HbPlayerBar *self = HB_PLAYER_BAR (object);

  switch (prop_id)
    {
    case PROP_SPEED:
      g_value_set_double (value, self->speed);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hb_player_bar_set_property (GObject *object, guint prop_id, const GValue *value,
                            GParamSpec *pspec)
{
  HbPlayerBar *self = HB_PLAYER_BAR (object);

  switch (prop_id)
    {
    case PROP_SPEED:
      hb_player_bar_set_speed (self, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hb_player_bar_dispose (GObject *object)
{
  HbPlayerBar *self = HB_PLAYER_BAR (object);

  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  g_clear_handle_id (&self->relayout_id, g_source_remove);
  g_clear_handle_id (&self->settle_id, g_source_remove);
  self->player = NULL;
  self->trace = NULL;
  g_clear_object (&self->export_section);
  gtk_widget_dispose_template (GTK_WIDGET (self), HB_TYPE_PLAYER_BAR);
  G_OBJECT_CLASS (hb_player_bar_parent_class)->dispose (object);
}

static void
hb_player_bar_class_init (HbPlayerBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = hb_player_bar_get_property;
  object_class->set_property = hb_player_bar_set_property;
  object_class->dispose = hb_player_bar_dispose;

  properties[PROP_SPEED] =
    g_param_spec_double ("speed", NULL, NULL, SPEED_MIN, SPEED_MAX, 10,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_FRAME_CHANGED] =
    g_signal_new ("frame-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_STEP_SHOWN] =
    g_signal_new ("step-shown", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_CLOSE] =
    g_signal_new ("close", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  g_type_ensure (ADW_TYPE_BUTTON_CONTENT);
  gtk_widget_class_set_template_from_resource (widget_class,
      RESOURCE_PATH "/hb-player-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, HbPlayerBar, description_label);
  gtk_widget_class_bind_template_child (widget_class, HbPlayerBar, step_label);
  gtk_widget_class_bind_template_child (widget_class, HbPlayerBar, depth_label);
  gtk_widget_class_bind_template_child (widget_class, HbPlayerBar, counter_label);
  gtk_widget_class_bind_template_child (widget_class, HbPlayerBar, frame_label);
  gtk_widget_class_bind_template_child (widget_class, HbPlayerBar, truncated_label);
  gtk_widget_class_bind_template_child (widget_class, HbPlayerBar, play_button);
  gtk_widget_class_bind_template_child (widget_class, HbPlayerBar, export_button);
  gtk_widget_class_bind_template_child (widget_class, HbPlayerBar, position_scale);
  gtk_widget_class_bind_template_child (widget_class, HbPlayerBar, solution_button);
  gtk_widget_class_bind_template_child (widget_class, HbPlayerBar, decision_button);
  gtk_widget_class_bind_template_child (widget_class, HbPlayerBar, position_adjustment);
  gtk_widget_class_bind_template_child (widget_class, HbPlayerBar, speed_scale);
  gtk_widget_class_bind_template_child (widget_class, HbPlayerBar, speed_adjustment);
  gtk_widget_class_bind_template_child (widget_class, HbPlayerBar, speed_label);
  gtk_widget_class_bind_template_child (widget_class, HbPlayerBar, transport_row);
  gtk_widget_class_bind_template_child (widget_class, HbPlayerBar, scrubber_row);
  gtk_widget_class_bind_template_child (widget_class, HbPlayerBar, stats_row);
  gtk_widget_class_bind_template_child (widget_class, HbPlayerBar, more_button);
  gtk_widget_class_bind_template_callback (widget_class, on_close_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_start_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_end_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_back_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_forward_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_play_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_solution_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_decision_clicked);
}

static void
hb_player_bar_init (HbPlayerBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->speed = 10;
  hb_player_bar_compact_init (self);

  gtk_adjustment_set_value (self->speed_adjustment, 1.0);
  gtk_scale_set_format_value_func (self->speed_scale, format_speed, self, NULL);
  hb_player_bar_reserve_lines (self);
  g_signal_connect (self->position_adjustment, "value-changed",
                    G_CALLBACK (on_position_changed), self);
  g_signal_connect (self->speed_adjustment, "value-changed",
                    G_CALLBACK (on_speed_changed), self);
}

GtkWidget *
hb_player_bar_new (void)
{
  return g_object_new (HB_TYPE_PLAYER_BAR, NULL);
}
