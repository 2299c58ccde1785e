/* hb-vision-digits.c: digits and '/' read from a screenshot by comparing
 * each glyph with templates drawn by cairo (see hb-vision-digits.h). */
#include "hb-vision-digits.h"

#include <cairo.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define GW 12          /* the grid a glyph is scaled to */
#define GH 16
#define EDGE 40        /* a brightness step (of 255) that may be a glyph's edge */
#define CHARS "0123456789/"
#define N_CHARS 11
#define N_FACES 4
/* A glyph is the best template's character when it is this close
 * (mean difference over the grid, 0..1) and the best template of any
 * other character is MARGIN further. */
#define MAX_DIST 0.16f
#define MARGIN   0.045f

typedef struct {
  char  c;
  float aspect;        /* width / height of the ink */
  float g[GW * GH];
} Template;

static Template templates[N_CHARS * N_FACES];

/* The ink plane of a region: v in 0..1 (1 ink), label of the component a
 * pixel belongs to (0 none). */
typedef struct {
  int          w, h;
  const float *v;
  const int   *label;
} Plane;

/* The glyph of the components labelled in [labels, labels + n) inside
 * box (bx, by, bw, bh) of `p`, scaled to GW × GH with its aspect kept,
 * centred, then smoothed a little (a stroke a little off its place in
 * another font still overlaps). */
static void
normalise (const Plane *p, int bx, int by, int bw, int bh, const int *labels, int n,
           float out[GW * GH])
{
  double s = MIN ((double) GW / bw, (double) GH / bh);
  double offx = (GW - bw * s) / 2, offy = (GH - bh * s) / 2;
  float raw[GW * GH], tmp[GW * GH];

  for (int j = 0; j < GH; j++)
    for (int i = 0; i < GW; i++)
      {
        float sum = 0;
        for (int b = 0; b < 3; b++)
          for (int a = 0; a < 3; a++)
            {
              double gx = i + (a + 0.5) / 3, gy = j + (b + 0.5) / 3;
              double sx = bx + (gx - offx) / s - 0.5, sy = by + (gy - offy) / s - 0.5;
              int ix = (int) floor (sx), iy = (int) floor (sy);
              double fx = sx - ix, fy = sy - iy;
              float val = 0;
              for (int dy = 0; dy < 2; dy++)
                for (int dx = 0; dx < 2; dx++)
                  {
                    int x = ix + dx, y = iy + dy;
                    float pv;
                    gboolean mine;
                    if (x < bx || y < by || x >= bx + bw || y >= by + bh)
                      continue;
                    pv = p->v[y * p->w + x];
                    mine = p->label == NULL || p->label[y * p->w + x] == 0;
                    for (int k = 0; k < n && !mine; k++)
                      mine = p->label[y * p->w + x] == labels[k];
                    if (!mine)
                      continue;
                    val += (float) ((dx ? fx : 1 - fx) * (dy ? fy : 1 - fy)) * pv;
                  }
              sum += val;
            }
        raw[j * GW + i] = sum / 9;
      }
  for (int j = 0; j < GH; j++)
    for (int i = 0; i < GW; i++)
      {
        float l = raw[j * GW + MAX (i - 1, 0)], r = raw[j * GW + MIN (i + 1, GW - 1)];
        tmp[j * GW + i] = (l + 2 * raw[j * GW + i] + r) / 4;
      }
  for (int j = 0; j < GH; j++)
    for (int i = 0; i < GW; i++)
      {
        float u = tmp[MAX (j - 1, 0) * GW + i], d = tmp[MIN (j + 1, GH - 1) * GW + i];
        out[j * GW + i] = (u + 2 * tmp[j * GW + i] + d) / 4;
      }
}

