/* Flow Free formats: every reference file reads, the text format's header
 * and errors with their line and column, the write-up's JSON read and
 * written (round trips, colour names, errors), 88 colours, a 1000×1000
 * board, solutions in both formats, sniffing. */
#include "flow-game.h"
#include "hb-test-util.h"
#include "flow-reference.h"

#include <stdio.h>
#include <string.h>

static FlowState *
parse (const char *text)
{
  return FLOW (hb_test_parse (&flow_game, text));
}

/* Parsing fails with a message starting "LINE:COL: " and holding needle. */
static void
fails_at (const char *text, int line, int col, const char *needle)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *prefix = g_strdup_printf ("%d:%d: ", line, col);
  HbState *s = flow_game.parse (text, strlen (text), &error);

  g_assert_null (s);
  g_assert_nonnull (error);
  if (!g_str_has_prefix (error->message, prefix) || strstr (error->message, needle) == NULL)
    g_error ("for %s\nexpected \"%s…%s…\", got \"%s\"", text, prefix, needle, error->message);
}

/* One row of 89 colours, each pair side by side: one more than the game
 * takes. */
static GString *
one_colour_too_many (void)
{
  GString *t = g_string_new (NULL);

  for (int c = 33, k = 0; c < 127; c++)
    if (c != '#' && c != '.')
      {
        g_string_append_c (t, (char) c);
        g_string_append_c (t, (char) c);
        if (++k == FLOW_MAX_COLOURS + 1)
          break;
      }
  g_string_append_c (t, '\n');
  return t;
}

static void
test_default_names (void)
{
  gboolean seen[128] = { FALSE };

  g_assert_cmpuint (strlen (flow_default_names), ==, FLOW_MAX_COLOURS);
  for (int i = 0; i < FLOW_MAX_COLOURS; i++)
    {
      char c = flow_default_names[i];
      g_assert_true (c > ' ' && c < 127 && c != '#' && c != '.');
      g_assert_false (seen[(int) c]);
      seen[(int) c] = TRUE;
    }
  /* The game's colours by name. */
  g_assert_cmpint (flow_colour_char_for_name ("red"), ==, 'R');
  g_assert_cmpint (flow_colour_char_for_name ("Dark Blue"), ==, 'b');
  g_assert_cmpint (flow_colour_char_for_name ("dark_blue"), ==, 'b');
  g_assert_cmpint (flow_colour_char_for_name ("gray"), ==, 'A');
  g_assert_cmpint (flow_colour_char_for_name ("maroon"), ==, 'm');
  g_assert_cmpint (flow_colour_char_for_name ("chartreuse"), ==, 0);
  g_assert_cmpstr (flow_colour_name_for_char ('p'), ==, "pink");
  g_assert_null (flow_colour_name_for_char ('Z'));
}

static void
test_anchors (void)
{
  g_autoptr (GPtrArray) refs = flow_reference_levels ();
  int files = 0;

  for (guint i = 0; i < refs->len; i++)
    {
      const FlowReference *ref = g_ptr_array_index (refs, i);
      const char *name = ref->name;
      g_autofree char *text = g_strdup (ref->text), *back = NULL, *json = NULL;
      g_autoptr (GError) error = NULL;
      gsize len = ref->len;
      HbState *s, *again;
      FlowState *f;
      int side;

      s = flow_game.parse (text, len, &error);
      g_assert_no_error (error);
      f = FLOW (s);
      /* The file name says the size: regular_7x7_01.txt. */
      if (sscanf (strchr (name, '_') ? strchr (name, '_') + 1 : name, "%dx", &side) == 1)
        {
          g_assert_cmpint (s->width, ==, side);
          g_assert_cmpint (s->height, ==, side);
        }
      g_assert_cmpint (f->colours, >, 1);
      for (int c = 0; c < f->colours; c++)
        {
          int a, b;
          g_assert_true (flow_endpoints (f, c, &a, &b));
        }
      /* The text comes back as it was, and sniffing finds the game. */
      back = flow_game.write (s, HB_WRITE_NATIVE, NULL);
      g_assert_true (flow_game.sniff (text, len));
      /* (Some files end with a blank line.) */
      g_assert_cmpstr (g_strstrip (back), ==, g_strstrip (text));
      /* JSON and back gives the same level. */
      json = flow_game.write (s, HB_WRITE_JSON, NULL);
      g_assert_true (flow_game.sniff (json, strlen (json)));
      again = hb_test_parse (&flow_game, json);
      g_assert_true (flow_game.equal (s, again));
      hb_state_free (again);
      hb_state_free (s);
      files++;
    }
  g_assert_cmpint (files, >=, 29);
}

