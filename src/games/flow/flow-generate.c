/* flow-generate.c: random solvable Flow Free levels.
 *
 * A level is made from its answer. The board is first cut into random
 * dominoes (an odd cell joins a neighbouring domino), each domino a path of
 * two cells. Then a random walk over partitions of the board into paths:
 * pick a path's end and a neighbouring cell of another path; when that cell
 * is the other path's end, either join the two paths (while there are more
 * paths than colours wanted) or move the cell from one path to the other
 * (which bends the paths and keeps the walk going). A step is taken only
 * when every path stays simple and never touches itself side by side (the
 * rule a solution obeys), so the partition is always a solution; its path
 * ends become the level's dots. The walk is driven by a seeded generator:
 * the same seed, size and colours give the same level.
 *
 * With the switch "unique" the level is re-made (the next seeds of a
 * stream) until the counting solver finds exactly one solution, a bounded
 * number of times; the error says when it could not.
 */
#include "flow.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define UNIQUE_TRIES 200

const HbSetting flow_generate_settings[] = {
  { "unique", N_("Unique solution"),
    N_("Only levels with exactly one solution (checked by the counting solver)"),
    HB_SETTING_SWITCH, 0, 1, 0, NULL, NULL, NULL },
  { NULL }
};

typedef struct {
  int      w, h, n;
  int     *lab;     /* n: path id per cell */
  int     *pn;      /* 2n: the cell's path neighbours, -1 for none */
  int     *end;     /* 2 per path id: its ends */
  int     *len;     /* per path id */
  int     *alive;   /* ids of the paths that exist */
  int     *slot;    /* per path id: index in alive, -1 when gone */
  int      npaths;
  HbRng    rng;
} Gen;

static const int gdx[4] = { 0, 1, 0, -1 }, gdy[4] = { -1, 0, 1, 0 };

static inline int
gen_nb (const Gen *g, int c, int d)
{
  int x = c % g->w + gdx[d], y = c / g->w + gdy[d];
  if (x < 0 || y < 0 || x >= g->w || y >= g->h)
    return -1;
  return y * g->w + x;
}

static inline void
pn_add (Gen *g, int c, int o)
{
  if (g->pn[2 * c] < 0)
    g->pn[2 * c] = o;
  else
    g->pn[2 * c + 1] = o;
}

static inline void
pn_remove (Gen *g, int c, int o)
{
  if (g->pn[2 * c] == o)
    {
      g->pn[2 * c] = g->pn[2 * c + 1];
      g->pn[2 * c + 1] = -1;
    }
  else if (g->pn[2 * c + 1] == o)
    g->pn[2 * c + 1] = -1;
}

static void
path_new (Gen *g, int id, int a, int b, int len)
{
  g->end[2 * id] = a;
  g->end[2 * id + 1] = b;
  g->len[id] = len;
  g->slot[id] = g->npaths;
  g->alive[g->npaths++] = id;
}

static void
path_kill (Gen *g, int id)
{
  int s = g->slot[id], last = g->alive[--g->npaths];

  g->alive[s] = last;
  g->slot[last] = s;
  g->slot[id] = -1;
}

/* The domino cover. Returns FALSE when a leftover cell found no domino it
 * can join (then the caller tries another seed). */
