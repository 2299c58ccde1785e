/* hb-board-view-private.h: what the board view's files share
 * (hb-board-view.c draws and maps gestures to moves, hb-board-view-zoom.c
 * zooms and pans, hb-board-view-keys.c holds the keyboard cursor). Nothing
 * outside those files includes it. */
#pragma once

#include <adwaita.h>

#include "hb-board-view.h"

G_BEGIN_DECLS

#define BOARD_MARGIN 24.0

typedef struct _HbBoardCacheKey HbBoardCacheKey;

struct _HbBoardView
{
  GtkDrawingArea parent_instance;

  const HbState *state;
  const HbGame  *shown_game;      /* what state had, for comparing */
  int            shown_width, shown_height;
  gconstpointer  hint;
  HbPlayer      *player;
  gboolean       show_hints;
  guint          hint_flags;
  HbMode         mode;
  int            tool;

  int            hover_x, hover_y;
  double         hover_px, hover_py;  /* the pointer, for Ctrl+scroll */
  gboolean       pointer_in;          /* over the view (motion, not left) */
  /* The view's top left in its window at the last allocation: the still
   * pointer's place in the view moves when the view does. */
  double         origin_x, origin_y;
  gboolean       origin_known;

  /* Zoom and pan (Ctrl+scroll, the window's Ctrl +/−/0, pinch; scroll pans once
   * zoomed): the fitted layout scaled by `zoom` about the view's centre,
   * shifted by (pan_x, pan_y) pixels. */
  double         zoom, pinch_start;
  double         pan_x, pan_y;

  /* The keyboard cursor: arrows move it, Space and Enter act there. In
   * a game with keyboard_strokes (Flow Free) Space starts a stroke the
   * arrows carry on (`key_stroke`), until Space again or Escape, or
   * until the game says it is finished: the next Space there, on the
   * board that finish left (`finished_state`, NULL: none), the habit that
   * ended a stroke, does nothing. */
  int            cursor_x, cursor_y;
  gboolean       cursor_shown;
  gboolean       key_stroke;
  const HbState *finished_state;

  /* The gesture in progress. */
  gboolean       pressed;
  gboolean       emitting;   /* in emit_moves: a new state is the stroke's own */
  HbPointer      pointer;
  double         start_x, start_y;
  double         last_x, last_y;  /* the last pointer position handled */
  HbHit          last_hit;
  gpointer       ui;              /* the game's gesture state (ui_new) */
  const HbGame  *ui_game;

  /* A running solver's newest snapshot (owned), drawn instead of the
   * board, in a layout for the board the solver started from. */
  gpointer       live_frame;
  GDestroyNotify live_free;
  const HbGame  *live_game;
  int            live_width, live_height;
  guint          live_draws;

  /* A screenshot import: the picture, placed so that the board read from
   * it lies on the cells, drawn faintly behind the board while the state
   * is the imported one's game and size; the cells the detector was unsure
   * of, each outlined until a click or key in Edit touches it (an edit or
   * a confirmation), through other changes and Undo, until another level
   * or another size (marks_marked_here). */
  cairo_surface_t *picture;
  double         pic_x0, pic_y0, pic_cell_w, pic_cell_h;
  int            pic_width, pic_height;
  const HbGame  *pic_game;
  gboolean       show_picture;
  /* The picture as drawn: its board's part in grey, washed toward the
   * background (hb_board_view_draw_over_picture), made from ghost_of (a
   * reference, so a new picture is never taken for it) in ghost_dark,
   * for the board of ghost_size cells with the board read at ghost_at. */
  cairo_surface_t *ghost, *ghost_of;
  gboolean       ghost_dark;
  int            ghost_at[2], ghost_size[2];
  int            read_x, read_y;  /* where the board read lies on the
                                   * board shown (set_origin) */
  guint8        *marks;
  const HbGame  *marks_game;    /* the board the marks are for: its game */
  int            marks_width, marks_height;  /* and size */
  GPtrArray     *marks_taken;   /* MarkTaken: marks an edit took, with the
                                 * boards before and after it, so that Undo
                                 * brings a mark back and Redo takes it
                                 * again (hb-board-view-marks.c) */
  guint          stroke_id;     /* counts presses: a stroke's marks share
                                 * the board before its first move */

  /* A move's animation (hb-board-view-anim.c): a copy of the board last
   * shown (kept while a move may animate), the board before the move
   * while it animates, and the tick callback that runs it. */
  HbState       *last_shown;
  HbState       *anim_from;
  guint          anim_tick;
  double         anim_progress;    /* eased, 0..1 */
  gint64         anim_first, anim_before_last, anim_last, anim_prev;

  /* hb-board-view-tips.c: the tooltip and the cursor's name asked again
   * once the marks may have changed (an idle), or 0. */
  guint          tips_idle;
  gboolean       tips_requery;

