/* flow.c: Flow Free as an HbGame: the facts, states, formats, rules and
 * moves, the pointer gestures, the palette, hints and trace frames the
 * shell uses. The model (states, text format, answers) is flow-model.c,
 * the JSON format flow-json.c, the drawing flow-render.c. */
#include "flow-game.h"
#include "hb-stat-label.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

/* ---- States ---------------------------------------------------------------- */

static HbState *
flow_new_blank (int width, int height)
{
  if (width < 1 || height < 1 || width > HB_MAX_SIDE || height > HB_MAX_SIDE)
    return NULL;
  return &flow_state_new (width, height, 0)->base;
}

static HbState *
flow_copy (const HbState *s)
{
  return &flow_state_copy (FLOW_CONST (s))->base;
}

static void
flow_free (HbState *s)
{
  flow_state_free (FLOW (s));
}

/* The character a cell value (colour + 1) stands for, or a value of its
 * own outside the names. */
static inline int
value_char (const FlowState *s, guint8 v)
{
  return v == 0 ? 0 : v <= FLOW_MAX_COLOURS ? (guchar) s->names[v - 1] : 256 + v;
}

/* Two boards are equal when every cell shows the same: the same dot and
 * path characters and the same links. How the colours are numbered does
 * not matter (a generator may number them otherwise than a file read in
 * reading order does). */
static gboolean
flow_equal (const HbState *a, const HbState *b)
{
  const FlowState *x = FLOW_CONST (a), *y = FLOW_CONST (b);
  gsize n = (gsize) a->width * a->height;

  if (a->game != b->game || a->width != b->width || a->height != b->height
      || x->colours != y->colours || x->moves != y->moves
      || memcmp (x->links, y->links, n) != 0)
    return FALSE;
  for (gsize i = 0; i < n; i++)
    if (value_char (x, x->dot[i]) != value_char (y, y->dot[i])
        || value_char (x, x->colour[i]) != value_char (y, y->colour[i]))
      return FALSE;
  return TRUE;
}

static int
popcount4 (guint8 m)
{
  return (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1);
}

/* The neighbour of cell i in direction d, or -1 off the board. */
static inline int
neighbour (const FlowState *s, int i, int d)
{
  return hb_neighbour_cell (i, s->base.width, s->base.height, d);
}

/* The next cell of a path through cur: the neighbour its links point at,
 * of colour c + 1 in `colour`, other than prev; -1 when there is none.
 * `links` and `colour` are the board's own or a hint's solution. */
static int
link_next (const FlowState *s, const guint8 *links, const guint8 *colour, int cur, int prev,
           int c)
{
  for (int d = 0; d < 4; d++)
    if ((links[cur] >> d) & 1)
      {
        int j = neighbour (s, cur, d);
        if (j >= 0 && j != prev && colour[j] == c + 1)
          return j;
      }
  return -1;
}

static int
dots_of (const FlowState *s, int c)
{
  gsize n = (gsize) s->base.width * s->base.height;
  int k = 0;

  for (gsize i = 0; i < n; i++)
    k += s->dot[i] == c + 1;
  return k;
}

/* Removes colour e (which has no dots left) and renumbers the colours
 * above it, keeping each colour's character (so its drawn colour) and
 * its JSON string; e's character goes back among the spare ones. */
static void
remove_colour (FlowState *s, int e)
{
  gsize n = (gsize) s->base.width * s->base.height;
  char ch = s->names[e];
  char *js = s->json_names ? s->json_names[e] : NULL;

  memset (s->origin, 0, sizeof s->origin);
  for (gsize i = 0; i < n; i++)
    {
      if (s->dot[i] > e + 1)
        s->dot[i]--;
      if (s->colour[i] == e + 1)
        s->colour[i] = 0, s->links[i] = 0;
      else if (s->colour[i] > e + 1)
        s->colour[i]--;
    }
  memmove (s->names + e, s->names + e + 1, (gsize) (s->colours - 1 - e));
  s->names[s->colours - 1] = ch;
  if (s->json_names != NULL)
    {
      memmove (s->json_names + e, s->json_names + e + 1,
               sizeof (char *) * (gsize) (s->colours - 1 - e));
      s->json_names[s->colours - 1] = js;
    }
  s->colours--;
}

/* Renumbers the colours in the order their first dot comes in reading
 * order, as the text and JSON formats number them when read, so that a
 * level edited dot by dot writes to text that reads back equal. */
static void
number_in_reading_order (FlowState *s)
{
  gsize n = (gsize) s->base.width * s->base.height;
  guint8 map[FLOW_MAX_COLOURS + 1] = { 0 };
  char names[FLOW_MAX_COLOURS + 1];
  char *js[FLOW_MAX_COLOURS] = { NULL };
  int next = 0;
  gboolean same = TRUE;

  /* An edit: which dot each path was started from no longer holds. */
  memset (s->origin, 0, sizeof s->origin);
  for (gsize i = 0; i < n && next < s->colours; i++)
    if (s->dot[i] && map[s->dot[i]] == 0)
      {
        map[s->dot[i]] = (guint8) ++next;
        same = same && s->dot[i] == next;
      }
  if (same || next != s->colours)
    return;
  memcpy (names, s->names, sizeof names);
  for (int c = 0; c < s->colours; c++)
    {
      s->names[map[c + 1] - 1] = names[c];
      if (s->json_names != NULL)
        js[map[c + 1] - 1] = s->json_names[c];
    }
  if (s->json_names != NULL)
    memcpy (s->json_names, js, sizeof (char *) * (gsize) s->colours);
  for (gsize i = 0; i < n; i++)
    {
      s->dot[i] = map[s->dot[i]];
      s->colour[i] = map[s->colour[i]];
    }
}

/* ---- Paths ------------------------------------------------------------------ */

/* The cells linked to `start` (its piece of path), into `out`. A piece is
 * a chain (a cell has at most two links), but raw moves may have made a
 * loop, so cells are marked as they are reached. */
static void
piece (const FlowState *s, int start, GArray *out)
{
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  guint from = out->len;

  g_array_append_val (out, start);
  g_hash_table_add (seen, GINT_TO_POINTER (start));
  for (guint k = from; k < out->len; k++)
    {
      int i = g_array_index (out, int, k);
      for (int d = 0; d < 4; d++)
        if ((s->links[i] >> d) & 1)
          {
            int j = neighbour (s, i, d);
            if (j >= 0 && g_hash_table_add (seen, GINT_TO_POINTER (j)))
              g_array_append_val (out, j);
          }
    }
}

/* The first dot (lowest cell) in the piece, or -1. */
static int
piece_dot (const FlowState *s, GArray *cells, guint from)
{
  int best = -1;

  for (guint k = from; k < cells->len; k++)
    {
      int i = g_array_index (cells, int, k);
      if (s->dot[i] && (best < 0 || i < best))
        best = i;
    }
  return best;
}

/* Empties the piece at `start`: its links go, its cells but the dots
 * lose their colour. */
static void
clear_piece (FlowState *s, int start)
{
  g_autoptr (GArray) cells = g_array_new (FALSE, FALSE, sizeof (int));

  piece (s, start, cells);
  for (guint k = 0; k < cells->len; k++)
    {
      int i = g_array_index (cells, int, k);
      s->links[i] = 0;
      s->colour[i] = s->dot[i];
    }
}

/* Removes the link from i in direction d, both ways. */
static void
unlink_dir (FlowState *s, int i, int d)
{
  int j = neighbour (s, i, d);

  s->links[i] &= (guint8) ~(1u << d);
  if (j >= 0)
    s->links[j] &= (guint8) ~(1u << HB_DIR_OPPOSITE (d));
}

/* Cuts the path through cell i out of the way: the cell loses its links
 * and its colour, and each piece left behind that no longer reaches a dot
 * of its colour is emptied. A joined path cut in two keeps, as the game
 * does, only the part drawn from the dot it was started from (when that
 * is known: see FlowState.origin); else both stubs stay. */
static void
cut_at (FlowState *s, int i)
{
  g_autoptr (GArray) cells = g_array_new (FALSE, FALSE, sizeof (int));
  int nb[4], k = 0, c = s->colour[i] - 1;
  int origin = c >= 0 && c < s->colours ? s->origin[c] - 1 : -1;
  int keep = -1, other = -1;

  for (int d = 0; d < 4; d++)
    if ((s->links[i] >> d) & 1)
      {
        int j = neighbour (s, i, d);
        unlink_dir (s, i, d);
        if (j >= 0)
          nb[k++] = j;
      }
  s->colour[i] = s->dot[i];
  if (origin >= 0 && ((gsize) origin >= (gsize) s->base.width * s->base.height
                      || s->dot[origin] != c + 1))
    origin = -1;
  for (int q = 0; q < k; q++)
    {
      g_array_set_size (cells, 0);
      piece (s, nb[q], cells);
      if (piece_dot (s, cells, 0) < 0)
        clear_piece (s, nb[q]);
      else
        {
          gboolean has_origin = FALSE;
          for (guint m = 0; m < cells->len && !has_origin; m++)
            has_origin = g_array_index (cells, int, m) == origin;
          if (has_origin)
            keep = nb[q];
          else
            other = nb[q];
        }
    }
  if (keep >= 0 && other >= 0)
    clear_piece (s, other);
}

/* The links of `i` that lead (through i's piece, without i) to a dot:
 * for each direction d with a link, dot_at[d] is that dot's cell or -1. */
static void
branch_dots (FlowState *s, int i, int dot_at[4])
{
  g_autoptr (GArray) cells = g_array_new (FALSE, FALSE, sizeof (int));
  guint8 saved = s->links[i];

  for (int d = 0; d < 4; d++)
    dot_at[d] = -1;
  /* Detach i for the walk, then put its links back. */
  for (int d = 0; d < 4; d++)
    if ((saved >> d) & 1)
      {
        int j = neighbour (s, i, d);
        if (j >= 0)
          s->links[j] &= (guint8) ~(1u << HB_DIR_OPPOSITE (d));
      }
  s->links[i] = 0;
  for (int d = 0; d < 4; d++)
    if ((saved >> d) & 1)
      {
        int j = neighbour (s, i, d);
        if (j < 0)
          continue;
        g_array_set_size (cells, 0);
        piece (s, j, cells);
        dot_at[d] = piece_dot (s, cells, 0);
      }
  s->links[i] = saved;
  for (int d = 0; d < 4; d++)
    if ((saved >> d) & 1)
      {
        int j = neighbour (s, i, d);
        if (j >= 0)
          s->links[j] |= (guint8) (1u << HB_DIR_OPPOSITE (d));
      }
}

/* TRUNCATE at i keeping `keep` (a direction, or -1 for none); returns
 * TRUE when something changed. */
static gboolean
truncate_at (FlowState *s, int i, int keep)
{
  gboolean changed = FALSE;

  for (int d = 0; d < 4; d++)
    if (d != keep && ((s->links[i] >> d) & 1))
      {
        int j = neighbour (s, i, d);
        unlink_dir (s, i, d);
        if (j >= 0)
          clear_piece (s, j);
        changed = TRUE;
      }
  if (s->links[i] == 0 && !s->dot[i] && s->colour[i] != 0)
    {
      s->colour[i] = 0;
      changed = TRUE;
    }
  return changed;
}

/* The branch TRUNCATE keeps by default: one that reaches a dot; when both
 * do (a joined path), the one from the dot the path was drawn from (as a
 * cut keeps, see cut_at: a press in the middle of a path drawn from its
 * right dot kept the left part), else the first dot in reading order;
 * else none (-1). */
static int
auto_keep (FlowState *s, int i)
{
  int dot_at[4], keep = -1, c = s->colour[i] - 1;
  int origin = c >= 0 && c < s->colours ? s->origin[c] - 1 : -1;

  branch_dots (s, i, dot_at);
  for (int d = 0; d < 4; d++)
    if (dot_at[d] >= 0 && dot_at[d] == origin)
      return d;
  for (int d = 0; d < 4; d++)
    if (dot_at[d] >= 0 && (keep < 0 || dot_at[d] < dot_at[keep]))
      keep = d;
  /* A dot keeps its path only when that path reaches its other dot (the
   * path is joined): "up to the dot" is then the whole of it. */
  return keep;
}

/* Is colour c joined: its first dot reaches its second along links? */
static gboolean
colour_joined (const FlowState *s, int c)
{
  int a, b, cur, prev = -1;
  gsize n = (gsize) s->base.width * s->base.height, steps = 0;

  if (!flow_endpoints (s, c, &a, &b))
    return FALSE;
  cur = a;
  while (cur != b && steps++ < n)
    {
      int next = link_next (s, s->links, s->colour, cur, prev, c);
      if (next < 0)
        return FALSE;
      prev = cur;
      cur = next;
    }
  return cur == b;
}

/* ---- Rules ---------------------------------------------------------------------- */

static gboolean
flow_game_is_solved (const HbState *s)
{
  return flow_is_solved (FLOW_CONST (s));
}

/* The drawn paths of the colours an edit at one cell leaves alone, kept
 * across it: placing or taking away a dot used to wipe every path. Kept
 * by character, since an edit may number the colours again; the colours
 * it touches (the dot's there, the one placed, a path through the cell)
 * lose theirs. */
typedef struct {
  char   *ch;      /* each cell's colour character, 0 for none or dropped */
  guint8 *links;
} KeptPaths;

static void
keep_paths_begin (const FlowState *s, int cell, char placed, KeptPaths *k)
{
  gsize n = (gsize) s->base.width * s->base.height;
  char dropped[2] = { 0, 0 };

  if (s->dot[cell])
    dropped[0] = s->names[s->dot[cell] - 1];
  if (s->colour[cell])
    dropped[1] = s->names[s->colour[cell] - 1];
  k->ch = g_malloc (n);
  k->links = g_memdup2 (s->links, n);
  for (gsize j = 0; j < n; j++)
    {
      char c = s->colour[j] ? s->names[s->colour[j] - 1] : 0;
      k->ch[j] = c != 0 && c != placed && c != dropped[0] && c != dropped[1] ? c : 0;
    }
}

