/* hb-anim.c: see hb-anim.h.
 *
 * An APNG is a PNG whose first frame is the ordinary image (IHDR, IDAT…,
 * IEND: what a viewer without APNG support shows) with three extra chunks:
 *
 *   acTL  once, before the first IDAT: the number of frames and of plays;
 *   fcTL  before each frame's data: its size, offset, delay and how it is
 *         disposed of and blended;
 *   fdAT  the data of every frame after the first: a sequence number, then
 *         exactly what an IDAT of that frame would hold.
 *
 * fcTL and fdAT share one sequence counter that starts at 0 and never
 * skips, so a decoder can tell a chunk went missing. The first fcTL comes
 * before the first IDAT, which makes the default image the first frame.
 *
 * cairo can only write a whole PNG, so each frame is written to memory by
 * cairo_surface_write_to_png_stream, its chunks are read back, and its IDAT
 * payloads are re-emitted as IDAT (first frame) or fdAT chunks with new
 * CRCs. That is lossless and needs no zlib of our own: the compressed
 * stream in an fdAT is the same as in the IDATs it came from, and every
 * frame shares the first frame's IHDR (size, depth, colour type, filter and
 * interlace method), which this file checks rather than assumes.
 *
 * Every frame after the first may cover only part of the image: the
 * rectangle where it differs from the frame before, at its offset in the
 * fcTL, with dispose_op NONE (what a frame drew stays) and blend_op SOURCE
 * (its pixels replace those below). A press on Enlight changes a cross of
 * five cells, so its frame is a few cells instead of the whole board: on a
 * 30 × 30 board that makes the file and the time about ten times smaller.
 * The first frame is the whole image, as the default image must be, so each
 * loop of the animation starts from a clean picture. */
#include "hb-anim.h"
#include "hb-draw.h"
#include "hb-save.h"
#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

G_DEFINE_QUARK (hb-anim-error-quark, hb_anim_error)

static const guint8 png_signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };

/* ---- CRC-32, as PNG defines it -------------------------------------------
 * The reflected polynomial 0xEDB88320, initial value and final xor all ones
 * (PNG specification, annex D), over the chunk type and data. */

static guint32 crc_table[256];

static void
crc_table_init (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      for (guint32 n = 0; n < 256; n++)
        {
          guint32 c = n;
          for (int k = 0; k < 8; k++)
            c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
          crc_table[n] = c;
        }
      g_once_init_leave (&done, 1);
    }
}

/* Continues a running CRC (start with 0xffffffff, finish with ~). */
static guint32
crc_update (guint32 crc, const guint8 *p, gsize len)
{
  for (gsize i = 0; i < len; i++)
    crc = crc_table[(crc ^ p[i]) & 0xff] ^ (crc >> 8);
  return crc;
}

static void
put_be32 (guint8 *p, guint32 v)
{
  p[0] = v >> 24;
  p[1] = v >> 16;
  p[2] = v >> 8;
  p[3] = v;
}

static void
put_be16 (guint8 *p, guint16 v)
{
  p[0] = v >> 8;
  p[1] = v;
}

static guint32
get_be32 (const guint8 *p)
{
  return ((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3];
}

/* ---- The writer ------------------------------------------------------------ */

struct _HbApngWriter {
  GOutputStream  *out;
  guint           n_frames;
  guint           added;
  guint32         sequence;      /* the next fcTL / fdAT sequence number */
  int             width, height;
  cairo_format_t  format;
  guint8          ihdr[13];
  gboolean        failed;        /* a write failed: the output is unusable */
  gboolean        finished;
};

/* One chunk of a PNG in memory. */
typedef struct {
  char          type[5];
  const guint8 *data;
  guint32       len;
} Chunk;

HbApngWriter *
hb_apng_writer_new (GOutputStream *out, guint n_frames, GError **error)
{
  HbApngWriter *w;

  g_return_val_if_fail (G_IS_OUTPUT_STREAM (out), NULL);

  if (n_frames == 0)
    {
      g_set_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_USAGE,
                   _("an animation needs at least one frame"));
      return NULL;
    }
  if (n_frames > HB_ANIM_MAX_FRAMES)
    {
      g_set_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_TOO_LONG,
                   g_dngettext (NULL, "an animation of %u frame is too long; the most is %d",
                                "an animation of %u frames is too long; the most is %d",
                                n_frames),
                   n_frames, HB_ANIM_MAX_FRAMES);
      return NULL;
    }
  crc_table_init ();
  w = g_new0 (HbApngWriter, 1);
  w->out = g_object_ref (out);
  w->n_frames = n_frames;
  return w;
}

