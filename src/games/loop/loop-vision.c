/* loop-vision.c: reading an Infinite Loop board from a screenshot.
 *
 * The write-up read its boards by thresholding the picture and sampling
 * the midpoint of each tile's edges, with the tile size fixed in the code
 * (134 px) and the board assumed centred — its two named failures. Here
 * the same idea runs on a grid found in the picture, among whatever else
 * the screen shows:
 *
 *   1. A smaller copy. A phone screenshot is shrunk by a whole factor to
 *      at most about 1000 px a side (hb_vision_shrunk, shared with the
 *      other readers): the board is found there, in a tenth of the pixels.
 *   2. Strokes: pixels far from the background around them. The
 *      background is taken per block (the commonest colour of each block,
 *      a block unlike all its neighbours — a stretch of pipe — replaced by
 *      theirs), and a pixel is a stroke when it is unlike its own block's
 *      background and every neighbouring block's: a gradient, a coloured
 *      status bar, the board's card on another colour all stay background,
 *      while pipes, text and icons are strokes. Once the board is found,
 *      a block over it that pipes fill more than half of takes the
 *      card's colour beneath them (board_background).
 *   3. Pieces: the strokes' connected components. Pieces touching the
 *      picture's edge (bars, banners, a cut-off frame) are dropped.
 *   4. The tile size. A column through the middle of a tile column holds
 *      every vertical arm and ring of it; a column along a tile boundary
 *      holds only the horizontal arms crossing it, a stroke's width each.
 *      So the stroke count per column (and per row) repeats with the tile
 *      size: its autocorrelation gives candidates, each tried with its
 *      halves and doubles (where none fits, its thirds or quarters: a
 *      peak may be several tiles) and a few percent either way.
 *   5. The check that decides: in this game a stroke crosses a tile's
 *      edge only at the edge's midpoint (arms end there, or pass on into
 *      the neighbour), so stroke pixels on the true boundaries sit at
 *      midpoints and nowhere else. For a size, every phase is scored at
 *      once from the pixels binned by (x mod t, y mod t) (best_phase); the
 *      best few are then scored piece by piece (grid_score), where a piece
 *      that crosses the lines anywhere else — text, a button — counts for
 *      nothing instead of against the board. Each piece is then judged by
 *      the lattice found and left out if it does not keep to it or is
 *      smaller than any tile's drawing (a first lattice that keeps
 *      under half the strokes has its double and its half fitted too,
 *      and the one keeping most is taken), and the lattice is fitted
 *      again on the rest, until the pieces kept settle; the arms' own
 *      crossings then give size and phase to a fraction of a pixel
 *      (refine_lattice). Where a piece of a tile's size is still left
 *      out on large tiles, a lattice within 10 % that keeps it and every
 *      piece kept before is taken (widen_lattice): arms that stop short
 *      of their sides hold the lattice loosely, and one a little off cut
 *      them inside their tiles and scored more. Hintboard's straight
 *      arms also fit a lattice of half the size a quarter tile off; that
 *      one is told from the true one by the empty tiles it puts on every
 *      true corner.
 *   6. The arms, at full resolution when the tiles are small in the copy:
 *      a tile has an arm towards a side when strokes run in from near the
 *      side's middle. A ring (an end), an arc (a corner), a bar or a star
 *      of arcs (a cross) all reach the sides only there, so no drawing of
 *      a tile is assumed. Tiles with strokes but no arm, with strokes at a
 *      side away from its middle, with an arm just under the bar or much
 *      narrower than the board's arms are marked unsure.
 *   7. The board: the tiles the kept pieces span, and on small tiles up
 *      to three lines beyond them read as sure tiles with arms before a
 *      blank margin (a line of ends alone keeps no piece there), less
 *      outer lines with no arm or mostly in doubt (text that fitted the
 *      lattice in places);
 *      arms left out that way are said in a note. One row or column of
 *      tiles, a board mostly in doubt, or one whose strokes are mostly in
 *      pieces that do not keep to the lattice is refused.
 *
 * Empty rows or columns at the board's border cannot be seen (they draw
 * nothing): the board is the tiles the strokes span.
 */
#include "loop.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A pixel is a stroke when the sum of its three channel differences from
 * the background is over this. */
#define STROKE_DIFF 120
/* A side has an arm when strokes lie on its middle line over this much of
 * the depth arm_depth looks at. On the phone's screenshot scaled to 30 %
 * … 133 % (2026-12-01) the sides with no arm measured 0.09-0.50 (an end's
 * ring, a corner's arc, drawn thicker as the picture shrinks) and those
 * with one 0.82-1.00; the bar stood at 0.5, with doubt from 0.42, so ends
 * read at 40-65 % were in doubt and the rows holding two of them were cut
 * off the board as text: "4×2", exit 0 (review). */
#define ARM_DEPTH 0.66
/* Tiles smaller than this in the copy are read at full resolution. */
#define SAMPLE_MIN_TILE 24
/* Lines read beyond the pieces' span on each side (loop_from_image). */
#define EXTRA_LINES 3
/* The share of the strokes the thinning must keep to be used (thin_mask).
 * Of the bundled levels drawn by `render` (2026-12-07) it kept 5-26 % at
 * 8 and 10 px and of the solved ones at 12 px, where the arms are 2 px
 * wide; 35-82 % of the rest at 12-48 px. Generated boards at 9, 11 and
 * 13 px, whose arms are 2 or 3 px as they fall on the pixels, kept
 * 29-37 %, and read as well thinned (at 1/3, 2 of 66 at 11 px read
 * exactly thinned and were refused unthinned). */
#define THIN_KEEPS 0.275
/* Read unthinned, the lattice found must be of tiles this large at least
 * and smaller than RAW_MAX_TILE (else the thinned mask is looked at, as
 * before). At 5 and 6 px a tile generated boards refused thinned read
 * unthinned with their outer lines lost, a 9×7 board as 7×7 with 11
 * tiles unsure, exit 0 guessed. Arms of 2 px, the ones the thinning
 * erases, are a fifth of tiles of 8-13 px; a lattice of larger tiles
 * found unthinned is something else's: the edges of the squares of
 * `lights-01-3x3` drawn at 20 px and turned grey read as a sure 4×4
 * Loop board (test-import). */
#define RAW_MIN_TILE 8
#define RAW_MAX_TILE 14

typedef struct {
  const guint8 *m;   /* 1 = stroke, w × h */
  int w, h;
  int x0, y0;        /* where m's (0, 0) lies in picture coordinates */
} Mask;

static inline gboolean
stroke_at (const Mask *s, int x, int y)
{
  x -= s->x0;
  y -= s->y0;
  return x >= 0 && y >= 0 && x < s->w && y < s->h && s->m[(gsize) y * s->w + x];
}

typedef struct {
  int x0, y0, x1, y1;   /* [x0, x1) × [y0, y1) */
} Box;

/* ---- Background and strokes ---------------------------------------------- */

typedef struct {
  int     B;          /* block side, pixels of the picture it was taken from */
  int     nx, ny;
  guint8 *rgb;        /* nx × ny colours */
  guint8 *second;     /* nx × ny: each block's next commonest colour unlike
                       * its own, when it covers a quarter of the block at
                       * least, and 1 (else all 0) */
} Background;

static void
background_clear (Background *bg)
{
  g_clear_pointer (&bg->rgb, g_free);
  g_clear_pointer (&bg->second, g_free);
}

static inline int
colour_diff (const guint8 *a, const guint8 *b)
{
  return abs (a[0] - b[0]) + abs (a[1] - b[1]) + abs (a[2] - b[2]);
}

/* The background of each B × B block: the commonest colour to 4 bits a
 * channel (a bucket's count plus half its six neighbours', so a colour on
 * a bucket boundary is not split in two), refined to the mean of its
 * bucket. Then a block unlike nearly all its neighbours (a stretch of a
 * thick pipe filling it) takes the colour most of them share. */
static void
background_init (Background *bg, const HbImage *img, int B)
{
  g_autofree guint32 *count = g_new0 (guint32, 4096);
  g_autofree guint32 *sum = g_new0 (guint32, 4096 * 3);
  g_autofree int *touched = NULL;
  g_autofree guint8 *first = NULL;
  int step = MAX (1, B / 32);

  bg->B = B;
  bg->nx = (img->width + B - 1) / B;
  bg->ny = (img->height + B - 1) / B;
  bg->rgb = g_new (guint8, (gsize) bg->nx * bg->ny * 3);
  touched = g_new (int, (gsize) (B / step + 1) * (B / step + 1));
  bg->second = g_new0 (guint8, (gsize) bg->nx * bg->ny * 4);
  for (int by = 0; by < bg->ny; by++)
    for (int bx = 0; bx < bg->nx; bx++)
      {
        int nt = 0, best = -1;
        guint32 best_score = 0;
        int y1 = MIN (img->height, (by + 1) * B), x1 = MIN (img->width, (bx + 1) * B);
        guint8 *out = bg->rgb + ((gsize) by * bg->nx + bx) * 3;
        for (int y = by * B; y < y1; y += step)
          {
            const guint8 *p = hb_image_pixel (img, bx * B, y);
            for (int x = bx * B; x < x1; x += step, p += 3 * step)
              {
                int k = ((p[0] >> 4) << 8) | ((p[1] >> 4) << 4) | (p[2] >> 4);
                if (count[k]++ == 0)
                  touched[nt++] = k;
                sum[k * 3] += p[0];
                sum[k * 3 + 1] += p[1];
                sum[k * 3 + 2] += p[2];
              }
          }
        for (int i = 0; i < nt; i++)
          {
            int k = touched[i], r = k >> 8, g = (k >> 4) & 15, b = k & 15;
            guint32 s = 2 * count[k];
            if (r > 0) s += count[k - 256];
            if (r < 15) s += count[k + 256];
            if (g > 0) s += count[k - 16];
            if (g < 15) s += count[k + 16];
            if (b > 0) s += count[k - 1];
            if (b < 15) s += count[k + 1];
            if (s > best_score)
              {
                best_score = s;
                best = k;
              }
          }
        for (int c = 0; c < 3; c++)
          out[c] = best >= 0 ? (guint8) (sum[best * 3 + c] / count[best]) : 0;
        {
          guint8 *o2 = bg->second + ((gsize) by * bg->nx + bx) * 4;
          guint32 n_all = 0, best2 = 0;
          for (int i = 0; i < nt; i++)
            n_all += count[touched[i]];
          for (int i = 0; i < nt && best >= 0; i++)
            {
              int k = touched[i];
              guint8 mean[3];
              for (int c = 0; c < 3; c++)
                mean[c] = (guint8) (sum[k * 3 + c] / count[k]);
              if (count[k] > best2 && count[k] * 4 >= n_all
                  && colour_diff (mean, out) > STROKE_DIFF / 2)
                {
                  best2 = count[k];
                  memcpy (o2, mean, 3);
                  o2[3] = 1;
                }
            }
        }
        for (int i = 0; i < nt; i++)
          {
            int k = touched[i];
            count[k] = 0;
            sum[k * 3] = sum[k * 3 + 1] = sum[k * 3 + 2] = 0;
          }
      }
  /* Blocks unlike their surroundings. */
  first = g_memdup2 (bg->rgb, (gsize) bg->nx * bg->ny * 3);
  for (int by = 0; by < bg->ny; by++)
    for (int bx = 0; bx < bg->nx; bx++)
      {
        const guint8 *own = first + ((gsize) by * bg->nx + bx) * 3;
        const guint8 *nb[8];
        int n = 0, alike = 0, best = -1, best_votes = 0;
        for (int dy = -1; dy <= 1; dy++)
          for (int dx = -1; dx <= 1; dx++)
            if ((dx || dy) && bx + dx >= 0 && by + dy >= 0 && bx + dx < bg->nx
                && by + dy < bg->ny)
              nb[n++] = first + ((gsize) (by + dy) * bg->nx + bx + dx) * 3;
        for (int i = 0; i < n; i++)
          alike += colour_diff (own, nb[i]) <= STROKE_DIFF / 2;
        if (n < 3 || alike * 4 >= n)
          continue;
        for (int i = 0; i < n; i++)
          {
            int votes = 0;
            for (int j = 0; j < n; j++)
              votes += colour_diff (nb[i], nb[j]) <= STROKE_DIFF / 2;
            if (votes > best_votes)
              {
                best_votes = votes;
                best = i;
              }
          }
        if (best >= 0 && best_votes * 2 > n)
          memcpy (bg->rgb + ((gsize) by * bg->nx + bx) * 3, nb[best], 3);
      }
}

/* Over a board found in [x0, x1) × [y0, y1) (the copy's pixels) the
 * background is its card's colour, the commonest of the blocks whose
 * middles lie there; a block there of another colour whose next commonest
 * is the card's takes that. Those are blocks that a thick pipe's junction
 * fills more than half of, beside another (a tee over a tee): the
 * replacement in background_init leaves them, each having a neighbour
 * alike, and their pipes then were background over two tiles a side,
 * read as empty tiles with nothing in doubt (an 8×3 board at 49 px).
 * Beside the board (a round button, a title bar) nothing changes. */
