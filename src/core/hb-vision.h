/* hb-vision.h: the grid and colour finding every game's screenshot reader
 * shares, and the report a reader fills.
 *
 * A game reads a picture in three steps, each helped from here:
 *   1. Where is the board, and how big are its cells? Boards are regular
 *      grids, so a profile of the picture along x (and along y) — how many
 *      grid-line pixels each column holds, or how much the colour changes
 *      across it — has peaks spaced by the cell size. hb_vision_find_axis
 *      finds the longest evenly spaced run of peaks in a profile: that run
 *      is the board, whatever its position and scale, and peaks elsewhere
 *      (status bar, titles, buttons, banners) are left out because they do
 *      not continue the run.
 *   2. What is in each cell? Median colours of patches of a cell (robust to
 *      JPEG ringing and to a glow behind part of it), compared in CIE Lab
 *      where distances follow what the eye sees.
 *   3. Which cells share a colour? hb_vision_cluster groups colours that
 *      are closer than a threshold (single linkage in Lab), so close pairs
 *      such as red and maroon stay apart while JPEG noise within one colour
 *      is merged.
 */
#pragma once

#include <cairo.h>
#include <gio/gio.h>
#include <glib.h>

#include "hb-cancel.h"
#include "hb-image.h"

G_BEGIN_DECLS

struct _HbGame;

/* ---- Colour ------------------------------------------------------------ */

typedef struct {
  float L, a, b;
} HbLab;

void  hb_lab_from_rgb (const guint8 rgb[3], HbLab *lab);
/* CIE76 ΔE: about 2 is the smallest difference the eye sees. */
float hb_lab_distance (const HbLab *a, const HbLab *b);
/* Chroma (colourfulness) of a Lab colour. */
float hb_lab_chroma (const HbLab *c);
/* CIEDE2000 ΔE (Sharma, Wu and Dalal 2005): CIE76 made even across hues,
 * chromas and lightness, where CIE76 finds saturated greens and cyans,
 * which look alike, far apart. */
double hb_lab_delta_e2000 (const HbLab *a, const HbLab *b);

/* The median of each channel over the rectangle [x0, x1) × [y0, y1),
 * clamped to the picture (an empty rectangle gives black). */
void hb_vision_median (const HbImage *img, int x0, int y0, int x1, int y1, guint8 out[3]);
/* The median colour of the square 2r + 1 pixels across centred on (cx,
 * cy), r being `half` rounded down and at least 1: as Lab, and as RGB
 * when `rgb` is not NULL. */
void hb_vision_square_lab (const HbImage *img, double cx, double cy, double half, HbLab *lab,
                           guint8 rgb[3]);
/* The most common colour (to 4 bits a channel, refined to the mean of the
 * pixels that fall in that bucket): a game's background. */
void hb_vision_background (const HbImage *img, guint8 out[3]);

/* ---- Shared analyses ------------------------------------------------------ */

/* When every game tries a picture in turn (hb_registry_from_image), what
 * one reader works out from the pixels the next must not pay for again:
 * these are computed on first use and kept with the picture
 * (HbImage.shared) until it is freed or changed. */

/* The size (longer side, pixels) readers shrink a large picture to
 * before looking for its board. */
#define HB_VISION_LOCATE_SIDE 1000

/* The whole factor that brings the picture's longer side to at most
 * `max_side` pixels (1 when it already is). */
int            hb_vision_shrink_factor (const HbImage *img, int max_side);
/* The picture shrunk by `factor` (each pixel the mean of a factor ×
 * factor square; edges rounded up), kept with the picture; `img` itself
 * for 1. Owned by `img`. */
const HbImage *hb_vision_shrunk (const HbImage *img, int factor);

/* ---- Grids ------------------------------------------------------------- */

/* A luminance plane (0..255, one byte a pixel, width × height), computed
 * once per picture and shared by the readers. */
guint8 *hb_vision_gray (const HbImage *img);

