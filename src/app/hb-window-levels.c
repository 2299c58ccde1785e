/* hb-window-levels.c: the bundled levels (resources under /levels, a
 * game's first one shown at start and on a switch of game, Next Level
 * after a win) and their browser, the Levels popover: a thumbnail drawn
 * by the game in the style shown, the size, and a tick on those solved,
 * kept in the "solved-levels" setting. It knows games only through
 * HbGame. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "hb-window-private.h"
#include "hb-registry.h"

#define LEVELS_RESOURCE RESOURCE_PATH "/levels"

/* ---- Bundled levels ------------------------------------------------------- */

typedef struct {
  char    *file;       /* "welcome.lights" */
  int      width, height;
  HbState *state;      /* the level, for its thumbnail */
} Bundled;

static void
bundled_free (gpointer data)
{
  Bundled *b = data;

  g_free (b->file);
  hb_state_free (b->state);
  g_free (b);
}

static HbState *
bundled_parse (const char *file, GError **error)
{
  char *path = g_strconcat (LEVELS_RESOURCE "/", file, NULL);
  GBytes *bytes = g_resources_lookup_data (path, 0, error);
  HbState *state = NULL;

  g_free (path);
  if (bytes != NULL)
    {
      gsize len;
      const char *text = g_bytes_get_data (bytes, &len);
      state = hb_registry_parse (NULL, file, text, len, error);
      g_bytes_unref (bytes);
    }
  return state;
}

static int
bundled_compare (gconstpointer a, gconstpointer b)
{
  const Bundled *x = *(const Bundled **) a, *y = *(const Bundled **) b;
  int ax = x->width * x->height, ay = y->width * y->height;
  gboolean ix = g_str_has_prefix (x->file, "welcome");
  gboolean iy = g_str_has_prefix (y->file, "welcome");

  /* The app's welcome level first, then easy to hard: smaller boards
   * first, then by name. (Each game's "first-" level came first too, so
   * Flood-It began on an 8×8 of eleven moves before its 4×4: review.) */
  if (ix != iy)
    return ix ? -1 : 1;
  if (ax != ay)
    return ax < ay ? -1 : 1;
  return strcmp (x->file, y->file);
}

/* The bundled levels of `game`, easiest first (Bundled). */
static GPtrArray *
bundled_list (const HbGame *game)
{
  GPtrArray *list = g_ptr_array_new_with_free_func (bundled_free);
  char **names = g_resources_enumerate_children (LEVELS_RESOURCE, 0, NULL);

  for (int i = 0; names != NULL && names[i] != NULL; i++)
    {
      HbState *state;

      if (!g_str_has_suffix (names[i], game->extension))
        continue;
      state = bundled_parse (names[i], NULL);
      if (state == NULL || state->game != game)
        {
          hb_state_free (state);
          continue;
        }
      {
        Bundled *b = g_new0 (Bundled, 1);
        b->file = g_strdup (names[i]);
        b->width = state->width;
        b->height = state->height;
        b->state = state;
        g_ptr_array_add (list, b);
      }
    }
  g_strfreev (names);
  g_ptr_array_sort (list, bundled_compare);
  return list;
}

/* ---- Thumbnails ------------------------------------------------------------ */

#define THUMB_SIZE 48   /* logical pixels, square */

/* A level's picture for the browser: the board as it starts, drawn by the
 * game's own render function at twice THUMB_SIZE (times the screen's
 * scale) in the style shown, and shown scaled down: at THUMB_SIZE a 9x9
 * Flow Free level's cells were under 5 pixels, its dots drawn as squares,
 * and the whole-pixel cells left the board a quarter short of its box.
 * Drawn once per level, style and scale for the whole run (bundled levels
 * never change): kept in a table of textures. */