void
hb_apng_writer_free (HbApngWriter *w)
{
  if (w == NULL)
    return;
  g_object_unref (w->out);
  g_free (w);
}

static gboolean
write_bytes (HbApngWriter *w, const void *data, gsize len,
             GCancellable *cancellable, GError **error)
{
  if (!g_output_stream_write_all (w->out, data, len, NULL, cancellable, error))
    {
      w->failed = TRUE;
      return FALSE;
    }
  return TRUE;
}

/* Writes a chunk whose data is `prefix` (may be empty) then `data`. */
static gboolean
write_chunk (HbApngWriter *w, const char *type,
             const guint8 *prefix, gsize prefix_len,
             const guint8 *data, gsize len,
             GCancellable *cancellable, GError **error)
{
  guint8 head[8], tail[4];
  guint32 crc;

  put_be32 (head, (guint32) (prefix_len + len));
  memcpy (head + 4, type, 4);
  crc = crc_update (0xffffffffu, head + 4, 4);
  crc = crc_update (crc, prefix, prefix_len);
  crc = crc_update (crc, data, len);
  put_be32 (tail, ~crc);
  return write_bytes (w, head, sizeof head, cancellable, error)
         && (prefix_len == 0 || write_bytes (w, prefix, prefix_len, cancellable, error))
         && (len == 0 || write_bytes (w, data, len, cancellable, error))
         && write_bytes (w, tail, sizeof tail, cancellable, error);
}

static cairo_status_t
png_to_bytes (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* Splits a PNG cairo wrote into chunks, up to IEND. */
static gboolean
split_png (const GByteArray *png, GArray *chunks, GError **error)
{
  gsize pos = sizeof png_signature;

  if (png->len < pos || memcmp (png->data, png_signature, pos) != 0)
    goto bad;
  while (pos + 12 <= png->len)
    {
      Chunk c;

      c.len = get_be32 (png->data + pos);
      memcpy (c.type, png->data + pos + 4, 4);
      c.type[4] = '\0';
      if (c.len > 0x7fffffffu || c.len > png->len - pos - 12)
        goto bad;
      c.data = png->data + pos + 8;
      g_array_append_val (chunks, c);
      pos += 12 + (gsize) c.len;
      if (strcmp (c.type, "IEND") == 0)
        break;
    }
  if (chunks->len >= 2
      && strcmp (g_array_index (chunks, Chunk, 0).type, "IHDR") == 0
      && g_array_index (chunks, Chunk, 0).len == 13
      && strcmp (g_array_index (chunks, Chunk, chunks->len - 1).type, "IEND") == 0)
    return TRUE;

bad:
  g_set_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_FRAME,
               _("cairo wrote a frame that is not a well-formed PNG"));
  return FALSE;
}

/* A delay in milliseconds as the fcTL's fraction of a second (16 bits
 * each): ms/1000 up to 65.535 s, whole seconds beyond. */
static void
delay_fraction (guint delay_ms, guint16 *num, guint16 *den)
{
  if (delay_ms <= G_MAXUINT16)
    {
      *num = (guint16) delay_ms;
      *den = 1000;
    }
  else
    {
      *num = (guint16) MIN (delay_ms / 1000, G_MAXUINT16);
      *den = 1;
    }
}