static void
test_header (void)
{
  FlowState *f = parse ("# a numberlink file\n5 3\nA...B\n.....\nA...B\n");
  g_autofree char *out = NULL;

  g_assert_cmpint (f->base.width, ==, 5);
  g_assert_cmpint (f->base.height, ==, 3);
  g_assert_cmpint (f->colours, ==, 2);
  g_assert_cmpint (f->names[0], ==, 'A');
  g_assert_cmpint (f->names[1], ==, 'B');
  out = flow_game.write (&f->base, HB_WRITE_NATIVE, NULL);
  g_assert_cmpstr (out, ==, "A...B\n.....\nA...B\n");
  hb_state_free (&f->base);

  /* Rows that start with a digit colour are rows, not a header. */
  f = parse ("1.1\n2.2\n");
  g_assert_cmpint (f->base.height, ==, 2);
  hb_state_free (&f->base);
}

static void
test_text_errors (void)
{
  fails_at ("R...G\n.....\nR....\n", 1, 5, "colour 'G' has 1 dot");
  /* An extra dot is pointed at where it is: the third. */
  fails_at ("R.R.R\n.....\nG...G\n", 1, 5, "colour 'R' has 3 dots");
  fails_at ("R...G\n....\nR...G\n", 2, 5, "ragged");
  /* A long row at its first cell past the first row's width. */
  fails_at ("B...B\n....G\nY.RY..\nR.G..\n", 3, 6, "ragged");
  fails_at ("5 4\nR...G\n.....\nR...G\n", 1, 1, "the header says 5×4");
  fails_at ("# nothing\n.....\n.....\n", 2, 1, "no dots");
  fails_at ("# nothing here\n", 1, 1, "no board");
  fails_at ("R..x G\n", 1, 5, "unknown character ' '");
  /* A character outside ASCII is shown as it is, an invisible one by its
   * code point (never as '?', which names a colour); text that is not
   * UTF-8 is refused before. */
  fails_at ("R..G\n.\xc3\xa9..\nG..R\n", 2, 2, "unknown character '\xc3\xa9'");
  fails_at ("R.\xc2\xa0R\n", 1, 3, "unknown character 'U+00A0'");
  fails_at ("R\xffR\n", 1, 2, "not valid UTF-8");
  fails_at ("5000 5000\nRR\n", 1, 1, "the header's size 5000 5000 is not a board");
  fails_at ("0 3\nRR\n", 1, 1, "the header's size 0 3");
  fails_at ("-4 3\nRR\n", 1, 1, "the header's size -4 3");
  fails_at ("+3 3\nR.G\nR.G\n...\n", 1, 1, "the header's size +3 3");
  /* A row past the header's count is said where it is: a second board
   * after the first said "unknown character ' '" at its size line. */
  fails_at ("3 3\nR.G\nR.G\n...\n3 3\nA.A\n...\n...\n", 5, 1, "more rows than the header's 3");
  fails_at ("3 2\nR.R\nG.G\n...\n", 4, 1, "more rows than the header's 2");
  /* More numbers than a size: no row has blanks, so a size line gone wrong. */
  fails_at ("# a comment\n  5 4 3\nR...G\n", 2, 3, "a size line is two numbers, W H; this one has 3");
  /* A size line with a word in it ("unknown character ' '" before). */
  fails_at ("3 x\nA.A\n", 1, 1, "a size line is two numbers, W H; this one reads “3 x”");
  fails_at ("R.\n\nR.\n", 3, 1, "after a blank line");
  {
    /* A row longer than the board limit. */
    GString *t = g_string_new ("RR");
    for (int i = 0; i < HB_MAX_SIDE; i++)
      g_string_append_c (t, '.');
    g_string_append_c (t, '\n');
    fails_at (t->str, 1, HB_MAX_SIDE + 1, "longer than");
    g_string_free (t, TRUE);
  }
  {
    /* More colours than the game takes: the 89th character is the error. */
    GString *t = one_colour_too_many ();

    fails_at (t->str, 1, 2 * FLOW_MAX_COLOURS + 1, "more than 88 colours");
    g_string_free (t, TRUE);
  }
}

/* In Romanian each noun takes its plural from its own number: "4096 de
 * celule", "88 de culori", "88 de perechi" (one plural for the whole
 * message, or none, read "4096 celule" and "88 culori"). */
static void
test_romanian_plurals (void)
{
  GString *t = one_colour_too_many ();
  g_autoptr (GError) header = NULL;
  g_autoptr (GError) many = NULL;

  if (!hb_test_romanian ())
    {
      g_string_free (t, TRUE);
      return;
    }
  g_assert_null (flow_game.parse ("5000 5000\nRR\n", 11, &header));
  g_assert_nonnull (header);
  g_assert_cmpstr (header->message, ==, "1:1: dimensiunea din antet 5000 5000 nu este o tablă: "
                   "fiecare latură are între 1 și 4096 de celule");
  g_assert_null (flow_game.parse (t->str, t->len, &many));
  g_assert_nonnull (many);
  g_assert_nonnull (strstr (many->message, "mai mult de 88 de culori: tablele Flow Free au "
                            "cel mult 88 de perechi de buline"));
  hb_test_romanian_end ();
  g_string_free (t, TRUE);
}

