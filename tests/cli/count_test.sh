#!/usr/bin/env bash
# run --measure instructions: bitmask, fast, the example plugin and an exec: C program counted on a
# sample of top95, twice each: the two counts must be equal (valgrind counts, it does not time). A
# plugin built with AVX-512 code is named with its fix, exit 4, no core file; without valgrind on
# PATH the Debian package is named, exit 3. ab --measure instructions judges two counted sides as
# compare does, and refuses the options of timed rounds. Not timed: it passes on a loaded machine.
# The plugin and the program are their x86-64-v2 builds (gates/CMakeLists.txt): the default
# -march=native builds hold AVX-512 on an AVX-512 machine, which valgrind cannot run.
# Usage: count_test.sh SUDOKU_BENCH COUNT_PROGRAM EXAMPLE_PLUGIN EXEC_C_SOLVER DATASETS SANITIZE
# (COUNT_PROGRAM, EXAMPLE_PLUGIN, EXEC_C_SOLVER: "none" in sanitizer builds)
set -euo pipefail
bench=$(realpath "$1") example=$3 exec_c=$4 datasets=$(realpath "$5") sanitize=${6:-}
[ "$2" = none ] || export SUDOKU_BENCH_COUNT=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source "$(dirname "$0")/lib.sh"
top95=$datasets/top95.txt

# No valgrind on PATH: the package is named, before anything is counted. Runs in every build.
mkdir "$work/empty-path"
expect_refused "no valgrind" 3 "Debian package valgrind" \
  env PATH="$work/empty-path" "$bench" run --measure instructions --no-progress --sample 2 "$top95"
expect_refused "threads" 2 "counts one thread" "$bench" run --measure instructions --threads 2 "$top95"
expect_refused "sample with time" 2 "sample is for --measure instructions" "$bench" run --sample 5 "$top95"
expect_refused "ab: rounds with a count" 2 "--rounds is for --measure time" \
  "$bench" ab --measure instructions --rounds 6 bitmask fast "$top95"
expect_refused "ab: threads with a count" 2 "counts one thread" \
  "$bench" ab --measure instructions --threads 2 bitmask fast "$top95"
expect_refused "ab: sample with time" 2 "sample is for --measure instructions" "$bench" ab --sample 5 bitmask fast "$top95"

# valgrind cannot run a sanitized program, and sanitizer builds leave out the counting program.
if [ -n "$sanitize" ]; then
  echo "SKIP: the counts themselves: valgrind cannot run a $sanitize-sanitized build (the refusals above passed)"
  exit 0
fi
if ! command -v valgrind >/dev/null; then
  echo "SKIP: the counts themselves: valgrind is not installed (Debian package valgrind; tools/install-deps)"
  exit 0
fi

# Each solver counted twice on 8 records: the two passes must count the same.
count_twice() {
  local solver=$1 json=$work/count.json
  "$bench" run --measure instructions --no-progress --sample 8 --repetitions 2 --solver "$solver" \
    --json "$json" "$top95" >"$work/count.out" 2>"$work/count.err" || {
    echo "FAIL: $solver: run exited $?"
    cat "$work/count.out" "$work/count.err"
    exit 1
  }
  python3 - "$json" "$solver" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
runs = report["runs"]
counts = [r["instructions_per_puzzle"] for r in runs]
assert report["settings"]["measure"] == "instructions", report["settings"]["measure"]
assert report["settings"]["sample"] == 8, report["settings"]["sample"]
assert report["context"]["counter"]["tool"] == "valgrind --tool=callgrind", report["context"]["counter"]
assert len(runs) == 2 and all(c and c > 0 for c in counts), counts
assert counts[0] == counts[1], f"{sys.argv[2]}: counts differ: {counts}"
assert runs[0]["status"]["unique"] == 8, runs[0]["status"]
print(f"ok: {sys.argv[2]}: {counts[0]:.0f} instructions per puzzle, twice; {runs[0]['implementation']}")
PY
}
count_twice bitmask
count_twice fast
count_twice "plugin:$example"
count_twice "exec:$exec_c"
grep -q '"startup_instructions": [1-9]' "$work/count.json" || { echo "FAIL: exec: start-up not counted"; exit 1; }
cp "$work/count.json" "$work/direct.json"
# A wrapper that replaces itself with the solver (exec, as a pyenv shim does) and one that starts it
# as a child: valgrind follows both, and the wrapper's own work is start-up, the same with and
# without records: the count per puzzle is the program's own (within 0.01%: 8 instructions a
# puzzle apart here, what a longer path and environment move in the program's exit).
printf '#!/bin/sh\nexec "%s" "$@"\n' "$exec_c" >"$work/exec_wrapper.sh"
printf '#!/bin/sh\n"%s" "$@"\n' "$exec_c" >"$work/child_wrapper.sh"
chmod +x "$work/exec_wrapper.sh" "$work/child_wrapper.sh"
for wrapper in exec_wrapper child_wrapper; do
  count_twice "exec:$work/$wrapper.sh"
  python3 - "$work/direct.json" "$work/count.json" "$wrapper" <<'PY'
