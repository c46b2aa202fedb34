#!/usr/bin/env python3
"""The page (grundy.html, the engine in WebAssembly) in a real browser: headless Chromium driven
by Selenium, as the census report is tested (tests/census/report_browser_test.py).

    page_browser_test.py PAGE.html --grundy GRUNDY [--screenshot FILE.png] [--max-bytes N]

Checks, against the native command GRUNDY (the same engine, its --json documents):
- the page loads from disk (file://) and fetches nothing, with no console error (the browser log
  at level SEVERE; shown to work by a probe error at the end), and renders: a screenshot of it is
  not blank (many colours, most of it not the background);
- typing a spec (0.07) shows the table of heaps 0..20: each row's value, options and their values,
  mex and P/N are those of `grundy explain --json`, the misère column the genus of `seq --misere`;
  the pattern is `grundy period`'s (proven, preperiod, period, the proof's words);
- g(0..100000) in the plot panel: its P-positions and largest value agree with `grundy seq`, and
  the plot is drawn;
- a sum: the nim-sum bit by bit, the winner and every winning move are `grundy solve`'s, normal
  and misère;
- a two-coordinate game (Wythoff) as a grid: `grundy table --json`'s values and P-positions;
  a click on a cell explains that position;
- play: hints and undo, and winning moves until the page says the human won;
- the language follows the browser (Korean) and can be switched (Chinese, English), every word
  translated in each language;
- a long computation (Grundy's game, g(0..999999): the most values the page's --max allows)
  shows progress and is stopped, saying so in the page's language; the engine answers again.
The page's size is at most --max-bytes. Timings (page open, g(0..10^5)) are printed, not checked:
bench/page.sh measures them.

Exit 0: passed; 1: failed; 77: skipped because Chromium or its driver is not installed.
"""

import argparse
import base64
import json
import re
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
from headless_chromium import (CHROMEDRIVER, CHROMIUM, SKIP, Failure, check,  # noqa: E402
                               severe, start_browser)


class Command:
    """The native command, for the values the page must show."""

    def __init__(self, path, cache):
        self.path = path
        self.env = dict(os.environ, GRUNDY_CACHE_DIR=cache)

    def json(self, *args):
        out = subprocess.run([self.path, *args, "--json"], check=True, capture_output=True,
                             text=True, env=self.env).stdout
        return json.loads(out)


def wait(driver, script, what, seconds=60):
    """Waits until `script` returns something true, and returns it."""
    deadline = time.monotonic() + seconds
    while True:
        value = driver.execute_script(script)
        if value:
            return value
        if time.monotonic() > deadline:
            raise Failure(f"waited {seconds} s for {what}")
        time.sleep(0.05)


IDLE_JS = """
var e = window.grundyPage && window.grundyPage.engine;
return document.body.dataset.ready === 'true' && e && !e.running && e.queue.length === 0;
"""


def wait_idle(driver, what, seconds=120):
    wait(driver, IDLE_JS, what, seconds)


def type_into(driver, element_id, text):
    from selenium.webdriver.common.keys import Keys

    box = driver.find_element("id", element_id)
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.BACKSPACE)
    box.send_keys(text)
    return box


def submit(driver, element_id, text):
    from selenium.webdriver.common.keys import Keys

    type_into(driver, element_id, text).send_keys(Keys.ENTER)


def error_of(driver, element_id):
    return driver.execute_script(
        "var e = document.getElementById(arguments[0]); return e.hidden ? '' : e.textContent;",
        element_id)


ROWS_JS = """
return Array.prototype.map.call(document.querySelectorAll('#values tbody tr'), function (tr) {
  return {
    n: tr.getAttribute('data-n'), value: tr.getAttribute('data-value'), outcome: tr.className,
    g: tr.querySelector('td.g').textContent,
    mex: tr.querySelector('.mexline').getAttribute('data-mex'),
    options: Array.prototype.map.call(tr.querySelectorAll('.chip'), function (c) {
      return [c.getAttribute('data-option'), c.getAttribute('data-value')]; }),
    gamma0: (tr.querySelector('td.misere') || {getAttribute: function () { return null; }})
              .getAttribute('data-gamma0'),
  };
});
"""


