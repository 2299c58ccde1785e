/* test-loop-render: drawing, the hint overlay and "next hint", the palette,
 * the trace frames of every solver, and the quick bench. */
#include "loop.h"
#include "hb-test-util.h"
#include "hb-player.h"
#include "hb-draw.h"

#include <string.h>

#define SIZE 240

static cairo_surface_t *
new_surface (void)
{
  return cairo_image_surface_create (CAIRO_FORMAT_RGB24, SIZE, SIZE);
}

static guint32
pixel (cairo_surface_t *s, int x, int y)
{
  cairo_surface_flush (s);
  return ((guint32 *) (cairo_image_surface_get_data (s)
                       + y * cairo_image_surface_get_stride (s)))[x] & 0xffffff;
}

/* Number of pixels that differ between two surfaces, or from the pixel at
 * (0, 0) (the background) when b is NULL. */
static guint
count_diff (cairo_surface_t *a, cairo_surface_t *b)
{
  guint32 bg = pixel (a, 0, 0);
  guint n = 0;

  if (b)
    cairo_surface_flush (b);
  for (int y = 0; y < SIZE; y++)
    for (int x = 0; x < SIZE; x++)
      n += pixel (a, x, y) != (b ? pixel (b, x, y) : bg);
  return n;
}

static cairo_surface_t *
render (const HbState *s, const HbRenderOptions *o)
{
  cairo_surface_t *surf = new_surface ();
  cairo_t *cr = cairo_create (surf);
  HbLayout l;

  hb_layout_fit (&l, s->width, s->height, SIZE, SIZE, 4);
  loop_game.render (s, cr, &l, o);
  cairo_destroy (cr);
  return surf;
}

static void
test_render (void)
{
  LoopState *level = loop_generate_level (6, 5, 3);
  HbState *blank = loop_game.new_blank (6, 5);
  HbRenderOptions o = { .hover_x = -1, .hover_y = -1 };
  cairo_surface_t *a = render (&level->base, &o), *b = render (blank, &o), *c;
  HbLayout l;

  /* Tiles draw something beyond the background and the grid. */
  g_assert_cmpuint (count_diff (a, NULL), >, 1000);
  g_assert_cmpuint (count_diff (a, b), >, 1000);
  /* The middle of a cell with two or more arms (an end tile is a ring,
   * hollow in the middle) is arm-coloured: it differs from the same spot
   * of the blank board. */
  hb_layout_fit (&l, 6, 5, SIZE, SIZE, 4);
  {
    gboolean checked = FALSE;
    for (int i = 0; i < 30 && !checked; i++)
      if (__builtin_popcount (level->tiles[i]) >= 2)
        {
          int px = (int) (l.x0 + (i % 6 + 0.5) * l.cell), py = (int) (l.y0 + (i / 6 + 0.5) * l.cell);
          g_assert_cmphex (pixel (a, px, py), !=, pixel (b, px, py));
          checked = TRUE;
        }
    g_assert_true (checked);
  }
  cairo_surface_destroy (b);

  /* The dark style has another card, and paints nothing round it (the
   * caller's background shows there, as for every game). */
  o.dark = TRUE;
  b = render (&level->base, &o);
  {
    int px = (int) (l.x0 + 2), py = (int) (l.y0 + 2);
    g_assert_cmphex (pixel (a, px, py), !=, pixel (b, px, py));
  }
  g_assert_cmphex (pixel (a, 0, 0), ==, pixel (b, 0, 0));
  cairo_surface_destroy (b);
  o.dark = FALSE;

  /* A hovered cell is highlighted. */
  o.hover_x = o.hover_y = 0;
  c = render (&level->base, &o);
  g_assert_cmpuint (count_diff (a, c), >, 0);
  cairo_surface_destroy (c);

  /* Open ends are marked: the same tile drawn matched and unmatched
   * differ. */
  {
    HbState *solo = hb_test_parse (&loop_game, "0100 0001\n");
    HbState *open = hb_test_parse (&loop_game, "0100 0100\n");
    HbRenderOptions plain = { .hover_x = -1, .hover_y = -1 };
    cairo_surface_t *x = render (solo, &plain), *y = render (open, &plain);
    /* Compare only the left tile's half: same tile, open in one. */
    guint diff = 0;
    for (int py = 0; py < SIZE; py++)
      for (int px = 0; px < SIZE / 2; px++)
        diff += pixel (x, px, py) != pixel (y, px, py);
    g_assert_cmpuint (diff, >, 50);
    cairo_surface_destroy (x);
    cairo_surface_destroy (y);
    hb_state_free (solo);
    hb_state_free (open);
  }
  /* A closed loop is drawn "done" in another colour than the same tile in
   * a group that still has an open end: (0, 0) is the same corner with
   * both arms met in both boards; only (1, 1) differs, breaking the loop. */
  {
    HbState *done = hb_test_parse (&loop_game, "0110 0011\n1100 1001\n");
    HbState *broken = hb_test_parse (&loop_game, "0110 0011\n1100 0011\n");
    HbRenderOptions plain = { .hover_x = -1, .hover_y = -1 };
    cairo_surface_t *x = render (done, &plain), *y = render (broken, &plain);
    HbLayout l2;
    int px, py;

    g_assert_true (loop_game.is_solved (done));
    hb_layout_fit (&l2, 2, 2, SIZE, SIZE, 4);
    px = (int) (l2.x0 + 0.8 * l2.cell);   /* on the east arm of (0, 0) */
    py = (int) (l2.y0 + 0.5 * l2.cell);
    g_assert_cmphex (pixel (x, px, py), !=, pixel (y, px, py));
    g_assert_cmphex (pixel (y, px, py), !=, pixel (y, 0, 0));
    cairo_surface_destroy (x);
    cairo_surface_destroy (y);
    hb_state_free (done);
    hb_state_free (broken);
  }
  cairo_surface_destroy (a);
  hb_state_free (blank);
  hb_state_free (&level->base);
}

