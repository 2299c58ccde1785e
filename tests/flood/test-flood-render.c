/* Flood-It drawing: a board (with Edit's grid), its hint overlay, the
 * palette and a trace frame rendered on cairo image surfaces, with pixels
 * checked. */
#include "flood.h"
#include "hb-test-util.h"
#include "hb-draw.h"
#include "hb-player.h"

#include <math.h>
#include <string.h>

#define SIZE 280

static void
pixel_rgb (cairo_surface_t *surf, int x, int y, double rgb[3])
{
  const guint8 *data = cairo_image_surface_get_data (surf);
  int stride = cairo_image_surface_get_stride (surf);
  guint32 px = *(const guint32 *) (data + y * stride + x * 4);

  rgb[0] = ((px >> 16) & 0xff) / 255.0;
  rgb[1] = ((px >> 8) & 0xff) / 255.0;
  rgb[2] = (px & 0xff) / 255.0;
}

static void
assert_colour (cairo_surface_t *surf, int x, int y, int colour, gboolean dark)
{
  double got[3], want[3];

  cairo_surface_flush (surf);
  pixel_rgb (surf, x, y, got);
  flood_colour_rgb (colour, dark, want);
  for (int k = 0; k < 3; k++)
    if (fabs (got[k] - want[k]) > 0.02)
      g_error ("pixel (%d, %d): (%.2f %.2f %.2f), want colour %d (%.2f %.2f %.2f)",
               x, y, got[0], got[1], got[2], colour, want[0], want[1], want[2]);
}

static gboolean
pixel_differs (cairo_surface_t *a, cairo_surface_t *b, int x, int y)
{
  double p[3], q[3];

  pixel_rgb (a, x, y, p);
  pixel_rgb (b, x, y, q);
  return fabs (p[0] - q[0]) + fabs (p[1] - q[1]) + fabs (p[2] - q[2]) > 0.05;
}

static cairo_surface_t *
render (const HbState *s, const HbRenderOptions *opt, HbLayout *layout)
{
  cairo_surface_t *surf = cairo_image_surface_create (CAIRO_FORMAT_RGB24, SIZE, SIZE);
  cairo_t *cr = cairo_create (surf);

  cairo_set_source_rgb (cr, 0.5, 0.5, 0.5);
  cairo_paint (cr);
  hb_layout_fit (layout, s->width, s->height, SIZE, SIZE, 10);
  flood_game.render (s, cr, layout, opt);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surf);
  return surf;
}

static void
test_board (void)
{
  HbState *s = hb_test_parse (&flood_game,
                              "4 by 3 -> 6\n0012\n3401\n5678\n");
  for (int dark = 0; dark <= 1; dark++)
    {
      HbRenderOptions opt = { .dark = dark, .mode = HB_MODE_PLAY,
                              .hover_x = -1, .hover_y = -1 };
      HbLayout l;
      cairo_surface_t *surf = render (s, &opt, &l);

      /* Cell centres (a little off, clear of the faint digit) carry their
       * colours. */
      for (int y = 0; y < 3; y++)
        for (int x = 0; x < 4; x++)
          assert_colour (surf, l.x0 + (x + 0.2) * l.cell, l.y0 + (y + 0.2) * l.cell,
                         FLOOD (s)->cells[y * 4 + x], dark);
      cairo_surface_destroy (surf);
    }
  hb_state_free (s);
}

