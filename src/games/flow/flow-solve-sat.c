/* flow-solve-sat.c: the first write-up's reduction to SAT
 * (../shared/seeds/001, "Reducere la SAT"), solved with CaDiCaL.
 *
 * Variables, as the write-up builds them:
 *   - a colour per cell, one-hot: col(i, k) for every cell i and colour k;
 *   - a pipe shape per cell: six for a cell without a dot (│ ─ ┘ └ ┐ ┌,
 *     each joining two of its sides), and for a dot its one direction
 *     (N, E, S or W).
 * Clauses:
 *   - a dot has its own colour (and no other); any other cell has at least
 *     one colour and never two (the write-up's c(c-1)/2 pairs per cell);
 *   - every cell has exactly one shape (one at least, never two);
 *   - no shape leads off the board;
 *   - a shape ties colours: for every side the shape joins, the neighbour
 *     there has the cell's colour (shape ∧ col(i,k) → col(j,k)); for every
 *     other side, it has another colour (shape ∧ col(i,k) → ¬col(j,k)).
 *
 * What a model is. The second family makes the links symmetric: if i joins
 * j then j has i's colour, and were j's shape not to join i back it would
 * demand a different colour there. So in a model two neighbours have the
 * same colour exactly when they are joined, a dot has one joined neighbour
 * and every other cell two. Each colour is then a set of simple paths and
 * cycles whose path ends are dots: the path leaving a dot of colour k ends
 * at the other dot of colour k (there are only two). What the clauses do
 * not forbid is a cycle of cells with no dot — the write-up's "cicluri
 * care nu contin buline" that big empty areas invite.
 *
 * The cycle check and re-solve. After each model the cells reached from the
 * dots along the links are the real paths; every cell left over lies on a
 * stray cycle. For each stray cycle the clause "not all of these cells have
 * these shapes" (the disjunction of the negated shape variables, as the
 * write-up's find_cycles returns them) is added to the SAME CaDiCaL
 * instance, which solves again incrementally, keeping what it learned. The
 * clause is sound: those shapes alone close the loop, and a closed loop
 * joins cells of one colour with no dot, which no solution has. Each
 * repair removes at least the model it was made from, and there are
 * finitely many sets of shapes, so the loop ends: with a model that has no
 * stray cycle (a solution) or with UNSAT, which proves there is none.
 *
 * Limits: CaDiCaL's terminate callback polls the cancellable and the time
 * limit; the node limit caps the conflicts of each CaDiCaL call; a board
 * whose clauses would not fit the memory limit (default 256 MiB, about 48
 * bytes a clause counted) is refused before building anything.
 */
#include "flow.h"
#include "hb-stat-label.h"

#include <ccadical.h>
#include <glib/gi18n.h>
#include <limits.h>
#include <string.h>

#define DEFAULT_MEMORY_LIMIT ((gsize) 256 << 20)
#define BYTES_PER_CLAUSE 48

/* The six shapes of a cell without a dot, as arm masks (HB_DIR_* bits). */
static const guint8 shape_mask[6] = {
  (1 << HB_DIR_N) | (1 << HB_DIR_S),  /* │ */
  (1 << HB_DIR_E) | (1 << HB_DIR_W),  /* ─ */
  (1 << HB_DIR_N) | (1 << HB_DIR_W),  /* ┘ */
  (1 << HB_DIR_N) | (1 << HB_DIR_E),  /* └ */
  (1 << HB_DIR_S) | (1 << HB_DIR_W),  /* ┐ */
  (1 << HB_DIR_S) | (1 << HB_DIR_E),  /* ┌ */
};

typedef struct {
  CCaDiCaL     *solver;
  int           w, h, k;       /* board size, colours in the encoding */
  gsize         n;
  const guint8 *dot;           /* the level's dots */
  guint8       *dotk;          /* per cell: encoding colour + 1 of its dot, or 0 */
  guint64       clauses;
  /* The terminate callback's view. */
  HbCancel *cancellable;
  double        deadline;
  gboolean      cancelled, timed_out;
} Sat;

