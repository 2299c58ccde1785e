#include "hb-game.h"

#include <glib/gi18n.h>

#include "hb-draw.h"
#include "hb-stat-label.h"

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
  hb_state_free (r->answer);
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

void
hb_result_set_count_message (HbResult *r, guint64 solutions, guint limit)
{
  g_autofree char *num = g_strdup_printf ("%" G_GUINT64_FORMAT, solutions);
  gulong n = (gulong) MIN (solutions, G_MAXULONG);

  if (solutions >= limit)
    hb_result_set_message (r, g_dngettext (NULL, "The level has at least %s solution",
                                           "The level has at least %s solutions", n),
                           num);
  else if (solutions == 1)
    hb_result_set_message (r, "%s", _("The level has exactly one solution"));
  else
    hb_result_set_message (r, g_dngettext (NULL, "The level has %s solution",
                                           "The level has %s solutions", n),
                           num);
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

gpointer
hb_cell_drag_new (const HbState *state)
{
  HbCellDrag *d = g_new0 (HbCellDrag, 1);
  d->x = d->y = -1;
  return d;
}

void
hb_cell_drag_free (gpointer ui)
{
  g_free (ui);
}

int
hb_cell_drag_click (HbCellDrag *d, HbPointerPhase phase, const HbHit *hit,
                    gint32 op, gint32 value, HbMove *out)
{
  if (d == NULL || hit == NULL)
    return 0;
  switch (phase)
    {
    case HB_POINTER_PRESS:
      d->x = hit->inside ? hit->x : -1;
      d->y = hit->inside ? hit->y : -1;
      d->moved = FALSE;
      return 0;
    case HB_POINTER_MOTION:
      return 0;
    case HB_POINTER_RELEASE:
    default:
      if (d->x < 0 || !hit->inside || hit->x != d->x || hit->y != d->y)
        return 0;
      d->x = d->y = -1;
      out[0] = (HbMove) { op, hit->x, hit->y, value };
      return 1;
    }
}

gboolean
hb_game_resize_cuts (const HbState *state, const HbState *resized, int dx, int dy)
{
  HbState *back;
  gboolean cut;

  /* Every old cell landed on the new board: nothing to lose. */
  if (dx >= 0 && dy >= 0 && resized->width - dx >= state->width
      && resized->height - dy >= state->height)
    return FALSE;
  back = state->game->resize (resized, state->width, state->height, -dx, -dy);
  cut = back != NULL && !state->game->equal (back, state);
  hb_state_free (back);
  return cut;
}

guint64
hb_resize_cut_count (const HbState *state, const HbState *resized, int dx, int dy,
                     const guint8 *plane)
{
  guint64 n = 0;

  for (int y = 0; y < state->height; y++)
    for (int x = 0; x < state->width; x++)
      if (!hb_resize_keeps (resized, x, y, dx, dy)
          && (plane == NULL || plane[(gsize) y * state->width + x] != 0))
        n++;
  return n;
}

char *
hb_game_resize_cut (const HbState *state, const HbState *resized, int dx, int dy)
{
  char *said;

  if (!hb_game_resize_cuts (state, resized, dx, dy))
    return NULL;
  said = state->game->describe_cut != NULL
         ? state->game->describe_cut (state, resized, dx, dy) : NULL;
  /* TRANSLATORS: what a smaller board or a row removed cut off, where
   * the game cannot say more: "The row removed held part of the level" */
  return said != NULL ? said : g_strdup (_("part of the level"));
}

HbState *
hb_game_apply_moves (const HbGame *game, const HbState *state, const HbMove *moves, guint n)
{
  HbState *after = n > 1 && game->apply_all != NULL ? game->apply_all (state, moves, n) : NULL;

  for (guint i = after != NULL ? n : 0; i < n; i++)
    {
      HbState *next = game->apply (after != NULL ? after : state, &moves[i]);
      if (next != NULL)
        {
          hb_state_free (after);
          after = next;
        }
    }
  return after;
}

/* A dark and a light ring so it reads on every colour a game draws, their
 * corners rounded as the games round their tiles; thin enough (a
 * twentieth of the cell) that an Infinite Loop tile's arms still show
 * under it (at a twelfth it hid where they leave the tile, which way a
 * turn would send them). A stroke held by the keys (Enter on a Flow Free
 * dot) draws the ring bolder: nothing showed it until the first arrow.
 * Not a tint of the cell: over a dot or a path the blue mixed into the
 * colour (yellow read as olive, a colour of its own: review). */
void
hb_render_cursor (cairo_t *cr, const HbLayout *layout, const HbRenderOptions *options)
{
  double x, y, lw, r;

  if (options == NULL || !options->cursor_shown)
    return;
  x = layout->x0 + options->cursor_x * layout->cell;
  y = layout->y0 + options->cursor_y * layout->cell;
  lw = MAX (2.0, layout->cell / 20);
  r = layout->cell / 6;
  if (options->cursor_held)
    lw *= 1.75;
  cairo_save (cr);
  cairo_new_path (cr);
  cairo_set_line_width (cr, lw * 2);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.8);
  hb_draw_rounded_rect (cr, x + lw, y + lw, layout->cell - 2 * lw, layout->cell - 2 * lw, r);
  cairo_stroke (cr);
  cairo_set_line_width (cr, lw);
  cairo_set_source_rgb (cr, 0.21, 0.52, 0.89);   /* libadwaita's blue */
  hb_draw_rounded_rect (cr, x + lw, y + lw, layout->cell - 2 * lw, layout->cell - 2 * lw, r);
  cairo_stroke (cr);
  cairo_restore (cr);
}

