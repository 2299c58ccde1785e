#include "hb-plot.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

/* Okabe and Ito's palette, which keeps its colours apart for the common
 * kinds of colour blindness; on a dark card the blue is lightened. */
static const double series_light[][3] = {
  { 0.000, 0.447, 0.698 },  /* blue */
  { 0.835, 0.369, 0.000 },  /* vermillion */
  { 0.000, 0.620, 0.451 },  /* bluish green */
  { 0.800, 0.475, 0.655 },  /* reddish purple */
  { 0.902, 0.624, 0.000 },  /* orange */
  { 0.337, 0.706, 0.914 },  /* sky blue */
  { 0.400, 0.400, 0.400 },  /* grey */
  { 0.941, 0.894, 0.259 },  /* yellow */
};
static const double series_dark[][3] = {
  { 0.337, 0.706, 0.914 },
  { 0.902, 0.455, 0.180 },
  { 0.200, 0.780, 0.580 },
  { 0.870, 0.600, 0.760 },
  { 0.941, 0.760, 0.200 },
  { 0.600, 0.820, 0.960 },
  { 0.750, 0.750, 0.750 },
  { 0.941, 0.894, 0.259 },
};

void
hb_plot_series_colour (guint i, gboolean dark, double rgb[3])
{
  const double *c = dark ? series_dark[i % G_N_ELEMENTS (series_dark)]
                         : series_light[i % G_N_ELEMENTS (series_light)];
  rgb[0] = c[0];
  rgb[1] = c[1];
  rgb[2] = c[2];
}

int
hb_plot_ticks (double lo, double hi, int want, double *out, int max)
{
  double span, raw, mag, step, first;
  int n = 0;

  if (!isfinite (lo) || !isfinite (hi) || max <= 0)
    return 0;
  if (hi < lo)
    {
      double t = lo;
      lo = hi;
      hi = t;
    }
  span = hi - lo;
  if (span <= 0)
    {
      out[0] = lo;
      return 1;
    }
  raw = span / MAX (want, 1);
  mag = pow (10, floor (log10 (raw)));
  step = raw / mag < 1.5 ? mag : raw / mag < 3 ? 2 * mag : raw / mag < 7 ? 5 * mag : 10 * mag;
  first = ceil (lo / step - 1e-9) * step;
  for (double v = first; v <= hi + step * 1e-9 && n < max; v = first + step * n)
    out[n++] = fabs (v) < step * 1e-9 ? 0 : v;
  return n;
}

gboolean
hb_plot_has_data (const HbTrace *trace)
{
  guint n = hb_trace_n_series (trace);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GArray) p = hb_trace_series_points (trace, i);
      if (p->len > 0)
        return TRUE;
    }
  return FALSE;
}

static void
format_tick (double v, double step, char *buf, gsize size)
{
  if (fabs (v) >= 1e6 || (fabs (v) > 0 && fabs (v) < 1e-3))
    g_snprintf (buf, size, "%.2g", v);
  else if (step >= 1 || v == floor (v))
    g_snprintf (buf, size, "%.0f", v);
  else
    g_snprintf (buf, size, "%.*f", (int) MIN (6, ceil (-log10 (step))), v);
}

/* Where value v goes up the y axis: itself, or log10 (1 + v) on a log
 * scale (logy, a local of hb_plot_render). */
/* The width of the widest of the n tick labels, as cairo sets them. */
static double
widest_tick (cairo_t *cr, const double *ticks, int n)
{
  double widest = 0;

  for (int i = 0; i < n; i++)
    {
      char buf[32];
      cairo_text_extents_t ext;

      format_tick (ticks[i], n > 1 ? ticks[1] - ticks[0] : 1, buf, sizeof buf);
      cairo_text_extents (cr, buf, &ext);
      widest = MAX (widest, ext.x_advance);
    }
  return widest;
}

