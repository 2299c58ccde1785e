/* test-player.c: the player's answer position (End shows the board with
 * the answer applied, drawn as the game draws a board, its counter the
 * game's status), where a cut run stopped, and the marks and jumps of the scrubber (solutions, long
 * retreats, decisions) on a trace made by hand, so every expected position
 * is known. */
#include <string.h>

#include "hb-test-util.h"
#include "hb-player.h"
#include "lights.h"

/* Fifteen steps: a search that goes four levels deep, retreats to level 1
 * (three levels: a long retreat), goes on, finds a solution, and ends with
 * a bound and one more try. Position p shows the board after step p - 1. */
static const struct { HbStepKind kind; int x, depth; } steps[] = {
  { HB_STEP_TRY, 0, 1 },        /* position 1: a decision */
  { HB_STEP_PLACE, 0, 1 },      /* 2 */
  { HB_STEP_TRY, 1, 2 },        /* 3: a decision */
  { HB_STEP_PLACE, 1, 2 },      /* 4 */
  { HB_STEP_TRY, 2, 3 },        /* 5: a decision */
  { HB_STEP_FORCE, 3, 3 },      /* 6 */
  { HB_STEP_TRY, 0, 4 },        /* 7: a decision */
  { HB_STEP_REJECT, 0, 4 },     /* 8 */
  { HB_STEP_UNDO, 2, 3 },       /* 9 */
  { HB_STEP_UNDO, 1, 2 },       /* 10 */
  { HB_STEP_UNDO, 0, 1 },       /* 11: the retreat, 4 → 1, ends here */
  { HB_STEP_PLACE, 3, 2 },      /* 12: a decision */
  { HB_STEP_SOLUTION, -1, 0 },  /* 13: a solution */
  { HB_STEP_BOUND, -1, 0 },     /* 14: not a search step */
  { HB_STEP_TRY, 2, 2 },        /* 15: as deep as the step before, no decision */
};

static HbState *
press (const HbState *s, int x, int y)
{
  HbMove m = { LIGHTS_OP_PRESS, x, y, 0 };
  return lights_game.apply (s, &m);
}

static cairo_surface_t *
draw (const HbPlayer *p, const HbState *board)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 120, 100);
  cairo_t *cr = cairo_create (surface);
  HbRenderOptions o = { .hover_x = -1, .hover_y = -1 };
  HbLayout l;

  hb_layout_fit (&l, 4, 3, 120, 100, 4);
  if (p != NULL)
    hb_player_render (p, cr, &l, &o);
  else
    board->game->render (board, cr, &l, &o);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static gboolean
same_pixels (cairo_surface_t *a, cairo_surface_t *b)
{
  return memcmp (cairo_image_surface_get_data (a), cairo_image_surface_get_data (b),
                 (gsize) cairo_image_surface_get_stride (a) * 100) == 0;
}

