/* hb-draw: the one-colour-per-cell image that games draw huge boards with,
 * and the small helpers beside it. */
#include "hb-draw.h"
#include "hb-test-util.h"

#include <math.h>

#define GREY 0x808080u

static cairo_surface_t *
grey_surface (int w, int h, cairo_t **cr)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);

  *cr = cairo_create (s);
  cairo_set_source_rgb (*cr, GREY / 65536 / 255.0, GREY / 65536 / 255.0,
                        GREY / 65536 / 255.0);
  cairo_paint (*cr);
  return s;
}

static guint32
pixel (cairo_surface_t *s, int x, int y)
{
  cairo_surface_flush (s);
  return ((guint32 *) (gpointer) (cairo_image_surface_get_data (s)
                                  + y * cairo_image_surface_get_stride (s)))[x] & 0xffffff;
}

static gboolean
near (guint32 a, guint32 b, int tol)
{
  for (int shift = 0; shift < 24; shift += 8)
    if (abs ((int) (a >> shift & 255) - (int) (b >> shift & 255)) > tol)
      return FALSE;
  return TRUE;
}

/* A distinct colour per cell, counting calls. */
typedef struct {
  int    width;
  guint  calls;
  guint8 alpha;
} Cells;

static guint32
cell_colour (gsize i, int x, int y, gpointer data)
{
  Cells *c = data;

  c->calls++;
  g_assert_cmpuint (i, ==, (gsize) y * c->width + x);
  return (guint32) c->alpha << 24 | (guint32) (i % c->width) * 40 << 16
         | (guint32) (i / c->width) * 60 << 8 | 0x20;
}

static void
test_cells_in_place (void)
{
  cairo_t *cr;
  cairo_surface_t *s = grey_surface (60, 50, &cr);
  HbLayout l = { .width = 4, .height = 3, .x0 = 7, .y0 = 9, .cell = 10 };
  Cells c = { .width = 4, .alpha = 255 };

  hb_draw_cell_image (cr, &l, 4, 3, cell_colour, &c);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpuint (c.calls, ==, 12);
  for (int y = 0; y < 50; y++)
    for (int x = 0; x < 60; x++)
      {
        int cx = (x - 7) / 10, cy = (y - 9) / 10;
        gboolean in = x >= 7 && y >= 9 && cx < 4 && cy < 3;
        guint32 want = in ? cell_colour ((gsize) cy * 4 + cx, cx, cy, &c) & 0xffffff : GREY;
        /* Every pixel of a cell is its colour, edges sharp; nothing
         * outside the board changes. */
        g_assert_cmphex (pixel (s, x, y), ==, want);
      }
  cairo_destroy (cr);
  cairo_surface_destroy (s);
}

/* Only the cells the clip touches are asked for, and only they drawn. */
static void
test_clip (void)
{
  cairo_t *cr;
  cairo_surface_t *s = grey_surface (100, 100, &cr);
  HbLayout l = { .width = 1000, .height = 800, .x0 = -50, .y0 = 0, .cell = 2 };
  Cells c = { .width = 1000, .alpha = 255 };
  int x0, y0, x1, y1;

  cairo_rectangle (cr, 10, 20, 30, 40);
  cairo_clip (cr);
  hb_draw_visible_cells (cr, &l, 1000, 800, 0, &x0, &y0, &x1, &y1);
  g_assert_cmpint (x0, ==, 30);
  g_assert_cmpint (x1, ==, 45);
  g_assert_cmpint (y0, ==, 10);
  g_assert_cmpint (y1, ==, 30);
  hb_draw_visible_cells (cr, &l, 1000, 800, 1, &x0, &y0, &x1, &y1);
  g_assert_cmpint (x0, ==, 29);
  g_assert_cmpint (y1, ==, 31);
  hb_draw_cell_image (cr, &l, 1000, 800, cell_colour, &c);
  g_assert_cmpuint (c.calls, ==, 15 * 20);
  cairo_reset_clip (cr);
  g_assert_cmphex (pixel (s, 9, 30), ==, GREY);
  g_assert_cmphex (pixel (s, 40, 30), ==, GREY);
  g_assert_cmphex (pixel (s, 20, 19), ==, GREY);
  g_assert_cmphex (pixel (s, 20, 60), ==, GREY);
  /* Pixel (21, 31) is in cell ((21 + 50) / 2, 31 / 2) = (35, 15). */
  g_assert_cmphex (pixel (s, 21, 31), ==, cell_colour (15 * 1000 + 35, 35, 15, &c) & 0xffffff);

  /* A clip that misses the board asks for nothing. */
  c.calls = 0;
  cairo_rectangle (cr, 0, 0, 5, 5);
  cairo_clip (cr);
  l.x0 = 10;
  hb_draw_cell_image (cr, &l, 1000, 800, cell_colour, &c);
  g_assert_cmpuint (c.calls, ==, 0);
  hb_draw_visible_cells (cr, &l, 1000, 800, 0, &x0, &y0, &x1, &y1);
  g_assert_cmpint (x0, ==, x1);
  cairo_destroy (cr);
  cairo_surface_destroy (s);
}

