/* hb-window-focus.c: where the keys go after a popover closes or the
 * control that had them is greyed out: to the board, which the pick or
 * the step changed. */
#include "config.h"

#include "hb-window-private.h"

/* The focus lost with a control that the last action greyed out (Undo's
 * button after the last undo) goes to the board: GTK left it nowhere,
 * with no ring, and the next Tab started over at the top. */
void
hb_window_focus_board_if_lost (HbWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  if ((focus == NULL || !gtk_widget_is_sensitive (focus))
      && gtk_widget_get_mapped (GTK_WIDGET (self->board_view)))
    gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
}

/* The keys to the board, or, while the sidebar covers it (a narrow
 * window with the sidebar shown over the board, whose side then takes no
 * focus: on_flap_cover), to the sidebar's first control. A pick in a
 * submenu of the main menu (Game, Style, Open Recent) left them in the
 * hidden popover when the board could not take them, and every key did
 * nothing until a click (a newcomer's look at 400 px). */
static void
focus_board_or_sidebar (HbWindow *self)
{
  GtkWidget *board = GTK_WIDGET (self->board_view);
  GtkWidget *side = adw_flap_get_flap (self->flap);

  if (gtk_widget_get_mapped (board)
      && gtk_widget_get_can_focus (adw_flap_get_content (self->flap))
      && gtk_widget_grab_focus (board))
    return;
  if (side != NULL && adw_flap_get_reveal_flap (self->flap) && gtk_widget_get_mapped (side))
    gtk_widget_child_focus (side, GTK_DIR_TAB_FORWARD);
}

/* How long after a popover closes the focus given back to its button is
 * taken on to the board. GTK gives it back when the popover's surface
 * has gone, which on a loaded machine (an ASan run in CI) came after the
 * idle that moved it on, and the keys stayed on the Levels button. */
#define FOCUS_WATCH_MS 2000

static gboolean
focus_on_button (HbWindow *self, GtkWidget *focus)
{
  return focus != NULL && (focus == self->focus_from
                           || gtk_widget_is_ancestor (focus, self->focus_from));
}

void
hb_window_focus_watch_stop (HbWindow *self)
{
  if (self->focus_from_handler != 0)
    g_signal_handler_disconnect (self, self->focus_from_handler);
  self->focus_from_handler = 0;
  g_clear_handle_id (&self->focus_from_timeout, g_source_remove);
  self->focus_from = NULL;
}

static gboolean
focus_watch_end (gpointer data)
{
  HbWindow *self = data;

  self->focus_from_timeout = 0;
  hb_window_focus_watch_stop (self);
  return G_SOURCE_REMOVE;
}

/* The focus came back to the button (or into its popover, from an idle
 * of its own): on to the board, unless the popover is open again. */
static void
on_focus_moved (HbWindow *self, GParamSpec *pspec, gpointer data)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  GtkWidget *button = self->focus_from;
  GtkWidget *popover;

  if (button == NULL || !focus_on_button (self, focus))
    return;
  /* Open again: the menu button's popover, or the game chooser's list
   * (a GtkDropDown's popover is its own). */
  popover = gtk_widget_get_ancestor (focus, GTK_TYPE_POPOVER);
  if ((GTK_IS_MENU_BUTTON (button)
       && gtk_widget_get_visible (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button)))))
      || (popover != NULL && gtk_widget_get_mapped (popover)))
    {
      hb_window_focus_watch_stop (self);
      return;
    }
  focus_board_or_sidebar (self);
}

/* The watch's time runs from here, once the item picked has done its
 * work: a pick that held the main loop up longer than FOCUS_WATCH_MS
 * (the first switch to a game on a loaded machine) ended a watch begun
 * as the popover closed before this ran, and the keys stayed in the
 * hidden popover until a click. */
static gboolean
focus_board_idle (gpointer data)
{
  HbWindow *self = data;
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  if (self->disposed || self->focus_from == NULL)
    return G_SOURCE_REMOVE;
  g_clear_handle_id (&self->focus_from_timeout, g_source_remove);
  self->focus_from_timeout = g_timeout_add (FOCUS_WATCH_MS, focus_watch_end, self);
  if (focus == NULL || focus_on_button (self, focus))
    focus_board_or_sidebar (self);
  return G_SOURCE_REMOVE;
}

/* Once the popover of `button` has closed and given the focus back to
 * it, the board takes the focus (unless something else took it): at
 * once if it is back already, and whenever it comes back within
 * FOCUS_WATCH_MS of the main loop's first idle moment after the pick. */
void
hb_window_focus_board_after_popover (HbWindow *self, GtkWidget *button)
{
  hb_window_focus_watch_stop (self);
  self->focus_from = button;
  self->focus_from_handler = g_signal_connect (self, "notify::focus-widget",
                                               G_CALLBACK (on_focus_moved), NULL);
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, focus_board_idle, g_object_ref (self), g_object_unref);
}

/* The keys on a control of the sidebar, not on its scroller itself. */
static gboolean
keys_in_side (HbWindow *self, GtkWidget *side)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  return focus != NULL && focus != side && gtk_widget_is_ancestor (focus, side);
}

static void
focus_side (HbWindow *self, GtkWidget *side)
{
  if (gtk_root_get_focus (GTK_ROOT (self)) == side)
    gtk_root_set_focus (GTK_ROOT (self), NULL);
  gtk_widget_child_focus (side, GTK_DIR_TAB_FORWARD);
}

/* With animations on, the sidebar's controls are not shown yet as it
 * starts to slide in, and its scroller took the keys itself: no ring,
 * and the next Tab went to the header (a keyboard-only look at 400 px;
 * the tests run without animations). Once they show, the first takes
 * them, unless the keys went elsewhere meanwhile. */
