/* flow-render.c: cairo drawing of a Flow Free board, its hints, trace
 * frames and palette.
 *
 * The first sixteen colours are the game's own (red, green, blue, yellow,
 * orange, cyan, magenta, maroon, purple, white, grey, lime, tan, dark blue,
 * teal, pink), given to the letters the published puzzle files use for
 * them (flow_default_names). Every other character gets a colour of its
 * own, chosen to stand apart from the game's and each other (spares_init),
 * and its character is drawn on its dots, so that 88 colours stay
 * readable where colour alone could not tell them apart; on request
 * (HB_HINT_COLOUR_LABELS, a colour-blind aid) every dot carries its
 * character. The yellow is a
 * little brighter than the game's, so it stays ΔE 22 (CIELAB) from the
 * orange for a deuteranope, where it was 18; of the first six colours
 * only the game's red and green come closer than ΔE 20 for anyone, 11.5
 * for a protanope (test-flow-render checks both). A lighter green would
 * part them, but boards drawn with it are read back as Flood-It by the
 * screenshot reader (test-import, a dark 6×5 board at half size), so the
 * letters are the answer there. Paths and dots carry an edge of the
 * background's opposite tone, faint, or a firm halo for a colour of less
 * than 3:1 against the board (needs_halo), so white reads on the light
 * style and maroon, purple and dark blue on the dark one. */
#include "flow-game.h"
#include "hb-draw.h"
#include "hb-grid-state.h"
#include "hb-vision.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

/* The game's colours, in the order of flow_default_names' first 16. */
static const guint32 game_rgb[16] = {
  0xE8271E, /* R red */
  0x00863D, /* G green */
  0x1A4EF5, /* B blue */
  0xFFF000, /* Y yellow */
  0xFB8A08, /* O orange */
  0x14D8E8, /* C cyan */
  0xE22CD8, /* M magenta */
  0x9C2A2A, /* m maroon */
  0x7E1D86, /* P purple */
  0xFFFFFF, /* W white */
  0x8A8A8A, /* A grey */
  0x8CE33C, /* g lime */
  0xBDA77C, /* T tan */
  0x1E2A96, /* b dark blue */
  0x0A8C88, /* c teal */
  0xF49FC2, /* p pink */
};

static void
hsv_to_rgb (double h, double s, double v, double *r, double *g, double *b)
{
  double i = floor (h * 6), f = h * 6 - i, p = v * (1 - s), q = v * (1 - f * s),
         t = v * (1 - (1 - f) * s);

  switch (((int) i) % 6)
    {
    case 0: *r = v, *g = t, *b = p; break;
    case 1: *r = q, *g = v, *b = p; break;
    case 2: *r = p, *g = v, *b = t; break;
    case 3: *r = p, *g = q, *b = v; break;
    case 4: *r = t, *g = p, *b = v; break;
    default: *r = v, *g = p, *b = q; break;
    }
}

/* The spare colours, for the characters after the game's 16 in
 * flow_default_names, in that order: chosen once, greedily, each the
 * candidate (a grid of hues, saturations and values, kept where CIELAB
 * lightness is 30-90) that stands furthest (CIEDE2000) from the game's 16,
 * both boards' backgrounds and the spares before it, among those at least
 * ΔE 18 (CIE76) from all of them. The first spares, which levels of 17 to
 * 30 colours use, stand furthest apart. Of all 88 colours the closest two
 * are CIEDE2000 9.2 apart (CIE76 18.1; test-flow-render checks 8.5 and 15).
 * They were a golden-ratio walk of hues until 2026-12-04, which put 'D'
 * beside Orange (ΔE 8) and '?' on Red (ΔE 3); then chosen by CIE76 alone
 * until 2026-12-06, which finds saturated greens and cyans far apart that
 * look alike: spring green 'Z' and aquamarine 'F' (#00ff80 and #00ffbf,
 * CIEDE2000 10.3) and a closest pair of 4.7 ('+' and 'J'). */
#define N_SPARE (FLOW_MAX_COLOURS - 16)
#define SPARE_FLOOR_76 18.0

/* The boards' backgrounds (style_init). */
#define BOARD_LIGHT 0xfbfbfa
#define BOARD_DARK  0x161616

static guint32 spare_rgb[N_SPARE];

static guint32
rgb_pack (double r, double g, double b)
{
  return ((guint32) (r * 255 + 0.5) << 16) | ((guint32) (g * 255 + 0.5) << 8)
         | (guint32) (b * 255 + 0.5);
}

static void
rgb_lab (guint32 c, HbLab *lab)
{
  guint8 v[3] = { (c >> 16) & 0xff, (c >> 8) & 0xff, c & 0xff };
  hb_lab_from_rgb (v, lab);
}

static double
lab_d2 (const HbLab *a, const HbLab *b)
{
  double dl = a->L - b->L, da = a->a - b->a, db = a->b - b->b;
  return dl * dl + da * da + db * db;
}

