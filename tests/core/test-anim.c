/* test-anim.c: solutions written as animated PNGs (hb-anim.h).
 *
 * The files are read back by a little APNG reader of this test's own (not
 * hb-anim.c's code): PNG signature, every chunk's CRC-32 (computed bit by
 * bit here, not from a table), IHDR first, one acTL before any image data
 * with num_frames = moves + 1 and endless play, one fcTL per frame before
 * that frame's data, fcTL and fdAT sequence numbers 0, 1, 2, … with no gap,
 * the first frame in IDAT and the others in fdAT, the first frame the whole
 * image and the others rectangles inside it, the delays, IEND last.
 * Then every frame is rebuilt as a plain PNG from its IDAT/fdAT data,
 * decoded by cairo's PNG reader (a decoder independent of the writer) and
 * painted at its offset over the frames before, as a viewer does: a picture
 * after a real move must differ from the one before, the picture after a
 * move that does nothing must equal it, and the last picture must equal the
 * one frame of an animation of the solved board alone.
 *
 * Levels come from the games' generators and answers from their default
 * solvers; the error cases use answers edited by hand. */
#include "hb-anim.h"
#include "hb-game.h"
#include "hb-registry.h"
#include "hb-test-util.h"

#include <glib/gstdio.h>
#include <string.h>

static const guint8 signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };

/* ---- The test's own APNG reader ------------------------------------------ */

typedef struct {
  char          type[5];
  const guint8 *data;
  guint32       len;
} TChunk;

typedef struct {
  GPtrArray *parts;     /* GBytes: the frame's zlib data, in order */
  guint32    width, height, x, y;
  guint16    delay_num, delay_den;
  guint8     dispose, blend;
} TFrame;

typedef struct {
  guint8  ihdr[13];
  guint32 width, height;
  guint32 num_frames, num_plays;
  GArray *frames;       /* TFrame */
} TApng;

static guint32
be32 (const guint8 *p)
{
  return ((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3];
}

static guint16
be16 (const guint8 *p)
{
  return (guint16) ((p[0] << 8) | p[1]);
}

/* Bitwise CRC-32 (PNG's: reflected 0x04C11DB7), no table. */
static guint32
crc_bits (const guint8 *a, gsize alen, const guint8 *b, gsize blen)
{
  guint32 crc = 0xffffffffu;

  for (gsize i = 0; i < alen + blen; i++)
    {
      crc ^= i < alen ? a[i] : b[i - alen];
      for (int k = 0; k < 8; k++)
        crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1)));
    }
  return ~crc;
}

static void
tapng_clear (TApng *a)
{
  for (guint i = 0; a->frames && i < a->frames->len; i++)
    g_ptr_array_unref (g_array_index (a->frames, TFrame, i).parts);
  g_clear_pointer (&a->frames, g_array_unref);
}

