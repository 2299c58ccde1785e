/* flow-json.c: the write-up's JSON for Flow Free levels and solutions, read
 * and written with json-glib.
 *
 *   [
 *   [null, null, null, null, null],
 *   [null, "blue", null, "blue", "green"],
 *   ...
 *   ]
 *
 * json-glib parses the text and says where a syntax error is; the nodes it
 * builds carry no positions, so for the errors of shape (a row that is not
 * a list, a cell that is a number, a colour with three dots) a small
 * scanner walks the same text to find the line and column of the element
 * json-glib's tree put in question. */
#include "flow-game.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <string.h>

/* ---- Colour names ---------------------------------------------------------- */

/* The game's 16 colours: the letter flow_default_names gives each and the
 * names a JSON file may call it by (compared without case, blanks, '-' or
 * '_'). The first name is the one written. */
static const struct {
  char        letter;
  const char *names[3];
} game_colours[] = {
  { 'R', { "red", NULL } },
  { 'G', { "green", NULL } },
  { 'B', { "blue", NULL } },
  { 'Y', { "yellow", NULL } },
  { 'O', { "orange", NULL } },
  { 'C', { "cyan", "aqua", NULL } },
  { 'M', { "magenta", "fuchsia", NULL } },
  { 'm', { "maroon", "brown", NULL } },
  { 'P', { "purple", "violet", NULL } },
  { 'W', { "white", NULL } },
  { 'A', { "grey", "gray", NULL } },
  { 'g', { "lime", "lightgreen", NULL } },
  { 'T', { "tan", "beige", NULL } },
  { 'b', { "dark blue", "darkblue", "navy" } },
  { 'c', { "teal", "darkcyan", NULL } },
  { 'p', { "pink", NULL } },
};

/* Lower case with blanks, '-' and '_' dropped, into buf (NUL-ended). */
static void
fold_name (const char *s, char *buf, gsize size)
{
  gsize k = 0;

  for (; *s != '\0' && k + 1 < size; s++)
    if (*s != ' ' && *s != '-' && *s != '_' && *s != '\t')
      buf[k++] = g_ascii_tolower (*s);
  buf[k] = '\0';
}

char
flow_colour_char_for_name (const char *name)
{
  char want[32], have[32];

  if (name == NULL || strlen (name) >= sizeof want)
    return 0;
  fold_name (name, want, sizeof want);
  for (gsize i = 0; i < G_N_ELEMENTS (game_colours); i++)
    for (int k = 0; k < 3 && game_colours[i].names[k] != NULL; k++)
      {
        fold_name (game_colours[i].names[k], have, sizeof have);
        if (strcmp (want, have) == 0)
          return game_colours[i].letter;
      }
  return 0;
}

const char *
flow_colour_name_for_char (char c)
{
  for (gsize i = 0; i < G_N_ELEMENTS (game_colours); i++)
    if (game_colours[i].letter == c)
      return game_colours[i].names[0];
  return NULL;
}

/* ---- Where an element is ---------------------------------------------------- */

/* Finds the line and column (1-based, in characters) where element `col`
 * of row `row` starts (col < 0: where the row itself starts; row < 0: the
 * root value). The text is known to be valid JSON (json-glib read it), so
 * the scanner only tracks strings and nesting. Returns FALSE when it does
 * not find it (it then leaves 1, 1). */
