/* test-loop-format: Infinite Loop model, text formats, parse errors,
 * generator, rules, moves and pointer gestures. */
#include "loop.h"
#include "hb-test-util.h"

#include <stdio.h>
#include <string.h>

static const char *square_loop =
  "0110 0011\n"
  "1100 1001\n";

static guint8
tile_at (const HbState *s, int x, int y)
{
  return LOOP_CONST (s)->tiles[y * s->width + x];
}

static void
test_native (void)
{
  HbState *s = hb_test_parse (&loop_game, "# a comment\n\n1000 1010 0000\r\n0101 1111 0011\n\n");
  g_autofree char *text = NULL;
  HbState *again;

  g_assert_cmpint (s->width, ==, 3);
  g_assert_cmpint (s->height, ==, 2);
  g_assert_cmpuint (tile_at (s, 0, 0), ==, 1 << HB_DIR_N);
  g_assert_cmpuint (tile_at (s, 1, 0), ==, (1 << HB_DIR_N) | (1 << HB_DIR_S));
  g_assert_cmpuint (tile_at (s, 2, 0), ==, 0);
  g_assert_cmpuint (tile_at (s, 0, 1), ==, (1 << HB_DIR_E) | (1 << HB_DIR_W));
  g_assert_cmpuint (tile_at (s, 1, 1), ==, 15);
  g_assert_cmpuint (tile_at (s, 2, 1), ==, (1 << HB_DIR_S) | (1 << HB_DIR_W));
  text = loop_game.write (s, HB_WRITE_NATIVE, NULL);
  g_assert_cmpstr (text, ==, "1000 1010 0000\n0101 1111 0011\n");
  again = hb_test_parse (&loop_game, text);
  g_assert_true (loop_game.equal (s, again));
  hb_state_free (again);
  hb_state_free (s);
}

/* Text as the writer writes it is read in one pass (every byte checked
 * there); anything else by the general readers. Both must agree, and the
 * one pass must refuse what hb_check_text refuses. */
static void
test_native_written (void)
{
  GString *plain = g_string_new (NULL), *spaced = g_string_new (NULL);
  HbState *s = loop_game.new_blank (7, 5), *a, *b;
  g_autofree char *text = NULL;

  /* Every mask, in rows of seven (the last tile of a row has no blank). */
  for (int i = 0; i < 35; i++)
    LOOP (s)->tiles[i] = (guint8) ((i * 7) % 16);
  text = loop_game.write (s, HB_WRITE_NATIVE, NULL);
  g_assert_cmpuint (strlen (text), ==, 5 * 35);
  a = hb_test_parse (&loop_game, text);
  g_assert_true (loop_game.equal (s, a));
  hb_state_free (a);

  /* With comments (any valid UTF-8), blank lines around the board and
   * CRLF: the same board; and the same again with a blank before every
   * row, which the one pass leaves to the general reader. */
  g_string_append (plain, "\n \r\n");
  for (int y = 0; y < 5; y++)
    {
      const char *row = text + 35 * y;
      g_string_append_printf (plain, "# rând %d\n%.34s\r\n", y, row);
      g_string_append_printf (spaced, " %.34s\n", row);
    }
  g_string_append (plain, "\n# end\n\n");
  a = hb_test_parse (&loop_game, plain->str);
  b = hb_test_parse (&loop_game, spaced->str);
  g_assert_true (loop_game.equal (s, a));
  g_assert_true (loop_game.equal (s, b));
  hb_state_free (a);
  hb_state_free (b);

  /* Rows of one to five tiles (the reader and the writer take two tiles
   * a step): written and read back unchanged. */
  for (int width = 1; width <= 5; width++)
    {
      HbState *one = loop_game.new_blank (width, 2);
      g_autofree char *t = NULL;

      for (int i = 0; i < 2 * width; i++)
        LOOP (one)->tiles[i] = (guint8) ((5 * i + width) % 16);
      t = loop_game.write (one, HB_WRITE_NATIVE, NULL);
      g_assert_cmpuint (strlen (t), ==, (gsize) 10 * width);
      a = hb_test_parse (&loop_game, t);
      g_assert_true (loop_game.equal (one, a));
      hb_state_free (a);
      hb_state_free (one);
    }

  /* What the one pass must refuse, as the general reader does. A blank
   * line among the rows, as the other games refuse it (it was skipped:
   * a board cut in two read as one), comment lines around it or not. */
  hb_test_parse_fails (&loop_game, "1000 0010\n\n0010 1000\n",
                       "3:1: a row after a blank line: the board's rows must be consecutive");
  hb_test_parse_fails (&loop_game, "# a\n1000 0010\n  \r\n# b\n0010 1000\n", "5:1: a row after");
  hb_test_parse_fails (&loop_game, "1000 0010\n\n 0010  1000\n", "3:1: a row after");
  hb_test_parse_fails (&loop_game, "# \xff\n1000 0010\n", "UTF-8");
  hb_test_parse_fails (&loop_game, "1000 0010\n# caf\xc3\n", "UTF-8");
  hb_test_parse_fails (&loop_game, "1000 0010\n0010 1000 0000\n", "more tiles");
  hb_test_parse_fails (&loop_game, "1000 0010\n0010\n", "first row has 2");
  /* Just past a short row's last tile, its trailing blanks aside. */
  hb_test_parse_fails (&loop_game, "1100 1010\n1110   \n", "2:5: this row has 1 tile");
  hb_test_parse_fails (&loop_game, "1100 1010\r\n1110\r\n", "2:5: this row has 1 tile");
  {
    g_autoptr(GError) error = NULL;
    static const char nul[] = "1000 0010\n#\0\n0010 1000\n";
    g_assert_null (loop_game.parse (nul, sizeof nul - 1, &error));
    g_assert_nonnull (strstr (error->message, "NUL"));
  }
  /* Taller than the largest board. */
  {
    GString *tall = g_string_new (NULL);
    for (int i = 0; i <= HB_MAX_SIDE; i++)
      g_string_append (tall, "0000\n");
    /* At the first row too many. */
    hb_test_parse_fails (&loop_game, tall->str, "4097:1: the board has more than 4096 rows");
    g_string_free (tall, TRUE);
  }
  hb_state_free (s);
  g_string_free (plain, TRUE);
  g_string_free (spaced, TRUE);
}

