/* flood-render.c: cairo drawing of a board, its overlays and trace frames.
 *
 * The colours start from the Okabe–Ito palette, made for the common
 * colour-vision deficiencies, with the six a default board uses moved a
 * little apart: Okabe–Ito's orange and yellow are only ΔE 17 apart for a
 * deuteranope (15 in the dark style), so the orange is a shade redder, the
 * yellow lighter, the vermilion deeper and the two blues and the green
 * spread out. Every pair of the six is now at least ΔE 23 apart (CIELAB)
 * with normal vision, deuteranopia and protanopia (Machado et al. 2009,
 * full severity), in the light and the dark style; test-flood-render
 * checks it. Grey, brown and lavender follow for boards of more than
 * seven colours; on request (HB_HINT_COLOUR_LABELS)
 * and on large enough cells the colour's digit is drawn too, so no one
 * has to rely on hue alone. */
#include "flood.h"
#include "hb-stat-label.h"
#include "hb-draw.h"
#include "hb-grid-state.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

static const guint32 palette_light[FLOOD_MAX_COLOURS] = {
  0xED8F00, 0x3ABBEA, 0x43A571, 0xFFF66C, 0x006294,
  0xC03C00, 0xCC79A7, 0x999999, 0x8C564B, 0xC5B0D5,
};

void
flood_colour_rgb (int c, gboolean dark, double rgb[3])
{
  guint32 v = palette_light[CLAMP (c, 0, FLOOD_MAX_COLOURS - 1)];
  /* In the dark style the brightest colours are toned down a little so the
   * board does not glare against a dark window. */
  double k = dark ? 0.85 : 1.0;

  rgb[0] = ((v >> 16) & 0xff) / 255.0 * k;
  rgb[1] = ((v >> 8) & 0xff) / 255.0 * k;
  rgb[2] = (v & 0xff) / 255.0 * k;
}

static void
set_colour (cairo_t *cr, int c, gboolean dark)
{
  double rgb[3];

  flood_colour_rgb (c, dark, rgb);
  cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
}

/* The outline of the cells marked in mask, as closed loops: one sub-path
 * per boundary loop (the outside of each piece, and each hole), so a
 * dashed stroke runs on round the corners and the corners join instead of
 * being two line ends. Every loop is moved `inset` pixels into the marked
 * cells, so a line of width 2 × inset stays inside them and inside the
 * board. Only loops that reach into cells [vx0, vx1) × [vy0, vy1) (those
 * shown) are added.
 *
 * The loops run on the lattice of cell corners, (w + 1) × (h + 1) points,
 * along the cell edges with a marked cell on one side and an unmarked
 * cell or the border on the other, directed so the marked cell is on the
 * right: clockwise on screen round each piece. A corner where two marked
 * cells touch only diagonally has two edges out; the walk then turns
 * right, keeping to the cell it came along, so the two cells get loops of
 * their own, which the inset keeps apart instead of crossing there. */
enum { DIR_E, DIR_S, DIR_W, DIR_N };

static void
mask_outline_path (cairo_t *cr, const guint8 *mask, int w, int h,
                   const HbLayout *l, double inset,
                   int vx0, int vy0, int vx1, int vy1)
{
  static const int dx[4] = { 1, 0, -1, 0 }, dy[4] = { 0, 1, 0, -1 };
  int pw = w + 1;
  /* Bit d: an edge leaves the corner heading d; of those, the ones walked. */
  guint8 *out = g_new0 (guint8, (gsize) pw * (h + 1));
  guint8 *used = g_new0 (guint8, (gsize) pw * (h + 1));
  GArray *corners = g_array_new (FALSE, FALSE, sizeof (int) * 3);

#define MARKED(X, Y) ((X) >= 0 && (Y) >= 0 && (X) < w && (Y) < h && mask[(gsize) (Y) * w + (X)])
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        if (!mask[(gsize) y * w + x])
          continue;
        if (!MARKED (x, y - 1))
          out[(gsize) y * pw + x] |= 1 << DIR_E;            /* top, left to right */
        if (!MARKED (x + 1, y))
          out[(gsize) y * pw + x + 1] |= 1 << DIR_S;        /* right, downwards */
        if (!MARKED (x, y + 1))
          out[(gsize) (y + 1) * pw + x + 1] |= 1 << DIR_W;  /* bottom, right to left */
        if (!MARKED (x - 1, y))
          out[(gsize) (y + 1) * pw + x] |= 1 << DIR_N;      /* left, upwards */
      }