static GdkTexture *
thumbnail (const HbGame *game, const Bundled *b, gboolean dark, int scale)
{
  static GHashTable *cache;
  char *key = g_strdup_printf ("%s/%s/%d/%d", game->id, b->file, dark, scale);
  GdkTexture *texture;
  int px = 2 * THUMB_SIZE * MAX (scale, 1);

  if (cache == NULL)
    cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  texture = g_hash_table_lookup (cache, key);
  if (texture == NULL)
    {
      HbRenderOptions options = { .dark = dark, .mode = HB_MODE_PLAY,
                                  .hover_x = -1, .hover_y = -1 };
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, px, px);
      cairo_t *cr = cairo_create (surface);
      HbLayout layout;
      GBytes *bytes;

      hb_layout_fit (&layout, b->width, b->height, px, px, px / 16.0);
      /* Only the board: a game's background outside it stays clear. */
      cairo_rectangle (cr, layout.x0 - 1, layout.y0 - 1,
                       layout.cell * b->width + 2, layout.cell * b->height + 2);
      cairo_clip (cr);
      game->render (b->state, cr, &layout, &options);
      cairo_destroy (cr);
      cairo_surface_flush (surface);
      /* Cairo's ARGB32 is GDK's default memory format (premultiplied,
       * native byte order). */
      bytes = g_bytes_new (cairo_image_surface_get_data (surface),
                           (gsize) cairo_image_surface_get_stride (surface) * px);
      texture = gdk_memory_texture_new (px, px, GDK_MEMORY_DEFAULT, bytes,
                                        cairo_image_surface_get_stride (surface));
      g_bytes_unref (bytes);
      cairo_surface_destroy (surface);
      g_hash_table_insert (cache, g_strdup (key), texture);
    }
  g_free (key);
  return texture;
}

static char *
level_key (const HbGame *game, const char *file)
{
  return g_strconcat (game->id, "/", file, NULL);
}

static gboolean
is_solved_key (HbWindow *self, const char *key)
{
  char **solved = g_settings_get_strv (self->settings, "solved-levels");
  gboolean found = g_strv_contains ((const char *const *) solved, key);

  g_strfreev (solved);
  return found;
}

void
hb_window_levels_mark_solved (HbWindow *self, const char *key)
{
  char **solved;
  GStrvBuilder *builder;

  if (key == NULL || is_solved_key (self, key))
    return;
  solved = g_settings_get_strv (self->settings, "solved-levels");
  builder = g_strv_builder_new ();
  g_strv_builder_addv (builder, (const char **) solved);
  g_strv_builder_add (builder, key);
  g_strfreev (solved);
  solved = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "solved-levels", (const char *const *) solved);
  g_strfreev (solved);
  g_strv_builder_unref (builder);
}

static void
load_bundled (HbWindow *self, const HbGame *game, GPtrArray *list, guint index)
{
  const Bundled *b = g_ptr_array_index (list, index);
  GError *error = NULL;
  HbState *state = bundled_parse (b->file, &error);
  char *name, *key;

  if (state == NULL)
    {
      /* The data test checks every bundled level; this is a broken build. */
      g_warning ("the bundled level %s does not load: %s", b->file, error->message);
      g_error_free (error);
      return;
    }
  /* TRANSLATORS: the name of a bundled level, "Level 3" */
  name = g_strdup_printf (_("Level %u"), index + 1);
  key = level_key (game, b->file);
  hb_window_set_level (self, state, NULL, name);
  /* After set_level: a new level forgets the key of the one before. */
  hb_window_levels_set_key (self, key);
  g_free (name);
}

void
hb_window_levels_set_key (HbWindow *self, char *key)
{
  g_free (self->level_key);
  self->level_key = key;
  hb_window_rebuild_levels (self);
  /* Next Level follows the key (it stayed greyed out on the first level
   * a new window opens, set after the actions were). */
  hb_window_update_actions (self);
}

/* A level opened from a file that is one of the bundled levels (a copy of
 * one, or the installed file) is that level: its win ticks it in Levels
 * and Next Level goes on from it (it was a stranger by its file name). */