static void
test_compact (void)
{
  HbState *s = hb_test_parse (&loop_game, square_loop);
  g_autofree char *text = loop_game.write (s, HB_WRITE_COMPACT, NULL);
  HbState *again, *every;
  GString *all = g_string_new (NULL);

  g_assert_cmpstr (text, ==, "┌┐\n└┘\n");
  again = hb_test_parse (&loop_game, text);
  g_assert_true (loop_game.equal (s, again));
  hb_state_free (again);
  /* Blanks at the ends of lines are ignored, as in every text format
   * (three spaces made the board 5 wide; a tab was an error). */
  again = hb_test_parse (&loop_game, "┌┐   \n└┘\t\r\n");
  g_assert_true (loop_game.equal (s, again));
  hb_state_free (again);

  /* Every mask survives the compact form, with empty tiles inside rows,
   * and short rows padded by empty tiles. */
  for (int m = 0; m < 16; m++)
    {
      HbState *one = loop_game.new_blank (3, 1);
      g_autofree char *t = NULL;
      LOOP (one)->tiles[1] = (guint8) m;
      LOOP (one)->tiles[2] = 15;
      t = loop_game.write (one, HB_WRITE_COMPACT, NULL);
      again = hb_test_parse (&loop_game, t);
      g_assert_true (loop_game.equal (one, again));
      hb_state_free (again);
      hb_state_free (one);
    }
  for (int m = 1; m < 16; m++)
    {
      g_autofree char *t = NULL;
      HbState *one = loop_game.new_blank (1, 1);
      LOOP (one)->tiles[0] = (guint8) m;
      t = loop_game.write (one, HB_WRITE_COMPACT, NULL);
      g_string_append (all, t);
      hb_state_free (one);
    }
  every = hb_test_parse (&loop_game, "┼─┐\n│\n\n└╴\n");
  g_assert_cmpint (every->width, ==, 3);
  g_assert_cmpint (every->height, ==, 4);
  g_assert_cmpuint (tile_at (every, 1, 1), ==, 0);
  g_assert_cmpuint (tile_at (every, 0, 2), ==, 0);
  g_assert_cmpuint (tile_at (every, 1, 3), ==, 1 << HB_DIR_W);
  hb_state_free (every);
  every = hb_test_parse (&loop_game, all->str);
  g_assert_cmpint (every->height, ==, 15);
  for (int m = 1; m < 16; m++)
    g_assert_cmpuint (tile_at (every, 0, m - 1), ==, m);
  hb_state_free (every);
  g_string_free (all, TRUE);
  hb_state_free (s);
}

static void
test_tatham (void)
{
  GPtrArray *rows = hb_test_read_tsv ("anchors/loop/tatham-net-ids.tsv");

  g_assert_cmpuint (rows->len, >=, 6);
  for (guint r = 0; r < rows->len; r++)
    {
      GStrv row = g_ptr_array_index (rows, r);
      const char *id = row[1];
      HbState *s;
      g_autofree char *written = NULL;
      int w, h;

      g_assert_true (loop_game.sniff (id, strlen (id)));
      s = hb_test_parse (&loop_game, id);
      g_assert_cmpint (sscanf (row[0], "%dx%d", &w, &h), ==, 2);
      g_assert_cmpint (s->width, ==, w);
      g_assert_cmpint (s->height, ==, h);
      written = loop_game.write (s, HB_WRITE_TATHAM, NULL);
      g_strchomp (written);
      g_assert_cmpstr (written, ==, id);
      hb_state_free (s);
    }
  g_ptr_array_unref (rows);

}