static void
board_background (Background *bg, double x0, double y0, double x1, double y1)
{
  int B = bg->B;
  int bx0 = MAX (0, (int) ceil (x0 / B - 0.5)), by0 = MAX (0, (int) ceil (y0 / B - 0.5));
  int bx1 = MIN (bg->nx, (int) ceil (x1 / B - 0.5)), by1 = MIN (bg->ny, (int) ceil (y1 / B - 0.5));
  int w = bx1 - bx0, n = w * (by1 - by0), best = -1, best_votes = 0;
  guint8 card[3];

  if (w <= 0 || n < 3)
    return;
  for (int i = 0; i < n; i++)
    {
      const guint8 *a = bg->rgb + ((gsize) (by0 + i / w) * bg->nx + bx0 + i % w) * 3;
      int votes = 0;
      for (int j = 0; j < n; j++)
        votes += colour_diff (a, bg->rgb + ((gsize) (by0 + j / w) * bg->nx + bx0 + j % w) * 3)
                 <= STROKE_DIFF / 2;
      if (votes > best_votes)
        {
          best_votes = votes;
          best = i;
        }
    }
  if (best < 0 || best_votes * 2 <= n)
    return;
  memcpy (card, bg->rgb + ((gsize) (by0 + best / w) * bg->nx + bx0 + best % w) * 3, 3);
  for (int i = 0; i < n; i++)
    {
      gsize b = (gsize) (by0 + i / w) * bg->nx + bx0 + i % w;
      if (colour_diff (bg->rgb + b * 3, card) > STROKE_DIFF / 2 && bg->second[b * 4 + 3]
          && colour_diff (bg->second + b * 4, card) <= STROKE_DIFF / 2)
        memcpy (bg->rgb + b * 3, bg->second + b * 4, 3);
    }
}

/* The backgrounds a pixel of block (bx, by) is compared with: its own
 * and its eight neighbours', less near repeats (usually one or two
 * remain). Returns how many, into `out` (9 × 3 bytes). */
static int
block_colours (const Background *bg, int bx, int by, guint8 *out)
{
  int n = 0;

  for (int k = 0; k < 9; k++)
    {
      int u = bx + (k == 0 ? 0 : (k - 1) % 3 - 1), v = by + (k == 0 ? 0 : (k - 1) / 3 - 1);
      const guint8 *c;
      gboolean repeat = FALSE;
      if (u < 0 || v < 0 || u >= bg->nx || v >= bg->ny)
        continue;
      c = bg->rgb + ((gsize) v * bg->nx + u) * 3;
      for (int j = 0; j < n && !repeat; j++)
        repeat = colour_diff (c, out + 3 * j) <= STROKE_DIFF / 8;
      if (!repeat)
        {
          memcpy (out + 3 * n, c, 3);
          n++;
        }
    }
  return n;
}

/* The stroke mask of [x0, x1) × [y0, y1) of `img` (`scale` times the size
 * of the background's picture). */
static guint8 *
stroke_mask (const HbImage *img, const Background *bg, int scale, int x0, int y0, int x1,
             int y1)
{
  int w = x1 - x0, h = y1 - y0;
  guint8 *raw = g_malloc0 ((gsize) w * h);

  int side = bg->B * scale;
  g_autofree guint8 *cols = g_new (guint8, (gsize) bg->nx * bg->ny * 27);
  g_autofree guint8 *ncol = g_new (guint8, (gsize) bg->nx * bg->ny);

  /* A pixel is a stroke when it is unlike the background of its block
   * and of every neighbouring block (so the card of a board on another
   * colour, or a status bar's edge, stays background). */
  for (int by = 0; by < bg->ny; by++)
    for (int bx = 0; bx < bg->nx; bx++)
      ncol[by * bg->nx + bx] = (guint8) block_colours (bg, bx, by,
                                                       cols + ((gsize) by * bg->nx + bx) * 27);
  for (int y = 0; y < h; y++)
    {
      const guint8 *p = hb_image_pixel (img, x0, y0 + y);
      guint8 *d = raw + (gsize) y * w;
      int by = MIN ((y0 + y) / side, bg->ny - 1);
      /* Block by block along the row. */
      for (int x = 0; x < w;)
        {
          int bx = MIN ((x0 + x) / side, bg->nx - 1);
          int end = bx == bg->nx - 1 ? w : MIN (w, (bx + 1) * side - x0);
          const guint8 *c = cols + ((gsize) by * bg->nx + bx) * 27;
          int n = ncol[by * bg->nx + bx];
          for (; x < end; x++, p += 3)
            {
              gboolean stroke = TRUE;
              for (int k = 0; k < n && stroke; k++)
                stroke = colour_diff (p, c + 3 * k) > STROKE_DIFF;
              d[x] = stroke;
            }
        }
    }
  return raw;
}

/* The stroke mask `raw` (w × h) thinned: a pixel counts only when its
 * four neighbours are strokes too, which drops hairlines (a board's
 * outline, faint grid lines) and keeps arms of 3 px and more; *share is
 * the share of the strokes it keeps. Where that is under THIN_KEEPS, the
 * arms are thinner than that and the board is looked for in `raw`
 * (loop_from_image): Hintboard draws its arms a fifth of a tile
 * wide, 2 px at tiles of 12 px when they lie between pixels, and a
 * solved level's arms there thinned away whole. What was left, the
 * junctions in the tiles' middles and a pixel or two where a faint grid
 * line crossed an arm, gave the lattice nothing to hold on: no piece was
 * a tile's drawing at the tile's size, one of half the size a quarter
 * tile off took them all (every tile of its on the true corners empty,
 * but the true lattice, doubled from there, kept no stroke on its
 * lines), and `loop-02-4x4` solved, drawn by `render` at 12 px, read as
 * a 7×7 board, exit 0 (review). A shrunk copy is not thinned: it has
 * no hairlines left to drop. */
static guint8 *
thin_mask (const guint8 *raw, int w, int h, double *share)
{
  guint8 *m = g_malloc0 ((gsize) w * h);
  gsize all = 0, kept = 0;

  for (gsize i = 0; i < (gsize) w * h; i++)
    all += raw[i];
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++)
      {
        gsize i = (gsize) y * w + x;
        m[i] = raw[i] && raw[i - 1] && raw[i + 1] && raw[i - w] && raw[i + w];
        kept += m[i];
      }
  *share = all > 0 ? kept / (double) all : 1;
  return m;
}

/* ---- Pieces ----------------------------------------------------------------- */

typedef struct {
  int  area;
  Box  box;
  int  good, bad;     /* pixels on the lattice's lines, at midpoints or not */
  gboolean keep;
} Piece;

/* Labels the 8-connected pieces of the mask: labels[i] is 0 off strokes,
 * else 1 + the piece's index in the returned array. */
static GArray *
find_pieces (const Mask *s, int *labels)
{
  int w = s->w, h = s->h, next = 1;
  GArray *parent = g_array_new (FALSE, FALSE, sizeof (int));
  GArray *pieces = g_array_new (FALSE, TRUE, sizeof (Piece));
  int *par, *root_index;
  int zero = 0;

  g_array_append_val (parent, zero);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        gsize i = (gsize) y * w + x;
        int nb[4], n = 0;
        if (!s->m[i])
          {
            labels[i] = 0;
            continue;
          }
        if (x > 0 && labels[i - 1])
          nb[n++] = labels[i - 1];
        if (y > 0)
          {
            if (x > 0 && labels[i - w - 1])
              nb[n++] = labels[i - w - 1];
            if (labels[i - w])
              nb[n++] = labels[i - w];
            if (x + 1 < w && labels[i - w + 1])
              nb[n++] = labels[i - w + 1];
          }
        if (n == 0)
          {
            labels[i] = next;
            g_array_append_val (parent, next);
            next++;
            continue;
          }
        par = (int *) (void *) parent->data;
        {
          int r = hb_vision_uf_find (par, nb[0]);
          for (int k = 1; k < n; k++)
            {
              int q = hb_vision_uf_find (par, nb[k]);
              if (q != r)
                {
                  if (q < r)
                    {
                      par[r] = q;
                      r = q;
                    }
                  else
                    par[q] = r;
                }
            }
          labels[i] = r;
        }
      }
  par = (int *) (void *) parent->data;
  root_index = g_new0 (int, next);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        gsize i = (gsize) y * w + x;
        int r;
        Piece *p;
        if (!labels[i])
          continue;
        r = hb_vision_uf_find (par, labels[i]);
        if (root_index[r] == 0)
          {
            Piece np = { 0, { x, y, x + 1, y + 1 }, 0, 0, TRUE };
            g_array_append_val (pieces, np);
            root_index[r] = (int) pieces->len;
          }
        labels[i] = root_index[r];
        p = &g_array_index (pieces, Piece, root_index[r] - 1);
        p->area++;
        p->box.x0 = MIN (p->box.x0, x);
        p->box.y0 = MIN (p->box.y0, y);
        p->box.x1 = MAX (p->box.x1, x + 1);
        p->box.y1 = MAX (p->box.y1, y + 1);
      }
  g_free (root_index);
  g_array_free (parent, TRUE);
  return pieces;
}

/* ---- The lattice -------------------------------------------------------------- */

typedef struct {
  double t, ox, oy;   /* tile size; a boundary line at ox + k t, oy + k t */
  double score;
  int good, bad;
} Lattice;

/* How far from a line (pixels) still counts as on it: arms that meet
 * nothing may stop a little short of their tile's side (Hintboard's own
 * drawing stops them 5 % of a tile short). */
static int
line_reach (double t)
{
  return MAX (1, (int) lround (0.1 * t));
}

/* The stroke pixels the lattice is fitted to, with their pieces. */
typedef struct {
  int *x, *y;
  int *piece;   /* index into the pieces */
  int  n;
} Points;

/* The pieces of a mask (find_pieces) and the lattice counts of each. */
typedef struct {
  const int *labels;   /* per mask pixel: 0, or 1 + piece index */
  Piece     *pc;
  int        np;
} Pieces;

/* How well a lattice keeps to "strokes cross boundaries only at
 * midpoints" over the box: each piece's pixels on the lines at midpoints
 * less 10 × those elsewhere, summed over the pieces where that is positive
 * (a piece that crosses the lines anywhere — text, a button — counts for
 * nothing, rather than against a lattice the board fits). Each piece's
 * counts are left in it; good_out and bad_out get the totals. `slack`:
 * pixels beyond the reach either side of a line that still count as on
 * it (grid_score: none). */
static double
grid_score_slack (const Pieces *P, const Points *pts, double t, double ox, double oy,
                  double slack, int *good_out, int *bad_out)
{
  int good = 0, bad = 0;
  double band = MAX (0.18, 2.0 / t), score = 0;
  double reach = (line_reach (t) + 0.5 + slack) / t;

  for (int i = 0; i < P->np; i++)
    P->pc[i].good = P->pc[i].bad = 0;
  double inv = 1.0 / t, ax = (0.5 - ox) * inv + 4096, ay = (0.5 - oy) * inv + 4096;

  for (int i = 0; i < pts->n; i++)
    {
      /* Positions in tiles, shifted to be positive so that a cast floors
       * (no piece lies 4096 tiles before the lattice's origin). */
      double fx = pts->x[i] * inv + ax, fy = pts->y[i] * inv + ay;
      Piece *p = &P->pc[pts->piece[i]];
      fx -= (int) fx;
      fy -= (int) fy;
      /* On a vertical line: at its midpoint when halfway along the tile. */
      if (fx <= reach || fx >= 1 - reach)
        {
          if (fabs (fy - 0.5) < band)
            p->good++;
          else
            p->bad++;
        }
      if (fy <= reach || fy >= 1 - reach)
        {
          if (fabs (fx - 0.5) < band)
            p->good++;
          else
            p->bad++;
        }
    }
  for (int i = 0; i < P->np; i++)
    {
      good += P->pc[i].good;
      bad += P->pc[i].bad;
      score += MAX (0, P->pc[i].good - 10 * P->pc[i].bad);
    }
  if (good_out)
    *good_out = good;
  if (bad_out)
    *bad_out = bad;
  /* Per pixel of line width: a bigger tile's wider lines count each
   * crossing over more pixels. */
  return score / (2 * line_reach (t) + 1);
}

static double
grid_score (const Pieces *P, const Points *pts, double t, double ox, double oy,
            int *good_out, int *bad_out)
{
  return grid_score_slack (P, pts, t, ox, oy, 0, good_out, bad_out);
}

/* Lattice phases (ox, oy), each in [0, t), under which the most stroke
 * pixels on the lines lie at midpoints and the fewest elsewhere (the
 * score grid_score sums, over all pieces at once). Every pixel falls in a
 * bin (x mod t, y mod t); a vertical line at phase ox holds the bins
 * within `wide` of ox, and whether a pixel on it is at a midpoint depends
 * on its bin against oy only; likewise across. So every (ox, oy) is
 * scored from the t × t bins, whatever the number of pixels. Fills up to
 * PHASES phases, best first among those apart, and returns how many. */
static int
phase_score (const int *hv, const int *hh, const int *W, int nb, int ux, int uy)
{
  const int *v = hv + ux * nb, *h = hh + uy * nb;
  const int *wy = W + nb - uy, *wx = W + nb - ux;
  int sc = 0;

  for (int r = 0; r < nb; r++)
    sc += v[r] * wy[r] + h[r] * wx[r];
  return sc;
}

/* How many phases best_phase offers. */
#define PHASES 3

