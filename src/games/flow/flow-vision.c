/* flow-vision.c: reading a Flow Free level from a screenshot.
 *
 * The game draws its board as a lattice of thin grid lines on a dark
 * background (faint coloured glows behind it), with the dots as filled
 * discs about three quarters of a cell across. So:
 *
 *   1. The grid. Grid lines are ridges: a pixel on a vertical line is
 *      brighter than the pixels a few to its left and right, where the edge
 *      of a disc or of a glow is a step, brighter on one side only. Counting
 *      ridge pixels per column gives a profile whose evenly spaced peaks are
 *      the vertical lines; the longest evenly spaced run of peaks is the
 *      board (hb_vision_find_axis), whatever its place and scale, and text,
 *      buttons and banners do not continue the run. The rows are found the
 *      same way within the board's columns, with the same cell size, and
 *      the columns again within the board's rows.
 *   2. The dots. In each cell: the median colour of its centre, of four
 *      patches inside the disc's radius to the N, E, S and W, and of four
 *      patches near the corners, outside the disc. A dot is a disc: the
 *      centre and the four side patches agree and differ from the corners
 *      (a pipe drawn through the cell covers only two side patches; a glow
 *      shifts centre and corners alike).
 *   3. The colours. Dots closer than a small ΔE in Lab are one colour
 *      (hb_vision_cluster): the game's close pairs (red and maroon, blue and
 *      dark blue, green and lime) are tens of ΔE apart while one colour
 *      through JPEG is a few. A colour seen twice is a pair; once or three
 *      times is kept as it is, reported and marked unsure — not guessed.
 *      Colours are named by the nearest of the game's 16 (R red, G green,
 *      …), as the text format's published files name them.
 */
#include "flow.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

/* The game's colours (regular theme) with the letters the published
 * puzzle files use (flow_default_names), and the older muted theme's
 * versions of the first ones. */
static const struct {
  char   letter;
  guint8 rgb[3];
} flow_palette[] = {
  { 'R', { 255, 0, 0 } },     { 'G', { 0, 141, 0 } },     { 'B', { 12, 41, 255 } },
  { 'Y', { 234, 224, 0 } },   { 'O', { 251, 137, 0 } },   { 'C', { 0, 255, 255 } },
  { 'M', { 255, 10, 201 } },  { 'm', { 165, 43, 42 } },   { 'P', { 129, 0, 127 } },
  { 'W', { 255, 255, 255 } }, { 'A', { 159, 159, 187 } }, { 'g', { 5, 253, 4 } },
  { 'T', { 160, 139, 82 } },  { 'b', { 58, 40, 178 } },   { 'c', { 1, 129, 132 } },
  { 'p', { 255, 160, 200 } },
  /* Muted theme. */
  { 'R', { 234, 51, 35 } },   { 'G', { 61, 139, 38 } },   { 'B', { 19, 40, 243 } },
  { 'Y', { 231, 224, 74 } },  { 'O', { 236, 142, 52 } },  { 'C', { 117, 251, 254 } },
  /* Hintboard's own drawing (flow-render.c). */
  { 'R', { 0xE8, 0x27, 0x1E } }, { 'G', { 0x00, 0x86, 0x3D } }, { 'B', { 0x1A, 0x4E, 0xF5 } },
  { 'Y', { 0xFF, 0xF0, 0x00 } }, { 'O', { 0xFB, 0x8A, 0x08 } }, { 'C', { 0x14, 0xD8, 0xE8 } },
  { 'M', { 0xE2, 0x2C, 0xD8 } }, { 'm', { 0x9C, 0x2A, 0x2A } }, { 'P', { 0x7E, 0x1D, 0x86 } },
  { 'A', { 0x8A, 0x8A, 0x8A } }, { 'g', { 0x8C, 0xE3, 0x3C } }, { 'T', { 0xBD, 0xA7, 0x7C } },
  { 'b', { 0x1E, 0x2A, 0x96 } }, { 'c', { 0x0A, 0x8C, 0x88 } }, { 'p', { 0xF4, 0x9F, 0xC2 } },
};