static inline int
col_var (const Sat *s, gsize i, int k)
{
  return (int) (1 + i * s->k + k);
}

static inline int
shape_var (const Sat *s, gsize i, int sh)
{
  return (int) (1 + s->n * s->k + i * 6 + sh);
}

static inline int
shape_count (const Sat *s, gsize i)
{
  return s->dotk[i] ? 4 : 6;
}

static inline guint8
shape_arms (const Sat *s, gsize i, int sh)
{
  return s->dotk[i] ? (guint8) (1u << sh) : shape_mask[sh];
}

static void
clause (Sat *s, int a, int b, int c)
{
  ccadical_add (s->solver, a);
  if (b)
    ccadical_add (s->solver, b);
  if (c)
    ccadical_add (s->solver, c);
  ccadical_add (s->solver, 0);
  s->clauses++;
}

static int
terminate_cb (void *data)
{
  Sat *s = data;

  if (hb_cancel_is_set (s->cancellable))
    s->cancelled = TRUE;
  else if (s->deadline > 0 && hb_now () >= s->deadline)
    s->timed_out = TRUE;
  return s->cancelled || s->timed_out;
}

/* The clause count, before building (for the memory limit). */
static guint64
predicted_clauses (int w, int h, int k)
{
  guint64 n = (guint64) w * h, kk = (guint64) k;

  /* colours: one ALO and k(k-1)/2 AMO per cell; shapes: one ALO, 15 AMO,
   * up to 4 off-board units; ties: 6 shapes × 4 sides × k per cell. */
  return n * (1 + kk * (kk - 1) / 2 + 1 + 15 + 4 + 24 * kk);
}

/* Adds every clause; FALSE when cancelled part-way (checked every row). */
static gboolean
encode (Sat *s)
{
  for (gsize i = 0; i < s->n; i++)
    {
      int x = (int) (i % s->w), y = (int) (i / s->w), ns = shape_count (s, i);

      if (x == 0 && terminate_cb (s))
        return FALSE;

      /* Colours. */
      if (s->dotk[i])
        {
          for (int k = 0; k < s->k; k++)
            clause (s, k == s->dotk[i] - 1 ? col_var (s, i, k) : -col_var (s, i, k), 0, 0);
        }
      else
        {
          for (int k = 0; k < s->k; k++)
            ccadical_add (s->solver, col_var (s, i, k));
          ccadical_add (s->solver, 0);
          s->clauses++;
          for (int k = 0; k < s->k; k++)
            for (int l = k + 1; l < s->k; l++)
              clause (s, -col_var (s, i, k), -col_var (s, i, l), 0);
        }

      /* Exactly one shape. */
      for (int sh = 0; sh < ns; sh++)
        ccadical_add (s->solver, shape_var (s, i, sh));
      ccadical_add (s->solver, 0);
      s->clauses++;
      for (int a = 0; a < ns; a++)
        for (int b = a + 1; b < ns; b++)
          clause (s, -shape_var (s, i, a), -shape_var (s, i, b), 0);

      /* Shapes and their neighbours' colours. */
      for (int sh = 0; sh < ns; sh++)
        {
          guint8 arms = shape_arms (s, i, sh);
          int v = shape_var (s, i, sh);
          gboolean off = FALSE;

          for (int d = 0; d < 4; d++)
            {
              int nx = x + hb_dir_dx[d], ny = y + hb_dir_dy[d];
              if ((arms >> d) & 1 && (nx < 0 || ny < 0 || nx >= s->w || ny >= s->h))
                off = TRUE;
            }
          if (off)
            {
              clause (s, -v, 0, 0);
              continue;
            }
          for (int d = 0; d < 4; d++)
            {
              int nx = x + hb_dir_dx[d], ny = y + hb_dir_dy[d];
              gsize j;

              if (nx < 0 || ny < 0 || nx >= s->w || ny >= s->h)
                continue;
              j = (gsize) ny * s->w + nx;
              for (int k = 0; k < s->k; k++)
                {
                  if ((arms >> d) & 1)
                    clause (s, -v, -col_var (s, i, k), col_var (s, j, k));
                  else
                    clause (s, -v, -col_var (s, i, k), -col_var (s, j, k));
                }
            }
        }
    }
  return TRUE;
}

