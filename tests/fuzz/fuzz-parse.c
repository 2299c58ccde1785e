/* fuzz-parse: a libFuzzer target for the level readers.
 *
 * Built once per game in the registry (HB_FUZZ_GAME, from the list in
 * src/games/meson.build, so a game added there is fuzzed with no change
 * here): that game's parse, every format and game ID it reads. Without
 * HB_FUZZ_GAME the target reads as the registry does when the game is not
 * named (sniffing, then the one game that claims the text).
 *
 * Beyond "no crash, no sanitizer report", every level read must write
 * in each format the game writes and read back: as the same level in the
 * game's own format, as the same text written again in the others (which
 * may hold less: a Tatham ID holds no moves played), and the form the
 * app's Save would write it back in (hb_text_format) must hold it whole.
 * A parse that fails must say why, in valid UTF-8. Anything broken is an
 * abort(): a finding.
 *
 * fuzz-replay.c runs the same function over files without libFuzzer, so
 * the regression files in tests/fuzz/regressions/ run in every build. */
#include "fuzz-parse.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void
finding (const char *what, const HbGame *game, HbWriteFormat format, const char *detail)
{
  fprintf (stderr, "fuzz-parse: %s (game %s, format %d): %s\n", what,
           game ? game->id : "-", (int) format, detail ? detail : "");
  abort ();
}

void
hb_fuzz_one (const HbGame *game, const guint8 *data, gsize size)
{
  static const HbWriteFormat formats[] = {
    HB_WRITE_NATIVE, HB_WRITE_COMPACT, HB_WRITE_TATHAM, HB_WRITE_JSON,
  };
  GError *error = NULL;
  HbState *s;

  s = hb_registry_parse (game, "fuzz", (const char *) data, size, &error);
  if (s == NULL)
    {
      if (error == NULL || error->message == NULL || error->message[0] == '\0')
        finding ("a parse failed without saying why", game, HB_WRITE_NATIVE, NULL);
      if (!g_utf8_validate (error->message, -1, NULL))
        finding ("an error message is not valid UTF-8", game, HB_WRITE_NATIVE, NULL);
      g_error_free (error);
      return;
    }
  if (s->width < 1 || s->height < 1 || s->width > HB_MAX_SIDE || s->height > HB_MAX_SIDE)
    finding ("a level of impossible size", s->game, HB_WRITE_NATIVE, NULL);
  /* Large boards are read, but round trips stay on small ones so that a
   * run covers many inputs. */
  if ((gsize) s->width * s->height <= 4096)
    for (gsize f = 0; f < G_N_ELEMENTS (formats); f++)
      {
        GError *werr = NULL, *rerr = NULL;
        char *text = s->game->write (s, formats[f], &werr);
        HbState *back;

        if (text == NULL)
          {
            g_clear_error (&werr);   /* a format the game does not write */
            continue;
          }
        back = s->game->parse (text, strlen (text), &rerr);
        if (back == NULL)
          finding ("what was written does not read back", s->game, formats[f],
                   rerr ? rerr->message : NULL);
        /* The game's own format holds the whole level; another (a Tatham
         * ID holds no moves played) may hold less, but then what it holds
         * is stable: written again, the same text. */
        if (formats[f] == HB_WRITE_NATIVE)
          {
            if (s->game->equal != NULL && !s->game->equal (s, back))
              finding ("what was written reads back as another level", s->game, formats[f],
                       text);
          }
        else
          {
            char *again = s->game->write (back, formats[f], &werr);
            if (again == NULL || strcmp (again, text) != 0)
              finding ("what was written, read and written again changed", s->game,
                       formats[f], again ? again : text);
            g_free (again);
            g_clear_error (&werr);
          }
        hb_state_free (back);
        g_free (text);
      }
  /* The form the app's Save writes the level back in (hb_text_format)
   * holds the whole level: written in it and read back, the same level. */
  if ((gsize) s->width * s->height <= 4096)
    {
      HbWriteFormat format = hb_text_format (s, (const char *) data, size);
      char *text = s->game->write (s, format, NULL);
      HbState *back = text != NULL ? s->game->parse (text, strlen (text), NULL) : NULL;

      if (back == NULL)
        finding ("the file's own form does not write the level", s->game, format, text);
      if (s->game->equal != NULL && !s->game->equal (s, back))
        finding ("the file's own form reads back as another level", s->game, format, text);
      hb_state_free (back);
      g_free (text);
    }
  hb_state_free (s);
}

#ifdef HB_FUZZ_LIBFUZZER
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static const HbGame *game;
  static gboolean looked;

  if (!looked)
    {
#ifdef HB_FUZZ_GAME
      game = hb_registry_find_game (HB_FUZZ_GAME);
      if (game == NULL)
        {
          fprintf (stderr, "fuzz-parse: no game %s in the registry\n", HB_FUZZ_GAME);
          abort ();
        }
#endif
      looked = TRUE;
    }
  hb_fuzz_one (game, data, size);
  return 0;
}
#endif
