#include "hb-registry.h"
#include "hb-save.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <unistd.h>
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
  /* Any case, as the file extensions: "--game Flow" is flow. The ids
   * are ASCII and differ in more than case. */
  for (int i = 0; games[i]; i++)
    if (g_ascii_strcasecmp (games[i]->id, id) == 0)
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
    if (g_ascii_strcasecmp (games[i]->extension, dot) == 0
        || (games[i]->reads_json && g_ascii_strcasecmp (dot, ".json") == 0))
      return games[i];
  return NULL;
}

char *
hb_registry_filename_for_game (const char *name, const HbGame *game)
{
  const char *dot = strrchr (name, '.');

  if (hb_registry_game_for_filename (name) == game)
    return g_strdup (name);
  if (dot == NULL || dot == name || strchr (dot, '/') != NULL)
    return g_strconcat (name, game->extension, NULL);
  return g_strdup_printf ("%.*s%s", (int) (dot - name), name, game->extension);
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

/* Whether the text reads as UTF-16 with no byte-order mark: its first
 * code units (up to 64) all ASCII and none NUL, one byte of each zero,
 * always the same one. As UTF-8 that text was "contains a NUL byte" at
 * 1:2, which did not say what to do. */
static gboolean
utf16_without_bom (const char *text, gsize len)
{
  gsize n = MIN (len, 128) & ~(gsize) 1;

  if (n < 4)
    return FALSE;
  for (int zero = 0; zero < 2; zero++)
    {
      gsize i;

      for (i = 0; i < n; i += 2)
        {
          guchar z = (guchar) text[i + zero], c = (guchar) text[i + 1 - zero];
          if (z != 0 || c == 0 || c >= 0x80)
            break;
        }
      if (i == n)
        return TRUE;
    }
  return FALSE;
}

/* Whether the text reads as UTF-32 with no byte-order mark: its first
 * code units (up to 32) all ASCII and none NUL, three bytes of each zero,
 * the ASCII byte always first (little-endian) or always last. It was "the
 * text contains a NUL byte" (review), as UTF-16's was. */
static gboolean
utf32_without_bom (const char *text, gsize len)
{
  gsize n = MIN (len, 128) & ~(gsize) 3;

  if (n < 8)
    return FALSE;
  for (int at = 0; at < 4; at += 3)
    {
      gsize i;

      for (i = 0; i < n; i += 4)
        {
          guchar c = (guchar) text[i + at];
          gboolean zeros = TRUE;

          for (int k = 0; k < 4; k++)
            if (k != at && text[i + k] != 0)
              zeros = FALSE;
          if (!zeros || c == 0 || c >= 0x80)
            break;
        }
      if (i == n)
        return TRUE;
    }
  return FALSE;
}

/* A UTF-8 byte-order mark (Windows editors write one) is no content: every
 * reading of a level's text starts past it. */
static void
skip_bom (const char **text, gsize *len)
{
  if (*len >= 3 && memcmp (*text, "\xef\xbb\xbf", 3) == 0)
    {
      *text += 3;
      *len -= 3;
    }
}

gboolean
hb_registry_may_read_as (const HbGame *game, const char *text, gsize len)
{
  gboolean claimed = FALSE;

  skip_bom (&text, &len);
  for (int i = 0; games[i]; i++)
    if (games[i]->sniff != NULL && games[i]->sniff (text, len))
      {
        if (games[i] == game)
          return TRUE;
        claimed = TRUE;
      }
  return !claimed;
}

/* Whether `game` reads text as its level though its sniff leaves it to
 * another game (texts up to 64 KiB: such a board has at most six marks). */
static gboolean
game_yields (const HbGame *game, const char *text, gsize len)
{
  skip_bom (&text, &len);
  return game != NULL && game->sniff_yields != NULL && len <= 64 * 1024
         && hb_check_text (text, len, NULL) && game->sniff_yields (text, len);
}

const HbGame *
hb_registry_also_read_by (const HbGame *read_as, const char *text, gsize len)
{
  for (int i = 0; games[i]; i++)
    if (games[i] != read_as && game_yields (games[i], text, len))
      return games[i];
  return NULL;
}

gboolean
hb_registry_yields (const HbGame *game, const char *name, const char *text, gsize len)
{
  return hb_registry_game_for_filename (name) == NULL && game_yields (game, text, len);
}

char *
hb_registry_extensions (void)
{
  GString *known = g_string_new (NULL);

  for (int i = 0; games[i]; i++)
    g_string_append_printf (known, "%s%s", i ? ", " : "", games[i]->extension);
  return g_string_free (known, FALSE);
}

char *
hb_escape_for_message (const char *text)
{
  GString *out = g_string_new (NULL);
  const char *p = text, *end = text + strlen (text);

  while (p < end)
    {
      gunichar u = g_utf8_get_char_validated (p, end - p);

      if (u == (gunichar) -1 || u == (gunichar) -2)
        {
          g_string_append_printf (out, "\\x%02x", (guchar) *p);
          p++;
          continue;
        }
      if (u == '\t')
        g_string_append (out, "\\t");
      else if (u == '\r')
        g_string_append (out, "\\r");
      else if (u == '\n')
        g_string_append (out, "\\n");
      else if (u < 0x20 || u == 0x7f)
        g_string_append_printf (out, "\\x%02x", (guint) u);
      else if ((u >= 0x80 && u < 0xa0) || g_unichar_type (u) == G_UNICODE_FORMAT)
        /* C1 controls, and format characters such as U+202E (right-to-left
         * override), which would reorder the rest of the line. */
        g_string_append_printf (out, "\\u%04x", (guint) u);
      else
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
      p = g_utf8_next_char (p);
    }
  return g_string_free (out, FALSE);
}

/* Where a reader would look first: the line and column (from 1) of the
 * first mark that is neither blank nor on a comment line ("# …"), 1:1 in
 * a text of none. "cannot tell which game this is" pointed at 1:1 on a
 * file whose line 1 was a comment (review). Columns count characters (a
 * UTF-8 lead byte or an ASCII byte each). */
void
hb_text_first_mark (const char *text, gsize len, guint *line, guint *column)
{
  const char *p = text, *end;
  guint at = 1;

  /* Past a byte-order mark, as every reader starts (the app's message
   * said 1:1 where the command line's said 2:1: review). */
  skip_bom (&p, &len);
  end = p + len;
  while (p < end)
    {
      const char *nl = memchr (p, '\n', (gsize) (end - p));
      const char *stop = nl != NULL ? nl : end;
      const char *q = p;

      while (q < stop && g_ascii_isspace (*q))
        q++;
      if (q < stop && *q != '#')
        {
          guint col = 1;

          for (const char *r = p; r < q; r++)
            col += ((guchar) *r & 0xc0) != 0x80;
          *line = at;
          *column = col;
          return;
        }
      at++;
      p = nl != NULL ? nl + 1 : end;
    }
  *line = 1;
  *column = 1;
}

/* Sets error to "NAME:message" with control characters and invalid UTF-8
 * (in the name or the quoted input) shown escaped. */
static void
set_named_error (GError **error, const GError *local, const char *name)
{
  g_autofree char *safe_name = hb_escape_for_message (name);
  g_autofree char *safe = hb_escape_for_message (local->message);

  g_set_error (error, local->domain, local->code, "%s:%s", safe_name, safe);
}

/* The game whose level the text would be without its blank lines, or
 * NULL: a blank line between the rows made every reader refuse to claim
 * it, "cannot tell which game this is", where the game's own reader says
 * "line 2: a blank line …" (review: "A.A", "", "B.B" on standard input).
 * That game then reads the text as it is and says what is wrong. */
static const HbGame *
game_but_for_blank_lines (const char *text, gsize len)
{
  g_autoptr (GString) kept = g_string_sized_new (len);
  gboolean blank_inside = FALSE, seen = FALSE, pending = FALSE;
  const char *p = text, *end = text + len;

  while (p < end)
    {
      const char *nl = memchr (p, '\n', (gsize) (end - p));
      const char *stop = nl != NULL ? nl : end;
      gboolean blank = TRUE;

      for (const char *q = p; q < stop && blank; q++)
        blank = g_ascii_isspace (*q);
      if (blank)
        pending = seen;
      else
        {
          blank_inside = blank_inside || pending;
          pending = FALSE;
          seen = TRUE;
          g_string_append_len (kept, p, stop - p);
          g_string_append_c (kept, '\n');
        }
      p = nl != NULL ? nl + 1 : end;
    }
  return blank_inside ? hb_registry_sniff (kept->str, kept->len) : NULL;
}

/* For a text that no game claims but whose first line begins as a Simon
 * Tatham game ID does ("5x5:…"): what each game that reads such IDs says
 * of it ("as Infinite Loop (a Net ID), 1:29: a 5×5 Net board has 25
 * tiles, the ID gives 24"), joined by "; ", or NULL. A broken ID in a
 * file without a game's extension said only "cannot tell which game this
 * is" (review). */
static char *
tatham_reasons (const char *text, gsize len)
{
  gsize k = 0, digits = 0;
  GString *out;

  while (k < len && g_ascii_isspace (text[k]))
    k++;
  for (; k < len && g_ascii_isdigit (text[k]); k++)
    digits++;
  if (digits == 0 || k >= len || text[k] != 'x')
    return NULL;
  /* Up to the colon, no blank: "WxH:" or "WxHparams:". */
  for (k++; k < len && text[k] != ':' && !g_ascii_isspace (text[k]); k++)
    ;
  if (k >= len || text[k] != ':')
    return NULL;
  /* Text that is no text (a NUL, bad UTF-8) gets the one reason every
   * reader would give, below. */
  if (!hb_check_text (text, len, NULL))
    return NULL;
  out = g_string_new (NULL);
  for (int i = 0; games[i]; i++)
    if (games[i]->tatham_name != NULL)
      {
        GError *local = NULL;
        HbState *s = games[i]->parse (text, len, &local);

        if (s != NULL)
          {
            /* A game reads it after all, though its sniff passed it by:
             * "no game reads it" would be wrong; which game it is stays
             * the question. */
            hb_state_free (s);
            g_string_free (out, TRUE);
            return NULL;
          }
        if (out->len > 0)
          g_string_append (out, "; ");
        /* TRANSLATORS: one game's reason in a list: "as Infinite Loop (a
         * Net ID), 1:29: the ID is too short" */
        g_string_append_printf (out, _("as %s (a %s ID), %s"), _(games[i]->name),
                                games[i]->tatham_name, local->message);
        g_error_free (local);
      }
  return g_string_free (out, out->len == 0);
}

HbState *
hb_registry_parse (const HbGame *game, const char *display_name,
                   const char *text, gsize len, GError **error)
{
  GError *local = NULL;
  HbState *state;

  if (display_name == NULL)
    display_name = "-";
  skip_bom (&text, &len);
  /* A screenshot given where a level was wanted: "cannot tell which game
   * this is", or under a level's name "not valid UTF-8", did not say
   * what to do (the app reads pictures before they get here). */
  /* (A PNG, JPEG or WebP: what detect reads.) */
  if (hb_image_type_of (text, len) != NULL || hb_image_cut_in_signature (text, len))
    {
      g_autofree char *safe_name = hb_escape_for_message (display_name);
      /* At 1:1, as every reader's error is placed (a lone byte of a
       * signature, a picture cut inside it, comes up in the fuzzing). */
      g_set_error (error, HB_PARSE_ERROR, HB_PARSE_ERROR_FORMAT, "%s:1:1: %s", safe_name,
                   _("a picture, not a level file: `hintboard-cli detect` reads the "
                     "board in a screenshot, and the app opens pictures"));
      return NULL;
    }
  /* UTF-16, as Windows' Notepad ("Unicode") and PowerShell's `>` write
   * it, told by its byte-order mark (never valid UTF-8): it was "not
   * valid UTF-8" at 1:1, or "cannot tell which game this is"; or, with
   * no mark, by its zero bytes (utf16_without_bom). UTF-32 first: its
   * little-endian mark starts as UTF-16's does (it was called UTF-16:
   * review). */
  {
    const char *why = NULL;

    if (len >= 4
        && (memcmp (text, "\xff\xfe\0\0", 4) == 0 || memcmp (text, "\0\0\xfe\xff", 4) == 0
            || utf32_without_bom (text, len)))
      why = _("the text is UTF-32; levels are read as UTF-8: save the file as UTF-8");
    else if ((len >= 2 && (((guchar) text[0] == 0xff && (guchar) text[1] == 0xfe)
                           || ((guchar) text[0] == 0xfe && (guchar) text[1] == 0xff)))
             || utf16_without_bom (text, len))
      why = _("the text is UTF-16; levels are read as UTF-8: save the file as UTF-8");
    if (why != NULL)
      {
        g_autofree char *safe_name = hb_escape_for_message (display_name);
        g_set_error (error, HB_PARSE_ERROR, HB_PARSE_ERROR_FORMAT, "%s:1:1: %s", safe_name, why);
        return NULL;
      }
  }
  if (game == NULL)
    game = hb_registry_game_for_filename (display_name);
  if (game == NULL)
    game = hb_registry_sniff (text, len);
  if (game == NULL)
    game = game_but_for_blank_lines (text, len);
  if (game == NULL)
    {
      g_autofree char *known = NULL;
      g_autofree char *msg = NULL;
      gsize k = 0;

      /* Nothing but blanks: said so, not "cannot tell which game" (solve
       * - with nothing on standard input: review). */
      while (k < len && g_ascii_isspace (text[k]))
        k++;
      if (k == len)
        {
          g_autofree char *safe_name = hb_escape_for_message (display_name);
          g_set_error (error, HB_PARSE_ERROR, HB_PARSE_ERROR_SHAPE, "%s:1:1: %s", safe_name,
                       _("the file is empty"));
          return NULL;
        }

      known = hb_registry_extensions ();
      {
        g_autofree char *reasons = tatham_reasons (text, len);

        if (reasons != NULL)
          /* TRANSLATORS: the first %s is each game's reason ("as
           * Infinite Loop (a Net ID), 1:29: …"), the second the file name
           * extensions; keep --game */
          msg = g_strdup_printf (_("this looks like a Simon Tatham game ID, but no game reads "
                                   "it: %s; name the game with --game, or give the file its "
                                   "game's extension (%s), for that game's reason alone"),
                                 reasons, known);
        else
          /* TRANSLATORS: --game is the command line option and %s the
           * file name extensions (".lights, .loop, .flood"): keep them */
          msg = g_strdup_printf (_("cannot tell which game this is; name it with --game "
                                   "or give the file a game's extension (%s)"), known);
      }
      {
        g_autofree char *safe_name = hb_escape_for_message (display_name);
        guint line, column;

        hb_text_first_mark (text, len, &line, &column);
        g_set_error (error, HB_PARSE_ERROR, HB_PARSE_ERROR_WHICH_GAME, "%s:%u:%u: %s",
                     safe_name, line, column, msg);
      }
      return NULL;
    }
  if (!hb_check_text (text, len, &local))
    {
      set_named_error (error, local, display_name);
      g_error_free (local);
      return NULL;
    }
  /* A ".json" file is JSON: "11" in one was a Flow Free level of a row. */
  if (game->parse_json != NULL && strlen (display_name) >= 5
      && g_ascii_strcasecmp (display_name + strlen (display_name) - 5, ".json") == 0)
    state = game->parse_json (text, len, &local);
  else
    state = game->parse (text, len, &local);
  if (state == NULL)
    {
      set_named_error (error, local, display_name);
      g_error_free (local);
    }
  return state;
}

/* Sets error to "NAME: message", the file error code from errno. */
static void
set_errno_error (GError **error, int e, const char *name)
{
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (e), "%s: %s", name,
               g_strerror (e));
}

