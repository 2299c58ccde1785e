/* test-flow-generate: random levels (flow-generate.c). Levels have the
 * size and colours asked for, every colour two dots; they are solved by the
 * fast solver and the answers checked by the tests' own checker; the same
 * seed gives the same level; "unique" levels have exactly one solution
 * (the solver's count, and a brute force on tiny boards); impossible
 * requests are refused with a message. Big boards with few colours (up to
 * 1000×1000 in 88) come with the generator's own answer, which the tests'
 * checker and the game's both pass, and differ from seed to seed. */
#include "flow.h"
#include "flow-check.h"
#include "hb-test-util.h"

#include <stdlib.h>
#include <string.h>

static HbState *
generate (int w, int h, int colours, guint64 seed, gboolean unique, GError **error)
{
  g_autoptr (HbSettings) set = hb_settings_new ();
  HbGenerateParams p = { w, h, colours, seed, NULL };

  if (unique)
    {
      g_assert_true (hb_settings_set_switch (set, hb_setting_list_find (flow_generate_settings,
                                                                        "unique"),
                                             TRUE, NULL));
      p.settings = set;
    }
  return flow_generate (&p, error);
}

/* Dots: each colour exactly twice, nothing else on the board. */
static void
assert_level (const FlowState *s, int w, int h, int colours)
{
  int count[FLOW_MAX_COLOURS + 1] = { 0 };
  gsize n = (gsize) w * h;

  g_assert_cmpint (s->base.width, ==, w);
  g_assert_cmpint (s->base.height, ==, h);
  if (colours > 0)
    g_assert_cmpint (s->colours, ==, colours);
  g_assert_cmpint (s->colours, >=, 1);
  g_assert_cmpint (s->colours, <=, FLOW_MAX_COLOURS);
  for (gsize i = 0; i < n; i++)
    {
      g_assert_cmpint (s->dot[i], <=, s->colours);
      count[s->dot[i]]++;
      g_assert_cmpint (s->colour[i], ==, s->dot[i]);
      g_assert_cmpint (s->links[i], ==, 0);
    }
  for (int c = 1; c <= s->colours; c++)
    g_assert_cmpint (count[c], ==, 2);
}

static guint64
count_solutions (const FlowState *s, guint limit, HbStatus *status)
{
  HbSolveOptions o = { 0 };
  HbResult *r;
  guint64 n;

  o.count_limit = limit;
  r = flow_solver_fast.solve (&s->base, &o, NULL, NULL, NULL);
  *status = r->status;
  if (r->status == HB_STATUS_SOLVED)
    {
      const char *why = flow_check_answer (s->base.width, s->base.height, s->dot,
                                           FLOW_CONST (r->solved)->colour);
      if (why != NULL)
        g_error ("bad answer: %s", why);
    }
  g_assert_nonnull (hb_result_get_stat (r, "solutions"));
  n = g_ascii_strtoull (hb_result_get_stat (r, "solutions"), NULL, 10);
  hb_result_free (r);
  return n;
}

/* The tests' own count for tiny boards: every colouring, each checked. */
static guint64
brute (const FlowState *s, guint8 *cells, int i)
{
  int n = s->base.width * s->base.height;
  guint64 total = 0;

  if (i == n)
    return flow_check_answer (s->base.width, s->base.height, s->dot, cells) == NULL;
  if (s->dot[i])
    {
      cells[i] = s->dot[i];
      return brute (s, cells, i + 1);
    }
  for (int c = 1; c <= s->colours; c++)
    {
      cells[i] = (guint8) c;
      total += brute (s, cells, i + 1);
    }
  return total;
}

