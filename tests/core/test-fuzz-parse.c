/* test-fuzz-parse.c: every game's parser, its sniffer, the registry's
 * sniffing path and the move/pointer path, fed deterministic mutations of
 * valid levels.
 *
 * For each game of hb_registry_games() the seeds are: generated levels
 * written in every format the game writes, the files under
 * tests/data/anchors/<game>/ (whole, and up to six game IDs found in each),
 * the files under tests/data/<game>/, and hand-made edge cases (among them
 * the inputs of bugs this test found). The generated levels must parse
 * (else the test or the game is wrong); data files may hold bad input on
 * purpose.
 * Then, with HbRng and a fixed seed, so every run is the same:
 *
 *  - every prefix of each seed up to TRUNCATE_MAX_LEN bytes;
 *  - HB_FUZZ_CASES cases (default DEFAULT_CASES), each a seed with one
 *    mutation (half of them) or two to four: bit flips, insertion of
 *    interesting characters and strings ('x', ':', ',', '\n', '\r', NUL,
 *    0xff, half a UTF-8 sequence, 99999999999, …), deletions, truncation,
 *    line duplication, deletion and swapping, digit runs replaced by extreme
 *    numbers, and splicing with a seed of any game.
 *
 * Each text is copied into a buffer of exactly its length (no NUL after
 * it), so AddressSanitizer catches a parser that reads past `len`. The
 * contract checked for each one (the "bad input never crashes" rule of
 * DESIGN.md and hb-error.h):
 *
 *  - game->parse returns either a state of this game with 1 ≤ width,
 *    height ≤ HB_MAX_SIDE that writes back (HB_WRITE_NATIVE) to text that
 *    parses to an equal state, whose other formats parse to its size, and
 *    sets no error; or NULL with an HB_PARSE_ERROR whose message starts with
 *    "LINE:COL: ", is valid UTF-8 (the app shows it in a toast) and points
 *    into the text (LINE at most one past the last line, COL at most one
 *    past the end of that line, in characters);
 *  - game->sniff does not crash;
 *  - hb_registry_parse with no game (the sniffing path) gives a valid state
 *    or an HB_PARSE_ERROR "-:LINE:COL: …" as above;
 *  - for a parsed state, six random moves (random op codes, x and y in and
 *    out of the board, extreme values) and one pointer gesture (press,
 *    motion, release; a palette press where the game has a play palette):
 *    apply returns NULL or a valid state as above;
 *  - for one small parsed state in SOLVE_ONE_IN, every solver with small
 *    limits and a trace (played back as frames), the hint, and drawing the
 *    board and its palettes in both modes: nothing crashes, and a SOLVED
 *    answer's moves solve the board.
 *
 * Crashes, leaks (LeakSanitizer) and warnings (G_DEBUG=fatal-warnings) fail
 * the test by themselves; run it under build-asan. HB_FUZZ_CASES and
 * HB_FUZZ_SEED explore further (the default run is always the same). Bugs known in files the
 * author could not change are listed under "Known bugs" below. */
#include "hb-game.h"
#include "hb-registry.h"
#include "hb-test-util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_SEED        0x48696e74626f6172ull   /* "Hintboar" */
#define DEFAULT_CASES    20000
#define TRUNCATE_MAX_LEN 160     /* seeds up to this long: every prefix */
#define MAX_TEXT_LEN     (64 * 1024)
#define MOVES_PER_STATE  6
#define SOLVE_MAX_CELLS  64      /* solvers and hints run on boards this small */
#define SOLVE_ONE_IN     4       /* … on one parsed board in this many */

typedef struct {
  char  *data;
  gsize  len;
  char  *origin;   /* for messages: where the seed came from */
} Blob;

typedef struct {
  guint parsed, refused, registry_parsed, moves_applied, solver_runs, cases;
} Counts;

static void
blob_clear (gpointer p)
{
  Blob *b = p;

  g_free (b->data);
  g_free (b->origin);
}

static void
blob_add (GArray *seeds, const char *data, gsize len, char *origin)
{
  Blob b = { g_malloc (len + 1), len, origin };

  memcpy (b.data, data, len);
  b.data[len] = '\0';
  g_array_append_val (seeds, b);
}

/* A printable excerpt of a failing input, for the failure message. */
static char *
excerpt (const char *text, gsize len)
{
  GString *s = g_string_new (NULL);

  for (gsize i = 0; i < MIN (len, 400); i++)
    {
      guchar c = text[i];
      if (c == '\n')
        g_string_append (s, "\\n");
      else if (c == '\\')
        g_string_append (s, "\\\\");
      else if (c < 0x20 || c >= 0x7f)
        g_string_append_printf (s, "\\x%02x", c);
      else
        g_string_append_c (s, c);
    }
  if (len > 400)
    g_string_append_printf (s, "… (%" G_GSIZE_FORMAT " bytes)", len);
  return g_string_free (s, FALSE);
}

/* What was being checked when a case fails beyond the parse itself (the
 * move that made the state), for the failure message. */
static char fail_context[128];

