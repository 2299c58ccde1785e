/* hb-import.c: a level from a picture, whichever game it shows
 * (see hb-import.h). */
#include "hb-cancel-gio.h"
#include "hb-import.h"
#include "hb-registry.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>
#include <glib/gstdio.h>
#include <sys/stat.h>

const HbGame *const *
hb_registry_image_games (void)
{
  static const HbGame *list[16];
  static gsize done;

  if (g_once_init_enter (&done))
    {
      /* Cheapest reader first (and the commonest screenshots), so that a
       * sure reading can stop the others (hb_registry_from_image). */
      static const char *const order[] = { "flow", "flood", "lights", "loop" };
      const HbGame *const *games = hb_registry_games ();
      int n = 0;
      for (gsize o = 0; o <= G_N_ELEMENTS (order); o++)
        for (int i = 0; games[i] != NULL && n < (int) G_N_ELEMENTS (list) - 1; i++)
          {
            gboolean listed = FALSE;
            for (gsize q = 0; q < G_N_ELEMENTS (order); q++)
              listed = listed || g_str_equal (games[i]->id, order[q]);
            if (games[i]->from_image == NULL
                || (o < G_N_ELEMENTS (order) ? !g_str_equal (games[i]->id, order[o]) : listed))
              continue;
            list[n++] = games[i];
          }
      list[n] = NULL;
      g_once_init_leave (&done, 1);
    }
  return list;
}

/* Swaps two reports' contents: a reading kept, its report goes where the
 * caller looks, and the other report is reused for the next one. */
static void
swap_reports (HbImportReport *a, HbImportReport *b)
{
  HbImportReport tmp = *a;

  *a = *b;
  *b = tmp;
}

/* A picture cut through a board reads as a smaller board that can look
 * whole: rows 4–6 of a Flow Free screenshot read as a clean 7×3 level,
 * half a Flood-It board as 14×28, nothing said (review). Where the
 * picture's edge cuts through the board (hb_vision_cut_sides, or the
 * reader's own finding) it is said first among the notes, and the
 * reading is kept under HB_IMPORT_MIN_SCORE: the app asks before taking
 * it, the command line wants the game named. */
static void
judge_cut (const HbImage *img, HbImportReport *report)
{
  static const struct {
    HbSide      side;
    const char *text;
  } says[] = {
    { HB_SIDE_TOP, N_("The picture’s top edge cuts through the board: rows above those read are missing or only partly seen.") },
    { HB_SIDE_BOTTOM, N_("The picture’s bottom edge cuts through the board: rows below those read are missing or only partly seen.") },
    { HB_SIDE_LEFT, N_("The picture’s left edge cuts through the board: columns left of those read are missing or only partly seen.") },
    { HB_SIDE_RIGHT, N_("The picture’s right edge cuts through the board: columns right of those read are missing or only partly seen.") },
  };
  guint at = 0;

  report->cut |= hb_vision_cut_sides (img, report);
  for (gsize i = 0; i < G_N_ELEMENTS (says); i++)
    if (report->cut & says[i].side)
      g_ptr_array_insert (report->notes, (int) at++, g_strdup (_(says[i].text)));
  /* The row or column read along a cut edge may be only partly seen (a
   * bottom row three quarters in view read its straights as ends, no
   * ring on them: review): its cells are marked to be checked. */
  if (report->cut != 0 && report->unsure != NULL)
    {
      for (int x = 0; x < report->width; x++)
        {
          if (report->cut & HB_SIDE_TOP)
            hb_import_report_mark_unsure (report, x, 0);
          if (report->cut & HB_SIDE_BOTTOM)
            hb_import_report_mark_unsure (report, x, report->height - 1);
        }
      for (int y = 0; y < report->height; y++)
        {
          if (report->cut & HB_SIDE_LEFT)
            hb_import_report_mark_unsure (report, 0, y);
          if (report->cut & HB_SIDE_RIGHT)
            hb_import_report_mark_unsure (report, report->width - 1, y);
        }
      hb_import_report_refinish (report);
    }
  if (report->cut != 0)
    report->score = MIN (report->score, HB_IMPORT_SEEMS_SCORE);
  /* A reading not sure (under the threshold, or with cells unsure), of
   * a picture that looks turned: that is the likely cause (Flood-It read
   * a board turned 5° as 7×7 with 25 cells unsure, told the game; as 3×7
   * in five colours with 5 unsure, sure enough to be taken unasked:
   * review). Kept under the threshold, as a cut one. */
  else if (report->score < HB_IMPORT_SURE_SCORE
           && (report->n_unsure > 0 || report->score < HB_IMPORT_MIN_SCORE)
           && hb_vision_tilt (img) != 0)
    {
      double tilt = hb_vision_tilt (img);

      g_ptr_array_insert (report->notes, 0,
                          g_strdup_printf (tilt > 0
                                           /* TRANSLATORS: %d: degrees */
                                           ? _("The picture looks turned about %d° clockwise, so "
                                               "what was read is likely wrong. Straighten the "
                                               "picture, or use a screenshot of the game.")
                                           : _("The picture looks turned about %d° anticlockwise, "
                                               "so what was read is likely wrong. Straighten the "
                                               "picture, or use a screenshot of the game."),
                                           (int) lround (fabs (tilt))));
      report->score = MIN (report->score, HB_IMPORT_SEEMS_SCORE);
    }
}

