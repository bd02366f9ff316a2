#!/usr/bin/env python3
"""No function of the project's code is longer than 60 lines, but the hot paths named in HOT_PATHS
(docs/architecture.md, "Hot paths"): a function that long does several things, and the reader has
to hold them all at once.

Functions are found by layout, which tools/format keeps: a definition's signature starts at namespace or
class level (indented 0 or 2 spaces), its body opens at the end of a line and closes with "}" at
the signature's indentation. Lines are counted from the signature's first line to the one that closes the body.
Python tools are parsed."""
import ast
import pathlib
import re
import sys

import layout_report

LIMIT = 60
# Per-record loops, split only at a cost the benchmarks see; each is documented where it stands.
HOT_PATHS = {
    ("harness/src/stream/record_step.h", "step_chunk"),
    ("solver/src/strategies/fast/engine.h", "choose"),
}
CPP_DIRS = ("harness", "solver", "bench", "tools")
PY_TOOLS = ("tools/ab", "tools/plot")

NOT_FUNCTIONS = re.compile(r"^\s*(namespace|class|struct|union|enum|extern|if|for|while|switch|do|else|try|catch)\b"
                           r"|=\s*\{$|=\s*\[.*\{$|^\s*\}|^\s*(#|//)")


def indent_of(line):
    return len(line) - len(line.lstrip(" "))


def cpp_functions(path):
    lines = path.read_text().splitlines()
    for number, line in enumerate(lines):
        if not line.endswith("{") or not line.strip() or line.lstrip().startswith(("//", "#")):
            continue
        # A signature's continuation lines start deeper; its first line is at namespace or class level.
        start = number
        while indent_of(lines[start]) > 2 and start > 0:
            before = lines[start - 1].strip()
            if not before or before.endswith((";", "{", "}")) or before.startswith(("//", "#")):
                break
            start -= 1
        indent = indent_of(lines[start])
        signature = " ".join(l.strip() for l in lines[start:number + 1])
        if indent > 2 or "(" not in signature or NOT_FUNCTIONS.search(lines[start]) or re.search(r"=\s*\{$", line):
            continue
        closing = next((k for k in range(number + 1, len(lines))
                        if lines[k] == " " * indent + "}" or lines[k].startswith(" " * indent + "};")), None)
        if closing is None:
            continue
        m = re.match(r"(?:template\s*<.*?>\s*)?.*?([A-Za-z_~][\w~]*|operator\S+?)\s*\(", signature)
        yield (m.group(1) if m else "?"), start + 1, closing - start + 1


def py_functions(path):
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node.name, node.lineno, node.end_lineno - node.lineno + 1


def main(root):
    problems, hot_seen = [], set()
    paths = [p for d in CPP_DIRS for p in sorted((root / d).rglob("*")) if p.suffix in (".h", ".cc")]
    for path in paths + [root / t for t in PY_TOOLS]:
        rel = path.relative_to(root).as_posix()
        found = cpp_functions(path) if path.suffix in (".h", ".cc") else py_functions(path)
        for name, line, length in found:
            if length <= LIMIT:
                continue
            if (rel, name) in HOT_PATHS:
                hot_seen.add((rel, name))
                continue
            problems.append(f"{rel}:{line}: {name} is {length} lines (at most {LIMIT} outside the hot paths)")
    for rel, name in sorted(HOT_PATHS - hot_seen):
        print(f"note: hot path {rel} {name} is no longer over {LIMIT} lines: take it off HOT_PATHS", file=sys.stderr)
    return layout_report.report("function length", problems)


if __name__ == "__main__":
    sys.exit(main(pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()))