/* Reads and checks the whole structure; fails the test on any fault. */
static void
tapng_read (TApng *a, const guint8 *data, gsize size)
{
  g_autoptr(GArray) chunks = g_array_new (FALSE, FALSE, sizeof (TChunk));
  gsize pos = 8;
  guint32 next_seq = 0;
  gboolean seen_actl = FALSE, seen_idat = FALSE, seen_fdat = FALSE;
  TFrame *frame = NULL;

  memset (a, 0, sizeof *a);
  a->frames = g_array_new (FALSE, TRUE, sizeof (TFrame));

  g_assert_cmpuint (size, >, 8);
  g_assert_cmpmem (data, 8, signature, 8);
  while (pos < size)
    {
      TChunk c;

      g_assert_cmpuint (size - pos, >=, 12);
      c.len = be32 (data + pos);
      g_assert_cmpuint (c.len, <=, size - pos - 12);
      memcpy (c.type, data + pos + 4, 4);
      c.type[4] = '\0';
      c.data = data + pos + 8;
      g_assert_cmpuint (crc_bits (data + pos + 4, 4, c.data, c.len), ==,
                        be32 (data + pos + 8 + c.len));
      g_array_append_val (chunks, c);
      pos += 12 + (gsize) c.len;
    }
  g_assert_cmpuint (pos, ==, size);
  g_assert_cmpuint (chunks->len, >=, 5);

  for (guint i = 0; i < chunks->len; i++)
    {
      const TChunk *c = &g_array_index (chunks, TChunk, i);

      if (i == 0)
        {
          g_assert_cmpstr (c->type, ==, "IHDR");
          g_assert_cmpuint (c->len, ==, 13);
          memcpy (a->ihdr, c->data, 13);
          a->width = be32 (c->data);
          a->height = be32 (c->data + 4);
          continue;
        }
      g_assert_cmpstr (c->type, !=, "IHDR");
      if (i == chunks->len - 1)
        {
          g_assert_cmpstr (c->type, ==, "IEND");
          g_assert_cmpuint (c->len, ==, 0);
          continue;
        }
      g_assert_cmpstr (c->type, !=, "IEND");
      if (strcmp (c->type, "acTL") == 0)
        {
          g_assert_false (seen_actl);
          g_assert_false (seen_idat);
          g_assert_cmpuint (c->len, ==, 8);
          a->num_frames = be32 (c->data);
          a->num_plays = be32 (c->data + 4);
          seen_actl = TRUE;
        }
      else if (strcmp (c->type, "fcTL") == 0)
        {
          TFrame f = { 0 };

          g_assert_true (seen_actl);
          g_assert_cmpuint (c->len, ==, 26);
          g_assert_cmpuint (be32 (c->data), ==, next_seq);
          next_seq++;
          /* The frame before this one had its data. */
          if (frame != NULL)
            g_assert_cmpuint (frame->parts->len, >, 0);
          f.parts = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
          f.width = be32 (c->data + 4);
          f.height = be32 (c->data + 8);
          f.x = be32 (c->data + 12);
          f.y = be32 (c->data + 16);
          f.delay_num = be16 (c->data + 20);
          f.delay_den = be16 (c->data + 22);
          f.dispose = c->data[24];
          f.blend = c->data[25];
          g_array_append_val (a->frames, f);
          frame = &g_array_index (a->frames, TFrame, a->frames->len - 1);
        }
      else if (strcmp (c->type, "IDAT") == 0)
        {
          /* The default image is the first frame: its fcTL came first, and
           * no fdAT came before. */
          g_assert_nonnull (frame);
          g_assert_cmpuint (a->frames->len, ==, 1);
          g_assert_false (seen_fdat);
          seen_idat = TRUE;
          g_ptr_array_add (frame->parts, g_bytes_new (c->data, c->len));
        }
      else if (strcmp (c->type, "fdAT") == 0)
        {
          g_assert_true (seen_idat);
          g_assert_nonnull (frame);
          g_assert_cmpuint (a->frames->len, >=, 2);
          g_assert_cmpuint (c->len, >, 4);
          g_assert_cmpuint (be32 (c->data), ==, next_seq);
          next_seq++;
          seen_fdat = TRUE;
          g_ptr_array_add (frame->parts, g_bytes_new (c->data + 4, c->len - 4));
        }
      else
        /* Only ancillary chunks otherwise (lower-case first letter). */
        g_assert_true (g_ascii_islower (c->type[0]));
    }
  g_assert_true (seen_actl);
  g_assert_true (seen_idat);
  g_assert_nonnull (frame);
  g_assert_cmpuint (frame->parts->len, >, 0);
  g_assert_cmpuint (a->num_frames, ==, a->frames->len);
  g_assert_cmpuint (a->num_plays, ==, 0);
}

static void
put32 (GByteArray *b, guint32 v)
{
  guint8 p[4] = { v >> 24, v >> 16, v >> 8, v };
  g_byte_array_append (b, p, 4);
}