static void
test_tatham_map (void)
{
  HbState *s = hb_test_parse (&loop_game, "4x1:1248\n");

  g_assert_cmpuint (tile_at (s, 0, 0), ==, 1 << HB_DIR_E);
  g_assert_cmpuint (tile_at (s, 1, 0), ==, 1 << HB_DIR_N);
  g_assert_cmpuint (tile_at (s, 2, 0), ==, 1 << HB_DIR_W);
  g_assert_cmpuint (tile_at (s, 3, 0), ==, 1 << HB_DIR_S);
  hb_state_free (s);
}

static void
test_sniff (void)
{
  const char *flip = "3x3:d074191345d1644c17058,028";

  g_assert_true (loop_game.sniff ("3x2:123456", 10));
  g_assert_true (loop_game.sniff ("  3x2:1v23h456\n", 15));
  g_assert_false (loop_game.sniff ("3x2:12345", 9));
  g_assert_false (loop_game.sniff ("3x2:1234567", 11));
  g_assert_false (loop_game.sniff (flip, strlen (flip)));
  /* The native form, as `generate` writes it; a row of one tile is
   * claimed too (Enlight claims it as well, so the registry cannot tell:
   * /cli/bad-input). */
  g_assert_true (loop_game.sniff (square_loop, strlen (square_loop)));
  g_assert_true (loop_game.sniff ("# x\n1000\t0010 \n\n0000 0000\r\n", strlen ("# x\n1000\t0010 \n\n0000 0000\r\n")));
  g_assert_true (loop_game.sniff ("1000\n0010\n", strlen ("1000\n0010\n")));
  g_assert_false (loop_game.sniff ("1000 101\n", strlen ("1000 101\n")));
  g_assert_false (loop_game.sniff ("1000 10100\n", strlen ("1000 10100\n")));
  g_assert_false (loop_game.sniff ("1000 1020\n", strlen ("1000 1020\n")));
  g_assert_false (loop_game.sniff ("10001010\n", strlen ("10001010\n")));
  g_assert_false (loop_game.sniff ("# only\n\n", strlen ("# only\n\n")));
  /* The compact form is this game's alone: told, comments and all, so
   * `solve --compact`'s output reads back without --game. */
  g_assert_true (loop_game.sniff ("┌┐\n└┘\n", strlen ("┌┐\n└┘\n")));
  g_assert_true (loop_game.sniff ("# a\n ╶\n.┘\n", strlen ("# a\n ╶\n.┘\n")));
  g_assert_false (loop_game.sniff (" .\n. \n", strlen (" .\n. \n")));
  g_assert_false (loop_game.sniff ("┌x\n", strlen ("┌x\n")));
  g_assert_false (loop_game.sniff ("", 0));
}