static void
set_too_large (GError **error, gboolean is_stdin, const char *name)
{
  g_autofree char *msg = NULL;

  if (is_stdin)
    /* TRANSLATORS: MiB is mebibytes */
    msg = g_strdup_printf (_("standard input is larger than %u MiB"), HB_MAX_FILE_BYTES >> 20);
  else
    /* TRANSLATORS: MiB is mebibytes */
    msg = g_strdup_printf (_("%s: the file is larger than %u MiB"), name, HB_MAX_FILE_BYTES >> 20);
  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "%s%s", is_stdin ? "-: " : "", msg);
}

/* Waits until fd can be read (the reader's files are non-blocking), with
 * `wait` when given. */
static gboolean
wait_readable (int fd, HbReadWait wait, gpointer wait_data, GError **error)
{
  struct pollfd pfd = { fd, POLLIN, 0 };

  if (wait != NULL)
    return wait (fd, wait_data, error);
  while (poll (&pfd, 1, -1) < 0 && errno == EINTR)
    ;
  return TRUE;   /* an error: read() reports it */
}

gboolean
hb_read_input_with (const char *path, const char *shown, HbReadWait wait, gpointer wait_data,
                    char **contents, gsize *len, GError **error)
{
  gboolean is_stdin = g_strcmp0 (path, "-") == 0;
  const char *name = is_stdin ? "-" : shown != NULL ? shown : path;
  const gsize max = HB_MAX_FILE_BYTES;
  GStatBuf st;
  char *buf = NULL;
  gsize n = 0, cap = 0;
  int fd;
  gboolean ok = FALSE, regular = FALSE;

  if (is_stdin)
    fd = STDIN_FILENO;
  else
    {
      /* Non-blocking, so that opening a FIFO nobody writes to returns at
       * once and the wait for data below can be cancelled (`wait`). */
      fd = g_open (path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0);
      if (fd < 0)
        {
          set_errno_error (error, errno, name);
          return FALSE;
        }
    }
  if (fstat (fd, &st) == 0)
    {
      if (S_ISDIR (st.st_mode))
        {
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR, "%s: %s", name,
                       /* TRANSLATORS: said of a path given as a level file */
                       _("is a folder, not a level file"));
          goto out;
        }
      /* A regular file's size is known: refuse a large one unread. Any
       * other file (a device, a FIFO, /proc) is read up to the cap. */
      if (S_ISREG (st.st_mode))
        {
          if ((guint64) st.st_size > max)
            {
              set_too_large (error, is_stdin, name);
              goto out;
            }
          cap = (gsize) st.st_size + 1;
          regular = TRUE;
        }
    }
  cap = CLAMP (cap, 4096, max + 1);
  buf = hb_malloc_big (cap + 1);
  for (;;)
    {
      gssize got;

      if (n == cap)
        {
          if (cap > max)
            {
              set_too_large (error, is_stdin, name);
              goto out;
            }
          cap = MIN (cap * 2, max + 1);
          buf = g_realloc (buf, cap + 1);
        }
      /* A regular file is always readable: no poll before each read
       * (two system calls of a small level's) unless `wait` checks more. */
      if ((wait != NULL || !regular) && !wait_readable (fd, wait, wait_data, error))
        goto out;
      got = read (fd, buf + n, MIN (cap - n, (gsize) 1 << 20));
      if (got > 0)
        n += (gsize) got;
      else if (got == 0)
        break;
      else if (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK)
        {
          int e = errno;
          g_autofree char *msg = NULL;

          /* TRANSLATORS: %s is the system's reason ("Is a directory") */
          msg = g_strdup_printf (_("cannot read: %s"), g_strerror (e));
          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (e), "%s: %s", name, msg);
          goto out;
        }
    }
  if (n > max)
    {
      set_too_large (error, is_stdin, name);
      goto out;
    }
  buf[n] = '\0';
  *contents = g_steal_pointer (&buf);
  *len = n;
  ok = TRUE;