static void
test_hint_overlay (void)
{
  HbGenerateParams p = { 7, 6, 4, 11 };
  HbState *s = flood_game.generate (&p, NULL);
  gpointer hint = flood_game.hint_compute (s, NULL, NULL);
  const FloodHint *h = hint;
  HbRenderOptions plain = { .hover_x = -1, .hover_y = -1 };
  HbRenderOptions with = plain;
  cairo_surface_t *a, *b;
  HbLayout l;
  int w = 7, hh = 6, outlined = 0, checked = 0;

  g_assert_nonnull (h);
  g_assert_cmpint (h->colour, >=, 0);
  with.show_hints = TRUE;
  with.hint = hint;
  a = render (s, &plain, &l);
  b = render (s, &with, &l);
  for (int y = 0; y < hh; y++)
    for (int x = 0; x < w; x++)
      {
        double cx = l.x0 + x * l.cell, cy = l.y0 + y * l.cell;
        gboolean near = FALSE;
        if (h->captured[y * w + x])
          {
            /* An outline runs along the inside of some edge of the cell. */
            gboolean changed = FALSE;
            for (int k = 2; k < (int) l.cell - 2; k++)
              changed |= pixel_differs (a, b, cx + k, cy + 2)
                         || pixel_differs (a, b, cx + k, cy + l.cell - 3)
                         || pixel_differs (a, b, cx + 2, cy + k)
                         || pixel_differs (a, b, cx + l.cell - 3, cy + k);
            outlined += changed;
            continue;
          }
        for (int dy = -1; dy <= 1; dy++)
          for (int dx = -1; dx <= 1; dx++)
            if (x + dx >= 0 && x + dx < w && y + dy >= 0 && y + dy < hh
                && h->captured[(y + dy) * w + x + dx])
              near = TRUE;
        /* Cells away from the captured ones are untouched: the badge
         * is beside the board, where the area leaves room. */
        if (near)
          continue;
        g_assert_false (pixel_differs (a, b, cx + 0.5 * l.cell, cy + 0.25 * l.cell));
        checked++;
      }
  g_assert_cmpint (outlined, >, 0);
  g_assert_cmpint (checked, >, 3);
  /* The badge: below the board (the 280 px square leaves room there, not
   * to the right of the wider than high board), covering no cell. */
  {
    gboolean badge = FALSE;
    for (int y = l.y0 + hh * l.cell + 1; y < SIZE; y++)
      for (int x = 0; x < SIZE; x++)
        badge |= pixel_differs (a, b, x, y);
    g_assert_true (badge);
    for (int y = 0; y < hh; y++)
      for (int x = 0; x < w; x++)
        if (!h->captured[y * w + x])
          g_assert_false (pixel_differs (a, b, l.x0 + (x + 0.5) * l.cell,
                                         l.y0 + (y + 0.5) * l.cell));
  }
  /* With the colour labels on, the badge's swatch carries its digit (a
   * plain disc told a colour-blind player nothing): the badge below the
   * board differs from the one without labels. */
  {
    HbRenderOptions labels = with;
    cairo_surface_t *c;
    gboolean digit = FALSE;

    labels.hint_flags |= HB_HINT_COLOUR_LABELS;
    c = render (s, &labels, &l);
    for (int y = l.y0 + hh * l.cell + 1; y < SIZE; y++)
      for (int x = 0; x < SIZE; x++)
        digit |= pixel_differs (b, c, x, y);
    g_assert_true (digit);
    cairo_surface_destroy (c);
  }
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
  flood_game.hint_free (hint);
  hb_state_free (s);
}

static void
test_palette (void)
{
  HbState *s = hb_test_parse (&flood_game, "2 by 1 -> 1\n05\n");
  cairo_surface_t *surf = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 32, 32);

  for (int id = 0; id < 6; id++)
    {
      cairo_t *cr = cairo_create (surf);
      flood_game.palette_render (s, HB_MODE_PLAY, id, cr, 32, FALSE);
      g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
      cairo_destroy (cr);
      assert_colour (surf, 6, 16, id, FALSE);
      {
        /* The digit contrasts with the chip, in both styles: white on a
         * dark colour, dark on a light one. Its pixels are the ones
         * furthest from the chip's own colour. */
        for (int dark = 0; dark <= 1; dark++)
          {
            double rgb[3], luma, best = 0, text = 0;
            const guchar *d;
            int stride;

            cr = cairo_create (surf);
            flood_game.palette_render (s, HB_MODE_PLAY, id, cr, 32, dark);
            cairo_destroy (cr);
            cairo_surface_flush (surf);
            d = cairo_image_surface_get_data (surf);
            stride = cairo_image_surface_get_stride (surf);
            flood_colour_rgb (id, dark, rgb);
            luma = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
            for (int y = 8; y < 24; y++)
              for (int x = 8; x < 24; x++)
                {
                  const guchar *p = d + y * stride + x * 4;
                  double l = (0.2126 * p[2] + 0.7152 * p[1] + 0.0722 * p[0]) / 255;
                  if (fabs (l - luma) > best)
                    {
                      best = fabs (l - luma);
                      text = l;
                    }
                }
            g_assert_cmpfloat (best, >, 0.3);
            g_assert_true (luma > 0.45 ? text < luma : text > luma);
          }
      }
    }
  cairo_surface_destroy (surf);
  hb_state_free (s);
}