static void
test_parse_errors (void)
{
  hb_test_parse_fails (&loop_game, "", "the file holds no board");
  hb_test_parse_fails (&loop_game, "# only a comment\n\n", "the file holds no board");
  hb_test_parse_fails (&loop_game, "1000 1020\n", "binary");
  hb_test_parse_fails (&loop_game, "1000 101\n", "four binary digits");
  hb_test_parse_fails (&loop_game, "1000 10100\n", "four binary digits");
  hb_test_parse_fails (&loop_game, "1000 1010\n1000\n", "first row has 2");
  hb_test_parse_fails (&loop_game, "1000\n1000 1010\n", "more tiles");
  hb_test_parse_fails (&loop_game, "┌┐\n└x\n", "not a tile");
  hb_test_parse_fails (&loop_game, "3x3w:123456789\n", "wraps");
  hb_test_parse_fails (&loop_game, "3x3:12v3456789\n", "barriers");
  hb_test_parse_fails (&loop_game, "3x3:12345678\n", "has 9 tiles");
  hb_test_parse_fails (&loop_game, "3x3:1234567891\n", "too many");
  hb_test_parse_fails (&loop_game, "3x3:12345678z\n", "hex");
  hb_test_parse_fails (&loop_game, "0x3:\n", "empty");
  /* The size as written, not as far as it was read. */
  hb_test_parse_fails (&loop_game, "5000x3:1\n", "the board is too large (5000×3)");
  hb_test_parse_fails (&loop_game, "100000x100000:1\n", "the board is too large (100000×100000)");
  /* Past the largest int, as written (it said 2147483647×3). */
  hb_test_parse_fails (&loop_game, "99999999999999999999x3:1\n",
                       "the board is too large (99999999999999999999x3)");
  hb_test_parse_fails (&loop_game, "3x1:123\nmore\n", "after the Net");
  hb_test_parse_fails (&loop_game, "1000 \xff\n", "UTF-8");
  hb_test_parse_fails (&loop_game, "1000 1\xc3\xa9\n", "binary");
  /* A no-break space is named, not shown as a blank (a blank may stand
   * there: "found ' '" did not say what was wrong), as the other games
   * name it. */
  hb_test_parse_fails (&loop_game, "1000 1\xc2\xa0""010\n", "1:7: a tile is four binary digits "
                       "N E S W (like 1010); found 'U+00A0'");
  hb_test_parse_fails (&loop_game, "\xe2\x94\x8c\xc2\xa0\xe2\x94\x90\n",
                       "1:2: 'U+00A0' is not a tile");

  /* The error position: line 3, column 7 (the blank line before the
   * board counted; one among its rows is an error of its own). */
  {
    g_autoptr(GError) error = NULL;
    const char *text = "# a level\n\n0000 1x00\n";
    HbState *s = loop_game.parse (text, strlen (text), &error);
    g_assert_null (s);
    g_assert_true (g_str_has_prefix (error->message, "3:7:"));
  }

  /* A row longer than the largest board. */
  {
    GString *big = g_string_new (NULL);
    for (int i = 0; i <= HB_MAX_SIDE; i++)
      g_string_append (big, "0000 ");
    /* At the first tile too many (4096 tiles of five characters before it). */
    hb_test_parse_fails (&loop_game, big->str, "1:20481: the row is longer than 4096 cells");
    /* The compact form likewise, at its 4097th tile. */
    g_string_truncate (big, 0);
    for (int i = 0; i < 5000; i++)
      g_string_append (big, "│");
    hb_test_parse_fails (&loop_game, big->str, "1:4097: the row is longer than 4096 cells");
    g_string_free (big, TRUE);
  }
}

static void
test_generate (void)
{
  HbGenerateParams p = { .width = 9, .height = 7, .seed = 42 };
  g_autoptr(GError) error = NULL;
  HbState *a = loop_game.generate (&p, &error);
  HbState *b = loop_game.generate (&p, &error);
  HbState *c;
  guint arms = 0;

  g_assert_no_error (error);
  g_assert_true (loop_game.equal (a, b));
  p.seed = 43;
  c = loop_game.generate (&p, &error);
  g_assert_false (loop_game.equal (a, c));
  /* Every arm belongs to an edge between two cells: an even count. */
  for (int i = 0; i < 63; i++)
    arms += __builtin_popcount (LOOP (a)->tiles[i]);
  g_assert_cmpuint (arms % 2, ==, 0);
  g_assert_cmpuint (arms, >, 0);
  hb_state_free (a);
  hb_state_free (b);
  hb_state_free (c);

  p.width = 0;
  g_assert_null (loop_game.generate (&p, &error));
  g_assert_error (error, HB_PARSE_ERROR, HB_PARSE_ERROR_SIZE);
}

static void
test_rules (void)
{
  HbState *s = hb_test_parse (&loop_game, square_loop);
  HbState *t;
  HbMove turn = { LOOP_OP_ROTATE, 0, 0, 1 };
  g_autofree char *status = NULL, *status2 = NULL;

  g_assert_true (loop_game.is_solved (s));
  status = loop_game.status_text (s);
  g_assert_cmpstr (status, ==, "No open ends · Solved");
  t = loop_game.apply (s, &turn);
  g_assert_nonnull (t);
  g_assert_false (loop_game.is_solved (t));
  /* (0,0) becomes S+W: W off the board, S meets (0,1)'s N; E of (1,0)'s W
   * is left open... */
  g_assert_cmpuint (tile_at (t, 0, 0), ==, (1 << HB_DIR_S) | (1 << HB_DIR_W));
  status2 = loop_game.status_text (t);
  g_assert_cmpstr (status2, ==, "2 open ends");
  g_assert_cmpuint (loop_open_ends (LOOP (t)->tiles, 2, 2), ==, 2);
  hb_state_free (t);

  /* An arm off the board is open. */
  t = hb_test_parse (&loop_game, "1000\n");
  g_assert_false (loop_game.is_solved (t));
  hb_state_free (t);
  t = hb_test_parse (&loop_game, "0000 0000\n");
  g_assert_true (loop_game.is_solved (t));
  /* In Edit an empty board is no design yet; a closed one is complete. */
  {
    g_autofree char *empty = loop_game.edit_status_text (t);
    g_autofree char *closed = loop_game.edit_status_text (s);
    g_assert_cmpstr (empty, ==, "Empty board: drag from a tile into its neighbour to draw a pipe");
    g_assert_cmpstr (closed, ==, "No open ends: the design is complete");
  }
  hb_state_free (t);
  hb_state_free (s);

  g_assert_cmpint (loop_turns_between (1, 2), ==, 1);
  g_assert_cmpint (loop_turns_between (1, 8), ==, 3);
  g_assert_cmpint (loop_turns_between (5, 10), ==, 1);
  g_assert_cmpint (loop_turns_between (5, 3), ==, -1);
  g_assert_cmpuint (loop_rotate (0x3, 1), ==, 0x6);
  g_assert_cmpuint (loop_rotate (0x3, -1), ==, 0x9);
}