gboolean
hb_apng_writer_add_frame (HbApngWriter *w, cairo_surface_t *frame,
                          int x_offset, int y_offset, guint delay_ms,
                          GCancellable *cancellable, GError **error)
{
  g_autoptr(GByteArray) png = NULL;
  g_autoptr(GArray) chunks = NULL;
  const Chunk *ihdr;
  guint8 fctl[26];
  guint16 num, den;
  gboolean first = w->added == 0;
  int width, height;
  gboolean seen_idat = FALSE;

  g_return_val_if_fail (w != NULL, FALSE);
  g_return_val_if_fail (frame != NULL, FALSE);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  if (w->failed)
    {
      g_set_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_USAGE,
                   _("the animation could not be written to the end"));
      return FALSE;
    }
  if (w->finished || w->added >= w->n_frames)
    {
      g_set_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_USAGE,
                   g_dngettext (NULL, "the animation already has its %u frame",
                                "the animation already has its %u frames", w->n_frames),
                   w->n_frames);
      return FALSE;
    }
  if (cairo_surface_status (frame) != CAIRO_STATUS_SUCCESS
      || cairo_surface_get_type (frame) != CAIRO_SURFACE_TYPE_IMAGE)
    {
      g_set_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_FRAME,
                   _("a frame could not be drawn: %s"),
                   cairo_status_to_string (cairo_surface_status (frame)));
      return FALSE;
    }
  width = cairo_image_surface_get_width (frame);
  height = cairo_image_surface_get_height (frame);
  if (width < 1 || height < 1 || width > HB_ANIM_MAX_SIDE || height > HB_ANIM_MAX_SIDE)
    {
      g_set_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_TOO_LARGE,
                   _("a frame of %d×%d pixels is too large for an animation; the most is %d×%d"),
                   width, height, HB_ANIM_MAX_SIDE, HB_ANIM_MAX_SIDE);
      return FALSE;
    }
  if (first ? x_offset != 0 || y_offset != 0
            : x_offset < 0 || y_offset < 0
              || x_offset > w->width - width || y_offset > w->height - height
              || cairo_image_surface_get_format (frame) != w->format)
    {
      g_set_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_USAGE,
                   _("frame %u (%d×%d pixels at %d, %d) does not fit the first frame (%d×%d)"),
                   w->added + 1, width, height, x_offset, y_offset,
                   first ? width : w->width, first ? height : w->height);
      return FALSE;
    }

  cairo_surface_flush (frame);
  png = g_byte_array_new ();
  if (cairo_surface_write_to_png_stream (frame, png_to_bytes, png) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_FRAME,
                   _("cairo could not encode a frame"));
      return FALSE;
    }
  chunks = g_array_new (FALSE, FALSE, sizeof (Chunk));
  if (!split_png (png, chunks, error))
    return FALSE;
  ihdr = &g_array_index (chunks, Chunk, 0);
  if (!first && memcmp (ihdr->data + 8, w->ihdr + 8, 5) != 0)
    {
      /* Same surface format, yet another bit depth, colour type, filter or
       * interlace method: the data would not decode under the IHDR. */
      g_set_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_FRAME,
                   _("cairo wrote frame %u with another PNG header than the first"),
                   w->added + 1);
      return FALSE;
    }

  if (first)
    {
      guint8 actl[8];

      w->width = width;
      w->height = height;
      w->format = cairo_image_surface_get_format (frame);
      memcpy (w->ihdr, ihdr->data, 13);
      put_be32 (actl, w->n_frames);
      put_be32 (actl + 4, 0);      /* num_plays: loop forever */
      if (!write_bytes (w, png_signature, sizeof png_signature, cancellable, error)
          || !write_chunk (w, "IHDR", NULL, 0, ihdr->data, 13, cancellable, error)
          || !write_chunk (w, "acTL", NULL, 0, actl, sizeof actl, cancellable, error))
        return FALSE;
    }

  delay_fraction (delay_ms, &num, &den);
  put_be32 (fctl, w->sequence++);
  put_be32 (fctl + 4, (guint32) width);
  put_be32 (fctl + 8, (guint32) height);
  put_be32 (fctl + 12, (guint32) x_offset);
  put_be32 (fctl + 16, (guint32) y_offset);
  put_be16 (fctl + 20, num);
  put_be16 (fctl + 22, den);
  fctl[24] = 0;                    /* dispose_op: APNG_DISPOSE_OP_NONE */
  fctl[25] = 0;                    /* blend_op: APNG_BLEND_OP_SOURCE */

  for (guint i = 1; i < chunks->len; i++)
    {
      const Chunk *c = &g_array_index (chunks, Chunk, i);

      if (strcmp (c->type, "IDAT") == 0)
        {
          if (!seen_idat
              && !write_chunk (w, "fcTL", NULL, 0, fctl, sizeof fctl, cancellable, error))
            return FALSE;
          seen_idat = TRUE;
          if (first)
            {
              if (!write_chunk (w, "IDAT", NULL, 0, c->data, c->len, cancellable, error))
                return FALSE;
            }
          else
            {
              guint8 seq[4];

              put_be32 (seq, w->sequence++);
              if (!write_chunk (w, "fdAT", seq, sizeof seq, c->data, c->len,
                                cancellable, error))
                return FALSE;
            }
        }
      else if (first && !seen_idat && strcmp (c->type, "IEND") != 0)
        {
          /* Ancillary chunks of the default image (gamma, physical size),
           * if cairo writes any: they belong before the image data. */
          if (!write_chunk (w, c->type, NULL, 0, c->data, c->len, cancellable, error))
            return FALSE;
        }
    }
  if (!seen_idat)
    {
      if (first)
        w->failed = TRUE;   /* the header is out: no other frame can follow */
      g_set_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_FRAME,
                   _("cairo wrote a frame without image data"));
      return FALSE;
    }
  w->added++;
  return TRUE;
}

