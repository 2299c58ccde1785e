/* flood-solve-seed.c: quick greedy players, the anytime search's seeds.
 *
 * The optimal solver's first answer must come within a tenth of a second
 * on any board the app offers (up to 100×100 with ten colours), and the
 * search must never answer worse than a plain greedy player would. These
 * players cost a few word operations per colour and move, never a search
 * of the whole board, so each answers a 100×100 board in milliseconds;
 * the solver plays them all and keeps the shortest answer as the first
 * upper bound, which the beams of flood-solve-beam.c then improve.
 *
 * Each plays exposed colours first (every remaining region of the colour
 * touches the flooded set: flood_graph_forced proves that some shortest
 * solution plays them now), then picks a colour by its rule:
 *
 * - CELLS: the most cells captured;
 * - BORDER: the most cells in the regions the move brings to the border
 *   (the regions that the next move can take), then cells captured;
 * - EXPOSE: the most colours exposed by the move (each then goes in one
 *   move, and the colours left to clear drop), then cells captured;
 * - LOOKAHEAD: two moves deep, the most cells captured by the pair, then
 *   by the first move.
 *
 * Ties go to the lowest colour. */
#include "flood.h"

#include <string.h>

typedef struct {
  const FloodGraph *g;
  int      words;
  guint64 *set, *front, *newly, *cset, *cfront, *cnewly;
  guint32 *stamp;        /* region → last stamp that counted it */
  guint32  tick;
} Seed;

/* Cells in the regions of set. */
static int
cells_of (const FloodGraph *g, const guint64 *set)
{
  int cells = 0;

  for (int w = 0; w < g->words; w++)
    for (guint64 b = set[w]; b; b &= b - 1)
      cells += g->size[w * 64 + __builtin_ctzll (b)];
  return cells;
}

/* The frontier regions of colour c into newly; FALSE when there are none. */
static gboolean
take (const FloodGraph *g, const guint64 *front, int c, guint64 *newly)
{
  const guint64 *bc = g->by_colour + (gsize) c * g->words;
  guint64 any = 0;

  for (int w = 0; w < g->words; w++)
    any |= newly[w] = front[w] & bc[w];
  return any != 0;
}

/* Cells of the regions next to newly that are neither in set nor in front:
 * what a move taking newly brings to the border. */
static int
border_cells (Seed *sd, const guint64 *set, const guint64 *front,
              const guint64 *newly)
{
  const FloodGraph *g = sd->g;
  int cells = 0;

  sd->tick++;
  for (int w = 0; w < g->words; w++)
    for (guint64 b = newly[w]; b; b &= b - 1)
      {
        int r = w * 64 + __builtin_ctzll (b);
        for (int k = g->nbr_start[r]; k < g->nbr_start[r + 1]; k++)
          {
            int s = g->nbr[k];
            if (sd->stamp[s] == sd->tick || FLOOD_SET_HAS (set, s)
                || FLOOD_SET_HAS (front, s))
              continue;
            sd->stamp[s] = sd->tick;
            cells += g->size[s];
          }
      }
  return cells;
}

/* Colours every remaining region of which is in front (set's frontier). */
static int
exposed_colours (const FloodGraph *g, const guint64 *set, const guint64 *front)
{
  int count = 0;

  for (int c = 0; c < g->colours; c++)
    count += flood_colour_exposed (g, set, front, c);
  return count;
}

/* The colour the rule picks from sd->set (not full, no exposed colour). */
static int
pick (Seed *sd, FloodSeedRule rule)
{
  const FloodGraph *g = sd->g;
  int words = sd->words, best = -1;
  int key1 = G_MININT, key2 = G_MININT;

  for (int c = 0; c < g->colours; c++)
    {
      int k1, k2;

      if (!take (g, sd->front, c, sd->newly))
        continue;
      k2 = cells_of (g, sd->newly);
      switch (rule)
        {
        case FLOOD_SEED_CELLS:
          k1 = k2;
          break;
        case FLOOD_SEED_BORDER:
          k1 = border_cells (sd, sd->set, sd->front, sd->newly);
          break;
        case FLOOD_SEED_EXPOSE:
          memcpy (sd->cset, sd->set, sizeof (guint64) * words);
          memcpy (sd->cfront, sd->front, sizeof (guint64) * words);
          flood_graph_grow (g, sd->cset, sd->cfront, sd->newly);
          k1 = exposed_colours (g, sd->cset, sd->cfront);
          break;
        case FLOOD_SEED_LOOKAHEAD:
        default:
          memcpy (sd->cset, sd->set, sizeof (guint64) * words);
          memcpy (sd->cfront, sd->front, sizeof (guint64) * words);
          flood_graph_grow (g, sd->cset, sd->cfront, sd->newly);
          k1 = 0;
          for (int c2 = 0; c2 < g->colours; c2++)
            if (take (g, sd->cfront, c2, sd->cnewly))
              k1 = MAX (k1, cells_of (g, sd->cnewly));
          k1 += k2;
          break;
        }
      if (k1 > key1 || (k1 == key1 && k2 > key2))
        {
          key1 = k1;
          key2 = k2;
          best = c;
        }
    }
  return best;
}

/* Plays the rule from start (front its frontier; NULL: the top-left
 * region) to the end; see flood_seed_moves. */
static int
seed_play (const FloodGraph *g, FloodSeedRule rule, const guint64 *start,
           const guint64 *start_front, int prune, double deadline,
           HbCancel *cancellable, GByteArray *moves)
{
  Seed sd = { g, g->words };
  guint base = moves->len;
  int result = -1;

  sd.set = g_new0 (guint64, 6 * (gsize) g->words);
  sd.front = sd.set + g->words;
  sd.newly = sd.front + g->words;
  sd.cset = sd.newly + g->words;
  sd.cfront = sd.cset + g->words;
  sd.cnewly = sd.cfront + g->words;
  sd.stamp = g_new0 (guint32, g->n);
  if (start)
    {
      memcpy (sd.set, start, sizeof (guint64) * g->words);
      memcpy (sd.front, start_front, sizeof (guint64) * g->words);
    }
  else
    {
      FLOOD_SET_ADD (sd.set, g->root);
      flood_graph_frontier (g, sd.set, sd.front);
    }

  for (guint n = 0;; n++)
    {
      guint8 b;
      int c;

      if (prune > 0 && (int) (moves->len - base) >= prune)
        break;
      if (flood_set_full (g, sd.set))
        {
          result = moves->len - base;
          break;
        }
      if ((n & 15) == 15
          && (hb_cancel_is_set (cancellable)
              || (deadline > 0 && hb_now () > deadline)))
        break;
      c = flood_graph_forced (g, sd.set, sd.front);
      if (c < 0)
        c = pick (&sd, rule);
      if (c < 0)
        break;    /* nothing on the frontier: cannot happen on a board */
      take (g, sd.front, c, sd.newly);
      flood_graph_grow (g, sd.set, sd.front, sd.newly);
      b = c;
      g_byte_array_append (moves, &b, 1);
    }
  if (result < 0)
    g_byte_array_set_size (moves, base);
  g_free (sd.set);
  g_free (sd.stamp);
  return result;
}

int
flood_seed_moves (const FloodGraph *g, FloodSeedRule rule, int prune,
                  double deadline, HbCancel *cancellable, GByteArray *moves)
{
  return seed_play (g, rule, NULL, NULL, prune, deadline, cancellable, moves);
}

int
flood_seed_finish (const FloodGraph *g, FloodSeedRule rule,
                   const guint64 *set, const guint64 *front, GByteArray *moves)
{
  return seed_play (g, rule, set, front, 0, 0, NULL, moves);
}