/* ΔE under which two dots are one colour. */
#define SAME_COLOUR 12.0f
/* A dot's centre differs from the cell's corners by at least this … */
#define DOT_CONTRAST 22.0f
/* … and its side patches agree with its centre within this. */
#define DOT_UNIFORM 16.0f

typedef struct {
  int    cell;     /* y * w + x */
  HbLab  lab;
  guint8 rgb[3];
  gboolean sure;
} Dot;

static void
patch_lab (const HbImage *img, double cx, double cy, double half, HbLab *lab, guint8 rgb[3])
{
  guint8 m[3];
  int h = MAX (1, (int) lround (half));

  hb_vision_median (img, (int) lround (cx) - h, (int) lround (cy) - h,
                    (int) lround (cx) + h + 1, (int) lround (cy) + h + 1, m);
  hb_lab_from_rgb (m, lab);
  if (rgb != NULL)
    memcpy (rgb, m, 3);
}

/* How much of line k of an axis (vertical lines when `vertical`) is a
 * ridge, over the span of the other axis: grid lines run the whole board,
 * a title's baseline or a banner's edge do not. */
static double
line_coverage (const guint8 *gray, int w, int h, int d, const HbGridAxis *a,
               const HbGridAxis *b, gboolean vertical, int k)
{
  int pos = (int) lround (a->origin + k * a->period);
  int s0 = (int) ceil (b->origin), s1 = (int) (b->origin + (b->lines - 1) * b->period);
  int hits = 0, n = 0;

  for (int t = s0; t < s1; t++)
    {
      gboolean any = FALSE;
      for (int o = -1; o <= 1 && !any; o++)
        {
          int x = vertical ? pos + o : t, y = vertical ? t : pos + o;
          int v, p1, p2;
          /* Near the picture's edge, against the edge pixel (as
           * hb_vision_line_profiles). */
          if (x < 1 || y < 1 || x + 1 >= w || y + 1 >= h)
            continue;
          v = gray[(gsize) y * w + x];
          p1 = vertical ? gray[(gsize) y * w + MAX (x - d, 0)] : gray[(gsize) MAX (y - d, 0) * w + x];
          p2 = vertical ? gray[(gsize) y * w + MIN (x + d, w - 1)]
                        : gray[(gsize) MIN (y + d, h - 1) * w + x];
          any = (v - p1 > 5 && v - p2 > 5) || (p1 - v > 5 && p2 - v > 5);
        }
      hits += any;
      n++;
    }
  return n > 0 ? (double) hits / n : 0;
}

/* Drops outer lines that cover less than three quarters of the board. */
static void
trim_axes (const guint8 *gray, int w, int h, int d, HbGridAxis *ax, HbGridAxis *ay)
{
  for (int guard = 0; guard < 8; guard++)
    {
      gboolean cut = FALSE;
      if (ax->lines > 3 && line_coverage (gray, w, h, d, ax, ay, TRUE, 0) < 0.75)
        {
          ax->origin += ax->period;
          ax->lines--;
          cut = TRUE;
        }
      if (ax->lines > 3 && line_coverage (gray, w, h, d, ax, ay, TRUE, ax->lines - 1) < 0.75)
        {
          ax->lines--;
          cut = TRUE;
        }
      if (ay->lines > 3 && line_coverage (gray, w, h, d, ay, ax, FALSE, 0) < 0.75)
        {
          ay->origin += ay->period;
          ay->lines--;
          cut = TRUE;
        }
      if (ay->lines > 3 && line_coverage (gray, w, h, d, ay, ax, FALSE, ay->lines - 1) < 0.75)
        {
          ay->lines--;
          cut = TRUE;
        }
      if (!cut)
        break;
    }
}