void
hb_window_levels_recognise (HbWindow *self)
{
  const HbState *design = hb_document_get_design (self->document);
  const HbGame *game = hb_document_get_game (self->document);
  g_autoptr (GPtrArray) list = NULL;

  if (design == NULL || game == NULL || self->level_key != NULL)
    return;
  list = bundled_list (game);
  for (guint i = 0; i < list->len; i++)
    {
      const Bundled *b = g_ptr_array_index (list, i);
      if (b->width == design->width && b->height == design->height
          && game->equal (b->state, design))
        {
          hb_window_levels_set_key (self, level_key (game, b->file));
          return;
        }
    }
}

/* A kept level's solver result, its trace, its board and the command
 * line that repeats it, if it has a seed (hb_window_keep_level). */
typedef struct {
  HbResult *result;
  HbTrace  *trace;
  HbState  *initial;
  char     *command;
} KeptResult;

static void
kept_result_free (gpointer data)
{
  KeptResult *k = data;

  g_clear_pointer (&k->result, hb_result_free);
  g_clear_pointer (&k->trace, hb_trace_free);
  g_clear_pointer (&k->initial, hb_state_free);
  g_free (k->command);
  g_free (k);
}

/* The result of the level being kept goes with it: a game and back lost
 * it, and a long solve (a genetic algorithm's run, its plot) had to be
 * run again to watch or apply (review). A solve still running is not
 * kept: leaving the level stops it (and Solve cleared the result). A
 * result shown while a solve is under way is this level's, brought back
 * with it as the run of the level left stops: it goes with the level
 * too (it was dropped, the solve under way being another level's). */
static void
keep_result (HbWindow *self, const char *game_id)
{
  KeptResult *k;

  if (self->kept_results != NULL)
    g_hash_table_remove (self->kept_results, game_id);
  if (self->result == NULL)
    return;
  k = g_new0 (KeptResult, 1);
  k->command = g_strdup (hb_solver_panel_get_seed_command (self->solver_panel));
  hb_window_take_result (self, &k->result, &k->trace, &k->initial);
  if (self->kept_results == NULL)
    self->kept_results = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                kept_result_free);
  g_hash_table_replace (self->kept_results, g_strdup (game_id), k);
}

/* Before a level of another game comes in (the game chooser's new_then
 * in hb-window-actions.c, a file or picture of another game opened): the
 * level open now is kept for its game, with its moves, Undo, file and
 * clock, for hb_window_restore_kept. A level with changes the user chose
 * to discard is not kept (nor one kept before it). */
void
hb_window_keep_level (HbWindow *self)
{
  const HbGame *old = hb_document_get_game (self->document);

  if (old == NULL)
    return;
  if (!hb_document_get_modified (self->document))
    {
      hb_document_keep (self->document);
      hb_window_play_keep (self, old->id);
      keep_result (self, old->id);
      if (self->level_key != NULL)
        g_hash_table_replace (self->kept_keys, g_strdup (old->id), g_strdup (self->level_key));
      else
        g_hash_table_remove (self->kept_keys, old->id);
    }
  else
    {
      hb_document_forget_kept (self->document, old);
      hb_window_play_forget_kept (self, old->id);
      if (self->kept_results != NULL)
        g_hash_table_remove (self->kept_results, old->id);
      g_hash_table_remove (self->kept_keys, old->id);
    }
}

void
hb_window_replace_level (HbWindow *self, HbState *state, const char *text)
{
  const HbGame *game = state->game;
  gboolean same = game == hb_document_get_game (self->document);
  HbMode mode = self->mode;

  /* One click replaced a part-played level for good (a newcomer's
   * review): kept as a switch of game keeps it, and offered back. */
  if (same)
    hb_window_keep_level (self);
  hb_window_set_level (self, state, NULL, NULL);
  self->back_level = 0;
  if (same && hb_document_has_kept (self->document, game))
    {
      self->back_level = self->levels_entered;
      self->back_mode = mode;
      self->back_toast = g_object_ref (hb_window_show_toast_button (self, text, _("_Undo"),
                                                                    "win.back-level", 5));
      hb_window_update_actions (self);   /* Undo (Ctrl+Z) offers it too */
    }
}

