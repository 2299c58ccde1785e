/* Enlight's model: formats (good and bad input), Flip IDs, moves, pointer
 * gestures, undo/redo through HbHistory, trace frames through HbPlayer and
 * drawing on an image surface. Solvers are tested in test-lights-solve.c. */
#include "lights.h"
#include "hb-history.h"
#include "hb-player.h"
#include "hb-test-util.h"

#include <stdio.h>
#include <string.h>

static LightsState *
parse (const char *text)
{
  return LIGHTS (hb_test_parse (&lights_game, text));
}

static void
test_parse_grid (void)
{
  LightsState *s = parse ("# a comment\n\n10*\r\n.01\n\n");

  g_assert_cmpint (s->base.width, ==, 3);
  g_assert_cmpint (s->base.height, ==, 2);
  g_assert_cmpmem (s->cells, 6, "\1\0\1\0\0\1", 6);
  lights_game.free (&s->base);

  /* A comment line between two rows is ignored, as in the other games'
   * files (only a blank line ends the board). */
  s = parse ("10*\n# between the rows\n.01\n# after\n");
  g_assert_cmpint (s->base.width, ==, 3);
  g_assert_cmpint (s->base.height, ==, 2);
  g_assert_cmpmem (s->cells, 6, "\1\0\1\0\0\1", 6);
  lights_game.free (&s->base);

  /* No final newline, blanks between cells allowed. */
  s = parse ("1 0\n0 1");
  g_assert_cmpint (s->base.width, ==, 2);
  g_assert_cmpmem (s->cells, 4, "\1\0\0\1", 4);
  lights_game.free (&s->base);
}

static void
test_parse_bad (void)
{
  hb_test_parse_fails (&lights_game, "", "no board");
  hb_test_parse_fails (&lights_game, "\n# only a comment\n", "no board");
  hb_test_parse_fails (&lights_game, "101\n1x1\n", "unknown character 'x'");
  hb_test_parse_fails (&lights_game, "101\n11\n", "ragged");
  /* A short row just past its last cell, its trailing blanks aside; a
   * long one at its first cell past the first row's width. */
  hb_test_parse_fails (&lights_game, "01010\n011   \n", "2:4: this row has 3 cells");
  hb_test_parse_fails (&lights_game, "01010\r\n011\r\n", "2:4: this row has 3 cells");
  hb_test_parse_fails (&lights_game, "01010\n0011011\n", "2:6: this row has 7 cells");
  hb_test_parse_fails (&lights_game, "0 1 0\n0 0 1 1\n", "2:7: this row has 4 cells");
  hb_test_parse_fails (&lights_game, "10\n\n01\n", "consecutive");
  hb_test_parse_fails (&lights_game, "10\n0é\n", "unknown character 'é'");

  /* The exact position of an unknown character. */
  {
    g_autoptr(GError) error = NULL;
    const char *text = "000\n0a0\n";
    g_assert_null (lights_game.parse (text, strlen (text), &error));
    g_assert_cmpstr (error->message, ==,
                     "2:2: unknown character 'a' (a light is 1 or *, a dark cell 0 or .)");
  }
  /* A row longer than the limit is refused without building it. */
  {
    gsize n = HB_MAX_SIDE + 10;
    g_autofree char *row = g_malloc (n + 2);
    memset (row, '1', n);
    row[n] = '\n';
    row[n + 1] = '\0';
    hb_test_parse_fails (&lights_game, row, "longer than");
  }
}