static void
test_answer (void)
{
  HbState *initial = hb_test_parse (&lights_game, "0000\n0000\n0000\n");
  HbState *one = press (initial, 1, 1);
  HbState *answer = press (one, 3, 0);
  HbTrace *t = hb_trace_new (0, 0);
  gsize n = G_N_ELEMENTS (steps);
  cairo_surface_t *at_end, *expected, *last_frame;
  HbPlayer *p;
  char *status, *expected_status;

  for (gsize i = 0; i < n; i++)
    hb_trace_add (t, steps[i].kind, steps[i].x, 0, 1, steps[i].depth, i);
  p = hb_player_new (initial, t);
  g_assert_cmpuint (hb_player_length (p), ==, n);
  hb_player_seek (p, n);
  last_frame = draw (p, NULL);

  hb_player_set_answer (p, answer);
  g_assert_true (hb_player_get_answer (p) != answer);   /* a copy */
  g_assert_cmpuint (hb_player_position (p), ==, 0);
  g_assert_cmpuint (hb_player_length (p), ==, n + 1);
  hb_player_seek (p, G_MAXSIZE);
  g_assert_cmpuint (hb_player_position (p), ==, n + 1);
  g_assert_true (hb_player_at_answer (p));
  /* The answer is drawn as the game draws that board, not as the frame
   * the search ended on. */
  at_end = draw (p, NULL);
  expected = draw (NULL, answer);
  g_assert_true (same_pixels (at_end, expected));
  g_assert_false (same_pixels (at_end, last_frame));
  status = hb_player_frame_status (p);
  expected_status = lights_game.status_text (answer);
  g_assert_cmpstr (status, ==, expected_status);
  g_free (status);
  g_free (expected_status);
  {
    char *d = hb_player_describe (p);
    g_assert_cmpstr (d, ==, "");
    g_free (d);
  }

  /* One step back is the last frame again; so is the end without an
   * answer. */
  hb_player_seek (p, n);
  g_assert_false (hb_player_at_answer (p));
  g_assert_cmpuint (hb_player_position (p), ==, n);
  cairo_surface_destroy (at_end);
  at_end = draw (p, NULL);
  g_assert_true (same_pixels (at_end, last_frame));
  hb_player_seek (p, n + 1);
  hb_player_set_answer (p, NULL);
  g_assert_cmpuint (hb_player_length (p), ==, n);
  hb_player_seek (p, n + 1);
  g_assert_false (hb_player_at_answer (p));
  g_assert_cmpuint (hb_player_position (p), ==, n);

  cairo_surface_destroy (at_end);
  cairo_surface_destroy (expected);
  cairo_surface_destroy (last_frame);
  hb_player_free (p);
  hb_trace_free (t);
  hb_state_free (answer);
  hb_state_free (one);
  hb_state_free (initial);
}

/* A run cut short of its recording that stopped with no answer: the frame
 * where it stopped, kept by the trace, is one more position after the last
 * step, drawn and counted as that frame; an answer, when there is one,
 * takes the place instead. */
static void
test_stop_frame (void)
{
  HbState *initial = hb_test_parse (&lights_game, "0000\n0000\n0000\n");
  HbState *stopped = press (initial, 2, 2);
  HbState *answer = press (initial, 0, 0);
  HbTrace *t = hb_trace_new (4, 0);
  gsize n = G_N_ELEMENTS (steps);
  gpointer frame = lights_game.frame_new (stopped, NULL);
  cairo_surface_t *at_end, *expected = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 120, 100);
  cairo_t *cr = cairo_create (expected);
  HbRenderOptions o = { .hover_x = -1, .hover_y = -1 };
  HbLayout l;
  HbPlayer *p;
  char *status, *expected_status;

  for (gsize i = 0; i < n; i++)
    hb_trace_add (t, steps[i].kind, steps[i].x, 0, 1, steps[i].depth, i);
  g_assert_true (hb_trace_truncated (t));
  g_assert_null (hb_trace_get_stop_frame (t));
  hb_layout_fit (&l, 4, 3, 120, 100, 4);
  lights_game.frame_render (frame, cr, &l, &o, NULL);
  cairo_destroy (cr);
  cairo_surface_flush (expected);
  expected_status = lights_game.frame_status != NULL ? lights_game.frame_status (frame) : NULL;
  hb_trace_set_stop_frame (t, frame, lights_game.frame_free);
  g_assert_true (hb_trace_get_stop_frame (t) == frame);

  p = hb_player_new (initial, t);
  g_assert_cmpuint (hb_player_length (p), ==, 5);
  hb_player_seek (p, 4);
  g_assert_false (hb_player_at_stop (p));
  hb_player_seek (p, G_MAXSIZE);
  g_assert_cmpuint (hb_player_position (p), ==, 5);
  g_assert_true (hb_player_at_stop (p));
  g_assert_false (hb_player_at_answer (p));
  at_end = draw (p, NULL);
  g_assert_true (same_pixels (at_end, expected));
  status = hb_player_frame_status (p);
  g_assert_cmpstr (status, ==, expected_status);
  g_free (status);
  g_assert_null (hb_player_depth_text (p));
  cairo_surface_destroy (at_end);

  /* An answer is the last position instead. */
  hb_player_set_answer (p, answer);
  g_assert_cmpuint (hb_player_length (p), ==, 5);
  hb_player_seek (p, G_MAXSIZE);
  g_assert_true (hb_player_at_answer (p));
  g_assert_false (hb_player_at_stop (p));
  at_end = draw (p, NULL);
  g_assert_false (same_pixels (at_end, expected));
  cairo_surface_destroy (at_end);

  /* Taken away, the trace's last step is the end again. */
  hb_player_set_answer (p, NULL);
  hb_trace_set_stop_frame (t, NULL, NULL);
  g_assert_cmpuint (hb_player_length (p), ==, 4);
  hb_player_seek (p, G_MAXSIZE);
  g_assert_false (hb_player_at_stop (p));

  g_free (expected_status);
  cairo_surface_destroy (expected);
  hb_player_free (p);
  hb_trace_free (t);
  hb_state_free (answer);
  hb_state_free (stopped);
  hb_state_free (initial);
}

