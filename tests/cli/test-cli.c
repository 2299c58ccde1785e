/* hintboard-cli end to end: every command, exit codes, error messages
 * naming file, line and column, standard input, and solutions checked by
 * code of this test's own (not the game's). */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

static const char *cli;
static char *tmpdir;

typedef struct {
  int   status;
  char *out;
  char *err;
} Run;

static void
run_clear (Run *r)
{
  g_free (r->out);
  g_free (r->err);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

static char *
bytes_to_string (GBytes *b)
{
  gsize n = 0;
  const char *data = b ? g_bytes_get_data (b, &n) : NULL;
  return data ? g_strndup (data, n) : g_strdup ("");
}

/* Runs the CLI with a NULL-terminated argument list, feeding `input` (may
 * be NULL) to standard input. */
static void
run_cli (Run *r, const char *input, ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocess) p = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) in = g_bytes_new (input ? input : "", input ? strlen (input) : 0);
  g_autoptr(GBytes) out = NULL, err = NULL;
  va_list ap;
  const char *a;

  g_ptr_array_add (argv, (gpointer) cli);
  va_start (ap, input);
  while ((a = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (argv, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  p = g_subprocess_newv ((const char *const *) argv->pdata,
                         G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                         | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
  g_assert_no_error (error);
  g_subprocess_communicate (p, in, NULL, &out, &err, &error);
  g_assert_no_error (error);
  r->status = g_subprocess_get_if_exited (p) ? g_subprocess_get_exit_status (p) : -1;
  r->out = bytes_to_string (out);
  r->err = bytes_to_string (err);
}

static char *
write_tmp (const char *name, const char *text)
{
  char *path = g_build_filename (tmpdir, name, NULL);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

/* Independent of the game code: parse a 0/1 grid, press, check all off. */
static gboolean
presses_solve (const char *board, const char *presses)
{
  g_auto(GStrv) b = g_strsplit (board, "\n", -1);
  g_auto(GStrv) p = g_strsplit (presses, "\n", -1);
  int h = 0, w = (int) strlen (b[0]);
  g_autofree int *cells = NULL;

  while (b[h] && b[h][0])
    h++;
  cells = g_new0 (int, w * h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      cells[y * w + x] = b[y][x] == '1';
  for (int y = 0; y < h; y++)
    {
      g_assert_nonnull (p[y]);
      g_assert_cmpint ((int) strlen (p[y]), ==, w);
      for (int x = 0; x < w; x++)
        if (p[y][x] == '1')
          {
            static const int d[5][2] = { { 0, 0 }, { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
            for (int k = 0; k < 5; k++)
              {
                int nx = x + d[k][0], ny = y + d[k][1];
                if (nx >= 0 && ny >= 0 && nx < w && ny < h)
                  cells[ny * w + nx] ^= 1;
              }
          }
        else
          g_assert_cmpint (p[y][x], ==, '0');
    }
  for (int i = 0; i < w * h; i++)
    if (cells[i])
      return FALSE;
  return TRUE;
}

static void
test_list (void)
{
  g_auto(Run) r = { 0 };
  g_auto(GStrv) lines = NULL;
  gboolean seen_lights = FALSE;

  run_cli (&r, NULL, "list", NULL);
  g_assert_cmpint (r.status, ==, 0);
  lines = g_strsplit (r.out, "\n", -1);
  for (int i = 0; lines[i] && lines[i][0]; i++)
    {
      g_auto(GStrv) f = g_strsplit (lines[i], "\t", -1);
      g_assert_cmpuint (g_strv_length (f), ==, 3);
      g_assert_true (strlen (f[2]) > 10);
      /* The first solver listed for a game is its default: Enlight's is GF(2). */
      if (g_str_equal (f[0], "lights") && !seen_lights)
        {
          g_assert_cmpstr (f[1], ==, "gf2");
          seen_lights = TRUE;
        }
    }
  g_assert_true (seen_lights);
}

static void
test_solve (void)
{
  const char *board = "11000\n10100\n01110\n00100\n00000\n";
  g_autofree char *path = write_tmp ("a.lights", board);
  const char *solvers[] = { "gf2", "backtrack" };

  for (guint i = 0; i < G_N_ELEMENTS (solvers); i++)
    {
      g_auto(Run) r = { 0 };
      run_cli (&r, NULL, "solve", "--stats", "--solver", solvers[i], path, NULL);
      g_assert_cmpint (r.status, ==, 0);
      g_assert_true (presses_solve (board, r.out));
      g_assert_nonnull (strstr (r.err, "status: solved"));
    }
  /* Standard input with --game. */
  {
    g_auto(Run) r = { 0 };
    run_cli (&r, board, "solve", "--game", "lights", "-", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_true (presses_solve (board, r.out));
    g_assert_cmpstr (r.err, ==, "");
  }
  /* A Flip ID on standard input is recognised without --game. */
  {
    g_auto(Run) r = { 0 };
    run_cli (&r, "3x3:d074191345d1644c17058,028\n", "solve", "-", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_true (presses_solve ("000\n000\n101\n", r.out));
  }
}

static void
test_no_solution (void)
{
  /* 5×5 with one corner lit: the corner is in the support of a null-space
   * pattern (10101/10101/00000/10101/10101) an odd number of times, so no
   * press set clears it. */
  g_autofree char *path = write_tmp ("corner.lights", "10000\n00000\n00000\n00000\n00000\n");
  g_auto(Run) r = { 0 };

  run_cli (&r, NULL, "solve", path, NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_cmpstr (r.out, ==, "");
  g_assert_nonnull (strstr (r.err, "no solution"));
}

static void
expect_bad (const char *name, const char *text, const char *needle)
{
  g_autofree char *path = write_tmp (name, text);
  g_autofree char *prefix = g_strdup_printf ("hintboard-cli: %s:", path);
  g_auto(Run) r = { 0 };

  run_cli (&r, NULL, "solve", path, NULL);
  g_assert_cmpint (r.status, ==, 2);
  g_assert_cmpstr (r.out, ==, "");
  /* One line, naming the file. */
  g_assert_true (g_str_has_prefix (r.err, prefix));
  g_assert_nonnull (strstr (r.err, needle));
  g_assert_true (strchr (r.err, '\n') == r.err + strlen (r.err) - 1);
}

static void
test_bad_input (void)
{
  expect_bad ("ragged.lights", "101\n10\n", ":2:3: this row has 2 cells");
  expect_bad ("char.lights", "101\n1z1\n", ":2:2: unknown character 'z'");
  expect_bad ("empty.lights", "", ":1:1: the file holds no board");
  expect_bad ("huge.lights", "100000x100000:0,0\n", "too large");
  expect_bad ("trunc.lights", "3x3:d074191345d1644c170", "truncated");
  expect_bad ("binary.lights", "01\n\377\376\n", "not valid UTF-8");
  expect_bad ("what.txt", "hello\n", "cannot tell which game");
  {
    g_auto(Run) r = { 0 };
    run_cli (&r, NULL, "solve", "/nonexistent/level.lights", NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "/nonexistent/level.lights"));
  }
  {
    g_auto(Run) r = { 0 };
    run_cli (&r, NULL, "solve", "--game", "chess", "-", NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "unknown game 'chess'"));
  }
  {
    g_auto(Run) r = { 0 };
    run_cli (&r, NULL, "frobnicate", NULL);
    g_assert_cmpint (r.status, ==, 2);
  }
  {
    g_autofree char *path = write_tmp ("ok.lights", "1\n");
    g_auto(Run) r = { 0 };
    run_cli (&r, NULL, "solve", "--solver", "magic", path, NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "no solver 'magic'"));
  }
}

static void
test_hint_render (void)
{
  g_autofree char *path = write_tmp ("h.lights", "010\n111\n010\n");
  g_autofree char *png = g_build_filename (tmpdir, "h.png", NULL);
  g_autofree char *svg = g_build_filename (tmpdir, "h.svg", NULL);
  g_autofree char *data = NULL;
  gsize len = 0;

  {
    g_auto(Run) r = { 0 };
    run_cli (&r, NULL, "hint", path, NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.out, "Press the marked cell"));
    g_assert_nonnull (strstr (r.out, "next: column 2, row 2"));
  }
  {
    g_auto(Run) r = { 0 };
    run_cli (&r, NULL, "render", path, "-o", png, "--hints", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_true (g_file_get_contents (png, &data, &len, NULL));
    g_assert_cmpuint (len, >, 100);
    g_assert_cmpmem (data, 8, "\211PNG\r\n\032\n", 8);
    g_clear_pointer (&data, g_free);
  }
  {
    g_auto(Run) r = { 0 };
    run_cli (&r, NULL, "render", path, "-o", svg, "--solution", "--dark", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_true (g_file_get_contents (svg, &data, &len, NULL));
    g_assert_nonnull (strstr (data, "<svg"));
  }
  {
    g_auto(Run) r = { 0 };
    run_cli (&r, NULL, "render", path, "-o", "out.gif", NULL);
    g_assert_cmpint (r.status, ==, 2);
  }
}

/* render --animate: the solution as an animated PNG, with the exit codes
 * of solve. (tests/core/test-anim.c reads the chunks in depth.) */
static void
test_render_animate (void)
{
  g_autofree char *path = write_tmp ("anim.lights", "11000\n10100\n01110\n00100\n00000\n");
  g_autofree char *corner = write_tmp ("anim-corner.lights", "10000\n00000\n00000\n00000\n00000\n");
  g_autofree char *png = g_build_filename (tmpdir, "anim.png", NULL);
  g_autofree char *none = g_build_filename (tmpdir, "none.png", NULL);
  g_autofree char *svg = g_build_filename (tmpdir, "anim.svg", NULL);
  g_autofree char *data = NULL;
  gsize len = 0;

  {
    g_auto(Run) r = { 0 };
    run_cli (&r, NULL, "render", path, "--animate", "-o", png, "--solver", "backtrack",
             "--dark", "--cell", "20", "--delay", "300", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_cmpstr (r.err, ==, "");
    g_assert_true (g_file_get_contents (png, &data, &len, NULL));
    g_assert_cmpuint (len, >, 100);
    g_assert_cmpmem (data, 8, "\211PNG\r\n\032\n", 8);
    /* acTL right after the 13-byte IHDR: 8 + 25 bytes in. */
    g_assert_cmpmem (data + 8 + 25 + 4, 4, "acTL", 4);
    g_assert_nonnull (memmem (data, len, "fdAT", 4));
  }
  {
    /* No solution: exit 1, and no file. */
    g_auto(Run) r = { 0 };
    run_cli (&r, NULL, "render", corner, "--animate", "-o", none, NULL);
    g_assert_cmpint (r.status, ==, 1);
    g_assert_nonnull (strstr (r.err, "no solution"));
    g_assert_false (g_file_test (none, G_FILE_TEST_EXISTS));
  }
  {
    g_auto(Run) r = { 0 };
    run_cli (&r, NULL, "render", path, "--animate", "-o", svg, NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, ".png"));
  }
  {
    g_auto(Run) r = { 0 };
    run_cli (&r, NULL, "render", path, "--animate", "--delay", "0", "-o", png, NULL);
    g_assert_cmpint (r.status, ==, 2);
  }
}

static void
test_generate_convert (void)
{
  g_auto(Run) a = { 0 };
  g_auto(Run) b = { 0 };
  g_auto(Run) c = { 0 };
  g_auto(Run) d = { 0 };
  g_auto(Run) s = { 0 };

  run_cli (&a, NULL, "generate", "--game", "lights", "--size", "6x4", "--seed", "7", NULL);
  run_cli (&b, NULL, "generate", "--game", "lights", "--size", "6x4", "--seed", "7", NULL);
  g_assert_cmpint (a.status, ==, 0);
  g_assert_cmpstr (a.out, ==, b.out);
  g_assert_cmpuint (strlen (a.out), ==, 4 * 7);
  /* Generated levels are solvable. */
  run_cli (&s, a.out, "solve", "--game", "lights", "-", NULL);
  g_assert_cmpint (s.status, ==, 0);
  g_assert_true (presses_solve (a.out, s.out));
  /* To a Flip ID and back. */
  run_cli (&c, a.out, "convert", "--game", "lights", "--to", "tatham", "-", NULL);
  g_assert_cmpint (c.status, ==, 0);
  g_assert_true (g_str_has_prefix (c.out, "6x4:"));
  run_cli (&d, c.out, "convert", "--to", "native", "-", NULL);
  g_assert_cmpint (d.status, ==, 0);
  g_assert_cmpstr (d.out, ==, a.out);
  {
    g_auto(Run) r = { 0 };
    run_cli (&r, NULL, "generate", "--game", "lights", "--size", "0x5", NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "empty"));
  }
  {
    /* 2^32 + 3 must not wrap round to a 3-wide board. */
    g_auto(Run) r = { 0 };
    run_cli (&r, NULL, "generate", "--game", "lights", "--size", "4294967299x3", NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "too large"));
  }
}

static void
test_bench_quick (void)
{
  g_auto(Run) r = { 0 };

  run_cli (&r, NULL, "bench", "--quick", "lights", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "| board"));
  g_assert_nonnull (strstr (r.out, "gf2"));
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  cli = g_getenv ("HB_CLI");
  g_assert_nonnull (cli);
  tmpdir = g_dir_make_tmp ("hb-cli-XXXXXX", NULL);
  g_assert_nonnull (tmpdir);
  g_test_add_func ("/cli/list", test_list);
  g_test_add_func ("/cli/solve", test_solve);
  g_test_add_func ("/cli/no-solution", test_no_solution);
  g_test_add_func ("/cli/bad-input", test_bad_input);
  g_test_add_func ("/cli/hint-render", test_hint_render);
  g_test_add_func ("/cli/render-animate", test_render_animate);
  g_test_add_func ("/cli/generate-convert", test_generate_convert);
  g_test_add_func ("/cli/bench-quick", test_bench_quick);
  status = g_test_run ();
  {
    g_autoptr(GFile) dir = g_file_new_for_path (tmpdir);
    g_autoptr(GFileEnumerator) e = g_file_enumerate_children (dir, G_FILE_ATTRIBUTE_STANDARD_NAME,
                                                              0, NULL, NULL);
    GFileInfo *info;
    while (e && (info = g_file_enumerator_next_file (e, NULL, NULL)))
      {
        g_autofree char *p = g_build_filename (tmpdir, g_file_info_get_name (info), NULL);
        g_unlink (p);
        g_object_unref (info);
      }
    g_rmdir (tmpdir);
  }
  g_free (tmpdir);
  return status;
}
