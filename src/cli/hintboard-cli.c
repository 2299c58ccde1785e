/* hintboard-cli: the headless face of Hintboard, on the same core as the app.
 *
 *   hintboard-cli list [--settings]
 *   hintboard-cli solve [--game G] [--solver ID] [--set KEY=VALUE…] [--seed N] [--stats] [--compact] FILE
 *   hintboard-cli hint [--game G] [--time-limit S] FILE
 *   hintboard-cli render [--game G] FILE -o OUT.png|OUT.svg [--solution] [--hints] [--cell PX]
 *   hintboard-cli render [--game G] FILE --animate -o OUT.png [--delay MS]
 *   hintboard-cli render [--game G] FILE --plot -o OUT.png|OUT.svg [--solver ID] [--set …] [--seed N]
 *   hintboard-cli generate --game G [--size WxH] [--seed N] [--colours C] [--set KEY=VALUE…]
 *   hintboard-cli convert [--game G] FILE --to native|compact|tatham|json
 *   hintboard-cli bench [GAME…] [--quick] [--repeats N]
 *   hintboard-cli bench GAME --sets A,B   (only those sets; --sets list names them)
 *   hintboard-cli bench detect [--game G] [IMAGE…]
 *   hintboard-cli detect [--game G] IMAGE [--debug OUT.png]
 *
 * Exit status: 0 solved (or done), 1 no solution, 2 bad input or usage,
 * 3 the solver gave up or was stopped. FILE may be "-" for standard input.
 */
#include "cli-settings.h"
#include "cli-detect.h"
#include "cli-full.h"
#include "hb-anim.h"
#include "hb-draw.h"
#include "hb-game.h"
#include "hb-heap.h"
#include "hb-plot.h"
#include "hb-registry.h"

#include <cairo-svg.h>
#include <locale.h>
#include <math.h>
#include <errno.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <stdio.h>
#include <string.h>

#ifdef HB_CLI_FAST
/* render's options: parsed in hintboard-cli-full (cli-full.c). */
#pragma GCC diagnostic ignored "-Wunused-variable"
#endif

enum {
  EXIT_SOLVED = 0,
  EXIT_NO_SOLUTION = 1,
  EXIT_BAD_INPUT = 2,
  EXIT_GAVE_UP = 3,
};

static char    *opt_game;
static char    *opt_solver;
static gboolean opt_stats;
static gboolean opt_compact;
static gboolean opt_tatham;
static gboolean opt_json;
static gboolean opt_solution;
static gboolean opt_hints;
static gboolean opt_animate;
static gboolean opt_dark;
static gboolean opt_quick;
static char    *opt_output;
static char    *opt_size;
static char    *opt_to;
static char    *opt_seed;         /* generate --seed N (0 to 2^64 - 1; default 1) */
static int      opt_colours;
static int      opt_repeats = CLI_UNSET;  /* the game's own */
static char    *opt_sets;              /* bench --sets */
static int      opt_count;
static int      opt_pixels = CLI_UNSET;   /* 48, shrunk for large boards */
#define CLI_DEFAULT_DELAY 500                /* render --animate's ms a move */
static int      opt_delay = CLI_DEFAULT_DELAY;
static double   opt_time_limit;
/* Whether --time-limit and --count were given: --set time-limit= and
 * --set count= say the same, and both at once are refused. */
static gboolean opt_time_limit_given, opt_count_given, opt_delay_given;
static gboolean opt_best;          /* solve --best: print an answer over the limit */
static char   **opt_set;           /* --set KEY=VALUE, repeatable */
static char    *opt_solve_seed;    /* solve --seed N: --set seed=N */
static gboolean opt_settings;      /* list --settings */
static gboolean opt_plot;          /* render --plot */

/* The ranges options are checked against. */
#define CLI_MAX_TIME_LIMIT (86400 * 365)
#define CLI_MIN_CELL       4
#define CLI_MAX_CELL       256
#define CLI_DEFAULT_CELL   48
/* The largest image side render draws, margins and the hints' badge
 * included (cells shrink to keep to it). */
#define CLI_MAX_IMAGE_SIDE 8192
/* render's picture: the board with this margin all round, and with
 * --hints room below it for a hint's badge. */
#define CLI_RENDER_MARGIN  16
#define CLI_HINTS_BELOW    28
#define CLI_MIN_DELAY      10
#define CLI_MAX_DELAY      60000

static const GOptionEntry game_entry[] = {
  { "game", 'g', 0, G_OPTION_ARG_STRING, &opt_game,
    "The game: lights, loop, flood or flow (else from the file)", "G" },
  { NULL }
};

static void die_usage (const char *fmt, ...) G_GNUC_PRINTF (1, 2) G_GNUC_NORETURN;

static void
die_usage (const char *fmt, ...)
{
  va_list ap;
  char *msg, *safe;

  va_start (ap, fmt);
  msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  /* What the user typed is quoted in it: control characters escaped. */
  safe = hb_escape_for_message (msg);
  fprintf (stderr, "hintboard-cli: %s\nTry 'hintboard-cli --help'.\n", safe);
  g_free (safe);
  g_free (msg);
  exit (EXIT_BAD_INPUT);
}

/* What the number option `name` takes, as its range is said: "--cell
 * takes 4 to 256 pixels, not 0", and so "not 'abc'" (in a buffer of its
 * own: die_usage exits, and nothing is left to leak). */
static const char *
number_range (const char *name)
{
  static char range[96];

  if (g_str_equal (name, "time-limit"))
    g_snprintf (range, sizeof range, "0 (no limit) to %d seconds", CLI_MAX_TIME_LIMIT);
  else if (g_str_equal (name, "count"))
    /* The same range as --set count=N (hb_count_setting). */
    g_snprintf (range, sizeof range, "a number of solutions, 0 (find one) to %d",
                (int) hb_count_setting[0].max);
  else if (g_str_equal (name, "colours") || g_str_equal (name, "colors"))
    g_snprintf (range, sizeof range, "a number of colours (0 for the game's default)");
  else if (g_str_equal (name, "repeats"))
    g_snprintf (range, sizeof range, "1 to %d", CLI_MAX_REPEATS);
  else if (g_str_equal (name, "cell"))
    g_snprintf (range, sizeof range, "%d to %d pixels", CLI_MIN_CELL, CLI_MAX_CELL);
  else if (g_str_equal (name, "delay"))
    g_snprintf (range, sizeof range, "%d to %d milliseconds", CLI_MIN_DELAY, CLI_MAX_DELAY);
  else
    g_snprintf (range, sizeof range, "a number");
  return range;
}

static const HbGame *
game_from_option (void)
{
  const HbGame *game;

  if (opt_game == NULL)
    return NULL;
  game = hb_registry_find_game (opt_game);
  if (game == NULL)
    {
      GString *known = g_string_new (NULL);
      const HbGame *const *games = hb_registry_games ();
      for (int i = 0; games[i]; i++)
        g_string_append_printf (known, "%s%s", i ? ", " : "", games[i]->id);
      die_usage ("unknown game '%s' (known: %s)", opt_game, known->str);
    }
  return game;
}

/* The value given to the long option `name` ("--time-limit") among the
 * arguments before a "--" (as "--name V" or "--name=V"; the last one
 * given, as GOption takes it), as typed; NULL when it is not given. */
static const char *
option_text (int argc, char **argv, const char *name)
{
  gsize len = strlen (name);
  const char *text = NULL;

  for (int i = 1; i < argc && !g_str_equal (argv[i], "--"); i++)
    if (strncmp (argv[i], name, len) == 0 && argv[i][len] == '=')
      text = argv[i] + len + 1;
    else if (g_str_equal (argv[i], name))
      text = i + 1 < argc ? argv[i + 1] : "";
  return text;
}

static gboolean
parse_options (int *argc, char ***argv, const char *usage, const GOptionEntry *entries,
               gboolean with_game)
{
  g_autoptr(GOptionContext) ctx = g_option_context_new (usage);
  g_autoptr(GError) error = NULL;
  /* As typed: "not 1e9" (it said "not 1000000000"). Points into argv,
   * which GOption's parse only reorders. */
  const char *time_limit_text;

  if (with_game)
    g_option_context_add_main_entries (ctx, game_entry, NULL);
  if (entries)
    g_option_context_add_main_entries (ctx, entries, NULL);
  {
    const GOptionEntry *const sets[] = { with_game ? game_entry : NULL, entries, NULL };
    gboolean unknown;
    char *msg = cli_check_options (argc, argv, with_game ? sets : sets + 1, number_range, &unknown);

    if (msg != NULL)
      {
        /* Copied: die_usage exits, and nothing is left to leak. */
        static char said[4096];

        g_strlcpy (said, msg, sizeof said);
        g_free (msg);
        if (unknown)
          {
            cli_option_error ((*argv)[0], said);
            exit (EXIT_BAD_INPUT);
          }
        die_usage ("%s", said);
      }
  }
  time_limit_text = option_text (*argc, *argv, "--time-limit");
  opt_time_limit_given = time_limit_text != NULL;
  opt_count_given = option_text (*argc, *argv, "--count") != NULL;
  opt_delay_given = option_text (*argc, *argv, "--delay") != NULL;
  if (!g_option_context_parse (ctx, argc, argv, &error))
    {
      const GOptionEntry *const sets[] = { with_game ? game_entry : NULL, entries, NULL };
      g_autofree char *unreadable = error->domain == G_CONVERT_ERROR
                                    ? cli_unreadable_value (*argc, *argv, with_game ? sets : sets + 1)
                                    : NULL;

      cli_option_error ((*argv)[0], unreadable != NULL ? unreadable : error->message);
      exit (EXIT_BAD_INPUT);
    }
  cli_drop_end_of_options (argc, *argv);
  /* Out-of-range values are refused, never clamped. */
  if (!isfinite (opt_time_limit) || opt_time_limit < 0 || opt_time_limit > CLI_MAX_TIME_LIMIT)
    die_usage ("--time-limit takes %s, not %s", number_range ("time-limit"),
               time_limit_text != NULL ? time_limit_text : "the value given");
  if (opt_count < 0 || opt_count > (int) hb_count_setting[0].max)
    die_usage ("--count takes %s, not %d", number_range ("count"), opt_count);
  if (opt_colours < 0)
    die_usage ("--colours takes %s, not %d", number_range ("colours"), opt_colours);
  if (opt_repeats != CLI_UNSET && (opt_repeats < 1 || opt_repeats > CLI_MAX_REPEATS))
    die_usage ("--repeats takes %s, not %d", number_range ("repeats"), opt_repeats);
  if (opt_pixels != CLI_UNSET && (opt_pixels < CLI_MIN_CELL || opt_pixels > CLI_MAX_CELL))
    die_usage ("--cell takes %s, not %d", number_range ("cell"), opt_pixels);
  return TRUE;
}

