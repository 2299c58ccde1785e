/* flood-render.c: cairo drawing of a board, its overlays and trace frames.
 *
 * The colours are the Okabe–Ito palette (distinguishable with the common
 * colour-vision deficiencies) followed by grey, brown and lavender for
 * boards of more than seven colours; on request (the hints shown) and on
 * large enough cells the colour's digit is drawn faintly too, so no one
 * has to rely on hue alone. */
#include "flood.h"
#include "hb-draw.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

static const guint32 palette_light[FLOOD_MAX_COLOURS] = {
  0xE69F00, 0x56B4E9, 0x009E73, 0xF0E442, 0x0072B2,
  0xD55E00, 0xCC79A7, 0x999999, 0x8C564B, 0xC5B0D5,
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

/* Traces the boundary of the cells marked in mask: every cell edge with a
 * marked cell on one side and an unmarked cell (or the border) on the
 * other; of the cells in [vx0, vx1) × [vy0, vy1) only (those shown). */
static void
mask_outline_path (cairo_t *cr, const guint8 *mask, int w, int h,
                   const HbLayout *l, double inset,
                   int vx0, int vy0, int vx1, int vy1)
{
  for (int y = vy0; y < vy1; y++)
    for (int x = vx0; x < vx1; x++)
      {
        double x0, y0, x1, y1;
        if (!mask[y * w + x])
          continue;
        x0 = l->x0 + x * l->cell;
        y0 = l->y0 + y * l->cell;
        x1 = x0 + l->cell;
        y1 = y0 + l->cell;
        if (y == 0 || !mask[(y - 1) * w + x])
          {
            cairo_move_to (cr, x0, y0 + inset);
            cairo_line_to (cr, x1, y0 + inset);
          }
        if (y == h - 1 || !mask[(y + 1) * w + x])
          {
            cairo_move_to (cr, x0, y1 - inset);
            cairo_line_to (cr, x1, y1 - inset);
          }
        if (x == 0 || !mask[y * w + x - 1])
          {
            cairo_move_to (cr, x0 + inset, y0);
            cairo_line_to (cr, x0 + inset, y1);
          }
        if (x == w - 1 || !mask[y * w + x + 1])
          {
            cairo_move_to (cr, x1 - inset, y0);
            cairo_line_to (cr, x1 - inset, y1);
          }
      }
}

/* A dashed outline in two tones, readable on every colour. */
static void
stroke_highlight (cairo_t *cr, const guint8 *mask, int w, int h,
                  const HbLayout *l, int vx0, int vy0, int vx1, int vy1)
{
  double lw = MAX (2.0, l->cell * 0.12);
  double dash[] = { MAX (3.0, l->cell * 0.3), MAX (2.0, l->cell * 0.18) };

  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_SQUARE);
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

void
flood_render_cells (const guint8 *cells, int w, int h, const guint8 *highlight,
                    cairo_t *cr, const HbLayout *l, gboolean dark, gboolean digits)
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

      if (digits && l->cell >= 22)
        {
          cairo_select_font_face (cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
                                  CAIRO_FONT_WEIGHT_NORMAL);
          cairo_set_font_size (cr, l->cell * 0.32);
          for (int y = vy0; y < vy1; y++)
            for (int x = vx0; x < vx1; x++)
              {
                char t[2] = { '0' + cells[y * w + x], 0 };
                cairo_text_extents_t e;
                cairo_text_extents (cr, t, &e);
                cairo_set_source_rgba (cr, 0, 0, 0, 0.3);
                cairo_move_to (cr, l->x0 + (x + 0.5) * l->cell - e.x_bearing - e.width / 2,
                               l->y0 + (y + 0.5) * l->cell - e.y_bearing - e.height / 2);
                cairo_show_text (cr, t);
              }
        }

      /* The flooded region, subtly outlined. */
      if (!solved)
        {
          mask_outline_path (cr, flooded, w, h, l, 0, vx0, vy0, vx1, vy1);
          cairo_set_line_width (cr, MAX (1.5, l->cell * 0.08));
          if (dark)
            cairo_set_source_rgba (cr, 1, 1, 1, 0.75);
          else
            cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.65);
          cairo_stroke (cr);
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

/* A rounded badge with text, and optionally a swatch of a colour, in the
 * board's bottom-right corner: away from the flooded region, which grows
 * from the top-left. */
static void
draw_badge (cairo_t *cr, const HbLayout *l, const char *text, int swatch,
            gboolean dark, int hover_x, int hover_y)
{
  double size = MAX (10.0, MIN (l->cell * 0.6, 28.0)), pad = size * 0.35;
  double x, y, bw, bh, r, sw = swatch >= 0 ? size * 0.9 + pad : 0;
  cairo_text_extents_t e;

  cairo_save (cr);
  cairo_select_font_face (cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
                          CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, size);
  cairo_text_extents (cr, text, &e);
  bw = e.x_advance + 2 * pad + sw;
  bh = size + pad;
  x = l->x0 + l->cell * l->width - bw - 3;
  y = l->y0 + l->cell * l->height - bh - 3;
  /* Outside the board where the drawing area leaves room (right of it,
   * else below it), so it covers no cell; inside its corner otherwise. */
  {
    double cx1, cy1, cx2, cy2;
    double right = l->x0 + l->cell * l->width, bottom = l->y0 + l->cell * l->height;
    cairo_clip_extents (cr, &cx1, &cy1, &cx2, &cy2);
    if (cx2 - right >= bw + 8)
      {
        x = right + 6;
        y = bottom - bh;
      }
    else if (cy2 - bottom >= bh + 6)
      {
        x = right - bw;
        y = bottom + 4;
      }
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
    }
  if (dark)
    cairo_set_source_rgb (cr, 1, 1, 1);
  else
    cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_move_to (cr, x + pad + sw - e.x_bearing, y + bh / 2 - e.y_bearing - e.height / 2);
  cairo_show_text (cr, text);
  cairo_restore (cr);
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
  flood_render_cells (s->cells, w, h, highlight, cr, layout, dark,
                      options != NULL && options->show_hints);
  if (highlight)
    {
      g_autofree char *t = g_strdup_printf ("%s%d", hint->proven ? "" : "≤",
                                            hint->to_go);
      draw_badge (cr, layout, t, hint->colour, dark,
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
      cairo_save (cr);
      cairo_rectangle (cr, layout->x0 + options->hover_x * layout->cell + 1,
                       layout->y0 + options->hover_y * layout->cell + 1,
                       layout->cell - 2, layout->cell - 2);
      cairo_set_line_width (cr, MAX (1.0, layout->cell * 0.06));
      cairo_set_source_rgba (cr, dark ? 1 : 0, dark ? 1 : 0, dark ? 1 : 0, 0.6);
      cairo_stroke (cr);
      cairo_restore (cr);
    }
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
  cairo_set_source_rgba (cr, 0, 0, 0, 0.55);
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
        f->moves = step->depth;
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
        f->moves = len;
        f->bound = step->value;
        f->expanded = step->counter;
        f->searching = TRUE;
        break;
      }
    case HB_STEP_SOLUTION:
      memcpy (f->cells, f->initial, n);
      g_clear_pointer (&f->highlight, g_free);
      f->searching = FALSE;
      f->moves = 0;
      f->expanded = step->counter;
      break;
    case HB_STEP_BOUND:
    case HB_STEP_INFO:
      f->bound = step->value;
      f->expanded = step->counter;
      break;
    default:
      break;
    }
}