static void
append_chunk (GByteArray *b, const char *type, const guint8 *data, gsize len)
{
  put32 (b, (guint32) len);
  g_byte_array_append (b, (const guint8 *) type, 4);
  if (len)
    g_byte_array_append (b, data, (guint) len);
  put32 (b, crc_bits ((const guint8 *) type, 4, data, len));
}

typedef struct {
  const guint8 *p;
  gsize left;
} Reader;

static cairo_status_t
read_cb (void *closure, unsigned char *data, unsigned int length)
{
  Reader *r = closure;

  if (length > r->left)
    return CAIRO_STATUS_READ_ERROR;
  memcpy (data, r->p, length);
  r->p += length;
  r->left -= length;
  return CAIRO_STATUS_SUCCESS;
}

/* Frame i as a plain PNG (IHDR with the frame's size, its data as IDATs,
 * IEND), decoded by cairo. */
static cairo_surface_t *
tapng_decode (const TApng *a, guint i)
{
  const TFrame *f = &g_array_index (a->frames, TFrame, i);
  g_autoptr(GByteArray) png = g_byte_array_new ();
  guint8 ihdr[13];
  cairo_surface_t *s;
  Reader r;

  memcpy (ihdr, a->ihdr, 13);
  for (int k = 0; k < 4; k++)
    {
      ihdr[k] = (guint8) (f->width >> (24 - 8 * k));
      ihdr[4 + k] = (guint8) (f->height >> (24 - 8 * k));
    }
  g_byte_array_append (png, signature, 8);
  append_chunk (png, "IHDR", ihdr, 13);
  for (guint k = 0; k < f->parts->len; k++)
    {
      gsize n;
      const guint8 *d = g_bytes_get_data (g_ptr_array_index (f->parts, k), &n);
      append_chunk (png, "IDAT", d, n);
    }
  append_chunk (png, "IEND", NULL, 0);
  r.p = png->data;
  r.left = png->len;
  s = cairo_image_surface_create_from_png_stream (read_cb, &r);
  g_assert_cmpint (cairo_surface_status (s), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (s), ==, (int) f->width);
  g_assert_cmpint (cairo_image_surface_get_height (s), ==, (int) f->height);
  return s;
}

/* Paints frame i over `canvas` at its offset, replacing what is there
 * (blend_op SOURCE; dispose_op NONE keeps it for the next frame). */
static void
tapng_compose (const TApng *a, guint i, cairo_surface_t *canvas)
{
  const TFrame *f = &g_array_index (a->frames, TFrame, i);
  cairo_surface_t *s = tapng_decode (a, i);
  cairo_t *cr = cairo_create (canvas);

  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  cairo_set_source_surface (cr, s, f->x, f->y);
  cairo_rectangle (cr, f->x, f->y, f->width, f->height);
  cairo_fill (cr);
  cairo_destroy (cr);
  cairo_surface_destroy (s);
}

static cairo_surface_t *
canvas_new (const TApng *a)
{
  return cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) a->width, (int) a->height);
}

