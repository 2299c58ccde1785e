#include "hb-trace.h"

#include <stdatomic.h>
#include <string.h>

struct _HbTrace {
  GArray     *steps;       /* HbStep */
  GPtrArray  *blobs;       /* GBytes */
  gsize       max_steps;
  gsize       max_bytes;
  gsize       blob_bytes;
  guint64     dropped;
  char       *counter_name;

  GMutex      progress_lock;
  char       *progress_text;
  /* The newest counter, from hb_trace_set_progress or any step pushed
   * (recorded or not): read by the UI thread while the solver runs. */
  _Atomic gint64 live_counter;
  GPtrArray  *old_names;   /* counter names replaced: kept until the end,
                            * so a pointer the UI read stays valid */

  /* Live view. */
  _Atomic gboolean live;
  _Atomic gint64   next_due;    /* monotonic µs of the next snapshot wanted */
  GMutex           snap_lock;
  gpointer         snapshot;
  GDestroyNotify   snapshot_free;
  gpointer         stop_frame;      /* hb_trace_set_stop_frame's */
  GDestroyNotify   stop_free;
  _Atomic guint64  published;

  /* Series (under series_lock). */
  GMutex      series_lock;
  guint       n_series;
  char       *series_name[HB_TRACE_MAX_SERIES];
  char       *series_axis[HB_TRACE_MAX_SERIES];
  char       *value_name;
  char       *goal_name;   /* NULL: no goal */
  double      goal;
  GArray     *series[HB_TRACE_MAX_SERIES];   /* HbPoint */
  guint       series_skip[HB_TRACE_MAX_SERIES]; /* keep 1 push in 2^skip */
  guint64     series_pushes[HB_TRACE_MAX_SERIES];
  _Atomic guint64 series_version;
};

HbTrace *
hb_trace_new (gsize max_steps, gsize max_blob_bytes)
{
  HbTrace *t = g_new0 (HbTrace, 1);

  t->steps = g_array_new (FALSE, FALSE, sizeof (HbStep));
  t->blobs = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  t->max_steps = max_steps ? max_steps : HB_TRACE_DEFAULT_MAX_STEPS;
  t->max_bytes = max_blob_bytes ? max_blob_bytes : HB_TRACE_DEFAULT_MAX_BYTES;
  g_mutex_init (&t->progress_lock);
  g_mutex_init (&t->snap_lock);
  g_mutex_init (&t->series_lock);
  t->old_names = g_ptr_array_new_with_free_func (g_free);
  return t;
}

HbTrace *
hb_trace_new_like (const HbTrace *t)
{
  g_return_val_if_fail (t != NULL, NULL);
  return hb_trace_new (t->max_steps, t->max_bytes);
}

void
hb_trace_take_steps (HbTrace *dst, HbTrace *src)
{
  GArray *steps;
  GPtrArray *blobs;

  g_return_if_fail (dst != NULL && src != NULL);
  steps = dst->steps;
  blobs = dst->blobs;
  dst->steps = src->steps;
  dst->blobs = src->blobs;
  dst->blob_bytes = src->blob_bytes;
  dst->dropped = src->dropped;
  src->steps = steps;
  src->blobs = blobs;
  g_array_set_size (src->steps, 0);
  g_ptr_array_set_size (src->blobs, 0);
  src->blob_bytes = 0;
  src->dropped = 0;
}

void
hb_trace_free (HbTrace *t)
{
  if (t == NULL)
    return;
  g_array_unref (t->steps);
  g_ptr_array_unref (t->blobs);
  g_free (t->counter_name);
  g_free (t->value_name);
  g_free (t->goal_name);
  g_ptr_array_unref (t->old_names);
  g_free (t->progress_text);
  g_mutex_clear (&t->progress_lock);
  if (t->snapshot != NULL && t->snapshot_free != NULL)
    t->snapshot_free (t->snapshot);
  hb_trace_set_stop_frame (t, NULL, NULL);
  g_mutex_clear (&t->snap_lock);
  for (guint i = 0; i < t->n_series; i++)
    {
      g_free (t->series_name[i]);
      g_free (t->series_axis[i]);
      g_array_unref (t->series[i]);
    }
  g_mutex_clear (&t->series_lock);
  g_free (t);
}

