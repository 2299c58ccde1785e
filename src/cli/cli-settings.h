/* cli-settings.h: --set KEY=VALUE, list --settings and render --plot. */
#pragma once

#include <stdio.h>

#include "hb-game.h"
#include "cli-options.h"

G_BEGIN_DECLS

/* solve and render (with a solver) stop it after this many seconds unless
 * --time-limit or --set time-limit= says otherwise (0: no limit); an
 * anytime solver then answers with its best. */
#define CLI_DEFAULT_TIME_LIMIT 10.0

/* Values for `solver` from "KEY=VALUE" strings (NULL-terminated, may be
 * NULL): its own settings, the common ones and, for counting solvers,
 * count. An unknown key or a bad value is an error naming the solver. */
HbSettings *cli_solver_settings (const HbSolver *solver, char **assignments, GError **error);
/* Values for the game's generate_settings, and "seed" (generate's
 * --seed given as --set seed=N). */
HbSettings *cli_generate_settings (const HbGame *game, char **assignments, GError **error);
/* "hintboard-cli: MESSAGE" on stderr, on one line: control characters
 * in it (a file name's, a library's message) shown escaped. */
void        cli_error (const char *format, ...) G_GNUC_PRINTF (1, 2);
/* Writes text to standard output, keeping the reason of a failed write
 * (cli_stdout_errno): stdio sets only a flag, and the errno of a write
 * that failed mid-output ("No space left on device") was lost by the time
 * the last flush was checked. */
void        cli_puts (const char *text);
int         cli_stdout_errno (void);
/* "hintboard-cli: NAME: MESSAGE" where the message is a list, a line per
 * item (detect's "No board of any game found": one line per game); the
 * name and each line escaped. */
void        cli_error_lines (const char *name, const char *message);
/* GOption's error for COMMAND's options, as every command says one:
 * "hintboard-cli: COMMAND: message" in lower case, then where its help
 * is ("Unknown option --solver" alone did not say that hint takes none). */
void        cli_option_error (const char *command, const char *message);
/* GOption's "Invalid byte sequence in conversion input" (an option's
 * value that is not text in the locale's character set) named nothing:
 * "--game takes text in UTF-8, not 'fl\xffw'" for the first such value
 * among argv's text options of `sets` (a NULL-ended list of tables),
 * else NULL. */
char       *cli_unreadable_value (int argc, char **argv, const GOptionEntry *const *sets);
/* The long name of an option of one value (not a flag, not a --set)
 * given twice among argv's options, else NULL: "--solver sat --solver
 * fast" kept the last without a word. `sets` is a NULL-ended list of
 * NULL-ended entry tables; two entries that store into the same place (a
 * hidden spelling such as --colors for --colours) are one option. */
const char *cli_repeated_option (int argc, char **argv, const GOptionEntry *const *sets);
/* The long name of a flag of `sets` given a value among argv's options
 * ("--dark=0", "--stats=1"), else NULL; *word is set to the word. GOption
 * took the flag and dropped the value: "--dark=0" drew in the dark
 * style. */
const char *cli_flag_with_value (int argc, char **argv, const GOptionEntry *const *sets,
                                 const char **word);
/* Makes the numbers of argv's integer and decimal options read in
 * decimal, as --set reads its numbers: GOption reads an integer with
 * strtol's base 0 ("--cell 010" drew 8-pixel cells, "--cell 09" was no
 * number, "--count 0x10" counted to 16) and a decimal number with strtod
 * ("--time-limit 0x10" was 16 s, " 5" 5 s). An integer's leading zeros
 * are dropped in place; a value in hexadecimal or starting with a blank
 * is refused: the option's long name is returned and *text set to the
 * value, else NULL. */
/* "0x…" (a sign before it too): hexadecimal, which no number option
 * reads. */
gboolean    cli_is_hexadecimal (const char *value);
/* A number followed by letters ("5s", "40px", "1.5min"): a unit, which no
 * number option takes. */
gboolean    cli_has_unit (const char *value);
const char *cli_decimal_options (int argc, char **argv, const GOptionEntry *const *sets,
                                 const char **text);
/* The long name of an integer or decimal option of `sets` whose value
 * among argv's options is no number GOption reads ("abc", "1.5" or "1e3"
 * for an integer, "", a number beyond its type such as 99999999999 or
 * 1e400), else NULL; *text is set to the value. GOption's own "cannot
 * parse integer value" did not say what the option takes: the caller
 * says it, as for a number out of the option's range. Call it after
 * cli_decimal_options. */
const char *cli_unreadable_number (int argc, char **argv, const GOptionEntry *const *sets,
                                   const char **text);
/* GOption leaves the "--" that ends the options: drops it from argv, so
 * that "solve -- -x.lights" reads the file named -x.lights. */
void        cli_drop_end_of_options (int *argc, char **argv);
/* `list --settings`: every game's generate settings and every solver's. */
void        cli_print_settings (FILE *f);
/* The trace's series as a plot in OUT.png or OUT.svg (written atomically). */
gboolean    cli_write_plot (const HbTrace *trace, const char *title, const char *output,
                            gboolean dark, GError **error);

/* A surface to draw an image of w × h into: an SVG recorded into
 * *svg_bytes (a new array), else an ARGB32 image (*svg_bytes NULL). */
cairo_surface_t *cli_surface_new (gboolean svg, double w, double h, GByteArray **svg_bytes);
/* Writes it (PNG, or the SVG's bytes) atomically to output: a temporary
 * file beside it renamed over it, with hb_write_atomic's messages. */
gboolean    cli_write_surface (cairo_surface_t *surface, GByteArray *svg_bytes,
                               const char *output, GError **error);

/* Whether `name` ends in `suffix`, in either case (".PNG" is ".png"). */
gboolean cli_name_ends (const char *name, const char *suffix);
/* Whether the two names are one file (by a link too); FALSE where either
 * is not there. */
gboolean cli_same_file (const char *a, const char *b);

/* The checks every command makes of argv's options (`sets`) before
 * GOption reads them, in order: joined short values split (a word that
 * joins -h or -? to more, "-h5", which GOption took for its help, is an
 * unknown option: *unknown_option set), an option of one value given
 * twice, a flag given a value, numbers made decimal, and a number
 * GOption cannot read, said with what `range` says the option takes
 * ("1 to 100"). NULL when argv passes, else the message (free it). */
char       *cli_check_options (int *argc, char ***argv, const GOptionEntry *const *sets,
                               const char *(*range) (const char *name), gboolean *unknown_option);

G_END_DECLS
