/* hb-shrink-bin.c: a bin that may be narrower than its child.
 *
 * Why: the window's wide layout (the header bar with the game chooser,
 * Edit and Play, Undo and Redo) needs 625-666 px with minimise and
 * maximise beside Close, and a window tells its window manager its least
 * size. A snap or a tile to 400 px was stopped at 655-676 px, and only a
 * second resize reached the narrow layout (which the window takes below
 * that width: hb-window-status.c). The window's content sits in this bin:
 * while the wide layout shows, the bin asks for no more than the narrow
 * layout's width, so the window manager's size is taken at once; for the
 * moment before the layout turns narrow, the wide one keeps its least
 * width and is cut at the window's edge. */
#include "config.h"

#include "hb-shrink-bin.h"

struct _HbShrinkBin {
  GtkWidget  parent_instance;
  GtkWidget *child;
  int        floor;
};

static void hb_shrink_bin_buildable_init (GtkBuildableIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (HbShrinkBin, hb_shrink_bin, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_BUILDABLE,
                                                      hb_shrink_bin_buildable_init))

static GtkBuildableIface *parent_buildable;

static void
hb_shrink_bin_add_child (GtkBuildable *buildable, GtkBuilder *builder, GObject *child,
                         const char *type)
{
  if (GTK_IS_WIDGET (child))
    hb_shrink_bin_set_child (HB_SHRINK_BIN (buildable), GTK_WIDGET (child));
  else
    parent_buildable->add_child (buildable, builder, child, type);
}

static void
hb_shrink_bin_buildable_init (GtkBuildableIface *iface)
{
  parent_buildable = g_type_interface_peek_parent (iface);
  iface->add_child = hb_shrink_bin_add_child;
}

int
hb_shrink_bin_child_min_width (HbShrinkBin *self)
{
  int min = 0;

  g_return_val_if_fail (HB_IS_SHRINK_BIN (self), 0);
  if (self->child != NULL && gtk_widget_should_layout (self->child))
    gtk_widget_measure (self->child, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  return min;
}

static void
hb_shrink_bin_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                       int *minimum, int *natural, int *minimum_baseline,
                       int *natural_baseline)
{
  HbShrinkBin *self = HB_SHRINK_BIN (widget);

  *minimum = *natural = 0;
  if (self->child == NULL || !gtk_widget_should_layout (self->child))
    return;
  if (orientation == GTK_ORIENTATION_VERTICAL)
    {
      /* The child is given at least its least width (see allocate). */
      int cmin = hb_shrink_bin_child_min_width (self);
      gtk_widget_measure (self->child, orientation, for_size < 0 ? -1 : MAX (for_size, cmin),
                          minimum, natural, minimum_baseline, natural_baseline);
      return;
    }
  gtk_widget_measure (self->child, orientation, for_size, minimum, natural,
                      minimum_baseline, natural_baseline);
  if (self->floor > 0)
    *minimum = MIN (*minimum, self->floor);
}

static GtkSizeRequestMode
hb_shrink_bin_get_request_mode (GtkWidget *widget)
{
  HbShrinkBin *self = HB_SHRINK_BIN (widget);

  return self->child != NULL ? gtk_widget_get_request_mode (self->child)
                             : GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void
hb_shrink_bin_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  HbShrinkBin *self = HB_SHRINK_BIN (widget);

  if (self->child != NULL && gtk_widget_should_layout (self->child))
    gtk_widget_allocate (self->child, MAX (width, hb_shrink_bin_child_min_width (self)),
                         height, baseline, NULL);
}

static void
hb_shrink_bin_dispose (GObject *object)
{
  HbShrinkBin *self = HB_SHRINK_BIN (object);

  g_clear_pointer (&self->child, gtk_widget_unparent);
  G_OBJECT_CLASS (hb_shrink_bin_parent_class)->dispose (object);
}

static void
hb_shrink_bin_class_init (HbShrinkBinClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hb_shrink_bin_dispose;
  widget_class->measure = hb_shrink_bin_measure;
  widget_class->size_allocate = hb_shrink_bin_size_allocate;
  widget_class->get_request_mode = hb_shrink_bin_get_request_mode;
}

static void
hb_shrink_bin_init (HbShrinkBin *self)
{
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
}

GtkWidget *
hb_shrink_bin_get_child (HbShrinkBin *self)
{
  g_return_val_if_fail (HB_IS_SHRINK_BIN (self), NULL);
  return self->child;
}

void
hb_shrink_bin_set_child (HbShrinkBin *self, GtkWidget *child)
{
  g_return_if_fail (HB_IS_SHRINK_BIN (self));
  g_clear_pointer (&self->child, gtk_widget_unparent);
  if (child != NULL)
    {
      self->child = child;
      gtk_widget_set_parent (child, GTK_WIDGET (self));
    }
}

void
hb_shrink_bin_set_min_width (HbShrinkBin *self, int floor)
{
  g_return_if_fail (HB_IS_SHRINK_BIN (self));
  if (floor == self->floor)
    return;
  self->floor = floor;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}