static gpointer
make_templates (gpointer data)
{
  static const char *const families[2] = { "sans-serif", "DejaVu Sans" };
  const int size = 64, side = 96;
  int t = 0;

  (void) data;
  for (int f = 0; f < N_FACES; f++)
    for (int c = 0; c < N_CHARS; c++, t++)
      {
        cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_A8, side, side);
        cairo_t *cr = cairo_create (surface);
        char text[2] = { CHARS[c], 0 };
        float *v = g_new0 (float, side * side);
        int x0 = side, y0 = side, x1 = -1, y1 = -1, stride;
        const guint8 *px;
        Plane p = { side, side, v, NULL };

        cairo_select_font_face (cr, families[f / 2], CAIRO_FONT_SLANT_NORMAL,
                                f % 2 ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
        cairo_set_font_size (cr, size);
        cairo_move_to (cr, 16, 72);
        cairo_show_text (cr, text);
        cairo_destroy (cr);
        cairo_surface_flush (surface);
        px = cairo_image_surface_get_data (surface);
        stride = cairo_image_surface_get_stride (surface);
        for (int y = 0; y < side; y++)
          for (int x = 0; x < side; x++)
            {
              v[y * side + x] = px[y * stride + x] / 255.0f;
              if (v[y * side + x] >= 0.5f)
                {
                  x0 = MIN (x0, x);
                  y0 = MIN (y0, y);
                  x1 = MAX (x1, x);
                  y1 = MAX (y1, y);
                }
            }
        templates[t].c = CHARS[c];
        if (x1 < 0)
          {
            /* No font at all: a template nothing matches. */
            templates[t].aspect = 1;
            for (int k = 0; k < GW * GH; k++)
              templates[t].g[k] = 2;
          }
        else
          {
            templates[t].aspect = (float) (x1 - x0 + 1) / (y1 - y0 + 1);
            normalise (&p, x0, y0, x1 - x0 + 1, y1 - y0 + 1, NULL, 0, templates[t].g);
          }
        g_free (v);
        cairo_surface_destroy (surface);
      }
  return NULL;
}

/* The character of a normalised glyph, or '?' when no character matches
 * clearly. */
static char
classify (const float g[GW * GH], float aspect, float *best_out)
{
  static GOnce once = G_ONCE_INIT;
  float best[N_CHARS];

  g_once (&once, make_templates, NULL);
  for (int c = 0; c < N_CHARS; c++)
    best[c] = G_MAXFLOAT;
  for (int t = 0; t < N_CHARS * N_FACES; t++)
    {
      float d = 0;
      for (int k = 0; k < GW * GH; k++)
        d += fabsf (g[k] - templates[t].g[k]);
      d /= GW * GH;
      d += 0.05f * fabsf (logf (aspect / templates[t].aspect));
      best[t % N_CHARS] = MIN (best[t % N_CHARS], d);
    }
  {
    int b = 0;
    float second = G_MAXFLOAT;
    for (int c = 1; c < N_CHARS; c++)
      if (best[c] < best[b])
        b = c;
    for (int c = 0; c < N_CHARS; c++)
      if (c != b)
        second = MIN (second, best[c]);
    if (best_out != NULL)
      *best_out = best[b];
    if (best[b] <= MAX_DIST && second - best[b] >= MARGIN)
      return CHARS[b];
  }
  return '?';
}

void
hb_text_line_free (HbTextLine *line)
{
  if (line == NULL)
    return;
  g_free (line->text);
  g_free (line);
}

typedef struct {
  int x0, y0, x1, y1;    /* inclusive */
  int labels[4];
  int n;
} Glyph;

static int
glyph_cmp (const void *a, const void *b)
{
  const Glyph *ga = a, *gb = b;
  return ga->x0 - gb->x0;
}

/* Reads the words in [cx0, cx1) × [ry0, ry1) of `gray` (w wide) into
 * `out`, a line for each row of text of the wanted height in it. */
