/* flood-solve-optimal.c: proven-shortest solutions by A* over region sets.
 *
 * A state is the set of flooded regions (a bitset over the region graph of
 * flood-graph.c); its colour does not matter, since a region of the
 * current colour is never on the frontier. A move of colour c adds the
 * frontier regions of colour c. The search is A* with
 *
 * - the relaxed lower bound of flood-graph.c (charge one move per exposed
 *   colour, else make a colour-blind move, until everything is flooded),
 *   which is admissible. On random 14×14 boards with six colours it
 *   expands about 30% fewer states than the distance bound of the same
 *   file (max over d of d plus the colours of the regions farther than d),
 *   and taking the larger of the two expanded no fewer, so the search uses
 *   the relaxed one alone. It is not known to be consistent, so a state
 *   reached again more cheaply is reopened, and a child's f is never taken
 *   below its parent's (pathmax); the end test below stays sound because
 *   some state on a shortest path is always open with its true g;
 * - only frontier colours as moves (any other colour floods nothing and
 *   cannot shorten a solution);
 * - forced colours (every remaining region of the colour is on the
 *   frontier) played at once without branching: flood_graph_forced proves
 *   that some shortest solution plays them first. A child's chain of forced
 *   moves is folded into its edge, which then costs more than one;
 * - an upper bound: the best answer of the quick greedy players
 *   (flood-solve-seed.c, the first answer, milliseconds), beam searches of
 *   growing width (flood-solve-beam.c) and Tatham's greedy, for a budget
 *   of work (about 0.2 s; counted, so that the answer does not depend on
 *   the machine's load), and any shorter goal met since (on boards of up
 *   to FLOOD_SMALL_REGIONS regions A* starts from the quick players'
 *   answer, and the beams wait until it has expanded
 *   FLOOD_SMALL_EXPANSIONS states without ending).
 *   A child whose f reaches it cannot improve on it and is not stored.
 *   The search ends when the smallest f in the open list reaches the best
 *   length known, which proves that answer optimal — at once when the
 *   first answer meets the root's bound.
 *   Boards with too many regions for A*, or an answer too far above the
 *   root's bound for A* to close the gap, get beams alone (a larger
 *   budget, about a second) and the answer says it is not proven;
 * - duplicate detection: every state stored is in a hash table keyed by its
 *   bitset, with the best g found for it and its bound, so a state met
 *   again costs a lookup, not another bound computation.
 *
 * Why A* rather than IDA*: the state graph is full of transpositions (the
 * same set reached by moves in different orders), which IDA* re-expands on
 * every path and every iteration; A* with a hash table expands each set
 * once, and a set costs only a few words (a 14×14 board with six colours
 * has about 140 regions, three words). The open list is a bucket queue on
 * (f, g), popping the smallest f and, among those, the deepest g: deep
 * states are near a goal and tighten the upper bound early.
 *
 * Memory is bounded (options->memory_limit, default 256 MiB): when the tables
 * reach the bound the search stops and returns the best answer found, not
 * proven, with the lower bound reached. */
#include "flood.h"
#include "hb-stat-label.h"

#include <glib/gi18n.h>
#include <string.h>

#define FLOOD_DEFAULT_MEMORY  ((gsize) 256 << 20)
/* Work (regions searched, see upper_improve) of beam search for the first
 * answer before A* starts, within three quarters of a time limit: about
 * 0.1 to 0.2 s here (45 to 100 million a second on 18×18 to 40×40
 * boards), as the 0.2 s it replaces. */
#define FLOOD_FIRST_WORK      ((guint64) 10000000)
/* Boards with more regions than this are left to beams alone, for the
 * larger work budget FLOOD_HUGE_WORK (A* would only fill its memory), and
 * so are boards of more than FLOOD_GAP_MIN_REGIONS whose best first answer is more than
 * FLOOD_ASTAR_MAX_GAP moves above the root's bound: on 30×30 boards (600
 * regions, gaps of 7 to 9) A* improved 43 moves to 42 in a second, where
 * beams of that time give 39 or 40. 18×18 boards (240 regions, gaps of 2
 * to 6) always go on to A*, which proves them. */
#define FLOOD_ASTAR_MAX_REGIONS 1500
#define FLOOD_GAP_MIN_REGIONS 400
#define FLOOD_ASTAR_MAX_GAP   6
/* Beams alone, within nine tenths of a time limit: about a second on
 * 100×100 to 500×500 boards (20 to 35 million a second), after the quick
 * players; it replaced 0.8 s that counted the quick players too, which
 * on a 500×500 board left the first beam a fraction of its way. */
#define FLOOD_HUGE_WORK       ((guint64) 24000000)
/* Beams ranked by the relaxed bound too up to this many regions (on
 * larger boards the distance ranking is better and the relaxed one only
 * halves the beams' time). */
#define FLOOD_RELAXED_BEAM_MAX_REGIONS 700
#define FLOOD_MAX_BEAM        4096
/* On boards A* will search, wider beams than this seldom find shorter
 * answers (18×18: 25.6 moves on average from width 256 to 1024) and only
 * delay A*, which proves a 14×14 board in milliseconds. */
#define FLOOD_ASTAR_MAX_BEAM  256
/* With no time limit only A*'s answer counts: the beams just give it an
 * upper bound (thirty 14×14 boards, all proven, on a loaded machine: 11 ms
 * of CPU a board with beams up to 8, 15 up to 64, 27 up to 256, 58 before
 * the beams stopped at an answer as long as the root's bound; 18×18 the
 * same with 8 or 64). */
#define FLOOD_PROOF_MAX_BEAM  16
/* Lengths are stored in a byte: boards needing more moves than this are
 * left to the greedy answer. */
