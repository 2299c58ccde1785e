/* hb_read_input: every read is capped whatever the file is (a regular
 * file, a device that never ends, a FIFO fed forever), and the wait for
 * data and the reading stop when the cancellable fires. */
#include "hb-registry.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

static char *tmpdir;

static void
test_regular (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "a.lights", NULL);
  g_autofree char *empty = g_build_filename (tmpdir, "empty.lights", NULL);
  g_autoptr(GError) error = NULL;
  char *text = NULL;
  gsize len = 0;

  g_assert_true (g_file_set_contents (path, "101\n010\n", -1, NULL));
  g_assert_true (hb_read_input (path, &text, &len, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (len, ==, 8);
  g_assert_cmpstr (text, ==, "101\n010\n");
  g_free (text);

  g_assert_true (g_file_set_contents (empty, "", 0, NULL));
  g_assert_true (hb_read_input (empty, &text, &len, &error));
  g_assert_cmpuint (len, ==, 0);
  g_assert_cmpstr (text, ==, "");
  g_free (text);
}

static void
test_errors (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *missing = g_build_filename (tmpdir, "no-such.lights", NULL);
  char *text = NULL;
  gsize len = 0;

  g_assert_false (hb_read_input (tmpdir, &text, &len, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR);
  g_assert_true (g_str_has_prefix (error->message, tmpdir));
  g_clear_error (&error);

  g_assert_false (hb_read_input (missing, &text, &len, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_assert_true (g_str_has_prefix (error->message, missing));
  g_assert_null (text);
}

/* A device that never ends: refused once the cap is read, not read until
 * memory runs out. */
static void
test_dev_zero (void)
{
  g_autoptr(GError) error = NULL;
  char *text = NULL;
  gsize len = 0;

  if (!g_file_test ("/dev/zero", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/zero");
      return;
    }
  g_assert_false (hb_read_input ("/dev/zero", &text, &len, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "/dev/zero"));
  g_assert_nonnull (strstr (error->message, "128 MiB"));
  g_assert_null (text);
  /* Named as the caller names it (the app: by the file's name). */
  g_clear_error (&error);
  g_assert_false (hb_read_input_cancellable ("/dev/zero", "zero", NULL, &text, &len, &error));
  g_assert_true (g_str_has_prefix (error->message, "zero: "));
  g_assert_null (text);
}

static gpointer
feed_forever (gpointer data)
{
  const char *path = data;
  char buf[65536];
  int fd = g_open (path, O_WRONLY, 0);

  memset (buf, '1', sizeof buf);
  if (fd < 0)
    return NULL;
  /* Until the reader closes its end (EPIPE: SIGPIPE is ignored). */
  while (write (fd, buf, sizeof buf) > 0)
    ;
  close (fd);
  return NULL;
}

static void
test_fifo_forever (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "forever.lights", NULL);
  g_autoptr(GError) error = NULL;
  GThread *writer;
  char *text = NULL;
  gsize len = 0;

  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  writer = g_thread_new ("feed", feed_forever, path);
  g_assert_false (hb_read_input (path, &text, &len, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "128 MiB"));
  g_thread_join (writer);
  g_unlink (path);
}

static gboolean
cancel_soon (gpointer data)
{
  g_cancellable_cancel (data);
  return G_SOURCE_REMOVE;
}

typedef struct {
  const char   *path;
  GCancellable *cancellable;
  GError       *error;
  gboolean      ok;
  gboolean      done;
} ReadJob;

static gpointer
read_thread (gpointer data)
{
  ReadJob *job = data;
  char *text = NULL;
  gsize len = 0;

  job->ok = hb_read_input_cancellable (job->path, NULL, job->cancellable, &text, &len, &job->error);
  g_free (text);
  g_atomic_int_set (&job->done, TRUE);
  g_main_context_wakeup (NULL);
  return NULL;
}

/* A FIFO nobody writes to: the read waits, and Cancel ends the wait. */
static void
test_fifo_cancel (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "silent.lights", NULL);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  ReadJob job = { path, cancellable, NULL, TRUE, FALSE };
  GThread *reader;

  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  reader = g_thread_new ("read", read_thread, &job);
  g_timeout_add (100, cancel_soon, cancellable);
  while (!g_atomic_int_get (&job.done))
    g_main_context_iteration (NULL, TRUE);
  g_thread_join (reader);
  g_assert_false (job.ok);
  g_assert_error (job.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&job.error);
  g_unlink (path);

  /* Cancelled before it starts: nothing is read. */
  {
    g_autofree char *file = g_build_filename (tmpdir, "b.lights", NULL);
    g_autoptr(GError) error = NULL;
    char *text = NULL;
    gsize len = 0;

    g_assert_true (g_file_set_contents (file, "1\n", -1, NULL));
    g_assert_false (hb_read_input_cancellable (file, NULL, cancellable, &text, &len, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    g_assert_null (text);
    g_unlink (file);
  }
}

/* Reading /dev/zero until the cap stops at once when cancelled. */
static void
test_device_cancel (void)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  ReadJob job = { "/dev/zero", cancellable, NULL, TRUE, FALSE };
  GThread *reader;

  if (!g_file_test ("/dev/zero", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/zero");
      return;
    }
  g_cancellable_cancel (cancellable);
  reader = g_thread_new ("read", read_thread, &job);
  g_thread_join (reader);
  g_assert_false (job.ok);
  g_assert_error (job.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&job.error);
}

int
main (int argc, char **argv)
{
  int status;

  signal (SIGPIPE, SIG_IGN);
  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("hb-read-XXXXXX", NULL);
  g_assert_nonnull (tmpdir);
  g_test_add_func ("/read/regular", test_regular);
  g_test_add_func ("/read/errors", test_errors);
  g_test_add_func ("/read/dev-zero", test_dev_zero);
  g_test_add_func ("/read/fifo-forever", test_fifo_forever);
  g_test_add_func ("/read/fifo-cancel", test_fifo_cancel);
  g_test_add_func ("/read/device-cancel", test_device_cancel);
  status = g_test_run ();
  {
    g_autofree char *a = g_build_filename (tmpdir, "a.lights", NULL);
    g_autofree char *e = g_build_filename (tmpdir, "empty.lights", NULL);
    g_unlink (a);
    g_unlink (e);
    g_rmdir (tmpdir);
  }
  g_free (tmpdir);
  return status;
}