/* Alpha 0 leaves the background, other alphas blend over it. */
static guint32
half_or_clear (gsize i, int x, int y, gpointer data)
{
  return i == 0 ? 0x00ff0000 : 0x80ffffff;
}

static void
test_alpha (void)
{
  cairo_t *cr;
  cairo_surface_t *s = grey_surface (20, 10, &cr);
  HbLayout l = { .width = 2, .height = 1, .x0 = 0, .y0 = 0, .cell = 10 };

  hb_draw_cell_image (cr, &l, 2, 1, half_or_clear, NULL);
  g_assert_cmphex (pixel (s, 5, 5), ==, GREY);
  g_assert_true (near (pixel (s, 15, 5), 0xc0c0c0, 2));
  cairo_destroy (cr);
  cairo_surface_destroy (s);
}

/* Cells smaller than a pixel average into it. */
static guint32
checker (gsize i, int x, int y, gpointer data)
{
  return ((x + y) & 1) ? 0xffffffff : 0xff000000;
}

static void
test_sub_pixel (void)
{
  cairo_t *cr;
  cairo_surface_t *s = grey_surface (40, 40, &cr);
  HbLayout l = { .width = 40, .height = 40, .x0 = 10, .y0 = 10, .cell = 0.5 };

  hb_draw_cell_image (cr, &l, 40, 40, checker, GINT_TO_POINTER (40));
  g_assert_cmphex (pixel (s, 5, 5), ==, GREY);
  g_assert_cmphex (pixel (s, 30, 30), ==, GREY);
  g_assert_true (near (pixel (s, 15, 15), 0x808080, 12));
  g_assert_true (near (pixel (s, 20, 25), 0x808080, 12));
  cairo_destroy (cr);
  cairo_surface_destroy (s);
}

static guint32
red_blue_columns (gsize i, int x, int y, gpointer data)
{
  return (x & 1) ? 0xffff0000 : 0xff0000ff;
}

/* Under half a pixel a cell the cells are averaged in blocks before cairo
 * shrinks them (hb_draw_cell_image's shrink_by): the colours mix, and the
 * board keeps its extent to the pixel. */
