/* flood-solve-astar.c: the write-up's A* with the cluster-count heuristic.
 *
 * The write-up searched boards with A*, f = g + h where h is the number of
 * clusters (same-colour regions) outside the flooded one. That h is not
 * admissible — one move can absorb many clusters — so the answer is valid
 * but often not the shortest; the write-up found it often longer than
 * Tatham's move limit. It is kept so users can compare it with the optimal
 * search. As in the write-up: moves are the colours next to the flooded
 * region, every board met is remembered with its best g, and a board
 * reached more cheaply is queued again. The open list pops the smallest f,
 * the most recent first among equals (the write-up's heap breaks ties
 * arbitrarily).
 *
 * Since clusters stay clusters until flooded (two regions of one colour
 * never touch), the count is simply the regions not yet flooded. */
#include "flood.h"

#include <glib/gi18n.h>
#include <string.h>

#define ASTAR_DEFAULT_MEMORY ((gsize) 1 << 30)
#define NONE G_MAXUINT32

typedef struct {
  int       words;
  guint64  *sets;
  guint32  *parent;
  guint8   *colour;
  guint32  *gval;
  guint32   n, cap;
  guint32  *table;
  guint32   tmask;
} Nodes;

static guint32
hash_set (const guint64 *s, int words)
{
  guint64 h = 0x2545f4914f6cdd1dull;

  for (int w = 0; w < words; w++)
    {
      h ^= s[w];
      h *= 0x9e3779b97f4a7c15ull;
      h ^= h >> 29;
    }
  return (guint32) (h ^ (h >> 32));
}

static void
nodes_rehash (Nodes *ns)
{
  guint32 size = ns->table ? (ns->tmask + 1) * 2 : 4096;

  g_free (ns->table);
  ns->table = g_new0 (guint32, size);
  ns->tmask = size - 1;
  for (guint32 i = 0; i < ns->n; i++)
    {
      guint32 k = hash_set (ns->sets + (gsize) i * ns->words, ns->words) & ns->tmask;
      while (ns->table[k])
        k = (k + 1) & ns->tmask;
      ns->table[k] = i + 1;
    }
}

static gsize
nodes_bytes (const Nodes *ns)
{
  return (gsize) ns->cap * (ns->words * 8 + 9) + ((gsize) ns->tmask + 1) * 4;
}

/* The open list has a bucket per f, up to twice the regions: beyond this
 * many regions the search is refused rather than allocate that. */
#define ASTAR_MAX_REGIONS (1 << 20)

