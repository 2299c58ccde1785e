/* hintboard-cli end to end: every command, exit codes, error messages
 * naming file, line and column, standard input, and solutions checked by
 * code of this test's own (not the game's). */
#include "cli-run.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>

static const char *cli;
static char *tmpdir;

/* Runs argv (cli is put first when `with_cli`): see cli_run_argv. */
static void
run_argv (CliRun *r, const char *cwd, int stdin_fd, const char *input, gboolean with_cli,
          va_list ap)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  const char *a;

  if (with_cli)
    g_ptr_array_add (argv, (gpointer) cli);
  while ((a = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (argv, (gpointer) a);
  g_ptr_array_add (argv, NULL);
  cli_run_argv (r, (const char *const *) argv->pdata, cwd, stdin_fd, input);
}

/* Sets `name` back to `value`, or unsets it when that is NULL. */
static void
restore_env (const char *name, const char *value)
{
  if (value != NULL)
    g_setenv (name, value, TRUE);
  else
    g_unsetenv (name);
}

/* Runs the CLI with a NULL-terminated argument list, feeding `input` (may
 * be NULL) to standard input. */
static void
run_cli (CliRun *r, const char *input, ...)
{
  va_list ap;

  va_start (ap, input);
  run_argv (r, NULL, -1, input, TRUE, ap);
  va_end (ap);
}

/* The same in the folder cwd. */
static void
run_cli_in (CliRun *r, const char *cwd, ...)
{
  va_list ap;

  va_start (ap, cwd);
  run_argv (r, cwd, -1, NULL, TRUE, ap);
  va_end (ap);
}

/* The same with standard input read from the descriptor fd (taken). */
static void
run_cli_fd (CliRun *r, int fd, ...)
{
  va_list ap;

  va_start (ap, fd);
  run_argv (r, NULL, fd, NULL, TRUE, ap);
  va_end (ap);
}

/* Any command (no CLI put first). */
static void
run_cmd (CliRun *r, ...)
{
  va_list ap;

  va_start (ap, r);
  run_argv (r, NULL, -1, NULL, FALSE, ap);
  va_end (ap);
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

/* With no locale set (the C locale, ASCII), an option's value beyond
 * ASCII is read as UTF-8, as a terminal sends it: "--game flöw" said
 * "invalid byte sequence in conversion input", naming nothing, and the
 * help wrote "[OPTION?]". */
static void
test_ascii_locale (void)
{
  g_autofree char *all = g_strdup (g_getenv ("LC_ALL"));
  g_autofree char *path = write_tmp ("locale.lights", "11\n11\n");
  g_auto(CliRun) game = { 0 };
  g_auto(CliRun) set = { 0 };
  g_auto(CliRun) help = { 0 };

  g_setenv ("LC_ALL", "C", TRUE);
  run_cli (&game, NULL, "solve", "--game", "fl\xc3\xb6w", path, NULL);
  run_cli (&set, NULL, "solve", "--set", "caf\xc3\xa9=1", path, NULL);
  run_cli (&help, NULL, "solve", "--help", NULL);
  restore_env ("LC_ALL", all);
  g_assert_cmpint (game.status, ==, 2);
  g_assert_cmpstr (game.err, ==, "hintboard-cli: unknown game 'fl\xc3\xb6w' (known: lights, loop, "
                                 "flood, flow)\nTry 'hintboard-cli --help'.\n");
  g_assert_cmpint (set.status, ==, 2);
  g_assert_nonnull (strstr (set.err, "unknown setting “caf"));
  g_assert_cmpint (help.status, ==, 0);
  g_assert_nonnull (strstr (help.out, "solve [OPTION\xe2\x80\xa6] FILE"));
  /* A value that is no UTF-8 names itself and its option (GOption's
   * "invalid byte sequence in conversion input" named nothing). */
  {
    g_auto(CliRun) r = { 0 };
    g_auto(CliRun) d = { 0 };

    run_cli (&r, NULL, "solve", "--game", "fl\377w", path, NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_cmpstr (r.err, ==, "hintboard-cli: solve: --game takes text in UTF-8, not 'fl\\xffw'\n"
                                "Try 'hintboard-cli solve --help'.\n");
    run_cli (&d, NULL, "detect", "-gfl\377w", path, NULL);
    g_assert_cmpint (d.status, ==, 2);
    g_assert_cmpstr (d.err, ==, "hintboard-cli: detect: -g takes text in UTF-8, not 'fl\\xffw'\n"
                                "Try 'hintboard-cli detect --help'.\n");
  }
  /* A file's name that is no UTF-8, after a flag or as a file option's
   * value, is no text option's value: the option said is the one whose
   * value could not be read ("--stats takes text in UTF-8, not
   * 'caf\xe9.lights'" blamed the flag before the level's name). */
  {
    g_auto(CliRun) r = { 0 };
    g_auto(CliRun) d = { 0 };

    run_cli (&r, NULL, "solve", "--stats", "caf\351.lights", "--game", "fl\377w", NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_cmpstr (r.err, ==, "hintboard-cli: solve: --game takes text in UTF-8, not 'fl\\xffw'\n"
                                "Try 'hintboard-cli solve --help'.\n");
    run_cli (&d, NULL, "detect", "--debug", "caf\351", "-g", "fl\377w", path, NULL);
    g_assert_cmpint (d.status, ==, 2);
    g_assert_cmpstr (d.err, ==, "hintboard-cli: detect: -g takes text in UTF-8, not 'fl\\xffw'\n"
                                "Try 'hintboard-cli detect --help'.\n");
  }
}

/* --version says the version; "help COMMAND" is "COMMAND --help" (it
 * printed the commands: review). */
static void
test_version_and_help (void)
{
  g_auto(CliRun) v = { 0 };
  g_auto(CliRun) a = { 0 };
  g_auto(CliRun) b = { 0 };

  run_cli (&v, NULL, "--version", NULL);
  g_assert_cmpint (v.status, ==, 0);
  g_assert_true (g_str_has_prefix (v.out, "hintboard-cli "));
  g_assert_true (g_ascii_isdigit (v.out[strlen ("hintboard-cli ")]));
  run_cli (&a, NULL, "help", "solve", NULL);
  run_cli (&b, NULL, "solve", "--help", NULL);
  g_assert_cmpint (a.status, ==, 0);
  g_assert_nonnull (strstr (a.out, "--solver"));
  g_assert_cmpstr (a.out, ==, b.out);
  /* bench detect, the one command of two words (review). */
  {
    g_auto(CliRun) c = { 0 };
    g_auto(CliRun) d = { 0 };

    run_cli (&c, NULL, "help", "bench", "detect", NULL);
    run_cli (&d, NULL, "bench", "detect", "--help", NULL);
    g_assert_cmpint (c.status, ==, 0);
    g_assert_nonnull (strstr (c.out, "time screenshot import"));
    g_assert_cmpstr (c.out, ==, d.out);
  }
  /* The ranges README gives, in the help too (--delay's and --size's
   * were said only when refused, --count's nowhere). */
  {
    static const char *const want[][2] = {
      { "solve", "--count=N           Count solutions up to N, 1 to 1000000" },
      { "render", "milliseconds per move, 10 to 60000 (default 500;" },
      { "render", "Cell size in pixels, 4 to 256" },
      { "generate", "--size=WxH          Board size, sides 1 to 4096" },
      { "generate", "Number of colours: Flood-It 2 to 10, Flow Free 1 to 88" },
      /* Each line ends in the limits the solver honours (README's row). */
      { "list", "one line per solver: game, solver, summary, the limits it honours" },
      /* What the commands do, said whole (render's --solver named only
       * --solution and --animate, not --plot; list --settings only the
       * solvers' settings, not the generators'). */
      { "render", "The solver for --solution, --animate and --plot" },
      { "render", "or a solver's run as a plot" },
      { "list", "every solver's and generator's settings" },
      { "solve", "--seed=N            Seed for stochastic solvers, 0 to 18446744073709551615 (default 1;" },
    };
    for (guint i = 0; i < G_N_ELEMENTS (want); i++)
      {
        g_auto(CliRun) h = { 0 };
        run_cli (&h, NULL, want[i][0], "--help", NULL);
        if (strstr (h.out, want[i][1]) == NULL)
          g_error ("'%s --help' lacks '%s':\n%s", want[i][0], want[i][1], h.out);
      }
  }
  /* list --settings names generate's seed, which --set takes too (it
   * listed only each game's own generator settings). */
  {
    g_auto(CliRun) l = { 0 };

    run_cli (&l, NULL, "list", "--settings", NULL);
    g_assert_cmpint (l.status, ==, 0);
    g_assert_nonnull (strstr (l.out, "every generator (generate --set, or --seed):\n"
                                     "    seed           seed 0..18446744073709551615"));
  }
  /* The commands' lines: generate's size and seed optional, render's
   * hints and plot, bench's detect (they were left out). */
  {
    g_auto(CliRun) h = { 0 };

    run_cli (&h, NULL, "help", NULL);
    g_assert_cmpint (h.status, ==, 0);
    g_assert_nonnull (strstr (h.out, "make a random level: --game G [--size WxH] [--seed N]\n"));
    g_assert_nonnull (strstr (h.out, "[--hints], --animate it, or --plot a run\n"));
    g_assert_nonnull (strstr (h.out, "or the screenshot reader (bench detect)"));
  }
  /* bench's help points at bench detect's, whose usage names it whole
   * (it read "detect [OPTION…]": review). */
  {
    g_auto(CliRun) bh = { 0 }, dh = { 0 };
    run_cli (&bh, NULL, "bench", "--help", NULL);
    run_cli (&dh, NULL, "bench", "detect", "--help", NULL);
    g_assert_nonnull (strstr (bh.out, "bench detect --help"));
    g_assert_nonnull (strstr (dh.out, "  bench detect [OPTION…] [IMAGE…]"));
  }
  /* An unknown command, or more words, are refused ("help foo" printed
   * the commands, exit 0: review). */
  {
    static const char *const bad[][4] = {
      { "help", "foo", NULL }, { "help", "solve", "extra", NULL }, { "--version", "extra", NULL },
    };
    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_auto(CliRun) r = { 0 };
        run_cli (&r, NULL, bad[i][0], bad[i][1], bad[i][2], NULL);
        g_assert_cmpint (r.status, ==, 2);
        g_assert_cmpstr (r.out, ==, "");
      }
  }
}

static void
test_list (void)
{
  g_auto(CliRun) r = { 0 };
  g_auto(GStrv) lines = NULL;
  g_auto(CliRun) help = { 0 };
  gboolean seen_lights = FALSE;

  run_cli (&r, NULL, "list", NULL);
  /* --game's help names every game that `list` shows. */
  run_cli (&help, NULL, "render", "--help", NULL);
  g_assert_cmpint (help.status, ==, 0);
  g_assert_cmpint (r.status, ==, 0);
  lines = g_strsplit (r.out, "\n", -1);
  for (int i = 0; lines[i] && lines[i][0]; i++)
    {
      g_auto(GStrv) f = g_strsplit (lines[i], "\t", -1);
      g_assert_cmpuint (g_strv_length (f), ==, 4);
      g_assert_true (strlen (f[2]) > 10);
      g_assert_nonnull (strstr (help.out, f[0]));
      /* The limits it honours: every solver the time limit. */
      g_assert_true (g_str_has_prefix (f[3], "limits: time"));
      if (g_str_equal (f[1], "greedy") || g_str_equal (f[1], "maxflow"))
        g_assert_cmpstr (f[3], ==, "limits: time (no node limit: it does not search)");
      else if (g_str_equal (f[1], "backtrack") && !g_str_equal (f[0], "loop"))
        /* Enlight's and Flow's backtracking stop at a limit of their own. */
        g_assert_cmpstr (f[3], ==, "limits: time, nodes (without --set node-limit, its own)");
      else if (!g_str_equal (f[3], "limits: time (no node limit: it does not search)")
               && !g_str_has_suffix (f[3], "its own)"))
        g_assert_cmpstr (f[3], ==, "limits: time, nodes");
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
      g_auto(CliRun) r = { 0 };
      run_cli (&r, NULL, "solve", "--stats", "--solver", solvers[i], path, NULL);
      g_assert_cmpint (r.status, ==, 0);
      g_assert_true (presses_solve (board, r.out));
      g_assert_nonnull (strstr (r.err, "status: solved"));
    }
  /* Standard input with --game. */
  {
    g_auto(CliRun) r = { 0 };
    run_cli (&r, board, "solve", "--game", "lights", "-", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_true (presses_solve (board, r.out));
    g_assert_cmpstr (r.err, ==, "");
  }
  /* A Flip ID on standard input is recognised without --game. */
  {
    g_auto(CliRun) r = { 0 };
    run_cli (&r, "3x3:d074191345d1644c17058,028\n", "solve", "-", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_true (presses_solve ("000\n000\n101\n", r.out));
  }
  /* And between comment lines, as the readers take it, a Net ID too
   * (both were "cannot tell which game this is"; a Flood ID was told). */
  {
    static const char *const ids[] = {
      "# mine\n3x3:d074191345d1644c17058,028\n# end\n",
      "# mine\r\n\r\n2x1:14\r\n",
      "# mine\n2x1:01,1\n",
    };
    static const char *const outs[] = { NULL, "0100 0001\n", "1\n" };

    for (gsize k = 0; k < G_N_ELEMENTS (ids); k++)
      {
        g_auto(CliRun) r = { 0 };
        run_cli (&r, ids[k], "solve", "-", NULL);
        g_assert_cmpint (r.status, ==, 0);
        if (outs[k] != NULL)
          g_assert_cmpstr (r.out, ==, outs[k]);
        else
          g_assert_true (presses_solve ("000\n000\n101\n", r.out));
      }
  }
}

static void
test_no_solution (void)
{
  /* 5×5 with one corner lit: the corner is in the support of a null-space
   * pattern (10101/10101/00000/10101/10101) an odd number of times, so no
   * press set clears it. */
  g_autofree char *path = write_tmp ("corner.lights", "10000\n00000\n00000\n00000\n00000\n");
  g_auto(CliRun) r = { 0 };

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
  g_auto(CliRun) r = { 0 };

  run_cli (&r, NULL, "solve", path, NULL);
  g_assert_cmpint (r.status, ==, 2);
  g_assert_cmpstr (r.out, ==, "");
  /* One line, naming the file. */
  g_assert_true (g_str_has_prefix (r.err, prefix));
  g_assert_nonnull (strstr (r.err, needle));
  g_assert_true (strchr (r.err, '\n') == r.err + strlen (r.err) - 1);
}

/* A level whose game only its text told names the game in a "no
 * solution": a Flood ID missing its move limit reads as a Net ID with no
 * answer, which said "no solution" as if that were the level's answer
 * (review). With the game's extension, or --game, it goes unsaid. */
static void
test_guessed_game_named (void)
{
  static const char id[] = "5x5:4313221451543440005433305\n";
  g_autofree char *txt = write_tmp ("flood-id.txt", id);
  g_autofree char *loop = write_tmp ("flood-id.loop", id);
  g_auto(CliRun) a = { 0 };
  g_auto(CliRun) b = { 0 };
  g_auto(CliRun) c = { 0 };

  run_cli (&a, NULL, "solve", txt, NULL);
  g_assert_cmpint (a.status, ==, 1);
  g_assert_nonnull (strstr (a.err, "flood-id.txt (read as Infinite Loop, the game its text looks "
                                   "like): no solution: "));
  run_cli (&b, NULL, "solve", loop, NULL);
  g_assert_cmpint (b.status, ==, 1);
  g_assert_null (strstr (b.err, "read as"));
  run_cli (&c, NULL, "solve", "--game", "loop", txt, NULL);
  g_assert_cmpint (c.status, ==, 1);
  g_assert_null (strstr (c.err, "read as"));
  /* hint's verdicts name it too (it said only "This level has no
   * solution", and "gave up" without the game: review). */
  {
    g_auto(CliRun) d = { 0 };
    g_auto(CliRun) e = { 0 };
    g_auto(CliRun) f = { 0 };

    run_cli (&d, NULL, "hint", txt, NULL);
    g_assert_cmpint (d.status, ==, 1);
    g_assert_true (g_str_has_prefix (d.out, "This level has no solution"));
    g_assert_nonnull (strstr (d.err, "flood-id.txt: read as Infinite Loop, the game its text "
                                     "looks like\n"));
    run_cli (&e, NULL, "hint", loop, NULL);
    g_assert_cmpint (e.status, ==, 1);
    g_assert_null (strstr (e.err, "read as"));
    run_cli (&f, NULL, "hint", "--time-limit", "0.000001", txt, NULL);
    g_assert_cmpint (f.status, ==, 3);
    g_assert_nonnull (strstr (f.err, "flood-id.txt (read as Infinite Loop, the game its text "
                                     "looks like): gave up (the time limit)"));
  }
}

/* Rows of 0, 1 and * with each mark twice are an Enlight board and a
 * Flow Free level: read as Enlight, as before, but said so with the way
 * to the other ("1..1" over "*..*" was solved as Enlight without a word:
 * review). An Enlight board no other game reads, or a game named, goes
 * unsaid. */
static void
test_either_game_said (void)
{
  g_autofree char *both = write_tmp ("either.txt", "1..1\n*..*\n");
  g_autofree char *lights = write_tmp ("lights-only.txt", "101\n010\n101\n");
  g_auto(CliRun) a = { 0 };
  g_auto(CliRun) b = { 0 };
  g_auto(CliRun) c = { 0 };
  g_auto(CliRun) d = { 0 };

  run_cli (&a, NULL, "solve", both, NULL);
  g_assert_cmpint (a.status, ==, 0);
  g_assert_nonnull (strstr (a.err, "either.txt: read as Enlight; Flow Free reads the text as a "
                                   "level too (--game flow)"));
  run_cli (&b, NULL, "solve", "--game", "flow", both, NULL);
  g_assert_cmpint (b.status, ==, 0);
  g_assert_cmpstr (b.out, ==, "1111\n****\n");
  g_assert_null (strstr (b.err, "read as"));
  run_cli (&c, NULL, "solve", "--game", "lights", both, NULL);
  g_assert_null (strstr (c.err, "read as"));
  /* convert says it too; a level saved mid-drawing (Flow Free's mark)
   * as well; and a "no solution" then does not say "read as" again. */
  {
    g_autofree char *editing = write_tmp ("editing.txt",
                                          "# editing: a colour may lack its pair\n1..\n...\n");
    g_autofree char *none = write_tmp ("either-none.txt", "1..\n..1\n");
    g_auto(CliRun) e = { 0 };
    g_auto(CliRun) f = { 0 };
    g_auto(CliRun) h = { 0 };

    run_cli (&e, NULL, "convert", both, "--to", "native", NULL);
    g_assert_cmpint (e.status, ==, 0);
    g_assert_nonnull (strstr (e.err, "either.txt: read as Enlight; Flow Free reads"));
    run_cli (&f, NULL, "solve", editing, NULL);
    g_assert_nonnull (strstr (f.err, "editing.txt: read as Enlight; Flow Free reads"));
    run_cli (&h, NULL, "solve", none, NULL);
    g_assert_cmpint (h.status, ==, 1);
    g_assert_nonnull (strstr (h.err, "either-none.txt: read as Enlight; Flow Free reads"));
    g_assert_null (strstr (h.err, "the game its text looks like"));
  }
  run_cli (&d, NULL, "solve", lights, NULL);
  g_assert_cmpint (d.status, ==, 0);
  g_assert_null (strstr (d.err, "read as"));
}

/* A Flow Free level saved while still drawn (its editing mark): no hint,
 * exit 1, saying what is missing; a board with no dots had the words
 * for a lone dot (review). */
static void
test_flow_hint_unfinished (void)
{
  static const char mark[] = "# editing: a colour may lack its pair\n";
  g_autofree char *lone_text = g_strconcat (mark, "R.R\nB..\n", NULL);
  g_autofree char *none_text = g_strconcat (mark, "...\n...\n", NULL);
  g_autofree char *lone = write_tmp ("lone.flow", lone_text);
  g_autofree char *none = write_tmp ("none.flow", none_text);
  g_auto(CliRun) a = { 0 };
  g_auto(CliRun) b = { 0 };

  run_cli (&a, NULL, "hint", lone, NULL);
  g_assert_cmpint (a.status, ==, 1);
  g_assert_cmpstr (a.out, ==, "No hint: every colour needs exactly two dots\n");
  run_cli (&b, NULL, "hint", none, NULL);
  g_assert_cmpint (b.status, ==, 1);
  g_assert_cmpstr (b.out, ==, "No hint: the level has no dots yet\n");
  /* render --hints draws it without hints, and says so in hint's words
   * (it drew the bare level and said nothing); exit 0, the picture
   * being render's answer, as for a level with no solution. */
  {
    const char *levels[2][2] = { { lone, "No hint: every colour needs exactly two dots" },
                                 { none, "No hint: the level has no dots yet" } };

    for (int k = 0; k < 2; k++)
      {
        g_autofree char *png = g_strdup_printf ("%s.png", levels[k][0]);
        g_autofree char *said = g_strdup_printf ("hintboard-cli: %s: warning: the picture has "
                                                 "no hints: %s\n", levels[k][0], levels[k][1]);
        g_auto(CliRun) r = { 0 };

        run_cli (&r, NULL, "render", levels[k][0], "-o", png, "--hints", NULL);
        g_assert_cmpint (r.status, ==, 0);
        g_assert_cmpstr (r.out, ==, "");
        g_assert_cmpstr (r.err, ==, said);
        g_assert_true (g_file_test (png, G_FILE_TEST_EXISTS));
        g_unlink (png);
      }
  }
  /* JSON holds finished levels only: convert says so and what keeps it,
   * not the app's "place its pair before saving". */
  {
    g_auto(CliRun) c = { 0 };
    g_auto(CliRun) d = { 0 };

    run_cli (&c, NULL, "convert", lone, "--to", "json", NULL);
    g_assert_cmpint (c.status, ==, 2);
    g_assert_cmpstr (c.out, ==, "");
    g_assert_nonnull (strstr (c.err, "lone.flow: Colour ‘B’ has one dot, and JSON holds only "
                                     "finished levels: place its pair, or use the text format"));
    run_cli (&d, NULL, "convert", lone, "--to", "native", NULL);
    g_assert_cmpint (d.status, ==, 0);
    g_assert_cmpstr (d.out, ==, lone_text);
  }
}

/* Under a step limit of N, Infinite Loop's searches say they gave up
 * after N steps: the step past the limit is counted and left at once
 * (they said "after 2 search steps" under a limit of 1: review). */
static void
test_node_limit_count (void)
{
  static const char *const solvers[] = { "fast", "dlx", "backtrack" };
  g_auto(CliRun) gen = { 0 };
  g_autofree char *path = NULL;

  run_cli (&gen, NULL, "generate", "--game", "loop", "--size", "6x6", "--seed", "4", NULL);
  g_assert_cmpint (gen.status, ==, 0);
  path = write_tmp ("limit.loop", gen.out);
  for (guint i = 0; i < G_N_ELEMENTS (solvers); i++)
    {
      g_auto(CliRun) r = { 0 };

      run_cli (&r, NULL, "solve", "--solver", solvers[i], "--set", "node-limit=1", path, NULL);
      g_test_message ("%s: %s", solvers[i], r.err);
      g_assert_cmpint (r.status, ==, 3);
      g_assert_nonnull (strstr (r.err, "gave up: after 1 "));
    }
  /* Flow Free's fast search checks its limits every 512 steps, but under
   * a step limit at the limit: past it only by the forced run it was in
   * ("node-limit=1000" gave up after 1,100 steps on this level: review). */
  {
    g_auto(CliRun) fgen = { 0 };
    g_auto(CliRun) r = { 0 };
    g_autofree char *flow = NULL;
    const char *after;
    guint64 steps;

    run_cli (&fgen, NULL, "generate", "--game", "flow", "--size", "50x50", "--seed", "834", NULL);
    g_assert_cmpint (fgen.status, ==, 0);
    flow = write_tmp ("limit.flow", fgen.out);
    run_cli (&r, NULL, "solve", "--set", "node-limit=1000", "--set", "race=false", flow, NULL);
    g_assert_cmpint (r.status, ==, 3);
    after = strstr (r.err, "gave up: after ");
    g_assert_nonnull (after);
    steps = g_ascii_strtoull (after + strlen ("gave up: after "), NULL, 10);
    g_test_message ("flow: %s", r.err);
    g_assert_cmpuint (steps, >=, 1000);
    g_assert_cmpuint (steps, <, 1050);
  }
}

static void
test_bad_input (void)
{
  expect_bad ("ragged.lights", "101\n10\n", ":2:3: this row has 2 cells");
  expect_bad ("char.lights", "101\n1z1\n", ":2:2: unknown character 'z'");
  expect_bad ("empty.lights", "", ":1:1: the file holds no board");
  expect_bad ("huge.lights", "100000x100000:0,0\n", "too large");
  expect_bad ("trunc.lights", "3x3:d074191345d1644c170", "truncated");
  /* Padding past the last cell, in the matrix and in the grid alike (the
   * grid's was read as nine lights: review). */
  expect_bad ("pad-matrix.lights", "3x3:d074191345d1644c17059,048\n",
              ":1:25: padding bits of the matrix are set");
  expect_bad ("pad-grid.lights", "3x3:d074191345d1644c17058,fff\n",
              ":1:29: padding bits of the grid are set");
  expect_bad ("binary.lights", "01\n\377\376\n", "not valid UTF-8");
  expect_bad ("what.txt", "hello\n", "cannot tell which game");
  /* Past the comment and blank lines, at the first mark (it was 1:1). */
  expect_bad ("what2.txt", "# notes\n\n  hello\n", ":3:3: cannot tell which game");
  /* An ID with no height is the Net ID reader's to refuse (it was read as
   * tile rows: "a tile is four binary digits"). */
  expect_bad ("no-height.loop", "3x:123\n", ":1:3: expected the board height (a number), found :");
  /* A broken Tatham ID with no game's extension: each game that reads
   * such IDs says what is wrong with it (it was "cannot tell which game"
   * alone, where the .loop file said why: review). */
  expect_bad ("short-net.txt", "5x5:c1119eed2aad5d9a9c732892\n",
              "as Infinite Loop (a Net ID), 1:29: a 5×5 Net board has 25 tiles, the ID gives 24");
  expect_bad ("short-net.txt", "5x5:c1119eed2aad5d9a9c732892\n", "as Enlight (a Flip ID), 1:29:");
  expect_bad ("short-net.txt", "5x5:c1119eed2aad5d9a9c732892\n", "as Flood-It (a Flood ID), 1:5:");
  expect_bad ("empty-id.txt", "5x5:\n", ":1:1: this looks like a Simon Tatham game ID");
  /* A .json file is Flow Free's (the one game that reads JSON): its
   * errors say what is wrong, not that the game could not be told. */
  expect_bad ("what.json", "{}\n", "a Flow Free level in JSON is a list of rows");
  /* And it is read as JSON only: a bare number was a text level's row
   * ("11" a 2x1 level, solved), true or null "colour 'e' has 1 dot". */
  expect_bad ("num.json", "11\n", ":1:1: a Flow Free level in JSON is a list of rows");
  expect_bad ("true.JSON", "true\n", ":1:1: a Flow Free level in JSON is a list of rows");
  expect_bad ("null.json", "null\n", ":1:1: a Flow Free level in JSON is a list of rows");
  expect_bad ("loop.json", "0100 0001\n", "not valid JSON");
  /* A screenshot where a level was wanted says what reads it ("cannot
   * tell which game", or "not valid UTF-8" under a level's name). */
  expect_bad ("shot.png", "\x89PNG\r\n\x1a\n\x01", "a picture, not a level file: `hintboard-cli detect`");
  expect_bad ("shot.flow", "\xff\xd8\xff\xe0\x01", "a picture, not a level file");
  /* Cut inside its signature, still a picture (it was "cannot tell which
   * game": helper-156); a short level that begins "RIFF" is a level. */
  expect_bad ("cut.png", "\x89PNG\r\n\x1a", "a picture, not a level file");
  expect_bad ("riff.txt", "RIFF.R\n", "colour 'I' has 1 dot");
  expect_bad ("riff2.txt", "RIFF\nIF..\n", "colour 'R' has 1 dot");
  /* UTF-16 with its byte-order mark (Notepad's "Unicode", PowerShell's
   * `>`): said so, with or without the game's extension (it was "not
   * valid UTF-8" at 1:1, or "cannot tell which game this is"). */
  {
    static const char le[] = "\xff\xfe" "1\0" "0\0" "\n\0" "0\0" "1\0" "\n\0";
    static const char be[] = "\xfe\xff" "\0R" "\0." "\0R" "\0\n";
    /* And without the mark (it was "contains a NUL byte" at 1:2). */
    static const char le_bare[] = "1\0" "0\0" "\n\0" "0\0" "1\0" "\n\0";
    static const char be_bare[] = "\0R" "\0." "\0R" "\0\n";
    const struct { const char *name, *data; gsize len; } files[] = {
      { "utf16.lights", le, sizeof le - 1 },
      { "utf16.txt", le, sizeof le - 1 },
      { "utf16.flow", be, sizeof be - 1 },
      { "utf16-bare.lights", le_bare, sizeof le_bare - 1 },
      { "utf16-bare.txt", be_bare, sizeof be_bare - 1 },
    };
    /* UTF-32, whose little-endian mark starts as UTF-16's (it was called
     * UTF-16). */
    static const char le32[] = "\xff\xfe\0\0" "R\0\0\0" ".\0\0\0" "R\0\0\0" "\n\0\0\0";
    static const char be32[] = "\0\0\xfe\xff" "\0\0\0R" "\0\0\0." "\0\0\0R" "\0\0\0\n";
    /* And without the mark (it was "contains a NUL byte" at 1:2). */
    static const char le32_bare[] = "1\0\0\0" "0\0\0\0" "\n\0\0\0" "0\0\0\0" "1\0\0\0";
    static const char be32_bare[] = "\0\0\0" "1" "\0\0\0" "0" "\0\0\0\n" "\0\0\0" "0" "\0\0\0" "1";
    const struct { const char *name, *data; gsize len; } files32[] = {
      { "utf32le.flow", le32, sizeof le32 - 1 },
      { "utf32be.flow", be32, sizeof be32 - 1 },
      { "utf32le-bare.lights", le32_bare, sizeof le32_bare - 1 },
      { "utf32be-bare.txt", be32_bare, sizeof be32_bare - 1 },
    };

    for (gsize k = 0; k < G_N_ELEMENTS (files32); k++)
      {
        g_autofree char *path = g_build_filename (tmpdir, files32[k].name, NULL);
        g_autofree char *expected
          = g_strdup_printf ("hintboard-cli: %s:1:1: the text is UTF-32; levels are read as "
                             "UTF-8: save the file as UTF-8\n", path);
        g_auto(CliRun) r = { 0 };

        g_assert_true (g_file_set_contents (path, files32[k].data, (gssize) files32[k].len, NULL));
        run_cli (&r, NULL, "solve", path, NULL);
        g_assert_cmpint (r.status, ==, 2);
        g_assert_cmpstr (r.err, ==, expected);
      }

    for (gsize k = 0; k < G_N_ELEMENTS (files); k++)
      {
        g_autofree char *path = g_build_filename (tmpdir, files[k].name, NULL);
        g_autofree char *expected
          = g_strdup_printf ("hintboard-cli: %s:1:1: the text is UTF-16; levels are read as "
                             "UTF-8: save the file as UTF-8\n", path);
        g_auto(CliRun) r = { 0 };

        g_assert_true (g_file_set_contents (path, files[k].data, (gssize) files[k].len, NULL));
        run_cli (&r, NULL, "solve", path, NULL);
        g_assert_cmpint (r.status, ==, 2);
        g_assert_cmpstr (r.err, ==, expected);
      }
  }
  /* A numberlink header is Flow Free's even when the rows disagree with
   * it: Flow Free's error, not "cannot tell which game this is". */
  expect_bad ("header.txt", "3 3\nA.A\nB.B\n", "the header says 3×3 but the rows make a 3×2 board");
  /* But not digits that cannot be sizes: rows of one Infinite Loop tile,
   * which are Enlight rows too. */
  expect_bad ("tiles.txt", "1000\n0010\n", "cannot tell which game");
  /* A grid of letters and dots with a mistake in it is Flow Free's to
   * explain, with no extension too (helper-155: "cannot tell which
   * game"); a word with no empty cell is no grid. */
  expect_bad ("lone.txt", "A.B\n...\nA.C\n", ":1:3: colour 'B' has 1 dot");
  expect_bad ("ragged.txt", "A.B\n..\nA.B\n", ":2:3: this row has 2 cells");
  expect_bad ("word.txt", "hello\n", ":1:1: cannot tell which game");
  {
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "solve", "/nonexistent/level.lights", NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "/nonexistent/level.lights"));
  }
  {
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "solve", "--game", "chess", "-", NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "unknown game 'chess'"));
  }
  {
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "frobnicate", NULL);
    g_assert_cmpint (r.status, ==, 2);
  }
  {
    g_autofree char *path = write_tmp ("ok.lights", "1\n");
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "solve", "--solver", "magic", path, NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "no solver 'magic'"));
  }
  {
    /* Names in any case, as the file extensions: the game read as
     * Enlight (a Lights Out row "1" is also a one-tile Loop row, which
     * the --game settles) and solved by the solver named. */
    g_autofree char *path = write_tmp ("case.txt", "010\n111\n010\n");
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "solve", "--game", "Lights", "--solver", "GF2", "--stats", path, NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.err, "solver: gf2"));
  }
}