static void
read_word_run (const guint8 *gray, int w, int cx0, int cx1, int ry0, int ry1, int ox, int oy,
               int min_h, int max_h, GPtrArray *out)
{
  int rw = cx1 - cx0, rh = ry1 - ry0, hist[256] = { 0 }, total = rw * rh;
  double sum = 0, sum0 = 0, best_var = -1, m0 = 0, m1 = 0;
  int n0 = 0, thr = 0;
  float ink, bg;
  g_autofree float *v = NULL;
  g_autofree int *label = NULL;
  g_autofree int *queue = NULL;
  GArray *glyphs;
  int next = 0;

  if (rw < 2 || rh < 2)
    return;
  for (int y = ry0; y < ry1; y++)
    for (int x = cx0; x < cx1; x++)
      {
        hist[gray[y * w + x]]++;
        sum += gray[y * w + x];
      }
  /* Otsu: the threshold that best splits the two brightness classes. */
  for (int t = 0; t < 255; t++)
    {
      double mu0, mu1, var;
      n0 += hist[t];
      sum0 += (double) t * hist[t];
      if (n0 == 0 || n0 == total)
        continue;
      mu0 = sum0 / n0;
      mu1 = (sum - sum0) / (total - n0);
      var = (double) n0 * (total - n0) * (mu1 - mu0) * (mu1 - mu0);
      if (var > best_var)
        {
          best_var = var;
          thr = t;
          m0 = mu0;
          m1 = mu1;
        }
    }
  if (best_var < 0 || m1 - m0 < 60)
    return;
  n0 = 0;
  for (int t = 0; t <= thr; t++)
    n0 += hist[t];
  /* The ink is the rarer class. */
  if (n0 * 2 < total)
    {
      ink = (float) m0;
      bg = (float) m1;
    }
  else
    {
      ink = (float) m1;
      bg = (float) m0;
    }
  v = g_new (float, rw * rh);
  label = g_new0 (int, rw * rh);
  queue = g_new (int, rw * rh);
  for (int y = 0; y < rh; y++)
    for (int x = 0; x < rw; x++)
      v[y * rw + x] = CLAMP ((gray[(y + ry0) * w + x + cx0] - bg) / (ink - bg), 0.0f, 1.0f);
  glyphs = g_array_new (FALSE, FALSE, sizeof (Glyph));
  for (int start = 0; start < rw * rh; start++)
    {
      int head = 0, tail = 0;
      Glyph gl;
      gboolean border = FALSE;
      if (v[start] < 0.5f || label[start] != 0)
        continue;
      next++;
      label[start] = next;
      queue[tail++] = start;
      gl.x0 = gl.x1 = start % rw;
      gl.y0 = gl.y1 = start / rw;
      while (head < tail)
        {
          int q = queue[head++], qx = q % rw, qy = q / rw;
          gl.x0 = MIN (gl.x0, qx);
          gl.x1 = MAX (gl.x1, qx);
          gl.y0 = MIN (gl.y0, qy);
          gl.y1 = MAX (gl.y1, qy);
          for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++)
              {
                int nx = qx + dx, ny = qy + dy;
                if (nx < 0 || ny < 0 || nx >= rw || ny >= rh)
                  continue;
                if (v[ny * rw + nx] >= 0.5f && label[ny * rw + nx] == 0)
                  {
                    label[ny * rw + nx] = next;
                    queue[tail++] = ny * rw + nx;
                  }
              }
        }
      /* Ink running off the top or bottom of the row is not a glyph of
       * it (a frame or a badge around the text, a picture). */
      border = gl.y0 == 0 || gl.y1 == rh - 1;
      gl.labels[0] = next;
      gl.n = 1;
      if (!border)
        g_array_append_val (glyphs, gl);
    }
  if (glyphs->len > 1)
    qsort (glyphs->data, glyphs->len, sizeof (Glyph), glyph_cmp);
  /* Rows of text: pieces whose heights overlap by half the smaller one
   * (a row of text above a row of buttons are two). */
  {
    g_autofree int *row = g_new (int, MAX (glyphs->len, 1));
    GArray *rows = g_array_new (FALSE, FALSE, sizeof (int) * 2);
    for (guint i = 0; i < glyphs->len; i++)
      {
        Glyph *g = &g_array_index (glyphs, Glyph, i);
        row[i] = -1;
        for (guint r = 0; r < rows->len && row[i] < 0; r++)
          {
            int *span = &g_array_index (rows, int, 2 * r);
            int overlap = MIN (span[1], g->y1) - MAX (span[0], g->y0) + 1;
            if (overlap * 2 >= MIN (span[1] - span[0], g->y1 - g->y0) + 1)
              {
                row[i] = (int) r;
                span[0] = MIN (span[0], g->y0);
                span[1] = MAX (span[1], g->y1);
              }
          }
        if (row[i] < 0)
          {
            int span[2] = { g->y0, g->y1 };
            row[i] = (int) rows->len;
            g_array_append_vals (rows, span, 1);
          }
      }
    for (guint r = 0; r < rows->len; r++)
      {
        GArray *line_glyphs = g_array_new (FALSE, FALSE, sizeof (Glyph));
        int hmax = 0, lx0 = G_MAXINT, lx1 = 0;
        for (guint i = 0; i < glyphs->len; i++)
          {
            Glyph *g = &g_array_index (glyphs, Glyph, i);
            Glyph *p = line_glyphs->len > 0
                       ? &g_array_index (line_glyphs, Glyph, line_glyphs->len - 1) : NULL;
            if (row[i] != (int) r)
              continue;
            /* Pieces one above the other (the dots of ':') are one glyph. */
            if (p != NULL)
              {
                int overlap = MIN (p->x1, g->x1) - MAX (p->x0, g->x0) + 1;
                int narrow = MIN (p->x1 - p->x0, g->x1 - g->x0) + 1;
                if (overlap * 2 >= narrow)
                  {
                    p->x0 = MIN (p->x0, g->x0);
                    p->x1 = MAX (p->x1, g->x1);
                    p->y0 = MIN (p->y0, g->y0);
                    p->y1 = MAX (p->y1, g->y1);
                    /* Too many pieces: not a digit, and it stays so
                     * (n < 0) whatever else joins it. */
                    if (p->n >= 0 && p->n < 4)
                      p->labels[p->n++] = g->labels[0];
                    else
                      p->n = -1;
                    continue;
                  }
              }
            g_array_append_val (line_glyphs, *g);
          }
        for (guint i = 0; i < line_glyphs->len; i++)
          {
            Glyph *g = &g_array_index (line_glyphs, Glyph, i);
            hmax = MAX (hmax, g->y1 - g->y0 + 1);
            lx0 = MIN (lx0, g->x0);
            lx1 = MAX (lx1, g->x1 + 1);
          }
        if (line_glyphs->len > 0 && hmax >= min_h && hmax <= max_h)
          {
            GString *text = g_string_new (NULL);
            HbTextLine *line = g_new0 (HbTextLine, 1);
            int *span = &g_array_index (rows, int, 2 * r);
            line->x0 = ox + cx0 + lx0;
            line->x1 = ox + cx0 + lx1;
            line->y0 = oy + ry0 + span[0];
            line->y1 = oy + ry0 + span[1] + 1;
            for (guint i = 0; i < line_glyphs->len; i++)
              {
                Glyph *g = &g_array_index (line_glyphs, Glyph, i);
                int gw = g->x1 - g->x0 + 1, gh = g->y1 - g->y0 + 1;
                char c = '?';
                if (i > 0 && g->x0 - g_array_index (line_glyphs, Glyph, i - 1).x1 - 1 > 0.4 * hmax)
                  g_string_append_c (text, ' ');
                if (g->n > 0 && gh >= 0.55 * hmax && gh >= min_h)
                  {
                    Plane p = { rw, rh, v, label };
                    float grid[GW * GH];
                    normalise (&p, g->x0, g->y0, gw, gh, g->labels, g->n, grid);
                    c = classify (grid, (float) gw / gh, NULL);
                  }
                g_string_append_c (text, c);
              }
            line->text = g_string_free (text, FALSE);
            g_ptr_array_add (out, line);
          }
        g_array_unref (line_glyphs);
      }
    g_array_unref (rows);
  }
  g_array_unref (glyphs);
}