static void
test_marks_and_jumps (void)
{
  HbState *initial = hb_test_parse (&lights_game, "0000\n0000\n0000\n");
  HbState *answer = press (initial, 0, 0);
  HbTrace *t = hb_trace_new (0, 0);
  gsize n = G_N_ELEMENTS (steps);
  HbPlayer *p;
  GArray *marks;
  const HbPlayerMark *m;

  for (gsize i = 0; i < n; i++)
    hb_trace_add (t, steps[i].kind, steps[i].x, 0, 1, steps[i].depth, i);
  p = hb_player_new (initial, t);

  marks = hb_player_marks (p, 10);
  g_assert_cmpuint (marks->len, ==, 2);
  m = &g_array_index (marks, HbPlayerMark, 0);
  g_assert_cmpint (m->kind, ==, HB_PLAYER_MARK_BACKTRACK);
  g_assert_cmpuint (m->position, ==, 11);
  g_assert_cmpint (m->from_depth, ==, 4);
  g_assert_cmpint (m->to_depth, ==, 1);
  m = &g_array_index (marks, HbPlayerMark, 1);
  g_assert_cmpint (m->kind, ==, HB_PLAYER_MARK_SOLUTION);
  g_assert_cmpuint (m->position, ==, 13);
  g_array_unref (marks);
  /* No room for retreats: the solutions only. */
  marks = hb_player_marks (p, 0);
  g_assert_cmpuint (marks->len, ==, 1);
  g_array_unref (marks);

  g_assert_cmpuint (hb_player_find_solution (p, 0, TRUE), ==, 13);
  g_assert_cmpuint (hb_player_find_solution (p, 13, TRUE), ==, G_MAXSIZE);
  g_assert_cmpuint (hb_player_find_solution (p, 14, FALSE), ==, 13);
  g_assert_cmpuint (hb_player_find_solution (p, 13, FALSE), ==, G_MAXSIZE);

  {
    static const gsize decisions[] = { 1, 3, 5, 7, 12 };
    gsize pos = 0;
    for (guint i = 0; i < G_N_ELEMENTS (decisions); i++)
      {
        pos = hb_player_find_decision (p, pos, TRUE);
        g_assert_cmpuint (pos, ==, decisions[i]);
      }
    g_assert_cmpuint (hb_player_find_decision (p, pos, TRUE), ==, G_MAXSIZE);
    for (guint i = G_N_ELEMENTS (decisions) - 1; i-- > 0;)
      {
        pos = hb_player_find_decision (p, pos, FALSE);
        g_assert_cmpuint (pos, ==, decisions[i]);
      }
    g_assert_cmpuint (hb_player_find_decision (p, pos, FALSE), ==, G_MAXSIZE);
  }

  /* With the answer, the end is one more solution. */
  hb_player_set_answer (p, answer);
  g_assert_cmpuint (hb_player_find_solution (p, 13, TRUE), ==, n + 1);
  g_assert_cmpuint (hb_player_find_solution (p, n, TRUE), ==, n + 1);
  g_assert_cmpuint (hb_player_find_solution (p, n + 1, TRUE), ==, G_MAXSIZE);
  g_assert_cmpuint (hb_player_find_solution (p, n + 1, FALSE), ==, 13);
  marks = hb_player_marks (p, 10);
  g_assert_cmpuint (marks->len, ==, 3);
  m = &g_array_index (marks, HbPlayerMark, 2);
  g_assert_cmpint (m->kind, ==, HB_PLAYER_MARK_SOLUTION);
  g_assert_cmpuint (m->position, ==, n + 1);
  g_array_unref (marks);

  hb_player_free (p);
  hb_trace_free (t);
  hb_state_free (answer);
  hb_state_free (initial);
}