static void
spares_init (void)
{
  enum { HUES = 72 };
  static const double sat[] = { 1.0, 0.85, 0.7, 0.55, 0.4, 0.25 };
  static const double val[] = { 1.0, 0.88, 0.76, 0.64, 0.52, 0.4 };
  const guint32 seeds[] = { BOARD_LIGHT, BOARD_DARK };
  guint32 cand[HUES * G_N_ELEMENTS (sat) * G_N_ELEMENTS (val)];
  HbLab lab[G_N_ELEMENTS (cand)], seen;
  /* Each candidate's least CIEDE2000 and CIE76 from those taken. */
  double near[G_N_ELEMENTS (cand)], near76[G_N_ELEMENTS (cand)];
  int n = 0;

  for (int h = 0; h < HUES; h++)
    for (gsize i = 0; i < G_N_ELEMENTS (sat); i++)
      for (gsize j = 0; j < G_N_ELEMENTS (val); j++)
        {
          double r, g, b;
          hsv_to_rgb ((double) h / HUES, sat[i], val[j], &r, &g, &b);
          cand[n] = rgb_pack (r, g, b);
          rgb_lab (cand[n], &lab[n]);
          if (lab[n].L >= 30 && lab[n].L <= 90)
            {
              near[n] = near76[n] = G_MAXDOUBLE;
              n++;
            }
        }
  for (gsize k = 0; k < 16 + G_N_ELEMENTS (seeds) + N_SPARE; k++)
    {
      if (k >= 16 + G_N_ELEMENTS (seeds))
        {
          /* The next spare: the furthest of those far enough by CIE76
           * too (there always are some: the floor is below the least the
           * full set reaches), else the furthest of all. */
          int best = -1, any = 0;
          for (int i = 0; i < n; i++)
            {
              if (near[i] > near[any])
                any = i;
              if (near76[i] >= SPARE_FLOOR_76 && (best < 0 || near[i] > near[best]))
                best = i;
            }
          if (best < 0)
            best = any;
          spare_rgb[k - 16 - G_N_ELEMENTS (seeds)] = cand[best];
          seen = lab[best];
        }
      else
        rgb_lab (k < 16 ? game_rgb[k] : seeds[k - 16], &seen);
      for (int i = 0; i < n; i++)
        {
          near[i] = MIN (near[i], hb_lab_delta_e2000 (&lab[i], &seen));
          near76[i] = MIN (near76[i], sqrt (lab_d2 (&lab[i], &seen)));
        }
    }
}

/* The colour of a character: one of the game's for its 16 letters, a
 * spare for the other characters of flow_default_names, else a hue of its
 * own. 0xRRGGBB. */
static guint32
char_rgb (char ch)
{
  static gsize ready = 0;
  const char *at = ch != '\0' ? strchr (flow_default_names, ch) : NULL;
  int k = at != NULL ? (int) (at - flow_default_names) : FLOW_MAX_COLOURS + (guchar) ch;
  double h, r, g, b;

  if (k < 16)
    return game_rgb[k];
  if (k < FLOW_MAX_COLOURS)
    {
      if (g_once_init_enter (&ready))
        {
          spares_init ();
          g_once_init_leave (&ready, 1);
        }
      return spare_rgb[k - 16];
    }
  /* A character no level names by default (", ', \, `): a golden-ratio
   * hue; its character is on its dots. */
  h = fmod (0.07 + k * 0.6180339887, 1.0);
  hsv_to_rgb (h, 0.7, 0.8, &r, &g, &b);
  return rgb_pack (r, g, b);
}

guint32
flow_colour_rgb (const FlowState *s, int c, gboolean dark)
{
  if (c < 0 || c >= FLOW_MAX_COLOURS)
    return 0x808080;
  return char_rgb (s->names[c]);
}

gboolean
flow_colour_shows_char (const FlowState *s, int c)
{
  const char *at;

  if (c < 0 || c >= FLOW_MAX_COLOURS || s->names[c] == '\0')
    return FALSE;
  at = strchr (flow_default_names, s->names[c]);
  return at == NULL || at - flow_default_names >= 16;
}

/* ---- The style ------------------------------------------------------------------ */

typedef struct {
  guint32 bg;        /* the board */
  guint32 grid;      /* cell lines (opaque, already mixed) */
  guint32 edge;      /* the edge round paths and dots */
  double  tint;      /* how much a path colours its cells' background */
} Style;

static void
style_init (Style *st, gboolean dark)
{
  if (dark)
    {
      st->bg = 0xff000000 | BOARD_DARK;
      st->grid = 0xff3a3a3a;
      st->edge = 0xffd0d0d0;
      st->tint = 0.30;
    }
  else
    {
      st->bg = 0xff000000 | BOARD_LIGHT;
      st->grid = 0xffcfcfcf;
      st->edge = 0xff303030;
      st->tint = 0.28;
    }
}

/* 0xRRGGBB as components 0..1. */
static void
unpack_rgb (guint32 c, double rgb[3])
{
  rgb[0] = ((c >> 16) & 0xff) / 255.0;
  rgb[1] = ((c >> 8) & 0xff) / 255.0;
  rgb[2] = (c & 0xff) / 255.0;
}

static void
set_argb (cairo_t *cr, guint32 c, double alpha)
{
  double rgb[3];

  unpack_rgb (c, rgb);
  cairo_set_source_rgba (cr, rgb[0], rgb[1], rgb[2], alpha);
}

/* WCAG 2's contrast ratio of two colours 0xRRGGBB (core's hb_draw_contrast). */
static double
contrast_ratio (guint32 a, guint32 b)
{
  double ra[3], rb[3];

  unpack_rgb (a, ra);
  unpack_rgb (b, rb);
  return hb_draw_contrast (ra, rb);
}

/* A colour that stands less than 3:1 from the board (WCAG's least for
 * the parts of a picture that matter: maroon, purple and dark blue on the
 * dark board; white, yellow, cyan and their like on the light one) has
 * its dots and paths ringed by a firm halo of the edge colour, light on
 * the dark board, dark on the light one; the others keep the faint edge,
 * which they do not need to be seen. */
static gboolean
needs_halo (const Style *st, guint32 c)
{
  return contrast_ratio (c, st->bg) < 3.0;
}

