/* test-app-files.c: opening and saving. A malformed file shows a toast
 * naming the file, line and column and leaves the open level unchanged;
 * save then reopen round-trips; a failed save keeps the unsaved state; the
 * title marks unsaved changes; Export Animation's toast names the folder. */
#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hb-app-test.h"
#include "hb-registry.h"
#include "hb-test-util.h"
#include "hb-window-private.h"
#include "flow.h"
#include "lights.h"

typedef HbAppTestDir Fixture;

static GFile *
write_file (Fixture *f, const char *name, const char *text)
{
  char *path = g_build_filename (f->dir, name, NULL);
  GFile *file;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  file = g_file_new_for_path (path);
  g_free (path);
  return file;
}


/* Saves the window's level to `file` (which must work) and returns what
 * the file then holds. */
static char *
save_and_read (HbWindow *window, GFile *file)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_file_get_path (file);
  char *text = NULL;

  g_assert_true (hb_app_test_save_level (window, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static void
test_malformed (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();
  const HbState *before = hb_window_get_state (window);
  HbState *copy = hb_state_copy (before);
  static const struct { const char *name, *text, *needle; } bad[] = {
    /* A sentence: the file, then the line and column where they apply. */
    { "bad.lights", "0101\n01x1\n", "bad.lights, line 2, column 3: " }, /* unknown character */
    { "ragged.lights", "0101\n011\n", "ragged.lights, line 2" },       /* ragged grid */
    { "empty.lights", "\n\n", "empty.lights" },                        /* 0×0 */
    { "mystery.txt", "hello\n", "mystery.txt, line 1, column 1: " },   /* no game */
    /* The readers' quotes made typographic: 'x' and "a b" in the CLI. */
    { "quoted.lights", "0101\n01x1\n", "quoted.lights, line 2, column 3: unknown character \u2018x\u2019 (" },
    { "quoted.json", "[[\"a b\", null, \"a b\"], [\"a b\", null, null]]",
      "quoted.json, line 1, column 25: colour \u201ca b\u201d has a third dot" },
    { "quote.lights", "01\n0\"\n", "quote.lights, line 2, column 2: unknown character \u2018\"\u2019 (" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      GFile *file = write_file (f, bad[i].name, bad[i].text);
      const char *toast;

      g_assert_false (hb_app_test_load (window, file));
      toast = hb_window_get_last_toast (window);
      g_assert_nonnull (toast);
      if (!g_str_has_prefix (toast, bad[i].needle))
        g_error ("toast “%s” does not start with “%s”", toast, bad[i].needle);
      /* The window has no --game to name (it said "name it with --game"). */
      g_assert_null (strstr (toast, "--game"));
      /* The open level is untouched. */
      g_assert_true (hb_window_get_state (window) == before);
      g_assert_true (hb_window_get_game (window)->equal (copy, hb_window_get_state (window)));
      g_assert_null (hb_window_get_file (window));
      g_object_unref (file);
    }

  /* A file that does not exist. */
  {
    char *path = g_build_filename (f->dir, "missing.lights", NULL);
    GFile *file = g_file_new_for_path (path);
    g_assert_false (hb_app_test_load (window, file));
    g_assert_true (hb_window_get_state (window) == before);
    g_object_unref (file);
    g_free (path);
  }

  hb_state_free (copy);
  hb_app_test_window_close (window);
}

/* A level whose game neither its name nor its format tells (rows of one
 * tile, four 0s and 1s: Enlight's or Infinite Loop's) is read as the
 * window's game, as --game does on the command line; one that game does
 * not read either is said in the window's words. */
static void
test_untold_game (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();
  /* (Line 1 a comment: the error points past it, where it pointed at 1:1.) */
  GFile *file = write_file (f, "tiles.txt", "# two rows\n1000\n0010\n");
  GFile *words = write_file (f, "words.txt", "hello\n");
  const char *toast;

  g_assert_true (hb_window_select_game (window, "loop"));
  hb_app_test_wait_hint (window);
  g_assert_true (hb_app_test_load (window, file));
  g_assert_cmpstr (hb_window_get_game (window)->id, ==, "loop");
  g_assert_cmpint (hb_window_get_state (window)->width, ==, 1);
  g_assert_true (hb_window_select_game (window, "lights"));
  hb_app_test_wait_hint (window);
  g_assert_true (hb_app_test_load (window, file));
  g_assert_cmpstr (hb_window_get_game (window)->id, ==, "lights");
  g_assert_cmpint (hb_window_get_state (window)->width, ==, 4);
  /* Not read as the game on show: its own error, saying so. */
  g_assert_false (hb_app_test_load (window, words));
  toast = hb_window_get_last_toast (window);
  if (!g_str_has_prefix (toast, "words.txt, line 1, column 1: ")
      || !g_str_has_suffix (toast, " (read as the game on show, Enlight: the file's name and "
                                   "format do not say which game it is)"))
    g_error ("toast “%s”", toast);
  /* Claimed by two other games, it is not read as Flow Free's (a 4×2
   * level of colours '0' and '1'). */
  g_assert_true (hb_window_select_game (window, "flow"));
  hb_app_test_wait_hint (window);
  g_assert_false (hb_app_test_load (window, file));
  g_assert_cmpstr (hb_window_get_game (window)->id, ==, "flow");
  g_assert_cmpstr (hb_window_get_last_toast (window), ==,
                   "tiles.txt, line 2, column 1: cannot tell which game this is; give the file "
                   "a game's extension (.lights, .loop, .flood, .flow)");
  /* After a byte-order mark the same line, as the command line says (it
   * was line 1 here). */
  {
    GFile *bom = write_file (f, "bom.txt", "\xef\xbb\xbf# two rows\n1000\n0010\n");

    g_assert_false (hb_app_test_load (window, bom));
    g_assert_true (g_str_has_prefix (hb_window_get_last_toast (window),
                                     "bom.txt, line 2, column 1: cannot tell which game"));
    g_object_unref (bom);
  }
  g_object_unref (file);
  g_object_unref (words);
  hb_app_test_window_close (window);
  hb_app_test_reset_last_game ();
}

/* Save under a ".json" name writes Flow Free's level in the write-up's
 * JSON (it wrote the text format there); a game without JSON is refused
 * that name, naming its own (it wrote its text there, which then did not
 * open: a ".json" file is read as JSON). */
static void
test_save_json (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();
  const char *level = "R.G\n...\nR.G\n";
  char *path = g_build_filename (f->dir, "level.JSON", NULL);
  char *lights_path = g_build_filename (f->dir, "lights.json", NULL);
  GFile *file = g_file_new_for_path (path);
  GFile *lights_file = g_file_new_for_path (lights_path);
  GError *error = NULL;
  char *text = NULL;
  HbState *back;

  hb_app_test_open_text (window, "three.flow", level);
  g_assert_cmpstr (hb_window_get_game (window)->id, ==, "flow");
  g_assert_true (hb_app_test_save_level (window, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  /* JSON: a list of rows with null for an empty cell; it reads back as
   * the level. */
  g_assert_cmpint (g_strstrip (text)[0], ==, '[');
  g_assert_nonnull (strstr (text, "null"));
  back = hb_window_get_game (window)->parse (text, strlen (text), &error);
  g_assert_no_error (error);
  g_assert_true (hb_window_get_game (window)->equal (back, hb_window_get_state (window)));
  hb_state_free (back);
  g_free (text);

  g_assert_true (hb_window_select_game (window, "lights"));
  hb_app_test_wait_hint (window);
  g_assert_false (hb_app_test_save_level (window, lights_file, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "lights.lights"));
  g_clear_error (&error);
  g_assert_false (g_file_test (lights_path, G_FILE_TEST_EXISTS));

  g_unlink (path);
  g_unlink (lights_path);
  g_object_unref (file);
  g_object_unref (lights_file);
  g_free (path);
  g_free (lights_path);
  hb_app_test_window_close (window);
}

/* An opened level has the keys: they stayed in the field that had them
 * (the Height field, in a reviewer's run). */
static void
test_open_focuses_board (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkSpinButton *height = GTK_SPIN_BUTTON (hb_app_test_find_first (hb_app_test_find_row (GTK_WIDGET (window), "_Height"),
                                                                   GTK_TYPE_SPIN_BUTTON));

  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (height)));
  hb_app_test_open_text (window, "three.lights", "101\n010\n101\n");
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (hb_window_get_board_view (window))));
  hb_app_test_window_close (window);
}

/* The file's comment lines survive a save (Save wrote the board alone:
 * "# my notes" was gone without a word), for each game's text format. */
static void
test_save_keeps_comments (Fixture *f, gconstpointer data)
{
  static const char *files[][2] = {
    { "notes.lights", "# my notes\n010\n111\n010\n" },
    { "notes.flood", "# my notes\n3 by 3 -> 9\n012\n120\n201\n" },
    { "notes.loop", "# my notes\n0110 0011\n1100 1001\n" },
    { "notes.flow", "# my notes\nR.G\n...\nR.G\n" },
  };
  HbWindow *window = hb_app_test_window_new ();

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      GFile *file = write_file (f, files[i][0], files[i][1]);
      g_autofree char *path = g_file_get_path (file);
      g_autofree char *back = NULL;
      g_autoptr (GError) error = NULL;

      g_assert_true (hb_app_test_load (window, file));
      g_assert_true (hb_app_test_save_level (window, file, &error));
      g_assert_no_error (error);
      g_assert_true (g_file_get_contents (path, &back, NULL, NULL));
      g_test_message ("%s saved:\n%s", files[i][0], back);
      g_assert_true (g_str_has_prefix (back, "# my notes\n"));
      /* It reads back as the level it was. */
      g_assert_true (hb_app_test_load (window, file));
      g_assert_false (hb_window_get_modified (window));
      g_object_unref (file);
    }
  /* A Flood-It file of two dumps opens on the first; saving over it
   * would lose the second (it did, without a word): refused, the file
   * untouched; saved under another name, that file holds the one level. */
  {
    const char *two = "3 by 3 -> 9\n012\n120\n201\n\n3 by 3 -> 12\n111\n222\n000\n";
    GFile *file = write_file (f, "two.flood", two);
    g_autofree char *path = g_file_get_path (file);
    g_autofree char *other = g_build_filename (f->dir, "one.flood", NULL);
    GFile *other_file = g_file_new_for_path (other);
    g_autofree char *back = NULL;
    g_autoptr (GError) error = NULL;

    g_assert_true (hb_app_test_load (window, file));
    g_assert_false (hb_app_test_save_level (window, file, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
    g_assert_nonnull (strstr (error->message, "holds 1 more level after this one"));
    g_clear_error (&error);
    g_assert_true (g_file_get_contents (path, &back, NULL, NULL));
    g_assert_cmpstr (back, ==, two);
    g_assert_true (hb_app_test_save_level (window, other_file, &error));
    g_assert_no_error (error);
    /* Now the level's file is the new one, which holds it alone. */
    g_assert_true (hb_app_test_save_level (window, other_file, &error));
    g_assert_no_error (error);
    g_object_unref (file);
    g_object_unref (other_file);
  }
  hb_app_test_window_close (window);
}

/* Comments a save cannot keep are said in its toast, as "#" lines that
 * no longer hold are, then forgotten (the next save says nothing): a
 * Flow Free JSON level's comments (json-glib skips them; they went
 * without a word), and "#" lines past the first 4096 the window holds
 * (they went without a word too). */
static void
test_save_says_unkept_comments (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();
  GFile *json = write_file (f, "notes.json", "/* my notes */\n[[\"red\", null, \"red\"],\n"
                                             " [\"blue\", null, \"blue\"]]\n");
  g_autoptr (GString) many = g_string_new (NULL);
  GFile *lights;
  g_autofree char *back = NULL;

  g_assert_true (hb_app_test_load (window, json));
  back = save_and_read (window, json);
  g_assert_null (strstr (back, "my notes"));
  g_assert_cmpstr (hb_window_get_last_toast (window), ==,
                   "Saved; the file’s /* */ comments were left out: "
                   "no format Hintboard writes holds them");
  hb_window_show_toast (window, "before");
  g_free (save_and_read (window, json));
  /* (A save slow enough to say "Saving “notes.json”…", as under
   * AddressSanitizer on a loaded machine, says so before it ends, so a
   * word about comments would still come after it.) */
  if (!g_str_has_prefix (hb_window_get_last_toast (window), "Saving "))
    g_assert_cmpstr (hb_window_get_last_toast (window), ==, "before");

  for (int i = 0; i < HB_DOCUMENT_MAX_COMMENTS + 2; i++)
    g_string_append_printf (many, "# note %d\n", i);
  g_string_append (many, "010\n111\n010\n");
  lights = write_file (f, "many.lights", many->str);
  g_assert_true (hb_app_test_load (window, lights));
  g_clear_pointer (&back, g_free);
  back = save_and_read (window, lights);
  g_assert_nonnull (strstr (back, "# note 4095\n"));
  g_assert_null (strstr (back, "# note 4096\n"));
  g_assert_cmpstr (hb_window_get_last_toast (window), ==,
                   "Saved; the file’s comment lines after the first 4,096 were left out");
  hb_window_show_toast (window, "before");
  g_free (save_and_read (window, lights));
  if (!g_str_has_prefix (hb_window_get_last_toast (window), "Saving "))   /* as above */
    g_assert_cmpstr (hb_window_get_last_toast (window), ==, "before");
  /* A file of exactly the cap loses nothing, and says nothing. */
  g_string_truncate (many, 0);
  for (int i = 0; i < HB_DOCUMENT_MAX_COMMENTS; i++)
    g_string_append_printf (many, "# note %d\n", i);
  g_string_append (many, "010\n111\n010\n");
  g_object_unref (lights);
  lights = write_file (f, "cap.lights", many->str);
  g_assert_true (hb_app_test_load (window, lights));
  /* (A slow open says "Opening …" in a toast.) */
  hb_window_show_toast (window, "before");
  g_clear_pointer (&back, g_free);
  back = save_and_read (window, lights);
  g_assert_cmpstr (back, ==, many->str);
  if (!g_str_has_prefix (hb_window_get_last_toast (window), "Saving "))   /* as above */
    g_assert_cmpstr (hb_window_get_last_toast (window), ==, "before");
  g_object_unref (lights);
  g_object_unref (json);
  hb_app_test_window_close (window);
}

/* Comment lines are kept line by line when the block as a whole does not
 * read back: a game-owned line gone stale (Flow Free's "# path:" after the
 * paths were cleared) is left out and named, the user's notes kept (one
 * stale line dropped them all). */
static void
test_comments_line_by_line (void)
{
  const char *text = "# my notes\nR..R\nG..G\n# path: R2RaR8R0\n# path: G0.0.0G0\n";
  const HbGame *flow = hb_registry_find_game ("flow");
  g_auto (GStrv) comments = hb_text_comment_lines (text, strlen (text), 100);
  g_autoptr (GPtrArray) dropped = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  HbState *bare = flow->parse ("R..R\nG..G\n", 10, &error);
  g_autofree char *out = NULL;
  HbState *back;

  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (comments), ==, 3);
  out = hb_write_with_comments (bare, HB_WRITE_NATIVE, comments, dropped, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (out, ==, "# my notes\nR..R\nG..G\n");
  g_assert_cmpuint (dropped->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (dropped, 0), ==, "# path: R2RaR8R0");
  back = flow->parse (out, strlen (out), NULL);
  g_assert_true (flow->equal (bare, back));
  hb_state_free (back);
  hb_state_free (bare);
  /* The cap: the first lines only. */
  {
    g_auto (GStrv) one = hb_text_comment_lines (text, strlen (text), 1);
    g_assert_cmpuint (g_strv_length (one), ==, 1);
  }
}

/* The format a level's text is in: what Save writes back. */
static void
test_text_format (void)
{
  static const struct {
    const char   *game, *text;
    HbWriteFormat format;
  } cases[] = {
    /* Ids printed by Tatham's sgt-net, sgt-flip and sgt-flood --generate. */
    { "loop", "4x3:84dc77b848c4\n", HB_WRITE_TATHAM },
    { "loop", "\n4x3:84dc77b848c4\r\n\n", HB_WRITE_TATHAM },
    { "lights", "3x3:d074191345d1644c17058,160\n", HB_WRITE_TATHAM },
    /* The same levels as rows. */
    { "loop", "0010 0001 0111 0011\n1101 1101 1110 0010\n0001 0010 0011 0001\n",
      HB_WRITE_NATIVE },
    { "lights", "# notes\n000\n101\n100\n", HB_WRITE_NATIVE },
    /* Comment lines: never an ID (it would drop them). */
    { "loop", "# notes\n4x3:84dc77b848c4\n", HB_WRITE_NATIVE },
    { "flow", "R.G\n...\nR.G\n", HB_WRITE_NATIVE },
    { "flow", "[[\"red\", null, \"green\"],\n [null, null, null],\n"
              "  [\"red\", null, \"green\"]]\n", HB_WRITE_JSON },
    { "flood", "3 by 3 -> 9\n012\n120\n201\n", HB_WRITE_NATIVE },
    { "flood", "3x3:234333550,9\n", HB_WRITE_TATHAM },
    /* A byte-order mark (Windows editors write one) is no content. */
    { "loop", "\xef\xbb\xbf" "4x3:84dc77b848c4\r\n", HB_WRITE_TATHAM },
    { "flow", "\xef\xbb\xbf[[\"red\", null, \"green\"],\r\n [null, null, null],\r\n"
              "  [\"red\", null, \"green\"]]\r\n", HB_WRITE_JSON },
    /* JSON's comments (json-glib skips them), first or anywhere but in
     * a string; a "/" "*" in a string is no comment. */
    { "flow", "/* from the write-up */\n[[\"red\", null], [null, \"red\"]]\n", HB_WRITE_JSON },
    { "flow", "\xef\xbb\xbf /** \"a\" [[ **/ /**/[[\"red\", /* x */ null],\n"
              "[null, \"red\"]] /* end */\n", HB_WRITE_JSON },
    { "flow", "[[\"a/*b\", null], [null, \"a/*b\"]]\n", HB_WRITE_JSON },
    { "flow", "[[\"a\\\"/*\", null], [null, \"a\\\"/*\"]]\n", HB_WRITE_JSON },
    /* '/' and '*' are colours in text: rows are never JSON, even where
     * a comment of them comes before what looks like JSON. */
    { "flow", "/*\n*/\n", HB_WRITE_NATIVE },
    { "flow", "/**/\n[[]]\n", HB_WRITE_NATIVE },
    { "flow", "/*.*/\n[[..]\n]....\n", HB_WRITE_NATIVE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const HbGame *game = hb_registry_find_game (cases[i].game);
      g_autoptr (GError) error = NULL;
      /* Named ".json" where it is JSON: a comment first is JSON so. */
      HbState *s = hb_registry_parse (game, cases[i].format == HB_WRITE_JSON ? "a.json" : "-",
                                      cases[i].text, strlen (cases[i].text), &error);

      g_test_message ("%s: %s", cases[i].game, cases[i].text);
      g_assert_no_error (error);
      g_assert_cmpint (hb_text_format (s, cases[i].text, strlen (cases[i].text)), ==,
                       cases[i].format);
      hb_state_free (s);
    }
  /* Loop's compact form, whatever it looks like, is told apart from the
   * rows it was written from. */
  {
    const HbGame *loop = hb_registry_find_game ("loop");
    const char *rows = "0110 0011\n1100 1001\n";
    HbState *s = loop->parse (rows, strlen (rows), NULL);
    g_autofree char *compact = loop->write (s, HB_WRITE_COMPACT, NULL);

    g_assert_nonnull (compact);
    g_assert_cmpstr (compact, !=, rows);
    g_assert_cmpint (hb_text_format (s, compact, strlen (compact)), ==, HB_WRITE_COMPACT);
    hb_state_free (s);
  }
}

/* A Tatham game ID is saved back as one (it was saved as rows, which
 * Tatham's programs do not read), and so is the level's file after Save
 * As; a level a Flip ID cannot hold (more than 4096 cells, which the
 * size fields never make) is saved as rows and the save says so. */
static void
test_save_keeps_format (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();
  GFile *net = write_file (f, "net.loop", "4x3:84dc77b848c4\n");
  GFile *flip = write_file (f, "flip.lights", "3x3:d074191345d1644c17058,160\n");
  GFile *copy = write_file (f, "copy.lights", "");
  g_autofree char *flip_path = g_file_get_path (flip);
  g_autoptr (GError) error = NULL;
  HbDocument *doc;
  char *back = NULL;

  g_assert_true (hb_app_test_load (window, net));
  back = save_and_read (window, net);
  g_assert_cmpstr (back, ==, "4x3:84dc77b848c4\n");
  g_clear_pointer (&back, g_free);

  g_assert_true (hb_app_test_load (window, flip));
  g_free (save_and_read (window, copy));
  back = save_and_read (window, copy);
  g_assert_cmpstr (back, ==, "3x3:d074191345d1644c17058,160\n");
  g_clear_pointer (&back, g_free);

  /* JSON with a note on top (json-glib skips it) is JSON: saved under
   * another name it stays JSON (it was written as rows, without a word). */
  {
    GFile *noted = write_file (f, "noted.json", "/* from the write-up */\n"
                               "[[\"red\", null], [null, \"red\"]]\n");
    GFile *plain = write_file (f, "plain.flow", "");

    g_assert_true (hb_app_test_load (window, noted));
    back = save_and_read (window, plain);
    g_assert_cmpint (back[0], ==, '[');
    g_assert_nonnull (strstr (back, "\"red\""));
    g_clear_pointer (&back, g_free);
    g_object_unref (noted);
    g_object_unref (plain);
  }
  hb_app_test_window_close (window);

  doc = hb_document_new ();
  hb_document_set_level (doc, hb_registry_find_game ("lights")->new_blank (65, 64), flip, NULL);
  hb_document_set_format (doc, HB_WRITE_TATHAM);
  g_assert_true (hb_document_save (doc, flip, &error));
  g_assert_no_error (error);
  g_assert_true (hb_document_get_format_lost (doc));
  g_assert_true (g_file_get_contents (flip_path, &back, NULL, NULL));
  g_assert_null (strchr (back, ':'));
  g_assert_true (g_str_has_prefix (back, "00000000000000000000"));
  g_clear_pointer (&back, g_free);
  /* The file is rows now: the next save writes rows without a word. */
  g_assert_true (hb_document_save (doc, flip, &error));
  g_assert_false (hb_document_get_format_lost (doc));
  g_object_unref (doc);

  g_object_unref (net);
  g_object_unref (flip);
  g_object_unref (copy);
}

/* The file's form goes with its level: a file of another game opened,
 * then a switch back, brings the ID's form back with the level (not the
 * other file's), and a level made after it (New) is saved in the game's
 * own. */
static void
test_format_follows_level (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();
  GFile *net = write_file (f, "net.loop", "4x3:84dc77b848c4\n");
  GFile *rows = write_file (f, "rows.lights", "101\n010\n101\n");
  GFile *made = write_file (f, "made.loop", "");
  char *back = NULL;

  g_assert_true (hb_app_test_load (window, net));
  g_assert_true (hb_app_test_load (window, rows));
  g_assert_true (hb_window_select_game (window, "loop"));
  hb_app_test_wait_hint (window);
  g_assert_true (hb_window_get_file (window) != NULL && g_file_equal (hb_window_get_file (window), net));
  back = save_and_read (window, net);
  g_assert_cmpstr (back, ==, "4x3:84dc77b848c4\n");
  g_clear_pointer (&back, g_free);

  hb_app_test_activate (window, "new", NULL);
  g_assert_null (hb_window_get_file (window));
  back = save_and_read (window, made);
  g_assert_null (strchr (back, ':'));
  g_clear_pointer (&back, g_free);

  g_object_unref (net);
  g_object_unref (rows);
  g_object_unref (made);
  hb_app_test_window_close (window);
}

/* A ".json" name makes that save JSON, not the file's form for later
 * saves, and a save that fails leaves the form alone: a Flow Free level
 * saved as .json then as .flow was JSON in the .flow, and a Save As to
 * .json that failed made the next Save of the .flow file JSON. A level
 * JSON cannot hold (a colour with one dot) is refused under a .json
 * name, as before, rather than written there as text. */
static void
test_save_json_name_format (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();
  const char *level = "R.G\n...\nR.G\n";
  const char *half = "# editing: a colour may lack its pair\nR.G\n...\nR..\n";
  GFile *flow = write_file (f, "level.flow", level);
  GFile *json = write_file (f, "level.json", "");
  GFile *again = write_file (f, "again.flow", "");
  GFile *half_file = write_file (f, "half.flow", half);
  g_autofree char *missing_path = g_build_filename (f->dir, "no-such-folder", "level.json", NULL);
  g_autofree char *half_json_path = g_build_filename (f->dir, "half.json", NULL);
  GFile *missing = g_file_new_for_path (missing_path);
  GFile *half_json = g_file_new_for_path (half_json_path);
  g_autoptr (GError) error = NULL;
  char *back = NULL;

  g_assert_true (hb_app_test_load (window, flow));
  g_assert_false (hb_app_test_save_level (window, missing, &error));
  g_clear_error (&error);
  back = save_and_read (window, flow);
  g_assert_cmpstr (back, ==, level);
  g_clear_pointer (&back, g_free);

  back = save_and_read (window, json);
  g_assert_cmpint (back[0], ==, '[');
  g_clear_pointer (&back, g_free);
  back = save_and_read (window, again);
  g_assert_cmpstr (back, ==, level);
  g_clear_pointer (&back, g_free);

  g_assert_true (hb_app_test_load (window, half_file));
  g_assert_false (hb_app_test_save_level (window, half_json, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_false (g_file_test (half_json_path, G_FILE_TEST_EXISTS));

  g_object_unref (flow);
  g_object_unref (json);
  g_object_unref (again);
  g_object_unref (half_file);
  g_object_unref (missing);
  g_object_unref (half_json);
  hb_app_test_window_close (window);
}

static void
test_save_and_reopen (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();
  char *path = g_build_filename (f->dir, "round.lights", NULL);
  char *bad_path = g_build_filename (f->dir, "no-such-folder", "x.lights", NULL);
  GFile *file = g_file_new_for_path (path);
  GFile *bad_file = g_file_new_for_path (bad_path);
  GError *error = NULL;
  HbState *saved;
  char *text = NULL;

  /* Enlight's, whatever game the test before left open (run after
   * save-keeps-format alone, the window opened on Flow Free). */
  g_assert_true (hb_window_select_game (window, "lights"));
  hb_window_set_mode (window, HB_MODE_EDIT);
  g_assert_false (hb_window_get_modified (window));
  g_assert_null (strstr (gtk_window_get_title (GTK_WINDOW (window)), "•"));

  hb_app_test_click_cell (window, 0, 0, 1);
  hb_app_test_click_cell (window, 2, 1, 1);
  g_assert_true (hb_window_get_modified (window));
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)), "•"));

  g_assert_true (hb_app_test_save_level (window, file, &error));
  g_assert_no_error (error);
  g_assert_false (hb_window_get_modified (window));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "round.lights");
  saved = hb_state_copy (hb_window_get_state (window));

  /* What is on disk reads back, with an independent parser, as the board. */
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  {
    const LightsState *s = LIGHTS_CONST (saved);
    char **lines = g_strsplit (text, "\n", -1);
    int row = 0;
    for (int i = 0; lines[i] != NULL; i++)
      {
        const char *l = lines[i];
        if (l[0] == '\0' || l[0] == '#')
          continue;
        g_assert_cmpint (row, <, saved->height);
        g_assert_cmpint ((int) strlen (l), ==, saved->width);
        for (int x = 0; x < saved->width; x++)
          g_assert_cmpint (l[x] == '1', ==, s->cells[row * saved->width + x]);
        row++;
      }
    g_assert_cmpint (row, ==, saved->height);
    g_strfreev (lines);
  }
  g_free (text);

  /* A change, then a save that fails: nothing is lost, the level stays
   * modified and keeps its file. */
  hb_app_test_click_cell (window, 4, 4, 1);
  g_assert_true (hb_window_get_modified (window));
  g_assert_false (hb_app_test_save_level (window, bad_file, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_true (hb_window_get_modified (window));
  g_assert_true (g_file_equal (hb_window_get_file (window), file));
  g_assert_false (hb_window_get_game (window)->equal (saved, hb_window_get_state (window)));

  /* Nor over a file made read-only (it was replaced without a word) or
   * a pipe (a level read from a FIFO: the window blocked until something
   * read it); both say to use Save As, and leave the target alone. */
  {
    g_autofree char *ro = g_build_filename (f->dir, "ro.lights", NULL);
    g_autofree char *fifo = g_build_filename (f->dir, "fifo.lights", NULL);
    g_autofree char *back = NULL;
    GFile *ro_file = g_file_new_for_path (ro);
    GFile *fifo_file = g_file_new_for_path (fifo);

    g_assert_true (g_file_set_contents (ro, "101\n", -1, NULL));
    g_assert_cmpint (g_chmod (ro, 0444), ==, 0);
    g_assert_false (hb_app_test_save_level (window, ro_file, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_READ_ONLY);
    g_assert_nonnull (strstr (error->message, "is read-only: save the level under another name"));
    g_clear_error (&error);
    g_assert_true (g_file_get_contents (ro, &back, NULL, NULL));
    g_assert_cmpstr (back, ==, "101\n");
    g_assert_cmpint (mkfifo (fifo, 0644), ==, 0);
    g_assert_false (hb_app_test_save_level (window, fifo_file, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
    g_clear_error (&error);
    g_assert_true (hb_window_get_modified (window));
    g_chmod (ro, 0644);
    g_object_unref (ro_file);
    g_object_unref (fifo_file);
  }

  /* Reopening reads back exactly the saved board. */
  g_assert_true (hb_app_test_load (window, file));
  g_assert_true (hb_window_get_game (window)->equal (saved, hb_window_get_state (window)));
  g_assert_false (hb_window_get_modified (window));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "round.lights");

  /* Undoing back to the saved board is not a change. */
  hb_app_test_click_cell (window, 1, 1, 1);
  g_assert_true (hb_window_get_modified (window));
  hb_app_test_activate (window, "undo", NULL);
  hb_app_test_settle (30);
  g_assert_false (hb_window_get_modified (window));

  hb_state_free (saved);
  g_object_unref (file);
  g_object_unref (bad_file);
  g_free (path);
  g_free (bad_path);
  hb_app_test_window_close (window);
}

static gboolean
both_opened (gpointer data)
{
  HbAppTestOpened *o = data;
  return o[0].done && o[1].done;
}

/* Opening runs on a worker thread: a newer open cancels an older one, and
 * Escape (win.cancel) cancels an open in flight; a cancelled open never
 * changes the level. */
static void
test_open_cancel (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();
  char *pa = g_build_filename (f->dir, "a.lights", NULL);
  char *pb = g_build_filename (f->dir, "b.lights", NULL);
  GFile *a, *b;
  HbState *before;
  HbAppTestOpened o[2] = { { 0 } };

  g_assert_true (g_file_set_contents (pa, "111\n111\n", -1, NULL));
  g_assert_true (g_file_set_contents (pb, "0000\n0100\n", -1, NULL));
  a = g_file_new_for_path (pa);
  b = g_file_new_for_path (pb);

  /* A then B at once: B wins, A reports cancelled. */
  hb_window_load_file_async (window, a, hb_app_test_opened, &o[0]);
  g_assert_true (hb_window_is_loading (window));
  hb_window_load_file_async (window, b, hb_app_test_opened, &o[1]);
  hb_app_test_wait (both_opened, o, 30000, "both opens to finish");
  g_assert_false (o[0].ok);
  g_assert_error (o[0].error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_true (o[1].ok);
  g_assert_false (hb_window_is_loading (window));
  g_assert_true (g_file_equal (hb_window_get_file (window), b));
  g_assert_cmpint (hb_window_get_state (window)->width, ==, 4);
  g_clear_error (&o[0].error);

  /* Escape while A is opening: the level stays B. */
  before = hb_state_copy (hb_window_get_state (window));
  memset (o, 0, sizeof o);
  o[1].done = TRUE;
  hb_window_load_file_async (window, a, hb_app_test_opened, &o[0]);
  hb_app_test_activate (window, "cancel", NULL);
  hb_app_test_wait (both_opened, o, 30000, "the cancelled open to finish");
  g_assert_false (o[0].ok);
  g_assert_error (o[0].error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&o[0].error);
  g_assert_true (hb_window_get_game (window)->equal (before, hb_window_get_state (window)));
  g_assert_true (g_file_equal (hb_window_get_file (window), b));

  hb_state_free (before);
  g_object_unref (a);
  g_object_unref (b);
  g_unlink (pa);
  g_unlink (pb);
  g_free (pa);
  g_free (pb);
  hb_app_test_window_close (window);
}

/* For hb_app_test_wait: the window's toast says it opens the file named
 * in its "hb-test-opening". */
static gboolean
says_opening (gpointer data)
{
  g_autofree char *want = g_strdup_printf ("Opening “%s”…",
                                           (const char *) g_object_get_data (data, "hb-test-opening"));

  return g_strcmp0 (hb_window_get_last_toast (data), want) == 0;
}

/* Opens a FIFO named `name` in `dir` (nobody writes it: the open waits)
 * and waits for its "Opening…" toast; o[0] gets the answer. Returns the
 * FIFO's path. */
static char *
open_fifo (HbWindow *window, const char *dir, const char *name, HbAppTestOpened o[2])
{
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *what = g_strdup_printf ("“Opening “%s”…”", name);

  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  o[1].done = TRUE;
  g_object_set_data_full (G_OBJECT (window), "hb-test-opening", g_strdup (name), g_free);
  hb_window_load_file_async (window, file, hb_app_test_opened, &o[0]);
  /* The toast shows after 300 ms: waited for, not a fixed time. */
  hb_app_test_wait (says_opening, window, 20000, what);
  return path;
}

/* The open of o[0] ended cancelled and the level is still `before`. */
static void
assert_open_cancelled (HbWindow *window, HbAppTestOpened o[2], const HbState *before)
{
  g_assert_false (o[0].ok);
  g_assert_error (o[0].error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&o[0].error);
  g_assert_true (hb_window_get_game (window)->equal (before, hb_window_get_state (window)));
  g_assert_false (hb_window_is_loading (window));
}

static gboolean
pointer_is_null (gpointer data)
{
  return *(gpointer *) data == NULL;
}

/* Escape pressed on the keyboard while a slow open shows its "Opening…"
 * toast: the toast overlay took Escape to dismiss the toast, and the open
 * went on unseen, so a FIFO written to a minute later replaced the level.
 * The key now cancels the open: the FIFO is let go (nobody reads it) and
 * the level stays. */
static void
test_open_cancel_by_key (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();
  HbState *before = hb_state_copy (hb_window_get_state (window));
  HbAppTestOpened o[2] = { { 0 } };
  g_autofree char *path = NULL;
  int fd, err;

  hb_app_test_x_focus (GTK_WINDOW (window));
  path = open_fifo (window, f->dir, "slow.flow", o);
  g_assert_true (hb_window_is_loading (window));
  if (!hb_app_test_x_key (GTK_WIDGET (window), GDK_KEY_Escape))
    {
      g_test_skip ("no X11 display with XTest");
      hb_window_cancel_load (window);
    }
  /* The key goes through the X server, and the worker lets the FIFO go
   * as it ends: waited for (a fixed 200 ms could find it still open). */
  hb_app_test_wait (both_opened, o, 30000, "the open to end");
  /* A writer now: with the open cancelled nobody reads (ENXIO). */
  fd = open (path, O_WRONLY | O_NONBLOCK);
  err = fd < 0 ? errno : 0;
  if (fd >= 0)
    {
      g_assert_cmpint (write (fd, "R..R\n", 5), ==, 5);
      close (fd);
    }
  assert_open_cancelled (window, o, before);
  g_assert_cmpint (err, ==, ENXIO);
  hb_state_free (before);
  g_unlink (path);
  hb_app_test_window_close (window);
}

/* The "Opening…" toast's × is Cancel too: it only took the toast away,
 * and the open went on unseen, its answer (a dialog about a picture) coming
 * seconds later out of nowhere (review). AdwToast's × is its dismiss. */
static void
test_open_cancel_by_close (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();
  HbState *before = hb_state_copy (hb_window_get_state (window));
  HbAppTestOpened o[2] = { { 0 } };
  g_autofree char *path = open_fifo (window, f->dir, "slow2.flow", o);
  int fd;

  g_assert_nonnull (window->load_toast.toast);
  adw_toast_dismiss (window->load_toast.toast);
  hb_app_test_wait (both_opened, o, 30000, "the open to end");
  assert_open_cancelled (window, o, before);
  g_assert_null (window->load_toast.toast);
  /* Nobody reads the FIFO now (ENXIO). */
  fd = open (path, O_WRONLY | O_NONBLOCK);
  g_assert_cmpint (fd, <, 0);
  g_assert_cmpint (errno, ==, ENXIO);
  hb_state_free (before);
  g_unlink (path);
  hb_app_test_window_close (window);
}

/* A level brought in while an open reads (New, a game switch) stops
 * the open, as a newer open does: read later, the file came in over the
 * level the user had gone on to, without a question when that level
 * had nothing unsaved (a screenshot read for seconds replaced the level
 * being played). The FIFO is written to after the level came in: the
 * open, had it gone on, would read a level from it. */
static void
test_open_stopped_by_level (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();

  for (int how = 0; how < 2; how++)
    {
      HbAppTestOpened o[2] = { { 0 } };
      g_autofree char *name = g_strdup_printf ("late%d.lights", how);
      g_autofree char *path = open_fifo (window, f->dir, name, o);
      HbState *now;
      int fd;

      g_assert_true (hb_window_is_loading (window));
      if (how == 0)
        hb_app_test_activate (window, "new", NULL);
      else
        g_assert_true (hb_window_select_game (window, "loop"));
      now = hb_state_copy (hb_window_get_state (window));
      fd = open (path, O_WRONLY | O_NONBLOCK);
      if (fd >= 0)
        {
          g_assert_cmpint (write (fd, "111\n111\n", 8), ==, 8);
          close (fd);
        }
      hb_app_test_wait (both_opened, o, 30000, "the open to end");
      hb_app_test_settle (50);
      assert_open_cancelled (window, o, now);
      g_assert_null (hb_window_get_file (window));
      hb_state_free (now);
      g_unlink (path);
    }
  hb_app_test_window_close (window);
  hb_app_test_reset_last_game ();
}

/* A bundled level opened from its file is that level: Next Level goes on
 * from it and its win ticks it (it was a stranger by its file name); a
 * file of another board is none. */
static void
test_open_bundled_file (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "levels",
                                                 "loop-02-4x4.loop", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *other = g_build_filename (f->dir, "other.lights", NULL);
  g_autoptr (GFile) ofile = g_file_new_for_path (other);

  g_assert_true (hb_app_test_load (window, file));
  g_assert_cmpstr (window->level_key, ==, "loop/loop-02-4x4.loop");
  g_assert_true (hb_window_get_action_enabled (window, "next-level"));
  g_assert_true (g_file_set_contents (other, "101\n000\n", -1, NULL));
  g_assert_true (hb_app_test_load (window, ofile));
  g_assert_null (window->level_key);
  g_assert_false (hb_window_get_action_enabled (window, "next-level"));
  g_unlink (other);
  hb_app_test_window_close (window);
}

/* Closing a window while its Open or Export dialog is up destroys the
 * dialog with it: nothing may touch the closed window afterwards (run the
 * suite under AddressSanitizer to see it). */
static void
test_close_with_dialog (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();

  hb_app_test_activate (window, "open", NULL);
  hb_app_test_settle (100);
  hb_app_test_window_close (window);
  hb_app_test_settle (100);
}

/* A save that leaves out more than one thing says all of them in its
 * toast: the first in its own words, the others as sentences after it
 * (the toast said only the first: the moves played hid the comments
 * left out). Then a save that leaves out nothing says nothing. */
static void
test_save_says_all_left_out (Fixture *f, gconstpointer data)
{
  static const struct { const char *name, *said; gboolean ro; } cases[] = {
    { "both.lights", "Saved the level as drawn: the moves played are not saved. "
                     "Comment lines after the first 4,096 were left out", FALSE },
    /* In Romanian too, joined as translated. */
    { "both-ro.lights", "S-a salvat nivelul așa cum a fost desenat: mutările jucate nu se "
                        "salvează. Rândurile de comentariu de după primele 4.096 au fost omise",
      TRUE },
  };
  HbWindow *window = hb_app_test_window_new ();
  g_autoptr (GString) many = g_string_new (NULL);

  for (int i = 0; i < HB_DOCUMENT_MAX_COMMENTS + 2; i++)
    g_string_append_printf (many, "# note %d\n", i);
  g_string_append (many, "010\n111\n010\n");
  for (gsize k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      GFile *lights = write_file (f, cases[k].name, many->str);
      g_autofree char *back = NULL;

      g_assert_true (hb_app_test_load (window, lights));
      hb_window_set_mode (window, HB_MODE_PLAY);
      hb_app_test_click_cell (window, 0, 0, 1);
      if (cases[k].ro && !hb_test_romanian ())
        {
          g_object_unref (lights);
          break;
        }
      back = save_and_read (window, lights);
      if (cases[k].ro)
        hb_test_romanian_end ();
      g_assert_nonnull (strstr (back, "# note 4095\n"));
      g_assert_null (strstr (back, "# note 4096\n"));
      g_assert_true (g_str_has_suffix (back, "\n010\n111\n010\n"));
      g_assert_cmpstr (hb_window_get_last_toast (window), ==, cases[k].said);
      /* Restarted, the comments past the cap forgotten: nothing to say. */
      hb_window_show_toast (window, "before");
      hb_app_test_activate (window, "restart", NULL);
      g_free (save_and_read (window, lights));
      g_assert_cmpstr (hb_window_get_last_toast (window), ==, "before");
      hb_window_set_mode (window, HB_MODE_EDIT);
      g_object_unref (lights);
    }
  hb_app_test_window_close (window);
}

/* A comment line that no longer holds (Flow Free's "# path:" gone stale),
 * said after another note of the same save: "that no longer held", not
 * "no longer held", which after "the moves played are not saved" or "the
 * file's format cannot hold this level" read as lines the format no longer
 * held, when the line is left out because it is no longer true. */
static void
test_save_says_stale_comment_after (Fixture *f, gconstpointer data)
{
  static const char *const said[] = {
    "Saved the level as drawn: the moves played are not saved. "
    "1 comment line that no longer held was left out",
    /* In Romanian too: the message's translation follows its new words. */
    "S-a salvat nivelul așa cum a fost desenat: mutările jucate nu se salvează. "
    "1 rând de comentariu care nu mai era valabil a fost omis",
  };
  HbWindow *window = hb_app_test_window_new ();
  g_autoptr (GFile) file = write_file (f, "stale.flow", "# my notes\nR..R\nG..G\n");
  /* Red's dot at (0, 0) joined east (colour 0 in value >> 2): a play
   * move. */
  HbMove link = { FLOW_OP_LINK, 0, 0, (0 << 2) | HB_DIR_E };

  for (int ro = 0; ro < 2; ro++)
    {
      g_autofree char *back = NULL;

      g_assert_true (hb_app_test_load (window, file));
      /* A path line that the level no longer has, as one read with the
       * file is once its paths are cleared (test_comments_line_by_line). */
      hb_document_take_comments (window->document,
                                 g_strdupv ((char *[]) { "# my notes", "# path: R2RaR8R0",
                                                         NULL }), 0);
      hb_window_set_mode (window, HB_MODE_PLAY);
      g_assert_true (hb_document_apply_moves (window->document, &link, 1, TRUE));
      g_assert_cmpuint (hb_document_play_depth (window->document), >, 0);
      if (ro && !hb_test_romanian ())
        break;
      back = save_and_read (window, file);
      if (ro)
        hb_test_romanian_end ();
      g_assert_cmpstr (back, ==, "# my notes\nR..R\nG..G\n");
      g_assert_cmpstr (hb_window_get_last_toast (window), ==, said[ro]);
      hb_window_set_mode (window, HB_MODE_EDIT);
    }
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_window_close (window);
}

/* A Flow Free JSON level's comments, said after the moves played not
 * saved: with their reason, as when said alone (the second sentence was
 * "The file’s ... comments were left out", why left to be guessed). */
static void
test_save_says_json_comments_after (Fixture *f, gconstpointer data)
{
  static const char *const said[] = {
    "Saved the level as drawn: the moves played are not saved. "
    "The file’s /* */ comments were left out: no format Hintboard writes holds them",
    "S-a salvat nivelul așa cum a fost desenat: mutările jucate nu se salvează. "
    "Comentariile /* */ ale fișierului au fost omise: niciun format scris de Hintboard "
    "nu le păstrează",
  };
  HbWindow *window = hb_app_test_window_new ();
  g_autoptr (GFile) json = NULL;
  /* Red's dot at (0, 0) joined east: a play move. */
  HbMove link = { FLOW_OP_LINK, 0, 0, (0 << 2) | HB_DIR_E };

  for (int ro = 0; ro < 2; ro++)
    {
      g_autofree char *back = NULL;

      g_clear_object (&json);
      json = write_file (f, "notes.json", "/* my notes */\n[[\"red\", null, \"red\"],\n"
                                          " [\"blue\", null, \"blue\"]]\n");
      g_assert_true (hb_app_test_load (window, json));
      hb_window_set_mode (window, HB_MODE_PLAY);
      g_assert_true (hb_document_apply_moves (window->document, &link, 1, TRUE));
      g_assert_cmpuint (hb_document_play_depth (window->document), >, 0);
      if (ro && !hb_test_romanian ())
        break;
      back = save_and_read (window, json);
      if (ro)
        hb_test_romanian_end ();
      g_assert_null (strstr (back, "my notes"));
      g_assert_cmpstr (hb_window_get_last_toast (window), ==, said[ro]);
      hb_window_set_mode (window, HB_MODE_EDIT);
    }
  hb_app_test_window_close (window);
}

/* Whatever a save left out together, each note keeps its reason in the
 * joined toast, in its place (the file's kind, the moves, the comment
 * lines, the JSON comments, the lines past the cap), in English and in
 * Romanian. */
static void
test_save_left_out_reasons (void)
{
  /* Each note's reason, as the first sentence and after another says it. */
  static const char *const reasons[2][5] = {
    { "the file’s format cannot hold this level", "as drawn", "no longer held",
      "no format Hintboard writes holds them", "after the first 4,096" },
    { "formatul fișierului nu poate cuprinde acest nivel", "așa cum a fost desenat",
      "nu mai er", "niciun format scris de Hintboard nu le păstrează", "după primele 4.096" },
  };

  for (int ro = 0; ro < 2; ro++)
    {
      if (ro && !hb_test_romanian ())
        return;
      for (guint set = 0; set < 32; set++)
        {
          g_autofree char *text
            = hb_window_left_out_text (set & 1, (set & 2) != 0, set & 4 ? 2 : 0,
                                       (set & 8 ? HB_COMMENTS_UNKEPT_JSON : 0)
                                       | (set & 16 ? HB_COMMENTS_UNKEPT_PAST_CAP : 0));
          const char *from;
          guint n = 0;

          if (set == 0)
            {
              g_assert_null (text);
              continue;
            }
          g_assert_nonnull (text);
          from = text;
          for (int k = 0; k < 5; k++)
            if (set & (1u << k))
              {
                const char *at = strstr (from, reasons[ro][k]);

                if (at == NULL)
                  g_error ("“%s” does not say “%s” after what comes before it",
                           text, reasons[ro][k]);
                from = at + strlen (reasons[ro][k]);
                n++;
              }
          /* One sentence a note, the first saying "Saved". */
          for (const char *c = strstr (text, ". "); c != NULL; c = strstr (c + 2, ". "))
            n--;
          g_assert_cmpuint (n, ==, 1);
          g_assert_true (g_str_has_prefix (text, ro ? "S" : "Saved"));
        }
      if (ro)
        hb_test_romanian_end ();
    }
}

/* Playing a level is progress, not a change of it: no mark in the title,
 * nothing asked on closing, and a save writes the level as drawn (it used
 * to write the played board over the puzzle), and says so. An edit after
 * playing is a change of the level as drawn (Edit shows it without the
 * moves played). */
static void
test_play_is_progress (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();
  g_autofree char *path = g_build_filename (f->dir, "p.lights", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  const HbGame *lights = hb_registry_find_game ("lights");
  HbState *level, *played, *edited;
  GError *error = NULL;

  g_assert_true (g_file_set_contents (path, "10001\n01010\n00100\n01010\n10001\n", -1, NULL));
  g_assert_true (hb_app_test_load (window, file));
  level = hb_state_copy (hb_window_get_state (window));
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_click_cell (window, 2, 2, 1);
  hb_app_test_click_cell (window, 0, 4, 1);
  g_assert_false (lights->equal (level, hb_window_get_state (window)));
  g_assert_false (hb_window_get_modified (window));
  g_assert_null (strstr (gtk_window_get_title (GTK_WINDOW (window)), "•"));

  /* Saved while played: the file holds the level, the board keeps its
   * progress. */
  played = hb_state_copy (hb_window_get_state (window));
  g_assert_true (hb_app_test_save_level (window, file, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (hb_window_get_last_toast (window), ==,
                   "Saved the level as drawn: the moves played are not saved");
  g_assert_true (lights->equal (played, hb_window_get_state (window)));
  /* After a Restart no moves show: nothing to say (it said they were
   * not saved). */
  hb_app_test_activate (window, "restart", NULL);
  hb_window_show_toast (window, "-");
  g_assert_true (hb_app_test_save_level (window, file, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (hb_window_get_last_toast (window), ==, "-");
  g_assert_true (hb_app_test_load (window, file));
  g_assert_true (lights->equal (level, hb_window_get_state (window)));

  /* Played, then edited: a change, saved as the board now shows. */
  hb_app_test_click_cell (window, 2, 2, 1);
  hb_window_set_mode (window, HB_MODE_EDIT);
  g_assert_true (lights->equal (level, hb_window_get_state (window)));
  hb_app_test_click_cell (window, 4, 0, 1);
  g_assert_true (hb_window_get_modified (window));
  edited = hb_state_copy (hb_window_get_state (window));
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_click_cell (window, 1, 1, 1);
  g_assert_true (hb_window_get_modified (window));
  g_assert_true (hb_app_test_save_level (window, file, &error));
  g_assert_no_error (error);
  g_assert_false (hb_window_get_modified (window));
  g_assert_true (hb_app_test_load (window, file));
  g_assert_true (lights->equal (edited, hb_window_get_state (window)));

  hb_state_free (level);
  hb_state_free (played);
  hb_state_free (edited);
  hb_app_test_window_close (window);
}

/* Whether file filter f lets the user pick a file called `name` of
 * content type `type`, as the file chooser asks it. */
static gboolean
filter_shows (GtkFileFilter *f, const char *name, const char *type)
{
  g_autoptr(GFileInfo) info = g_file_info_new ();

  g_file_info_set_display_name (info, name);
  g_file_info_set_content_type (info, type);
  return gtk_filter_match (GTK_FILTER (f), info);
}

/* Open starts on a filter that shows levels and screenshots alike: a
 * picture needs no change of filter (it used to stay hidden, and typed
 * in, Open did nothing). */
static void
test_open_dialog_filters (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkNativeDialog *dialog;
  g_autoptr(GListModel) filters = NULL;
  g_autoptr(GtkFileFilter) first = NULL;

  hb_app_test_activate (window, "open", NULL);
  hb_app_test_settle (100);
  dialog = hb_window_get_file_dialog (window);
  g_assert_nonnull (dialog);
  filters = gtk_file_chooser_get_filters (GTK_FILE_CHOOSER (dialog));
  g_assert_cmpuint (g_list_model_get_n_items (filters), >, 1);
  first = g_list_model_get_item (filters, 0);
  g_assert_true (filter_shows (first, "a.flow", "application/octet-stream"));
  g_assert_true (filter_shows (first, "a.lights", "text/plain"));
  g_assert_true (filter_shows (first, "shot.jpg", "image/jpeg"));
  g_assert_true (filter_shows (first, "shot.PNG", "image/png"));
  g_assert_true (filter_shows (first, "shot.webp", "image/webp"));
  g_assert_false (filter_shows (first, "notes.txt", "text/plain"));
  hb_app_test_window_close (window);
  hb_app_test_settle (100);
}

/* The message dialogs headed `heading` showing for `window`: how many,
 * and the first in *first (NULL when none). */
static guint
headed_dialogs (HbWindow *window, const char *heading, AdwMessageDialog **first)
{
  GListModel *tops = gtk_window_get_toplevels ();
  guint n = 0;

  *first = NULL;
  for (guint i = 0; i < g_list_model_get_n_items (tops); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (tops, i);
      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_window_get_transient_for (w) == GTK_WINDOW (window)
          && gtk_widget_get_visible (GTK_WIDGET (w))
          && g_strcmp0 (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (w)), heading) == 0)
        {
          if (n++ == 0)
            *first = ADW_MESSAGE_DIALOG (w);
        }
    }
  return n;
}

/* The Save Changes? dialog that closing a changed level asks. */
static AdwMessageDialog *
find_save_dialog (HbWindow *window)
{
  AdwMessageDialog *first;

  headed_dialogs (window, "Save Changes?", &first);
  return first;
}

/* How many Save Changes? dialogs show for `window`. */
static guint
count_save_dialogs (HbWindow *window)
{
  AdwMessageDialog *first;

  return headed_dialogs (window, "Save Changes?", &first);
}

/* A cell drawn in Edit, so the level has unsaved changes that are asked
 * about; returns the level as drawn. */
static HbState *
draw_unsaved (HbWindow *window)
{
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_click_cell (window, 1, 1, 1);
  g_assert_true (hb_window_get_modified (window));
  hb_window_set_ask_to_save (window, TRUE);
  return hb_state_copy (hb_window_get_state (window));
}

/* Clicks the dialog's button labelled `label`, as the user would. */
static void
click_response (AdwMessageDialog *dialog, const char *label)
{
  GtkWidget *w = GTK_WIDGET (dialog);
  GPtrArray *todo = g_ptr_array_new ();

  g_ptr_array_add (todo, w);
  while (todo->len > 0)
    {
      GtkWidget *x = g_ptr_array_steal_index (todo, todo->len - 1);
      if (GTK_IS_BUTTON (x) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (x)), label) == 0)
        {
          g_ptr_array_free (todo, TRUE);
          g_signal_emit_by_name (x, "clicked");
          return;
        }
      for (GtkWidget *c = gtk_widget_get_first_child (x); c; c = gtk_widget_get_next_sibling (c))
        g_ptr_array_add (todo, c);
    }
  g_error ("no button %s in the dialog", label);
}

/* Each of the dialog's answers has an access key of its own: two on one
 * letter (Could Not Save's "_Cancel" and "_Choose Another Name") made
 * Alt+C move the focus between them, answering nothing. */
static void
assert_own_access_keys (AdwMessageDialog *dialog)
{
  g_autoptr (GPtrArray) todo = g_ptr_array_new ();
  g_autoptr (GString) keys = g_string_new (NULL);
  /* Each answer has a button in a row and another in a column (the
   * dialog shows the one that fits). */
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  g_ptr_array_add (todo, dialog);
  while (todo->len > 0)
    {
      GtkWidget *x = g_ptr_array_steal_index (todo, todo->len - 1);
      const char *label = GTK_IS_BUTTON (x) ? gtk_button_get_label (GTK_BUTTON (x)) : NULL;
      const char *mark = label != NULL && gtk_button_get_use_underline (GTK_BUTTON (x))
                         ? strchr (label, '_') : NULL;

      if (mark != NULL && mark[1] != '\0' && g_hash_table_add (seen, (gpointer) label))
        {
          char key = g_ascii_tolower (mark[1]);

          if (strchr (keys->str, key) != NULL)
            g_error ("“%s” shares its access key %c with another answer", label, key);
          g_string_append_c (keys, key);
        }
      for (GtkWidget *c = gtk_widget_get_first_child (x); c; c = gtk_widget_get_next_sibling (c))
        g_ptr_array_add (todo, c);
    }
  g_assert_cmpuint (keys->len, >=, 2);
}

/* Activates `action` and answers the Save Changes? question it asks:
 * Cancel, or Discard. */
static void
answer_save_question (HbWindow *window, const char *action, gboolean discard)
{
  AdwMessageDialog *dialog;

  hb_app_test_activate (window, action, NULL);
  hb_app_test_settle (50);
  dialog = find_save_dialog (window);
  g_assert_nonnull (dialog);
  click_response (dialog, discard ? "_Discard" : "_Cancel");
}

/* New's toast's Undo asks about the new level's changes first; Cancel
 * there keeps the offer (it threw it away: review), Discard takes it. */
static void
test_new_undo_asks (void)
{
  HbWindow *window = hb_app_test_window_new ();
  HbState *played;

  hb_app_test_open_text (window, "asks.lights", "110\n111\n010\n");
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_click_cell (window, 2, 2, 1);
  played = hb_state_copy (hb_window_get_state (window));
  hb_app_test_activate (window, "new", NULL);
  hb_app_test_settle (50);
  g_assert_cmpstr (hb_window_get_last_toast (window), ==, "New blank level");
  hb_state_free (draw_unsaved (window));
  for (int round = 0; round < 2; round++)
    {
      answer_save_question (window, "back-level", round == 1);
      hb_app_test_settle (50);
      g_assert_cmpint (round == 1, ==,
                       hb_window_get_game (window)->equal (played, hb_window_get_state (window)));
    }
  g_assert_cmpint (hb_window_get_mode (window), ==, HB_MODE_PLAY);
  hb_state_free (played);
  hb_window_set_ask_to_save (window, FALSE);
  hb_app_test_window_close (window);
}

static void
then_not_run (HbWindow *window, gpointer data)
{
  g_error ("what waited on a Save As ran after its window closed");
}

/* Closing a window while the Save As that Save Changes? led to is up
 * drops what waited on it, and the dialog: both were kept for ever (the
 * dialog was destroyed but never unreferenced, and the pending action
 * lived in it). */
static void
test_close_with_save_as (void)
{
  HbWindow *window = hb_app_test_window_new ();
  GObject *waiting = g_object_new (G_TYPE_OBJECT, NULL);
  GtkNativeDialog *chooser;
  AdwMessageDialog *question;

  hb_app_test_activate (window, "new", NULL);
  hb_app_test_settle (50);
  g_assert_null (hb_document_get_file (window->document));
  hb_state_free (draw_unsaved (window));
  g_object_add_weak_pointer (waiting, (gpointer *) &waiting);
  hb_window_maybe_discard (window, then_not_run, waiting, g_object_unref);
  hb_app_test_settle (50);
  question = find_save_dialog (window);
  g_assert_nonnull (question);
  /* An untitled level: Save asks where, in Save As. */
  click_response (question, "_Save");
  hb_app_test_settle (100);
  chooser = hb_window_get_file_dialog (window);
  g_assert_nonnull (chooser);
  g_object_add_weak_pointer (G_OBJECT (chooser), (gpointer *) &chooser);
  g_assert_nonnull (waiting);

  hb_app_test_window_close (window);
  hb_app_test_wait (pointer_is_null, &waiting, 20000, "what waited to be dropped");
  hb_app_test_wait (pointer_is_null, &chooser, 20000, "the dialog to be dropped");
}

/* Closing a changed level asks first; Cancel keeps the window, Discard
 * closes it, and the dialog's own work after its answer touches no
 * finalised object (with fatal warnings, a stale signal disconnect would
 * end the test). */
static void
test_close_asks (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();
  AdwMessageDialog *dialog;

  hb_state_free (draw_unsaved (window));

  gtk_window_close (GTK_WINDOW (window));
  hb_app_test_settle (50);
  dialog = find_save_dialog (window);
  g_assert_nonnull (dialog);
  click_response (dialog, "_Cancel");
  hb_app_test_settle (50);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_true (hb_window_get_modified (window));

  gtk_window_close (GTK_WINDOW (window));
  hb_app_test_settle (50);
  dialog = find_save_dialog (window);
  g_assert_nonnull (dialog);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  click_response (dialog, "_Discard");
  /* Closed and gone. */
  hb_app_test_wait (pointer_is_null, &window, 20000, "the window to be freed");
}

/* Save over the level's own file made read-only since it was opened
 * refuses it and asks for another name, as Save As does (it said "save
 * the level under another name" with only Close), and so does the Save
 * Changes? question's Save, its close waiting on that name: Cancel
 * there keeps the window, the level and its changes. */
static void
test_save_refused_asks_name (Fixture *f, gconstpointer data)
{
  g_autoptr (GFile) file = write_file (f, "mine.lights", "010\n111\n010\n");
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *before = NULL, *after = NULL;
  HbWindow *window = hb_app_test_window_new ();
  AdwMessageDialog *dialog;

  g_assert_true (hb_app_test_load (window, file));
  hb_state_free (draw_unsaved (window));
  g_assert_cmpint (g_chmod (path, 0444), ==, 0);
  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));

  hb_app_test_activate (window, "save", NULL);
  hb_app_test_wait_saved (window);
  hb_app_test_settle (50);
  g_assert_cmpuint (headed_dialogs (window, "Could Not Save the Level", &dialog), ==, 1);
  g_assert_true (adw_message_dialog_has_response (dialog, "rename"));
  g_assert_cmpstr (g_object_get_data (G_OBJECT (dialog), "hb-name"), ==, "mine.lights");
  assert_own_access_keys (dialog);
  click_response (dialog, "_Cancel");
  hb_app_test_settle (50);
  g_assert_true (hb_window_get_modified (window));

  gtk_window_close (GTK_WINDOW (window));
  hb_app_test_settle (50);
  dialog = find_save_dialog (window);
  g_assert_nonnull (dialog);
  click_response (dialog, "_Save");
  hb_app_test_wait_saved (window);
  hb_app_test_settle (50);
  g_assert_cmpuint (headed_dialogs (window, "Could Not Save the Level", &dialog), ==, 1);
  g_assert_true (adw_message_dialog_has_response (dialog, "rename"));
  click_response (dialog, "_Cancel");
  hb_app_test_settle (50);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_true (hb_window_get_modified (window));
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpint (g_chmod (path, 0644), ==, 0);
  hb_window_set_ask_to_save (window, FALSE);
  hb_app_test_window_close (window);
}

/* A file another program wrote since the level was opened or saved is
 * asked about before Save writes over it (it was written over without a
 * word, that program's work lost): Cancel leaves both as they are, Save
 * Anyway writes, and the next Save asks nothing. An unchanged level's
 * Save says "Nothing to save" only while the file is as it was read; the
 * Save Changes? question's Save asks too, Cancel there keeping the
 * window. */
static void
test_save_changed_on_disk (Fixture *f, gconstpointer data)
{
  g_autoptr (GFile) file = write_file (f, "mine.lights", "010\n111\n010\n");
  g_autofree char *path = g_file_get_path (file);
  HbWindow *window = hb_app_test_window_new ();
  AdwMessageDialog *dialog;
  char *text = NULL;

  g_assert_true (hb_app_test_load (window, file));
  hb_state_free (draw_unsaved (window));
  g_assert_true (g_file_set_contents (path, "# theirs\n111\n111\n111\n", -1, NULL));

  hb_app_test_activate (window, "save", NULL);
  hb_app_test_wait_saved (window);
  hb_app_test_settle (50);
  g_assert_cmpuint (headed_dialogs (window, "File Changed on Disk", &dialog), ==, 1);
  assert_own_access_keys (dialog);
  click_response (dialog, "_Cancel");
  hb_app_test_settle (50);
  g_assert_true (hb_window_get_modified (window));
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "# theirs\n111\n111\n111\n");
  g_clear_pointer (&text, g_free);

  hb_app_test_activate (window, "save", NULL);
  hb_app_test_wait_saved (window);
  hb_app_test_settle (50);
  g_assert_cmpuint (headed_dialogs (window, "File Changed on Disk", &dialog), ==, 1);
  click_response (dialog, "_Save Anyway");
  hb_app_test_wait_saved (window);
  hb_app_test_settle (50);
  g_assert_false (hb_window_get_modified (window));
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_cmpstr (text, !=, "# theirs\n111\n111\n111\n");
  g_clear_pointer (&text, g_free);

  /* Written here: the next Save asks nothing. */
  hb_app_test_click_cell (window, 0, 0, 1);
  hb_app_test_activate (window, "save", NULL);
  hb_app_test_wait_saved (window);
  hb_app_test_settle (50);
  g_assert_cmpuint (headed_dialogs (window, "File Changed on Disk", &dialog), ==, 0);
  g_assert_false (hb_window_get_modified (window));

  /* Nothing changed here, the file changed there: not "Nothing to save". */
  g_assert_true (g_file_set_contents (path, "# theirs\n111\n111\n111\n", -1, NULL));
  hb_app_test_activate (window, "save", NULL);
  hb_app_test_wait_saved (window);
  hb_app_test_settle (50);
  g_assert_cmpuint (headed_dialogs (window, "File Changed on Disk", &dialog), ==, 1);
  click_response (dialog, "_Cancel");
  hb_app_test_settle (50);

  hb_app_test_click_cell (window, 0, 0, 1);
  gtk_window_close (GTK_WINDOW (window));
  hb_app_test_settle (50);
  dialog = find_save_dialog (window);
  g_assert_nonnull (dialog);
  click_response (dialog, "_Save");
  hb_app_test_wait_saved (window);
  hb_app_test_settle (50);
  g_assert_cmpuint (headed_dialogs (window, "File Changed on Disk", &dialog), ==, 1);
  click_response (dialog, "_Cancel");
  hb_app_test_settle (50);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_true (hb_window_get_modified (window));
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "# theirs\n111\n111\n111\n");
  g_free (text);
  hb_window_set_ask_to_save (window, FALSE);
  hb_app_test_window_close (window);
}

/* At 400 px the responses stack, Save Anyway on top, and libadwaita
 * 1.2 gave it the first focus: Enter wrote over the other program's
 * changes, where the default is Cancel (review). The focus is on Cancel
 * once the question is laid out; Enter there keeps both. */
static void
test_save_changed_narrow_focus (Fixture *f, gconstpointer data)
{
  g_autoptr (GFile) file = write_file (f, "narrow.lights", "010\n111\n010\n");
  g_autofree char *path = g_file_get_path (file);
  HbWindow *window = hb_app_test_window_new ();
  AdwMessageDialog *dialog;
  GtkWidget *focus;
  char *text = NULL;

  gtk_window_set_default_size (GTK_WINDOW (window), 400, HB_TEST_HEIGHT);
  g_assert_true (hb_app_test_load (window, file));
  hb_app_test_settle (200);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <, 450);
  hb_state_free (draw_unsaved (window));
  g_assert_true (g_file_set_contents (path, "# theirs\n111\n111\n111\n", -1, NULL));

  hb_app_test_activate (window, "save", NULL);
  hb_app_test_wait_saved (window);
  hb_app_test_settle (300);
  g_assert_cmpuint (headed_dialogs (window, "File Changed on Disk", &dialog), ==, 1);
  focus = gtk_window_get_focus (GTK_WINDOW (dialog));
  g_assert_nonnull (focus);
  g_assert_true (GTK_IS_BUTTON (focus));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (focus)), ==, "_Cancel");
  g_assert_true (focus == gtk_window_get_default_widget (GTK_WINDOW (dialog)));
  click_response (dialog, "_Cancel");
  hb_app_test_settle (50);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "# theirs\n111\n111\n111\n");
  g_free (text);
  hb_window_set_ask_to_save (window, FALSE);
  hb_app_test_window_close (window);
}