out:
  if (!is_stdin)
    close (fd);
  g_free (buf);
  return ok;
}

gboolean
hb_read_input (const char *path, char **contents, gsize *len, GError **error)
{
  return hb_read_input_with (path, NULL, NULL, NULL, contents, len, error);
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

/* "cannot write PATH: reason", the file error code from e. */
static void
set_write_error (GError **error, int e, const char *path, const char *reason)
{
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (e),
               /* TRANSLATORS: "cannot write out.png: the disk is full …" */
               _("cannot write %s: %s"), path, reason);
}

/* The reason for a failed write in the folder dir, in plain words. */
static void
set_write_errno (GError **error, int e, const char *path, const char *dir)
{
  g_autofree char *reason = NULL;

  switch (e)
    {
    case ENOSPC:
#ifdef EDQUOT
    case EDQUOT:
#endif
      reason = g_strdup (_("the disk is full; an existing file was left as it was"));
      break;
    case EROFS:
      reason = g_strdup_printf (_("the folder %s is on a read-only disk"), dir);
      break;
    case EACCES:
    case EPERM:
      reason = g_strdup_printf (_("no permission to write in the folder %s"), dir);
      break;
    case ENOENT:
      /* A folder that is there yet makes no file (/proc) says ENOENT
       * too: "the folder /proc does not exist" was false. */
      if (g_file_test (dir, G_FILE_TEST_IS_DIR))
        reason = g_strdup_printf (_("the folder %s takes no new files"), dir);
      else
        reason = g_strdup_printf (_("the folder %s does not exist"), dir);
      break;
    case ENOTDIR:
      reason = g_strdup_printf (_("%s is not a folder"), dir);
      break;
    case EISDIR:
      reason = g_strdup (_("it is a folder"));
      break;
    default:
      reason = g_strdup (g_strerror (e));
      break;
    }
  set_write_error (error, e, path, reason);
}