#undef MARKED

  for (int sy = 0; sy <= h; sy++)
    for (int sx = 0; sx <= w; sx++)
      while (out[(gsize) sy * pw + sx] & ~used[(gsize) sy * pw + sx])
        {
          int x = sx, y = sy, d = 0, first;
          int bx0 = x, by0 = y, bx1 = x, by1 = y;

          while (!(out[(gsize) y * pw + x] & ~used[(gsize) y * pw + x] & (1 << d)))
            d++;
          first = d;
          g_array_set_size (corners, 0);
          /* Walk until the loop takes its first edge again, noting the
           * corners: the points where the direction changes. The next
           * edge is the rightmost of those leaving the corner reached
           * (right, straight on, left; never back): each edge in has its
           * own edge out, so the walk comes back to where it began. */
          for (;;)
            {
              int next = first;
              used[(gsize) y * pw + x] |= 1 << d;
              x += dx[d];
              y += dy[d];
              bx0 = MIN (bx0, x); by0 = MIN (by0, y);
              bx1 = MAX (bx1, x); by1 = MAX (by1, y);
              for (int turn = 1; turn >= -1; turn--)
                {
                  int e = (d + turn + 4) & 3;
                  if (out[(gsize) y * pw + x] & (1 << e))
                    {
                      next = e;
                      break;
                    }
                }
              if (next != d)
                {
                  int c[3] = { x, y, d | next << 2 };
                  g_array_append_val (corners, c);
                }
              if ((used[(gsize) y * pw + x] & (1 << next)) != 0)
                break;   /* its first edge again */
              d = next;
            }
          if (bx1 < vx0 || by1 < vy0 || bx0 > vx1 || by0 > vy1)
            continue;
          /* Each corner moves inward by the inset along both of its
           * edges' inward normals (the right-hand side of the direction
           * of travel): the point where the two moved edges meet, at a
           * convex corner and at a concave one alike. */
          for (guint i = 0; i < corners->len; i++)
            {
              const int *c = &g_array_index (corners, int, 3 * i);
              int din = c[2] & 3, dout = c[2] >> 2;
              /* The right-hand normal of heading d is heading d + 1. */
              double px = l->x0 + c[0] * l->cell + inset * (dx[(din + 1) & 3] + dx[(dout + 1) & 3]);
              double py = l->y0 + c[1] * l->cell + inset * (dy[(din + 1) & 3] + dy[(dout + 1) & 3]);
              if (i == 0)
                cairo_move_to (cr, px, py);
              else
                cairo_line_to (cr, px, py);
            }
          cairo_close_path (cr);
        }
  g_array_free (corners, TRUE);
  g_free (out);
  g_free (used);
}

/* A colour's digit drawn on it (the board's labels and the palette's
 * chips alike): black or white, whichever contrasts more with the colour,
 * as soft as it can be while it keeps 4.5:1 (WCAG AA). A threshold on
 * luma, with black at 70 % and white at 85 %, left the green at 3.7:1 in
 * the dark style, and four other colours under 4.5 (review). */
static void
set_digit_colour (cairo_t *cr, int c, gboolean dark)
{
  double rgb[3], rgba[4];

  flood_colour_rgb (c, dark, rgb);
  hb_draw_label_colour (rgb, 0.7, rgba);
  cairo_set_source_rgba (cr, rgba[0], rgba[1], rgba[2], rgba[3]);
}

