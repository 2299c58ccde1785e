/* hb-application.c: see hb-application.h. */
#include "config.h"

#include <glib/gi18n.h>

#include "hb-application.h"
#include "hb-icon-keep.h"
#include "hb-window.h"

struct _HbApplication
{
  AdwApplication parent_instance;

  GSettings *settings;
};

G_DEFINE_FINAL_TYPE (HbApplication, hb_application, ADW_TYPE_APPLICATION)

static void
apply_color_scheme (HbApplication *self)
{
  char *scheme = g_settings_get_string (self->settings, "color-scheme");
  AdwColorScheme value = ADW_COLOR_SCHEME_DEFAULT;

  if (g_str_equal (scheme, "light"))
    value = ADW_COLOR_SCHEME_FORCE_LIGHT;
  else if (g_str_equal (scheme, "dark"))
    value = ADW_COLOR_SCHEME_FORCE_DARK;
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), value);
  g_free (scheme);
}

static void
on_color_scheme_changed (GSettings *settings, const char *key, HbApplication *self)
{
  apply_color_scheme (self);
}

static void
action_quit (GSimpleAction *action, GVariant *param, gpointer data)
{
  GtkApplication *app = GTK_APPLICATION (data);
  GList *windows = g_list_copy (gtk_application_get_windows (app));

  /* Each window asks about its own unsaved changes. */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));
  g_list_free (windows);
}

static void
action_about (GSimpleAction *action, GVariant *param, gpointer data)
{
  GtkApplication *app = GTK_APPLICATION (data);
  GtkWindow *parent = gtk_application_get_active_window (app);
  const char *developers[] = { _("The Hintboard developers"), NULL };
  GtkWidget *about;

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", parent,
                        "application-name", _("Hintboard"),
                        "application-icon", APP_ID,
                        "developer-name", _("The Hintboard developers"),
                        "version", VERSION,
                        "comments", _("Draw puzzle levels, watch solvers work on them, "
                                      "and play with hints: Enlight, Infinite Loop, "
                                      "Flood-It and Flow Free."),
                        "website", "https://github.com/hintboard/hintboard",
                        "issue-url", "https://github.com/hintboard/hintboard/issues",
                        "license-type", GTK_LICENSE_GPL_3_0,
                        "developers", developers,
                        /* TRANSLATORS: your name and address, one per line */
                        "translator-credits", _("translator-credits"),
                        NULL);
  {
    /* The write-ups the solvers marked "original article" follow, one per
     * game (two for Flow Free): the sidebar names them only that way. */
    const char *articles[] = {
      /* TRANSLATORS: an article's title stays as it is */
      _("“An algorithm to solve a matrix game”, a blog post (Enlight)"),
      _("“Solving Infinite Loop”, by Ankit (Infinite Loop)"),
      _("An article solving Simon Tatham’s Flood in Python (Flood-It)"),
      _("“Flow Free Game Solver”, project notes in Romanian (Flow Free: SAT, "
        "heuristic search, backtracking)"),
      _("“Flow Free Solver”, by Shahar Bar and Noa Wolfgor (Flow Free: the genetic "
        "algorithms, arc consistency) https://github.com/NoaWo/Flow-Free-Solver"),
      NULL
    };
    adw_about_window_add_acknowledgement_section (ADW_ABOUT_WINDOW (about),
                                                  _("The Original Articles"), articles);
  }
  gtk_window_present (GTK_WINDOW (about));
}

static const GActionEntry app_entries[] = {
  { "quit", action_quit },
  { "about", action_about },
};

static void
hb_application_startup (GApplication *app)
{
  HbApplication *self = HB_APPLICATION (app);
  static const struct { const char *action; const char *accels[4]; } accels[] = {
    { "app.quit", { "<Control>q", NULL } },
    { "win.new", { "<Control>n", NULL } },
    { "win.open", { "<Control>o", NULL } },
    { "win.save", { "<Control>s", NULL } },
    { "win.save-as", { "<Control><Shift>s", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Control><Shift>z", "<Control>y", NULL } },
    { "win.toggle-sidebar", { "F9", NULL } },
    { "win.levels", { "<Control>l", NULL } },
    { "win.focus-pane", { "F6", NULL } },
    { "window.close", { "<Control>w", NULL } },
    { "win.restart", { "<Control>r", NULL } },
    /* The win toast's Next Level, for the keyboard too (its button is no
     * Tab stop, and the toast goes after ten seconds). */
    { "win.next-level", { "<Control>Page_Down", NULL } },
    { "win.solve", { "<Control>Return", "<Control>KP_Enter", NULL } },
    /* The board's zoom, wherever the focus is (hb-window-actions.c). */
    { "win.zoom-in", { "<Control>plus", "<Control>equal", "<Control>KP_Add", NULL } },
    { "win.zoom-out", { "<Control>minus", "<Control>KP_Subtract", NULL } },
    { "win.zoom-fit", { "<Control>0", "<Control>KP_0", NULL } },
  };
  GAction *scheme;

  /* Before any window or icon is made, so none is made unkept. */
  hb_icons_keep_install ();
  G_APPLICATION_CLASS (hb_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_entries,
                                   G_N_ELEMENTS (app_entries), app);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), accels[i].action,
                                           accels[i].accels);

  self->settings = g_settings_new (SCHEMA_ID);
  scheme = g_settings_create_action (self->settings, "color-scheme");
  g_action_map_add_action (G_ACTION_MAP (app), scheme);
  g_object_unref (scheme);
  g_signal_connect (self->settings, "changed::color-scheme",
                    G_CALLBACK (on_color_scheme_changed), self);
  apply_color_scheme (self);
}

static void
hb_application_activate (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    window = GTK_WINDOW (hb_window_new (GTK_APPLICATION (app)));
  gtk_window_present (window);
}

static void
hb_application_open (GApplication *app, GFile **files, int n_files, const char *hint)
{
  for (int i = 0; i < n_files; i++)
    {
      HbWindow *window = hb_window_new (GTK_APPLICATION (app));
      hb_window_open_at_startup (window, files[i]);
      gtk_window_present (GTK_WINDOW (window));
    }
}

static void
hb_application_dispose (GObject *object)
{
  HbApplication *self = HB_APPLICATION (object);

  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (hb_application_parent_class)->dispose (object);
}

static void
hb_application_class_init (HbApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = hb_application_dispose;
  app_class->startup = hb_application_startup;
  app_class->activate = hb_application_activate;
  app_class->open = hb_application_open;
}

static void
hb_application_init (HbApplication *self)
{
}

HbApplication *
hb_application_new (GApplicationFlags flags)
{
  /* The resources live under the release ID's path even in the
   * development build, whose app ID differs. */
  HbApplication *app = g_object_new (HB_TYPE_APPLICATION,
                                     "application-id", APP_ID,
                                     "flags", flags | G_APPLICATION_HANDLES_OPEN,
                                     "resource-base-path", RESOURCE_PATH,
                                     NULL);

  /* --help said "hintboard [OPTION…]", nothing of the levels and
   * screenshots it opens from the command line. */
  /* TRANSLATORS: in "hintboard --help": Usage: hintboard [OPTION…] [FILE…] */
  g_application_set_option_context_parameter_string (G_APPLICATION (app), _("[FILE…]"));
  return app;
}
