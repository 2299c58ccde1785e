/* hb-plot-view.c: a trace's series as a plot (see hb-plot-view.h). */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "hb-plot-view.h"
#include "hb-plot.h"

#define POLL_MS 100

struct _HbPlotView
{
  GtkDrawingArea parent_instance;

  const HbTrace *trace;
  guint64        version;   /* the series version last drawn */
  guint          poll_id;
  guint          draws;
  gboolean       show_mark;  /* the player's place, at mark_x */
  double         mark_x;
};

G_DEFINE_FINAL_TYPE (HbPlotView, hb_plot_view, GTK_TYPE_DRAWING_AREA)

static void
draw_func (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  HbPlotView *self = HB_PLOT_VIEW (area);
  HbPlotOptions options = { 0 };

  if (self->trace == NULL || width < 20 || height < 20)
    return;
  options.dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  options.title = _("Progress");
  options.background = FALSE;
  options.show_mark = self->show_mark;
  options.mark_x = self->mark_x;
  {
    /* The plot lies on the board's side of the window, the view colour. */
    GdkRGBA under;

    if (gtk_style_context_lookup_color (gtk_widget_get_style_context (GTK_WIDGET (area)),
                                        "view_bg_color", &under))
      {
        options.has_under = TRUE;
        options.under[0] = under.red;
        options.under[1] = under.green;
        options.under[2] = under.blue;
      }
  }
  self->version = hb_trace_series_version (self->trace);
  hb_plot_render (self->trace, cr, 0, 0, width, height, &options);
  self->draws++;
}

static gboolean
poll (gpointer data)
{
  HbPlotView *self = data;

  if (self->trace != NULL && hb_trace_series_version (self->trace) != self->version)
    gtk_widget_queue_draw (GTK_WIDGET (self));
  return G_SOURCE_CONTINUE;
}

void
hb_plot_view_set_trace (HbPlotView *self, const HbTrace *trace)
{
  g_return_if_fail (HB_IS_PLOT_VIEW (self));
  if (self->trace == trace)
    return;
  self->trace = trace;
  self->version = 0;
  if (trace != NULL && self->poll_id == 0)
    self->poll_id = g_timeout_add (POLL_MS, poll, self);
  else if (trace == NULL)
    g_clear_handle_id (&self->poll_id, g_source_remove);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
hb_plot_view_set_mark (HbPlotView *self, gboolean show, double x)
{
  g_return_if_fail (HB_IS_PLOT_VIEW (self));
  if (self->show_mark == show && (!show || self->mark_x == x))
    return;
  self->show_mark = show;
  self->mark_x = x;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
hb_plot_view_get_mark (HbPlotView *self, double *x)
{
  g_return_val_if_fail (HB_IS_PLOT_VIEW (self), FALSE);
  if (x != NULL)
    *x = self->mark_x;
  return self->show_mark;
}

const HbTrace *
hb_plot_view_get_trace (HbPlotView *self)
{
  g_return_val_if_fail (HB_IS_PLOT_VIEW (self), NULL);
  return self->trace;
}

guint
hb_plot_view_get_draw_count (HbPlotView *self)
{
  g_return_val_if_fail (HB_IS_PLOT_VIEW (self), 0);
  return self->draws;
}

static void
on_dark_changed (AdwStyleManager *manager, GParamSpec *pspec, HbPlotView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
hb_plot_view_dispose (GObject *object)
{
  HbPlotView *self = HB_PLOT_VIEW (object);

  self->trace = NULL;
  g_clear_handle_id (&self->poll_id, g_source_remove);
  g_signal_handlers_disconnect_by_data (adw_style_manager_get_default (), self);
  G_OBJECT_CLASS (hb_plot_view_parent_class)->dispose (object);
}

static void
hb_plot_view_class_init (HbPlotViewClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = hb_plot_view_dispose;
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "hb-plot-view");
}

static void
hb_plot_view_init (HbPlotView *self)
{
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self), draw_func, NULL, NULL);
  g_signal_connect (adw_style_manager_get_default (), "notify::dark",
                    G_CALLBACK (on_dark_changed), self);
}

GtkWidget *
hb_plot_view_new (void)
{
  return g_object_new (HB_TYPE_PLOT_VIEW, NULL);
}