/* The tiles of a 9×8 board still to turn (*turn), and how many of them
 * the hint's tint shows forced (returned). */
static guint
to_turn (const HbState *cur, gconstpointer hint, guint *turn)
{
  const LoopState *ls = (const LoopState *) cur;
  const LoopHint *h = hint;
  guint tinted = 0;

  *turn = 0;
  for (int i = 0; i < 72; i++)
    if (loop_turns_between (ls->tiles[i], h->solved[i]) > 0)
      {
        (*turn)++;
        tinted += h->forced[i];
      }
  return tinted;
}

static void
test_hints (void)
{
  LoopState *level = loop_generate_level (9, 8, 11);
  HbState *cur = loop_game.copy (&level->base);
  g_autoptr(GError) error = NULL;
  gpointer hint = loop_game.hint_compute (cur, NULL, &error);
  HbRenderOptions o = { .hover_x = -1, .hover_y = -1 };
  cairo_surface_t *plain, *shown;
  g_autofree char *text = NULL;
  HbMove m;
  int moves = 0;
  guint forced = 0;
  gboolean seen_all = FALSE;

  g_assert_no_error (error);
  g_assert_nonnull (hint);
  for (int i = 0; i < 72; i++)
    forced += ((LoopHint *) hint)->forced[i];
  g_assert_cmpuint (forced, >, 0);
  text = loop_game.hint_describe (cur, hint);
  g_assert_nonnull (strstr (text, "to turn"));
  /* The summary counts the tiles the overlay tints: forced and still to
   * turn (it counted the forced tiles already right too). */
  {
    guint turn, tinted = to_turn (cur, hint, &turn);
    g_autofree char *want = NULL;

    g_assert_cmpuint (tinted, <, forced);
    g_assert_cmpuint (tinted, >, 1);
    want = g_strdup_printf ("%u tiles to turn; %u of them are forced by propagation alone", turn,
                            tinted);
    g_test_message ("%s", text);
    g_assert_nonnull (strstr (text, want));
  }

  /* The overlay draws arrows and forced colours. */
  plain = render (cur, &o);
  o.show_hints = TRUE;
  o.hint = hint;
  shown = render (cur, &o);
  g_assert_cmpuint (count_diff (plain, shown), >, 100);
  /* A sure tile's tint shows on the light card: at 9 % it was (236,
   * 243, 252) on white, too faint to see; its red channel now falls by
   * a tenth at least, at a corner clear of pipes and badge. */
  {
    HbLayout l;
    const LoopState *ls = (const LoopState *) cur;
    gboolean seen = FALSE;

    hb_layout_fit (&l, cur->width, cur->height, SIZE, SIZE, 4);
    for (int i = 0; i < 72 && !seen; i++)
      if (((LoopHint *) hint)->forced[i]
          && loop_turns_between (ls->tiles[i], ((LoopHint *) hint)->solved[i]) > 0)
        {
          int px = (int) (l.x0 + (i % 9 + 0.12) * l.cell), py = (int) (l.y0 + (i / 9 + 0.88) * l.cell);
          guint32 a = pixel (plain, px, py), b = pixel (shown, px, py);

          g_assert_cmpuint (a, ==, 0xffffff);
          g_assert_cmpuint ((a >> 16) - (b >> 16), >=, 25);
          seen = TRUE;
        }
    g_assert_true (seen);
  }
  cairo_surface_destroy (plain);
  cairo_surface_destroy (shown);

  /* "Next hint" until solved: each fixes one tile, and the text names
   * the tile and how far it turns, as its badge shows (1 or 2 quarter
   * turns clockwise, or 1 anticlockwise). */
  while (loop_game.hint_next_move (cur, hint, &m))
    {
      HbState *next = loop_game.apply (cur, &m);
      g_autofree char *said = loop_game.hint_describe (cur, hint);
      g_autofree char *where = g_strdup_printf ("row %d, column %d %s;", m.y + 1, m.x + 1,
                                                m.value == 2 ? "halfway round (two clicks, or Space twice)"
                                                : m.value == 3 ? "a quarter turn anticlockwise (a right click, or Shift+Space)"
                                                : "a quarter turn clockwise (a click, or Space)");
      g_assert_cmpint (m.value, >=, 1);
      g_assert_cmpint (m.value, <=, 3);
      g_assert_nonnull (strstr (said, where));
      /* The count of forced tiles as the tint shows it, in words when it
       * is all of them or none ("all 17 of them" read as a count to
       * check). */
      {
        guint turn, tinted = to_turn (cur, hint, &turn);
        g_autofree char *want = NULL;

        want = g_strdup_printf ("%u tile%s to turn; %s", turn, turn == 1 ? "" : "s",
                                tinted == turn && turn == 1 ? "it is forced"
                                : tinted == turn ? "all of them are forced"
                                : tinted == 0 ? "none of them is forced"
                                : tinted == 1 ? "1 of them is forced" : "");
        if (tinted > 1 && tinted < turn)
          {
            g_free (want);
            want = g_strdup_printf ("%u tiles to turn; %u of them are forced", turn, tinted);
          }
        g_assert_nonnull (strstr (said, want));
        seen_all |= tinted == turn || tinted == 0;
      }
      g_assert_nonnull (next);
      g_assert_cmpint (m.op, ==, LOOP_OP_ROTATE);
      hb_state_free (cur);
      cur = next;
      g_assert_cmpint (++moves, <=, 72);
    }
  g_assert_true (loop_game.is_solved (cur));
  g_assert_cmpint (moves, >, 0);
  g_assert_true (seen_all);
  g_free (text);
  text = loop_game.hint_describe (cur, hint);
  g_assert_cmpstr (text, ==, "Every tile is in its solved rotation");
  loop_game.hint_free (hint);

  /* An unsolvable level: the hint says so and offers no move. */
  {
    HbState *bad = hb_test_parse (&loop_game, "1000 1000 1000\n");
    hint = loop_game.hint_compute (bad, NULL, &error);
    g_assert_no_error (error);
    g_free (text);
    text = loop_game.hint_describe (bad, hint);
    g_assert_nonnull (strstr (text, "no solution"));
    g_assert_false (loop_game.hint_next_move (bad, hint, &m));
    loop_game.hint_free (hint);
    hb_state_free (bad);
  }
  /* A cancelled hint is an error, not a crash. */
  {
    HbCancel *c = hb_cancel_new ();
    LoopState *big = loop_generate_level (300, 300, 2);
    hb_cancel_set (c);
    hint = loop_game.hint_compute (&big->base, c, &error);
    g_assert_null (hint);
    g_assert_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_CANCELLED);
    g_clear_error (&error);
    hb_cancel_free (c);
    hb_state_free (&big->base);
  }
  hb_state_free (cur);
  hb_state_free (&level->base);
}

