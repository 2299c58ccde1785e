/* hb-solver-panel-private.h: the solver panel's struct, shared by its two
 * files: hb-solver-panel.c (solver list, Solve/Cancel, result) and
 * hb-solver-settings.c (the controls built from the chosen solver's
 * declared settings). */
#pragma once

#include "hb-solver-panel.h"

G_BEGIN_DECLS

/* One control for one declared setting. */
typedef struct {
  HbSolverPanel   *panel;
  const HbSetting *decl;
  GtkWidget       *row;
  GtkWidget       *widget;     /* spin button, combo row, switch or entry */
  char            *subtitle;   /* what the row says when all is well */
  gboolean         invalid;    /* an entry holds text the setting refuses */
  char            *refusal;    /* why, in full, while the row is red */
  double           last;       /* a spin button's value before its change */
} Control;

struct _HbSolverPanel
{
  GtkBox               parent_instance;

  /* Template. */
  AdwPreferencesGroup *solver_group;
  AdwExpanderRow      *solver_row;    /* the chosen solver; opens on the list */
  GtkWidget           *settings_list;
  AdwExpanderRow      *settings_row;
  GtkWidget           *solve_button;
  GtkSpinner          *solve_spinner;
  GtkLabel            *solve_label;
  GtkLabel            *progress_label;
  GtkListBox          *result_list;

  const HbGame        *game;
  const HbSolver      *solver;
  GPtrArray           *solver_rows;   /* AdwActionRow, one per solver, and the
                                       * Explanations heading (no "hb-check") */
  GPtrArray           *controls;      /* Control, for the chosen solver */
  GHashTable          *values;        /* HbSolver → HbSettings, kept per solver */
  GHashTable          *chosen;        /* HbGame → the HbSolver last chosen for it */
  GPtrArray           *result_rows;
  GtkWidget           *details;      /* the result's row, an expander, or NULL */
  char                *details_note;  /* its own subtitle (a message), or NULL */
  gboolean             stale;        /* the board changed since the run */
  const HbSolver      *result_solver; /* the solver whose result is shown */
  GtkWidget           *apply_button;
  GtkWidget           *replay_button;
  char                *error;
  char                *seed_text;
  char                *command;
  gboolean             solving;
};

/* hb-solver-settings.c */
/* The chosen solver's values, created empty on first use. */
HbSettings *hb_solver_settings_current (HbSolverPanel *self);
/* Replaces the controls with those of self->solver (none without one). */
void        hb_solver_settings_rebuild (HbSolverPanel *self);
/* A GDestroyNotify for self->controls. */
void        hb_solver_settings_control_free (gpointer control);

G_END_DECLS
