/* hb-window-choosers.c: the sidebar's choosers: the game (a drop-down of
 * the registry's games; choosing one asks about unsaved changes, then
 * starts a blank level of it), the board's size and colour count, which
 * follow the level and remember the size in the settings, and the level's
 * own number where the game has one (Flood-It's move limit). */
#include "config.h"

#include <glib/gi18n.h>

#include "hb-window-private.h"
#include "hb-registry.h"
#include "hb-stat-label.h"

/* In Play, Width, Height and Colours only shape the next new level, so
 * they fold into one row, New Levels, that says what they hold ("10 × 10,
 * 6 colours"; until 2026-12-06 they were three rows of their own, titled
 * "Width of New Levels" and so on): the sidebar then leads with the level
 * being played, and its Solver and Hints groups come up by two rows (on a
 * 780-px Flow Free window Show Hints was at the fold). In Edit they are
 * the board's own size, in the group as before. The rows move between the
 * group's list and the fold; the fold keeps whether it was opened. */
static void
new_levels_summary (HbWindow *self)
{
  int w = (int) gtk_adjustment_get_value (self->width_adjustment);
  int h = (int) gtk_adjustment_get_value (self->height_adjustment);
  int c = (int) gtk_adjustment_get_value (self->colours_adjustment);
  g_autofree char *text = NULL;

  if (self->new_levels_row == NULL)
    return;
  if (gtk_widget_get_visible (self->colours_row))
    /* TRANSLATORS: the size and colour count of the next new level. */
    text = g_strdup_printf (g_dngettext (NULL, "%d × %d, %d colour", "%d × %d, %d colours",
                                         (gulong) c), w, h, c);
  else
    /* TRANSLATORS: a board's size, columns × rows */
    text = g_strdup_printf (_("%d × %d"), w, h);
  adw_expander_row_set_subtitle (self->new_levels_row, text);
}

static void
refocus (GtkWidget *widget)
{
  if (ADW_IS_EXPANDER_ROW (widget))
    {
      /* Its own row, which libadwaita styles "header" (the fold itself
       * takes no focus that shows). */
      GtkWidget *header = hb_window_find_styled (widget, ADW_TYPE_ACTION_ROW, "header");

      if (header != NULL)
        gtk_widget_grab_focus (header);
    }
  else
    gtk_widget_child_focus (widget, GTK_DIR_TAB_FORWARD);
}

static void
fold_new_level_rows (HbWindow *self, gboolean play)
{
  GtkWidget *rows[] = {
    GTK_WIDGET (self->width_row), GTK_WIDGET (self->height_row), self->colours_row,
  };
  GtkWidget *fold = GTK_WIDGET (self->new_levels_row);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  int focused = -1;

  if (fold == NULL || rows[0] == NULL || rows[1] == NULL)
    return;
  if (gtk_widget_is_ancestor (rows[0], fold) != play)
    for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
      {
        if (focus != NULL && gtk_widget_is_ancestor (focus, rows[i]))
          {
            /* Unset first: a focused row that moves leaves the focus on
             * the list it left (review). */
            focused = (int) i;
            gtk_root_set_focus (GTK_ROOT (self), NULL);
          }
        g_object_ref (rows[i]);
        if (play)
          {
            adw_preferences_group_remove (self->board_group, rows[i]);
            adw_expander_row_add_row (self->new_levels_row, rows[i]);
          }
        else
          {
            adw_expander_row_remove (self->new_levels_row, rows[i]);
            /* Back at the top of the group's list, in their order (the
             * group itself only appends), the hidden fold after them: a
             * hidden first row still counts as the list's first, and
             * Width sat 2 px lower under it. */
            gtk_list_box_insert (GTK_LIST_BOX (gtk_widget_get_parent (fold)), rows[i], (int) i);
          }
        g_object_unref (rows[i]);
      }
  gtk_widget_set_visible (fold, play);
  new_levels_summary (self);
  /* A field that had the focus (Ctrl+N typed in Width, say) keeps it
   * where it is still shown, else the fold's own row takes it. */
  if (focused >= 0)
    refocus (!play || adw_expander_row_get_expanded (self->new_levels_row) ? rows[focused] : fold);
}

