/* lights-solve-gf2.c: the exact Enlight solver, linear algebra over GF(2).
 *
 * Light chasing. Number the rows of presses P_0 … P_{m-1} (each a vector of
 * n bits) and the rows of lights L_0 … L_{m-1}. Row r is dark at the end iff
 *
 *     L_r + T·P_r + P_{r-1} + P_{r+1} = 0,
 *
 * where T is the n×n tridiagonal matrix of ones (a press toggles its cell
 * and its left and right neighbours: T·x = x ^ (x << 1) ^ (x >> 1) on a
 * bitset) and P_{-1} = 0. Read it as the recurrence that forces every row
 * once the row above is known:
 *
 *     P_{r+1} = L_r + T·P_r + P_{r-1},
 *
 * and the board is solved iff the row below the last one comes out empty:
 * P_m = 0. Choose P_0 = u freely (n unknowns). Everything is linear, so
 * P_r = A_r·u + c_r with c_r the chase of the real lights from u = 0 and
 * A_r the chase of the unknowns over a dark board: A_{-1} = 0, A_0 = I,
 * A_{r+1} = T·A_r + A_{r-1}, that is A_r = p_r(T) for the polynomials
 * p_{-1} = 0, p_0 = 1, p_{r+1}(t) = t·p_r(t) + p_{r-1}(t). The whole puzzle
 * is the n×n system
 *
 *     M·u = c_m     with M = p_m(T).
 *
 * Building M fast. Chasing n unit vectors through m rows costs
 * O(m·n²/64) — about 1e9 word operations at n = 4000. But M is a
 * polynomial in T, so it commutes with T and is symmetric (T is), and the
 * unit vectors obey T·e_j = e_{j-1} + e_j + e_{j+1} (e_{-1} = 0), i.e.
 *
 *     e_{j+1} = T·e_j + e_j + e_{j-1}     for j = 0 … n-2.
 *
 * Multiplying by M (which commutes with T):
 *
 *     M·e_{j+1} = T·(M·e_j) + M·e_j + M·e_{j-1}
 *               = (M·e_j << 1) ^ (M·e_j >> 1) ^ M·e_{j-1}.
 *
 * So one chase of e_0 through the m rows gives the first column, and each
 * further column costs one shift-and-xor pass over n/64 words: O(m·n/64 +
 * n²/64) in all, a few milliseconds at n = 4000. Since M is symmetric its
 * columns are its rows, which is what the elimination wants. The tests
 * check the result against brute force and against known nullities.
 *
 * The system is solved by Gauss–Jordan elimination on bit-packed rows
 * (O(n³/64) word xors, the only cubic step; 4000³/128 ≈ 5e8 at n = 4000).
 * It gives solvability, the nullity k = n − rank, a particular first row u0
 * (free unknowns 0) and a basis of the null space (one vector per free
 * unknown). We chase along the longer side, so n = min(W, H): a wide board is
 * solved transposed.
 *
 * The fewest presses. The solutions are the chases of u0 + Σ a_i·z_i over
 * the 2^k choices of a; minimising the number of presses is a minimum-weight
 * coset problem (NP-hard in general). See the section "Minimum presses"
 * below for the branch and bound that proves it.
 */
#include "lights.h"

#include <glib/gi18n.h>
#include <string.h>

typedef guint64 Word;

#define WORD_BITS 64
#define WORDS(nbits) (((gsize) (nbits) + WORD_BITS - 1) / WORD_BITS)

#define DEFAULT_NODE_LIMIT  ((guint64) 1 << 26)
/* The branch and bound charges each node for the groups it touches too:
 * work may reach this many times the node limit. */
#define WORK_PER_NODE       16
/* Search tables (signature classes and the level tree) may use this much. */
#define SEARCH_MEMORY_LIMIT ((gsize) 256 << 20)
/* Word operations allowed for setting up the search (see below). */
#define SEARCH_SETUP_LIMIT  4e8
/* The trace shows the chase press by press only on boards this small. */
#define TRACE_MAX_CELLS     (64 * 64)

static inline gboolean
bit_get (const Word *v, gsize i)
{
  return (v[i / WORD_BITS] >> (i % WORD_BITS)) & 1;
}

static inline void
bit_flip (Word *v, gsize i)
{
  v[i / WORD_BITS] ^= (Word) 1 << (i % WORD_BITS);
}

static inline void
bit_set (Word *v, gsize i)
{
  v[i / WORD_BITS] |= (Word) 1 << (i % WORD_BITS);
}

/* Four words as one vector (two SSE2 registers, or one AVX2 register in
 * the elimination's AVX2 clone below); memcpy keeps loads and stores
 * unaligned and free of aliasing trouble, and compiles to vector moves. */
typedef Word Word4 __attribute__ ((vector_size (32)));

static inline void
xor_words (Word *restrict dst, const Word *restrict src, gsize n)
{
  gsize i = 0;

  /* Four words a round: the elimination's inner loop. */
  for (; i + 4 <= n; i += 4)
    {
      Word4 a, b;
      memcpy (&a, dst + i, sizeof a);
      memcpy (&b, src + i, sizeof b);
      a ^= b;
      memcpy (dst + i, &a, sizeof a);
    }
  for (; i < n; i++)
    dst[i] ^= src[i];
}

/* The elimination is the one cubic step: built twice on x86-64 GCC, the
 * copy for processors with AVX2 picked when the program starts. */
#if defined (__x86_64__) && defined (__GNUC__) && !defined (__clang__) \
    && defined (__linux__)
#define ELIMINATE_CLONES __attribute__ ((target_clones ("avx2", "default")))
#else
#define ELIMINATE_CLONES
#endif

static inline guint64
popcount_words (const Word *v, gsize n)
{
  guint64 c = 0;

  for (gsize i = 0; i < n; i++)
    c += (guint64) __builtin_popcountll (v[i]);
  return c;
}

/* ---- The board as bit rows ---------------------------------------------- */

/* The board in chase coordinates: m rows of n bits, n = min(W, H). When
 * `transposed`, chase row r is board column x = r and bit i is y = i. */
typedef struct {
  int      width, height;
  gboolean transposed;
  int      n, m;
  gsize    nw;         /* words per row */
  Word     lastmask;   /* valid bits of the last word of a row */
  Word    *lights;     /* m × nw */
} Chase;

static inline gsize
chase_cell (const Chase *c, int r, int i)
{
  /* Board index (row-major, width W) of chase cell (r, i). */
  return c->transposed ? (gsize) i * c->width + r : (gsize) r * c->width + i;
}

/* Eight cells (bytes, nonzero = lit) as eight bits, cell i at bit i: set
 * the top bit of each nonzero byte, move it to bit 0, and gather the eight
 * bits with one multiplication (each byte's bit lands in the top byte,
 * none carries into another). */
static inline Word
pack8 (const guint8 *p)
{
  Word x;

  memcpy (&x, p, 8);
  x = GUINT64_FROM_LE (x);
  x = ((((x & 0x7f7f7f7f7f7f7f7full) + 0x7f7f7f7f7f7f7f7full) | x)
       & 0x8080808080808080ull) >> 7;
  return (x * 0x0102040810204080ull) >> 56;
}

