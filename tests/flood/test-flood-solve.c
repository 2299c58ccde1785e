/* Flood-It solvers: every answer replayed by code independent of the
 * solvers; the optimal solver against Tatham's reference solutions and
 * against a brute-force breadth-first search on small boards; the stop
 * conditions (cancel, state limit, memory bound), traces and hints. */
#include "flood.h"
#include "hb-test-util.h"
#include "hb-player.h"

#include <stdlib.h>
#include <string.h>

/* ---- Independent rules ------------------------------------------------------ */

/* Floods the top-left region with c, by an explicit-stack fill. */
static void
ref_flood (guint8 *cells, int w, int h, int c)
{
  int from = cells[0];
  GArray *stack;

  if (from == c)
    return;
  stack = g_array_new (FALSE, FALSE, sizeof (int));
  g_array_append_val (stack, (int) { 0 });
  cells[0] = c;
  while (stack->len > 0)
    {
      int p = g_array_index (stack, int, stack->len - 1), x = p % w, y = p / w;
      int nb[4][2] = { { x + 1, y }, { x - 1, y }, { x, y + 1 }, { x, y - 1 } };
      g_array_set_size (stack, stack->len - 1);
      for (int k = 0; k < 4; k++)
        {
          int nx = nb[k][0], ny = nb[k][1];
          if (nx >= 0 && ny >= 0 && nx < w && ny < h && cells[ny * w + nx] == from)
            {
              int q = ny * w + nx;
              cells[q] = c;
              g_array_append_val (stack, q);
            }
        }
    }
  g_array_unref (stack);
}

static gboolean
ref_solved (const guint8 *cells, int n)
{
  for (int i = 1; i < n; i++)
    if (cells[i] != cells[0])
      return FALSE;
  return TRUE;
}

/* The cell a click plays colour c at: the first in board order of that
 * colour beside the region, -1 when none is. */
static int
ref_click_cell (const guint8 *cells, int w, int h, int c)
{
  int n = w * h, found = -1;
  guint8 *copy = g_memdup2 (cells, n), *region = g_new0 (guint8, n);
  int mark = cells[0] == 0 ? 1 : 0;

  /* The region: the cells a flood with a colour no cell has would turn. */
  ref_flood (copy, w, h, FLOOD_MAX_COLOURS + 1 + mark);
  for (int i = 0; i < n; i++)
    region[i] = copy[i] == FLOOD_MAX_COLOURS + 1 + mark;
  for (int i = 0; i < n && found < 0; i++)
    {
      int x = i % w, y = i / w;
      if (!region[i] && cells[i] == c
          && ((x > 0 && region[i - 1]) || (x < w - 1 && region[i + 1])
              || (y > 0 && region[i - w]) || (y < h - 1 && region[i + w])))
        found = i;
    }
  g_free (copy);
  g_free (region);
  return found;
}

/* Replays the result's moves on a copy of the board and checks that they
 * leave one colour and that result->solved is that board; each move is
 * at the cell a click plays it at (the first of its colour beside the
 * region, or (0, 0)). */
static void
check_result (const HbState *state, const HbResult *r)
{
  const FloodState *s = FLOOD_CONST (state);
  int n = state->width * state->height;
  guint8 *cells = g_memdup2 (s->cells, n);

  g_assert_cmpint (r->status, ==, HB_STATUS_SOLVED);
  for (guint i = 0; i < r->moves->len; i++)
    {
      const HbMove *m = &g_array_index (r->moves, HbMove, i);
      g_assert_cmpint (m->op, ==, FLOOD_OP_FLOOD);
      g_assert_cmpint (m->value, >=, 0);
      g_assert_cmpint (m->value, <, s->colours);
      if (state->width * state->height <= 10000)
        {
          int at = ref_click_cell (cells, state->width, state->height, m->value);
          g_assert_cmpint (m->y * state->width + m->x, ==, at < 0 ? 0 : at);
        }
      ref_flood (cells, state->width, state->height, m->value);
    }
  g_assert_true (ref_solved (cells, n));
  g_assert_nonnull (r->solved);
  g_assert_cmpmem (FLOOD (r->solved)->cells, n, cells, n);
  g_assert_cmpint (FLOOD (r->solved)->moves, ==, s->moves + (int) r->moves->len);
  g_free (cells);
}

