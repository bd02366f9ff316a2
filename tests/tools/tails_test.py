#!/usr/bin/python3
"""tools/tails without its hours: the verdicts it gives a table (holds, fails, undecided), the
options it refuses, and one small real experiment (16x16, two bands, three puzzles each, two
repetitions): sets made with their seeds recorded, a report and per-puzzle file per limit and
repetition (the solvers' order rotated), a table row per band, limit and solver, and a second
call that measures nothing again.

Usage: tails_test.py SUDOKU_BENCH SUDOKU_GENERATE [unittest options]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import unittest

import tool_module

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TAILS = os.path.join(ROOT, "tools", "tails")
BENCH = GENERATE = None


tails = tool_module.load_tool("tails", TAILS)
INF = float("inf")


def row(solver, within_1s, within_cap, median, puzzles=40):
    return {"size": "36x36", "band": 45, "limit": 1, "solver": solver, "puzzles": puzzles, "within_1s": within_1s,
            "within_cap": within_cap, "median": median, "p90": median}


class JudgeTest(unittest.TestCase):
    def verdict(self, rows):
        a = argparse.Namespace(check=["portfolio", "cadical", "bitmask"], cap_seconds=60.0)
        return tails.judge(a, rows)[("36x36", 45, 1)]

    def test_holds_within_a_fifth_of_the_better_median(self):
        v = self.verdict([row("portfolio", 30, 40, 0.012), row("cadical", 30, 40, 0.010), row("bitmask", 10, 20, 2.0)])
        self.assertTrue(v.startswith("holds (1.20x)"), v)

    def test_fails_on_a_slower_median_or_fewer_solved(self):
        v = self.verdict([row("portfolio", 30, 40, 0.0121), row("cadical", 30, 40, 0.010), row("bitmask", 10, 20, 2.0)])
        self.assertTrue(v.startswith("fails: median"), v)
        v = self.verdict([row("portfolio", 29, 40, 0.001), row("cadical", 30, 40, 0.010), row("bitmask", 10, 20, 2.0)])
        self.assertEqual(v, "fails: within 1 s 29 < 30")
        v = self.verdict([row("portfolio", 30, 39, 0.001), row("cadical", 30, 40, 0.010), row("bitmask", 10, 20, 2.0)])
        self.assertEqual(v, "fails: within the cap 39 < 40")

    def test_the_better_single_may_be_either(self):
        v = self.verdict([row("portfolio", 40, 40, 0.0005), row("cadical", 40, 40, 0.010), row("bitmask", 40, 40, 0.0004)])
        self.assertTrue(v.startswith("fails: median"), v)  # 1.25 x bitmask's

    def test_medians_past_the_cap_are_undecided_unless_counts_fail(self):
        v = self.verdict([row("portfolio", 0, 10, INF), row("cadical", 0, 10, INF), row("bitmask", 0, 0, INF)])
        self.assertEqual(v, "undecided (every median past the cap)")
        v = self.verdict([row("portfolio", 0, 9, INF), row("cadical", 0, 10, INF), row("bitmask", 0, 0, INF)])
        self.assertEqual(v, "fails: within the cap 9 < 10")

    def test_a_median_shown_past_the_cap(self):
        self.assertEqual(tails.shown(INF, 60.0), ">60 s")
        self.assertEqual(tails.shown(0.0123, 60.0), "12.3 ms")
        self.assertEqual(tails.shown(2.5, 60.0), "2.5 s")


class CommandLineTest(unittest.TestCase):
    def tails(self, out, *args):
        return subprocess.run([sys.executable, TAILS, "--bench", BENCH, "--generate", GENERATE, "--out", out, *args],
                              capture_output=True, text=True, timeout=600)

    def test_refusals(self):
        with tempfile.TemporaryDirectory() as out:
            for args in (["--sizes", "9"], ["--bands", "0"], ["--count", "0"], ["--cap-seconds", "0"],
                         ["--check", "portfolio,cadical"], ["--check", "portfolio,cadical,logic"], ["--limits", "x"]):
                r = self.tails(out, *args)
                self.assertEqual(r.returncode, 2, (args, r.stderr))
            r = subprocess.run([sys.executable, TAILS, "--bench", "/nonexistent", "--generate", GENERATE, "--out", out,
                                "--sizes", "2", "--bands", "50", "--count", "1"], capture_output=True, text=True)
            self.assertNotEqual(r.returncode, 0)
            self.assertIn("/nonexistent", r.stderr)

    def test_a_small_experiment_and_its_second_call(self):
        with tempfile.TemporaryDirectory() as out:
            args = ["--sizes", "4", "--bands", "50,65", "--count", "3", "--limits", "1,2", "--cap-seconds", "5",
                    "--repetitions", "2", "--check", "portfolio,cadical,bitmask"]
            r = self.tails(out, *args)
            self.assertIn(r.returncode, (0, 1), r.stderr)  # 1: a verdict failed, which timings may decide
            sets = json.load(open(os.path.join(out, "sets.json")))
            self.assertEqual(sets["random_16x16_50.txt"], {"box": 4, "percent": 50, "count": 3, "seed": 16050})
            for band in (50, 65):
                with open(os.path.join(out, f"random_16x16_{band}.txt")) as f:
                    self.assertEqual(len(f.read().splitlines()), 3)
            summary = json.load(open(os.path.join(out, "summary.json")))
            self.assertEqual(len(summary["rows"]), 2 * 2 * 3)
            for row_ in summary["rows"]:
                self.assertEqual(row_["puzzles"], 3)
                self.assertLessEqual(row_["within_1s"], row_["within_cap"])
            self.assertEqual(len(summary["verdicts"]), 4)
            self.assertIn("| 16x16 | 65% | 2 | portfolio |", r.stdout)
            reports = {p: os.path.getmtime(os.path.join(out, p)) for p in os.listdir(out) if p.startswith("16x16_limit")}
            self.assertEqual(len(reports), 8)  # a report and a per-puzzle file per limit and repetition
            # The second repetition runs the solvers in another order.
            first = [run["solver"] for run in json.load(open(os.path.join(out, "16x16_limit1.json")))["runs"]]
            second = [run["solver"] for run in json.load(open(os.path.join(out, "16x16_limit1_r2.json")))["runs"]]
            self.assertEqual(sorted(first), sorted(second))
            self.assertNotEqual(first, second)
            again = self.tails(out, *args)
            self.assertEqual(again.returncode, r.returncode)
            self.assertEqual({p: os.path.getmtime(os.path.join(out, p)) for p in reports}, reports)


if __name__ == "__main__":
    BENCH, GENERATE = sys.argv[1], sys.argv[2]
    unittest.main(argv=[sys.argv[0]] + sys.argv[3:])
