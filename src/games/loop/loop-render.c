/* loop-render.c: cairo drawing of boards, the hint overlay, the palette and
 * the solver player's frames.
 *
 * The look follows the game it is named after: thick rounded pipes in one
 * quiet foreground colour on a plain card. An arm that meets its
 * neighbour's arm runs to the cell edge, so the two join into one pipe; an
 * arm that meets nothing stops short of the edge with a rounded tip and a
 * small red dot on it. A connected group of tiles with no open arm left is
 * closed, and all of it turns the accent blue, so progress shows as blue
 * spreading over the board and a solved board is blue throughout.
 *
 * Colours are the GNOME palette (light: dark pipes on white; dark: light
 * pipes on a dark card), one accent for "done", red only for what is wrong,
 * orange only for hints, greens and red in the solver frames where they
 * mean "fits" and "fails". */
#include "loop.h"
#include "hb-draw.h"
#include "hb-grid-state.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

typedef struct { double r, g, b, a; } Rgba;

typedef struct {
  Rgba card;      /* the board itself */
  Rgba border;    /* the board's outline */
  Rgba grid;      /* cell lines */
  Rgba pipe;      /* arms */
  Rgba done;      /* arms of a closed group */
  Rgba open;      /* the tip of an arm that meets nothing */
  Rgba hint;      /* the turn badge */
  Rgba hint_fg;   /* its digit and arrow */
  Rgba forced;    /* tint of a tile propagation alone fixes */
  Rgba hover;     /* tint of the cell under the pointer */
  /* Solver frames. */
  Rgba fixed;     /* fixed by propagation */
  Rgba placed;    /* kept by the search */
  Rgba tried;     /* being tried, fits so far; the ring of a valid step */
  Rgba rejected;  /* fails; the ring of an invalid step */
  Rgba flow;      /* max-flow units */
} Style;

#define HEX(v, alpha) { ((v) >> 16 & 255) / 255.0, ((v) >> 8 & 255) / 255.0, \
                        ((v) & 255) / 255.0, (alpha) }

static const Style light_style = {
  .card = HEX (0xffffff, 1),
  .border = HEX (0x000000, 0.09), .grid = HEX (0x000000, 0.045),
  .pipe = HEX (0x3d3846, 1), .done = HEX (0x3584e4, 1),
  .open = HEX (0xe01b24, 1),
  .hint = HEX (0xff7800, 1), .hint_fg = HEX (0x000000, 0.8),
  .forced = HEX (0x3584e4, 0.18), .hover = HEX (0x000000, 0.05),
  .fixed = HEX (0x3584e4, 1), .placed = HEX (0x26a269, 1),
  .tried = HEX (0x2ec27e, 1), .rejected = HEX (0xe01b24, 1),
  .flow = HEX (0x9141ac, 1),
};

static const Style dark_style = {
  .card = HEX (0x303030, 1),
  .border = HEX (0x000000, 0.25), .grid = HEX (0xffffff, 0.04),
  .pipe = HEX (0xdeddda, 1), .done = HEX (0x62a0ea, 1),
  .open = HEX (0xe01b24, 1),
  .hint = HEX (0xff7800, 1), .hint_fg = HEX (0x000000, 0.8),
  .forced = HEX (0x3584e4, 0.16), .hover = HEX (0xffffff, 0.06),
  .fixed = HEX (0x62a0ea, 1), .placed = HEX (0x33d17a, 1),
  .tried = HEX (0x8ff0a4, 1), .rejected = HEX (0xf66151, 1),
  .flow = HEX (0xc061cb, 1),
};

static void
set_rgba (cairo_t *cr, Rgba c)
{
  cairo_set_source_rgba (cr, c.r, c.g, c.b, c.a);
}

/* Pipe width as a fraction of the cell. */
#define PIPE 0.22

/* TRUE when (x, y) has arm d and its neighbour that way the facing arm. */
static inline gboolean
arm_matched (const guint8 *tiles, int w, int h, int x, int y, int d)
{
  int nx = x + hb_dir_dx[d], ny = y + hb_dir_dy[d];

  return (tiles[(gsize) y * w + x] & (1 << d))
         && nx >= 0 && ny >= 0 && nx < w && ny < h
         && (tiles[(gsize) ny * w + nx] & (1 << HB_DIR_OPPOSITE (d)));
}

static guint8
matched_arms (const guint8 *tiles, int w, int h, int x, int y)
{
  guint8 m = 0;

  for (int d = 0; d < 4; d++)
    if (arm_matched (tiles, w, h, x, y, d))
      m |= 1 << d;
  return m;
}

/* The arms of (x, y) that meet nothing: matched_arms' complement, in a
 * form without loops or calls, as it runs for every tile shown. Bit d of
 * `facing` is set when the neighbour that way has the arm facing back. */
static inline guint8
open_arms (const guint8 *tiles, int w, int h, int x, int y)
{
  gsize i = (gsize) y * w + x;
  guint8 facing = 0;

  if (y > 0)
    facing |= (tiles[i - w] >> HB_DIR_S & 1) << HB_DIR_N;
  if (x < w - 1)
    facing |= (tiles[i + 1] >> HB_DIR_W & 1) << HB_DIR_E;
  if (y < h - 1)
    facing |= (tiles[i + w] >> HB_DIR_N & 1) << HB_DIR_S;
  if (x > 0)
    facing |= (tiles[i - 1] >> HB_DIR_E & 1) << HB_DIR_W;
  return tiles[i] & ~facing;
}

/* What closed_tiles knows of a tile's group. */
enum {
  GROUP_UNKNOWN,     /* not looked at (or a tile with no arms) */
  GROUP_CLOSED,      /* the group has no open arm: drawn "done" */
  GROUP_OPEN,        /* some tile of the group has an arm that meets nothing */
  GROUP_WALKING,     /* queued in the walk under way */
};

/* For every tile in [vx0, vx1) × [vy0, vy1): 1 when it has arms and the
 * group of tiles its matched arms connect it to has no open arm anywhere
 * (a closed network, drawn "done"), else 0. Entries outside the range are
 * left as the walks found them (any GROUP_ value): callers read only the
 * range.
 *
 * A group may reach far outside the range, so it is walked whole, but
 * only groups a shown tile belongs to, and a walk stops at the first open
 * arm: a scrambled board is made of small open groups, and the cost then
 * follows the tiles shown, not the board (a 4096 × 4096 board shows a few
 * hundred thousand). Only a walk that finds no open arm visits all its
 * group, which is then closed, and at most the board once in all.
 *
 * Why stopping early is sound: the tiles a stopped walk queued are all in
 * the group it started from, which is open, so they are marked OPEN. A
 * later walk from another tile of that group reaches one of them (the
 * group is connected through matched arms) and so learns the group is
 * open; a walk that never meets a marked tile has explored a group no walk
 * touched before, every tile of it, so its verdict is its own. It cannot
 * meet a CLOSED tile: a closed walk marked its whole group. */
