#include "hb-history.h"

typedef struct {
  HbState *state;
  guint64  id;      /* unique for the history's life */
  gboolean play;    /* a play move made it */
  gboolean restart; /* a play step back to the level's start (Restart):
                     * the moves are counted again from it */
  int      ox, oy;  /* where the first board's top left cell lies on this
                     * one (see hb_history_push_moved) */
} Entry;

struct _HbHistory {
  GArray  *entries;  /* Entry, oldest first */
  guint64  next_id;
  guint    pos;      /* index of the current entry */
  guint    limit;
  gint64   saved;    /* index of the saved design, -1 if none is */
};

#define ENTRY(h, i) (&g_array_index ((h)->entries, Entry, (i)))

static void
clear_entry (gpointer p)
{
  hb_state_free (((Entry *) p)->state);
}

/* Appends `state` (taken) as a new entry, its cells where the entry
 * before had them, moved by (dx, dy). */
static void
append (HbHistory *h, HbState *state, gboolean play, int dx, int dy)
{
  const Entry *last = h->entries->len > 0 ? ENTRY (h, h->entries->len - 1) : NULL;
  Entry e = { state, h->next_id++, play, FALSE, dx, dy };

  if (last != NULL)
    {
      e.ox += last->ox;
      e.oy += last->oy;
    }
  g_array_append_val (h->entries, e);
}

HbHistory *
hb_history_new (HbState *initial, guint limit)
{
  HbHistory *h = g_new0 (HbHistory, 1);

  h->entries = g_array_new (FALSE, FALSE, sizeof (Entry));
  g_array_set_clear_func (h->entries, clear_entry);
  h->limit = limit ? limit : HB_HISTORY_DEFAULT_LIMIT;
  hb_history_reset (h, initial);
  return h;
}

void
hb_history_free (HbHistory *h)
{
  if (h == NULL)
    return;
  g_array_unref (h->entries);
  g_free (h);
}

const HbState *
hb_history_current (const HbHistory *h)
{
  return ENTRY (h, h->pos)->state;
}

static guint64
history_cells (const HbHistory *h)
{
  guint64 cells = 0;

  for (guint i = 0; i < h->entries->len; i++)
    {
      const HbState *s = ENTRY (h, i)->state;
      cells += (guint64) s->width * s->height;
    }
  return cells;
}

/* The design the state at p belongs to: the nearest state at or before
 * p that no play move made (the oldest kept, when all are). */
static guint
design_at (const HbHistory *h, guint p)
{
  while (p > 0 && ENTRY (h, p)->play)
    p--;
  return p;
}

static void
push (HbHistory *h, HbState *state, gboolean play, int dx, int dy)
{
  if (h->pos + 1 < h->entries->len)
    {
      if (h->saved > (gint64) h->pos)
        h->saved = -1;
      g_array_set_size (h->entries, h->pos + 1);
    }
  append (h, state, play, dx, dy);
  h->pos = h->entries->len - 1;
  while (h->entries->len > 1
         && (h->entries->len > h->limit || history_cells (h) > HB_HISTORY_MAX_CELLS))
    {
      g_array_remove_index (h->entries, 0);
      h->pos--;
      h->saved = h->saved >= 0 ? h->saved - 1 : -1;
    }
}

void
hb_history_push (HbHistory *h, HbState *state)
{
  push (h, state, FALSE, 0, 0);
}

void
hb_history_push_moved (HbHistory *h, HbState *state, int dx, int dy)
{
  push (h, state, FALSE, dx, dy);
}

void
hb_history_origin (const HbHistory *h, int *x, int *y)
{
  *x = ENTRY (h, h->pos)->ox;
  *y = ENTRY (h, h->pos)->oy;
}

void
hb_history_push_play (HbHistory *h, HbState *state)
{
  push (h, state, TRUE, 0, 0);
}

void
hb_history_push_restart (HbHistory *h, HbState *state)
{
  push (h, state, TRUE, 0, 0);
  ENTRY (h, h->pos)->restart = TRUE;
}

const HbState *
hb_history_design (const HbHistory *h)
{
  return ENTRY (h, design_at (h, h->pos))->state;
}

gboolean
hb_history_take_back (HbHistory *h)
{
  if (h->pos == 0)
    return FALSE;
  if (h->saved >= (gint64) h->pos)
    h->saved = -1;
  g_array_set_size (h->entries, h->pos);
  h->pos--;
  return TRUE;
}

void
hb_history_replace (HbHistory *h, HbState *state)
{
  HbState *old = ENTRY (h, h->pos)->state;

  ENTRY (h, h->pos)->state = state;
  if (h->saved == (gint64) h->pos)
    h->saved = -1;
  hb_state_free (old);
}

void
hb_history_reset (HbHistory *h, HbState *state)
{
  g_array_set_size (h->entries, 0);
  append (h, state, FALSE, 0, 0);
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
  return h->pos + 1 < h->entries->len;
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

guint
hb_history_play_moves (const HbHistory *h)
{
  guint p = h->pos, n = 0;

  while (p > 0 && ENTRY (h, p)->play && !ENTRY (h, p)->restart)
    {
      n++;
      p--;
    }
  return n;
}

guint64
hb_history_design_id (const HbHistory *h)
{
  return ENTRY (h, design_at (h, h->pos))->id;
}

guint64
hb_history_current_id (const HbHistory *h)
{
  return ENTRY (h, h->pos)->id;
}

gboolean
hb_history_next_is_play (const HbHistory *h)
{
  return h->pos + 1 < h->entries->len && ENTRY (h, h->pos + 1)->play;
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
  for (guint i = h->pos + 1; i < h->entries->len; i++)
    if (!ENTRY (h, i)->play)
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
  while ((guint) next + 1 < h->entries->len && ENTRY (h, next + 1)->play)
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
hb_history_mark_saved_as (HbHistory *h, guint64 id, const HbState *state)
{
  h->saved = -1;
  for (guint i = 0; i < h->entries->len; i++)
    if (ENTRY (h, i)->id == id)
      {
        const HbState *kept = ENTRY (h, i)->state;

        /* A drag's entry is replaced in place, keeping its id. */
        if (kept->game->equal (kept, state))
          h->saved = i;
        return;
      }
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
  saved = ENTRY (h, h->saved)->state;
  return !saved->game->equal (saved, ENTRY (h, d)->state);
}
