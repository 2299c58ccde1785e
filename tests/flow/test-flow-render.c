/* Flow Free drawing: a known board rendered on cairo image surfaces in the
 * light and dark styles, with pixels checked (dots, paths, tinted cells,
 * empty cells, the hint's forced cells, the hover outline), tiny cells as
 * one image, a trace frame with marks, a live snapshot's known arms, and the
 * palette. */
#include "flow-game.h"
#include "hb-draw.h"
#include "hb-test-util.h"
#include "hb-vision.h"

#include <math.h>
#include <string.h>

#define CELL 40

static guint32
pixel (cairo_surface_t *surf, int x, int y)
{
  const guint8 *data;
  int stride;

  cairo_surface_flush (surf);
  data = cairo_image_surface_get_data (surf);
  stride = cairo_image_surface_get_stride (surf);
  return *(const guint32 *) (data + y * stride + x * 4) & 0xffffff;
}

static int
channel_diff (guint32 a, guint32 b)
{
  int d = 0;

  for (int k = 0; k < 24; k += 8)
    d = MAX (d, abs ((int) ((a >> k) & 0xff) - (int) ((b >> k) & 0xff)));
  return d;
}

static void
assert_pixel (cairo_surface_t *surf, int x, int y, guint32 want, int tolerance)
{
  guint32 got = pixel (surf, x, y);

  if (channel_diff (got, want) > tolerance)
    g_error ("pixel (%d, %d) is #%06x, want #%06x", x, y, got, want);
}

/* The board laid out with cells of CELL pixels from (0, 0). */
static cairo_surface_t *
render (const FlowState *s, const HbRenderOptions *opt, double cell)
{
  int w = (int) ceil (s->base.width * cell), h = (int) ceil (s->base.height * cell);
  cairo_surface_t *surf = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  cairo_t *cr = cairo_create (surf);
  HbLayout l = { s->base.width, s->base.height, 0, 0, cell };

  cairo_set_source_rgb (cr, 1, 0, 1);
  cairo_paint (cr);
  flow_game.render (&s->base, cr, &l, opt);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  return surf;
}

static guint32
mix (guint32 a, guint32 b, double t)
{
  guint32 r = 0;

  for (int k = 0; k < 24; k += 8)
    {
      double v = ((a >> k) & 0xff) * (1 - t) + ((b >> k) & 0xff) * t;
      r |= (guint32) (v + 0.5) << k;
    }
  return r;
}

/* R joined along the top, G's dots on the bottom row with nothing drawn. */
static FlowState *
known_board (void)
{
  FlowState *s = FLOW (hb_test_parse (&flow_game, "R..R\n....\nG..G\n"));

  for (int x = 0; x < 3; x++)
    flow_link (s, x, HB_DIR_E, 0);
  return s;
}

static void
check_style (gboolean dark)
{
  FlowState *s = known_board ();
  HbRenderOptions opt = { .dark = dark, .mode = HB_MODE_PLAY, .hover_x = -1, .hover_y = -1 };
  cairo_surface_t *surf = render (s, &opt, CELL);
  guint32 bg = dark ? 0x161616 : 0xfbfbfa;
  guint32 red = 0xE8271E, green = 0x00863D;
  int c = CELL / 2;

  /* The game's colours for R and G (the file's letters). */
  g_assert_cmpuint (flow_colour_rgb (s, 0, dark), ==, red);
  g_assert_cmpuint (flow_colour_rgb (s, 1, dark), ==, green);
  /* Dots: their colour at the centre. */
  assert_pixel (surf, c, c, red, 2);
  assert_pixel (surf, 3 * CELL + c, c, red, 2);
  assert_pixel (surf, c, 2 * CELL + c, green, 2);
  /* The path's centre line in the middle cells. */
  assert_pixel (surf, CELL + c, c, red, 2);
  assert_pixel (surf, CELL + 2, c, red, 2);
  /* A path cell's corner: the background tinted with the path's colour. */
  assert_pixel (surf, CELL + 4, 4, mix (bg, red, dark ? 0.30 : 0.28), 3);
  /* An empty cell: the background. */
  assert_pixel (surf, CELL + c, CELL + c, bg, 2);
  /* G's dots have no path: the cell round the dot is only tinted (dots
   * colour their own cell). */
  assert_pixel (surf, CELL + c, 2 * CELL + c, bg, 2);
  cairo_surface_destroy (surf);

  /* The hover outline shows on an empty cell: thin, at its edge (with a
   * step's heavy halo it read as a focus box following the mouse). */
  opt.hover_x = 1;
  opt.hover_y = 1;
  surf = render (s, &opt, CELL);
  g_assert_cmpint (channel_diff (pixel (surf, CELL + 1, CELL + c), bg), >, 40);
  assert_pixel (surf, CELL + 4, CELL + c, bg, 2);
  assert_pixel (surf, CELL + c, CELL + c, bg, 2);
  cairo_surface_destroy (surf);
  hb_state_free (&s->base);
}

/* The hint's dashes run on evenly from cell to cell: no dash twice as
 * long where one cell's line met the next (each cell's line restarted
 * the pattern until 2026-12-04), and none lost at a turn. */
