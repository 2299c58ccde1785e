#!/usr/bin/env python3
"""Runs one libFuzzer target for a bounded time.

    run-fuzz.py FUZZER NAME SECONDS WORKDIR SEED_DIR...

The corpus (WORKDIR/corpus-NAME, kept between runs) is seeded with the
small text files under the seed folders: the project's tests and bundled
levels and ../shared (the write-ups' anchors and puzzles). A finding is
saved as WORKDIR/artifacts/NAME-crash-… ; copy it to tests/fuzz/regressions/
so that every test run replays it."""
import hashlib
import os
import subprocess
import sys

fuzzer, name, seconds, workdir, *seed_dirs = sys.argv[1:]
corpus = os.path.join(workdir, "corpus-" + name)
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

cmd = [fuzzer, f"-max_total_time={seconds}", "-timeout=20", "-rss_limit_mb=3072",
       "-max_len=" + str(max_seed if pictures else 16384), "-print_final_stats=1",
       f"-artifact_prefix={artifacts}/{name}-", corpus]
print(" ".join(cmd), flush=True)
r = subprocess.run(cmd)
if r.returncode != 0:
    print(f"{name}: the fuzzer found a problem; its input is in {artifacts} "
          "(copy it to tests/fuzz/regressions/ once fixed)", flush=True)
# libFuzzer's exit status for a finding is 77, which meson reads as a
# skipped test: any finding is a failure.
sys.exit(1 if r.returncode != 0 else 0)
