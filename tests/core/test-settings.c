/* Declared settings, the trace's live snapshots and series, the plot drawn
 * from them, and the cells a fast stroke crosses. */
#include "hb-game.h"
#include "hb-grid-state.h"
#include "hb-plot.h"
#include "hb-test-util.h"

#include <math.h>
#include <string.h>

static const HbSettingChoice modes[] = {
  { "fast", "Fast" }, { "careful", "Careful" }, { NULL, NULL },
};

static const HbSetting decls[] = {
  { "population", "Population", NULL, HB_SETTING_INT, 0, 100000, 0, NULL, "Automatic", NULL },
  { "rate", "Mutation rate", NULL, HB_SETTING_NUMBER, 0, 1, 0.05, NULL, NULL, NULL },
  { "mode", "Mode", NULL, HB_SETTING_CHOICE, 0, 0, 1, modes, NULL, NULL },
  { "unique", "Unique", NULL, HB_SETTING_SWITCH, 0, 0, 0, NULL, NULL, NULL },
  HB_SETTING_SEED_ENTRY,
  { NULL }
};

static void
test_settings_defaults (void)
{
  g_autoptr (HbSettings) s = hb_settings_new ();
  gboolean was_set = TRUE;

  g_assert_cmpuint (hb_setting_list_length (decls), ==, 5);
  /* Unset keys, and a NULL table, read as the declared defaults. */
  g_assert_cmpint (hb_settings_get_int (s, decls, "population"), ==, 0);
  g_assert_cmpfloat (hb_settings_get_number (NULL, decls, "rate"), ==, 0.05);
  g_assert_cmpstr (hb_settings_get_choice (s, decls, "mode"), ==, "careful");
  g_assert_false (hb_settings_get_switch (s, decls, "unique"));
  hb_settings_get_seed (s, "seed", &was_set);
  g_assert_false (was_set);
  g_assert_false (hb_settings_has (s, "rate"));
}

static void
test_settings_parse (void)
{
  g_autoptr (HbSettings) s = hb_settings_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *all = NULL;
  gboolean was_set = FALSE;

  g_assert_true (hb_settings_parse_assignment (s, "population=500", &error, decls, NULL));
  g_assert_true (hb_settings_parse_assignment (s, "rate=0.25", &error, decls, NULL));
  g_assert_true (hb_settings_parse_assignment (s, "mode=fast", &error, decls, NULL));
  g_assert_true (hb_settings_parse_assignment (s, "unique=yes", &error, decls, NULL));
  g_assert_true (hb_settings_parse_assignment (s, "seed=18446744073709551615", &error,
                                               decls, NULL));
  g_assert_no_error (error);
  g_assert_cmpint (hb_settings_get_int (s, decls, "population"), ==, 500);
  g_assert_cmpfloat (hb_settings_get_number (s, decls, "rate"), ==, 0.25);
  g_assert_cmpstr (hb_settings_get_choice (s, decls, "mode"), ==, "fast");
  g_assert_true (hb_settings_get_switch (s, decls, "unique"));
  g_assert_true (hb_settings_get_seed (s, "seed", &was_set) == G_MAXUINT64);
  g_assert_true (was_set);
  all = hb_settings_to_assignments (s);
  g_assert_cmpstr (all, ==, "mode=fast population=500 rate=0.25 "
                            "seed=18446744073709551615 unique=true");
}

static void
expect_error (const char *assignment, int code, const char *fragment)
{
  g_autoptr (HbSettings) s = hb_settings_new ();
  g_autoptr (GError) error = NULL;

  g_assert_false (hb_settings_parse_assignment (s, assignment, &error, decls, NULL));
  g_assert_error (error, HB_SETTINGS_ERROR, code);
  if (strstr (error->message, fragment) == NULL)
    g_error ("“%s”: message “%s” lacks “%s”", assignment, error->message, fragment);
  /* A refused value leaves nothing behind: never clamped. */
  g_assert_false (hb_settings_has (s, "population"));
  g_assert_false (hb_settings_has (s, "rate"));
}

