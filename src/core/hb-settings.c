#include "hb-settings.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>

G_DEFINE_QUARK (hb-settings-error-quark, hb_settings_error)

typedef struct {
  HbSettingType type;
  union {
    gint64   i;
    double   d;
    gboolean b;
    guint64  seed;
  } v;
  char *choice;   /* CHOICE: the id (copied) */
} Value;

struct _HbSettings {
  GHashTable *values;   /* key (owned) → Value* */
};

static void
value_free (gpointer p)
{
  Value *v = p;
  g_free (v->choice);
  g_free (v);
}

HbSettings *
hb_settings_new (void)
{
  HbSettings *s = g_new0 (HbSettings, 1);
  s->values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, value_free);
  return s;
}

HbSettings *
hb_settings_copy (const HbSettings *s)
{
  HbSettings *c = hb_settings_new ();
  GHashTableIter it;
  gpointer k, p;

  if (s == NULL)
    return c;
  g_hash_table_iter_init (&it, s->values);
  while (g_hash_table_iter_next (&it, &k, &p))
    {
      Value *v = g_memdup2 (p, sizeof (Value));
      v->choice = g_strdup (((Value *) p)->choice);
      g_hash_table_insert (c->values, g_strdup (k), v);
    }
  return c;
}

void
hb_settings_free (HbSettings *s)
{
  if (s == NULL)
    return;
  g_hash_table_unref (s->values);
  g_free (s);
}

gsize
hb_setting_list_length (const HbSetting *decls)
{
  gsize n = 0;
  while (decls != NULL && decls[n].key != NULL)
    n++;
  return n;
}

const HbSetting *
hb_setting_list_find (const HbSetting *decls, const char *key)
{
  for (gsize i = 0; decls != NULL && decls[i].key != NULL; i++)
    if (g_str_equal (decls[i].key, key))
      return &decls[i];
  return NULL;
}

static Value *
put (HbSettings *s, const HbSetting *decl)
{
  Value *v = g_new0 (Value, 1);
  v->type = decl->type;
  g_hash_table_replace (s->values, g_strdup (decl->key), v);
  return v;
}

