/* Runs flood_game.bench and prints its table: `flood-bench-run [quick] [REPEATS]`. */
#include "flood.h"

#include <stdio.h>
#include <string.h>

int
main (int argc, char **argv)
{
  gboolean quick = argc > 1 && strcmp (argv[1], "quick") == 0;
  guint repeats = argc > 2 ? (guint) g_ascii_strtoull (argv[2], NULL, 10) : 1;
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GError) error = NULL;

  if (!flood_game.bench (quick, repeats, out, &error))
    {
      fprintf (stderr, "bench: %s\n", error->message);
      return 1;
    }
  fputs (out->str, stdout);
  return 0;
}
