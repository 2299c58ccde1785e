/* fuzz-replay: runs the reader fuzz target (fuzz-parse.c) over files
 * without libFuzzer, for every game in the registry and for the registry
 * sniffing, and the solver target (fuzz-solve.c) on what the registry
 * reads: the regression files in tests/fuzz/regressions/ (inputs a
 * fuzzer once found a problem with) and any file or folder given. */
#include "fuzz-parse.h"

#include <stdio.h>

static int files;

static void
replay (const char *path)
{
  const HbGame *const *games = hb_registry_games ();
  g_autoptr(GError) error = NULL;
  char *data = NULL;
  gsize len = 0;

  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_autoptr(GDir) dir = g_dir_open (path, 0, &error);
      const char *name;

      g_assert_no_error (error);
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          if (name[0] != '.' && !g_str_equal (name, "README.md"))
            replay (child);
        }
      return;
    }
  g_assert_true (g_file_get_contents (path, &data, &len, &error));
  hb_fuzz_one (NULL, (const guint8 *) data, len);
  for (int i = 0; games[i]; i++)
    hb_fuzz_one (games[i], (const guint8 *) data, len);
  hb_fuzz_solve_one (NULL, (const guint8 *) data, len);
  g_free (data);
  files++;
}

int
main (int argc, char **argv)
{
  for (int i = 1; i < argc; i++)
    replay (argv[i]);
  printf ("%d files read by every game and solved without a finding\n", files);
  return files > 0 ? 0 : 1;
}
