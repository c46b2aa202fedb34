#!/usr/bin/env python3
"""The census report's HTML page in a real browser: headless Chromium driven by Selenium.

    report_browser_test.py PAGE.html [--expect EXPECTED.json] [--max-bytes N]

Checks, on any report page (a hand-built one or a real census's):
- the page loads with no console error (the browser log at level SEVERE; the log itself is
  shown to work by a probe error at the end) and fetches nothing (no resource entries);
- the filter box narrows the rows: a typed code keeps exactly the rows whose searchable text
  holds it, the counter says how many, and clearing the box shows every row again;
- clicking a numeric column's header sorts the rows by it (nulls last), clicking again reverses
  it, and the `#` column gives the family's order back;
- plots render: opening a row's plot draws an SVG with one mark per value and a non-zero
  bounding box; the plot follows its row through sorting and filtering, and closes.
With --expect (written by census_report_page): the codes in order, and each plotted code's values
and rare mask, which its marks must show (a mark per value, higher values higher, rare values
in the rare colour). With --max-bytes: the page is at most that large.

Exit 0: passed; 1: failed; 77: skipped because Chromium or its driver is not installed.
"""

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
from headless_chromium import (CHROMEDRIVER, CHROMIUM, SKIP, Failure, check,  # noqa: E402
                               severe)
from headless_chromium import start_browser as start_chromium  # noqa: E402


def start_browser(user_data_dir):
    return start_chromium(user_data_dir, width=1400)


# The rows of the main table, as the page's script sees them.
ROWS_JS = """
return Array.prototype.map.call(document.querySelectorAll('#census > tbody > tr:not(.plot-row)'),
  function (row) {
    return { code: row.querySelector('td.code').textContent,
             hidden: row.hidden || row.offsetParent === null,
             search: row.getAttribute('data-search') };
  });
"""


def rows(driver):
    return driver.execute_script(ROWS_JS)


def shown_text(driver):
    return driver.find_element("id", "shown").text


def type_filter(driver, text):
    from selenium.webdriver.common.keys import Keys

    box = driver.find_element("id", "filter")
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.BACKSPACE)
    if text:
        box.send_keys(text)
    return box


def check_filter(driver, query, total):
    """Types `query` (one word, no `key:`) and checks the rows it keeps."""
    type_filter(driver, query)
    listed = rows(driver)
    needle = query.lower()
    visible = [r for r in listed if not r["hidden"]]
    for r in listed:
        holds = needle in r["search"]
        check(holds == (not r["hidden"]),
              f"filter {query!r}: row {r['code']!r} is {'hidden' if r['hidden'] else 'shown'}, "
              f"its text {'holds' if holds else 'lacks'} it")
    check(visible, f"filter {query!r}: no row left")
    check(len(visible) < total or all(needle in r["search"] for r in listed),
          f"filter {query!r} did not narrow the rows")
    check(shown_text(driver) == f"{len(visible)} of {total} codes",
          f"filter {query!r}: the counter says {shown_text(driver)!r}, {len(visible)} rows shown")
    return len(visible)


def check_class_filter(driver, total):
    index = header_index(driver, "class")
    type_filter(driver, "class:open")
    listed = driver.execute_script("""
      var k = arguments[0];
      return Array.prototype.map.call(
        document.querySelectorAll('#census > tbody > tr:not(.plot-row)'),
        function (row) { return [row.hidden, row.cells[k].textContent.trim()]; });""", index)
    check(all(hidden == (cls != "open") for hidden, cls in listed),
          "filter class:open does not keep exactly the open games")
    shown = sum(1 for hidden, _ in listed if not hidden)
    check(shown_text(driver) == f"{shown} of {total} codes", "class:open: wrong counter")


def header_index(driver, name):
    names = driver.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('#census thead th'),"
        " function (th) { return th.textContent.trim(); });")
    check(name in names, f"no column {name!r} (columns: {names})")
    return names.index(name)


def column_keys(driver, index):
    return driver.execute_script("""
      var k = arguments[0];
      return Array.prototype.map.call(
        document.querySelectorAll('#census > tbody > tr:not(.plot-row)'), function (row) {
          var cell = row.cells[k], v = cell.getAttribute('data-v');
          if (v === null) v = cell.textContent.trim();
          return v === '' ? null : v; });""", index)


