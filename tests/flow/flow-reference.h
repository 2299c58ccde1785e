/* flow-reference.h: the reference levels the Flow Free tests share
 * (the .txt files of tests/data/anchors/flow/puzzles, copied from
 * ../shared/anchors/flow/puzzles): every file's name and text, read once
 * per call, in name order. Header-only, like flow-check.h. */
#pragma once

#include <glib.h>
#include <string.h>

typedef struct {
  char *name;   /* the file's name, "regular_7x7_01.txt" */
  char *text;
  gsize len;
} FlowReference;

static inline void
flow_reference_free (gpointer p)
{
  FlowReference *r = p;

  g_free (r->name);
  g_free (r->text);
  g_free (r);
}

static inline int
flow_reference_cmp (gconstpointer a, gconstpointer b)
{
  return strcmp ((*(FlowReference *const *) a)->name, (*(FlowReference *const *) b)->name);
}

/* A GPtrArray of FlowReference (freed with the array); the tests fail
 * when the folder is missing or holds fewer than the 29 levels. */
static inline GPtrArray *
flow_reference_levels (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "data", "anchors", "flow",
                                                "puzzles", NULL);
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  GPtrArray *all = g_ptr_array_new_with_free_func (flow_reference_free);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      FlowReference *r;

      if (!g_str_has_suffix (name, ".txt"))
        continue;
      r = g_new0 (FlowReference, 1);
      r->name = g_strdup (name);
      g_assert_true (g_file_get_contents (path, &r->text, &r->len, NULL));
      g_ptr_array_add (all, r);
    }
  g_ptr_array_sort (all, flow_reference_cmp);
  g_assert_cmpuint (all->len, >=, 29);
  return all;
}
