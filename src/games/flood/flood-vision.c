/* flood-vision.c: reading a Flood-It board from a screenshot.
 *
 * A Flood-It board is a lattice of flat coloured squares with no lines
 * between them, so its grid is where the colour jumps between steady
 * areas (hb_vision_find_cell_grid): every column boundary of the board
 * carries such jumps in most rows (five neighbours in six differ on a
 * six-colour board), while a digit drawn in a cell or a title is no
 * boundary between flat areas. Each cell's colour is the median of its
 * middle (a digit or a mark on it is outvoted), the colours are grouped
 * in Lab, and the groups are named by Hintboard's own palette when they
 * match it (a board drawn by Hintboard reads back with its own digits),
 * else numbered in order of first appearance.
 *
 * The move limit is read when the screen shows a move counter "N/M" as a
 * word of its own on a row of text above or below the board (within half
 * the board's size of it): digits and '/' recognised by
 * hb_vision_read_text, every glyph clearly. The limit for the board as
 * shown is M − N (the moves left). Anything less sure (no counter, a
 * glyph not recognised, two different counters) leaves it at 0 (none),
 * and the report says the limit was not read.
 */
#include "flood.h"
#include "hb-vision-digits.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#define SAME_COLOUR 14.0f
/* A cell whose colours spread less (ΔE) is one flat colour, a square of
 * Flood-It; more is something drawn in it, or no cell at all. */
#define FLAT_SPREAD 20.0f
/* The corners that tell a flat cell, this far out from its middle (in
 * cells, both ways). At 0.33 they lie a sixth of a cell from the edge,
 * where a JPEG's halved colour resolution bleeds the next cell in: the
 * 28x28 screenshot at 75 % and quality 70-80 read right with 127-195
 * cells unsure, and at 50 % (PNG too) it read a wrong board, rows cut off
 * as rough (review). At 0.27 every scale and quality tried (50-100 %,
 * quality 60-80 and PNG) reads the board exactly, with 0-79 cells unsure
 * (2026-12-01). How sure the picture is Flood-It still asks for flat
 * squares out to 0.33 (SQUARE_AT): Enlight's lights, rounded and a gap
 * apart, are flat to 0.27 at 20 px a cell, and were read as a Flood-It
 * board of two colours. */
#define CORNER_AT 0.27
#define SQUARE_AT 0.33

/* Cells of one colour group whose colours differ by more than this (ΔE,
 * on average from their group's mean) are no colour of Flood-It. */
#define MAX_DRIFT 2.5

/* Where either side of a line between cells its sharpness is read (in
 * cells from the line), and the sharpness a board of tiles has at least
 * (edge_sharpness). */
#define EDGE_AT 0.15
#define MIN_SHARPNESS 0.7

/* How far either side of a line between like cells a gap is looked for
 * (like_gap), in cells. */
#define LIKE_GAP_AT 0.12
#define LIKE_GAP 8.0
/* A line across which nothing should change shows this much (ΔE) and
 * more where it is drawn (line_between_alike): Flow Free's faint grid in
 * greys 3-6. */
#define BLANK_DRAWN 3.0

/* The mean ΔE of the flat cells from the mean colour of their group. */
static double
colour_drift (const HbLab *lab, const int *group, const float *spread, int n)
{
  g_autofree double *sum = g_new0 (double, 4 * (gsize) n);
  double drift = 0;
  int flat = 0;

  for (int i = 0; i < n; i++)
    if (spread[i] < FLAT_SPREAD)
      {
        double *g = sum + 4 * group[i];
        g[0] += lab[i].L;
        g[1] += lab[i].a;
        g[2] += lab[i].b;
        g[3]++;
      }
  for (int i = 0; i < n; i++)
    if (spread[i] < FLAT_SPREAD)
      {
        const double *g = sum + 4 * group[i];
        HbLab mean = { (float) (g[0] / g[3]), (float) (g[1] / g[3]), (float) (g[2] / g[3]) };
        drift += hb_lab_distance (&mean, &lab[i]);
        flat++;
      }
  return flat > 0 ? drift / flat : 0;
}

/* Colours this far apart (ΔE) and more are told apart by the eye, and
 * by a screenshot's exact pixels, though SAME_COLOUR groups them as one. */
#define TELL_APART 3.0f
/* Two sets of cells are two colours when their means lie this many times
 * further apart than their cells lie (RMS) from their own set's mean. */
#define APART_BY_NOISE 8.0

/* Which groups hold two colours the picture keeps apart. Flood-It's
 * colours are far apart, each drawn exactly; a copy of the screenshot in
 * greys, sepia or faded (review) brings some within SAME_COLOUR of each
 * other, and the board was read in fewer colours than it has, sure of
 * it. A group's flat cells are grouped again, cells TELL_APART or more
 * from each other apart: two colours when two of those sets hold a
 * tenth of the cells at least (and three), and their means lie
 * APART_BY_NOISE times further apart than those sets' cells from their
 * own set's mean (RMS). A JPEG's noise spreads one colour's cells as
 * far as that (ΔE 3-8 between the sets at 30-45 % of the 28x28
 * screenshot, 2-3 times the noise; exact colours 38 times and more).
 * Sets `merged[g]`; returns how many cells the merged groups hold. */