/* A dashed outline in two tones, readable on every colour. */
static void
stroke_highlight (cairo_t *cr, const guint8 *mask, int w, int h,
                  const HbLayout *l, int vx0, int vy0, int vx1, int vy1)
{
  double lw = MAX (2.0, l->cell * 0.12);
  double dash[] = { MAX (3.0, l->cell * 0.3), MAX (2.0, l->cell * 0.18) };

  cairo_save (cr);
  cairo_new_path (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  mask_outline_path (cr, mask, w, h, l, lw / 2, vx0, vy0, vx1, vy1);
  cairo_set_line_width (cr, lw);
  cairo_set_source_rgb (cr, 0.05, 0.05, 0.05);
  cairo_stroke_preserve (cr);
  cairo_set_dash (cr, dash, 2, 0);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* Below this cell size (pixels) the board is painted as one image of a
 * colour per cell (hb_draw_cell_image), a fill per cell costing a second a
 * frame on a board of a million. The outlines, which would be wider than
 * the cells, become tints of the cells along them: the flooded region's
 * edge cells take the outline's colour half-way, and the edge cells of
 * the hint's (or the last move's) captured cells alternate dark and light
 * in pairs, like the dashed two-tone line they stand for. */
#define TINY_CELL 4

typedef struct {
  const guint8 *cells, *flooded, *highlight;
  int           w, h;
  guint32       colour[FLOOD_MAX_COLOURS];
  guint32       edge[FLOOD_MAX_COLOURS];   /* on the flooded region's edge */
  guint32       dash[2];
} Tiny;

/* TRUE when (x, y) is marked in mask and a neighbour on the board is not;
 * with `border`, the board's own edge counts as unmarked too. */
static inline gboolean
mask_edge (const guint8 *mask, int w, int h, int x, int y, gboolean border)
{
  gsize i = (gsize) y * w + x;

  if (!mask[i])
    return FALSE;
  if (y > 0 ? !mask[i - w] : border)
    return TRUE;
  if (y < h - 1 ? !mask[i + w] : border)
    return TRUE;
  if (x > 0 ? !mask[i - 1] : border)
    return TRUE;
  return x < w - 1 ? !mask[i + 1] : border;
}

static guint32
tiny_colour (gsize i, int x, int y, gpointer data)
{
  const Tiny *t = data;
  int c = MIN (t->cells[i], FLOOD_MAX_COLOURS - 1);

  if (t->highlight && mask_edge (t->highlight, t->w, t->h, x, y, TRUE))
    return t->dash[((x + y) >> 1) & 1];
  /* The region's outline along the board's border would only repeat the
   * border: inner edges only. */
  if (t->flooded && mask_edge (t->flooded, t->w, t->h, x, y, FALSE))
    return t->edge[c];
  return t->colour[c];
}

static guint32
pack_colour (int c, gboolean dark)
{
  double rgb[3];

  flood_colour_rgb (c, dark, rgb);
  return hb_draw_pack_rgba (rgb[0], rgb[1], rgb[2], 1);
}

/* Faint lines between the cells [vx0, vx1) × [vy0, vy1), for Edit: a new
 * board is one colour, and with nothing between its cells a designer
 * cannot see where they are. The foreground at a low alpha over the cell
 * colours, so it reads on every colour in the light and the dark style
 * while staying under the region's outline. The phone game has no grid, so
 * play leaves it out. */
static void
draw_grid (cairo_t *cr, const HbLayout *l, int w, int h, gboolean dark,
           int vx0, int vy0, int vx1, int vy1)
{
  cairo_save (cr);
  if (dark)
    cairo_set_source_rgba (cr, 1, 1, 1, 0.22);
  else
    cairo_set_source_rgba (cr, 0, 0, 0, 0.18);
  cairo_set_line_width (cr, 1);
  hb_draw_grid_lines (cr, l, w, h, vx0, vy0, vx1, vy1);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
render_cells (const guint8 *cells, int w, int h, const guint8 *highlight,
              cairo_t *cr, const HbLayout *l, gboolean dark, gboolean digits,
              gboolean grid)
{
  guint8 *flooded = g_new (guint8, (gsize) w * h);
  gboolean solved = flood_cells_solved (cells, w * h);
  int vx0, vy0, vx1, vy1;

  cairo_save (cr);
  flood_region_mask (cells, w, h, flooded);
  if (l->cell < TINY_CELL)
    {
      Tiny t = { .cells = cells, .flooded = solved ? NULL : flooded,
                 .highlight = highlight, .w = w, .h = h,
                 .dash = { 0xff0d0d0d, 0xffffffff } };
      /* The normal outline's colour and opacity. */
      guint32 outline = dark ? hb_draw_pack_rgba (1, 1, 1, 1)
                             : hb_draw_pack_rgba (0.1, 0.1, 0.1, 1);
      double alpha = dark ? 0.75 : 0.65;

      for (int c = 0; c < FLOOD_MAX_COLOURS; c++)
        {
          t.colour[c] = pack_colour (c, dark);
          t.edge[c] = hb_draw_mix (t.colour[c], outline, alpha * 0.6);
        }
      hb_draw_cell_image (cr, l, w, h, tiny_colour, &t);
    }
  else
    {
      /* Only the cells the clip shows (and one more round them, which
       * an outline may reach into). */
      hb_draw_visible_cells (cr, l, w, h, 1, &vx0, &vy0, &vx1, &vy1);
      for (int y = vy0; y < vy1; y++)
        for (int x = vx0; x < vx1; x++)
          {
            set_colour (cr, cells[y * w + x], dark);
            /* Overlap by a fraction of a pixel so no seams show. */
            cairo_rectangle (cr, l->x0 + x * l->cell, l->y0 + y * l->cell,
                             l->cell + 0.5, l->cell + 0.5);
            cairo_fill (cr);
          }

      /* The colour's digit on every cell, on request (a colour-blind
       * aid), in the tone that reads on it (set_digit_colour). */
      if (digits && l->cell >= 14)
        {
          cairo_select_font_face (cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
                                  CAIRO_FONT_WEIGHT_BOLD);
          cairo_set_font_size (cr, l->cell * 0.4);
          for (int y = vy0; y < vy1; y++)
            for (int x = vx0; x < vx1; x++)
              {
                int c = MIN (cells[y * w + x], FLOOD_MAX_COLOURS - 1);
                char t[2] = { '0' + c, 0 };
                cairo_text_extents_t e;
                cairo_text_extents (cr, t, &e);
                set_digit_colour (cr, c, dark);
                cairo_move_to (cr, l->x0 + (x + 0.5) * l->cell - e.x_bearing - e.width / 2,
                               l->y0 + (y + 0.5) * l->cell - e.y_bearing - e.height / 2);
                cairo_show_text (cr, t);
              }
        }

      if (grid)
        draw_grid (cr, l, w, h, dark, vx0, vy0, vx1, vy1);

      /* The flooded region, subtly outlined. */
      if (!solved)
        {
          /* On the region's edge, half in the cells beside it, which
           * leaves its own cells as much of their colour as it can (a
           * cell may be 4 px); cut at the board's edge, where the
           * board's own line stands for it. */
          cairo_save (cr);
          cairo_rectangle (cr, l->x0, l->y0, l->cell * w, l->cell * h);
          cairo_clip (cr);
          cairo_new_path (cr);
          mask_outline_path (cr, flooded, w, h, l, 0, vx0, vy0, vx1, vy1);
          cairo_set_line_width (cr, MAX (1.5, l->cell * 0.08));
          if (dark)
            cairo_set_source_rgba (cr, 1, 1, 1, 0.75);
          else
            cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.65);
          cairo_stroke (cr);
          cairo_restore (cr);
        }
      if (highlight)
        stroke_highlight (cr, highlight, w, h, l, vx0, vy0, vx1, vy1);
    }

  /* The board's edge. */
  cairo_rectangle (cr, l->x0, l->y0, l->cell * w, l->cell * h);
  cairo_set_line_width (cr, 1);
  if (dark)
    cairo_set_source_rgba (cr, 1, 1, 1, 0.3);
  else
    cairo_set_source_rgba (cr, 0, 0, 0, 0.4);
  cairo_stroke (cr);
  cairo_restore (cr);
  g_free (flooded);
}

void
flood_render_cells (const guint8 *cells, int w, int h, const guint8 *highlight,
                    cairo_t *cr, const HbLayout *l, gboolean dark, gboolean digits)
{
  render_cells (cells, w, h, highlight, cr, l, dark, digits, FALSE);
}

/* The badge's font set to `size` on cr, and for `text` at that size its
 * extents, padding, swatch width (0 without a swatch), width and height. */
static void
badge_measure (cairo_t *cr, const char *text, double size, gboolean swatch,
               cairo_text_extents_t *e, double *pad, double *sw, double *bw, double *bh)
{
  *pad = size * 0.35;
  *sw = swatch ? size * 0.9 + *pad : 0;
  cairo_set_font_size (cr, size);
  cairo_text_extents (cr, text, e);
  *bw = e->x_advance + 2 * *pad + *sw;
  *bh = size + *pad;
}

/* A rounded badge with text, and optionally a swatch of a colour, beside
 * the board so it covers no cell: right of it, else below, above or left
 * of it, wherever the drawing area leaves room, at a smaller size if that
 * is what fits (down to a size still read easily). Only when no side has
 * room does it go in the board's bottom-right corner, away from the
 * flooded region, which grows from the top-left. A `caption` (a replay's
 * "Move 3", a search's "5 moves in, at least 11 in all") tries below the
 * board first: right of it first, a short caption stood large beside the
 * board and the next, longer one small under it, one step apart (review). */
static void
draw_badge (cairo_t *cr, const HbLayout *l, const char *text, int swatch, gboolean digits,
            gboolean caption, gboolean dark, int hover_x, int hover_y)
{
  const double gap = 4;
  const double size0 = MAX (10.0, MIN (l->cell * 0.6, 28.0));
  const double min_size = MIN (11.0, size0);
  double size = size0, pad, sw;
  double x = 0, y = 0, bw, bh, r;
  double right = l->x0 + l->cell * l->width, bottom = l->y0 + l->cell * l->height;
  double cx1, cy1, cx2, cy2, room[4];
  gboolean placed = FALSE;
  cairo_text_extents_t e;

  cairo_save (cr);
  cairo_clip_extents (cr, &cx1, &cy1, &cx2, &cy2);
  /* The room on each side: right, below, above, left. */
  room[0] = cx2 - right - gap;
  room[1] = cy2 - bottom - gap;
  room[2] = l->y0 - cy1 - gap;
  room[3] = l->x0 - cx1 - gap;
  cairo_select_font_face (cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
                          CAIRO_FONT_WEIGHT_BOLD);
  /* A caption's first pass tries below alone, at every size. */
  for (int pass = caption ? 0 : 1; pass < 2 && !placed; pass++)
  for (double s = size0; s > 0 && !placed; s = s > min_size ? MAX (min_size, s * 0.8) : 0)
    {
      size = s;
      badge_measure (cr, text, size, swatch >= 0, &e, &pad, &sw, &bw, &bh);
      for (int side = 0; side < 4 && !placed; side++)
        {
          if (pass == 0 && side != 1)
            continue;
          /* Beside the board: the badge's full width (right, left) or
           * height (below, above) must fit in the room there. */
          if (room[side] < (side == 0 || side == 3 ? bw : bh))
            continue;
          /* Below or above, right-aligned with the board: it must not run
           * past the area's left edge (at 400 px the search's badge was
           * cut to "ves in, at least 8 in all"). */
          if ((side == 1 || side == 2) && bw > right - cx1)
            continue;
          placed = TRUE;
          switch (side)
            {
            case 0: x = right + gap; y = bottom - bh; break;
            case 1: x = right - bw; y = bottom + gap; break;
            case 2: x = right - bw; y = l->y0 - gap - bh; break;
            default: x = l->x0 - gap - bw; y = bottom - bh; break;
            }
        }
    }
  if (!placed)
    {
      /* In the board's corner, as large as fits the area's width. */
      size = MAX (10.0, MIN (l->cell * 0.6, 28.0));
      badge_measure (cr, text, size, swatch >= 0, &e, &pad, &sw, &bw, &bh);
      while (bw > right - cx1 - 3 && size > 6)
        {
          size *= 0.9;
          badge_measure (cr, text, size, swatch >= 0, &e, &pad, &sw, &bw, &bh);
        }
      x = right - bw - 3;
      y = bottom - bh - 3;
    }
  r = bh / 3;
  /* The badge covers a cell or two: with the pointer on them it fades, so
   * the cells under it can be seen and clicked. */
  {
    double hx = l->x0 + hover_x * l->cell, hy = l->y0 + hover_y * l->cell;
    if (hover_x >= 0 && hover_y >= 0 && hx < x + bw && hx + l->cell > x
        && hy < y + bh && hy + l->cell > y)
      {
        cairo_restore (cr);
        return;
      }
  }
  hb_draw_rounded_rect (cr, x, y, bw, bh, r);
  if (dark)
    cairo_set_source_rgba (cr, 0.12, 0.12, 0.12, 0.88);
  else
    cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
  cairo_fill (cr);
  if (swatch >= 0)
    {
      cairo_arc (cr, x + pad + size * 0.45, y + bh / 2, size * 0.4, 0, 2 * G_PI);
      set_colour (cr, swatch, dark);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, 1);
      cairo_set_source_rgba (cr, dark ? 1 : 0, dark ? 1 : 0, dark ? 1 : 0, 0.5);
      cairo_stroke (cr);
      /* With the colour labels on, the swatch carries its digit as the
       * cells and the palette do (a plain disc beside "21" told a
       * colour-blind player nothing, or read as colour 2, 1 move). */
      if (digits)
        {
          char t[2] = { (char) ('0' + MIN (swatch, FLOOD_MAX_COLOURS - 1)), 0 };
          cairo_text_extents_t de;

          cairo_save (cr);
          cairo_select_font_face (cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
                                  CAIRO_FONT_WEIGHT_BOLD);
          cairo_set_font_size (cr, size * 0.55);
          cairo_text_extents (cr, t, &de);
          set_digit_colour (cr, swatch, dark);
          cairo_move_to (cr, x + pad + size * 0.45 - de.x_bearing - de.width / 2,
                         y + bh / 2 - de.y_bearing - de.height / 2);
          cairo_show_text (cr, t);
          cairo_restore (cr);
        }
    }
  if (dark)
    cairo_set_source_rgb (cr, 1, 1, 1);
  else
    cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_move_to (cr, x + pad + sw - e.x_bearing, y + bh / 2 - e.y_bearing - e.height / 2);
  cairo_show_text (cr, text);
  cairo_restore (cr);
}

