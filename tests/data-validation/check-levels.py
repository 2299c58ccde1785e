#!/usr/bin/env python3
# Checks the bundled Enlight levels in data/levels: each one is a well-formed
# grid in the .lights text format (rows of 0 and 1, all the same length) and
# can be solved, i.e. some set of presses turns every light off.
#
# This is deliberately independent of the C solvers: a plain Gaussian
# elimination over GF(2) with one variable per cell (at most a few hundred
# for the bundled boards), after which the solution found is applied back to
# the board press by press and the board must end up dark.
#
# usage: check-levels.py LEVELS_DIR
import os
import sys

NEIGHBOURS = ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1))


def parse(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if not text.endswith("\n"):
        raise ValueError("the last line has no newline")
    rows = text.split("\n")[:-1]
    if not rows:
        raise ValueError("the file is empty")
    width = len(rows[0])
    for y, row in enumerate(rows, 1):
        if len(row) != width:
            raise ValueError(f"{y}:1: row has {len(row)} cells, the first has {width}")
        for x, c in enumerate(row, 1):
            if c not in "01":
                raise ValueError(f"{y}:{x}: unexpected character {c!r}")
    if width == 0:
        raise ValueError("1:1: empty row")
    return [[int(c) for c in row] for row in rows]


def solve(board):
    """A set of presses (list of 0/1 per cell, row-major) or None."""
    h, w = len(board), len(board[0])
    n = w * h
    # Equation for cell k: XOR of the presses that toggle k = board[k].
    # Row bits 0..n-1 hold the coefficients, bit n the right-hand side.
    eqs = []
    for y in range(h):
        for x in range(w):
            row = board[y][x] << n
            for dx, dy in NEIGHBOURS:
                i, j = x + dx, y + dy
                if 0 <= i < w and 0 <= j < h:
                    row |= 1 << (j * w + i)
            eqs.append(row)
    pivots = []
    r = 0
    for c in range(n):
        p = next((k for k in range(r, n) if eqs[k] >> c & 1), None)
        if p is None:
            continue
        eqs[r], eqs[p] = eqs[p], eqs[r]
        for k in range(n):
            if k != r and eqs[k] >> c & 1:
                eqs[k] ^= eqs[r]
        pivots.append(c)
        r += 1
    if any(eqs[k] >> n & 1 for k in range(r, n)):
        return None
    presses = [0] * n  # free variables 0
    for k, c in enumerate(pivots):
        presses[c] = eqs[k] >> n & 1
    return presses


def apply(board, presses):
    h, w = len(board), len(board[0])
    b = [row[:] for row in board]
    for y in range(h):
        for x in range(w):
            if presses[y * w + x]:
                for dx, dy in NEIGHBOURS:
                    i, j = x + dx, y + dy
                    if 0 <= i < w and 0 <= j < h:
                        b[j][i] ^= 1
    return b


def main():
    folder = sys.argv[1]
    names = sorted(f for f in os.listdir(folder) if f.endswith(".lights"))
    failed = False
    if "welcome.lights" not in names:
        print(f"{folder}: welcome.lights (the level the app opens on) is missing")
        failed = True
    for name in names:
        path = os.path.join(folder, name)
        try:
            board = parse(path)
        except ValueError as e:
            print(f"{path}: {e}")
            failed = True
            continue
        presses = solve(board)
        if presses is None:
            print(f"{path}: no set of presses solves this board")
            failed = True
            continue
        if any(any(row) for row in apply(board, presses)):
            print(f"{path}: internal error: the solution found does not solve the board")
            failed = True
            continue
        if not any(any(row) for row in board):
            print(f"{path}: every light is already off")
            failed = True
            continue
        print(f"{name}: {len(board[0])}x{len(board)}, solved with {sum(presses)} presses")
    if not names:
        print(f"{folder}: no .lights levels")
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