/* Profiles of thin lines: a pixel is on a vertical line when it is
 * brighter (or darker) than both pixels `d` to its left and right by more
 * than `threshold`, and likewise across rows for horizontal lines (within
 * d of the picture's edge, than the edge pixel on that side). Edges of
 * filled shapes (a step, not a ridge) do not count. Over the rectangle
 * [x0, x1) × [y0, y1) of `gray`; cols gets, per x, the number of vertical
 * line pixels (width floats), rows per y of horizontal ones (height floats).
 * Either may be NULL. */
void hb_vision_line_profiles (const guint8 *gray, int width, int height,
                              int x0, int y0, int x1, int y1, int d, int threshold,
                              float *cols, float *rows);

/* Profiles of colour change: per x, the sum over rows of the colour jump
 * between pixels x − 1 and x + 1 when it exceeds `threshold` (on the sum of
 * the three channel differences), and likewise per y. Cell boundaries of a
 * board of flat cells (Flood-It, Enlight) are the peaks. */
void hb_vision_edge_profiles (const HbImage *img, int x0, int y0, int x1, int y1,
                              int threshold, float *cols, float *rows);

/* A run of evenly spaced lines along one axis: line k (0 ≤ k < lines) at
 * origin + k × period, fitted to the peaks that were found. */
typedef struct {
  int    lines;      /* cells + 1 */
  double origin;
  double period;
  double strength;   /* mean profile value at the lines */
  double residual;   /* RMS distance of the peaks from the fitted lines */
} HbGridAxis;

/* Finds the longest run of evenly spaced peaks in profile[0..len) with a
 * period in [min_period, max_period] and at least min_lines peaks. Peaks
 * are local maxima of at least `min_frac` of the profile's largest value.
 * When `expect_period` > 0 only periods within 8% of it are tried. Returns
 * FALSE when there is no such run. */
gboolean hb_vision_find_axis (const float *profile, int len, double min_period,
                              double max_period, int min_lines, double min_frac,
                              double expect_period, HbGridAxis *axis);

/* How a line of the lattice may show in a profile. */
typedef enum {
  HB_GRID_THIN_LINES = 0,
  /* A line drawn thick (Flood-It's outline round the flooded region, 0.08
   * of a cell) shows as two peaks, its two edges, each further from the
   * cell boundary than a run's tolerance: where no peak lies near the
   * next line, two peaks either side of it, at most a fifth of a period
   * apart and their middle near it, stand for it. */
  HB_GRID_THICK_LINES = 1 << 0,
  /* Lines that few cells either side differ across (a board of two
   * colours, one region of which runs along a line) are fainter than a
   * fifth of the strongest, the board's edge: a run goes on through
   * peaks a quarter as high as those it starts from. */
  HB_GRID_FAINT_LINES = 1 << 1,
  /* A line across which nothing changes (two rows of a board of two
   * colours alike) shows no peak at all: a run crosses up to two such
   * lines in a row to the next line found, and a third of its lines at
   * most are blank. */
  HB_GRID_BLANK_LINES = 1 << 2,
  /* A gap a pixel or two wide between cells (Enlight's lights, drawn at
   * half a pixel, at 12 to 24 px a cell) shows as its two edges a few
   * pixels apart, or as either alone where one side's jump is weaker: a
   * run may then take the left edge of one gap and the right edge of
   * the next, and fit a period a pixel off, which puts the outer lines
   * cells away from the gaps. The profile is summed over 5 pixels
   * before its peaks are found, so a gap's edges make one peak, placed
   * at the middle of its top; a run goes on through the profile's own
   * peaks where the summed ones miss a line (a board's outer line, one
   * light's edge only, half a gap inside it). */
  HB_GRID_GAP_LINES = 1 << 3,
} HbGridFlags;

/* hb_vision_find_axis, with `flags`. */
gboolean hb_vision_find_axis_flags (const float *profile, int len, double min_period,
                                    double max_period, int min_lines, double min_frac,
                                    double expect_period, HbGridFlags flags, HbGridAxis *axis);

