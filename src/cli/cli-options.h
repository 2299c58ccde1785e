/* cli-options.h: argv made ready for GOption. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* getopt's joined short values, which GOption refuses ("-r5" is -r
 * taking the next word for its value, then an unknown -5): a word
 * of short options whose letters are flags of `sets` up to one that takes
 * a value, with more after it, is split there ("-r5" is "-r" "5"). Not
 * after "--", not a lone "-", not an option's value ("-r -5", "--seed
 * -5"), and flags alone ("-ab") are left to GOption. *argv may be
 * replaced by a new array, kept for the life of the process.
 * Returns the first word that joins -h or -? to other letters ("-h5",
 * "-?x", "-hg"), which GOption takes for a request for its help, else
 * NULL: the caller refuses it as an unknown option. */
const char *cli_split_short_values (int *argc, char ***argv, const GOptionEntry *const *sets);

G_END_DECLS