/* The capture outline (the hint's dashed line) of hand-made sets of cells:
 * it marks every edge of the set, joins at its corners, and stays inside
 * the set's own cells, so it never reaches a cell outside the set nor
 * past the board's edge. The sets touch the border, have a hole, a
 * concave corner and two cells that meet at a corner only. */
static void
test_outline (void)
{
  enum { W = 6, H = 5, CELL = 40, AREA_W = 280, AREA_H = 240 };
  static const char *const masks[] = {
    /* an L along the right and bottom edges (a concave corner) */
    "....##"
    ".....#"
    ".....#"
    "...###"
    "...###",
    /* a ring round a hole, touching the top edge */
    ".###.."
    ".#.#.."
    ".###.."
    "......"
    "......",
    /* cells that meet at corners only, and the bottom-left corner */
    "......"
    ".#...."
    "..#.#."
    "...#.."
    "#.....",
    /* the whole board */
    "######"
    "######"
    "######"
    "######"
    "######",
  };
  guint8 cells[W * H];

  /* A checkerboard: the flooded region is cell (0, 0) alone. */
  for (int i = 0; i < W * H; i++)
    cells[i] = ((i % W) + (i / W)) % 2;
  for (gsize m = 0; m < G_N_ELEMENTS (masks); m++)
    for (int dark = 0; dark <= 1; dark++)
      {
        guint8 mask[W * H];
        cairo_surface_t *surf[2];
        HbLayout l;
        double lw = MAX (2.0, CELL * 0.12);

        for (int i = 0; i < W * H; i++)
          mask[i] = masks[m][i] == '#';
        hb_layout_fit (&l, W, H, AREA_W, AREA_H, 20);
        g_assert_cmpfloat (l.cell, ==, CELL);
        for (int k = 0; k < 2; k++)
          {
            cairo_t *cr;
            surf[k] = cairo_image_surface_create (CAIRO_FORMAT_RGB24, AREA_W, AREA_H);
            cr = cairo_create (surf[k]);
            cairo_set_source_rgb (cr, 0.5, 0.5, 0.5);
            cairo_paint (cr);
            flood_render_cells (cells, W, H, k ? mask : NULL, cr, &l, dark, FALSE);
            g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
            cairo_destroy (cr);
            cairo_surface_flush (surf[k]);
          }
        /* Nothing changes outside the set's cells. */
        for (int py = 0; py < AREA_H; py++)
          for (int px = 0; px < AREA_W; px++)
            {
              int cx = (int) floor ((px - l.x0) / l.cell), cy = (int) floor ((py - l.y0) / l.cell);
              if (cx >= 0 && cy >= 0 && cx < W && cy < H && mask[cy * W + cx])
                continue;
              if (pixel_differs (surf[0], surf[1], px, py))
                g_error ("mask %" G_GSIZE_FORMAT ": pixel (%d, %d), outside the marked cells, "
                         "changed", m, px, py);
            }
        /* Every edge between the set and the rest (or the border) is
         * marked half a line width inside it, at its middle and at both
         * ends (the corners, joined). */
        for (int y = 0; y < H; y++)
          for (int x = 0; x < W; x++)
            {
              static const int ndx[4] = { 0, 1, 0, -1 }, ndy[4] = { -1, 0, 1, 0 };
              double x0 = l.x0 + x * l.cell, y0 = l.y0 + y * l.cell;
              if (!mask[y * W + x])
                continue;
              for (int d = 0; d < 4; d++)
                {
                  int nx = x + ndx[d], ny = y + ndy[d];
                  double mx, my;
                  if (nx >= 0 && ny >= 0 && nx < W && ny < H && mask[ny * W + nx])
                    continue;
                  /* The edge's middle, moved inside by half the line. */
                  mx = x0 + l.cell / 2 + ndx[d] * (l.cell / 2 - lw / 2);
                  my = y0 + l.cell / 2 + ndy[d] * (l.cell / 2 - lw / 2);
                  g_assert_true (pixel_differs (surf[0], surf[1], mx, my));
                  /* Its two ends, a pixel inside the cell's corners: the
                   * dark under-stroke is there wherever the dashes are. */
                  for (int e = -1; e <= 1; e += 2)
                    {
                      double ex = ndx[d] != 0 ? mx : x0 + l.cell / 2 + e * (l.cell / 2 - 1.5);
                      double ey = ndy[d] != 0 ? my : y0 + l.cell / 2 + e * (l.cell / 2 - 1.5);
                      if (!pixel_differs (surf[0], surf[1], ex, ey))
                        g_error ("mask %" G_GSIZE_FORMAT ": cell (%d, %d), side %d: the line "
                                 "stops short of the corner at (%.1f, %.1f)", m, x, y, d, ex, ey);
                    }
                }
            }
        cairo_surface_destroy (surf[0]);
        cairo_surface_destroy (surf[1]);
      }
}

