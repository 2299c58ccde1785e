/* Every game drawn with cells of a pixel or two, as a big board shows in
 * the window: the flat colours of hb_draw_cell_image must still say what
 * the full drawing says (a lit lamp is yellow, a press to make orange, a
 * Flood-It cell its colour, an empty Loop tile the card, a closed Loop
 * group blue, checked against a closed-group computation of this test's
 * own), nothing may land outside the board, and at a readable size the
 * normal drawing must still be used. */
#include "hb-draw.h"
#include "hb-test-util.h"
#include "lights.h"
#include "loop.h"
#include "flood.h"

#include <math.h>
#include <string.h>

#define GREY 0x808080u
#define X0 10
#define Y0 12

typedef struct { double r, g, b; } Px;

typedef struct {
  cairo_surface_t *surf;
  HbLayout         l;
  int              w, h;     /* surface size */
} Shot;

static void
shot_free (Shot *s)
{
  cairo_surface_destroy (s->surf);
}

static guint32
raw (const Shot *s, int x, int y)
{
  return ((guint32 *) (gpointer) (cairo_image_surface_get_data (s->surf)
                                  + y * cairo_image_surface_get_stride (s->surf)))[x]
         & 0xffffff;
}

static Px
px (const Shot *s, int x, int y)
{
  guint32 v = raw (s, x, y);

  return (Px) { (v >> 16 & 255) / 255.0, (v >> 8 & 255) / 255.0, (v & 255) / 255.0 };
}

/* The colour of cell (x, y): its top-left pixel, after checking the cell
 * is flat (every pixel alike). */
static Px
cell_px (const Shot *s, int x, int y)
{
  int c = (int) s->l.cell, px0 = X0 + x * c, py0 = Y0 + y * c;

  for (int dy = 0; dy < c; dy++)
    for (int dx = 0; dx < c; dx++)
      g_assert_cmphex (raw (s, px0 + dx, py0 + dy), ==, raw (s, px0, py0));
  return px (s, px0, py0);
}

static guint32
cell_raw (const Shot *s, int x, int y)
{
  cell_px (s, x, y);
  return raw (s, X0 + x * (int) s->l.cell, Y0 + y * (int) s->l.cell);
}

/* Draws a board (or, with frame, a trace frame) with cells of `cell`
 * pixels at (X0, Y0) on a grey surface `margin` pixels wider each side;
 * with clip, only through the rectangle clip[0..3] (x, y, w, h). */
static Shot
shoot (const HbState *state, gconstpointer frame, const HbStep *current,
       const HbRenderOptions *o, double cell, const double *clip)
{
  const HbGame *g = state->game;
  Shot s;
  cairo_t *cr;

  s.w = X0 + (int) ceil (state->width * cell) + 14;
  s.h = Y0 + (int) ceil (state->height * cell) + 9;
  s.surf = cairo_image_surface_create (CAIRO_FORMAT_RGB24, s.w, s.h);
  s.l = (HbLayout) { state->width, state->height, X0, Y0, cell };
  cr = cairo_create (s.surf);
  cairo_set_source_rgb (cr, 0.5, 0.5, 0.5);
  cairo_paint (cr);
  if (clip)
    {
      cairo_rectangle (cr, clip[0], clip[1], clip[2], clip[3]);
      cairo_clip (cr);
    }
  if (frame)
    g->frame_render (frame, cr, &s.l, o, current);
  else
    g->render (state, cr, &s.l, o);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (s.surf);
  return s;
}

/* Every pixel further than `slack` pixels from the board is still grey
 * (or `outside`, for a game that paints its own background round the
 * board). */
static void
assert_nothing_outside (const Shot *s, int slack, guint32 outside)
{
  int bx1 = X0 + (int) ceil (s->l.width * s->l.cell);
  int by1 = Y0 + (int) ceil (s->l.height * s->l.cell);

  for (int y = 0; y < s->h; y++)
    for (int x = 0; x < s->w; x++)
      if (x < X0 - slack || y < Y0 - slack || x >= bx1 + slack || y >= by1 + slack)
        if (raw (s, x, y) != outside)
          g_error ("pixel (%d, %d) outside the board is %06x, want %06x",
                   x, y, raw (s, x, y), outside);
}