GPtrArray *
hb_vision_read_text (const HbImage *img, int x0, int y0, int x1, int y1, int min_height,
                     int max_height)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func ((GDestroyNotify) hb_text_line_free);
  g_autofree guint8 *gray = NULL;
  g_autofree int *active = NULL;
  g_autofree gboolean *col = NULL;
  int w, h;

  x0 = CLAMP (x0, 0, img->width);
  x1 = CLAMP (x1, 0, img->width);
  y0 = CLAMP (y0, 0, img->height);
  y1 = CLAMP (y1, 0, img->height);
  w = x1 - x0;
  h = y1 - y0;
  min_height = MAX (min_height, 5);
  if (w < 8 || h < min_height)
    return lines;
  gray = g_malloc ((gsize) w * h);
  for (int y = 0; y < h; y++)
    {
      const guint8 *p = hb_image_pixel (img, x0, y0 + y);
      for (int x = 0; x < w; x++, p += 3)
        gray[y * w + x] = (guint8) ((77u * p[0] + 150u * p[1] + 29u * p[2] + 128) >> 8);
    }
  /* Rows of text: picture rows crossed by sharp steps. */
  active = g_new0 (int, h);
  for (int y = 0; y < h; y++)
    {
      int n = 0;
      for (int x = 1; x + 1 < w; x++)
        n += abs (gray[y * w + x + 1] - gray[y * w + x - 1]) > EDGE;
      active[y] = n >= 2;
    }
  col = g_new (gboolean, w);
  for (int y = 0; y < h;)
    {
      int r0, r1, ry0, ry1, bh;
      if (!active[y])
        {
          y++;
          continue;
        }
      r0 = y;
      while (y < h && active[y])
        y++;
      r1 = y;
      bh = r1 - r0;
      if (bh < min_height)
        continue;
      ry0 = MAX (0, r0 - 2);
      ry1 = MIN (h, r1 + 2);
      /* Words: columns crossed by steps within the row. */
      for (int x = 0; x < w; x++)
        {
          col[x] = FALSE;
          for (int yy = ry0; yy < ry1 && !col[x]; yy++)
            col[x] = (x > 0 && x + 1 < w
                      && abs (gray[yy * w + x + 1] - gray[yy * w + x - 1]) > EDGE)
                     || (yy > 0 && yy + 1 < h
                         && abs (gray[(yy + 1) * w + x] - gray[(yy - 1) * w + x]) > EDGE);
        }
      for (int x = 0; x < w;)
        {
          int c0, c1, gap;
          if (!col[x])
            {
              x++;
              continue;
            }
          c0 = x;
          c1 = x + 1;
          gap = 0;
          for (x++; x < w; x++)
            {
              if (col[x])
                {
                  c1 = x + 1;
                  gap = 0;
                }
              else if (++gap > 1.2 * bh)
                break;
            }
          read_word_run (gray, w, MAX (0, c0 - 2), MIN (w, c1 + 2), ry0, ry1, x0, y0,
                         min_height, max_height, lines);
        }
    }
  return lines;
}