/* The edge's opacity round a dot or path of colour c: `faint` where the
 * colour shows by itself. */
static double
edge_alpha (const Style *st, guint32 c, double faint)
{
  return needs_halo (st, c) ? 0.9 : faint;
}

/* The background of a cell on colour c's path: the board mixed a little
 * towards c. A colour close to the board's own (white on the light board,
 * a near-black one on the dark) tinted nothing there, so its path's cells
 * looked empty (review): it tints as c taken part of the way to the edge
 * colour, a pale grey on the light board. */
static guint32
cell_tint (const Style *st, guint32 c)
{
  int far = 0;

  c = HB_DRAW_OPAQUE (c);
  for (int k = 0; k < 24; k += 8)
    far = MAX (far, ABS ((int) ((c >> k) & 0xff) - (int) ((st->bg >> k) & 0xff)));
  if (far < 48)
    c = hb_draw_mix (c, st->edge, 0.3);
  return hb_draw_mix (st->bg, c, st->tint);
}

/* ---- Tiny cells ------------------------------------------------------------------ */

/* Below this cell size (pixels) the board is one image of a colour per
 * cell (hb_draw_cell_image): dots their full colour, path cells a little
 * lighter (or darker), forced hint cells a faint tint, marks red. */
#define TINY_CELL 5

typedef struct {
  const FlowState *s;
  const guint8    *marks;
  const guint8    *forced;
  guint32          full[FLOW_MAX_COLOURS + 1];
  guint32          path[FLOW_MAX_COLOURS + 1];
  guint32          hint[FLOW_MAX_COLOURS + 1];
  guint32          mark;
  int              dots[2 * FLOW_MAX_COLOURS];  /* the dots drawn, by cell */
  int              ndots;
} Tiny;

static guint32
tiny_colour (gsize i, int x, int y, gpointer data)
{
  Tiny *t = data;
  int c;

  if (t->s->dot[i] && t->ndots < (int) G_N_ELEMENTS (t->dots))
    t->dots[t->ndots++] = (int) i;
  if (t->marks != NULL && t->marks[i])
    return t->mark;
  c = MIN (t->s->colour[i], FLOW_MAX_COLOURS);
  if (t->s->dot[i])
    return t->full[c];
  if (c != 0)
    return t->path[c];
  if (t->forced != NULL && t->forced[i])
    return t->hint[MIN (t->forced[i], FLOW_MAX_COLOURS)];
  return t->full[0];
}

/* ---- The board ------------------------------------------------------------------- */

static void
cell_centre (const HbLayout *l, int x, int y, double *cx, double *cy)
{
  *cx = l->x0 + (x + 0.5) * l->cell;
  *cy = l->y0 + (y + 0.5) * l->cell;
}

/* A colour's character on it (a dot's, a chip's): black or white,
 * whichever contrasts more (WCAG), at least 4.5:1. A threshold on luma
 * chose white on the game's red (4.4:1) and on other colours where black
 * read better (review). */
static void
set_label_colour (cairo_t *cr, guint32 colour)
{
  double rgb[3], rgba[4];

  unpack_rgb (colour, rgb);
  hb_draw_label_colour (rgb, 1, rgba);
  cairo_set_source_rgba (cr, rgba[0], rgba[1], rgba[2], rgba[3]);
}

/* A colour's character centred at (cx, cy), black or white against the
 * colour (set_label_colour), in a monospace face: a sans-serif 'I', 'l' and '|' look alike,
 * and all three name colours. */
static void
dot_char (cairo_t *cr, char name, guint32 colour, double cx, double cy, double size)
{
  char t[2] = { name, 0 };
  cairo_text_extents_t e;

  cairo_select_font_face (cr, "monospace", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, size);
  cairo_text_extents (cr, t, &e);
  set_label_colour (cr, colour);
  cairo_move_to (cr, cx - e.x_bearing - e.width / 2, cy - e.y_bearing - e.height / 2);
  cairo_show_text (cr, t);
}

/* Strokes the current path as the hint's dashes, each with the paths'
 * edge round it, so that a pale colour (white, yellow) shows on the light
 * board too; clears the path. */
static void
stroke_hint (cairo_t *cr, double width, const double dash[2], guint32 edge,
             double edge_alpha, guint32 colour)
{
  cairo_set_dash (cr, dash, 2, 0);
  cairo_set_line_width (cr, width + 2);
  set_argb (cr, edge, edge_alpha);
  cairo_stroke_preserve (cr);
  cairo_set_line_width (cr, width);
  set_argb (cr, colour, 1.0);
  cairo_stroke (cr);
}

/* Adds the hint's path of colour hc (1-based) to cr as one line from dot
 * to dot through the cells' centres, so that its dashes run on evenly
 * across cells and round turns (a segment per cell restarted them at every
 * cell: some came out double and the turns broke up). */
static void
hint_polyline (const FlowState *s, const FlowHint *hint, int hc, cairo_t *cr,
               const HbLayout *l)
{
  g_autoptr (GArray) path = g_array_new (FALSE, FALSE, sizeof (int));
  int w = s->base.width;

  flow_hint_path (s, hint, hc - 1, path);
  for (guint k = 0; k < path->len; k++)
    {
      int p = g_array_index (path, int, k);
      double cx, cy;
      cell_centre (l, p % w, p / w, &cx, &cy);
      if (k == 0)
        cairo_move_to (cr, cx, cy);
      else
        cairo_line_to (cr, cx, cy);
    }
}