static guint8 *
closed_tiles (const guint8 *tiles, int w, int h, int vx0, int vy0, int vx1, int vy1)
{
  guint8 *group = g_malloc0 ((gsize) w * h);
  guint32 *queue = NULL;
  gsize cap = 0;

  for (int y = vy0; y < vy1; y++)
    for (int x = vx0; x < vx1; x++)
      {
        gsize start = (gsize) y * w + x, len = 0, head;
        gboolean open = FALSE;
        guint8 verdict;

        if (tiles[start] == 0 || group[start] != GROUP_UNKNOWN)
          continue;
        /* Most tiles of a scrambled board are open themselves. */
        if (open_arms (tiles, w, h, x, y))
          {
            group[start] = GROUP_OPEN;
            continue;
          }
        if (cap == 0)
          queue = g_new (guint32, cap = 1024);
        queue[len++] = (guint32) start;
        group[start] = GROUP_WALKING;
        for (head = 0; head < len && !open; head++)
          {
            guint32 i = queue[head];
            int tx = (int) (i % (guint32) w), ty = (int) (i / (guint32) w);

            if (open_arms (tiles, w, h, tx, ty))
              {
                open = TRUE;
                break;
              }
            for (int d = 0; d < 4; d++)
              {
                guint32 j;
                /* Every arm is matched here, so the neighbour is there. */
                if (!(tiles[i] & (1 << d)))
                  continue;
                j = (guint32) ((gsize) (ty + hb_dir_dy[d]) * w + tx + hb_dir_dx[d]);
                if (group[j] == GROUP_OPEN)
                  {
                    open = TRUE;
                    break;
                  }
                if (group[j] == GROUP_UNKNOWN)
                  {
                    if (len == cap)
                      queue = g_renew (guint32, queue, cap *= 2);
                    group[j] = GROUP_WALKING;
                    queue[len++] = j;
                  }
              }
          }
        verdict = open ? GROUP_OPEN : GROUP_CLOSED;
        for (gsize k = 0; k < len; k++)
          group[queue[k]] = verdict;
      }
  g_free (queue);
  /* As draw_pipes' classes: 1 closed, 0 not. */
  for (int y = vy0; y < vy1; y++)
    for (int x = vx0; x < vx1; x++)
      {
        gsize i = (gsize) y * w + x;
        group[i] = group[i] == GROUP_CLOSED;
      }
  return group;
}

/* Where an arm that meets nothing ends: the centre of its round tip, as a
 * fraction of the cell from the tile centre. The tip stops a little short
 * of the edge, so a gap shows that nothing joins there. */
#define TIP (0.5 - PIPE / 2 - 0.05)

/* A tile at cell origin (x0, y0) of side `c` is drawn in three passes
 * (TilePass), each a path that draw_pipes strokes for a whole row of
 * tiles of one colour at once:
 *  - LINES, butt ends at the pipe's width: the arms, from the centre
 *    towards the edge midpoints. Arms in `matched` run to the edge and meet
 *    the neighbour's arm flush; the others stop at TIP.
 *  - DOTS, round caps at the pipe's width on zero-length segments: the
 *    round end of every arm that meets nothing, and a dot at the centre of
 *    a corner so it bends round (tees and crosses meet cleanly as lines).
 *  - RINGS: an end tile's knob, a ring about a third of the cell across
 *    whose hole lets the tile's own background (hover, hint tint) show;
 *    its arm starts on the ring.
 * Discs as round-capped strokes, batched by row, cost a fraction of one
 * cairo fill per disc, which matters on a 200×200 board. */
typedef enum { PASS_LINES, PASS_DOTS, PASS_RINGS, N_PASSES } TilePass;

#define RING 0.125          /* radius of an end's ring, to its middle */
/* Below this cell size (pixels) only LINES are drawn: dots and rings
 * would be a pixel or less, and cost more than the lines. */
#define SMALL_CELL 8

static double
pipe_width (double c)
{
  return MAX (1.0, c * PIPE);
}

static double
ring_width (double c)
{
  return MAX (1.0, c * 0.1);
}

static void
dot (cairo_t *cr, double x, double y)
{
  cairo_move_to (cr, x, y);
  cairo_close_path (cr);   /* a degenerate closed segment: a round cap's disc */
}

static void
tile_path (cairo_t *cr, TilePass pass, double x0, double y0, double c,
           guint8 mask, guint8 matched)
{
  double cx = x0 + c / 2, cy = y0 + c / 2;
  gboolean end = __builtin_popcount (mask) == 1;

  if (mask == 0)
    return;
  switch (pass)
    {
    case PASS_LINES:
      for (int d = 0; d < 4; d++)
        if (mask & (1 << d))
          {
            double len = (matched & (1 << d)) ? c / 2 : c * TIP;
            double from = end && c >= SMALL_CELL ? c * RING : 0;
            cairo_move_to (cr, cx + hb_dir_dx[d] * from, cy + hb_dir_dy[d] * from);
            cairo_line_to (cr, cx + hb_dir_dx[d] * len, cy + hb_dir_dy[d] * len);
          }
      break;
    case PASS_DOTS:
      for (int d = 0; d < 4; d++)
        if ((mask & ~matched) & (1 << d))
          dot (cr, cx + hb_dir_dx[d] * c * TIP, cy + hb_dir_dy[d] * c * TIP);
      /* Only a corner needs it: straights, tees and crosses are covered
       * by their lines, and a dot there could show as a faint bump. */
      if (__builtin_popcount (mask) == 2 && mask != 0x5 && mask != 0xa)
        dot (cr, cx, cy);
      break;
    case PASS_RINGS:
      if (end)
        {
          cairo_new_sub_path (cr);
          cairo_arc (cr, cx, cy, c * RING, 0, 2 * G_PI);
          cairo_close_path (cr);
        }
      break;
    default:
      break;
    }
}

/* Sets up the pen of a pass. */
static void
pass_pen (cairo_t *cr, TilePass pass, double c)
{
  cairo_set_line_width (cr, pass == PASS_RINGS ? ring_width (c) : pipe_width (c));
  cairo_set_line_cap (cr, pass == PASS_DOTS ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT);
}

/* One tile on its own (the palette). */
static void
draw_tile (cairo_t *cr, double x0, double y0, double c, guint8 mask,
           guint8 matched, Rgba col)
{
  set_rgba (cr, col);
  cairo_new_path (cr);
  for (int pass = 0; pass < N_PASSES; pass++)
    {
      pass_pen (cr, pass, c);
      tile_path (cr, pass, x0, y0, c, mask, matched);
      cairo_stroke (cr);
    }
}

/* The visible tiles of a board, each in colours[klass[i]] (klass has
 * nclasses values; NULL: all in colours[0]); then, with `marks`, a small
 * red dot on the tip of every arm that meets nothing. One stroke per pass,
 * colour and row: one per tile costs more on a big board, and so does one
 * path for the whole board (cairo's scan conversion slows with huge
 * paths). */