static gboolean
chase_init (Chase *c, const LightsState *s, GError **error)
{
  int w = s->base.width, h = s->base.height;

  memset (c, 0, sizeof *c);
  c->width = w;
  c->height = h;
  c->transposed = w > h;
  c->n = MIN (w, h);
  c->m = MAX (w, h);
  c->nw = WORDS (c->n);
  c->lastmask = (c->n % WORD_BITS) ? (((Word) 1 << (c->n % WORD_BITS)) - 1) : ~(Word) 0;
  c->lights = g_try_malloc0_n ((gsize) c->m * c->nw, sizeof (Word));
  if (c->lights == NULL)
    {
      g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED,
                   _("Out of memory for a %d×%d board"), w, h);
      return FALSE;
    }
  for (int y = 0; y < h; y++)
    {
      const guint8 *row = s->cells + (gsize) y * w;
      int x = 0;

      if (!c->transposed)
        {
          Word *out = c->lights + (gsize) y * c->nw;
          for (; x + 8 <= w; x += 8)
            out[x / WORD_BITS] |= pack8 (row + x) << (x % WORD_BITS);
        }
      for (; x < w; x++)
        if (row[x])
          {
            if (c->transposed)
              bit_set (c->lights + (gsize) x * c->nw, y);
            else
              bit_set (c->lights + (gsize) y * c->nw, x);
          }
    }
  return TRUE;
}

static void
chase_clear (Chase *c)
{
  g_clear_pointer (&c->lights, g_free);
}

/* next = lights ^ T·cur ^ prev, where T·x = x ^ (x << 1) ^ (x >> 1). */
static inline void
chase_step (const Word *lights, const Word *cur, const Word *prev, Word *next,
            gsize nw, Word lastmask)
{
  for (gsize w = 0; w < nw; w++)
    {
      Word x = cur[w];
      Word l = (x << 1) | (w > 0 ? cur[w - 1] >> 63 : 0);
      Word r = (x >> 1) | (w + 1 < nw ? cur[w + 1] << 63 : 0);
      next[w] = (lights ? lights[w] : 0) ^ x ^ l ^ r ^ prev[w];
    }
  next[nw - 1] &= lastmask;
}

/* Chases first row u down the board (over the real lights when with_lights,
 * over a dark board otherwise). Stores the m press rows in rows (m × nw) if
 * not NULL, and the row that would have to be pressed below the last one
 * (zero iff the board ends dark) in residual. */
static void
chase_run (const Chase *c, gboolean with_lights, const Word *u, Word *rows,
           Word *residual)
{
  gsize nw = c->nw;
  g_autofree Word *buf = g_new0 (Word, 3 * nw);
  Word *prev = buf, *cur = buf + nw, *next = buf + 2 * nw;

  memcpy (cur, u, nw * sizeof (Word));
  for (int r = 0; r < c->m; r++)
    {
      Word *t;

      if (rows)
        memcpy (rows + (gsize) r * nw, cur, nw * sizeof (Word));
      chase_step (with_lights ? c->lights + (gsize) r * nw : NULL, cur, prev, next,
                  nw, c->lastmask);
      t = prev; prev = cur; cur = next; next = t;
    }
  memcpy (residual, cur, nw * sizeof (Word));
}

/* ---- The system and its elimination -------------------------------------- */

typedef struct {
  int    n;
  gsize  rw;          /* words per row: n + 1 bits (the last is the constant) */
  Word  *rows;        /* n × rw */
  int    rank;
  int   *pivot_col;   /* pivot column of row i < rank */
  gboolean consistent;
} System;

static void
system_clear (System *s)
{
  g_clear_pointer (&s->rows, g_free);
  g_clear_pointer (&s->pivot_col, g_free);
}

/* Builds M = p_m(T) row by row from its first column (see the top of the
 * file) and appends the constant c_m as column n. */
static gboolean
system_build (System *s, const Chase *c, const Word *constant, GError **error)
{
  gsize nw = c->nw;
  g_autofree Word *e0 = g_new0 (Word, nw);
  int n = c->n;

  memset (s, 0, sizeof *s);
  s->n = n;
  s->rw = WORDS (n + 1);
  s->rows = g_try_malloc0_n ((gsize) n * s->rw, sizeof (Word));
  s->pivot_col = g_try_new0 (int, n);
  if (s->rows == NULL || s->pivot_col == NULL)
    {
      system_clear (s);
      g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED,
                   _("Out of memory for the %d×%d system"), n, n);
      return FALSE;
    }

  /* Column (= row) 0: the chase of e_0 over a dark board. Rows are n + 1
   * bits wide but the recurrence only ever touches the first nw words. */
  e0[0] = 1;
  g_autofree Word *col = g_new0 (Word, nw);
  chase_run (c, FALSE, e0, NULL, col);
  memcpy (s->rows, col, nw * sizeof (Word));
  for (int j = 0; j + 1 < n; j++)
    {
      const Word *cj = s->rows + (gsize) j * s->rw;
      const Word *cp = j > 0 ? s->rows + (gsize) (j - 1) * s->rw : NULL;
      Word *cn = s->rows + (gsize) (j + 1) * s->rw;

      for (gsize w = 0; w < nw; w++)
        {
          Word x = cj[w];
          Word l = (x << 1) | (w > 0 ? cj[w - 1] >> 63 : 0);
          Word r = (x >> 1) | (w + 1 < nw ? cj[w + 1] << 63 : 0);
          cn[w] = l ^ r ^ (cp ? cp[w] : 0);
        }
      cn[nw - 1] &= c->lastmask;
    }
  for (int i = 0; i < n; i++)
    if (bit_get (constant, i))
      bit_set (s->rows + (gsize) i * s->rw, n);
  return TRUE;
}

/* Gauss–Jordan elimination to reduced row echelon form, eight columns at a
 * time in the manner of the Method of Four Russians (M4RI). For a block of
 * eight columns (one byte of a word):
 *
 * 1. find its pivots as plain elimination would, column by column, but on
 *    the rows' eight bits only (each candidate row's byte, updated as the
 *    block's pivots are found);
 * 2. reduce the (at most eight) pivot rows among themselves, so each has a
 *    one at its own pivot column and zeros at the others';
 * 3. tabulate the xors of every subset of them (2^p rows, Gray order);
 * 4. clear the block's pivot columns from every other row with one xor:
 *    the table entry named by the row's bits at those columns.
 *
 * The result is the one column-by-column elimination gives (a row reduced
 * to zeros at the pivot columns by the span of the pivots is unique), with
 * one row xor per row and block instead of one per row and pivot: about a
 * quarter of the work on full-rank systems. Rows not yet used as a pivot
 * are zero in every column left of the current block (pivot columns were
 * cleared, free columns had no candidate), so xors start at the block's
 * word. Returns FALSE if cancelled. */