/* A board drawn edge to edge and scaled down may have its outer line on
 * the picture's last pixel, where no ridge can be seen (nothing lies
 * beyond it): the line one cell past the lattice's last is taken when it
 * falls on the picture's last two pixels and, along at least three
 * quarters of the board, the edge pixel stands out from the pixels inside
 * the same way (brighter, or darker). */
static void
extend_to_edges (const guint8 *gray, int w, int h, int d, HbGridAxis *ax, HbGridAxis *ay)
{
  for (int side = 0; side < 4; side++)
    {
      gboolean vertical = side < 2, before = side % 2 == 0;
      HbGridAxis *a = vertical ? ax : ay;
      const HbGridAxis *b = vertical ? ay : ax;
      int limit = vertical ? w : h;
      double line = before ? a->origin - a->period : a->origin + a->lines * a->period;
      int edge = before ? 0 : limit - 1, inward = before ? d + 1 : -(d + 1);
      int s0 = (int) ceil (b->origin), s1 = (int) (b->origin + (b->lines - 1) * b->period);
      int brighter = 0, darker = 0, n = 0;

      if (fabs (line - edge) > 1.5 || limit <= 2 * (d + 1))
        continue;
      for (int t = MAX (s0, 0); t < MIN (s1, vertical ? h : w); t++)
        {
          int v = vertical ? gray[(gsize) t * w + edge] : gray[(gsize) edge * w + t];
          int q = vertical ? gray[(gsize) t * w + edge + inward]
                           : gray[(gsize) (edge + inward) * w + t];
          brighter += v - q > 5;
          darker += q - v > 5;
          n++;
        }
      if (n == 0 || MAX (brighter, darker) * 4 < n * 3)
        continue;
      if (before)
        a->origin -= a->period;
      a->lines++;
    }
}

/* The board's grid: columns, then rows with the same cell size, then the
 * columns again within the rows found. */
static gboolean
find_grid (const HbImage *img, const guint8 *gray, HbGridAxis *ax, HbGridAxis *ay)
{
  int w = img->width, h = img->height;
  int side = MIN (w, h);
  int d = MAX (2, (int) lround (side / 360.0));
  g_autofree float *cols = g_new (float, w);
  g_autofree float *rows = g_new (float, h);
  double min_p = MAX (6.0, side / 60.0);

  gboolean found = FALSE;

  /* Two passes, a strict threshold and a lenient one (faint lines on a
   * light theme, or lines between tinted cells that are ridges only in
   * places); the larger lattice wins. */
  for (int pass = 0; pass < 2; pass++)
    {
      int thr = pass == 0 ? 10 : 6;
      double frac = pass == 0 ? 0.25 : 0.15;
      double x0, x1, y0, y1;
      HbGridAxis bx, by;

      hb_vision_line_profiles (gray, w, h, 0, 0, w, h, d, thr, cols, NULL);
      if (!hb_vision_find_axis (cols, w, min_p, w / 2.0, 3, frac, 0, &bx))
        continue;
      x0 = bx.origin;
      x1 = bx.origin + (bx.lines - 1) * bx.period;
      hb_vision_line_profiles (gray, w, h, (int) x0, 0, (int) ceil (x1) + 1, h, d, thr, NULL, rows);
      if (!hb_vision_find_axis (rows, h, min_p, h / 2.0, 3, frac, bx.period, &by))
        continue;
      y0 = by.origin;
      y1 = by.origin + (by.lines - 1) * by.period;
      hb_vision_line_profiles (gray, w, h, 0, (int) y0, w, (int) ceil (y1) + 1, d, thr, cols, NULL);
      if (!hb_vision_find_axis (cols, w, min_p, w / 2.0, 3, frac, by.period, &bx))
        continue;
      trim_axes (gray, w, h, d, &bx, &by);
      extend_to_edges (gray, w, h, d, &bx, &by);
      if (!found || bx.lines * by.lines > ax->lines * ay->lines)
        {
          *ax = bx;
          *ay = by;
          found = TRUE;
        }
    }
  return found;
}

/* Names colour clusters by the nearest palette letters, each letter once;
 * clusters left over take the next unused default names. */
