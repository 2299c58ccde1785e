/* flow-check.h: the tests' own check of a Flow Free answer, written apart
 * from the game's code so that a bug there cannot hide a bad answer.
 *
 * `dots` and `cells` are w*h colour numbers (0 empty, c + 1 for colour c):
 * the level's dots and the answer's colour of every cell. The answer is
 * right when every cell is coloured, every dot keeps its colour, a dot has
 * exactly one neighbour of its colour and every other cell exactly two,
 * each colour has exactly two dots and its cells are one connected piece.
 * Those together make each colour one simple path from dot to dot that
 * never touches itself side by side. Returns NULL when right, else a
 * static sentence saying what is wrong. */
#pragma once

#include <glib.h>

static inline const char *
flow_check_answer (int w, int h, const guint8 *dots, const guint8 *cells)
{
  static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };
  gsize n = (gsize) w * h;
  int ndots[256] = { 0 };
  int first[256];
  int cellcount[256] = { 0 };
  const char *why = NULL;
  int *queue;
  guint8 *seen;

  for (int i = 0; i < 256; i++)
    first[i] = -1;
  for (gsize i = 0; i < n; i++)
    {
      int x = (int) (i % w), y = (int) (i / w), same = 0;

      if (cells[i] == 0)
        return "a cell is empty";
      if (dots[i] != 0 && dots[i] != cells[i])
        return "a dot lost its colour";
      if (dots[i] != 0)
        {
          ndots[dots[i]]++;
          first[dots[i]] = (int) i;
        }
      cellcount[cells[i]]++;
      for (int d = 0; d < 4; d++)
        {
          int nx = x + dx[d], ny = y + dy[d];
          if (nx >= 0 && ny >= 0 && nx < w && ny < h && cells[(gsize) ny * w + nx] == cells[i])
            same++;
        }
      if (same != (dots[i] ? 1 : 2))
        return dots[i] ? "a dot does not have exactly one neighbour of its colour"
                       : "a cell does not have exactly two neighbours of its colour";
    }
  queue = g_new (int, n);
  seen = g_malloc0 (n);
  for (int c = 1; c < 256 && why == NULL; c++)
    {
      int head = 0, tail = 0, reached = 0;

      if (cellcount[c] == 0)
        continue;
      if (ndots[c] != 2)
        {
          why = "a colour does not have exactly two dots";
          break;
        }
      queue[tail++] = first[c];
      seen[first[c]] = 1;
      while (head < tail)
        {
          int i = queue[head++], x = i % w, y = i / w;
          reached++;
          for (int d = 0; d < 4; d++)
            {
              int nx = x + dx[d], ny = y + dy[d], j;
              if (nx < 0 || ny < 0 || nx >= w || ny >= h)
                continue;
              j = ny * w + nx;
              if (!seen[j] && cells[j] == c)
                {
                  seen[j] = 1;
                  queue[tail++] = j;
                }
            }
        }
      if (reached != cellcount[c])
        why = "a colour's cells are not one piece (a stray loop or a split path)";
    }
  for (int c = 1; c < 256 && why == NULL; c++)
    if (ndots[c] != 0 && ndots[c] != 2)
      why = "a colour does not have exactly two dots";
  g_free (queue);
  g_free (seen);
  return why;
}