#define FLOOD_MAX_LENGTH      250
/* Small boards (up to FLOOD_SMALL_REGIONS regions: 12×12 with six colours
 * has 93 to 108) go to A* straight after the quick players, and get the
 * beams and Tatham's greedy only if A* has not ended after
 * FLOOD_SMALL_EXPANSIONS states. The beams stop early only on an answer as
 * long as the root's bound, so when that bound is below the optimum every
 * width up to 256 ran, for a proof A* then made in a few dozen states: a
 * 6×6 board with four colours spent 1.5M of the whole process's 1.62M
 * instructions in the beams (A*: 7 states), 11×11 with six colours 5.9M
 * (A*: 50). A* from the quick players' answer proves most boards of up to
 * 12×12 within a few hundred states, and on a board where it does not,
 * the 1024 states cost a few milliseconds against the tens the proof
 * takes. Proven answers are the optimum either way. If A* pauses, the
 * beams run as before, pruned by the best answer so far and stopped by
 * the bound A* has proven, and A* goes on where it paused (the states it
 * stored under the larger upper bound stay valid). Under a time limit
 * shorter than FLOOD_SMALL_MIN_LIMIT the beams go first as before: the
 * 1024 states (a millisecond or two on 13×13 with eight colours) would
 * take much of their time, and at 2 ms 11 of 230 boards of up to 13×13
 * came out longer. */
#define FLOOD_SMALL_REGIONS   128
#define FLOOD_SMALL_EXPANSIONS 1024
#define FLOOD_SMALL_MIN_LIMIT 0.05
G_STATIC_ASSERT (FLOOD_SMALL_REGIONS < FLOOD_GAP_MIN_REGIONS);
#define NO_PARENT             G_MAXUINT32

typedef struct {
  const FloodGraph *g;
  int       words;
  /* nodes */
  guint64  *sets;
  guint32  *parent;
  guint8   *colour;     /* first move of the edge from the parent */
  guint8   *gval;
  guint8   *hval;
  guint8   *closed;
  guint32   n, cap, first_cap;
  /* hash table of node index + 1 */
  guint32  *table;
  guint32   tmask;
  /* open list: buckets[f * (L + 1) + g] */
  GArray  **buckets;
  int       L;          /* lengths 0..L */
  gsize     open_entries;
  /* root */
  GByteArray *prefix;   /* forced moves before the root */
  FloodScratch sc;
} Search;

static gsize
search_bytes (const Search *se)
{
  return (gsize) se->cap * (se->words * 8 + 4 + 1 + 1 + 1 + 1)
         + ((gsize) se->tmask + 1) * 4 + se->open_entries * 4;
}

static void
grow_nodes (Search *se)
{
  se->cap = se->cap ? se->cap * 2 : se->first_cap;
  se->sets = g_renew (guint64, se->sets, (gsize) se->cap * se->words);
  se->parent = g_renew (guint32, se->parent, se->cap);
  se->colour = g_renew (guint8, se->colour, se->cap);
  se->gval = g_renew (guint8, se->gval, se->cap);
  se->hval = g_renew (guint8, se->hval, se->cap);
  se->closed = g_renew (guint8, se->closed, se->cap);
}

static void
rehash (Search *se)
{
  guint32 size = (se->tmask + 1) * 2;

  g_free (se->table);
  se->table = g_new0 (guint32, size);
  se->tmask = size - 1;
  for (guint32 i = 0; i < se->n; i++)
    {
      guint32 k = flood_set_hash32 (se->sets + (gsize) i * se->words, se->words) & se->tmask;
      while (se->table[k])
        k = (k + 1) & se->tmask;
      se->table[k] = i + 1;
    }
}

/* Finds set; returns its node, or NO_PARENT with *slot the free slot. */
static guint32
lookup (Search *se, const guint64 *set, guint32 *slot)
{
  guint32 k = flood_set_hash32 (set, se->words) & se->tmask;

  while (se->table[k])
    {
      guint32 i = se->table[k] - 1;
      if (memcmp (se->sets + (gsize) i * se->words, set,
                  sizeof (guint64) * se->words) == 0)
        return i;
      k = (k + 1) & se->tmask;
    }
  *slot = k;
  return NO_PARENT;
}

static void
push_open (Search *se, guint32 node, int f, int g)
{
  GArray **b = &se->buckets[f * (se->L + 1) + g];

  if (*b == NULL)
    *b = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_array_append_val (*b, node);
  se->open_entries++;
}

/* Plays forced colours on set until none is left; appends them to moves
 * (may be NULL) and returns how many. */
static int
play_forced (const FloodGraph *g, guint64 *set, guint64 *frontier,
             GByteArray *moves)
{
  int count = 0;

  for (;;)
    {
      int c;
      if (flood_set_full (g, set))
        return count;
      flood_graph_frontier (g, set, frontier);
      c = flood_graph_forced (g, set, frontier);
      if (c < 0)
        return count;
      flood_graph_move (g, set, frontier, c);
      if (moves)
        {
          guint8 b = c;
          g_byte_array_append (moves, &b, 1);
        }
      count++;
    }
}

/* The moves from the board to node, replayed from the parents' sets. */
static void
node_moves (Search *se, guint32 node, GByteArray *out)
{
  const FloodGraph *g = se->g;
  GArray *path = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint64 *set = g_new (guint64, se->words);
  guint64 *frontier = g_new (guint64, se->words);

  for (guint32 i = node; se->parent[i] != NO_PARENT; i = se->parent[i])
    g_array_append_val (path, i);
  g_byte_array_append (out, se->prefix->data, se->prefix->len);
  for (int k = path->len - 1; k >= 0; k--)
    {
      guint32 i = g_array_index (path, guint32, k);
      guint8 c = se->colour[i];
      memcpy (set, se->sets + (gsize) se->parent[i] * se->words,
              sizeof (guint64) * se->words);
      flood_graph_frontier (g, set, frontier);
      flood_graph_move (g, set, frontier, c);
      g_byte_array_append (out, &c, 1);
      play_forced (g, set, frontier, out);
    }
  g_array_unref (path);
  g_free (set);
  g_free (frontier);
}