static gboolean
save_question_up (gpointer data)
{
  return count_save_dialogs (data) > 0;
}

static gboolean
opened_done (gpointer data)
{
  return ((HbAppTestOpened *) data)->done;
}

/* What Save compares the file with is the file as it was read, not as it
 * was when the level read came to show: another program's write between
 * the two (here while the level read waits on the Save Changes? question
 * about the one open before) is asked about (it was taken as the file
 * read, and Save wrote over it without a word). */
static void
test_save_changed_before_shown (Fixture *f, gconstpointer data)
{
  g_autoptr (GFile) file = write_file (f, "theirs.lights", "010\n111\n010\n");
  g_autofree char *path = g_file_get_path (file);
  HbWindow *window = hb_app_test_window_new ();
  HbAppTestOpened o = { FALSE, FALSE, NULL };
  AdwMessageDialog *dialog;
  char *text = NULL;

  hb_state_free (draw_unsaved (window));
  hb_window_load_file_async (window, file, hb_app_test_opened, &o);
  /* Read: the question is asked only once it is. */
  hb_app_test_wait (save_question_up, window, 30000, "the file to be read");
  g_assert_true (g_file_set_contents (path, "# theirs\n111\n111\n111\n", -1, NULL));
  click_response (find_save_dialog (window), "_Discard");
  hb_app_test_wait (opened_done, &o, 30000, "the level read to show");
  g_assert_true (o.ok);
  g_assert_true (g_file_equal (hb_window_get_file (window), file));
  g_assert_cmpint (hb_window_get_state (window)->height, ==, 3);

  hb_app_test_click_cell (window, 0, 0, 1);
  g_assert_true (hb_window_get_modified (window));
  hb_app_test_activate (window, "save", NULL);
  hb_app_test_wait_saved (window);
  hb_app_test_settle (50);
  g_assert_cmpuint (headed_dialogs (window, "File Changed on Disk", &dialog), ==, 1);
  click_response (dialog, "_Cancel");
  hb_app_test_settle (50);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "# theirs\n111\n111\n111\n");
  g_free (text);
  hb_window_set_ask_to_save (window, FALSE);
  hb_app_test_window_close (window);
}