gboolean
hb_apng_writer_finish (HbApngWriter *w, GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (w != NULL, FALSE);

  if (w->failed)
    {
      g_set_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_USAGE,
                   _("the animation could not be written to the end"));
      return FALSE;
    }
  if (w->finished || w->added != w->n_frames)
    {
      g_set_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_USAGE,
                   /* TRANSLATORS: the frames added of the frames the
                    * animation was made for; the noun follows the second */
                   g_dngettext (NULL, "the animation has %u of its %u frame",
                                "the animation has %u of its %u frames", w->n_frames),
                   w->added, w->n_frames);
      return FALSE;
    }
  if (!write_chunk (w, "IEND", NULL, 0, NULL, 0, cancellable, error))
    return FALSE;
  w->finished = TRUE;
  return TRUE;
}

/* ---- A solution ------------------------------------------------------------ */

static int
frame_margin (int cell)
{
  return CLAMP (cell / 2, 4, 16);
}

gboolean
hb_anim_frame_size (int w, int h, int cell_px, int *out_w, int *out_h,
                    int *out_cell, GError **error)
{
  int side = MAX (MAX (w, h), 1);
  int cell = CLAMP (cell_px, HB_ANIM_MIN_CELL, 256);

  /* The margin is at most 16, so this fits whatever margin the smaller
   * cell then gets. */
  if ((gint64) cell * side + 2 * frame_margin (cell) > HB_ANIM_MAX_SIDE)
    cell = (HB_ANIM_MAX_SIDE - 2 * 16) / side;
  if (cell < HB_ANIM_MIN_CELL)
    {
      g_set_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_TOO_LARGE,
                   g_dngettext (NULL,
                                "a %d×%d board is too large for an animation; the most is %d "
                                "cell a side",
                                "a %d×%d board is too large for an animation; the most is %d "
                                "cells a side",
                                (HB_ANIM_MAX_SIDE - 2 * 16) / HB_ANIM_MIN_CELL),
                   w, h, (HB_ANIM_MAX_SIDE - 2 * 16) / HB_ANIM_MIN_CELL);
      return FALSE;
    }
  if (out_cell)
    *out_cell = cell;
  if (out_w)
    *out_w = cell * MAX (w, 1) + 2 * frame_margin (cell);
  if (out_h)
    *out_h = cell * MAX (h, 1) + 2 * frame_margin (cell);
  return TRUE;
}