static int
merged_groups (const HbLab *lab, const int *group, const float *spread, int n, int k,
               gboolean *merged)
{
  g_autofree HbLab *of = g_new (HbLab, MAX (n, 1));
  g_autofree int *sub = g_new (int, MAX (n, 1));
  g_autofree double *sum = g_new (double, 4 * (gsize) MAX (n, 1));
  int cells = 0;

  for (int g = 0; g < k; g++)
    {
      int m = 0, all = 0, ks, big = 0, in_big = 0, least;
      double d2 = 0, apart = G_MAXDOUBLE, noise;

      merged[g] = FALSE;
      for (int i = 0; i < n; i++)
        if (group[i] == g)
          {
            all++;
            if (spread[i] < FLAT_SPREAD)
              of[m++] = lab[i];
          }
      if (m < 6)
        continue;
      ks = hb_vision_cluster (of, m, TELL_APART, sub);
      if (ks < 2)
        continue;
      least = MAX (3, m / 10);   /* cells in a set that counts */
      /* Each set's mean (sum[4q..4q+2]) and size (sum[4q+3]). */
      memset (sum, 0, sizeof (double) * 4 * (gsize) ks);
      for (int i = 0; i < m; i++)
        {
          double *q = sum + 4 * sub[i];
          q[0] += of[i].L;
          q[1] += of[i].a;
          q[2] += of[i].b;
          q[3]++;
        }
      for (int q = 0; q < ks; q++)
        for (int c = 0; c < 3; c++)
          sum[4 * q + c] /= sum[4 * q + 3];
      for (int i = 0; i < m; i++)
        {
          const double *q = sum + 4 * sub[i];
          HbLab mean = { (float) q[0], (float) q[1], (float) q[2] };
          double d;

          if (q[3] < least)
            continue;
          d = hb_lab_distance (&of[i], &mean);
          d2 += d * d;
          in_big++;
        }
      for (int q = 0; q < ks; q++)
        {
          HbLab mq = { (float) sum[4 * q], (float) sum[4 * q + 1], (float) sum[4 * q + 2] };
          if (sum[4 * q + 3] < least)
            continue;
          big++;
          for (int r = 0; r < q; r++)
            if (sum[4 * r + 3] >= least)
              {
                HbLab mr = { (float) sum[4 * r], (float) sum[4 * r + 1], (float) sum[4 * r + 2] };
                apart = MIN (apart, hb_lab_distance (&mq, &mr));
              }
        }
      if (big < 2)
        continue;
      noise = sqrt (d2 / in_big);
      merged[g] = apart >= TELL_APART && apart >= APART_BY_NOISE * noise;
      if (merged[g])
        cells += all;
    }
  return cells;
}

/* The moves left by a counter "N/M" above or below the board, or 0. */
static int
read_move_limit (const HbImage *img, const HbGridAxis *ax, const HbGridAxis *ay,
                 const FloodState *s, HbImportReport *report)
{
  int w = s->base.width, h = s->base.height;
  double bx0 = ax->origin, by0 = ay->origin;
  double bx1 = bx0 + w * ax->period, by1 = by0 + h * ay->period;
  double reach = 0.5 * MAX (bx1 - bx0, by1 - by0), cell = ay->period;
  int min_h = 7, max_h = (int) MAX (14, MIN (0.2 * (by1 - by0), 6 * cell));
  int num = 0, den = 0, found = 0, limit = 0;

  for (int side = 0; side < 2 && found >= 0; side++)
    {
      double y0 = side == 0 ? by0 - reach : by1 + 0.3 * cell;
      double y1 = side == 0 ? by0 - 0.3 * cell : by1 + reach;
      int n, d, r;
      g_autoptr(GPtrArray) lines = hb_vision_read_text (img, (int) (bx0 - 0.1 * (bx1 - bx0)),
                                                        (int) y0,
                                                        (int) ceil (bx1 + 0.1 * (bx1 - bx0)),
                                                        (int) ceil (y1), min_h, max_h);
      r = hb_vision_find_fraction (lines, &n, &d);
      if (r < 0 || (r > 0 && found > 0 && (n != num || d != den)))
        found = -1;
      else if (r > 0)
        {
          found = 1;
          num = n;
          den = d;
        }
    }
  if (found > 0 && den >= 1 && num < den && den <= FLOOD_MAX_MOVE_LIMIT)
    limit = den - num;
  /* A count that cannot be this board's limit (a level number "3/50"
   * read as one): fewer moves than the colours left to flood, or more
   * than twice a greedy player's. */
  if (limit > 0)
    {
      gboolean present[FLOOD_MAX_COLOURS] = { FALSE };
      int lower = -1, n = w * h;
      g_autoptr(GByteArray) moves = g_byte_array_new ();
      for (int i = 0; i < n; i++)
        if (!present[s->cells[i]])
          {
            present[s->cells[i]] = TRUE;
            lower++;
          }
      flood_greedy_moves (s->cells, w, h, s->colours, 1, 0, NULL, moves);
      if (limit < lower || limit > 2 * (int) moves->len + 5)
        {
          hb_import_report_note (report, _("Move limit not read: the counter %d/%d does not fit this board; set the move limit by hand."),
                                 num, den);
          return 0;
        }
    }
  if (limit > 0 && num == 0)
    hb_import_report_note (report, _("Move limit %d (the counter reads %d/%d)."), limit, num, den);
  else if (limit > 0)
    hb_import_report_note (report, _("Move limit %d: the moves left by the counter %d/%d."),
                           limit, num, den);
  else if (found != 0)
    hb_import_report_note (report, _("Move limit not read: the move counter is unclear; set the move limit by hand."));
  else
    hb_import_report_note (report, _("Move limit not read: no move counter seen; set the move limit by hand."));
  return limit;
}