import json, sys
direct, wrapped = (json.load(open(p))["runs"][0]["instructions_per_puzzle"] for p in sys.argv[1:3])
assert abs(wrapped - direct) <= 1e-4 * direct, f"{sys.argv[3]}: {wrapped} per puzzle, the program alone {direct}"
PY
done

# ab --measure instructions: the example plugin against a byte-identical copy counts the same (exit
# 0); bitmask against backtrack, which searches far more (easy50: backtrack takes a minute a
# hard puzzle under valgrind), is SLOWER one way (exit 1), faster the
# other (exit 0); --reports keeps both counts.
ab_counted() {
  local expected=$1 pattern=$2
  shift 2
  local status=0
  "$bench" ab --measure instructions --quiet "$@" >"$work/ab.out" 2>"$work/ab.err" || status=$?
  if [ "$status" != "$expected" ] || { [ -n "$pattern" ] && ! grep -Eq "$pattern" "$work/ab.out"; }; then
    echo "FAIL: ab --measure instructions $*: exit $status (expected $expected), no '$pattern' on stdout"
    cat "$work/ab.out" "$work/ab.err"
    exit 1
  fi
  echo "ok: ab --measure instructions $*: exit $status, $(grep -Em1 "$pattern" "$work/ab.out")"
}
cp "$example" "$work/copy.so"
mkdir "$work/reports"
ab_counted 0 "the same: .*counts equal" --sample 50 --reports "$work/reports" --json "$work/ab.json" \
  "plugin:$example" "plugin:$work/copy.so" "$top95"
python3 - "$work/reports" "$work/ab.json" <<'PY'
import json, sys
sides = [json.load(open(f"{sys.argv[1]}/{s}.json")) for s in ("base", "new")]
counts = [s["runs"][0]["instructions_per_puzzle"] for s in sides]
assert counts[0] == counts[1] and counts[0] > 0, counts
assert [s["settings"]["sample"] for s in sides] == [50, 50], [s["settings"]["sample"] for s in sides]
assert json.load(open(sys.argv[2]))["measure"] == "instructions"
PY
# NEW answers wrongly (faulty.sh miscounts: 2 solutions where there is 1): no count verdict, exit 5.
ab_counted 5 "" --sample 3 "exec:$exec_c" "exec:sh $(dirname "$0")/../exec/faulty.sh miscounts $exec_c" \
  "$datasets/easy50.txt"
grep -q "answers differ from BASE's, or fail judging" "$work/ab.err" || { echo "FAIL: exit 5 not said"; exit 1; }
ab_counted 1 "^SLOWER: " --sample 10 bitmask backtrack "$datasets/easy50.txt"
ab_counted 0 "^faster: " --sample 10 backtrack bitmask "$datasets/easy50.txt"

# A plugin whose solve runs an AVX-512 instruction: named, with the fix, exit 4, no core file.
if grep -qw avx512f /proc/cpuinfo &&
  printf '%s\n' '#include <immintrin.h>' '#include <stddef.h>' '#include <stdint.h>' \
    'size_t solve(const char* p, size_t l, uint32_t f, char* s, size_t* g) {' \
    '  volatile int x = p[0]; __m512i v = _mm512_set1_epi32(x); v = _mm512_add_epi32(v, v);' \
    '  *g = (size_t)(_mm512_reduce_add_epi32(v) & 1); (void)l; (void)f; (void)s; return 0; }' >"$work/avx.c" &&
  cc -O1 -mavx512f -shared -fPIC -o "$work/avx512.so" "$work/avx.c" 2>/dev/null; then
  (cd "$work" && expect_refused "AVX-512 plugin" 4 "avx512.so uses an instruction valgrind cannot run.*-mavx2 or -march=x86-64-v3" \
    "$bench" run --measure instructions --no-progress --sample 2 --solver "plugin:$work/avx512.so" "$top95")
  if ls "$work" | grep -Eq '^(core|vgcore)'; then
    echo "FAIL: a core file was left: $(ls "$work")"
    exit 1
  fi
  echo "ok: an AVX-512 plugin is named with its fix, exit 4, no core file"
else
  echo "SKIP: the AVX-512 plugin: this CPU or compiler has no AVX-512F"
fi
echo "PASS"
