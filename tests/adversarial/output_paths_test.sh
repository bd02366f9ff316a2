#!/usr/bin/env bash
# One rule for output paths, in every command (issue 63): an empty value, or `--OPTION=` with
# nothing after it, is refused (never completed with the next argument, an input); a path is
# resolved (links, /proc/self/cwd, this process's descriptors) and refused when it is an input, the
# program or another output; a regular file anywhere (/dev/shm too) is replaced whole; `-` is
# standard output; --help and --version fail when standard output cannot be written.
source "$(dirname "$0")/lib.sh"
head -20 "$DATASETS/kaggle_first20k.txt" >A.txt
head -40 "$DATASETS/kaggle_first20k.txt" | tail -20 >B.txt
A_sum=$(sum_of A.txt)
cp A.txt A.txt.orig
# intact NAME FILE SUM: FILE still holds SUM; made whole again from FILE.orig, so that a probe that
# fails (on the code before) harms no probe after it.
intact() {
  same "$1" "$2" "$3"
  [ ! -e "$2.orig" ] || cp "$2.orig" "$2"
}
run=("$BENCH" run --solver bitmask --threads 1 --min-time 0 --warmup-seconds 0 --no-progress)

# `--OPTION=` with nothing after it: exit 2 before anything runs; the next argument stays an input.
for option in --json --csv --markdown --html --per-puzzle; do
  probe "run $option= A B" 2 "${run[@]}" "$option=" A.txt B.txt
  says "run $option= A B" "$option=: nothing after the '='"
  intact "run $option= A B" A.txt "$A_sum"
done
"${run[@]}" --json r1.json A.txt >/dev/null 2>&1 || fail "the report for the probes: not written"
"${run[@]}" --json r2.json A.txt >/dev/null 2>&1 || fail "the second report for the probes: not written"
cp r1.json r3.json
cp r1.json r1.json.orig
cp r2.json r2.json.orig
r1_sum=$(sum_of r1.json)
r2_sum=$(sum_of r2.json)
probe "merge --json= r1 r2" 2 "$BENCH" merge --json= r1.json r2.json
intact "merge --json= r1 r2" r1.json "$r1_sum"
probe "history --html= r1 r2 r3" 2 "$BENCH" history --html= r1.json r2.json r3.json
intact "history --html= r1 r2 r3" r1.json "$r1_sum"
probe "report --markdown= r2 r3" 2 "$BENCH" report --markdown= r2.json r3.json
intact "report --markdown= r2 r3" r2.json "$r2_sum"
probe "hunt --out= start" 2 "$BENCH" hunt --evaluations 10 --threads 1 --no-progress --out= A.txt
intact "hunt --out= start" A.txt "$A_sum"
probe "a file named --x= after --" 3 "${run[@]}" -- --x=
says "a file named --x= after --" "--x=: cannot open"

# An empty value names no file: refused, naming the option, never "not given".
probe "run --json ''" 2 "${run[@]}" --json '' A.txt
says "run --json ''" "--json: an empty value names no file"
probe "run --per-puzzle ''" 2 "${run[@]}" --per-puzzle '' A.txt
says "run --per-puzzle ''" "--per-puzzle: an empty value names no file"
ab=("$BENCH" ab --threads 1 --cpu none --rounds 6 --pilot 6 --quiet)
probe "ab --json ''" 2 "${ab[@]}" --json '' bitmask bitmask A.txt
says "ab --json ''" "--json: an empty value names no file"
probe "ab --reports ''" 2 "${ab[@]}" --reports '' bitmask bitmask A.txt
says "ab --reports ''" "--reports: an empty value names no folder"
probe "hunt --out ''" 2 "$BENCH" hunt --evaluations 10 --threads 1 --no-progress --out ''
says "hunt --out ''" "--out: an empty value names no file"

# Resolved before it is judged: /proc/self/cwd, a descriptor open on the input, the program itself.
probe "--json /proc/self/cwd/A.txt A.txt" 2 "${run[@]}" --json /proc/self/cwd/A.txt A.txt
says "--json /proc/self/cwd/A.txt A.txt" "is also an input"
intact "--json /proc/self/cwd/A.txt A.txt" A.txt "$A_sum"
probe "--json /dev/fd/3 3<>A.txt A.txt" 2 "${run[@]}" --json /dev/fd/3 A.txt 3<>A.txt
says "--json /dev/fd/3 3<>A.txt A.txt" "is also an input"
intact "--json /dev/fd/3 3<>A.txt A.txt" A.txt "$A_sum"
probe "--csv /proc/self/cwd/x.json beside --json x.json" 2 "${run[@]}" --json x.json --csv /proc/self/cwd/x.json A.txt
says "--csv /proc/self/cwd/x.json beside --json x.json" "name the same file"
[ ! -e x.json ] || fail "--csv /proc/self/cwd/x.json beside --json x.json: x.json was created"
cp "$BENCH" bench-copy
copy_sum=$(sum_of bench-copy)
probe "the program as its own output" 2 ./bench-copy run --solver bitmask --threads 1 --min-time 0 \
  --warmup-seconds 0 --no-progress --json bench-copy A.txt