static G_NORETURN void
fail_case (const HbGame *game, const char *text, gsize len, const char *what)
{
  g_autofree char *ex = excerpt (text, len);

  g_error ("%s: %s%s\n  input: \"%s\"", game->id, what, fail_context, ex);
}

/* ---- Known bugs -------------------------------------------------------------
 *
 * Bugs this test found in files its author could not change at the time,
 * each reported to the file's owner with a reproduction. A state matching
 * one is counted and named in the test's log instead of failing the test;
 * with HB_FUZZ_STRICT=1 in the environment it fails as any other. Remove an
 * entry when its bug is fixed: the test then guards the fix. */

typedef enum {
  KNOWN_ROUND_TRIP,   /* a state whose native text does not read back */
  KNOWN_BAD_UTF8,     /* an error message that is not UTF-8 */
  KNOWN_BAD_COLUMN,   /* an error column past the end of its line */
} KnownKind;

typedef struct {
  const char *game;
  KnownKind   kind;
  const char *what;
  /* TRUE when a failure shows this bug: a state that did not read back
   * (native is its native text; error NULL), or an error that broke the
   * rules (state and native NULL). */
  gboolean  (*matches) (const HbState *state, const char *native,
                        const char *text, gsize len, const GError *error);
  guint       seen;
} KnownIssue;

static KnownIssue known_issues[] = {
  /* None now: the flood bugs this test found (native text losing the
   * number of colours, move limits the reader refused, messages that were
   * not UTF-8, columns counted in bytes) are fixed, and their inputs stay
   * among the edge cases below. */
  { NULL },
};

/* Whether a failure is a known bug (and then counts it). */
static gboolean
is_known_issue (const HbGame *game, KnownKind kind, const HbState *state,
                const char *native, const char *text, gsize len,
                const GError *error)
{
  static int strict = -1;

  if (strict < 0)
    strict = g_strcmp0 (g_getenv ("HB_FUZZ_STRICT"), "1") == 0;
  if (strict)
    return FALSE;
  for (guint i = 0; known_issues[i].game != NULL; i++)
    if (g_str_equal (known_issues[i].game, game->id) && known_issues[i].kind == kind
        && known_issues[i].matches (state, native, text, len, error))
      {
        known_issues[i].seen++;
        return TRUE;
      }
  return FALSE;
}

/* "LINE:COL: " at the start of msg (after `prefix`); returns both. */
static gboolean
check_position_prefix (const char *msg, const char *prefix, int *line, int *col)
{
  const char *p = msg;
  int l = 0, c = 0, digits;

  if (!g_str_has_prefix (p, prefix))
    return FALSE;
  p += strlen (prefix);
  for (digits = 0; g_ascii_isdigit (*p); p++, digits++)
    l = MIN (l * 10 + (*p - '0'), 1 << 30);
  if (digits == 0 || *p++ != ':')
    return FALSE;
  for (digits = 0; g_ascii_isdigit (*p); p++, digits++)
    c = MIN (c * 10 + (*p - '0'), 1 << 30);
  if (digits == 0 || *p++ != ':' || *p != ' ')
    return FALSE;
  *line = l;
  *col = c;
  return l >= 1 && c >= 1;
}

static int
count_lines (const char *text, gsize len)
{
  int n = 1;

  for (gsize i = 0; i < len; i++)
    n += text[i] == '\n';
  return n;
}

/* Characters on line `line` (1-based) without its '\n', counting every
 * byte that does not continue a UTF-8 sequence as hb_check_text does; -1
 * past the last line. */
static int
line_length (const char *text, gsize len, int line)
{
  int l = 1, n = 0;
  gsize i = 0;

  for (; i < len && l < line; i++)
    l += text[i] == '\n';
  if (l < line)
    return -1;
  for (; i < len && text[i] != '\n'; i++)
    n += ((guchar) text[i] & 0xc0) != 0x80;
  return n;
}

static void
check_error (const HbGame *game, const char *text, gsize len,
             const GError *error, const char *prefix)
{
  int line = 0, col = 0, width;

  if (error == NULL)
    fail_case (game, text, len, "parse returned NULL without an error");
  if (error->domain != HB_PARSE_ERROR)
    fail_case (game, text, len, "the error is not in HB_PARSE_ERROR");
  if (!g_utf8_validate (error->message, -1, NULL))
    {
      if (is_known_issue (game, KNOWN_BAD_UTF8, NULL, NULL, text, len, error))
        return;
      fail_case (game, text, len, "the error message is not valid UTF-8");
    }
  if (!check_position_prefix (error->message, prefix, &line, &col))
    {
      g_autofree char *what = g_strdup_printf ("the error \"%s\" does not start "
                                               "with \"%sLINE:COL: \"",
                                               error->message, prefix);
      fail_case (game, text, len, what);
    }
  /* One past the last line is where "the text ends early" points. */
  if (line > count_lines (text, len) + 1)
    {
      g_autofree char *what = g_strdup_printf ("the error \"%s\" names a line "
                                               "past the end of the text",
                                               error->message);
      fail_case (game, text, len, what);
    }
  /* One past the end of a line is where "the line ends early" points. */
  width = line_length (text, len, line);
  if (col > MAX (width, 0) + 1)
    {
      if (is_known_issue (game, KNOWN_BAD_COLUMN, NULL, NULL, text, len, error))
        return;
      g_autofree char *what = g_strdup_printf ("the error \"%s\" names a column "
                                               "past the end of line %d (%d "
                                               "characters)",
                                               error->message, line, width);
      fail_case (game, text, len, what);
    }
}