static void
test_flip_ids (void)
{
  g_autoptr(GPtrArray) rows = hb_test_read_tsv ("anchors/lights/tatham-flip-ids.tsv");

  g_assert_cmpuint (rows->len, ==, 20);
  for (guint i = 0; i < rows->len; i++)
    {
      char **f = g_ptr_array_index (rows, i);
      int w, h;
      LightsState *s;
      g_autofree char *again = NULL;
      g_autofree char *expected = g_strdup_printf ("%s\n", f[3]);

      g_assert_cmpint (sscanf (f[0], "%dx%dc", &w, &h), ==, 2);
      /* Sniffing finds the game without an extension. */
      g_assert_true (lights_game.sniff (f[3], strlen (f[3])));
      s = parse (f[3]);
      g_assert_cmpint (s->base.width, ==, w);
      g_assert_cmpint (s->base.height, ==, h);
      again = lights_game.write (&s->base, HB_WRITE_TATHAM, NULL);
      g_assert_cmpstr (again, ==, expected);
      lights_game.free (&s->base);
    }

  /* Long thin boards up to 4096 cells are written as Flip IDs, and
   * sniffed as such (past 64 a side they were not: "cannot tell which
   * game this is"). */
  {
    static const int sizes[][2] = { { 1, 65 }, { 70, 3 }, { 65, 63 } };
    for (gsize k = 0; k < G_N_ELEMENTS (sizes); k++)
      {
        HbState *b = lights_game.new_blank (sizes[k][0], sizes[k][1]);
        g_autofree char *id = lights_game.write (b, HB_WRITE_TATHAM, NULL);
        g_assert_nonnull (id);
        g_assert_true (lights_game.sniff (id, strlen (id)));
        hb_state_free (b);
      }
  }

  /* The grid as generate writes it is this game's (so it pipes into
   * solve without --game); blanks inside a row or other characters are
   * not claimed. */
  {
    static const char *const mine[] = { "01010\n00110\n", "# c\n*.*\n\n.*.\r\n", "1\n" };
    static const char *const not_mine[] = { "1 0 1\n", "0120\n", "A.A\n", "# c\n", "" };

    for (gsize k = 0; k < G_N_ELEMENTS (mine); k++)
      g_assert_true (lights_game.sniff (mine[k], strlen (mine[k])));
    for (gsize k = 0; k < G_N_ELEMENTS (not_mine); k++)
      g_assert_false (lights_game.sniff (not_mine[k], strlen (not_mine[k])));
  }

  /* 3x3:...,028 is lights at cells 6 and 8: the bottom corners. With
   * Flip's kind in the size, as its parameters write it ("3x3c"), the
   * same (it was "not a Flip game ID"); "r", random, is told by its
   * matrix. */
  {
    LightsState *s = parse ("3x3:d074191345d1644c17058,028");
    LightsState *c = parse ("3x3c:d074191345d1644c17058,028");
    g_assert_cmpmem (s->cells, 9, "\0\0\0\0\0\0\1\0\1", 9);
    g_assert_true (lights_game.equal (&s->base, &c->base));
    g_assert_true (lights_game.sniff ("3x3c:d074191345d1644c17058,028", 30));
    lights_game.free (&s->base);
    lights_game.free (&c->base);
    hb_test_parse_fails (&lights_game, "3x3r:f074191345d1644c17058,028", "crosses");
  }

  /* Comment lines around the ID, as around a Net or a Flood ID: one
   * before it read the ID as a grid ("2:1: unknown character '3'"), one
   * after it as part of the ID ("'\n' is not a hex digit"). */
  {
    static const char *const commented[] = {
      "# my level\n3x3:d074191345d1644c17058,028\n",
      "3x3:d074191345d1644c17058,028\n# from Flip\n",
      "# a\r\n\r\n  3x3:d074191345d1644c17058,028  \r\n\r\n# b\r\n",
    };

    for (gsize k = 0; k < G_N_ELEMENTS (commented); k++)
      {
        LightsState *s = parse (commented[k]);
        g_assert_cmpint (s->base.width, ==, 3);
        g_assert_cmpmem (s->cells, 9, "\0\0\0\0\0\0\1\0\1", 9);
        lights_game.free (&s->base);
      }
    /* Errors name the line and column in the file. */
    hb_test_parse_fails (&lights_game, "# a\n# b\n3x3:d074191345d1644c17058,0g8\n",
                         "3:28: 'g' is not a hex digit");
    hb_test_parse_fails (&lights_game, "# a\n3x3:d074191345d1644c1705,028\n",
                         "2:25: the Flip ID's matrix has 20 digits");
    /* Other text after it is unexpected, as after a Net ID (it was read
     * as part of the ID, "2:30: '\n' is not a hex digit"), and an ID
     * split over two lines is the first line's (it counted the line end
     * as a digit: helper-155). */
    hb_test_parse_fails (&lights_game, "# a\n3x3:d074191345d1644c17058,028\n\n# b\n101\n",
                         "5:1: unexpected text after the Flip game ID");
    hb_test_parse_fails (&lights_game, "2x2:edb7\n,8\n",
                         "1:9: the Flip ID is truncated");
  }
}

static void
test_flip_bad (void)
{
  /* Truncated: no grid, short matrix, short grid. */
  hb_test_parse_fails (&lights_game, "3x3:d074191345d1644c17058", "truncated");
  hb_test_parse_fails (&lights_game, "3x3:d074191345d1644c1705,028", "matrix has 20 digits");
  hb_test_parse_fails (&lights_game, "3x3:d074191345d1644c17058,02", "grid has 2 digits");
  hb_test_parse_fails (&lights_game, "3x3:d074191345d1644c17058,0g8", "not a hex digit");
  /* A stray character is named, not counted as a digit ("grid has 4
   * digits" for "048,": review). */
  hb_test_parse_fails (&lights_game, "3x3:d074191345d1644c17058,048,", "1:30: ',' is not a hex digit");
  /* Another Flip kind: one matrix bit differs from the cross. */
  hb_test_parse_fails (&lights_game, "3x3:f074191345d1644c17058,028", "crosses");
  /* Sizes. */
  hb_test_parse_fails (&lights_game, "0x0:,", "empty");
  hb_test_parse_fails (&lights_game, "100000x100000:0,0", "too large");
  /* Ten digits and more: still a size, too large ("not a Flip game ID"). */
  hb_test_parse_fails (&lights_game, "1000000000x1000000000:0,0", "the board is too large");
  hb_test_parse_fails (&lights_game, "999999999999999999x3:0,0", "the board is too large");
  /* Past 18 digits too, as Net and Flood IDs say it (it was "not a Flip
   * game ID"). */
  hb_test_parse_fails (&lights_game, "99999999999999999999x3:0,0",
                       "1:1: the board is too large (99999999999999999999x3)");
  /* Past the largest int, the size as written (it said 2147483647×1). */
  hb_test_parse_fails (&lights_game, "2147483648x1:c,0", "too large (2147483648x1)");
  hb_test_parse_fails (&lights_game, "65x65:0,0", "too large to read");
}