/* The level last loaded. A usage error found once it is loaded (an
 * unknown solver, a --cell too large for it) exits from deep inside a
 * command without unwinding; kept reachable from here, the level is not
 * reported as a leak by LeakSanitizer then. Never freed through this. */
static HbState *volatile loaded_level;

/* An empty FILE ('') is a usage error: the read said ": No such file or
 * directory", naming nothing. */
static void
file_named_or_die (const char *path)
{
  if (path[0] == '\0')
    die_usage ("FILE is an empty name (''): name a level file, or - for standard input");
}

/* Whether say_other_reader spoke: say_status then leaves out its own
 * "(read as …)". */
static gboolean other_reader_said;

/* Told by its text alone, a level another game reads too says which game
 * it was read as ("1..1" over "*..*" was solved as Enlight, a Flow Free
 * level meant, without a word: review). */
static void
say_other_reader (const HbGame *game, const char *path, const HbState *s,
                  const char *text, gsize len)
{
  const HbGame *other;

  if (s == NULL || game != NULL || hb_registry_game_for_filename (path) != NULL
      || (other = hb_registry_also_read_by (s->game, text, len)) == NULL)
    return;
  cli_error ("%s: read as %s; %s reads the text as a level too (--game %s)",
             path, s->game->name, other->name, other->id);
  other_reader_said = TRUE;
}

static HbState *
load_or_die (const HbGame *game, const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  gsize len = 0;
  HbState *s = NULL;

  file_named_or_die (path);
  /* hb_registry_load, with standard input kept for hintboard-cli-full
   * (cli-full.c) while the level is parsed. */
  if (hb_cli_full_read_input (path, &text, &len, &error))
    s = hb_registry_parse (game, path, text, len, &error);
  say_other_reader (game, path, s, text, len);
  hb_cli_full_forget_input ();
  if (s == NULL)
    {
      /* cli_error escapes (a copy kept here would be lost at exit). */
      cli_error ("%s", error->message);
      exit (EXIT_BAD_INPUT);
    }
  loaded_level = s;
  return s;
}

static int
status_exit (HbStatus status)
{
  switch (status)
    {
    case HB_STATUS_SOLVED: return EXIT_SOLVED;
    case HB_STATUS_NO_SOLUTION: return EXIT_NO_SOLUTION;
    default: return EXIT_GAVE_UP;
    }
}

/* ---- list ---------------------------------------------------------------- */

static int
cmd_list (int argc, char **argv)
{
  const HbGame *const *games = hb_registry_games ();

  static const GOptionEntry entries[] = {
    { "settings", 0, 0, G_OPTION_ARG_NONE, &opt_settings,
      "Print every solver's and generator's settings (for --set) with ranges and defaults", NULL },
    { NULL }
  };

  parse_options (&argc, &argv, "- one line per solver: game, solver, summary, the limits it honours (first per game: its default)", entries, FALSE);
  if (argc > 1)
    die_usage ("list takes no FILE or game ('%s'); it lists every game's solvers", argv[1]);
  if (opt_settings)
    {
      cli_print_settings (stdout);
      return 0;
    }
  /* The fourth field: the limits the solver honours (--time-limit every
   * one, through its cancellable; node-limit those that search). */
  for (int i = 0; games[i]; i++)
    for (int j = 0; games[i]->solvers[j]; j++)
      printf ("%s\t%s\t%s\t%s\n", games[i]->id, games[i]->solvers[j]->id,
              games[i]->solvers[j]->summary,
              (games[i]->solvers[j]->flags & HB_SOLVER_NO_NODE_LIMIT)
              ? "limits: time (no node limit: it does not search)"
              : (games[i]->solvers[j]->flags & HB_SOLVER_OWN_NODE_LIMIT)
              ? "limits: time, nodes (without --set node-limit, its own)" : "limits: time, nodes");
  return 0;
}

/* ---- solve --------------------------------------------------------------- */

/* --seed's value (generate's and solve's), or a usage error. */
static guint64
seed_or_die (const char *text)
{
  guint64 seed;

  /* Read as --set seed= and the app read it (hb_seed_parse): a leading
   * '+', as every other number option takes it (--cell +10 was read,
   * --seed +7 refused, then --set seed=+7: review). */
  if (hb_seed_parse (text, &seed))
    return seed;
  /* In --set seed='s words, range and decimal digits alike, whatever is
   * wrong ("0x10" said only "takes a decimal number", " 5" only the
   * range it is in); a unit is said to be what is wrong, as for --cell
   * (solve's said "solver ga-paths: seed = “0x5”", as if --set were
   * given). */
  die_usage ("--seed takes " HB_SEED_EXPECTED "%s, not '%s'",
             cli_has_unit (text) ? ", without a unit" : "", text);
}

/* The --set values (and solve's --seed) for a solver, checked against
 * what it declares; a bad one ends the run with exit status 2. */
static HbSettings *
solver_settings_or_die (const HbSolver *solver)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) all = g_ptr_array_new_with_free_func (g_free);
  HbSettings *s;

  for (int i = 0; opt_set != NULL && opt_set[i] != NULL; i++)
    g_ptr_array_add (all, g_strdup (opt_set[i]));
  if (opt_solve_seed != NULL)
    {
      if (hb_setting_list_find (solver->settings, "seed") == NULL)
        die_usage ("solver %s takes no seed (it is not stochastic)", solver->id);
      for (int i = 0; opt_set != NULL && opt_set[i] != NULL; i++)
        if (g_str_has_prefix (opt_set[i], "seed="))
          die_usage ("--seed and --set seed= both set the seed: give one");
      g_ptr_array_add (all, g_strdup_printf ("seed=%" G_GUINT64_FORMAT,
                                             seed_or_die (opt_solve_seed)));
    }
  g_ptr_array_add (all, NULL);
  s = cli_solver_settings (solver, (char **) all->pdata, &error);
  if (s == NULL)
    die_usage ("%s", error->message);
  if ((solver->flags & HB_SOLVER_NO_NODE_LIMIT) && hb_settings_has (s, "node-limit"))
    die_usage ("solver %s takes no node-limit (it does not search; --time-limit bounds it)",
               solver->id);
  /* One of the two, not both: which one won was not said anywhere (the
   * --set did, whatever the order). */
  if (opt_time_limit_given && hb_settings_has (s, "time-limit"))
    die_usage ("--time-limit and --set time-limit= both set the time limit: give one");
  if (opt_count_given && hb_settings_has (s, "count"))
    die_usage ("--count and --set count= both set how many solutions to count: give one");
  return s;
}

/* The count limit of the last solve (--count, --set count=N). */
static guint solve_count_limit;

/* When not NULL, solves record into it (render --plot). */
static HbTrace *solve_trace;
/* solve writes the answer with write_solution: a board will do (HbResult.answer). */
static gboolean solve_answer_board;

static HbResult *
solve_or_die (const HbState *state, const char *solver_id, const char *file)
{
  const HbGame *game = state->game;
  const HbSolver *solver = solver_id ? hb_game_find_solver (game, solver_id)
                                     : hb_game_default_solver (game);
  HbSolveOptions options = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(HbSettings) settings = NULL;
  HbResult *r;

  if (solver == NULL)
    {
      GString *known = g_string_new (NULL);
      for (int j = 0; game->solvers[j]; j++)
        g_string_append_printf (known, "%s%s", j ? ", " : "", game->solvers[j]->id);
      die_usage ("%s has no solver '%s' (known: %s)", game->id, solver_id, known->str);
    }
  /* As --set count=N: only a solver that counts takes it. */
  if (opt_count > 0 && !(solver->flags & HB_SOLVER_COUNTS))
    {
      /* On the stack: die_usage exits, and nothing is left to leak. */
      char counting[256] = "";
      for (int j = 0; game->solvers[j]; j++)
        if (game->solvers[j]->flags & HB_SOLVER_COUNTS)
          {
            if (counting[0] != '\0')
              g_strlcat (counting, ", ", sizeof counting);
            g_strlcat (counting, game->solvers[j]->id, sizeof counting);
          }
      if (counting[0] == '\0')
        die_usage ("solver %s does not count solutions (--count), nor does any other %s solver",
                   solver->id, game->id);
      die_usage ("solver %s does not count solutions (--count); %s's that do: %s", solver->id,
                 game->id, counting);
    }
  options.seed = 1;
  options.count_limit = opt_count > 0 ? (guint) opt_count : 0;
  options.time_limit = opt_time_limit;
  settings = solver_settings_or_die (solver);
  hb_solve_options_apply (&options, settings);
  solve_count_limit = options.count_limit;
  options.answer_board = solve_answer_board;
  r = hb_solve (solver, state, &options, solve_trace, NULL, &error);
  if (r == NULL)
    {
      /* The file first, as every other message of a level ("dlx: a 1500×1500
       * board needs …" named the solver where the file goes). */
      cli_error ("%s: %s: %s", file, solver->id, error->message);
      /* A setting the solver refuses is bad input, as one out of range. */
      exit (error->domain == HB_SETTINGS_ERROR ? EXIT_BAD_INPUT : EXIT_GAVE_UP);
    }
  return r;
}

static void
print_stats (const HbState *state, const HbSolver *solver, const HbResult *r)
{
  gboolean said_optimal = FALSE, proven = FALSE;
  g_autofree char *why = NULL;

  fprintf (stderr, "solver: %s\n", solver->id);
  /* An answer over a Flood-It move limit solves the board, not the level,
   * and exits 1 or 3: "status: solved" alone read as a win beside exit 3
   * (review). */
  if (r->status == HB_STATUS_SOLVED && state->game->answer_fits != NULL
      && !state->game->answer_fits (state, r, &why, &proven))
    fprintf (stderr, "status: %s, over the level's limit\n", hb_status_to_string (r->status));
  else
    fprintf (stderr, "status: %s\n", hb_status_to_string (r->status));
  /* Only solvers that minimise something have an optimum to prove. */
  if (r->status == HB_STATUS_SOLVED && (solver->flags & HB_SOLVER_OPTIMAL))
    {
      fprintf (stderr, "optimal: %s\n", r->optimal ? "proven" : "not proven");
      said_optimal = TRUE;
    }
  fprintf (stderr, "time: %.3f ms\n", r->seconds * 1000);
  for (guint i = 0; i < r->stats->len; i++)
    {
      const HbStat *s = g_ptr_array_index (r->stats, i);
      /* A solver's own "optimal" stat says what the line above said. */
      if (said_optimal && g_str_equal (s->name, "optimal"))
        continue;
      fprintf (stderr, "%s: %s\n", s->name, s->value);
    }
  if (r->message)
    fprintf (stderr, "message: %s\n", r->message);
}