/* The open ends counted row by row agree with loop_arm_is_open arm by arm,
 * on boards of every shape (one row, one column) with any arms; rows of
 * 10 tiles and more are counted eight at a time, and over 500 the eight's
 * lanes are summed part way (the solved flag stops at the first). */
static void
test_open_ends_count (void)
{
  GRand *rand = g_rand_new_with_seed (163);

  for (int round = 0; round < 400; round++)
    {
      int w = round % 4 == 3 ? g_rand_int_range (rand, 490, 1100)
              : g_rand_int_range (rand, 1, round < 200 ? 9 : 40);
      int h = g_rand_int_range (rand, 1, round % 4 == 3 ? 4 : 9);
      g_autofree guint8 *tiles = g_new (guint8, w * h);
      guint64 open = 0;

      for (int i = 0; i < w * h; i++)
        tiles[i] = g_rand_int_range (rand, 0, 3) == 0 ? 0 : g_rand_int_range (rand, 0, 16);
      for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
          for (int d = 0; d < 4; d++)
            open += loop_arm_is_open (tiles, w, h, x, y, d);
      g_assert_cmpuint (loop_open_ends (tiles, w, h), ==, open);
      {
        /* Every arm the same way round so that all face back (E with W
         * beside it...): closed but for the edges, then one open end
         * anywhere makes the board unsolved. */
        LoopState *st = loop_state_new (w, h);
        for (int i = 0; i < w * h; i++)
          st->tiles[i] = 0;
        g_assert_true (loop_game.is_solved ((HbState *) st));
        st->tiles[g_rand_int_range (rand, 0, w * h)] = 1 << g_rand_int_range (rand, 0, 4);
        g_assert_false (loop_game.is_solved ((HbState *) st));
        hb_state_free ((HbState *) st);
      }
    }
  g_rand_free (rand);
}

/* Whether a board is solved is asked several times at every status update
 * (the status line, the actions, the hint row, the win check): on a
 * scrambled 4096x4096 board each ask counted all 67 million arms, and
 * opening one such level held the window up 5-7 s. An open end ends the
 * scan; a solved board's scan is one pass without a call per arm. */
static void
test_is_solved_big (void)
{
  LoopState *s = loop_state_new (HB_MAX_SIDE, HB_MAX_SIDE);
  HbState *state = (HbState *) s;
  gsize n = (gsize) HB_MAX_SIDE * HB_MAX_SIDE;

  /* Every tile an East-West straight, the edges' arms closed by caps: a
   * solved board, bar the open end put in at the bottom right. */
  for (gsize i = 0; i < n; i++)
    s->tiles[i] = (1 << HB_DIR_E) | (1 << HB_DIR_W);
  for (int y = 0; y < HB_MAX_SIDE; y++)
    {
      s->tiles[(gsize) y * HB_MAX_SIDE] = 1 << HB_DIR_E;
      s->tiles[(gsize) y * HB_MAX_SIDE + HB_MAX_SIDE - 1] = 1 << HB_DIR_W;
    }
  g_assert_true (loop_game.is_solved (state));
  s->tiles[n - 1] |= 1 << HB_DIR_S;
  g_assert_false (loop_game.is_solved (state));
  g_assert_cmpuint (loop_open_ends (s->tiles, HB_MAX_SIDE, HB_MAX_SIDE), ==, 1);
  s->tiles[n - 1] &= ~(1 << HB_DIR_S);

  /* Scrambled at the top left: not solved. How long an ask takes is
   * measured by hand, never asserted here: the machines running the
   * suite are shared. */
  s->tiles[0] = 1 << HB_DIR_N;
  g_assert_false (loop_game.is_solved (state));
  hb_state_free (state);
}