/* Width and Height are the board's in Edit, where they resize it. In Play
 * the level is the one being played: there they are the size of the next
 * new level (New and Random), in the New Levels fold; a value chosen there
 * stays through the moves played, until another level comes or the mode
 * changes. They resized the played level in Play too, its moves gone, and
 * an arrow key meant for the board that reached Width made the level a
 * column wider (two reviews). */
void
hb_window_update_size_controls (HbWindow *self)
{
  const HbState *s = hb_window_current (self);
  const HbGame *game = hb_document_get_game (self->document);
  int max_side = MAX (game->max_ui_side, 1);
  gboolean play = self->mode == HB_MODE_PLAY;

  self->updating = TRUE;
  self->size_chosen = self->size_chosen && play;
  if (!self->size_chosen)
    {
      gtk_adjustment_set_upper (self->width_adjustment, MAX (max_side, s->width));
      gtk_adjustment_set_upper (self->height_adjustment, MAX (max_side, s->height));
      gtk_adjustment_set_value (self->width_adjustment, s->width);
      gtk_adjustment_set_value (self->height_adjustment, s->height);
    }
  hb_window_edges_update (self);
  /* The colour count is offered only by games that have one, and starts at
   * the game's default each time the game changes. Its range is the one
   * generate --colours takes (Flow Free's 1, for a board one cell wide,
   * was not offered: the field started at 2); a count the board cannot
   * take is a toast saying why, as too many colours are. */
  gtk_widget_set_visible (self->colours_row, game->max_colours > 0);
  if (game->max_colours > 0 && self->colours_game != game)
    {
      gtk_adjustment_set_lower (self->colours_adjustment, MAX (game->min_colours, 1));
      gtk_adjustment_set_upper (self->colours_adjustment, game->max_colours);
      gtk_adjustment_set_value (self->colours_adjustment, game->default_colours);
      self->colours_game = game;
    }
  /* The level's own number (Flood-It's move limit), as the level has it. */
  gtk_widget_set_visible (GTK_WIDGET (self->number_row), game->level_number.get != NULL);
  if (game->level_number.get != NULL)
    {
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->number_row),
                                     _(game->level_number.title));
      adw_action_row_set_subtitle (self->number_row, game->level_number.subtitle
                                   ? _(game->level_number.subtitle) : NULL);
      gtk_adjustment_configure (self->number_adjustment, game->level_number.get (s),
                                game->level_number.min, game->level_number.max, 1, 5, 0);
    }
  fold_new_level_rows (self, play);
  self->updating = FALSE;
}

/* Another level, or the other mode: Width and Height show the board's
 * size again. */
void
hb_window_size_controls_follow (HbWindow *self)
{
  self->size_chosen = FALSE;
  if (hb_window_current (self) != NULL)
    hb_window_update_size_controls (self);
}

void
hb_window_select_game_in_dropdown (HbWindow *self)
{
  const HbGame *const *games = hb_registry_games ();

  self->updating = TRUE;
  for (guint i = 0; games[i] != NULL; i++)
    if (games[i] == hb_document_get_game (self->document))
      gtk_drop_down_set_selected (self->game_dropdown, i);
  self->updating = FALSE;
}

static void
on_game_selected (GtkDropDown *dropdown, GParamSpec *pspec, HbWindow *self)
{
  const HbGame *const *games = hb_registry_games ();
  guint i = gtk_drop_down_get_selected (dropdown);

  if (self->updating || i == GTK_INVALID_LIST_POSITION
      || games[i] == hb_document_get_game (self->document))
    return;
  /* Back to the open game until the user agreed to leave the level. */
  hb_window_select_game_in_dropdown (self);
  hb_window_new_level_of (self, games[i]);
  /* The keys go on to the new board, as after a pick in the Levels
   * popover or the main menu: they stayed on the chooser, and Space,
   * meant for the board, opened its list again (a newcomer's look). */
  hb_window_focus_board_after_popover (self, GTK_WIDGET (dropdown));
}