/* A solved result that does not keep to the level's own limits (Flood-It:
 * an answer over its move limit) solves the board but not the level: says
 * so on stderr and returns 1 when the limit is proven out of reach, 3 when
 * not; 0 when the answer fits. */
static int
answer_fits_or_say (const HbState *state, const HbResult *r, const char *path)
{
  g_autofree char *why = NULL;
  gboolean proven = FALSE;

  if (r->status != HB_STATUS_SOLVED || state->game->answer_fits == NULL
      || state->game->answer_fits (state, r, &why, &proven))
    return EXIT_SOLVED;
  cli_error ("%s: %s%s", path, why ? why : "over the level's limit",
           opt_best ? "" : " (--best writes the answer anyway)");
  return proven ? EXIT_NO_SOLUTION : EXIT_GAVE_UP;
}

/* --json writes a Flow Free solution: for another game a usage error, as
 * --best's is (it was a FILE: error without the "Try" line, because it
 * was found after the file was read). Checked before the file is read
 * when --game names the game. */
static void
json_needs_flow (const HbGame *game)
{
  if (opt_json && game != NULL && !game->reads_json)
    die_usage ("--json writes Flow Free's solutions; %s has no JSON form", game->name);
}

/* Whether the game writes levels in `mode` at all: told by writing a
 * blank 1x1 level so (a game without the form refuses every level, and a
 * large level is not written twice). */
static gboolean
game_has_form (const HbGame *game, HbWriteFormat mode)
{
  g_autoptr (GError) werror = NULL;
  g_autofree char *probe = NULL;
  HbState *blank = game->new_blank (1, 1);

  probe = game->write (blank, mode, &werror);
  hb_state_free (blank);
  return probe != NULL || !g_error_matches (werror, HB_PARSE_ERROR, HB_PARSE_ERROR_UNSUPPORTED);
}

/* --compact writes the game's compact form: for a game without one
 * (Flow Free) a usage error, as --json's for a game without JSON (it was
 * a FILE: error from the game's writer, without the "Try" line). Checked
 * before the file is read when --game names the game. */
static void
compact_needs_form (const HbGame *game)
{
  if (opt_compact && game != NULL && !game_has_form (game, HB_WRITE_COMPACT))
    die_usage ("--compact writes a game's compact form; %s has none (its solutions are "
               "written as text, or with --json as JSON)", game->name);
}

/* --best writes an answer over a move limit: refused for a game whose
 * answers always fit (it did nothing there, unsaid). Checked before the
 * file is read when --game names the game (`game` NULL: not named), as
 * --json's and --compact's are (review: a missing file was said first). */
static void
best_needs_limit_of (const HbGame *game)
{
  if (opt_best && game != NULL && game->answer_fits == NULL)
    die_usage ("--best writes an answer over a level's move limit; %s levels have none",
               game->name);
}

static void
best_needs_limit (const HbState *state)
{
  best_needs_limit_of (state->game);
}

/* A level whose game only its text told (no --game, no game's
 * extension), as a verdict names it: "FILE (read as Enlight, the game its
 * text looks like)"; NULL for any other (or when say_other_reader said
 * it). A Flood ID missing its move limit read as a Net ID said "no
 * solution: no way to turn the tiles", as if that were the level's answer
 * (review); hint's verdicts said nothing of it either. */
static const char *
guessed_game_name (const char *path)
{
  const HbState *level = loaded_level;

  if (level == NULL || other_reader_said || game_from_option () != NULL
      || hb_registry_game_for_filename (path) != NULL)
    return NULL;
  return level->game->name;
}

static char *
path_with_guessed_game (const char *path)
{
  const char *name = guessed_game_name (path);

  return name != NULL ? g_strdup_printf ("%s (read as %s, the game its text looks like)", path,
                                         name)
                      : NULL;
}

/* "FILE: STATUS: message" on stderr, the message's first words dropped
 * when they say the status again ("gave up: Gave up (the time limit)")
 * and its first letter lowered where a plain word, not a name, starts
 * it. */
static void
say_status (const char *path, const HbResult *r)
{
  const char *status = hb_status_to_string (r->status), *m = r->message;
  gsize n = strlen (status);
  g_autofree char *rest = NULL;

  if (m != NULL && g_ascii_strncasecmp (m, status, n) == 0
      && (m[n] == '\0' || m[n] == ':' || m[n] == ' ' || m[n] == '('))
    {
      m += n;
      while (*m == ':' || *m == ' ')
        m++;
    }
  if (m != NULL && *m != '\0')
    {
      gsize k = 1;

      rest = g_strdup (m);
      while (g_ascii_islower (rest[k]))
        k++;
      /* "The level …", not "CaDiCaL …" or "A* …". */
      if (g_ascii_isupper (rest[0]) && (rest[k] == ' ' || rest[k] == ',' || rest[k] == '\0'))
        rest[0] = g_ascii_tolower (rest[0]);
    }
  {
    g_autofree char *shown = path_with_guessed_game (path);

    cli_error ("%s: %s%s%s", shown != NULL ? shown : path, status,
               rest == NULL ? "" : rest[0] == '(' ? " " : ": ", rest ? rest : "");
  }
}

static int
cmd_solve (int argc, char **argv)
{
  static const GOptionEntry entries[] = {
    { "solver", 's', 0, G_OPTION_ARG_STRING, &opt_solver, "The solver (see 'list'); else the game's default", "ID" },
    { "stats", 0, 0, G_OPTION_ARG_NONE, &opt_stats, "Print the solver's statistics on standard error", NULL },
    { "compact", 0, 0, G_OPTION_ARG_NONE, &opt_compact, "Write the solution in the game's compact form (not Flow Free: it has none)", NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &opt_json, "Write the solution as JSON (Flow Free)", NULL },
    { "count", 0, 0, G_OPTION_ARG_INT, &opt_count, "Count solutions up to N, 1 to 1000000 (solvers that can; 0, the default: find one)", "N" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &opt_solve_seed, "Seed for stochastic solvers, 0 to 18446744073709551615 (default 1; as --set seed=N; --stats prints the seed used)", "N" },
    { "set", 0, 0, G_OPTION_ARG_STRING_ARRAY, &opt_set, "A solver setting (repeatable; see 'list --settings')", "KEY=VALUE" },
    { "time-limit", 0, 0, G_OPTION_ARG_DOUBLE, &opt_time_limit, "Give up after this many seconds (every solver; default 10, 0 for none)", "S" },
    { "best", 0, 0, G_OPTION_ARG_NONE, &opt_best, "Print the best answer even when it misses the level's move limit (the exit status still says so)", NULL },
    { NULL }
  };
  g_autofree char *text = NULL;
  HbState *state;
  HbResult *r;
  int code;

  opt_time_limit = CLI_DEFAULT_TIME_LIMIT;
  parse_options (&argc, &argv, "FILE - solve a level; the solution goes to standard output", entries, TRUE);
  if (argc != 2)
    die_usage ("solve takes one FILE (or - for standard input)");
  if (opt_json && opt_compact)
    die_usage ("--json and --compact are two forms of the solution: give one");
  json_needs_flow (game_from_option ());
  compact_needs_form (game_from_option ());
  best_needs_limit_of (game_from_option ());
  state = load_or_die (game_from_option (), argv[1]);
  best_needs_limit (state);
  /* It wrote nothing for Enlight and Flood-It, and crashed on Infinite
   * Loop's solution. */
  json_needs_flow (state->game);
  /* Flow Free's solve wrote its native form without a word. */
  compact_needs_form (state->game);
  solve_answer_board = TRUE;
  r = solve_or_die (state, opt_solver, argv[1]);
  if (opt_stats)
    print_stats (state, opt_solver ? hb_game_find_solver (state->game, opt_solver)
                            : hb_game_default_solver (state->game), r);
  else if (r->status == HB_STATUS_SOLVED && !r->optimal
           && ((opt_solver ? hb_game_find_solver (state->game, opt_solver)
                : hb_game_default_solver (state->game))->flags & HB_SOLVER_OPTIMAL))
    {
      /* An optimising solver stopped early (the time limit): say the
       * answer may not be the shortest, as --stats would; in the solver's
       * own words when it has them (Enlight on 4096×4096 never searched:
       * "stopped" was wrong there: review). */
      if (r->message != NULL)
        cli_error ("%s: optimal: not proven: %s", argv[1], r->message);
      else
        cli_error ("%s: optimal: not proven (the solver stopped before it could prove the "
                   "answer the shortest)", argv[1]);
    }
  code = status_exit (r->status);
  if (r->status == HB_STATUS_SOLVED)
    code = answer_fits_or_say (state, r, argv[1]);
  if (r->status == HB_STATUS_SOLVED && (code == EXIT_SOLVED || opt_best))
    {
      text = state->game->write_solution (state, r, opt_json ? HB_WRITE_JSON
                                                    : opt_compact ? HB_WRITE_COMPACT
                                                    : HB_WRITE_NATIVE);
      cli_puts (text);
    }
  else if (r->status != HB_STATUS_SOLVED)
    say_status (argv[1], r);
  if (r->status == HB_STATUS_SOLVED && !opt_stats && solve_count_limit >= 1 && r->message)
    /* --set count=N: how many solutions (unique, or at least N). */
    say_status (argv[1], r);
  hb_result_free (r);
  hb_state_free (state);
  return code;
}

/* ---- hint ---------------------------------------------------------------- */

/* A token that stops a hint at --time-limit. With 0 ("no limit") its
 * deadline is the longest --time-limit takes, a year away, so that a
 * game's own limit for a hint (Flow Free's 10 s, for the app) is not
 * taken either: the caller bounds the time (hb_cancel_has_deadline). */
static void
cli_cancel_init (HbCancel *cancel)
{
  hb_cancel_init (cancel, NULL);
  hb_cancel_set_deadline (cancel, opt_time_limit > 0 ? opt_time_limit : CLI_MAX_TIME_LIMIT);
}

/* The hint in words as `hint` prints them (render --hints says them too
 * when it draws a level without its hints). */
static char *
hint_words (const HbState *state, gconstpointer hint)
{
  return state->game->hint_summary != NULL ? state->game->hint_summary (state, hint)
                                           : state->game->hint_describe (state, hint);
}

/* Why a hint has no move on a level not solved, as solve would say it:
 * EXIT_NO_SOLUTION or EXIT_GAVE_UP, asking the default solver in what is
 * left of the time limit (it took 10 s more of its own). `hint` exits
 * with it; render --hints draws a level with no solution and nothing for
 * a hint that gave up. */