double
hb_plot_font_size (double width, double height)
{
  /* A twenty-second of the shorter side, but never below 11 px: in a
   * window 400 px wide the plot is about 360 × 180 and its labels were
   * 9 px, too small to read. What the larger text takes, the margins and
   * the thinned x ticks (below) give back. */
  return CLAMP (MIN (width, height) / 22, HB_PLOT_MIN_FONT, 14);
}

#define SCALE_Y(v) (logy ? log10 (1 + MAX ((v), 0)) : (v))

void
hb_plot_render (const HbTrace *trace, cairo_t *cr, double x, double y,
                double width, double height, const HbPlotOptions *options)
{
  HbPlotOptions defaults = { 0 };
  const HbPlotOptions *o = options ? options : &defaults;
  guint ns = MIN (hb_trace_n_series (trace), (guint) HB_TRACE_MAX_SERIES);
  GArray *pts[HB_TRACE_MAX_SERIES] = { NULL };
  double xmin = G_MAXDOUBLE, xmax = -G_MAXDOUBLE, ymin = G_MAXDOUBLE, ymax = -G_MAXDOUBLE;
  double fg = o->dark ? 0.92 : 0.15, grid = o->dark ? 0.32 : 0.86;
  double font = hb_plot_font_size (width, height);
  /* The card's colour, or the colour the caller says is under the plot. */
  double under[3] = { o->dark ? 0.19 : 1, o->dark ? 0.19 : 1, o->dark ? 0.21 : 1 };
  gboolean box = o->background || o->has_under;
  double left, right, top, bottom;
  double xt[16], yt[16], ylo, yhi;
  int nxt, nyt;
  cairo_text_extents_t ext;
  const char *axis = NULL, *value = hb_trace_get_value_name (trace), *goal_name = NULL;
  double goal = 0;
  gboolean any = FALSE, logy, integral_x = TRUE, has_goal;
  guint legend_rows = 0;

  if (width < 40 || height < 40)
    return;
  cairo_save (cr);
  if (o->has_under && !o->background)
    memcpy (under, o->under, sizeof under);
  if (o->background)
    {
      cairo_set_source_rgb (cr, under[0], under[1], under[2]);
      cairo_rectangle (cr, x, y, width, height);
      cairo_fill (cr);
    }
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, font);

  for (guint i = 0; i < ns; i++)
    {
      pts[i] = hb_trace_series_points (trace, i);
      for (guint k = 0; k < pts[i]->len; k++)
        {
          HbPoint p = g_array_index (pts[i], HbPoint, k);
          if (!isfinite (p.x) || !isfinite (p.y))
            continue;
          integral_x = integral_x && p.x == floor (p.x);
          xmin = MIN (xmin, p.x);
          xmax = MAX (xmax, p.x);
          ymin = MIN (ymin, p.y);
          ymax = MAX (ymax, p.y);
          any = TRUE;
        }
      if (axis == NULL)
        axis = hb_trace_series_axis (trace, i);
    }
  if (!any)
    {
      const char *msg = _("No numbers to plot yet");
      cairo_set_source_rgb (cr, fg, fg, fg);
      cairo_text_extents (cr, msg, &ext);
      cairo_move_to (cr, x + (width - ext.width) / 2, y + height / 2);
      cairo_show_text (cr, msg);
      goto out;
    }
  if (xmax == xmin)
    xmax = xmin + 1;
  /* The goal in the range: the cell GA's lines at 80 under an axis that
   * ended at 80 hid that the whole board was 100 (review). */
  has_goal = hb_trace_get_goal (trace, &goal, &goal_name) && isfinite (goal);
  if (has_goal)
    {
      ymin = MIN (ymin, goal);
      ymax = MAX (ymax, goal);
    }
  if (ymax == ymin)
    {
      /* One value (a run that ended at generation 0): a range round it,
       * not below zero for counts. */
      ymin = ymin >= 0 ? MAX (0, ymin - 1) : ymin - 1;
      ymax += 1;
    }
  /* Counts that span decades (a genetic algorithm's worst individuals in
   * the thousands, its best in the tens) go on a log scale of 1 + y, so
   * that the best and the mean do not lie flat along the bottom. */
  logy = FALSE;
  if (ymin >= 0 && (ymax + 1) / (ymin + 1) >= 10)
    {
      /* Only when most points lie in the bottom tenth: a line rising
       * evenly from 0 to 100 stays linear. (Until 2026-12-04 it took a
       * range of 50 and the bottom twentieth: a 14x14 run from a worst of
       * 1,000 at generation 0 to a best of 34 stayed linear, its three
       * lines flat along the bottom.) */
      guint low = 0, all = 0;
      for (guint i = 0; i < ns; i++)
        for (guint k = 0; k < pts[i]->len; k++)
          {
            HbPoint p = g_array_index (pts[i], HbPoint, k);
            if (isfinite (p.y))
              all++, low += p.y < ymin + (ymax - ymin) / 10;
          }
      logy = low * 2 > all;
    }
  nxt = hb_plot_ticks (xmin, xmax, 5, xt, G_N_ELEMENTS (xt));
  if (integral_x && nxt > 1 && xt[1] - xt[0] < 1)
    {
      /* Generations count whole: no tick between two. */
      nxt = 0;
      for (double v = ceil (xmin); v <= xmax && nxt < (int) G_N_ELEMENTS (xt); v++)
        xt[nxt++] = v;
    }
  if (logy)
    {
      /* From the power of ten below the lowest value (0 under 1), so
       * that the lines fill the height and the lowest is off the axis. */
      double floor10 = 0;
      if (ymin >= 1)
        {
          floor10 = pow (10, floor (log10 (ymin)));
          if (floor10 >= ymin)
            floor10 /= 10;
          if (floor10 < 1)
            floor10 = 0;
        }
      nyt = 0;
      if (floor10 < 1)
        yt[nyt++] = 0;
      for (double v = MAX (floor10, 1); v <= ymax && nyt < (int) G_N_ELEMENTS (yt); v *= 10)
        yt[nyt++] = v;
      ymin = floor10;
    }
  else
    {
      /* The axis starts and ends on the ticks at or just outside the
       * data, so that the lowest line lies on the axis only at a labelled
       * value (the first tick used to lie above the lowest value, and the
       * best fitness, 48, ran along an axis whose first label was 60). */
      double step;

      nyt = hb_plot_ticks (ymin, ymax, 5, yt, G_N_ELEMENTS (yt));
      step = nyt > 1 ? yt[1] - yt[0] : 0;
      if (step > 0)
        {
          ymin = floor (ymin / step + 1e-9) * step;
          ymax = ceil (ymax / step - 1e-9) * step;
          nyt = hb_plot_ticks (ymin, ymax, 5, yt, G_N_ELEMENTS (yt));
        }
    }
  ylo = SCALE_Y (ymin);
  yhi = SCALE_Y (ymax);
  if (yhi <= ylo)
    yhi = ylo + 1;

  /* Margins: room for the widest y label, the x labels and axis name. */
  {
    double widest = widest_tick (cr, yt, nyt);
    left = x + widest + font * (value != NULL ? 2.4 : 1.0);
  }
  right = x + width - font;
  /* The legend goes in a row of its own above the plot, off the lines
   * (two rows when it does not fit in one). */
  {
    double lw = 0;
    for (guint i = 0; i < ns; i++)
      {
        cairo_text_extents (cr, _(hb_trace_series_name (trace, i)), &ext);
        lw += ext.x_advance + font * 3;
      }
    legend_rows = ns == 0 ? 0 : ns == 1 || lw <= right - left ? 1 : 2;
  }
  top = y + font * (o->title ? 2.6 : 1.0) + font * 1.5 * legend_rows;
  bottom = y + height - font * (axis ? 3.2 : 2.0);
  if (right - left < 20 || bottom - top < 20)
    goto out;
  /* Fewer x ticks where their labels would crowd: each label has its
   * width and as much again between it and the next ("0 1000 … 6000"
   * nearly touched at 6,400 generations). */
  for (int want = 5; want > 1 && nxt > 2; want--)
    {
      if ((right - left) / (xmax - xmin) * (xt[1] - xt[0]) >= 2 * widest_tick (cr, xt, nxt))
        break;
      nxt = hb_plot_ticks (xmin, xmax, want - 1, xt, G_N_ELEMENTS (xt));
    }