says "the program as its own output" "is this program itself"
intact "the program as its own output" bench-copy "$copy_sum"

# /dev/stdout is the command's standard output, also where a supervisor measures in a child whose
# own descriptor 1 is stderr: here the file that --json replaces.
echo "old report" >r.json
status=0
"${run[@]}" --json r.json --csv /dev/stdout A.txt >>r.json 2>"$work/err" || status=$?
[ "$status" = 2 ] || fail "--json r.json --csv /dev/stdout >>r.json: exit $status, expected 2"
says "--json r.json --csv /dev/stdout >>r.json" "name the same file"
[ "$(cat r.json)" = "old report" ] || fail "--json r.json --csv /dev/stdout >>r.json: r.json was harmed"
# A descriptor is the caller's open file, written through it: a `>>` log keeps what it held.
echo "old line" >log.txt
probe "--json /dev/fd/3 3>>log" 0 "${run[@]}" --json /dev/fd/3 A.txt 3>>log.txt
[ "$(head -1 log.txt)" = "old line" ] || fail "--json /dev/fd/3 3>>log: the log's first line was overwritten"
grep -q '"schema"' log.txt || fail "--json /dev/fd/3 3>>log: no report appended"

# `-` is standard output everywhere: no file named '-'.
probe "merge --json - r1 r2" 0 "$BENCH" merge --json - r1.json r2.json
grep -q '"schema"' out || fail "merge --json - r1 r2: no report on standard output"
[ ! -e ./- ] || fail "merge --json - r1 r2: a file named '-' was written"
probe "hunt --out -" 0 "$BENCH" hunt --evaluations 10 --threads 1 --no-progress --out -
grep -q '^# ' out || fail "hunt --out -: no puzzles on standard output"
[ ! -e ./- ] || fail "hunt --out -: a file named '-' was written"
probe "ab --reports -" 2 "${ab[@]}" --reports - bitmask bitmask A.txt
says "ab --reports -" "--reports -: a folder is needed"
probe "run --per-puzzle -" 2 "${run[@]}" --per-puzzle - A.txt
[ ! -e ./- ] || fail "run --per-puzzle -: a file named '-' was written"

# A regular file in /dev/shm is replaced whole like any other, and a new one there is made.
if shm=$(mktemp -d /dev/shm/sudoku-bench-probe.XXXXXX 2>/dev/null); then
  trap 'rm -rf "$work" "$shm"' EXIT
  cp A.txt "$shm/A.txt"
  probe "a dataset in /dev/shm as its own --json" 2 "${run[@]}" --json "$shm/A.txt" "$shm/A.txt"
  intact "a dataset in /dev/shm as its own --json" "$shm/A.txt" "$A_sum"
  head -c 200000 /dev/zero | tr '\0' x >"$shm/long.json"
  probe "a longer old file in /dev/shm" 0 "${run[@]}" --json "$shm/long.json" A.txt
  [ "$(tail -c 2 "$shm/long.json")" = "}" ] && ! grep -q xxx "$shm/long.json" ||
    fail "a longer old file in /dev/shm: its old tail was kept"
  probe "a new file in /dev/shm" 0 "${run[@]}" --json "$shm/new.json" A.txt
  grep -q '"schema"' "$shm/new.json" 2>/dev/null || fail "a new file in /dev/shm: not written"
  left=$(find "$shm" -name '.sudoku-bench-*')
  [ -z "$left" ] || fail "left in /dev/shm: $left"
else
  echo "note: /dev/shm cannot be written here; its probes are skipped" >&2
fi

# --help and --version print to standard output, which may fail like any command's.
if [ -w /dev/full ]; then
  probe "--help >/dev/full" 3 sh -c '"$0" --help >/dev/full' "$BENCH"
  says "--help >/dev/full" "standard output: cannot write"
  probe "run --help >/dev/full" 3 sh -c '"$0" run --help >/dev/full' "$BENCH"
  says "run --help >/dev/full" "sudoku-bench run: standard output: cannot write"
fi
probe "--version >&-" 3 sh -c '"$0" --version >&-' "$BENCH"
says "--version >&-" "standard output: cannot write"
finish
