/* flow-solvers.c: Flow Free's solvers in sidebar order, the first the
 * default. A new solver is its file, its line here and in meson.build. */
#include "flow.h"

const HbSolver *const flow_solvers[] = {
  &flow_solver_fast,
  &flow_solver_sat,
  &flow_solver_heuristic,
  &flow_solver_backtrack,
  &flow_solver_ga_paths,
  &flow_solver_ga_cells,
  &flow_solver_ac,
  NULL,
};
