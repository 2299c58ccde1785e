/* hb-anim.h: a solution as an animated PNG (APNG).
 *
 * The write-up showed its Flood-It answer as a GIF; Hintboard writes any
 * game's answer as an APNG instead: one frame for the board before the first
 * move and one after each move, drawn by the game's own render function.
 * APNG plays in every current browser and in many image viewers, and a
 * viewer that does not know it shows the first frame as a still PNG.
 *
 * It needs nothing but cairo: cairo compresses each frame into an ordinary
 * PNG, and HbApngWriter moves that PNG's image data into the animation's
 * chunks (https://wiki.mozilla.org/APNG_Specification).
 *
 * GLib and cairo only: the CLI, the app (on a worker thread) and the tests
 * share it. */
#pragma once

#include <gio/gio.h>
#include <cairo.h>

#include "hb-game.h"

G_BEGIN_DECLS

/* An animation of more frames than this is refused: 2000 frames cover
 * Flood-It and every small board, and a longer answer (a 4000 × 4000 Enlight
 * board's million presses) is no animation anyone would watch. */
#define HB_ANIM_MAX_FRAMES 2000
/* The largest image side, in pixels. */
#define HB_ANIM_MAX_SIDE   4096
/* The smallest cell, in pixels, a board is shrunk to to fit HB_ANIM_MAX_SIDE. */
#define HB_ANIM_MIN_CELL   4
/* The last frame stays this many times as long as the others. */
#define HB_ANIM_HOLD_LAST  3

#define HB_ANIM_ERROR (hb_anim_error_quark ())

typedef enum {
  HB_ANIM_ERROR_TOO_LONG,    /* more than HB_ANIM_MAX_FRAMES frames */
  HB_ANIM_ERROR_TOO_LARGE,   /* a frame larger than HB_ANIM_MAX_SIDE */
  HB_ANIM_ERROR_BAD_ANSWER,  /* no solved result, or moves that do not solve */
  HB_ANIM_ERROR_FRAME,       /* a frame cairo could not draw or encode */
  HB_ANIM_ERROR_USAGE,       /* frames of another size or count than announced */
} HbAnimErrorCode;

GQuark hb_anim_error_quark (void);

/* ---- The APNG encoder -------------------------------------------------- */

typedef struct _HbApngWriter HbApngWriter;

/* An encoder that writes to `out` (borrowed; it is not closed) an animation
 * of exactly `n_frames` frames that loops forever. Fails, writing nothing,
 * when n_frames is 0 or over HB_ANIM_MAX_FRAMES. */
HbApngWriter *hb_apng_writer_new (GOutputStream *out, guint n_frames, GError **error);
/* Appends a frame shown for `delay_ms` milliseconds. `frame` is a cairo
 * image surface (RGB24 or ARGB32). The first frame sets the image size (at
 * most HB_ANIM_MAX_SIDE pixels a side) and comes at offset (0, 0); a later
 * one has the first's format and replaces the rectangle it covers at
 * (x_offset, y_offset), inside the image, and the rest stays. The first
 * call writes the PNG header; each call writes its frame, so memory stays
 * one frame. */
gboolean      hb_apng_writer_add_frame (HbApngWriter *writer, cairo_surface_t *frame,
                                        int x_offset, int y_offset, guint delay_ms,
                                        GCancellable *cancellable, GError **error);
/* Writes the end of the file; fails if fewer frames came than announced. */
gboolean      hb_apng_writer_finish (HbApngWriter *writer, GCancellable *cancellable,
                                     GError **error);
void          hb_apng_writer_free (HbApngWriter *writer);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HbApngWriter, hb_apng_writer_free)

/* ---- A solution as an animation ---------------------------------------- */

/* The image size hb_anim_write_solution uses for a w × h board: cells of
 * cell_px pixels, shrunk (not below HB_ANIM_MIN_CELL) to keep each side
 * within HB_ANIM_MAX_SIDE, plus a margin. FALSE with an error if even the
 * smallest cells do not fit. */
gboolean hb_anim_frame_size (int w, int h, int cell_px, int *out_w, int *out_h,
                             int *out_cell, GError **error);

/* Draws `state` as one frame of hb_anim_write_solution: the background of
 * the light or dark style, then the board in play mode without overlays,
 * fitted with cells of `cell` pixels (from hb_anim_frame_size) into
 * `surface`, an image surface of hb_anim_frame_size's size. */
void     hb_anim_render_frame (const HbState *state, int cell, gboolean dark,
                               cairo_surface_t *surface);

/* The checks of hb_anim_write_solution that need no replay of the moves
 * (a solved result, not too many moves, a frame not too large), so that
 * the app can say at once what it would say after the file was chosen. */
gboolean hb_anim_can_animate (const HbState *initial, const HbResult *result, int cell_px,
                              GError **error);

/* Writes the answer `result` (HB_STATUS_SOLVED, its moves played from
 * `initial`) as an APNG to `out`: the initial board, then the board after
 * each move (a move the game finds no change for repeats the frame), each
 * shown `seconds_per_frame`, the last one HB_ANIM_HOLD_LAST times as long.
 * `options` (may be NULL) gives the style (dark); hints, hover and the mode
 * are not taken from it: frames are play-mode boards without overlays.
 *
 * Everything is checked before the first byte is written: a result that is
 * not solved, an answer whose moves do not end on a solved board, too many
 * frames or too large an image are errors (HB_ANIM_ERROR) and `out` stays
 * empty. `cancellable` is polled between frames. `out` is not closed. */
gboolean hb_anim_write_solution (const HbState         *initial,
                                 const HbResult        *result,
                                 const HbRenderOptions *options,
                                 int                    cell_px,
                                 double                 seconds_per_frame,
                                 GOutputStream         *out,
                                 GCancellable          *cancellable,
                                 GError               **error);

/* hb_anim_write_solution into `file`, replacing it atomically: a failed or
 * cancelled write leaves an existing file as it was and removes a new one. */
gboolean hb_anim_save_solution (GFile                 *file,
                                const HbState         *initial,
                                const HbResult        *result,
                                const HbRenderOptions *options,
                                int                    cell_px,
                                double                 seconds_per_frame,
                                GCancellable          *cancellable,
                                GError               **error);

G_END_DECLS