static void
name_colours (const HbLab *mean, int k, char *names)
{
  HbLab pal[G_N_ELEMENTS (flow_palette)];
  gboolean used_letter[128] = { FALSE };
  g_autofree gboolean *named = g_new0 (gboolean, MAX (k, 1));

  for (gsize p = 0; p < G_N_ELEMENTS (flow_palette); p++)
    hb_lab_from_rgb (flow_palette[p].rgb, &pal[p]);
  /* Greedy by distance: the closest (cluster, letter) pair first. */
  for (;;)
    {
      float best = 60.0f;
      int bc = -1, bp = -1;
      for (int c = 0; c < k; c++)
        if (!named[c])
          for (gsize p = 0; p < G_N_ELEMENTS (flow_palette); p++)
            if (!used_letter[(int) flow_palette[p].letter])
              {
                float dist = hb_lab_distance (&mean[c], &pal[p]);
                if (dist < best)
                  {
                    best = dist;
                    bc = c;
                    bp = (int) p;
                  }
              }
      if (bc < 0)
        break;
      named[bc] = TRUE;
      names[bc] = flow_palette[bp].letter;
      used_letter[(int) flow_palette[bp].letter] = TRUE;
    }
  for (int c = 0, next = 0; c < k; c++)
    if (!named[c])
      {
        while (flow_default_names[next] != '\0'
               && used_letter[(int) flow_default_names[next]])
          next++;
        names[c] = flow_default_names[next] != '\0' ? flow_default_names[next] : '?';
        if (flow_default_names[next] != '\0')
          used_letter[(int) flow_default_names[next]] = TRUE;
      }
}

/* A dot read at cell (x, y) of colour lab (rgb as seen): kept, and its
 * cell marked unsure unless `sure`. Returns `sure`. */
static gboolean
keep_dot (GArray *dots, HbImportReport *report, int x, int y, const HbLab *lab,
          const guint8 rgb[3], gboolean sure)
{
  Dot dot = { y * report->width + x, *lab, { rgb[0], rgb[1], rgb[2] }, sure };

  g_array_append_val (dots, dot);
  report->seen[dot.cell] = ((guint32) rgb[0] << 16) | ((guint32) rgb[1] << 8) | rgb[2];
  if (!sure)
    hb_import_report_mark_unsure (report, x, y);
  return sure;
}

/* Whether the cell at (cx, cy) holds a disc drawn in the background's
 * colour, seen by its outline alone: along each of eight rays from the
 * centre, between 0.28 and 0.44 of a cell out, a pixel darker than the
 * centre by 40 levels or more (a white dot on a light board, ringed in
 * grey: Hintboard's own light drawing, whose white dots were read as
 * empty cells without a word). A pipe through the cell darkens two rays
 * at most, a grid line none inside the cell. */
static gboolean
outlined_disc (const guint8 *gray, int w, int h, double cx, double cy, double cell)
{
  int centre, ix = (int) lround (cx), iy = (int) lround (cy);

  if (ix < 0 || iy < 0 || ix >= w || iy >= h || cell < 11.5)
    return FALSE;
  centre = gray[(gsize) iy * w + ix];
  for (int k = 0; k < 8; k++)
    {
      double a = k * G_PI / 4, dx = cos (a), dy = sin (a);
      gboolean dark = FALSE;

      /* Out to three quarters of a pixel further: the centre is a
       * pixel rounded, and on cells of 12 px the ring's diagonal pixel
       * lay 5.7 px from it, past 0.44 of the cell (the white dots of
       * the light style at 12 px were missed, the board read sure). */
      for (double r = cell * 0.28; r <= cell * 0.44 + 0.75 && !dark; r += 0.5)
        {
          int x = (int) lround (cx + dx * r), y = (int) lround (cy + dy * r);
          if (x >= 0 && y >= 0 && x < w && y < h)
            dark = centre - gray[(gsize) y * w + x] >= 40;
        }
      if (!dark)
        return FALSE;
    }
  return TRUE;
}

