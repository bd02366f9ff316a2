#!/usr/bin/python3
"""tools/plot on real reports: every image from a fresh report and from one written before
log2_counts existed, and a clear failure on a file that is no report; the efficiency axis of a
made-up report with a superlinear speedup.

Usage: plot_test.py SUDOKU_BENCH [unittest options]
"""
import copy
import gzip
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import tool_module

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PLOT = os.path.join(ROOT, "tools", "plot")
BENCH = None
IMAGES = ("throughput.png", "latency.png", "tree_size.png", "tail_growth.png", "survival.png")


class PlotTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="plot-test-")
        cls.report = os.path.join(cls.dir, "report.json")
        subprocess.run([BENCH, "run", "--threads", "1,2", "--repetitions", "2", "--warmup-seconds", "0", "--no-progress",
                        "--json", cls.report, os.path.join(ROOT, "datasets", "top95.txt"),
                        os.path.join(ROOT, "datasets", "easy50.txt")], check=True, capture_output=True)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir)

    def plot(self, report, out):
        return subprocess.run([sys.executable, PLOT, report, "--out", out, "--label", "test machine"],
                              capture_output=True, text=True)

    def assert_images(self, out):
        for name in IMAGES:
            path = os.path.join(out, name)
            self.assertTrue(os.path.isfile(path), path)
            with open(path, "rb") as f:
                self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n", path)

    def test_draws_every_image(self):
        out = os.path.join(self.dir, "fresh")
        result = self.plot(self.report, out)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assert_images(out)
        self.assertEqual(result.stdout.split(), [os.path.join(out, n) for n in IMAGES])

    def assert_draws_changed(self, name, change):
        """The report with each run changed by `change`, written as NAME.json, draws every image into NAME/."""
        with open(self.report, encoding="utf-8") as f:
            report = json.load(f)
        for run in report["runs"]:
            change(run)
        changed = os.path.join(self.dir, name + ".json")
        with open(changed, "w", encoding="utf-8") as f:
            json.dump(report, f)
        out = os.path.join(self.dir, name)
        result = self.plot(changed, out)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assert_images(out)

    def test_reports_without_log2_counts_use_the_percentiles(self):
        def without_log2_counts(run):
            for dist in ("latency_ns", "tree_size", "guesses"):
                del run[dist]["log2_counts"]
        self.assert_draws_changed("old", without_log2_counts)

    def test_reports_without_latencies_or_tree_sizes(self):
        def bare(run):
            run["latency_ns"] = None  # run --no-latency
            run["tree_size"] = None   # a plugin's runs
        self.assert_draws_changed("bare", bare)

    def test_a_base_report_is_drawn_beside_and_read_as_carefully(self):
        out = os.path.join(self.dir, "with-base")
        result = subprocess.run([sys.executable, PLOT, self.report, "--base", self.report, "--out", out],
                                capture_output=True, text=True)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assert_images(out)
        bad = os.path.join(self.dir, "not-a-base.json")
        with open(bad, "w", encoding="utf-8") as f:
            f.write("{}")
        result = subprocess.run([sys.executable, PLOT, self.report, "--base", bad, "--out", out],
                                capture_output=True, text=True)
        self.assertEqual(result.returncode, 3)
        self.assertIn(f"tools/plot: {bad}: not a", result.stderr)
        with open(self.report, encoding="utf-8") as f:
            report = json.load(f)
        del report["context"]
        with open(bad, "w", encoding="utf-8") as f:
            json.dump(report, f)
        result = subprocess.run([sys.executable, PLOT, self.report, "--base", bad, "--out", out],
                                capture_output=True, text=True)
        self.assertEqual(result.returncode, 3, result.stderr)
        self.assertIn(f"tools/plot: {self.report} or {bad}: missing field 'context'", result.stderr)
        report["context"] = "not an object"
        with open(bad, "w", encoding="utf-8") as f:
            json.dump(report, f)
        result = subprocess.run([sys.executable, PLOT, self.report, "--base", bad, "--out", out],
                                capture_output=True, text=True)
        self.assertEqual(result.returncode, 3, result.stderr)
        self.assertIn("malformed report", result.stderr)
        self.assertNotIn("Traceback", result.stderr)
        tool = self.load_tool()
        with open(self.report, encoding="utf-8") as f:
            report = json.load(f)
        alone, both = tool.survival_lines(report), tool.survival_lines(report, report)
        self.assertEqual(len(both), 2 * len(alone))
        self.assertEqual([prefix for _, _, prefix in both], ["base: "] * len(alone) + [""] * len(alone))
        self.assertEqual(tool.short_commit({"git_commit": "6685b090ab63eb2d052d9f12ce5143bfb85f27b9-dirty"}), "6685b090ab63-dirty")
        self.assertEqual(tool.short_commit({"git_commit": "6685b090ab63eb2d052d9f12ce5143bfb85f27b9"}), "6685b090ab63")

    def test_not_a_report_is_an_input_error(self):
        bad = os.path.join(self.dir, "bad.json")
        with open(bad, "w", encoding="utf-8") as f:
            f.write('{"benchmarks": []}')
        result = self.plot(bad, os.path.join(self.dir, "bad"))
        self.assertEqual(result.returncode, 3)
        self.assertRegex(result.stderr, r"not a sudoku-bench/\d+ report")
        self.assertEqual(self.plot(os.path.join(self.dir, "missing.json"), self.dir).returncode, 3)

    def test_gzip_reports_are_read_and_cut_ones_refused(self):
        # results/ keeps its large reports gzip-compressed.
        packed = os.path.join(self.dir, "report.json.gz")
        with open(self.report, "rb") as f, gzip.open(packed, "wb") as z:
            data = f.read()
            z.write(data)
        out = os.path.join(self.dir, "gzip")
        result = self.plot(packed, out)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assert_images(out)
        cut = os.path.join(self.dir, "cut.json.gz")
        with open(packed, "rb") as f, open(cut, "wb") as c:
            c.write(f.read()[:200])
        result = self.plot(cut, os.path.join(self.dir, "cut"))
        self.assertEqual(result.returncode, 3, result.stderr)
        self.assertIn("cut.json.gz", result.stderr)

    def test_efficiency_axis_follows_superlinear_speedups(self):
        tool = self.load_tool()
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        with open(self.report, encoding="utf-8") as f:
            report = json.load(f)
        label = tool.machine_label(report, None)

        def efficiency_top(rate_at):
            made = copy.deepcopy(report)
            for run in made["runs"]:
                run["puzzles_per_second"] = rate_at[run["threads"]]
            fig = tool.plot_throughput(plt, made, label, os.path.join(self.dir, "eff.png"))
            top = fig.axes[1].get_ylim()[1]
            plt.close(fig)
            return top

        self.assertAlmostEqual(efficiency_top({1: 100.0, 2: 300.0}), 1.5 * 1.05)  # superlinear: 1.5, not clipped
        self.assertAlmostEqual(efficiency_top({1: 100.0, 2: 150.0}), 1.05)      # 0.75: up to 1 and a margin


    def load_tool(self):
        return tool_module.load_tool("plot_tool", PLOT)

    def test_a_log_axis_ends_on_a_labelled_tick(self):
        tool = self.load_tool()
        self.assertEqual(tool.nice_above(1234567), 2000000)
        self.assertEqual(tool.nice_above(2000000), 2000000)
        self.assertEqual(tool.nice_above(3.1e5), 5e5)
        self.assertEqual(tool.nice_above(7e3), 1e4)

    def test_workers_are_threads_unless_ranks_ran(self):
        tool = self.load_tool()
        self.assertEqual(tool.workers_label({"runs": [{"ranks": 1}, {}]}), "threads")
        self.assertEqual(tool.workers_label({"runs": [{"ranks": 1}, {"ranks": 2}]}), "threads x MPI ranks")

    def test_latency_jumps_without_more_search_are_marked(self):
        tool = self.load_tool()
        growth = {"records": [10, 100, 1000, 10000],
                  "latency_ns": {"max": [1000, 1200, 9000, 40000]},
                  "tree_size": {"max": [10, 11, 12, 200]}}
        self.assertEqual(tool.preemption_spikes(growth), [2])  # x7.5 with the same trees; the last has bigger trees
        self.assertEqual(tool.preemption_spikes({"records": [1], "latency_ns": {"max": [5]}}), [])

    def test_survival_reads_the_harness_buckets(self):
        tool = self.load_tool()
        self.assertEqual([tool.slot_low(s) for s in (0, 2047, 2048, 3071, 3072, 4096)], [0, 2047, 2048, 4094, 4096, 8192])
        with open(self.report, encoding="utf-8") as f:
            report = json.load(f)
        for run in report["runs"]:
            for dist in (run["latency_ns"], run["tree_size"]):
                first, last = dist["buckets"][0][0], dist["buckets"][-1][0]
                self.assertLessEqual(tool.slot_low(first), dist["min"])
                self.assertLess(dist["min"], tool.slot_low(first + 1))
                self.assertLessEqual(tool.slot_low(last), dist["max"])
                self.assertLess(dist["max"], tool.slot_low(last + 1))
                xs, ys = tool.survival_points(dist, run["puzzles"])
                self.assertEqual(ys[0], 1.0)
                self.assertAlmostEqual(ys[-1], dist["buckets"][-1][1] / run["puzzles"])
                self.assertEqual(xs, sorted(xs))


if __name__ == "__main__":
    BENCH = sys.argv.pop(1)
    unittest.main()