ELIMINATE_CLONES static gboolean
system_eliminate (System *s, HbCancel *cancellable)
{
  int n = s->n, rank = 0;
  gsize rw = s->rw;
  g_autofree Word *tmp = g_new (Word, rw);
  g_autofree Word *table = g_new (Word, 256 * rw);
  g_autofree guint8 *eb = g_new (guint8, n);

  for (int c0 = 0; c0 < n && rank < n; c0 += 8)
    {
      gsize cw = (gsize) c0 / WORD_BITS;
      int sh = c0 % WORD_BITS;
      guint8 bmask = n - c0 >= 8 ? 0xff : (guint8) ((1u << (n - c0)) - 1);
      int p = 0, t_of[8];
      guint8 pb[8], gather[256], red[256];
      gsize len = rw - cw;

      if ((c0 & 63) == 0 && hb_cancel_is_set (cancellable))
        return FALSE;
      /* 1. The pivots, on the candidates' bytes. A candidate's byte as the
       * pivots found so far reduce it depends on its first byte alone:
       * with many candidates, red[b] is byte b reduced, so a pivot costs
       * 256 updates of red, not one per candidate row, and the search for
       * the next pivot usually stops at the first row it reads; with few,
       * the candidates' bytes are reduced themselves (red is the identity). */
      gboolean many = n - rank > 320;

      for (int r = rank; r < n; r++)
        eb[r] = (s->rows[(gsize) r * rw + cw] >> sh) & bmask;
      for (int b = 0; b < 256; b++)
        red[b] = (guint8) b;
      for (int t = 0; t < 8 && c0 + t < n && rank + p < n; t++)
        {
          int piv = -1;

          for (int r = rank + p; r < n; r++)
            if ((red[eb[r]] >> t) & 1)
              {
                piv = r;
                break;
              }
          if (piv < 0)
            continue;
          if (piv != rank + p)
            {
              Word *a = s->rows + (gsize) piv * rw, *b = s->rows + (gsize) (rank + p) * rw;
              guint8 e = eb[piv];
              memcpy (tmp, a, rw * sizeof (Word));
              memcpy (a, b, rw * sizeof (Word));
              memcpy (b, tmp, rw * sizeof (Word));
              eb[piv] = eb[rank + p];
              eb[rank + p] = e;
            }
          pb[p] = red[eb[rank + p]];
          t_of[p] = t;
          if (many)
            for (int b = 0; b < 256; b++)
              {
                if ((red[b] >> t) & 1)
                  red[b] ^= pb[p];
              }
          else
            for (int r = rank + p + 1; r < n; r++)
              if ((eb[r] >> t) & 1)
                eb[r] ^= pb[p];
          p++;
        }
      if (p == 0)
        continue;

      /* 2. The pivot rows reduced among themselves: forwards (each by the
       * ones before it, as found), then backwards. */
      for (int i = 0; i < p; i++)
        {
          Word *ri = s->rows + (gsize) (rank + i) * rw;
          for (int j = 0; j < i; j++)
            if ((ri[cw] >> (sh + t_of[j])) & 1)
              xor_words (ri + cw, s->rows + (gsize) (rank + j) * rw + cw, len);
        }
      for (int i = p - 1; i > 0; i--)
        {
          const Word *ri = s->rows + (gsize) (rank + i) * rw;
          for (int j = 0; j < i; j++)
            {
              Word *rj = s->rows + (gsize) (rank + j) * rw;
              if ((rj[cw] >> (sh + t_of[i])) & 1)
                xor_words (rj + cw, ri + cw, len);
            }
        }

      /* 3. The table: entry m is the xor of the pivot rows i in m. */
      memset (table, 0, len * sizeof (Word));
      for (unsigned m = 1; m < (1u << p); m++)
        {
          Word *e = table + (gsize) m * len;
          memcpy (e, table + (gsize) (m & (m - 1)) * len, len * sizeof (Word));
          xor_words (e, s->rows + (gsize) (rank + __builtin_ctz (m)) * rw + cw, len);
        }

      /* 4. Every other row, one xor: the entry named by its bits at the
       * pivot columns (gathered through a table of the 256 bytes). */
      for (unsigned byte = 0; byte < 256 && p < 8; byte++)
        {
          guint8 m = 0;
          for (int i = 0; i < p; i++)
            m |= ((byte >> t_of[i]) & 1u) << i;
          gather[byte] = m;
        }
      for (int r = 0; r < n; r++)
        {
          Word *row = s->rows + (gsize) r * rw;
          unsigned m;

          if (r == rank)
            {
              r += p - 1;
              continue;
            }
          m = (row[cw] >> sh) & 0xff;
          if (p < 8)        /* eight pivots: the byte names the entry */
            m = gather[m];
          if (m)
            xor_words (row + cw, table + (gsize) m * len, len);
        }
      for (int i = 0; i < p; i++)
        s->pivot_col[rank + i] = c0 + t_of[i];
      rank += p;
    }
  s->rank = rank;
  s->consistent = TRUE;
  for (int r = rank; r < n; r++)
    if (bit_get (s->rows + (gsize) r * rw, n))
      s->consistent = FALSE;
  return TRUE;
}

/* ---- Minimum presses ------------------------------------------------------
 *
 * Every solution presses, at cell c, base_c + <sig_c, a> where base is the
 * chase of the particular first row u0, a ∈ GF(2)^k picks the null vectors
 * and sig_c (k bits) says which null vectors press c. Cells with the same
 * signature behave alike, so the cells collapse into classes s with
 * n1(s) cells whose base is 1 and n0(s) whose base is 0: when <s, a> = 0
 * the class costs n1(s) presses, else n0(s).
 *
 * Branch and bound over a_0, a_1, … in that order. At depth j (a_0 … a_{j-1}
 * fixed) gather the classes by the bits still free, t = s >> j. Every class
 * of a group sees the same unknown parity b = <t, (a_j, …)>, so the group
 * costs C0 or C1, and
 *
 *     lower bound = C0 of the group t = 0 (fully decided)
 *                 + Σ over the other groups of min(C0, C1).
 *
 * It is a true lower bound because every group pays at least its min
 * whatever the free bits are; it is exact at a leaf. It is much stronger
 * than counting only the decided cells: a group of many cells sharing their
 * free part pays its min as a whole.
 *
 * The groups never depend on the assignment, only their costs do, so the
 * group tree is built once: sort the classes by s (as an integer, bit 0
 * least significant); the classes sharing s >> j are then contiguous for
 * every j, and a group at level j+1 is the union of at most two groups of
 * level j (bit j = 0 and bit j = 1). Fixing a_j = v gives a child's costs
 * in one pass over the level-(j+1) groups:
 *
 *     C^b(G) = C^b(g0) + C^(b^v)(g1).
 *
 * The order of the unknowns matters: the bound bites when many cells are
 * decided early. A null vector is determined by its first row and row r of
 * a chase depends on first-row cells x-r … x+r only, so cells near the
 * corners depend on few unknowns. We change the null basis so that the
 * cells taken in order of distance to the nearest corner get decided as
 * early as possible: greedily take, in that order, the cells whose signature
 * is independent of those taken before (pivots v_0, v_1, …), and use new
 * coordinates a' in which v_j is the unit vector e_j; every cell before the
 * (j+1)-th pivot is then decided by a'_0 … a'_j.
 *
 * Measured (random solvable boards, default limit): the grouped bound does
 * most of the work — 2^20 solutions of a 30×30 board are settled in ~37,000
 * nodes, 2^30 of a 47×47 board in ~11 million (2 s). The corner order is
 * what proves that 47×47 one; plain row-major order gives up on it, though
 * it needs a little fewer nodes on 19×19, 30×30 and 64×64. At nullity 32
 * (39×39) and 40 (61×61) the default budget is not enough and the answer
 * says the minimum is not proven.
 */