/* A retreat of one level in a deep search is no mark; the longest are
 * kept when there are more than asked for. */
static void
test_marks_keep_longest (void)
{
  HbState *initial = hb_test_parse (&lights_game, "0000\n0000\n0000\n");
  HbTrace *t = hb_trace_new (0, 0);
  HbPlayer *p;
  GArray *marks;
  /* Down to 8, back to 7 (1 level), down to 8, back to 2 (6 levels),
   * down to 8, back to 5 (3 levels), down to 6. */
  static const int depths[] = { 1, 2, 3, 4, 5, 6, 7, 8, 7, 8, 7, 6, 5, 4, 3, 2,
                                3, 4, 5, 6, 7, 8, 7, 6, 5, 6 };

  for (guint i = 0; i < G_N_ELEMENTS (depths); i++)
    hb_trace_add (t, i > 0 && depths[i] < depths[i - 1] ? HB_STEP_UNDO : HB_STEP_PLACE,
                  0, 0, 1, depths[i], i);
  p = hb_player_new (initial, t);
  marks = hb_player_marks (p, 10);
  g_assert_cmpuint (marks->len, ==, 2);
  g_assert_cmpuint (g_array_index (marks, HbPlayerMark, 0).position, ==, 16);
  g_assert_cmpint (g_array_index (marks, HbPlayerMark, 0).to_depth, ==, 2);
  g_assert_cmpuint (g_array_index (marks, HbPlayerMark, 1).position, ==, 25);
  g_assert_cmpint (g_array_index (marks, HbPlayerMark, 1).from_depth, ==, 8);
  g_assert_cmpint (g_array_index (marks, HbPlayerMark, 1).to_depth, ==, 5);
  g_array_unref (marks);
  marks = hb_player_marks (p, 1);
  g_assert_cmpuint (marks->len, ==, 1);
  g_assert_cmpuint (g_array_index (marks, HbPlayerMark, 0).position, ==, 16);
  g_array_unref (marks);

  hb_player_free (p);
  hb_trace_free (t);
  hb_state_free (initial);
}

/* The keyframes: taken every 256 steps at least, and where the game's
 * steps are local (a cell or a few) no closer than a quarter of the
 * board's cells, as a copy of a large board costs more than the steps it
 * saves; a game whose steps cost the whole board (Flood-It) keeps 256
 * (a step back replayed its whole run). Counted by the copies made. */
static guint copies;
static gpointer (*real_copy) (gconstpointer frame);

static gpointer
counting_copy (gconstpointer frame)
{
  copies++;
  return real_copy (frame);
}

static void
test_keyframe_interval (void)
{
  for (int local = 0; local < 2; local++)
    {
      HbGame game = lights_game;
      HbState *level = lights_game.new_blank (64, 64);
      HbTrace *trace = hb_trace_new (HB_TRACE_DEFAULT_MAX_STEPS, HB_TRACE_DEFAULT_MAX_BYTES);
      HbPlayer *player;

      real_copy = lights_game.frame_copy;
      game.frame_copy = counting_copy;
      game.frame_steps_local = local;
      level->game = &game;
      for (int k = 0; k < 10000; k++)
        hb_trace_add (trace, HB_STEP_PLACE, k % 64, (k / 64) % 64, 0, 1, k);
      copies = 0;
      player = hb_player_new (level, trace);
      hb_player_seek (player, hb_player_length (player));
      /* The first keyframe, then one every 1024 steps (4096 cells / 4)
       * or every 256. */
      g_assert_cmpuint (copies, ==, local ? 1 + 10000 / 1024 : 1 + 10000 / 256);
      hb_player_free (player);
      hb_trace_free (trace);
      level->game = &lights_game;
      hb_state_free (level);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/player/answer", test_answer);
  g_test_add_func ("/player/stop-frame", test_stop_frame);
  g_test_add_func ("/player/marks-and-jumps", test_marks_and_jumps);
  g_test_add_func ("/player/marks-keep-longest", test_marks_keep_longest);
  g_test_add_func ("/player/keyframe-interval", test_keyframe_interval);
  return g_test_run ();
}