static void
on_size_changed (GtkAdjustment *adjustment, HbWindow *self)
{
  const HbGame *game = hb_document_get_game (self->document);
  const HbState *s;
  HbState *resized;
  g_autofree char *lost = NULL;
  int w, h;

  if (self->updating || hb_window_current (self) == NULL)
    return;
  /* The level as drawn changes, in Edit; in Play the size is the next new
   * level's (hb_window_update_size_controls). */
  s = hb_document_get_design (self->document);
  w = (int) gtk_adjustment_get_value (self->width_adjustment);
  h = (int) gtk_adjustment_get_value (self->height_adjustment);
  g_settings_set_int (self->settings, "board-width", CLAMP (w, 1, SETTINGS_MAX_SIDE));
  g_settings_set_int (self->settings, "board-height", CLAMP (h, 1, SETTINGS_MAX_SIDE));
  if (self->mode == HB_MODE_PLAY)
    {
      self->size_chosen = TRUE;
      return;
    }
  if (w == s->width && h == s->height)
    return;
  resized = game->resize (s, w, h, 0, 0);
  if (resized == NULL)
    return;
  /* What a smaller board cut off: grown back to the old size, the board
   * is not the old one. Said, with Undo at hand (a reviewer lost five of
   * Flow Free's dots to a typed height without a word). */
  lost = hb_game_resize_cut (s, resized, 0, 0);
  hb_document_push_design (self->document, resized);
  if (lost != NULL)
    {
      /* TRANSLATORS: what the game says was cut off: "The smaller board
       * cut off 12 lit cells", "… cut off dots of red and blue" */
      g_autofree char *text = g_strdup_printf (_("The smaller board cut off %s"), lost);

      hb_window_show_undo_toast (self, text);
    }
}

/* A toast with Undo for the change just made, which threw something
 * away. Its Undo is for that change only: the toast goes with the next
 * change (an edit within its 5 s was undone instead, and a resize's cut
 * rows stayed lost; hb_window_play_drop_stale_toasts). */
void
hb_window_show_undo_toast (HbWindow *self, const char *text)
{
  g_clear_object (&self->cut_toast);
  self->cut_toast = g_object_ref (hb_window_show_toast_button (self, text, _("_Undo"),
                                                               "win.undo", 5));
  self->cut_serial = hb_document_get_serial (self->document);
}

/* The Board group's level number changed: one edit, undone as any other. */
static void
on_number_changed (GtkAdjustment *adjustment, HbWindow *self)
{
  const HbGame *game = hb_document_get_game (self->document);
  const HbState *s = hb_document_get_design (self->document);   /* see on_size_changed */
  HbState *changed;
  HbMove move;

  if (self->updating || s == NULL || game->level_number.get == NULL)
    return;
  move = (HbMove) { game->level_number.set_op, 0, 0,
                    (gint32) gtk_adjustment_get_value (adjustment) };
  if (move.value == game->level_number.get (s))
    return;
  changed = game->apply (s, &move);
  if (changed == NULL)
    return;
  hb_document_push_design (self->document, changed);
}

gboolean
hb_window_select_game (HbWindow *self, const char *id)
{
  const HbGame *const *games = hb_registry_games ();

  g_return_val_if_fail (HB_IS_WINDOW (self), FALSE);
  for (guint i = 0; games[i] != NULL; i++)
    if (g_strcmp0 (games[i]->id, id) == 0)
      {
        /* notify::selected runs on_game_selected, as a click would. */
        gtk_drop_down_set_selected (self->game_dropdown, i);
        return TRUE;
      }
  return FALSE;
}

/* Only digits go into the board's number fields (a field's "numeric"
 * property let a typed letter through here). */
static void
on_spin_insert (GtkEditable *editable, const char *text, int length, int *position,
                gpointer data)
{
  for (int i = 0; length < 0 ? text[i] != '\0' : i < length; i++)
    if (!g_ascii_isdigit (text[i]))
      {
        g_signal_stop_emission_by_name (editable, "insert-text");
        gtk_widget_error_bell (GTK_WIDGET (editable));
        return;
      }
}

/* A number typed into a Board field out of its range is refused with a
 * toast in the words a solver setting's refusal has ("Width: 0 is out of
 * range, from 1 to 64"); the field shows the value in force again. It
 * went back without a word, and a newcomer who typed 0 or 100 into Width
 * saw nothing happen and no reason (review). Text that is no number
 * keeps GTK's own handling (the last value back). */
