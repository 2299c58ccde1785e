/* hb-heap.h: 2 MB pages for the heap, asked of glibc before main's work;
 * the app's freed memory kept for its next board (hb_heap_keep_freed).
 *
 * A big solve (a 1000×1000 Flow Free level: the level, the search's
 * tables, two SAT solvers and their clauses) writes about 90 MB of fresh
 * heap. With 4 kB pages each first write is a page fault: 23,000 of them,
 * and on the virtual machines we measure on a fault costs so much that
 * they were 60 % of such a solve's time. glibc can ask the kernel for
 * transparent huge pages for its heap (the tunable glibc.malloc.hugetlb=1,
 * with a top pad of 64 MB so that each growth spans whole 2 MB pages): 500
 * faults instead, and 1000×1000 in 10 colours solves in a third of the
 * time (median 210 → 72 ms on 432 levels). A tunable is read only as the
 * program starts, so hb_heap_setup sets it and starts the program again
 * (execv of /proc/self/exe with the same arguments).
 *
 * It does nothing, and returns, when:
 *  - GLIBC_TUNABLES is set at all: the user's own, or ours after the start
 *    again (set it, even empty, to keep glibc's defaults);
 *  - the kernel has transparent huge pages switched off ("never");
 *  - the C library is not glibc, or not on Linux, or the allocator is a
 *    sanitizer's or valgrind's (they replace malloc);
 *  - the start again fails (the environment is then as it was).
 * Starting again costs the static CLI about 1.2 ms (a 5×5 solve takes
 * 2.2 ms), so the CLI asks only for big runs (hintboard-cli.c, big_run).
 * The app does not ask: with 2 MB pages its heap is 25 MB bigger from the
 * start, on every level. */
#pragma once

#include <glib.h>

void hb_heap_setup (char **argv);

/* The app: memory freed stays with the program for the next board, up
 * to 128 MB, rather than going back to the kernel at once. On a
 * 4096×4096 Flow Free board every change copies the board (three 16 MB
 * arrays: the history, the move's check, the gesture); glibc gave each
 * array its own mapping and handed it back when freed, so every copy
 * wrote fresh pages, 12,000 faults: a stroke's first steps took
 * 440–650 ms in the app, about half with the memory kept (the game and
 * the document alone, which gave all back between strokes: a stroke's
 * start 400–550 ms, 18–23 ms kept).
 * Arrays up to 32 MB (glibc's most) come from the heap, whose top is
 * given back only past 128 MB free. Nothing changes (FALSE) where the
 * C library is not glibc, under a sanitizer, or when GLIBC_TUNABLES is
 * set (even empty: glibc's defaults, as for hb_heap_setup). */
gboolean hb_heap_keep_freed (void);
