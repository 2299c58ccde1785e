/* Flow Free rules and moves: linking, cutting another path, truncating,
 * clearing, dots in the editor, resizing, pointer gestures in play and
 * edit, the status lines of play and edit, solved detection (checked by
 * flow-check.h), the palette, trace frames, hints. */
#include "flow-game.h"
#include "flow-check.h"
#include "hb-player.h"
#include "hb-test-util.h"

#include <math.h>
#include <string.h>

static FlowState *
parse (const char *text)
{
  return FLOW (hb_test_parse (&flow_game, text));
}

/* Applies a move, asserting it changes the board; frees the old one. */
static FlowState *
apply (FlowState *s, int op, int x, int y, int value)
{
  HbMove m = { op, x, y, value };
  HbState *r = flow_game.apply (&s->base, &m);

  g_assert_nonnull (r);
  hb_state_free (&s->base);
  return FLOW (r);
}

static void
apply_refused (const FlowState *s, int op, int x, int y, int value)
{
  HbMove m = { op, x, y, value };

  g_assert_null (flow_game.apply (&s->base, &m));
}

#define LINK(c, d) ((d) | ((c) << 2))

/* The board's colours as a string of names ('.' empty), row after row. */
static char *
colours_of (const FlowState *s)
{
  gsize n = (gsize) s->base.width * s->base.height;
  char *t = g_malloc (n + 1);

  for (gsize i = 0; i < n; i++)
    t[i] = s->colour[i] ? s->names[s->colour[i] - 1] : '.';
  t[n] = '\0';
  return t;
}

static void
assert_colours (const FlowState *s, const char *want)
{
  g_autofree char *have = colours_of (s);
  g_assert_cmpstr (have, ==, want);
}

/* The links are symmetric and join cells of one colour. */
static void
assert_consistent (const FlowState *s)
{
  int w = s->base.width, h = s->base.height;

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        int i = y * w + x;
        if (s->dot[i])
          g_assert_cmpint (s->colour[i], ==, s->dot[i]);
        for (int d = 0; d < 4; d++)
          if ((s->links[i] >> d) & 1)
            {
              int nx = x + hb_dir_dx[d], ny = y + hb_dir_dy[d], j;
              g_assert_true (nx >= 0 && ny >= 0 && nx < w && ny < h);
              j = ny * w + nx;
              g_assert_true ((s->links[j] >> HB_DIR_OPPOSITE (d)) & 1);
              g_assert_cmpint (s->colour[j], ==, s->colour[i]);
            }
      }
}

static void
test_link_and_solve (void)
{
  /* R.R over G.G: R along the top, G along the bottom. */
  FlowState *s = parse ("R.R\nG.G\n");
  g_autofree char *status = NULL;

  s = apply (s, FLOW_OP_LINK, 0, 0, LINK (0, HB_DIR_E));
  s = apply (s, FLOW_OP_LINK, 1, 0, LINK (0, HB_DIR_E));
  assert_colours (s, "RRRG.G");
  g_assert_false (flow_game.is_solved (&s->base));
  status = flow_game.status_text (&s->base);
  /* The dots are not counted: one of the two cells between them filled. */
  g_assert_cmpstr (status, ==, "1 / 2 flows · 1 / 2 cells");
  /* A dot takes one link only; a link into another colour's dot is refused. */
  apply_refused (s, FLOW_OP_LINK, 0, 0, LINK (0, HB_DIR_S));
  apply_refused (s, FLOW_OP_LINK, 1, 1, LINK (0, HB_DIR_W));
  /* The same link again changes nothing. */
  apply_refused (s, FLOW_OP_LINK, 0, 0, LINK (0, HB_DIR_E));
  s = apply (s, FLOW_OP_LINK, 2, 1, LINK (1, HB_DIR_W));
  s = apply (s, FLOW_OP_LINK, 1, 1, LINK (1, HB_DIR_W));
  assert_consistent (s);
  g_assert_true (flow_game.is_solved (&s->base));
  g_assert_null (flow_check_answer (3, 2, s->dot, s->colour));
  g_clear_pointer (&status, g_free);
  status = flow_game.status_text (&s->base);
  g_assert_cmpstr (status, ==, "2 / 2 flows · 2 / 2 cells · Solved");
  hb_state_free (&s->base);
}

/* An empty board says how to place dots; one of one cell, which has no
 * two cells to click, says to make it larger ("click two cells" there
 * could not be done). */
static void
test_status_no_dots (void)
{
  FlowState *s = flow_state_new (3, 2, 0);
  char *status = flow_game.status_text (&s->base);

  g_assert_cmpstr (status, ==, "No dots yet: in Edit, pick a colour and click two cells");
  g_free (status);
  hb_state_free (&s->base);
  s = flow_state_new (1, 1, 0);
  status = flow_game.status_text (&s->base);
  g_assert_cmpstr (status, ==, "One cell holds no pair of dots: in Edit, make the board wider or taller");
  g_free (status);
  hb_state_free (&s->base);
}

/* Every flow joined but no win: the status says what is left, empty cells
 * or a path that touches itself (it just stayed grey). */
static void
test_status_joined_not_won (void)
{
  FlowState *s = parse ("R..R\n....\nB..B\n");
  char *status;

  for (int x = 0; x < 3; x++)
    {
      s = apply (s, FLOW_OP_LINK, x, 0, LINK (0, HB_DIR_E));
      s = apply (s, FLOW_OP_LINK, x, 2, LINK (1, HB_DIR_E));
    }
  status = flow_game.status_text (&s->base);
  g_assert_cmpstr (status, ==, "2 / 2 flows · 4 / 8 cells · Fill every cell to finish");
  g_free (status);
  hb_state_free (&s->base);

  /* Red round the corner and back beside its own first dot: every cell
   * filled, the flow joined, no win. */
  s = parse ("R.\nR.\n");
  s = apply (s, FLOW_OP_LINK, 0, 0, LINK (0, HB_DIR_E));
  s = apply (s, FLOW_OP_LINK, 1, 0, LINK (0, HB_DIR_S));
  s = apply (s, FLOW_OP_LINK, 1, 1, LINK (0, HB_DIR_W));
  g_assert_false (flow_game.is_solved (&s->base));
  status = flow_game.status_text (&s->base);
  g_assert_cmpstr (status, ==, "1 / 1 flow · 2 / 2 cells · Red's path touches itself");
  g_free (status);
  hb_state_free (&s->base);

  /* Colours without their pair: up to three are named, more counted. */
  {
    static const char *const cases[][2] = {
      /* A colour's name mid-sentence in lower case, as every Flow Free
       * message says it there (the resize toast's "dots of red, green
       * and blue" stood above "Red, Green and Blue need …"). */
      { "R.G\nB.R\n", "Green and blue need their second dot" },
      { "Y.G\nB.Y\n", "Green and blue need their second dot" },
      { "Y.G\nB.R\nR..\n", "Yellow, green and blue need their second dot" },
      { "B.D\nG.G\n", "Blue and colour ‘D’ need their second dot" },
      { "D.B\nG.G\n", "Colour ‘D’ and blue need their second dot" },
      { "Y.G\nB.R\n", "Yellow and 3 other colours need their second dot" },
    };
    for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
      {
        g_autofree char *text = g_strconcat ("# editing: a colour may lack its pair\n",
                                             cases[i][0], NULL);
        s = parse (text);
        status = flow_game.status_text (&s->base);
        g_assert_cmpstr (status, ==, cases[i][1]);
        g_free (status);
        hb_state_free (&s->base);
      }
  }
}

/* A level of dots only has no cells to fill: the line counts flows alone
 * (it read "0 / 0 cells"). */
static void
test_status_dots_only (void)
{
  FlowState *s = parse ("RR\n");
  g_autofree char *status = flow_game.status_text (&s->base);

  g_assert_cmpstr (status, ==, "0 / 1 flow");
  s = apply (s, FLOW_OP_LINK, 0, 0, LINK (0, HB_DIR_E));
  g_clear_pointer (&status, g_free);
  status = flow_game.status_text (&s->base);
  g_assert_true (flow_game.is_solved (&s->base));
  g_assert_cmpstr (status, ==, "1 / 1 flow · Solved");
  hb_state_free (&s->base);
}

/* Colours the board from `colours` (names, row after row; every name a
 * colour of s) and links each pair of cells listed in `pairs` (indices,
 * -1 ends), nothing else: boards flow_is_solved must judge. */
static void
draw_board (FlowState *s, const char *colours, const int *pairs)
{
  int w = s->base.width;

  for (gsize i = 0; colours[i] != '\0'; i++)
    {
      const char *at = strchr (s->names, colours[i]);

      g_assert_nonnull (at);
      s->colour[i] = (guint8) (at - s->names + 1);
      s->links[i] = 0;
    }
  for (int k = 0; pairs[k] >= 0; k += 2)
    {
      int a = pairs[k], b = pairs[k + 1];
      int d = b == a + 1 ? HB_DIR_E : b == a - 1 ? HB_DIR_W : b == a + w ? HB_DIR_S : HB_DIR_N;

      s->links[a] |= (guint8) (1u << d);
      s->links[b] |= (guint8) (1u << HB_DIR_OPPOSITE (d));
    }
}

/* flow_is_solved_until (the corner chains' check of an answer, which a
 * limit stops): with a stop that never says so, the same verdict as
 * flow_is_solved, asking it on a board of over 64 rows; with one that
 * says stop, FALSE, on the same solved board. */
static int stop_asked;

static gboolean
stop_never (gpointer data)
{
  stop_asked++;
  return FALSE;
}

static gboolean
stop_now (gpointer data)
{
  stop_asked++;
  return TRUE;
}

