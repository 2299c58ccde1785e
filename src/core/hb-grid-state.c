#include "hb-grid-state.h"

#include <string.h>

HbState *
hb_grid_state_new (const HbGridShape *shape, int width, int height)
{
  HbState *s;
  gsize n;

  if (width < 1 || height < 1 || width > HB_MAX_SIDE || height > HB_MAX_SIDE)
    return NULL;
  n = (gsize) width * height;
  s = g_malloc0 (shape->size);
  s->game = shape->game;
  s->width = width;
  s->height = height;
  for (guint k = 0; k < shape->n_planes; k++)
    *(guint8 **) ((char *) s + shape->planes[k]) = g_malloc0 (n);
  return s;
}

HbState *
hb_grid_state_copy (const HbGridShape *shape, const HbState *state)
{
  HbState *c = g_memdup2 (state, shape->size);
  gsize n = (gsize) state->width * state->height;

  for (guint k = 0; k < shape->n_planes; k++)
    *(guint8 **) ((char *) c + shape->planes[k])
      = g_memdup2 (hb_grid_state_plane (shape, state, k), n);
  return c;
}

void
hb_grid_state_free (const HbGridShape *shape, HbState *state)
{
  if (state == NULL)
    return;
  for (guint k = 0; k < shape->n_planes; k++)
    g_free (hb_grid_state_plane (shape, state, k));
  g_free (state);
}

static gboolean
is_plane (const HbGridShape *shape, gsize offset)
{
  for (guint k = 0; k < shape->n_planes; k++)
    if (offset >= shape->planes[k] && offset < shape->planes[k] + sizeof (guint8 *))
      return TRUE;
  return FALSE;
}

gboolean
hb_grid_state_equal (const HbGridShape *shape, const HbState *a, const HbState *b)
{
  gsize n;

  if (a->game != b->game || a->width != b->width || a->height != b->height)
    return FALSE;
  n = (gsize) a->width * a->height;
  /* The plain values: every byte after the header but the plane pointers
   * (states are made zeroed and copied whole, so padding compares equal). */
  for (gsize off = sizeof (HbState); off < shape->size; off++)
    if (!is_plane (shape, off) && ((const guint8 *) a)[off] != ((const guint8 *) b)[off])
      return FALSE;
  for (guint k = 0; k < shape->n_planes; k++)
    if (memcmp (hb_grid_state_plane (shape, a, k), hb_grid_state_plane (shape, b, k), n) != 0)
      return FALSE;
  return TRUE;
}

void
hb_grid_plane_diff (const guint8 *a, const guint8 *b, int w, int h, HbCellRect *rect)
{
  for (int y = 0; y < h; y++)
    {
      const guint8 *ra = a + (gsize) y * w, *rb = b + (gsize) y * w;
      int x0 = 0, x1 = w;

      if (memcmp (ra, rb, w) == 0)
        continue;
      while (ra[x0] == rb[x0])
        x0++;
      while (ra[x1 - 1] == rb[x1 - 1])
        x1--;
      hb_cell_rect_add (rect, x0, y, x1, y + 1);
    }
}