typedef struct {
  guint32 c0, c1;
} Cost;

typedef struct {
  int      k;
  gsize    kw;            /* words per signature */
  gsize    nclasses;
  Word    *sig;           /* nclasses × kw, sorted */
  Cost    *cost;          /* level 0 costs: (n1, n0) */
  /* Level tree: level j (1..k) has ngroups[j] groups, children in level j-1. */
  gsize   *ngroups;
  gint32 **child0, **child1;
  gboolean *zero_group;   /* level j has the fully decided group as group 0 */
  Cost   **buf;           /* buf[j * 2 + v]: costs at level j for a_{j-1} = v */

  guint64  nodes, node_limit;
  guint64  work, work_limit;
  guint64  best;
  Word    *best_a;        /* k bits */
  Word    *cur_a;
  gboolean gave_up, cancelled, timed_out;
  HbCancel *cancellable;
  HbTrace *trace;
} Search;

static int
sig_compare (const Word *a, const Word *b, gsize kw)
{
  for (gsize w = kw; w-- > 0;)
    if (a[w] != b[w])
      return a[w] < b[w] ? -1 : 1;
  return 0;
}

/* Highest set bit of a ^ b, or -1. */
static int
sig_high_diff (const Word *a, const Word *b, gsize kw)
{
  for (gsize w = kw; w-- > 0;)
    if (a[w] != b[w])
      return (int) (w * WORD_BITS) + 63 - __builtin_clzll (a[w] ^ b[w]);
  return -1;
}

typedef struct {
  const Word *sig;
  gsize kw;
} SortCtx;

static int
class_order (gconstpointer pa, gconstpointer pb, gpointer data)
{
  const SortCtx *ctx = data;
  guint32 a = *(const guint32 *) pa, b = *(const guint32 *) pb;

  return sig_compare (ctx->sig + a * ctx->kw, ctx->sig + b * ctx->kw, ctx->kw);
}

static void
search_clear (Search *s)
{
  if (s->child0)
    for (int j = 0; j <= s->k; j++)
      {
        g_free (s->child0[j]);
        g_free (s->child1[j]);
      }
  if (s->buf)
    for (int j = 0; j < 2 * (s->k + 1); j++)
      g_free (s->buf[j]);
  g_free (s->child0);
  g_free (s->child1);
  g_free (s->buf);
  g_free (s->ngroups);
  g_free (s->zero_group);
  g_free (s->sig);
  g_free (s->cost);
  g_free (s->best_a);
  g_free (s->cur_a);
  memset (s, 0, sizeof *s);
}

/* Open-addressing table from signature to class index. */
typedef struct {
  gsize    kw;
  gsize    mask;
  gint32  *slot;         /* class index or -1 */
  GArray  *sig;          /* Word */
  GArray  *cost;         /* Cost */
} ClassTable;

static guint64
sig_hash (const Word *s, gsize kw)
{
  guint64 h = 0x9e3779b97f4a7c15ull;

  for (gsize w = 0; w < kw; w++)
    {
      h ^= s[w];
      h *= 0xbf58476d1ce4e5b9ull;
      h ^= h >> 29;
    }
  return h;
}

static void
class_table_grow (ClassTable *t)
{
  gsize nsize = (t->mask + 1) * 2;

  g_free (t->slot);
  t->slot = g_new (gint32, nsize);
  memset (t->slot, 0xff, nsize * sizeof (gint32));
  t->mask = nsize - 1;
  for (guint i = 0; i < t->cost->len; i++)
    {
      const Word *s = &g_array_index (t->sig, Word, (gsize) i * t->kw);
      gsize h = sig_hash (s, t->kw) & t->mask;
      while (t->slot[h] >= 0)
        h = (h + 1) & t->mask;
      t->slot[h] = i;
    }
}

static void
class_table_add (ClassTable *t, const Word *s, gboolean base)
{
  gsize h = sig_hash (s, t->kw) & t->mask;
  Cost *c;

  while (t->slot[h] >= 0)
    {
      if (memcmp (&g_array_index (t->sig, Word, (gsize) t->slot[h] * t->kw), s,
                  t->kw * sizeof (Word)) == 0)
        break;
      h = (h + 1) & t->mask;
    }
  if (t->slot[h] < 0)
    {
      Cost zero = { 0, 0 };
      t->slot[h] = t->cost->len;
      g_array_append_vals (t->sig, s, t->kw);
      g_array_append_val (t->cost, zero);
    }
  c = &g_array_index (t->cost, Cost, t->slot[h]);
  /* Level-0 costs: c0 when <s, a> = 0 (press = base), c1 otherwise. */
  if (base)
    c->c0++;
  else
    c->c1++;
  if ((gsize) t->cost->len * 2 > t->mask)
    class_table_grow (t);
}

/* An XOR basis over k-bit signatures, each element tagged with the pivots it
 * combines, for the change of coordinates described above. */
typedef struct {
  int    k;
  gsize  kw;
  int    rank;
  Word  *vec;    /* by leading bit: k × kw (row l has leading bit l, if set) */
  Word  *tag;    /* k × kw: which pivots (by order taken) vec[l] sums */
  gboolean *has;
} XorBasis;

static int
sig_leading (const Word *s, gsize kw)
{
  for (gsize w = kw; w-- > 0;)
    if (s[w])
      return (int) (w * WORD_BITS) + 63 - __builtin_clzll (s[w]);
  return -1;
}

/* Reduces v in place; accumulates into tag_out (if not NULL) the tags of the
 * basis elements used. Returns the leading bit left, or -1 if v was in the
 * span. */
static int
xor_basis_reduce (const XorBasis *b, Word *v, Word *tag_out)
{
  int l;

  while ((l = sig_leading (v, b->kw)) >= 0 && b->has[l])
    {
      xor_words (v, b->vec + (gsize) l * b->kw, b->kw);
      if (tag_out)
        xor_words (tag_out, b->tag + (gsize) l * b->kw, b->kw);
    }
  return l;
}

/* Cells in order of their distance to the nearest corner (ties by index),
 * by counting sort. */
static guint32 *
corner_order (int w, int h)
{
  gsize n = (gsize) w * h;
  int maxd = (w + h) / 2 + 1;
  g_autofree gsize *count = g_new0 (gsize, maxd + 2);
  guint32 *order = g_new (guint32, n);

  for (int pass = 0; pass < 2; pass++)
    {
      if (pass == 1)
        {
          gsize sum = 0;
          for (int d = 0; d <= maxd; d++)
            {
              gsize c = count[d];
              count[d] = sum;
              sum += c;
            }
        }
      for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
          {
            int dx = MIN (x, w - 1 - x), dy = MIN (y, h - 1 - y);
            int d = MIN (dx + dy, maxd);
            if (pass == 0)
              count[d]++;
            else
              order[count[d]++] = (guint32) ((gsize) y * w + x);
          }
    }
  return order;
}

/* Expands the node whose level-j costs are cj: computes both children's
 * costs and bounds, and searches the better first. */
