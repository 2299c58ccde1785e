/* hb-window-status.c: what the window says about the level: the title (in
 * hb-window-header.c), the status line (the game's words, won or lost colours,
 * the clock and the move count), the hint row, the palette; the header bar
 * shedding buttons in a narrow window; and the toasts (where, words wrapped). */
#include "config.h"

#include <glib/gi18n.h>

#include "hb-window-private.h"
#include "hb-registry.h"

/* ---- Labels (the title: hb-window-header.c) ----------------------------- */

void
hb_window_update_hint_row (HbWindow *self)
{
  gconstpointer hint = hb_hint_job_get_hint (self->hint_job);
  const HbGame *game = hb_document_get_game (self->document);
  char *text = NULL;

  /* The button works with the hints off too (one move): said, not "hidden". */
  if (hb_hint_job_is_pending (self->hint_job) && self->next_hint_wanted)
    /* Next Hint pressed before the hint was ready (the hints off, most
     * often): its move follows by itself, up to the hint's time later (it
     * came with no word). */
    text = g_strdup (_("Thinking… Next Hint moves when the hint is ready (Escape: not now)"));
  else if (!self->show_hints && hb_window_current_is_solved (self))
    text = g_strdup (self->mode == HB_MODE_EDIT   /* of the design, not a win */
                     ? _("Nothing to hint: the level as drawn needs no move")
                     : _("Solved: nothing left to hint"));   /* greyed out: review */
  else if (!self->show_hints && hb_window_play_is_lost (self))
    text = g_strdup (_("Out of moves: Restart or Undo to play on"));
  else if (!self->show_hints && self->mode == HB_MODE_EDIT && hint != NULL && game->hint_next_move
           && !game->hint_next_move (hb_window_current (self), hint, &(HbMove) { 0 }))
    text = g_strdup (_("No move to hint: the status line says why"));   /* greyed out */
  else if (!self->show_hints)
    text = g_strdup (_("Hints are off; Next Hint still makes one move"));
  else if (hint != NULL && game->hint_describe != NULL)
    text = game->hint_describe (hb_window_current (self), hint);
  else if (hb_hint_job_is_pending (self->hint_job))
    text = g_strdup (_("Thinking…"));
  else
    text = g_strdup (_("No hint for this board"));
  adw_action_row_set_subtitle (self->hint_row, text ? text : "");
  {
    /* (Not for Edit's own look with the hints off: the row says they
     * are off.) */
    gboolean busy = hint == NULL && hb_hint_job_is_pending (self->hint_job)
                    && (self->show_hints || self->next_hint_wanted);

    gtk_widget_set_visible (GTK_WIDGET (self->hint_spinner), busy);
    gtk_spinner_set_spinning (self->hint_spinner, busy);
  }
  g_free (text);
  /* A warning about the level goes in the status line (see there). */
  hb_window_update_status (self);
}

/* The hint's warning about the level (no solution, more than one), while
 * hints are shown or in Edit, and the board is not solved; NULL when
 * none. */
static char *
dup_level_warning (HbWindow *self)
{
  const HbGame *game = hb_document_get_game (self->document);
  gconstpointer hint = hb_hint_job_get_hint (self->hint_job);

  if ((!self->show_hints && self->mode != HB_MODE_EDIT) || hint == NULL || game->hint_warning == NULL
      || hb_window_current_is_solved (self))
    return NULL;
  return game->hint_warning (hb_window_current (self), hint);
}

/* Puts part into the status line *text, before or after what is there,
 * with a middle dot between. */
static void
join_status (char **text, const char *part, gboolean first)
{
  char *joined = *text == NULL || (*text)[0] == '\0' ? g_strdup (part)
                 : first ? g_strdup_printf ("%s · %s", part, *text)
                         : g_strdup_printf ("%s · %s", *text, part);

  g_free (*text);
  *text = joined;
}