void
hb_window_back_level_entered (HbWindow *self)
{
  gboolean offered = hb_window_back_offered (self);

  self->levels_entered++;
  /* Its Undo was for the level before, replaced in its turn (an open, a
   * level from the list): it did nothing, shown on. */
  if (self->back_toast != NULL)
    adw_toast_dismiss (self->back_toast);
  g_clear_object (&self->back_toast);
  if (offered)
    hb_window_update_actions (self);
}

gboolean
hb_window_back_offered (HbWindow *self)
{
  return self->back_level != 0 && self->back_level == self->levels_entered;
}

/* Edit's Undo passes over play moves: a new level with moves played on
 * it has them left to undo (they went with it, unasked). */
gboolean
hb_window_undo_brings_back (HbWindow *self)
{
  return !hb_document_can_undo (self->document) && hb_document_play_depth (self->document) == 0
         && hb_window_back_offered (self);
}

/* Checked again after the question about the new level's changes (a
 * Cancel there keeps the toast's offer: it threw it away). */
static void
back_then (HbWindow *self, gpointer data)
{
  if (!hb_window_back_offered (self))
    return;
  self->back_level = 0;
  if (hb_window_restore_kept (self, hb_document_get_game (self->document)))
    hb_window_set_mode (self, self->back_mode);
}

void
hb_window_back_level (HbWindow *self)
{
  if (!hb_window_back_offered (self))
    return;
  hb_window_maybe_discard (self, back_then, NULL, NULL);
}

/* The level kept for `game` when another game was chosen (see new_then
 * in hb-window-actions.c), back as it was left: TRUE when there was one. */
gboolean
hb_window_restore_kept (HbWindow *self, const HbGame *game)
{
  char *key = NULL, *id = NULL;
  KeptResult *kept;

  if (!hb_document_has_kept (self->document, game))
    return FALSE;
  hb_window_leave_level (self);
  hb_document_restore_kept (self->document, game);
  hb_window_level_entered (self);
  /* After the level changed: it forgets the key of the one before. */
  g_hash_table_steal_extended (self->kept_keys, game->id, (gpointer *) &id, (gpointer *) &key);
  g_free (id);
  hb_window_levels_set_key (self, key);
  hb_window_play_restore_kept (self, game->id);
  /* Its solver result, as it was left: Apply Solution and Replay again. */
  if (self->kept_results != NULL
      && g_hash_table_steal_extended (self->kept_results, game->id, (gpointer *) &id,
                                      (gpointer *) &kept))
    {
      self->result = g_steal_pointer (&kept->result);
      self->trace = g_steal_pointer (&kept->trace);
      self->result_initial = g_steal_pointer (&kept->initial);
      hb_window_show_result (self, kept->command);
      kept_result_free (kept);
      g_free (id);
      hb_window_update_actions (self);
    }
  return TRUE;
}

gboolean
hb_window_load_bundled_first (HbWindow *self, const HbGame *game)
{
  g_autoptr (GPtrArray) list = bundled_list (game);
  guint pick = 0;

  if (list->len == 0)
    return FALSE;
  for (guint i = 0; i < list->len; i++)
    {
      char *key = level_key (game, ((Bundled *) g_ptr_array_index (list, i))->file);
      gboolean solved = is_solved_key (self, key);
      g_free (key);
      if (!solved)
        {
          pick = i;
          break;
        }
    }
  load_bundled (self, game, list, pick);
  return self->level_key != NULL;
}

