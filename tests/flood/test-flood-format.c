/* Flood-It model and formats: parsing both formats, writing them back, the
 * parse errors with their line and column, sniffing, generating, and the
 * rules (apply, pointer, palette, status). */
#include "flood.h"
#include "hb-test-util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The write-up's example board. */
static const char *writeup_board =
  "12 by 12 -> 23\n"
  "220512241115\n"
  "050301010135\n"
  "145334435442\n"
  "055410020501\n"
  "115015101341\n"
  "540123454434\n"
  "005154123544\n"
  "342420355535\n"
  "412520311103\n"
  "554304552042\n"
  "255022011245\n"
  "212510012340\n";

/* An independent flood for checking apply: recursive fill over a copy. */
static void
fill_rec (guint8 *cells, int w, int h, int x, int y, int from, int to)
{
  if (x < 0 || y < 0 || x >= w || y >= h || cells[y * w + x] != from)
    return;
  cells[y * w + x] = to;
  fill_rec (cells, w, h, x + 1, y, from, to);
  fill_rec (cells, w, h, x - 1, y, from, to);
  fill_rec (cells, w, h, x, y + 1, from, to);
  fill_rec (cells, w, h, x, y - 1, from, to);
}

static void
test_parse_dump (void)
{
  HbState *s = hb_test_parse (&flood_game, writeup_board);
  FloodState *f = FLOOD (s);
  g_autofree char *out = NULL;
  HbState *back;

  g_assert_cmpint (s->width, ==, 12);
  g_assert_cmpint (s->height, ==, 12);
  g_assert_cmpint (f->move_limit, ==, 23);
  g_assert_cmpint (f->moves, ==, 0);
  g_assert_cmpint (f->colours, ==, 6);
  g_assert_cmpint (f->cells[0], ==, 2);
  g_assert_cmpint (f->cells[3], ==, 5);
  g_assert_cmpint (f->cells[12 * 12 - 1], ==, 0);
  g_assert_cmpint (f->cells[12], ==, 0);

  out = flood_game.write (s, HB_WRITE_NATIVE, NULL);
  g_assert_cmpstr (out, ==, writeup_board);
  back = hb_test_parse (&flood_game, out);
  g_assert_true (flood_game.equal (s, back));
  hb_state_free (back);
  hb_state_free (s);

  /* Blank lines, comments, CRLF, blanks around, and a second board after. */
  s = hb_test_parse (&flood_game,
                     "\r\n# a comment\r\n  3 by 2 -> 4  \r\n\r\n012\r\n# mid\r\n 210\r\n"
                     "\n3 by 1 -> 2\n012\n");
  g_assert_cmpint (s->width, ==, 3);
  g_assert_cmpint (s->height, ==, 2);
  g_assert_cmpint (FLOOD (s)->move_limit, ==, 4);
  g_assert_cmpmem (FLOOD (s)->cells, 6, "\0\1\2\2\1\0", 6);
  hb_state_free (s);
}

static void
test_parse_tatham (void)
{
  g_autoptr(GPtrArray) rows = hb_test_read_tsv ("anchors/flood/tatham-flood-ids.tsv");

  g_assert_cmpuint (rows->len, >=, 20);
  for (guint i = 0; i < rows->len; i++)
    {
      GStrv row = g_ptr_array_index (rows, i);
      const char *id = row[3];
      HbState *s = hb_test_parse (&flood_game, id);
      g_autofree char *out = flood_game.write (s, HB_WRITE_TATHAM, NULL);
      g_autofree char *native = flood_game.write (s, HB_WRITE_NATIVE, NULL);
      HbState *again = hb_test_parse (&flood_game, native);
      int w, h;

      g_assert_true (flood_game.sniff (id, strlen (id)));
      g_assert_true (flood_game.sniff (native, strlen (native)));
      g_assert_cmpint (sscanf (id, "%dx%d", &w, &h), ==, 2);
      g_assert_cmpint (s->width, ==, w);
      g_assert_cmpint (s->height, ==, h);
      g_assert_cmpint (FLOOD (s)->move_limit, ==, atoi (row[2]));
      g_strchomp (out);
      g_assert_cmpstr (out, ==, id);
      g_assert_true (flood_game.equal (s, again));
      hb_state_free (again);
      hb_state_free (s);
    }

  /* Full parameters. */
  {
    HbState *s = hb_test_parse (&flood_game, "2x2c7m0:0123,5");
    g_assert_cmpint (FLOOD (s)->colours, ==, 7);
    g_assert_cmpint (FLOOD (s)->move_limit, ==, 5);
    hb_state_free (s);
  }
}

static void
test_moves_comment (void)
{
  HbState *s = hb_test_parse (&flood_game, "# moves: 7\n2 by 2 -> 9\n01\n10\n");
  g_autofree char *out = flood_game.write (s, HB_WRITE_NATIVE, NULL);
  g_autofree char *status = flood_game.status_text (s);

  g_assert_cmpint (FLOOD (s)->moves, ==, 7);
  g_assert_cmpstr (out, ==, "# moves: 7\n2 by 2 -> 9\n01\n10\n");
  g_assert_cmpstr (status, ==, "7 / 9 moves");
  hb_state_free (s);
}

