/* cli-run.c: see cli-run.h. */
#include "cli-run.h"

#include <glib/gstdio.h>
#include <string.h>

void
cli_run_clear (CliRun *r)
{
  g_free (r->out);
  g_free (r->err);
}

static char *
bytes_to_string (GBytes *b)
{
  gsize n = 0;
  const char *data = b ? g_bytes_get_data (b, &n) : NULL;
  return data ? g_strndup (data, n) : g_strdup ("");
}

void
cli_run_argv (CliRun *r, const char *const *argv, const char *cwd, int stdin_fd,
              const char *input)
{
  g_autoptr(GSubprocessLauncher) l = NULL;
  g_autoptr(GSubprocess) p = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) in = g_bytes_new (input ? input : "", input ? strlen (input) : 0);
  g_autoptr(GBytes) out = NULL, err = NULL;
  GSubprocessFlags flags = G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE;

  if (stdin_fd < 0)
    flags |= G_SUBPROCESS_FLAGS_STDIN_PIPE;
  l = g_subprocess_launcher_new (flags);
  if (stdin_fd >= 0)
    g_subprocess_launcher_take_stdin_fd (l, stdin_fd);
  if (cwd != NULL)
    g_subprocess_launcher_set_cwd (l, cwd);
  p = g_subprocess_launcher_spawnv (l, argv, &error);
  g_assert_no_error (error);
  g_subprocess_communicate (p, stdin_fd < 0 ? in : NULL, NULL, &out, &err, &error);
  g_assert_no_error (error);
  r->status = g_subprocess_get_if_exited (p) ? g_subprocess_get_exit_status (p) : -1;
  r->out = bytes_to_string (out);
  r->err = bytes_to_string (err);
}

void
cli_run_remove_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *p = g_build_filename (dir, name, NULL);
      g_unlink (p);
    }
  g_rmdir (dir);
}
