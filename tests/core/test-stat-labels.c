/* test-stat-labels.c: every stat a solver reports has plain words for the
 * app (hb-stat-label.h). Runs every solver of every game on a small
 * random level, and once more counting solutions where the solver can,
 * and fails naming any stat key without a label: the app would show the
 * raw key; the same for the name of the trace's counter. The table itself: capitalised labels, tooltips that are
 * sentences' worth of words, no key twice for the same game. */
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "hb-test-util.h"
#include "hb-registry.h"
#include "hb-stat-label.h"

static void
check_result (const HbGame *game, const HbSolver *solver, const HbResult *r,
              GHashTable *seen)
{
  for (guint i = 0; i < r->stats->len; i++)
    {
      const HbStat *stat = g_ptr_array_index (r->stats, i);
      const HbStatLabel *l = hb_stat_label_find (game->id, stat->name);

      if (l == NULL)
        g_error ("%s / %s: the stat \"%s\" has no label in hb-stat-label.c",
                 game->id, solver->id, stat->name);
      g_assert_cmpstr (l->key, ==, stat->name);
      g_assert_true (l->game == NULL || strcmp (l->game, game->id) == 0);
      g_hash_table_add (seen, g_strdup (stat->name));
    }
}

static void
test_every_solver (void)
{
  const HbGame *const *games = hb_registry_games ();
  GHashTable *seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint runs = 0;

  for (gsize g = 0; games[g] != NULL; g++)
    {
      const HbGame *game = games[g];
      HbGenerateParams gp = { 0 };
      GError *error = NULL;
      HbState *level;

      gp.width = 5;
      gp.height = 5;
      gp.seed = 7;
      level = game->generate (&gp, &error);
      g_assert_no_error (error);
      g_assert_nonnull (level);
      for (gsize s = 0; game->solvers[s] != NULL; s++)
        {
          const HbSolver *solver = game->solvers[s];

          for (int counting = 0; counting < 2; counting++)
            {
              HbSolveOptions options = { 0 };
              HbTrace *trace;
              const char *counter;
              HbResult *r;

              if (counting && !(solver->flags & HB_SOLVER_COUNTS))
                continue;
              trace = hb_trace_new (1000, 1 << 20);
              options.seed = 3;
              options.time_limit = 2;
              options.node_limit = 200000;
              options.count_limit = counting ? 2 : 0;
              r = hb_solve (solver, level, &options, trace, NULL, &error);
              g_assert_no_error (error);
              g_assert_nonnull (r);
              g_assert_cmpuint (r->stats->len, >, 0);
              check_result (game, solver, r, seen);
              /* The trace's counter, shown in the player and the
               * progress line, has words too. */
              counter = hb_trace_get_counter_name (trace);
              if (hb_stat_label_find_shown (game->id, counter) == NULL)
                g_error ("%s / %s: the trace's counter \"%s\" has no label in hb-stat-label.c",
                         game->id, solver->id, counter);
              hb_trace_free (trace);
              hb_result_free (r);
              runs++;
            }
        }
      hb_state_free (level);
    }
  g_test_message ("%u runs, %u different stats", runs, g_hash_table_size (seen));
  /* Some of the words that started this: shown plainly now. */
  g_assert_true (g_hash_table_contains (seen, "nodes"));
  g_assert_true (g_hash_table_contains (seen, "nullity"));
  g_assert_true (g_hash_table_contains (seen, "states expanded"));
  g_assert_cmpstr (hb_stat_label_find ("lights", "nullity")->label, ==, "Free choices");
  g_assert_cmpstr (hb_stat_label_find ("flow", "nodes")->label, ==, "Search steps");
  g_hash_table_unref (seen);
}

/* Flow Free's fast solver on a board where it tries the corner chains
 * first: their stats and counter have words too, when the chains answer
 * and when the time runs out (the path search's stats follow theirs). */