/* Writes s in format f and reads it back: the same state (the Tatham ID
 * has no move count, so only with none). */
static void
check_round_trip (const HbState *s, HbWriteFormat f)
{
  g_autofree char *text = flood_game.write (s, f, NULL);
  HbState *back = hb_test_parse (&flood_game, text);

  if (!flood_game.equal (s, back))
    g_error ("\"%s\" reads back as another board (%d colours, not %d)", text,
             FLOOD (back)->colours, FLOOD (s)->colours);
  hb_state_free (back);
}

/* The palette size survives both formats when the highest colour is
 * unused: the dump records it in a "# colours: C" comment, the ID in its
 * cN parameter, each only when the board cannot say it. */
static void
test_colours_kept (void)
{
  HbState *s = hb_test_parse (&flood_game, "2x1c8:01,3\n");
  g_autofree char *native = flood_game.write (s, HB_WRITE_NATIVE, NULL);
  g_autofree char *id = flood_game.write (s, HB_WRITE_TATHAM, NULL);
  HbState *t, *u;

  g_assert_cmpint (FLOOD (s)->colours, ==, 8);
  g_assert_cmpstr (native, ==, "# colours: 8\n2 by 1 -> 3\n01\n");
  g_assert_cmpstr (id, ==, "2x1c8:01,3\n");
  check_round_trip (s, HB_WRITE_NATIVE);
  check_round_trip (s, HB_WRITE_TATHAM);
  g_assert_true (flood_game.sniff (native, strlen (native)));
  g_assert_true (flood_game.sniff (id, strlen (id)));

  /* The comment before a Tatham ID, and agreeing with its cN. */
  t = hb_test_parse (&flood_game, "# colours: 5\n2x1:01,3\n");
  g_assert_cmpint (FLOOD (t)->colours, ==, 5);
  hb_state_free (t);
  t = hb_test_parse (&flood_game, "# colours: 8\n# moves: 2\n2x1c8:01,3\n");
  g_assert_false (flood_game.equal (s, t));   /* two moves played */
  g_assert_cmpint (FLOOD (t)->colours, ==, 8);
  g_assert_cmpint (FLOOD (t)->moves, ==, 2);
  check_round_trip (t, HB_WRITE_NATIVE);
  hb_state_free (t);

  /* Edit moves that leave the highest colour unused. */
  t = flood_game.apply (s, &(HbMove) { FLOOD_OP_SET_COLOURS, 0, 0, 9 });
  check_round_trip (t, HB_WRITE_NATIVE);
  check_round_trip (t, HB_WRITE_TATHAM);
  u = flood_game.apply (t, &(HbMove) { FLOOD_OP_PAINT, 1, 0, 0 });
  check_round_trip (u, HB_WRITE_NATIVE);
  hb_state_free (t);
  t = flood_game.apply (u, &(HbMove) { FLOOD_OP_FILL, 0, 0, 3 });
  g_assert_cmpint (FLOOD (t)->colours, ==, 9);
  check_round_trip (t, HB_WRITE_NATIVE);
  check_round_trip (t, HB_WRITE_TATHAM);
  hb_state_free (t);
  hb_state_free (u);
  hb_state_free (s);

  /* No comment when the board says it: the write-up's plain format. */
  s = hb_test_parse (&flood_game, "# colours: 2\n2 by 1 -> 3\n01\n");
  {
    g_autofree char *plain = flood_game.write (s, HB_WRITE_NATIVE, NULL);
    g_assert_cmpstr (plain, ==, "2 by 1 -> 3\n01\n");
  }
  hb_state_free (s);
}

/* One largest move limit for everything that sets one: SET_LIMIT stops
 * where the readers do, so every limit it sets reads back. */
