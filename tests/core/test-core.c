/* Core pieces with no game: errors, the line reader, layout and hit
 * testing, the RNG, the trace's caps and undo/redo bookkeeping. */
#include "hb-game.h"
#include "hb-anim.h"
#include "hb-heap.h"
#include "hb-history.h"
#include "hb-test-util.h"

#include <stdlib.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

static void
test_parse_error_format (void)
{
  g_autoptr(GError) error = NULL;

  hb_set_parse_error (&error, HB_PARSE_ERROR_SYNTAX, 3, 7, "unknown character '%c'", 'x');
  g_assert_error (error, HB_PARSE_ERROR, HB_PARSE_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==, "3:7: unknown character 'x'");
}

static void
test_line_reader (void)
{
  const char *text = "ab\r\n\ncd";
  HbLineReader r;
  const char *line;
  gsize len;

  hb_line_reader_init (&r, text, strlen (text));
  g_assert_true (hb_line_reader_next (&r, &line, &len));
  g_assert_cmpint (len, ==, 2);
  g_assert_cmpint (r.line, ==, 1);
  g_assert_true (hb_line_reader_next (&r, &line, &len));
  g_assert_cmpint (len, ==, 0);
  g_assert_true (hb_line_reader_next (&r, &line, &len));
  g_assert_cmpint (len, ==, 2);
  g_assert_true (strncmp (line, "cd", 2) == 0);
  g_assert_cmpint (r.line, ==, 3);
  g_assert_false (hb_line_reader_next (&r, &line, &len));
}

static void
test_check_text (void)
{
  g_autoptr(GError) error = NULL;
  const char bad[] = "01\n0\xff";

  g_assert_true (hb_check_text ("01\n10\n", 6, NULL));
  g_assert_false (hb_check_text (bad, sizeof bad - 1, &error));
  g_assert_cmpstr (error->message, ==, "2:2: the text is not valid UTF-8");
  g_clear_error (&error);
  g_assert_false (hb_check_text ("0\0" "1", 3, &error));
  g_assert_nonnull (strstr (error->message, "NUL"));

  /* A NUL, a stray byte, a whole "é" and a 0x01 byte (the ASCII check
   * takes words and blocks of words) at every place of a longer text:
   * the same verdict as GLib's. */
  for (int k = 0; k < 4; k++)
    for (gsize at = 0; at < 150; at++)
      {
        static const char *const insert[] = { "\0", "\x80", "\xc3\xa9", "\x01" };
        char text[160];
        gsize ilen = k == 2 ? 2 : 1;

        memset (text, 'a', sizeof text);
        memcpy (text + at, insert[k], ilen);
        g_assert_cmpint (hb_check_text (text, sizeof text, NULL), ==,
                         g_utf8_validate_len (text, sizeof text, NULL));
      }
}

static void
test_board_size (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (hb_check_board_size (1, 1, 1, 1, NULL));
  g_assert_true (hb_check_board_size (HB_MAX_SIDE, HB_MAX_SIDE, 1, 1, NULL));
  g_assert_false (hb_check_board_size (0, 0, 1, 1, &error));
  g_assert_nonnull (strstr (error->message, "empty"));
  g_clear_error (&error);
  g_assert_false (hb_check_board_size (100000, 100000, 2, 3, &error));
  g_assert_cmpstr (error->message, ==,
                   "2:3: the board is too large (100000×100000); the most is 4096×4096");
}