static cairo_surface_t *
canvas_copy (cairo_surface_t *canvas)
{
  cairo_surface_t *copy = cairo_image_surface_create (CAIRO_FORMAT_RGB24,
                                                      cairo_image_surface_get_width (canvas),
                                                      cairo_image_surface_get_height (canvas));
  cairo_t *cr = cairo_create (copy);

  cairo_set_source_surface (cr, canvas, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
  return copy;
}

/* Same pixels (colour only: the alpha byte of RGB24 is undefined). */
static gboolean
same_pixels (cairo_surface_t *x, cairo_surface_t *y)
{
  int w = cairo_image_surface_get_width (x), h = cairo_image_surface_get_height (x);

  if (w != cairo_image_surface_get_width (y) || h != cairo_image_surface_get_height (y))
    return FALSE;
  cairo_surface_flush (x);
  cairo_surface_flush (y);
  for (int row = 0; row < h; row++)
    {
      const guint32 *px = (const guint32 *) (cairo_image_surface_get_data (x)
                                             + row * cairo_image_surface_get_stride (x));
      const guint32 *py = (const guint32 *) (cairo_image_surface_get_data (y)
                                             + row * cairo_image_surface_get_stride (y));
      for (int col = 0; col < w; col++)
        if ((px[col] & 0xffffff) != (py[col] & 0xffffff))
          return FALSE;
    }
  return TRUE;
}

/* ---- Helpers --------------------------------------------------------------- */

static GBytes *
write_to_memory (const HbState *initial, const HbResult *result, int cell,
                 double seconds, GError **error)
{
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  HbRenderOptions ro = { 0 };
  gboolean ok;

  ok = hb_anim_write_solution (initial, result, &ro, cell, seconds, out, NULL, error);
  g_assert_true (g_output_stream_close (out, NULL, NULL));
  if (!ok)
    {
      /* Refused before writing anything. */
      g_assert_cmpuint (g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (out)), ==, 0);
      return NULL;
    }
  return g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out));
}

static HbState *
generate (const char *game_id, int w, int h, int colours, guint64 seed)
{
  const HbGame *game = hb_registry_find_game (game_id);
  HbGenerateParams p = { w, h, colours, seed };
  g_autoptr(GError) error = NULL;
  HbState *s;

  g_assert_nonnull (game);
  s = game->generate (&p, &error);
  g_assert_no_error (error);
  g_assert_nonnull (s);
  return s;
}