static void
test_limit_bounds (void)
{
  g_autofree char *top = g_strdup_printf ("1 by 1 -> %d\n0\n", FLOOD_MAX_MOVE_LIMIT);
  g_autofree char *id = g_strdup_printf ("1x1:0,%d", FLOOD_MAX_MOVE_LIMIT);
  g_autofree char *over = g_strdup_printf ("1 by 1 -> %d\n0\n", FLOOD_MAX_MOVE_LIMIT + 1);
  g_autofree char *id_over = g_strdup_printf ("1x1:0,%d", FLOOD_MAX_MOVE_LIMIT + 1);
  HbState *s = hb_test_parse (&flood_game, "2 by 1 -> 3\n01\n");
  HbState *t, *u;

  /* A board is solved within cells - 1 moves: no limit beyond the most
   * cells can matter. */
  g_assert_cmpint (FLOOD_MAX_MOVE_LIMIT, ==, HB_MAX_SIDE * HB_MAX_SIDE);
  t = hb_test_parse (&flood_game, top);
  g_assert_cmpint (FLOOD (t)->move_limit, ==, FLOOD_MAX_MOVE_LIMIT);
  hb_state_free (t);
  t = hb_test_parse (&flood_game, id);
  g_assert_cmpint (FLOOD (t)->move_limit, ==, FLOOD_MAX_MOVE_LIMIT);
  hb_state_free (t);
  hb_test_parse_fails (&flood_game, over, "the most is");
  hb_test_parse_fails (&flood_game, id_over, "the most is");

  /* 10000000 is the input of the bug: 8 digits, refused by the old reader. */
  t = flood_game.apply (s, &(HbMove) { FLOOD_OP_SET_LIMIT, 0, 0, 10000000 });
  g_assert_nonnull (t);
  check_round_trip (t, HB_WRITE_NATIVE);
  check_round_trip (t, HB_WRITE_TATHAM);
  u = flood_game.apply (t, &(HbMove) { FLOOD_OP_SET_LIMIT, 0, 0, FLOOD_MAX_MOVE_LIMIT });
  g_assert_nonnull (u);
  check_round_trip (u, HB_WRITE_NATIVE);
  check_round_trip (u, HB_WRITE_TATHAM);
  g_assert_null (flood_game.apply (u, &(HbMove) { FLOOD_OP_SET_LIMIT, 0, 0,
                                                  FLOOD_MAX_MOVE_LIMIT + 1 }));
  g_assert_null (flood_game.apply (u, &(HbMove) { FLOOD_OP_SET_LIMIT, 0, 0, G_MAXINT32 }));
  hb_state_free (u);
  hb_state_free (t);
  hb_state_free (s);
}

/* The error must start with exactly "LINE:COL:" and mention needle. */
static void
check_error (const char *text, int line, int col, const char *needle)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *prefix = g_strdup_printf ("%d:%d: ", line, col);
  HbState *s = flood_game.parse (text, strlen (text), &error);

  hb_test_parse_fails (&flood_game, text, needle);
  g_assert_null (s);
  if (!g_str_has_prefix (error->message, prefix))
    g_error ("parsing %s: error \"%s\" should start with \"%s\"", text,
             error->message, prefix);
}

static void
test_parse_errors (void)
{
  check_error ("", 1, 1, "no board");
  check_error ("\n\n   \n", 3, 1, "the file holds no board");   /* the last line, as every game says it */
  check_error ("hello\n", 1, 1, "not a Flood-It board");
  check_error ("3 by 2 -> 5\n012\n0a2\n", 3, 2, "colour");
  check_error ("3 by 2 -> 5\n012\n0.2\n", 3, 2, "not a colour digit");
  check_error ("3 by 2 -> 5\n012\n01\n", 3, 3, "row 2 has 2 cells");
  check_error ("3 by 2 -> 5\n012\n0123\n", 3, 4, "row 2 has 4 cells");
  check_error ("3 by 2 -> 5\n012\n", 3, 1, "1 of its 2 rows");
  /* Rows cut by a blank line (a blank line before them is fine). */
  check_error ("3 by 2 -> 5\n012\n\n120\n", 4, 1, "a row after a blank line");
  check_error ("3 by 3 -> 5\n012\n  \n# c\n120\n012\n", 5, 1, "rows must be consecutive");
  check_error ("3 by 2 - 5\n012\n012\n", 1, 8, "->");
  check_error ("3 bx 2 -> 5\n", 1, 3, "by");
  check_error ("3 by -> 5\n", 1, 6, "height");
  check_error ("3 by 2 -> \n", 1, 10, "move limit");
  check_error ("3 by 2 -> 5 x\n", 1, 13, "after the header");
  check_error ("0 by 2 -> 5\n", 1, 1, "empty");
  /* A row of digits past the header's rows: one more than it says. */
  check_error ("3 by 2 -> 5\n012\n120\n201\n", 4, 1, "more rows than the header's 2");
  check_error ("3 by 2 -> 5\n012\n120\nabc\n", 4, 1, "unexpected text after the board");
  /* Only a header starts the next board of a write-up file. */
  check_error ("3 by 2 -> 5\n012\n120\nhello by world\n", 4, 1, "unexpected text after the board");
  check_error ("3 by 2 -> 5\n012\n120\nsee -> here\n", 4, 1, "unexpected text after the board");
  check_error ("5000 by 2 -> 5\n", 1, 1, "too large");
  check_error ("99999999 by 2 -> 5\n", 1, 1, "too large");
  check_error ("2 by 4097 -> 5\n", 1, 6, "the board height is too large; the most is 4096");
  check_error ("1 by 1 -> 99999999999999999999\n0\n", 1, 11, "the move limit is too large");
  check_error ("2x2m99999999999:0123,5", 1, 5, "the leniency is too large");
  check_error ("2 by 1 -> 5\n01\n01\n", 3, 1, "more rows than the header's 1");
  check_error ("  2 by 1 -> 5\n01\n\n  junk\n", 4, 3, "after the board");
  check_error ("2x2:012,5", 1, 8, "has 3");
  check_error ("2x2:01234,5", 1, 9, "has 5");
  check_error ("2x2:01a3,5", 1, 7, "colour 'a'");
  check_error ("2x2:0123", 1, 9, "','");
  check_error ("2x2:0123,", 1, 10, "move limit");
  check_error ("2x2:0123,5z", 1, 11, "after the move limit");
  check_error ("2x:0123,5", 1, 3, "height");
  check_error ("2x2;0123,5", 1, 4, "':'");
  check_error ("0x2:,5", 1, 1, "empty");
  check_error ("2x2c3:0123,5", 1, 1, "3 colours");
  check_error ("2x2c0:0000,5", 1, 1, "0 colours: only 1 to 10");
  check_error ("2x2c11:0123,5", 1, 5, "the number of colours is too large; the most is 10");
  check_error ("\n  2x2:0123,5\nmore\n", 3, 1, "after the board");
  check_error ("3 by 1 -> 2\n0\xff" "1\n", 2, 2, "UTF-8");
  /* The colours comment. */
  check_error ("# colours: 7\n2x1c8:01,3\n", 1, 12, "the ID says 8");
  check_error ("  # colours: 1\n2 by 1 -> 3\n01\n", 1, 14, "uses colour 1");
  check_error ("# colours: 11\n2 by 1 -> 3\n01\n", 1, 12, "the most is 10");
  check_error ("# colours: 0\n2 by 1 -> 3\n01\n", 1, 12, "0 colours");
  check_error ("# colours: 3 4\n2 by 1 -> 3\n01\n", 1, 14, "after the number of colours");
  check_error ("# colours:\n2 by 1 -> 3\n01\n", 1, 11, "number of colours");
}

