#include "hb-test-util.h"

#include <stdio.h>
#include <string.h>

char *
hb_test_read_data (const char *relative, gsize *len)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", relative, NULL);
  g_autoptr(GError) error = NULL;
  char *text = NULL;
  gsize n = 0;

  g_file_get_contents (path, &text, &n, &error);
  g_assert_no_error (error);
  if (len)
    *len = n;
  return text;
}

GPtrArray *
hb_test_read_tsv (const char *relative)
{
  g_autofree char *text = hb_test_read_data (relative, NULL);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  for (int i = 0; lines[i]; i++)
    {
      g_strchomp (lines[i]);
      if (lines[i][0] == '\0' || lines[i][0] == '#')
        continue;
      g_ptr_array_add (rows, g_strsplit (lines[i], "\t", -1));
    }
  return rows;
}

HbState *
hb_test_parse (const HbGame *game, const char *text)
{
  g_autoptr(GError) error = NULL;
  HbState *s = game->parse (text, strlen (text), &error);

  g_assert_no_error (error);
  g_assert_nonnull (s);
  g_assert_true (s->game == game);
  return s;
}

void
hb_test_parse_fails (const HbGame *game, const char *text, const char *needle)
{
  g_autoptr(GError) error = NULL;
  HbState *s = game->parse (text, strlen (text), &error);
  int line = 0, col = 0;

  if (s != NULL)
    g_error ("parsing %s succeeded but should have failed", text);
  g_assert_nonnull (error);
  g_assert_true (error->domain == HB_PARSE_ERROR);
  g_assert_cmpint (sscanf (error->message, "%d:%d:", &line, &col), ==, 2);
  g_assert_cmpint (line, >=, 1);
  g_assert_cmpint (col, >=, 1);
  if (needle != NULL && strstr (error->message, needle) == NULL)
    g_error ("error \"%s\" does not mention \"%s\"", error->message, needle);
}
