#!/usr/bin/env bash
# Classes that held before they were kept here: bad bytes in puzzle files, corrupt and truncated
# gzip, hostile and deeply nested JSON reports. Each is named with its file, never a crash.
source "$(dirname "$0")/lib.sh"
head -5 "$DATASETS/top95.txt" >five.txt

# Bad bytes: NUL, 0xFF, control characters, CRLF, a 10 MB line. Invalid records named FILE:LINE, exit 1.
{ head -1 five.txt; printf '1\0002..\n'; printf '\377\376junk\n'; printf '%s\r\n' "$(sed -n 2p five.txt)";
  head -c 10000000 /dev/zero | tr '\0' '1'; echo; } >bad.txt
probe "bad bytes" 1 "$BENCH" solve bad.txt
says "bad bytes" "bad.txt:2: "
says "bad bytes" "bad.txt:5: "
[ "$(grep -c ':1:' out)" = 2 ] || fail "bad bytes: the two good records (one with CRLF) were not both solved"

# gzip: a byte flipped in the middle, and the file cut short. Exit 3, named; the records before kept.
for i in $(seq 20); do cat "$DATASETS/top95.txt"; done | gzip -c >good.gz
size=$(stat -c %s good.gz)
cp good.gz flipped.gz
printf '\377\377\377\377' | dd of=flipped.gz bs=1 seek=$((size / 2)) conv=notrunc status=none
probe "corrupt gzip" 3 "$BENCH" solve flipped.gz
says "corrupt gzip" "flipped.gz(:[0-9]+)?: (corrupt gzip data|truncated gzip)"
head -c $((size / 2)) good.gz >cut.gz
probe "truncated gzip" 3 "$BENCH" solve cut.gz
says "truncated gzip" "cut.gz(:[0-9]+)?: truncated gzip data"
[ -s out ] || fail "truncated gzip: the records before the damage were lost"

# Hostile JSON reports: not objects, a wrong schema, deeply nested. Exit 3 naming the file.
"$BENCH" run --threads 1 --repetitions 2 --min-time 0 --warmup-seconds 0 --no-progress --json ok.json five.txt >/dev/null 2>&1
for hostile in '[]' '"report"' '{"schema": "other/1"}' '{"schema": 5}' 'nul' '{"schema": "sudoku-bench/5", "runs": 7}'; do
  printf '%s' "$hostile" >hostile.json
  probe "hostile JSON $hostile" 3 "$BENCH" compare ok.json hostile.json
  says "hostile JSON $hostile" "hostile.json: "
done
"$PYTHON" -c "print('[' * 200000 + ']' * 200000)" >nested.json
probe "nested JSON" 3 "$BENCH" compare ok.json nested.json
says "nested JSON" "nested.json: "
probe "nested JSON merged" 3 "$BENCH" merge --json m.json ok.json nested.json
[ ! -e m.json ] || fail "nested JSON merged: a report was written"
finish