def check_values_table(driver, grundy, game, count):
    rows = driver.execute_script(ROWS_JS)
    check(len(rows) == count, f"{game}: {len(rows)} rows in the values table, not {count}")
    seq = grundy.json("seq", game, "--to", str(count - 1))["values"]
    genus = grundy.json("seq", game, "--to", str(count - 1), "--misere")["genus"]
    for n, row in enumerate(rows):
        e = grundy.json("explain", game, str(n), "--max-options", "40")
        check(row["n"] == str(n), f"{game}: row {n} is heap {row['n']}")
        check(row["value"] == str(seq[n]) == row["g"] == str(e["value"]),
              f"{game}:{n}: the page shows g = {row['g']}, the command {seq[n]}")
        check(row["mex"] == str(e["mex"]), f"{game}:{n}: mex {row['mex']}, not {e['mex']}")
        check(row["outcome"] == ("P" if seq[n] == 0 else "N"), f"{game}:{n}: outcome {row['outcome']}")
        expected = [[o["option"], str(o["value"])] for o in e["options"]]
        check(row["options"] == expected, f"{game}:{n}: options {row['options']}, not {expected}")
        check(row["gamma0"] == str(genus[n][1][0]),
              f"{game}:{n}: misère γ0 {row['gamma0']}, not {genus[n][1][0]}")


def check_pattern(driver, grundy, game):
    doc = grundy.json("period", game)
    shown = driver.execute_script("""
      var v = document.querySelector('#pattern .verdict');
      var p = document.querySelector('#pattern .proof');
      return {proven: v && v.getAttribute('data-proven'), text: v && v.textContent,
              proof: p && p.textContent, plot: !!document.querySelector('#pattern svg')};""")
    check(shown["proven"] == ("true" if doc["proven"] else "false"), f"{game}: pattern {shown}")
    if doc["proven"]:
        check(f"({doc['preperiod']}" in shown["text"] or str(doc["preperiod"]) in shown["text"],
              f"{game}: the pattern says {shown['text']!r}")
        check(str(doc["period"]) in shown["text"], f"{game}: the pattern says {shown['text']!r}")
        check(shown["proof"] == doc["proof"], f"{game}: proof {shown['proof']!r}, not {doc['proof']!r}")
        check(shown["plot"], f"{game}: no period plot")


def check_long_sequence(driver, grundy, game, to):
    submit(driver, "plot-to", str(to))
    wait_idle(driver, f"g(0..{to}) of {game}")
    check(not error_of(driver, "plot-error"), f"plot: {error_of(driver, 'plot-error')}")
    stats = driver.execute_script("return Object.assign({}, document.getElementById('plot-stats').dataset);")
    values = grundy.json("seq", game, "--to", str(to))["values"]
    check(stats.get("to") == str(to), f"plot stats {stats}")
    check(stats["pPositions"] == str(values.count(0)), f"P-positions {stats['pPositions']}, not {values.count(0)}")
    check(stats["largest"] == str(max(values)), f"largest {stats['largest']}, not {max(values)}")
    marks = driver.execute_script("return document.querySelectorAll('#plot svg circle, #plot svg rect, #plot svg path, #plot svg use').length;")
    check(marks > 10, f"the plot of g(0..{to}) has {marks} marks")
    return int(stats["ms"]), int(stats["engineMs"])


SUM_JS = """
function rows(sel) { return Array.prototype.map.call(document.querySelectorAll(sel), function (tr) {
  return {value: tr.getAttribute('data-value'), nim: tr.getAttribute('data-nim-sum'),
          bits: Array.prototype.map.call(tr.querySelectorAll('td.bit'), function (b) { return b.textContent; }).join('')}; }); }
function moves(sel) { return Array.prototype.map.call(document.querySelectorAll(sel), function (li) {
  return li.getAttribute('data-move'); }); }
var n = document.querySelector('#sum-normal-body .winner'), m = document.querySelector('#sum-misere-body .winner');
return {components: rows('#sum-normal-body table.xor tbody tr[data-component]'),
        total: rows('#sum-normal-body table.xor tr.total'),
        winner: n && n.getAttribute('data-winner'), moves: moves('#sum-normal-body li'),
        misere_winner: m && m.getAttribute('data-winner'), misere_moves: moves('#sum-misere-body li')};
"""


def move_text(m):
    return f"{m['component']}: {m['from']} → {m['to']}" + (f" ({m['move']})" if m.get("move") else "")