  /* hb-board-view-cache.c: the board as last rendered (an image of the
   * view's size at its scale), for what key, NULL when none is kept;
   * `cache_generation` goes up on every change of what is drawn that the
   * key does not see otherwise; how long the last full render took; the
   * draws the cache served (tests); the tests' policy (1: cache every
   * board, -1: none, 0: where it pays); HB_DEBUG_DRAW's timings. */
  cairo_surface_t *cache;
  HbBoardCacheKey *cache_key;
  guint64        cache_generation;
  /* A copy of the board the picture kept shows, where the game can say
   * what a change touched (HbGame.redraw_cells), and a count of the
   * boards set: a new board is drawn into the picture where it changed. */
  HbState       *cache_shown;
  guint64        cache_boards;
  guint          cache_patches;
  gint64         last_render_us;
  guint          cache_draws;
  int            cache_policy;
  gint64         debug_paint_start, debug_board_us, debug_cells;
  int            debug_how;
};

/* hb-board-view.c: a gesture's first and last event, as the drag gesture
 * reports them, in widget coordinates. */
void     hb_board_view_pointer_press (HbBoardView *self, double x, double y, int button);
void     hb_board_view_pointer_release (HbBoardView *self, double x, double y);
/* A motion of the gesture in progress: every cell crossed since the last. */
void     hb_board_view_pointer_motion (HbBoardView *self, double x, double y);

/* The hovered cell again, under the pointer where it last was (the board
 * moved under a pointer that did not: a pan, a zoom). */
void     hb_board_view_rehover (HbBoardView *self);

/* hb-board-view-zoom.c */
/* Where the board sits: fitted to the view, then zoomed and panned. */
void     hb_board_view_zoomed_layout (HbBoardView *self, HbLayout *layout);
/* The view asks for the height its board fitted to a width takes. */
void     hb_board_view_size_class_init (GtkWidgetClass *widget_class);

/* hb-board-view-marks.c: whether the import's marks are for the board
 * shown (its game and size), and their drawing. */
gboolean hb_board_view_marks_here (const HbBoardView *self);
/* The mark of cell (x, y) of the board shown, or NULL where none can be
 * (no marks here, or a cell the board was grown by). */
guint8  *hb_board_view_mark_at (HbBoardView *self, int x, int y);
gboolean hb_board_view_keep_as_read (HbBoardView *self, int x, int y);
void     hb_board_view_draw_marks (HbBoardView *self, cairo_t *cr, const HbLayout *layout);
void     hb_board_view_draw_run_focus (HbBoardView *self, cairo_t *cr, const HbLayout *layout);
void     hb_board_view_draw_over_picture (HbBoardView *self, cairo_t *cr, const HbLayout *layout,
                                          const HbRenderOptions *options);
/* An edit touched marked cell `cell` (self->state is the board before its
 * moves); the marks follow the board shown (after set_state). */
void     hb_board_view_mark_taken (HbBoardView *self, int cell);
void     hb_board_view_marks_follow (HbBoardView *self);
/* Adds the scroll and pinch controllers. */
void     hb_board_view_zoom_init (HbBoardView *self);

/* hb-board-view-keys.c */
/* Adds the key and focus controllers. */
void     hb_board_view_keys_init (HbBoardView *self);
/* The board's accessible name: the cursor's cell, and what the hint's
 * marks there say. */
void     hb_board_view_announce_cursor (HbBoardView *self);

/* hb-board-view-tips.c: the tooltip saying what a cell's hint marks
 * mean; _changed when the marks may have (the cursor's cell named again,
 * and with `requery` a tooltip shown asked again). */
void     hb_board_view_tips_init (HbBoardView *self);
void     hb_board_view_tips_changed (HbBoardView *self, gboolean requery);
/* A gesture began by the keyboard ends (a new board, the player, a mode). */
void     hb_board_view_keys_reset (HbBoardView *self);

/* hb-board-view-anim.c */
/* The board shown changes to `state` (the view's state is still the one
 * before): starts a move's animation when one is due, and keeps what the
 * next needs. */
void     hb_board_view_anim_state (HbBoardView *self, const HbState *state);
/* Stops an animation (the last frame shows) and forgets the board kept. */
void     hb_board_view_anim_clear (HbBoardView *self);
/* Frees the live frame, if any (hb-board-view-anim.c). */
void     hb_board_view_live_clear (HbBoardView *self);
/* Fills the options' anim_from and anim_progress while one runs. */
void     hb_board_view_anim_options (HbBoardView *self, HbRenderOptions *options);

/* hb-board-view-cache.c */
/* Draws the board (the game's render, or the board over the import's
 * picture) with `options` into the view's `cr` of width × height, from
 * the board kept when nothing it depends on changed, on boards where
 * that pays; elsewhere exactly as the render itself. */
void     hb_board_view_cache_draw (HbBoardView *self, cairo_t *cr, int width, int height,
                                   const HbLayout *layout, const HbRenderOptions *options,
                                   gboolean over_picture);
/* What is drawn changed in a way the cache's key cannot see (a hint or
 * a picture): the board kept goes. */
void     hb_board_view_cache_changed (HbBoardView *self);
/* A board was set (maybe at the address of the last): the next draw
 * compares it with the one kept, and draws again what changed. */
void     hb_board_view_cache_board_set (HbBoardView *self);
void     hb_board_view_cache_clear (HbBoardView *self);
/* HB_DEBUG_DRAW's timings, when set. */
void     hb_board_view_cache_init (HbBoardView *self);

G_END_DECLS