/* ---- Colour-vision deficiencies ------------------------------------------- */

static void
hex_rgb (guint32 v, double rgb[3])
{
  rgb[0] = ((v >> 16) & 0xff) / 255.0;
  rgb[1] = ((v >> 8) & 0xff) / 255.0;
  rgb[2] = (v & 0xff) / 255.0;
}

/* The six colours of a default board, as drawn in the light and the dark
 * style, stay at least ΔE 20 apart, pair by pair, for normal vision and
 * as a deuteranope and a protanope see them. */
static void
test_colour_blind (void)
{
  static const char *const vision[] = { "normal vision", "deuteranopia", "protanopia" };
  double a[3], b[3];

  /* The simulation itself, on known cases: a red and an olive green
   * (#E00000 against #6A7000) are far apart with normal vision and close
   * for both deficiencies; pure blue stays blue-violet for a deuteranope (Machado's
   * matrix keeps b* strongly negative); and Okabe-Ito's own orange and
   * yellow, the pair that made the palette change, are under ΔE 20 for a
   * deuteranope. */
  hex_rgb (0xE00000, a);
  hex_rgb (0x6A7000, b);
  g_assert_cmpfloat (hb_test_delta_e (a, b, HB_TEST_NORMAL), >, 80);
  g_assert_cmpfloat (hb_test_delta_e (a, b, HB_TEST_DEUTERANOPIA), <, 15);
  g_assert_cmpfloat (hb_test_delta_e (a, b, HB_TEST_PROTANOPIA), <, 15);
  {
    double lab[3];
    hex_rgb (0x0000FF, a);
    hb_test_seen_lab (a, HB_TEST_DEUTERANOPIA, lab);
    g_assert_cmpfloat (lab[2], <, -50);
  }
  hex_rgb (0xE69F00, a);
  hex_rgb (0xF0E442, b);
  g_assert_cmpfloat (hb_test_delta_e (a, b, HB_TEST_NORMAL), >, 20);
  g_assert_cmpfloat (hb_test_delta_e (a, b, HB_TEST_DEUTERANOPIA), <, 20);

  for (int dark = 0; dark <= 1; dark++)
    for (gsize v = 0; v < G_N_ELEMENTS (vision); v++)
      for (int i = 0; i < FLOOD_DEFAULT_COLOURS; i++)
        for (int j = i + 1; j < FLOOD_DEFAULT_COLOURS; j++)
          {
            double d;
            flood_colour_rgb (i, dark, a);
            flood_colour_rgb (j, dark, b);
            d = hb_test_delta_e (a, b, (HbTestVision) v);
            if (d < 20)
              g_error ("%s style, %s: colours %d (%s) and %d (%s) are only delta E %.1f apart",
                       dark ? "dark" : "light", vision[v], i, flood_colour_name (i),
                       j, flood_colour_name (j), d);
          }
}

/* A badge's words begin as a sentence does, as the player's step text
 * beside them ("Move 3: flood with 2 (Green)"): no lower-case start. */
static void
assert_sentence_case (const char *text)
{
  g_assert_nonnull (text);
  if (g_unichar_islower (g_utf8_get_char (text)))
    g_error ("the badge \"%s\" begins in lower case", text);
}

/* The badges beside the board read as short sentences: the hint's
 * "5 to go" and "At most 5 to go", the player's "Move 3" and, while the
 * optimal search runs, "2 moves in, at least 8 in all" (they read
 * "move 3" and "at most 5 to go" beside "Move 3: …": review). */