static void
test_is_solved_until (void)
{
  HbGenerateParams p = { 100, 100, 6, 1, NULL };
  g_autoptr (GError) error = NULL;
  FlowState *answer = NULL;
  HbState *s = flow_generate_full (&p, &answer, &error);

  g_assert_no_error (error);
  g_assert_true (flow_is_solved (answer));
  stop_asked = 0;
  g_assert_true (flow_is_solved_until (answer, stop_never, NULL));
  g_assert_cmpint (stop_asked, >, 0);
  stop_asked = 0;
  g_assert_false (flow_is_solved_until (answer, stop_now, NULL));
  g_assert_cmpint (stop_asked, ==, 1);
  g_assert_false (flow_is_solved_until (FLOW_CONST (s), NULL, NULL));
  flow_state_free (answer);
  hb_state_free (s);
}

/* flow_is_solved, the game's own check, refuses every kind of broken
 * answer, each alone, and agrees with the tests' own check (flow-check.h)
 * where that one can judge (it reads colours only). */
static void
test_is_solved_rejects (void)
{
  static const int rows[] = { 0, 1, 1, 2, 3, 4, 4, 5, 6, 7, 7, 8, -1 };
  /* A runs round the square and comes back beside its own dot. */
  static const int touch[] = { 0, 2, 2, 3, 3, 1, -1 };
  /* A along the top, B below it, and a ring of A round C's two dots. */
  static const int ring[] = { 0, 1, 1, 2, 2, 3, 4, 5, 5, 6, 6, 7,
                              8, 9, 9, 10, 10, 11, 11, 15, 15, 19, 19, 18, 18, 17, 17, 16,
                              16, 12, 12, 8, 13, 14, -1 };
  FlowState *s = parse ("A.A\nB.B\nC.C\n");
  FlowState *t;

  draw_board (s, "AAABBBCCC", rows);
  g_assert_true (flow_is_solved (s));
  g_assert_null (flow_check_answer (3, 3, s->dot, s->colour));
  /* A cell left empty (its links gone with it). */
  t = flow_state_copy (s);
  t->colour[4] = 0;
  t->links[3] &= (guint8) ~(1u << HB_DIR_E);
  t->links[5] &= (guint8) ~(1u << HB_DIR_W);
  t->links[4] = 0;
  g_assert_false (flow_is_solved (t));
  g_assert_nonnull (flow_check_answer (3, 3, t->dot, t->colour));
  flow_state_free (t);
  /* A link one cell has and its neighbour does not. */
  t = flow_state_copy (s);
  t->links[5] &= (guint8) ~(1u << HB_DIR_W);
  g_assert_false (flow_is_solved (t));
  flow_state_free (t);
  /* A dot's link off the board instead of to its path. */
  t = flow_state_copy (s);
  t->links[2] = 1u << HB_DIR_E;
  g_assert_false (flow_is_solved (t));
  flow_state_free (t);
  /* A link between two colours. */
  t = flow_state_copy (s);
  t->links[1] |= 1u << HB_DIR_S;
  t->links[4] |= 1u << HB_DIR_N;
  t->links[0] = 0;
  t->links[3] = 0;
  g_assert_false (flow_is_solved (t));
  flow_state_free (t);
  hb_state_free (&s->base);

  /* Degrees and links all right, but the path touches itself. */
  s = parse ("AA\n..\n");
  draw_board (s, "AAAA", touch);
  g_assert_false (flow_is_solved (s));
  g_assert_nonnull (flow_check_answer (2, 2, s->dot, s->colour));
  hb_state_free (&s->base);

  /* A stray loop of A beside A's finished path. */
  s = parse ("A..A\nB..B\n....\n.CC.\n....\n");
  draw_board (s, "AAAABBBBAAAAACCAAAAA", ring);
  g_assert_false (flow_is_solved (s));
  g_assert_nonnull (flow_check_answer (4, 5, s->dot, s->colour));
  /* Every flow joined, every cell filled: the status says why no win. */
  {
    g_autofree char *status = flow_game.status_text (&s->base);
    g_assert_cmpstr (status, ==,
                     "3 / 3 flows · 14 / 14 cells · Grey has a piece apart from its path");
  }
  hb_state_free (&s->base);
}

static void
test_cut (void)
{
  /*  . R .
   *  G . G
   *  . R .   R runs down the middle; G across cuts it. */
  FlowState *s = parse (".R.\nG.G\n.R.\n");

  s = apply (s, FLOW_OP_LINK, 1, 0, LINK (0, HB_DIR_S));
  assert_colours (s, ".R.GRG.R.");
  /* G from its left dot into the middle: R is cut there; R's part from
   * the top dot (which reaches a dot) stays. */
  s = apply (s, FLOW_OP_LINK, 0, 1, LINK (1, HB_DIR_E));
  assert_consistent (s);
  assert_colours (s, ".R.GGG.R.");
  g_assert_cmpint (s->links[1], ==, 0);
  hb_state_free (&s->base);
}

static void
test_cut_long (void)
{
  FlowState *s = parse ("R....\n.....\n..G.G\n.....\n....R\n");

  s = apply (s, FLOW_OP_LINK, 0, 0, LINK (0, HB_DIR_E));
  s = apply (s, FLOW_OP_LINK, 1, 0, LINK (0, HB_DIR_E));
  s = apply (s, FLOW_OP_LINK, 2, 0, LINK (0, HB_DIR_E));
  s = apply (s, FLOW_OP_LINK, 3, 0, LINK (0, HB_DIR_S));
  s = apply (s, FLOW_OP_LINK, 3, 1, LINK (0, HB_DIR_S));
  s = apply (s, FLOW_OP_LINK, 3, 2, LINK (0, HB_DIR_S));
  assert_colours (s, "RRRR....R...GRG...R.....R");
  /* G's left dot right into (3, 2) cuts R there: (3, 3) beyond it goes. */
  s = apply (s, FLOW_OP_LINK, 2, 2, LINK (1, HB_DIR_E));
  assert_consistent (s);
  assert_colours (s, "RRRR....R...GGG.........R");
  hb_state_free (&s->base);
}

static void
test_truncate_and_clear (void)
{
  FlowState *s = parse ("R...R\n");

  s = apply (s, FLOW_OP_LINK, 0, 0, LINK (0, HB_DIR_E));
  s = apply (s, FLOW_OP_LINK, 1, 0, LINK (0, HB_DIR_E));
  s = apply (s, FLOW_OP_LINK, 2, 0, LINK (0, HB_DIR_E));
  assert_colours (s, "RRRRR");
  g_assert_false (flow_game.is_solved (&s->base));    /* (3,0)'s next link is missing */
  s = apply (s, FLOW_OP_LINK, 3, 0, LINK (0, HB_DIR_E));
  g_assert_true (flow_game.is_solved (&s->base));
  /* Truncating a joined path at (2, 0) keeps the part towards its first dot. */
  s = apply (s, FLOW_OP_TRUNCATE, 2, 0, -1);
  assert_colours (s, "RRR.R");
  assert_consistent (s);
  /* Keeping a named branch, and keeping none. */
  s = apply (s, FLOW_OP_TRUNCATE, 1, 0, HB_DIR_W);
  assert_colours (s, "RR..R");
  s = apply (s, FLOW_OP_TRUNCATE, 0, 0, 4);
  assert_colours (s, "R...R");
  apply_refused (s, FLOW_OP_TRUNCATE, 2, 0, -1);       /* empty cell */
  s = apply (s, FLOW_OP_LINK, 4, 0, LINK (0, HB_DIR_W));
  s = apply (s, FLOW_OP_CLEAR_COLOUR, 0, 0, 0);
  assert_colours (s, "R...R");
  apply_refused (s, FLOW_OP_CLEAR_COLOUR, 0, 0, 0);
  apply_refused (s, FLOW_OP_CLEAR_PATHS, 0, 0, 0);
  s = apply (s, FLOW_OP_LINK, 4, 0, LINK (0, HB_DIR_W));
  s = apply (s, FLOW_OP_CLEAR_PATHS, 0, 0, 0);
  assert_colours (s, "R...R");
  /* Bad moves never crash. */
  apply_refused (s, FLOW_OP_LINK, -1, 0, 0);
  apply_refused (s, FLOW_OP_LINK, 4, 0, LINK (0, HB_DIR_E));
  apply_refused (s, FLOW_OP_LINK, 0, 0, LINK (5, HB_DIR_E));
  apply_refused (s, FLOW_OP_LINK, 0, 0, -7);
  apply_refused (s, 99, 0, 0, 0);
  hb_state_free (&s->base);

  /* Drawn from the right dot, the press keeps the part from that dot, as
   * a cut by another colour does (it kept the left part, the first dot in
   * reading order). */
  s = parse ("R...R\n");
  for (int x = 4; x > 0; x--)
    s = apply (s, FLOW_OP_LINK, x, 0, LINK (0, HB_DIR_W));
  g_assert_true (flow_game.is_solved (&s->base));
  s = apply (s, FLOW_OP_TRUNCATE, 2, 0, -1);
  assert_colours (s, "R.RRR");
  assert_consistent (s);
  hb_state_free (&s->base);
}

/* The index of colour character ch among s's names (spare ones too). */
static int
name_index (const FlowState *s, char ch)
{
  for (int k = 0; k < FLOW_MAX_COLOURS; k++)
    if (s->names[k] == ch)
      return k;
  g_assert_not_reached ();
}

/* An edit keeps the drawn paths of the colours it does not touch; the
 * colour whose dot changes, and a path through the edited cell, lose
 * theirs (the colours' numbers may change on the way). */