static void
test_palette_render (void)
{
  HbState *s = loop_game.new_blank (2, 2);
  HbPaletteEntry e[8];
  int n = loop_game.palette (s, HB_MODE_EDIT, e, 8);

  for (int i = 0; i < n; i++)
    {
      cairo_surface_t *surf = new_surface ();
      cairo_t *cr = cairo_create (surf);
      guint32 bg;
      int x0 = SIZE, y0 = SIZE, x1 = -1, y1 = -1;

      loop_game.palette_render (s, HB_MODE_EDIT, e[i].id, cr, SIZE, i % 2);
      cairo_destroy (cr);
      g_assert_cmpuint (count_diff (surf, NULL), >, 50);
      /* Every piece sits in the middle of its chip: its ink's box is
       * centred within a twentieth of the chip (an end piece and a
       * corner sat in a corner of theirs: a newcomer's look). The Turn
       * tool's arrow is round the centre, its head to one side. */
      bg = pixel (surf, 0, 0);
      for (int y = 0; y < SIZE; y++)
        for (int x = 0; x < SIZE; x++)
          if (pixel (surf, x, y) != bg)
            {
              x0 = MIN (x0, x);
              y0 = MIN (y0, y);
              x1 = MAX (x1, x);
              y1 = MAX (y1, y);
            }
      if (e[i].id <= 15 && (ABS (x0 + x1 - SIZE) > SIZE / 10 || ABS (y0 + y1 - SIZE) > SIZE / 10))
        g_error ("palette entry %d (%s): its ink spans x %d-%d, y %d-%d of %d",
                 e[i].id, e[i].name, x0, x1, y0, y1, SIZE);
      cairo_surface_destroy (surf);
    }
  hb_state_free (s);
}

/* Replays a solver's trace in the player; the last frame of an exact
 * solver shows its answer, and every frame renders. */
static void
frames_of (const char *file)
{
  g_autofree char *text = hb_test_read_data (file, NULL);
  HbState *level = hb_test_parse (&loop_game, text);
  int n = level->width * level->height;

  for (int k = 0; loop_game.solvers[k]; k++)
    {
      const HbSolver *solver = loop_game.solvers[k];
      HbTrace *trace = hb_trace_new (HB_TRACE_DEFAULT_MAX_STEPS, HB_TRACE_DEFAULT_MAX_BYTES);
      HbSolveOptions options = { 0 };
      HbResult *r = hb_solve (solver, level, &options, trace, NULL, NULL);
      HbPlayer *player = hb_player_new (level, trace);
      HbRenderOptions o = { .hover_x = -1, .hover_y = -1 };
      gsize len = hb_player_length (player);
      const LoopFrame *frame;
      HbLayout l;
      cairo_surface_t *first, *last;
      cairo_t *cr;

      g_assert_cmpuint (len, >, 0);
      hb_layout_fit (&l, level->width, level->height, SIZE, SIZE, 4);
      first = new_surface ();
      cr = cairo_create (first);
      hb_player_render (player, cr, &l, &o);
      cairo_destroy (cr);

      /* Walk every step forward, then jump about. */
      for (gsize p = 1; p <= len; p++)
        {
          g_autofree char *d = NULL;
          hb_player_seek (player, p);
          d = hb_player_describe (player);
          g_assert_true (d != NULL && *d);
        }
      hb_player_seek (player, len / 2);
      hb_player_seek (player, len);
      frame = hb_player_frame (player);
      last = new_surface ();
      cr = cairo_create (last);
      hb_player_render (player, cr, &l, &o);
      cairo_destroy (cr);
      g_assert_cmpuint (count_diff (first, last), >, 0);

      if (solver->flags & HB_SOLVER_EXACT)
        g_assert_cmpmem (frame->tiles, n, LOOP_CONST (r->solved)->tiles, n);
      else
        {
          /* The flow is on the board. */
          guint flow = 0;
          for (int i = 0; i < n; i++)
            flow += frame->flow[i] != 0;
          g_assert_cmpuint (flow, >, 0);
        }
      cairo_surface_destroy (first);
      cairo_surface_destroy (last);
      hb_player_free (player);
      hb_result_free (r);
      hb_trace_free (trace);
    }
  hb_state_free (level);
}

