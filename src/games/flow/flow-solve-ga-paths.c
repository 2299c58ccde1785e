/* flow-solve-ga-paths.c: the second write-up's genetic algorithm on paths.
 *
 * An individual holds, for each colour, one path between its two dots, or
 * none when the random walk that makes paths failed. Before anything else,
 * arc consistency (flow-ac.c) fixes the forced cells, as the write-up's
 * final solver does: the cells forced next to a dot extend that dot into a
 * chain, the GA joins the two chain ends ("heads") of each colour, and a
 * colour whose heads touch is done. Cells forced away from the dots
 * ("islands") must lie on their colour's path.
 *
 *  - Legal paths only. A path is a self-avoiding random walk from one head
 *    that never steps next to a cell of its own colour other than the one
 *    it leaves (so it never touches itself side by side, the write-up's
 *    "unnecessary parts"), through empty cells and its colour's islands,
 *    and steps onto the other head as soon as it is next to it.
 *  - Dead ends rejected. With the new path, the fixed cells as walls and
 *    every other path ignored, the empty cells fall into regions. The path
 *    is rejected when it blocks a colour (no region touches both of that
 *    colour's heads) or strands cells (a region that no colour can enter
 *    and leave, that is, that touches both heads of no other colour; or
 *    an island of its own colour left off the path). A path of a true
 *    solution is never rejected: in a solution every other colour's path
 *    runs through one region touching both its heads, and every empty cell
 *    is on such a path.
 *  - Tournament selection (the best of three), the best individual kept.
 *  - Colour crossover with the smart partition: per colour, when only one
 *    parent has a path, both children take that one; otherwise one child
 *    takes each parent's.
 *  - n-colour mutation with the smart colour choice: one colour (or two,
 *    one time in four) among those without a path or whose path collides
 *    with another, or any colour when none does, gets a fresh random path.
 *  - Fitness (lower is better, 0 solves the level): the conflicts over the
 *    cells the GA must cover, a cell on k > 1 paths counting k - 1 and an
 *    uncovered cell 1 (as the write-up's evaluator), plus colours² for each
 *    colour without a path.
 *
 * It is stochastic and not complete: a run that does not reach fitness 0
 * says what it reached. A level arc consistency proves impossible gets
 * "no solution" (that is a proof); any other impossible level makes it
 * give up after its generations. */
#include "flow-ga.h"

#include <glib/gi18n.h>
#include <string.h>

#define TOURNAMENT 3
#define CROSSOVER_RATE 0.7
/* Walks tried before a colour is left without a path. The write-up's code
 * tried 2 to 6; most walks on a board with long paths get stuck or are
 * dead ends, and with 30 the 8×8 reference boards converge without arc
 * consistency in about fifty generations instead of rarely (measured). */
#define PATH_ATTEMPTS 30

typedef struct {
  int ref;
  int len;
  int cells[];   /* the cells between the two heads, in walk order */
} GaPath;

typedef struct {
  GaPath **paths;  /* per colour, NULL: none */
  double fitness;
} GaInd;

typedef struct {
  const FlowState *level;
  int w, h, n, colours;
  guint8 *owner;        /* fixed colour + 1 (dots, forced cells), 0 free */
  guint8 *island;       /* fixed cell not on a dot's chain */
  GArray **chain;       /* per colour, 2 arrays: dot → head, each end */
  int *ha, *hb;         /* per colour: the heads, -1 unused */
  int *active;          /* colours the GA joins */
  guint8 *is_active;    /* per colour */
  int nactive;
  GArray **islands;     /* per colour: its island cells */
  int ntarget;          /* cells the GA must cover */
  int fixed_by_ac;      /* empty cells arc consistency fixed */
  /* Scratch. */
  guint32 *stamp, epoch;
  guint32 *onpath, pathepoch;
  int *comp, *queue, *buf;
  guint16 *count;
  guint8 *served;
  int *nbr;             /* 4 per cell: the neighbours, -1 off the board */
  FlowRng rng;
  guint64 made, rejected;
  guint8 *joined;       /* per colour: some walk ever made a legal path */
} Ga;

/* The neighbour of cell i in direction d, or -1 (a table: the walks ask
 * this most of the time). */
static inline int
nb (const Ga *g, int i, int d)
{
  return g->nbr[4 * i + d];
}