static void
test_edit_keeps_paths (void)
{
  /* R along the top row, G along the bottom row, both drawn. */
  FlowState *s = parse ("R..R\n....\nG..G\n");

  for (int x = 0; x < 3; x++)
    {
      s = apply (s, FLOW_OP_LINK, x, 0, LINK (0, HB_DIR_E));
      s = apply (s, FLOW_OP_LINK, x, 2, LINK (1, HB_DIR_E));
    }
  assert_colours (s, "RRRR....GGGG");
  /* A new pair in the middle row: both drawn paths stay, though blue now
   * numbers between red and green. */
  s = apply (s, FLOW_OP_SET_DOT, 0, 1, name_index (s, 'B'));
  s = apply (s, FLOW_OP_SET_DOT, 3, 1, name_index (s, 'B'));
  assert_colours (s, "RRRRB..BGGGG");
  assert_consistent (s);
  g_assert_cmpint (s->links[0], !=, 0);
  g_assert_cmpint (s->links[8], !=, 0);
  /* A dot on red's path: red's path goes, green's stays. */
  s = apply (s, FLOW_OP_SET_DOT, 1, 0, name_index (s, 'Y'));
  assert_colours (s, "RY.RB..BGGGG");
  assert_consistent (s);
  g_assert_cmpint (s->links[0], ==, 0);
  /* Taking green's dot away takes its path. */
  s = apply (s, FLOW_OP_SET_DOT, 0, 2, -1);
  assert_colours (s, "RY.RB..B...G");
  assert_consistent (s);
  hb_state_free (&s->base);
}

static void
test_edit_dots (void)
{
  FlowState *s = FLOW (flow_game.new_blank (4, 3));
  g_autofree char *text = NULL, *status = NULL;

  g_assert_cmpint (s->colours, ==, 0);
  status = flow_game.status_text (&s->base);
  g_assert_nonnull (strstr (status, "No dots"));
  /* Colour 4 of the spare names is orange ('O'): it becomes colour 0. */
  s = apply (s, FLOW_OP_SET_DOT, 0, 0, 4);
  g_assert_cmpint (s->colours, ==, 1);
  g_assert_cmpint (s->names[0], ==, 'O');
  g_clear_pointer (&status, g_free);
  status = flow_game.status_text (&s->base);
  /* Named as the palette names it. */
  g_assert_cmpstr (status, ==, "Orange needs its second dot");
  s = apply (s, FLOW_OP_SET_DOT, 3, 0, 0);
  apply_refused (s, FLOW_OP_SET_DOT, 3, 2, 0);    /* a third dot */
  apply_refused (s, FLOW_OP_SET_DOT, 3, 0, 0);    /* already there */
  /* Red (still a spare name, now at 4 after the swap). */
  g_assert_cmpint (s->names[4], ==, 'R');
  s = apply (s, FLOW_OP_SET_DOT, 0, 2, 4);
  s = apply (s, FLOW_OP_SET_DOT, 3, 2, 1);
  g_assert_cmpint (s->colours, ==, 2);
  text = flow_game.write (&s->base, HB_WRITE_NATIVE, NULL);
  g_assert_cmpstr (text, ==, "O..O\n....\nR..R\n");
  {
    /* Colours are numbered in reading order, as a file reads them. */
    HbState *back = hb_test_parse (&flow_game, text);
    g_assert_true (flow_game.equal (&s->base, back));
    hb_state_free (back);
  }
  /* Removing both of orange's dots renumbers red to 0. */
  s = apply (s, FLOW_OP_SET_DOT, 0, 0, -1);
  s = apply (s, FLOW_OP_SET_DOT, 3, 0, -1);
  g_assert_cmpint (s->colours, ==, 1);
  g_assert_cmpint (s->names[0], ==, 'R');
  g_assert_cmpint (s->dot[2 * 4], ==, 1);
  apply_refused (s, FLOW_OP_SET_DOT, 1, 1, -1);   /* no dot there */
  /* Placing a dot of another colour on a dot replaces it. */
  s = apply (s, FLOW_OP_SET_DOT, 0, 2, 2);
  g_assert_cmpint (s->colours, ==, 2);
  g_clear_pointer (&text, g_free);
  text = flow_write_text (s, FALSE);
  g_assert_cmpint (text[10], !=, 'R');
  g_assert_cmpint (text[13], ==, 'R');
  hb_state_free (&s->base);
}

/* The status line names a colour without its pair as the palette does;
 * a colour the palette has no name for goes by its character; a colour
 * with more dots than two (a file can hold one) says how many. */
static void
test_status_names_colour (void)
{
  FlowState *s = FLOW (flow_game.new_blank (4, 3));
  g_autofree char *status = NULL;

  s = apply (s, FLOW_OP_SET_DOT, 0, 0, name_index (s, 'R'));
  status = flow_game.status_text (&s->base);
  g_assert_cmpstr (status, ==, "Red needs its second dot");
  s = apply (s, FLOW_OP_SET_DOT, 3, 0, 0);
  s = apply (s, FLOW_OP_SET_DOT, 0, 2, name_index (s, 'b'));
  g_clear_pointer (&status, g_free);
  status = flow_game.status_text (&s->base);
  g_assert_cmpstr (status, ==, "Dark blue needs its second dot");
  s = apply (s, FLOW_OP_SET_DOT, 0, 2, -1);
  /* 'D' is the first character past the game's sixteen. */
  s = apply (s, FLOW_OP_SET_DOT, 1, 1, name_index (s, 'D'));
  g_clear_pointer (&status, g_free);
  status = flow_game.status_text (&s->base);
  g_assert_cmpstr (status, ==, "Colour ‘D’ needs its second dot");
  hb_state_free (&s->base);

  s = flow_state_new (3, 2, 1);
  s->dot[0] = s->dot[2] = s->dot[4] = 1;
  s->colour[0] = s->colour[2] = s->colour[4] = 1;
  g_clear_pointer (&status, g_free);
  status = flow_game.status_text (&s->base);
  g_assert_cmpstr (status, ==, "Red has 3 dots, not two");
  hb_state_free (&s->base);
}

/* Edit's status line speaks of the design: the same words as play for a
 * level without dots or a colour without its pair, else how many colours
 * have their two dots; never the flows joined or "Solved", even with the
 * paths drawn in (it said "0 / 2 flows · 4 / 6 cells" as if in a game). */
static void
test_edit_status (void)
{
  FlowState *s = FLOW (flow_game.new_blank (3, 2));
  g_autofree char *status = NULL, *play = NULL;

  g_assert_nonnull (flow_game.edit_status_text);
  status = flow_game.edit_status_text (&s->base);
  play = flow_game.status_text (&s->base);
  g_assert_cmpstr (status, ==, play);
  g_assert_nonnull (strstr (status, "No dots"));
  s = apply (s, FLOW_OP_SET_DOT, 0, 0, name_index (s, 'R'));
  g_clear_pointer (&status, g_free);
  status = flow_game.edit_status_text (&s->base);
  g_assert_cmpstr (status, ==, "Red needs its second dot");
  s = apply (s, FLOW_OP_SET_DOT, 2, 0, 0);
  g_clear_pointer (&status, g_free);
  status = flow_game.edit_status_text (&s->base);
  g_assert_cmpstr (status, ==, "1 colour, with its two dots");
  hb_state_free (&s->base);

  /* Two colours, then both flows drawn: a design, not a game won. */
  s = parse ("R.R\nG.G\n");
  g_clear_pointer (&status, g_free);
  status = flow_game.edit_status_text (&s->base);
  g_assert_cmpstr (status, ==, "2 colours, each with its two dots");
  s = apply (s, FLOW_OP_LINK, 0, 0, LINK (0, HB_DIR_E));
  s = apply (s, FLOW_OP_LINK, 1, 0, LINK (0, HB_DIR_E));
  s = apply (s, FLOW_OP_LINK, 2, 1, LINK (1, HB_DIR_W));
  s = apply (s, FLOW_OP_LINK, 1, 1, LINK (1, HB_DIR_W));
  g_assert_true (flow_game.is_solved (&s->base));
  g_clear_pointer (&status, g_free);
  status = flow_game.edit_status_text (&s->base);
  g_assert_cmpstr (status, ==, "2 colours, each with its two dots");
  g_assert_null (strstr (status, "Solved"));
  g_assert_null (strstr (status, "flows"));
  hb_state_free (&s->base);
}

/* The largest difference between two colours' channels (0xRRGGBB). */
static int
channel_gap (guint32 a, guint32 b)
{
  int gap = 0;

  for (int shift = 0; shift <= 16; shift += 8)
    gap = MAX (gap, ABS ((int) ((a >> shift) & 0xff) - (int) ((b >> shift) & 0xff)));
  return gap;
}

/* The colour the palette draws for an entry (its character's). */
static guint32
entry_rgb (const HbPaletteEntry *e)
{
  FlowState *probe = flow_state_new (1, 1, 0);
  guint32 rgb;

  probe->names[0] = (char) e->id;
  rgb = flow_colour_rgb (probe, 0, FALSE);
  flow_state_free (probe);
  return rgb;
}

/* Edit's last chip, the new colour, is a character no other chip has, in
 * a colour that stands apart from every other chip (the first spare
 * character, 'D', is an orange next to Orange: its chip read as a second
 * Orange), and its tooltip says what it is. Placed, its dots take that
 * character and colour; the chip after it is another one, again apart. */
static void
test_palette_new_colour (void)
{
  FlowState *s = FLOW (flow_game.new_blank (4, 3));
  HbPaletteEntry e[32];
  int n, id;
  char want[48];

  for (int round = 0; round < 2; round++)
    {
      n = flow_game.palette (&s->base, HB_MODE_EDIT, e, 32);
      g_assert_cmpint (n, ==, 17 + round);
      id = e[n - 1].id;
      g_snprintf (want, sizeof want, "Another colour, marked ‘%c’ on its dots", id);
      g_assert_cmpstr (e[n - 1].name, ==, want);
      g_test_message ("new colour %d: '%c' (%06x)", round + 1, id, entry_rgb (&e[n - 1]));
      for (int k = 0; k < n - 1; k++)
        {
          g_assert_cmpint (e[k].id, !=, id);
          if (channel_gap (entry_rgb (&e[k]), entry_rgb (&e[n - 1])) < 64)
            g_error ("the new colour '%c' (%06x) looks like the chip '%c' (%06x)", id,
                     entry_rgb (&e[n - 1]), e[k].id, entry_rgb (&e[k]));
        }
      /* Its pair placed: a colour of the level with that character and
       * the chip's colour, listed among the level's colours next time. */
      s = apply (s, FLOW_OP_SET_DOT, 0, round, name_index (s, (char) id));
      s = apply (s, FLOW_OP_SET_DOT, 3, round, name_index (s, (char) id));
      g_assert_cmpint (s->colours, ==, round + 1);
      g_assert_cmpint (s->names[round], ==, id);
      g_assert_cmphex (flow_colour_rgb (s, round, FALSE), ==, entry_rgb (&e[n - 1]));
    }
  n = flow_game.palette (&s->base, HB_MODE_EDIT, e, 32);
  g_assert_cmpint (n, ==, 19);
  hb_state_free (&s->base);
}

