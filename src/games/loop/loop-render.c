/* loop-render.c: cairo drawing of boards, the hint overlay, the palette and
 * the solver player's frames. */
#include "loop.h"

#include <math.h>
#include <string.h>

typedef struct { double r, g, b; } Rgb;

typedef struct {
  Rgb bg, grid, arm, open, forced, hint, tried, rejected, placed, flow, ring, hover;
} Style;

static const Style light_style = {
  .bg = { 0.965, 0.961, 0.957 }, .grid = { 0.871, 0.867, 0.855 },
  .arm = { 0.239, 0.220, 0.275 }, .open = { 0.878, 0.106, 0.141 },
  .forced = { 0.110, 0.443, 0.847 }, .hint = { 0.902, 0.380, 0.000 },
  .tried = { 0.180, 0.620, 0.220 }, .rejected = { 0.878, 0.106, 0.141 },
  .placed = { 0.149, 0.396, 0.200 }, .flow = { 0.000, 0.600, 0.700 },
  .ring = { 0.878, 0.106, 0.141 }, .hover = { 0.800, 0.800, 0.780 },
};

static const Style dark_style = {
  .bg = { 0.141, 0.141, 0.141 }, .grid = { 0.230, 0.230, 0.230 },
  .arm = { 0.871, 0.867, 0.855 }, .open = { 1.000, 0.482, 0.388 },
  .forced = { 0.384, 0.627, 0.918 }, .hint = { 1.000, 0.639, 0.282 },
  .tried = { 0.341, 0.890, 0.537 }, .rejected = { 1.000, 0.482, 0.388 },
  .placed = { 0.561, 0.941, 0.643 }, .flow = { 0.400, 0.850, 0.950 },
  .ring = { 1.000, 0.482, 0.388 }, .hover = { 0.300, 0.300, 0.300 },
};

static void
set_rgb (cairo_t *cr, Rgb c)
{
  cairo_set_source_rgb (cr, c.r, c.g, c.b);
}

/* One tile at cell origin (x0, y0), side `c`: thick arms from the centre
 * to the edge midpoints, round at the centre, an end tile with a knob.
 * Arms in `open` are drawn in the open colour with a dot at their tip. */
static void
draw_tile (cairo_t *cr, double x0, double y0, double c, guint8 mask,
           guint8 open, Rgb arm, Rgb open_rgb)
{
  double cx = x0 + c / 2, cy = y0 + c / 2, lw = MAX (1.0, c * 0.2);

  if (mask == 0)
    return;
  cairo_set_line_width (cr, lw);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  for (int d = 0; d < 4; d++)
    if (mask & (1 << d))
      {
        set_rgb (cr, (open & (1 << d)) ? open_rgb : arm);
        cairo_move_to (cr, cx, cy);
        cairo_line_to (cr, cx + hb_dir_dx[d] * c / 2, cy + hb_dir_dy[d] * c / 2);
        cairo_stroke (cr);
      }
  set_rgb (cr, arm);
  if (__builtin_popcount (mask) == 1)
    cairo_arc (cr, cx, cy, c * 0.22, 0, 2 * G_PI);
  else
    cairo_arc (cr, cx, cy, lw / 2, 0, 2 * G_PI);
  cairo_fill (cr);
  if (open && c >= 8)
    for (int d = 0; d < 4; d++)
      if (open & (1 << d))
        {
          /* A ring near the tip marks the arm that meets nothing. */
          double tx = cx + hb_dir_dx[d] * c * 0.36, ty = cy + hb_dir_dy[d] * c * 0.36;
          set_rgb (cr, open_rgb);
          cairo_arc (cr, tx, ty, lw * 0.75, 0, 2 * G_PI);
          cairo_fill (cr);
        }
}

/* The range of cells the clip touches, so huge boards draw only what shows. */
static void
visible_cells (cairo_t *cr, const HbLayout *l, int *x0, int *y0, int *x1, int *y1)
{
  double cx0, cy0, cx1, cy1;

  cairo_clip_extents (cr, &cx0, &cy0, &cx1, &cy1);
  *x0 = CLAMP ((int) floor ((cx0 - l->x0) / l->cell) - 1, 0, l->width);
  *y0 = CLAMP ((int) floor ((cy0 - l->y0) / l->cell) - 1, 0, l->height);
  *x1 = CLAMP ((int) ceil ((cx1 - l->x0) / l->cell) + 1, 0, l->width);
  *y1 = CLAMP ((int) ceil ((cy1 - l->y0) / l->cell) + 1, 0, l->height);
}