static void
test_badge_words (void)
{
  FloodHint hint = { .colour = 1, .to_go = 5, .proven = TRUE };
  HbGenerateParams p = { 6, 6, 4, 3 };
  HbState *s = flood_game.generate (&p, NULL);
  HbTrace *trace = hb_trace_new (0, 0);
  HbResult *r = hb_solve (hb_game_default_solver (&flood_game), s, NULL, trace, NULL, NULL);
  gpointer frame = flood_frame_new (s, trace);
  g_autofree char *proven = flood_hint_badge_text (&hint);
  g_autofree char *first = flood_frame_badge_text (frame);
  int moves = 0, searching = 0;

  g_assert_cmpstr (proven, ==, "5 to go");
  hint.proven = FALSE;
  {
    g_autofree char *at_most = flood_hint_badge_text (&hint);
    g_assert_cmpstr (at_most, ==, "At most 5 to go");
  }
  /* No badge before the first move. */
  g_assert_null (first);
  for (gsize i = 0; i < hb_trace_length (trace); i++)
    {
      const HbStep *step = hb_trace_step (trace, i);
      g_autofree char *text = NULL;

      flood_frame_step (frame, trace, step);
      text = flood_frame_badge_text (frame);
      if (text == NULL)
        continue;
      assert_sentence_case (text);
      if (step->kind == HB_STEP_MOVE)
        {
          g_autofree char *want = g_strdup_printf ("Move %d", step->depth);
          g_assert_cmpstr (text, ==, want);
          moves++;
        }
      else if (step->kind == HB_STEP_TRY)
        searching++;
    }
  g_assert_cmpint (moves, ==, (int) r->moves->len);
  g_assert_cmpint (searching, >, 0);
  flood_frame_free (frame);
  hb_result_free (r);
  hb_trace_free (trace);
  hb_state_free (s);
}

/* A solve begun part-way through a game counts its moves from the game's
 * start everywhere, as the answer's "Move 16: flood with …" and the
 * status line do: the search's badge, its steps' texts and the player's
 * depth said "3 moves in, at least 14 in all" of a game 13 moves in. */
static void
test_mid_game_numbers (void)
{
  HbGenerateParams p = { 10, 10, 6, 7 };
  HbState *s = flood_game.generate (&p, NULL);
  HbTrace *trace = hb_trace_new (0, 0);
  HbResult *r;
  gpointer frame;
  int played = 0, searching = 0, bound = -1;

  /* A few moves played, as in Play before Solve. */
  for (int c = 0; played < 4; c = (c + 1) % 6)
    {
      HbMove m = { FLOOD_OP_FLOOD, 0, 0, c };
      HbState *next = flood_game.apply (s, &m);

      if (next == NULL)
        continue;
      hb_state_free (s);
      s = next;
      played++;
    }
  g_assert_cmpint (FLOOD (s)->moves, ==, played);
  r = hb_solve (hb_game_find_solver (&flood_game, "optimal"), s, NULL, trace, NULL, NULL);
  g_assert_cmpint (r->status, ==, HB_STATUS_SOLVED);
  frame = flood_frame_new (s, trace);
  for (gsize i = 0; i < hb_trace_length (trace); i++)
    {
      const HbStep *step = hb_trace_step (trace, i);
      g_autofree char *text = NULL;
      g_autofree char *said = flood_describe_step (s, trace, step);
      g_autofree char *depth = flood_depth_text (s, step);

      flood_frame_step (frame, trace, step);
      text = flood_frame_badge_text (frame);
      if (step->kind == HB_STEP_BOUND)
        {
          g_autofree char *want = g_strdup_printf ("At least %d more move%s needed, %d in all; ",
                                                   step->value,
                                                   step->value == 1 ? " is" : "s are",
                                                   played + step->value);
          g_assert_true (g_str_has_prefix (said, want));
          bound = played + step->value;
        }
      if (step->kind == HB_STEP_TRY)
        {
          gsize len = 0;
          int in = played + step->depth;
          g_autofree char *badge = NULL;
          g_autofree char *words = NULL;
          g_autofree char *want_depth = NULL;
          g_autofree char *status = flood_frame_status (frame);
          g_autofree char *want_status = g_strdup_printf ("at least %d moves in all",
                                                          played + step->value);

          hb_trace_blob (trace, step, &len);
          g_assert_cmpint ((int) len, ==, step->depth);
          badge = g_strdup_printf (in == 1 ? "%d move in, at least %d in all"
                                   : "%d moves in, at least %d in all",
                                   in, played + step->value);
          g_assert_cmpstr (text, ==, badge);
          /* Each count with its own plural. */
          words = g_strdup_printf ("A position %d move%s in: at least %d move%s through it; ",
                                   in, in == 1 ? "" : "s", played + step->value,
                                   played + step->value == 1 ? "" : "s");
          g_assert_true (g_str_has_prefix (said, words));
          if (step->depth > 0)
            {
              want_depth = g_strdup_printf (in == 1 ? "%d move in" : "%d moves in", in);
              g_assert_cmpstr (depth, ==, want_depth);
            }
          g_assert_cmpstr (status, ==, want_status);
          /* Never fewer in all than the game has already played. */
          g_assert_cmpint (played + step->value, >=, in);
          searching++;
        }
      else if (step->kind == HB_STEP_SOLUTION)
        {
          g_autofree char *want = g_strdup_printf ("Answer: %d more move%s, %d in all; ",
                                                   (int) r->moves->len,
                                                   r->moves->len == 1 ? "" : "s",
                                                   played + (int) r->moves->len);
          g_assert_true (g_str_has_prefix (said, want));
          /* The answer meets the last bound, both counted alike. */
          g_assert_cmpint (bound, ==, played + (int) r->moves->len);
        }
      else if (step->kind == HB_STEP_MOVE)
        {
          g_autofree char *want = g_strdup_printf ("Move %d", played + step->depth);
          g_assert_cmpstr (text, ==, want);
          g_assert_true (g_str_has_prefix (said, want));
        }
    }
  g_assert_cmpint (searching, >, 0);
  flood_frame_free (frame);
  hb_result_free (r);
  hb_trace_free (trace);
  hb_state_free (s);
}

