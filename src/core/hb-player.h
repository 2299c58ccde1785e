/* hb-player.h: rebuilds any frame of a recorded trace, for the animation.
 *
 * Position p shows the board after the first p steps (0 = before any).
 * Seeking applies steps forward from the nearest keyframe at or before the
 * target; keyframes are taken every `interval` steps, the interval chosen so
 * that at most HB_PLAYER_MAX_KEYFRAMES copies are kept, so scrubbing
 * backwards costs at most one interval of steps. */
#pragma once

#include "hb-game.h"

G_BEGIN_DECLS

#define HB_PLAYER_MAX_KEYFRAMES 256
/* …and no more keyframes than hold this many cells in all, so a trace on a
 * huge board does not keep 256 copies of it. */
#define HB_PLAYER_KEYFRAME_CELLS (G_GUINT64_CONSTANT (32) << 20)

typedef struct _HbPlayer HbPlayer;

/* The player keeps a copy of `initial` and borrows `trace`, which must
 * outlive it. */
HbPlayer      *hb_player_new (const HbState *initial, const HbTrace *trace);
void           hb_player_free (HbPlayer *player);

gsize          hb_player_length (const HbPlayer *player);   /* number of steps */
gsize          hb_player_position (const HbPlayer *player);
void           hb_player_seek (HbPlayer *player, gsize position);
/* The step that led to the current frame, or NULL at position 0. */
const HbStep  *hb_player_current_step (const HbPlayer *player);
gconstpointer  hb_player_frame (const HbPlayer *player);
void           hb_player_render (const HbPlayer *player, cairo_t *cr,
                                 const HbLayout *layout,
                                 const HbRenderOptions *options);
/* Description of the current step (newly allocated), "" at position 0. */
char          *hb_player_describe (const HbPlayer *player);
/* The game's counters for the current frame (newly allocated), or NULL
 * when the game has none. */
char          *hb_player_frame_status (const HbPlayer *player);

G_END_DECLS
