/* hb-page-column.h: the board page's column (palette, board, status line),
 * kept together in a tall window. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define HB_TYPE_PAGE_COLUMN (hb_page_column_get_type ())
G_DECLARE_FINAL_TYPE (HbPageColumn, hb_page_column, HB, PAGE_COLUMN, GtkWidget)

G_END_DECLS
