#!/usr/bin/env bash
# A 150-character solver spec (a plugin's path) widens no table more than an 18-character one, and none is wider than 120 columns: run's
# table and its markdown, and compare's table, show its short form and spell it out once, under the
# table; the report keeps it whole. (The HTML page wraps it: ctest tools.html_report.)
# Usage: long_names_test.sh SUDOKU_BENCH EXAMPLE_PLUGIN DATASETS_DIR
set -euo pipefail
bench=$(realpath "$1") plugin=$(realpath "$2") datasets=$(realpath "$3")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# The plugin by a symbolic link in a directory whose name makes the spec 150 characters long, and by
# one whose spec is 18 characters, the widest shown whole.
long=$(printf 'd%.0s' $(seq 1 $((150 - ${#work} - 29))))
mkdir "$long"
ln -s "$plugin" "$long/libbitmask_plugin.so"
ln -s "$plugin" libbm1.so
declare -A spec=([150]="plugin:$work/$long/libbitmask_plugin.so" [18]="plugin:./libbm1.so")
for n in 150 18; do
  [ ${#spec[$n]} -eq "$n" ] || { echo "FAIL: the spec is ${#spec[$n]} characters, not $n"; exit 1; }
  "$bench" run --no-progress --solver "${spec[$n]}" --threads 1 --repetitions 2 --min-time 0 --warmup-seconds 0 \
    --json "run$n.json" --markdown "run$n.md" "$datasets/hardest.txt" >"run$n.out" 2>"run$n.err" ||
    { cat "run$n.err"; fail "run with a $n-character spec"; }
  cp "run$n.json" "again$n.json"
  "$bench" compare "run$n.json" "again$n.json" >"compare$n.out" 2>"compare$n.err" ||
    { cat "compare$n.err"; fail "compare with a $n-character spec"; }
done
short='bitmask_plugin'

# run's table: its header and rows ("hardest (" starts the lines below them).
run_table() { awk '/^dataset / || (/^hardest / && !/^hardest \(/) { print length($0) }' "$1"; }
# compare's table: from its header to the blank line or the legend after it.
compare_table() { awk '/^dataset / { t = 1 } t && (/^$/ || /^solver /) { t = 0 } t { print length($0) }' "$1"; }
for table in run_table compare_table; do
  file=${table%_table}
  widths=$($table "${file}150.out" | tr '\n' ' ')
  [ -n "$widths" ] || fail "$file: no table found"
  widest18=$($table "${file}18.out" | sort -n | tail -1)
  for w in $widths; do
    [ "$w" -le "$widest18" ] || fail "$file: a table line is $w columns wide with the 150-character spec," \
      "$widest18 at most with an 18-character one"
  done
  for w in $widths; do [ "$w" -le 120 ] || fail "$file: a table line is $w columns wide (at most 120)"; done
  grep -q "^hardest $short " "${file}150.out" || fail "$file: no row shows the short form $short"
  # Spelled out once, under the table; the 18-character spec needs no legend.
  [ "$(grep -cF "${spec[150]}" "${file}150.out")" -eq 1 ] || fail "$file: the whole spec is not on exactly one line"
  grep -qxF "solver $short is ${spec[150]}" "${file}150.out" || fail "$file: no legend line for $short"
  ! grep -q ' is plugin:' "${file}18.out" || fail "$file: a legend for a name that was not shortened"
done
grep -qF "| hardest | $short | 1 |" run150.md || fail "markdown: no row shows the short form"
[ "$(grep -cF "${spec[150]}" run150.md)" -eq 1 ] || fail "markdown: the whole spec is not on exactly one line"
grep -qxF -- "- solver \`$short\` is \`${spec[150]}\`" run150.md || fail "markdown: no legend line"
grep -qF "\"${spec[150]}\"" run150.json || fail "the report does not keep the whole spec"

if ((fails)); then
  for f in run150.out compare150.out run150.md; do sed "s/^/  $f: /" "$f"; done
  exit 1
fi
echo "ok: run's and compare's tables as wide with a 150-character spec as with an 18-character one, none over 120 columns"