static int
no_move_code (const HbState *state, HbCancel *cancel)
{
  HbSolveOptions options = { 0 };
  HbResult *r = hb_solve (hb_game_default_solver (state->game), state, &options, NULL, cancel,
                          NULL);
  int code = r != NULL && r->status == HB_STATUS_NO_SOLUTION ? EXIT_NO_SOLUTION : EXIT_GAVE_UP;

  hb_result_free (r);
  return code;
}

static int
cmd_hint (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  HbState *state;
  gpointer hint;
  HbMove move;
  gboolean has_move;
  int code = EXIT_SOLVED;

  const GOptionEntry entries[] = {
    { "time-limit", 0, 0, G_OPTION_ARG_DOUBLE, &opt_time_limit, "Give up after this many seconds (default 10, 0 for none)", "S" },
    { NULL }
  };
  HbCancel cancel;

  opt_time_limit = CLI_DEFAULT_TIME_LIMIT;
  parse_options (&argc, &argv, "FILE - what to do next on a level", entries, TRUE);
  if (argc != 2)
    die_usage ("hint takes one FILE (or - for standard input)");
  state = load_or_die (game_from_option (), argv[1]);
  /* Bounded as solve is: a 2000×2000 Flood-It level's hint took 39 s. */
  cli_cancel_init (&cancel);
  hint = state->game->hint_compute (state, &cancel, &error);
  if (hint == NULL)
    {
      g_autofree char *shown = path_with_guessed_game (argv[1]);

      if (hb_cancel_deadline_passed (&cancel))
        cli_error ("%s: gave up (the time limit)", shown != NULL ? shown : argv[1]);
      else
        cli_error ("%s: %s", shown != NULL ? shown : argv[1], error->message);
      hb_state_free (state);
      return EXIT_GAVE_UP;
    }
  has_move = state->game->hint_next_move (state, hint, &move);
  /* No move on a board not solved, the time spent: given up, said as the
   * other games say it (Flood-It's "No hint: the board is too large to
   * search in time" went to standard output: review), and no solver is
   * asked why (a 4096x4096 Flood-It level's hint took 6.7 s with
   * --time-limit 2, the solver building its graph again after the
   * deadline). */
  if (!has_move && !state->game->is_solved (state) && hb_cancel_deadline_passed (&cancel))
    {
      g_autofree char *shown = path_with_guessed_game (argv[1]);

      cli_error ("%s: gave up (the time limit)", shown != NULL ? shown : argv[1]);
      state->game->hint_free (hint);
      hb_state_free (state);
      return EXIT_GAVE_UP;
    }
  text = hint_words (state, hint);
  printf ("%s\n", text);
  if (has_move)
    {
      g_autofree char *whole = state->game->hint_text != NULL
                               ? state->game->hint_text (state, hint) : NULL;

      printf ("next: row %d, column %d\n", move.y + 1, move.x + 1);
      if (whole != NULL)
        cli_puts (whole);
      /* A move to make, but the level cannot be won: 1, as solve says. */
      if (state->game->hint_out_of_reach != NULL
          && state->game->hint_out_of_reach (state, hint))
        code = EXIT_NO_SOLUTION;
    }
  else if (!state->game->is_solved (state))
    /* No move and not solved: the exit status says why, as solve's
     * would (1 no solution, 3 gave up). */
    code = no_move_code (state, &cancel);
  /* A verdict (exit 1 or 3) on a level read as the game its text looks
   * like names that game, as solve's does. */
  if (code != EXIT_SOLVED && guessed_game_name (argv[1]) != NULL)
    cli_error ("%s: read as %s, the game its text looks like", argv[1],
               guessed_game_name (argv[1]));
  state->game->hint_free (hint);
  hb_state_free (state);
  return code;
}

/* ---- render -------------------------------------------------------------- */

#ifndef HB_CLI_FAST

/* Says why the output cannot be written ("cannot write OUT: the folder
 * … does not exist") and exits with status 2. */
static void
die_write (GError *error)
{
  cli_error ("%s", error->message);
  exit (EXIT_BAD_INPUT);
}

/* The largest cell whose picture of a w × h board keeps within
 * CLI_MAX_IMAGE_SIDE both ways (with --hints, the badge's room below
 * too); *wide says whether the width is what bounds it. */
static int
render_most_cell (int w, int h, gboolean *wide)
{
  int across = (CLI_MAX_IMAGE_SIDE - 2 * CLI_RENDER_MARGIN) / w;
  int down = (CLI_MAX_IMAGE_SIDE - 2 * CLI_RENDER_MARGIN - (opt_hints ? CLI_HINTS_BELOW : 0)) / h;

  *wide = across <= down;
  return MIN (across, down);
}

/* The picture's width, or height, with cells of `cell` pixels. */
static gint64
render_side (int w, int h, int cell, gboolean wide)
{
  return wide ? (gint64) cell * w + 2 * CLI_RENDER_MARGIN
              : (gint64) cell * h + 2 * CLI_RENDER_MARGIN + (opt_hints ? CLI_HINTS_BELOW : 0);
}

/* The cell size render draws with: --cell as given, refused when the
 * picture would be over CLI_MAX_IMAGE_SIDE, else the default, shrunk to
 * the largest cell that fits a large board. The cap counts the whole
 * picture, margins and the hints' badge too (the default drew a
 * 4096-wide board 8224 pixels wide, and --cell 4 a 2048-wide one so,
 * while --cell said the most was 8192: review). The default goes below
 * --cell's smallest, 4, on boards over 2040 cells a side (down to 1
 * pixel: a 4096-wide board is drawn 4128 pixels wide), so every board
 * generate makes can be drawn; a --cell too large for such a board says
 * to leave it out rather than name a cell --cell refuses. */
static int
render_cell (HbState *state, const char *path)
{
  int w = state->width, h = state->height;
  gboolean wide;
  int most = render_most_cell (w, h, &wide);
  const char *way = wide ? "wide" : "high";

  if (opt_pixels == CLI_UNSET && most >= 1)
    return MIN (CLI_DEFAULT_CELL, most);
  if (opt_pixels != CLI_UNSET && opt_pixels <= most)
    return opt_pixels;
  hb_state_free (state);
  if (opt_pixels != CLI_UNSET && most >= CLI_MIN_CELL)
    die_usage ("--cell %d draws this %d×%d board %" G_GINT64_FORMAT " pixels %s; the most is %d "
               "(--cell %d or less)", opt_pixels, w, h, render_side (w, h, opt_pixels, wide),
               way, CLI_MAX_IMAGE_SIDE, most);
  if (opt_pixels != CLI_UNSET && most >= 1)
    die_usage ("--cell %d draws this %d×%d board %" G_GINT64_FORMAT " pixels %s; the most is %d, "
               "which takes cells under --cell's smallest (%d): leave --cell out and render draws "
               "it with %d-pixel cells", opt_pixels, w, h, render_side (w, h, opt_pixels, wide),
               way, CLI_MAX_IMAGE_SIDE, CLI_MIN_CELL, most);
  /* Boards are at most 4096 a side, so this is a file read past that. */
  cli_error ("%s: this %d×%d board is too large to draw: even 1-pixel cells draw it "
             "%" G_GINT64_FORMAT " pixels %s, and the most is %d", path, w, h,
             render_side (w, h, 1, wide), way, CLI_MAX_IMAGE_SIDE);
  exit (EXIT_BAD_INPUT);
}

/* A GCancellable cancelled at a deadline, by a thread that sleeps until
 * then (or until the work is done): the animation's frames are drawn
 * and compressed after the solve, and a 500×500 Flood-It level's ran on
 * for minutes past --time-limit. */
typedef struct {
  GCancellable *cancellable;
  GMutex        lock;
  GCond         cond;
  gboolean      done;
  gint64        end;     /* g_get_monotonic_time () microseconds */
  GThread      *thread;
} Deadline;

static gpointer
deadline_run (gpointer data)
{
  Deadline *d = data;

  g_mutex_lock (&d->lock);
  while (!d->done)
    if (!g_cond_wait_until (&d->cond, &d->lock, d->end))
      {
        g_cancellable_cancel (d->cancellable);
        break;
      }
  g_mutex_unlock (&d->lock);
  return NULL;
}

static void
deadline_start (Deadline *d, gint64 end)
{
  d->cancellable = g_cancellable_new ();
  g_mutex_init (&d->lock);
  g_cond_init (&d->cond);
  d->done = FALSE;
  d->end = end;
  d->thread = end > 0 ? g_thread_new ("deadline", deadline_run, d) : NULL;
}

static void
deadline_stop (Deadline *d)
{
  g_mutex_lock (&d->lock);
  d->done = TRUE;
  g_cond_signal (&d->cond);
  g_mutex_unlock (&d->lock);
  if (d->thread != NULL)
    g_thread_join (d->thread);
  g_mutex_clear (&d->lock);
  g_cond_clear (&d->cond);
  g_clear_object (&d->cancellable);
}

/* render --animate: the solver's answer, move by move, as an animated PNG. */
static int
render_animation (HbState *state, const char *path)
{
  /* --time-limit bounds the whole command, the frames too. */
  gint64 end = opt_time_limit > 0
               ? g_get_monotonic_time () + (gint64) (opt_time_limit * G_USEC_PER_SEC) : 0;
  Deadline deadline;
  g_autoptr(GFile) file = g_file_new_for_path (opt_output);
  g_autoptr(GError) error = NULL;
  HbRenderOptions ro = { 0 };
  HbResult *r;
  int cell = opt_pixels == CLI_UNSET ? CLI_DEFAULT_CELL : opt_pixels;
  int code;

  if (opt_pixels != CLI_UNSET)
    {
      int fw, fh, fcell, w = state->width, h = state->height;
      if (!hb_anim_frame_size (w, h, cell, &fw, &fh, &fcell, &error))
        {
          hb_state_free (state);
          die_usage ("%s", error->message);
        }
      if (fcell != cell)
        {
          hb_state_free (state);
          die_usage ("--cell %d makes frames of this %d×%d board larger than %d pixels "
                     "(--cell %d or less)", cell, w, h, HB_ANIM_MAX_SIDE, fcell);
        }
    }
  r = solve_or_die (state, opt_solver, path);
  if (r->status != HB_STATUS_SOLVED)
    {
      code = status_exit (r->status);
      say_status (path, r);
      hb_result_free (r);
      hb_state_free (state);
      return code;
    }
  code = answer_fits_or_say (state, r, path);
  if (code != EXIT_SOLVED && !opt_best)
    {
      hb_result_free (r);
      hb_state_free (state);
      return code;
    }
  ro.dark = opt_dark;
  /* Written beside the output and renamed (a failed write leaves any old
   * file); the reason in the words hb_write_atomic uses. */
  deadline_start (&deadline, end);
  if (!hb_anim_save_solution (file, state, r, &ro, cell, opt_delay / 1000.0,
                              deadline.cancellable, &error))
    {
      g_autoptr(GError) why = NULL;
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          cli_error ("%s: gave up drawing the animation (the time limit); "
                     "nothing was written", path);
          code = EXIT_GAVE_UP;
        }
      else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE))
        cli_error ("cannot write %s: the disk is full; an existing file "
                   "was left as it was", opt_output);
      else if (!hb_check_output_path (opt_output, &why))
        cli_error ("%s", why->message);
      else
        cli_error ("cannot write %s: %s", opt_output, error->message);
      if (code != EXIT_GAVE_UP)
        code = EXIT_BAD_INPUT;
    }
  deadline_stop (&deadline);
  hb_result_free (r);
  hb_state_free (state);
  return code;
}