static int
best_phase (const Points *pts, double t, int wide, double band, double *ox_out, double *oy_out)
{
  int nb = (int) ceil (t);
  g_autofree int *h0 = g_new0 (int, (gsize) nb * nb);
  g_autofree int *hv = g_new0 (int, (gsize) nb * nb);
  g_autofree int *hh = g_new0 (int, (gsize) nb * nb);
  g_autofree int *W = g_new (int, 2 * nb);

  for (int i = 0; i < pts->n; i++)
    {
      double u = pts->x[i] + 0.5, v = pts->y[i] + 0.5;
      int a = (int) (u - floor (u / t) * t), b = (int) (v - floor (v / t) * t);
      h0[MIN (a, nb - 1) * nb + MIN (b, nb - 1)]++;
    }
  /* hv[o][b]: pixels within `wide` of a vertical line at phase o, by
   * their row bin; hh[o][a]: of a horizontal line, by column bin. */
  wide = MIN (wide, (nb - 1) / 2);
  for (int d = -wide; d <= wide; d++)
    {
      int k = (d + nb) % nb;
      for (int r = 0; r < nb; r++)
        {
          hv[r] += h0[k * nb + r];
          hh[r] += h0[r * nb + k];
        }
    }
  for (int o = 1; o < nb; o++)
    {
      int in = (o + wide) % nb, out = (o - 1 - wide + nb) % nb;
      for (int r = 0; r < nb; r++)
        {
          hv[o * nb + r] = hv[(o - 1) * nb + r] + h0[in * nb + r] - h0[out * nb + r];
          hh[o * nb + r] = hh[(o - 1) * nb + r] + h0[r * nb + in] - h0[r * nb + out];
        }
    }
  /* W[nb + r]: the weight of a pixel r bins past a line; doubled so
   * that W + nb − phase reads it for bins 0..nb − 1 without a modulo. */
  for (int r = 0; r < nb; r++)
    W[r] = W[nb + r] = fabs ((r + 0.5) / t - 0.5) < band ? 1 : -4;
  /* Every phase on a coarse step; then every phase around each of the
   * few best that are apart (text or buttons beside the board can lift a
   * wrong phase over the true one: grid_score, judging piece by piece,
   * decides). */
  {
    int step = MAX (1, nb / 16);
    int top_sc[PHASES], top_x[PHASES], top_y[PHASES], ntop = 0;
    for (int ox = 0; ox < nb; ox += step)
      for (int oy = 0; oy < nb; oy += step)
        {
          int sc = phase_score (hv, hh, W, nb, ox, oy), k;
          gboolean near = FALSE;
          for (k = 0; k < ntop && !near; k++)
            {
              int dx = abs (ox - top_x[k]), dy = abs (oy - top_y[k]);
              dx = MIN (dx, nb - dx);
              dy = MIN (dy, nb - dy);
              if (dx <= 2 * step && dy <= 2 * step)
                {
                  near = TRUE;
                  if (sc > top_sc[k])
                    {
                      top_sc[k] = sc;
                      top_x[k] = ox;
                      top_y[k] = oy;
                    }
                }
            }
          if (near)
            continue;
          if (ntop < PHASES)
            k = ntop++;
          else
            {
              k = 0;
              for (int j = 1; j < PHASES; j++)
                if (top_sc[j] < top_sc[k])
                  k = j;
              if (top_sc[k] >= sc)
                continue;
            }
          top_sc[k] = sc;
          top_x[k] = ox;
          top_y[k] = oy;
        }
    for (int k = 0; k < ntop; k++)
      {
        int bx = top_x[k], by = top_y[k], bs = top_sc[k];
        /* Around the best, halving the step. */
        for (int st = MAX (1, step / 2);; st = (st + 1) / 2)
          {
            int cx = bx, cy = by;
            for (int dx = -st; dx <= st; dx += st)
              for (int dy = -st; dy <= st; dy += st)
                {
                  int ux = ((cx + dx) % nb + nb) % nb, uy = ((cy + dy) % nb + nb) % nb;
                  int sc = phase_score (hv, hh, W, nb, ux, uy);
                  if (sc > bs)
                    {
                      bs = sc;
                      bx = ux;
                      by = uy;
                    }
                }
            if (st == 1)
              break;
          }
        ox_out[k] = bx;
        oy_out[k] = by;
      }
    return ntop;
  }
}

/* The best phases for tile size t, each scored piece by piece; `best`
 * keeps the best lattice so far. */
static void
try_size (const Pieces *P, const Points *pts, const Box *b, double t, Lattice *best)
{
  double ox[PHASES], oy[PHASES];
  int n = best_phase (pts, t, line_reach (t), MAX (0.18, 2.0 / t), ox, oy);

  for (int k = 0; k < n; k++)
    {
      int good, bad;
      double sc;
      /* The lattice anchored just outside the strokes' box. */
      ox[k] -= ceil ((ox[k] - (b->x0 - 0.5 * t)) / t) * t;
      oy[k] -= ceil ((oy[k] - (b->y0 - 0.5 * t)) / t) * t;
      sc = grid_score (P, pts, t, ox[k], oy[k], &good, &bad);
      if (sc > best->score)
        *best = (Lattice) { t, ox[k], oy[k], sc, good, bad };
    }
}

/* Refines a lattice (origin, period) along one axis: each boundary is
 * looked for as the least stroke count within 15% of a tile of where the
 * lattice puts it (the middle of a flat stretch), and a line is fitted
 * through them. */
static void
fit_axis (const float *prof, int len, int lo, int hi, double *origin, double *period)
{
  double t = *period, sk = 0, sp = 0, skk = 0, skp = 0;
  int m = 0, k0 = (int) floor ((lo - *origin) / t), k1 = (int) ceil ((hi - *origin) / t);

  for (int k = k0; k <= k1; k++)
    {
      double want = *origin + k * t;
      int a = (int) (want - 0.15 * t), b = (int) (want + 0.15 * t);
      float best = G_MAXFLOAT;
      int first = -1, last = -1;
      if (a < 1 || b >= len - 1)
        continue;
      for (int x = a; x <= b; x++)
        {
          float v = prof[x - 1] + prof[x] + prof[x + 1];
          if (v < best - 0.5f)
            {
              best = v;
              first = last = x;
            }
          else if (v <= best + 0.5f && last == x - 1)
            last = x;
        }
      if (first < 0)
        continue;
      {
        double pos = (first + last) / 2.0;
        sk += k;
        sp += pos;
        skk += (double) k * k;
        skp += k * pos;
        m++;
      }
    }
  if (m >= 3)
    {
      double den = m * skk - sk * sk;
      if (den != 0)
        {
          double np = (m * skp - sk * sp) / den;
          if (fabs (np - t) < 0.1 * t)
            {
              *period = np;
              *origin = (sp - np * sk) / m;
            }
        }
    }
}

/* The lattice that best keeps to the midpoint rule over the strokes of
 * `s` in box `b` (`inset`: pixels the box lost each side to thinning). */
static gboolean
find_lattice (const Mask *s, const Pieces *P, const Points *pts, const Box *b, int inset,
              double hint, Lattice *out)
{
  int bw = b->x1 - b->x0, bh = b->y1 - b->y0;
  g_autofree float *cols = g_new0 (float, s->w);
  g_autofree float *rows = g_new0 (float, s->h);
  double cands[12], base[2] = { 0, 0 };
  int nc = 0;
  Lattice best = { 0, 0, 0, 0, 0, 0 };
  gboolean anchored = FALSE;

  if (bw < 8 || bh < 8)
    return FALSE;
  for (int y = b->y0; y < b->y1; y++)
    for (int x = b->x0; x < b->x1; x++)
      if (stroke_at (s, x, y))
        {
          cols[x - s->x0] += 1;
          rows[y - s->y0] += 1;
        }
  /* Candidate tile sizes: the autocorrelation peaks of both profiles, and
   * their halves and doubles. */
  {
    double tx = hb_vision_autocorrelation_period (cols + b->x0 - s->x0, bw, 6, MAX (7, bw));
    double ty = hb_vision_autocorrelation_period (rows + b->y0 - s->y0, bh, 6, MAX (7, bh));
    base[0] = tx;
    base[1] = ty;
    for (int k = 0; k < 2; k++)
      if (base[k] > 0)
        {
          cands[nc++] = base[k];
          cands[nc++] = base[k] / 2;
          cands[nc++] = base[k] * 2;
        }
    if (nc == 0)
      cands[nc++] = MAX (bw, bh);
    /* A size found before, with more on the picture around the board, is
     * only refined now. */
    if (hint > 0)
      {
        nc = 0;
        cands[nc++] = hint;
      }
  }
  /* Each candidate as it is; then around the two best of them (an
   * autocorrelation peak may be a few percent off), unless a size found
   * before is only refined; then to half a percent around the best
   * (refine_lattice takes it further). */
  {
    double score_of[12], top[2] = { 0, 0 };
    gboolean thirds = FALSE, quarters = FALSE;
    for (int c = 0; c < nc; c++)
      {
        Lattice one = { 0, 0, 0, 0, 0, 0 };
        score_of[c] = -1;
        if (cands[c] >= 6 && cands[c] <= 0.75 * MAX (bw, bh))
          {
            try_size (P, pts, b, cands[c], &one);
            score_of[c] = one.score;
            if (one.score > best.score)
              best = one;
          }
        /* A scrambled board may repeat more strongly every three or four
         * tiles than every one: loop-09-10x10 peaked at 3 and 4 tiles at
         * every size and style, no candidate was near the tile, the best
         * lattice had more stroke pixels off the midpoints than on them,
         * and the board was refused as no tile grid (review). Then the
         * thirds of the peaks are tried too; only then, as a lattice a
         * third of the tile aligned with the true one crosses
         * Hintboard's straight bars at its midpoints too, and on small
         * tiles (the midpoint band a few pixels wide) it won. */
        if (c == nc - 1 && hint <= 0 && !thirds && best.bad > best.good)
          {
            /* Once (review: with one peak, nc stayed small enough to add
             * them again after each). */
            thirds = TRUE;
            for (int k = 0; k < 2; k++)
              if (base[k] > 0)
                cands[nc++] = base[k] / 3;
          }
        /* The peaks are near in height every tile or few, and the
         * highest may be four tiles: a 12×12 board at 81 px (41 in the
         * shrunk copy) peaked at 162 on both axes, at 133 px at 266,
         * none of the sizes tried was near the tile, and they were
         * refused. So when no lattice is clean enough for board_box yet,
         * the quarters of the peaks are tried, where they are large
         * tiles; after the thirds only when both axes peak at the same
         * size, a whole number of tiles on each (a 12×12 board at 23 px
         * peaked at 3 and 5 tiles, a quarter of 5 tiles outscored the
         * thirds' 23, and it was refused; a dark one at 83 px peaked at
         * 4 tiles of the copy on both axes, its thirds were tried and
         * none came clean, the quarters were not, and it was refused,
         * "only one row or column of tiles"). Nor small: on an 8×3
         * board at 28 px a quarter near a third of the tile won, as the
         * thirds do, and it was refused. */
        if (c == nc - 1 && hint <= 0 && !quarters && best.bad * 5 > best.good
            && (!thirds || fabs (base[0] - base[1]) < 0.02 * MAX (base[0], base[1])))
          {
            quarters = TRUE;
            for (int k = 0; k < 2; k++)
              if (base[k] / 4 >= SAMPLE_MIN_TILE)
                cands[nc++] = base[k] / 4;
          }
      }
    for (int k = 0; k < 2 && hint <= 0; k++)
      {
        int bc = -1;
        for (int c = 0; c < nc; c++)
          if (score_of[c] > 0 && (bc < 0 || score_of[c] > score_of[bc]))
            bc = c;
        if (bc < 0)
          break;
        top[k] = cands[bc];
        score_of[bc] = -1;
        for (double f = 0.94; f <= 1.061; f += 0.02)
          if (f < 0.99 || f > 1.01)
            try_size (P, pts, b, top[k] * f, &best);
      }
  }
  if (best.t > 0)
    {
      double t0 = best.t;
      for (double f = 0.985; f <= 1.0151; f += 0.005)
        if (f < 0.999 || f > 1.001)
          try_size (P, pts, b, t0 * f, &best);
    }
  /* Where border tiles have arms pointing off the board (a scrambled
   * board nearly always does) and the game draws them to the tile's side,
   * the strokes' box is the board: a whole number of tiles on each axis,
   * anchored at its corner. */
  if (best.t > 0)
    {
      int ew = bw + 2 * inset, eh = bh + 2 * inset;
      double free_score = best.score;
      int free_tiles = (int) (ceil ((b->x1 - best.ox) / best.t - 0.08) - floor ((b->x0 - best.ox) / best.t + 0.08))
                       * (int) (ceil ((b->y1 - best.oy) / best.t - 0.08) - floor ((b->y0 - best.oy) / best.t + 0.08));
      for (int nx = MAX (1, (int) lround (ew / best.t) - 1); nx <= (int) lround (ew / best.t) + 1; nx++)
        for (int ny = MAX (1, (int) lround (eh / best.t) - 1); ny <= (int) lround (eh / best.t) + 1; ny++)
          {
            double tx = (double) ew / nx, ty = (double) eh / ny, tt = (tx + ty) / 2;
            int good, bad;
            double sc;
            if (fabs (tx - ty) > 0.03 * tt)
              continue;
            sc = grid_score (P, pts, tt, b->x0 - inset, b->y0 - inset, &good, &bad);
            /* Clean (no stroke off a midpoint) with fewer tiles: an exact
             * fit of the box beats a lattice that drifts a little and needs
             * an extra row and column to cover the strokes, even though
             * the drifting one, cutting arms just inside their tiles,
             * counts more stroke pixels on its lines. */
            if (sc > best.score
                || (sc >= 0.3 * free_score && bad * 50 <= good && nx * ny < free_tiles
                    && (!anchored || sc > best.score)))
              {
                best = (Lattice) { tt, b->x0 - inset, b->y0 - inset, sc, good, bad };
                anchored = TRUE;
              }
          }
    }
  if (best.t <= 0)
    return FALSE;
  if (!anchored)
    {
      /* Each boundary where the strokes are fewest, and a line through
       * them; kept when it keeps to the midpoint rule at least as well. */
      double tx = best.t, ox = best.ox, ty = best.t, oy = best.oy, tt, sc;
      fit_axis (cols, s->w, b->x0 - s->x0, b->x1 - s->x0, &ox, &tx);
      fit_axis (rows, s->h, b->y0 - s->y0, b->y1 - s->y0, &oy, &ty);
      tt = (tx + ty) / 2;
      sc = grid_score (P, pts, tt, ox + s->x0, oy + s->y0, NULL, NULL);
      if (sc >= best.score * 0.9)
        {
          best.score = sc;
          best.t = tt;
          best.ox = ox + s->x0;
          best.oy = oy + s->y0;
        }
      /* The phase to a pixel: shifts of up to a tenth of a tile. */
      {
        double ox0 = best.ox, oy0 = best.oy;
        int reach = MAX (1, (int) (best.t * 0.1));
        for (int dx = -reach; dx <= reach; dx++)
          {
            sc = grid_score (P, pts, best.t, ox0 + dx, best.oy, NULL, NULL);
            if (sc > best.score)
              {
                best.score = sc;
                best.ox = ox0 + dx;
              }
          }
        for (int dy = -reach; dy <= reach; dy++)
          {
            sc = grid_score (P, pts, best.t, best.ox, oy0 + dy, NULL, NULL);
            if (sc > best.score)
              {
                best.score = sc;
                best.oy = oy0 + dy;
              }
          }
      }
      best.score = grid_score (P, pts, best.t, best.ox, best.oy, &best.good, &best.bad);
    }
  *out = best;
  return TRUE;
}

