/* hb-player-bar-compact.c: the player bar in a narrow window (the wide
 * and compact layouts, the switch between them, the compact bar's menu). */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "hb-menu-tooltip.h"
#include "hb-player-bar-private.h"

/* Narrower than this (the bar's own width), the bar is compact: the
 * scrubber gets a row of its own, the step's words a third line, and the
 * speed control and Export move into a menu button, so a phone-wide
 * window needs no sideways scrolling. */
#define COMPACT_BELOW 560
/* The wide bar's least width with a run in it, as far as a hidden bar can
 * tell: measured 565-573 px with a run's labels filled. */
#define WIDE_NEEDS 600

static void on_bar_width (HbPlayerBar *self);

/* The step's words wrap to this many lines at most, then are cut (the
 * whole text is in the tooltip as well). They have the bar's width but
 * for Close: two lines hold the longest English step, a genetic
 * algorithm's generation with what its red frames mean (107 characters),
 * from a bar of about 500 px; a compact bar, 336-560 px, has three. */
#define WIDE_LINES 2
#define COMPACT_LINES 3

/* The description keeps the height of its lines at all times, so the bar
 * (and the board above it) does not change size from one step to the
 * next; the counters' line, its own. A height request, not the label's own measure: the bar's
 * scroller (a GtkScrolledWindow, there for the moment before the bar
 * turns compact) asks its child's height for no width at all, which for
 * a wrapping label is one line, and allocates that much. */
void
hb_player_bar_reserve_lines (HbPlayerBar *self)
{
  int lines = self->compact ? COMPACT_LINES : WIDE_LINES;
  GString *probe = g_string_new ("Ag");
  PangoLayout *layout;
  int height, now;

  for (int i = 1; i < lines; i++)
    g_string_append (probe, "\nAg");
  layout = gtk_widget_create_pango_layout (GTK_WIDGET (self->description_label), probe->str);
  g_string_free (probe, TRUE);
  pango_layout_get_pixel_size (layout, NULL, &height);
  g_object_unref (layout);
  if (gtk_label_get_lines (self->description_label) != lines)
    gtk_label_set_lines (self->description_label, lines);
  gtk_widget_get_size_request (GTK_WIDGET (self->description_label), NULL, &now);
  if (now != height)
    gtk_widget_set_size_request (GTK_WIDGET (self->description_label), -1, height);

  /* The wide bar's counters share their line with Export, which shows
   * only once there is an answer: the line is a button high all the same
   * (a button measures nothing while hidden), or the bar grew as the
   * player opened and the board shrank by 18 px. */
  if (self->compact)
    height = -1;
  else
    gtk_widget_measure (GTK_WIDGET (self->play_button), GTK_ORIENTATION_VERTICAL, -1,
                        &height, NULL, NULL, NULL);
  gtk_widget_get_size_request (self->stats_row, NULL, &now);
  if (now != height)
    gtk_widget_set_size_request (self->stats_row, -1, height);
}

/* A zero-high widget across the top of the bar that tells it when it is
 * allocated (a GtkBox's allocation goes through its layout manager, which
 * has no hook): the bar then looks at its own width. */
#define HB_TYPE_PLAYER_BAR_PROBE (hb_player_bar_probe_get_type ())
G_DECLARE_FINAL_TYPE (HbPlayerBarProbe, hb_player_bar_probe, HB, PLAYER_BAR_PROBE, GtkWidget)

struct _HbPlayerBarProbe
{
  GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE (HbPlayerBarProbe, hb_player_bar_probe, GTK_TYPE_WIDGET)

static void
hb_player_bar_probe_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  GtkWidget *bar = gtk_widget_get_ancestor (widget, HB_TYPE_PLAYER_BAR);

  if (bar != NULL)
    on_bar_width (HB_PLAYER_BAR (bar));
}

static void
hb_player_bar_probe_class_init (HbPlayerBarProbeClass *klass)
{
  GTK_WIDGET_CLASS (klass)->size_allocate = hb_player_bar_probe_size_allocate;
}

static void
hb_player_bar_probe_init (HbPlayerBarProbe *self)
{
}

/* Moves `child` (a widget of the template) into `box`, after `sibling`
 * (NULL: first) or at the end (append). */