int
hb_vision_find_fraction (GPtrArray *lines, int *num, int *den)
{
  int found = 0, fn = 0, fd = 0;

  for (guint l = 0; l < lines->len; l++)
    {
      const char *t = ((HbTextLine *) lines->pdata[l])->text;
      int len = (int) strlen (t);
      for (int i = 0; i < len; i++)
        {
          int a, b, c, d, n = 0, m = 0;
          if (t[i] != '/')
            continue;
          /* Left: [a, b) digits, then a space or the start. */
          b = i;
          if (b > 0 && t[b - 1] == ' ')
            b--;
          a = b;
          while (a > 0 && g_ascii_isdigit (t[a - 1]))
            a--;
          c = i + 1;
          if (c < len && t[c] == ' ')
            c++;
          d = c;
          while (d < len && g_ascii_isdigit (t[d]))
            d++;
          if (a == b || c == d || b - a > 4 || d - c > 4)
            continue;
          if ((a > 0 && t[a - 1] != ' ') || (d < len && t[d] != ' '))
            continue;
          for (int k = a; k < b; k++)
            n = n * 10 + (t[k] - '0');
          for (int k = c; k < d; k++)
            m = m * 10 + (t[k] - '0');
          if (found > 0 && (n != fn || m != fd))
            return -1;
          found = 1;
          fn = n;
          fd = m;
        }
    }
  if (found)
    {
      *num = fn;
      *den = fd;
    }
  return found;
}