/* Plays the answer without drawing, so that a wrong one is refused before
 * anything is written. Moves the game finds nothing to do for are allowed
 * (their frame repeats the last), as long as the board ends solved. */
static gboolean
check_answer (const HbState *initial, const HbResult *result, GError **error)
{
  const HbGame *game = initial->game;
  const HbMove *moves = (const HbMove *) result->moves->data;
  guint n = result->moves->len;
  HbState *state = hb_state_copy (initial);
  gint64 first_bad = -1;
  gboolean solved;

  for (guint i = 0; i < n; i++)
    {
      HbState *next = game->apply (state, &moves[i]);
      if (next == NULL)
        {
          if (first_bad < 0)
            first_bad = i;
          continue;
        }
      hb_state_free (state);
      state = next;
    }
  solved = game->is_solved == NULL || game->is_solved (state);
  hb_state_free (state);
  if (solved)
    return TRUE;
  if (first_bad >= 0)
    /* TRANSLATORS: an answer that cannot be animated: "move 3 of 12 does
     * not apply to the board, and the moves do not solve it" */
    g_set_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_BAD_ANSWER,
                 _("move %u of %u does not apply to the board, and the moves do not solve it"),
                 (guint) first_bad + 1, n);
  else
    g_set_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_BAD_ANSWER,
                 _("the moves do not end on a solved board"));
  return FALSE;
}

void
hb_anim_render_frame (const HbState *state, int cell, gboolean dark,
                      cairo_surface_t *surface)
{
  cairo_t *cr = cairo_create (surface);
  int w = cairo_image_surface_get_width (surface);
  int h = cairo_image_surface_get_height (surface);
  HbRenderOptions ro = { 0 };
  HbLayout layout;

  ro.dark = dark;
  ro.mode = HB_MODE_PLAY;
  ro.hover_x = ro.hover_y = -1;
  hb_draw_page (cr, dark);
  hb_layout_fit (&layout, state->width, state->height, w, h, frame_margin (cell));
  state->game->render (state, cr, &layout, &ro);
  cairo_destroy (cr);
}

/* The smallest rectangle holding every pixel where `cur` differs from
 * `prev` (both RGB24 of one size; the unused alpha byte is ignored). An
 * unchanged frame gets one pixel, since a frame cannot be empty. */
static void
changed_rect (cairo_surface_t *prev, cairo_surface_t *cur,
              int *rx, int *ry, int *rw, int *rh)
{
  int w = cairo_image_surface_get_width (cur), h = cairo_image_surface_get_height (cur);
  int stride = cairo_image_surface_get_stride (cur);
  const guint8 *a = cairo_image_surface_get_data (prev);
  const guint8 *b = cairo_image_surface_get_data (cur);
  int x0 = w, y0 = h, x1 = -1, y1 = -1;

  for (int y = 0; y < h; y++)
    {
      const guint32 *pa = (const guint32 *) (a + (gsize) y * stride);
      const guint32 *pb = (const guint32 *) (b + (gsize) y * stride);
      int first = -1, last = -1;

      if (memcmp (pa, pb, (gsize) w * 4) == 0)
        continue;
      for (int x = 0; x < w; x++)
        if ((pa[x] ^ pb[x]) & 0xffffff)
          {
            if (first < 0)
              first = x;
            last = x;
          }
      if (first < 0)
        continue;
      x0 = MIN (x0, first);
      x1 = MAX (x1, last);
      y0 = MIN (y0, y);
      y1 = y;
    }
  if (x1 < 0)
    {
      *rx = *ry = 0;
      *rw = *rh = 1;
      return;
    }
  *rx = x0;
  *ry = y0;
  *rw = x1 - x0 + 1;
  *rh = y1 - y0 + 1;
}

