/* hb-icon-keep.c: see hb-icon-keep.h.
 *
 * GTK 4.8's icon theme (Debian 12 ships 4.8.3) loads a named icon's
 * picture on a worker thread when a widget first asks for it
 * (GTK_ICON_LOOKUP_PRELOAD). That thread can drop the last reference to
 * an icon: its task's own one, once the widget let the icon go (its
 * window closed) and the theme's ring of the 100 latest lookups moved
 * past it; or, as the thread marks its icon used in that ring, the
 * reference the ring held to the oldest icon. The icon is then finalized
 * on the thread, and its finalizer waits for the cache's lock to take it
 * out of the cache. If the main thread holds that lock just then,
 * looking the same icon up for a new window, it finds the dying icon and
 * references it: "g_object_ref: assertion '!object_already_finalized'
 * failed", NULL back, and the lookup's next read of the icon crashes.
 * Seen in CI on 2026-12-06 (the layout tests, a window opened right
 * after one closed; both threads' stacks were caught in gdb:
 * gtk_icon_theme_lookup_icon on the main thread, the loader thread in
 * the finalizer's g_mutex_lock).
 *
 * An icon that is never finalized cannot race: every GtkIconPaintable
 * made for an icon name (all the cache holds: GTK makes them with the
 * name as a construct property) gets one more reference at construction,
 * kept until the process ends. This app's are 16 px symbolic icons, about
 * 35 (one per name and lookup flags; more at another display scale), a
 * kilobyte each once drawn (4 at scale 2), and the About window's 128 px
 * one. A change of icon theme (or of the theme's folders, which GTK
 * rescans) clears GTK's cache and makes a new set; the old set stays
 * kept, as it cannot be told apart from icons made since. Icons made for
 * files are not cached and are left alone. */
#include "config.h"

#include "hb-icon-keep.h"

static void (*parent_constructed) (GObject *object);
static GPtrArray *kept;
G_LOCK_DEFINE_STATIC (kept);

static void
keep_constructed (GObject *object)
{
  if (parent_constructed != NULL)
    parent_constructed (object);
  if (gtk_icon_paintable_get_icon_name (GTK_ICON_PAINTABLE (object)) == NULL)
    return;
  G_LOCK (kept);
  g_ptr_array_add (kept, g_object_ref (object));
  G_UNLOCK (kept);
}

void
hb_icons_keep_install (void)
{
  static gsize done;

  if (g_once_init_enter (&done))
    {
      GObjectClass *klass = g_type_class_ref (GTK_TYPE_ICON_PAINTABLE);

      kept = g_ptr_array_new ();
      parent_constructed = klass->constructed;
      klass->constructed = keep_constructed;
      g_once_init_leave (&done, 1);
    }
}

/* How many icons are kept (for the tests). */
guint
hb_icons_kept (void)
{
  guint n;

  G_LOCK (kept);
  n = kept != NULL ? kept->len : 0;
  G_UNLOCK (kept);
  return n;
}