/* The middle of the cell centred on (cx, cy): its median colour, as Lab
 * and (when `rgb` is not NULL) as 0xRRGGBB. */
static void
cell_middle (const HbImage *img, double cx, double cy, double cell, HbLab *lab, guint32 *rgb)
{
  guint8 m[3];

  hb_vision_square_lab (img, cx, cy, cell * 0.3, lab, m);
  if (rgb != NULL)
    *rgb = ((guint32) m[0] << 16) | ((guint32) m[1] << 8) | m[2];
}

/* How far (ΔE) the cell's four corners, `at` of a cell out from its
 * middle both ways, differ from the middle `mid` at most: under
 * FLAT_SPREAD, a flat cell. `soft`, when not NULL, receives the same with
 * the colour (a, b) differences halved: a JPEG keeps the colour at half
 * the resolution, and the next cell's colour bleeds a sixth of a cell in
 * where the lightness does not. */
static float
corner_spread (const HbImage *img, double cx, double cy, double cell, double at, const HbLab *mid,
               float *soft)
{
  static const int kx[4] = { -1, 1, 1, -1 }, ky[4] = { -1, -1, 1, 1 };
  float sp = 0, half = 0;

  for (int c = 0; c < 4; c++)
    {
      HbLab q;

      /* (int) of the corner, then the square round it, as before. */
      hb_vision_square_lab (img, (int) (cx + kx[c] * cell * at), (int) (cy + ky[c] * cell * at),
                            cell * 0.06, &q, NULL);
      sp = MAX (sp, hb_lab_distance (&q, mid));
      q.a = (q.a + mid->a) / 2;
      q.b = (q.b + mid->b) / 2;
      half = MAX (half, hb_lab_distance (&q, mid));
    }
  if (soft != NULL)
    *soft = half;
  return sp;
}

/* How sharply the colour changes at the lattice's lines: over the pairs
 * of flat neighbouring cells of different colours, the difference (ΔE)
 * between two points just either side of their shared side (EDGE_AT of a
 * cell from it) against the difference between their middles, summed. A
 * board of flat tiles changes at the line: 0.75-1.0 for the screenshot at
 * 40-120 % and JPEG quality 50 to PNG, 0.98-1.0 for Hintboard's drawings;
 * a picture that shades smoothly changes all the way across (0.29-0.61
 * for ImageMagick's plasma, of which some levels were read as Flood-It
 * boards of 2x6 cells in 9 colours). 1 when no pair differs. */
static double
edge_sharpness (const HbImage *img, const HbGridAxis *ax, const HbGridAxis *ay, int w, int h,
                const HbLab *lab, const int *group, const float *spread)
{
  double across = 0, middles = 0;

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      for (int d = 0; d < 2; d++)
        {
          int i = y * w + x, j = d == 0 ? i + 1 : i + w;
          double ex, ey, ox, oy;
          HbLab side[2];

          if ((d == 0 && x + 1 >= w) || (d == 1 && y + 1 >= h) || group[i] == group[j]
              || spread[i] >= FLAT_SPREAD || spread[j] >= FLAT_SPREAD)
            continue;
          ex = ax->origin + (x + (d == 0 ? 1.0 : 0.5)) * ax->period;
          ey = ay->origin + (y + (d == 0 ? 0.5 : 1.0)) * ay->period;
          ox = d == 0 ? EDGE_AT * ax->period : 0;
          oy = d == 1 ? EDGE_AT * ay->period : 0;
          for (int k = 0; k < 2; k++)
            hb_vision_square_lab (img, (int) (k == 0 ? ex - ox : ex + ox),
                                  (int) (k == 0 ? ey - oy : ey + oy),
                                  MIN (ax->period, ay->period) * 0.05, &side[k], NULL);
          across += hb_lab_distance (&side[0], &side[1]);
          middles += hb_lab_distance (&lab[i], &lab[j]);
        }
  return middles > 0 ? across / middles : 1.0;
}

/* How far apart like neighbours lie: over the pairs of flat neighbouring
 * cells of one colour group, the colour most unlike the pair (ΔE from
 * their mean) on a scan across their shared side, LIKE_GAP_AT of a cell
 * either way, at its middle; the median of those for each group with
 * two such pairs or more, and the largest of the medians. Flood-It's
 * like neighbours run into each other, no line between them; Enlight's
 * lights lie a gap apart, the gap another colour (in greys, near one
 * kind of light: the other kind shows it). -1 when no group has two
 * pairs; `n_like` receives the number of like pairs. */
