/* hb-stat-label.c: the plain words the app shows for the solvers' stats
 * (see hb-stat-label.h). One row per key; a key that means something else
 * in one game has a row for that game before the common one. A solver that
 * adds a new stat adds its row here: test-stat-labels runs every solver of
 * every game and fails on a stat without one. */
#include "hb-stat-label.h"

#include <glib/gi18n.h>
#include <string.h>

static const HbStatLabel labels[] = {
  /* Searches */
  { "nodes", NULL, N_("Search steps"),
    N_("Positions the search looked at") },
  { "search calls", NULL, N_("Search steps"),
    N_("Positions the search looked at") },
  /* Names of a trace's counter only (hb_trace_set_counter_name). */
  { "search steps", NULL, N_("Search steps"),
    N_("Positions the search looked at") },
  { "steps", NULL, N_("Steps"), NULL },
  { "tries", NULL, N_("Tries"),
    N_("Tile turns the search tried") },
  { "undos", NULL, N_("Undone moves"),
    N_("Moves the search took back after they led nowhere") },
  { "backtracks", NULL, N_("Backtracks"),
    N_("Times the search undid a choice that led nowhere") },
  { "branches", NULL, N_("Choices"),
    N_("Places where the search had more than one way to go and tried one") },
  { "cell branches", NULL, N_("Choices of a cell"),
    N_("Choices made by giving a cell a colour rather than by extending a path") },
  { "restarts", NULL, N_("Restarts"),
    N_("Times the search started over in another order") },
  { "backjumps", NULL, N_("Backjumps"),
    N_("Times a dead end sent the search straight back past choices it did not depend on") },
  { "levels skipped", NULL, N_("Choices skipped"),
    N_("Earlier choices the backjumps went past without trying their other ways") },
  { "failed pairs skipped", NULL, N_("Failures remembered"),
    N_("Choices left out at once because they had failed before for reasons that still held") },
  { "loops cut", NULL, N_("Loops cut"),
    N_("Choices that would have closed a run of cells with known directions into a loop, refused at once") },
  { "crossings", NULL, N_("Crossings"),
    N_("Times two colours would have had to cross to reach their other ends, so the search went back") },
  { "parallel searches", NULL, N_("Searches at once"),
    N_("Searches run side by side on separate processor cores; the first to finish answered") },
  { "forced", NULL, N_("Forced moves"),
    N_("Moves the rules left only one way to make: made without a choice") },
  { "forced steps", NULL, N_("Forced moves"),
    N_("Moves the rules left only one way to make: made without a choice") },
  { "propagations", NULL, N_("Deductions"),
    N_("Tiles set because the rules left them only one way to turn") },
  { "conflicts", NULL, N_("Conflicts"),
    N_("Times a choice broke a rule and the search had to go back") },
  { "dead ends", NULL, N_("Dead ends"),
    N_("Positions given up because a cell or a colour could no longer be finished") },
  { "refused steps", NULL, N_("Refused steps"),
    N_("Steps refused at once because they broke a rule") },
  { "full-board failures", NULL, N_("Full but wrong"),
    N_("Times the board was filled but some colour's dots were not joined") },
  { "cut-off pairs", NULL, N_("Cut-off pairs"),
    N_("Times a move left two dots of a colour unable to reach each other") },
  { "stranded regions", NULL, N_("Stranded areas"),
    N_("Times a move left an empty area no colour could reach") },
  { "region checks", NULL, N_("Area checks"),
    N_("Times the search checked that every empty area can still be reached") },
  { "independent parts", NULL, N_("Separate parts"),
    N_("Times the board split into parts that were then solved one by one") },
  { "corner cuts", NULL, N_("Corner rule"),
    N_("Choices refused because a path would go round a corner it could cut") },
  { "regions", "loop", N_("Regions"),
    N_("Groups of tiles the search solved on their own") },
  { "regions", NULL, N_("Regions"),
    N_("Areas of joined cells of one colour") },
  { "largest region", NULL, N_("Largest region"),
    N_("Tiles in the biggest group solved on its own") },
  { "pockets", NULL, N_("Pockets"),
    N_("Closed-off areas the search checked on their own") },
  { "odd pockets", NULL, N_("Pockets that cannot close"),
    N_("Closed-off areas with an odd number of open ends: no loop can close them") },
  { "odd regions", NULL, N_("Regions that cannot close"),
    N_("Regions with an odd number of open ends: the choices that made them were wrong") },
  { "conflict-driven regions", NULL, N_("Regions learnt from conflicts"),
    N_("Groups of tiles the search learnt to check first from its conflicts") },

  /* Best-first searches (Flood-It) */
  { "states expanded", NULL, N_("Positions explored"),
    N_("Boards the search looked at and tried every colour from") },
  { "states stored", NULL, N_("Positions remembered"),
    N_("Boards kept in memory so that none is explored twice") },
  { "best found", NULL, N_("Best answer found"),
    N_("The fewest moves of any answer found") },
  { "initial bound", NULL, N_("First estimate"),
    N_("The fewest moves the search could prove needed before it began") },
  { "lower bound", NULL, N_("Proven minimum"),
    N_("No answer can take fewer moves than this") },
  { "lookahead", NULL, N_("Looks ahead"),
    N_("How many moves ahead the greedy solver looks before choosing a colour") },
  { "memory", NULL, N_("Memory"), NULL },

  /* Linear algebra (Enlight) */
  { "nullity", NULL, N_("Free choices"),
    N_("Presses that can be chosen freely: each one doubles the number of solutions "
       "(the nullity of the press matrix)") },
  { "optimal", NULL, N_("Fewest presses"),
    N_("Whether the answer is proven to use the fewest presses") },
  { "solvable", NULL, N_("Solvable"), NULL },

  /* Exact cover (Infinite Loop) */
  { "rows", NULL, N_("Candidate placements"),
    N_("Rows of the exact-cover table: each one tile turned one way") },
  { "columns", NULL, N_("Conditions"),
    N_("Columns of the exact-cover table: each a condition a solution meets exactly once") },

  /* The max-flow explanation (Infinite Loop) */
  { "flow", NULL, N_("Ends paired"),
    N_("Tile ends the relaxation could pair with a neighbour's (its maximum flow)") },
  { "arms", NULL, N_("Tile ends"),
    N_("Tile ends that must each meet a neighbour's end") },
  { "phases", NULL, N_("Rounds"),
    N_("Rounds of the pairing algorithm") },
  { "misfit tiles", NULL, N_("Tiles that do not fit"),
    N_("Tiles with an end the relaxation could not pair with a neighbour's") },

  /* Satisfiability (Flow Free) */
  { "variables", NULL, N_("Unknowns"),
    N_("Yes-or-no unknowns the level became for the logic solver") },
  { "clauses", NULL, N_("Rules"),
    N_("Conditions on the unknowns (clauses) the level became for the logic solver") },
  { "SAT calls", NULL, N_("Logic solver runs"),
    N_("Times the logic solver was asked whether all the rules can hold at once") },
  { "chain candidates", NULL, N_("Possible turns"),
    N_("Dots and cells on the diagonals next to the dots, where the corner rule lets a path turn") },
  { "chain SAT variables", NULL, N_("Unknowns"),
    N_("Yes-or-no unknowns the level became for the logic solver: the dots' directions, the turns, the lines' runs") },
  { "chain SAT clauses", NULL, N_("Rules"),
    N_("Conditions on the unknowns (clauses) the level became for the logic solver") },
  { "chain SAT runs", NULL, N_("Logic solver runs"),
    N_("Times the logic solver was asked whether all the rules can hold at once") },
  { "paths of two colours cut", NULL, N_("Wrong pairings refused"),
    N_("Paths of the logic solver's answers that joined dots of two colours, each refused before it was asked again") },
  { "chain loops cut", NULL, N_("Loop repairs"),
    N_("Times an answer with a closed loop was refused and the logic solver asked again") },
  { "chain touches cut", NULL, N_("Touching paths refused"),
    N_("Paths of the logic solver's answers that ran beside themselves, each refused before it was asked again") },
  { "cycle repairs", NULL, N_("Loop repairs"),
    N_("Times an answer with a closed loop was refused and the logic solver asked again") },

  /* Evolution (Flow Free) */
  { "seed", NULL, N_("Seed"),
    N_("The random seed: the same seed gives the same run") },
  { "population", NULL, N_("Population"),
    N_("Candidates kept in each generation") },
  { "generations", NULL, N_("Generations"),
    N_("Rounds of the evolution: each keeps the best candidates and mixes them") },
  { "best fitness", NULL, N_("Best fitness"),
    N_("The best candidate's fitness, the score the evolution goes by (the plot's and the settings' word)") },
  { "cells", NULL, N_("Cells to colour"),
    N_("Empty cells the evolution gives colours to") },
  { "cells fixed", NULL, N_("Cells fixed"),
    N_("Cells whose colour the rules force before any search") },
  { "cells fixed by arc consistency", NULL, N_("Cells fixed"),
    N_("Cells whose colour the rules force before any search (each cell checked "
       "against its neighbours)") },
  { "empty cells", NULL, N_("Empty cells"), NULL },
  { "paths made", NULL, N_("Paths made"),
    N_("Paths between dots built for the evolution to choose from") },
  { "paths rejected as dead ends", NULL, N_("Paths refused"),
    N_("Paths refused because they left a cell no path can reach") },

  /* Plain counts */
  { "moves", NULL, N_("Moves"), NULL },
  { "presses", NULL, N_("Presses"), NULL },
  { "tiles", NULL, N_("Tiles"), NULL },
  { "solutions", NULL, N_("Solutions"), NULL },
  { NULL, NULL, NULL, NULL },
};

