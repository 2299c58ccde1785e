/* flow-game.h: what flow.c, flow-json.c and flow-render.c share with each
 * other (and the tests) beyond flow.h: the JSON format, the colours, the
 * drawing entry points and the hint. Solvers need none of it. */
#pragma once

#include "flow.h"

G_BEGIN_DECLS

/* The text format as flow_parse_text reads it; with `editing` (a level
 * saved in the editor, marked so in the file) a colour may have one dot
 * and the board none (flow-model.c). */
FlowState *flow_parse_text_full (const char *text, gsize len, gboolean editing,
                                 GError **error);

/* ---- The write-up's JSON (flow-json.c) -----------------------------------
 *
 * A list of rows, each a list of cells: null for an empty cell, a string
 * for a dot; equal strings are one colour. Colour names ("red", "dark
 * blue", "grey" or "gray", …) become the game's colour of that name, any
 * other string a colour of its own; the strings are kept, so writing the
 * level back gives them again. A solution is the same grid with every cell
 * holding its path's string. Errors name the line and column. */
FlowState *flow_parse_json (const char *text, gsize len, GError **error);
/* `solution`: every cell's path colour instead of the dots. */
char      *flow_write_json (const FlowState *s, gboolean solution);
/* TRUE when the text's first token is '[' followed by '[' (after blanks):
 * the shape of the write-up's JSON, which no other game reads. */
gboolean   flow_sniff_json (const char *text, gsize len);
/* The same with comments between slash-stars skipped as blanks. */
gboolean   flow_sniff_json_full (const char *text, gsize len, gboolean comments);

/* The game colour a name means ("red" → 'R', "dark blue" → 'b'), or 0. */
char        flow_colour_char_for_name (const char *name);
/* The English name of the game colour with that letter ("red"), or NULL. */
const char *flow_colour_name_for_char (char c);

/* ---- Colours and drawing (flow-render.c) --------------------------------- */

/* The colour drawn for colour c of s (from its character: the game's 16
 * letters get the game's colours, others distinct hues), 0xRRGGBB. */
guint32  flow_colour_rgb (const FlowState *s, int c, gboolean dark);
/* TRUE when the colour's character is drawn on its dots (not one of the
 * game's 16 letters). */
gboolean flow_colour_shows_char (const FlowState *s, int c);

/* The hint (flow.c's hint_compute). */
typedef enum {
  FLOW_HINT_SOLVED,       /* the board is already solved */
  FLOW_HINT_PATH,         /* `colour`'s path is the next hint */
  FLOW_HINT_NONE,         /* no solution (proven) */
  FLOW_HINT_GAVE_UP,      /* the solver gave up or there is none built */
  FLOW_HINT_BAD_LEVEL,    /* a colour without its pair of dots */
} FlowHintKind;

typedef struct {
  int           width, height;
  FlowHintKind  kind;
  int           colour;         /* FLOW_HINT_PATH: the colour to draw */
  int           solutions;      /* 1, 2 (more than one), 0 unknown */
  guint8       *forced;         /* w*h colour + 1 forced by arc consistency, or NULL */
  guint8       *solution;       /* w*h colour + 1 of the solution found, or NULL */
  guint8       *links;          /* w*h its links, or NULL */
  int           forced_count;   /* forced cells not yet filled on the board */
} FlowHint;

/* Appends to `cells` (int) the solution's path of colour c from its
 * first dot, cell by cell along the hint's links, as far as they go (the
 * other dot when whole); nothing without a solution or a pair of dots. */
void flow_hint_path (const FlowState *s, const FlowHint *h, int c, GArray *cells);

void flow_render (const HbState *state, cairo_t *cr, const HbLayout *layout,
                  const HbRenderOptions *options);
/* HbGame.redraw_cells */
gboolean flow_redraw_cells (const HbState *before, const HbState *after,
                            const HbRenderOptions *options, HbCellRect *rect);
void flow_palette_render (const HbState *state, HbMode mode, int id, cairo_t *cr,
                          double size, gboolean dark);
void flow_frame_render_vfunc (gconstpointer frame, cairo_t *cr, const HbLayout *layout,
                              const HbRenderOptions *options, const HbStep *current);

G_END_DECLS