static void
draw_background (cairo_t *cr, const HbLayout *l, const Style *st,
                 int vx0, int vy0, int vx1, int vy1)
{
  set_rgb (cr, st->bg);
  cairo_paint (cr);
  if (l->cell < 6)
    return;
  set_rgb (cr, st->grid);
  cairo_set_line_width (cr, 1);
  for (int x = vx0; x <= vx1; x++)
    {
      cairo_move_to (cr, floor (l->x0 + x * l->cell) + 0.5, l->y0 + vy0 * l->cell);
      cairo_line_to (cr, floor (l->x0 + x * l->cell) + 0.5, l->y0 + vy1 * l->cell);
    }
  for (int y = vy0; y <= vy1; y++)
    {
      cairo_move_to (cr, l->x0 + vx0 * l->cell, floor (l->y0 + y * l->cell) + 0.5);
      cairo_line_to (cr, l->x0 + vx1 * l->cell, floor (l->y0 + y * l->cell) + 0.5);
    }
  cairo_stroke (cr);
}

static guint8
open_arms (const guint8 *tiles, int w, int h, int x, int y)
{
  guint8 open = 0;

  for (int d = 0; d < 4; d++)
    if (loop_arm_is_open (tiles, w, h, x, y, d))
      open |= 1 << d;
  return open;
}

/* The turn a tile needs: a small curved arrow (clockwise for ↻1 and ↻2,
 * anticlockwise for ↺1) in the tile's top-right corner with the count. */
static void
draw_turn_hint (cairo_t *cr, double x0, double y0, double c, int turns, Rgb col)
{
  double r = c * 0.14, cx = x0 + c * 0.78, cy = y0 + c * 0.22;
  gboolean cw = turns != 3;
  double a0 = -G_PI * 0.9, a1 = G_PI * 0.4, ax, ay, dir;
  char label[2] = { cw ? (char) ('0' + turns) : '1', 0 };

  set_rgb (cr, col);
  cairo_set_line_width (cr, MAX (1.0, c * 0.045));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_new_path (cr);
  if (cw)
    cairo_arc (cr, cx, cy, r, a0, a1);
  else
    cairo_arc_negative (cr, cx, cy, r, -a0 - G_PI, -a1 - G_PI);
  cairo_stroke (cr);
  /* Arrowhead at the arc's end, along its tangent. */
  {
    double end = cw ? a1 : -a1 - G_PI;
    ax = cx + r * cos (end);
    ay = cy + r * sin (end);
    dir = end + (cw ? G_PI / 2 : -G_PI / 2);
    cairo_move_to (cr, ax + cos (dir) * r * 0.6, ay + sin (dir) * r * 0.6);
    cairo_line_to (cr, ax + cos (dir + 2.4) * r * 0.6, ay + sin (dir + 2.4) * r * 0.6);
    cairo_line_to (cr, ax + cos (dir - 2.4) * r * 0.6, ay + sin (dir - 2.4) * r * 0.6);
    cairo_close_path (cr);
    cairo_fill (cr);
  }
  if (c >= 16)
    {
      cairo_text_extents_t ext;
      cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
      cairo_set_font_size (cr, r * 1.3);
      cairo_text_extents (cr, label, &ext);
      cairo_move_to (cr, cx - ext.width / 2 - ext.x_bearing, cy - ext.height / 2 - ext.y_bearing);
      cairo_show_text (cr, label);
    }
}

