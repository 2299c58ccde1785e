/* cli-settings.c: the declared settings on the command line (--set
 * KEY=VALUE, list --settings) and render --plot. */
#include "cli-settings.h"
#include "cli-options.h"

#include "hb-plot.h"
#include "hb-registry.h"

#include <cairo-svg.h>
#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

/* The declaration lists a solver takes: its own, the common ones, and
 * count for counting solvers. */
static void
solver_lists (const HbSolver *solver, const HbSetting *lists[3])
{
  lists[0] = solver->settings;
  lists[1] = hb_common_solver_settings;
  lists[2] = (solver->flags & HB_SOLVER_COUNTS) ? hb_count_setting : NULL;
}

HbSettings *
cli_solver_settings (const HbSolver *solver, char **assignments, GError **error)
{
  g_autoptr (HbSettings) s = hb_settings_new ();
  const HbSetting *lists[3];

  solver_lists (solver, lists);
  for (int i = 0; assignments != NULL && assignments[i] != NULL; i++)
    {
      g_autoptr (GError) local = NULL;
      /* The varargs end at the first NULL: pass the present lists first. */
      const HbSetting *a = lists[0] ? lists[0] : lists[1];
      const HbSetting *b = lists[0] ? lists[1] : lists[2];
      const HbSetting *c = lists[0] ? lists[2] : NULL;

      if (!hb_settings_parse_assignment (s, assignments[i], &local, a, b, c, NULL))
        {
          g_set_error (error, local->domain, local->code, "solver %s: %s", solver->id,
                       local->message);
          return NULL;
        }
    }
  return g_steal_pointer (&s);
}

/* generate's seed as a --set too, as solve and render take it both ways
 * (generate --set seed=5 was an unknown setting). */
static const HbSetting generate_seed[] = {
  HB_SETTING_SEED_ENTRY,
  { NULL }
};

HbSettings *
cli_generate_settings (const HbGame *game, char **assignments, GError **error)
{
  g_autoptr (HbSettings) s = hb_settings_new ();

  for (int i = 0; assignments != NULL && assignments[i] != NULL; i++)
    {
      g_autoptr (GError) local = NULL;
      /* The lists end at the first NULL: a game with no settings of its
       * own gives the seed's alone. */
      if (game->generate_settings != NULL
          ? !hb_settings_parse_assignment (s, assignments[i], &local, game->generate_settings,
                                           generate_seed, NULL)
          : !hb_settings_parse_assignment (s, assignments[i], &local, generate_seed, NULL))
        {
          g_set_error (error, local->domain, local->code, "generate %s: %s", game->id,
                       local->message);
          return NULL;
        }
    }
  return g_steal_pointer (&s);
}

static void
print_list (FILE *f, const HbSetting *decls)
{
  for (gsize i = 0; decls != NULL && decls[i].key != NULL; i++)
    {
      g_autofree char *line = hb_setting_describe (&decls[i]);
      fprintf (f, "    %s\n", line);
    }
}

void
cli_print_settings (FILE *f)
{
  const HbGame *const *games = hb_registry_games ();

  fprintf (f, "every solver:\n");
  print_list (f, hb_common_solver_settings);
  fprintf (f, "    (solve and render give a solver %g s unless --time-limit or time-limit says otherwise)\n",
           CLI_DEFAULT_TIME_LIMIT);
  fprintf (f, "solvers that count solutions (marked *):\n");
  print_list (f, hb_count_setting);
  /* generate takes the seed as a --set too (it was left out here). */
  fprintf (f, "every generator (generate --set, or --seed):\n");
  print_list (f, generate_seed);
  for (int i = 0; games[i]; i++)
    {
      if (games[i]->generate_settings != NULL)
        {
          fprintf (f, "%s\tgenerate\n", games[i]->id);
          print_list (f, games[i]->generate_settings);
        }
      for (int j = 0; games[i]->solvers[j]; j++)
        {
          const HbSolver *s = games[i]->solvers[j];
          fprintf (f, "%s\t%s%s%s\n", games[i]->id, s->id,
                   (s->flags & HB_SOLVER_COUNTS) ? " *" : "",
                   (s->flags & HB_SOLVER_NO_NODE_LIMIT)
                   ? " (takes no node-limit: it does not search)" : "");
          print_list (f, s->settings);
        }
    }
}