/* A state is valid when it is this game's, its size is in range, and its
 * native text parses back to an equal state. Other formats need not keep
 * everything (a Tatham ID has no move count), but what they write must
 * parse. */
static void
check_state (const HbGame *game, const HbState *state, const char *text, gsize len)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *native = NULL;
  HbState *again, *copy;
  char *status;

  if (state->game != game)
    fail_case (game, text, len, "the state is another game's");
  if (state->width < 1 || state->height < 1
      || state->width > HB_MAX_SIDE || state->height > HB_MAX_SIDE)
    {
      g_autofree char *what = g_strdup_printf ("the state is %d×%d",
                                               state->width, state->height);
      fail_case (game, text, len, what);
    }
  copy = hb_state_copy (state);
  if (!game->equal (state, copy))
    fail_case (game, text, len, "a state is not equal to its copy");
  hb_state_free (copy);
  game->is_solved (state);
  status = game->status_text (state);
  g_free (status);

  native = game->write (state, HB_WRITE_NATIVE, &error);
  if (native == NULL)
    {
      g_autofree char *what = g_strdup_printf ("writing the state failed: %s",
                                               error ? error->message : "(no error)");
      fail_case (game, text, len, what);
    }
  again = game->parse (native, strlen (native), &error);
  if ((again == NULL || !game->equal (state, again))
      && is_known_issue (game, KNOWN_ROUND_TRIP, state, native, text, len, NULL))
    {
      hb_state_free (again);
      return;
    }
  if (again == NULL)
    {
      g_autofree char *ex = excerpt (native, strlen (native));
      g_autofree char *what = g_strdup_printf ("the state's native text \"%s\" does "
                                               "not parse: %s", ex,
                                               error ? error->message : "(no error)");
      fail_case (game, text, len, what);
    }
  if (!game->equal (state, again))
    {
      g_autofree char *ex = excerpt (native, strlen (native));
      g_autofree char *what = g_strdup_printf ("the state's native text \"%s\" "
                                               "parses to another state", ex);
      fail_case (game, text, len, what);
    }
  hb_state_free (again);

  for (HbWriteFormat f = HB_WRITE_COMPACT; f <= HB_WRITE_JSON; f++)
    {
      g_autoptr(GError) werror = NULL;
      g_autofree char *other = game->write (state, f, &werror);
      HbState *s;

      if (other == NULL)
        {
          if (werror == NULL)
            fail_case (game, text, len, "write returned NULL without an error");
          continue;
        }
      s = game->parse (other, strlen (other), &werror);
      if (s == NULL || s->width != state->width || s->height != state->height)
        {
          g_autofree char *ex = excerpt (other, strlen (other));
          g_autofree char *what = g_strdup_printf ("the state written in format %d "
                                                   "(\"%s\") does not parse to its "
                                                   "size: %s", f, ex,
                                                   werror ? werror->message : "");
          fail_case (game, text, len, what);
        }
      hb_state_free (s);
    }
}

/* ---- Moves and pointer gestures ------------------------------------------ */

static gint32
pick_coordinate (HbRng *rng, int side)
{
  switch (hb_rng_below (rng, 8))
    {
    case 0: return -1;
    case 1: return side;
    case 2: return G_MININT32;
    case 3: return G_MAXINT32;
    case 4: return side - 1;
    default: return (gint32) hb_rng_below (rng, side);
    }
}

static gint32
pick_value (HbRng *rng)
{
  static const gint32 extremes[] = {
    -2, -1, 0, 1, 2, 3, 4, 5, 9, 10, 11, 15, 16, 255, 256,
    9999999, 10000000, G_MAXINT32, G_MININT32, G_MININT32 + 1,
  };

  if (hb_rng_below (rng, 3) == 0)
    return (gint32) hb_rng_next (rng);
  return extremes[hb_rng_below (rng, G_N_ELEMENTS (extremes))];
}

