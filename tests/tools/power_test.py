#!/usr/bin/python3
"""tools/ab and tools/power without their hours: the arithmetic (Clopper-Pearson intervals, the
rounds a spread of round ratios needs), the options they refuse, and one short real measurement:
rounds merged in order, judged by compare --paired, and evaluated by tools/power as a trial; and a
Ctrl-C in the middle of the rounds.

Usage: power_test.py SUDOKU_BENCH [unittest options]
"""
import importlib.machinery
import importlib.util
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BENCH = None
DATASET = os.path.join(ROOT, "datasets", "top95.txt")


def load_power():
    path = os.path.join(ROOT, "tools", "power")
    loader = importlib.machinery.SourceFileLoader("power", path)
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader("power", loader))
    loader.exec_module(module)
    return module


power = load_power()
ab = power.ab  # the tools/ab that tools/power loads (power.load_ab): one copy, as tools/power uses it


class ArithmeticTest(unittest.TestCase):
    def test_clopper_pearson_matches_the_published_values(self):
        low, high = power.clopper_pearson(20, 20)
        self.assertAlmostEqual(low, 0.8316, places=4)
        self.assertEqual(high, 1.0)
        low, high = power.clopper_pearson(0, 20)
        self.assertEqual(low, 0.0)
        self.assertAlmostEqual(high, 0.1684, places=4)
        low, high = power.clopper_pearson(19, 20)
        self.assertAlmostEqual(low, 0.7513, places=4)
        self.assertAlmostEqual(high, 0.9987, places=4)

    def test_rounds_grow_with_the_square_of_the_spread(self):
        args = ab.parse_args(["A", "B", "--bench", BENCH])  # --detect 3%, --power 0.95, --max-slowdown 1%, --alpha 0.05
        self.assertEqual(ab.rounds_needed(0.02, args), 7)
        self.assertEqual(ab.rounds_needed(0.07, args), 77)
        stricter = ab.parse_args(["A", "B", "--bench", BENCH, "--power", "0.99"])
        self.assertGreater(ab.rounds_needed(0.02, stricter), 7)

    def test_the_spread_is_the_noise_not_the_change(self):
        noise = [0.02, -0.01, 0.03, -0.02, 0.0, 0.01, -0.03, 0.02, -0.01, 0.01]
        slowed = [d + 0.10 for d in noise]  # a 10% slowdown: the same noise, a shifted mean
        self.assertAlmostEqual(ab.spread_of(slowed), ab.spread_of(noise))
        # The sample standard deviation (1.93%) at its 70% upper confidence limit, with 9 degrees of freedom.
        self.assertAlmostEqual(ab.spread_of(noise), 0.019322 * (9 / 6.3933) ** 0.5, places=4)
        self.assertAlmostEqual(ab.chi_square_quantile(0.3, 9), 6.3933, places=1)

    def test_levels_become_calibrated_delays(self):
        calibration = {"base_cpu_ns_per_puzzle": 10000.0, "delay_wrapper_ns": 50.0}
        self.assertEqual(power.delay_for(0, calibration), 0)
        self.assertEqual(power.delay_for(3, calibration), 250)  # 300 ns wanted, 50 of them the wrapper's
        self.assertEqual(power.delay_for(0.1, calibration), 1)  # never 0: 0 is the unchanged build


class OptionsTest(unittest.TestCase):
    def refused(self, argv, parse=ab.parse_args):
        with open(os.devnull, "w", encoding="utf-8") as devnull:
            saved, sys.stderr = sys.stderr, devnull
            try:
                with self.assertRaises(SystemExit) as caught:
                    parse(argv)
            finally:
                sys.stderr = saved
        self.assertEqual(caught.exception.code, 2)

    def test_refusals(self):
        self.refused(["A", "B", "--repetitions", "5"])  # 5 rounds cannot reach p < 0.05
        self.refused(["A", "B", "--pilot", "3"])
        self.refused(["A", "B", "--detect", "1%"])  # not above --max-slowdown
        self.refused(["A", "B", "--detect", "three"])
        self.refused(["A", "B", "--alpha", "1.5"])
        self.refused(["A", "B", "--shards", "0"])
        self.refused(["--work", "w", "--levels", "1,x"], power.parse_args)
        self.refused(["--work", "w", "--trials", "0"], power.parse_args)


class MeasurementTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="power-test-")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir, ignore_errors=True)

    def settings(self, *extra):
        return ab.parse_args(["A", "B", DATASET, "--bench", BENCH, "--warmup-seconds", "0", *extra])

    def test_rounds_are_merged_in_order_and_judged_paired(self):
        args = self.settings("--repetitions", "6", "--shards", "4")  # few processes: sanitizer builds start slowly
        work = os.path.join(self.dir, "fixed")
        os.makedirs(work)
        a, b = ab.measure_pair(args, {"a": BENCH, "b": BENCH}, work)
        for side in (a, b):
            with open(side, encoding="utf-8") as f:
                runs = json.load(f)["runs"]
            self.assertEqual([r["repetition"] for r in runs], [1, 2, 3, 4, 5, 6])
            # Each round is one whole pass, its 4 shards merged; the shards' own files are gone.
            self.assertEqual({(r["puzzles"], r["loops"], r["timing"]) for r in runs}, {(95, 1, "shards")})
        self.assertEqual(sorted(os.listdir(os.path.join(work, "runs")))[:2], ["a-001.json", "a-002.json"])
        self.assertEqual(len(os.listdir(os.path.join(work, "runs"))), 12)
        result = subprocess.run(ab.compare_command(args, a, b, "json"), capture_output=True, text=True)
        self.assertIn(result.returncode, (0, 1), result.stderr)  # one build against itself: judged, not refused
        doc = json.loads(result.stdout)
        self.assertTrue(doc["options"]["paired"])
        self.assertEqual(doc["options"]["max_slowdown"], 0.01)
        change = doc["pairs"][0]["metrics"][1]["change"]  # CPU/puzzle, the gated row
        self.assertLessEqual(change["low"], change["estimate"])
        self.assertLessEqual(change["estimate"], change["high"])

        # The same two reports as a tools/power trial: evaluated and tabled.
        trial = os.path.join(self.dir, "power", "trials", "unchanged", "001")
        os.makedirs(trial)
        shutil.copy(a, trial)
        shutil.copy(b, trial)
        with open(os.path.join(self.dir, "power", "calibration.json"), "w", encoding="utf-8") as f:
            json.dump({"base_cpu_ns_per_puzzle": 20000.0, "delay_wrapper_ns": 60.0}, f)
        table = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "power"), "--work",
                                os.path.join(self.dir, "power"), "--evaluate-only", "--levels", "0", "--",
                                "--bench", BENCH], capture_output=True, text=True)
        self.assertEqual(table.returncode, 0, table.stderr)
        self.assertRegex(table.stdout, r"\| unchanged rebuild \| 0 ns \| 1 \| [01] \|")

    def test_a_json_stdout_is_compares_alone(self):
        """`tools/ab ... --format json > verdict.json` must give a JSON file: the A/B header goes to stderr."""
        result = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "ab"), "A", "B", DATASET, "--bench", BENCH,
                                 "--bench-a", BENCH, "--bench-b", BENCH, "--repetitions", "6", "--shards", "2",
                                 "--warmup-seconds", "0", "--format", "json"], capture_output=True, text=True)
        self.assertIn(result.returncode, (0, 1), result.stderr)
        self.assertEqual(json.loads(result.stdout)["schema"], "sudoku-bench-compare/2")
        self.assertIn(f"ab: A = {BENCH} (prebuilt)", result.stderr)

    def interrupt_mid_measurement(self, name, send):
        """tools/ab measuring 200 rounds, stopped by SEND(its pid) once a round is on disk: its exit status and
        stderr, after checking that nothing of its process group is left and its temporary directory is gone."""
        tmp = os.path.join(self.dir, name)
        os.makedirs(tmp)
        process = subprocess.Popen([sys.executable, os.path.join(ROOT, "tools", "ab"), "A", "B", DATASET, "--bench",
                                    BENCH, "--bench-a", BENCH, "--bench-b", BENCH, "--repetitions", "200",
                                    "--shards", "2", "--warmup-seconds", "0"],
                                   env=dict(os.environ, TMPDIR=tmp), start_new_session=True,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and process.poll() is None:
            runs = [os.path.join(tmp, d, "runs") for d in os.listdir(tmp)]
            if any(os.path.isdir(r) and len(os.listdir(r)) >= 2 for r in runs):
                break  # the rounds are running
            time.sleep(0.05)
        self.assertIsNone(process.poll(), "tools/ab ended before it could be interrupted")
        send(process.pid)
        try:
            _, err = process.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            self.fail("tools/ab did not end within 60 s of the signal")
        for _ in range(50):  # the run it waited for, killed, may take a moment to be reaped
            try:
                os.killpg(process.pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.1)
        else:
            os.killpg(process.pid, signal.SIGKILL)
            self.fail("a process of tools/ab's group outlived it")
        self.assertEqual(os.listdir(tmp), [])
        self.assertNotIn("Traceback", err)
        self.assertIn("tools/ab: interrupted", err)
        return process.returncode

    def test_ctrl_c_mid_measurement_exits_130_and_leaves_nothing(self):
        # A terminal's Ctrl-C: SIGINT to the whole foreground process group, tools/ab and its run alike.
        self.assertEqual(self.interrupt_mid_measurement("sigint", lambda pid: os.killpg(pid, signal.SIGINT)), 130)

    def test_sigterm_to_tools_ab_alone_exits_143_and_leaves_nothing(self):
        # timeout(1) or a CI runner's cancel: SIGTERM to tools/ab only; the run it waits for must not outlive it.
        self.assertEqual(self.interrupt_mid_measurement("sigterm", lambda pid: os.kill(pid, signal.SIGTERM)), 143)

    def test_the_pilot_decides_the_rounds_within_the_cap(self):
        args = self.settings("--pilot", "6", "--max-rounds", "7", "--shards", "1")  # a whole pass per run
        work = os.path.join(self.dir, "auto")
        os.makedirs(os.path.join(work, "runs"))
        files = ab.measure_interleaved(args, {"a": BENCH, "b": BENCH}, os.path.join(work, "runs"))
        self.assertIn(len(files["a"]), (6, 7))
        self.assertEqual(len(files["a"]), len(files["b"]))


if __name__ == "__main__":
    BENCH = os.path.abspath(sys.argv.pop(1))
    unittest.main()