static void
test_settings_errors (void)
{
  expect_error ("population=100001", HB_SETTINGS_ERROR_RANGE, "0..100000");
  expect_error ("population=-1", HB_SETTINGS_ERROR_RANGE, "out of range");
  expect_error ("population=12x", HB_SETTINGS_ERROR_VALUE, "whole number");
  expect_error ("population=", HB_SETTINGS_ERROR_VALUE, "whole number");
  expect_error ("rate=nan", HB_SETTINGS_ERROR_VALUE, "a finite number");
  expect_error ("rate=inf", HB_SETTINGS_ERROR_VALUE, "a finite number");
  expect_error ("rate=1.5", HB_SETTINGS_ERROR_RANGE, "0..1");
  expect_error ("rate= 0.5", HB_SETTINGS_ERROR_VALUE, "a number");
  /* Text that is no number at all is not called not finite ("rate=abc",
   * "rate=0,5", a comma typed for the point, read "expected a finite
   * number", as if 0,5 were infinite). */
  expect_error ("rate=abc", HB_SETTINGS_ERROR_VALUE, "“abc”: expected a number");
  expect_error ("rate=0,5", HB_SETTINGS_ERROR_VALUE, "“0,5”: expected a number");
  expect_error ("rate=0.5 ", HB_SETTINGS_ERROR_VALUE, "“0.5 ”: expected a number");
  expect_error ("rate=1e400", HB_SETTINGS_ERROR_VALUE, "a finite number");
  expect_error ("mode=slow", HB_SETTINGS_ERROR_RANGE, "fast, careful");
  /* Letters beyond ASCII shown as typed ("caf\303\251" for "café"), but
   * control characters and bytes that are no UTF-8 still escaped. */
  expect_error ("caf\xc3\xa9=1", HB_SETTINGS_ERROR_UNKNOWN, "“caf\xc3\xa9”");
  expect_error ("mode=sl\xc3\xb6w", HB_SETTINGS_ERROR_RANGE, "“sl\xc3\xb6w”");
  expect_error ("rate=\xc2\xbd", HB_SETTINGS_ERROR_VALUE, "“\xc2\xbd”");
  expect_error ("mode=a\tb", HB_SETTINGS_ERROR_RANGE, "“a\\tb”");
  expect_error ("mode=\xff", HB_SETTINGS_ERROR_RANGE, "“\\377”");
  expect_error ("unique=maybe", HB_SETTINGS_ERROR_VALUE, "true or false");
  /* Decimal only (strtod reads hex: "0x1p-1" was 0.5: review). */
  expect_error ("rate=0x1p-1", HB_SETTINGS_ERROR_VALUE, "a decimal number");
  /* A switch in any case ("TRUE" was refused where "1" was taken). */
  {
    static const char *const said[] = { "unique=TRUE", "unique=Yes", "unique=OFF" };
    for (guint i = 0; i < G_N_ELEMENTS (said); i++)
      {
        g_autoptr (HbSettings) s = hb_settings_new ();
        g_autoptr (GError) error = NULL;

        g_assert_true (hb_settings_parse_assignment (s, said[i], &error, decls, NULL));
        g_assert_no_error (error);
        g_assert_cmpint (hb_settings_get_switch (s, decls, "unique"), ==, i < 2);
      }
  }
  expect_error ("seed=-3", HB_SETTINGS_ERROR_VALUE, "whole number");
  /* A seed reads one way wherever it is given (hb_seed_parse): a '+' as
   * every number option takes it (--seed +5 was taken, --set seed=+5
   * refused: review); no blanks, no hexadecimal, nothing past 2^64 - 1. */
  {
    static const struct { const char *text; gboolean ok; guint64 value; } seeds[] = {
      { "5", TRUE, 5 }, { "+5", TRUE, 5 }, { "05", TRUE, 5 }, { "0", TRUE, 0 },
      { "4294967296", TRUE, G_GUINT64_CONSTANT (4294967296) },
      { "+18446744073709551615", TRUE, G_MAXUINT64 },
      { "18446744073709551616", FALSE, 0 }, { "99999999999999999999999", FALSE, 0 },
      { " 5", FALSE, 0 }, { "5 ", FALSE, 0 }, { "+ 5", FALSE, 0 }, { "++5", FALSE, 0 },
      { "+", FALSE, 0 }, { "", FALSE, 0 }, { "-0", FALSE, 0 }, { "0x5", FALSE, 0 },
      { "5s", FALSE, 0 }, { "1e3", FALSE, 0 },
    };

    for (gsize i = 0; i < G_N_ELEMENTS (seeds); i++)
      {
        g_autoptr (HbSettings) s = hb_settings_new ();
        g_autoptr (GError) error = NULL;
        g_autofree char *assignment = g_strconcat ("seed=", seeds[i].text, NULL);
        guint64 v = 7;

        g_assert_cmpint (hb_seed_parse (seeds[i].text, &v), ==, seeds[i].ok);
        g_assert_true (v == (seeds[i].ok ? seeds[i].value : 7));
        g_assert_cmpint (hb_settings_parse_assignment (s, assignment, &error, decls, NULL), ==,
                         seeds[i].ok);
        if (seeds[i].ok)
          g_assert_true (hb_settings_get_seed (s, "seed", NULL) == seeds[i].value);
        else
          g_assert_nonnull (strstr (error->message, "expected a whole number from 0 to "
                                                    "18446744073709551615"));
      }
  }
  expect_error ("colour=3", HB_SETTINGS_ERROR_UNKNOWN, "known: population, rate");
  expect_error ("=3", HB_SETTINGS_ERROR_VALUE, "KEY=VALUE");
  expect_error ("population", HB_SETTINGS_ERROR_VALUE, "KEY=VALUE");

  /* A key given twice is refused, whatever the values: the first stays. */
  {
    g_autoptr (HbSettings) s = hb_settings_new ();
    g_autoptr (GError) error = NULL;

    g_assert_true (hb_settings_parse_assignment (s, "rate=0.25", &error, decls, NULL));
    g_assert_false (hb_settings_parse_assignment (s, "rate=0.5", &error, decls, NULL));
    g_assert_error (error, HB_SETTINGS_ERROR, HB_SETTINGS_ERROR_REPEATED);
    g_assert_nonnull (strstr (error->message, "rate is set twice"));
    g_assert_cmpfloat (hb_settings_get_number (s, decls, "rate"), ==, 0.25);
  }
}

static void
test_settings_describe (void)
{
  g_autofree char *pop = hb_setting_describe (&decls[0]);
  g_autofree char *mode = hb_setting_describe (&decls[2]);
  g_autofree char *seed = hb_setting_describe (&decls[4]);

  g_assert_nonnull (strstr (pop, "integer 0..100000 (0 = automatic), default 0"));
  g_assert_nonnull (strstr (mode, "choice fast, careful, default careful"));
  g_assert_nonnull (strstr (seed, "default 1 (the app: random)"));
}

static void
test_common_settings (void)
{
  g_autoptr (HbSettings) s = hb_settings_new ();
  g_autoptr (GError) error = NULL;
  HbSolveOptions o = { 0 };

  g_assert_true (hb_settings_parse_assignment (s, "time-limit=2.5", &error,
                                               hb_common_solver_settings, hb_count_setting,
                                               NULL));
  g_assert_true (hb_settings_parse_assignment (s, "count=2", &error,
                                               hb_common_solver_settings, hb_count_setting,
                                               NULL));
  g_assert_false (hb_settings_parse_assignment (s, "time-limit=-1", &error,
                                                hb_common_solver_settings, NULL));
  g_clear_error (&error);
  hb_solve_options_apply (&o, s);
  g_assert_cmpfloat (o.time_limit, ==, 2.5);
  g_assert_cmpuint (o.count_limit, ==, 2);
  g_assert_cmpuint (o.node_limit, ==, 0);
  g_assert_true (o.settings == s);
}

static void
test_result_stop (void)
{
  g_autoptr (HbResult) a = hb_result_stop (hb_result_new (HB_STATUS_SOLVED), HB_STOP_CANCELLED,
                                           7, "%s search call", "%s search calls");
  g_autoptr (HbResult) b = hb_result_stop (hb_result_new (HB_STATUS_SOLVED), HB_STOP_NODE_LIMIT,
                                           1, "%s node", "%s nodes");
  g_autoptr (HbResult) c = hb_result_stop (hb_result_new (HB_STATUS_SOLVED), HB_STOP_TIME_LIMIT,
                                           0, NULL, NULL);

  g_assert_cmpint (a->status, ==, HB_STATUS_CANCELLED);
  g_assert_cmpstr (a->message, ==, "Cancelled after 7 search calls");
  g_assert_cmpint (b->status, ==, HB_STATUS_GAVE_UP);
  g_assert_cmpstr (b->message, ==, "Gave up after 1 node (the node limit)");
  g_assert_cmpstr (c->message, ==, "Gave up (the time limit)");
}