static void
exercise_moves (const HbGame *game, const HbState *start, HbRng *rng,
                const char *text, gsize len, Counts *counts)
{
  HbState *state = hb_state_copy (start);
  HbPaletteEntry palette[32];
  HbPointer pointer = { 0 };
  gpointer ui = game->ui_new ? game->ui_new (start) : NULL;
  HbMove moves[16];
  HbHit hit;
  int n;

  for (int k = 0; k < MOVES_PER_STATE; k++)
    {
      HbMove m;
      HbState *next;

      m.op = (gint32) hb_rng_below (rng, 10) - 2;
      if (hb_rng_below (rng, 16) == 0)
        m.op = pick_value (rng);
      m.x = pick_coordinate (rng, state->width);
      m.y = pick_coordinate (rng, state->height);
      m.value = pick_value (rng);
      next = game->apply (state, &m);
      if (next != NULL)
        {
          g_snprintf (fail_context, sizeof fail_context,
                      " (after the move {op %d, x %d, y %d, value %d})",
                      m.op, m.x, m.y, m.value);
          check_state (game, next, text, len);
          hb_state_free (state);
          state = next;
          counts->moves_applied++;
        }
    }

  /* One gesture: a press inside the board, a motion, a release anywhere.
   * Games see hit == NULL only for a play-mode palette press, and only when
   * they have a play palette (hb-game.h). */
  pointer.mode = hb_rng_below (rng, 2) ? HB_MODE_PLAY : HB_MODE_EDIT;
  pointer.button = 1 + (int) hb_rng_below (rng, 3);
  n = game->palette (state, pointer.mode, palette, G_N_ELEMENTS (palette));
  g_assert_cmpint (n, >=, 0);
  g_assert_cmpint (n, <=, (int) G_N_ELEMENTS (palette));
  pointer.tool = n > 0 && hb_rng_below (rng, 2) ? palette[hb_rng_below (rng, n)].id : -1;
  pointer.ui = ui;
  for (int phase = HB_POINTER_PRESS; phase <= HB_POINTER_RELEASE; phase++)
    {
      gboolean palette_press = phase == HB_POINTER_PRESS && pointer.mode == HB_MODE_PLAY
                               && n > 0 && pointer.tool >= 0 && hb_rng_below (rng, 2);
      int count;

      hit.x = (int) hb_rng_below (rng, state->width);
      hit.y = (int) hb_rng_below (rng, state->height);
      hit.fx = hb_rng_below (rng, 1000) / 1000.0;
      hit.fy = hb_rng_below (rng, 1000) / 1000.0;
      hit.inside = phase != HB_POINTER_RELEASE || hb_rng_below (rng, 4) != 0;
      count = game->pointer (state, &pointer, phase, palette_press ? NULL : &hit,
                             moves, G_N_ELEMENTS (moves));
      g_assert_cmpint (count, >=, 0);
      g_assert_cmpint (count, <=, (int) G_N_ELEMENTS (moves));
      for (int i = 0; i < count; i++)
        {
          HbState *next = game->apply (state, &moves[i]);
          if (next != NULL)
            {
              g_snprintf (fail_context, sizeof fail_context,
                          " (after the pointer's move {op %d, x %d, y %d, value %d})",
                          moves[i].op, moves[i].x, moves[i].y, moves[i].value);
              check_state (game, next, text, len);
              hb_state_free (state);
              state = next;
              counts->moves_applied++;
            }
        }
    }
  fail_context[0] = '\0';
  hb_state_free (state);
  if (ui != NULL)
    game->ui_free (ui);
}

/* Every solver, with small limits, on a parsed state (odd shapes: one
 * row, one colour, no tiles), recording a trace that is then played as
 * frames; then the hint. A SOLVED answer's moves, applied by the game's
 * rules, must solve the board. */
static void
exercise_solvers (const HbGame *game, const HbState *state,
                  const char *text, gsize len, Counts *counts)
{
  for (int k = 0; game->solvers[k] != NULL; k++)
    {
      HbSolveOptions options = { .seed = 1, .time_limit = 0.05, .node_limit = 20000 };
      HbTrace *trace = hb_trace_new (5000, 1 << 20);
      GError *error = NULL;
      HbResult *r = hb_solve (game->solvers[k], state, &options, trace, NULL, &error);

      g_clear_error (&error);
      counts->solver_runs++;
      if (r != NULL)
        {
          gpointer frame = game->frame_new (state, trace);

          for (gsize i = 0; i < hb_trace_length (trace); i++)
            {
              const HbStep *step = hb_trace_step (trace, i);
              game->frame_step (frame, trace, step);
              g_free (game->describe_step (state, trace, step));
              if (game->frame_status != NULL)
                {
                  g_autofree char *st = game->frame_status (frame);
                  g_assert_true (st != NULL && g_utf8_validate (st, -1, NULL));
                }
            }
          game->frame_free (frame);
          if (r->status == HB_STATUS_SOLVED)
            {
              HbState *board = hb_state_copy (state);
              for (guint i = 0; i < r->moves->len; i++)
                {
                  HbState *next = game->apply (board, &g_array_index (r->moves, HbMove, i));
                  if (next != NULL)
                    {
                      hb_state_free (board);
                      board = next;
                    }
                }
              if (!game->is_solved (board))
                {
                  g_autofree char *what = g_strdup_printf ("the %s solver's moves do "
                                                           "not solve the board",
                                                           game->solvers[k]->id);
                  fail_case (game, text, len, what);
                }
              /* The app applies a solution by taking result->solved: it
               * must be the board the moves lead to. */
              if (r->solved == NULL || !game->equal (board, r->solved))
                {
                  g_autofree char *what = g_strdup_printf ("the %s solver's solved board "
                                                           "is not where its moves lead",
                                                           game->solvers[k]->id);
                  fail_case (game, text, len, what);
                }
              hb_state_free (board);
            }
          hb_result_free (r);
        }
      hb_trace_free (trace);
    }

  {
    GError *error = NULL;
    gpointer hint = game->hint_compute (state, NULL, &error);
    cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 96, 80);
    cairo_t *cr = cairo_create (surface);
    HbPaletteEntry palette[32];
    HbLayout layout;
    HbMove move;

    g_clear_error (&error);
    hb_layout_fit (&layout, state->width, state->height, 96, 80, 4);
    for (int mode = HB_MODE_EDIT; mode <= HB_MODE_PLAY; mode++)
      {
        HbRenderOptions options = { .dark = mode, .mode = mode, .show_hints = TRUE,
                                    .hint = hint, .hover_x = 0, .hover_y = 0 };
        int n = game->palette (state, mode, palette, G_N_ELEMENTS (palette));

        game->render (state, cr, &layout, &options);
        for (int i = 0; i < n && game->palette_render != NULL; i++)
          game->palette_render (state, mode, palette[i].id, cr, 16, mode);
      }
    g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
    cairo_destroy (cr);
    cairo_surface_destroy (surface);
    if (hint != NULL)
      {
        g_free (game->hint_describe (state, hint));
        game->hint_next_move (state, hint, &move);
        game->hint_free (hint);
      }
  }
}