static gboolean
adjacent (const Ga *g, int i, int j)
{
  for (int d = 0; d < 4; d++)
    if (nb (g, i, d) == j)
      return TRUE;
  return FALSE;
}

static void
path_unref (GaPath *p)
{
  if (p != NULL && --p->ref == 0)
    g_free (p);
}

static GaPath *
path_ref (GaPath *p)
{
  if (p != NULL)
    p->ref++;
  return p;
}

static void
next_epoch (guint32 *epoch, guint32 *stamps, int n)
{
  if (++*epoch == 0)
    {
      memset (stamps, 0, sizeof (guint32) * (gsize) n);
      *epoch = 1;
    }
}

/* The dead-end check for a finished walk of colour c (g->buf, len cells). */
static gboolean
dead_end (Ga *g, int c, int len)
{
  int ncomp = 0;

  next_epoch (&g->pathepoch, g->onpath, g->n);
  for (int k = 0; k < len; k++)
    g->onpath[g->buf[k]] = g->pathepoch;
  /* Its own islands all on it. */
  for (guint k = 0; k < g->islands[c]->len; k++)
    if (g->onpath[g_array_index (g->islands[c], int, k)] != g->pathepoch)
      return TRUE;
  /* Regions of the cells still to cover. */
  for (int i = 0; i < g->n; i++)
    g->comp[i] = -1;
  for (int i = 0; i < g->n; i++)
    {
      int head = 0, tail = 0;

      if (g->comp[i] >= 0 || g->onpath[i] == g->pathepoch
          || (g->owner[i] != 0 && !g->island[i]))
        continue;
      g->comp[i] = ncomp;
      g->queue[tail++] = i;
      while (head < tail)
        {
          int v = g->queue[head++];
          for (int d = 0; d < 4; d++)
            {
              int u = nb (g, v, d);
              if (u < 0 || g->comp[u] >= 0 || g->onpath[u] == g->pathepoch
                  || (g->owner[u] != 0 && !g->island[u]))
                continue;
              g->comp[u] = ncomp;
              g->queue[tail++] = u;
            }
        }
      ncomp++;
    }
  memset (g->served, 0, (gsize) ncomp);
  for (int k = 0; k < g->nactive; k++)
    {
      int e = g->active[k], ra[4], na = 0;
      gboolean joined = FALSE;

      if (e == c)
        continue;
      for (int d = 0; d < 4; d++)
        {
          int u = nb (g, g->ha[e], d);
          if (u >= 0 && g->comp[u] >= 0)
            ra[na++] = g->comp[u];
        }
      for (int d = 0; d < 4; d++)
        {
          int u = nb (g, g->hb[e], d);
          if (u < 0 || g->comp[u] < 0)
            continue;
          for (int m = 0; m < na; m++)
            if (ra[m] == g->comp[u])
              {
                g->served[ra[m]] = 1;
                joined = TRUE;
              }
        }
      if (!joined)
        return TRUE;   /* blocks colour e */
    }
  for (int k = 0; k < ncomp; k++)
    if (!g->served[k])
      return TRUE;     /* strands a region */
  return FALSE;
}

/* One random legal walk for colour c; NULL when it got stuck or was a
 * dead end. */
static GaPath *
walk (Ga *g, int c)
{
  int cur = g->ha[c], target = g->hb[c], len = 0;
  GaPath *p;

  next_epoch (&g->epoch, g->stamp, g->n);
  /* Its own fixed cells and their neighbours are off limits (but for the
   * start, whose neighbours are blocked once the walk leaves it, and the
   * target, which is taken as soon as it is next). */
  for (int k = 0; k < 2; k++)
    {
      GArray *ch = g->chain[2 * c + k];
      for (guint m = 0; m < ch->len; m++)
        {
          int i = g_array_index (ch, int, m);
          if (i == g->ha[c] || i == target)
            continue;
          g->stamp[i] = g->epoch;
          for (int d = 0; d < 4; d++)
            {
              int u = nb (g, i, d);
              if (u >= 0)
                g->stamp[u] = g->epoch;
            }
        }
    }
  g->stamp[cur] = g->epoch;
  while (!adjacent (g, cur, target))
    {
      int cand[4], nc = 0, next;

      for (int d = 0; d < 4; d++)
        {
          int u = nb (g, cur, d);
          if (u >= 0 && g->stamp[u] != g->epoch
              && (g->owner[u] == 0 || (g->owner[u] == c + 1 && g->island[u])))
            cand[nc++] = u;
        }
      if (nc == 0 || len >= g->n)
        return NULL;
      next = cand[flow_rng_below (&g->rng, (guint32) nc)];
      for (int d = 0; d < 4; d++)
        {
          int u = nb (g, cur, d);
          if (u >= 0)
            g->stamp[u] = g->epoch;
        }
      g->buf[len++] = next;
      cur = next;
    }
  g->made++;
  if (dead_end (g, c, len))
    {
      g->rejected++;
      return NULL;
    }
  p = g_malloc (sizeof (GaPath) + sizeof (int) * (gsize) len);
  p->ref = 1;
  p->len = len;
  memcpy (p->cells, g->buf, sizeof (int) * (gsize) len);
  return p;
}