/* Sets the lattice by the arms themselves: an arm crosses a boundary with
 * its middle on the boundary's midpoint, so the middles of the crossings
 * on the horizontal lines, column by column, lie at ox + (k + ½) t, and
 * those on the vertical lines at oy + (k + ½) t. A least-squares line
 * through them (weighted by the pixels) gives the size and phase to a
 * fraction of a pixel, where the search above stops at about one. Only
 * the pieces `use` allows count; `slack` as for grid_score_slack; a size
 * more than `limit` (a fraction) off the lattice's is not taken, unless
 * both axes agree on it (then up to 12 %). */
static void
refine_lattice (const Pieces *P, const Points *pts, Lattice *lat, const guint8 *use,
                double slack, double limit)
{
  for (int iter = 0; iter < 2; iter++)
    {
      double t = lat->t, band = MAX (0.18, 2.0 / t);
      double reach = (line_reach (t) + 0.5 + slack) / t;
      double fit_t[2] = { 0, 0 }, fit_sp[2] = { 0, 0 }, fit_sk[2] = { 0, 0 };
      double weight[2] = { 0, 0 };
      int kmin[2] = { G_MAXINT, G_MAXINT }, kmax[2] = { G_MININT, G_MININT };
      g_autofree double *sum = NULL;
      g_autofree int *cnt = NULL;
      int span[2];

      for (int i = 0; i < pts->n; i++)
        if (use[pts->piece[i]])
          {
            int kx = (int) floor ((pts->x[i] + 0.5 - lat->ox) / t);
            int ky = (int) floor ((pts->y[i] + 0.5 - lat->oy) / t);
            kmin[0] = MIN (kmin[0], kx);
            kmax[0] = MAX (kmax[0], kx);
            kmin[1] = MIN (kmin[1], ky);
            kmax[1] = MAX (kmax[1], ky);
          }
      if (kmin[0] > kmax[0])
        return;
      span[0] = kmax[0] - kmin[0] + 1;
      span[1] = kmax[1] - kmin[1] + 1;
      sum = g_new0 (double, span[0] + span[1]);
      cnt = g_new0 (int, span[0] + span[1]);
      for (int i = 0; i < pts->n; i++)
        if (use[pts->piece[i]])
          {
            double px = pts->x[i] + 0.5, py = pts->y[i] + 0.5;
            double fx = (px - lat->ox) / t, fy = (py - lat->oy) / t;
            int kx = (int) floor (fx), ky = (int) floor (fy);
            fx -= kx;
            fy -= ky;
            /* On a horizontal line, near a column's middle. */
            if ((fy <= reach || fy >= 1 - reach) && fabs (fx - 0.5) < band)
              {
                sum[kx - kmin[0]] += px;
                cnt[kx - kmin[0]]++;
              }
            if ((fx <= reach || fx >= 1 - reach) && fabs (fy - 0.5) < band)
              {
                sum[span[0] + ky - kmin[1]] += py;
                cnt[span[0] + ky - kmin[1]]++;
              }
          }
      for (int axis = 0; axis < 2; axis++)
        {
          double sw = 0, sk = 0, sp = 0, skk = 0, skp = 0;
          int lines = 0;
          for (int j = 0; j < span[axis]; j++)
            {
              int c = cnt[(axis ? span[0] : 0) + j];
              double k = kmin[axis] + j + 0.5, pos;
              if (c < 3)
                continue;
              pos = sum[(axis ? span[0] : 0) + j] / c;
              sw += c;
              sk += c * k;
              sp += c * pos;
              skk += c * k * k;
              skp += c * k * pos;
              lines++;
            }
          if (lines >= 2 && sw * skk - sk * sk > 0)
            {
              fit_t[axis] = (sw * skp - sk * sp) / (sw * skk - sk * sk);
              fit_sp[axis] = sp;
              fit_sk[axis] = sk;
              weight[axis] = sw;
            }
        }
      {
        double nt = 0;
        if (weight[0] > 0 && weight[1] > 0)
          nt = (fit_t[0] * weight[0] + fit_t[1] * weight[1]) / (weight[0] + weight[1]);
        else if (weight[0] > 0)
          nt = fit_t[0];
        else if (weight[1] > 0)
          nt = fit_t[1];
        /* Only a refinement: a fit far from the lattice found is noise,
         * unless both axes' fits agree on it. On small boards the search
         * comes out a few percent small: an arm pointing off the board
         * stops short of its side, and a line pulled in onto its tip
         * counts all of it, so the outer lines close in. A 3×3 board at
         * 30 px was found at 28.3 px (35 at 32.4, 47 at 44.3), both
         * axes' crossings said 30.00 (35.00, 47.00), but 6 % was the
         * limit: the far tiles read off their arms, exit 0. */
        if (nt <= 0
            || fabs (nt - t) > (weight[0] > 0 && weight[1] > 0
                                && fabs (fit_t[0] - fit_t[1]) < 0.01 * nt ? MAX (limit, 0.12)
                                                                          : limit) * t)
          return;
        lat->t = nt;
        /* Each axis's origin from its own fit with the common size. */
        for (int axis = 0; axis < 2; axis++)
          if (weight[axis] > 0)
            {
              double o = (fit_sp[axis] - nt * fit_sk[axis]) / weight[axis];
              if (axis == 0)
                lat->ox = o;
              else
                lat->oy = o;
            }
      }
    }
  (void) P;
}

static int
cmp_float (const void *a, const void *b)
{
  float x = *(const float *) a, y = *(const float *) b;
  return x < y ? -1 : x > y;
}

/* ---- The arms ------------------------------------------------------------------ */

/* Fraction of stroke pixels in the band just inside side `dir` of the tile
 * at (x0, y0), away from the side's middle. */
static double
side_fill (const Mask *s, double x0, double y0, double t, int dir)
{
  int hits = 0, n = 0;
  double d0 = 0.03 * t, d1 = 0.12 * t;

  for (double a = 0.06; a < 0.94; a += MAX (1.0 / t, 0.01))
    {
      if (a > 0.3 && a < 0.7)
        continue;
      for (double d = d0; d <= d1; d += MAX (1.0, t * 0.03))
        {
          double px, py;
          switch (dir)
            {
            case HB_DIR_N: px = x0 + a * t; py = y0 + d; break;
            case HB_DIR_E: px = x0 + t - d; py = y0 + a * t; break;
            case HB_DIR_S: px = x0 + a * t; py = y0 + t - d; break;
            default:       px = x0 + d; py = y0 + a * t; break;
            }
          hits += stroke_at (s, (int) floor (px), (int) floor (py));
          n++;
        }
    }
  return n > 0 ? (double) hits / n : 0;
}

/* Fraction of depths, from the side of tile (x0, y0) inwards to 0.3 of a
 * tile, at which a stroke lies on the side's middle line (within 0.06 of
 * a tile): an arm runs in from the side (possibly stopping a little short
 * of it), while a ring or an arc only touches that line over a short
 * stretch of depth. */
static double
arm_depth (const Mask *s, double x0, double y0, double t, int dir)
{
  int hits = 0, n = 0;
  double half = MAX (1.0, 0.06 * t);

  for (double d = 0.03 * t; d <= 0.3 * t; d += MAX (1.0, t / 60))
    {
      gboolean any = FALSE;
      for (double a = -half; a <= half && !any; a += 1.0)
        {
          double px, py;
          switch (dir)
            {
            case HB_DIR_N: px = x0 + 0.5 * t + a; py = y0 + d; break;
            case HB_DIR_E: px = x0 + t - d; py = y0 + 0.5 * t + a; break;
            case HB_DIR_S: px = x0 + 0.5 * t + a; py = y0 + t - d; break;
            default:       px = x0 + d; py = y0 + 0.5 * t + a; break;
            }
          any = stroke_at (s, (int) floor (px), (int) floor (py));
        }
      hits += any;
      n++;
    }
  return n > 0 ? (double) hits / n : 0;
}

/* The width of the stroke across the middle line of side `dir`, a fifth
 * of a tile in from the side: the run of stroke pixels through the
 * middle (or the nearest within 0.06 of a tile). 0 when there is none. */
static double
arm_width (const Mask *s, double x0, double y0, double t, int dir)
{
  double d = 0.2 * t, half = MAX (1.0, 0.06 * t), best = 0;
  int cx, cy, ax, ay;

  switch (dir)
    {
    case HB_DIR_N: cx = (int) floor (x0 + 0.5 * t); cy = (int) floor (y0 + d); ax = 1; ay = 0; break;
    case HB_DIR_E: cx = (int) floor (x0 + t - d); cy = (int) floor (y0 + 0.5 * t); ax = 0; ay = 1; break;
    case HB_DIR_S: cx = (int) floor (x0 + 0.5 * t); cy = (int) floor (y0 + t - d); ax = 1; ay = 0; break;
    default:       cx = (int) floor (x0 + d); cy = (int) floor (y0 + 0.5 * t); ax = 0; ay = 1; break;
    }
  for (int o = 0; o <= (int) half && best == 0; o++)
    for (int sign = -1; sign <= 1 && best == 0; sign += 2)
      {
        int px = cx + sign * o * ax, py = cy + sign * o * ay, a = 0, b = 0;
        if (!stroke_at (s, px, py))
          continue;
        while (a < t && stroke_at (s, px - (a + 1) * ax, py - (a + 1) * ay))
          a++;
        while (b < t && stroke_at (s, px + (b + 1) * ax, py + (b + 1) * ay))
          b++;
        best = a + b + 1;
      }
  return best;
}

/* Reads the tile at (x0, y0): its arms (and each one's width, when
 * `width` is not NULL), whether it has strokes at all, and whether the
 * reading is in doubt. */
static guint8
read_tile (const Mask *s, double x0, double y0, double t, gboolean *doubt, gboolean *drawn,
           float *width)
{
  guint8 m = 0;
  int inside = 0;
  int step = MAX (1, (int) (t / 20));

  *doubt = FALSE;
  for (int dir = 0; dir < 4; dir++)
    {
      double f = arm_depth (s, x0, y0, t, dir);
      if (width != NULL)
        width[dir] = 0;
      if (f >= ARM_DEPTH)
        {
          m |= (guint8) (1u << dir);
          if (width != NULL)
            width[dir] = (float) arm_width (s, x0, y0, t, dir);
        }
      /* Just under the bar. */
      else if (f > ARM_DEPTH - 0.1)
        *doubt = TRUE;
      /* Strokes towards a side away from its middle: not this game's
       * drawing (or a misplaced grid). */
      if (side_fill (s, x0, y0, t, dir) > 0.25)
        *doubt = TRUE;
    }
  for (int v = (int) (y0 + t * 0.3); v < y0 + t * 0.7; v += step)
    for (int u = (int) (x0 + t * 0.3); u < x0 + t * 0.7; u += step)
      inside += stroke_at (s, u, v);
  if (m == 0 && inside > 0)
    *doubt = TRUE;
  *drawn = m != 0 || inside > 0;
  return m;
}