/* ---- Live snapshots ---------------------------------------------------- */

static int freed;

static void
count_free (gpointer p)
{
  freed++;
  g_free (p);
}

static void
test_snapshots (void)
{
  HbTrace *t = hb_trace_new (0, 0);
  GDestroyNotify fn = NULL;
  int *snap;

  /* Nobody watches: never due. */
  g_assert_false (hb_trace_snapshot_due (t));
  g_assert_false (hb_trace_snapshot_due (NULL));
  hb_trace_set_live (t, TRUE);
  g_assert_true (hb_trace_snapshot_due (t));
  /* At most ~30 a second: not due again at once. */
  g_assert_false (hb_trace_snapshot_due (t));

  freed = 0;
  hb_trace_publish (t, g_memdup2 (&(int) { 1 }, sizeof (int)), count_free);
  hb_trace_publish (t, g_memdup2 (&(int) { 2 }, sizeof (int)), count_free);
  /* The first, never taken, was freed by the second. */
  g_assert_cmpint (freed, ==, 1);
  g_assert_cmpuint (hb_trace_published (t), ==, 2);
  snap = hb_trace_take_snapshot (t, &fn);
  g_assert_nonnull (snap);
  g_assert_cmpint (*snap, ==, 2);
  g_assert_true (fn == count_free);
  fn (snap);
  g_assert_null (hb_trace_take_snapshot (t, &fn));
  /* One left unread is freed with the trace; NULL traces free at once. */
  hb_trace_publish (t, g_memdup2 (&(int) { 3 }, sizeof (int)), count_free);
  hb_trace_free (t);
  hb_trace_publish (NULL, g_memdup2 (&(int) { 4 }, sizeof (int)), count_free);
  g_assert_cmpint (freed, ==, 4);
}

typedef struct {
  HbTrace *trace;
  int      generations;
} Producer;

static gpointer
produce (gpointer data)
{
  Producer *p = data;
  int best = hb_trace_add_series (p->trace, "best", "generation");
  int worst = hb_trace_add_series (p->trace, "worst", "generation");

  for (int g = 0; g < p->generations; g++)
    {
      hb_trace_series_push (p->trace, best, g, 100.0 / (g + 1));
      hb_trace_series_push (p->trace, worst, g, 200.0 / (g + 1));
      if (hb_trace_snapshot_due (p->trace))
        hb_trace_publish (p->trace, g_memdup2 (&g, sizeof g), g_free);
    }
  return NULL;
}

/* A solver thread pushing while this thread reads: the copies are always
 * consistent prefixes, and the series outlive many halvings. */
static void
test_series_threaded (void)
{
  HbTrace *t = hb_trace_new (0, 0);
  Producer p = { t, 300000 };
  GThread *th;
  g_autoptr (GArray) best = NULL;
  guint64 last_version = 0;

  hb_trace_set_live (t, TRUE);
  th = g_thread_new ("producer", produce, &p);
  for (int i = 0; i < 200; i++)
    {
      GDestroyNotify fn;
      gpointer s = hb_trace_take_snapshot (t, &fn);
      guint n = hb_trace_n_series (t);
      if (s)
        fn (s);
      for (guint k = 0; k < n; k++)
        {
          g_autoptr (GArray) pts = hb_trace_series_points (t, k);
          for (guint j = 1; j < pts->len; j++)
            g_assert_cmpfloat (g_array_index (pts, HbPoint, j).x, >,
                               g_array_index (pts, HbPoint, j - 1).x);
        }
      g_assert_cmpuint (hb_trace_series_version (t), >=, last_version);
      last_version = hb_trace_series_version (t);
      g_usleep (200);
    }
  g_thread_join (th);
  g_assert_cmpuint (hb_trace_n_series (t), ==, 2);
  g_assert_cmpstr (hb_trace_series_name (t, 1), ==, "worst");
  g_assert_cmpstr (hb_trace_series_axis (t, 0), ==, "generation");
  best = hb_trace_series_points (t, 0);
  g_assert_cmpuint (best->len, <=, HB_TRACE_MAX_SERIES_POINTS);
  g_assert_cmpuint (best->len, >, HB_TRACE_MAX_SERIES_POINTS / 4);
  /* The whole run is still there, first point to (nearly) last. */
  g_assert_cmpfloat (g_array_index (best, HbPoint, 0).x, ==, 0);
  g_assert_cmpfloat (g_array_index (best, HbPoint, best->len - 1).x, >, 299000);
  g_assert_cmpuint (hb_trace_series_version (t), ==, 600000);
  hb_trace_free (t);
}

/* ---- The plot ------------------------------------------------------------ */

static void
test_ticks (void)
{
  double t[16];
  int n = hb_plot_ticks (0, 97, 5, t, 16);

  g_assert_cmpint (n, ==, 5);
  g_assert_cmpfloat (t[0], ==, 0);
  g_assert_cmpfloat (t[4], ==, 80);
  n = hb_plot_ticks (0.13, 0.52, 4, t, 16);
  g_assert_cmpint (n, ==, 4);
  g_assert_cmpfloat (fabs (t[0] - 0.2), <, 1e-9);
  n = hb_plot_ticks (3, 3, 5, t, 16);
  g_assert_cmpint (n, ==, 1);
  g_assert_cmpint (hb_plot_ticks (NAN, 1, 5, t, 16), ==, 0);
}

static guint32
pixel (cairo_surface_t *s, int x, int y)
{
  return *(guint32 *) (cairo_image_surface_get_data (s)
                       + y * cairo_image_surface_get_stride (s) + x * 4);
}

static gboolean
near_colour (guint32 p, const double rgb[3])
{
  int r = (p >> 16) & 255, g = (p >> 8) & 255, b = p & 255;
  return abs (r - (int) (rgb[0] * 255)) < 40 && abs (g - (int) (rgb[1] * 255)) < 40
         && abs (b - (int) (rgb[2] * 255)) < 40;
}