static GaPath *
make_path (Ga *g, int c)
{
  for (int t = 0; t < PATH_ATTEMPTS; t++)
    {
      GaPath *p = walk (g, c);
      if (p != NULL)
        {
          g->joined[c] = 1;
          return p;
        }
    }
  return NULL;
}

/* Counts how many paths cover each cell (g->count), for the cells the GA
 * must cover; returns the conflicts. Leaves the counts set: the caller
 * clears them with clear_counts. */
static int
count_cover (Ga *g, const GaInd *ind)
{
  int conflicts = 0;

  for (int k = 0; k < g->nactive; k++)
    {
      const GaPath *p = ind->paths[g->active[k]];
      if (p != NULL)
        for (int m = 0; m < p->len; m++)
          g->count[p->cells[m]]++;
    }
  for (int i = 0; i < g->n; i++)
    if (g->owner[i] == 0 || g->island[i])
      conflicts += g->count[i] == 0 ? 1 : g->count[i] - 1;
  return conflicts;
}

static void
clear_counts (Ga *g, const GaInd *ind)
{
  for (int k = 0; k < g->nactive; k++)
    {
      const GaPath *p = ind->paths[g->active[k]];
      if (p != NULL)
        for (int m = 0; m < p->len; m++)
          g->count[p->cells[m]] = 0;
    }
}

static int
missing (const Ga *g, const GaInd *ind)
{
  int m = 0;

  for (int k = 0; k < g->nactive; k++)
    m += ind->paths[g->active[k]] == NULL;
  return m;
}

static void
evaluate (Ga *g, GaInd *ind)
{
  int conflicts = count_cover (g, ind);

  clear_counts (g, ind);
  ind->fitness = conflicts + (double) missing (g, ind) * g->colours * g->colours;
}

static void
ind_init (Ga *g, GaInd *ind)
{
  ind->paths = g_new0 (GaPath *, g->colours);
  ind->fitness = 0;
}

static void
ind_clear (Ga *g, GaInd *ind)
{
  if (ind->paths == NULL)
    return;
  for (int c = 0; c < g->colours; c++)
    path_unref (ind->paths[c]);
  g_free (ind->paths);
  ind->paths = NULL;
}

static void
ind_copy (Ga *g, GaInd *dst, const GaInd *src)
{
  for (int c = 0; c < g->colours; c++)
    {
      GaPath *p = path_ref (src->paths[c]);
      path_unref (dst->paths[c]);
      dst->paths[c] = p;
    }
  dst->fitness = src->fitness;
}

static void
set_path (GaInd *ind, int c, GaPath *p)
{
  path_unref (ind->paths[c]);
  ind->paths[c] = p;
}

/* The smart n-colour mutation. */
static void
mutate (Ga *g, GaInd *ind)
{
  int times = flow_rng_below (&g->rng, 4) == 0 ? 2 : 1;

  for (int t = 0; t < times; t++)
    {
      int pool[FLOW_MAX_COLOURS], np = 0, c;
      GaPath *p;

      count_cover (g, ind);
      for (int k = 0; k < g->nactive; k++)
        {
          int e = g->active[k];
          const GaPath *q = ind->paths[e];
          gboolean bad = q == NULL;
          for (int m = 0; q != NULL && m < q->len && !bad; m++)
            bad = g->count[q->cells[m]] > 1;
          if (bad)
            pool[np++] = e;
        }
      clear_counts (g, ind);
      if (np > 0)
        c = pool[flow_rng_below (&g->rng, (guint32) np)];
      else
        c = g->active[flow_rng_below (&g->rng, (guint32) g->nactive)];
      p = make_path (g, c);
      if (p != NULL)
        set_path (ind, c, p);
    }
}