static void
test_shrunk (void)
{
  static const double cells[] = { 0.25, 0.3, 0.12 };

  for (gsize k = 0; k < G_N_ELEMENTS (cells); k++)
    {
      cairo_t *cr;
      cairo_surface_t *s = grey_surface (80, 60, &cr);
      HbLayout l = { .width = 120, .height = 80, .x0 = 10, .y0 = 10, .cell = cells[k] };
      int right = 10 + (int) (120 * cells[k]), bottom = 10 + (int) (80 * cells[k]);

      hb_draw_cell_image (cr, &l, 120, 80, red_blue_columns, NULL);
      g_assert_cmphex (pixel (s, 8, 8), ==, GREY);
      g_assert_cmphex (pixel (s, right + 1, 12), ==, GREY);
      g_assert_cmphex (pixel (s, 12, bottom + 1), ==, GREY);
      /* Odd blocks of one-cell stripes leave some of the stripes (3 cells:
       * two red and a blue, then the other way round). */
      g_assert_true (near (pixel (s, 12, 12), 0x800080, 40));
      g_assert_true (near (pixel (s, right - 2, bottom - 2), 0x800080, 40));
      cairo_destroy (cr);
      cairo_surface_destroy (s);
    }
}

static guint32
scattered (gsize i, int x, int y, gpointer data)
{
  guint32 h = (guint32) i * 2654435761u;

  return 0xff000000u | (h >> 8 & 0xffffff);
}

/* Tiny cells drawn again within a small clip (the app's board view redraws
 * round the pointer over the board it drew whole) give the pixels the
 * whole board has there: the blocks averaged and the filter's reach do
 * not depend on where the clip begins. They did: a 21-pixel square drawn
 * again differed by up to 65 in a channel. */
static void
test_clip_same_pixels (void)
{
  /* (Cells of 2.43 and 3.7 px: cairo's nearest filter put a cell's edge
   * a pixel off where the clip began elsewhere; each pixel's cell is now
   * worked out from the layout alone.) */
  static const double cells[] = { 0.42, 0.3, 0.7, 0.13, 1.5, 2.43, 3.7, 1.07 };

  for (gsize k = 0; k < G_N_ELEMENTS (cells); k++)
    for (int at = 0; at < 5; at++)
      {
        cairo_t *whole_cr, *part_cr;
        cairo_surface_t *whole = grey_surface (420, 300, &whole_cr);
        cairo_surface_t *part = grey_surface (420, 300, &part_cr);
        HbLayout l = { .width = 1000, .height = 700, .x0 = 7.3, .y0 = 5.6, .cell = cells[k] };
        int cx = 23 + at * 67, cy = 17 + at * 51, most = 0;

        hb_draw_cell_image (whole_cr, &l, 1000, 700, scattered, NULL);
        cairo_rectangle (part_cr, cx, cy, 21, 21);
        cairo_clip (part_cr);
        hb_draw_cell_image (part_cr, &l, 1000, 700, scattered, NULL);
        for (int y = cy; y < cy + 21; y++)
          for (int x = cx; x < cx + 21; x++)
            for (int shift = 0; shift < 24; shift += 8)
              most = MAX (most, abs ((int) (pixel (whole, x, y) >> shift & 255)
                                     - (int) (pixel (part, x, y) >> shift & 255)));
        if (most > 1)
          g_error ("cells of %g px, clip at (%d, %d): differ by %d", cells[k], cx, cy, most);
        cairo_destroy (whole_cr);
        cairo_destroy (part_cr);
        cairo_surface_destroy (whole);
        cairo_surface_destroy (part);
      }
}

static void
test_colours (void)
{
  g_assert_cmphex (HB_DRAW_OPAQUE (0x123456), ==, 0xff123456);
  g_assert_cmphex (hb_draw_pack_rgba (1, 0.5, 0, 1), ==, 0xffff8000);
  g_assert_cmphex (hb_draw_pack_rgba (2, -1, 0, 0), ==, 0x00ff0000);
  g_assert_cmphex (hb_draw_mix (0xff000000, 0xffffffff, 0.5), ==, 0xff808080);
  g_assert_cmphex (hb_draw_mix (0x00102030, 0xff405060, 0), ==, 0x00102030);
  g_assert_cmphex (hb_draw_mix (0x00102030, 0xff405060, 1), ==, 0xff405060);
}

