/* hb-page-column.h: the board page's column (palette, board, status line),
 * kept together in a tall window. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define HB_TYPE_PAGE_COLUMN (hb_page_column_get_type ())
G_DECLARE_FINAL_TYPE (HbPageColumn, hb_page_column, HB, PAGE_COLUMN, GtkWidget)

/* TRUE: with room to spare the last child sits at the foot of the column
 * and the others are centred in the room above it, at the same place as
 * when all are centred together (the player, a bar of its own colour,
 * floated above 45 px of empty page: review). The same place while the
 * last child keeps its height (the bottom stack, homogeneous but in a
 * short window: there the board moves by half the height the player
 * adds to the status line's). */
void hb_page_column_set_last_at_foot (HbPageColumn *self, gboolean at_foot);

G_END_DECLS