static void
on_flap_progress (AdwFlap *flap, GParamSpec *pspec, HbWindow *self)
{
  GtkWidget *side = adw_flap_get_flap (flap);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  gboolean covered = adw_flap_get_folded (flap) && adw_flap_get_reveal_flap (flap);

  if (covered && (focus == NULL || focus == side))
    focus_side (self, side);
  if (!covered || keys_in_side (self, side) || adw_flap_get_reveal_progress (flap) >= 1.0
      || (focus != NULL && focus != side))
    g_signal_handlers_disconnect_by_func (flap, on_flap_progress, self);
}

/* While the sidebar covers the board (a narrow window with the sidebar
 * shown over it), the covered side takes no focus: Tab went on to the
 * hidden board and the player's buttons under it, and Enter turned a
 * tile no one saw (review). The keys go into the sidebar as it opens
 * over the board, and back to the board as it closes. */
static void
on_flap_cover (AdwFlap *flap, GParamSpec *pspec, HbWindow *self)
{
  gboolean covered = adw_flap_get_folded (flap) && adw_flap_get_reveal_flap (flap);
  GtkWidget *content = adw_flap_get_content (flap), *side = adw_flap_get_flap (flap);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  if (covered == !gtk_widget_get_can_focus (content))
    return;
  gtk_widget_set_can_focus (content, !covered);
  if (pspec == NULL)
    return;
  if (covered && (focus == NULL || !gtk_widget_is_ancestor (focus, side)))
    {
      focus_side (self, side);
      g_signal_handlers_disconnect_by_func (flap, on_flap_progress, self);
      if (!keys_in_side (self, side))
        g_signal_connect (flap, "notify::reveal-progress", G_CALLBACK (on_flap_progress), self);
    }
  else if (!covered && !adw_flap_get_reveal_flap (flap)
           && (focus == NULL || gtk_widget_is_ancestor (focus, side))
           && gtk_widget_get_mapped (GTK_WIDGET (self->board_view)))
    gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
}

void
hb_window_focus_init (HbWindow *self)
{
  g_signal_connect (self->flap, "notify::folded", G_CALLBACK (on_flap_cover), self);
  g_signal_connect (self->flap, "notify::reveal-flap", G_CALLBACK (on_flap_cover), self);
  on_flap_cover (self->flap, NULL, self);
}

/* F6, GNOME's key between a window's panes: from the board to the
 * sidebar's first control, from anywhere else (the header, the sidebar,
 * nowhere) to the board. The board came after every header button and
 * sidebar control by Tab: 28 presses with a solver's settings open (a
 * newcomer's look). */
static void
action_focus_pane (GtkWidget *widget, const char *name, GVariant *param)
{
  HbWindow *self = HB_WINDOW (widget);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  GtkWidget *board = GTK_WIDGET (self->board_view);
  GtkWidget *sidebar = GTK_WIDGET (self->sidebar_scroller);
  gboolean on_board = focus != NULL && (focus == board || gtk_widget_is_ancestor (focus, board));
  int x, y;

  /* Only a board that shows its cursor has the keys as the player sees
   * it. The window opens with the focus on the board unseen (a click
   * leaves it so too), and the first F6 ("go to the board") went on to
   * the sidebar's Width, where the next arrow made the level a column
   * wider (a newcomer's look): that F6 shows the cursor instead. */
  hb_board_view_get_cursor (self->board_view, &x, &y);
  if (on_board && x >= 0 && adw_flap_get_reveal_flap (self->flap) && gtk_widget_get_mapped (sidebar)
      && gtk_widget_child_focus (sidebar, GTK_DIR_TAB_FORWARD))
    return;
  if (gtk_widget_get_mapped (board) && gtk_widget_grab_focus (board))
    {
      hb_board_view_get_cursor (self->board_view, &x, &y);
      if (x < 0)
        hb_board_view_move_cursor (self->board_view, 0, 0);
    }
}

void
hb_window_class_install_focus_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.focus-pane", NULL, action_focus_pane);
}

/* ---- A message dialog's default response keeps the focus ------------ */

/* libadwaita 1.2 stacks a message dialog's responses when the window is
 * narrow (under about 450 px), the last one on top, and the focus then
 * starts on that top button whatever the default: "File Changed on Disk"
 * had Save Anyway focused, so Enter wrote over the other program's
 * changes (its default is Cancel), and a doubtful picture's question had
 * Import Anyway (review). Once the dialog is laid out, a focus on a
 * response that is not the default goes to the default.
 *
 * "Once laid out" is counted in frames, not time: a check 50 ms after the
 * map ran before the first layout on a loaded machine (the CI under
 * AddressSanitizer beside other work), and the stacking then moved the
 * focus after it (test_save_changed_narrow_focus, 1 run in 5 with six busy
 * loops beside it). The check runs at each of the first frames after the
 * map, each frame's after the layout of the one before. */
#define FOCUS_FRAMES 6

static gboolean
focus_default_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  GtkWindow *dialog = GTK_WINDOW (widget);
  GtkWidget *def = gtk_window_get_default_widget (dialog);
  GtkWidget *focus = gtk_window_get_focus (dialog);
  guint *frames = data;

  if (def != NULL && focus != def && (focus == NULL || GTK_IS_BUTTON (focus))
      && gtk_widget_get_mapped (def))
    gtk_widget_grab_focus (def);
  return ++*frames < FOCUS_FRAMES ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

static void
on_message_dialog_map (GtkWidget *dialog)
{
  gtk_widget_add_tick_callback (dialog, focus_default_tick, g_new0 (guint, 1), g_free);
}

void
hb_message_dialog_focus_default (AdwMessageDialog *dialog)
{
  g_signal_connect_after (dialog, "map", G_CALLBACK (on_message_dialog_map), NULL);
}