static void
test_hint_dashes (void)
{
  FlowState *s = FLOW (hb_test_parse (&flow_game, "R.....\n.....R\n"));
  guint8 sol[12] = { 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 1, 1 };
  guint8 lk[12] = { 2, 10, 10, 10, 12, 0, 0, 0, 0, 0, 3, 8 };
  FlowHint hint = { .width = 6, .height = 2, .kind = FLOW_HINT_PATH, .colour = 0,
                    .solution = sol, .links = lk };
  HbRenderOptions opt = { .mode = HB_MODE_PLAY, .hover_x = -1, .hover_y = -1,
                          .show_hints = TRUE, .hint = &hint };
  cairo_surface_t *surf = render (s, &opt, CELL);
  int run = 0, longest = 0, dashes = 0, c = CELL / 2;

  /* Along the top row's centre line, from the first dot's edge to the
   * turn: dashes of 0.12 cells (4.8 px) with gaps of 0.1. */
  for (int x = c + CELL / 2; x < 4 * CELL + c; x++)
    {
      gboolean red = channel_diff (pixel (surf, x, c), 0xE8271E) < 60;
      if (red)
        run++;
      if (!red || x == 4 * CELL + c - 1)
        {
          dashes += run > 0;
          longest = MAX (longest, run);
          run = 0;
        }
    }
  g_assert_cmpint (longest, <=, 7);
  g_assert_cmpint (dashes, >=, 14);
  /* Down the turn's column, between the two rows' centres. */
  run = 0;
  for (int y = c + 2; y < CELL + c - 2; y++)
    run += channel_diff (pixel (surf, 4 * CELL + c, y), 0xE8271E) < 60;
  g_assert_cmpint (run, >, 10);
  cairo_surface_destroy (surf);
  hb_state_free (&s->base);
}

static void
test_light (void)
{
  check_style (FALSE);
}

static void
test_dark (void)
{
  check_style (TRUE);
}

static void
test_hint_overlay (void)
{
  FlowState *s = FLOW (hb_test_parse (&flow_game, "R..R\n....\nG..G\n"));
  FlowHint hint = { .width = 4, .height = 3, .kind = FLOW_HINT_GAVE_UP, .colour = -1 };
  guint8 forced[12] = { 0 };
  HbRenderOptions opt = { .mode = HB_MODE_PLAY, .hover_x = -1, .hover_y = -1,
                          .show_hints = TRUE, .hint = &hint };
  cairo_surface_t *surf;
  int c = CELL / 2;

  forced[1] = 1;     /* (1, 0) forced red */
  hint.forced = forced;
  surf = render (s, &opt, CELL);
  /* Tinted, with a red diamond in the middle. */
  assert_pixel (surf, CELL + c, c, 0xE8271E, 40);
  g_assert_cmpint (channel_diff (pixel (surf, CELL + 4, 4), 0xfbfbfa), >, 20);
  assert_pixel (surf, 2 * CELL + c, CELL + c, 0xfbfbfa, 2);
  cairo_surface_destroy (surf);
  /* The hint's path (what Next hint draws): dashed along the solution. */
  {
    guint8 sol[12] = { 1, 1, 1, 1, 0, 0, 0, 0, 2, 2, 2, 2 };
    guint8 lk[12] = { 2, 10, 10, 8, 0, 0, 0, 0, 2, 10, 10, 8 };
    int red = 0;
    hint.kind = FLOW_HINT_PATH;
    hint.colour = 0;
    hint.solution = sol;
    hint.links = lk;
    hint.forced = NULL;
    surf = render (s, &opt, CELL);
    for (int x = CELL; x < 3 * CELL; x++)
      red += channel_diff (pixel (surf, x, c), 0xE8271E) < 40;
    g_assert_cmpint (red, >, CELL / 2);
    assert_pixel (surf, CELL + c, CELL + c, 0xfbfbfa, 2);
    cairo_surface_destroy (surf);

    /* A forced cell on the path, with its letter (labels on): its diamond
     * lies whole over the dashes, as without them (the dashes cut the
     * letter: "B" read "|3"). */
    {
      cairo_surface_t *with, *without;
      int inside = 0, differ = 0;

      opt.hint_flags = HB_HINT_COLOUR_LABELS;
      hint.forced = forced;
      with = render (s, &opt, CELL);
      hint.solution = hint.links = NULL;
      hint.kind = FLOW_HINT_GAVE_UP;
      without = render (s, &opt, CELL);
      for (int y = 0; y < CELL; y++)
        for (int x = CELL; x < 2 * CELL; x++)
          if (abs (x - (CELL + c)) + abs (y - c) < 0.27 * CELL - 2)
            {
              inside++;
              /* The diamond is opaque: the dashes do not show through. */
              differ += channel_diff (pixel (with, x, y), pixel (without, x, y)) > 30;
            }
      g_assert_cmpint (inside, >, 100);
      g_assert_cmpint (differ, ==, 0);
      cairo_surface_destroy (with);
      cairo_surface_destroy (without);
      opt.hint_flags = 0;
      hint.forced = NULL;
    }
    hint.solution = hint.links = NULL;
  }
  /* Hints off: nothing. */
  opt.show_hints = FALSE;
  surf = render (s, &opt, CELL);
  assert_pixel (surf, CELL + c, c, 0xfbfbfa, 2);
  cairo_surface_destroy (surf);
  hb_state_free (&s->base);
}

/* The first six colours (R, G, B, Y, O, C) stay at least ΔE 20 apart,
 * pair by pair, with normal vision and as a deuteranope and a protanope
 * see them (hb_test_delta_e: Machado et al. 2009, full severity), but for
 * the game's own red and green, which a protanope sees only about ΔE 11
 * apart: the letters (HB_HINT_COLOUR_LABELS, test_colour_labels) tell
 * those apart. */