def ordered(keys, descending):
    values = [k for k in keys if k is not None]
    nulls_last = all(k is None for k in keys[len(values):])
    pairs = zip(values, values[1:])
    if descending:
        return nulls_last and all(int(a) >= int(b) for a, b in pairs)
    return nulls_last and all(int(a) <= int(b) for a, b in pairs)


def check_sort(driver, name):
    index = header_index(driver, name)
    header = driver.find_elements("css selector", "#census thead th")[index]
    header.click()
    keys = column_keys(driver, index)
    check(ordered(keys, False), f"sorting by {name!r}: not ascending with nulls last: {keys[:40]}")
    check(header.get_attribute("aria-sort") == "ascending", f"{name!r}: aria-sort not ascending")
    header.click()
    keys = column_keys(driver, index)
    check(ordered(keys, True), f"sorting by {name!r} again: not descending with nulls last")
    check(header.get_attribute("aria-sort") == "descending", f"{name!r}: aria-sort not descending")
    return sum(1 for k in keys if k is not None)


PLOT_JS = """
var row = arguments[0];
var next = row.nextElementSibling;
if (!next || !next.classList.contains('plot-row')) return null;
var svg = next.querySelector('svg');
if (!svg) return { svg: false };
var box = svg.getBoundingClientRect();
var marks = svg.querySelectorAll('g.marks rect');
var bbox = svg.querySelector('g.marks').getBBox();
return { svg: true, width: box.width, height: box.height, marks: marks.length,
         count: Number(svg.getAttribute('data-count')),
         marksWidth: bbox.width, marksHeight: bbox.height,
         ys: Array.prototype.map.call(marks, function (m) { return Number(m.getAttribute('y')); }),
         rare: Array.prototype.map.call(marks, function (m) { return m.getAttribute('class') === 'r'; }) };
"""


def row_of(driver, code):
    row = driver.execute_script("""
      var rows = document.querySelectorAll('#census > tbody > tr:not(.plot-row)');
      for (var i = 0; i < rows.length; i++) {
        if (rows[i].querySelector('td.code').textContent === arguments[0]) return rows[i];
      }
      return null;""", code)
    check(row is not None, f"no row for {code!r}")
    return row


def popcount_even(value, mask):
    return bin(value & mask).count("1") % 2 == 0


def check_plot(driver, row, code, expected=None):
    button = row.find_element("css selector", "button.plot")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", button)
    button.click()
    check(button.get_attribute("aria-expanded") == "true", f"{code!r}: the plot did not open")
    plot = driver.execute_script(PLOT_JS, row)
    check(plot is not None and plot["svg"], f"{code!r}: no SVG after opening the plot")
    check(plot["width"] > 0 and plot["height"] > 0, f"{code!r}: the SVG has an empty box")
    check(plot["marks"] > 0 and plot["marks"] == plot["count"],
          f"{code!r}: {plot['marks']} marks for {plot['count']} values")
    check(plot["marksWidth"] > 0 and plot["marksHeight"] > 0, f"{code!r}: the marks have no box")
    if expected is not None:
        values = expected["plots"][code]
        check(plot["count"] == len(values), f"{code!r}: {plot['count']} marks, {len(values)} values")
        # Higher values higher up (smaller y), equal values at one height: the values decoded
        # in the page are the values written.
        height = {}
        for value, y in zip(values, plot["ys"]):
            check(height.setdefault(value, y) == y, f"{code!r}: value {value} drawn at two heights")
        levels = sorted(height.items())
        check(all(a[1] > b[1] for a, b in zip(levels, levels[1:])),
              f"{code!r}: the marks are not ordered as the values")
        mask = expected["masks"][code]
        for n, (value, rare) in enumerate(zip(values, plot["rare"])):
            check(rare == (mask != 0 and popcount_even(value, mask)),
                  f"{code!r}: g({n}) = {value} drawn {'rare' if rare else 'common'} (mask {mask})")
    return button