gboolean
hb_trace_wants (const HbTrace *t)
{
  return t != NULL && t->dropped == 0;
}

gboolean
hb_trace_push (HbTrace *t, const HbStep *step, gconstpointer blob, gsize blob_len)
{
  HbStep s;

  if (t == NULL)
    return FALSE;
  atomic_store_explicit (&t->live_counter, step->counter, memory_order_relaxed);
  /* Once one step is dropped every later one is too, so the recorded
   * prefix is always a faithful start of the run. */
  if (t->dropped > 0 || t->steps->len >= t->max_steps
      || (blob != NULL && t->blob_bytes + blob_len > t->max_bytes))
    {
      t->dropped++;
      return FALSE;
    }
  s = *step;
  s.blob = 0;
  if (blob != NULL)
    {
      g_ptr_array_add (t->blobs, g_bytes_new (blob, blob_len));
      t->blob_bytes += blob_len;
      s.blob = t->blobs->len;
    }
  g_array_append_val (t->steps, s);
  return TRUE;
}

gboolean
hb_trace_add (HbTrace *t, HbStepKind kind, int x, int y, int value, int depth,
              gint64 counter)
{
  HbStep s = { 0 };

  if (t == NULL)
    return FALSE;
  s.kind = kind;
  s.x = x;
  s.y = y;
  s.value = value;
  s.depth = depth;
  s.counter = counter;
  return hb_trace_push (t, &s, NULL, 0);
}

gsize
hb_trace_length (const HbTrace *t)
{
  return t ? t->steps->len : 0;
}

const HbStep *
hb_trace_step (const HbTrace *t, gsize index)
{
  if (t == NULL || index >= t->steps->len)
    return NULL;
  return &g_array_index (t->steps, HbStep, index);
}

gconstpointer
hb_trace_blob (const HbTrace *t, const HbStep *step, gsize *len)
{
  GBytes *b;

  if (t == NULL || step == NULL || step->blob == 0 || step->blob > t->blobs->len)
    {
      if (len)
        *len = 0;
      return NULL;
    }
  b = g_ptr_array_index (t->blobs, step->blob - 1);
  return g_bytes_get_data (b, len);
}

gboolean
hb_trace_truncated (const HbTrace *t)
{
  return t != NULL && t->dropped > 0;
}

guint64
hb_trace_dropped (const HbTrace *t)
{
  return t ? t->dropped : 0;
}

void
hb_trace_set_counter_name (HbTrace *t, const char *name)
{
  if (t == NULL)
    return;
  g_mutex_lock (&t->progress_lock);
  if (t->counter_name != NULL)
    g_ptr_array_add (t->old_names, t->counter_name);
  t->counter_name = g_strdup (name);
  g_mutex_unlock (&t->progress_lock);
}

const char *
hb_trace_get_counter_name (const HbTrace *t)
{
  const char *name;

  if (t == NULL)
    return "steps";
  g_mutex_lock ((GMutex *) &t->progress_lock);
  name = t->counter_name ? t->counter_name : "steps";
  g_mutex_unlock ((GMutex *) &t->progress_lock);
  return name;
}

void
hb_trace_set_progress (HbTrace *t, gint64 counter, const char *text)
{
  if (t == NULL)
    return;
  atomic_store_explicit (&t->live_counter, counter, memory_order_relaxed);
  g_mutex_lock (&t->progress_lock);
  if (text != NULL && g_strcmp0 (text, t->progress_text) != 0)
    {
      g_free (t->progress_text);
      t->progress_text = g_strdup (text);
    }
  g_mutex_unlock (&t->progress_lock);
}

char *
hb_trace_get_progress (HbTrace *t, gint64 *counter)
{
  char *text;

  if (t == NULL)
    {
      if (counter)
        *counter = 0;
      return NULL;
    }
  if (counter)
    *counter = atomic_load_explicit (&t->live_counter, memory_order_relaxed);
  g_mutex_lock (&t->progress_lock);
  text = g_strdup (t->progress_text);
  g_mutex_unlock (&t->progress_lock);
  return text;
}

/* ---- Live view ---- */