static void
search_node (Search *s, int j, const Cost *cj)
{
  guint64 lb[2];
  int first;

  if (s->gave_up || s->cancelled)
    return;
  if (j == s->k)
    {
      /* One group left, the fully decided one: the exact cost. */
      guint64 cost = cj[0].c0;
      if (cost < s->best)
        {
          s->best = cost;
          memcpy (s->best_a, s->cur_a, WORDS (s->k) * sizeof (Word));
          /* (Depth 0: every bound is found with all k choices made.) */
          hb_trace_add (s->trace, HB_STEP_BOUND, -1, -1, (int) MIN (cost, G_MAXINT),
                        0, (gint64) s->nodes);
        }
      return;
    }

  {
    gsize ng = s->ngroups[j + 1];
    const gint32 *ch0 = s->child0[j + 1], *ch1 = s->child1[j + 1];
    gboolean zero = s->zero_group[j + 1];

    for (int v = 0; v < 2; v++)
      {
        Cost *out = s->buf[(j + 1) * 2 + v];
        guint64 bound = 0;

        for (gsize g = 0; g < ng; g++)
          {
            guint32 c0 = 0, c1 = 0;
            if (ch0[g] >= 0)
              {
                c0 = cj[ch0[g]].c0;
                c1 = cj[ch0[g]].c1;
              }
            if (ch1[g] >= 0)
              {
                const Cost *o = &cj[ch1[g]];
                c0 += v ? o->c1 : o->c0;
                c1 += v ? o->c0 : o->c1;
              }
            out[g].c0 = c0;
            out[g].c1 = c1;
            bound += MIN (c0, c1);
          }
        if (zero)
          bound += out[0].c0 - MIN (out[0].c0, out[0].c1);
        lb[v] = bound;
        s->work += ng + 1;
      }
    s->nodes += 2;
  }

  if ((s->nodes & 1023) < 2 && s->cancellable
      && hb_cancel_is_set (s->cancellable))
    {
      /* The time limit (the token's own deadline, hb_solve's; its caller
       * not cancelling) ends the proof, not the answer: the best found
       * stands, not proven, as under the step limit. It gave nothing,
       * though the elimination had an answer in milliseconds (review). */
      if (hb_cancel_stopped_by_deadline (s->cancellable))
        s->gave_up = s->timed_out = TRUE;
      else
        s->cancelled = TRUE;
      return;
    }
  if (s->nodes > s->node_limit || s->work > s->work_limit)
    {
      s->gave_up = TRUE;
      return;
    }

  first = lb[1] < lb[0] ? 1 : 0;
  for (int i = 0; i < 2; i++)
    {
      int v = i == 0 ? first : 1 - first;
      if (lb[v] >= s->best)
        continue;
      if (v)
        bit_set (s->cur_a, j);
      search_node (s, j + 1, s->buf[(j + 1) * 2 + v]);
      if (v)
        bit_flip (s->cur_a, j);
    }
}

/* Builds the classes (in the corner-ordered coordinates), the level tree,
 * and runs the search. Fills s->best and s->best_a (in the ORIGINAL null
 * basis coordinates) on return. Returns FALSE when the tables would not fit
 * the memory limit (nothing searched). */