/* A file whose name is not UTF-8 ("bad\xffname.lights", from another
 * system) is named in valid UTF-8 wherever the window shows its name:
 * the title, Save As's name, the opening toast, a failed save's dialog
 * (GTK was handed the raw bytes, and Pango warned of invalid UTF-8 with
 * each title drawn). */
static void
test_name_not_utf8 (Fixture *f, gconstpointer data)
{
  g_autoptr (GFile) file = write_file (f, "bad\xffname.lights", "010\n111\n010\n");
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *shown = NULL, *save_as = NULL;
  HbWindow *window = hb_app_test_window_new ();
  AdwMessageDialog *dialog;
  GCancellable *cancellable;

  g_assert_true (hb_app_test_load (window, file));
  hb_app_test_settle (50);
  shown = hb_document_dup_display_name (hb_window_get_document (window));
  g_assert_cmpstr (shown, ==, "bad\xef\xbf\xbdname.lights");
  save_as = hb_window_dup_save_as_name (window);
  g_assert_true (g_utf8_validate (save_as, -1, NULL));
  g_assert_true (g_str_has_suffix (save_as, ".lights"));

  cancellable = hb_window_begin_load (window, "x\xfey.lights");
  g_assert_nonnull (cancellable);
  hb_app_test_settle (400);
  g_assert_true (g_utf8_validate (hb_window_get_last_toast (window), -1, NULL));
  hb_window_end_load (window, cancellable);

  hb_state_free (draw_unsaved (window));
  g_assert_cmpint (g_chmod (path, 0444), ==, 0);
  hb_app_test_activate (window, "save", NULL);
  hb_app_test_wait_saved (window);
  hb_app_test_settle (50);
  g_assert_cmpuint (headed_dialogs (window, "Could Not Save the Level", &dialog), ==, 1);
  g_assert_true (g_utf8_validate (adw_message_dialog_get_body (dialog), -1, NULL));
  g_assert_true (g_utf8_validate (g_object_get_data (G_OBJECT (dialog), "hb-name"), -1, NULL));
  click_response (dialog, "_Cancel");
  hb_app_test_settle (50);
  g_assert_cmpint (g_chmod (path, 0644), ==, 0);
  hb_window_set_ask_to_save (window, FALSE);
  hb_app_test_window_close (window);
}