/* A board of 88 colours, each pair side by side in its own row. */
static void
test_88_colours (void)
{
  GString *t = g_string_new (NULL);
  FlowState *f;
  g_autofree char *out = NULL, *json = NULL;
  HbState *back;

  for (int k = 0; k < FLOW_MAX_COLOURS; k++)
    g_string_append_printf (t, "%c%c\n", flow_default_names[k], flow_default_names[k]);
  f = parse (t->str);
  g_assert_cmpint (f->colours, ==, FLOW_MAX_COLOURS);
  out = flow_game.write (&f->base, HB_WRITE_NATIVE, NULL);
  g_assert_cmpstr (out, ==, t->str);
  json = flow_game.write (&f->base, HB_WRITE_JSON, NULL);
  back = hb_test_parse (&flow_game, json);
  g_assert_true (flow_game.equal (&f->base, back));
  /* Every colour's character survives JSON. */
  g_assert_cmpint (memcmp (FLOW (back)->names, f->names, FLOW_MAX_COLOURS), ==, 0);
  hb_state_free (back);
  hb_state_free (&f->base);
  g_string_free (t, TRUE);
}

static void
test_big (void)
{
  int n = 1000;
  GString *t = g_string_sized_new ((gsize) (n + 1) * n + 16);
  FlowState *f;

  for (int y = 0; y < n; y++)
    {
      for (int x = 0; x < n; x++)
        g_string_append_c (t, (y == 0 && (x == 0 || x == n - 1)) ? 'R'
                              : (y == n - 1 && (x == 0 || x == n - 1)) ? 'G' : '.');
      g_string_append_c (t, '\n');
    }
  f = parse (t->str);
  g_assert_cmpint (f->base.width, ==, n);
  g_assert_cmpint (f->base.height, ==, n);
  g_assert_cmpint (f->colours, ==, 2);
  {
    g_autofree char *json = flow_game.write (&f->base, HB_WRITE_JSON, NULL);
    HbState *back = hb_test_parse (&flow_game, json);
    g_assert_true (flow_game.equal (&f->base, back));
    hb_state_free (back);
  }
  hb_state_free (&f->base);
  g_string_free (t, TRUE);
}

static const char *writeup_json =
  "[\n"
  "[null, null, null, null, null],\n"
  "[null, \"blue\", null, \"blue\", \"green\"],\n"
  "[null, null, null, null, null],\n"
  "[\"red\", \"green\", null, \"purple\", \"red\"],\n"
  "[null, null, null, null, \"purple\"]\n"
  "]\n";