static void
test_colour_blind (void)
{
  static const char *const vision[] = { "normal vision", "deuteranopia", "protanopia" };
  FlowState *s = FLOW (hb_test_parse (&flow_game, "RGBYOC\nRGBYOC\n"));

  for (int dark = 0; dark <= 1; dark++)
    for (int v = 0; v < 3; v++)
      for (int i = 0; i < 6; i++)
        for (int j = i + 1; j < 6; j++)
          {
            guint32 p = flow_colour_rgb (s, i, dark), q = flow_colour_rgb (s, j, dark);
            double a[3] = { (p >> 16 & 0xff) / 255.0, (p >> 8 & 0xff) / 255.0, (p & 0xff) / 255.0 };
            double b[3] = { (q >> 16 & 0xff) / 255.0, (q >> 8 & 0xff) / 255.0, (q & 0xff) / 255.0 };
            double d = hb_test_delta_e (a, b, (HbTestVision) v);
            if (v == HB_TEST_PROTANOPIA && i == 0 && j == 1)
              {
                g_assert_cmpfloat (d, >, 10);
                continue;
              }
            if (d < 20)
              g_error ("%s, %s style: colours %c and %c are only delta E %.1f apart", vision[v],
                       dark ? "dark" : "light", s->names[i], s->names[j], d);
          }
  hb_state_free (&s->base);
}

/* HB_HINT_COLOUR_LABELS puts each dot's letter on it: the game's own
 * colours carry none without it. */
static void
test_colour_labels (void)
{
  FlowState *s = known_board ();
  HbRenderOptions opt = { .mode = HB_MODE_PLAY, .hover_x = -1, .hover_y = -1 };
  cairo_surface_t *plain = render (s, &opt, CELL), *labelled;
  int changed = 0, outside = 0;

  opt.hint_flags = HB_HINT_COLOUR_LABELS;
  labelled = render (s, &opt, CELL);
  for (int y = 0; y < 3 * CELL; y++)
    for (int x = 0; x < 4 * CELL; x++)
      if (pixel (plain, x, y) != pixel (labelled, x, y))
        {
          /* Only inside the dots (radius 0.36 cell round a dot's centre). */
          int cx = x / CELL, cy = y / CELL;
          double dx = x + 0.5 - (cx + 0.5) * CELL, dy = y + 0.5 - (cy + 0.5) * CELL;
          gboolean dot = s->dot[cy * 4 + cx] != 0;
          if (dot && dx * dx + dy * dy < 0.36 * 0.36 * CELL * CELL)
            changed++;
          else
            outside++;
        }
  g_assert_cmpint (changed, >, 4 * 10);   /* a letter on each of the four dots */
  g_assert_cmpint (outside, ==, 0);
  cairo_surface_destroy (plain);
  cairo_surface_destroy (labelled);
  hb_state_free (&s->base);
}

static void
test_tiny (void)
{
  FlowState *s = known_board ();
  HbRenderOptions opt = { .mode = HB_MODE_PLAY, .hover_x = -1, .hover_y = -1 };
  cairo_surface_t *surf = render (s, &opt, 2);

  /* One flat colour per cell: dots full, paths lighter, empty the
   * background. */
  assert_pixel (surf, 1, 1, 0xE8271E, 2);
  assert_pixel (surf, 3, 1, mix (0xE8271E, 0xfbfbfa, 0.25), 3);
  assert_pixel (surf, 3, 3, 0xfbfbfa, 2);
  assert_pixel (surf, 1, 4, 0x00863D, 2);
  cairo_surface_destroy (surf);
  hb_state_free (&s->base);
}

static void
test_many_colours (void)
{
  /* Beyond the 16 game colours, characters have colours of their own,
   * drawn with the character: each of them at least ΔE 15 (CIELAB, normal
   * vision) from every other of the 88 and from both boards' backgrounds
   * (the golden-ratio hues they had put '?' ΔE 3 from Red). */
  GString *t = g_string_new (NULL);
  FlowState *s;

  for (int k = 0; k < FLOW_MAX_COLOURS; k++)
    g_string_append_printf (t, "%c%c\n", flow_default_names[k], flow_default_names[k]);
  s = FLOW (hb_test_parse (&flow_game, t->str));
  for (int a = 0; a < FLOW_MAX_COLOURS; a++)
    {
      g_assert_cmpint (flow_colour_shows_char (s, a), ==, a >= 16);
      for (int b = 0; b < a; b++)
        g_assert_cmpuint (flow_colour_rgb (s, a, FALSE), !=, flow_colour_rgb (s, b, FALSE));
    }
  for (int a = 16; a < FLOW_MAX_COLOURS; a++)
    for (int b = 0; b < FLOW_MAX_COLOURS + 2; b++)
      {
        guint32 p = flow_colour_rgb (s, a, FALSE);
        guint32 q = b < FLOW_MAX_COLOURS ? flow_colour_rgb (s, b, FALSE)
                                         : (b == FLOW_MAX_COLOURS ? 0xfbfbfa : 0x161616);
        double x[3] = { (p >> 16 & 0xff) / 255.0, (p >> 8 & 0xff) / 255.0, (p & 0xff) / 255.0 };
        double y[3] = { (q >> 16 & 0xff) / 255.0, (q >> 8 & 0xff) / 255.0, (q & 0xff) / 255.0 };
        double d;
        if (b == a)
          continue;
        d = hb_test_delta_e (x, y, HB_TEST_NORMAL);
        if (d < 15)
          g_error ("colour %c is only delta E %.1f from %s", s->names[a], d,
                   b < FLOW_MAX_COLOURS ? (char[]) { s->names[b], 0 } : "a background");
      }
  {
    /* And by CIEDE2000, which sees saturated greens and cyans as the eye
     * does: spring green 'Z' and aquamarine 'F' were 10.3 apart (CIE76
     * 32), and '+' and 'J' 4.7 (review). The least of any two of the 88
     * (and a spare from a background) is at least 8.5. */
    double least = G_MAXDOUBLE, least76 = G_MAXDOUBLE;
    int la = 0, lb = 0;

    for (int a = 16; a < FLOW_MAX_COLOURS; a++)
      for (int b = 0; b < a + 2; b++)
        {
          guint32 p = flow_colour_rgb (s, a, FALSE);
          guint32 q = b < a ? flow_colour_rgb (s, b, FALSE) : (b == a ? 0xfbfbfa : 0x161616);
          guint8 x[3] = { p >> 16 & 0xff, p >> 8 & 0xff, p & 0xff };
          guint8 y[3] = { q >> 16 & 0xff, q >> 8 & 0xff, q & 0xff };
          HbLab lx, ly;
          double d;

          hb_lab_from_rgb (x, &lx);
          hb_lab_from_rgb (y, &ly);
          d = hb_lab_delta_e2000 (&lx, &ly);
          least76 = MIN (least76, hb_lab_distance (&lx, &ly));
          if (d < least)
            {
              least = d;
              la = a;
              lb = b;
            }
        }
    g_test_message ("closest: %c and %s, CIEDE2000 %.2f; closest by CIE76 %.2f", s->names[la],
                    lb < la ? (char[]) { s->names[lb], 0 } : "a background", least, least76);
    g_assert_cmpfloat (least, >=, 8.5);
  }
  {
    /* The character shows on the dot: the dot is not one flat colour. */
    HbRenderOptions opt = { .hover_x = -1, .hover_y = -1 };
    cairo_surface_t *surf = render (s, &opt, CELL);
    int y = 20 * CELL, differs = 0;
    guint32 dot = flow_colour_rgb (s, 20, FALSE);
    for (int dy = -8; dy <= 8; dy++)
      for (int dx = -8; dx <= 8; dx++)
        differs += channel_diff (pixel (surf, CELL / 2 + dx, y + CELL / 2 + dy), dot) > 60;
    g_assert_cmpint (differs, >, 10);
    cairo_surface_destroy (surf);
  }
  hb_state_free (&s->base);
  g_string_free (t, TRUE);
}