/* A move animating: the flood spreads from the top-left cell. Each cell
 * the move changed keeps its old colour until the spread reaches it, in
 * order of its steps from the corner through the changed cells; `p` is
 * how far the move has gone, 0..1. */
static void
draw_spreading (cairo_t *cr, const HbLayout *l, const guint8 *from, const guint8 *cells,
                int w, int h, double p, gboolean dark)
{
  gsize n = (gsize) w * h;
  int *dist = g_new (int, n);
  int *queue = g_new (int, n);
  int head = 0, tail = 0, far = 0;

  for (gsize i = 0; i < n; i++)
    dist[i] = -1;
  if (from[0] != cells[0])
    {
      dist[0] = 0;
      queue[tail++] = 0;
    }
  while (head < tail)
    {
      int i = queue[head++], x = i % w, y = i / w;
      far = MAX (far, dist[i]);
      for (int d = 0; d < 4; d++)
        {
          int nx = x + hb_dir_dx[d], ny = y + hb_dir_dy[d], j;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h)
            continue;
          j = ny * w + nx;
          if (dist[j] < 0 && from[j] != cells[j])
            {
              dist[j] = dist[i] + 1;
              queue[tail++] = j;
            }
        }
    }
  cairo_save (cr);
  for (int k = 0; k < tail; k++)
    {
      int i = queue[k];
      /* Reached once p passes its share of the way. */
      if (p * (far + 1) > dist[i])
        continue;
      set_colour (cr, from[i], dark);
      cairo_rectangle (cr, l->x0 + (i % w) * l->cell, l->y0 + (i / w) * l->cell,
                       l->cell + 0.5, l->cell + 0.5);
      cairo_fill (cr);
    }
  cairo_restore (cr);
  g_free (queue);
  g_free (dist);
}