/* For hb_app_test_wait: Open Recent (the window's recent_menu) lists the
 * URI set on the window as "hb-test-uri". */
static gboolean
recent_lists (gpointer data)
{
  HbWindow *window = data;
  const char *uri = g_object_get_data (G_OBJECT (window), "hb-test-uri");
  GMenuModel *menu = G_MENU_MODEL (window->recent_menu);

  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr (GVariant) target = g_menu_model_get_item_attribute_value (menu, i, "target", NULL);
      if (target != NULL && g_strcmp0 (g_variant_get_string (target, NULL), uri) == 0)
        return TRUE;
    }
  return FALSE;
}

/* A Flow Free level in JSON, "x.json", opened is offered by Open Recent as
 * the other levels are (it went to the recent files, and Open Recent left
 * it out: ".json" is no game's own ending). */
static void
test_recent_json (Fixture *f, gconstpointer data)
{
  g_autoptr (GFile) file = write_file (f, "level.json",
                                       "[[\"red\",null,\"red\"],[\"blue\",null,\"blue\"]]\n");
  HbWindow *window = hb_app_test_window_new ();

  g_object_set_data_full (G_OBJECT (window), "hb-test-uri", g_file_get_uri (file), g_free);
  g_assert_true (hb_app_test_load (window, file));
  g_assert_true (hb_window_get_game (window) == hb_registry_find_game ("flow"));
  hb_app_test_wait (recent_lists, window, 10000, "Open Recent to list the JSON level");
  hb_app_test_window_close (window);
}

/* For hb_app_test_wait: Open Recent lists the two URIs set on the window
 * as "hb-test-uri" and "hb-test-uri-2", each under a label of its own. */
static gboolean
recent_lists_twins (gpointer data)
{
  HbWindow *window = data;
  const char *uris[2] = { g_object_get_data (G_OBJECT (window), "hb-test-uri"),
                          g_object_get_data (G_OBJECT (window), "hb-test-uri-2") };
  /* g_autofree on an array frees its first element only (LeakSanitizer
   * found the second): an array of two, freed by hand. */
  char *labels[2] = { NULL, NULL };
  gboolean both;
  GMenuModel *menu = G_MENU_MODEL (window->recent_menu);

  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr (GVariant) target = g_menu_model_get_item_attribute_value (menu, i, "target", NULL);
      for (int k = 0; k < 2; k++)
        if (target != NULL && g_strcmp0 (g_variant_get_string (target, NULL), uris[k]) == 0)
          {
            g_free (labels[k]);
            g_menu_model_get_item_attribute (menu, i, "label", "s", &labels[k]);
          }
    }
  both = labels[0] != NULL && labels[1] != NULL;
  if (both)
    {
      g_test_message ("Open Recent: \"%s\", \"%s\"", labels[0], labels[1]);
      g_assert_cmpstr (labels[0], !=, labels[1]);
      g_assert_true (g_str_has_prefix (labels[0], "twin.flow — "));
      g_assert_true (g_str_has_suffix (labels[0], "/a"));
      g_assert_true (g_str_has_suffix (labels[1], "/b"));
    }
  g_free (labels[0]);
  g_free (labels[1]);
  return both;
}

/* Two recent levels of one name, "twin.flow" in two folders, are told
 * apart in Open Recent by their folders (they were two lines alike, and
 * only opening one told which it was); a name of its own stays bare. */
static void
test_recent_twins (Fixture *f, gconstpointer data)
{
  GtkRecentManager *recent = gtk_recent_manager_get_default ();
  const char *level = "R.R\nB.B\n";
  g_autofree char *a = g_build_filename (f->dir, "a", NULL);
  g_autofree char *b = g_build_filename (f->dir, "b", NULL);
  g_autofree char *pa = g_build_filename (a, "twin.flow", NULL);
  g_autofree char *pb = g_build_filename (b, "twin.flow", NULL);
  g_autoptr (GFile) fa = g_file_new_for_path (pa);
  g_autoptr (GFile) fb = g_file_new_for_path (pb);
  g_autoptr (GFile) own = write_file (f, "alone.flow", level);
  g_autofree char *own_uri = g_file_get_uri (own);
  HbWindow *window = hb_app_test_window_new ();
  GMenuModel *menu = G_MENU_MODEL (window->recent_menu);
  gboolean own_bare = FALSE;

  g_assert_cmpint (g_mkdir (a, 0700), ==, 0);
  g_assert_cmpint (g_mkdir (b, 0700), ==, 0);
  g_assert_true (g_file_set_contents (pa, level, -1, NULL));
  g_assert_true (g_file_set_contents (pb, level, -1, NULL));
  g_object_set_data_full (G_OBJECT (window), "hb-test-uri", g_file_get_uri (fa), g_free);
  g_object_set_data_full (G_OBJECT (window), "hb-test-uri-2", g_file_get_uri (fb), g_free);
  g_assert_true (gtk_recent_manager_add_item (recent, own_uri));
  g_assert_true (gtk_recent_manager_add_item (recent, g_object_get_data (G_OBJECT (window), "hb-test-uri")));
  g_assert_true (gtk_recent_manager_add_item (recent, g_object_get_data (G_OBJECT (window), "hb-test-uri-2")));
  hb_app_test_wait (recent_lists_twins, window, 10000, "Open Recent to tell the two twin.flow apart");
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr (GVariant) target = g_menu_model_get_item_attribute_value (menu, i, "target", NULL);
      g_autofree char *label = NULL;

      g_menu_model_get_item_attribute (menu, i, "label", "s", &label);
      if (target != NULL && g_strcmp0 (g_variant_get_string (target, NULL), own_uri) == 0)
        own_bare = g_strcmp0 (label, "alone.flow") == 0;
    }
  g_assert_true (own_bare);
  for (int k = 0; k < 3; k++)
    gtk_recent_manager_remove_item (recent, k == 0 ? own_uri
                                    : g_object_get_data (G_OBJECT (window),
                                                         k == 1 ? "hb-test-uri" : "hb-test-uri-2"),
                                    NULL);
  hb_app_test_window_close (window);
  g_unlink (pa);
  g_unlink (pb);
  g_rmdir (a);
  g_rmdir (b);
}

/* A level is not saved under another game's ending: a Flow Free level
 * saved as "level.lights" opened again as an Enlight level and failed.
 * The refusal names the ending's game and the name to use, writes
 * nothing and leaves the level unsaved. */
static void
test_save_other_games_ending (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();
  g_autoptr (GFile) wrong = NULL;
  g_autoptr (GFile) loop = NULL;
  g_autoptr (GFile) right = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *wrong_path = NULL;

  hb_app_test_open_text (window, "two.flow", "RG\nRG\n");
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_click_cell (window, 0, 0, 1);
  g_assert_true (hb_window_get_modified (window));

  wrong_path = g_build_filename (f->dir, "level.Lights", NULL);
  wrong = g_file_new_for_path (wrong_path);
  g_assert_false (hb_app_test_save_level (window, wrong, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME);
  g_assert_cmpstr (error->message, ==,
                   "“.Lights” is the ending of Enlight levels; save this Flow Free level "
                   "as “level.flow”");
  g_assert_false (g_file_test (wrong_path, G_FILE_TEST_EXISTS));
  g_assert_true (hb_window_get_modified (window));
  g_clear_error (&error);

  /* Another game's level, Enlight's, under Infinite Loop's ending. */
  hb_app_test_open_text (window, "one.lights", "010\n111\n010\n");
  loop = write_file (f, "one.loop", "");
  g_assert_false (hb_app_test_save_level (window, loop, &error));
  g_assert_nonnull (strstr (error->message, "save this Enlight level as “one.lights”"));
  g_clear_error (&error);

  /* Its own ending saves as before. */
  right = write_file (f, "one.lights", "");
  g_assert_true (hb_app_test_save_level (window, right, &error));
  g_assert_no_error (error);
  hb_app_test_window_close (window);
}

/* Random makes its level before it asks about unsaved changes: when the
 * size and colours cannot make one, the toast says why (a sentence, with
 * a capital) and nothing is asked; when they can, the question comes,
 * Cancel keeps the level and Discard puts the new one in its place.
 * Before, Discard was asked for, and then the toast said "a 2×2 board
 * takes 2 colours, not 6". */
static void
test_random_asks_after_making (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkWidget *colours;
  HbState *drawn;

  hb_app_test_open_text (window, "two.flow", "RG\nRG\n");
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_click_cell (window, 0, 0, 1);
  g_assert_true (hb_window_get_modified (window));
  drawn = hb_state_copy (hb_window_get_state (window));
  colours = hb_app_test_find_first (hb_app_test_find_row (GTK_WIDGET (window),
                                                          "_Colours of Random Levels"),
                                    GTK_TYPE_SPIN_BUTTON);
  g_assert_nonnull (colours);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (colours), 6);
  hb_window_set_ask_to_save (window, TRUE);

  hb_app_test_activate (window, "random", NULL);
  hb_app_test_settle (50);
  g_assert_null (find_save_dialog (window));
  g_assert_cmpstr (hb_window_get_last_toast (window), ==, "A 2×2 board takes 2 colours, not 6");
  g_assert_true (hb_window_get_game (window)->equal (drawn, hb_window_get_state (window)));
  g_assert_true (hb_window_get_modified (window));

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (colours), 2);
  for (int answer = 0; answer < 2; answer++)
    {
      answer_save_question (window, "random", answer == 1);
      hb_app_test_settle (100);
      g_assert_true (hb_window_get_modified (window) == (answer == 0));
      g_assert_true (hb_window_get_game (window)->equal (drawn, hb_window_get_state (window))
                     == (answer == 0));
    }
  g_assert_cmpint (hb_window_get_state (window)->width, ==, 2);
  hb_state_free (drawn);
  hb_window_set_ask_to_save (window, FALSE);
  hb_app_test_window_close (window);
}