static void
test_layout_hit (void)
{
  HbLayout l;
  HbHit hit;

  hb_layout_fit (&l, 10, 5, 420, 320, 10);
  g_assert_cmpfloat (l.cell, ==, 40);
  g_assert_cmpfloat (l.x0, ==, 10);
  g_assert_cmpfloat (l.y0, ==, 60);
  hb_layout_hit (&l, 10 + 3 * 40 + 5, 60 + 2 * 40 + 30, &hit);
  g_assert_true (hit.inside);
  g_assert_cmpint (hit.x, ==, 3);
  g_assert_cmpint (hit.y, ==, 2);
  g_assert_cmpfloat_with_epsilon (hit.fx, 0.125, 1e-9);
  g_assert_cmpfloat_with_epsilon (hit.fy, 0.75, 1e-9);
  hb_layout_hit (&l, 5, 5, &hit);
  g_assert_false (hit.inside);
  g_assert_cmpint (hit.x, ==, 0);
  g_assert_cmpint (hit.y, ==, 0);

  /* A board with more cells than the area has pixels is still shown
   * whole, its cells under a pixel, and a click finds the cell under it. */
  hb_layout_fit (&l, 1000, 1000, 520, 420, 10);
  g_assert_cmpfloat_with_epsilon (l.cell, 0.4, 1e-9);
  g_assert_cmpfloat (l.x0, >=, 10);
  g_assert_cmpfloat (l.y0, >=, 10);
  g_assert_cmpfloat (l.x0 + 1000 * l.cell, <=, 510);
  g_assert_cmpfloat (l.y0 + 1000 * l.cell, <=, 410);
  hb_layout_hit (&l, l.x0 + 999.5 * l.cell, l.y0 + 0.5 * l.cell, &hit);
  g_assert_true (hit.inside);
  g_assert_cmpint (hit.x, ==, 999);
  g_assert_cmpint (hit.y, ==, 0);
  /* No room at all (a widget not yet laid out): a cell of 1, never 0 or
   * less, which a hit would divide by. */
  hb_layout_fit (&l, 10, 10, 0, 0, 10);
  g_assert_cmpfloat (l.cell, ==, 1);
}

/* A resize's cells, moved by (dx, dy): what lands inside is copied,
 * what falls outside is cut, the rest of the new grid left as it was. */
static void
test_move_bytes (void)
{
  static const guint8 src[6] = { 1, 2, 3,
                                 4, 5, 6 };
  guint8 dst[12];
  static const guint8 down_right[12] = { 9, 9, 9, 9,
                                         9, 1, 2, 3,
                                         9, 4, 5, 6 };
  static const guint8 up_left[12] = { 5, 6, 9, 9,
                                      9, 9, 9, 9,
                                      9, 9, 9, 9 };

  memset (dst, 9, sizeof dst);
  hb_grid_move_bytes (dst, 4, 3, src, 3, 2, 1, 1);
  g_assert_cmpmem (dst, sizeof dst, down_right, sizeof down_right);
  memset (dst, 9, sizeof dst);
  hb_grid_move_bytes (dst, 4, 3, src, 3, 2, -1, -1);
  g_assert_cmpmem (dst, sizeof dst, up_left, sizeof up_left);
  /* Moved right off the grid: nothing lands. */
  memset (dst, 9, sizeof dst);
  hb_grid_move_bytes (dst, 4, 3, src, 3, 2, 4, 0);
  for (guint i = 0; i < sizeof dst; i++)
    g_assert_cmpint (dst[i], ==, 9);
  /* Nor below it. */
  hb_grid_move_bytes (dst, 4, 3, src, 3, 2, 0, 3);
  for (guint i = 0; i < sizeof dst; i++)
    g_assert_cmpint (dst[i], ==, 9);
}

/* hb_count_ones against a plain sum: every length up to 2,100 (a lane's
 * 255 words and the tail), random boards and all ones. */
static void
test_count_ones (void)
{
  enum { N = 8 * 255 * 2 + 61 };
  guint8 *p = g_malloc (N);
  HbRng rng;

  hb_rng_init (&rng, 7);
  for (int pass = 0; pass < 3; pass++)
    {
      for (gsize i = 0; i < N; i++)
        p[i] = pass == 0 ? 1 : pass == 1 ? (guint8) hb_rng_below (&rng, 2) : (i % 3 == 0);
      for (gsize n = 0; n <= N; n += n < 40 ? 1 : 37)
        {
          guint64 want = 0;
          for (gsize i = 0; i < n; i++)
            want += p[i];
          g_assert_cmpuint (hb_count_ones (p, n), ==, want);
          /* From an odd address too. */
          if (n > 0)
            g_assert_cmpuint (hb_count_ones (p + 1, n - 1), ==, want - p[0]);
        }
      {
        guint64 want = 0;
        for (gsize i = 0; i < N; i++)
          want += p[i];
        g_assert_cmpuint (hb_count_ones (p, N), ==, want);
      }
    }
  g_free (p);
}

