/* cli-full.c: the fast CLI hands some commands to hintboard-cli-full.
 *
 * Start-up is most of a small solve: the loader binding GIO, GObject and
 * GLib (built with -z now) costs 2.6 million instructions before main, and
 * cairo, GdkPixbuf and json-glib as many again. So hintboard-cli links GLib
 * statically (Debian ships the archives), and no GObject at all: the core
 * polls an HbCancel, not a GCancellable (hb-cancel.h), since a GObject
 * anywhere runs the type system's set-up before main (0.3 million
 * instructions, tests/cli/test-cli-split.c checks it stays out). Where the
 * C library's archives are there the program is static throughout
 * (meson.build), and loads nothing; else it loads cairo only when
 * something draws (cairo does not use GLib). GdkPixbuf and json-glib
 * cannot come in that way: they link the shared GLib, and two copies of
 * GLib in one process do not mix. The commands that need them —
 * render (pictures are written through GIO files and read with GdkPixbuf),
 * detect, bench detect, and reading Flow Free's JSON — run in
 * hintboard-cli-full, the same program linked the usual way: render and
 * detect are handed over before anything happens, and the first call of a
 * GdkPixbuf or json-glib function anywhere else (cli-lazy.c) hands over the
 * whole run then. Nothing has been printed by that point (levels are read
 * before anything is written), and standard input, if it was read, is
 * handed over in a memory file.
 *
 * The helper is looked for next to this program (the build tree), then in
 * HB_CLI_FULL_PATH (libexecdir/hintboard, where it is installed). */
#include "cli-full.h"
#include "cli-detect.h"
#include "hb-registry.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* A level read from a pipe, FIFO or device reaches the helper in a memory
 * file: its descriptor and the path it was read from, in the environment
 * (the helper opened the FIFO again and waited for a writer, or found the
 * pipe empty: "the file holds no board"). */
#define INPUT_FD_ENV   "HB_CLI_INPUT_FD"
#define INPUT_PATH_ENV "HB_CLI_INPUT_PATH"

static char **saved_argv;
static const char *input_text;   /* standard input as read, while alive */
static gsize input_len;
static gboolean input_consumed;
static const char *input_path;   /* the pipe's, FIFO's or device's, or NULL */

void
hb_cli_full_remember_argv (int argc, char **argv)
{
  /* GOption rewrites the array in place: keep a copy of the pointers. */
  saved_argv = g_new (char *, argc + 1);
  memcpy (saved_argv, argv, sizeof (char *) * (gsize) argc);
  saved_argv[argc] = NULL;
}

/* Whether path can be read only once (a pipe, FIFO, socket or device). */
static gboolean
read_once (const char *path)
{
  struct stat st;

  return stat (path, &st) == 0 && !S_ISREG (st.st_mode) && !S_ISDIR (st.st_mode);
}

gboolean
hb_cli_full_read_input (const char *path, char **contents, gsize *len, GError **error)
{
  const char *fd = g_getenv (INPUT_FD_ENV), *from = g_getenv (INPUT_PATH_ENV);
  gboolean ok;

  /* In the helper: the bytes the fast CLI read from this path. Once. */
  if (fd != NULL && from != NULL && path != NULL && g_str_equal (path, from))
    {
      g_autofree char *kept = g_strdup_printf ("/proc/self/fd/%s", fd);

      ok = hb_read_input (kept, contents, len, error);
      g_unsetenv (INPUT_FD_ENV);
      g_unsetenv (INPUT_PATH_ENV);
      return ok;
    }
  ok = hb_read_input (path, contents, len, error);
  if (g_strcmp0 (path, "-") == 0 || (path != NULL && read_once (path)))
    {
      input_consumed = TRUE;
      input_path = g_strcmp0 (path, "-") == 0 ? NULL : path;
      if (ok)
        {
          input_text = *contents;
          input_len = *len;
        }
    }
  return ok;
}

void
hb_cli_full_forget_input (void)
{
  input_text = NULL;
  input_len = 0;
}