void
flood_render (const HbState *state, cairo_t *cr, const HbLayout *layout,
              const HbRenderOptions *options)
{
  const FloodState *s = FLOOD_CONST (state);
  const FloodHint *hint = options ? options->hint : NULL;
  gboolean dark = options ? options->dark : FALSE;
  const guint8 *highlight = NULL;
  int w = state->width, h = state->height;

  if (options && options->show_hints && hint && hint->width == w
      && hint->height == h && hint->colour >= 0)
    highlight = hint->captured;
  render_cells (s->cells, w, h, highlight, cr, layout, dark,
                options != NULL && (options->hint_flags & HB_HINT_COLOUR_LABELS),
                options != NULL && options->mode == HB_MODE_EDIT);
  if (options && options->anim_from && options->anim_progress < 1
      && options->anim_from->game == &flood_game
      && options->anim_from->width == w && options->anim_from->height == h)
    draw_spreading (cr, layout, FLOOD_CONST (options->anim_from)->cells, s->cells, w, h,
                    MAX (options->anim_progress, 0), dark);
  if (highlight)
    {
      g_autofree char *t = flood_hint_badge_text (hint);
      draw_badge (cr, layout, t, hint->colour,
                  (options->hint_flags & HB_HINT_COLOUR_LABELS) != 0, FALSE, dark,
                  options->hover_x, options->hover_y);
    }
  if (options && options->mode == HB_MODE_PLAY && options->hover_x >= 0
      && options->hover_y >= 0 && options->hover_x < w && options->hover_y < h
      && layout->cell < TINY_CELL)
    {
      /* A square inside a cell of a pixel or two would not show: a ring
       * round it, cut at the board's edge. */
      cairo_save (cr);
      cairo_rectangle (cr, layout->x0, layout->y0, layout->cell * w, layout->cell * h);
      cairo_clip (cr);
      hb_draw_cell_ring (cr, layout, options->hover_x, options->hover_y, 3);
      cairo_set_line_width (cr, 1.5);
      cairo_set_source_rgba (cr, dark ? 1 : 0, dark ? 1 : 0, dark ? 1 : 0, 0.7);
      cairo_stroke (cr);
      cairo_restore (cr);
    }
  else if (options && options->mode == HB_MODE_PLAY && options->hover_x >= 0
           && options->hover_y >= 0 && options->hover_x < w && options->hover_y < h)
    {
      /* A rounded ring inside the cell, in the tone its digit would take:
       * the flooded region's outline is square-cornered and runs on the
       * cells' edges, so the pointer's cell never looks flooded. */
      double c = layout->cell, inset = MIN (MAX (2.0, c * 0.16), c * 0.2);   /* a ring at 4 px */

      cairo_save (cr);
      hb_draw_rounded_rect (cr, layout->x0 + options->hover_x * c + inset,
                            layout->y0 + options->hover_y * c + inset,
                            c - 2 * inset, c - 2 * inset, c * 0.18);
      cairo_set_line_width (cr, MAX (1.5, c * 0.07));
      set_digit_colour (cr, s->cells[options->hover_y * w + options->hover_x], dark);
      cairo_stroke (cr);
      cairo_restore (cr);
    }
}

/* The most cells of the flooded region flood_redraw_cells walks: a
 * larger region spans too much of the board to be worth drawing in part
 * (it grows from the top left corner). */
