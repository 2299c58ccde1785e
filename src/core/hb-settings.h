/* hb-settings.h: settings that games and solvers declare as data.
 *
 * In the manner of Simon Tatham's configure(): a game (for its level
 * generator) and each solver list their settings as a `const HbSetting[]`
 * terminated by an entry whose key is NULL. Nothing else in the shell knows
 * them: the app's sidebar builds its controls from the list, the CLI's
 * `--set KEY=VALUE` is checked against it and `list --settings` prints it.
 *
 * Values live in an HbSettings (a small key → value table). A value out of
 * range is an error (HB_SETTINGS_ERROR_RANGE), never clamped. Readers take
 * the declaration list too, so a key that was never set reads as its
 * declared default and a NULL HbSettings is valid everywhere:
 *
 *   static const HbSetting ga_settings[] = {
 *     { "population", "Population", NULL, HB_SETTING_INT, 0, 100000, 0,
 *       .auto_label = "Automatic" },   (labels marked with the N_ macro)
 *     HB_SETTING_SEED_ENTRY,
 *     { NULL }
 *   };
 *   gint64 pop = hb_settings_get_int (options->settings, ga_settings, "population");
 *
 * A SEED setting has no default: unset, hb_settings_get_seed() draws a fresh
 * random seed and says so, and a stochastic solver reports the seed it used
 * as its "seed" stat so the exact run can be repeated with --set seed=N.
 */
#pragma once

#include <glib.h>
#include <glib/gi18n.h>  /* N_, for HB_SETTING_SEED_ENTRY */

G_BEGIN_DECLS

#define HB_SETTINGS_ERROR (hb_settings_error_quark ())

typedef enum {
  HB_SETTINGS_ERROR_UNKNOWN,  /* no such key */
  HB_SETTINGS_ERROR_VALUE,    /* not a value of the setting's type */
  HB_SETTINGS_ERROR_RANGE,    /* outside the declared range or choices */
  HB_SETTINGS_ERROR_REPEATED, /* one key given twice in one list of assignments */
} HbSettingsErrorCode;

GQuark hb_settings_error_quark (void);

typedef enum {
  HB_SETTING_INT,     /* whole number in [min, max] */
  HB_SETTING_NUMBER,  /* real number in [min, max], finite */
  HB_SETTING_CHOICE,  /* one of `choices` (by id); `def` is the index */
  HB_SETTING_SWITCH,  /* true / false; `def` is 0 or 1 */
  HB_SETTING_SEED,    /* any 64-bit unsigned number; unset = random */
} HbSettingType;

typedef struct {
  const char *id;     /* what --set takes: "fast" */
  const char *label;  /* "Fast", marked with N_, shown in the app */
} HbSettingChoice;

typedef struct {
  const char   *key;        /* "population"; NULL ends a list */
  const char   *label;      /* "Population" (N_), shown in the app */
  const char   *help;       /* one sentence (N_) for a tooltip, or NULL */
  HbSettingType type;
  double        min, max;   /* INT and NUMBER */
  double        def;        /* INT, NUMBER; SWITCH 0/1; CHOICE index */
  const HbSettingChoice *choices; /* CHOICE: ends with an entry whose id is NULL */
  /* INT and NUMBER: when not NULL, the value `min` means "decide for me"
   * (e.g. from the board size) and is shown with this label, "Automatic" (N_). */
  const char   *auto_label;
  const char   *unit;       /* "s" (N_), "%"…, or NULL */
  /* INT with auto_label: the least value the solver takes other than
   * `min` (a population of 2); 0 when every value in range is taken. The
   * app's + from "Auto" goes to it, its − back to "Auto". */
  double        least;
} HbSetting;

/* The seed every stochastic solver declares. */
#define HB_SETTING_SEED_ENTRY \
  { "seed", N_("Seed"), N_("The same seed repeats the same run; empty picks one at random."), \
    HB_SETTING_SEED, 0, 0, 0, NULL, NULL, NULL }

