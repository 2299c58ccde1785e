/* hb-player-bar-marks.c: the player bar's scrubber marks (solutions
 * below, the search's longest retreats above) and the jumps to the next
 * solution or decision, which the marks say whether there is. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "hb-player-bar-private.h"

/* The scrubber marks this many of the search's longest retreats at most. */
#define MAX_BACKTRACK_MARKS 16
/* …and about this many of the solutions found. */
#define MAX_SOLUTION_MARKS 64

/* A jump greyed out (nothing ahead) while it had the keyboard left the
 * focus nowhere (Tab started over): it goes to the other jump, or Play. */
static void
set_jump_sensitive (HbPlayerBar *self, GtkWidget *button, gboolean sensitive)
{
  GtkRoot *root = gtk_widget_get_root (button);
  GtkWidget *other = button == self->solution_button ? self->decision_button
                                                     : self->solution_button;

  if (!sensitive && GTK_IS_WINDOW (root) && gtk_window_get_focus (GTK_WINDOW (root)) == button)
    {
      if (gtk_widget_get_sensitive (other))
        gtk_widget_grab_focus (other);
      else
        gtk_widget_grab_focus (GTK_WIDGET (self->play_button));
    }
  gtk_widget_set_sensitive (button, sensitive);
}

void
hb_player_bar_update_jumps (HbPlayerBar *self, gsize pos)
{
  set_jump_sensitive (self, self->solution_button, self->last_solution > pos);
  set_jump_sensitive (self, self->decision_button, self->last_decision > pos);
}


/* The scrubber's marks: solutions below it, the search's longest retreats
 * above; the jump buttons only when there is somewhere to jump. */
void
hb_player_bar_update_marks (HbPlayerBar *self)
{
  GArray *marks;
  guint solutions = 0, retreats = 0, stride;
  char *tip;

  gtk_scale_clear_marks (self->position_scale);
  if (self->player == NULL)
    return;
  marks = hb_player_marks (self->player, MAX_BACKTRACK_MARKS);
  for (guint i = 0; i < marks->len; i++)
    solutions += g_array_index (marks, HbPlayerMark, i).kind == HB_PLAYER_MARK_SOLUTION;
  /* A count of thousands of solutions: every stride-th one is ticked (a
   * tick is a widget), and the last, the answer, always. */
  stride = MAX (1, (solutions + MAX_SOLUTION_MARKS - 1) / MAX_SOLUTION_MARKS);
  for (guint i = 0, k = 0; i < marks->len; i++)
    {
      const HbPlayerMark *m = &g_array_index (marks, HbPlayerMark, i);

      if (m->kind == HB_PLAYER_MARK_SOLUTION)
        {
          if (k++ % stride == 0 || k == solutions)
            gtk_scale_add_mark (self->position_scale, m->position, GTK_POS_BOTTOM, NULL);
        }
      else
        {
          gtk_scale_add_mark (self->position_scale, m->position, GTK_POS_TOP, NULL);
          retreats++;
        }
    }
  self->last_solution = 0;
  for (guint i = 0; i < marks->len; i++)
    if (g_array_index (marks, HbPlayerMark, i).kind == HB_PLAYER_MARK_SOLUTION)
      self->last_solution = MAX (self->last_solution, g_array_index (marks, HbPlayerMark, i).position);
  {
    /* The answer after the steps, when the run has one (a look from the
     * last step on only). */
    gsize len = hb_trace_length (self->trace), at = hb_player_find_solution (self->player, len, TRUE);
    if (at != G_MAXSIZE)
      self->last_solution = MAX (self->last_solution, at);
  }
  g_array_unref (marks);
  /* The last decision, found once from the end (updates compare). */
  self->last_decision = hb_player_find_decision (self->player, hb_trace_length (self->trace) + 1, FALSE);
  if (self->last_decision == G_MAXSIZE)
    self->last_decision = 0;
  hb_player_bar_update_jumps (self, hb_player_position (self->player));
  /* The scrubber's tooltip says what its ticks mean, when it has some. */
  tip = g_strdup (_("Position in the Recorded Steps"));
  if (solutions > 0)
    {
      /* TRANSLATORS: the scrubber's tooltip; the marks are short ticks */
      char *t = g_strconcat (tip, "\n", _("Ticks below: where solutions were found"), NULL);
      g_free (tip);
      tip = t;
    }
  if (retreats > 0)
    {
      char *t = g_strconcat (tip, "\n", _("Ticks above: where the search backtracked far"), NULL);
      g_free (tip);
      tip = t;
    }
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->position_scale), tip);
  g_free (tip);
}

/* Jumps to the next (or previous) solution or decision and pauses; FALSE
 * (and the error bell) when there is none that way. */
static gboolean
jump (HbPlayerBar *self, gboolean solution, gboolean forward)
{
  gsize pos, to;

  if (self->player == NULL)
    return FALSE;
  hb_player_bar_set_playing (self, FALSE);
  pos = hb_player_position (self->player);
  to = solution ? hb_player_find_solution (self->player, pos, forward)
                : hb_player_find_decision (self->player, pos, forward);
  if (to == G_MAXSIZE)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return FALSE;
    }
  hb_player_bar_seek (self, to);
  return TRUE;
}

gboolean
hb_player_bar_jump_to_solution (HbPlayerBar *self, gboolean forward)
{
  g_return_val_if_fail (HB_IS_PLAYER_BAR (self), FALSE);
  return jump (self, TRUE, forward);
}

gboolean
hb_player_bar_jump_to_decision (HbPlayerBar *self, gboolean forward)
{
  g_return_val_if_fail (HB_IS_PLAYER_BAR (self), FALSE);
  return jump (self, FALSE, forward);
}