static void
draw_pipes (cairo_t *cr, const HbLayout *l, const guint8 *tiles, int w, int h,
            int vx0, int vy0, int vx1, int vy1,
            const guint8 *klass, const Rgba *colours, int nclasses,
            gboolean marks, Rgba mark)
{
  double c = l->cell;

  cairo_new_path (cr);
  for (int pass = 0; pass < (c < SMALL_CELL ? 1 : N_PASSES); pass++)
    {
      pass_pen (cr, pass, c);
      for (int y = vy0; y < vy1; y++)
        for (int k = 0; k < nclasses; k++)
          {
            gboolean any = FALSE;
            for (int x = vx0; x < vx1; x++)
              {
                gsize i = (gsize) y * w + x;
                if (tiles[i] == 0 || (klass ? klass[i] : 0) != k)
                  continue;
                tile_path (cr, pass, l->x0 + x * c, l->y0 + y * c, c, tiles[i],
                           matched_arms (tiles, w, h, x, y));
                any = TRUE;
              }
            if (any)
              {
                set_rgba (cr, colours[k]);
                cairo_stroke (cr);
              }
          }
    }
  if (!marks || c < SMALL_CELL)
    return;
  set_rgba (cr, mark);
  cairo_set_line_width (cr, pipe_width (c) * 0.6);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (int y = vy0; y < vy1; y++)
    {
      for (int x = vx0; x < vx1; x++)
        {
          guint8 open = tiles[(gsize) y * w + x] & ~matched_arms (tiles, w, h, x, y);
          double cx = l->x0 + (x + 0.5) * c, cy = l->y0 + (y + 0.5) * c;
          for (int d = 0; d < 4; d++)
            if (open & (1 << d))
              dot (cr, cx + hb_dir_dx[d] * c * TIP, cy + hb_dir_dy[d] * c * TIP);
        }
      cairo_stroke (cr);
    }
}

/* The range of cells the clip touches, so huge boards draw only what
 * shows; a cell of margin for what spills over a tile's edge. */
static void
visible_cells (cairo_t *cr, const HbLayout *l, int *x0, int *y0, int *x1, int *y1)
{
  hb_draw_visible_cells (cr, l, l->width, l->height, 1, x0, y0, x1, y1);
}

/* The board as a card with rounded corners, and faint lines between cells
 * (none when cells are too small for them to help). What lies around the
 * card is the caller's: the app's view, or the picture's background. */
static void
draw_background (cairo_t *cr, const HbLayout *l, const Style *st,
                 int vx0, int vy0, int vx1, int vy1)
{
  double c = l->cell, bw = l->width * c, bh = l->height * c;
  double r = MIN (c * 0.2, 8);

  hb_draw_rounded_rect (cr, l->x0 - 0.5, l->y0 - 0.5, bw + 1, bh + 1, r);
  set_rgba (cr, st->card);
  cairo_fill_preserve (cr);
  set_rgba (cr, st->border);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  if (c < 12)
    return;
  set_rgba (cr, st->grid);
  for (int x = MAX (vx0, 1); x <= MIN (vx1, l->width - 1); x++)
    {
      cairo_move_to (cr, floor (l->x0 + x * c) + 0.5, l->y0 + vy0 * c);
      cairo_line_to (cr, floor (l->x0 + x * c) + 0.5, l->y0 + vy1 * c);
    }
  for (int y = MAX (vy0, 1); y <= MIN (vy1, l->height - 1); y++)
    {
      cairo_move_to (cr, l->x0 + vx0 * c, floor (l->y0 + y * c) + 0.5);
      cairo_line_to (cr, l->x0 + vx1 * c, floor (l->y0 + y * c) + 0.5);
    }
  cairo_stroke (cr);
}

/* A tile-sized tint. Rounded and inset a little for a single cell (hover,
 * the max-flow view's impossible tiles); flush with the cell otherwise, so
 * neighbouring tinted tiles (forced ones) merge into one calm area. */
static void
tint_cell (cairo_t *cr, double x0, double y0, double c, Rgba col, gboolean rounded)
{
  double inset = rounded && c >= 12 ? MAX (1.0, c * 0.04) : 0;

  set_rgba (cr, col);
  if (rounded)
    hb_draw_rounded_rect (cr, x0 + inset, y0 + inset, c - 2 * inset, c - 2 * inset, c * 0.12);
  else
    cairo_rectangle (cr, x0, y0, c, c);
  cairo_fill (cr);
}

/* The turn badge's radius as a fraction of the cell, and the cell size
 * (pixels) from which it has an arrow and a digit. */
#define BADGE_R      0.11
#define BADGE_DETAIL 20

/* Adds the disc of a turn badge to the path, as a new sub-path. */
static void
turn_hint_disc (cairo_t *cr, double x0, double y0, double c)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x0 + c * 0.82, y0 + c * 0.18, c * BADGE_R, 0, 2 * G_PI);
}

/* The turn a tile needs: a small orange badge in the tile's top-right
 * corner, clear of the pipes, with the number of quarter turns and an
 * arrow round it: clockwise for one or two quarter turns clockwise,
 * anticlockwise for one quarter turn anticlockwise. */
static void
draw_turn_hint (cairo_t *cr, double x0, double y0, double c, int turns,
                const Style *st)
{
  double r = c * BADGE_R, cx = x0 + c * 0.82, cy = y0 + c * 0.18;
  gboolean cw = turns != 3;
  char label[2] = { cw ? (char) ('0' + turns) : '1', 0 };

  set_rgba (cr, st->hint);
  cairo_new_path (cr);
  turn_hint_disc (cr, x0, y0, c);
  cairo_fill (cr);
  if (c < BADGE_DETAIL)
    return;
  /* The arrow: three quarters of a circle just outside the badge's
   * rim, and a head along its tangent at the end. */
  {
    double ar = r * 1.45, a0 = cw ? -G_PI * 0.95 : -G_PI * 0.05;
    double a1 = cw ? G_PI * 0.25 : -G_PI * 1.25, end = a1, dir, hx, hy;
    double head = r * 0.55;

    cairo_set_line_width (cr, MAX (1.0, c * 0.03));
    cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
    if (cw)
      cairo_arc (cr, cx, cy, ar, a0, a1);
    else
      cairo_arc_negative (cr, cx, cy, ar, a0, a1);
    cairo_stroke (cr);
    hx = cx + ar * cos (end);
    hy = cy + ar * sin (end);
    dir = end + (cw ? G_PI / 2 : -G_PI / 2);
    cairo_move_to (cr, hx + cos (dir) * head, hy + sin (dir) * head);
    cairo_line_to (cr, hx + cos (dir + 2.3) * head, hy + sin (dir + 2.3) * head);
    cairo_line_to (cr, hx + cos (dir - 2.3) * head, hy + sin (dir - 2.3) * head);
    cairo_close_path (cr);
    cairo_fill (cr);
  }
  {
    cairo_text_extents_t ext;
    set_rgba (cr, st->hint_fg);
    cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    cairo_set_font_size (cr, r * 1.5);
    cairo_text_extents (cr, label, &ext);
    cairo_move_to (cr, cx - ext.width / 2 - ext.x_bearing, cy - ext.height / 2 - ext.y_bearing);
    cairo_show_text (cr, label);
  }
}

