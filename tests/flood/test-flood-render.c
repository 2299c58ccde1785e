/* Flood-It drawing: a board, its hint overlay, the palette and a trace frame
 * rendered on cairo image surfaces, with pixels checked. */
#include "flood.h"
#include "hb-test-util.h"
#include "hb-player.h"

#include <math.h>

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
        /* Cells away from the captured ones and from the badge (bottom
         * right) are untouched. */
        if (near || (y == hh - 1 && x >= w - 3))
          continue;
        g_assert_false (pixel_differs (a, b, cx + 0.5 * l.cell, cy + 0.25 * l.cell));
        checked++;
      }
  g_assert_cmpint (outlined, >, 0);
  g_assert_cmpint (checked, >, 3);
  /* The badge: the bottom-right corner changes. */
  g_assert_true (pixel_differs (a, b, l.x0 + w * l.cell - 12, l.y0 + hh * l.cell - 12));
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
    }
  cairo_surface_destroy (surf);
  hb_state_free (s);
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
  hb_player_free (player);
  hb_result_free (r);
  hb_trace_free (trace);
  hb_state_free (s);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flood/render/board", test_board);
  g_test_add_func ("/flood/render/hint-overlay", test_hint_overlay);
  g_test_add_func ("/flood/render/palette", test_palette);
  g_test_add_func ("/flood/render/frames", test_frames);
  return g_test_run ();
}