static void
test_frames (void)
{
  frames_of ("loop/mixed.loop");       /* propagation alone */
  frames_of ("loop/thirteen.loop");    /* a region searched, tries undone */
}

/* The frame a trace replays, checked step by step against the test's own
 * model of what a step means (an UNDO at depth d frees every tile fixed
 * at d or deeper, looking at every tile), on each solver's run and on a
 * trace whose depths fall without an UNDO (the frame's log of fixes
 * then gives way to looking at every tile). */
typedef struct {
  int     n;
  guint8 *tiles, *status;
  gint32 *depth;
} Model;

static void
model_step (Model *m, const LoopState *level, const HbStep *st)
{
  int w = level->base.width, i;
  guint8 status;

  if (st->x < 0 || st->y < 0 || st->x >= w || st->y >= level->base.height)
    return;
  i = st->y * w + st->x;
  switch (st->kind)
    {
    case HB_STEP_UNDO:
      for (int k = 0; k < m->n; k++)
        if (m->depth[k] >= st->depth)
          {
            m->tiles[k] = level->tiles[k];
            m->status[k] = LOOP_CELL_FREE;
            m->depth[k] = -1;
          }
      return;
    case HB_STEP_REJECT:
      if (st->value < 0)
        {
          m->status[i] = LOOP_CELL_BAD;
          return;
        }
      status = LOOP_CELL_REJECTED;
      break;
    case HB_STEP_FORCE:
      status = (st->flags & LOOP_STEP_FORCED) ? LOOP_CELL_FORCED : LOOP_CELL_PLACED;
      break;
    case HB_STEP_TRY:
      status = (st->flags & LOOP_STEP_VALID) ? LOOP_CELL_TRIED : LOOP_CELL_REJECTED;
      break;
    case HB_STEP_PLACE:
      status = LOOP_CELL_PLACED;
      break;
    default:
      return;
    }
  m->tiles[i] = loop_rotate (level->tiles[i], st->value);
  m->status[i] = status;
  m->depth[i] = st->depth;
}

static void
check_frames_against_model (const LoopState *level, HbTrace *trace)
{
  int n = level->base.width * level->base.height;
  Model m = { n, g_memdup2 (level->tiles, n), g_new0 (guint8, n), g_new (gint32, n) };
  gpointer frame = loop_game.frame_new (&level->base, trace);

  for (int k = 0; k < n; k++)
    m.depth[k] = -1;
  for (gsize s = 0; s < hb_trace_length (trace); s++)
    {
      const HbStep *st = hb_trace_step (trace, s);
      const LoopFrame *f = frame;

      loop_game.frame_step (frame, trace, st);
      model_step (&m, level, st);
      /* Now and then the frame goes on as a copy of itself, as the
       * player's keyframes do (the copy keeps only the fixes in force). */
      if (s % 7 == 3)
        {
          gpointer copy = loop_game.frame_copy (frame);
          loop_game.frame_free (frame);
          frame = copy;
          f = frame;
        }
      if (memcmp (f->tiles, m.tiles, n) != 0 || memcmp (f->status, m.status, n) != 0)
        g_error ("step %" G_GSIZE_FORMAT " (kind %d, depth %d): the frame differs from the model",
                 s, st->kind, st->depth);
    }
  loop_game.frame_free (frame);
  g_free (m.tiles);
  g_free (m.status);
  g_free (m.depth);
}

static void
test_frame_undo (void)
{
  const HbSolver *solvers[] = { &loop_solver_fast, &loop_solver_backtrack, &loop_solver_dlx,
                                &loop_solver_maxflow };
  const char *files[] = { "loop/mixed.loop", "loop/thirteen.loop" };

  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    for (guint v = 0; v < G_N_ELEMENTS (solvers); v++)
      {
        g_autofree char *text = hb_test_read_data (files[f], NULL);
        HbState *level = hb_test_parse (&loop_game, text);
        HbTrace *trace = hb_trace_new (HB_TRACE_DEFAULT_MAX_STEPS, HB_TRACE_DEFAULT_MAX_BYTES);
        HbSolveOptions options = { 0 };
        HbResult *r = hb_solve (solvers[v], level, &options, trace, NULL, NULL);

        g_assert_nonnull (r);
        g_test_message ("%s %s: %" G_GSIZE_FORMAT " steps", files[f], solvers[v]->id,
                        hb_trace_length (trace));
        check_frames_against_model (LOOP_CONST (level), trace);
        hb_result_free (r);
        hb_trace_free (trace);
        hb_state_free (level);
      }

  /* Random 7x7 levels: backtracking's many tries undone. */
  for (guint64 seed = 1; seed <= 4; seed++)
    {
      HbGenerateParams gp = { .width = 7, .height = 7, .seed = seed };
      HbState *level = loop_game.generate (&gp, NULL);
      HbTrace *trace = hb_trace_new (HB_TRACE_DEFAULT_MAX_STEPS, HB_TRACE_DEFAULT_MAX_BYTES);
      HbSolveOptions options = { 0 };
      HbResult *r;

      g_assert_nonnull (level);
      r = hb_solve (&loop_solver_backtrack, level, &options, trace, NULL, NULL);
      g_assert_cmpint (r->status, ==, HB_STATUS_SOLVED);
      g_test_message ("7x7 seed %" G_GUINT64_FORMAT ": %" G_GSIZE_FORMAT " steps", seed,
                      hb_trace_length (trace));
      check_frames_against_model (LOOP_CONST (level), trace);
      hb_result_free (r);
      hb_trace_free (trace);
      hb_state_free (level);
    }

  /* Depths that fall without an UNDO, then UNDOs at each depth. */
  {
    g_autofree char *text = hb_test_read_data ("loop/thirteen.loop", NULL);
    HbState *level = hb_test_parse (&loop_game, text);
    HbTrace *trace = hb_trace_new (HB_TRACE_DEFAULT_MAX_STEPS, HB_TRACE_DEFAULT_MAX_BYTES);
    int w = level->width, h = level->height;

    hb_trace_add (trace, HB_STEP_PLACE, 0, 0, 1, 3, 0);
    hb_trace_add (trace, HB_STEP_PLACE, 1 % w, 1 % h, 2, 5, 0);
    hb_trace_add (trace, HB_STEP_PLACE, 2 % w, 0, 1, 2, 0);   /* falls: 5 then 2 */
    hb_trace_add (trace, HB_STEP_PLACE, 0, 0, 3, 4, 0);       /* a tile fixed again */
    hb_trace_add (trace, HB_STEP_UNDO, 0, 0, 0, 4, 0);
    hb_trace_add (trace, HB_STEP_UNDO, 0, 0, 0, 3, 0);
    hb_trace_add (trace, HB_STEP_UNDO, 0, 0, 0, 1, 0);
    check_frames_against_model (LOOP_CONST (level), trace);
    hb_trace_free (trace);
    hb_state_free (level);
  }
}

