#!/usr/bin/python3
"""gates/gates judged on doctored baselines: it must name every changed puzzle, fail on a rise in
instructions, skip on another context, and count the same twice.

Usage: gates_test.py DRIVER [--no-valgrind] [unittest options]
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GATES = os.path.join(ROOT, "gates", "gates")
DRIVER = None
VALGRIND = True


def gates(*args):
    result = subprocess.run([sys.executable, GATES, "--driver", DRIVER, "--solver", "bitmask", *args],
                            capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


class GateTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="gates-test-")
        shutil.copytree(os.path.join(ROOT, "gates", "baseline", "exact"), os.path.join(self.dir, "exact"))

    def tearDown(self):
        shutil.rmtree(self.dir)

    def edit(self, relative, change):
        path = os.path.join(self.dir, relative)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        with open(path, "w", encoding="utf-8") as f:
            f.write(change(text))


class ExactGateTest(GateTest):
    def test_unchanged_baseline_passes(self):
        status, out = gates("exact", "--baseline-dir", self.dir)
        self.assertEqual(status, 0, out)
        self.assertIn("1200 puzzles in 6 classes match the baseline", out)

    def test_every_difference_is_named_with_file_and_line(self):
        def doctor(text):
            # top1465 line 1: one node and one guess more in the baseline; kaggle line 101 dropped.
            def bump(m):
                return f"{m.group(1)} nodes={int(m.group(2)) + 1} guesses={int(m.group(3)) + 1}"
            text = re.sub(r"^(datasets/top1465\.txt:1) nodes=(\d+) guesses=(\d+)", bump, text, flags=re.M)
            return re.sub(r"^datasets/kaggle_first20k\.txt:101 .*\n", "", text, flags=re.M)
        self.edit("exact/bitmask.txt", doctor)
        status, out = gates("exact", "--baseline-dir", self.dir)
        self.assertEqual(status, 1, out)
        self.assertIn("2 of 1200 puzzles differ", out)
        self.assertRegex(out, r"datasets/top1465\.txt:1: nodes (\d+) -> \d+, guesses \d+ -> \d+")
        old, new = map(int, re.search(r"top1465\.txt:1: nodes (\d+) -> (\d+)", out).groups())
        self.assertEqual(old, new + 1)
        self.assertIn("datasets/kaggle_first20k.txt:101: not in the baseline (now nodes=1 guesses=0 solutions=1)", out)

    def test_missing_baseline_fails(self):
        os.remove(os.path.join(self.dir, "exact", "bitmask.txt"))
        status, out = gates("exact", "--baseline-dir", self.dir)
        self.assertEqual(status, 1, out)
        self.assertIn("no baseline", out)


class InstructionGateTest(GateTest):
    def setUp(self):
        if not VALGRIND:
            self.skipTest("valgrind cannot run sanitizer builds")
        super().setUp()

    def baseline(self):
        """A fresh baseline of the 'easy' class, counted here (so the context matches anywhere)."""
        status, out = gates("instructions", "--update", "--class", "easy", "--baseline-dir", self.dir)
        self.assertEqual(status, 0, out)
        with open(os.path.join(self.dir, "instructions", "bitmask.json"), encoding="utf-8") as f:
            return json.load(f)

    def write(self, baseline):
        with open(os.path.join(self.dir, "instructions", "bitmask.json"), "w", encoding="utf-8") as f:
            json.dump(baseline, f)

    def test_count_is_repeatable(self):
        first = self.baseline()["classes"]["easy"]["instructions"]
        second = self.baseline()["classes"]["easy"]["instructions"]
        self.assertEqual(first, second)
        status, out = gates("instructions", "--class", "easy", "--max-rise", "0", "--baseline-dir", self.dir)
        self.assertEqual(status, 0, out)
        self.assertIn("+0.00%", out)

    def test_rise_above_the_threshold_fails(self):
        baseline = self.baseline()
        easy = baseline["classes"]["easy"]
        easy["instructions"] = round(easy["instructions"] / 1.03)  # now 3% above the baseline
        self.write(baseline)
        status, out = gates("instructions", "--class", "easy", "--baseline-dir", self.dir)
        self.assertEqual(status, 1, out)
        self.assertRegex(out, r"easy: [\d,.]+ -> [\d,.]+ instructions per puzzle \(\+3\.00%\)")
        status, out = gates("instructions", "--class", "easy", "--max-rise", "3.5", "--baseline-dir", self.dir)
        self.assertEqual(status, 0, out)

    def test_other_context_skips(self):
        baseline = self.baseline()
        baseline["context"]["compiler"] = "Some Other Compiler"
        baseline["classes"]["easy"]["instructions"] //= 2  # would fail, were it judged
        self.write(baseline)
        status, out = gates("instructions", "--class", "easy", "--baseline-dir", self.dir)
        self.assertEqual(status, 77, out)
        self.assertIn("SKIPPED", out)
        self.assertIn("compiler: baseline 'Some Other Compiler'", out)


if __name__ == "__main__":
    DRIVER = sys.argv.pop(1)
    if "--no-valgrind" in sys.argv:
        sys.argv.remove("--no-valgrind")
        VALGRIND = False
    unittest.main()