#ifdef HB_CLI_FAST
static G_NORETURN void
fail (const char *what, const char *path, int e)
{
  fprintf (stderr, "hintboard-cli: %s %s: %s\n", what, path, g_strerror (e));
  exit (2);
}

/* The input again, from the bytes read: a memory file put in the place of
 * standard input, or for a pipe, FIFO or device named by its path, handed
 * to the helper with that path (INPUT_FD_ENV). */
static void
replay_input (void)
{
  int fd;
  gsize off = 0;
  const char *what = input_path != NULL ? input_path : "standard input";

  if (!input_consumed)
    return;
  if (input_text == NULL)
    {
      /* Cannot happen: only reading a level needs the helper. */
      fprintf (stderr, "hintboard-cli: internal error: standard input is gone\n");
      exit (2);
    }
  fd = memfd_create ("hintboard-input", input_path != NULL ? 0 : MFD_CLOEXEC);
  if (fd < 0)
    fail ("cannot keep", what, errno);
  while (off < input_len)
    {
      ssize_t w = write (fd, input_text + off, input_len - off);
      if (w < 0 && errno == EINTR)
        continue;
      if (w <= 0)
        fail ("cannot keep", what, w < 0 ? errno : ENOSPC);
      off += (gsize) w;
    }
  if (lseek (fd, 0, SEEK_SET) != 0)
    fail ("cannot keep", what, errno);
  if (input_path != NULL)
    {
      char num[16];

      g_snprintf (num, sizeof num, "%d", fd);
      g_setenv (INPUT_FD_ENV, num, TRUE);
      g_setenv (INPUT_PATH_ENV, input_path, TRUE);
      return;
    }
  if (dup2 (fd, STDIN_FILENO) < 0)
    fail ("cannot keep", what, errno);
  close (fd);
}

void
hb_cli_full_run (void)
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *near = NULL;
  const char *path = HB_CLI_FULL_PATH;

  if (self != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (self);
      near = g_build_filename (dir, "hintboard-cli-full", NULL);
      if (access (near, X_OK) == 0)
        path = near;
    }
  replay_input ();
  /* Anything still buffered is dropped: the helper does the run again.
   * argv[0] stays as it was: usage lines and messages read the same. */
  execv (path, saved_argv);
  fail ("cannot run", path, errno);
}
#else
void
hb_cli_full_run (void)
{
}
#endif

#ifdef HB_CLI_STATIC
/* The user database (NSS) loads the shared C library's modules, which a
 * static program must not: GLib's gutils.c asks it for a home folder
 * without $HOME or a user's name, which the CLI never needs. Linked with
 * --wrap (meson.build), so these stand in for the C library's: should
 * anything ever ask, the run goes to hintboard-cli-full. */
#include <pwd.h>

struct passwd *__wrap_getpwuid (uid_t uid);
int __wrap_getpwuid_r (uid_t uid, struct passwd *pwd, char *buf, size_t len,
                       struct passwd **result);
int __wrap_getpwnam_r (const char *name, struct passwd *pwd, char *buf, size_t len,
                       struct passwd **result);

struct passwd *
__wrap_getpwuid (uid_t uid)
{
  hb_cli_full_run ();
  return NULL;
}

int
__wrap_getpwuid_r (uid_t uid, struct passwd *pwd, char *buf, size_t len,
                   struct passwd **result)
{
  hb_cli_full_run ();
  return ENOENT;
}

int
__wrap_getpwnam_r (const char *name, struct passwd *pwd, char *buf, size_t len,
                   struct passwd **result)
{
  hb_cli_full_run ();
  return ENOENT;
}
#endif

#ifdef HB_CLI_FAST
/* The fast CLI is linked without cli-detect.c: main hands detect and bench
 * detect to hintboard-cli-full before these could be reached. */
int
hb_cli_detect (int argc, char **argv)
{
  hb_cli_full_run ();
  return 2;
}

int
hb_cli_bench_detect (int argc, char **argv)
{
  hb_cli_full_run ();
  return 2;
}
#endif