/* The Flip ID's digits take the noun's plural from their number: the
 * message had none, and Romanian read "de cifre" for a count ending in 07,
 * which takes plain "cifre". */
static void
test_flip_digits_plural (void)
{
  g_autoptr(GError) error = NULL;
  HbState *s;

  hb_test_parse_fails (&lights_game, "65x65:0,0", "(its matrix alone is 4462657 digits)");
  if (!hb_test_romanian ())
    return;
  s = lights_game.parse ("65x65:0,0", 9, &error);
  g_assert_null (s);
  g_assert_nonnull (strstr (error->message, "(doar matricea lui are 4462657 de cifre)"));
  g_clear_error (&error);
  s = lights_game.parse ("65x67:0,0", 9, &error);
  g_assert_null (s);
  g_assert_nonnull (strstr (error->message, "(doar matricea lui are 4741507 cifre)"));
  hb_test_romanian_end ();
}

static void
test_write_roundtrip (void)
{
  HbGenerateParams p = { 13, 7, 0, 99 };
  HbState *s = lights_game.generate (&p, NULL);
  g_autofree char *text = lights_game.write (s, HB_WRITE_NATIVE, NULL);
  HbState *back = hb_test_parse (&lights_game, text);

  g_assert_true (lights_game.equal (s, back));
  /* The same seed gives the same level; another seed another one. */
  {
    HbState *same = lights_game.generate (&p, NULL);
    HbGenerateParams q = p;
    HbState *other;
    q.seed = 100;
    other = lights_game.generate (&q, NULL);
    g_assert_true (lights_game.equal (s, same));
    g_assert_false (lights_game.equal (s, other));
    hb_state_free (same);
    hb_state_free (other);
  }
  /* Never a level already solved (2x1 seed 1 was "00", 1x1 seed 2 "0"). */
  for (int w = 1; w <= 4; w++)
    for (int h = 1; h <= 4; h++)
      for (guint64 seed = 0; seed < 64; seed++)
        {
          HbGenerateParams q = { w, h, 0, seed };
          HbState *g = lights_game.generate (&q, NULL);
          g_assert_false (lights_game.is_solved (g));
          hb_state_free (g);
        }
  {
    g_autoptr(GError) error = NULL;
    HbGenerateParams big = { 100000, 100000, 0, 1 };
    g_assert_null (lights_game.generate (&big, &error));
    g_assert_error (error, HB_PARSE_ERROR, HB_PARSE_ERROR_SIZE);
  }
  hb_state_free (s);
  hb_state_free (back);
}

static void
test_moves (void)
{
  LightsState *s = parse ("000\n000\n000\n");
  HbMove press = { LIGHTS_OP_PRESS, 1, 1, 0 };
  HbMove corner = { LIGHTS_OP_PRESS, 0, 0, 0 };
  HbMove off = { LIGHTS_OP_PRESS, 3, 0, 0 };
  HbState *a, *b;

  a = lights_game.apply (&s->base, &press);
  g_assert_cmpmem (LIGHTS (a)->cells, 9, "\0\1\0\1\1\1\0\1\0", 9);
  b = lights_game.apply (a, &corner);
  g_assert_cmpmem (LIGHTS (b)->cells, 9, "\1\0\0\0\1\1\0\1\0", 9);
  g_assert_null (lights_game.apply (a, &off));
  g_assert_false (lights_game.is_solved (b));
  g_assert_true (lights_game.is_solved (&s->base));
  /* Pressing twice undoes a press. */
  {
    HbState *c = lights_game.apply (b, &corner);
    g_assert_true (lights_game.equal (c, a));
    hb_state_free (c);
  }
  hb_state_free (a);
  hb_state_free (b);
  lights_game.free (&s->base);
}