/* Splits an even group of 4 or more dots into pairs when it is clearly
 * pairs of slightly different colours: nearest pairs first, accepted when
 * every pair is tighter than half the closest two dots of different
 * pairs, and those are SAME_COLOUR apart at least (no two of the game's
 * colours are nearer than 28 ΔE, Hintboard's grey and tan; JPEG on small
 * cells spreads one colour over several: the four lit lights of
 * Enlight's welcome level at 20 px through JPEG, 0.7-2.7 ΔE within two
 * groups 6 apart, were read as two colours, a Flow Free level, exit 0).
 * Fills pair_of (per member, 0-based pair) and returns TRUE. */
static gboolean
split_group (const Dot *dots, const int *members, int m, int *pair_of)
{
  g_autofree gboolean *taken = g_new0 (gboolean, m);
  float worst_in = 0, best_cross = G_MAXFLOAT;

  if (m < 4 || m % 2 != 0)
    return FALSE;
  for (int p = 0; p < m / 2; p++)
    {
      float best = G_MAXFLOAT;
      int bi = -1, bj = -1;
      for (int i = 0; i < m; i++)
        for (int j = i + 1; j < m; j++)
          if (!taken[i] && !taken[j])
            {
              float dd = hb_lab_distance (&dots[members[i]].lab, &dots[members[j]].lab);
              if (dd < best)
                {
                  best = dd;
                  bi = i;
                  bj = j;
                }
            }
      taken[bi] = taken[bj] = TRUE;
      pair_of[bi] = pair_of[bj] = p;
      worst_in = MAX (worst_in, best);
    }
  for (int i = 0; i < m; i++)
    for (int j = i + 1; j < m; j++)
      if (pair_of[i] != pair_of[j])
        best_cross = MIN (best_cross,
                          hb_lab_distance (&dots[members[i]].lab, &dots[members[j]].lab));
  return worst_in * 2.0f < best_cross && best_cross >= SAME_COLOUR;
}

