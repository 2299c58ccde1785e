/* test-lights-solve.c: the Enlight solvers against independent code.
 *
 * Nothing here trusts the solvers' own arithmetic: presses are applied with
 * this file's own press code (and lights_check_presses), minimum press
 * counts come from brute force over every press set or from an independent
 * dense Gaussian elimination plus enumeration of the whole null space, and
 * nullities from the closed form over GF(2)[t]. */
#include "lights.h"
#include "hb-test-util.h"

#include <stdio.h>
#include <string.h>

/* ---- Independent helpers ------------------------------------------------ */

static void
own_press (guint8 *cells, int w, int h, int x, int y)
{
  static const int dx[5] = { 0, 1, -1, 0, 0 }, dy[5] = { 0, 0, 0, 1, -1 };

  for (int d = 0; d < 5; d++)
    {
      int nx = x + dx[d], ny = y + dy[d];
      if (nx >= 0 && ny >= 0 && nx < w && ny < h)
        cells[ny * w + nx] ^= 1;
    }
}

/* Applies the presses of a mask with this file's own code; TRUE if dark. */
static gboolean
own_check (const guint8 *cells, const guint8 *press, int w, int h)
{
  g_autofree guint8 *b = g_memdup2 (cells, (gsize) w * h);

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      if (press[y * w + x])
        own_press (b, w, h, x, y);
  for (int i = 0; i < w * h; i++)
    if (b[i])
      return FALSE;
  return TRUE;
}

static guint64
count_ones (const guint8 *v, gsize n)
{
  guint64 c = 0;

  for (gsize i = 0; i < n; i++)
    c += v[i] != 0;
  return c;
}

/* A result's moves as a press mask (each press toggles: pressing twice is
 * no press). */
static guint8 *
result_press (const HbResult *r, int w, int h)
{
  guint8 *press = g_malloc0 ((gsize) w * h);

  for (guint i = 0; i < r->moves->len; i++)
    {
      const HbMove *m = &g_array_index (r->moves, HbMove, i);
      g_assert_cmpint (m->op, ==, LIGHTS_OP_PRESS);
      g_assert_cmpint (m->x, >=, 0);
      g_assert_cmpint (m->y, >=, 0);
      g_assert_cmpint (m->x, <, w);
      g_assert_cmpint (m->y, <, h);
      press[(gsize) m->y * w + m->x] ^= 1;
    }
  return press;
}

static LightsState *
random_board (int w, int h, guint64 seed, gboolean solvable)
{
  LightsState *s = lights_state_new (w, h);
  HbRng rng;

  hb_rng_init (&rng, seed);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      if (hb_rng_next (&rng) >> 63)
        {
          if (solvable)
            own_press (s->cells, w, h, x, y);
          else
            s->cells[y * w + x] ^= 1;
        }
  return s;
}