static void
test_frame_and_palette (void)
{
  FlowState *s = FLOW (hb_test_parse (&flow_game, "R.R\n"));
  FlowFrame *f = flow_frame_new (s);
  guint8 colour[3] = { 1, 1, 1 }, links[3] = { 2, 10, 8 }, marks[3] = { 0, 1, 0 };
  cairo_surface_t *surf = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 3 * CELL, CELL);
  cairo_t *cr = cairo_create (surf);
  HbLayout l = { 3, 1, 0, 0, CELL };
  HbRenderOptions opt = { .hover_x = -1, .hover_y = -1 };
  HbPaletteEntry entries[32];
  int n;

  flow_frame_set_board (f, colour, links, marks);
  flow_game.frame_render (f, cr, &l, &opt, NULL);
  cairo_destroy (cr);
  /* The mark: the middle cell framed in red (inset 0.09 of a cell), over
   * the red path's tint, on a white halo each side so that it shows on a
   * red path's tint; under the path, which stays whole where it crosses
   * the frame (a ring over the paths cut a 2x2 loop into stubs). */
  assert_pixel (surf, CELL + CELL / 2, CELL / 2, 0xE8271E, 2);
  assert_pixel (surf, CELL + CELL / 2, 3, 0xff1a1a, 30);
  assert_pixel (surf, CELL + CELL / 2, 1, 0xffffff, 40);
  assert_pixel (surf, CELL + CELL / 2, 5, 0xffffff, 40);
  assert_pixel (surf, CELL + 3, CELL / 2, 0xE8271E, 2);
  cairo_surface_destroy (surf);

  /* At a 12 px cell (a 30x30 board beside the GA's plot) the red is still
   * a whole pixel of red, not a pink blend with its halo, in both styles;
   * on the dark style the halo is dark (a white one read pink). */
  for (int dark = 0; dark <= 1; dark++)
    {
      HbLayout small = { 3, 1, 0, 0, 12 };
      HbRenderOptions o = { .dark = dark, .hover_x = -1, .hover_y = -1 };
      cairo_surface_t *ss = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 3 * 12, 12);
      cairo_t *cs = cairo_create (ss);

      flow_game.frame_render (f, cs, &small, &o, NULL);
      cairo_destroy (cs);
      assert_pixel (ss, 12 + 6, 1, 0xff1a1a, 30);
      assert_pixel (ss, 12 + 1, 4, 0xff1a1a, 30);
      if (dark)
        g_assert_cmpint (channel_diff (pixel (ss, 12 + 6, 2), 0xffffff), >, 200);
      cairo_surface_destroy (ss);
    }
  flow_frame_free (f);

  /* Marked cells of one colour side by side are one outline: an L of
   * three cells has no line between them and turns round its inner
   * corner; a marked cell of another colour beside them has its own. */
  {
    FlowState *s2 = FLOW (hb_test_parse (&flow_game, "R.G\nR.G\n"));
    FlowFrame *f2 = flow_frame_new (s2);
    guint8 col2[6] = { 1, 1, 2, 1, 0, 2 }, links2[6] = { 0 }, marks2[6] = { 1, 1, 1, 1, 0, 0 };
    cairo_surface_t *s3 = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 3 * CELL, 2 * CELL);
    cairo_t *c3 = cairo_create (s3);
    HbLayout l2 = { 3, 2, 0, 0, CELL };

    flow_frame_set_board (f2, col2, links2, marks2);
    flow_game.frame_render (f2, c3, &l2, &opt, NULL);
    cairo_destroy (c3);
    /* No line between (0, 0) and (1, 0), nor between (0, 0) and (0, 1). */
    for (int k = -4; k <= 3; k++)
      {
        g_assert_cmpint (channel_diff (pixel (s3, CELL + k, CELL / 2 - 6), 0xff1a1a), >, 60);
        g_assert_cmpint (channel_diff (pixel (s3, CELL / 2 + 6, CELL + k), 0xff1a1a), >, 60);
      }
    /* The top runs on across the joint; the inner corner is turned. */
    assert_pixel (s3, CELL, 3, 0xff1a1a, 30);
    assert_pixel (s3, CELL + 8, CELL - 4, 0xff1a1a, 30);
    assert_pixel (s3, CELL - 4, CELL + 8, 0xff1a1a, 30);
    assert_pixel (s3, CELL - 4, CELL - 4, 0xff1a1a, 30);
    /* (2, 0), green, has its own outline, on its left side too. */
    assert_pixel (s3, 2 * CELL + 3, CELL / 2, 0xff1a1a, 30);
    cairo_surface_destroy (s3);
    flow_frame_free (f2);
    hb_state_free (&s2->base);
  }

  /* The palette draws each entry's colour in its middle. */
  n = flow_game.palette (&s->base, HB_MODE_EDIT, entries, 32);
  g_assert_cmpint (n, >=, 16);
  for (int i = 0; i < n; i++)
    {
      cairo_surface_t *p = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 32, 32);
      cairo_t *pc = cairo_create (p);
      flow_game.palette_render (&s->base, HB_MODE_EDIT, entries[i].id, pc, 32, FALSE);
      cairo_destroy (pc);
      /* Not the tile's background: a colour is drawn there (white is
       * told by its dark edge). A colour past the game's sixteen has its
       * character in the middle, white on a dark colour: its disc is
       * looked at above the character. */
      const char *at = strchr (flow_default_names, entries[i].id);
      int y = at != NULL && at - flow_default_names < 16 ? 16 : 16 - 8;
      if (entries[i].id != 'W')
        g_assert_cmpint (channel_diff (pixel (p, 16, y), 0xfbfbfa), >, 8);
      else
        g_assert_cmpint (channel_diff (pixel (p, 16, 16 - 11), 0xfbfbfa), >, 40);
      if (entries[i].id == 'R')
        assert_pixel (p, 16, 16, 0xE8271E, 2);
      cairo_surface_destroy (p);
    }
  hb_state_free (&s->base);
}

