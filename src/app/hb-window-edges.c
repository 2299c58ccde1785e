/* hb-window-edges.c: Edit's rows and columns added or removed at any
 * edge of the board (the menus beside the Board group's Height and
 * Width fields).
 *
 * Width and Height grow and shrink the board at its right and bottom, so
 * a level drawn one column too far right, or a screenshot whose top row
 * or left column the picture cut off, could not be set right: the cells
 * read kept their places from the top left, and the missing row could
 * only go below them (a reviewer's note, carried since stop 70). Each
 * change is one undo step; one at the top or left moves the board's
 * cells, and the history keeps how far (hb_history_push_moved), so the
 * screenshot and its unsure cells' marks move with the cells and come
 * back with Undo (hb_board_view_set_origin). */
#include "config.h"

#include <glib/gi18n.h>

#include "hb-window-private.h"

/* The sides an action's parameter names: rows at the top or bottom,
 * columns at the left or right. */
static gboolean
side_is_start (const char *side, gboolean rows, gboolean *start)
{
  if (g_strcmp0 (side, rows ? "top" : "left") == 0)
    *start = TRUE;
  else if (g_strcmp0 (side, rows ? "bottom" : "right") == 0)
    *start = FALSE;
  else
    return FALSE;
  return TRUE;
}

/* Whether a side may grow by one: to at most the largest side Edit
 * offers (the Width and Height fields' top). */
static gboolean
can_grow (HbWindow *self, int side)
{
  return side < hb_document_get_game (self->document)->max_ui_side;
}

static void
edge_change (HbWindow *self, GVariant *param, gboolean rows, gboolean add)
{
  const HbGame *game = hb_document_get_game (self->document);
  const HbState *s = hb_document_get_design (self->document);
  HbState *changed;
  g_autofree char *lost = NULL;
  gboolean start;
  int d = add ? 1 : -1, w, h, dx, dy;

  if (self->mode != HB_MODE_EDIT || s == NULL
      || !side_is_start (g_variant_get_string (param, NULL), rows, &start))
    return;
  w = s->width + (rows ? 0 : d);
  h = s->height + (rows ? d : 0);
  dx = !rows && start ? d : 0;
  dy = rows && start ? d : 0;
  if (w < 1 || h < 1 || (add && !can_grow (self, rows ? s->height : s->width)))
    return;
  changed = game->resize (s, w, h, dx, dy);
  if (changed == NULL)
    return;
  /* What the line removed held, said with Undo at hand, as Width and
   * Height say it (hb-window-choosers.c): what it was ("part of the
   * level" said nothing of what Undo would bring back). */
  lost = hb_game_resize_cut (s, changed, dx, dy);
  hb_document_push_design_moved (self->document, changed, dx, dy);
  if (lost != NULL)
    {
      g_autofree char *text = g_strdup_printf (rows
                                               /* TRANSLATORS: what the game says it held:
                                                * "The row removed held 3 lit cells",
                                                * "… held both red dots" */
                                               ? _("The row removed held %s")
                                               /* TRANSLATORS: as "The row removed held %s" */
                                               : _("The column removed held %s"), lost);

      hb_window_show_undo_toast (self, text);
    }
}

/* win.add-row, win.add-column, win.remove-row and win.remove-column, told
 * apart by name. */
static void
action_edge (GtkWidget *widget, const char *name, GVariant *param)
{
  edge_change (HB_WINDOW (widget), param, g_str_has_suffix (name, "-row"),
               g_str_has_prefix (name, "win.add-"));
}

void
hb_window_class_install_edge_actions (GtkWidgetClass *widget_class)
{
  static const char *const names[] = {
    "win.add-row", "win.add-column", "win.remove-row", "win.remove-column",
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    gtk_widget_class_install_action (widget_class, names[i], "s", action_edge);
}

/* The menus show in Edit only (in Play, Width and Height are the next new
 * level's); an action that cannot act is greyed in its menu: no row or
 * column to remove from a board one wide, none to add at the largest
 * size. */
void
hb_window_edges_update (HbWindow *self)
{
  const HbState *s = hb_window_current (self);
  gboolean edit = self->mode == HB_MODE_EDIT && s != NULL;

  gtk_widget_set_visible (self->rows_button, self->mode == HB_MODE_EDIT);
  gtk_widget_set_visible (self->columns_button, self->mode == HB_MODE_EDIT);
  hb_window_action_set_enabled (self, "add-row", edit && can_grow (self, s->height));
  hb_window_action_set_enabled (self, "add-column", edit && can_grow (self, s->width));
  hb_window_action_set_enabled (self, "remove-row", edit && s->height > 1);
  hb_window_action_set_enabled (self, "remove-column", edit && s->width > 1);
}