static double
like_gap (const HbImage *img, const HbGridAxis *ax, const HbGridAxis *ay, int w, int h, int k,
          const HbLab *lab, const int *group, const float *spread, int *n_like)
{
  double cell = MIN (ax->period, ay->period), widest = -1;
  g_autofree float *gaps = g_new (float, 2 * (gsize) w * h + 1);
  g_autofree int *of = g_new (int, 2 * (gsize) w * h + 1);
  int m = 0;

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      for (int d = 0; d < 2; d++)
        {
          int i = y * w + x, j = d == 0 ? i + 1 : i + w;
          double ex, ey;
          HbLab mean;
          float most = 0;

          if ((d == 0 && x + 1 >= w) || (d == 1 && y + 1 >= h) || group[i] != group[j]
              || spread[i] >= FLAT_SPREAD || spread[j] >= FLAT_SPREAD)
            continue;
          mean.L = (lab[i].L + lab[j].L) / 2;
          mean.a = (lab[i].a + lab[j].a) / 2;
          mean.b = (lab[i].b + lab[j].b) / 2;
          ex = ax->origin + (x + (d == 0 ? 1.0 : 0.5)) * ax->period;
          ey = ay->origin + (y + (d == 0 ? 0.5 : 1.0)) * ay->period;
          for (int t = (int) floor (-LIKE_GAP_AT * cell); t <= (int) ceil (LIKE_GAP_AT * cell); t++)
            {
              HbLab q;

              hb_vision_square_lab (img, d == 0 ? ex + t : ex, d == 1 ? ey + t : ey, cell * 0.03,
                                    &q, NULL);
              most = MAX (most, hb_lab_distance (&q, &mean));
            }
          of[m] = group[i];
          gaps[m++] = most;
        }
  *n_like = m;
  /* Sorted by group, then by gap. */
  for (int a = 1; a < m; a++)
    for (int b = a; b > 0 && (of[b - 1] > of[b] || (of[b - 1] == of[b] && gaps[b - 1] > gaps[b])); b--)
      {
        float t = gaps[b];
        int o = of[b];
        gaps[b] = gaps[b - 1];
        of[b] = of[b - 1];
        gaps[b - 1] = t;
        of[b - 1] = o;
      }
  for (int g = 0, a = 0; g < k; g++)
    {
      int b = a;
      while (b < m && of[b] == g)
        b++;
      if (b - a >= 2)
        widest = MAX (widest, (b - a) % 2 ? gaps[(a + b) / 2]
                                          : (gaps[(a + b) / 2 - 1] + gaps[(a + b) / 2]) / 2);
      a = b;
    }
  return widest;
}

/* Whether the line of cells just outside the lattice on `side` (0 left,
 * 1 right, 2 top, 3 bottom) is more of the board: inside the picture,
 * every cell flat to CORNER_AT, in two colours at least (a margin is
 * one), each like a cell of the line next to it inside (ΔE under
 * SAME_COLOUR). A row whose flooded colour runs along most of it draws
 * almost no lattice line, and the board was read a row short, without a
 * word (Hintboard's drawing of flood-02-5x5: review). */
static gboolean
line_beyond (const HbImage *img, const HbGridAxis *ax, const HbGridAxis *ay, int side)
{
  gboolean col = side < 2;
  int w = ax->lines - 1, h = ay->lines - 1, n = col ? h : w;
  int k = side == 0 ? -1 : side == 1 ? w : side == 2 ? -1 : h;
  int kin = side == 0 ? 0 : side == 1 ? w - 1 : side == 2 ? 0 : h - 1;
  double cell = (ax->period + ay->period) / 2;
  HbLab first = { 0, 0, 0 };
  gboolean two = FALSE;

  for (int t = 0; t < n; t++)
    {
      int x = col ? k : t, y = col ? t : k, xi = col ? kin : t, yi = col ? t : kin;
      double cx = ax->origin + (x + 0.5) * ax->period, cy = ay->origin + (y + 0.5) * ay->period;
      HbLab c, q;
      gboolean like = FALSE;

      if (cx - cell / 2 < 0 || cy - cell / 2 < 0 || cx + cell / 2 > img->width
          || cy + cell / 2 > img->height)
        return FALSE;
      cell_middle (img, cx, cy, cell, &c, NULL);
      if (corner_spread (img, cx, cy, cell, CORNER_AT, &c, NULL) >= FLAT_SPREAD)
        return FALSE;
      /* Like some cell of the line inside. */
      for (int u = 0; u < n && !like; u++)
        {
          int xu = col ? xi : u, yu = col ? u : yi;

          cell_middle (img, ax->origin + (xu + 0.5) * ax->period,
                       ay->origin + (yu + 0.5) * ay->period, cell, &q, NULL);
          like = hb_lab_distance (&q, &c) < SAME_COLOUR;
        }
      if (!like)
        return FALSE;
      if (t == 0)
        first = c;
      else if (hb_lab_distance (&first, &c) >= SAME_COLOUR)
        two = TRUE;
    }
  return two;
}

/* Whether the lattice has a line drawn between like cells: a line where
 * a scan across it (as like_gap's) shows another colour, BLANK_DRAWN or
 * more, between most of the pairs of flat neighbouring cells alike (ΔE
 * under SAME_COLOUR) along it, two at least. Flood-It's like cells run
 * into each other: such a line is another game's grid (Flow Free's, in
 * greys) or a gap between lights (Enlight's), and a lattice found across
 * blank lines (HB_GRID_BLANK_LINES), which only Flood-It's like
 * neighbours leave blank, is not to be trusted there. */