/* A board with a side under three cells is smaller than the games'
 * levels, and what a picture of something else reads as: an icon's frame
 * as Infinite Loop 2×2, "no open ends", a floppy disk's two colours as
 * Flood-It 2×4, each taken without a word (review). Kept under the
 * threshold with a note: the app asks, the command line wants the game
 * named. */
static void
judge_size (const HbState *s, HbImportReport *report)
{
  /* (A cut board is small for that reason, said already.) */
  if (MIN (s->width, s->height) >= 3 || report->cut != 0)
    return;
  /* TRANSLATORS: %d×%d: the board read, columns × rows */
  g_ptr_array_insert (report->notes, 0,
                      g_strdup_printf (_("A board of %d×%d is smaller than a game's levels: the "
                                         "picture may show something else."),
                                       s->width, s->height));
  report->score = MIN (report->score, HB_IMPORT_SEEMS_SCORE);
}

/* No board was found (`error` says why, game by game): a picture that
 * looks turned says that first (a photograph of a phone held 7° askew
 * was "Nothing … looks like a board", the command line's reason "a grid
 * but no dots": review). */
static gboolean
judge_tilt (const HbImage *img, GError **error)
{
  double tilt;

  if (error == NULL || !g_error_matches (*error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_NO_BOARD))
    return FALSE;
  tilt = hb_vision_tilt (img);
  if (tilt != 0)
    {
      const char *nl = strchr ((*error)->message, '\n');
      /* The game's own reason, or each game's, under the sentence. */
      g_autofree char *reasons = g_strdup (nl != NULL ? nl : "");
      g_autofree char *one = nl == NULL ? g_strdup_printf ("\n  %s", (*error)->message) : NULL;

      g_clear_error (error);
      /* By how much and which way, to straighten it in a picture
       * editor (the measure is good to a tenth of a degree). */
      g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_TILTED,
                   tilt > 0
                   /* TRANSLATORS: %d: degrees; then each game's reason, a line each */
                   ? _("The picture looks turned about %d° clockwise: a board is read only when "
                       "it is straight, as in a screenshot. Straighten the picture, or use a "
                       "screenshot of the game.%s")
                   /* TRANSLATORS: %d: degrees; then each game's reason, a line each */
                   : _("The picture looks turned about %d° anticlockwise: a board is read only "
                       "when it is straight, as in a screenshot. Straighten the picture, or use "
                       "a screenshot of the game.%s"),
                   (int) lround (fabs (tilt)), one != NULL ? one : reasons);
    }
  return tilt != 0;
}