/* Whether a piece could be a tile's drawing at tile size t: every tile
 * draws one piece at least as large as an end (a ring and its short arm, or a
 * bar half a tile long), where a letter of text beside the board is
 * smaller than that (unless the tiles are tiny). */
static gboolean
tile_sized (const Piece *p, double t)
{
  return p->area >= 0.04 * t * t
         && MAX (p->box.x1 - p->box.x0, p->box.y1 - p->box.y0) >= 0.4 * t;
}

/* Whether a piece belongs to the board under a lattice (whose counts
 * grid_score left in it): it crosses the lines at midpoints and hardly
 * anywhere else, and it is a tile's drawing in size. */
static gboolean
piece_fits (const Piece *p, gboolean base, double t)
{
  return base && p->bad <= 1 + p->good / 10 && tile_sized (p, t);
}

/* The area of the pieces that fit a lattice of size t (grid_score left
 * their counts in them). */
static int
fitting_area (const Piece *pc, const guint8 *base, int np, double t)
{
  int area = 0;

  for (int i = 0; i < np; i++)
    if (piece_fits (&pc[i], base[i], t))
      area += pc[i].area;
  return area;
}

/* Whether piece i comes within a pixel more than grid_score's reach of
 * a boundary at its midpoint. An end's short arm pointing off the board
 * is drawn to 5 % of a tile short of the side, and the thinning of a
 * picture read unshrunk takes a pixel more off its tip: on tiles of 20 px
 * the tip then lay right at the edge of the reach, and whether it counted
 * turned on a twentieth of a pixel in the lattice's phase. The dark
 * drawing of loop-01-3x3 at 20 px lost its last column of ends that way
 * and read as 2×3, exit 0 (review). */
static gboolean
near_midpoint (const Pieces *P, int i, const Mask *s, const Lattice *lat)
{
  const Piece *p = &P->pc[i];
  double t = lat->t, band = MAX (0.18, 2.0 / t), reach = (line_reach (t) + 1.5) / t;

  for (int y = p->box.y0; y < p->box.y1; y++)
    for (int x = p->box.x0; x < p->box.x1; x++)
      {
        double fx, fy;
        if (P->labels[(gsize) y * s->w + x] != i + 1)
          continue;
        fx = (x + 0.5 - lat->ox) / t;
        fy = (y + 0.5 - lat->oy) / t;
        fx -= floor (fx);
        fy -= floor (fy);
        if (((fx <= reach || fx >= 1 - reach) && fabs (fy - 0.5) < band)
            || ((fy <= reach || fy >= 1 - reach) && fabs (fx - 0.5) < band))
          return TRUE;
      }
  return FALSE;
}

/* Whether a piece of the copy that reaches into the tiles [tx0, tx1) ×
 * [ty0, ty1) of the lattice crosses the lattice's lines away from their
 * midpoints, as grid_score judges (text, a round button: not tiles). */
static gboolean
strays_in (const GArray *pieces, const int *labels, int w, int h, const Lattice *lat, int tx0,
           int ty0, int tx1, int ty1)
{
  const Piece *pc = (const Piece *) (const void *) pieces->data;
  double t = lat->t, band = MAX (0.18, 2.0 / t), reach = (line_reach (t) + 0.5) / t;

  for (guint i = 0; i < pieces->len; i++)
    {
      const Piece *p = &pc[i];
      double x0 = (p->box.x0 - lat->ox) / t, x1 = (p->box.x1 - lat->ox) / t;
      double y0 = (p->box.y0 - lat->oy) / t, y1 = (p->box.y1 - lat->oy) / t;
      int good = 0, bad = 0;
      if (p->area < 4 || x1 <= tx0 || x0 >= tx1 || y1 <= ty0 || y0 >= ty1
          || p->box.x0 <= 0 || p->box.y0 <= 0 || p->box.x1 >= w || p->box.y1 >= h)
        continue;
      for (int y = p->box.y0; y < p->box.y1; y++)
        for (int x = p->box.x0; x < p->box.x1; x++)
          {
            double fx, fy;
            if (labels[(gsize) y * w + x] != (int) i + 1)
              continue;
            fx = (x + 0.5 - lat->ox) / t;
            fy = (y + 0.5 - lat->oy) / t;
            fx -= floor (fx);
            fy -= floor (fy);
            if (fx <= reach || fx >= 1 - reach)
              {
                if (fabs (fy - 0.5) < band)
                  good++;
                else
                  bad++;
              }
            if (fy <= reach || fy >= 1 - reach)
              {
                if (fabs (fx - 0.5) < band)
                  good++;
                else
                  bad++;
              }
          }
      if (bad > 1 + good / 10)
        return TRUE;
    }
  return FALSE;
}

/* The board under a lattice (whose counts grid_score left in the pieces):
 * the tiles spanned by the kept pieces that reach a boundary at a
 * midpoint (a stroke pixel a few hundredths of a tile over a boundary is
 * the boundary's own antialiasing; an arm a pixel short of it reaches it
 * too: near_midpoint). FALSE when those pieces do not keep to the
 * midpoint rule. */
static gboolean
board_box (const Pieces *P, Lattice *lat, const Mask *s, Box *board)
{
  const Piece *pc = P->pc;
  Box box = { s->w, s->h, 0, 0 };

  lat->good = lat->bad = 0;
  for (int i = 0; i < P->np; i++)
    if (pc[i].keep && tile_sized (&pc[i], lat->t)
        && (pc[i].good > 0 || near_midpoint (P, i, s, lat)))
      {
        box.x0 = MIN (box.x0, pc[i].box.x0);
        box.y0 = MIN (box.y0, pc[i].box.y0);
        box.x1 = MAX (box.x1, pc[i].box.x1);
        box.y1 = MAX (box.y1, pc[i].box.y1);
        lat->good += pc[i].good;
        lat->bad += pc[i].bad;
      }
  if (box.x1 <= box.x0 || lat->good < 4 || lat->bad * 5 > lat->good)
    return FALSE;
  board->x0 = (int) floor ((box.x0 - lat->ox) / lat->t + 0.08);
  board->y0 = (int) floor ((box.y0 - lat->oy) / lat->t + 0.08);
  board->x1 = (int) ceil ((box.x1 - lat->ox) / lat->t - 0.08);
  board->y1 = (int) ceil ((box.y1 - lat->oy) / lat->t - 0.08);
  return TRUE;
}

/* The lattice refined by the board's own arms, and the board under it. */
static void
settle (const Pieces *P, const Points *pts, const guint8 *base, Lattice *lat, const Mask *s,
        Box *board)
{
  g_autofree guint8 *use = g_new0 (guint8, MAX (1, P->np));
  g_autofree guint8 *kept = g_new0 (guint8, MAX (1, P->np));
  Lattice before = *lat;
  Box b = *board;

  for (int i = 0; i < P->np; i++)
    kept[i] = P->pc[i].keep;
  grid_score (P, pts, lat->t, lat->ox, lat->oy, NULL, NULL);
  for (int i = 0; i < P->np; i++)
    use[i] = piece_fits (&P->pc[i], base[i], lat->t) && P->pc[i].good > 0;
  refine_lattice (P, pts, lat, use, 0, 0.06);
  /* Every piece judged again by the lattice refined: one that a lattice
   * a little off missed, at the far side of the board, comes in. */
  grid_score (P, pts, lat->t, lat->ox, lat->oy, NULL, NULL);
  for (int i = 0; i < P->np; i++)
    P->pc[i].keep = piece_fits (&P->pc[i], base[i], lat->t);
  if (!board_box (P, lat, s, board))
    {
      *lat = before;
      *board = b;
      for (int i = 0; i < P->np; i++)
        P->pc[i].keep = kept[i];
      grid_score (P, pts, lat->t, lat->ox, lat->oy, NULL, NULL);
      board_box (P, lat, s, board);
    }
}

/* Whether piece i is one of the board's under the lattice whose counts
 * grid_score left in the pieces, as board_box takes them. */
static gboolean
anchored (const Pieces *P, int i, const guint8 *base, const Mask *s, const Lattice *lat)
{
  const Piece *p = &P->pc[i];
  return piece_fits (p, base[i], lat->t) && (p->good > 0 || near_midpoint (P, i, s, lat));
}

/* The area of the pieces board_box would take under a lattice (whose
 * counts grid_score left in the pieces), each marked in `now`; -1 when
 * they do not keep to the midpoint rule as board_box asks, or when a
 * piece marked in `was` (unless NULL) is not among them. */
static int
anchored_area (const Pieces *P, const guint8 *base, const Mask *s, const Lattice *lat,
               const guint8 *was, guint8 *now)
{
  int area = 0, good = 0, bad = 0;

  for (int i = 0; i < P->np; i++)
    {
      now[i] = anchored (P, i, base, s, lat);
      if (was != NULL && was[i] && !now[i])
        return -1;
      if (now[i])
        {
          area += P->pc[i].area;
          good += P->pc[i].good;
          bad += P->pc[i].bad;
        }
    }
  /* As board_box asks of the board. */
  return good >= 4 && bad * 5 <= good ? area : -1;
}

/* One phase of widen_lattice's search: the candidates' area the lattice
 * keeps, and its score on their pixels; the best so far in the rest. */
static void
try_phase (const Pieces *P, const Points *sub, const guint8 *cand, double t, double ox,
           double oy, int *best_area, double *best_sc, double *best_x, double *best_y)
{
  double sc = grid_score (P, sub, t, ox, oy, NULL, NULL);
  int area = 0;

  for (int i = 0; i < P->np; i++)
    if (cand[i] && P->pc[i].good > 0 && P->pc[i].bad <= 1 + P->pc[i].good / 10)
      area += P->pc[i].area;
  if (area > *best_area || (area == *best_area && sc > *best_sc))
    {
      *best_area = area;
      *best_sc = sc;
      *best_x = ox;
      *best_y = oy;
    }
}

/* On a small board whose arms mostly stop short of their sides (ends,
 * few arms meeting) the midpoint rule hardly holds the lattice: one a
 * few percent off in size, or a seventh of a tile off in phase, cuts the
 * arms just inside their tiles, counts more stroke pixels on its lines
 * than the true one, and keeps all the board's pieces but one or two.
 * Those it left out were lost unsaid: a light 3×3 board at 80 and 130 px
 * read as 3×2, a bottom row of two ends out, and one at 100 px, the tile
 * found 7 % small, read with an arm lost, all exit 0. So when a piece of
 * a tile's size on the board or beside it is left out, sizes within 10 %
 * and every phase are tried, and a lattice that keeps every piece the
 * board has and more besides, still keeping to the midpoint rule, is
 * taken (the most area, then the best score), and settled. Not on tiles
 * under SAMPLE_MIN_TILE in the copy: there the lines beyond the pieces'
 * span are read at full resolution (loop_from_image), and a thinned
 * stub of a few pixels, left out, was kept by a lattice a tenth small
 * that read 3×3 boards at 12 px as 4×3. */
static void
widen_lattice (const Pieces *P, const Points *pts, const guint8 *base, const Mask *s,
               Lattice *lat, Box *board)
{
  g_autofree guint8 *cand = g_new0 (guint8, MAX (1, P->np));
  g_autofree guint8 *was = g_new0 (guint8, MAX (1, P->np));
  g_autofree guint8 *now = g_new0 (guint8, MAX (1, P->np));
  g_autofree int *sx = NULL, *sy = NULL, *spc = NULL;
  Points sub = { NULL, NULL, NULL, 0 };
  double t = lat->t;
  double rx0 = lat->ox + (board->x0 - 1) * t, ry0 = lat->oy + (board->y0 - 1) * t;
  double rx1 = lat->ox + (board->x1 + 1) * t, ry1 = lat->oy + (board->y1 + 1) * t;
  int cur, n_cand = 0, stride, best_area;
  gboolean missing = FALSE, found = FALSE;
  Lattice best = *lat;

  if (t < SAMPLE_MIN_TILE)
    return;
  grid_score (P, pts, lat->t, lat->ox, lat->oy, NULL, NULL);
  cur = anchored_area (P, base, s, lat, NULL, was);
  if (cur < 0)
    return;
  for (int i = 0; i < P->np; i++)
    {
      const Piece *p = &P->pc[i];
      cand[i] = base[i] && tile_sized (p, t) && p->box.x1 > rx0 && p->box.x0 < rx1
                && p->box.y1 > ry0 && p->box.y0 < ry1;
      missing |= cand[i] && !was[i];
      cand[i] |= was[i];
      if (cand[i])
        n_cand += p->area;
    }
  if (!missing)
    return;
  /* The search on a share of the candidates' pixels, each lattice found
   * judged on all of them. */
  stride = MAX (1, n_cand / 2000);
  sub.x = sx = g_new (int, n_cand / stride + 1);
  sub.y = sy = g_new (int, n_cand / stride + 1);
  sub.piece = spc = g_new (int, n_cand / stride + 1);
  for (int i = 0, k = 0; i < pts->n && sub.n <= n_cand / stride; i++)
    if (cand[pts->piece[i]] && k++ % stride == 0)
      {
        sub.x[sub.n] = pts->x[i];
        sub.y[sub.n] = pts->y[i];
        sub.piece[sub.n++] = pts->piece[i];
      }
  best_area = cur;
  for (int k = -10; k <= 10; k++)
    {
      double tt = t * (1 + 0.01 * k);
      double step = MAX (1.0, tt / 12);
      double pick_x = 0, pick_y = 0, pick_sc = -1;
      int pick_area = -1;
      /* Every phase on a coarse step, then around the best on halving
       * steps: most of the candidates' area kept (each piece crossing
       * lines at midpoints and hardly anywhere else), then the score. */
      for (double ox = 0; ox < tt; ox += step)
        for (double oy = 0; oy < tt; oy += step)
          try_phase (P, &sub, cand, tt, ox, oy, &pick_area, &pick_sc, &pick_x, &pick_y);
      for (double st = step / 2; st >= 0.5; st /= 2)
        {
          double cx = pick_x, cy = pick_y;
          for (int dx = -1; dx <= 1; dx++)
            for (int dy = -1; dy <= 1; dy++)
              if (dx != 0 || dy != 0)
                try_phase (P, &sub, cand, tt, cx + dx * st, cy + dy * st, &pick_area, &pick_sc,
                           &pick_x, &pick_y);
        }
      {
        Lattice l = { tt, pick_x, pick_y, 0, 0, 0 };
        int area;
        l.score = grid_score (P, pts, tt, pick_x, pick_y, &l.good, &l.bad);
        area = anchored_area (P, base, s, &l, was, now);
        if (area > best_area || (found && area == best_area && l.score > best.score))
          {
            best_area = area;
            best = l;
            found = TRUE;
          }
      }
    }
  if (!found)
    {
      grid_score (P, pts, lat->t, lat->ox, lat->oy, NULL, NULL);
      return;
    }
  *lat = best;
  grid_score (P, pts, lat->t, lat->ox, lat->oy, NULL, NULL);
  for (int i = 0; i < P->np; i++)
    P->pc[i].keep = piece_fits (&P->pc[i], base[i], lat->t);
  board_box (P, lat, s, board);
  settle (P, pts, base, lat, s, board);
}

