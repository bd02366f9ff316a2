#!/usr/bin/env bash
# Datasets are files, not names: two files of one name stay two rows, each named by as much of its
# path as tells them apart; one file given twice is refused.
source "$(dirname "$0")/lib.sh"
run=("$BENCH" run --threads 1 --repetitions 2 --min-time 0 --warmup-seconds 0 --no-progress)
mkdir a b
cp "$DATASETS/top95.txt" a/top95.txt
head -20 "$DATASETS/top1465.txt" >b/top95.txt
probe "two files of one name" 0 "${run[@]}" --json two.json a/top95.txt b/top95.txt
"$PYTHON" - two.json <<'PY' || fail "two files of one name: not two datasets"
import json, sys
r = json.load(open(sys.argv[1]))
names = sorted({p["dataset"] for p in r["runs"]})
assert names == ["a/top95", "b/top95"], names
PY
grep -q "^a/top95 " out && grep -q "^b/top95 " out || fail "two files of one name: the table does not tell them apart"
probe "one file twice" 2 "${run[@]}" a/top95.txt ./a/top95.txt
says "one file twice" "a/top95.txt and ./a/top95.txt are the same file"
finish