void
flood_frame_render (gconstpointer frame, cairo_t *cr, const HbLayout *layout,
                    const HbRenderOptions *options, const HbStep *current)
{
  const FloodFrame *f = frame;
  gboolean dark = options ? options->dark : FALSE;

  flood_render_cells (f->cells, f->w, f->h, f->highlight, cr, layout, dark, FALSE);
  if (f->moves > 0 || f->searching)
    {
      g_autofree char *t = f->searching
        ? g_strdup_printf ("%d · ≥%d", f->moves, f->bound)
        : g_strdup_printf ("%d", f->moves);
      draw_badge (cr, layout, t, -1, dark, options ? options->hover_x : -1,
                  options ? options->hover_y : -1);
    }
}

char *
flood_describe_step (const HbTrace *trace, const HbStep *step)
{
  int v = step->value;
  /* Formatted apart: xgettext cannot read G_GINT64_FORMAT in a string. */
  g_autofree char *expanded = g_strdup_printf ("%" G_GINT64_FORMAT, step->counter);

  switch ((HbStepKind) step->kind)
    {
    case HB_STEP_MOVE:
      /* TRANSLATORS: a solver step: "Move 3: flood with 2 (Green)" */
      return g_strdup_printf (_("Move %d: flood with %d (%s)"), step->depth, v,
                              flood_colour_name (v));
    case HB_STEP_TRY:
      /* TRANSLATORS: a step of the optimal search: the depth (moves played
       * in the state), the state's lower bound on the whole solution, and
       * the number of states expanded so far */
      return g_strdup_printf (_("Expanding a state at depth %d; lower bound %d; "
                                "states expanded: %s"),
                              step->depth, v, expanded);
    case HB_STEP_BOUND:
      /* TRANSLATORS: the search proved at least this many moves are needed */
      return g_strdup_printf (g_dngettext (NULL, "Lower bound: %d move; states expanded: %s",
                                           "Lower bound: %d moves; states expanded: %s", v),
                              v, expanded);
    case HB_STEP_SOLUTION:
      return g_strdup_printf (g_dngettext (NULL, "Answer: %d move; states expanded: %s",
                                           "Answer: %d moves; states expanded: %s", v),
                              v, expanded);
    case HB_STEP_INFO:
      /* TRANSLATORS: A* search progress; f is the search's estimate of the
       * whole solution's length (moves played + lower bound) */
      return g_strdup_printf (_("States expanded: %s; f = %d at depth %d"),
                              expanded, v, step->depth);
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
    /* TRANSLATORS: the player's counter during the optimal search */
    return g_strdup_printf (_("lower bound %d"), f->bound);
  return g_strdup_printf (g_dngettext (NULL, "%d move", "%d moves", f->moves), f->moves);
}