/* A side×side Flow Free level with red dots in the left corners and
 * green in the right ones: a board larger than the size fields offer. */
static GString *
corner_level (int side)
{
  GString *text = g_string_new (NULL);

  for (int y = 0; y < side; y++)
    {
      for (int x = 0; x < side; x++)
        g_string_append_c (text, (y == 0 || y == side - 1) && (x == 0 || x == side - 1)
                                 ? (x == 0 ? 'R' : 'G') : '.');
      g_string_append_c (text, '\n');
    }
  return text;
}

static gboolean
state_is_not (gpointer data)
{
  gpointer *d = data;

  return !hb_window_get_game (d[0])->equal (d[1], hb_window_get_state (d[0]));
}

/* Random on a board larger than the size fields offer (only a level
 * opened from a file is) makes its level on a worker thread: a 1000×1000
 * Flow Free level took 0.5-2 s on the main thread, the window not
 * answering. The level comes in once made; Escape, or a level opened
 * meanwhile, drops it without a word (it would have replaced the file
 * opened after it was asked for). */
static void
test_random_big_off_main (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();
  GString *text = corner_level (120);   /* over Flow Free's 100 a side */
  g_autoptr (GFile) small = write_file (f, "small.flow", "RG\nRG\n");
  HbState *big;
  gpointer d[2];

  hb_app_test_open_text (window, "big.flow", text->str);
  g_assert_cmpint (hb_window_get_state (window)->width, ==, 120);
  big = hb_state_copy (hb_window_get_state (window));
  d[0] = window;
  d[1] = big;

  /* Escape drops it. */
  hb_app_test_activate (window, "random", NULL);
  g_assert_true (hb_window_get_game (window)->equal (big, hb_window_get_state (window)));
  hb_app_test_activate (window, "cancel", NULL);
  hb_app_test_settle (1000);
  g_assert_true (hb_window_get_game (window)->equal (big, hb_window_get_state (window)));

  /* A file opened meanwhile stays. */
  hb_app_test_activate (window, "random", NULL);
  g_assert_true (hb_app_test_load (window, small));
  hb_app_test_settle (1000);
  g_assert_cmpint (hb_window_get_state (window)->width, ==, 2);

  /* Left alone, the new level comes in, of the size asked for. */
  hb_app_test_open_text (window, "big.flow", text->str);
  hb_app_test_activate (window, "random", NULL);
  g_assert_true (hb_window_get_game (window)->equal (big, hb_window_get_state (window)));
  hb_app_test_wait (state_is_not, d, 20000, "the random level");
  g_assert_cmpint (hb_window_get_state (window)->width, ==, 120);
  g_assert_cmpint (hb_window_get_state (window)->height, ==, 120);
  g_assert_false (hb_window_get_modified (window));
  g_assert_null (hb_window_get_file (window));

  hb_state_free (big);
  g_string_free (text, TRUE);
  hb_app_test_window_close (window);
}

/* New makes a blank board of the size the fields say, as Random does,
 * past the largest they offer too (a level opened from a file larger than
 * that sets them): with a 120x120 Flow Free level open, New Levels read
 * "120 × 120" in Play and Width 120 in Edit, and New made a 100x100 board
 * without a word. */
static void
test_new_big_keeps_size (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();
  GString *text = corner_level (120);   /* over Flow Free's 100 a side */

  for (int round = 0; round < 2; round++)
    {
      HbMode mode = round == 0 ? HB_MODE_PLAY : HB_MODE_EDIT;

      hb_app_test_open_text (window, "big.flow", text->str);
      hb_window_set_mode (window, mode);
      hb_app_test_settle (50);
      g_assert_cmpint ((int) gtk_adjustment_get_value (window->width_adjustment), ==, 120);
      g_assert_cmpint ((int) gtk_adjustment_get_value (window->height_adjustment), ==, 120);
      hb_app_test_activate (window, "new", NULL);
      hb_app_test_settle (50);
      g_assert_null (hb_window_get_file (window));
      g_assert_cmpint (hb_window_get_state (window)->width, ==, 120);
      g_assert_cmpint (hb_window_get_state (window)->height, ==, 120);
    }
  g_string_free (text, TRUE);
  hb_app_test_window_close (window);
}

static gboolean
not_making_random (gpointer data)
{
  return !hb_window_is_making_random (data);
}

/* Random on a large level with moves played on it, then a switch to Edit
 * or back to Play while the level is made: the level comes. It was
 * dropped: the switch shows the level without its moves or with them,
 * which moves the document's serial, and Random took that for the level
 * changed meanwhile, though the level and its moves were as they were
 * (switching back shows them). */
static void
test_random_big_mode_switch (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();
  GString *text = g_string_new (NULL);

  for (int y = 0; y < 70; y++)   /* over Enlight's 64 a side */
    g_string_append (text, "0000000000000000000000000000000000000000000000000000000000000000000000\n");
  for (int round = 0; round < 2; round++)
    {
      HbMode from = round == 0 ? HB_MODE_PLAY : HB_MODE_EDIT;
      HbMode to = round == 0 ? HB_MODE_EDIT : HB_MODE_PLAY;

      hb_app_test_open_text (window, "big.lights", text->str);
      g_assert_cmpint (hb_window_get_state (window)->width, ==, 70);
      hb_window_set_mode (window, HB_MODE_PLAY);
      hb_app_test_click_cell (window, 3, 3, 1);
      g_assert_cmpuint (hb_document_play_depth (window->document), >, 0);
      hb_window_set_mode (window, from);
      hb_app_test_activate (window, "random", NULL);
      g_assert_true (hb_window_is_making_random (window));
      hb_window_set_mode (window, to);
      hb_app_test_wait (not_making_random, window, 20000, "the random level");
      hb_app_test_settle (100);
      /* The level opened from the file is gone: the random one is in. */
      g_assert_null (hb_window_get_file (window));
      g_assert_cmpint (hb_window_get_state (window)->width, ==, 70);
      g_assert_cmpuint (hb_document_play_depth (window->document), ==, 0);
      g_assert_cmpint (hb_window_get_mode (window), ==, to);
    }
  /* A move played meanwhile is the user going on with the level: that
   * drops it still, as an edit does. */
  hb_app_test_open_text (window, "big.lights", text->str);
  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_activate (window, "random", NULL);
  hb_app_test_click_cell (window, 3, 3, 1);
  hb_app_test_wait (not_making_random, window, 20000, "the random level");
  hb_app_test_settle (100);
  g_assert_nonnull (hb_window_get_file (window));
  g_assert_cmpuint (hb_document_play_depth (window->document), ==, 1);
  g_string_free (text, TRUE);
  hb_app_test_window_close (window);
}

/* A Random level made on a worker that takes a while says so, with
 * Cancel, as an open does, and the toast goes when the level comes (a
 * 1500x1500 level: about 1 s; nothing was said, the window only waited). */
static gboolean making_said;

static gboolean
making_said_or_done (gpointer data)
{
  const char *toast = hb_window_get_last_toast (data);

  if (toast != NULL && strstr (toast, "Making a random level") != NULL)
    making_said = TRUE;
  return !hb_window_is_making_random (data);
}

static void
test_random_big_says_so (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();
  GString *text = corner_level (1500);
  gint64 start;
  HbState *big;
  gpointer d[2];

  hb_app_test_open_text (window, "huge.flow", text->str);
  big = hb_state_copy (hb_window_get_state (window));
  d[0] = window;
  d[1] = big;
  making_said = FALSE;
  start = g_get_monotonic_time ();
  hb_app_test_activate (window, "random", NULL);
  g_assert_true (hb_window_is_making_random (window));
  hb_app_test_wait (making_said_or_done, window, 60000, "the random level");
  /* Said once it had taken 300 ms; under 0.5 s on a fast machine the
   * level may come first. */
  if (g_get_monotonic_time () - start >= G_USEC_PER_SEC / 2)
    g_assert_true (making_said);
  else
    g_test_message ("made in under 0.5 s: the toast is not asked for");
  hb_app_test_wait (state_is_not, d, 20000, "the random level");
  g_assert_null (window->random_toast.toast);
  g_assert_cmpuint (window->random_toast.id, ==, 0);
  hb_state_free (big);
  g_string_free (text, TRUE);
  hb_app_test_window_close (window);
}

/* Open reads the file first and asks about the unsaved changes only when
 * it has a level to put in their place: a file that does not open asks
 * nothing and keeps the level; a good one asks, Cancel keeps the level
 * and Discard opens the file. Before, the question came before the file
 * was even chosen, and a bad file then still left the user's answer
 * unused. */
static void
test_open_asks_after_reading (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();
  g_autoptr (GFile) bad = write_file (f, "bad.lights", "0101\n01x1\n");
  g_autoptr (GFile) good = write_file (f, "good.lights", "00000\n00000\n00100\n00000\n00000\n");
  AdwMessageDialog *dialog;
  HbState *drawn;

  drawn = draw_unsaved (window);

  /* A bad file: an error, no question, the level as it was, and no
   * place in Open Recent (the file chooser adds what it opens). */
  {
    g_autofree char *uri = g_file_get_uri (bad);
    GtkRecentManager *recent = gtk_recent_manager_get_default ();

    g_assert_true (gtk_recent_manager_add_item (recent, uri));
    hb_app_test_settle (100);
    g_assert_true (gtk_recent_manager_has_item (recent, uri));
    hb_window_open (window, bad);
    for (int i = 0; i < 100 && hb_window_is_loading (window); i++)
      hb_app_test_settle (20);
    hb_app_test_settle (100);
    g_assert_false (gtk_recent_manager_has_item (recent, uri));
  }
  g_assert_null (find_save_dialog (window));
  g_assert_nonnull (hb_window_get_last_toast (window));
  g_assert_true (hb_window_get_game (window)->equal (drawn, hb_window_get_state (window)));
  g_assert_true (hb_window_get_modified (window));

  /* A good file: the question, once it has been read. */
  for (int answer = 0; answer < 2; answer++)
    {
      hb_window_open (window, good);
      for (int i = 0; i < 100 && find_save_dialog (window) == NULL; i++)
        hb_app_test_settle (20);
      dialog = find_save_dialog (window);
      g_assert_nonnull (dialog);
      g_assert_false (hb_window_is_loading (window));
      click_response (dialog, answer == 0 ? "_Cancel" : "_Discard");
      hb_app_test_settle (100);
      if (answer == 0)
        {
          g_assert_true (hb_window_get_game (window)->equal (drawn, hb_window_get_state (window)));
          g_assert_true (hb_window_get_modified (window));
          g_assert_null (hb_window_get_file (window));
        }
      else
        {
          g_assert_nonnull (hb_window_get_file (window));
          g_assert_true (g_file_equal (hb_window_get_file (window), good));
          g_assert_false (hb_window_get_modified (window));
          g_assert_cmpint (hb_window_get_state (window)->width, ==, 5);
        }
    }
  hb_state_free (drawn);
  hb_app_test_window_close (window);
}

/* One Save Changes? question at a time, each about the level it names: a
 * file read while the question for Random was up asked a second, same
 * looking question over it, and the answers then went to levels the user
 * had not seen (a Discard meant for one threw away the other, a picture's
 * level read in meanwhile). An open that arrives while one is asked waits
 * for the answer: after Cancel it is asked in its turn; after Discard
 * Random's level, which the user went on to after asking for the file,
 * stays (the file opened over it at once, unasked, as it had nothing
 * unsaved), as a Random level waiting behind an open is dropped. */
static void
test_one_question_at_a_time (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();
  g_autoptr (GFile) good = write_file (f, "good.lights", "00000\n00000\n00100\n00000\n00000\n");
  AdwMessageDialog *dialog;
  HbState *drawn;

  drawn = draw_unsaved (window);

  for (int answer = 0; answer < 2; answer++)
    {
      /* The file is being read as Random asks. */
      hb_window_open (window, good);
      hb_app_test_activate (window, "random", NULL);
      for (int i = 0; i < 100 && hb_window_is_loading (window); i++)
        hb_app_test_settle (20);
      hb_app_test_settle (100);
      g_assert_cmpuint (count_save_dialogs (window), ==, 1);
      dialog = find_save_dialog (window);
      click_response (dialog, answer == 0 ? "_Cancel" : "_Discard");
      hb_app_test_settle (100);
      if (answer == 0)
        {
          /* Random's answer kept the level; the open asks now, alone. */
          g_assert_true (hb_window_get_game (window)->equal (drawn, hb_window_get_state (window)));
          g_assert_cmpuint (count_save_dialogs (window), ==, 1);
          click_response (find_save_dialog (window), "_Cancel");
          hb_app_test_settle (100);
          g_assert_cmpuint (count_save_dialogs (window), ==, 0);
          g_assert_true (hb_window_get_game (window)->equal (drawn, hb_window_get_state (window)));
          g_assert_true (hb_window_get_modified (window));
        }
      else
        {
          /* Random's level came in: the file, asked for before it, does
           * not open over it, with or without a question. */
          g_assert_cmpuint (count_save_dialogs (window), ==, 0);
          g_assert_null (hb_window_get_file (window));
          g_assert_false (hb_window_get_game (window)->equal (drawn, hb_window_get_state (window)));
          g_assert_false (hb_window_get_modified (window));
        }
    }
  hb_state_free (drawn);
  hb_window_set_ask_to_save (window, FALSE);
  hb_app_test_window_close (window);
}

/* A Random level made on a worker that comes in while the question for an
 * open is up waits its turn; the file opened on Discard then stays: the
 * level was opened after Random was asked for, and README says a level
 * opened meanwhile drops it (it ran next, with nothing left unsaved to
 * ask about, and replaced the file just opened without a word). The
 * worker is held until the open has asked: left to race, the level was
 * once made before the question came (a loaded machine), and the case
 * did not happen. */
static gboolean
random_made (gpointer data)
{
  return !hb_window_is_making_random (data);
}

static gboolean
random_is_held (gpointer data)
{
  return hb_window_random_held () == 1;
}

static void
test_random_waiting_behind_open (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();
  /* Over Flow Free's 100 a side: made on a worker. */
  GString *text = corner_level (120);
  g_autoptr (GFile) good = write_file (f, "good.lights", "00000\n00000\n00100\n00000\n00000\n");

  hb_app_test_open_text (window, "big.flow", text->str);
  g_assert_cmpint (hb_window_get_state (window)->width, ==, 120);
  hb_document_mark_unsaved (hb_window_get_document (window));
  hb_window_set_ask_to_save (window, TRUE);

  hb_window_hold_random (TRUE);
  hb_app_test_activate (window, "random", NULL);
  g_assert_true (hb_window_is_making_random (window));
  hb_window_open (window, good);
  for (int i = 0; i < 400 && count_save_dialogs (window) == 0; i++)
    hb_app_test_settle (5);
  g_assert_cmpuint (count_save_dialogs (window), ==, 1);
  /* The open asks while the level is still being made: it is made, and
   * kept on the worker. */
  g_assert_true (hb_window_is_making_random (window));
  hb_app_test_wait (random_is_held, NULL, 20000, "the random level held");
  g_assert_cmpint (hb_window_get_state (window)->width, ==, 120);
  hb_window_hold_random (FALSE);
  hb_app_test_wait (random_made, window, 20000, "the random level");
  hb_app_test_settle (100);
  g_assert_cmpuint (count_save_dialogs (window), ==, 1);
  click_response (find_save_dialog (window), "_Discard");
  hb_app_test_settle (100);
  g_assert_cmpuint (count_save_dialogs (window), ==, 0);
  g_assert_nonnull (hb_window_get_file (window));
  g_assert_true (g_file_equal (hb_window_get_file (window), good));
  g_assert_cmpint (hb_window_get_state (window)->width, ==, 5);

  g_string_free (text, TRUE);
  hb_window_set_ask_to_save (window, FALSE);
  hb_app_test_window_close (window);
}

/* Random, then an open while Random's level is made: the open, asked
 * for last, wins. A level made while the open still read (a slow disk, a
 * FIFO; once, on a loaded machine, random-big-off-main's small file)
 * came in, and leaving the level it replaced stopped the open: the file
 * asked for never came. The worker is held until the open reads, and
 * the FIFO written to only after the level was made. */
static void
test_random_behind_open_reading (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();
  GString *text = corner_level (120);   /* over Flow Free's 100 a side */
  HbAppTestOpened o[2] = { { 0 } };
  g_autofree char *path = NULL;
  HbState *big;
  int fd;

  hb_app_test_open_text (window, "big.flow", text->str);
  big = hb_state_copy (hb_window_get_state (window));
  hb_window_hold_random (TRUE);
  hb_app_test_activate (window, "random", NULL);
  g_assert_true (hb_window_is_making_random (window));
  path = open_fifo (window, f->dir, "late.flow", o);
  hb_app_test_wait (random_is_held, NULL, 20000, "the random level held");
  hb_window_hold_random (FALSE);
  hb_app_test_wait (random_made, window, 20000, "the random level");
  hb_app_test_settle (100);
  /* The level made is dropped; the open goes on. */
  g_assert_true (hb_window_get_game (window)->equal (big, hb_window_get_state (window)));
  g_assert_true (hb_window_is_loading (window));
  fd = open (path, O_WRONLY | O_NONBLOCK);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (write (fd, "RG\nRG\n", 6), ==, 6);
  close (fd);
  hb_app_test_wait (both_opened, o, 30000, "the open to end");
  g_assert_true (o[0].ok);
  g_assert_no_error (o[0].error);
  g_assert_cmpint (hb_window_get_state (window)->width, ==, 2);

  hb_state_free (big);
  g_unlink (path);
  g_string_free (text, TRUE);
  hb_app_test_window_close (window);
}

/* An error names the file by its name, as every other does, in one
 * sentence: a file too large was named by its whole path, and a file that
 * is no picture had the image loader's own words appended
 * ("Unrecognized image file format"). */
static void
test_error_names_file (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();
  g_autoptr (GFile) noimage = write_file (f, "notimage.png", "hello, no picture here\n");
  g_autoptr (GFile) big = write_file (f, "big.lights", "");
  g_autofree char *big_path = g_file_get_path (big);
  const char *toast;
  FILE *fp;

  /* A sparse file over the 128 MiB the readers take. */
  fp = fopen (big_path, "w");
  g_assert_nonnull (fp);
  g_assert_cmpint (fseek (fp, 129L << 20, SEEK_SET), ==, 0);
  g_assert_cmpint (fputc ('0', fp), !=, EOF);
  fclose (fp);

  g_assert_false (hb_app_test_load (window, big));
  toast = hb_window_get_last_toast (window);
  g_test_message ("%s", toast);
  g_assert_true (g_str_has_prefix (toast, "big.lights: "));
  g_assert_null (strstr (toast, f->dir));

  g_assert_false (hb_app_test_load (window, noimage));
  toast = hb_window_get_last_toast (window);
  g_test_message ("%s", toast);
  g_assert_cmpstr (toast, ==, "notimage.png: not a picture that can be read (PNG, JPEG or WebP)");
  hb_app_test_window_close (window);
}

static gboolean chooser_named (gpointer data);

/* Save As: a level read from "mine.txt" is offered "mine.loop" (it was
 * offered "mine.txt", under a filter that hid it: helper-154); a name with
 * another game's ending is refused in a dialog that offers to choose
 * another, with the game's ending, in the same folder (it said so and no
 * more: helper-153). */