void
loop_render (const HbState *state, cairo_t *cr, const HbLayout *l,
             const HbRenderOptions *options)
{
  const LoopState *s = LOOP_CONST (state);
  const Style *st = (options && options->dark) ? &dark_style : &light_style;
  const LoopHint *hint = options && options->show_hints ? options->hint : NULL;
  int w = state->width, h = state->height, vx0, vy0, vx1, vy1;
  double c = l->cell;

  if (hint && (hint->width != w || hint->height != h))
    hint = NULL;
  cairo_save (cr);
  visible_cells (cr, l, &vx0, &vy0, &vx1, &vy1);
  draw_background (cr, l, st, vx0, vy0, vx1, vy1);
  if (options && options->hover_x >= 0 && options->hover_y >= 0
      && options->hover_x < w && options->hover_y < h)
    {
      set_rgb (cr, st->hover);
      cairo_rectangle (cr, l->x0 + options->hover_x * c, l->y0 + options->hover_y * c, c, c);
      cairo_fill (cr);
    }
  for (int y = vy0; y < vy1; y++)
    for (int x = vx0; x < vx1; x++)
      {
        gsize i = (gsize) y * w + x;
        double x0 = l->x0 + x * c, y0 = l->y0 + y * c;
        Rgb arm = st->arm;
        int turns = -1;

        if (hint && hint->solved)
          {
            turns = loop_turns_between (s->tiles[i], hint->solved[i]);
            if (hint->forced[i] && turns >= 0)
              arm = st->forced;
          }
        draw_tile (cr, x0, y0, c, s->tiles[i], open_arms (s->tiles, w, h, x, y),
                   arm, st->open);
        if (turns > 0)
          draw_turn_hint (cr, x0, y0, c, turns, st->hint);
      }
  cairo_restore (cr);
}

void
loop_palette_render (const HbState *state, HbMode mode, int id, cairo_t *cr,
                     double size, gboolean dark)
{
  const Style *st = dark ? &dark_style : &light_style;

  cairo_save (cr);
  set_rgb (cr, st->bg);
  cairo_rectangle (cr, 0, 0, size, size);
  cairo_fill (cr);
  if (id == LOOP_KIND_EMPTY)
    {
      /* An empty tile: a dashed outline, so the entry is not blank. */
      double dash = MAX (1.0, size / 10);
      set_rgb (cr, st->grid);
      cairo_set_line_width (cr, MAX (1.0, size / 24));
      cairo_set_dash (cr, &dash, 1, 0);
      cairo_rectangle (cr, size * 0.2, size * 0.2, size * 0.6, size * 0.6);
      cairo_stroke (cr);
    }
  else
    draw_tile (cr, 0, 0, size, (guint8) (id & 15), 0, st->arm, st->open);
  cairo_restore (cr);
}

/* ---- Frames ------------------------------------------------------------------- */

/* frame->status also keeps, beside each LoopFrame, the search depth at
 * which a tile was fixed, so an UNDO at depth d reverts everything fixed
 * at d or deeper (propagation fixes many tiles after one decision). */
typedef struct {
  LoopFrame pub;
  gint32   *fixed_depth;     /* -1 when free */
  gint32    max_depth;
} Frame;

gpointer
loop_frame_new (const HbState *initial, const HbTrace *trace)
{
  const LoopState *s = LOOP_CONST (initial);
  gsize n = (gsize) initial->width * initial->height;
  Frame *f = g_new0 (Frame, 1);

  f->pub.width = initial->width;
  f->pub.height = initial->height;
  f->pub.orig = g_memdup2 (s->tiles, n);
  f->pub.tiles = g_memdup2 (s->tiles, n);
  f->pub.status = g_new0 (guint8, n);
  f->pub.flow = g_new0 (guint8, n);
  f->pub.cur_x = f->pub.cur_y = -1;
  f->fixed_depth = g_new (gint32, n);
  for (gsize i = 0; i < n; i++)
    f->fixed_depth[i] = -1;
  f->max_depth = -1;
  return f;
}

gpointer
loop_frame_copy (gconstpointer data)
{
  const Frame *f = data;
  gsize n = (gsize) f->pub.width * f->pub.height;
  Frame *c = g_new (Frame, 1);

  *c = *f;
  c->pub.orig = g_memdup2 (f->pub.orig, n);
  c->pub.tiles = g_memdup2 (f->pub.tiles, n);
  c->pub.status = g_memdup2 (f->pub.status, n);
  c->pub.flow = g_memdup2 (f->pub.flow, n);
  c->fixed_depth = g_memdup2 (f->fixed_depth, n * sizeof (gint32));
  return c;
}

