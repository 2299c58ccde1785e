/* cli-run.h: running a program for the command-line tests and keeping
 * what it said (test-cli, test-cli-split). */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct {
  int   status;   /* exit status, -1 when it did not exit */
  char *out;      /* standard output and error, never NULL */
  char *err;
} CliRun;

void cli_run_clear (CliRun *r);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CliRun, cli_run_clear)

/* Runs argv (NULL-terminated) in `cwd` (NULL: here), with standard input
 * from the descriptor stdin_fd (taken) when it is >= 0, else `input` (may
 * be NULL: nothing); aborts the test if it cannot be started. */
void cli_run_argv (CliRun *r, const char *const *argv, const char *cwd, int stdin_fd,
                   const char *input);

/* Removes a test's scratch folder and the files in it (no subfolders). */
void cli_run_remove_dir (const char *dir);

G_END_DECLS
