#include "hb-registry.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* The games, from the one list in src/games/meson.build (a game is in
 * hb-games-list.h when its folder is built). */
#define HB_GAME(id) extern const HbGame id##_game;
#include "hb-games-list.h"
#undef HB_GAME

static const HbGame *const games[] = {
#define HB_GAME(id) &id##_game,
#include "hb-games-list.h"
#undef HB_GAME
  NULL,
};

const HbGame *const *
hb_registry_games (void)
{
  return games;
}

const HbGame *
hb_registry_find_game (const char *id)
{
  for (int i = 0; games[i]; i++)
    if (g_str_equal (games[i]->id, id))
      return games[i];
  return NULL;
}

const HbGame *
hb_registry_game_for_filename (const char *filename)
{
  const char *dot;

  if (filename == NULL)
    return NULL;
  dot = strrchr (filename, '.');
  if (dot == NULL || strchr (dot, '/') != NULL)
    return NULL;
  for (int i = 0; games[i]; i++)
    if (g_ascii_strcasecmp (games[i]->extension, dot) == 0)
      return games[i];
  return NULL;
}

const HbGame *
hb_registry_sniff (const char *text, gsize len)
{
  const HbGame *found = NULL;

  for (int i = 0; games[i]; i++)
    if (games[i]->sniff != NULL && games[i]->sniff (text, len))
      {
        if (found != NULL)
          return NULL;   /* two games claim it: not unique */
        found = games[i];
      }
  return found;
}

HbState *
hb_registry_parse (const HbGame *game, const char *display_name,
                   const char *text, gsize len, GError **error)
{
  GError *local = NULL;
  HbState *state;

  if (display_name == NULL)
    display_name = "-";
  if (game == NULL)
    game = hb_registry_game_for_filename (display_name);
  if (game == NULL)
    game = hb_registry_sniff (text, len);
  if (game == NULL)
    {
      GString *known = g_string_new (NULL);
      g_autofree char *msg = NULL;

      for (int i = 0; games[i]; i++)
        g_string_append_printf (known, "%s%s", i ? ", " : "", games[i]->extension);
      /* TRANSLATORS: --game is the command line option and %s the file
       * name extensions (".lights, .loop, .flood"): keep them */
      msg = g_strdup_printf (_("cannot tell which game this is; name it with --game "
                               "or give the file a game's extension (%s)"), known->str);
      g_set_error (error, HB_PARSE_ERROR, HB_PARSE_ERROR_FORMAT, "%s:1:1: %s",
                   display_name, msg);
      g_string_free (known, TRUE);
      return NULL;
    }
  if (!hb_check_text (text, len, &local))
    {
      g_set_error (error, local->domain, local->code, "%s:%s", display_name, local->message);
      g_error_free (local);
      return NULL;
    }
  state = game->parse (text, len, &local);
  if (state == NULL)
    {
      g_set_error (error, local->domain, local->code, "%s:%s", display_name, local->message);
      g_error_free (local);
    }
  return state;
}

gboolean
hb_read_input (const char *path, char **contents, gsize *len, GError **error)
{
  if (g_strcmp0 (path, "-") == 0)
    {
      GString *s = g_string_new (NULL);
      char buf[65536];
      size_t n;

      while ((n = fread (buf, 1, sizeof buf, stdin)) > 0)
        {
          if (s->len + n > HB_MAX_FILE_BYTES)
            {
              g_autofree char *msg = NULL;

              g_string_free (s, TRUE);
              /* TRANSLATORS: MiB is mebibytes */
              msg = g_strdup_printf (_("standard input is larger than %u MiB"),
                                     HB_MAX_FILE_BYTES >> 20);
              g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "-: %s", msg);
              return FALSE;
            }
          g_string_append_len (s, buf, n);
        }
      *len = s->len;
      *contents = g_string_free (s, FALSE);
      return TRUE;
    }
  else
    {
      GStatBuf st;
      if (g_stat (path, &st) == 0 && S_ISREG (st.st_mode)
          && (guint64) st.st_size > HB_MAX_FILE_BYTES)
        {
          /* TRANSLATORS: MiB is mebibytes */
          g_autofree char *msg = g_strdup_printf (_("the file is larger than %u MiB"),
                                                  HB_MAX_FILE_BYTES >> 20);
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "%s: %s", path, msg);
          return FALSE;
        }
      if (g_stat (path, &st) == 0 && S_ISDIR (st.st_mode))
        {
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR, "%s: %s", path,
                       /* TRANSLATORS: said of a path given as a level file */
                       _("is a folder, not a level file"));
          return FALSE;
        }
      return g_file_get_contents (path, contents, len, error);
    }
}

HbState *
hb_registry_load (const HbGame *game, const char *path, GError **error)
{
  char *text = NULL;
  gsize len = 0;
  HbState *state;

  if (!hb_read_input (path, &text, &len, error))
    return NULL;
  state = hb_registry_parse (game, path, text, len, error);
  g_free (text);
  return state;
}

gboolean
hb_write_atomic (const char *path, const char *contents, gsize len, GError **error)
{
  /* g_file_set_contents writes a temporary file beside the target, fsyncs
   * it where needed and renames it over the target. */
  return g_file_set_contents_full (path, contents, len,
                                   G_FILE_SET_CONTENTS_CONSISTENT
                                   | G_FILE_SET_CONTENTS_DURABLE,
                                   0644, error);
}