#define PX(v) (left + ((v) - xmin) / (xmax - xmin) * (right - left))
#define PY(v) (bottom - (SCALE_Y (v) - ylo) / (yhi - ylo) * (bottom - top))

  /* Grid and tick labels. A label too close to the one below it is left
   * out, its grid line kept: on a log scale 0 and 1 lie 0.3 decades
   * apart, and in a short plot "1" sat on "0" (review). */
  cairo_set_line_width (cr, 1);
  for (int i = 0, last_label = G_MAXINT; i < nyt; i++)
    {
      char buf[32];
      double py = round (PY (yt[i])) + 0.5;
      cairo_set_source_rgb (cr, grid, grid, grid);
      cairo_move_to (cr, left, py);
      cairo_line_to (cr, right, py);
      cairo_stroke (cr);
      if (last_label - py < font * 1.1)
        continue;
      last_label = (int) py;
      format_tick (yt[i], nyt > 1 ? yt[1] - yt[0] : 1, buf, sizeof buf);
      cairo_text_extents (cr, buf, &ext);
      cairo_set_source_rgb (cr, fg, fg, fg);
      cairo_move_to (cr, left - font * 0.4 - ext.x_advance, py + ext.height / 2);
      cairo_show_text (cr, buf);
    }
  for (int i = 0; i < nxt; i++)
    {
      char buf[32];
      double px = round (PX (xt[i])) + 0.5;
      format_tick (xt[i], nxt > 1 ? xt[1] - xt[0] : 1, buf, sizeof buf);
      cairo_text_extents (cr, buf, &ext);
      cairo_set_source_rgb (cr, fg, fg, fg);
      cairo_move_to (cr, px, bottom);
      cairo_line_to (cr, px, bottom + font * 0.3);
      cairo_stroke (cr);
      /* Whole, inside the picture (the last one was cut: "3000" for
       * 30000). */
      cairo_move_to (cr, MIN (px - ext.x_advance / 2, x + width - ext.x_advance - 2),
                     bottom + font * 1.4);
      cairo_show_text (cr, buf);
    }
  /* Axes. */
  cairo_set_source_rgb (cr, fg, fg, fg);
  cairo_move_to (cr, left + 0.5, top);
  cairo_line_to (cr, left + 0.5, bottom + 0.5);
  cairo_line_to (cr, right, bottom + 0.5);
  cairo_stroke (cr);
  if (axis != NULL)
    {
      const char *name = _(axis);
      cairo_text_extents (cr, name, &ext);
      cairo_move_to (cr, (left + right - ext.x_advance) / 2, y + height - font * 0.5);
      cairo_show_text (cr, name);
    }
  if (value != NULL)
    {
      /* The scale said when it is a log one: the scale follows the data,
       * so a run's lines could change shape mid-run with no word why
       * (review). */
      /* TRANSLATORS: the plot's y axis on a logarithmic scale: "fitness
       * (lower is better), log scale" */
      g_autofree char *name = logy ? g_strdup_printf (_("%s, log scale"), _(value))
                                   : g_strdup (_(value));
      double room = height - 4, mid = (top + bottom) / 2, len;
      const char *paren;

      /* Up the left side, centred on the lines but whole inside the
       * picture: in a 400-px window the plot is about 360 × 180 and
       * "cells satisfied (higher is better)" lost its first and last
       * letters. Where it would need type under nine tenths of the
       * plot's, the words in brackets go first (shrunk to 6 px in a
       * short plot, "fitness (lower is better), log scale" could not be
       * read: review); then smaller type if even that is too long. */
      cairo_save (cr);
      cairo_text_extents (cr, name, &ext);
      paren = strstr (_(value), " (");
      if (ext.width * 0.9 > room && paren != NULL && paren > _(value))
        {
          g_autofree char *bare = g_strndup (_(value), paren - _(value));

          g_free (name);
          name = logy ? g_strdup_printf (_("%s, log scale"), bare) : g_strdup (bare);
          cairo_text_extents (cr, name, &ext);
        }
      for (double size = font; ext.width > room && size > 6;)
        {
          /* Hinted glyphs do not shrink quite in proportion: again
           * until it fits. */
          size *= 0.98 * room / ext.width;
          cairo_set_font_size (cr, size);
          cairo_text_extents (cr, name, &ext);
        }
      len = ext.width;   /* the ink, brackets and all */
      mid = CLAMP (mid, y + 2 + len / 2, y + height - 2 - len / 2);
      cairo_move_to (cr, x + font * 1.1, mid + len / 2 + ext.x_bearing);
      cairo_rotate (cr, -G_PI / 2);
      cairo_show_text (cr, name);
      cairo_restore (cr);
    }
  if (o->title != NULL)
    {
      cairo_set_font_size (cr, font * 1.15);
      cairo_text_extents (cr, o->title, &ext);
      cairo_move_to (cr, (x + x + width - ext.x_advance) / 2, y + font * 1.4);
      cairo_show_text (cr, o->title);
      cairo_set_font_size (cr, font);
    }

  /* The series, clipped to the plot area. */
  cairo_save (cr);
  cairo_rectangle (cr, left - 5, top - 5, right - left + 10, bottom - top + 10);
  cairo_clip (cr);
  cairo_set_line_width (cr, 2);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (guint i = 0; i < ns; i++)
    {
      double rgb[3];
      gboolean pen = FALSE;
      hb_plot_series_colour (i, o->dark, rgb);
      cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
      for (guint k = 0; k < pts[i]->len; k++)
        {
          HbPoint p = g_array_index (pts[i], HbPoint, k);
          if (!isfinite (p.x) || !isfinite (p.y))
            {
              pen = FALSE;
              continue;
            }
          if (pen)
            cairo_line_to (cr, PX (p.x), PY (p.y));
          else
            cairo_move_to (cr, PX (p.x), PY (p.y));
          pen = TRUE;
        }
      if (pts[i]->len == 1)
        {
          HbPoint p = g_array_index (pts[i], HbPoint, 0);
          cairo_arc (cr, PX (p.x), PY (p.y), 4, 0, 2 * G_PI);
          cairo_fill (cr);
        }
      cairo_stroke (cr);
    }
  /* The goal: a dashed line across, named at its right end, on the side
   * of it away from the edge. */
  if (has_goal)
    {
      const double dash[] = { 6, 4 };
      g_autofree char *label = NULL;
      char num[32];
      double py = round (PY (goal)) + 0.5;

      cairo_save (cr);
      cairo_set_line_width (cr, 1.5);
      cairo_set_dash (cr, dash, 2, 0);
      cairo_set_source_rgba (cr, fg, fg, fg, 0.75);
      cairo_move_to (cr, left, py);
      cairo_line_to (cr, right, py);
      cairo_stroke (cr);
      cairo_restore (cr);
      format_tick (goal, 1, num, sizeof num);
      /* TRANSLATORS: the plot's goal line: its value and its name ("0 =
       * solved", "81 = every cell"; "solved: 0" read as none solved:
       * review) */
      label = g_strdup_printf (C_("plot goal line", "%s = %s"), num, _(goal_name));
      cairo_text_extents (cr, label, &ext);
      {
        double lx = right - ext.x_advance - font * 0.3;
        double ly = py - top > font * 1.6 ? py - font * 0.4 : py + font * 1.2;
        int fewest = G_MAXINT;

        /* Where it covers the fewest points of the lines: at the right
         * end or the left, above the goal or below (below at the right
         * end, "every cell: 81" hid the best and mean lines there at
         * 400 px: review). */
        for (int c = 0; c < 4; c++)
          {
            double cx = c < 2 ? right - ext.x_advance - font * 0.3 : left + font * 0.3;
            double cy = c % 2 == 0 ? py - font * 0.4 : py + font * 1.2;
            double x0 = cx + ext.x_bearing - font * 0.25, x1 = x0 + ext.width + font * 0.5;
            double y0 = cy + ext.y_bearing - font * 0.15, y1 = y0 + ext.height + font * 0.3;
            int covered = 0;

            if (y0 < top || y1 > bottom)
              continue;
            for (guint i = 0; i < ns; i++)
              for (guint k = 0; pts[i] != NULL && k < pts[i]->len; k++)
                {
                  HbPoint q = g_array_index (pts[i], HbPoint, k);
                  double qx = PX (q.x), qy = PY (q.y);

                  covered += qx >= x0 && qx <= x1 && qy >= y0 && qy <= y1;
                }
            if (covered < fewest)
              {
                fewest = covered;
                lx = cx;
                ly = cy;
              }
          }

        if (box)
          {
            /* On a patch of the colour under the plot: the best line runs
             * along the goal near the end of a good run, through its name
             * (review: "every cell: 49" over the cell GA's best line). */
            cairo_set_source_rgba (cr, under[0], under[1], under[2], 0.85);
            cairo_rectangle (cr, lx + ext.x_bearing - font * 0.25, ly + ext.y_bearing - font * 0.15,
                             ext.width + font * 0.5, ext.height + font * 0.3);
            cairo_fill (cr);
          }
        cairo_set_source_rgba (cr, fg, fg, fg, 0.9);
        cairo_move_to (cr, lx, ly);
        cairo_show_text (cr, label);
      }
    }
  /* The player's place: a thin line across the plot. */
  if (o->show_mark && isfinite (o->mark_x) && o->mark_x >= xmin && o->mark_x <= xmax)
    {
      double px = round (PX (o->mark_x)) + 0.5;

      cairo_set_line_width (cr, 1.5);
      cairo_set_source_rgba (cr, fg, fg, fg, 0.7);
      cairo_move_to (cr, px, top);
      cairo_line_to (cr, px, bottom);
      cairo_stroke (cr);
    }
  cairo_restore (cr);

  /* Legend: a row (or two) above the plot, right-aligned. */
  {
    double row_y = top - font * 1.5 * legend_rows + font * 0.6, lx;
    guint first = 0;

    for (guint r = 0; r < legend_rows; r++)
      {
        guint last = legend_rows == 1 ? ns : r == 0 ? (ns + 1) / 2 : ns;
        double lw = 0;
        for (guint i = first; i < last; i++)
          {
            cairo_text_extents (cr, _(hb_trace_series_name (trace, i)), &ext);
            lw += ext.x_advance + font * 3;
          }
        lx = MAX (left, right - lw);
        for (guint i = first; i < last; i++)
          {
            double rgb[3];
            const char *name = _(hb_trace_series_name (trace, i));
            hb_plot_series_colour (i, o->dark, rgb);
            cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
            cairo_set_line_width (cr, 3);
            cairo_move_to (cr, lx + font * 0.4, row_y);
            cairo_line_to (cr, lx + font * 1.8, row_y);
            cairo_stroke (cr);
            cairo_set_source_rgb (cr, fg, fg, fg);
            cairo_move_to (cr, lx + font * 2.2, row_y + font * 0.35);
            cairo_show_text (cr, name);
            cairo_text_extents (cr, name, &ext);
            lx += ext.x_advance + font * 3;
          }
        first = last;
        row_y += font * 1.5;
      }
  }
#undef PX
#undef PY

out:
  for (guint i = 0; i < ns; i++)
    if (pts[i] != NULL)
      g_array_unref (pts[i]);
  cairo_restore (cr);
}
