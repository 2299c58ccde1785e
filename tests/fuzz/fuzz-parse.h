/* fuzz-parse.h: the reader fuzz target's body, shared by the libFuzzer
 * targets and the replay of regression files. */
#pragma once

#include "hb-registry.h"

/* Reads data as `game` would (NULL: as the registry does when no game is
 * named) and checks what was read round-trips through every format;
 * abort()s on a finding. */
void hb_fuzz_one (const HbGame *game, const guint8 *data, gsize size);