/* ---- Tiny cells ----------------------------------------------------------------
 *
 * Below TINY_CELL pixels a pipe would be a pixel wide and shorter than
 * two, and a 1000 × 1000 board costs a second or more a frame to draw as
 * paths; each tile is then one flat colour (hb_draw_cell_image) that keeps
 * what the drawing means: an empty tile is the card, a tile with arms the
 * pipe colour, more of it the more arms it has (as its pipes cover more of
 * the cell), red-tinged when one of its arms meets nothing, blue when its
 * group is closed; a tile the hint would turn orange-tinged, more so for
 * the sure (forced) ones, the tile's own colour still showing through (on
 * a scrambled board most tiles are to turn); in the solver's frames, the colour of what the solver
 * knows of the tile. The hovered cell and the current step are rings a
 * few pixels across. */
#define TINY_CELL 4

static guint32
pack (Rgba c)
{
  return hb_draw_pack_rgba (c.r, c.g, c.b, c.a);
}

/* How much of a tile's colour shows over the card, by its number of arms. */
static const double arm_weight[5] = { 0, 0.55, 0.7, 0.85, 1 };

/* The tiles' colours, worked out once a frame for every kind × number of
 * arms (a mix per tile would cost more than the rest of the drawing). */
enum { TINY_PIPE, TINY_DONE, TINY_OPEN };     /* kinds on the board */
#define TINY_KINDS (LOOP_CELL_BAD + 1)        /* kinds in a frame: LoopCellStatus */

typedef struct {
  const guint8 *tiles;
  int           w, h;
  const guint8 *klass;          /* board: closed (1) or not; frame: LoopCellStatus */
  const guint8 *solved, *forced; /* board: the hint, or NULL */
  const guint8 *flow;           /* frame: flow arms, or NULL */
  guint32       hint;
  guint32       colour[TINY_KINDS][5];   /* by kind and number of arms */
  guint32       marked[TINY_KINDS][5];   /* the same hinted / with flow */
  guint32       sure[TINY_KINDS][5];     /* board: hinted and forced */
} Tiny;

static guint32
tiny_board_colour (gsize i, int x, int y, gpointer data)
{
  const Tiny *t = data;
  guint8 m = t->tiles[i];
  int arms = __builtin_popcount (m), kind = TINY_PIPE;

  if (t->klass[i])
    kind = TINY_DONE;
  else if (open_arms (t->tiles, t->w, t->h, x, y))
    kind = TINY_OPEN;
  if (t->solved && loop_turns_between (m, t->solved[i]) > 0)
    return t->forced && t->forced[i] ? t->sure[kind][arms] : t->marked[kind][arms];
  return t->colour[kind][arms];
}

static guint32
tiny_frame_colour (gsize i, int x, int y, gpointer data)
{
  const Tiny *t = data;
  int kind = MIN (t->klass[i], LOOP_CELL_BAD), arms = __builtin_popcount (t->tiles[i]);

  return t->flow[i] ? t->marked[kind][arms] : t->colour[kind][arms];
}

/* Fills t->colour[kind] with `colour` over the card by number of arms, and
 * t->marked[kind] with those mixed `amount` towards `mark`. */
static void
tiny_kind (Tiny *t, int kind, guint32 card, guint32 colour, guint32 mark, double amount)
{
  for (int arms = 0; arms <= 4; arms++)
    {
      t->colour[kind][arms] = hb_draw_mix (card, colour, arm_weight[arms]);
      t->marked[kind][arms] = hb_draw_mix (t->colour[kind][arms], mark, amount);
    }
}

