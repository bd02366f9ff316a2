#!/usr/bin/env bash
# Issue 67's verdicts from counts (results/counted/README.md, "Verdicts from separate reports"):
#  1. compare of two separate instruction reports: a solver given ~0.5% more instructions per puzzle
#     is SLOWER, a byte-identical copy at another path is the same, 10 times each, for the example
#     plugin and for the exec: C program;
#  2. history over 8 instruction reports with a +1% step at the 5th.
# The changed solvers are built as a solver author would, outside the checkout (under OUT_DIR), from
# the project's sources plus a busy loop on a volatile counter, with the flags of the counted builds
# (x86-64-v2: valgrind 3.19 cannot run AVX-512). Run from the checkout's root after
# `cmake --build build --target sudoku-bench bitmask_plugin_counted exec_c_solver_counted`
# (BUILD=DIR for another build folder).
# Usage: results/counted/verdicts.sh OUT_DIR   (OUT_DIR outside the checkout, e.g. /tmp/verdicts)
set -euo pipefail
out=$(realpath -m "$1")
build=$(realpath "${BUILD:-build}")
bench=$build/harness/sudoku-bench
plugin=$build/gates/bitmask_plugin_counted.so
exec_c=$build/gates/exec_c_solver_counted
top95=$PWD/datasets/top95.txt
mkdir -p "$out/src" "$out/copy" "$out/reports" "$out/history"

# Loop steps per puzzle, calibrated on the counts of the base builds on top95 (Intel Xeon, family 6
# model 207, GCC 12): a step is 6 instructions (load, add, store, load, compare, branch).
plugin_extra=378   # +2,272 on 412,514.8 a puzzle: +0.551%
plugin_step=687    # +4,126: +1.000%, the history's step
plugin_under=336   # +2,020: +0.490%, under the threshold
exec_extra=31228   # +187,370 on 34,067,111.9 a puzzle: +0.550%

# The changed sources: one loop at the top of the plugin's solve(), one after each record's search.
python3 - harness/plugin_example/bitmask_plugin.cc tests/exec/solver.c "$out/src" <<'PY'
import sys
plugin, exec_c, dest = sys.argv[1:]
def insert(path, after, lines, name):
    text = open(path).read()
    assert text.count(after) == 1, (path, after)
    open(f"{dest}/{name}", "w").write(text.replace(after, after + lines))
insert(plugin, "char* solution, size_t* guesses) {\n",
       "  volatile unsigned extra = 0;  // a change that costs EXTRA_STEPS loop steps a call\n"
       "  while (extra < EXTRA_STEPS) extra = extra + 1u;\n", "plugin_extra.cc")
insert(exec_c, "      if (ok) search();\n",
       "      for (volatile unsigned long k = 0; k < EXTRA_STEPS; k = k + 1) {\n      }\n", "solver_extra.c")
PY
build_plugin() {  # NAME STEPS: as gates/CMakeLists.txt builds bitmask_plugin_counted
  c++ -I harness/include -I solver/include -O3 -DNDEBUG -fPIC -fvisibility=hidden -Wall -Wextra -Werror \
    -march=x86-64-v2 -mtune=generic -std=c++20 -DEXTRA_STEPS="$2" -shared -o "$out/$1" "$out/src/plugin_extra.cc" \
    "$build/gates/libsudoku_solver_gate_pic.a"
}
build_plugin plugin_plus05.so "$plugin_extra"
build_plugin plugin_plus1.so "$plugin_step"
build_plugin plugin_plus049.so "$plugin_under"
cc -O3 -DNDEBUG -Wall -Wextra -Werror -march=x86-64-v2 -mtune=generic -DEXTRA_STEPS="$exec_extra" \
  -o "$out/exec_plus05" "$out/src/solver_extra.c"
cp "$plugin" "$exec_c" "$out/copy/"  # the same bytes at another path
cmp "$plugin" "$out/copy/bitmask_plugin_counted.so" && cmp "$exec_c" "$out/copy/exec_c_solver_counted"