/* The range as a user reads it: "1..100000", "0 (automatic) or 2..10". */
static char *
range_text (const HbSetting *d)
{
  char lo[G_ASCII_DTOSTR_BUF_SIZE], hi[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (lo, sizeof lo, "%.15g", d->min);
  g_ascii_formatd (hi, sizeof hi, "%.15g", d->max);
  return g_strdup_printf ("%s..%s", lo, hi);
}

static gboolean
type_is (const HbSetting *d, HbSettingType t, GError **error)
{
  if (d->type == t)
    return TRUE;
  g_set_error (error, HB_SETTINGS_ERROR, HB_SETTINGS_ERROR_VALUE,
               "setting “%s” does not take a value of this kind", d->key);
  return FALSE;
}

gboolean
hb_settings_set_int (HbSettings *s, const HbSetting *d, gint64 value, GError **error)
{
  if (!type_is (d, HB_SETTING_INT, error))
    return FALSE;
  if ((double) value < d->min || (double) value > d->max)
    {
      g_autofree char *r = range_text (d);
      g_set_error (error, HB_SETTINGS_ERROR, HB_SETTINGS_ERROR_RANGE,
                   "%s = %" G_GINT64_FORMAT " is out of range: it takes a whole number in %s",
                   d->key, value, r);
      return FALSE;
    }
  put (s, d)->v.i = value;
  return TRUE;
}

gboolean
hb_settings_set_number (HbSettings *s, const HbSetting *d, double value, GError **error)
{
  if (!type_is (d, HB_SETTING_NUMBER, error))
    return FALSE;
  if (!isfinite (value) || value < d->min || value > d->max)
    {
      g_autofree char *r = range_text (d);
      char buf[G_ASCII_DTOSTR_BUF_SIZE];
      g_set_error (error, HB_SETTINGS_ERROR, HB_SETTINGS_ERROR_RANGE,
                   "%s = %s is out of range: it takes a number in %s", d->key,
                   g_ascii_formatd (buf, sizeof buf, "%g", value), r);
      return FALSE;
    }
  put (s, d)->v.d = value;
  return TRUE;
}

gboolean
hb_settings_set_switch (HbSettings *s, const HbSetting *d, gboolean value, GError **error)
{
  if (!type_is (d, HB_SETTING_SWITCH, error))
    return FALSE;
  put (s, d)->v.b = value ? TRUE : FALSE;
  return TRUE;
}

/* Text typed, as a message shows it: control characters and bytes that
 * are no UTF-8 escaped, letters beyond ASCII as they are ("“café”", which
 * g_strescape alone wrote "“caf\303\251”"). */
static char *
escaped (const char *text)
{
  char high[129];

  if (!g_utf8_validate (text, -1, NULL))
    return g_strescape (text, NULL);
  for (int i = 0; i < 128; i++)
    high[i] = (char) (0x80 + i);
  high[128] = '\0';
  return g_strescape (text, high);
}

static char *
choices_text (const HbSetting *d)
{
  GString *s = g_string_new (NULL);
  for (gsize i = 0; d->choices != NULL && d->choices[i].id != NULL; i++)
    g_string_append_printf (s, "%s%s", i ? ", " : "", d->choices[i].id);
  return g_string_free (s, FALSE);
}

gboolean
hb_settings_set_choice (HbSettings *s, const HbSetting *d, const char *id, GError **error)
{
  if (!type_is (d, HB_SETTING_CHOICE, error))
    return FALSE;
  for (gsize i = 0; d->choices != NULL && d->choices[i].id != NULL; i++)
    if (g_str_equal (d->choices[i].id, id))
      {
        put (s, d)->choice = g_strdup (id);
        return TRUE;
      }
  {
    g_autofree char *list = choices_text (d);
    g_autofree char *shown = escaped (id);
    g_set_error (error, HB_SETTINGS_ERROR, HB_SETTINGS_ERROR_RANGE,
                 "%s = “%s” is not one of its choices: %s", d->key, shown, list);
  }
  return FALSE;
}

gboolean
hb_settings_set_seed (HbSettings *s, const HbSetting *d, guint64 value, GError **error)
{
  if (!type_is (d, HB_SETTING_SEED, error))
    return FALSE;
  put (s, d)->v.seed = value;
  return TRUE;
}

static gboolean
bad_value (const HbSetting *d, const char *text, const char *what, GError **error)
{
  g_autofree char *shown = escaped (text);
  g_set_error (error, HB_SETTINGS_ERROR, HB_SETTINGS_ERROR_VALUE,
               "%s = “%s”: expected %s", d->key, shown, what);
  return FALSE;
}

gboolean
hb_seed_parse (const char *text, guint64 *seed)
{
  const char *digits = text + (text[0] == '+');

  /* g_ascii_string_to_unsigned refuses a '+' (--set seed=+5 was refused
   * where --seed +5 was taken: review); the digits alone are given it. */
  if (!g_ascii_isdigit (digits[0]) || strspn (digits, "0123456789") != strlen (digits))
    return FALSE;
  return g_ascii_string_to_unsigned (digits, 10, 0, G_MAXUINT64, seed, NULL);
}

gboolean
hb_settings_set_from_string (HbSettings *s, const HbSetting *d, const char *text,
                             GError **error)
{
  switch (d->type)
    {
    case HB_SETTING_INT:
      {
        gint64 v;
        /* The range, and that only decimal digits are read ("0x10" said
         * "expected a whole number", as if 16 were none: review). */
        if (!g_ascii_string_to_signed (text, 10, G_MININT64, G_MAXINT64, &v, NULL))
          {
            g_autofree char *what = g_strdup_printf ("a whole number from %" G_GINT64_FORMAT
                                                     " to %" G_GINT64_FORMAT " in decimal digits",
                                                     (gint64) d->min, (gint64) d->max);
            return bad_value (d, text, what, error);
          }
        return hb_settings_set_int (s, d, v, error);
      }
    case HB_SETTING_NUMBER:
      {
        char *end = NULL;
        double v;
        if (*text == '\0' || g_ascii_isspace (*text))
          return bad_value (d, text, "a number", error);
        /* Decimal only: strtod also reads hex ("0x1p-1" was a mutation
         * rate of 0.5: review). */
        if (strpbrk (text, "xX") != NULL)
          return bad_value (d, text, "a decimal number", error);
        v = g_ascii_strtod (text, &end);
        /* "abc", or "0,5" with a comma for the point, is no number; only
         * "nan", "inf" or "1e400" are numbers that are not finite. */
        if (end == text || *end != '\0')
          return bad_value (d, text, "a number", error);
        if (!isfinite (v))
          return bad_value (d, text, "a finite number", error);
        return hb_settings_set_number (s, d, v, error);
      }
    case HB_SETTING_SWITCH:
      {
        static const char *const yes[] = { "true", "yes", "on", "1", NULL };
        static const char *const no[] = { "false", "no", "off", "0", NULL };
        /* In any case ("TRUE" was refused where "1" was taken: review). */
        g_autofree char *lower = g_ascii_strdown (text, -1);
        if (g_strv_contains (yes, lower))
          return hb_settings_set_switch (s, d, TRUE, error);
        if (g_strv_contains (no, lower))
          return hb_settings_set_switch (s, d, FALSE, error);
        return bad_value (d, text, "true or false", error);
      }
    case HB_SETTING_CHOICE:
      return hb_settings_set_choice (s, d, text, error);
    case HB_SETTING_SEED:
      {
        guint64 v;
        if (!hb_seed_parse (text, &v))
          return bad_value (d, text, HB_SEED_EXPECTED, error);
        return hb_settings_set_seed (s, d, v, error);
      }
    default:
      return bad_value (d, text, "a known kind of value", error);
    }
}

gboolean
hb_settings_parse_assignment (HbSettings *s, const char *assignment, GError **error, ...)
{
  const char *eq = strchr (assignment, '=');
  g_autofree char *key = NULL;
  const HbSetting *found = NULL;
  g_autoptr (GString) known = g_string_new (NULL);
  va_list ap;

  if (eq == NULL || eq == assignment)
    {
      g_autofree char *shown = escaped (assignment);
      g_set_error (error, HB_SETTINGS_ERROR, HB_SETTINGS_ERROR_VALUE,
                   "“%s” is not of the form KEY=VALUE", shown);
      return FALSE;
    }
  key = g_strndup (assignment, eq - assignment);
  va_start (ap, error);
  for (const HbSetting *decls = va_arg (ap, const HbSetting *); decls != NULL;
       decls = va_arg (ap, const HbSetting *))
    for (gsize i = 0; decls[i].key != NULL; i++)
      {
        if (found == NULL && g_str_equal (decls[i].key, key))
          found = &decls[i];
        g_string_append_printf (known, "%s%s", known->len ? ", " : "", decls[i].key);
      }
  va_end (ap);
  if (found == NULL)
    {
      g_autofree char *shown = escaped (key);
      if (known->len == 0)
        g_set_error (error, HB_SETTINGS_ERROR, HB_SETTINGS_ERROR_UNKNOWN,
                     "unknown setting “%s”: there are no settings here", shown);
      else
        g_set_error (error, HB_SETTINGS_ERROR, HB_SETTINGS_ERROR_UNKNOWN,
                     "unknown setting “%s” (known: %s)", shown, known->str);
      return FALSE;
    }
  if (hb_settings_has (s, found->key))
    {
      g_set_error (error, HB_SETTINGS_ERROR, HB_SETTINGS_ERROR_REPEATED,
                   "%s is set twice: give it once", found->key);
      return FALSE;
    }
  return hb_settings_set_from_string (s, found, eq + 1, error);
}

void
hb_settings_unset (HbSettings *s, const char *key)
{
  if (s != NULL)
    g_hash_table_remove (s->values, key);
}

gboolean
hb_settings_has (const HbSettings *s, const char *key)
{
  return s != NULL && g_hash_table_contains (s->values, key);
}

static const Value *
lookup (const HbSettings *s, const HbSetting *decls, const char *key,
        HbSettingType type, const HbSetting **decl_out)
{
  const HbSetting *d = hb_setting_list_find (decls, key);
  const Value *v;

  *decl_out = d;
  if (d == NULL || d->type != type)
    {
      g_critical ("setting “%s” is not declared as that type", key);
      return NULL;
    }
  if (s == NULL)
    return NULL;
  v = g_hash_table_lookup (s->values, key);
  return (v != NULL && v->type == type) ? v : NULL;
}

gint64
hb_settings_get_int (const HbSettings *s, const HbSetting *decls, const char *key)
{
  const HbSetting *d;
  const Value *v = lookup (s, decls, key, HB_SETTING_INT, &d);
  return v ? v->v.i : d ? (gint64) d->def : 0;
}

double
hb_settings_get_number (const HbSettings *s, const HbSetting *decls, const char *key)
{
  const HbSetting *d;
  const Value *v = lookup (s, decls, key, HB_SETTING_NUMBER, &d);
  return v ? v->v.d : d ? d->def : 0;
}

gboolean
hb_settings_get_switch (const HbSettings *s, const HbSetting *decls, const char *key)
{
  const HbSetting *d;
  const Value *v = lookup (s, decls, key, HB_SETTING_SWITCH, &d);
  return v ? v->v.b : d ? d->def != 0 : FALSE;
}

const char *
hb_settings_get_choice (const HbSettings *s, const HbSetting *decls, const char *key)
{
  const HbSetting *d;
  const Value *v = lookup (s, decls, key, HB_SETTING_CHOICE, &d);
  gsize n = 0;

  if (v != NULL)
    return v->choice;
  if (d == NULL || d->choices == NULL)
    return NULL;
  while (d->choices[n].id != NULL)
    n++;
  return (d->def >= 0 && d->def < n) ? d->choices[(gsize) d->def].id : d->choices[0].id;
}

guint64
hb_settings_get_seed (const HbSettings *s, const char *key, gboolean *was_set)
{
  const Value *v = s ? g_hash_table_lookup (s->values, key) : NULL;

  if (v != NULL && v->type == HB_SETTING_SEED)
    {
      if (was_set)
        *was_set = TRUE;
      return v->v.seed;
    }
  if (was_set)
    *was_set = FALSE;
  /* 53 bits from GLib's generator and 32 more: any 64-bit seed can come up. */
  return ((guint64) g_random_int () << 32) ^ (guint64) g_random_int ()
         ^ ((guint64) g_get_real_time () * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));
}

