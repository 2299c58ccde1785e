/* hb-board-view-cache.c: the board last drawn, kept as a picture, so
 * that a redraw that changes nothing about a large board costs a copy
 * instead of the whole render (see hb-board-view-private.h).
 *
 * A 4096 × 4096 board took about 0.5 s to draw (Infinite Loop), and the
 * view redrew it whole for every cell the pointer crossed in Play (the
 * hovered cell is drawn), for every keyboard cursor step and focus
 * change: the window waited that long each time. Now, on a board of
 * CACHE_MIN_CELLS or more whose last full render took CACHE_SLOW_US or
 * more, or whose cells are under CACHE_TINY_CELL pixels, the board is
 * rendered into an image surface of the view's size at its scale factor
 * and kept with a key of everything the picture depends on (CacheKey);
 * a draw with the same key paints the image. Smaller boards, and fast
 * ones, draw exactly as before: the cache is never made for them.
 *
 * What follows the pointer: the image is the board without the hovered
 * cell and without the keyboard cursor a game draws itself. Where the
 * game says the hover is local (HbGame.hover_local: a tint, an outline,
 * a ring of a few pixels round the cell), a draw paints the image
 * everywhere but round those cells and renders the game, with every
 * option, cut (clipped) to those few squares of pixels: the games draw
 * only the cells the clip touches (hb_draw_visible_cells, and the cell
 * image of tiny cells is cut to the clip), so this costs what a handful
 * of cells cost, and is what the whole render draws there. The hover is
 * not dropped on tiny cells: the games draw it there as a ring of
 * 3 pixels at least, which shows. Where the hover reaches further
 * (Flood-It's hint badge, with the hints shown, fades while the pointer
 * is on it), the hovered cell is part of the key, so only the other
 * redraws are saved.
 *
 * The squares are whole pixels, so that the seams between the image and
 * the patches fall between pixels. What is drawn after the game (the
 * unsure cells' rings, the run's focus, the keyboard cursor of the other
 * games) is drawn on top as before.
 *
 * Never a stale board: the key holds the layout (zoom and pan), the
 * view's size and scale, the style, the mode, the hints shown, the hint
 * and its flags, whether the picture of an import is drawn under the
 * board, the state's address, a count of the states set (a new state,
 * even at the same address), and a generation that every other setter
 * that may change the picture (a hint; an import, its origin, shown or
 * hidden) takes one up. The player and a solver's live frames are drawn
 * as before (each of their draws is a new frame), and so is a move's
 * animation.
 *
 * A new board (a move, Undo, Redo, a hint's move, Restart) with
 * nothing else changed: on a huge board a move turned a frame of a few
 * milliseconds into a whole render of 0.6-1.2 s. Where the game can say
 * what a change touched (HbGame.redraw_cells) the view keeps a copy of
 * the board the picture shows (cache_shown), and the game compares it
 * with the new one: the cells that differ and what is drawn from them
 * further away. Their square, a cell and a few pixels wider, is cleared
 * on a copy of the picture and the game drawn there with the same
 * options, cut to it, as the hover's patches are (patch_board); the copy
 * of the board follows. A diff of the boards rather than of the moves:
 * states are values the history frees as a drag replaces them, and the
 * board changes by more than the view's own gestures; the diff runs only
 * where a picture is kept (a memcmp of the board: a few milliseconds at
 * 4096 × 4096). What the game cannot call local (the hints drawn, a
 * region or a loop of more than 262,144 cells, colours numbered again),
 * a square over a quarter of the view, and a picture drawn over an
 * import's are drawn whole, as before. */
#include "config.h"

#include <math.h>

#include "hb-board-view-private.h"

/* Boards of fewer cells are drawn as before: no board of the bundled
 * levels or of a normal size ever meets the cache (the tests' pixels
 * stay those of the direct render, however slow the machine). The
 * animation of moves stops at the same size (hb-board-view-anim.c). */
#define CACHE_MIN_CELLS 65536
/* A full render this slow makes the next one go into the cache. */
#define CACHE_SLOW_US 20000
/* Cells under this many pixels: the games draw them as one scaled image
 * of the whole board, which the cache saves at any speed. */
#define CACHE_TINY_CELL 2.0

struct _HbBoardCacheKey
{
  guint64        generation;
  guint64        boards;             /* cache_boards: the board set */
  const HbState *state;
  gconstpointer  hint;
  HbLayout       layout;
  int            width, height, scale;
  gboolean       dark, show_hints, over_picture;
  guint          hint_flags;
  HbMode         mode;
  int            hover_x, hover_y;   /* -1 where the patches draw it */
};

/* The same picture but maybe for another board (what the key holds of
 * the board is compared in key_equal). */