def run(page, expected, max_bytes):
    size = page.stat().st_size
    print(f"page {page}: {size} bytes")
    if max_bytes is not None:
        check(size <= max_bytes, f"the page has {size} bytes, more than {max_bytes}")
    with tempfile.TemporaryDirectory(prefix="grundy-chromium-") as profile:
        driver = start_browser(profile)
        try:
            started = time.monotonic()
            driver.get(page.resolve().as_uri())
            driver.find_element("id", "census")
            print(f"loaded in {time.monotonic() - started:.2f} s")
            errors = severe(driver)
            check(not errors, f"console errors on load: {errors}")
            fetched = driver.execute_script(
                "return performance.getEntriesByType('resource').map(function (e) {"
                " return e.name; });")
            check(not fetched, f"the page fetched {fetched}")

            listed = rows(driver)
            total = len(listed)
            check(total > 0, "no rows")
            check(shown_text(driver) == f"{total} of {total} codes",
                  f"the counter says {shown_text(driver)!r} for {total} rows")
            check(all(not r["hidden"] for r in listed), "rows hidden before any filter")
            if expected is not None:
                check([r["code"] for r in listed] == expected["codes"],
                      "the rows are not the codes, in the family's order")
            for r in listed:
                check(r["code"].lower() in r["search"], f"{r['code']!r}: not searchable by code")

            # Filter: given codes (or the middle row's), then a class, then cleared.
            queries = [q for q in (expected or {}).get("filters", []) if ":" not in q]
            queries = queries or [listed[total // 2]["code"]]
            for query in queries:
                kept = check_filter(driver, query, total)
                print(f"filter {query!r}: {kept} of {total} rows")
            check_class_filter(driver, total)
            type_filter(driver, "")
            check(all(not r["hidden"] for r in rows(driver)), "clearing the filter hid rows")
            check(shown_text(driver) == f"{total} of {total} codes", "the counter after clearing")

            # Sorting.
            for name in ("period", "largest", "values"):
                print(f"sorted by {name!r}: {check_sort(driver, name)} rows with a value")
            check_sort(driver, "#")
            index = header_index(driver, "#")
            driver.find_elements("css selector", "#census thead th")[index].click()
            check([r["code"] for r in rows(driver)] == [r["code"] for r in listed],
                  "sorting by # does not give the family's order back")

            # Plots: the given codes' (or the first, the middle and the last plotted rows').
            plotted = driver.execute_script(
                "return Array.prototype.map.call(document.querySelectorAll("
                "'#census > tbody > tr:not(.plot-row)'), function (row) {"
                " return row.querySelector('button.plot') ? row.querySelector('td.code')"
                ".textContent : null; }).filter(function (c) { return c !== null; });")
            check(plotted, "no row has a plot")
            codes = list(expected["plots"]) if expected else \
                [plotted[0], plotted[len(plotted) // 2], plotted[-1]]
            for code in codes:
                row = row_of(driver, code)
                button = check_plot(driver, row, code, expected)
                button.click()
                check(driver.execute_script(PLOT_JS, row) is None, f"{code!r}: the plot stayed")
            print(f"plots drawn: {len(codes)}")

            # An open plot follows its row through sorting, and hides with it.
            code = codes[0]
            row = row_of(driver, code)
            button = check_plot(driver, row, code, None)
            check_sort(driver, "largest")
            check(driver.execute_script(PLOT_JS, row) is not None,
                  "after sorting, the plot is not under its row")
            search = row.get_attribute("data-search")
            other = next((c for c in plotted if c.lower() not in search), None)
            if other is not None:
                type_filter(driver, other)
                hidden = driver.execute_script(
                    "var p = arguments[0].nextElementSibling; return p.hidden;", row)
                check(hidden, "the filter hid a row but not its plot")
                type_filter(driver, "")
            button.click()

            errors = severe(driver)
            check(not errors, f"console errors: {errors}")
            # The log does report errors: a probe shows up in it.
            driver.execute_script("console.error('report browser test probe');")
            probe = severe(driver)
            check(any("report browser test probe" in e.get("message", "") for e in probe),
                  f"the browser log did not report a console error: {probe}")
        finally:
            driver.quit()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("page", type=Path)
    parser.add_argument("--expect", type=Path)
    parser.add_argument("--max-bytes", type=int)
    args = parser.parse_args()
    if CHROMIUM is None or CHROMEDRIVER is None:
        missing = "chromium" if CHROMIUM is None else "chromedriver (chromium-driver)"
        print(f"census report browser test skipped: {missing} is not installed "
              "(scripts/setup.sh installs it)")
        return SKIP
    try:
        import selenium  # noqa: F401
    except ImportError:
        print("census report browser test: python3-selenium is missing for "
              f"{sys.executable} (scripts/setup.sh installs it)")
        return 1
    expected = json.loads(args.expect.read_text()) if args.expect else None
    try:
        run(args.page, expected, args.max_bytes)
    except Failure as failure:
        print(f"FAILED: {failure}")
        return 1
    print("passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