/* Counts the pixels of a colour within a rectangle. */
static int
count_colour (cairo_surface_t *s, int x0, int y0, int x1, int y1, const double rgb[3])
{
  int n = 0;
  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      n += near_colour (pixel (s, x, y), rgb);
  return n;
}

/* The x labels of a plot of `last` generations drawn w × h: whole (the
 * last one was cut: "3000" for 30000) and apart, three quarters of the
 * widest label between two at least ("0 1000 2000 … 6000" nearly touched:
 * 12 px between labels 23 px wide; the code keeps a label's width, less
 * where the last label is moved in to stay whole). */
static void
check_x_labels (double last, int w, int h)
{
  HbTrace *t = hb_trace_new (0, 0);
  int best = hb_trace_add_series (t, "best", "generation");
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  cairo_t *cr = cairo_create (s);
  HbPlotOptions o = { FALSE, NULL, TRUE };
  double white[3] = { 1, 1, 1 }, font = hb_plot_font_size (w, h);
  /* The labels' row, below the lowest y label (centred on the axis). */
  int y0 = (int) (h - font * 3.2 + font * 0.5), y1 = (int) (h - font * 3.2 + font * 1.6);
  int runs = 0, widest = 0, narrowest_gap = w, start = -1, last_ink = -10;

  for (double g = 0; g <= last; g += last / 50)
    hb_trace_series_push (t, best, floor (g), 100 - g / last * 90);
  hb_plot_render (t, cr, 0, 0, w, h, &o);
  cairo_surface_flush (s);
  for (int x = 0; x <= w; x++)
    {
      gboolean ink = FALSE;
      for (int y = y0; y < y1 && x < w; y++)
        ink |= !near_colour (pixel (s, x, y), white);
      if (ink && x - last_ink > 4)
        {
          /* A new label (digits lie closer than 4 px). */
          if (start >= 0)
            {
              widest = MAX (widest, last_ink - start + 1);
              narrowest_gap = MIN (narrowest_gap, x - last_ink - 1);
            }
          start = x;
          runs++;
        }
      if (ink)
        last_ink = x;
    }
  widest = MAX (widest, last_ink - start + 1);
  g_test_message ("%g generations in %d px: %d labels, widest %d px, narrowest gap %d px, "
                  "last ink at %d", last, w, runs, widest, narrowest_gap, last_ink);
  g_assert_cmpint (runs, >=, 2);
  g_assert_cmpint (2 * narrowest_gap, >=, 3 * widest / 2);
  g_assert_cmpint (last_ink, <, w - 1);
  cairo_destroy (cr);
  cairo_surface_destroy (s);
  hb_trace_free (t);
}

/* The trace drawn into a new 400×300 picture, flushed for reading. */
static cairo_surface_t *
plot_picture (const HbTrace *t, const HbPlotOptions *o)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 400, 300);
  cairo_t *cr = cairo_create (s);

  hb_plot_render (t, cr, 0, 0, 400, 300, o);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  return s;
}

/* Where the line of series 0 lies near its right end (the lowest pixel
 * of its colour in that column), in a plot of best rising from 40 to 80,
 * with the goal `goal` or none. */
static int
top_of_best (gboolean with_goal, double goal)
{
  HbTrace *t = hb_trace_new (0, 0);
  int best = hb_trace_add_series (t, "best", "generation"), top = -1;
  cairo_surface_t *s;
  HbPlotOptions o = { FALSE, NULL, TRUE };
  double rgb[3];

  for (int g = 0; g <= 40; g++)
    hb_trace_series_push (t, best, g, 40 + g);
  if (with_goal)
    hb_trace_set_goal (t, goal, "solved");
  s = plot_picture (t, &o);
  hb_plot_series_colour (0, FALSE, rgb);
  /* Near the line's right end, where it is highest; the lowest such
   * pixel of the column (the legend's swatch lies above). */
  for (int y = 0; y < 300; y++)
    if (near_colour (pixel (s, 380, y), rgb))
      top = y;
  cairo_surface_destroy (s);
  hb_trace_free (t);
  return top;
}

/* The pixels of series 0's colour in the plot's right part, its best line
 * rising to 49 and running along the goal of 50 under the goal's name;
 * the name on a patch of the colour under the plot (`patch`) or not. */
static int
best_under_goal_name (gboolean patch)
{
  HbTrace *t = hb_trace_new (0, 0);
  int best = hb_trace_add_series (t, "best", "generation"), n = 0;
  cairo_surface_t *s;
  HbPlotOptions o = { FALSE, NULL, FALSE };
  double rgb[3];

  o.has_under = patch;
  o.under[0] = o.under[1] = o.under[2] = 0;
  for (int g = 0; g <= 200; g++)
    hb_trace_series_push (t, best, g, MIN (g, 49));
  hb_trace_set_goal (t, 50, "every cell");
  s = plot_picture (t, &o);
  hb_plot_series_colour (0, FALSE, rgb);
  for (int x = 200; x < 400; x++)
    for (int y = 0; y < 300; y++)
      n += near_colour (pixel (s, x, y), rgb);
  cairo_surface_destroy (s);
  hb_trace_free (t);
  return n;
}

/* The goal's name stays readable where the best line runs along the goal
 * (review: "every cell: 49" over the cell GA's best line at 400 px), on a
 * patch; and it goes where it covers the fewest points of the lines (at
 * the right end it hid the best and mean lines: review), here the left
 * end, the line low there: the patch hides none of the line at the
 * right. */
static void
test_plot_goal_name_patch (void)
{
  int bare = best_under_goal_name (FALSE), patched = best_under_goal_name (TRUE);

  g_test_message ("best line pixels at the right: %d bare, %d with the patch", bare, patched);
  g_assert_cmpint (patched, >, 100);
  g_assert_cmpint (patched, >=, bare - 5);
}

/* A goal (the cell GA's whole board) is kept in the range: the lines at
 * 80 of 100 ran along the top of an axis that ended at 80 (review). A goal
 * inside the data's range changes nothing. */