gboolean
hb_render_hover_local (const HbState *state, const HbRenderOptions *options)
{
  return TRUE;
}

const HbSolver *
hb_game_find_solver (const HbGame *game, const char *id)
{
  /* Any case, as the game's name ("--solver SAT"). */
  for (int i = 0; game->solvers[i] != NULL; i++)
    if (g_ascii_strcasecmp (game->solvers[i]->id, id) == 0)
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
          HbCancel *cancellable, GError **error)
{
  HbSolveOptions defaults = { 0 };
  double t0 = hb_now ();
  HbCancel limit;
  HbCancel *token = cancellable;
  HbResult *r;

  if (options == NULL)
    options = &defaults;
  /* The time limit for every solver: the solver polls a child of the
   * caller's token whose deadline is the limit (hb-cancel.h), so a solver
   * that only polls its token still stops in time. */
  if (options->time_limit > 0 && options->time_limit < 86400.0 * 365 * 100)
    {
      hb_cancel_init (&limit, cancellable);
      hb_cancel_set_deadline (&limit, options->time_limit);
      token = &limit;
    }
  /* Already stopped (a hint's deadline spent on what came before, say):
   * no solver is started, as none could answer, and setting one up can
   * take seconds on a huge board; but for one that answers even then
   * (Flood-It's optimal solver, whose first quick player always finishes:
   * its tests stop it at once and want that answer). */
  if (hb_cancel_is_set (token) && !(solver->flags & HB_SOLVER_ANSWERS_STOPPED))
    r = hb_result_stop (hb_result_new (HB_STATUS_CANCELLED), HB_STOP_CANCELLED, 0, NULL, NULL);
  else
    r = solver->solve (state, options, trace, token, error);
  /* Stopped by the deadline, not by the caller: the solver gave up. */
  if (token == &limit && r != NULL && r->status == HB_STATUS_CANCELLED
      && hb_cancel_stopped_by_deadline (&limit))
    {
      r->status = HB_STATUS_GAVE_UP;
      hb_result_set_message (r, _("Gave up (%s)"), _("the time limit"));
    }
  /* Counting to 1 is finding one, which the counting solvers do without
   * counting: said all the same, as any count is (the command line's
   * --count 1 and the app's "Count solutions" of 1 said nothing). */
  if (r != NULL && r->status == HB_STATUS_SOLVED && options->count_limit == 1
      && r->message == NULL && (solver->flags & HB_SOLVER_COUNTS))
    hb_result_set_count_message (r, 1, 1);
  if (r != NULL)
    r->seconds = hb_now () - t0;
  return r;
}

/* ---- Settings every solver takes ---------------------------------------- */

const HbSetting hb_common_solver_settings[] = {
  { "time-limit", N_("Time limit"), N_("Stop after this many seconds; 0 for no limit."),
    HB_SETTING_NUMBER, 0, 86400 * 365, 0, NULL, NULL, N_("seconds") },
  { "node-limit", N_("Step limit"), N_("Stop after this many search steps; 0 for no limit."),
    HB_SETTING_INT, 0, 1e12, 0, NULL, NULL, NULL },
  { NULL }
};

const HbSetting hb_count_setting[] = {
  { "count", N_("Count solutions"), N_("Count solutions up to this many (2 tells unique from not); 0 finds one."),
    HB_SETTING_INT, 0, 1000000, 0, NULL, NULL, NULL },
  { NULL }
};

void
hb_solve_options_apply (HbSolveOptions *o, const HbSettings *s)
{
  if (hb_settings_has (s, "time-limit"))
    o->time_limit = hb_settings_get_number (s, hb_common_solver_settings, "time-limit");
  if (hb_settings_has (s, "node-limit"))
    o->node_limit = (guint64) hb_settings_get_int (s, hb_common_solver_settings, "node-limit");
  if (hb_settings_has (s, "count"))
    o->count_limit = (guint) hb_settings_get_int (s, hb_count_setting, "count");
  o->settings = s;
}

HbResult *
hb_result_stop (HbResult *r, HbStopReason reason, guint64 count,
                const char *one, const char *many)
{
  g_autofree char *what = NULL;
  const char *why;

  if (one != NULL && many != NULL)
    {
      g_autofree char *num = hb_format_count ((gint64) MIN (count, (guint64) G_MAXINT64));
      /* one and many are the solver's N_() phrases with one %s. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
      what = g_strdup_printf (g_dngettext (NULL, one, many, (gulong) MIN (count, G_MAXULONG)), num);
#pragma GCC diagnostic pop
    }
  r->status = reason == HB_STOP_CANCELLED ? HB_STATUS_CANCELLED : HB_STATUS_GAVE_UP;
  switch (reason)
    {
    case HB_STOP_CANCELLED:
      if (what)
        hb_result_set_message (r, _("Cancelled after %s"), what);
      else
        hb_result_set_message (r, "%s", _("Cancelled"));
      return r;
    case HB_STOP_TIME_LIMIT: why = _("the time limit"); break;
    case HB_STOP_NODE_LIMIT: why = _("the node limit"); break;
    case HB_STOP_OWN_NODE_LIMIT:
      /* TRANSLATORS: why a solver stopped when no step limit was set */
      why = _("its own step limit; set a Step limit to search longer");
      break;
    case HB_STOP_MEMORY_LIMIT: default: why = _("the memory limit"); break;
    }
  if (what)
    hb_result_set_message (r, _("Gave up after %s (%s)"), what, why);
  else
    hb_result_set_message (r, _("Gave up (%s)"), why);
  return r;
}

double
hb_deadline (const HbSolveOptions *o)
{
  return o->time_limit > 0 ? hb_now () + o->time_limit : 0;
}