#define REDRAW_WALK_MAX 262144

/* Grows *rect by the flooded region of `cells` (the top left cell's
 * region); FALSE past REDRAW_WALK_MAX cells. */
static gboolean
flooded_rect (const guint8 *cells, int w, int h, HbCellRect *rect)
{
  g_autofree guint8 *mask = g_malloc ((gsize) w * h);

  return flood_region_walk (cells, w, h, mask, REDRAW_WALK_MAX, rect) >= 0;
}

/* A cell is drawn in its colour (and its digit, and Edit's grid), and
 * the flooded region's outline runs round the region: the cells that
 * changed colour, and the regions flooded on either board, which the
 * outline follows (a region flooded grows by cells that keep their
 * colour). A solved board has no outline at all. */
gboolean
flood_redraw_cells (const HbState *before, const HbState *after,
                    const HbRenderOptions *options, HbCellRect *rect)
{
  const FloodState *a = FLOOD_CONST (before), *b = FLOOD_CONST (after);
  int w = after->width, h = after->height;
  HbCellRect changed = HB_CELL_RECT_EMPTY;

  if ((options->show_hints && options->hint != NULL) || a->colours != b->colours)
    return FALSE;
  hb_grid_plane_diff (a->cells, b->cells, w, h, &changed);
  if (hb_cell_rect_is_empty (&changed))
    return TRUE;
  if (flood_cells_solved (a->cells, w * h) || flood_cells_solved (b->cells, w * h))
    return FALSE;
  hb_cell_rect_add (rect, changed.x0, changed.y0, changed.x1, changed.y1);
  return flooded_rect (a->cells, w, h, rect) && flooded_rect (b->cells, w, h, rect);
}

gboolean
flood_hover_local (const HbState *state, const HbRenderOptions *options)
{
  return !options->show_hints || options->hint == NULL;
}

void
flood_palette_render (const HbState *state, HbMode mode, int id, cairo_t *cr,
                      double size, gboolean dark)
{
  char t[2] = { '0' + CLAMP (id, 0, 9), 0 };
  double r = size * 0.18;
  cairo_text_extents_t e;

  cairo_save (cr);
  hb_draw_rounded_rect (cr, 0, 0, size, size, r);
  set_colour (cr, id, dark);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, 1);
  cairo_set_source_rgba (cr, dark ? 1 : 0, dark ? 1 : 0, dark ? 1 : 0, 0.35);
  cairo_stroke (cr);
  cairo_select_font_face (cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
                          CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, size * 0.45);
  cairo_text_extents (cr, t, &e);
  set_digit_colour (cr, CLAMP (id, 0, FLOOD_MAX_COLOURS - 1), dark);
  cairo_move_to (cr, size / 2 - e.x_bearing - e.width / 2,
                 size / 2 - e.y_bearing - e.height / 2);
  cairo_show_text (cr, t);
  cairo_restore (cr);
}

/* ---- Trace frames ---------------------------------------------------------- */

/* A frame: the board a step leaves. MOVE steps flood the answer board one
 * move at a time (the captured cells outlined); TRY steps of the optimal
 * search show the state being expanded (the board after its moves, blob =
 * the colours); BOUND / INFO steps update the counters. */
typedef struct {
  int      w, h;
  guint8  *initial;
  guint8  *cells;
  guint8  *highlight;    /* cells the last step captured, or NULL */
  int      moves;
  int      bound;
  gint64   expanded;
  gboolean searching;
  /* The board the solve began on: the moves played on it (in Play, part
   * way through a game) and its move limit, so that the answer's moves
   * are counted as the status line counts them ("7 / 12 moves"). */
  int      played;
  int      limit;
} FloodFrame;

gpointer
flood_frame_new (const HbState *initial, const HbTrace *trace)
{
  const FloodState *s = FLOOD_CONST (initial);
  FloodFrame *f = g_new0 (FloodFrame, 1);
  gsize n = (gsize) initial->width * initial->height;

  f->w = initial->width;
  f->h = initial->height;
  f->initial = g_memdup2 (s->cells, n);
  f->cells = g_memdup2 (s->cells, n);
  f->played = f->moves = s->moves;
  f->limit = s->move_limit;
  return f;
}

gpointer
flood_frame_copy (gconstpointer frame)
{
  const FloodFrame *f = frame;
  FloodFrame *c = g_memdup2 (f, sizeof *f);
  gsize n = (gsize) f->w * f->h;

  c->initial = g_memdup2 (f->initial, n);
  c->cells = g_memdup2 (f->cells, n);
  c->highlight = f->highlight ? g_memdup2 (f->highlight, n) : NULL;
  return c;
}

void
flood_frame_free (gpointer frame)
{
  FloodFrame *f = frame;

  if (f == NULL)
    return;
  g_free (f->initial);
  g_free (f->cells);
  g_free (f->highlight);
  g_free (f);
}

