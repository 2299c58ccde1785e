/* hb-vision-digits.h: reading numbers (digits and '/') printed on a
 * screenshot, such as a move counter "3/25" beside a board.
 *
 * Text in a rectangle of the picture is cut into rows (runs of picture
 * rows with sharp changes of brightness), each row into words (runs of
 * columns with such changes), and each word is binarised on its own (Otsu:
 * the rarer of the two brightness classes is the ink, so dark text on a
 * light ground and light text on a dark one both read). The ink's
 * connected components are the glyphs. Each glyph, scaled to a small grid
 * with its aspect kept, is compared with templates of '0'–'9' and '/'
 * drawn at start with cairo's toy text API in a few faces; a glyph is
 * recognised only when one character matches clearly better than any
 * other, else it reads as '?'. Nothing here knows a game.
 */
#pragma once

#include <glib.h>

#include "hb-image.h"

G_BEGIN_DECLS

/* One row of text: its characters left to right, '0'–'9' and '/' when
 * recognised, '?' for any other glyph (a letter, a glyph not sure), ' '
 * where the gap between glyphs is a word space. The box in picture
 * pixels. */
typedef struct {
  char *text;
  int   x0, y0, x1, y1;
} HbTextLine;

void hb_text_line_free (HbTextLine *line);

/* The rows of text inside [x0, x1) × [y0, y1) of `img` whose glyphs are
 * min_height to max_height pixels tall, top to bottom (HbTextLine). */
GPtrArray *hb_vision_read_text (const HbImage *img, int x0, int y0, int x1, int y1,
                                int min_height, int max_height);

/* A count "N/M" (spaces allowed around '/') standing as a word of its own
 * in one of `lines`: every glyph of both numbers recognised, nothing but
 * spaces or the ends of the line next to it. Returns 1 and sets *num and
 * *den when exactly one value is shown (the same value twice counts once),
 * 0 when there is none, −1 when different ones are. */
int hb_vision_find_fraction (GPtrArray *lines, int *num, int *den);

G_END_DECLS
