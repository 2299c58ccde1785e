/* fuzz-solve: a libFuzzer target for the solvers, on whatever the readers
 * accept.
 *
 * A first byte below the number of games in the registry picks that game
 * and the rest is read as its level; otherwise the whole input is read as
 * the registry reads a file whose game is not named. On a level of at most 256 cells
 * every solver flagged HB_SOLVER_EXACT runs with a node and a time limit,
 * and so does every counting solver counting to two. A finding (abort())
 * is:
 *  - a solver that returns NULL without an error, or with one that is no
 *    sentence;
 *  - an answer ("solved") whose moves, played from the level by the
 *    game's own rules, or whose board, is not solved (game->is_solved,
 *    code apart from every solver);
 *  - two exact solvers that disagree: one proves "no solution", another
 *    (or a count to two) gives an answer that checks out.
 * Crashes, hangs past the limits and sanitizer reports are findings too.
 * fuzz-replay.c also runs this body over the regression files, in every
 * build. */
#include "fuzz-parse.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_SOLVE_MAX_CELLS 256

static void
finding (const HbGame *game, const HbSolver *solver, const char *what)
{
  fprintf (stderr, "fuzz-solve: %s (game %s, solver %s)\n", what, game->id,
           solver ? solver->id : "-");
  abort ();
}

/* Whether r's answer is a real one: its moves played from s by the game's
 * rules, and its board if it has one, are solved. */
static gboolean
answer_checks (const HbState *s, const HbResult *r)
{
  const HbGame *game = s->game;

  if (r->solved != NULL && !game->is_solved (r->solved))
    return FALSE;
  if (r->moves != NULL && r->moves->len > 0)
    {
      HbState *after = hb_game_apply_moves (game, s, (const HbMove *) r->moves->data,
                                            r->moves->len);
      gboolean ok = after != NULL && game->is_solved (after);
      hb_state_free (after);
      return ok;
    }
  /* No moves: the level is solved as it stands, or the board says it. */
  return r->solved != NULL || game->is_solved (s);
}

static HbResult *
run (const HbState *s, const HbSolver *solver, guint count)
{
  HbSolveOptions o = { 0 };
  GError *error = NULL;
  HbResult *r;

  o.node_limit = 200000;
  o.time_limit = 2.0;
  o.count_limit = count;
  o.seed = 1;
  r = hb_solve (solver, s, &o, NULL, NULL, &error);
  if (r == NULL)
    {
      if (error == NULL || error->message == NULL || error->message[0] == '\0'
          || !g_utf8_validate (error->message, -1, NULL))
        finding (s->game, solver, "no result and no readable error");
      g_error_free (error);
      return NULL;
    }
  if (error != NULL)
    finding (s->game, solver, "a result and an error both");
  if (r->status == HB_STATUS_SOLVED && !answer_checks (s, r))
    finding (s->game, solver, "an answer that does not solve the level");
  if (r->message != NULL && !g_utf8_validate (r->message, -1, NULL))
    finding (s->game, solver, "a message that is not valid UTF-8");
  return r;
}

void
hb_fuzz_solve_one (const HbGame *game, const guint8 *data, gsize size)
{
  const HbSolver *proved_none = NULL, *answered = NULL;
  HbState *s;

  s = hb_registry_parse (game, "fuzz", (const char *) data, size, NULL);
  if (s == NULL)
    return;
  if ((gsize) s->width * s->height > FUZZ_SOLVE_MAX_CELLS)
    {
      hb_state_free (s);
      return;
    }
  game = s->game;
  for (int i = 0; game->solvers[i] != NULL; i++)
    {
      const HbSolver *solver = game->solvers[i];
      HbResult *r;

      if (!(solver->flags & HB_SOLVER_EXACT))
        continue;
      r = run (s, solver, 0);
      if (r == NULL)
        continue;
      if (r->status == HB_STATUS_NO_SOLUTION)
        proved_none = solver;
      else if (r->status == HB_STATUS_SOLVED)
        answered = solver;
      if (proved_none != NULL && answered != NULL)
        finding (game, proved_none, "no solution proven where another solver answered");
      hb_result_free (r);
      /* Counting to two: "no solution" only where no answer was found. */
      if (solver->flags & HB_SOLVER_COUNTS)
        {
          r = run (s, solver, 2);
          if (r != NULL && r->status == HB_STATUS_NO_SOLUTION && answered != NULL)
            finding (game, solver, "counting found none where another solver answered");
          if (r != NULL && r->status == HB_STATUS_SOLVED)
            answered = answered != NULL ? answered : solver;
          if (r != NULL && proved_none != NULL && r->status == HB_STATUS_SOLVED)
            finding (game, proved_none, "no solution proven where counting found one");
          hb_result_free (r);
        }
    }
  hb_state_free (s);
}

#ifdef HB_FUZZ_LIBFUZZER
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  const HbGame *const *games = hb_registry_games ();
  int n = 0;

  while (games[n] != NULL)
    n++;
  if (size >= 1 && data[0] < n)
    hb_fuzz_solve_one (games[data[0]], data + 1, size - 1);
  else
    hb_fuzz_solve_one (NULL, data, size);
  return 0;
}
#endif