/* The search on the board's graph g, which it frees. */
static HbResult *
astar_search (const HbState *state, const HbSolveOptions *options,
              HbTrace *trace, HbCancel *cancellable, FloodGraph *g)
{
  const FloodState *s = FLOOD_CONST (state);
  gsize memory_limit = options->memory_limit ? options->memory_limit
                                             : ASTAR_DEFAULT_MEMORY;
  int words = g->words, maxf = 2 * g->n + 2;
  GArray **buckets;
  Nodes ns = { words };
  guint64 *set = g_new0 (guint64, words), *frontier = g_new0 (guint64, words);
  guint64 *child = g_new0 (guint64, words);
  guint64 expanded = 0;
  guint32 goal = NONE;
  double t0 = hb_now ();
  int f_min = 0;
  const char *stop = NULL;
  HbResult *r;

  hb_trace_set_counter_name (trace, _("states expanded"));
  ns.cap = MIN (4096, memory_limit / ((gsize) words * 8 + 16) / 16);
  if (g->n > ASTAR_MAX_REGIONS || ns.cap < 4)
    {
      r = hb_result_new (HB_STATUS_GAVE_UP);
      hb_result_set_message (r, g_dngettext (NULL,
                                             "The board has %d region, too many for this "
                                             "search within its memory bound",
                                             "The board has %d regions, too many for this "
                                             "search within its memory bound", g->n),
                             g->n);
      flood_graph_free (g);
      g_free (set);
      g_free (frontier);
      g_free (child);
      return r;
    }
  buckets = g_new0 (GArray *, maxf + 1);
  ns.sets = g_new (guint64, (gsize) ns.cap * words);
  ns.parent = g_new (guint32, ns.cap);
  ns.colour = g_new (guint8, ns.cap);
  ns.gval = g_new (guint32, ns.cap);
  nodes_rehash (&ns);

  memset (ns.sets, 0, sizeof (guint64) * words);
  FLOOD_SET_ADD (ns.sets, g->root);
  ns.parent[0] = NONE;
  ns.colour[0] = 0;
  ns.gval[0] = 0;
  ns.n = 1;
  nodes_rehash (&ns);
  f_min = g->n - 1;
  buckets[f_min] = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_array_append_val (buckets[f_min], (guint32) { 0 });

  while (goal == NONE)
    {
      guint32 u = NONE;
      guint32 ug;
      int uf;

      /* f is not monotone here (h is inconsistent): scan from the lowest
       * bucket that may hold entries. */
      for (uf = f_min; uf <= maxf; uf++)
        if (buckets[uf] && buckets[uf]->len > 0)
          break;
      if (uf > maxf)
        break;
      f_min = uf;
      u = g_array_index (buckets[uf], guint32, buckets[uf]->len - 1);
      g_array_set_size (buckets[uf], buckets[uf]->len - 1);
      memcpy (set, ns.sets + (gsize) u * words, sizeof (guint64) * words);
      ug = ns.gval[u];
      {
        int popcount = 0;
        for (int w = 0; w < words; w++)
          popcount += __builtin_popcountll (set[w]);
        if ((int) ug + g->n - popcount != uf)
          continue;   /* stale: u was reached more cheaply since */
        if (popcount == g->n)
          {
            goal = u;
            break;
          }
      }
      expanded++;
      /* Every 256 states, or every state where one is a long row of
       * words (a 1000x1000 board's state is thousands: 256 of them went
       * 0.9 s past a 2 s limit: helper-155). */
      if ((expanded & 255) == 1 || words >= 256)
        {
          if (hb_cancel_is_set (cancellable))
            {
              stop = "cancelled";   /* a key, not shown */
              break;
            }
          if (options->node_limit && expanded >= options->node_limit)
            {
              /* TRANSLATORS: "The search stopped at its state limit after …" */
              stop = N_("its state limit");
              break;
            }
          if (options->time_limit > 0 && hb_now () - t0 > options->time_limit)
            {
              /* TRANSLATORS: "The search stopped at its time limit after …" */
              stop = N_("its time limit");
              break;
            }
          if ((expanded & 255) == 1)
            hb_trace_add (trace, HB_STEP_INFO, -1, -1, uf, ug, expanded);
        }

      flood_graph_frontier (g, set, frontier);
      for (int c = 0; c < s->colours; c++)
        {
          guint32 k, v = NONE, cg = ug + 1;
          int pop = 0, cf;
          gboolean moved = FALSE;
          const guint64 *bc = g->by_colour + (gsize) c * words;

          for (int w = 0; w < words; w++)
            {
              child[w] = set[w] | (frontier[w] & bc[w]);
              moved |= child[w] != set[w];
              pop += __builtin_popcountll (child[w]);
            }
          if (!moved)
            continue;
          cf = cg + g->n - pop;
          k = hash_set (child, words) & ns.tmask;
          while (ns.table[k])
            {
              guint32 i = ns.table[k] - 1;
              if (memcmp (ns.sets + (gsize) i * words, child, 8 * words) == 0)
                {
                  v = i;
                  break;
                }
              k = (k + 1) & ns.tmask;
            }
          if (v != NONE)
            {
              if (ns.gval[v] <= cg)
                continue;
            }
          else
            {
              if (ns.n == ns.cap)
                {
                  if (nodes_bytes (&ns) * 2 > memory_limit)
                    {
                      /* TRANSLATORS: "The search stopped at its memory bound after …" */
                      stop = N_("its memory bound");
                      goto done;
                    }
                  ns.cap *= 2;
                  ns.sets = g_renew (guint64, ns.sets, (gsize) ns.cap * words);
                  ns.parent = g_renew (guint32, ns.parent, ns.cap);
                  ns.colour = g_renew (guint8, ns.colour, ns.cap);
                  ns.gval = g_renew (guint32, ns.gval, ns.cap);
                }
              v = ns.n++;
              memcpy (ns.sets + (gsize) v * words, child, 8 * words);
              ns.table[k] = v + 1;
              if ((guint64) ns.n * 2 > ns.tmask)
                nodes_rehash (&ns);
            }
          ns.gval[v] = cg;
          ns.parent[v] = u;
          ns.colour[v] = c;
          if (buckets[cf] == NULL)
            buckets[cf] = g_array_new (FALSE, FALSE, sizeof (guint32));
          g_array_append_val (buckets[cf], v);
          if (cf < f_min)
            f_min = cf;
        }
    }
done:
  if (goal != NONE)
    {
      GByteArray *moves = g_byte_array_new ();
      for (guint32 i = goal; ns.parent[i] != NONE; i = ns.parent[i])
        g_byte_array_prepend (moves, &ns.colour[i], 1);
      r = hb_result_new (HB_STATUS_SOLVED);
      flood_result_fill (r, s, moves->data, moves->len);
      flood_trace_moves (trace, moves->data, moves->len, expanded);
      r->optimal = moves->len == 0;
      hb_result_set_message (r, g_dngettext (NULL,
                                             "%u move (counting colour patches can guess "
                                             "too many moves: not proven the fewest)",
                                             "%u moves (counting colour patches can guess "
                                             "too many moves: not proven the fewest)",
                                             moves->len),
                             moves->len);
      g_byte_array_unref (moves);
    }
  else if (stop && g_str_equal (stop, "cancelled"))
    {
      g_autofree char *num = g_strdup_printf ("%" G_GUINT64_FORMAT, expanded);

      r = hb_result_new (HB_STATUS_CANCELLED);
      hb_result_set_message (r, g_dngettext (NULL, "Cancelled after %s state; no answer yet",
                                             "Cancelled after %s states; no answer yet",
                                             (gulong) MIN (expanded, G_MAXULONG)),
                             num);
    }
  else
    {
      g_autofree char *num = g_strdup_printf ("%" G_GUINT64_FORMAT, expanded);

      r = hb_result_new (HB_STATUS_GAVE_UP);
      /* TRANSLATORS: %s is why it stopped: "its time limit", "its memory
       * bound", "an empty open list"; then the count of states */
      hb_result_set_message (r, g_dngettext (NULL, "The search stopped at %s after %s state",
                                             "The search stopped at %s after %s states",
                                             (gulong) MIN (expanded, G_MAXULONG)),
                             /* TRANSLATORS: "The search stopped at an empty open list
                              * after …": no state was left to expand */
                             stop ? _(stop) : _("an empty open list"), num);
    }
  hb_result_add_stat (r, N_("states expanded"), "%" G_GUINT64_FORMAT, expanded);
  hb_result_add_stat (r, N_("states stored"), "%u", ns.n);
  hb_result_add_stat (r, N_("regions"), "%d", g->n);

  for (int i = 0; i <= maxf; i++)
    if (buckets[i])
      g_array_unref (buckets[i]);
  g_free (buckets);
  g_free (ns.sets);
  g_free (ns.parent);
  g_free (ns.colour);
  g_free (ns.gval);
  g_free (ns.table);
  g_free (set);
  g_free (frontier);
  g_free (child);
  flood_graph_free (g);
  return r;
}

static HbResult *
astar_solve (const HbState *state, const HbSolveOptions *options,
             HbTrace *trace, HbCancel *cancellable, GError **error)
{
  const FloodState *s = FLOOD_CONST (state);
  /* Stopped while the graph was built (1.6 s on 4096x4096): said as
   * stopped (hb_solve says gave up at a time limit). */
  FloodGraph *g = flood_graph_new_cancellable (s->cells, state->width, state->height,
                                               s->colours, cancellable);

  (void) error;
  if (g == NULL)
    return hb_result_stop (hb_result_new (HB_STATUS_CANCELLED), HB_STOP_CANCELLED, 0, NULL,
                           NULL);
  return astar_search (state, options, trace, cancellable, g);
}

const HbSolver flood_solver_astar = {
  .id = "astar-clusters",
  .name = N_("A* counting colour patches (original article)"),
  .summary = N_("The original article's A*: it guesses the moves left from the number of "
                "colour patches, which can guess too many, so its answers are valid but "
                "often not the shortest"),
  .flags = HB_SOLVER_EXACT | HB_SOLVER_ANIMATED,
  .solve = astar_solve,
};