static void
keep_paths_end (FlowState *s, KeptPaths *k)
{
  gsize n = (gsize) s->base.width * s->base.height;
  int index_of[128];

  for (int c = 0; c < 128; c++)
    index_of[c] = -1;
  for (int c = 0; c < s->colours; c++)
    index_of[(int) s->names[c] & 127] = c;
  for (gsize j = 0; j < n; j++)
    if (k->ch[j] != 0 && index_of[(int) k->ch[j] & 127] >= 0)
      {
        s->colour[j] = (guint8) (index_of[(int) k->ch[j] & 127] + 1);
        s->links[j] = k->links[j];
      }
  g_free (k->ch);
  g_free (k->links);
}

/* The colour (0 based) whose character is `ch`, or -1. Colours are
 * numbered again as they come and go; their characters stay. */
static int
colour_by_name (const FlowState *s, char ch)
{
  for (int k = 0; k < FLOW_MAX_COLOURS; k++)
    if (ch != '\0' && s->names[k] == ch)
      return k;
  return -1;
}

/* Applies a move to s in place; FALSE when it changes nothing or is not
 * legal (s may then be half changed: callers work on a copy). */
static gboolean
apply_in_place (FlowState *s, const HbMove *m)
{
  int w = s->base.width, h = s->base.height;
  gsize n = (gsize) w * h;
  gboolean in = m->x >= 0 && m->y >= 0 && m->x < w && m->y < h;
  int i = in ? m->y * w + m->x : -1;

  switch ((FlowOp) m->op)
    {
    case FLOW_OP_LINK:
      {
        int d = m->value & 3, c = m->value >> 2, j;
        int ends[2];

        if (!in || m->value < 0 || c >= s->colours)
          return FALSE;
        j = neighbour (s, i, d);
        if (j < 0)
          return FALSE;
        if ((s->dot[i] && s->dot[i] != c + 1) || (s->dot[j] && s->dot[j] != c + 1))
          return FALSE;
        if (((s->links[i] >> d) & 1) && s->colour[i] == c + 1)
          return FALSE;
        ends[0] = i;
        ends[1] = j;
        for (int k = 0; k < 2; k++)
          if (s->colour[ends[k]] != 0 && s->colour[ends[k]] != c + 1)
            cut_at (s, ends[k]);
        /* A path never forks: a cell takes at most two links, a dot one. */
        for (int k = 0; k < 2; k++)
          if (popcount4 (s->links[ends[k]]) >= (s->dot[ends[k]] ? 1 : 2))
            return FALSE;
        /* A path started afresh from a dot: the part a cut keeps. */
        if (s->dot[i] == c + 1 && s->links[i] == 0)
          s->origin[c] = i + 1;
        else if (s->dot[j] == c + 1 && s->links[j] == 0 && s->links[i] == 0)
          s->origin[c] = j + 1;
        flow_link (s, i, d, c);
        return TRUE;
      }

    case FLOW_OP_CLEAR_COLOUR:
      {
        gboolean changed = FALSE;
        if (m->value < 0 || m->value >= s->colours)
          return FALSE;
        /* Every cell of the colour, not only those its dots reach: a
         * file's paths may hold pieces apart from them. */
        for (gsize k = flow_next_byte (s->colour, 0, n, (guint8) (m->value + 1)); k < n;
             k = flow_next_byte (s->colour, k + 1, n, (guint8) (m->value + 1)))
          if (s->links[k] || !s->dot[k])
            {
              s->links[k] = 0;
              s->colour[k] = s->dot[k];
              changed = TRUE;
            }
        return changed;
      }

    case FLOW_OP_TRUNCATE:
      {
        int keep;
        if (!in || s->colour[i] == 0)
          return FALSE;
        if (m->value >= 0 && m->value < 4)
          keep = ((s->links[i] >> m->value) & 1) ? m->value : -1;
        else if (m->value == 4)
          keep = -1;
        else
          keep = auto_keep (s, i);
        return truncate_at (s, i, keep);
      }

    case FLOW_OP_SET_DOT:
      {
        char ch;
        int c;
        KeptPaths kept;

        if (!in || m->value < -1 || m->value >= FLOW_MAX_COLOURS)
          return FALSE;
        if (m->value == -1)
          {
            int e = s->dot[i] - 1;
            if (e < 0)
              return FALSE;
            keep_paths_begin (s, i, 0, &kept);
            flow_clear_paths (s);
            s->dot[i] = 0;
            s->colour[i] = 0;
            if (dots_of (s, e) == 0)
              remove_colour (s, e);
            s->moves = 0;
            number_in_reading_order (s);
            keep_paths_end (s, &kept);
            return TRUE;
          }
        ch = s->names[m->value];
        if (ch == '\0' || s->dot[i] == m->value + 1)
          return FALSE;
        if (m->value < s->colours && dots_of (s, m->value) >= 2)
          return FALSE;
        keep_paths_begin (s, i, ch, &kept);
        flow_clear_paths (s);
        /* Another colour's dot here goes first (which may renumber). */
        if (s->dot[i])
          {
            int e = s->dot[i] - 1;
            s->dot[i] = 0;
            s->colour[i] = 0;
            if (dots_of (s, e) == 0)
              remove_colour (s, e);
          }
        /* Find the colour again by its character. */
        c = colour_by_name (s, ch);
        if (c < 0)
          {
            keep_paths_end (s, &kept);
            return FALSE;
          }
        if (c >= s->colours)
          {
            /* A new colour: it takes the next number, its character
             * swapping places with the spare one there. */
            int k = s->colours;
            char t = s->names[k];
            s->names[k] = s->names[c];
            s->names[c] = t;
            if (s->json_names != NULL)
              {
                char *js = s->json_names[k];
                s->json_names[k] = s->json_names[c];
                s->json_names[c] = js;
              }
            c = k;
            s->colours++;
          }
        s->dot[i] = (guint8) (c + 1);
        s->colour[i] = (guint8) (c + 1);
        s->moves = 0;
        number_in_reading_order (s);
        keep_paths_end (s, &kept);
        return TRUE;
      }

    case FLOW_OP_CLEAR_PATHS:
      for (gsize k = 0; k < n; k++)
        if (s->links[k] || s->colour[k] != s->dot[k])
          {
            flow_clear_paths (s);
            return TRUE;
          }
      return FALSE;

    default:
      return FALSE;
    }
}

static HbState *
flow_apply (const HbState *state, const HbMove *m)
{
  FlowState *r = flow_state_copy (FLOW_CONST (state));

  if (!apply_in_place (r, m))
    {
      flow_state_free (r);
      return NULL;
    }
  return &r->base;
}

static HbState *
flow_apply_all (const HbState *state, const HbMove *moves, guint n)
{
  FlowState *r = flow_state_copy (FLOW_CONST (state));

  for (guint i = 0; i < n; i++)
    if (!apply_in_place (r, &moves[i]))
      {
        flow_state_free (r);
        return NULL;
      }
  return &r->base;
}

/* ---- Resizing ---------------------------------------------------------------------- */

static HbState *
flow_resize (const HbState *state, int width, int height, int dx, int dy)
{
  const FlowState *s = FLOW_CONST (state);
  FlowState *r;

  if (width < 1 || height < 1 || width > HB_MAX_SIDE || height > HB_MAX_SIDE)
    return NULL;
  r = flow_state_new (width, height, s->colours);
  memcpy (r->names, s->names, sizeof r->names);
  if (s->json_names != NULL)
    {
      r->json_names = g_new0 (char *, FLOW_MAX_COLOURS + 1);
      for (int c = 0; c < FLOW_MAX_COLOURS; c++)
        r->json_names[c] = g_strdup (s->json_names[c]);
    }
  hb_grid_move_bytes (r->dot, width, height, s->dot, state->width, state->height, dx, dy);
  memcpy (r->colour, r->dot, (gsize) width * height);
  /* The paths are gone; a colour whose dots both fell off goes too. */
  for (int c = r->colours - 1; c >= 0; c--)
    if (dots_of (r, c) == 0)
      remove_colour (r, c);
  return &r->base;
}

/* ---- Formats ------------------------------------------------------------------------- */

/* ---- Paths in progress ---------------------------------------------------
 *
 * A level being played is saved with its paths, so that opening it again
 * goes on where it was: after the rows, one comment line per row,
 *
 *   # path: R2R8R8.0
 *
 * two characters per cell, the colour's character of the path through it
 * ('.' none) and its links as a hex digit (bits N E S W as in hb-grid.h).
 * Readers that do not know them see comments. They are checked as a level
 * is: a link must be met by its neighbour's, in the same colour. A
 * "# path:" comment with a blank after its first word is a comment. */

#define PATH_PREFIX "# path:"

static gboolean
has_paths (const FlowState *s)
{
  gsize n = (gsize) s->base.width * s->base.height;

  for (gsize i = 0; i < n; i++)
    if (s->links[i] || s->colour[i] != s->dot[i])
      return TRUE;
  return FALSE;
}

static void
write_paths (const FlowState *s, GString *out)
{
  int w = s->base.width, h = s->base.height;

  for (int y = 0; y < h; y++)
    {
      g_string_append (out, PATH_PREFIX " ");
      for (int x = 0; x < w; x++)
        {
          gsize i = (gsize) y * w + x;
          g_string_append_c (out, s->colour[i] ? s->names[s->colour[i] - 1] : '.');
          g_string_append_c (out, "0123456789abcdef"[s->links[i] & 15]);
        }
      g_string_append_c (out, '\n');
    }
}

/* Reads the path lines of a level parsed from `text` into s; TRUE when
 * there are none or they are right. Columns count bytes (the lines are
 * ASCII once the text has been checked). */
static gboolean
read_paths (FlowState *s, const char *text, gsize len, GError **error)
{
  int w = s->base.width, h = s->base.height, y = 0, first = 0;
  g_autofree int *line_of = g_new0 (int, h);
  g_autofree int *col_of = g_new0 (int, h);
  HbLineReader r;
  const char *line;
  gsize n;

  hb_line_reader_init (&r, text, len);
  while (hb_line_reader_next (&r, &line, &n))
    {
      const char *row = line;
      gsize rlen = n, lead = hb_strip_slice (&row, &rlen), k;
      gsize plen = strlen (PATH_PREFIX);

      if (rlen < plen || memcmp (row, PATH_PREFIX, plen) != 0)
        continue;
      k = plen;
      while (k < rlen && (row[k] == ' ' || row[k] == '\t'))
        k++;
      /* Words after "# path:" are a comment a person wrote ("# path: the
       * red one is the trick"), refused as a path line: a path line is one
       * run of characters without a blank. */
      if (memchr (row + k, ' ', rlen - k) != NULL || memchr (row + k, '\t', rlen - k) != NULL)
        continue;
      if (first == 0)
        first = r.line;
      if (y >= h)
        {
          hb_set_parse_error (error, HB_PARSE_ERROR_SHAPE, r.line, (int) lead + 1,
                              g_dngettext (NULL, "more path lines than the board's %d row",
                                           "more path lines than the board's %d rows",
                                           (gulong) MAX (h, 0)),
                              h);
          return FALSE;
        }
      /* A character past ASCII is named where it stands (the lines
       * before it are ASCII, so its byte is its column): it was one byte
       * of it, "'\xc3' is no colour of this level", or a length counted
       * in bytes, "a path line needs 6 characters" for six. */
      for (gsize j = k; j < rlen; j++)
        if ((guchar) row[j] >= 0x80)
          {
            char found[HB_CHAR_TEXT];

            hb_describe_char (row, rlen, j, found);
            if ((j - k) % 2 == 0)
              hb_set_parse_error (error, HB_PARSE_ERROR_SYNTAX, r.line, (int) (lead + j) + 1,
                                  /* TRANSLATORS: %s is the character found */
                                  _("'%s' is no colour of this level"), found);
            else
              hb_set_parse_error (error, HB_PARSE_ERROR_SYNTAX, r.line, (int) (lead + j) + 1,
                                  _("a cell's links are one hex digit, 0 to f"));
            return FALSE;
          }
      if (rlen - k != (gsize) 2 * w)
        {
          hb_set_parse_error (error, HB_PARSE_ERROR_SHAPE, r.line, (int) (lead + rlen) + 1,
                              g_dngettext (NULL,
                                           "a path line needs %d character, two per cell (the "
                                           "colour or '.', then the links as a hex digit)",
                                           "a path line needs %d characters, two per cell (the "
                                           "colour or '.', then the links as a hex digit)",
                                           (gulong) MAX (2 * w, 0)),
                              2 * w);
          return FALSE;
        }
      line_of[y] = r.line;
      col_of[y] = (int) (lead + k) + 1;
      for (int x = 0; x < w; x++)
        {
          char ch = row[k + 2 * x], dg = row[k + 2 * x + 1];
          gsize i = (gsize) y * w + x;
          int c = -1, m;

          if (ch != '.')
            for (int q = 0; q < s->colours && c < 0; q++)
              if (s->names[q] == ch)
                c = q;
          if (ch != '.' && c < 0)
            {
              hb_set_parse_error (error, HB_PARSE_ERROR_SYNTAX, r.line, col_of[y] + 2 * x,
                                  _("'%c' is no colour of this level"), ch);
              return FALSE;
            }
          m = g_ascii_xdigit_value (dg);
          if (m < 0 || (dg >= 'A' && dg <= 'F'))
            {
              hb_set_parse_error (error, HB_PARSE_ERROR_SYNTAX, r.line, col_of[y] + 2 * x + 1,
                                  _("a cell's links are one hex digit, 0 to f"));
              return FALSE;
            }
          if ((s->dot[i] && s->dot[i] != c + 1) || (c < 0 && m != 0)
              || popcount4 ((guint8) m) > (s->dot[i] ? 1 : 2))
            {
              hb_set_parse_error (error, HB_PARSE_ERROR_SHAPE, r.line, col_of[y] + 2 * x,
                                  _("this cell's path does not fit its dot or has too "
                                    "many links"));
              return FALSE;
            }
          s->colour[i] = (guint8) (c + 1);
          s->links[i] = (guint8) m;
        }
      y++;
    }
  if (first == 0)
    return TRUE;
  if (y != h)
    {
      hb_set_parse_error (error, HB_PARSE_ERROR_SHAPE, first, 1,
                          _("the path lines do not match the board (path lines: %d, rows: %d)"), y, h);
      return FALSE;
    }
  for (int yy = 0; yy < h; yy++)
    for (int x = 0; x < w; x++)
      {
        int i = yy * w + x;
        for (int d = 0; d < 4; d++)
          if ((s->links[i] >> d) & 1)
            {
              int j = neighbour (s, i, d);
              if (j < 0 || !((s->links[j] >> HB_DIR_OPPOSITE (d)) & 1)
                  || s->colour[j] != s->colour[i])
                {
                  hb_set_parse_error (error, HB_PARSE_ERROR_SHAPE, line_of[yy],
                                      col_of[yy] + 2 * x + 1,
                                      _("a link that its neighbour does not have"));
                  return FALSE;
                }
            }
      }
  return TRUE;
}