/* The chip of a colour with dots on the board carries a corner badge in
 * Edit: a pip for one dot, a check mark for the pair; a colour with none,
 * and every chip in Play, has no badge (review: placed or not, every chip
 * looked alike). */
static void
test_palette_dots (void)
{
  FlowState *s = FLOW (hb_test_parse (&flow_game, "R.R\nG.G\n"));
  HbMove remove_g = { FLOW_OP_SET_DOT, 2, 1, -1 };
  FlowState *t = FLOW (flow_game.apply (&s->base, &remove_g));
  guint32 edit[3][2], play[3][2];
  const char ids[3] = { 'R', 'G', 'B' };

  g_assert_nonnull (t);
  for (int i = 0; i < 3; i++)
    for (int m = 0; m < 2; m++)
      {
        cairo_surface_t *p = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 32, 32);
        cairo_t *pc = cairo_create (p);

        flow_game.palette_render (&t->base, m == 0 ? HB_MODE_EDIT : HB_MODE_PLAY, ids[i], pc, 32,
                                  FALSE);
        cairo_destroy (pc);
        /* The badge's middle, and a point inside it over the disc. */
        (m == 0 ? edit : play)[i][0] = pixel (p, 25, 25);
        (m == 0 ? edit : play)[i][1] = pixel (p, 24, 21);
        cairo_surface_destroy (p);
      }
  /* R, both dots: the badge's light face over the red disc. */
  g_assert_cmpint (channel_diff (play[0][1], 0xE8271E), <, 60);
  g_assert_cmpint (channel_diff (edit[0][1], 0xE8271E), >, 100);
  g_assert_cmpint (channel_diff (edit[0][1], 0xfbfbfa), <, 12);
  /* G, one dot: a dark pip in the middle of the badge. */
  g_assert_cmpint (channel_diff (edit[1][0], 0x303030), <, 40);
  g_assert_cmpint (channel_diff (play[1][0], 0x303030), >, 100);
  /* B, none: as in Play. */
  g_assert_cmpint (edit[2][0], ==, play[2][0]);
  g_assert_cmpint (edit[2][1], ==, play[2][1]);
  hb_state_free (&t->base);
  hb_state_free (&s->base);
}

/* A step's outline stands out on a path of its own colour: the dark
 * style's yellow outline on a yellow path was lost; a halo of the
 * opposite lightness now runs along it. */
static void
test_outline_on_own_colour (void)
{
  FlowState *s = FLOW (hb_test_parse (&flow_game, "Y.Y\n"));
  FlowFrame *f = flow_frame_new (s);
  guint8 colour[3] = { 1, 1, 1 }, links[3] = { 2, 10, 8 };
  cairo_surface_t *surf = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 3 * CELL, CELL);
  cairo_t *cr = cairo_create (surf);
  HbLayout l = { 3, 1, 0, 0, CELL };
  HbRenderOptions opt = { .hover_x = -1, .hover_y = -1, .dark = TRUE };
  guint32 yellow = flow_colour_rgb (s, 0, TRUE);
  /* Just inside the outline (0.07 of a cell wide) of the middle cell, on
   * the path's band. */
  int inside = (int) (CELL * 0.07) + 1;

  flow_frame_set_board (f, colour, links, NULL);
  f->hx = 1;
  f->hy = 0;
  f->hkind = HB_STEP_TRY;
  flow_game.frame_render (f, cr, &l, &opt, NULL);
  cairo_destroy (cr);
  g_test_message ("path %06x, inside the outline %06x", yellow, pixel (surf, CELL + inside, CELL / 2));
  g_assert_cmpint (channel_diff (pixel (surf, CELL + inside, CELL / 2), yellow), >, 100);
  cairo_surface_destroy (surf);
  flow_frame_free (f);
  hb_state_free (&s->base);
}