/* Flow Free's hint is one colour's whole path (the app's Next hint draws
 * it): `hint` prints the level's rows with that path drawn in, which this
 * checks on its own: the dots kept, and the hinted colour's cells a simple
 * path from one of its dots to the other (it printed the first dot only). */
static void
test_hint_flow_path (void)
{
  static const char *const level[] = { "R.G.Y", "..B.O", ".....", ".G.Y.", ".RBO." };
  g_autofree char *path = write_tmp ("hint-path.flow", "R.G.Y\n..B.O\n.....\n.G.Y.\n.RBO.\n");
  g_auto(CliRun) r = { 0 };
  g_auto(GStrv) lines = NULL;
  const char *colour_at;
  char c;
  guint at = 0, cells = 0, ends = 0;
  int last_row = 0, last_col = 0;

  run_cli (&r, NULL, "hint", path, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpstr (r.err, ==, "");
  lines = g_strsplit (r.out, "\n", -1);
  while (lines[at] != NULL && !g_str_has_prefix (lines[at], "path: "))
    at++;
  g_assert_nonnull (lines[at]);
  g_assert_cmpuint (g_strv_length (lines), ==, at + 1 + 5 + 1);
  g_assert_cmpstr (lines[at + 6], ==, "");
  colour_at = strstr (r.out, "colour ");
  g_assert_nonnull (colour_at);
  /* The colour named ("blue") is the one the rows add cells of. */
  c = 0;
  for (int y = 0; y < 5; y++)
    for (int x = 0; x < 5; x++)
      {
        char got = lines[at + 1 + y][x];
        if (level[y][x] != '.')
          g_assert_cmpint (got, ==, level[y][x]);
        else if (got != '.')
          {
            g_assert_true (c == 0 || c == got);
            c = got;
          }
      }
  g_assert_cmpint (c, !=, 0);
  for (int y = 0; y < 5; y++)
    for (int x = 0; x < 5; x++)
      {
        int same = 0;
        if (lines[at + 1 + y][x] != c)
          continue;
        cells++;
        for (int d = 0; d < 4; d++)
          {
            int ny = y + (d == 0) - (d == 1), nx = x + (d == 2) - (d == 3);
            if (ny >= 0 && ny < 5 && nx >= 0 && nx < 5 && lines[at + 1 + ny][nx] == c)
              same++;
          }
        /* A dot ends the path; every other cell of it goes on. */
        g_assert_cmpint (same, ==, level[y][x] == c ? 1 : 2);
        if (level[y][x] == c)
          ends++;
      }
  g_assert_cmpuint (ends, ==, 2);
  g_assert_cmpint (sscanf (lines[at], "path: %*u cells, to row %d, column %d", &last_row, &last_col), ==, 2);
  g_assert_cmpint (level[last_row - 1][last_col - 1], ==, c);
  {
    g_autofree char *want = g_strdup_printf ("path: %u cells, ", cells);
    g_assert_true (g_str_has_prefix (lines[at], want));
  }
  g_assert_nonnull (strstr (r.out, "next: row "));
}

/* The hint in the level's words for every game's generated level: no
 * app words (marks, tints, clicks, keys); Enlight's presses grid solves
 * the level, checked here by pressing (each press toggles the cell and
 * its four neighbours). */
static void
test_hint_words (void)
{
  static const char *const games[] = { "lights", "loop", "flow", "flood" };
  static const char *const app_words[] = { "marked", "tinted", "click", "Space" };

  for (gsize g = 0; g < G_N_ELEMENTS (games); g++)
    for (int seed = 1; seed <= 4; seed++)
      {
        g_auto(CliRun) gen = { 0 };
        g_auto(CliRun) r = { 0 };
        g_autofree char *seed_text = g_strdup_printf ("%d", seed);
        g_autofree char *name = g_strdup_printf ("words-%d.%s", seed, games[g]);
        g_autofree char *path = NULL;

        run_cli (&gen, NULL, "generate", "--game", games[g], "--size", "5x5", "--seed", seed_text,
                 NULL);
        g_assert_cmpint (gen.status, ==, 0);
        path = write_tmp (name, gen.out);
        run_cli (&r, NULL, "hint", path, NULL);
        g_assert_cmpint (r.status, ==, 0);
        for (gsize w = 0; w < G_N_ELEMENTS (app_words); w++)
          if (strstr (r.out, app_words[w]) != NULL)
            g_error ("%s: the hint speaks of the app's board (%s):\n%s", name, app_words[w], r.out);
        if (g == 0)
          {
            /* The level's rows, then the presses' rows. */
            g_auto (GStrv) level = g_strsplit (gen.out, "\n", -1);
            const char *grid = strstr (r.out, "presses:\n");
            g_auto (GStrv) press = NULL;
            int lit[5][5];

            g_assert_nonnull (grid);
            press = g_strsplit (grid + strlen ("presses:\n"), "\n", -1);
            for (int y = 0; y < 5; y++)
              for (int x = 0; x < 5; x++)
                lit[y][x] = level[y][x] == '1';
            for (int y = 0; y < 5; y++)
              for (int x = 0; x < 5; x++)
                if (press[y][x] == '1')
                  for (int d = 0; d < 5; d++)
                    {
                      static const int dx[5] = { 0, 1, -1, 0, 0 }, dy[5] = { 0, 0, 0, 1, -1 };
                      int nx = x + dx[d], ny = y + dy[d];
                      if (nx >= 0 && nx < 5 && ny >= 0 && ny < 5)
                        lit[ny][nx] ^= 1;
                    }
            for (int y = 0; y < 5; y++)
              for (int x = 0; x < 5; x++)
                g_assert_cmpint (lit[y][x], ==, 0);
          }
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
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "hint", path, NULL);
    g_assert_cmpint (r.status, ==, 0);
    /* In the level's words: nothing is marked in a terminal (it said
     * "Press the marked cell": review); every press as a grid. */
    g_assert_nonnull (strstr (r.out, "1 press solves it (the fewest possible)"));
    g_assert_null (strstr (r.out, "marked"));
    g_assert_nonnull (strstr (r.out, "next: row 2, column 2"));
    g_assert_nonnull (strstr (r.out, "presses:\n000\n010\n000\n"));
  }
  {
    /* Rows first, as the games' own words say them (it printed the
     * column first: "turn the tile at row 1, column 1", then "next:
     * column 1, row 1"). */
    g_autofree char *one = write_tmp ("one-press.lights", "111\n010\n");
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "hint", one, NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.out, "next: row 1, column 2"));
  }
  {
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "render", path, "-o", png, "--hints", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_cmpstr (r.err, ==, "");
    g_assert_true (g_file_get_contents (png, &data, &len, NULL));
    g_assert_cmpuint (len, >, 100);
    g_assert_cmpmem (data, 8, "\211PNG\r\n\032\n", 8);
    g_clear_pointer (&data, g_free);
  }
  /* `hint` on a level with no solution says so in the same words in
   * every game (Flow Free said "Warning: this level…", Enlight "This
   * board…"), exit 1. */
  {
    const char *levels[][2] = {
      { "none-hint.flow", "R.G\n...\nG.R\n" },
      { "none-hint.lights", "1....\n.....\n.....\n.....\n.....\n" },
      { "none-hint.loop", "1000\n" },
    };
    for (gsize k = 0; k < G_N_ELEMENTS (levels); k++)
      {
        g_autofree char *none = write_tmp (levels[k][0], levels[k][1]);
        g_auto(CliRun) r = { 0 };

        run_cli (&r, NULL, "hint", none, NULL);
        g_assert_cmpint (r.status, ==, 1);
        if (!g_str_has_prefix (r.out, "This level has no solution"))
          g_error ("hint %s: %s", levels[k][0], r.out);
      }
  }
  /* A level with no solution: the picture is drawn, and stderr says what
   * `hint` says (the drawing shows no warning: nothing was said). */
  {
    g_autofree char *none = write_tmp ("unsolvable-hints.flow", "R.G\n...\nG.R\n");
    g_autofree char *npng = g_build_filename (tmpdir, "unsolvable-hints.png", NULL);
    g_auto(CliRun) r = { 0 };

    run_cli (&r, NULL, "render", none, "-o", npng, "--hints", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.err, "unsolvable-hints.flow: warning: this level has no solution\n"));
    g_assert_true (g_file_test (npng, G_FILE_TEST_EXISTS));
  }
  /* So is a Flood-It level whose move limit is out of reach (README: the
   * picture, with the quickest next move, is what was asked for; `hint`
   * exits 1), where --solution draws nothing and exits 1, as solve. */
  {
    g_autofree char *over = write_tmp ("over-hints.flood", "3 by 3 -> 1\n012\n120\n201\n");
    g_autofree char *opng = g_build_filename (tmpdir, "over-hints.png", NULL);
    g_autofree char *spng = g_build_filename (tmpdir, "over-solution.png", NULL);
    g_auto(CliRun) r = { 0 };
    g_auto(CliRun) h = { 0 };
    g_auto(CliRun) s = { 0 };

    run_cli (&r, NULL, "render", over, "-o", opng, "--hints", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.err, "over-hints.flood: warning: the move limit cannot be met"));
    g_assert_true (g_file_test (opng, G_FILE_TEST_EXISTS));
    run_cli (&h, NULL, "hint", over, NULL);
    g_assert_cmpint (h.status, ==, 1);
    run_cli (&s, NULL, "render", over, "-o", spng, "--solution", NULL);
    g_assert_cmpint (s.status, ==, 1);
    g_assert_false (g_file_test (spng, G_FILE_TEST_EXISTS));
  }
  /* A limit that the optimal search's lower bound alone proves out of
   * reach, where it gives up proving its answer shortest (review: solve
   * exited 3 "not proven that the limit cannot be met" beside "at least
   * 33", and hint said nothing of the limit, exit 0). */
  {
    g_auto(CliRun) g = { 0 };
    g_auto(CliRun) s = { 0 };
    g_auto(CliRun) h = { 0 };
    g_autofree char *tight = NULL, *text = NULL;
    char *arrow;

    run_cli (&g, NULL, "generate", "--game", "flood", "--size", "30x30", "--seed", "3", NULL);
    g_assert_cmpint (g.status, ==, 0);
    arrow = strstr (g.out, "-> ");
    g_assert_nonnull (arrow);
    arrow[3] = '\0';
    text = g_strconcat (g.out, "10", strchr (arrow + 4, '\n'), NULL);
    tight = write_tmp ("tight.flood", text);
    run_cli (&s, NULL, "solve", tight, NULL);
    /* Said once ("optimal: not proven: 40 moves, not proven optimal"
     * said it twice: review). */
    g_assert_nonnull (strstr (s.err, "optimal: not proven: "));
    g_assert_null (strstr (s.err, "not proven optimal"));
    g_assert_nonnull (strstr (s.err, "the move limit of 10 cannot be met: no answer takes fewer than"));
    g_assert_cmpint (s.status, ==, 1);
    run_cli (&h, NULL, "hint", tight, NULL);
    g_assert_nonnull (strstr (h.out, "(greedy, not proven optimal), at least "));
    g_assert_cmpint (h.status, ==, 1);
    /* --stats says the board is solved, not the level ("status: solved"
     * beside exit 3 read as a win: review). */
    {
      g_auto(CliRun) t = { 0 };

      run_cli (&t, NULL, "solve", "--stats", "--solver", "greedy", tight, NULL);
      g_assert_cmpint (t.status, !=, 0);
      g_assert_nonnull (strstr (t.err, "\nstatus: solved, over the level's limit\n"));
    }
  }
  /* A limit the bound leaves open but the greedy way misses (its 40 moves
   * against 33, the bound itself): said, as solve says its best answer
   * misses it, and exit 0, the limit not proven out of reach (the hint
   * said nothing of the limit: review). */
  {
    g_auto(CliRun) g = { 0 };
    g_auto(CliRun) h = { 0 };
    g_autofree char *open = NULL, *text = NULL;
    char *arrow;

    run_cli (&g, NULL, "generate", "--game", "flood", "--size", "30x30", "--seed", "3", NULL);
    arrow = strstr (g.out, "-> ");
    g_assert_nonnull (arrow);
    arrow[3] = '\0';
    text = g_strconcat (g.out, "33", strchr (arrow + 4, '\n'), NULL);
    open = write_tmp ("open-limit.flood", text);
    run_cli (&h, NULL, "hint", open, NULL);
    g_assert_cmpint (h.status, ==, 0);
    g_assert_nonnull (strstr (h.out, "(greedy, not proven optimal), "));
    g_assert_nonnull (strstr (h.out, " over the move limit unless a shorter way exists\n"));
  }
  {
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "render", path, "-o", svg, "--solution", "--dark", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_true (g_file_get_contents (svg, &data, &len, NULL));
    g_assert_nonnull (strstr (data, "<svg"));
  }
  {
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "render", path, "-o", "out.gif", NULL);
    g_assert_cmpint (r.status, ==, 2);
  }
  /* The extension in either case (x.PNG was refused: review). */
  {
    g_autofree char *upper = g_build_filename (tmpdir, "h-upper.PNG", NULL);
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "render", path, "-o", upper, NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_clear_pointer (&data, g_free);
    g_assert_true (g_file_get_contents (upper, &data, &len, NULL));
    g_assert_cmpmem (data, 8, "\211PNG\r\n\032\n", 8);
    g_clear_pointer (&data, g_free);
  }
  /* --hints keeps to --time-limit as hint does (a Flow Free level whose
   * hint cannot finish drew for 11 s at --time-limit 1, and exited 0). */
  {
    g_auto(CliRun) g = { 0 };
    g_auto(CliRun) r = { 0 };
    g_autofree char *flow = NULL;
    g_autofree char *fpng = g_build_filename (tmpdir, "slow-hint.png", NULL);
    gint64 start;

    run_cli (&g, NULL, "generate", "--game", "flow", "--size", "100x100", "--colours", "88",
             "--seed", "2", NULL);
    g_assert_cmpint (g.status, ==, 0);
    flow = write_tmp ("slow-hint.flow", g.out);
    start = g_get_monotonic_time ();
    run_cli (&r, NULL, "render", flow, "-o", fpng, "--hints", "--time-limit", "0.3", NULL);
    g_assert_cmpint (r.status, ==, 3);
    g_assert_nonnull (strstr (r.err, "gave up (the time limit)"));
    g_assert_false (g_file_test (fpng, G_FILE_TEST_EXISTS));
    /* Not a timing assertion: far below the 10 s it ran on for. */
    g_assert_cmpint (g_get_monotonic_time () - start, <, 8 * G_USEC_PER_SEC);
  }
  /* So does Flood-It's, whose hint that gave up is a hint with no move:
   * render drew the board, exit 0, and hint printed "No hint: the board
   * is too large to search in time" on standard output (review). */
  {
    g_auto(CliRun) g = { 0 };
    g_auto(CliRun) r = { 0 };
    g_auto(CliRun) h = { 0 };
    g_autofree char *flood = NULL;
    g_autofree char *fpng = g_build_filename (tmpdir, "slow-flood-hint.png", NULL);

    run_cli (&g, NULL, "generate", "--game", "flood", "--size", "1000x1000", "--seed", "1", NULL);
    g_assert_cmpint (g.status, ==, 0);
    flood = write_tmp ("slow-hint.flood", g.out);
    run_cli (&r, NULL, "render", flood, "-o", fpng, "--hints", "--time-limit", "0.001", NULL);
    g_assert_cmpint (r.status, ==, 3);
    g_assert_nonnull (strstr (r.err, "slow-hint.flood: gave up (the time limit)"));
    g_assert_false (g_file_test (fpng, G_FILE_TEST_EXISTS));
    run_cli (&h, NULL, "hint", flood, "--time-limit", "0.001", NULL);
    g_assert_cmpint (h.status, ==, 3);
    g_assert_cmpstr (h.out, ==, "");
    g_assert_nonnull (strstr (h.err, "slow-hint.flood: gave up (the time limit)"));
  }
}