static void
test_plot_goal (void)
{
  int none = top_of_best (FALSE, 0), far = top_of_best (TRUE, 100), inside = top_of_best (TRUE, 60);
  double got;
  const char *name;
  HbTrace *t = hb_trace_new (0, 0);

  g_test_message ("top of the best line: %d px without a goal, %d with 100, %d with 60", none,
                  far, inside);
  g_assert_cmpint (none, >=, 0);
  g_assert_cmpint (far, >, none + 30);
  g_assert_cmpint (inside, ==, none);
  /* Set once, as the value's name. */
  g_assert_false (hb_trace_get_goal (t, &got, &name));
  hb_trace_set_goal (t, 100, "every cell");
  hb_trace_set_goal (t, 5, "other");
  g_assert_true (hb_trace_get_goal (t, &got, &name));
  g_assert_cmpfloat (got, ==, 100);
  g_assert_cmpstr (name, ==, "every cell");
  hb_trace_free (t);
}

static void
test_plot_x_labels (void)
{
  check_x_labels (6400, 260, 200);
  check_x_labels (30000, 260, 200);
  check_x_labels (30000, 600, 300);
}

/* The tallest run of rows with ink in columns x0 .. x1, rows 0 .. y1 of
 * `s` (white elsewhere): a label's height where only labels lie. */
static int
tallest_ink (cairo_surface_t *s, int x0, int x1, int y1)
{
  double white[3] = { 1, 1, 1 };
  int run = 0, tallest = 0;

  for (int y = 0; y < y1; y++)
    {
      gboolean ink = FALSE;
      for (int x = x0; x < x1; x++)
        ink |= !near_colour (pixel (s, x, y), white);
      run = ink ? run + 1 : 0;
      tallest = MAX (tallest, run);
    }
  return tallest;
}

/* A plot 360 × 180, the size it has in a window 400 px wide, of best
 * and worst over generations 0 .. n - 1 (its caller destroys it). */
#define NARROW_W 360
#define NARROW_H 180
static cairo_surface_t *
narrow_plot (const double *best_v, const double *worst_v, int n)
{
  HbTrace *t = hb_trace_new (0, 0);
  int best = hb_trace_add_series (t, "best", "generation");
  int worst = hb_trace_add_series (t, "worst", "generation");
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, NARROW_W, NARROW_H);
  cairo_t *cr = cairo_create (s);
  HbPlotOptions o = { FALSE, "Progress", TRUE };

  for (int g = 0; g < n; g++)
    {
      hb_trace_series_push (t, best, g, best_v[g]);
      hb_trace_series_push (t, worst, g, worst_v[g]);
    }
  hb_plot_render (t, cr, 0, 0, NARROW_W, NARROW_H, &o);
  cairo_surface_flush (s);
  cairo_destroy (cr);
  hb_trace_free (t);
  return s;
}

/* In a window 400 px wide the plot is about 360 × 180: its labels are
 * still 11 px text (they were 9 px, their digits 7 px high: review). The
 * y labels' digits are measured, in the margin left of the axis, above
 * where the x labels could reach. */
static void
test_plot_readable_narrow (void)
{
  double best[11], worst[11];
  cairo_surface_t *s;
  int digits;

  g_assert_cmpfloat (hb_plot_font_size (NARROW_W, NARROW_H), >=, 11);
  for (int g = 0; g <= 10; g++)
    {
      best[g] = 40 - 4 * g;
      worst[g] = 360 - 25 * g;
    }
  s = narrow_plot (best, worst, 11);
  /* Sans digits are 0.73 em high: 8 px at 11 px, 6.5 at 9. */
  digits = tallest_ink (s, 0, 24, NARROW_H - 50);
  g_test_message ("y labels' digits %d px high", digits);
  g_assert_cmpint (digits, >=, 8);
  cairo_surface_destroy (s);
}

/* On a log scale in a short plot the labels 0 and 1 (0.3 decades apart)
 * lay one on the other, a pixel between them: a label that close to the
 * one below is left out. In the y labels' column every run of ink (a
 * label) is one label high, and 3 px or more from the next. */
static void
test_plot_log_labels_apart (void)
{
  double best[101], worst[101], white[3] = { 1, 1, 1 };
  cairo_surface_t *s;
  int run = 0, gap = -1, tallest = 0, closest = NARROW_H, labels = 0;

  for (int g = 0; g <= 100; g++)
    {
      best[g] = g < 50 ? 5 : 0;
      worst[g] = g == 0 ? 5000 : 60;
    }
  s = narrow_plot (best, worst, 101);
  /* Rows below the title and legend, above the x labels. */
  for (int y = 40; y < NARROW_H - 30; y++)
    {
      gboolean ink = FALSE;
      for (int x = 0; x < 30; x++)
        ink |= !near_colour (pixel (s, x, y), white);
      if (ink)
        {
          if (run == 0 && gap >= 0)
            closest = MIN (closest, gap);
          labels += run == 0;
          run++;
          tallest = MAX (tallest, run);
          gap = 0;
        }
      else
        {
          run = 0;
          gap += gap >= 0;
        }
    }
  g_test_message ("%d y labels, the tallest %d px, the closest %d px apart", labels, tallest,
                  closest);
  g_assert_cmpint (labels, >=, 3);
  g_assert_cmpint (tallest, <=, 11);
  g_assert_cmpint (closest, >=, 3);
  cairo_surface_destroy (s);
}

/* The value's name runs up the plot's left side inside the plot: in a
 * window 400 px wide the plot is about 360 × 180 and "cells satisfied
 * (higher is better)" (Flow Free's colour GA) was longer than that,
 * centred on the lines below the title and legend, so its first letter
 * and its last were cut off ("ells satisfied (higher is better"). The
 * plot is drawn w × h into a taller surface: no ink of the name above or
 * below the plot's own rectangle, and the name is still there. In a
 * shorter plot the words in brackets give way before the type shrinks
 * (it shrank to 6 px, unreadable: review): the ink stays most of the
 * plot's type size across. */