static gboolean
yellowish (Px p)
{
  return p.r > 0.85 && p.g > 0.7 && p.b < 0.35;
}

static gboolean
orangeish (Px p)
{
  return p.r > 0.65 && p.g > 0.25 && p.g < 0.6 && p.b < 0.25 && p.r - p.g > 0.25;
}

/* A press made (a trace frame): GNOME blue, never orange. */
static gboolean
press_made_blue (Px p)
{
  return p.b > 0.6 && p.b > p.r + 0.3 && p.b > p.g + 0.15;
}

static gboolean
slate (Px p)
{
  return p.r < 0.45 && p.g < 0.45 && p.b < 0.5 && p.b >= p.r;
}

/* ---- Enlight ---------------------------------------------------------- */

static void
test_lights (void)
{
  HbGenerateParams gp = { 30, 20, 0, 5 };
  HbState *s = lights_game.generate (&gp, NULL);
  const guint8 *cells = LIGHTS_CONST (s)->cells;
  gpointer hint = lights_game.hint_compute (s, NULL, NULL);
  const LightsHint *lh = hint;
  int lit = 0, dark = 0, pressed = 0;

  g_assert_nonnull (hint);
  g_assert_true (lh->answer.solvable);
  for (int style = 0; style <= 1; style++)
    for (double cell = 1; cell <= 5; cell += 2)
      {
        HbRenderOptions o = { .dark = style, .mode = HB_MODE_PLAY,
                              .hover_x = -1, .hover_y = -1 };
        Shot plain = shoot (s, NULL, NULL, &o, cell, NULL), hinted;

        o.show_hints = TRUE;
        o.hint = hint;
        hinted = shoot (s, NULL, NULL, &o, cell, NULL);
        for (int y = 0; y < 20; y++)
          for (int x = 0; x < 30; x++)
            {
              gsize i = (gsize) y * 30 + x;
              Px p = cell_px (&plain, x, y), q = cell_px (&hinted, x, y);

              /* A lit lamp is yellow, a dark one slate, and not orange. */
              g_assert_true (cells[i] ? yellowish (p) : slate (p));
              lit += cells[i] != 0;
              dark += cells[i] == 0;
              /* With the hint, a press to make is orange; the others keep
               * their colour. */
              if (lh->answer.press[i])
                {
                  g_assert_true (orangeish (q));
                  pressed++;
                }
              else
                g_assert_cmphex (cell_raw (&hinted, x, y), ==, cell_raw (&plain, x, y));
            }
        assert_nothing_outside (&plain, 0, GREY);
        assert_nothing_outside (&hinted, 0, GREY);
        shot_free (&plain);
        shot_free (&hinted);
      }
  g_assert_cmpint (lit, >, 0);
  g_assert_cmpint (dark, >, 0);
  g_assert_cmpint (pressed, >, 0);
  lights_game.hint_free (hint);
  hb_state_free (s);
}

/* The trace's frame: a press the solver made is blue (orange means "press
 * here", in hints only), and the current step is a green ring a few
 * pixels across even on 1 px cells. */
static void
test_lights_frame (void)
{
  HbState *s = hb_test_parse (&lights_game, "0000000000\n0000000000\n0000000000\n"
                                            "0000000000\n0000000000\n0000000000\n");
  gpointer f = lights_game.frame_new (s, NULL);
  HbStep step = { .kind = HB_STEP_PLACE, .x = 4, .y = 3 };
  HbRenderOptions o = { .hover_x = -1, .hover_y = -1 };
  Shot shot;
  Px ring;

  lights_game.frame_step (f, NULL, &step);
  shot = shoot (s, f, &step, &o, 1, NULL);
  g_assert_true (press_made_blue (px (&shot, X0 + 4, Y0 + 3)));
  g_assert_false (orangeish (px (&shot, X0 + 4, Y0 + 3)));
  /* The neighbours the press lit. */
  g_assert_true (yellowish (px (&shot, X0 + 5, Y0 + 3)));
  g_assert_true (yellowish (px (&shot, X0 + 4, Y0 + 2)));
  g_assert_true (slate (px (&shot, X0 + 6, Y0 + 3)));
  /* The ring, radius 4 round the cell's centre (4.5, 3.5). */
  ring = px (&shot, X0 + 8, Y0 + 3);
  g_assert_cmpfloat (ring.g, >, ring.r + 0.3);
  assert_nothing_outside (&shot, 0, GREY);
  shot_free (&shot);
  lights_game.frame_free (f);
  hb_state_free (s);
}