/* The whole error message, exactly (in the C locale the tests run in). */
static void
check_message (const char *text, const char *message)
{
  g_autoptr(GError) error = NULL;
  HbState *s = flood_game.parse (text, strlen (text), &error);

  g_assert_null (s);
  g_assert_error (error, HB_PARSE_ERROR, error->code);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_assert_cmpstr (error->message, ==, message);
}

/* A character where a number or a colour digit should be is quoted whole,
 * not as its first byte: the message must stay valid UTF-8. */
static void
test_error_characters (void)
{
  check_message ("1 by 1 -> é\n0\n",
                 "1:11: expected the move limit (a number), found é");
  check_message ("é by 1 -> 2\n0\n",
                 "1:1: expected the board width (a number), found é");
  check_message ("1 by ✓ -> 2\n0\n",
                 "1:6: expected the board height (a number), found ✓");
  check_message ("2 by 1 -> 3\néé\n", "2:1: 'é' is not a colour digit (0 to 9)");
  check_message ("2 by 1 -> 3\n0😀\n", "2:2: '😀' is not a colour digit (0 to 9)");
  check_message ("2x1:é,3", "1:5: 'é' is not a colour digit (0 to 9)");
  check_message ("2x1:01,é", "1:8: expected the move limit (a number), found é");
  check_message ("# colours: ț\n2x1:01,3", "1:12: expected the number of colours "
                 "(a number), found ț");
}

/* Columns count characters, not bytes: a bad character is reported where
 * it stands, before any count, and counts are in characters. */
static void
test_error_columns (void)
{
  check_message ("3x1:é", "1:5: 'é' is not a colour digit (0 to 9)");
  check_message ("3x1:0ț1ă,2", "1:6: 'ț' is not a colour digit (0 to 9)");
  check_message ("2x1:éé,3", "1:5: 'é' is not a colour digit (0 to 9)");
  check_message ("  3x1:01,2", "1:9: a 3×1 board has 3 cells; the ID has 2 colour digits");
  check_message ("3 by 1 -> 2\n0é\n", "2:2: 'é' is not a colour digit (0 to 9)");
  check_message ("1 by 1 -> 2\n0é\n", "2:2: 'é' is not a colour digit (0 to 9)");
  check_message ("1 by 1 -> 2\n 0âî\n", "2:3: 'â' is not a colour digit (0 to 9)");
  check_message ("2 by 1 -> 2\n012\n", "2:3: row 1 has 3 cells; the header says 2");
}

/* The ID's digits and the board's cells each take their noun's plural
 * from their own count: the cells' alone said "the ID has 1 colour
 * digits", and in Romanian "27 cifre" where 27 takes "de cifre". */
static void
test_error_digit_plurals (void)
{
  g_autoptr(GError) error = NULL;
  /* 25 cells, 27 digits. */
  const char *text = "5x5:012012012012012012012012012,3";
  HbState *s;

  check_message ("3x1:0,2", "1:6: a 3×1 board has 3 cells; the ID has 1 colour digit");
  check_message ("1x1:00,2", "1:6: a 1×1 board has 1 cell; the ID has 2 colour digits");
  if (!hb_test_romanian ())
    return;
  s = flood_game.parse (text, strlen (text), &error);
  g_assert_null (s);
  g_assert_nonnull (error);
  g_assert_true (g_str_has_suffix (error->message, ": o tablă de 5×5 are 25 de celule; "
                                   "ID-ul are 27 de cifre de culoare"));
  g_clear_error (&error);
  /* 20 cells, 19 digits. */
  text = "4x5:0120120120120120120,3";
  s = flood_game.parse (text, strlen (text), &error);
  g_assert_null (s);
  g_assert_nonnull (error);
  g_assert_true (g_str_has_suffix (error->message, ": o tablă de 4×5 are 20 de celule; "
                                   "ID-ul are 19 cifre de culoare"));
  hb_test_romanian_end ();
}