/* Reads the model: colour (level colour + 1), links, and each cell's shape. */
static void
read_model (Sat *s, const int *active, guint8 *colour, guint8 *links, guint8 *shape)
{
  for (gsize i = 0; i < s->n; i++)
    {
      colour[i] = 0;
      links[i] = 0;
      shape[i] = 0;
      for (int k = 0; k < s->k; k++)
        if (ccadical_val (s->solver, col_var (s, i, k)) > 0)
          {
            colour[i] = (guint8) (active[k] + 1);
            break;
          }
      for (int sh = 0; sh < shape_count (s, i); sh++)
        if (ccadical_val (s->solver, shape_var (s, i, sh)) > 0)
          {
            shape[i] = (guint8) sh;
            links[i] = shape_arms (s, i, sh);
            break;
          }
    }
}

/* Marks (1) every cell not reached from a dot along the links: the stray
 * cycles. Returns how many cycles; adds one clause per cycle when `repair`. */
static int
find_cycles (Sat *s, const guint8 *links, const guint8 *shape, guint8 *marks,
             gboolean repair)
{
  g_autofree int *queue = g_new (int, s->n);
  g_autofree guint8 *seen = g_malloc0 (s->n);
  int head = 0, tail = 0, cycles = 0;

  for (gsize i = 0; i < s->n; i++)
    if (s->dotk[i])
      {
        seen[i] = 1;
        queue[tail++] = (int) i;
      }
  while (head < tail)
    {
      int i = queue[head++];
      for (int d = 0; d < 4; d++)
        if ((links[i] >> d) & 1)
          {
            int j = i + hb_dir_dy[d] * s->w + hb_dir_dx[d];
            if (!seen[j])
              {
                seen[j] = 1;
                queue[tail++] = j;
              }
          }
    }
  memset (marks, 0, s->n);
  for (gsize start = 0; start < s->n; start++)
    {
      if (seen[start])
        continue;
      /* A new cycle: walk it, collecting its cells' shapes. */
      cycles++;
      head = tail = 0;
      seen[start] = 1;
      queue[tail++] = (int) start;
      while (head < tail)
        {
          int i = queue[head++];
          marks[i] = 1;
          if (repair)
            ccadical_add (s->solver, -shape_var (s, (gsize) i, shape[i]));
          for (int d = 0; d < 4; d++)
            if ((links[i] >> d) & 1)
              {
                int j = i + hb_dir_dy[d] * s->w + hb_dir_dx[d];
                if (!seen[j])
                  {
                    seen[j] = 1;
                    queue[tail++] = j;
                  }
              }
        }
      if (repair)
        {
          ccadical_add (s->solver, 0);
          s->clauses++;
        }
    }
  return cycles;
}

static void
add_common_stats (HbResult *r, guint64 vars, guint64 clauses, guint64 repairs, guint64 calls)
{
  hb_result_add_stat (r, N_("variables"), "%" G_GUINT64_FORMAT, vars);
  hb_result_add_stat (r, N_("clauses"), "%" G_GUINT64_FORMAT, clauses);
  hb_result_add_stat (r, N_("cycle repairs"), "%" G_GUINT64_FORMAT, repairs);
  hb_result_add_stat (r, N_("SAT calls"), "%" G_GUINT64_FORMAT, calls);
}