/* The most points any of the trace's series has. */
static guint
plot_points (const HbTrace *trace)
{
  guint most = 0;

  for (guint i = 0; i < hb_trace_n_series (trace); i++)
    {
      GArray *points = hb_trace_series_points (trace, i);
      most = MAX (most, points->len);
      g_array_unref (points);
    }
  return most;
}

/* render --plot: runs the solver recording a trace and draws its series. */
static int
render_plot (HbState *state, const char *path)
{
  g_autoptr(GError) error = NULL;
  const HbSolver *solver;
  HbResult *r;
  int code;

  solve_trace = hb_trace_new (0, 0);
  r = solve_or_die (state, opt_solver, path);
  solver = opt_solver ? hb_game_find_solver (state->game, opt_solver)
                      : hb_game_default_solver (state->game);
  code = status_exit (r->status);
  if (r->status != HB_STATUS_SOLVED)
    say_status (path, r);
  else if (r->message != NULL && plot_points (solve_trace) == 1)
    /* A run that ended at its first point (ga-paths on a level arc
     * consistency solves) draws one dot on empty axes: say why, so the
     * picture is not taken for a fault. */
    cli_error ("%s: %s The plot has one point, generation 0.", path, r->message);
  if (r->status != HB_STATUS_SOLVED && (solver->flags & HB_SOLVER_STOCHASTIC)
      && !hb_plot_has_data (solve_trace))
    /* A genetic algorithm whose run ended before its first generation
     * (arc consistency proved no solution, or the time was up): nothing
     * to draw, said so, and the run's exit status (review: it said only
     * the genetic algorithms have a plot, exit 2). */
    cli_error ("%s: %s: the run ended before its first generation: no plot drawn",
               path, solver->id);
  else if (!cli_write_plot (solve_trace, solver->name, opt_output, opt_dark, &error))
    {
      /* A write's error names the output; no numbers to plot is about
       * the level's solver, named with the level (review). */
      if (error->domain == G_FILE_ERROR)
        cli_error ("%s", error->message);
      else
        cli_error ("%s: %s: %s", path, solver->id, error->message);
      code = EXIT_BAD_INPUT;
    }
  hb_trace_free (solve_trace);
  solve_trace = NULL;
  hb_result_free (r);
  hb_state_free (state);
  return code;
}

static cairo_status_t
append_bytes (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

gboolean
cli_write_surface (cairo_surface_t *surface, GByteArray *svg_bytes, const char *output,
                   GError **error)
{
  g_autoptr(GByteArray) bytes = NULL;
  cairo_status_t status;

  if (svg_bytes != NULL)
    {
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
      bytes = g_byte_array_ref (svg_bytes);
    }
  else
    {
      bytes = g_byte_array_new ();
      status = cairo_surface_write_to_png_stream (surface, append_bytes, bytes);
    }
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED, "cannot draw %s: %s", output,
                   cairo_status_to_string (status));
      return FALSE;
    }
  return hb_write_atomic (output, (const char *) bytes->data, bytes->len, error);
}

cairo_surface_t *
cli_surface_new (gboolean svg, double w, double h, GByteArray **svg_bytes)
{
  if (svg)
    {
      *svg_bytes = g_byte_array_new ();
      return cairo_svg_surface_create_for_stream (append_bytes, *svg_bytes, w, h);
    }
  *svg_bytes = NULL;
  return cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) w, (int) h);
}

static int
cmd_render (int argc, char **argv)
{
  static const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &opt_output, "Where to write: a .png or .svg file", "OUT" },
    { "solution", 0, 0, G_OPTION_ARG_NONE, &opt_solution, "Draw the board once solved", NULL },
    { "hints", 0, 0, G_OPTION_ARG_NONE, &opt_hints, "Draw the hint overlay (Enlight: the cells to press)", NULL },
    { "animate", 0, 0, G_OPTION_ARG_NONE, &opt_animate, "Write the solution move by move as an animated PNG", NULL },
    { "solver", 's', 0, G_OPTION_ARG_STRING, &opt_solver, "The solver for --solution, --animate and --plot", "ID" },
    { "dark", 0, 0, G_OPTION_ARG_NONE, &opt_dark, "Use the dark style", NULL },
    { "cell", 0, 0, G_OPTION_ARG_INT, &opt_pixels, "Cell size in pixels, 4 to 256 (default 48, smaller for a large board: the picture is at most 8192 pixels a side)", "PX" },
    { "delay", 0, 0, G_OPTION_ARG_INT, &opt_delay, "With --animate: milliseconds per move, 10 to 60000 (default 500; the last frame stays 3 times as long)", "MS" },
    { "plot", 0, 0, G_OPTION_ARG_NONE, &opt_plot, "Solve and draw the solver's series (fitness per generation …) as a plot", NULL },
    { "set", 0, 0, G_OPTION_ARG_STRING_ARRAY, &opt_set, "A solver setting for --solution, --animate and --plot (repeatable)", "KEY=VALUE" },
    /* As solve's (render took --set seed=N alone, solve --seed N too). */
    { "seed", 0, 0, G_OPTION_ARG_STRING, &opt_solve_seed, "Seed for a stochastic solver with --solution, --animate or --plot, 0 to 18446744073709551615 (default 1; as --set seed=N)", "N" },
    { "time-limit", 0, 0, G_OPTION_ARG_DOUBLE, &opt_time_limit, "With --solution, --animate, --plot or --hints: give up after this many seconds (default 10, 0 for none)", "S" },
    { "best", 0, 0, G_OPTION_ARG_NONE, &opt_best, "Draw the best answer even when it misses the level's move limit", NULL },
    { NULL }
  };
  const double margin = CLI_RENDER_MARGIN;
  g_autoptr(GError) error = NULL;
  g_autoptr(GByteArray) svg_bytes = NULL;
  HbRenderOptions ro = { 0 };
  HbState *state, *shown;
  HbResult *r = NULL;
  gpointer hint = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  HbLayout layout;
  double w, h, below;
  int cell;
  gboolean svg;
  int code = 0;

  /* As solve: a solver that cannot finish stops and says so. */
  opt_time_limit = CLI_DEFAULT_TIME_LIMIT;
  parse_options (&argc, &argv, "FILE -o OUT - draw a level to PNG or SVG, its solution to an animated PNG, or a solver's run as a plot",
                 entries, TRUE);
  if (argc != 2 || opt_output == NULL)
    die_usage ("render takes one FILE and -o OUT.png or OUT.svg");
  /* In either case, as file names from other systems come (x.PNG was
   * refused: review). */
  svg = cli_name_ends (opt_output, ".svg");
  if (!svg && !cli_name_ends (opt_output, ".png"))
    die_usage ("the output must end in .png or .svg, not '%s'", opt_output);
  /* Before any solving: a missing folder is known at once. */
  if (!hb_check_output_path (opt_output, &error))
    die_write (error);
  /* Nor over the level read, as detect's --debug (a level named x.png
   * was replaced by its drawing: review); links to it too. */
  if (!g_str_equal (argv[1], "-") && cli_same_file (argv[1], opt_output))
    die_usage ("-o names the level being read: give another name");
  /* Refused, not ignored, where they do nothing (--solver nope went
   * unnoticed without --solution). */
  if (!opt_solution && !opt_animate && !opt_plot && (opt_solver || opt_set || opt_solve_seed))
    die_usage ("--solver, --set and --seed choose how to solve: they go with --solution, --animate "
               "or --plot");
  if (!opt_solution && !opt_animate && opt_best)
    die_usage ("--best goes with --solution or --animate");
  if (!opt_animate && opt_delay_given)
    die_usage ("--delay goes with --animate");
  if (!opt_solution && !opt_animate && !opt_plot && !opt_hints && opt_time_limit_given)
    die_usage ("--time-limit bounds a solve or the hints: it goes with --solution, --animate, "
               "--plot or --hints");
  if (opt_plot)
    {
      if (opt_animate || opt_solution || opt_hints)
        die_usage ("--plot draws the solver's numbers; it takes no --animate, --solution or --hints");
      if (opt_pixels != CLI_UNSET)
        die_usage ("--plot draws the solver's numbers, not the board: it takes no --cell");
      return render_plot (load_or_die (game_from_option (), argv[1]), argv[1]);
    }
  if (opt_animate)
    {
      if (svg)
        die_usage ("--animate writes an animated PNG: the output must end in .png, not '%s'",
                   opt_output);
      if (opt_solution || opt_hints)
        die_usage ("--animate draws the solution move by move; it takes no --solution or --hints");
      if (opt_delay < CLI_MIN_DELAY || opt_delay > CLI_MAX_DELAY)
        die_usage ("--delay takes %s, not %d", number_range ("delay"), opt_delay);
      best_needs_limit_of (game_from_option ());
      state = load_or_die (game_from_option (), argv[1]);
      best_needs_limit (state);
      return render_animation (state, argv[1]);
    }
  best_needs_limit_of (game_from_option ());
  state = load_or_die (game_from_option (), argv[1]);
  best_needs_limit (state);
  cell = render_cell (state, argv[1]);
  shown = state;
  ro.dark = opt_dark;
  ro.mode = HB_MODE_PLAY;
  ro.hover_x = ro.hover_y = -1;
  if (opt_solution)
    {
      r = solve_or_die (state, opt_solver, argv[1]);
      if (r->status != HB_STATUS_SOLVED)
        {
          code = status_exit (r->status);
          say_status (argv[1], r);
          hb_result_free (r);
          hb_state_free (state);
          return code;
        }
      code = answer_fits_or_say (state, r, argv[1]);
      if (code != EXIT_SOLVED && !opt_best)
        {
          hb_result_free (r);
          hb_state_free (state);
          return code;
        }
      shown = r->solved;
    }
  if (opt_hints)
    {
      g_autoptr(GError) herror = NULL;
      HbCancel cancel;

      /* Bounded by --time-limit as hint is (it ran on for 11 s at 1). */
      cli_cancel_init (&cancel);
      hint = shown->game->hint_compute (shown, &cancel, &herror);
      /* A hint with no move on a board not solved, the time spent, gave
       * up too (Flood-It's drew the board, exit 0: review). */
      if (hint != NULL && hb_cancel_deadline_passed (&cancel) && !shown->game->is_solved (shown))
        {
          HbMove unused;

          if (!shown->game->hint_next_move (shown, hint, &unused))
            {
              shown->game->hint_free (hint);
              hint = NULL;
            }
        }
      if (hint == NULL)
        {
          if (hb_cancel_deadline_passed (&cancel))
            cli_error ("%s: gave up (the time limit)", argv[1]);
          else
            cli_error ("%s: %s", argv[1], herror->message);
          hb_result_free (r);
          hb_state_free (state);
          return EXIT_GAVE_UP;
        }
      ro.show_hints = TRUE;
      ro.hint = hint;
      /* The drawing shows no warning: stderr says it, as `hint` does (the
       * picture of a level with no solution came with nothing said). */
      {
        g_autofree char *warning = shown->game->hint_warning != NULL
                                   ? shown->game->hint_warning (shown, hint) : NULL;
        HbMove unused;

        /* Worded as the CLI's other messages ("x.flow: warning: this
         * level has no solution"; it was the window's "This level"). */
        if (warning != NULL)
          {
            warning[0] = g_ascii_tolower (warning[0]);
            cli_error ("%s: warning: %s", argv[1], warning);
          }
        /* No move on a level not solved, and no warning about the level:
         * a hint that has nothing to draw, such as a Flow Free level
         * still being drawn (a colour with one dot). The game gives no
         * warning for it on purpose (the app's status line would scold
         * every level being edited), so render said nothing and drew the
         * level bare, while `hint` says why, exit 1. The picture is still
         * drawn, exit 0, as for a level with no solution; stderr says the
         * hints are not in it, in `hint`'s words. */
        else if (!shown->game->is_solved (shown)
                 && !shown->game->hint_next_move (shown, hint, &unused))
          {
            /* Which of the two `hint` would say, asked as it asks (the
             * default solver, in what is left of the time): no solution
             * (exit 1 there), drawn here; a hint that gave up (exit 3
             * there) draws nothing, as above (an Infinite Loop hint that
             * gave up was drawn, exit 0: review). */
            g_autofree char *why = hint_words (shown, hint);

            if (no_move_code (shown, &cancel) == EXIT_GAVE_UP)
              {
                cli_error ("%s: gave up: %s", argv[1], why);
                shown->game->hint_free (hint);
                hb_result_free (r);
                hb_state_free (state);
                return EXIT_GAVE_UP;
              }
            cli_error ("%s: warning: the picture has no hints: %s", argv[1], why);
          }
      }
    }
  /* With the hints, room below the board for a hint's badge (Flood-It's
   * colour and moves to go), so it covers no cell. */
  below = opt_hints ? CLI_HINTS_BELOW : 0;
  w = cell * shown->width + 2 * margin;
  h = cell * shown->height + 2 * margin + below;
  surface = cli_surface_new (svg, w, h, &svg_bytes);
  cr = cairo_create (surface);
  hb_draw_page (cr, opt_dark);
  hb_layout_fit (&layout, shown->width, shown->height, w, h - below, margin);
  shown->game->render (shown, cr, &layout, &ro);
  cairo_destroy (cr);
  /* In memory first, then a temporary file beside the output renamed over
   * it: a full disk leaves an existing file as it was. */
  if (!cli_write_surface (surface, svg_bytes, opt_output, &error))
    {
      cli_error ("%s", error->message);
      code = EXIT_BAD_INPUT;
    }
  cairo_surface_destroy (surface);
  if (hint)
    shown->game->hint_free (hint);
  hb_result_free (r);
  hb_state_free (state);
  return code;
}