/* A level saved part-way through editing (a colour still without its
 * pair, or no dots yet) says so in a comment line of its own, so that it
 * reads back as it was while such a board is an error in any other file. */
#define EDITING_MARK "# editing: a colour may lack its pair"

static gboolean
is_editing (const char *text, gsize len)
{
  HbLineReader r;
  const char *line;
  gsize n, k = strlen (EDITING_MARK);

  hb_line_reader_init (&r, text, len);
  while (hb_line_reader_next (&r, &line, &n))
    {
      hb_strip_slice (&line, &n);
      if (n == k && memcmp (line, EDITING_MARK, k) == 0)
        return TRUE;
    }
  return FALSE;
}

/* The first character that is not blank, or 0. */
static char
first_char (const char *text, gsize len)
{
  for (gsize i = 0; i < len; i++)
    if (!g_ascii_isspace (text[i]))
      return text[i];
  return 0;
}

/* "[[" starts the write-up's JSON, and other text that starts with '[',
 * '{' or '"' may be JSON of another shape; but a text level's rows may start
 * so too ('[' and '{' name colours like any other character). So such
 * text is read as JSON, and what json-glib cannot take but reads as a
 * text level is that level. JSON that json-glib reads but that is no
 * level (numbers for colours, "[[11]]", or one dot of a colour) gets its
 * JSON error, though its characters might spell a text level: the file
 * was written as JSON. What reads as neither gets the JSON error when it
 * looked like the write-up's JSON, else the text reader's. */
static HbState *
flow_parse (const char *text, gsize len, GError **error)
{
  FlowState *s;
  char c = first_char (text, len);
  gboolean sniffed = flow_sniff_json (text, len);

  if (sniffed || c == '[' || c == '{' || c == '"')
    {
      GError *json_error = NULL;

      s = flow_parse_json (text, len, &json_error);
      /* A lone JSON string ("red") is no level; but '"' names a colour
       * in text too, so it is JSON's error only when the text reader
       * cannot take it either. */
      if (s == NULL && c == '"' && !g_error_matches (json_error, HB_PARSE_ERROR, HB_PARSE_ERROR_SYNTAX))
        {
          s = flow_parse_text_full (text, len, is_editing (text, len), NULL);
          if (s == NULL)
            {
              g_propagate_error (error, json_error);
              return NULL;
            }
          g_clear_error (&json_error);
        }
      else if (s == NULL && !g_error_matches (json_error, HB_PARSE_ERROR, HB_PARSE_ERROR_SYNTAX))
        {
          g_propagate_error (error, json_error);
          return NULL;
        }
      if (s == NULL)
        {
          GError *text_error = NULL;

          s = flow_parse_text_full (text, len, is_editing (text, len), &text_error);
          if (s == NULL)
            {
              g_propagate_error (error, sniffed ? json_error : text_error);
              g_error_free (sniffed ? text_error : json_error);
              return NULL;
            }
        }
      g_clear_error (&json_error);
    }
  else if (flow_sniff_json_full (text, len, TRUE))
    {
      /* The write-up's JSON after a comment, as json-glib reads it; but
       * '/' and '*' are colours in text, so such text is a text level
       * when it reads as one (a row of slash-stars over "[[]]"), else JSON (it was
       * no game's, or the text reader's error, under any name but .json:
       * review). The text reader's error when neither reads it. */
      GError *text_error = NULL;

      s = flow_parse_text_full (text, len, is_editing (text, len), &text_error);
      if (s == NULL)
        {
          s = flow_parse_json (text, len, NULL);
          if (s == NULL)
            g_propagate_error (error, text_error);
          else
            g_error_free (text_error);
        }
    }
  else
    s = flow_parse_text_full (text, len, is_editing (text, len), error);
  if (s != NULL && s->json_names == NULL && !read_paths (s, text, len, error))
    g_clear_pointer (&s, flow_state_free);
  return s != NULL ? &s->base : NULL;
}

static HbState *
flow_parse_json_state (const char *text, gsize len, GError **error)
{
  FlowState *s = flow_parse_json (text, len, error);

  return s != NULL ? &s->base : NULL;
}

/* Whether the first line that is no comment is "W H": two sizes, 1 to
 * HB_MAX_SIDE, without leading zeros (an Infinite Loop row "0110 1001"
 * or an Enlight row "1 0" is no header). Sizes written in 0s and 1s alone
 * ("1000 1100", a row of two Infinite Loop tiles that `generate` wrote;
 * "1 1") are a header only when the next row is W characters long. */
static gboolean
numberlink_header (const char *text, gsize len)
{
  HbLineReader r;
  const char *line;
  gsize n;
  gint64 width = -1;

  hb_line_reader_init (&r, text, len);
  while (hb_line_reader_next (&r, &line, &n))
    {
      gsize k = 0;
      int numbers = 0;
      gboolean binary = TRUE;

      hb_strip_slice (&line, &n);
      if (n == 0 || line[0] == '#')
        continue;
      if (width >= 0)
        return (gint64) n == width;
      while (k < n)
        {
          gint64 v = 0;
          gsize start = k;

          if (!g_ascii_isdigit (line[k]) || line[k] == '0')
            return FALSE;
          while (k < n && g_ascii_isdigit (line[k]) && k - start < 6)
            {
              binary = binary && (line[k] == '0' || line[k] == '1');
              v = 10 * v + (line[k++] - '0');
            }
          if (v > HB_MAX_SIDE || (k < n && g_ascii_isdigit (line[k])))
            return FALSE;
          if (numbers++ == 0)
            width = v;
          while (k < n && (line[k] == ' ' || line[k] == '\t'))
            k++;
        }
      if (numbers != 2 || !binary)
        return numbers == 2;
    }
  return FALSE;
}

/* Rows of printable ASCII with no blanks, at least one '.' (an empty
 * cell) and one letter among them, and no Simon Tatham ID ("5x5:…") on
 * the first row: no other game's text, so a Flow Free level with a
 * mistake in it is Flow Free's to explain (a lone dot in a file with no
 * extension, or on standard input, was "cannot tell which game this is":
 * helper-155). Comment lines and blank lines aside. */
static gboolean
letter_grid (const char *text, gsize len)
{
  HbLineReader r;
  const char *line;
  gsize n;
  gboolean dot = FALSE, letter = FALSE, first = TRUE;

  hb_line_reader_init (&r, text, len);
  while (hb_line_reader_next (&r, &line, &n))
    {
      hb_strip_slice (&line, &n);
      if (n == 0 || line[0] == '#')
        continue;
      if (first && g_ascii_isdigit (line[0]) && memchr (line, ':', n) != NULL)
        return FALSE;
      first = FALSE;
      for (gsize k = 0; k < n; k++)
        {
          if (line[k] <= ' ' || line[k] > '~')
            return FALSE;
          dot = dot || line[k] == '.';
          letter = letter || g_ascii_isalpha (line[k]);
        }
    }
  return dot && letter;
}

/* The JSON shape, or text that reads as a Flow Free level and has a dot
 * that Enlight's format could not mean ('0', '1', '*'): a grid of letters
 * and dots is no other game's. */
static gboolean
flow_sniff (const char *text, gsize len)
{
  FlowState *s;
  gboolean mine = FALSE, header;

  if (flow_sniff_json (text, len))
    return TRUE;
  /* JSON after a comment is Flow Free's where it reads as a level and the
   * text does not (flow_parse). */
  if (flow_sniff_json_full (text, len, TRUE))
    {
      FlowState *t = flow_parse_text (text, len, NULL), *j = NULL;

      if (t == NULL)
        j = flow_parse_json (text, len, NULL);
      if (t != NULL)
        flow_state_free (t);
      if (j != NULL)
        {
          flow_state_free (j);
          return TRUE;
        }
    }
  /* A numberlink header ("W H" before the rows) is no other game's: such
   * a file is Flow Free's even when its rows are wrong, so that the error
   * is Flow Free's ("the header says 3×3 but the rows make a 3×2
   * board"), not "cannot tell which game this is". */
  header = numberlink_header (text, len);
  /* (A level saved mid-drawing, with its mark, is read as such.) */
  s = flow_parse_text_full (text, len, is_editing (text, len), NULL);
  if (s == NULL)
    return header || letter_grid (text, len);
  for (int c = 0; c < s->colours && !mine; c++)
    mine = strchr ("01*", s->names[c]) == NULL;
  flow_state_free (s);
  return mine || header;
}

/* A level flow_sniff leaves to Enlight: rows of 0, 1 and * with each
 * mark twice, no header. */
static gboolean
flow_sniff_yields (const char *text, gsize len)
{
  FlowState *s;
  gboolean yields = TRUE;

  if (flow_sniff_json (text, len) || numberlink_header (text, len)
      || (s = flow_parse_text_full (text, len, is_editing (text, len), NULL)) == NULL)
    return FALSE;
  for (int c = 0; c < s->colours; c++)
    yields = yields && strchr ("01*", s->names[c]) != NULL;
  flow_state_free (s);
  return yields;
}

/* A level can be written as JSON when every colour has its pair of dots
 * (in the editor one may have only one for a while; the text format keeps
 * such a level with its "# editing" mark). Said for a save and for the
 * CLI's convert alike ("place its pair before saving" read oddly there). */
static gboolean
check_pairs (const FlowState *s, GError **error)
{
  gsize n = (gsize) s->base.width * s->base.height, count[FLOW_MAX_COLOURS + 1] = { 0 };

  if (s->colours == 0)
    {
      g_set_error (error, HB_PARSE_ERROR, HB_PARSE_ERROR_SHAPE,
                   _("The level has no dots yet, and JSON holds only finished levels: "
                     "place at least one pair, or use the text format (.flow)"));
      return FALSE;
    }
  /* One pass for every colour (a pass per colour took 1.5 billion reads
   * to write a 4096x4096 level in 88 colours). */
  for (gsize i = 0; i < n; i++)
    count[MIN (s->dot[i], FLOW_MAX_COLOURS)]++;
  for (int c = 0; c < s->colours; c++)
    if (count[c + 1] == 0)
      {
        /* (Said "has one dot": helper-156.) */
        g_set_error (error, HB_PARSE_ERROR, HB_PARSE_ERROR_SHAPE,
                     /* TRANSLATORS: %c is the colour's character in the file */
                     _("Colour ‘%c’ has no dots, and JSON holds only finished levels: "
                       "place its pair, or use the text format (.flow), which keeps a level "
                       "being drawn"), s->names[c]);
        return FALSE;
      }
    else if (count[c + 1] != 2)
      {
        g_set_error (error, HB_PARSE_ERROR, HB_PARSE_ERROR_SHAPE,
                     count[c + 1] < 2
                     /* TRANSLATORS: %c is the colour's character in the file */
                     ? _("Colour ‘%c’ has one dot, and JSON holds only finished levels: "
                         "place its pair, or use the text format (.flow), which keeps a level "
                         "being drawn")
                     /* TRANSLATORS: %c is the colour's character, %d its dots (3 or more) */
                     : _("Colour ‘%c’ has %d dots, and JSON holds only finished levels: "
                         "remove all but two, or use the text format (.flow), which keeps a "
                         "level being drawn"),
                     s->names[c], (int) count[c + 1]);
        return FALSE;
      }
  return TRUE;
}

static char *
flow_write (const HbState *state, HbWriteFormat format, GError **error)
{
  const FlowState *s = FLOW_CONST (state);

  if (format != HB_WRITE_NATIVE && format != HB_WRITE_JSON)
    {
      g_set_error (error, HB_PARSE_ERROR, HB_PARSE_ERROR_UNSUPPORTED,
                   format == HB_WRITE_TATHAM
                   ? _("Flow Free has no Tatham game ID; it is written as text (native) or JSON")
                   : _("Flow Free has no compact form; it is written as text (native) or JSON"));
      return NULL;
    }
  if (format == HB_WRITE_JSON)
    return check_pairs (s, error) ? flow_write_json (s, FALSE) : NULL;
  {
    g_autofree char *grid = flow_write_text (s, FALSE);
    GString *out = g_string_new (NULL);

    if (!check_pairs (s, NULL))
      g_string_append (out, EDITING_MARK "\n");
    g_string_append (out, grid);
    if (has_paths (s))
      write_paths (s, out);
    return g_string_free (out, FALSE);
  }
}

