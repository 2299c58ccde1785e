/* hb-page-column.c: the board page's column: the palette, the board and
 * the status line (or the player), top to bottom.
 *
 * Why not a vertical GtkBox: in a window taller than the board fitted to
 * its width needs (400 x 800, the sidebar folded), the box gave the board
 * all the height; the board sat in the middle of it and its status line
 * 90 px below, with the palette as far above. The column gives each child
 * its natural height for the width (the board view asks for the height
 * its board fitted to that width takes) and centres them together, so the
 * room left goes above and below them. With less room than that, the
 * child that expands (the board's) takes what the others leave, as in the
 * box.
 *
 * The player's bar, which has a colour of its own, sits at the foot
 * instead (hb_page_column_set_last_at_foot): the room left goes above the
 * others and between them and it, so the board stays where it was.
 *
 * The board sits in an AdwToastOverlay, which in libadwaita 1.2 trades no
 * height for width (its request mode is constant size, so it is measured
 * for no width at all): the column asks the overlay's child instead. */
#include "config.h"

#include <adwaita.h>

#include "hb-page-column.h"

struct _HbPageColumn {
  GtkWidget parent_instance;
  gboolean  last_at_foot;
};

G_DEFINE_FINAL_TYPE (HbPageColumn, hb_page_column, GTK_TYPE_WIDGET)

static void
child_height (GtkWidget *child, int width, int *minimum, int *natural)
{
  gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, width, minimum, natural, NULL, NULL);
  if (ADW_IS_TOAST_OVERLAY (child) && width >= 0)
    {
      GtkWidget *inner = adw_toast_overlay_get_child (ADW_TOAST_OVERLAY (child));
      int inner_min, inner_nat;

      if (inner == NULL || !gtk_widget_should_layout (inner))
        return;
      gtk_widget_measure (inner, GTK_ORIENTATION_VERTICAL, width, &inner_min, &inner_nat,
                          NULL, NULL);
      *natural = MAX (inner_nat, *minimum);
    }
}

static void
hb_page_column_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                        int *minimum, int *natural, int *minimum_baseline,
                        int *natural_baseline)
{
  *minimum = *natural = 0;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      int cmin, cnat;

      if (!gtk_widget_should_layout (c))
        continue;
      if (orientation == GTK_ORIENTATION_HORIZONTAL)
        {
          gtk_widget_measure (c, orientation, -1, &cmin, &cnat, NULL, NULL);
          *minimum = MAX (*minimum, cmin);
          *natural = MAX (*natural, cnat);
        }
      else
        {
          child_height (c, for_size, &cmin, &cnat);
          *minimum += cmin;
          *natural += cnat;
        }
    }
}

static GtkSizeRequestMode
hb_page_column_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
hb_page_column_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  int total = 0, others = 0, grow_min = 0, y;
  GtkWidget *grow = NULL, *last = NULL;

  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      int cmin, cnat;

      if (!gtk_widget_should_layout (c))
        continue;
      child_height (c, width, &cmin, &cnat);
      total += cnat;
      last = c;
      if (grow == NULL && gtk_widget_compute_expand (c, GTK_ORIENTATION_VERTICAL))
        {
          grow = c;
          grow_min = cmin;
        }
      else
        others += cnat;
    }
  /* Room to spare: everything at its natural height, centred together.
   * Else the expanding child takes what the others leave (at least its
   * least height). */
  y = height > total ? (height - total) / 2 : 0;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      int cmin, cnat, h;

      if (!gtk_widget_should_layout (c))
        continue;
      child_height (c, width, &cmin, &cnat);
      h = c == grow && height <= total ? MAX (height - others, grow_min) : cnat;
      if (c == last && HB_PAGE_COLUMN (widget)->last_at_foot && height > total)
        y = height - h;
      gtk_widget_allocate (c, width, h, -1,
                           gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (0, (float) y)));
      y += h;
    }
}

void
hb_page_column_set_last_at_foot (HbPageColumn *self, gboolean at_foot)
{
  g_return_if_fail (HB_IS_PAGE_COLUMN (self));
  if (self->last_at_foot == !!at_foot)
    return;
  self->last_at_foot = !!at_foot;
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

static void
hb_page_column_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (hb_page_column_parent_class)->dispose (object);
}

static void
hb_page_column_class_init (HbPageColumnClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hb_page_column_dispose;
  widget_class->measure = hb_page_column_measure;
  widget_class->size_allocate = hb_page_column_size_allocate;
  widget_class->get_request_mode = hb_page_column_get_request_mode;
}

static void
hb_page_column_init (HbPageColumn *self)
{
}