gboolean
cli_same_file (const char *a, const char *b)
{
  GStatBuf sa, sb;

  return g_stat (a, &sa) == 0 && g_stat (b, &sb) == 0 && sa.st_dev == sb.st_dev
         && sa.st_ino == sb.st_ino;
}

gboolean
cli_name_ends (const char *name, const char *suffix)
{
  gsize n = strlen (name), k = strlen (suffix);

  return n >= k && g_ascii_strcasecmp (name + n - k, suffix) == 0;
}

#ifndef HB_CLI_FAST    /* render --plot runs in hintboard-cli-full (cli-full.c) */
gboolean
cli_write_plot (const HbTrace *trace, const char *title, const char *output,
                gboolean dark, GError **error)
{
  const double w = 800, h = 500;
  HbPlotOptions o = { dark, title, TRUE };
  gboolean svg = cli_name_ends (output, ".svg");
  g_autoptr(GByteArray) svg_bytes = NULL;
  cairo_surface_t *surface;
  gboolean ok;
  cairo_t *cr;

  if (!hb_plot_has_data (trace))
    {
      g_set_error (error, HB_SOLVE_ERROR, HB_SOLVE_ERROR_FAILED,
                   "the solver recorded no numbers to plot (only the genetic algorithms, "
                   "Flow Free's ga-paths and ga-cells, have a fitness plot)");
      return FALSE;
    }
  surface = cli_surface_new (svg, w, h, &svg_bytes);
  cr = cairo_create (surface);
  hb_plot_render (trace, cr, 0, 0, w, h, &o);
  cairo_destroy (cr);
  /* Written beside the output and renamed, so a failed write leaves any
   * old file as it was. */
  ok = cli_write_surface (surface, svg_bytes, output, error);
  cairo_surface_destroy (surface);
  return ok;
}
#endif

static int stdout_errno;

void
cli_puts (const char *text)
{
  errno = 0;
  if (fputs (text, stdout) == EOF && stdout_errno == 0)
    stdout_errno = errno;
}

int
cli_stdout_errno (void)
{
  return stdout_errno;
}

void
cli_error (const char *format, ...)
{
  va_list ap;
  g_autofree char *text = NULL, *safe = NULL;

  va_start (ap, format);
  text = g_strdup_vprintf (format, ap);
  va_end (ap);
  safe = hb_escape_for_message (text);
  fprintf (stderr, "hintboard-cli: %s\n", safe);
}

void
cli_option_error (const char *command, const char *message)
{
  g_autofree char *safe = hb_escape_for_message (message);
  g_autofree char *cmd = hb_escape_for_message (command);

  if (g_ascii_isupper (safe[0]))
    safe[0] = g_ascii_tolower (safe[0]);
  fprintf (stderr, "hintboard-cli: %s: %s\nTry 'hintboard-cli %s --help'.\n", cmd, safe, cmd);
}

char *
cli_check_options (int *argc, char ***argv, const GOptionEntry *const *sets,
                   const char *(*range) (const char *name), gboolean *unknown_option)
{
  const char *name, *text = NULL;

  *unknown_option = FALSE;
  if ((name = cli_split_short_values (argc, argv, sets)) != NULL)
    {
      *unknown_option = TRUE;
      return g_strdup_printf ("unknown option %s (%.2s, the help, goes alone)", name, name);
    }
  if ((name = cli_repeated_option (*argc, *argv, sets)) != NULL)
    return g_strdup_printf ("--%s is given twice: give it once", name);
  if ((name = cli_flag_with_value (*argc, *argv, sets, &text)) != NULL)
    return g_strdup_printf ("--%s takes no value, not '%s': give --%s alone, or leave it out",
                            name, text, name);
  if ((name = cli_decimal_options (*argc, *argv, sets, &text)) != NULL)
    return g_strdup_printf ("--%s takes a decimal number, not '%s'", name, text);
  /* What GOption cannot read ("abc", "1.5", 99999999999) is said as a
   * number out of range is: it said "cannot parse integer value", not
   * what the option takes. */
  /* A number with a unit after it ("5s", "40px"): the unit is said to
   * be what is wrong (it said the range alone, which 5 is in). */
  if ((name = cli_unreadable_number (*argc, *argv, sets, &text)) != NULL)
    return g_strdup_printf ("--%s takes %s%s, not '%s'", name, range (name),
                            cli_has_unit (text) ? ", without a unit" : "", text);
  return NULL;
}

/* Which of `sets` `arg` names, or NULL; *attached says whether its value
 * is in the same word ("--solver=sat", "-oX"). */