static char *
flow_write_solution (const HbState *state, const HbResult *result, HbWriteFormat format)
{
  const FlowState *s = result != NULL && result->solved != NULL
                       ? FLOW_CONST (result->solved) : FLOW_CONST (state);

  return format == HB_WRITE_JSON ? flow_write_json (s, TRUE) : flow_write_text (s, TRUE);
}

/* ---- Pointer gestures ---------------------------------------------------------------- */

/* What a play drag remembers: the colour drawn, the path so far from its
 * dot (cells), the board as the drag began, and the colours it cut (so
 * backing off gives their cells back, as in the game). */
typedef struct {
  int        colour;       /* -1: no drag */
  GArray    *path;         /* int cells, path[0] a dot of `colour` */
  FlowState *base;
  guint8     cut[FLOW_MAX_COLOURS];
  gboolean   joined;       /* the path reached its other dot */
  /* Edit: a dot pressed (its cell now, -1: none), its colour's character,
   * and whether the drag has left the cell pressed yet (a press let go
   * there without leaving it, a click, removes the dot). */
  int        dot_at;
  char       dot_name;
  gboolean   dot_left;
} FlowDrag;

static gpointer
flow_ui_new (const HbState *state)
{
  FlowDrag *d = g_new0 (FlowDrag, 1);

  d->colour = -1;
  d->dot_at = -1;
  d->path = g_array_new (FALSE, FALSE, sizeof (int));
  return d;
}

static void
drag_reset (FlowDrag *d)
{
  d->colour = -1;
  g_array_set_size (d->path, 0);
  g_clear_pointer (&d->base, flow_state_free);
  memset (d->cut, 0, sizeof d->cut);
  d->joined = FALSE;
}

static void
flow_ui_free (gpointer ui)
{
  FlowDrag *d = ui;

  if (d == NULL)
    return;
  drag_reset (d);
  g_array_free (d->path, TRUE);
  g_free (d);
}

static int
dir_between (const FlowState *s, int a, int b)
{
  for (int d = 0; d < 4; d++)
    if (neighbour (s, a, d) == b)
      return d;
  return -1;
}

/* Adds a move to out (when there is room) and applies it to `sim`, the
 * board as the app will have it once the moves so far are applied. */
static void
emit (FlowState *sim, HbMove *out, int max, int *n, HbMove m)
{
  if (*n >= max)
    return;
  if (apply_in_place (sim, &m))
    out[(*n)++] = m;
}

/* Has the drag cut another colour's path (restore_cut has something to
 * give back)? */
static gboolean
cut_any (const FlowDrag *d)
{
  for (int c = 0; c < d->base->colours; c++)
    if (d->cut[c])
      return TRUE;
  return FALSE;
}

/* Gives back the cells of cut colours that the path no longer covers: the
 * links of the drag's starting board that still connect to a dot of
 * their colour without crossing the path, in order from the dots. When
 * the dot a cut colour was started from is known, only from that one (a
 * cut keeps that part alone: see cut_at). */
static void
restore_cut (FlowDrag *d, FlowState *sim, HbMove *out, int max, int *n)
{
  const FlowState *b = d->base;
  int w = b->base.width;
  gsize cells = (gsize) w * b->base.height;
  g_autofree guint8 *on_path = NULL;
  g_autofree guint8 *seen = NULL;
  g_autoptr (GArray) queue = NULL;

  /* Most strokes cut nothing: then no two arrays of the board's size. */
  if (!cut_any (d))
    return;
  on_path = g_malloc0 (cells);
  queue = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint k = 0; k < d->path->len; k++)
    on_path[g_array_index (d->path, int, k)] = 1;
  seen = g_malloc0 (cells);
  for (int c = 0; c < b->colours; c++)
    {
      if (!d->cut[c])
        continue;
      gsize origin = b->origin[c] > 0 && (gsize) b->origin[c] <= cells
                     && b->dot[b->origin[c] - 1] == c + 1 ? (gsize) b->origin[c] - 1 : G_MAXSIZE;

      g_array_set_size (queue, 0);
      for (gsize i = flow_next_byte (b->dot, 0, cells, (guint8) (c + 1)); i < cells;
           i = flow_next_byte (b->dot, i + 1, cells, (guint8) (c + 1)))
        if (!on_path[i] && (origin == G_MAXSIZE || i == origin))
          {
            int ii = (int) i;
            g_array_append_val (queue, ii);
            seen[i] = 1;
          }
      for (guint q = 0; q < queue->len; q++)
        {
          int i = g_array_index (queue, int, q);
          for (int dd = 0; dd < 4; dd++)
            if ((b->links[i] >> dd) & 1)
              {
                int j = neighbour (b, i, dd);
                if (j < 0 || on_path[j])
                  continue;
                /* Links between cells reached from either dot too (the
                 * board then has it, and it is not made twice). */
                if (!((sim->links[i] >> dd) & 1) || sim->colour[j] != c + 1)
                  emit (sim, out, max, n, (HbMove) { FLOW_OP_LINK, i % w, i / w,
                                                     dd | (c << 2) });
                if (!seen[j])
                  {
                    seen[j] = 1;
                    g_array_append_val (queue, j);
                  }
              }
        }
      for (guint q = 0; q < queue->len; q++)
        seen[g_array_index (queue, int, q)] = 0;
    }
}

static int
pointer_play (const FlowState *s, FlowDrag *d, HbPointerPhase phase, const HbHit *hit,
              HbMove *out, int max)
{
  int w = s->base.width, n = 0;
  FlowState *sim;

  if (phase == HB_POINTER_RELEASE)
    {
      /* Whatever is still to give back, then the drag is over. */
      if (d->colour >= 0 && d->base != NULL && cut_any (d))
        {
          sim = flow_state_copy (s);
          restore_cut (d, sim, out, max, &n);
          flow_state_free (sim);
        }
      drag_reset (d);
      return n;
    }
  if (hit == NULL || !hit->inside)
    return 0;

  if (phase == HB_POINTER_PRESS)
    {
      int x = hit->y * w + hit->x;
      drag_reset (d);
      sim = flow_state_copy (s);
      if (s->dot[x])
        {
          /* Out of a dot: the colour starts again from it. */
          d->colour = s->dot[x] - 1;
          emit (sim, out, max, &n, (HbMove) { FLOW_OP_CLEAR_COLOUR, hit->x, hit->y,
                                              d->colour });
          g_array_append_val (d->path, x);
        }
      else if (s->colour[x])
        {
          /* Out of a path: it is cut back to here, and goes on. */
          int keep = auto_keep (sim, x), cur, prev = -1;
          if (keep < 0)
            {
              flow_state_free (sim);
              return 0;
            }
          d->colour = s->colour[x] - 1;
          emit (sim, out, max, &n, (HbMove) { FLOW_OP_TRUNCATE, hit->x, hit->y, keep });
          /* The path from its dot to here, walked backwards. */
          for (cur = x; cur >= 0;)
            {
              int next = -1;
              g_array_prepend_val (d->path, cur);
              if (sim->dot[cur] && cur != x)
                break;
              for (int dd = 0; dd < 4 && next < 0; dd++)
                if ((sim->links[cur] >> dd) & 1)
                  {
                    int j = neighbour (sim, cur, dd);
                    if (j != prev)
                      next = j;
                  }
              prev = cur;
              cur = next;
              if (d->path->len > (guint) (w * s->base.height))
                break;
            }
          d->joined = sim->dot[x] && d->path->len > 1;
        }
      else
        {
          flow_state_free (sim);
          return 0;
        }
      d->base = sim;
      return n;
    }

  /* MOTION */
  if (d->colour < 0)
    return 0;
  {
    int y = hit->y * w + hit->x, c = d->colour;
    int head = g_array_index (d->path, int, d->path->len - 1);
    guint at = G_MAXUINT;

    if (y == head)
      return 0;
    for (guint k = 0; k < d->path->len && at == G_MAXUINT; k++)
      if (g_array_index (d->path, int, k) == y)
        at = k;
    sim = flow_state_copy (s);
    if (at != G_MAXUINT)
      {
        /* Back over the path: shorten it to here, and give back what the
         * part left behind had cut. */
        int keep = at > 0 ? dir_between (s, y, g_array_index (d->path, int, at - 1)) : 4;
        emit (sim, out, max, &n, (HbMove) { FLOW_OP_TRUNCATE, hit->x, hit->y, keep });
        g_array_set_size (d->path, at + 1);
        d->joined = FALSE;
        restore_cut (d, sim, out, max, &n);
      }
    else
      {
        int dir = dir_between (s, head, y);
        if (dir < 0 || d->joined || (s->dot[y] && s->dot[y] != c + 1))
          {
            flow_state_free (sim);
            return 0;
          }
        if (s->colour[y] == c + 1)
          /* The colour's other piece, drawn from its other dot: joined
           * here, the rest of it goes. */
          emit (sim, out, max, &n, (HbMove) { FLOW_OP_TRUNCATE, hit->x, hit->y, -1 });
        else if (s->colour[y] != 0)
          d->cut[s->colour[y] - 1] = 1;
        emit (sim, out, max, &n, (HbMove) { FLOW_OP_LINK, head % w, head / w,
                                            dir | (c << 2) });
        if (sim->colour[y] == c + 1 && ((sim->links[head] >> dir) & 1))
          {
            g_array_append_val (d->path, y);
            d->joined = colour_joined (sim, c);
          }
      }
    flow_state_free (sim);
  }
  return n;
}

/* The two moves that take the dot at cell `from` to the free cell `to`:
 * its removal, then its colour's dot placed again. Taking a dot away may
 * number the colours again, so the colour is found again by its
 * character. 0 when it cannot be done. */
static int
move_dot (const FlowState *s, int from, int to, HbMove *out)
{
  int w = s->base.width, c;
  char ch;
  HbState *sim;

  if (s->dot[from] == 0)
    return 0;
  ch = s->names[s->dot[from] - 1];
  out[0] = (HbMove) { FLOW_OP_SET_DOT, from % w, from / w, -1 };
  sim = flow_game.apply (&s->base, &out[0]);
  if (sim == NULL)
    return 0;
  c = colour_by_name (FLOW (sim), ch);
  hb_state_free (sim);
  if (c < 0)
    return 0;
  out[1] = (HbMove) { FLOW_OP_SET_DOT, to % w, to / w, c };
  return 2;
}

/* Edit, a dot held (d->dot_at): each free cell the drag enters takes the
 * dot (cells holding a dot are passed over); let go where it was pressed
 * without leaving that cell (a click), it is removed, as a click on a dot
 * always was. A drag over another dot or off the board and back is no
 * click (it removed the dot: review). */
static int
edit_dot_drag (const FlowState *s, FlowDrag *d, HbPointerPhase phase, const HbHit *hit,
               HbMove *out, int max)
{
  int i = hit->inside ? hit->y * s->base.width + hit->x : -1, n = 0;

  if (i != d->dot_at)
    d->dot_left = TRUE;
  if (phase == HB_POINTER_RELEASE)
    {
      if (!d->dot_left && s->dot[i] && s->names[s->dot[i] - 1] == d->dot_name)
        {
          out[0] = (HbMove) { FLOW_OP_SET_DOT, hit->x, hit->y, -1 };
          n = 1;
        }
      d->dot_at = -1;
      return n;
    }
  /* The board changed under the drag (Undo with the button held): the
   * dot is no longer where it was; the drag lets it be. */
  if (!s->dot[d->dot_at] || s->names[s->dot[d->dot_at] - 1] != d->dot_name)
    {
      d->dot_at = -1;
      return 0;
    }
  if (i < 0 || i == d->dot_at || s->dot[i] || max < 2)
    return 0;
  n = move_dot (s, d->dot_at, i, out);
  if (n > 0)
    d->dot_at = i;
  return n;
}

static int flow_palette (const HbState *state, HbMode mode, HbPaletteEntry *out, int max);

/* The palette entry a click that takes away the dot at cell i picks (see
 * HbPointer.tool): the dot's colour, so that the next click puts the dot
 * back. The colour picked before stayed, and the next click, meant to put
 * the dot back, moved a dot of that colour instead ("Blue needs its
 * second dot" under a palette showing Red). The last dot of a colour
 * beyond the game's sixteen takes its chip away with it (the new
 * colour's chip may be another character, see new_colour): then that
 * chip, the colour not on the board yet, rather than the first one, Red,
 * the palette would fall back to. */
static int
removed_dot_tool (const FlowState *s, int i)
{
  int c = s->dot[i] - 1, w = s->base.width, pick, n;
  char ch = s->names[c];
  const char *at = strchr (flow_default_names, ch);
  HbMove m = { FLOW_OP_SET_DOT, i % w, i / w, -1 };
  HbPaletteEntry entries[FLOW_PALETTE_MAX];
  HbState *after;

  if ((at != NULL && at - flow_default_names < 16) || dots_of (s, c) > 1)
    return ch;
  after = flow_game.apply (&s->base, &m);
  if (after == NULL)
    return ch;
  n = flow_palette (after, HB_MODE_EDIT, entries, G_N_ELEMENTS (entries));
  hb_state_free (after);
  pick = n > 0 ? entries[n - 1].id : ch;
  for (int k = 0; k < n; k++)
    if (entries[k].id == ch)
      pick = ch;
  return pick;
}