static void
test_resize (void)
{
  FlowState *s = parse ("R..G\n....\nR..G\n");
  HbState *r = flow_game.resize (&s->base, 3, 3, 0, 0);
  FlowState *f = FLOW (r);

  /* G's dots fell off: the colour goes. */
  g_assert_cmpint (f->colours, ==, 1);
  g_assert_cmpint (f->names[0], ==, 'R');
  hb_state_free (r);
  r = flow_game.resize (&s->base, 6, 4, 0, 0);
  g_assert_cmpint (FLOW (r)->colours, ==, 2);
  g_assert_cmpint (r->width, ==, 6);
  hb_state_free (r);
  g_assert_null (flow_game.resize (&s->base, 0, 3, 0, 0));
  /* A row above and a column on the left: every dot one cell down and
   * right, its colour with it. */
  r = flow_game.resize (&s->base, 5, 4, 1, 1);
  f = FLOW (r);
  g_assert_cmpint (f->colours, ==, 2);
  for (int x = 0; x < 5; x++)
    g_assert_cmpint (f->dot[x], ==, 0);
  g_assert_cmpint (f->dot[1 * 5 + 1], ==, s->dot[0]);
  g_assert_cmpint (f->dot[1 * 5 + 4], ==, s->dot[3]);
  g_assert_cmpint (f->dot[3 * 5 + 1], ==, s->dot[2 * 4]);
  g_assert_cmpint (f->colour[3 * 5 + 4], ==, s->dot[2 * 4 + 3]);
  hb_state_free (r);
  /* The left column removed: R's dots go, and R with them. */
  r = flow_game.resize (&s->base, 3, 3, -1, 0);
  g_assert_cmpint (FLOW (r)->colours, ==, 1);
  g_assert_cmpint (FLOW (r)->names[0], ==, 'G');
  g_assert_cmpint (FLOW (r)->dot[2], !=, 0);
  hb_state_free (r);
  hb_state_free (&s->base);
}

/* Equal boards show the same characters in the same cells, however their
 * colours are numbered (a generator's order is not a file's). */
static void
test_equal_renumbered (void)
{
  FlowState *a = parse ("RG\nRG\n");
  FlowState *b = flow_state_new (2, 2, 2);

  b->names[0] = 'G';
  b->names[1] = 'R';
  b->dot[0] = b->dot[2] = b->colour[0] = b->colour[2] = 2;
  b->dot[1] = b->dot[3] = b->colour[1] = b->colour[3] = 1;
  g_assert_true (flow_game.equal (&a->base, &b->base));
  b->names[1] = 'B';
  g_assert_false (flow_game.equal (&a->base, &b->base));
  hb_state_free (&a->base);
  hb_state_free (&b->base);
}

/* ---- Pointer gestures ---- */

typedef struct {
  FlowState *s;
  HbPointer  ptr;
} Player;

/* Sends one event and applies its moves as the app does. */
static void
event (Player *p, HbPointerPhase phase, int x, int y)
{
  HbMove moves[64];
  HbHit hit = { x, y, 0.5, 0.5, x >= 0 && y >= 0 && x < p->s->base.width
                                && y < p->s->base.height };
  int n = flow_game.pointer (&p->s->base, &p->ptr, phase, &hit, moves, 64);

  for (int i = 0; i < n; i++)
    {
      HbState *r = flow_game.apply (&p->s->base, &moves[i]);
      if (r != NULL)
        {
          hb_state_free (&p->s->base);
          p->s = FLOW (r);
        }
    }
  assert_consistent (p->s);
}

/* A drag through the cells given as x0 y0 x1 y1 …, -1 ending the list. */
static void
drag (Player *p, ...)
{
  va_list ap;
  int x, y, first = 1;

  va_start (ap, p);
  while ((x = va_arg (ap, int)) >= 0)
    {
      y = va_arg (ap, int);
      event (p, first ? HB_POINTER_PRESS : HB_POINTER_MOTION, x, y);
      first = 0;
    }
  va_end (ap);
}

static void
release (Player *p)
{
  event (p, HB_POINTER_RELEASE, -1, -1);
}

static void
test_pointer_play (void)
{
  Player p = { parse ("R.G\n...\nR.G\n"), { HB_MODE_PLAY, 1, -1, NULL } };

  p.ptr.ui = flow_game.ui_new (&p.s->base);
  /* Out of R's top dot, down to its other dot. */
  drag (&p, 0, 0, 0, 1, 0, 2, -1);
  release (&p);
  assert_colours (p.s, "R.GR..R.G");
  /* A drag that goes on past the joined dot does nothing more. */
  /* G: out of its top dot through the middle column, then back over it
   * (shortened), then down the right side. */
  drag (&p, 2, 0, 1, 0, 1, 1, -1);
  assert_colours (p.s, "RGGRG.R.G");
  event (&p, HB_POINTER_MOTION, 1, 0);
  assert_colours (p.s, "RGGR..R.G");
  event (&p, HB_POINTER_MOTION, 2, 0);
  event (&p, HB_POINTER_MOTION, 2, 1);
  event (&p, HB_POINTER_MOTION, 2, 2);
  release (&p);
  assert_colours (p.s, "R.GR.GR.G");
  g_assert_false (flow_game.is_solved (&p.s->base));

  /* Redo G through the middle: out of the bottom dot, it starts again. */
  drag (&p, 2, 2, 1, 2, 1, 1, 1, 0, 2, 0, -1);
  release (&p);
  assert_colours (p.s, "RGGRG.RGG");
  /* (2, 1) is empty: not solved. */
  g_assert_false (flow_game.is_solved (&p.s->base));
  flow_game.ui_free (p.ptr.ui);
  hb_state_free (&p.s->base);
}

static void
test_pointer_cut_and_restore (void)
{
  /* R down the middle column; G drawn across it cuts it, and backing off
   * gives R its cells back. */
  Player p = { parse (".R.\nG.G\n...\n.R.\n"), { HB_MODE_PLAY, 1, -1, NULL } };

  p.ptr.ui = flow_game.ui_new (&p.s->base);
  drag (&p, 1, 0, 1, 1, 1, 2, 1, 3, -1);
  release (&p);
  assert_colours (p.s, ".R.GRG.R..R.");
  g_assert_true (flow_game.is_solved (&p.s->base) == FALSE);
  drag (&p, 0, 1, 1, 1, -1);
  /* R cut at (1, 1): as in the game, R keeps the part drawn from the dot
   * it was started from (the top one, which is all that is left of it
   * there); the part beyond the cut, (1, 2), goes though it reaches the
   * bottom dot (it used to stay, a second stub). */
  assert_colours (p.s, ".R.GGG....R.");
  /* Back off: R comes back whole. */
  event (&p, HB_POINTER_MOTION, 0, 1);
  assert_colours (p.s, ".R.GRG.R..R.");
  g_assert_cmpint (p.s->links[1], ==, 1u << HB_DIR_S);
  /* Across again and on to G's other dot: released, the cut stays. */
  event (&p, HB_POINTER_MOTION, 1, 1);
  event (&p, HB_POINTER_MOTION, 2, 1);
  release (&p);
  assert_colours (p.s, ".R.GGG....R.");
  g_assert_cmpint (p.s->links[1], ==, 0);
  /* A drag out of the end of a path goes on from there. */
  drag (&p, 2, 1, 2, 2, -1);        /* G's dot: G starts again from (2, 1) */
  release (&p);
  assert_colours (p.s, ".R.G.G..G.R.");
  drag (&p, 2, 2, 2, 3, -1);        /* out of the end at (2, 2) */
  release (&p);
  assert_colours (p.s, ".R.G.G..G.RG");
  flow_game.ui_free (p.ptr.ui);
  hb_state_free (&p.s->base);
}

/* A joined path cut by another keeps the part drawn from the dot it was
 * started from, as in the game (it kept both stubs, one at each dot); a
 * path whose start is not known (read from a file) still keeps both. */
static void
test_pointer_cut_keeps_start (void)
{
  /*  R . . . .    R's dots at (0, 0) and (4, 4), G's at (1, 2) and (3, 2).
   *  . . . . .
   *  . G . G .
   *  . . . . .
   *  . . . . R */
  const char *level = "R....\n.....\n.G.G.\n.....\n....R\n";
  Player p = { parse (level), { HB_MODE_PLAY, 1, -1, NULL } };

  p.ptr.ui = flow_game.ui_new (&p.s->base);
  /* R from its bottom dot up the right column, then along the top. */
  drag (&p, 4, 4, 4, 3, 4, 2, 4, 1, 4, 0, 3, 0, 2, 0, 1, 0, 0, 0, -1);
  release (&p);
  assert_colours (p.s, "RRRRR....R.G.GR....R....R");
  /* The same board with no start known (as a path read from a file):
   * a cut there leaves both stubs. */
  {
    FlowState *u = FLOW (hb_state_copy (&p.s->base)), *t;
    HbMove m = { FLOW_OP_LINK, 3, 2, LINK (1, HB_DIR_E) };

    memset (u->origin, 0, sizeof u->origin);
    t = FLOW (flow_game.apply (&u->base, &m));
    g_assert_nonnull (t);
    assert_consistent (t);
    assert_colours (t, "RRRRR....R.G.GG....R....R");
    hb_state_free (&t->base);
    hb_state_free (&u->base);
  }
  /* G east out of (3, 2) cuts R at (4, 2): R keeps its bottom part,
   * drawn from the dot it was started from; the top part goes. */
  drag (&p, 3, 2, 4, 2, -1);
  release (&p);
  assert_consistent (p.s);
  assert_colours (p.s, "R..........G.GG....R....R");
  flow_game.ui_free (p.ptr.ui);
  hb_state_free (&p.s->base);
}

