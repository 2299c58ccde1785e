#!/usr/bin/env python3
"""Every source file of the app (src/app) stays under 750 lines, as issue 7
set when it split the window into files of one job each: a file that grows
past it is taking on a second job and should be split. Names each one."""
import pathlib
import sys

LIMIT = 750


def main(root):
    app = pathlib.Path(root) / 'src' / 'app'
    over = []
    for path in sorted(app.iterdir()):
        if path.suffix not in ('.c', '.h'):
            continue
        with open(path, encoding='utf-8') as f:
            lines = sum(1 for _ in f)
        if lines >= LIMIT:
            over.append(f'{path.relative_to(root)}: {lines} lines (keep under {LIMIT}: split it)')
    for line in over:
        print(line, file=sys.stderr)
    return 1 if over else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1]))