static void
test_flow_chains (void)
{
  const HbGame *game = hb_registry_find_game ("flow");
  HbGenerateParams gp = { 300, 300, 10, 1, NULL };
  GHashTable *seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GError *error = NULL;
  HbState *level;

  g_assert_nonnull (game);
  level = game->generate (&gp, &error);
  g_assert_no_error (error);
  for (int quick = 0; quick < 2; quick++)
    {
      HbSolveOptions options = { 0 };
      HbTrace *trace = hb_trace_new (1000, 1 << 20);
      HbResult *r;

      options.time_limit = quick ? 0.002 : 20;
      r = hb_solve (game->solvers[0], level, &options, trace, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpint (r->status, ==, quick ? HB_STATUS_GAVE_UP : HB_STATUS_SOLVED);
      check_result (game, game->solvers[0], r, seen);
      g_assert_nonnull (hb_stat_label_find_shown (game->id, hb_trace_get_counter_name (trace)));
      hb_trace_free (trace);
      hb_result_free (r);
    }
  g_assert_true (g_hash_table_contains (seen, "chain SAT runs"));
  g_assert_true (g_hash_table_contains (seen, "paths of two colours cut"));
  hb_state_free (level);
  g_hash_table_unref (seen);
}

static void
test_table (void)
{
  const HbStatLabel *all = hb_stat_labels ();
  GHashTable *keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (gsize i = 0; all[i].key != NULL; i++)
    {
      const HbStatLabel *l = &all[i];
      char *id = g_strdup_printf ("%s/%s", l->game ? l->game : "*", l->key);

      g_assert_false (g_hash_table_contains (keys, id));
      g_hash_table_add (keys, id);
      g_assert_nonnull (l->label);
      /* Capitalised, and not the key itself: plain words. */
      g_assert_true (g_unichar_isupper (g_utf8_get_char (l->label)));
      g_assert_true (l->tooltip == NULL || strlen (l->tooltip) > strlen (l->label));
      if (l->game != NULL)
        g_assert_nonnull (hb_registry_find_game (l->game));
      /* The common entry is found for any game but the one overriding it. */
      g_assert_true (hb_stat_label_find (NULL, l->key) != NULL);
    }
  g_assert_null (hb_stat_label_find ("lights", "no such stat"));
  g_assert_cmpstr (hb_stat_label_find ("loop", "regions")->game, ==, "loop");
  g_assert_null (hb_stat_label_find ("flood", "regions")->game);
  g_hash_table_unref (keys);
}


/* Counts as the app shows them: plain digits in the C locale (what the
 * command line prints), grouped in a locale that groups them; a value
 * that is not a plain count stays as it is. The grouping locale is built
 * for the test with localedef from Debian's `locales` (.ci/deps), into a
 * folder of its own, so the machine's locales are not needed. */
static void
test_counts (void)
{
  static const char *const kept[] = { "4.2 ms", "exactly 1", "", "-", "12a",
                                      "1234567890123456789012", "0.5" };

  g_assert_nonnull (setlocale (LC_NUMERIC, "C"));
  {
    g_autofree char *a = hb_format_count (1000000);
    g_autofree char *b = hb_format_count (-42);
    g_autofree char *c = hb_stat_value_shown ("27091");
    g_assert_cmpstr (a, ==, "1000000");
    g_assert_cmpstr (b, ==, "-42");
    g_assert_cmpstr (c, ==, "27091");
  }
  for (gsize i = 0; i < G_N_ELEMENTS (kept); i++)
    {
      g_autofree char *v = hb_stat_value_shown (kept[i]);
      g_assert_cmpstr (v, ==, kept[i]);
    }

  if (!hb_test_numbers_english ())
    return;
  {
    g_autofree char *a = hb_format_count (1000000);
    g_autofree char *b = hb_format_count (999);
    g_autofree char *c = hb_stat_value_shown ("27091");
    g_autofree char *d = hb_stat_value_shown ("4.2 ms");
    g_assert_cmpstr (a, ==, "1,000,000");
    g_assert_cmpstr (b, ==, "999");
    g_assert_cmpstr (c, ==, "27,091");
    g_assert_cmpstr (d, ==, "4.2 ms");
  }
  hb_test_numbers_end ();
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/stat-labels/table", test_table);
  g_test_add_func ("/stat-labels/every-solver", test_every_solver);
  g_test_add_func ("/stat-labels/flow-chains", test_flow_chains);
  g_test_add_func ("/stat-labels/counts", test_counts);
  return g_test_run ();
}