/* Infinite Loop's compact form is told without --game or a name: the
 * solution `solve --compact` writes, piped back in, is read (it could not
 * be told: review). */
static void
test_compact_piped (void)
{
  g_autofree char *path = write_tmp ("c.loop", "0000 0100 0101 0111 0011\n"
                                               "0000 0110 0001 1110 1001\n");
  g_auto(CliRun) a = { 0 };
  g_auto(CliRun) b = { 0 };
  g_auto(CliRun) c = { 0 };

  run_cli (&a, NULL, "convert", path, "--to", "compact", NULL);
  g_assert_cmpint (a.status, ==, 0);
  g_assert_nonnull (strstr (a.out, "┬"));
  run_cli (&b, a.out, "convert", "-", "--to", "native", NULL);
  g_assert_cmpint (b.status, ==, 0);
  g_assert_cmpstr (b.out, ==, "0000 0100 0101 0111 0011\n0000 0110 0001 1110 1001\n");
  /* Text with a box character among other letters is no Loop board. */
  run_cli (&c, "R┬G\nG.R\n", "solve", "-", NULL);
  g_assert_cmpint (c.status, ==, 2);
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
    g_auto(CliRun) r = { 0 };
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
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "render", corner, "--animate", "-o", none, NULL);
    g_assert_cmpint (r.status, ==, 1);
    g_assert_nonnull (strstr (r.err, "no solution"));
    g_assert_false (g_file_test (none, G_FILE_TEST_EXISTS));
  }
  {
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "render", path, "--animate", "-o", svg, NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, ".png"));
  }
  {
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "render", path, "--animate", "--delay", "0", "-o", png, NULL);
    g_assert_cmpint (r.status, ==, 2);
  }
}

static void
test_generate_convert (void)
{
  g_auto(CliRun) a = { 0 };
  g_auto(CliRun) b = { 0 };
  g_auto(CliRun) c = { 0 };
  g_auto(CliRun) d = { 0 };
  g_auto(CliRun) s = { 0 };

  run_cli (&a, NULL, "generate", "--game", "lights", "--size", "6x4", "--seed", "7", NULL);
  /* "+7" is 7, as the other number options read a '+' (it was refused). */
  run_cli (&b, NULL, "generate", "--game", "lights", "--size", "6x4", "--seed", "+7", NULL);
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
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "generate", "--game", "lights", "--size", "0x5", NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "at least 1"));
  }
  {
    /* 2^32 + 3 must not wrap round to a 3-wide board. */
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "generate", "--game", "lights", "--size", "4294967299x3", NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "--size 4294967299x3: a board side is at most"));
  }
}

static void
test_bench_quick (void)
{
  g_auto(CliRun) r = { 0 };

  run_cli (&r, NULL, "bench", "--quick", "lights", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "| board"));
  g_assert_nonnull (strstr (r.out, "gf2"));
}

/* Independent of the game code: plays Flood-It moves (colour digits
 * separated by blanks) on a dump "W by H -> M" and rows; the number of
 * moves, or -1 when they do not leave one colour. */
static int
flood_moves_solve (const char *level, const char *moves)
{
  g_auto(GStrv) lines = g_strsplit (level, "\n", -1);
  g_autofree char *stripped = g_strstrip (g_strdup (moves));
  g_auto(GStrv) m = g_strsplit_set (stripped, " \n", -1);
  int w = 0, h = 0, limit = 0, first = 0, n = 0;
  g_autofree char *cells = NULL;
  g_autofree char *seen = NULL;
  g_autofree int *stack = NULL;

  while (lines[first][0] == '#')
    first++;
  g_assert_cmpint (sscanf (lines[first], "%d by %d -> %d", &w, &h, &limit), ==, 3);
  cells = g_new0 (char, w * h);
  seen = g_new0 (char, w * h);
  stack = g_new0 (int, w * h);
  for (int y = 0; y < h; y++)
    memcpy (cells + y * w, lines[first + 1 + y], w);
  for (int k = 0; m[k]; k++)
    {
      int top = 0;
      char from = cells[0], to;
      if (!m[k][0])
        continue;
      to = m[k][0];
      n++;
      memset (seen, 0, w * h);
      stack[top++] = 0;
      seen[0] = 1;
      while (top > 0)
        {
          int i = stack[--top], x = i % w, y = i / w;
          int nb[4] = { x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1,
                        y > 0 ? i - w : -1, y < h - 1 ? i + w : -1 };
          cells[i] = to;
          for (int d = 0; d < 4; d++)
            if (nb[d] >= 0 && !seen[nb[d]] && cells[nb[d]] == from)
              {
                seen[nb[d]] = 1;
                stack[top++] = nb[d];
              }
        }
    }
  for (int i = 0; i < w * h; i++)
    if (cells[i] != cells[0])
      return -1;
  return n;
}

/* Flood-It over its move limit: exit 1 when the limit is proven out of
 * reach (3 when only not met), the answer only with --best. */
static void
test_flood_limit (void)
{
  const char *level = "6 by 6 -> 3\n431322\n145154\n344000\n543330\n553512\n054155\n";
  g_autofree char *path = write_tmp ("limit.flood", level);

  {
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "solve", path, NULL);
    g_assert_cmpint (r.status, ==, 1);
    g_assert_cmpstr (r.out, ==, "");
    g_assert_nonnull (strstr (r.err, "the move limit of 3 cannot be met"));
  }
  {
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "solve", "--best", path, NULL);
    g_assert_cmpint (r.status, ==, 1);
    g_assert_cmpint (flood_moves_solve (level, r.out), >, 3);
  }
  {
    /* The greedy answer over the limit proves nothing: gave up. */
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "solve", "--solver", "greedy", path, NULL);
    g_assert_cmpint (r.status, ==, 3);
    g_assert_nonnull (strstr (r.err, "not proven"));
  }
  {
    g_autofree char *png = g_build_filename (tmpdir, "limit.png", NULL);
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "render", path, "--solution", "-o", png, NULL);
    g_assert_cmpint (r.status, ==, 1);
    g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  }
  {
    /* Within the limit: 0, and the answer checked. */
    const char *easy = "6 by 6 -> 30\n431322\n145154\n344000\n543330\n553512\n054155\n";
    g_autofree char *ok = write_tmp ("easy.flood", easy);
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "solve", ok, NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_cmpint (flood_moves_solve (easy, r.out), >, 0);
    g_assert_cmpint (flood_moves_solve (easy, r.out), <=, 30);
  }
}

/* hint's exit status is solve's: 1 on a board without a solution. */
static void
test_hint_status (void)
{
  g_autofree char *corner = write_tmp ("hint-corner.lights", "10000\n00000\n00000\n00000\n00000\n");
  g_autofree char *loop = write_tmp ("hint-bad.loop", "1000\n");
  g_autofree char *done = write_tmp ("hint-done.lights", "000\n000\n");
  g_auto(CliRun) a = { 0 };
  g_auto(CliRun) b = { 0 };
  g_auto(CliRun) c = { 0 };

  run_cli (&a, NULL, "hint", corner, NULL);
  g_assert_cmpint (a.status, ==, 1);
  g_assert_nonnull (strstr (a.out, "no solution"));
  run_cli (&b, NULL, "hint", loop, NULL);
  g_assert_cmpint (b.status, ==, 1);
  run_cli (&c, NULL, "hint", done, NULL);
  g_assert_cmpint (c.status, ==, 0);
  /* A Flood-It move limit out of reach: the quickest way on, and 1 (it
   * was 0 while solve said 1); within reach, 0. */
  {
    g_autofree char *over = write_tmp ("hint-over.flood", "3 by 3 -> 1\n012\n120\n201\n");
    g_autofree char *fits = write_tmp ("hint-fits.flood", "3 by 3 -> 4\n012\n120\n201\n");
    g_auto(CliRun) d = { 0 };
    g_auto(CliRun) e = { 0 };

    run_cli (&d, NULL, "hint", over, NULL);
    g_assert_cmpint (d.status, ==, 1);
    g_assert_nonnull (strstr (d.out, "3 moves over the move limit"));
    g_assert_nonnull (strstr (d.out, "next: "));
    run_cli (&e, NULL, "hint", fits, NULL);
    g_assert_cmpint (e.status, ==, 0);
  }
}

/* A read error on standard input is said, not taken for an empty board. */
static void
test_stdin_error (void)
{
  g_autofree char *path = write_tmp ("wronly.lights", "1\n");
  g_auto(CliRun) r = { 0 };
  g_auto(CliRun) d = { 0 };
  int fd = open (path, O_WRONLY);

  g_assert_cmpint (fd, >=, 0);
  run_cli_fd (&r, fd, "solve", "--game", "lights", "-", NULL);
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, "-: cannot read"));
  g_assert_null (strstr (r.err, "holds no board"));
  /* A folder as standard input. */
  fd = open (tmpdir, O_RDONLY | O_DIRECTORY);
  g_assert_cmpint (fd, >=, 0);
  run_cli_fd (&d, fd, "solve", "--game", "lights", "-", NULL);
  g_assert_cmpint (d.status, ==, 2);
  g_assert_nonnull (strstr (d.err, "folder"));
  /* Nothing, or only blanks, on standard input: empty, not "cannot tell
   * which game this is" (review). */
  for (int i = 0; i < 2; i++)
    {
      g_auto(CliRun) e = { 0 };
      run_cli (&e, i == 0 ? "" : "\n  \n", "solve", "-", NULL);
      g_assert_cmpint (e.status, ==, 2);
      g_assert_cmpstr (e.err, ==, "hintboard-cli: -:1:1: the file is empty\n");
    }
  /* A blank line between the rows: the game the rows are said it, not
   * "cannot tell which game this is" (review); text of no game still is. */
  {
    static const char *const blank[][2] = {
      { "A.A\n\nB.B\n", "hintboard-cli: -:3:1: a row after a blank line" },
      { "010\n\n111\n010\n", "hintboard-cli: -:3:1: a row after a blank line" },
      { "hello\n\nworld\n", "hintboard-cli: -:1:1: cannot tell which game this is" },
    };

    for (gsize i = 0; i < G_N_ELEMENTS (blank); i++)
      {
        g_auto(CliRun) b = { 0 };

        run_cli (&b, blank[i][0], "solve", "-", NULL);
        g_assert_cmpint (b.status, ==, 2);
        if (!g_str_has_prefix (b.err, blank[i][1]))
          g_error ("%s: %s", blank[i][0], b.err);
      }
  }
}

/* What `generate` writes is told without --game, so it pipes into solve:
 * Enlight's grid and Infinite Loop's tiles were "cannot tell which game". */
static void
test_generate_pipes (void)
{
  static const char *const games[] = { "lights", "loop", "flood", "flow" };

  for (gsize i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_auto(CliRun) g = { 0 };
      g_auto(CliRun) s = { 0 };

      run_cli (&g, NULL, "generate", "--game", games[i], "--size", "6x5", "--seed", "3", NULL);
      g_assert_cmpint (g.status, ==, 0);
      run_cli (&s, g.out, "solve", "-", NULL);
      if (s.status != 0)
        g_error ("%s: generate | solve - exited %d: %s", games[i], s.status, s.err);
      g_assert_cmpstr (s.out, !=, "");
    }
  /* Two tiles wide: a first row "1100 1001" was also a Flow Free header
   * "W H" (review: seed 16 of 2x2), so no game could be told. */
  {
    g_auto(CliRun) s = { 0 };

    run_cli (&s, "1100 1001\n0110 0011\n", "solve", "-", NULL);
    g_assert_cmpint (s.status, ==, 0);
    g_assert_cmpstr (s.err, ==, "");
  }
}

/* Big runs start the program again with glibc's huge-page tunables
 * (src/core/hb-heap.h); GLIBC_TUNABLES set, even empty, keeps the first
 * start. The runs that start again keep their arguments, input, output,
 * messages and exit status: each is compared with the same run that does
 * not start again. */