/* Counts before a noun take its plural from their own number: the
 * messages had none, and Romanian read "27 mutări" where 27 takes "de
 * mutări" (0 and 10 take the plain plural). */
static void
test_romanian_plurals (void)
{
  FloodState *s = flood_state_new (2, 2, 2);
  HbResult *r = hb_result_new (HB_STATUS_SOLVED);
  g_autofree char *why = NULL;
  g_autofree char *why_ro = NULL;
  g_autofree char *why_ro16 = NULL;
  g_autofree char *why_bound = NULL;
  gboolean proven = TRUE;

  /* 26 played and one to go: 27 moves over a limit of 20. */
  s->moves = 26;
  s->move_limit = 20;
  hb_result_add_move (r, 0, -1, -1, 1);
  g_assert_false (flood_game.answer_fits (&s->base, r, &why, &proven));
  g_assert_cmpstr (why, ==, "the best answer found takes 27 moves, over the move limit of 20 "
                            "(not proven that the limit cannot be met)");
  g_assert_false (proven);
  /* Not proven shortest, but a lower bound past the limit proves it out
   * of reach (review: "at least 33" beside a limit of 10 exited 3). */
  s->moves = 0;
  s->move_limit = 10;
  for (int i = 0; i < 39; i++)
    hb_result_add_move (r, 0, -1, -1, 1);
  r->lower_bound = 33;
  g_assert_false (flood_game.answer_fits (&s->base, r, &why_bound, &proven));
  g_assert_true (proven);
  g_assert_cmpstr (why_bound, ==, "the move limit of 10 cannot be met: no answer takes fewer than "
                                  "33 moves (the best found takes 40)");
  r->lower_bound = 10;
  g_clear_pointer (&why_bound, g_free);
  g_assert_false (flood_game.answer_fits (&s->base, r, &why_bound, &proven));
  g_assert_false (proven);
  g_array_set_size (r->moves, 1);
  r->lower_bound = 0;
  s->moves = 26;
  s->move_limit = 20;
  if (!hb_test_romanian ())
    goto out;
  g_assert_false (flood_game.answer_fits (&s->base, r, &why_ro, &proven));
  g_assert_cmpstr (why_ro, ==, "cel mai bun răspuns găsit are 27 de mutări, peste limita de "
                               "mutări, care este 20 (nu s-a demonstrat că limita nu poate fi "
                               "respectată)");
  s->moves = 15;
  s->move_limit = 10;
  g_assert_false (flood_game.answer_fits (&s->base, r, &why_ro16, &proven));
  g_assert_true (g_str_has_prefix (why_ro16, "cel mai bun răspuns găsit are 16 mutări, "));
  check_message ("2x2c0:0000,5", "1:1: 0 culori: sunt acceptate doar de la 1 la 10");
  check_message ("2x2:01a3,5", "1:7: culoarea „a”: sunt acceptate doar 10 culori (de la 0 la "
                 "9)");
  hb_test_romanian_end ();
out:
  hb_result_free (r);
  hb_state_free (&s->base);
}

static void
test_sniff (void)
{
  const char *yes[] = {
    "12 by 12 -> 23\n000000000000\n",
    "2x2:0123,5",
    "\n# c\n 3x1:012,2 \n",
    "2x2c6m0:0123,5",
    "1by2->3\n0\n0\n",
    " 3 \tby 1->2 \n012\n",
    /* Too large for the reader, which then says so. */
    "1 by 1 -> 99999999\n0\n",
    "1 by 1 -> 999999999999999999\n0\n",
  };
  const char *no[] = {
    "",
    "hello",
    /* Tatham Flip IDs (crosses): hex matrix then the grid. */
    "3x3:1ff,1ab",
    "5x5:7d5f5ef71a5fd7e3a1f4,01fffff",
    "2x2:0123",
    "2x2:012,5",
    "2x2:0123,",
    "2x2:0123,5x",
    "2x2:01a3,5",
    "12 by 12 -> 23 extra",
    "1111\n0000\n",
    /* Signs: the reader takes none. */
    "-1 by 2 -> 3\n0\n",
    "+1 by 2 -> 3\n0\n",
    "1 by -2 -> 3\n0\n",
    "1 by 2 -> +3\n0\n",
    "1 by 2 -> - 3\n0\n",
    "1 b y 2 -> 3\n0\n",
    "1 by 2 - > 3\n0\n",
    "1 by 2 ->\n0\n",
    /* Past the sniffer's digit cap (and past int: once undefined). */
    "1 by 1 -> 9999999999999999999\n0\n",
    "99999999999999999999 by 1 -> 3\n0\n",
    "1234567890x1:0,1",
  };

  for (guint i = 0; i < G_N_ELEMENTS (yes); i++)
    if (!flood_game.sniff (yes[i], strlen (yes[i])))
      g_error ("sniff should accept %s", yes[i]);
  for (guint i = 0; i < G_N_ELEMENTS (no); i++)
    if (flood_game.sniff (no[i], strlen (no[i])))
      g_error ("sniff should refuse %s", no[i]);

  /* What the sniffer accepts as a header the reader reads as one. */
  {
    HbState *t = hb_test_parse (&flood_game, yes[4]);
    g_assert_cmpint (t->width, ==, 1);
    g_assert_cmpint (t->height, ==, 2);
    g_assert_cmpint (FLOOD (t)->move_limit, ==, 3);
    hb_state_free (t);
    t = hb_test_parse (&flood_game, yes[5]);
    g_assert_cmpint (t->width, ==, 3);
    hb_state_free (t);
    hb_test_parse_fails (&flood_game, yes[6], "the move limit is too large");
  }
}