static gboolean
key_equal_but_board (const HbBoardCacheKey *a, const HbBoardCacheKey *b)
{
  return a->generation == b->generation && a->hint == b->hint
         && a->layout.width == b->layout.width && a->layout.height == b->layout.height
         && a->layout.x0 == b->layout.x0 && a->layout.y0 == b->layout.y0
         && a->layout.cell == b->layout.cell && a->width == b->width
         && a->height == b->height && a->scale == b->scale && a->dark == b->dark
         && a->show_hints == b->show_hints && a->over_picture == b->over_picture
         && a->hint_flags == b->hint_flags && a->mode == b->mode
         && a->hover_x == b->hover_x && a->hover_y == b->hover_y;
}

static gboolean
key_equal (const HbBoardCacheKey *a, const HbBoardCacheKey *b)
{
  return key_equal_but_board (a, b) && a->boards == b->boards && a->state == b->state;
}

static void
render_board (HbBoardView *self, cairo_t *cr, const HbLayout *layout,
              const HbRenderOptions *options, gboolean over_picture)
{
  if (over_picture)
    hb_board_view_draw_over_picture (self, cr, layout, options);
  else
    self->state->game->render (self->state, cr, layout, options);
}

/* No picture kept: nor the board it showed. */
static void
drop_picture (HbBoardView *self)
{
  g_clear_pointer (&self->cache, cairo_surface_destroy);
  g_clear_pointer (&self->cache_shown, hb_state_free);
}

void
hb_board_view_cache_changed (HbBoardView *self)
{
  self->cache_generation++;
  drop_picture (self);
}

void
hb_board_view_cache_board_set (HbBoardView *self)
{
  self->cache_boards++;
}

void
hb_board_view_cache_clear (HbBoardView *self)
{
  drop_picture (self);
  g_clear_pointer (&self->cache_key, g_free);
}

/* The cache is worth it for this board as drawn now. */
static gboolean
worth_caching (HbBoardView *self, const HbLayout *layout)
{
  if (self->cache_policy != 0)
    return self->cache_policy > 0;
  if ((gint64) self->state->width * self->state->height < CACHE_MIN_CELLS)
    return FALSE;
  return self->last_render_us >= CACHE_SLOW_US || layout->cell < CACHE_TINY_CELL;
}

/* Adds the square of whole pixels round cell (x, y) that its hover or
 * cursor may draw on: the cell, and a ring of up to 3 pixels plus its
 * line, or 0.6 of a cell from its centre (hb_draw_cell_ring), with room
 * to spare. */
static void
add_patch (cairo_region_t *region, const HbLayout *layout, int x, int y)
{
  double pad = MAX (8.0, layout->cell * 0.25) + 2;
  double x0 = layout->x0 + x * layout->cell - pad, y0 = layout->y0 + y * layout->cell - pad;
  double x1 = x0 + layout->cell + 2 * pad, y1 = y0 + layout->cell + 2 * pad;
  cairo_rectangle_int_t r;

  r.x = (int) floor (x0);
  r.y = (int) floor (y0);
  r.width = (int) ceil (x1) - r.x;
  r.height = (int) ceil (y1) - r.y;
  cairo_region_union_rectangle (region, &r);
}

/* The picture kept, made for the key of the board set now (`key`), by
 * drawing again only where it differs from the board kept
 * (HbGame.redraw_cells): the cells it names and one more round them, and
 * REDRAW_PAD pixels round those, for what a cell's drawing spills over
 * its edge (the board's own edge line, a Flow Free dot's disc on cells
 * of a pixel or two). FALSE, with nothing changed, where it cannot: the
 * game cannot say, the change is not local, or its square is more than
 * REDRAW_MAX_SHARE of the view (drawing it whole then costs little
 * more). */
#define REDRAW_PAD 4
#define REDRAW_MAX_SHARE 0.25