/* A joined path cut in the middle keeps both halves (each reaches a dot);
 * backing off joins them again. */
static void
test_pointer_restore_joined (void)
{
  Player p = { parse ("RGB\n...\nRGB\n"), { HB_MODE_PLAY, 1, -1, NULL } };

  p.ptr.ui = flow_game.ui_new (&p.s->base);
  drag (&p, 0, 0, 0, 1, 0, 2, -1);
  release (&p);
  drag (&p, 1, 0, 1, 1, 0, 1, -1);
  assert_colours (p.s, "RGBGG.RGB");
  event (&p, HB_POINTER_MOTION, 1, 1);
  assert_colours (p.s, "RGBRG.RGB");
  g_assert_cmpint (p.s->links[3], ==, (1u << HB_DIR_N) | (1u << HB_DIR_S));
  event (&p, HB_POINTER_MOTION, 1, 2);
  release (&p);
  drag (&p, 2, 0, 2, 1, 2, 2, -1);
  release (&p);
  g_assert_true (flow_game.is_solved (&p.s->base));
  g_assert_null (flow_check_answer (3, 3, p.s->dot, p.s->colour));
  flow_game.ui_free (p.ptr.ui);
  hb_state_free (&p.s->base);
}

static void
test_pointer_edit (void)
{
  Player p = { FLOW (flow_game.new_blank (3, 2)), { HB_MODE_EDIT, 1, 'B', NULL } };
  HbPaletteEntry entries[32];
  int n;

  p.ptr.ui = flow_game.ui_new (&p.s->base);
  n = flow_game.palette (&p.s->base, HB_MODE_EDIT, entries, 32);
  g_assert_cmpint (n, ==, 17);       /* the 16 colours and a new one */
  g_assert_cmpint (entries[0].id, ==, 'R');
  g_assert_cmpint (entries[2].id, ==, 'B');
  g_assert_cmpint (flow_game.palette (&p.s->base, HB_MODE_PLAY, entries, 32), ==, 0);
  event (&p, HB_POINTER_PRESS, 0, 0);
  release (&p);
  event (&p, HB_POINTER_PRESS, 2, 1);
  release (&p);
  g_assert_cmpint (p.s->colours, ==, 1);
  g_assert_cmpint (p.s->names[0], ==, 'B');
  g_assert_cmpint (p.s->dot[5], ==, 1);
  /* A drag moves a dot, passing over a dot on its way: B's dot at
   * (0, 0) over (1, 0) and (2, 0), then down onto its pair at (2, 1),
   * where it stays at (2, 0). Let go off the board, it stays moved. */
  drag (&p, 0, 0, 1, 0, -1);
  g_assert_cmpint (p.s->dot[0], ==, 0);
  g_assert_cmpint (p.s->dot[1], ==, 1);
  event (&p, HB_POINTER_MOTION, 2, 0);
  event (&p, HB_POINTER_MOTION, 2, 1);
  release (&p);
  g_assert_cmpint (p.s->dot[1], ==, 0);
  g_assert_cmpint (p.s->dot[2], ==, 1);
  g_assert_cmpint (p.s->dot[5], ==, 1);
  g_assert_cmpint (p.s->colours, ==, 1);
  /* Pressed and let go off the board without moving: nothing. */
  event (&p, HB_POINTER_PRESS, 2, 1);
  release (&p);
  g_assert_cmpint (p.s->dot[5], ==, 1);
  /* Dragged back onto the cell it was pressed on: still there. */
  drag (&p, 2, 1, 1, 1, 2, 1, -1);
  event (&p, HB_POINTER_RELEASE, 2, 1);
  g_assert_cmpint (p.s->dot[5], ==, 1);
  g_assert_cmpint (p.s->dot[4], ==, 0);
  /* Over its pair's dot and back, or off the board and back: a drag
   * that never moved it, no click. */
  drag (&p, 2, 1, 2, 0, 2, 1, -1);
  event (&p, HB_POINTER_RELEASE, 2, 1);
  g_assert_cmpint (p.s->dot[5], ==, 1);
  g_assert_cmpint (p.s->dot[2], ==, 1);
  drag (&p, 2, 1, 3, 1, 2, 1, -1);
  event (&p, HB_POINTER_RELEASE, 2, 1);
  g_assert_cmpint (p.s->dot[5], ==, 1);
  /* A click on a dot removes it (at the release: a press may start a
   * drag). */
  event (&p, HB_POINTER_PRESS, 2, 1);
  g_assert_cmpint (p.s->dot[5], ==, 1);
  event (&p, HB_POINTER_RELEASE, 2, 1);
  g_assert_cmpint (p.s->dot[5], ==, 0);
  flow_game.ui_free (p.ptr.ui);
  hb_state_free (&p.s->base);
}

/* A third click with a colour that has its pair moves the nearer dot
 * there (in one gesture), whatever numbering the colours take. */
static void
test_pointer_edit_third_dot (void)
{
  Player p = { parse ("R...G\n.....\n....G\n....R\n"), { HB_MODE_EDIT, 1, 'R', NULL } };
  HbMove moves[4];
  HbHit hit = { 1, 2, 0.5, 0.5, TRUE };

  p.ptr.ui = flow_game.ui_new (&p.s->base);
  /* Red's dots are (0, 0) and (4, 3); (1, 2) is nearer the first. */
  g_assert_cmpint (flow_game.pointer (&p.s->base, &p.ptr, HB_POINTER_PRESS, &hit, moves, 4),
                   ==, 2);
  event (&p, HB_POINTER_PRESS, 1, 2);
  release (&p);
  g_assert_cmpint (p.s->colours, ==, 2);
  g_assert_cmpint (p.s->dot[0], ==, 0);
  g_assert_cmpint (p.s->dot[2 * 5 + 1], !=, 0);
  g_assert_cmpint (p.s->names[p.s->dot[2 * 5 + 1] - 1], ==, 'R');
  g_assert_cmpint (p.s->names[p.s->dot[3 * 5 + 4] - 1], ==, 'R');
  /* Green kept both its dots. */
  g_assert_cmpint (p.s->names[p.s->dot[4] - 1], ==, 'G');
  g_assert_cmpint (p.s->names[p.s->dot[2 * 5 + 4] - 1], ==, 'G');
  /* Now (3, 3) is nearer Red's dot at (4, 3): that one moves. */
  event (&p, HB_POINTER_PRESS, 3, 3);
  release (&p);
  g_assert_cmpint (p.s->dot[3 * 5 + 4], ==, 0);
  g_assert_cmpint (p.s->names[p.s->dot[3 * 5 + 3] - 1], ==, 'R');
  g_assert_cmpint (p.s->names[p.s->dot[2 * 5 + 1] - 1], ==, 'R');
  /* The board is still a level to solve: two colours, two dots each. */
  for (int c = 0; c < p.s->colours; c++)
    {
      int a, b;
      g_assert_true (flow_endpoints (p.s, c, &a, &b));
    }
  flow_game.ui_free (p.ptr.ui);
  hb_state_free (&p.s->base);
}

/* The one-pass endpoints agree with flow_endpoints colour by colour, on a
 * board with a good pair, a lone dot, four dots and a colour with none. */
static void
test_all_endpoints (void)
{
  FlowState *s = flow_state_new (5, 3, 4);
  static const guint8 dots[15] = {
    1, 0, 3, 0, 2,
    3, 0, 0, 3, 0,
    0, 1, 0, 3, 0,
  };
  int first[4] = { -1, -1, -1, -1 }, second[4] = { -1, -1, -1, -1 }, count[4];
  static const int want[4] = { 2, 1, 3, 0 };

  memcpy (s->dot, dots, sizeof dots);
  flow_all_endpoints (s, first, second, count);
  for (int c = 0; c < 4; c++)
    {
      int a = -1, b = -1;
      gboolean ok = flow_endpoints (s, c, &a, &b);

      g_assert_cmpint (count[c], ==, want[c]);
      g_assert_cmpint (ok, ==, count[c] == 2);
      if (count[c] >= 1)
        g_assert_cmpint (first[c], ==, a);
      if (count[c] >= 2)
        g_assert_cmpint (second[c], ==, b);
    }
  g_assert_cmpint (first[0], ==, 0);
  g_assert_cmpint (second[0], ==, 11);
  g_assert_cmpint (first[2], ==, 2);
  g_assert_cmpint (second[2], ==, 5);
  hb_state_free (&s->base);
}

/* The board scans the moves about one colour make (FLOW_OP_CLEAR_COLOUR,
 * flow_endpoints) go by memchr since 2026-12-07 (a loop over the cells
 * took 9 ms of each stroke start at 4096x4096): on generated levels with
 * their paths drawn, then broken (pieces cut off from their dots, lone
 * coloured cells, a third dot or one taken away, the last cell
 * coloured), they agree with the loops they replace, written here. */
static gboolean
clear_colour_reference (FlowState *s, int c)
{
  gsize n = (gsize) s->base.width * s->base.height;
  gboolean changed = FALSE;

  for (gsize k = 0; k < n; k++)
    if (s->colour[k] == c + 1 && (s->links[k] || !s->dot[k]))
      {
        s->links[k] = 0;
        s->colour[k] = s->dot[k];
        changed = TRUE;
      }
  return changed;
}

static gboolean
endpoints_reference (const FlowState *s, int c, int *a, int *b)
{
  gsize n = (gsize) s->base.width * s->base.height;
  int found = 0;

  for (gsize i = 0; i < n; i++)
    if (s->dot[i] == c + 1)
      {
        if (found == 0)
          *a = (int) i;
        else if (found == 1)
          *b = (int) i;
        if (++found > 2)
          return FALSE;
      }
  return found == 2;
}