/* ---- The upper bound ---------------------------------------------------- */

typedef struct {
  const FloodGraph *g;
  const guint8 *cells;
  HbCancel *cancellable;
  gsize     memory_limit;
  GByteArray *best;       /* the shortest answer so far (empty: none yet) */
  GByteArray *line;       /* scratch */
  HbTrace  *trace;
  int       width;        /* the next beam width */
  int       max_width;
  int       bound;        /* the root's lower bound: an answer this long is optimal */
  gboolean  time_limited;
  gboolean  greedy_done;
  double    beam1;        /* seconds the first beam by distance took */
  gboolean  answered;     /* best holds an answer (it may be empty: solved) */
  guint64   work;         /* the beams' budget left, in regions searched */
  guint64   beam1_work;   /* what the first beam by distance took of it */
} Upper;

static gboolean
upper_cancelled (const Upper *up)
{
  return hb_cancel_is_set (up->cancellable);
}

/* Keeps up->line if it is the first answer or shorter than the best. */
static void
upper_keep (Upper *up)
{
  if (up->answered && up->line->len >= up->best->len)
    return;
  up->answered = TRUE;
  g_byte_array_set_size (up->best, 0);
  g_byte_array_append (up->best, up->line->data, up->line->len);
  if (up->trace)
    {
      g_autofree char *text = g_strdup_printf (g_dngettext (NULL,
                                                            /* TRANSLATORS: live progress of
                                                             * the first phase */
                                                            "best answer so far: %u move",
                                                            "best answer so far: %u moves",
                                                            up->best->len),
                                               up->best->len);
      hb_trace_set_progress (up->trace, 0, text);
    }
}

/* The quick greedy players of flood-solve-seed.c, milliseconds on a
 * 100×100 board (all four: 15 ms of CPU with ten colours): the answer is
 * never worse than any of theirs. The first always finishes, so that
 * there is an answer even when the search is stopped at once, except on
 * a board of more than SEED_STOPPABLE_REGIONS regions (`vast`): there
 * each player takes seconds, and the four ran 28 s past a 3 s limit on
 * a 2000×2000 board (2.7 million regions). A cancel (or the time limit,
 * which sets it) stops the others; stopped before the first has
 * finished, there is no answer (up->answered stays FALSE). */
#define SEED_STOPPABLE_REGIONS FLOOD_GRAPH_STOPPABLE_REGIONS

static void
upper_seeds (Upper *up, gboolean vast)
{
  for (int rule = 0; rule < FLOOD_SEED_RULES; rule++)
    {
      gboolean always = rule == 0 && !vast;

      if (!always && upper_cancelled (up))
        break;
      g_byte_array_set_size (up->line, 0);
      if (flood_seed_moves (up->g, rule, up->answered ? (int) up->best->len : 0, 0,
                            always ? NULL : up->cancellable, up->line) >= 0)
        upper_keep (up);
    }
}

/* Tatham's three-move greedy, if the first beam's work says that it fits
 * in the work budget left (and its time before `end`), and always when
 * there is no time limit: it costs about 0.7 (C − 1)² times that beam (a
 * decision scores (C − 1)² lines of two moves, from one search each,
 * about 70 % of them distinct, where the beam searches once a move). It
 * is what sets a generated board's move limit, so with it the answer
 * never misses that limit. */
static double
greedy_factor (const Upper *up)
{
  return 0.7 * (up->g->colours - 1) * (up->g->colours - 1);
}

static double
greedy_cost (const Upper *up)
{
  return up->beam1 * greedy_factor (up);
}

static double
greedy_work (const Upper *up)
{
  return up->beam1_work * greedy_factor (up);
}

static void
upper_greedy (Upper *up, double end)
{
  const FloodGraph *g = up->g;

  if (up->greedy_done || upper_cancelled (up) || (int) up->best->len <= up->bound
      || (up->time_limited && (greedy_work (up) > up->work
                               || (end > 0 && hb_now () + greedy_cost (up) > end))))
    return;
  up->greedy_done = TRUE;
  up->work -= MIN (up->work, (guint64) greedy_work (up));
  g_byte_array_set_size (up->line, 0);
  if (flood_greedy_moves (up->cells, g->width, g->height, g->colours, 3,
                          up->time_limited ? end : 0, up->cancellable, up->line))
    upper_keep (up);
}

/* Beams of width up->width, twice that, … (flood-solve-beam.c), each
 * pruned by the best answer so far, until the work budget (up->work) is
 * spent or `end` (the time limit's share; 0 = none) comes: a beam that
 * would overrun either is not started (each takes about twice the one
 * before), nor one whose sets would take more than a quarter of the
 * memory bound. Both rankings on boards of up to
 * FLOOD_RELAXED_BEAM_MAX_REGIONS regions, the distance alone on larger
 * ones (better there, and half the time). Tatham's greedy goes in after
 * the first beams when it takes little of the budget left, else when the
 * next beam would leave too little for it.
 *
 * The budget is counted in regions searched, not seconds, so that every
 * decision here (where a beam stops, the next width, whether the greedy
 * runs) is the same on a quiet machine and a loaded one: the hint's
 * search and a solve of the same board with at least the hint's time
 * find the same answer, and the solve's is never the longer (a 500×500
 * board's hint said 883 moves while a solve said 942, the first beam cut
 * by the clock at different places). Only the time limit still stops
 * them on the clock, and caps the next width by the clock too: where that
 * cap binds (a short limit, a busy machine) the answer can still depend
 * on the load. */
