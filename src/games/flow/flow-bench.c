/* flow-bench.c: `hintboard-cli bench flow`.
 *
 * Every exact Flow solver (flagged HB_SOLVER_EXACT in flow_solvers) on every
 * reference level (*.txt in the folder named by $HB_FLOW_PUZZLES, else the
 * first of tests/data/anchors/flow/puzzles, ../shared/anchors/flow/puzzles
 * relative to the working directory that exists), then the fast solver
 * counting to two on each (the uniqueness check), then generated sets of
 * several sizes and shapes (seeds 1..repeats; see gen_sets): big boards,
 * long strips both ways, few colours on big boards, 88 colours on small
 * ones, 1000×1000; then the genetic algorithms' success on the 5×5 to
 * 10×10 reference levels (bench_ga). `--sets` picks some
 * (flow_bench_only). Times are medians of the solve call in milliseconds;
 * each solve has a time limit, and a run that hits it is shown as such,
 * never as a time. Every answer is checked with flow_is_solved before it
 * is counted. */
#include "flow-bench-config.h"
#include "flow.h"
#include "flow-ga.h"

#include <stdio.h>
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
    /* The source tree's, from any folder (from /tmp they were "not
     * found" and the bench said nothing else). */
    FLOW_SOURCE_PUZZLES,
  };

  if (env != NULL && *env)
    return g_file_test (env, G_FILE_TEST_IS_DIR) ? g_strdup (env) : NULL;
  for (gsize i = 0; i < G_N_ELEMENTS (candidates); i++)
    if (g_file_test (candidates[i], G_FILE_TEST_IS_DIR))
      return g_strdup (candidates[i]);
  return NULL;
}

/* The error for reference levels not found, naming the folder
 * $HB_FLOW_PUZZLES gave when it gave one (it said "set HB_FLOW_PUZZLES"
 * when it was set). */
static void
puzzles_not_found (GError **error)
{
  const char *env = g_getenv ("HB_FLOW_PUZZLES");

  if (env != NULL && *env)
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                 "the reference levels were not found: HB_FLOW_PUZZLES names %s, "
                 "which is not a folder", env);
  else
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                 "the reference levels were not found: set HB_FLOW_PUZZLES to their folder");
}

/* Whether the reference folder `dir` holds levels that `keep` takes; an
 * error naming it when not (an empty folder printed a table with no rows,
 * exit 0: helper-155). */
static gboolean
puzzles_there (const char *dir, gboolean (*keep) (const char *name, gboolean quick),
               gboolean quick, GError **error);

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
      if (flow_result_wrong (r))
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

/* The generated sets: each level made by flow_generate from seeds 1, 2, …
 * (so anyone can make it again: `hintboard-cli generate --game flow
 * --size WxH --seed N [--colours C]`), timed, then solved by the fast
 * solver and the answer checked. */
typedef struct {
  const char *name;     /* for --sets */
  int         w, h;
  int         colours;  /* 0: the game's default for the size */
  const char *why;
} GenSet;

static const GenSet gen_sets[] = {
  { "20x20", 20, 20, 0, "generated" },
  { "30x30", 30, 30, 0, "generated" },
  { "50x50", 50, 50, 0, "generated" },
  /* 88 colours, the most (the default was 88 there until 2026-12-04). */
  { "100x100", 100, 100, 88, "generated, many colours" },
  { "40x20", 40, 20, 0, "not square" },
  { "125x2", 125, 2, 0, "long strip" },
  { "2x125", 2, 125, 0, "long strip" },
  { "125x2-few", 125, 2, 4, "long strip, few colours" },
  { "50x50-few", 50, 50, 6, "few colours" },
  /* The kind the Go timings fit (the Go solver's median on them,
   * 0.18 s here, is the 0.4 s on its machine; on the 50-colour
   * set its median is 2.6 s): SOLVER-NOTES, 2026-12-01. */
  { "50x50-20", 50, 50, 20, "the Go peer's kind" },
  { "100x100-few", 100, 100, 8, "few colours" },
  { "30x30-many", 30, 30, 88, "many colours" },
  { "40x40-many", 40, 40, 88, "many colours" },
  { "1000x1000", 1000, 1000, 88, "huge, many colours" },
  { "1000x1000-few", 1000, 1000, 10, "huge, few colours" },
};