/* Every game tries `img`; the surest reading wins (see
 * hb_registry_from_image). With `near` set, a reading that found a board
 * but is too unsure to count (under HB_IMPORT_MIN_SCORE) is kept aside,
 * the surest such one, and comes back in *near, its report in `report`,
 * when no reading counts (the error is still set then). */
static HbState *
guess (const HbImage *img, HbImportReport *report, HbCancel *cancellable, HbState **near,
       GError **error)
{
  const HbGame *const *games = hb_registry_image_games ();
  g_autoptr(HbImportReport) trial = NULL;
  g_autoptr(HbImportReport) doubt = NULL;
  g_autoptr(GString) misses = NULL;
  HbState *best = NULL, *doubtful = NULL;
  double t0 = hb_now ();

  if (hb_vision_cancelled (cancellable, error))
    return NULL;
  trial = hb_import_report_new ();
  doubt = hb_import_report_new ();
  misses = g_string_new (NULL);
  hb_import_report_clear (report);
  for (int i = 0; games[i] != NULL; i++)
    {
      g_autoptr(GError) local = NULL;
      HbState *s = games[i]->from_image (img, trial, cancellable, &local);

      if (s != NULL)
        {
          judge_cut (img, trial);
          judge_size (s, trial);
        }
      if (s == NULL)
        {
          if (g_error_matches (local, HB_IMAGE_ERROR, HB_IMAGE_ERROR_CANCELLED)
              || hb_cancel_is_set (cancellable))
            {
              hb_state_free (best);
              hb_state_free (doubtful);
              g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_CANCELLED, _("Cancelled"));
              return NULL;
            }
          g_string_append_printf (misses, "\n  %s", local != NULL ? local->message : "");
          continue;
        }
      if (trial->score < HB_IMPORT_MIN_SCORE)
        {
          g_string_append_printf (misses, "\n  %s", trial->summary != NULL ? trial->summary : "");
          g_string_append_printf (misses, _(" (too unsure to be this game)"));
          if (near != NULL && trial->score >= HB_IMPORT_NEAR_SCORE
              && (doubtful == NULL || trial->score > doubt->score))
            {
              hb_state_free (doubtful);
              doubtful = s;
              swap_reports (doubt, trial);
            }
          else
            hb_state_free (s);
          hb_import_report_clear (trial);
          continue;
        }
      if (best == NULL || trial->score > report->score)
        {
          hb_state_free (best);
          best = s;
          /* Keep the trial as the report; reuse the old one for the next. */
          swap_reports (report, trial);
        }
      else
        hb_state_free (s);
      hb_import_report_clear (trial);
      /* A reading this sure settles it: the others need not look. */
      if (report->score >= HB_IMPORT_SURE_SCORE)
        break;
    }
  if (best == NULL)
    {
      g_autoptr(GError) none = NULL;

      g_set_error (&none, HB_IMAGE_ERROR, HB_IMAGE_ERROR_NO_BOARD,
                   _("No board of any game found in the picture:%s"), misses->str);
      /* A turned picture is said so, over a doubtful reading of it
       * (at 7° a Flow Free screenshot was "seems to show a board",
       * Flood-It's 3×5 in two colours). */
      if (!judge_tilt (img, &none) && doubtful != NULL)
        {
          swap_reports (report, doubt);
          *near = g_steal_pointer (&doubtful);
        }
      g_propagate_error (error, g_steal_pointer (&none));
    }
  hb_state_free (doubtful);
  /* What the readers shared (a shrunk copy …) is not kept past the
   * reading: the next one, maybe of changed pixels, starts afresh. */
  hb_image_changed ((HbImage *) img);
  report->seconds = hb_now () - t0;
  return best;
}

HbState *
hb_registry_from_image_or_near (const HbImage *img, HbImportReport *report,
                                HbCancel *cancellable, HbState **near, GError **error)
{
  g_return_val_if_fail (near != NULL && *near == NULL, NULL);
  return guess (img, report, cancellable, near, error);
}