/* A drag in edit mode paints the value the first cell got. */
static void
test_pointer (void)
{
  LightsState *s = parse ("0100\n0000\n");
  HbState *cur = lights_game.copy (&s->base);
  g_autofree HbCellDrag *ui = lights_game.ui_new (cur);
  HbPointer p = { .mode = HB_MODE_EDIT, .button = 1, .tool = -1, .ui = ui };
  HbHit hits[] = {
    { 0, 0, 0.5, 0.5, TRUE }, { 1, 0, 0.5, 0.5, TRUE }, { 1, 0, 0.9, 0.5, TRUE },
    { 2, 0, 0.5, 0.5, TRUE }, { 2, 1, 0.5, 0.5, TRUE },
  };
  HbMove mv[4];

  for (guint i = 0; i < G_N_ELEMENTS (hits); i++)
    {
      int n = lights_game.pointer (cur, &p, i == 0 ? HB_POINTER_PRESS : HB_POINTER_MOTION,
                                   &hits[i], mv, 4);
      for (int k = 0; k < n; k++)
        {
          HbState *next = lights_game.apply (cur, &mv[k]);
          if (next)
            {
              hb_state_free (cur);
              cur = next;
            }
        }
    }
  g_assert_cmpint (lights_game.pointer (cur, &p, HB_POINTER_RELEASE, &hits[4], mv, 4), ==, 0);
  g_assert_cmpmem (LIGHTS (cur)->cells, 8, "\1\1\1\0\0\0\1\0", 8);

  /* Play mode: a click is a cross, as the button comes up on the cell it
   * went down on; one let go on another cell does nothing, and one that
   * slid off and back on acts, as a button does. */
  p = (HbPointer) { .mode = HB_MODE_PLAY, .button = 1, .tool = -1, .ui = ui };
  g_assert_cmpint (lights_game.pointer (cur, &p, HB_POINTER_PRESS, &hits[0], mv, 4), ==, 0);
  g_assert_cmpint (lights_game.pointer (cur, &p, HB_POINTER_RELEASE, &hits[0], mv, 4), ==, 1);
  g_assert_cmpint (mv[0].op, ==, LIGHTS_OP_PRESS);
  g_assert_cmpint (mv[0].x, ==, 0);
  g_assert_cmpint (mv[0].y, ==, 0);
  g_assert_cmpint (lights_game.pointer (cur, &p, HB_POINTER_PRESS, &hits[1], mv, 4), ==, 0);
  g_assert_cmpint (lights_game.pointer (cur, &p, HB_POINTER_MOTION, &hits[3], mv, 4), ==, 0);
  g_assert_cmpint (lights_game.pointer (cur, &p, HB_POINTER_RELEASE, &hits[3], mv, 4), ==, 0);
  g_assert_cmpint (lights_game.pointer (cur, &p, HB_POINTER_PRESS, &hits[1], mv, 4), ==, 0);
  g_assert_cmpint (lights_game.pointer (cur, &p, HB_POINTER_RELEASE, &hits[2], mv, 4), ==, 1);
  g_assert_cmpint (mv[0].x, ==, 1);
  g_assert_cmpint (lights_game.pointer (cur, &p, HB_POINTER_PRESS, &hits[1], mv, 4), ==, 0);
  g_assert_cmpint (lights_game.pointer (cur, &p, HB_POINTER_MOTION, &hits[3], mv, 4), ==, 0);
  g_assert_cmpint (lights_game.pointer (cur, &p, HB_POINTER_MOTION, &hits[2], mv, 4), ==, 0);
  g_assert_cmpint (lights_game.pointer (cur, &p, HB_POINTER_RELEASE, &hits[2], mv, 4), ==, 1);
  g_assert_cmpint (mv[0].x, ==, 1);
  /* A release with no press before it does nothing. */
  g_assert_cmpint (lights_game.pointer (cur, &p, HB_POINTER_RELEASE, &hits[2], mv, 4), ==, 0);
  hb_state_free (cur);
  lights_game.free (&s->base);
}

/* The history's origin now is (x, y). */
static void
assert_origin (const HbHistory *h, int x, int y)
{
  int ox, oy;

  hb_history_origin (h, &ox, &oy);
  g_assert_cmpint (ox, ==, x);
  g_assert_cmpint (oy, ==, y);
}

/* The history keeps where the first board's top left cell lies, entry
 * by entry: a moved change adds to it, other pushes keep it, Undo and
 * Redo bring each entry's back, a new level starts at (0, 0). And a
 * resize moves the cells as it says. */
static void
test_history_origin (void)
{
  HbState *s0 = hb_test_parse (&lights_game, "10\n01\n");
  HbHistory *h = hb_history_new (s0, 0);
  HbMove m = { LIGHTS_OP_TOGGLE, 0, 0, 0 };
  HbState *grown = lights_game.resize (s0, 3, 3, 1, 1), *back;

  g_assert_cmpint (LIGHTS (grown)->cells[0], ==, 0);
  g_assert_cmpint (LIGHTS (grown)->cells[1 * 3 + 1], ==, 1);
  g_assert_cmpint (LIGHTS (grown)->cells[2 * 3 + 2], ==, 1);
  g_assert_cmpint (LIGHTS (grown)->cells[1 * 3 + 2], ==, 0);
  back = lights_game.resize (grown, 2, 2, -1, -1);
  g_assert_true (lights_game.equal (back, s0));
  hb_state_free (back);
  /* Grown, nothing is cut; the left column of 10 / 01 holds a light; of
   * 00 / 01 the right column and the bottom row do, the top row not. */
  g_assert_false (hb_game_resize_cuts (s0, grown, 1, 1));
  back = lights_game.resize (s0, 1, 2, -1, 0);
  g_assert_true (hb_game_resize_cuts (s0, back, -1, 0));
  hb_state_free (back);
  {
    HbState *low = hb_test_parse (&lights_game, "00\n01\n");
    HbState *cut = lights_game.resize (low, 1, 2, 0, 0);

    g_assert_true (hb_game_resize_cuts (low, cut, 0, 0));
    hb_state_free (cut);
    cut = lights_game.resize (low, 2, 1, 0, 0);
    g_assert_true (hb_game_resize_cuts (low, cut, 0, 0));
    hb_state_free (cut);
    cut = lights_game.resize (low, 2, 1, 0, -1);
    g_assert_false (hb_game_resize_cuts (low, cut, 0, -1));
    hb_state_free (cut);
    hb_state_free (low);
  }
  assert_origin (h, 0, 0);
  hb_history_push_moved (h, grown, 1, 1);
  hb_history_push (h, lights_game.apply (hb_history_current (h), &m));
  hb_history_push_play (h, lights_game.apply (hb_history_current (h), &m));
  assert_origin (h, 1, 1);
  hb_history_push_moved (h, lights_game.resize (hb_history_current (h), 3, 2, 0, -1), 0, -1);
  assert_origin (h, 1, 0);
  g_assert_true (hb_history_undo (h));
  assert_origin (h, 1, 1);
  g_assert_true (hb_history_undo (h));
  g_assert_true (hb_history_undo (h));
  g_assert_true (hb_history_undo (h));
  assert_origin (h, 0, 0);
  g_assert_true (hb_history_redo (h));
  assert_origin (h, 1, 1);
  /* A push after Undo drops the redo entries and starts from this one's. */
  hb_history_push (h, lights_game.apply (hb_history_current (h), &m));
  assert_origin (h, 1, 1);
  hb_history_reset (h, hb_test_parse (&lights_game, "1\n"));
  assert_origin (h, 0, 0);
  hb_history_free (h);
}