static int
flow_pointer (const HbState *state, HbPointer *ptr, HbPointerPhase phase,
              const HbHit *hit, HbMove *out, int max)
{
  const FlowState *s = FLOW_CONST (state);
  FlowDrag *d = ptr->ui;
  HbHit checked;

  if (max < 1)
    return 0;
  /* A hit is trusted to lie on the board only once checked. */
  if (hit != NULL && hit->inside
      && (hit->x < 0 || hit->y < 0 || hit->x >= state->width || hit->y >= state->height))
    {
      checked = *hit;
      checked.inside = FALSE;
      hit = &checked;
    }
  if (ptr->mode == HB_MODE_PLAY)
    {
      int n = d != NULL ? pointer_play (s, d, phase, hit, out, max) : 0;
      /* A press out of a dot or a path starts a stroke (the keyboard's
       * Space carries it on with the arrows); the path joined to its
       * other dot finishes it (the next arrow shortened the path just
       * joined, or cut across another: review). */
      if (phase == HB_POINTER_PRESS)
        ptr->stroke = d != NULL && d->colour >= 0;
      else if (phase == HB_POINTER_MOTION && d != NULL && d->joined)
        ptr->stroke = FALSE;
      return n;
    }

  /* Edit: a click on a dot removes it, a drag moves it; elsewhere a click
   * places a dot of the palette's colour (two clicks make the pair). A
   * colour that has both its dots already moves the nearer of them there
   * instead (the nearer by steps, the first in reading order on a tie), as
   * a level editor's user adjusting a pair expects: nothing happening, with
   * no word why, was a dead click. */
  if (hit == NULL)
    return 0;
  if (d != NULL && phase == HB_POINTER_PRESS)
    d->dot_at = -1;   /* (a drag the board's change cut short held one) */
  if (d != NULL && d->dot_at >= 0)
    {
      int at = d->dot_at, n = edit_dot_drag (s, d, phase, hit, out, max);

      /* A click let go on the dot: its removal, the one move a release
       * makes. */
      if (phase == HB_POINTER_RELEASE && n == 1 && out[0].value == -1)
        ptr->tool = removed_dot_tool (s, at);
      return n;
    }
  if (phase != HB_POINTER_PRESS || !hit->inside)
    return 0;
  {
    int i = hit->y * state->width + hit->x, c = -1;

    if (s->dot[i])
      {
        if (d != NULL)
          {
            /* Held: the release says whether it was a click or a drag. */
            d->dot_at = i;
            d->dot_name = s->names[s->dot[i] - 1];
            d->dot_left = FALSE;
            return 0;
          }
        out[0] = (HbMove) { FLOW_OP_SET_DOT, hit->x, hit->y, -1 };
        ptr->tool = removed_dot_tool (s, i);
        return 1;
      }
    /* The tool is the colour's character (see flow_palette). */
    if (ptr->tool > 0 && ptr->tool < 128)
      c = colour_by_name (s, (char) ptr->tool);
    if (c < 0)
      return 0;
    if (c < s->colours && max >= 2)
      {
        int a, b;
        if (flow_endpoints (s, c, &a, &b))
          {
            int x = hit->x, y = hit->y, w = state->width;
            int da = ABS (a % w - x) + ABS (a / w - y), db = ABS (b % w - x) + ABS (b / w - y);

            return move_dot (s, db < da ? b : a, i, out);
          }
      }
    out[0] = (HbMove) { FLOW_OP_SET_DOT, hit->x, hit->y, c };
    return 1;
  }
}

/* ---- Palette and status ------------------------------------------------------------------- */

/* The game's colours as the palette names them, in the order of
 * flow_default_names' first 16. */
static const char *const colour_names[16] = {
  /* TRANSLATORS: Flow Free's colours, as the palette names them */
  N_("Red"), N_("Green"), N_("Blue"), N_("Yellow"), N_("Orange"), N_("Cyan"),
  N_("Magenta"), N_("Maroon"), N_("Purple"), N_("White"), N_("Grey"), N_("Lime"),
  N_("Tan"), N_("Dark blue"), N_("Teal"), N_("Pink"),
};

/* Colour c's name in the palette, as it starts a sentence ("Red") or in
 * lower case, as every message says it mid-sentence ("… and red"); NULL
 * for a colour the palette has no name for. */
static char *
palette_name (const FlowState *s, int c, gboolean lower)
{
  char ch = s != NULL && c >= 0 && c < FLOW_MAX_COLOURS ? s->names[c] : '\0';

  for (int k = 0; k < 16 && ch != '\0'; k++)
    if (flow_default_names[k] == ch)
      return lower ? g_utf8_strdown (_(colour_names[k]), -1) : g_strdup (_(colour_names[k]));
  return NULL;
}

/* Colour c by name: the palette's, or its character ("Colour ‘x’"). */
static char *
colour_name (const FlowState *s, int c, gboolean lower)
{
  char ch = s != NULL && c >= 0 && c < FLOW_MAX_COLOURS ? s->names[c] : '\0';
  char *name = palette_name (s, c, lower);

  if (name != NULL)
    return name;
  if (ch == '\0')
    ch = '?';
  if (lower)
    /* TRANSLATORS: as "Colour ‘%c’", after the start of a sentence, as
     * other colours' names are there ("green"): "Red and colour ‘x’ need
     * their second dot" */
    return g_strdup_printf (_("colour ‘%c’"), ch);
  /* TRANSLATORS: a colour the palette has no name for, by its character,
   * at the start of a sentence: "Colour ‘x’ needs its second dot" */
  return g_strdup_printf (_("Colour ‘%c’"), ch);
}

char *
flow_colour_title (const FlowState *s, int c)
{
  return colour_name (s, c, FALSE);
}

char *
flow_colour_word (const FlowState *s, int c)
{
  return colour_name (s, c, TRUE);
}

/* How far apart two colours look: the "redmean" weighting of the RGB
 * distance, cheap and near enough to what the eye sees for telling chips
 * apart (0 the same, about 765 black from white). */
static double
colour_distance (guint32 a, guint32 b)
{
  double r1 = (a >> 16) & 0xff, g1 = (a >> 8) & 0xff, b1 = a & 0xff;
  double r2 = (b >> 16) & 0xff, g2 = (b >> 8) & 0xff, b2 = b & 0xff;
  double rm = (r1 + r2) / 2, dr = r1 - r2, dg = g1 - g2, db = b1 - b2;

  return sqrt ((2 + rm / 256) * dr * dr + 4 * dg * dg + (2 + (255 - rm) / 256) * db * db);
}

/* The spare colour the palette offers as the new one: the first spare
 * character (the level's names from s->colours on, not already a chip)
 * whose colour stands apart from every chip before it, else the one that
 * stands furthest apart. The spare colours stand ΔE 18 (CIELAB) or more
 * from the game's and from each other (flow-render.c), which on this
 * scale is not always `apart` (until 2026-12-04 the first spare, 'D', was
 * an orange beside Orange, and its chip read as a second Orange chip).
 * The colour goes with the character on the board too (a new colour
 * takes the character it was placed with, see FLOW_OP_SET_DOT), so the
 * chip shows what the dots will look like. -1 when there is no spare. */
static int
new_colour (const FlowState *s, const gboolean listed[128], const HbPaletteEntry *shown,
            int n_shown)
{
  /* The game's own closest pairs are Grey and Tan (about 100 on this
   * scale), Red and Maroon, Green and Teal (about 130): 140 is further
   * apart than any of them. */
  const double apart = 140;
  g_autofree guint32 *rgb = g_new (guint32, MAX (n_shown, 1));
  FlowState *chips = flow_state_new (1, 1, 0);
  int best = -1;
  double best_d = -1;

  /* The chips' colours by their characters alone (flow_colour_rgb reads
   * nothing else). */
  for (int k = 0; k < n_shown; k++)
    {
      chips->names[0] = (char) shown[k].id;
      rgb[k] = flow_colour_rgb (chips, 0, FALSE);
    }
  flow_state_free (chips);
  for (int c = s->colours; c < FLOW_MAX_COLOURS; c++)
    {
      char ch = s->names[c];
      guint32 mine;
      double d = G_MAXDOUBLE;

      if (ch == '\0' || (guchar) ch >= 128 || listed[(int) ch])
        continue;
      mine = flow_colour_rgb (s, c, FALSE);
      for (int k = 0; k < n_shown; k++)
        d = MIN (d, colour_distance (mine, rgb[k]));
      if (d >= apart)
        return c;
      if (d > best_d)
        {
          best_d = d;
          best = c;
        }
    }
  return best;
}

/* Sets a palette entry's name from `text` (taken), cut to its room at a
 * character's boundary, never within one (a translation may be long). */
static void
entry_name (HbPaletteEntry *e, char *text)
{
  const char *end;

  g_strlcpy (e->name, text, sizeof e->name);
  if (!g_utf8_validate (e->name, -1, &end))
    e->name[end - e->name] = '\0';
  g_free (text);
}

/* The shell makes room for HB_PALETTE_MAX entries (hb-game.h). */
G_STATIC_ASSERT (FLOW_PALETTE_MAX <= HB_PALETTE_MAX);

/* Edit mode's palette: the game's sixteen colours, then the level's other
 * colours, then one new colour (see new_colour), each entry's id the
 * colour's character (stable while colours come and go and are
 * renumbered). Play has none. */
static int
flow_palette (const HbState *state, HbMode mode, HbPaletteEntry *out, int max)
{
  const FlowState *s = FLOW_CONST (state);
  gboolean listed[128] = { FALSE };
  int n = 0;

  if (mode != HB_MODE_EDIT)
    return 0;
  for (int k = 0; k < 16 && n < max; k++)
    {
      char ch = flow_default_names[k];
      listed[(int) ch] = TRUE;
      out[n].id = ch;
      /* TRANSLATORS: a palette chip's tooltip: the colour's name and the
       * character that stands for it in level files ("Red · R in level
       * files"); at most 47 bytes (a longer text is cut) */
      entry_name (&out[n], g_strdup_printf (_("%s · %c in level files"), _(colour_names[k]), ch));
      n++;
    }
  for (int c = 0; c < s->colours && n < max; c++)
    if (!listed[(int) s->names[c]])
      {
        listed[(int) s->names[c]] = TRUE;
        out[n].id = s->names[c];
        entry_name (&out[n], flow_colour_title (s, c));
        n++;
      }
  if (n < max)
    {
      int c = new_colour (s, listed, out, n);
      if (c >= 0)
        {
          out[n].id = s->names[c];
          /* TRANSLATORS: the palette's last chip, a colour beyond the
           * level's and the game's sixteen, whose dots are drawn with its
           * character on them (and level files write it so); at most 47
           * bytes */
          entry_name (&out[n], g_strdup_printf (_("Another colour, marked ‘%c’ on its dots"),
                                                s->names[c]));
          n++;
        }
    }
  return n;
}

/* A solved result in flows, as the status line counts them: the answer's
 * moves are its cells, which no player counts ("Solved: 72 moves" on a
 * 9x9 board). */
static char *
flow_solved_text (const HbResult *result)
{
  int colours;

  if (result->solved == NULL)
    return NULL;
  colours = FLOW_CONST (result->solved)->colours;
  /* TRANSLATORS: a solver's result: every pair of dots joined */
  return g_strdup_printf (g_dngettext (NULL, "Solved: %d flow", "Solved: %d flows", colours),
                          colours);
}

/* What keeps the board from being a level, in the words of both status
 * lines: no dots at all, or a colour without its pair; NULL when every
 * colour has its two dots.  The same pass over the board (a large one has
 * a million cells) counts the cells a pipe can fill (every cell but the
 * dots) and how many pipes fill, and finds each colour's first dot, which
 * the play line goes on to walk from. The dots are not counted: a level
 * just opened reads "0 / 35 cells", as the game's pipe gauge reads 0 %. */
static char *
flow_dots_text (const FlowState *s, gsize *filled, gsize *open,
                int first[FLOW_MAX_COLOURS + 1])
{
  gsize n = (gsize) s->base.width * s->base.height;
  int ndots[FLOW_MAX_COLOURS + 1] = { 0 };

  *filled = 0;
  *open = 0;
  /* A board of one cell has no two cells to click. */
  if (s->colours == 0 && n < 2)
    return g_strdup (_("One cell holds no pair of dots: in Edit, make the board wider or taller"));
  if (s->colours == 0)
    return g_strdup (_("No dots yet: in Edit, pick a colour and click two cells"));
  for (gsize i = 0; i < n; i++)
    {
      if (s->dot[i] == 0)
        {
          (*open)++;
          *filled += s->colour[i] != 0;
        }
      else if (s->dot[i] <= s->colours && ndots[s->dot[i]]++ == 0)
        first[s->dot[i]] = (int) i;
    }
  for (int c = 0; c < s->colours; c++)
    if (ndots[c + 1] != 2)
      {
        /* Named as the palette names it, the first at the start of the
         * sentence ("Red"), the others in lower case as every message
         * says a colour mid-sentence ("Red, green and blue need …"; they
         * were "Red, Green and Blue" beside a resize toast's "dots of
         * red, green and blue"). */
        g_autofree char *name = flow_colour_title (s, c);
        int others = 0;

        if (ndots[c + 1] > 2)
          /* TRANSLATORS: %s is a colour's name ("Red", or "Colour ‘x’"),
           * %d its number of dots, always more than two */
          return g_strdup_printf (g_dngettext (NULL, "%s has %d dot, not two",
                                               "%s has %d dots, not two", ndots[c + 1]),
                                  name, ndots[c + 1]);
        /* The others too, counted (a smaller board can cut off many);
         * up to two others are named ("Yellow and 1 other colour" left
         * the designer hunting for it). */
        int other[2] = { -1, -1 };
        for (int o = c + 1; o < s->colours; o++)
          if (ndots[o + 1] == 1 && others++ < 2)
            other[others - 1] = o;
        if (others == 1 || others == 2)
          {
            g_autofree char *name2 = flow_colour_word (s, other[0]);
            g_autofree char *name3 = others == 2 ? flow_colour_word (s, other[1]) : NULL;

            if (others == 2)
              /* TRANSLATORS: three colours' names, the first as "Colour
               * ‘%c’" is ("Red"), the others as "colour ‘%c’" ("green"),
               * each with one dot only */
              return g_strdup_printf (_("%s, %s and %s need their second dot"), name, name2,
                                      name3);
            /* TRANSLATORS: two colours' names, the first as "Colour ‘%c’"
             * is ("Red"), the second as "colour ‘%c’" ("green"), each
             * with one dot only */
            return g_strdup_printf (_("%s and %s need their second dot"), name, name2);
          }
        if (others > 0)
          /* TRANSLATORS: %s is a colour's name ("Red"), %d how many other
           * colours have one dot only */
          return g_strdup_printf (g_dngettext (NULL,
                                               "%s and %d other colour need their second dot",
                                               "%s and %d other colours need their second dot",
                                               others),
                                  name, others);
        /* TRANSLATORS: %s is a colour's name ("Red", or "Colour ‘x’") */
        return g_strdup_printf (_("%s needs its second dot"), name);
      }
  return NULL;
}

