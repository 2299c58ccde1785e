#include "hb-history.h"

struct _HbHistory {
  GPtrArray  *states;   /* HbState*, oldest first */
  GByteArray *progress; /* per state: 1 when a play move made it */
  GArray     *ids;      /* per state: guint64, unique for the history's life */
  guint64     next_id;
  guint       pos;      /* index of the current state */
  guint       limit;
  gint64      saved;    /* index of the saved design, -1 if none is */
};

static void
free_state (gpointer p)
{
  hb_state_free (p);
}

HbHistory *
hb_history_new (HbState *initial, guint limit)
{
  HbHistory *h = g_new0 (HbHistory, 1);

  h->states = g_ptr_array_new_with_free_func (free_state);
  h->progress = g_byte_array_new ();
  h->ids = g_array_new (FALSE, FALSE, sizeof (guint64));
  h->limit = limit ? limit : HB_HISTORY_DEFAULT_LIMIT;
  hb_history_reset (h, initial);
  return h;
}

void
hb_history_free (HbHistory *h)
{
  if (h == NULL)
    return;
  g_ptr_array_unref (h->states);
  g_byte_array_unref (h->progress);
  g_array_unref (h->ids);
  g_free (h);
}

const HbState *
hb_history_current (const HbHistory *h)
{
  return g_ptr_array_index (h->states, h->pos);
}

static guint64
history_cells (const HbHistory *h)
{
  guint64 cells = 0;

  for (guint i = 0; i < h->states->len; i++)
    {
      const HbState *s = g_ptr_array_index (h->states, i);
      cells += (guint64) s->width * s->height;
    }
  return cells;
}

/* The design the state at p belongs to: the nearest state at or before
 * p that no play move made (the oldest kept, when all are). */
static guint
design_at (const HbHistory *h, guint p)
{
  while (p > 0 && h->progress->data[p])
    p--;
  return p;
}

static void
push (HbHistory *h, HbState *state, guint8 flag)
{
  if (h->pos + 1 < h->states->len)
    {
      if (h->saved > (gint64) h->pos)
        h->saved = -1;
      g_ptr_array_remove_range (h->states, h->pos + 1, h->states->len - h->pos - 1);
      g_byte_array_set_size (h->progress, h->pos + 1);
      g_array_set_size (h->ids, h->pos + 1);
    }
  g_ptr_array_add (h->states, state);
  g_byte_array_append (h->progress, &flag, 1);
  g_array_append_val (h->ids, h->next_id);
  h->next_id++;
  h->pos = h->states->len - 1;
  while (h->states->len > 1
         && (h->states->len > h->limit || history_cells (h) > HB_HISTORY_MAX_CELLS))
    {
      g_ptr_array_remove_index (h->states, 0);
      g_byte_array_remove_index (h->progress, 0);
      g_array_remove_index (h->ids, 0);
      h->pos--;
      h->saved = h->saved >= 0 ? h->saved - 1 : -1;
    }
}

void
hb_history_push (HbHistory *h, HbState *state)
{
  push (h, state, 0);
}

void
hb_history_push_play (HbHistory *h, HbState *state)
{
  push (h, state, 1);
}

const HbState *
hb_history_design (const HbHistory *h)
{
  return g_ptr_array_index (h->states, design_at (h, h->pos));
}

gboolean
hb_history_take_back (HbHistory *h)
{
  if (h->pos == 0)
    return FALSE;
  if (h->saved >= (gint64) h->pos)
    h->saved = -1;
  g_ptr_array_remove_range (h->states, h->pos, h->states->len - h->pos);
  g_byte_array_set_size (h->progress, h->pos);
  g_array_set_size (h->ids, h->pos);
  h->pos--;
  return TRUE;
}

void
hb_history_replace (HbHistory *h, HbState *state)
{
  HbState *old = g_ptr_array_index (h->states, h->pos);

  h->states->pdata[h->pos] = state;
  if (h->saved == (gint64) h->pos)
    h->saved = -1;
  hb_state_free (old);
}

void
hb_history_reset (HbHistory *h, HbState *state)
{
  g_ptr_array_set_size (h->states, 0);
  g_ptr_array_add (h->states, state);
  g_byte_array_set_size (h->progress, 1);
  h->progress->data[0] = 0;
  g_array_set_size (h->ids, 0);
  g_array_append_val (h->ids, h->next_id);
  h->next_id++;
  h->pos = 0;
  h->saved = 0;
}

gboolean
hb_history_can_undo (const HbHistory *h)
{
  return h->pos > 0;
}

gboolean
hb_history_can_redo (const HbHistory *h)
{
  return h->pos + 1 < h->states->len;
}

gboolean
hb_history_undo (HbHistory *h)
{
  if (!hb_history_can_undo (h))
    return FALSE;
  h->pos--;
  return TRUE;
}

gboolean
hb_history_redo (HbHistory *h)
{
  if (!hb_history_can_redo (h))
    return FALSE;
  h->pos++;
  return TRUE;
}

guint
hb_history_play_depth (const HbHistory *h)
{
  return h->pos - design_at (h, h->pos);
}

guint64
hb_history_design_id (const HbHistory *h)
{
  return g_array_index (h->ids, guint64, design_at (h, h->pos));
}

gboolean
hb_history_current_is_play (const HbHistory *h)
{
  return h->progress->data[h->pos] != 0;
}

gboolean
hb_history_next_is_play (const HbHistory *h)
{
  return h->pos + 1 < h->states->len && h->progress->data[h->pos + 1] != 0;
}

/* Edit mode's undo and redo go from design to design: the play moves
 * between two designs are nothing to see in Edit, which shows designs. */
gboolean
hb_history_can_undo_design (const HbHistory *h)
{
  return design_at (h, h->pos) > 0;
}

gboolean
hb_history_undo_design (HbHistory *h)
{
  if (!hb_history_can_undo_design (h))
    return FALSE;
  /* The entry before the design: the level as it was then, with the
   * play moves made on it, which Play shows again. */
  h->pos = design_at (h, h->pos) - 1;
  return TRUE;
}

static gint64
next_design (const HbHistory *h)
{
  for (guint i = h->pos + 1; i < h->states->len; i++)
    if (!h->progress->data[i])
      return i;
  return -1;
}

gboolean
hb_history_can_redo_design (const HbHistory *h)
{
  return next_design (h) >= 0;
}

gboolean
hb_history_redo_design (HbHistory *h)
{
  gint64 next = next_design (h);

  if (next < 0)
    return FALSE;
  /* With the play moves made on it, as undo_design lands on the last
   * play move of the design before: Play resumes there. */
  while ((guint) next + 1 < h->states->len && h->progress->data[next + 1])
    next++;
  h->pos = (guint) next;
  return TRUE;
}

void
hb_history_mark_saved (HbHistory *h)
{
  h->saved = design_at (h, h->pos);
}

void
hb_history_mark_unsaved (HbHistory *h)
{
  h->saved = -1;
}

gboolean
hb_history_is_modified (const HbHistory *h)
{
  guint d = design_at (h, h->pos);
  const HbState *saved;

  if (h->saved == (gint64) d)
    return FALSE;
  if (h->saved < 0)
    return TRUE;
  /* Undoing and redoing back to an equal board is not a change. */
  saved = g_ptr_array_index (h->states, h->saved);
  return !saved->game->equal (saved, g_ptr_array_index (h->states, d));
}
