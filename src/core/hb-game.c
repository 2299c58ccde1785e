#include "hb-game.h"

static void
stat_free (gpointer p)
{
  HbStat *s = p;
  g_free (s->name);
  g_free (s->value);
  g_free (s);
}

HbResult *
hb_result_new (HbStatus status)
{
  HbResult *r = g_new0 (HbResult, 1);

  r->status = status;
  r->moves = g_array_new (FALSE, FALSE, sizeof (HbMove));
  r->stats = g_ptr_array_new_with_free_func (stat_free);
  return r;
}

void
hb_result_free (HbResult *r)
{
  if (r == NULL)
    return;
  hb_state_free (r->solved);
  g_array_unref (r->moves);
  g_ptr_array_unref (r->stats);
  g_free (r->message);
  g_free (r);
}

void
hb_result_add_move (HbResult *r, int op, int x, int y, int value)
{
  HbMove m = { op, x, y, value };
  g_array_append_val (r->moves, m);
}

void
hb_result_add_stat (HbResult *r, const char *name, const char *format, ...)
{
  HbStat *s = g_new0 (HbStat, 1);
  va_list ap;

  va_start (ap, format);
  s->name = g_strdup (name);
  s->value = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_ptr_array_add (r->stats, s);
}

const char *
hb_result_get_stat (const HbResult *r, const char *name)
{
  for (guint i = 0; i < r->stats->len; i++)
    {
      HbStat *s = g_ptr_array_index (r->stats, i);
      if (g_str_equal (s->name, name))
        return s->value;
    }
  return NULL;
}

void
hb_result_set_message (HbResult *r, const char *format, ...)
{
  va_list ap;

  va_start (ap, format);
  g_free (r->message);
  r->message = g_strdup_vprintf (format, ap);
  va_end (ap);
}

const char *
hb_status_to_string (HbStatus status)
{
  switch (status)
    {
    case HB_STATUS_SOLVED: return "solved";
    case HB_STATUS_NO_SOLUTION: return "no solution";
    case HB_STATUS_GAVE_UP: return "gave up";
    case HB_STATUS_CANCELLED: return "cancelled";
    default: return "unknown";
    }
}

const HbSolver *
hb_game_find_solver (const HbGame *game, const char *id)
{
  for (int i = 0; game->solvers[i] != NULL; i++)
    if (g_str_equal (game->solvers[i]->id, id))
      return game->solvers[i];
  return NULL;
}

const HbSolver *
hb_game_default_solver (const HbGame *game)
{
  return game->solvers[0];
}

HbResult *
hb_solve (const HbSolver *solver, const HbState *state,
          const HbSolveOptions *options, HbTrace *trace,
          GCancellable *cancellable, GError **error)
{
  HbSolveOptions defaults = { 0 };
  double t0 = hb_now ();
  HbResult *r;

  r = solver->solve (state, options ? options : &defaults, trace, cancellable, error);
  if (r != NULL)
    r->seconds = hb_now () - t0;
  return r;
}
