#!/usr/bin/env python3
"""Runs one libFuzzer target for a bounded time.

    run-fuzz.py FUZZER NAME SECONDS WORKDIR SEED_DIR...

The corpus (WORKDIR/corpus-NAME, kept between runs) is seeded with the
small text files under the seed folders: the project's tests and bundled
levels and ../shared (the write-ups' anchors and puzzles). A finding is
saved as WORKDIR/artifacts/NAME-crash-… ; copy it to tests/fuzz/regressions/
so that every test run replays it.

The picture target ("image") is seeded with the pictures instead, and it
spends half its time on a second corpus (WORKDIR/corpus-image-boards) of
small boards that hintboard-cli (the path in HB_FUZZ_CLI) draws from the
levels under the seed folders: a screenshot takes the detectors a
quarter to one second under the sanitizers, a 100-pixel board about 2 ms,
so there the fuzzer tries hundreds of pictures a second instead of one or
two (2026-11-29: 1-4 a second on the screenshots, 480-650 on the drawn
boards)."""
import hashlib
import os
import subprocess
import sys
import tempfile

fuzzer, name, seconds, workdir, *seed_dirs = sys.argv[1:]
# The suite passes tests/lsan.supp (system libraries' process-lifetime
# caches); a run by hand gets the same file, or LeakSanitizer reports
# fontconfig's pattern cache at exit as a finding with an empty input
# (2026-12-04, fuzz-image: 1742 bytes in libfontconfig, nothing of ours).
if "suppressions=" not in os.environ.get("LSAN_OPTIONS", ""):
    supp = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lsan.supp")
    os.environ["LSAN_OPTIONS"] = ":".join(
        o for o in (os.environ.get("LSAN_OPTIONS", ""), "suppressions=" + os.path.normpath(supp)) if o)
# The screenshots' corpus keeps only the seeds: libFuzzer first runs every
# file of its corpus, and at a second or so a picture a corpus that kept
# what each run adds would soon outlast the test's time limit.
corpus = os.path.join(workdir, "corpus-" + name + ("-seeds" if name == "image" else ""))
artifacts = os.path.join(workdir, "artifacts")
os.makedirs(corpus, exist_ok=True)
os.makedirs(artifacts, exist_ok=True)

SKIP = {".c", ".h", ".py", ".build", ".md", ".in", ".png", ".jpg", ".gif", ".svg", ".xml", ".sh"}
# The picture target ("image") is seeded with pictures instead of text.
PICTURES = {".png", ".jpg", ".jpeg", ".webp"}
pictures = name == "image"
max_seed = 262144 if pictures else 65536
seeded = 0
for root_dir in seed_dirs:
    for root, dirs, names in os.walk(root_dir):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for n in names:
            path = os.path.join(root, n)
            ext = os.path.splitext(n)[1].lower()
            wanted = ext in PICTURES if pictures else ext not in SKIP
            if not wanted or os.path.getsize(path) > max_seed:
                continue
            with open(path, "rb") as f:
                data = f.read()
            out = os.path.join(corpus, "seed-" + hashlib.sha1(data).hexdigest())
            if not os.path.exists(out):
                with open(out, "wb") as f:
                    f.write(data)
            seeded += 1
print(f"{name}: {seeded} seed files, {len(os.listdir(corpus))} in the corpus", flush=True)

LEVELS = {".lights", ".loop", ".flood", ".flow"}
cli = os.environ.get("HB_FUZZ_CLI")
boards = None
if pictures and cli:
    boards = os.path.join(workdir, "corpus-image-boards")
    os.makedirs(boards, exist_ok=True)
    drawn = 0
    for root_dir in seed_dirs:
        for root, dirs, names in os.walk(root_dir):
            dirs[:] = [d for d in dirs if not d.startswith(".")]
            for n in sorted(names):
                path = os.path.join(root, n)
                if os.path.splitext(n)[1].lower() not in LEVELS or os.path.getsize(path) > 2048:
                    continue
                with open(path, "rb") as f:
                    key = hashlib.sha1(f.read()).hexdigest()
                for cell, dark in (("16", False), ("24", True)):
                    out = os.path.join(boards, f"board-{key}-{cell}.png")
                    if os.path.exists(out):
                        continue
                    args = [cli, "render", path, "--cell", cell, "-o", out] + (["--dark"] if dark else [])
                    if subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode != 0 \
                            or os.path.getsize(out) > 16384:
                        if os.path.exists(out):
                            os.remove(out)
                        continue
                    drawn += 1
    print(f"{name}: {drawn} boards drawn, {len(os.listdir(boards))} in {boards}", flush=True)


def run(corpus_dir, secs, max_len, keep=True):
    with tempfile.TemporaryDirectory(prefix="fuzz-new-") as scratch:
        # libFuzzer writes what it adds to the first folder it is given.
        dirs = [corpus_dir] if keep else [scratch, corpus_dir]
        cmd = [fuzzer, f"-max_total_time={secs}", "-timeout=20", "-rss_limit_mb=3072",
               f"-max_len={max_len}", "-print_final_stats=1",
               f"-artifact_prefix={artifacts}/{name}-"] + dirs
        print(" ".join(cmd), flush=True)
        return subprocess.run(cmd).returncode


if boards is not None and os.listdir(boards):
    half = max(1, int(seconds) // 2)
    rc = run(boards, half, 16384)
    if rc == 0:
        rc = run(corpus, max(1, int(seconds) - half), max_seed, keep=False)
else:
    rc = run(corpus, int(seconds), max_seed if pictures else 16384, keep=not pictures)
if rc != 0:
    print(f"{name}: the fuzzer found a problem; its input is in {artifacts} "
          "(copy it to tests/fuzz/regressions/ once fixed)", flush=True)
# libFuzzer's exit status for a finding is 77, which meson reads as a
# skipped test: any finding is a failure.
sys.exit(1 if rc != 0 else 0)
