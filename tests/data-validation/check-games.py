#!/usr/bin/env python3
"""Checks that every game in the one list (src/games/meson.build) is in each
file that must name it, and fails naming the file a new game forgot.

usage: check-games.py SOURCE_ROOT GAME_ID...
"""
import os
import re
import sys
import xml.etree.ElementTree as ET

root, games = sys.argv[1], sys.argv[2:]
problems = []


def read(rel):
    with open(os.path.join(root, rel), encoding="utf-8") as f:
        return f.read()


schema = "data/io.github.hintboard.Hintboard.gschema.xml"
choices = set()
for key in ET.fromstring(read(schema)).iter("key"):
    if key.get("name") == "last-game":
        choices = {c.get("value") for c in key.iter("choice")}
desktop = "data/io.github.hintboard.Hintboard.desktop.in.in"
mime_line = next((l for l in read(desktop).splitlines() if l.startswith("MimeType=")), "")
mime = "data/io.github.hintboard.Hintboard.mime.xml"
mime_text = read(mime)
metainfo = "data/io.github.hintboard.Hintboard.metainfo.xml.in.in"
metainfo_text = read(metainfo)
levels = os.listdir(os.path.join(root, "data/levels"))
potfiles = read("po/POTFILES")

for g in games:
    if g not in choices:
        problems.append(f"{schema}: the last-game key has no <choice value=\"{g}\"/>")
    if f"application/x-hintboard-{g};" not in mime_line:
        problems.append(f"{desktop}: MimeType lacks application/x-hintboard-{g}")
    if f'type="application/x-hintboard-{g}"' not in mime_text or f'"*.{g}"' not in mime_text:
        problems.append(f"{mime}: no <mime-type> application/x-hintboard-{g} with glob *.{g}")
    if f"application/x-hintboard-{g}" not in metainfo_text:
        problems.append(f"{metainfo}: <provides> lacks <mediatype>application/x-hintboard-{g}</mediatype>")
    if not any(name.endswith("." + g) for name in levels):
        problems.append(f"data/levels: no bundled .{g} level")
    if not os.path.exists(os.path.join(root, "tests", g, "meson.build")):
        problems.append(f"tests/{g}/meson.build: the game has no tests")
    if f"src/games/{g}/" not in potfiles:
        problems.append(f"po/POTFILES: no file of src/games/{g}/ is listed")

for p in problems:
    print(p)
if problems:
    sys.exit(1)
print(f"{len(games)} games, each in the schema, MIME types, desktop file, metainfo, "
      "levels, tests and POTFILES")