/* A narrow window wraps the status line after a part's " · ", not within
 * a short part ("3" at a line's end, "moves · 0:00" on the next: review)
 * or before its dot. A long part (a sentence) may still wrap within.
 * (Pango keeps the breaks at a range's ends.) */
static void
keep_parts_whole (GtkLabel *label, const char *text)
{
  PangoAttrList *attrs = pango_attr_list_new ();
  const char *part = text, *sep = " · ";

  while (*part != '\0')
    {
      const char *end = strstr (part, sep);
      const char *stop = end != NULL ? end + strlen (" ·") : part + strlen (part);
      PangoAttribute *a = pango_attr_allow_breaks_new (FALSE);

      if (end == NULL)
        end = stop;
      a->start_index = (guint) ((g_utf8_strlen (part, end - part) <= 16 ? part : end) - text);
      a->end_index = (guint) (stop - text);
      pango_attr_list_insert (attrs, a);
      part = *stop != '\0' ? stop + 1 : stop;
    }
  gtk_label_set_attributes (label, attrs);
  pango_attr_list_unref (attrs);
}

/* A solver running while the sidebar (its progress, its Cancel) is
 * folded away, or while the board shows its work: the status line shows
 * its progress and how to stop it (under a genetic algorithm's board of
 * paths the line said "0 / 12 flows · 0 / 120 cells", of the level: a
 * newcomer's look). */
gboolean
hb_window_status_wants_progress (HbWindow *self)
{
  return self->solve_job != NULL
         && (!adw_flap_get_reveal_flap (self->flap) || adw_flap_get_folded (self->flap)
             || hb_board_view_has_live_frame (self->board_view));
}

void
hb_window_update_status (HbWindow *self)
{
  const HbGame *game = hb_document_get_game (self->document);
  char *text = NULL, *said;
  g_autofree char *unsure = NULL;
  gboolean late;

  /* With a solver's progress shown, the game's own status, counted over
   * the whole board (a million cells) ten times a second, is not made at
   * all. */
  self->status_shows_progress = hb_window_status_wants_progress (self);
  if (!self->status_shows_progress)
    text = hb_window_dup_game_status (self);
  if (!self->status_shows_progress && (unsure = hb_window_import_unsure_text (self)) != NULL)
    join_status (&text, unsure, FALSE);
  /* What a screen reader is told of the board: its status and the moves,
   * not the clock, so the description changes with each move (GTK 4.8's
   * way to announce: the focused board's description) and not each
   * second. */
  if (self->mode == HB_MODE_PLAY && self->play_start != 0 && !game->status_counts_moves)
    {
      char *moves = g_strdup_printf (g_dngettext (NULL, "%d move", "%d moves",
                                                  hb_window_play_moves (self)),
                                     (int) hb_window_play_moves (self));
      said = text && text[0] ? g_strdup_printf ("%s · %s", text, moves) : g_strdup (moves);
      g_free (moves);
    }
  else
    said = g_strdup (text ? text : "");
  if (g_strcmp0 (said, g_object_get_data (G_OBJECT (self->board_view), "hb-said")) != 0)
    {
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->board_view),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, said, -1);
      g_object_set_data_full (G_OBJECT (self->board_view), "hb-said", said, g_free);
    }
  else
    g_free (said);
  /* Every game's status already says when the board is solved; the app
   * only colours it, so the words are never said twice. */
  {
    const HbState *now = hb_window_current (self);
    gboolean solved = !self->status_shows_progress && self->mode == HB_MODE_PLAY
                      && hb_window_current_is_solved (self);
    /* Solved over the limit is no success (Flood-It's "Solved, over the
     * limit" was green): a warning. */
    late = solved && game->is_won_late != NULL && game->is_won_late (now);
    if (solved && !late)
      gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "success");
    else
      gtk_widget_remove_css_class (GTK_WIDGET (self->status_label), "success");
  }
  if (hb_window_play_is_lost (self))
    gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->status_label), "error");
  /* A drawn level taken to Play as drawn is solved before a move: say how
   * to make a game of it (Infinite Loop's said "Solved" and nothing more:
   * review). */
  if (!self->status_shows_progress && self->mode == HB_MODE_PLAY && game->scramble != NULL
      && self->play_start == 0
      && hb_window_play_moves (self) == 0 && hb_window_current_is_solved (self))
    join_status (&text, _("Scramble (main menu) mixes it for play"), FALSE);
  /* A path drawn by the keys: the arrows draw rather than move the
   * cursor, which a bolder ring alone did not make plain (review). */
  if (!self->status_shows_progress && hb_board_view_in_key_stroke (self->board_view))
    /* TRANSLATORS: the status line while the arrows draw a Flow Free path */
    join_status (&text, _("Drawing: arrows extend, Space ends, Esc takes it back"), TRUE);
  /* The clock and the move count, once play began. */
  if (self->mode == HB_MODE_PLAY)
    {
      char *progress = hb_window_play_dup_progress (self);
      if (progress != NULL)
        join_status (&text, progress, FALSE);
      g_free (progress);
    }
  if (self->status_shows_progress)
    {
      char *line = hb_solve_job_dup_progress (self->solve_job);
      g_free (text);
      /* TRANSLATORS: the status line while a solver runs with the sidebar
       * hidden; %s is its progress ("Generation 42: best fitness 3") */
      text = g_strdup_printf (_("%s · Esc stops"), line && line[0] ? line : _("Solving…"));
      g_free (line);
    }
  /* Under the board, where the player looks: a level with no solution or
   * several, in the warning colour (the hint row in the sidebar says it
   * too, in small print). */
  {
    char *warning = dup_level_warning (self);

    if (warning != NULL)
      join_status (&text, warning, TRUE);
    if (warning != NULL || late)
      gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "warning");
    else
      gtk_widget_remove_css_class (GTK_WIDGET (self->status_label), "warning");
    g_free (warning);
  }
  gtk_label_set_label (self->status_label, text ? text : "");
  keep_parts_whole (self->status_label, text ? text : "");
  g_free (text);
}