/* ---- One case -------------------------------------------------------------- */

static void
run_case (const HbGame *game, const char *input, gsize len, HbRng *rng,
          gboolean with_moves, Counts *counts)
{
  /* Exactly len bytes, so reading past the end is an ASan error. */
  char *text = g_malloc (MAX (len, 1));
  HbState *state;
  GError *error = NULL;

  memcpy (text, input, len);
  counts->cases++;

  state = game->parse (text, len, &error);
  if (state != NULL)
    {
      if (error != NULL)
        fail_case (game, text, len, "parse returned a state and set an error");
      check_state (game, state, text, len);
      if (with_moves)
        exercise_moves (game, state, rng, text, len, counts);
      if (with_moves && state->width * state->height <= SOLVE_MAX_CELLS
          && hb_rng_below (rng, SOLVE_ONE_IN) == 0)
        exercise_solvers (game, state, text, len, counts);
      hb_state_free (state);
      counts->parsed++;
    }
  else
    {
      check_error (game, text, len, error, "");
      g_clear_error (&error);
      counts->refused++;
    }

  if (game->sniff != NULL)
    game->sniff (text, len);

  state = hb_registry_parse (NULL, "-", text, len, &error);
  if (state != NULL)
    {
      if (error != NULL)
        fail_case (game, text, len, "hb_registry_parse returned a state and set an error");
      check_state (state->game, state, text, len);
      hb_state_free (state);
      counts->registry_parsed++;
    }
  else
    {
      /* The game that refused it: the one sniffing picked, if any. */
      const HbGame *sniffed = hb_registry_sniff (text, len);
      check_error (sniffed ? sniffed : game, text, len, error, "-:");
      g_clear_error (&error);
    }
  g_free (text);
}

/* ---- Mutations ------------------------------------------------------------- */

static const char *const interesting[] = {
  "0", "1", "2", "9", "x", "X", ":", ",", ";", "\n", "\r", "\r\n", " ", "\t",
  "#", ".", "*", "-", "+", "c", "m", "w", "h", "v", "a", "f", "A", "Z",
  " by ", "->", " -> ", "# moves: ", "99999999999", "4096", "4097", "65536",
  "2147483647", "2147483648", "-1", "00000000", "9x9:", "0x0:", "1x1:",
  "4096x4096:", "│", "┼", "╵", "é", "\xe2\x94", "\xff", "\xc3", "\xf0",
  "\xf4\x90\x80\x80", "\xef\xbb\xbf",
};

static gsize
rng_pos (HbRng *rng, gsize len)
{
  return len == 0 ? 0 : hb_rng_below (rng, (guint32) len + 1);
}

/* Start and end (after the '\n') of the line holding byte `at`. */
static void
line_bounds (const GString *s, gsize at, gsize *start, gsize *end)
{
  gsize a = MIN (at, s->len), b = a;

  while (a > 0 && s->str[a - 1] != '\n')
    a--;
  while (b < s->len && s->str[b] != '\n')
    b++;
  if (b < s->len)
    b++;
  *start = a;
  *end = b;
}