static void
test_heap_restart (void)
{
  g_autofree char *old = g_strdup (g_getenv ("GLIBC_TUNABLES"));
  g_autofree char *level = NULL;
  g_autofree char *ragged = NULL;
  g_autoptr(GString) bad = g_string_new (NULL);
  CliRun runs[2][4] = { { { 0 } } };

  for (int y = 0; y < 120; y++)
    g_string_append_printf (bad, "%.*s\n", y == 97 ? 99 : 100,
                            "ab................................................"
                            "................................................ab");
  ragged = write_tmp ("ragged-big.flow", bad->str);
  g_assert_cmpint (bad->len, >=, 8192);
  for (int k = 0; k < 2; k++)
    {
      if (k == 0)
        g_unsetenv ("GLIBC_TUNABLES");   /* starts again */
      else
        g_setenv ("GLIBC_TUNABLES", "", TRUE);   /* does not */
      run_cli (&runs[k][0], NULL, "generate", "--game", "flow", "--size", "200x200",
               "--colours", "10", "--seed", "3", NULL);
      g_assert_cmpint (runs[k][0].status, ==, 0);
      if (level == NULL)
        level = write_tmp ("restart-big.flow", runs[k][0].out);
      g_assert_cmpint (strlen (runs[k][0].out), >=, 8192);
      run_cli (&runs[k][1], NULL, "convert", level, "--to", "json", NULL);
      run_cli (&runs[k][2], NULL, "solve", "--count", "1", "--set", "race=false", level, NULL);
      run_cli (&runs[k][3], NULL, "solve", ragged, NULL);
    }
  restore_env ("GLIBC_TUNABLES", old);
  for (int i = 0; i < 4; i++)
    {
      g_assert_cmpint (runs[0][i].status, ==, runs[1][i].status);
      g_assert_cmpstr (runs[0][i].out, ==, runs[1][i].out);
      g_assert_cmpstr (runs[0][i].err, ==, runs[1][i].err);
    }
  g_assert_cmpint (runs[0][2].status, ==, 0);
  g_assert_cmpint (runs[0][3].status, ==, 2);
  g_assert_nonnull (strstr (runs[0][3].err, "ragged-big.flow"));
  g_assert_nonnull (strstr (runs[0][3].err, ":98"));
  for (int k = 0; k < 2; k++)
    for (int i = 0; i < 4; i++)
      cli_run_clear (&runs[k][i]);
}

/* Files that never end are refused at the cap, not read until memory runs
 * out (tests/cli/test-read.c covers FIFOs and cancelling). */
static void
test_endless_input (void)
{
  g_auto(CliRun) r = { 0 };

  if (!g_file_test ("/dev/zero", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/zero");
      return;
    }
  run_cli (&r, NULL, "solve", "--game", "lights", "/dev/zero", NULL);
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, "/dev/zero: the file is larger than 128 MiB"));
}

static void
expect_usage (const char *needle, ...)
{
  g_auto(CliRun) r = { 0 };
  va_list ap;

  va_start (ap, needle);
  run_argv (&r, NULL, -1, NULL, TRUE, ap);
  va_end (ap);
  g_assert_cmpint (r.status, ==, 2);
  g_assert_cmpstr (r.out, ==, "");
  if (strstr (r.err, needle) == NULL)
    g_error ("expected '%s' in: %s", needle, r.err);
}

/* Flow Free's bench sets: listed, chosen by name (each a table row of
 * levels generated from seeds, solved and checked), a wrong name refused
 * naming the ones there are, a game without sets refused. */
static void
test_bench_sets (void)
{
  {
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "bench", "flow", "--sets", "list", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.out, "reference\n"));
    g_assert_nonnull (strstr (r.out, "1000x1000\n"));
    g_assert_nonnull (strstr (r.out, "2x125\n"));
    g_assert_nonnull (strstr (r.out, "ga\n"));
  }
  {
    /* Published levels from a file of several (numberlink's format: a
     * "W H" line and rows, blank lines between, '#' comments): found,
     * counted to two, the ones with more than one answer named by place;
     * without HB_FLOW_PUBLISHED the row says where to point it. */
    g_autofree char *dir = g_dir_make_tmp ("hb-published-XXXXXX", NULL);
    g_autofree char *path = g_build_filename (dir, "levels", NULL);
    g_auto(CliRun) r = { 0 };
    g_auto(CliRun) none = { 0 };

    g_assert_true (g_file_set_contents (path,
                                        "# three levels\n\n5 5\nR.G.Y\n..B.O\n.....\n.G.Y.\n.RBO.\n\n"
                                        "4 4\n....\n.RR.\n.GB.\nB..G\n\n"
                                        "...G\n.BR.\n.BG.\n...R\n", -1, NULL));
    g_setenv ("HB_FLOW_PUBLISHED", path, TRUE);
    run_cli (&r, NULL, "bench", "flow", "--sets", "published", NULL);
    g_unsetenv ("HB_FLOW_PUBLISHED");
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.out, "| published: 3 levels | fast |"));
    g_assert_nonnull (strstr (r.out, "3 of 3 solved"));
    g_assert_nonnull (strstr (r.out, "counted to two: 1 unique, 2 with more than one (levels 2, 3)"));
    /* Sets asked for by name whose levels are not there are an error
     * (they exited 0 with a row saying so). */
    /* Bad input, exit 2 as for a missing FILE (it was 3, "gave up"), the
     * folder named when the variable names one (it said "set
     * HB_FLOW_PUZZLES" when it was set), and no table header left. */
    run_cli (&none, NULL, "bench", "flow", "--sets", "published", NULL);
    g_assert_cmpint (none.status, ==, 2);
    g_assert_nonnull (strstr (none.err, "not found: set HB_FLOW_PUBLISHED"));
    g_assert_null (strstr (none.out, "| board |"));
    {
      g_auto(CliRun) ref = { 0 };
      g_auto(CliRun) pub = { 0 };
      /* The folder meson names, put back for the tests after this one
       * (render-plot found the variable gone). */
      g_autofree char *puzzles = g_strdup (g_getenv ("HB_FLOW_PUZZLES"));
      g_setenv ("HB_FLOW_PUZZLES", "/nonexistent", TRUE);
      run_cli (&ref, NULL, "bench", "flow", "--sets", "reference", NULL);
      restore_env ("HB_FLOW_PUZZLES", puzzles);
      g_assert_cmpint (ref.status, ==, 2);
      g_assert_nonnull (strstr (ref.err, "HB_FLOW_PUZZLES names /nonexistent, which is not a folder"));
      g_assert_cmpstr (ref.out, ==, "");
      /* The genetic algorithms' set runs on them too, named with another
       * (it wrote a row "not found" and exited 0). */
      {
        g_auto(CliRun) ga = { 0 };
        g_setenv ("HB_FLOW_PUZZLES", "/nonexistent", TRUE);
        run_cli (&ga, NULL, "bench", "--quick", "flow", "--sets", "125x2,ga", NULL);
        restore_env ("HB_FLOW_PUZZLES", puzzles);
        g_assert_cmpint (ga.status, ==, 2);
        g_assert_nonnull (strstr (ga.err, "HB_FLOW_PUZZLES names /nonexistent"));
        g_assert_cmpstr (ga.out, ==, "");
      }
      /* "--sets ''" named no set and ran the genetic algorithms' (a
       * minute; here their missing levels, exit 2 with another error):
       * the empty name is refused as "," is. */
      {
        g_setenv ("HB_FLOW_PUZZLES", "/nonexistent", TRUE);
        expect_usage ("hintboard-cli: the flow bench has no set '' (it has reference, ", "bench",
                      "--quick", "flow", "--sets", "", NULL);
        restore_env ("HB_FLOW_PUZZLES", puzzles);
      }
      g_setenv ("HB_FLOW_PUBLISHED", "/nonexistent", TRUE);
      run_cli (&pub, NULL, "bench", "flow", "--sets", "published", NULL);
      g_unsetenv ("HB_FLOW_PUBLISHED");
      g_assert_cmpint (pub.status, ==, 2);
      g_assert_nonnull (strstr (pub.err, "HB_FLOW_PUBLISHED names /nonexistent, which does not exist"));
      /* A file with a NUL in it is said as `solve` says it, bad input
       * (it was a level cut at the NUL, "level 2", exit 3); an empty
       * reference folder is no folder of levels (an empty table, exit 0:
       * helper-155). */
      {
        g_auto(CliRun) nul = { 0 };
        g_auto(CliRun) empty = { 0 };

        g_assert_true (g_file_set_contents (path, "garbage\0", 8, NULL));
        g_setenv ("HB_FLOW_PUBLISHED", path, TRUE);
        run_cli (&nul, NULL, "bench", "flow", "--sets", "published", NULL);
        g_unsetenv ("HB_FLOW_PUBLISHED");
        g_assert_cmpint (nul.status, ==, 2);
        g_assert_nonnull (strstr (nul.err, "levels:1:8: the text contains a NUL byte"));
        /* A level's mistake is placed in the file's lines, as `solve`
         * places it (it was the line within the level, "level 2 (from
         * line 6), 4:2: ..."), and nothing is printed before it (the
         * table's header was). */
        {
          g_auto(CliRun) bad = { 0 };

          g_assert_true (g_file_set_contents (path, "3 3\nA.A\n...\nBB.\n\n# two\n3 3\n"
                                                    "A.A\n.C.\nBB.\n", -1, NULL));
          g_setenv ("HB_FLOW_PUBLISHED", path, TRUE);
          run_cli (&bad, NULL, "bench", "flow", "--sets", "published", NULL);
          g_unsetenv ("HB_FLOW_PUBLISHED");
          g_assert_cmpint (bad.status, ==, 2);
          g_assert_nonnull (strstr (bad.err, "levels:9:2: colour 'C' has 1 dot"));
          g_assert_nonnull (strstr (bad.err, "(level 2)"));
          g_assert_null (strstr (bad.out, "| board |"));
        }
        g_unlink (path);
        g_setenv ("HB_FLOW_PUZZLES", dir, TRUE);
        run_cli (&empty, NULL, "bench", "flow", "--sets", "reference", NULL);
        restore_env ("HB_FLOW_PUZZLES", puzzles);
        g_assert_cmpint (empty.status, ==, 2);
        g_assert_nonnull (strstr (empty.err, "holds none (*.txt)"));
        g_assert_null (strstr (empty.out, "| board |"));
        {
          g_auto(CliRun) ga = { 0 };

          g_setenv ("HB_FLOW_PUZZLES", dir, TRUE);
          run_cli (&ga, NULL, "bench", "--quick", "flow", "--sets", "ga", NULL);
          restore_env ("HB_FLOW_PUZZLES", puzzles);
          g_assert_cmpint (ga.status, ==, 2);
          g_assert_null (strstr (ga.out, "| board |"));
        }
      }
    }
    g_unlink (path);
    g_rmdir (dir);
  }
  {
    /* The genetic algorithms' table alone: each run's answer checked,
     * the runs that solved counted. */
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "bench", "--quick", "flow", "--sets", "ga", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.out, "| board | genetic algorithm | solved | median generations |"));
    g_assert_nonnull (strstr (r.out, "| regular_5x5_01 | ga-paths | 1 of 1 | 0 |"));
    g_assert_nonnull (strstr (r.out, "| regular_5x5_01 | ga-cells | 1 of 1 | "));
    g_assert_null (strstr (r.out, "| board | solver |"));
  }
  {
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "bench", "--quick", "flow", "--sets", "125x2,2x125,50x50-few", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.out, "| 125x2: 125×2, 16 colours (long strip) | fast |"));
    g_assert_nonnull (strstr (r.out, "| 2x125: 2×125, 16 colours (long strip) | fast |"));
    g_assert_nonnull (strstr (r.out, "| 50x50-few: 50×50, 6 colours (few colours) | fast |"));
    /* A generated set names its slowest level's time beside the median. */
    g_assert_nonnull (strstr (r.out, " solved, the slowest in "));
    /* Only those: no reference level, no other set. */
    g_assert_null (strstr (r.out, "regular_5x5"));
    g_assert_null (strstr (r.out, "100x100"));
  }
  expect_usage ("the flow bench has no set 'nope' (it has reference, ", "bench", "flow",
                "--sets", "nope", NULL);
  /* Without its game, the games that have sets named, as the help's
   * "'--sets list' names them" was followed ("--sets takes one game"
   * named none). */
  expect_usage ("--sets takes one game's sets: name the game (flow has sets: "
                "'hintboard-cli bench flow --sets list' names them)", "bench", "--sets", "125x2", NULL);
  expect_usage ("--sets takes one game's sets", "bench", "--sets", "list", NULL);
  expect_usage ("--sets takes one game's sets", "bench", "flow", "loop", "--sets", "list", NULL);
  expect_usage ("the lights bench has no sets to choose", "bench", "lights", "--sets", "x", NULL);
}

/* --count N: a counting solver says how many solutions, in the same
 * words for every game; a solver that cannot count refuses it, as it
 * refuses --set count=N. */
static void
test_count (void)
{
  /* Two end tiles facing each other: one way. */
  g_autofree char *one = write_tmp ("one.loop", "0001 0100\n");
  /* Generated 3x3 (seed 4): more than one way. */
  g_autofree char *two = write_tmp ("two.loop", "0001 1000 0000\n0110 1110 0001\n0000 0001 1000\n");
  g_autofree char *flow = write_tmp ("one.flow", "AB\nAB\n");
  g_autofree char *lights = write_tmp ("count.lights", "010\n111\n010\n");
  struct { const char *path, *said; } cases[] = {
    { one, "solved: the level has exactly one solution\n" },
    { two, "solved: the level has at least 2 solutions\n" },
    { flow, "solved: the level has exactly one solution\n" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(CliRun) r = { 0 };
      g_autofree char *want = g_strdup_printf ("hintboard-cli: %s: %s", cases[i].path, cases[i].said);

      run_cli (&r, NULL, "solve", "--count", "2", cases[i].path, NULL);
      g_assert_cmpint (r.status, ==, 0);
      g_assert_cmpstr (r.err, ==, want);
    }
  {
    /* And with --stats, among the statistics. */
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "solve", "--count", "1", "--stats", two, NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.err, "message: The level has at least 1 solution\n"));
  }
  {
    /* --count 1 says so too (stderr was silent). */
    g_auto(CliRun) r = { 0 };
    g_autofree char *want = g_strdup_printf ("hintboard-cli: %s: solved: the level has at least 1 solution\n", two);
    run_cli (&r, NULL, "solve", "--count", "1", two, NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_cmpstr (r.err, ==, want);
  }
  expect_usage ("solver sat does not count solutions (--count); flow's that do: fast", "solve",
                "--count", "2", "--solver", "sat", flow, NULL);
  expect_usage ("solver gf2 does not count solutions (--count), nor does any other lights solver",
                "solve", "--count", "2", lights, NULL);
  expect_usage ("--count takes a number of solutions, 0 (find one) to 1000000, not 1000001",
                "solve", "--count", "1000001", one, NULL);
}

/* convert --to a form the game does not have: exit 2, one line naming
 * the file, the game and the forms it has. */
static void
test_convert_unsupported (void)
{
  static const char *const cases[][4] = {
    { "u.lights", "010\n111\n010\n", "json", "Enlight has no JSON form; it is written as" },
    { "u.loop", "0100 0001\n", "json", "Infinite Loop has no JSON form; it is written as" },
    { "u.flood", "2 by 2 -> 5\n01\n10\n", "json", "Flood-It has no JSON form; it is written as" },
    { "u.flow", "AB\nAB\n", "tatham", "Flow Free has no Tatham game ID; it is written as" },
    { "v.flow", "AB\nAB\n", "compact", "Flow Free has no compact form; it is written as" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = write_tmp (cases[i][0], cases[i][1]);
      g_autofree char *want = g_strdup_printf ("hintboard-cli: %s: %s", path, cases[i][3]);
      g_auto(CliRun) r = { 0 };

      run_cli (&r, NULL, "convert", path, "--to", cases[i][2], NULL);
      g_assert_cmpint (r.status, ==, 2);
      g_assert_cmpstr (r.out, ==, "");
      g_assert_true (g_str_has_prefix (r.err, want));
      g_assert_true (strchr (r.err, '\n') == r.err + strlen (r.err) - 1);
      /* solve --json: a usage error, as --best's for a game without move
       * limits, with its "Try" line (Infinite Loop's crashed; the others
       * wrote nothing and said nothing; then it was a FILE: error without
       * the "Try" line, found after the file was read). */
      if (g_str_equal (cases[i][2], "json"))
        {
          g_auto(CliRun) s = { 0 };
          g_auto(CliRun) t = { 0 };
          g_autofree char *said = g_strdup_printf ("hintboard-cli: --json writes Flow Free's solutions; "
                                                   "%.*s\nTry 'hintboard-cli --help'.\n",
                                                   (int) (strstr (cases[i][3], ";") - cases[i][3]),
                                                   cases[i][3]);
          g_autofree char *missing = g_strconcat (path, ".missing", NULL);

          run_cli (&s, NULL, "solve", "--json", path, NULL);
          g_assert_cmpint (s.status, ==, 2);
          g_assert_cmpstr (s.out, ==, "");
          g_assert_cmpstr (s.err, ==, said);
          /* With --game, before the file is read: a missing file is not
           * the error. */
          run_cli (&t, NULL, "solve", "--json", "--game", strrchr (path, '.') + 1, missing, NULL);
          g_assert_cmpint (t.status, ==, 2);
          g_assert_cmpstr (t.out, ==, "");
          g_assert_cmpstr (t.err, ==, said);
        }
    }
}

/* Output that cannot be written (standard output on a full disk) is an
 * error, exit 2 with a line saying so: it was exit 0 and an empty file
 * that looked like an answer. */
static void
test_full_disk (void)
{
  g_autofree char *path = write_tmp ("full.flow", "AB\nAB\n");
  const char *const cases[][7] = {
    { "convert", path, "--to", "native", NULL },
    { "solve", path, NULL },
    { "generate", "--game", "flow", "--size", "5x5", "--seed", NULL },
    /* More than stdio's buffer: the write fails before the last flush,
     * and the reason was lost (review). */
    { "generate", "--game", "flow", "--size", "150x150", "--seed", NULL },
    { "list", NULL },
    /* A command's --help (GOption exits by itself: it said nothing,
     * exit 0: review). */
    { "solve", "--help", NULL },
    { "help", "solve", NULL },
  };

  if (!g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/full");
      return;
    }
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GPtrArray) argv = g_ptr_array_new ();
      g_auto(CliRun) r = { 0 };

      g_ptr_array_add (argv, (gpointer) "/bin/sh");
      g_ptr_array_add (argv, (gpointer) "-c");
      g_ptr_array_add (argv, (gpointer) "exec \"$0\" \"$@\" >/dev/full");
      g_ptr_array_add (argv, (gpointer) cli);
      for (int k = 0; cases[i][k] != NULL; k++)
        g_ptr_array_add (argv, (gpointer) cases[i][k]);
      if (g_str_equal (cases[i][0], "generate"))
        g_ptr_array_add (argv, (gpointer) "1");
      g_ptr_array_add (argv, NULL);
      cli_run_argv (&r, (const char *const *) argv->pdata, NULL, -1, NULL);
      g_assert_cmpint (r.status, ==, 2);
      /* (The help's own write failed inside GLib, which keeps no reason.) */
      if (g_strcmp0 (cases[i][1], "--help") == 0 || g_str_equal (cases[i][0], "help"))
        g_assert_cmpstr (r.err, ==, "hintboard-cli: cannot write to standard output\n");
      else
        g_assert_cmpstr (r.err, ==, "hintboard-cli: cannot write to standard output: "
                                    "No space left on device\n");
    }
}

/* render --plot, the issue's command: the genetic algorithm's fitness
 * per generation as an 800x500 PNG (or SVG), nothing said; a run that
 * arc consistency finished before its first generation says why its plot
 * is one point. */