/* What --quick runs: small, so the test suite covers the code quickly. */
static const GenSet quick_sets[] = {
  { "8x8", 8, 8, 0, "generated" },
  { "60x2", 60, 2, 0, "long strip" },
  { "30x30-few", 30, 30, 3, "few colours" },
};

#define REFERENCE_SET "reference"
#define GA_SET "ga"
#define PUBLISHED_SET "published"

/* Every set's name, for `--sets` (flow_game.bench_sets). */
const char *const flow_bench_sets[] = {
  REFERENCE_SET, "20x20", "30x30", "50x50", "100x100", "40x20", "125x2", "2x125",
  "125x2-few", "50x50-few", "50x50-20", "100x100-few", "30x30-many", "40x40-many", "1000x1000",
  "1000x1000-few", GA_SET, PUBLISHED_SET, NULL
};

static gboolean
wants (const char *const *sets, const char *name)
{
  return sets == NULL || g_strv_contains (sets, name);
}

/* Adds place `place` to a list that names its first five (*n counts
 * them all). */
static void
add_place (GString *list, guint *n, guint place)
{
  if (*n < 5)
    g_string_append_printf (list, "%s%u", *n > 0 ? ", " : "", place);
  (*n)++;
}

/* One generated set: `levels` seeds, each generated (timed), solved by
 * the fast solver within `limit` seconds and its answer checked. A level
 * the solver gives up on does not end the set (the next seed is another
 * board, often an easy one): the row counts them and names the first few
 * seeds, its median counts them at the time they took, and its slowest is
 * of the levels solved. */
static gboolean
bench_generated (const GenSet *set, guint levels, double limit, GString *out, GError **error)
{
  g_autofree double *times = g_new (double, levels);
  g_autofree double *gen_times = g_new (double, levels);
  guint solved = 0, made = 0, gave_up = 0;
  double worst = 0;   /* the slowest level solved */
  g_autoptr (GString) gave_up_seeds = g_string_new (NULL);
  int colours = set->colours;
  g_autofree char *label = NULL;
  g_autofree char *gen_error = NULL;

  for (guint k = 0; k < levels; k++)
    {
      HbGenerateParams p = { set->w, set->h, set->colours, 1 + k, NULL };
      g_autoptr (GError) gerr = NULL;
      HbSolveOptions o = { 0 };
      HbState *level;
      HbResult *r;
      double t0 = hb_now ();

      level = flow_generate (&p, &gerr);
      if (level == NULL)
        {
          if (gen_error == NULL)
            gen_error = g_strdup (gerr->message);
          continue;
        }
      gen_times[made] = hb_now () - t0;
      colours = FLOW (level)->colours;
      o.time_limit = limit;
      t0 = hb_now ();
      r = flow_solver_fast.solve (level, &o, NULL, NULL, error);
      times[made] = hb_now () - t0;
      made++;
      if (r == NULL)
        {
          hb_state_free (level);
          return FALSE;
        }
      /* Every generated level has an answer (the generator checks its
       * own): "no solution" is as wrong as a bad answer. */
      if (flow_result_wrong (r) || r->status == HB_STATUS_NO_SOLUTION)
        {
          g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED,
                       "bench: fast %s the %d×%d level of seed %u",
                       r->status == HB_STATUS_NO_SOLUTION ? "called unsolvable"
                                                          : "gave a wrong answer on",
                       set->w, set->h, 1 + k);
          hb_result_free (r);
          hb_state_free (level);
          return FALSE;
        }
      if (r->status == HB_STATUS_SOLVED)
        {
          solved++;
          worst = MAX (worst, times[made - 1]);
        }
      else
        add_place (gave_up_seeds, &gave_up, 1 + k);   /* by name, the first five */
      hb_result_free (r);
      hb_state_free (level);
    }
  label = g_strdup_printf ("%s: %d×%d, %d colours (%s)", set->name, set->w, set->h, colours,
                           set->why);
  if (made == 0)
    g_string_append_printf (out, "| %s | fast | - | the generator made no level: %s | - | 0 |\n",
                            label, gen_error ? gen_error : "");
  else
    {
      /* The slowest level too: the targets are about the worst board. */
      g_autofree char *gave = NULL;
      if (gave_up > 0)
        gave = g_strdup_printf ("; gave up at %.0f ms on %u (seed%s %s%s)", 1000 * limit, gave_up,
                                gave_up > 1 ? "s" : "", gave_up_seeds->str,
                                gave_up > 5 ? ", …" : "");
      if (solved > 0)
        g_string_append_printf (out, "| %s | fast | %.3f | %u of %u solved, the slowest in %.1f ms%s "
                                "| generated in %.1f ms | %u |\n",
                                label, median_ms (times, made), solved, made, worst * 1000.0,
                                gave ? gave : "", median_ms (gen_times, made), made);
      else
        g_string_append_printf (out, "| %s | fast | > %.0f | 0 of %u solved%s | generated in %.1f ms "
                                "| %u |\n",
                                label, 1000 * limit, made, gave ? gave : "",
                                median_ms (gen_times, made), made);
    }
  return TRUE;
}