/* Finds the board in the picture: its tile size and its top-left corner
 * (full resolution), and the number of tiles. */
static gboolean
locate (gboolean thinned, Mask *s, int *labels, GArray **pieces_out, Lattice *lat,
        Box *board, const char **why)
{
  GArray *pieces = find_pieces (s, labels);
  Piece *pc = (Piece *) (void *) pieces->data;
  int np = (int) pieces->len, kept = 0;
  g_autofree guint8 *km = g_malloc0 ((gsize) s->w * s->h);
  Mask ks = { km, s->w, s->h, s->x0, s->y0 };
  Box box = { s->w, s->h, 0, 0 };
  int inset = thinned ? 1 : 0;
  Pieces P = { labels, pc, np };
  Points pts = { NULL, NULL, NULL, 0 };
  g_autofree int *px = NULL, *py = NULL, *ppc = NULL;
  Points sub = { NULL, NULL, NULL, 0 };
  g_autofree int *sx = NULL, *sy = NULL, *spc = NULL;
  g_autofree guint8 *base = NULL;

  *pieces_out = pieces;
  /* Pieces touching the picture's edge, and specks, are out for good. */
  base = g_new0 (guint8, MAX (1, np));
  for (int i = 0; i < np; i++)
    {
      Piece *p = &pc[i];
      /* (Thinning took a pixel off each side of the picture.) */
      base[i] = p->keep = p->area >= 4 && p->box.x0 > inset && p->box.y0 > inset
                          && p->box.x1 < s->w - inset && p->box.y1 < s->h - inset;
      if (base[i])
        pts.n += p->area;
    }
  if (pts.n == 0)
    {
      *why = _("no strokes apart from the picture's edges");
      return FALSE;
    }
  pts.x = px = g_new (int, pts.n);
  pts.y = py = g_new (int, pts.n);
  pts.piece = ppc = g_new (int, pts.n);
  pts.n = 0;
  for (int y = 0; y < s->h; y++)
    for (int x = 0; x < s->w; x++)
      {
        int l = labels[(gsize) y * s->w + x];
        if (l && base[l - 1])
          {
            pts.x[pts.n] = x;
            pts.y[pts.n] = y;
            pts.piece[pts.n++] = l - 1;
          }
      }
  sub.x = sx = g_new (int, pts.n);
  sub.y = sy = g_new (int, pts.n);
  sub.piece = spc = g_new (int, pts.n);
  /* Fit a lattice to the pieces kept, judge every piece by it, and again
   * while the pieces kept change: the first fit, with text and buttons
   * still in, may be a little off, and a piece it left out wrongly comes
   * back under the next. */
  for (int round = 0; round < 3; round++)
    {
      int n_kept = 0, stride;
      gboolean changed = FALSE;
      box = (Box) { s->w, s->h, 0, 0 };
      kept = 0;
      memset (km, 0, (gsize) s->w * s->h);
      for (int i = 0; i < np; i++)
        if (pc[i].keep)
          {
            box.x0 = MIN (box.x0, pc[i].box.x0);
            box.y0 = MIN (box.y0, pc[i].box.y0);
            box.x1 = MAX (box.x1, pc[i].box.x1);
            box.y1 = MAX (box.y1, pc[i].box.y1);
            kept++;
            n_kept += pc[i].area;
          }
      if (kept == 0)
        {
          *why = _("no tile grid whose edges the strokes cross only at their middles");
          return FALSE;
        }
      /* The search looks at a fixed share of the pixels at most (every
       * k-th, spread over the whole box); the pieces are judged on all. */
      stride = MAX (1, n_kept / 6000);
      sub.n = 0;
      for (int i = 0, k = 0; i < pts.n; i++)
        if (pc[pts.piece[i]].keep)
          {
            km[(gsize) pts.y[i] * s->w + pts.x[i]] = 1;
            if (k++ % stride == 0)
              {
                sub.x[sub.n] = pts.x[i];
                sub.y[sub.n] = pts.y[i];
                sub.piece[sub.n++] = pts.piece[i];
              }
          }
      if (!find_lattice (&ks, &P, &sub, &box, inset, round > 0 ? lat->t : 0, lat))
        {
          *why = _("no tile grid whose edges the strokes cross only at their middles");
          return FALSE;
        }
      /* Judge each piece by the lattice: text, buttons and icons cross
       * its lines away from the midpoints. */
      grid_score (&P, &pts, lat->t, lat->ox, lat->oy, NULL, NULL);
      /* The lattice of half the tile size a quarter tile off (see the
       * end) is found on a share of the pixels and judged on all: at
       * 50 px its midpoint band, 0.18 of its 25 px, is a row narrower
       * than the arms (0.22 of the tile), each crossing has a row off
       * the midpoints, and judged so most pieces failed, the next fit
       * on the few left found no lattice or a wrong one, and 37 of 66
       * boards were refused. When a first lattice keeps less than half
       * of the strokes it was fitted to, its double is fitted too, and
       * taken if it keeps more (at sizes a few percent either way: the
       * half lattice's size may be that far off, and its double twice
       * that; 23.5 px found as 24.3 and doubled read a 4×4 board at
       * 47 px as one row). Its half likewise, after the doubles: where
       * no two arms meet and every arm stops short of its side, the
       * true lattice counts only the arms' tips, while one of twice the
       * tile, its midpoint band 0.36 of a true tile either way, takes
       * in the strokes around some tiles' middles and counts nothing
       * against the pieces it cuts elsewhere. A 4×4 board (seed 11),
       * eleven such tiles, was found at 160 px for 80, kept one piece,
       * and 19 of its 24 pictures at 40-150 px were refused. A half
       * taken that is itself the lattice of half the tile a quarter
       * off is doubled at the end, as when found first. */
      if (round == 0)
        {
          static const double factors[] = { 1.88, 1.92, 1.96, 2.00, 2.04, 2.08, 2.12,
                                            0.47, 0.49, 0.50, 0.51, 0.53 };
          int fit_area = fitting_area (pc, base, np, lat->t), best_area = fit_area;
          Lattice first = *lat, pick = *lat;
          for (guint f_i = 0; f_i < G_N_ELEMENTS (factors) && fit_area * 2 < n_kept; f_i++)
            {
              Lattice other;
              int area;
              if (!find_lattice (&ks, &P, &sub, &box, inset, factors[f_i] * first.t, &other))
                continue;
              grid_score (&P, &pts, other.t, other.ox, other.oy, NULL, NULL);
              area = fitting_area (pc, base, np, other.t);
              /* Between fits alike in area, the better score within
               * the doubles or within the halves. */
              if (area > best_area
                  || (area == best_area && pick.t != first.t
                      && (pick.t > first.t) == (other.t > first.t) && other.score > pick.score))
                {
                  best_area = area;
                  pick = other;
                }
            }
          *lat = pick;
          grid_score (&P, &pts, lat->t, lat->ox, lat->oy, NULL, NULL);
        }
      for (int i = 0; i < np; i++)
        {
          gboolean keep = piece_fits (&pc[i], base[i], lat->t);
          changed |= keep != pc[i].keep;
          pc[i].keep = keep;
        }
      if (!changed)
        break;
    }
  if (!board_box (&P, lat, s, board))
    {
      *why = _("no tile grid whose edges the strokes cross only at their middles");
      return FALSE;
    }
  settle (&P, &pts, base, lat, s, board);
  /* Hintboard draws arms as straight bars from the tile's middle, and a
   * lattice of half the tile size set a quarter tile off crosses every
   * one of them square in its middle too: it scores better than the true
   * one (which only matched arms cross) and reads as a board twice the
   * size with every other tile of every other row empty — the tiles on
   * the true lattice's corners. Such a board is the true one at twice the
   * size when that lattice keeps to the midpoint rule too. */
  {
    int tw = board->x1 - board->x0, th = board->y1 - board->y0;
    for (int qy = 0; qy < 2; qy++)
      for (int qx = 0; qx < 2; qx++)
        {
          int n = 0, drawn_n = 0;
          for (int y = qy; y < th; y += 2)
            for (int x = qx; x < tw; x += 2)
              {
                gboolean doubt, drawn;
                read_tile (&ks, lat->ox + (board->x0 + x) * lat->t,
                           lat->oy + (board->y0 + y) * lat->t, lat->t, &doubt, &drawn, NULL);
                n++;
                drawn_n += drawn;
              }
          /* (A few tiles of text or icons around the board may fall in
           * the empty class.) */
          if (n >= 2 && drawn_n * 6 <= n)
            {
              Lattice twice = { 2 * lat->t, lat->ox + (board->x0 + qx + 0.5) * lat->t,
                                lat->oy + (board->y0 + qy + 0.5) * lat->t, 0, 0, 0 };
              Box b2;
              /* With the slack near_midpoint allows: on small tiles an
               * arm that meets nothing stops short of the side by more
               * than the reach (5 % of a tile, and a pixel of thinning),
               * and a level's arms seldom meet. A 4×4 board at 13 px kept
               * 2 pixels on this lattice's lines, its half lattice's board
               * stood, and it read as 9×8, exit 0. */
              twice.score = grid_score_slack (&P, &pts, twice.t, twice.ox, twice.oy, 1.5,
                                              &twice.good, &twice.bad);
              /* The half lattice's size may be a little off, and its
               * double twice that: set it by the arms' crossings, with
               * the same slack, taking twice the usual change (a 3×3
               * board at 15 px was found at 7, doubled to 14, and read
               * with an arm lost, exit 0; in the dark style only one
               * axis had crossings enough, which said 15.00). */
              if (twice.score > 0)
                {
                  g_autofree guint8 *use = g_new0 (guint8, MAX (1, P.np));
                  for (int i = 0; i < P.np; i++)
                    use[i] = piece_fits (&pc[i], base[i], twice.t) && pc[i].good > 0;
                  refine_lattice (&P, &pts, &twice, use, 1.5, 0.12);
                  twice.score = grid_score_slack (&P, &pts, twice.t, twice.ox, twice.oy, 1.5,
                                                  &twice.good, &twice.bad);
                }
              if (twice.score > 0 && board_box (&P, &twice, s, &b2))
                {
                  *lat = twice;
                  *board = b2;
                  settle (&P, &pts, base, lat, s, board);
                  widen_lattice (&P, &pts, base, s, lat, board);
                  return TRUE;
                }
              /* board_box judged the pieces by the other lattice. The
               * next class with few tiles drawn is tried too: a dark
               * 12×12 board at 47 px, its half lattice a quarter tile
               * off, had a sixth of one class drawn, which passed, and
               * its double was half a tile off across; the class beside
               * it, with none drawn, gave the true lattice (it was
               * refused, "only one row or column of tiles"). */
              grid_score (&P, &pts, lat->t, lat->ox, lat->oy, NULL, NULL);
              board_box (&P, lat, s, board);
            }
        }
  }
  widen_lattice (&P, &pts, base, s, lat, board);
  return TRUE;
}

/* The share of the links between tiles (an arm met by its neighbour's)
 * that lie on rows and columns linked from one side of the board to the
 * other, and in *crossings the tiles where such a row and column cross
 * as a cross. A grid of squares (Enlight's lights, all off) reads its
 * gaps as arms on a lattice half a square off: every link lies on such
 * lines, every crossing inside is a cross. A level's pipes turn and end;
 * a ring round the board is linked side to side, but crosses nothing. */
