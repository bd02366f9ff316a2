#!/usr/bin/env python3
"""The CI workflows of docs/ci/ run as written (docs/regressions.md, "The CI roads"): each step's
shell is run as GitHub would run it, in a solver author's repository made here (a small C solver
built by `make libmysolver.so`, a base commit and a head commit), with the `${{ }}` expressions
and `if:` conditions a pull request or a push would give. What only GitHub has is stood in for and
said: the checkouts are the repository made here and this build (its `sudoku-bench` folder links
this build and the datasets), `tools/setup` is this build (not run again), the cache is a folder,
an upload checks that its path exists, `gh pr comment` checks its body file.

Scenarios: counted.yml on a pull request whose head only changed a comment passes; one whose head
does more work per node (+39.6% instructions) fails at the step that counts (exit 1, SLOWER); two pushes build a
history that `history` reads. ab-time.yml runs to its verdict (whatever it is: time is not
asserted). Exit 77 (skipped) where valgrind or the counting program is missing.

Usage: workflows_test.py SOURCE_ROOT BUILD_DIR"""
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

SOLVER = r"""/* A 9x9 solver behind sudoku-bench's plugin interface: candidates as bit masks, the cell with
 * the fewest tried first. WORK adds that many rounds of busy work per node (a slower version). */
#include <stddef.h>
#include <stdint.h>
#define WORK 0
static unsigned count_bits(unsigned m) { unsigned n = 0; for (; m; m &= m - 1) ++n; return n; }
struct state { char g[81]; unsigned row[9], col[9], box[9]; size_t found, limit, guesses; char first[81]; };
static void search(struct state* s) {
  volatile unsigned sink = 0;
  for (int w = 0; w < WORK; ++w) sink += (unsigned)w;
  int best = -1; unsigned best_mask = 0, best_n = 10;
  for (int i = 0; i < 81; ++i) {
    if (s->g[i]) continue;
    unsigned m = ~(s->row[i / 9] | s->col[i % 9] | s->box[i / 27 * 3 + i % 9 / 3]) & 0x1FF;
    unsigned n = count_bits(m);
    if (n < best_n) { best = i; best_mask = m; best_n = n; if (n <= 1) break; }
  }
  if (best < 0) { if (s->found++ == 0) for (int i = 0; i < 81; ++i) s->first[i] = (char)('0' + s->g[i]); return; }
  if (best_n > 1) s->guesses += best_n - 1;
  for (unsigned m = best_mask; m && s->found < s->limit; m &= m - 1) {
    int d = __builtin_ctz(m); unsigned bit = 1u << d; int r = best / 9, c = best % 9, b = r / 3 * 3 + c / 3;
    s->g[best] = (char)(d + 1); s->row[r] |= bit; s->col[c] |= bit; s->box[b] |= bit;
    search(s);
    s->g[best] = 0; s->row[r] &= ~bit; s->col[c] &= ~bit; s->box[b] &= ~bit;
  }
}
size_t solve(const char* puzzle, size_t limit, uint32_t flags, char* solution, size_t* guesses) {
  struct state s = {0};
  (void)flags;
  s.limit = limit;
  for (int i = 0; i < 81; ++i) {
    if (puzzle[i] < '1' || puzzle[i] > '9') continue;
    int d = puzzle[i] - '1'; unsigned bit = 1u << d; int r = i / 9, c = i % 9, b = r / 3 * 3 + c / 3;
    if ((s.row[r] | s.col[c] | s.box[b]) & bit) { *guesses = 0; return 0; }
    s.g[i] = (char)(d + 1); s.row[r] |= bit; s.col[c] |= bit; s.box[b] |= bit;
  }
  if (limit) search(&s);
  if (s.found) for (int i = 0; i < 81; ++i) solution[i] = s.first[i];
  *guesses = s.guesses;
  return s.found;
}
"""
MAKEFILE = "CFLAGS ?= -O2\nlibmysolver.so: mysolver.c\n\t$(CC) $(CFLAGS) -shared -fPIC -o $@ $<\n"


def git(repo, *args):
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout.strip()


def commit(repo, work, message):
    (repo / "mysolver.c").write_text(SOLVER.replace("#define WORK 0", f"#define WORK {work}") + f"/* {message} */\n")
    git(repo, "add", "mysolver.c", "Makefile")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", message)
    return git(repo, "rev-parse", "HEAD")


def expression(text, facts):
    """The value of a ${{ }} expression or an if: condition, of the few forms the workflows use."""
    python = text.replace("&&", " and ").replace("||", " or ").replace("always()", "True")
    python = re.sub(r"github(\.[a-z_]+)+", lambda m: repr(facts[m.group(0)]), python)
    return eval(python, {"__builtins__": {}})  # the workflows are this repository's own