static HbResult *
solve (const HbState *s)
{
  HbSolveOptions options = { 0 };
  g_autoptr(GError) error = NULL;
  HbResult *r;

  r = hb_solve (hb_game_default_solver (s->game), s, &options, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (r);
  g_assert_cmpint (r->status, ==, HB_STATUS_SOLVED);
  return r;
}

/* The answer played here: the board before each frame (states[i] after i
 * moves) and whether move i changed it, the test's own expectation of
 * which frames repeat. */
static gboolean *
play_answer (const HbState *initial, const HbResult *r, GPtrArray *states)
{
  gboolean *applies = g_new0 (gboolean, r->moves->len + 1);
  HbState *s = hb_state_copy (initial);

  g_ptr_array_add (states, hb_state_copy (s));
  for (guint i = 0; i < r->moves->len; i++)
    {
      HbState *next = s->game->apply (s, &g_array_index (r->moves, HbMove, i));
      applies[i] = next != NULL;
      if (next)
        {
          hb_state_free (s);
          s = next;
        }
      g_ptr_array_add (states, hb_state_copy (s));
    }
  g_assert_true (s->game->is_solved (s));
  hb_state_free (s);
  return applies;
}

/* Writes the answer, reads it back and checks everything the header says. */
static void
check_animation (const HbState *initial, const HbResult *r, int cell)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL, still = NULL;
  g_autoptr(GPtrArray) states = g_ptr_array_new_with_free_func ((GDestroyNotify) hb_state_free);
  g_autofree gboolean *applies = play_answer (initial, r, states);
  HbResult *solved_only;
  TApng a, b;
  int want_w, want_h, want_cell;
  gsize size;
  const guint8 *data;
  cairo_surface_t *canvas, *prev, *still_canvas, *expected;
  guint partial = 0;

  bytes = write_to_memory (initial, r, cell, 0.25, &error);
  g_assert_no_error (error);
  g_assert_nonnull (bytes);
  data = g_bytes_get_data (bytes, &size);
  tapng_read (&a, data, size);

  g_assert_cmpuint (a.num_frames, ==, r->moves->len + 1);
  g_assert_true (hb_anim_frame_size (initial->width, initial->height, cell,
                                     &want_w, &want_h, &want_cell, NULL));
  g_assert_cmpuint (a.width, ==, (guint) want_w);
  g_assert_cmpuint (a.height, ==, (guint) want_h);
  g_assert_cmpint (a.ihdr[12], ==, 0);    /* not interlaced */
  for (guint i = 0; i < a.frames->len; i++)
    {
      const TFrame *f = &g_array_index (a.frames, TFrame, i);
      double delay = (double) f->delay_num / (f->delay_den ? f->delay_den : 100);

      if (i == 0)
        {
          /* The default image: the whole picture. */
          g_assert_cmpuint (f->width, ==, a.width);
          g_assert_cmpuint (f->height, ==, a.height);
          g_assert_cmpuint (f->x, ==, 0);
          g_assert_cmpuint (f->y, ==, 0);
        }
      g_assert_cmpuint (f->width, >=, 1);
      g_assert_cmpuint (f->height, >=, 1);
      g_assert_cmpuint (f->x, <=, a.width - f->width);
      g_assert_cmpuint (f->y, <=, a.height - f->height);
      if (f->width < a.width || f->height < a.height)
        partial++;
      g_assert_cmpuint (f->dispose, ==, 0);
      g_assert_cmpuint (f->blend, ==, 0);
      g_assert_cmpfloat_with_epsilon (delay, i + 1 == a.frames->len
                                             ? 0.25 * HB_ANIM_HOLD_LAST : 0.25, 1e-9);
    }

  /* Frames after the first hold only what changed (every move here
   * changes less than the whole picture). */
  g_assert_cmpuint (partial, ==, a.frames->len - 1);

  /* The frames decode; the picture after i moves is the board after i
   * moves, drawn whole; it changes exactly where a move changed the board. */
  canvas = canvas_new (&a);
  expected = canvas_new (&a);
  tapng_compose (&a, 0, canvas);
  hb_anim_render_frame (g_ptr_array_index (states, 0), want_cell, FALSE, expected);
  g_assert_true (same_pixels (canvas, expected));
  prev = canvas_copy (canvas);
  for (guint i = 1; i < a.frames->len; i++)
    {
      tapng_compose (&a, i, canvas);
      hb_anim_render_frame (g_ptr_array_index (states, i), want_cell, FALSE, expected);
      g_assert_true (same_pixels (canvas, expected));
      if (applies[i - 1])
        g_assert_false (same_pixels (prev, canvas));
      else
        g_assert_true (same_pixels (prev, canvas));
      cairo_surface_destroy (prev);
      prev = canvas_copy (canvas);
    }
  cairo_surface_destroy (prev);
  cairo_surface_destroy (expected);

  /* The last frame is the solved board. */
  solved_only = hb_result_new (HB_STATUS_SOLVED);
  solved_only->solved = hb_state_copy (r->solved);
  still = write_to_memory (r->solved, solved_only, cell, 0.25, &error);
  g_assert_no_error (error);
  data = g_bytes_get_data (still, &size);
  tapng_read (&b, data, size);
  g_assert_cmpuint (b.num_frames, ==, 1);
  still_canvas = canvas_new (&b);
  tapng_compose (&b, 0, still_canvas);
  g_assert_true (same_pixels (canvas, still_canvas));
  cairo_surface_destroy (still_canvas);
  cairo_surface_destroy (canvas);
  hb_result_free (solved_only);
  tapng_clear (&b);
  tapng_clear (&a);
}

/* ---- Tests ----------------------------------------------------------------- */

static void
test_lights (void)
{
  HbState *s = generate ("lights", 5, 5, 0, 11);
  HbResult *r = solve (s);

  g_assert_cmpuint (r->moves->len, >, 1);
  check_animation (s, r, 24);
  /* A move the game finds nothing to do for (a press outside the board)
   * in a right answer: its frame repeats the last one. */
  hb_result_add_move (r, 0, -1, -1, 0);
  check_animation (s, r, 16);
  hb_result_free (r);
  hb_state_free (s);
}

static void
test_flood (void)
{
  HbState *s = generate ("flood", 8, 8, 6, 5);
  HbResult *r = solve (s);

  g_assert_cmpuint (r->moves->len, >, 3);
  check_animation (s, r, 20);
  hb_result_free (r);
  hb_state_free (s);
}