/* The smart partition: two children from two parents. */
static void
crossover (Ga *g, const GaInd *a, const GaInd *b, GaInd *x, GaInd *y)
{
  for (int k = 0; k < g->nactive; k++)
    {
      int c = g->active[k];
      GaPath *pa = a->paths[c], *pb = b->paths[c];

      if (pa == NULL && pb != NULL)
        pa = pb;
      else if (pb == NULL && pa != NULL)
        pb = pa;
      else if (flow_rng_below (&g->rng, 2))
        {
          GaPath *t = pa;
          pa = pb;
          pb = t;
        }
      set_path (x, c, path_ref (pa));
      set_path (y, c, path_ref (pb));
    }
}

/* An individual as a whole board: colours (later paths over earlier ones),
 * links along each colour's chain, path and chain, and marks on collisions. */
static void
ind_board (Ga *g, const GaInd *ind, guint8 *colour, guint8 *links, guint8 *marks)
{
  int *seq = g_new (int, g->n + 2);

  memcpy (colour, g->owner, (gsize) g->n);
  memset (links, 0, (gsize) g->n);
  memset (marks, 0, (gsize) g->n);
  count_cover (g, ind);
  for (int c = 0; c < g->colours; c++)
    {
      const GaPath *p = ind->paths[c];
      if (p != NULL)
        for (int m = 0; m < p->len; m++)
          colour[p->cells[m]] = (guint8) (c + 1);
    }
  for (int i = 0; i < g->n; i++)
    if (g->count[i] > 1)
      marks[i] = 1;
  clear_counts (g, ind);
  for (int c = 0; c < g->colours; c++)
    {
      GArray *ca = g->chain[2 * c], *cb = g->chain[2 * c + 1];
      const GaPath *p = ind->paths[c];
      int len = 0;

      if (g->ha[c] < 0)
        continue;
      /* Dot a's chain, the path, dot b's chain backwards; without a path
       * the two chains alone. */
      for (guint m = 0; m < ca->len; m++)
        seq[len++] = g_array_index (ca, int, m);
      if (p != NULL)
        for (int m = 0; m < p->len; m++)
          seq[len++] = p->cells[m];
      else if (g->is_active[c])
        seq[len++] = -1;
      for (guint m = cb->len; m-- > 0;)
        seq[len++] = g_array_index (cb, int, m);
      for (int m = 0; m + 1 < len; m++)
        {
          int s = seq[m], t = seq[m + 1];
          if (s < 0 || t < 0 || colour[s] != c + 1 || colour[t] != c + 1)
            continue;
          for (int d = 0; d < 4; d++)
            if (nb (g, s, d) == t)
              {
                links[s] |= (guint8) (1u << d);
                links[t] |= (guint8) (1u << HB_DIR_OPPOSITE (d));
              }
        }
    }
  g_free (seq);
}

/* Builds the chains, heads and islands from the fixed cells. A fixed cell
 * of colour c next to a chain cell of colour c is linked to it in every
 * solution (a path never touches itself side by side), so each dot's chain
 * runs along its fixed neighbours; when it reaches the other dot, or the
 * two heads touch, the colour is done. */
