/* lights-render.c: drawing an Enlight board with cairo.
 *
 * Lit cells are warm yellow lamps, dark cells slate; the hint overlay puts
 * an orange dot on each cell still to press (the write-up's orange dots).
 * Colours are chosen to read at a glance in both the light and dark style. */
#include "lights.h"
#include "hb-draw.h"
#include "hb-grid-state.h"

#include <math.h>

typedef struct { double r, g, b; } Rgb;

static void
set_rgb (cairo_t *cr, Rgb c, double alpha)
{
  cairo_set_source_rgba (cr, c.r, c.g, c.b, alpha);
}

/* Below this cell size (pixels) the board is one flat colour per cell
 * (hb_draw_cell_image): the lamps' gradient, rounded corners and press
 * dots would be a pixel or two, and a path per cell costs seconds on a
 * board of a million cells. At 6 px a press dot (radius 2) still shows
 * inside its lamp, so the normal drawing starts there. */
#define TINY_CELL 6

/* The flat colours of a tiny-cell board. A press to make (the hint) is
 * orange, as its dot is on larger cells; a press a solver made (a trace
 * frame) is blue, as its ring is, so orange keeps one meaning. Either
 * covers the lamp's own colour, but still a little darker on a dark lamp
 * so the lights can be told apart under it. */
typedef struct {
  const guint8 *cells, *press;
  guint32       on, off, press_on, press_off;
} TinyCells;

static guint32
tiny_colour (gsize i, int x, int y, gpointer data)
{
  const TinyCells *t = data;

  if (t->press != NULL && t->press[i])
    return t->cells[i] ? t->press_on : t->press_off;
  return t->cells[i] ? t->on : t->off;
}

static guint32
pack (Rgb c)
{
  return hb_draw_pack_rgba (c.r, c.g, c.b, 1);
}

/* The glow of a lit lamp in the square of side s at (px, py): a warm
 * highlight up and left, `on` around it, `edge` at the rim. */
static cairo_pattern_t *
lit_lamp (double px, double py, double s, Rgb on, Rgb edge)
{
  cairo_pattern_t *pat = cairo_pattern_create_radial (px + s * 0.4, py + s * 0.35, s * 0.05,
                                                      px + s / 2, py + s / 2, s * 0.75);

  cairo_pattern_add_color_stop_rgb (pat, 0, 1.0, 0.97, 0.75);
  cairo_pattern_add_color_stop_rgb (pat, 0.55, on.r, on.g, on.b);
  cairo_pattern_add_color_stop_rgb (pat, 1, edge.r, edge.g, edge.b);
  return pat;
}