static int
on_board_spin_input (GtkSpinButton *spin, double *new_value, HbWindow *self)
{
  GtkAdjustment *adjustment = gtk_spin_button_get_adjustment (spin);
  g_autofree char *typed = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (spin))));
  double lower = gtk_adjustment_get_lower (adjustment);
  double upper = gtk_adjustment_get_upper (adjustment);
  g_autofree char *title = NULL, *lo = NULL, *hi = NULL, *message = NULL;
  GtkWidget *row;
  guint64 v;
  gboolean big = FALSE;

  if (*typed == '\0')
    return FALSE;
  for (const char *p = typed; *p != '\0'; p++)
    if (!g_ascii_isdigit (*p))
      return FALSE;
  /* All digits: a number too long for 64 bits is out of range too. */
  if (!g_ascii_string_to_unsigned (typed, 10, 0, G_MAXUINT64, &v, NULL))
    big = TRUE;
  if (!big && (double) v >= lower && (double) v <= upper)
    {
      /* A refusal's toast goes with a new value taken after it ("Width: 0
       * is out of range" stayed over the 7-wide board); the value in
       * force, put back by the refusal, comes here again as the field
       * loses the focus, and keeps it. */
      if ((double) v != gtk_adjustment_get_value (adjustment)
          && self->settings_toast != NULL
          && self->settings_toast == g_object_get_data (G_OBJECT (self), "board-refusal"))
        adw_toast_dismiss (self->settings_toast);
      *new_value = (double) v;
      return TRUE;
    }
  row = gtk_widget_get_ancestor (GTK_WIDGET (spin), ADW_TYPE_PREFERENCES_ROW);
  title = g_strdup (row != NULL ? adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)) : "");
  /* The row's title carries its mnemonic ("_Width"). */
  {
    char *w = title;
    for (const char *r = title; *r != '\0'; r++)
      if (*r != '_' || r[1] == '_')
        *w++ = *r == '_' ? *++r : *r;
    *w = '\0';
  }
  lo = hb_format_count ((gint64) lower);
  hi = hb_format_count ((gint64) upper);
  message = g_strdup_printf (_("%s: %s is out of range, from %s to %s"), title, typed, lo, hi);
  hb_window_show_settings_toast (self, message);
  g_object_set_data (G_OBJECT (self), "board-refusal", self->settings_toast);
  return GTK_INPUT_ERROR;
}

/* Every spin button of the Board group (size, colours, level number) takes
 * the mouse wheel only once it has the focus, as the solver's settings do:
 * the wheel over an unfocused one scrolls the sidebar. */
static void
guard_spin_buttons (HbWindow *self, GtkWidget *widget)
{
  if (GTK_IS_SPIN_BUTTON (widget))
    {
      GtkAdjustment *adjustment = gtk_spin_button_get_adjustment (GTK_SPIN_BUTTON (widget));
      GtkWidget *row = gtk_widget_get_ancestor (widget, ADW_TYPE_PREFERENCES_ROW);

      if (adjustment == self->width_adjustment)
        self->width_row = ADW_PREFERENCES_ROW (row);
      else if (adjustment == self->height_adjustment)
        self->height_row = ADW_PREFERENCES_ROW (row);
      hb_spin_button_wheel_needs_focus (GTK_SPIN_BUTTON (widget));
      /* Width and Height alike: no selection left behind by Tab. */
      hb_spin_button_deselect_on_leave (GTK_SPIN_BUTTON (widget));
      /* Digits only, and text that is no number puts the last value
       * back: a shortcut letter typed into the focused field ("p9") was
       * read as 0 and cut the board to one column. */
      gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (widget), TRUE);
      gtk_spin_button_set_update_policy (GTK_SPIN_BUTTON (widget), GTK_UPDATE_IF_VALID);
      g_signal_connect (gtk_editable_get_delegate (GTK_EDITABLE (widget)), "insert-text",
                        G_CALLBACK (on_spin_insert), NULL);
      g_signal_connect (widget, "input", G_CALLBACK (on_board_spin_input), self);
      return;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    guard_spin_buttons (self, c);
}

/* The main menu offers the games in a narrow window, where the chooser is
 * hidden: in a submenu, Game (the four as rows of their own made the menu
 * taller than a 768-px screen at 400 px wide: its last rows were cut). */