/* Breaks a drawn board at random, as a file's "# path:" lines may have
 * it: links cut (both ways), cells coloured with no link, dots moved. */
static void
break_paths (FlowState *s, GRand *rand)
{
  int w = s->base.width, h = s->base.height, n = w * h;

  for (int k = g_rand_int_range (rand, 0, 6); k > 0; k--)
    {
      int i = g_rand_int_range (rand, 0, n), d = g_rand_int_range (rand, 0, 4);
      int j = hb_neighbour_cell (i, w, h, d);

      s->links[i] &= (guint8) ~(1u << d);
      if (j >= 0)
        s->links[j] &= (guint8) ~(1u << HB_DIR_OPPOSITE (d));
    }
  for (int k = g_rand_int_range (rand, 0, 4); k > 0; k--)
    {
      int i = g_rand_int_range (rand, 0, n);
      if (!s->dot[i])
        s->colour[i] = (guint8) g_rand_int_range (rand, 0, s->colours + 1);
    }
  if (g_rand_boolean (rand) && !s->dot[n - 1])
    s->colour[n - 1] = (guint8) g_rand_int_range (rand, 1, s->colours + 1);
  if (g_rand_int_range (rand, 0, 4) == 0)
    {
      int i = g_rand_int_range (rand, 0, n);
      s->dot[i] = (guint8) g_rand_int_range (rand, 0, s->colours + 1);
      if (s->dot[i])
        s->colour[i] = s->dot[i];
    }
}

static void
test_colour_scans_random (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  int cleared = 0, kept = 0;

  for (int seed = 1; seed <= 60; seed++)
    {
      HbGenerateParams p = { 4 + seed % 9, 3 + seed % 7, 2 + seed % 5, (guint64) seed, NULL };
      g_autoptr (GError) error = NULL;
      FlowState *answer = NULL;
      HbState *level = flow_generate_full (&p, &answer, &error);
      gsize n;

      g_assert_no_error (error);
      g_assert_nonnull (answer);
      n = (gsize) answer->base.width * answer->base.height;
      if (seed > 1)
        break_paths (answer, rand);
      for (int c = -1; c <= answer->colours; c++)
        {
          int a = -1, b = -1, ra = -1, rb = -1;
          gboolean ok = flow_endpoints (answer, c, &a, &b);

          g_assert_cmpint (ok, ==, endpoints_reference (answer, c, &ra, &rb));
          if (ok)
            {
              g_assert_cmpint (a, ==, ra);
              g_assert_cmpint (b, ==, rb);
            }
        }
      for (int c = 0; c < answer->colours; c++)
        {
          HbMove m = { FLOW_OP_CLEAR_COLOUR, 0, 0, c };
          HbState *got = flow_game.apply (&answer->base, &m);
          FlowState *want = flow_state_copy (answer);

          if (clear_colour_reference (want, c))
            {
              g_assert_nonnull (got);
              g_assert_cmpmem (FLOW (got)->colour, n, want->colour, n);
              g_assert_cmpmem (FLOW (got)->links, n, want->links, n);
              g_assert_cmpmem (FLOW (got)->dot, n, want->dot, n);
              cleared++;
            }
          else
            {
              g_assert_null (got);
              kept++;
            }
          hb_state_free (got);
          flow_state_free (want);
        }
      flow_state_free (answer);
      hb_state_free (level);
    }
  g_assert_cmpint (cleared, >, 100);
  g_assert_cmpint (kept, >, 0);
}

/* ---- Frames ---- */

static void
test_frames (void)
{
  FlowState *s = parse ("R.R\n");
  HbTrace *t = hb_trace_new (100, 1 << 20);
  gpointer f;
  guint8 colour[3] = { 1, 1, 1 }, links[3] = { 2, 10, 8 }, marks[3] = { 0, 1, 0 };
  g_autofree char *st = NULL, *d = NULL;

  hb_trace_push (t, &(HbStep) { .kind = HB_STEP_PLACE, .x = 0, .y = 0, .value = 0,
                                .aux = HB_DIR_E }, NULL, 0);
  hb_trace_push (t, &(HbStep) { .kind = HB_STEP_UNDO, .x = 0, .y = 0, .aux = HB_DIR_E },
                 NULL, 0);
  hb_trace_push (t, &(HbStep) { .kind = HB_STEP_FORCE, .x = 1, .y = 0, .value = 0 }, NULL, 0);
  flow_trace_board (t, HB_STEP_INFO, s, colour, links, marks, 7, NULL);
  f = flow_game.frame_new (&s->base, t);
  flow_game.frame_step (f, t, hb_trace_step (t, 0));
  g_assert_cmpint (((FlowFrame *) f)->board->colour[1], ==, 1);
  flow_game.frame_step (f, t, hb_trace_step (t, 1));
  g_assert_cmpint (((FlowFrame *) f)->board->colour[1], ==, 0);
  flow_game.frame_step (f, t, hb_trace_step (t, 2));
  g_assert_cmpint (((FlowFrame *) f)->board->colour[1], ==, 1);
  g_assert_cmpint (((FlowFrame *) f)->hkind, ==, HB_STEP_FORCE);
  flow_game.frame_step (f, t, hb_trace_step (t, 3));
  g_assert_true (flow_is_solved (((FlowFrame *) f)->board));
  g_assert_cmpint (((FlowFrame *) f)->marks[1], ==, 1);
  st = flow_game.frame_status (f);
  g_assert_cmpstr (st, ==, "1 / 1 cell coloured, 1 marked in red");
  for (gsize i = 0; i < hb_trace_length (t); i++)
    {
      g_free (d);
      d = flow_game.describe_step (&s->base, t, hb_trace_step (t, i));
      g_assert_cmpuint (strlen (d), >, 0);
    }
  /* Cells named as everywhere in the app, row then column, 1-based; a
   * link's neighbour in words. */
  g_free (d);
  d = flow_game.describe_step (&s->base, t, hb_trace_step (t, 0));
  g_assert_cmpstr (d, ==, "Link row 1, column 1 to the cell right of it, in colour red");
  g_free (d);
  d = flow_game.describe_step (&s->base, t, hb_trace_step (t, 1));
  g_assert_cmpstr (d, ==, "Take back the link from row 1, column 1 to the cell right of it");
  g_free (d);
  d = flow_game.describe_step (&s->base, t, hb_trace_step (t, 2));
  g_assert_cmpstr (d, ==, "Row 1, column 2 must be colour red");
  /* A colour outside the game's sixteen is named by its character. */
  {
    FlowState *x = parse ("x.x\n");
    g_free (d);
    d = flow_game.describe_step (&x->base, t, hb_trace_step (t, 2));
    g_assert_cmpstr (d, ==, "Row 1, column 2 must be colour ‘x’");
    hb_state_free (&x->base);
  }
  {
    gpointer c = flow_game.frame_copy (f);
    g_assert_true (flow_game.equal (&((FlowFrame *) c)->board->base,
                                    &((FlowFrame *) f)->board->base));
    flow_game.frame_free (c);
  }
  /* Before the first step: the player's own words on a bare level; with
   * paths drawn, that its board is the dots alone (the paths vanished
   * from it unsaid: review). */
  g_assert_null (flow_game.describe_start (&s->base));
  {
    FlowState *drawn = apply (flow_state_copy (s), FLOW_OP_LINK, 0, 0, LINK (0, HB_DIR_E));
    HbPlayer *p = hb_player_new (&drawn->base, t);
    g_autofree char *start = hb_player_describe (p);

    g_assert_nonnull (strstr (start, "the level's dots alone"));
    g_assert_cmpint (((const FlowFrame *) hb_player_frame (p))->board->colour[1], ==, 0);
    hb_player_free (p);
    hb_state_free (&drawn->base);
  }
  flow_game.frame_free (f);
  hb_trace_free (t);
  hb_state_free (&s->base);
}

/* ---- Hints ---- */

/* A path drawn off the solution is the next hint's colour, said so, before
 * the right colours around it (they were fixed first, the wrong one only
 * at the third press: review). */
static void
test_hint_wrong_path_first (void)
{
  FlowState *s = parse ("R..R\nG..G\nB..B\n");
  g_autoptr (GError) error = NULL;
  gpointer hint;
  const FlowHint *h;
  g_autofree char *text = NULL;

  /* Blue up into the middle row, which is green's. */
  s = apply (s, FLOW_OP_LINK, 0, 2, LINK (2, HB_DIR_E));
  s = apply (s, FLOW_OP_LINK, 1, 2, LINK (2, HB_DIR_N));
  hint = flow_game.hint_compute (&s->base, NULL, &error);
  g_assert_no_error (error);
  h = hint;
  g_assert_cmpint (h->kind, ==, FLOW_HINT_PATH);
  g_assert_cmpint (h->colour, ==, 2);
  text = flow_game.hint_describe (&s->base, hint);
  g_assert_true (g_str_has_prefix (text, "Next hint: colour blue, whose path leaves the solution's"));
  flow_game.hint_free (hint);
  hb_state_free (&s->base);
}

/* The board's words for a cell's hint marks (hint_at, the tooltip): a
 * cell with the forced diamond names the colour the solution gives it,
 * and exactly the solution's cells of the hinted colour say Next Hint
 * draws that path; a cell with neither says nothing, nor does a hint of
 * another size. */
