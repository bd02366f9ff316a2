#!/usr/bin/env python3
"""The harness's rooms include only downwards (README, "Layout"): cli -> run -> cluster, report, stream -> stats;
cli -> count (run --measure instructions) -> run and the rooms below it; run -> hunt (hunt's work and its supervisor
are run's), which includes no other room (it knows solvers only, through the solver library);
run, stream -> plugin (external solvers), which includes no other room;
report and stream never include each other; every room may include sys (the ground floor), which includes no
other room; the public include directory holds the plugin ABI only; CLI11, the command-line parser, is included by
cli/'s .cc files alone (its headers forward-declare it). tests/harness mirrors the rooms: every
*_test.cc there sits in the folder of a room (tests/harness/ROOM/), none at the top, and its CMakeLists.txt
names each by that path."""
import pathlib
import re

import layout_report

ALLOWED = {
    "cli": {"cli", "count", "run", "cluster", "hunt", "plugin", "report", "stream", "stats"},
    "count": {"count", "run", "hunt", "plugin", "report", "stream", "stats"},
    "run": {"run", "cluster", "hunt", "plugin", "report", "stream", "stats"},
    "hunt": {"hunt"},
    "plugin": {"plugin"},
    "cluster": {"cluster"},
    "report": {"report", "stats"},
    "stream": {"stream", "stats", "plugin"},
    "stats": {"stats"},
}
# The ground floor: chores (CPU sets, ...) that any room may use, and that uses no room.
for _room in ALLOWED:
    ALLOWED[_room].add("sys")
ALLOWED["sys"] = {"sys"}


def harness_tests_in_rooms(root: pathlib.Path) -> list:
    """The harness's tests mirror its rooms, so that a room's tests are found beside each other; a test
    outside the target's list would build nothing and pass unseen."""
    tests = root / "tests" / "harness"
    listed = (tests / "CMakeLists.txt").read_text()
    problems = []
    for path in sorted(tests.rglob("*_test.cc")):
        relative = path.relative_to(tests)
        if len(relative.parts) != 2 or relative.parts[0] not in ALLOWED:
            problems.append(f"{path}: not in the folder of a room (tests/harness/ROOM/, ROOM one of "
                            f"{', '.join(sorted(ALLOWED))})")
        elif not re.search(rf"(^|\s){re.escape(relative.as_posix())}(\s|\)|$)", listed, re.MULTILINE):
            problems.append(f"{path}: not listed as {relative.as_posix()} in tests/harness/CMakeLists.txt")
    return problems


def parser_in_cli_sources(root: pathlib.Path) -> list:
    """CLI11 2.1 is a header of ~100 KB with objects at namespace scope: each translation unit that includes
    it compiles ~6 s more (-O2, more under sanitizers). Only the cli/ .cc files that declare options or parse
    include it; a header that did would bring it to every file including that header."""
    cli = root / "harness" / "src" / "cli"
    problems = []
    for folder in ("harness", "tests", "bench"):
        for path in sorted((root / folder).rglob("*")):
            if path.suffix not in (".h", ".cc") or (path.parent == cli and path.suffix == ".cc"):
                continue
            for number, line in enumerate(path.read_text().splitlines(), 1):
                if re.match(r"\s*#\s*include\s+<CLI/", line):
                    problems.append(f"{path}:{number}: includes CLI11, which only harness/src/cli/*.cc include "
                                    "(a header forward-declares what it names: namespace CLI { class App; })")
    return problems


def main(root: pathlib.Path) -> int:
    problems = []
    src = root / "harness" / "src"
    for path in sorted(src.rglob("*")):
        if path.suffix not in (".h", ".cc"):
            continue
        room = path.relative_to(src).parts[0]
        if room not in ALLOWED:
            problems.append(f"{path}: not in a room ({', '.join(sorted(ALLOWED))})")
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            m = re.match(r'\s*#\s*include\s+"([^/"]+)/', line)
            if m and m.group(1) in ALLOWED and m.group(1) not in ALLOWED[room]:
                problems.append(f"{path}:{number}: {room}/ includes {m.group(1)}/, against the rooms' order")
    public = sorted(p.relative_to(root).as_posix() for p in (root / "harness" / "include").rglob("*") if p.is_file())
    if public != ["harness/include/sudoku_bench/plugin_abi.h"]:
        problems.append(f"harness/include holds more than the plugin ABI: {public}")
    problems += harness_tests_in_rooms(root)
    problems += parser_in_cli_sources(root)
    return layout_report.report("rooms", problems)


if __name__ == "__main__":
    layout_report.exit_with(main)
