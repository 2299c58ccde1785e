/* hb-grid.h: grid geometry, board size limits, on-screen layout and hit
 * testing, a line reader for text formats, and a small seeded RNG.
 *
 * All four games are rectangular grids of square cells, so the layout of a
 * board in a widget (and in `hintboard-cli render`) is computed once here. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Boards larger than this are refused by every parser and generator with a
 * clear message: 4096 × 4096 covers the largest benchmark boards (Enlight
 * n = 4000) and keeps a board's cells addressable in 32 bits. */
#define HB_MAX_SIDE  4096
#define HB_MAX_CELLS (HB_MAX_SIDE * HB_MAX_SIDE)

/* Directions, clockwise from north, as bit positions in a tile's arm mask. */
typedef enum {
  HB_DIR_N = 0,
  HB_DIR_E = 1,
  HB_DIR_S = 2,
  HB_DIR_W = 3,
} HbDir;

extern const int hb_dir_dx[4];
extern const int hb_dir_dy[4];
#define HB_DIR_OPPOSITE(d) (((d) + 2) & 3)

/* Checks w × h against 1..HB_MAX_SIDE; on failure sets an HB_PARSE_ERROR_SIZE
 * error at (line, column) naming the size and the limit. */
gboolean hb_check_board_size (int w, int h, int line, int column, GError **error);
/* The errors of a text reader that stops counting at HB_MAX_SIDE (the
 * real length is not known): a row at its first cell too many, a board
 * at its first row too many. */
void     hb_set_row_too_long (GError **error, int line, int column);
void     hb_set_too_many_rows (GError **error, int line);
/* Their words alone, for a reader that places the error itself (the
 * JSON reader). Newly allocated. */
char    *hb_row_too_long_text (void);
char    *hb_too_many_rows_text (void);

/* Copies a w × h grid of bytes into an nw × nh one (`dst`, left as it
 * is where nothing lands), the byte at (x, y) to (x + dx, y + dy): what
 * the games' resize does with their cells. */
void hb_grid_move_bytes (guint8 *dst, int nw, int nh, const guint8 *src, int w, int h,
                         int dx, int dy);

/* The sum of n bytes that are each 0 or 1 (Enlight's lit cells), eight
 * at a time: a 4096x4096 board's status line counts 16 million. */
guint64 hb_count_ones (const guint8 *p, gsize n);
/* The sum of a word's eight bytes, each a count summed lane by lane (at
 * most 255 each: hb_count_ones, Infinite Loop's open ends). */
static inline guint64
hb_sum_byte_lanes (guint64 lanes)
{
  guint64 pairs = (lanes & 0x00ff00ff00ff00ffull) + ((lanes >> 8) & 0x00ff00ff00ff00ffull);

  return (pairs * 0x0001000100010001ull) >> 48;
}

/* Where a board sits in a drawing area: cells are squares of `cell` pixels,
 * the board's top-left corner is at (x0, y0). */
typedef struct {
  int    width, height;   /* board size in cells */
  double x0, y0;          /* board origin in pixels */
  double cell;            /* side of a cell in pixels */
} HbLayout;

/* A rectangle of cells, [x0, x1) × [y0, y1): empty when x0 >= x1 or
 * y0 >= y1 (HB_CELL_RECT_EMPTY). */
typedef struct {
  int x0, y0, x1, y1;
} HbCellRect;

#define HB_CELL_RECT_EMPTY ((HbCellRect) { G_MAXINT, G_MAXINT, G_MININT, G_MININT })

static inline gboolean
hb_cell_rect_is_empty (const HbCellRect *r)
{
  return r->x0 >= r->x1 || r->y0 >= r->y1;
}

/* Grows r to hold the cells [x0, x1) × [y0, y1) too. */
static inline void
hb_cell_rect_add (HbCellRect *r, int x0, int y0, int x1, int y1)
{
  if (x0 >= x1 || y0 >= y1)
    return;
  r->x0 = MIN (r->x0, x0);
  r->y0 = MIN (r->y0, y0);
  r->x1 = MAX (r->x1, x1);
  r->y1 = MAX (r->y1, y1);
}

/* Fits a w × h board into an area of area_w × area_h pixels with a margin,
 * centred, cells square: the whole board, so on a board with more cells
 * than the area has pixels a cell is under a pixel. */
void hb_layout_fit (HbLayout *layout, int w, int h,
                    double area_w, double area_h, double margin);

/* A pointer position on the board. */
typedef struct {
  int    x, y;     /* cell, valid only when inside is TRUE */
  double fx, fy;   /* position within the cell, 0..1 */
  gboolean inside;
} HbHit;

void hb_layout_hit (const HbLayout *layout, double px, double py, HbHit *hit);

/* The cells a straight pointer stroke from (px0, py0) to (px1, py1) crosses,
 * in order, each an orthogonal neighbour of the one before (a fast drag
 * samples the pointer far apart: every cell between two samples must still
 * be handled). The cell under the start is not included; cells outside the
 * board are skipped. Appends HbHit values (inside TRUE, fx = fy = 0.5) to
 * `cells` and returns how many. At most 4 × (width + height) cells. */
guint hb_layout_walk (const HbLayout *layout, double px0, double py0,
                      double px1, double py1, GArray *cells);

/* Line reader over a text buffer: yields lines without their terminator
 * (accepting \n, \r\n and a missing final newline) with 1-based numbers. */
typedef struct {
  const char *p, *end;
  int         line;      /* number of the line last returned */
} HbLineReader;

void     hb_line_reader_init (HbLineReader *r, const char *text, gsize len);
/* Returns FALSE at the end; *line points into the buffer, not terminated. */
gboolean hb_line_reader_next (HbLineReader *r, const char **line, gsize *len);
/* TRUE when text has a row and row_ok holds for every row: every line
 * that is neither blank nor a '#' comment, its blanks stripped (what a
 * sniffer asks of a game's rows). */
gboolean hb_text_rows_all (const char *text, gsize len,
                           gboolean (*row_ok) (const char *row, gsize n));
/* TRUE when text has exactly one line that is neither blank nor a '#'
 * comment (a Tatham game ID between comment lines); *line and *n are
 * that line, its blanks stripped. */
gboolean hb_text_sole_line (const char *text, gsize len, const char **line, gsize *n);

/* Strips leading and trailing blanks (space, tab, \r, \n) from a slice,
 * returning the number of leading bytes removed. */
gsize hb_strip_slice (const char **s, gsize *len);

/* Validates that text is UTF-8 with no NUL bytes; sets an
 * HB_PARSE_ERROR_SYNTAX error with line and column if it is not. */
gboolean hb_check_text (const char *text, gsize len, GError **error);

/* Deterministic, fast, seedable RNG (xoshiro256**, seeded by splitmix64)
 * so generated levels are the same on every machine and GLib version. */
typedef struct { guint64 s[4]; } HbRng;

void    hb_rng_init (HbRng *rng, guint64 seed);
guint64 hb_rng_next (HbRng *rng);
/* Uniform integer in [0, n), n >= 1. */
guint32 hb_rng_below (HbRng *rng, guint32 n);

/* Monotonic seconds, for the bench and stats. */
double hb_now (void);

/* g_malloc for a large buffer about to be written whole (a level's text,
 * a board's cells): from 512 KiB up it takes whole 2 MiB huge pages (Linux,
 * where the kernel gives them on request), a fault per 2 MiB instead of
 * one per 4 KiB — two to three times faster to fill. Free it with g_free
 * (GLib's allocator is the C library's); g_realloc takes it too. */
gpointer hb_malloc_big (gsize n);

G_END_DECLS