static void
test_hint_at (void)
{
  FlowState *s = parse ("R.G.Y\n..B.O\n.....\n.G.Y.\n.RBO.\n");
  g_autoptr (GError) error = NULL;
  gpointer hint = flow_game.hint_compute (&s->base, NULL, &error);
  const FlowHint *h = hint;
  int forced = 0, path = 0;

  g_assert_no_error (error);
  g_assert_cmpint (h->kind, ==, FLOW_HINT_PATH);
  g_assert_nonnull (h->forced);
  for (int i = 0; i < 25; i++)
    {
      g_autofree char *words = flow_game.hint_at (&s->base, hint, 0, i % 5, i / 5);
      g_autofree char *hinted = flow_colour_title (s, h->colour);
      g_autofree char *path_words = g_strdup_printf ("%s path: Next Hint draws it", hinted);
      gboolean on_path = h->solution[i] == h->colour + 1;

      if (h->forced[i] != 0 && !s->dot[i])
        {
          g_autofree char *name = flow_colour_title (s, h->solution[i] - 1);
          g_autofree char *want = g_strdup_printf ("%s in every solution", name);

          g_assert_cmpint (h->forced[i], ==, h->solution[i]);
          g_assert_nonnull (words);
          g_assert_true (g_str_has_prefix (words, want));
          forced++;
        }
      if (on_path)
        {
          g_assert_nonnull (words);
          g_assert_nonnull (strstr (words, path_words));
          path++;
        }
      if (words != NULL && !on_path)
        g_assert_null (strstr (words, "Next Hint"));
      if (h->forced[i] == 0 && !on_path)
        g_assert_null (words);
      /* A dot has no diamond (its colour is its own). */
      if (s->dot[i])
        g_assert_true (words == NULL || strstr (words, "in every solution") == NULL);
    }
  g_assert_cmpint (forced, >, 0);
  g_assert_cmpint (path, >=, 2);
  /* The hinted path's first step drawn as the solution has it (the hint
   * as it stands until the next one arrives): the dot it leaves, whose
   * arms are now the solution's, says nothing of the path (the dashes are
   * under the path drawn), the cell it reaches, half drawn, still does;
   * a forced cell drawn in its own colour shows no diamond and says
   * nothing of it. */
  {
    g_autoptr (GArray) cells = g_array_new (FALSE, FALSE, sizeof (int));
    int a, b, d = -1;

    flow_hint_path (s, h, h->colour, cells);
    g_assert_cmpuint (cells->len, >=, 3);
    a = g_array_index (cells, int, 0);
    b = g_array_index (cells, int, 1);
    for (int k = 0; k < 4; k++)
      if (a % 5 + hb_dir_dx[k] == b % 5 && a / 5 + hb_dir_dy[k] == b / 5)
        d = k;
    g_assert_cmpint (d, >=, 0);
    s = apply (s, FLOW_OP_LINK, a % 5, a / 5, LINK (h->colour, d));
    {
      g_autofree char *at_a = flow_game.hint_at (&s->base, hint, 0, a % 5, a / 5);
      g_autofree char *at_b = flow_game.hint_at (&s->base, hint, 0, b % 5, b / 5);

      g_assert_true (at_a == NULL || strstr (at_a, "Next Hint") == NULL);
      g_assert_nonnull (at_b);
      g_assert_nonnull (strstr (at_b, "Next Hint"));
      g_assert_cmpint (s->colour[b], ==, h->colour + 1);
      if (h->forced[b] == h->colour + 1)
        g_assert_null (strstr (at_b, "in every solution"));
    }
  }
  {
    FlowState *other = parse ("R..R\nG..G\nB..B\n");

    g_assert_null (flow_game.hint_at (&other->base, hint, 0, 1, 0));
    g_assert_null (flow_game.hint_at (&other->base, NULL, 0, 1, 0));
    hb_state_free (&other->base);
  }
  flow_game.hint_free (hint);
  hb_state_free (&s->base);
}

/* The board drawn in Play into two new pictures of w x h pixels: surf[0]
 * with the hints off, surf[1] with `hint` on. */
static void
render_hints_off_on (const FlowState *s, gpointer hint, const HbLayout *layout,
                     int w, int h, cairo_surface_t *surf[2])
{
  for (int k = 0; k < 2; k++)
    {
      HbRenderOptions options = { .mode = HB_MODE_PLAY, .show_hints = k == 1,
                                  .hint = k == 1 ? hint : NULL,
                                  .hover_x = -1, .hover_y = -1 };
      cairo_t *cr;

      surf[k] = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
      cr = cairo_create (surf[k]);
      flow_game.render (&s->base, cr, layout, &options);
      cairo_destroy (cr);
      cairo_surface_flush (surf[k]);
    }
}

/* Next hint leaves two dots side by side for last: their path is the step
 * between them, which the dots all but cover. Red and yellow touch here;
 * blue and green run four cells. Pressing Next hint draws the long paths
 * first, then the touching pairs, and the board is solved. */
static void
test_hint_touching_last (void)
{
  FlowState *s = parse ("RRB.\nGYY.\n..GB\n");
  g_autoptr (GError) error = NULL;
  int picked[4], npicked = 0;

  while (!flow_is_solved (s))
    {
      g_autoptr (GArray) moves = g_array_new (FALSE, FALSE, sizeof (HbMove));
      gpointer hint = flow_game.hint_compute (&s->base, NULL, &error);
      const FlowHint *h = hint;
      int len = 0;

      g_assert_no_error (error);
      g_assert_cmpint (h->kind, ==, FLOW_HINT_PATH);
      g_assert_cmpint (npicked, <, 4);
      for (int i = 0; i < 12; i++)
        len += h->solution[i] == h->colour + 1;
      picked[npicked++] = len;
      if (len == 2 && s->dot[0] == h->colour + 1)
        {
          /* Red's hint: a dashed ring round each of its dots, seen on
           * the dot's far side from the other (the step between them
           * is all the old mark had). Cells of 40 px, red's dot at
           * (20, 20): pixels 16-19 px from it, left of it, change. */
          HbLayout layout;
          cairo_surface_t *surf[2];
          int changed = 0;

          hb_layout_fit (&layout, 4, 3, 160, 120, 0);
          g_assert_cmpfloat (layout.cell, ==, 40);
          render_hints_off_on (s, hint, &layout, 160, 120, surf);
          for (int y = 0; y < 40; y++)
            for (int x = 0; x < 20; x++)
              {
                double cx = layout.x0 + 20, cy = layout.y0 + 20;
                double r = hypot (x + 0.5 - cx, y + 0.5 - cy);
                const guint32 *p0 = (const guint32 *) (cairo_image_surface_get_data (surf[0])
                                                       + y * cairo_image_surface_get_stride (surf[0]));
                const guint32 *p1 = (const guint32 *) (cairo_image_surface_get_data (surf[1])
                                                       + y * cairo_image_surface_get_stride (surf[1]));
                if (r >= 16 && r <= 19 && p0[x] != p1[x])
                  changed++;
              }
          g_assert_cmpint (changed, >, 20);
          cairo_surface_destroy (surf[0]);
          cairo_surface_destroy (surf[1]);
        }
      g_assert_true (flow_game.hint_next_moves (&s->base, hint, moves));
      for (guint i = 0; i < moves->len; i++)
        s = apply (s, g_array_index (moves, HbMove, i).op,
                   g_array_index (moves, HbMove, i).x, g_array_index (moves, HbMove, i).y,
                   g_array_index (moves, HbMove, i).value);
      flow_game.hint_free (hint);
    }
  g_assert_cmpint (npicked, ==, 4);
  g_assert_cmpint (picked[0], ==, 4);
  g_assert_cmpint (picked[1], ==, 4);
  g_assert_cmpint (picked[2], ==, 2);
  g_assert_cmpint (picked[3], ==, 2);
  g_assert_null (flow_check_answer (4, 3, s->dot, s->colour));
  hb_state_free (&s->base);
}