static gboolean
locate (const char *text, gsize len, int row, int col, int *line_out, int *col_out)
{
  const char *p = text, *end = text + len;
  int line = 1, column = 1, depth = 0;
  int idx1 = -1, idx2 = -1;
  gboolean expect_value = TRUE;   /* the next non-blank starts an element */

  *line_out = 1;
  *col_out = 1;
  while (p < end)
    {
      char c = *p;

      if (c == '\n')
        {
          line++;
          column = 1;
          p++;
          continue;
        }
      if (c == ' ' || c == '\t' || c == '\r')
        {
          column++;
          p++;
          continue;
        }
      if (expect_value && c != ']' && c != '}')
        {
          /* An element of the array at `depth` starts here. */
          if (depth == 0 && row < 0)
            {
              *line_out = line, *col_out = column;
              return TRUE;
            }
          if (depth == 1)
            {
              idx1++;
              idx2 = -1;
              if (idx1 == row && col < 0)
                {
                  *line_out = line, *col_out = column;
                  return TRUE;
                }
            }
          else if (depth == 2 && idx1 == row)
            {
              idx2++;
              if (idx2 == col)
                {
                  *line_out = line, *col_out = column;
                  return TRUE;
                }
            }
          expect_value = FALSE;
        }
      if (c == '"')
        {
          /* Skip the string, escapes included. */
          p++;
          column++;
          while (p < end && *p != '"')
            {
              if (*p == '\\' && p + 1 < end)
                {
                  p++;
                  column++;
                }
              if (*p == '\n')
                {
                  line++;
                  column = 0;
                }
              p = g_utf8_next_char (p);
              column++;
            }
          p++;
          column++;
          continue;
        }
      if (c == '[' || c == '{')
        {
          depth++;
          expect_value = c == '[';
        }
      else if (c == ']' || c == '}')
        depth--;
      else if (c == ',')
        expect_value = TRUE;
      else if (c == ':')
        expect_value = FALSE;
      p = g_utf8_next_char (p);
      column++;
    }
  return FALSE;
}

static void
set_error_at (GError **error, HbParseErrorCode code, const char *text, gsize len,
              int row, int col, const char *message)
{
  int line, column;

  locate (text, len, row, col, &line, &column);
  hb_set_parse_error (error, code, line, column, "%s", message);
}

/* json-glib's message is "<data>:LINE:COLUMN: Parse error: what"; the line
 * and column are taken out and the rest kept, so the message reads like
 * every other parse error. */
/* json-glib's column counts bytes and may point one past a token at the
 * end of a line: made a character column within the line (at most one
 * past its end), as every other parse error's. */
static int
char_column (const char *text, gsize len, int line, int byte_col)
{
  const char *p = text, *end = text + len, *eol;
  int chars;

  for (int l = 1; l < line && p < end; l++)
    {
      const char *nl = memchr (p, '\n', (gsize) (end - p));
      if (nl == NULL)
        return 1;
      p = nl + 1;
    }
  eol = memchr (p, '\n', (gsize) (end - p));
  if (eol == NULL)
    eol = end;
  if (eol > p && eol[-1] == '\r')
    eol--;
  if (byte_col < 1)
    byte_col = 1;
  if (byte_col - 1 < eol - p)
    eol = p + byte_col - 1;
  chars = (int) g_utf8_strlen (p, eol - p);
  return chars + 1;
}

static void
set_syntax_error (GError **error, const GError *json_error, const char *text, gsize len)
{
  const char *m = json_error->message;
  const char *p = strstr (m, "<data>:");
  int line = 0, column = 0;

  if (p != NULL)
    {
      char *e;
      p += strlen ("<data>:");
      line = (int) strtol (p, &e, 10);
      if (*e == ':')
        {
          column = (int) strtol (e + 1, &e, 10);
          if (*e == ':')
            e++;
          while (*e == ' ')
            e++;
          if (g_str_has_prefix (e, "Parse error: "))
            e += strlen ("Parse error: ");
          m = e;
        }
    }
  line = MAX (line, 1);
  {
    int lines = 1;
    for (gsize i = 0; i < len; i++)
      lines += text[i] == '\n';
    line = MIN (line, lines);
  }
  /* json-glib points at the last character of a bad word ("nul" at its
   * 'l'): the column of its first, as every other error's. */
  {
    const char *p0 = text, *end = text + len;

    for (int l = 1; l < line && p0 < end; l++)
      {
        const char *nl = memchr (p0, '\n', (gsize) (end - p0));
        p0 = nl != NULL ? nl + 1 : end;
      }
    while (column > 1 && p0 + column - 1 < end && g_ascii_isalnum (p0[column - 1])
           && g_ascii_isalnum (p0[column - 2]))
      column--;
  }
  column = char_column (text, len, line, column);
  hb_set_parse_error (error, HB_PARSE_ERROR_SYNTAX, line, column,
                      /* TRANSLATORS: %s is json-glib's description of the error */
                      _("not valid JSON: %s"), m);
}

