#!/bin/sh
# An exec: program that is wrong on purpose, for check-plugin's tests (tests/cli/check_plugin_test.sh):
# MODE, then for the modes that pass a right solver's answers on, that solver's command.
#   garbage     answers every puzzle "garbage"
#   exits       exits at the first puzzle, status 3
#   waits       answers nothing until its input ends (run hands puzzles over in batches: it hangs)
#   count-only  the solver's counts and guesses, never a solution (as fast_solv_9r2 does): usable
#   miscounts   the same, but 2 where the solver counts 1
mode=$1
shift
case $mode in
  garbage) while read -r puzzle limit; do echo garbage; done ;;
  exits) read -r puzzle limit; exit 3 ;;
  waits) cat >/dev/null ;;
  # sh's read and echo pass each answer on as it comes (awk would hold it in a buffer).
  count-only) "$@" | while IFS=: read -r count solution guesses; do echo "$count::$guesses"; done ;;
  miscounts)
    "$@" | while IFS=: read -r count solution guesses; do
      [ "$count" = 1 ] && count=2
      echo "$count::$guesses"
    done
    ;;
  *) echo "faulty.sh: unknown mode '$mode'" >&2; exit 2 ;;
esac
