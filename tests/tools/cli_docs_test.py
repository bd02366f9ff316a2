#!/usr/bin/env python3
"""docs/cli.md and the program's --help agree: each command's synopsis in docs/cli.md names exactly the
options its --help lists, every option is described in docs/cli.md, and the exit statuses --help lists are
those of docs/cli.md's "Exit status" table. Run with the built program, so that an option added to the
code and not to the docs (or the other way) fails here.
Usage: cli_docs_test.py SUDOKU_BENCH SOURCE_DIR"""
import os
import pathlib
import re
import subprocess
import sys

OPTION = re.compile(r"--[a-z][a-z-]*[a-z]")


def help_of(bench: str, *command: str) -> str:
    env = dict(os.environ, COLUMNS="80")
    return subprocess.run([bench, *command, "--help"], check=True, capture_output=True, text=True, env=env).stdout


def commands(top_help: str) -> list[str]:
    section = top_help.split("\nCommands:\n", 1)[1].split("\n\n", 1)[0]
    return re.findall(r"^  ([a-z][a-z-]*) ", section, re.M)


def declared_options(command_help: str) -> set[str]:
    """The options a command's --help lists: the names that start its option lines."""
    names = set()
    for line in command_help.splitlines():
        m = re.match(r"^  (?:-h,)?(--[a-z][a-z-]*)", line)
        if m:
            names.add(m.group(1))
    return names - {"--help"}


def synopsis(cli_md: str) -> dict[str, set[str]]:
    """Each command's options as the Synopsis block writes them (a command may have several lines)."""
    block = cli_md.split("## Synopsis", 1)[1].split("```", 2)[1]
    found: dict[str, set[str]] = {}
    command = None
    for line in block.splitlines():
        m = re.match(r"^sudoku-bench ([a-z][a-z-]*)", line)
        if m:
            command = m.group(1)
        elif not line.startswith(" "):
            command = None  # mpirun ..., sudoku-bench --help
        if command:
            found.setdefault(command, set()).update(OPTION.findall(line))
    return found


def exit_statuses_in_help(top_help: str) -> set[str]:
    section = top_help.split("Exit status:\n", 1)[1].split("\n\n", 1)[0]
    return set(re.findall(r"^  (\d+(?:\+N)?) ", section, re.M))


def exit_statuses_in_docs(cli_md: str) -> set[str]:
    section = cli_md.split("## Exit status", 1)[1]
    return set(re.findall(r"^\| (\d+(?:\+N)?) \|", section, re.M))


def main(bench: str, root: pathlib.Path) -> int:
    cli_md = (root / "docs" / "cli.md").read_text()
    top = help_of(bench)
    problems = []
    written = synopsis(cli_md)
    for command in commands(top):
        declared = declared_options(help_of(bench, command))
        in_synopsis = written.get(command)
        if in_synopsis is None:
            problems.append(f"docs/cli.md's Synopsis has no line for {command}")
            continue
        for name in sorted(declared - in_synopsis):
            problems.append(f"docs/cli.md's Synopsis of {command} lacks {name} (in {command} --help)")
        for name in sorted(in_synopsis - declared):
            problems.append(f"docs/cli.md's Synopsis of {command} names {name}, which {command} --help does not list")
        for name in sorted(declared):
            if f"`{name}" not in cli_md:
                problems.append(f"docs/cli.md describes no `{name}` ({command} --help lists it)")
    helped, documented = exit_statuses_in_help(top), exit_statuses_in_docs(cli_md)
    if helped != documented:
        problems.append(f"exit statuses: --help lists {sorted(helped)}, docs/cli.md {sorted(documented)}")
    for p in problems:
        print(p)
    print(f"{len(problems)} disagreement(s) between --help and docs/cli.md")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], pathlib.Path(sys.argv[2])))