/* The first widget of `type` with the style class `css` within w (w
 * itself included), or NULL: the parts of libadwaita's widgets that they
 * give no getter for (a group's "labels" box, a window title's "title"
 * label). */
GtkWidget *
hb_window_find_styled (GtkWidget *w, GType type, const char *css)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (w, type) && gtk_widget_has_css_class (w, css))
    return w;
  for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = hb_window_find_styled (c, type, css);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
board_text_new (void)
{
  GtkWidget *label = gtk_label_new (NULL);

  /* As the group's own description is drawn. */
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  /* The shorter text under the title, the room left below it. */
  gtk_label_set_yalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "dim-label");
  return label;
}

/* The Board group's description says how to play in Play and how to draw in
 * Edit. The two are held in a stack as tall as the taller, so the controls
 * below keep their place when the mode switches (Flow Free's took two lines
 * in Play and four in Edit: Width, Height and the buttons moved 31 px, and
 * a click aimed at Height's − missed). The stack sits where the group's own
 * description would, in its title's box, with its spacing; where that box
 * is not found (another libadwaita) the group's own description is used. */
void
hb_window_board_texts_init (HbWindow *self)
{
  GtkBox *labels = (GtkBox *) hb_window_find_styled (GTK_WIDGET (self->board_group), GTK_TYPE_BOX,
                                                     "labels");

  if (labels == NULL)
    return;
  self->board_texts = GTK_STACK (gtk_stack_new ());
  gtk_stack_set_vhomogeneous (self->board_texts, TRUE);
  /* The group's own description hidden, libadwaita takes its header for a
   * title alone, without the 6 px it keeps under a description. */
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->board_texts), 6);
  gtk_stack_add_named (self->board_texts, board_text_new (), "play");
  gtk_stack_add_named (self->board_texts, board_text_new (), "edit");
  gtk_box_append (labels, GTK_WIDGET (self->board_texts));
}

