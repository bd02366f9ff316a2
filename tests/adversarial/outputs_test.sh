#!/usr/bin/env bash
# Outputs destroy nothing: nodes and links stay, an output that is an input or another output is
# refused up front, a missing folder is an error before anything is measured, one failed output
# leaves the others written, and a killed run leaves the old file whole.
source "$(dirname "$0")/lib.sh"
cp "$DATASETS/top95.txt" in.txt
in_sum=$(sum_of in.txt)
run=("$BENCH" run --threads 1 --min-time 0 --warmup-seconds 0 --no-progress)

probe "json is the input" 2 "${run[@]}" --json in.txt in.txt
says "json is the input" "--json in.txt is also an input"
same "json is the input" in.txt "$in_sum"
probe "per-puzzle is the input" 2 "${run[@]}" --per-puzzle in.txt in.txt
says "per-puzzle is the input" "--per-puzzle in.txt is also an input"
same "per-puzzle is the input" in.txt "$in_sum"
ln -s in.txt alias.txt
probe "json is the input through a link" 2 "${run[@]}" --json alias.txt in.txt
same "json is the input through a link" in.txt "$in_sum"
probe "two outputs, one file" 2 "${run[@]}" --json x.out --per-puzzle x.out in.txt
says "two outputs, one file" "--json and --per-puzzle name the same file"
[ ! -e x.out ] || fail "two outputs, one file: x.out was created"

# Checked before measuring: no table on stdout, nothing created.
probe "missing folder" 3 "${run[@]}" --json missing/dir/r.json in.txt
says "missing folder" "--json missing/dir/r.json: cannot write: the folder 'missing/dir' does not exist"
[ ! -e missing ] || fail "missing folder: folders were created"
[ ! -s out ] || fail "missing folder: measured before failing"
mkdir folder
probe "a folder" 3 "${run[@]}" --json folder in.txt
says "a folder" "--json folder: cannot write: it is a directory"
long=$(printf 'n%.0s' $(seq 300))
probe "name too long" 3 "${run[@]}" --per-puzzle "$long.csv" in.txt
says "name too long" "File name too long"

# A symlink: its target is replaced, the link stays a link.
echo old >target.json
ln -s target.json link.json
probe "json to a link" 0 "${run[@]}" --json link.json in.txt
[ -L link.json ] || fail "json to a link: the link was replaced"
grep -q '"schema"' target.json || fail "json to a link: the target was not written"

# A FIFO is written in place and stays a FIFO.
mkfifo fifo
cat fifo >from_fifo &
reader=$!
probe "json to a fifo" 0 "${run[@]}" --json fifo in.txt
wait $reader
[ -p fifo ] || fail "json to a fifo: the FIFO was replaced"
grep -q '"schema"' from_fifo || fail "json to a fifo: nothing came through"

# Device nodes made here, never the machine's own /dev: they stay nodes; a full one fails alone.
if mknod null c 1 3 2>/dev/null && mknod full c 1 7 2>/dev/null; then
  probe "json to a null node" 0 "${run[@]}" --json null in.txt
  [ -c null ] || fail "json to a null node: the node was replaced"
  probe "json to a full node" 3 "${run[@]}" --json full --per-puzzle rows.csv in.txt
  [ -c full ] || fail "json to a full node: the node was replaced"
  says "json to a full node" "--json full: cannot write: No space left on device"
  grep -q "^in " out || fail "json to a full node: the table was lost"
  [ "$(wc -l <rows.csv)" -gt 95 ] || fail "json to a full node: the --per-puzzle rows were lost"
  probe "per-puzzle to a full node" 3 "${run[@]}" --json ok.json --per-puzzle full in.txt
  says "per-puzzle to a full node" "--per-puzzle full: cannot write"
  grep -q '"schema"' ok.json || fail "per-puzzle to a full node: the JSON was lost"
else
  echo "note: mknod not permitted here; the node probes are skipped" >&2
fi

# /dev/null and /dev/stdout as such, in a private mount namespace with a /dev of its own.
if command -v unshare >/dev/null && unshare -m true 2>/dev/null; then
  cat >ns.sh <<'NS'
set -e
mount -t tmpfs none /dev
mknod /dev/null c 1 3
ln -s /proc/self/fd/1 /dev/stdout
"$@" --json /dev/null in.txt >/dev/null
[ -c /dev/null ] || { echo "/dev/null was replaced"; exit 1; }
"$@" --json /dev/stdout in.txt >ns.out
[ -L /dev/stdout ] || { echo "/dev/stdout was replaced"; exit 1; }
grep -q '"schema"' ns.out || { echo "/dev/stdout got no JSON"; exit 1; }
NS
  unshare -m --propagation private bash ns.sh "${run[@]}" 2>ns.err || { fail "namespace /dev probes"; cat ns.err >&2; }
else
  echo "note: no private mount namespace here; /dev/null and /dev/stdout themselves are not probed" >&2
fi

