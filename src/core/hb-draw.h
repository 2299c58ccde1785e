/* hb-draw.h: small cairo helpers the games' renderers share. */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "hb-grid.h"

G_BEGIN_DECLS

/* Adds a closed rectangle with corners rounded by r (clamped to half the
 * shorter side) to the current path, as a new sub-path. */
void hb_draw_rounded_rect (cairo_t *cr, double x, double y, double w, double h, double r);

/* Paints the whole surface in the app's window background of the style
 * (dark or light): the page under a board drawn outside the window
 * (render, Export Animation's frames, the tests' screenshots). */
void hb_draw_page (cairo_t *cr, gboolean dark);

/* ---- Boards of tiny cells ----------------------------------------------
 *
 * A board of a million cells in a window a few hundred pixels wide has
 * cells of a pixel or so. Drawing them one cairo path at a time (rounded
 * rectangles, arcs, pipes) costs seconds per frame and shows nothing a
 * single colour per cell would not, so below a size of its choosing a game
 * says what colour each cell is and hb_draw_cell_image paints them all at
 * once as one scaled image. */

/* Colours are 0xAARRGGBB with straight (not premultiplied) alpha: 0xff in
 * the top byte is opaque, 0 leaves what is beneath. HB_DRAW_OPAQUE makes a
 * 0xRRGGBB colour opaque. */
#define HB_DRAW_OPAQUE(rgb) ((guint32) (rgb) | 0xff000000u)

/* The colour of cell (x, y) for hb_draw_cell_image; `cell` is its index
 * y * width + x, given too so that no one divides to get one from the
 * other (a division per cell shows on a board of a million). */
typedef guint32 (*HbDrawCellColour) (gsize cell, int x, int y, gpointer data);

/* Paints cell (x, y) of a width × height board laid out by `layout` as a
 * square of colour (y * width + x, x, y, data), for every cell the current clip
 * touches, and for no other: the board is cut to the clip's extents
 * (cairo_clip_extents, so the cost follows the pixels shown, not the
 * board), the colours go into an image surface of one pixel per cell, and
 * that image is painted scaled by layout->cell onto the board's place, with
 * CAIRO_FILTER_NEAREST so each cell stays one flat colour with sharp edges
 * (or, for cells under a pixel, CAIRO_FILTER_GOOD, which averages the
 * cells that share a pixel instead of keeping an arbitrary one). Nothing
 * is drawn outside the board. Draws with the operator and clip set on cr;
 * leaves cr's source, path and matrix as they were. */
void hb_draw_cell_image (cairo_t *cr, const HbLayout *layout, int width, int height,
                         HbDrawCellColour colour, gpointer data);

/* The range of cells [*x0, *x1) × [*y0, *y1) of a width × height board
 * that the current clip touches, widened by `margin` cells on each side
 * (for marks that spill over a cell's edge) and clamped to the board. The
 * range is empty (x0 == x1 or y0 == y1) when the clip misses the board. */
void hb_draw_visible_cells (cairo_t *cr, const HbLayout *layout, int width, int height,
                            int margin, int *x0, int *y0, int *x1, int *y1);

/* Adds the lines between the cells [x0, x1) × [y0, y1) of a width ×
 * height board to the path, one pixel wide on whole pixels (stroke with a
 * line width of 1): inner lines only, the board's edge is the game's.
 * Nothing on cells under 8 pixels, where they would be most of a cell. */
void hb_draw_grid_lines (cairo_t *cr, const HbLayout *layout, int width, int height,
                         int x0, int y0, int x1, int y1);

/* Adds a circle round the centre of cell (x, y) to the path, as a new
 * sub-path: of radius 0.6 cell, or min_radius pixels when that is more. It
 * marks one cell (the hovered cell, a trace's current step) where cells
 * are too small for a mark inside them to be seen. */
void hb_draw_cell_ring (cairo_t *cr, const HbLayout *layout, int x, int y,
                        double min_radius);

/* ---- Text on a colour ------------------------------------------------- */

/* The least contrast of a label with the colour it is drawn on: WCAG 2's
 * level AA for text. */
#define HB_DRAW_TEXT_CONTRAST 4.5

/* WCAG 2's relative luminance of an sRGB colour (components 0..1): the
 * components made linear, weighted 0.2126, 0.7152, 0.0722. */
double hb_draw_luminance (const double rgb[3]);

/* WCAG 2's contrast ratio of two colours, 1 to 21, the same either way
 * round. */
double hb_draw_contrast (const double a[3], const double b[3]);

/* The colour of a label (a chip's digit, a dot's letter) on an opaque
 * `bg`, as straight RGBA: black or white, whichever contrasts more with
 * bg, at the least alpha from min_alpha (1: opaque) up that keeps the
 * label blended over bg at HB_DRAW_TEXT_CONTRAST or more. One of black and
 * white is always at least 4.58:1 with any colour, so there is one. */
void hb_draw_label_colour (const double bg[3], double min_alpha, double rgba[4]);

/* Packs a colour of components 0..1 as 0xAARRGGBB. */
guint32 hb_draw_pack_rgba (double r, double g, double b, double a);

/* The colour a of the way t (0..1) towards b, every channel alike (alpha
 * too): t = 0 is a, t = 1 is b. */
guint32 hb_draw_mix (guint32 a, guint32 b, double t);

G_END_DECLS