void
hb_window_update_board_description (HbWindow *self)
{
  const HbGame *game = hb_document_get_game (self->document);
  const char *play, *edit;

  if (game == NULL)
    return;
  play = game->description;
  edit = game->edit_description != NULL ? game->edit_description : game->description;
  if (self->board_texts == NULL)
    {
      const char *text = self->mode == HB_MODE_EDIT ? edit : play;
      adw_preferences_group_set_description (self->board_group, text ? _(text) : NULL);
      return;
    }
  gtk_label_set_text (GTK_LABEL (gtk_stack_get_child_by_name (self->board_texts, "play")),
                      play ? _(play) : "");
  gtk_label_set_text (GTK_LABEL (gtk_stack_get_child_by_name (self->board_texts, "edit")),
                      edit ? _(edit) : "");
  gtk_stack_set_visible_child_name (self->board_texts,
                                    self->mode == HB_MODE_EDIT ? "edit" : "play");
}

void
hb_window_update_palette (HbWindow *self)
{
  const HbState *state = hb_window_current (self);
  int n = hb_palette_bar_update (self->palette_bar, state, self->mode);
  gboolean keep_row = n > 0;

  /* Out of moves, Play's chips do nothing (Undo and Restart do) and look
   * it (review); the keys go to the board (the last chip pressed lost them). */
  {
    gboolean lost = hb_window_play_is_lost (self);
    GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

    if (lost && focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->palette_bar)))
      gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
    gtk_widget_set_sensitive (GTK_WIDGET (self->palette_bar), !lost);
  }

  /* A game with a palette in the other mode only (Flow Free's and Infinite
   * Loop's in Edit) keeps the row, empty: the board does not jump when
   * Edit and Play switch. Only a game without any palette gives it up,
   * a short window, where the board needs the room more, and a run's
   * plot while it shows: the board moved for it anyway, and under the
   * board in a narrow window the plot, the player and the empty row left
   * a 7 x 7 board 146 px of 400 x 700 (review). */
  if (!keep_row && !self->short_window && !gtk_widget_get_visible (GTK_WIDGET (self->plot_view))
      && state != NULL && state->game->palette != NULL)
    {
      /* Whether it has one entry is all that is asked. */
      HbPaletteEntry entry;
      HbMode other = self->mode == HB_MODE_EDIT ? HB_MODE_PLAY : HB_MODE_EDIT;

      keep_row = state->game->palette (state, other, &entry, 1) > 0;
    }
  gtk_revealer_set_reveal_child (self->palette_revealer, keep_row);
  /* An empty row is no Tab stop: a scroller with nothing focusable in it
   * took one (with no ring, doing nothing) on its way to the board. */
  gtk_widget_set_can_focus (GTK_WIDGET (self->palette_scroller), n > 0);
  hb_board_view_set_tool (self->board_view,
                          self->mode == HB_MODE_EDIT
                          ? hb_palette_bar_get_selected (self->palette_bar) : -1);
}

/* ---- Narrow windows -------------------------------------------------------- */

/* Below 640 px the header bar sheds what has a key or another way in
 * (Undo and Redo: Ctrl+Z, Ctrl+Shift+Z and the main menu; the game
 * chooser: the main menu lists the games instead) and Edit and Play
 * become one icon, the other mode's; the plot goes
 * under the board instead of beside it. Long palettes scroll sideways
 * (hb-window.ui), the player bar turns compact by its own width
 * (hb-player-bar.c), the status line wraps, and the sidebar
 * folds over the board (AdwFlap). So the window goes down to 360 px with
 * the title still there. */
#define NARROW_WIDTH 640
/* The narrow layout's least width (360 px with Close alone, 388 with
 * minimise and maximise too). */
#define NARROW_FLOOR 360
/* The plot's height under the board in a narrow window: its title, key,
 * five ticks and axis label still read; the board comes first (180 px
 * left a 7 x 7 board a third of the width at 400 x 700: review). */