static void
check_value_name_fits (int w, int h, gboolean whole)
{
  const int pad = 40;
  HbTrace *t = hb_trace_new (0, 0);
  int best = hb_trace_add_series (t, "best", "generation");
  int mean = hb_trace_add_series (t, "mean", "generation");
  int worst = hb_trace_add_series (t, "worst", "generation");
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h + 2 * pad);
  cairo_t *cr = cairo_create (s);
  HbPlotOptions o = { FALSE, "Progress", TRUE };
  double white[3] = { 1, 1, 1 }, font = hb_plot_font_size (w, h);
  int band = (int) (font * 1.3), first = -1, last = -1, left = band, right = -1;

  hb_trace_set_value_name (t, "cells satisfied (higher is better)");
  for (int g = 0; g <= 500; g += 10)
    {
      hb_trace_series_push (t, best, g, MIN (83, 20 + g));
      hb_trace_series_push (t, mean, g, MIN (80, 10 + g));
      hb_trace_series_push (t, worst, g, MIN (74, g));
    }
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  hb_plot_render (t, cr, 0, pad, w, h, &o);
  cairo_surface_flush (s);
  for (int y = 0; y < h + 2 * pad; y++)
    for (int x = 0; x < band; x++)
      if (!near_colour (pixel (s, x, y), white))
        {
          if (first < 0)
            first = y;
          last = y;
          left = MIN (left, x);
          right = MAX (right, x);
        }
  g_test_message ("the value's name inks rows %d .. %d of the plot's %d .. %d, "
                  "columns %d .. %d (type %.1f px)", first, last, pad, pad + h - 1,
                  left, right, font);
  g_assert_cmpint (first, >=, pad);
  g_assert_cmpint (last, <, pad + h);
  /* The whole name: most of the plot's height (11 px text: about 190 px
   * unsqueezed); without its brackets, "cells satisfied", over half as
   * long. */
  g_assert_cmpint (last - first, >, whole ? h * 3 / 4 : h / 3);
  g_assert_cmpint (last - first, <, whole ? h : h * 3 / 4);
  g_assert_cmpfloat (right - left + 1, >=, font * 0.6);
  cairo_destroy (cr);
  cairo_surface_destroy (s);
  hb_trace_free (t);
}

static void
test_plot_value_name_fits (void)
{
  check_value_name_fits (360, 180, TRUE);
  check_value_name_fits (360, 150, FALSE);   /* shorter than the name at 11 px */
  check_value_name_fits (360, 110, FALSE);
}

static void
render_known (gboolean dark)
{
  HbTrace *t = hb_trace_new (0, 0);
  int up = hb_trace_add_series (t, "best", "generation");
  int flat = hb_trace_add_series (t, "worst", "generation");
  cairo_surface_t *s;
  HbPlotOptions o = { dark, "Fitness", TRUE };
  double c0[3], c1[3], bg = dark ? 0.19 : 1.0;
  double bgc[3] = { bg, bg, dark ? 0.21 : 1.0 };
  int total = 400 * 300;

  /* A rising line from the bottom left to the top right, and a flat one. */
  for (int g = 0; g <= 100; g++)
    {
      hb_trace_series_push (t, up, g, g);
      hb_trace_series_push (t, flat, g, 50);
    }
  g_assert_true (hb_plot_has_data (t));
  s = plot_picture (t, &o);
  hb_plot_series_colour (0, dark, c0);
  hb_plot_series_colour (1, dark, c1);
  /* Mostly background, with both series' colours present. */
  g_assert_cmpint (count_colour (s, 0, 0, 400, 300, bgc), >, total / 2);
  g_assert_cmpint (count_colour (s, 0, 0, 400, 300, c0), >, 150);
  g_assert_cmpint (count_colour (s, 0, 0, 400, 300, c1), >, 150);
  /* The rising series starts low and ends high: its colour is in the
   * lower-left quarter and the upper-right quarter but the flat one
   * crosses the middle row band from side to side. */
  g_assert_cmpint (count_colour (s, 40, 150, 200, 280, c0), >, 20);
  g_assert_cmpint (count_colour (s, 200, 20, 390, 150, c0), >, 20);
  g_assert_cmpint (count_colour (s, 60, 100, 120, 200, c1), >, 20);
  g_assert_cmpint (count_colour (s, 250, 100, 330, 200, c1), >, 20);
  /* Text and axes in the foreground colour (dark on light, light on dark). */
  {
    double fg = dark ? 0.92 : 0.15;
    double fgc[3] = { fg, fg, fg };
    g_assert_cmpint (count_colour (s, 0, 0, 60, 300, fgc), >, 100);   /* y labels, axis */
    g_assert_cmpint (count_colour (s, 0, 250, 400, 300, fgc), >, 100); /* x labels, name */
  }
  if (g_getenv ("HB_TEST_SAVE_PNG"))
    cairo_surface_write_to_png (s, dark ? "plot-dark.png" : "plot-light.png");
  cairo_surface_destroy (s);
  hb_trace_free (t);
}

static int densest_row (cairo_surface_t *s, int x0, int x1, const double rgb[3], int *count);

/* The ink of the y axis's name (the strip left of the tick labels) in a
 * plot of a best line at 10 and a worst that starts at `first_worst`. */
static int
value_name_ink (double first_worst)
{
  HbTrace *t = hb_trace_new (0, 0);
  int best = hb_trace_add_series (t, "best", "generation");
  int worst = hb_trace_add_series (t, "worst", "generation");
  cairo_surface_t *s;
  HbPlotOptions o = { FALSE, "Fitness", TRUE };
  double fgc[3] = { 0.15, 0.15, 0.15 };
  int n;

  hb_trace_set_value_name (t, "fitness (lower is better)");
  for (int g = 0; g <= 100; g++)
    {
      hb_trace_series_push (t, best, g, 10);
      hb_trace_series_push (t, worst, g, g == 0 ? first_worst : 14);
    }
  s = plot_picture (t, &o);
  n = count_colour (s, 0, 0, 18, 300, fgc);
  cairo_surface_destroy (s);
  hb_trace_free (t);
  return n;
}

/* A log scale says so on its axis: the scale follows the data, and a
 * run's lines changed shape mid-run with no word why (review). */
static void
test_plot_log_named (void)
{
  int linear = value_name_ink (15), logarithmic = value_name_ink (1500);

  g_test_message ("the y axis's name: %d px of ink linear, %d on the log scale", linear,
                  logarithmic);
  g_assert_cmpint (linear, >, 50);
  g_assert_cmpint (logarithmic, >, linear * 5 / 4);
}

/* A genetic algorithm's run: the worst individual of generation 0 far
 * above everything after it. On a linear scale the best line would lie
 * along the bottom axis; on the log scale it rises a third of the way. */