static void
test_save_as_refused (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "mine.txt", NULL);
  g_autofree char *wrong = g_build_filename (f->dir, "wrong.lights", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path), bad = g_file_new_for_path (wrong);
  g_autoptr(GFile) folder = g_file_new_for_path (f->dir);
  g_autofree char *name = NULL;
  AdwMessageDialog *dialog;
  HbWindow *window;

  g_assert_true (g_file_set_contents (path, "0010 0100\n1011 0101\n", -1, NULL));
  window = hb_app_test_window_new ();
  g_assert_true (hb_app_test_load (window, file));
  name = hb_window_dup_save_as_name (window);
  g_assert_cmpstr (name, ==, "mine.loop");
  /* The registry's rule behind it: kept, swapped or added. */
  {
    const HbGame *loop = hb_registry_find_game ("loop");
    g_autofree char *kept = hb_registry_filename_for_game ("a.loop", loop);
    g_autofree char *swapped = hb_registry_filename_for_game ("a.b.lights", loop);
    g_autofree char *added = hb_registry_filename_for_game ("plain", loop);

    g_assert_cmpstr (kept, ==, "a.loop");
    g_assert_cmpstr (swapped, ==, "a.b.loop");
    g_assert_cmpstr (added, ==, "plain.loop");
  }
  hb_window_save_as_to (window, bad, NULL);
  hb_app_test_wait_saved (window);
  g_assert_false (g_file_query_exists (bad, NULL));
  g_assert_cmpuint (headed_dialogs (window, "Could Not Save the Level", &dialog), ==, 1);
  g_assert_cmpstr (g_object_get_data (G_OBJECT (dialog), "hb-name"), ==, "wrong.loop");
  g_assert_true (g_file_equal (g_object_get_data (G_OBJECT (dialog), "hb-folder"), folder));
#ifndef __SANITIZE_ADDRESS__
  /* Choose Another Name reopens Save As in the same folder with the
   * game's ending offered. (Not under AddressSanitizer: a second GTK
   * file chooser in one run leaks there, in GTK.) */
  {
    GtkNativeDialog *chooser;

    click_response (dialog, "Choose _Another Name");
    hb_app_test_settle (100);
    chooser = hb_window_get_file_dialog (window);
    g_assert_nonnull (chooser);
    g_object_set_data_full (G_OBJECT (chooser), "hb-test-folder", g_object_ref (folder),
                            g_object_unref);
    g_object_set_data_full (G_OBJECT (chooser), "hb-test-name", g_strdup ("wrong.loop"), g_free);
    hb_app_test_wait (chooser_named, chooser, 10000, "the chooser's folder and new name");
    g_object_ref (chooser);
    g_signal_emit_by_name (chooser, "response", GTK_RESPONSE_CANCEL);
    g_object_unref (chooser);
  }
#else
  click_response (dialog, "_Cancel");
#endif
  hb_app_test_settle (50);
  g_assert_null (hb_window_get_file_dialog (window));
  g_assert_false (g_file_query_exists (bad, NULL));
  hb_app_test_window_close (window);
  hb_app_test_settle (100);
}

/* Answers Save Changes? with Save, and returns the Could Not Save dialog
 * that follows, which must offer another name. */
static AdwMessageDialog *
close_save_fails (HbWindow *window)
{
  AdwMessageDialog *dialog;

  gtk_window_close (GTK_WINDOW (window));
  hb_app_test_settle (50);
  dialog = find_save_dialog (window);
  g_assert_nonnull (dialog);
  click_response (dialog, "_Save");
  hb_app_test_wait_saved (window);
  hb_app_test_settle (50);
  g_assert_cmpuint (headed_dialogs (window, "Could Not Save the Level", &dialog), ==, 1);
  g_assert_true (adw_message_dialog_has_response (dialog, "rename"));
  return dialog;
}

/* A save that fails for any reason, not only a refused name (here the
 * level's folder is gone, a plain file in its place), says why in the
 * error's own words and offers Choose Another Name, from Save and from
 * the Save Changes? question, whose close waits on it (it offered only
 * Close, and the close path then kept the window with no way to save
 * the level elsewhere but to start again); Save As in the nearest folder
 * that is one saves it, and the window closes. So does Save As to a name
 * that is a folder. */
static void
test_save_failed_asks_name (Fixture *f, gconstpointer data)
{
  g_autofree char *sub = g_build_filename (f->dir, "sub", NULL);
  g_autofree char *path = g_build_filename (sub, "mine.lights", NULL);
  g_autofree char *elsewhere = g_build_filename (f->dir, "mine.lights", NULL);
  g_autofree char *folder_name = g_build_filename (f->dir, "folder.lights", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path), dir = g_file_new_for_path (f->dir);
  g_autoptr (GFile) folder = g_file_new_for_path (folder_name);
  HbWindow *window;
  AdwMessageDialog *dialog;
  const char *body;
  HbState *drawn;

  g_assert_cmpint (g_mkdir (sub, 0755), ==, 0);
  g_assert_true (g_file_set_contents (path, "010\n111\n010\n", -1, NULL));
  window = hb_app_test_window_new ();
  g_assert_true (hb_app_test_load (window, file));
  drawn = draw_unsaved (window);
  /* The folder replaced by a file: no save can go there (chmod would
   * not stop root, whom the tests may run as). */
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (sub), ==, 0);
  g_assert_true (g_file_set_contents (sub, "not a folder\n", -1, NULL));

  hb_app_test_activate (window, "save", NULL);
  hb_app_test_wait_saved (window);
  hb_app_test_settle (50);
  g_assert_cmpuint (headed_dialogs (window, "Could Not Save the Level", &dialog), ==, 1);
  g_assert_true (adw_message_dialog_has_response (dialog, "rename"));
  body = adw_message_dialog_get_body (dialog);
  if (!g_str_has_prefix (body, "Could not save “mine.lights”: ")
      || strstr (body, "is not a folder") == NULL)
    g_error ("body “%s”", body);
  g_assert_cmpstr (g_object_get_data (G_OBJECT (dialog), "hb-name"), ==, "mine.lights");
  g_assert_true (g_file_equal (g_object_get_data (G_OBJECT (dialog), "hb-folder"), dir));
  assert_own_access_keys (dialog);
  click_response (dialog, "_Cancel");
  hb_app_test_settle (50);
  g_assert_true (hb_window_get_modified (window));

  /* Closing: Cancel there keeps the window and the level. */
  click_response (close_save_fails (window), "_Cancel");
  hb_app_test_settle (50);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_true (hb_window_get_modified (window));

  /* Save As to a name that is a folder: the same way out. */
  g_assert_cmpint (g_mkdir (folder_name, 0755), ==, 0);
  hb_window_save_as_to (window, folder, NULL);
  hb_app_test_wait_saved (window);
  g_assert_cmpuint (headed_dialogs (window, "Could Not Save the Level", &dialog), ==, 1);
  g_assert_true (adw_message_dialog_has_response (dialog, "rename"));
  g_assert_cmpstr (g_object_get_data (G_OBJECT (dialog), "hb-name"), ==, "folder.lights");
  /* Said as a folder (it was "not a regular file (a pipe or a device)"). */
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog),
                            "is a folder: save the level under another name"));
  click_response (dialog, "_Cancel");
  hb_app_test_settle (50);
  g_assert_cmpint (g_rmdir (folder_name), ==, 0);
  g_assert_true (hb_window_get_modified (window));

  dialog = close_save_fails (window);
#ifndef __SANITIZE_ADDRESS__
  /* Choose Another Name: Save As in the nearest folder, with the name;
   * saved there, the window closes. (Not under AddressSanitizer: a
   * second GTK file chooser in one run leaks there, in GTK.) */
  {
    GtkNativeDialog *chooser;
    char *text = NULL;

    click_response (dialog, "Choose _Another Name");
    hb_app_test_settle (100);
    chooser = hb_window_get_file_dialog (window);
    g_assert_nonnull (chooser);
    g_object_set_data_full (G_OBJECT (chooser), "hb-test-folder", g_object_ref (dir),
                            g_object_unref);
    g_object_set_data_full (G_OBJECT (chooser), "hb-test-name", g_strdup ("mine.lights"), g_free);
    hb_app_test_wait (chooser_named, chooser, 10000, "the chooser's folder and name");
    g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
    g_object_ref (chooser);
    g_signal_emit_by_name (chooser, "response", GTK_RESPONSE_ACCEPT);
    g_object_unref (chooser);
    hb_app_test_wait (pointer_is_null, &window, 20000, "the window to close once saved");
    g_assert_true (g_file_get_contents (elsewhere, &text, NULL, NULL));
    {
      g_autoptr (GError) error = NULL;
      HbState *back = hb_registry_parse (NULL, "mine.lights", text, strlen (text), &error);

      g_assert_no_error (error);
      g_assert_true (drawn->game->equal (back, drawn));
      hb_state_free (back);
    }
    g_free (text);
  }
#else
  click_response (dialog, "_Cancel");
  hb_app_test_settle (50);
  hb_window_set_ask_to_save (window, FALSE);
  hb_app_test_window_close (window);
#endif
  hb_state_free (drawn);
  hb_app_test_settle (100);
}

/* Save As and Export Animation: a name without an extension gets one, in
 * the same folder; a name with one is kept. */
static void
test_file_extension (void)
{
  GFile *f = hb_window_file_with_extension (g_file_new_for_path ("/tmp/x/level"), ".lights");
  char *path = g_file_get_path (f);

  g_assert_cmpstr (path, ==, "/tmp/x/level.lights");
  g_free (path);
  g_object_unref (f);
  f = hb_window_file_with_extension (g_file_new_for_path ("/tmp/x/anim.apng"), ".png");
  path = g_file_get_path (f);
  g_assert_cmpstr (path, ==, "/tmp/x/anim.apng");
  g_free (path);
  g_object_unref (f);
}

static gboolean
export_toasted (gpointer data)
{
  const char *toast = hb_window_get_last_toast (data);

  return toast != NULL && (g_str_has_prefix (toast, "Animation saved")
                           || g_str_has_prefix (toast, "Could not export"));
}

/* For hb_app_test_wait: the file chooser (data) would save into the
 * folder set on it as "hb-test-folder". */
static gboolean
chooser_in_folder (gpointer data)
{
  g_autoptr(GFile) file = gtk_file_chooser_get_file (data);
  g_autoptr(GFile) parent = file != NULL ? g_file_get_parent (file) : NULL;

  return parent != NULL && g_file_equal (parent, g_object_get_data (data, "hb-test-folder"));
}

/* Export Animation's toast says where the file went: the dialog may have
 * picked the folder (beside the level), and 'Animation saved as
 * "Level 2-solution.png"' left the user to guess it. The folder as typed,
 * the home directory as "~". */
/* An answer too long to animate is said at once, with no file dialog
 * first (the toast came after a name was chosen for nothing). */
static void
test_export_too_long (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();
  const HbGame *flow = hb_registry_find_game ("flow");
  HbGenerateParams params = { .width = 50, .height = 50, .colours = 6, .seed = 1 };
  g_autoptr (GError) error = NULL;
  HbState *level = flow->generate (&params, &error);
  g_autofree char *text = flow->write (level, HB_WRITE_NATIVE, NULL);
  g_autofree char *want = NULL;

  g_assert_no_error (error);
  hb_state_free (level);
  hb_app_test_open_text (window, "long.flow", text);
  hb_app_test_solve_and_play (window, "fast");
  g_assert_cmpuint (hb_window_get_result (window)->moves->len, >=, 2000);
  g_assert_true (hb_window_get_action_enabled (window, "export-animation"));
  hb_app_test_activate (window, "export-animation", NULL);
  hb_app_test_settle (100);
  g_assert_null (hb_window_get_file_dialog (window));
  want = g_strdup_printf ("Cannot export an animation: the solution has %u moves, too many "
                          "to animate; the most is 1999",
                          hb_window_get_result (window)->moves->len);
  g_assert_cmpstr (hb_window_get_last_toast (window), ==, want);
  hb_app_test_window_close (window);
  hb_app_test_reset_last_game ();
}

/* Export Animation into `folder` as `name`, as the dialog's button would
 * (the window drops the dialog). */
static void
export_to (HbWindow *window, GFile *folder, const char *name)
{
  GtkNativeDialog *dialog;

  hb_app_test_activate (window, "export-animation", NULL);
  hb_app_test_settle (100);
  dialog = hb_window_get_file_dialog (window);
  g_assert_nonnull (dialog);
  g_assert_true (gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (dialog), folder, NULL));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  /* The chooser takes the folder once it has loaded it. */
  g_object_set_data_full (G_OBJECT (dialog), "hb-test-folder", g_object_ref (folder),
                          g_object_unref);
  hb_app_test_wait (chooser_in_folder, dialog, 10000, "the chooser's folder");
  g_object_ref (dialog);
  g_signal_emit_by_name (dialog, "response", GTK_RESPONSE_ACCEPT);
  g_object_unref (dialog);
}

static gboolean
says_exporting (gpointer data)
{
  const char *toast = hb_window_get_last_toast (data);

  return toast != NULL && g_str_has_prefix (toast, "Exporting the animation to “long.png”");
}

static gboolean
export_ended (gpointer data)
{
  return ((HbWindow *) data)->export_cancellable == NULL;
}

/* A long export says so after a moment, with Cancel (it showed only a
 * greyed button for seconds: review); its toast's × cancels it: no file,
 * no "Could not export". */
static void
test_export_cancel (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();
  g_autoptr(GFile) folder = g_file_new_for_path (f->dir);
  g_autofree char *level = NULL, *path = NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  /* 40×40, a colour a row, each from side to side: about 1,500 moves,
   * seconds to draw. */
  for (int y = 0; y < 40; y++)
    {
      for (int x = 0; x < 40; x++)
        g_string_append_c (text, x == 0 || x == 39 ? (char) ('0' + y) : '.');
      g_string_append_c (text, '\n');
    }
  hb_app_test_open_text (window, "long.flow", text->str);
  hb_app_test_solve_and_play (window, "fast");
  g_assert_cmpuint (hb_window_get_result (window)->moves->len, <, 2000);
  /* (Past the file dialog: two of them in one run left GTK's folder
   * loading thread's blocks to LeakSanitizer.) */
  {
    g_autoptr (GFile) target = g_file_get_child (folder, "long.png");

    hb_window_export_animation_to (window, target);
  }
  g_assert_true (hb_window_get_action_enabled (window, "cancel"));
  hb_app_test_wait (says_exporting, window, 20000, "“Exporting the animation…”");
  g_assert_nonnull (window->export_toast.toast);
  adw_toast_dismiss (window->export_toast.toast);
  hb_app_test_wait (export_ended, window, 60000, "the export to stop");
  hb_app_test_settle (100);
  path = g_build_filename (f->dir, "long.png", NULL);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_false (g_str_has_prefix (hb_window_get_last_toast (window), "Could not export"));
  g_assert_false (g_str_has_prefix (hb_window_get_last_toast (window), "Animation saved"));
  g_assert_null (window->export_toast.toast);
  hb_window_set_ask_to_save (window, FALSE);
  hb_app_test_window_close (window);
  hb_app_test_settle (100);
}

static gboolean
export_is_held (gpointer data)
{
  return hb_window_exports_held () == 1;
}

/* The last window closed (or Quit) while its export runs: the window
 * goes, the export's worker goes on, but the application, with no window
 * left, quit under it, and the animation asked for was never written.
 * The export now holds the application until it ends, as a save does:
 * here, with no window left, a release of the application must be the
 * export's (with nothing held it is a critical, fatal in the tests). */
static void
test_export_holds_application (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (window));
  g_autofree char *path = g_build_filename (f->dir, "closed.png", NULL);
  g_autoptr (GFile) target = g_file_new_for_path (path);

  hb_app_test_solve_and_play (window, "backtrack");
  hb_window_hold_exports (TRUE);
  hb_window_export_animation_to (window, target);
  hb_app_test_wait (export_is_held, NULL, 20000, "the export's worker");
  hb_app_test_window_close (window);
  g_assert_null (gtk_application_get_windows (app));
  g_application_release (G_APPLICATION (app));
  g_application_hold (G_APPLICATION (app));
  hb_window_hold_exports (FALSE);
  for (int i = 0; i < 800 && !g_file_test (path, G_FILE_TEST_IS_REGULAR); i++)
    hb_app_test_settle (25);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  hb_app_test_settle (200);
}

static void
test_export_names_folder (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();
  g_autoptr(GFile) folder = g_file_new_for_path (f->dir);
  g_autofree char *shown = NULL, *want = NULL, *path = NULL;
  const char *home = g_get_home_dir ();

  hb_app_test_solve_and_play (window, "backtrack");
  g_assert_false (hb_window_get_action_enabled (window, "open-exported"));
  g_assert_true (hb_window_get_action_enabled (window, "export-animation"));
  export_to (window, folder, "run");
  hb_app_test_wait (export_toasted, window, 60000, "the export");

  path = g_build_filename (f->dir, "run.png", NULL);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  /* The temporary folder is rarely under the home directory, but may be. */
  if (g_str_has_prefix (f->dir, home) && f->dir[strlen (home)] == '/')
    shown = g_strconcat ("~", f->dir + strlen (home), NULL);
  else
    shown = g_strdup (f->dir);
  want = g_strdup_printf ("Animation saved as “run.png” in %s", shown);
  g_assert_cmpstr (hb_window_get_last_toast (window), ==, want);
  /* Its toast's Open opens it (not activated here: it would start the
   * desktop's viewer). */
  g_assert_true (hb_window_get_action_enabled (window, "open-exported"));
  {
    g_autoptr(GFile) saved = g_file_new_for_path (path);
    g_assert_true (g_file_equal (window->exported, saved));
  }
  hb_app_test_window_close (window);
  hb_app_test_settle (100);
}

static gboolean
chooser_folder_is (gpointer data)
{
  g_autoptr(GFile) folder = gtk_file_chooser_get_current_folder (data);

  return folder != NULL && g_file_equal (folder, g_object_get_data (data, "hb-test-folder"));
}

/* For hb_app_test_wait: the chooser (data) shows "hb-test-folder" and,
 * when set, the name "hb-test-name". */
static gboolean
chooser_named (gpointer data)
{
  g_autofree char *name = gtk_file_chooser_get_current_name (data);
  const char *want = g_object_get_data (data, "hb-test-name");

  return chooser_folder_is (data) && (want == NULL || g_strcmp0 (name, want) == 0);
}

/* Opens the file dialog of `action` (Save As, Export Animation), waits
 * until the chooser shows `folder` (and `name`, unless NULL), and cancels
 * it. */
static void
dialog_shows (HbWindow *window, const char *action, GFile *folder, const char *name,
              const char *what)
{
  GtkNativeDialog *dialog;

  hb_app_test_activate (window, action, NULL);
  hb_app_test_settle (100);
  dialog = hb_window_get_file_dialog (window);
  g_assert_nonnull (dialog);
  g_object_set_data_full (G_OBJECT (dialog), "hb-test-folder", g_object_ref (folder), g_object_unref);
  g_object_set_data_full (G_OBJECT (dialog), "hb-test-name", g_strdup (name), g_free);
  hb_app_test_wait (chooser_named, dialog, 10000, what);
  g_object_ref (dialog);
  g_signal_emit_by_name (dialog, "response", GTK_RESPONSE_CANCEL);
  g_object_unref (dialog);
}

/* Save As for a level with no file starts in the user's documents (or
 * home), not the app's working directory (the source tree when run from
 * it: review). */
static void
test_save_as_folder (void)
{
  HbWindow *window = hb_app_test_window_new ();
  const char *docs = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);
  g_autoptr(GFile) want = g_file_new_for_path (docs != NULL && g_file_test (docs, G_FILE_TEST_IS_DIR)
                                               ? docs : g_get_home_dir ());

  hb_app_test_activate (window, "new", NULL);
  hb_app_test_settle (50);
  g_assert_null (hb_document_get_file (window->document));
  dialog_shows (window, "save-as", want, NULL, "the chooser's folder");
  hb_app_test_window_close (window);
  hb_app_test_settle (100);
}

/* Save As for a level from a file starts in its folder with its name
 * (GTK 4.8's save dialog given the file showed the folder above it, an
 * empty name and "The folder contents could not be displayed": review). */
static void
test_save_as_named (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "mine.loop", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path), folder = g_file_new_for_path (f->dir);
  HbWindow *window;

  g_assert_true (g_file_set_contents (path, "0010 0100\n1011 0101\n", -1, NULL));
  window = hb_app_test_window_new ();
  g_assert_true (hb_app_test_load (window, file));
  dialog_shows (window, "save-as", folder, "mine.loop", "the chooser's folder and name");
  hb_app_test_settle (50);
  g_assert_true (hb_window_select_game (window, "lights"));
  hb_app_test_window_close (window);
  hb_app_test_settle (100);
}

/* Export Animation of a level from a file starts beside it, named after
 * it: it set its own folder before hb_window_show_file_dialog did, and
 * GTK 4.8's dialog showed the folder above with "The folder contents
 * could not be displayed" (a newcomer's review), as Save As had. */