static void
setup (Ga *g, const guint8 *forced)
{
  int nc = MAX (g->colours, 1);

  g->active = g_new (int, nc);
  g->is_active = g_new0 (guint8, nc);
  g->chain = g_new0 (GArray *, 2 * (gsize) nc);
  g->islands = g_new0 (GArray *, nc);
  g->ha = g_new (int, nc);
  g->hb = g_new (int, nc);
  memcpy (g->owner, forced, (gsize) g->n);
  for (int i = 0; i < g->n; i++)
    g->island[i] = forced[i] != 0 && g->level->dot[i] == 0;
  for (int c = 0; c < g->colours; c++)
    {
      int a, b, ends[2], heads[2];
      gboolean complete = FALSE;

      g->chain[2 * c] = g_array_new (FALSE, FALSE, sizeof (int));
      g->chain[2 * c + 1] = g_array_new (FALSE, FALSE, sizeof (int));
      g->islands[c] = g_array_new (FALSE, FALSE, sizeof (int));
      g->ha[c] = g->hb[c] = -1;
      if (!flow_endpoints (g->level, c, &a, &b))
        continue;
      ends[0] = heads[0] = a;
      ends[1] = heads[1] = b;
      for (int k = 0; k < 2; k++)
        {
          int cur = ends[k];

          if (complete)
            {
              g_array_append_val (g->chain[2 * c + k], cur);
              break;
            }
          while (TRUE)
            {
              int next = -1;

              g_array_append_val (g->chain[2 * c + k], cur);
              g->island[cur] = 0;
              if (adjacent (g, cur, ends[1 - k]))
                {
                  complete = TRUE;
                  break;
                }
              for (int d = 0; d < 4 && next < 0; d++)
                {
                  int u = nb (g, cur, d);
                  if (u >= 0 && g->owner[u] == c + 1 && g->island[u])
                    next = u;
                }
              if (next < 0)
                break;
              cur = next;
            }
          heads[k] = cur;
        }
      g->ha[c] = heads[0];
      g->hb[c] = heads[1];
      if (!complete && adjacent (g, heads[0], heads[1]))
        complete = TRUE;
      if (!complete)
        {
          g->active[g->nactive++] = c;
          g->is_active[c] = 1;
        }
    }
  for (int i = 0; i < g->n; i++)
    if (g->island[i])
      g_array_append_val (g->islands[g->owner[i] - 1], i);
  for (int i = 0; i < g->n; i++)
    g->ntarget += g->owner[i] == 0 || g->island[i];
}

static void
ga_free (Ga *g)
{
  for (int c = 0; c < g->colours; c++)
    {
      if (g->chain != NULL)
        {
          if (g->chain[2 * c])
            g_array_unref (g->chain[2 * c]);
          if (g->chain[2 * c + 1])
            g_array_unref (g->chain[2 * c + 1]);
        }
      if (g->islands != NULL && g->islands[c])
        g_array_unref (g->islands[c]);
    }
  g_free (g->chain);
  g_free (g->islands);
  g_free (g->active);
  g_free (g->is_active);
  g_free (g->ha);
  g_free (g->hb);
  g_free (g->owner);
  g_free (g->island);
  g_free (g->stamp);
  g_free (g->onpath);
  g_free (g->comp);
  g_free (g->queue);
  g_free (g->buf);
  g_free (g->count);
  g_free (g->served);
  g_free (g->nbr);
  g_free (g->joined);
}

static const HbSetting ga_paths_settings[] = {
  { "population", N_("Population"),
    N_("Individuals per generation, 2 or more; automatic is 500 below 10×10 cells and "
       "1000 from 10×10, as the original article chose, fewer where that many would not "
       "fit the memory limit."),
    HB_SETTING_INT, 0, 100000, 0, NULL, N_("Auto"), NULL, 2 },
  { "generations", N_("Generations"),
    N_("How many generations before it gives up; automatic is 200 below 10×10 cells "
       "and 500 from 10×10."),
    HB_SETTING_INT, 0, 1000000, 0, NULL, N_("Auto"), NULL },
  { "mutation", N_("Mutation rate"),
    N_("The chance that a child gets a new random path for one or two colours."),
    HB_SETTING_NUMBER, 0, 1, 0.5, NULL, NULL, NULL },
  { "ac", N_("Arc consistency first"),
    N_("Fix the forced cells before the genetic algorithm starts, as the original article's "
       "final solver does."),
    HB_SETTING_SWITCH, 0, 1, 1, NULL, NULL, NULL },
  { "probe", N_("Probe after arc consistency"),
    N_("Also suppose each open colour of each cell and drop the ones that lead to a "
       "contradiction (singleton arc consistency): much stronger, often leaves nothing "
       "for the genetic algorithm; not in the original article."),
    HB_SETTING_SWITCH, 0, 1, 0, NULL, NULL, NULL },
  HB_SETTING_SEED_ENTRY,
  { NULL }
};

static void
limit_message (HbResult *r, gboolean nodes, int gen, double best)
{
  if (nodes)
    hb_result_set_message (r, _("Gave up at generation %d (the node limit): the best "
                                "individual has fitness %g."), gen, best);
  else
    hb_result_set_message (r, _("Gave up at generation %d (the time limit): the best "
                                "individual has fitness %g."), gen, best);
}