static void
test_plot_log (void)
{
  HbTrace *t = hb_trace_new (0, 0);
  int best = hb_trace_add_series (t, "best", "generation");
  int worst = hb_trace_add_series (t, "worst", "generation");
  cairo_surface_t *s;
  HbPlotOptions o = { FALSE, "Fitness", TRUE };
  double c0[3];

  hb_trace_set_value_name (t, "fitness (lower is better)");
  g_assert_cmpstr (hb_trace_get_value_name (t), ==, "fitness (lower is better)");
  for (int g = 0; g <= 100; g++)
    {
      hb_trace_series_push (t, best, g, 10);
      hb_trace_series_push (t, worst, g, g == 0 ? 1500 : 40);
    }
  s = plot_picture (t, &o);
  hb_plot_series_colour (0, FALSE, c0);
  /* Well off the bottom of the plot (which ends near y = 255) and under
   * the legend's row (near y = 45). */
  g_assert_cmpint (count_colour (s, 80, 90, 390, 230, c0), >, 100);
  cairo_surface_destroy (s);
  hb_trace_free (t);

  /* A range of only 30 (a worst of 1,000 at generation 0, then a best of
   * 34, a worst near 90: ga-paths on jumbo_14x14_30) goes on the log
   * scale too, from 10: the best line a fifth of the height or more above
   * the axis, where linearly it lay 3 % up. */
  {
    HbTrace *u = hb_trace_new (0, 0);
    int b = hb_trace_add_series (u, "best", "generation");
    int m = hb_trace_add_series (u, "mean", "generation");
    int wst = hb_trace_add_series (u, "worst", "generation");
    cairo_surface_t *su = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 400, 300);
    cairo_t *cu = cairo_create (su);
    double fgc[3] = { 0.4, 0.4, 0.4 };
    int line_y, axis_y, n_line, n_axis;

    for (int g = 0; g <= 300; g++)
      {
        hb_trace_series_push (u, b, g, 34);
        hb_trace_series_push (u, m, g, g == 0 ? 330 : 46 + (g % 3));
        hb_trace_series_push (u, wst, g, g == 0 ? 1000 : 85 + (g % 11));
      }
    hb_plot_render (u, cu, 0, 0, 400, 300, &o);
    cairo_surface_flush (su);
    line_y = densest_row (su, 80, 380, c0, &n_line);
    axis_y = densest_row (su, 80, 380, fgc, &n_axis);
    g_test_message ("best line at y %d (%d px), axis at y %d (%d px)", line_y, n_line,
                    axis_y, n_axis);
    g_assert_cmpint (n_line, >, 200);
    g_assert_cmpint (axis_y - line_y, >, 40);
    cairo_destroy (cu);
    cairo_surface_destroy (su);
    hb_trace_free (u);
  }
}

/* The row of `s` (within x0..x1) where most pixels are near rgb (the
 * lowest of equals). */
static int
densest_row (cairo_surface_t *s, int x0, int x1, const double rgb[3], int *count)
{
  int best = -1, most = 0;

  for (int y = 0; y < cairo_image_surface_get_height (s); y++)
    {
      int n = count_colour (s, x0, y, x1, y + 1, rgb);
      if (n >= most && n > 0)
        most = n, best = y;
    }
  *count = most;
  return best;
}

/* The axis starts at a tick at or below the lowest value: a best fitness
 * of 48 under a worst of 130 lies above the axis line (the first tick
 * was 60 and the axis started at 48, the best line drawn on it); and the
 * player's place is a line across the plot. */
static void
test_plot_floor (void)
{
  HbTrace *t = hb_trace_new (0, 0);
  int best = hb_trace_add_series (t, "best", "generation");
  int worst = hb_trace_add_series (t, "worst", "generation");
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 400, 300);
  cairo_t *cr = cairo_create (s);
  HbPlotOptions o = { FALSE, "Fitness", TRUE, FALSE, 0 };
  double c0[3], fgc[3] = { 0.4, 0.4, 0.4 };   /* the axis, anti-aliased */
  int line_y, axis_y, n_line, n_axis, marked;

  for (int g = 0; g <= 100; g++)
    {
      hb_trace_series_push (t, best, g, 48);
      hb_trace_series_push (t, worst, g, 130 - g / 2);
    }
  hb_plot_render (t, cr, 0, 0, 400, 300, &o);
  cairo_surface_flush (s);
  hb_plot_series_colour (0, FALSE, c0);
  line_y = densest_row (s, 80, 380, c0, &n_line);
  axis_y = densest_row (s, 80, 380, fgc, &n_axis);
  g_test_message ("best line at y %d (%d px), axis at y %d (%d px)", line_y, n_line,
                  axis_y, n_axis);
  g_assert_cmpint (n_line, >, 200);
  g_assert_cmpint (n_axis, >, 200);
  g_assert_cmpint (axis_y - line_y, >=, 8);

  /* The mark: a vertical line at generation 50, the foreground colour
   * down a column in the middle of the plot. */
  o.show_mark = TRUE;
  o.mark_x = 50;
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  hb_plot_render (t, cr, 0, 0, 400, 300, &o);
  cairo_surface_flush (s);
  marked = 0;
  for (int x = 150; x < 300; x++)
    marked = MAX (marked, count_colour (s, x, 60, x + 1, 240, fgc));
  g_assert_cmpint (marked, >, 100);
  cairo_destroy (cr);
  cairo_surface_destroy (s);
  hb_trace_free (t);
}

static void
test_plot_light (void)
{
  render_known (FALSE);
}

static void
test_plot_dark (void)
{
  render_known (TRUE);
}

static void
test_plot_empty (void)
{
  HbTrace *t = hb_trace_new (0, 0);
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 200, 100);
  cairo_t *cr = cairo_create (s);

  g_assert_false (hb_plot_has_data (t));
  g_assert_false (hb_plot_has_data (NULL));
  hb_trace_add_series (t, "best", "generation");
  g_assert_false (hb_plot_has_data (t));
  /* Draws a sentence, never divides by an empty range. */
  hb_plot_render (t, cr, 0, 0, 200, 100, NULL);
  hb_trace_series_push (t, 0, 5, 5);
  hb_plot_render (t, cr, 0, 0, 200, 100, NULL);
  hb_plot_render (t, cr, 0, 0, 10, 10, NULL);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_destroy (s);
  hb_trace_free (t);
}

/* ---- Strokes ------------------------------------------------------------- */