#define PLOT_NARROW_HEIGHT 150

static void
set_narrow (HbWindow *self, gboolean narrow)
{
  if (narrow == self->narrow)
    return;
  self->narrow = narrow;
  gtk_widget_set_visible (self->undo_box, !narrow);
  gtk_widget_set_visible (GTK_WIDGET (self->game_dropdown), !narrow);
  hb_window_game_menu_set (self, narrow);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->board_box),
                                  narrow ? GTK_ORIENTATION_VERTICAL
                                         : GTK_ORIENTATION_HORIZONTAL);
  gtk_widget_set_size_request (GTK_WIDGET (self->plot_view), narrow ? -1 : 320,
                               narrow ? PLOT_NARROW_HEIGHT : -1);
  gtk_widget_set_margin_start (GTK_WIDGET (self->plot_view), narrow ? 24 : 0);
  gtk_widget_set_margin_top (GTK_WIDGET (self->plot_view), narrow ? 0 : 24);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->plot_view), narrow ? 8 : 24);
  /* The whole status in a narrow window, over two lines if need be. */
  gtk_label_set_wrap (self->status_label, narrow);
  gtk_label_set_ellipsize (self->status_label, narrow ? PANGO_ELLIPSIZE_NONE
                                                      : PANGO_ELLIPSIZE_END);
  gtk_label_set_justify (self->status_label, GTK_JUSTIFY_CENTER);
  /* The sidebar over the board, never beside it (the board would be left
   * a sliver: its own minimum is small). */
  adw_flap_set_fold_policy (self->flap, narrow ? ADW_FLAP_FOLD_POLICY_ALWAYS
                                               : ADW_FLAP_FOLD_POLICY_AUTO);
  /* Edit and Play: icons, the other mode's alone (hb-window-header.c). */
  hb_window_header_set_narrow (self, narrow);
}

/* Below 560 px tall the board stops keeping room it may need later: the
 * player's two lines under it (the status line alone takes the foot until
 * the player opens) and an empty palette row above it. At 1280 × 420 a
 * 14 × 14 Flow Free level was 125 px tall, in 9 px cells, over 120 px of
 * nothing; in a short window the board's size matters more than its
 * staying put when the player opens or the mode changes. */
#define SHORT_HEIGHT 560

static void
set_short (HbWindow *self, gboolean short_window)
{
  if (short_window == self->short_window)
    return;
  self->short_window = short_window;
  gtk_stack_set_vhomogeneous (self->bottom_stack, !short_window);
  hb_window_update_palette (self);
}

/* The width below which the window is narrow: 640 px, or more where the
 * wide layout cannot be made that narrow. With a window manager's
 * minimise and maximise buttons beside Close, the wide header bar alone
 * needs 635-676 px (the game's name in the chooser decides), so a window
 * could never get down to 640 px and the narrow layout: a half-screen
 * window on a 1280 px screen stayed wide, its board a sliver. The wide
 * layout's least width is measured while it is shown, for each game (its
 * name in the chooser decides: Enlight's 625 px, Infinite Loop's 666);
 * for a game not measured yet, the largest of the others'. */
static int
narrow_below (HbWindow *self)
{
  const HbGame *const *games = hb_registry_games ();
  const HbGame *game = hb_document_get_game (self->document);
  int at = -1, known = 0;

  for (int i = 0; games[i] != NULL && i < (int) G_N_ELEMENTS (self->wide_min_width); i++)
    {
      if (games[i] == game)
        at = i;
      known = MAX (known, self->wide_min_width[i]);
    }
  if (at >= 0 && !self->narrow)
    self->wide_min_width[at] = hb_shrink_bin_child_min_width (self->shrink_bin);
  if (at >= 0 && self->wide_min_width[at] > 0)
    known = self->wide_min_width[at];
  /* Some room above it, so a window dragged to its least width (or tiled
   * by the window manager) gets there. */
  return MAX (NARROW_WIDTH, known + 32);
}

