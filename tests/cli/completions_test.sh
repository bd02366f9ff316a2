#!/usr/bin/env bash
# The bash completion `completions bash` writes, run through its function as bash calls it on <TAB>:
# every command, choice and path kind completes (issue 65): `completions <TAB>` its shells, a
# choice its names, `--solver plugin:<TAB>` files, `exec:<TAB>` programs, a command without
# arguments nothing.
# Usage: completions_test.sh SUDOKU_BENCH
set -uo pipefail
bench=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bench" completions bash >"$work/completion.bash" || { echo "completions bash failed"; exit 1; }
touch "$work/libmine.so"
cd "$work" || exit 1
failures=0

# What bash offers for LINE's end, its words split as bash splits them (at blanks, and at ':' and
# '=', COMP_WORDBREAKS), COMP_LINE and COMP_POINT set as bash sets them.
offered() {
  bash -c 'source "$1" 2>/dev/null
    line=$2 word= COMP_WORDS=()
    for ((k = 0; k < ${#line}; k++)); do
      c=${line:k:1}
      case $c in
        " ") [[ -n $word ]] && COMP_WORDS+=("$word"); word= ;;
        : | =) [[ -n $word ]] && COMP_WORDS+=("$word"); COMP_WORDS+=("$c"); word= ;;
        *) word+=$c ;;
      esac
    done
    [[ -n $word || $line == *" " ]] && COMP_WORDS+=("$word")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1)) COMP_LINE=$line COMP_POINT=${#line}
    _sudoku_bench
    echo "${COMPREPLY[*]}"' _ "$work/completion.bash" "$1"
}

# expect LINE WORD: <TAB> at LINE's end offers WORD (among others); WORD "" : offers nothing.
expect() {
  local got
  got=$(offered "$1")
  if [[ -z $2 && -n $got || -n $2 && " $got " != *" $2 "* ]]; then
    echo "FAIL: '$1<TAB>' offers '$got', expected ${2:-nothing}"
    failures=$((failures + 1))
  fi
}

expect "sudoku-bench r" run
expect "sudoku-bench run --so" --solver
expect "sudoku-bench completions " bash
expect "sudoku-bench completions " fish
expect "sudoku-bench run --input-format " lines
expect "sudoku-bench solve --input-format c" checks
expect "sudoku-bench run --format " html
expect "sudoku-bench run --solver f" fast
expect "sudoku-bench run --solver pl" plugin:
expect "sudoku-bench run --solver plugin:" libmine.so
expect "sudoku-bench run --solver plugin:$work/lib" "$work/libmine.so"
expect "sudoku-bench ab plugin:$work/lib" "$work/libmine.so"
expect "sudoku-bench run --solver exec:pyth" python3
expect "sudoku-bench ab fa" fast
expect "sudoku-bench solvers " ""

if ((failures > 0)); then
  echo "$failures completion(s) missing"
  exit 1
fi
echo "bash completes every command, choice and path kind"