/* ---- Reading ------------------------------------------------------------------ */

/* How deep a JSON document may nest before json-glib sees it: a level
 * needs two (a list of rows of cells), and json-glib's parser recurses
 * once a level, so a file of 85,000 '[' overflowed the stack (a crash
 * found by feeding it hostile files). Anything deeper than this is no
 * level, whatever shape it would have. */
#define JSON_MAX_DEPTH 64

/* What json_scan found. */
typedef enum {
  JSON_SCAN_OK,
  JSON_SCAN_TOO_DEEP,   /* a bracket past JSON_MAX_DEPTH */
  JSON_SCAN_TRAILING,   /* more text after the first value's closing bracket */
  JSON_SCAN_NUL,        /* a string with \u0000 in it */
  JSON_SCAN_SURROGATE,  /* a string with half of a UTF-16 pair, \ud800 alone */
  JSON_SCAN_UNCLOSED,   /* the text ends inside a list or a string */
  JSON_SCAN_ROWS,       /* the outer list holds more than HB_MAX_SIDE items */
  JSON_SCAN_ROW_LONG,   /* a list inside it holds more than HB_MAX_SIDE items */
} JsonScan;

/* Scans the text outside its strings: *line and *column (1-based, in
 * bytes) say where it is too deep or where text follows the document's
 * first bracketed value (json-glib takes "[]\n[]" without a word). It
 * also counts the items of the outer list and of each list in it, and
 * stops at the first past HB_MAX_SIDE: json-glib
 * builds the whole tree first, and a file of 40 million empty rows took
 * 5 GB and 45 s before it was refused as too tall. */
/* The code of the escape "\uXXXX" at text (its backslash), or -1 when
 * the six characters are not one. */
static int
json_escape_code (const char *text, gsize left)
{
  int code = 0;

  if (left < 6 || text[0] != '\\' || text[1] != 'u')
    return -1;
  for (int k = 2; k < 6; k++)
    {
      int v = g_ascii_xdigit_value (text[k]);
      if (v < 0)
        return -1;
      code = code * 16 + v;
    }
  return code;
}