def check_sum(driver, grundy, text):
    submit(driver, "sum", text)
    wait_idle(driver, f"solving {text}")
    check(not error_of(driver, "sum-error"), f"sum: {error_of(driver, 'sum-error')}")
    shown = driver.execute_script(SUM_JS)
    # The page lists up to 100 winning moves (web/grundy_wasm.cpp, kMaxMoves).
    normal = grundy.json("solve", text, "--max-moves", "100")
    misere = grundy.json("solve", text, "--misere", "--max-moves", "100")
    check(shown["winner"] == normal["winner"], f"{text}: winner {shown['winner']}, not {normal['winner']}")
    expected = [move_text(m) for m in normal["winning_moves"]]
    check(shown["moves"] == expected, f"{text}: moves {shown['moves']}, not {expected}")
    check(shown["misere_winner"] == misere["winner"], f"{text}: misère winner {shown['misere_winner']}")
    expected = [move_text(m) for m in misere["winning_moves"]]
    check(shown["misere_moves"] == expected, f"{text}: misère moves {shown['misere_moves']}, not {expected}")
    nim_sum = 0
    width = len(shown["total"][0]["bits"])
    for component, row in zip(text.split(" + "), shown["components"]):
        game, position = component.split(":", 1)
        value = grundy.json("value", game, position)["values"][0]["value"]
        nim_sum ^= value
        check(row["value"] == str(value) and row["bits"] == format(value, f"0{width}b"),
              f"{text}: {component} shown as {row}, its value is {value}")
    check(shown["total"][0]["nim"] == str(nim_sum) == str(normal["nim_sum"]) and
          shown["total"][0]["bits"] == format(nim_sum, f"0{width}b"),
          f"{text}: nim-sum row {shown['total']}, the command's nim-sum {normal['nim_sum']}")


def check_grid(driver, grundy):
    driver.find_element("css selector", "#examples button[data-spec='wythoff']").click()
    wait_idle(driver, "Wythoff's grid")
    check(driver.execute_script("return !document.getElementById('grid-section').hidden && document.getElementById('values-section').hidden;"),
          "wythoff: the grid is not shown instead of the heaps' table")
    doc = grundy.json("table", "wythoff", "--rows", "12", "--cols", "12")
    cells = driver.execute_script("""
      return Array.prototype.map.call(document.querySelectorAll('#grid td.cell'), function (td) {
        return [td.getAttribute('data-position'), td.getAttribute('data-value'), td.classList.contains('P')]; });""")
    expected = []
    for r, line in enumerate(doc["values"]):
        for c, v in enumerate(line):
            expected.append([f"{r},{c}", str(v), v == 0])
    check(cells == expected, "wythoff: the grid differs from grundy table --json")
    driver.find_element("css selector", "#grid td[data-position='3,5']").click()
    wait_idle(driver, "explaining wythoff:3,5")
    value = driver.execute_script("var w = document.querySelector('#explanation .winner'); return w && w.getAttribute('data-value');")
    e = grundy.json("explain", "wythoff", "3,5")
    check(value == str(e["value"]), f"wythoff:3,5 explained with value {value}, not {e['value']}")


PLAY_JS = """
return {position: document.getElementById('play-position').getAttribute('data-position'),
        message: document.getElementById('play-message').textContent,
        end: document.getElementById('play-end').hidden ? '' : document.getElementById('play-end').textContent,
        moves: Array.prototype.map.call(document.querySelectorAll('#play-moves button'), function (b) { return b.textContent; })};
"""


def check_play(driver, grundy, words):
    start = "nim:3 + nim:4 + nim:5"
    type_into(driver, "play-sum", start)
    driver.find_element("css selector", "#play-form button[type=submit]").click()
    wait_idle(driver, "a new game")
    shown = driver.execute_script(PLAY_JS)
    check(shown["position"] == start, f"play: position {shown['position']!r}")
    check(len(shown["moves"]) == 12, f"play: {len(shown['moves'])} moves from {start}, not 12")
    # A losing move, then undo: the position comes back.
    driver.find_element("css selector", "#play-moves button[data-to='nim:2']").click()
    wait_idle(driver, "the computer's reply")
    check(driver.execute_script(PLAY_JS)["position"] != start, "play: the move was not played")
    driver.find_element("id", "play-undo").click()
    wait_idle(driver, "undo")
    shown = driver.execute_script(PLAY_JS)
    check(shown["position"] == start, f"play: after undo the position is {shown['position']!r}")
    check(shown["message"] == words["en"]["play.undone"], f"play: after undo {shown['message']!r}")
    # Follow the hints: each is the winning move the command's solve names, until the end.
    for _ in range(20):
        position = driver.execute_script(PLAY_JS)["position"]
        driver.find_element("id", "play-hint").click()
        wait_idle(driver, "a hint")
        message = driver.execute_script(PLAY_JS)["message"]
        best = grundy.json("solve", position)["move_to_play"]
        check(best is not None, f"play: no winning move from {position}")
        check(message == words["en"]["play.hint.win"].replace("{move}", move_text(best)),
              f"play: hint {message!r} from {position}, solve's move {move_text(best)}")
        driver.find_element("xpath", "//div[@id='play-moves']/button[text()=%s]" % json.dumps(move_text(best), ensure_ascii=False)).click()
        wait_idle(driver, "the computer's reply")
        if driver.execute_script(PLAY_JS)["end"]:
            break
    check(driver.execute_script(PLAY_JS)["end"] == words["en"]["play.you_win"],
          f"play: the game ended with {driver.execute_script(PLAY_JS)['end']!r}")