static gboolean
search_run (Search *s, const Chase *c, const Word *base_rows, const Word *null_rows,
            int k)
{
  gsize N = (gsize) c->width * c->height;
  gsize kw = WORDS (k), nw = c->nw;
  g_autofree Word *cellsig = NULL;
  g_autofree guint32 *order = NULL;
  g_autofree guint32 *perm = NULL;
  XorBasis xb = { 0 };
  ClassTable t = { 0 };
  g_autofree Word *tmp = g_new0 (Word, kw);
  g_autofree Word *tagsum = g_new0 (Word, kw);
  gsize tree = 0;
  int ntaken = 0;

  s->k = k;
  s->kw = kw;
  if (N * kw * sizeof (Word) > SEARCH_MEMORY_LIMIT)
    return FALSE;

  /* Every cell's signature in the original null basis. */
  cellsig = g_new0 (Word, N * kw);
  for (int i = 0; i < k; i++)
    {
      const Word *z = null_rows + (gsize) i * c->m * nw;
      for (int r = 0; r < c->m; r++)
        {
          const Word *row = z + (gsize) r * nw;
          for (gsize w = 0; w < nw; w++)
            {
              Word x = row[w];
              while (x)
                {
                  int b = __builtin_ctzll (x);
                  gsize cell = chase_cell (c, r, (int) (w * WORD_BITS + b));
                  x &= x - 1;
                  bit_set (cellsig + cell * kw, i);
                }
            }
        }
    }

  /* Pivots in corner order. tag of vec[l] = the pivots (by rank taken) it
   * sums; a signature s reduces to Σ vec[l] over used l, so its new
   * coordinates are the xor of those tags. */
  xb.k = k;
  xb.kw = kw;
  xb.vec = g_new0 (Word, (gsize) k * kw);
  xb.tag = g_new0 (Word, (gsize) k * kw);
  xb.has = g_new0 (gboolean, k);
  order = corner_order (c->width, c->height);
  for (gsize o = 0; o < N && xb.rank < k; o++)
    {
      int l;
      memcpy (tmp, cellsig + (gsize) order[o] * kw, kw * sizeof (Word));
      memset (tagsum, 0, kw * sizeof (Word));
      l = xor_basis_reduce (&xb, tmp, tagsum);
      if (l < 0)
        continue;
      /* New pivot number ntaken: vec[l] = tmp = v_ntaken + Σ tagsum. */
      bit_flip (tagsum, ntaken);
      memcpy (xb.vec + (gsize) l * kw, tmp, kw * sizeof (Word));
      memcpy (xb.tag + (gsize) l * kw, tagsum, kw * sizeof (Word));
      xb.has[l] = TRUE;
      xb.rank++;
      ntaken++;
    }
  g_assert (xb.rank == k); /* the null vectors are independent on the board */

  /* Classes in the new coordinates. */
  t.kw = kw;
  t.mask = 1023;
  t.slot = g_new (gint32, t.mask + 1);
  memset (t.slot, 0xff, (t.mask + 1) * sizeof (gint32));
  t.sig = g_array_new (FALSE, FALSE, sizeof (Word));
  t.cost = g_array_new (FALSE, FALSE, sizeof (Cost));
  for (int r = 0; r < c->m; r++)
    for (int i = 0; i < c->n; i++)
      {
        gsize cell = chase_cell (c, r, i);
        memcpy (tmp, cellsig + cell * kw, kw * sizeof (Word));
        memset (tagsum, 0, kw * sizeof (Word));
        xor_basis_reduce (&xb, tmp, tagsum);
        class_table_add (&t, tagsum, bit_get (base_rows + (gsize) r * nw, i));
      }
  g_clear_pointer (&cellsig, g_free);
  g_free (t.slot);

  /* Sort the classes. */
  s->nclasses = t.cost->len;
  perm = g_new (guint32, s->nclasses);
  for (gsize i = 0; i < s->nclasses; i++)
    perm[i] = (guint32) i;
  {
    SortCtx ctx = { (const Word *) t.sig->data, kw };
    g_qsort_with_data (perm, (gint) s->nclasses, sizeof (guint32), class_order, &ctx);
  }
  s->sig = g_new (Word, s->nclasses * kw);
  s->cost = g_new (Cost, s->nclasses);
  for (gsize i = 0; i < s->nclasses; i++)
    {
      memcpy (s->sig + i * kw, &g_array_index (t.sig, Word, (gsize) perm[i] * kw),
              kw * sizeof (Word));
      s->cost[i] = g_array_index (t.cost, Cost, perm[i]);
    }
  g_array_unref (t.sig);
  g_array_unref (t.cost);

  /* The level tree. Level j's groups split the sorted classes where the
   * highest differing bit of neighbours is >= j. start[] holds each group's
   * first class at the current level. */
  {
    g_autofree int *hd = g_new (int, s->nclasses);
    g_autofree gsize *start = g_new (gsize, s->nclasses);
    g_autofree gsize *nstart = g_new (gsize, s->nclasses);
    gsize ng = s->nclasses;

    hd[0] = G_MAXINT;
    for (gsize i = 1; i < s->nclasses; i++)
      hd[i] = sig_high_diff (s->sig + (i - 1) * kw, s->sig + i * kw, kw);
    for (gsize i = 0; i < ng; i++)
      start[i] = i;

    s->ngroups = g_new0 (gsize, k + 1);
    s->child0 = g_new0 (gint32 *, k + 1);
    s->child1 = g_new0 (gint32 *, k + 1);
    s->zero_group = g_new0 (gboolean, k + 1);
    s->buf = g_new0 (Cost *, 2 * (k + 1));
    s->ngroups[0] = ng;
    tree = ng;
    for (int j = 1; j <= k; j++)
      {
        gsize nng = 0;
        gint32 *c0 = g_new (gint32, ng), *c1 = g_new (gint32, ng);

        for (gsize g = 0; g < ng; g++)
          {
            const Word *rep = s->sig + start[g] * kw;
            if (g > 0 && hd[start[g]] == j - 1)
              {
                /* Same key above bit j-1 as the previous group, which has
                 * bit j-1 = 0: this one is its bit-1 sibling. */
                c1[nng - 1] = (gint32) g;
                continue;
              }
            nstart[nng] = start[g];
            if (bit_get (rep, j - 1))
              {
                c0[nng] = -1;
                c1[nng] = (gint32) g;
              }
            else
              {
                c0[nng] = (gint32) g;
                c1[nng] = -1;
              }
            nng++;
          }
        s->child0[j] = g_renew (gint32, c0, MAX (nng, 1));
        s->child1[j] = g_renew (gint32, c1, MAX (nng, 1));
        s->ngroups[j] = nng;
        s->zero_group[j] = sig_leading (s->sig, kw) < j;
        memcpy (start, nstart, nng * sizeof (gsize));
        ng = nng;
        tree += nng;
        if (tree * (2 * sizeof (Cost) + 2 * sizeof (gint32)) > SEARCH_MEMORY_LIMIT)
          {
            g_free (xb.vec);
            g_free (xb.tag);
            g_free (xb.has);
            return FALSE;
          }
      }
    g_assert (ng == 1 && s->zero_group[k]);
    for (int j = 1; j <= k; j++)
      {
        s->buf[2 * j] = g_new (Cost, s->ngroups[j]);
        s->buf[2 * j + 1] = g_new (Cost, s->ngroups[j]);
      }
  }

  /* Start from a' = 0, i.e. the particular solution itself. */
  s->best_a = g_new0 (Word, kw);
  s->cur_a = g_new0 (Word, kw);
  s->best = 0;
  for (gsize i = 0; i < s->nclasses; i++)
    s->best += s->cost[i].c0;
  {
    /* The root's own bound at level 0. */
    search_node (s, 0, s->cost);
  }

  /* Back to the original coordinates: <sig, a> = <Q·sig, a'> with Q the
   * map sig -> tagsum above, so a_i = <Q·e_i, a'>. */
  {
    g_autofree Word *a = g_new0 (Word, kw);
    for (int i = 0; i < k; i++)
      {
        memset (tmp, 0, kw * sizeof (Word));
        bit_set (tmp, i);
        memset (tagsum, 0, kw * sizeof (Word));
        xor_basis_reduce (&xb, tmp, tagsum);
        Word par = 0;
        for (gsize w = 0; w < kw; w++)
          par ^= tagsum[w] & s->best_a[w];
        if (__builtin_popcountll (par) & 1)
          bit_set (a, i);
      }
    memcpy (s->best_a, a, kw * sizeof (Word));
  }
  g_free (xb.vec);
  g_free (xb.tag);
  g_free (xb.has);
  return TRUE;
}

/* ---- The solver ---------------------------------------------------------- */

void
lights_answer_clear (LightsAnswer *answer)
{
  if (answer == NULL)
    return;
  g_free (answer->press);
  memset (answer, 0, sizeof *answer);
}

static void
rows_to_press (const Chase *c, const Word *rows, guint8 *press)
{
  if (!c->transposed)
    {
      /* Chase row r is board row r: eight bits become eight bytes, byte i
       * bit i of b (b copied to every byte, bit i kept in byte i, each
       * nonzero byte turned into 1; no carry crosses a byte). */
      for (int r = 0; r < c->m; r++)
        {
          const Word *row = rows + (gsize) r * c->nw;
          guint8 *out = press + (gsize) r * c->width;
          int i = 0;

          for (; i + 8 <= c->n; i += 8)
            {
              guint64 v = (row[i / WORD_BITS] >> (i % WORD_BITS)) & 0xff;
              v = ((v * 0x0101010101010101ull) & 0x8040201008040201ull) + 0x7f7f7f7f7f7f7f7full;
              v = GUINT64_TO_LE ((v >> 7) & 0x0101010101010101ull);
              memcpy (out + i, &v, 8);
            }
          for (; i < c->n; i++)
            out[i] = bit_get (row, i);
        }
      return;
    }
  for (int r = 0; r < c->m; r++)
    {
      const Word *row = rows + (gsize) r * c->nw;
      for (gsize w = 0; w < c->nw; w++)
        {
          Word x = row[w];
          while (x)
            {
              int b = __builtin_ctzll (x);
              x &= x - 1;
              press[chase_cell (c, r, (int) (w * WORD_BITS + b))] = 1;
            }
        }
    }
}

/* The animation: the chase with an empty first row, press by press, row by
 * row (showing the lights pushed down to the last row), then the answer:
 * the chase presses it does not use are undone and its presses made, in
 * row order (its first row, then its own chase). No step has a depth: a search's "Depth 2"
 * in the player meant nothing for an elimination (review); the steps name
 * their row. */