HbState *
hb_registry_from_image (const HbImage *img, const HbGame *game, HbImportReport *report,
                        HbCancel *cancellable, GError **error)
{
  double t0 = hb_now ();

  if (hb_vision_cancelled (cancellable, error))
    return NULL;
  if (game != NULL)
    {
      HbState *s;
      if (game->from_image == NULL)
        {
          g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_NO_BOARD,
                       _("%s does not read pictures"), _(game->name));
          return NULL;
        }
      s = game->from_image (img, report, cancellable, error);
      if (s != NULL)
        judge_cut (img, report);
      else
        judge_tilt (img, error);
      report->seconds = hb_now () - t0;
      hb_image_changed ((HbImage *) img);
      return s;
    }
  return guess (img, report, cancellable, NULL, error);
}

void
hb_import_result_free (HbImportResult *r)
{
  if (r == NULL)
    return;
  hb_image_free (r->image);
  hb_state_free (r->state);
  hb_import_report_free (r->report);
  g_free (r);
}

typedef struct {
  char         *path;
  GBytes       *bytes;
  const HbGame *game;
} ImportTask;

static void
import_task_free (gpointer data)
{
  ImportTask *t = data;
  g_free (t->path);
  if (t->bytes != NULL)
    g_bytes_unref (t->bytes);
  g_free (t);
}

static void
import_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  ImportTask *t = data;
  g_autoptr(HbImportResult) r = g_new0 (HbImportResult, 1);
  GError *error = NULL;
  HbCancel cancel;
  gulong follow;

  if (t->bytes != NULL)
    {
      gsize len;
      const guint8 *p = g_bytes_get_data (t->bytes, &len);
      r->image = hb_image_load_bytes (p, len, t->path, &error);
    }
  else
    r->image = hb_image_load (t->path, &error);
  if (r->image == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  r->report = hb_import_report_new ();
  /* The readers poll an HbCancel: set from the task's cancellable. */
  hb_cancel_init (&cancel, NULL);
  follow = hb_cancel_follow (&cancel, cancellable);
  r->state = hb_registry_from_image (r->image, t->game, r->report, &cancel, &error);
  hb_cancel_unfollow (cancellable, follow);
  if (r->state == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, g_steal_pointer (&r), (GDestroyNotify) hb_import_result_free);
}

void
hb_import_file_async (const char *path, GBytes *bytes, const HbGame *game,
                      GCancellable *cancellable, GAsyncReadyCallback callback,
                      gpointer user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  ImportTask *t = g_new0 (ImportTask, 1);

  t->path = g_strdup (path);
  t->bytes = bytes != NULL ? g_bytes_ref (bytes) : NULL;
  t->game = game;
  g_task_set_task_data (task, t, import_task_free);
  g_task_set_source_tag (task, hb_import_file_async);
  g_task_run_in_thread (task, import_thread);
}

HbImportResult *
hb_import_file_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

HbImage *
hb_import_read_image (const char *path, GError **error)
{
  GStatBuf st;

  if (g_strcmp0 (path, "-") == 0
      || (g_stat (path, &st) == 0 && !S_ISREG (st.st_mode) && !S_ISDIR (st.st_mode)))
    {
      g_autofree char *data = NULL;
      g_autoptr(GError) local = NULL;
      gsize len = 0;

      if (!hb_read_input (path, &data, &len, &local))
        {
          /* The levels' reader says "not a level file" of a folder
           * (`detect - < folder`); here a picture was wanted. */
          if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_ISDIR))
            g_set_error (error, HB_IMAGE_ERROR, HB_IMAGE_ERROR_UNREADABLE,
                         _("%s: is a folder, not a picture"), path);
          else
            g_propagate_error (error, g_steal_pointer (&local));
          return NULL;
        }
      return hb_image_load_bytes ((const guint8 *) data, len, path, error);
    }
  return hb_image_load (path, error);
}