static void
test_hints (void)
{
  FlowState *s = parse ("R..R\nG..G\nB..B\n");
  g_autoptr (GError) error = NULL;
  gpointer hint = flow_game.hint_compute (&s->base, NULL, &error);
  HbState *all = NULL;
  const FlowHint *h = hint;
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (hint);
  text = flow_game.hint_describe (&s->base, hint);
  g_assert_cmpuint (strlen (text), >, 0);
  if (h->kind == FLOW_HINT_PATH)
    {
      /* The colour by its name, as the player's steps name it. */
      static const char *const names[] = { "red", "green", "blue" };
      g_autofree char *want = g_strdup_printf ("Next hint: colour %s", names[h->colour]);
      g_assert_cmpint (h->colour, <, 3);
      g_assert_true (g_str_has_prefix (text, want));
      /* Next hint draws whole paths until the board is solved, each
       * checked against the rule by flow-check.h at the end. */
      for (int round = 0; round < 4 && !flow_is_solved (s); round++)
        {
          g_autoptr (GArray) moves = g_array_new (FALSE, FALSE, sizeof (HbMove));
          HbMove first;
          g_assert_true (flow_game.hint_next_move (&s->base, hint, &first));
          g_assert_true (flow_game.hint_next_moves (&s->base, hint, moves));
          g_assert_cmpint (memcmp (&first, moves->data, sizeof first), ==, 0);
          /* The app applies the path in one copy (apply_all): the same
           * board as move by move, checked below. */
          all = flow_game.apply_all (&s->base, (const HbMove *) moves->data, moves->len);
          g_assert_nonnull (all);
          {
            /* A move not legal in turn: NULL, and the app goes move by
             * move (hb_document_apply_moves). */
            HbMove bad[2] = { first, { FLOW_OP_LINK, 9, 9, 0 } };
            g_assert_null (flow_game.apply_all (&s->base, bad, 2));
          }
          for (guint i = 0; i < moves->len; i++)
            s = apply (s, g_array_index (moves, HbMove, i).op,
                       g_array_index (moves, HbMove, i).x, g_array_index (moves, HbMove, i).y,
                       g_array_index (moves, HbMove, i).value);
          g_assert_true (flow_game.equal (all, &s->base));
          g_assert_cmpint (FLOW (all)->moves, ==, s->moves);
          g_assert_cmpmem (FLOW (all)->origin, sizeof s->origin, s->origin, sizeof s->origin);
          g_clear_pointer (&all, hb_state_free);
          flow_game.hint_free (hint);
          hint = flow_game.hint_compute (&s->base, NULL, &error);
          g_assert_no_error (error);
        }
      g_assert_true (flow_is_solved (s));
      g_assert_null (flow_check_answer (4, 3, s->dot, s->colour));
      g_assert_cmpint (((FlowHint *) hint)->kind, ==, FLOW_HINT_SOLVED);
    }
  else
    g_test_message ("no solver built yet: %s", text);
  flow_game.hint_free (hint);
  hb_state_free (&s->base);

  /* A level with more than one solution warns, and still counts its
   * forced cells, as one with one solution does (they went unsaid:
   * helper-154). */
  s = parse ("......\n.Y.YG.\n......\n..R...\n..GB.B\n.....R\n");
  hint = flow_game.hint_compute (&s->base, NULL, &error);
  g_assert_no_error (error);
  g_clear_pointer (&text, g_free);
  text = flow_game.hint_describe (&s->base, hint);
  if (((FlowHint *) hint)->solutions >= 2)
    {
      g_assert_true (g_str_has_prefix (text, "Warning: this level has more than one solution. "));
      g_assert_cmpint (((FlowHint *) hint)->forced_count, >, 0);
      g_assert_nonnull (strstr (text, "forced cell"));
    }
  else
    g_test_message ("not counted as several: %s", text);
  flow_game.hint_free (hint);
  hb_state_free (&s->base);

  /* A level with no solution says so (arc consistency or the solver). */
  s = parse ("R...G\n.....\n.....\n.....\nG...R\n");
  hint = flow_game.hint_compute (&s->base, NULL, &error);
  g_assert_no_error (error);
  g_clear_pointer (&text, g_free);
  text = flow_game.hint_describe (&s->base, hint);
  /* An exact default solver proves it; another may only give up. */
  if (flow_solvers[0] != NULL && (flow_solvers[0]->flags & HB_SOLVER_EXACT))
    {
      g_assert_cmpint (((FlowHint *) hint)->kind, ==, FLOW_HINT_NONE);
      g_assert_nonnull (strstr (text, "no solution"));
    }
  else
    g_assert_true (((FlowHint *) hint)->kind == FLOW_HINT_NONE
                   || ((FlowHint *) hint)->kind == FLOW_HINT_GAVE_UP);
  /* Nor are any cells drawn as forced there, as they were: the board
   * with the hints on looks as with them off. */
  if (((FlowHint *) hint)->kind == FLOW_HINT_NONE)
    {
      FlowHint *fh = hint;
      gsize n = 25;
      cairo_surface_t *surf[2];
      HbLayout layout;

      if (fh->forced == NULL)
        fh->forced = g_new0 (guint8, n);
      fh->forced[12] = 1;        /* the middle cell "forced" red */
      hb_layout_fit (&layout, 5, 5, 100, 100, 0);
      render_hints_off_on (s, hint, &layout, 100, 100, surf);
      g_assert_cmpmem (cairo_image_surface_get_data (surf[0]), 100 * 4 * 100,
                       cairo_image_surface_get_data (surf[1]), 100 * 4 * 100);
      cairo_surface_destroy (surf[0]);
      cairo_surface_destroy (surf[1]);
    }
  flow_game.hint_free (hint);
  hb_state_free (&s->base);
}

/* Every bundled level reads; with an exact default solver, each is solved
 * and the answer checked by flow-check.h. */
static void
test_bundled_levels (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "..", "data", "levels", NULL);
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const HbSolver *solver = flow_solvers[0];
  const char *name;
  int count = 0;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *text = NULL;
      g_autoptr (GError) error = NULL;
      HbState *s;
      gsize len;

      if (!g_str_has_suffix (name, ".flow"))
        continue;
      g_assert_true (g_file_get_contents (path, &text, &len, NULL));
      s = flow_game.parse (text, len, &error);
      g_assert_no_error (error);
      if (solver != NULL && (solver->flags & HB_SOLVER_EXACT))
        {
          HbSolveOptions o = { 0 };
          HbResult *r = hb_solve (solver, s, &o, NULL, NULL, &error);
          g_assert_no_error (error);
          g_assert_cmpint (r->status, ==, HB_STATUS_SOLVED);
          g_assert_null (flow_check_answer (s->width, s->height, FLOW (s)->dot,
                                            FLOW_CONST (r->solved)->colour));
          hb_result_free (r);
        }
      hb_state_free (s);
      count++;
    }
  g_assert_cmpint (count, >=, 10);
}

/* What a smaller board cut off, in words for its toast: dots by colour
 * (a colour not of the game's sixteen by its character), how many
 * colours past three, nothing for empty cells. */
static void
cut_says (const char *level, int w, int h, int dx, int dy, const char *said)
{
  HbState *s = hb_test_parse (&flow_game, level);
  HbState *r = flow_game.resize (s, w, h, dx, dy);
  g_autofree char *cut = hb_game_resize_cut (s, r, dx, dy);

  g_assert_cmpstr (cut, ==, said);
  hb_state_free (r);
  hb_state_free (s);
}

static void
test_resize_cut_words (void)
{
  cut_says ("RGB.\n....\nRGB.\n", 3, 3, 0, 0, NULL);
  cut_says ("RGB.\n....\nRGB.\n", 3, 3, -1, 0, "both red dots");
  cut_says ("RGB.\n....\nRG.B\n", 3, 3, 0, 0, "a blue dot");
  cut_says ("RGB.\n....\nRGB.\n", 4, 2, 0, 0, "dots of red, green and blue");
  cut_says ("RG..\n....\nRG..\n", 4, 2, 0, -1, "dots of red and green");
  cut_says ("xR.\n...\nxR.\n", 2, 3, -1, 0, "both ‘x’ dots");
  cut_says ("RGBY\n....\nRGBY\n", 4, 2, 0, 0, "dots of 4 colours");
}

/* In Romanian too a colour mid-sentence is in lower case ("Galben,
 * verde și albastru", it was "Galben, Verde și Albastru"), and a resize
 * toast says the dots "buline" as every other Flow Free message does (it
 * said "puncte"). */
static void
test_colour_names_romanian (void)
{
  static const char *const status[][2] = {
    { "Y.G\nB.R\nR..\n", "Galben, verde și albastru au nevoie de a doua bulină" },
    { "B.D\nG.G\n", "Albastru și culoarea „D” au nevoie de a doua bulină" },
  };

  if (!hb_test_romanian ())
    return;
  for (gsize i = 0; i < G_N_ELEMENTS (status); i++)
    {
      g_autofree char *text = g_strconcat ("# editing: a colour may lack its pair\n",
                                           status[i][0], NULL);
      FlowState *s = parse (text);
      g_autofree char *said = flow_game.status_text (&s->base);

      g_assert_cmpstr (said, ==, status[i][1]);
      hb_state_free (&s->base);
    }
  cut_says ("RGB.\n....\nRG.B\n", 3, 3, 0, 0, "o bulină de culoarea albastru");
  cut_says ("RGB.\n....\nRGB.\n", 3, 3, -1, 0, "ambele buline de culoarea roșu");
  cut_says ("RG..\n....\nRG..\n", 4, 2, 0, -1, "buline de culorile roșu și verde");
  cut_says ("RGB.\n....\nRGB.\n", 4, 2, 0, 0, "buline de culorile roșu, verde și albastru");
  cut_says ("RGBY\n....\nRGBY\n", 4, 2, 0, 0, "buline de 4 culori");
  hb_test_romanian_end ();
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flow/game/link-and-solve", test_link_and_solve);
  g_test_add_func ("/flow/game/resize-cut-words", test_resize_cut_words);
  g_test_add_func ("/flow/game/colour-names-romanian", test_colour_names_romanian);
  g_test_add_func ("/flow/game/status-no-dots", test_status_no_dots);
  g_test_add_func ("/flow/game/status-dots-only", test_status_dots_only);
  g_test_add_func ("/flow/game/status-joined-not-won", test_status_joined_not_won);
  g_test_add_func ("/flow/game/hint-wrong-path-first", test_hint_wrong_path_first);
  g_test_add_func ("/flow/game/is-solved-rejects", test_is_solved_rejects);
  g_test_add_func ("/flow/game/is-solved-until", test_is_solved_until);
  g_test_add_func ("/flow/game/cut", test_cut);
  g_test_add_func ("/flow/game/cut-long", test_cut_long);
  g_test_add_func ("/flow/game/pointer-cut-keeps-start", test_pointer_cut_keeps_start);
  g_test_add_func ("/flow/game/truncate-and-clear", test_truncate_and_clear);
  g_test_add_func ("/flow/game/edit-dots", test_edit_dots);
  g_test_add_func ("/flow/game/edit-keeps-paths", test_edit_keeps_paths);
  g_test_add_func ("/flow/game/status-names-colour", test_status_names_colour);
  g_test_add_func ("/flow/game/edit-status", test_edit_status);
  g_test_add_func ("/flow/game/palette-new-colour", test_palette_new_colour);
  g_test_add_func ("/flow/game/resize", test_resize);
  g_test_add_func ("/flow/game/equal-renumbered", test_equal_renumbered);
  g_test_add_func ("/flow/game/pointer-play", test_pointer_play);
  g_test_add_func ("/flow/game/pointer-cut-and-restore", test_pointer_cut_and_restore);
  g_test_add_func ("/flow/game/pointer-restore-joined", test_pointer_restore_joined);
  g_test_add_func ("/flow/game/pointer-edit", test_pointer_edit);
  g_test_add_func ("/flow/game/pointer-edit-third-dot", test_pointer_edit_third_dot);
  g_test_add_func ("/flow/game/all-endpoints", test_all_endpoints);
  g_test_add_func ("/flow/game/colour-scans-random", test_colour_scans_random);
  g_test_add_func ("/flow/game/frames", test_frames);
  g_test_add_func ("/flow/game/hints", test_hints);
  g_test_add_func ("/flow/game/hint-at", test_hint_at);
  g_test_add_func ("/flow/game/hint-touching-last", test_hint_touching_last);
  g_test_add_func ("/flow/game/bundled-levels", test_bundled_levels);
  return g_test_run ();
}