/* A toast's words wrap within `width` (the toast overlay's, or the
 * window's as it narrows). With a button, their least width is what keeps
 * them on one line within it: libadwaita 1.2 gives a toast more than 450
 * px only through its least width (the win's toast wrapped at 1100 px),
 * and that least width is the window's too, so it is fitted again as the
 * window narrows (hb_window_on_default_width: the window stopped at 634
 * px while a win's toast showed). */
static void
fit_toast_label (GtkLabel *label, int width, gboolean button)
{
  /* The toast's margins, padding and close button, and the button's;
   * where the toast takes the whole width (up to 480 px, below), what the
   * words may take as they wrap (at 400 px they wrapped at 12
   * characters, beside 80 px of nothing). */
  int room = width - 150 - (button ? (width <= 480 ? 50 : 130) : 0);
  PangoContext *context;
  PangoFontMetrics *metrics;
  double cw;
  int chars;

  if (room <= 0)
    return;
  context = gtk_widget_get_pango_context (GTK_WIDGET (label));
  metrics = pango_context_get_metrics (context, NULL, NULL);
  cw = pango_font_metrics_get_approximate_char_width (metrics) / (double) PANGO_SCALE;
  chars = MAX (12, (int) (room / MAX (cw, 1.0)));
  pango_font_metrics_unref (metrics);
  gtk_label_set_max_width_chars (label, chars);
  /* Up to 480 px the toast gets the whole width (libadwaita's 450 px and
   * margins) but its words only their least width ("Out of / moves" at 400
   * px: review): that is what a button of 110 px leaves, down to 360 px. */
  if (button)
    gtk_label_set_width_chars (label,
                               MIN (width > 480 ? chars : MAX (0, (int) ((width - 260) / MAX (cw, 1.0))),
                                    (int) g_utf8_strlen (gtk_label_get_text (label), -1)));
}

/* The size asked for (a resize by the user changes it): the header sheds
 * first, so the window can then be that narrow; a short window gives the
 * board the room it kept. Also called when the game changes (its name may
 * widen the header). */
void
hb_window_on_default_width (HbWindow *self, GParamSpec *pspec, gpointer data)
{
  int width, height, below = narrow_below (self);

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  if (width > 0)
    set_narrow (self, width < below);
  if (height > 0)
    set_short (self, height < SHORT_HEIGHT);
  /* The wide layout asks the window manager for no more than the narrow
   * one's width (see hb-shrink-bin.c); the narrow one for its own. */
  hb_shrink_bin_set_min_width (self->shrink_bin, self->narrow ? 0 : NARROW_FLOOR);
  /* A toast showing: its words fitted to the new width
   * before the narrow layout asks for its least width (fit_toast_label). */
  if (width > 0)
    {
      GtkLabel *label = g_weak_ref_get (&self->toast_label);

      if (label != NULL)
        {
          /* The width the toasts' column is about to get (its allocation
           * is still the old one): the window's, less the sidebar where it
           * stands beside the board (narrow, it folds over it). */
          int column = width;

          if (!self->narrow && adw_flap_get_reveal_flap (self->flap)
              && !adw_flap_get_folded (self->flap))
            column -= gtk_widget_get_width (GTK_WIDGET (self->sidebar_scroller));
          fit_toast_label (label, column,
                           GPOINTER_TO_INT (g_object_get_data (G_OBJECT (label), "hb-toast-button")));
          g_object_unref (label);
        }
    }
  /* A narrow window's sidebar folds over the board: the player bar, if
   * hidden, would be about the window's width (hb-player-bar.h). */
  if (width > 0 && width < below)
    hb_player_bar_set_width_hint (self->player_bar, width);
}

/* The player bar, hidden, cannot see its width, and a stack keeps the
 * height of each of its pages as laid out last: a bar still wide while
 * hidden turned compact, and taller, as it opened in a 700 px window, and
 * the board shrank by 40 px. A probe across the foot of the board, no
 * height of its own, tells the hidden bar the column's width as it
 * changes (the window's, the sidebar's, a narrow window's), after the
 * layout it is measured in. */
