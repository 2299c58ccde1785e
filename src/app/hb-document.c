/* hb-document.c: the open level (see hb-document.h). */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "hb-document-private.h"
#include "hb-history.h"
#include "hb-registry.h"

struct _HbDocument
{
  GObject       parent_instance;

  const HbGame *game;
  HbHistory    *history;
  GFile        *file;            /* NULL: not saved yet */
  char         *untitled_name;
  guint64       serial;
  guint64       level_serial;    /* the same but for Edit and Play's switch */
  gboolean      gesture_pushed;  /* the current gesture has its undo step */
  HbState      *gesture_from;    /* the board before the gesture's step, or NULL */
  guint64       same_serial;     /* serial + 1 when `same` was found, or 0 */
  gboolean      same;
  HbState      *loaded;          /* the level as it was loaded (Restart) */
  gboolean      playing;         /* changes are play moves (progress) */
  GHashTable   *kept;            /* const HbGame * -> Kept (hb_document_keep) */
  char        **comments;        /* the file's comment lines, kept on save */
  guint         comments_dropped; /* of those, left out by the last save */
  HbCommentsUnkept unkept;       /* the file's comments not held (hb-document.h) */
  HbCommentsUnkept unkept_saved; /* those the last save left out */
  guint         more_levels;     /* levels in self->file after the one read */
  HbWriteFormat format;          /* the file's format, written back on save */
  gboolean      format_lost;     /* the last save could not write it */
  guint         level_id;        /* a new one when another level (or history)
                                  * comes in: a save that ends after it
                                  * was of a level no longer here (or kept
                                  * aside: a Kept's, back with it) */
  guint         level_ids;       /* the last level_id given */
};

/* A level kept aside while another game is open. */
typedef struct {
  HbHistory *history;
  GFile     *file;
  char      *untitled_name;
  HbState   *loaded;
  char     **comments;
  HbCommentsUnkept unkept;
  guint      more_levels;
  HbWriteFormat format;
  guint      level_id;
} Kept;

static void
kept_free (gpointer data)
{
  Kept *k = data;

  hb_history_free (k->history);
  g_clear_object (&k->file);
  g_free (k->untitled_name);
  hb_state_free (k->loaded);
  g_strfreev (k->comments);
  g_free (k);
}

G_DEFINE_FINAL_TYPE (HbDocument, hb_document, G_TYPE_OBJECT)

