/* hb-registry.h: the games Hintboard knows, and reading a level from a file
 * or text when the game is not said (extension, then a format only one game
 * reads). This file alone names every game; the rest of the shell asks it. */
#pragma once

#include <gio/gio.h>

#include "hb-game.h"

G_BEGIN_DECLS

/* Files larger than this are refused before reading (a 4096² board in the
 * most verbose format is well under it). */
#define HB_MAX_FILE_BYTES (128u << 20)

/* NULL-terminated, in the order the app lists them. */
const HbGame *const *hb_registry_games (void);
const HbGame        *hb_registry_find_game (const char *id);
/* By extension (".lights"; ".json" is the game's that reads JSON, Flow
 * Free's, so that its errors say what is wrong: "{}" said only that the
 * game could not be told), or NULL. */
const HbGame        *hb_registry_game_for_filename (const char *filename);
/* A file name for a level of `game`: `name` when its ending is the
 * game's already, else with its ending (or none) made the game's
 * ("x.txt" -> "x.flow"). Newly allocated. */
char                *hb_registry_filename_for_game (const char *name, const HbGame *game);
/* The one game whose sniff accepts text, or NULL. */
const HbGame        *hb_registry_sniff (const char *text, gsize len);
/* Whether text may be read as `game`'s when no game can be told: no
 * game's sniff accepts it, or `game`'s is one of those that do (rows of
 * four 0s and 1s are Enlight's and Infinite Loop's, no Flow Free level). */
gboolean             hb_registry_may_read_as (const HbGame *game, const char *text, gsize len);
/* Another game than `read_as` whose level text is too, though its sniff
 * left it to another game (HbGame.sniff_yields), or NULL: Flow Free
 * leaves rows of 0, 1 and * to Enlight, even where each stands twice
 * ("1..1" over "*..*" is either). Asked only of texts up to 64 KiB (a
 * board that is either game's has at most six marks). */
const HbGame        *hb_registry_also_read_by (const HbGame *read_as, const char *text,
                                               gsize len);
/* Whether `game` (may be NULL: no) should read text named `name` though
 * its format tells another game: no extension decides, and it is one of
 * the levels `game` leaves to another (HbGame.sniff_yields). The app
 * reads such text as the game on show's. */
gboolean             hb_registry_yields (const HbGame *game, const char *name,
                                         const char *text, gsize len);
/* The games' extensions, ".lights, .loop, .flood, .flow" (newly allocated). */
char                *hb_registry_extensions (void);

/* Parses text as a level. `game` may be NULL: then the file name's extension
 * decides, then sniffing. `display_name` (a path, or "-" for standard input)
 * is put in front of error messages: "NAME:LINE:COL: message". */
HbState *hb_registry_parse (const HbGame *game, const char *display_name,
                            const char *text, gsize len, GError **error);

/* text (NUL-terminated) with control characters shown escaped ("\x1b",
 * "\r", "\t") and invalid UTF-8 as "\xNN": safe to quote in a one-line
 * message. hb_registry_parse's errors are escaped so. */
char    *hb_escape_for_message (const char *text);

/* Reads a level from a path ("-" is standard input), as hb_registry_parse. */
HbState *hb_registry_load (const HbGame *game, const char *path, GError **error);

/* Reads a whole file or standard input ("-"), refusing more than
 * HB_MAX_FILE_BYTES whatever the file is (a regular file by its size before
 * reading; a device, FIFO or /proc file once that much was read). Errors
 * read "PATH: message". contents is NUL-terminated. */
gboolean hb_read_input (const char *path, char **contents, gsize *len, GError **error);

/* How hb_read_input_with waits for data on `fd` (opened non-blocking):
 * returns once it can be read, or FALSE with `error` set to stop reading. */
typedef gboolean (*HbReadWait) (int fd, gpointer data, GError **error);

/* hb_read_input, calling `wait` before every read (NULL: poll, and only
 * where the file is not a regular one); errors read "NAME: message" with
 * `name` (NULL: the path; the app names a file as everywhere else, by its
 * name). */
gboolean hb_read_input_with (const char *path, const char *name, HbReadWait wait,
                             gpointer wait_data, char **contents, gsize *len,
                             GError **error);

/* hb_read_input that stops waiting for data (a FIFO nobody writes to yet)
 * and reading when `cancellable` (may be NULL) fires: FALSE with
 * G_IO_ERROR_CANCELLED. In hb-read-cancellable.c, apart, so that programs
 * that read levels need not link GIO (the fast CLI: hb-cancel.h). */
gboolean hb_read_input_cancellable (const char *path, const char *name,
                                    GCancellable *cancellable, char **contents, gsize *len,
                                    GError **error);

/* The format `text`, read as `s`, is written in, so that a save can
 * write it back the same way (a Tatham game ID was saved as rows): the
 * first of HB_WRITE_NATIVE, HB_WRITE_TATHAM, HB_WRITE_COMPACT and (for a
 * game that reads it) HB_WRITE_JSON in which `s` is written as the same
 * lines, blank and comment lines and the lines' ends aside (JSON: every
 * blank aside); HB_WRITE_NATIVE when none is. A format whose writer cannot hold `s` does not
 * match, nor HB_WRITE_TATHAM when the text has comment lines (an ID holds
 * none: saving the file as one would drop them). */
HbWriteFormat hb_text_format (const HbState *s, const char *text, gsize len);

/* The line and column (from 1) of the text's first mark that is neither
 * blank nor on a "#" comment line; 1:1 when there is none. */
void     hb_text_first_mark (const char *text, gsize len, guint *line, guint *column);

/* The first `max` comment lines ("# moves: 5", "# my notes") of a level's
 * text, in order, trimmed, without their line ends; NULL-terminated,
 * never NULL. */
char   **hb_text_comment_lines (const char *text, gsize len, guint max);

/* s written in `fmt` with the comment lines kept: before the level, else
 * after it, wherever the format reads them back as the same level, else
 * line by line before it (the first 256), each kept if the level still
 * reads back; lines the writer wrote itself, or that the written level
 * read back would write natively, are not repeated. A Tatham game ID
 * keeps none (Tatham's programs refuse them). The lines that could not be
 * kept are added to `dropped` (may be NULL). */
char    *hb_write_with_comments (const HbState *s, HbWriteFormat fmt,
                                 char *const *comments, GPtrArray *dropped,
                                 GError **error);
/* Whether `text` is a level of `s`'s game in JSON with a comment in it
 * outside its strings, which json-glib skips and no writer keeps (so a
 * save or a convert loses it). Cheap: the text is parsed again only when
 * a comment is seen (a Flow Free text row may hold '/' and '*'). */
gboolean hb_text_json_comments (const HbState *s, const char *text, gsize len);
/* Whether `text` reads back as a level equal to `s`. */
gboolean hb_text_reads_back (const HbState *s, const char *text);

/* Writes contents atomically: a temporary file in the same folder, then a
 * rename, so a failed save leaves the old file as it was. */
gboolean hb_write_atomic (const char *path, const char *contents, gsize len,
                          GError **error);

/* Whether path can be written before trying (its folder exists and is
 * writable, it is not a folder). Errors, as hb_write_atomic's, read
 * "cannot write PATH: reason" in plain words (a missing folder, a folder,
 * a read-only disk, a full disk). */
gboolean hb_check_output_path (const char *path, GError **error);

G_END_DECLS
