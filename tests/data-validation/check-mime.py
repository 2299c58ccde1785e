#!/usr/bin/env python3
"""Checks the shared-mime-info file: well-formed, one type per level
extension, and every type named in the desktop file's MimeType line."""
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.freedesktop.org/standards/shared-mime-info}"
mime_path, desktop_path, games = sys.argv[1], sys.argv[2], sys.argv[3:]
root = ET.parse(mime_path).getroot()
if root.tag != NS + "mime-info":
    sys.exit(f"{mime_path}: the root is not <mime-info>")
types = {}
for t in root.findall(NS + "mime-type"):
    globs = [g.get("pattern") for g in t.findall(NS + "glob")]
    if not globs or not t.findall(NS + "comment"):
        sys.exit(f"{mime_path}: {t.get('type')} needs a glob and a comment")
    types[t.get("type")] = globs
for ext in games:
    if not any(f"*.{ext}" in g for g in types.values()):
        sys.exit(f"{mime_path}: no type for *.{ext}")
line = next((l for l in open(desktop_path, encoding="utf-8") if l.startswith("MimeType=")), None)
if line is None:
    sys.exit(f"{desktop_path}: no MimeType line")
listed = {m for m in line.strip().split("=", 1)[1].split(";") if m}
if listed != set(types):
    sys.exit(f"{desktop_path}: MimeType {sorted(listed)} differs from {sorted(types)}")
print(f"{len(types)} level types, all in the desktop file")