/* Whether cell (x2, y2) is marked and of the colour of marked cell (x, y):
 * one piece of an outline (draw_board). */
static gboolean
mark_mate (const FlowState *s, const guint8 *marks, int x, int y, int x2, int y2)
{
  int w = s->base.width;

  if (x2 < 0 || y2 < 0 || x2 >= w || y2 >= s->base.height)
    return FALSE;
  return marks[(gsize) y2 * w + x2] && s->colour[(gsize) y2 * w + x2] == s->colour[(gsize) y * w + x];
}

/* Draws the board: background, tints, grid, hint tints, paths, dots, and
 * the marks of a trace frame (NULL for none). */
static void
draw_board (const FlowState *s, const guint8 *marks, const FlowHint *hint, cairo_t *cr,
            const HbLayout *l, gboolean dark, gboolean labels)
{
  /* A level proven to have no solution has no forced cells to show: every
   * colour is "forced" in a level that cannot be finished (the status
   * line says it has no solution). */
  const guint8 *forced = hint != NULL && hint->kind != FLOW_HINT_NONE ? hint->forced : NULL;
  int w = s->base.width, h = s->base.height;
  int vx0, vy0, vx1, vy1;
  guint32 rgb[FLOW_MAX_COLOURS + 1];
  Style st;

  style_init (&st, dark);
  rgb[0] = st.bg & 0xffffff;
  for (int c = 0; c < FLOW_MAX_COLOURS; c++)
    rgb[c + 1] = flow_colour_rgb (s, c, dark);

  cairo_save (cr);
  if (l->cell < TINY_CELL)
    {
      Tiny t = { .s = s, .marks = marks, .forced = forced,
                 .mark = HB_DRAW_OPAQUE (0xff2020) };
      for (int c = 0; c <= FLOW_MAX_COLOURS; c++)
        {
          guint32 full = HB_DRAW_OPAQUE (rgb[c]);
          t.full[c] = c == 0 ? st.bg : full;
          t.path[c] = hb_draw_mix (full, st.bg, 0.25);
          t.hint[c] = hb_draw_mix (st.bg, full, 0.35);
        }
      hb_draw_cell_image (cr, l, w, h, tiny_colour, &t);
      /* Under two pixels a cell, a dot would vanish into the image: each
       * is a small disc on top, ringed so it shows on any path. The disc
       * reaches 3.5 pixels from its centre, several cells: the dots are
       * looked for that far beyond the clip too, so that a part of the
       * board drawn again (the app redraws only what a move changed on a
       * huge board) has the edge of a dot just outside it, as the board
       * drawn whole has. */
      if (l->cell < 2)
        {
          int margin = (int) ceil (4.0 / l->cell);

          t.ndots = 0;
          hb_draw_visible_cells (cr, l, w, h, margin, &vx0, &vy0, &vx1, &vy1);
          for (int y = vy0; y < vy1; y++)
            for (int x = vx0; x < vx1; x++)
              if (s->dot[(gsize) y * w + x] && t.ndots < (int) G_N_ELEMENTS (t.dots))
                t.dots[t.ndots++] = y * w + x;
        }
      if (l->cell < 2)
        for (int i = 0; i < t.ndots; i++)
          {
            int p = t.dots[i], c = MIN (s->dot[p], FLOW_MAX_COLOURS);
            double cx, cy;

            cell_centre (l, p % w, p / w, &cx, &cy);
            cairo_new_sub_path (cr);
            cairo_arc (cr, cx, cy, 2.5, 0, 2 * G_PI);
            set_argb (cr, rgb[c], 1.0);
            cairo_fill_preserve (cr);
            set_argb (cr, st.edge, 0.8);
            cairo_set_line_width (cr, 1.0);
            cairo_stroke (cr);
          }
      cairo_restore (cr);
      return;
    }

  hb_draw_visible_cells (cr, l, w, h, 1, &vx0, &vy0, &vx1, &vy1);
  /* Background and the tint of every coloured cell. */
  set_argb (cr, st.bg, 1);
  cairo_rectangle (cr, l->x0, l->y0, l->cell * w, l->cell * h);
  cairo_fill (cr);
  for (int y = vy0; y < vy1; y++)
    for (int x = vx0; x < vx1; x++)
      {
        gsize i = (gsize) y * w + x;
        int c = MIN (s->colour[i], FLOW_MAX_COLOURS);
        if (c == 0)
          continue;
        set_argb (cr, cell_tint (&st, rgb[c]), 1);
        cairo_rectangle (cr, l->x0 + x * l->cell, l->y0 + y * l->cell, l->cell, l->cell);
        cairo_fill (cr);
      }

  /* The hint's path (what Next hint draws): a thin dashed line along the
   * solution's path of that colour, under the paths drawn and under the
   * forced cells' diamonds (drawn over them, it cut their letters: a
   * "B" read "|3"). */
  if (hint != NULL && hint->kind == FLOW_HINT_PATH && hint->solution != NULL
      && hint->links != NULL && hint->colour >= 0 && hint->colour < s->colours)
    {
      double dash[] = { MAX (2.0, l->cell * 0.12), MAX (2.0, l->cell * 0.1) };
      /* About twelve dashes round a ring of 0.43 cells. */
      double ring_dash[] = { MAX (2.0, l->cell * 0.14), MAX (2.0, l->cell * 0.085) };
      double ring_r = l->cell * 0.43;
      int hc = hint->colour + 1;
      guint32 colour = rgb[MIN (hc, FLOW_MAX_COLOURS)];
      double hint_edge = edge_alpha (&st, colour, dark ? 0.45 : 0.55);

      cairo_save (cr);
      hint_polyline (s, hint, hc, cr, l);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      stroke_hint (cr, MAX (1.5, l->cell * 0.08), dash, st.edge, hint_edge, colour);
      /* Two dots side by side: the step between them is all but covered
       * by the dots (a mark a few pixels wide), so a thin dashed ring
       * round each of them says which. */
      for (int y = vy0; y < vy1; y++)
        for (int x = vx0; x < vx1; x++)
          {
            gsize i = (gsize) y * w + x;
            if (s->dot[i] != hc)
              continue;
            for (int d = 0; d < 4; d++)
              {
                int nx = x + hb_dir_dx[d], ny = y + hb_dir_dy[d];
                double cx, cy;
                if (((hint->links[i] >> d) & 1) && nx >= 0 && ny >= 0 && nx < w && ny < h
                    && s->dot[(gsize) ny * w + nx] == hc)
                  {
                    cell_centre (l, x, y, &cx, &cy);
                    cairo_new_sub_path (cr);
                    cairo_arc (cr, cx, cy, ring_r, 0, 2 * G_PI);
                  }
              }
          }
      stroke_hint (cr, MAX (1.0, l->cell * 0.045), ring_dash, st.edge, hint_edge, colour);
      cairo_restore (cr);
    }

  /* The hint: cells arc consistency forces, not yet drawn, tinted more
   * faintly, with a small diamond of their colour; a colour whose dots
   * carry its character (past the sixteen, or with labels on) has it in a
   * larger diamond too, so that 88 colours stay told apart. */
  if (forced != NULL)
    for (int y = vy0; y < vy1; y++)
      for (int x = vx0; x < vx1; x++)
        {
          gsize i = (gsize) y * w + x;
          int c = MIN (forced[i], FLOW_MAX_COLOURS);
          gboolean named = c > 0 && l->cell >= 20
                           && (labels || flow_colour_shows_char (s, c - 1));
          double cx, cy, r = l->cell * (named ? 0.27 : 0.14);
          if (c == 0 || s->colour[i] == c || s->dot[i])
            continue;
          set_argb (cr, rgb[c], 0.18);
          cairo_rectangle (cr, l->x0 + x * l->cell, l->y0 + y * l->cell, l->cell, l->cell);
          cairo_fill (cr);
          cell_centre (l, x, y, &cx, &cy);
          cairo_move_to (cr, cx, cy - r);
          cairo_line_to (cr, cx + r, cy);
          cairo_line_to (cr, cx, cy + r);
          cairo_line_to (cr, cx - r, cy);
          cairo_close_path (cr);
          /* Opaque: its character is chosen against the colour itself
           * (at 0.9 over the tint, 'G' on the light board was 4.1:1). */
          set_argb (cr, rgb[c], 1.0);
          cairo_fill_preserve (cr);
          set_argb (cr, st.edge, edge_alpha (&st, rgb[c], 0.5));
          cairo_set_line_width (cr, 1);
          cairo_stroke (cr);
          if (named)
            dot_char (cr, s->names[c - 1], rgb[c], cx, cy, l->cell * 0.26);
        }

  /* The grid. */
  set_argb (cr, st.grid, 1);
  cairo_set_line_width (cr, 1);
  hb_draw_grid_lines (cr, l, w, h, vx0, vy0, vx1, vy1);
  cairo_stroke (cr);

  /* A frame's marks (a stray cycle, a collision): each piece of marked
   * cells of one colour outlined in red just inside its border, on a white
   * halo (so that it shows on a red path's tint), under the paths, so that
   * a marked loop stays whole to see (a ring on each cell, over the
   * paths, cut a 2x2 loop into four stubs). */
  if (marks != NULL)
    {
      double half = l->cell / 2, in = MAX (1.5, l->cell * 0.09);
      for (int y = vy0; y < vy1; y++)
        for (int x = vx0; x < vx1; x++)
          if (marks[(gsize) y * w + x])
            for (int d = 0; d < 4; d++)
              {
                int a = (d + 3) & 3, b = (d + 1) & 3;
                double cx, cy, ea, eb;
                if (mark_mate (s, marks, x, y, x + hb_dir_dx[d], y + hb_dir_dy[d]))
                  continue;
                /* Each end: short of a convex corner, to the cell's side
                 * where the border runs on, past it round a concave one. */
                ea = !mark_mate (s, marks, x, y, x + hb_dir_dx[a], y + hb_dir_dy[a]) ? half - in
                     : !mark_mate (s, marks, x, y, x + hb_dir_dx[a] + hb_dir_dx[d],
                                   y + hb_dir_dy[a] + hb_dir_dy[d]) ? half : half + in;
                eb = !mark_mate (s, marks, x, y, x + hb_dir_dx[b], y + hb_dir_dy[b]) ? half - in
                     : !mark_mate (s, marks, x, y, x + hb_dir_dx[b] + hb_dir_dx[d],
                                   y + hb_dir_dy[b] + hb_dir_dy[d]) ? half : half + in;
                cell_centre (l, x, y, &cx, &cy);
                cx += hb_dir_dx[d] * (half - in);
                cy += hb_dir_dy[d] * (half - in);
                cairo_move_to (cr, cx + hb_dir_dx[a] * ea, cy + hb_dir_dy[a] * ea);
                cairo_line_to (cr, cx + hb_dir_dx[b] * eb, cy + hb_dir_dy[b] * eb);
              }
      cairo_save (cr);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_SQUARE);
      /* At least 3 and 2 px: at a 12 px cell (a 30x30 board beside the
       * GA's plot) one pixel of red on a pale halo read as faint pink;
       * the halo dark on the dark style, where white made it pinker. */
      if (dark)
        cairo_set_source_rgba (cr, 0, 0, 0, 0.85);
      else
        cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
      cairo_set_line_width (cr, MAX (3.0, l->cell * 0.13));
      cairo_stroke_preserve (cr);
      cairo_set_source_rgb (cr, 1, 0.1, 0.1);
      cairo_set_line_width (cr, MAX (2.0, l->cell * 0.065));
      cairo_stroke (cr);
      cairo_restore (cr);
    }

  /* Paths: each link once (east and south of a cell), a thick rounded
   * stroke over a slightly wider edge. The edge is one path stroked once
   * (overlapping strokes of a translucent edge would bead at every
   * joint): pass 0 the faint edge of the colours that show by themselves,
   * pass 1 the halo of those that do not (needs_halo), a little wider;
   * then the colours, one stroke per cell. */
  {
    double lw = l->cell * 0.32, ew = lw + 2 * CLAMP (l->cell * 0.03, 0.75, 2.0);
    double hw = lw + 2 * CLAMP (l->cell * 0.0625, 1.5, 3.0);
    gboolean halo[FLOW_MAX_COLOURS + 1];

    for (int c = 0; c <= FLOW_MAX_COLOURS; c++)
      halo[c] = needs_halo (&st, rgb[c]);
    cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
    for (int pass = 0; pass < 3; pass++)
      {
        for (int y = vy0; y < vy1; y++)
          for (int x = vx0; x < vx1; x++)
            {
              gsize i = (gsize) y * w + x;
              int c = MIN (s->colour[i], FLOW_MAX_COLOURS);
              double cx, cy;
              if (c == 0 || !(s->links[i] & ((1u << HB_DIR_E) | (1u << HB_DIR_S)))
                  || (pass < 2 && halo[c] != (pass == 1)))
                continue;
              cell_centre (l, x, y, &cx, &cy);
              for (int d = HB_DIR_E; d <= HB_DIR_S; d++)
                if (((s->links[i] >> d) & 1) && x + hb_dir_dx[d] < w && y + hb_dir_dy[d] < h)
                  {
                    cairo_move_to (cr, cx, cy);
                    cairo_line_to (cr, cx + hb_dir_dx[d] * l->cell,
                                   cy + hb_dir_dy[d] * l->cell);
                  }
              if (pass == 2)
                {
                  set_argb (cr, rgb[c], 1);
                  cairo_set_line_width (cr, lw);
                  cairo_stroke (cr);
                }
            }
        if (pass < 2)
          {
            set_argb (cr, st.edge, pass == 1 ? 0.9 : dark ? 0.45 : 0.55);
            cairo_set_line_width (cr, pass == 1 ? hw : ew);
            cairo_stroke (cr);
          }
      }
  }

  /* Dots, with their character when hue alone is not enough, or on
   * request. */
  {
    double r = l->cell * 0.36;
    gboolean text = l->cell >= 14;

    for (int y = vy0; y < vy1; y++)
      for (int x = vx0; x < vx1; x++)
        {
          gsize i = (gsize) y * w + x;
          int c = MIN (s->dot[i], FLOW_MAX_COLOURS);
          double cx, cy;
          if (c == 0)
            continue;
          cell_centre (l, x, y, &cx, &cy);
          cairo_new_sub_path (cr);
          cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
          set_argb (cr, rgb[c], 1);
          cairo_fill_preserve (cr);
          if (needs_halo (&st, rgb[c]))
            {
              /* The halo outside the disc, so it stays the same size. */
              double hw = CLAMP (l->cell * 0.0625, 1.5, 3.0);

              cairo_new_path (cr);
              cairo_arc (cr, cx, cy, r + hw / 2 - 0.5, 0, 2 * G_PI);
              set_argb (cr, st.edge, 0.9);
              cairo_set_line_width (cr, hw);
            }
          else
            {
              set_argb (cr, st.edge, dark ? 0.55 : 0.65);
              cairo_set_line_width (cr, CLAMP (l->cell * 0.04, 1.0, 2.5));
            }
          cairo_stroke (cr);
          if (text && (labels || flow_colour_shows_char (s, c - 1)))
            dot_char (cr, s->names[c - 1], rgb[c], cx, cy, l->cell * 0.42);
        }
  }

  cairo_restore (cr);
}