typedef struct {
  const HbGame *game;
  guint         index;
  /* Next Level went past the list's end (from its last level, or with
   * every level after this one solved), and how: said once it opened, as
   * Ctrl+Page Down on the last level went back to Level 1 silently. */
  const char   *wrapped;
} LevelChoice;

static void
open_level_then (HbWindow *self, gpointer data)
{
  LevelChoice *choice = data;
  g_autoptr (GPtrArray) list = bundled_list (choice->game);

  if (choice->index < list->len)
    {
      load_bundled (self, choice->game, list, choice->index);
      hb_window_set_mode (self, HB_MODE_PLAY);
      if (choice->wrapped != NULL && self->level_key != NULL)
        hb_window_show_toast (self, _(choice->wrapped));
    }
}

void
hb_window_next_level (HbWindow *self)
{
  const HbGame *game = hb_document_get_game (self->document);
  g_autoptr (GPtrArray) list = NULL;
  LevelChoice *choice;
  guint here = 0, pick;
  gboolean unsolved = FALSE;

  if (self->level_key == NULL || game == NULL)
    return;
  list = bundled_list (game);
  if (list->len == 0)
    return;
  for (guint i = 0; i < list->len; i++)
    {
      g_autofree char *key = level_key (game, ((Bundled *) g_ptr_array_index (list, i))->file);
      if (g_strcmp0 (key, self->level_key) == 0)
        here = i;
    }
  /* The first level after this one not solved yet, else simply the next. */
  pick = (here + 1) % list->len;
  for (guint k = 1; k < list->len; k++)
    {
      guint i = (here + k) % list->len;
      g_autofree char *key = level_key (game, ((Bundled *) g_ptr_array_index (list, i))->file);
      if (!is_solved_key (self, key))
        {
          pick = i;
          unsolved = TRUE;
          break;
        }
    }
  choice = g_new0 (LevelChoice, 1);
  choice->game = game;
  choice->index = pick;
  if (pick <= here && list->len > 1)
    choice->wrapped = !unsolved ? N_("Every other level is solved: back to the first")
                      : here + 1 == list->len
                      ? N_("That was the last level: back to the first one not solved")
                      : N_("The levels after this one are solved: back to the first one not "
                           "solved");
  hb_window_maybe_discard (self, open_level_then, choice, g_free);
}

static void
on_level_activated (GtkListBox *box, GtkListBoxRow *row, HbWindow *self)
{
  LevelChoice *choice = g_new0 (LevelChoice, 1);

  choice->game = hb_document_get_game (self->document);
  choice->index = (guint) gtk_list_box_row_get_index (row);
  gtk_popover_popdown (GTK_POPOVER (gtk_widget_get_ancestor (GTK_WIDGET (box), GTK_TYPE_POPOVER)));
  /* The keys go to the level picked, not back to the Levels button. */
  hb_window_focus_board_after_popover (self, GTK_WIDGET (self->levels_button));
  hb_window_maybe_discard (self, open_level_then, choice, g_free);
}

