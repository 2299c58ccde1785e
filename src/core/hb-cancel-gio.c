#include "hb-cancel-gio.h"

static void
set_cancel (GCancellable *cancellable, gpointer cancel)
{
  hb_cancel_set (cancel);
}

gulong
hb_cancel_follow (HbCancel *cancel, GCancellable *cancellable)
{
  if (cancellable == NULL)
    return 0;
  /* Runs set_cancel at once, and returns 0, when already cancelled. */
  return g_cancellable_connect (cancellable, G_CALLBACK (set_cancel), cancel, NULL);
}

void
hb_cancel_unfollow (GCancellable *cancellable, gulong handler)
{
  /* Waits for a handler running on another thread to finish. */
  if (cancellable != NULL && handler != 0)
    g_cancellable_disconnect (cancellable, handler);
}
