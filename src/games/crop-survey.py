#!/usr/bin/env python3
"""How the screenshot readers judge crops of the shared screenshots.

For each real screenshot in SCREENS/{flow,loop,flood}, scaled by --scale,
finds the board with `detect`, then makes crops with ImageMagick:

  whole  the whole board with a random margin of 6 px to a cell on each
         side (clamped to the picture): must read with no "cuts through"
  cut    a random side cut 0.2-0.8 of a cell (--frac LO,HI) into a random
         outer row or column (up to half the board in): should say "cuts
         through"

and reads each with `detect --game` (the game the screenshot shows).
Prints each false cut and each cut missed, then the counts.

usage: crop-survey.py CLI SCREENS [--seed N] [--scale S] [--each K] [--frac LO,HI]
"""
import argparse
import os
import random
import re
import subprocess
import sys
import tempfile


def detect(cli, path, game=None):
    args = [cli, "detect", path] + (["--game", game] if game else [])
    r = subprocess.run(args, capture_output=True, text=True)
    return r.returncode, r.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cli")
    ap.add_argument("screens")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--each", type=int, default=3, help="crops of each kind a picture")
    ap.add_argument("--frac", default="0.2,0.8", help="how far into the cut row, in cells")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    lo, hi = (float(v) for v in a.frac.split(","))
    pictures = []
    for game in ("flow", "loop", "flood"):
        folder = os.path.join(a.screens, game)
        for name in sorted(os.listdir(folder)):
            if name.endswith((".jpg", ".png")) and not name.startswith("tile_"):
                pictures.append((game, os.path.join(folder, name)))
    counts = {"clean": 0, "false cut": 0, "caught": 0, "missed": 0}
    with tempfile.TemporaryDirectory() as tmp:
        for game, src in pictures:
            pic = os.path.join(tmp, "scaled.png")
            subprocess.run(["convert", src, "-resize", f"{a.scale * 100}%", pic], check=True)
            _, err = detect(a.cli, pic, game)
            m = re.search(r"grid: (\d+)×(\d+) cells of ([\d.]+)×([\d.]+) px at \(([-\d.]+), ([-\d.]+)\)", err)
            if not m:
                print("no board:", src)
                continue
            w, h = int(m[1]), int(m[2])
            cw, ch, x0, y0 = (float(m[i]) for i in range(3, 7))
            size = subprocess.run(["identify", "-format", "%w %h", pic],
                                  capture_output=True, text=True).stdout.split()
            iw, ih = int(size[0]), int(size[1])
            for t in range(2 * a.each):
                whole = t < a.each
                if whole:
                    x = max(0, int(x0 - rng.uniform(6, cw)))
                    y = max(0, int(y0 - rng.uniform(6, ch)))
                    x2 = min(iw, int(x0 + w * cw + rng.uniform(6, cw)))
                    y2 = min(ih, int(y0 + h * ch + rng.uniform(6, ch)))
                else:
                    side = rng.choice("tblr")
                    k = rng.randint(0, max(0, (h if side in "tb" else w) // 2 - 1))
                    frac = rng.uniform(lo, hi)
                    x, y = max(0, int(x0 - 20)), max(0, int(y0 - 20))
                    x2, y2 = min(iw, int(x0 + w * cw + 20)), min(ih, int(y0 + h * ch + 20))
                    if side == "t":
                        y = int(y0 + (k + frac) * ch)
                    elif side == "b":
                        y2 = int(y0 + (h - k - frac) * ch)
                    elif side == "l":
                        x = int(x0 + (k + frac) * cw)
                    else:
                        x2 = int(x0 + (w - k - frac) * cw)
                crop = os.path.join(tmp, "crop.png")
                subprocess.run(["convert", pic, "-crop", f"{x2 - x}x{y2 - y}+{x}+{y}", "+repage", crop],
                               check=True)
                _, err = detect(a.cli, crop, game)
                said = "cuts through" in err
                first = err.splitlines()[0] if err else ""
                if whole and said:
                    counts["false cut"] += 1
                    print(f"FALSE CUT {src} crop {x2 - x}x{y2 - y}+{x}+{y}: {first}")
                elif whole:
                    counts["clean"] += 1
                elif said:
                    counts["caught"] += 1
                else:
                    counts["missed"] += 1
                    print(f"missed {src} side {side} row/column {k + 1} at {frac:.2f}: {first}")
    print(f"whole boards: {counts['clean']} clean, {counts['false cut']} said to be cut; "
          f"cut boards: {counts['caught']} caught, {counts['missed']} missed")
    return 1 if counts["false cut"] else 0


if __name__ == "__main__":
    sys.exit(main())
