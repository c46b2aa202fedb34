#!/usr/bin/env python3
"""Issue #30's targets for the page (grundy.html), measured in headless Chromium (Selenium, as the
page's test drives it) and printed; nothing is asserted (run it through bench/page.sh).

    page_bench.py PAGE.html [--grundy NATIVE_GRUNDY] [--reps N] [--to N] [--games G,G,...]

- the file: its size in bytes (target: under 3 MB);
- opening it: from navigation to the engine's module ready in its worker, and to the first
  example's table of values shown, each in a new browser profile (median and worst of --reps);
- g(0..N) of octal codes in the page (target: N = 10^5 in under 1 s): the page's own `summary`
  request (every value computed in the worker and read back, as the plot panel asks it), timed
  from the page's call to its answer, the engine's share beside it (median of --reps, the first
  request of a game in a fresh worker, so no value is reused); with --grundy the native command's
  `seq GAME --to N` on the same machine for comparison.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "support"))
from headless_chromium import CHROMEDRIVER, CHROMIUM, start_browser  # noqa: E402


def wait(driver, script, seconds=120):
    deadline = time.monotonic() + seconds
    while True:
        value = driver.execute_script(script)
        if value:
            return value
        if time.monotonic() > deadline:
            sys.exit(f"page_bench.py: waited {seconds} s for: {script}")
        time.sleep(0.01)


MARKS_JS = """
function mark(name) { var m = performance.getEntriesByName(name); return m.length ? m[0].startTime : null; }
return mark('grundy-engine-ready') !== null && mark('grundy-values-shown') !== null &&
  {engine: mark('grundy-engine-ready'), values: mark('grundy-values-shown'),
   loaded: performance.getEntriesByType('navigation')[0].loadEventEnd};
"""

# One request asked of the page's engine (its worker), as the page's panels ask: the page-side
# time from the call to the parsed answer, and the engine's time inside the worker.
REQUEST_JS = """
var done = arguments[arguments.length - 1];
var started = performance.now();
window.grundyPage.engine.request(arguments[0], 'bench').then(function (doc) {
  done({page: performance.now() - started, engine: doc.timing.engine, doc: doc});
}, function (e) { done({error: String(e.message)}); });
"""

IDLE_JS = """
var e = window.grundyPage && window.grundyPage.engine;
return document.body.dataset.ready === 'true' && e && !e.running && e.queue.length === 0;
"""


def summary(values):
    return f"median {statistics.median(values):.0f} ms, worst {max(values):.0f} ms"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("page", type=Path)
    parser.add_argument("--grundy", help="the native command, timed on the same sequences")
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--to", type=int, default=100000)
    parser.add_argument("--games", default="0.07,0.77,0.6,0.137")
    args = parser.parse_args()
    if not CHROMIUM or not CHROMEDRIVER:
        sys.exit("page_bench.py: chromium and chromedriver are needed (scripts/setup.sh)")
    page = args.page.resolve()
    print(f"file: {page} is {page.stat().st_size} bytes "
          f"({page.stat().st_size / 1e6:.2f} MB; target: under 3 MB)")

    engine, values = [], []
    for _ in range(args.reps):
        with tempfile.TemporaryDirectory() as profile:
            driver = start_browser(profile)
            try:
                driver.get(page.as_uri())
                marks = wait(driver, MARKS_JS)
                engine.append(marks["engine"])
                values.append(marks["values"])
            finally:
                driver.quit()
    print(f"open from disk (new profile each, {args.reps} runs): engine ready {summary(engine)}; "
          f"first table of values shown {summary(values)} (target: under 1 s)")

    games = args.games.split(",")
    with tempfile.TemporaryDirectory() as profile:
        driver = start_browser(profile)
        try:
            driver.set_script_timeout(600)
            driver.get(page.as_uri())
            wait(driver, IDLE_JS)
            for game in games:
                page_ms, engine_ms = [], []
                for _ in range(args.reps):
                    # A fresh worker: nothing of the game's values is left from the last run.
                    driver.execute_script("window.grundyPage.engine.stop();")
                    r = driver.execute_async_script(
                        REQUEST_JS, {"command": "summary", "game": game, "to": args.to})
                    if "error" in r:
                        sys.exit(f"page_bench.py: {game}: {r['error']}")
                    page_ms.append(r["page"])
                    engine_ms.append(r["engine"])
                line = (f"g(0..{args.to}) of {game} in the page: {summary(page_ms)} "
                        f"(in the engine: {summary(engine_ms)}; {r['doc']['p_positions']} "
                        f"P-positions, largest value {r['doc']['largest']})")
                if args.grundy:
                    native = []
                    with tempfile.TemporaryDirectory() as cache:
                        for _ in range(args.reps):
                            started = time.monotonic()
                            subprocess.run([args.grundy, "seq", game, "--to", str(args.to),
                                            "--no-cache", "--threads", "1"], check=True,
                                           stdout=subprocess.DEVNULL,
                                           env=dict(os.environ, GRUNDY_CACHE_DIR=cache))
                            native.append(1000 * (time.monotonic() - started))
                    line += f"; native grundy seq --threads 1: {summary(native)}"
                print(line, flush=True)
        finally:
            driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
