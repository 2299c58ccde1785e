/* load-test: random levels of every game in the registry through what
 * `hintboard-cli solve` and `render` do (generate, write, read back,
 * solve with the default solver, check, draw, encode a PNG), in one
 * process, watching the resident size: it must stay flat (no leak), and
 * the peak is printed.
 *
 *   load-test [LEVELS_PER_GAME]     (default 1000)
 *
 * Exit status 1 when memory grew between the first tenth of a game's
 * levels and the end by more than GROWTH_LIMIT_KIB, or an answer was
 * wrong. Not in the default suite when slow: meson test --suite load. */
#include "hb-registry.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GROWTH_LIMIT_KIB (8 * 1024)

/* VmRSS or VmHWM of this process, in KiB. */
static long
status_kib (const char *key)
{
  g_autofree char *text = NULL;
  const char *p;

  if (!g_file_get_contents ("/proc/self/status", &text, NULL, NULL))
    return -1;
  p = strstr (text, key);
  return p ? strtol (p + strlen (key) + 1, NULL, 10) : -1;
}

static cairo_status_t
discard (void *closure, const unsigned char *data, unsigned int length)
{
  *(gsize *) closure += length;
  return CAIRO_STATUS_SUCCESS;
}

/* One level: FALSE when an answer does not solve it. */
static gboolean
one_level (const HbGame *game, guint64 seed, GRand *rand, guint *solved, guint *other)
{
  g_autoptr(GError) error = NULL;
  HbGenerateParams p = { 0 };
  HbSolveOptions o = { .time_limit = 1.0 };
  HbState *s, *back;
  HbResult *r;
  char *text;
  int side_max = g_str_equal (game->id, "flow") ? 7 : g_str_equal (game->id, "flood") ? 14 : 16;
  gboolean ok = TRUE;

  p.width = g_rand_int_range (rand, 4, side_max + 1);
  p.height = g_rand_int_range (rand, 4, side_max + 1);
  p.seed = seed;
  s = game->generate (&p, &error);
  if (s == NULL)
    {
      (*other)++;
      return TRUE;
    }
  /* Written and read back as the CLI reads a file. */
  text = game->write (s, HB_WRITE_NATIVE, &error);
  g_assert_no_error (error);
  back = hb_registry_parse (game, "load", text, strlen (text), &error);
  g_assert_no_error (error);
  if (game->equal != NULL && !game->equal (s, back))
    {
      static gboolean said;
      if (!said)
        fprintf (stderr, "%s: a generated level (seed %" G_GUINT64_FORMAT ") reads back as "
                 "another:\n%s", game->id, seed, text);
      said = TRUE;
      ok = FALSE;
    }
  g_free (text);
  r = hb_solve (hb_game_default_solver (game), back, &o, NULL, NULL, &error);
  if (r != NULL && r->status == HB_STATUS_SOLVED)
    {
      /* Checked by replaying the moves with the game's rules. */
      HbState *cur = hb_state_copy (back);
      for (guint i = 0; i < r->moves->len; i++)
        {
          HbState *next = game->apply (cur, &g_array_index (r->moves, HbMove, i));
          if (next != NULL)
            {
              hb_state_free (cur);
              cur = next;
            }
        }
      ok = ok && game->is_solved (cur) && game->is_solved (r->solved);
      hb_state_free (cur);
      (*solved)++;
    }
  else
    (*other)++;
  /* render: the board (solved when it was) as a PNG, as render -o does. */
  {
    const HbState *shown = r != NULL && r->solved != NULL ? r->solved : back;
    int cell = 24;
    double w = cell * shown->width + 32, h = cell * shown->height + 32;
    cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) w, (int) h);
    cairo_t *cr = cairo_create (surface);
    HbRenderOptions ro = { .mode = HB_MODE_PLAY, .hover_x = -1, .hover_y = -1 };
    HbLayout layout;
    gsize bytes = 0;

    cairo_paint (cr);
    hb_layout_fit (&layout, shown->width, shown->height, w, h, 16);
    game->render (shown, cr, &layout, &ro);
    cairo_destroy (cr);
    g_assert_cmpint (cairo_surface_write_to_png_stream (surface, discard, &bytes), ==,
                     CAIRO_STATUS_SUCCESS);
    g_assert_cmpuint (bytes, >, 0);
    cairo_surface_destroy (surface);
  }
  hb_result_free (r);
  hb_state_free (back);
  hb_state_free (s);
  return ok;
}

int
main (int argc, char **argv)
{
  const HbGame *const *games = hb_registry_games ();
  int levels = argc > 1 ? atoi (argv[1]) : 1000;
  gboolean ok = TRUE;

  if (levels < 10)
    levels = 10;
  for (int g = 0; games[g]; g++)
    {
      g_autoptr(GRand) rand = g_rand_new_with_seed (4242 + g);
      guint solved = 0, other = 0, wrong = 0;
      long after_tenth = 0, end;
      double t0 = g_get_monotonic_time () / 1e6;

      for (int i = 0; i < levels; i++)
        {
          if (!one_level (games[g], (guint64) i + 1, rand, &solved, &other))
            wrong++;
          if (i == levels / 10 - 1)
            after_tenth = status_kib ("VmRSS:");
        }
      end = status_kib ("VmRSS:");
      printf ("%-7s %d levels: %u solved, %u not (gave up or none), %u wrong; "
              "resident %ld KiB after %d, %ld KiB at the end (%+ld); peak %ld KiB; %.1f s\n",
              games[g]->id, levels, solved, other, wrong, after_tenth, levels / 10, end,
              end - after_tenth, status_kib ("VmHWM:"),
              g_get_monotonic_time () / 1e6 - t0);
      fflush (stdout);
      if (wrong > 0 || end - after_tenth > GROWTH_LIMIT_KIB)
        ok = FALSE;
    }
  return ok ? 0 : 1;
}
