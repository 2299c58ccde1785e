/* cli-lazy.c: the resolver behind the trampolines of gen-lazy.py.
 *
 * The first call of a function of a lazily loaded library (cairo,
 * GdkPixbuf, json-glib: only render, detect and the JSON formats use them)
 * lands here: load the library, look the function up, patch the table so
 * later calls jump straight to it, and return it for this call. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef HB_CLI_FAST
#include "cli-full.h"
#endif

void *hb_lazy_resolve (unsigned idx, void **table, const char *const *names,
                       const char *soname);

void *
hb_lazy_resolve (unsigned idx, void **table, const char *const *names,
                 const char *soname)
{
  void *handle, *fn;

#ifdef HB_CLI_STATIC
  /* A fully static program cannot load a shared library safely (it would
   * bring its own C library): whatever draws or reads pictures runs in
   * hintboard-cli-full. Only render does, and main hands it over first. */
  (void) handle;
  (void) fn;
  hb_cli_full_run ();
  return NULL;
#else
#ifdef HB_CLI_FAST
  /* GLib is linked in statically: only cairo (which does not use it) may
   * come in here; GdkPixbuf and json-glib need hintboard-cli-full. */
  if (strcmp (soname, "libcairo.so.2") != 0)
    hb_cli_full_run ();
#endif
  /* dlopen of a library already loaded only counts a reference. */
  handle = dlopen (soname, RTLD_NOW | RTLD_GLOBAL);

  if (handle == NULL)
    {
      fprintf (stderr, "hintboard-cli: cannot load %s: %s\n", soname, dlerror ());
      exit (2);
    }
  fn = dlsym (handle, names[idx]);
  if (fn == NULL)
    {
      fprintf (stderr, "hintboard-cli: %s has no %s: %s\n", soname, names[idx], dlerror ());
      exit (2);
    }
  __atomic_store_n (&table[idx], fn, __ATOMIC_RELEASE);
  return fn;
#endif
}
