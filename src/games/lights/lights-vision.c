/* lights-vision.c: reading an Enlight board from a screenshot.
 *
 * Enlight draws a lattice of square lights with gaps between them, lit
 * ones bright (and coloured), dark ones dull. The gaps' edges give the
 * lattice (hb_vision_find_cell_grid); since each gap has two edges, the run
 * found may stop one cell short of the board at either end, so the
 * lattice is extended while the next cell's middle differs from the gap
 * colour. Each light is then lit or dark by how bright and colourful its
 * middle is: the two groups split at the widest jump between the values
 * (both themes put lit lights far above dark ones); a board all one way
 * (a fresh board all lit, a solved one all dark) is judged on the
 * absolute value, sure well away from it, and its lights' corners are
 * told from the gap.
 *
 * What is not Enlight is refused rather than read as a board: a lattice
 * that runs off the picture; lights without the gap all round them (the
 * lattice line on a side shows the light's own colour running on: a
 * background, not a light), which are marked unsure; and lit cells that
 * are not lit squares, lit in their middle only with corners like the dark
 * lights (another game's coloured dots or glows on its background, read
 * at a multiple of its cell size), or dark cells that are not dark
 * squares (another game's dark dots on light cells, as a Flow Free board
 * in greys shows them). Most cells unsure, or fewer than half of the lit
 * cells or of the dark ones squares, is no board.
 */
#include "lights.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#define HB_LIGHTS_SURE 0.95
/* ΔE at or under which a light's side shows no gap (the same colour runs
 * on across the lattice line: the picture's background, not a light). */
#define NO_OUTLINE 5.0f
/* A board whose lights are all alike is read lit or dark by how far its
 * lights' value lies from ONE_KIND_SPLIT: sure at this distance or more
 * (lit lights 130 to 160 in both styles, dark ones 30 to 50; a lit light
 * in greys near 90). */
#define ONE_KIND_SPLIT 90.0
#define ONE_KIND_MARGIN 25.0

static void
cell_lab (const HbImage *img, double cx, double cy, double half, HbLab *lab)
{
  hb_vision_square_lab (img, cx, cy, half, lab, NULL);
}

/* Colours of lights (the lattice's middle: up to 64 samples; the
 * lattice outside a line: up to 256). */
typedef struct {
  HbLab c[256];
  int   n;
} Looks;

static gboolean
looks_like_light (const Looks *looks, const HbLab *c)
{
  for (int i = 0; i < looks->n; i++)
    if (hb_lab_distance (&looks->c[i], c) < 10.0f)
      return TRUE;
  return FALSE;
}

/* The lights of the lattice outside line `k` (columns when `col`), for a
 * line's cells to be compared with: the lights sampled from the
 * lattice's middle may all be lit (a heart of lit lights), and a line of
 * the board's dark lights then looked like no light: the board was read
 * short by its outer lines, without a word (review). Up to 256 cells,
 * those not the gap's colour; sampled when first needed. */
static void
sample_others (const HbImage *img, const HbGridAxis *ax, const HbGridAxis *ay, gboolean col,
               int k, const HbLab *gap, Looks *o)
{
  int cw = ax->lines - 1, ch = ay->lines - 1, step = MAX (1, (cw * ch + 255) / 256);
  double cell = (ax->period + ay->period) / 2;

  o->n = 0;
  for (int i = 0; i < cw * ch && o->n < 256; i += step)
    {
      int x = i % cw, y = i / cw;

      if ((col ? x : y) == k)
        continue;
      cell_lab (img, ax->origin + (x + 0.5) * ax->period, ay->origin + (y + 0.5) * ay->period,
                cell * 0.2, &o->c[o->n]);
      if (hb_lab_distance (&o->c[o->n], gap) > 5.0f)
        o->n++;
    }
}

/* Does the line of cells at index `k` along an axis (columns when `col`)
 * look like lights, not like the gap colour around them? */
