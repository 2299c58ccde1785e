/* hb-heap.c: 2 MB pages for the heap (see hb-heap.h). */
#include "hb-heap.h"

#include <glib.h>

#if defined(__linux__) && defined(__GLIBC__)
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <malloc.h>
#define HB_HEAP_REEXEC 1
#define HB_HEAP_GLIBC 1
#endif

/* Under a sanitizer the allocator is the sanitizer's: glibc's tunables do
 * nothing there. gcc says so with __SANITIZE_ADDRESS__, clang with
 * __has_feature. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#undef HB_HEAP_REEXEC
#undef HB_HEAP_GLIBC
#endif
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) \
    || __has_feature(memory_sanitizer)
#undef HB_HEAP_REEXEC
#undef HB_HEAP_GLIBC
#endif
#endif

/* glibc 2.35 and later: hugetlb=1 has malloc madvise its heaps
 * MADV_HUGEPAGE; the top pad makes each growth of the main heap 64 MB (of
 * address space: pages are still taken only when written), so that the
 * kernel finds whole aligned 2 MB pages in it. Older glibc ignores the
 * names it does not know. */
#define HB_HEAP_TUNABLES "glibc.malloc.hugetlb=1:glibc.malloc.top_pad=67108864"

#ifdef HB_HEAP_REEXEC
/* "[never]" in the kernel's switch: no huge pages to ask for. */
static gboolean
thp_off (void)
{
  char buf[128];
  int fd = open ("/sys/kernel/mm/transparent_hugepage/enabled", O_RDONLY | O_CLOEXEC);
  ssize_t n;

  if (fd < 0)
    return TRUE;
  n = read (fd, buf, sizeof buf - 1);
  close (fd);
  if (n <= 0)
    return TRUE;
  buf[n] = '\0';
  return strstr (buf, "[never]") != NULL;
}

/* valgrind runs its client with its preload in LD_PRELOAD; a start again
 * would leave it (it follows an exec only when asked to). */
static gboolean
under_valgrind (void)
{
  const char *pre = getenv ("LD_PRELOAD");

  return pre != NULL && (strstr (pre, "vgpreload") != NULL || strstr (pre, "valgrind") != NULL);
}
#endif

void
hb_heap_setup (char **argv)
{
#ifdef HB_HEAP_REEXEC
  if (argv == NULL || argv[0] == NULL || getenv ("GLIBC_TUNABLES") != NULL
      || under_valgrind () || thp_off ())
    return;
  if (setenv ("GLIBC_TUNABLES", HB_HEAP_TUNABLES, 1) != 0)
    return;
  execv ("/proc/self/exe", argv);
  unsetenv ("GLIBC_TUNABLES");   /* no /proc: go on as we are */
#else
  (void) argv;
#endif
}

gboolean
hb_heap_keep_freed (void)
{
#ifdef HB_HEAP_GLIBC
  if (getenv ("GLIBC_TUNABLES") != NULL)
    return FALSE;
  /* Setting either stops glibc moving them itself as blocks are freed. */
  return mallopt (M_MMAP_THRESHOLD, 32 * 1024 * 1024) == 1
         && mallopt (M_TRIM_THRESHOLD, 128 * 1024 * 1024) == 1;
#else
  return FALSE;
#endif
}
