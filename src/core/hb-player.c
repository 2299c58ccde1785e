#include "hb-player.h"

struct _HbPlayer {
  const HbGame  *game;
  HbState       *initial;
  const HbTrace *trace;
  gpointer       frame;
  gsize          pos;
  gsize          interval;
  GPtrArray     *keyframes;   /* keyframes[i] is the frame at i * interval */
  HbState       *answer;      /* the last position, or NULL */
  gpointer       answer_frame; /* the game's picture of it (HbGame.answer_frame), or NULL */
  gboolean       at_last;     /* the answer or the stop, shown instead of the frame at pos */
};

/* The position after the last step: the answer's, or with none, where a
 * cut run stopped (hb_trace_get_stop_frame). */
static gconstpointer
stop_frame (const HbPlayer *p)
{
  return p->answer == NULL ? hb_trace_get_stop_frame (p->trace) : NULL;
}

static gboolean
has_last (const HbPlayer *p)
{
  return p->answer != NULL || stop_frame (p) != NULL;
}

static void
player_keyframe_free (gpointer data, gpointer user_data)
{
  const HbGame *game = user_data;
  if (data)
    game->frame_free (data);
}

HbPlayer *
hb_player_new (const HbState *initial, const HbTrace *trace)
{
  HbPlayer *p = g_new0 (HbPlayer, 1);
  gsize len = hb_trace_length (trace);

  p->game = initial->game;
  p->initial = hb_state_copy (initial);
  p->trace = trace;
  p->frame = p->game->frame_new (p->initial, trace);
  {
    guint64 cells = MAX ((guint64) initial->width * initial->height, 1);
    gsize max_keyframes = CLAMP (HB_PLAYER_KEYFRAME_CELLS / cells, 2, HB_PLAYER_MAX_KEYFRAMES);
    /* A keyframe copies the whole board; where a step touches a cell or
     * a few (frame_steps_local), fewer than cells/4 steps between
     * keyframes cost more in copies than they save in replay (a
     * 1000x1000 board's run of a million steps took 1.7 s to reach its
     * end, on the main thread, nearly all of it copying 32 boards; now 4,
     * and going back replays at most a quarter of a million steps, about
     * 0.1 s). Flood-It's steps cost the whole board: 256 for it. */
    gsize per_cells = p->game->frame_steps_local ? (gsize) MIN (cells / 4, (guint64) G_MAXSIZE) : 0;
    p->interval = MAX (MAX (256, per_cells), (len + max_keyframes - 1) / max_keyframes);
  }
  p->keyframes = g_ptr_array_new ();
  g_ptr_array_add (p->keyframes, p->game->frame_copy (p->frame));
  return p;
}

void
hb_player_free (HbPlayer *p)
{
  if (p == NULL)
    return;
  g_ptr_array_foreach (p->keyframes, player_keyframe_free, (gpointer) p->game);
  g_ptr_array_unref (p->keyframes);
  p->game->frame_free (p->frame);
  hb_state_free (p->initial);
  if (p->answer != NULL)
    hb_state_free (p->answer);
  if (p->answer_frame != NULL)
    p->game->frame_free (p->answer_frame);
  g_free (p);
}

gsize
hb_player_length (const HbPlayer *p)
{
  return hb_trace_length (p->trace) + has_last (p);
}

gsize
hb_player_position (const HbPlayer *p)
{
  return p->pos + p->at_last;
}

static void
player_step_forward (HbPlayer *p)
{
  const HbStep *s = hb_trace_step (p->trace, p->pos);

  p->game->frame_step (p->frame, p->trace, s);
  p->pos++;
  /* Keyframes are taken lazily, the first time playback passes them. */
  if (p->pos % p->interval == 0)
    {
      gsize k = p->pos / p->interval;
      if (k == p->keyframes->len)
        g_ptr_array_add (p->keyframes, p->game->frame_copy (p->frame));
    }
}

void
hb_player_seek (HbPlayer *p, gsize target)
{
  gsize len = hb_trace_length (p->trace);

  /* The answer's position (or the stop's) shows it over the last frame. */
  p->at_last = has_last (p) && target > len;
  target = MIN (target, len);
  if (target < p->pos || target - p->pos > p->interval)
    {
      gsize k = MIN (target / p->interval, p->keyframes->len - 1);
      if (k * p->interval > p->pos || target < p->pos)
        {
          p->game->frame_free (p->frame);
          p->frame = p->game->frame_copy (g_ptr_array_index (p->keyframes, k));
          p->pos = k * p->interval;
        }
    }
  while (p->pos < target)
    player_step_forward (p);
}

