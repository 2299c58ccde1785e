/* hb-palette-bar.h: the row of palette entries a game offers for a mode
 * (game->palette), each drawn by game->palette_render. In edit mode the
 * entries are a choice of tool (the "selected" property, handed to the
 * board view as HbPointer.tool); in play mode each is a button that emits
 * "activated" with the entry's id. */
#pragma once

#include <gtk/gtk.h>

#include "hb-game.h"

G_BEGIN_DECLS

#define HB_TYPE_PALETTE_BAR (hb_palette_bar_get_type ())
G_DECLARE_FINAL_TYPE (HbPaletteBar, hb_palette_bar, HB, PALETTE_BAR, GtkBox)

GtkWidget *hb_palette_bar_new (void);
/* Asks the game for the mode's palette and rebuilds the row when it
 * changed; `state` is borrowed until the next update. Returns the number of
 * entries (0: the bar has nothing to show, yet keeps an entry's height, out
 * of sight, for the window to reserve the row). */
int        hb_palette_bar_update (HbPaletteBar *self, const HbState *state,
                                  HbMode mode);
int        hb_palette_bar_get_n_entries (HbPaletteBar *self);
/* The selected entry's id, or -1. */
int        hb_palette_bar_get_selected (HbPaletteBar *self);
/* The number keys: selects (edit) or activates (play) the index-th entry. */
gboolean   hb_palette_bar_activate_index (HbPaletteBar *self, int index);
/* Edit: selects the entry whose id is `id`; FALSE when there is none. */
gboolean   hb_palette_bar_select (HbPaletteBar *self, int id);

G_END_DECLS