static gboolean
gen_dominoes (Gen *g)
{
  int *order = g_new (int, g->n);
  gboolean ok = TRUE;
  int next_id = 0;

  for (int i = 0; i < g->n; i++)
    {
      order[i] = i;
      g->lab[i] = -1;
      g->pn[2 * i] = g->pn[2 * i + 1] = -1;
    }
  for (int i = g->n - 1; i > 0; i--)
    {
      int j = (int) hb_rng_below (&g->rng, (guint32) i + 1), t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
  /* Prefer the partner with the fewest free neighbours: fewer cells are
   * left over. */
  for (int k = 0; k < g->n; k++)
    {
      int c = order[k], best = -1, bestfree = 5, start = (int) hb_rng_below (&g->rng, 4);

      if (g->lab[c] >= 0)
        continue;
      for (int dd = 0; dd < 4; dd++)
        {
          int o = gen_nb (g, c, (start + dd) & 3), f = 0;
          if (o < 0 || g->lab[o] >= 0)
            continue;
          for (int e = 0; e < 4; e++)
            {
              int q = gen_nb (g, o, e);
              f += q >= 0 && g->lab[q] < 0;
            }
          if (f < bestfree)
            bestfree = f, best = o;
        }
      if (best < 0)
        continue;
      g->lab[c] = g->lab[best] = next_id;
      g->pn[2 * c] = best;
      g->pn[2 * best] = c;
      path_new (g, next_id++, c, best, 2);
    }
  /* Leftover cells join a neighbouring path at one of its ends when that
   * keeps the path from touching itself. */
  for (int k = 0; k < g->n && ok; k++)
    {
      int c = order[k];
      gboolean placed = FALSE;

      if (g->lab[c] >= 0)
        continue;
      for (int d = 0; d < 4 && !placed; d++)
        {
          int o = gen_nb (g, c, d), id, touches = 0;
          if (o < 0 || g->lab[o] < 0)
            continue;
          id = g->lab[o];
          if (g->end[2 * id] != o && g->end[2 * id + 1] != o)
            continue;
          for (int e = 0; e < 4; e++)
            {
              int q = gen_nb (g, c, e);
              touches += q >= 0 && g->lab[q] == id;
            }
          if (touches != 1)
            continue;
          g->lab[c] = id;
          pn_add (g, c, o);
          pn_add (g, o, c);
          if (g->end[2 * id] == o)
            g->end[2 * id] = c;
          else
            g->end[2 * id + 1] = c;
          g->len[id]++;
          placed = TRUE;
        }
      ok = placed;
    }
  g_free (order);
  return ok;
}

/* TRUE when no cell of path `s` touches path `t` except cell a (of s)
 * touching cell b (of t). */
static gboolean
gen_apart (const Gen *g, int s, int t, int a, int b)
{
  int cur = g->end[2 * s], prev = -1;

  while (cur >= 0)
    {
      int next;
      for (int d = 0; d < 4; d++)
        {
          int q = gen_nb (g, cur, d);
          if (q >= 0 && g->lab[q] == t && !(cur == a && q == b))
            return FALSE;
        }
      next = g->pn[2 * cur] != prev ? g->pn[2 * cur] : g->pn[2 * cur + 1];
      prev = cur;
      cur = next;
    }
  return TRUE;
}

static void
gen_relabel (Gen *g, int s, int t)
{
  int cur = g->end[2 * s], prev = -1;

  while (cur >= 0)
    {
      int next = g->pn[2 * cur] != prev ? g->pn[2 * cur] : g->pn[2 * cur + 1];
      g->lab[cur] = t;
      prev = cur;
      cur = next;
    }
}

/* Joins path p (at its end a) and path q (at its end b), a and b
 * neighbours, when the joined path stays apart from itself. */
static gboolean
gen_merge (Gen *g, int p, int a, int q, int b)
{
  int small = g->len[p] <= g->len[q] ? p : q, big = small == p ? q : p;
  int sa = small == p ? a : b, bb = small == p ? b : a;
  int s_other, b_other;

  if (!gen_apart (g, small, big, sa, bb))
    return FALSE;
  s_other = g->end[2 * small] == sa ? g->end[2 * small + 1] : g->end[2 * small];
  b_other = g->end[2 * big] == bb ? g->end[2 * big + 1] : g->end[2 * big];
  gen_relabel (g, small, big);
  pn_add (g, a, b);
  pn_add (g, b, a);
  g->end[2 * big] = s_other;
  g->end[2 * big + 1] = b_other;
  g->len[big] += g->len[small];
  path_kill (g, small);
  return TRUE;
}

/* Moves cell x, an end of path q (longer than 2), to path p at its end e. */
static gboolean
gen_transfer (Gen *g, int p, int e, int q, int x)
{
  int y;

  for (int d = 0; d < 4; d++)
    {
      int r = gen_nb (g, x, d);
      if (r >= 0 && r != e && g->lab[r] == p)
        return FALSE;
    }
  y = g->pn[2 * x];
  pn_remove (g, x, y);
  pn_remove (g, y, x);
  if (g->end[2 * q] == x)
    g->end[2 * q] = y;
  else
    g->end[2 * q + 1] = y;
  g->len[q]--;
  g->lab[x] = p;
  pn_add (g, x, e);
  pn_add (g, e, x);
  if (g->end[2 * p] == e)
    g->end[2 * p] = x;
  else
    g->end[2 * p + 1] = x;
  g->len[p]++;
  return TRUE;
}

/* Rewires: cell x in the middle of path q (x next to the end e of path p)
 * leaves q with the part of q on one side of it, which joins p at e; the
 * other part stays q. The number of paths does not change. */
static gboolean
gen_rewire (Gen *g, int p, int e, int q, int x)
{
  int cut = g->pn[2 * x + (int) hb_rng_below (&g->rng, 2)];
  int cur = x, prev = cut, count = 0, far;

  /* The part that moves: from x away from `cut`. */
  while (cur >= 0)
    {
      int next;
      for (int d = 0; d < 4; d++)
        {
          int r = gen_nb (g, cur, d);
          if (r >= 0 && g->lab[r] == p && !(cur == x && r == e))
            return FALSE;
        }
      count++;
      next = g->pn[2 * cur] != prev ? g->pn[2 * cur] : g->pn[2 * cur + 1];
      prev = cur;
      cur = next;
    }
  far = prev;
  if (g->len[q] - count < 2)
    return FALSE;
  /* Relabel the moving part. */
  cur = x;
  prev = cut;
  while (cur >= 0)
    {
      int next = g->pn[2 * cur] != prev ? g->pn[2 * cur] : g->pn[2 * cur + 1];
      g->lab[cur] = p;
      prev = cur;
      cur = next;
    }
  pn_remove (g, x, cut);
  pn_remove (g, cut, x);
  if (g->end[2 * q] == far)
    g->end[2 * q] = cut;
  else
    g->end[2 * q + 1] = cut;
  g->len[q] -= count;
  pn_add (g, x, e);
  pn_add (g, e, x);
  if (g->end[2 * p] == e)
    g->end[2 * p] = far;
  else
    g->end[2 * p + 1] = far;
  g->len[p] += count;
  return TRUE;
}

/* Runs the walk until there are `colours` paths and the shapes had time to
 * mix. Returns FALSE when it could not get down to `colours`. */
static gboolean
gen_walk (Gen *g, int colours)
{
  guint64 budget = (guint64) g->n * 400 + 100000;
  guint64 mixing = (guint64) g->n * 4 + 1000, since_target = 0;
  guint64 since_merge = 0;

  for (guint64 it = 0; it < budget; it++)
    {
      int p, e, d, x, q;

      if (g->npaths <= colours)
        {
          if (++since_target > mixing)
            return TRUE;
        }
      else if (since_merge > (guint64) g->n * 60 + 20000)
        return FALSE;
      since_merge++;
      p = g->alive[hb_rng_below (&g->rng, (guint32) g->npaths)];
      e = g->end[2 * p + (int) hb_rng_below (&g->rng, 2)];
      d = (int) hb_rng_below (&g->rng, 4);
      x = gen_nb (g, e, d);
      if (x < 0 || g->lab[x] == p)
        continue;
      q = g->lab[x];
      if (g->end[2 * q] != x && g->end[2 * q + 1] != x)
        {
          gen_rewire (g, p, e, q, x);
          continue;
        }
      if (g->npaths > colours && gen_merge (g, p, e, q, x))
        {
          since_merge = 0;
          continue;
        }
      if (g->len[q] > 2)
        gen_transfer (g, p, e, q, x);
    }
  return g->npaths <= colours;
}

/* ---- A start with few long paths, for boards too big for the dominoes
 * to be joined down to the colours wanted ---- */

/* Builds the paths from a labelling whose labels are simple paths that
 * never touch themselves (adjacent cells of one label are linked). */
static void
gen_from_labels (Gen *g, const int *label, int nlabels)
{
  int *seen_end = g_new (int, nlabels);

  g->npaths = 0;
  for (int i = 0; i < nlabels; i++)
    seen_end[i] = 0;
  for (int c = 0; c < g->n; c++)
    {
      g->lab[c] = label[c];
      g->pn[2 * c] = g->pn[2 * c + 1] = -1;
    }
  for (int c = 0; c < g->n; c++)
    for (int d = 1; d <= 2; d++)
      {
        int o = gen_nb (g, c, d);
        if (o >= 0 && label[o] == label[c])
          {
            pn_add (g, c, o);
            pn_add (g, o, c);
          }
      }
  for (int i = 0; i < nlabels; i++)
    g->len[i] = 0;
  for (int c = 0; c < g->n; c++)
    {
      int id = label[c];
      g->len[id]++;
      if (g->pn[2 * c + 1] < 0)
        g->end[2 * id + seen_end[id]++] = c;
    }
  for (int i = 0; i < nlabels; i++)
    {
      g->slot[i] = g->npaths;
      g->alive[g->npaths++] = i;
    }
  g_free (seen_end);
}

/* Every other row (or column, across the longer side) joined into one
 * serpentine through a cell of the row between; the rows between are
 * straight paths. 1 + short/2 paths. FALSE when that is more than
 * `colours` or the board is too thin. */
static gboolean
gen_serpentine (Gen *g, int colours)
{
  gboolean by_rows = g->h <= g->w;
  int rows = by_rows ? g->h : g->w, cols = by_rows ? g->w : g->h;
  int *label, nlabels = 1;

  if (cols < 3 || rows < 3 || 1 + rows / 2 > colours)
    return FALSE;
  label = g_new (int, g->n);
  for (int r = 0; r < rows; r++)
    {
      int odd_label = r % 2 ? nlabels++ : 0;
      for (int k = 0; k < cols; k++)
        {
          int x = by_rows ? k : r, y = by_rows ? r : k, v;
          if (r % 2 == 0)
            v = 0;
          else if (r + 1 < rows && k == ((r / 2) % 2 == 0 ? cols - 1 : 0))
            v = 0;              /* the serpentine's turn */
          else
            v = odd_label;
          label[y * g->w + x] = v;
        }
    }
  gen_from_labels (g, label, nlabels);
  g_free (label);
  return TRUE;
}

/* Cuts random paths in two (both parts at least two cells) until there
 * are `colours`. */
static void
gen_split (Gen *g, int colours)
{
  int guard = 0;

  while (g->npaths < colours && guard++ < 100000)
    {
      int p = g->alive[hb_rng_below (&g->rng, (guint32) g->npaths)], cut, cur, prev, id, count;

      if (g->len[p] < 4)
        continue;
      cut = 2 + (int) hb_rng_below (&g->rng, (guint32) g->len[p] - 3);  /* cells in part one */
      cur = g->end[2 * p];
      prev = -1;
      for (int i = 1; i < cut; i++)
        {
          int next = g->pn[2 * cur] != prev ? g->pn[2 * cur] : g->pn[2 * cur + 1];
          prev = cur;
          cur = next;
        }
      /* cur is the last cell of part one; part two starts at its next. */
      {
        int next = g->pn[2 * cur] != prev ? g->pn[2 * cur] : g->pn[2 * cur + 1];
        int first_end = g->end[2 * p], other_end = g->end[2 * p + 1];

        pn_remove (g, cur, next);
        pn_remove (g, next, cur);
        id = 0;
        while (g->slot[id] >= 0)
          id++;
        count = 0;
        prev = cur;
        for (int c = next; c >= 0;)
          {
            int nn = g->pn[2 * c] != prev ? g->pn[2 * c] : g->pn[2 * c + 1];
            g->lab[c] = id;
            count++;
            prev = c;
            c = nn;
          }
        g->end[2 * p] = first_end;
        g->end[2 * p + 1] = cur;
        g->len[p] -= count;
        g->len[id] = count;
        g->end[2 * id] = next;
        g->end[2 * id + 1] = other_end;
        g->slot[id] = g->npaths;
        g->alive[g->npaths++] = id;
      }
    }
}

/* The game's default colour count for a board: about one colour per
 * side cell as in the published levels, within what the board can hold. */
static int
default_colours (int w, int h)
{
  gint64 n = (gint64) w * h;
  int c = (int) (sqrt ((double) n) + 0.5);

  if (n < 4)
    return 1;
  c = (int) MIN ((gint64) c, n / 3);
  return CLAMP (c, 1, FLOW_MAX_COLOURS);
}

/* One random level with exactly `colours` pairs from `seed`, or NULL when
 * the walk could not reach that many. */
static FlowState *
make_level (int w, int h, int colours, guint64 seed)
{
  Gen g = { 0 };
  FlowState *s = NULL;
  int *perm;
  gboolean ok;

  g.w = w;
  g.h = h;
  g.n = w * h;
  g.lab = g_new (int, g.n);
  g.pn = g_new (int, 2 * (gsize) g.n);
  g.end = g_new (int, g.n + 2);
  g.len = g_new (int, g.n / 2 + 2);
  g.alive = g_new (int, g.n / 2 + 2);
  g.slot = g_new (int, g.n / 2 + 2);
  hb_rng_init (&g.rng, seed);
  for (int i = 0; i < g.n / 2 + 2; i++)
    g.slot[i] = -1;
  /* Joining dominoes gets down to about one path per 60 to 100 cells;
   * fewer colours than that start from long paths at once. */
  ok = (gint64) colours * 100 >= (gint64) g.n
       && gen_dominoes (&g) && gen_walk (&g, colours) && g.npaths == colours;
  if (!ok)
    {
      /* Too few colours for the joins: start from long paths instead. */
      for (int i = 0; i < g.n / 2 + 2; i++)
        g.slot[i] = -1;
      ok = gen_serpentine (&g, colours);
      if (ok)
        {
          gen_split (&g, colours);
          ok = gen_walk (&g, colours) && g.npaths == colours;
        }
    }
  if (ok)
    {
      int *colour_of = g_new (int, g.n / 2 + 2);

      /* Colours in random order, so colour 0 is not always at the top. */
      perm = g_new (int, colours);
      for (int i = 0; i < colours; i++)
        perm[i] = i;
      for (int i = colours - 1; i > 0; i--)
        {
          int j = (int) hb_rng_below (&g.rng, (guint32) i + 1), t = perm[i];
          perm[i] = perm[j];
          perm[j] = t;
        }
      for (int i = 0; i < colours; i++)
        colour_of[g.alive[i]] = perm[i];
      s = flow_state_new (w, h, colours);
      for (int i = 0; i < colours; i++)
        {
          int id = g.alive[i];
          s->dot[g.end[2 * id]] = (guint8) (colour_of[id] + 1);
          s->dot[g.end[2 * id + 1]] = (guint8) (colour_of[id] + 1);
        }
      memcpy (s->colour, s->dot, (gsize) g.n);
      /* The partition is the level's answer: make sure it is one. */
      {
        FlowState *answer = flow_state_copy (s);
        for (int i = 0; i < g.n; i++)
          answer->colour[i] = (guint8) (colour_of[g.lab[i]] + 1);
        if (!flow_links_from_colours (s, answer->colour, answer->links)
            || !flow_is_solved (answer))
          {
            g_critical ("flow_generate: a partition is not a solution");
            flow_state_free (s);
            s = NULL;
          }
        flow_state_free (answer);
      }
      g_free (perm);
      g_free (colour_of);
    }
  g_free (g.lab);
  g_free (g.pn);
  g_free (g.end);
  g_free (g.len);
  g_free (g.alive);
  g_free (g.slot);
  return s;
}

/* Counts the level's solutions up to 2 with the fast solver: 1 unique,
 * 2 more, 0 none, -1 when the solver gave up. */
static int
count_solutions (const FlowState *s, guint64 node_limit)
{
  HbSolveOptions o = { 0 };
  HbResult *r;
  int answer = -1;

  o.count_limit = 2;
  o.node_limit = node_limit;
  r = flow_solver_fast.solve (&s->base, &o, NULL, NULL, NULL);
  if (r != NULL && (r->status == HB_STATUS_SOLVED || r->status == HB_STATUS_NO_SOLUTION))
    {
      const char *v = hb_result_get_stat (r, "solutions");
      answer = v != NULL ? atoi (v) : -1;
    }
  hb_result_free (r);
  return answer;
}

HbState *
flow_generate (const HbGenerateParams *params, GError **error)
{
  int w = params->width > 0 ? params->width : flow_game.default_width;
  int h = params->height > 0 ? params->height : flow_game.default_height;
  int colours = params->colours;
  gboolean unique = hb_settings_get_switch (params->settings, flow_generate_settings, "unique");
  gint64 n = (gint64) w * h;
  int tries = unique ? UNIQUE_TRIES : 8;

  if (!hb_check_board_size (w, h, 0, 0, error))
    return NULL;
  if (n < 2)
    {
      g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED,
                   _("a Flow Free board needs at least two cells"));
      return NULL;
    }
  if (colours <= 0)
    colours = default_colours (w, h);
  if (colours > FLOW_MAX_COLOURS || (gint64) colours * 2 > n)
    {
      g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED,
                   _("a %d×%d board takes 1 to %d colours, not %d"), w, h,
                   (int) MIN ((gint64) FLOW_MAX_COLOURS, n / 2), colours);
      return NULL;
    }
  for (int t = 0; t < tries; t++)
    {
      /* Each try its own stream, derived from the seed. */
      guint64 seed = params->seed + (guint64) t * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);
      FlowState *s = make_level (w, h, colours, seed);

      if (s == NULL)
        continue;
      if (!unique)
        return &s->base;
      if (count_solutions (s, 2000000) == 1)
        return &s->base;
      flow_state_free (s);
    }
  if (unique)
    g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED,
                 _("no level of %d×%d with %d colours and exactly one solution "
                   "turned up in %d tries; try more colours or a smaller board"),
                 w, h, colours, tries);
  else if (1 + MIN (w, h) / 2 > FLOW_MAX_COLOURS)
    g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED,
                 _("could not cover a %d×%d board with %d paths that never touch "
                   "themselves: boards this large need more colours than the game's %d"),
                 w, h, colours, FLOW_MAX_COLOURS);
  else
    g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED,
                 _("could not cover a %d×%d board with only %d paths that never "
                   "touch themselves; try more colours"),
                 w, h, colours);
  return NULL;
}
