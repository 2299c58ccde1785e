/* hb-grid-state.h: what every game's state is, written once.
 *
 * A game's state is a struct that starts with HbState, holds a few plain
 * values (numbers, fixed arrays: never pointers other than its planes), and
 * points to planes of width × height bytes (Enlight's lights, Infinite
 * Loop's tiles, Flood-It's colours, Flow Free's dots and paths). A game
 * describes that shape once (an HbGridShape) and gets new, copy, free and
 * equal from here instead of writing its own.
 */
#pragma once

#include "hb-game.h"

G_BEGIN_DECLS

#define HB_GRID_MAX_PLANES 4

typedef struct {
  const HbGame *game;
  gsize         size;                        /* sizeof the game's state */
  guint         n_planes;
  gsize         planes[HB_GRID_MAX_PLANES];  /* offsetof each guint8 * plane */
} HbGridShape;

/* A zeroed state of the shape with zeroed planes; NULL when the size is
 * not 1..HB_MAX_SIDE on each side. */
HbState  *hb_grid_state_new (const HbGridShape *shape, int width, int height);
/* Every plain value and every plane. */
HbState  *hb_grid_state_copy (const HbGridShape *shape, const HbState *state);
void      hb_grid_state_free (const HbGridShape *shape, HbState *state);
/* Same game, size, plain values and planes. */
gboolean  hb_grid_state_equal (const HbGridShape *shape, const HbState *a, const HbState *b);

/* Grows *rect to hold every cell where the w × h planes a and b differ
 * (a row compared whole first, so an unchanged board costs about a
 * memcmp of it). */
void      hb_grid_plane_diff (const guint8 *a, const guint8 *b, int w, int h, HbCellRect *rect);

/* Plane k of a state. */
static inline guint8 *
hb_grid_state_plane (const HbGridShape *shape, const HbState *state, guint k)
{
  return *(guint8 **) ((char *) state + shape->planes[k]);
}

/* The neighbour of (x, y) in direction d (an HbDir) on a w × h board:
 * FALSE when it lies outside. The one bounds check every game needs:
 *   for (int d = 0; d < 4; d++)
 *     if (hb_neighbour (x, y, w, h, d, &nx, &ny)) ...                    */
static inline gboolean
hb_neighbour (int x, int y, int w, int h, int d, int *nx, int *ny)
{
  *nx = x + hb_dir_dx[d];
  *ny = y + hb_dir_dy[d];
  return *nx >= 0 && *ny >= 0 && *nx < w && *ny < h;
}

/* The same for a cell numbered i = y * w + x: its neighbour's number in
 * direction d, or -1 outside the board. */
static inline int
hb_neighbour_cell (int i, int w, int h, int d)
{
  int x, y;

  return hb_neighbour (i % w, i / w, w, h, d, &x, &y) ? y * w + x : -1;
}

/* One hash for word arrays (search states, signatures): a multiply-xorshift
 * mix per word, good enough for open addressing with power-of-two tables. */
static inline guint64
hb_hash_words (const guint64 *words, gsize n)
{
  guint64 h = G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);

  for (gsize i = 0; i < n; i++)
    {
      h ^= words[i];
      h *= G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
      h ^= h >> 31;
    }
  return h ^ (h >> 32);
}

G_END_DECLS
