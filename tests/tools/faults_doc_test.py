#!/usr/bin/env python3
"""docs/faults.md promises what sudoku-bench does under each fault, and names the probe that holds it to
that promise. Kept true here: every row of its tables names at least one probe (in its last column, in
backticks), and every probe named is a test this build registers with ctest, so that the suite which
runs this check runs each promise's probe too (one that the build's options leave out, such as cli.slurm
in a sanitizer build, is noted; one the tree does not hold is a problem). A bare NAME is the adversary probe adversarial.NAME
(tests/adversarial/NAME_test.sh); a dotted one is a ctest name as it stands (cli.ab, a GoogleTest
Suite.Case); "every probe" names them all (tests/adversarial/lib.sh checks it in each). A row may name no
probe only when it says the case is not handled.

    faults_doc_test.py ROOT BUILD_DIR [--run]

--run also runs, through ctest, every probe the page names (what a reader of one row would do)."""
import pathlib
import re
import subprocess
import sys

import layout_report

PROBE = re.compile(r"`([A-Za-z_][\w.]*)`")
NOT_HANDLED = re.compile(r"not handled", re.I)


def rows(page: pathlib.Path):
    """(line number, cells) of every table row below a header row, the separator rows left out."""
    in_table = False
    for number, line in enumerate(page.read_text().splitlines(), 1):
        if not line.startswith("|"):
            in_table = False
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if all(re.fullmatch(r":?-+:?", c) for c in cells):
            in_table = True  # the separator: rows follow
            continue
        if in_table:
            yield number, cells


def probes_of(cell: str, known: set[str]) -> list[str]:
    every = sorted(name for name in known if name.startswith("adversarial.")) if cell.startswith("every probe") else []
    return every + [name if "." in name else f"adversarial.{name}" for name in PROBE.findall(cell)]


def registered(build: pathlib.Path) -> set[str]:
    listing = subprocess.run(["ctest", "--test-dir", str(build), "-N"], check=True, capture_output=True, text=True)
    return set(re.findall(r"^\s*Test\s+#\d+:\s+(\S+)", listing.stdout, re.M))


def written(root: pathlib.Path, probe: str) -> bool:
    """Whether the tree holds the test, for one that a build leaves out (cli.slurm without Slurm, a
    sanitizer build)."""
    room, _, name = probe.partition(".")
    if room in ("cli", "adversarial"):
        return (root / "tests" / room / f"{name}_test.sh").is_file()
    case = re.compile(r"TEST(?:_F|_P)?\(\s*" + re.escape(room) + r"\s*,\s*" + re.escape(name) + r"\s*\)")
    return any(case.search(f.read_text(errors="replace")) for f in (root / "tests").rglob("*.cc"))


def main(root: pathlib.Path, build: pathlib.Path, run: bool) -> int:
    page = root / "docs" / "faults.md"
    known = registered(build)
    problems, named = [], []
    for number, cells in rows(page):
        probes = probes_of(cells[-1], known)
        if not probes and not NOT_HANDLED.search(" ".join(cells)):
            problems.append(f"docs/faults.md:{number}: the row names no probe (and does not say it is not handled)")
        for probe in probes:
            if probe in known:
                if probe not in named:
                    named.append(probe)
            elif written(root, probe):
                print(f"docs/faults.md:{number}: note: probe {probe} is not in this build (its options leave it out)")
            else:
                problems.append(f"docs/faults.md:{number}: probe {probe} is no test of this tree")
    # A TSan build registers no probe (tests/adversarial/CMakeLists.txt): nothing to name there.
    if not named and any(name.startswith("adversarial.") for name in known):
        problems.append("docs/faults.md: no row names a probe")
    if run and not problems:
        pattern = "^(" + "|".join(re.escape(p) for p in named) + ")$"
        if subprocess.run(["ctest", "--test-dir", str(build), "-R", pattern, "--output-on-failure"]).returncode:
            problems.append("docs/faults.md: a probe it names fails")
    return layout_report.report("faults", problems)


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--run"]
    if len(args) != 2:
        sys.exit(__doc__)
    sys.exit(main(pathlib.Path(args[0]), pathlib.Path(args[1]), "--run" in sys.argv[1:]))