static void
test_render_plot (void)
{
  const char *puzzles = g_getenv ("HB_FLOW_PUZZLES");
  g_autofree char *eight = g_build_filename (puzzles, "extreme_8x8_01.txt", NULL);
  g_autofree char *seven = g_build_filename (puzzles, "regular_7x7_01.txt", NULL);
  g_autofree char *png = g_build_filename (tmpdir, "fitness.png", NULL);
  g_autofree char *svg = g_build_filename (tmpdir, "fitness.svg", NULL);
  g_autofree char *bytes = NULL;
  gsize len = 0;

  g_assert_nonnull (puzzles);
  {
    g_auto(CliRun) r = { 0 };

    run_cli (&r, NULL, "render", eight, "--plot", "-o", png, "--solver", "ga-paths",
             "--set", "seed=1", NULL);
    g_assert_cmpint (r.status, ==, 0);
    /* Nothing said (LeakSanitizer's list of suppressions aside). */
    g_assert_null (strstr (r.err, "hintboard-cli"));
    g_assert_true (g_file_get_contents (png, &bytes, &len, NULL));
    /* The signature, then the header's width and height (big-endian). */
    g_assert_cmpuint (len, >, 24);
    g_assert_cmpint (memcmp (bytes, "\x89PNG\r\n\x1a\n", 8), ==, 0);
    g_assert_cmpint (((guint8) bytes[18] << 8) | (guint8) bytes[19], ==, 800);
    g_assert_cmpint (((guint8) bytes[22] << 8) | (guint8) bytes[23], ==, 500);
    g_clear_pointer (&bytes, g_free);
    g_unlink (png);
  }
  {
    g_auto(CliRun) r = { 0 };

    run_cli (&r, NULL, "render", eight, "--plot", "-o", svg, "--solver", "ga-paths",
             "--set", "seed=1", "--dark", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_true (g_file_get_contents (svg, &bytes, &len, NULL));
    g_assert_nonnull (strstr (bytes, "<svg"));
    g_clear_pointer (&bytes, g_free);
    g_unlink (svg);
  }
  {
    g_auto(CliRun) r = { 0 };

    run_cli (&r, NULL, "render", seven, "--plot", "-o", png, "--solver", "ga-paths",
             "--set", "seed=1", NULL);
    g_assert_cmpint (r.status, ==, 0);
    if (strstr (r.err, "Arc consistency alone fixed every cell. The plot has one point") == NULL)
      g_error ("7x7 plot: %s", r.err);
    g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));
    g_unlink (png);
  }
  /* A run that ends before its first generation (arc consistency proves
   * the snake has no solution) draws nothing, says so, and exits as solve
   * (review: "only the genetic algorithms … have a fitness plot", exit 2). */
  {
    g_autofree char *snake = write_tmp ("plot-snake.flow", "A..\n...\n..A\n");
    g_auto(CliRun) r = { 0 };

    run_cli (&r, NULL, "render", snake, "--plot", "-o", png, "--solver", "ga-paths", NULL);
    g_assert_cmpint (r.status, ==, 1);
    g_assert_nonnull (strstr (r.err, "ga-paths: the run ended before its first generation: no plot drawn"));
    g_assert_null (strstr (r.err, "only the genetic"));
    g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  }
}

