#!/usr/bin/env python3
# Writes the hard boards of tests/data/anchors/loop/tatham-net-hard.tsv
# (size TAB Net game ID, '#' comments) as a C array for `bench loop`, so
# the bench needs no data file at run time.
import sys

rows = []
with open(sys.argv[1], encoding='utf-8') as f:
    for line in f:
        line = line.strip()
        if not line or line.startswith('#'):
            continue
        size, game_id = line.split('\t')[:2]
        rows.append(game_id)
with open(sys.argv[2], 'w', encoding='utf-8') as out:
    out.write('/* Generated from tatham-net-hard.tsv by loop-hard-boards.py. */\n')
    out.write('static const char *const loop_hard_boards[] = {\n')
    for game_id in rows:
        out.write('  "')
        for k in range(0, len(game_id), 100):
            if k:
                out.write('"\n  "')
            out.write(game_id[k:k + 100])
        out.write('",\n')
    out.write('  NULL,\n};\n')