count() {  # REPORT SPEC: one run --measure instructions of top95, a report of its own
  [ -s "$1" ] || /usr/bin/time -f "$(basename "$1"): %e s wall" \
    "$bench" run --measure instructions --no-progress --solver "$2" --json "$1" "$top95" >/dev/null
}
# 1. Ten separate reports each of base, +0.5% and copy; compare base i against new i, i = 1..10.
for i in $(seq 10); do
  for kind in plugin exec; do
    if [ $kind = plugin ]; then base=$plugin new=$out/plugin_plus05.so copy=$out/copy/bitmask_plugin_counted.so
    else base=$exec_c new=$out/exec_plus05 copy=$out/copy/exec_c_solver_counted; fi
    count "$out/reports/$kind-base-$i.json" "$kind:$base"
    count "$out/reports/$kind-plus05-$i.json" "$kind:$new"
    count "$out/reports/$kind-copy-$i.json" "$kind:$copy"
  done
done
judge() {  # KIND NEW I: compare base I against NEW I, one line: its exit status and verdict
  local text=$out/reports/compare-$1-$2-$3.txt status=0 verdict
  "$bench" compare "$out/reports/$1-base-$3.json" "$out/reports/$1-$2-$3.json" >"$text" 2>&1 || status=$?
  verdict=$(grep -E '^(SLOWER|faster|the same|within|FASTER)' "$text" | head -1 || true)
  [ -n "$verdict" ] || verdict=$(grep -E 'instructions/puzzle' "$text" | tail -1 || true)
  echo "$1 $2 $3 exit $status: $verdict"
}
for kind in plugin exec; do
  for new in plus05 copy; do
    for i in $(seq 10); do judge $kind $new $i; done
  done
done | tee "$out/compare-verdicts.txt"
echo "SLOWER per 10: $(grep -c 'plugin plus05 .* exit 1: SLOWER' "$out/compare-verdicts.txt") plugin +0.5%," \
  "$(grep -c 'plugin copy .* exit 1: SLOWER' "$out/compare-verdicts.txt") plugin copy," \
  "$(grep -c 'exec plus05 .* exit 1: SLOWER' "$out/compare-verdicts.txt") exec +0.5%," \
  "$(grep -c 'exec copy .* exit 1: SLOWER' "$out/compare-verdicts.txt") exec copy"

# Under the threshold: +0.49% is the same (exit 0), once.
count "$out/reports/plugin-plus049-1.json" "plugin:$out/plugin_plus049.so"
set +e
"$bench" compare "$out/reports/plugin-base-1.json" "$out/reports/plugin-plus049-1.json" 2>&1 | grep '^the same\|^SLOWER'
echo "plugin plus049 1 exit ${PIPESTATUS[0]}"
set -e

# 2. history: versions 1-4 the base plugin, 5-8 the +1% one, one solver name throughout.
for v in 1 2 3 4 5 6 7 8; do
  lib=$plugin
  [ $v -ge 5 ] && lib=$out/plugin_plus1.so
  [ -s "$out/history/v$v.json" ] || "$bench" run --measure instructions --no-progress --label version=$v \
    --solver "mine=plugin:$lib" --json "$out/history/v$v.json" "$top95" >/dev/null
done
set +e
"$bench" history --by version "$out/history" 2>&1 | tee "$out/history.txt"
echo "history exit ${PIPESTATUS[0]}" | tee -a "$out/history.txt"

# 3. Exactly +0.50% (the default threshold is 0.25% since this step): ten reports each of the plugin
# and the program given 0.500% more instructions a puzzle, compared with the ten base reports.
build_plugin plugin_plus050.so 344                # +2,068 on 412,514.8: +0.501%
cc -O3 -DNDEBUG -Wall -Wextra -Werror -march=x86-64-v2 -mtune=generic -DEXTRA_STEPS=28389 \
  -o "$out/exec_plus050" "$out/src/solver_extra.c"  # +170,336 on 34,067,111.9: +0.500%
for i in $(seq 10); do
  count "$out/reports/plugin-plus050-$i.json" "plugin:$out/plugin_plus050.so"
  count "$out/reports/exec-plus050-$i.json" "exec:$out/exec_plus050"
done
for kind in plugin exec; do
  for i in $(seq 10); do judge $kind plus050 $i; done
done | tee "$out/compare-verdicts-050.txt"