gboolean
hb_check_output_path (const char *path, GError **error)
{
  /* Where a symbolic link points (a dangling one into a missing folder
   * was found only once the solve was over). */
  g_autofree char *real = hb_save_target (path, error);
  g_autofree char *dir = NULL;
  GStatBuf st;

  if (real == NULL)
    return FALSE;
  dir = g_path_get_dirname (real);
  if (g_stat (real, &st) == 0 && S_ISDIR (st.st_mode))
    {
      set_write_errno (error, EISDIR, path, dir);
      return FALSE;
    }
  /* A device or a FIFO is written in place (hb_write_atomic). */
  if (g_stat (real, &st) == 0 && !S_ISREG (st.st_mode))
    {
      if (access (real, W_OK) != 0)
        {
          set_write_errno (error, errno, path, dir);
          return FALSE;
        }
      return TRUE;
    }
  /* A read-only file is not replaced, though renaming over it may be
   * allowed (the folder's permission): the app refused it, the command
   * line replaced it without a word (review). */
  if (g_stat (real, &st) == 0 && ((st.st_mode & 0222) == 0 || access (real, W_OK) != 0))
    {
      set_write_error (error, EACCES, path, _("the file is read-only; it was left as it was"));
      return FALSE;
    }
  if (g_stat (dir, &st) != 0)
    {
      set_write_errno (error, errno, path, dir);
      return FALSE;
    }
  if (!S_ISDIR (st.st_mode))
    {
      set_write_errno (error, ENOTDIR, path, dir);
      return FALSE;
    }
  if (access (dir, W_OK) != 0)
    {
      set_write_errno (error, errno, path, dir);
      return FALSE;
    }
  return TRUE;
}