static void
move_to (GtkWidget *child, GtkWidget *box, GtkWidget *sibling, gboolean append)
{
  GtkWidget *parent = gtk_widget_get_parent (child);

  g_object_ref (child);
  if (parent != NULL)
    gtk_box_remove (GTK_BOX (parent), child);
  if (append)
    gtk_box_append (GTK_BOX (box), child);
  else
    gtk_box_insert_child_after (GTK_BOX (box), child, sibling);
  g_object_unref (child);
}

static void
set_compact (HbPlayerBar *self, gboolean compact)
{
  GtkWidget *jumps = gtk_widget_get_parent (self->solution_button);

  if (compact == self->compact)
    return;
  self->compact = compact;
  if (compact)
    {
      gtk_menu_button_popdown (GTK_MENU_BUTTON (self->more_button));
      move_to (GTK_WIDGET (self->position_scale), self->scrubber_row, NULL, TRUE);
      move_to (self->speed_label, self->speed_slot, NULL, TRUE);
      move_to (GTK_WIDGET (self->speed_scale), self->speed_slot, NULL, TRUE);
      /* The note of a cut animation on a line of its own: beside the
       * counters it wrapped and pushed them out of the bar (its scroller
       * measures one line: review). */
      move_to (GTK_WIDGET (self->truncated_label), GTK_WIDGET (self), self->stats_row, FALSE);
    }
  else
    {
      gtk_menu_button_popdown (GTK_MENU_BUTTON (self->more_button));
      move_to (GTK_WIDGET (self->position_scale), self->transport_row, jumps, FALSE);
      move_to (self->speed_label, self->transport_row, GTK_WIDGET (self->position_scale), FALSE);
      move_to (GTK_WIDGET (self->speed_scale), self->transport_row, self->speed_label, FALSE);
      /* Before Export, at the line's end. */
      move_to (GTK_WIDGET (self->truncated_label), self->stats_row,
               GTK_WIDGET (self->frame_label), FALSE);
    }
  hb_player_bar_word_cut_note (self);
  gtk_label_set_xalign (self->truncated_label, compact ? 0 : 1);
  gtk_widget_set_margin_top (GTK_WIDGET (self->truncated_label), compact ? 6 : 0);
  /* Roomier in the menu, where nothing else needs the width. */
  gtk_widget_set_size_request (GTK_WIDGET (self->speed_scale), compact ? 200 : 140, -1);
  gtk_widget_set_visible (self->scrubber_row, compact);
  gtk_widget_set_visible (self->more_button, compact);
  gtk_widget_set_visible (self->export_button, self->can_export && !compact);
  hb_player_bar_reserve_lines (self);
  /* The counters give way (their full text in the tooltip) before the
   * bar would need to scroll. */
  gtk_box_set_spacing (GTK_BOX (self->stats_row), compact ? 12 : 18);
  gtk_label_set_ellipsize (self->counter_label, compact ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE);
  gtk_label_set_ellipsize (self->frame_label, compact ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE);
}

void
hb_player_bar_word_cut_note (HbPlayerBar *self)
{
  const char *sentence = gtk_widget_get_tooltip_text (GTK_WIDGET (self->truncated_label));

  if (sentence == NULL)
    return;
  /* TRANSLATORS: beside the player's counters when the recorded steps
   * stopped before the solver did; the whole sentence is its tooltip. */
  gtk_label_set_label (self->truncated_label, self->compact ? sentence : _("Animation cut"));
}

static gboolean
relayout_cb (gpointer data)
{
  HbPlayerBar *self = data;

  self->relayout_id = 0;
  set_compact (self, self->want_compact);
  return G_SOURCE_REMOVE;
}

/* Whether the bar, `width` wide, is to be compact: below COMPACT_BELOW,
 * or when the wide bar is squeezed to its minimum (its parent scrolls);
 * wide again only once the wide bar fits. */
