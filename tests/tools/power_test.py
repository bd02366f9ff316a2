#!/usr/bin/python3
"""tools/ab and tools/power without their hours: the arithmetic (Clopper-Pearson intervals, the
delays of levels; the rounds a spread needs are sudoku-bench ab's, tested in C++), the options they
refuse, and short real measurements through sudoku-bench ab: rounds in order, judged by compare
--paired, evaluated by tools/power as a trial (both modes); and a Ctrl-C in the middle of the rounds.

Usage: power_test.py SUDOKU_BENCH [unittest options]
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

import tool_module

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BENCH = None
DATASET = os.path.join(ROOT, "datasets", "top95.txt")


power = tool_module.load_tool("power", os.path.join(ROOT, "tools", "power"))
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
        self.refused(["A", "B", "no-such-dataset.txt"])
        self.refused(["A", "B", "--rounds", "five"])
        self.refused(["--work", "w", "--levels", "1,x"], power.parse_args)
        self.refused(["--work", "w", "--trials", "0"], power.parse_args)
        self.refused(["--work", "w", "--plugin", "no-such-plugin.so"], power.parse_args)

    def test_ab_options_pass_through_only_when_given(self):
        args = ab.parse_args(["A", "B", DATASET, "--bench", BENCH, "--rounds", "6", "--max-slowdown", "1%"])
        command = ab.ab_command(args, {"a": "A-EXE", "b": "B-EXE"})
        self.assertEqual(command[:6], [BENCH, "ab", "bitmask", "bitmask", DATASET, "--base-bench"])
        self.assertIn("--rounds", command)
        self.assertEqual(command[command.index("--max-slowdown") + 1], "1%")
        self.assertNotIn("--detect", command)  # ab's own default, declared there once


class MeasurementTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="power-test-")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir, ignore_errors=True)

    def tools_ab(self, *extra, **kwargs):
        return subprocess.run([sys.executable, os.path.join(ROOT, "tools", "ab"), "A", "B", DATASET, "--bench", BENCH,
                               "--bench-a", BENCH, "--bench-b", BENCH, *extra], capture_output=True, text=True, **kwargs)

    def test_rounds_are_kept_in_order_and_judged_paired(self):
        work = os.path.join(self.dir, "fixed")
        result = self.tools_ab("--rounds", "6", "--shards", "4", "--work", work)  # few processes: sanitizer builds
        self.assertIn(result.returncode, (0, 1), result.stderr)
        a, b = os.path.join(work, "base.json"), os.path.join(work, "new.json")
        for side in (a, b):
            with open(side, encoding="utf-8") as f:
                runs = json.load(f)["runs"]
            self.assertEqual([r["repetition"] for r in runs], [1, 2, 3, 4, 5, 6])
            # Each round is one whole pass, its 4 shards read one after another in one process's turns.
            self.assertEqual({(r["puzzles"], r["loops"], r["timing"]) for r in runs}, {(95, 1, "process")})
        result = subprocess.run([BENCH, "compare", "--paired", "--format", "json", a, b], capture_output=True, text=True)
        self.assertIn(result.returncode, (0, 1), result.stderr)  # one build against itself: judged, not refused
        doc = json.loads(result.stdout)
        self.assertTrue(doc["options"]["paired"])
        self.assertEqual(doc["options"]["max_slowdown"], 0.02)  # the one default
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
        self.assertRegex(table.stdout, r"\| unchanged \| 0 ns \| 1 \| [01] \|")

    def test_a_plugin_trial_of_tools_power(self):
        plugin = os.path.join(os.path.dirname(os.path.dirname(BENCH)), "tests", "harness", "slowed_plugin.so")
        if not os.path.exists(plugin):
            self.skipTest("no slowed_plugin.so beside this sudoku-bench")
        work = os.path.join(self.dir, "plugin")
        table = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "power"), "--work", work, "--plugin", plugin,
                                "--bench", BENCH, "--dataset", DATASET, "--levels", "0", "--trials", "1", "--",
                                "--rounds", "6", "--shards", "2"], capture_output=True, text=True)
        self.assertEqual(table.returncode, 0, table.stderr)
        self.assertRegex(table.stdout, r"\| unchanged \| in the plugin \| 1 \| [01] \|")

    def test_a_json_stdout_is_abs_alone(self):
        """`tools/ab ... --format json > verdict.json` must give a JSON file: the A/B header goes to stderr."""
        result = self.tools_ab("--rounds", "6", "--shards", "2", "--format", "json")
        self.assertIn(result.returncode, (0, 1), result.stderr)
        self.assertEqual(json.loads(result.stdout)["schema"], "sudoku-bench-compare/3")
        self.assertIn(f"ab: A = {BENCH} (prebuilt)", result.stderr)

    def interrupt_mid_measurement(self, name, send):
        """tools/ab measuring 200 rounds, stopped by SEND(its pid) once a round is on disk: its exit status and
        stderr, after checking that nothing of its process group is left and its temporary directory is gone."""
        tmp = os.path.join(self.dir, name)
        os.makedirs(tmp)
        process = subprocess.Popen([sys.executable, os.path.join(ROOT, "tools", "ab"), "A", "B", DATASET, "--bench",
                                    BENCH, "--bench-a", BENCH, "--bench-b", BENCH, "--rounds", "200",
                                    "--shards", "2"],
                                   env=dict(os.environ, TMPDIR=tmp), start_new_session=True,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and process.poll() is None:
            # ab's scratch folder holds the shard being measured: the rounds are running
            if any(d.startswith("sudoku-bench-ab-") and os.listdir(os.path.join(tmp, d)) for d in os.listdir(tmp)):
                break
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
        work = os.path.join(self.dir, "auto")
        result = self.tools_ab("--pilot", "6", "--max-rounds", "7", "--shards", "1", "--work", work)  # a whole pass a turn
        self.assertIn(result.returncode, (0, 1), result.stderr)
        with open(os.path.join(work, "base.json"), encoding="utf-8") as f:
            rounds = len(json.load(f)["runs"])
        self.assertIn(rounds, (6, 7))


if __name__ == "__main__":
    BENCH = os.path.abspath(sys.argv.pop(1))
    unittest.main()