/* A save that ran while the level changed: the board it wrote is the
 * saved one, wherever the history has it, and none once the history
 * lost it (its entry dropped, or a drag's entry replaced in place). */
static void
test_history_saved_as (void)
{
  HbHistory *h = hb_history_new (hb_test_parse (&lights_game, "00\n00\n"), 0);
  HbMove m = { LIGHTS_OP_TOGGLE, 0, 0, 0 };
  HbMove m2 = { LIGHTS_OP_TOGGLE, 1, 1, 0 };
  HbState *written;
  guint64 id;

  hb_history_push (h, lights_game.apply (hb_history_current (h), &m));
  id = hb_history_design_id (h);
  written = lights_game.copy (hb_history_design (h));
  /* Changed while it was written: still a change. */
  hb_history_push (h, lights_game.apply (hb_history_current (h), &m2));
  hb_history_mark_saved_as (h, id, written);
  g_assert_true (hb_history_is_modified (h));
  /* Undone back to the board written: none. */
  g_assert_true (hb_history_undo (h));
  g_assert_false (hb_history_is_modified (h));
  g_assert_true (hb_history_undo (h));
  g_assert_true (hb_history_is_modified (h));
  /* Its entry replaced in place (a drag) before the save ended: the
   * file holds a board no entry has. */
  g_assert_true (hb_history_redo (h));
  hb_history_replace (h, lights_game.apply (hb_history_current (h), &m2));
  hb_history_mark_saved_as (h, id, written);
  g_assert_true (hb_history_is_modified (h));
  /* Its entry gone (undone, then a new change): none either. */
  hb_history_replace (h, lights_game.copy (written));
  hb_history_mark_saved_as (h, id, written);
  g_assert_false (hb_history_is_modified (h));
  g_assert_true (hb_history_undo (h));
  hb_history_push (h, lights_game.apply (hb_history_current (h), &m2));
  hb_history_mark_saved_as (h, id, written);
  g_assert_true (hb_history_is_modified (h));
  hb_state_free (written);
  hb_history_free (h);
}