/* The names of the files in `dir` (sorted) that `keep` accepts. */
static GPtrArray *
level_names (const char *dir, gboolean (*keep) (const char *name, gboolean quick),
             gboolean quick)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    if (keep (name, quick))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, cmp_str);
  return names;
}

static gboolean
puzzles_there (const char *dir, gboolean (*keep) (const char *name, gboolean quick),
               gboolean quick, GError **error)
{
  g_autoptr (GPtrArray) names = level_names (dir, keep, quick);

  if (names->len > 0)
    return TRUE;
  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
               "the reference levels were not found: %s holds none (*.txt%s)",
               dir, quick ? "; --quick takes regular_5x5*" : "");
  return FALSE;
}

/* Reads one reference level; its label (the name without ".txt") in
 * *label. */
static FlowState *
read_reference (const char *dir, const char *name, char **label, GError **error)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *text = NULL;
  gsize len;

  if (!g_file_get_contents (path, &text, &len, error))
    return NULL;
  *label = g_strndup (name, strlen (name) - 4);
  return flow_parse_text (text, len, error);
}

/* The solvers' table: every level, --quick two small ones. */
static gboolean
keep_for_solvers (const char *name, gboolean quick)
{
  return g_str_has_suffix (name, ".txt")
         && (!quick || g_str_has_prefix (name, "regular_5x5")
             || g_str_has_prefix (name, "unsolvable"));
}

/* The genetic algorithms' table: the solvable levels, --quick one. */
static gboolean
keep_for_ga (const char *name, gboolean quick)
{
  return g_str_has_suffix (name, ".txt") && !g_str_has_prefix (name, "unsolvable")
         && (!quick || g_str_has_prefix (name, "regular_5x5"));
}

/* The published set's folder: every file but hidden ones. */
static gboolean
keep_visible (const char *name, gboolean quick)
{
  (void) quick;
  return name[0] != '.';
}

/* Adds the levels of one file to `levels`: a file may hold several, as
 * numberlink's puzzle files do (each an optional "W H" line and its rows,
 * the levels apart by blank lines; '#' lines are comments). */
static gboolean
read_level_blocks (const char *path, GPtrArray *levels, GError **error)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  g_autoptr (GString) block = g_string_new (NULL);
  gboolean rows = FALSE;
  int start = 1;   /* the block's first line */
  guint first = levels->len;
  gsize len;

  if (!g_file_get_contents (path, &text, &len, error))
    return FALSE;
  /* A NUL byte or text that is not UTF-8 as `solve` says it, not as a
   * level cut at the NUL (helper-155). */
  {
    g_autoptr (GError) terr = NULL;

    if (!hb_check_text (text, len, &terr))
      {
        g_set_error (error, HB_PARSE_ERROR, HB_PARSE_ERROR_FORMAT, "%s:%s", path, terr->message);
        return FALSE;
      }
  }
  lines = g_strsplit (text, "\n", -1);
  for (int i = 0;; i++)
    {
      const char *l = lines[i];
      gboolean blank = l == NULL || l[strspn (l, " \t\r")] == '\0';

      if (blank && rows)
        {
          g_autoptr (GError) perr = NULL;
          FlowState *s = flow_parse_text (block->str, block->len, &perr);

          if (s == NULL)
            {
              int ln = 0, col = 0, at = 0;

              /* The reader places its error in the level's own lines
               * ("3:2: ..."); said in the file's, as `solve` says it. */
              if (sscanf (perr->message, "%d:%d: %n", &ln, &col, &at) == 2 && at > 0)
                g_set_error (error, HB_PARSE_ERROR, HB_PARSE_ERROR_SHAPE, "%s:%d:%d: %s (level %u)",
                             path, start + ln - 1, col, perr->message + at,
                             levels->len - first + 1);
              else
                g_set_error (error, HB_PARSE_ERROR, HB_PARSE_ERROR_SHAPE,
                             "%s: level %u (from line %d), %s", path, levels->len - first + 1,
                             start, perr->message);
              return FALSE;
            }
          g_ptr_array_add (levels, s);
        }
      if (blank)
        {
          g_string_truncate (block, 0);
          rows = FALSE;
          start = i + 2;
        }
      else
        {
          g_string_append (block, l);
          g_string_append_c (block, '\n');
          rows = rows || (l[0] != '#' && strchr (l, ' ') == NULL);
        }
      if (l == NULL)
        break;
    }
  return TRUE;
}