#else
/* The fast CLI never gets here: main hands render to hintboard-cli-full. */
static int
cmd_render (int argc, char **argv)
{
  hb_cli_full_run ();
  return EXIT_BAD_INPUT;
}
#endif

/* Writes a level (taken) to standard output in a format; `what` names it
 * in an error ("generate", a file name). */
static int
print_level (HbState *s, HbWriteFormat format, const char *what)
{
  g_autoptr(GError) error = NULL;
  char *text = s->game->write (s, format, &error);

  hb_state_free (s);
  if (text == NULL)
    {
      cli_error ("%s: %s", what, error->message);
      return EXIT_BAD_INPUT;
    }
  cli_puts (text);
  g_free (text);
  return 0;
}

/* ---- generate ------------------------------------------------------------ */

/* A generator reports its errors as parse errors do, "LINE:COLUMN: text";
 * there is no text to point into, so only the words are shown. */
static const char *
without_position (const char *message)
{
  const char *p = message;

  for (int part = 0; part < 2; part++)
    {
      if (!g_ascii_isdigit (*p))
        return message;
      while (g_ascii_isdigit (*p))
        p++;
      if (*p++ != ':')
        return message;
    }
  return *p == ' ' ? p + 1 : message;
}

/* generate --compact or --tatham for a game without that form (Flow
 * Free): a usage error with its "Try" line, as solve --compact's (it was
 * the writer's "generate:" error after the level was made, without the
 * line). */
static void
level_form_needs (const HbGame *game, HbWriteFormat mode, const char *option, const char *form)
{
  if (!game_has_form (game, mode))
    die_usage ("%s writes %s; %s has none (its levels are written as text, or by "
               "'convert --to json' as JSON)", option, form, game->name);
}