static void
test_history (void)
{
  HbState *s0 = hb_test_parse (&lights_game, "00\n00\n");
  HbHistory *h = hb_history_new (s0, 3);
  HbMove m = { LIGHTS_OP_TOGGLE, 0, 0, 0 };
  HbMove m2 = { LIGHTS_OP_TOGGLE, 1, 1, 0 };

  g_assert_false (hb_history_is_modified (h));
  hb_history_push (h, lights_game.apply (hb_history_current (h), &m));
  g_assert_true (hb_history_is_modified (h));
  g_assert_true (hb_history_undo (h));
  g_assert_false (hb_history_is_modified (h));
  g_assert_true (hb_history_redo (h));
  hb_history_mark_saved (h);
  g_assert_false (hb_history_is_modified (h));
  /* Toggling the same light twice is back to the saved board. */
  hb_history_push (h, lights_game.apply (hb_history_current (h), &m));
  g_assert_true (hb_history_is_modified (h));
  hb_history_push (h, lights_game.apply (hb_history_current (h), &m));
  g_assert_false (hb_history_is_modified (h));
  /* The limit drops the oldest entries. */
  hb_history_push (h, lights_game.apply (hb_history_current (h), &m2));
  g_assert_true (hb_history_undo (h));
  g_assert_true (hb_history_undo (h));
  g_assert_false (hb_history_undo (h));
  /* A push after undo drops the redo entries. */
  hb_history_push (h, lights_game.apply (hb_history_current (h), &m2));
  g_assert_false (hb_history_can_redo (h));
  /* A level that never was in a file: a change even undone to the first
   * board, until saved. */
  hb_history_reset (h, lights_game.apply (hb_history_current (h), &m2));
  g_assert_false (hb_history_is_modified (h));
  hb_history_mark_unsaved (h);
  g_assert_true (hb_history_is_modified (h));
  hb_history_push (h, lights_game.apply (hb_history_current (h), &m));
  g_assert_true (hb_history_undo (h));
  g_assert_true (hb_history_is_modified (h));
  hb_history_mark_saved (h);
  g_assert_false (hb_history_is_modified (h));
  hb_history_free (h);
  /* Play moves are progress: not a change, and the design stays the
   * board before them; a change of the level after them is one. */
  h = hb_history_new (hb_test_parse (&lights_game, "00\n00\n"), 0);
  {
    const HbState *design = hb_history_current (h);

    hb_history_push_play (h, lights_game.apply (hb_history_current (h), &m));
    hb_history_push_play (h, lights_game.apply (hb_history_current (h), &m2));
    g_assert_false (hb_history_is_modified (h));
    g_assert_true (hb_history_design (h) == design);
    g_assert_true (hb_history_current (h) != design);
    hb_history_push (h, lights_game.apply (hb_history_current (h), &m));
    g_assert_true (hb_history_is_modified (h));
    g_assert_true (hb_history_design (h) == hb_history_current (h));
    g_assert_true (hb_history_undo (h));
    g_assert_false (hb_history_is_modified (h));
    /* Saved while played: the design is what was saved. */
    hb_history_push_play (h, lights_game.apply (hb_history_current (h), &m));
    hb_history_mark_saved (h);
    g_assert_false (hb_history_is_modified (h));
    g_assert_true (hb_history_design (h) == design);
  }
  hb_history_free (h);
  /* Edit's undo and redo go from design to design over the play moves:
   * d0 p p d1 p, then undo to the last play move on d0, where Play
   * resumes; redo to d1's last play move. */
  h = hb_history_new (hb_test_parse (&lights_game, "00\n00\n"), 0);
  {
    const HbState *d0 = hb_history_current (h), *p2, *d1;

    g_assert_false (hb_history_can_undo_design (h));
    hb_history_push_play (h, lights_game.apply (hb_history_current (h), &m));
    g_assert_false (hb_history_can_undo_design (h));
    g_assert_true (hb_history_can_undo (h));
    hb_history_push_play (h, lights_game.apply (hb_history_current (h), &m2));
    p2 = hb_history_current (h);
    hb_history_push (h, lights_game.apply (hb_history_design (h), &m2));
    d1 = hb_history_current (h);
    hb_history_push_play (h, lights_game.apply (hb_history_current (h), &m));
    g_assert_true (hb_history_design (h) == d1);
    g_assert_false (hb_history_can_redo_design (h));
    g_assert_true (hb_history_can_undo_design (h));
    g_assert_true (hb_history_undo_design (h));
    g_assert_true (hb_history_current (h) == p2);
    g_assert_true (hb_history_design (h) == d0);
    g_assert_false (hb_history_can_undo_design (h));
    g_assert_false (hb_history_undo_design (h));
    g_assert_true (hb_history_can_redo_design (h));
    g_assert_true (hb_history_redo_design (h));
    /* d1 with the play move made on it, where Play resumes. */
    g_assert_true (hb_history_design (h) == d1);
    g_assert_true (hb_history_current (h) != d1);
    g_assert_cmpuint (hb_history_play_depth (h), ==, 1);
    g_assert_false (hb_history_can_redo_design (h));
    g_assert_false (hb_history_can_redo (h));
  }
  hb_history_free (h);

  /* On a huge board the history keeps what fits in its cell budget:
   * 2048×2048 is 4 Mi cells, so 16 entries. */
  {
    HbHistory *big = hb_history_new (lights_game.new_blank (2048, 2048), 0);
    int undos = 0;
    for (int i = 0; i < 20; i++)
      {
        HbMove t = { LIGHTS_OP_TOGGLE, i, 0, 0 };
        hb_history_push (big, lights_game.apply (hb_history_current (big), &t));
      }
    while (hb_history_undo (big))
      undos++;
    g_assert_cmpint (undos, ==, (int) (HB_HISTORY_MAX_CELLS / (2048 * 2048)) - 1);
    hb_history_free (big);
  }
}

/* The player rebuilds frames from steps; seeking backwards through
 * keyframes gives the same frame as stepping forward. */
static void
test_player (void)
{
  HbState *s = hb_test_parse (&lights_game, "0000\n0000\n0000\n");
  HbTrace *t = hb_trace_new (0, 0);
  HbPlayer *p;
  HbRng rng;
  gsize n = 2000;

  hb_rng_init (&rng, 5);
  for (gsize i = 0; i < n; i++)
    {
      int kind = hb_rng_below (&rng, 3) == 0 ? HB_STEP_UNDO : HB_STEP_PLACE;
      hb_trace_add (t, kind, hb_rng_below (&rng, 4), hb_rng_below (&rng, 3), 1, 0, i);
    }
  p = hb_player_new (s, t);
  g_assert_cmpuint (hb_player_length (p), ==, n);
  hb_player_seek (p, 1500);
  {
    g_autofree char *d = hb_player_describe (p);
    g_assert_true (strlen (d) > 0);
  }
  {
    /* Compare the frame at 1500 reached directly with one reached after a
     * trip to the end and back. */
    HbPlayer *q = hb_player_new (s, t);
    hb_player_seek (q, n);
    hb_player_seek (q, 10);
    hb_player_seek (q, 1500);
    g_assert_cmpuint (hb_player_position (q), ==, 1500);
    {
      cairo_surface_t *a = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 100, 80);
      cairo_surface_t *b = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 100, 80);
      cairo_t *ca = cairo_create (a), *cb = cairo_create (b);
      HbLayout l;
      HbRenderOptions o = { .hover_x = -1, .hover_y = -1 };
      hb_layout_fit (&l, 4, 3, 100, 80, 4);
      hb_player_render (p, ca, &l, &o);
      hb_player_render (q, cb, &l, &o);
      cairo_surface_flush (a);
      cairo_surface_flush (b);
      g_assert_cmpmem (cairo_image_surface_get_data (a), 100 * 80 * 4,
                       cairo_image_surface_get_data (b), 100 * 80 * 4);
      cairo_destroy (ca);
      cairo_destroy (cb);
      cairo_surface_destroy (a);
      cairo_surface_destroy (b);
    }
    hb_player_free (q);
  }
  /* The frame's counter is its number of presses. */
  {
    HbTrace *t2 = hb_trace_new (0, 0);
    HbPlayer *q;
    hb_trace_add (t2, HB_STEP_PLACE, 0, 0, 1, 0, 1);
    hb_trace_add (t2, HB_STEP_PLACE, 2, 1, 1, 1, 2);
    hb_trace_add (t2, HB_STEP_UNDO, 0, 0, 0, 0, 3);
    q = hb_player_new (s, t2);
    for (gsize pos = 0; pos <= 3; pos++)
      {
        static const char *const expect[] = { "0 presses", "1 press", "2 presses", "1 press" };
        g_autofree char *st = NULL;
        hb_player_seek (q, pos);
        st = hb_player_frame_status (q);
        g_assert_cmpstr (st, ==, expect[pos]);
      }
    hb_player_free (q);
    hb_trace_free (t2);
  }
  hb_player_seek (p, 0);
  g_assert_null (hb_player_current_step (p));
  hb_player_free (p);
  hb_trace_free (t);
  hb_state_free (s);
}

