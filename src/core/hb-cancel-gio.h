/* hb-cancel-gio.h: an HbCancel that follows a GCancellable.
 *
 * GTask hands a worker a GCancellable; the solver it runs polls an
 * HbCancel (hb-cancel.h says why). hb_cancel_follow sets the token when the
 * cancellable fires. Apart from hb-cancel.h, in a file of its own, so that
 * only programs that use GIO anyway (the app, tests) link GCancellable:
 * the fast CLI must not pull GObject in. */
#pragma once

#include <gio/gio.h>

#include "hb-cancel.h"

G_BEGIN_DECLS

/* Sets `cancel` when `cancellable` fires, at once if it already has.
 * Returns the handler for hb_cancel_unfollow (0 when there is nothing to
 * undo: `cancellable` NULL or already cancelled). */
gulong hb_cancel_follow (HbCancel *cancel, GCancellable *cancellable);

/* Stops following. After it returns `cancel` may be freed: a handler
 * running on another thread has finished. */
void   hb_cancel_unfollow (GCancellable *cancellable, gulong handler);

G_END_DECLS
