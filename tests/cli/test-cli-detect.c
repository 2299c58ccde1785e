/* hintboard-cli detect and bench detect, end to end: a level drawn by
 * `render` is read back by `detect` exactly (stdout) with the report on
 * stderr; exit 1 when the picture holds no board, 2 when it cannot be
 * read (a text file named .png, a missing file); --debug writes a PNG,
 * or says why it cannot. */
#include <cairo.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

static const char *cli;
static char *tmpdir;

static int
run (char **out, char **err, ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocess) p = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) o = NULL, e = NULL;
  va_list ap;
  const char *a;

  g_ptr_array_add (argv, (gpointer) cli);
  va_start (ap, err);
  while ((a = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (argv, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  p = g_subprocess_newv ((const char *const *) argv->pdata,
                         G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
  g_assert_no_error (error);
  g_subprocess_communicate (p, NULL, NULL, &o, &e, &error);
  g_assert_no_error (error);
  *out = o != NULL && g_bytes_get_size (o) > 0
         ? g_strndup (g_bytes_get_data (o, NULL), g_bytes_get_size (o)) : g_strdup ("");
  *err = e != NULL && g_bytes_get_size (e) > 0
         ? g_strndup (g_bytes_get_data (e, NULL), g_bytes_get_size (e)) : g_strdup ("");
  return g_subprocess_get_exit_status (p);
}

/* detect - with standard input read from the file `in`. */
static int
run_detect_stdin (char **out, char **err, const char *in)
{
  const char *argv[] = { cli, "detect", "-", NULL };
  g_autoptr(GSubprocessLauncher) l =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr(GSubprocess) p = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) o = NULL, e = NULL;

  g_subprocess_launcher_set_stdin_file_path (l, in);
  p = g_subprocess_launcher_spawnv (l, argv, &error);
  g_assert_no_error (error);
  g_subprocess_communicate (p, NULL, NULL, &o, &e, &error);
  g_assert_no_error (error);
  *out = g_strndup (g_bytes_get_data (o, NULL), g_bytes_get_size (o));
  *err = g_strndup (g_bytes_get_data (e, NULL), g_bytes_get_size (e));
  return g_subprocess_get_exit_status (p);
}

static char *
tmp (const char *name)
{
  return g_build_filename (tmpdir, name, NULL);
}

/* Bundled levels whose own drawings were read wrong without a word
 * (review): the heart (its middle all lit) in the dark style read as a
 * 5x5 Enlight board; flood-02 (its top row flooded across most of it,
 * drawing almost no lattice line) as 5x4; loop-01 in the dark style at
 * 20 px as 2x3 (the ends of its last column a pixel short of the reach
 * of the lattice's lines); loop-09, whose strokes repeat more strongly
 * every three tiles than every one, was refused at every size. Read
 * back whole now. Pictures where no reading can be sure must say so:
 * all-on (every light lit, nothing to tell the lattice of lights by) in
 * the dark style at 90 px was read as an Infinite Loop board of ends,
 * exit 0; it is read exactly or refused (exit 1), never wrong. */
typedef struct {
  const char *level;
  const char *options[2];
  gboolean    may_refuse;
} BundledCase;

static void
test_bundled_read_back (void)
{
  static const BundledCase cases[] = {
    { "heart-7x7.lights", { "--dark" }, FALSE },
    { "flood-02-5x5.flood", { "--cell=48" }, FALSE },
    { "loop-01-3x3.loop", { "--dark", "--cell=20" }, FALSE },
    { "loop-09-10x10.loop", { "--cell=20" }, FALSE },
    { "loop-09-10x10.loop", { "--dark", "--cell=90" }, FALSE },
    { "all-on-5x5.lights", { "--dark", "--cell=90" }, TRUE },
  };

  for (gsize c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autofree char *level = g_test_build_filename (G_TEST_DIST, "..", "data", "levels",
                                                      cases[c].level, NULL);
      g_autofree char *png = tmp ("bundled.png");
      g_autofree char *out = NULL, *err = NULL, *native = NULL, *nerr = NULL;
      const char *o1 = cases[c].options[0], *o2 = cases[c].options[1];
      int status;

      g_test_message ("%s %s %s", cases[c].level, o1, o2 != NULL ? o2 : "");
      g_assert_cmpint (run (&out, &err, "render", level, "-o", png, o1, o2, NULL), ==, 0);
      g_clear_pointer (&out, g_free);
      g_clear_pointer (&err, g_free);
      g_assert_cmpint (run (&native, &nerr, "convert", level, "--to", "native", NULL), ==, 0);
      status = run (&out, &err, "detect", png, NULL);
      /* Each round's picture goes, or the folder stays behind in /tmp. */
      g_unlink (png);
      if (status == 1 && cases[c].may_refuse)
        {
          /* Refused, saying so, with nothing on standard output. */
          g_assert_nonnull (strstr (err, "No board"));
          g_assert_cmpstr (out, ==, "");
          continue;
        }
      if (status != 0)
        g_error ("%s %s %s: %s", cases[c].level, o1, o2 != NULL ? o2 : "", err);
      /* The rows after the first line (Flood-It's header holds the move
       * limit, which no drawing shows). */
      g_assert_nonnull (strchr (out, '\n'));
      if (g_str_has_suffix (cases[c].level, ".flood"))
        g_assert_cmpstr (strchr (out, '\n'), ==, strchr (native, '\n'));
      else if (!g_str_equal (out, native))
        g_error ("%s %s %s read as\n%s(%s)\nnot\n%s", cases[c].level, o1,
                 o2 != NULL ? o2 : "", out, err, native);
    }
}

static void
test_read_back (void)
{
  static const char *const games[][3] = {
    { "flow", "9x9", "Flow Free" }, { "flood", "10x8", "Flood-It" }, { "lights", "7x6", "Enlight" },
    /* (seed 11 leaves no outer row or column of Infinite Loop empty: an
     * empty one draws nothing, and no picture shows it) */
    { "loop", "7x6", "Infinite Loop" },
  };

  for (gsize g = 0; g < G_N_ELEMENTS (games); g++)
    {
      g_autofree char *level = tmp ("level.txt"), *png = tmp ("shot.png"), *dbg = tmp ("debug.png");
      g_autofree char *out = NULL, *err = NULL, *level_text = NULL, *want = NULL;
      int status;

      status = run (&level_text, &err, "generate", "--game", games[g][0], "--size", games[g][1],
                    "--seed", "11", NULL);
      g_assert_cmpint (status, ==, 0);
      g_assert_true (g_file_set_contents (level, level_text, -1, NULL));
      g_clear_pointer (&err, g_free);
      g_clear_pointer (&out, g_free);
      status = run (&out, &err, "render", "--game", games[g][0], level, "-o", png, "--cell", "40", NULL);
      g_assert_cmpint (status, ==, 0);
      g_clear_pointer (&err, g_free);
      g_clear_pointer (&out, g_free);
      status = run (&out, &err, "detect", png, "--debug", dbg, NULL);
      if (status != 0)
        g_error ("%s: %s", games[g][0], err);
      g_assert_true (g_file_test (dbg, G_FILE_TEST_EXISTS));
      /* Flood-It's move limit is not in the picture. */
      want = g_strdup (level_text);
      if (g_str_equal (games[g][0], "flood"))
        {
          g_assert_nonnull (strchr (out, '\n'));
          g_assert_nonnull (strchr (want, '\n'));
          g_assert_cmpstr (strchr (out, '\n'), ==, strchr (want, '\n'));
        }
      else
        g_assert_cmpstr (out, ==, want);
      /* The report names the game and the size. */
      g_assert_nonnull (strstr (err, games[g][2]));
      /* The same picture on standard input ("-") reads the same. */
      {
        g_autofree char *out2 = NULL, *err2 = NULL;

        g_assert_cmpint (run_detect_stdin (&out2, &err2, png), ==, 0);
        g_assert_cmpstr (out2, ==, out);
      }
      /* A --debug picture that cannot be written is an error (exit 2,
       * the reason said); it was exit 0, and on a full disk a cut PNG. */
      {
        g_autofree char *out3 = NULL, *err3 = NULL;
        g_autofree char *nowhere = tmp ("no-such-folder/debug.png");

        g_assert_cmpint (run (&out3, &err3, "detect", png, "--debug", nowhere, NULL), ==, 2);
        g_assert_nonnull (strstr (err3, "does not exist"));
      }
      g_unlink (level);
      g_unlink (png);
      g_unlink (dbg);
    }
}

static void
test_exit_codes (void)
{
  g_autofree char *text = tmp ("notes.png"), *missing = tmp ("none.png");
  g_autofree char *out = NULL, *err = NULL;
  int status;

  g_assert_true (g_file_set_contents (text, "1 0 1\nnot a picture\n", -1, NULL));
  status = run (&out, &err, "detect", text, NULL);
  g_assert_cmpint (status, ==, 2);
  g_assert_nonnull (strstr (err, text));
  g_assert_cmpstr (out, ==, "");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  status = run (&out, &err, "detect", missing, NULL);
  g_assert_cmpint (status, ==, 2);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* A file that opens but cannot be read is named once, worded as a
   * level's reader words it: GLib's own message named it again ("…/mem:
   * Error reading file “…/mem”: Input/output error"). /proc/self/mem
   * fails so for any user (address 0 is not mapped); chmod 000 only
   * stops a user who is not root. */
  if (g_file_test ("/proc/self/mem", G_FILE_TEST_EXISTS))
    {
      status = run (&out, &err, "detect", "/proc/self/mem", NULL);
      g_assert_cmpint (status, ==, 2);
      g_assert_cmpstr (err, ==, "hintboard-cli: /proc/self/mem: cannot read: Input/output error\n");
      g_clear_pointer (&out, g_free);
      g_clear_pointer (&err, g_free);
    }
  /* A folder on standard input is not a picture: the levels' reader's
   * "not a level file" was said of it. */
  status = run_detect_stdin (&out, &err, tmpdir);
  g_assert_cmpint (status, ==, 2);
  g_assert_cmpstr (err, ==, "hintboard-cli: -: is a folder, not a picture\n");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  if (geteuid () != 0)
    {
      g_autofree char *locked = tmp ("locked.png");
      g_autofree char *want = g_strdup_printf ("hintboard-cli: %s: Permission denied\n", locked);

      g_assert_true (g_file_set_contents (locked, "\x89PNG", -1, NULL));
      g_assert_cmpint (g_chmod (locked, 0), ==, 0);
      status = run (&out, &err, "detect", locked, NULL);
      g_assert_cmpint (status, ==, 2);
      g_assert_cmpstr (err, ==, want);
      g_unlink (locked);
      g_clear_pointer (&out, g_free);
      g_clear_pointer (&err, g_free);
    }

  /* An option error is named with the command, as every command's is
   * ("Missing argument for --debug" stood alone: review). */
  status = run (&out, &err, "detect", "--debug", NULL);
  g_assert_cmpint (status, ==, 2);
  g_assert_cmpstr (err, ==, "hintboard-cli: detect: missing argument for --debug\n"
                            "Try 'hintboard-cli detect --help'.\n");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* Control characters in a file name are shown escaped, on one line
   * (an ESC and a line break went out raw). */
  {
    g_autofree char *odd = tmp ("g\033a\nb.png");
    status = run (&out, &err, "detect", odd, NULL);
    g_assert_cmpint (status, ==, 2);
    g_assert_nonnull (strstr (err, "g\\x1ba\\nb.png"));
    g_assert_null (strchr (err, '\033'));
    g_assert_cmpint (strchr (err, '\n') - err, ==, (int) strlen (err) - 1);
  }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* A flat grey picture: read, but no board. (A PPM was read too, as any
   * picture GdkPixbuf reads: only PNG, JPEG and WebP are now.) */
  {
    /* 64x48 of grey 180, a PNG (ImageMagick's, -strip). */
    static const char png[] =
      "\x89\x50\x4e\x47\x0d\x0a\x1a\x0a\x00\x00\x00\x0d\x49\x48\x44\x52\x00\x00"
      "\x00\x40\x00\x00\x00\x30\x08\x02\x00\x00\x00\x2e\x29\xeb\x48\x00\x00\x00"
      "\x62\x49\x44\x41\x54\x68\xde\xed\xcf\x41\x0d\x00\x20\x10\xc0\x30\xc0\xbf"
      "\x9c\x13\x88\x08\x1e\x0d\xc9\xa6\xa0\xdb\x33\xb3\x7e\xee\x68\x40\x03\x1a"
      "\xd0\x80\x06\x34\xa0\x01\x0d\x68\x40\x03\x1a\xd0\x80\x06\x34\xa0\x01\x0d"
      "\x68\x40\x03\x1a\xd0\x80\x06\x34\xa0\x01\x0d\x68\x40\x03\x1a\xd0\x80\x06"
      "\x34\xa0\x01\x0d\x68\x40\x03\x1a\xd0\x80\x06\x34\xa0\x01\x0d\x68\x40\x03"
      "\x1a\xd0\x80\x06\x34\xa0\x01\xaf\x5d\x43\x15\x02\x7c\x71\xd6\xaf\x88\x00"
      "\x00\x00\x00\x49\x45\x4e\x44\xae\x42\x60\x82";
    g_autofree char *path = tmp ("flat.png");
    g_autofree char *ppm = tmp ("flat.ppm");
    GString *data = g_string_new ("P6\n64 48\n255\n");
    for (int i = 0; i < 64 * 48 * 3; i++)
      g_string_append_c (data, (char) 180);
    g_assert_true (g_file_set_contents (ppm, data->str, (gssize) data->len, NULL));
    g_string_free (data, TRUE);
    status = run (&out, &err, "detect", ppm, NULL);
    g_assert_cmpint (status, ==, 2);
    g_assert_nonnull (strstr (err, "not a picture that can be read (PNG, JPEG or WebP)"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    g_unlink (ppm);
    g_assert_true (g_file_set_contents (path, png, sizeof png - 1, NULL));
    status = run (&out, &err, "detect", path, NULL);
    g_assert_cmpint (status, ==, 1);
    g_assert_nonnull (strstr (err, "No board"));
    /* A line per game, not one line with escaped breaks. */
    g_assert_nonnull (strstr (err, ":\n  No Flow Free board"));
    g_unlink (path);
  }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  /* A picture too small for any board is read and has none: exit 1, as
   * the flat one (it was "unreadable", exit 2: review). */
  {
    /* One white pixel. */
    static const char png[] =
      "\x89\x50\x4e\x47\x0d\x0a\x1a\x0a\x00\x00\x00\x0d\x49\x48\x44\x52\x00\x00"
      "\x00\x01\x00\x00\x00\x01\x08\x02\x00\x00\x00\x90\x77\x53\xde\x00\x00\x00"
      "\x0c\x49\x44\x41\x54\x78\x9c\x63\xf8\xff\xff\x3f\x00\x05\xfe\x02\xfe\x0d"
      "\xef\x46\xb8\x00\x00\x00\x00\x49\x45\x4e\x44\xae\x42\x60\x82";
    g_autofree char *path = tmp ("one.png");

    g_assert_true (g_file_set_contents (path, png, sizeof png - 1, NULL));
    status = run (&out, &err, "detect", path, NULL);
    g_assert_cmpint (status, ==, 1);
    g_assert_nonnull (strstr (err, "the picture is 1×1 pixels, too small to show a board"));
    g_unlink (path);
  }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  status = run (&out, &err, "detect", "--game", "nosuchgame", text, NULL);
  g_assert_cmpint (status, ==, 2);
  /* A usage error as the other commands' are, the games in their order. */
  g_assert_nonnull (strstr (err, "(games that read pictures: lights, loop, flood, flow)\nTry "));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  /* --debug draws a PNG only: another name is refused (it got a PNG). */
  status = run (&out, &err, "detect", "--debug", "dbg.svg", text, NULL);
  g_assert_cmpint (status, ==, 2);
  g_assert_nonnull (strstr (err, "--debug draws a PNG"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  status = run (&out, &err, "bench", "detect", "--quick", NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (out, "| picture |"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  /* A 1x1 picture is no board, a row of bench detect's as it is exit 1
   * of detect's, not a picture that cannot be read (exit 2: helper-155). */
  {
    g_autofree char *one = tmp ("one-pixel.png");
    cairo_surface_t *px = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 1, 1);

    g_assert_cmpint (cairo_surface_write_to_png (px, one), ==, CAIRO_STATUS_SUCCESS);
    cairo_surface_destroy (px);
    status = run (&out, &err, "bench", "detect", "--quick", one, NULL);
    g_assert_cmpint (status, ==, 0);
    g_assert_nonnull (strstr (out, "too small to show a board | - | 0 |"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    g_unlink (one);
  }
  /* A blank picture: no board, each game's reason after the other on
   * the row as sentences ("picture:   No Flow Free board …   No Flood-It
   * board": the lines' breaks and indents had become runs of blanks). */
  {
    g_autofree char *blank = tmp ("blank.png");
    cairo_surface_t *px = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 40, 40);
    cairo_t *cr = cairo_create (px);
    const char *row;

    cairo_set_source_rgb (cr, 1, 1, 1);
    cairo_paint (cr);
    cairo_destroy (cr);
    g_assert_cmpint (cairo_surface_write_to_png (px, blank), ==, CAIRO_STATUS_SUCCESS);
    cairo_surface_destroy (px);
    status = run (&out, &err, "bench", "detect", "--quick", blank, NULL);
    g_assert_cmpint (status, ==, 0);
    row = strstr (out, "| No board of any game found in the picture: No ");
    if (row == NULL || strstr (row, "  ") != NULL || strstr (row, "; No ") == NULL)
      g_error ("the no-board row: %s", out);
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    g_unlink (blank);
  }
  g_unlink (text);
}

/* A picture cut through its board: detect says it seems to show a board
 * (it said "No board of any game found" and named the board two lines
 * down: review), with the reading, the cut first among its notes and how
 * to take it; with the game named it reads the part, the cut said. */
static void
test_cut_board (void)
{
  g_autofree char *level = tmp ("cut.flood"), *png = tmp ("cut-whole.png"), *part = tmp ("cut.png");
  g_autofree char *out = NULL, *err = NULL, *want = NULL;
  cairo_surface_t *whole, *cut;
  cairo_t *cr;
  int status;

  status = run (&out, &err, "generate", "--game", "flood", "--size", "10x8", "--seed", "5", NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (g_file_set_contents (level, out, -1, NULL));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (&out, &err, "render", level, "-o", png, "--cell", "40", NULL), ==, 0);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  /* The right edge 20 px into the seventh column. */
  whole = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (whole), ==, CAIRO_STATUS_SUCCESS);
  {
    int bx = (cairo_image_surface_get_width (whole) - 400) / 2;
    cut = cairo_image_surface_create (CAIRO_FORMAT_RGB24, bx + 6 * 40 + 20,
                                      cairo_image_surface_get_height (whole));
  }
  cr = cairo_create (cut);
  cairo_set_source_surface (cr, whole, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
  g_assert_cmpint (cairo_surface_write_to_png (cut, part), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (cut);
  cairo_surface_destroy (whole);

  status = run (&out, &err, "detect", part, NULL);
  g_test_message ("%s", err);
  g_assert_cmpint (status, ==, 1);
  g_assert_cmpstr (out, ==, "");
  want = g_strdup_printf ("hintboard-cli: %s: seems to show a board, but not surely enough to "
                          "read it without --game:\n  Flood-It, 6×8, ", part);
  g_assert_true (g_str_has_prefix (err, want));
  /* The column read along the cut edge, 8 cells, is marked unsure. */
  g_assert_nonnull (strstr (err, " colours, 8 cells unsure\n  The picture’s right edge cuts through "
                                 "the board: "));
  g_assert_null (strstr (err, "No board of any game"));
  g_assert_true (g_str_has_suffix (err, ": to read it as Flood-It all the same: --game flood\n"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  status = run (&out, &err, "detect", "--game", "flood", part, NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (g_str_has_prefix (err, "Flood-It, 6×8, "));
  g_assert_nonnull (strstr (err, "\nThe picture’s right edge cuts through the board: "));
  g_assert_nonnull (out);
  g_unlink (level);
  g_unlink (png);
  g_unlink (part);
}

/* detect parses its options as every command does: "--" ends them, so
 * that a picture named -x.png is read ("detect takes one IMAGE"); an
 * option of one value given twice is refused, nothing read or written
 * (--debug a.png --debug b.png wrote b.png alone, unsaid; --game twice
 * kept the last; bench detect -r 1 -r 2 too). */
static void
test_options (void)
{
  g_autofree char *level = tmp ("opts.flow"), *png = tmp ("-x.png"), *a = tmp ("a.png");
  g_autofree char *b = tmp ("b.png"), *out = NULL, *err = NULL;
  int status;

  g_assert_true (g_file_set_contents (level, "R.G\n...\nR.G\n", -1, NULL));
  status = run (&out, &err, "render", level, "-o", png, "--cell", "40", NULL);
  g_assert_cmpint (status, ==, 0);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  {
    const char *argv[] = { cli, "detect", "--", "-x.png", NULL };
    g_autoptr(GSubprocessLauncher) l =
      g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
    g_autoptr(GSubprocess) p = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(GBytes) o = NULL, e = NULL;

    g_subprocess_launcher_set_cwd (l, tmpdir);
    p = g_subprocess_launcher_spawnv (l, argv, &error);
    g_assert_no_error (error);
    g_subprocess_communicate (p, NULL, NULL, &o, &e, &error);
    g_assert_no_error (error);
    out = g_strndup (g_bytes_get_data (o, NULL), g_bytes_get_size (o));
    err = g_strndup (g_bytes_get_data (e, NULL), g_bytes_get_size (e));
    if (g_subprocess_get_exit_status (p) != 0)
      g_error ("detect -- -x.png: %s", err);
    g_assert_cmpstr (out, ==, "R.G\n...\nR.G\n");
  }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  status = run (&out, &err, "detect", "--debug", a, png, "--debug", b, NULL);
  g_assert_cmpint (status, ==, 2);
  g_assert_cmpstr (out, ==, "");
  g_assert_cmpstr (err, ==, "hintboard-cli: --debug is given twice: give it once\n"
                            "Try 'hintboard-cli detect --help'.\n");
  g_assert_false (g_file_test (a, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (b, G_FILE_TEST_EXISTS));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  status = run (&out, &err, "detect", "-g", "flow", "--game=loop", png, NULL);
  g_assert_cmpint (status, ==, 2);
  g_assert_cmpstr (out, ==, "");
  g_assert_nonnull (strstr (err, "--game is given twice: give it once\n"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  status = run (&out, &err, "bench", "detect", "-r", "1", "--repeats", "2", png, NULL);
  g_assert_cmpint (status, ==, 2);
  g_assert_cmpstr (out, ==, "");
  g_assert_cmpstr (err, ==, "hintboard-cli: --repeats is given twice: give it once\n"
                            "Try 'hintboard-cli bench detect --help'.\n");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  /* bench detect's options before the word too, as every command's
   * ("bench --quick detect" said "unknown game 'detect'"); after a game
   * it is refused saying it goes alone. */
  status = run (&out, &err, "bench", "-r", "1", "--game", "flow", "detect", png, NULL);
  if (status != 0)
    g_error ("bench -r 1 --game flow detect: %s", err);
  g_assert_nonnull (strstr (out, "| Flow Free, 3×3, 2 colours |"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  /* After "--" the word is a word: "bench -- detect" said "'detect'
   * goes alone". */
  status = run (&out, &err, "bench", "-r", "1", "--", "detect", png, NULL);
  if (status != 0)
    g_error ("bench -r 1 -- detect: %s", err);
  g_assert_nonnull (strstr (out, "| Flow Free, 3×3, 2 colours |"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  /* A picture that cannot be read, after one that can: the error alone,
   * on stderr; no table, nor its heading, on stdout (the heading was
   * printed before the error). */
  {
    g_autofree char *missing = tmp ("none.png");
    g_autofree char *want = g_strdup_printf ("hintboard-cli: %s: No such file or directory\n",
                                             missing);

    status = run (&out, &err, "bench", "detect", "-r", "1", png, missing, NULL);
    g_assert_cmpint (status, ==, 2);
    g_assert_cmpstr (out, ==, "");
    g_assert_cmpstr (err, ==, want);
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
  }
  status = run (&out, &err, "bench", "flow", "detect", NULL);
  g_assert_cmpint (status, ==, 2);
  g_assert_cmpstr (out, ==, "");
  g_assert_nonnull (strstr (err, "'detect' goes alone: 'bench detect' times the screenshot reader"));
  g_unlink (level);
  g_unlink (png);
}

int
main (int argc, char **argv)
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  cli = g_getenv ("HB_CLI");
  if (cli == NULL)
    {
      g_printerr ("HB_CLI is not set\n");
      return 77;
    }
  tmpdir = g_dir_make_tmp ("hb-cli-detect-XXXXXX", NULL);
  g_test_add_func ("/cli/detect/read-back", test_read_back);
  g_test_add_func ("/cli/detect/bundled-read-back", test_bundled_read_back);
  g_test_add_func ("/cli/detect/exit-codes", test_exit_codes);
  g_test_add_func ("/cli/detect/options", test_options);
  g_test_add_func ("/cli/detect/cut-board", test_cut_board);
  ret = g_test_run ();
  /* A test that leaves a file behind fails (the folder would stay). */
  if (g_rmdir (tmpdir) != 0)
    {
      g_printerr ("%s: not empty after the tests\n", tmpdir);
      ret = ret != 0 ? ret : 1;
    }
  return ret;
}
