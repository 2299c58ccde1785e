#include "hb-player.h"

struct _HbPlayer {
  const HbGame  *game;
  HbState       *initial;
  const HbTrace *trace;
  gpointer       frame;
  gsize          pos;
  gsize          interval;
  GPtrArray     *keyframes;   /* keyframes[i] is the frame at i * interval */
};

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
    p->interval = MAX (256, (len + max_keyframes - 1) / max_keyframes);
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
  g_free (p);
}

gsize
hb_player_length (const HbPlayer *p)
{
  return hb_trace_length (p->trace);
}

gsize
hb_player_position (const HbPlayer *p)
{
  return p->pos;
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
  gsize len = hb_player_length (p);

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
  p->game->frame_render (p->frame, cr, layout, options, hb_player_current_step (p));
}

char *
hb_player_describe (const HbPlayer *p)
{
  const HbStep *s = hb_player_current_step (p);

  if (s == NULL)
    return g_strdup ("");
  return p->game->describe_step (p->trace, s);
}

char *
hb_player_frame_status (const HbPlayer *p)
{
  if (p->game->frame_status == NULL)
    return NULL;
  return p->game->frame_status (p->frame);
}