/* A step's text with two counts takes each noun's plural from the number
 * it follows: one plural for both, chosen from the moves in, read "cel
 * puțin 27 mutări" in Romanian, where 27 takes "de mutări" (1: mutare;
 * 2–19 and numbers ending 01–19: mutări; the rest: de mutări). */
static void
test_romanian_plurals (void)
{
  static const struct {
    int kind, depth, value;
    const char *want;
  } cases[] = {
    /* 13 played before the solve: 16 moves in, 27 in all. */
    { HB_STEP_TRY, 3, 14,
      "O poziție după 16 mutări: cel puțin 27 de mutări prin ea; 1234 de poziții examinate" },
    { HB_STEP_INFO, 3, 14,
      "1234 de poziții examinate; cea mai bună de până acum e după 16 mutări, cam 27 de "
      "mutări în total" },
    /* The other way round: 27 moves in, 16 in all. */
    { HB_STEP_TRY, 14, 3,
      "O poziție după 27 de mutări: cel puțin 16 mutări prin ea; 1234 de poziții examinate" },
    { HB_STEP_INFO, 14, 3,
      "1234 de poziții examinate; cea mai bună de până acum e după 27 de mutări, cam 16 "
      "mutări în total" },
  };
  FloodState *s = flood_state_new (4, 4, 3);
  HbTrace *trace = hb_trace_new (0, 0);

  s->moves = 13;
  if (!hb_test_romanian ())
    goto out;
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      HbStep step = { 0 };
      g_autofree char *said = NULL;

      step.kind = (guint8) cases[i].kind;
      step.depth = cases[i].depth;
      step.value = cases[i].value;
      step.counter = 1234;
      said = flood_describe_step (&s->base, trace, &step);
      g_assert_cmpstr (said, ==, cases[i].want);
    }
  hb_test_romanian_end ();
out:
  hb_trace_free (trace);
  hb_state_free (&s->base);
}