def check_languages(driver, words):
    keys = set(words["en"])
    for language in ("ko", "zh"):
        check(set(words[language]) == keys,
              f"words.js: {language} lacks {sorted(keys - set(words[language]))}, has extra {sorted(set(words[language]) - keys)}")
    from selenium.webdriver.support.ui import Select

    for language in ("zh", "en", "ko"):
        Select(driver.find_element("id", "language")).select_by_value(language)
        shown = driver.execute_script("""
          return {lang: document.documentElement.lang,
                  title: document.querySelector('#values-section h2, #grid-section h2').textContent,
                  sum: document.querySelector('#sum-section h2').textContent,
                  learn: document.querySelector('[data-t="learn.xor"]').textContent,
                  untranslated: Array.prototype.filter.call(document.querySelectorAll('[data-t]'),
                    function (n) { return n.textContent === n.getAttribute('data-t'); }).length,
                  winner: (document.querySelector('#sum-normal-body .winner') || {}).textContent};""")
        w = words[language]
        check(shown["lang"] == language, f"language {language}: <html lang={shown['lang']}>")
        check(shown["sum"] == w["sum.title"], f"language {language}: sum title {shown['sum']!r}")
        check(shown["learn"] == w["learn.xor"], f"language {language}: the XOR explanation is not in {language}")
        check(shown["untranslated"] == 0, f"language {language}: {shown['untranslated']} words missing")
        winner_words = [w["sum.winner"].replace("{winner}", w["winner." + k]) for k in ("first", "second", "draw")]
        check(shown["winner"] in winner_words, f"language {language}: the sum's result {shown['winner']!r} was not redrawn")


def check_stop(driver, words):
    driver.find_element("css selector", "#examples button[data-spec='grundy']").click()
    wait_idle(driver, "Grundy's game")
    submit(driver, "plot-to", "999999")
    wait(driver, "return !document.getElementById('status').hidden;", "the progress line", 30)
    time.sleep(0.5)
    # Progress: part of the values done (the bar's value strictly between 0 and 1 once the
    # engine has reported), said in the line too.
    progress = wait(driver, """var v = document.getElementById('status-progress');
        return v.hasAttribute('value') && v.value > 0 && v.value < 1 &&
               [v.value, document.getElementById('status-text').textContent];""",
                    "a progress report", 30)
    driver.find_element("id", "stop").click()
    wait(driver, "return document.getElementById('status').hidden;", "the stop")
    stopped = error_of(driver, "plot-error")
    language = driver.execute_script("return document.documentElement.lang;")
    check(stopped == words[language]["stopped"], f"after stop the plot says {stopped!r}")
    print(f"stopped at {progress[0]:.0%}: {progress[1]}")
    check(re.search(r"\(\d+ \D+ \d+\)", progress[1]), f"the progress line says {progress[1]!r}")
    # The engine answers again: the values table of Kayles.
    driver.find_element("css selector", "#examples button[data-spec='kayles']").click()
    wait_idle(driver, "Kayles after the stop")
    rows = driver.execute_script("return document.querySelectorAll('#values tbody tr').length;")
    check(rows == 21, f"after the stop the values table has {rows} rows")


# The screenshot drawn onto a canvas in the page itself: how many of its pixels differ from the
# page's background, and how many colours it has.
PIXELS_JS = """
var done = arguments[arguments.length - 1];
var image = new Image();
image.onload = function () {
  var c = document.createElement('canvas'); c.width = image.width; c.height = image.height;
  var g = c.getContext('2d'); g.drawImage(image, 0, 0);
  var d = g.getImageData(0, 0, c.width, c.height).data, ink = 0, colours = {};
  for (var i = 0; i < d.length; i += 4 * 7) {
    var key = d[i] + ',' + d[i + 1] + ',' + d[i + 2];
    colours[key] = 1;
    if (Math.abs(d[i] - 251) + Math.abs(d[i + 1] - 251) + Math.abs(d[i + 2] - 253) > 24) ink++;
  }
  done({ink: ink / (d.length / 28), colours: Object.keys(colours).length});
};
image.onerror = function () { done(null); };
image.src = 'data:image/png;base64,' + arguments[0];
"""