static gboolean
is_cell_line (const HbImage *img, const HbGridAxis *ax, const HbGridAxis *ay, gboolean col,
              int k, const HbLab *gap, const Looks *looks)
{
  const HbGridAxis *along = col ? ay : ax;
  int n = along->lines - 1, hits = 0, lights = 0;
  double cell = (ax->period + ay->period) / 2;
  Looks others;
  gboolean sampled = FALSE;

  for (int t = 0; t < n; t++)
    {
      double cx = col ? ax->origin + (k + 0.5) * ax->period : ax->origin + (t + 0.5) * ax->period;
      double cy = col ? ay->origin + (t + 0.5) * ay->period : ay->origin + (k + 0.5) * ay->period;
      HbLab c;
      if (cx - cell * 0.3 < 0 || cy - cell * 0.3 < 0 || cx + cell * 0.3 >= img->width
          || cy + cell * 0.3 >= img->height)
        return FALSE;
      cell_lab (img, cx, cy, cell * 0.2, &c);
      if (hb_lab_distance (&c, gap) <= 5.0f)
        continue;
      if (looks_like_light (looks, &c))
        {
          hits++;
          lights++;
          continue;
        }
      if (!sampled)
        sample_others (img, ax, ay, col, k, gap, &others);
      sampled = TRUE;
      hits += looks_like_light (&others, &c);
    }
  /* Some of the line like the lights sampled, the rest like the board's
   * other lights. */
  return lights > 0 && hits * 4 >= n * 3;
}

/* The shift, within an eighth of a cell, that puts the interior lines of the
 * lattice along an axis (columns when `col`) where the picture is most
 * even: the gaps between lights. `variance` gets the luminance variance
 * there and `rgb` the median colour. */
static double
gap_offset (const HbImage *img, const HbGridAxis *ax, const HbGridAxis *ay, gboolean col,
            double *variance, guint8 rgb[3])
{
  const HbGridAxis *a = col ? ax : ay, *b = col ? ay : ax;
  double best = 0, best_var = G_MAXDOUBLE;
  /* Within an eighth of a cell: the gap's edges lie no further from its
   * middle (Enlight draws it 0.08 of a cell wide), and a light of one
   * flat colour is as even as the gap: a quarter cell let the lattice of
   * a board of dark lights slide into them (every gap a cell off). */
  int reach = MAX (1, (int) (a->period * 0.12));
  double span0 = b->origin, span1 = b->origin + (b->lines - 1) * b->period;
  int step = MAX (1, (int) ((span1 - span0) / 200));

  rgb[0] = rgb[1] = rgb[2] = 0;
  for (int off = -reach; off <= reach; off++)
    {
      double s1 = 0, s2 = 0;
      int m = 0;
      for (int k = 1; k < a->lines - 1 || (a->lines <= 2 && k == 1); k++)
        {
          int p = (int) lround (a->origin + k * a->period) + off;
          for (int t = (int) span0; t < (int) span1; t += step)
            {
              int x = col ? p : t, y = col ? t : p;
              const guint8 *q;
              double l;
              if (x < 0 || y < 0 || x >= img->width || y >= img->height)
                continue;
              q = hb_image_pixel (img, x, y);
              l = 0.3 * q[0] + 0.59 * q[1] + 0.11 * q[2];
              s1 += l;
              s2 += l * l;
              m++;
            }
        }
      if (m > 0)
        {
          double var = s2 / m - (s1 / m) * (s1 / m);
          if (var < best_var - 1e-6 || (fabs (var - best_var) < 1e-6 && abs (off) < fabs (best)))
            {
              best_var = var;
              best = off;
            }
        }
    }
  *variance = best_var;
  {
    int p = (int) lround (a->origin + a->period) + (int) best;
    int mid = (int) ((span0 + span1) / 2);
    if (col)
      hb_vision_median (img, p, (int) span0, p + 1, (int) span1, rgb);
    else
      hb_vision_median (img, (int) span0, p, (int) span1, p + 1, rgb);
    (void) mid;
  }
  return best;
}

/* How many of the four corners of the light at (x, y) look like its
 * middle `own` rather than like `other`: a light fills its rounded
 * square to the corners, a disc does not. */