/* The player's last frame of the optimal answer is the solved board. */
static void
test_frames (void)
{
  HbGenerateParams p = { 6, 6, 4, 3 };
  HbState *s = flood_game.generate (&p, NULL);
  HbTrace *trace = hb_trace_new (0, 0);
  HbResult *r = hb_solve (hb_game_default_solver (&flood_game), s, NULL, trace,
                          NULL, NULL);
  HbPlayer *player = hb_player_new (s, trace);
  cairo_surface_t *surf = cairo_image_surface_create (CAIRO_FORMAT_RGB24, SIZE, SIZE);
  HbRenderOptions opt = { .hover_x = -1, .hover_y = -1 };
  int final = FLOOD (r->solved)->cells[0];
  HbLayout l;

  hb_layout_fit (&l, 6, 6, SIZE, SIZE, 10);
  for (gsize pos = 0; pos <= hb_player_length (player); pos++)
    {
      cairo_t *cr = cairo_create (surf);
      g_autofree char *text = NULL;
      hb_player_seek (player, pos);
      hb_player_render (player, cr, &l, &opt);
      g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
      cairo_destroy (cr);
      text = hb_player_describe (player);
      g_assert_nonnull (text);
    }
  cairo_surface_flush (surf);
  /* Every cell of the last frame has the final colour (the badge sits in
   * the bottom-right corner). */
  assert_colour (surf, l.x0 + 0.2 * l.cell, l.y0 + 5.2 * l.cell, final, FALSE);
  assert_colour (surf, l.x0 + 5.2 * l.cell, l.y0 + 0.2 * l.cell, final, FALSE);
  assert_colour (surf, l.x0 + 2.2 * l.cell, l.y0 + 4.2 * l.cell, final, FALSE);
  cairo_surface_destroy (surf);

  /* In a narrow area (a 400 px window) the search's long badge ("2 moves
   * in, at least 8 in all") stays inside it, smaller: it ran past the
   * left edge, cut to "ves in, at least 8 in all". */
  {
    const int nw = 140, nh = 300;
    cairo_surface_t *narrow = cairo_image_surface_create (CAIRO_FORMAT_RGB24, nw, nh);
    int searching = 0;

    hb_layout_fit (&l, 6, 6, nw, nh, 10);
    for (gsize pos = 0; pos <= hb_player_length (player); pos++)
      {
        cairo_t *cr = cairo_create (narrow);
        cairo_set_source_rgb (cr, 0.5, 0.5, 0.5);
        cairo_paint (cr);
        hb_player_seek (player, pos);
        hb_player_render (player, cr, &l, &opt);
        cairo_destroy (cr);
        cairo_surface_flush (narrow);
        for (int y = 0; y < nh; y++)
          {
            double rgb[3];
            pixel_rgb (narrow, 0, y, rgb);
            if (fabs (rgb[0] - 0.5) + fabs (rgb[1] - 0.5) + fabs (rgb[2] - 0.5) > 0.05)
              g_error ("step %" G_GSIZE_FORMAT ": something drawn at the area's left edge, y %d",
                       pos, y);
          }
        searching++;
      }
    g_assert_cmpint (searching, >, 2);
    cairo_surface_destroy (narrow);
  }
  hb_player_free (player);
  hb_result_free (r);
  hb_trace_free (trace);
  hb_state_free (s);
}

/* TRUE when the pixels (x1, y1) and (x2, y2) of one surface differ. */
static gboolean
pixels_differ (cairo_surface_t *surf, int x1, int y1, int x2, int y2)
{
  double p[3], q[3];

  pixel_rgb (surf, x1, y1, p);
  pixel_rgb (surf, x2, y2, q);
  return fabs (p[0] - q[0]) + fabs (p[1] - q[1]) + fabs (p[2] - q[2]) > 0.05;
}

/* A new board is one colour: in Edit faint lines between the cells show a
 * designer where they are, on every colour and in both styles; play has
 * no grid (the phone game has none), so the border between two cells of
 * one colour is that colour there. */
static void
test_edit_grid (void)
{
  HbState *s = flood_game.new_blank (4, 4);

  for (int c = 0; c < 6; c++)
    for (int dark = 0; dark <= 1; dark++)
      for (int mode = HB_MODE_EDIT; mode <= HB_MODE_PLAY; mode++)
        {
          HbRenderOptions opt = { .dark = dark, .mode = mode,
                                  .hover_x = -1, .hover_y = -1 };
          HbLayout l;
          cairo_surface_t *surf;
          int mx, my, bx, by;

          memset (FLOOD (s)->cells, c, 16);
          surf = render (s, &opt, &l);
          /* The middle of cell (1, 1); the line between columns 1 and 2
           * level with it, and the line between rows 1 and 2 below it,
           * each on the pixel the line's centre falls in. */
          mx = (int) (l.x0 + 1.5 * l.cell);
          my = (int) (l.y0 + 1.5 * l.cell);
          bx = (int) floor (l.x0 + 2 * l.cell);
          by = (int) floor (l.y0 + 2 * l.cell);
          assert_colour (surf, mx, my, c, dark);
          if (mode == HB_MODE_EDIT)
            {
              g_assert_true (pixels_differ (surf, bx, my, mx, my));
              g_assert_true (pixels_differ (surf, mx, by, mx, my));
            }
          else
            {
              g_assert_false (pixels_differ (surf, bx, my, mx, my));
              g_assert_false (pixels_differ (surf, mx, by, mx, my));
            }
          cairo_surface_destroy (surf);
        }
  hb_state_free (s);
}