void
hb_window_rebuild_levels (HbWindow *self)
{
  const HbGame *game = hb_document_get_game (self->document);
  g_autoptr (GPtrArray) list = NULL;
  GtkWidget *child;
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  int scale = self->levels_list != NULL
              ? gtk_widget_get_scale_factor (GTK_WIDGET (self->levels_list)) : 1;

  if (self->levels_list == NULL || game == NULL)
    return;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->levels_list))) != NULL)
    gtk_list_box_remove (self->levels_list, child);
  list = bundled_list (game);
  for (guint i = 0; i < list->len; i++)
    {
      const Bundled *b = g_ptr_array_index (list, i);
      char *key = level_key (game, b->file);
      gboolean solved = is_solved_key (self, key);
      gboolean current = g_strcmp0 (key, self->level_key) == 0;
      GtkWidget *row = adw_action_row_new ();
      char *title = g_strdup_printf (_("Level %u"), i + 1);
      /* TRANSLATORS: a board's size, columns × rows */
      char *size = g_strdup_printf (_("%d × %d"), b->width, b->height);
      GtkWidget *thumb = gtk_image_new_from_paintable (
        GDK_PAINTABLE (thumbnail (game, b, dark, scale)));

      gtk_image_set_pixel_size (GTK_IMAGE (thumb), THUMB_SIZE);
      gtk_widget_add_css_class (thumb, "level-thumbnail");
      /* The row's title and size say what the picture shows. */
      gtk_accessible_update_state (GTK_ACCESSIBLE (thumb), GTK_ACCESSIBLE_STATE_HIDDEN,
                                   TRUE, -1);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), thumb);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), size);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      if (solved)
        {
          GtkWidget *tick = gtk_image_new_from_icon_name ("object-select-symbolic");
          gtk_widget_set_tooltip_text (tick, _("Solved"));
          gtk_accessible_update_property (GTK_ACCESSIBLE (tick),
                                          GTK_ACCESSIBLE_PROPERTY_LABEL, _("Solved"), -1);
          gtk_widget_add_css_class (tick, "success");
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), tick);
        }
      if (current)
        gtk_widget_add_css_class (row, "accent");
      gtk_list_box_append (self->levels_list, row);
      g_free (title);
      g_free (size);
      g_free (key);
    }
  gtk_widget_set_sensitive (GTK_WIDGET (self->levels_button), list->len > 0);
}

/* ---- The Levels list ------------------------------------------------------ */

/* The Levels list opens on the level shown (else the first), focused and
 * scrolled to: the rows are built again after each level, so the focus
 * of the last visit was gone and arrows did nothing until a Tab. */
static gboolean
focus_current_level (gpointer data)
{
  HbWindow *self = data;
  GtkWidget *first, *target;

  if (!self->disposed)
    {
      first = gtk_widget_get_first_child (GTK_WIDGET (self->levels_list));
      target = first;
      for (GtkWidget *row = first; row != NULL; row = gtk_widget_get_next_sibling (row))
        if (gtk_widget_has_css_class (row, "accent"))
          target = row;
      if (target != NULL && gtk_widget_get_mapped (target))
        gtk_widget_grab_focus (target);
    }
  g_object_unref (self);
  return G_SOURCE_REMOVE;
}

/* After the popover has given the focus to its first row itself. */
static void
on_levels_shown (GtkWidget *popover, HbWindow *self)
{
  g_idle_add (focus_current_level, g_object_ref (self));
}

/* ---- Setup ---------------------------------------------------------------- */

static void
on_dark_changed (AdwStyleManager *manager, GParamSpec *pspec, HbWindow *self)
{
  /* The thumbnails in the style shown. */
  hb_window_rebuild_levels (self);
}

void
hb_window_levels_init (HbWindow *self)
{
  /* Room for a thumbnail, "Level 12" and the size beside it, and the
   * tick (a scroller sized by its content alone would wrap the titles). */
  gtk_widget_set_size_request (gtk_widget_get_ancestor (GTK_WIDGET (self->levels_list),
                                                        GTK_TYPE_SCROLLED_WINDOW),
                               THUMB_SIZE + 220, -1);
  g_signal_connect (adw_style_manager_get_default (), "notify::dark",
                    G_CALLBACK (on_dark_changed), self);
  g_signal_connect (self->levels_list, "row-activated",
                    G_CALLBACK (on_level_activated), self);
  g_signal_connect_after (gtk_menu_button_get_popover (self->levels_button), "show",
                          G_CALLBACK (on_levels_shown), self);
}

void
hb_window_levels_dispose (HbWindow *self)
{
  g_clear_pointer (&self->kept_results, g_hash_table_unref);
  g_signal_handlers_disconnect_by_func (adw_style_manager_get_default (), on_dark_changed,
                                        self);
}