static void
mutate_once (GString *s, HbRng *rng, const GArray *pool)
{
  gsize pos = rng_pos (rng, s->len);

  switch (hb_rng_below (rng, 14))
    {
    case 0:   /* flip a bit */
      if (s->len > 0)
        s->str[hb_rng_below (rng, s->len)] ^= 1 << hb_rng_below (rng, 8);
      break;
    case 1:   /* replace a byte with an interesting one */
      if (s->len > 0)
        {
          const char *i = interesting[hb_rng_below (rng, G_N_ELEMENTS (interesting))];
          s->str[hb_rng_below (rng, s->len)] = i[0];
        }
      break;
    case 2:   /* insert an interesting string */
    case 3:
      g_string_insert (s, pos, interesting[hb_rng_below (rng, G_N_ELEMENTS (interesting))]);
      break;
    case 4:   /* insert a NUL byte */
      g_string_insert_len (s, pos, "\0", 1);
      break;
    case 5:   /* delete a byte */
      if (s->len > 0)
        g_string_erase (s, hb_rng_below (rng, s->len), 1);
      break;
    case 6:   /* delete a run */
      if (s->len > 0)
        {
          gsize at = hb_rng_below (rng, s->len);
          gsize n = 1 + hb_rng_below (rng, 16);
          g_string_erase (s, at, MIN (s->len - at, n));
        }
      break;
    case 7:   /* truncate */
      g_string_truncate (s, pos);
      break;
    case 8:   /* duplicate a line */
      {
        gsize a, b;
        g_autofree char *l = NULL;
        line_bounds (s, pos, &a, &b);
        l = g_memdup2 (s->str + a, b - a);
        g_string_insert_len (s, b, l, b - a);
        if (b > a && l[b - a - 1] != '\n')
          g_string_insert_c (s, b, '\n');
      }
      break;
    case 9:   /* delete a line */
      {
        gsize a, b;
        line_bounds (s, pos, &a, &b);
        g_string_erase (s, a, b - a);
      }
      break;
    case 10:  /* replace a run of digits with an extreme number */
      {
        static const char *const numbers[] = {
          "0", "1", "99999999999", "4096", "4097", "2147483648", "18446744073709551617",
          "9999999", "10000000", "-3",
        };
        gsize a = pos;
        while (a < s->len && !g_ascii_isdigit (s->str[a]))
          a++;
        if (a < s->len)
          {
            gsize b = a;
            while (b < s->len && g_ascii_isdigit (s->str[b]))
              b++;
            g_string_erase (s, a, b - a);
            g_string_insert (s, a, numbers[hb_rng_below (rng, G_N_ELEMENTS (numbers))]);
          }
      }
      break;
    case 11:  /* splice: a prefix of this and a suffix of another seed */
      {
        const Blob *o = &g_array_index (pool, Blob, hb_rng_below (rng, pool->len));
        gsize from = rng_pos (rng, o->len);
        g_string_truncate (s, pos);
        g_string_append_len (s, o->data + from, o->len - from);
      }
      break;
    case 12:  /* repeat a chunk */
      if (s->len > 0)
        {
          gsize at = hb_rng_below (rng, s->len);
          gsize n = 1 + hb_rng_below (rng, 32);
          g_autofree char *chunk = NULL;
          n = MIN (s->len - at, n);
          chunk = g_memdup2 (s->str + at, n);
          for (guint r = 1 + hb_rng_below (rng, 4); r > 0; r--)
            g_string_insert_len (s, at, chunk, n);
        }
      break;
    case 13:  /* swap two lines */
      {
        gsize a1, b1, a2, b2;
        line_bounds (s, pos, &a1, &b1);
        line_bounds (s, rng_pos (rng, s->len), &a2, &b2);
        if (a2 < a1)
          {
            gsize t;
            t = a1, a1 = a2, a2 = t;
            t = b1, b1 = b2, b2 = t;
          }
        if (b1 <= a2 && a1 != a2)
          {
            g_autofree char *l1 = g_memdup2 (s->str + a1, b1 - a1);
            g_autofree char *l2 = g_memdup2 (s->str + a2, b2 - a2);
            gsize n1 = b1 - a1, n2 = b2 - a2;
            g_string_erase (s, a2, n2);
            g_string_insert_len (s, a2, l1, n1);
            g_string_erase (s, a1, n1);
            g_string_insert_len (s, a1, l2, n2);
          }
      }
      break;
    }
  if (s->len > MAX_TEXT_LEN)
    g_string_truncate (s, MAX_TEXT_LEN);
}

/* ---- Seeds ------------------------------------------------------------------- */

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static void
add_data_dir (GArray *seeds, const char *relative)
{
  g_autofree char *dir_path = g_test_build_filename (G_TEST_DIST, "data", relative, NULL);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (dir == NULL)
    return;
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  /* Sorted, so the run is the same whatever order the file system lists. */
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *rel = g_build_filename (relative, names->pdata[i], NULL);
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", rel, NULL);
      g_autofree char *text = NULL;
      gsize len;

      if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
        continue;
      text = hb_test_read_data (rel, &len);
      blob_add (seeds, text, len, g_strdup (rel));
    }
}

/* Game IDs inside TSV and text files: fields of the form "WxH…:…". At most
 * `max` per file, spread over it. */
