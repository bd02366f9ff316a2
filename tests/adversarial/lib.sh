# Shared by the adversary probes. The environment names the programs (ctest sets it):
#   BENCH (sudoku-bench), GENERATE (sudoku-generate), DATASETS (the bundled datasets), PYTHON,
#   WRONG_PLUGINS (the faulty test plugins), CONSTRUCTOR_PLUGIN (one whose constructor misbehaves), MPIEXEC (empty without MPI), SANITIZE (address, thread or empty).
# Each probe runs in its own temporary folder, $work, removed at exit.
set -uo pipefail
: "${BENCH:?}" "${DATASETS:?}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
failures=0
# A TMPDIR of the probe's own: finish() fails the probe if sudoku-bench left anything there.
export TMPDIR=$work/tmp
mkdir -p "$TMPDIR"

# A mark in the environment that every process the probe starts inherits: `own` and `own_kill`
# find and end the probe's own leftovers alone. ctest runs probes side by side, and a bare
# `pkill -f forks_and_returns` in one could end the other's check-plugin mid-run.
export SUDOKU_BENCH_PROBE_MARK=$work
# own PGREP_OPTION... PATTERN: the pids pgrep finds that carry this probe's mark, one a line.
own() {
  local pid
  for pid in $(pgrep "$@"); do
    grep -qzxF "SUDOKU_BENCH_PROBE_MARK=$work" "/proc/$pid/environ" 2>/dev/null && echo "$pid"
  done
  return 0
}
# own_kill SIGNAL PGREP_OPTION... PATTERN: sends SIGNAL (-KILL, -TERM) to the probe's own matches.
own_kill() {
  local signal=$1 pids
  shift
  pids=$(own "$@")
  [ -z "$pids" ] || kill "$signal" $pids 2>/dev/null
  return 0
}

fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# probe NAME EXPECTED_STATUS COMMAND...: runs COMMAND with stdout in $work/out, stderr in $work/err,
# and fails NAME unless it exits EXPECTED_STATUS.
probe() {
  local name=$1 expected=$2
  shift 2
  status=0
  "$@" >"$work/out" 2>"$work/err" || status=$?
  if [ "$status" != "$expected" ]; then
    fail "$name: exit $status, expected $expected"
    sed 's/^/  stderr: /' "$work/err" | head -20 >&2
  fi
}

# meanwhile NAME EXPECTED_STATUS SECONDS CHANGE COMMAND...: like probe, with COMMAND in the background
# and the shell command CHANGE run SECONDS after it started (a file cut, a signal sent).
meanwhile() {
  local name=$1 expected=$2 seconds=$3 change=$4 pid
  shift 4
  "$@" >"$work/out" 2>"$work/err" &
  pid=$!
  sleep "$seconds"
  eval "$change"
  status=0
  wait $pid || status=$?
  if [ "$status" != "$expected" ]; then
    fail "$name: exit $status, expected $expected"
    sed 's/^/  stderr: /' "$work/err" | head -20 >&2
  fi
}

# says NAME PATTERN: the last probe's stderr matches the extended regular expression PATTERN.
says() {
  grep -Eq -- "$2" "$work/err" || {
    fail "$1: stderr does not match /$2/"
    sed 's/^/  stderr: /' "$work/err" | head -20 >&2
  }
}

# same NAME FILE SUM: FILE's sha256 is still SUM (sum_of FILE gives it).
sum_of() { sha256sum "$1" | cut -d' ' -f1; }
same() { [ -f "$2" ] && [ "$(sum_of "$2")" = "$3" ] || fail "$1: $2 was harmed"; }

# Ends the probe: 0 when every check held, and nothing of sudoku-bench's is left in TMPDIR or in
# the probe's folder.
finish() {
  local left
  left=$(find "$TMPDIR" -mindepth 1 -maxdepth 1 \( -name 'sudoku-bench*' -o -name '.sudoku-bench-*' \) 2>/dev/null)
  [ -z "$left" ] || fail "left in TMPDIR: $left"
  # An output's temporary file sits beside it: none may outlive the command, however it ended.
  left=$(find "$work" -path "$TMPDIR" -prune -o -name '.sudoku-bench-*' -print 2>/dev/null)
  [ -z "$left" ] || fail "left beside an output: $left"
  if [ "$failures" -gt 0 ]; then
    echo "$failures check(s) failed" >&2
    exit 1
  fi
  exit 0
}