/* A ring round cell (x, y), cut at the board's edge. */
static void
tiny_ring (cairo_t *cr, const HbLayout *l, int x, int y, double min_radius,
           double width, Rgba col)
{
  cairo_save (cr);
  cairo_rectangle (cr, l->x0, l->y0, l->cell * l->width, l->cell * l->height);
  cairo_clip (cr);
  cairo_new_path (cr);
  hb_draw_cell_ring (cr, l, x, y, min_radius);
  cairo_set_line_width (cr, width);
  set_rgba (cr, col);
  cairo_stroke (cr);
  cairo_restore (cr);
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
  gboolean hover = options && options->hover_x >= 0 && options->hover_y >= 0
                   && options->hover_x < w && options->hover_y < h;
  /* A move animating: the tiles that turned since anim_from (tiny cells
   * show the board as it is). */
  const guint8 *from = options && options->anim_from && options->anim_progress < 1
                       && options->anim_from->game == &loop_game
                       && options->anim_from->width == w && options->anim_from->height == h
                       && c >= TINY_CELL
                       ? LOOP_CONST (options->anim_from)->tiles : NULL;
  const guint8 *tiles = s->tiles;
  guint8 *closed, *before = NULL;

  if (hint && (hint->width != w || hint->height != h))
    hint = NULL;
  cairo_save (cr);
  visible_cells (cr, l, &vx0, &vy0, &vx1, &vy1);
  draw_background (cr, l, st, vx0, vy0, vx1, vy1);
  if (from != NULL)
    {
      /* While tiles turn, the rest of the board is drawn as it was before
       * the move (what meets what, which groups are closed), so a loop
       * the turn closes turns blue as the tile lands, not before. */
      before = g_memdup2 (s->tiles, (gsize) w * h);
      for (gsize i = 0; i < (gsize) w * h; i++)
        if (from[i] != s->tiles[i] && loop_turns_between (from[i], s->tiles[i]) > 0)
          before[i] = from[i];
      tiles = before;
    }
  closed = closed_tiles (tiles, w, h, vx0, vy0, vx1, vy1);

  if (c < TINY_CELL)
    {
      Tiny t = { .tiles = s->tiles, .w = w, .h = h, .klass = closed,
                 .hint = pack (st->hint) };
      guint32 card = pack (st->card);

      tiny_kind (&t, TINY_PIPE, card, pack (st->pipe), t.hint, 0.4);
      tiny_kind (&t, TINY_DONE, card, pack (st->done), t.hint, 0.4);
      tiny_kind (&t, TINY_OPEN, card, hb_draw_mix (pack (st->pipe), pack (st->open), 0.55),
                 t.hint, 0.4);
      for (int k = TINY_PIPE; k <= TINY_OPEN; k++)
        for (int arms = 0; arms <= 4; arms++)
          t.sure[k][arms] = hb_draw_mix (t.colour[k][arms], t.hint, 0.7);
      if (hint && hint->solved)
        {
          t.solved = hint->solved;
          t.forced = hint->forced;
        }
      hb_draw_cell_image (cr, l, w, h, tiny_board_colour, &t);
      g_free (closed);
      if (hover)
        tiny_ring (cr, l, options->hover_x, options->hover_y, 3, 1.5,
                   options->dark ? (Rgba) { 1, 1, 1, 0.6 } : (Rgba) { 0, 0, 0, 0.6 });
      hb_render_cursor (cr, l, options);
      cairo_restore (cr);
      return;
    }

  /* Tints under the pipes: forced tiles, then the hovered cell. The forced
   * tiles' squares abut without overlapping, so one fill a row draws them
   * as a fill each would. */
  if (hint && hint->solved && hint->forced)
    {
      set_rgba (cr, st->forced);
      for (int y = vy0; y < vy1; y++)
        {
          for (int x = vx0; x < vx1; x++)
            {
              gsize i = (gsize) y * w + x;
              /* Only forced tiles still to turn: sure moves. A tint on
               * tiles already right would cover most of a small board and
               * say nothing. */
              if (hint->forced[i] && loop_turns_between (s->tiles[i], hint->solved[i]) > 0)
                cairo_rectangle (cr, l->x0 + x * c, l->y0 + y * c, c, c);
            }
          cairo_fill (cr);
        }
    }
  if (hover)
    tint_cell (cr, l->x0 + options->hover_x * c, l->y0 + options->hover_y * c, c,
               st->hover, TRUE);

  {
    Rgba colours[2] = { st->pipe, st->done };
    /* Turning tiles are left out (class 2, not drawn) and drawn below. */
    if (from != NULL)
      for (int y = vy0; y < vy1; y++)
        for (int x = vx0; x < vx1; x++)
          {
            gsize i = (gsize) y * w + x;
            if (from[i] != s->tiles[i] && loop_turns_between (from[i], s->tiles[i]) > 0)
              closed[i] = 2;
          }
    /* Open ends are marked only on request: with the hints shown. */
    draw_pipes (cr, l, tiles, w, h, vx0, vy0, vx1, vy1, closed, colours, 2,
                options != NULL && options->show_hints, st->open);
  }
  if (from != NULL)
    {
      /* Each turning tile in its new place, rotated back by what is left
       * of the turn (the short way: three quarters clockwise is one
       * anticlockwise), about its centre. */
      double p = CLAMP (options->anim_progress, 0, 1);
      for (int y = vy0; y < vy1; y++)
        for (int x = vx0; x < vx1; x++)
          {
            gsize i = (gsize) y * w + x;
            int turns;
            if (closed[i] != 2)
              continue;
            turns = loop_turns_between (from[i], s->tiles[i]);
            if (turns == 3)
              turns = -1;
            cairo_save (cr);
            cairo_translate (cr, l->x0 + (x + 0.5) * c, l->y0 + (y + 0.5) * c);
            cairo_rotate (cr, -(1 - p) * turns * G_PI / 2);
            draw_tile (cr, -c / 2, -c / 2, c, s->tiles[i], 0, st->pipe);
            cairo_restore (cr);
          }
    }
  g_free (closed);
  g_free (before);

  /* The keyboard cursor under the turn badges: its ring, inside the
   * tile's edge, crossed the badge in the top-right corner, its arrow and
   * the top of its digit, so the hint on the tile the cursor was on could
   * not be read (review). Over the badge the ring still shows on its
   * other three sides and most of the fourth. */
  hb_render_cursor (cr, l, options);

  /* One next step by default (the tile Next Hint would turn: a forced
   * one first); every tile to turn with HB_HINT_SHOW_ALL. */
  if (hint && hint->solved && !(options->hint_flags & HB_HINT_SHOW_ALL))
    {
      HbMove move;
      if (loop_game.hint_next_move (state, hint, &move)
          && move.x >= vx0 && move.x < vx1 && move.y >= vy0 && move.y < vy1)
        {
          if (c >= BADGE_DETAIL)
            draw_turn_hint (cr, l->x0 + move.x * c, l->y0 + move.y * c, c, move.value, st);
          else
            {
              turn_hint_disc (cr, l->x0 + move.x * c, l->y0 + move.y * c, c);
              set_rgba (cr, st->hint);
              cairo_fill (cr);
            }
        }
    }
  else if (hint && hint->solved)
    for (int y = vy0; y < vy1; y++)
      {
        for (int x = vx0; x < vx1; x++)
          {
            gsize i = (gsize) y * w + x;
            int turns = loop_turns_between (s->tiles[i], hint->solved[i]);
            if (turns <= 0)
              continue;
            if (c >= BADGE_DETAIL)
              draw_turn_hint (cr, l->x0 + x * c, l->y0 + y * c, c, turns, st);
            else
              turn_hint_disc (cr, l->x0 + x * c, l->y0 + y * c, c);
          }
        /* Below BADGE_DETAIL the badges are plain discs, far enough apart
         * to share no pixel: one fill a row. */
        if (c < BADGE_DETAIL)
          {
            set_rgba (cr, st->hint);
            cairo_fill (cr);
          }
      }
  cairo_restore (cr);
}

/* ---- Drawing again what a change touched -------------------------------------- */

/* The most tiles loop_redraw_cells walks on one board: a closed group
 * larger than this spans too much of the board to be worth drawing in
 * part. */
#define REDRAW_WALK_MAX 262144

/* Grows *rect by every closed group (drawn "done", see closed_tiles) of
 * `tiles` with a tile in `region`; FALSE once the walks pass *budget
 * tiles. `seen` (w × h) is `mark` where a tile was walked and `mark + 2`
 * where its group is known open (any other value: not yet by this call).
 * A walk stops at the first open arm, as closed_tiles' do and for the
 * same reason: on a board being played most groups are small and open;
 * only a closed group is walked whole. */