/* The first colour (1 based) with two cells side by side that its path
 * does not link, or 0: a path that touches itself, which no answer has. */
static int
touching_colour (const FlowState *s)
{
  int w = s->base.width, h = s->base.height;

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        gsize i = (gsize) y * w + x;
        int c = s->colour[i];

        if (c == 0)
          continue;
        if (x + 1 < w && s->colour[i + 1] == c && !((s->links[i] >> HB_DIR_E) & 1))
          return c;
        if (y + 1 < h && s->colour[i + w] == c && !((s->links[i] >> HB_DIR_S) & 1))
          return c;
      }
  return 0;
}

static char *
flow_status_text (const HbState *state)
{
  const FlowState *s = FLOW_CONST (state);
  gsize n = (gsize) state->width * state->height, filled = 0, open = 0;
  int joined = 0;
  g_autofree char *flows = NULL, *cells = NULL, *nf = NULL, *nn = NULL;
  int first[FLOW_MAX_COLOURS + 1];
  gsize on_path[FLOW_MAX_COLOURS] = { 0 };   /* a joined colour's cells, dots too */
  char *problem = flow_dots_text (s, &filled, &open, first);

  if (problem != NULL)
    return problem;
  for (int c = 0; c < s->colours; c++)
    {
      /* Walk from the first dot along the colour's links: joined when the
       * walk ends on the other dot. */
      int cur = first[c + 1], prev = -1;
      gsize steps = 0;
      while (steps++ < n)
        {
          int next = link_next (s, s->links, s->colour, cur, prev, c);
          if (next < 0)
            break;
          prev = cur;
          cur = next;
          if (s->dot[cur] == c + 1)
            {
              joined++;
              on_path[c] = steps + 1;
              break;
            }
        }
    }
  /* TRANSLATORS: flows joined / flows in the level */
  flows = g_strdup_printf (g_dngettext (NULL, "%d / %d flow", "%d / %d flows", s->colours),
                           joined, s->colours);
  /* Formatted apart, the digits grouped as the locale says. */
  nf = hb_format_count ((gint64) filled);
  nn = hb_format_count ((gint64) open);
  /* TRANSLATORS: cells filled by pipes / cells that are not dots */
  cells = g_strdup_printf (g_dngettext (NULL, "%s / %s cell", "%s / %s cells", (gulong) open),
                           nf, nn);
  if (open == 0)
    {
      /* Nothing but dots: no cells to count. */
      g_clear_pointer (&cells, g_free);
      if (flow_is_solved (s))
        /* TRANSLATORS: the status line of a level of dots only: "2 / 2 flows · Solved" */
        return g_strdup_printf (_("%s · Solved"), flows);
      return g_steal_pointer (&flows);
    }
  if (flow_is_solved (s))
    /* TRANSLATORS: the status line: "7 / 7 flows · 49 / 49 cells · Solved" */
    return g_strdup_printf (_("%s · %s · Solved"), flows, cells);
  /* Every flow joined but no win: say what is left (the line just stayed
   * grey, and a newcomer wondered why nothing happened). */
  if (joined == s->colours && filled < open)
    /* TRANSLATORS: the status line with every flow joined and cells still
     * empty: "2 / 2 flows · 4 / 8 cells · Fill every cell to finish" */
    return g_strdup_printf (_("%s · %s · Fill every cell to finish"), flows, cells);
  if (joined == s->colours)
    {
      int c = touching_colour (s);

      if (c > 0)
        {
          g_autofree char *name = flow_colour_title (s, c - 1);

          /* TRANSLATORS: the status line of a full board on which a path
           * runs beside itself (no win: a path may not touch itself); the
           * third %s is a colour's name: "7 / 7 flows · 49 / 49 cells ·
           * Blue's path touches itself" */
          return g_strdup_printf (_("%s · %s · %s's path touches itself"), flows, cells, name);
        }
      /* A full board of joined paths, none touching itself, and no win:
       * a piece of some colour lies apart from its path. */
      if (filled == open)
        {
          gsize count[FLOW_MAX_COLOURS] = { 0 };

          for (gsize i = 0; i < n; i++)
            if (s->colour[i] > 0 && s->colour[i] <= s->colours)
              count[s->colour[i] - 1]++;
          for (c = 0; c < s->colours; c++)
            if (count[c] != on_path[c])
              {
                g_autofree char *name = flow_colour_title (s, c);

                /* TRANSLATORS: the status line of a full board whose
                 * paths all join their dots, but where cells of a colour
                 * lie apart from its path (no win); the third %s is a
                 * colour's name: "7 / 7 flows · 49 / 49 cells · Red has
                 * a piece apart from its path" */
                return g_strdup_printf (_("%s · %s · %s has a piece apart from its path"),
                                        flows, cells, name);
              }
        }
    }
  return g_strdup_printf ("%s · %s", flows, cells);
}

/* In Edit the board is a design: what it still lacks, or how many colours
 * it pairs up, never the flows joined or "Solved" of a game in progress
 * (a design drawn with its paths is not a game won). */
static char *
flow_edit_status_text (const HbState *state)
{
  const FlowState *s = FLOW_CONST (state);
  gsize filled, open;
  int first[FLOW_MAX_COLOURS + 1];
  char *problem = flow_dots_text (s, &filled, &open, first);

  if (problem != NULL)
    return problem;
  /* TRANSLATORS: the status line in Edit when every colour has its pair of
   * dots: "6 colours, each with its two dots" */
  return g_strdup_printf (g_dngettext (NULL, "%d colour, with its two dots",
                                       "%d colours, each with its two dots", s->colours),
                          s->colours);
}

/* ---- Hints ---------------------------------------------------------------------------------- */

/* The hint's solver gets this long before the overlay says it gave up,
 * unless its caller gave it a deadline (hintboard-cli hint --time-limit). */
#define FLOW_HINT_SECONDS 10.0

static void
flow_hint_free (gpointer data)
{
  FlowHint *h = data;

  if (h == NULL)
    return;
  g_free (h->forced);
  g_free (h->solution);
  g_free (h->links);
  g_free (h);
}

/* Does the board draw colour c exactly as the solution does? */
static gboolean
colour_matches (const FlowState *s, const FlowHint *h, int c)
{
  gsize n = (gsize) h->width * h->height;

  for (gsize i = 0; i < n; i++)
    {
      gboolean on_board = s->colour[i] == c + 1, on_sol = h->solution[i] == c + 1;
      if (on_board != on_sol || (on_sol && s->links[i] != h->links[i]))
        return FALSE;
    }
  return TRUE;
}

/* The cells the board draws in colour c (dots aside) where the solution
 * has another colour. */
static gsize
colour_off_cells (const FlowState *s, const FlowHint *h, int c)
{
  gsize n = (gsize) h->width * h->height, off = 0;

  for (gsize i = 0; i < n; i++)
    if (s->colour[i] == c + 1 && !s->dot[i] && h->solution[i] != c + 1)
      off++;
  return off;
}

/* The colour the next hint draws: of those the board does not yet draw as
 * the solution does, first one drawn off the solution's path (the most
 * such cells: a wrong path is what keeps a player stuck, and the hint
 * fixed the right colours around it first, redrawing it only at the
 * third press), then the one with the shortest path (quickest to see),
 * two dots side by side last: their path is the step between them, a
 * mark the dots all but cover, and no news to the player. */
static int
pick_colour (const FlowState *s, const FlowHint *h)
{
  gsize n = (gsize) h->width * h->height;
  g_autofree gsize *len = g_new0 (gsize, s->colours), *off = g_new0 (gsize, s->colours);
  g_autofree gboolean *differs = g_new0 (gboolean, s->colours);
  gsize best_off = 0;
  int best = -1;

  /* One pass for every colour (a pass per colour took 88 million cell
   * reads on a 1000x1000 board in 88 colours): colour_matches and
   * colour_off_cells, cell by cell. */
  for (gsize i = 0; i < n; i++)
    {
      int b = s->colour[i], sol = h->solution[i];

      if (sol > 0 && sol <= s->colours)
        {
          len[sol - 1]++;
          if (b != sol || s->links[i] != h->links[i])
            differs[sol - 1] = TRUE;
        }
      if (b > 0 && b <= s->colours && b != sol)
        {
          differs[b - 1] = TRUE;
          off[b - 1] += !s->dot[i];
        }
    }
  for (int c = 0; c < s->colours; c++)
    if (differs[c] && (best < 0 || off[c] > best_off
                       || (off[c] == best_off && (len[c] > 2) > (len[best] > 2))
                       || (off[c] == best_off && (len[c] > 2) == (len[best] > 2)
                           && len[c] < len[best])))
      {
        best = c;
        best_off = off[c];
      }
  return best;
}

/* What the hints know of a level (its dots), whatever is drawn on it:
 * the cells arc consistency forces and a solution. Play moves keep the
 * dots, so the last level's answer is kept and reused while the user
 * draws (the solver may take a second on a hard level; the hint is
 * recomputed after every move). Hints run on worker threads: a lock. */
static GMutex hint_cache_lock;
static FlowHint *hint_cache;         /* kind, forced, solution, links, solutions */
static guint8 *hint_cache_dots;

static FlowHint *
level_hint_copy (const FlowHint *h)
{
  gsize n = (gsize) h->width * h->height;
  FlowHint *c = g_memdup2 (h, sizeof *h);

  c->forced = h->forced ? g_memdup2 (h->forced, n) : NULL;
  c->solution = h->solution ? g_memdup2 (h->solution, n) : NULL;
  c->links = h->links ? g_memdup2 (h->links, n) : NULL;
  return c;
}

/* Fills h's level part for `level` (dots only); FALSE when cancelled. */
static gboolean
level_hint_compute (const FlowState *level, FlowHint *h, HbCancel *cancellable)
{
  gsize n = (gsize) level->base.width * level->base.height;
  const HbSolver *solver = flow_solvers[0];

  h->kind = FLOW_HINT_GAVE_UP;
#ifdef FLOW_HAVE_AC
  h->forced = g_malloc0 (n);
  if (!flow_ac_forced (level, h->forced, cancellable))
    {
      g_clear_pointer (&h->forced, g_free);
      if (hb_cancel_is_set (cancellable))
        return FALSE;
      /* Arc consistency proves there is no solution. */
      h->kind = FLOW_HINT_NONE;
      return TRUE;
    }
#endif
  if (solver != NULL)
    {
      HbSolveOptions options = { 0 };
      g_autoptr (GError) solve_error = NULL;
      HbResult *r;

      options.count_limit = 2;
      options.time_limit = hb_cancel_has_deadline (cancellable) ? 0 : FLOW_HINT_SECONDS;
      r = hb_solve (solver, &level->base, &options, NULL, cancellable, &solve_error);
      if (r != NULL && r->status == HB_STATUS_CANCELLED)
        {
          hb_result_free (r);
          return FALSE;
        }
      if (r != NULL && r->status == HB_STATUS_NO_SOLUTION)
        h->kind = FLOW_HINT_NONE;
      else if (r != NULL && r->status == HB_STATUS_SOLVED && r->solved != NULL
               && r->solved->width == level->base.width
               && r->solved->height == level->base.height
               && flow_is_solved (FLOW_CONST (r->solved)))
        {
          const char *count = hb_result_get_stat (r, "solutions");
          h->solution = g_memdup2 (FLOW_CONST (r->solved)->colour, n);
          h->links = g_memdup2 (FLOW_CONST (r->solved)->links, n);
          h->solutions = count != NULL ? (int) MIN (g_ascii_strtoll (count, NULL, 10), 2) : 0;
          h->kind = FLOW_HINT_PATH;
        }
      hb_result_free (r);
    }
  return TRUE;
}

static gpointer
flow_hint_compute (const HbState *state, HbCancel *cancellable, GError **error)
{
  const FlowState *s = FLOW_CONST (state);
  gsize n = (gsize) state->width * state->height;
  FlowHint *h = NULL;
  FlowState *level;

  if (flow_is_solved (s) || s->colours == 0 || !check_pairs (s, NULL))
    {
      h = g_new0 (FlowHint, 1);
      h->width = state->width;
      h->height = state->height;
      h->colour = -1;
      h->kind = s->colours > 0 && flow_is_solved (s) ? FLOW_HINT_SOLVED : FLOW_HINT_BAD_LEVEL;
      return h;
    }

  g_mutex_lock (&hint_cache_lock);
  if (hint_cache != NULL && hint_cache->width == state->width
      && hint_cache->height == state->height && memcmp (hint_cache_dots, s->dot, n) == 0)
    h = level_hint_copy (hint_cache);
  g_mutex_unlock (&hint_cache_lock);

  if (h == NULL)
    {
      h = g_new0 (FlowHint, 1);
      h->width = state->width;
      h->height = state->height;
      level = flow_state_copy (s);
      flow_clear_paths (level);
      level->moves = 0;
      if (!level_hint_compute (level, h, cancellable))
        {
          flow_state_free (level);
          flow_hint_free (h);
          g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_CANCELLED,
                       "the hint was cancelled");
          return NULL;
        }
      flow_state_free (level);
      /* A solver that gave up in time is not kept: it may do better on
       * a later try with the machine less busy. */
      if (h->kind != FLOW_HINT_GAVE_UP)
        {
          g_mutex_lock (&hint_cache_lock);
          g_clear_pointer (&hint_cache, flow_hint_free);
          g_free (hint_cache_dots);
          hint_cache = level_hint_copy (h);
          hint_cache_dots = g_memdup2 (s->dot, n);
          g_mutex_unlock (&hint_cache_lock);
        }
    }

  /* What depends on the board as drawn. */
  h->colour = -1;
  h->forced_count = 0;
  if (h->forced != NULL)
    for (gsize i = 0; i < n; i++)
      if (h->forced[i] && !s->dot[i] && s->colour[i] != h->forced[i])
        h->forced_count++;
  if (h->kind == FLOW_HINT_PATH)
    h->colour = pick_colour (s, h);
  return h;
}

