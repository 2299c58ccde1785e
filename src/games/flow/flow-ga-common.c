/* flow-ga-common.c: the pieces Flow Free's two genetic algorithms share
 * (see flow-ga.h). */
#include "flow-ga.h"

#include <glib/gi18n.h>

guint32
flow_rng_below (FlowRng *r, guint32 n)
{
  /* Lemire's multiply-shift; the bias is below 2^-32 for these sizes. */
  return (guint32) (((flow_rng_next (r) >> 32) * (guint64) n) >> 32);
}

double
flow_rng_double (FlowRng *r)
{
  return (double) (flow_rng_next (r) >> 11) * (1.0 / 9007199254740992.0);
}

gboolean
flow_ga_params (FlowGaParams *p, const FlowState *level, const HbSolveOptions *options,
                const HbSetting *decls, GError **error)
{
  const HbSettings *s = options != NULL ? options->settings : NULL;
  gboolean big = (gint64) level->base.width * level->base.height >= 100;
  gboolean was_set = FALSE;

  p->population = (int) hb_settings_get_int (s, decls, "population");
  if (p->population == 1)
    {
      /* A value the setting's range (0 for automatic, then 1..) lets
       * through: a settings error, which the CLI calls bad input. */
      g_set_error (error, HB_SETTINGS_ERROR, HB_SETTINGS_ERROR_RANGE, "%s",
                   _("a population of one makes no children (the best is kept, the rest "
                     "are its children): give 2 or more, or leave it automatic"));
      return FALSE;
    }
  p->automatic = p->population <= 0;
  if (p->automatic)
    p->population = big ? 1000 : 500;
  p->generations = (int) hb_settings_get_int (s, decls, "generations");
  if (p->generations <= 0)
    p->generations = big ? 500 : 200;
  p->mutation = hb_settings_get_number (s, decls, "mutation");
  p->seed = hb_settings_get_seed (s, "seed", &was_set);
  if (!was_set && options != NULL && options->seed != 0)
    p->seed = options->seed;
  return TRUE;
}

int
flow_ga_tournament (FlowRng *r, const double *fitness, int count, int size)
{
  int best = (int) flow_rng_below (r, (guint32) count);

  for (int k = 1; k < size; k++)
    {
      int i = (int) flow_rng_below (r, (guint32) count);
      if (fitness[i] < fitness[best])
        best = i;
    }
  return best;
}

void
flow_ga_report_begin (FlowGaReport *rep, HbTrace *trace, const char *value_name,
                      FlowMarksMeaning marks)
{
  rep->marks = marks;
  hb_trace_set_counter_name (trace, _("generations"));
  rep->series[0] = hb_trace_add_series (trace, N_("best"), N_("generation"));
  rep->series[1] = hb_trace_add_series (trace, N_("mean"), N_("generation"));
  rep->series[2] = hb_trace_add_series (trace, N_("worst"), N_("generation"));
  hb_trace_set_value_name (trace, value_name);
}

void
flow_ga_report (FlowGaReport *rep, HbTrace *trace, const FlowState *level, int generation,
                double best, double mean, double worst, const guint8 *colour,
                const guint8 *links, const guint8 *marks)
{
  float f[3] = { (float) best, (float) mean, (float) worst };
  g_autofree char *text = NULL;

  if (trace == NULL)
    return;
  flow_trace_board_marked (trace, HB_STEP_GENERATION, level, colour, links, marks, generation, f,
                           rep->marks);
  for (int k = 0; k < 3; k++)
    if (rep->series[k] >= 0)
      hb_trace_series_push (trace, rep->series[k], generation, f[k]);
  flow_publish_board (trace, level, colour, links, marks);
  text = g_strdup_printf (_("Generation %d: best fitness %g, mean %.1f"),
                          generation, best, mean);
  hb_trace_set_progress (trace, generation, text);
}