/* A white path tints its cells on the light board, visibly and apart from
 * grey's (the cells of a white path looked empty: review); yellow keeps
 * its own tint. */
static void
test_white_tint (void)
{
  FlowState *s = FLOW (hb_test_parse (&flow_game, "W.W\nA.A\nY.Y\n"));
  HbRenderOptions opt = { .hover_x = -1, .hover_y = -1 };
  cairo_surface_t *empty = render (s, &opt, CELL), *drawn;
  guint32 bg = pixel (empty, CELL + 3, 3), white, grey, yellow;

  for (int y = 0; y < 3; y++)
    {
      HbMove m = { FLOW_OP_LINK, 0, y, HB_DIR_E | (y << 2) };
      HbState *next = flow_game.apply (&s->base, &m);
      hb_state_free (&s->base);
      s = FLOW (next);
      m = (HbMove) { FLOW_OP_LINK, 1, y, HB_DIR_E | (y << 2) };
      next = flow_game.apply (&s->base, &m);
      hb_state_free (&s->base);
      s = FLOW (next);
    }
  drawn = render (s, &opt, CELL);
  /* A corner of the middle cell, off the path's band. */
  white = pixel (drawn, CELL + 3, 3);
  grey = pixel (drawn, CELL + 3, CELL + 3);
  yellow = pixel (drawn, CELL + 3, 2 * CELL + 3);
  g_test_message ("board %06x, white %06x, grey %06x, yellow %06x", bg, white, grey, yellow);
  g_assert_cmpint (channel_diff (white, bg), >=, 10);
  g_assert_cmpint (channel_diff (white, grey), >=, 10);
  g_assert_cmpint (channel_diff (yellow, bg), >=, 40);
  cairo_surface_destroy (empty);
  cairo_surface_destroy (drawn);
  hb_state_free (&s->base);
}

/* A live snapshot's known arms of empty cells: grey arms on cells big
 * enough, grey cells below a pixel a cell; never on a cell with a colour. */
static void
test_known (void)
{
  FlowState *s = FLOW (hb_test_parse (&flow_game, "R..R\n....\n"));
  FlowFrame *f = flow_frame_new (s);
  guint8 colour[8] = { 1, 1, 0, 1, 0, 0, 0, 0 }, links[8] = { 2, 10, 0, 8, 0, 0, 0, 0 };
  /* Cell (2, 0) is red's gap, empty, its arms E+W known; (1, 1) N+S
   * known, on a cell with nothing drawn; (0, 0) has a colour: its known
   * arms are not drawn. */
  guint8 known[8] = { 5, 0, 10, 0, 0, 5, 0, 0 };
  HbRenderOptions opt = { .hover_x = -1, .hover_y = -1 };
  cairo_surface_t *surf = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 4 * CELL, 2 * CELL);
  cairo_t *cr = cairo_create (surf);
  HbLayout l = { 4, 2, 0, 0, CELL };
  guint32 empty;

  flow_frame_set_board (f, colour, links, NULL);
  flow_game.frame_render (f, cr, &l, &opt, NULL);
  empty = pixel (surf, CELL + CELL / 2 + CELL / 4, CELL + CELL / 2);
  flow_frame_set_known (f, known);
  flow_game.frame_render (f, cr, &l, &opt, NULL);
  cairo_destroy (cr);
  /* The arm of (1, 1) going north, grey on the empty cell. */
  g_assert_cmpint (channel_diff (pixel (surf, CELL + CELL / 2, CELL + CELL / 4), empty), >, 40);
  /* Beside it, off the arm: the empty cell as before. */
  assert_pixel (surf, CELL + CELL / 2 + CELL / 4, CELL + CELL / 2, empty, 2);
  cairo_surface_destroy (surf);

  /* Below a pixel a cell: the known cells shade the board. */
  {
    FlowFrame *c = flow_frame_copy (f);
    cairo_surface_t *small = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 4, 2);
    cairo_t *sc = cairo_create (small);
    HbLayout sl = { 4, 2, 0, 0, 1 };
    guint32 before, beside;

    flow_frame_set_known (c, NULL);
    flow_game.frame_render (c, sc, &sl, &opt, NULL);
    before = pixel (small, 1, 1);
    beside = pixel (small, 3, 1);
    flow_frame_set_known (c, known);
    flow_game.frame_render (c, sc, &sl, &opt, NULL);
    cairo_destroy (sc);
    g_assert_cmpint (channel_diff (pixel (small, 1, 1), before), >, 20);
    assert_pixel (small, 3, 1, beside, 2);
    cairo_surface_destroy (small);
    flow_frame_free (c);
  }
  flow_frame_free (f);
  hb_state_free (&s->base);
}

/* A million cells: drawn as one image below a pixel a cell, and only the
 * cells the clip shows at a readable size (either way it must be quick;
 * no time is asserted, but a per-cell path would take seconds here). */
