/* hb-shrink-bin.h: a bin that may be narrower than its child. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define HB_TYPE_SHRINK_BIN (hb_shrink_bin_get_type ())
G_DECLARE_FINAL_TYPE (HbShrinkBin, hb_shrink_bin, HB, SHRINK_BIN, GtkWidget)

GtkWidget *hb_shrink_bin_get_child (HbShrinkBin *self);
void       hb_shrink_bin_set_child (HbShrinkBin *self, GtkWidget *child);
/* While set, the bin asks for no more than `floor` px of width however wide
 * its child's least width is; given less, the child keeps its least width
 * and is cut at the bin's edge. 0: the child's own least width. */
void       hb_shrink_bin_set_min_width (HbShrinkBin *self, int floor);
/* The child's own least width. */
int        hb_shrink_bin_child_min_width (HbShrinkBin *self);

G_END_DECLS