static gboolean
patch_board (HbBoardView *self, const HbBoardCacheKey *key, const HbLayout *layout,
             const HbRenderOptions *base, gboolean over_picture, int width, int height,
             gint64 *cells_drawn)
{
  const HbState *was = self->cache_shown, *now = self->state;
  HbCellRect cells = HB_CELL_RECT_EMPTY;
  cairo_rectangle_int_t r, all = { 0, 0, width, height };
  cairo_region_t *square;

  if (over_picture || was == NULL || now->game != was->game || now->width != was->width
      || now->height != was->height || now->game->redraw_cells == NULL
      || !now->game->redraw_cells (was, now, base, &cells))
    return FALSE;
  *cells_drawn = 0;
  if (!hb_cell_rect_is_empty (&cells))
    {
      cells.x0 = MAX (0, cells.x0 - 1);
      cells.y0 = MAX (0, cells.y0 - 1);
      cells.x1 = MIN (now->width, cells.x1 + 1);
      cells.y1 = MIN (now->height, cells.y1 + 1);
      r.x = (int) floor (layout->x0 + cells.x0 * layout->cell) - REDRAW_PAD;
      r.y = (int) floor (layout->y0 + cells.y0 * layout->cell) - REDRAW_PAD;
      r.width = (int) ceil (layout->x0 + cells.x1 * layout->cell) + REDRAW_PAD - r.x;
      r.height = (int) ceil (layout->y0 + cells.y1 * layout->cell) + REDRAW_PAD - r.y;
      square = cairo_region_create_rectangle (&r);
      cairo_region_intersect_rectangle (square, &all);
      cairo_region_get_extents (square, &r);
      cairo_region_destroy (square);
      if ((double) r.width * r.height > REDRAW_MAX_SHARE * width * height)
        return FALSE;
      if (r.width > 0 && r.height > 0)
        {
          /* A new surface, the old one copied into it (the painted one
           * may still be held by the frame GTK recorded), then the square
           * cleared and drawn again, as the whole render draws it. */
          cairo_surface_t *next = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                              width * key->scale,
                                                              height * key->scale);
          cairo_t *c;

          cairo_surface_set_device_scale (next, key->scale, key->scale);
          c = cairo_create (next);
          cairo_set_operator (c, CAIRO_OPERATOR_SOURCE);
          cairo_set_source_surface (c, self->cache, 0, 0);
          cairo_paint (c);
          cairo_rectangle (c, r.x, r.y, r.width, r.height);
          cairo_clip (c);
          cairo_set_operator (c, CAIRO_OPERATOR_CLEAR);
          cairo_paint (c);
          cairo_set_operator (c, CAIRO_OPERATOR_OVER);
          render_board (self, c, layout, base, over_picture);
          cairo_destroy (c);
          cairo_surface_flush (next);
          cairo_surface_destroy (self->cache);
          self->cache = next;
          *cells_drawn = (gint64) (cells.x1 - cells.x0) * (cells.y1 - cells.y0);
        }
    }
  g_clear_pointer (&self->cache_shown, hb_state_free);
  self->cache_shown = hb_state_copy (now);
  *self->cache_key = *key;
  self->cache_patches++;
  return TRUE;
}

static void
region_path (cairo_t *cr, const cairo_region_t *region)
{
  for (int i = 0; i < cairo_region_num_rectangles (region); i++)
    {
      cairo_rectangle_int_t r;

      cairo_region_get_rectangle (region, i, &r);
      cairo_rectangle (cr, r.x, r.y, r.width, r.height);
    }
}

void
hb_board_view_cache_draw (HbBoardView *self, cairo_t *cr, int width, int height,
                          const HbLayout *layout, const HbRenderOptions *options,
                          gboolean over_picture)
{
  HbBoardCacheKey key = { 0 };
  HbRenderOptions base = *options;
  gboolean local = self->state->game->hover_local != NULL
                   && self->state->game->hover_local (self->state, options);
  cairo_region_t *patches;
  gint64 start, entered = g_get_monotonic_time ();
  cairo_rectangle_int_t all = { 0, 0, width, height };

  if ((options->anim_from != NULL && options->anim_progress < 1)
      || !worth_caching (self, layout) || width <= 0 || height <= 0)
    {
      drop_picture (self);
      start = g_get_monotonic_time ();
      render_board (self, cr, layout, options, over_picture);
      self->last_render_us = g_get_monotonic_time () - start;
      self->debug_board_us = self->last_render_us;
      self->debug_how = 1;
      return;
    }

  key.generation = self->cache_generation;
  key.boards = self->cache_boards;
  key.state = self->state;
  key.hint = options->hint;
  key.layout = *layout;
  key.width = width;
  key.height = height;
  key.scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  key.dark = options->dark;
  key.show_hints = options->show_hints;
  key.over_picture = over_picture;
  key.hint_flags = options->hint_flags;
  key.mode = options->mode;
  key.hover_x = local ? -1 : options->hover_x;
  key.hover_y = local ? -1 : options->hover_y;
  /* The picture kept: the board without what the patches draw. */
  if (local)
    base.hover_x = base.hover_y = -1;
  base.cursor_shown = FALSE;

  if (self->cache != NULL && self->cache_key != NULL && key_equal (&key, self->cache_key))
    {
      self->cache_draws++;
      self->debug_how = 3;
    }
  else if (self->cache != NULL && self->cache_key != NULL
           && key_equal_but_board (&key, self->cache_key)
           && patch_board (self, &key, layout, &base, over_picture, width, height,
                           &self->debug_cells))
    self->debug_how = 4;
  else
    {
      cairo_t *c;

      /* A new surface every time, never one drawn again: the painted one
       * may still be held by the frame GTK recorded. */
      g_clear_pointer (&self->cache, cairo_surface_destroy);
      self->cache = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * key.scale,
                                                height * key.scale);
      cairo_surface_set_device_scale (self->cache, key.scale, key.scale);
      c = cairo_create (self->cache);
      start = g_get_monotonic_time ();
      render_board (self, c, layout, &base, over_picture);
      cairo_surface_flush (self->cache);
      self->last_render_us = g_get_monotonic_time () - start;
      cairo_destroy (c);
      if (self->cache_key == NULL)
        self->cache_key = g_new0 (HbBoardCacheKey, 1);
      *self->cache_key = key;
      /* What the next change is compared with, where the game can. */
      g_clear_pointer (&self->cache_shown, hb_state_free);
      if (self->state->game->redraw_cells != NULL && !over_picture)
        self->cache_shown = hb_state_copy (self->state);
      self->debug_how = 2;
    }

  patches = cairo_region_create ();
  if (local && options->hover_x >= 0 && options->hover_y >= 0
      && options->hover_x < self->state->width && options->hover_y < self->state->height)
    add_patch (patches, layout, options->hover_x, options->hover_y);
  if (options->cursor_shown)
    add_patch (patches, layout, options->cursor_x, options->cursor_y);
  cairo_region_intersect_rectangle (patches, &all);

  /* The kept board everywhere but in the patches... */
  cairo_save (cr);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  cairo_rectangle (cr, 0, 0, width, height);
  region_path (cr, patches);
  cairo_clip (cr);
  cairo_set_source_surface (cr, self->cache, 0, 0);
  cairo_paint (cr);
  cairo_restore (cr);
  /* ...and there the game, with the hover and the cursor. */
  if (!cairo_region_is_empty (patches))
    {
      cairo_save (cr);
      region_path (cr, patches);
      cairo_clip (cr);
      render_board (self, cr, layout, options, over_picture);
      cairo_restore (cr);
    }
  cairo_region_destroy (patches);
  self->debug_board_us = g_get_monotonic_time () - entered;
}

