/* loop-vision.c: reading an Infinite Loop board from a screenshot.
 *
 * The write-up read its boards by thresholding the picture and sampling
 * the midpoint of each tile's edges, with the tile size fixed in the code
 * (134 px) and the board assumed centred — its two named failures. Here
 * the same idea runs on a grid found in the picture:
 *
 *   1. Strokes: pixels far from the background colour (the most common
 *      one), whatever the theme.
 *   2. The tile size. A column through the middle of a tile column holds
 *      every vertical arm and ring of it; a column along a tile boundary
 *      holds only the horizontal arms crossing it, a stroke's width each.
 *      So the stroke count per column (and per row) repeats with the tile
 *      size: its autocorrelation gives candidates, and the phase where the
 *      count is smallest gives the boundaries.
 *   3. The check that decides between candidates: in this game a stroke
 *      crosses a tile's edge only at the edge's midpoint (arms end there,
 *      or pass on into the neighbour), so stroke pixels on the true
 *      boundaries sit at midpoints and nowhere else. The candidate grid
 *      whose boundary lines best keep to that wins.
 *   4. The arms: a tile has an arm towards a side when strokes cross a
 *      short band a little inside that side, near its middle. A ring (an
 *      end), an arc (a corner), a bar or a star of arcs (a cross) all
 *      reach the sides only there, so no drawing of a tile is assumed.
 *      Tiles with strokes but no arm, or strokes at a side away from its
 *      middle, are marked unsure.
 *
 * Empty rows or columns at the board's border cannot be seen (they draw
 * nothing): the board is the tiles the strokes span.
 */
#include "loop.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

typedef struct {
  const guint8 *mask;   /* 1 = stroke */
  int w, h;
  int bx0, by0, bx1, by1;   /* strokes' bounding box, [bx0, bx1) */
  double near;          /* how far from a line (in tiles) still counts as on it */
} Strokes;

static inline gboolean
stroke_at (const Strokes *s, int x, int y)
{
  return x >= 0 && y >= 0 && x < s->w && y < s->h && s->mask[(gsize) y * s->w + x];
}

/* The phase in [0, t) at which the profile, summed every t, is least: the
 * tile boundaries. */
static double
boundary_phase (const float *prof, int lo, int hi, double t)
{
  double best = 0, best_sum = G_MAXDOUBLE;
  int steps = MAX (8, (int) t);

  for (int k = 0; k < steps; k++)
    {
      double ph = t * k / steps, sum = 0;
      int m = 0;
      for (double x = lo + ph; x < hi; x += t)
        {
          int xi = (int) lround (x);
          /* A boundary line is a stroke's width of crossings: sample a
           * pixel either side too. */
          for (int d = -1; d <= 1; d++)
            if (xi + d >= 0 && xi + d < hi)
              sum += prof[xi + d];
          m++;
        }
      if (m > 0 && sum / m < best_sum)
        {
          best_sum = sum / m;
          best = ph;
        }
    }
  return best;
}

/* How well a grid keeps to "strokes cross boundaries only at midpoints":
 * pixels at midpoints − 4 × pixels elsewhere on the lines. */
static double
grid_score (const Strokes *s, double t, double ox, double oy, int *good_out, int *bad_out)
{
  int good = 0, bad = 0, lines = 0;
  double band = MAX (0.18, 2.0 / t);
  int wide = MAX (1, (int) (t * s->near));

  for (double x = ox; x <= s->bx1 + 1; x += t)
    {
      int xi = (int) lround (x);
      if (x < s->bx0 - 1)
        continue;
      lines++;
      for (int y = s->by0; y < s->by1; y++)
        for (int dx = -wide; dx <= wide; dx++)
          if (stroke_at (s, xi + dx, y))
            {
              double f = (y - oy) / t - floor ((y - oy) / t);
              if (fabs (f - 0.5) < band)
                good++;
              else
                bad++;
            }
    }
  for (double y = oy; y <= s->by1 + 1; y += t)
    {
      int yi = (int) lround (y);
      if (y < s->by0 - 1)
        continue;
      lines++;
      for (int x = s->bx0; x < s->bx1; x++)
        for (int dy = -wide; dy <= wide; dy++)
          if (stroke_at (s, x, yi + dy))
            {
              double f = (x - ox) / t - floor ((x - ox) / t);
              if (fabs (f - 0.5) < band)
                good++;
              else
                bad++;
            }
    }
  if (good_out)
    *good_out = good;
  if (bad_out)
    *bad_out = bad;
  return lines > 0 ? good - 4.0 * bad : -1;
}