static HbResult *
finish_solved (Ga *g, const GaInd *best, HbTrace *trace, int generation)
{
  g_autofree guint8 *colour = g_malloc ((gsize) g->n);
  g_autofree guint8 *links = g_malloc0 ((gsize) g->n);
  HbResult *r;

  memcpy (colour, g->owner, (gsize) g->n);
  for (int c = 0; c < g->colours; c++)
    if (best->paths[c] != NULL)
      for (int m = 0; m < best->paths[c]->len; m++)
        colour[best->paths[c]->cells[m]] = (guint8) (c + 1);
  if (!flow_links_from_colours (g->level, colour, links))
    return NULL;
  r = hb_result_new (HB_STATUS_SOLVED);
  flow_result_set_solution (r, g->level, colour, links);
  if (!flow_is_solved (FLOW_CONST (r->solved)))
    {
      hb_result_free (r);
      return NULL;
    }
  flow_trace_board (trace, HB_STEP_SOLUTION, g->level, colour, links, NULL, generation, NULL);
  return r;
}

static HbResult *
ga_paths_solve (const HbState *state, const HbSolveOptions *options, HbTrace *trace,
                HbCancel *cancellable, GError **error)
{
  const FlowState *level = FLOW_CONST (state);
  const HbSettings *settings = options ? options->settings : NULL;
  Ga g = { 0 };
  FlowGaParams prm;
  FlowGaReport rep;
  GaInd *pop = NULL, *next = NULL;
  double *fit = NULL;
  g_autofree guint8 *forced = NULL;
  g_autofree guint8 *bc = NULL, *bl = NULL, *bm = NULL;
  HbResult *r = NULL;
  double deadline = options ? hb_deadline (options) : 0;
  int gen = 0, P;
  double best_fit = -1;
  gboolean use_ac, probe;

  if (!flow_ga_params (&prm, level, options, ga_paths_settings, error))
    return NULL;
  use_ac = hb_settings_get_switch (settings, ga_paths_settings, "ac");
  probe = hb_settings_get_switch (settings, ga_paths_settings, "probe");
  P = prm.population;
  g.level = level;
  g.w = state->width;
  g.h = state->height;
  g.n = g.w * g.h;
  g.colours = MIN (level->colours, FLOW_MAX_COLOURS);
  flow_ga_report_begin (&rep, trace, N_("fitness (lower is better)"), FLOW_MARKS_SHARED);
  hb_trace_set_goal (trace, 0, N_("solved"));

  /* Two populations whose paths cover about the board each, at worst;
   * asked before arc consistency, which on a 4096x4096 board took a
   * gigabyte and the time limit before the population was refused
   * (helper-155). */
  if ((r = flow_ga_check_level (&prm, level, options, 2.0 * (g.n * 4.0 + g.colours * 16.0)))
      != NULL)
    return r;
  forced = g_malloc0 ((gsize) g.n);
  if (use_ac || probe)
    {
      if (!(probe ? flow_ac_probe (level, forced, FLOW_AC_PROBE_BUDGET, cancellable)
                  : flow_ac_forced (level, forced, cancellable)))
        {
          /* A colour without its pair fails arc consistency too: say
           * which colour first. */
          r = flow_result_check_dots (level);
          if (r == NULL)
            {
              r = hb_result_new (HB_STATUS_NO_SOLUTION);
              hb_result_set_message (r, "%s", _("Arc consistency proves that no colouring "
                                                "satisfies the rules."));
            }
          flow_ga_add_stats (r, &prm, 0);
          return r;
        }
      if (hb_cancel_is_set (cancellable))
        {
          r = hb_result_stop (hb_result_new (HB_STATUS_CANCELLED), HB_STOP_CANCELLED, 0,
                              NULL, NULL);
          flow_ga_add_stats (r, &prm, 0);
          return r;
        }
    }
  else
    memcpy (forced, level->dot, (gsize) g.n);

  P = prm.population;
  g.owner = g_malloc ((gsize) g.n);
  g.island = g_malloc0 ((gsize) g.n);
  g.stamp = g_new0 (guint32, g.n);
  g.onpath = g_new0 (guint32, g.n);
  g.comp = g_new (int, g.n);
  g.queue = g_new (int, g.n);
  g.buf = g_new (int, g.n + 1);
  g.count = g_new0 (guint16, g.n);
  g.served = g_malloc0 ((gsize) g.n + 1);
  g.joined = g_malloc0 ((gsize) MAX (g.colours, 1));
  g.nbr = g_new (int, 4 * (gsize) g.n);
  for (int i = 0; i < g.n; i++)
    for (int d = 0; d < 4; d++)
      {
        int x = i % g.w + hb_dir_dx[d], y = i / g.w + hb_dir_dy[d];
        g.nbr[4 * i + d] = x < 0 || y < 0 || x >= g.w || y >= g.h ? -1 : y * g.w + x;
      }
  flow_rng_seed (&g.rng, prm.seed);
  setup (&g, forced);
  for (int i = 0; i < g.n; i++)
    g.fixed_by_ac += forced[i] != 0 && level->dot[i] == 0;

  bc = g_malloc ((gsize) g.n);
  bl = g_malloc ((gsize) g.n);
  bm = g_malloc ((gsize) g.n);
  pop = g_new0 (GaInd, P);
  next = g_new0 (GaInd, P);
  fit = g_new (double, P);
  for (int k = 0; k < P; k++)
    {
      ind_init (&g, &pop[k]);
      ind_init (&g, &next[k]);
    }

  /* Generation 0: random individuals. */
  for (int k = 0; k < P; k++)
    {
      if (hb_cancel_is_set (cancellable))
        goto cancelled;
      if (options != NULL && options->time_limit > 0 && hb_limits_hit (options, deadline, 0))
        {
          r = hb_result_stop (hb_result_new (HB_STATUS_GAVE_UP), HB_STOP_TIME_LIMIT, 0,
                              "%s generation", "%s generations");
          goto done;
        }
      for (int m = 0; m < g.nactive; m++)
        set_path (&pop[k], g.active[m], make_path (&g, g.active[m]));
      evaluate (&g, &pop[k]);
    }

  for (gen = 0;; gen++)
    {
      int ib = 0, iw = 0;
      double sum = 0;
      GaInd *t;

      for (int k = 0; k < P; k++)
        {
          fit[k] = pop[k].fitness;
          sum += fit[k];
          if (fit[k] < fit[ib])
            ib = k;
          if (fit[k] > fit[iw])
            iw = k;
        }
      best_fit = fit[ib];
      ind_board (&g, &pop[ib], bc, bl, bm);
      flow_ga_report (&rep, trace, level, gen, fit[ib], sum / P, fit[iw], bc, bl, bm);
      if (fit[ib] == 0)
        {
          r = finish_solved (&g, &pop[ib], trace, gen);
          if (r != NULL)
            {
              if (gen == 0 && g.nactive == 0)
                hb_result_set_message (r, "%s", _("Arc consistency alone fixed every cell."));
              else
                hb_result_set_message (r, g_dngettext (NULL,
                                                       "Converged after %d generation.",
                                                       "Converged after %d generations.",
                                                       gen),
                                       gen);
              break;
            }
          /* Fitness 0 is a solution by construction; if a bug ever made
           * it not one, say so rather than loop or lie. */
          r = hb_result_new (HB_STATUS_GAVE_UP);
          hb_result_set_message (r, "%s", _("The best individual has fitness 0 but is not a "
                                            "solution (a bug): giving up."));
          break;
        }
      if (gen >= prm.generations)
        {
          int overlaps, shared, uncovered, never;
          /* The fitness's conflicts said apart, as the board shows them:
           * a cell k paths share, ringed, counts k - 1; an empty cell 1.
           * One "cells in conflict: 10" beside 6 rings and 4 empty cells
           * read as if it counted something the board did not show. */
          count_cover (&g, &pop[ib]);
          overlaps = shared = uncovered = 0;
          for (int i = 0; i < g.n; i++)
            if (g.owner[i] == 0 || g.island[i])
              {
                if (g.count[i] == 0)
                  uncovered++;
                else
                  overlaps += g.count[i] - 1;
                shared += g.count[i] > 1;
              }
          clear_counts (&g, &pop[ib]);
          r = hb_result_new (HB_STATUS_GAVE_UP);
          never = 0;
          for (int m = 0; m < g.nactive; m++)
            never += !g.joined[g.active[m]];
          if (never > 0)
            /* No walk ever joined these colours without blocking another
             * or stranding cells: no population size will help. That says
             * more of random walks than of the level (extreme_10x10_01 is
             * solvable and shows it): an exact solver decides. */
            hb_result_set_message (r, _("Did not converge by generation %d: the best "
                                        "individual has fitness %g. Colours that no random walk "
                                        "could ever join without blocking another colour or "
                                        "stranding cells: %d. Their paths are too constrained "
                                        "for random walks; an exact solver tells whether the "
                                        "level has a solution."),
                                   prm.generations, fit[ib], never);
          else
            /* TRANSLATORS: the fitness's parts: a cell on two paths (ringed
             * in red) counts once, on three twice, so the overlaps come
             * with the cells ringed ("96 on 86 cells": the player counts
             * the 86, and "overlapping: 96" beside it read as a mistake:
             * review); a cell no path covers once; a colour without a
             * path (colours × colours) */
            hb_result_set_message (r, _("Did not converge by generation %d: the best "
                                        "individual has fitness %g (paths overlapping: %d, on "
                                        "%d cells ringed in red; cells no path covers: %d; "
                                        "colours without a path: %d). A larger population "
                                        "may help."),
                                   prm.generations, fit[ib], overlaps, shared, uncovered,
                                   missing (&g, &pop[ib]));
          break;
        }
      if (hb_cancel_is_set (cancellable))
        goto cancelled;
      if (options != NULL && hb_limits_hit (options, deadline, (guint64) gen))
        {
          r = hb_result_new (HB_STATUS_GAVE_UP);
          limit_message (r, options->node_limit && (guint64) gen >= options->node_limit,
                         gen, best_fit);
          break;
        }

      /* The next generation: the best kept, then children. */
      ind_copy (&g, &next[0], &pop[ib]);
      for (int k = 1; k < P;)
        {
          const GaInd *a = &pop[flow_ga_tournament (&g.rng, fit, P, TOURNAMENT)];
          const GaInd *b = &pop[flow_ga_tournament (&g.rng, fit, P, TOURNAMENT)];
          GaInd spare;
          GaInd *x = &next[k], *y = k + 1 < P ? &next[k + 1] : &spare;

          if (hb_cancelled_every (cancellable, (guint64) k, 7))
            goto cancelled;
          if (y == &spare)
            ind_init (&g, &spare);
          if (flow_rng_double (&g.rng) < CROSSOVER_RATE)
            crossover (&g, a, b, x, y);
          else
            {
              ind_copy (&g, x, a);
              ind_copy (&g, y, b);
            }
          if (flow_rng_double (&g.rng) < prm.mutation)
            mutate (&g, x);
          if (flow_rng_double (&g.rng) < prm.mutation)
            mutate (&g, y);
          evaluate (&g, x);
          evaluate (&g, y);
          if (y == &spare)
            ind_clear (&g, &spare);
          k += 2;
        }
      t = pop;
      pop = next;
      next = t;
    }
  goto done;

cancelled:
  hb_result_free (r);
  if (deadline > 0 && hb_now () >= deadline && best_fit >= 0)
    {
      /* The time limit (hb_solve cancels at the deadline): say what the
       * run reached rather than just "cancelled". */
      r = hb_result_new (HB_STATUS_GAVE_UP);
      limit_message (r, FALSE, gen, best_fit);
    }
  else
    r = hb_result_stop (hb_result_new (HB_STATUS_CANCELLED), HB_STOP_CANCELLED, (guint64) gen,
                        "%s generation", "%s generations");

done:
  flow_ga_add_stats (r, &prm, gen);
  if (best_fit >= 0)
    hb_result_add_stat (r, N_("best fitness"), "%g", best_fit);
  hb_result_add_stat (r, N_("cells fixed by arc consistency"), "%d", g.fixed_by_ac);
  hb_result_add_stat (r, N_("paths made"), "%" G_GUINT64_FORMAT, g.made);
  hb_result_add_stat (r, N_("paths rejected as dead ends"), "%" G_GUINT64_FORMAT, g.rejected);
  for (int k = 0; k < P; k++)
    {
      ind_clear (&g, &pop[k]);
      ind_clear (&g, &next[k]);
    }
  g_free (pop);
  g_free (next);
  g_free (fit);
  ga_free (&g);
  return r;
}

const HbSolver flow_solver_ga_paths = {
  .id = "ga-paths",
  .name = N_("Genetic algorithm on paths"),
  .summary = N_("The original article's genetic algorithm: one random legal path per colour, "
                "tournament selection, smart colour crossover and mutation, arc "
                "consistency first; may not converge"),
  .flags = HB_SOLVER_STOCHASTIC | HB_SOLVER_ANIMATED,
  .settings = ga_paths_settings,
  .solve = ga_paths_solve,
};
