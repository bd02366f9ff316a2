# Shared by the tests of the command line: sourced once the test has its temporary folder, $work.

# expect_refused WHAT STATUS PATTERN COMMAND...: COMMAND must exit with STATUS (`nonzero`: any status
# but 0), its stderr matching PATTERN (grep's basic regular expression) and its stdout without a
# results table; otherwise the test fails, naming WHAT. Its output stays in $work/refused.out and
# $work/refused.err.
expect_refused() {
  local what=$1 expected=$2 pattern=$3 status=0
  shift 3
  "$@" >"$work/refused.out" 2>"$work/refused.err" || status=$?
  if [[ $expected == nonzero && $status -eq 0 || $expected != nonzero && $status -ne $expected ]] ||
    ! grep -q -- "$pattern" "$work/refused.err" || grep -q "puzzles/s" "$work/refused.out"; then
    echo "FAIL: $what: status $status (expected $expected), and:"
    cat "$work/refused.out" "$work/refused.err"
    exit 1
  fi
}