static void
test_walk (void)
{
  HbLayout l = { 10, 10, 0, 0, 10 };
  g_autoptr (GArray) cells = g_array_new (FALSE, FALSE, sizeof (HbHit));
  guint n;

  /* Straight along a row, sampled far apart: every cell between. */
  n = hb_layout_walk (&l, 5, 5, 95, 5, cells);
  g_assert_cmpuint (n, ==, 9);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpint (g_array_index (cells, HbHit, i).x, ==, (int) i + 1);
      g_assert_cmpint (g_array_index (cells, HbHit, i).y, ==, 0);
    }
  /* Diagonal: each step is to an orthogonal neighbour. */
  g_array_set_size (cells, 0);
  n = hb_layout_walk (&l, 5, 5, 95, 95, cells);
  g_assert_cmpuint (n, ==, 18);
  for (guint i = 0; i < n; i++)
    {
      HbHit h = g_array_index (cells, HbHit, i);
      int px = i ? g_array_index (cells, HbHit, i - 1).x : 0;
      int py = i ? g_array_index (cells, HbHit, i - 1).y : 0;
      g_assert_cmpint (abs (h.x - px) + abs (h.y - py), ==, 1);
      g_assert_true (h.inside);
    }
  g_assert_cmpint (g_array_index (cells, HbHit, n - 1).x, ==, 9);
  g_assert_cmpint (g_array_index (cells, HbHit, n - 1).y, ==, 9);
  /* Backwards and in the same cell. */
  g_array_set_size (cells, 0);
  g_assert_cmpuint (hb_layout_walk (&l, 55, 55, 5, 55, cells), ==, 5);
  g_assert_cmpint (g_array_index (cells, HbHit, 4).x, ==, 0);
  g_assert_cmpuint (hb_layout_walk (&l, 51, 51, 59, 52, cells), ==, 0);
  /* Leaving the board: outside cells are skipped. */
  g_array_set_size (cells, 0);
  g_assert_cmpuint (hb_layout_walk (&l, 85, 5, 185, 5, cells), ==, 1);
  g_assert_cmpuint (hb_layout_walk (&l, NAN, 5, 185, 5, cells), ==, 0);
}

/* ---- The shared state shape ----------------------------------------------- */

typedef struct {
  HbState base;
  guint8 *a;
  int     limit;
  guint8 *b;
  char    names[5];
} Two;

static const HbGridShape two_shape = {
  NULL, sizeof (Two), 2, { G_STRUCT_OFFSET (Two, a), G_STRUCT_OFFSET (Two, b) },
};

static void
test_grid_state (void)
{
  Two *s = (Two *) hb_grid_state_new (&two_shape, 3, 2);
  Two *c;

  g_assert_null (hb_grid_state_new (&two_shape, 0, 2));
  g_assert_null (hb_grid_state_new (&two_shape, HB_MAX_SIDE + 1, 2));
  s->a[5] = 7;
  s->b[0] = 1;
  s->limit = 9;
  memcpy (s->names, "abcd", 5);
  c = (Two *) hb_grid_state_copy (&two_shape, &s->base);
  g_assert_true (c->a != s->a && c->b != s->b);
  g_assert_true (hb_grid_state_equal (&two_shape, &s->base, &c->base));
  /* Every plane and every plain value counts; plane addresses do not. */
  c->b[5] = 2;
  g_assert_false (hb_grid_state_equal (&two_shape, &s->base, &c->base));
  c->b[5] = 0;
  c->limit = 8;
  g_assert_false (hb_grid_state_equal (&two_shape, &s->base, &c->base));
  c->limit = 9;
  c->names[3] = 'x';
  g_assert_false (hb_grid_state_equal (&two_shape, &s->base, &c->base));
  c->names[3] = 'd';
  g_assert_true (hb_grid_state_equal (&two_shape, &s->base, &c->base));
  hb_grid_state_free (&two_shape, &s->base);
  hb_grid_state_free (&two_shape, &c->base);
  hb_grid_state_free (&two_shape, NULL);
}

static void
test_neighbour_and_hash (void)
{
  int nx, ny, inside = 0;
  guint64 w1[2] = { 1, 2 }, w2[2] = { 2, 1 };

  for (int d = 0; d < 4; d++)
    inside += hb_neighbour (0, 0, 3, 3, d, &nx, &ny);
  g_assert_cmpint (inside, ==, 2);
  g_assert_true (hb_neighbour (1, 1, 3, 3, HB_DIR_N, &nx, &ny));
  g_assert_cmpint (nx, ==, 1);
  g_assert_cmpint (ny, ==, 0);
  g_assert_false (hb_neighbour (2, 2, 3, 3, HB_DIR_E, &nx, &ny));
  g_assert_true (hb_hash_words (w1, 2) != hb_hash_words (w2, 2));
  g_assert_true (hb_hash_words (w1, 2) == hb_hash_words (w1, 2));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/settings/defaults", test_settings_defaults);
  g_test_add_func ("/settings/parse", test_settings_parse);
  g_test_add_func ("/settings/errors", test_settings_errors);
  g_test_add_func ("/settings/describe", test_settings_describe);
  g_test_add_func ("/settings/common", test_common_settings);
  g_test_add_func ("/result/stop", test_result_stop);
  g_test_add_func ("/trace/snapshots", test_snapshots);
  g_test_add_func ("/trace/series-threaded", test_series_threaded);
  g_test_add_func ("/plot/ticks", test_ticks);
  g_test_add_func ("/plot/light", test_plot_light);
  g_test_add_func ("/plot/log", test_plot_log);
  g_test_add_func ("/plot/log-named", test_plot_log_named);
  g_test_add_func ("/plot/floor", test_plot_floor);
  g_test_add_func ("/plot/dark", test_plot_dark);
  g_test_add_func ("/plot/empty", test_plot_empty);
  g_test_add_func ("/plot/x-labels", test_plot_x_labels);
  g_test_add_func ("/plot/goal", test_plot_goal);
  g_test_add_func ("/plot/goal-name-patch", test_plot_goal_name_patch);
  g_test_add_func ("/plot/log-labels-apart", test_plot_log_labels_apart);
  g_test_add_func ("/plot/readable-narrow", test_plot_readable_narrow);
  g_test_add_func ("/plot/value-name-fits", test_plot_value_name_fits);
  g_test_add_func ("/grid/walk", test_walk);
  g_test_add_func ("/grid/state", test_grid_state);
  g_test_add_func ("/grid/neighbour-and-hash", test_neighbour_and_hash);
  return g_test_run ();
}
