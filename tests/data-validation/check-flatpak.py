#!/usr/bin/env python3
# Checks the Flatpak manifest without flatpak-builder (which needs the
# network to fetch the runtime): it must be valid JSON, name the app ID and
# the command the build installs, use the GNOME runtime whose GTK and
# libadwaita the project targets, grant no direct file system access (files
# come through the portal), and build this very source tree with meson.
#
# usage: check-flatpak.py MANIFEST PROJECT_SOURCE_ROOT
import json
import os
import sys

EXPECTED = {
    "app-id": "io.github.hintboard.Hintboard",
    "runtime": "org.gnome.Platform",
    "runtime-version": "43",
    "sdk": "org.gnome.Sdk",
    "command": "hintboard",
}
REQUIRED_ARGS = ["--share=ipc", "--socket=fallback-x11", "--socket=wayland", "--device=dri"]


def main():
    manifest, source_root = sys.argv[1], sys.argv[2]
    errors = []
    try:
        with open(manifest, encoding="utf-8") as f:
            m = json.load(f)
    except (OSError, ValueError) as e:
        print(f"{manifest}: {e}")
        return 1
    if not isinstance(m, dict):
        print(f"{manifest}: the top level is not an object")
        return 1
    for key, value in EXPECTED.items():
        if m.get(key) != value:
            errors.append(f"{key} is {m.get(key)!r}, expected {value!r}")
    args = m.get("finish-args", [])
    for a in REQUIRED_ARGS:
        if a not in args:
            errors.append(f"finish-args lacks {a}")
    for a in args:
        if a.startswith("--filesystem"):
            errors.append(f"finish-args has {a}: files must come through the portal")
        if a in ("--socket=x11", "--share=network"):
            errors.append(f"finish-args has {a}, which the app does not need")
    modules = m.get("modules", [])
    app = modules[-1] if modules and isinstance(modules[-1], dict) else {}
    if app.get("name") != "hintboard":
        errors.append("the last module is not named 'hintboard'")
    if app.get("buildsystem") != "meson":
        errors.append("the 'hintboard' module does not build with meson")
    dirs = [s for s in app.get("sources", []) if s.get("type") == "dir"]
    if not dirs:
        errors.append("the 'hintboard' module has no 'dir' source")
    for s in dirs:
        path = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(manifest)),
                                             s.get("path", "")))
        if path != os.path.normpath(os.path.abspath(source_root)):
            errors.append(f"the 'dir' source {s.get('path')!r} is {path}, not the project root")
    for e in errors:
        print(f"{manifest}: {e}")
    if not errors:
        print(f"{manifest}: {m['app-id']} runs {m['command']} on "
              f"{m['runtime']}//{m['runtime-version']}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
