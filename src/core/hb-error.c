#include "hb-error.h"

#include <glib/gi18n.h>
#include <string.h>

G_DEFINE_QUARK (hb-parse-error-quark, hb_parse_error)
G_DEFINE_QUARK (hb-solve-error-quark, hb_solve_error)

void
hb_set_parse_error (GError         **error,
                    HbParseErrorCode code,
                    int              line,
                    int              column,
                    const char      *format,
                    ...)
{
  va_list ap;
  char *msg;

  if (error == NULL)
    return;

  va_start (ap, format);
  msg = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_set_error (error, HB_PARSE_ERROR, code, "%d:%d: %s",
               MAX (line, 1), MAX (column, 1), msg);
  g_free (msg);
}

void
hb_set_row_after_blank_error (GError **error, int line)
{
  hb_set_parse_error (error, HB_PARSE_ERROR_SHAPE, line, 1,
                      _("a row after a blank line: the board's rows must be consecutive"));
}

void
hb_describe_char (const char *text, gsize len, gsize i, char buf[HB_CHAR_TEXT])
{
  gunichar u = g_utf8_get_char_validated (text + i, (gssize) (len - i));

  memset (buf, 0, HB_CHAR_TEXT);
  if (u == '\t' || u == '\r' || u == '\n')
    g_snprintf (buf, HB_CHAR_TEXT, "\\%c", u == '\t' ? 't' : u == '\r' ? 'r' : 'n');
  else if (u == (gunichar) -1 || u == (gunichar) -2 || u < 0x20 || u == 0x7f)
    g_snprintf (buf, HB_CHAR_TEXT, "\\x%02x", (guchar) text[i]);
  else if (u < 0x80 || g_unichar_isgraph (u))
    g_unichar_to_utf8 (u, buf);
  else
    g_snprintf (buf, HB_CHAR_TEXT, "U+%04X", (guint) u);
}
