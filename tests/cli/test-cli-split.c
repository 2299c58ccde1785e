/* The split CLI (src/cli/cli-full.c): hintboard-cli, the fast program
 * (GLib linked statically, no GObject, where it can be no shared library
 * at all), and hintboard-cli-full, the same program linked the usual way,
 * must answer alike: every command here runs in both and the exit status,
 * standard output and standard error are compared, including the runs the
 * fast one hands over (Flow Free's JSON, standard input kept for the
 * helper, a run that needs the locale). And GObject must stay out of the
 * fast program: its type system sets itself up before main whenever it is
 * linked, a third or more of a small solve (nm on the binary).
 *
 * HB_CLI is the fast program, HB_CLI_FULL the helper and HB_NM nm; without
 * the last two (no split in this build: sanitizers, fuzzing, not x86-64)
 * every test is skipped. */
#include "cli-run.h"

#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *cli, *cli_full, *nm;
static char *tmpdir;

/* Runs `program` with `args` (NULL-terminated) in tmpdir, `input` on
 * standard input. */
static void
run (CliRun *r, const char *program, const char *const *args, const char *input)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();

  g_ptr_array_add (argv, (gpointer) program);
  for (int i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  cli_run_argv (r, (const char *const *) argv->pdata, tmpdir, -1, input);
}

/* Runs `args` in both programs and checks they answer alike; returns the
 * fast program's standard output (newly allocated). */
static char *
same (const char *input, const char *const *args)
{
  g_auto(CliRun) fast = { 0 };
  g_auto(CliRun) full = { 0 };
  g_autofree char *line = g_strjoinv (" ", (char **) args);

  g_test_message ("%s", line);
  run (&fast, cli, args, input);
  run (&full, cli_full, args, input);
  g_assert_cmpint (fast.status, ==, full.status);
  g_assert_cmpstr (fast.out, ==, full.out);
  g_assert_cmpstr (fast.err, ==, full.err);
  return g_steal_pointer (&fast.out);
}

#define SAME(input, ...) same ((input), (const char *const[]) { __VA_ARGS__, NULL })

static gboolean
split_built (void)
{
  if (cli_full != NULL && nm != NULL)
    return TRUE;
  g_test_skip ("no split CLI in this build");
  return FALSE;
}

static char *
write_level (const char *name, const char *text)
{
  char *path = g_build_filename (tmpdir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, text, -1, &error));
  g_assert_no_error (error);
  return path;
}

static void
test_commands (void)
{
  static const struct { const char *game, *size, *ext; } games[] = {
    { "lights", "5x5", ".lights" },
    { "loop", "8x8", ".loop" },
    { "flood", "6x6", ".flood" },
    { "flow", "7x7", ".flow" },
  };

  if (!split_built ())
    return;
  g_free (SAME (NULL, "list"));
  g_free (SAME (NULL, "list", "--settings"));
  for (gsize g = 0; g < G_N_ELEMENTS (games); g++)
    {
      g_autofree char *text = SAME (NULL, "generate", "--game", games[g].game, "--size",
                                    games[g].size, "--seed", "3");
      g_autofree char *name = g_strconcat ("level", games[g].ext, NULL);
      g_autofree char *path = write_level (name, text);
      static const char *const formats[] = { "native", "compact", "tatham", "json" };

      g_assert_cmpstr (text, !=, "");
      g_free (SAME (NULL, "generate", "--game", games[g].game, "--size", games[g].size,
                    "--seed", "4", "--compact"));
      g_free (SAME (NULL, "solve", name));
      g_free (SAME (NULL, "solve", "--compact", name));
      g_free (SAME (NULL, "solve", "--time-limit", "0", name));
      g_free (SAME (NULL, "hint", name));
      /* Standard input, read by the fast program before anything else. */
      g_free (SAME (text, "solve", "--game", games[g].game, "-"));
      for (gsize f = 0; f < G_N_ELEMENTS (formats); f++)
        g_free (SAME (NULL, "convert", name, "--to", formats[f]));
    }
}

static char *fifo_path;

/* Writes the text into fifo_path (opening blocks until the reader opens). */
static gpointer
write_fifo (gpointer text)
{
  int fd = open (fifo_path, O_WRONLY);
  gsize len = strlen (text), off = 0;

  g_assert_cmpint (fd, >=, 0);
  while (off < len)
    {
      ssize_t w = write (fd, (const char *) text + off, len - off);
      g_assert_cmpint (w, >, 0);
      off += (gsize) w;
    }
  close (fd);
  return NULL;
}