static void
test_json_read (void)
{
  FlowState *f = parse (writeup_json);
  g_autofree char *text = NULL, *json = NULL;
  HbState *back;

  g_assert_cmpint (f->base.width, ==, 5);
  g_assert_cmpint (f->base.height, ==, 5);
  g_assert_cmpint (f->colours, ==, 4);
  /* Colours in order of first appearance, named by the game's letters. */
  g_assert_cmpint (f->names[0], ==, 'B');
  g_assert_cmpint (f->names[1], ==, 'G');
  g_assert_cmpint (f->names[2], ==, 'R');
  g_assert_cmpint (f->names[3], ==, 'P');
  g_assert_cmpint (f->dot[1 * 5 + 1], ==, 1);
  g_assert_cmpint (f->dot[3 * 5 + 4], ==, 3);
  g_assert_cmpint (f->dot[0], ==, 0);
  g_assert_cmpstr (f->json_names[0], ==, "blue");
  g_assert_cmpint (flow_colour_rgb (f, 2, FALSE), ==, flow_colour_rgb (f, 2, TRUE));

  text = flow_game.write (&f->base, HB_WRITE_NATIVE, NULL);
  g_assert_cmpstr (text, ==, ".....\n.B.BG\n.....\nRG.PR\n....P\n");
  /* Written back: json-glib's spacing, the same strings. */
  json = flow_game.write (&f->base, HB_WRITE_JSON, NULL);
  g_assert_cmpstr (json, ==,
                   "[\n"
                   "[null,null,null,null,null],\n"
                   "[null,\"blue\",null,\"blue\",\"green\"],\n"
                   "[null,null,null,null,null],\n"
                   "[\"red\",\"green\",null,\"purple\",\"red\"],\n"
                   "[null,null,null,null,\"purple\"]\n"
                   "]\n");
  back = hb_test_parse (&flow_game, json);
  g_assert_true (flow_game.equal (&f->base, back));
  hb_state_free (back);

  /* Text levels write their game letters as colour names. */
  hb_state_free (&f->base);
  f = parse ("R.b\nZ.Z\nR.b\n");
  json = (g_free (json), flow_game.write (&f->base, HB_WRITE_JSON, NULL));
  g_assert_cmpstr (json, ==,
                   "[\n[\"red\",null,\"dark blue\"],\n[\"Z\",null,\"Z\"],\n"
                   "[\"red\",null,\"dark blue\"]\n]\n");
  back = hb_test_parse (&flow_game, json);
  g_assert_cmpint (memcmp (FLOW (back)->names, "RbZ", 3), ==, 0);
  hb_state_free (back);
  hb_state_free (&f->base);

  /* Strings that are no game colour get characters of their own. */
  f = parse ("[[\"sky\", \"sky\", \"sea\"], [\"red\", \"red\", \"sea\"]]");
  g_assert_cmpint (f->colours, ==, 3);
  g_assert_cmpint (f->names[0], !=, f->names[1]);
  g_assert_cmpint (f->names[2], ==, 'R');
  g_assert_true (strchr (".#R", f->names[0]) == NULL);
  hb_state_free (&f->base);

  /* A name is its colour even after a letter that would take it: "red"
   * was drawn green after an "R"; the "R" gets another. */
  f = parse ("[[\"R\", null, \"R\"], [\"red\", null, \"red\"]]");
  g_assert_cmpint (f->names[1], ==, 'R');
  g_assert_cmpint (f->names[0], !=, 'R');
  hb_state_free (&f->base);

  /* A game colour's name spelt two ways is one colour ("Red" and "red"
   * were two colours of one dot each: review); its other names, and other
   * strings by case, stay apart ("navy" beside "dark blue" is two CSS
   * colours, and was read as two: a review of the first version). */
  f = parse ("[[\"Red\", null, \"red\"], [\"Dark-Blue\", \"Sky\", \"dark blue\"], "
             "[\"sky\", \"Sky\", \"sky\"], [\"navy\", null, \"NAVY\"]]");
  g_assert_cmpint (f->colours, ==, 5);
  g_assert_cmpint (f->names[0], ==, 'R');
  g_assert_cmpint (f->names[1], ==, 'b');
  g_assert_cmpint (f->dot[0], ==, f->dot[2]);
  g_assert_cmpint (f->dot[3], ==, f->dot[5]);
  g_assert_cmpint (f->dot[4], ==, f->dot[7]);
  g_assert_cmpint (f->dot[4], !=, f->dot[6]);
  g_assert_cmpint (f->dot[9], ==, f->dot[11]);
  g_assert_cmpint (f->dot[9], !=, f->dot[3]);
  g_assert_cmpint (f->names[f->dot[9] - 1], !=, 'b');
  hb_state_free (&f->base);
  /* Two of one game colour's names, as two colours, still read. */
  f = parse ("[[\"purple\", null, \"purple\"], [\"violet\", null, \"violet\"]]");
  g_assert_cmpint (f->colours, ==, 2);
  g_assert_cmpint (f->names[0], ==, 'P');
  g_assert_cmpint (f->names[1], !=, 'P');
  hb_state_free (&f->base);
}