static void
add_ids_from (GArray *ids, const Blob *file, guint max)
{
  g_auto(GStrv) fields = NULL;
  g_autofree char *copy = g_strdup (file->data);
  GPtrArray *found = g_ptr_array_new ();
  guint step;

  for (char *p = copy; *p; p++)
    if (*p == '\n')
      *p = '\t';
  fields = g_strsplit (copy, "\t", -1);
  for (int i = 0; fields[i]; i++)
    {
      char *f = g_strstrip (fields[i]);
      if (g_ascii_isdigit (f[0]) && strchr (f, 'x') && strchr (f, ':'))
        g_ptr_array_add (found, f);
    }
  step = MAX (1, found->len / MAX (max, 1));
  for (guint i = 0, n = 0; i < found->len && n < max; i += step, n++)
    blob_add (ids, found->pdata[i], strlen (found->pdata[i]),
              g_strdup_printf ("%s#%u", file->origin, i));
  g_ptr_array_free (found, TRUE);
}

static const char *const edge_cases[] = {
  "", "\n", "\r\n", " ", "#", "# only a comment\n", "0", "1", "x", ":", ",",
  "1x1:", "0x0:", "1x0:", "0x1:", "1x1:0", "1x1:0,", "1x1:0,0", "1x1:1,1,",
  "4097x1:", "1x4097:", "99999999999x99999999999:", "2x2:,", "2x2:0000,",
  "1 by 1 -> 0\n0\n", "0 by 0 -> 0\n", "1 by 1 -> 99999999999\n0\n",
  "4097 by 1 -> 0\n", "1 by 1 ->\n", " by ", "->", "0000", "1111 1111\n1111\n",
  "│", "┼\n\n┼", "1\r", "\r", "1\n\n1\n",
  /* Bugs this test found, kept as regressions. */
  "2x2:éé,0", "\n\n2x1:f,18\n", "2x1╵:00", "0100 0001 0000\n0000 0000 0000\n",
  "1 by 1 -> é\n0\n", "2x1c8:01,3\n", "3x1:é", "2x1:é,3\n", "2 by 1 -> 3\néé\n",
  "1 by 1 -> 10000000\n0\n", "# colours: 8\n2 by 1 -> 3\n01\n",
};

static GArray *
seed_pool_for (const HbGame *game)
{
  GArray *seeds = g_array_new (FALSE, FALSE, sizeof (Blob));
  g_autoptr(GArray) files = g_array_new (FALSE, FALSE, sizeof (Blob));
  g_autofree char *anchors = g_build_filename ("anchors", game->id, NULL);
  static const int sizes[][2] = { { 1, 1 }, { 2, 1 }, { 1, 3 }, { 3, 3 }, { 5, 4 }, { 8, 8 } };

  g_array_set_clear_func (seeds, blob_clear);
  g_array_set_clear_func (files, blob_clear);

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      HbGenerateParams params = { sizes[i][0], sizes[i][1], 0, 1000 + i };
      g_autoptr(GError) error = NULL;
      HbState *state = game->generate (&params, &error);

      /* A game whose levels need two cells (Flow Free: a pair of dots)
       * refuses a 1×1 board with an error. */
      if (state == NULL && sizes[i][0] * sizes[i][1] == 1 && error != NULL)
        continue;
      g_assert_no_error (error);
      g_assert_nonnull (state);
      for (HbWriteFormat f = HB_WRITE_NATIVE; f <= HB_WRITE_JSON; f++)
        {
          g_autoptr(GError) werror = NULL;
          g_autofree char *text = game->write (state, f, &werror);
          if (text != NULL)
            blob_add (seeds, text, strlen (text),
                      g_strdup_printf ("generated %d×%d, format %d",
                                       sizes[i][0], sizes[i][1], f));
        }
      hb_state_free (state);
    }

  add_data_dir (files, anchors);
  add_data_dir (files, game->id);
  for (guint i = 0; i < files->len; i++)
    {
      const Blob *f = &g_array_index (files, Blob, i);
      blob_add (seeds, f->data, f->len, g_strdup (f->origin));
      add_ids_from (seeds, f, 6);
    }
  return seeds;
}

/* ---- The test ---------------------------------------------------------------- */

static GArray *all_seeds;   /* every game's seeds, for splicing */

static guint
n_cases (void)
{
  const char *env = g_getenv ("HB_FUZZ_CASES");

  if (env != NULL && *env != '\0')
    return (guint) g_ascii_strtoull (env, NULL, 10);
  return DEFAULT_CASES;
}

/* Boards at and one past HB_MAX_SIDE in each direction, in each game's
 * grid formats: too big for the mutation loop to reach. */
static void
run_limit_cases (const HbGame *game, HbRng *rng, Counts *counts)
{
  /* Lights, loop native and compact, flood's dump (with its header). */
  static const char *const cells[] = { "1", "0000 ", "┼", "0" };

  for (guint k = 0; k < G_N_ELEMENTS (cells); k++)
    for (int side = HB_MAX_SIDE; side <= HB_MAX_SIDE + 1; side++)
      for (int tall = 0; tall < 2; tall++)
        {
          int w = tall ? 1 : side, h = tall ? side : 1;
          GString *s = g_string_new (NULL);

          if (k == 3)
            g_string_append_printf (s, "%d by %d -> 0\n", w, h);
          for (int y = 0; y < h; y++)
            {
              for (int x = 0; x < w; x++)
                g_string_append (s, cells[k]);
              g_string_append_c (s, '\n');
            }
          run_case (game, s->str, s->len, rng, FALSE, counts);
          g_string_free (s, TRUE);
        }
}

