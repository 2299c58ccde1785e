/* hb-icon-keep.c: see hb-icon-keep.h.
 *
 * GTK 4.8's icon theme (Debian 12 ships 4.8.3) loads a named icon's
 * picture on a worker thread when a widget first asks for it
 * (GTK_ICON_LOOKUP_PRELOAD), and that thread holds a reference until it
 * is done. If the widget let the icon go meanwhile (its window closed)
 * and the theme's recently-used ring (100 lookups) moved past it, the
 * worker drops the last reference and the icon is finalized there; its
 * finalizer waits for the cache's lock to take it out of the cache. If
 * the main thread holds that lock at that moment, looking the same icon
 * up for a new window, it finds the dying icon and references it:
 * "g_object_ref: assertion '!object_already_finalized' failed", and then
 * a widget holding freed memory. Seen in CI on 2026-12-06 (the layout
 * tests, a window opened right after one closed; both threads' stacks
 * were caught in gdb: gtk_icon_theme_lookup_icon on the main thread,
 * the loader thread in the finalizer's g_mutex_lock).
 *
 * An icon that is never finalized cannot race: every GtkIconPaintable
 * made for an icon name (the ones the cache holds) gets one more
 * reference at construction, kept until the process ends. An app uses a
 * few dozen such icons (one per name, size, scale and lookup flags), a
 * kilobyte or so each once drawn. Icons made for files are not cached
 * and are left alone. */
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