static void
test_json_errors (void)
{
  fails_at ("[[null, \"red\"],\n [null, null]]", 1, 9, "colour \"red\" has 1 dot");
  fails_at ("[[\"red\", \"red\"],\n [null, \"red\"]]", 2, 9, "third dot");
  /* A solution (every cell coloured, what `solve` prints) is no level, and
   * the message says so; the first wrong place in the file is named, not
   * the first colour in character order. */
  fails_at ("[[\"red\",\"red\",\"red\"]]", 1, 15, "looks like a solution");
  fails_at ("RRR\nGGG\n", 1, 3, "colour 'R' has 3 dots");
  fails_at ("RRR\nGGG\n", 1, 3, "looks like a solution");
  fails_at ("GGG.\nRRRR\n", 1, 3, "colour 'G' has 3 dots");
  fails_at ("RRR.\nGGGG\n", 1, 3, "colour 'R' has 3 dots");
  {
    g_autoptr (GError) error = NULL;
    g_assert_null (flow_game.parse ("RRR.\nGG..\n", 10, &error));
    g_assert_null (strstr (error->message, "solution"));
  }
  /* A long name is quoted by its first 40 characters: one of a million
   * made a message of a megabyte. Forty are quoted whole. */
  {
    GString *name = g_string_new (NULL), *t = g_string_new (NULL);
    g_autofree char *forty = NULL, *expected = NULL;
    g_autoptr (GError) error = NULL;
    HbState *s;

    for (int i = 0; i < 100000; i++)
      g_string_append (name, i % 2 ? "\xc3\xa9" : "x");   /* "xéxé…" */
    forty = g_strndup (name->str, 60);   /* 20 'x' and 20 'é' */
    g_string_printf (t, "[[\"%s\", null], [null, \"blue\"]]", name->str);
    s = flow_game.parse (t->str, t->len, &error);
    g_assert_null (s);
    expected = g_strdup_printf ("1:3: colour \"%s…\" has 1 dot: every colour needs exactly two",
                                forty);
    g_assert_cmpstr (error->message, ==, expected);
    g_clear_error (&error);
    g_clear_pointer (&expected, g_free);
    g_string_printf (t, "[[\"%s\", \"%s\", \"%s\", null]]", forty, forty, forty);
    s = flow_game.parse (t->str, t->len, &error);
    g_assert_null (s);
    expected = g_strdup_printf ("1:%d: colour \"%s\" has a third dot: every colour needs "
                                "exactly two", 2 * 44 + 3, forty);
    g_assert_cmpstr (error->message, ==, expected);
    g_string_free (name, TRUE);
    g_string_free (t, TRUE);
  }
  fails_at ("[[null, null],\n [null]]", 2, 2, "ragged");
  fails_at ("[[null, null],\n [null, 3]]", 2, 9, "a cell must be null");
  fails_at ("[[null, null],\n {\"a\": 1}]", 2, 2, "a row must be a list");
  fails_at ("  {\"rows\": []}", 1, 3, "a list of rows");
  fails_at ("[]", 1, 1, "the list of rows is empty");
  fails_at ("[[null, null],\n [null, null]]", 1, 1, "no dots");
  fails_at ("[[null, null],\n [null, \"\"]]", 2, 9, "an empty string");
  /* At the bad word's first character. */
  fails_at ("[[null, null],\n [null, nul]]", 2, 9, "not valid JSON: unexpected identifier");
  fails_at ("[[nulll]]", 1, 3, "not valid JSON: unexpected identifier");
  /* Cut short: said at the end, as that (json-glib blamed the last good
   * token, "unexpected string constant", one column early). */
  fails_at ("[[null, null],\n [null, null]", 2, 14, "not valid JSON: the text ends before");
  fails_at ("[[\"red\",\"blue\"],[\"red\"", 1, 23, "not valid JSON: the text ends before");
  fails_at ("[[\"red\",\"blu", 1, 13, "not valid JSON: the text ends inside a string");
  /* Cut short after another mistake: that mistake is said. */
  fails_at ("[[nul, null],\n [null, null]", 1, 3, "not valid JSON: unexpected identifier");
  /* JSON that json-glib reads but that is no level is refused as JSON,
   * though its characters would spell a text level ('[', '1' and ']'
   * twice each). */
  fails_at ("[[11]]", 1, 3, "a cell must be null");
  fails_at ("[[\"\"]]\n", 1, 3, "an empty string");
  /* A lone JSON string is refused as JSON ('s' and 't' once each used to
   * be the error); one that spells a text level ('"' and 'a' twice each)
   * is that level. */
  fails_at ("\"str\"\n", 1, 1, "a list of rows");
  {
    HbState *s = hb_test_parse (&flow_game, "\"aa\"\n");
    g_assert_cmpint (FLOW (s)->colours, ==, 2);
    g_assert_cmpint (s->width, ==, 4);
    hb_state_free (s);
  }
  /* A NUL in a name: json-glib's strings end there, and "a\u0000x" and
   * "a\u0000y" were one colour. An escaped backslash before u0000 is two
   * characters of a name. */
  fails_at ("[[\"a\\u0000x\", null, \"a\\u0000y\"]]", 1, 5, "holds a NUL character");
  {
    HbState *s = hb_test_parse (&flow_game, "[[\"a\\\\u0000x\", null, \"a\\\\u0000x\"]]");
    g_assert_cmpint (FLOW (s)->colours, ==, 1);
    hb_state_free (s);
  }
  /* Half of a UTF-16 pair alone, high or low, is said where it stands
   * (json-glib said "scanner: unterminated string constant" at 2:1); a
   * whole pair names a colour, and so does an escaped backslash before
   * "ud800". */
  fails_at ("[[\"\\ud800\", null]]\n", 1, 4, "half of a UTF-16 pair");
  fails_at ("[[null, \"x\\udc00\"]]", 1, 11, "half of a UTF-16 pair");
  fails_at ("[[\"\\ud800\\u0041\"]]", 1, 4, "half of a UTF-16 pair");
  {
    HbState *s = hb_test_parse (&flow_game, "[[\"\\ud83d\\ude00\", null, \"\\ud83d\\ude00\"]]");
    g_assert_cmpint (FLOW (s)->colours, ==, 1);
    hb_state_free (s);
    s = hb_test_parse (&flow_game, "[[\"a\\\\ud800\", null, \"a\\\\ud800\"]]");
    g_assert_cmpint (FLOW (s)->colours, ==, 1);
    hb_state_free (s);
  }
  /* Nesting deeper than a level's two lists is refused before json-glib,
   * whose parser recursed once a level and ran out of stack at about
   * 85,000 (a crash). */
  {
    gsize n = 200000;
    g_autofree char *deep = g_malloc (2 * n + 1);

    memset (deep, '[', n);
    memset (deep + n, ']', n);
    deep[2 * n] = '\0';
    fails_at (deep, 1, 65, "nests deeper than 64 levels");
  }
  /* Too many rows, or a row too long, refused before json-glib builds its
   * tree (40 million empty rows took 5 GB and 45 s to be refused), where
   * the first row or cell past 4096 begins; the same sizes pass the scan
   * (a comma inside a string counts for nothing). */
  {
    GString *rows = g_string_new ("[");
    GString *cells = g_string_new ("[[\"a,b\",");

    for (int i = 0; i < 4097; i++)
      g_string_append (rows, i ? ",[]" : "[]");
    g_string_append (rows, "]");
    fails_at (rows->str, 1, 2 + 3 * 4096, "the board has more than 4096 rows");
    for (int i = 1; i < 4097; i++)
      g_string_append (cells, i > 1 ? ",null" : "null");
    g_string_append (cells, "]]");
    fails_at (cells->str, 1, 3 + 6 + 5 * 4095, "the row is longer than 4096 cells");
    /* A '[' inside a string does not begin a row (it reset the count). */
    {
      GString *tricky = g_string_new ("[[");
      for (int i = 0; i < 4097; i++)
        g_string_append (tricky, i == 0 ? "\"[\"" : i % 1000 == 0 ? ",\"[\"" : ",null");
      g_string_append (tricky, "]]");
      fails_at (tricky->str, 1, 3 + 3 + 5 * 4094 + 2, "the row is longer than 4096 cells");
      g_string_free (tricky, TRUE);
    }
    /* In the writer's layout, a row a line: refused where the row past
     * 4096 begins, at the start of its line. */
    {
      GString *lines = g_string_new ("[\n");
      for (int i = 0; i < 4097; i++)
        g_string_append (lines, i ? ",\n  [null]" : "  [null]");
      g_string_append (lines, "\n]\n");
      fails_at (lines->str, 4098, 3, "the board has more than 4096 rows");
      g_string_free (lines, TRUE);
    }
    /* 4096 cells: the scan lets it through (refused later, for the
     * colour with one dot). */
    g_string_truncate (cells, cells->len - 7);
    g_string_append (cells, "]]");
    fails_at (cells->str, 1, 3, "has 1 dot");
    g_string_free (rows, TRUE);
    g_string_free (cells, TRUE);
  }
}