/* The write-up's colours: a valid try green, an invalid one red. */
static void
test_backtrack_tries (void)
{
  g_autofree char *text = hb_test_read_data ("loop/mixed.loop", NULL);
  HbState *level = hb_test_parse (&loop_game, text);
  HbTrace *trace = hb_trace_new (HB_TRACE_DEFAULT_MAX_STEPS, HB_TRACE_DEFAULT_MAX_BYTES);
  HbSolveOptions options = { 0 };
  HbResult *r = hb_solve (&loop_solver_backtrack, level, &options, trace, NULL, NULL);
  gboolean saw_valid = FALSE, saw_invalid = FALSE;
  gpointer frame = loop_game.frame_new (level, trace);

  g_assert_cmpint (r->status, ==, HB_STATUS_SOLVED);
  for (gsize i = 0; i < hb_trace_length (trace); i++)
    {
      const HbStep *st = hb_trace_step (trace, i);
      loop_game.frame_step (frame, trace, st);
      if (st->kind == HB_STEP_TRY)
        {
          const LoopFrame *f = frame;
          guint8 status = f->status[st->y * level->width + st->x];
          if (st->flags & LOOP_STEP_VALID)
            {
              saw_valid = TRUE;
              g_assert_cmpint (status, ==, LOOP_CELL_TRIED);
            }
          else
            {
              saw_invalid = TRUE;
              g_assert_cmpint (status, ==, LOOP_CELL_REJECTED);
            }
          g_assert_cmpint (f->cur_x, ==, st->x);
        }
    }
  g_assert_true (saw_valid);
  g_assert_true (saw_invalid);
  loop_game.frame_free (frame);
  hb_result_free (r);
  hb_trace_free (trace);
  hb_state_free (level);
}

/* A screenshot of a level as the app draws it, read back: the summary
 * the import's toast shows gives the board's size and what a player can
 * check against the picture (the tiles with arms), not the tiles' size
 * in pixels, which means nothing to a player. */
static void
test_import_summary (void)
{
  LoopState *level = loop_generate_level (4, 6, 7);
  int cell = 90, pw = 4 * cell + 120, ph = 6 * cell + 120, with_arms = 0;
  cairo_surface_t *surf = cairo_image_surface_create (CAIRO_FORMAT_RGB24, pw, ph);
  cairo_t *cr = cairo_create (surf);
  HbLayout l = { 4, 6, 60, 60, cell };
  HbRenderOptions o = { .hover_x = -1, .hover_y = -1, .mode = HB_MODE_PLAY };
  g_autoptr(HbImportReport) report = hb_import_report_new ();
  g_autoptr(HbImage) img = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *want = NULL;
  HbState *read;

  /* The window's colour round the board's card (Adwaita's light one). */
  cairo_set_source_rgb (cr, 0xf6 / 255.0, 0xf5 / 255.0, 0xf4 / 255.0);
  cairo_paint (cr);
  loop_game.render (&level->base, cr, &l, &o);
  cairo_destroy (cr);
  img = hb_image_from_surface (surf);
  cairo_surface_destroy (surf);
  read = loop_game.from_image (img, report, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (read);
  g_assert_true (loop_game.equal (read, &level->base));
  for (int i = 0; i < 4 * 6; i++)
    with_arms += level->tiles[i] != 0;
  want = g_strdup_printf ("Infinite Loop, 4×6, %d tiles with arms", with_arms);
  g_assert_cmpstr (report->summary, ==, want);
  g_assert_null (strstr (report->summary, "px"));
  hb_state_free (read);
  hb_state_free (&level->base);
}

/* Draws `level` as `render` draws it (16 px round the board, the page's
 * colour), `cell` px a tile, and reads the picture back: the board read,
 * or NULL with *error set, and the reader's report. */
static HbState *
draw_and_read (const LoopState *level, int cell, gboolean dark, HbImportReport *report,
               GError **error)
{
  int w = level->base.width, h = level->base.height, margin = 16;
  int pw = cell * w + 2 * margin, ph = cell * h + 2 * margin;
  cairo_surface_t *surf = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pw, ph);
  cairo_t *cr = cairo_create (surf);
  HbLayout l;
  HbRenderOptions o = { .hover_x = -1, .hover_y = -1, .mode = HB_MODE_PLAY, .dark = dark };
  g_autoptr(HbImage) img = NULL;

  hb_draw_page (cr, dark);
  hb_layout_fit (&l, w, h, pw, ph, margin);
  loop_game.render (&level->base, cr, &l, &o);
  cairo_destroy (cr);
  img = hb_image_from_surface (surf);
  cairo_surface_destroy (surf);
  return loop_game.from_image (img, report, NULL, error);
}

