/* hb-palette-bar.c: see hb-palette-bar.h. */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "hb-palette-bar.h"

#define SWATCH_SIZE 28

struct _HbPaletteBar
{
  GtkBox parent_instance;

  const HbState  *state;
  const HbGame   *game;
  HbMode          mode;
  HbPaletteEntry  entries[HB_PALETTE_MAX];
  int             n_entries;
  GtkWidget      *buttons[HB_PALETTE_MAX];
  GtkWidget      *spacer;     /* an entry's height while there is none */
  int             selected;   /* id, or -1 */
  int             edit_selected; /* the entry picked when Edit was left, or -1 */
  int             tab_stop;   /* the entry Tab reaches (index) */
  guint           show_tick;  /* show_tab_stop's, waiting for the chips' layout */
  GtkAdjustment  *hadj;       /* the viewport's, watched for a change of width */
};

G_DEFINE_FINAL_TYPE (HbPaletteBar, hb_palette_bar, GTK_TYPE_BOX)

enum { PROP_0, PROP_SELECTED, N_PROPS };
static GParamSpec *properties[N_PROPS];

enum { SIGNAL_ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
draw_swatch (GtkDrawingArea *area, cairo_t *cr, int width, int height,
             gpointer user_data)
{
  HbPaletteBar *self = g_object_get_data (G_OBJECT (area), "hb-palette-bar");
  int id = GPOINTER_TO_INT (user_data);
  double size = MIN (width, height);

  if (self == NULL || self->state == NULL || self->game->palette_render == NULL)
    return;
  cairo_translate (cr, (width - size) / 2, (height - size) / 2);
  self->game->palette_render (self->state, self->mode, id, cr, size,
                              adw_style_manager_get_dark (adw_style_manager_get_default ()));
}

static void show_tab_stop (HbPaletteBar *self);

static gboolean
show_tab_stop_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  HbPaletteBar *self = HB_PALETTE_BAR (widget);
  gboolean mapped = gtk_widget_get_mapped (widget);

  /* Unmapped, no layout comes to wait for (the frame clock would tick
   * on for nothing): once shown and laid out, the adjustment's change
   * brings it back (on_hadj_changed). */
  if (mapped && self->tab_stop < self->n_entries
      && gtk_widget_get_width (self->buttons[self->tab_stop]) == 0)
    return G_SOURCE_CONTINUE;
  self->show_tick = 0;
  if (mapped)
    show_tab_stop (self);
  return G_SOURCE_REMOVE;
}

/* The palette's room changed (a narrower window, the sidebar folding
 * over the board): the pick shows again, a frame later, once laid out
 * (the pick at the far end was out of sight at 400 px). The wheel moves
 * only the value, which is no change of room: what it shows stays. */
static void
on_hadj_changed (GtkAdjustment *h, HbPaletteBar *self)
{
  if (self->show_tick == 0 && self->n_entries > 0)
    self->show_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), show_tab_stop_tick,
                                                    NULL, NULL);
}

static void
watch_hadj (HbPaletteBar *self, GtkAdjustment *h)
{
  if (self->hadj == h)
    return;
  if (self->hadj != NULL)
    g_signal_handlers_disconnect_by_func (self->hadj, on_hadj_changed, self);
  g_set_object (&self->hadj, h);
  if (h != NULL)
    g_signal_connect (h, "changed", G_CALLBACK (on_hadj_changed), self);
}

/* Scrolls the palette sideways, where it is wider than the window (the
 * window puts it in a GtkScrolledWindow), until the Tab stop's chip shows
 * whole: the pick follows the keys, a digit, the colour a click on the
 * board picked (Flow Free's 60th colour, or its last chip, were off to
 * the right). The viewport scrolls to the focus by itself, but the pick
 * may change without it. Chips just built have no place yet: a frame
 * later then (the frame clock's ticks come before its layout). */