/* At 6 px and more a lamp is the normal drawing: a gradient, not flat. */
static void
test_lights_threshold (void)
{
  HbState *s = hb_test_parse (&lights_game, "1\n");
  HbRenderOptions o = { .hover_x = -1, .hover_y = -1 };
  Shot small = shoot (s, NULL, NULL, &o, 5, NULL), big = shoot (s, NULL, NULL, &o, 6, NULL);
  gboolean flat = TRUE;

  cell_px (&small, 0, 0);
  for (int y = 0; y < 6; y++)
    for (int x = 0; x < 6; x++)
      flat &= raw (&big, X0 + x, Y0 + y) == raw (&big, X0, Y0);
  g_assert_false (flat);
  shot_free (&small);
  shot_free (&big);
  hb_state_free (s);
}

/* ---- Infinite Loop ---------------------------------------------------- */

static gboolean
blueish (Px p)
{
  return p.b > p.r + 0.15;
}

static gboolean
reddish (Px p)
{
  return p.r > p.b + 0.1 && p.r > p.g + 0.1;
}

/* Closed tiles computed here, independently of loop-render.c: a tile is
 * closed when it has arms and no tile reachable from it through matched
 * arms (a flood fill, repeated from every tile) has an arm that its
 * neighbour does not answer. Quadratic; for small boards only. */
static gboolean
arm_answered (const guint8 *t, int w, int h, int x, int y, int d)
{
  static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };
  int nx = x + dx[d], ny = y + dy[d];

  return nx >= 0 && ny >= 0 && nx < w && ny < h && (t[ny * w + nx] >> ((d + 2) % 4) & 1);
}

static gboolean
closed_here (const guint8 *t, int w, int h, int start)
{
  static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };
  g_autofree guint8 *seen = g_new0 (guint8, w * h);
  g_autofree int *stack = g_new (int, w * h);
  int top = 0;

  if (t[start] == 0)
    return FALSE;
  stack[top++] = start;
  seen[start] = 1;
  while (top > 0)
    {
      int i = stack[--top], x = i % w, y = i / w;
      for (int d = 0; d < 4; d++)
        if (t[i] >> d & 1)
          {
            int j;
            if (!arm_answered (t, w, h, x, y, d))
              return FALSE;
            j = (y + dy[d]) * w + x + dx[d];
            if (!seen[j])
              {
                seen[j] = 1;
                stack[top++] = j;
              }
          }
    }
  return TRUE;
}

static HbState *
loop_solved_copy (const HbState *s, const LoopHint *hint)
{
  HbState *c = hb_state_copy (s);

  memcpy (LOOP (c)->tiles, hint->solved, (gsize) s->width * s->height);
  return c;
}

static void
test_loop_meaning (void)
{
  /* A closed square and a closed pair; an open pair (the straight's
   * east arm meets an empty tile) and three open ends down the right;
   * empty tiles. */
  HbState *s = hb_test_parse (&loop_game, "┌┐ ╶─ ╷\n└┘    ╴\n  ╶╴  ╷\n");
  static const char *want = "DD.-O.O"
                            "DD....O"
                            "..DD..O";

  g_assert_cmpint (s->width, ==, 7);
  g_assert_cmpint (s->height, ==, 3);
  for (int style = 0; style <= 1; style++)
    {
      HbRenderOptions o = { .dark = style, .hover_x = -1, .hover_y = -1 };
      Shot shot = shoot (s, NULL, NULL, &o, 2, NULL);
      guint32 card = style ? 0x303030 : 0xffffff;

      for (int i = 0; i < 21; i++)
        {
          Px p = cell_px (&shot, i % 7, i / 7);
          switch (want[i])
            {
            case 'D':     /* closed: the accent blue */
              g_assert_true (blueish (p));
              break;
            case 'O':     /* an arm meets nothing: red-tinged */
              g_assert_true (reddish (p));
              break;
            case '-':     /* its own arms answered: the pipe's grey */
              g_assert_cmpfloat (fabs (p.r - p.b), <, 0.06);
              g_assert_cmpfloat (fabs (p.r - (card & 255) / 255.0), >, 0.2);
              break;
            default:      /* empty: the card */
              g_assert_cmphex (cell_raw (&shot, i % 7, i / 7), ==, card);
              break;
            }
        }
      /* Around the board: nothing, as every game (the caller paints the
       * background); the card's rim may spill one pixel. */
      assert_nothing_outside (&shot, 1, GREY);
      shot_free (&shot);
    }
  hb_state_free (s);
}