static void
test_large (void)
{
  int n = 1000;
  FlowState *s = flow_state_new (n, n, 1);
  HbRenderOptions opt = { .hover_x = 3, .hover_y = 3 };
  cairo_surface_t *surf;
  cairo_t *cr;
  HbLayout l = { n, n, 0, 0, 0.5 };

  s->names[0] = 'R';
  s->dot[0] = s->dot[(gsize) n * n - 1] = 1;
  for (int y = 0; y < n; y++)
    for (int x = 0; x < n; x++)
      {
        /* A snake along the rows, all red. */
        gsize i = (gsize) y * n + x;
        s->colour[i] = 1;
        if (x + 1 < n)
          s->links[i] |= 1u << HB_DIR_E, s->links[i + 1] |= 1u << HB_DIR_W;
      }
  surf = render (s, &opt, 0.5);
  assert_pixel (surf, 250, 250, mix (0xE8271E, 0xfbfbfa, 0.25), 4);
  cairo_surface_destroy (surf);

  /* Cells of 20 px, a 200 × 200 window onto the board's middle. */
  surf = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 200, 200);
  cr = cairo_create (surf);
  l.cell = 20;
  l.x0 = l.y0 = -10000;
  flow_game.render (&s->base, cr, &l, &opt);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  /* The path's centre line through a cell's middle. */
  assert_pixel (surf, 5, 10, 0xE8271E, 2);
  cairo_surface_destroy (surf);
  hb_state_free (&s->base);

  /* Under two pixels a cell, a dot would be a quarter of a pixel of the
   * image: it is a disc on top in its full colour, so it still shows. */
  s = flow_state_new (300, 300, 1);
  s->names[0] = 'R';
  s->dot[100 * 300 + 100] = s->dot[200 * 300 + 200] = 1;
  surf = render (s, &opt, 0.5);
  assert_pixel (surf, 50, 50, 0xE8271E, 4);
  assert_pixel (surf, 100, 100, 0xE8271E, 4);
  assert_pixel (surf, 75, 75, 0xfbfbfa, 2);
  cairo_surface_destroy (surf);
  hb_state_free (&s->base);
}

/* The contrast (WCAG 2) of the pixel of the disc of radius r round
 * (cx, cy) that contrasts most with the pixel at (bx, by): a label's
 * fully covered pixels against the colour it is drawn on. */
static double
label_contrast (cairo_surface_t *surf, double cx, double cy, double r, int bx, int by)
{
  guint32 b = pixel (surf, bx, by);
  double bg[3] = { (b >> 16) / 255.0, ((b >> 8) & 0xff) / 255.0, (b & 0xff) / 255.0 };
  double best = 1;

  for (int y = (int) (cy - r); y <= (int) (cy + r); y++)
    for (int x = (int) (cx - r); x <= (int) (cx + r); x++)
      if (hypot (x + 0.5 - cx, y + 0.5 - cy) <= r)
        {
          guint32 p = pixel (surf, x, y);
          double rgb[3] = { (p >> 16) / 255.0, ((p >> 8) & 0xff) / 255.0, (p & 0xff) / 255.0 };

          best = MAX (best, hb_draw_contrast (rgb, bg));
        }
  return best;
}

/* Every colour's character, on its dots with the colour labels on and on
 * its palette chip (the colours past the game's sixteen), is at least
 * 4.5:1 (WCAG AA) with the colour, in the light and the dark style (a
 * threshold on luma chose white on colours where black read better). */
static void
test_label_contrast (void)
{
  /* Every colour a level names by default, then characters it names none
   * by (a golden-ratio hue of their own), on chips alone. */
  char chars[FLOW_MAX_COLOURS + 4];
  GString *text = g_string_new (NULL);
  FlowState *s;
  int n = FLOW_MAX_COLOURS;

  g_snprintf (chars, sizeof chars, "%s\"\\`", flow_default_names);
  for (int row = 0; row < 2; row++)
    {
      g_string_append (text, flow_default_names);
      g_string_append_c (text, '\n');
    }
  s = FLOW (hb_test_parse (&flow_game, text->str));
  g_assert_cmpint (s->colours, ==, n);
  for (int dark = 0; dark <= 1; dark++)
    {
      HbRenderOptions opt = { .dark = dark, .mode = HB_MODE_PLAY, .hover_x = -1, .hover_y = -1,
                              .hint_flags = HB_HINT_COLOUR_LABELS };
      cairo_surface_t *board = render (s, &opt, CELL);
      cairo_surface_t *chip = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 64, 64);

      for (int i = 0; chars[i] != '\0'; i++)
        {
          const char *at = strchr (flow_default_names, chars[i]);
          double on_dot = HB_DRAW_TEXT_CONTRAST, on_chip = HB_DRAW_TEXT_CONTRAST;

          if (i < n)
            {
              /* The dot's colour below its character, the disc round it. */
              double cx = (i + 0.5) * CELL, cy = 0.5 * CELL;

              on_dot = label_contrast (board, cx, cy, 0.2 * CELL, (int) cx, (int) (cy + 0.28 * CELL));
            }
          if (at == NULL || at - flow_default_names >= 16)
            {
              cairo_t *cr = cairo_create (chip);

              flow_game.palette_render (NULL, HB_MODE_PLAY, chars[i], cr, 64, dark);
              cairo_destroy (cr);
              on_chip = label_contrast (chip, 32, 32, 12, 32, 32 + 17);
            }
          if (on_dot < HB_DRAW_TEXT_CONTRAST || on_chip < HB_DRAW_TEXT_CONTRAST)
            g_error ("colour '%c' (%s style): its character is %.2f:1 on its dot, %.2f:1 on its chip",
                     chars[i], dark ? "dark" : "light", on_dot, on_chip);
        }
      cairo_surface_destroy (board);
      cairo_surface_destroy (chip);
    }
  g_string_free (text, TRUE);
  hb_state_free (&s->base);
}

/* A hint's forced cell shows its colour's character on a diamond of the
 * colour: at least 4.5:1 there too, in both styles (the diamond let the
 * tint through, and 'G' on the light board was 4.1:1: review). */