static void
show_tab_stop (HbPaletteBar *self)
{
  GtkWidget *viewport = gtk_widget_get_parent (GTK_WIDGET (self)), *chip;
  GtkAdjustment *h;
  graphene_rect_t r;
  /* Clear of the arrow over that end (hb-window.ui: a circular button,
   * 34 px and 2 px in, shown while the palette runs on past it), which
   * covered the pick at 400 px (review), and of the focus ring. At the
   * ends the adjustment stops short of this and the arrow hides. */
  double value, page, margin = 44;

  if (self->tab_stop >= self->n_entries || !GTK_IS_SCROLLABLE (viewport)
      || (h = gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (viewport))) == NULL)
    return;
  watch_hadj (self, h);
  chip = self->buttons[self->tab_stop];
  if (gtk_widget_get_width (chip) == 0 || !gtk_widget_compute_bounds (chip, viewport, &r))
    {
      if (self->show_tick == 0)
        self->show_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), show_tab_stop_tick,
                                                        NULL, NULL);
      return;
    }
  value = gtk_adjustment_get_value (h);
  page = gtk_adjustment_get_page_size (h);
  if (r.origin.x < margin)
    value += r.origin.x - margin;
  else if (r.origin.x + r.size.width > page - margin)
    value += r.origin.x + r.size.width - page + margin;
  gtk_adjustment_set_value (h, value);
}

/* The palette is one Tab stop, as a radio group is: only entry `index`
 * takes the focus by Tab, the arrows move along the others (Flow Free's
 * Edit palette was 17 Tab stops between the sidebar and the board). */
static void
set_tab_stop (HbPaletteBar *self, int index)
{
  self->tab_stop = CLAMP (index, 0, MAX (self->n_entries - 1, 0));
  for (int i = 0; i < self->n_entries; i++)
    gtk_widget_set_focusable (self->buttons[i], i == self->tab_stop);
  show_tab_stop (self);
}

static int
index_of_id (HbPaletteBar *self, int id)
{
  for (int i = 0; i < self->n_entries; i++)
    if (self->entries[i].id == id)
      return i;
  return -1;
}

static void
select_id (HbPaletteBar *self, int id)
{
  if (self->selected == id)
    return;
  self->selected = id;
  if (index_of_id (self, id) >= 0)
    set_tab_stop (self, index_of_id (self, id));
  for (int i = 0; i < self->n_entries; i++)
    if (GTK_IS_TOGGLE_BUTTON (self->buttons[i]))
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->buttons[i]),
                                    self->entries[i].id == id);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}

static void
on_toggled (GtkToggleButton *button, HbPaletteBar *self)
{
  if (gtk_toggle_button_get_active (button))
    select_id (self, GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "hb-id")));
}

static void
on_clicked (GtkButton *button, HbPaletteBar *self)
{
  int id = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "hb-id"));

  set_tab_stop (self, index_of_id (self, id));
  g_signal_emit (self, signals[SIGNAL_ACTIVATED], 0, id);
}

/* Left and Right (Home and End) move along the palette: in Edit they
 * pick the entry, as a radio group's arrows do; in Play they only move
 * the focus, Space or Return then plays the colour. */
static gboolean
on_key (GtkEventControllerKey *key, guint keyval, guint keycode, GdkModifierType state,
        HbPaletteBar *self)
{
  int at = self->tab_stop, to;
  gboolean rtl = gtk_widget_get_direction (GTK_WIDGET (self)) == GTK_TEXT_DIR_RTL;

  if (self->n_entries == 0 || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK)))
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Left: case GDK_KEY_KP_Left:
      to = at + (rtl ? 1 : -1);
      break;
    case GDK_KEY_Right: case GDK_KEY_KP_Right:
      to = at + (rtl ? -1 : 1);
      break;
    case GDK_KEY_Home: case GDK_KEY_KP_Home:
      to = 0;
      break;
    case GDK_KEY_End: case GDK_KEY_KP_End:
      to = self->n_entries - 1;
      break;
    default:
      return FALSE;
    }
  to = CLAMP (to, 0, self->n_entries - 1);
  set_tab_stop (self, to);
  if (self->mode == HB_MODE_EDIT)
    select_id (self, self->entries[to].id);
  gtk_widget_grab_focus (self->buttons[to]);
  return TRUE;
}

static void
clear_buttons (HbPaletteBar *self)
{
  for (int i = 0; i < self->n_entries; i++)
    gtk_box_remove (GTK_BOX (self), self->buttons[i]);
  self->n_entries = 0;
}

static void
on_dark_changed (AdwStyleManager *manager, GParamSpec *pspec, HbPaletteBar *self)
{
  for (int i = 0; i < self->n_entries; i++)
    gtk_widget_queue_draw (gtk_button_get_child (GTK_BUTTON (self->buttons[i])));
}