const HbStep *
hb_player_current_step (const HbPlayer *p)
{
  return p->pos > 0 ? hb_trace_step (p->trace, p->pos - 1) : NULL;
}

gconstpointer
hb_player_frame (const HbPlayer *p)
{
  return p->frame;
}

void
hb_player_render (const HbPlayer *p, cairo_t *cr, const HbLayout *layout,
                  const HbRenderOptions *options)
{
  if (p->at_last)
    {
      /* The board as a player sees it, without what belongs to the board
       * being edited (its hint, a move animating). */
      HbRenderOptions o = *options;

      o.show_hints = FALSE;
      o.hint = NULL;
      o.anim_from = NULL;
      o.hover_x = o.hover_y = -1;
      if (stop_frame (p) != NULL)
        p->game->frame_render (stop_frame (p), cr, layout, &o, NULL);
      else if (p->answer_frame != NULL)
        p->game->frame_render (p->answer_frame, cr, layout, &o, NULL);
      else
        p->game->render (p->answer, cr, layout, &o);
      return;
    }
  p->game->frame_render (p->frame, cr, layout, options, hb_player_current_step (p));
}

char *
hb_player_describe (const HbPlayer *p)
{
  const HbStep *s = hb_player_current_step (p);

  char *start;

  if (p->at_last)
    return g_strdup ("");
  if (s == NULL)
    {
      start = p->game->describe_start != NULL ? p->game->describe_start (p->initial) : NULL;
      return start != NULL ? start : g_strdup ("");
    }
  return p->game->describe_step (p->initial, p->trace, s);
}

char *
hb_player_frame_status (const HbPlayer *p)
{
  if (p->at_last && p->answer != NULL)
    return p->game->status_text != NULL ? p->game->status_text (p->answer) : NULL;
  if (p->game->frame_status == NULL)
    return NULL;
  return p->game->frame_status (p->at_last ? stop_frame (p) : p->frame);
}

char *
hb_player_depth_text (const HbPlayer *p)
{
  const HbStep *s = hb_player_current_step (p);

  if (s == NULL || p->at_last || p->game->depth_text == NULL)
    return NULL;
  return p->game->depth_text (p->initial, s);
}

/* ---- The answer ---------------------------------------------------------- */

void
hb_player_set_answer (HbPlayer *p, const HbState *answer)
{
  g_return_if_fail (answer == NULL || (answer->game == p->game
                                       && answer->width == p->initial->width
                                       && answer->height == p->initial->height));
  if (p->answer != NULL)
    hb_state_free (p->answer);
  if (p->answer_frame != NULL)
    p->game->frame_free (p->answer_frame);
  p->answer_frame = NULL;
  p->answer = answer ? hb_state_copy (answer) : NULL;
  hb_player_seek (p, 0);
}

void
hb_player_set_answer_moves (HbPlayer *p, const HbState *answer, const GArray *moves)
{
  hb_player_set_answer (p, answer);
  if (answer != NULL && moves != NULL && p->game->answer_frame != NULL)
    p->answer_frame = p->game->answer_frame (p->initial, (const HbMove *) (gpointer) moves->data,
                                             moves->len);
}

const HbState *
hb_player_get_answer (const HbPlayer *p)
{
  return p->answer;
}

gboolean
hb_player_at_answer (const HbPlayer *p)
{
  return p->at_last && p->answer != NULL;
}

gboolean
hb_player_at_stop (const HbPlayer *p)
{
  return p->at_last && p->answer == NULL;
}

/* ---- Marks and jumps ----------------------------------------------------- */

/* The steps whose depth is the search's: the others (a bound, a line of
 * information, a solution) may carry any depth, often 0. */
static gboolean
is_search_step (const HbStep *s)
{
  switch (s->kind)
    {
    case HB_STEP_TRY:
    case HB_STEP_PLACE:
    case HB_STEP_UNDO:
    case HB_STEP_REJECT:
    case HB_STEP_FORCE:
      return TRUE;
    default:
      return FALSE;
    }
}

static int
compare_drop (gconstpointer a, gconstpointer b)
{
  const HbPlayerMark *x = a, *y = b;
  gint64 dx = (gint64) x->from_depth - x->to_depth, dy = (gint64) y->from_depth - y->to_depth;

  if (dx != dy)
    return dx > dy ? -1 : 1;
  return x->position < y->position ? -1 : x->position > y->position;
}

