/* fuzz-parse.h: the reader fuzz target's body, shared by the libFuzzer
 * targets and the replay of regression files. */
#pragma once

#include "hb-registry.h"

/* Reads data as `game` would (NULL: as the registry does when no game is
 * named) and checks what was read round-trips through every format;
 * abort()s on a finding. */
void hb_fuzz_one (const HbGame *game, const guint8 *data, gsize size);

/* Reads data as `game` would (NULL: as the registry does) and, on a level
 * of at most 256 cells, runs every exact solver of its game with limits
 * and checks each answer by the game's rules and the verdicts against
 * each other (fuzz-solve.c); abort()s on a finding. */
void hb_fuzz_solve_one (const HbGame *game, const guint8 *data, gsize size);
