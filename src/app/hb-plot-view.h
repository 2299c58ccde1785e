/* hb-plot-view.h: the plot of a trace's series (best / mean / worst
 * fitness per generation, a bound over time) beside the board, drawn with
 * the core's hb_plot_render in the style's colours. While a solver runs the
 * trace is still being written: the view looks at its series version about
 * ten times a second and redraws only when a point was added. */
#pragma once

#include <gtk/gtk.h>

#include "hb-trace.h"

G_BEGIN_DECLS

#define HB_TYPE_PLOT_VIEW (hb_plot_view_get_type ())
G_DECLARE_FINAL_TYPE (HbPlotView, hb_plot_view, HB, PLOT_VIEW, GtkDrawingArea)

GtkWidget     *hb_plot_view_new (void);
/* Borrowed: the trace must outlive the view's use of it (set NULL first). */
void           hb_plot_view_set_trace (HbPlotView *self, const HbTrace *trace);
const HbTrace *hb_plot_view_get_trace (HbPlotView *self);
/* A line across the plot at x (the generation the player shows), or none. */
void           hb_plot_view_set_mark (HbPlotView *self, gboolean show, double x);
gboolean       hb_plot_view_get_mark (HbPlotView *self, double *x);
/* Testing: how many times the plot was drawn. */
guint          hb_plot_view_get_draw_count (HbPlotView *self);

G_END_DECLS