#define SNAPSHOT_INTERVAL_US (G_USEC_PER_SEC / 30)

void
hb_trace_set_live (HbTrace *t, gboolean live)
{
  if (t == NULL)
    return;
  atomic_store (&t->next_due, 0);
  atomic_store (&t->live, live ? TRUE : FALSE);
}

/* A snapshot copies the whole board: on boards over this many cells four
 * a second at most, not thirty (a 1000x1000 Flow Free board's took about
 * 5 ms each). */
#define SNAPSHOT_LARGE_CELLS     250000
#define SNAPSHOT_LARGE_INTERVAL_US (G_USEC_PER_SEC / 4)

gboolean
hb_trace_snapshot_due_for (HbTrace *t, gsize cells)
{
  gint64 now, due;

  if (t == NULL || !atomic_load_explicit (&t->live, memory_order_relaxed))
    return FALSE;
  now = g_get_monotonic_time ();
  due = atomic_load_explicit (&t->next_due, memory_order_relaxed);
  if (now < due)
    return FALSE;
  atomic_store_explicit (&t->next_due,
                         now + (cells > SNAPSHOT_LARGE_CELLS ? SNAPSHOT_LARGE_INTERVAL_US
                                                             : SNAPSHOT_INTERVAL_US),
                         memory_order_relaxed);
  return TRUE;
}

gboolean
hb_trace_snapshot_due (HbTrace *t)
{
  return hb_trace_snapshot_due_for (t, 0);
}

void
hb_trace_publish (HbTrace *t, gpointer snapshot, GDestroyNotify free_func)
{
  gpointer old;
  GDestroyNotify old_free;

  if (t == NULL)
    {
      if (snapshot != NULL && free_func != NULL)
        free_func (snapshot);
      return;
    }
  /* The lock is held for two pointer swaps only; freeing the replaced
   * snapshot happens outside it, so the solver never waits on the UI's
   * drawing and the UI never waits on a free. */
  g_mutex_lock (&t->snap_lock);
  old = t->snapshot;
  old_free = t->snapshot_free;
  t->snapshot = snapshot;
  t->snapshot_free = free_func;
  g_mutex_unlock (&t->snap_lock);
  atomic_fetch_add (&t->published, 1);
  if (old != NULL && old_free != NULL)
    old_free (old);
}

gpointer
hb_trace_take_snapshot (HbTrace *t, GDestroyNotify *free_func)
{
  gpointer s;

  if (free_func)
    *free_func = NULL;
  if (t == NULL)
    return NULL;
  g_mutex_lock (&t->snap_lock);
  s = t->snapshot;
  if (free_func)
    *free_func = t->snapshot_free;
  t->snapshot = NULL;
  t->snapshot_free = NULL;
  g_mutex_unlock (&t->snap_lock);
  return s;
}

void
hb_trace_set_stop_frame (HbTrace *t, gpointer frame, GDestroyNotify free_func)
{
  if (t == NULL)
    {
      if (frame != NULL && free_func != NULL)
        free_func (frame);
      return;
    }
  if (frame != NULL && frame == t->stop_frame)
    return;
  if (t->stop_frame != NULL && t->stop_free != NULL)
    t->stop_free (t->stop_frame);
  t->stop_frame = frame;
  t->stop_free = frame != NULL ? free_func : NULL;
}

gconstpointer
hb_trace_get_stop_frame (const HbTrace *t)
{
  return t != NULL ? t->stop_frame : NULL;
}

guint64
hb_trace_published (const HbTrace *t)
{
  return t ? atomic_load (&((HbTrace *) t)->published) : 0;
}

/* ---- Series ---- */

int
hb_trace_add_series (HbTrace *t, const char *name, const char *axis)
{
  int i;

  if (t == NULL)
    return -1;
  g_mutex_lock (&t->series_lock);
  if (t->n_series >= HB_TRACE_MAX_SERIES)
    {
      g_mutex_unlock (&t->series_lock);
      return -1;
    }
  i = t->n_series++;
  t->series_name[i] = g_strdup (name);
  t->series_axis[i] = g_strdup (axis);
  t->series[i] = g_array_new (FALSE, FALSE, sizeof (HbPoint));
  g_mutex_unlock (&t->series_lock);
  return i;
}