/* The lattice of a board of flat cells (Flood-It, Enlight): columns from
 * the edge profile of the whole picture, rows within those columns with
 * the same cell size (square cells), then the columns again within the
 * rows. FALSE when there is none of at least 2 × 2 cells of min_cell px.
 * A picture larger than HB_VISION_LOCATE_SIDE is searched in its shared
 * shrunk copy (hb_vision_shrunk) and the lattice scaled back. */
gboolean hb_vision_find_cell_grid (const HbImage *img, double min_cell, int threshold,
                                   HbGridAxis *ax, HbGridAxis *ay);
/* hb_vision_find_cell_grid, with `flags` for each axis. */
gboolean hb_vision_find_cell_grid_flags (const HbImage *img, double min_cell, int threshold,
                                         HbGridFlags flags, HbGridAxis *ax, HbGridAxis *ay);

/* What lies on the lattice line along side `side` (0 top, 1 right,
 * 2 bottom, 3 left) of cell (x, y): its distance (ΔE) from colour `ref`,
 * for the median of a strip one pixel across on the line over the middle
 * half of the side, the farthest of that strip and the strips a pixel
 * either side (a line or a gap of a pixel or two, wherever the lattice
 * fell on it). −1 when the line is off the picture. Enlight's lights have
 * the gap all round them; Flood-It's squares of one colour touch with
 * nothing between them. */
float hb_vision_side_contrast (const HbImage *img, const HbGridAxis *ax, const HbGridAxis *ay,
                               int x, int y, int side, const HbLab *ref);

/* Period of a profile by autocorrelation (for boards with no lines: the
 * strongest repeat between min_period and max_period), or 0. */
double hb_vision_autocorrelation_period (const float *profile, int len,
                                         int min_period, int max_period);

/* ---- Grouping colours -------------------------------------------------- */

/* Groups n colours: two colours closer than `threshold` (ΔE) are in the
 * same group, and so is anything linked through a chain of such pairs.
 * Fills group[i] with 0..k−1, numbered in order of first appearance, and
 * returns k. */
int hb_vision_cluster (const HbLab *colours, int n, float threshold, int *group);

/* Union-find over parent[] (parent[i] == i at a root): the root of i, with
 * the path halved on the way. */
