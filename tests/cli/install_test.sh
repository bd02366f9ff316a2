#!/usr/bin/env bash
# What a plugin author gets from `cmake --install`: this build installed into a temporary prefix,
# harness/plugin_example configured and built against it alone (find_package(sudoku_bench)), and
# the installed sudoku-bench solving top95 with that plugin exactly as with its built-in bitmask.
# Its shell completions are installed and complete in bash. When the man page was installed, it must
# name every option of every subcommand's --help.
# Usage: install_test.sh CMAKE BUILD_DIR SOURCE_DIR CXX [SKIP_REASON]  (a reason: status 77, skipped)
set -euo pipefail
cmake=$1 build=$2 source=$3 cxx=$4 skip=${5:-}
if [[ -n $skip ]]; then
  echo "skipped: $skip"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix

"$cmake" --install "$build" --prefix "$prefix" >"$tmp/install.log" || { cat "$tmp/install.log"; exit 1; }
for file in bin/sudoku-bench include/sudoku_bench/plugin_abi.h include/sudoku/solver.h include/sudoku/strategies.h; do
  [[ -f $prefix/$file ]] || { echo "not installed: $file" >&2; exit 1; }
done

"$cmake" -S "$source/harness/plugin_example" -B "$tmp/plugin" -DCMAKE_PREFIX_PATH="$prefix" \
         -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF >"$tmp/configure.log" ||
  { cat "$tmp/configure.log"; exit 1; }
found=$(sed -n 's/^sudoku_bench_DIR:PATH=//p' "$tmp/plugin/CMakeCache.txt")
if [[ $found != "$prefix"/* ]]; then
  echo "find_package(sudoku_bench) found $found, not the package installed in $prefix" >&2
  exit 1
fi
"$cmake" --build "$tmp/plugin" >"$tmp/build.log" || { cat "$tmp/build.log"; exit 1; }
plugin=$tmp/plugin/bitmask_plugin.so
[[ -f $plugin ]] || { echo "no $plugin after the build" >&2; exit 1; }

bench=$prefix/bin/sudoku-bench
dataset=$source/datasets/top95.txt
"$bench" solve --solver bitmask "$dataset" >"$tmp/builtin.txt"
"$bench" solve --solver "plugin:$plugin" "$dataset" >"$tmp/plugin.txt"
if ! cmp -s "$tmp/builtin.txt" "$tmp/plugin.txt"; then
  echo "the plugin built against the install differs from --solver bitmask:" >&2
  diff "$tmp/builtin.txt" "$tmp/plugin.txt" | head -20 >&2
  exit 1
fi
echo "plugin built against $prefix: $(wc -l <"$tmp/plugin.txt") lines, identical to --solver bitmask"

# The shell completions, where each shell looks for them; bash completes a command and an option.
share=$prefix/share
for file in bash-completion/completions/sudoku-bench zsh/site-functions/_sudoku-bench \
            fish/vendor_completions.d/sudoku-bench.fish; do
  [[ -s $share/$file ]] || { echo "not installed: share/$file" >&2; exit 1; }
done
# What bash offers for the line's last word (empty when the line ends with a space), as <TAB> would.
completions_of() {
  bash -c 'source "$1"
    read -ra COMP_WORDS <<<"$2"
    [[ $2 == *" " ]] && COMP_WORDS+=("")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    _sudoku_bench
    echo "${COMPREPLY[*]}"' _ "$share/bash-completion/completions/sudoku-bench" "$1"
}
[[ " $(completions_of "sudoku-bench r") " == *" run "* ]] ||
  { echo "bash completes 'sudoku-bench r' to '$(completions_of "sudoku-bench r")', not run" >&2; exit 1; }
[[ $(completions_of "sudoku-bench run --so") == --solver ]] ||
  { echo "bash completes 'run --so' to '$(completions_of "sudoku-bench run --so")', not --solver" >&2; exit 1; }
[[ " $(completions_of "sudoku-bench run --solver f") " == *" fast "* ]] ||
  { echo "bash completes no solver name after --solver" >&2; exit 1; }
# zsh and fish, where they are installed: the script parses, and fish completes as bash does.
if command -v zsh >/dev/null; then
  zsh -n "$share/zsh/site-functions/_sudoku-bench" || { echo "zsh cannot parse its completion" >&2; exit 1; }
fi
if command -v fish >/dev/null; then
  fish -n "$share/fish/vendor_completions.d/sudoku-bench.fish" || { echo "fish cannot parse its completion" >&2; exit 1; }
  fished=$(fish -c "source '$share/fish/vendor_completions.d/sudoku-bench.fish'; complete -C 'sudoku-bench run --so'")
  [[ $fished == --solver* ]] || { echo "fish completes 'run --so' to '$fished'" >&2; exit 1; }
fi
echo "completions installed; bash completes r<TAB> to run and run --so<TAB> to --solver"

page=$(find "$prefix/share/man/man1" -name 'sudoku-bench.1*' 2>/dev/null | head -1)
if [[ -z $page ]]; then
  echo "no man page installed (help2man was missing when the build was configured)"
  exit 0
fi
if [[ $page == *.gz ]]; then zcat "$page"; else cat "$page"; fi | sed 's/\\-/-/g' >"$tmp/page.txt"
# Every command the program lists (its --help's Commands section), so that a new one cannot be left out.
subcommands=$("$bench" --help | sed -n '/^Commands:/,/^$/p' | sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p')
[[ -n $subcommands ]] || { echo "no subcommands in sudoku-bench --help" >&2; exit 1; }
for sub in $subcommands; do
  for option in $("$bench" "$sub" --help | grep -oE -- '--[a-z][a-z-]*' | sort -u); do
    grep -qF -- "$option" "$tmp/page.txt" || { echo "$page lacks $sub's $option" >&2; exit 1; }
  done
  grep -qF "sudoku-bench $sub" "$tmp/page.txt" || { echo "$page lacks a section for $sub" >&2; exit 1; }
done
echo "man page $page names every option of every subcommand"
