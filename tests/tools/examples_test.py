#!/usr/bin/env python3
"""Every command in a fenced `sh` block of README.md and docs/cli.md runs as written and exits 0, so that a
user who pastes one gets what the text promises. The commands run in a scratch folder that holds what the
examples name beside them: `datasets/` and `tests/` (the repository's), `build/` (this build), `v1/` and `v2/` (two copies
of the example plugin, as a solver author's two versions), and `hosts` (this machine, four slots, for the
`mpirun --hostfile` example); `sudoku-bench` is this build's. Lines that start with `tools/` are the two
set-up commands, which build: CI runs them itself (.ci/run), so they are not run again here; an `mpirun`
line is skipped, said so, where this build has no MPI.
Usage: examples_test.py SOURCE_DIR BUILD_DIR MPIEXEC_OR_EMPTY"""
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

DOCS = ("README.md", "docs/cli.md")


def sh_commands(path: pathlib.Path) -> list[tuple[int, str]]:
    """(line number, command) for each command line in the file's fenced `sh` blocks; `\\` continues one."""
    out, in_sh, pending, start = [], False, "", 0
    for number, line in enumerate(path.read_text().splitlines(), 1):
        fence = line.strip().startswith("```")
        if fence:
            in_sh = not in_sh and line.strip() == "```sh"
            continue
        if not in_sh or not line.strip() or line.lstrip().startswith("#"):
            continue
        if not pending:
            start = number
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        out.append((start, pending + line.strip()))
        pending = ""
    return out


def scratch(root: pathlib.Path, build: pathlib.Path, into: pathlib.Path) -> None:
    (into / "datasets").symlink_to(root / "datasets")
    (into / "tests").symlink_to(root / "tests")
    (into / "build").symlink_to(build)
    plugin = build / "harness" / "plugin_example" / "bitmask_plugin.so"
    for version in ("v1", "v2"):
        (into / version).mkdir()
        shutil.copy(plugin, into / version / "libmysolver.so")
    (into / "hosts").write_text("localhost slots=4\n")


def main() -> int:
    root, build, mpiexec = pathlib.Path(sys.argv[1]).resolve(), pathlib.Path(sys.argv[2]).resolve(), sys.argv[3]
    env = dict(os.environ)
    env["PATH"] = f"{build / 'harness'}{os.pathsep}{env.get('PATH', '')}"
    # CI runs as root, which Open MPI refuses unless told; containers lack the shared-memory probe.
    env.update(OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_btl_vader_single_copy_mechanism="none")
    failures, ran = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        work = pathlib.Path(tmp)
        scratch(root, build, work)
        for doc in DOCS:
            for line, command in sh_commands(root / doc):
                where = f"{doc}:{line}"
                if command.startswith("tools/"):
                    print(f"{where}: not run here (a set-up command; .ci/run runs it): {command}")
                    continue
                if command.startswith("mpirun") and not mpiexec:
                    print(f"{where}: skipped (this build has no MPI): {command}")
                    continue
                began = time.monotonic()
                done = subprocess.run(["bash", "-c", command], cwd=work, env=env, capture_output=True, text=True,
                                      stdin=subprocess.DEVNULL, timeout=300)
                ran += 1
                print(f"{where}: exit {done.returncode} in {time.monotonic() - began:.1f} s: {command}")
                if done.returncode != 0:
                    failures.append(f"{where}: `{command}` exited {done.returncode}:\n{done.stderr[-2000:]}")
    for failure in failures:
        print("FAIL:", failure)
    if ran == 0:
        print("FAIL: no example found in", ", ".join(DOCS))
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