static HbResult *
sat_solve (const HbState *state, const HbSolveOptions *options,
           HbTrace *trace, HbCancel *cancellable, GError **error)
{
  const FlowState *level = FLOW_CONST (state);
  int w = state->width, h = state->height;
  gsize n = (gsize) w * h;
  int active[FLOW_MAX_COLOURS], k = 0, ndots[FLOW_MAX_COLOURS] = { 0 };
  gsize memory_limit = options->memory_limit ? options->memory_limit : DEFAULT_MEMORY_LIMIT;
  guint64 predicted, vars = 0, repairs = 0, calls = 0;
  g_autofree guint8 *colour = NULL, *links = NULL, *shape = NULL, *marks = NULL;
  Sat s = { 0 };
  HbResult *r = NULL;

  hb_trace_set_counter_name (trace, _("SAT calls"));
  for (gsize i = 0; i < n; i++)
    if (level->dot[i] && level->dot[i] <= level->colours)
      ndots[level->dot[i] - 1]++;
  for (int c = 0; c < level->colours; c++)
    {
      if (ndots[c] == 2)
        active[k++] = c;
      else if (ndots[c] != 0)
        {
          r = flow_result_bad_dots (level, c, ndots[c]);
          return r;
        }
    }
  if (k == 0)
    {
      r = hb_result_new (HB_STATUS_NO_SOLUTION);
      hb_result_set_message (r, "%s", _("The level has no pair of dots to join"));
      return r;
    }

  predicted = predicted_clauses (w, h, k);
  if (predicted > memory_limit / BYTES_PER_CLAUSE)
    {
      g_autofree char *num = g_strdup_printf ("%" G_GUINT64_FORMAT, predicted);
      /* TRANSLATORS: within the next message: "about 90000000 clauses";
       * each count takes its own plural */
      g_autofree char *clauses = g_strdup_printf (g_dngettext (NULL, "about %s clause",
                                                               "about %s clauses",
                                                               (gulong) MIN (predicted,
                                                                             G_MAXULONG)),
                                                  num);
      g_autofree char *colours = g_strdup_printf (g_dngettext (NULL, "%d colour", "%d colours",
                                                               (gulong) MAX (k, 0)),
                                                  k);

      r = hb_result_new (HB_STATUS_GAVE_UP);
      /* TRANSLATORS: "Too large for the SAT encoding: about 90000000
       * clauses for 40 colours on 300×300 cells would not fit the memory
       * limit" */
      hb_result_set_message (r, _("Too large for the SAT encoding: %s for %s on %d×%d cells "
                                  "would not fit the memory limit"), clauses, colours, w, h);
      return r;
    }

  s.w = w;
  s.h = h;
  s.k = k;
  s.n = n;
  s.dot = level->dot;
  s.dotk = g_malloc0 (n);
  for (int a = 0; a < k; a++)
    for (gsize i = 0; i < n; i++)
      if (level->dot[i] == active[a] + 1)
        s.dotk[i] = (guint8) (a + 1);
  s.cancellable = cancellable;
  s.deadline = hb_deadline (options);
  s.solver = ccadical_init ();
  /* A library prints nothing ("c found falsified original clause" when a
   * repair clause is already false at the root). */
  ccadical_set_option (s.solver, "quiet", 1);
  ccadical_set_terminate (s.solver, &s, terminate_cb);
  vars = (guint64) n * k;
  for (gsize i = 0; i < n; i++)
    vars += (guint64) shape_count (&s, i);
  if (!encode (&s))
    {
      r = hb_result_new (HB_STATUS_GAVE_UP);
      hb_result_stop (r, s.cancelled ? HB_STOP_CANCELLED : HB_STOP_TIME_LIMIT, 0, NULL, NULL);
    }

  colour = g_malloc (n);
  links = g_malloc (n);
  shape = g_malloc (n);
  marks = g_malloc (n);

  while (r == NULL)
    {
      int res, cycles;

      if (options->node_limit)
        ccadical_limit (s.solver, "conflicts", (int) MIN (options->node_limit, (guint64) INT_MAX));
      calls++;
      {
        /* What CaDiCaL is working on, while it gives no word until its
         * answer: a 30x30 run showed only "SAT calls: 1" and the clock for
         * seconds (review). */
        g_autofree char *nv = hb_format_count ((gint64) vars);
        g_autofree char *nc = hb_format_count ((gint64) s.clauses);
        /* TRANSLATORS: live progress of the SAT solver: "CaDiCaL is
         * solving 12,500 variables and 80,000 clauses" (digits grouped) */
        g_autofree char *text = g_strdup_printf (_("CaDiCaL is solving %s variables and %s clauses"),
                                                 nv, nc);

        hb_trace_set_progress (trace, (gint64) calls, text);
      }
      res = ccadical_solve (s.solver);
      if (res == 20)
        {
          r = hb_result_new (HB_STATUS_NO_SOLUTION);
          if (repairs == 0)
            hb_result_set_message (r, "%s", _("CaDiCaL proved the clauses unsatisfiable: "
                                              "the level has no solution"));
          else
            hb_result_set_message (r, "%s", _("CaDiCaL proved the clauses unsatisfiable once "
                                              "the stray cycles were forbidden: the level "
                                              "has no solution"));
          break;
        }
      if (res != 10)
        {
          r = hb_result_new (HB_STATUS_GAVE_UP);
          hb_result_stop (r, s.cancelled ? HB_STOP_CANCELLED
                             : s.timed_out ? HB_STOP_TIME_LIMIT : HB_STOP_NODE_LIMIT,
                          calls, "%s SAT call", "%s SAT calls");
          if (!s.cancelled && !s.timed_out)
            {
              /* What a step is here: "after 1 SAT call (the node limit)"
               * read the same for a limit of 1 and of 1,000. */
              g_autofree char *num = hb_format_count ((gint64) MIN (options->node_limit,
                                                                    (guint64) G_MAXINT64));
              g_autofree char *was = g_strdup (r->message);
              hb_result_set_message (r, _("%s: CaDiCaL's steps are its conflicts, and the "
                                          "last call reached %s of them"), was, num);
            }
          break;
        }
      read_model (&s, active, colour, links, shape);
      cycles = find_cycles (&s, links, shape, marks, TRUE);
      if (cycles == 0)
        {
          flow_trace_board (trace, HB_STEP_SOLUTION, level, colour, links, NULL,
                            (gint64) calls, NULL);
          r = hb_result_new (HB_STATUS_SOLVED);
          flow_result_set_solution (r, level, colour, links);
          break;
        }
      /* The model with its stray cycles marked, before the repair. */
      flow_trace_board (trace, HB_STEP_INFO, level, colour, links, marks,
                        (gint64) calls, NULL);
      flow_publish_board (trace, level, colour, links, marks);
      repairs += (guint64) cycles;
      if (hb_cancel_is_set (cancellable))
        {
          r = hb_result_new (HB_STATUS_CANCELLED);
          hb_result_stop (r, HB_STOP_CANCELLED, calls, "%s SAT call", "%s SAT calls");
        }
      else if (s.deadline > 0 && hb_now () >= s.deadline)
        {
          r = hb_result_new (HB_STATUS_GAVE_UP);
          hb_result_stop (r, HB_STOP_TIME_LIMIT, calls, "%s SAT call", "%s SAT calls");
        }
    }
  add_common_stats (r, vars, s.clauses, repairs, calls);
  ccadical_release (s.solver);
  g_free (s.dotk);
  return r;
}

const HbSolver flow_solver_sat = {
  .id = "sat",
  .name = N_("SAT with CaDiCaL (original article)"),
  .summary = N_("The original article's reduction: a colour and a pipe shape per cell, clauses "
                "tying shapes to colours; stray cycles forbidden and solved again"),
  .flags = HB_SOLVER_EXACT | HB_SOLVER_ANIMATED,
  .solve = sat_solve,
};