/* The player's last position on an Enlight answer: the board is all
 * dark, so the answer's presses are ringed on it (it showed a blank board,
 * the presses only a step earlier: review). */
static void
test_answer_frame (void)
{
  static const char level[] = "110\n100\n000\n";   /* pressing (0, 0) clears it */
  HbState *s = lights_game.parse (level, sizeof level - 1, NULL);
  HbTrace *t = hb_trace_new (0, 0);
  HbState *answer = hb_state_copy (s);
  g_autoptr(GArray) moves = g_array_new (FALSE, TRUE, sizeof (HbMove));
  HbMove press = { LIGHTS_OP_PRESS, 0, 0, 0 };
  HbPlayer *p;
  cairo_surface_t *a = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 90, 90);
  cairo_surface_t *b = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 90, 90);
  cairo_t *ca = cairo_create (a), *cb = cairo_create (b);
  HbLayout l;
  HbRenderOptions o = { .hover_x = -1, .hover_y = -1 };
  gpointer frame;
  g_autofree char *status = NULL;

  g_assert_nonnull (s);
  g_array_append_val (moves, press);
  lights_press (LIGHTS (answer)->cells, 3, 3, 0, 0);
  g_assert_true (lights_game.is_solved (answer));
  hb_trace_add (t, HB_STEP_PLACE, 0, 0, 1, 0, 1);
  p = hb_player_new (s, t);
  hb_player_set_answer_moves (p, answer, moves);
  hb_player_seek (p, hb_player_length (p));
  g_assert_true (hb_player_at_answer (p));
  hb_layout_fit (&l, 3, 3, 90, 90, 4);
  hb_player_render (p, ca, &l, &o);
  lights_game.render (answer, cb, &l, &o);
  cairo_surface_flush (a);
  cairo_surface_flush (b);
  /* Not the bare dark board: the press is drawn. */
  g_assert_true (memcmp (cairo_image_surface_get_data (a), cairo_image_surface_get_data (b),
                         (gsize) cairo_image_surface_get_stride (a) * 90) != 0);
  frame = lights_game.answer_frame (s, (const HbMove *) (gpointer) moves->data, moves->len);
  status = lights_game.frame_status (frame);
  g_assert_cmpstr (status, ==, "1 press");
  lights_game.frame_free (frame);
  cairo_destroy (ca);
  cairo_destroy (cb);
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
  hb_player_free (p);
  hb_trace_free (t);
  hb_state_free (answer);
  hb_state_free (s);
}

static guint32
pixel_at (cairo_surface_t *surf, double x, double y)
{
  guint8 *data = cairo_image_surface_get_data (surf);
  int stride = cairo_image_surface_get_stride (surf);
  return *(guint32 *) (data + (int) y * stride + (int) x * 4);
}

