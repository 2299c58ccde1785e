/* hb-solve-job.h: one run of a solver on a worker thread (GTask).
 *
 * The job solves its own copy of the board with a copy of the settings,
 * recording into a trace that only the worker writes while it runs. The
 * trace is live (hb_trace_set_live): the UI may poll its progress, take its
 * newest snapshot and read its series at any time, at its own pace; the
 * solver never waits for the UI. Cancelling makes the solver stop early
 * with a CANCELLED result (with what it knew), which is delivered like any
 * other.
 *
 * When the worker is done the job emits "finished": then either
 * hb_solve_job_get_result() is set (steal it, the trace and the initial
 * board), or hb_solve_job_get_error() says why the solver could not run.
 */
#pragma once

#include <gio/gio.h>

#include "hb-game.h"

G_BEGIN_DECLS

#define HB_TYPE_SOLVE_JOB (hb_solve_job_get_type ())
G_DECLARE_FINAL_TYPE (HbSolveJob, hb_solve_job, HB, SOLVE_JOB, GObject)

/* Copies `state` and `settings` (may be NULL: defaults). */
HbSolveJob      *hb_solve_job_new (const HbSolver *solver, const HbState *state,
                                   const HbSettings *settings);
void             hb_solve_job_run (HbSolveJob *self);
void             hb_solve_job_cancel (HbSolveJob *self);
/* Whether hb_solve_job_cancel was called (the run may still have
 * answered: a solver stopped with an answer in hand gives it). */
gboolean         hb_solve_job_was_cancelled (HbSolveJob *self);
gboolean         hb_solve_job_is_running (HbSolveJob *self);

const HbSolver  *hb_solve_job_get_solver (HbSolveJob *self);
const HbState   *hb_solve_job_get_initial (HbSolveJob *self);
const HbSettings *hb_solve_job_get_settings (HbSolveJob *self);
/* The trace being written: only the thread-safe readers (progress, counter
 * name, snapshots, series) while the job runs. */
HbTrace         *hb_solve_job_get_trace (HbSolveJob *self);
/* "2.4 s · search calls: 93183" and the solver's progress text (newly
 * allocated). */
char            *hb_solve_job_dup_progress (HbSolveJob *self);

/* After "finished". */
const HbResult  *hb_solve_job_get_result (HbSolveJob *self);
const GError    *hb_solve_job_get_error (HbSolveJob *self);
HbResult        *hb_solve_job_steal_result (HbSolveJob *self);
HbTrace         *hb_solve_job_steal_trace (HbSolveJob *self);
HbState         *hb_solve_job_steal_initial (HbSolveJob *self);

G_END_DECLS