void
loop_frame_free (gpointer data)
{
  Frame *f = data;

  if (f == NULL)
    return;
  g_free (f->pub.orig);
  g_free (f->pub.tiles);
  g_free (f->pub.status);
  g_free (f->pub.flow);
  g_free (f->fixed_depth);
  g_free (f);
}

static void
frame_fix (Frame *f, gsize i, int turns, LoopCellStatus status, int depth)
{
  f->pub.tiles[i] = loop_rotate (f->pub.orig[i], turns);
  f->pub.status[i] = (guint8) status;
  f->fixed_depth[i] = depth;
  f->max_depth = MAX (f->max_depth, depth);
}

void
loop_frame_step (gpointer data, const HbTrace *trace, const HbStep *step)
{
  Frame *f = data;
  int w = f->pub.width, h = f->pub.height;
  gsize n = (gsize) w * h, i;

  f->pub.steps++;
  if (step->x < 0 || step->y < 0 || step->x >= w || step->y >= h)
    {
      f->pub.cur_x = f->pub.cur_y = -1;
      return;
    }
  i = (gsize) step->y * w + step->x;
  f->pub.cur_x = step->x;
  f->pub.cur_y = step->y;
  f->pub.cur_valid = TRUE;
  switch (step->kind)
    {
    case HB_STEP_FORCE:
      frame_fix (f, i, step->value,
                 (step->flags & LOOP_STEP_FORCED) ? LOOP_CELL_FORCED : LOOP_CELL_PLACED,
                 step->depth);
      break;
    case HB_STEP_TRY:
      f->pub.cur_valid = (step->flags & LOOP_STEP_VALID) != 0;
      frame_fix (f, i, step->value, f->pub.cur_valid ? LOOP_CELL_TRIED : LOOP_CELL_REJECTED,
                 step->depth);
      break;
    case HB_STEP_PLACE:
      frame_fix (f, i, step->value, LOOP_CELL_PLACED, step->depth);
      break;
    case HB_STEP_REJECT:
      f->pub.cur_valid = FALSE;
      if (step->value < 0)
        f->pub.status[i] = LOOP_CELL_BAD;
      else
        frame_fix (f, i, step->value, LOOP_CELL_REJECTED, step->depth);
      break;
    case HB_STEP_UNDO:
      if (f->max_depth >= step->depth)
        {
          for (gsize k = 0; k < n; k++)
            if (f->fixed_depth[k] >= step->depth)
              {
                f->pub.tiles[k] = f->pub.orig[k];
                f->pub.status[k] = LOOP_CELL_FREE;
                f->fixed_depth[k] = -1;
              }
          f->max_depth = step->depth - 1;
        }
      break;
    case HB_STEP_INFO:
      if ((step->flags & LOOP_STEP_FLOW) && step->aux < 4)
        {
          int d = step->aux, nx = step->x + hb_dir_dx[d], ny = step->y + hb_dir_dy[d];
          if (nx >= 0 && ny >= 0 && nx < w && ny < h)
            {
              f->pub.flow[i] |= 1 << d;
              f->pub.flow[(gsize) ny * w + nx] |= 1 << ((d + 2) & 3);
            }
        }
      break;
    default:
      break;
    }
}

