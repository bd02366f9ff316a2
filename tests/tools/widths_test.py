#!/usr/bin/env python3
"""Every line a command writes fits COLUMNS (issue 65): at COLUMNS=80 no line of stdout or stderr is wider than
80 columns (characters, not bytes: `±` is one), for every command of README.md's and docs/cli.md's `sh` blocks
(as docs.examples runs them, in its scratch folder), every command's --help, and the outputs those do not reach:
run with three solvers at two thread counts (its table split into blocks, its relative lines), run --json - (the
table on stderr), compare --per-puzzle, ab --rounds 6, check-plugin, solve, hunt, history, and an MPI run where
this build has MPI (README's mpirun line). The exceptions, said here: data, printed whole: a line that is exactly
a puzzle record (81 symbols), or solve's answer line (the record, its count and its solution); and the report
that `--json -` writes on stdout (JSON; the table goes to stderr then, and is checked there). Pipes and files
without COLUMNS keep one row a line: other tests read them (docs/cli.md says so under the synopsis).
Usage: widths_test.py SOURCE_DIR BUILD_DIR MPIEXEC_OR_EMPTY"""
import os
import pathlib
import re
import subprocess
import sys
import tempfile

import examples_test

WIDTH = 80
RECORD = re.compile(r"^[0-9._-]{81}(:[0-9]+(:[0-9]{81})?)?$")

# Small and quick: two repetitions, a short minimum time, the 95-puzzle set.
QUICK = "--repetitions 2 --min-time 0.05 --warmup-seconds 0"
EXTRAS = [
    f"sudoku-bench run --solver bitmask,fast,norvig --threads 1,2 {QUICK} --json three.json datasets/top95.txt",
    f"sudoku-bench run --solver bitmask --threads 1 {QUICK} --json - datasets/top95.txt",
    f"sudoku-bench run --solver bitmask --threads 1 {QUICK} --per-puzzle a.csv --json a.json datasets/top95.txt",
    f"sudoku-bench run --solver bitmask --threads 1 {QUICK} --per-puzzle b.csv --json b.json datasets/top95.txt",
    "sudoku-bench compare --per-puzzle a.csv b.csv",
    "sudoku-bench ab --rounds 6 old=plugin:v1/libmysolver.so new=plugin:v2/libmysolver.so datasets/top95.txt",
    "sudoku-bench check-plugin plugin:build/harness/plugin_example/bitmask_plugin.so",
    "sudoku-bench solve --solver fast datasets/top95.txt",
    "sudoku-bench hunt --method climb --unique --solver fast --seconds 1 --out hunted.txt",
    "sudoku-bench history a.json b.json three.json",
]


def wide_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if len(line) > WIDTH and not RECORD.match(line)]


def commands(root: pathlib.Path, bench: pathlib.Path, mpiexec: str) -> list[str]:
    listed = subprocess.run([bench, "--help"], env=dict(os.environ, COLUMNS=str(WIDTH)), capture_output=True,
                            text=True, check=True).stdout
    names = re.findall(r"^  ([a-z][a-z-]*) ", listed.split("Commands:", 1)[1].split("\n\n", 1)[0], re.M)
    out = ["sudoku-bench --help"] + [f"sudoku-bench {name} --help" for name in names]
    for doc in examples_test.DOCS:
        for _, command in examples_test.sh_commands(root / doc):
            if command.startswith("tools/") or (command.startswith("mpirun") and not mpiexec):
                continue
            out.append(command)
    return out + EXTRAS


def main() -> int:
    root, build, mpiexec = pathlib.Path(sys.argv[1]).resolve(), pathlib.Path(sys.argv[2]).resolve(), sys.argv[3]
    env = dict(os.environ, COLUMNS=str(WIDTH))
    env["PATH"] = f"{build / 'harness'}{os.pathsep}{env.get('PATH', '')}"
    env.update(OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_btl_vader_single_copy_mechanism="none")
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        work = pathlib.Path(tmp)
        examples_test.scratch(root, build, work)
        for command in commands(root, build / "harness" / "sudoku-bench", mpiexec):
            done = subprocess.run(["bash", "-c", command], cwd=work, env=env, capture_output=True, text=True,
                                  stdin=subprocess.DEVNULL, timeout=300)
            stdout = "" if "--json -" in command else done.stdout  # a report, not text
            for stream, text in (("stdout", stdout), ("stderr", done.stderr)):
                for line in wide_lines(text):
                    failures.append(f"{stream} [{len(line)}] {command}\n    {line}")
            print(f"exit {done.returncode}: {command}")
    for failure in failures:
        print("FAIL:", failure)
    print(f"{len(failures)} lines over {WIDTH} columns")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