/* Out-of-range values are refused with a message, never clamped. */
static void
test_options_refused (void)
{
  g_autofree char *path = write_tmp ("opt.lights", "010\n111\n010\n");
  g_autofree char *png = g_build_filename (tmpdir, "opt.png", NULL);

  expect_usage ("--cell takes 4 to 256 pixels, not 0", "render", path, "-o", png, "--cell", "0", NULL);
  expect_usage ("--cell takes 4 to 256 pixels, not 100000", "render", path, "-o", png, "--cell", "100000", NULL);
  /* -1 too (it was taken for "not given"). */
  expect_usage ("--cell takes 4 to 256 pixels, not -1", "render", path, "-o", png, "--cell", "-1", NULL);
  /* The value as typed, not "3.1536e+07". */
  expect_usage ("--time-limit takes 0 (no limit) to 31536000 seconds, not 31536001", "solve",
                "--time-limit", "31536001", path, NULL);
  /* Also past what "%.15g" writes as typed ("not 1000000000"). */
  expect_usage ("--time-limit takes 0 (no limit) to 31536000 seconds, not 1e9", "solve",
                "--time-limit", "1e9", path, NULL);
  expect_usage ("--time-limit takes 0 (no limit) to 31536000 seconds, not 4e7", "solve",
                "--time-limit=4e7", path, NULL);
  expect_usage ("--repeats takes 1 to 100, not -1", "bench", "lights", "-r", "-1", NULL);
  expect_usage ("--repeats takes 1 to 100, not -1", "bench", "detect", "-r", "-1", NULL);
  expect_usage ("--colours takes", "generate", "--game", "flood", "--colours", "-1", NULL);
  /* A count out of the game's range is a usage error as the other
   * options' are, its "Try" line included (Flood-It's 1 had none). */
  expect_usage ("--colours takes 2 to 10 for Flood-It (0 for its default), not 1\n"
                "Try 'hintboard-cli --help'.\n", "generate", "--game", "flood", "--colours", "1", NULL);
  expect_usage ("--colours takes 1 to 88 for Flow Free (0 for its default), not 89\n"
                "Try 'hintboard-cli --help'.\n", "generate", "--game", "flow", "--colours", "89", NULL);
  /* generate --time-limit bounds only Flow Free's search for a level
   * with one solution: elsewhere it did nothing, without a word. */
  expect_usage ("--time-limit bounds the search for a level with one solution: it goes with "
                "--set unique=true (Flow Free)", "generate", "--game", "lights", "--time-limit",
                "3", NULL);
  expect_usage ("it goes with --set unique=true", "generate", "--game", "flow", "--size", "5x5",
                "--time-limit", "3", NULL);
  expect_usage ("it goes with --set unique=true", "generate", "--game", "flow", "--size", "5x5",
                "--set", "unique=false", "--time-limit=3", NULL);
  {
    g_auto(CliRun) r = { 0 };

    run_cli (&r, NULL, "generate", "--game", "flow", "--size", "5x5", "--set", "unique=true",
             "--time-limit", "5", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_cmpstr (r.err, ==, "");
  }
  /* Numbers in decimal, as --set reads them: GOption read "0x10" (and
   * strtod " 5") where --set refuses them, and an integer in C's base 0,
   * "--cell 010" drawing 8-pixel cells and "--cell 09" no number. */
  expect_usage ("--time-limit takes a decimal number, not '0x10'", "solve", "--time-limit",
                "0x10", path, NULL);
  expect_usage ("--time-limit takes a decimal number, not ' 5'", "hint", "--time-limit= 5",
                path, NULL);
  expect_usage ("--cell takes a decimal number, not '0x10'", "render", path, "-o", png,
                "--cell", "0x10", NULL);
  expect_usage ("--repeats takes a decimal number, not '0X2'", "bench", "lights", "-r", "0X2",
                NULL);
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  {
    g_auto(CliRun) r = { 0 };
    g_autofree char *data = NULL;
    gsize len = 0;

    for (int k = 0; k < 2; k++)
      {
        g_clear_pointer (&r.out, g_free);
        g_clear_pointer (&r.err, g_free);
        g_clear_pointer (&data, g_free);
        /* 3 cells of 10 px and margins of 16: 62 pixels wide. */
        run_cli (&r, NULL, "render", path, "-o", png, k ? "--cell=09" : "--cell", k ? "--dark" : "010",
                 NULL);
        g_assert_cmpint (r.status, ==, 0);
        g_assert_true (g_file_get_contents (png, &data, &len, NULL));
        g_assert_cmpuint (len, >, 24);
        g_assert_cmpint (((guchar) data[18] << 8) | (guchar) data[19], ==, k ? 59 : 62);
      }
    g_unlink (png);
  }
  /* The hidden spelling --colors is the same option: given with --colours
   * it is given twice (the last kept, unsaid). */
  expect_usage ("--colours is given twice: give it once", "generate", "--game", "flood",
                "--colours", "3", "--colors", "4", NULL);
  /* Refused, not ignored: options that do nothing where they are given. */
  expect_usage ("--colours is for the games with colours to count (Flood-It, Flow Free), not lights",
                "generate", "--game", "lights", "--colours", "1000", NULL);
  expect_usage ("list takes no FILE or game ('bogus')", "list", "bogus", NULL);
  /* An option of one value given twice (the last was kept, unsaid). */
  expect_usage ("--solver is given twice: give it once", "solve", "--solver", "gf2",
                "--solver=backtrack", path, NULL);
  expect_usage ("--output is given twice: give it once", "render", path, "-o", png, "-o", png,
                NULL);
  expect_usage ("--to is given twice: give it once", "convert", path, "--to", "json", "--to",
                "native", NULL);
  /* --best on a game with no move limit, --cell on a plot (review). */
  expect_usage ("--best writes an answer over a level's move limit; Enlight levels have none",
                "solve", "--best", path, NULL);
  expect_usage ("--best writes an answer over a level's move limit; Enlight levels have none",
                "render", path, "-o", png, "--solution", "--best", NULL);
  /* Before the file is read when --game names the game, as --json's is
   * (review: the missing file was said instead). */
  expect_usage ("--best writes an answer over a level's move limit; Enlight levels have none",
                "solve", "--game", "lights", "--best", "/nonexistent/level", NULL);
  expect_usage ("--best writes an answer over a level's move limit; Infinite Loop levels have "
                "none", "render", "--game", "loop", "/nonexistent/level", "-o", png, "--solution",
                "--best", NULL);
  expect_usage ("--plot draws the solver's numbers, not the board: it takes no --cell", "render",
                path, "-o", png, "--plot", "--cell", "10", NULL);
  /* A solver with no numbers to plot is named with the level, not the
   * output (review). */
  {
    g_auto(CliRun) r = { 0 };
    g_autofree char *want = g_strdup_printf ("hintboard-cli: %s: gf2: the solver recorded no numbers", path);

    run_cli (&r, NULL, "render", path, "-o", png, "--plot", NULL);
    g_assert_cmpint (r.status, ==, 2);
    if (!g_str_has_prefix (r.err, want))
      g_error ("--plot with gf2: %s", r.err);
  }
  expect_usage ("--delay takes 10 to 60000 milliseconds, not -1", "render", path, "--animate",
                "-o", png, "--delay", "-1", NULL);
  expect_usage ("--repeats takes 1 to 100, not -5", "bench", "--quick", "lights", "--repeats", "-5", NULL);
  expect_usage ("--repeats takes 1 to 100, not 2147483647", "bench", "lights", "--repeats", "2147483647", NULL);
  /* bench detect has options of its own: the same range. */
  expect_usage ("--repeats takes 1 to 100, not 0", "bench", "detect", "--quick", "--repeats", "0", NULL);
  /* Its help, not detect's, is the one to read. */
  expect_usage ("Try 'hintboard-cli bench detect --help'.", "bench", "detect", "--sets", "x", NULL);
  expect_usage ("--repeats takes 1 to 100, not 101", "bench", "detect", "--repeats", "101", NULL);
  expect_usage ("--time-limit takes 0 (no limit)", "solve", "--time-limit", "-1", path, NULL);
  expect_usage ("not nan", "solve", "--time-limit", "nan", path, NULL);
  expect_usage ("--time-limit takes 0 (no limit)", "hint", "--time-limit", "-1", path, NULL);
  expect_usage ("not inf", "solve", "--time-limit", "inf", path, NULL);
  expect_usage ("--size -1x5: a board side is at least 1", "generate", "--game", "lights", "--size", "-1x5", NULL);
  expect_usage ("--count takes", "solve", "--count", "-2", path, NULL);
  {
    g_autofree char *flood = write_tmp ("opt.flood", "2 by 2 -> 5\n01\n10\n");
    expect_usage ("takes no node-limit", "solve", "--solver", "greedy", "--set", "node-limit=5",
                  flood, NULL);
  }
  /* Options that do nothing where they are given are refused (render
   * took --solver nope, --set bogus=1 and --delay 7 without a word). */
  expect_usage ("--solver, --set and --seed choose how to solve: they go with --solution, "
                "--animate or --plot", "render", path, "-o", png, "--solver", "nope", NULL);
  expect_usage ("they go with --solution", "render", path, "-o", png, "--seed", "3", NULL);
  expect_usage ("they go with --solution", "render", path, "-o", png, "--set", "bogus=1", NULL);
  expect_usage ("--delay goes with --animate", "render", path, "-o", png, "--delay", "7", NULL);
  expect_usage ("--best goes with --solution or --animate", "render", path, "-o", png, "--best", NULL);
  expect_usage ("--time-limit bounds a solve or the hints: it goes with --solution, --animate, --plot or --hints",
                "render", path, "-o", png, "--time-limit", "3", NULL);
  /* The lowest int is a value given, not "not given". */
  expect_usage ("--delay goes with --animate", "render", path, "-o", png, "--delay", "-2147483648", NULL);
  /* Two options that say one thing: refused, not one silently winning
   * (--set did, whatever the order). */
  expect_usage ("--time-limit and --set time-limit= both set the time limit: give one", "solve",
                "--time-limit", "0.5", "--set", "time-limit=0", path, NULL);
  expect_usage ("--time-limit and --set time-limit=", "solve", "--set", "time-limit=3",
                "--time-limit=0.5", path, NULL);
  {
    g_autofree char *flow = write_tmp ("opt.flow", "a.a\n");
    expect_usage ("--count and --set count= both set how many solutions to count: give one",
                  "solve", "--set", "count=2", "--count", "5", flow, NULL);
  }
  expect_usage ("--json and --compact are two forms of the solution: give one", "solve", "--json",
                "--compact", path, NULL);
  /* Flow Free has no compact form: a usage error with its "Try" line, as
   * --json's for a game without JSON (solve wrote the native form without
   * a word, then it was a FILE: error from the game's writer); with
   * --game, before the file is read (a missing file is not the error). */
  {
    g_autofree char *flow = write_tmp ("compact.flow", "a.a\n");
    g_autofree char *missing = g_strconcat (flow, ".missing", NULL);
    const char *said = "hintboard-cli: --compact writes a game's compact form; Flow Free has "
                       "none (its solutions are written as text, or with --json as JSON)\n"
                       "Try 'hintboard-cli --help'.\n";
    g_auto(CliRun) r = { 0 };
    g_auto(CliRun) m = { 0 };

    run_cli (&r, NULL, "solve", "--compact", flow, NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_cmpstr (r.out, ==, "");
    g_assert_cmpstr (r.err, ==, said);
    run_cli (&m, NULL, "solve", "--compact", "--game", "flow", missing, NULL);
    g_assert_cmpint (m.status, ==, 2);
    g_assert_cmpstr (m.out, ==, "");
    g_assert_cmpstr (m.err, ==, said);
  }
  expect_usage ("--tatham and --compact are two forms of the level: give one", "generate", "--game",
                "lights", "--tatham", "--compact", NULL);
  /* generate --compact and --tatham for Flow Free, which has neither
   * form: a usage error with its "Try" line, as solve --compact's (it was
   * the writer's "generate:" error, without the line, after the level was
   * made). */
  {
    static const char *const forms[][2] = {
      { "--compact", "a game's compact form" },
      { "--tatham", "a Simon Tatham game ID" },
    };

    for (gsize i = 0; i < G_N_ELEMENTS (forms); i++)
      {
        g_autofree char *said = g_strdup_printf ("hintboard-cli: %s writes %s; Flow Free has "
                                                 "none (its levels are written as text, or by "
                                                 "'convert --to json' as JSON)\n"
                                                 "Try 'hintboard-cli --help'.\n",
                                                 forms[i][0], forms[i][1]);
        g_auto(CliRun) r = { 0 };

        run_cli (&r, NULL, "generate", "--game", "flow", forms[i][0], NULL);
        g_assert_cmpint (r.status, ==, 2);
        g_assert_cmpstr (r.out, ==, "");
        g_assert_cmpstr (r.err, ==, said);
      }
  }
  {
    g_autofree char *flow = write_tmp ("seed.flow", "a.a\n");
    expect_usage ("--seed and --set seed= both set the seed: give one", "solve", "--solver",
                  "ga-paths", "--seed", "3", "--set", "seed=4", flow, NULL);
    /* convert of a Flood-It file of two dumps: the first, and the second
     * said to be left (it went without a word). */
    {
      g_autofree char *two = write_tmp ("two.flood", "3 by 3 -> 9\n012\n120\n201\n\n"
                                                     "3 by 3 -> 12\n111\n222\n000\n");
      g_auto(CliRun) r = { 0 };

      run_cli (&r, NULL, "convert", "--to", "native", two, NULL);
      g_assert_cmpint (r.status, ==, 0);
      g_assert_nonnull (strstr (r.out, "012\n120\n201\n"));
      g_assert_null (strstr (r.out, "111"));
      g_assert_nonnull (strstr (r.err, "only the first level is converted; the one after it is not"));
    }
    /* An option the command does not take: named with the command and
     * its own help (GLib's "Unknown option --solver" alone). */
    expect_usage ("hintboard-cli: hint: unknown option --solver\n"
                  "Try 'hintboard-cli hint --help'.", "hint", "--solver", "fast", flow, NULL);
    /* Any key twice: the last did win, without a word. */
    expect_usage ("solver ga-paths: generations is set twice: give it once", "solve",
                  "--solver", "ga-paths", "--set", "generations=5", "--set", "generations=9",
                  flow, NULL);
    expect_usage ("generate flow: unique is set twice: give it once", "generate", "--game",
                  "flow", "--size", "5x5", "--set", "unique=true", "--set", "unique=false",
                  NULL);
  }
  /* An unknown game is named before any bench runs. */
  expect_usage ("unknown game 'nosuch'", "bench", "--quick", "lights", "nosuch", NULL);
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  /* A --cell that would draw this board over 8192 pixels is refused. */
  {
    g_autofree char *big = g_build_filename (tmpdir, "big.lights", NULL);
    GString *t = g_string_new (NULL);
    for (int y = 0; y < 100; y++)
      g_string_append (t, "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000\n");
    g_assert_true (g_file_set_contents (big, t->str, -1, NULL));
    g_string_free (t, TRUE);
    expect_usage ("the most is 8192 (--cell 81 or less)", "render", big, "-o", png, "--cell", "100", NULL);
  }
  /* Never a --cell it refuses: a 4096-wide board takes none (it said
   * "--cell 2 or less"), and the default draws it within the cap (it
   * drew it 8224 pixels wide with 2-pixel cells) with cells under
   * --cell's smallest: 1 pixel, 4128 wide; a --cell says to leave it
   * out, exit 2, nothing written. */
  {
    g_autofree char *wide = g_build_filename (tmpdir, "wide.lights", NULL);
    char *row = g_strnfill (4096, '1');
    g_autofree char *text = g_strconcat (row, "\n", NULL);

    g_free (row);
    g_assert_true (g_file_set_contents (wide, text, -1, NULL));
    for (int k = 0; k < 3; k++)
      {
        g_auto(CliRun) r = { 0 };

        if (k == 0)
          run_cli (&r, NULL, "render", wide, "-o", png, NULL);
        else
          run_cli (&r, NULL, "render", wide, "-o", png, "--cell", k == 1 ? "4" : "48", NULL);
        if (k == 0)
          {
            g_autofree char *head = NULL;
            gsize len = 0;

            g_assert_cmpint (r.status, ==, 0);
            g_assert_true (g_file_get_contents (png, &head, &len, NULL));
            g_assert_cmpuint (len, >, 24);
            g_assert_cmpint (GUINT32_FROM_BE (*(guint32 *) (head + 16)), ==, 4128);
            g_assert_cmpint (GUINT32_FROM_BE (*(guint32 *) (head + 20)), ==, 33);
            g_unlink (png);
            continue;
          }
        g_assert_cmpint (r.status, ==, 2);
        g_assert_nonnull (strstr (r.err, k == 1 ? "--cell 4 draws this 4096×1 board 16416 pixels "
                                                  "wide; the most is 8192, which takes cells under "
                                                  "--cell's smallest (4): leave --cell out and "
                                                  "render draws it with 1-pixel cells\n"
                                                : "--cell 48 draws this 4096×1 board"));
        g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
      }
  }
  /* The cap counts the whole picture, margins and the hints' badge too:
   * the default takes the largest cell that fits (a 2040-wide board 4
   * pixels, 8192 wide; 1×2033 the same high with --hints), and --cell
   * is refused where its picture would be larger (--cell 4 drew a
   * 2048-wide board 8224 pixels wide). */
  {
    g_autofree char *w2040 = g_build_filename (tmpdir, "w2040.lights", NULL);
    g_autofree char *w2048 = g_build_filename (tmpdir, "w2048.lights", NULL);
    g_autofree char *tall = g_build_filename (tmpdir, "tall.lights", NULL);
    g_autofree char *spng = g_build_filename (tmpdir, "capped.png", NULL);
    char *row = g_strnfill (2040, '1');
    g_autofree char *text = g_strconcat (row, "\n", NULL);
    g_autofree char *text2 = NULL;
    GString *t = g_string_new (NULL);
    struct { const char *file; const char *hints; int w, h; } fits[] = {
      { w2040, NULL, 8192, 36 }, { w2040, "--hints", 8192, 64 }, { tall, "--hints", 36, 8192 },
    };

    g_free (row);
    row = g_strnfill (2048, '1');
    text2 = g_strconcat (row, "\n", NULL);
    g_free (row);
    for (int y = 0; y < 2033; y++)
      g_string_append (t, "1\n");
    g_assert_true (g_file_set_contents (w2040, text, -1, NULL));
    g_assert_true (g_file_set_contents (w2048, text2, -1, NULL));
    g_assert_true (g_file_set_contents (tall, t->str, -1, NULL));
    g_string_free (t, TRUE);
    for (gsize k = 0; k < G_N_ELEMENTS (fits); k++)
      {
        g_auto(CliRun) r = { 0 };
        g_autofree char *head = NULL;
        gsize len = 0;

        run_cli (&r, NULL, "render", fits[k].file, "-o", spng, fits[k].hints, NULL);
        g_assert_cmpint (r.status, ==, 0);
        g_assert_true (g_file_get_contents (spng, &head, &len, NULL));
        g_assert_cmpuint (len, >, 24);
        /* The PNG's IHDR: width and height, big-endian, at 16 and 20. */
        g_assert_cmpint (GUINT32_FROM_BE (*(guint32 *) (head + 16)), ==, fits[k].w);
        g_assert_cmpint (GUINT32_FROM_BE (*(guint32 *) (head + 20)), ==, fits[k].h);
        g_unlink (spng);
      }
    expect_usage ("--cell 4 draws this 2048×1 board 8224 pixels wide; the most is 8192, which "
                  "takes cells under --cell's smallest (4): leave --cell out and render draws it "
                  "with 3-pixel cells", "render", w2048, "-o", spng, "--cell", "4", NULL);
    g_assert_false (g_file_test (spng, G_FILE_TEST_EXISTS));
    expect_usage ("--cell 5 draws this 2040×1 board 10232 pixels wide; the most is 8192 "
                  "(--cell 4 or less)", "render", w2040, "-o", spng, "--cell", "5", NULL);
  }
}

/* "--" ends the options: a file may start with '-'. */
static void
test_dash_dash (void)
{
  g_autofree char *path = write_tmp ("-x.lights", "010\n111\n010\n");
  g_auto(CliRun) r = { 0 };

  run_cli_in (&r, tmpdir, "solve", "--", "-x.lights", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (presses_solve ("010\n111\n010\n", r.out));
}

/* A short option's value joined to it, as getopt reads it ("-r5", "-sfast",
 * "-oout.png"), is its value given apart (GOption took the next word for
 * it and the rest for options): the same output, the same usage errors;
 * "--" still ends the options and a value that looks like an option is
 * still the value. */
static void
run_same (const char *input, const char *const *apart, const char *const *joined)
{
  g_auto(CliRun) a = { 0 };
  g_auto(CliRun) j = { 0 };
  g_autoptr(GPtrArray) av = g_ptr_array_new ();
  g_autoptr(GPtrArray) jv = g_ptr_array_new ();

  g_ptr_array_add (av, (gpointer) cli);
  g_ptr_array_add (jv, (gpointer) cli);
  for (int i = 0; apart[i] != NULL; i++)
    g_ptr_array_add (av, (gpointer) apart[i]);
  for (int i = 0; joined[i] != NULL; i++)
    g_ptr_array_add (jv, (gpointer) joined[i]);
  g_ptr_array_add (av, NULL);
  g_ptr_array_add (jv, NULL);
  cli_run_argv (&a, (const char *const *) av->pdata, NULL, -1, input);
  cli_run_argv (&j, (const char *const *) jv->pdata, NULL, -1, input);
  if (a.status != j.status || g_strcmp0 (a.out, j.out) != 0 || g_strcmp0 (a.err, j.err) != 0)
    g_error ("%s (status %d):\n%s%s\nanswered otherwise than %s (status %d):\n%s%s",
             joined[0], j.status, j.out, j.err, apart[0], a.status, a.out, a.err);
}

static void
test_joined_short_values (void)
{
  g_autofree char *level = NULL;
  g_autofree char *path = NULL;
  g_autofree char *png_apart = g_build_filename (tmpdir, "apart.png", NULL);
  g_autofree char *png_joined = g_build_filename (tmpdir, "joined.png", NULL);
  g_autofree char *o_joined = g_strconcat ("-o", png_joined, NULL);

  {
    g_auto(CliRun) g = { 0 };
    g_auto(CliRun) j = { 0 };

    run_cli (&g, NULL, "generate", "-g", "loop", "--size", "6x6", "--seed", "7", NULL);
    g_assert_cmpint (g.status, ==, 0);
    run_cli (&j, NULL, "generate", "-gloop", "--size", "6x6", "--seed", "7", NULL);
    g_assert_cmpint (j.status, ==, 0);
    g_assert_cmpstr (j.out, ==, g.out);
    level = g_strdup (g.out);
    path = write_tmp ("joined.loop", level);
  }
  run_same (NULL, (const char *const[]) { "solve", "-s", "fast", path, NULL },
            (const char *const[]) { "solve", "-sfast", path, NULL });
  run_same (NULL, (const char *const[]) { "solve", "-g", "loop", "-s", "dlx", path, NULL },
            (const char *const[]) { "solve", "-gloop", "-sdlx", path, NULL });
  /* A lone "-" is standard input, after a joined value too. */
  run_same (level, (const char *const[]) { "solve", "-g", "loop", "-", NULL },
            (const char *const[]) { "solve", "-gloop", "-", NULL });
  run_same (NULL, (const char *const[]) { "hint", "-g", "loop", path, NULL },
            (const char *const[]) { "hint", "-gloop", path, NULL });
  run_same (NULL, (const char *const[]) { "convert", "-g", "loop", path, "--to", "compact", NULL },
            (const char *const[]) { "convert", "-gloop", path, "--to", "compact", NULL });
  {
    g_autofree char *a = NULL, *j = NULL;
    gsize alen = 0, jlen = 0;

    run_same (NULL, (const char *const[]) { "render", path, "-o", png_apart, NULL },
              (const char *const[]) { "render", path, o_joined, NULL });
    g_assert_true (g_file_get_contents (png_apart, &a, &alen, NULL));
    g_assert_true (g_file_get_contents (png_joined, &j, &jlen, NULL));
    g_assert_cmpmem (a, alen, j, jlen);
  }
  {
    g_auto(CliRun) r = { 0 };

    run_cli (&r, NULL, "bench", "--quick", "-r2", "lights", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.out, "| gf2 |"));
    g_assert_nonnull (strstr (r.out, " | 2 |\n"));
  }
  /* A bad value joined is refused as it is apart. */
  run_same (NULL, (const char *const[]) { "solve", "-s", "magic", path, NULL },
            (const char *const[]) { "solve", "-smagic", path, NULL });
  run_same (NULL, (const char *const[]) { "generate", "-g", "chess", NULL },
            (const char *const[]) { "generate", "-gchess", NULL });
  run_same (NULL, (const char *const[]) { "bench", "lights", "-r", "0", NULL },
            (const char *const[]) { "bench", "lights", "-r0", NULL });
  run_same (NULL, (const char *const[]) { "bench", "lights", "-r", "x", NULL },
            (const char *const[]) { "bench", "lights", "-rx", NULL });
  run_same (NULL, (const char *const[]) { "bench", "detect", "-r", "0", NULL },
            (const char *const[]) { "bench", "detect", "-r0", NULL });
  run_same (NULL, (const char *const[]) { "detect", "-g", "chess", "x.png", NULL },
            (const char *const[]) { "detect", "-gchess", "x.png", NULL });
  expect_usage ("--repeats takes 1 to 100, not -1", "bench", "lights", "-r-1", NULL);
  /* A value that looks like an option stays the value ("-r -5" is not
   * -r then -r with 5; "--seed -5" not --seed then -5). */
  expect_usage ("--repeats takes 1 to 100, not -5", "bench", "lights", "-r", "-5", NULL);
  expect_usage ("unknown game '-sfast'", "solve", "-g", "-sfast", path, NULL);
  /* --seed names the range and the decimal digits as --set seed= does,
   * whatever is wrong (hexadecimal said only "takes a decimal number",
   * a blank only the range " 5" is in). */
  expect_usage ("--seed takes a whole number from 0 to 18446744073709551615 in decimal digits, "
                "not '-5'", "generate", "-g", "lights", "--seed", "-5", NULL);
  expect_usage ("--seed takes a whole number from 0 to 18446744073709551615 in decimal digits, "
                "not '0x5'", "generate", "-g", "lights", "--seed", "0x5", NULL);
  {
    static const char *const bad[] = { "0x10", " 5", "", "-1", "18446744073709551616" };

    for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autofree char *said = g_strdup_printf ("--seed takes a whole number from 0 to "
                                                 "18446744073709551615 in decimal digits, "
                                                 "not '%s'", bad[i]);

        expect_usage (said, "generate", "--game", "flow", "--size", "50x50", "--seed", bad[i],
                      NULL);
      }
  }
  /* solve's --seed in the same words (it was worded as a --set). */
  {
    g_autofree char *flow_path = write_tmp ("seed.flow", "R.G\n...\nR.G\n");

    expect_usage ("--seed takes a whole number from 0 to 18446744073709551615 in decimal "
                  "digits, not '0x10'", "solve", "-s", "ga-paths", "--seed", "0x10", flow_path,
                  NULL);
    expect_usage ("--seed takes a whole number from 0 to 18446744073709551615 in decimal "
                  "digits, not 'abc'", "solve", "-s", "ga-paths", "--seed", "abc", flow_path,
                  NULL);
  }
  /* One rule for a seed wherever it is given: generate's --seed, solve's
   * --seed and --set seed= take and refuse the same texts (a '+' was
   * taken by --seed, refused by --set seed=: review), and a seed taken
   * is the same seed ("+7" is 7). */
  {
    static const char *const taken[] = { "7", "+7", "07", "4294967296", "18446744073709551615" };
    static const char *const refused[] = { " 7", "7 ", "++7", "+", "-7", "0x7", "",
                                           "18446744073709551616" };
    g_autofree char *flow_path = write_tmp ("seed-rule.flow", "R.G.Y\n..B.O\n.....\n.G.Y.\n.RBO.\n");
    g_autofree char *plot = g_build_filename (tmpdir, "seed-rule.png", NULL);
    g_auto(CliRun) level7 = { 0 };
    g_auto(CliRun) run7 = { 0 };
    g_auto(CliRun) plotted = { 0 };

    run_cli (&level7, NULL, "generate", "-g", "lights", "--size", "6x4", "--seed", "7", NULL);
    run_cli (&run7, NULL, "solve", "-s", "ga-paths", "--stats", "--seed", "7", flow_path, NULL);
    g_assert_cmpint (level7.status, ==, 0);
    g_assert_cmpint (run7.status, ==, 0);
    /* render takes --seed as solve does (it took --set seed= alone). */
    run_cli (&plotted, NULL, "render", flow_path, "--plot", "-o", plot, "-s", "ga-paths",
             "--seed", "+7", NULL);
    g_assert_cmpint (plotted.status, ==, 0);
    g_assert_true (g_file_test (plot, G_FILE_TEST_EXISTS));
    g_unlink (plot);
    expect_usage ("--seed and --set seed= both set the seed: give one", "generate", "-g",
                  "lights", "--seed", "3", "--set", "seed=4", NULL);
    for (gsize i = 0; i < G_N_ELEMENTS (taken); i++)
      {
        g_autofree char *set = g_strconcat ("seed=", taken[i], NULL);
        gboolean seven = strcmp (taken[i] + (taken[i][0] == '+'), "7") == 0
                         || g_str_equal (taken[i], "07");
        g_auto(CliRun) gs = { 0 };
        g_auto(CliRun) g = { 0 };
        g_auto(CliRun) a = { 0 };
        g_auto(CliRun) b = { 0 };

        run_cli (&g, NULL, "generate", "-g", "lights", "--size", "6x4", "--seed", taken[i], NULL);
        /* generate takes --set seed= too, as solve does (it was an
         * unknown setting). */
        run_cli (&gs, NULL, "generate", "-g", "lights", "--size", "6x4", "--set", set, NULL);
        g_assert_cmpint (gs.status, ==, 0);
        g_assert_cmpstr (gs.out, ==, g.out);
        run_cli (&a, NULL, "solve", "-s", "ga-paths", "--stats", "--seed", taken[i], flow_path,
                 NULL);
        run_cli (&b, NULL, "solve", "-s", "ga-paths", "--stats", "--set", set, flow_path, NULL);
        g_assert_cmpint (g.status, ==, 0);
        g_assert_cmpint (a.status, ==, 0);
        g_assert_cmpint (b.status, ==, 0);
        g_assert_cmpstr (a.out, ==, b.out);
        /* The seed run, as --stats says it. */
        {
          g_autofree char *line = g_strdup_printf ("\nseed: %s\n", seven ? "7"
                                                   : taken[i] + (taken[i][0] == '+'));

          g_assert_nonnull (strstr (a.err, line));
          g_assert_nonnull (strstr (b.err, line));
        }
        if (seven)
          {
            g_assert_cmpstr (g.out, ==, level7.out);
            g_assert_cmpstr (a.out, ==, run7.out);
          }
      }
    for (gsize i = 0; i < G_N_ELEMENTS (refused); i++)
      {
        g_autofree char *set = g_strconcat ("seed=", refused[i], NULL);
        g_autofree char *said = g_strdup_printf ("“%s”: expected a whole number from 0 to "
                                                 "18446744073709551615", refused[i]);
        g_auto(CliRun) g = { 0 };
        g_auto(CliRun) a = { 0 };
        g_auto(CliRun) b = { 0 };
        g_auto(CliRun) p = { 0 };
        g_auto(CliRun) gs = { 0 };

        run_cli (&g, NULL, "generate", "-g", "lights", "--size", "6x4", "--seed", refused[i], NULL);
        run_cli (&a, NULL, "solve", "-s", "ga-paths", "--seed", refused[i], flow_path, NULL);
        run_cli (&b, NULL, "solve", "-s", "ga-paths", "--set", set, flow_path, NULL);
        run_cli (&p, NULL, "render", flow_path, "--plot", "-o", plot, "-s", "ga-paths", "--seed",
                 refused[i], NULL);
        run_cli (&gs, NULL, "generate", "-g", "flow", "--set", set, NULL);
        g_assert_cmpint (gs.status, ==, 2);
        g_assert_nonnull (strstr (gs.err, said));
        g_assert_cmpint (g.status, ==, 2);
        g_assert_cmpint (a.status, ==, 2);
        g_assert_cmpint (b.status, ==, 2);
        g_assert_cmpint (p.status, ==, 2);
        /* --seed says it as --seed, every command alike; --set as --set. */
        g_assert_cmpstr (g.err, ==, a.err);
        g_assert_cmpstr (p.err, ==, a.err);
        g_assert_true (g_str_has_prefix (a.err, "hintboard-cli: --seed takes a whole number "
                                         "from 0 to 18446744073709551615 in decimal digits, "));
        g_assert_nonnull (strstr (b.err, said));
      }
  }
  expect_usage ("--cell takes a decimal number, not '0x10'", "render", "--cell", "0x10", path,
                NULL);
  /* A whole-number setting given in hex: --set names the setting, its
   * range and that only decimal digits are read (it said "expected a
   * whole number", as if 0x10 were none: review). */
  {
    g_autofree char *flow_path = write_tmp ("hex-set.flow", "R.G\n...\nR.G\n");

    expect_usage ("solver ga-paths: seed = “0x10”: expected a whole number from 0 to "
                  "18446744073709551615 in decimal digits\n", "solve", "-s", "ga-paths",
                  "--set", "seed=0x10", flow_path, NULL);
    expect_usage ("solver ga-paths: population = “0x10”: expected a whole number from 0 to "
                  "100000 in decimal digits\n", "solve", "-s", "ga-paths", "--set",
                  "population=0x10", flow_path, NULL);
    expect_usage ("node-limit = “0x10”: expected a whole number from 0 to 1000000000000 in "
                  "decimal digits\n", "solve", "--set", "node-limit=0x10", path, NULL);
    expect_usage ("seed = “0x10”: expected a whole number from 0 to 18446744073709551615 in "
                  "decimal digits\n", "generate", "-g", "lights", "--set", "seed=0x10", NULL);
  }
  /* A unit after the number is what is wrong ("5s" said the range, which
   * 5 is in; "40px" was called hexadecimal for its x). */
  expect_usage ("--time-limit takes 0 (no limit) to 31536000 seconds, without a unit, not '5s'",
                "solve", "--time-limit", "5s", path, NULL);
  expect_usage ("--cell takes 4 to 256 pixels, without a unit, not '40px'", "render", "--cell",
                "40px", path, NULL);
  expect_usage ("--seed takes a whole number from 0 to 18446744073709551615 in decimal digits, "
                "without a unit, not '5s'", "generate", "-g", "lights", "--seed", "5s", NULL);
  /* A blank after it, a decimal comma, nothing: no number either (they
   * said the range, which "5 " is in). */
  {
    g_auto(CliRun) a = { 0 };
    g_auto(CliRun) b = { 0 };

    run_cli (&a, NULL, "help", NULL);
    run_cli (&b, NULL, "help", "help", NULL);
    g_assert_cmpint (b.status, ==, 0);
    g_assert_cmpstr (b.out, ==, a.out);
    /* And "help --help", "help -h" (unknown command '--help'). */
    for (guint i = 0; i < 2; i++)
      {
        g_auto(CliRun) c = { 0 };

        run_cli (&c, NULL, "help", i == 0 ? "--help" : "-h", NULL);
        g_assert_cmpint (c.status, ==, 0);
        g_assert_cmpstr (c.out, ==, a.out);
        g_assert_cmpstr (c.err, ==, "");
      }
  }
  expect_usage ("--time-limit takes a decimal number, not '5 '", "solve", "--time-limit", "5 ",
                path, NULL);
  expect_usage ("--time-limit takes a decimal number, not '1,5'", "solve", "--time-limit", "1,5",
                path, NULL);
  expect_usage ("--repeats takes a decimal number, not ''", "bench", "lights", "-r", "", NULL);
  /* convert's formats in any case, as games and solvers are. */
  {
    g_auto(CliRun) a = { 0 };
    g_auto(CliRun) b = { 0 };

    g_autofree char *flow = write_tmp ("case.flow", "R.R\nG.G\n");

    run_cli (&a, NULL, "convert", flow, "--to", "json", NULL);
    run_cli (&b, NULL, "convert", flow, "--to", "JSON", NULL);
    g_assert_cmpint (a.status, ==, 0);
    g_assert_cmpint (b.status, ==, 0);
    g_assert_cmpstr (b.out, ==, a.out);
  }
  /* "--" ends the options: a file named like a joined option is a file. */
  {
    g_autofree char *odd = write_tmp ("-sfast.lights", "010\n111\n010\n");
    g_auto(CliRun) r = { 0 };

    run_cli_in (&r, tmpdir, "solve", "--", "-sfast.lights", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_true (presses_solve ("010\n111\n010\n", r.out));
    g_unlink (odd);
  }
  g_unlink (png_apart);
  g_unlink (png_joined);
  g_unlink (path);
}

/* Every solver honours --time-limit (hb_solve's deadline cancels one that
 * only polls its cancellable). */
static void
test_time_limit (void)
{
  g_auto(CliRun) g = { 0 };
  g_auto(CliRun) r = { 0 };
  g_autofree char *path = NULL;

  run_cli (&g, NULL, "generate", "--game", "loop", "--size", "300x300", "--seed", "2", NULL);
  g_assert_cmpint (g.status, ==, 0);
  path = write_tmp ("slow.loop", g.out);
  run_cli (&r, NULL, "solve", "--solver", "backtrack", "--time-limit", "0.01", path, NULL);
  g_assert_cmpint (r.status, ==, 3);
  g_assert_nonnull (strstr (r.err, "the time limit"));
  /* A solver that cannot start says so after the file's name, as every
   * message about a level does (the solver's id stood where the file
   * goes). */
  {
    g_auto(CliRun) big = { 0 };
    g_auto(CliRun) dlx = { 0 };
    g_autofree char *bpath = NULL, *want = NULL;

    run_cli (&big, NULL, "generate", "--game", "loop", "--size", "1500x1500", NULL);
    g_assert_cmpint (big.status, ==, 0);
    bpath = write_tmp ("huge.loop", big.out);
    run_cli (&dlx, NULL, "solve", "--solver", "dlx", bpath, NULL);
    g_assert_cmpint (dlx.status, ==, 3);
    want = g_strdup_printf ("hintboard-cli: %s: dlx: a 1500×1500 board needs", bpath);
    g_assert_true (g_str_has_prefix (dlx.err, want));
  }
  /* An answer not proven the shortest is said in the solver's own words
   * when it has them ("the solver stopped" where it never searched:
   * review): a 30×30 Flood-It level, far from its lower bound. */
  {
    g_auto(CliRun) f = { 0 }, s = { 0 };
    g_autofree char *fpath = NULL;

    run_cli (&f, NULL, "generate", "--game", "flood", "--size", "30x30", NULL);
    g_assert_cmpint (f.status, ==, 0);
    fpath = write_tmp ("far.flood", f.out);
    run_cli (&s, NULL, "solve", "--time-limit", "1", fpath, NULL);
    g_assert_cmpint (s.status, ==, 0);
    g_test_message ("30×30 Flood-It: %s", s.err);
    if (s.err[0] != '\0'
        && (strstr (s.err, "optimal: not proven: ") == NULL || strstr (s.err, "stopped before") != NULL))
      g_error ("not proven, said as: %s", s.err);
  }
  /* A Flow Free level with one solution is tried for no longer than the
   * time limit (a 100×100 one went on for minutes: review). */
  {
    g_auto(CliRun) u = { 0 };

    run_cli (&u, NULL, "generate", "--game", "flow", "--size", "100x100", "--set", "unique=true",
             "--time-limit", "0.3", NULL);
    g_assert_cmpint (u.status, ==, 2);
    if (strstr (u.err, "within the time limit (0.3 s)") == NULL)
      g_error ("generate unique, 0.3 s: %s", u.err);
  }
}

/* render -o: written beside the output and renamed, and a failure says
 * what is wrong: a missing folder, a folder, a read-only or full disk. */
static void
test_render_output (void)
{
  g_autofree char *path = write_tmp ("out.lights", "010\n111\n010\n");
  g_autofree char *missing = g_build_filename (tmpdir, "no-such-folder", "x.png", NULL);
  g_autofree char *png = g_build_filename (tmpdir, "out.png", NULL);

  {
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "render", path, "-o", missing, NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "does not exist"));
  }
  {
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "render", path, "--animate", "-o", missing, NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "does not exist"));
  }
  /* A folder that is there and makes no file (/proc, as root: ENOENT)
   * is not said to be missing ("the folder /proc does not exist"). */
  if (g_file_test ("/proc/self", G_FILE_TEST_IS_DIR))
    {
      g_auto(CliRun) r = { 0 };
      run_cli (&r, NULL, "render", path, "-o", "/proc/hintboard-test.png", NULL);
      g_assert_cmpint (r.status, ==, 2);
      g_assert_null (strstr (r.err, "does not exist"));
      g_assert_nonnull (strstr (r.err, "cannot write /proc/hintboard-test.png: "));
    }
  {
    g_autofree char *dir = g_build_filename (tmpdir, "a-folder.png", NULL);
    g_auto(CliRun) r = { 0 };
    g_assert_cmpint (g_mkdir (dir, 0755), ==, 0);
    run_cli (&r, NULL, "render", path, "-o", dir, NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "it is a folder"));
    g_rmdir (dir);
  }
  {
    /* A read-only file is not replaced (it was, without a word, where
     * the app refuses it: review); nor is detect's picture by its own
     * --debug drawing. */
    g_autofree char *ro = g_build_filename (tmpdir, "ro.png", NULL);
    g_autofree char *text = NULL;
    g_auto(CliRun) r = { 0 }, d = { 0 };

    g_assert_true (g_file_set_contents (ro, "old", -1, NULL));
    g_assert_cmpint (g_chmod (ro, 0444), ==, 0);
    run_cli (&r, NULL, "render", path, "-o", ro, NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "the file is read-only"));
    g_assert_true (g_file_get_contents (ro, &text, NULL, NULL));
    g_assert_cmpstr (text, ==, "old");
    g_chmod (ro, 0644);
    run_cli (&d, NULL, "detect", ro, "--debug", ro, NULL);
    g_assert_cmpint (d.status, ==, 2);
    g_assert_nonnull (strstr (d.err, "--debug names the picture being read"));
    g_unlink (ro);
  }
  {
    /* Written whole, and no temporary file is left beside it. */
    g_auto(CliRun) r = { 0 };
    g_autoptr(GDir) d = NULL;
    const char *name;
    run_cli (&r, NULL, "render", path, "-o", png, NULL);
    g_assert_cmpint (r.status, ==, 0);
    d = g_dir_open (tmpdir, 0, NULL);
    while ((name = g_dir_read_name (d)) != NULL)
      g_assert_false (g_str_has_prefix (name, ".out.png"));
  }
  {
    /* A name near the system's 255-byte limit is written (its temporary
     * name, 8 bytes longer, was too long), and nothing is left beside it. */
    g_autofree char *dir = g_build_filename (tmpdir, "long", NULL);
    g_autofree char *base = g_strnfill (250, 'a');
    g_autofree char *name = g_strconcat (base, ".png", NULL);
    g_autofree char *out = g_build_filename (dir, name, NULL);
    g_auto(CliRun) r = { 0 };
    g_autoptr(GDir) d = NULL;
    const char *entry;
    int n = 0;

    g_assert_cmpint (g_mkdir (dir, 0755), ==, 0);
    run_cli (&r, NULL, "render", path, "-o", out, NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_true (g_file_test (out, G_FILE_TEST_IS_REGULAR));
    d = g_dir_open (dir, 0, NULL);
    while ((entry = g_dir_read_name (d)) != NULL)
      n++;
    g_assert_cmpint (n, ==, 1);
    g_unlink (out);
    g_rmdir (dir);
  }
  {
    /* Over a symbolic link: its target is written and it stays a link
     * (it was replaced by a plain file, the target left as it was); and
     * a file replaced keeps its permissions (600 became 644). */
    g_autofree char *target = g_build_filename (tmpdir, "target.svg", NULL);
    g_autofree char *link = g_build_filename (tmpdir, "link.svg", NULL);
    g_autofree char *priv = g_build_filename (tmpdir, "priv.svg", NULL);
    g_autofree char *text = NULL;
    g_auto(CliRun) r = { 0 }, q = { 0 };
    GStatBuf st;

    g_assert_true (g_file_set_contents (target, "OLD", -1, NULL));
    g_assert_cmpint (symlink ("target.svg", link), ==, 0);
    run_cli (&r, NULL, "render", path, "-o", link, NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_cmpint (g_lstat (link, &st), ==, 0);
    g_assert_true (S_ISLNK (st.st_mode));
    g_assert_true (g_file_get_contents (target, &text, NULL, NULL));
    g_assert_true (g_str_has_prefix (text, "<?xml"));
    g_assert_true (g_file_set_contents (priv, "OLD", -1, NULL));
    g_assert_cmpint (g_chmod (priv, 0600), ==, 0);
    run_cli (&q, NULL, "render", path, "-o", priv, NULL);
    g_assert_cmpint (q.status, ==, 0);
    g_assert_cmpint (g_stat (priv, &st), ==, 0);
    g_assert_cmpint (st.st_mode & 0777, ==, 0600);
    g_unlink (link);
    g_unlink (target);
    g_unlink (priv);
  }
  {
    /* A file with a second name (a hard link) is written in place, as
     * GLib's g_file_replace writes it: renaming a new file over one name
     * left the other on the old contents. A replaced file keeps its
     * extended attributes (an ACL is one), where the file system has
     * them. */
    g_autofree char *one = g_build_filename (tmpdir, "one.svg", NULL);
    g_autofree char *two = g_build_filename (tmpdir, "two.svg", NULL);
    g_autofree char *attr = g_build_filename (tmpdir, "attr.svg", NULL);
    g_autofree char *text = NULL;
    g_auto(CliRun) r = { 0 }, q = { 0 };
    GStatBuf before, after;
    char value[16] = { 0 };

    g_assert_true (g_file_set_contents (one, "OLD", -1, NULL));
    g_assert_cmpint (link (one, two), ==, 0);
    g_assert_cmpint (g_stat (one, &before), ==, 0);
    run_cli (&r, NULL, "render", path, "-o", one, NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_cmpint (g_stat (one, &after), ==, 0);
    g_assert_cmpuint (after.st_ino, ==, before.st_ino);
    g_assert_cmpuint (after.st_nlink, ==, 2);
    g_assert_true (g_file_get_contents (two, &text, NULL, NULL));
    g_assert_true (g_str_has_prefix (text, "<?xml"));
    g_assert_true (g_str_has_suffix (text, "</svg>\n"));
    {
      /* The animation too (it is written whole, then into the file). */
      g_autofree char *anim = g_build_filename (tmpdir, "anim.png", NULL);
      g_autofree char *anim2 = g_build_filename (tmpdir, "anim2.png", NULL);
      g_autofree char *bytes = NULL;
      gsize len = 0;
      g_auto(CliRun) a = { 0 };

      g_assert_true (g_file_set_contents (anim, "OLD", -1, NULL));
      g_assert_cmpint (link (anim, anim2), ==, 0);
      run_cli (&a, NULL, "render", path, "--animate", "-o", anim, NULL);
      g_assert_cmpint (a.status, ==, 0);
      g_assert_true (g_file_get_contents (anim2, &bytes, &len, NULL));
      g_assert_cmpuint (len, >, 8);
      g_assert_cmpint (memcmp (bytes, "\x89PNG", 4), ==, 0);
      g_assert_false (g_file_test (anim, G_FILE_TEST_IS_SYMLINK));
      g_unlink (anim);
      g_unlink (anim2);
    }
    g_assert_true (g_file_set_contents (attr, "OLD", -1, NULL));
    if (setxattr (attr, "user.hintboard-test", "kept", 4, 0) == 0)
      {
        run_cli (&q, NULL, "render", path, "-o", attr, NULL);
        g_assert_cmpint (q.status, ==, 0);
        g_assert_cmpint (getxattr (attr, "user.hintboard-test", value, sizeof value - 1), ==, 4);
        g_assert_cmpstr (value, ==, "kept");
      }
    else
      g_test_message ("no user extended attributes here (%s): not checked", g_strerror (errno));
    g_unlink (one);
    g_unlink (two);
    g_unlink (attr);
  }
  {
    /* A link "../tgt.svg" reached through a linked folder is read from
     * where the link really is, as the kernel reads it: its target was
     * taken from the folder as typed, and a new file written there, the
     * one the link names left as it was. */
    g_autofree char *real = g_build_filename (tmpdir, "real", NULL);
    g_autofree char *sub = g_build_filename (real, "sub", NULL);
    g_autofree char *dirlink = g_build_filename (tmpdir, "dirlink", NULL);
    g_autofree char *target = g_build_filename (real, "tgt.svg", NULL);
    g_autofree char *inner = g_build_filename (sub, "lnk.svg", NULL);
    g_autofree char *through = g_build_filename (dirlink, "lnk.svg", NULL);
    g_autofree char *stray = g_build_filename (tmpdir, "tgt.svg", NULL);
    g_autofree char *text = NULL;
    g_auto(CliRun) r = { 0 };
    GStatBuf st;

    g_assert_cmpint (g_mkdir_with_parents (sub, 0755), ==, 0);
    g_assert_cmpint (symlink ("real/sub", dirlink), ==, 0);
    g_assert_cmpint (symlink ("../tgt.svg", inner), ==, 0);
    g_assert_true (g_file_set_contents (target, "OLD", -1, NULL));
    run_cli (&r, NULL, "render", path, "-o", through, NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_true (g_file_get_contents (target, &text, NULL, NULL));
    g_assert_true (g_str_has_prefix (text, "<?xml"));
    g_assert_false (g_file_test (stray, G_FILE_TEST_EXISTS));
    g_assert_cmpint (g_lstat (inner, &st), ==, 0);
    g_assert_true (S_ISLNK (st.st_mode));
    g_unlink (stray);
    g_unlink (inner);
    g_unlink (target);
    g_unlink (dirlink);
    g_rmdir (sub);
    g_rmdir (real);
  }
  {
    /* The animation too (it had a writer of its own), and links that go
     * round in a loop are refused (the third one was written over). */
    g_autofree char *target = g_build_filename (tmpdir, "tgt.png", NULL);
    g_autofree char *link = g_build_filename (tmpdir, "anim-link.png", NULL);
    g_autofree char *la = g_build_filename (tmpdir, "la.svg", NULL);
    g_autofree char *lb = g_build_filename (tmpdir, "lb.svg", NULL);
    g_autofree char *text = NULL;
    g_auto(CliRun) r = { 0 }, q = { 0 };
    GStatBuf st;
    gsize n;

    g_assert_true (g_file_set_contents (target, "OLD", -1, NULL));
    g_assert_cmpint (g_chmod (target, 0600), ==, 0);
    g_unlink (link);
    g_assert_cmpint (symlink ("tgt.png", link), ==, 0);
    run_cli (&r, NULL, "render", path, "--animate", "-o", link, NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_cmpint (g_lstat (link, &st), ==, 0);
    g_assert_true (S_ISLNK (st.st_mode));
    g_assert_cmpint (g_stat (target, &st), ==, 0);
    g_assert_cmpint (st.st_mode & 0777, ==, 0600);
    g_assert_true (g_file_get_contents (target, &text, &n, NULL));
    g_assert_true (n > 8 && memcmp (text, "\x89PNG", 4) == 0);
    g_unlink (la);
    g_unlink (lb);
    g_assert_cmpint (symlink ("lb.svg", la), ==, 0);
    g_assert_cmpint (symlink ("la.svg", lb), ==, 0);
    run_cli (&q, NULL, "render", path, "-o", la, NULL);
    g_assert_cmpint (q.status, ==, 2);
    g_assert_nonnull (strstr (q.err, g_strerror (ELOOP)));
    g_assert_cmpint (g_lstat (lb, &st), ==, 0);
    g_assert_true (S_ISLNK (st.st_mode));
    g_unlink (link);
    g_unlink (target);
    g_unlink (la);
    g_unlink (lb);
  }
  {
    /* An animation the time limit stops (in the solve or in its frames,
     * which it did not bound) gives up, exit 3, and leaves the old file
     * whole and nothing beside it. */
    g_auto(CliRun) r = { 0 }, gen = { 0 };
    g_autofree char *big = NULL, *before = NULL, *after = NULL;
    g_autoptr(GDir) d = NULL;
    const char *name;
    gsize n_before, n_after;

    run_cli (&gen, NULL, "generate", "--game", "flood", "--size", "150x150", "--seed", "3", NULL);
    g_assert_cmpint (gen.status, ==, 0);
    big = write_tmp ("big.flood", gen.out);
    g_assert_true (g_file_get_contents (png, &before, &n_before, NULL));
    run_cli (&r, NULL, "render", big, "--animate", "-o", png, "--time-limit", "0.2", NULL);
    g_assert_cmpint (r.status, ==, 3);
    /* "gave up drawing the animation" when the frames ran out of time;
     * when the solve did (under AddressSanitizer on a busy machine), its
     * best answer so far is over the move limit, "not proven". */
    if (strstr (r.err, "gave up") == NULL && strstr (r.err, "not proven") == NULL)
      g_error ("no word of giving up: %s", r.err);
    g_assert_true (g_file_get_contents (png, &after, &n_after, NULL));
    g_assert_cmpmem (before, n_before, after, n_after);
    d = g_dir_open (tmpdir, 0, NULL);
    while ((name = g_dir_read_name (d)) != NULL)
      g_assert_false (g_str_has_prefix (name, ".out.png"));
  }
  /* A read-only and a full disk: small tmpfs mounts in a private mount
   * namespace (skipped where unshare or mount is not allowed). The old
   * file must survive both. */
  {
    g_autofree char *unshare = g_find_program_in_path ("unshare");
    g_autofree char *script = NULL;
    g_autofree char *mnt = g_build_filename (tmpdir, "mnt", NULL);
    g_auto(CliRun) r = { 0 };

    if (unshare == NULL)
      {
        g_test_message ("no unshare: read-only and full disks not tested");
        return;
      }
    g_assert_cmpint (g_mkdir (mnt, 0755), ==, 0);
    script = g_strdup_printf (
      "set -u; m='%s'; cli='%s'; level='%s'\n"
      "mount -t tmpfs -o size=64k tmpfs \"$m\" 2>/dev/null || { echo SKIP; exit 0; }\n"
      "printf old > \"$m/full.png\"\n"
      "head -c 60000 /dev/zero > \"$m/filler\" 2>/dev/null\n"
      "\"$cli\" render \"$level\" --cell 256 -o \"$m/full.png\" 2>&1; echo \"full=$?\"\n"
      "echo \"kept=$(cat \"$m/full.png\")\"\n"
      "ls -A \"$m\" | grep -c '^\\.' | sed 's/^/temps=/'\n"
      "mount -o remount,ro \"$m\" || { echo SKIP; exit 0; }\n"
      "\"$cli\" render \"$level\" -o \"$m/ro.png\" 2>&1; echo \"ro=$?\"\n",
      mnt, cli, path);
    run_cmd (&r, unshare, "-rm", "sh", "-c", script, NULL);
    g_rmdir (mnt);
    if (r.status != 0 || strstr (r.out, "SKIP") != NULL)
      {
        g_test_message ("no private tmpfs (%s%s): read-only and full disks not tested",
                        r.out, r.err);
        return;
      }
    g_test_message ("%s", r.out);
    g_assert_nonnull (strstr (r.out, "the disk is full; an existing file was left as it was"));
    g_assert_nonnull (strstr (r.out, "full=2"));
    g_assert_nonnull (strstr (r.out, "kept=old"));
    g_assert_nonnull (strstr (r.out, "temps=0"));
    g_assert_nonnull (strstr (r.out, "read-only disk"));
    g_assert_nonnull (strstr (r.out, "ro=2"));
  }
}

/* Messages: quoted input escaped, a byte-order mark accepted, the game
 * named rightly, lengths in cells, no 1:1: where nothing is read, and
 * "optimal:" once. */
static void
test_messages (void)
{
  {
    g_auto(CliRun) r = { 0 };
    run_cli (&r, "10\0331\n", "solve", "--game", "lights", "-", NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "unknown character '\\x1b'"));
    g_assert_null (strchr (r.err, '\033'));
  }
  {
    /* A right-to-left override (a format character, not a control one)
     * was printed raw and could turn the rest of the line around. */
    g_auto(CliRun) r = { 0 };
    g_autofree char *path = write_tmp ("bidi.json", "[[\"x\xe2\x80\xae\",null],[null,null]]\n");
    run_cli (&r, NULL, "solve", path, NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "colour \"x\\u202e\" has 1 dot"));
    g_assert_null (strstr (r.err, "\xe2\x80\xae"));
  }
  {
    g_auto(CliRun) r = { 0 };
    run_cli (&r, "1\r0\n", "solve", "--game", "lights", "-", NULL);
    g_assert_nonnull (strstr (r.err, "'\\r'"));
    g_assert_null (strchr (r.err, '\r'));
  }
  {
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "solve", "--game", "li\033ghts", "-", NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "'li\\x1bghts'"));
  }
  {
    /* Invalid UTF-8 in a file name. */
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "solve", "/nonexistent/\377.lights", NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "\\xff.lights"));
    g_assert_true (g_utf8_validate (r.err, -1, NULL));
  }
  {
    /* A byte-order mark before every game's level. */
    const char *games[] = { "lights", "loop", "flood" };
    for (guint i = 0; i < G_N_ELEMENTS (games); i++)
      {
        g_auto(CliRun) g = { 0 };
        g_auto(CliRun) r = { 0 };
        g_autofree char *bom = NULL;
        run_cli (&g, NULL, "generate", "--game", games[i], "--size", "4x4", "--seed", "3", NULL);
        g_assert_cmpint (g.status, ==, 0);
        bom = g_strconcat ("\357\273\277", g.out, NULL);
        run_cli (&r, bom, "convert", "--game", games[i], "--to", "native", "-", NULL);
        g_assert_cmpint (r.status, ==, 0);
        g_assert_cmpstr (r.out, ==, g.out);
      }
  }
  {
    /* A Flood ID, with the wrong number of colours, is a Flood problem
     * counted in cells; a tiny one Flip could also read is not blamed on
     * Flip alone: each game that reads such IDs says what it finds. */
    g_auto(CliRun) r = { 0 };
    g_auto(CliRun) t = { 0 };
    run_cli (&r, "4x4:012301230123012,5\n", "solve", "--game", "flood", "-", NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "a 4×4 board has 16 cells; the ID has 15 colour digits"));
    run_cli (&t, "2x2:012a,5\n", "solve", "-", NULL);
    g_assert_cmpint (t.status, ==, 2);
    g_assert_nonnull (strstr (t.err, "as Flood-It (a Flood ID), 1:8: colour 'a'"));
    g_assert_nonnull (strstr (t.err, "as Enlight (a Flip ID), 1:5:"));
  }
  {
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "generate", "--game", "flood", "--colours", "99", NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_cmpstr (r.err, ==, "hintboard-cli: --colours takes 2 to 10 for Flood-It (0 for its "
                                "default), not 99\nTry 'hintboard-cli --help'.\n");
  }
  {
    g_autofree char *path = write_tmp ("stats.lights", "010\n111\n010\n");
    g_auto(CliRun) r = { 0 };
    const char *first;
    run_cli (&r, NULL, "solve", "--stats", path, NULL);
    g_assert_cmpint (r.status, ==, 0);
    first = strstr (r.err, "optimal:");
    g_assert_nonnull (first);
    g_assert_null (strstr (first + 1, "optimal:"));
  }
  {
    /* Without --stats, an answer the time limit cut short says so as
     * every message does, the file first (it was a bare "optimal: not
     * proven"). The optimal solver answers a 60x60 Flood-It level in
     * about 20 ms here and stops without a proof at 0.74 s, whatever
     * the limit past that. */
    g_auto(CliRun) gen = { 0 };
    g_auto(CliRun) r = { 0 };
    g_autofree char *path = NULL;
    g_autofree char *want = NULL;

    run_cli (&gen, NULL, "generate", "--game", "flood", "--size", "60x60", "--seed", "3", NULL);
    path = write_tmp ("cut.flood", gen.out);
    want = g_strdup_printf ("hintboard-cli: %s: optimal: not proven", path);
    run_cli (&r, NULL, "solve", "--time-limit", "2", path, NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_true (g_str_has_prefix (r.err, want));
  }
}