gboolean
hb_anim_can_animate (const HbState *initial, const HbResult *result, int cell_px,
                     GError **error)
{
  int width, height, cell;

  if (result->status != HB_STATUS_SOLVED || result->moves == NULL)
    {
      g_set_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_BAD_ANSWER,
                   _("there is no solution to animate"));
      return FALSE;
    }
  if (result->moves->len >= HB_ANIM_MAX_FRAMES)
    {
      g_set_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_TOO_LONG,
                   g_dngettext (NULL,
                                "the solution has %u move, too many to animate; the most is %d",
                                "the solution has %u moves, too many to animate; the most is %d",
                                result->moves->len),
                   result->moves->len, HB_ANIM_MAX_FRAMES - 1);
      return FALSE;
    }
  return hb_anim_frame_size (initial->width, initial->height, cell_px,
                             &width, &height, &cell, error);
}

gboolean
hb_anim_write_solution (const HbState         *initial,
                        const HbResult        *result,
                        const HbRenderOptions *options,
                        int                    cell_px,
                        double                 seconds_per_frame,
                        GOutputStream         *out,
                        GCancellable          *cancellable,
                        GError               **error)
{
  g_autoptr(HbApngWriter) writer = NULL;
  const HbGame *game;
  const HbMove *moves;
  cairo_surface_t *surface, *previous;
  HbState *state;
  guint n_moves, delay_ms;
  int width, height, cell;
  gboolean ok = TRUE;

  g_return_val_if_fail (initial != NULL, FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (out), FALSE);

  game = initial->game;
  if (!hb_anim_can_animate (initial, result, cell_px, error))
    return FALSE;
  n_moves = result->moves->len;
  if (!hb_anim_frame_size (initial->width, initial->height, cell_px,
                           &width, &height, &cell, error))
    return FALSE;
  if (!check_answer (initial, result, error))
    return FALSE;
  writer = hb_apng_writer_new (out, n_moves + 1, error);
  if (writer == NULL)
    return FALSE;

  delay_ms = (guint) lround (CLAMP (isfinite (seconds_per_frame) ? seconds_per_frame : 0.5,
                                    0.01, 60.0) * 1000);

  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  previous = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  moves = (const HbMove *) result->moves->data;
  state = hb_state_copy (initial);
  for (guint i = 0; ok && i <= n_moves; i++)
    {
      guint delay = i == n_moves ? delay_ms * HB_ANIM_HOLD_LAST : delay_ms;

      if (i > 0)
        {
          HbState *next = game->apply (state, &moves[i - 1]);
          if (next != NULL)
            {
              hb_state_free (state);
              state = next;
            }
        }
      hb_anim_render_frame (state, cell, options ? options->dark : FALSE, surface);
      cairo_surface_flush (surface);
      if (i == 0)
        ok = hb_apng_writer_add_frame (writer, surface, 0, 0, delay, cancellable, error);
      else
        {
          /* Only what changed, as an image surface over the same pixels. */
          int stride = cairo_image_surface_get_stride (surface);
          int x, y, w, h;
          cairo_surface_t *part;

          changed_rect (previous, surface, &x, &y, &w, &h);
          part = cairo_image_surface_create_for_data (cairo_image_surface_get_data (surface)
                                                      + (gsize) y * stride + (gsize) x * 4,
                                                      CAIRO_FORMAT_RGB24, w, h, stride);
          ok = hb_apng_writer_add_frame (writer, part, x, y, delay, cancellable, error);
          cairo_surface_destroy (part);
        }
      /* The frame just written is the next one's reference. */
      {
        cairo_surface_t *t = previous;
        previous = surface;
        surface = t;
      }
    }
  hb_state_free (state);
  cairo_surface_destroy (surface);
  cairo_surface_destroy (previous);
  return ok && hb_apng_writer_finish (writer, cancellable, error);
}