static gboolean
wants_compact (HbPlayerBar *self, int width, gboolean hidden)
{
  gboolean want = self->compact;

  if (!self->compact)
    {
      int min;

      gtk_widget_measure (GTK_WIDGET (self), GTK_ORIENTATION_HORIZONTAL, -1,
                          &min, NULL, NULL, NULL);
      /* Hidden, the bar shows no run: its labels are empty, and its least
       * width is less than it will be (495 px against 565-573). */
      if (hidden)
        min = MAX (min, WIDE_NEEDS);
      if (width < COMPACT_BELOW || width <= min)
        {
          want = TRUE;
          self->wide_min = min;
        }
    }
  else if (width >= MAX (COMPACT_BELOW, self->wide_min + 1))
    want = FALSE;
  return want;
}

/* Called as the bar is allocated. The change waits for an idle moment:
 * the bar is being allocated. */
static void
on_bar_width (HbPlayerBar *self)
{
  gboolean want;
  graphene_rect_t bounds;
  int width;

  /* The whole width, padding and border too, as the minimum counts it. */
  if (!gtk_widget_compute_bounds (GTK_WIDGET (self), GTK_WIDGET (self), &bounds))
    return;
  width = (int) floorf (bounds.size.width);
  if (width <= 0)
    return;
  want = wants_compact (self, width, FALSE);
  self->want_compact = want;
  /* Before the next frame is drawn: at the default idle priority a
   * playing trace (a frame every tick) kept the switch waiting as long as
   * it played, the bar clipped or cramped meanwhile. */
  if (want != self->compact && self->relayout_id == 0)
    self->relayout_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, relayout_cb, self, NULL);
}

void
hb_player_bar_set_can_export (HbPlayerBar *self, gboolean can_export)
{
  g_return_if_fail (HB_IS_PLAYER_BAR (self));
  can_export = !!can_export;
  if (can_export == self->can_export)
    return;
  self->can_export = can_export;
  gtk_widget_set_visible (self->export_button, can_export && !self->compact);
  /* The compact bar's menu holds Export only while there is one. */
  if (can_export)
    g_menu_append (self->export_section, _("E_xport Animation…"), "win.export-animation");
  else
    g_menu_remove_all (self->export_section);
}

void
hb_player_bar_set_width_hint (HbPlayerBar *self, int width)
{
  g_return_if_fail (HB_IS_PLAYER_BAR (self));

  if (width <= 0 || gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  g_clear_handle_id (&self->relayout_id, g_source_remove);
  /* As on_bar_width decides once shown: the wide bar's least width too
   * (at 700 px a bar still wide while hidden turned compact, and taller,
   * as it opened, and the board shrank by 40 px). */
  self->want_compact = wants_compact (self, width, TRUE);
  set_compact (self, self->want_compact);
}

gboolean
hb_player_bar_get_compact (HbPlayerBar *self)
{
  g_return_val_if_fail (HB_IS_PLAYER_BAR (self), FALSE);
  return self->compact;
}

GtkWidget *
hb_player_bar_get_menu_button (HbPlayerBar *self)
{
  g_return_val_if_fail (HB_IS_PLAYER_BAR (self), NULL);
  return self->more_button;
}

void
hb_player_bar_compact_init (HbPlayerBar *self)
{
  GMenu *menu, *speed_section;
  GMenuItem *item;
  GtkWidget *popover;

  gtk_box_prepend (GTK_BOX (self), g_object_new (HB_TYPE_PLAYER_BAR_PROBE, NULL));

  /* The compact bar's menu: the speed control (moved there while compact)
   * and Export Animation. */
  menu = g_menu_new ();
  speed_section = g_menu_new ();
  item = g_menu_item_new (NULL, NULL);
  g_menu_item_set_attribute (item, "custom", "s", "speed");
  g_menu_append_item (speed_section, item);
  g_object_unref (item);
  g_menu_append_section (menu, NULL, G_MENU_MODEL (speed_section));
  g_object_unref (speed_section);
  self->export_section = g_menu_new ();
  g_menu_append_section (menu, NULL, G_MENU_MODEL (self->export_section));
  popover = gtk_popover_menu_new_from_model (G_MENU_MODEL (menu));
  g_object_unref (menu);
  self->speed_slot = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_margin_start (self->speed_slot, 6);
  gtk_widget_set_margin_end (self->speed_slot, 6);
  gtk_popover_menu_add_child (GTK_POPOVER_MENU (popover), self->speed_slot, "speed");
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (self->more_button), popover);
  hb_menu_button_quiet_tooltip (GTK_MENU_BUTTON (self->more_button));
}
