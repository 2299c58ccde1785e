/* hb-board-view-marks.c: a screenshot import on the board view: the
 * picture behind the board, and the orange marks on the cells the
 * reader was unsure of (see hb-board-view.h). */
#include "config.h"

#include <adwaita.h>

#include "hb-board-view-private.h"

/* Whether the board shown holds the one read, of this game and size,
 * whole: the board read itself, or it with rows and columns added at its
 * edges (its top left cell then at the origin): the picture and the marks
 * are each for the board they were read on, so a picture cut through its
 * board can be completed with the screenshot still behind the cells read
 * (raising the height to the true size hid the picture, marks and notes:
 * review; a board cut at its top or left could not be completed until
 * rows and columns could be added there). A board that lost some of the
 * board read, or of another game, shows neither. */
static gboolean
shows_board (const HbBoardView *self, const HbGame *game, int width, int height)
{
  return self->state != NULL && self->state->game == game && self->read_x >= 0
         && self->read_y >= 0 && self->state->width - self->read_x >= width
         && self->state->height - self->read_y >= height;
}

void
hb_board_view_set_origin (HbBoardView *self, int x, int y, gboolean move_cursor)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  /* The cursor stays on its cell, which moved (set_state keeps it on
   * the board). */
  if (move_cursor)
    {
      self->cursor_x = MAX (0, self->cursor_x + x - self->read_x);
      self->cursor_y = MAX (0, self->cursor_y + y - self->read_y);
    }
  /* (Every change of the board sets it again: only a new origin moves
   * the picture under the board.) */
  if (x != self->read_x || y != self->read_y)
    hb_board_view_cache_changed (self);
  self->read_x = x;
  self->read_y = y;
}

/* Whether the screenshot's marks are for the board shown (its game and
 * size: they stay through edits and Undo, cell by cell, and wait while
 * the board is smaller). */
gboolean
hb_board_view_marks_here (const HbBoardView *self)
{
  return self->marks != NULL
         && shows_board (self, self->marks_game, self->marks_width, self->marks_height);
}

guint8 *
hb_board_view_mark_at (HbBoardView *self, int x, int y)
{
  x -= self->read_x;
  y -= self->read_y;
  if (!hb_board_view_marks_here (self) || x < 0 || y < 0 || x >= self->marks_width
      || y >= self->marks_height)
    return NULL;
  return &self->marks[y * self->marks_width + x];
}

/* Draws the cells the screenshot's reader was unsure of, each until it
 * is seen to: an orange band inside an orange ring over a dark one, so
 * they stand out on any colour and at any size (a thin outline alone was
 * hard to find on a big board). The band leaves the cell's middle as
 * drawn: a tint over all of it made a blue dot lavender, like another
 * colour of the palette. */
void
hb_board_view_draw_marks (HbBoardView *self, cairo_t *cr, const HbLayout *l)
{
  double lw = MAX (2.5, l->cell / 12);
  double band = l->cell >= 16 ? l->cell * 0.14 : l->cell;

  if (!hb_board_view_marks_here (self))
    return;
  cairo_save (cr);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  for (int y = 0; y < self->marks_height; y++)
    for (int x = 0; x < self->marks_width; x++)
      if (self->marks[y * self->marks_width + x])
        {
          double cx = l->x0 + (x + self->read_x) * l->cell;
          double cy = l->y0 + (y + self->read_y) * l->cell;
          double inner = l->cell - 2 * lw - 2 * band;

          cairo_rectangle (cr, cx + lw, cy + lw, l->cell - 2 * lw, l->cell - 2 * lw);
          if (inner > 0)
            cairo_rectangle (cr, cx + lw + band, cy + lw + band, inner, inner);
        }
  cairo_set_source_rgba (cr, 1.0, 0.47, 0.0, 0.35);   /* libadwaita's orange */
  cairo_fill_preserve (cr);
  /* Dark stripes across the band, as on a warning tape: orange alone was
   * hard to tell from an orange dot or a Flood-It cell of the game's own
   * orange. */
  if (band < l->cell)
    {
      double step = MAX (4.0, band * 0.9);
      double x0 = l->x0, y0 = l->y0;
      double span = (self->state->width + self->state->height) * l->cell;

      cairo_clip (cr);
      for (double d = -self->state->height * l->cell; d < span; d += 2 * step)
        {
          cairo_move_to (cr, x0 + d, y0);
          cairo_line_to (cr, x0 + d + step, y0);
          cairo_line_to (cr, x0 + d + step - self->state->height * l->cell,
                         y0 + self->state->height * l->cell);
          cairo_line_to (cr, x0 + d - self->state->height * l->cell,
                         y0 + self->state->height * l->cell);
          cairo_close_path (cr);
        }
      cairo_set_source_rgba (cr, 0, 0, 0, 0.45);
      cairo_fill (cr);
    }
  else
    cairo_new_path (cr);
  cairo_restore (cr);
  for (int y = 0; y < self->marks_height; y++)
    for (int x = 0; x < self->marks_width; x++)
      if (self->marks[y * self->marks_width + x])
        cairo_rectangle (cr, l->x0 + (x + self->read_x) * l->cell + lw,
                         l->y0 + (y + self->read_y) * l->cell + lw,
                         l->cell - 2 * lw, l->cell - 2 * lw);
  cairo_set_line_width (cr, lw * 1.8);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.7);
  cairo_stroke_preserve (cr);
  cairo_set_line_width (cr, lw);
  cairo_set_source_rgb (cr, 1.0, 0.47, 0.0);
  cairo_stroke (cr);
}

