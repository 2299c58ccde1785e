/* lights-render.c: drawing an Enlight board with cairo.
 *
 * Lit cells are warm yellow lamps, dark cells slate; the hint overlay puts
 * an orange dot on each cell still to press (the write-up's orange dots).
 * Colours are chosen to read at a glance in both the light and dark style. */
#include "lights.h"
#include "hb-draw.h"

#include <math.h>

typedef struct { double r, g, b; } Rgb;

static void
set_rgb (cairo_t *cr, Rgb c, double alpha)
{
  cairo_set_source_rgba (cr, c.r, c.g, c.b, alpha);
}

void
lights_render_cells (const guint8 *cells, const guint8 *press, int width, int height,
                     cairo_t *cr, const HbLayout *l, const HbRenderOptions *o,
                     int current_x, int current_y, gboolean current_bad)
{
  const gboolean dark = o && o->dark;
  const Rgb board = dark ? (Rgb) { 0.14, 0.14, 0.16 } : (Rgb) { 0.80, 0.81, 0.84 };
  const Rgb off = dark ? (Rgb) { 0.24, 0.25, 0.29 } : (Rgb) { 0.36, 0.38, 0.44 };
  const Rgb on = { 0.98, 0.84, 0.20 };
  const Rgb on_edge = { 0.90, 0.62, 0.05 };
  const Rgb dot = { 1.00, 0.47, 0.00 };          /* GNOME orange 3 */
  const Rgb ring_ok = { 0.20, 0.82, 0.48 };       /* green: a press kept */
  const Rgb ring_bad = { 0.88, 0.11, 0.14 };      /* red: a dead end */
  const double c = l->cell;
  const double gap = c >= 12 ? MAX (1.0, floor (c * 0.08)) : 0;
  const double radius = c * 0.16;

  /* The board plate. */
  set_rgb (cr, board, 1);
  hb_draw_rounded_rect (cr, l->x0 - gap, l->y0 - gap, c * width + 2 * gap,
                c * height + 2 * gap, radius + gap);
  cairo_fill (cr);

  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        gsize i = (gsize) y * width + x;
        double px = l->x0 + x * c + gap / 2, py = l->y0 + y * c + gap / 2;
        double s = c - gap;

        if (gap > 0)
          hb_draw_rounded_rect (cr, px, py, s, s, radius);
        else
          cairo_rectangle (cr, px, py, s, s);
        if (cells[i])
          {
            cairo_pattern_t *pat =
              cairo_pattern_create_radial (px + s * 0.4, py + s * 0.35, s * 0.05,
                                           px + s / 2, py + s / 2, s * 0.75);
            cairo_pattern_add_color_stop_rgb (pat, 0, 1.0, 0.97, 0.75);
            cairo_pattern_add_color_stop_rgb (pat, 0.55, on.r, on.g, on.b);
            cairo_pattern_add_color_stop_rgb (pat, 1, on_edge.r, on_edge.g, on_edge.b);
            cairo_set_source (cr, pat);
            cairo_fill (cr);
            cairo_pattern_destroy (pat);
          }
        else
          {
            set_rgb (cr, off, 1);
            cairo_fill (cr);
          }

        if (press != NULL && press[i])
          {
            /* A press: an orange dot, outlined so it reads on a lit lamp. */
            double r = MAX (2.0, s * 0.17);
            cairo_arc (cr, px + s / 2, py + s / 2, r, 0, 2 * G_PI);
            set_rgb (cr, dot, 1);
            cairo_fill_preserve (cr);
            cairo_set_line_width (cr, MAX (1.0, s * 0.04));
            cairo_set_source_rgba (cr, 0.25, 0.12, 0, 0.55);
            cairo_stroke (cr);
          }

        if (o && x == o->hover_x && y == o->hover_y)
          {
            hb_draw_rounded_rect (cr, px + 1, py + 1, s - 2, s - 2, radius);
            cairo_set_line_width (cr, MAX (1.0, c * 0.05));
            cairo_set_source_rgba (cr, 1, 1, 1, dark ? 0.35 : 0.6);
            cairo_stroke (cr);
          }
      }

  if (current_x >= 0 && current_y >= 0 && current_x < width && current_y < height)
    {
      double px = l->x0 + current_x * c + gap / 2, py = l->y0 + current_y * c + gap / 2;
      double s = c - gap;
      hb_draw_rounded_rect (cr, px - 1, py - 1, s + 2, s + 2, radius + 1);
      cairo_set_line_width (cr, MAX (2.0, c * 0.10));
      set_rgb (cr, current_bad ? ring_bad : ring_ok, 1);
      cairo_stroke (cr);
    }
}

void
lights_render (const HbState *state, cairo_t *cr, const HbLayout *layout,
               const HbRenderOptions *options)
{
  const LightsState *s = LIGHTS_CONST (state);
  const guint8 *press = NULL;

  if (options && options->show_hints && options->hint)
    {
      const LightsHint *hint = options->hint;
      if (hint->width == state->width && hint->height == state->height
          && hint->answer.solvable)
        press = hint->answer.press;
    }
  lights_render_cells (s->cells, press, state->width, state->height, cr, layout,
                       options, -1, -1, FALSE);
}