static gboolean
closed_groups_rect (const guint8 *tiles, int w, int h, const HbCellRect *region,
                    guint8 *seen, guint8 mark, GArray *queue, gsize *budget,
                    HbCellRect *rect)
{
  for (int y = region->y0; y < region->y1; y++)
    for (int x = region->x0; x < region->x1; x++)
      {
        gsize start = (gsize) y * w + x;
        HbCellRect box = HB_CELL_RECT_EMPTY;
        gboolean open = FALSE;

        if (tiles[start] == 0 || seen[start] == mark || seen[start] == mark + 2)
          continue;
        g_array_set_size (queue, 0);
        g_array_append_val (queue, start);
        seen[start] = mark;
        for (guint head = 0; head < queue->len && !open; head++)
          {
            gsize i = g_array_index (queue, gsize, head);
            int tx = (int) (i % (gsize) w), ty = (int) (i / (gsize) w);

            if (*budget == 0)
              return FALSE;
            (*budget)--;
            hb_cell_rect_add (&box, tx, ty, tx + 1, ty + 1);
            if (open_arms (tiles, w, h, tx, ty))
              {
                open = TRUE;
                break;
              }
            /* Every arm is matched here, so the neighbour is there. */
            for (int d = 0; d < 4 && !open; d++)
              if (tiles[i] & (1 << d))
                {
                  gsize j = (gsize) (ty + hb_dir_dy[d]) * w + tx + hb_dir_dx[d];
                  if (seen[j] == mark + 2)
                    open = TRUE;
                  else if (seen[j] != mark)
                    {
                      seen[j] = mark;
                      g_array_append_val (queue, j);
                    }
                }
          }
        if (open)
          for (guint k = 0; k < queue->len; k++)
            seen[g_array_index (queue, gsize, k)] = mark + 2;
        else
          hb_cell_rect_add (rect, box.x0, box.y0, box.x1, box.y1);
      }
  return TRUE;
}

/* A tile's drawing depends on its arms, on its neighbours' (an arm that
 * meets one runs to the edge, one that meets nothing has a tip, and a red
 * dot with the hints shown) and on whether its group is closed (blue).
 * A group whose closing changes holds a changed tile or one beside it
 * (elsewhere the arms and what they meet are the same on both boards), so
 * the closed groups through the changed tiles and their neighbours, on
 * either board, are all that turns blue or back. */
gboolean
loop_redraw_cells (const HbState *before, const HbState *after,
                   const HbRenderOptions *options, HbCellRect *rect)
{
  const guint8 *a = LOOP_CONST (before)->tiles, *b = LOOP_CONST (after)->tiles;
  int w = after->width, h = after->height;
  HbCellRect changed = HB_CELL_RECT_EMPTY, region;
  gsize budget = REDRAW_WALK_MAX;
  gboolean ok;
  guint8 *seen;
  GArray *queue;

  if (options->show_hints && options->hint != NULL)
    return FALSE;
  hb_grid_plane_diff (a, b, w, h, &changed);
  if (hb_cell_rect_is_empty (&changed))
    return TRUE;
  hb_cell_rect_add (rect, changed.x0, changed.y0, changed.x1, changed.y1);
  region.x0 = MAX (0, changed.x0 - 1);
  region.y0 = MAX (0, changed.y0 - 1);
  region.x1 = MIN (w, changed.x1 + 1);
  region.y1 = MIN (h, changed.y1 + 1);
  seen = g_malloc0 ((gsize) w * h);
  queue = g_array_new (FALSE, FALSE, sizeof (gsize));
  ok = closed_groups_rect (a, w, h, &region, seen, 1, queue, &budget, rect)
       && closed_groups_rect (b, w, h, &region, seen, 2, queue, &budget, rect);
  g_array_unref (queue);
  g_free (seen);
  return ok;
}

void
loop_palette_render (const HbState *state, HbMode mode, int id, cairo_t *cr,
                     double size, gboolean dark)
{
  const Style *st = dark ? &dark_style : &light_style;

  cairo_save (cr);
  set_rgba (cr, st->card);
  cairo_rectangle (cr, 0, 0, size, size);
  cairo_fill (cr);
  if (id == LOOP_TOOL_TURN)
    {
      /* The Turn tool: a clockwise arrow round the centre. */
      double cx = size / 2, cy = size / 2, rad = size * 0.26, a0 = -G_PI * 0.35;
      double a1 = a0 + G_PI * 1.55, hx, hy, head = size * 0.16;
      set_rgba (cr, st->pipe);
      cairo_set_line_width (cr, MAX (1.5, size * 0.09));
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_arc (cr, cx, cy, rad, a0, a1);
      cairo_stroke (cr);
      hx = cx + rad * cos (a1);
      hy = cy + rad * sin (a1);
      /* The head points along the arc's tangent at its end (angles grow
       * clockwise on screen), its barbs swept back from the tip. */
      {
        double t = a1 + G_PI / 2;
        cairo_move_to (cr, hx + head * cos (t + G_PI - 0.6), hy + head * sin (t + G_PI - 0.6));
        cairo_line_to (cr, hx, hy);
        cairo_line_to (cr, hx + head * cos (t + G_PI + 0.6), hy + head * sin (t + G_PI + 0.6));
      }
      cairo_stroke (cr);
    }
  else if (id == LOOP_KIND_EMPTY)
    {
      /* An empty tile: a dashed outline, so the entry is not blank; a
       * softer ink than the pieces', at 3:1 with the card still (at 40 %
       * and a pixel wide it was a faint grey, 2:1, easy to miss beside
       * them: review). */
      double dash = MAX (1.0, size / 10);
      set_rgba (cr, st->pipe);
      cairo_set_line_width (cr, MAX (1.5, size / 20));
      cairo_set_dash (cr, &dash, 1, 0);
      cairo_push_group (cr);
      hb_draw_rounded_rect (cr, size * 0.2, size * 0.2, size * 0.6, size * 0.6, size * 0.08);
      cairo_stroke (cr);
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, 0.7);
    }
  else
    {
      /* A piece on its own: round tips inside the icon, no red marks,
       * moved against the way its arms lean so that it sits in the
       * middle of its chip (an end piece and a corner sat in a corner of
       * theirs, small beside the others: a newcomer's look). */
      guint8 arms = (guint8) (id & 15);
      double lean_x = 0, lean_y = 0;

      for (int d = 0; d < 4; d++)
        if (arms & (1 << d))
          {
            lean_x += hb_dir_dx[d];
            lean_y += hb_dir_dy[d];
          }
      cairo_translate (cr, -lean_x * size * 0.14, -lean_y * size * 0.14);
      draw_tile (cr, 0, 0, size, arms, 0, st->pipe);
    }
  cairo_restore (cr);
}

/* ---- Frames ------------------------------------------------------------------- */

/* frame->status also keeps, beside each LoopFrame, the search depth at
 * which a tile was fixed, so an UNDO at depth d reverts everything fixed
 * at d or deeper (propagation fixes many tiles after one decision).
 *
 * The fixes are also logged in order: in a depth-first search's trace
 * their depths never fall except by an UNDO, so an UNDO pops the log's
 * tail instead of looking at every tile (it did: the player took 4.4 s,
 * on the main thread, to reach the end of a 200x200 backtracking run of a
 * million steps). A trace whose depths fall otherwise, or a log grown
 * past four entries a tile, turns the log off: every tile is looked at
 * again, as before. */
typedef struct {
  gint32 cell, depth;
} Fix;