gboolean
hb_write_atomic (const char *path, const char *contents, gsize len, GError **error)
{
  /* Written where a symbolic link points, which stays a link (it was
   * replaced by a plain file, its target left as it was). */
  g_autofree char *real = hb_save_target (path, error);
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *tmp = NULL;
  GStatBuf old;
  int fd, e = 0;

  if (real == NULL)
    return FALSE;
  dir = g_path_get_dirname (real);
  base = g_path_get_basename (real);
  if (!hb_check_output_path (real, error))
    return FALSE;
  /* A device or a FIFO (/dev/stdout, /dev/null) is written as it is:
   * renaming a file over it would replace it. */
  if (g_stat (real, &old) == 0 && !S_ISREG (old.st_mode))
    {
      fd = g_open (real, O_WRONLY | O_CLOEXEC | O_NOCTTY, 0);
      if (fd < 0)
        {
          set_write_errno (error, errno, path, dir);
          return FALSE;
        }
      e = hb_save_write_all (fd, contents, len);
      if (close (fd) != 0 && e == 0)
        e = errno;
      if (e != 0)
        set_write_errno (error, e, path, dir);
      return e == 0;
    }
  /* A file with other names, or another user's: written where it is, as
   * GLib does (renaming over it left its other names on the old level,
   * and made the file the saver's); a failed write puts the old contents
   * back. */
  if (hb_save_in_place (real) && access (real, R_OK) == 0)
    {
      e = hb_save_write_in_place (real, contents, len);
      if (e != 0)
        set_write_errno (error, e, path, dir);
      return e == 0;
    }
  /* A temporary file beside the target, written, flushed to the disk and
   * renamed over the target: a failed write leaves the old file. */
  /* ".NAME.XXXXXX" is 8 bytes longer than NAME: a name near the
   * system's limit (255 bytes) takes a short one. */
  if (strlen (base) + 8 > 255)
    tmp = g_strdup_printf ("%s/.hintboard.XXXXXX", dir);
  else
    tmp = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);
  fd = g_mkstemp_full (tmp, O_RDWR | O_CLOEXEC, 0644);
  if (fd < 0)
    {
      set_write_errno (error, errno, path, dir);
      return FALSE;
    }
  e = hb_save_write_all (fd, contents, len);
  /* A file replaced keeps its permissions (one of mode 600 became 644). */
  if (e == 0 && !hb_save_keep_mode (real, tmp))
    e = errno;
  if (e == 0 && fsync (fd) != 0 && errno != EINVAL)
    e = errno;
  if (close (fd) != 0 && e == 0)
    e = errno;
  if (e == 0 && g_rename (tmp, real) != 0)
    e = errno;
  if (e != 0)
    {
      g_unlink (tmp);
      set_write_errno (error, e, path, dir);
      return FALSE;
    }
  return TRUE;
}