static HbResult *
run (const char *solver, const HbState *s, const HbSolveOptions *opt, HbTrace *trace)
{
  g_autoptr(GError) error = NULL;
  HbResult *r = hb_solve (hb_game_find_solver (&flood_game, solver), s, opt,
                          trace, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (r);
  return r;
}

/* ---- Brute force -------------------------------------------------------------- */

/* Shortest solution length by breadth-first search over whole boards. */
static int
brute_force (const FloodState *s)
{
  int w = s->base.width, h = s->base.height, n = w * h, depth = 0;
  GHashTable *seen = g_hash_table_new_full (g_bytes_hash, g_bytes_equal,
                                            (GDestroyNotify) g_bytes_unref, NULL);
  GPtrArray *layer = g_ptr_array_new_with_free_func (g_free);

  if (ref_solved (s->cells, n))
    goto done;
  g_ptr_array_add (layer, g_memdup2 (s->cells, n));
  g_hash_table_add (seen, g_bytes_new (s->cells, n));
  for (;;)
    {
      GPtrArray *next = g_ptr_array_new_with_free_func (g_free);
      depth++;
      for (guint i = 0; i < layer->len; i++)
        for (int c = 0; c < s->colours; c++)
          {
            guint8 *b = g_memdup2 (g_ptr_array_index (layer, i), n);
            GBytes *key;
            if (b[0] == c)
              {
                g_free (b);
                continue;
              }
            ref_flood (b, w, h, c);
            if (ref_solved (b, n))
              {
                g_free (b);
                g_ptr_array_unref (next);
                goto done;
              }
            key = g_bytes_new (b, n);
            if (g_hash_table_contains (seen, key))
              {
                g_bytes_unref (key);
                g_free (b);
                continue;
              }
            g_hash_table_add (seen, key);
            g_ptr_array_add (next, b);
          }
      g_ptr_array_unref (layer);
      layer = next;
      g_assert_cmpuint (layer->len, >, 0);
    }
done:
  g_ptr_array_unref (layer);
  g_hash_table_unref (seen);
  return depth;
}

static void
test_brute_force (void)
{
  static const int sizes[][3] = {
    { 1, 1, 3 }, { 2, 1, 2 }, { 3, 3, 3 }, { 4, 4, 3 }, { 4, 4, 4 },
    { 5, 4, 4 }, { 5, 5, 3 }, { 5, 5, 4 }, { 6, 3, 5 }, { 1, 8, 4 },
    { 6, 5, 4 }, { 5, 5, 6 },
  };
  int boards = 0;

  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    for (guint64 seed = 1; seed <= 6; seed++)
      {
        HbGenerateParams p = { sizes[k][0], sizes[k][1], sizes[k][2], seed * 977 + k };
        HbState *s;
        HbResult *r;
        int best;

        if (sizes[k][2] < 2)
          continue;
        s = flood_game.generate (&p, NULL);
        g_assert_nonnull (s);
        best = brute_force (FLOOD (s));
        r = run ("optimal", s, NULL, NULL);
        check_result (s, r);
        g_assert_true (r->optimal);
        if ((int) r->moves->len != best)
          g_error ("%dx%d seed %" G_GUINT64_FORMAT ": optimal solver %u moves, "
                   "breadth-first search %d", sizes[k][0], sizes[k][1], p.seed,
                   r->moves->len, best);
        g_assert_cmpint (atoi (hb_result_get_stat (r, "lower bound")), ==, best);
        hb_result_free (r);

        /* The other solvers are valid and never shorter. */
        r = run ("greedy", s, NULL, NULL);
        check_result (s, r);
        g_assert_cmpint (r->moves->len, >=, best);
        hb_result_free (r);
        r = run ("astar-clusters", s, NULL, NULL);
        check_result (s, r);
        g_assert_cmpint (r->moves->len, >=, best);
        hb_result_free (r);
        hb_state_free (s);
        boards++;
      }
  g_test_message ("%d boards matched the breadth-first search", boards);
}

/* Boards whose first moves are forced, and edge shapes. */
static void
test_small_cases (void)
{
  const char *cases[][2] = {
    { "1 by 1 -> 0\n3\n", "0" },
    { "2 by 1 -> 1\n01\n", "1" },
    { "3 by 1 -> 2\n010\n", "2" },
    { "4 by 1 -> 3\n0123\n", "3" },
    { "3 by 3 -> 9\n012\n120\n201\n", NULL },
    { "5 by 1 -> 4\n01010\n", "4" },
    { "5 by 1 -> 4\n01210\n", "4" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      HbState *s = hb_test_parse (&flood_game, cases[i][0]);
      for (int k = 0; flood_game.solvers[k]; k++)
        {
          HbResult *r = run (flood_game.solvers[k]->id, s, NULL, NULL);
          check_result (s, r);
          if (k == 0)
            {
              g_assert_true (r->optimal);
              if (cases[i][1])
                g_assert_cmpint (r->moves->len, ==, atoi (cases[i][1]));
              else
                g_assert_cmpint (r->moves->len, ==, brute_force (FLOOD (s)));
            }
          hb_result_free (r);
        }
      hb_state_free (s);
    }
}

/* Tatham's reference boards, with his solver's answers. */
static void
test_anchors (void)
{
  g_autoptr(GPtrArray) rows = hb_test_read_tsv ("anchors/flood/tatham-flood-ids.tsv");
  g_autoptr(GPtrArray) sols = hb_test_read_tsv ("anchors/flood/tatham-flood-solutions.txt");
  int astar_longer = 0, greedy_at_limit = 0, total_opt = 0, total_tatham = 0;

  g_assert_cmpuint (rows->len, ==, sols->len);
  for (guint i = 0; i < rows->len; i++)
    {
      GStrv row = g_ptr_array_index (rows, i);
      const char *sol = ((GStrv) g_ptr_array_index (sols, i))[0];
      HbState *s = hb_test_parse (&flood_game, row[3]);
      int n = s->width * s->height;
      g_auto(GStrv) moves = NULL;
      guint8 *cells = g_memdup2 (FLOOD (s)->cells, n);
      int tatham;
      HbResult *r, *g, *a;

      /* Tatham's own answer solves the board (checks our reading of it). */
      g_assert_true (sol[0] == 'S');
      moves = g_strsplit (sol + 1, ",", -1);
      tatham = g_strv_length (moves);
      for (int k = 0; k < tatham; k++)
        ref_flood (cells, s->width, s->height, atoi (moves[k]));
      g_assert_true (ref_solved (cells, n));
      g_free (cells);

      r = run ("optimal", s, NULL, NULL);
      check_result (s, r);
      g_assert_true (r->optimal);
      g_assert_cmpint (r->moves->len, <=, tatham);
      g_assert_cmpint (r->moves->len, <=, FLOOD (s)->move_limit);
      total_opt += r->moves->len;
      total_tatham += tatham;

      g = run ("greedy", s, NULL, NULL);
      check_result (s, g);
      g_assert_cmpint (g->moves->len, >=, r->moves->len);
      /* Tatham's m0 boards: the limit is his greedy solver's count, and
       * ours follows the same rules, so it plays exactly his moves. */
      g_assert_cmpint (g->moves->len, ==, tatham);
      for (int k = 0; k < tatham; k++)
        g_assert_cmpint (g_array_index (g->moves, HbMove, k).value, ==, atoi (moves[k]));
      greedy_at_limit += (int) g->moves->len == FLOOD (s)->move_limit;

      a = run ("astar-clusters", s, NULL, NULL);
      check_result (s, a);
      g_assert_false (a->optimal);
      g_assert_cmpint (a->moves->len, >=, r->moves->len);
      astar_longer += a->moves->len > r->moves->len;

      hb_result_free (r);
      hb_result_free (g);
      hb_result_free (a);
      hb_state_free (s);
    }
  g_test_message ("optimal %d moves in all, Tatham %d; our greedy met Tatham's "
                  "limit on %d of %u; A* with cluster count longer than optimal "
                  "on %d", total_opt, total_tatham, greedy_at_limit, rows->len,
                  astar_longer);
  /* The write-up's character: its heuristic is not admissible, and it shows. */
  g_assert_cmpint (astar_longer, >, 0);
}

static void
test_stops (void)
{
  HbGenerateParams p = { 18, 18, 6, 7 };
  HbState *s = flood_game.generate (&p, NULL);
  HbCancel *cancel = hb_cancel_new ();
  HbSolveOptions opt = { 0 };
  HbResult *r;

  /* Cancelled: a CANCELLED result, not an error; the optimal solver
   * (first) has its quick players' answer in hand even then, and gives it,
   * not proven, with the bounds and why it stopped, so that a user who
   * stops a long proof can apply the best found. */
  hb_cancel_set (cancel);
  g_assert_cmpstr (flood_game.solvers[0]->id, ==, "optimal");
  for (int k = 0; flood_game.solvers[k]; k++)
    {
      r = hb_solve (flood_game.solvers[k], s, &opt, NULL, cancel, NULL);
      g_assert_nonnull (r);
      g_assert_nonnull (r->message);
      if (k == 0)
        {
          int lower = atoi (hb_result_get_stat (r, "lower bound"));

          check_result (s, r);
          g_assert_false (r->optimal);
          g_assert_true (strstr (r->message, "stopped the search") != NULL);
          g_assert_cmpint (lower, >, 0);
          g_assert_cmpint (lower, <=, (int) r->moves->len);
          g_assert_cmpint (atoi (hb_result_get_stat (r, "best found")), ==, r->moves->len);
        }
      else
        g_assert_cmpint (r->status, ==, HB_STATUS_CANCELLED);
      hb_result_free (r);
    }
  hb_cancel_free (cancel);

  /* While it proves, its progress speaks in words, its count grouped as
   * the locale groups digits (it read "bound 30, best 32, 1067106
   * states"). A 22×22 board takes
   * seconds to prove: 10,000 states show the words (every 4,096th). */
  {
    HbGenerateParams p22 = { 22, 22, 6, 1 };
    HbState *slow = flood_game.generate (&p22, NULL);
    HbTrace *trace = hb_trace_new (0, 0);
    g_autofree char *text = NULL;

    opt = (HbSolveOptions) { .node_limit = 10000 };
    r = run ("optimal", slow, &opt, trace);
    check_result (slow, r);
    text = hb_trace_get_progress (trace, NULL);
    g_test_message ("progress: %s", text ? text : "(none)");
    g_assert_nonnull (text);
    g_assert_true (g_str_has_prefix (text, "at least "));
    g_assert_nonnull (strstr (text, " moves, the best found "));
    /* (Grouped as the locale groups: not at all in the tests' C locale.) */
    g_assert_true (g_regex_match_simple ("; [0-9][0-9,]* positions remembered$", text, 0, 0));
    hb_result_free (r);
    hb_trace_free (trace);
    hb_state_free (slow);
    opt = (HbSolveOptions) { 0 };
  }

  /* A state limit: the best answer found, not proven. */
  opt.node_limit = 256;
  r = run ("optimal", s, &opt, NULL);
  check_result (s, r);
  if (!r->optimal)
    {
      g_assert_true (strstr (r->message, "limit") != NULL);
      g_assert_cmpint (atoi (hb_result_get_stat (r, "lower bound")), <=, r->moves->len);
    }
  hb_result_free (r);

  /* A memory bound too small for the search: a clear message. */
  opt = (HbSolveOptions) { .memory_limit = 64 << 10 };
  r = run ("optimal", s, &opt, NULL);
  check_result (s, r);
  g_test_message ("64 KiB: %s", r->message);
  if (!r->optimal)
    g_assert_true (strstr (r->message, "memory bound") != NULL);
  hb_result_free (r);
  hb_state_free (s);
}

static void
test_trace_and_hint (void)
{
  g_autoptr(GPtrArray) rows = hb_test_read_tsv ("anchors/flood/tatham-flood-ids.tsv");
  HbState *s = hb_test_parse (&flood_game, ((GStrv) g_ptr_array_index (rows, 20))[3]);
  HbTrace *trace = hb_trace_new (0, 0);
  HbResult *r = run ("optimal", s, NULL, trace);
  guint moves = 0, solutions = 0;
  int last_bound = 0;
  HbPlayer *player;
  gpointer hint;
  HbMove m;

  check_result (s, r);
  for (gsize i = 0; i < hb_trace_length (trace); i++)
    {
      const HbStep *st = hb_trace_step (trace, i);
      g_autofree char *text = flood_game.describe_step (s, trace, st);
      g_assert_cmpstr (text, !=, "");
      if (st->kind == HB_STEP_MOVE)
        {
          const HbMove *rm = &g_array_index (r->moves, HbMove, moves);
          g_assert_cmpint (st->value, ==, rm->value);
          /* A flood is at no cell: the player, which brings a step's
           * cell into view, leaves the board where it is (it said the
           * top-left corner). */
          g_assert_cmpint (st->x, ==, -1);
          g_assert_cmpint (st->y, ==, -1);
          moves++;
        }
      else if (st->kind == HB_STEP_SOLUTION)
        solutions++;
      else if (st->kind == HB_STEP_BOUND)
        {
          g_assert_cmpint (st->value, >=, last_bound);
          last_bound = st->value;
        }
    }
  g_assert_cmpuint (moves, ==, r->moves->len);
  g_assert_cmpuint (solutions, ==, 1);
  g_assert_cmpint (last_bound, ==, r->moves->len);
  player = hb_player_new (s, trace);
  hb_player_seek (player, hb_player_length (player));
  hb_player_seek (player, 1);
  hb_player_seek (player, hb_player_length (player));
  hb_player_free (player);

  /* The hint: the optimal next move and the count from here. */
  hint = flood_game.hint_compute (s, NULL, NULL);
  g_assert_nonnull (hint);
  {
    const FloodHint *h = hint;
    g_autofree char *text = flood_game.hint_describe (s, hint);
    HbState *t;
    gpointer hint2;

    g_assert_true (h->proven);
    g_assert_cmpint (h->to_go, ==, r->moves->len);
    g_assert_true (strstr (text, "optimal") != NULL);
    g_assert_null (strstr (text, "limit"));
    /* A move limit the fewest moves left still miss is named (3 moves
     * played, the limit one short of them and the moves to go). */
    {
      HbState *lim = hb_state_copy (s);
      g_autofree char *over = NULL, *within = NULL;

      FLOOD (lim)->moves = 3;
      FLOOD (lim)->move_limit = 3 + h->to_go - 1;
      over = flood_game.hint_describe (lim, hint);
      g_assert_true (g_str_has_suffix (over, "(optimal), 1 move over the move limit"));
      /* ... and said where the player looks, the status line's warning
       * (only the sidebar's Next Move row said it). */
      {
        g_autofree char *warning = flood_game.hint_warning (lim, hint);
        g_assert_cmpstr (warning, ==, "The move limit cannot be met: 1 move over at best");
      }
      FLOOD (lim)->move_limit = 3 + h->to_go;
      within = flood_game.hint_describe (lim, hint);
      g_assert_cmpstr (within, ==, text);
      g_assert_null (flood_game.hint_warning (lim, hint));
      /* A greedy hint (not proven fewest) whose lower bound alone misses
       * the limit says so, and is out of reach (review: a limit of 10 and
       * "at least 33" said nothing, exit 0). */
      {
        FloodHint greedy = *h;
        g_autofree char *said = NULL, *warning = NULL;

        greedy.proven = FALSE;
        greedy.to_go = h->to_go + 7;
        greedy.at_least = h->to_go;
        FLOOD (lim)->move_limit = 3 + h->to_go - 2;
        said = flood_game.hint_describe (lim, &greedy);
        g_assert_true (g_str_has_suffix (said, "(greedy, not proven optimal), at least 2 moves over "
                                               "the move limit"));
        warning = flood_game.hint_warning (lim, &greedy);
        g_assert_cmpstr (warning, ==, "The move limit cannot be met: at least 2 moves over");
        g_assert_true (flood_game.hint_out_of_reach (lim, &greedy));
        FLOOD (lim)->move_limit = 3 + h->to_go;
        g_assert_false (flood_game.hint_out_of_reach (lim, &greedy));
      }
      hb_state_free (lim);
    }
    g_assert_true (flood_game.hint_next_move (s, hint, &m));
    g_assert_cmpint (m.op, ==, FLOOD_OP_FLOOD);
    t = flood_game.apply (s, &m);
    g_assert_nonnull (t);
    /* The captured cells are the ones the move adds to the region. */
    for (int i = 0; i < s->width * s->height; i++)
      if (h->captured[i])
        {
          g_assert_cmpint (FLOOD (s)->cells[i], ==, m.value);
          g_assert_cmpint (FLOOD (t)->cells[i], ==, FLOOD (t)->cells[0]);
        }
    hint2 = flood_game.hint_compute (t, NULL, NULL);
    g_assert_cmpint (((FloodHint *) hint2)->to_go, ==, h->to_go - 1);
    flood_game.hint_free (hint2);
    hb_state_free (t);
  }
  flood_game.hint_free (hint);
  hb_result_free (r);
  hb_trace_free (trace);

  /* Greedy and A* traces hold their moves. */
  for (int k = 1; flood_game.solvers[k]; k++)
    {
      trace = hb_trace_new (0, 0);
      r = run (flood_game.solvers[k]->id, s, NULL, trace);
      moves = 0;
      for (gsize i = 0; i < hb_trace_length (trace); i++)
        moves += hb_trace_step (trace, i)->kind == HB_STEP_MOVE;
      g_assert_cmpuint (moves, ==, r->moves->len);
      hb_result_free (r);
      hb_trace_free (trace);
    }
  hb_state_free (s);

  /* A solved board: no hint move. */
  s = hb_test_parse (&flood_game, "2 by 1 -> 1\n11\n");
  hint = flood_game.hint_compute (s, NULL, NULL);
  g_assert_false (flood_game.hint_next_move (s, hint, &m));
  flood_game.hint_free (hint);
  hb_state_free (s);
}

/* A board part-way through a game is solved from where it stands. */
/* Beams of both rankings and several widths: every answer replayed by
 * ref_flood, its length the one returned, and no answer shorter than the
 * optimum on boards small enough to prove it. Then the anytime default
 * under a time limit: a checked answer, not claimed optimal, on boards
 * too large to prove (30×30 within its limit, 60×60 by beams alone). */
static void
test_beam_anytime (void)
{
  for (guint64 seed = 1; seed <= 6; seed++)
    {
      HbGenerateParams p = { 10, 10, 5, seed };
      g_autoptr(GError) error = NULL;
      HbState *st = flood_game.generate (&p, &error);
      const FloodState *s = FLOOD_CONST (st);
      FloodGraph *g = flood_graph_new (s->cells, 10, 10, s->colours);
      HbSolveOptions opt = { 0 };
      HbResult *r = run ("optimal", st, &opt, NULL);

      g_assert_no_error (error);
      g_assert_true (r->optimal);
      for (int mode = 0; mode < 2; mode++)
        for (int width = 1; width <= 16; width *= 4)
          {
            GByteArray *moves = g_byte_array_new ();
            guint8 *cells = g_memdup2 (s->cells, 100);
            int len = flood_beam_moves (g, width, mode, 0, 0, NULL, NULL, moves);

            g_assert_cmpint (len, ==, (int) moves->len);
            g_assert_cmpint (len, >=, (int) r->moves->len);
            for (guint i = 0; i < moves->len; i++)
              ref_flood (cells, 10, 10, moves->data[i]);
            g_assert_true (ref_solved (cells, 100));
            /* prune: only a shorter answer is wanted. */
            g_byte_array_set_size (moves, 0);
            g_assert_cmpint (flood_beam_moves (g, width, mode, r->moves->len, 0, NULL, NULL,
                                               moves), ==, -1);
            g_free (cells);
            g_byte_array_unref (moves);
          }
      hb_result_free (r);
      flood_graph_free (g);
      hb_state_free (st);
    }
  {
    static const int sizes[][4] = { { 30, 30, 6, 1 }, { 60, 60, 6, 6 } };
    for (gsize k = 0; k < G_N_ELEMENTS (sizes); k++)
      {
        HbGenerateParams p = { sizes[k][0], sizes[k][1], sizes[k][2], 7 };
        g_autoptr(GError) error = NULL;
        HbState *st = flood_game.generate (&p, &error);
        HbSolveOptions opt = { .time_limit = sizes[k][3] / 2.0 };
        HbResult *r;

        g_assert_no_error (error);
        r = run ("optimal", st, &opt, NULL);
        check_result (st, r);
        g_assert_false (r->optimal);
        g_assert_nonnull (r->message);
        hb_result_free (r);
        hb_state_free (st);
      }
  }
}

/* A board of random colours, without the generator (whose move limit
 * costs Tatham's greedy, seconds on 100×100). */
static HbState *
random_board (int w, int h, int colours, guint32 seed)
{
  FloodState *s = flood_state_new (w, h, colours);
  GRand *rand = g_rand_new_with_seed (seed);

  for (int i = 0; i < w * h; i++)
    s->cells[i] = g_rand_int_range (rand, 0, colours);
  g_rand_free (rand);
  return &s->base;
}

/* The region graph stops at a set token on a board of more regions than
 * FLOOD_GRAPH_STOPPABLE_REGIONS (a 4096x4096 board's took 1.6 s, polling
 * nothing), and is built whole on a smaller one, where the optimal
 * solver's first quick player must answer even when stopped at once. */
static void
test_graph_stops (void)
{
  HbState *vast = random_board (1000, 1000, 6, 3);
  HbState *small = random_board (100, 100, 6, 3);
  g_autoptr(HbCancel) c = hb_cancel_new ();
  FloodGraph *g = flood_graph_new (FLOOD_CONST (vast)->cells, 1000, 1000, 6);

  g_assert_cmpint (g->n, >, FLOOD_GRAPH_STOPPABLE_REGIONS);
  flood_graph_free (g);
  hb_cancel_set (c);
  g_assert_null (flood_graph_new_cancellable (FLOOD_CONST (vast)->cells, 1000, 1000, 6, c));
  g = flood_graph_new_cancellable (FLOOD_CONST (small)->cells, 100, 100, 6, c);
  g_assert_nonnull (g);
  g_assert_cmpint (g->nbr_start[g->n], >, 0);
  flood_graph_free (g);
  hb_state_free (vast);
  hb_state_free (small);
}

/* Replays moves on the board with the independent rules: they must solve
 * it. */
static void
check_moves (const HbState *st, const guint8 *moves, int n)
{
  int cells = st->width * st->height;
  guint8 *b = g_memdup2 (FLOOD_CONST (st)->cells, cells);

  for (int i = 0; i < n; i++)
    {
      g_assert_cmpint (moves[i], <, FLOOD_CONST (st)->colours);
      ref_flood (b, st->width, st->height, moves[i]);
    }
  g_assert_true (ref_solved (b, cells));
  g_free (b);
}

/* The quick greedy players that seed the default: each answer replayed,
 * its length the one returned, a prune at that length gives nothing; and
 * the default's answer is never longer than any of them, nor, with no
 * time limit, than Tatham's greedy, from boards it proves to ones it
 * leaves to beams (30×30, 40×40 with ten colours, 60×60, 100×100). */
static void
test_seeded (void)
{
  static const int boards[][5] = {
    /* w, h, colours, seed, time limit in tenths of a second (0 = none) */
    { 12, 12, 6, 1, 0 }, { 14, 14, 6, 2, 0 }, { 16, 16, 4, 3, 0 },
    { 30, 30, 6, 4, 0 }, { 40, 40, 10, 5, 0 }, { 60, 60, 8, 6, 5 },
    { 100, 100, 10, 7, 10 },
  };

  for (gsize k = 0; k < G_N_ELEMENTS (boards); k++)
    {
      const int *b = boards[k];
      HbState *st = random_board (b[0], b[1], b[2], b[3]);
      const FloodState *s = FLOOD_CONST (st);
      FloodGraph *g = flood_graph_new (s->cells, b[0], b[1], b[2]);
      HbSolveOptions opt = { .time_limit = b[4] / 10.0 };
      HbResult *r = run ("optimal", st, &opt, NULL);
      int shortest = G_MAXINT;

      check_result (st, r);
      for (int rule = 0; rule < FLOOD_SEED_RULES; rule++)
        {
          GByteArray *moves = g_byte_array_new ();
          int len = flood_seed_moves (g, rule, 0, 0, NULL, moves);

          g_assert_cmpint (len, ==, (int) moves->len);
          check_moves (st, moves->data, moves->len);
          g_assert_cmpint (flood_seed_moves (g, rule, len, 0, NULL, moves), ==, -1);
          g_assert_cmpint ((int) moves->len, ==, len);
          shortest = MIN (shortest, len);
          g_byte_array_unref (moves);
        }
      g_assert_cmpint ((int) r->moves->len, <=, shortest);
      if (b[4] == 0)
        {
          /* Tatham's greedy: with no time limit the default plays it too. */
          GByteArray *moves = g_byte_array_new ();
          g_assert_true (flood_greedy_moves (s->cells, b[0], b[1], b[2], 3, 0, NULL,
                                             moves));
          check_moves (st, moves->data, moves->len);
          g_assert_cmpint (r->moves->len, <=, moves->len);
          g_test_message ("%d×%d, %d colours: default %u moves, Tatham's greedy %u, "
                          "quick greedies %d at best", b[0], b[1], b[2],
                          r->moves->len, moves->len, shortest);
          g_byte_array_unref (moves);
        }
      hb_result_free (r);
      flood_graph_free (g);
      hb_state_free (st);
    }

  /* A limit too short for anything but the first quick player still gets
   * a checked answer, not claimed optimal. */
  {
    HbState *st = random_board (100, 100, 10, 8);
    HbSolveOptions opt = { .time_limit = 1e-6 };
    HbResult *r = run ("optimal", st, &opt, NULL);

    check_result (st, r);
    g_assert_false (r->optimal);
    hb_result_free (r);
    hb_state_free (st);
  }
  /* On a vast board (over 200,000 regions) even the first quick player
   * stops at the limit, and the solver gives up saying why: the four ran
   * 28 s past a 3 s limit on a 2000×2000 board. */
  {
    HbState *st = random_board (800, 800, 10, 9);
    HbSolveOptions opt = { .time_limit = 1e-6 };
    HbResult *r = run ("optimal", st, &opt, NULL);

    g_assert_cmpint (r->status, ==, HB_STATUS_GAVE_UP);
    g_assert_nonnull (strstr (r->message, "the time limit came before a first answer"));
    hb_result_free (r);
    hb_state_free (st);
  }
}

/* Larger boards from Tatham's generator with leniency 0: the move limit is
 * his greedy solver's count. Ours, which scores its last move from one
 * search of the line before it, plays to the same count; the default,
 * with no time limit, is never longer. */
static void
test_tatham_large (void)
{
  g_autoptr(GPtrArray) rows = hb_test_read_tsv ("anchors/flood/tatham-flood-large.tsv");

  g_assert_cmpuint (rows->len, >=, 4);
  for (guint i = 0; i < rows->len; i++)
    {
      GStrv row = g_ptr_array_index (rows, i);
      HbState *st = hb_test_parse (&flood_game, row[3]);
      const FloodState *s = FLOOD_CONST (st);
      GByteArray *moves = g_byte_array_new ();
      HbResult *r;

      g_assert_cmpint (s->move_limit, ==, atoi (row[2]));
      g_assert_true (flood_greedy_moves (s->cells, st->width, st->height, s->colours,
                                         3, 0, NULL, moves));
      check_moves (st, moves->data, moves->len);
      g_assert_cmpint (moves->len, ==, s->move_limit);
      r = run ("optimal", st, NULL, NULL);
      check_result (st, r);
      g_assert_cmpint (r->moves->len, <=, s->move_limit);
      g_test_message ("%s: Tatham's greedy %d moves, the default %u", row[0],
                      s->move_limit, r->moves->len);
      hb_result_free (r);
      g_byte_array_unref (moves);
      hb_state_free (st);
    }
}

/* Small boards (flood-solve-optimal.c's FLOOD_SMALL_REGIONS) go to A*
 * before the beams. Every answer replayed, proven optimal and never longer
 * than Tatham's greedy; one board (13×13, six colours: 118 regions) needs
 * more than FLOOD_SMALL_EXPANSIONS (1024) states, so A* pauses there for
 * the beams and goes on. With a state limit A* stops before the beams had
 * their turn (the limit is checked every 256 states), and they run all the
 * same: the answer is still no longer than Tatham's greedy, nor shorter
 * than the optimum. */
static void
test_small_first (void)
{
  static const int boards[][4] = {
    /* w, h, colours, seed */
    { 6, 6, 4, 1 }, { 8, 8, 6, 2 }, { 10, 10, 8, 15 }, { 12, 12, 7, 50 },
    { 11, 11, 7, 25 }, { 13, 13, 6, 42 },
  };
  gboolean paused = FALSE;

  for (gsize k = 0; k < G_N_ELEMENTS (boards); k++)
    {
      const int *b = boards[k];
      HbGenerateParams p = { b[0], b[1], b[2], b[3] };
      HbState *st = flood_game.generate (&p, NULL);
      const FloodState *s = FLOOD_CONST (st);
      GByteArray *greedy = g_byte_array_new ();
      HbSolveOptions opt = { .node_limit = 256 };
      HbResult *r = run ("optimal", st, NULL, NULL), *rl;

      g_assert_true (flood_greedy_moves (s->cells, b[0], b[1], b[2], 3, 0, NULL,
                                         greedy));
      check_moves (st, greedy->data, greedy->len);
      check_result (st, r);
      g_assert_true (r->optimal);
      g_assert_cmpuint (r->moves->len, <=, greedy->len);
      if (atoi (hb_result_get_stat (r, "states expanded")) > 1024)
        paused = TRUE;
      rl = run ("optimal", st, &opt, NULL);
      check_result (st, rl);
      g_assert_cmpuint (rl->moves->len, <=, greedy->len);
      g_assert_cmpuint (rl->moves->len, >=, r->moves->len);
      g_test_message ("%d×%d, %d colours: %u moves (%s states), %u with a limit of "
                      "256 states, Tatham's greedy %u", b[0], b[1], b[2], r->moves->len,
                      hb_result_get_stat (r, "states expanded"), rl->moves->len,
                      greedy->len);
      hb_result_free (r);
      hb_result_free (rl);
      g_byte_array_unref (greedy);
      hb_state_free (st);
    }
  g_assert_true (paused);
}

static void
test_played_state (void)
{
  HbState *s = hb_test_parse (&flood_game, "# moves: 3\n4 by 2 -> 9\n0123\n3210\n");
  HbResult *r = run ("optimal", s, NULL, NULL);

  check_result (s, r);
  g_assert_cmpint (FLOOD (r->solved)->moves, ==, 3 + (int) r->moves->len);
  hb_result_free (r);
  hb_state_free (s);
}

/* An answer longer than the level's move limit says so in the result's
 * words ("Solved: 2 moves, over the limit of 1"); one within it keeps the
 * plain words. */
static void
test_over_limit_said (void)
{
  HbState *tight = hb_test_parse (&flood_game, "3 by 3 -> 1\n012\n000\n000\n");
  HbState *room = hb_test_parse (&flood_game, "3 by 3 -> 5\n012\n000\n000\n");
  HbResult *r = run ("optimal", tight, NULL, NULL);
  g_autofree char *said = NULL;

  g_assert_cmpint (r->status, ==, HB_STATUS_SOLVED);
  g_assert_cmpuint (r->moves->len, ==, 2);
  said = flood_game.solved_text (r);
  g_assert_cmpstr (said, ==, "Solved: 2 moves, over the limit of 1");
  hb_result_free (r);
  {
    /* Begun part-way through a game: the answer's 2 moves, then the
     * game's, as the limit counts them ("2 moves, over the limit of 4"
     * was wrong, "5 moves" alone read as five more). */
    HbState *played = hb_test_parse (&flood_game, "# moves: 3\n3 by 3 -> 4\n012\n000\n000\n");
    g_autofree char *over = NULL;

    r = run ("optimal", played, NULL, NULL);
    g_assert_cmpuint (r->moves->len, ==, 2);
    over = flood_game.solved_text (r);
    g_assert_cmpstr (over, ==, "Solved: 2 more moves, 5 in all, over the limit of 4");
    hb_result_free (r);
    hb_state_free (played);
  }
  {
    /* Within the limit, both counts too. */
    HbState *played = hb_test_parse (&flood_game, "# moves: 3\n3 by 3 -> 6\n012\n000\n000\n");
    g_autofree char *within = NULL;

    r = run ("optimal", played, NULL, NULL);
    within = flood_game.solved_text (r);
    g_assert_cmpstr (within, ==, "Solved: 2 more moves, 5 in all");
    hb_result_free (r);
    hb_state_free (played);
  }
  r = run ("optimal", room, NULL, NULL);
  g_assert_null (flood_game.solved_text (r));
  hb_result_free (r);
  hb_state_free (tight);
  hb_state_free (room);
}

/* A solve never returns more moves than the hint said were enough for the
 * same board: not when it may search less than the hint did (a short time
 * limit), nor when stopped at once (it has the hint's answer then). A
 * 30×30 board: the hint's beams find about 40 moves in a fraction of a
 * second, the quick players that answer at once 45 or more. */
static void
test_hint_bound (void)
{
  HbState *s = random_board (30, 30, 6, 11);
  FloodHint *hint = flood_game.hint_compute (s, NULL, NULL);
  HbCancel *cancel = hb_cancel_new ();
  HbSolveOptions opt = { .time_limit = 0.001 };
  HbResult *r;

  g_assert_nonnull (hint);
  g_assert_cmpint (hint->colour, >=, 0);
  g_test_message ("hint: %d to go", hint->to_go);
  r = run ("optimal", s, &opt, NULL);
  check_result (s, r);
  g_test_message ("solve within 1 ms: %u moves", r->moves->len);
  g_assert_cmpint ((int) r->moves->len, <=, hint->to_go);
  hb_result_free (r);

  hb_cancel_set (cancel);
  opt = (HbSolveOptions) { 0 };
  r = hb_solve (&flood_solver_optimal, s, &opt, NULL, cancel, NULL);
  check_result (s, r);
  g_assert_cmpint ((int) r->moves->len, <=, hint->to_go);
  hb_result_free (r);
  hb_cancel_free (cancel);
  flood_game.hint_free (hint);
  hb_state_free (s);

  /* What is recorded: a board's shorter answer stays, a longer one does
   * not replace it, and another board (or size) finds nothing. */
  {
    static const guint8 cells[] = { 0, 1, 2, 0, 1, 2 }, other[] = { 0, 1, 2, 0, 1, 0 };
    static const guint8 shorter[] = { 1, 2, 0 }, longer[] = { 2, 1, 2, 0 };
    GByteArray *got;

    flood_known_record (cells, 3, 2, 3, shorter, 3);
    flood_known_record (cells, 3, 2, 3, longer, 4);
    got = flood_known_lookup (cells, 3, 2, 3);
    g_assert_nonnull (got);
    g_assert_cmpmem (got->data, got->len, shorter, 3);
    g_byte_array_unref (got);
    g_assert_null (flood_known_lookup (other, 3, 2, 3));
    g_assert_null (flood_known_lookup (cells, 2, 3, 3));
    g_assert_null (flood_known_lookup (cells, 3, 2, 4));
  }
}

/* The cells of the top-left region (4-connected, one colour), as 1s. */
static void
region_of (const guint8 *cells, int w, int h, guint8 *in)
{
  g_autofree int *stack = g_new (int, w * h);
  int n = 0;

  memset (in, 0, (gsize) w * h);
  in[0] = 1;
  stack[n++] = 0;
  while (n > 0)
    {
      int i = stack[--n], x = i % w, y = i / w;
      int nb[4] = { x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1,
                    y < h - 1 ? i + w : -1 };
      for (int k = 0; k < 4; k++)
        if (nb[k] >= 0 && !in[nb[k]] && cells[nb[k]] == cells[0])
          {
            in[nb[k]] = 1;
            stack[n++] = nb[k];
          }
    }
}

/* The board's words for a cell in the hint's dashed outline (hint_at,
 * the tooltip): exactly the cells the hinted colour adds to the flooded
 * region, recoloured here and flooded again, name that colour; nothing
 * for a hint of another size. */
static void
test_hint_at (void)
{
  HbState *s = random_board (12, 9, 6, 5);
  const FloodState *f = FLOOD_CONST (s);
  FloodHint *hint = flood_game.hint_compute (s, NULL, NULL);
  int w = s->width, h = s->height, said = 0;
  g_autofree guint8 *before = g_malloc ((gsize) w * h);
  g_autofree guint8 *after = g_malloc ((gsize) w * h);
  g_autofree guint8 *cells = g_memdup2 (f->cells, (gsize) w * h);
  g_autofree char *want = NULL;

  g_assert_nonnull (hint);
  g_assert_cmpint (hint->colour, >=, 0);
  want = g_strdup_printf ("Flood with %d (%s) next: it captures this cell", hint->colour,
                          flood_colour_name (hint->colour));
  region_of (cells, w, h, before);
  for (int i = 0; i < w * h; i++)
    if (before[i])
      cells[i] = (guint8) hint->colour;
  region_of (cells, w, h, after);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        g_autofree char *words = flood_game.hint_at (s, hint, 0, x, y);
        int i = y * w + x;

        if (after[i] && !before[i])
          {
            g_assert_cmpstr (words, ==, want);
            said++;
          }
        else
          g_assert_null (words);
      }
  g_assert_cmpint (said, >, 0);
  {
    HbState *other = random_board (5, 5, 6, 5);

    g_assert_null (flood_game.hint_at (other, hint, 0, 1, 0));
    g_assert_null (flood_game.hint_at (other, NULL, 0, 1, 0));
    hb_state_free (other);
  }
  flood_game.hint_free (hint);
  hb_state_free (s);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flood/solve/brute-force", test_brute_force);
  g_test_add_func ("/flood/solve/small-cases", test_small_cases);
  g_test_add_func ("/flood/solve/anchors", test_anchors);
  g_test_add_func ("/flood/solve/stops", test_stops);
  g_test_add_func ("/flood/solve/over-limit-said", test_over_limit_said);
  g_test_add_func ("/flood/solve/trace-and-hint", test_trace_and_hint);
  g_test_add_func ("/flood/solve/played-state", test_played_state);
  g_test_add_func ("/flood/solve/beam-anytime", test_beam_anytime);
  g_test_add_func ("/flood/solve/seeded", test_seeded);
  g_test_add_func ("/flood/solve/tatham-large", test_tatham_large);
  g_test_add_func ("/flood/solve/small-first", test_small_first);
  g_test_add_func ("/flood/solve/hint-bound", test_hint_bound);
  g_test_add_func ("/flood/solve/graph-stops", test_graph_stops);
  g_test_add_func ("/flood/solve/hint-at", test_hint_at);
  return g_test_run ();
}
