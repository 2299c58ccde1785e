/* hb-hint-job.h: the hint for the board shown, worked out on a worker
 * thread (game->hint_compute) so that a slow hint never freezes the window.
 *
 * Each start cancels the job before it and works on its own copy of the
 * board; only the newest job delivers. When it finishes (not cancelled) the
 * job emits "done" (GError *error: NULL when a hint, or no hint, arrived);
 * the hint is then hb_hint_job_get_hint() until the next start or clear. */
#pragma once

#include <gio/gio.h>

#include "hb-game.h"

G_BEGIN_DECLS

#define HB_TYPE_HINT_JOB (hb_hint_job_get_type ())
G_DECLARE_FINAL_TYPE (HbHintJob, hb_hint_job, HB, HINT_JOB, GObject)

HbHintJob     *hb_hint_job_new (void);
/* Cancels the job in flight and frees the hint. */
void           hb_hint_job_clear (HbHintJob *self);
/* Starts working out the hint for a copy of `state` (its game has a
 * hint_compute). */
void           hb_hint_job_start (HbHintJob *self, const HbState *state);
gboolean       hb_hint_job_is_pending (HbHintJob *self);
/* The hint delivered for the board it was started for, or NULL. */
gconstpointer  hb_hint_job_get_hint (HbHintJob *self);

G_END_DECLS
