/* hb-window-header.c: the header bar's title (name, modified mark, game)
 * and its mode buttons in a narrow window.
 * Wide, Edit and Play are a linked pair of labelled toggles. Narrow, they
 * are icons, and only the one that changes the mode shows (the pencil in
 * Play, the game pad in Edit): the pair and the level chooser left the
 * title about three letters at 400 px beside minimise, maximise and
 * Close ("Lev…": review); the mode the level is in shows in the board's
 * own words, its palette and the subtitle ("Editing Enlight"). E and P
 * still switch, and the button's tooltip names its key. Alone, it is flat,
 * an action as the header's other icons are, not a toggle that looks
 * switched on. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "hb-window-private.h"
#include "hb-menu-tooltip.h"

/* The narrow header shows the button to the other mode only. */
static void
update_mode_buttons (HbWindow *self)
{
  gboolean edit = self->mode == HB_MODE_EDIT;
  GtkWidget *edit_button = GTK_WIDGET (self->edit_button);
  GtkWidget *play_button = GTK_WIDGET (self->play_button);
  GtkWidget *shown = edit ? play_button : edit_button;
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  gboolean had_focus = focus != NULL
                       && (focus == edit_button || focus == play_button);

  gtk_widget_set_visible (edit_button, !self->narrow || !edit);
  gtk_widget_set_visible (play_button, !self->narrow || edit);
  /* A button pressed by keyboard hides itself: the focus goes on to the
   * one shown in its place, not off to the window. */
  if (self->narrow && had_focus && !gtk_widget_has_focus (shown))
    gtk_widget_grab_focus (shown);
}

static void
on_mode (GObject *object, GParamSpec *pspec, gpointer data)
{
  update_mode_buttons (HB_WINDOW (object));
  hb_window_update_title (HB_WINDOW (object));
}

void
hb_window_header_set_narrow (HbWindow *self, gboolean narrow)
{
  GtkWidget *pair = gtk_widget_get_parent (GTK_WIDGET (self->edit_button));

  /* Alone, the button is flat as the header's other icons: linked, it
   * kept a button's grey, the look of a header toggle that is on, so the
   * pencil in Play read as "editing" (review). */
  if (narrow)
    {
      gtk_widget_remove_css_class (pair, "linked");
      gtk_button_set_icon_name (GTK_BUTTON (self->edit_button), "document-edit-symbolic");
      /* A game pad, not ▶: that is the solver player's Play. */
      gtk_button_set_icon_name (GTK_BUTTON (self->play_button), "input-gaming-symbolic");
      /* Icons only: their names for screen readers. */
      /* TRANSLATORS: the accessible names of the Edit and Play buttons when
       * they show an icon only (a narrow window) */
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->edit_button),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      C_("mode", "Edit"), -1);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->play_button),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      C_("mode", "Play"), -1);
    }
  else
    {
      gtk_widget_add_css_class (pair, "linked");
      gtk_button_set_label (GTK_BUTTON (self->edit_button), _("_Edit"));
      gtk_button_set_label (GTK_BUTTON (self->play_button), _("_Play"));
      gtk_button_set_use_underline (GTK_BUTTON (self->edit_button), TRUE);
      gtk_button_set_use_underline (GTK_BUTTON (self->play_button), TRUE);
      gtk_accessible_reset_property (GTK_ACCESSIBLE (self->edit_button),
                                     GTK_ACCESSIBLE_PROPERTY_LABEL);
      gtk_accessible_reset_property (GTK_ACCESSIBLE (self->play_button),
                                     GTK_ACCESSIBLE_PROPERTY_LABEL);
    }
  update_mode_buttons (self);
  hb_window_update_title (self);
}

void
hb_window_update_title (HbWindow *self)
{
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;
  const HbGame *game;
  gboolean modified;
  gsize len, cut;

  /* A window opened narrow is narrowed before it has a level. */
  if (self->document == NULL || (game = hb_document_get_game (self->document)) == NULL)
    return;
  name = hb_document_dup_display_name (self->document);
  modified = hb_document_get_modified (self->document);
  title = modified ? g_strdup_printf ("%s •", name) : g_strdup (name);
  gtk_window_set_title (GTK_WINDOW (self), title);
  /* Narrow, the header leaves the name about ten letters: the game's own
   * ending goes, as the subtitle names the game ("lights-03-5x5.lights"
   * read "ligh…ghts" at 400 px: review). The window's own title, which
   * other programs show, keeps it. */
  len = strlen (name);
  cut = game->extension != NULL ? strlen (game->extension) : 0;
  if (self->narrow && cut > 0 && len > cut && g_str_has_suffix (name, game->extension))
    {
      name[len - cut] = '\0';
      g_free (title);
      title = modified ? g_strdup_printf ("%s •", name) : g_strdup (name);
    }
  adw_window_title_set_title (self->window_title, title);
  /* Narrow, the one mode button shows the other mode, and a board being
   * drawn looks as one being played (Enlight's has no palette): the
   * subtitle says Edit mode (review: only the icon told). */
  if (self->narrow && self->mode == HB_MODE_EDIT)
    {
      /* TRANSLATORS: the narrow window's subtitle in Edit mode, "Editing
       * Enlight"; the mode first, as a long name loses its end */
      g_autofree char *sub = g_strdup_printf (_("Editing %s"), _(game->name));
      adw_window_title_set_subtitle (self->window_title, sub);
    }
  else
    adw_window_title_set_subtitle (self->window_title, _(game->name));
}

void
hb_window_header_init (HbWindow *self)
{
  GtkLabel *title = (GtkLabel *) hb_window_find_styled (GTK_WIDGET (self->window_title),
                                                       GTK_TYPE_LABEL, "title");

  g_signal_connect (self, "notify::mode", G_CALLBACK (on_mode), NULL);
  /* A long name loses its middle, not its end: at 400 px the unsaved
   * mark after it ("loop_01_fullscreen •") went with the end (review). */
  if (title != NULL)
    gtk_label_set_ellipsize (title, PANGO_ELLIPSIZE_MIDDLE);
  /* The menu buttons' tooltips, off while their menus are open (one
   * covered the menu's first row: a newcomer's look). */
  hb_menu_button_quiet_tooltip (self->levels_button);
  hb_menu_button_quiet_tooltip (self->main_menu_button);
  hb_menu_button_quiet_tooltip (GTK_MENU_BUTTON (self->columns_button));
  hb_menu_button_quiet_tooltip (GTK_MENU_BUTTON (self->rows_button));
}