static void
test_generate (void)
{
  HbGenerateParams p = { 14, 14, 6, 42 };
  g_autoptr(GError) error = NULL;
  HbState *a = flood_game.generate (&p, &error);
  HbState *b = flood_game.generate (&p, &error);
  HbState *c;
  int seen[FLOOD_MAX_COLOURS] = { 0 };

  g_assert_no_error (error);
  g_assert_true (flood_game.equal (a, b));
  g_assert_cmpint (FLOOD (a)->colours, ==, 6);
  g_assert_cmpint (FLOOD (a)->move_limit, >, 10);
  g_assert_cmpint (FLOOD (a)->move_limit, <, 40);
  for (int i = 0; i < 14 * 14; i++)
    {
      g_assert_cmpint (FLOOD (a)->cells[i], <, 6);
      seen[FLOOD (a)->cells[i]]++;
    }
  for (int k = 0; k < 6; k++)
    g_assert_cmpint (seen[k], >, 10);
  p.seed = 43;
  c = flood_game.generate (&p, &error);
  g_assert_false (flood_game.equal (a, c));
  hb_state_free (a);
  hb_state_free (b);
  hb_state_free (c);

  /* Defaults, and refusals. */
  p = (HbGenerateParams) { 0, 0, 0, 1 };
  a = flood_game.generate (&p, &error);
  g_assert_no_error (error);
  g_assert_cmpint (a->width, ==, flood_game.default_width);
  g_assert_cmpint (FLOOD (a)->colours, ==, FLOOD_DEFAULT_COLOURS);
  g_assert_cmpint (flood_game.default_colours, ==, FLOOD_DEFAULT_COLOURS);
  g_assert_cmpint (flood_game.max_colours, ==, FLOOD_MAX_COLOURS);
  hb_state_free (a);
  p = (HbGenerateParams) { 5, 5, 11, 1 };
  g_assert_null (flood_game.generate (&p, &error));
  g_assert_error (error, HB_PARSE_ERROR, HB_PARSE_ERROR_UNSUPPORTED);
  g_clear_error (&error);
  p = (HbGenerateParams) { 5000, 5, 6, 1 };
  g_assert_null (flood_game.generate (&p, &error));
  g_assert_error (error, HB_PARSE_ERROR, HB_PARSE_ERROR_SIZE);
}

static void
test_apply (void)
{
  HbState *s = hb_test_parse (&flood_game, writeup_board);
  int n = 144;
  guint8 *expect = g_memdup2 (FLOOD (s)->cells, n);

  /* Same colour: nothing happens. */
  g_assert_null (flood_game.apply (s, &(HbMove) { FLOOD_OP_FLOOD, 0, 0, 2 }));
  g_assert_null (flood_game.apply (s, &(HbMove) { FLOOD_OP_FLOOD, 0, 0, 6 }));
  g_assert_null (flood_game.apply (s, &(HbMove) { FLOOD_OP_FLOOD, 0, 0, -1 }));
  g_assert_null (flood_game.apply (s, &(HbMove) { 99, 0, 0, 1 }));

  for (int k = 0; k < 400 && !flood_game.is_solved (s); k++)
    {
      int c = (k * 7 + 3) % 6;
      HbState *t = flood_game.apply (s, &(HbMove) { FLOOD_OP_FLOOD, 0, 0, c });
      if (c == expect[0])
        {
          g_assert_null (t);
          continue;
        }
      fill_rec (expect, 12, 12, 0, 0, expect[0], c);
      g_assert_nonnull (t);
      g_assert_cmpmem (FLOOD (t)->cells, n, expect, n);
      g_assert_cmpint (FLOOD (t)->moves, ==, FLOOD (s)->moves + 1);
      hb_state_free (s);
      s = t;
    }
  g_assert_true (flood_game.is_solved (s));
  g_assert_null (flood_game.apply (s, &(HbMove) { FLOOD_OP_FLOOD, 0, 0, (expect[0] + 1) % 6 }));
  {
    g_autofree char *st = flood_game.status_text (s);
    g_assert_true (strstr (st, " · Solved") != NULL);
  }

  /* Edit ops reset the move count. */
  {
    HbState *t = flood_game.apply (s, &(HbMove) { FLOOD_OP_PAINT, 3, 4, (expect[0] + 1) % 6 });
    HbState *u;
    g_assert_nonnull (t);
    g_assert_cmpint (FLOOD (t)->moves, ==, 0);
    g_assert_cmpint (FLOOD (t)->cells[4 * 12 + 3], ==, (expect[0] + 1) % 6);
    g_assert_false (flood_game.is_solved (t));
    g_assert_null (flood_game.apply (t, &(HbMove) { FLOOD_OP_PAINT, 12, 0, 1 }));
    g_assert_null (flood_game.apply (t, &(HbMove) { FLOOD_OP_PAINT, 0, 0, 7 }));
    u = flood_game.apply (t, &(HbMove) { FLOOD_OP_SET_COLOURS, 0, 0, 3 });
    g_assert_nonnull (u);
    g_assert_cmpint (FLOOD (u)->colours, ==, 3);
    for (int i = 0; i < n; i++)
      g_assert_cmpint (FLOOD (u)->cells[i], <, 3);
    hb_state_free (t);
    t = flood_game.apply (u, &(HbMove) { FLOOD_OP_SET_LIMIT, 0, 0, -1 });
    g_assert_nonnull (t);
    g_assert_cmpint (FLOOD (t)->move_limit, ==, 1 + FLOOD_LENIENCY);
    hb_state_free (u);
    u = flood_game.apply (t, &(HbMove) { FLOOD_OP_FILL, 0, 0, 1 });
    g_assert_true (flood_game.is_solved (u));
    hb_state_free (u);
    hb_state_free (t);
  }
  hb_state_free (s);
  g_free (expect);
}