static void
test_rng (void)
{
  HbRng a, b;
  guint counts[6] = { 0 };

  hb_rng_init (&a, 42);
  hb_rng_init (&b, 42);
  for (int i = 0; i < 100; i++)
    g_assert_cmpuint (hb_rng_next (&a), ==, hb_rng_next (&b));
  /* The sequence is fixed forever: generated levels depend on it. */
  hb_rng_init (&a, 1);
  g_assert_cmpuint (hb_rng_next (&a), ==, G_GUINT64_CONSTANT (0xb3f2af6d0fc710c5));
  for (int i = 0; i < 60000; i++)
    counts[hb_rng_below (&a, 6)]++;
  for (int i = 0; i < 6; i++)
    g_assert_cmpuint (counts[i], >, 9000);
  g_assert_cmpuint (hb_rng_below (&a, 1), ==, 0);
}

/* A solver that ran two searches keeps the steps of the one that
 * answered: hb_trace_take_steps moves steps, blobs and the dropped count,
 * and leaves the source empty and recording. */
static void
test_trace_take_steps (void)
{
  HbTrace *a = hb_trace_new (5, 16), *b;
  const char blob[4] = "abc";
  HbStep s = { .kind = HB_STEP_GENERATION, .x = -1, .y = -1 };
  gsize len;

  g_assert_true (hb_trace_add (a, HB_STEP_TRY, 9, 9, 1, 0, 1));
  b = hb_trace_new_like (a);
  for (int i = 0; i < 5; i++)
    g_assert_true (hb_trace_add (b, HB_STEP_TRY, i, 0, 1, i, i));
  g_assert_false (hb_trace_push (b, &s, blob, 4));   /* b's cap: 5 steps */
  hb_trace_take_steps (a, b);
  g_assert_cmpuint (hb_trace_length (a), ==, 5);
  g_assert_cmpint (hb_trace_step (a, 4)->x, ==, 4);
  g_assert_cmpuint (hb_trace_dropped (a), ==, 1);
  g_assert_true (hb_trace_truncated (a));
  g_assert_cmpuint (hb_trace_length (b), ==, 0);
  g_assert_false (hb_trace_truncated (b));
  g_assert_true (hb_trace_wants (b));
  /* Blobs travel with their steps. */
  hb_trace_free (b);
  b = hb_trace_new (0, 0);
  g_assert_true (hb_trace_push (b, &s, blob, 4));
  hb_trace_take_steps (a, b);
  g_assert_cmpuint (hb_trace_length (a), ==, 1);
  g_assert_cmpmem (hb_trace_blob (a, hb_trace_step (a, 0), &len), len, blob, 4);
  g_assert_true (hb_trace_wants (a));
  hb_trace_free (a);
  hb_trace_free (b);
}