/* Fraction of stroke pixels in the band just inside side `dir` of tile
 * (tx, ty), near the side's middle (`mid` TRUE) or away from it. */
static double
side_fill (const Strokes *s, double x0, double y0, double t, int dir, gboolean mid)
{
  int hits = 0, n = 0;
  double d0 = 0.03 * t, d1 = 0.12 * t;

  for (double a = mid ? 0.36 : 0.06; a < (mid ? 0.64 : 0.94); a += MAX (1.0 / t, 0.01))
    {
      if (!mid && a > 0.3 && a < 0.7)
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
          hits += stroke_at (s, (int) px, (int) py);
          n++;
        }
    }
  return n > 0 ? (double) hits / n : 0;
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

/* Fraction of depths, from the side of tile (x0, y0) inwards to 0.3 of a
 * tile, at which a stroke lies on the side's middle line (within 0.06 of
 * a tile): an arm runs in from the side (possibly stopping a little short
 * of it), while a ring or an arc only touches that line over a short
 * stretch of depth. */
static double
arm_depth (const Strokes *s, double x0, double y0, double t, int dir)
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
          any = stroke_at (s, (int) px, (int) py);
        }
      hits += any;
      n++;
    }
  return n > 0 ? (double) hits / n : 0;
}

static HbState *
loop_read (const HbImage *img, double near, HbImportReport *report, GCancellable *cancellable,
           GError **error)
{
  int w = img->width, h = img->height;
  g_autofree guint8 *mask = g_malloc0 ((gsize) w * h);
  g_autofree float *cols = g_new0 (float, w);
  g_autofree float *rows = g_new0 (float, h);
  guint8 bg[3];
  Strokes st = { mask, w, h, w, h, 0, 0, near };
  gsize count = 0;
  double cands[8];
  int nc = 0;
  double best_t = 0, best_ox = 0, best_oy = 0, best_score = 0;
  int best_good = 0, best_bad = 0;
  gboolean anchored = FALSE;
  int tw, th, tx0, ty0, unsure_arms = 0, arms = 0;
  LoopState *s;

  hb_import_report_clear (report);
  report->game = &loop_game;
  hb_vision_background (img, bg);
  {
    g_autofree guint8 *raw = g_malloc0 ((gsize) w * h);
    for (int y = 0; y < h; y++)
      {
        const guint8 *p = hb_image_pixel (img, 0, y);
        for (int x = 0; x < w; x++, p += 3)
          raw[(gsize) y * w + x] = abs (p[0] - bg[0]) + abs (p[1] - bg[1]) + abs (p[2] - bg[2]) > 120;
      }
    /* Strokes are thick: a pixel counts when its four neighbours are
     * strokes too, which drops hairlines (a board's outline, faint grid
     * lines, text) and keeps arms at any size the game draws them. */
    for (int y = 1; y < h - 1; y++)
      for (int x = 1; x < w - 1; x++)
        {
          gsize i = (gsize) y * w + x;
          mask[i] = raw[i] && raw[i - 1] && raw[i + 1] && raw[i - w] && raw[i + w];
        }
  }
  for (int y = 0; y < h; y++)
    {
      for (int x = 0; x < w; x++)
        {
          if (mask[(gsize) y * w + x])
            {
              cols[x] += 1;
              rows[y] += 1;
              st.bx0 = MIN (st.bx0, x);
              st.bx1 = MAX (st.bx1, x + 1);
              st.by0 = MIN (st.by0, y);
              st.by1 = MAX (st.by1, y + 1);
              count++;
            }
        }
    }
  if (count < 20 || st.bx1 - st.bx0 < 8 || st.by1 - st.by0 < 8)
    {
      hb_vision_no_board (error, _("Infinite Loop"), _("no strokes on a plain background"));
      return NULL;
    }
  if (hb_vision_cancelled (cancellable, error))
    return NULL;

  /* Candidate tile sizes: the autocorrelation peaks of both profiles, and
   * their halves and doubles. */
  {
    int span = MAX (st.bx1 - st.bx0, st.by1 - st.by0);
    double tx = hb_vision_autocorrelation_period (cols + st.bx0, st.bx1 - st.bx0, 6,
                                                  MAX (7, (st.bx1 - st.bx0) / 1));
    double ty = hb_vision_autocorrelation_period (rows + st.by0, st.by1 - st.by0, 6,
                                                  MAX (7, (st.by1 - st.by0) / 1));
    double base[2] = { tx, ty };
    for (int b = 0; b < 2; b++)
      if (base[b] > 0)
        {
          cands[nc++] = base[b];
          cands[nc++] = base[b] / 2;
          cands[nc++] = base[b] * 2;
        }
    if (nc == 0)
      cands[nc++] = span;
  }
  for (int c = 0; c < nc; c++)
    {
      double t = cands[c], ox, oy, sc;
      int good, bad;
      if (t < 6)
        continue;
      /* Refine the size a little around the candidate. */
      for (double f = 0.94; f <= 1.061; f += 0.005)
        {
          double tt = t * f;
          ox = st.bx0 + boundary_phase (cols, st.bx0, st.bx1, tt);
          oy = st.by0 + boundary_phase (rows, st.by0, st.by1, tt);
          /* The lattice anchored just outside the strokes' box. */
          ox -= ceil ((ox - (st.bx0 - 0.5 * tt)) / tt) * tt;
          oy -= ceil ((oy - (st.by0 - 0.5 * tt)) / tt) * tt;
          sc = grid_score (&st, tt, ox, oy, &good, &bad);
          if (sc > best_score)
            {
              best_score = sc;
              best_t = tt;
              best_ox = ox;
              best_oy = oy;
              best_good = good;
              best_bad = bad;
            }
        }
    }
  /* Where border tiles have arms pointing off the board (a scrambled
   * board nearly always does) the strokes' box is the board: a whole
   * number of tiles on each axis, anchored at its corner. */
  if (best_t > 0)
    {
      /* The box lost a pixel each side to the thinning of the mask. */
      int bw = st.bx1 - st.bx0 + 2, bh = st.by1 - st.by0 + 2;
      double free_score = best_score;
      int free_tiles = (int) (ceil ((st.bx1 - best_ox) / best_t - 0.08) - floor ((st.bx0 - best_ox) / best_t + 0.08))
                       * (int) (ceil ((st.by1 - best_oy) / best_t - 0.08) - floor ((st.by0 - best_oy) / best_t + 0.08));
      for (int nx = MAX (1, (int) lround (bw / best_t) - 1); nx <= (int) lround (bw / best_t) + 1; nx++)
        for (int ny = MAX (1, (int) lround (bh / best_t) - 1); ny <= (int) lround (bh / best_t) + 1; ny++)
          {
            double tx = (double) bw / nx, ty = (double) bh / ny, tt = (tx + ty) / 2;
            int good, bad;
            double sc;
            if (fabs (tx - ty) > 0.03 * tt)
              continue;
            sc = grid_score (&st, tt, st.bx0 - 1, st.by0 - 1, &good, &bad);
            /* Clean (no stroke off a midpoint) with fewer tiles: an exact
             * fit of the box beats a lattice that drifts a little and needs
             * an extra row and column to cover the strokes, even though
             * the drifting one, cutting arms just inside their tiles,
             * counts more stroke pixels on its lines. */
            if (sc > best_score
                || (sc >= 0.3 * free_score && bad * 50 <= good && nx * ny < free_tiles
                    && (!anchored || sc > best_score)))
              {
                best_score = sc;
                best_t = tt;
                best_ox = st.bx0 - 1;
                best_oy = st.by0 - 1;
                best_good = good;
                best_bad = bad;
                anchored = TRUE;
              }
          }
    }
  if (best_t <= 0 || best_good < 4 || best_bad * 5 > best_good)
    {
      hb_vision_no_board (error, _("Infinite Loop"),
                          _("no tile grid whose edges the strokes cross only at their middles"));
      return NULL;
    }

  /* Each boundary where the strokes are fewest, and a line through them;
   * kept when it keeps to the midpoint rule at least as well. */
  if (!anchored)
  {
    double tx = best_t, ox = best_ox, ty = best_t, oy = best_oy;
    fit_axis (cols, w, st.bx0, st.bx1, &ox, &tx);
    fit_axis (rows, h, st.by0, st.by1, &oy, &ty);
    {
      double tt = (tx + ty) / 2;
      double sc = grid_score (&st, tt, ox, oy, NULL, NULL);
      if (sc >= best_score * 0.9)
        {
          best_score = sc;
          best_t = tt;
          best_ox = ox;
          best_oy = oy;
        }
    }
  }
  /* The phase to a pixel: shifts of up to a tenth of a tile. */
  if (!anchored)
  {
    double ox0 = best_ox, oy0 = best_oy;
    int reach = MAX (1, (int) (best_t * 0.1));
    for (int dx = -reach; dx <= reach; dx++)
      {
        double sc = grid_score (&st, best_t, ox0 + dx, best_oy, NULL, NULL);
        if (sc > best_score)
          {
            best_score = sc;
            best_ox = ox0 + dx;
          }
      }
    for (int dy = -reach; dy <= reach; dy++)
      {
        double sc = grid_score (&st, best_t, best_ox, oy0 + dy, &best_good, &best_bad);
        if (sc > best_score)
          {
            best_score = sc;
            best_oy = oy0 + dy;
          }
      }
    grid_score (&st, best_t, best_ox, best_oy, &best_good, &best_bad);
  }
  /* The board: the tiles the strokes span (a stroke pixel a few hundredths
   * of a tile over a boundary is the boundary's own antialiasing). */
  tx0 = (int) floor ((st.bx0 - best_ox) / best_t + 0.08);
  ty0 = (int) floor ((st.by0 - best_oy) / best_t + 0.08);
  tw = (int) ceil ((st.bx1 - best_ox) / best_t - 0.08) - tx0;
  th = (int) ceil ((st.by1 - best_oy) / best_t - 0.08) - ty0;
  if (tw < 1 || th < 1 || tw > HB_MAX_SIDE || th > HB_MAX_SIDE || (tw < 2 && th < 2))
    {
      hb_vision_no_board (error, _("Infinite Loop"), _("no tile grid"));
      return NULL;
    }
  hb_import_report_set_grid (report, tw, th, best_ox + tx0 * best_t, best_oy + ty0 * best_t,
                             best_t, best_t);
  s = loop_state_new (tw, th);
  for (int y = 0; y < th; y++)
    for (int x = 0; x < tw; x++)
      {
        double x0 = report->x0 + x * best_t, y0 = report->y0 + y * best_t;
        guint8 m = 0;
        gboolean doubt = FALSE;
        int inside = 0;
        for (int dir = 0; dir < 4; dir++)
          {
            double f = arm_depth (&st, x0, y0, best_t, dir);
            double off = side_fill (&st, x0, y0, best_t, dir, FALSE);
            if (f >= 0.5)
              m |= (guint8) (1u << dir);
            /* Just under the bar: a ring reaches a third of the way. */
            else if (f > 0.42)
              doubt = TRUE;
            /* Strokes towards a side away from its middle: not this game's
             * drawing (or a misplaced grid). */
            if (off > 0.25)
              doubt = TRUE;
          }
        for (int v = (int) (y0 + best_t * 0.3); v < y0 + best_t * 0.7; v += MAX (1, (int) (best_t / 20)))
          for (int u = (int) (x0 + best_t * 0.3); u < x0 + best_t * 0.7; u += MAX (1, (int) (best_t / 20)))
            inside += stroke_at (&st, u, v);
        if (m == 0 && inside > 0)
          doubt = TRUE;
        s->tiles[y * tw + x] = m;
        report->seen[y * tw + x] = m ? 0x3060c0 : HB_SEEN_NOTHING;
        arms += __builtin_popcount (m);
        if (doubt)
          {
            hb_import_report_mark_unsure (report, x, y);
            unsure_arms++;
          }
      }
  report->score = 0.5 + 0.4 * best_good / (double) (best_good + best_bad)
                  - 0.5 * report->n_unsure / (double) (tw * th);
  if (arms == 0)
    report->score = 0;
  {
    g_autofree char *detail = g_strdup_printf (g_dngettext (NULL, "tiles of %d px", "tiles of %d px",
                                                            (int) lround (best_t)),
                                               (int) lround (best_t));
    hb_import_report_finish (report, _("Infinite Loop"), detail);
  }
  return &s->base;
}

/* Boards drawn with arms that meet their tile's side (the game) read with
 * lines a few hundredths of a tile wide; boards whose arms stop short of
 * the side (Hintboard's own drawing) need a wider reach. The narrow
 * reading is tried first and kept unless it doubts over a tenth of its
 * tiles and the wide one doubts fewer. */
HbState *
loop_from_image (const HbImage *img, HbImportReport *report, GCancellable *cancellable,
                 GError **error)
{
  g_autoptr(HbImportReport) wide = NULL;
  g_autoptr(GError) wide_error = NULL;
  HbState *a = loop_read (img, 0.03, report, cancellable, error);
  HbState *b;

  if (a != NULL && report->n_unsure * 10 <= (guint) (report->width * report->height))
    return a;
  if (hb_vision_cancelled (cancellable, NULL))
    return a;
  wide = hb_import_report_new ();
  b = loop_read (img, 0.12, wide, cancellable, &wide_error);
  if (b != NULL && (a == NULL || wide->n_unsure < report->n_unsure))
    {
      HbImportReport tmp = *report;
      hb_state_free (a);
      g_clear_error (error);
      *report = *wide;
      *wide = tmp;
      return b;
    }
  hb_state_free (b);
  return a;
}
