#!/usr/bin/env python3
"""How Infinite Loop's screenshot reader does on `render`'s drawings.

Generates boards of a few sizes, draws each at every tile size asked (5
to 50 px unless told), light and dark, reads every picture back with
`detect --game loop` and counts, per tile size:

  exact    the board read back tile for tile, exit 0, nothing flagged
  flagged  exit 0 with cells marked unsure or a note (a player is told to
           check), whether the board is right or not
  refused  exit 1 (no board found)
  blank    exit 0, the board less empty outer rows or columns it has: those
           draw nothing and cannot be seen (a known limit)
  WRONG    exit 0, another board, nothing flagged: what must not happen

--cells takes tile sizes as a comma-separated list of sizes and ranges,
a range with an optional step: "5-50", "40-130:5", "48,50,60-150:10".
--each FILE writes every picture's result, a line each, to compare two
builds picture by picture (`diff` the files).

usage: loop-vision-survey.py CLI [--seeds N] [--sizes 6x6,9x7,12x12]
                             [--cells 5-50] [--jobs 2] [--show-wrong]
                             [--light-only] [--each FILE]
"""
import argparse
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor


def run_one(cli, level, truth, cell, dark, tmp):
    png = os.path.join(tmp, f"{os.path.basename(level)}-{cell}-{int(dark)}.png")
    args = [cli, "render", level, "--cell", str(cell), "-o", png]
    if dark:
        args.append("--dark")
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    r = subprocess.run([cli, "detect", "--game", "loop", png], capture_output=True, text=True)
    os.unlink(png)
    if r.returncode == 1:
        return "refused", r.stderr.strip()
    if r.returncode != 0:
        raise SystemExit(f"{png}: exit {r.returncode}: {r.stderr}")
    report = r.stderr.strip().splitlines()
    # The summary line, the grid line, and notes between them.
    flagged = "unsure" in report[0] or len(report) > 2
    if flagged:
        return "flagged", report[0]
    if r.stdout.split() == truth.split():
        return "exact", ""
    if r.stdout.split() == trimmed(truth).split():
        return "blank", report[0]
    return "WRONG", report[0]


def trimmed(text):
    """The level less its empty outer rows and columns, as text."""
    rows = [line.split() for line in text.splitlines() if line.strip()]
    while rows and all(t == "0000" for t in rows[0]):
        rows.pop(0)
    while rows and all(t == "0000" for t in rows[-1]):
        rows.pop()
    while rows and rows[0] and all(r[0] == "0000" for r in rows):
        rows = [r[1:] for r in rows]
    while rows and rows[0] and all(r[-1] == "0000" for r in rows):
        rows = [r[:-1] for r in rows]
    return "\n".join(" ".join(r) for r in rows)


def parse_cells(spec):
    """Tile sizes from "5-50", "40-130:5" or "48,50,60-150:10", in order."""
    cells = []
    for part in spec.split(","):
        rng, _, step = part.partition(":")
        lo, _, hi = rng.partition("-")
        lo, hi, step = int(lo), int(hi or lo), int(step or 1)
        if lo < 1 or hi < lo or step < 1:
            raise SystemExit(f"--cells: bad range {part!r}")
        cells += [c for c in range(lo, hi + 1, step) if c not in cells]
    return cells


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cli")
    ap.add_argument("--seeds", type=int, default=11, help="boards per size (default 11)")
    ap.add_argument("--sizes", default="6x6,9x7,12x12")
    ap.add_argument("--cells", default="5-50",
                    help='tile sizes: "5-50", "40-130:5", "48,60-150:10"')
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--light-only", action="store_true")
    ap.add_argument("--show-wrong", action="store_true")
    ap.add_argument("--each", metavar="FILE", help="write every picture's result to FILE")
    a = ap.parse_args()
    cells = parse_cells(a.cells)
    styles = [False] if a.light_only else [False, True]
    with tempfile.TemporaryDirectory() as tmp:
        levels = []
        for size in a.sizes.split(","):
            for seed in range(1, a.seeds + 1):
                path = os.path.join(tmp, f"{size}-{seed}.loop")
                text = subprocess.run([a.cli, "generate", "--game", "loop", "--size", size,
                                       "--seed", str(seed)], check=True, capture_output=True,
                                      text=True).stdout
                with open(path, "w") as f:
                    f.write(text)
                levels.append((path, text))
        jobs = [(lv, tr, c, d) for c in cells for d in styles for lv, tr in levels]
        with ThreadPoolExecutor(a.jobs) as ex:
            results = list(ex.map(lambda j: run_one(a.cli, *j, tmp), jobs))
    kinds = ["exact", "flagged", "refused", "blank", "WRONG"]
    table = {c: dict.fromkeys(kinds, 0) for c in cells}
    each = open(a.each, "w") if a.each else None
    for (lv, _, c, d), (kind, why) in zip(jobs, results):
        table[c][kind] += 1
        if each:
            print(f"{os.path.basename(lv)} {c} {'dark' if d else 'light'} {kind}", file=each)
        if kind == "WRONG" and a.show_wrong:
            print(f"wrong: {os.path.basename(lv)} --cell {c}{' --dark' if d else ''}: {why}",
                  file=sys.stderr)
    if each:
        each.close()
    print(f"{len(levels)} boards ({a.sizes}, seeds 1-{a.seeds}), "
          f"{'light' if a.light_only else 'light and dark'}, "
          f"{len(levels) * len(styles)} pictures a tile size\n")
    print("| px | " + " | ".join(kinds) + " |")
    print("|---:|" + "---:|" * len(kinds))
    for c in cells:
        print(f"| {c} | " + " | ".join(str(table[c][k]) for k in kinds) + " |")
    tot = {k: sum(table[c][k] for c in cells) for k in kinds}
    print("| all | " + " | ".join(str(tot[k]) for k in kinds) + " |")
    return 1 if tot["WRONG"] else 0


if __name__ == "__main__":
    sys.exit(main())