/* `--sets published`: the levels of the file or folder named by
 * $HB_FLOW_PUBLISHED, such as numberlink's puzzles/janko (270 published
 * puzzles, 8x8 to 36x20). They are not in this repository (their
 * copyright is their authors'), so the set runs only when asked for. Each
 * level once: found, then counted to two, every answer checked. One row:
 * how many solved, the median, the slowest and the total; how many are
 * unique and which (by their place) have more than one answer. */
/* Whether $HB_FLOW_PUBLISHED names a file or folder; the error says what
 * is wrong, naming it when it is set. */
static gboolean
published_found (GError **error)
{
  const char *where = g_getenv ("HB_FLOW_PUBLISHED");

  if (where != NULL && *where != '\0' && g_file_test (where, G_FILE_TEST_EXISTS))
    return TRUE;
  /* Only ever asked for by name: an error, not a row (it exited 0). */
  if (where != NULL && *where != '\0')
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                 "the published levels were not found: HB_FLOW_PUBLISHED names %s, "
                 "which does not exist", where);
  else
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                 "the published levels were not found: set HB_FLOW_PUBLISHED to a "
                 "file or folder of levels (numberlink's puzzles/janko)");
  return FALSE;
}

/* Reads the published levels into `levels` (before any table is
 * written, so that a bad file is bad input with nothing printed). */
static gboolean
published_read (GPtrArray *levels, GError **error)
{
  const char *where = g_getenv ("HB_FLOW_PUBLISHED");

  if (!published_found (error))
    return FALSE;
  if (g_file_test (where, G_FILE_TEST_IS_DIR))
    {
      g_autoptr (GPtrArray) names = level_names (where, keep_visible, FALSE);

      for (guint i = 0; i < names->len; i++)
        {
          g_autofree char *path = g_build_filename (where, g_ptr_array_index (names, i), NULL);
          if (!read_level_blocks (path, levels, error))
            return FALSE;
        }
      return TRUE;
    }
  return read_level_blocks (where, levels, error);
}

static gboolean
bench_published (GPtrArray *levels, double limit, GString *out, GError **error)
{
  const char *where = g_getenv ("HB_FLOW_PUBLISHED");
  g_autofree double *times = NULL;
  g_autoptr (GString) more = g_string_new (NULL);
  g_autoptr (GString) other = g_string_new (NULL);
  guint solved = 0, unique = 0, nmore = 0, nother = 0;
  double worst = 0, total = 0, count_worst = 0;

  times = g_new (double, MAX (levels->len, 1));
  for (guint i = 0; i < levels->len; i++)
    {
      const FlowState *s = g_ptr_array_index (levels, i);
      HbSolveOptions o = { 0 };
      HbResult *r;
      double t0;
      const char *sol;

      o.time_limit = limit;
      t0 = hb_now ();
      r = flow_solver_fast.solve (&s->base, &o, NULL, NULL, error);
      times[i] = hb_now () - t0;
      if (r == NULL)
        return FALSE;
      total += times[i];
      if (flow_result_wrong (r))
        {
          g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED,
                       "bench: a wrong answer on published level %u", i + 1);
          hb_result_free (r);
          return FALSE;
        }
      if (r->status == HB_STATUS_SOLVED)
        {
          solved++;
          worst = MAX (worst, times[i]);
        }
      hb_result_free (r);
      o.count_limit = 2;
      t0 = hb_now ();
      r = flow_solver_fast.solve (&s->base, &o, NULL, NULL, error);
      if (r == NULL)
        return FALSE;
      count_worst = MAX (count_worst, hb_now () - t0);
      if (flow_result_wrong (r))
        {
          g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED,
                       "bench: a wrong answer counting published level %u", i + 1);
          hb_result_free (r);
          return FALSE;
        }
      /* Unique, more than one, or neither (no answer, or the count cut
       * short by the limit); the last two named, the first five each. */
      sol = hb_result_get_stat (r, "solutions");
      if (g_strcmp0 (sol, "1") == 0)
        unique++;
      else if (g_strcmp0 (sol, "2") == 0)
        add_place (more, &nmore, i + 1);
      else
        add_place (other, &nother, i + 1);
      hb_result_free (r);
    }
  if (levels->len == 0)
    {
      g_string_append_printf (out, "| published levels | fast | - | no level in %s | - | 0 |\n",
                              where);
      return TRUE;
    }
  g_string_append_printf (out, "| published: %u levels | fast | %.3f | %u of %u solved, the slowest "
                               "in %.1f ms, all in %.0f ms | counted to two: %u unique",
                          levels->len, median_ms (times, levels->len), solved, levels->len,
                          1000 * worst, 1000 * total, unique);
  if (nmore > 0)
    g_string_append_printf (out, ", %u with more than one (level%s %s%s)", nmore,
                            nmore > 1 ? "s" : "", more->str, nmore > 5 ? ", …" : "");
  if (nother > 0)
    g_string_append_printf (out, ", %u not counted (level%s %s%s)", nother,
                            nother > 1 ? "s" : "", other->str, nother > 5 ? ", …" : "");
  g_string_append_printf (out, "; the slowest count %.1f ms | 1 |\n", 1000 * count_worst);
  return TRUE;
}