static gboolean
hint_bar_width (gpointer data)
{
  HbWindow *self = data;

  if (!self->disposed)
    hb_player_bar_set_width_hint (self->player_bar, self->bar_hint_width);
  self->bar_hint_id = 0;
  g_object_unref (self);
  return G_SOURCE_REMOVE;
}

static void
on_column_resize (GtkDrawingArea *probe, int width, int height, HbWindow *self)
{
  self->bar_hint_width = width;
  if (self->bar_hint_id == 0)
    self->bar_hint_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, hint_bar_width,
                                         g_object_ref (self), NULL);
}

/* The game picked a palette entry with a click (Flow Free: the colour of
 * the dot it took away, see HbPointer.tool); the palette's "selected"
 * hands it back to the board view as its tool. */
static void
on_tool_picked (HbBoardView *view, int id, HbWindow *self)
{
  if (self->mode == HB_MODE_EDIT)
    hb_palette_bar_select (self->palette_bar, id);
}

void
hb_window_status_init (HbWindow *self)
{
  /* Nothing for a screen reader to read. */
  GtkWidget *probe = g_object_new (GTK_TYPE_DRAWING_AREA,
                                   "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION, NULL);

  gtk_widget_set_can_target (probe, FALSE);
  gtk_widget_insert_before (probe, gtk_widget_get_parent (GTK_WIDGET (self->bottom_stack)),
                            GTK_WIDGET (self->bottom_stack));
  g_signal_connect (probe, "resize", G_CALLBACK (on_column_resize), self);
  g_signal_connect (self->board_view, "tool-picked", G_CALLBACK (on_tool_picked), self);
  /* The status line says a stroke of the keys is being drawn. */
  g_signal_connect_swapped (self->board_view, "key-stroke-started",
                            G_CALLBACK (hb_window_update_status), self);
  g_signal_connect_swapped (self->board_view, "stroke-ended",
                            G_CALLBACK (hb_window_update_status), self);
  hb_window_header_init (self);
}

/* ---- Toasts ------------------------------------------------------------ */

/* A toast saying `text` (plain text, not markup), its words wrapped onto
 * more lines when the board is narrow: libadwaita's own title is one
 * line, ellipsized ("The board shows the solver's run:…" at 400 px). The
 * overlay gives a toast its natural width, so the label's is bounded by
 * the room the board has now: the overlay less the toast's margins, its
 * padding and close button (about 150 px), and its button if it has one
 * (about 130 px). With a button the overlay gives the toast less than its
 * natural width ("Solved in 4 moves and 0:01!" wrapped at 1100 px), so
 * the label's minimum is then as much of that room as the text needs. */
static AdwToast *
toast_new (HbWindow *self, const char *text, gboolean button)
{
  AdwToast *toast = adw_toast_new ("");
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_widget_add_css_class (label, "heading");
  fit_toast_label (GTK_LABEL (label), gtk_widget_get_width (GTK_WIDGET (self->toast_overlay)), button);
  /* Fitted again as the window's width changes, a toast without a button
   * too (an import's summary ran off a window narrowed to 400 px). */
  g_object_set_data (G_OBJECT (label), "hb-toast-button", GINT_TO_POINTER (button));
  g_weak_ref_set (&self->toast_label, label);
  adw_toast_set_custom_title (toast, label);
  return toast;
}

static void
page_toast_dismissed (HbWindow *self, AdwToast *toast)
{
  if (self->page_toast == toast)
    g_clear_object (&self->page_toast);
}

/* Where a toast goes: with the player open, the foot of the board, above
 * the player; else the foot of the page, in the room kept for the player
 * under the status line, where it covers neither the status nor the
 * board's last row (a win's toast hid the cell just played). */
static AdwToastOverlay *
toast_overlay (HbWindow *self)
{
  /* While the sidebar lies over the board (a narrow window), over the
   * sidebar too: under it, a toast about what was done there ("Width: 0
   * is out of range", "The smaller board cut off …" and its Undo) was
   * hidden, but for its close button (a newcomer's look at 400 px). */
  if (adw_flap_get_folded (self->flap) && adw_flap_get_reveal_flap (self->flap))
    return ADW_TOAST_OVERLAY (gtk_widget_get_ancestor (GTK_WIDGET (self->flap),
                                                       ADW_TYPE_TOAST_OVERLAY));
  return self->player != NULL ? self->toast_overlay : self->page_toast_overlay;
}

AdwToast *
hb_window_show_toast_button (HbWindow *self, const char *text, const char *button,
                             const char *action, guint timeout)
{
  AdwToast *toast = toast_new (self, text, button != NULL);

  if (button != NULL)
    {
      adw_toast_set_button_label (toast, button);
      adw_toast_set_action_name (toast, action);
    }
  adw_toast_set_timeout (toast, timeout);
  if (self->player == NULL && button == NULL)
    {
      /* Kept while shown, with its words, in case the player opens
       * over it (hb_window_lift_page_toast). */
      g_object_set_data_full (G_OBJECT (toast), "hb-text", g_strdup (text), g_free);
      g_set_object (&self->page_toast, toast);
      g_signal_connect_object (toast, "dismissed", G_CALLBACK (page_toast_dismissed), self,
                               G_CONNECT_SWAPPED);
    }
  adw_toast_overlay_add_toast (toast_overlay (self), toast);
  g_free (self->last_toast);
  self->last_toast = g_strdup (text);
  return toast;
}

/* The player opened where a toast was rising at the foot of the page: the
 * toast covered its buttons ("Not solved: this method alone cannot finish
 * it" over Step and End). It goes up to the foot of the board, where the
 * toasts go while the player shows, with the time a new toast has. */
void
hb_window_lift_page_toast (HbWindow *self)
{
  g_autofree char *text = NULL;
  gboolean setting;

  if (self->page_toast == NULL || self->player == NULL)
    return;
  /* "The board shows the solver at work": the solve has ended. */
  if (self->page_toast == self->escape_toast)
    {
      hb_window_drop_escape_toast (self);
      return;
    }
  text = g_strdup (g_object_get_data (G_OBJECT (self->page_toast), "hb-text"));
  /* A toast about a setting stays the one the next such replaces. */
  setting = self->page_toast == self->settings_toast;
  adw_toast_dismiss (self->page_toast);
  g_clear_object (&self->page_toast);
  if (text != NULL)
    {
      AdwToast *lifted = hb_window_show_toast_button (self, text, NULL, NULL, 6);
      if (setting)
        g_set_object (&self->settings_toast, lifted);
    }
}

void
hb_window_show_toast (HbWindow *self, const char *text)
{
  hb_window_show_toast_button (self, text, NULL, NULL, 6);
}

static void
escape_toast_dismissed (HbWindow *self, AdwToast *toast)
{
  if (self->escape_toast == toast)
    g_clear_object (&self->escape_toast);
}

void
hb_window_show_escape_toast (HbWindow *self, const char *text)
{
  AdwToast *toast = hb_window_show_toast_button (self, text, NULL, NULL, 6);

  g_set_object (&self->escape_toast, toast);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (escape_toast_dismissed), self,
                           G_CONNECT_SWAPPED);
}

void
hb_window_drop_escape_toast (HbWindow *self)
{
  g_autoptr (AdwToast) toast = g_steal_pointer (&self->escape_toast);

  if (toast != NULL)
    adw_toast_dismiss (toast);
}

void
hb_window_show_settings_toast (HbWindow *self, const char *text)
{
  if (self->settings_toast != NULL)
    adw_toast_dismiss (self->settings_toast);
  g_clear_object (&self->settings_toast);
  self->settings_toast = g_object_ref (hb_window_show_toast_button (self, text, NULL, NULL, 6));
}
