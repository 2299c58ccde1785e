/* hb-draw.h: small cairo helpers the games' renderers share. */
#pragma once

#include <cairo.h>

/* Adds a closed rectangle with corners rounded by r (clamped to half the
 * shorter side) to the current path, as a new sub-path. */
void hb_draw_rounded_rect (cairo_t *cr, double x, double y, double w, double h, double r);