void
lights_render_cells (const guint8 *cells, const guint8 *press, int width, int height,
                     cairo_t *cr, const HbLayout *l, const HbRenderOptions *o,
                     int current_x, int current_y, gboolean current_bad,
                     gboolean pressed)
{
  const gboolean dark = o && o->dark;
  const Rgb board = dark ? (Rgb) { 0.14, 0.14, 0.16 } : (Rgb) { 0.80, 0.81, 0.84 };
  const Rgb off = dark ? (Rgb) { 0.24, 0.25, 0.29 } : (Rgb) { 0.36, 0.38, 0.44 };
  const Rgb on = { 0.98, 0.84, 0.20 };
  const Rgb on_edge = { 0.90, 0.62, 0.05 };
  const Rgb dot = { 1.00, 0.47, 0.00 };          /* GNOME orange 3 */
  const Rgb made = { 0.21, 0.52, 0.89 };          /* GNOME blue 3: a press made */
  const Rgb ring_ok = { 0.20, 0.82, 0.48 };       /* green: a press kept */
  const Rgb ring_bad = { 0.88, 0.11, 0.14 };      /* red: a dead end */
  const double c = l->cell;
  const double gap = c >= 12 ? MAX (1.0, floor (c * 0.08)) : 0;
  const double radius = c * 0.16;
  /* A move animating: the lamps that changed fade between off and on. */
  const guint8 *from = o && o->anim_from && o->anim_progress < 1
                       && o->anim_from->game == &lights_game
                       && o->anim_from->width == width && o->anim_from->height == height
                       ? LIGHTS_CONST (o->anim_from)->cells : NULL;
  const double p = from ? CLAMP (o->anim_progress, 0, 1) : 1;
  int vx0, vy0, vx1, vy1;

  if (c < TINY_CELL)
    {
      TinyCells t = {
        .cells = cells, .press = press, .on = pack (on), .off = pack (off),
        .press_on = pack (pressed ? made : dot),
        .press_off = hb_draw_mix (pack (pressed ? made : dot), pack (off), 0.4),
      };

      cairo_save (cr);
      hb_draw_cell_image (cr, l, width, height, tiny_colour, &t);
      /* The hovered cell and the trace's current press as rings a few
       * pixels across, where an outline inside the cell would not show;
       * cut at the board's edge like everything else. */
      cairo_rectangle (cr, l->x0, l->y0, c * width, c * height);
      cairo_clip (cr);
      cairo_set_line_width (cr, 1.5);
      if (o && o->hover_x >= 0 && o->hover_y >= 0 && o->hover_x < width
          && o->hover_y < height)
        {
          cairo_new_path (cr);
          hb_draw_cell_ring (cr, l, o->hover_x, o->hover_y, 3);
          cairo_set_source_rgba (cr, 1, 1, 1, dark ? 0.6 : 0.85);
          cairo_stroke (cr);
        }
      if (current_x >= 0 && current_y >= 0 && current_x < width && current_y < height)
        {
          cairo_new_path (cr);
          hb_draw_cell_ring (cr, l, current_x, current_y, 4);
          cairo_set_line_width (cr, 2);
          set_rgb (cr, current_bad ? ring_bad : ring_ok, 1);
          cairo_stroke (cr);
        }
      cairo_restore (cr);
      return;
    }

  /* The board plate. */
  set_rgb (cr, board, 1);
  hb_draw_rounded_rect (cr, l->x0 - gap, l->y0 - gap, c * width + 2 * gap,
                c * height + 2 * gap, radius + gap);
  cairo_fill (cr);

  /* Only the cells the clip shows: on a big board at a readable size
   * most of it lies outside the window. */
  hb_draw_visible_cells (cr, l, width, height, 1, &vx0, &vy0, &vx1, &vy1);
  for (int y = vy0; y < vy1; y++)
    {
      for (int x = vx0; x < vx1; x++)
        {
          gsize i = (gsize) y * width + x;
          double px = l->x0 + x * c + gap / 2, py = l->y0 + y * c + gap / 2;
          double s = c - gap;

          if (gap > 0)
            hb_draw_rounded_rect (cr, px, py, s, s, radius);
          else
            cairo_rectangle (cr, px, py, s, s);
          if (from && from[i] != cells[i])
            {
              /* Fading: the dark lamp, the lit one over it as far as the
               * move has gone (on: p, off: 1 − p). */
              double lit = cells[i] ? p : 1 - p;
              cairo_pattern_t *pat = lit_lamp (px, py, s, on, on_edge);
              set_rgb (cr, off, 1);
              cairo_fill_preserve (cr);
              cairo_save (cr);
              cairo_clip (cr);
              cairo_set_source (cr, pat);
              cairo_paint_with_alpha (cr, lit);
              cairo_restore (cr);
              cairo_pattern_destroy (pat);
            }
          else if (cells[i])
            {
              cairo_pattern_t *pat = lit_lamp (px, py, s, on, on_edge);
              cairo_set_source (cr, pat);
              cairo_fill (cr);
              cairo_pattern_destroy (pat);
            }
          else
            {
              set_rgb (cr, off, 1);
              cairo_fill (cr);
            }
        }

      /* The row's presses: orange dots, outlined so they read on a lit
       * lamp. One fill and one stroke for the row: a dot and its outline
       * (radius at most 0.19 of the lamp) stay inside their own cell, so
       * the pixels are those of a fill and a stroke per dot. */
      if (press != NULL)
        {
          double s = c - gap, r = MAX (2.0, s * 0.17);
          gboolean any = FALSE;

          for (int x = vx0; x < vx1; x++)
            if (press[(gsize) y * width + x])
              {
                cairo_new_sub_path (cr);
                cairo_arc (cr, l->x0 + x * c + gap / 2 + s / 2,
                           l->y0 + y * c + gap / 2 + s / 2, r, 0, 2 * G_PI);
                any = TRUE;
              }
          if (any && pressed)
            {
              /* Presses made (a solver's frame): a blue ring, so orange
               * keeps one meaning, "press here". */
              cairo_set_line_width (cr, MAX (1.5, s * 0.07));
              set_rgb (cr, made, 1);
              cairo_stroke (cr);
            }
          else if (any)
            {
              set_rgb (cr, dot, 1);
              cairo_fill_preserve (cr);
              cairo_set_line_width (cr, MAX (1.0, s * 0.04));
              cairo_set_source_rgba (cr, 0.25, 0.12, 0, 0.55);
              cairo_stroke (cr);
            }
        }
    }

  /* The hovered lamp, outlined inside its own cell. */
  if (o && o->hover_x >= vx0 && o->hover_y >= vy0 && o->hover_x < vx1 && o->hover_y < vy1)
    {
      double px = l->x0 + o->hover_x * c + gap / 2, py = l->y0 + o->hover_y * c + gap / 2;
      double s = c - gap;

      hb_draw_rounded_rect (cr, px + 1, py + 1, s - 2, s - 2, radius);
      cairo_set_line_width (cr, MAX (1.0, c * 0.05));
      cairo_set_source_rgba (cr, 1, 1, 1, dark ? 0.35 : 0.6);
      cairo_stroke (cr);
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
                       options, -1, -1, FALSE, FALSE);
}

/* The lamps are drawn each in its own cell, and the hint's dots only
 * with a hint, which belongs to one board. */
gboolean
lights_redraw_cells (const HbState *before, const HbState *after,
                     const HbRenderOptions *options, HbCellRect *rect)
{
  if (options->show_hints && options->hint != NULL)
    return FALSE;
  hb_grid_plane_diff (LIGHTS_CONST (before)->cells, LIGHTS_CONST (after)->cells,
                      after->width, after->height, rect);
  return TRUE;
}
