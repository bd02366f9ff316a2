#!/usr/bin/python3
"""The HTML report in a real browser: headless Chromium (Debian's chromium) opens the page that
`run --html` wrote, from disk, offline; the page says on its <body> that its script ran without an
error and that every chart left pixels on its canvas. A screenshot is left beside it for a person.
Also a report without latencies and with one thread (charts with nothing to draw are named, not drawn), one whose
dataset has a 150-character name (the page, 1280 pixels wide, must not be wider than the window: long
names wrap), and a report shown against a base report (report --html --base), and the page of a
history (history --html, by date and by version), and ab's page (ab --html).

Usage: html_report_test.py SUDOKU_BENCH OUT_DIR
Exit 77 (skipped) when no chromium is installed, unless CI is set (tools/install-deps installs it).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def browse(browser, page, profile, *args):
    """Runs the browser headless on the page; returns its standard output."""
    command = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
               "--no-first-run", f"--user-data-dir={profile}", *args, "file://" + os.path.abspath(page)]
    return subprocess.run(command, capture_output=True, text=True, timeout=120).stdout


def body_state(dom):
    body = re.search(r"<body([^>]*)>", dom)
    if not body:
        return {}
    return dict(re.findall(r'data-([a-z]+)="([^"]*)"', body.group(1)))


def main(bench, out_dir):
    browser = chromium()
    if not browser:
        print("no chromium: the HTML report is not checked in a browser (tools/install-deps installs it)")
        return 1 if os.environ.get("CI") else 77
    os.makedirs(out_dir, exist_ok=True)
    failures = 0
    with tempfile.TemporaryDirectory(prefix="html-test-") as tmp:
        long_name = os.path.join(tmp, "x" * 150 + ".txt")
        shutil.copyfile(os.path.join(ROOT, "datasets", "easy50.txt"), long_name)
        cases = {
            "full": ["--threads", "1,2", "--repetitions", "2", "--solver", "bitmask,fast",
                     "--json", os.path.join(out_dir, "report_full.json"),
                     os.path.join(ROOT, "datasets", "top95.txt"), os.path.join(ROOT, "datasets", "easy50.txt")],
            "no_latency": ["--threads", "1", "--repetitions", "1", "--no-latency", "--solver", "noop",
                           os.path.join(ROOT, "datasets", "easy50.txt")],
            "long_names": ["--threads", "1", "--repetitions", "2", "--solver", "bitmask", long_name],
        }
        for name, args in cases.items():
            page = os.path.join(out_dir, f"report_{name}.html")
            subprocess.run([bench, "run", "--warmup-seconds", "0", "--min-time", "0", "--no-progress", "--html", page,
                            *args], check=True, capture_output=True)
            dom = browse(browser, page, os.path.join(tmp, name), "--window-size=1280,2400", "--dump-dom")
            state = body_state(dom)
            charts = int(state.get("charts", "-1"))
            print(f"{name}: status {state.get('status')!r}, {state.get('drawn')} of {charts} charts drawn")
            # One thread and no latencies leaves no chart of two points: it is named, not drawn.
            if state.get("status") != "ok" or state.get("drawn") != state.get("charts") or (
                    charts < 1 and name != "no_latency"):
                print(f"{page}: the page did not draw: {state}", file=sys.stderr)
                failures += 1
            if state.get("wide") != "false":
                print(f"{page}: wider than a 1280-pixel window: {state}", file=sys.stderr)
                failures += 1
            if name == "full" and charts < 6:
                print(f"{page}: {charts} charts, expected 6", file=sys.stderr)
                failures += 1
            if name == "full" and '"speedup"' not in dom:
                print(f"{page}: no speedup column at 1 and 2 threads", file=sys.stderr)
                failures += 1
            if name == "full" and "top95: fast ran " not in dom:
                print(f"{page}: no line of fast against bitmask, as run's text ends", file=sys.stderr)
                failures += 1
            browse(browser, page, os.path.join(tmp, name + "-shot"), "--hide-scrollbars", "--window-size=1280,2400",
                   "--screenshot=" + os.path.join(out_dir, f"report_{name}.png"))
        # Against a base report: the comparison is drawn too (the report against itself: every ratio 1).
        full = os.path.join(out_dir, "report_full.json")
        page = os.path.join(out_dir, "report_compared.html")
        subprocess.run([bench, "report", "--html", page, "--base", full, full], check=True, capture_output=True)
        dom = browse(browser, page, os.path.join(tmp, "compared"), "--dump-dom")
        state = body_state(dom)
        print(f"compared: status {state.get('status')!r}, {state.get('drawn')} of {state.get('charts')} charts drawn")
        if state.get("status") != "ok" or "Against the base" not in dom or "1.000" not in dom:
            print(f"{page}: no comparison drawn: {state}", file=sys.stderr)
            failures += 1
        failures += check_history_pages(bench, browser, out_dir, tmp)
        failures += check_ab_page(bench, browser, out_dir, tmp)
    return 1 if failures else 0


def check_history_pages(bench, browser, out_dir, tmp):
    """The history's pages: 12 recorded reports of one series with no change (no table of changes,
    the findings on the page), and 24 versions of a solver by --by version (versions on the x-axis,
    its code changes and its change points drawn with their intervals)."""
    failures = 0
    cases = {"history": [os.path.join(ROOT, "tests", "data", "history")],
             "history_by_version": ["--by", "version", os.path.join(ROOT, "tests", "data", "solver_history")]}
    for name, args in cases.items():
        page = os.path.join(out_dir, f"{name}.html")
        subprocess.run([bench, "history", "--html", page, *args], capture_output=True)
        dom = browse(browser, page, os.path.join(tmp, name), "--dump-dom")
        state = body_state(dom)
        print(f"{name}: status {state.get('status')!r}, {state.get('drawn')} of {state.get('charts')} charts drawn")
        if state.get("status") != "ok" or state.get("drawn") != "1":
            print(f"{page}: the history page did not draw: {state}", file=sys.stderr)
            failures += 1
        wanted = ["<h2>Findings</h2>"]
        if name == "history":
            wanted.append("no change found; these 12 reports find a step")
            unwanted = ["<h2>Changes</h2>"]  # no change: no empty table
        else:
            wanted += ['[7,"1.7"]', "the solver's code changed", "change at 1.7: +", "<h2>Changes</h2>"]
            unwanted = ['[7,"7"]']
        for text in wanted:
            if text not in dom:
                print(f"{page}: no {text!r} on the page", file=sys.stderr)
                failures += 1
        for text in unwanted:
            if text in dom:
                print(f"{page}: {text!r} on the page", file=sys.stderr)
                failures += 1
        browse(browser, page, os.path.join(tmp, name + "-shot"), "--hide-scrollbars", "--window-size=1200,1400",
               "--screenshot=" + os.path.join(out_dir, f"{name}.png"))
    return failures


def check_ab_page(bench, browser, out_dir, tmp):
    """ab's page: the per-round ratios drawn with the threshold and the interval; no advice that
    cannot apply (ab's rounds pair by number: compare --drop-disturbed is no way out of them)."""
    page = os.path.join(out_dir, "ab.html")
    # An A/A run: on a loaded machine its verdict may be either (exit 0 or 1); the page is what counts.
    ran = subprocess.run([bench, "ab", "--rounds", "6", "--html", page, "bitmask", "bitmask",
                          os.path.join(ROOT, "datasets", "easy50.txt")], capture_output=True, text=True)
    if ran.returncode not in (0, 1) or not os.path.exists(page):
        print(f"ab --html: exit {ran.returncode}: {ran.stderr}", file=sys.stderr)
        return 1
    dom = browse(browser, page, os.path.join(tmp, "ab"), "--dump-dom")
    state = body_state(dom)
    print(f"ab: status {state.get('status')!r}, {state.get('drawn')} of {state.get('charts')} charts drawn")
    failures = 0
    if state.get("status") != "ok" or state.get("drawn") != state.get("charts"):
        print(f"{page}: the ab page did not draw: {state}", file=sys.stderr)
        failures += 1
    for text in ['"id":"rounds"', '"label":"each round"', "SLOWER above +2.0%", "interval, low", "interval, high",
                 "spread: the range of the rounds' throughputs"]:
        if text not in dom:
            print(f"{page}: no {text!r} on the page", file=sys.stderr)
            failures += 1
    if "drop-disturbed" in dom:
        print(f"{page}: advises --drop-disturbed, which ab's rounds cannot take", file=sys.stderr)
        failures += 1
    # One thread a round: speedup and efficiency against 1 thread could only read 1.00.
    for text in ['"speedup"', '"eff"']:
        if text in dom:
            print(f"{page}: a {text} column, which reads 1.00 at one thread", file=sys.stderr)
            failures += 1
    browse(browser, page, os.path.join(tmp, "ab-shot"), "--hide-scrollbars", "--window-size=1200,2000",
           "--screenshot=" + os.path.join(out_dir, "ab.png"))
    return failures


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