static void
test_apply (void)
{
  HbState *s = loop_game.new_blank (3, 3);
  HbState *t, *u;
  HbMove m;

  m = (HbMove) { LOOP_OP_TOGGLE_EDGE, 1, 1, HB_DIR_E };
  t = loop_game.apply (s, &m);
  g_assert_cmpuint (tile_at (t, 1, 1), ==, 1 << HB_DIR_E);
  g_assert_cmpuint (tile_at (t, 2, 1), ==, 1 << HB_DIR_W);
  g_assert_true (loop_game.is_solved (t));
  u = loop_game.apply (t, &m);
  g_assert_true (loop_game.equal (s, u));
  hb_state_free (u);
  m = (HbMove) { LOOP_OP_TOGGLE_EDGE, 2, 1, HB_DIR_E };
  g_assert_null (loop_game.apply (t, &m));
  m = (HbMove) { LOOP_OP_TOGGLE_EDGE, 1, 1, 7 };
  g_assert_null (loop_game.apply (t, &m));
  /* A half-open pair (an arm pointing at a tile without the arm back) is
   * completed, dragged from either side; joined, it goes. */
  {
    HbState *half;
    HbState *done[2];

    m = (HbMove) { LOOP_OP_SET_TILE, 0, 0, 1 << HB_DIR_E };
    half = loop_game.apply (s, &m);
    for (int side = 0; side < 2; side++)
      {
        m = side == 0 ? (HbMove) { LOOP_OP_TOGGLE_EDGE, 0, 0, HB_DIR_E }
                      : (HbMove) { LOOP_OP_TOGGLE_EDGE, 1, 0, HB_DIR_W };
        done[side] = loop_game.apply (half, &m);
        g_assert_cmpuint (tile_at (done[side], 0, 0), ==, 1 << HB_DIR_E);
        g_assert_cmpuint (tile_at (done[side], 1, 0), ==, 1 << HB_DIR_W);
      }
    u = loop_game.apply (done[0], &m);
    g_assert_cmpuint (tile_at (u, 0, 0), ==, 0);
    g_assert_cmpuint (tile_at (u, 1, 0), ==, 0);
    hb_state_free (u);
    hb_state_free (done[0]);
    hb_state_free (done[1]);
    hb_state_free (half);
  }

  m = (HbMove) { LOOP_OP_SET_TILE, 0, 0, LOOP_KIND_CROSS };
  u = loop_game.apply (t, &m);
  g_assert_cmpuint (tile_at (u, 0, 0), ==, 15);
  g_assert_null (loop_game.apply (u, &m));
  m = (HbMove) { LOOP_OP_ROTATE, 0, 0, 1 };
  g_assert_null (loop_game.apply (u, &m));   /* a cross turns into itself */
  m = (HbMove) { LOOP_OP_ROTATE, 5, 0, 1 };
  g_assert_null (loop_game.apply (u, &m));
  m = (HbMove) { LOOP_OP_SET_TILE, 0, 0, 16 };
  g_assert_null (loop_game.apply (u, &m));
  m = (HbMove) { LOOP_OP_CLEAR, 0, 0, 0 };
  hb_state_free (t);
  t = loop_game.apply (u, &m);
  g_assert_true (loop_game.equal (s, t));
  g_assert_null (loop_game.apply (t, &m));
  hb_state_free (t);
  hb_state_free (u);

  /* Resize keeps what fits. */
  t = hb_test_parse (&loop_game, "1000 0100\n0010 0001\n");
  u = loop_game.resize (t, 1, 3, 0, 0);
  g_assert_cmpint (u->width, ==, 1);
  g_assert_cmpint (u->height, ==, 3);
  g_assert_cmpuint (tile_at (u, 0, 0), ==, 1);
  g_assert_cmpuint (tile_at (u, 0, 1), ==, 4);
  g_assert_cmpuint (tile_at (u, 0, 2), ==, 0);
  hb_state_free (u);
  hb_state_free (t);
  hb_state_free (s);
}

static HbHit
hit_at (int x, int y)
{
  HbHit h = { x, y, 0.5, 0.5, TRUE };
  return h;
}

