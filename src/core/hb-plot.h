/* hb-plot.h: a line plot of a trace's series (hb-trace.h), drawn with cairo.
 *
 * Best / mean / worst fitness per generation, or any counter over time:
 * axes with "nice" tick values and labels, one line per series in a colour
 * that stays distinguishable for colour-blind readers (Okabe–Ito), and a
 * legend. The app's player draws it beside the board, live while a solver
 * runs; `hintboard-cli render --plot` writes it to PNG or SVG. Text uses
 * cairo's own font API, so core needs no Pango.
 */
#pragma once

#include <cairo.h>

#include "hb-trace.h"

G_BEGIN_DECLS

typedef struct {
  gboolean    dark;      /* dark style: light text on a dark card */
  const char *title;     /* drawn above the plot, or NULL */
  gboolean    background;/* fill the area with the card colour */
  /* A vertical line at x = mark_x when show_mark (the generation the
   * player shows). */
  gboolean    show_mark;
  double      mark_x;
  /* The colour under the plot when it draws no background of its own:
   * the goal's name sits on a patch of it, so the lines that cross the
   * name do not hide it. */
  gboolean    has_under;
  double      under[3];
} HbPlotOptions;

/* TRUE when the trace has at least one series with a point. */
gboolean hb_plot_has_data (const HbTrace *trace);

/* Draws the trace's series into the rectangle (x, y, width, height). */
void     hb_plot_render (const HbTrace *trace, cairo_t *cr, double x, double y,
                         double width, double height, const HbPlotOptions *options);

/* The size of the plot's text in a rectangle of that size (cairo units,
 * px at scale 1): the axis labels, the legend; the title is 15 % larger.
 * Never below HB_PLOT_MIN_FONT, for the plot in a narrow window. */
#define HB_PLOT_MIN_FONT 11.0
double   hb_plot_font_size (double width, double height);

/* The colour of series i (RGB 0..1), as the plot draws it. */
void     hb_plot_series_colour (guint i, gboolean dark, double rgb[3]);

/* Tick positions: "nice" values (1, 2 or 5 × 10^k apart) covering
 * [lo, hi] with about `want` ticks; writes at most max, returns how many. */
int      hb_plot_ticks (double lo, double hi, int want, double *out, int max);

G_END_DECLS