static int
compare_position (gconstpointer a, gconstpointer b)
{
  const HbPlayerMark *x = a, *y = b;

  return x->position < y->position ? -1 : x->position > y->position;
}

GArray *
hb_player_marks (const HbPlayer *p, guint max_backtracks)
{
  GArray *marks = g_array_new (FALSE, FALSE, sizeof (HbPlayerMark));
  GArray *retreats = g_array_new (FALSE, FALSE, sizeof (HbPlayerMark));
  gsize len = hb_trace_length (p->trace);
  gint32 deepest = 0, prev = -1, peak = 0;
  gboolean retreating = FALSE;
  gsize last = 0;

  for (gsize i = 0; i < len; i++)
    {
      const HbStep *s = hb_trace_step (p->trace, i);
      if (is_search_step (s) && s->depth > deepest)
        deepest = s->depth;
    }
  for (gsize i = 0; i <= len; i++)
    {
      const HbStep *s = i < len ? hb_trace_step (p->trace, i) : NULL;

      if (s != NULL && s->kind == HB_STEP_SOLUTION)
        {
          HbPlayerMark m = { i + 1, HB_PLAYER_MARK_SOLUTION, s->depth, s->depth };
          g_array_append_val (marks, m);
        }
      if (s != NULL && !is_search_step (s))
        continue;
      /* A retreat runs while the depth goes down; it ends at the first
       * search step that goes deeper again, or at the end of the trace. */
      if (s != NULL && prev >= 0 && s->depth < prev)
        {
          if (!retreating)
            peak = prev;
          retreating = TRUE;
        }
      else if (retreating && (s == NULL || s->depth > prev))
        {
          HbPlayerMark m = { last + 1, HB_PLAYER_MARK_BACKTRACK, peak, prev };
          if (peak - prev >= MAX (2, deepest / 4))
            g_array_append_val (retreats, m);
          retreating = FALSE;
        }
      if (s != NULL)
        {
          prev = s->depth;
          last = i;
        }
    }
  g_array_sort (retreats, compare_drop);
  if (retreats->len > max_backtracks)
    g_array_set_size (retreats, max_backtracks);
  g_array_append_vals (marks, retreats->data, retreats->len);
  g_array_unref (retreats);
  if (p->answer != NULL)
    {
      HbPlayerMark m = { len + 1, HB_PLAYER_MARK_SOLUTION, 0, 0 };
      g_array_append_val (marks, m);
    }
  g_array_sort (marks, compare_position);
  return marks;
}

gsize
hb_player_find_solution (const HbPlayer *p, gsize from, gboolean forward)
{
  gsize len = hb_trace_length (p->trace);

  if (forward)
    {
      for (gsize i = from; i < len; i++)   /* step i leads to position i + 1 */
        if (hb_trace_step (p->trace, i)->kind == HB_STEP_SOLUTION)
          return i + 1;
      return p->answer != NULL && from <= len ? len + 1 : G_MAXSIZE;
    }
  /* Positions before `from`: the answer's is never one of them. */
  for (gsize pos = MIN (from, len + 1); pos-- > 1;)
    if (hb_trace_step (p->trace, pos - 1)->kind == HB_STEP_SOLUTION)
      return pos;
  return G_MAXSIZE;
}

/* Whether step i goes deeper than the search step before it. */
static gboolean
is_decision (const HbTrace *trace, gsize i)
{
  const HbStep *s = hb_trace_step (trace, i);

  if (s->kind != HB_STEP_TRY && s->kind != HB_STEP_PLACE && s->kind != HB_STEP_MOVE)
    return FALSE;
  while (i-- > 0)
    {
      const HbStep *before = hb_trace_step (trace, i);
      if (is_search_step (before) || before->kind == HB_STEP_MOVE)
        return s->depth > before->depth;
    }
  return s->depth > 0;
}

gsize
hb_player_find_decision (const HbPlayer *p, gsize from, gboolean forward)
{
  gsize len = hb_trace_length (p->trace);

  if (forward)
    {
      for (gsize i = from; i < len; i++)
        if (is_decision (p->trace, i))
          return i + 1;
      return G_MAXSIZE;
    }
  for (gsize pos = MIN (from, len + 1); pos-- > 1;)
    if (is_decision (p->trace, pos - 1))
      return pos;
  return G_MAXSIZE;
}