def check_renders(driver, screenshot):
    png = driver.get_screenshot_as_base64()
    if screenshot:
        Path(screenshot).write_bytes(base64.b64decode(png))
    pixels = driver.execute_async_script(PIXELS_JS, png)
    check(pixels is not None, "the screenshot could not be read")
    check(pixels["colours"] > 50 and pixels["ink"] > 0.05,
          f"the page looks blank: {pixels['colours']} colours, {pixels['ink']:.1%} not background")


def run(page, grundy, screenshot, max_bytes):
    size = page.stat().st_size
    print(f"page: {page} ({size} bytes)")
    check(size <= max_bytes, f"the page is {size} bytes, more than {max_bytes}")
    words = None
    with tempfile.TemporaryDirectory() as profile:
        driver = start_browser(profile, "ko")
        try:
            driver.set_script_timeout(30)
            opened = time.monotonic()
            driver.get(page.as_uri())
            wait_idle(driver, "the first example")
            timings = driver.execute_script("""
              function mark(name) { var m = performance.getEntriesByName(name); return m.length ? Math.round(m[0].startTime) : null; }
              return {engine: mark('grundy-engine-ready'), values: mark('grundy-values-shown'),
                      loaded: Math.round(performance.getEntriesByType('navigation')[0].loadEventEnd)};""")
            print(f"opened: load event {timings['loaded']} ms, engine ready {timings['engine']} ms, "
                  f"first values shown {timings['values']} ms after navigation "
                  f"({time.monotonic() - opened:.2f} s until every first request was answered)")
            words = driver.execute_script("return window.GRUNDY_WORDS;")
            check(driver.execute_script("return document.documentElement.lang;") == "ko",
                  "a Korean browser does not get the Korean page")
            check(driver.find_element("css selector", "#sum-section h2").text == words["ko"]["sum.title"],
                  "a Korean browser does not get the Korean words")
            resources = driver.execute_script("return performance.getEntriesByType('resource').map(function (r) { return r.name; });")
            check(all(r.startswith("blob:") for r in resources), f"the page fetched {resources}")
            from selenium.webdriver.support.ui import Select
            Select(driver.find_element("id", "language")).select_by_value("en")
            check_renders(driver, screenshot)

            submit(driver, "spec", "0.07")
            wait_idle(driver, "0.07")
            check(not error_of(driver, "game-error"), f"0.07: {error_of(driver, 'game-error')}")
            check_values_table(driver, grundy, "0.07", 21)
            check_pattern(driver, grundy, "0.07")
            ms, engine_ms = check_long_sequence(driver, grundy, "0.07", 100000)
            print(f"g(0..100000) of 0.07: {ms} ms in the page ({engine_ms} ms in the engine)")

            submit(driver, "spec", "sub(1,3")
            wait_idle(driver, "a bad spec")
            message = error_of(driver, "game-error")
            check("column" in message and "expected" in message, f"a bad spec says {message!r}")

            driver.find_element("css selector", "#examples button[data-spec='kayles']").click()
            wait_idle(driver, "Kayles")
            check_values_table(driver, grundy, "kayles", 21)
            check_pattern(driver, grundy, "kayles")
            check_sum(driver, grundy, "kayles:10 + nim:3 + 0.07:9")
            check_sum(driver, grundy, "nim:3 + nim:4 + nim:5")
            check_play(driver, grundy, words)
            check_grid(driver, grundy)
            check_languages(driver, words)
            check_stop(driver, words)

            errors = severe(driver)
            check(not errors, f"console errors: {errors}")
            driver.execute_script("console.error('grundy page test probe');")
            check(any("grundy page test probe" in e.get("message", "") for e in severe(driver)),
                  "the browser log did not show the probe error: the console check sees nothing")
        finally:
            driver.quit()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("page", type=Path)
    parser.add_argument("--grundy", required=True, help="the native command, for the expected values")
    parser.add_argument("--screenshot", help="where to keep the screenshot of the page")
    parser.add_argument("--max-bytes", type=int, default=3_000_000)
    args = parser.parse_args()
    if not CHROMIUM or not CHROMEDRIVER:
        print("page browser test skipped: chromium or chromedriver is not installed")
        return SKIP
    try:
        import selenium  # noqa: F401
    except ImportError:
        print("page browser test skipped: python3-selenium is not installed")
        return SKIP
    if not os.access(args.grundy, os.X_OK):
        print(f"page browser test: the command {args.grundy} is not built (the Release build)")
        return 1
    with tempfile.TemporaryDirectory() as cache:
        try:
            run(args.page.resolve(), Command(args.grundy, cache), args.screenshot, args.max_bytes)
        except Failure as failure:
            print(f"page browser test failed: {failure}")
            return 1
    print("page browser test passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