/* Flow Free's JSON needs json-glib: the fast program hands the run over,
 * standard input included. */
static void
test_handed_over (void)
{
  g_autofree char *level = NULL, *json = NULL, *path = NULL;

  if (!split_built ())
    return;
  level = SAME (NULL, "generate", "--game", "flow", "--size", "6x6", "--seed", "5");
  path = write_level ("level.flow", level);
  json = SAME (NULL, "convert", "level.flow", "--to", "json");
  g_free (write_level ("level.json", json));
  g_free (SAME (NULL, "solve", "level.json"));
  g_free (SAME (json, "solve", "--game", "flow", "-"));
  /* A pipe named by a path: what the fast program read reaches the helper
   * ("the file holds no board": the helper found the pipe empty). */
  g_free (SAME (json, "solve", "--game", "flow", "/dev/stdin"));
  g_free (SAME (NULL, "solve", "--json", "level.flow"));
  /* A FIFO: the helper opened it again and waited for a writer for good. */
  {
    g_autofree char *fifo = g_build_filename (tmpdir, "level.fifo", NULL);
    g_autofree char *want = SAME (NULL, "solve", "level.json");
    g_auto(CliRun) r = { 0 };
    GThread *writer;

    g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
    fifo_path = fifo;
    writer = g_thread_new ("fifo-writer", write_fifo, (gpointer) json);
    run (&r, cli, (const char *const[]) { "solve", "--game", "flow", "level.fifo", NULL }, NULL);
    g_thread_join (writer);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_cmpstr (r.out, ==, want);
    g_unlink (fifo);
  }
  /* An argument beyond ASCII: the locale is read (in the helper). */
  g_free (SAME (NULL, "solve", "--set", "caf\xc3\xa9=1", "level.flow"));
}

static void
test_errors (void)
{
  g_autofree char *path = NULL;

  if (!split_built ())
    return;
  path = write_level ("bad.lights", "01x\n011\n");
  g_free (SAME (NULL, "solve", "bad.lights"));
  g_free (SAME (NULL, "solve", "missing.lights"));
  g_free (SAME ("0 1\n", "solve", "--game", "lights", "-"));
  g_free (SAME (NULL, "solve", "--solver", "nonesuch", "bad.lights"));
  g_free (SAME (NULL, "frobnicate"));
  g_free (SAME (NULL, "generate", "--game", "loop", "--size", "0x3"));
}

/* GObject's type system (and GIO with it) stays out of the fast program. */
static void
test_no_gobject (void)
{
  const char *const args[] = { "--defined-only", cli, NULL };
  static const char *const banned[] = {
    "gobject_init_ctor",              /* the constructor itself */
    "g_type_init_with_debug_flags",
    "g_type_register_static",
    "g_object_new",
    "g_cancellable_new",
    "g_io_error_quark",
  };
  g_auto(CliRun) r = { 0 };
  g_auto(GStrv) lines = NULL;
  gboolean has_glib = FALSE;

  if (!split_built ())
    return;
  run (&r, nm, args, NULL);
  g_assert_cmpint (r.status, ==, 0);
  lines = g_strsplit (r.out, "\n", -1);
  for (int i = 0; lines[i] != NULL; i++)
    {
      const char *sym = strrchr (lines[i], ' ');

      if (sym == NULL)
        continue;
      sym++;
      /* nm works and sees the symbols: GLib is there. */
      if (g_str_equal (sym, "g_malloc"))
        has_glib = TRUE;
      for (gsize b = 0; b < G_N_ELEMENTS (banned); b++)
        if (g_str_equal (sym, banned[b]))
          g_error ("%s is linked into %s: something in the fast CLI's paths uses GObject "
                   "or GIO (a GCancellable? see src/core/hb-cancel.h)", sym, cli);
    }
  g_assert_true (has_glib);
}

int
main (int argc, char **argv)
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  cli = g_getenv ("HB_CLI");
  cli_full = g_getenv ("HB_CLI_FULL");
  nm = g_getenv ("HB_NM");
  g_assert_nonnull (cli);
  tmpdir = g_dir_make_tmp ("hb-cli-split-XXXXXX", NULL);
  g_assert_nonnull (tmpdir);
  g_test_add_func ("/cli-split/commands", test_commands);
  g_test_add_func ("/cli-split/handed-over", test_handed_over);
  g_test_add_func ("/cli-split/errors", test_errors);
  g_test_add_func ("/cli-split/no-gobject", test_no_gobject);
  ret = g_test_run ();
  cli_run_remove_dir (tmpdir);
  g_free (tmpdir);
  return ret;
}