/* ---- The format a file is in -------------------------------------------- */

/* The next line of [*p, end) that is neither blank nor a comment, its
 * ends trimmed, as [*q, *e); FALSE at the end. */
static gboolean
next_level_line (const char **p, const char *end, const char **q, const char **e)
{
  while (*p < end)
    {
      const char *nl = memchr (*p, '\n', (gsize) (end - *p));
      const char *a = *p, *b = nl ? nl : end;

      *p = nl ? nl + 1 : end;
      while (a < b && g_ascii_isspace (*a))
        a++;
      while (b > a && g_ascii_isspace (b[-1]))
        b--;
      if (a < b && *a != '#')
        {
          *q = a;
          *e = b;
          return TRUE;
        }
    }
  return FALSE;
}

/* Past the blanks and JSON comments ("/" "* ... *" "/", which json-glib
 * skips; it takes no "//" ones) at *p, outside a string. FALSE for a
 * comment that is never closed (no JSON then). */
static gboolean
skip_json_blanks (const char **p, const char *end)
{
  const char *q = *p;

  for (;;)
    {
      while (q < end && g_ascii_isspace (*q))
        q++;
      if (end - q < 2 || q[0] != '/' || q[1] != '*')
        break;
      for (q += 2; end - q >= 2 && !(q[0] == '*' && q[1] == '/'); q++)
        ;
      if (end - q < 2)
        return FALSE;
      q += 2;
    }
  *p = q;
  return TRUE;
}

/* Whether two texts hold the same level lines (next_level_line), or with
 * `squeeze` the same characters once every ASCII blank is dropped (JSON,
 * whose layout is free) and, in `b` (the file), the comments outside its
 * strings (json-glib skips them: a note before the level made it text);
 * compared as they are read, without copies (a 4096x4096 level's rows
 * are 80 MB). */
