#include "hb-error.h"

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