/* ---- HB_DEBUG_DRAW: how long the frames take ---------------------------
 *
 * With HB_DEBUG_DRAW set, every frame of the window that drew the board
 * prints how long its paint took (the frame clock's paint phase: the
 * widgets' snapshots and GSK's rendering of them, where GTK replays what
 * draw functions recorded) and how long drawing the board took in it,
 * whole or from the cache: how the timings in the README were taken
 * (HB_DEBUG_DRAW=nocache draws every board whole, as before). */

static void
on_before_paint (GdkFrameClock *clock, HbBoardView *self)
{
  self->debug_paint_start = g_get_monotonic_time ();
}

static void
on_after_paint (GdkFrameClock *clock, HbBoardView *self)
{
  static const char *const how[] = { "", "whole", "whole, kept", "kept", "kept, changed" };

  if (self->debug_how == 0 || self->debug_paint_start == 0)
    return;
  if (self->debug_how == 4)
    g_printerr ("hintboard: frame %.1f ms, board %.1f ms (%s: %" G_GINT64_FORMAT
                " cells drawn again)\n",
                (g_get_monotonic_time () - self->debug_paint_start) / 1000.0,
                self->debug_board_us / 1000.0, how[self->debug_how], self->debug_cells);
  else
    g_printerr ("hintboard: frame %.1f ms, board %.1f ms (%s)\n",
                (g_get_monotonic_time () - self->debug_paint_start) / 1000.0,
                self->debug_board_us / 1000.0, how[self->debug_how]);
  self->debug_how = 0;
}

static void
on_realize (GtkWidget *widget, gpointer data)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);

  if (clock == NULL)
    return;
  g_signal_connect_object (clock, "before-paint", G_CALLBACK (on_before_paint), widget, 0);
  g_signal_connect_object (clock, "after-paint", G_CALLBACK (on_after_paint), widget, 0);
}

void
hb_board_view_cache_init (HbBoardView *self)
{
  const char *debug = g_getenv ("HB_DEBUG_DRAW");

  if (debug == NULL)
    return;
  g_signal_connect (self, "realize", G_CALLBACK (on_realize), NULL);
  /* HB_DEBUG_DRAW=nocache: every draw whole, as before the cache, to
   * compare. */
  if (g_str_equal (debug, "nocache"))
    self->cache_policy = -1;
}

guint
hb_board_view_get_cache_draws (HbBoardView *self)
{
  g_return_val_if_fail (HB_IS_BOARD_VIEW (self), 0);
  return self->cache_draws;
}

guint
hb_board_view_get_cache_patches (HbBoardView *self)
{
  g_return_val_if_fail (HB_IS_BOARD_VIEW (self), 0);
  return self->cache_patches;
}

void
hb_board_view_set_cache_policy (HbBoardView *self, int policy)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  self->cache_policy = CLAMP (policy, -1, 1);
  hb_board_view_cache_changed (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