static void
test_forced_label_contrast (void)
{
  FlowState *s = FLOW (hb_test_parse (&flow_game, "R..R\n....\nG..G\n"));
  FlowHint hint = { .width = 4, .height = 3, .kind = FLOW_HINT_GAVE_UP, .colour = -1 };
  guint8 forced[12] = { 0 };
  double cx = 1.5 * CELL, cy = 0.5 * CELL;

  forced[1] = 1;
  hint.forced = forced;
  for (int dark = 0; dark <= 1; dark++)
    for (int k = 0; k < FLOW_MAX_COLOURS; k++)
      {
        HbRenderOptions opt = { .dark = dark, .mode = HB_MODE_PLAY, .hover_x = -1,
                                .hover_y = -1, .show_hints = TRUE, .hint = &hint,
                                .hint_flags = HB_HINT_COLOUR_LABELS };
        cairo_surface_t *surf;
        double on;

        s->names[0] = flow_default_names[k];
        surf = render (s, &opt, CELL);
        /* The letter round the centre, against the diamond below it. */
        on = label_contrast (surf, cx, cy, 0.12 * CELL, (int) cx, (int) (cy + 0.2 * CELL));
        if (on < HB_DRAW_TEXT_CONTRAST)
          g_error ("colour '%c' (%s style): its character is %.2f:1 on a forced cell",
                   flow_default_names[k], dark ? "dark" : "light", on);
        cairo_surface_destroy (surf);
      }
  hb_state_free (&s->base);
}

/* WCAG 2 contrast of two colours 0xRRGGBB (written out here, not taken
 * from flow-render.c, whose use of it is under test). */
static double
wcag_contrast (guint32 a, guint32 b)
{
  double l[2] = { 0, 0 };
  guint32 c[2] = { a, b };

  for (int n = 0; n < 2; n++)
    for (int k = 0; k < 3; k++)
      {
        double v = ((c[n] >> (8 * k)) & 0xff) / 255.0;
        v = v <= 0.04045 ? v / 12.92 : pow ((v + 0.055) / 1.055, 2.4);
        l[n] += (k == 0 ? 0.0722 : k == 1 ? 0.7152 : 0.2126) * v;
      }
  return (MAX (l[0], l[1]) + 0.05) / (MIN (l[0], l[1]) + 0.05);
}

/* Pixels from (x, y) stepping by (dx, dy), n of them, that stand at least
 * 3:1 (WCAG's non-text contrast) from both `bg` and `tint`. */
static int
visible_run (cairo_surface_t *surf, int x, int y, int dx, int dy, int n, guint32 bg,
             guint32 tint)
{
  int k = 0;

  for (int i = 0; i < n; i++)
    {
      guint32 p = pixel (surf, x + i * dx, y + i * dy);
      k += wcag_contrast (p, bg) >= 3 && wcag_contrast (p, tint) >= 3;
    }
  return k;
}

/* Every colour's dots and paths stand out from the board in both styles:
 * a colour of less than 3:1 against it (maroon, purple, dark blue on the
 * dark board; white, yellow, cyan on the light one) is ringed by a halo
 * at least two pixels wide that has 3:1 (maroon and dark blue had a faint
 * edge a pixel wide on the dark board, hard to see: review). */
static void
test_low_contrast_halo (void)
{
  FlowState *s = known_board ();
  int c = CELL / 2, ringed = 0;

  for (int dark = 1; dark >= 0; dark--)
    for (int k = 0; k < FLOW_MAX_COLOURS; k++)
      {
        HbRenderOptions opt = { .dark = dark, .mode = HB_MODE_PLAY, .hover_x = -1,
                                .hover_y = -1 };
        guint32 bg = dark ? 0x161616 : 0xfbfbfa, colour, tint;
        cairo_surface_t *surf;
        int dot, path;

        s->names[0] = flow_default_names[k];
        colour = flow_colour_rgb (s, 0, dark);
        surf = render (s, &opt, CELL);
        /* The path cell's corner: the board tinted by the colour, which
         * a halo stands out from too. */
        tint = wcag_contrast (colour, bg) < 3 ? pixel (surf, CELL + 3, 3) : bg;
        /* Left from the first dot's centre, and down from the path's
         * centre line in the middle cell, to the cell's side. */
        dot = visible_run (surf, c, c, -1, 0, c - 1, bg, tint);
        path = visible_run (surf, CELL + c, c, 0, 1, c - 1, bg, tint);
        if (wcag_contrast (colour, bg) < 3)
          ringed++;
        if (dot < 2 || path < 2)
          g_error ("%s style: colour %c (#%06x, %.2f:1 on the board) shows %d px round its "
                   "dot and %d beside its path at 3:1", dark ? "dark" : "light",
                   flow_default_names[k], colour, wcag_contrast (colour, bg), dot, path);
        cairo_surface_destroy (surf);
      }
  /* The dark style's maroon, purple and dark blue at least. */
  g_assert_cmpint (ringed, >=, 3);
  hb_state_free (&s->base);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flow/render/light", test_light);
  g_test_add_func ("/flow/render/palette-dots", test_palette_dots);
  g_test_add_func ("/flow/render/dark", test_dark);
  g_test_add_func ("/flow/render/hint-overlay", test_hint_overlay);
  g_test_add_func ("/flow/render/hint-dashes", test_hint_dashes);
  g_test_add_func ("/flow/render/tiny", test_tiny);
  g_test_add_func ("/flow/render/colour-blind", test_colour_blind);
  g_test_add_func ("/flow/render/colour-labels", test_colour_labels);
  g_test_add_func ("/flow/render/label-contrast", test_label_contrast);
  g_test_add_func ("/flow/render/forced-label-contrast", test_forced_label_contrast);
  g_test_add_func ("/flow/render/many-colours", test_many_colours);
  g_test_add_func ("/flow/render/frame-and-palette", test_frame_and_palette);
  g_test_add_func ("/flow/render/outline-on-own-colour", test_outline_on_own_colour);
  g_test_add_func ("/flow/render/large", test_large);
  g_test_add_func ("/flow/render/known", test_known);
  g_test_add_func ("/flow/render/white-tint", test_white_tint);
  g_test_add_func ("/flow/render/low-contrast-halo", test_low_contrast_halo);
  return g_test_run ();
}