static int
cmd_generate (int argc, char **argv)
{
  static const GOptionEntry entries[] = {
    { "game", 'g', 0, G_OPTION_ARG_STRING, &opt_game, "The game: lights, loop, flood or flow", "G" },
    { "size", 0, 0, G_OPTION_ARG_STRING, &opt_size, "Board size, sides 1 to " G_STRINGIFY (HB_MAX_SIDE) " (default: the game's own)", "WxH" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &opt_seed, "Seed, 0 to 18446744073709551615 (the same seed gives the same level; default 1)", "N" },
    { "colours", 0, 0, G_OPTION_ARG_INT, &opt_colours, "Number of colours: Flood-It 2 to 10, Flow Free 1 to 88 (0: the game's default)", "C" },
    { "colors", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_INT, &opt_colours, NULL, "C" },
    { "compact", 0, 0, G_OPTION_ARG_NONE, &opt_compact, "Write the game's compact form (not Flow Free: it has none)", NULL },
    { "tatham", 0, 0, G_OPTION_ARG_NONE, &opt_tatham, "Write a Simon Tatham game ID (not Flow Free: it has none)", NULL },
    { "set", 0, 0, G_OPTION_ARG_STRING_ARRAY, &opt_set, "A generator setting (repeatable; see 'list --settings'), e.g. unique=true for a Flow Free level with one solution; seed=N is --seed N", "KEY=VALUE" },
    { "time-limit", 0, 0, G_OPTION_ARG_DOUBLE, &opt_time_limit, "With unique=true: try no longer than this many seconds (default 10, 0 for no limit)", "S" },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(HbSettings) settings = NULL;
  HbGenerateParams p = { 0 };
  const HbGame *game;
  HbState *s;

  opt_time_limit = CLI_DEFAULT_TIME_LIMIT;
  parse_options (&argc, &argv, "- make a random level", entries, FALSE);
  game = game_from_option ();
  if (game == NULL)
    die_usage ("generate needs --game G (and no file)");
  /* The word named ("generate -g lights 5x5" said it needs --game). */
  if (argc != 1)
    die_usage ("generate takes no FILE ('%s'); it makes a level from --game, --size and "
               "--seed", argv[1]);
  if (opt_tatham && opt_compact)
    die_usage ("--tatham and --compact are two forms of the level: give one");
  if (opt_compact)
    level_form_needs (game, HB_WRITE_COMPACT, "--compact", "a game's compact form");
  if (opt_tatham)
    level_form_needs (game, HB_WRITE_TATHAM, "--tatham", "a Simon Tatham game ID");
  if (opt_size)
    {
      /* Digits, 'x', digits; a side over the limit is refused as asked
       * for, never clamped or wrapped round. */
      const char *x = strpbrk (opt_size, "xX");
      const char *ws = opt_size + (*opt_size == '-'), *hs = x ? x + 1 + (x[1] == '-') : NULL;
      guint64 w = 0, h = 0;

      if (x == NULL || x == ws || *hs == '\0'
          || strspn (ws, "0123456789") != (gsize) (x - ws)
          || strspn (hs, "0123456789") != strlen (hs))
        die_usage ("--size takes WxH, e.g. 10x10, not '%s'", opt_size);
      w = g_ascii_strtoull (ws, NULL, 10);
      h = g_ascii_strtoull (hs, NULL, 10);
      if (w < 1 || h < 1 || ws != opt_size || hs != x + 1)
        die_usage ("--size %s: a board side is at least 1", opt_size);
      if (w > HB_MAX_SIDE || h > HB_MAX_SIDE)
        die_usage ("--size %s: a board side is at most %d", opt_size, HB_MAX_SIDE);
      p.width = (int) w;
      p.height = (int) h;
    }
  else
    {
      p.width = game->default_width;
      p.height = game->default_height;
    }
  /* Refused, not ignored, for a game without colours to count. */
  if (opt_colours != 0 && game->max_colours == 0)
    die_usage ("--colours is for the games with colours to count (Flood-It, Flow Free), not %s",
               game->id);
  /* The game's range, whatever the board, said as every option's range
   * is: Flood-It's "2 to 10 colours, not 1" came from its generator
   * without the usage line. What a board of the size given cannot take
   * (Flow Free's "a 7×7 board takes at most 24 colours") is still the
   * generator's to say. */
  if (opt_colours != 0 && (opt_colours < game->min_colours || opt_colours > game->max_colours))
    die_usage ("--colours takes %d to %d for %s (0 for its default), not %d",
               game->min_colours, game->max_colours, game->name, opt_colours);
  p.colours = opt_colours;
  p.seed = opt_seed != NULL ? seed_or_die (opt_seed) : 1;
  settings = cli_generate_settings (game, opt_set, &error);
  if (settings == NULL)
    die_usage ("%s", error->message);
  /* --set seed=N is --seed N, as in solve and render; the generator's
   * settings are its own. */
  if (hb_settings_has (settings, "seed"))
    {
      if (opt_seed != NULL)
        die_usage ("--seed and --set seed= both set the seed: give one");
      p.seed = hb_settings_get_seed (settings, "seed", NULL);
      hb_settings_unset (settings, "seed");
    }
  p.settings = settings;
  /* Only Flow Free's search for a level with one solution takes a time;
   * elsewhere --time-limit would do nothing, so it is refused as every
   * such option is (it was taken without a word). */
  if (opt_time_limit_given
      && !(game->generate_settings != NULL && hb_settings_has (settings, "unique")
           && hb_settings_get_switch (settings, game->generate_settings, "unique")))
    die_usage ("--time-limit bounds the search for a level with one solution: it goes with "
               "--set unique=true (Flow Free)");
  p.time_limit = opt_time_limit;
  s = game->generate (&p, &error);
  if (s == NULL)
    {
      cli_error ("generate: %s", without_position (error->message));
      return EXIT_BAD_INPUT;
    }
  return print_level (s, opt_tatham ? HB_WRITE_TATHAM
                          : opt_compact ? HB_WRITE_COMPACT : HB_WRITE_NATIVE, "generate");
}

/* ---- convert ------------------------------------------------------------- */

/* Whether what the level's JSON says (Flow Free's colour names: "foo"
 * became G, then "green") is lost in `text`: its JSON differs from the
 * level's own. FALSE for a game without JSON. */
static gboolean
json_lost (const HbState *s, const char *text)
{
  g_autofree char *mine = s->game->write (s, HB_WRITE_JSON, NULL);
  g_autofree char *back_json = NULL;
  HbState *back;

  if (mine == NULL)
    return FALSE;
  back = s->game->parse (text, strlen (text), NULL);
  back_json = back != NULL ? back->game->write (back, HB_WRITE_JSON, NULL) : NULL;
  hb_state_free (back);
  return back_json != NULL && strcmp (mine, back_json) != 0;
}

/* Whether the input may have been JSON, the one format with colour names
 * to lose: json_lost writes the level as JSON twice, which took seconds
 * on a 4096x4096 text level (and handed it to hintboard-cli-full). A
 * ".json" file is read as JSON whatever it starts with (json-glib takes a
 * comment first). */
static gboolean
may_be_json (const char *name, const char *text, gsize len)
{
  gsize i = len >= 3 && memcmp (text, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;

  if (strlen (name) >= 5 && g_ascii_strcasecmp (name + strlen (name) - 5, ".json") == 0)
    return TRUE;
  while (i < len && g_ascii_isspace (text[i]))
    i++;
  return i < len && (text[i] == '[' || text[i] == '{' || text[i] == '"');
}

static int
cmd_convert (int argc, char **argv)
{
  static const GOptionEntry entries[] = {
    { "to", 0, 0, G_OPTION_ARG_STRING, &opt_to, "native, compact, tatham or json", "FORMAT" },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) comments = NULL;
  g_autoptr(GPtrArray) dropped = NULL;
  g_autofree char *text = NULL;
  g_autofree char *out = NULL;
  HbWriteFormat fmt;
  gsize len = 0;
  guint more;
  HbState *s;

  parse_options (&argc, &argv, "FILE --to FORMAT - rewrite a level in another format", entries, TRUE);
  if (argc != 2 || opt_to == NULL)
    die_usage ("convert takes one FILE and --to native|compact|tatham|json");
  /* In any case, as game and solver names are (JSON was unknown). */
  if (g_ascii_strcasecmp (opt_to, "native") == 0)
    fmt = HB_WRITE_NATIVE;
  else if (g_ascii_strcasecmp (opt_to, "compact") == 0)
    fmt = HB_WRITE_COMPACT;
  else if (g_ascii_strcasecmp (opt_to, "tatham") == 0)
    fmt = HB_WRITE_TATHAM;
  else if (g_ascii_strcasecmp (opt_to, "json") == 0)
    fmt = HB_WRITE_JSON;
  else
    die_usage ("unknown format '%s' (native, compact, tatham or json)", opt_to);
  file_named_or_die (argv[1]);
  if (!hb_cli_full_read_input (argv[1], &text, &len, &error)
      || (s = hb_registry_parse (game_from_option (), argv[1], text, len, &error)) == NULL)
    {
      cli_error ("%s", error->message);
      return EXIT_BAD_INPUT;
    }
  say_other_reader (game_from_option (), argv[1], s, text, len);
  /* Nothing lost: the input's comment lines are kept wherever the format
   * reads them back as the same level (hb_write_with_comments), and
   * what cannot be kept is named on stderr. */
  comments = hb_text_comment_lines (text, len, G_MAXUINT);
  dropped = g_ptr_array_new_with_free_func (g_free);
  out = hb_write_with_comments (s, fmt, comments, dropped, &error);
  if (out == NULL)
    {
      cli_error ("%s: %s", argv[1], error->message);
      hb_state_free (s);
      return EXIT_BAD_INPUT;
    }
  if (dropped->len > 0)
    {
      cli_error ("%s: the %s format holds no comment lines; "
                 "dropped %u:", argv[1], opt_to, dropped->len);
      for (guint i = 0; i < dropped->len; i++)
        {
          g_autofree char *safe = hb_escape_for_message (g_ptr_array_index (dropped, i));
          fprintf (stderr, "  %s\n", safe);
        }
    }
  /* Said as the # lines dropped are (the level's JSON read with a
   * comment in it lost it without a word). */
  if (may_be_json (argv[1], text, len) && hb_text_json_comments (s, text, len))
    cli_error ("%s: the JSON's /* */ comments are dropped (no form written holds them)",
               argv[1]);
  /* A file of several levels (Flood-It's dumps): the first only, said. */
  more = s->game->more_levels != NULL ? s->game->more_levels (text, len) : 0;
  if (more > 0)
    {
      if (more == 1)
        cli_error ("%s: only the first level is converted; the one after it is not", argv[1]);
      else
        cli_error ("%s: only the first level is converted; the %u after it are not", argv[1],
                   more);
    }
  if (!hb_text_reads_back (s, out))
    cli_error ("%s: the %s format cannot hold all of this level "
               "(it reads back as another one)", argv[1], opt_to);
  else if (fmt != HB_WRITE_JSON && may_be_json (argv[1], text, len) && json_lost (s, out))
    cli_error ("%s: the %s format keeps the level but not its JSON colour names "
               "(--to json keeps them)", argv[1], opt_to);
  cli_puts (out);
  hb_state_free (s);
  return 0;
}

/* ---- bench --------------------------------------------------------------- */

static int
cmd_bench (int argc, char **argv)
{
  static const GOptionEntry entries[] = {
    { "quick", 0, 0, G_OPTION_ARG_NONE, &opt_quick, "Tiny sizes only (for tests)", NULL },
    { "repeats", 'r', 0, G_OPTION_ARG_INT, &opt_repeats, "Repeats per row, 1 to 100 (default: the game's)", "N" },
    { "sets", 0, 0, G_OPTION_ARG_STRING, &opt_sets, "Only these sets of the game's bench, comma-separated ('--sets list' names them)", "A,B" },
    { NULL }
  };
  const HbGame *const *games = hb_registry_games ();
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) sets = NULL;
  int ran = 0;

  /* `bench detect` times screenshot import (cli-detect.c), its options
   * before or after the word ("bench --quick detect" said "unknown game
   * 'detect'"). The first word that is no option nor an option's value,
   * or the first after "--" ("bench -- detect" said "'detect' goes
   * alone"). */
  for (int i = 1, words = 0; i < argc; i++)
    {
      static const char *const with_value[] = { "-r", "--repeats", "--sets", "-g", "--game", NULL };

      if (!words && g_str_equal (argv[i], "--"))
        {
          words = 1;
          continue;
        }
      if (!words && argv[i][0] == '-')
        {
          i += g_strv_contains (with_value, argv[i]);
          continue;
        }
      if (g_str_equal (argv[i], "detect"))
        {
          memmove (&argv[2], &argv[1], (gsize) (i - 1) * sizeof (char *));
          argv[1] = (char *) "detect";
          return hb_cli_bench_detect (argc - 1, argv + 1);
        }
      break;
    }

  parse_options (&argc, &argv, "[GAME…] - time the solvers; prints Markdown tables "
                 "('bench detect --help': the screenshot reader's)", entries, FALSE);
  /* Every name is checked before anything runs. */
  for (int a = 1; a < argc; a++)
    if (g_str_equal (argv[a], "detect"))
      die_usage ("'detect' goes alone: 'bench detect' times the screenshot reader, "
                 "'bench GAME…' the solvers");
    else if (hb_registry_find_game (argv[a]) == NULL)
      {
        /* What there is to time ("unknown game 'nope'" said not). */
        g_autoptr(GString) known = g_string_new (NULL);

        for (int i = 0; games[i]; i++)
          if (games[i]->bench != NULL)
            g_string_append_printf (known, "%s, ", games[i]->id);
        die_usage ("unknown game '%s' (known: %sor detect for the screenshot reader)", argv[a],
                   known->str);
      }
  /* --sets: one game that has sets, every name one of them. */
  if (opt_sets != NULL)
    {
      const HbGame *game = argc == 2 ? hb_registry_find_game (argv[1]) : NULL;
      g_autofree char *names = NULL;

      /* The games that have sets named ("bench --sets list", as the
       * help has it, said "--sets takes one game", naming none). */
      if (game == NULL)
        {
          g_autoptr(GString) with = g_string_new (NULL);
          const char *first = NULL;
          int n = 0;

          for (int i = 0; games[i]; i++)
            if (games[i]->bench_sets != NULL && games[i]->bench_only != NULL)
              {
                g_string_append_printf (with, "%s%s", n++ ? ", " : "", games[i]->id);
                first = first != NULL ? first : games[i]->id;
              }
          die_usage ("--sets takes one game's sets: name the game (%s %s sets: "
                     "'hintboard-cli bench %s --sets list' names them)", with->str,
                     n > 1 ? "have" : "has", first != NULL ? first : "GAME");
        }
      if (game->bench_sets == NULL || game->bench_only == NULL)
        die_usage ("the %s bench has no sets to choose", game->id);
      names = g_strjoinv (", ", (char **) game->bench_sets);
      if (g_str_equal (opt_sets, "list"))
        {
          for (int k = 0; game->bench_sets[k]; k++)
            printf ("%s\n", game->bench_sets[k]);
          return 0;
        }
      sets = g_strsplit (opt_sets, ",", -1);
      /* "--sets ''" split into no names at all, and the whole bench ran
       * (minutes), as without --sets. */
      if (sets[0] == NULL)
        die_usage ("the %s bench has no set '' (it has %s)", game->id, names);
      for (int k = 0; sets[k]; k++)
        if (!g_strv_contains (game->bench_sets, g_strstrip (sets[k])))
          die_usage ("the %s bench has no set '%s' (it has %s)", game->id, sets[k], names);
    }
  for (int i = 0; games[i]; i++)
    {
      gboolean wanted = argc < 2, ok;
      gsize heading;

      for (int a = 1; a < argc; a++)
        if (g_str_equal (argv[a], games[i]->id))
          wanted = TRUE;
      if (!wanted || games[i]->bench == NULL)
        continue;
      g_string_append_printf (out, "### %s\n\n", games[i]->name);
      heading = out->len;
      if (sets != NULL)
        ok = games[i]->bench_only ((const char *const *) sets, opt_quick,
                                   opt_repeats > 0 ? (guint) opt_repeats : 0, out, &error);
      else
        ok = games[i]->bench (opt_quick, opt_repeats > 0 ? (guint) opt_repeats : 0, out, &error);
      if (!ok)
        {
          /* What was measured before the error, not a heading alone. */
          if (out->len > heading)
            cli_puts (out->str);
          cli_error ("bench %s: %s", games[i]->id, error->message);
          /* Levels not found or not read are bad input (2), as a missing
           * or malformed FILE is; a wrong answer is the solver's failure
           * (3). */
          return error->domain == G_FILE_ERROR || error->domain == HB_PARSE_ERROR
                 ? EXIT_BAD_INPUT : EXIT_GAVE_UP;
        }
      g_string_append_c (out, '\n');
      ran++;
      cli_puts (out->str);
      fflush (stdout);
      g_string_truncate (out, 0);
    }
  if (ran == 0)
    die_usage ("nothing to bench");
  return 0;
}

/* ---- main ---------------------------------------------------------------- */

static const struct {
  const char *name;
  int (*run) (int argc, char **argv);
  const char *help;
} commands[] = {
  { "list", cmd_list, "list the solvers: game, solver, summary, limits (first = default)" },
  { "solve", cmd_solve, "solve FILE; the solution on stdout, --stats on stderr" },
  { "hint", cmd_hint, "say what to do next on FILE" },
  { "render", cmd_render, "draw FILE to -o OUT.png|.svg [--solution] [--hints], --animate it, or --plot a run" },
  { "generate", cmd_generate, "make a random level: --game G [--size WxH] [--seed N]" },
  { "convert", cmd_convert, "rewrite FILE --to native|compact|tatham|json" },
  { "bench", cmd_bench, "time the solvers [GAME…] or the screenshot reader (bench detect); prints Markdown tables" },
  { "detect", hb_cli_detect, "read a level from a screenshot: detect [--game G] IMAGE [--debug OUT.png]" },
};

/* Exits with "unknown command 'WORD' (the commands: list, solve, …)":
 * it said "unknown command 'nope'" alone, not what there is. */
static void
die_unknown_command (const char *word)
{
  g_autoptr(GString) names = g_string_new (NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    g_string_append_printf (names, "%s%s", i ? ", " : "", commands[i].name);
  die_usage ("unknown command '%s' (the commands: %s)", word, names->str);
}

static void
usage (FILE *f)
{
  fprintf (f, "Usage: hintboard-cli COMMAND [OPTION…] [FILE]\n\nCommands:\n");
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (f, "  %-9s %s\n", commands[i].name, commands[i].help);
  fprintf (f, "\nFILE may be - for standard input. The game comes from --game, else the\n"
              "file's extension (.lights .loop .flood .flow), else a format only one game\n"
              "reads. Exit status: 0 solved, 1 no solution, 2 bad input, 3 gave up.\n"
              "'hintboard-cli COMMAND --help' (or 'help COMMAND') tells a command's options;\n"
              "'hintboard-cli --version' the version.\n");
}

/* Whether this run needs the locale's character set. GLib converts from
 * it the values of options (GOption takes them to UTF-8) and to it what it
 * prints itself (--help's text); everything else the CLI writes is
 * English, UTF-8 and '.' decimals, the same in every locale. ASCII reads
 * the same in every character set, so a run whose arguments are ASCII and
 * that asks for no help needs none, and the C locale serves it: reading
 * the locale is a third of a small solve's instructions (here setlocale
 * expands C.UTF-8 through locale.alias; LC_ALL would open a dozen files).
 * What GLib may print besides (a g_log message: a bug) then shows
 * characters beyond ASCII escaped. */
static gboolean
needs_locale (int argc, char **argv)
{
  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "-h") || g_str_equal (argv[i], "-?")
          || g_str_has_prefix (argv[i], "--help") || (i == 1 && g_str_equal (argv[i], "help")))
        return TRUE;
      for (const char *p = argv[i]; *p != '\0'; p++)
        if ((guchar) *p >= 0x80)
          return TRUE;
    }
  return FALSE;
}