/* The contrast (WCAG 2) with `bg` of the pixel of [x0, x1) × [y0, y1)
 * that contrasts most with it: a label's fully covered pixels. */
static double
label_contrast (cairo_surface_t *surf, int x0, int y0, int x1, int y1, const double bg[3])
{
  double best = 1;

  cairo_surface_flush (surf);
  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      {
        double rgb[3];

        pixel_rgb (surf, x, y, rgb);
        best = MAX (best, hb_draw_contrast (rgb, bg));
      }
  return best;
}

/* Every colour's digit, on its palette chip and on the board's cells with
 * the colour labels on, is at least 4.5:1 (WCAG AA) with the colour, in
 * the light and the dark style: the green's was 3.7:1 in the dark style
 * (review), and four more were under 4.5. */
static void
test_label_contrast (void)
{
  HbState *s = hb_test_parse (&flood_game, "10 by 1 -> 20\n0123456789\n");
  HbLayout l;
  cairo_surface_t *chip = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 64, 64);
  cairo_surface_t *board = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 10 * 48 + 16, 64);

  hb_layout_fit (&l, 10, 1, 10 * 48 + 16, 64, 8);
  g_assert_cmpfloat (l.cell, >=, 40);
  for (int dark = 0; dark <= 1; dark++)
    {
      HbRenderOptions o = { .dark = dark, .mode = HB_MODE_EDIT, .hover_x = -1, .hover_y = -1,
                            .hint_flags = HB_HINT_COLOUR_LABELS };
      cairo_t *cr = cairo_create (board);

      flood_game.render (s, cr, &l, &o);
      cairo_destroy (cr);
      for (int id = 0; id < FLOOD_MAX_COLOURS; id++)
        {
          double rgb[3], on_chip, on_cell;

          flood_colour_rgb (id, dark, rgb);
          cr = cairo_create (chip);
          flood_game.palette_render (s, HB_MODE_PLAY, id, cr, 64, dark);
          cairo_destroy (cr);
          on_chip = label_contrast (chip, 16, 16, 48, 48, rgb);
          on_cell = label_contrast (board, (int) (l.x0 + (id + 0.2) * l.cell), (int) (l.y0 + 0.2 * l.cell),
                                    (int) (l.x0 + (id + 0.8) * l.cell), (int) (l.y0 + 0.8 * l.cell), rgb);
          if (on_chip < HB_DRAW_TEXT_CONTRAST || on_cell < HB_DRAW_TEXT_CONTRAST)
            g_error ("colour %d (%s style): its digit is %.2f:1 on its chip, %.2f:1 on a cell",
                     id, dark ? "dark" : "light", on_chip, on_cell);
        }
    }
  cairo_surface_destroy (chip);
  cairo_surface_destroy (board);
  hb_state_free (s);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flood/render/board", test_board);
  g_test_add_func ("/flood/render/hint-overlay", test_hint_overlay);
  g_test_add_func ("/flood/render/palette", test_palette);
  g_test_add_func ("/flood/render/label-contrast", test_label_contrast);
  g_test_add_func ("/flood/render/outline", test_outline);
  g_test_add_func ("/flood/render/colour-blind", test_colour_blind);
  g_test_add_func ("/flood/render/frames", test_frames);
  g_test_add_func ("/flood/render/badge-words", test_badge_words);
  g_test_add_func ("/flood/render/mid-game-numbers", test_mid_game_numbers);
  g_test_add_func ("/flood/render/romanian-plurals", test_romanian_plurals);
  g_test_add_func ("/flood/render/edit-grid", test_edit_grid);
  return g_test_run ();
}