static void
test_loop (void)
{
  HbState *s = generate ("loop", 5, 4, 0, 3);
  HbResult *r = solve (s);

  check_animation (s, r, 20);
  hb_result_free (r);
  hb_state_free (s);
}

static void
test_too_many_frames (void)
{
  HbState *s = generate ("lights", 5, 5, 0, 11);
  HbResult *r = solve (s);
  g_autoptr(GError) error = NULL;
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  HbApngWriter *w;

  /* Presses outside the board change nothing (their frames repeat), so
   * the answer stays right: 1999 moves, 2000 frames, are written. */
  while (r->moves->len < HB_ANIM_MAX_FRAMES - 1)
    hb_result_add_move (r, 0, -1, -1, 0);
  g_assert_true (hb_anim_write_solution (s, r, NULL, 4, 0.1, out, NULL, &error));
  g_assert_no_error (error);

  /* One more is refused for its length alone, before anything is written. */
  hb_result_add_move (r, 0, -1, -1, 0);
  g_assert_null (write_to_memory (s, r, 4, 0.1, &error));
  g_assert_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_TOO_LONG);
  g_assert_nonnull (strstr (error->message, "2000"));
  g_clear_error (&error);

  w = hb_apng_writer_new (out, HB_ANIM_MAX_FRAMES + 1, &error);
  g_assert_null (w);
  g_assert_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_TOO_LONG);
  g_clear_error (&error);
  w = hb_apng_writer_new (out, 0, &error);
  g_assert_null (w);
  g_assert_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_USAGE);

  hb_result_free (r);
  hb_state_free (s);
}

static void
test_bad_answer (void)
{
  HbState *s = generate ("lights", 5, 5, 0, 11);
  HbResult *r = solve (s);
  HbResult *no = hb_result_new (HB_STATUS_NO_SOLUTION);
  g_autoptr(GError) error = NULL;
  HbMove *first;

  /* The first press moved off the board: it does not apply, and the other
   * presses alone leave lights on. */
  first = &g_array_index (r->moves, HbMove, 0);
  first->x += s->width;
  g_assert_null (write_to_memory (s, r, 16, 0.5, &error));
  g_assert_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_BAD_ANSWER);
  g_assert_nonnull (strstr (error->message, "move 1 of"));
  g_clear_error (&error);

  /* Every move applies, but one is missing. */
  first->x -= s->width;
  g_array_set_size (r->moves, r->moves->len - 1);
  g_assert_null (write_to_memory (s, r, 16, 0.5, &error));
  g_assert_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_BAD_ANSWER);
  g_assert_nonnull (strstr (error->message, "solved board"));
  g_clear_error (&error);

  /* No answer at all. */
  g_assert_null (write_to_memory (s, no, 16, 0.5, &error));
  g_assert_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_BAD_ANSWER);

  hb_result_free (no);
  hb_result_free (r);
  hb_state_free (s);
}