/* The board's words for a cell's hint marks (flow_render): a forced
 * colour's diamond, the dashed path Next Hint draws. */
static char *
flow_hint_at (const HbState *state, gconstpointer data, guint flags, int x, int y)
{
  const FlowHint *h = data;
  const FlowState *s = FLOW_CONST (state);
  gsize i = (gsize) y * state->width + x;
  GString *out;

  if (h == NULL || h->width != state->width || h->height != state->height)
    return NULL;
  out = g_string_new (NULL);
  if (h->kind != FLOW_HINT_NONE && h->forced != NULL && h->forced[i] != 0
      && h->forced[i] <= s->colours && s->colour[i] != h->forced[i] && !s->dot[i])
    {
      g_autofree char *name = flow_colour_title (s, h->forced[i] - 1);
      /* TRANSLATORS: a tooltip on a cell with the hint's diamond; %s is
       * the colour ("Red") */
      g_string_append_printf (out, _("%s in every solution"), name);
    }
  if (h->kind == FLOW_HINT_PATH && h->solution != NULL && h->links != NULL
      && h->colour >= 0 && h->colour < s->colours)
    {
      /* The dashes run through the solution's cells of that colour (its
       * whole path from dot to dot); not where the path drawn already runs
       * as the hint's does: the dashes lie under it there, unseen. */
      if (h->solution[i] == h->colour + 1
          && !(s->colour[i] == h->colour + 1 && s->links[i] == h->links[i]))
        {
          g_autofree char *name = flow_colour_title (s, h->colour);
          if (out->len > 0)
            g_string_append_c (out, '\n');
          /* TRANSLATORS: a tooltip on a cell of the hint's dashed line;
           * %s is the colour ("Red") */
          g_string_append_printf (out, _("%s path: Next Hint draws it"), name);
        }
    }
  return out->len > 0 ? g_string_free (out, FALSE) : (g_string_free (out, TRUE), NULL);
}

static char *
flow_hint_warning (const HbState *state, gconstpointer data)
{
  const FlowHint *h = data;

  if (h == NULL)
    return NULL;
  if (h->kind == FLOW_HINT_NONE)
    return g_strdup (_("This level has no solution"));
  if (h->kind != FLOW_HINT_SOLVED && h->kind != FLOW_HINT_BAD_LEVEL
      && h->kind != FLOW_HINT_GAVE_UP && h->solutions >= 2)
    return g_strdup (_("This level has more than one solution"));
  return NULL;
}

static char *colour_label (const HbState *initial, int c);

static char *
hint_words (const HbState *state, gconstpointer data, gboolean plain)
{
  const FlowState *s = FLOW_CONST (state);
  const FlowHint *h = data;
  g_autofree char *what = NULL, *forced = NULL;

  if (h == NULL)
    return g_strdup ("");
  switch (h->kind)
    {
    case FLOW_HINT_SOLVED:
      return g_strdup (_("Solved"));
    case FLOW_HINT_BAD_LEVEL:
      /* A board with no dots had the words for a lone dot (review). */
      if (s->colours == 0)
        return g_strdup (_("No hint: the level has no dots yet"));
      return g_strdup (_("No hint: every colour needs exactly two dots"));
    case FLOW_HINT_NONE:
      /* Worded as the other games' hints say it. */
      return g_strdup (_("This level has no solution"));
    default:
      break;
    }
  if (h->forced_count > 0 && plain)
    forced = g_strdup_printf (h->forced_count == 1 ? "%d cell forced" : "%d cells forced",
                              h->forced_count);
  else if (h->forced_count > 0)
    forced = g_strdup_printf (g_dngettext (NULL, "%d forced cell tinted",
                                           "%d forced cells tinted", h->forced_count),
                              h->forced_count);
  if (h->kind == FLOW_HINT_GAVE_UP)
    {
      if (forced != NULL)
        /* TRANSLATORS: %s is "12 forced cells tinted" */
        return g_strdup_printf (_("No solution found in time; %s"), forced);
      return g_strdup (_("No solution found in time"));
    }
  if (h->colour >= 0 && h->colour < s->colours)
    {
      g_autofree char *name = colour_label (state, h->colour);
      if (colour_off_cells (s, h, h->colour) > 0)
        /* TRANSLATORS: %s is the colour's name ("red") or its character
         * in quotes; the player drew it where the solution does not go */
        what = g_strdup_printf (_("Next hint: colour %s, whose path leaves the solution's"), name);
      else
        /* TRANSLATORS: %s is the colour's name ("red") or its character in
         * quotes, as in "Try colour %s at row 2, column 3" */
        what = g_strdup_printf (_("Next hint: colour %s"), name);
    }
  else
    what = g_strdup (_("The drawn paths match the solution"));
  if (h->solutions >= 2)
    {
      /* The forced cells are tinted here too: said, as with one
       * solution (they went unsaid: helper-154). */
      g_autofree char *all = forced != NULL ? g_strdup_printf ("%s; %s", what, forced)
                                            : g_strdup (what);

      /* TRANSLATORS: %s is "Next hint: colour red" */
      return g_strdup_printf (_("Warning: this level has more than one solution. %s"), all);
    }
  if (h->solutions == 1)
    {
      /* TRANSLATORS: %s is "Next hint: colour red" */
      char *t = g_strdup_printf (_("%s; the level has exactly one solution"), what);
      g_free (what);
      what = t;
    }
  if (forced != NULL)
    return g_strdup_printf ("%s; %s", what, forced);
  return g_steal_pointer (&what);
}

static char *
flow_hint_describe (const HbState *state, gconstpointer data)
{
  return hint_words (state, data, FALSE);
}

/* For the CLI: "35 cells forced", not "tinted" (nothing is). */
static char *
flow_hint_summary (const HbState *state, gconstpointer data)
{
  return hint_words (state, data, TRUE);
}

static gboolean
hint_valid (const HbState *state, const FlowHint *h)
{
  return h != NULL && h->kind == FLOW_HINT_PATH && h->width == state->width
         && h->height == state->height && h->solution != NULL
         && h->colour >= 0 && h->colour < FLOW_CONST (state)->colours;
}

void
flow_hint_path (const FlowState *s, const FlowHint *h, int c, GArray *cells)
{
  gsize n = (gsize) s->base.width * s->base.height, steps = 0;
  int a, b, cur, prev = -1;

  if (h->solution == NULL || h->links == NULL || !flow_endpoints (s, c, &a, &b))
    return;
  g_array_append_val (cells, a);
  for (cur = a; cur != b && steps++ < n;)
    {
      int next = link_next (s, h->links, h->solution, cur, prev, c);
      if (next < 0)
        break;
      g_array_append_val (cells, next);
      prev = cur;
      cur = next;
    }
}

/* The moves that draw the hint's colour as the solution does: clear it,
 * then link its path from its first dot. */
static gboolean
flow_hint_next_moves (const HbState *state, gconstpointer data, GArray *moves)
{
  const FlowState *s = FLOW_CONST (state);
  const FlowHint *h = data;
  g_autoptr (GArray) path = g_array_new (FALSE, FALSE, sizeof (int));
  int c, w = state->width;
  gsize n = (gsize) w * state->height;

  if (!hint_valid (state, h))
    return FALSE;
  c = h->colour;
  flow_hint_path (s, h, c, path);
  if (path->len == 0 || colour_matches (s, h, c))
    return FALSE;
  for (gsize i = 0; i < n; i++)
    if (s->colour[i] == c + 1 && (s->links[i] || !s->dot[i]))
      {
        int a = g_array_index (path, int, 0);
        HbMove m = { FLOW_OP_CLEAR_COLOUR, a % w, a / w, c };
        g_array_append_val (moves, m);
        break;
      }
  for (guint k = 0; k + 1 < path->len; k++)
    {
      int cur = g_array_index (path, int, k);
      HbMove m = { FLOW_OP_LINK, cur % w, cur / w,
                   dir_between (s, cur, g_array_index (path, int, k + 1)) | (c << 2) };
      g_array_append_val (moves, m);
    }
  return moves->len > 0;
}

static gboolean
flow_hint_next_move (const HbState *state, gconstpointer data, HbMove *move)
{
  g_autoptr (GArray) moves = g_array_new (FALSE, FALSE, sizeof (HbMove));

  if (!flow_hint_next_moves (state, data, moves))
    return FALSE;
  *move = g_array_index (moves, HbMove, 0);
  return TRUE;
}

/* The level's rows with the hinted colour's path drawn in its character
 * (the other cells as the level has them: dots, '.' elsewhere), after a
 * line saying where the path ends, for the command line's `hint`. */
