/* hb-error.h: error domains shared by the core and the games.
 *
 * Every layer that reads input reports problems as a GError; nothing that
 * reads input may abort, assert or index out of bounds on bad input.
 *
 * A parse error's message always starts with "LINE:COLUMN: " (both 1-based)
 * so that the CLI can prefix the file name and print the conventional
 * "FILE:LINE:COLUMN: message" line, and the app can show it in a toast.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define HB_PARSE_ERROR (hb_parse_error_quark ())
#define HB_SOLVE_ERROR (hb_solve_error_quark ())

typedef enum {
  HB_PARSE_ERROR_SYNTAX,      /* unknown character, bad token */
  HB_PARSE_ERROR_SHAPE,       /* ragged grid, wrong count */
  HB_PARSE_ERROR_SIZE,        /* empty or too large board */
  HB_PARSE_ERROR_UNSUPPORTED, /* a valid format we do not read (other Flip kind, Net wrapping) */
  HB_PARSE_ERROR_FORMAT,      /* not a format of this game at all */
  HB_PARSE_ERROR_WHICH_GAME,  /* no game said and none can be told (hb_registry_parse) */
} HbParseErrorCode;

typedef enum {
  HB_SOLVE_ERROR_FAILED,     /* the solver could not run (too large, out of memory bound) */
  HB_SOLVE_ERROR_CANCELLED,
} HbSolveErrorCode;

GQuark hb_parse_error_quark (void);
GQuark hb_solve_error_quark (void);

/* Sets a parse error whose message is "LINE:COLUMN: <formatted text>".
 * line and column are 1-based; pass 0 for either when it does not apply
 * (then it is printed as 1). */
void hb_set_parse_error (GError    **error,
                         HbParseErrorCode code,
                         int         line,
                         int         column,
                         const char *format,
                         ...) G_GNUC_PRINTF (5, 6);

/* The error of a board's row that follows a blank line among its rows
 * (at `line`, column 1), worded alike in every game: a board cut in two
 * is most likely two boards' rows or a row lost, not one board. */
void hb_set_row_after_blank_error (GError **error, int line);

/* Room for hb_describe_char's text and its end. */
#define HB_CHAR_TEXT 16

/* Writes the character at byte i of text (len bytes) as an error message
 * shows it: a visible character as itself (the whole UTF-8 sequence, so
 * that the message stays valid UTF-8: the app shows it in a toast), a
 * tab or line end as \t, \r or \n, another ASCII control byte or a byte
 * that starts no valid sequence as \xNN, and
 * an invisible one (a no-break or zero-width space) as U+XXXX. */
void hb_describe_char (const char *text, gsize len, gsize i, char buf[HB_CHAR_TEXT]);

G_END_DECLS