def run_job(path, event, repo, root, build, facts, cache):
    """Runs the job's steps; returns (exit status of the first failing step or 0, its command)."""
    job = next(iter(yaml.safe_load(path.read_text())["jobs"].values()))
    failed = 0
    for step in job["steps"]:
        condition = str(step.get("if", "success()")).replace("success()", "True")
        if "always()" not in condition and failed:
            continue
        if not expression(condition, facts):
            continue
        uses = step.get("uses", "")
        if uses.startswith("actions/checkout"):
            continue  # the repository made here, and this build through sudoku-bench/
        if uses.startswith("actions/cache/restore"):
            if (cache / "history").is_dir():
                shutil.copytree(cache / "history", repo / "history", dirs_exist_ok=True)
            continue
        if uses.startswith("actions/cache/save"):
            shutil.copytree(repo / "history", cache / "history", dirs_exist_ok=True)
            continue
        if uses.startswith("actions/upload-artifact"):
            assert (repo / step["with"]["path"]).exists(), f"{path.name}: nothing at {step['with']['path']} to upload"
            continue
        assert not uses, f"{path.name}: a step this test cannot stand in for: {uses}"
        script = re.sub(r"\$\{\{\s*(.*?)\s*\}\}", lambda m: str(expression(m.group(1), facts)), step["run"])
        if "tools/setup" in script:
            assert (root / "tools" / "setup").is_file(), "tools/setup is missing"
            continue
        if script.startswith("gh pr comment"):
            body = script.split("--body-file")[1].split()[0]
            assert (repo / body).is_file(), f"{path.name}: no {body} to post"
            continue
        print(f"[{path.name} {event}] $ {script.strip()}", flush=True)
        status = subprocess.run(["bash", "-e", "-c", script], cwd=repo).returncode
        if status and not failed:
            failed = status
            failed_script = script
    return failed, (failed_script if failed else "")


def author_repo(top, root, build, base_work, head_work):
    repo = top / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    (repo / "Makefile").write_text(MAKEFILE)
    (repo / ".gitignore").write_text("*.so\nsudoku-bench\nhistory\n*.md\n*.html\n")
    git(repo, "add", ".gitignore")
    base = commit(repo, base_work, "base")
    head = commit(repo, head_work, "head")
    bench = repo / "sudoku-bench"
    (bench / "build").mkdir(parents=True)
    (bench / "build" / "harness").symlink_to(build / "harness")
    (bench / "datasets").symlink_to(root / "datasets")
    return repo, base, head


def main(root, build):
    if not shutil.which("valgrind") or not (build / "harness" / "sudoku-bench-count").exists():
        print("SKIP: valgrind or sudoku-bench-count missing (a sanitizer build?)")
        return 77
    problems = []
    for name, base_work, head_work, event, expect in [
        ("counted.yml", 0, 0, "pull_request", "pass"),
        ("counted.yml", 0, 40, "pull_request", "fail"),
        ("counted.yml", 0, 0, "push", "pass"),
        ("ab-time.yml", 0, 0, "pull_request", "ran"),
    ]:
        with tempfile.TemporaryDirectory() as t:
            top = pathlib.Path(t)
            repo, base, head = author_repo(top, root, build, base_work, head_work)
            cache = top / "cache"
            cache.mkdir()
            facts = {"github.event_name": event, "github.sha": head, "github.event.pull_request.base.sha": base,
                     "github.event.number": 1, "github.token": ""}
            pushes = [base, head] if event == "push" else [head]
            for sha in pushes:
                git(repo, "checkout", "-q", sha)
                facts["github.sha"] = sha
                status, script = run_job(root / "docs" / "ci" / name, event, repo, root, build, facts, cache)
            label = f"{name} on {event} ({'+' if head_work else 'no '}change)"
            if expect == "pass" and status:
                problems.append(f"{label}: a step failed, exit {status}: {script.strip()}")
            if expect == "fail" and (status != 1 or "--measure instructions" not in script):
                problems.append(f"{label}: expected the counting step to fail with 1 (SLOWER), got {status}")
            if expect == "ran" and not (repo / "ab.md").is_file():
                problems.append(f"{label}: ab wrote no ab.md (exit {status})")
            if event == "push" and len(list((cache / "history").glob("*.json"))) != 2:
                problems.append(f"{label}: the cache does not hold a report per push")
    for p in problems:
        print(f"FAIL: {p}")
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(pathlib.Path(sys.argv[1]).resolve(), pathlib.Path(sys.argv[2]).resolve()))