static LightsState *
board_from_rows (const char *const *rows)
{
  int h = 0, w = (int) strlen (rows[0]);
  LightsState *s;

  while (rows[h])
    h++;
  s = lights_state_new (w, h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      s->cells[y * w + x] = rows[y][x] == '1';
  return s;
}

/* Solves with lights_gf2_solve and checks the answer is consistent and
 * clears the board. */
static void
gf2_checked (const LightsState *s, guint64 node_limit, LightsAnswer *a)
{
  g_autoptr(GError) error = NULL;
  int w = s->base.width, h = s->base.height;

  g_assert_true (lights_gf2_solve (s, node_limit, NULL, NULL, a, &error));
  g_assert_no_error (error);
  g_assert_false (a->cancelled);
  if (a->solvable)
    {
      g_assert_nonnull (a->press);
      g_assert_cmpuint (count_ones (a->press, (gsize) w * h), ==, a->presses);
      g_assert_true (own_check (s->cells, a->press, w, h));
      g_assert_true (lights_check_presses (s->cells, a->press, w, h));
    }
}

/* ---- Brute force on every board up to 4×4 -------------------------------- */

/* For a w×h board (w*h <= 16): for every light pattern, the fewest presses
 * that clear it (or -1), over all 2^(wh) press sets. */
static gint8 *
brute_force_table (int w, int h)
{
  int n = w * h;
  gint8 *best = g_new (gint8, (gsize) 1 << n);
  guint8 cells[16];

  memset (best, -1, (gsize) 1 << n);
  for (guint32 p = 0; p < (1u << n); p++)
    {
      guint32 pattern = 0;
      memset (cells, 0, sizeof cells);
      for (int i = 0; i < n; i++)
        if (p >> i & 1)
          own_press (cells, w, h, i % w, i / w);
      for (int i = 0; i < n; i++)
        pattern |= (guint32) cells[i] << i;
      /* Pressing p produces `pattern`, so p clears `pattern`. */
      if (best[pattern] < 0 || best[pattern] > __builtin_popcount (p))
        best[pattern] = (gint8) __builtin_popcount (p);
    }
  return best;
}

static void
test_gf2_brute_force (void)
{
  for (int w = 1; w <= 4; w++)
    for (int h = 1; h <= 4; h++)
      {
        int n = w * h;
        g_autofree gint8 *best = brute_force_table (w, h);
        guint32 reachable = 0;
        int nullity = -1;

        for (guint32 pattern = 0; pattern < (1u << n); pattern++)
          {
            LightsState *s = lights_state_new (w, h);
            LightsAnswer a;

            for (int i = 0; i < n; i++)
              s->cells[i] = pattern >> i & 1;
            gf2_checked (s, 0, &a);
            g_assert_cmpint (a.solvable, ==, best[pattern] >= 0);
            if (a.solvable)
              {
                reachable++;
                g_assert_true (a.optimal);
                g_assert_cmpuint (a.presses, ==, (guint64) best[pattern]);
              }
            if (nullity < 0)
              nullity = a.nullity;
            g_assert_cmpint (a.nullity, ==, nullity);
            lights_answer_clear (&a);
            hb_state_free (&s->base);
          }
        /* The image of the press map has 2^(n - nullity) patterns. */
        g_assert_cmpuint (reachable, ==, 1u << (n - nullity));
      }
}

/* ---- Nullity ----------------------------------------------------------- */

static void
test_gf2_nullity_known (void)
{
  static const struct { int n, nullity; } known[] = {
    { 4, 4 }, { 5, 2 }, { 9, 8 }, { 11, 6 }, { 16, 8 },
    { 6, 0 }, { 7, 0 }, { 8, 0 }, { 10, 0 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (known); i++)
    {
      int n = known[i].n;
      LightsState *s = random_board (n, n, 1000 + i, TRUE);
      LightsAnswer a;

      gf2_checked (s, 0, &a);
      g_assert_true (a.solvable);
      g_assert_cmpint (a.nullity, ==, known[i].nullity);
      lights_answer_clear (&a);
      hb_state_free (&s->base);
    }
}

/* Polynomials over GF(2) as bit masks (degree < 64). */
static int
poly_deg (guint64 p)
{
  return p ? 63 - __builtin_clzll (p) : -1;
}

static guint64
poly_mod (guint64 a, guint64 b)
{
  while (a && poly_deg (a) >= poly_deg (b))
    a ^= b << (poly_deg (a) - poly_deg (b));
  return a;
}

static guint64
poly_gcd (guint64 a, guint64 b)
{
  while (b)
    {
      guint64 t = poly_mod (a, b);
      a = b;
      b = t;
    }
  return a;
}

/* p(t + 1). */
static guint64
poly_shift (guint64 p)
{
  guint64 r = 0, pw = 1;   /* pw = (t + 1)^i */

  for (int i = 0; i <= poly_deg (p); i++)
    {
      if (p >> i & 1)
        r ^= pw;
      pw ^= pw << 1;
    }
  return r;
}

/* The closed form: a w×h board's nullity is deg gcd(p_h(t), p_w(t + 1))
 * with p_0 = 1, p_1 = t, p_{r+1} = t·p_r + p_{r-1} — the chase polynomials
 * (p_w(t + 1) is the characteristic polynomial of the tridiagonal T). */
static void
test_gf2_nullity_formula (void)
{
  guint64 p[40];

  p[0] = 1;
  p[1] = 2;
  for (int r = 2; r < 40; r++)
    p[r] = (p[r - 1] << 1) ^ p[r - 2];
  for (int w = 1; w <= 32; w++)
    for (int h = 1; h <= 32; h++)
      {
        LightsState *s = lights_state_new (w, h);
        LightsAnswer a;
        int expect = poly_deg (poly_gcd (p[h], poly_shift (p[w])));

        g_assert_cmpint (expect, ==, poly_deg (poly_gcd (p[w], poly_shift (p[h]))));
        gf2_checked (s, 1000, &a);
        g_assert_true (a.solvable);
        g_assert_cmpuint (a.presses, ==, 0);
        g_assert_cmpint (a.nullity, ==, expect);
        lights_answer_clear (&a);
        hb_state_free (&s->base);
      }
}

/* ---- Minimum presses against an independent enumeration ------------------ */

/* Dense Gaussian elimination on the (wh)×(wh) press matrix, then every
 * element of the null space: the fewest presses, or -1 if unsolvable. */
static gint64
independent_min_presses (const LightsState *s, int *nullity_out)
{
  int w = s->base.width, h = s->base.height, n = w * h;
  g_autofree guint8 *a = g_malloc0 ((gsize) n * (n + 1));
  g_autofree int *pivot_of_col = g_new (int, n);
  g_autofree int *free_cols = g_new (int, n);
  g_autofree guint8 *x = g_malloc0 (n);
  g_autofree guint8 *cur = g_malloc0 (n);
  int rank = 0, k = 0;
  gint64 best = -1;

  /* Row i: cell i's equation; column j: press j touches cell i. */
  for (int j = 0; j < n; j++)
    {
      guint8 col[n];
      memset (col, 0, n);
      own_press (col, w, h, j % w, j / w);
      for (int i = 0; i < n; i++)
        a[(gsize) i * (n + 1) + j] = col[i];
    }
  for (int i = 0; i < n; i++)
    a[(gsize) i * (n + 1) + n] = s->cells[i];
  for (int col = 0; col < n; col++)
    {
      int piv = -1;
      pivot_of_col[col] = -1;
      for (int r = rank; r < n; r++)
        if (a[(gsize) r * (n + 1) + col])
          {
            piv = r;
            break;
          }
      if (piv < 0)
        {
          free_cols[k++] = col;
          continue;
        }
      for (int c = 0; c <= n; c++)
        {
          guint8 t = a[(gsize) piv * (n + 1) + c];
          a[(gsize) piv * (n + 1) + c] = a[(gsize) rank * (n + 1) + c];
          a[(gsize) rank * (n + 1) + c] = t;
        }
      for (int r = 0; r < n; r++)
        if (r != rank && a[(gsize) r * (n + 1) + col])
          for (int c = 0; c <= n; c++)
            a[(gsize) r * (n + 1) + c] ^= a[(gsize) rank * (n + 1) + c];
      pivot_of_col[col] = rank++;
    }
  *nullity_out = k;
  for (int r = rank; r < n; r++)
    if (a[(gsize) r * (n + 1) + n])
      return -1;
  g_assert_cmpint (k, <=, 20);
  for (guint32 m = 0; m < (1u << k); m++)
    {
      /* Free variables from m, pivots from their rows. */
      memset (x, 0, n);
      for (int f = 0; f < k; f++)
        x[free_cols[f]] = m >> f & 1;
      for (int col = 0; col < n; col++)
        if (pivot_of_col[col] >= 0)
          {
            const guint8 *row = a + (gsize) pivot_of_col[col] * (n + 1);
            guint8 v = row[n];
            for (int f = 0; f < k; f++)
              v ^= row[free_cols[f]] & x[free_cols[f]];
            x[col] = v;
          }
      g_assert_true (own_check (s->cells, x, w, h));
      if (best < 0 || (gint64) count_ones (x, n) < best)
        best = (gint64) count_ones (x, n);
    }
  return best;
}

static void
test_gf2_min_presses_enumeration (void)
{
  /* Sizes with a null space (n×n nullity 4, 2, 8, 6, 8, 4, 16, 14, 10 and
   * wide/tall ones), random boards both solvable and not. */
  static const struct { int w, h; } sizes[] = {
    { 4, 4 }, { 5, 5 }, { 9, 9 }, { 11, 11 }, { 16, 16 }, { 14, 14 },
    { 19, 19 }, { 4, 9 }, { 9, 4 }, { 5, 11 }, { 11, 5 }, { 17, 17 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (sizes); i++)
    for (int trial = 0; trial < 4; trial++)
      {
        int w = sizes[i].w, h = sizes[i].h, nullity;
        LightsState *s = random_board (w, h, 77 * i + trial, trial != 3);
        LightsAnswer a;
        gint64 expect = independent_min_presses (s, &nullity);

        gf2_checked (s, 0, &a);
        g_assert_cmpint (a.nullity, ==, nullity);
        g_assert_cmpint (a.solvable, ==, expect >= 0);
        if (a.solvable)
          {
            g_assert_true (a.optimal);
            g_assert_cmpuint (a.presses, ==, (guint64) expect);
          }
        lights_answer_clear (&a);
        hb_state_free (&s->base);
      }
}

/* Tatham's Flip reference boards: the minimum is the third column. */
static void
test_gf2_flip_anchors (void)
{
  g_autoptr(GPtrArray) rows = hb_test_read_tsv ("anchors/lights/tatham-flip-ids.tsv");

  g_assert_cmpuint (rows->len, >=, 20);
  for (guint i = 0; i < rows->len; i++)
    {
      char **f = g_ptr_array_index (rows, i);
      g_autoptr(GError) error = NULL;
      LightsState *s;
      LightsAnswer a;
      HbResult *r;
      g_autofree guint8 *press = NULL;
      int w, h;

      g_assert_nonnull (f[3]);
      s = lights_parse_flip_id (f[3], strlen (f[3]), &error);
      g_assert_no_error (error);
      w = s->base.width;
      h = s->base.height;
      gf2_checked (s, 0, &a);
      g_assert_true (a.solvable);
      g_assert_true (a.optimal);
      g_assert_cmpuint (a.presses, ==, g_ascii_strtoull (f[2], NULL, 10));
      lights_answer_clear (&a);

      /* The same through the solver interface. */
      r = hb_solve (&lights_solver_gf2, &s->base, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpint (r->status, ==, HB_STATUS_SOLVED);
      g_assert_true (r->optimal);
      g_assert_cmpuint (r->moves->len, ==, g_ascii_strtoull (f[2], NULL, 10));
      press = result_press (r, w, h);
      g_assert_true (own_check (s->cells, press, w, h));
      g_assert_nonnull (r->solved);
      g_assert_true (lights_game.is_solved (r->solved));
      g_assert_cmpstr (hb_result_get_stat (r, "optimal"), ==, "proven");
      g_assert_cmpstr (hb_result_get_stat (r, "presses"), ==, f[2]);
      hb_result_free (r);
      hb_state_free (&s->base);
    }
}

/* ---- The solver interface ------------------------------------------------- */

static void
test_gf2_result (void)
{
  g_autoptr(GError) error = NULL;
  LightsState *s = random_board (9, 9, 5, TRUE);
  HbResult *r = hb_solve (&lights_solver_gf2, &s->base, NULL, NULL, NULL, &error);
  g_autofree guint8 *press = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (r->status, ==, HB_STATUS_SOLVED);
  g_assert_cmpstr (hb_result_get_stat (r, "solvable"), ==, "yes");
  g_assert_cmpstr (hb_result_get_stat (r, "nullity"), ==, "8");
  /* 2 to the power of the nullity, written out. */
  g_assert_cmpstr (hb_result_get_stat (r, "solutions"), ==, "256");
  g_assert_cmpstr (hb_result_get_stat (r, "optimal"), ==, "proven");
  g_assert_nonnull (hb_result_get_stat (r, "nodes"));
  press = result_press (r, 9, 9);
  g_assert_true (own_check (s->cells, press, 9, 9));
  g_assert_cmpuint (g_ascii_strtoull (hb_result_get_stat (r, "presses"), NULL, 10), ==,
                    r->moves->len);
  hb_result_free (r);

  /* Its animation has steps but no search depth (the player showed a
   * meaningless "Depth 2" for the chase's rows: review). */
  {
    HbTrace *trace = hb_trace_new (100000, 0);

    r = hb_solve (&lights_solver_gf2, &s->base, NULL, trace, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (hb_trace_length (trace), >, 0);
    for (gsize i = 0; i < hb_trace_length (trace); i++)
      g_assert_cmpint (hb_trace_step (trace, i)->depth, ==, 0);
    hb_result_free (r);
    hb_trace_free (trace);
  }

  /* One light in the corner of a 4×4 board cannot be cleared. */
  hb_state_free (&s->base);
  s = lights_state_new (4, 4);
  s->cells[0] = 1;
  r = hb_solve (&lights_solver_gf2, &s->base, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (r->status, ==, HB_STATUS_NO_SOLUTION);
  g_assert_nonnull (r->message);
  g_assert_cmpstr (hb_result_get_stat (r, "solvable"), ==, "no");
  g_assert_cmpstr (hb_result_get_stat (r, "nullity"), ==, "4");
  g_assert_cmpuint (r->moves->len, ==, 0);
  hb_result_free (r);
  hb_state_free (&s->base);
}

/* Asked for the answer as a board (the CLI's solve), the solver gives the
 * press grid and no moves: it clears the board (own code), it is as short
 * as the moves' answer, and the solution written from it is the same text.
 * Square boards with and without a null space, wide (transposed) and tall
 * ones, and one large enough for the huge-page buffers. */
static void
test_gf2_answer_board (void)
{
  static const struct { int w, h; guint seed; } sizes[] = {
    { 9, 9, 5 }, { 13, 13, 6 }, { 300, 70, 7 }, { 70, 301, 8 }, { 1000, 1000, 9 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      int w = sizes[i].w, h = sizes[i].h;
      LightsState *s = random_board (w, h, sizes[i].seed, TRUE);
      HbSolveOptions board = { .answer_board = TRUE };
      g_autoptr(GError) error = NULL;
      HbResult *a = hb_solve (&lights_solver_gf2, &s->base, &board, NULL, NULL, &error);
      HbResult *m = hb_solve (&lights_solver_gf2, &s->base, NULL, NULL, NULL, &error);
      g_autofree guint8 *press = NULL;
      g_autofree char *text_a = NULL, *text_m = NULL;
      const LightsState *ans;

      g_assert_no_error (error);
      g_assert_cmpint (a->status, ==, HB_STATUS_SOLVED);
      g_assert_cmpint (m->status, ==, HB_STATUS_SOLVED);
      g_assert_cmpuint (a->moves->len, ==, 0);
      g_assert_nonnull (a->answer);
      g_assert_true (a->answer->game == &lights_game);
      g_assert_cmpint (a->answer->width, ==, w);
      g_assert_cmpint (a->answer->height, ==, h);
      ans = LIGHTS_CONST (a->answer);
      g_assert_true (own_check (s->cells, ans->cells, w, h));
      press = result_press (m, w, h);
      g_assert_true (own_check (s->cells, press, w, h));
      g_assert_cmpuint (count_ones (ans->cells, (gsize) w * h), ==, m->moves->len);
      g_assert_cmpstr (hb_result_get_stat (a, "presses"), ==,
                       hb_result_get_stat (m, "presses"));
      text_a = lights_game.write_solution (&s->base, a, HB_WRITE_NATIVE);
      text_m = lights_game.write_solution (&s->base, m, HB_WRITE_NATIVE);
      g_assert_cmpstr (text_a, ==, text_m);
      hb_result_free (a);
      hb_result_free (m);
      hb_state_free (&s->base);
    }
}

/* Sets the token after 0.2 s (a Cancel pressed during a long search). */
static gpointer
cancel_later (gpointer data)
{
  g_usleep (200000);
  hb_cancel_set (data);
  return NULL;
}

/* A large nullity with a tiny node budget: the search gives up, says so,
 * and the answer still clears the board. */
static void
test_gf2_gives_up (void)
{
  g_autoptr(GError) error = NULL;
  LightsState *s = random_board (61, 61, 9, TRUE);
  HbSolveOptions options = { .node_limit = 200 };
  HbResult *r = hb_solve (&lights_solver_gf2, &s->base, &options, NULL, NULL, &error);
  g_autofree guint8 *press = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (r->status, ==, HB_STATUS_SOLVED);
  g_assert_cmpstr (hb_result_get_stat (r, "nullity"), ==, "40");
  g_assert_cmpstr (hb_result_get_stat (r, "solutions"), ==, "1099511627776");
  g_assert_false (r->optimal);
  g_assert_cmpstr (hb_result_get_stat (r, "optimal"), ==, "not proven");
  g_assert_nonnull (r->message);
  g_assert_nonnull (strstr (r->message, "Gave up"));
  press = result_press (r, 61, 61);
  g_assert_true (own_check (s->cells, press, 61, 61));
  hb_result_free (r);
  hb_state_free (&s->base);

  /* The time limit ends the proof the same way: the answer found stands,
   * not proven (it answered nothing, "gave up", though the elimination
   * had an answer in milliseconds: review). No step limit to end it first
   * (nullity 42: the proof is out of reach). A cancel by the caller still
   * answers nothing. */
  {
    LightsState *on = lights_state_new (65, 65);
    HbSolveOptions timed = { .node_limit = G_MAXUINT64 / 1024, .time_limit = 1.0 };
    g_autofree guint8 *press2 = NULL;

    memset (on->cells, 1, 65 * 65);
    r = hb_solve (&lights_solver_gf2, &on->base, &timed, NULL, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpint (r->status, ==, HB_STATUS_SOLVED);
    g_assert_false (r->optimal);
    g_assert_cmpstr (hb_result_get_stat (r, "nullity"), ==, "42");
    g_assert_nonnull (strstr (r->message, "Gave up proving the fewest at the time limit: "));
    press2 = result_press (r, 65, 65);
    g_assert_true (own_check (on->cells, press2, 65, 65));
    hb_result_free (r);

    /* The caller's cancel, with no time limit (the app's 0): cancelled,
     * no answer (it came back as one, "at the time limit": review). */
    {
      HbSolveOptions untimed = { .node_limit = G_MAXUINT64 / 1024 };
      g_autoptr(HbCancel) stop = hb_cancel_new ();
      GThread *canceller = g_thread_new ("cancel", cancel_later, stop);

      r = hb_solve (&lights_solver_gf2, &on->base, &untimed, NULL, stop, &error);
      g_thread_join (canceller);
      g_assert_no_error (error);
      g_assert_cmpint (r->status, ==, HB_STATUS_CANCELLED);
      g_assert_cmpuint (r->moves->len, ==, 0);
      hb_result_free (r);
    }
    hb_state_free (&on->base);
  }
}

/* The solutions take their noun's plural from their own number, not from
 * the presses' (in Romanian 256 takes "de soluții": "cele 256 soluții"
 * read wrong whatever the presses). */
static void
test_gf2_solution_plurals (void)
{
  static const struct { int w, h; guint seed; HbSolveOptions options; const char *en, *ro; }
  cases[] = {
    { 9, 9, 5, { 0 }, ", the fewest of the 256 solutions (proven)",
      ", cele mai puține dintre cele 256 de soluții (demonstrat)" },
    { 61, 61, 9, { .node_limit = 200 }, ", fewer may exist among the 1099511627776 solutions",
      ", pot exista mai puține printre cele 1099511627776 de soluții" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      LightsState *s = random_board (cases[i].w, cases[i].h, cases[i].seed, TRUE);

      for (int ro = 0; ro < 2; ro++)
        {
          g_autoptr(GError) error = NULL;
          HbResult *r;

          if (ro && !hb_test_romanian ())
            break;
          r = hb_solve (&lights_solver_gf2, &s->base, &cases[i].options, NULL, NULL, &error);
          g_assert_no_error (error);
          g_assert_nonnull (r->message);
          g_assert_true (g_str_has_suffix (r->message, ro ? cases[i].ro : cases[i].en));
          hb_result_free (r);
          if (ro)
            hb_test_romanian_end ();
        }
      hb_state_free (&s->base);
    }
}

/* The trace replays to a dark board: the chase, then the answer; each
 * press changes the board, and the step between says what the chase
 * left. */
static void
test_gf2_trace (void)
{
  g_autoptr(GError) error = NULL;
  LightsState *s = random_board (7, 5, 3, TRUE);
  HbTrace *trace = hb_trace_new (0, 0);
  HbResult *r = hb_solve (&lights_solver_gf2, &s->base, NULL, trace, NULL, &error);
  g_autofree guint8 *cells = g_memdup2 (s->cells, 35);
  g_autofree guint8 *pressed = g_malloc0 (35);
  gsize moves = 0;

  g_assert_no_error (error);
  g_assert_cmpint (r->status, ==, HB_STATUS_SOLVED);
  g_assert_cmpstr (hb_trace_get_counter_name (trace), ==, "presses");
  g_assert_false (hb_trace_truncated (trace));
  for (gsize i = 0; i < hb_trace_length (trace); i++)
    {
      const HbStep *st = hb_trace_step (trace, i);
      /* Every press changes the board: no step presses a cell pressed
       * already (the replay showed "Press …" changing nothing). */
      if (st->kind == HB_STEP_MOVE)
        g_assert_false (pressed[st->y * 7 + st->x]);
      if (st->kind == HB_STEP_INFO)
        {
          g_autofree char *said = lights_game.describe_step (&s->base, trace, st);
          g_assert_true (g_str_has_prefix (said, "Light chasing (each light pressed out from the row below it) "));
        }
      if (st->kind == HB_STEP_MOVE && !pressed[st->y * 7 + st->x])
        {
          own_press (cells, 7, 5, st->x, st->y);
          pressed[st->y * 7 + st->x] = 1;
          moves++;
        }
      else if (st->kind == HB_STEP_UNDO)
        {
          g_assert_true (pressed[st->y * 7 + st->x]);
          own_press (cells, 7, 5, st->x, st->y);
          pressed[st->y * 7 + st->x] = 0;
        }
    }
  g_assert_cmpuint (moves, >, 0);
  for (int i = 0; i < 35; i++)
    g_assert_cmpint (cells[i], ==, 0);
  g_assert_cmpuint (count_ones (pressed, 35), ==, r->moves->len);
  hb_result_free (r);
  hb_trace_free (trace);
  hb_state_free (&s->base);
}

static void
test_cancelled (void)
{
  g_autoptr(HbCancel) c = hb_cancel_new ();
  g_autoptr(GError) error = NULL;
  LightsState *s = random_board (200, 200, 11, TRUE);
  LightsState *t = random_board (10, 10, 11, TRUE);
  HbSolveOptions options = { 0 };
  HbResult *r;

  /* The solvers called directly: hb_solve starts none once the token is
   * set (/cancel/solve-stopped), and this is about what a solver says
   * when it finds its token set, as when cancelled while it runs. */
  hb_cancel_set (c);
  r = lights_solver_gf2.solve (&s->base, &options, NULL, c, &error);
  g_assert_no_error (error);
  g_assert_cmpint (r->status, ==, HB_STATUS_CANCELLED);
  hb_result_free (r);
  r = lights_solver_backtrack.solve (&t->base, &options, NULL, c, &error);
  g_assert_no_error (error);
  g_assert_cmpint (r->status, ==, HB_STATUS_CANCELLED);
  /* In the live counter's words ("Search steps"), not "search calls". */
  g_assert_true (g_str_has_prefix (r->message, "Cancelled after "));
  g_assert_true (g_str_has_suffix (r->message, " search steps")
                 || g_str_has_suffix (r->message, " search step"));
  hb_result_free (r);
  hb_state_free (&s->base);
  hb_state_free (&t->base);
}

/* Big boards, square and not, solved and checked (and a wide one, which the
 * solver handles transposed). */
static void
test_gf2_large (void)
{
  static const struct { int w, h; gboolean solvable; } sizes[] = {
    { 200, 200, FALSE }, { 1000, 1000, FALSE }, { 300, 70, TRUE }, { 70, 301, TRUE },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      LightsState *s = random_board (sizes[i].w, sizes[i].h, 21 + i, sizes[i].solvable);
      LightsAnswer a;

      gf2_checked (s, 0, &a);
      /* 200 and 1000 have nullity 0: every pattern is solvable. */
      g_assert_true (a.solvable);
      lights_answer_clear (&a);
      hb_state_free (&s->base);
    }
}

/* ---- Backtracking ------------------------------------------------------- */

static guint64
backtrack_calls (const HbResult *r)
{
  const char *v = hb_result_get_stat (r, "search calls");

  g_assert_nonnull (v);
  return g_ascii_strtoull (v, NULL, 10);
}

/* The write-up's level: its count was 93,183 on a 10×10 board. */
static void
test_backtrack_steps (void)
{
  static const char *const level[] = {
    "1101100000",
    "1000101011",
    "0110011100",
    "0011100110",
    "1010010111",
    "0111001010",
    "1100110001",
    "0001011101",
    "1011100100",
    "0110001011",
    NULL,
  };
  g_autoptr(GError) error = NULL;
  LightsState *s = board_from_rows (level);
  HbTrace *trace = hb_trace_new (0, 0);
  HbResult *r = hb_solve (&lights_solver_backtrack, &s->base, NULL, trace, NULL, &error);
  g_autofree guint8 *press = NULL;
  LightsAnswer a;

  g_assert_no_error (error);
  g_assert_cmpint (r->status, ==, HB_STATUS_SOLVED);
  g_assert_cmpuint (backtrack_calls (r), ==, 93183);
  g_assert_cmpstr (hb_result_get_stat (r, "solutions"), ==, "1");
  press = result_press (r, 10, 10);
  g_assert_true (own_check (s->cells, press, 10, 10));
  g_assert_true (lights_check_presses (s->cells, press, 10, 10));
  /* 10×10 has nullity 0: the GF(2) solver must give the same presses. */
  gf2_checked (s, 0, &a);
  g_assert_cmpmem (a.press, 100, press, 100);
  lights_answer_clear (&a);

  /* The trace: counter, kinds, and the last step's counter. */
  g_assert_cmpstr (hb_trace_get_counter_name (trace), ==, "search calls");
  g_assert_cmpuint (hb_trace_length (trace), >, 1000);
  {
    const HbStep *first = hb_trace_step (trace, 0);
    const HbStep *last = hb_trace_step (trace, hb_trace_length (trace) - 1);
    gboolean seen[HB_STEP_INFO + 1] = { 0 };

    g_assert_cmpint (first->kind, ==, HB_STEP_TRY);
    g_assert_cmpint (first->x, ==, 0);
    g_assert_cmpint (first->y, ==, 0);
    g_assert_cmpint (last->counter, ==, 93183);
    for (gsize i = 0; i < hb_trace_length (trace); i++)
      seen[hb_trace_step (trace, i)->kind] = TRUE;
    g_assert_true (seen[HB_STEP_TRY] && seen[HB_STEP_PLACE] && seen[HB_STEP_UNDO]
                   && seen[HB_STEP_REJECT] && seen[HB_STEP_SOLUTION]);
  }
  hb_trace_free (trace);
  hb_result_free (r);
  hb_state_free (&s->base);
}

/* The count is (2^H − 1) + 2^H·H·(W − 1) whatever the lights; the fewest
 * presses match brute force; a solution needing the last cell is found. */
static void
test_backtrack_small (void)
{
  for (int w = 1; w <= 4; w++)
    for (int h = 1; h <= 3; h++)
      {
        int n = w * h;
        g_autofree gint8 *best = brute_force_table (w, h);
        guint64 expect_calls = ((guint64) 1 << h) - 1
                               + ((guint64) 1 << h) * h * (w - 1);

        for (guint32 pattern = 0; pattern < (1u << n); pattern++)
          {
            g_autoptr(GError) error = NULL;
            LightsState *s = lights_state_new (w, h);
            HbResult *r;

            for (int i = 0; i < n; i++)
              s->cells[i] = pattern >> i & 1;
            r = hb_solve (&lights_solver_backtrack, &s->base, NULL, NULL, NULL, &error);
            g_assert_no_error (error);
            g_assert_cmpuint (backtrack_calls (r), ==, expect_calls);
            if (best[pattern] < 0)
              g_assert_cmpint (r->status, ==, HB_STATUS_NO_SOLUTION);
            else
              {
                g_autofree guint8 *press = result_press (r, w, h);
                g_assert_cmpint (r->status, ==, HB_STATUS_SOLVED);
                g_assert_true (r->optimal);
                g_assert_cmpuint (r->moves->len, ==, (guint) best[pattern]);
                g_assert_true (own_check (s->cells, press, w, h));
              }
            hb_result_free (r);
            hb_state_free (&s->base);
          }
      }

  /* The cross of the bottom-right cell: the write-up never pressed it. */
  {
    g_autoptr(GError) error = NULL;
    LightsState *s = lights_state_new (6, 6);
    HbResult *r;

    own_press (s->cells, 6, 6, 5, 5);
    r = hb_solve (&lights_solver_backtrack, &s->base, NULL, NULL, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpint (r->status, ==, HB_STATUS_SOLVED);
    g_assert_cmpuint (r->moves->len, ==, 1);
    g_assert_cmpint (g_array_index (r->moves, HbMove, 0).x, ==, 5);
    g_assert_cmpint (g_array_index (r->moves, HbMove, 0).y, ==, 5);
    hb_result_free (r);
    hb_state_free (&s->base);
  }
}

/* Boards too large for it are refused with a clear message. */
static void
test_backtrack_refuses (void)
{
  g_autoptr(GError) error = NULL;
  LightsState *s = lights_state_new (30, 30);
  HbSolveOptions options = { .node_limit = 1000 };
  HbResult *r = hb_solve (&lights_solver_backtrack, &s->base, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpint (r->status, ==, HB_STATUS_GAVE_UP);
  g_assert_nonnull (r->message);
  g_assert_nonnull (strstr (r->message, "Too large"));
  hb_result_free (r);
  hb_state_free (&s->base);

  /* A node limit below the exact count refuses a small board too. */
  s = lights_state_new (10, 10);
  r = hb_solve (&lights_solver_backtrack, &s->base, &options, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (r->status, ==, HB_STATUS_GAVE_UP);
  hb_result_free (r);
  hb_state_free (&s->base);
}

/* The backtracking shows its board live: the window's live view takes its
 * snapshots (only the sidebar's counter moved during an 18x18 board's
 * seconds). Each is a frame of the board: its presses are counted. */
static void
test_backtrack_live (void)
{
  HbGenerateParams p = { 10, 10, 0, 7 };
  HbState *s = lights_game.generate (&p, NULL);
  HbTrace *trace = hb_trace_new (HB_TRACE_DEFAULT_MAX_STEPS, HB_TRACE_DEFAULT_MAX_BYTES);
  HbSolveOptions o = { 0 };
  GDestroyNotify free_func = NULL;
  LightsFrame *snap;
  g_autofree char *status = NULL;
  g_autofree guint8 *lit = NULL;
  guint64 presses = G_MAXUINT64, counted = 0;
  HbResult *r;

  hb_trace_set_live (trace, TRUE);
  r = lights_solver_backtrack.solve (s, &o, trace, NULL, NULL);
  g_assert_cmpint (r->status, ==, HB_STATUS_SOLVED);
  g_assert_cmpuint (hb_trace_published (trace), >, 0);
  snap = hb_trace_take_snapshot (trace, &free_func);
  g_assert_nonnull (snap);
  g_assert_true (free_func == lights_game.frame_free);
  status = lights_game.frame_status (snap);
  g_assert_true (sscanf (status, "%" G_GUINT64_FORMAT, &presses) == 1);
  g_assert_true (g_str_has_suffix (status, presses == 1 ? " press" : " presses"));
  /* Its lights are the level's with its presses made, and it counts them. */
  g_assert_cmpint (snap->width, ==, 10);
  g_assert_cmpint (snap->height, ==, 10);
  lit = g_memdup2 (LIGHTS_CONST (s)->cells, 100);
  for (int i = 0; i < 100; i++)
    if (snap->press[i])
      {
        lights_press (lit, 10, 10, i % 10, i / 10);
        counted++;
      }
  g_assert_cmpmem (lit, 100, snap->cells, 100);
  g_assert_cmpuint (counted, ==, snap->presses);
  g_assert_cmpuint (presses, ==, counted);
  free_func (snap);
  hb_result_free (r);
  hb_trace_free (trace);
  hb_state_free (s);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lights/gf2/brute-force", test_gf2_brute_force);
  g_test_add_func ("/lights/gf2/nullity-known", test_gf2_nullity_known);
  g_test_add_func ("/lights/gf2/nullity-formula", test_gf2_nullity_formula);
  g_test_add_func ("/lights/gf2/min-presses-enumeration", test_gf2_min_presses_enumeration);
  g_test_add_func ("/lights/gf2/flip-anchors", test_gf2_flip_anchors);
  g_test_add_func ("/lights/gf2/result", test_gf2_result);
  g_test_add_func ("/lights/gf2/answer-board", test_gf2_answer_board);
  g_test_add_func ("/lights/gf2/gives-up", test_gf2_gives_up);
  g_test_add_func ("/lights/gf2/solution-plurals", test_gf2_solution_plurals);
  g_test_add_func ("/lights/gf2/trace", test_gf2_trace);
  g_test_add_func ("/lights/gf2/large", test_gf2_large);
  g_test_add_func ("/lights/cancelled", test_cancelled);
  g_test_add_func ("/lights/backtrack/steps", test_backtrack_steps);
  g_test_add_func ("/lights/backtrack/small", test_backtrack_small);
  g_test_add_func ("/lights/backtrack/live", test_backtrack_live);
  g_test_add_func ("/lights/backtrack/refuses", test_backtrack_refuses);
  return g_test_run ();
}