static JsonScan
json_scan (const char *text, gsize len, int *line, int *column, char *closers)
{
  int depth = 0, l = 1;
  gsize line_start = 0, items1 = 0, items2 = 0;
  gboolean in_string = FALSE, closed = FALSE;

  for (gsize i = 0; i < len; i++)
    {
      char c = text[i];

      if (c == '\n')
        {
          l++;
          line_start = i + 1;
          continue;
        }
      /* A comment after the list, as before it and within it (json-glib
       * skips them; it was "more text after the end": review). */
      if (closed && !in_string && c == '/' && i + 1 < len && text[i + 1] == '*')
        {
          const char *end = g_strstr_len (text + i + 2, (gssize) (len - i - 2), "*/");

          if (end != NULL)
            {
              gsize stop = (gsize) (end - text) + 2;

              for (gsize j = i; j < stop; j++)
                if (text[j] == '\n')
                  {
                    l++;
                    line_start = j + 1;
                  }
              i = stop - 1;
              continue;
            }
        }
      if (closed && !in_string && c != ' ' && c != '\t' && c != '\r')
        {
          *line = l;
          *column = (int) MIN (i - line_start + 1, (gsize) G_MAXINT);
          return JSON_SCAN_TRAILING;
        }
      else if (in_string)
        {
          /* json-glib's strings end at a NUL: "a\u0000x" and "a\u0000y"
           * were one colour, "a". */
          if (c == '\\' && len - i >= 6 && memcmp (text + i + 1, "u0000", 5) == 0)
            {
              *line = l;
              *column = (int) MIN (i - line_start + 1, (gsize) G_MAXINT);
              return JSON_SCAN_NUL;
            }
          /* Half of a UTF-16 pair alone: json-glib said "scanner:
           * unterminated string constant" a line further on. */
          if (c == '\\')
            {
              int code = json_escape_code (text + i, len - i);
              int low = code >= 0xd800 && code < 0xdc00
                        ? json_escape_code (text + i + 6, len - i - 6) : -1;

              if ((code >= 0xd800 && code < 0xdc00 && !(low >= 0xdc00 && low < 0xe000))
                  || (code >= 0xdc00 && code < 0xe000))
                {
                  *line = l;
                  *column = (int) MIN (i - line_start + 1, (gsize) G_MAXINT);
                  return JSON_SCAN_SURROGATE;
                }
              /* Past the escape's 'u' (a pair's first half: past both
               * escapes, so that its second half is not taken alone). */
              i += low >= 0 ? 11 : 1;
            }
          else if (c == '"')
            in_string = FALSE;
        }
      else if (c == '"')
        in_string = TRUE;
      else if (c == '[' || c == '{')
        {
          if (depth < JSON_MAX_DEPTH)
            closers[depth] = c == '[' ? ']' : '}';
          if (++depth > JSON_MAX_DEPTH)
            {
              *line = l;
              *column = (int) MIN (i - line_start + 1, (gsize) G_MAXINT);
              return JSON_SCAN_TOO_DEEP;
            }
          /* A row begins: its cells are counted afresh (only here, not
           * for a '[' inside a string, which reset the count). */
          if (c == '[' && depth == 2)
            items2 = 0;
        }
      else if ((c == ']' || c == '}') && depth > 0)
        closed = --depth == 0;
      else if (c == ',' && closers[0] == ']' && (depth == 1 || (depth == 2 && closers[1] == ']')))
        {
          /* The next item is number HB_MAX_SIDE + 1: refused where it
           * begins, at the first character after the comma that is not
           * blank (the writer puts one row a line). */
          if (depth == 1 ? ++items1 >= HB_MAX_SIDE : ++items2 >= HB_MAX_SIDE)
            {
              gsize k = i + 1;
              while (k < len && (text[k] == ' ' || text[k] == '\t' || text[k] == '\r'
                                 || text[k] == '\n'))
                if (text[k++] == '\n')
                  {
                    l++;
                    line_start = k;
                  }
              *line = l;
              *column = (int) MIN (k - line_start + 1, (gsize) G_MAXINT);
              return depth == 1 ? JSON_SCAN_ROWS : JSON_SCAN_ROW_LONG;
            }
        }
    }
  if (depth > 0 || in_string)
    {
      /* What would close it: a string's quote, then the lists inward out. */
      int k0 = 0;
      if (in_string)
        closers[JSON_MAX_DEPTH + 1] = '"';
      for (int d = depth - 1; d >= 0; d--)
        closers[JSON_MAX_DEPTH + 2 + k0++] = closers[d];
      closers[JSON_MAX_DEPTH + 2 + k0] = '\0';
      /* Cut short: said at the end (json-glib blamed the last good token,
       * "unexpected string constant", one column early). */
      gsize k = len;
      while (k > 0 && g_ascii_isspace (text[k - 1]))
        k--;
      l = 1;
      line_start = 0;
      for (gsize i = 0; i < k; i++)
        if (text[i] == '\n')
          {
            l++;
            line_start = i + 1;
          }
      *line = l;
      *column = (int) MIN (k - line_start + 1, (gsize) G_MAXINT);
      return JSON_SCAN_UNCLOSED;
    }
  return JSON_SCAN_OK;
}

/* Whether any cell of the rows (arrays checked by the caller as it reads
 * them; anything else counts as no null) is null. */
static gboolean
has_null (JsonArray *rows)
{
  guint h = json_array_get_length (rows);

  for (guint y = 0; y < h; y++)
    {
      JsonNode *rn = json_array_get_element (rows, y);
      JsonArray *row = JSON_NODE_HOLDS_ARRAY (rn) ? json_node_get_array (rn) : NULL;
      guint w = row != NULL ? json_array_get_length (row) : 0;

      for (guint x = 0; x < w; x++)
        if (JSON_NODE_HOLDS_NULL (json_array_get_element (row, x)))
          return TRUE;
    }
  return FALSE;
}

/* A colour's string as an error message quotes it: its first 40
 * characters and "…" past them (a name of a million characters made a
 * message of a megabyte, one line on stderr or a toast in the app). */
static char *
name_for_message (const char *str)
{
  const char *p = str;

  for (int k = 0; k < 40 && *p != '\0'; k++)
    p = g_utf8_next_char (p);
  if (*p == '\0')
    return g_strdup (str);
  return g_strdup_printf ("%.*s…", (int) (p - str), str);
}