void
flood_frame_step (gpointer frame, const HbTrace *trace, const HbStep *step)
{
  FloodFrame *f = frame;
  gsize n = (gsize) f->w * f->h;

  switch ((HbStepKind) step->kind)
    {
    case HB_STEP_MOVE:
      {
        guint8 *before = g_new (guint8, n);
        if (f->searching)
          {
            memcpy (f->cells, f->initial, n);
            f->searching = FALSE;
          }
        flood_region_mask (f->cells, f->w, f->h, before);
        if (step->value >= 0 && step->value < FLOOD_MAX_COLOURS)
          flood_fill (f->cells, f->w, f->h, step->value);
        g_free (f->highlight);
        f->highlight = g_new (guint8, n);
        flood_region_mask (f->cells, f->w, f->h, f->highlight);
        for (gsize i = 0; i < n; i++)
          f->highlight[i] = f->highlight[i] && !before[i];
        g_free (before);
        f->moves = f->played + step->depth;
        break;
      }
    case HB_STEP_TRY:
      {
        gsize len = 0;
        const guint8 *m = hb_trace_blob (trace, step, &len);
        memcpy (f->cells, f->initial, n);
        for (gsize i = 0; m && i < len; i++)
          if (m[i] < FLOOD_MAX_COLOURS)
            flood_fill (f->cells, f->w, f->h, m[i]);
        g_free (f->highlight);
        f->highlight = g_new (guint8, n);
        flood_region_mask (f->cells, f->w, f->h, f->highlight);
        /* Counted from the game's start, as the answer's moves and the
         * status line count them: a solve begun 13 moves in that looks
         * at a position 3 moves further says "16 moves in", not "3". */
        f->moves = f->played + (int) len;
        f->bound = f->played + step->value;
        f->expanded = step->counter;
        f->searching = TRUE;
        break;
      }
    case HB_STEP_SOLUTION:
      memcpy (f->cells, f->initial, n);
      g_clear_pointer (&f->highlight, g_free);
      f->searching = FALSE;
      f->moves = f->played;
      f->expanded = step->counter;
      break;
    case HB_STEP_BOUND:
    case HB_STEP_INFO:
      f->bound = f->played + step->value;
      f->expanded = step->counter;
      break;
    default:
      break;
    }
}

/* The badges are short sentences in sentence case, as the step's text
 * beside them ("Move 3: flood with 2 (Green)"): they read "move 3" and
 * "at most 5 to go" (review). */
char *
flood_hint_badge_text (const FloodHint *hint)
{
  /* The moves still needed with the hinted colour; "At most" when the
   * hint's search did not prove it the fewest. */
  return hint->proven
    /* TRANSLATORS: the hint badge beside a Flood-It board: the moves
     * still needed with the colour on it (a bare number said nothing at
     * 400 px, where the sidebar's words are hidden: review). A badge
     * begins with a capital letter, as a sentence does. */
    ? g_strdup_printf (_("%d to go"), hint->to_go)
    /* TRANSLATORS: the hint badge beside a Flood-It board: the moves
     * still needed, not proven to be the fewest */
    : g_strdup_printf (_("At most %d to go"), hint->to_go);
}

char *
flood_frame_badge_text (gconstpointer frame)
{
  const FloodFrame *f = frame;

  if (f->searching)
    /* TRANSLATORS: the badge beside a Flood-It board while the optimal
     * search runs: the moves played in the position it looks at, and
     * how many moves it has proved a solution needs, both counted from
     * the game's start (a solve begun 13 moves in: "16 moves in, at
     * least 27 in all") */
    return g_strdup_printf (g_dngettext (NULL, "%d move in, at least %d in all",
                                         "%d moves in, at least %d in all", f->moves),
                            f->moves, f->bound);
  if (f->moves > 0)
    /* TRANSLATORS: the badge beside a Flood-It board replaying an answer:
     * the moves made so far (a bare number read as the hint's moves
     * still to go: review) */
    return g_strdup_printf (_("Move %d"), f->moves);
  return NULL;
}

void
flood_frame_render (gconstpointer frame, cairo_t *cr, const HbLayout *layout,
                    const HbRenderOptions *options, const HbStep *current)
{
  const FloodFrame *f = frame;
  gboolean dark = options ? options->dark : FALSE;
  g_autofree char *t = flood_frame_badge_text (f);

  flood_render_cells (f->cells, f->w, f->h, f->highlight, cr, layout, dark,
                      options != NULL && (options->hint_flags & HB_HINT_COLOUR_LABELS));
  if (t != NULL)
    draw_badge (cr, layout, t, -1, FALSE, TRUE, dark, options ? options->hover_x : -1,
                options ? options->hover_y : -1);
}