const HbStatLabel *
hb_stat_label_find (const char *game_id, const char *key)
{
  const HbStatLabel *common = NULL;

  g_return_val_if_fail (key != NULL, NULL);
  for (const HbStatLabel *l = labels; l->key != NULL; l++)
    if (strcmp (l->key, key) == 0)
      {
        if (l->game == NULL)
          {
            if (common == NULL)
              common = l;
          }
        else if (game_id != NULL && strcmp (l->game, game_id) == 0)
          return l;
      }
  return common;
}

const HbStatLabel *
hb_stat_label_find_shown (const char *game_id, const char *name)
{
  const HbStatLabel *l;

  g_return_val_if_fail (name != NULL, NULL);
  l = hb_stat_label_find (game_id, name);
  if (l != NULL)
    return l;
  for (l = labels; l->key != NULL; l++)
    if (strcmp (_(l->key), name) == 0
        && (l->game == NULL || (game_id != NULL && strcmp (l->game, game_id) == 0)))
      return hb_stat_label_find (game_id, l->key);
  return NULL;
}

char *
hb_format_count (gint64 n)
{
  return g_strdup_printf ("%'" G_GINT64_FORMAT, n);
}

char *
hb_stat_value_shown (const char *value)
{
  const char *p = value;
  gint64 n;

  if (*p == '-')
    p++;
  /* At most 18 digits: every such count fits a gint64. */
  if (*p == '\0' || strspn (p, "0123456789") != strlen (p) || strlen (p) > 18)
    return g_strdup (value);
  n = g_ascii_strtoll (value, NULL, 10);
  return hb_format_count (n);
}

const HbStatLabel *
hb_stat_labels (void)
{
  return labels;
}