/* The genetic algorithms on the reference levels from 5x5 to 10x10 (the
 * solvable ones), default settings, seeds 1, 2, …: how many runs solved
 * each (every answer checked), the median generations of those and the
 * median time of a run. The paths GA five runs a level; the cell-colour
 * GA, which the write-up showed solves only the smallest, three runs up
 * to 7x7. --quick: one run of each on regular_5x5_01. A second table,
 * after the solvers'. */
static gboolean
bench_ga (gboolean quick, GString *out, GError **error)
{
  g_autofree char *dir = find_puzzles ();
  g_autoptr (GPtrArray) names = NULL;

  /* A blank line after the solvers' table, none after a heading. */
  if (out->len > 0 && !g_str_has_suffix (out->str, "\n\n"))
    g_string_append_c (out, '\n');
  g_string_append (out, "| board | genetic algorithm | solved | median generations "
                        "| median s a run |\n|---|---|---:|---:|---:|\n");
  if (dir == NULL)
    {
      g_string_append (out, "| reference levels | - | not found (set HB_FLOW_PUZZLES) | - | - |\n");
      return TRUE;
    }
  names = level_names (dir, keep_for_ga, quick);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *label = NULL;
      FlowState *s = read_reference (dir, g_ptr_array_index (names, i), &label, error);
      gboolean ok = TRUE;
      int w, h;

      if (s == NULL)
        return FALSE;
      w = s->base.width;
      h = s->base.height;
      for (int g = 0; g < 2 && ok && w >= 5 && h >= 5 && w <= 10 && h <= 10; g++)
        {
          const HbSolver *sv = g == 0 ? &flow_solver_ga_paths : &flow_solver_ga_cells;
          int runs = quick ? 1 : g == 0 ? 5 : 3, solved, wrong;
          double gens, secs;

          if (g == 1 && (w > 7 || h > 7))
            continue;
          flow_ga_measure (sv, s, NULL, runs, 1, &solved, &wrong, &gens, &secs, NULL);
          if (wrong > 0)
            {
              g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED,
                           "bench: %s gave a wrong answer on %s", sv->id, label);
              ok = FALSE;
              continue;
            }
          if (solved > 0)
            g_string_append_printf (out, "| %s | %s | %d of %d | %.0f | %.3f |\n", label, sv->id,
                                    solved, runs, gens, secs);
          else
            g_string_append_printf (out, "| %s | %s | 0 of %d | - | %.3f |\n", label, sv->id,
                                    runs, secs);
        }
      flow_state_free (s);
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