static gboolean
line_between_alike (const HbImage *img, const HbGridAxis *ax, const HbGridAxis *ay)
{
  int w = ax->lines - 1, h = ay->lines - 1;
  double cell = MIN (ax->period, ay->period);
  g_autofree HbLab *lab = NULL;
  g_autofree gboolean *flat = NULL;
  g_autofree float *gaps = NULL;

  if (w < 2 || h < 2 || w > HB_MAX_SIDE || h > HB_MAX_SIDE)
    return FALSE;
  lab = g_new (HbLab, (gsize) w * h);
  flat = g_new (gboolean, (gsize) w * h);
  gaps = g_new (float, MAX (w, h));
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        double cx = ax->origin + (x + 0.5) * ax->period, cy = ay->origin + (y + 0.5) * ay->period;
        int i = y * w + x;

        cell_middle (img, cx, cy, cell, &lab[i], NULL);
        flat[i] = corner_spread (img, cx, cy, cell, CORNER_AT, &lab[i], NULL) < FLAT_SPREAD;
      }
  /* d 0: the line right of column t; d 1: the line below row t. */
  for (int d = 0; d < 2; d++)
    for (int t = 0; t + 1 < (d == 0 ? w : h); t++)
      {
        int along = d == 0 ? h : w, m = 0;   /* m: the flat like pairs */

        for (int u = 0; u < along; u++)
          {
            int i = d == 0 ? u * w + t : t * w + u, j = d == 0 ? i + 1 : i + w;
            double ex = ax->origin + (d == 0 ? t + 1.0 : u + 0.5) * ax->period;
            double ey = ay->origin + (d == 0 ? u + 0.5 : t + 1.0) * ay->period;
            HbLab mean;
            float most = 0;

            if (!flat[i] || !flat[j] || hb_lab_distance (&lab[i], &lab[j]) >= SAME_COLOUR)
              continue;
            mean.L = (lab[i].L + lab[j].L) / 2;
            mean.a = (lab[i].a + lab[j].a) / 2;
            mean.b = (lab[i].b + lab[j].b) / 2;
            for (int o = (int) floor (-LIKE_GAP_AT * cell); o <= (int) ceil (LIKE_GAP_AT * cell); o++)
              {
                /* One pixel: a median would hide a line 1 px wide. */
                int px = (int) (d == 0 ? ex + o : ex), py = (int) (d == 1 ? ey + o : ey);
                HbLab q;

                if (px < 0 || py < 0 || px >= img->width || py >= img->height)
                  continue;
                hb_lab_from_rgb (hb_image_pixel (img, px, py), &q);
                most = MAX (most, hb_lab_distance (&q, &mean));
              }
            gaps[m++] = most;
          }
        if (m >= 2)
          {
            int over = 0;
            for (int u = 0; u < m; u++)
              over += gaps[u] >= BLANK_DRAWN;
            if (2 * over > m)
              return TRUE;
          }
      }
  return FALSE;
}

/* Whether the lattice axis `a` holds every line of `b`: b's period a
 * whole number q of a's, to 3 %, and b's lines on a's (b may have
 * skipped every other line of a board whose lines are faint). */
static gboolean
extends (const HbGridAxis *a, const HbGridAxis *b)
{
  double k = a->period > 0 ? (b->origin - a->origin) / a->period : -1;
  long q = a->period > 0 ? lround (b->period / a->period) : 0;

  return q >= 1 && fabs (b->period - q * a->period) <= 0.03 * b->period && k > -0.15
         && fabs (k - lround (k)) < 0.15 && lround (k) + (b->lines - 1) * q + 1 <= a->lines;
}