enum { SIGNAL_LEVEL_CHANGED, SIGNAL_CHANGED, SIGNAL_SAVED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* The board changed: `shown_only` when only what is shown did (Edit and
 * Play's switch, which shows the level without its moves or with them). */
static void
changed_shown (HbDocument *self, gboolean shown_only)
{
  self->serial++;
  if (!shown_only)
    self->level_serial++;
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

static void
changed (HbDocument *self)
{
  changed_shown (self, FALSE);
}

void
hb_document_take_comments (HbDocument *self, char **comments, HbCommentsUnkept unkept)
{
  g_return_if_fail (HB_IS_DOCUMENT (self));
  g_strfreev (self->comments);
  self->comments = comments;
  self->unkept = unkept;
}

HbCommentsUnkept
hb_document_get_comments_unkept (HbDocument *self)
{
  g_return_val_if_fail (HB_IS_DOCUMENT (self), 0);
  return self->unkept_saved;
}

void
hb_document_set_format (HbDocument *self, HbWriteFormat format)
{
  g_return_if_fail (HB_IS_DOCUMENT (self));
  self->format = format;
}

gboolean
hb_document_get_format_lost (HbDocument *self)
{
  g_return_val_if_fail (HB_IS_DOCUMENT (self), FALSE);
  return self->format_lost;
}

void
hb_document_set_more_levels (HbDocument *self, guint more)
{
  g_return_if_fail (HB_IS_DOCUMENT (self));
  self->more_levels = more;
}

guint
hb_document_get_comments_dropped (HbDocument *self)
{
  g_return_val_if_fail (HB_IS_DOCUMENT (self), 0);
  return self->comments_dropped;
}

void
hb_document_set_level (HbDocument *self, HbState *state, GFile *file,
                       const char *untitled_name)
{
  gboolean new_game;

  g_return_if_fail (HB_IS_DOCUMENT (self));
  g_return_if_fail (state != NULL);

  new_game = self->game != state->game;
  self->game = state->game;
  self->level_id = ++self->level_ids;
  g_set_object (&self->file, file);
  g_free (self->untitled_name);
  self->untitled_name = g_strdup (untitled_name);
  g_clear_pointer (&self->loaded, hb_state_free);
  self->loaded = hb_state_copy (state);
  g_clear_pointer (&self->comments, g_strfreev);
  self->unkept = 0;
  self->more_levels = 0;
  self->format = HB_WRITE_NATIVE;
  if (self->history == NULL)
    self->history = hb_history_new (state, 0);
  else
    hb_history_reset (self->history, state);
  self->gesture_pushed = FALSE;
  g_signal_emit (self, signals[SIGNAL_LEVEL_CHANGED], 0, new_game);
  changed (self);
}

void
hb_document_keep (HbDocument *self)
{
  Kept *k;

  g_return_if_fail (HB_IS_DOCUMENT (self));
  if (self->history == NULL || self->loaded == NULL)
    return;
  k = g_new0 (Kept, 1);
  k->history = g_steal_pointer (&self->history);
  k->file = self->file != NULL ? g_object_ref (self->file) : NULL;
  k->untitled_name = g_strdup (self->untitled_name);
  k->loaded = hb_state_copy (self->loaded);
  k->comments = g_steal_pointer (&self->comments);
  k->unkept = self->unkept;
  k->more_levels = self->more_levels;
  k->format = self->format;
  k->level_id = self->level_id;
  g_hash_table_replace (self->kept, (gpointer) self->game, k);
  /* The open level is now the kept one's: the next set_level makes a
   * fresh history rather than reset this one. */
  self->history = hb_history_new (hb_state_copy (self->loaded), 0);
  self->level_id = ++self->level_ids;
}

gboolean
hb_document_has_kept (HbDocument *self, const HbGame *game)
{
  g_return_val_if_fail (HB_IS_DOCUMENT (self), FALSE);
  return g_hash_table_contains (self->kept, game);
}

gboolean
hb_document_restore_kept (HbDocument *self, const HbGame *game)
{
  Kept *k;
  gboolean new_game;

  g_return_val_if_fail (HB_IS_DOCUMENT (self), FALSE);
  k = g_hash_table_lookup (self->kept, game);
  if (k == NULL)
    return FALSE;
  g_hash_table_steal (self->kept, game);
  new_game = self->game != game;
  self->game = game;
  /* The level kept, back: a save of it that ends now is of this one. */
  self->level_id = k->level_id;
  g_clear_pointer (&self->history, hb_history_free);
  self->history = k->history;
  g_set_object (&self->file, k->file);
  g_clear_object (&k->file);
  g_free (self->untitled_name);
  self->untitled_name = k->untitled_name;
  g_clear_pointer (&self->loaded, hb_state_free);
  self->loaded = k->loaded;
  g_strfreev (self->comments);
  self->comments = k->comments;
  self->unkept = k->unkept;
  self->more_levels = k->more_levels;
  self->format = k->format;
  g_free (k);
  self->gesture_pushed = FALSE;
  g_signal_emit (self, signals[SIGNAL_LEVEL_CHANGED], 0, new_game);
  changed (self);
  return TRUE;
}

void
hb_document_forget_kept (HbDocument *self, const HbGame *game)
{
  g_return_if_fail (HB_IS_DOCUMENT (self));
  g_hash_table_remove (self->kept, game);
}

const HbGame *
hb_document_get_game (HbDocument *self)
{
  g_return_val_if_fail (HB_IS_DOCUMENT (self), NULL);
  return self->game;
}

const HbState *
hb_document_get_state (HbDocument *self)
{
  g_return_val_if_fail (HB_IS_DOCUMENT (self), NULL);
  if (self->history == NULL)
    return NULL;
  /* Edit shows and changes the level as drawn: play moves made on it are
   * Play's (an edit used to start from the played board, and so wrote
   * the moves into the level). */
  return self->playing ? hb_history_current (self->history)
                       : hb_history_design (self->history);
}

const HbState *
hb_document_get_design (HbDocument *self)
{
  g_return_val_if_fail (HB_IS_DOCUMENT (self), NULL);
  return self->history != NULL ? hb_history_design (self->history) : NULL;
}

const HbState *
hb_document_get_loaded (HbDocument *self)
{
  g_return_val_if_fail (HB_IS_DOCUMENT (self), NULL);
  return self->loaded;
}

GFile *
hb_document_get_file (HbDocument *self)
{
  g_return_val_if_fail (HB_IS_DOCUMENT (self), NULL);
  return self->file;
}

const char *
hb_document_get_untitled_name (HbDocument *self)
{
  g_return_val_if_fail (HB_IS_DOCUMENT (self), NULL);
  return self->untitled_name;
}

/* A file's base name in UTF-8 whatever its bytes: it is shown (the
 * title, the dialogs, the toasts), and GTK takes nothing else. */
char *
hb_file_dup_display_name (GFile *file)
{
  g_autofree char *base = g_file_get_basename (file);

  return g_filename_display_name (base);
}

char *
hb_document_dup_display_name (HbDocument *self)
{
  g_return_val_if_fail (HB_IS_DOCUMENT (self), NULL);
  if (self->file != NULL)
    return hb_file_dup_display_name (self->file);
  return g_strdup (self->untitled_name ? self->untitled_name : _("Untitled"));
}

gboolean
hb_document_get_modified (HbDocument *self)
{
  g_return_val_if_fail (HB_IS_DOCUMENT (self), FALSE);
  return self->history != NULL && hb_history_is_modified (self->history);
}

void
hb_document_mark_unsaved (HbDocument *self)
{
  g_return_if_fail (HB_IS_DOCUMENT (self));
  if (self->history == NULL)
    return;
  hb_history_mark_unsaved (self->history);
  /* The window's title shows the mark. */
  changed (self);
}

guint64
hb_document_get_serial (HbDocument *self)
{
  g_return_val_if_fail (HB_IS_DOCUMENT (self), 0);
  return self->serial;
}

guint64
hb_document_get_level_serial (HbDocument *self)
{
  g_return_val_if_fail (HB_IS_DOCUMENT (self), 0);
  return self->level_serial;
}

typedef enum { STEP_DESIGN, STEP_PLAY, STEP_RESTART } StepKind;

/* A new undo step: a change of the level (its cells moved by dx, dy), a
 * play move's, or a restart (a play step the move count starts from). */
static void
push_entry (HbDocument *self, HbState *state, StepKind kind, int dx, int dy)
{
  if (kind == STEP_RESTART)
    hb_history_push_restart (self->history, state);
  else if (kind == STEP_PLAY)
    hb_history_push_play (self->history, state);
  else
    hb_history_push_moved (self->history, state, dx, dy);
}

gboolean
hb_document_apply_moves (HbDocument *self, const HbMove *moves, guint n,
                         gboolean new_step)
{
  HbState *state;
  const HbState *from;

  g_return_val_if_fail (HB_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (self->history != NULL, FALSE);

  from = hb_document_get_state (self);
  if (new_step)
    self->gesture_pushed = FALSE;
  state = hb_game_apply_moves (self->game, from, moves, n);
  if (state == NULL)
    return FALSE;
  if (!self->gesture_pushed)
    {
      g_clear_pointer (&self->gesture_from, hb_state_free);
      if (!new_step)
        self->gesture_from = hb_state_copy (from);
      push_entry (self, state, self->playing ? STEP_PLAY : STEP_DESIGN, 0, 0);
      self->gesture_pushed = !new_step;
    }
  else
    hb_history_replace (self->history, state);
  changed (self);
  return TRUE;
}

gboolean
hb_document_cancel_gesture (HbDocument *self)
{
  g_return_val_if_fail (HB_IS_DOCUMENT (self), FALSE);
  if (!self->gesture_pushed)
    return FALSE;
  self->gesture_pushed = FALSE;
  if (!hb_history_take_back (self->history))
    return FALSE;
  changed (self);
  return TRUE;
}

/* A gesture that ended where it began (a Flow Free path drawn one cell on
 * and back) is no step: it counted a move and Undo did nothing visible.
 * Its step is taken back; TRUE when it was. */
gboolean
hb_document_drop_unchanged_gesture (HbDocument *self)
{
  g_return_val_if_fail (HB_IS_DOCUMENT (self), FALSE);
  if (!hb_document_gesture_unchanged (self))
    return FALSE;
  return hb_document_cancel_gesture (self);
}

gboolean
hb_document_gesture_unchanged (HbDocument *self)
{
  g_return_val_if_fail (HB_IS_DOCUMENT (self), FALSE);
  if (!self->gesture_pushed || self->gesture_from == NULL)
    return FALSE;
  /* Asked several times a change and each second (the clock): a big
   * board compared once a change (gesture_from changes with the serial). */
  if (self->same_serial != self->serial + 1)
    {
      self->same = self->game->equal (self->gesture_from, hb_document_get_state (self));
      self->same_serial = self->serial + 1;
    }
  return self->same;
}

void
hb_document_end_gesture (HbDocument *self)
{
  g_return_if_fail (HB_IS_DOCUMENT (self));
  self->gesture_pushed = FALSE;
}

static void
push_step (HbDocument *self, HbState *state, StepKind kind, int dx, int dy)
{
  g_return_if_fail (HB_IS_DOCUMENT (self));
  g_return_if_fail (self->history != NULL);
  push_entry (self, state, kind, dx, dy);
  self->gesture_pushed = FALSE;
  changed (self);
}

void
hb_document_push (HbDocument *self, HbState *state)
{
  push_step (self, state, HB_IS_DOCUMENT (self) && self->playing ? STEP_PLAY : STEP_DESIGN, 0, 0);
}

void
hb_document_push_restart (HbDocument *self, HbState *state)
{
  int ox, oy;

  /* In Edit the level itself goes back to its start, its cells where it
   * was opened: rows added above had left the history's origin a row
   * down, and a screenshot drawn a row off (review). A play restart
   * keeps its design's. */
  hb_document_get_origin (self, &ox, &oy);
  push_step (self, state, HB_IS_DOCUMENT (self) && self->playing ? STEP_RESTART : STEP_DESIGN,
             -ox, -oy);
}

void
hb_document_push_design_moved (HbDocument *self, HbState *state, int dx, int dy)
{
  push_step (self, state, STEP_DESIGN, dx, dy);
}

void
hb_document_get_origin (HbDocument *self, int *x, int *y)
{
  *x = *y = 0;
  if (HB_IS_DOCUMENT (self) && self->history != NULL)
    hb_history_origin (self->history, x, y);
}

void
hb_document_set_playing (HbDocument *self, gboolean playing)
{
  const HbState *before;

  g_return_if_fail (HB_IS_DOCUMENT (self));
  before = hb_document_get_state (self);
  self->playing = playing;
  self->gesture_pushed = FALSE;
  /* Play shows the moves made on the level, Edit the level without them:
   * the board shown changes, neither the level nor its moves. */
  if (hb_document_get_state (self) != before)
    changed_shown (self, TRUE);
}

gboolean
hb_document_at_play_move (HbDocument *self)
{
  g_return_val_if_fail (HB_IS_DOCUMENT (self), FALSE);
  return self->playing && hb_document_play_depth (self) > 0;
}

guint
hb_document_play_depth (HbDocument *self)
{
  g_return_val_if_fail (HB_IS_DOCUMENT (self), 0);
  return self->history != NULL ? hb_history_play_depth (self->history) : 0;
}

guint
hb_document_play_moves (HbDocument *self)
{
  g_return_val_if_fail (HB_IS_DOCUMENT (self), 0);
  return self->history != NULL ? hb_history_play_moves (self->history) : 0;
}

guint64
hb_document_design_id (HbDocument *self)
{
  g_return_val_if_fail (HB_IS_DOCUMENT (self), 0);
  return self->history != NULL ? hb_history_design_id (self->history) : 0;
}

guint64
hb_document_entry_id (HbDocument *self)
{
  g_return_val_if_fail (HB_IS_DOCUMENT (self), 0);
  return self->history != NULL ? hb_history_current_id (self->history) : 0;
}

gboolean
hb_document_redo_is_play_move (HbDocument *self)
{
  g_return_val_if_fail (HB_IS_DOCUMENT (self), FALSE);
  return self->playing && self->history != NULL
         && hb_history_next_is_play (self->history);
}

/* Undo and redo in Edit pass over play moves, which it does not show. */
gboolean
hb_document_can_undo (HbDocument *self)
{
  g_return_val_if_fail (HB_IS_DOCUMENT (self), FALSE);
  return self->history != NULL
         && (self->playing ? hb_history_can_undo (self->history)
                           : hb_history_can_undo_design (self->history));
}

gboolean
hb_document_can_redo (HbDocument *self)
{
  g_return_val_if_fail (HB_IS_DOCUMENT (self), FALSE);
  return self->history != NULL
         && (self->playing ? hb_history_can_redo (self->history)
                           : hb_history_can_redo_design (self->history));
}

gboolean
hb_document_undo (HbDocument *self)
{
  g_return_val_if_fail (HB_IS_DOCUMENT (self), FALSE);
  self->gesture_pushed = FALSE;
  if (self->history == NULL
      || !(self->playing ? hb_history_undo (self->history)
                         : hb_history_undo_design (self->history)))
    return FALSE;
  changed (self);
  return TRUE;
}

gboolean
hb_document_redo (HbDocument *self)
{
  g_return_val_if_fail (HB_IS_DOCUMENT (self), FALSE);
  self->gesture_pushed = FALSE;
  if (self->history == NULL
      || !(self->playing ? hb_history_redo (self->history)
                         : hb_history_redo_design (self->history)))
    return FALSE;
  changed (self);
  return TRUE;
}

/* Whether a save to `file` writes the write-up's JSON by its ".json" name,
 * whatever the level was read in. */
static gboolean
json_by_name (HbDocument *self, GFile *file)
{
  g_autofree char *base = file != NULL ? g_file_get_basename (file) : NULL;
  g_autofree char *lower = base != NULL ? g_ascii_strdown (base, -1) : NULL;

  return self->game->reads_json && lower != NULL && g_str_has_suffix (lower, ".json");
}

char *
hb_document_dup_text (HbDocument *self, GError **error)
{
  g_autoptr (HbSaveJob) job = NULL;

  g_return_val_if_fail (HB_IS_DOCUMENT (self), NULL);
  g_return_val_if_fail (self->history != NULL, NULL);
  /* As Save would write the level's own file (JSON after a Save As to
   * "x.json", though the level was read as rows). */
  job = hb_document_save_begin (self, self->file);
  return hb_save_job_text (job, error);
}

/* What the save writes, copied (the board is a copy: a 4096×4096 Flow
 * Free one, 48 MB, in 0.3-0.5 s, where writing it as JSON takes 5-10 s). */
HbSaveJob *
hb_document_save_begin (HbDocument *self, GFile *file)
{
  HbSaveJob *job;

  g_return_val_if_fail (HB_IS_DOCUMENT (self), NULL);
  g_return_val_if_fail (self->history != NULL, NULL);
  job = g_new0 (HbSaveJob, 1);
  job->game = self->game;
  job->design = hb_state_copy (hb_history_design (self->history));
  job->design_id = hb_history_design_id (self->history);
  job->level_id = self->level_id;
  job->comments = g_strdupv (self->comments);
  job->file = file != NULL ? g_object_ref (file) : NULL;
  job->own = self->file != NULL ? g_object_ref (self->file) : NULL;
  job->more_levels = self->more_levels;
  /* The level as drawn, not as played; in the write-up's JSON under a
   * ".json" name (Save As wrote text there). */
  job->by_name = json_by_name (self, file);
  job->format = job->by_name ? HB_WRITE_JSON : self->format;
  job->dropped = g_ptr_array_new_with_free_func (g_free);
  return job;
}

static gboolean
kept_is_level (gpointer key, gpointer value, gpointer level_id)
{
  return ((Kept *) value)->level_id == GPOINTER_TO_UINT (level_id);
}

/* What a save changes of the level it wrote, open or kept aside (the
 * game switched, or New, while it ran: the level came back under its old
 * name, and its next Save wrote there). */
static void
saved_level (HbSaveJob *job, HbHistory *history, GFile **file, HbWriteFormat *format,
             char ***comments, HbCommentsUnkept *unkept, guint *more_levels)
{
  /* Only once the file is written: a save that failed (Save As into a
   * folder that is not there) changed what the next Save wrote. Under a
   * ".json" name JSON was for that save only: it neither becomes the
   * form later saves under other names write (a level saved as .json
   * then as .flow was JSON in the .flow). */
  if (!job->by_name)
    *format = job->format;
  *unkept = 0;
  /* The file written holds this level alone. */
  *more_levels = 0;
  /* The file's comment lines ("# my notes") went back with it, where the
   * format keeps them (Save dropped them); those left out are now
   * forgotten (the next save would count them again). */
  if (job->dropped->len > 0 && *comments != NULL)
    {
      GPtrArray *still = g_ptr_array_new ();
      for (guint i = 0; (*comments)[i] != NULL; i++)
        {
          gboolean gone = FALSE;
          for (guint j = 0; j < job->dropped->len && !gone; j++)
            gone = g_str_equal ((*comments)[i], g_ptr_array_index (job->dropped, j));
          if (gone)
            g_free ((*comments)[i]);
          else
            g_ptr_array_add (still, (*comments)[i]);
        }
      g_ptr_array_add (still, NULL);
      g_free (*comments);
      *comments = (char **) g_ptr_array_free (still, FALSE);
    }
  /* Saved as the level was when the save began: a change made while it
   * was written stays unsaved. */
  hb_history_mark_saved_as (history, job->design_id, job->design);
  if (*file == NULL || !g_file_equal (*file, job->file))
    g_set_object (file, job->file);
}

gboolean
hb_document_save_finish (HbDocument *self, HbSaveJob *job)
{
  g_return_val_if_fail (HB_IS_DOCUMENT (self), FALSE);
  if (job->level_id != self->level_id)
    {
      Kept *k = g_hash_table_find (self->kept, kept_is_level, GUINT_TO_POINTER (job->level_id));

      if (k != NULL)
        saved_level (job, k->history, &k->file, &k->format, &k->comments, &k->unkept,
                     &k->more_levels);
      return FALSE;
    }
  self->format_lost = job->lost;
  /* The comment lines this save left out, and those the file's format
   * does not hold, said (and not again by the next). */
  self->comments_dropped = job->dropped->len;
  self->unkept_saved = self->unkept;
  saved_level (job, self->history, &self->file, &self->format, &self->comments, &self->unkept,
               &self->more_levels);
  g_signal_emit (self, signals[SIGNAL_SAVED], 0);
  return TRUE;
}

static void
hb_document_finalize (GObject *object)
{
  HbDocument *self = HB_DOCUMENT (object);

  g_clear_pointer (&self->history, hb_history_free);
  g_clear_pointer (&self->loaded, hb_state_free);
  g_clear_object (&self->file);
  g_free (self->untitled_name);
  g_strfreev (self->comments);
  g_hash_table_unref (self->kept);
  g_clear_pointer (&self->gesture_from, hb_state_free);
  G_OBJECT_CLASS (hb_document_parent_class)->finalize (object);
}

static void
hb_document_class_init (HbDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = hb_document_finalize;

  signals[SIGNAL_LEVEL_CHANGED] =
    g_signal_new ("level-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_SAVED] =
    g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
hb_document_init (HbDocument *self)
{
  self->kept = g_hash_table_new_full (NULL, NULL, NULL, kept_free);
}

HbDocument *
hb_document_new (void)
{
  return g_object_new (HB_TYPE_DOCUMENT, NULL);
}
