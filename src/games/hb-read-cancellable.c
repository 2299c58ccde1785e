/* hb-read-cancellable.c: hb_read_input stopped by a GCancellable (the app
 * opening a file on a worker thread). Apart from hb-registry.c so that the
 * fast CLI, which reads levels but must not link GObject, does not pull
 * GCancellable in with the registry. */
#include "hb-registry.h"

#include <errno.h>
#include <poll.h>

typedef struct {
  GCancellable *cancellable;
  int           cancel_fd;    /* the cancellable's pollfd, or -1 */
} CancelWait;

/* Waits until fd can be read or the cancellable fires (its pollfd, or,
 * without one, polling it every 100 ms). FALSE with error set on cancel. */
static gboolean
cancel_wait (int fd, gpointer data, GError **error)
{
  CancelWait *w = data;

  for (;;)
    {
      struct pollfd fds[2] = { { fd, POLLIN, 0 }, { w->cancel_fd, POLLIN, 0 } };
      int r;

      if (g_cancellable_set_error_if_cancelled (w->cancellable, error))
        return FALSE;
      r = poll (fds, w->cancel_fd >= 0 ? 2 : 1,
                w->cancellable != NULL && w->cancel_fd < 0 ? 100 : -1);
      if (r < 0 && errno != EINTR)
        return TRUE;   /* let read() report it */
      if (g_cancellable_set_error_if_cancelled (w->cancellable, error))
        return FALSE;
      if (r > 0 && fds[0].revents != 0)
        return TRUE;
    }
}

gboolean
hb_read_input_cancellable (const char *path, const char *name, GCancellable *cancellable,
                           char **contents, gsize *len, GError **error)
{
  CancelWait w = { cancellable, -1 };
  GPollFD pfd;
  gboolean ok;

  if (cancellable == NULL)
    return hb_read_input_with (path, name, NULL, NULL, contents, len, error);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  if (g_cancellable_make_pollfd (cancellable, &pfd))
    w.cancel_fd = pfd.fd;
  ok = hb_read_input_with (path, name, cancel_wait, &w, contents, len, error);
  if (w.cancel_fd >= 0)
    g_cancellable_release_fd (cancellable);
  return ok;
}