/* convert keeps comment lines where the format can hold them and says
 * on stderr what it drops, JSON colour names too. */
static void
test_convert_comments (void)
{
  {
    /* "foo" is no colour of the game: native writes a letter, and says
     * the name is lost (it was silent); known names ("red") are not. */
    g_autofree char *named = write_tmp ("named.json", "[[\"red\",\"foo\"],[\"red\",\"foo\"]]");
    g_autofree char *plain = write_tmp ("plain.json", "[[\"red\",\"blue\"],[\"red\",\"blue\"]]");
    g_auto(CliRun) r = { 0 };
    g_auto(CliRun) p = { 0 };

    run_cli (&r, NULL, "convert", named, "--to", "native", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.err, "not its JSON colour names"));
    run_cli (&p, NULL, "convert", plain, "--to", "native", NULL);
    g_assert_cmpint (p.status, ==, 0);
    g_assert_cmpstr (p.err, ==, "");
  }
  {
    /* A .json file that starts with a comment, which json-glib takes:
     * still JSON, its lost name still said. */
    g_autofree char *commented = write_tmp ("commented.json",
                                            "/* c */ [[\"red\",\"foo\"],[\"red\",\"foo\"]]");
    g_auto(CliRun) r = { 0 };

    run_cli (&r, NULL, "convert", commented, "--to", "native", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.err, "not its JSON colour names"));
    /* Its comment is lost in every form, JSON too: said, as a dropped
     * # line is (it went without a word). */
    g_assert_nonnull (strstr (r.err, "commented.json: the JSON's /* */ comments are dropped "
                                     "(no form written holds them)\n"));
  }
  {
    g_autofree char *commented = write_tmp ("commented2.json",
                                            "[[\"red\", /* c */ null,\"red\"]]\n");
    /* A slash and a star inside a string, or in a text level's row, are
     * no comment. */
    g_autofree char *in_string = write_tmp ("instring.json",
                                            "[[\"a/*b\",null,\"a/*b\"]]\n");
    g_autofree char *text = write_tmp ("slash.flow", "[/*\n...\n[/*\n");
    g_auto(CliRun) r = { 0 };
    g_auto(CliRun) s = { 0 };
    g_auto(CliRun) t = { 0 };

    run_cli (&r, NULL, "convert", commented, "--to", "json", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_null (strstr (r.out, "/*"));
    g_assert_nonnull (strstr (r.err, "comments are dropped"));
    run_cli (&s, NULL, "convert", in_string, "--to", "json", NULL);
    g_assert_cmpint (s.status, ==, 0);
    g_assert_cmpstr (s.err, ==, "");
    run_cli (&t, NULL, "convert", text, "--to", "native", NULL);
    g_assert_cmpint (t.status, ==, 0);
    g_assert_cmpstr (t.err, ==, "");
  }
  g_autofree char *lights = write_tmp ("c.lights", "# by hand\n101\n010\n# end\n");
  g_autofree char *flood = write_tmp ("c.flood", "# moves: 2\n# from the write-up\n"
                                      "3 by 3 -> 9\n012\n120\n201\n");
  {
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "convert", lights, "--to", "native", NULL);
    g_assert_cmpint (r.status, ==, 0);
    /* Kept once each, in their order, before the level (README), the
     * one after the rows too. */
    g_assert_cmpstr (r.out, ==, "# by hand\n# end\n101\n010\n");
    g_assert_cmpstr (r.err, ==, "");
  }
  {
    /* Flip IDs hold no comments: dropped, and said. */
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "convert", lights, "--to", "tatham", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_null (strchr (r.out, '#'));
    g_assert_nonnull (strstr (r.err, "holds no comment lines; dropped 2"));
    g_assert_nonnull (strstr (r.err, "# by hand"));
  }
  {
    /* A Tatham ID for Tatham's programs, which refuse comment lines
     * (ours read them): dropped, and said; but not a line the ID holds
     * ("# colours: 6" as "c6"). */
    g_autofree char *narrow = write_tmp ("n.flood", "# colours: 6\n# moves: 1\n1 by 3 -> 4\n0\n1\n2\n");
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "convert", narrow, "--to", "tatham", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_cmpstr (r.out, ==, "1x3c6:012,4\n");
    g_assert_nonnull (strstr (r.err, "dropped 1:\n  # moves: 1\n"));
  }
  {
    /* A dropped line is shown escaped, as every message is. */
    g_autofree char *odd = write_tmp ("odd.flood", "# a\033b\n1 by 3 -> 4\n0\n1\n2\n");
    g_auto(CliRun) r = { 0 };
    run_cli (&r, NULL, "convert", odd, "--to", "tatham", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.err, "  # a\\x1bb\n"));
    g_assert_null (strchr (r.err, '\033'));
  }
  {
    /* The compact form keeps them before the ID: the moves played
     * survive. */
    g_auto(CliRun) r = { 0 };
    g_auto(CliRun) back = { 0 };
    run_cli (&r, NULL, "convert", flood, "--to", "compact", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.out, "# moves: 2\n"));
    g_assert_nonnull (strstr (r.out, "# from the write-up\n"));
    g_assert_nonnull (strstr (r.out, "3x3:"));
    run_cli (&back, r.out, "convert", "--game", "flood", "--to", "native", "-", NULL);
    g_assert_cmpint (back.status, ==, 0);
    g_assert_nonnull (strstr (back.out, "# moves: 2\n"));
    /* Not written twice. */
    g_assert_null (strstr (strstr (back.out, "# moves: 2") + 1, "# moves: 2"));
  }
}