static void
trace_chase (HbTrace *trace, const Chase *c, const guint8 *press0, const guint8 *answer,
             int left_on)
{
  gint64 count = 0;

  hb_trace_set_counter_name (trace, _("presses"));
  for (int r = 0; r < c->m; r++)
    for (int i = 0; i < c->n; i++)
      {
        gsize cell = chase_cell (c, r, i);
        if (press0[cell])
          hb_trace_add (trace, HB_STEP_MOVE, (int) (cell % c->width),
                        (int) (cell / c->width), 1, 0, ++count);
      }
  /* Between the chase and its correction: how many lights the chase left
   * on the last row (0: the chase alone solved it). */
  hb_trace_add (trace, HB_STEP_INFO, -1, -1, left_on, 0, count);
  for (int r = c->m - 1; r >= 0; r--)
    for (int i = c->n - 1; i >= 0; i--)
      {
        gsize cell = chase_cell (c, r, i);
        if (press0[cell] && !answer[cell])
          hb_trace_add (trace, HB_STEP_UNDO, (int) (cell % c->width),
                        (int) (cell / c->width), 0, 0, --count);
      }
  for (int r = 0; r < c->m; r++)
    for (int i = 0; i < c->n; i++)
      {
        gsize cell = chase_cell (c, r, i);
        /* A press the chase made and the answer keeps is made already:
         * no step (the replay showed "Press …" changing nothing). */
        if (answer[cell] && !press0[cell])
          hb_trace_add (trace, HB_STEP_MOVE, (int) (cell % c->width),
                        (int) (cell / c->width), 1, 0, ++count);
      }
}

gboolean
lights_gf2_solve (const LightsState *state, guint64 node_limit,
                  HbCancel *cancellable, HbTrace *trace,
                  LightsAnswer *answer, GError **error)
{
  Chase c;
  System sys;
  gsize nw, N;
  g_autofree Word *constant = NULL;
  g_autofree Word *zero = NULL;
  g_autofree Word *u = NULL;
  g_autofree Word *rows = NULL;
  g_autofree guint8 *press = NULL;
  int n, k;
  gboolean ok = TRUE;

  memset (answer, 0, sizeof *answer);
  /* The answer's grid, in huge pages when large (hb_malloc_big).
   * rows_to_press writes every cell of an untransposed board; the other
   * way only its presses. */
  N = (gsize) state->base.width * state->base.height;
  press = hb_malloc_big (N);
  if (state->base.width > state->base.height)
    memset (press, 0, N);
  if (!chase_init (&c, state, error))
    return FALSE;
  n = c.n;
  nw = c.nw;
  if (node_limit == 0)
    node_limit = DEFAULT_NODE_LIMIT;

  /* The constant: the real lights chased from an empty first row. */
  constant = g_new0 (Word, nw);
  zero = g_new0 (Word, nw);
  chase_run (&c, TRUE, zero, NULL, constant);

  if (!system_build (&sys, &c, constant, error))
    {
      chase_clear (&c);
      return FALSE;
    }
  if (!system_eliminate (&sys, cancellable))
    {
      answer->cancelled = TRUE;
      goto out;
    }
  k = n - sys.rank;
  answer->nullity = k;
  answer->solvable = sys.consistent;
  if (!sys.consistent)
    goto out;

  /* The particular first row: free unknowns 0, pivot unknowns read off the
   * constant column. */
  u = g_new0 (Word, nw);
  for (int i = 0; i < sys.rank; i++)
    if (bit_get (sys.rows + (gsize) i * sys.rw, n))
      bit_set (u, sys.pivot_col[i]);

  rows = g_try_malloc_n ((gsize) c.m * nw, sizeof (Word));
  if (rows == NULL)
    {
      g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED,
                   _("Out of memory for a %d×%d board"), c.width, c.height);
      ok = FALSE;
      goto out;
    }

  answer->optimal = TRUE;
  if (k > 0)
    {
      /* The null basis: one vector per free unknown f, z_f = e_f + the
       * pivot unknowns' column f. */
      g_autofree Word *nullv = g_new0 (Word, (gsize) k * nw);
      g_autofree Word *null_rows = NULL;
      g_autofree Word *resid = g_new0 (Word, nw);
      g_autofree gboolean *is_pivot = g_new0 (gboolean, n);
      Search s = { 0 };
      int f = 0;

      for (int i = 0; i < sys.rank; i++)
        is_pivot[sys.pivot_col[i]] = TRUE;
      for (int col = 0; col < n; col++)
        {
          Word *z;
          if (is_pivot[col])
            continue;
          z = nullv + (gsize) f * nw;
          bit_set (z, col);
          for (int i = 0; i < sys.rank; i++)
            if (bit_get (sys.rows + (gsize) i * sys.rw, col))
              bit_set (z, sys.pivot_col[i]);
          f++;
        }

      s.node_limit = node_limit;
      s.work_limit = node_limit > G_MAXUINT64 / WORK_PER_NODE
                     ? G_MAXUINT64 : node_limit * WORK_PER_NODE;
      s.cancellable = cancellable;
      s.trace = trace;
      /* Setting up the search reduces every cell's k-bit signature against
       * k pivots: N·k·k/64 word operations, and k chased null vectors in
       * memory. Past these bounds (a 1055×1055 board has nullity 702) the
       * particular solution is returned, not proven minimal. */
      if ((gsize) k * nw * c.m * sizeof (Word) <= SEARCH_MEMORY_LIMIT
          && (double) N * k * WORDS (k) <= SEARCH_SETUP_LIMIT)
        null_rows = g_try_malloc_n ((gsize) k * c.m * nw, sizeof (Word));
      if (null_rows != NULL)
        {
          for (int i = 0; i < k; i++)
            chase_run (&c, FALSE, nullv + (gsize) i * nw,
                       null_rows + (gsize) i * c.m * nw, resid);
          chase_run (&c, TRUE, u, rows, resid);
          if (search_run (&s, &c, rows, null_rows, k))
            {
              for (int i = 0; i < k; i++)
                if (bit_get (s.best_a, i))
                  xor_words (u, nullv + (gsize) i * nw, nw);
              answer->nodes = s.nodes;
              answer->optimal = !s.gave_up && !s.cancelled;
              answer->cancelled = s.cancelled;
              answer->timed_out = s.timed_out;
            }
          else
            answer->optimal = FALSE;
        }
      else
        answer->optimal = FALSE;
      search_clear (&s);
      if (answer->cancelled)
        goto out;
    }

  /* The answer: the chase of the chosen first row over the real lights. */
  {
    g_autofree Word *resid = g_new0 (Word, nw);

    chase_run (&c, TRUE, u, rows, resid);
    for (gsize w = 0; w < nw; w++)
      if (resid[w] != 0)
        {
          /* Cannot happen: u solves M·u = c. Refuse rather than lie. */
          g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED,
                       _("internal error: the first row found does not clear the board"));
          ok = FALSE;
          goto out;
        }
    answer->press = g_steal_pointer (&press);
    rows_to_press (&c, rows, answer->press);
    answer->presses = popcount_words (rows, (gsize) c.m * nw);
  }

  if (hb_trace_wants (trace) && N <= TRACE_MAX_CELLS)
    {
      g_autofree guint8 *press0 = g_malloc0 (N);
      g_autofree Word *resid = g_new0 (Word, nw);

      chase_run (&c, TRUE, zero, rows, resid);
      rows_to_press (&c, rows, press0);
      trace_chase (trace, &c, press0, answer->press, (int) popcount_words (resid, nw));
    }

out:
  if (!ok)
    lights_answer_clear (answer);
  system_clear (&sys);
  chase_clear (&c);
  return ok;
}