static void
test_pointer_palette (void)
{
  HbState *s = hb_test_parse (&flood_game, "3 by 2 -> 4\n012\n345\n");
  g_autofree HbCellDrag *ui = flood_game.ui_new (s);
  HbPointer ptr = { HB_MODE_PLAY, 1, -1, ui };
  HbHit hit = { 2, 1, 0.5, 0.5, TRUE };
  HbMove out[4];
  HbPaletteEntry pal[16];
  int n;

  /* A click on a cell floods with its colour as the button comes up on
   * it; one let go on another cell does nothing. */
  g_assert_cmpint (flood_game.pointer (s, &ptr, HB_POINTER_PRESS, &hit, out, 4), ==, 0);
  g_assert_cmpint (flood_game.pointer (s, &ptr, HB_POINTER_RELEASE, &hit, out, 4), ==, 1);
  g_assert_cmpint (out[0].op, ==, FLOOD_OP_FLOOD);
  g_assert_cmpint (out[0].value, ==, 5);
  g_assert_cmpint (flood_game.pointer (s, &ptr, HB_POINTER_PRESS, &hit, out, 4), ==, 0);
  hit.x = 1;
  g_assert_cmpint (flood_game.pointer (s, &ptr, HB_POINTER_RELEASE, &hit, out, 4), ==, 0);
  hit.x = 0, hit.y = 0;
  g_assert_cmpint (flood_game.pointer (s, &ptr, HB_POINTER_PRESS, &hit, out, 4), ==, 0);
  g_assert_cmpint (flood_game.pointer (s, &ptr, HB_POINTER_RELEASE, &hit, out, 4), ==, 0);
  /* A palette click: no hit, the entry in tool. */
  ptr.tool = 3;
  g_assert_cmpint (flood_game.pointer (s, &ptr, HB_POINTER_PRESS, NULL, out, 4), ==, 1);
  g_assert_cmpint (out[0].op, ==, FLOOD_OP_FLOOD);
  g_assert_cmpint (out[0].value, ==, 3);
  ptr.tool = 0;   /* the current colour: nothing to do */
  g_assert_cmpint (flood_game.pointer (s, &ptr, HB_POINTER_PRESS, NULL, out, 4), ==, 0);
  ptr.tool = 9;   /* not a colour of this board */
  g_assert_cmpint (flood_game.pointer (s, &ptr, HB_POINTER_PRESS, NULL, out, 4), ==, 0);

  /* Edit: a drag paints each new cell once. */
  ptr = (HbPointer) { HB_MODE_EDIT, 1, 4, ui };
  hit = (HbHit) { 0, 0, 0.5, 0.5, TRUE };
  g_assert_cmpint (flood_game.pointer (s, &ptr, HB_POINTER_PRESS, &hit, out, 4), ==, 1);
  g_assert_cmpint (out[0].op, ==, FLOOD_OP_PAINT);
  g_assert_cmpint (out[0].value, ==, 4);
  g_assert_cmpint (flood_game.pointer (s, &ptr, HB_POINTER_MOTION, &hit, out, 4), ==, 0);
  hit.x = 1;
  g_assert_cmpint (flood_game.pointer (s, &ptr, HB_POINTER_MOTION, &hit, out, 4), ==, 1);
  g_assert_cmpint (out[0].x, ==, 1);
  hit.x = 1, hit.y = 1;  /* already colour 4 */
  g_assert_cmpint (flood_game.pointer (s, &ptr, HB_POINTER_MOTION, &hit, out, 4), ==, 0);
  g_assert_cmpint (flood_game.pointer (s, &ptr, HB_POINTER_RELEASE, &hit, out, 4), ==, 0);
  g_assert_cmpint (flood_game.pointer (s, &ptr, HB_POINTER_PRESS, NULL, out, 4), ==, 0);

  /* Edit offers the level's six colours and a new one; painting with it
   * adds it to the level, and none past it. */
  n = flood_game.palette (s, HB_MODE_EDIT, pal, 16);
  g_assert_cmpint (n, ==, 7);
  for (int i = 0; i < n; i++)
    {
      g_assert_cmpint (pal[i].id, ==, i);
      g_assert_cmpstr (pal[i].name, !=, "");
    }
  g_assert_nonnull (strstr (pal[6].name, "new colour"));
  g_assert_null (strstr (pal[5].name, "new colour"));
  g_assert_cmpint (flood_game.palette (s, HB_MODE_PLAY, pal, 16), ==, 6);
  g_assert_cmpint (flood_game.palette (s, HB_MODE_PLAY, pal, 3), ==, 3);
  {
    HbMove paint = { FLOOD_OP_PAINT, 0, 0, 7 };
    HbState *more;

    g_assert_null (flood_game.apply (s, &paint));
    paint.value = 6;
    more = flood_game.apply (s, &paint);
    g_assert_nonnull (more);
    g_assert_cmpint (FLOOD_CONST (more)->colours, ==, 7);
    g_assert_cmpint (FLOOD_CONST (more)->cells[0], ==, 6);
    g_assert_cmpint (flood_game.palette (more, HB_MODE_EDIT, pal, 16), ==, 8);
    g_assert_cmpint (flood_game.palette (more, HB_MODE_PLAY, pal, 16), ==, 7);
    hb_state_free (more);
  }
  /* The new colour's chip paints with it (it painted with colour 0). */
  ptr = (HbPointer) { HB_MODE_EDIT, 1, 6, ui };
  hit = (HbHit) { 2, 0, 0.5, 0.5, TRUE };
  g_assert_cmpint (flood_game.pointer (s, &ptr, HB_POINTER_PRESS, &hit, out, 4), ==, 1);
  g_assert_cmpint (out[0].value, ==, 6);
  ptr.tool = 7;   /* past it: nothing, and its drag neither */
  g_assert_cmpint (flood_game.pointer (s, &ptr, HB_POINTER_PRESS, &hit, out, 4), ==, 0);
  hit.x = 1;
  g_assert_cmpint (flood_game.pointer (s, &ptr, HB_POINTER_MOTION, &hit, out, 4), ==, 0);
  hb_state_free (s);
}

