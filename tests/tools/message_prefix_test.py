#!/usr/bin/env python3
"""Every message the harness writes on stderr takes its "sudoku-bench COMMAND: " from one helper,
harness/src/sys/message.{h,cc}, so that one change of form (a kind, wrapping to the terminal) reaches
them all. Checked by counting the string literals in harness/src that start such a prefix, outside
comments: at most LIMIT, each in ALLOWED with the reason it stays."""
import re

import layout_report

LIMIT = 10
# A literal that starts "sudoku-bench", then a command or none, then ": ".
PREFIX = re.compile(r'"sudoku-bench(?: [a-z%-]+|%s)?: ')
# Where a prefix may stay, and why.
ALLOWED = {
    "harness/src/sys/message.cc": "the helper's own",
    "harness/src/report/history_html.cc": "the page's title, not a message",
    "harness/src/cli/main.cc": "the program's description atop --help, not a message",
}


def prefixes(root):
    """(path, line number, line) of each prefix literal outside // comments."""
    for path in sorted((root / "harness" / "src").rglob("*")):
        if path.suffix not in (".cc", ".h"):
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            code = line.split("//")[0] if not line.lstrip().startswith("//") else ""
            if PREFIX.search(code):
                yield path.relative_to(root).as_posix(), number, line.strip()


def main(root):
    found = list(prefixes(root))
    problems = [f"{p}:{n}: a hand-typed message prefix; say it with sys/message.h: {line}"
                for p, n, line in found if p not in ALLOWED]
    if len(found) > LIMIT:
        problems.append(f"{len(found)} message prefixes typed by hand, more than {LIMIT}")
    return layout_report.report("message prefixes", problems)


if __name__ == "__main__":
    layout_report.exit_with(main)
