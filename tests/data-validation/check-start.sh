#!/bin/sh
# Checks .ci/start, the README's first command, from outside the source
# tree: it works from the tree (cd to its root), so a level named relative
# to where the command was given ("bash ~/hintboard/.ci/start x.flow" in
# another folder) was looked for in the tree and not found, and a build
# tree given as an absolute HB_BUILDDIR put the settings schema at
# "<tree>//abs/path/data", where the app died ("Settings schema … is not
# installed"). Stand-ins for dpkg-query, meson and ninja (nothing is
# installed or built) and for the app, which checks what it was given.
#
# usage: check-start.sh SOURCE_ROOT
set -eu

root=$(cd "$1" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

mkdir -p "$tmp/bin" "$tmp/build/src/app" "$tmp/build/data" "$tmp/elsewhere"
printf '#!/bin/sh\nprintf "install ok installed"\n' > "$tmp/bin/dpkg-query"
printf '#!/bin/sh\nexit 0\n' > "$tmp/bin/meson"
printf '#!/bin/sh\nexit 0\n' > "$tmp/bin/ninja"
touch "$tmp/build/build.ninja" "$tmp/elsewhere/level.flow"
# The app: every file it is given must be there from where it runs, and
# the first folder of the schema path must be a folder.
cat > "$tmp/build/src/app/hintboard" <<'EOF'
#!/bin/sh
status=0
for f in "$@"; do
  if [ ! -e "$f" ]; then
    echo "the app was given '$f', which is not there from $PWD"
    status=1
  fi
done
dir=${GSETTINGS_SCHEMA_DIR%%:*}
if [ ! -d "$dir" ]; then
  echo "GSETTINGS_SCHEMA_DIR starts with '$dir', which is no folder"
  status=1
fi
exit $status
EOF
chmod +x "$tmp/bin/"* "$tmp/build/src/app/hintboard"

cd "$tmp/elsewhere"
PATH="$tmp/bin:$PATH" HB_BUILDDIR="$tmp/build" bash "$root/.ci/start" level.flow "$tmp/elsewhere/level.flow"