static void
test_solution_formats (void)
{
  FlowState *g = parse ("RG\nRG\n");
  HbResult *r = hb_result_new (HB_STATUS_SOLVED);
  guint8 bad[4] = { 1, 1, 1, 2 }, good[4] = { 1, 2, 1, 2 }, links[4];
  g_autofree char *text = NULL, *json = NULL;

  g_assert_false (flow_links_from_colours (g, bad, links));
  g_assert_true (flow_links_from_colours (g, good, links));
  flow_result_set_solution (r, g, good, links);
  g_assert_true (flow_is_solved (FLOW_CONST (r->solved)));
  text = flow_game.write_solution (&g->base, r, HB_WRITE_NATIVE);
  g_assert_cmpstr (text, ==, "RG\nRG\n");
  json = flow_game.write_solution (&g->base, r, HB_WRITE_JSON);
  g_assert_cmpstr (json, ==, "[\n[\"red\",\"green\"],\n[\"red\",\"green\"]\n]\n");
  hb_result_free (r);
  hb_state_free (&g->base);
}

/* A level saved part-way through editing: marked, it reads back as it
 * was; JSON, which has no room for the mark, refuses it. */
static void
test_editing (void)
{
  FlowState *f = flow_state_new (3, 2, 0);
  g_autoptr (GError) error = NULL;
  g_autofree char *out = NULL;
  char *json;
  HbState *back;

  out = flow_game.write (&f->base, HB_WRITE_NATIVE, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (out, ==, "# editing: a colour may lack its pair\n...\n...\n");
  back = hb_test_parse (&flow_game, out);
  g_assert_true (flow_game.equal (&f->base, back));
  hb_state_free (back);
  json = flow_game.write (&f->base, HB_WRITE_JSON, &error);
  g_assert_null (json);
  g_assert_error (error, HB_PARSE_ERROR, HB_PARSE_ERROR_SHAPE);
  g_clear_error (&error);
  hb_state_free (&f->base);

  /* One dot of R: fine when marked, an error when not. */
  f = parse ("# editing: a colour may lack its pair\nR.G\n..G\n");
  g_assert_cmpint (f->colours, ==, 2);
  g_free (out);
  out = flow_game.write (&f->base, HB_WRITE_NATIVE, NULL);
  back = hb_test_parse (&flow_game, out);
  g_assert_true (flow_game.equal (&f->base, back));
  hb_state_free (back);
  hb_state_free (&f->base);
  fails_at ("R.G\n..G\n", 1, 1, "colour 'R' has 1 dot");
  /* Three dots of R, as a screenshot can be read (helper-155: `detect`
   * wrote such a level and `solve` refused to read it): they read back
   * when marked, as the app saves them; JSON names the count. */
  fails_at ("R.R\n..R\n", 2, 3, "colour 'R' has 3 dots");
  f = parse ("# editing: a colour may lack its pair\nR.R\n..R\n");
  g_free (out);
  out = flow_game.write (&f->base, HB_WRITE_NATIVE, NULL);
  g_assert_true (g_str_has_prefix (out, "# editing: a colour may lack its pair\n"));
  back = hb_test_parse (&flow_game, out);
  g_assert_true (flow_game.equal (&f->base, back));
  hb_state_free (back);
  json = flow_game.write (&f->base, HB_WRITE_JSON, &error);
  g_assert_null (json);
  g_assert_nonnull (strstr (error->message, "Colour ‘R’ has 3 dots"));
  g_clear_error (&error);
  hb_state_free (&f->base);

  f = parse ("R.R\n");
  out = (g_free (out), flow_game.write (&f->base, HB_WRITE_TATHAM, &error));
  g_assert_null (out);
  g_assert_error (error, HB_PARSE_ERROR, HB_PARSE_ERROR_UNSUPPORTED);
  hb_state_free (&f->base);
}

/* Paths drawn so far are saved with the level and read back. */
static void
test_paths (void)
{
  FlowState *f = parse ("R..R\nG..G\n");
  g_autofree char *out = NULL;
  HbState *back;

  flow_link (f, 0, HB_DIR_E, 0);
  flow_link (f, 1, HB_DIR_E, 0);
  out = flow_game.write (&f->base, HB_WRITE_NATIVE, NULL);
  g_assert_cmpstr (out, ==, "R..R\nG..G\n# path: R2RaR8R0\n# path: G0.0.0G0\n");
  back = hb_test_parse (&flow_game, out);
  g_assert_true (flow_game.equal (&f->base, back));
  hb_state_free (back);
  hb_state_free (&f->base);

  fails_at ("R..R\n# path: R2RaR8R0\n# path: R0\n", 3, 1, "more path lines");
  fails_at ("R..R\n# path: R2RaR8\n", 2, 15, "a path line needs 8 characters");
  fails_at ("R..R\n# path: R2XaR8R0\n", 2, 11, "'X' is no colour");
  /* A character past ASCII is named whole, where it stands ("'\xc3' is
   * no colour", or "needs 8 characters" for eight counted in bytes). */
  fails_at ("R..R\n# path: R2\xc3\xa9" "aR8R0\n", 2, 11, "'\xc3\xa9' is no colour of this level");
  fails_at ("R..R\n# path: R2\xc3\xa9R8R0\n", 2, 11, "'\xc3\xa9' is no colour of this level");
  fails_at ("R..R\n  # path: R2R\xc2\xa0R8R0\n", 2, 14, "a cell's links are one hex digit");
  fails_at ("R..R\n# path: R2RgR8R0\n", 2, 12, "hex digit");
  fails_at ("R..R\n# path: R2R8R8R0\n", 2, 14, "its neighbour does not have");
  fails_at ("R..R\n# path: R3RaR8R0\n", 2, 9, "too many links");
  fails_at ("R..R\nG..G\n# path: R2RaR8R0\n", 3, 1, "the path lines do not match the board (path lines: 1, rows: 2)");
  /* Words after "# path:" are a person's comment, not a path line (the
   * level was refused: "a path line needs 8 characters"). */
  {
    g_autoptr (GError) werror = NULL;
    const char *text = "# path: red goes round the top\nR..R\n# path:\tthe\tsame\n";
    HbState *worded = flow_game.parse (text, strlen (text), &werror);
    g_assert_no_error (werror);
    g_assert_cmpint (FLOW_CONST (worded)->links[0], ==, 0);
    hb_state_free (worded);
  }
}

static void
test_sniff (void)
{
  g_assert_true (flow_game.sniff (writeup_json, strlen (writeup_json)));
  g_assert_true (flow_game.sniff ("R.G\nR.G\n", 8));
  /* Enlight's rows are not Flow's. */
  g_assert_false (flow_game.sniff ("1..1\n0000\n", 10));
  g_assert_false (flow_game.sniff ("12 by 12 -> 23\n", 15));
  g_assert_false (flow_game.sniff ("[1, 2]", 6));
  /* A header makes even digit colours Flow's. */
  g_assert_false (flow_game.sniff ("1..1\n0..0\n", 10));
  g_assert_true (flow_game.sniff ("4 2\n1..1\n0..0\n", 14));
  /* A header in 0s and 1s alone is one only when the next row is W wide:
   * "1000 1100" was a row of two Infinite Loop tiles (generate's, which
   * `solve -` then could not tell from Flow's). */
  g_assert_false (flow_game.sniff ("1000 1100\n0110 0011\n", 20));
  g_assert_false (flow_game.sniff ("1 1\n1 1\n", 8));
  g_assert_true (flow_game.sniff ("1 1\n# one cell\nA\n", 17));
  g_assert_true (flow_game.sniff ("10 1\nA........A\n", 16));
  /* The write-up's JSON with comments above it, as json-glib reads it
   * (it was no game's). */
  {
    static const char commented[] = "/* level 3 */ /**/\n[[\"red\", null, \"red\"]]\n";
    HbState *s;

    g_assert_true (flow_game.sniff (commented, strlen (commented)));
    s = hb_test_parse (&flow_game, commented);
    g_assert_cmpint (FLOW (s)->colours, ==, 1);
    hb_state_free (s);
    g_assert_false (flow_game.sniff ("/* [[ unclosed", 14));
    g_assert_false (flow_game.sniff ("/*/[[\"a\"]]*/", 13));
    /* After the list too (it was "more text after the end of the list
     * of rows": review), over lines; other text there still is. */
    s = hb_test_parse (&flow_game, "[[\"red\", null, \"red\"]] /* a\nb */ /**/\n");
    g_assert_cmpint (FLOW (s)->colours, ==, 1);
    hb_state_free (s);
    fails_at ("[[\"red\", null, \"red\"]]\n/* a */ x\n", 2, 9, "more text after the end");
    fails_at ("[[\"red\", null, \"red\"]] /* a\n", 1, 24, "more text after the end");
  }
}

/* Text levels whose first row starts with '[' or '{' (colour names like
 * any other) are read as text, and written with the size line first so
 * that they read back as text, not as broken JSON (a fuzzer's finding:
 * rows "[" and "[" were written as "[\n[\n", the start of the
 * write-up's JSON). */
static void
test_json_lookalike_rows (void)
{
  static const char *const levels[] = { "[\n[\n", "[[\n..\n", "{.{\n", "[]\n[]\n" };

  for (gsize i = 0; i < G_N_ELEMENTS (levels); i++)
    {
      const char *text = levels[i][0] == '[' && levels[i][1] == '\n' ? "#\n[\n[\n" : levels[i];
      FlowState *s = parse (text);
      g_autoptr (GError) error = NULL;
      g_autofree char *out = flow_game.write (&s->base, HB_WRITE_NATIVE, &error);
      g_autofree char *header = g_strdup_printf ("%d %d\n", s->base.width, s->base.height);
      HbState *back;

      g_assert_no_error (error);
      g_assert_true (g_str_has_prefix (out, header));
      back = hb_test_parse (&flow_game, out);
      g_assert_true (flow_game.equal (&s->base, back));
      hb_state_free (back);
      hb_state_free (&s->base);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flow/format/default-names", test_default_names);
  g_test_add_func ("/flow/format/anchors", test_anchors);
  g_test_add_func ("/flow/format/header", test_header);
  g_test_add_func ("/flow/format/text-errors", test_text_errors);
  g_test_add_func ("/flow/format/88-colours", test_88_colours);
  g_test_add_func ("/flow/format/romanian-plurals", test_romanian_plurals);
  g_test_add_func ("/flow/format/1000x1000", test_big);
  g_test_add_func ("/flow/format/json-read", test_json_read);
  g_test_add_func ("/flow/format/json-errors", test_json_errors);
  g_test_add_func ("/flow/format/solutions", test_solution_formats);
  g_test_add_func ("/flow/format/editing", test_editing);
  g_test_add_func ("/flow/format/paths", test_paths);
  g_test_add_func ("/flow/format/sniff", test_sniff);
  g_test_add_func ("/flow/format/json-lookalike-rows", test_json_lookalike_rows);
  return g_test_run ();
}