gboolean
flow_bench_only (const char *const *sets, gboolean quick, guint repeats, GString *out,
                 GError **error)
{
  /* Time limits keep the solvers' table within about a minute however
   * slow a solver is on some board: the fast solver 5 s a reference
   * level, the others 1 s, the fast one 2 s a generated level. The
   * genetic algorithms' table (bench_ga) has no limit but their
   * generations: about 55 s here, most of it the paths GA's failing runs
   * on the extreme 10x10 boards. */
  double limit = quick ? 2.0 : 5.0, gen_limit = 2.0;
  g_autofree char *dir = NULL;
  g_autoptr (GPtrArray) names = NULL;
  g_autoptr (GPtrArray) published
    = g_ptr_array_new_with_free_func ((GDestroyNotify) flow_state_free);
  gboolean asked = repeats != 0;   /* -r given: the huge sets honour it */
  gboolean only_ga = sets != NULL;

  if (repeats == 0)
    repeats = quick ? 1 : 3;
  for (int i = 0; sets != NULL && sets[i] != NULL; i++)
    only_ga = only_ga && g_str_equal (sets[i], GA_SET);
  if (only_ga)
    {
      g_autofree char *found = find_puzzles ();
      if (found == NULL)
        {
          puzzles_not_found (error);
          return FALSE;
        }
      if (!puzzles_there (found, keep_for_ga, quick, error))
        return FALSE;
      return bench_ga (quick, out, error);
    }
  if (wants (sets, REFERENCE_SET))
    dir = find_puzzles ();
  /* Asked for by name, the reference set or the genetic algorithms' (run
   * on its levels): no table without them (it exited 0), and not its
   * header either. */
  if (sets != NULL && (wants (sets, REFERENCE_SET) || g_strv_contains (sets, GA_SET)))
    {
      g_autofree char *found = dir != NULL ? NULL : find_puzzles ();

      if (dir == NULL && found == NULL)
        {
          puzzles_not_found (error);
          return FALSE;
        }
      if (wants (sets, REFERENCE_SET)
          && !puzzles_there (dir != NULL ? dir : found, keep_for_solvers, quick, error))
        return FALSE;
      if (g_strv_contains (sets, GA_SET)
          && !puzzles_there (dir != NULL ? dir : found, keep_for_ga, quick, error))
        return FALSE;
    }
  else if (dir != NULL && !puzzles_there (dir, keep_for_solvers, quick, error))
    return FALSE;
  if (sets != NULL && g_strv_contains (sets, PUBLISHED_SET) && !published_read (published, error))
    return FALSE;
  g_string_append (out, "| board | solver | median ms | answer | count, nodes | repeats |\n"
                        "|---|---|---:|---|---|---:|\n");
  if (wants (sets, REFERENCE_SET))
    {
      if (dir == NULL)
        g_string_append (out, "| reference levels | - | not found (set HB_FLOW_PUZZLES) | - | - | 0 |\n");
      else
        names = level_names (dir, keep_for_solvers, quick);   /* some: puzzles_there */
    }
  for (guint i = 0; names != NULL && i < names->len; i++)
    {
      g_autofree char *label = NULL;
      FlowState *s = read_reference (dir, g_ptr_array_index (names, i), &label, error);

      if (s == NULL)
        return FALSE;
      for (const HbSolver *const *sv = flow_solvers; *sv != NULL; sv++)
        {
          gboolean ok;
          if (!((*sv)->flags & HB_SOLVER_EXACT))
            continue;
          /* The slow exact solvers once per level, with a fifth of the
           * limit (the write-up's backtracking gives up on most of them
           * whatever the limit: 1 s says so as well as 5 s). */
          ok = bench_level (label, s, *sv, 0, *sv == &flow_solver_fast ? limit : limit / 5,
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
  if (quick && sets == NULL)
    {
      for (gsize c = 0; c < G_N_ELEMENTS (quick_sets); c++)
        if (!bench_generated (&quick_sets[c], repeats, gen_limit, out, error))
          return FALSE;
      return bench_ga (TRUE, out, error);
    }
  for (gsize c = 0; c < G_N_ELEMENTS (gen_sets); c++)
    {
      /* The huge boards once each (a level is a megabyte), unless the
       * repeats were asked for. */
      guint levels = (gint64) gen_sets[c].w * gen_sets[c].h >= 1000000 && !asked ? 1 : repeats;
      if (wants (sets, gen_sets[c].name)
          && !bench_generated (&gen_sets[c], levels, gen_limit, out, error))
        return FALSE;
    }
  /* Only when asked for: the levels are not here. */
  if (sets != NULL && g_strv_contains (sets, PUBLISHED_SET)
      && !bench_published (published, limit, out, error))
    return FALSE;
  return !wants (sets, GA_SET) || bench_ga (quick, out, error);
}

gboolean
flow_bench (gboolean quick, guint repeats, GString *out, GError **error)
{
  return flow_bench_only (NULL, quick, repeats, out, error);
}