static void
test_pointer (void)
{
  HbState *s = loop_game.new_blank (3, 3);
  g_autofree HbCellDrag *ui = loop_game.ui_new (s);
  HbPointer p = { .mode = HB_MODE_EDIT, .button = 1, .tool = -1, .ui = ui };
  HbMove out[4];
  HbHit h;
  int n;

  /* Drag (0,0) → (1,0) → (1,1) on an empty board: two edges drawn (the
   * first edge, open, makes the drag one that draws). */
  h = hit_at (0, 0);
  g_assert_cmpint (loop_game.pointer (s, &p, HB_POINTER_PRESS, &h, out, 4), ==, 0);
  h = hit_at (1, 0);
  n = loop_game.pointer (s, &p, HB_POINTER_MOTION, &h, out, 4);
  g_assert_cmpint (n, ==, 1);
  g_assert_cmpint (out[0].op, ==, LOOP_OP_SET_EDGE);
  g_assert_cmpint (out[0].x, ==, 0);
  g_assert_cmpint (out[0].value, ==, HB_DIR_E | 4);
  h = hit_at (1, 0);
  g_assert_cmpint (loop_game.pointer (s, &p, HB_POINTER_MOTION, &h, out, 4), ==, 0);
  h = hit_at (1, 1);
  n = loop_game.pointer (s, &p, HB_POINTER_MOTION, &h, out, 4);
  g_assert_cmpint (n, ==, 1);
  g_assert_cmpint (out[0].x, ==, 1);
  g_assert_cmpint (out[0].y, ==, 0);
  g_assert_cmpint (out[0].value, ==, HB_DIR_S | 4);
  g_assert_cmpint (loop_game.pointer (s, &p, HB_POINTER_RELEASE, &h, out, 4), ==, 0);

  /* The first edge decides for the whole drag: a drag from (0,0) to
   * (2,0) draws both edges; dragged again from (0,0) to (2,1), its first
   * edge joined, it erases what is drawn and draws nothing (each edge was
   * toggled on its own, so a drag back along a pipe erased part of it and
   * drew the rest). */
  {
    HbState *t = loop_game.new_blank (3, 2);
    const int path1[][2] = { { 1, 0 }, { 2, 0 } };
    const int path2[][2] = { { 1, 0 }, { 2, 0 }, { 2, 1 } };

    for (int round = 0; round < 2; round++)
      {
        const int (*path)[2] = round == 0 ? path1 : path2;
        int len = round == 0 ? 2 : 3;

        h = hit_at (0, 0);
        loop_game.pointer (t, &p, HB_POINTER_PRESS, &h, out, 4);
        for (int k = 0; k < len; k++)
          {
            h = hit_at (path[k][0], path[k][1]);
            n = loop_game.pointer (t, &p, HB_POINTER_MOTION, &h, out, 4);
            g_assert_cmpint (n, ==, 1);
            HbState *u = loop_game.apply (t, &out[0]);
            if (u != NULL)
              {
                hb_state_free (t);
                t = u;
              }
          }
        loop_game.pointer (t, &p, HB_POINTER_RELEASE, &h, out, 4);
        if (round == 0)
          {
            g_assert_cmpuint (tile_at (t, 0, 0), ==, 1 << HB_DIR_E);
            g_assert_cmpuint (tile_at (t, 1, 0), ==, (1 << HB_DIR_E) | (1 << HB_DIR_W));
            g_assert_cmpuint (tile_at (t, 2, 0), ==, 1 << HB_DIR_W);
          }
      }
    for (int y = 0; y < 2; y++)
      for (int x = 0; x < 3; x++)
        g_assert_cmpuint (tile_at (t, x, y), ==, 0);
    hb_state_free (t);
  }

  /* A click rotates; with a tool it places the kind. */
  h = hit_at (2, 2);
  loop_game.pointer (s, &p, HB_POINTER_PRESS, &h, out, 4);
  n = loop_game.pointer (s, &p, HB_POINTER_RELEASE, &h, out, 4);
  g_assert_cmpint (n, ==, 1);
  g_assert_cmpint (out[0].op, ==, LOOP_OP_ROTATE);
  g_assert_cmpint (out[0].value, ==, 1);
  p.tool = LOOP_KIND_TEE;
  loop_game.pointer (s, &p, HB_POINTER_PRESS, &h, out, 4);
  n = loop_game.pointer (s, &p, HB_POINTER_RELEASE, &h, out, 4);
  g_assert_cmpint (n, ==, 1);
  g_assert_cmpint (out[0].op, ==, LOOP_OP_SET_TILE);
  g_assert_cmpint (out[0].value, ==, LOOP_KIND_TEE);
  /* A click on a tile that already is of the chosen kind turns it, so a
   * placed piece can be aimed without changing tools; the Turn tool only
   * turns. */
  {
    HbState *tee = loop_game.apply (s, &out[0]);
    g_assert_nonnull (tee);
    loop_game.pointer (tee, &p, HB_POINTER_PRESS, &h, out, 4);
    n = loop_game.pointer (tee, &p, HB_POINTER_RELEASE, &h, out, 4);
    g_assert_cmpint (n, ==, 1);
    g_assert_cmpint (out[0].op, ==, LOOP_OP_ROTATE);
    p.tool = LOOP_TOOL_TURN;
    loop_game.pointer (tee, &p, HB_POINTER_PRESS, &h, out, 4);
    n = loop_game.pointer (tee, &p, HB_POINTER_RELEASE, &h, out, 4);
    g_assert_cmpint (n, ==, 1);
    g_assert_cmpint (out[0].op, ==, LOOP_OP_ROTATE);
    hb_state_free (tee);
  }

  /* Play: a click turns as the button comes up on the tile it went down
   * on, button 1 clockwise, button 3 anticlockwise; a click that slides
   * off and is let go elsewhere does nothing. */
  p.mode = HB_MODE_PLAY;
  p.button = 1;
  g_assert_cmpint (loop_game.pointer (s, &p, HB_POINTER_PRESS, &h, out, 4), ==, 0);
  n = loop_game.pointer (s, &p, HB_POINTER_RELEASE, &h, out, 4);
  g_assert_cmpint (n, ==, 1);
  g_assert_cmpint (out[0].op, ==, LOOP_OP_ROTATE);
  g_assert_cmpint (out[0].value, ==, 1);
  {
    HbHit off = hit_at (1, 2);
    g_assert_cmpint (loop_game.pointer (s, &p, HB_POINTER_PRESS, &h, out, 4), ==, 0);
    g_assert_cmpint (loop_game.pointer (s, &p, HB_POINTER_MOTION, &off, out, 4), ==, 0);
    g_assert_cmpint (loop_game.pointer (s, &p, HB_POINTER_RELEASE, &off, out, 4), ==, 0);
  }
  p.button = 3;
  g_assert_cmpint (loop_game.pointer (s, &p, HB_POINTER_PRESS, &h, out, 4), ==, 0);
  n = loop_game.pointer (s, &p, HB_POINTER_RELEASE, &h, out, 4);
  g_assert_cmpint (n, ==, 1);
  g_assert_cmpint (out[0].value, ==, -1);
  {
    HbState *t = hb_test_parse (&loop_game, "1000\n");
    HbMove at_origin = { out[0].op, 0, 0, out[0].value };
    HbState *u = loop_game.apply (t, &at_origin);
    g_assert_cmpuint (tile_at (u, 0, 0), ==, 1 << HB_DIR_W);
    hb_state_free (u);
    hb_state_free (t);
  }
  h.inside = FALSE;
  g_assert_cmpint (loop_game.pointer (s, &p, HB_POINTER_PRESS, &h, out, 4), ==, 0);
  hb_state_free (s);
}