static void
test_trace_cap (void)
{
  HbTrace *t = hb_trace_new (5, 16);
  const char blob[10] = "012345678";
  HbStep s = { .kind = HB_STEP_GENERATION, .x = -1, .y = -1 };
  gsize len;
  g_autofree char *progress = NULL;
  gint64 counter;

  g_assert_true (hb_trace_wants (t));
  for (int i = 0; i < 3; i++)
    g_assert_true (hb_trace_add (t, HB_STEP_TRY, i, 0, 1, i, i));
  g_assert_true (hb_trace_push (t, &s, blob, 10));
  g_assert_cmpmem (hb_trace_blob (t, hb_trace_step (t, 3), &len), len, blob, 10);
  /* The blob bytes cap: a second 10-byte blob does not fit in 16. */
  g_assert_false (hb_trace_push (t, &s, blob, 10));
  g_assert_true (hb_trace_truncated (t));
  /* Once cut, nothing more is recorded, so the prefix stays faithful. */
  g_assert_false (hb_trace_add (t, HB_STEP_TRY, 0, 0, 0, 0, 0));
  g_assert_cmpuint (hb_trace_length (t), ==, 4);
  g_assert_cmpuint (hb_trace_dropped (t), ==, 2);
  g_assert_false (hb_trace_wants (t));
  g_assert_null (hb_trace_step (t, 4));
  hb_trace_set_progress (t, 77, "half way");
  progress = hb_trace_get_progress (t, &counter);
  g_assert_cmpstr (progress, ==, "half way");
  g_assert_cmpint (counter, ==, 77);
  /* Every step pushed, even one the full trace drops, moves the live
   * counter the UI shows while a solver runs. */
  g_assert_false (hb_trace_add (t, HB_STEP_TRY, 0, 0, 0, 0, 12345));
  g_clear_pointer (&progress, g_free);
  progress = hb_trace_get_progress (t, &counter);
  g_assert_cmpint (counter, ==, 12345);
  hb_trace_set_counter_name (t, "nodes");
  {
    const char *first = hb_trace_get_counter_name (t);
    hb_trace_set_counter_name (t, "tries");
    /* A name read before stays valid after it is replaced. */
    g_assert_cmpstr (first, ==, "nodes");
    g_assert_cmpstr (hb_trace_get_counter_name (t), ==, "tries");
  }
  hb_trace_free (t);

  /* A NULL trace is valid and records nothing. */
  g_assert_false (hb_trace_wants (NULL));
  g_assert_false (hb_trace_add (NULL, HB_STEP_TRY, 0, 0, 0, 0, 0));
  g_assert_cmpuint (hb_trace_length (NULL), ==, 0);
}

static void
test_result (void)
{
  HbResult *r = hb_result_new (HB_STATUS_SOLVED);

  hb_result_add_move (r, 1, 2, 3, 4);
  hb_result_add_stat (r, "nodes", "%d", 12);
  hb_result_set_message (r, "fine %s", "indeed");
  g_assert_cmpuint (r->moves->len, ==, 1);
  g_assert_cmpint (g_array_index (r->moves, HbMove, 0).value, ==, 4);
  g_assert_cmpstr (hb_result_get_stat (r, "nodes"), ==, "12");
  g_assert_null (hb_result_get_stat (r, "missing"));
  g_assert_cmpstr (r->message, ==, "fine indeed");
  g_assert_cmpstr (hb_status_to_string (HB_STATUS_NO_SOLUTION), ==, "no solution");
  hb_result_free (r);
}

/* The animation writer's counts of frames take the noun's plural from their own
 * number: the messages had none ("the animation has 0 of its 1 frames"),
 * and Romanian tells 27 "de cadre" from 19 "cadre" (2001 ends in 01:
 * "cadre" too). Here rather than in test-anim: the test helpers pull in
 * gdk-pixbuf, which test-anim checks the encoder does without. */