static void
upper_improve (Upper *up, double end)
{
  const FloodGraph *g = up->g;
  gboolean relaxed = g->n <= FLOOD_RELAXED_BEAM_MAX_REGIONS;

  while (up->width <= up->max_width && !upper_cancelled (up)
         && up->work >= (guint64) g->n
         && (int) up->best->len > up->bound)   /* else optimal already */
    {
      double ts = hb_now (), per, per_s;
      guint64 w0 = up->work;
      int w = up->width, fit;

      if ((gsize) w * g->colours * g->words * 8 * 2 * 2 > up->memory_limit / 4)
        break;
      for (int rank = FLOOD_BEAM_DISTANCE;
           rank >= (relaxed ? FLOOD_BEAM_RELAXED : FLOOD_BEAM_DISTANCE); rank--)
        {
          double tb = hb_now ();
          guint64 wb = up->work;
          g_byte_array_set_size (up->line, 0);
          if (flood_beam_moves (g, w, rank, up->best->len, end, &up->work,
                                up->cancellable, up->line) > 0)
            upper_keep (up);
          if (w == 1 && rank == FLOOD_BEAM_DISTANCE)
            {
              up->beam1 = hb_now () - tb;
              up->beam1_work = wb - up->work;
            }
        }
      if ((end > 0 && hb_now () > end) || up->work < (guint64) g->n)
        break;
      /* A beam's work grows with its width: work (and seconds, for the
       * time limit) per unit of width, with a quarter to spare. */
      per = 1.25 * (double) (w0 - up->work) / w;
      per_s = 1.25 * (hb_now () - ts) / w;
      /* Cheap enough (18×18, 30×30: milliseconds), Tatham's greedy goes
       * first, before the budget is gone; else when the next beam would
       * leave too little for it. */
      if (w == 1 && greedy_work (up) < 0.15 * up->work)
        upper_greedy (up, end);
      if (!up->greedy_done && 2 * w * per + greedy_work (up) > up->work)
        upper_greedy (up, end);
      /* The next width doubles, or is the widest that still fits: budget
       * left over after the last doubling is not wasted. */
      fit = per > 0 ? (int) MIN (up->work / per, (double) up->max_width) : 2 * w;
      if (end > 0 && per_s > 0)
        fit = MIN (fit, (int) MIN ((end - hb_now ()) / per_s, (double) up->max_width));
      if (fit <= w)
        {
          up->width = 2 * w;   /* where a later call goes on */
          break;
        }
      up->width = MIN (2 * w, fit);
    }
}

/* The beams and Tatham's greedy put off on a small board until A* has
 * expanded FLOOD_SMALL_EXPANSIONS states, or stopped at a limit first:
 * they start from A*'s answer if it found one shorter than the quick
 * players', and stop early on one as long as lower_bound, which A* has
 * proven. Returns the best length; *best_node is then in up->best. */
static int
upper_after_astar (Upper *up, Search *se, guint32 *best_node, int lower_bound,
                   double end)
{
  if (*best_node != NO_PARENT)
    {
      g_byte_array_set_size (up->best, 0);
      node_moves (se, *best_node, up->best);
      *best_node = NO_PARENT;
    }
  up->bound = MAX (up->bound, lower_bound);
  upper_improve (up, end);
  upper_greedy (up, end);
  return up->best->len;
}

/* ---- The hints' answers --------------------------------------------------------- */

/* A board is known by its size, colours and a SHA-256 of its cells (a
 * copy of a 4096×4096 board would hold 16 MB for each). Few: the app
 * hints one board a window at a time. */
#define FLOOD_KNOWN_MAX 4

typedef struct {
  int         width, height, colours;
  char       *digest;
  GByteArray *moves;
} Known;

static GMutex known_lock;
static Known  known[FLOOD_KNOWN_MAX];

static char *
known_digest (const guint8 *cells, int width, int height)
{
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, cells, (gsize) width * height);
}

static gboolean
known_is (const Known *e, int width, int height, int colours, const char *digest)
{
  return e->digest != NULL && e->width == width && e->height == height
         && e->colours == colours && strcmp (e->digest, digest) == 0;
}

void
flood_known_record (const guint8 *cells, int width, int height, int colours,
                    const guint8 *moves, int n)
{
  char *digest = known_digest (cells, width, height);
  Known e;
  int k;

  g_mutex_lock (&known_lock);
  /* The board's entry, else the oldest (the last) makes room. */
  for (k = 0; k < FLOOD_KNOWN_MAX - 1; k++)
    if (known_is (&known[k], width, height, colours, digest))
      break;
  e = known[k];
  if (known_is (&e, width, height, colours, digest) && (int) e.moves->len <= n)
    g_free (digest);          /* as short an answer is known: it stays */
  else
    {
      g_free (e.digest);
      if (e.moves != NULL)
        g_byte_array_unref (e.moves);
      e = (Known) { width, height, colours, digest, g_byte_array_new () };
      g_byte_array_append (e.moves, moves, n);
    }
  /* The newest first. */
  memmove (known + 1, known, k * sizeof (Known));
  known[0] = e;
  g_mutex_unlock (&known_lock);
}

GByteArray *
flood_known_lookup (const guint8 *cells, int width, int height, int colours)
{
  g_autofree char *digest = known_digest (cells, width, height);
  GByteArray *out = NULL;

  g_mutex_lock (&known_lock);
  for (int k = 0; k < FLOOD_KNOWN_MAX && out == NULL; k++)
    if (known_is (&known[k], width, height, colours, digest))
      {
        out = g_byte_array_new ();
        g_byte_array_append (out, known[k].moves->data, known[k].moves->len);
      }
  g_mutex_unlock (&known_lock);
  return out;
}

void
flood_answer_clear (FloodAnswer *a)
{
  if (a->moves)
    g_byte_array_unref (a->moves);
  g_free (a->stop_reason);
  memset (a, 0, sizeof *a);
}