static void
draw_border (cairo_t *cr, const HbLayout *l, gboolean dark)
{
  cairo_save (cr);
  cairo_rectangle (cr, l->x0 + 0.5, l->y0 + 0.5, l->cell * l->width - 1,
                   l->cell * l->height - 1);
  cairo_set_line_width (cr, 1);
  if (dark)
    cairo_set_source_rgba (cr, 1, 1, 1, 0.35);
  else
    cairo_set_source_rgba (cr, 0, 0, 0, 0.45);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* Adds cell (x, y)'s arms to the path: strokes from the cell's centre to
 * the sides they leave by. */
static void
arms_path (cairo_t *cr, const HbLayout *l, int x, int y, int arms)
{
  double cx, cy;

  cell_centre (l, x, y, &cx, &cy);
  for (int d = 0; d < 4; d++)
    if (arms & (1 << d))
      {
        cairo_move_to (cr, cx, cy);
        cairo_line_to (cr, cx + hb_dir_dx[d] * l->cell * 0.5, cy + hb_dir_dy[d] * l->cell * 0.5);
      }
}

/* A decided cell's arms (a search chose them before the colour): thin
 * strokes from the cell's centre to the sides they leave by. */
static void
draw_arms (cairo_t *cr, const HbLayout *l, int x, int y, int arms, gboolean dark)
{
  if (l->cell < TINY_CELL)
    return;
  cairo_save (cr);
  cairo_set_line_width (cr, MAX (2.0, l->cell * 0.12));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  arms_path (cr, l, x, y, arms);
  if (dark)
    cairo_set_source_rgba (cr, 1, 0.9, 0.2, 0.9);
  else
    cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.8);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* An outline round one cell (a step's cell; with `light_touch`, the
 * hovered cell); a ring on cells too small to hold one. Under a step's a
 * thin halo of the opposite lightness: every outline colour is also a
 * path's (the dark style's yellow step outline vanished on a yellow
 * path). The hover's is thin and has none: with the halo it read as a
 * focus box following the mouse. */