void
flow_ga_add_stats (HbResult *r, const FlowGaParams *p, int generations_run)
{
  hb_result_add_stat (r, N_("seed"), "%" G_GUINT64_FORMAT, p->seed);
  hb_result_add_stat (r, N_("population"), "%d", p->population);
  hb_result_add_stat (r, N_("generations"), "%d", generations_run);
}

HbResult *
flow_ga_check_memory (FlowGaParams *p, const HbSolveOptions *options, double bytes)
{
  gsize limit = options != NULL && options->memory_limit ? options->memory_limit
                                                         : FLOW_GA_MEMORY_DEFAULT;
  g_autofree char *need = NULL, *have = NULL;
  HbResult *r;

  if (p->population * bytes <= (double) limit)
    return NULL;
  /* The automatic size is the write-up's for small boards: on a big one
   * as many as fit (300x300 took 720 MB at 1000). */
  if (p->automatic && bytes > 0 && (double) limit / bytes >= 2)
    {
      p->population = (int) MIN ((double) limit / bytes, (double) p->population);
      return NULL;
    }
  bytes *= p->population;
  need = g_format_size ((guint64) MIN (bytes, 1e18));
  have = g_format_size (limit);
  r = hb_result_new (HB_STATUS_GAVE_UP);
  hb_result_set_message (r, _("A population of %d on this board would take about %s, more "
                              "than the memory limit of %s: choose a smaller population."),
                         p->population, need, have);
  flow_ga_add_stats (r, p, 0);
  return r;
}

HbResult *
flow_ga_check_level (FlowGaParams *p, const FlowState *level, const HbSolveOptions *options,
                     double bytes)
{
  HbResult *r = flow_result_check_dots (level);

  if (r == NULL && level->colours == 0)
    {
      r = hb_result_new (HB_STATUS_NO_SOLUTION);
      hb_result_set_message (r, "%s", _("The level has no colours to join."));
    }
  if (r != NULL)
    {
      flow_ga_add_stats (r, p, 0);
      return r;
    }
  return flow_ga_check_memory (p, options, bytes);
}

static int
cmp_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static double
median (GArray *v)
{
  if (v->len == 0)
    return -1;
  g_array_sort (v, cmp_double);
  if (v->len % 2)
    return g_array_index (v, double, v->len / 2);
  return (g_array_index (v, double, v->len / 2 - 1) + g_array_index (v, double, v->len / 2)) / 2;
}

gboolean
flow_ga_measure (const HbSolver *solver, const FlowState *level, const HbSettings *settings,
                 int runs, guint64 first_seed, int *solved, int *wrong,
                 double *median_generations, double *median_seconds, HbCancel *cancellable)
{
  g_autoptr (GArray) gens = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) secs = g_array_new (FALSE, FALSE, sizeof (double));
  gboolean ok = TRUE;

  *solved = *wrong = 0;
  for (int k = 0; k < runs && ok; k++)
    {
      g_autoptr (HbSettings) st = settings ? hb_settings_copy (settings) : hb_settings_new ();
      const HbSetting *seed = hb_setting_list_find (solver->settings, "seed");
      HbSolveOptions o = { 0 };
      HbResult *r;

      hb_settings_set_seed (st, seed, first_seed + (guint64) k, NULL);
      o.settings = st;
      r = hb_solve (solver, &level->base, &o, NULL, cancellable, NULL);
      if (r == NULL)
        return FALSE;
      if (r->status == HB_STATUS_CANCELLED)
        ok = FALSE;
      else
        {
          double t = r->seconds;
          g_array_append_val (secs, t);
          if (flow_result_wrong (r))
            (*wrong)++;
          else if (r->status == HB_STATUS_SOLVED)
            {
              const char *g = hb_result_get_stat (r, "generations");
              double v = g != NULL ? g_ascii_strtod (g, NULL) : 0;
              g_array_append_val (gens, v);
              (*solved)++;
            }
        }
      hb_result_free (r);
    }
  *median_generations = median (gens);
  *median_seconds = median (secs);
  return ok;
}