/* Blue exactly where this test's own computation says closed, with the
 * clip showing only part of the board: a group is closed or not as a
 * whole, wherever it reaches. The board: a generated level with its upper
 * part solved, so there are big closed groups, open ones, and groups
 * crossing the clip's edge. */
static void
test_loop_closed_groups (void)
{
  const int w = 48, h = 36;
  LoopState *level = loop_generate_level (w, h, 9);
  gpointer hint = loop_game.hint_compute (&level->base, NULL, NULL);
  const LoopHint *lh = hint;
  HbState *mixed;
  const guint8 *t;
  int closed = 0, open = 0;

  g_assert_nonnull (lh->solved);
  mixed = loop_solved_copy (&level->base, lh);
  t = LOOP_CONST (mixed)->tiles;
  for (int i = w * h * 2 / 3; i < w * h; i++)
    LOOP (mixed)->tiles[i] = level->tiles[i];
  for (int pass = 0; pass < 2; pass++)
    {
      HbRenderOptions o = { .hover_x = -1, .hover_y = -1 };
      /* Cells 10..29 × 8..31: both solved and scrambled rows. */
      double clip[4] = { X0 + 10 * 2, Y0 + 8 * 2, 20 * 2, 24 * 2 };
      Shot shot = shoot (mixed, NULL, NULL, &o, 2, pass ? clip : NULL);

      for (int y = pass ? 8 : 0; y < (pass ? 32 : h); y++)
        for (int x = pass ? 10 : 0; x < (pass ? 30 : w); x++)
          {
            gboolean c = closed_here (t, w, h, y * w + x);
            Px p = cell_px (&shot, x, y);
            if (c != blueish (p))
              g_error ("tile (%d, %d): closed %d but drawn %.2f %.2f %.2f", x, y, c,
                       p.r, p.g, p.b);
            closed += c;
            open += !c && t[y * w + x] != 0;
          }
      if (pass)
        {
          /* Nothing drawn outside the clip. */
          g_assert_cmphex (raw (&shot, X0 + 9 * 2 + 1, Y0 + 9 * 2), ==, GREY);
          g_assert_cmphex (raw (&shot, X0 + 30 * 2, Y0 + 9 * 2), ==, GREY);
        }
      shot_free (&shot);
    }
  g_assert_cmpint (closed, >, 50);
  g_assert_cmpint (open, >, 50);
  hb_state_free (mixed);
  loop_game.hint_free (hint);
  hb_state_free (&level->base);
}

static double
orange_distance (Px p)
{
  return fabs (p.r - 1) + fabs (p.g - 0x78 / 255.0) + fabs (p.b);
}

/* The hint: every tile still to turn is tinged with the hint's orange
 * (the sure, forced, ones more); the others keep their colour. */
static void
test_loop_hint (void)
{
  LoopState *level = loop_generate_level (30, 20, 4);
  gpointer hint = loop_game.hint_compute (&level->base, NULL, NULL);
  const LoopHint *lh = hint;
  HbRenderOptions o = { .hover_x = -1, .hover_y = -1 };
  Shot plain = shoot (&level->base, NULL, NULL, &o, 1.5, NULL), hinted;
  int turned = 0, forced = 0;

  o.show_hints = TRUE;
  o.hint = hint;
  hinted = shoot (&level->base, NULL, NULL, &o, 2, NULL);
  shot_free (&plain);
  plain = shoot (&level->base, NULL, NULL, &(HbRenderOptions) { .hover_x = -1, .hover_y = -1 },
                 2, NULL);
  for (int i = 0; i < 600; i++)
    {
      int x = i % 30, y = i / 30;
      int turns = loop_turns_between (level->tiles[i], lh->solved[i]);
      if (turns == 0)
        g_assert_cmphex (cell_raw (&hinted, x, y), ==, cell_raw (&plain, x, y));
      else
        {
          /* Nearer the hint's orange than without the hint. */
          g_assert_cmpfloat (orange_distance (cell_px (&hinted, x, y)), <,
                             orange_distance (cell_px (&plain, x, y)) - 0.1);
          forced += lh->forced[i];
        }
      turned += turns > 0;
    }
  g_assert_cmpint (turned, >, 0);
  g_assert_cmpint (forced, >, 0);
  shot_free (&plain);
  shot_free (&hinted);
  loop_game.hint_free (hint);
  hb_state_free (&level->base);
}