void
flood_optimal_search (const guint8 *cells, int width, int height, int colours,
                      gsize memory_limit, guint64 node_limit, double time_limit,
                      const GByteArray *known_moves,
                      HbCancel *cancellable, HbTrace *trace,
                      FloodAnswer *a)
{
  /* Before the graph: hb_solve's time limit runs from the call. */
  double t0 = hb_now ();
  FloodGraph *g = flood_graph_new_cancellable (cells, width, height, colours, cancellable);
  Search se = { g, g != NULL ? g->words : 0 };
  GByteArray *best = g_byte_array_new ();
  guint64 *set, *frontier, *child, *cfront, *newly;
  int best_len, bound, f_min = 0;
  guint32 best_node = NO_PARENT;
  Upper up;
  double up_end;        /* the beams' share of the time limit, 0 = none */
  gboolean deferred;    /* the beams wait for A* (FLOOD_SMALL_REGIONS) */

  memset (a, 0, sizeof *a);
  a->moves = g_byte_array_new ();
  if (memory_limit == 0)
    memory_limit = FLOOD_DEFAULT_MEMORY;
  /* Stopped while the graph was built (1.6 s on 4096x4096): nothing was
   * searched, and a known answer stands as at `out`. */
  if (g == NULL)
    {
      a->cancelled = hb_cancel_was_set (cancellable);
      if (known_moves != NULL && known_moves->len > 0)
        {
          g_byte_array_append (a->moves, known_moves->data, known_moves->len);
          a->solved = !a->cancelled;
        }
      if (!a->cancelled)
        a->stop_reason = g_strdup (a->solved ? _("the search hit its time limit")
                                   : _("the time limit came before a first answer"));
      g_byte_array_unref (best);
      return;
    }
  up = (Upper) { g, cells, cancellable, memory_limit, best, g_byte_array_new (),
                 trace, 1, FLOOD_MAX_BEAM, 0, time_limit > 0, FALSE };
  hb_trace_set_counter_name (trace, _("states expanded"));

  set = g_new0 (guint64, se.words);
  frontier = g_new0 (guint64, se.words);
  child = g_new0 (guint64, se.words);
  cfront = g_new0 (guint64, se.words);
  newly = g_new0 (guint64, se.words);
  flood_scratch_init (&se.sc, g);

  /* The upper bound (see upper_improve): the quick greedy players, then
   * beams and Tatham's greedy for the first-answer budget. Boards too large
   * for A*, or whose best answer lies too far above the root's bound for A*
   * to close the gap, get the larger budget and beams alone. Small boards
   * put the beams off (FLOOD_SMALL_REGIONS). */
  {
    gboolean huge = g->n > FLOOD_ASTAR_MAX_REGIONS;
    int h0;

    /* The budget is work (upper_improve says why); a time limit gives the
     * beams its share of the clock too. */
    up.work = huge ? FLOOD_HUGE_WORK : FLOOD_FIRST_WORK;
    /* The quick players first: on a 4096×4096 board the root's bound
     * alone takes seconds, which no cancel stops. A vast board stopped
     * already has the trivial bound. */
    gboolean vast = g->n > SEED_STOPPABLE_REGIONS;

    upper_seeds (&up, vast);
    FLOOD_SET_ADD (set, g->root);
    h0 = vast && upper_cancelled (&up) ? 0 : flood_graph_relaxed_bound (g, set, NULL, &se.sc);
    up.bound = h0;
    up.max_width = huge ? FLOOD_MAX_BEAM
                   : time_limit > 0 ? FLOOD_ASTAR_MAX_BEAM : FLOOD_PROOF_MAX_BEAM;
    up_end = time_limit > 0 ? t0 + time_limit * (huge ? 0.9 : 0.75) : 0;
    deferred = g->n <= FLOOD_SMALL_REGIONS
               && (time_limit <= 0 || time_limit >= FLOOD_SMALL_MIN_LIMIT);
    if (!deferred)
      {
        upper_improve (&up, up_end);
        upper_greedy (&up, up_end);
      }
    if (!huge && g->n > FLOOD_GAP_MIN_REGIONS && (int) best->len - h0 > FLOOD_ASTAR_MAX_GAP
        && !hb_cancel_is_set (cancellable))
      {
        huge = TRUE;
        up.work += FLOOD_HUGE_WORK - FLOOD_FIRST_WORK;
        up.max_width = FLOOD_MAX_BEAM;
        upper_improve (&up, time_limit > 0 ? t0 + time_limit * 0.9 : 0);
      }
    memset (set, 0, sizeof (guint64) * se.words);
    /* Set by the caller (a cancel), or at hb_solve's deadline (the time
     * limit: the answer so far stands). */
    if (hb_cancel_is_set (cancellable) && hb_cancel_was_set (cancellable))
      {
        a->cancelled = TRUE;
        a->lower_bound = MIN (h0, (int) best->len);
        a->initial_h = h0;
        goto out;
      }
    if (hb_cancel_is_set (cancellable))
      {
        /* The time limit (see below) during the beams: the quick players'
         * answer at least stands, if one of them finished. */
        a->solved = up.answered;
        a->lower_bound = MIN (h0, (int) best->len);
        a->initial_h = h0;
        a->stop_reason = g_strdup (up.answered ? _("the search hit its time limit")
                                   : _("the time limit came before a first answer"));
        goto out;
      }
    if (huge)
      {
        a->initial_h = h0;
        a->lower_bound = MIN (a->initial_h, (int) best->len);
        a->solved = TRUE;
        a->optimal = a->lower_bound == (int) best->len;
        if (!a->optimal && g->n > FLOOD_ASTAR_MAX_REGIONS)
          a->stop_reason = g_strdup_printf (g_dngettext (NULL,
                                                         "the board has %d region, too many "
                                                         "for the optimal search",
                                                         "the board has %d regions, too many "
                                                         "for the optimal search",
                                                         g->n),
                                            g->n);
        else if (!a->optimal)
          a->stop_reason = g_strdup_printf (g_dngettext (NULL,
                                                         "the best answer is %d move above "
                                                         "the lower bound, too far for the "
                                                         "optimal search",
                                                         "the best answer is %d moves above "
                                                         "the lower bound, too far for the "
                                                         "optimal search",
                                                         (int) best->len - h0),
                                            (int) best->len - h0);
        goto out;
      }
  }
  best_len = best->len;

  /* The root, after its forced moves. */
  se.prefix = g_byte_array_new ();
  FLOOD_SET_ADD (set, g->root);
  play_forced (g, set, frontier, se.prefix);
  a->initial_h = se.prefix->len
                 + (flood_set_full (g, set) ? 0
                    : flood_graph_relaxed_bound (g, set, NULL, &se.sc));
  bound = a->initial_h;
  a->lower_bound = MIN (bound, best_len);
  hb_trace_add (trace, HB_STEP_BOUND, -1, -1, a->lower_bound, 0, 0);

  if (flood_set_full (g, set) || (int) se.prefix->len >= best_len)
    {
      /* Forced moves alone finish the board: they are optimal. */
      if (flood_set_full (g, set))
        {
          g_byte_array_set_size (best, 0);
          g_byte_array_append (best, se.prefix->data, se.prefix->len);
        }
      a->optimal = TRUE;
      a->solved = TRUE;
      a->lower_bound = best->len;
      goto out;
    }
  if (best_len > FLOOD_MAX_LENGTH)
    {
      a->solved = TRUE;
      a->stop_reason = g_strdup_printf (g_dngettext (NULL,
                                                     "the greedy answer needs %d move, more "
                                                     "than the optimal search handles (%d)",
                                                     "the greedy answer needs %d moves, more "
                                                     "than the optimal search handles (%d)",
                                                     best_len),
                                        best_len, FLOOD_MAX_LENGTH);
      goto out;
    }

  /* Start small enough for the memory bound: on huge boards one state is
   * a large bitset. */
  {
    gsize per_state = (gsize) se.words * 8 + 16;
    if (per_state * 64 > memory_limit)
      {
        a->solved = TRUE;
        a->stop_reason = g_strdup_printf (g_dngettext (NULL,
                                                       "the board has %d region, too many "
                                                       "for the search within its memory bound",
                                                       "the board has %d regions, too many "
                                                       "for the search within its memory bound",
                                                       g->n),
                                          g->n);
        goto out;
      }
    se.first_cap = MIN (4096, memory_limit / per_state / 16);
  }
  se.L = best_len;
  se.buckets = g_new0 (GArray *, (gsize) (se.L + 1) * (se.L + 1));
  /* Small: rehash doubles it at once and whenever it is half full (the
   * 8192 entries it grew to from 4096 took 33k instructions to clear, more
   * than a 6×6 board's whole search). */
  se.table = g_new0 (guint32, 1u << 6);
  se.tmask = (1u << 6) - 1;
  grow_nodes (&se);
  memcpy (se.sets, set, sizeof (guint64) * se.words);
  se.parent[0] = NO_PARENT;
  se.colour[0] = 0;
  se.gval[0] = se.prefix->len;
  se.hval[0] = bound - se.prefix->len;
  se.closed[0] = 0;
  se.n = 1;
  rehash (&se);
  if (bound < best_len)
    push_open (&se, 0, bound, se.prefix->len);
  f_min = bound;

  for (;;)
    {
      guint32 u = NO_PARENT;
      int ug;

      /* Pop the smallest f, deepest g. */
      while (f_min < best_len && u == NO_PARENT)
        {
          for (int gg = MIN (f_min, se.L); gg >= 0 && u == NO_PARENT; gg--)
            {
              GArray *b = se.buckets[f_min * (se.L + 1) + gg];
              while (b && b->len > 0)
                {
                  guint32 i = g_array_index (b, guint32, b->len - 1);
                  g_array_set_size (b, b->len - 1);
                  se.open_entries--;
                  if (!se.closed[i] && se.gval[i] == gg)
                    {
                      u = i;
                      break;
                    }
                }
            }
          if (u == NO_PARENT)
            {
              f_min++;
              if (f_min > a->lower_bound && f_min <= best_len)
                {
                  a->lower_bound = f_min;
                  hb_trace_add (trace, HB_STEP_BOUND, -1, -1, f_min, 0, a->expanded);
                }
            }
        }
      if (u == NO_PARENT)
        {
          /* Every state that could beat best_len is expanded. */
          a->optimal = TRUE;
          a->lower_bound = best_len;
          break;
        }

      ug = se.gval[u];
      se.closed[u] = 1;
      a->expanded++;
      if (hb_trace_wants (trace) && (a->expanded <= 16 || a->expanded % 256 == 0))
        {
          GByteArray *m = g_byte_array_new ();
          HbStep st = { HB_STEP_TRY, 0, 0, -1, -1, f_min, ug, 0, a->expanded,
                        { se.n, 0, 0 } };
          node_moves (&se, u, m);
          hb_trace_push (trace, &st, m->data, m->len);
          g_byte_array_unref (m);
        }
      if (deferred && a->expanded >= FLOOD_SMALL_EXPANSIONS)
        {
          /* Not proven quickly: the beams improve the upper bound, and
           * A* goes on from here. */
          deferred = FALSE;
          best_len = upper_after_astar (&up, &se, &best_node, a->lower_bound, up_end);
        }
      if ((a->expanded & 255) == 0)
        {
          if (hb_cancel_is_set (cancellable))
            {
              /* hb_solve enforces the time limit through the cancellable:
               * stopped then, the best answer stands, not proven. */
              if (hb_cancel_was_set (cancellable))
                a->cancelled = TRUE;
              else
                a->stop_reason = g_strdup (_("the search hit its time limit"));
              break;
            }
          if ((node_limit && a->expanded >= node_limit)
              || (time_limit > 0 && hb_now () - t0 > time_limit))
            {
              a->stop_reason = g_strdup (node_limit && a->expanded >= node_limit
                                         ? _("the search hit its state limit")
                                         : _("the search hit its time limit"));
              break;
            }
          if (trace && (a->expanded & 4095) == 0)
            {
              /* Grouped as the other counts are ("1,067,106"). */
              g_autofree char *stored = hb_format_count (se.n);
              /* Each count with its own plural (one for all read "27
               * mutări" in Romanian, where 27 takes "de mutări"). */
              /* TRANSLATORS: live progress, its first part: the lower
               * bound on the moves ("at least 27 moves") */
              g_autofree char *least = g_strdup_printf (g_dngettext (NULL, "at least %d move",
                                                                     "at least %d moves",
                                                                     f_min),
                                                        f_min);
              /* TRANSLATORS: live progress, its last part: the positions
               * stored (%s: the number, digits grouped) */
              g_autofree char *kept = g_strdup_printf (g_dngettext (NULL,
                                                                    "%s position remembered",
                                                                    "%s positions remembered",
                                                                    se.n),
                                                       stored);
              /* TRANSLATORS: live progress: the two parts above with the
               * best answer's length between them: "at least 27 moves,
               * the best found 30; 1,067,106 positions remembered" */
              g_autofree char *text = g_strdup_printf (_("%s, the best found %d; %s"),
                                                       least, best_len, kept);
              hb_trace_set_progress (trace, a->expanded, text);
            }
        }

      memcpy (set, se.sets + (gsize) u * se.words, sizeof (guint64) * se.words);
      flood_graph_frontier (g, set, frontier);
      for (int c = 0; c < colours; c++)
        {
          const guint64 *bc = g->by_colour + (gsize) c * se.words;
          gboolean present = FALSE;
          int cost, f, h;
          guint32 v, slot;

          for (int w = 0; w < se.words && !present; w++)
            present = (frontier[w] & bc[w]) != 0;
          if (!present)
            continue;
          /* The child, with its frontier kept up to date incrementally,
           * and its chain of forced moves. */
          memcpy (child, set, sizeof (guint64) * se.words);
          memcpy (cfront, frontier, sizeof (guint64) * se.words);
          for (int w = 0; w < se.words; w++)
            newly[w] = frontier[w] & bc[w];
          flood_graph_grow (g, child, cfront, newly);
          cost = 1;
          for (;;)
            {
              int fc;
              const guint64 *fcc;
              if (flood_set_full (g, child))
                break;
              fc = flood_graph_forced (g, child, cfront);
              if (fc < 0)
                break;
              fcc = g->by_colour + (gsize) fc * se.words;
              for (int w = 0; w < se.words; w++)
                newly[w] = cfront[w] & fcc[w];
              flood_graph_grow (g, child, cfront, newly);
              cost++;
            }

          /* Known states keep their bound: look up before computing it. */
          v = lookup (&se, child, &slot);
          if (v != NO_PARENT)
            {
              if (se.gval[v] <= ug + cost)
                continue;
              h = se.hval[v];
            }
          else
            h = flood_set_full (g, child) ? 0
                : flood_graph_relaxed_bound (g, child, cfront, &se.sc);
          /* Pathmax: a child's f is never below its parent's. */
          f = MAX (ug + cost + h, f_min);
          if (f >= best_len)
            continue;

          if (v != NO_PARENT)
            {
              /* Reached more cheaply: (re)open it. */
              se.closed[v] = 0;
              se.gval[v] = ug + cost;
              se.parent[v] = u;
              se.colour[v] = c;
            }
          else
            {
              if (se.n == se.cap)
                {
                  if (search_bytes (&se) * 2 > memory_limit)
                    {
                      g_autofree char *size = memory_limit >= (1 << 20)
                        ? g_strdup_printf ("%" G_GSIZE_FORMAT " MiB", memory_limit >> 20)
                        : g_strdup_printf ("%" G_GSIZE_FORMAT " KiB", memory_limit >> 10);
                      a->stop_reason = g_strdup_printf (
                        g_dngettext (NULL,
                                     "the search reached its memory bound of %s after %u "
                                     "state",
                                     "the search reached its memory bound of %s after %u "
                                     "states", se.n),
                        size, se.n);
                      goto stop;
                    }
                  grow_nodes (&se);
                }
              v = se.n++;
              memcpy (se.sets + (gsize) v * se.words, child,
                      sizeof (guint64) * se.words);
              se.parent[v] = u;
              se.colour[v] = c;
              se.gval[v] = ug + cost;
              se.hval[v] = h;
              se.closed[v] = 0;
              se.table[slot] = v + 1;
              if ((guint64) se.n * 2 > se.tmask)
                rehash (&se);
            }
          if (h == 0)
            {
              /* A goal shorter than the best known. */
              best_len = ug + cost;
              best_node = v;
              se.closed[v] = 1;
              continue;
            }
          push_open (&se, v, f, ug + cost);
        }
    }
stop:
  if (best_node != NO_PARENT)
    {
      g_byte_array_set_size (best, 0);
      node_moves (&se, best_node, best);
    }
  a->solved = !a->cancelled;
  if (a->optimal)
    a->lower_bound = best->len;
  a->stored = se.n;
  a->bytes = search_bytes (&se);

out:
  if (deferred && !a->cancelled && !a->optimal)
    /* A limit stopped A* (or kept it from starting) before the beams had
     * their turn: they run now, within their own budget, so the answer is
     * never the quick players' alone where the beams would improve it. */
    upper_after_astar (&up, &se, &best_node, a->lower_bound, up_end);
  /* A known answer shorter than the search's stands instead (or at all,
   * when the search stopped before its first; a known answer is never
   * empty, so the board is not solved already). It is not where the
   * search starts: a search from it would skip what the app's player
   * shows (an 8×8 board the hint had proven went straight to its
   * answer, with no position tried). */
  if (known_moves != NULL && known_moves->len > 0
      && (best->len == 0 || known_moves->len < best->len))
    {
      g_byte_array_set_size (best, 0);
      g_byte_array_append (best, known_moves->data, known_moves->len);
      if (!a->cancelled)
        a->solved = TRUE;
      a->lower_bound = MIN (a->lower_bound, (int) best->len);
      a->optimal = a->lower_bound == (int) best->len;
    }
  g_byte_array_append (a->moves, best->data, best->len);
  g_byte_array_unref (best);
  g_byte_array_unref (up.line);
  if (se.buckets)
    {
      for (int i = 0; i < (se.L + 1) * (se.L + 1); i++)
        if (se.buckets[i])
          g_array_unref (se.buckets[i]);
      g_free (se.buckets);
    }
  if (se.prefix)
    g_byte_array_unref (se.prefix);
  g_free (se.sets);
  g_free (se.parent);
  g_free (se.colour);
  g_free (se.gval);
  g_free (se.hval);
  g_free (se.closed);
  g_free (se.table);
  g_free (set);
  g_free (frontier);
  g_free (child);
  g_free (cfront);
  g_free (newly);
  flood_scratch_clear (&se.sc);
  flood_graph_free (g);
}