static void
test_too_large (void)
{
  const HbGame *lights = hb_registry_find_game ("lights");
  HbState *big = lights->new_blank (2000, 3);
  HbResult *r = hb_result_new (HB_STATUS_SOLVED);
  g_autoptr(GError) error = NULL;
  int w, h, cell;

  /* A 1000-cell side fits with 4-pixel cells; 2000 does not. */
  g_assert_true (hb_anim_frame_size (1000, 1000, 48, &w, &h, &cell, &error));
  g_assert_no_error (error);
  g_assert_cmpint (cell, ==, HB_ANIM_MIN_CELL);
  g_assert_cmpint (w, <=, HB_ANIM_MAX_SIDE);
  g_assert_cmpint (h, ==, w);
  g_assert_true (hb_anim_frame_size (10, 10, 48, &w, &h, &cell, NULL));
  g_assert_cmpint (cell, ==, 48);
  g_assert_cmpint (w, ==, 480 + 2 * 16);

  g_assert_null (write_to_memory (big, r, 48, 0.5, &error));
  g_assert_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_TOO_LARGE);
  g_clear_error (&error);

  /* The writer itself refuses a frame over the limit. */
  {
    g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
    g_autoptr(HbApngWriter) writer = hb_apng_writer_new (out, 1, &error);
    cairo_surface_t *huge = cairo_image_surface_create (CAIRO_FORMAT_RGB24,
                                                        HB_ANIM_MAX_SIDE + 1, 1);
    g_assert_no_error (error);
    g_assert_false (hb_apng_writer_add_frame (writer, huge, 0, 0, 100, NULL, &error));
    g_assert_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_TOO_LARGE);
    g_assert_cmpuint (g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (out)), ==, 0);
    cairo_surface_destroy (huge);
  }

  hb_result_free (r);
  hb_state_free (big);
}

static void
test_writer (void)
{
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GCancellable) cancel = g_cancellable_new ();
  HbApngWriter *w = hb_apng_writer_new (out, 3, &error);
  cairo_surface_t *a = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 20, 10);
  cairo_surface_t *b = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 10, 20);
  cairo_surface_t *c = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 5, 5);
  cairo_surface_t *argb = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 5, 5);
  TApng t;

  g_assert_no_error (error);
  /* The first frame is the whole image, at (0, 0). */
  g_assert_false (hb_apng_writer_add_frame (w, a, 1, 0, 100, NULL, &error));
  g_assert_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_USAGE);
  g_clear_error (&error);
  g_assert_true (hb_apng_writer_add_frame (w, a, 0, 0, 70000, NULL, &error));
  g_assert_no_error (error);
  /* Later frames must fit inside it, in its format. */
  g_assert_false (hb_apng_writer_add_frame (w, b, 0, 0, 100, NULL, &error));
  g_assert_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_USAGE);
  g_clear_error (&error);
  g_assert_false (hb_apng_writer_add_frame (w, c, 16, 5, 100, NULL, &error));
  g_assert_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_USAGE);
  g_clear_error (&error);
  g_assert_false (hb_apng_writer_add_frame (w, c, -1, 0, 100, NULL, &error));
  g_assert_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_USAGE);
  g_clear_error (&error);
  g_assert_false (hb_apng_writer_add_frame (w, argb, 0, 0, 100, NULL, &error));
  g_assert_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_USAGE);
  g_clear_error (&error);
  /* Finished early. */
  g_assert_false (hb_apng_writer_finish (w, NULL, &error));
  g_assert_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_USAGE);
  g_clear_error (&error);
  /* Cancelled. */
  g_cancellable_cancel (cancel);
  g_assert_false (hb_apng_writer_add_frame (w, a, 0, 0, 100, cancel, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  /* None of the refused frames was written: these are frames 2 and 3. */
  g_assert_true (hb_apng_writer_add_frame (w, c, 15, 5, 100, NULL, &error));
  g_assert_true (hb_apng_writer_add_frame (w, a, 0, 0, 65535, NULL, &error));
  g_assert_false (hb_apng_writer_add_frame (w, a, 0, 0, 100, NULL, &error));
  g_assert_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_USAGE);
  g_clear_error (&error);
  g_assert_true (hb_apng_writer_finish (w, NULL, &error));
  g_assert_no_error (error);
  hb_apng_writer_free (w);
  g_assert_true (g_output_stream_close (out, NULL, NULL));

  tapng_read (&t, g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (out)),
              g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (out)));
  g_assert_cmpuint (t.num_frames, ==, 3);
  g_assert_cmpuint (t.width, ==, 20);
  g_assert_cmpuint (t.height, ==, 10);
  g_assert_cmpuint (g_array_index (t.frames, TFrame, 1).x, ==, 15);
  g_assert_cmpuint (g_array_index (t.frames, TFrame, 1).y, ==, 5);
  g_assert_cmpuint (g_array_index (t.frames, TFrame, 1).width, ==, 5);
  g_assert_cmpuint (g_array_index (t.frames, TFrame, 1).height, ==, 5);
  /* 70 s does not fit 16 bits of milliseconds: whole seconds. */
  g_assert_cmpuint (g_array_index (t.frames, TFrame, 0).delay_num, ==, 70);
  g_assert_cmpuint (g_array_index (t.frames, TFrame, 0).delay_den, ==, 1);
  g_assert_cmpuint (g_array_index (t.frames, TFrame, 2).delay_num, ==, 65535);
  g_assert_cmpuint (g_array_index (t.frames, TFrame, 2).delay_den, ==, 1000);
  for (guint i = 0; i < 3; i++)
    cairo_surface_destroy (tapng_decode (&t, i));
  tapng_clear (&t);
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
  cairo_surface_destroy (c);
  cairo_surface_destroy (argb);
}