HbState *
flow_from_image (const HbImage *img, HbImportReport *report, HbCancel *cancellable,
                 GError **error)
{
  g_autofree guint8 *gray = NULL;
  g_autoptr(GArray) dots = g_array_new (FALSE, FALSE, sizeof (Dot));
  HbGridAxis ax, ay;
  int w, h, n_sure_cells = 0;
  double cell;
  float small;
  FlowState *s;

  hb_import_report_clear (report);
  report->game = &flow_game;
  gray = hb_vision_gray (img);
  if (!find_grid (img, gray, &ax, &ay))
    {
      hb_vision_no_board (error, _("Flow Free"), _("no grid of lines"));
      return NULL;
    }
  if (hb_vision_cancelled (cancellable, error))
    return NULL;
  w = ax.lines - 1;
  h = ay.lines - 1;
  cell = (ax.period + ay.period) / 2;
  if (w > HB_MAX_SIDE || h > HB_MAX_SIDE || w < 2 || h < 2)
    {
      hb_vision_no_board (error, _("Flow Free"), _("no grid of lines"));
      return NULL;
    }
  hb_import_report_set_grid (report, w, h, ax.origin, ay.origin, ax.period, ay.period);
  /* On small cells a JPEG's colour, kept at half resolution, smears a
   * disc: its patches agree less, and one colour's two dots differ more. */
  small = cell >= 40 ? 1.0f : (float) (1.0 + (40 - cell) / 40.0);

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        double cx = ax.origin + (x + 0.5) * ax.period;
        double cy = ay.origin + (y + 0.5) * ay.period;
        HbLab centre, side[4], corner[4], rim[4];
        guint8 rgb[3];
        float contrast = G_MAXFLOAT, rim_low = G_MAXFLOAT, rim_contrast = G_MAXFLOAT, spread = 0;
        static const int sx[4] = { 0, 1, 0, -1 }, sy[4] = { -1, 0, 1, 0 };
        static const int kx[4] = { -1, 1, 1, -1 }, ky[4] = { -1, -1, 1, 1 };

        patch_lab (img, cx, cy, cell * 0.1, &centre, rgb);
        for (int k = 0; k < 4; k++)
          {
            patch_lab (img, cx + sx[k] * cell * 0.2, cy + sy[k] * cell * 0.2,
                       cell * 0.04, &side[k], NULL);
            patch_lab (img, cx + kx[k] * cell * 0.37, cy + ky[k] * cell * 0.37,
                       cell * 0.05, &corner[k], NULL);
            /* Just outside the disc, towards the middle of each side: a
             * filled square (an Enlight light) still shows there. */
            patch_lab (img, cx + sx[k] * cell * 0.45, cy + sy[k] * cell * 0.45,
                       cell * 0.025, &rim[k], NULL);
            spread = MAX (spread, hb_lab_distance (&centre, &side[k]));
            contrast = MIN (contrast, hb_lab_distance (&centre, &corner[k]));
            /* The second lowest of the four: a dot of a game in progress
             * has its pipe leaving by one side, in its colour (it was
             * read as an empty cell, said to be sure); a filled square
             * shows on all four. */
            {
              float r = hb_lab_distance (&centre, &rim[k]);
              if (r < rim_low)
                {
                  rim_contrast = rim_low;
                  rim_low = r;
                }
              else
                rim_contrast = MIN (rim_contrast, r);
            }
          }
        /* The corners' least contrast decides: a glow or a pipe's edge
         * may lift one corner, not all four. */
        /* The rim only rules out filled squares: on small cells through
         * JPEG the disc's colour bleeds there. */
        if (rim_contrast < DOT_CONTRAST * 0.25f)
          contrast = MIN (contrast, rim_contrast);
        if (contrast >= DOT_CONTRAST * 0.6f && spread <= DOT_UNIFORM * 1.5f * small)
          n_sure_cells += keep_dot (dots, report, x, y, &centre, rgb,
                                    contrast >= DOT_CONTRAST * (small > 1.0f ? 0.8f : 1.0f)
                                    && spread <= DOT_UNIFORM * small);
        else if (contrast >= DOT_CONTRAST * 0.6f && spread > DOT_UNIFORM * 1.5f * small)
          /* Something coloured that is not a disc (a pipe, a mark): the
           * cell is left empty but flagged. */
          hb_import_report_mark_unsure (report, x, y);
        else if (spread <= DOT_UNIFORM * small
                 && outlined_disc (gray, img->width, img->height, cx, cy, cell))
          /* A disc of the background's colour, known by its ring: a dot,
           * and said to be unsure. */
          keep_dot (dots, report, x, y, &centre, rgb, FALSE);
        else
          n_sure_cells++;
      }
  if (dots->len < 2)
    {
      hb_vision_no_board (error, _("Flow Free"), _("a grid but no dots in it"));
      return NULL;
    }

  /* Colours. */
  {
    int n = (int) dots->len;
    Dot *d = (Dot *) (void *) dots->data;
    g_autofree HbLab *labs = g_new (HbLab, n);
    g_autofree int *group = g_new (int, n);
    g_autofree int *colour = g_new (int, n);
    g_autofree HbLab *mean = g_new0 (HbLab, n);
    g_autofree int *count = g_new0 (int, n);
    g_autofree char *names = g_new0 (char, n + 1);
    /* The colours not seen twice: which, how often, where first. */
    g_autofree int *odd_colour = g_new (int, n);
    g_autofree int *odd_count = g_new (int, n);
    g_autofree int *odd_cell = g_new (int, n);
    int k, colours = 0, paired = 0, odd = 0;

    for (int i = 0; i < n; i++)
      labs[i] = d[i].lab;
    k = hb_vision_cluster (labs, n, SAME_COLOUR * small, group);
    for (int g = 0; g < k; g++)
      {
        g_autofree int *members = g_new (int, n);
        g_autofree int *pair_of = g_new (int, n);
        int m = 0;
        for (int i = 0; i < n; i++)
          if (group[i] == g)
            members[m++] = i;
        if (m != 2 && split_group (d, members, m, pair_of))
          {
            for (int i = 0; i < m; i++)
              colour[members[i]] = colours + pair_of[i];
            colours += m / 2;
            paired += m / 2;
            continue;
          }
        for (int i = 0; i < m; i++)
          colour[members[i]] = colours;
        if (m == 2)
          paired++;
        else
          {
            /* Said once the colours have their names (below). */
            odd_colour[odd] = colours;
            odd_count[odd] = m;
            odd_cell[odd] = d[members[0]].cell;
            odd++;
            for (int i = 0; i < m; i++)
              hb_import_report_mark_unsure (report, d[members[i]].cell % w, d[members[i]].cell / w);
          }
        colours++;
      }
    if (colours > FLOW_MAX_COLOURS)
      {
        hb_vision_no_board (error, _("Flow Free"), _("more colours than the game has"));
        return NULL;
      }
    for (int i = 0; i < n; i++)
      {
        int c = colour[i];
        mean[c].L += d[i].lab.L;
        mean[c].a += d[i].lab.a;
        mean[c].b += d[i].lab.b;
        count[c]++;
      }
    for (int c = 0; c < colours; c++)
      {
        mean[c].L /= count[c];
        mean[c].a /= count[c];
        mean[c].b /= count[c];
      }
    name_colours (mean, colours, names);

    s = flow_state_new (w, h, colours);
    memcpy (s->names, names, (gsize) colours);
    for (int i = colours; i < FLOW_MAX_COLOURS; i++)
      s->names[i] = '\0';
    {
      int next = colours;
      for (int q = 0; flow_default_names[q] != '\0' && next < FLOW_MAX_COLOURS; q++)
        if (memchr (names, flow_default_names[q], (gsize) colours) == NULL)
          s->names[next++] = flow_default_names[q];
    }
    for (int i = 0; i < n; i++)
      {
        s->dot[d[i].cell] = (guint8) (colour[i] + 1);
        s->colour[d[i].cell] = (guint8) (colour[i] + 1);
      }
    /* By the colour's name, as the status line says it ("Magenta needs
     * its second dot"): "A colour is seen once" left the reader to find
     * which (review). */
    for (int o = 0; o < odd; o++)
      {
        g_autofree char *name = flow_colour_title (s, odd_colour[o]);
        int x = odd_cell[o] % w, y = odd_cell[o] / w, m = odd_count[o];

        if (m == 1)
          /* TRANSLATORS: %s: a colour's name ("Magenta", "Colour ‘x’") */
          hb_import_report_note (report,
                                 _("%s is seen once, at row %d, column %d: its pair is missing or was not recognised."),
                                 name, y + 1, x + 1);
        else
          hb_import_report_note (report,
                                 g_dngettext (NULL,
                                              "%s is seen %d time (first at row %d, column %d): a colour makes one pair.",
                                              "%s is seen %d times (first at row %d, column %d): a colour makes one pair.",
                                              (gulong) MAX (m, 0)),
                                 name, m, y + 1, x + 1);
      }

    /* How sure this is Flow Free: a lattice of lines with discs in it,
     * most of them in pairs. */
    report->score = 0.5 + 0.3 * paired * 2.0 / n
                    + 0.2 * (double) n_sure_cells / ((double) w * h);
    if (odd > 0 || paired < 2)
      report->score -= 0.2;
    /* Discs the reader doubts, or one colour everywhere, are unlike the
     * game (a lattice of lit squares passes for discs to a glance). */
    report->score -= 0.5 * report->n_unsure / (double) n;
    if (colours < 2)
      report->score -= 0.3;
    {
      g_autofree char *detail = g_strdup_printf (g_dngettext (NULL, "%d colour", "%d colours",
                                                              colours), colours);
      hb_import_report_finish (report, _("Flow Free"), detail);
    }
  }
  return &s->base;
}
