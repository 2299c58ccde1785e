#!/bin/sh
# Checks that the translations are complete and well formed:
#  1. every file po/POTFILES lists exists, and every file under src/ and ui/
#     that marks strings for translation is listed;
#  2. a template regenerated from POTFILES now, with the same xgettext
#     arguments as meson's glib preset, has every message translated in each
#     language of po/LINGUAS (msgcmp fails on a missing, untranslated or
#     fuzzy message);
#  3. msgfmt --check accepts each .po file (headers, c-format arguments);
#  4. no .po file keeps a message no source uses any more (msgmerge with the
#     template would make it obsolete): a translator reads only live text.
#
# usage: check-po.sh SOURCE_ROOT XGETTEXT MSGCMP MSGFMT MSGMERGE
set -eu

root=$1
xgettext=$2
msgcmp=$3
msgfmt=$4
msgmerge=$5

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
cd "$root"
status=0

sed -e '/^[[:space:]]*#/d' -e '/^[[:space:]]*$/d' po/POTFILES > "$tmp/listed"
while IFS= read -r f; do
  if [ ! -f "$f" ]; then
    echo "po/POTFILES lists $f, which does not exist"
    status=1
  fi
done < "$tmp/listed"

# The markers: _() N_() C_() NC_(), the g_d*gettext calls and calls of
# hb_result_stop in C (not its prototype, "hb_result_stop (HbResult *"), and
# translatable="yes" in GtkBuilder files.
pattern='(^|[^A-Za-z0-9_])(_|N_|C_|NC_|g_dgettext|g_dngettext|g_dpgettext2|ngettext)[[:space:]]*\(|hb_result_stop[[:space:]]*\([^H]|translatable="yes"'
for dir in src ui; do
  [ -d "$dir" ] || continue
  find "$dir" -type f \( -name '*.c' -o -name '*.h' -o -name '*.ui' \) | LC_ALL=C sort
done > "$tmp/sources"
while IFS= read -r f; do
  if grep -qE "$pattern" "$f" && ! grep -qxF "$f" "$tmp/listed"; then
    echo "$f marks strings for translation but is not listed in po/POTFILES"
    status=1
  fi
done < "$tmp/sources"
[ "$status" -eq 0 ] || exit "$status"

"$xgettext" --package-name=hintboard -f "$tmp/listed" -D "$root" -o "$tmp/hintboard.pot" \
  --from-code=UTF-8 --add-comments \
  --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
  --keyword=g_dcgettext:2 --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
  --keyword=hb_result_stop:4,5 --flag=hb_result_stop:4:c-format --flag=hb_result_stop:5:c-format \
  --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format \
  --flag=g_dngettext:2:pass-c-format --flag=g_strdup_printf:1:c-format \
  --flag=g_string_printf:2:c-format --flag=g_string_append_printf:2:c-format \
  --flag=g_error_new:3:c-format --flag=g_set_error:4:c-format \
  --flag=g_markup_printf_escaped:1:c-format --flag=g_log:3:c-format \
  --flag=g_print:1:c-format --flag=g_printerr:1:c-format --flag=g_printf:1:c-format \
  --flag=g_fprintf:2:c-format --flag=g_sprintf:2:c-format --flag=g_snprintf:3:c-format

sed -e 's/#.*//' po/LINGUAS | tr ' \t' '\n\n' | sed '/^$/d' > "$tmp/langs"
if [ ! -s "$tmp/langs" ]; then
  echo "po/LINGUAS names no language"
  exit 1
fi
while IFS= read -r lang; do
  if ! "$msgcmp" "po/$lang.po" "$tmp/hintboard.pot"; then
    echo "po/$lang.po is not complete: translate the messages above (msgmerge po/$lang.po from the"
    echo "template made by 'ninja hintboard-pot', then fill in and unfuzzy them)"
    status=1
  fi
  if ! "$msgfmt" --check --statistics -o /dev/null "po/$lang.po"; then
    echo "po/$lang.po does not pass msgfmt --check"
    status=1
  fi
  "$msgmerge" -q --no-fuzzy-matching -o "$tmp/merged.po" "po/$lang.po" "$tmp/hintboard.pot"
  if grep -q '^#~ msgid' "$tmp/merged.po"; then
    echo "po/$lang.po keeps messages no source uses any more; remove them:"
    grep '^#~ msgid' "$tmp/merged.po"
    status=1
  fi
done < "$tmp/langs"
exit "$status"
