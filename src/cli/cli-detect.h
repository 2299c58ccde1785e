/* cli-detect.h: the CLI's screenshot import commands (cli-detect.c). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* --repeats takes 1 to this, in every bench. */
#define CLI_MAX_REPEATS 100
/* An integer option not given (any number the user types is checked,
 * -1 too: it was taken for "not given"). */
#define CLI_UNSET G_MININT

/* hintboard-cli detect [--game G] IMAGE [--debug OUT.png] */
int hb_cli_detect (int argc, char **argv);
/* hintboard-cli bench detect [IMAGE…] [--repeats N] [--quick] */
int hb_cli_bench_detect (int argc, char **argv);

G_END_DECLS