static char *
flow_hint_text (const HbState *state, gconstpointer data)
{
  const FlowState *s = FLOW_CONST (state);
  const FlowHint *h = data;
  g_autoptr (GArray) path = g_array_new (FALSE, FALSE, sizeof (int));
  int w = state->width, h_rows = state->height, last;
  g_autofree char *grid = NULL;
  GString *out;

  if (!hint_valid (state, h))
    return NULL;
  flow_hint_path (s, h, h->colour, path);
  if (path->len < 2)
    return NULL;
  grid = g_malloc ((gsize) w * h_rows);
  for (gsize i = 0; i < (gsize) w * h_rows; i++)
    grid[i] = s->dot[i] ? s->names[s->dot[i] - 1] : '.';
  for (guint k = 0; k < path->len; k++)
    grid[g_array_index (path, int, k)] = s->names[h->colour];
  last = g_array_index (path, int, path->len - 1);
  out = g_string_new (NULL);
  /* Untranslated, as the command line's "next:" line before it: both are
   * for scripts to read. A path has two cells at least. */
  g_string_append_printf (out, "path: %u cells, to row %d, column %d\n",
                          path->len, last / w + 1, last % w + 1);
  for (int y = 0; y < h_rows; y++)
    {
      g_string_append_len (out, grid + (gsize) y * w, w);
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

/* ---- Trace frames --------------------------------------------------------------------- */

/* Before the first step the player shows the level's dots alone (see
 * flow_frame_new_vfunc): said when the player had drawn paths, which
 * vanished from it unexplained (review). */
static char *
flow_describe_start (const HbState *initial)
{
  if (!has_paths (FLOW_CONST (initial)))
    return NULL;
  return g_strdup (_("Before the first step: the level's dots alone (solvers ignore the "
                     "paths drawn)"));
}

static gpointer
flow_frame_new_vfunc (const HbState *initial, const HbTrace *trace)
{
  FlowFrame *f = flow_frame_new (FLOW_CONST (initial));

  /* Solvers work on the level: what the user drew is not theirs. */
  flow_clear_paths (f->board);
  return f;
}

static gpointer
flow_frame_copy_vfunc (gconstpointer frame)
{
  return flow_frame_copy (frame);
}

static void
flow_frame_free_vfunc (gpointer frame)
{
  flow_frame_free (frame);
}

static void
flow_frame_step (gpointer frame, const HbTrace *trace, const HbStep *step)
{
  FlowFrame *f = frame;
  FlowState *b = f->board;
  int w = b->base.width, h = b->base.height;
  gsize n = (gsize) w * h;
  gboolean in = step->x >= 0 && step->y >= 0 && step->x < w && step->y < h;
  int i = in ? step->y * w + step->x : -1;
  gsize len = 0;
  const guint8 *blob = step->blob ? hb_trace_blob (trace, step, &len) : NULL;

  f->hx = in ? step->x : -1;
  f->hy = in ? step->y : -1;
  f->hkind = step->kind;
  f->harms = in && step->kind == HB_STEP_TRY && step->value < 0 ? step->aux & 15 : 0;
  if (blob != NULL && len >= 2 * n)
    {
      flow_frame_set_board (f, blob, blob + n, len >= 3 * n ? blob + 2 * n : NULL);
      return;
    }
  if (!in)
    return;
  switch ((HbStepKind) step->kind)
    {
    case HB_STEP_PLACE:
      if (step->value >= 0 && step->value < FLOW_MAX_COLOURS
          && neighbour (b, i, step->aux & 3) >= 0)
        flow_link (b, i, step->aux & 3, step->value);
      break;
    case HB_STEP_UNDO:
      {
        int j = neighbour (b, i, step->aux & 3);
        unlink_dir (b, i, step->aux & 3);
        if (b->links[i] == 0 && !b->dot[i])
          b->colour[i] = 0;
        if (j >= 0 && b->links[j] == 0 && !b->dot[j])
          b->colour[j] = 0;
        break;
      }
    case HB_STEP_FORCE:
      if (!b->dot[i] && step->value >= 0 && step->value < FLOW_MAX_COLOURS)
        b->colour[i] = (guint8) (step->value + 1);
      break;
    default:
      break;
    }
}

/* A cell's neighbour in a direction (north, east, south, west), as a
 * step names it: "Link row 2, column 3 to the cell below it". */
static const char *const dir_names[4] = {
  /* TRANSLATORS: a cell's neighbour, as in "Link row 2, column 3 to the
   * cell above it" */
  N_("the cell above it"), N_("the cell right of it"), N_("the cell below it"),
  N_("the cell left of it"),
};

/* Colour c of the level as a step names it: the palette's name in lower
 * case ("purple") for the game's sixteen, else its character in single
 * quotes (‘x’, as colour_name quotes it);
 * its number when the level does not have it. Newly allocated. */
static char *
colour_label (const HbState *initial, int c)
{
  const FlowState *s = initial != NULL && initial->game == &flow_game ? FLOW_CONST (initial) : NULL;
  char *name;

  if (s == NULL || c < 0 || c >= s->colours)
    return g_strdup_printf ("%d", c + 1);
  if ((name = palette_name (s, c, TRUE)) != NULL)
    return name;
  /* TRANSLATORS: a colour named by its character on the board, as in
   * "Try colour ‘x’ at row 2, column 3" (quoted as a character, the way
   * "colour ‘%c’" quotes it in the status and the results) */
  return g_strdup_printf (_("‘%c’"), s->names[c]);
}

/* HbGame.describe_cut: the dots cut off, by colour ("a red dot", "both
 * red dots", "dots of red and blue"; with more than three colours, how
 * many); NULL when no dot was cut (a resize drops every path, which is
 * not said). */
static char *
flow_describe_cut (const HbState *state, const HbState *resized, int dx, int dy)
{
  const FlowState *s = FLOW_CONST (state);
  int lost[FLOW_MAX_COLOURS] = { 0 };
  int colours = 0, named = 0, first = -1;
  char *name[3], *said;

  for (int y = 0; y < state->height; y++)
    for (int x = 0; x < state->width; x++)
      {
        int d = s->dot[(gsize) y * state->width + x];

        if (d != 0 && d <= FLOW_MAX_COLOURS && !hb_resize_keeps (resized, x, y, dx, dy)
            && lost[d - 1]++ == 0 && colours++ == 0)
          first = d - 1;
      }
  if (colours == 0)
    return NULL;
  if (colours > 3)
    /* TRANSLATORS: what a row removed or a smaller board cut off, after
     * "held": "The row removed held dots of 5 colours" */
    return g_strdup_printf (g_dngettext (NULL, "dots of %d colour", "dots of %d colours",
                                         colours), colours);
  for (int c = 0; c < FLOW_MAX_COLOURS; c++)
    if (lost[c] > 0)
      name[named++] = colour_label (state, c);
  if (colours == 1)
    /* TRANSLATORS: what a row removed or a smaller board cut off, after
     * "held": "The column removed held a red dot", "… held both red
     * dots" (a colour's two) */
    said = g_strdup_printf (lost[first] == 1 ? _("a %s dot")
                            : lost[first] == 2 ? _("both %s dots")
                            /* TRANSLATORS: as "a %s dot", for a colour drawn with
                             * more dots than its two: "… held red dots" */
                            : _("%s dots"), name[0]);
  else if (colours == 2)
    /* TRANSLATORS: as "a %s dot": "The row removed held dots of red and
     * blue" */
    said = g_strdup_printf (_("dots of %s and %s"), name[0], name[1]);
  else
    /* TRANSLATORS: as "a %s dot": "… held dots of red, green and blue" */
    said = g_strdup_printf (_("dots of %s, %s and %s"), name[0], name[1], name[2]);
  for (int i = 0; i < named; i++)
    g_free (name[i]);
  return said;
}

/* Whether a generation's board (its blob: colours, links, marks) has a
 * marked cell. */
static gboolean
generation_marked (const HbState *initial, const HbTrace *trace, const HbStep *step)
{
  gsize len = 0, n = initial != NULL ? (gsize) initial->width * initial->height : 0;
  const guint8 *blob = trace != NULL ? hb_trace_blob (trace, step, &len) : NULL;

  if (blob == NULL || n == 0 || len < 3 * n)
    return FALSE;
  for (gsize i = 2 * n; i < 3 * n; i++)
    if (blob[i] != 0)
      return TRUE;
  return FALSE;
}

static char *
flow_describe_step (const HbState *initial, const HbTrace *trace, const HbStep *step)
{
  /* Cells are named 1-based, row then column, as everywhere in the app. */
  int col = step->x + 1, row = step->y + 1;
  g_autofree char *c = colour_label (initial, step->value);
  const char *dir = _(dir_names[step->aux & 3]);
  /* Formatted apart, the digits grouped as the locale says. */
  g_autofree char *counter = hb_format_count (step->counter);
  /* What the solver's counter counts ("search calls"), as it named it. */
  const char *named = hb_trace_get_counter_name (trace);
  const char *what = named != NULL && named[0] != '\0' ? _(named) : _("steps");
  int marks;   /* a generation's FlowMarksMeaning */

  switch ((HbStepKind) step->kind)
    {
    case HB_STEP_PLACE:
      /* TRANSLATORS: a solver step: a cell's row and column, its
       * neighbour ("the cell below it"), the colour's name ("purple") */
      return g_strdup_printf (_("Link row %d, column %d to %s, in colour %s"),
                              row, col, dir, c);
    case HB_STEP_UNDO:
      /* TRANSLATORS: a solver step: a cell's row and column, its
       * neighbour ("the cell below it") */
      return g_strdup_printf (_("Take back the link from row %d, column %d to %s"),
                              row, col, dir);
    case HB_STEP_FORCE:
      /* TRANSLATORS: a solver step: a cell's row and column, a colour's
       * name ("purple") */
      return g_strdup_printf (_("Row %d, column %d must be colour %s"), row, col, c);
    case HB_STEP_TRY:
      if (step->value < 0)
        {
          /* The arms a search gives a cell before its colour is known. */
          static const char *const arms[16] = {
            [1 | 4] = N_("up and down"), [2 | 8] = N_("left and right"),
            [1 | 2] = N_("up and right"), [2 | 4] = N_("right and down"),
            [4 | 8] = N_("down and left"), [8 | 1] = N_("left and up"),
          };
          const char *a = arms[step->aux & 15];
          if (a == NULL)
            return g_strdup ("");
          /* TRANSLATORS: a solver step: a cell's row and column, then the
           * two ways the path through it goes ("up and down", "left and
           * up") */
          return g_strdup_printf (_("Decide that the path through row %d, column %d goes %s"),
                                  row, col, _(a));
        }
      /* TRANSLATORS: a solver step: a colour's name ("purple"), a cell's
       * row and column */
      return g_strdup_printf (_("Try colour %s at row %d, column %d"), c, row, col);
    case HB_STEP_REJECT:
      /* TRANSLATORS: a solver step: a colour's name ("purple"), a cell's
       * row and column */
      return g_strdup_printf (_("Colour %s fails at row %d, column %d"), c, row, col);
    case HB_STEP_GENERATION:
      marks = step->aux;
      /* The red frames on the best individual, said in the words under
       * the board (the legend speaks of the hints only), when it has any. */
      if (step->aux != FLOW_MARKS_UNSAID && !generation_marked (initial, trace, step))
        marks = FLOW_MARKS_UNSAID;
      if (marks == FLOW_MARKS_SHARED)
        /* TRANSLATORS: a genetic algorithm's generation and its fitness
         * (lower is better): best, mean, worst; then what the red frames
         * on the board are */
        return g_strdup_printf (_("Generation %s: fitness best %g, mean %.1f, worst %g; "
                                  "framed in red: cells two paths share"),
                                counter, step->f[0], step->f[1], step->f[2]);
      if (marks == FLOW_MARKS_STRAY)
        /* TRANSLATORS: a genetic algorithm's generation and its score
         * (cells satisfied): best, mean, worst; then what the red frames
         * on the board are: pieces of one colour (closed loops, stretches)
         * joined to neither of its dots */
        return g_strdup_printf (_("Generation %s: fitness best %g, mean %.1f, worst %g; "
                                  "framed in red: pieces of colour that reach no dot"),
                                counter, step->f[0], step->f[1], step->f[2]);
      /* TRANSLATORS: a genetic algorithm's generation and its fitness
       * (lower is better): best, mean, worst */
      return g_strdup_printf (_("Generation %s: fitness best %g, mean %.1f, worst %g"),
                              counter, step->f[0], step->f[1], step->f[2]);
    case HB_STEP_SOLUTION:
      /* TRANSLATORS: what the solver's counter counts and the count, as a
       * label and its value ("SAT calls: 1": no plural to agree with) */
      return g_strdup_printf (_("A solution (%s: %s)"), what, counter);
    case HB_STEP_BOUND:
      /* TRANSLATORS: a bound, then what the counter counts and the count */
      return g_strdup_printf (_("Bound %d (%s: %s)"), step->value, what, counter);
    case HB_STEP_INFO:
      /* A model with marks is the SAT solver's, the marks its stray
       * cycles (flow-solve-sat.c). */
      if (step->blob)
        /* TRANSLATORS: the SAT solver's model number %s, with its stray
         * cycles marked */
        return g_strdup_printf (_("Model %s: the loops in red join no dots; they are "
                                  "forbidden and SAT runs again"), counter);
      /* TRANSLATORS: what the counter counts and the count: "SAT calls: 3" */
      return g_strdup_printf (C_("solver counter", "%s: %s"), what, counter);
    default:
      return g_strdup ("");
    }
}

static char *
flow_frame_status (gconstpointer frame)
{
  const FlowFrame *f = frame;
  const FlowState *b = f->board;
  gsize n = (gsize) b->base.width * b->base.height, filled = 0, open = 0, marked = 0;
  g_autofree char *nf = NULL, *nn = NULL, *nm = NULL;

  /* The cells as the status line counts them, the dots left out (the
   * player said "20 / 81" where the status said "0 / 63"). */
  for (gsize i = 0; i < n; i++)
    {
      if (b->dot[i] == 0)
        {
          open++;
          filled += b->colour[i] != 0;
        }
      marked += f->marks[i] != 0;
    }
  nf = hb_format_count ((gint64) filled);
  nn = hb_format_count ((gint64) open);
  if (marked == 0)
    /* TRANSLATORS: the player's counter: cells coloured / cells (not dots) */
    return g_strdup_printf (g_dngettext (NULL, "%s / %s cell coloured", "%s / %s cells coloured",
                                         (gulong) open), nf, nn);
  nm = hb_format_count ((gint64) marked);
  /* TRANSLATORS: the player's counter: cells coloured / cells (not dots),
   * cells framed in red (shared by paths, or a stray loop's); "marked"
   * alone was never explained (review) */
  return g_strdup_printf (g_dngettext (NULL, "%s / %s cell coloured, %s marked in red",
                                       "%s / %s cells coloured, %s marked in red", (gulong) open),
                          nf, nn, nm);
}

/* ---- The game --------------------------------------------------------------------------- */

const HbGame flow_game = {
  .id = "flow",
  .name = N_("Flow Free"),
  .extension = ".flow",
  .reads_json = TRUE,
  .hover_local = hb_render_hover_local,
  .redraw_cells = flow_redraw_cells,
  .description = N_("Join each pair of equal dots by a path; the paths fill the board and never "
                    "cross. Drag out of a dot to draw its path, back over it to shorten it."),
  .edit_description = N_("Drawing: pick a colour and click two cells for its dots; a "
                         "click on a dot removes it and picks its colour, a drag moves it. "
                         "A colour that has both its dots moves the nearer one to the cell "
                         "clicked."),
  .default_width = 7,
  .default_height = 7,
  .max_ui_side = 100,
  .default_colours = 6,
  .max_colours = FLOW_MAX_COLOURS,
  .min_colours = 1,   /* a board one cell wide */
  .solvers = flow_solvers,
  .new_blank = flow_new_blank,
  .copy = flow_copy,
  .free = flow_free,
  .equal = flow_equal,
  .generate = flow_generate,
  .generate_settings = flow_generate_settings,
  .resize = flow_resize,
  .describe_cut = flow_describe_cut,
  .parse = flow_parse,
  .parse_json = flow_parse_json_state,
  .sniff = flow_sniff,
  .sniff_yields = flow_sniff_yields,
  .write = flow_write,
  .write_solution = flow_write_solution,
  .is_solved = flow_game_is_solved,
  .apply = flow_apply,
  .apply_all = flow_apply_all,
  .ui_new = flow_ui_new,
  .ui_free = flow_ui_free,
  .pointer = flow_pointer,
  .palette = flow_palette,
  .palette_render = flow_palette_render,
  .status_text = flow_status_text,
  .edit_status_text = flow_edit_status_text,
  .solved_text = flow_solved_text,
  .render = flow_render,
  .hint_compute = flow_hint_compute,
  .hint_free = flow_hint_free,
  .hint_describe = flow_hint_describe,
  .hint_summary = flow_hint_summary,
  .hint_warning = flow_hint_warning,
  .hint_at = flow_hint_at,
  .hint_next_move = flow_hint_next_move,
  .frame_new = flow_frame_new_vfunc,
  .frame_copy = flow_frame_copy_vfunc,
  .frame_free = flow_frame_free_vfunc,
  .frame_step = flow_frame_step,
  .frame_steps_local = TRUE,
  .frame_render = flow_frame_render_vfunc,
  .describe_step = flow_describe_step,
  .describe_start = flow_describe_start,
  .frame_status = flow_frame_status,
  .from_image = flow_from_image,
  .hint_next_moves = flow_hint_next_moves,
  .hint_text = flow_hint_text,
  .bench = flow_bench,
  .hint_legend = N_("Tinted cell with a small diamond: its colour is forced, whatever the "
                    "rest of the solution. Dashed line: the path Next Hint will draw. "
                    "With Colour Labels on, every dot shows its colour's letter."),
  .bench_sets = flow_bench_sets,
  .bench_only = flow_bench_only,
  .keyboard_strokes = TRUE,
};
