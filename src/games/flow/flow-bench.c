/* flow-bench.c: `hintboard-cli bench flow`.
 *
 * Every exact Flow solver (flagged HB_SOLVER_EXACT in flow_solvers) on every
 * reference level (*.txt in the folder named by $HB_FLOW_PUZZLES, else the
 * first of tests/data/anchors/flow/puzzles, ../shared/anchors/flow/puzzles
 * relative to the working directory that exists), then the fast solver
 * counting to two on each (the uniqueness check), then generated levels of
 * several sizes and shapes (seeds 1..repeats). Times are medians of the
 * solve call in milliseconds; each solve has a time limit, and a run that
 * hits it is shown as such, never as a time. Every answer is checked with
 * flow_is_solved before it is counted. */
#include "flow.h"

#include <stdlib.h>
#include <string.h>

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static double
median_ms (double *t, guint n)
{
  qsort (t, n, sizeof (double), cmp_double);
  return 1000.0 * (n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2);
}

static char *
find_puzzles (void)
{
  const char *env = g_getenv ("HB_FLOW_PUZZLES");
  static const char *const candidates[] = {
    "tests/data/anchors/flow/puzzles",
    "../tests/data/anchors/flow/puzzles",
    "../shared/anchors/flow/puzzles",
    "../../shared/anchors/flow/puzzles",
  };

  if (env != NULL && *env)
    return g_file_test (env, G_FILE_TEST_IS_DIR) ? g_strdup (env) : NULL;
  for (gsize i = 0; i < G_N_ELEMENTS (candidates); i++)
    if (g_file_test (candidates[i], G_FILE_TEST_IS_DIR))
      return g_strdup (candidates[i]);
  return NULL;
}

/* One level, one solver, `repeats` runs: appends a table row. Returns
 * FALSE (error set) only when a solver returns a wrong answer. */
static gboolean
bench_level (const char *label, const FlowState *level, const HbSolver *solver,
             guint count_limit, double time_limit, guint repeats, GString *out,
             GError **error)
{
  g_autofree double *times = g_new (double, repeats);
  HbStatus status = HB_STATUS_GAVE_UP;
  g_autofree char *extra = NULL;

  for (guint k = 0; k < repeats; k++)
    {
      HbSolveOptions o = { 0 };
      HbResult *r;
      double t0;

      o.time_limit = time_limit;
      o.count_limit = count_limit;
      o.seed = 1;
      t0 = hb_now ();
      r = solver->solve (&level->base, &o, NULL, NULL, error);
      times[k] = hb_now () - t0;
      if (r == NULL)
        return FALSE;
      status = r->status;
      /* An answer found but the count cut short by the time limit is no
       * finished count: shown as a limit hit. */
      if (count_limit > 1 && r->status == HB_STATUS_SOLVED
          && hb_result_get_stat (r, "solutions") == NULL)
        status = HB_STATUS_GAVE_UP;
      if (r->status == HB_STATUS_SOLVED
          && (r->solved == NULL || !flow_is_solved (FLOW_CONST (r->solved))))
        {
          g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED,
                       "bench: %s gave a wrong answer on %s", solver->id, label);
          hb_result_free (r);
          return FALSE;
        }
      if (k == 0)
        {
          const char *sol = hb_result_get_stat (r, "solutions");
          const char *nodes = hb_result_get_stat (r, "nodes");
          extra = g_strdup_printf ("%s%s%s%s", sol ? "solutions " : "", sol ? sol : "",
                                   sol && nodes ? ", " : "",
                                   nodes ? nodes : "");
          if (nodes != NULL)
            {
              char *t = extra;
              extra = g_strdup_printf ("%s nodes", t);
              g_free (t);
            }
        }
      hb_result_free (r);
      if (status == HB_STATUS_GAVE_UP)
        {
          repeats = k + 1;
          break;
        }
    }
  if (status == HB_STATUS_GAVE_UP)
    g_string_append_printf (out, "| %s | %s%s | > %.0f (gave up) | %s | %s | %u |\n", label,
                            solver->id, count_limit > 1 ? " (count 2)" : "", 1000 * time_limit,
                            hb_status_to_string (status), extra ? extra : "", repeats);
  else
    g_string_append_printf (out, "| %s | %s%s | %.3f | %s | %s | %u |\n", label, solver->id,
                            count_limit > 1 ? " (count 2)" : "", median_ms (times, repeats),
                            hb_status_to_string (status), extra ? extra : "", repeats);
  return TRUE;
}