static gboolean
same_level_text (const char *a, gsize alen, const char *b, gsize blen, gboolean squeeze)
{
  const char *ae = a + alen, *be = b + blen;

  if (squeeze)
    {
      gboolean in_string = FALSE, escaped = FALSE;

      for (;;)
        {
          while (a < ae && g_ascii_isspace (*a))
            a++;
          if (!in_string)
            {
              if (!skip_json_blanks (&b, be))
                return FALSE;
            }
          else
            while (b < be && g_ascii_isspace (*b))
              b++;
          if (a == ae || b == be)
            return a == ae && b == be;
          if (*a != *b)
            return FALSE;
          if (escaped)
            escaped = FALSE;
          else if (in_string && *b == '\\')
            escaped = TRUE;
          else if (*b == '"')
            in_string = !in_string;
          a++;
          b++;
        }
    }
  for (;;)
    {
      const char *aq, *aend, *bq, *bend;
      gboolean more_a = next_level_line (&a, ae, &aq, &aend);
      gboolean more_b = next_level_line (&b, be, &bq, &bend);

      if (!more_a || !more_b)
        return more_a == more_b;
      if (aend - aq != bend - bq || memcmp (aq, bq, (gsize) (aend - aq)) != 0)
        return FALSE;
    }
}

/* Whether the first character that is neither blank nor in a comment
 * opens a JSON list; *commented tells whether a comment came first. */
static gboolean
starts_as_json (const char *text, gsize len, gboolean *commented)
{
  const char *p = text, *end = text + len;

  while (p < end && g_ascii_isspace (*p))
    p++;
  *commented = p < end && *p == '/';
  if (!skip_json_blanks (&p, end))
    return FALSE;
  return p < end && *p == '[';
}

/* Whether the game's JSON reader takes the text, as level s. */
static gboolean
json_reads_as (const HbState *s, const char *text, gsize len)
{
  HbState *t = s->game->parse_json (text, len, NULL);
  gboolean same = t != NULL && (s->game->equal == NULL || s->game->equal (s, t));

  hb_state_free (t);
  return same;
}

HbWriteFormat
hb_text_format (const HbState *s, const char *text, gsize len)
{
  static const HbWriteFormat formats[] = { HB_WRITE_NATIVE, HB_WRITE_TATHAM, HB_WRITE_COMPACT,
                                           HB_WRITE_JSON };

  g_return_val_if_fail (s != NULL && (text != NULL || len == 0), HB_WRITE_NATIVE);
  /* (A Tatham ID or JSON that a Windows editor wrote a mark before was
   * taken for none of the forms, and saved as rows.) */
  skip_bom (&text, &len);
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      gboolean json = formats[i] == HB_WRITE_JSON, commented = FALSE;
      g_autofree char *written = NULL;

      /* JSON only where the text starts as JSON does: writing a
       * 4096x4096 Flow Free level as JSON took 1.7 s on every open of a
       * text file of that size. A comment may come first (a ".json"
       * file with a note on top was read as JSON but saved as rows). */
      if (json && (!s->game->reads_json || !starts_as_json (text, len, &commented)))
        continue;
      /* A Tatham ID holds no comments: a file with some, ID and all, was
       * never one that Tatham's programs read, and saving it as one
       * would drop its notes. */
      if (formats[i] == HB_WRITE_TATHAM && memchr (text, '#', len) != NULL)
        {
          g_auto (GStrv) notes = hb_text_comment_lines (text, len, 1);
          if (notes[0] != NULL)
            continue;
        }
      written = s->game->write (s, formats[i], NULL);
      /* The game's own format first: where another writes the same
       * (Enlight's compact rows), the file is native. Another only when
       * it holds the whole level (the fuzzer's Flood-It file: a Tatham
       * ID under a "# moves: 21" line, which Flood-It's compact form,
       * the ID alone, would have saved as a level of no moves). */
      if (written != NULL && written[0] != '\0'
          && same_level_text (written, strlen (written), text, len, json)
          && (formats[i] == HB_WRITE_NATIVE || hb_text_reads_back (s, written)))
        {
          /* Rows may start with "/" "*" (colours, like any character): a
           * text level is JSON only when it reads so, as this level. */
          if (commented && !json_reads_as (s, text, len))
            continue;
          return formats[i];
        }
    }
  return HB_WRITE_NATIVE;
}

/* ---- Comment lines kept -------------------------------------------------- */

char **
hb_text_comment_lines (const char *text, gsize len, guint max)
{
  GPtrArray *lines = g_ptr_array_new ();
  const char *p = text, *end = text + len;

  while (p < end && lines->len < max)
    {
      const char *nl = memchr (p, '\n', (gsize) (end - p));
      const char *e = nl ? nl : end, *q = p;

      while (q < e && (*q == ' ' || *q == '\t'))
        q++;
      if (q < e && *q == '#')
        {
          const char *t = e;
          while (t > q && (t[-1] == '\r' || t[-1] == ' ' || t[-1] == '\t'))
            t--;
          g_ptr_array_add (lines, g_strndup (q, (gsize) (t - q)));
        }
      p = nl ? nl + 1 : end;
    }
  g_ptr_array_add (lines, NULL);
  return (char **) g_ptr_array_free (lines, FALSE);
}