static char *
value_text (const Value *v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  switch (v->type)
    {
    case HB_SETTING_INT: return g_strdup_printf ("%" G_GINT64_FORMAT, v->v.i);
    case HB_SETTING_NUMBER: return g_strdup (g_ascii_formatd (buf, sizeof buf, "%.15g", v->v.d));
    case HB_SETTING_SWITCH: return g_strdup (v->v.b ? "true" : "false");
    case HB_SETTING_CHOICE: return g_strdup (v->choice);
    case HB_SETTING_SEED: return g_strdup_printf ("%" G_GUINT64_FORMAT, v->v.seed);
    default: return NULL;
    }
}

char *
hb_settings_to_string (const HbSettings *s, const HbSetting *decl)
{
  const Value *v = s ? g_hash_table_lookup (s->values, decl->key) : NULL;
  return v ? value_text (v) : NULL;
}

static gint
compare_keys (gconstpointer a, gconstpointer b, gpointer user_data)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

char *
hb_settings_to_assignments (const HbSettings *s)
{
  GString *out = g_string_new (NULL);
  g_autofree gpointer *keys = NULL;
  guint n = 0;

  if (s == NULL)
    return g_string_free (out, FALSE);
  keys = g_hash_table_get_keys_as_array (s->values, &n);
  g_qsort_with_data (keys, n, sizeof (gpointer), compare_keys, NULL);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *t = value_text (g_hash_table_lookup (s->values, keys[i]));
      g_string_append_printf (out, "%s%s=%s", i ? " " : "", (char *) keys[i], t);
    }
  return g_string_free (out, FALSE);
}

