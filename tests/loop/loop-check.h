/* loop-check.h: independent checking of Infinite Loop answers for the
 * tests (shares no code with the game): the solved board's arms all
 * matched, every tile a rotation of the level's, and the moves leading
 * from the level to the solved board. */
#pragma once

#include "loop.h"

#include <string.h>

/* The tile's arms as the string "NESW" of 0/1, turned a quarter clockwise
 * by moving the last character to the front. */
static gboolean
is_rotation_of (guint8 from, guint8 to)
{
  char a[5], b[5];

  for (int d = 0; d < 4; d++)
    {
      a[d] = (from >> d) & 1 ? '1' : '0';
      b[d] = (to >> d) & 1 ? '1' : '0';
    }
  a[4] = b[4] = 0;
  for (int t = 0; t < 4; t++)
    {
      char c = a[3];
      if (strcmp (a, b) == 0)
        return TRUE;
      memmove (a + 1, a, 3);
      a[0] = c;
    }
  return FALSE;
}

static gboolean
arm (const guint8 *t, int w, int h, int x, int y, char dir)
{
  int bit = dir == 'N' ? 0 : dir == 'E' ? 1 : dir == 'S' ? 2 : 3;
  if (x < 0 || y < 0 || x >= w || y >= h)
    return FALSE;
  return (t[y * w + x] >> bit) & 1;
}

static void G_GNUC_UNUSED
check_solution (const guint8 *orig, const guint8 *solved, int w, int h)
{
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        if (!is_rotation_of (orig[y * w + x], solved[y * w + x]))
          g_error ("tile (%d, %d) changed kind", x, y);
        if (arm (solved, w, h, x, y, 'N') != arm (solved, w, h, x, y - 1, 'S')
            || (y == 0 && arm (solved, w, h, x, y, 'N')))
          g_error ("(%d, %d) north unmatched", x, y);
        if (arm (solved, w, h, x, y, 'W') != arm (solved, w, h, x - 1, y, 'E')
            || (x == 0 && arm (solved, w, h, x, y, 'W')))
          g_error ("(%d, %d) west unmatched", x, y);
        if ((x == w - 1 && arm (solved, w, h, x, y, 'E'))
            || (y == h - 1 && arm (solved, w, h, x, y, 'S')))
          g_error ("(%d, %d) points off the board", x, y);
      }
}

/* Checks a result: the solved board, and the moves applied to the level. */
static void G_GNUC_UNUSED
check_result (const HbState *level, const HbResult *r)
{
  const LoopState *s = LOOP_CONST (level);
  int w = level->width, h = level->height;
  guint8 *board = g_memdup2 (s->tiles, (gsize) w * h);

  g_assert_cmpint (r->status, ==, HB_STATUS_SOLVED);
  g_assert_nonnull (r->solved);
  g_assert_cmpint (r->solved->width, ==, w);
  g_assert_cmpint (r->solved->height, ==, h);
  check_solution (s->tiles, LOOP_CONST (r->solved)->tiles, w, h);
  for (guint i = 0; i < r->moves->len; i++)
    {
      const HbMove *m = &g_array_index (r->moves, HbMove, i);
      guint8 *t = &board[m->y * w + m->x];
      g_assert_cmpint (m->op, ==, LOOP_OP_ROTATE);
      g_assert_cmpint (m->value, >=, 1);
      g_assert_cmpint (m->value, <=, 3);
      for (int k = 0; k < m->value; k++)
        *t = (guint8) (((*t << 1) | (*t >> 3)) & 15);
    }
  g_assert_cmpmem (board, (gsize) w * h, LOOP_CONST (r->solved)->tiles, (gsize) w * h);
  g_free (board);
}