gboolean
hb_anim_save_solution (GFile                 *file,
                       const HbState         *initial,
                       const HbResult        *result,
                       const HbRenderOptions *options,
                       int                    cell_px,
                       double                 seconds_per_frame,
                       GCancellable          *cancellable,
                       GError               **error)
{
  g_autoptr(GFileOutputStream) stream = NULL;
  g_autoptr(GFile) parent = NULL;
  g_autoptr(GFile) tmp = NULL;
  g_autoptr(GFile) real = NULL;
  g_autofree char *base = NULL;
  g_autofree char *path = NULL;
  gboolean ok, in_place = FALSE;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  /* As hb_write_atomic writes: where a symbolic link points (the link
   * stays one), keeping the replaced file's permissions, and a device or
   * a FIFO in place. */
  path = g_file_get_path (file);
  if (path != NULL)
    {
      g_autofree char *target = hb_save_target (path, error);
      GStatBuf st;

      if (target == NULL)
        return FALSE;
      real = g_file_new_for_path (target);
      in_place = g_stat (target, &st) == 0 && !S_ISREG (st.st_mode) && !S_ISDIR (st.st_mode);
      file = real;
    }
  if (in_place)
    {
      stream = g_file_append_to (file, G_FILE_CREATE_NONE, cancellable, error);
      if (stream == NULL)
        return FALSE;
      ok = hb_anim_write_solution (initial, result, options, cell_px, seconds_per_frame,
                                   G_OUTPUT_STREAM (stream), cancellable, error);
      if (!g_output_stream_close (G_OUTPUT_STREAM (stream), NULL, ok ? error : NULL))
        ok = FALSE;
      return ok;
    }

  /* Written to a new hidden file beside the target and moved over it once
   * whole: g_file_replace wrote a new file in place, so an interrupted
   * run left half a picture under the name asked for. A failure deletes
   * the temporary file; the target, if any, is left as it was. */
  parent = g_file_get_parent (file);
  base = g_file_get_basename (file);
  if (parent == NULL || base == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME, "%s", _("not a file name"));
      return FALSE;
    }
  for (int attempt = 0; stream == NULL; attempt++)
    {
      g_autofree char *name = g_strdup_printf (".%s.%08x", base, g_random_int ());
      g_autoptr(GError) local = NULL;

      g_clear_object (&tmp);
      tmp = g_file_get_child (parent, name);
      stream = g_file_create (tmp, G_FILE_CREATE_NONE, cancellable, &local);
      if (stream == NULL && (attempt >= 8 || !g_error_matches (local, G_IO_ERROR, G_IO_ERROR_EXISTS)))
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
    }
  ok = hb_anim_write_solution (initial, result, options, cell_px, seconds_per_frame,
                               G_OUTPUT_STREAM (stream), cancellable, error);
  /* Closed whatever happened (a close cancelled with the write would
   * leave the file open). */
  if (!g_output_stream_close (G_OUTPUT_STREAM (stream), NULL, ok ? error : NULL))
    ok = FALSE;
  if (ok && path != NULL)
    {
      g_autofree char *tmp_path = g_file_get_path (tmp);
      g_autofree char *target = g_file_get_path (file);
      if (tmp_path != NULL && target != NULL && !hb_save_keep_mode (target, tmp_path))
        {
          int e = errno;
          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (e), "%s", g_strerror (e));
          ok = FALSE;
        }
    }
  /* A file with other names or another user's is written in place
   * (hb_save_in_place), once the picture is whole. */
  if (ok && path != NULL && hb_save_in_place (g_file_peek_path (file))
      && access (g_file_peek_path (file), R_OK) == 0)
    {
      g_autofree char *bytes = NULL;
      gsize len = 0;
      int e;

      ok = g_file_load_contents (tmp, cancellable, &bytes, &len, NULL, error);
      if (ok && (e = hb_save_write_in_place (g_file_peek_path (file), bytes, len)) != 0)
        {
          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (e), "%s", g_strerror (e));
          ok = FALSE;
        }
      g_file_delete (tmp, NULL, NULL);
      return ok;
    }
  if (ok)
    ok = g_file_move (tmp, file, G_FILE_COPY_OVERWRITE,
                      NULL, NULL, NULL, error);
  if (!ok)
    g_file_delete (tmp, NULL, NULL);
  return ok;
}
