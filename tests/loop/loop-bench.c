/* loop-bench: runs loop_game.bench and prints its Markdown table. */
#include "loop.h"

#include <stdio.h>
#include <stdlib.h>

int
main (int argc, char **argv)
{
  gboolean quick = argc > 1 && g_str_equal (argv[1], "--quick");
  guint repeats = argc > 1 + quick ? (guint) atoi (argv[1 + quick]) : 0;
  GString *out = g_string_new (NULL);
  GError *error = NULL;

  if (!loop_game.bench (quick, repeats, out, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  fputs (out->str, stdout);
  g_string_free (out, TRUE);
  return 0;
}