static void
test_render (void)
{
  HbState *s = hb_test_parse (&lights_game, "10\n00\n");
  cairo_surface_t *surf = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 200, 200);
  cairo_t *cr = cairo_create (surf);
  HbRenderOptions o = { .hover_x = -1, .hover_y = -1 };
  HbLayout l;
  guint32 lit, dark, dot;
  gpointer hint;

  hb_layout_fit (&l, 2, 2, 200, 200, 10);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  lights_game.render (s, cr, &l, &o);
  cairo_surface_flush (surf);
  lit = pixel_at (surf, l.x0 + l.cell * 0.5, l.y0 + l.cell * 0.8);
  dark = pixel_at (surf, l.x0 + l.cell * 1.5, l.y0 + l.cell * 1.5);
  g_assert_cmphex (lit, !=, dark);
  /* Lit is warm: more red than blue. */
  g_assert_cmpuint ((lit >> 16) & 0xff, >, (lit & 0xff) + 60);

  /* Hints: 10/00 is solved by pressing (0,0)... check the dot is where the
   * solver says, in orange. */
  hint = lights_game.hint_compute (s, NULL, NULL);
  g_assert_nonnull (hint);
  o.show_hints = TRUE;
  o.hint = hint;
  lights_game.render (s, cr, &l, &o);
  cairo_surface_flush (surf);
  for (int y = 0; y < 2; y++)
    for (int x = 0; x < 2; x++)
      {
        const LightsHint *lh = hint;
        dot = pixel_at (surf, l.x0 + l.cell * (x + 0.5), l.y0 + l.cell * (y + 0.5));
        if (lh->answer.press[y * 2 + x])
          {
            g_assert_cmpuint ((dot >> 16) & 0xff, >, 200);
            g_assert_cmpuint ((dot >> 8) & 0xff, <, 160);
            g_assert_cmpuint (dot & 0xff, <, 60);
          }
        else
          g_assert_cmpuint (dot & 0xff, >, 0x20);
      }
  {
    g_autofree char *d = lights_game.hint_describe (s, hint);
    g_autofree char *warn = lights_game.hint_warning (s, hint);
    g_assert_nonnull (strstr (d, "Press"));
    g_assert_null (warn);
  }
  lights_game.hint_free (hint);
  {
    /* One corner lit on 4×4: no presses turn it off, and the hint warns
     * (the window puts that under the board). */
    HbState *bad = hb_test_parse (&lights_game, "1000\n0000\n0000\n0000\n");
    gpointer h = lights_game.hint_compute (bad, NULL, NULL);
    g_autofree char *warn = NULL;

    g_assert_nonnull (h);
    warn = lights_game.hint_warning (bad, h);
    g_assert_cmpstr (warn, ==, "This level has no solution");
    lights_game.hint_free (h);
    hb_state_free (bad);
  }
  cairo_destroy (cr);
  cairo_surface_destroy (surf);
  hb_state_free (s);
}

/* The board's words for a cell's marks (hint_at, the tooltip): "Press
 * this cell" exactly where the orange dot is, and pressing those cells,
 * each toggling its cross here, turns every light off; nothing on a
 * level with no solution or with a hint for another size. */
static void
test_hint_at (void)
{
  const char *text = "10101\n01110\n11011\n01110\n10101\n";
  HbState *s = hb_test_parse (&lights_game, text);
  gpointer hint = lights_game.hint_compute (s, NULL, NULL);
  int w = s->width, h = s->height, said = 0;
  guint8 on[25];

  g_assert_nonnull (hint);
  for (int i = 0; i < 25; i++)
    on[i] = text[(i / 5) * 6 + i % 5] == '1';
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        g_autofree char *words = lights_game.hint_at (s, hint, 0, x, y);

        /* Where the render puts its orange dots (5x5 has four answers). */
        g_assert_cmpint (words != NULL, ==,
                         ((const LightsHint *) hint)->answer.press[y * w + x] != 0);
        if (words == NULL)
          continue;
        g_assert_cmpstr (words, ==, "Press this cell");
        said++;
        for (int k = 0; k < 5; k++)
          {
            static const int dx[5] = { 0, 1, -1, 0, 0 }, dy[5] = { 0, 0, 0, 1, -1 };
            int nx = x + dx[k], ny = y + dy[k];
            if (nx >= 0 && ny >= 0 && nx < w && ny < h)
              on[ny * w + nx] ^= 1;
          }
      }
  g_assert_cmpint (said, >, 0);
  for (int i = 0; i < 25; i++)
    g_assert_cmpuint (on[i], ==, 0);
  {
    HbState *other = hb_test_parse (&lights_game, "1000\n0000\n0000\n0000\n");
    gpointer none = lights_game.hint_compute (other, NULL, NULL);

    for (int y = 0; y < 4; y++)
      for (int x = 0; x < 4; x++)
        {
          g_assert_null (lights_game.hint_at (other, none, 0, x, y));
          g_assert_null (lights_game.hint_at (other, hint, 0, x, y));
        }
    g_assert_null (lights_game.hint_at (s, NULL, 0, 0, 0));
    lights_game.hint_free (none);
    hb_state_free (other);
  }
  lights_game.hint_free (hint);
  hb_state_free (s);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lights/parse/grid", test_parse_grid);
  g_test_add_func ("/lights/parse/bad", test_parse_bad);
  g_test_add_func ("/lights/flip/ids", test_flip_ids);
  g_test_add_func ("/lights/flip/bad", test_flip_bad);
  g_test_add_func ("/lights/flip/digits-plural", test_flip_digits_plural);
  g_test_add_func ("/lights/write/roundtrip", test_write_roundtrip);
  g_test_add_func ("/lights/moves", test_moves);
  g_test_add_func ("/lights/pointer", test_pointer);
  g_test_add_func ("/lights/history", test_history);
  g_test_add_func ("/lights/history-saved-as", test_history_saved_as);
  g_test_add_func ("/lights/history-origin", test_history_origin);
  g_test_add_func ("/lights/player", test_player);
  g_test_add_func ("/lights/answer-frame", test_answer_frame);
  g_test_add_func ("/lights/render", test_render);
  g_test_add_func ("/lights/hint-at", test_hint_at);
  return g_test_run ();
}