static void
test_resize_blank (void)
{
  HbState *s = hb_test_parse (&flood_game, "3 by 2 -> 4\n012\n345\n");
  HbState *r = flood_game.resize (s, 2, 3, 0, 0);
  HbState *b = flood_game.new_blank (4, 4);

  g_assert_cmpint (r->width, ==, 2);
  g_assert_cmpint (r->height, ==, 3);
  g_assert_cmpmem (FLOOD (r)->cells, 6, "\0\1\3\4\0\0", 6);
  g_assert_true (flood_game.is_solved (b));
  g_assert_null (flood_game.resize (s, 0, 3, 0, 0));
  hb_state_free (r);
  hb_state_free (b);
  hb_state_free (s);
}

static void
test_write_solution (void)
{
  HbState *s = hb_test_parse (&flood_game, "3 by 1 -> 4\n012\n");
  HbResult *r = hb_result_new (HB_STATUS_SOLVED);
  g_autofree char *text = NULL;

  hb_result_add_move (r, FLOOD_OP_FLOOD, 0, 0, 1);
  hb_result_add_move (r, FLOOD_OP_FLOOD, 0, 0, 2);
  text = flood_game.write_solution (s, r, HB_WRITE_NATIVE);
  g_assert_cmpstr (text, ==, "1 2\n");
  hb_result_free (r);
  hb_state_free (s);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flood/parse-dump", test_parse_dump);
  g_test_add_func ("/flood/parse-tatham", test_parse_tatham);
  g_test_add_func ("/flood/moves-comment", test_moves_comment);
  g_test_add_func ("/flood/colours-kept", test_colours_kept);
  g_test_add_func ("/flood/limit-bounds", test_limit_bounds);
  g_test_add_func ("/flood/parse-errors", test_parse_errors);
  g_test_add_func ("/flood/error-characters", test_error_characters);
  g_test_add_func ("/flood/error-columns", test_error_columns);
  g_test_add_func ("/flood/sniff", test_sniff);
  g_test_add_func ("/flood/generate", test_generate);
  g_test_add_func ("/flood/apply", test_apply);
  g_test_add_func ("/flood/pointer-palette", test_pointer_palette);
  g_test_add_func ("/flood/resize-blank", test_resize_blank);
  g_test_add_func ("/flood/write-solution", test_write_solution);
  g_test_add_func ("/flood/error-digit-plurals", test_error_digit_plurals);
  g_test_add_func ("/flood/romanian-plurals", test_romanian_plurals);
  return g_test_run ();
}