char *
flood_describe_step (const HbState *initial, const HbTrace *trace, const HbStep *step)
{
  int v = step->value;
  /* The moves played before the solve began: the search counts from its
   * own start, the texts from the game's, as the board's badge, the
   * answer's moves and the status line do ("16 moves in", not "3"). */
  int played = FLOOD_CONST (initial)->moves;
  /* Formatted apart, the digits grouped as the locale says. */
  g_autofree char *expanded = hb_format_count (step->counter);
  /* TRANSLATORS: the positions a search step of Flood-It's optimal
   * solver has looked at, within the next messages: "1,234 positions
   * looked at" */
  g_autofree char *looked = g_strdup_printf (g_dngettext (NULL, "%s position looked at",
                                                          "%s positions looked at",
                                                          (gulong) step->counter),
                                             expanded);

  switch ((HbStepKind) step->kind)
    {
    case HB_STEP_MOVE:
      /* Counted on the board, as the counter below it and the status
       * line count (the solve may begin part-way through a game). */
      /* TRANSLATORS: a solver step: "Move 3: flood with 2 (Green)" */
      return g_strdup_printf (_("Move %d: flood with %d (%s)"),
                              FLOOD_CONST (initial)->moves + step->depth, v,
                              flood_colour_name (v));
    case HB_STEP_TRY:
      {
        /* Each count with its own plural: the moves in with the first,
         * the moves through it with the second (one plural for both read
         * "27 mutări" in Romanian, where 27 takes "de mutări"). */
        /* TRANSLATORS: a step of the optimal search, its first part: the
         * moves played in the position it looks at ("A position 16 moves
         * in") */
        g_autofree char *in = g_strdup_printf (g_dngettext (NULL, "A position %d move in",
                                                            "A position %d moves in",
                                                            played + step->depth),
                                               played + step->depth);
        /* TRANSLATORS: a step of the optimal search, its second part: the
         * fewest moves a solution through the position can have ("at
         * least 27 moves through it") */
        g_autofree char *through = g_strdup_printf (g_dngettext (NULL,
                                                                 "at least %d move through it",
                                                                 "at least %d moves through it",
                                                                 played + v),
                                                    played + v);

        /* (Short enough for the player's two lines at the window's first
         * size: the longer wording lost its count there.) */
        /* TRANSLATORS: a step of the optimal search: the two parts above
         * and the positions looked at so far: "A position 16 moves in: at
         * least 27 moves through it; 1,234 positions looked at" */
        return g_strdup_printf (_("%s: %s; %s"), in, through, looked);
      }
    case HB_STEP_BOUND:
      if (played > 0)
        {
          /* Begun part-way through a game: the moves still to make first
           * ("At least 11 moves are needed" after 3 played read as 11
           * more: review), then the game's count. */
          /* TRANSLATORS: the search proved at least this many moves are
           * needed from where the solve began, after moves played */
          g_autofree char *more = g_strdup_printf (g_dngettext (NULL, "At least %d more move is needed",
                                                                "At least %d more moves are needed", v),
                                                   v);
          /* TRANSLATORS: the part above, the moves in all counted from the
           * game's start, and the positions looked at: "At least 8 more
           * moves are needed, 11 in all; 1,234 positions looked at" */
          return g_strdup_printf (_("%s, %d in all; %s"), more, played + v, looked);
        }
      /* TRANSLATORS: the search proved at least this many moves are needed */
      return g_strdup_printf (g_dngettext (NULL, "At least %d move is needed; positions "
                                           "looked at: %s",
                                           "At least %d moves are needed; positions "
                                           "looked at: %s", played + v),
                              played + v, expanded);
    case HB_STEP_SOLUTION:
      if (played > 0)
        {
          /* TRANSLATORS: the answer's length from where the solve began,
           * after moves played */
          g_autofree char *more = g_strdup_printf (g_dngettext (NULL, "Answer: %d more move",
                                                                "Answer: %d more moves", v),
                                                   v);
          return g_strdup_printf (_("%s, %d in all; %s"), more, played + v, looked);
        }
      return g_strdup_printf (g_dngettext (NULL, "Answer: %d move; positions looked at: %s",
                                           "Answer: %d moves; positions looked at: %s",
                                           played + v),
                              played + v, expanded);
    case HB_STEP_INFO:
      {
        /* Each count with its own plural, as above. */
        /* TRANSLATORS: search progress, its second part: the moves played
         * in the best position so far ("the best so far is 16 moves in") */
        g_autofree char *best = g_strdup_printf (g_dngettext (NULL,
                                                              "the best so far is %d move in",
                                                              "the best so far is %d moves in",
                                                              played + step->depth),
                                                 played + step->depth);
        /* TRANSLATORS: search progress, its third part: the search's
         * estimate of a whole solution's length, the moves played plus a
         * guess of the moves left ("about 27 moves in all") */
        g_autofree char *all = g_strdup_printf (g_dngettext (NULL, "about %d move in all",
                                                             "about %d moves in all",
                                                             played + v),
                                                played + v);

        /* TRANSLATORS: search progress: the positions looked at, then the
         * two parts above: "1,234 positions looked at; the best so far is
         * 16 moves in, about 27 moves in all" */
        return g_strdup_printf (_("%s; %s, %s"), looked, best, all);
      }
    default:
      return g_strdup ("");
    }
}

/* The player's counter for a frame: the moves of the answer so far, or,
 * during the search, the bound reached. */
char *
flood_frame_status (gconstpointer frame)
{
  const FloodFrame *f = frame;

  if (f->searching)
    /* TRANSLATORS: the player's counter during the optimal search: it
     * has proved that a solution needs this many moves, counted from the
     * game's start as the move limit is; "in all", as the caption over
     * the board says it ("needed" read as that many more: review) */
    return g_strdup_printf (g_dngettext (NULL, "at least %d move in all",
                                         "at least %d moves in all", f->bound), f->bound);
  /* As the status line counts them, the move limit too: at the answer
   * the player shows the status line itself ("9 / 12 moves · Solved"). */
  if (f->limit > 0)
    return g_strdup_printf (g_dngettext (NULL, "%d / %d move", "%d / %d moves", f->limit),
                            f->moves, f->limit);
  return g_strdup_printf (g_dngettext (NULL, "%d move", "%d moves", f->moves), f->moves);
}

/* The player's depth: how many moves in the position the search looks at
 * lies (the player said "Depth 6 · 6 moves", a search's word beside the
 * game's). The answer's moves have none: the counter says how many are
 * made ("6 / 12 moves"), the step which one it is. */
char *
flood_depth_text (const HbState *initial, const HbStep *step)
{
  int moves;

  if ((step->kind != HB_STEP_TRY && step->kind != HB_STEP_INFO) || step->depth <= 0)
    return g_strdup ("");
  /* From the game's start, as the step's text and the badge count. */
  moves = FLOOD_CONST (initial)->moves + step->depth;
  /* TRANSLATORS: the player's depth in Flood-It's search: the moves
   * played in the position it looks at, counted from the game's start
   * ("16 moves in") */
  return g_strdup_printf (g_dngettext (NULL, "%d move in", "%d moves in", moves), moves);
}