int
hb_palette_bar_update (HbPaletteBar *self, const HbState *state, HbMode mode)
{
  HbPaletteEntry entries[HB_PALETTE_MAX];
  GtkToggleButton *group = NULL;
  int n = 0, old_selected;
  gboolean keep;

  g_return_val_if_fail (HB_IS_PALETTE_BAR (self), 0);

  /* Zeroed, so that entries compare bytewise past their names' ends. */
  memset (entries, 0, sizeof entries);
  if (state != NULL && state->game->palette != NULL)
    n = CLAMP (state->game->palette (state, mode, entries, HB_PALETTE_MAX),
               0, HB_PALETTE_MAX);

  keep = state != NULL && self->game == state->game && self->mode == mode
         && n == self->n_entries
         && memcmp (entries, self->entries, n * sizeof entries[0]) == 0;
  self->state = state;
  if (keep)
    {
      for (int i = 0; i < n; i++)
        gtk_widget_queue_draw (gtk_button_get_child (GTK_BUTTON (self->buttons[i])));
      return n;
    }

  /* The entry picked stays picked across a change of the level, not of
   * the game: the ids are the games' own (Flood-It's colour 1 was taken
   * for Infinite Loop's Empty after an Infinite Loop screenshot was pasted
   * over a Flood-It level, so the first click erased a tile). */
  /* And across Play: Edit, left for a try and back, picks the entry it
   * had (it went back to the first, and a designer picked it again
   * after every try: review). */
  if (state == NULL || self->game != state->game)
    self->edit_selected = -1;
  else if (self->mode == HB_MODE_EDIT)
    self->edit_selected = self->selected;
  old_selected = state != NULL && self->game == state->game
                 ? (mode == HB_MODE_EDIT ? self->edit_selected : self->selected) : -1;
  clear_buttons (self);
  self->game = state ? state->game : NULL;
  self->mode = mode;
  memcpy (self->entries, entries, n * sizeof entries[0]);
  self->n_entries = n;
  self->selected = -1;
  gtk_widget_set_visible (self->spacer, n == 0);

  for (int i = 0; i < n; i++)
    {
      GtkWidget *button, *swatch;

      swatch = gtk_drawing_area_new ();
      gtk_widget_set_size_request (swatch, SWATCH_SIZE, SWATCH_SIZE);
      g_object_set_data (G_OBJECT (swatch), "hb-palette-bar", self);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch,
                                      GINT_TO_POINTER (entries[i].id), NULL);
      if (mode == HB_MODE_EDIT)
        {
          button = gtk_toggle_button_new ();
          if (group != NULL)
            gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), group);
          else
            group = GTK_TOGGLE_BUTTON (button);
          g_signal_connect (button, "toggled", G_CALLBACK (on_toggled), self);
        }
      else
        {
          button = gtk_button_new ();
          g_signal_connect (button, "clicked", G_CALLBACK (on_clicked), self);
        }
      gtk_button_set_child (GTK_BUTTON (button), swatch);
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_add_css_class (button, "palette-entry");
      /* The digit key that picks it (win.palette). Flood-It's keys are
       * the digits its entries' names begin with ("1 Sky blue"): the
       * name says it ("1 Sky blue (2)" named the wrong key, and "(1)"
       * after it said it twice). */
      if (!state->game->palette_keys_from_zero && i < 9)
        {
          char *tip = g_strdup_printf ("%s (%d)", entries[i].name, i + 1);
          gtk_widget_set_tooltip_text (button, tip);
          g_free (tip);
        }
      else
        gtk_widget_set_tooltip_text (button, entries[i].name);
      /* The swatch is a drawing: screen readers get the entry's name. */
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      entries[i].name, -1);
      /* And where it is in the row: the palette is one Tab stop, and with
       * 88 colours "Colour ‘J’" alone does not say how far Left or Right
       * the others are. */
      gtk_accessible_update_relation (GTK_ACCESSIBLE (button),
                                      GTK_ACCESSIBLE_RELATION_POS_IN_SET, i + 1,
                                      GTK_ACCESSIBLE_RELATION_SET_SIZE, n, -1);
      g_object_set_data (G_OBJECT (button), "hb-id", GINT_TO_POINTER (entries[i].id));
      /* Before the spacer, which stays last. */
      gtk_box_insert_child_after (GTK_BOX (self), button,
                                  i > 0 ? self->buttons[i - 1] : NULL);
      self->buttons[i] = button;
    }

  set_tab_stop (self, 0);
  if (mode == HB_MODE_EDIT && n > 0)
    {
      int id = entries[0].id;
      for (int i = 0; i < n; i++)
        if (entries[i].id == old_selected)
          id = old_selected;
      select_id (self, id);
    }
  else if (old_selected != -1)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
  return n;
}