void
hb_trace_series_push (HbTrace *t, int i, double x, double y)
{
  if (t == NULL || i < 0)
    return;
  g_mutex_lock (&t->series_lock);
  if ((guint) i < t->n_series)
    {
      GArray *a = t->series[i];
      guint64 n = t->series_pushes[i]++;

      if ((n & ((G_GUINT64_CONSTANT (1) << t->series_skip[i]) - 1)) == 0)
        {
          HbPoint p = { x, y };
          if (a->len >= HB_TRACE_MAX_SERIES_POINTS)
            {
              /* Halve: keep the even points, then keep one push in twice
               * as many from now on. */
              for (guint k = 0; 2 * k < a->len; k++)
                g_array_index (a, HbPoint, k) = g_array_index (a, HbPoint, 2 * k);
              g_array_set_size (a, (a->len + 1) / 2);
              t->series_skip[i]++;
            }
          g_array_append_val (a, p);
        }
      atomic_fetch_add (&t->series_version, 1);
    }
  g_mutex_unlock (&t->series_lock);
}

guint
hb_trace_n_series (const HbTrace *t)
{
  guint n;

  if (t == NULL)
    return 0;
  g_mutex_lock ((GMutex *) &t->series_lock);
  n = t->n_series;
  g_mutex_unlock ((GMutex *) &t->series_lock);
  return n;
}

const char *
hb_trace_series_name (const HbTrace *t, guint i)
{
  const char *n = NULL;

  if (t == NULL)
    return NULL;
  g_mutex_lock ((GMutex *) &t->series_lock);
  if (i < t->n_series)
    n = t->series_name[i];
  g_mutex_unlock ((GMutex *) &t->series_lock);
  return n;
}

const char *
hb_trace_series_axis (const HbTrace *t, guint i)
{
  const char *n = NULL;

  if (t == NULL)
    return NULL;
  g_mutex_lock ((GMutex *) &t->series_lock);
  if (i < t->n_series)
    n = t->series_axis[i];
  g_mutex_unlock ((GMutex *) &t->series_lock);
  return n;
}

void
hb_trace_set_value_name (HbTrace *t, const char *name)
{
  if (t == NULL)
    return;
  g_mutex_lock (&t->series_lock);
  if (t->value_name == NULL)      /* set once: readers keep the pointer */
    t->value_name = g_strdup (name);
  g_mutex_unlock (&t->series_lock);
}

const char *
hb_trace_get_value_name (const HbTrace *t)
{
  const char *n;

  if (t == NULL)
    return NULL;
  g_mutex_lock ((GMutex *) &t->series_lock);
  n = t->value_name;
  g_mutex_unlock ((GMutex *) &t->series_lock);
  return n;
}

void
hb_trace_set_goal (HbTrace *t, double goal, const char *name)
{
  if (t == NULL || name == NULL)
    return;
  g_mutex_lock (&t->series_lock);
  if (t->goal_name == NULL)       /* set once: readers keep the pointer */
    {
      t->goal = goal;
      t->goal_name = g_strdup (name);
    }
  g_mutex_unlock (&t->series_lock);
}

gboolean
hb_trace_get_goal (const HbTrace *t, double *goal, const char **name)
{
  gboolean set;

  if (t == NULL)
    return FALSE;
  g_mutex_lock ((GMutex *) &t->series_lock);
  set = t->goal_name != NULL;
  if (set)
    {
      *goal = t->goal;
      *name = t->goal_name;
    }
  g_mutex_unlock ((GMutex *) &t->series_lock);
  return set;
}

GArray *
hb_trace_series_points (const HbTrace *t, guint i)
{
  GArray *copy = g_array_new (FALSE, FALSE, sizeof (HbPoint));

  if (t == NULL)
    return copy;
  g_mutex_lock ((GMutex *) &t->series_lock);
  if (i < t->n_series)
    g_array_append_vals (copy, t->series[i]->data, t->series[i]->len);
  g_mutex_unlock ((GMutex *) &t->series_lock);
  return copy;
}

guint64
hb_trace_series_version (const HbTrace *t)
{
  return t ? atomic_load (&((HbTrace *) t)->series_version) : 0;
}
