/* cli-full.h: handing a run over to hintboard-cli-full (cli-full.c). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Keeps main's arguments, to run the same command again in the helper. */
void hb_cli_full_remember_argv (int argc, char **argv);
/* hb_read_input, remembering what standard input held ("-"), so the
 * helper can be handed the same bytes; hb_cli_full_forget_input once they
 * are freed. */
gboolean hb_cli_full_read_input (const char *path, char **contents, gsize *len,
                                 GError **error);
void hb_cli_full_forget_input (void);
/* Replaces the process by hintboard-cli-full with the same arguments (and
 * standard input). Returns only in a build without the split (the CLI is
 * whole then, and this is never called). */
void hb_cli_full_run (void);

G_END_DECLS