static HbResult *
optimal_solve (const HbState *state, const HbSolveOptions *options,
               HbTrace *trace, HbCancel *cancellable, GError **error)
{
  const FloodState *s = FLOOD_CONST (state);
  FloodAnswer a;
  HbResult *r;

  g_autoptr(GByteArray) known_moves = flood_known_lookup (s->cells, state->width,
                                                         state->height, s->colours);

  /* A hint shown for this board said its answer's length: Solve answers
   * with that answer where its own is longer, so it never returns more
   * moves than the hint promised (the hint may have searched longer than
   * this solve may). */
  flood_optimal_search (s->cells, state->width, state->height, s->colours,
                        options->memory_limit, options->node_limit,
                        options->time_limit, known_moves, cancellable, trace, &a);
  /* Stopped by the caller with an answer in hand (the quick players' or
   * the beams'): it stands, not proven, as at the time limit, so the user
   * who stops a long proof can still apply the best found. */
  if (a.cancelled && a.moves->len > 0)
    {
      a.solved = TRUE;
      a.optimal = FALSE;
      g_free (a.stop_reason);
      a.stop_reason = g_strdup (_("you stopped the search"));
    }
  if (a.cancelled && !a.solved)
    {
      r = hb_result_new (HB_STATUS_CANCELLED);
      hb_result_set_message (r, "%s", _("Cancelled before an answer was found"));
    }
  else if (!a.solved)
    {
      r = hb_result_new (HB_STATUS_GAVE_UP);
      /* TRANSLATORS: %s says why: "the search hit its time limit" */
      hb_result_set_message (r, _("No answer: %s"),
                             a.stop_reason ? a.stop_reason : _("stopped"));
    }
  else
    {
      r = hb_result_new (HB_STATUS_SOLVED);
      r->optimal = a.optimal;
      r->lower_bound = a.lower_bound;
      flood_result_fill (r, s, a.moves->data, a.moves->len);
      hb_trace_add (trace, HB_STEP_SOLUTION, -1, -1, a.moves->len, 0, a.expanded);
      flood_trace_moves (trace, a.moves->data, a.moves->len, a.expanded);
      if (a.optimal)
        hb_result_set_message (r, g_dngettext (NULL, "%u move, proven optimal",
                                               "%u moves, proven optimal", a.moves->len),
                               a.moves->len);
      else if (a.lower_bound < 2)
        /* A bound of 0 or 1 says nothing ("the fewest at least 0" on a
         * 1000x1000 board stopped before its first bound: helper-155). */
        hb_result_set_message (r, g_dngettext (NULL, "%u move: %s", "%u moves: %s",
                                               a.moves->len),
                               a.moves->len, a.stop_reason ? a.stop_reason : _("stopped"));
      else
        /* Not "not proven optimal": the result's flag says that, and
         * each front end says it once in its own words (the CLI's
         * "optimal: not proven: 40 moves, not proven optimal", the app's
         * "(not proven optimal)" over the same words: review). */
        hb_result_set_message (r, g_dngettext (NULL,
                                               /* TRANSLATORS: the last %s says why: "the
                                                * search hit its time limit" */
                                               "%u move (the fewest at least %d): %s",
                                               "%u moves (the fewest at least %d): %s",
                                               a.moves->len),
                               a.moves->len, a.lower_bound,
                               a.stop_reason ? a.stop_reason : _("stopped"));
    }
  hb_result_add_stat (r, N_("lower bound"), "%d", a.lower_bound);
  hb_result_add_stat (r, N_("best found"), "%u", a.moves->len);
  hb_result_add_stat (r, N_("initial bound"), "%d", a.initial_h);
  hb_result_add_stat (r, N_("states expanded"), "%" G_GUINT64_FORMAT, a.expanded);
  hb_result_add_stat (r, N_("states stored"), "%" G_GUINT64_FORMAT, a.stored);
  hb_result_add_stat (r, N_("memory"), "%.1f MiB", a.bytes / 1048576.0);
  flood_answer_clear (&a);
  return r;
}

const HbSolver flood_solver_optimal = {
  .id = "optimal",
  .name = N_("Optimal A* on regions"),
  .summary = N_("A* over sets of same-colour regions, bounded by eliminating "
                "exposed colours and colour-blind moves: proven shortest solutions"),
  .flags = HB_SOLVER_EXACT | HB_SOLVER_OPTIMAL | HB_SOLVER_ANIMATED | HB_SOLVER_ANSWERS_STOPPED,
  .solve = optimal_solve,
};