static void
test_export_beside_level (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "mine.flow", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path), folder = g_file_new_for_path (f->dir);
  HbWindow *window = hb_app_test_window_new ();

  g_assert_true (g_file_set_contents (path, "R..\n.G.\nGR.\n", -1, NULL));
  g_assert_true (hb_app_test_load (window, file));
  hb_app_test_solve_and_play (window, "fast");
  dialog_shows (window, "export-animation", folder, "mine-solution.png",
                "the chooser's folder and name");
  hb_app_test_window_close (window);
  hb_app_test_settle (100);
}

/* A level read from a picture: Save As starts in the picture's folder
 * (it started in Documents: review); a new level after it does not. */
static void
test_save_as_picture_folder (Fixture *f, gconstpointer data)
{
  g_autofree char *shot = g_test_build_filename (G_TEST_DIST, "..", "..", "shared", "screens",
                                                 "flood", "flood_01_googleplus_28x28.png", NULL);
  g_autofree char *copy = g_build_filename (f->dir, "shot.png", NULL);
  g_autofree char *bytes = NULL;
  gsize len;
  g_autoptr(GFile) file = NULL, folder = g_file_new_for_path (f->dir);
  const char *docs = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);
  g_autoptr(GFile) usual = g_file_new_for_path (docs != NULL && g_file_test (docs, G_FILE_TEST_IS_DIR)
                                                ? docs : g_get_home_dir ());
  HbWindow *window;

  if (!g_file_get_contents (shot, &bytes, &len, NULL))
    {
      g_test_skip ("the shared screenshots are not there");
      return;
    }
  g_assert_true (g_file_set_contents (copy, bytes, (gssize) len, NULL));
  file = g_file_new_for_path (copy);
  window = hb_app_test_window_new ();
  g_assert_true (hb_app_test_load (window, file));
  g_assert_null (hb_document_get_file (window->document));
  for (int round = 0; round < 2; round++)
    {
      if (round == 1)
        {
          /* (The tests' windows do not ask before New.) */
          hb_app_test_activate (window, "new", NULL);
          hb_app_test_settle (50);
          g_assert_cmpstr (hb_document_get_untitled_name (window->document), !=, "shot");
        }
      dialog_shows (window, "save-as", round == 0 ? folder : usual, NULL,
                     "the chooser's folder");
      hb_app_test_settle (50);
    }
  /* The next test's window opens in the last game: Enlight, as it was. */
  g_assert_true (hb_window_select_game (window, "lights"));
  hb_app_test_window_close (window);
  hb_app_test_settle (100);
}

static guint64
mtime_of (GFile *file)
{
  g_autoptr (GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_TIME_MODIFIED,
                                                  G_FILE_QUERY_INFO_NONE, NULL, NULL);

  g_assert_nonnull (info);
  return g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED);
}

/* Save (Ctrl+S) with nothing changed writes nothing, a bundled level
 * included (it rewrote the same bytes), and answers so; played moves
 * change nothing there, and are said not to be saved. A change, or a
 * file gone since, is written. */
static void
test_save_unchanged (Fixture *f, gconstpointer data)
{
  HbWindow *window = hb_app_test_window_new ();
  g_autofree char *path = g_build_filename (f->dir, "u.lights", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *text = NULL;

  g_assert_true (g_file_set_contents (path, "10001\n01010\n00100\n01010\n10001\n", -1, NULL));
  g_assert_true (g_file_set_attribute_uint64 (file, G_FILE_ATTRIBUTE_TIME_MODIFIED, 1000000000,
                                              G_FILE_QUERY_INFO_NONE, NULL, NULL));
  g_assert_true (hb_app_test_load (window, file));
  hb_app_test_activate (window, "save", NULL);
  hb_app_test_wait_saved (window);
  g_assert_cmpuint (mtime_of (file), ==, 1000000000);
  g_assert_cmpstr (hb_window_get_last_toast (window), ==,
                   "Nothing to save: the file holds the level as it is");

  hb_window_set_mode (window, HB_MODE_PLAY);
  hb_app_test_click_cell (window, 2, 2, 1);
  hb_app_test_activate (window, "save", NULL);
  hb_app_test_wait_saved (window);
  g_assert_cmpuint (mtime_of (file), ==, 1000000000);
  g_assert_cmpstr (hb_window_get_last_toast (window), ==,
                   "Nothing to save: the file holds the level as drawn, and the moves played are not saved");

  /* Gone since it was read: written again, the level as drawn. */
  g_assert_cmpint (g_unlink (path), ==, 0);
  hb_app_test_activate (window, "save", NULL);
  hb_app_test_wait_saved (window);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "10001\n01010\n00100\n01010\n10001\n");

  /* Changed: written (once asked about the file's time, set since by
   * another program: test_save_changed_on_disk). */
  g_assert_true (g_file_set_attribute_uint64 (file, G_FILE_ATTRIBUTE_TIME_MODIFIED, 1000000000,
                                              G_FILE_QUERY_INFO_NONE, NULL, NULL));
  hb_window_set_mode (window, HB_MODE_EDIT);
  hb_app_test_click_cell (window, 0, 0, 1);
  g_assert_true (hb_window_get_modified (window));
  hb_app_test_activate (window, "save", NULL);
  hb_app_test_wait_saved (window);
  hb_app_test_settle (50);
  {
    AdwMessageDialog *dialog;

    g_assert_cmpuint (headed_dialogs (window, "File Changed on Disk", &dialog), ==, 1);
    click_response (dialog, "_Save Anyway");
    hb_app_test_wait_saved (window);
    hb_app_test_settle (50);
  }
  g_assert_cmpuint (mtime_of (file), !=, 1000000000);
  g_assert_false (hb_window_get_modified (window));
  hb_app_test_window_close (window);
}

/* Ctrl+C copies the level as a save writes it (its comment lines kept);
 * Ctrl+V opens text as a level file: the game told by its format, a new
 * level with no file, unsaved (the clipboard will change). Text that is
 * no level says why in a file's words and leaves the level as it was; an
 * empty clipboard says so. */
static gboolean
flow_open (gpointer data)
{
  return hb_window_get_game (data) == hb_registry_find_game ("flow");
}

static char *
clipboard_text (HbWindow *window)
{
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (window));
  GdkContentProvider *content = gdk_clipboard_get_content (clipboard);
  GValue value = G_VALUE_INIT;
  char *text;

  g_assert_nonnull (content);
  g_value_init (&value, G_TYPE_STRING);
  g_assert_true (gdk_content_provider_get_value (content, &value, NULL));
  text = g_value_dup_string (&value);
  g_value_unset (&value);
  return text;
}

static void
test_copy_paste (void)
{
  static const char level[] = "# my notes\nR..\n.G.\nGR.\n";
  HbWindow *window = hb_app_test_window_new ();
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (window));
  const HbGame *flow = hb_registry_find_game ("flow");
  HbState *want;
  const HbState *before;
  char *text, *name;
  GError *error = NULL;

  g_assert_true (hb_window_select_game (window, "lights"));
  hb_window_set_ask_to_save (window, FALSE);
  hb_app_test_wait_hint (window);

  gdk_clipboard_set_text (clipboard, level);
  hb_app_test_activate (window, "paste", NULL);
  hb_app_test_wait (flow_open, window, 20000, "the pasted level");
  hb_app_test_wait_loaded (window);
  want = flow->parse (level, strlen (level), &error);
  g_assert_no_error (error);
  g_assert_true (flow->equal (want, hb_window_get_state (window)));
  g_assert_null (hb_window_get_file (window));
  g_assert_true (hb_window_get_modified (window));
  name = hb_document_dup_display_name (hb_window_get_document (window));
  g_assert_cmpstr (name, ==, "Pasted level");
  g_free (name);

  /* Copied back: the same text, its note and all. */
  gdk_clipboard_set_text (clipboard, "something else");
  hb_app_test_activate (window, "copy-level", NULL);
  text = clipboard_text (window);
  g_assert_cmpstr (text, ==, level);
  g_assert_cmpstr (hb_window_get_last_toast (window), ==, "Level copied as text");
  g_free (text);

  /* Ragged rows: said with the line, and the level stays. */
  before = hb_window_get_state (window);
  gdk_clipboard_set_text (clipboard, "R..\n.G\nGR.\n");
  hb_app_test_activate (window, "paste", NULL);
  hb_app_test_wait_loaded (window);
  if (!g_str_has_prefix (hb_window_get_last_toast (window), "Pasted level, line 2"))
    g_error ("toast “%s”", hb_window_get_last_toast (window));
  g_assert_true (hb_window_get_state (window) == before);

  /* After Save As “x.json”, copied as that Save writes it: JSON. */
  {
    char *dir = g_dir_make_tmp ("hintboard-test-XXXXXX", NULL);
    char *path = g_build_filename (dir, "x.json", NULL);
    GFile *file = g_file_new_for_path (path);

    g_assert_true (hb_document_save (hb_window_get_document (window), file, &error));
    g_assert_no_error (error);
    hb_app_test_activate (window, "copy-level", NULL);
    text = clipboard_text (window);
    g_assert_true (text[0] == '[');
    g_free (text);

    /* A file copied in a file manager (its path comes as text too)
     * opens as that file, not as a level of one row "/tmp/…". */
    {
      GSList *list = g_slist_prepend (NULL, file);
      GdkFileList *files = gdk_file_list_new_from_list (list);
      GdkContentProvider *parts[2] = {
        gdk_content_provider_new_typed (GDK_TYPE_FILE_LIST, files),
        gdk_content_provider_new_typed (G_TYPE_STRING, path),
      };
      GdkContentProvider *both = gdk_content_provider_new_union (parts, 2);

      g_assert_true (hb_window_select_game (window, "lights"));
      hb_app_test_wait_hint (window);
      gdk_clipboard_set_content (clipboard, both);
      hb_app_test_activate (window, "paste", NULL);
      hb_app_test_wait (flow_open, window, 20000, "the pasted file");
      hb_app_test_wait_loaded (window);
      g_assert_nonnull (hb_window_get_file (window));
      g_assert_true (g_file_equal (hb_window_get_file (window), file));
      g_assert_true (flow->equal (want, hb_window_get_state (window)));
      g_object_unref (both);
      g_boxed_free (GDK_TYPE_FILE_LIST, files);
      g_slist_free (list);
    }
    before = hb_window_get_state (window);
    g_unlink (path);
    g_rmdir (dir);
    g_object_unref (file);
    g_free (path);
    g_free (dir);
  }

  /* Text no game tells, refused by the game on show: said of the text
   * (it spoke of the file's name). */
  g_assert_true (hb_window_select_game (window, "lights"));
  hb_app_test_wait_hint (window);
  before = hb_window_get_state (window);
  gdk_clipboard_set_text (clipboard, "hello\n");
  hb_app_test_activate (window, "paste", NULL);
  hb_app_test_wait_loaded (window);
  if (!g_str_has_suffix (hb_window_get_last_toast (window),
                         "(read as the game on show, Enlight: the text's format does not say "
                         "which game it is)"))
    g_error ("toast “%s”", hb_window_get_last_toast (window));
  g_assert_true (hb_window_get_state (window) == before);

  /* Rows of 0, 1 and * with each mark twice: Enlight's and Flow Free's
   * both, read as the game on show's (it was Enlight's in Flow Free). */
  for (int round = 0; round < 2; round++)
    {
      const char *id = round == 0 ? "flow" : "lights";

      g_assert_true (hb_window_select_game (window, id));
      hb_app_test_wait_hint (window);
      gdk_clipboard_set_text (clipboard, "1..1\n*..*\n");
      hb_app_test_activate (window, "paste", NULL);
      hb_app_test_wait_loaded (window);
      hb_app_test_settle (100);
      g_assert_true (hb_window_get_game (window) == hb_registry_find_game (id));
      g_assert_cmpint (hb_window_get_state (window)->width, ==, 4);
      g_assert_cmpint (hb_window_get_state (window)->height, ==, 2);
    }
  before = hb_window_get_state (window);

  /* Nothing on the clipboard. */
  gdk_clipboard_set_content (clipboard, NULL);
  hb_app_test_activate (window, "paste", NULL);
  hb_app_test_wait_loaded (window);
  g_assert_cmpstr (hb_window_get_last_toast (window), ==,
                   "The clipboard holds no level or picture");
  g_assert_true (hb_window_get_state (window) == before);

  hb_state_free (want);
  hb_app_test_window_close (window);
}

/* ---- Saving off the main thread ------------------------------------------
 *
 * A save is written on a worker (a 4096×4096 Flow Free board saved as
 * JSON held the window 5-10 s): these hold the worker (hb_window_hold_saves)
 * so that the save is surely still under way while they look. */

/* Whether the file at `path` holds `state`'s board. */
static gboolean
file_holds (const char *path, const HbState *state)
{
  g_autofree char *text = NULL;
  gsize len;
  HbState *read;
  gboolean same;

  if (!g_file_get_contents (path, &text, &len, NULL))
    return FALSE;
  read = state->game->parse (text, len, NULL);
  same = read != NULL && state->game->equal (read, state);
  g_clear_pointer (&read, hb_state_free);
  return same;
}

static gboolean
save_worker_held (gpointer data)
{
  return hb_window_saves_held () == 1;
}

static gboolean
set_flag (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Save As returns to the main loop before the file is written, which
 * keeps running; the level is saved once it is. A save that takes over
 * 0.3 s says so (a quick one says nothing but what it left out). */
static void
test_save_off_main (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "held.lights", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  HbWindow *window = hb_app_test_window_new ();
  HbState *drawn = draw_unsaved (window);
  gboolean ticked = FALSE;

  hb_window_hold_saves (TRUE);
  hb_window_save_as_to (window, file, NULL);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_true (hb_window_is_saving (window));
  g_timeout_add (10, set_flag, &ticked);
  hb_app_test_wait (save_worker_held, NULL, 10000, "the save's worker");
  hb_app_test_settle (400);
  g_assert_true (ticked);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_true (hb_window_get_modified (window));
  g_assert_cmpstr (hb_window_get_last_toast (window), ==, "Saving “held.lights”…");
  hb_window_hold_saves (FALSE);
  hb_app_test_wait_saved (window);
  g_assert_true (file_holds (path, drawn));
  g_assert_false (hb_window_get_modified (window));
  g_assert_true (g_file_equal (hb_window_get_file (window), file));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "held.lights");
  hb_state_free (drawn);
  hb_window_set_ask_to_save (window, FALSE);
  hb_app_test_window_close (window);
}

/* A change made while the save runs is not saved: the level stays
 * changed, the file holds the level as it was when the save began, and
 * undoing the change is back to what the file holds. */
static void
test_save_edit_during (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "during.lights", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  HbWindow *window = hb_app_test_window_new ();
  HbState *drawn = draw_unsaved (window);

  hb_window_hold_saves (TRUE);
  hb_window_save_as_to (window, file, NULL);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  hb_app_test_click_cell (window, 0, 0, 1);
  g_assert_false (hb_window_get_state (window)->game->equal (hb_window_get_state (window), drawn));
  hb_window_hold_saves (FALSE);
  hb_app_test_wait_saved (window);
  g_assert_true (file_holds (path, drawn));
  g_assert_true (g_file_equal (hb_window_get_file (window), file));
  g_assert_true (hb_window_get_modified (window));
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)), "•"));
  hb_app_test_activate (window, "undo", NULL);
  g_assert_false (hb_window_get_modified (window));
  hb_state_free (drawn);
  hb_window_set_ask_to_save (window, FALSE);
  hb_app_test_window_close (window);
}

/* Save pressed again while a save runs starts no second write to the
 * file: it waits, then saves what changed meanwhile. */
/* A window on the level of a file `name` in f->dir, changed, whose Save
 * is held on its worker: its path in *path, the level saved in *drawn. */
static HbWindow *
save_held (Fixture *f, const char *name, char **path, HbState **drawn)
{
  g_autoptr (GFile) file = write_file (f, name, "010\n111\n010\n");
  HbWindow *window = hb_app_test_window_new ();

  *path = g_file_get_path (file);
  g_assert_true (hb_app_test_load (window, file));
  *drawn = draw_unsaved (window);
  hb_window_hold_saves (TRUE);
  hb_app_test_activate (window, "save", NULL);
  g_assert_false (file_holds (*path, *drawn));
  return window;
}

static void
test_save_again_during (Fixture *f, gconstpointer data)
{
  g_autofree char *path = NULL;
  HbState *drawn;
  HbWindow *window = save_held (f, "again.lights", &path, &drawn);

  hb_app_test_click_cell (window, 0, 0, 1);
  hb_app_test_activate (window, "save", NULL);
  hb_app_test_wait (save_worker_held, NULL, 10000, "the save's worker");
  hb_app_test_settle (100);
  g_assert_cmpuint (hb_window_saves_held (), ==, 1);
  hb_window_hold_saves (FALSE);
  hb_app_test_wait_saved (window);
  g_assert_true (file_holds (path, hb_window_get_state (window)));
  g_assert_false (hb_window_get_modified (window));
  hb_state_free (drawn);
  hb_app_test_window_close (window);
}

/* Closing the window while a save runs waits for the file to be
 * written whole, then closes (nothing left unsaved to ask about). */
static void
test_close_during_save (Fixture *f, gconstpointer data)
{
  g_autofree char *path = NULL;
  HbState *drawn;
  HbWindow *window = save_held (f, "closing.lights", &path, &drawn);

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  gtk_window_close (GTK_WINDOW (window));
  hb_app_test_settle (200);
  g_assert_nonnull (window);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_null (find_save_dialog (window));
  g_assert_false (file_holds (path, drawn));
  hb_window_hold_saves (FALSE);
  hb_app_test_wait (pointer_is_null, &window, 20000, "the window to close once saved");
  g_assert_true (file_holds (path, drawn));
  hb_state_free (drawn);
}

/* A save that fails on its worker still asks for another name, once the
 * worker has ended. */
static void
test_save_fails_off_main (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "gone", "x.lights", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  HbWindow *window = hb_app_test_window_new ();
  HbState *drawn = draw_unsaved (window);
  AdwMessageDialog *dialog;

  hb_window_hold_saves (TRUE);
  hb_window_save_as_to (window, file, NULL);
  hb_app_test_settle (50);
  g_assert_cmpuint (headed_dialogs (window, "Could Not Save the Level", &dialog), ==, 0);
  hb_window_hold_saves (FALSE);
  hb_app_test_wait_saved (window);
  hb_app_test_settle (50);
  g_assert_cmpuint (headed_dialogs (window, "Could Not Save the Level", &dialog), ==, 1);
  g_assert_true (adw_message_dialog_has_response (dialog, "rename"));
  g_assert_cmpstr (g_object_get_data (G_OBJECT (dialog), "hb-name"), ==, "x.lights");
  click_response (dialog, "_Cancel");
  hb_app_test_settle (50);
  g_assert_true (hb_window_get_modified (window));
  /* Closed while it ran: the window stays, with that question alone
   * (not the Save Changes? one over it). */
  hb_window_hold_saves (TRUE);
  hb_window_save_as_to (window, file, NULL);
  gtk_window_close (GTK_WINDOW (window));
  hb_window_hold_saves (FALSE);
  hb_app_test_wait_saved (window);
  hb_app_test_settle (50);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_cmpuint (headed_dialogs (window, "Could Not Save the Level", &dialog), ==, 1);
  g_assert_null (find_save_dialog (window));
  click_response (dialog, "_Cancel");
  hb_app_test_settle (50);
  hb_state_free (drawn);
  hb_window_set_ask_to_save (window, FALSE);
  hb_app_test_window_close (window);
}

/* The window's level is that of `file`, saved, titled `title`. */
static void
assert_saved_as (HbWindow *window, GFile *file, const char *title)
{
  g_assert_true (g_file_equal (hb_window_get_file (window), file));
  g_assert_false (hb_window_get_modified (window));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, title);
}

/* Save As answered while a save runs waits for it, but saves the level
 * it was asked for: another level opened meanwhile (the first asked
 * about and thrown away) was written under that name, and became the
 * window's level of that file. */
static void
test_save_as_queued_keeps_level (Fixture *f, gconstpointer data)
{
  g_autofree char *path = NULL;
  g_autofree char *as_path = g_build_filename (f->dir, "as.lights", NULL);
  g_autoptr (GFile) as = g_file_new_for_path (as_path);
  g_autoptr (GFile) other = write_file (f, "other.lights", "111\n000\n111\n");
  HbState *drawn;
  HbWindow *window = save_held (f, "queued.lights", &path, &drawn);

  hb_window_save_as_to (window, as, NULL);
  hb_window_set_ask_to_save (window, FALSE);
  g_assert_true (hb_app_test_load (window, other));
  hb_window_hold_saves (FALSE);
  hb_app_test_wait_saved (window);
  g_assert_true (file_holds (path, drawn));
  g_assert_true (file_holds (as_path, drawn));
  g_assert_true (g_file_equal (hb_window_get_file (window), other));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "other.lights");
  hb_state_free (drawn);
  hb_app_test_window_close (window);
}