typedef struct _HbSettings HbSettings;

HbSettings *hb_settings_new (void);
HbSettings *hb_settings_copy (const HbSettings *settings);
void        hb_settings_free (HbSettings *settings);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HbSettings, hb_settings_free)

/* Declarations. */
gsize            hb_setting_list_length (const HbSetting *decls);
const HbSetting *hb_setting_list_find (const HbSetting *decls, const char *key);

/* Setting a value checks it against `decl` (type and range). */
gboolean hb_settings_set_int (HbSettings *s, const HbSetting *decl, gint64 value, GError **error);
gboolean hb_settings_set_number (HbSettings *s, const HbSetting *decl, double value, GError **error);
gboolean hb_settings_set_switch (HbSettings *s, const HbSetting *decl, gboolean value, GError **error);
gboolean hb_settings_set_choice (HbSettings *s, const HbSetting *decl, const char *id, GError **error);
gboolean hb_settings_set_seed (HbSettings *s, const HbSetting *decl, guint64 value, GError **error);
/* A seed as every place that takes one reads it (hintboard-cli's --seed
 * and --set seed=, the app's Seed field): decimal digits, a '+' before
 * them allowed as every number option allows it, 0 to 2^64 − 1; no
 * blanks, no '-', no hexadecimal. FALSE (and *seed untouched) otherwise. */
gboolean hb_seed_parse (const char *text, guint64 *seed);
/* What a seed takes, as every message refusing one says it (--set
 * seed=, hintboard-cli's --seed). */
#define HB_SEED_EXPECTED "a whole number from 0 to 18446744073709551615 in decimal digits"
/* Parses text for `decl`: integers in decimal, numbers as C locale reals
 * (nan and inf refused), switches as true/false/yes/no/on/off/1/0, choices
 * by id, seeds as hb_seed_parse reads them. The message names the key and
 * range. */
gboolean hb_settings_set_from_string (HbSettings *s, const HbSetting *decl,
                                      const char *text, GError **error);
/* "KEY=VALUE" against one or more declaration lists (NULL-terminated
 * varargs of `const HbSetting *`); an unknown key lists the known ones, and
 * a key `s` already holds is refused (HB_SETTINGS_ERROR_REPEATED: of
 * `--set k=1 --set k=2` neither is plainly the one meant). */
gboolean hb_settings_parse_assignment (HbSettings *s, const char *assignment,
                                       GError **error, ...) G_GNUC_NULL_TERMINATED;
void     hb_settings_unset (HbSettings *s, const char *key);
gboolean hb_settings_has (const HbSettings *s, const char *key);

/* Reading: `s` may be NULL; a key not set reads as its default in `decls`.
 * Reading a key that `decls` does not declare is a programming error
 * (g_critical) and returns 0. */
gint64      hb_settings_get_int (const HbSettings *s, const HbSetting *decls, const char *key);
double      hb_settings_get_number (const HbSettings *s, const HbSetting *decls, const char *key);
gboolean    hb_settings_get_switch (const HbSettings *s, const HbSetting *decls, const char *key);
const char *hb_settings_get_choice (const HbSettings *s, const HbSetting *decls, const char *key);
/* The seed set, or (when unset, or `s` is NULL) a fresh random one; *was_set
 * (may be NULL) says which. */
guint64     hb_settings_get_seed (const HbSettings *s, const char *key, gboolean *was_set);

/* The value as --set would take it ("12", "0.5", "true", "fast"), or NULL
 * when unset. */
char       *hb_settings_to_string (const HbSettings *s, const HbSetting *decl);
/* "KEY=VALUE" for every value set, space separated in key order (for a
 * command line that repeats a run), or an empty string. */
char       *hb_settings_to_assignments (const HbSettings *s);

/* One line describing a declaration, for hintboard-cli's `list --settings`:
 * "population  integer 0..100000 (0 = automatic), default 0 — Population". */
char       *hb_setting_describe (const HbSetting *decl);

G_END_DECLS