/* A level drawn at a tile size, read back: `exact`, it must read whole
 * with nothing flagged; else it may also be flagged (cells unsure or a
 * note) or refused, but never read as another board with nothing said. */
typedef struct {
  int      w, h, seed, cell;
  gboolean dark, exact;
} ReadCase;

static void
check_reads (const ReadCase *cases, gsize n)
{
  for (gsize c = 0; c < n; c++)
    {
      LoopState *level = loop_generate_level (cases[c].w, cases[c].h, (guint64) cases[c].seed);
      int cell = cases[c].cell;
      g_autoptr(HbImportReport) report = hb_import_report_new ();
      g_autoptr(GError) error = NULL;
      gboolean right, flagged;
      HbState *read;

      read = draw_and_read (level, cell, cases[c].dark, report, &error);
      right = read != NULL && loop_game.equal (read, &level->base);
      flagged = read != NULL && (report->n_unsure > 0 || report->notes->len > 0);
      if (cases[c].exact ? !right || flagged : read != NULL && !right && !flagged)
        g_error ("%d×%d seed %d at %d px%s: read %s%s", cases[c].w, cases[c].h,
                 cases[c].seed, cell, cases[c].dark ? ", dark" : "",
                 read == NULL ? error->message : report->summary,
                 right ? "" : ", another board");
      if (read == NULL)
        g_assert_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_NO_BOARD);
      g_clear_pointer (&read, hb_state_free);
      hb_state_free (&level->base);
    }
}

/* Boards drawn as `render` draws them (16 px round the board, the page's
 * colour) on small tiles, which the reader read a line short with exit 0
 * before (2026-12-02): a 6×6 board whose last row holds only ends read
 * as 6×5 at 9-21 px a tile (5×5 at 14 px), an end's ring thinned away
 * in the shrunk copy and its stub alone too small to count; a 9×7 one
 * lost a column at 12 px, dark. Each must now read back whole. */
static void
test_import_small_tiles (void)
{
  static const ReadCase cases[] = {
    { 6, 6, 6, 9, FALSE, TRUE }, { 6, 6, 6, 11, TRUE, TRUE }, { 6, 6, 6, 13, FALSE, TRUE },
    { 6, 6, 6, 14, FALSE, TRUE }, { 6, 6, 6, 14, TRUE, TRUE }, { 6, 6, 6, 16, FALSE, TRUE },
    { 6, 6, 6, 18, TRUE, TRUE }, { 6, 6, 6, 19, FALSE, TRUE }, { 6, 6, 6, 21, TRUE, TRUE },
    { 9, 7, 8, 12, TRUE, TRUE },
  };

  check_reads (cases, G_N_ELEMENTS (cases));
}

/* Small boards drawn as `render` draws them that the reader read wrongly
 * with exit 0 and nothing said (2026-12-02):
 * - at 13 px (and 21) a 4×4 board's lattice of half the tile size won
 *   and read as 9×8: its double, the true lattice, was checked without
 *   the slack an arm that meets nothing needs (it stops short of its
 *   side), scored 2 pixels and lost;
 * - at 22-47 px, 3×3 and 4×4 boards were found a few percent small (the
 *   outer lines close in on the tips of arms pointing off the board),
 *   and the true size both axes' crossings gave was refused as more
 *   than a 6 % change: the far tiles lost arms;
 * - at 15 px a 3×3 board was found at 7 px, half the tile a little
 *   small, and its double, 14 px, was taken as it was: an arm lost;
 * - at 12 px a 3×3 board's bottom row, its arms drawn 2 px wide against
 *   most arms' 4, was cut off as too thin to be the board's;
 * - at 49 px two tees over two tees of an 8×3 board filled more than
 *   half of their background blocks, their pipes became background and
 *   four tiles read as empty.
 * Each must now read back whole. Where the half lattice's double leaves
 * a line of ends out (4×4 seed 11) that is said, and a 3×3 board at
 * 13 px whose outer rows hold only ends may be refused (one row of
 * pieces), but none is read wrongly with nothing said. Nor are the
 * last two: an 8×3 board at 7 px whose first three columns read as
 * strokes with no arm, and a 3×3 one at 30 px, dark, its lattice a
 * quarter tile off across, each cut down to the lines read sure, unsaid
 * (4×3, 2×2); the lines cut off are now said in a note. */
static void
test_import_tiny_boards (void)
{
  static const ReadCase cases[] = {
    { 4, 4, 4, 13, FALSE, TRUE }, { 4, 4, 18, 13, TRUE, TRUE },
    { 3, 3, 15, 30, FALSE, TRUE }, { 3, 3, 5, 35, FALSE, TRUE },
    { 3, 3, 4, 47, TRUE, TRUE }, { 4, 4, 16, 22, FALSE, TRUE },
    { 3, 3, 16, 15, FALSE, TRUE }, { 3, 3, 16, 15, TRUE, TRUE },
    { 3, 3, 7, 12, FALSE, TRUE }, { 3, 3, 7, 12, TRUE, TRUE },
    { 8, 3, 13, 49, FALSE, TRUE },
    { 4, 4, 11, 13, FALSE, FALSE }, { 4, 4, 11, 21, TRUE, FALSE },
    { 3, 3, 4, 13, FALSE, FALSE }, { 3, 3, 9, 13, TRUE, FALSE },
    { 8, 3, 13, 7, FALSE, FALSE }, { 3, 3, 10, 30, TRUE, FALSE },
  };

  check_reads (cases, G_N_ELEMENTS (cases));
}