static inline int
hb_vision_uf_find (int *parent, int i)
{
  while (parent[i] != i)
    {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
  return i;
}

/* ---- The report --------------------------------------------------------- */

typedef struct _HbImportReport HbImportReport;

/* A game's extra drawing over the debug picture (Infinite Loop's arms),
 * in picture pixels. */
typedef void (*HbImportDraw) (const HbImportReport *report, cairo_t *cr, gpointer data);

/* A reader's score under this is no match when the game is guessed. */
#define HB_IMPORT_MIN_SCORE 0.55
/* A reading held just under HB_IMPORT_MIN_SCORE: kept when the game is
 * told, offered as "seems to show a board" when guessed (a board cut by
 * the picture's edge, a small board, a reading another game's drawing
 * gives too: Flood-It's two colours a gap apart, Infinite Loop's ruled
 * grid). */
#define HB_IMPORT_SEEMS_SCORE (HB_IMPORT_MIN_SCORE - 0.05)

struct _HbImportReport {
  const struct _HbGame *game;  /* the game that read the board */
  double   score;              /* 0..1: how sure the reader is that this is
                                * its game (the registry picks the highest) */
  char    *summary;            /* "Flow Free, 9×9, 9 colours, 1 cell unsure" */
  GPtrArray *notes;            /* further sentences (a colour seen once …) */

  int      width, height;      /* the board in cells, 0 before a grid is found */
  double   x0, y0;             /* the board's top-left corner in the picture */
  double   cell_w, cell_h;     /* a cell in picture pixels */
  guint8  *unsure;             /* width × height: nonzero where the reader
                                * is not sure of the cell */
  guint32 *seen;               /* width × height: 0xRRGGBB of what the cell
                                * was read as (its colour, or the stroke
                                * colour), or 0xff000000 for nothing */
  guint    n_unsure;
  guint    cut;                /* HbSide bits: where the picture's edge
                                * cuts through the board (see
                                * hb_vision_cut_sides) */
  char    *game_name, *detail; /* the summary's parts (hb_import_report_finish) */
  double   seconds;            /* time spent reading */

  HbImportDraw   draw;         /* may be NULL */
  gpointer       draw_data;
  GDestroyNotify draw_data_free;
};

#define HB_SEEN_NOTHING 0xff000000u

HbImportReport *hb_import_report_new (void);
void            hb_import_report_free (HbImportReport *report);
/* Empties the report (for reading the next picture with it). */
void            hb_import_report_clear (HbImportReport *report);
/* Records the grid found: allocates unsure and seen (all nothing). */
void            hb_import_report_set_grid (HbImportReport *report, int width, int height,
                                           double x0, double y0, double cell_w, double cell_h);
void            hb_import_report_mark_unsure (HbImportReport *report, int x, int y);
void            hb_import_report_note (HbImportReport *report, const char *format, ...)
  G_GNUC_PRINTF (2, 3);
/* Sets the summary: "NAME, W×H, DETAIL, N cells unsure" (DETAIL may be
 * NULL; the unsure part only when some are). hb_import_report_refinish
 * says it again after more cells were marked unsure. */
void            hb_import_report_refinish (HbImportReport *report);
void            hb_import_report_finish (HbImportReport *report, const char *game_name,
                                         const char *detail);
/* The summary and the notes, one a line. */
char           *hb_import_report_to_string (const HbImportReport *report);

/* Draws the picture with what was read over it: the grid, each cell's
 * colour as a small square, unsure cells crossed in red, and the game's
 * own drawing. */
void            hb_import_report_draw (const HbImportReport *report, const HbImage *img,
                                       cairo_t *cr);
/* The same as PNG data (the caller writes it, atomically: see
 * hb_write_atomic), or NULL with `error` set. */
GBytes         *hb_import_report_debug_png (const HbImportReport *report, const HbImage *img,
                                            GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HbImportReport, hb_import_report_free)

/* A board's sides, as bits. */
typedef enum {
  HB_SIDE_TOP    = 1 << 0,
  HB_SIDE_RIGHT  = 1 << 1,
  HB_SIDE_BOTTOM = 1 << 2,
  HB_SIDE_LEFT   = 1 << 3,
} HbSide;

/* The sides (HbSide bits) where the picture seems to cut through the
 * board `report` found: its lattice runs past the picture's edge, or the
 * strip between the board and that edge, narrower than a cell, goes on
 * with the board's structure (colour changes or thin lines across the
 * side at the lattice's lines, as often as just inside the board) where
 * a margin would be plain. A board whose own cells show no structure
 * there (Infinite Loop's tiles) is judged by its reader. */
guint hb_vision_cut_sides (const HbImage *img, const HbImportReport *report);

/* How far the picture looks turned, in degrees (−45 to 45, positive
 * clockwise as seen; to about a tenth of a degree), when a good part of
 * its strong edges keep to one direction about 2.5° or more off the
 * straight (a photograph of a phone held askew: the readers want a
 * board's lines straight); 0 for a straight picture, or one whose edges
 * keep to no direction. Measured once a picture (kept with its shared
 * analyses). */
double hb_vision_tilt (const HbImage *img);

/* Sets an HB_IMAGE_ERROR_NO_BOARD error: "No GAME board found in the
 * picture: REASON". */
void hb_vision_no_board (GError **error, const char *game_name, const char *reason);

/* TRUE (with an HB_IMAGE_ERROR_CANCELLED error) when `cancellable` is set. */
gboolean hb_vision_cancelled (const HbCancel *cancellable, GError **error);

G_END_DECLS