FlowState *
flow_parse_json (const char *text, gsize len, GError **error)
{
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (GError) json_error = NULL;
  g_autofree char *copy = NULL;
  g_autoptr (GHashTable) index_of = NULL;   /* string -> colour + 1 */
  g_autoptr (GHashTable) spelled = NULL;    /* a game colour's name, folded -> colour + 1 */
  char folded[32];
  g_autoptr (GPtrArray) strings = NULL;     /* colour -> its string */
  g_autofree guint8 *cells = NULL;
  g_autofree int *count = NULL, *where_row = NULL, *where_col = NULL;
  JsonArray *rows;
  int width = -1, height, colours = 0;
  gboolean used[128] = { FALSE };
  char names[FLOW_MAX_COLOURS + 1] = { 0 };
  FlowState *s;

  if (!hb_check_text (text, len, error))
    return NULL;
  if (len > G_MAXSSIZE)
    {
      hb_set_parse_error (error, HB_PARSE_ERROR_SIZE, 1, 1, _("the file is too large"));
      return NULL;
    }
  {
    int line, column;
    /* The open lists' closing brackets, then (from JSON_MAX_DEPTH + 1) a
     * quote if a string is open and those brackets innermost first. */
    char closers[2 * JSON_MAX_DEPTH + 4] = { 0 };

    JsonScan scan = json_scan (text, len, &line, &column, closers);

    /* Syntax errors, as json-glib's: such text may still be a text
     * level whose rows start with '[' (see flow_parse). */
    if (scan == JSON_SCAN_TOO_DEEP)
      {
        hb_set_parse_error (error, HB_PARSE_ERROR_SYNTAX, line,
                            char_column (text, len, line, column),
                            g_dngettext (NULL,
                                         "the JSON nests deeper than %d level; a Flow Free "
                                         "level is a list of rows, each a list of cells",
                                         "the JSON nests deeper than %d levels; a Flow Free "
                                         "level is a list of rows, each a list of cells",
                                         JSON_MAX_DEPTH),
                            JSON_MAX_DEPTH);
        return NULL;
      }
    if (scan == JSON_SCAN_ROWS || scan == JSON_SCAN_ROW_LONG)
      {
        /* Said as the checks after json-glib say it, before its tree. */
        g_autofree char *m = scan == JSON_SCAN_ROWS ? hb_too_many_rows_text ()
                                                    : hb_row_too_long_text ();
        hb_set_parse_error (error, HB_PARSE_ERROR_SIZE, line, char_column (text, len, line, column),
                            "%s", m);
        return NULL;
      }
    if (scan == JSON_SCAN_SURROGATE)
      {
        hb_set_parse_error (error, HB_PARSE_ERROR_SYNTAX, line,
                            char_column (text, len, line, column),
                            _("not valid JSON: half of a UTF-16 pair (an escape from \\ud800 to "
                              "\\udfff) without its other half"));
        return NULL;
      }
    if (scan == JSON_SCAN_NUL)
      {
        hb_set_parse_error (error, HB_PARSE_ERROR_SYNTAX, line,
                            char_column (text, len, line, column),
                            _("a colour's name holds a NUL character (\\u0000)"));
        return NULL;
      }
    /* Cut short, and nothing else wrong before the cut: closed as it
     * would have been, the text reads (else json-glib's error below says
     * what is wrong first: "[[nul, null]" is a bad word at 1:3). */
    if (scan == JSON_SCAN_UNCLOSED)
      {
        g_autofree char *closed = g_strdup_printf ("%.*s%s%s", (int) MIN (len, (gsize) G_MAXINT),
                                                   text, closers[JSON_MAX_DEPTH + 1] == '"' ? "\"" : "",
                                                   closers + JSON_MAX_DEPTH + 2);
        g_autoptr (GError) closed_error = NULL;
        /* Only whether it reads matters (clang counts a g_autoptr kept
         * for its cleanup alone as unused). */
        JsonNode *closed_root = json_from_string (closed, &closed_error);

        g_clear_pointer (&closed_root, json_node_unref);
        if (closed_error == NULL)
          {
            hb_set_parse_error (error, HB_PARSE_ERROR_SYNTAX, line,
                                char_column (text, len, line, column),
                                closers[JSON_MAX_DEPTH + 1] == '"'
                                ? _("not valid JSON: the text ends inside a string")
                                : _("not valid JSON: the text ends before its lists are closed"));
            return NULL;
          }
      }
    if (scan == JSON_SCAN_TRAILING)
      {
        hb_set_parse_error (error, HB_PARSE_ERROR_SYNTAX, line,
                            char_column (text, len, line, column),
                            _("not valid JSON: more text after the end of the list of rows"));
        return NULL;
      }
  }
  /* json_from_string rather than a JsonParser: no GObject is named here,
   * so the fast CLI, which hands JSON to hintboard-cli-full, links none
   * (hb-cancel.h). It reads up to a NUL, and the text holds none
   * (hb_check_text). */
  copy = g_strndup (text, len);
  root = json_from_string (copy, &json_error);
  if (json_error != NULL)
    {
      set_syntax_error (error, json_error, text, len);
      return NULL;
    }
  if (root == NULL)
    {
      hb_set_parse_error (error, HB_PARSE_ERROR_SIZE, 1, 1,
                          _("the file holds no board (an empty JSON document)"));
      return NULL;
    }
  if (!JSON_NODE_HOLDS_ARRAY (root))
    {
      set_error_at (error, HB_PARSE_ERROR_FORMAT, text, len, -1, -1,
                    _("a Flow Free level in JSON is a list of rows, each a list of "
                      "cells (null or a colour's string)"));
      return NULL;
    }
  rows = json_node_get_array (root);
  height = (int) MIN (json_array_get_length (rows), (guint) G_MAXINT);
  if (height == 0)
    {
      set_error_at (error, HB_PARSE_ERROR_SIZE, text, len, -1, -1,
                    _("the file holds no board (the list of rows is empty)"));
      return NULL;
    }
  if (height > HB_MAX_SIDE)
    {
      g_autofree char *m = hb_too_many_rows_text ();
      set_error_at (error, HB_PARSE_ERROR_SIZE, text, len, HB_MAX_SIDE, -1, m);
      return NULL;
    }

  index_of = g_hash_table_new (g_str_hash, g_str_equal);
  spelled = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  strings = g_ptr_array_new ();
  count = g_new0 (int, FLOW_MAX_COLOURS);
  where_row = g_new0 (int, FLOW_MAX_COLOURS);
  where_col = g_new0 (int, FLOW_MAX_COLOURS);
  for (int y = 0; y < height; y++)
    {
      JsonNode *rn = json_array_get_element (rows, y);
      JsonArray *row;
      int n;

      if (!JSON_NODE_HOLDS_ARRAY (rn))
        {
          set_error_at (error, HB_PARSE_ERROR_FORMAT, text, len, y, -1,
                        _("a row must be a list of cells (null or a colour's string)"));
          return NULL;
        }
      row = json_node_get_array (rn);
      n = (int) MIN (json_array_get_length (row), (guint) G_MAXINT);
      if (width < 0)
        {
          if (n == 0)
            {
              set_error_at (error, HB_PARSE_ERROR_SIZE, text, len, y, -1,
                            _("the first row is empty"));
              return NULL;
            }
          if (n > HB_MAX_SIDE)
            {
              g_autofree char *m = hb_row_too_long_text ();
              set_error_at (error, HB_PARSE_ERROR_SIZE, text, len, y, HB_MAX_SIDE, m);
              return NULL;
            }
          width = n;
          cells = g_malloc0 ((gsize) width * height);
        }
      else if (n != width)
        {
          g_autofree char *m
            = g_strdup_printf (g_dngettext (NULL,
                                            "row %d has %d cell but the first row has %d: the "
                                            "grid is ragged",
                                            "row %d has %d cells but the first row has %d: the "
                                            "grid is ragged", n),
                               y + 1, n, width);
          set_error_at (error, HB_PARSE_ERROR_SHAPE, text, len, y, -1, m);
          return NULL;
        }
      for (int x = 0; x < n; x++)
        {
          JsonNode *cn = json_array_get_element (row, x);
          const char *str;
          gpointer v;
          char game;
          int c;

          if (JSON_NODE_HOLDS_NULL (cn))
            continue;
          if (!JSON_NODE_HOLDS_VALUE (cn) || json_node_get_value_type (cn) != G_TYPE_STRING)
            {
              set_error_at (error, HB_PARSE_ERROR_FORMAT, text, len, y, x,
                            _("a cell must be null (empty) or a string naming its colour"));
              return NULL;
            }
          str = json_node_get_string (cn);
          if (str == NULL || str[0] == '\0')
            {
              set_error_at (error, HB_PARSE_ERROR_SHAPE, text, len, y, x,
                            _("an empty string names no colour (an empty cell is null)"));
              return NULL;
            }
          /* A game colour's name spelt another way ("Red" after "red",
           * "Dark-Blue" after "dark blue") is the same colour: it was two
           * colours of one dot each (review). Its other names stay
           * colours of their own ("navy" beside "dark blue", "violet"
           * beside "purple": two CSS colours a file may use for two). */
          game = flow_colour_char_for_name (str);
          if (game != 0)
            fold_name (str, folded, sizeof folded);
          if (g_hash_table_lookup_extended (game != 0 ? spelled : index_of,
                                            game != 0 ? folded : str, NULL, &v))
            c = GPOINTER_TO_INT (v) - 1;
          else
            {
              if (colours >= FLOW_MAX_COLOURS)
                {
                  g_autofree char *m = flow_too_many_colours_text ();
                  set_error_at (error, HB_PARSE_ERROR_SIZE, text, len, y, x, m);
                  return NULL;
                }
              c = colours++;
              if (game != 0)
                g_hash_table_insert (spelled, g_strdup (folded), GINT_TO_POINTER (c + 1));
              else
                g_hash_table_insert (index_of, (gpointer) str, GINT_TO_POINTER (c + 1));
              g_ptr_array_add (strings, (gpointer) str);
              where_row[c] = y;
              where_col[c] = x;
            }
          count[c]++;
          /* The third dot is where the error is; one dot, at its place
           * (checked below). */
          if (count[c] == 3)
            {
              g_autofree char *shown = name_for_message (str);
              g_autofree char *m
                = g_strdup_printf (_("colour \"%s\" has a third dot: every colour needs "
                                     "exactly two"), shown);
              if (!has_null (rows))
                {
                  /* Every cell coloured: a solution (`solve --json`). */
                  char *t = g_strdup_printf (_("%s (every cell is coloured: this looks like a "
                                               "solution, and a level holds only its dots)"), m);
                  g_free (m);
                  m = t;
                }
              set_error_at (error, HB_PARSE_ERROR_SHAPE, text, len, y, x, m);
              return NULL;
            }
          cells[(gsize) y * width + x] = (guint8) (c + 1);
        }
    }
  for (int c = 0; c < colours; c++)
    if (count[c] != 2)
      {
        g_autofree char *shown = name_for_message (strings->pdata[c]);
        g_autofree char *m
          = g_strdup_printf (_("colour \"%s\" has 1 dot: every colour needs exactly two"),
                             shown);
        set_error_at (error, HB_PARSE_ERROR_SHAPE, text, len, where_row[c], where_col[c], m);
        return NULL;
      }
  if (colours == 0)
    {
      set_error_at (error, HB_PARSE_ERROR_SHAPE, text, len, -1, -1,
                    _("the board has no dots: a level needs at least one pair"));
      return NULL;
    }

  /* Characters for the text format: a game colour's letter for its name,
   * the string itself when it is one colour character, else a spare one.
   * Names first: "red" is red even after an "R" (which took red, and
   * "red" was drawn green: review); the "R" then gets a spare one. */
  for (int pass = 0; pass < 2; pass++)
    for (int c = 0; c < colours; c++)
      {
        const char *str = strings->pdata[c];
        char ch = pass == 0 ? flow_colour_char_for_name (str) : 0;

        if (pass == 1 && names[c] == 0 && str[1] == '\0' && str[0] > ' ' && str[0] < 127
            && str[0] != '#' && str[0] != '.')
          ch = str[0];
        if (ch != 0 && !used[(int) ch])
          {
            names[c] = ch;
            used[(int) ch] = TRUE;
          }
      }
  {
    int k = 0;
    for (int c = 0; c < FLOW_MAX_COLOURS; c++)
      {
        if (names[c] != 0 && c < colours)
          continue;
        while (flow_default_names[k] != '\0' && used[(int) flow_default_names[k]])
          k++;
        if (flow_default_names[k] == '\0')
          break;
        names[c] = flow_default_names[k];
        used[(int) flow_default_names[k]] = TRUE;
      }
  }

  s = flow_state_new (width, height, colours);
  memcpy (s->names, names, FLOW_MAX_COLOURS);
  s->names[FLOW_MAX_COLOURS] = '\0';
  s->json_names = g_new0 (char *, FLOW_MAX_COLOURS + 1);
  for (int c = 0; c < colours; c++)
    s->json_names[c] = g_strdup (strings->pdata[c]);
  memcpy (s->dot, cells, (gsize) width * height);
  memcpy (s->colour, cells, (gsize) width * height);
  return s;
}