/* A level replaced while its Save As runs (New, Random, another game),
 * kept to come back (Undo's toast, the game switched back): it comes
 * back as the file it was saved as, saved. It came back under its old
 * name, and its next Save wrote over the old file. */
static void
test_save_as_kept_level (Fixture *f, gconstpointer data)
{
  g_autofree char *as_path = g_build_filename (f->dir, "kept-as.lights", NULL);
  g_autoptr (GFile) as = g_file_new_for_path (as_path);
  g_autoptr (GFile) file = write_file (f, "kept.lights", "010\n111\n010\n");
  HbWindow *window = hb_app_test_window_new ();
  HbState *level;

  hb_window_set_ask_to_save (window, FALSE);
  for (int round = 0; round < 2; round++)
    {
      g_assert_true (hb_app_test_load (window, file));
      level = hb_state_copy (hb_window_get_state (window));
      hb_window_hold_saves (TRUE);
      hb_window_save_as_to (window, as, NULL);
      /* Written while kept, or once back. */
      if (round == 0)
        {
          hb_app_test_activate (window, "new", NULL);
          hb_app_test_settle (50);
          hb_window_hold_saves (FALSE);
          hb_app_test_wait_saved (window);
          g_assert_null (hb_window_get_file (window));
          hb_app_test_activate (window, "back-level", NULL);
        }
      else
        {
          hb_app_test_activate (window, "new", NULL);
          hb_app_test_settle (50);
          hb_app_test_activate (window, "back-level", NULL);
          hb_app_test_settle (50);
          hb_window_hold_saves (FALSE);
          hb_app_test_wait_saved (window);
        }
      hb_app_test_settle (50);
      g_assert_true (lights_game.equal (hb_window_get_state (window), level));
      g_assert_true (file_holds (as_path, level));
      assert_saved_as (window, as, "kept-as.lights");
      hb_state_free (level);
      g_unlink (as_path);
    }
  hb_app_test_window_close (window);
}

/* A window destroyed while its save runs (not closed, which waits) and
 * another waits: both are written whole, and the window goes once they
 * have ended (the save's task holds it; run under the sanitizers too). */
static void
test_save_destroyed_during (Fixture *f, gconstpointer data)
{
  g_autofree char *path = NULL;
  g_autofree char *as_path = g_build_filename (f->dir, "destroyed-as.lights", NULL);
  g_autoptr (GFile) as = g_file_new_for_path (as_path);
  HbState *drawn;
  HbWindow *window = save_held (f, "destroyed.lights", &path, &drawn);

  hb_window_save_as_to (window, as, NULL);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  gtk_window_destroy (GTK_WINDOW (window));
  hb_app_test_settle (400);
  g_assert_nonnull (window);
  g_assert_false (file_holds (path, drawn));
  hb_window_hold_saves (FALSE);
  hb_app_test_wait (pointer_is_null, &window, 20000, "the window to go once saved");
  g_assert_true (file_holds (path, drawn));
  g_assert_true (file_holds (as_path, drawn));
  hb_state_free (drawn);
}

/* Quit (Ctrl+Q) while one window's save runs and another has unsaved
 * changes: the saving window waits for its file and then goes, the other
 * asks about its changes, and stays when the question is cancelled. */
static void
test_quit_during_save (Fixture *f, gconstpointer data)
{
  g_autofree char *path = NULL;
  HbState *drawn;
  HbWindow *saving = save_held (f, "quitting.lights", &path, &drawn);
  HbWindow *other = hb_app_test_window_new ();
  GApplication *app = G_APPLICATION (gtk_window_get_application (GTK_WINDOW (saving)));
  HbState *other_drawn = draw_unsaved (other);

  g_object_add_weak_pointer (G_OBJECT (saving), (gpointer *) &saving);
  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  hb_app_test_settle (200);
  g_assert_nonnull (saving);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (saving)));
  g_assert_null (find_save_dialog (saving));
  g_assert_nonnull (find_save_dialog (other));
  g_assert_false (file_holds (path, drawn));
  hb_window_hold_saves (FALSE);
  hb_app_test_wait (pointer_is_null, &saving, 20000, "the saving window to close once saved");
  g_assert_true (file_holds (path, drawn));
  click_response (find_save_dialog (other), "_Cancel");
  hb_app_test_settle (50);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (other)));
  g_assert_true (hb_window_get_modified (other));
  hb_state_free (drawn);
  hb_state_free (other_drawn);
  hb_window_set_ask_to_save (other, FALSE);
  hb_app_test_window_close (other);
}

/* A save over the level's file that fails part way through the write
 * (the disk full, as a file size limit makes it) while the window is
 * closing: the file keeps the old level, no temporary file is left
 * beside it, and the window stays with the level, asking for another
 * name. */
static void
test_save_fails_writing (Fixture *f, gconstpointer data)
{
  g_autofree char *path = NULL, *before = NULL, *after = NULL;
  HbState *drawn;
  HbWindow *window = save_held (f, "full.lights", &path, &drawn);
  AdwMessageDialog *dialog;
  struct rlimit old_limit, limit;
  void (*old_handler) (int);
  const char *name;
  GDir *dir;

  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));
  gtk_window_close (GTK_WINDOW (window));
  hb_app_test_settle (50);
  /* Writes past 4 bytes fail with EFBIG, as they would with ENOSPC. */
  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &old_limit), ==, 0);
  limit = old_limit;
  limit.rlim_cur = 4;
  old_handler = signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
  hb_window_hold_saves (FALSE);
  hb_app_test_wait_saved (window);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &old_limit), ==, 0);
  signal (SIGXFSZ, old_handler);
  hb_app_test_settle (50);

  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
  dir = g_dir_open (f->dir, 0, NULL);
  while ((name = g_dir_read_name (dir)) != NULL)
    g_assert_cmpstr (name, ==, "full.lights");
  g_dir_close (dir);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_null (find_save_dialog (window));
  g_assert_cmpuint (headed_dialogs (window, "Could Not Save the Level", &dialog), ==, 1);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "File too large"));
  click_response (dialog, "_Cancel");
  hb_app_test_settle (50);
  g_assert_true (hb_window_get_modified (window));
  g_assert_true (lights_game.equal (hb_window_get_state (window), drawn));
  hb_state_free (drawn);
  hb_window_set_ask_to_save (window, FALSE);
  hb_app_test_window_close (window);
}

/* Save pressed again while a save runs, then the level replaced (New,
 * its changes discarded): the Save was for the level gone, and its
 * first save wrote it. It was run on the new level once the first had
 * ended: Save As's dialog came up for a blank level out of nowhere. */
static void
test_save_again_level_replaced (Fixture *f, gconstpointer data)
{
  g_autofree char *path = NULL;
  HbState *drawn;
  HbWindow *window = save_held (f, "replaced.lights", &path, &drawn);

  hb_app_test_activate (window, "save", NULL);
  hb_window_set_ask_to_save (window, FALSE);
  hb_app_test_activate (window, "new", NULL);
  hb_app_test_settle (50);
  g_assert_null (hb_window_get_file (window));
  hb_window_hold_saves (FALSE);
  hb_app_test_wait_saved (window);
  hb_app_test_settle (100);
  g_assert_true (file_holds (path, drawn));
  g_assert_null (hb_window_get_file_dialog (window));
  g_assert_null (hb_window_get_file (window));
  hb_state_free (drawn);
  hb_app_test_window_close (window);
}

/* Save As to a new name while Save to the old one runs, a change made
 * between them: the old file gets the level as it was at Save, the new
 * one the level as it was at Save As, which the window is then the
 * level of, with nothing unsaved. */
static void
test_save_as_during_save (Fixture *f, gconstpointer data)
{
  g_autofree char *path = NULL;
  g_autofree char *as_path = g_build_filename (f->dir, "renamed.lights", NULL);
  g_autoptr (GFile) as = g_file_new_for_path (as_path);
  HbState *drawn, *changed;
  HbWindow *window = save_held (f, "first.lights", &path, &drawn);

  hb_app_test_click_cell (window, 0, 0, 1);
  changed = hb_state_copy (hb_window_get_state (window));
  hb_window_save_as_to (window, as, NULL);
  hb_window_hold_saves (FALSE);
  hb_app_test_wait_saved (window);
  hb_app_test_settle (50);
  g_assert_true (file_holds (path, drawn));
  g_assert_false (file_holds (path, changed));
  g_assert_true (file_holds (as_path, changed));
  assert_saved_as (window, as, "renamed.lights");
  hb_state_free (drawn);
  hb_state_free (changed);
  hb_app_test_window_close (window);
}

/* A save that fails after its level was replaced (another file opened
 * while it ran, its changes discarded): said, with no Choose Another
 * Name, which saved the level opened since under the failed level's
 * name. */
static void
test_save_fails_level_replaced (Fixture *f, gconstpointer data)
{
  g_autofree char *sub = g_build_filename (f->dir, "sub", NULL);
  g_autofree char *path = g_build_filename (sub, "lost.lights", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFile) other = write_file (f, "other.lights", "111\n000\n111\n");
  HbWindow *window = hb_app_test_window_new ();
  AdwMessageDialog *dialog;
  HbState *drawn;

  g_assert_cmpint (g_mkdir (sub, 0755), ==, 0);
  g_assert_true (g_file_set_contents (path, "010\n111\n010\n", -1, NULL));
  g_assert_true (hb_app_test_load (window, file));
  drawn = draw_unsaved (window);
  /* The folder replaced by a file: the save fails (as root too). */
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (sub), ==, 0);
  g_assert_true (g_file_set_contents (sub, "not a folder\n", -1, NULL));
  hb_window_hold_saves (TRUE);
  hb_app_test_activate (window, "save", NULL);
  hb_window_set_ask_to_save (window, FALSE);
  g_assert_true (hb_app_test_load (window, other));
  hb_window_hold_saves (FALSE);
  hb_app_test_wait_saved (window);
  hb_app_test_settle (50);
  g_assert_cmpuint (headed_dialogs (window, "Could Not Save the Level", &dialog), ==, 1);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "lost.lights"));
  g_assert_false (adw_message_dialog_has_response (dialog, "rename"));
  g_assert_true (g_file_equal (hb_window_get_file (window), other));
  gtk_window_destroy (GTK_WINDOW (dialog));
  hb_state_free (drawn);
  hb_app_test_window_close (window);
}

/* Two windows on one file, each changed, Save pressed in the second
 * while the first one's save runs: it waits for that save, then asks
 * whether to replace what it wrote (as it does after the first window's
 * save has ended). It wrote at once, before or after the first, with no
 * question: one window's changes were lost and both looked saved. */
static void
test_save_same_file_two_windows (Fixture *f, gconstpointer data)
{
  g_autofree char *path = NULL;
  HbState *drawn;
  HbWindow *first = save_held (f, "shared.lights", &path, &drawn);
  HbWindow *second = hb_app_test_window_new ();
  g_autoptr (GFile) file = g_file_new_for_path (path);
  AdwMessageDialog *dialog;

  g_assert_true (hb_app_test_load (second, file));
  hb_app_test_click_cell (second, 0, 0, 1);
  hb_window_set_ask_to_save (second, TRUE);
  hb_app_test_wait (save_worker_held, NULL, 10000, "the first window's save");
  hb_app_test_activate (second, "save", NULL);
  hb_app_test_settle (100);
  g_assert_false (hb_window_is_saving (second));
  g_assert_cmpuint (headed_dialogs (second, "File Changed on Disk", &dialog), ==, 0);
  hb_window_hold_saves (FALSE);
  hb_app_test_wait_saved (first);
  hb_app_test_settle (100);
  g_assert_true (file_holds (path, drawn));
  g_assert_cmpuint (headed_dialogs (second, "File Changed on Disk", &dialog), ==, 1);
  click_response (dialog, "_Cancel");
  hb_app_test_settle (50);
  g_assert_true (file_holds (path, drawn));
  g_assert_true (hb_window_get_modified (second));
  hb_state_free (drawn);
  hb_window_set_ask_to_save (second, FALSE);
  hb_app_test_window_close (second);
  hb_app_test_window_close (first);
}

int
main (int argc, char *argv[])
{
  hb_app_test_init (&argc, &argv);
  g_test_add_func ("/app/files/copy-paste", test_copy_paste);
  g_test_add_func ("/app/files/new-undo-asks", test_new_undo_asks);
  g_test_add_func ("/app/files/extension", test_file_extension);
  g_test_add_func ("/app/files/save/as-folder", test_save_as_folder);
  g_test_add_func ("/app/files/close-with-save-as", test_close_with_save_as);
  g_test_add ("/app/files/save/as-named", Fixture, NULL, hb_app_test_dir_set_up,
              test_save_as_named, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/save/as-refused", Fixture, NULL, hb_app_test_dir_set_up,
              test_save_as_refused, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/save/failed-asks-name", Fixture, NULL, hb_app_test_dir_set_up,
              test_save_failed_asks_name, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/save/off-main", Fixture, NULL, hb_app_test_dir_set_up,
              test_save_off_main, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/save/edit-during", Fixture, NULL, hb_app_test_dir_set_up,
              test_save_edit_during, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/save/again-during", Fixture, NULL, hb_app_test_dir_set_up,
              test_save_again_during, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/close-during-save", Fixture, NULL, hb_app_test_dir_set_up,
              test_close_during_save, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/save/fails-off-main", Fixture, NULL, hb_app_test_dir_set_up,
              test_save_fails_off_main, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/save/as-queued-keeps-level", Fixture, NULL, hb_app_test_dir_set_up,
              test_save_as_queued_keeps_level, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/save/as-kept-level", Fixture, NULL, hb_app_test_dir_set_up,
              test_save_as_kept_level, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/save/destroyed-during", Fixture, NULL, hb_app_test_dir_set_up,
              test_save_destroyed_during, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/quit-during-save", Fixture, NULL, hb_app_test_dir_set_up,
              test_quit_during_save, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/save/fails-writing", Fixture, NULL, hb_app_test_dir_set_up,
              test_save_fails_writing, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/save/again-level-replaced", Fixture, NULL, hb_app_test_dir_set_up,
              test_save_again_level_replaced, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/save/as-during-save", Fixture, NULL, hb_app_test_dir_set_up,
              test_save_as_during_save, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/save/fails-level-replaced", Fixture, NULL, hb_app_test_dir_set_up,
              test_save_fails_level_replaced, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/save/same-file-two-windows", Fixture, NULL, hb_app_test_dir_set_up,
              test_save_same_file_two_windows, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/save/as-picture-folder", Fixture, NULL, hb_app_test_dir_set_up,
              test_save_as_picture_folder, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/untold-game", Fixture, NULL, hb_app_test_dir_set_up,
              test_untold_game, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/malformed", Fixture, NULL, hb_app_test_dir_set_up,
              test_malformed, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/save/unchanged", Fixture, NULL, hb_app_test_dir_set_up,
              test_save_unchanged, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/save/and-reopen", Fixture, NULL, hb_app_test_dir_set_up,
              test_save_and_reopen, hb_app_test_dir_tear_down);
  g_test_add_func ("/app/files/comments-line-by-line", test_comments_line_by_line);
  g_test_add_func ("/app/files/text-format", test_text_format);
  g_test_add ("/app/files/save/keeps-format", Fixture, NULL, hb_app_test_dir_set_up,
              test_save_keeps_format, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/save/json-name-format", Fixture, NULL, hb_app_test_dir_set_up,
              test_save_json_name_format, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/format-follows-level", Fixture, NULL, hb_app_test_dir_set_up,
              test_format_follows_level, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/save/keeps-comments", Fixture, NULL, hb_app_test_dir_set_up,
              test_save_keeps_comments, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/save/says-unkept-comments", Fixture, NULL, hb_app_test_dir_set_up,
              test_save_says_unkept_comments, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/save/says-all-left-out", Fixture, NULL, hb_app_test_dir_set_up,
              test_save_says_all_left_out, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/save/says-stale-comment-after", Fixture, NULL,
              hb_app_test_dir_set_up, test_save_says_stale_comment_after,
              hb_app_test_dir_tear_down);
  g_test_add ("/app/files/save/says-json-comments-after", Fixture, NULL,
              hb_app_test_dir_set_up, test_save_says_json_comments_after,
              hb_app_test_dir_tear_down);
  g_test_add_func ("/app/files/save/left-out-reasons", test_save_left_out_reasons);
  g_test_add ("/app/files/save/json", Fixture, NULL, hb_app_test_dir_set_up,
              test_save_json, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/open-focuses-board", Fixture, NULL, hb_app_test_dir_set_up,
              test_open_focuses_board, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/open-cancel", Fixture, NULL, hb_app_test_dir_set_up,
              test_open_cancel, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/open-cancel-by-key", Fixture, NULL, hb_app_test_dir_set_up,
              test_open_cancel_by_key, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/open-cancel-by-close", Fixture, NULL, hb_app_test_dir_set_up,
              test_open_cancel_by_close, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/open-stopped-by-level", Fixture, NULL, hb_app_test_dir_set_up,
              test_open_stopped_by_level, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/open-bundled-file", Fixture, NULL, hb_app_test_dir_set_up,
              test_open_bundled_file, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/close-asks", Fixture, NULL, hb_app_test_dir_set_up,
              test_close_asks, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/save/other-games-ending", Fixture, NULL, hb_app_test_dir_set_up,
              test_save_other_games_ending, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/save/refused-asks-name", Fixture, NULL, hb_app_test_dir_set_up,
              test_save_refused_asks_name, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/save/changed-on-disk", Fixture, NULL, hb_app_test_dir_set_up,
              test_save_changed_on_disk, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/save/changed-narrow-focus", Fixture, NULL, hb_app_test_dir_set_up,
              test_save_changed_narrow_focus, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/save/changed-before-shown", Fixture, NULL, hb_app_test_dir_set_up,
              test_save_changed_before_shown, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/name-not-utf8", Fixture, NULL, hb_app_test_dir_set_up,
              test_name_not_utf8, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/recent-twins", Fixture, NULL, hb_app_test_dir_set_up,
              test_recent_twins, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/recent-json", Fixture, NULL, hb_app_test_dir_set_up,
              test_recent_json, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/random-asks-after-making", Fixture, NULL, hb_app_test_dir_set_up,
              test_random_asks_after_making, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/random-big-off-main", Fixture, NULL, hb_app_test_dir_set_up,
              test_random_big_off_main, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/random-big-mode-switch", Fixture, NULL, hb_app_test_dir_set_up,
              test_random_big_mode_switch, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/new-big-keeps-size", Fixture, NULL, hb_app_test_dir_set_up,
              test_new_big_keeps_size, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/random-big-says-so", Fixture, NULL, hb_app_test_dir_set_up,
              test_random_big_says_so, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/open-asks-after-reading", Fixture, NULL, hb_app_test_dir_set_up,
              test_open_asks_after_reading, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/one-question-at-a-time", Fixture, NULL, hb_app_test_dir_set_up,
              test_one_question_at_a_time, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/random-waiting-behind-open", Fixture, NULL, hb_app_test_dir_set_up,
              test_random_waiting_behind_open, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/random-behind-open-reading", Fixture, NULL, hb_app_test_dir_set_up,
              test_random_behind_open_reading, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/error-names-file", Fixture, NULL, hb_app_test_dir_set_up,
              test_error_names_file, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/export-holds-application", Fixture, NULL, hb_app_test_dir_set_up,
              test_export_holds_application, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/close-with-dialog", Fixture, NULL, hb_app_test_dir_set_up,
              test_close_with_dialog, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/open-dialog-filters", Fixture, NULL, hb_app_test_dir_set_up,
              test_open_dialog_filters, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/play-is-progress", Fixture, NULL, hb_app_test_dir_set_up,
              test_play_is_progress, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/export-beside-level", Fixture, NULL, hb_app_test_dir_set_up,
              test_export_beside_level, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/export-cancel", Fixture, NULL, hb_app_test_dir_set_up,
              test_export_cancel, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/export-names-folder", Fixture, NULL, hb_app_test_dir_set_up,
              test_export_names_folder, hb_app_test_dir_tear_down);
  g_test_add ("/app/files/export-too-long", Fixture, NULL, hb_app_test_dir_set_up,
              test_export_too_long, hb_app_test_dir_tear_down);
  return g_test_run ();
}