/* A mark an edit took away, with the board before the edit's stroke and
 * the board after it (as the stroke left it): Undo back to `before` brings
 * the mark back, Redo to `after` takes it again (a corrected cell lost its
 * orange mark for good after an Undo, and the sidebar its note). */
typedef struct {
  int      cell;
  guint    stroke;
  HbState *before, *after;
} MarkTaken;

#define MARKS_TAKEN_MAX 64

static void
mark_taken_free (gpointer data)
{
  MarkTaken *t = data;

  hb_state_free (t->before);
  hb_state_free (t->after);
  g_free (t);
}

void
hb_board_view_mark_taken (HbBoardView *self, int cell)
{
  MarkTaken *t = g_new0 (MarkTaken, 1);
  MarkTaken *last;

  if (self->marks_taken == NULL)
    self->marks_taken = g_ptr_array_new_with_free_func (mark_taken_free);
  last = self->marks_taken->len > 0
         ? g_ptr_array_index (self->marks_taken, self->marks_taken->len - 1) : NULL;
  t->cell = cell;
  t->stroke = self->stroke_id;
  /* The stroke's board before its first move: Undo goes back there. */
  t->before = hb_state_copy (last != NULL && last->stroke == self->stroke_id ? last->before
                                                                            : self->state);
  g_ptr_array_add (self->marks_taken, t);
  if (self->marks_taken->len > MARKS_TAKEN_MAX)
    g_ptr_array_remove_index (self->marks_taken, 0);
}

void
hb_board_view_marks_follow (HbBoardView *self)
{
  /* On a board of another size the marks and what edits took of them
   * wait, as the picture does: a resize took them for good, and Undo
   * back to the size read brought the picture back without them. A level
   * that comes in drops them (hb_board_view_set_import). */
  if (self->marks_taken == NULL || !hb_board_view_marks_here (self))
    return;
  for (guint i = 0; i < self->marks_taken->len; i++)
    {
      MarkTaken *t = g_ptr_array_index (self->marks_taken, i);

      /* The stroke that took it is drawing now: its board so far. */
      if (self->emitting && t->stroke == self->stroke_id)
        {
          hb_state_free (t->after);
          t->after = hb_state_copy (self->state);
        }
      else if (t->before->game->equal (t->before, self->state))
        self->marks[t->cell] = 1;
      else if (t->after != NULL && t->after->game->equal (t->after, self->state))
        self->marks[t->cell] = 0;
    }
}