/* A frame: a tile the solver tries (and fits) is green, a rejected one
 * red, an untouched one the pipe's grey. */
static void
test_loop_frame (void)
{
  HbState *s = hb_test_parse (&loop_game, "┌─┐\n│ │\n└─┘\n");
  gpointer f = loop_game.frame_new (s, NULL);
  HbStep try = { .kind = HB_STEP_TRY, .flags = LOOP_STEP_VALID, .x = 0, .y = 0 };
  HbStep reject = { .kind = HB_STEP_REJECT, .x = 2, .y = 2, .value = 1 };
  HbRenderOptions o = { .hover_x = -1, .hover_y = -1 };
  Shot shot;
  Px tried, rejected, free_tile;

  loop_game.frame_step (f, NULL, &try);
  loop_game.frame_step (f, NULL, &reject);
  shot = shoot (s, f, NULL, &o, 3, NULL);
  tried = cell_px (&shot, 0, 0);
  rejected = cell_px (&shot, 2, 2);
  free_tile = cell_px (&shot, 1, 0);
  g_assert_cmpfloat (tried.g, >, tried.r + 0.2);
  g_assert_true (reddish (rejected));
  g_assert_cmpfloat (fabs (free_tile.r - free_tile.b), <, 0.06);
  g_assert_cmphex (cell_raw (&shot, 1, 1), ==, 0xffffff);
  shot_free (&shot);
  loop_game.frame_free (f);
  hb_state_free (s);
}

/* ---- Flood-It --------------------------------------------------------- */

static guint32
flood_raw (int c, gboolean dark)
{
  double rgb[3];

  flood_colour_rgb (c, dark, rgb);
  return (guint32) lround (rgb[0] * 255) << 16 | (guint32) lround (rgb[1] * 255) << 8
         | (guint32) lround (rgb[2] * 255);
}

static gboolean
on_edge (const guint8 *mask, int w, int h, int x, int y, gboolean border)
{
  static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };

  if (!mask[y * w + x])
    return FALSE;
  for (int d = 0; d < 4; d++)
    {
      int nx = x + dx[d], ny = y + dy[d];
      if (nx < 0 || ny < 0 || nx >= w || ny >= h ? border : !mask[ny * w + nx])
        return TRUE;
    }
  return FALSE;
}