/* Boards drawn as `render` draws them at phone-sized tiles that the
 * reader refused (2026-12-02):
 * - at 50 px the lattice of half the tile size won on a share of the
 *   pixels, but its midpoint band is a row narrower than the arms there,
 *   so judged on all of them most pieces failed it, and the fit on the
 *   few left found no lattice (6×6 seed 1) or a wrong one (seed 2: "most
 *   tiles are not drawn as the game draws them"); 37 of 66 boards;
 * - at 81 px a 12×12 board, shrunk by half to be searched, repeated most
 *   strongly every four tiles on both axes, and no size tried was near
 *   the tile: "only one row or column of tiles".
 * Each must now read back whole, nothing flagged; so must three boards
 * that the first version of those fixes refused: a 12×12 one at 23 px
 * (a quarter of a 5-tile peak won), an 8×3 one at 28 px (a quarter near
 * a third of the tile won) and a 4×4 one at 47 px (its half lattice
 * 3 % large, doubled as it was); and two dark 12×12 boards refused as
 * "only one row or column of tiles" until 2026-12-03: at 83 px the
 * peaks' quarters were not tried once their thirds had been, and at
 * 47 px the half lattice's double was taken from the first class of
 * tiles with few drawn, half a tile off across, and no other class was
 * tried. Nor a 4×4 board (seed 11) whose eleven tiles' arms all stop
 * short of their sides, none meeting another, refused at 19 of its 24
 * pictures at 40-150 px until 2026-12-03: a lattice of twice the tile,
 * cutting a few tiles round their middles, scored over the true one,
 * which counts only the arms' tips, and kept one piece; its half was
 * not tried. */
static void
test_import_large_tiles (void)
{
  static const ReadCase cases[] = {
    { 6, 6, 1, 50, FALSE, TRUE }, { 6, 6, 2, 50, FALSE, TRUE }, { 6, 6, 2, 50, TRUE, TRUE },
    { 12, 12, 2, 81, FALSE, TRUE }, { 12, 12, 6, 23, FALSE, TRUE }, { 8, 3, 18, 28, FALSE, TRUE },
    { 4, 4, 11, 47, FALSE, TRUE }, { 12, 12, 2, 83, TRUE, TRUE }, { 12, 12, 1, 47, TRUE, TRUE },
    { 4, 4, 11, 40, FALSE, TRUE }, { 4, 4, 11, 80, FALSE, TRUE }, { 4, 4, 11, 60, TRUE, TRUE },
    { 4, 4, 11, 140, TRUE, TRUE },
  };

  check_reads (cases, G_N_ELEMENTS (cases));
}

/* Light 3×3 boards drawn as `render` draws them that the reader read
 * wrongly with exit 0 and nothing said (2026-12-03): their arms mostly
 * stop short of their sides (ends, few arms meeting), and a lattice a
 * few percent off in size or a seventh of a tile off in phase, cutting
 * the arms just inside their tiles, scored more than the true one and
 * left a piece or two out: seed 19 at 80 and 130 px read as 3×2, its
 * bottom row of two ends left out; seed 4 at 100 px, the tile found 7 %
 * small, lost an arm. Each must now read back whole. So must boards at
 * 12 px that a first version of the fix, trying other lattices on small
 * tiles too, read as 4×3 (3×3 seed 16) or refused (8×3 seed 19): a
 * thinned stub of a few pixels, left out, was kept by a lattice a tenth
 * small. */
static void
test_import_short_arms (void)
{
  static const ReadCase cases[] = {
    { 3, 3, 19, 80, FALSE, TRUE }, { 3, 3, 19, 130, FALSE, TRUE }, { 3, 3, 4, 100, FALSE, TRUE },
    { 3, 3, 16, 12, FALSE, TRUE }, { 8, 3, 19, 12, FALSE, TRUE }, { 8, 3, 19, 12, TRUE, TRUE },
  };

  check_reads (cases, G_N_ELEMENTS (cases));
}

static void
test_bench_quick (void)
{
  GString *out = g_string_new (NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (loop_game.bench (TRUE, 1, out, &error));
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (out->str, "| board | solver | median ms | repeats |"));
  g_assert_nonnull (strstr (out->str, "| fast |"));
  g_assert_nonnull (strstr (out->str, "| backtrack |"));
  g_assert_nonnull (strstr (out->str, "| dlx |"));
  g_string_free (out, TRUE);
}

/* Whether an arm of tile (x, y) meets nothing (this test's own reading:
 * bit d is direction d clockwise from north). */
static gboolean
own_open (const guint8 *t, int w, int h, int x, int y)
{
  static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };

  for (int d = 0; d < 4; d++)
    if (t[y * w + x] >> d & 1)
      {
        int nx = x + dx[d], ny = y + dy[d];
        if (nx < 0 || ny < 0 || nx >= w || ny >= h || !(t[ny * w + nx] >> ((d + 2) & 3) & 1))
          return TRUE;
      }
  return FALSE;
}

/* The board's words for a tile's hint marks (hint_at, the tooltip): with
 * every turn shown, each tile to turn says the turn, and turning every
 * tile as told (by this test's own rotation) leaves no open arm; "Sure"
 * exactly on the forced ones; a tile with no turn says nothing; with one
 * step shown only Next Hint's tile says a turn, the other forced tiles
 * still to turn their tint's words alone. */