static double
ruled_share (const guint8 *tiles, int w, int h, int *crossings)
{
  g_autofree guint8 *row = g_new0 (guint8, h);
  g_autofree guint8 *col = g_new0 (guint8, w);
  int links = 0, ruled = 0;

  *crossings = 0;
  for (int y = 0; y < h; y++)
    {
      int n = 0;
      for (int x = 0; x + 1 < w; x++)
        n += (tiles[y * w + x] & (1 << HB_DIR_E)) && (tiles[y * w + x + 1] & (1 << HB_DIR_W));
      links += n;
      row[y] = n == w - 1;
      ruled += row[y] ? n : 0;
    }
  for (int x = 0; x < w; x++)
    {
      int n = 0;
      for (int y = 0; y + 1 < h; y++)
        n += (tiles[y * w + x] & (1 << HB_DIR_S)) && (tiles[(y + 1) * w + x] & (1 << HB_DIR_N));
      links += n;
      col[x] = n == h - 1;
      ruled += col[x] ? n : 0;
    }
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      *crossings += row[y] && col[x] && tiles[y * w + x] == LOOP_KIND_CROSS;
  return links > 0 ? ruled / (double) links : 0;
}

HbState *
loop_from_image (const HbImage *img, HbImportReport *report, HbCancel *cancellable,
                 GError **error)
{
  int f = hb_vision_shrink_factor (img, HB_VISION_LOCATE_SIDE);
  const HbImage *small = hb_vision_shrunk (img, f);
  Background bg = { 0 };
  g_autofree guint8 *cm = NULL, *fm = NULL, *thin = NULL;
  g_autofree int *labels = NULL;
  g_autoptr(GArray) pieces = NULL;
  g_autofree guint8 *arms = NULL, *doubt = NULL;
  g_autofree float *widths = NULL;
  Mask cs, fs, *ss;
  Lattice lat;
  Box tiles;
  const char *why = NULL;
  double t, gx0, gy0;
  int tw, th, n_arms = 0, scale, cut_rows = 0;
  gboolean thinned = FALSE, located;
  int ext[4] = { 0, 0, 0, 0 };   /* lines read beyond the top, bottom, left, right */
  float median = 0;              /* the arms' width */
  LoopState *st;

  hb_import_report_clear (report);
  report->game = &loop_game;
  if (small == NULL)
    {
      hb_vision_no_board (error, _("Infinite Loop"), _("the picture is too small"));
      return NULL;
    }
  background_init (&bg, small, CLAMP (MIN (small->width, small->height) / 6, 16, 96));
  cm = stroke_mask (small, &bg, 1, 0, 0, small->width, small->height);
  if (f == 1)
    {
      double share;
      thin = thin_mask (cm, small->width, small->height, &share);
      if (share >= THIN_KEEPS)
        {
          g_free (cm);
          cm = g_steal_pointer (&thin);
          thinned = TRUE;
        }
    }
  cs = (Mask) { cm, small->width, small->height, 0, 0 };
  labels = g_new (int, (gsize) small->width * small->height);
  if (hb_vision_cancelled (cancellable, error))
    {
      background_clear (&bg);
      return NULL;
    }
  located = locate (thinned, &cs, labels, &pieces, &lat, &tiles, &why);
  /* Unthinned, only tiles of RAW_MIN_TILE to RAW_MAX_TILE are taken;
   * else the board is looked for in the thinned mask, as before. */
  if (thin != NULL && (!located || lat.t < RAW_MIN_TILE || lat.t >= RAW_MAX_TILE))
    {
      g_clear_pointer (&pieces, g_array_unref);
      g_free (cm);
      cm = g_steal_pointer (&thin);
      thinned = TRUE;
      cs = (Mask) { cm, small->width, small->height, 0, 0 };
      located = locate (thinned, &cs, labels, &pieces, &lat, &tiles, &why);
    }
  if (!located)
    {
      background_clear (&bg);
      hb_vision_no_board (error, _("Infinite Loop"), why);
      return NULL;
    }
  tw = tiles.x1 - tiles.x0;
  th = tiles.y1 - tiles.y0;
  if (tw < 1 || th < 1 || tw > HB_MAX_SIDE || th > HB_MAX_SIDE || (tw < 2 && th < 2))
    {
      background_clear (&bg);
      hb_vision_no_board (error, _("Infinite Loop"), _("no tile grid"));
      return NULL;
    }
  if (hb_vision_cancelled (cancellable, error))
    {
      background_clear (&bg);
      return NULL;
    }
  /* The board is the tiles the pieces kept span, and on small tiles a
   * line of ends alone can keep none: an end's ring thins away in the
   * copy, and its stub alone is too small to tell from a letter (at
   * 9-21 px a tile, a 6×6 board drawn by `render` lost a row that way
   * and read as 6×5, exit 0: review). So up to EXTRA_LINES lines beyond
   * each side, where the picture holds them, are read too, at full
   * resolution and without the thinning, and judged below. Not round a
   * single line of pieces: its lattice is too loosely fitted to read
   * past it (a 3×3 board with an empty row, 18 px a tile, read with a
   * wrong arm). Nor on tiles of SAMPLE_MIN_TILE px and more in the copy,
   * whose rings keep (no board drawn by `render` lost a line there), and
   * where a round button under the board read as an end (test-import). */
  board_background (&bg, lat.ox + tiles.x0 * lat.t, lat.oy + tiles.y0 * lat.t,
                    lat.ox + tiles.x1 * lat.t, lat.oy + tiles.y1 * lat.t);
  if (tw >= 2 && th >= 2 && lat.t < SAMPLE_MIN_TILE)
    {
      for (int n = 1; n <= EXTRA_LINES; n++)
        {
          ext[0] += lat.oy + (tiles.y0 - n) * lat.t >= 0;
          ext[1] += lat.oy + (tiles.y1 + n) * lat.t <= small->height;
          ext[2] += lat.ox + (tiles.x0 - n) * lat.t >= 0;
          ext[3] += lat.ox + (tiles.x1 + n) * lat.t <= small->width;
        }
      tiles.y0 -= ext[0];
      tiles.y1 += ext[1];
      tiles.x0 -= ext[2];
      tiles.x1 += ext[3];
      tw = tiles.x1 - tiles.x0;
      th = tiles.y1 - tiles.y0;
    }

  /* Sampling: in the copy when its tiles are big enough, else at full
   * resolution; over the board and half a tile around it, without the
   * thinning (which would shorten small arms by a pixel at each end). */
  {
    const HbImage *src = f > 1 && lat.t < SAMPLE_MIN_TILE ? img : small;
    int k = src == img ? f : 1;
    double T = lat.t * k;
    int x0 = (int) floor ((lat.ox + tiles.x0 * lat.t) * k - 0.5 * T);
    int y0 = (int) floor ((lat.oy + tiles.y0 * lat.t) * k - 0.5 * T);
    int x1 = (int) ceil ((lat.ox + tiles.x1 * lat.t) * k + 0.5 * T);
    int y1 = (int) ceil ((lat.oy + tiles.y1 * lat.t) * k + 0.5 * T);
    x0 = CLAMP (x0, 0, src->width);
    y0 = CLAMP (y0, 0, src->height);
    x1 = CLAMP (x1, x0, src->width);
    y1 = CLAMP (y1, y0, src->height);
    fm = stroke_mask (src, &bg, k, x0, y0, x1, y1);
    fs = (Mask) { fm, x1 - x0, y1 - y0, x0, y0 };
    ss = &fs;
    scale = k;
  }
  background_clear (&bg);
  /* Lattice in the sampled picture's pixels. */
  t = lat.t * scale;
  gx0 = (lat.ox + tiles.x0 * lat.t) * scale;
  gy0 = (lat.oy + tiles.y0 * lat.t) * scale;

  arms = g_new0 (guint8, (gsize) tw * th);
  doubt = g_new0 (guint8, (gsize) tw * th);
  widths = g_new0 (float, (gsize) 4 * tw * th);
  for (int y = 0; y < th; y++)
    for (int x = 0; x < tw; x++)
      {
        gboolean d, drawn;
        arms[y * tw + x] = read_tile (ss, gx0 + x * t, gy0 + y * t, t, &d, &drawn,
                                      widths + 4 * (y * tw + x));
        doubt[y * tw + x] = d ? 2 : drawn ? 1 : 0;
      }
  /* A board draws all its arms alike; a letter's stroke that crosses the
   * lattice at a midpoint (a title just over the board) is seldom as wide
   * as the pipes. Arms much narrower than most are not arms. (Wider ones
   * are: two arcs of a tee or a cross meet in one arm.) */
  {
    g_autofree float *all = g_new (float, (gsize) 4 * tw * th);
    int n = 0;
    for (int i = 0; i < 4 * tw * th; i++)
      if (widths[i] > 0)
        all[n++] = widths[i];
    if (n >= 4)
      {
        qsort (all, n, sizeof (float), cmp_float);
        median = all[n / 2];
        for (int i = 0; i < tw * th; i++)
          for (int dir = 0; dir < 4; dir++)
            {
              float wd = widths[4 * i + dir];
              if ((arms[i] & (1 << dir)) && wd < 0.55f * median - 1)
                {
                  arms[i] &= (guint8) ~(1u << dir);
                  doubt[i] = 2;
                }
              /* Nor is a blob a third of a tile across that reaches a
               * side: pipes are narrow (Hintboard's a fifth of a tile,
               * the game's a tenth, two of its arcs meeting in one arm a
               * fifth; measured 0.20-0.30 of a tile at 20-90 px, the
               * pixels antialiasing adds the most on small tiles). The
               * glow in the middle of each of Enlight's lights, all lit,
               * on the dark style at 90 px, read as an end pointing at
               * it from every tile of a lattice set half a light off:
               * an Infinite Loop board, exit 0 (review). */
              else if ((arms[i] & (1 << dir)) && wd > 0.34 * t + 1.5)
                doubt[i] = 2;
            }
      }
  }
  /* Rows and columns with no arm are not the board (a board's border
   * line with no tile drawn cannot be seen, and one with strokes but no
   * arm is text or an icon that happened to fit the lattice), and lines
   * with arms beyond them (a title, a status bar that fit the lattice in
   * places) are cut off too: the board is the run of lines between empty
   * ones (or ones mostly in doubt) that holds the most arms. A level
   * whose tiles leave a whole row or column empty falls apart into two,
   * and no picture tells those from a board beside a row of icons. */
  {
    int bx0 = 0, by0 = 0, bx1 = tw, by1 = th;
    /* Lines read beyond the pieces' span are the board's, from the
     * span outwards, while their tiles are read without doubt and one at
     * least has arms; the first that is not ends the board there (arms
     * read beyond it are said in the note below). */
    for (int side = 0; side < 4; side++)
      for (int n = 0; n < ext[side]; n++)
        {
          gboolean rows = side < 2;
          int k = side == 0 ? ext[0] - 1 - n : side == 1 ? th - ext[1] + n
                  : side == 2 ? ext[2] - 1 - n : tw - ext[3] + n;
          int sure = 0, doubtful = 0, drawn = 0;
          /* Rows along the span's columns, columns along the rows kept. */
          int jlo = rows ? ext[2] : by0, jhi = rows ? tw - ext[3] : by1;
          for (int j = jlo; j < jhi; j++)
            {
              int i = rows ? k * tw + j : j * tw + k;
              /* Beyond the pieces, arms at least half as wide as the
               * board's only (a round button's thin ring crossing a
               * tile's side read as an end: test-import). Three quarters
               * was too many: on tiles of 12 px an arm is 2-4 px wide in
               * the picture as its middle falls on a pixel or between
               * two, and a 3×3 board's bottom row, all 2 px against a
               * median of 4, was left out in doubt, unsaid: 3×2, exit 0. */
              for (int dir = 0; dir < 4; dir++)
                if ((arms[i] & (1 << dir)) && widths[4 * i + dir] < 0.5f * median)
                  doubt[i] = 2;
              sure += arms[i] != 0 && doubt[i] != 2;
              doubtful += doubt[i] == 2;
              drawn += doubt[i] != 0;
            }
          /* A piece there that crosses the lattice's lines anyhow (a round
           * button under the board read as an end) is not a tile. */
          if (sure > 0 && doubtful == 0
              && !strays_in (pieces, labels, cs.w, cs.h, &lat,
                             tiles.x0 + (rows ? jlo : k), tiles.y0 + (rows ? k : jlo),
                             tiles.x0 + (rows ? jhi : k + 1), tiles.y0 + (rows ? k + 1 : jhi)))
            continue;
          /* Past the board lies a margin: when strokes run on into the
           * line after the lines taken, they are something else's that
           * crosses the lattice (a round button under the board read as
           * ends in the line before it: test-import), and none is taken. */
          if (drawn > 0)
            n = 0;
          if (side == 0) by0 = ext[0] - n;
          else if (side == 1) by1 = th - ext[1] + n;
          else if (side == 2) bx0 = ext[2] - n;
          else bx1 = tw - ext[3] + n;
          break;
        }
    /* First, outer lines where most tiles drawn are in doubt: text or
     * icons beside the board cross its lattice anyhow. */
    for (gboolean cut = TRUE; cut;)
      {
        cut = FALSE;
        for (int side = 0; side < 4 && !cut; side++)
          {
            gboolean rows = side < 2;
            int k = side == 0 ? by0 : side == 1 ? by1 - 1 : side == 2 ? bx0 : bx1 - 1;
            int drawn = 0, doubtful = 0;
            if ((rows ? by1 - by0 : bx1 - bx0) <= 2)
              continue;
            for (int j = rows ? bx0 : by0; j < (rows ? bx1 : by1); j++)
              {
                guint8 d = rows ? doubt[k * tw + j] : doubt[j * tw + k];
                drawn += d > 0;
                doubtful += d == 2;
              }
            if (doubtful >= 2 && doubtful * 2 >= drawn)
              {
                cut = TRUE;
                if (side == 0) by0++;
                else if (side == 1) by1--;
                else if (side == 2) bx0++;
                else bx1--;
              }
          }
      }
    for (int pass = 0; pass < 4; pass++)
      {
        gboolean rows = pass % 2 == 0;
        int lo = rows ? by0 : bx0, hi = rows ? by1 : bx1;
        int best_lo = lo, best_hi = lo, best_n = 0, run_lo = lo, run_n = 0;
        for (int k = lo; k <= hi; k++)
          {
            int n = 0, drawn = 0, doubtful = 0;
            if (k < hi)
              for (int j = rows ? bx0 : by0; j < (rows ? bx1 : by1); j++)
                {
                  int i = rows ? k * tw + j : j * tw + k;
                  if (doubt[i] != 2)
                    n += __builtin_popcount (arms[i]);
                  drawn += doubt[i] > 0;
                  doubtful += doubt[i] == 2;
                }
            /* A line mostly in doubt (text crossing the lattice) parts
             * the board from what lies beyond it, as an empty one does. */
            if (doubtful >= 2 && doubtful * 2 >= drawn)
              n = 0;
            if (n > 0)
              {
                if (run_n == 0)
                  run_lo = k;
                run_n += n;
                continue;
              }
            if (run_n > best_n)
              {
                best_n = run_n;
                best_lo = run_lo;
                best_hi = k;
              }
            run_n = 0;
          }
        if (rows)
          {
            by0 = best_lo;
            by1 = best_hi;
          }
        else
          {
            bx0 = best_lo;
            bx1 = best_hi;
          }
      }
    if (bx1 - bx0 < 1 || by1 - by0 < 1)
      {
        /* Arms read but all in doubt (blobs rather than pipes) are not
         * "no arms". */
        gboolean doubtful = FALSE;
        for (int i = 0; i < tw * th && !doubtful; i++)
          doubtful = doubt[i] == 2 && arms[i] != 0;
        hb_vision_no_board (error, _("Infinite Loop"),
                            doubtful ? _("most tiles are not drawn as the game draws them")
                                     : _("no tiles with arms"));
        return NULL;
      }
    /* A single row or column of "tiles" is a row of buttons or icons
     * far more often than a level. */
    if (bx1 - bx0 < 2 || by1 - by0 < 2)
      {
        hb_vision_no_board (error, _("Infinite Loop"), _("only one row or column of tiles"));
        return NULL;
      }
    {
      int in_doubt = 0;
      for (int y = by0; y < by1; y++)
        for (int x = bx0; x < bx1; x++)
          in_doubt += doubt[y * tw + x] == 2;
      if (in_doubt * 2 > (bx1 - bx0) * (by1 - by0))
        {
          hb_vision_no_board (error, _("Infinite Loop"),
                              _("most tiles are not drawn as the game draws them"));
          return NULL;
        }
    }
    /* Lines with sure arms left out are said so: text beside the board
     * or a part of the board cut off by something over it look alike. */
    for (int y = 0; y < th; y++)
      for (int x = 0; x < tw; x++)
        if ((x < bx0 || x >= bx1 || y < by0 || y >= by1) && arms[y * tw + x] != 0
            && doubt[y * tw + x] != 2)
          {
            if (y < by0 || y >= by1)
              cut_rows |= 1;
            if (x < bx0 || x >= bx1)
              cut_rows |= 2;
          }
    /* So are lines cut off within the pieces' span that hold two tiles
     * in doubt or more: those pieces kept to the lattice as a board's do
     * (text beside a board seldom does). On tiles of 7 px an 8×3
     * board's first three columns read as strokes with no arm, in doubt,
     * and the board read as the other four, 4×3, nothing said; a 3×3
     * board at 30 px, dark, its lattice a quarter tile off on one axis,
     * read as 2×2 the same way. */
    {
      int lost_rows = 0, lost_cols = 0;
      for (int y = ext[0]; y < th - ext[1]; y++)
        for (int x = ext[2]; x < tw - ext[3]; x++)
          if ((x < bx0 || x >= bx1 || y < by0 || y >= by1) && doubt[y * tw + x] == 2)
            {
              lost_rows += y < by0 || y >= by1;
              lost_cols += x < bx0 || x >= bx1;
            }
      if (lost_rows >= 2)
        cut_rows |= 1;
      if (lost_cols >= 2)
        cut_rows |= 2;
    }
    st = loop_state_new (bx1 - bx0, by1 - by0);
    hb_import_report_set_grid (report, bx1 - bx0, by1 - by0, (gx0 + bx0 * t) * (f / scale),
                               (gy0 + by0 * t) * (f / scale), t * (f / scale), t * (f / scale));
    for (int y = by0; y < by1; y++)
      for (int x = bx0; x < bx1; x++)
        {
          guint8 m = arms[y * tw + x];
          int i = (y - by0) * (bx1 - bx0) + (x - bx0);
          st->tiles[i] = m;
          report->seen[i] = m ? 0x3060c0 : HB_SEEN_NOTHING;
          n_arms += __builtin_popcount (m);
          if (doubt[y * tw + x] == 2)
            hb_import_report_mark_unsure (report, x - bx0, y - by0);
        }
  }
  /* How sure this is Infinite Loop: strokes on the grid's lines at their
   * midpoints and nowhere else, few tiles in doubt, and the strokes over
   * the board nearly all in pieces that keep to the lattice (another
   * game's board may have a few shapes that fit one by chance). */
  {
    double bx0 = report->x0 / f, by0 = report->y0 / f;
    double bx1 = bx0 + report->width * report->cell_w / f;
    double by1 = by0 + report->height * report->cell_h / f;
    gsize fit = 0, all = 0, picture = 0;
    const Piece *pc = (const Piece *) (const void *) pieces->data;
    for (guint i = 0; i < pieces->len; i++)
      {
        double cx = (pc[i].box.x0 + pc[i].box.x1) / 2.0, cy = (pc[i].box.y0 + pc[i].box.y1) / 2.0;
        if (pc[i].area >= 4 && pc[i].box.x0 > 1 && pc[i].box.y0 > 1
            && pc[i].box.x1 < small->width - 1 && pc[i].box.y1 < small->height - 1)
          picture += pc[i].area;
        if (cx < bx0 || cx > bx1 || cy < by0 || cy > by1)
          continue;
        all += pc[i].area;
        if (pc[i].keep)
          fit += pc[i].area;
      }
    if (all > 0 && fit * 2 < all)
      {
        hb_state_free (&st->base);
        hb_vision_no_board (error, _("Infinite Loop"),
                            _("most shapes on the board do not keep to a tile grid"));
        return NULL;
      }
    report->score = 0.5 + 0.4 * lat.good / (double) (lat.good + lat.bad)
                    - 0.5 * report->n_unsure / (double) (report->width * report->height)
                    - 0.6 * (all > 0 ? 1.0 - (double) fit / all : 0)
                    /* A board is most of what a screenshot of the game
                     * draws; a few shapes that fit beside a board of
                     * another game are not. */
                    - 0.4 * (picture > 0 ? 1.0 - MIN (1.0, (double) fit / picture) : 0);
  }
  if (n_arms == 0)
    report->score = 0;
  /* The gaps of a grid of squares (Enlight's lights, all off) read as
   * arms half a square off, ruled straight across the board and crossing
   * as crosses: `detect` took two such drawings for sure Loop boards
   * (review). Kept, told the game, but under HB_IMPORT_MIN_SCORE (0.55):
   * not taken unasked. */
  {
    int crossings = 0;

    if (n_arms > 0 && ruled_share (st->tiles, report->width, report->height, &crossings) >= 0.5
        && crossings >= 2)
      {
        hb_import_report_note (report, "%s",
                               _("The arms read run straight across the whole board and cross "
                                 "there, as the lines of a grid do: the picture may show a grid "
                                 "of squares, not an Infinite Loop level."));
        report->score = MIN (report->score, HB_IMPORT_SEEMS_SCORE);
      }
  }
  /* Read unthinned (thin_mask), the arms could not be told from a grid's
   * lines: the gaps between the squares of Enlight's boards in greys,
   * `lights-05-6x6` drawn at 12 px, read as a sure 7×7 Loop board
   * (test-import). Such a reading is kept, told the game, but under
   * HB_IMPORT_MIN_SCORE, as the ruled grid above: guessed, it is offered
   * as "seems to show a board". */
  if (!thinned && f == 1)
    {
      hb_import_report_note (report, "%s",
                             _("The arms are drawn too thin to be told from the lines of a "
                               "grid: check the board against the picture."));
      report->score = MIN (report->score, HB_IMPORT_SEEMS_SCORE);
    }
  /* Where the picture's edge cuts through the board (the left half of a
   * screenshot read as a 2×6 board, nothing said: review). A scrambled
   * level has arms off its board, so those say it only where they run
   * into the picture's edge (a board cropped to a few pixels is not
   * cut); a tile cut in part is strokes from an edge 4 px to a tile
   * away to the board or into it (a status bar or a title there does not
   * reach the board). It was a fifth of a tile: a strip of 14 px of a
   * 126 px row, three arms running into it, read as a whole board
   * (review); whole boards with margins of 3 px and more still read
   * whole (src/games/crop-survey.py --frac 0.03,0.2). */
  {
    int w = report->width, h = report->height;
    double tile = report->cell_w, deep = 4.0;
    double room[4] = { report->y0, img->width - (report->x0 + w * tile),
                       img->height - (report->y0 + h * tile), report->x0 };
    double bx0 = report->x0 / f, by0 = report->y0 / f;
    double bx1 = bx0 + w * tile / f, by1 = by0 + h * tile / f;
    static const HbSide side_of[4] = { HB_SIDE_TOP, HB_SIDE_RIGHT, HB_SIDE_BOTTOM, HB_SIDE_LEFT };
    const Piece *pc = (const Piece *) (const void *) pieces->data;

    for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++)
        for (int d = 0; d < 4; d++)
          if ((st->tiles[y * w + x] & (1 << d))
              && ((d == HB_DIR_N && y == 0) || (d == HB_DIR_E && x == w - 1)
                  || (d == HB_DIR_S && y == h - 1) || (d == HB_DIR_W && x == 0))
              && room[d] < 2)
            report->cut |= side_of[d];
    for (guint i = 0; i < pieces->len; i++)
      {
        const Box *b = &pc[i].box;
        if (pc[i].area < 4)
          continue;
        if (room[0] < tile && room[0] > deep && b->y0 <= 1 && b->y1 >= by0 - 3 && b->x1 > bx0 && b->x0 < bx1)
          report->cut |= HB_SIDE_TOP;
        if (room[2] < tile && room[2] > deep && b->y1 >= small->height - 1 && b->y0 <= by1 + 3 && b->x1 > bx0 && b->x0 < bx1)
          report->cut |= HB_SIDE_BOTTOM;
        if (room[3] < tile && room[3] > deep && b->x0 <= 1 && b->x1 >= bx0 - 3 && b->y1 > by0 && b->y0 < by1)
          report->cut |= HB_SIDE_LEFT;
        if (room[1] < tile && room[1] > deep && b->x1 >= small->width - 1 && b->x0 <= bx1 + 3 && b->y1 > by0 && b->y0 < by1)
          report->cut |= HB_SIDE_RIGHT;
      }
    /* Then it was not text or icons beside the board that was left out. */
    if (report->cut & (HB_SIDE_TOP | HB_SIDE_BOTTOM))
      cut_rows &= ~1;
    if (report->cut & (HB_SIDE_LEFT | HB_SIDE_RIGHT))
      cut_rows &= ~2;
  }
  if (cut_rows != 0)
    {
      hb_import_report_note (report, "%s",
                             cut_rows == 1 ? _("Tiles with arms above or below the board were left out as text or icons; check its top and bottom rows.")
                             : cut_rows == 2 ? _("Tiles with arms left or right of the board were left out as text or icons; check its first and last columns.")
                             : _("Tiles with arms around the board were left out as text or icons; check its outer rows and columns."));
      report->score -= 0.1;
    }
  {
    /* What a player can check against the picture, as the other games
     * give their colours or lights: the tiles that have arms (the size
     * of a tile in pixels said nothing to a player). */
    int with_arms = 0;
    g_autofree char *detail = NULL;
    for (int i = 0; i < report->width * report->height; i++)
      with_arms += st->tiles[i] != 0;
    detail = g_strdup_printf (g_dngettext (NULL, "%d tile with arms", "%d tiles with arms",
                                           with_arms),
                              with_arms);
    hb_import_report_finish (report, _("Infinite Loop"), detail);
  }
  return &st->base;
}