static void
test_flood (void)
{
  const int w = 40, h = 30;
  HbGenerateParams gp = { w, h, 6, 3 };
  HbState *s = flood_game.generate (&gp, NULL);
  guint8 *cells = FLOOD (s)->cells;
  guint8 *flooded = g_new (guint8, w * h), *captured = g_new0 (guint8, w * h);
  /* Proven: the badge reads "9 to go", not "at most 9 to go", and stays
   * in the cells skipped below (no side of this tight shot has room for
   * it). */
  FloodHint hint = { .colour = -1, .to_go = 9, .proven = TRUE, .captured = captured,
                     .width = w, .height = h };
  int edge = 0, dashes[2] = { 0, 0 };

  /* Grow the region a little so it has an edge inside the board, then
   * mark as captured what one more move would take (as the hint does). */
  for (int k = 0; k < 6; k++)
    flood_fill (cells, w, h, (cells[0] + 1 + k) % 6);
  flood_region_mask (cells, w, h, flooded);
  for (int c = 0, best = 0; c < 6; c++)
    {
      /* The colour that captures most, for a long outline. */
      guint8 *after = g_memdup2 (cells, w * h), *now = g_new (guint8, w * h);
      int n = 0;
      flood_fill (after, w, h, c);
      n = flood_region_mask (after, w, h, now);
      if (c != cells[0] && n > best)
        {
          best = n;
          hint.colour = c;
          for (int i = 0; i < w * h; i++)
            captured[i] = now[i] && !flooded[i];
        }
      g_free (after);
      g_free (now);
    }
  for (int style = 0; style <= 1; style++)
    for (int with_hint = 0; with_hint <= 1; with_hint++)
      {
        HbRenderOptions o = { .dark = style, .mode = HB_MODE_PLAY, .hover_x = -1,
                              .hover_y = -1, .show_hints = with_hint, .hint = &hint };
        /* 3 px: the board's edge line blends into the outer pixel of the
         * border cells; a cell's middle pixel is its colour. */
        Shot shot = shoot (s, NULL, NULL, &o, 3, NULL);

        for (int y = 0; y < h; y++)
          for (int x = 0; x < w; x++)
            {
              guint32 got = raw (&shot, X0 + 3 * x + 1, Y0 + 3 * y + 1);
              guint32 want = flood_raw (cells[y * w + x], style);
              /* The badge, in the bottom-right corner, covers a few cells. */
              if (with_hint && x >= w - 24 && y >= h - 8)
                continue;
              if (with_hint && on_edge (captured, w, h, x, y, TRUE))
                {
                  /* The dashed two-tone outline: near black or white. */
                  g_assert_true (got == 0x0d0d0d || got == 0xffffff);
                  dashes[got == 0xffffff]++;
                }
              else if (on_edge (flooded, w, h, x, y, FALSE))
                {
                  /* The region's outline as a tint of its edge. */
                  g_assert_cmphex (got, !=, want);
                  edge++;
                }
              else
                /* Every other cell its own colour. */
                if (got != want)
                  g_error ("cell (%d, %d) style %d hint %d: %06x, want %06x", x, y, style,
                           with_hint, got, want);
            }
        /* The board's 1 px edge line straddles the border. */
        assert_nothing_outside (&shot, 1, GREY);
        shot_free (&shot);
      }
  g_assert_cmpint (edge, >, 0);
  g_assert_cmpint (dashes[0], >, 0);
  g_assert_cmpint (dashes[1], >, 0);
  g_free (flooded);
  g_free (captured);
  hb_state_free (s);
}

/* Below 4 px the flooded region's edge cell (1, 0) is tinted flat; from
 * 4 px on it is the normal drawing: its colour, with the outline a line
 * along its right edge. */
static void
test_flood_threshold (void)
{
  HbState *s = hb_test_parse (&flood_game, "3 by 1 -> 0\n001\n");
  HbRenderOptions o = { .hover_x = -1, .hover_y = -1 };
  Shot small = shoot (s, NULL, NULL, &o, 3, NULL), big = shoot (s, NULL, NULL, &o, 4, NULL);
  guint32 c0 = flood_raw (0, FALSE);

  g_assert_cmphex (raw (&small, X0 + 1, Y0 + 1), ==, c0);
  g_assert_cmphex (raw (&small, X0 + 3, Y0 + 1), ==, raw (&small, X0 + 5, Y0 + 1));
  g_assert_cmphex (raw (&small, X0 + 3, Y0 + 1), !=, c0);
  g_assert_cmphex (raw (&big, X0 + 5, Y0 + 2), ==, c0);
  g_assert_cmphex (raw (&big, X0 + 7, Y0 + 2), !=, c0);
  shot_free (&small);
  shot_free (&big);
  hb_state_free (s);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render-tiny/lights/meaning", test_lights);
  g_test_add_func ("/render-tiny/lights/frame", test_lights_frame);
  g_test_add_func ("/render-tiny/lights/threshold", test_lights_threshold);
  g_test_add_func ("/render-tiny/loop/meaning", test_loop_meaning);
  g_test_add_func ("/render-tiny/loop/closed-groups", test_loop_closed_groups);
  g_test_add_func ("/render-tiny/loop/hint", test_loop_hint);
  g_test_add_func ("/render-tiny/loop/frame", test_loop_frame);
  g_test_add_func ("/render-tiny/flood/meaning", test_flood);
  g_test_add_func ("/render-tiny/flood/threshold", test_flood_threshold);
  return g_test_run ();
}