void
hb_board_view_set_import (HbBoardView *self, cairo_surface_t *picture,
                          double x0, double y0, double cell_w, double cell_h,
                          const guint8 *unsure)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));

  hb_board_view_cache_changed (self);
  g_clear_pointer (&self->picture, cairo_surface_destroy);
  g_clear_pointer (&self->marks, g_free);
  g_clear_pointer (&self->marks_taken, g_ptr_array_unref);
  if (self->state == NULL)
    return;
  if (picture != NULL && cell_w > 0 && cell_h > 0)
    {
      self->picture = cairo_surface_reference (picture);
      self->pic_x0 = x0;
      self->pic_y0 = y0;
      self->pic_cell_w = cell_w;
      self->pic_cell_h = cell_h;
      self->pic_game = self->state->game;
      self->pic_width = self->state->width;
      self->pic_height = self->state->height;
    }
  if (unsure != NULL)
    {
      gsize n = (gsize) self->state->width * self->state->height;
      gboolean any = FALSE;

      for (gsize i = 0; i < n; i++)
        any |= unsure[i] != 0;
      if (any)
        {
          gsize first = 0;

          self->marks = g_memdup2 (unsure, n);
          self->marks_game = self->state->game;
          self->marks_width = self->state->width;
          self->marks_height = self->state->height;
          /* The keyboard cursor starts on the first cell to check (it
           * started where the last level left it, and on a 28×28 board
           * the marks were dozens of arrow presses away). */
          while (!unsure[first])
            first++;
          self->cursor_x = (int) (first % (gsize) self->state->width);
          self->cursor_y = (int) (first / (gsize) self->state->width);
        }
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
hb_board_view_set_show_picture (HbBoardView *self, gboolean show)
{
  g_return_if_fail (HB_IS_BOARD_VIEW (self));
  self->show_picture = show;
  hb_board_view_cache_changed (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Whether the picture is there for the board shown: it is kept while a
 * board of another size is (a resize dropped it, and Undo back to the
 * size read left the Board group's switch showing with nothing behind
 * the board: a newcomer's look), and drawn again on the size it was read
 * at. A level that comes in drops it (hb_window_level_entered). */
gboolean
hb_board_view_has_picture (HbBoardView *self)
{
  return self->picture != NULL
         && shows_board (self, self->pic_game, self->pic_width, self->pic_height);
}

gboolean
hb_board_view_get_picture_size (HbBoardView *self, int *width, int *height)
{
  if (self->picture == NULL || self->state == NULL || self->state->game != self->pic_game)
    return FALSE;
  *width = self->pic_width;
  *height = self->pic_height;
  return TRUE;
}

guint
hb_board_view_get_n_marked (HbBoardView *self)
{
  guint n = 0;

  if (!hb_board_view_marks_here (self))
    return 0;
  for (int i = 0; i < self->marks_width * self->marks_height; i++)
    n += self->marks[i] != 0;
  return n;
}

const guint8 *
hb_board_view_get_marks (HbBoardView *self, int *width, int *height, int *x0, int *y0)
{
  if (!hb_board_view_marks_here (self))
    return NULL;
  *width = self->marks_width;
  *height = self->marks_height;
  *x0 = self->read_x;
  *y0 = self->read_y;
  return self->marks;
}

/* A right click (or the Menu key on the cursor's cell) on an unsure cell
 * in Edit keeps it as read: its mark goes and nothing is edited (a click
 * edits, and on a Flow Free dot it removes the dot: a dot read right
 * could not be confirmed). FALSE when (x, y) holds no mark to keep. */
gboolean
hb_board_view_keep_as_read (HbBoardView *self, int x, int y)
{
  guint8 *mark = hb_board_view_mark_at (self, x, y);

  if (self->mode != HB_MODE_EDIT || mark == NULL || !*mark)
    return FALSE;
  *mark = 0;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit_by_name (self, "marks-changed");
  return TRUE;
}

/* Every unsure cell kept as read at once (a JPEG of a big Flood-It board
 * left over a hundred marks, each one right click to clear: review).
 * FALSE when none was marked. */
gboolean
hb_board_view_keep_all_as_read (HbBoardView *self)
{
  if (!hb_board_view_marks_here (self) || hb_board_view_get_n_marked (self) == 0)
    return FALSE;
  memset (self->marks, 0, (gsize) self->marks_width * self->marks_height);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit_by_name (self, "marks-changed");
  return TRUE;
}

/* The part of the picture under the board, in grey and washed halfway
 * toward the board's background `bg`, whose top left is picture pixel
 * (*gx0, *gy0). Made once per picture, style and board size: cairo's HSL
 * operators take pixman's slow path, about 20 ms a frame on a 900 px
 * board if done at every draw (review). Transparent pixels, and what
 * lies beyond the picture, become the background. Under the whole board
 * shown, not only the board read: under a row added above it, the row
 * the picture's edge cut through shows as far as the picture has it, to
 * be redrawn from. */
static cairo_surface_t *
make_ghost (HbBoardView *self, double bg, int *gx0, int *gy0)
{
  double bx = self->pic_x0 - self->read_x * self->pic_cell_w;
  double by = self->pic_y0 - self->read_y * self->pic_cell_h;
  int x0 = (int) floor (bx), y0 = (int) floor (by);
  int w = (int) ceil (bx + self->state->width * self->pic_cell_w) - x0 + 1;
  int h = (int) ceil (by + self->state->height * self->pic_cell_h) - y0 + 1;
  cairo_surface_t *ghost = cairo_image_surface_create (CAIRO_FORMAT_RGB24, MAX (w, 1), MAX (h, 1));
  cairo_t *cr = cairo_create (ghost);

  cairo_set_source_rgb (cr, bg, bg, bg);
  cairo_paint (cr);
  cairo_set_source_surface (cr, self->picture, -x0, -y0);
  cairo_paint (cr);
  /* Grey: a source of no saturation takes the colour out, keeping each
   * pixel's luminosity. */
  cairo_set_operator (cr, CAIRO_OPERATOR_HSL_SATURATION);
  cairo_set_source_rgb (cr, 0.5, 0.5, 0.5);
  cairo_paint (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
  cairo_set_source_rgba (cr, bg, bg, bg, 0.5);
  cairo_paint (cr);
  cairo_destroy (cr);
  *gx0 = x0;
  *gy0 = y0;
  return ghost;
}

/* The board over the screenshot it was read from, in Edit, where the
 * reading is checked (in Play a turned tile's ghost kept the screenshot's
 * way round): the picture in grey, washed halfway to the board's
 * background, and the board over it at 80 %, so the picture shows
 * faintly through. It was the picture in its colours under the board at
 * 75 %: a dot moved off its place kept a pink ghost that read as the
 * palette's pink, and the dot itself, over Flow Free's black, turned the
 * palette's maroon (a newcomer's look). The picture only in the board's
 * rectangle. */
void
hb_board_view_draw_over_picture (HbBoardView *self, cairo_t *cr, const HbLayout *layout,
                                 const HbRenderOptions *options)
{
  if (self->ghost == NULL || self->ghost_of != self->picture || self->ghost_dark != options->dark
      || self->ghost_at[0] != self->read_x || self->ghost_at[1] != self->read_y
      || self->ghost_size[0] != self->state->width || self->ghost_size[1] != self->state->height)
    {
      int gx0, gy0;

      g_clear_pointer (&self->ghost, cairo_surface_destroy);
      g_clear_pointer (&self->ghost_of, cairo_surface_destroy);
      self->ghost = make_ghost (self, options->dark ? 0.14 : 0.98, &gx0, &gy0);
      self->ghost_of = cairo_surface_reference (self->picture);
      self->ghost_dark = options->dark;
      self->ghost_at[0] = self->read_x;
      self->ghost_at[1] = self->read_y;
      self->ghost_size[0] = self->state->width;
      self->ghost_size[1] = self->state->height;
      cairo_surface_set_device_offset (self->ghost, -gx0, -gy0);
    }
  cairo_save (cr);
  cairo_rectangle (cr, layout->x0, layout->y0, layout->cell * self->state->width,
                   layout->cell * self->state->height);
  cairo_clip (cr);
  cairo_save (cr);
  cairo_translate (cr, layout->x0 + self->read_x * layout->cell,
                   layout->y0 + self->read_y * layout->cell);
  cairo_scale (cr, layout->cell / self->pic_cell_w, layout->cell / self->pic_cell_h);
  cairo_set_source_surface (cr, self->ghost, -self->pic_x0, -self->pic_y0);
  cairo_paint (cr);
  cairo_restore (cr);
  cairo_restore (cr);
  /* The board over it, not cut to its rectangle: what a game draws
   * beside its board, where the area has room (Flood-It's badge of the
   * moves to go), found none there and sat in the board's corner, over
   * its cells. */
  cairo_push_group (cr);
  self->state->game->render (self->state, cr, layout, options);
  cairo_pop_group_to_source (cr);
  /* The cells read, and what the game draws beyond the board, at 80 %;
   * cells added round the board read at half strength: the picture is
   * what to fill them from (Flood-It's new cells, in its first colour,
   * hid it at 80 %: review). With no cell added the half-strength part
   * is empty and the rest is everything (the board's and the read
   * board's rectangles are one and cancel). */
  {
    double rx = layout->x0 + self->read_x * layout->cell;
    double ry = layout->y0 + self->read_y * layout->cell;
    double rw = self->pic_width * layout->cell, rh = self->pic_height * layout->cell;
    double bw = self->state->width * layout->cell, bh = self->state->height * layout->cell;

    cairo_save (cr);
    cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
    cairo_rectangle (cr, layout->x0, layout->y0, bw, bh);
    cairo_rectangle (cr, rx, ry, rw, rh);
    cairo_clip (cr);
    cairo_paint_with_alpha (cr, 0.5);
    cairo_restore (cr);
    cairo_save (cr);
    cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
    cairo_rectangle (cr, layout->x0 - 1e5, layout->y0 - 1e5, bw + 2e5, bh + 2e5);
    cairo_rectangle (cr, layout->x0, layout->y0, bw, bh);
    cairo_rectangle (cr, rx, ry, rw, rh);
    cairo_clip (cr);
    cairo_paint_with_alpha (cr, 0.8);
    cairo_restore (cr);
  }
}