static int
square_corners (const HbImage *img, const HbGridAxis *ax, const HbGridAxis *ay, int x, int y,
                double at, double half, const HbLab *own, const HbLab *other)
{
  static const int kx[4] = { -1, 1, 1, -1 }, ky[4] = { -1, -1, 1, 1 };
  double cell = (ax->period + ay->period) / 2;
  double cx = ax->origin + (x + 0.5) * ax->period;
  double cy = ay->origin + (y + 0.5) * ay->period;
  int like = 0;

  for (int k = 0; k < 4; k++)
    {
      HbLab corner;
      cell_lab (img, cx + kx[k] * cell * at, cy + ky[k] * cell * at, cell * half, &corner);
      like += hb_lab_distance (&corner, own) < hb_lab_distance (&corner, other);
    }
  return like;
}

static double
light_value (const HbLab *c)
{
  return c->L + hb_lab_chroma (c);
}

static HbState *
lights_read (const HbImage *img, int threshold, HbImportReport *report,
             HbCancel *cancellable, GError **error)
{
  HbGridAxis ax, ay;
  int w, h, n, uniform = 0;
  double cell, split = 0, widest = 0;
  HbLab gap;
  Looks looks;
  double gap_var = 0;
  g_autofree double *value = NULL, *sorted = NULL;
  g_autofree float *spread = NULL, *outline = NULL;
  g_autofree HbLab *mid = NULL;
  HbLab dark = { 0, 0, 0 }, bright = { 0, 0, 0 };
  int n_dark = 0, n_lit = 0, lit_square = 0, n_bright = 0, n_unlit = 0, dark_square = 0;
  gboolean one_kind;
  LightsState *s;

  hb_import_report_clear (report);
  report->game = &lights_game;
  /* Enlight's lights are square: the two axes' cells agree within 5 %
   * (a lattice found at 20 px keeps them within 1 %; one of 19.7 by
   * 18.2 px, through JPEG, was the bottom 3 rows of a 5x5 board). */
  if (!hb_vision_find_cell_grid_flags (img, 5, threshold, HB_GRID_GAP_LINES, &ax, &ay)
      || fabs (ax.period - ay.period) > 0.05 * MAX (ax.period, ay.period))
    {
      hb_vision_no_board (error, _("Enlight"), _("no lattice of lights"));
      return NULL;
    }
  cell = (ax.period + ay.period) / 2;
  /* Each gap has two edges and the lattice found may run along either:
   * the gaps are where the lines through the board are most even, within
   * an eighth of a cell. The lattice moves there, and the gap colour is read
   * there. */
  {
    double vx, vy;
    guint8 gx[3], gy[3];
    ax.origin += gap_offset (img, &ax, &ay, TRUE, &vx, gx);
    ay.origin += gap_offset (img, &ax, &ay, FALSE, &vy, gy);
    gap_var = MAX (vx, vy);
    hb_lab_from_rgb (gx, &gap);
  }
  /* Extend by whole cells where the run stopped short, with cells that
   * look like the lights already inside. */
  {
    /* From the middle half of the lattice, the likeliest to be board. */
    int cw = ax.lines - 1, ch = ay.lines - 1;
    looks.n = 0;
    for (int y = ch / 4; y < ch - ch / 4; y++)
      for (int x = cw / 4; x < cw - cw / 4 && looks.n < 64; x++)
        cell_lab (img, ax.origin + (x + 0.5) * ax.period, ay.origin + (y + 0.5) * ay.period,
                  cell * 0.2, &looks.c[looks.n++]);
  }
  /* Outer lines of cells that do not look like those lights (a title
   * lined up over the board) are dropped first. */
  for (int guard = 0; guard < 16; guard++)
    {
      gboolean cut = FALSE;
      if (ax.lines > 3 && !is_cell_line (img, &ax, &ay, TRUE, 0, &gap, &looks))
        {
          ax.origin += ax.period;
          ax.lines--;
          cut = TRUE;
        }
      if (ax.lines > 3 && !is_cell_line (img, &ax, &ay, TRUE, ax.lines - 2, &gap, &looks))
        {
          ax.lines--;
          cut = TRUE;
        }
      if (ay.lines > 3 && !is_cell_line (img, &ax, &ay, FALSE, 0, &gap, &looks))
        {
          ay.origin += ay.period;
          ay.lines--;
          cut = TRUE;
        }
      if (ay.lines > 3 && !is_cell_line (img, &ax, &ay, FALSE, ay.lines - 2, &gap, &looks))
        {
          ay.lines--;
          cut = TRUE;
        }
      if (!cut)
        break;
    }
  for (int guard = 0; guard < 4; guard++)
    {
      gboolean grew = FALSE;
      if (is_cell_line (img, &ax, &ay, TRUE, -1, &gap, &looks))
        {
          ax.origin -= ax.period;
          ax.lines++;
          grew = TRUE;
        }
      if (is_cell_line (img, &ax, &ay, TRUE, ax.lines - 1, &gap, &looks))
        {
          ax.lines++;
          grew = TRUE;
        }
      if (is_cell_line (img, &ax, &ay, FALSE, -1, &gap, &looks))
        {
          ay.origin -= ay.period;
          ay.lines++;
          grew = TRUE;
        }
      if (is_cell_line (img, &ax, &ay, FALSE, ay.lines - 1, &gap, &looks))
        {
          ay.lines++;
          grew = TRUE;
        }
      if (!grew)
        break;
    }
  w = ax.lines - 1;
  h = ay.lines - 1;
  /* The board is whole in the picture: its outer lattice lines (the gap
   * round the lights) inside it, to a pixel. A lattice that runs off the
   * picture is either a board cut off, whose missing lights cannot be
   * read, or a pattern of something else. */
  if (w < 2 || h < 2 || w > HB_MAX_SIDE || h > HB_MAX_SIDE || ax.origin < -1.0
      || ay.origin < -1.0 || ax.origin + w * ax.period > img->width + 1.0
      || ay.origin + h * ay.period > img->height + 1.0)
    {
      hb_vision_no_board (error, _("Enlight"), _("no lattice of lights"));
      return NULL;
    }
  if (hb_vision_cancelled (cancellable, error))
    return NULL;
  n = w * h;
  hb_import_report_set_grid (report, w, h, ax.origin, ay.origin, ax.period, ay.period);
  value = g_new (double, n);
  sorted = g_new (double, n);
  spread = g_new0 (float, n);
  outline = g_new (float, n);
  mid = g_new (HbLab, n);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        double cx = ax.origin + (x + 0.5) * ax.period, cy = ay.origin + (y + 0.5) * ay.period;
        HbLab c, side;
        static const int sx[4] = { 0, 1, 0, -1 }, sy[4] = { -1, 0, 1, 0 };
        cell_lab (img, cx, cy, cell * 0.15, &c);
        value[y * w + x] = light_value (&c);
        mid[y * w + x] = c;
        /* A light has the gap all round it: on each side of its cell the
         * lattice line shows something else than the light (a line off
         * the picture shows nothing). */
        outline[y * w + x] = G_MAXFLOAT;
        for (int k = 0; k < 4; k++)
          outline[y * w + x] = MIN (outline[y * w + x],
                                    MAX (0.0f, hb_vision_side_contrast (img, &ax, &ay, x, y, k, &c)));
        /* A light fills its square: towards its sides it is still not
         * the gap, nor nearer the gap than the light's own middle (the
         * dark style's dark lights lie under 10 from the gap colour read
         * off a one-pixel gap, half of it a light: 12 to 24 px a cell). */
        for (int k = 0; k < 4; k++)
          {
            float to_gap;

            cell_lab (img, cx + sx[k] * cell * 0.3, cy + sy[k] * cell * 0.3, cell * 0.05, &side);
            to_gap = hb_lab_distance (&side, &gap);
            spread[y * w + x] = MAX (spread[y * w + x],
                                     to_gap < 10.0f && to_gap <= hb_lab_distance (&side, &c)
                                     ? 100.0f : 0.0f);
          }
        {
          guint8 m[3];
          HbLab seen;

          hb_vision_square_lab (img, cx, cy, cell * 0.15, &seen, m);
          report->seen[y * w + x] = ((guint32) m[0] << 16) | ((guint32) m[1] << 8) | m[2];
        }
      }
  memcpy (sorted, value, sizeof (double) * n);
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && sorted[j - 1] > sorted[j]; j--)
      {
        double t = sorted[j];
        sorted[j] = sorted[j - 1];
        sorted[j - 1] = t;
      }
  for (int i = 1; i < n; i++)
    if (sorted[i] - sorted[i - 1] > widest)
      {
        widest = sorted[i] - sorted[i - 1];
        split = (sorted[i] + sorted[i - 1]) / 2;
      }
  one_kind = widest < 20.0;
  if (one_kind)
    split = ONE_KIND_SPLIT;

  for (int i = 0; i < n; i++)
    if (value[i] <= split)
      {
        dark.L += mid[i].L;
        dark.a += mid[i].a;
        dark.b += mid[i].b;
        n_dark++;
      }
    else
      {
        bright.L += mid[i].L;
        bright.a += mid[i].a;
        bright.b += mid[i].b;
        n_bright++;
      }
  if (n_dark > 0)
    {
      dark.L /= n_dark;
      dark.a /= n_dark;
      dark.b /= n_dark;
    }
  if (n_bright > 0)
    {
      bright.L /= n_bright;
      bright.a /= n_bright;
      bright.b /= n_bright;
    }

  s = lights_state_new (w, h);
  for (int i = 0; i < n; i++)
    {
      gboolean square = TRUE;
      s->cells[i] = value[i] > split;
      /* A lit light is lit to the corners of its square; a coloured disc
       * or a glow in a dark cell (another game's dot) is lit in its middle
       * only, its corners like the dark lights. */
      if (s->cells[i] && n_dark > 0 && !one_kind)
        {
          square = square_corners (img, &ax, &ay, i % w, i / w, 0.37, 0.04, &mid[i], &dark) >= 3;
          n_lit++;
          lit_square += square;
        }
      /* So is a dark light dark to its corners; a dark disc on a light
       * cell (another game's dot, its colours gone grey: a Flow Free
       * board in greys read as a sure Enlight 6x9, review) has corners
       * like the lit lights. Looked at nearer the middle than the lit
       * ones: in greys the light style's gap is the lit lights' grey,
       * and a lattice found a pixel or two off put corners at 0.37 on
       * it (a 3x3 board at 48 px doubted); at 0.33 they are still
       * outside a Flow Free dot (a radius of 0.36 cell) and its ring. */
      else if (!s->cells[i] && n_bright > 0 && !one_kind)
        {
          square = square_corners (img, &ax, &ay, i % w, i / w, 0.33, 0.03, &mid[i], &bright) >= 3;
          n_unlit++;
          dark_square += square;
        }
      /* Every light alike (a fresh board all lit, a solved one all dark):
       * no other kind to tell a light's corners from, so from the gap; a
       * light is lit or dark by its own value, sure only well away from
       * the split (a lit light gone grey is a value near it). */
      else if (one_kind)
        {
          square = square_corners (img, &ax, &ay, i % w, i / w, s->cells[i] ? 0.37 : 0.33,
                                   s->cells[i] ? 0.04 : 0.03, &mid[i], &gap) >= 3;
          if (s->cells[i])
            {
              n_lit++;
              lit_square += square;
            }
          else
            {
              n_unlit++;
              dark_square += square;
            }
        }
      if (spread[i] > 50.0f || fabs (value[i] - split) < (one_kind ? ONE_KIND_MARGIN : 8.0)
          || !square || outline[i] <= NO_OUTLINE)
        hb_import_report_mark_unsure (report, i % w, i / w);
      else
        uniform++;
    }
  /* Too little of it looks like Enlight: most lights unsure, or lit
   * or dark cells that are not squares of their colour. On a board whose
   * lights are all alike, a cell that is not like them is something else
   * drawn there: over a tenth of them is another game (a Flow Free board
   * of the dark style in greys, its empty cells dark squares, its dots
   * the cells unsure: a 10x11 board all dark, 14 cells unsure). */
  if (uniform * 2 < n || lit_square * 2 < n_lit || dark_square * 2 < n_unlit
      || (one_kind && (n - uniform) * 10 > n))
    {
      hb_state_free (&s->base);
      hb_vision_no_board (error, _("Enlight"), _("no lattice of lights"));
      return NULL;
    }
  /* How sure this is Enlight: squares that fill their cells, in two kinds
   * far apart. */
  report->score = 0.4 + 0.5 * uniform / (double) n + (one_kind ? 0.0 : 0.1);
  /* Lights come in two looks; more colours than that is another game. */
  {
    g_autofree HbLab *labs = g_new (HbLab, n);
    g_autofree int *group = g_new (int, n);
    int k;
    for (int i = 0; i < n; i++)
      {
        guint8 rgb[3] = { report->seen[i] >> 16, (report->seen[i] >> 8) & 0xff,
                          report->seen[i] & 0xff };
        hb_lab_from_rgb (rgb, &labs[i]);
      }
    k = hb_vision_cluster (labs, n, 15.0f, group);
    if (k > 2)
      report->score -= 0.15 * (k - 2);
  }
  /* The gaps are even (a background), not cell after cell of colour. */
  if (gap_var > 400.0)
    report->score -= 0.3;
  /* A whole outer row or column unsure: the lattice may have grown past
   * the board (a 7x7 board in greys at 12 px, its page's white like its
   * lit lights' grey, read as 9x9, 32 cells unsure, exit 0): doubtful. */
  {
    int edge[4] = { 0, 0, 0, 0 };

    for (int x = 0; x < w; x++)
      {
        edge[0] += report->unsure[x] != 0;
        edge[1] += report->unsure[(h - 1) * w + x] != 0;
      }
    for (int y = 0; y < h; y++)
      {
        edge[2] += report->unsure[y * w] != 0;
        edge[3] += report->unsure[y * w + w - 1] != 0;
      }
    if ((edge[0] == w || edge[1] == w || edge[2] == h || edge[3] == h)
        && report->score > HB_IMPORT_SEEMS_SCORE)
      {
        report->score = HB_IMPORT_SEEMS_SCORE;
        hb_import_report_note (report, _("A whole row or column at the board's edge is unsure: the board may be smaller than read."));
      }
  }
  /* All alike but a few: doubtful (the lights a grey near the split, or
   * a few cells of something else). */
  if (one_kind && uniform < n && report->score > HB_IMPORT_SEEMS_SCORE)
    {
      report->score = HB_IMPORT_SEEMS_SCORE;
      hb_import_report_note (report, _("Every light looks alike but for the cells marked unsure: check them against the game."));
    }
  {
    int lit = 0;
    g_autofree char *detail = NULL;
    for (int i = 0; i < n; i++)
      lit += s->cells[i];
    detail = g_strdup_printf (g_dngettext (NULL, "%d light on", "%d lights on", lit), lit);
    hb_import_report_finish (report, _("Enlight"), detail);
  }
  return &s->base;
}

/* Two edge thresholds: a firm one, and a softer one for dark lights on a
 * dark gap (the dark theme), whose edges the firm one misses; the reading
 * the reader is surer of wins. */
HbState *
lights_from_image (const HbImage *img, HbImportReport *report, HbCancel *cancellable,
                   GError **error)
{
  g_autoptr(HbImportReport) soft = hb_import_report_new ();
  g_autoptr(GError) soft_error = NULL;
  HbState *a = lights_read (img, 40, report, cancellable, error);
  HbState *b;

  if (hb_vision_cancelled (cancellable, NULL))
    {
      hb_state_free (a);
      g_clear_error (error);
      hb_vision_cancelled (cancellable, error);
      return NULL;
    }
  /* A sure reading needs no second look. */
  if (a != NULL && report->score >= HB_LIGHTS_SURE && report->n_unsure == 0)
    return a;
  b = lights_read (img, 20, soft, cancellable, &soft_error);
  if (b != NULL && (a == NULL || soft->score > report->score + 0.05))
    {
      HbImportReport tmp = *report;
      hb_state_free (a);
      g_clear_error (error);
      *report = *soft;
      *soft = tmp;
      return b;
    }
  hb_state_free (b);
  return a;
}
