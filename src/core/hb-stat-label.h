/* hb-stat-label.h: plain words for the solvers' stats. A stat's name is an
 * English key scripts and tests read ("nullity", "nodes"); the app shows
 * the label found here instead ("Free choices", "Search steps"), with a
 * tooltip where the word needs one. Labels and tooltips are marked for
 * translation (untranslated here): translate them when shown. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  const char *key;      /* the stat's name, as the solver adds it */
  const char *game;     /* a game id when the key means something else
                         * there, or NULL for every game */
  const char *label;    /* capitalised plain words */
  const char *tooltip;  /* what it counts, or NULL when the label says it */
} HbStatLabel;

/* The words for stat `key` of game `game_id` (which may be NULL): the
 * game's own entry first, then the common one; NULL when the key has
 * none. */
const HbStatLabel *hb_stat_label_find (const char *game_id, const char *key);

/* As hb_stat_label_find, for a name that may have been translated
 * already (a trace's counter name: "search calls", or its translation). */
const HbStatLabel *hb_stat_label_find_shown (const char *game_id, const char *name);

/* The whole table, ending with a NULL key (for tests). */
const HbStatLabel *hb_stat_labels (void);

/* A count as a person reads it: the digits grouped as the locale's
 * LC_NUMERIC says ("1,000,000" in English, "1.000.000" in Romanian;
 * not at all in the C locale, so the command line's output, which does
 * not set LC_NUMERIC, stays plain digits). */
char *hb_format_count (gint64 n);

/* A stat's value for the app: a plain count grouped as hb_format_count
 * does, anything else ("4.2 ms", "exactly 1") as it is. */
char *hb_stat_value_shown (const char *value);

G_END_DECLS