typedef struct {
  LoopFrame pub;
  gint32   *fixed_depth;     /* -1 when free */
  gint32    max_depth;
  GArray   *log;             /* Fix, in order; NULL: off */
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
  f->pub.flow_view = trace != NULL && hb_trace_length (trace) > 0
                     && (hb_trace_step (trace, 0)->flags & LOOP_STEP_FLOW) != 0;
  f->fixed_depth = g_new (gint32, n);
  for (gsize i = 0; i < n; i++)
    f->fixed_depth[i] = -1;
  f->max_depth = -1;
  f->log = g_array_new (FALSE, FALSE, sizeof (Fix));
  return f;
}

gpointer
loop_frame_from (const HbState *initial, const guint8 *tiles, const guint8 *status)
{
  Frame *f = loop_frame_new (initial, NULL);
  gsize n = (gsize) initial->width * initial->height;

  memcpy (f->pub.tiles, tiles, n);
  memcpy (f->pub.status, status, n);
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
  if (f->log != NULL)
    {
      /* Only the fixes still in force, in order (a tile fixed again
       * leaves its older entries behind): a keyframe's log stays about
       * the size of the board it copies. */
      c->log = g_array_sized_new (FALSE, FALSE, sizeof (Fix), MIN (f->log->len, n));
      for (guint k = 0; k < f->log->len; k++)
        {
          Fix fx = g_array_index (f->log, Fix, k);
          if (f->fixed_depth[fx.cell] == fx.depth)
            g_array_append_val (c->log, fx);
        }
    }
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
  if (f->log != NULL)
    g_array_unref (f->log);
  g_free (f);
}

static void
frame_fix (Frame *f, gsize i, int turns, LoopCellStatus status, int depth)
{
  f->pub.tiles[i] = loop_rotate (f->pub.orig[i], turns);
  f->pub.status[i] = (guint8) status;
  f->fixed_depth[i] = depth;
  f->max_depth = MAX (f->max_depth, depth);
  if (f->log != NULL)
    {
      gsize n = (gsize) f->pub.width * f->pub.height;
      Fix fx = { (gint32) i, depth };

      if ((f->log->len > 0 && g_array_index (f->log, Fix, f->log->len - 1).depth > depth)
          || f->log->len >= 4 * n)
        g_clear_pointer (&f->log, g_array_unref);
      else
        g_array_append_val (f->log, fx);
    }
}