HbState *
flood_from_image (const HbImage *img, HbImportReport *report, HbCancel *cancellable,
                  GError **error)
{
  HbGridAxis ax = { 0 }, ay = { 0 }, tx = { 0 }, ty = { 0 };
  gboolean thin;
  int w, h, n, k, colours, differ = 0, pairs = 0, uniform = 0, merged_cells;
  gboolean merged[64] = { FALSE };
  double cell;
  g_autofree HbLab *lab = NULL;
  g_autofree int *group = NULL;
  g_autofree guint32 *rgb = NULL;
  g_autofree float *spread = NULL, *square = NULL, *soft = NULL;
  int index_of[64];
  FloodState *s;

  hb_import_report_clear (report);
  report->game = &flood_game;
  /* The lattice through thick, faint and blank lines (a board of two
   * colours draws few: see HbGridFlags), but for a line drawn between
   * like cells, which is no Flood-It board's: then as every reader finds
   * it. Hintboard's drawings of two-colour levels were read a few rows
   * or columns short, sure of it, the outline round the flooded region
   * taken for the board's edge (review). */
  thin = hb_vision_find_cell_grid (img, 5, 60, &tx, &ty);
  if (!thin)
    tx.lines = ty.lines = 0;   /* none */
  if (!hb_vision_find_cell_grid_flags (img, 5, 60, HB_GRID_THICK_LINES | HB_GRID_FAINT_LINES
                                       | HB_GRID_BLANK_LINES, &ax, &ay)
      || (thin && (!extends (&ax, &tx) || !extends (&ay, &ty)))
      || (thin && ax.lines == tx.lines && ay.lines == ty.lines)
      || line_between_alike (img, &ax, &ay))
    {
      /* Not the lattice found as every reader finds it, grown (a run
       * through faint lines can follow the letters of a phone's status
       * bar: review), the same lattice (then as before, to the pixel),
       * or not to be trusted. */
      ax = tx;
      ay = ty;
    }
  if (ax.lines == 0)
    {
      hb_vision_no_board (error, _("Flood-It"), _("no lattice of coloured squares"));
      return NULL;
    }
  cell = (ax.period + ay.period) / 2;
  /* Lines of the board the lattice stopped short of (see line_beyond). */
  if (ax.lines >= 3 && ay.lines >= 3 && fabs (ax.period - ay.period) <= 0.1 * cell)
    for (int side = 0, grown = 0; side < 4 && grown < 4; side++)
      if (line_beyond (img, &ax, &ay, side))
        {
          HbGridAxis *a = side < 2 ? &ax : &ay;
          if (side % 2 == 0)
            a->origin -= a->period;
          a->lines++;
          grown++;
          side--;   /* that side again */
        }
  w = ax.lines - 1;
  h = ay.lines - 1;
  if (w < 2 || h < 2 || w > HB_MAX_SIDE || h > HB_MAX_SIDE
      || fabs (ax.period - ay.period) > 0.1 * cell)
    {
      hb_vision_no_board (error, _("Flood-It"), _("no lattice of coloured squares"));
      return NULL;
    }
  if (hb_vision_cancelled (cancellable, error))
    return NULL;
  n = w * h;
  hb_import_report_set_grid (report, w, h, ax.origin, ay.origin, ax.period, ay.period);
  lab = g_new (HbLab, n);
  group = g_new (int, n);
  rgb = g_new (guint32, n);
  spread = g_new (float, n);
  square = g_new (float, n);
  soft = g_new (float, n);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        double cx = ax.origin + (x + 0.5) * ax.period, cy = ay.origin + (y + 0.5) * ay.period;
        int i = y * w + x;

        cell_middle (img, cx, cy, cell, &lab[i], &rgb[i]);
        /* A flat cell: its corners agree with its middle (and a square
         * does out to SQUARE_AT). */
        spread[i] = corner_spread (img, cx, cy, cell, CORNER_AT, &lab[i], NULL);
        square[i] = MAX (spread[i], corner_spread (img, cx, cy, cell, SQUARE_AT, &lab[i], &soft[i]));
        soft[i] = MAX (spread[i], soft[i]);
      }
  k = hb_vision_cluster (lab, n, SAME_COLOUR, group);
  /* A margin or frame one cell wide can continue the lattice: an outer
   * row or column all of one colour found nowhere else on the board is
   * not part of it. */
  {
    int bx0 = 0, by0 = 0, bx1 = w, by1 = h;
    gboolean trimmed = TRUE;
    g_autofree gboolean *inside = g_new (gboolean, n);   /* groups of flat inner cells */
    while (trimmed && bx1 - bx0 > 2 && by1 - by0 > 2)
      {
        trimmed = FALSE;
        for (int side = 0; side < 4 && !trimmed; side++)
          {
            gboolean col = side < 2;
            int fixed = side == 0 ? bx0 : side == 1 ? bx1 - 1 : side == 2 ? by0 : by1 - 1;
            int g0 = col ? group[by0 * w + fixed] : group[fixed * w + bx0];
            gboolean one = TRUE, elsewhere = FALSE;
            int rough = 0, cells_in = 0;
            /* An outer line of cells mostly not flat and mostly of
             * colours that no flat cell inside has (a title's letters
             * lined up over the board) is not part of it either. Rough
             * alone was not enough: scaled and through JPEG, the margin
             * or a frame bleeds into an outer line's corners, and the
             * real 28x28 screenshot at 55 % and quality 60 (ImageMagick's)
             * lost its top row (54 % rough, the inner cells 41 %), the
             * frame a cell below the board read as the last row: a 28x27
             * board, 307 cells unsure. Nor was being rougher than the
             * inner cells: a board row beside a dark frame is (54 %
             * against 14 %), and a title at 55 % and quality 40 is not
             * much (75 % against 60 %). */
            /* Inside: the middle half each way, clear of other lines
             * still to be cut (Hintboard's own drawing of a 9x9 board has
             * two rows of text and margin above it). */
            int foreign = 0, qx = (bx1 - bx0) / 4, qy = (by1 - by0) / 4;
            memset (inside, 0, sizeof (gboolean) * (gsize) n);
            for (int y = by0 + qy; y < by1 - qy; y++)
              for (int x = bx0 + qx; x < bx1 - qx; x++)
                if (spread[y * w + x] < FLAT_SPREAD)
                  inside[group[y * w + x]] = TRUE;
            for (int t = col ? by0 : bx0; t < (col ? by1 : bx1); t++)
              {
                int i = col ? t * w + fixed : fixed * w + t;
                rough += spread[i] >= FLAT_SPREAD;
                foreign += !inside[group[i]];
                cells_in++;
              }
            if (rough * 2 > cells_in && foreign * 2 > cells_in)
              {
                trimmed = TRUE;
                if (side == 0) bx0++;
                else if (side == 1) bx1--;
                else if (side == 2) by0++;
                else by1--;
                continue;
              }
            for (int t = col ? by0 : bx0; t < (col ? by1 : bx1) && one; t++)
              one = (col ? group[t * w + fixed] : group[fixed * w + t]) == g0;
            if (!one)
              continue;
            /* Elsewhere: inside the ring of outer cells (a frame runs
             * along two or more sides at once), and in the line's own
             * colour, not only in its group: a greyscale copy of the
             * 28x28 screenshot turned its yellow into a grey ΔE 9 from
             * the white margin a cell wide below and right of the board,
             * one group, and the margin was read as a 29th row and
             * column of yellow (review). */
            {
              HbLab mean = { 0, 0, 0 };
              int m = 0;
              for (int t = col ? by0 : bx0; t < (col ? by1 : bx1); t++)
                {
                  const HbLab *c = &lab[col ? t * w + fixed : fixed * w + t];
                  mean.L += c->L;
                  mean.a += c->a;
                  mean.b += c->b;
                  m++;
                }
              mean.L /= m;
              mean.a /= m;
              mean.b /= m;
              for (int y = by0 + 1; y < by1 - 1 && !elsewhere; y++)
                for (int x = bx0 + 1; x < bx1 - 1 && !elsewhere; x++)
                  if (group[y * w + x] == g0
                      && hb_lab_distance (&lab[y * w + x], &mean) < SAME_COLOUR / 2)
                    elsewhere = TRUE;
            }
            if (elsewhere)
              continue;
            trimmed = TRUE;
            if (side == 0) bx0++;
            else if (side == 1) bx1--;
            else if (side == 2) by0++;
            else by1--;
          }
      }
    if (bx0 != 0 || by0 != 0 || bx1 != w || by1 != h)
      {
        int nw = bx1 - bx0, nh = by1 - by0;
        for (int y = 0; y < nh; y++)
          for (int x = 0; x < nw; x++)
            {
              int from = (y + by0) * w + x + bx0, to = y * nw + x;
              lab[to] = lab[from];
              rgb[to] = rgb[from];
              spread[to] = spread[from];
              square[to] = square[from];
              soft[to] = soft[from];
            }
        ax.origin += bx0 * ax.period;
        ay.origin += by0 * ay.period;
        w = nw;
        h = nh;
        n = w * h;
        hb_import_report_set_grid (report, w, h, ax.origin, ay.origin, ax.period, ay.period);
        k = hb_vision_cluster (lab, n, SAME_COLOUR, group);
      }
  }
  /* The colours must show on flat squares: a board whose flat cells are
   * all one colour, the others only in cells with something drawn in them
   * (another game's dots on its background), is not Flood-It. */
  {
    int first = -1;
    gboolean two = FALSE;
    for (int i = 0; i < n && !two; i++)
      if (spread[i] < FLAT_SPREAD)
        {
          if (first < 0)
            first = group[i];
          else
            two = group[i] != first;
        }
    if (!two)
      k = MIN (k, 1);
  }
  if (k < 2)
    {
      hb_vision_no_board (error, _("Flood-It"), _("the squares are all one colour"));
      return NULL;
    }
  if (k > FLOOD_MAX_COLOURS || k > 64)
    {
      hb_vision_no_board (error, _("Flood-It"), _("more colours than the game has"));
      return NULL;
    }

  /* Name the groups by the palette when every group is near a distinct
   * palette colour (light or dark style), else in order of appearance. */
  {
    HbLab pal[2][FLOOD_MAX_COLOURS];
    HbLab mean[64];
    int count[64] = { 0 };
    gboolean used[FLOOD_MAX_COLOURS] = { FALSE };
    gboolean ok = TRUE;

    memset (mean, 0, sizeof mean);
    for (int i = 0; i < n; i++)
      {
        mean[group[i]].L += lab[i].L;
        mean[group[i]].a += lab[i].a;
        mean[group[i]].b += lab[i].b;
        count[group[i]]++;
      }
    for (int g = 0; g < k; g++)
      {
        mean[g].L /= count[g];
        mean[g].a /= count[g];
        mean[g].b /= count[g];
      }
    for (int d = 0; d < 2; d++)
      for (int c = 0; c < FLOOD_MAX_COLOURS; c++)
        {
          double v[3];
          guint8 b[3];
          flood_colour_rgb (c, d, v);
          for (int j = 0; j < 3; j++)
            b[j] = (guint8) lround (v[j] * 255);
          hb_lab_from_rgb (b, &pal[d][c]);
        }
    for (int g = 0; g < k && ok; g++)
      {
        int best = -1;
        float bd = 12.0f;
        for (int d = 0; d < 2; d++)
          for (int c = 0; c < FLOOD_MAX_COLOURS; c++)
            if (hb_lab_distance (&mean[g], &pal[d][c]) < bd)
              {
                bd = hb_lab_distance (&mean[g], &pal[d][c]);
                best = c;
              }
        if (best < 0 || used[best])
          ok = FALSE;
        else
          {
            used[best] = TRUE;
            index_of[g] = best;
          }
      }
    colours = 0;
    if (ok)
      for (int g = 0; g < k; g++)
        colours = MAX (colours, index_of[g] + 1);
    else
      {
        /* Another game's colours: each group takes one of the first k
         * palette colours (the level keeps k), the one nearest it with
         * the sum of the Lab distances least (a reviewer could not check
         * an imported board against the phone: purple had become orange,
         * red green). Subsets of the palette, by dynamic programming:
         * k <= 10, at most 1,024 of them. */
        float cost[1 << FLOOD_MAX_COLOURS];
        signed char pick[1 << FLOOD_MAX_COLOURS];
        int full = (1 << k) - 1;

        for (int m = 0; m <= full; m++)
          cost[m] = m == 0 ? 0.0f : G_MAXFLOAT;
        for (int m = 0; m < full; m++)
          {
            int g = __builtin_popcount ((unsigned) m);   /* the next group */
            if (cost[m] == G_MAXFLOAT)
              continue;
            for (int c = 0; c < k; c++)
              if (!(m & (1 << c)))
                {
                  float v = cost[m] + hb_lab_distance (&mean[g], &pal[0][c]);
                  if (v < cost[m | (1 << c)])
                    {
                      cost[m | (1 << c)] = v;
                      pick[m | (1 << c)] = (signed char) c;
                    }
                }
          }
        for (int m = full, g = k - 1; g >= 0; g--)
          {
            index_of[g] = pick[m];
            m &= ~(1 << pick[m]);
          }
        colours = k;
      }
    colours = MAX (colours, 2);
  }

  /* Two colours read as one (merged_groups): their cells are marked,
   * and the reading is not sure (below). */
  merged_cells = merged_groups (lab, group, spread, n, k, merged);
  if (merged_cells > 0)
    hb_import_report_note (report, _("Some colours are too alike to tell apart (is the picture in greys, or faded?): cells of two colours may have been read as one. Check the cells marked unsure against the game."));
  s = flood_state_new (w, h, colours);
  for (int i = 0; i < n; i++)
    {
      s->cells[i] = (guint8) index_of[group[i]];
      report->seen[i] = rgb[i];
      if (spread[i] >= FLAT_SPREAD || merged[group[i]])
        hb_import_report_mark_unsure (report, i % w, i / w);
      /* Squares flat to SQUARE_AT; the colour may bleed in (soft) on a
       * board of three colours or more: Enlight's look is two. */
      uniform += (k >= 3 ? soft[i] : square[i]) < FLAT_SPREAD;
    }
  s->move_limit = read_move_limit (img, &ax, &ay, s, report);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        /* Only flat cells speak for Flood-It here: a disc (another
         * game's dot, marked unsure above) on a board of one background
         * differs from its neighbours too. */
        if (spread[y * w + x] >= FLAT_SPREAD)
          continue;
        if (x + 1 < w && spread[y * w + x + 1] < FLAT_SPREAD)
          {
            pairs++;
            differ += group[y * w + x] != group[y * w + x + 1];
          }
        if (y + 1 < h && spread[(y + 1) * w + x] < FLAT_SPREAD)
          {
            pairs++;
            differ += group[y * w + x] != group[(y + 1) * w + x];
          }
      }
  /* How sure this is Flood-It: flat squares, neighbours often differing
   * (a random board of c colours differs in about (c − 1) / c of its
   * pairs; a board of mostly one background does not), more than two
   * colours (two is Enlight's look). */
  report->score = 0.3 + 0.4 * uniform / (double) n
                  + 0.3 * MIN (1.0, differ / (0.5 * MAX (pairs, 1)));
  if (k <= 2)
    report->score -= 0.3;
  /* Nor does it have nearly as many colours as cells: a few cells of a
   * smooth picture, each its own colour (ImageMagick's plasma read as
   * 2x3 cells in 5 colours, 2x6 in 9). */
  if (2 * k > n)
    report->score -= 0.5;
  /* A colour of Flood-It is one colour: its flat cells are alike to
   * within JPEG's noise (ΔE 0.4-0.5 from their colour's mean on a
   * Hintboard render at JPEG quality 40). A picture that shades smoothly
   * (a photograph, plasma noise) has flat-looking cells too, but the
   * cells grouped as one colour drift apart (ΔE 4-30 on average): such
   * a board was read as Flood-It with two cells unsure. Nor are two
   * colours one: a copy in greys read the 28x28 screenshot as 3 colours,
   * sure of it (merged_groups). */
  if (merged_cells > 0 || colour_drift (lab, group, spread, n) > MAX_DRIFT
      || edge_sharpness (img, &ax, &ay, w, h, lab, group, spread) < MIN_SHARPNESS)
    report->score -= 0.5;
  /* Flood-It's cells are flat: cells with something drawn in them (a
   * disc, a stroke) speak for another game. */
  report->score -= 0.6 * (1.0 - uniform / (double) n);
  /* Two colours of squares a gap apart is Enlight's look, not Flood-It's:
   * Flood-It's like neighbours run into each other (like_gap 0-4.7 on
   * the boards of two colours read surely, of Hintboard's drawings in
   * colour, greys, scaled and through JPEG, and of the screenshot's
   * copies; 7.6 at most on any), Enlight's lights do not (9-40 in greys),
   * and a board of two colours with no like neighbours at all is
   * Enlight's checkerboard, not a random Flood-It board. In greys the
   * Enlight reader refuses the light style (its lit lights near the
   * gap's grey), and Hintboard's own drawings of lights-04-6x6 and
   * others were read as a sure Flood-It board of two colours (review):
   * such a reading is offered as a doubtful one at most, under
   * HB_IMPORT_MIN_SCORE (0.55). */
  if (k <= 2)
    {
      int n_like;
      double gap = like_gap (img, &ax, &ay, w, h, k, lab, group, spread, &n_like);

      if (gap >= LIKE_GAP || (n_like == 0 && pairs >= 8))
        report->score = MIN (report->score, HB_IMPORT_SEEMS_SCORE);
    }
  {
    g_autofree char *detail = g_strdup_printf (g_dngettext (NULL, "%d colour", "%d colours", k), k);
    hb_import_report_finish (report, _("Flood-It"), detail);
  }
  return &s->base;
}