gboolean
hb_text_json_comments (const HbState *s, const char *text, gsize len)
{
  gboolean in_string = FALSE, seen = FALSE;
  HbState *again;

  g_return_val_if_fail (s != NULL && (text != NULL || len == 0), FALSE);
  for (gsize i = 0; i + 1 < len && !seen; i++)
    if (in_string)
      {
        if (text[i] == '\\')
          i++;
        else if (text[i] == '"')
          in_string = FALSE;
      }
    else if (text[i] == '"')
      in_string = TRUE;
    else if (text[i] == '/' && (text[i + 1] == '*' || text[i + 1] == '/'))
      seen = TRUE;
  if (!seen || s->game->parse_json == NULL)
    return FALSE;
  again = s->game->parse_json (text, len, NULL);
  hb_state_free (again);
  return again != NULL;
}

gboolean
hb_text_reads_back (const HbState *s, const char *text)
{
  HbState *t = s->game->parse (text, strlen (text), NULL);
  gboolean same = t != NULL && (s->game->equal == NULL || s->game->equal (s, t));

  hb_state_free (t);
  return same;
}

/* Whether `line` is one of the lines of `text`. */
static gboolean
has_line (const char *text, const char *line)
{
  gsize n = strlen (line);

  for (const char *p = text; (p = strstr (p, line)) != NULL; p += n)
    if ((p == text || p[-1] == '\n') && (p[n] == '\0' || p[n] == '\n' || p[n] == '\r'))
      return TRUE;
  return FALSE;
}

/* How many comment lines are tried one by one when the block as a whole
 * does not read back (each try parses the level again). */
#define COMMENTS_ONE_BY_ONE 256

char *
hb_write_with_comments (const HbState *s, HbWriteFormat fmt, char *const *comments,
                        GPtrArray *dropped, GError **error)
{
  g_autofree char *native = NULL;
  g_autoptr (GPtrArray) keep = g_ptr_array_new ();
  char *out = s->game->write (s, fmt, error);

  if (out == NULL || comments == NULL || comments[0] == NULL)
    return out;
  if (fmt != HB_WRITE_NATIVE)
    {
      HbState *t = s->game->parse (out, strlen (out), NULL);
      native = t != NULL ? s->game->write (t, HB_WRITE_NATIVE, NULL) : NULL;
      hb_state_free (t);
    }
  for (guint i = 0; comments[i] != NULL; i++)
    if (!has_line (out, comments[i]) && (native == NULL || !has_line (native, comments[i])))
      g_ptr_array_add (keep, comments[i]);
  if (keep->len > 0)
    {
      g_autofree char *block = NULL, *before = NULL, *after = NULL;

      g_ptr_array_add (keep, NULL);
      block = g_strjoinv ("\n", (char **) keep->pdata);
      g_ptr_array_remove_index (keep, keep->len - 1);
      before = g_strconcat (block, "\n", out, NULL);
      after = g_strconcat (out, g_str_has_suffix (out, "\n") ? "" : "\n", block, "\n", NULL);
      if (fmt != HB_WRITE_TATHAM && hb_text_reads_back (s, before))
        {
          g_free (out);
          return g_steal_pointer (&before);
        }
      if (fmt != HB_WRITE_TATHAM && hb_text_reads_back (s, after))
        {
          g_free (out);
          return g_steal_pointer (&after);
        }
      /* Line by line, before the level: a line the game reads itself that
       * no longer holds (Flow Free's "# path:" after the paths changed)
       * is left out, and the others kept (one stale line dropped them
       * all). */
      if (fmt != HB_WRITE_TATHAM)
        {
          GString *kept = g_string_new (NULL);

          for (guint i = 0; i < keep->len; i++)
            {
              const char *line = g_ptr_array_index (keep, i);
              gsize was = kept->len;
              g_autofree char *try = NULL;

              if (i < COMMENTS_ONE_BY_ONE)
                {
                  g_string_append_printf (kept, "%s\n", line);
                  try = g_strconcat (kept->str, out, NULL);
                  if (hb_text_reads_back (s, try))
                    continue;
                  g_string_truncate (kept, was);
                }
              if (dropped != NULL)
                g_ptr_array_add (dropped, g_strdup (line));
            }
          g_string_append (kept, out);
          g_free (out);
          return g_string_free (kept, FALSE);
        }
      if (dropped != NULL)
        for (guint i = 0; i < keep->len; i++)
          g_ptr_array_add (dropped, g_strdup (g_ptr_array_index (keep, i)));
    }
  return out;
}