/* -h or -? joined to more letters ("-h5", "-?x", "-hg lights") is an
 * unknown option, in every command: GOption printed the help, exit 0,
 * whatever else the word said. -h alone is still the help. */
static void
test_glued_help (void)
{
  g_autofree char *path = write_tmp ("glued.lights", "010\n111\n010\n");
  g_autofree char *png = g_build_filename (tmpdir, "glued.png", NULL);
  static const char *const commands[][3] = {
    { "solve", NULL }, { "hint", NULL }, { "render", NULL }, { "generate", NULL },
    { "convert", NULL }, { "list", NULL }, { "bench", NULL }, { "detect", NULL },
    { "bench", "detect", NULL },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autofree char *name = g_strjoinv (" ", (char **) commands[i]);
      g_autofree char *want = g_strdup_printf ("hintboard-cli: %s: unknown option -h5 (-h, the "
                                               "help, goes alone)\n"
                                               "Try 'hintboard-cli %s --help'.\n", name, name);
      g_auto(CliRun) r = { 0 };

      if (commands[i][1] != NULL)
        run_cli (&r, NULL, commands[i][0], commands[i][1], "-h5", NULL);
      else
        run_cli (&r, NULL, commands[i][0], "-h5", NULL);
      g_assert_cmpint (r.status, ==, 2);
      g_assert_cmpstr (r.out, ==, "");
      g_assert_cmpstr (r.err, ==, want);
    }
  expect_usage ("hintboard-cli: solve: unknown option -?x (-?, the help, goes alone)", "solve",
                "-?x", path, NULL);
  expect_usage ("hintboard-cli: solve: unknown option -hg (-h, the help, goes alone)", "solve",
                "-hg", "lights", path, NULL);
  expect_usage ("render: unknown option -h5", "render", path, "-o", png, "-h5", NULL);
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  /* A value that starts so is a value ("-s -h5": a solver named -h5). */
  expect_usage ("lights has no solver '-h5'", "solve", "-s", "-h5", path, NULL);
  {
    g_auto(CliRun) h = { 0 };
    run_cli (&h, NULL, "solve", "-h", NULL);
    g_assert_cmpint (h.status, ==, 0);
    g_assert_nonnull (strstr (h.out, "--solver"));
  }
}

/* A flag given a value ("--dark=0") is refused: GOption dropped the
 * value and took the flag, "--dark=0" drawing in the dark style and
 * "--stats=0" printing the statistics. */
static void
test_flag_values (void)
{
  g_autofree char *path = write_tmp ("flag.lights", "010\n111\n010\n");
  g_autofree char *png = g_build_filename (tmpdir, "flag.png", NULL);

  expect_usage ("hintboard-cli: --dark takes no value, not '--dark=0': give --dark alone, or "
                "leave it out\nTry 'hintboard-cli --help'.\n", "render", path, "-o", png,
                "--dark=0", NULL);
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  expect_usage ("--stats takes no value, not '--stats=0'", "solve", "--stats=0", path, NULL);
  expect_usage ("--settings takes no value, not '--settings='", "list", "--settings=", NULL);
  expect_usage ("--quick takes no value, not '--quick=1': give --quick alone, or leave it out\n"
                "Try 'hintboard-cli bench detect --help'.", "bench", "detect", "--quick=1", NULL);
  /* The value of an option that takes one may look so. */
  expect_usage ("lights has no solver '--stats=1'", "solve", "-s", "--stats=1", path, NULL);
}

/* A number GOption cannot read ("abc", "1.5", "", 99999999999, 1e400)
 * is refused saying what the option takes, as a number out of its range
 * is: "cannot parse integer value" said neither. */
static void
test_unreadable_numbers (void)
{
  g_autofree char *path = write_tmp ("numbers.lights", "010\n111\n010\n");
  g_autofree char *png = g_build_filename (tmpdir, "numbers.png", NULL);

  expect_usage ("hintboard-cli: --count takes a number of solutions, 0 (find one) to 1000000, "
                "not 'abc'\nTry 'hintboard-cli --help'.\n", "solve", "--count", "abc", path,
                NULL);
  expect_usage ("--count takes a number of solutions, 0 (find one) to 1000000, not '1.5'",
                "solve", "--count=1.5", path, NULL);
  expect_usage ("--count takes a number of solutions, 0 (find one) to 1000000, not "
                "'99999999999'", "solve", "--count", "99999999999", path, NULL);
  expect_usage ("--time-limit takes 0 (no limit) to 31536000 seconds, not '1e400'", "solve",
                "--time-limit", "1e400", path, NULL);
  expect_usage ("--time-limit takes a decimal number, not ''", "hint",
                "--time-limit", "", path, NULL);
  expect_usage ("--cell takes 4 to 256 pixels, not '1e3'", "render", path, "-o", png, "--cell",
                "1e3", NULL);
  expect_usage ("--delay takes 10 to 60000 milliseconds, not 'abc'", "render", path, "-o", png,
                "--animate", "--delay", "abc", NULL);
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  expect_usage ("--colours takes a number of colours (0 for the game's default), not 'five'",
                "generate", "--game", "flood", "--colours", "five", NULL);
  expect_usage ("--repeats takes 1 to 100, not 'abc'", "bench", "lights", "-rabc", NULL);
  expect_usage ("--repeats takes 1 to 100, not '2147483648'", "bench", "lights", "--repeats",
                "2147483648", NULL);
  expect_usage ("--repeats takes 1 to 100, not 'five'\nTry 'hintboard-cli bench detect --help'.",
                "bench", "detect", "-r", "five", NULL);
}

/* An empty FILE or IMAGE ('') is a usage error naming it: the read said
 * "hintboard-cli: : No such file or directory". */
static void
test_empty_names (void)
{
  g_autofree char *png = g_build_filename (tmpdir, "empty.png", NULL);
  const char *const level[][5] = {
    { "solve", "", NULL }, { "hint", "", NULL }, { "convert", "", "--to", "json", NULL },
    { "render", "", "-o", png, NULL }, { "render", "", "--animate", "-o", png },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (level); i++)
    {
      g_auto(CliRun) r = { 0 };
      const char *const *a = level[i];

      run_cli (&r, NULL, a[0], a[1], a[2], a[3], a[4], NULL);
      g_assert_cmpint (r.status, ==, 2);
      g_assert_cmpstr (r.out, ==, "");
      g_assert_cmpstr (r.err, ==, "hintboard-cli: FILE is an empty name (''): name a level "
                                  "file, or - for standard input\n"
                                  "Try 'hintboard-cli --help'.\n");
    }
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  expect_usage ("hintboard-cli: IMAGE is an empty name (''): name a picture, or - for standard "
                "input\nTry 'hintboard-cli detect --help'.\n", "detect", "", NULL);
  expect_usage ("hintboard-cli: IMAGE is an empty name (''): name a picture, or - for standard "
                "input\nTry 'hintboard-cli bench detect --help'.\n", "bench", "detect",
                "--quick", "", NULL);
}

/* A word refused is named, with what is taken instead: "unknown command
 * 'nope'" and bench's "unknown game 'nope'" said not what there is,
 * "generate -g lights extra" that it needs --game. */
static void
test_named_words (void)
{
  expect_usage ("hintboard-cli: unknown command 'nope' (the commands: list, solve, hint, render, "
                "generate, convert, bench, detect)\nTry 'hintboard-cli --help'.\n", "nope",
                NULL);
  expect_usage ("unknown command 'SOLVE' (the commands: list, solve, ", "help", "SOLVE", NULL);
  expect_usage ("hintboard-cli: unknown game 'nope' (known: lights, loop, flood, flow, or detect "
                "for the screenshot reader)\n", "bench", "--quick", "lights", "nope", NULL);
  expect_usage ("hintboard-cli: generate takes no FILE ('5x5'); it makes a level from --game, "
                "--size and --seed\n", "generate", "-g", "lights", "5x5", NULL);
  expect_usage ("generate needs --game G", "generate", NULL);
}

/* An output name refused is quoted: "the output must end in .png or
 * .svg" said not which name it was given (a typo, an empty one). */
static void
test_output_names (void)
{
  g_autofree char *path = write_tmp ("named.lights", "010\n111\n010\n");
  g_autofree char *jpg = g_build_filename (tmpdir, "named.jpg", NULL);
  g_autofree char *svg = g_build_filename (tmpdir, "named.svg", NULL);
  g_autofree char *want = NULL;

  want = g_strdup_printf ("the output must end in .png or .svg, not '%s'\n", jpg);
  expect_usage (want, "render", path, "-o", jpg, NULL);
  expect_usage ("the output must end in .png or .svg, not ''\n", "render", path, "-o", "", NULL);
  g_free (want);
  want = g_strdup_printf ("--animate writes an animated PNG: the output must end in .png, "
                          "not '%s'\n", svg);
  expect_usage (want, "render", path, "--animate", "-o", svg, NULL);
  g_free (want);
  want = g_strdup_printf ("--debug draws a PNG: give it a name ending in .png, not '%s'\n", jpg);
  expect_usage (want, "detect", "named.png", "--debug", jpg, NULL);
  g_assert_false (g_file_test (jpg, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (svg, G_FILE_TEST_EXISTS));
  /* Nor the level being read, by its name or a link (a level named
   * x.png was replaced by its drawing: review); the level is kept. */
  {
    g_autofree char *as_png = write_tmp ("level.png", "010\n111\n010\n");
    g_autofree char *link = g_build_filename (tmpdir, "link.png", NULL);
    g_autofree char *text = NULL;

    expect_usage ("-o names the level being read: give another name\n", "render", "--game",
                  "lights", as_png, "-o", as_png, NULL);
    g_assert_cmpint (symlink (as_png, link), ==, 0);
    expect_usage ("-o names the level being read: give another name\n", "render", "--game",
                  "lights", as_png, "-o", link, "--hints", NULL);
    g_assert_true (g_file_get_contents (as_png, &text, NULL, NULL));
    g_assert_cmpstr (text, ==, "010\n111\n010\n");
    g_unlink (link);
    g_unlink (as_png);
  }
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
  g_test_add_func ("/cli/either-game-said", test_either_game_said);
  g_test_add_func ("/cli/flow-hint-unfinished", test_flow_hint_unfinished);
  g_test_add_func ("/cli/node-limit-count", test_node_limit_count);
  g_test_add_func ("/cli/bad-input", test_bad_input);
  g_test_add_func ("/cli/hint-render", test_hint_render);
  g_test_add_func ("/cli/hint-words", test_hint_words);
  g_test_add_func ("/cli/guessed-game-named", test_guessed_game_named);
  g_test_add_func ("/cli/hint-flow-path", test_hint_flow_path);
  g_test_add_func ("/cli/version-and-help", test_version_and_help);
  g_test_add_func ("/cli/ascii-locale", test_ascii_locale);
  g_test_add_func ("/cli/compact-piped", test_compact_piped);
  g_test_add_func ("/cli/render-animate", test_render_animate);
  g_test_add_func ("/cli/generate-convert", test_generate_convert);
  g_test_add_func ("/cli/bench-quick", test_bench_quick);
  g_test_add_func ("/cli/bench-sets", test_bench_sets);
  g_test_add_func ("/cli/flood-limit", test_flood_limit);
  g_test_add_func ("/cli/hint-status", test_hint_status);
  g_test_add_func ("/cli/stdin-error", test_stdin_error);
  g_test_add_func ("/cli/generate-pipes", test_generate_pipes);
  g_test_add_func ("/cli/endless-input", test_endless_input);
  g_test_add_func ("/cli/options-refused", test_options_refused);
  g_test_add_func ("/cli/render-plot", test_render_plot);
  g_test_add_func ("/cli/count", test_count);
  g_test_add_func ("/cli/convert-unsupported", test_convert_unsupported);
  g_test_add_func ("/cli/full-disk", test_full_disk);
  g_test_add_func ("/cli/dash-dash", test_dash_dash);
  g_test_add_func ("/cli/joined-short-values", test_joined_short_values);
  g_test_add_func ("/cli/time-limit", test_time_limit);
  g_test_add_func ("/cli/render-output", test_render_output);
  g_test_add_func ("/cli/messages", test_messages);
  g_test_add_func ("/cli/convert-comments", test_convert_comments);
  g_test_add_func ("/cli/glued-help", test_glued_help);
  g_test_add_func ("/cli/flag-values", test_flag_values);
  g_test_add_func ("/cli/unreadable-numbers", test_unreadable_numbers);
  g_test_add_func ("/cli/empty-names", test_empty_names);
  g_test_add_func ("/cli/named-words", test_named_words);
  g_test_add_func ("/cli/output-names", test_output_names);
  g_test_add_func ("/cli/heap-restart", test_heap_restart);
  status = g_test_run ();
  cli_run_remove_dir (tmpdir);
  g_free (tmpdir);
  return status;
}