char *
hb_setting_describe (const HbSetting *d)
{
  GString *s = g_string_new (NULL);
  char lo[G_ASCII_DTOSTR_BUF_SIZE], def[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_printf (s, "%-14s ", d->key);
  switch (d->type)
    {
    case HB_SETTING_INT:
    case HB_SETTING_NUMBER:
      {
        g_autofree char *r = range_text (d);
        g_string_append_printf (s, "%s %s", d->type == HB_SETTING_INT ? "integer" : "number", r);
        if (d->unit)
          g_string_append_printf (s, " %s", d->unit);
        if (d->auto_label)
          g_string_append_printf (s, " (%s = automatic)",
                                  g_ascii_formatd (lo, sizeof lo, "%.15g", d->min));
        g_string_append_printf (s, ", default %s",
                                g_ascii_formatd (def, sizeof def, "%.15g", d->def));
        break;
      }
    case HB_SETTING_SWITCH:
      g_string_append_printf (s, "switch true|false, default %s", d->def != 0 ? "true" : "false");
      break;
    case HB_SETTING_CHOICE:
      {
        g_autofree char *list = choices_text (d);
        gsize n = 0;
        while (d->choices && d->choices[n].id)
          n++;
        g_string_append_printf (s, "choice %s, default %s", list,
                                n > 0 && d->def >= 0 && d->def < n
                                  ? d->choices[(gsize) d->def].id : "?");
        break;
      }
    case HB_SETTING_SEED:
      /* hintboard-cli runs every stochastic solver on seed 1 unless told:
       * the same run each time (the app draws one). */
      g_string_append (s, "seed 0..18446744073709551615, default 1 (the app: random)");
      break;
    }
  g_string_append_printf (s, " — %s", d->label);
  return g_string_free (s, FALSE);
}