static gint
cmp_str (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

typedef struct {
  int w, h, colours;
  const char *why;
} GenCase;

gboolean
flow_bench (gboolean quick, guint repeats, GString *out, GError **error)
{
  static const GenCase full[] = {
    { 20, 20, 0, "generated" }, { 30, 30, 0, "generated" }, { 50, 50, 0, "generated" },
    { 100, 100, 0, "generated" }, { 125, 2, 0, "long strip" }, { 40, 20, 0, "40×20" },
    { 50, 50, 12, "few colours" }, { 30, 30, 88, "many colours" },
    { 1000, 1000, 0, "huge" },
  };
  static const GenCase small[] = {
    { 8, 8, 0, "generated" }, { 60, 2, 0, "long strip" },
  };
  const GenCase *gen = quick ? small : full;
  gsize ngen = quick ? G_N_ELEMENTS (small) : G_N_ELEMENTS (full);
  double limit = quick ? 2.0 : 10.0;
  g_autofree char *dir = find_puzzles ();
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  if (repeats == 0)
    repeats = quick ? 1 : 5;
  g_string_append (out, "| board | solver | median ms | answer | count, nodes | repeats |\n"
                        "|---|---|---:|---|---|---:|\n");
  if (dir == NULL)
    g_string_append (out, "| reference levels | - | not found (set HB_FLOW_PUZZLES) | - | - | 0 |\n");
  else
    {
      g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
      const char *name;

      while (d != NULL && (name = g_dir_read_name (d)) != NULL)
        if (g_str_has_suffix (name, ".txt")
            && (!quick || g_str_has_prefix (name, "regular_5x5")
                || g_str_has_prefix (name, "unsolvable")))
          g_ptr_array_add (names, g_strdup (name));
      g_ptr_array_sort (names, cmp_str);
    }
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *text = NULL;
      g_autofree char *label = g_strndup (name, strlen (name) - 4);
      gsize len;
      FlowState *s;

      if (!g_file_get_contents (path, &text, &len, error))
        return FALSE;
      s = flow_parse_text (text, len, error);
      if (s == NULL)
        return FALSE;
      for (const HbSolver *const *sv = flow_solvers; *sv != NULL; sv++)
        {
          gboolean ok;
          if (!((*sv)->flags & HB_SOLVER_EXACT))
            continue;
          /* The slow exact solvers once per level, and never on the
           * full bench's largest boards for minutes: the time limit says. */
          ok = bench_level (label, s, *sv, 0, *sv == &flow_solver_fast ? limit : limit / 2,
                            *sv == &flow_solver_fast ? repeats : 1, out, error);
          if (!ok)
            {
              flow_state_free (s);
              return FALSE;
            }
        }
      if (!bench_level (label, s, &flow_solver_fast, 2, limit, repeats, out, error))
        {
          flow_state_free (s);
          return FALSE;
        }
      flow_state_free (s);
    }
  for (gsize c = 0; c < ngen; c++)
    {
      guint reps = (gsize) gen[c].w * gen[c].h >= 1000000 ? MIN (repeats, 1u) : repeats;
      g_autofree double *times = g_new (double, reps);
      guint solved = 0, made = 0;
      int colours = 0;
      g_autofree char *label = NULL;

      for (guint k = 0; k < reps; k++)
        {
          HbGenerateParams p = { gen[c].w, gen[c].h, gen[c].colours, 1 + k, NULL };
          g_autoptr (GError) gerr = NULL;
          HbState *level = flow_generate (&p, &gerr);
          HbSolveOptions o = { 0 };
          HbResult *r;
          double t0;

          if (level == NULL)
            {
              times[k] = 0;
              continue;
            }
          made++;
          colours = FLOW (level)->colours;
          o.time_limit = limit;
          t0 = hb_now ();
          r = flow_solver_fast.solve (level, &o, NULL, NULL, error);
          times[k] = hb_now () - t0;
          if (r == NULL)
            {
              hb_state_free (level);
              return FALSE;
            }
          if (r->status == HB_STATUS_SOLVED)
            {
              if (r->solved == NULL || !flow_is_solved (FLOW_CONST (r->solved)))
                {
                  g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED,
                               "bench: a wrong answer on the %d×%d level of seed %u",
                               gen[c].w, gen[c].h, 1 + k);
                  hb_result_free (r);
                  hb_state_free (level);
                  return FALSE;
                }
              solved++;
            }
          hb_result_free (r);
          hb_state_free (level);
        }
      label = g_strdup_printf ("%d×%d, %d colours (%s)", gen[c].w, gen[c].h, colours, gen[c].why);
      if (made == 0)
        g_string_append_printf (out, "| %d×%d (%s) | fast | - | the generator made no level | - | %u |\n",
                                gen[c].w, gen[c].h, gen[c].why, reps);
      else if (solved == made)
        g_string_append_printf (out, "| %s | fast | %.3f | %u of %u solved | - | %u |\n", label,
                                median_ms (times, reps), solved, made, reps);
      else
        g_string_append_printf (out, "| %s | fast | > %.0f on %u | %u of %u solved | - | %u |\n",
                                label, 1000 * limit, made - solved, solved, made, reps);
    }
  return TRUE;
}