static const GOptionEntry *
option_named (const GOptionEntry *const *sets, const char *arg, gboolean *attached)
{
  for (int t = 0; sets[t] != NULL; t++)
    for (const GOptionEntry *e = sets[t]; e->long_name != NULL; e++)
      {
        gsize len = strlen (e->long_name);

        if (g_str_has_prefix (arg, "--") && strncmp (arg + 2, e->long_name, len) == 0
            && (arg[2 + len] == '\0' || arg[2 + len] == '='))
          {
            *attached = arg[2 + len] == '=';
            return e;
          }
        if (e->short_name != 0 && arg[0] == '-' && arg[1] == e->short_name)
          {
            *attached = arg[2] != '\0';
            return e;
          }
      }
  return NULL;
}

const char *
cli_repeated_option (int argc, char **argv, const GOptionEntry *const *sets)
{
  g_autoptr(GPtrArray) seen = g_ptr_array_new ();

  for (int i = 1; i < argc && !g_str_equal (argv[i], "--"); i++)
    {
      gboolean attached = FALSE;
      const GOptionEntry *e = argv[i][0] == '-' ? option_named (sets, argv[i], &attached) : NULL;

      if (e == NULL || e->arg == G_OPTION_ARG_NONE || e->arg == G_OPTION_ARG_CALLBACK)
        continue;
      if (!attached)
        i++;   /* its value */
      if (e->arg == G_OPTION_ARG_STRING_ARRAY || e->arg == G_OPTION_ARG_FILENAME_ARRAY)
        continue;
      /* By where it stores: --colours 3 --colors 4 kept the 4, unsaid. */
      for (guint k = 0; k < seen->len; k++)
        {
          const GOptionEntry *first = g_ptr_array_index (seen, k);
          if (first->arg_data == e->arg_data)
            return first->long_name;
        }
      g_ptr_array_add (seen, (gpointer) e);
    }
  return NULL;
}

const char *
cli_flag_with_value (int argc, char **argv, const GOptionEntry *const *sets, const char **word)
{
  for (int i = 1; i < argc && !g_str_equal (argv[i], "--"); i++)
    {
      gboolean attached = FALSE;
      const GOptionEntry *e = argv[i][0] == '-' ? option_named (sets, argv[i], &attached) : NULL;

      if (e == NULL)
        continue;
      if (e->arg == G_OPTION_ARG_NONE)
        {
          if (attached && argv[i][1] == '-')
            {
              *word = argv[i];
              return e->long_name;
            }
        }
      else if (!attached)
        i++;   /* its value */
    }
  return NULL;
}

/* The option of one value of `sets` that argv[*i] names, with its value
 * in *value (in the same word, or the next, *i moved onto it); NULL when
 * argv[*i] is no such option, or (*missing set) when its value is not
 * there, which GOption says. */
static const GOptionEntry *
option_value (const GOptionEntry *const *sets, int argc, char **argv, int *i, char **value,
              gboolean *missing)
{
  gboolean attached = FALSE;
  const char *arg = argv[*i];
  const GOptionEntry *e = arg[0] == '-' ? option_named (sets, arg, &attached) : NULL;

  *missing = FALSE;
  if (e == NULL || e->arg == G_OPTION_ARG_NONE || e->arg == G_OPTION_ARG_CALLBACK)
    return NULL;
  if (attached)
    *value = arg[1] == '-' ? strchr (argv[*i], '=') + 1 : argv[*i] + 2;
  else if (++*i < argc)
    *value = argv[*i];
  else
    {
      *missing = TRUE;
      return NULL;
    }
  return e;
}

char *
cli_unreadable_value (int argc, char **argv, const GOptionEntry *const *sets)
{
  const char *charset;

  g_get_charset (&charset);
  for (int i = 1; i < argc && !g_str_equal (argv[i], "--"); i++)
    {
      const char *typed = argv[i];
      gboolean missing;
      char *value = NULL;
      const GOptionEntry *e = option_value (sets, argc, argv, &i, &value, &missing);
      g_autofree char *text = NULL;

      if (missing)
        break;
      /* Only text options' values are taken to UTF-8: a file's name (a
       * level named after the flag before it, --output's) is read as it
       * is, and was said to be the flag's unreadable value. */
      if (e == NULL || (e->arg != G_OPTION_ARG_STRING && e->arg != G_OPTION_ARG_STRING_ARRAY))
        continue;
      text = g_locale_to_utf8 (value, -1, NULL, NULL, NULL);
      if (text == NULL)
        {
          const char *eq = strchr (typed, '=');
          g_autofree char *name = typed[1] == '-' ? g_strndup (typed, eq != NULL ? (gsize) (eq - typed)
                                                                                  : strlen (typed))
                                                  : g_strndup (typed, 2);

          return g_strdup_printf ("%s takes text in %s, not '%s'", name, charset, value);
        }
    }
  return NULL;
}