static void
test_save (void)
{
  g_autofree char *dir = g_dir_make_tmp ("hb-anim-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "a.png", NULL);
  g_autofree char *kept = g_build_filename (dir, "kept.png", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) kept_file = g_file_new_for_path (kept);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  HbState *s = generate ("lights", 4, 4, 0, 2);
  HbResult *r = solve (s);
  gsize len;
  TApng t;

  g_assert_true (hb_anim_save_solution (file, s, r, NULL, 12, 0.2, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  tapng_read (&t, (const guint8 *) contents, len);
  g_assert_cmpuint (t.num_frames, ==, r->moves->len + 1);
  tapng_clear (&t);
  g_clear_pointer (&contents, g_free);

  /* A refused answer leaves no new file, and an old file as it was. */
  g_unlink (path);
  hb_result_add_move (r, 0, 0, 0, 0);
  g_assert_false (hb_anim_save_solution (file, s, r, NULL, 12, 0.2, NULL, &error));
  g_assert_error (error, HB_ANIM_ERROR, HB_ANIM_ERROR_BAD_ANSWER);
  g_clear_error (&error);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  g_assert_true (g_file_set_contents (kept, "old", -1, NULL));
  g_assert_false (hb_anim_save_solution (kept_file, s, r, NULL, 12, 0.2, NULL, &error));
  g_clear_error (&error);
  g_assert_true (g_file_get_contents (kept, &contents, &len, NULL));
  g_assert_cmpstr (contents, ==, "old");
  g_unlink (kept);
  {
    /* Nothing else (no temporary file) is left in the folder. */
    GDir *d = g_dir_open (dir, 0, NULL);
    g_assert_null (g_dir_read_name (d));
    g_dir_close (d);
  }
  g_rmdir (dir);
  hb_result_free (r);
  hb_state_free (s);
}

/* The encoder is cairo and a few chunk copies: no image library is loaded
 * (the app's gdk-pixbuf in particular is not needed by the CLI or core). */
static void
test_no_pixbuf (void)
{
  g_autofree char *maps = NULL;

  if (!g_file_get_contents ("/proc/self/maps", &maps, NULL, NULL))
    {
      g_test_skip ("no /proc/self/maps");
      return;
    }
  g_assert_null (strstr (maps, "libgdk_pixbuf"));
  g_assert_null (strstr (maps, "libgtk"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/anim/lights", test_lights);
  g_test_add_func ("/anim/flood", test_flood);
  g_test_add_func ("/anim/loop", test_loop);
  g_test_add_func ("/anim/too-many-frames", test_too_many_frames);
  g_test_add_func ("/anim/bad-answer", test_bad_answer);
  g_test_add_func ("/anim/too-large", test_too_large);
  g_test_add_func ("/anim/writer", test_writer);
  g_test_add_func ("/anim/save", test_save);
  g_test_add_func ("/anim/no-pixbuf", test_no_pixbuf);
  return g_test_run ();
}