/* ---- Writing -------------------------------------------------------------------- */

/* The string colour c is written with: its JSON string when it was read
 * from JSON, else the game colour's name for one of the 16 letters, else
 * its character. */
static char *
colour_string (const FlowState *s, int c)
{
  const char *name;

  if (s->json_names != NULL && s->json_names[c] != NULL)
    return g_strdup (s->json_names[c]);
  name = flow_colour_name_for_char (s->names[c]);
  if (name != NULL)
    return g_strdup (name);
  return g_strndup (&s->names[c], 1);
}

char *
flow_write_json (const FlowState *s, gboolean solution)
{
  int w = s->base.width, h = s->base.height;
  g_autoptr (GPtrArray) strings = g_ptr_array_new_with_free_func (g_free);
  GString *out = g_string_new ("[\n");

  for (int c = 0; c < s->colours; c++)
    g_ptr_array_add (strings, colour_string (s, c));
  /* One row per line, as the write-up shows: each row is its own JSON
   * array, generated by json-glib (json_to_string: no JsonGenerator, a
   * GObject), and the rows joined by ",\n". */
  for (int y = 0; y < h; y++)
    {
      g_autoptr (JsonArray) row = json_array_sized_new ((guint) w);
      g_autoptr (JsonNode) node = json_node_new (JSON_NODE_ARRAY);
      g_autofree char *line = NULL;

      for (int x = 0; x < w; x++)
        {
          gsize i = (gsize) y * w + x;
          int v = solution ? s->colour[i] : s->dot[i];

          if (v == 0 || v > s->colours)
            json_array_add_null_element (row);
          else
            json_array_add_string_element (row, strings->pdata[v - 1]);
        }
      json_node_set_array (node, row);
      line = json_to_string (node, FALSE);
      g_string_append (out, line);
      g_string_append (out, y + 1 < h ? ",\n" : "\n");
    }
  g_string_append (out, "]\n");
  return g_string_free (out, FALSE);
}

/* Whether the text starts as the write-up's JSON: a UTF-8 byte order
 * mark, then blanks, '[', blanks, '['; with `comments`, comments between
 * slash-stars count as blanks, as json-glib skips them (json-glib takes
 * no line comments). */
gboolean
flow_sniff_json_full (const char *text, gsize len, gboolean comments)
{
  const char *p = text, *end = text + len;
  int brackets = 0;

  if (len >= 3 && memcmp (p, "\xef\xbb\xbf", 3) == 0)
    p += 3;
  for (; p < end && brackets < 2; p++)
    {
      if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
        continue;
      if (comments && *p == '/' && end - p >= 2 && p[1] == '*')
        {
          const char *close = g_strstr_len (p + 2, end - p - 2, "*/");
          if (close == NULL)
            return FALSE;
          p = close + 1;
          continue;
        }
      if (*p != '[')
        return FALSE;
      brackets++;
    }
  return brackets == 2;
}

gboolean
flow_sniff_json (const char *text, gsize len)
{
  return flow_sniff_json_full (text, len, FALSE);
}