static void
test_palette (void)
{
  HbState *s = loop_game.new_blank (2, 2);
  HbPaletteEntry e[8];
  int n = loop_game.palette (s, HB_MODE_EDIT, e, 8);

  g_assert_cmpint (n, ==, 7);
  g_assert_cmpstr (e[0].name, ==, "Turn");
  g_assert_cmpint (e[0].id, ==, LOOP_TOOL_TURN);
  g_assert_cmpstr (e[1].name, ==, "Empty");
  g_assert_cmpint (e[6].id, ==, LOOP_KIND_CROSS);
  g_assert_cmpint (loop_game.palette (s, HB_MODE_PLAY, e, 8), ==, 0);
  g_assert_cmpint (loop_game.palette (s, HB_MODE_EDIT, e, 2), ==, 2);
  hb_state_free (s);
}

static void
test_vtable (void)
{
  const HbGame *g = &loop_game;

  g_assert_cmpstr (g->id, ==, "loop");
  g_assert_cmpstr (g->name, ==, "Infinite Loop");
  g_assert_cmpstr (g->extension, ==, ".loop");
  g_assert_cmpstr (g->solvers[0]->id, ==, "fast");
  g_assert_cmpstr (g->solvers[1]->id, ==, "backtrack");
  g_assert_cmpstr (g->solvers[2]->id, ==, "dlx");
  g_assert_cmpstr (g->solvers[3]->id, ==, "maxflow");
  g_assert_null (g->solvers[4]);
  g_assert_true (g->solvers[3]->flags & HB_SOLVER_RELAXATION);
  g_assert_false (g->solvers[3]->flags & HB_SOLVER_EXACT);
  g_assert_true (g->new_blank && g->copy && g->free && g->equal && g->generate
                 && g->resize && g->parse && g->sniff && g->write && g->write_solution
                 && g->is_solved && g->apply && g->pointer && g->palette
                 && g->palette_render && g->status_text && g->render
                 && g->hint_compute && g->hint_free && g->hint_describe
                 && g->hint_next_move && g->frame_new && g->frame_copy
                 && g->frame_free && g->frame_step && g->frame_render
                 && g->describe_step && g->bench);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/loop/format/native", test_native);
  g_test_add_func ("/loop/format/native-written", test_native_written);
  g_test_add_func ("/loop/format/compact", test_compact);
  g_test_add_func ("/loop/format/tatham", test_tatham);
  g_test_add_func ("/loop/format/tatham-map", test_tatham_map);
  g_test_add_func ("/loop/format/sniff", test_sniff);
  g_test_add_func ("/loop/format/errors", test_parse_errors);
  g_test_add_func ("/loop/generate", test_generate);
  g_test_add_func ("/loop/rules", test_rules);
  g_test_add_func ("/loop/open-ends-count", test_open_ends_count);
  g_test_add_func ("/loop/is-solved-big", test_is_solved_big);
  g_test_add_func ("/loop/apply", test_apply);
  g_test_add_func ("/loop/pointer", test_pointer);
  g_test_add_func ("/loop/palette", test_palette);
  g_test_add_func ("/loop/vtable", test_vtable);
  return g_test_run ();
}
