/* cli_split_short_values (src/cli/cli-options.c) with short flags, which
 * no command has yet: a group of flags is GOption's ("-ab"), flags before
 * a value's letter stay with it ("-abr5" is "-abr" "5"), and what GOption
 * then reads is what getopt would. */
#include "cli-options.h"

#include <string.h>

static gboolean opt_a, opt_b;
static int opt_r;
static char *opt_s;

static const GOptionEntry entries[] = {
  { "alpha", 'a', 0, G_OPTION_ARG_NONE, &opt_a, NULL, NULL },
  { "beta", 'b', 0, G_OPTION_ARG_NONE, &opt_b, NULL, NULL },
  { "repeats", 'r', 0, G_OPTION_ARG_INT, &opt_r, NULL, NULL },
  { "solver", 's', 0, G_OPTION_ARG_STRING, &opt_s, NULL, NULL },
  { NULL }
};

/* Splits `args` (blank-separated), checks the words against `split`, then
 * parses them and checks the options and what is left (`rest`). */
static void
check (const char *args, const char *split, gboolean a, gboolean b, int r, const char *s,
       const char *rest)
{
  const GOptionEntry *const sets[] = { entries, NULL };
  g_autofree char *line = g_strconcat ("prog ", args, NULL);
  g_auto(GStrv) words = g_strsplit (line, " ", -1);
  g_autoptr(GOptionContext) ctx = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *joined = NULL, *left = NULL;
  g_autofree char **copy = NULL;
  char **argv = words;
  int argc = (int) g_strv_length (words);

  opt_a = opt_b = FALSE;
  opt_r = -99;
  g_clear_pointer (&opt_s, g_free);
  cli_split_short_values (&argc, &argv, sets);
  joined = g_strjoinv (" ", argv + 1);
  g_assert_cmpstr (joined, ==, split);
  g_option_context_add_main_entries (ctx, entries, NULL);
  /* GOption takes the words it reads out of the array: a copy of it,
   * so that `words` frees them all. */
  argv = copy = g_memdup2 (argv, ((gsize) argc + 1) * sizeof (char *));
  g_assert_true (g_option_context_parse (ctx, &argc, &argv, &error));
  g_assert_no_error (error);
  g_assert_cmpint (opt_a, ==, a);
  g_assert_cmpint (opt_b, ==, b);
  g_assert_cmpint (opt_r, ==, r);
  g_assert_cmpstr (opt_s, ==, s);
  left = g_strjoinv (" ", argv + 1);
  g_assert_cmpstr (left, ==, rest);
}

static void
test_split (void)
{
  check ("-ab x", "-ab x", TRUE, TRUE, -99, NULL, "x");
  check ("-r5", "-r 5", FALSE, FALSE, 5, NULL, "");
  check ("-abr5 f", "-abr 5 f", TRUE, TRUE, 5, NULL, "f");
  check ("-sa x", "-s a x", FALSE, FALSE, -99, "a", "x");
  check ("-r -5", "-r -5", FALSE, FALSE, -5, NULL, "");
  check ("-s -r5", "-s -r5", FALSE, FALSE, -99, "-r5", "");
  check ("--solver -r5", "--solver -r5", FALSE, FALSE, -99, "-r5", "");
  check ("--solver=-x -r5", "--solver=-x -r 5", FALSE, FALSE, 5, "-x", "");
  check ("- -sfast", "- -s fast", FALSE, FALSE, -99, "fast", "-");
  check ("f -r5 -- -sfast", "f -r 5 -- -sfast", FALSE, FALSE, 5, NULL, "f -- -sfast");
}

/* The word that joins -h or -? to more letters is returned (GOption
 * printed its help for it, exit 0); -h alone, a value and what follows
 * "--" are not. */
static void
test_glued_help (void)
{
  static const struct { const char *args, *glued; } cases[] = {
    { "-h5 f", "-h5" }, { "f -?x", "-?x" }, { "-hg x", "-hg" }, { "-ah", "-ah" },
    { "-abh", "-abh" }, { "-h", NULL }, { "-?", NULL }, { "-s -h5", NULL },
    { "--solver -h5", NULL }, { "-- -h5", NULL }, { "-sh5", NULL }, { "-r5 -h", NULL },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const GOptionEntry *const sets[] = { entries, NULL };
      g_autofree char *line = g_strconcat ("prog ", cases[i].args, NULL);
      g_auto(GStrv) words = g_strsplit (line, " ", -1);
      char **argv = words;
      int argc = (int) g_strv_length (words);

      g_assert_cmpstr (cli_split_short_values (&argc, &argv, sets), ==, cases[i].glued);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli-options/split", test_split);
  g_test_add_func ("/cli-options/glued-help", test_glued_help);
  return g_test_run ();
}
