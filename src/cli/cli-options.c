/* cli-options.c: argv made ready for GOption (cli-options.h). */
#include "cli-options.h"

#include <string.h>

/* Whether e wants a value (a callback may be a flag). */
static gboolean
takes_value (const GOptionEntry *e)
{
  return e->arg != G_OPTION_ARG_NONE
         && !(e->arg == G_OPTION_ARG_CALLBACK && (e->flags & G_OPTION_FLAG_NO_ARG));
}

/* The entry of `sets` that the long option `arg` ("--name", "--name=V")
 * names, else NULL; *attached says whether its value is in the word. */
static const GOptionEntry *
long_option (const GOptionEntry *const *sets, const char *arg, gboolean *attached)
{
  for (int t = 0; sets[t] != NULL; t++)
    for (const GOptionEntry *e = sets[t]; e->long_name != NULL; e++)
      {
        gsize len = strlen (e->long_name);

        if (strncmp (arg + 2, e->long_name, len) == 0
            && (arg[2 + len] == '\0' || arg[2 + len] == '='))
          {
            *attached = arg[2 + len] == '=';
            return e;
          }
      }
  return NULL;
}

/* The entry of `sets` whose short name is c, else NULL. */
static const GOptionEntry *
short_option (const GOptionEntry *const *sets, char c)
{
  for (int t = 0; sets[t] != NULL; t++)
    for (const GOptionEntry *e = sets[t]; e->long_name != NULL; e++)
      if (e->short_name != 0 && e->short_name == c)
        return e;
  return NULL;
}

/* The arrays and words cli_split_short_values made: GOption keeps
 * pointers into them until the process ends. */
static GPtrArray *split_kept;

const char *
cli_split_short_values (int *argc, char ***argv, const GOptionEntry *const *sets)
{
  g_autoptr(GPtrArray) out = g_ptr_array_new ();
  gboolean split = FALSE, value_next = FALSE, ended = FALSE;
  const char *glued_help = NULL;

  for (int i = 0; i < *argc; i++)
    {
      char *arg = (*argv)[i];

      g_ptr_array_add (out, arg);
      if (i == 0 || ended || value_next || arg[0] != '-' || arg[1] == '\0')
        {
          value_next = FALSE;
          continue;
        }
      if (g_str_equal (arg, "--"))
        ended = TRUE;
      else if (arg[1] == '-')
        {
          /* "--name V": V is its value, whatever it looks like. */
          gboolean attached = FALSE;
          const GOptionEntry *e = long_option (sets, arg, &attached);

          value_next = e != NULL && takes_value (e) && !attached
                       && !(e->flags & G_OPTION_FLAG_OPTIONAL_ARG);
        }
      else
        for (int k = 1; arg[k] != '\0'; k++)
          {
            const GOptionEntry *e = short_option (sets, arg[k]);

            if (e == NULL)
              {
                /* GOption's to refuse, but for its help: -h or -? with
                 * anything else in the word ("-h5", "-hg") printed the
                 * help, exit 0. */
                if ((arg[k] == 'h' || arg[k] == '?') && (k > 1 || arg[k + 1] != '\0')
                    && glued_help == NULL)
                  glued_help = arg;
                break;
              }
            if (!takes_value (e))
              continue;
            if (arg[k + 1] == '\0')
              value_next = !(e->flags & G_OPTION_FLAG_OPTIONAL_ARG);
            else
              {
                /* "-r5": "-r" and "5". */
                char *head = g_strndup (arg, (gsize) k + 1), *value = g_strdup (arg + k + 1);

                if (split_kept == NULL)
                  split_kept = g_ptr_array_new ();
                g_ptr_array_add (split_kept, head);
                g_ptr_array_add (split_kept, value);
                out->pdata[out->len - 1] = head;
                g_ptr_array_add (out, value);
                split = TRUE;
              }
            break;
          }
    }
  if (!split)
    return glued_help;
  g_ptr_array_add (out, NULL);
  *argc = (int) out->len - 1;
  *argv = (char **) g_ptr_array_steal (out, NULL);
  g_ptr_array_add (split_kept, *argv);
  return glued_help;
}