void
hb_window_game_menu_set (HbWindow *self, gboolean narrow)
{
  GMenuModel *choices = g_object_get_data (G_OBJECT (self), "game-choices");

  hb_window_action_set_enabled (self, "choose-game", narrow);
  g_menu_remove_all (self->game_menu);
  if (narrow && choices != NULL)
    g_menu_append_submenu (self->game_menu, _("_Game"), choices);
}

void
hb_window_choosers_init (HbWindow *self)
{
  const HbGame *const *games = hb_registry_games ();
  GtkStringList *names = gtk_string_list_new (NULL);
  GMenu *choices = g_menu_new ();

  for (int i = 0; games[i] != NULL; i++)
    {
      /* The size chooser remembers sizes in the schema's range. */
      g_warn_if_fail (games[i]->max_ui_side <= SETTINGS_MAX_SIDE);
      gtk_string_list_append (names, _(games[i]->name));
      /* The same choice in the main menu's Game submenu, for a window too
       * narrow for the chooser (hb_window_game_menu_set). */
      {
        GMenuItem *item = g_menu_item_new (_(games[i]->name), NULL);
        g_menu_item_set_action_and_target_value (item, "win.choose-game",
                                                 g_variant_new_string (games[i]->id));
        g_menu_append_item (choices, item);
        g_object_unref (item);
      }
    }
  g_object_set_data_full (G_OBJECT (self), "game-choices", choices, g_object_unref);
  hb_window_game_menu_set (self, self->narrow);
  gtk_drop_down_set_model (self->game_dropdown, G_LIST_MODEL (names));
  g_object_unref (names);
  g_signal_connect (self->game_dropdown, "notify::selected",
                    G_CALLBACK (on_game_selected), self);

  g_signal_connect (self->width_adjustment, "value-changed",
                    G_CALLBACK (on_size_changed), self);
  g_signal_connect (self->height_adjustment, "value-changed",
                    G_CALLBACK (on_size_changed), self);
  g_signal_connect (self->number_adjustment, "value-changed",
                    G_CALLBACK (on_number_changed), self);
  guard_spin_buttons (self, GTK_WIDGET (self->board_group));
  /* In Edit, Width and Height end in their ⋮ menus (hb-window-edges.c):
   * the rows below them end in a blank as wide, shown with the menus, so
   * that every field of the group lines up (Colours' and Move limit's sat
   * 40 px to the right of Width's). */
  {
    GtkSizeGroup *widths = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
    AdwActionRow *rows[] = { ADW_ACTION_ROW (self->colours_row), self->number_row };

    gtk_size_group_add_widget (widths, self->columns_button);
    gtk_size_group_add_widget (widths, self->rows_button);
    for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
      {
        /* Nothing to a screen reader (a box is a group). */
        GtkWidget *blank = g_object_new (GTK_TYPE_BOX, "accessible-role",
                                         GTK_ACCESSIBLE_ROLE_PRESENTATION, NULL);

        gtk_size_group_add_widget (widths, blank);
        g_object_bind_property (self->columns_button, "visible", blank, "visible",
                                G_BINDING_SYNC_CREATE);
        adw_action_row_add_suffix (rows[i], blank);
      }
    g_object_unref (widths);
  }
  /* Play's fold (fold_new_level_rows), after the three rows it takes in
   * Play (so first in the group's list there). */
  self->new_levels_row = ADW_EXPANDER_ROW (adw_expander_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->new_levels_row), _("New Le_vels"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->new_levels_row), TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->new_levels_row), FALSE);
  gtk_list_box_insert (GTK_LIST_BOX (gtk_widget_get_parent (GTK_WIDGET (self->width_row))),
                       GTK_WIDGET (self->new_levels_row), 3);
  g_signal_connect_swapped (self->width_adjustment, "value-changed",
                            G_CALLBACK (new_levels_summary), self);
  g_signal_connect_swapped (self->height_adjustment, "value-changed",
                            G_CALLBACK (new_levels_summary), self);
  g_signal_connect_swapped (self->colours_adjustment, "value-changed",
                            G_CALLBACK (new_levels_summary), self);
}