static void
test_frame_plurals (void)
{
  static const struct {
    guint frames;
    const char *en, *ro;
  } finish[] = {
    { 1, "the animation has 0 of its 1 frame", "animația are 0 din 1 cadru" },
    { 27, "the animation has 0 of its 27 frames", "animația are 0 din cele 27 de cadre ale ei" },
    { 19, "the animation has 0 of its 19 frames", "animația are 0 din cele 19 cadre ale ei" },
  };
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();

  for (int ro = 0; ro < 2; ro++)
    {
      g_autoptr(GError) error = NULL;
      cairo_surface_t *a = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 4, 4);
      HbApngWriter *w;

      if (ro && !hb_test_romanian ())
        {
          cairo_surface_destroy (a);
          return;
        }
      for (gsize i = 0; i < G_N_ELEMENTS (finish); i++)
        {
          w = hb_apng_writer_new (out, finish[i].frames, &error);
          g_assert_no_error (error);
          g_assert_false (hb_apng_writer_finish (w, NULL, &error));
          g_assert_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_USAGE);
          g_assert_cmpstr (error->message, ==, ro ? finish[i].ro : finish[i].en);
          g_clear_error (&error);
          hb_apng_writer_free (w);
        }
      /* A frame past the one it was made for. */
      w = hb_apng_writer_new (out, 1, &error);
      g_assert_true (hb_apng_writer_add_frame (w, a, 0, 0, 100, NULL, &error));
      g_assert_false (hb_apng_writer_add_frame (w, a, 0, 0, 100, NULL, &error));
      g_assert_cmpstr (error->message, ==, ro ? "animația are deja 1 cadru, cât i s-a cerut"
                                              : "the animation already has its 1 frame");
      g_clear_error (&error);
      hb_apng_writer_free (w);
      /* Too long: 2027 takes "de", 2001 not. */
      g_assert_null (hb_apng_writer_new (out, 2027, &error));
      g_assert_cmpstr (error->message, ==, ro ? "o animație de 2027 de cadre este prea lungă; "
                                                "cel mult 2000"
                                              : "an animation of 2027 frames is too long; the "
                                                "most is 2000");
      g_clear_error (&error);
      g_assert_null (hb_apng_writer_new (out, 2001, &error));
      g_assert_cmpstr (error->message, ==, ro ? "o animație de 2001 cadre este prea lungă; "
                                                "cel mult 2000"
                                              : "an animation of 2001 frames is too long; the "
                                                "most is 2000");
      g_clear_error (&error);
      cairo_surface_destroy (a);
    }
  hb_test_romanian_end ();
}

/* hb_heap_keep_freed: three 16 MB arrays written and freed (a 4096x4096
 * Flow Free board's copy) stay with the program, for the next copy to
 * write without a page fault. glibc's defaults gave each its own mapping
 * and handed it back. In a child, whose heap no other test has moved. */
static void
test_heap_keep_freed (void)
{
#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
  if (g_test_subprocess ())
    {
      gsize size = 16 * 1024 * 1024;
      guint8 *a[3];

      g_assert_true (hb_heap_keep_freed ());
      for (int k = 0; k < 3; k++)
        {
          a[k] = g_malloc (size);
          memset (a[k], k + 1, size);
        }
      for (int k = 0; k < 3; k++)
        g_free (a[k]);
      g_assert_cmpuint (mallinfo2 ().fordblks, >=, 3 * size);
      return;
    }
  if (g_getenv ("GLIBC_TUNABLES") != NULL)
    {
      g_test_skip ("GLIBC_TUNABLES is set: glibc's own settings are kept");
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
#else
  g_test_skip ("glibc's own allocator only");
#endif
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/error/format", test_parse_error_format);
  g_test_add_func ("/core/grid/line-reader", test_line_reader);
  g_test_add_func ("/core/grid/check-text", test_check_text);
  g_test_add_func ("/core/grid/board-size", test_board_size);
  g_test_add_func ("/core/grid/layout-hit", test_layout_hit);
  g_test_add_func ("/core/grid/rng", test_rng);
  g_test_add_func ("/core/grid/move-bytes", test_move_bytes);
  g_test_add_func ("/core/grid/count-ones", test_count_ones);
  g_test_add_func ("/core/trace/cap", test_trace_cap);
  g_test_add_func ("/core/trace/take-steps", test_trace_take_steps);
  g_test_add_func ("/core/result", test_result);
  g_test_add_func ("/core/heap/keep-freed", test_heap_keep_freed);
  g_test_add_func ("/core/anim/frame-plurals", test_frame_plurals);
  return g_test_run ();
}