/* HB_FUZZ_SEED explores other cases (the default run is always the same). */
static guint64
fuzz_seed (void)
{
  const char *env = g_getenv ("HB_FUZZ_SEED");

  if (env != NULL && *env != '\0')
    return g_ascii_strtoull (env, NULL, 0);
  return FUZZ_SEED;
}

static void
test_fuzz_game (gconstpointer data)
{
  const HbGame *game = data;
  g_autoptr(GArray) seeds = seed_pool_for (game);
  Counts counts = { 0 };
  guint valid = 0, cases = n_cases ();
  HbRng rng;
  double t0 = hb_now ();

  hb_rng_init (&rng, fuzz_seed () ^ g_str_hash (game->id));

  /* The seeds themselves. Generated levels must parse; data files need not
   * (the anchor TSV files as a whole are tables, and a game's data folder
   * may hold bad levels on purpose). */
  for (guint i = 0; i < seeds->len; i++)
    {
      const Blob *b = &g_array_index (seeds, Blob, i);
      g_autoptr(GError) error = NULL;
      HbState *s = game->parse (b->data, b->len, &error);
      gboolean must = g_str_has_prefix (b->origin, "generated");

      if (s == NULL && must)
        g_error ("%s: the seed %s does not parse: %s", game->id, b->origin,
                 error->message);
      valid += s != NULL;
      hb_state_free (s);
      run_case (game, b->data, b->len, &rng, TRUE, &counts);
    }
  g_assert_cmpuint (valid, >=, 6);

  for (guint i = 0; i < G_N_ELEMENTS (edge_cases); i++)
    run_case (game, edge_cases[i], strlen (edge_cases[i]), &rng, TRUE, &counts);
  run_limit_cases (game, &rng, &counts);

  /* Truncation at every length. */
  for (guint i = 0; i < seeds->len; i++)
    {
      const Blob *b = &g_array_index (seeds, Blob, i);
      if (b->len <= TRUNCATE_MAX_LEN)
        for (gsize n = 0; n < b->len; n++)
          run_case (game, b->data, n, &rng, FALSE, &counts);
    }

  /* Mutations. */
  for (guint c = 0; c < cases; c++)
    {
      const Blob *b = &g_array_index (seeds, Blob, hb_rng_below (&rng, seeds->len));
      GString *s = g_string_new_len (b->data, b->len);

      /* Half the cases one mutation (close to valid input), half 2 to 4. */
      for (guint k = hb_rng_below (&rng, 2) ? 1 : 2 + hb_rng_below (&rng, 3); k > 0; k--)
        mutate_once (s, &rng, all_seeds);
      run_case (game, s->str, s->len, &rng, TRUE, &counts);
      g_string_free (s, TRUE);
    }

  g_test_message ("%s: %u cases (%u seeds, %u mutated): %u parsed, %u refused; "
                  "%u parsed by the registry; %u moves applied; %u solver runs; %.2f s",
                  game->id, counts.cases, seeds->len, cases, counts.parsed,
                  counts.refused, counts.registry_parsed, counts.moves_applied,
                  counts.solver_runs,
                  hb_now () - t0);
  for (guint i = 0; known_issues[i].game != NULL; i++)
    if (known_issues[i].seen > 0)
      {
        g_test_message ("%s: KNOWN BUG of %s seen %u times: %s", game->id,
                        known_issues[i].game, known_issues[i].seen,
                        known_issues[i].what);
        known_issues[i].seen = 0;
      }
  /* A mutation loop that never produces a valid level, or never an
   * invalid one, is not testing what it claims. */
  g_assert_cmpuint (counts.parsed, >, cases / 50);
  g_assert_cmpuint (counts.refused, >, cases / 50);
}

int
main (int argc, char **argv)
{
  const HbGame *const *games = hb_registry_games ();

  g_test_init (&argc, &argv, NULL);

  all_seeds = g_array_new (FALSE, FALSE, sizeof (Blob));
  g_array_set_clear_func (all_seeds, blob_clear);
  for (int i = 0; games[i]; i++)
    {
      g_autoptr(GArray) seeds = seed_pool_for (games[i]);
      for (guint k = 0; k < seeds->len; k++)
        {
          const Blob *b = &g_array_index (seeds, Blob, k);
          blob_add (all_seeds, b->data, b->len, g_strdup (b->origin));
        }
    }
  for (guint i = 0; i < G_N_ELEMENTS (edge_cases); i++)
    blob_add (all_seeds, edge_cases[i], strlen (edge_cases[i]), g_strdup ("edge case"));

  for (int i = 0; games[i]; i++)
    {
      g_autofree char *path = g_strdup_printf ("/fuzz/parse/%s", games[i]->id);
      g_test_add_data_func (path, games[i], test_fuzz_game);
    }
  {
    int status = g_test_run ();
    g_array_unref (all_seeds);
    return status;
  }
}
