/* hb-test-util.h: small helpers shared by the tests. */
#pragma once

#include "hb-game.h"
#include "hb-image.h"

G_BEGIN_DECLS

/* Reads tests/data/<relative path> (G_TEST_SRCDIR), aborting the test if it
 * cannot. Newly allocated, NUL-terminated. */
char *hb_test_read_data (const char *relative, gsize *len);

/* Splits a TSV data file into rows of fields, skipping '#' comments and
 * blank lines. Returns a GPtrArray of GStrv. */
GPtrArray *hb_test_read_tsv (const char *relative);

/* Parses text with the game, asserting success. */
HbState *hb_test_parse (const HbGame *game, const char *text);

/* Asserts that parsing fails with an error whose message contains
 * `needle` (may be NULL) and that the message starts with "LINE:COL:". */
void hb_test_parse_fails (const HbGame *game, const char *text, const char *needle);

/* Removes folder `path` and everything in it (links are removed, not
 * followed). */
void hb_test_remove_tree (const char *path);

/* Numbers as in English (LC_NUMERIC en_US.UTF-8, digits grouped
 * "1,000,000"), from a locale built for the test with localedef in a
 * temporary folder: TRUE, or FALSE with the test skipped when Debian's
 * locales is missing. hb_test_numbers_end goes back to C numbers. */
gboolean hb_test_numbers_english (void);
void     hb_test_numbers_end (void);

/* Messages in Romanian, from the build's po/ro/LC_MESSAGES/hintboard.mo
 * (LANGUAGE=ro over the C.UTF-8 locale: glibc ignores LANGUAGE in plain
 * C): TRUE, or FALSE with the test skipped when C.UTF-8 does not load.
 * Romanian has three plurals (1; 2–19 and numbers ending 01–19; the rest,
 * "27 de mutări"), so it tells which number a plural was chosen from.
 * hb_test_romanian_end goes back to the messages before (LANGUAGE and
 * LC_MESSAGES as they were). */
gboolean hb_test_romanian (void);
void     hb_test_romanian_end (void);

/* The folder ../shared/screens/<sub> beside the project (G_TEST_SRCDIR),
 * where the real screenshots are, if they are there. */
char *hb_test_shared_screens (const char *sub);
/* The folder of the real Flow Free screenshots (../shared/screens/flow),
 * or NULL with the test marked skipped when it is not here. */
char *hb_test_flow_screens_or_skip (void);

/* Flow Free screenshot number i of `dir` (flow_NN.jpg) with its truth
 * file's text (flow_NN.truth.flow) in *truth, or NULL when either is
 * missing. */
HbImage *hb_test_flow_screen (const char *dir, int i, char **truth);

/* `img` scaled by `k` and saved as JPEG at quality 70, read back: a
 * screenshot as a chat app passes it on. */
HbImage *hb_test_scaled_jpeg (const HbImage *img, double k);

/* How a colour is seen: normal vision, or the two red-green deficiencies
 * at full severity as Machado, Oliveira and Fernandes (2009) simulate them
 * (a matrix on linear RGB). */
typedef enum {
  HB_TEST_NORMAL,
  HB_TEST_DEUTERANOPIA,
  HB_TEST_PROTANOPIA,
} HbTestVision;

/* An sRGB colour (components 0..1) as seen with `vision`, in CIELAB (D65
 * white). */
void   hb_test_seen_lab (const double srgb[3], HbTestVision vision, double lab[3]);

/* The CIE76 difference (ΔE) of two sRGB colours as seen with `vision`. */
double hb_test_delta_e (const double a[3], const double b[3], HbTestVision vision);

G_END_DECLS