static void
test_solvable (void)
{
  static const int cases[][3] = {
    { 5, 5, 0 }, { 6, 6, 0 }, { 7, 7, 0 }, { 8, 8, 0 }, { 9, 9, 0 }, { 10, 10, 0 },
    { 12, 12, 0 }, { 9, 5, 3 }, { 4, 11, 4 }, { 125, 2, 0 }, { 2, 60, 0 }, { 3, 3, 2 },
    { 2, 1, 1 }, { 10, 10, 30 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    for (guint64 seed = 1; seed <= 4; seed++)
      {
        g_autoptr (GError) error = NULL;
        HbState *s = generate (cases[i][0], cases[i][1], cases[i][2], seed, FALSE, &error);
        HbStatus st;

        g_assert_no_error (error);
        assert_level (FLOW (s), cases[i][0], cases[i][1], cases[i][2]);
        g_assert_cmpuint (count_solutions (FLOW (s), 1, &st), ==, 1);
        g_assert_cmpint (st, ==, HB_STATUS_SOLVED);
        hb_state_free (s);
      }
}

/* Without a colour count: one a side cell up to 64×64, then 2000 / side,
 * at least 10 (88 on 100×100 made a level no solver solves: review). */
static void
test_default_colours (void)
{
  static const int cases[][3] = {
    { 6, 6, 6 }, { 50, 50, 50 }, { 64, 64, 64 }, { 65, 65, 31 }, { 100, 100, 20 },
    { 200, 50, 20 }, { 300, 300, 10 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      HbState *s = generate (cases[i][0], cases[i][1], 0, 1, FALSE, &error);

      g_assert_no_error (error);
      assert_level (FLOW (s), cases[i][0], cases[i][1], cases[i][2]);
      hb_state_free (s);
    }
}

/* Large boards with few colours (long paths): the level is well formed.
 * (The generator checks every answer it builds before it returns.) */
static void
test_large (void)
{
  static const int cases[][3] = {
    { 50, 50, 0 }, { 100, 100, 0 }, { 60, 40, 30 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      HbState *s = generate (cases[i][0], cases[i][1], cases[i][2], 1, FALSE, &error);

      g_assert_no_error (error);
      assert_level (FLOW (s), cases[i][0], cases[i][1], cases[i][2]);
      hb_state_free (s);
    }
}

/* The generator's own answer for the level, checked by the tests' own
 * checker and by the game's. */
static FlowState *
generate_checked (int w, int h, int colours, guint64 seed)
{
  g_autoptr (GError) error = NULL;
  HbGenerateParams p = { w, h, colours, seed, NULL };
  FlowState *answer = NULL;
  HbState *s = flow_generate_full (&p, &answer, &error);
  const char *why;

  g_assert_no_error (error);
  g_assert_nonnull (s);
  g_assert_nonnull (answer);
  assert_level (FLOW (s), w, h, colours);
  g_assert_cmpint (answer->base.width, ==, w);
  g_assert_cmpint (answer->base.height, ==, h);
  g_assert_true (memcmp (answer->dot, FLOW (s)->dot, (gsize) w * h) == 0);
  why = flow_check_answer (w, h, FLOW (s)->dot, answer->colour);
  if (why != NULL)
    g_error ("%d×%d, %d colours, seed %" G_GUINT64_FORMAT ": %s", w, h, colours, seed, why);
  g_assert_true (flow_is_solved (answer));
  hb_state_free (s);
  return answer;
}

/* Few colours for the board's size, long strips both ways, non-square:
 * the generator's answer obeys the rule for many seeds. */
static void
test_big_answers (void)
{
  static const int cases[][3] = {
    { 125, 2, 0 }, { 2, 125, 0 }, { 125, 2, 2 }, { 2, 125, 3 }, { 125, 2, 40 },
    { 1000, 2, 5 }, { 3, 400, 2 }, { 50, 50, 6 }, { 50, 50, 3 }, { 40, 40, 88 },
    { 100, 100, 0 }, { 100, 100, 3 }, { 100, 100, 20 }, { 61, 37, 4 }, { 37, 61, 9 },
    { 200, 30, 5 }, { 30, 200, 5 }, { 150, 150, 12 }, { 7, 7, 2 }, { 21, 20, 2 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    for (guint64 seed = 1; seed <= 5; seed++)
      flow_state_free (generate_checked (cases[i][0], cases[i][1], cases[i][2], seed));
}

/* The largest board the game takes, with as many colours as it has and
 * with few: once each. */
static void
test_huge (void)
{
  flow_state_free (generate_checked (1000, 1000, 0, 1));
  flow_state_free (generate_checked (1000, 1000, 4, 2));
}

/* Not one pattern per size: the answers of different seeds differ in
 * where the paths run (their links), not only in where the dots are. */
static void
test_varied (void)
{
  static const int cases[][3] = { { 100, 100, 10 }, { 60, 40, 4 }, { 125, 2, 3 }, { 300, 300, 88 } };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      FlowState *a[4];
      gsize n = (gsize) cases[i][0] * cases[i][1];

      for (int k = 0; k < 4; k++)
        a[k] = generate_checked (cases[i][0], cases[i][1], cases[i][2], 10 + k);
      for (int k = 0; k < 4; k++)
        for (int j = k + 1; j < 4; j++)
          g_assert_false (memcmp (a[k]->links, a[j]->links, n) == 0);
      for (int k = 0; k < 4; k++)
        flow_state_free (a[k]);
    }
}

/* Four seeds' levels of w×h in `colours`, each checked by the tests' own
 * checker (generate_checked), and not all four the same level. */
static void
assert_seeds_differ (int w, int h, int colours)
{
  FlowState *a[4];
  gboolean differ = FALSE;

  for (int k = 0; k < 4; k++)
    a[k] = generate_checked (w, h, colours, 1 + k);
  for (int k = 1; k < 4; k++)
    differ = differ || memcmp (a[0]->links, a[k]->links, (gsize) w * h) != 0;
  g_assert_true (differ);
  for (int k = 0; k < 4; k++)
    flow_state_free (a[k]);
}

/* Two colours on even by even boards: from about 12×12 up the generator
 * said it "could not cover" them, though two paths that wind in from
 * opposite corners do. The named sizes for several seeds, then every
 * even board up to 40×40 once; each answer checked by the tests' own
 * checker (generate_checked), and not all seeds the same level. */
static void
test_two_colours_even (void)
{
  static const int cases[][2] = {
    { 12, 12 }, { 14, 14 }, { 20, 20 }, { 40, 40 }, { 12, 18 }, { 18, 12 }, { 100, 62 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    assert_seeds_differ (cases[i][0], cases[i][1], 2);
  for (int w = 2; w <= 40; w += 2)
    for (int h = 2; h <= 40; h += 2)
      flow_state_free (generate_checked (w, h, 2, 7));
}

/* Two colours on boards with one side odd and the other even: the
 * generator said it "could not cover" 264 of them up to 40×40, those whose
 * odd side is longer (13×8, 8×13, 31×20, 4×27), though two arms drawn from
 * the odd side's ends do cover them. The named sizes (some the walk made
 * before, 3×4 and 5×2 the smallest) for several seeds, then every such
 * board up to 40×40 once; each answer checked by the tests' own checker
 * (generate_checked), and not all seeds the same level. */
static void
test_two_colours_odd_even (void)
{
  static const int cases[][2] = {
    { 13, 8 }, { 8, 13 }, { 31, 20 }, { 20, 31 }, { 3, 4 }, { 5, 2 }, { 4, 27 }, { 39, 40 },
    { 15, 8 }, { 101, 62 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    assert_seeds_differ (cases[i][0], cases[i][1], 2);
  for (int w = 1; w <= 40; w++)
    for (int h = 1; h <= 40; h++)
      if (w % 2 != h % 2 && w * h >= 4)
        flow_state_free (generate_checked (w, h, 2, 7));
}

/* A level made with "unique": its dots, one solution by the counting
 * solver and, on boards of up to 12 cells, by the brute count too. */
static void
assert_unique_level (int w, int h, int colours, guint64 seed)
{
  g_autoptr (GError) error = NULL;
  HbState *s = generate (w, h, colours, seed, TRUE, &error);
  HbStatus st;

  g_assert_no_error (error);
  assert_level (FLOW (s), w, h, colours);
  g_assert_cmpuint (count_solutions (FLOW (s), 100, &st), ==, 1);
  if (w * h <= 12)
    {
      g_autofree guint8 *cells = g_malloc0 ((gsize) w * h);
      g_assert_cmpuint (brute (FLOW (s), cells, 0), ==, 1);
    }
  hb_state_free (s);
}

/* Nearly a domino per colour: the walk from the random dominoes starts
 * with fewer paths than asked when they leave cells over (each costs a
 * path), and refused 20×8 in 78 colours, 18×8 in 72, 1×161 in 79 and 722
 * of the requests up to 30×30 in their 7 largest counts, though dominoes,
 * some joined, cover every board. The named requests for several seeds
 * (not all the same level), then every board up to 16×16 in its 4
 * largest counts; each answer checked by the tests' own checker
 * (generate_checked). With "unique" such levels have one solution. */
static void
test_near_max (void)
{
  static const int cases[][3] = {
    { 20, 8, 78 }, { 18, 8, 72 }, { 1, 161, 79 }, { 161, 1, 80 }, { 5, 6, 15 }, { 12, 12, 71 },
    { 12, 12, 72 }, { 9, 10, 45 }, { 8, 20, 80 }, { 3, 40, 60 }, { 139, 1, 66 }, { 13, 13, 84 },
  };
  static const int unique[][3] = { { 14, 12, 84 }, { 13, 12, 78 }, { 15, 10, 75 }, { 3, 3, 4 } };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      FlowState *a[5];
      gsize n = (gsize) cases[i][0] * cases[i][1];
      gboolean differ = FALSE;

      for (int k = 0; k < 5; k++)
        a[k] = generate_checked (cases[i][0], cases[i][1], cases[i][2], 1 + k);
      for (int k = 1; k < 5; k++)
        differ = differ || memcmp (a[0]->links, a[k]->links, n) != 0;
      g_assert_true (differ);
      for (int k = 0; k < 5; k++)
        flow_state_free (a[k]);
    }
  for (int w = 1; w <= 16; w++)
    for (int h = 1; h <= 16; h++)
      for (int c = MAX (1, w * h / 2 - 3); c <= MIN (w * h / 2, FLOW_MAX_COLOURS); c++)
        if (c > 1 || w == 1 || h == 1)
          flow_state_free (generate_checked (w, h, c, 1));
  for (gsize i = 0; i < G_N_ELEMENTS (unique); i++)
    assert_unique_level (unique[i][0], unique[i][1], unique[i][2], 1);
}

/* Two colours need four cells: the boards with fewer are refused, saying
 * how many colours they take; every other board takes two (the two tests
 * above, and the walk on odd×odd boards). */
static void
test_two_colours_tiny (void)
{
  static const struct {
    int w, h;
    const char *msg;
  } cases[] = {
    { 1, 2, "a 1×2 board takes 1 colour, not 2" },
    { 2, 1, "a 2×1 board takes 1 colour, not 2" },
    { 1, 3, "a 1×3 board takes 1 colour, not 2" },
    { 3, 1, "a 3×1 board takes 1 colour, not 2" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;

      g_assert_null (generate (cases[i].w, cases[i].h, 2, 1, FALSE, &error));
      g_assert_nonnull (error);
      g_assert_cmpstr (error->message, ==, cases[i].msg);
    }
  flow_state_free (generate_checked (1, 4, 2, 1));
  flow_state_free (generate_checked (4, 1, 2, 1));
  flow_state_free (generate_checked (2, 2, 2, 1));
  flow_state_free (generate_checked (3, 3, 2, 1));
}

static void
test_deterministic (void)
{
  for (guint64 seed = 1; seed <= 5; seed++)
    {
      HbState *a = generate (11, 9, 0, seed, FALSE, NULL);
      HbState *b = generate (11, 9, 0, seed, FALSE, NULL);
      HbState *c = generate (11, 9, 0, seed + 100, FALSE, NULL);

      g_assert_true (flow_game.equal (a, b));
      g_assert_false (flow_game.equal (a, c));
      hb_state_free (a);
      hb_state_free (b);
      hb_state_free (c);
    }
}

static void
test_unique (void)
{
  static const int cases[][3] = {
    { 5, 5, 0 }, { 6, 6, 0 }, { 7, 7, 0 }, { 8, 8, 0 }, { 9, 9, 0 }, { 4, 3, 3 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    for (guint64 seed = 1; seed <= 3; seed++)
      assert_unique_level (cases[i][0], cases[i][1], cases[i][2], seed);
}

static void
test_refused (void)
{
  g_autoptr (GError) e1 = NULL;
  g_autoptr (GError) e2 = NULL;
  g_autoptr (GError) e3 = NULL;
  g_autoptr (GError) e4 = NULL;

  /* More colours than the game has, or than the board holds. */
  g_assert_null (generate (20, 20, FLOW_MAX_COLOURS + 1, 1, FALSE, &e1));
  g_assert_nonnull (e1);
  /* Only the most is said: the fewest depend on the board's shape, with
   * messages of their own (it said "2 to 72", then refused 2). */
  {
    g_autoptr (GError) e5 = NULL;
    g_assert_null (generate (12, 12, 88, 1, FALSE, &e5));
    g_assert_cmpstr (e5->message, ==, "a 12×12 board takes at most 72 colours, not 88");
  }
  g_assert_null (generate (3, 3, 5, 1, FALSE, &e2));
  g_assert_nonnull (e2);
  /* One cell. */
  g_assert_null (generate (1, 1, 0, 1, FALSE, &e3));
  g_assert_nonnull (e3);
  /* A big board cannot be covered by one path that never touches itself. */
  g_assert_null (generate (12, 12, 1, 1, FALSE, &e4));
  g_assert_nonnull (e4);
  g_assert_nonnull (strstr (e4->message, "colours"));
}

/* The colours and the paths of a refusal each take their noun's plural
 * from their own number: the messages had none, and Romanian read "72
 * culori" and "80 drumuri" where 72 and 80 take "de". The requests are
 * ones still refused; the paths' messages ("could not cover") were those
 * of 8×20 in 80 colours and 5×6 in 15 until the walk from a whole tiling
 * made them, and no request tried reaches them since (see
 * test_suggestion): they are built from the same numbers. */
static void
test_romanian_plurals (void)
{
  static const struct {
    int w, h, colours;
    const char *ro;
  } cases[] = {
    { 12, 12, 88, "o tablă de 12×12 primește cel mult 72 de culori, nu 88" },
    { 4, 4, 9, "o tablă de 4×4 primește cel mult 8 culori, nu 9" },
    { 1, 3, 2, "o tablă de 1×3 primește 1 culoare, nu 2" },
  };
  static const struct {
    int w, h, colours, works;
    const char *ro;
  } cover[] = {
    /* A colour per path: 80 paths, 75 colours would do. */
    { 8, 20, 80, 75, "o tablă de 8×20 nu a putut fi acoperită cu chiar 80 de drumuri de cel "
                     "puțin două celule; merge cu 75 de culori" },
    /* Few of each: 15 paths, 14 colours would do. */
    { 5, 6, 15, 14, "o tablă de 5×6 nu a putut fi acoperită cu chiar 15 drumuri de cel "
                    "puțin două celule; merge cu 14 culori" },
  };

  if (!hb_test_romanian ())
    return;
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;

      g_assert_null (generate (cases[i].w, cases[i].h, cases[i].colours, 1, FALSE, &error));
      g_assert_nonnull (error);
      g_assert_cmpstr (error->message, ==, cases[i].ro);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (cover); i++)
    {
      g_autoptr (GError) error = NULL;

      flow_generate_cover_error (&error, cover[i].w, cover[i].h, cover[i].colours,
                                 cover[i].works);
      g_assert_nonnull (error);
      g_assert_cmpstr (error->message, ==, cover[i].ro);
    }
  hb_test_romanian_end ();
}

/* A request the generator cannot meet says how many colours it can
 * manage nearby. The requests that needed the advice were near a domino
 * per colour (5×6 in 15, 12×12 in 71, 8×20 in 80, 3×40 in 60, 139×1 in
 * 66, 9×10 in 45), which the walk from a whole tiling makes now, and
 * none was found refused since (every board of up to 200 cells from a
 * colour per four cells to a domino per colour, 3,000 random requests;
 * fewer colours up to 40×40): those are made, and the advice is checked
 * as the sentence built for the numbers. */
static void
test_suggestion (void)
{
  static const int cases[][3] = {
    { 5, 6, 15 }, { 12, 12, 71 }, { 8, 20, 80 }, { 3, 40, 60 }, { 139, 1, 66 }, { 9, 10, 45 },
  };
  static const struct {
    int w, h, colours, works;
    const char *msg;
  } cover[] = {
    { 20, 8, 78, 76, "could not cover a 20×8 board with as many as 78 paths of two cells or "
                     "more; 76 colours can" },
    { 3, 3, 4, 0, "could not cover a 3×3 board with 4 paths of two cells or more; "
                  "try fewer colours" },
    { 31, 20, 2, 3, "could not cover a 31×20 board with only 2 paths that never touch "
                    "themselves; 3 colours can" },
    { 9, 9, 1, 0, "could not cover a 9×9 board with only 1 path that never touches itself; "
                  "try more colours" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    flow_state_free (generate_checked (cases[i][0], cases[i][1], cases[i][2], 1));
  for (gsize i = 0; i < G_N_ELEMENTS (cover); i++)
    {
      g_autoptr (GError) error = NULL;

      flow_generate_cover_error (&error, cover[i].w, cover[i].h, cover[i].colours,
                                 cover[i].works);
      g_assert_nonnull (error);
      g_assert_cmpstr (error->message, ==, cover[i].msg);
    }
}

/* One path cannot fill a board two cells wide or more, whatever its size;
 * a board one cell wide takes one. */
static void
test_one_colour (void)
{
  static const int refused[][2] = { { 2, 2 }, { 2, 125 }, { 1000, 1000 }, { 40, 3 } };

  for (gsize i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr (GError) error = NULL;
      g_assert_null (generate (refused[i][0], refused[i][1], 1, 1, FALSE, &error));
      g_assert_nonnull (error);
      g_assert_nonnull (strstr (error->message, "2 colours or more"));
    }
  flow_state_free (generate_checked (1, 300, 1, 1));
  flow_state_free (generate_checked (300, 1, 1, 1));
}

/* A level with one solution that did not turn up in time: the advice
 * names more colours only where the board can take more (at 88 colours,
 * the most there are, "try more colours" could not be followed). */
static void
test_unique_most_colours (void)
{
  static const struct { int w, h, colours; gboolean more; } cases[] = {
    { 100, 100, 88, FALSE }, { 100, 100, 60, TRUE },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (HbSettings) set = hb_settings_new ();
      g_autoptr (GError) error = NULL;
      /* A hundredth of a second: the first try's count cannot prove one
       * solution on 100×100, and the next try is past the limit. */
      HbGenerateParams p = { cases[i].w, cases[i].h, cases[i].colours, 1, set, 0.01 };

      g_assert_true (hb_settings_set_switch (set, hb_setting_list_find (flow_generate_settings,
                                                                        "unique"),
                                             TRUE, NULL));
      g_assert_null (flow_generate (&p, &error));
      g_assert_nonnull (error);
      g_assert_nonnull (strstr (error->message, "within the time limit"));
      g_assert_nonnull (strstr (error->message, "a smaller board"));
      g_assert_true ((strstr (error->message, "more colours") != NULL) == cases[i].more);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flow/generate/solvable", test_solvable);
  g_test_add_func ("/flow/generate/large", test_large);
  g_test_add_func ("/flow/generate/big-answers", test_big_answers);
  g_test_add_func ("/flow/generate/huge", test_huge);
  g_test_add_func ("/flow/generate/default-colours", test_default_colours);
  g_test_add_func ("/flow/generate/varied", test_varied);
  g_test_add_func ("/flow/generate/two-colours-even", test_two_colours_even);
  g_test_add_func ("/flow/generate/two-colours-odd-even", test_two_colours_odd_even);
  g_test_add_func ("/flow/generate/two-colours-tiny", test_two_colours_tiny);
  g_test_add_func ("/flow/generate/near-max", test_near_max);
  g_test_add_func ("/flow/generate/one-colour", test_one_colour);
  g_test_add_func ("/flow/generate/suggestion", test_suggestion);
  g_test_add_func ("/flow/generate/deterministic", test_deterministic);
  g_test_add_func ("/flow/generate/unique", test_unique);
  g_test_add_func ("/flow/generate/unique-most-colours", test_unique_most_colours);
  g_test_add_func ("/flow/generate/refused", test_refused);
  g_test_add_func ("/flow/generate/romanian-plurals", test_romanian_plurals);
  return g_test_run ();
}