static void
frame_free_tile (Frame *f, gsize k)
{
  f->pub.tiles[k] = f->pub.orig[k];
  f->pub.status[k] = LOOP_CELL_FREE;
  f->fixed_depth[k] = -1;
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
      if (f->max_depth >= step->depth && f->log != NULL)
        {
          /* The log's tail holds every fix at this depth or deeper; an
           * entry a later fix of its tile replaced is passed over. */
          while (f->log->len > 0
                 && g_array_index (f->log, Fix, f->log->len - 1).depth >= step->depth)
            {
              Fix fx = g_array_index (f->log, Fix, f->log->len - 1);
              g_array_set_size (f->log, f->log->len - 1);
              if (f->fixed_depth[fx.cell] == fx.depth)
                frame_free_tile (f, (gsize) fx.cell);
            }
          f->max_depth = step->depth - 1;
        }
      else if (f->max_depth >= step->depth)
        {
          for (gsize k = 0; k < n; k++)
            if (f->fixed_depth[k] >= step->depth)
              frame_free_tile (f, k);
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
  int w = f->pub.width, h = f->pub.height, vx0, vy0, vx1, vy1;
  double c = l->cell;

  cairo_save (cr);
  visible_cells (cr, l, &vx0, &vy0, &vx1, &vy1);
  draw_background (cr, l, st, vx0, vy0, vx1, vy1);
  if (c < TINY_CELL)
    {
      Tiny t = { .tiles = f->pub.tiles, .w = w, .h = h, .klass = f->pub.status,
                 .flow = f->pub.flow };
      guint32 card = pack (st->card), flow = pack (st->flow);

      tiny_kind (&t, LOOP_CELL_FREE, card, pack (st->pipe), flow, 0.6);
      tiny_kind (&t, LOOP_CELL_FORCED, card, pack (st->fixed), flow, 0.6);
      tiny_kind (&t, LOOP_CELL_PLACED, card, pack (st->placed), flow, 0.6);
      tiny_kind (&t, LOOP_CELL_TRIED, card, pack (st->tried), flow, 0.6);
      tiny_kind (&t, LOOP_CELL_REJECTED, card, pack (st->rejected), flow, 0.6);
      /* A tile the max-flow view rules out: its pipe over a red tint, as
       * on larger cells, where the tint shows round the pipe. */
      tiny_kind (&t, LOOP_CELL_BAD, hb_draw_mix (card, pack (st->rejected), 0.4),
                 pack (st->pipe), flow, 0.6);
      hb_draw_cell_image (cr, l, w, h, tiny_frame_colour, &t);
      if (current != NULL && f->pub.cur_x >= 0)
        tiny_ring (cr, l, f->pub.cur_x, f->pub.cur_y, 4, 2,
                   f->pub.cur_valid ? st->tried : st->rejected);
      cairo_restore (cr);
      return;
    }
  /* Tiles the max-flow view proves cannot fit: a red tint beneath. */
  for (int y = vy0; y < vy1; y++)
    for (int x = vx0; x < vx1; x++)
      if (f->pub.status[(gsize) y * w + x] == LOOP_CELL_BAD)
        {
          Rgba bad = st->rejected;
          bad.a = 0.22;
          tint_cell (cr, l->x0 + x * c, l->y0 + y * c, c, bad, TRUE);
        }
  /* The pipes coloured by what the solver knows of each tile; the same
   * shapes as on the board (arms that meet join, the others end short),
   * but no red tips: red here means a failed try. */
  {
    Rgba colours[] = {
      [LOOP_CELL_FREE] = st->pipe, [LOOP_CELL_FORCED] = st->fixed,
      [LOOP_CELL_PLACED] = st->placed, [LOOP_CELL_TRIED] = st->tried,
      [LOOP_CELL_REJECTED] = st->rejected, [LOOP_CELL_BAD] = st->pipe,
    };
    draw_pipes (cr, l, f->pub.tiles, w, h, vx0, vy0, vx1, vy1, f->pub.status,
                colours, G_N_ELEMENTS (colours), FALSE, st->open);
  }
  /* The flow of the max-flow view: a line between the centres of the
   * two cells of each unit of flow, over the pipes, with a thin halo of
   * the card's colour so it reads where it runs along a pipe. */
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_new_path (cr);
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
  set_rgba (cr, st->card);
  cairo_set_line_width (cr, MAX (1.0, c * 0.07) + MAX (2.0, c * 0.04));
  cairo_stroke_preserve (cr);
  set_rgba (cr, st->flow);
  cairo_set_line_width (cr, MAX (1.0, c * 0.07));
  cairo_stroke (cr);
  /* The current tile, ringed as in the write-up's animation: green when
   * the step fits, red when it fails. */
  if (current != NULL && f->pub.cur_x >= 0)
    {
      set_rgba (cr, f->pub.cur_valid ? st->tried : st->rejected);
      cairo_set_line_width (cr, MAX (1.5, c * 0.055));
      cairo_new_path (cr);
      cairo_arc (cr, l->x0 + (f->pub.cur_x + 0.5) * c, l->y0 + (f->pub.cur_y + 0.5) * c,
                 c * 0.46, 0, 2 * G_PI);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

/* The rotation a step records in its value (quarter turns clockwise; 3
 * is one anticlockwise), in words to follow "the tile at row 2, column 3". */
static const char *
turn_words (int value)
{
  switch (value)
    {
    /* TRANSLATORS: how a solver step turns a tile; the phrase follows
     * "the tile at row 2, column 3" in the step's sentence */
    case 1: return _("turned clockwise once");
    case 2: return _("turned halfway round");
    case 3: return _("turned anticlockwise once");
    default: return _("as it is");
    }
}

char *
loop_describe_step (const HbState *initial, const HbTrace *trace, const HbStep *step)
{
  /* Tiles are named 1-based, row then column, as everywhere in the app. */
  int col = step->x + 1, row = step->y + 1;
  const char *turn = turn_words (step->value);

  /* Whole sentences, one for each case, so translators can order them as
   * their language wants. */
  switch (step->kind)
    {
    case HB_STEP_FORCE:
      /* TRANSLATORS: a solver step. %d and %d are a tile's row and column
       * (1-based); %s how it is turned ("turned clockwise once", "as it
       * is") */
      return g_strdup_printf (_("Propagation fixes the tile at row %d, column %d, %s"),
                              row, col, turn);
    case HB_STEP_TRY:
      if (step->flags & LOOP_STEP_VALID)
        /* TRANSLATORS: a solver step: row, column, how the tile is turned */
        return g_strdup_printf (_("Try the tile at row %d, column %d %s: it fits so far"),
                                row, col, turn);
      return g_strdup_printf (_("Try the tile at row %d, column %d %s: a tile would get more "
                                "arms than it has"), row, col, turn);
    case HB_STEP_PLACE:
      /* An empty tile is a column of the exact cover too, with one row:
       * "Choose the tile … as it is" ringed an empty cell (review). */
      if ((step->flags & LOOP_STEP_DLX_ROW) && initial != NULL && step->x < initial->width
          && step->y < initial->height
          && LOOP_CONST (initial)->tiles[(gsize) step->y * initial->width + step->x] == 0)
        /* TRANSLATORS: a Dancing Links step on a tile with no arms */
        return g_strdup_printf (_("Cover the empty tile at row %d, column %d: it has nothing "
                                  "to turn"), row, col);
      if (step->flags & LOOP_STEP_DLX_ROW)
        /* TRANSLATORS: a step of the Dancing Links solver, which picks one
         * way of turning one tile at a time: row, column, how it is turned */
        return g_strdup_printf (_("Choose the tile at row %d, column %d %s"), row, col, turn);
      return g_strdup_printf (_("Keep the tile at row %d, column %d %s"), row, col, turn);
    case HB_STEP_UNDO:
      if (step->flags & LOOP_STEP_DLX_ROW)
        return g_strdup_printf (_("Take back the tile at row %d, column %d %s"), row, col, turn);
      return g_strdup_printf (_("Undo the tile at row %d, column %d and what followed from it"),
                              row, col);
    case HB_STEP_REJECT:
      if (step->value < 0 && (step->flags & LOOP_STEP_NO_FIT))
        return g_strdup_printf (_("The tile at row %d, column %d has no turn that fits what "
                                  "its neighbours leave: the level has no solution"), row, col);
      if (step->value < 0)
        return g_strdup_printf (_("The tile at row %d, column %d cannot be turned to fit "
                                  "the flow"), row, col);
      return g_strdup_printf (_("The tile at row %d, column %d %s leads to a contradiction"),
                              row, col, turn);
    case HB_STEP_INFO:
      if (step->flags & LOOP_STEP_FLOW)
        /* TRANSLATORS: a step of the maximum-flow view, from one tile (row,
         * column) to its neighbour (row, column) */
        return g_strdup_printf (_("One unit of flow from row %d, column %d to row %d, "
                                  "column %d"), row, col,
                                row + hb_dir_dy[step->aux & 3], col + hb_dir_dx[step->aux & 3]);
      return g_strdup (C_("solver step", "Information"));
    case HB_STEP_SOLUTION:
      return g_strdup (_("Every tile fits: a solution"));
    default:
      /* TRANSLATORS: a solver step of no particular kind */
      return g_strdup (C_("solver step", "Step"));
    }
}

/* The player's counter for a frame: how many tiles are settled so far
 * (fixed by propagation or kept by the search), of the tiles with arms.
 * Empty tiles have nothing to turn and are left out of both numbers, as
 * the hint's "43 tiles are forced" leaves them out: the backtracking's
 * tape passes over them, and its last step, on a solved board, said "43
 * of 49 tiles settled" where the other solvers, which fix them too, said
 * "49 of 49"; every solver now says "43 of 43", and the count is the
 * tiles drawn settled. */
char *
loop_frame_status (gconstpointer data)
{
  const LoopFrame *f = data;
  gsize n = (gsize) f->width * f->height, settled = 0, tiles = 0;
  g_autofree char *a = NULL, *b = NULL;

  gsize arms = 0;

  for (gsize i = 0; i < n; i++)
    {
      if (f->orig != NULL && (f->orig[i] & 15) == 0)
        continue;
      tiles++;
      settled += f->status[i] == LOOP_CELL_FORCED || f->status[i] == LOOP_CELL_PLACED;
      arms += f->flow != NULL ? (gsize) __builtin_popcount (f->flow[i] & 15) : 0;
    }
  /* The max-flow view settles no tile: it counts the flow it routes (it
   * said "0 of 9 tiles settled" all through, a search's counter), from
   * its first frame on. */
  if ((f->flow_view || arms > 0) && settled == 0)
    {
      a = g_strdup_printf ("%" G_GSIZE_FORMAT, arms / 2);
      /* TRANSLATORS: the player's counter in Infinite Loop's max-flow
       * view: how many units of flow run between neighbouring tiles */
      return g_strdup_printf (g_dngettext (NULL, "%s unit of flow between tiles",
                                           "%s units of flow between tiles",
                                           (gulong) MIN (arms / 2, G_MAXULONG)), a);
    }
  a = g_strdup_printf ("%" G_GSIZE_FORMAT, settled);
  b = g_strdup_printf ("%" G_GSIZE_FORMAT, tiles);
  /* TRANSLATORS: the player's counter: "40 of 130 tiles settled" */
  return g_strdup_printf (g_dngettext (NULL, "%s of %s tile settled", "%s of %s tiles settled",
                                       (gulong) MIN (tiles, G_MAXULONG)), a, b);
}
