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
  t->old_names = g_ptr_array_new_with_free_func (g_free);
  return t;
}

void
hb_trace_free (HbTrace *t)
{
  if (t == NULL)
    return;
  g_array_unref (t->steps);
  g_ptr_array_unref (t->blobs);
  g_free (t->counter_name);
  g_ptr_array_unref (t->old_names);
  g_free (t->progress_text);
  g_mutex_clear (&t->progress_lock);
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