int
hb_palette_bar_get_n_entries (HbPaletteBar *self)
{
  g_return_val_if_fail (HB_IS_PALETTE_BAR (self), 0);
  return self->n_entries;
}

int
hb_palette_bar_get_selected (HbPaletteBar *self)
{
  g_return_val_if_fail (HB_IS_PALETTE_BAR (self), -1);
  return self->selected;
}

gboolean
hb_palette_bar_activate_index (HbPaletteBar *self, int index)
{
  g_return_val_if_fail (HB_IS_PALETTE_BAR (self), FALSE);
  if (index < 0 || index >= self->n_entries)
    return FALSE;
  if (self->mode == HB_MODE_EDIT)
    select_id (self, self->entries[index].id);
  else
    g_signal_emit (self, signals[SIGNAL_ACTIVATED], 0, self->entries[index].id);
  return TRUE;
}

gboolean
hb_palette_bar_select (HbPaletteBar *self, int id)
{
  g_return_val_if_fail (HB_IS_PALETTE_BAR (self), FALSE);
  if (self->mode != HB_MODE_EDIT || index_of_id (self, id) < 0)
    return FALSE;
  select_id (self, id);
  return TRUE;
}

static void
hb_palette_bar_get_property (GObject *object, guint prop_id, GValue *value,
                             GParamSpec *pspec)
{
  HbPaletteBar *self = HB_PALETTE_BAR (object);

  switch (prop_id)
    {
    case PROP_SELECTED:
      g_value_set_int (value, self->selected);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hb_palette_bar_dispose (GObject *object)
{
  HbPaletteBar *self = HB_PALETTE_BAR (object);

  g_signal_handlers_disconnect_by_data (adw_style_manager_get_default (), self);
  if (self->show_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->show_tick);
  self->show_tick = 0;
  watch_hadj (self, NULL);
  clear_buttons (self);
  self->state = NULL;
  G_OBJECT_CLASS (hb_palette_bar_parent_class)->dispose (object);
}

static void
hb_palette_bar_class_init (HbPaletteBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = hb_palette_bar_get_property;
  object_class->dispose = hb_palette_bar_dispose;

  properties[PROP_SELECTED] =
    g_param_spec_int ("selected", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_ACTIVATED] =
    g_signal_new ("activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
}

static void
hb_palette_bar_init (HbPaletteBar *self)
{
  self->selected = -1;
  self->edit_selected = -1;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_HORIZONTAL);
  gtk_box_set_spacing (GTK_BOX (self), 6);
  gtk_widget_set_halign (GTK_WIDGET (self), GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (GTK_WIDGET (self), "palette-bar");

  /* An empty bar is as tall as a full one: a game with a palette in one
   * mode only keeps the bar's row in the other (hb_window_update_palette),
   * so the board keeps its size between Edit and Play. The spacer is an
   * entry's button with nothing drawn, out of sight, reach and focus,
   * after the entries. */
  self->spacer = gtk_button_new ();
  {
    GtkWidget *swatch = gtk_drawing_area_new ();
    gtk_widget_set_size_request (swatch, SWATCH_SIZE, SWATCH_SIZE);
    gtk_button_set_child (GTK_BUTTON (self->spacer), swatch);
  }
  gtk_widget_add_css_class (self->spacer, "flat");
  gtk_widget_add_css_class (self->spacer, "palette-entry");
  gtk_widget_set_opacity (self->spacer, 0.0);
  gtk_widget_set_can_target (self->spacer, FALSE);
  gtk_widget_set_focusable (self->spacer, FALSE);
  gtk_widget_set_sensitive (self->spacer, FALSE);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->spacer),
                               GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  gtk_box_append (GTK_BOX (self), self->spacer);
  g_signal_connect (adw_style_manager_get_default (), "notify::dark",
                    G_CALLBACK (on_dark_changed), self);
  {
    GtkEventController *key = gtk_event_controller_key_new ();
    g_signal_connect (key, "key-pressed", G_CALLBACK (on_key), self);
    gtk_widget_add_controller (GTK_WIDGET (self), key);
  }
}

GtkWidget *
hb_palette_bar_new (void)
{
  return g_object_new (HB_TYPE_PALETTE_BAR, NULL);
}
