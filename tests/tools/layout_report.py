"""What the layout checks (docs_test.py, rooms_test.py, function_length_test.py) share: how they report
what they find, and which tree they read."""
import pathlib
import sys


def report(check, problems):
    """Prints each problem to stderr, then the count as "CHECK: N problem(s)"; the exit status, 1 if any."""
    for p in problems:
        print(p, file=sys.stderr)
    print(f"{check}: {len(problems)} problem(s)")
    return 1 if problems else 0


def exit_with(main):
    """Exits with main's status on the tree named first on the command line, else on the one holding this file."""
    sys.exit(main(pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parents[2]))