/* The ring round one cell is at least min_radius across. */
static void
test_ring (void)
{
  cairo_t *cr;
  cairo_surface_t *s = grey_surface (40, 40, &cr);
  HbLayout l = { .width = 40, .height = 40, .x0 = 0, .y0 = 0, .cell = 1 };
  double x0, y0, x1, y1;

  hb_draw_cell_ring (cr, &l, 20, 20, 5);
  cairo_path_extents (cr, &x0, &y0, &x1, &y1);
  g_assert_cmpfloat (fabs (x0 - 15.5), <, 0.01);
  g_assert_cmpfloat (fabs (x1 - 25.5), <, 0.01);
  g_assert_cmpfloat (fabs (y1 - 25.5), <, 0.01);
  cairo_destroy (cr);
  cairo_surface_destroy (s);
}

/* WCAG 2's luminance and contrast, and a label's colour: at least 4.5:1
 * blended over every colour of a 17-step cube, as soft as asked where
 * that is enough. */
static void
test_label_colour (void)
{
  const double black[3] = { 0, 0, 0 }, white[3] = { 1, 1, 1 }, grey[3] = { 0.5, 0.5, 0.5 };
  double rgba[4];

  g_assert_cmpfloat_with_epsilon (hb_draw_luminance (white), 1, 1e-9);
  g_assert_cmpfloat_with_epsilon (hb_draw_luminance (black), 0, 1e-9);
  g_assert_cmpfloat_with_epsilon (hb_draw_contrast (black, white), 21, 1e-9);
  g_assert_cmpfloat_with_epsilon (hb_draw_contrast (grey, white), hb_draw_contrast (white, grey), 1e-9);
  /* #777 on white is WCAG's own example of about 4.48:1. */
  g_assert_cmpfloat_with_epsilon (hb_draw_contrast ((double[]) { 0x77 / 255.0, 0x77 / 255.0, 0x77 / 255.0 },
                                                    white), 4.48, 0.01);
  /* Black text on white may be soft; on black, white text. */
  hb_draw_label_colour (white, 0.7, rgba);
  g_assert_cmpfloat (rgba[0], ==, 0);
  g_assert_cmpfloat_with_epsilon (rgba[3], 0.7, 1e-9);
  hb_draw_label_colour (black, 1, rgba);
  g_assert_cmpfloat (rgba[0], ==, 1);
  g_assert_cmpfloat (rgba[3], ==, 1);
  for (int r = 0; r <= 16; r++)
    for (int g = 0; g <= 16; g++)
      for (int b = 0; b <= 16; b++)
        for (int soft = 0; soft <= 1; soft++)
          {
            double bg[3] = { r / 16.0, g / 16.0, b / 16.0 }, mixed[3];

            hb_draw_label_colour (bg, soft ? 0.6 : 1, rgba);
            g_assert_true (rgba[0] == rgba[1] && rgba[1] == rgba[2]);
            g_assert_true (rgba[0] == 0 || rgba[0] == 1);
            for (int k = 0; k < 3; k++)
              mixed[k] = rgba[k] * rgba[3] + bg[k] * (1 - rgba[3]);
            if (hb_draw_contrast (mixed, bg) < HB_DRAW_TEXT_CONTRAST)
              g_error ("label on (%.2f %.2f %.2f): %.2f:1", bg[0], bg[1], bg[2],
                       hb_draw_contrast (mixed, bg));
          }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/draw/cell-image/in-place", test_cells_in_place);
  g_test_add_func ("/core/draw/cell-image/clip", test_clip);
  g_test_add_func ("/core/draw/cell-image/alpha", test_alpha);
  g_test_add_func ("/core/draw/cell-image/sub-pixel", test_sub_pixel);
  g_test_add_func ("/core/draw/cell-image/shrunk", test_shrunk);
  g_test_add_func ("/core/draw/cell-image/clip-same-pixels", test_clip_same_pixels);
  g_test_add_func ("/core/draw/colours", test_colours);
  g_test_add_func ("/core/draw/ring", test_ring);
  g_test_add_func ("/core/draw/label-colour", test_label_colour);
  return g_test_run ();
}