# A killed run leaves the old file whole: outputs are written beside and renamed once complete.
for i in $(seq 8); do cat "$DATASETS/sudoku17_49158.txt"; done >big.txt
echo "old rows" >old.csv
echo "old report" >old.json
meanwhile "SIGKILL" 137 2 'kill -KILL $pid' "${run[@]}" --repetitions 100 --json old.json --per-puzzle old.csv big.txt
[ "$(cat old.csv)" = "old rows" ] || fail "SIGKILL: the old --per-puzzle file was harmed"
[ "$(cat old.json)" = "old report" ] || fail "SIGKILL: the old --json file was harmed"

# merge and hunt outputs likewise.
"${run[@]}" --json a.json in.txt >/dev/null 2>&1
a_sum=$(sum_of a.json)
probe "merge into its input" 2 "$BENCH" merge --json a.json a.json
same "merge into its input" a.json "$a_sum"
# report: never into its input (a symlink to it included), one output failing alone.
ln -s a.json a-link.json
probe "report into its input through a symlink" 2 "$BENCH" report --csv a-link.json a.json
same "report into its input through a symlink" a.json "$a_sum"
probe "report into a folder" 3 "$BENCH" report --markdown . a.json
if [ -w /dev/full ]; then
  probe "report, one output full" 3 "$BENCH" report --csv /dev/full --markdown a.md a.json
  [ -s a.md ] || fail "report, one output full: the other output was not written"
  # A compressed output that meets a full disk (zlib writes late: at the stream's end) is named too.
  ln -sf /dev/full full.json.gz
  probe "run, a gzip output full" 3 "${run[@]}" --repetitions 1 --json full.json.gz --markdown gz.md in.txt
  says "run, a gzip output full" "--json full\.json\.gz: cannot write: No space left on device"
  [ -s gz.md ] || fail "run, a gzip output full: the other output was not written"
  ln -sf /dev/full rows.csv.gz
  probe "run, gzip rows full" 3 "${run[@]}" --repetitions 1 --per-puzzle rows.csv.gz in.txt
  says "run, gzip rows full" "--per-puzzle rows\.csv\.gz: cannot write: No space left on device"
fi
probe "report of a file that is no report" 3 "$BENCH" report --csv - in.txt
# history: too few reports, a folder holding a file that is no report, a report that is missing.
mkdir -p hist && cp a.json hist/
probe "history of one report" 2 "$BENCH" history hist
echo '{"benchmarks": []}' >hist/gbench.json
probe "history of a folder with a file that is no report" 3 "$BENCH" history hist
probe "history of a missing report" 3 "$BENCH" history a.json missing.json
# A folder's gzip reports are reports too (results/ keeps its large ones so): two of them make a history
# (two runs: a copy of one report is counted once).
"${run[@]}" --json a2.json in.txt >/dev/null 2>&1
mkdir -p histz && cp a.json histz/ && gzip -c a2.json > histz/a2.json.gz
probe "history of a folder with a gzip report" 0 "$BENCH" history histz
grep -q ": 2 reports" "$work/out" || fail "history of a folder with a gzip report: a2.json.gz not read"
# A file name that is not UTF-8 (the report's dataset): every output is still written, the bad
# bytes replaced, and compare --format json of such a path answers.
cp in.txt "$(printf 'bad\xe9.txt')"
probe "outputs of a file named in bad UTF-8" 0 "${run[@]}" --json u.json --csv u.csv --markdown u.md \
  "$(printf 'bad\xe9.txt')"
for f in u.json u.csv u.md; do [ -s "$f" ] || fail "outputs of a file named in bad UTF-8: $f not written"; done
cp u.json "$(printf 'u\xe9.json')"
probe "compare --format json of a path in bad UTF-8" 0 "$BENCH" compare --format json u.json "$(printf 'u\xe9.json')"
probe "hunt into a missing folder" 3 "$BENCH" hunt --evaluations 10 --threads 1 --no-progress --out missing/h.txt
[ ! -e missing ] || fail "hunt into a missing folder: folders were created"
echo "old puzzles" >hunted.txt
meanwhile "hunt killed" 137 1 'kill -KILL $pid' "$BENCH" hunt --threads 1 --no-progress --out hunted.txt
[ "$(cat hunted.txt)" = "old puzzles" ] || fail "hunt killed: the old --out file was harmed"
# A report option takes one path: the files after it stay inputs, never outputs (issue 55). Both
# files measured, A byte-identical, whether the options come before or after the files.
cp "$DATASETS/easy50.txt" A.txt
A_sum=$(sum_of A.txt)
for option in --markdown --csv --html --gbench --bmf --json; do
  probe "$option r A B" 0 "${run[@]}" "$option" r.out A.txt in.txt
  same "$option r A B" A.txt "$A_sum"
  grep -q '^A ' out && grep -q '^in ' out || fail "$option r A B: not both files measured"
  probe "A B $option r" 0 "${run[@]}" A.txt in.txt "$option" r.out --no-verify
  same "A B $option r" A.txt "$A_sum"
  grep -q '^A ' out && grep -q '^in ' out || fail "A B $option r: not both files measured"
done
probe "--label k=v A B" 0 "${run[@]}" --label k=v A.txt in.txt
grep -q '^A ' out && grep -q '^in ' out || fail "--label k=v A B: not both files measured"
finish