/* With no locale set (LANG unset, as in a container, cron or a bare ssh
 * session), the C locale's character set is ASCII, and GOption refused
 * every option value beyond it: "--game flöw" said "invalid byte sequence
 * in conversion input", naming nothing, where a UTF-8 locale said
 * "unknown game 'flöw'", and --help wrote "[OPTION?]". What a terminal
 * sends is UTF-8 nowadays, so the ASCII C locale is taken for C.UTF-8,
 * as Python does (PEP 538); a locale with a character set of its own
 * (ISO-8859-2, say) is kept. */
static void
coerce_ascii_locale (void)
{
  const char *charset;

  if (!g_get_charset (&charset)
      && (g_ascii_strcasecmp (charset, "ANSI_X3.4-1968") == 0
          || g_ascii_strcasecmp (charset, "ASCII") == 0
          || g_ascii_strcasecmp (charset, "US-ASCII") == 0))
    setlocale (LC_CTYPE, "C.UTF-8");
}

static gboolean stdout_checked;

/* What was written to standard output reached it: a full disk or a
 * closed pipe said nothing and gave exit 0, leaving an empty file that
 * looked like an answer. */
static int
output_written (int code)
{
  int err = fflush (stdout) != 0 ? errno : 0;

  /* A write that failed earlier (a solution larger than stdio's buffer)
   * left the flag but not its reason. */
  if (err == 0 && ferror (stdout))
    err = cli_stdout_errno ();
  stdout_checked = TRUE;
  if (err != 0 || ferror (stdout))
    {
      cli_error ("cannot write to standard output%s%s",
               err != 0 ? ": " : "", err != 0 ? g_strerror (err) : "");
      return EXIT_BAD_INPUT;
    }
  return code;
}

/* The same for the ways out that do not come back here: GOption's
 * --help exits by itself ("solve --help > /dev/full" said nothing and
 * exited 0: review). */
static void
stdout_at_exit (void)
{
  if (!stdout_checked && output_written (0) != 0)
    _exit (EXIT_BAD_INPUT);
}

/* Whether this run is big enough for 2 MB heap pages to pay for starting
 * the program again (hb-heap.h): a bench, a level file of 8 kB or more
 * (about 90x90 cells), or a generated level of 40,000 cells or more.
 * Measured, Flow Free in 10 colours, whole process: solving 100x100
 * 22-25 ms -> 11-14 ms, 1000x1000 210 -> 72 ms (median of 432); 50x50
 * the same either way; 30x30 and smaller about 1.2 ms slower, the start
 * again's cost. Generating: 200x200 22 ms either way, 300x300 44 -> 41
 * ms, 1000x1000 237 -> 196 ms. */
static gboolean
big_run (int argc, char **argv)
{
  if (argc >= 2 && g_str_equal (argv[1], "bench"))
    return TRUE;
  for (int i = 2; i < argc; i++)
    {
      const char *a = argv[i];
      GStatBuf st;
      unsigned w, h;

      if (g_str_has_prefix (a, "--size=") ? sscanf (a + 7, "%ux%u", &w, &h) == 2
          : g_str_equal (a, "--size") && i + 1 < argc
              && sscanf (argv[i + 1], "%ux%u", &w, &h) == 2)
        {
          if ((guint64) w * h >= 40000)
            return TRUE;
        }
      else if (a[0] != '-' && g_stat (a, &st) == 0 && S_ISREG (st.st_mode)
               && st.st_size >= 8192)
        return TRUE;
    }
  return FALSE;
}

int
main (int argc, char **argv)
{
  if (big_run (argc, argv))
    hb_heap_setup (argv);   /* may start the program again: before anything */
  hb_cli_full_remember_argv (argc, argv);
  atexit (stdout_at_exit);
  if (needs_locale (argc, argv))
    {
#ifdef HB_CLI_STATIC
      /* Locales and character sets are the shared C library's business
       * (its conversion modules load at run time): hintboard-cli-full. */
      hb_cli_full_run ();
#endif
      setlocale (LC_CTYPE, "");
      coerce_ascii_locale ();
    }
#ifdef HB_CLI_FAST
  /* Pictures in or out: the helper linked with GdkPixbuf (cli-full.c). */
  if (argc >= 2 && (g_str_equal (argv[1], "render") || g_str_equal (argv[1], "detect")
                    || (g_str_equal (argv[1], "bench") && argc >= 3
                        && g_str_equal (argv[2], "detect"))))
    hb_cli_full_run ();
#endif
  if (argc < 2)
    {
      usage (stderr);
      return EXIT_BAD_INPUT;
    }
  /* Nothing after them but "help COMMAND" ("help foo" printed the
   * commands, exit 0; "--version extra" the version: review). */
  if ((g_str_equal (argv[1], "--version") || g_str_equal (argv[1], "--help")
       || g_str_equal (argv[1], "-h")) && argc > 2)
    die_usage ("%s takes nothing after it", argv[1]);
  if (g_str_equal (argv[1], "help") && argc > 3
      && !(argc == 4 && g_str_equal (argv[2], "bench") && g_str_equal (argv[3], "detect")))
    die_usage ("help takes one COMMAND (or bench detect)");
  if (g_str_equal (argv[1], "--version"))
    {
      printf ("hintboard-cli %s\n", HB_VERSION);
      return output_written (0);
    }
  /* "help solve" is "solve --help" (it printed the commands: review). */
  /* And "help bench detect" is "bench detect --help", the one command
   * with a word of its own (it said "help takes one COMMAND": review). */
  if (g_str_equal (argv[1], "help") && (argc == 3 || argc == 4))
    for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
      if (g_str_equal (argv[2], commands[i].name))
        {
          char *help_argv[] = { argv[2], argc == 4 ? argv[3] : (char *) "--help",
                                (char *) "--help", NULL };
          return output_written (commands[i].run (argc - 1, help_argv));
        }
  /* "help help" is the commands' list, as "help" (it was "unknown
   * command 'help'": review), and so are "help --help" and "help -h"
   * (unknown command '--help'). */
  if (g_str_equal (argv[1], "help") && argc == 3 && !g_str_equal (argv[2], "help")
      && !g_str_equal (argv[2], "--help") && !g_str_equal (argv[2], "-h"))
    die_unknown_command (argv[2]);
  if (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h")
      || g_str_equal (argv[1], "help"))
    {
      usage (stdout);
      return output_written (0);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (argv[1], commands[i].name))
      return output_written (commands[i].run (argc - 1, argv + 1));
  die_unknown_command (argv[1]);
  return EXIT_BAD_INPUT;
}