/* The number of solutions, 2 to the power k, in plain words: "256", or
 * "2 to the power 70" when it has more than 19 digits. */
static char *
format_solutions (int k)
{
  if (k < 64)
    return g_strdup_printf ("%" G_GUINT64_FORMAT, (guint64) 1 << k);
  /* TRANSLATORS: a number of solutions too large to write out */
  return g_strdup_printf (_("2 to the power %d"), k);
}

/* The solutions with their noun, its plural from their number: "256
 * solutions" (a message's one plural, from its presses, read "cele 256
 * soluții" in Romanian, where 256 takes "de soluții"). Past 63 the words
 * end on the power, which the noun follows. */
static char *
solutions_text (int k, const char *sols)
{
  gulong n = k < 64 ? (gulong) MIN ((guint64) 1 << k, (guint64) G_MAXULONG) : (gulong) k;

  /* TRANSLATORS: a number of solutions, within the next messages: "256
   * solutions", "2 to the power 70 solutions" */
  return g_strdup_printf (g_dngettext (NULL, "%s solution", "%s solutions", n), sols);
}

static HbResult *
gf2_solve (const HbState *state, const HbSolveOptions *options, HbTrace *trace,
           HbCancel *cancellable, GError **error)
{
  const LightsState *s = LIGHTS_CONST (state);
  LightsAnswer a;
  HbResult *r;
  g_autofree char *sols = NULL;
  g_autofree char *counted = NULL;

  if (!lights_gf2_solve (s, options->node_limit, cancellable, trace, &a, error))
    return NULL;
  if (a.cancelled)
    {
      r = hb_result_new (HB_STATUS_CANCELLED);
      hb_result_set_message (r, "%s", _("Cancelled"));
      lights_answer_clear (&a);
      return r;
    }
  if (!a.solvable)
    {
      r = hb_result_new (HB_STATUS_NO_SOLUTION);
      hb_result_set_message (r, "%s", _("No set of presses turns every light off: the "
                                        "first-row system over GF(2) is inconsistent"));
      hb_result_add_stat (r, N_("solvable"), "%s", _("no"));
      hb_result_add_stat (r, N_("nullity"), "%d", a.nullity);
      hb_result_add_stat (r, N_("solutions"), "0");
      lights_answer_clear (&a);
      return r;
    }

  r = hb_result_new (HB_STATUS_SOLVED);
  if (options->answer_board)
    {
      /* The press grid itself: 4 million presses would be 64 MB of moves
       * (and `solved`, left NULL, another 4 MB of dark board). */
      r->answer = &lights_state_new_take (state->width, state->height,
                                          g_steal_pointer (&a.press))->base;
    }
  else
  {
    int w = state->width, h = state->height;
    gsize at = 0;

    HbMove *m;

    /* Eight cells at a time: a mask of the pressed ones (press bytes are
     * 0 or 1), then one move per set bit, in row order. */
    g_array_set_size (r->moves, (guint) a.presses);
    m = (HbMove *) (gpointer) r->moves->data;
    for (int y = 0; y < h; y++)
      {
        const guint8 *row = a.press + (gsize) y * w;
        int x = 0;

        for (; x + 8 <= w; x += 8)
          {
            guint64 v, bits;
            memcpy (&v, row + x, 8);
            v = GUINT64_FROM_LE (v);
            /* Byte i's low bit to bit i. */
            bits = ((v & 0x0101010101010101ull) * 0x0102040810204080ull) >> 56;
            while (bits)
              {
                int b = __builtin_ctzll (bits);
                bits &= bits - 1;
                m[at++] = (HbMove) { LIGHTS_OP_PRESS, x + b, y, 0 };
              }
          }
        for (; x < w; x++)
          if (row[x])
            m[at++] = (HbMove) { LIGHTS_OP_PRESS, x, y, 0 };
      }
    g_assert (at == a.presses);
    g_array_set_size (r->moves, (guint) a.presses);
    r->solved = &lights_state_new (w, h)->base;
  }
  r->optimal = a.optimal;
  sols = format_solutions (a.nullity);
  counted = solutions_text (a.nullity, sols);
  hb_result_add_stat (r, N_("solvable"), "%s", _("yes"));
  hb_result_add_stat (r, N_("nullity"), "%d", a.nullity);
  hb_result_add_stat (r, N_("solutions"), "%s", sols);
  hb_result_add_stat (r, N_("presses"), "%" G_GUINT64_FORMAT, a.presses);
  hb_result_add_stat (r, N_("optimal"), "%s", a.optimal ? _("proven") : _("not proven"));
  hb_result_add_stat (r, N_("nodes"), "%" G_GUINT64_FORMAT, a.nodes);
  if (!a.optimal && a.nodes == 0)
    /* TRANSLATORS: %s is the solutions ("256 solutions", "2 to the power
     * 70 solutions") */
    hb_result_set_message (r, _("Did not search for the fewest presses: the board has %s, "
                                "too many to compare on a board this size; this is one of "
                                "them, and one with fewer presses may exist"), counted);
  else if (!a.optimal)
    {
      g_autofree char *npresses = g_strdup_printf ("%" G_GUINT64_FORMAT, a.presses);
      g_autofree char *presses = g_strdup_printf (g_dngettext (NULL, "%s press", "%s presses",
                                                               (gulong) MIN (a.presses,
                                                                             G_MAXULONG)),
                                                  npresses);

      /* Which limit, not how many steps: the step limit also bounds the
       * work a step takes, so on a large board "after 2 search steps"
       * came under a limit of 100 (review); the steps are in the stats. */
      if (a.timed_out)
        /* TRANSLATORS: "Gave up proving the fewest at the time limit: 17
         * presses, fewer may exist among the 1099511627776 solutions" */
        hb_result_set_message (r, _("Gave up proving the fewest at the time limit: %s, fewer "
                                    "may exist among the %s"), presses, counted);
      else
        /* TRANSLATORS: as "Gave up proving the fewest at the time limit" */
        hb_result_set_message (r, _("Gave up proving the fewest at the step limit: %s, fewer "
                                    "may exist among the %s"), presses, counted);
    }
  else if (a.nullity > 0)
    {
      g_autofree char *npresses = g_strdup_printf ("%" G_GUINT64_FORMAT, a.presses);
      g_autofree char *presses = g_strdup_printf (g_dngettext (NULL, "%s press", "%s presses",
                                                               (gulong) MIN (a.presses,
                                                                             G_MAXULONG)),
                                                  npresses);

      /* TRANSLATORS: "17 presses, the fewest of the 256 solutions
       * (proven)"; the second %s can be "2 to the power 70 solutions" */
      hb_result_set_message (r, _("%s, the fewest of the %s (proven)"), presses, counted);
    }
  lights_answer_clear (&a);
  return r;
}

const HbSolver lights_solver_gf2 = {
  .id = "gf2",
  .name = N_("Linear algebra over GF(2)"),
  .summary = N_("Light chasing reduces the board to a first-row system over GF(2); "
                "branch and bound over the null space proves the fewest presses"),
  .flags = HB_SOLVER_EXACT | HB_SOLVER_OPTIMAL | HB_SOLVER_ANIMATED | HB_SOLVER_OWN_NODE_LIMIT,
  .solve = gf2_solve,
};