void
loop_frame_render (gconstpointer data, cairo_t *cr, const HbLayout *l,
                   const HbRenderOptions *options, const HbStep *current)
{
  const Frame *f = data;
  const Style *st = (options && options->dark) ? &dark_style : &light_style;
  int w = f->pub.width, vx0, vy0, vx1, vy1;
  double c = l->cell;

  cairo_save (cr);
  visible_cells (cr, l, &vx0, &vy0, &vx1, &vy1);
  draw_background (cr, l, st, vx0, vy0, vx1, vy1);
  for (int y = vy0; y < vy1; y++)
    for (int x = vx0; x < vx1; x++)
      {
        gsize i = (gsize) y * w + x;
        double x0 = l->x0 + x * c, y0 = l->y0 + y * c;
        Rgb arm = st->arm;

        switch (f->pub.status[i])
          {
          case LOOP_CELL_FORCED: arm = st->forced; break;
          case LOOP_CELL_PLACED: arm = st->placed; break;
          case LOOP_CELL_TRIED: arm = st->tried; break;
          case LOOP_CELL_REJECTED: arm = st->rejected; break;
          case LOOP_CELL_BAD:
            cairo_set_source_rgba (cr, st->rejected.r, st->rejected.g, st->rejected.b, 0.3);
            cairo_rectangle (cr, x0, y0, c, c);
            cairo_fill (cr);
            break;
          default: break;
          }
        draw_tile (cr, x0, y0, c, f->pub.tiles[i], 0, arm, st->open);
      }
  /* The flow of the max-flow view: a line between the centres of the
   * two cells of each unit of flow. */
  set_rgb (cr, st->flow);
  cairo_set_line_width (cr, MAX (1.0, c * 0.08));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (int y = vy0; y < vy1; y++)
    for (int x = vx0; x < vx1; x++)
      {
        guint8 fl = f->pub.flow[(gsize) y * w + x];
        for (int d = 1; d <= 2; d++)   /* east and south: each edge once */
          if (fl & (1 << d))
            {
              cairo_move_to (cr, l->x0 + (x + 0.5) * c, l->y0 + (y + 0.5) * c);
              cairo_line_to (cr, l->x0 + (x + 0.5 + hb_dir_dx[d]) * c,
                             l->y0 + (y + 0.5 + hb_dir_dy[d]) * c);
            }
      }
  cairo_stroke (cr);
  /* The current tile, ringed as in the write-up's animation. */
  if (current != NULL && f->pub.cur_x >= 0)
    {
      set_rgb (cr, f->pub.cur_valid ? st->tried : st->ring);
      cairo_set_line_width (cr, MAX (1.0, c * 0.06));
      cairo_arc (cr, l->x0 + (f->pub.cur_x + 0.5) * c, l->y0 + (f->pub.cur_y + 0.5) * c,
                 c * 0.45, 0, 2 * G_PI);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

char *
loop_describe_step (const HbTrace *trace, const HbStep *step)
{
  int x = step->x, y = step->y;
  const char *turn = step->value == 1 ? " turned ↻1" : step->value == 2 ? " turned ↻2"
                     : step->value == 3 ? " turned ↺1" : "";

  switch (step->kind)
    {
    case HB_STEP_FORCE:
      return g_strdup_printf ("Propagation fixes (%d, %d)%s", x, y,
                              *turn ? turn : " as it is");
    case HB_STEP_TRY:
      return g_strdup_printf ("Try (%d, %d)%s: %s", x, y, *turn ? turn : " as it is",
                              (step->flags & LOOP_STEP_VALID) ? "fits so far"
                              : "a tile would get more arms than it has");
    case HB_STEP_PLACE:
      if (step->flags & LOOP_STEP_DLX_ROW)
        return g_strdup_printf ("Choose the row (%d, %d)%s", x, y, turn);
      return g_strdup_printf ("Keep (%d, %d)%s", x, y, turn);
    case HB_STEP_UNDO:
      if (step->flags & LOOP_STEP_DLX_ROW)
        return g_strdup_printf ("Remove the row (%d, %d)%s", x, y, turn);
      return g_strdup_printf ("Undo (%d, %d) and what followed from it", x, y);
    case HB_STEP_REJECT:
      if (step->value < 0)
        return g_strdup_printf ("(%d, %d) cannot be turned to fit the flow", x, y);
      return g_strdup_printf ("(%d, %d)%s leads to a contradiction", x, y, turn);
    case HB_STEP_INFO:
      if (step->flags & LOOP_STEP_FLOW)
        return g_strdup_printf ("One unit of flow from (%d, %d) to (%d, %d)", x, y,
                                x + hb_dir_dx[step->aux & 3], y + hb_dir_dy[step->aux & 3]);
      return g_strdup ("Information");
    case HB_STEP_SOLUTION:
      return g_strdup ("Every tile fits: a solution");
    default:
      return g_strdup ("Step");
    }
}