gboolean
cli_is_hexadecimal (const char *value)
{
  const char *digits = value + (value[0] == '-' || value[0] == '+');

  return digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X');
}

gboolean
cli_has_unit (const char *value)
{
  gsize k = value[0] == '-' || value[0] == '+', digits = strspn (value + k, "0123456789.");

  if (digits == 0 || strspn (value + k, "0123456789") == 0)
    return FALSE;
  k += digits;
  return value[k] != '\0'
         && strspn (value + k, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
            == strlen (value + k);
}

const char *
cli_decimal_options (int argc, char **argv, const GOptionEntry *const *sets, const char **text)
{
  for (int i = 1; i < argc && !g_str_equal (argv[i], "--"); i++)
    {
      gboolean missing;
      char *value = NULL, *digits;
      const GOptionEntry *e = option_value (sets, argc, argv, &i, &value, &missing);

      if (missing)
        break;
      if (e == NULL)
        continue;
      if (e->arg != G_OPTION_ARG_INT && e->arg != G_OPTION_ARG_DOUBLE)
        continue;
      digits = value + (value[0] == '-' || value[0] == '+');
      /* Hexadecimal, blanks, a decimal comma or nothing: no decimal
       * number ("5 ", "1,5" and "" said the range; "40px" is no
       * hexadecimal, its unit is said later). */
      if (cli_is_hexadecimal (value) || strpbrk (value, " ,\t\n\r\v\f") != NULL
          || value[0] == '\0')
        {
          *text = value;
          return e->long_name;
        }
      if (e->arg == G_OPTION_ARG_INT && digits[0] == '0'
          && strspn (digits, "0123456789") == strlen (digits))
        {
          gsize zeros = strspn (digits, "0");

          if (digits[zeros] == '\0')
            zeros--;   /* "000" is 0 */
          memmove (digits, digits + zeros, strlen (digits + zeros) + 1);
        }
    }
  return NULL;
}

const char *
cli_unreadable_number (int argc, char **argv, const GOptionEntry *const *sets, const char **text)
{
  for (int i = 1; i < argc && !g_str_equal (argv[i], "--"); i++)
    {
      gboolean missing, ok;
      char *value = NULL, *end = NULL;
      const char *digits;
      const GOptionEntry *e = option_value (sets, argc, argv, &i, &value, &missing);

      if (missing)
        break;
      if (e == NULL)
        continue;
      errno = 0;
      if (e->arg == G_OPTION_ARG_INT)
        {
          /* Digits only, with a sign: strtoll takes blanks first. */
          gint64 n;

          digits = value + (value[0] == '-' || value[0] == '+');
          n = g_ascii_strtoll (value, &end, 10);
          ok = digits[0] != '\0' && strspn (digits, "0123456789") == strlen (digits)
               && errno == 0 && n >= G_MININT && n <= G_MAXINT;
        }
      else if (e->arg == G_OPTION_ARG_DOUBLE)
        {
          g_ascii_strtod (value, &end);
          ok = end != value && *end == '\0' && errno == 0;
        }
      else
        continue;
      if (!ok)
        {
          *text = value;
          return e->long_name;
        }
    }
  return NULL;
}

void
cli_drop_end_of_options (int *argc, char **argv)
{
  for (int i = 1; i < *argc; i++)
    if (g_str_equal (argv[i], "--"))
      {
        memmove (&argv[i], &argv[i + 1], (gsize) (*argc - i) * sizeof (char *));
        (*argc)--;
        break;
      }
}

void
cli_error_lines (const char *name, const char *message)
{
  g_auto(GStrv) lines = g_strsplit (message, "\n", -1);
  g_autofree char *safe_name = hb_escape_for_message (name);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autofree char *safe = hb_escape_for_message (lines[i]);
      if (i == 0)
        fprintf (stderr, "hintboard-cli: %s: %s\n", safe_name, safe);
      else
        fprintf (stderr, "%s\n", safe);
    }
}