static void
outline_cell (cairo_t *cr, const HbLayout *l, int x, int y, double r, double g, double b,
              double a, gboolean light_touch)
{
  double lw = l->cell < TINY_CELL ? 1.5
              : light_touch ? CLAMP (l->cell * 0.03, 1.5, 3.0) : MAX (1.5, l->cell * 0.07);
  double light = 0.299 * r + 0.587 * g + 0.114 * b, halo = light > 0.5 ? 0.0 : 1.0;

  cairo_save (cr);
  cairo_rectangle (cr, l->x0, l->y0, l->cell * l->width, l->cell * l->height);
  cairo_clip (cr);
  if (l->cell < TINY_CELL)
    hb_draw_cell_ring (cr, l, x, y, 3);
  else
    cairo_rectangle (cr, l->x0 + x * l->cell + lw / 2, l->y0 + y * l->cell + lw / 2,
                     l->cell - lw, l->cell - lw);
  if (!light_touch)
    {
      cairo_set_line_width (cr, lw + MAX (1.0, lw * 0.6) * 2);
      cairo_set_source_rgba (cr, halo, halo, halo, 0.75 * a);
      cairo_stroke_preserve (cr);
    }
  cairo_set_line_width (cr, lw);
  cairo_set_source_rgba (cr, r, g, b, a);
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
flow_render (const HbState *state, cairo_t *cr, const HbLayout *layout,
             const HbRenderOptions *options)
{
  const FlowState *s = FLOW_CONST (state);
  gboolean dark = options ? options->dark : FALSE;
  const FlowHint *hint = options && options->show_hints ? options->hint : NULL;

  if (hint != NULL && (hint->width != state->width || hint->height != state->height))
    hint = NULL;
  draw_board (s, NULL, hint, cr, layout, dark,
              options != NULL && (options->hint_flags & HB_HINT_COLOUR_LABELS));
  draw_border (cr, layout, dark);
  if (options && options->hover_x >= 0 && options->hover_y >= 0
      && options->hover_x < state->width && options->hover_y < state->height)
    {
      double v = dark ? 1 : 0;
      outline_cell (cr, layout, options->hover_x, options->hover_y, v, v, v, 0.55, TRUE);
    }
}

/* A cell is drawn from its own colour, dot and links: a path's stroke
 * runs from a cell's centre to its neighbour's, whose link bit is set
 * too, so both cells change. The colours are drawn by their characters,
 * which an edit may number again. */
gboolean
flow_redraw_cells (const HbState *before, const HbState *after,
                   const HbRenderOptions *options, HbCellRect *rect)
{
  const FlowState *a = FLOW_CONST (before), *b = FLOW_CONST (after);
  int w = after->width, h = after->height;

  if ((options->show_hints && options->hint != NULL) || a->colours != b->colours
      || memcmp (a->names, b->names, sizeof a->names) != 0)
    return FALSE;
  hb_grid_plane_diff (a->dot, b->dot, w, h, rect);
  hb_grid_plane_diff (a->colour, b->colour, w, h, rect);
  hb_grid_plane_diff (a->links, b->links, w, h, rect);
  return TRUE;
}

/* The arms a search has decided for empty cells (a live snapshot): thin
 * grey arms, or on cells too small for them a grey shade a cell, so that
 * a big board shows where the search has reached. */
typedef struct {
  const FlowFrame *f;
  guint32          shade;
} Known;

static guint32
known_colour (gsize i, int x, int y, gpointer data)
{
  const Known *k = data;

  return k->f->known[i] != 0 && k->f->board->colour[i] == 0 ? k->shade : 0;
}

static void
draw_known (cairo_t *cr, const HbLayout *l, const FlowFrame *f, gboolean dark)
{
  const FlowState *b = f->board;
  int w = b->base.width, h = b->base.height, vx0, vy0, vx1, vy1;
  double grey = dark ? 0.62 : 0.55;

  if (l->cell < TINY_CELL)
    {
      guint8 g = (guint8) (grey * 255);
      Known k = { f, 0x70000000u | (guint32) g << 16 | (guint32) g << 8 | g };

      hb_draw_cell_image (cr, l, w, h, known_colour, &k);
      return;
    }
  cairo_save (cr);
  cairo_set_line_width (cr, MAX (1.0, l->cell * 0.1));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  hb_draw_visible_cells (cr, l, w, h, 0, &vx0, &vy0, &vx1, &vy1);
  for (int y = vy0; y < vy1; y++)
    for (int x = vx0; x < vx1; x++)
      {
        gsize i = (gsize) y * w + x;
        if (f->known[i] != 0 && b->colour[i] == 0)
          arms_path (cr, l, x, y, f->known[i]);
      }
  cairo_set_source_rgba (cr, grey, grey, grey, 0.8);
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
flow_frame_render_vfunc (gconstpointer frame, cairo_t *cr, const HbLayout *layout,
                         const HbRenderOptions *options, const HbStep *current)
{
  const FlowFrame *f = frame;
  gboolean dark = options ? options->dark : FALSE;
  gsize n = (gsize) f->board->base.width * f->board->base.height;
  gboolean any = FALSE;

  for (gsize i = 0; i < n && !any; i++)
    any = f->marks[i] != 0;
  draw_board (f->board, any ? f->marks : NULL, NULL, cr, layout, dark,
              options != NULL && (options->hint_flags & HB_HINT_COLOUR_LABELS));
  if (f->known != NULL)
    draw_known (cr, layout, f, dark);
  draw_border (cr, layout, dark);
  if (f->hx >= 0 && f->hy >= 0 && f->hx < f->board->base.width
      && f->hy < f->board->base.height)
    {
      switch (f->hkind)
        {
        case HB_STEP_REJECT:
          outline_cell (cr, layout, f->hx, f->hy, 0.9, 0.1, 0.1, 0.95, FALSE);
          break;
        case HB_STEP_UNDO:
          outline_cell (cr, layout, f->hx, f->hy, 0.95, 0.45, 0.0, 0.95, FALSE);
          break;
        case HB_STEP_FORCE:
          outline_cell (cr, layout, f->hx, f->hy, 0.1, 0.6, 0.95, 0.95, FALSE);
          break;
        default:
          outline_cell (cr, layout, f->hx, f->hy, dark ? 1 : 0.1, dark ? 0.9 : 0.1,
                        dark ? 0.2 : 0.1, 0.9, FALSE);
          if (f->harms != 0)
            draw_arms (cr, layout, f->hx, f->hy, f->harms, dark);
          break;
        }
    }
}

/* How many dots of the colour named ch the level has (0, 1 or 2). */
static int
dots_named (const FlowState *s, char ch)
{
  const char *at = ch != '\0' ? strchr (s->names, ch) : NULL;
  gsize n = (gsize) s->base.width * s->base.height;
  const guint8 *p = s->dot, *end = s->dot + n;
  int dots = 0;

  if (at == NULL)
    return 0;
  /* memchr's word-wide scan: every chip is drawn again after each edit,
   * and a colour short of its pair scans the whole board (a 1000x1000
   * level in 20 colours: 20 million byte tests an edit, one by one). */
  while (dots < 2 && p < end
         && (p = memchr (p, at - s->names + 1, (gsize) (end - p))) != NULL)
    {
      dots++;
      p++;
    }
  return dots;
}

/* A chip's corner badge for the dots placed in Edit: one dot a pip, the
 * pair a check mark (review: every chip looked alike, placed or not, so
 * a designer could not tell which colours were still free). */
static void
draw_dots_badge (cairo_t *cr, double size, int dots, const Style *st)
{
  double r = size * 0.19, cx = size - r - 0.5, cy = size - r - 0.5;

  cairo_new_path (cr);
  cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
  set_argb (cr, st->bg, 1);
  cairo_fill_preserve (cr);
  set_argb (cr, st->edge, 0.7);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  set_argb (cr, st->edge, 1);
  if (dots == 1)
    {
      cairo_arc (cr, cx, cy, r * 0.38, 0, 2 * G_PI);
      cairo_fill (cr);
      return;
    }
  cairo_set_line_width (cr, MAX (1.2, r * 0.32));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_move_to (cr, cx - r * 0.5, cy + r * 0.02);
  cairo_line_to (cr, cx - r * 0.12, cy + r * 0.4);
  cairo_line_to (cr, cx + r * 0.52, cy - r * 0.38);
  cairo_stroke (cr);
}

void
flow_palette_render (const HbState *state, HbMode mode, int id, cairo_t *cr, double size,
                     gboolean dark)
{
  char ch = (char) CLAMP (id, 0, 127);
  guint32 rgb = char_rgb (ch);
  const char *at = ch != '\0' ? strchr (flow_default_names, ch) : NULL;
  Style st;

  style_init (&st, dark);
  cairo_save (cr);
  hb_draw_rounded_rect (cr, 0, 0, size, size, size * 0.18);
  set_argb (cr, st.bg, 1);
  cairo_fill_preserve (cr);
  set_argb (cr, st.edge, 0.35);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  cairo_arc (cr, size / 2, size / 2, size * 0.34, 0, 2 * G_PI);
  set_argb (cr, rgb, 1);
  cairo_fill_preserve (cr);
  set_argb (cr, st.edge, edge_alpha (&st, rgb, 0.6));
  cairo_set_line_width (cr, needs_halo (&st, rgb) ? 2 : 1);
  cairo_stroke (cr);
  if (at == NULL || at - flow_default_names >= 16)
    {
      char t[2] = { ch, 0 };
      cairo_text_extents_t e;
      cairo_select_font_face (cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
                              CAIRO_FONT_WEIGHT_BOLD);
      cairo_set_font_size (cr, size * 0.4);
      cairo_text_extents (cr, t, &e);
      set_label_colour (cr, rgb);
      cairo_move_to (cr, size / 2 - e.x_bearing - e.width / 2,
                     size / 2 - e.y_bearing - e.height / 2);
      cairo_show_text (cr, t);
    }
  if (state != NULL && mode == HB_MODE_EDIT)
    {
      int dots = dots_named (FLOW_CONST (state), ch);

      if (dots > 0)
        draw_dots_badge (cr, size, dots, &st);
    }
  cairo_restore (cr);
}