static void
test_hint_at (void)
{
  HbState *s = hb_test_parse (&loop_game, "1000 0111 1101 0001 0000\n0010 1011 1011 1010 0100\n"
                                          "0010 0101 0010 1010 0100\n1000 1001 1000 1100 0010\n"
                                          "0000 0001 1011 1011 1000\n");
  const LoopState *ls = LOOP_CONST (s);
  const LoopHint *hint = loop_game.hint_compute (s, NULL, NULL);
  int w = s->width, h = s->height, told = 0, sure = 0, one_step = 0;
  g_autofree guint8 *turned = g_memdup2 (ls->tiles, (gsize) w * h);

  g_assert_nonnull (hint);
  g_assert_nonnull (hint->solved);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        int i = y * w + x, turns = 0;
        g_autofree char *all = loop_game.hint_at (s, hint, HB_HINT_SHOW_ALL, x, y);
        g_autofree char *step = loop_game.hint_at (s, hint, 0, x, y);

        if (all == NULL)
          turns = 0;
        else if (g_str_has_prefix (all, "Turn this tile a quarter turn clockwise"))
          turns = 1;
        else if (g_str_has_prefix (all, "Turn this tile half a turn"))
          turns = 2;
        else if (g_str_has_prefix (all, "Turn this tile a quarter turn anticlockwise"))
          turns = 3;
        else
          g_assert_not_reached ();
        g_assert_cmpint (turns, ==, loop_turns_between (ls->tiles[i], hint->solved[i]) % 4);
        told += turns > 0;
        for (int k = 0; k < turns; k++)
          turned[i] = (guint8) (((turned[i] << 1) | (turned[i] >> 3)) & 0xf);
        g_assert_cmpint (all != NULL && strstr (all, "\nSure: its neighbours leave it one way") != NULL,
                         ==, hint->forced[i] && turns > 0);
        sure += all != NULL && strstr (all, "Sure") != NULL;
        /* One step shown: the badge only on the tile Next Hint turns, the
         * tint (and its words alone) on every forced tile still to turn. */
        if (step != NULL && g_str_has_prefix (step, "Turn this tile"))
          {
            HbMove next;

            g_assert_cmpstr (step, ==, all);
            g_assert_true (loop_game.hint_next_move (s, hint, &next));
            g_assert_cmpint (next.x, ==, x);
            g_assert_cmpint (next.y, ==, y);
            one_step++;
          }
        else if (hint->forced[i] && turns > 0)
          g_assert_cmpstr (step, ==, "Sure: its neighbours leave it one way");
        else
          g_assert_null (step);
      }
  g_assert_cmpint (told, >, 0);
  g_assert_cmpint (sure, >, 0);
  g_assert_cmpint (one_step, ==, 1);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      g_assert_false (own_open (turned, w, h, x, y));
  g_assert_null (loop_game.hint_at (s, NULL, HB_HINT_SHOW_ALL, 0, 0));
  loop_game.hint_free ((gpointer) hint);
  hb_state_free (s);
}

/* The Empty tile's chip, a dashed square, shows against the chip at 3:1
 * or more (WCAG's bar for a control's parts) at the size the palette
 * draws it, in both styles: at 40 % of the pipes' colour and a pixel
 * wide it was a faint grey (about 2:1) beside the solid pieces. */
static void
test_palette_empty_contrast (void)
{
  HbState *s = loop_game.new_blank (2, 2);

  for (int dark = 0; dark <= 1; dark++)
    {
      cairo_surface_t *surf = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 32, 32);
      cairo_t *cr = cairo_create (surf);
      guint32 b;
      double bg[3], best = 1;

      loop_game.palette_render (s, HB_MODE_EDIT, LOOP_KIND_EMPTY, cr, 32, dark);
      cairo_destroy (cr);
      b = pixel (surf, 0, 0);
      bg[0] = ((b >> 16) & 0xff) / 255.0;
      bg[1] = ((b >> 8) & 0xff) / 255.0;
      bg[2] = (b & 0xff) / 255.0;
      for (int y = 0; y < 32; y++)
        for (int x = 0; x < 32; x++)
          {
            guint32 p = pixel (surf, x, y);
            double rgb[3] = { ((p >> 16) & 0xff) / 255.0, ((p >> 8) & 0xff) / 255.0,
                              (p & 0xff) / 255.0 };

            best = MAX (best, hb_draw_contrast (rgb, bg));
          }
      if (best < 3)
        g_error ("the Empty tile's chip (%s style) is %.2f:1 with its card",
                 dark ? "dark" : "light", best);
      cairo_surface_destroy (surf);
    }
  hb_state_free (s);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/loop/render/board", test_render);
  g_test_add_func ("/loop/render/hints", test_hints);
  g_test_add_func ("/loop/render/palette", test_palette_render);
  g_test_add_func ("/loop/render/palette-empty-contrast", test_palette_empty_contrast);
  g_test_add_func ("/loop/render/frames", test_frames);
  g_test_add_func ("/loop/render/frame-undo", test_frame_undo);
  g_test_add_func ("/loop/render/backtrack-tries", test_backtrack_tries);
  g_test_add_func ("/loop/import/summary", test_import_summary);
  g_test_add_func ("/loop/import/small-tiles", test_import_small_tiles);
  g_test_add_func ("/loop/import/tiny-boards", test_import_tiny_boards);
  g_test_add_func ("/loop/import/large-tiles", test_import_large_tiles);
  g_test_add_func ("/loop/import/short-arms", test_import_short_arms);
  g_test_add_func ("/loop/bench/quick", test_bench_quick);
  g_test_add_func ("/loop/hint-at", test_hint_at);
  return g_test_run ();
}
