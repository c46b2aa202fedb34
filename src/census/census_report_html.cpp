// The census report as one self-contained HTML page: inline CSS and JavaScript, no URL fetched
// (a Content-Security-Policy forbids every load), the values of each code's plot embedded
// compactly and drawn as SVG when the plot is opened.

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "census_report_parts.hpp"
#include "grundy/core/xml_escape.hpp"

namespace grundy::detail {
namespace {

/// Text for HTML content and attribute values.
std::string html(std::string_view text) {
  return xml_escape(printable_text(text), true);
}

// The plot values of a code, written in a base-32 variable-length code: each value is its base-32
// digits, most significant first, all but the last taken from the second half of the alphabet.
// Values below 32 (most values of most games) are one character; the alphabet needs no escaping
// in JSON or HTML. The page's script decodes it (decode() below).
constexpr std::string_view kAlphabet =
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";

std::string encode_values(const std::vector<std::uint32_t>& values) {
  std::string out;
  out.reserve(values.size() + values.size() / 4);
  for (const std::uint32_t v : values) {
    char digits[8];
    int count = 0;
    std::uint32_t rest = v;
    do {
      digits[count++] = static_cast<char>(rest % 32);
      rest /= 32;
    } while (rest != 0);
    while (count > 1) out += kAlphabet[32 + static_cast<std::size_t>(digits[--count])];
    out += kAlphabet[static_cast<std::size_t>(digits[0])];
  }
  return out;
}

struct Column {
  std::string_view header;
  std::string_view type;  // "int" (whole numbers), "num" (decimals) or "text"
  std::string_view key;   // the filter's `key:text` name, for the columns the filter searches
  std::string_view title;
};

constexpr std::array<Column, 19> kColumns{{
    {"#", "int", "", "the code's place in the family"},
    {"code", "text", "code", "the code as the family writes it"},
    {"plot", "none", "", "g(n) against n for the first values"},
    {"class", "text", "class", "trivial: proven from g(0..999); solved: proven; open: not proven"},
    {"representative", "text", "rep", "the code whose values were computed for this one"},
    {"relation", "text", "relation",
     "how the values relate to the representative's (same moves, offset, proven equal: proven; "
     "observed: not proven)"},
    {"values", "int", "", "values computed (for a proven game: the values the proof used)"},
    {"preperiod", "int", "", "the last exception + 1"},
    {"period", "int", "", "the period"},
    {"saltus", "int", "", "g(n + period) = g(n) + saltus past the preperiod"},
    {"largest", "int", "", "the largest value among the values computed"},
    {"first at", "int", "", "the first position with the largest value"},
    {"rare mask", "int", "", "the sparse-space mask with the fewest rare positions"},
    {"rare", "int", "", "rare positions among the values computed"},
    {"last rare", "int", "", "the last rare position"},
    {"looks like", "text", "looks", "what the values of an open game look like (not proven)"},
    {"theorem", "text", "theorem", "the theorem that proves the period"},
    {"game", "text", "game", "its canonical game"},
    {"seconds", "num", "", "wall time of the game in its run"},
}};

constexpr std::string_view kStyle = R"css(
:root { --common: #1f5fa8; --rare: #d81b60; --line: #d0d7de; --muted: #57606a; }
* { box-sizing: border-box; }
body { font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 1.5em; color: #1f2328; }
h1 { font-size: 1.6em; margin: 0 0 .2em; }
h2 { font-size: 1.25em; margin: 1.6em 0 .5em; }
h3 { font-size: 1.05em; margin: 1.2em 0 .4em; }
p.meta, p.note { color: var(--muted); margin: .2em 0 .8em; max-width: 70em; }
code { font-family: ui-monospace, "SFMono-Regular", Menlo, monospace; }
table { border-collapse: collapse; }
th, td { border-bottom: 1px solid var(--line); padding: 3px 8px; text-align: left; vertical-align: top; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
#census thead th { position: sticky; top: 0; background: #f6f8fa; z-index: 1; }
#census th button { all: unset; cursor: pointer; font-weight: 600; }
#census th[aria-sort="ascending"] button::after { content: " \25B2"; }
#census th[aria-sort="descending"] button::after { content: " \25BC"; }
#census tbody tr:nth-child(even of :not(.plot-row)) { background: #fafbfc; }
#census td { white-space: nowrap; }
#census td.code { font-family: ui-monospace, Menlo, monospace; }
#census td.looks { white-space: normal; min-width: 22em; }
.controls { display: flex; gap: 1em; align-items: center; margin: .5em 0; flex-wrap: wrap; }
#filter { font: inherit; padding: 4px 8px; width: 28em; max-width: 100%; }
#shown { color: var(--muted); }
.cls { border-radius: 3px; padding: 0 5px; font-size: .9em; }
.cls-trivial { background: #dafbe1; } .cls-solved { background: #ddf4ff; }
.cls-open { background: #fff8c5; } .cls-pending { background: #eaeef2; }
button.plot { font: inherit; font-size: .9em; padding: 0 6px; cursor: pointer; }
tr.plot-row td { background: #fff; padding: 6px 8px 12px; }
tr.plot-row svg { position: sticky; left: 8px; }
svg.plot { display: block; max-width: 100%; height: auto; }
svg.plot text { font: 11px system-ui, sans-serif; fill: #1f2328; }
svg.plot .axis { stroke: #57606a; stroke-width: 1; }
svg.plot .tick { stroke: #d0d7de; stroke-width: 1; }
svg.plot rect.m { fill: var(--common); } svg.plot rect.r { fill: var(--rare); }
svg.plot .pre { stroke: #8250df; stroke-dasharray: 4 3; } svg.plot .band { fill: #8250df; opacity: .08; }
.summary button { all: unset; cursor: pointer; text-decoration: underline dotted; }
)css";

constexpr std::string_view kScript = R"js(
(function () {
  'use strict';
  var ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_';
  var DIGIT = {};
  for (var d = 0; d < ALPHABET.length; d++) DIGIT[ALPHABET.charAt(d)] = d;
  var SVG_NS = 'http://www.w3.org/2000/svg';

  function decode(text) {
    var out = [], v = 0;
    for (var i = 0; i < text.length; i++) {
      var digit = DIGIT[text.charAt(i)];
      if (digit === undefined) throw new Error('census report: a plot holds a bad character');
      if (digit >= 32) { v = v * 32 + (digit - 32); } else { out.push(v * 32 + digit); v = 0; }
    }
    return out;
  }

  var encoded = JSON.parse(document.getElementById('census-values').textContent);
  var decoded = [];
  function valuesOf(index) {
    if (decoded[index] === undefined) decoded[index] = decode(encoded[index]);
    return decoded[index];
  }

  var table = document.getElementById('census');
  var tbody = table.tBodies[0];
  var headers = Array.prototype.slice.call(table.tHead.rows[0].cells);
  var rows = Array.prototype.slice.call(tbody.rows);
  var searched = [];  // the columns the filter searches: [index, key]
  headers.forEach(function (th, k) { if (th.dataset.key) searched.push([k, th.dataset.key]); });

  function cellText(row, k) { return row.cells[k].textContent.trim().toLowerCase(); }
  rows.forEach(function (row) {
    row.dataset.search = searched.map(function (s) { return cellText(row, s[0]); }).join(' ');
  });
  var others = Array.prototype.slice.call(document.querySelectorAll('table.lookup tbody tr'));
  others.forEach(function (row) { row.dataset.search = row.textContent.trim().toLowerCase(); });

  // ---- filter: every term must match; `key:text` looks in one column only
  var filter = document.getElementById('filter');
  var shown = document.getElementById('shown');
  function terms() {
    return filter.value.toLowerCase().split(/\s+/).filter(function (t) { return t !== ''; })
      .map(function (t) {
        var colon = t.indexOf(':');
        if (colon > 0) {
          var key = t.slice(0, colon);
          for (var s = 0; s < searched.length; s++) {
            if (searched[s][1] === key) return { column: searched[s][0], text: t.slice(colon + 1) };
          }
        }
        return { column: -1, text: t };
      });
  }
  function matches(row, list, main) {
    return list.every(function (t) {
      if (t.column >= 0 && main) return cellText(row, t.column).indexOf(t.text) >= 0;
      return row.dataset.search.indexOf(t.text) >= 0;
    });
  }
  function applyFilter() {
    var list = terms(), count = 0;
    // Only the rows that change are touched: a large table is laid out again for each.
    function show(row, visible) { if (row.hidden === visible) row.hidden = !visible; }
    rows.forEach(function (row) {
      var visible = matches(row, list, true);
      show(row, visible);
      if (row.plotRow) show(row.plotRow, visible);
      if (visible) count++;
    });
    others.forEach(function (row) { show(row, matches(row, list, false)); });
    shown.textContent = count + ' of ' + rows.length + ' codes';
  }
  filter.addEventListener('input', applyFilter);
  Array.prototype.forEach.call(document.querySelectorAll('.summary button[data-filter]'),
    function (button) {
      button.addEventListener('click', function () {
        filter.value = button.dataset.filter;
        applyFilter();
        filter.focus();
      });
    });

  // ---- sorting: numbers as numbers, empty cells last in both directions
  function sortKey(row, k) {
    var cell = row.cells[k];
    var v = cell.getAttribute('data-v');
    if (v === null) v = cell.textContent.trim();
    return v === '' ? null : v;
  }
  function compareInt(a, b) {  // whole numbers of any size, written without leading zeros
    if (a.length !== b.length) return a.length - b.length;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  function compareNum(a, b) { return parseFloat(a) - parseFloat(b); }
  function compareText(a, b) { return a < b ? -1 : a > b ? 1 : 0; }
  var sortState = { column: -1, descending: false };
  function sortBy(k) {
    var type = headers[k].dataset.type;
    if (type !== 'int' && type !== 'num' && type !== 'text') return;
    var descending = sortState.column === k ? !sortState.descending : false;
    sortState = { column: k, descending: descending };
    var compare = type === 'int' ? compareInt : type === 'num' ? compareNum : compareText;
    var keyed = rows.map(function (row, i) { return { row: row, key: sortKey(row, k), place: i }; });
    keyed.sort(function (x, y) {
      if (x.key === null || y.key === null) {
        if (x.key === y.key) return x.place - y.place;
        return x.key === null ? 1 : -1;
      }
      var c = compare(x.key, y.key);
      if (descending) c = -c;
      return c !== 0 ? c : x.place - y.place;
    });
    rows = keyed.map(function (e) { return e.row; });
    rows.forEach(function (row) {
      tbody.appendChild(row);
      if (row.plotRow) tbody.appendChild(row.plotRow);
    });
    headers.forEach(function (th, i) {
      if (i === k) th.setAttribute('aria-sort', descending ? 'descending' : 'ascending');
      else th.removeAttribute('aria-sort');
    });
  }
  headers.forEach(function (th, k) { th.addEventListener('click', function () { sortBy(k); }); });

  // ---- plots: g(n) against n, drawn when opened
  function svgElement(name, attributes, parent) {
    var e = document.createElementNS(SVG_NS, name);
    for (var a in attributes) e.setAttribute(a, attributes[a]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function label(parent, x, y, anchor, text) {
    var t = svgElement('text', { x: x, y: y, 'text-anchor': anchor }, parent);
    t.textContent = text;
    return t;
  }
  function roundStep(span, ticks) {
    var step = 1;
    for (;;) {
      var factors = [1, 2, 5];
      for (var f = 0; f < 3; f++) if (span / (step * factors[f]) < ticks) return step * factors[f];
      step *= 10;
    }
  }
  function rare(v, mask) {
    var x = (v & mask) >>> 0, bits = 0;
    while (x !== 0) { bits ^= 1; x &= x - 1; x >>>= 0; }
    return bits === 0;
  }
  function drawPlot(row, code) {
    var values = valuesOf(Number(row.dataset.seq));
    var W = 800, H = 270, left = 56, right = 14, top = 28, bottom = 42;
    var w = W - left - right, h = H - top - bottom;
    var count = values.length, largest = 0;
    values.forEach(function (v) { if (v > largest) largest = v; });
    var vmax = Math.max(largest, 1);
    var mask = row.dataset.mask ? Number(row.dataset.mask) : 0;
    var svg = svgElement('svg', { 'class': 'plot', viewBox: '0 0 ' + W + ' ' + H, width: W,
                                  height: H, role: 'img', 'data-count': count });
    var title = svgElement('title', {}, svg);
    title.textContent = 'g(n) of ' + code + ' for n = 0..' + (count - 1);
    function x(n) { return left + n * w / count; }
    function y(v) { return top + h - v * h / vmax; }
    var pre = row.dataset.pre, per = row.dataset.per;
    if (pre !== undefined && per !== undefined) {
      var p = Number(pre), q = Number(per);
      if (p < count) {
        svgElement('rect', { 'class': 'band', x: x(p), y: top, height: h,
                             width: x(Math.min(p + q, count)) - x(p) }, svg);
        svgElement('line', { 'class': 'pre', x1: x(p), x2: x(p), y1: top, y2: top + h }, svg);
      }
    }
    var xs = roundStep(count, 8), ys = roundStep(vmax, 6);
    for (var n = 0; n <= count; n += xs) {
      svgElement('line', { 'class': 'tick', x1: x(n), x2: x(n), y1: top, y2: top + h }, svg);
      label(svg, x(n), top + h + 15, 'middle', String(n));
    }
    for (var v = 0; v <= vmax; v += ys) {
      svgElement('line', { 'class': 'tick', x1: left, x2: left + w, y1: y(v), y2: y(v) }, svg);
      label(svg, left - 6, y(v) + 4, 'end', String(v));
    }
    svgElement('line', { 'class': 'axis', x1: left, x2: left + w, y1: top + h, y2: top + h }, svg);
    svgElement('line', { 'class': 'axis', x1: left, x2: left, y1: top, y2: top + h }, svg);
    label(svg, left + w / 2, H - 6, 'middle', 'n');
    label(svg, 14, top + h / 2, 'middle', 'g(n)');
    var legend = 'g(n) of ' + code + ', n = 0..' + (count - 1) + ', largest ' + largest;
    if (mask !== 0) legend += '; rare values (mask 0x' + mask.toString(16) + ') in red';
    if (pre !== undefined) legend += '; the line marks the preperiod, the band one period';
    label(svg, left, 16, 'start', legend);
    var marks = svgElement('g', { 'class': 'marks' }, svg);
    var width = Math.max(w / count, 1.2);
    values.forEach(function (value, i) {
      svgElement('rect', { 'class': mask !== 0 && rare(value, mask) ? 'r' : 'm', x: x(i),
                           y: y(value) - 1.5, width: width, height: 3 }, marks);
    });
    var readout = label(svg, left + w, 16, 'end', '');
    svg.addEventListener('mousemove', function (event) {
      var box = svg.getBoundingClientRect();
      if (box.width === 0) return;
      var i = Math.floor(((event.clientX - box.left) * W / box.width - left) * count / w);
      readout.textContent = i >= 0 && i < count ? 'g(' + i + ') = ' + values[i] : '';
    });
    return svg;
  }
  function togglePlot(row, button) {
    if (row.plotRow) {
      tbody.removeChild(row.plotRow);
      row.plotRow = null;
      button.setAttribute('aria-expanded', 'false');
      return;
    }
    var plotRow = document.createElement('tr');
    plotRow.className = 'plot-row';
    var cell = document.createElement('td');
    cell.colSpan = headers.length;
    cell.appendChild(drawPlot(row, row.querySelector('td.code').textContent));
    plotRow.appendChild(cell);
    tbody.insertBefore(plotRow, row.nextSibling);
    row.plotRow = plotRow;
    button.setAttribute('aria-expanded', 'true');
  }
  rows.forEach(function (row) {
    var button = row.querySelector('button.plot');
    if (button) button.addEventListener('click', function (event) {
      event.stopPropagation();
      togglePlot(row, button);
    });
  });
  applyFilter();
})();
)js";

std::string number(std::uint64_t v) {
  return std::to_string(v);
}

std::string cell(const std::string& text, bool numeric = false) {
  return std::string(numeric ? "<td class=\"n\">" : "<td>") + text + "</td>";
}

std::string class_badge(std::string_view name) {
  return "<span class=\"cls cls-" + std::string(name) + "\">" + std::string(name) + "</span>";
}

std::string relation_text(const CensusReportRow& row) {
  switch (row.relation) {
    case Relation::itself:
      return "itself";
    case Relation::same_moves:
      return "same moves";
    case Relation::offset:
      return "offset " + offset_text(row.offset);
    case Relation::proven_equal:
      return "proven equal";
    case Relation::observed:
      return "observed";
  }
  return "";
}

}  // namespace

std::string html_text(std::string_view text) { return html(text); }

std::string html_report(const CensusReportData& data, const std::vector<ReportClass>& classes) {
  // Each distinct sequence once: codes with the same moves share their values.
  std::vector<std::string> sequences;
  std::map<std::string, std::size_t> sequence_index;
  std::vector<std::string> row_sequence(data.rows.size());
  for (std::size_t k = 0; k < data.rows.size(); ++k) {
    if (data.rows[k].plot_values.empty()) continue;
    std::string encoded = encode_values(data.rows[k].plot_values);
    const auto [it, added] = sequence_index.emplace(std::move(encoded), sequences.size());
    if (added) sequences.push_back(it->first);
    row_sequence[k] = number(it->second);
  }

  std::string out;
  out.reserve(4096 + data.rows.size() * 600 + data.rows.size() * kPlotValues);
  const std::string family = html(data.family);
  out +=
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
      "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<link rel=\"icon\" href=\"data:,\">\n<title>Census of " +
      family + "</title>\n<style>" + std::string(kStyle) + "</style>\n</head>\n<body>\n";

  out += "<header>\n<h1>Census of <code>" + family + "</code></h1>\n<p class=\"meta\">Engine " +
         html(data.engine.empty() ? "unknown" : data.engine) + ", " + number(data.runs) +
         (data.runs == 1 ? " run" : " runs") + "; report of " +
         html(data.generated.empty() ? "an unknown date" : data.generated) + ".</p>\n";

  // Summary: codes and representatives of each class; a class name filters the table to it.
  {
    std::map<std::string_view, std::pair<std::uint64_t, std::uint64_t>> counts;
    for (const CensusReportRow& row : data.rows) ++counts[shown_class(row)].first;
    for (const ReportClass& cls : classes) {
      if (cls.row != nullptr) ++counts[shown_class(*cls.row)].second;
    }
    out +=
        "<table class=\"summary\"><thead><tr><th>class</th><th class=\"n\">codes</th>"
        "<th class=\"n\">representatives</th></tr></thead><tbody>\n";
    for (const std::string_view kind : {"trivial", "solved", "open", "pending"}) {
      out += "<tr><td><button type=\"button\" data-filter=\"class:" + std::string(kind) + "\">" +
             class_badge(kind) + "</button></td>" + cell(number(counts[kind].first), true) +
             cell(number(counts[kind].second), true) + "</tr>\n";
    }
    out += "</tbody></table>\n</header>\n";
  }

  out +=
      "<section>\n<h2>Games</h2>\n<p class=\"note\">One row per code. Click a column to sort "
      "(again to reverse; empty cells stay last). The filter keeps the rows that contain every "
      "word typed in their code, game, class, representative, relation, theorem or description; "
      "<code>class:open</code>, <code>rep:.4</code>, <code>code:.16</code> look in one column. "
      "<em>plot</em> draws g(n) against n for the first values.</p>\n"
      "<noscript><p>Sorting, filtering and the plots need JavaScript.</p></noscript>\n"
      "<div class=\"controls\"><label>Filter <input id=\"filter\" type=\"search\" "
      "autocomplete=\"off\" spellcheck=\"false\" placeholder=\"code, class, representative, "
      "theorem…\"></label> <span id=\"shown\" aria-live=\"polite\">" +
      number(data.rows.size()) + " of " + number(data.rows.size()) +
      " codes</span></div>\n<table id=\"census\">\n<thead><tr>";
  for (const Column& c : kColumns) {
    const bool numeric = c.type == "int" || c.type == "num";
    out += "<th" + std::string(numeric ? " class=\"n\"" : "") + " data-type=\"" +
           std::string(c.type) + "\"" +
           (c.key.empty() ? std::string() : " data-key=\"" + std::string(c.key) + "\"") +
           " title=\"" + html(c.title) + "\">" +
           (c.type == "none" ? std::string(c.header)
                             : "<button type=\"button\">" + std::string(c.header) + "</button>") +
           "</th>";
  }
  out += "</tr></thead>\n<tbody>\n";

  for (std::size_t k = 0; k < data.rows.size(); ++k) {
    const CensusReportRow& row = data.rows[k];
    const GameResult& r = row.result;
    const bool computed = !row.pending;
    const bool proven = computed && r.census_class != CensusClass::open;
    auto when = [](bool shown, std::uint64_t v) { return shown ? number(v) : std::string(); };
    out += "<tr";
    if (!row_sequence[k].empty()) out += " data-seq=\"" + row_sequence[k] + "\"";
    if (proven)
      out += " data-pre=\"" + number(r.preperiod) + "\" data-per=\"" + number(r.period) + "\"";
    // The plotted values are below 2^32: only the mask's low 32 bits decide which are rare.
    if (computed && (r.rare_mask & 0xFFFFFFFFu) != 0)
      out += " data-mask=\"" + number(r.rare_mask & 0xFFFFFFFFu) + "\"";
    out += ">";
    out += cell(number(k + 1), true);
    out += "<td class=\"code\">" + html(row.code) + "</td>";
    out += row_sequence[k].empty()
               ? cell("")
               : "<td><button type=\"button\" class=\"plot\" aria-expanded=\"false\">plot</button>"
                 "</td>";
    out += "<td>" + class_badge(shown_class(row)) + "</td>";
    out += cell(html(row.representative));
    out += cell(html(relation_text(row)));
    out += cell(when(computed, r.values_computed), true);
    out += cell(when(proven, r.preperiod), true);
    out += cell(when(proven, r.period), true);
    out += cell(when(proven, r.saltus), true);
    out += cell(when(computed, r.largest_value), true);
    out += cell(when(computed, r.largest_first), true);
    if (computed && r.rare_mask != 0)
      out += "<td class=\"n\" data-v=\"" + number(r.rare_mask) + "\">" + hex_mask(r.rare_mask) +
             "</td>";
    else
      out += cell("", true);
    out += cell(when(computed, r.rare_count), true);
    out += cell(computed && r.last_rare ? number(*r.last_rare) : "", true);
    out += computed && r.census_class == CensusClass::open
               ? "<td class=\"looks\">" + html(looks_like(r)) + "</td>"
               : cell("");
    out += cell(proven ? html(r.theorem) : "");
    out += cell(html(r.game));
    out += cell(computed ? seconds_text(r.seconds) : "", true);
    out += "</tr>\n";
  }
  out += "</tbody></table>\n</section>\n";

  out +=
      "<section>\n<h2>Equivalence lookup</h2>\n<p class=\"note\">Each class of codes under its "
      "representative. Proven: <em>same moves</em> (the digits allow exactly the same moves), "
      "<em>offset</em> (+k: g(n + k) = g<sub>rep</sub>(n), the offset rule), <em>proven "
      "equal</em> (both solved, with the same preperiod, period, saltus and values; or "
      "differing only in moves that take a whole heap, with equal first values). "
      "<em>Observed</em>: equal values g(0..n-1) for the n computed, not proven. Codes not listed "
      "are alone in their class.</p>\n";
  {
    std::string body;
    for (const ReportClass& cls : classes) {
      if (cls.members.empty()) continue;
      std::array<std::string, 4> lists;
      for (const CensusReportRow* m : cls.members) {
        std::size_t column = 3;
        std::string item = "<code>" + html(m->code) + "</code>";
        if (m->relation == Relation::same_moves) column = 0;
        if (m->relation == Relation::offset) {
          column = 1;
          item += " (" + offset_text(m->offset) + ")";
        }
        if (m->relation == Relation::proven_equal) column = 2;
        if (column == 3) item += " (n = " + number(observed_values(*m, cls)) + ")";
        lists[column] += (lists[column].empty() ? "" : ", ") + item;
      }
      body += "<tr><td><code>" + html(cls.representative) + "</code>" +
              (cls.row == nullptr ? " (not in this census)" : "") + "</td><td>" +
              (cls.row == nullptr ? std::string() : class_badge(shown_class(*cls.row))) + "</td>" +
              cell(lists[0]) + cell(lists[1]) + cell(lists[2]) + cell(lists[3]) + "</tr>\n";
    }
    if (body.empty()) {
      out += "<p>Every code is alone in its class.</p>\n";
    } else {
      out +=
          "<table class=\"lookup\" id=\"lookup\"><thead><tr><th>representative</th><th>class</th>"
          "<th>same moves</th><th>offset</th><th>proven equal</th><th>observed</th></tr></thead>"
          "<tbody>\n" +
          body + "</tbody></table>\n";
    }
  }
  out +=
      "<h3>Near misses</h3>\n<p class=\"note\">Codes whose values agree on a long prefix and then "
      "differ (published tables have confused such pairs).</p>\n";
  if (data.near_misses.empty()) {
    out += "<p>None found.</p>\n";
  } else {
    out +=
        "<table class=\"lookup\" id=\"near-misses\"><thead><tr><th>code</th><th>code</th>"
        "<th class=\"n\">first difference at n</th></tr></thead><tbody>\n";
    for (const NearMiss& miss : data.near_misses) {
      out += "<tr><td><code>" + html(miss.a) + "</code></td><td><code>" + html(miss.b) +
             "</code></td>" + cell(number(miss.first_difference), true) + "</tr>\n";
    }
    out += "</tbody></table>\n";
  }
  out += "</section>\n";

  // The values: a JSON array of strings of kAlphabet only (nothing in them to escape).
  out += "<script id=\"census-values\" type=\"application/json\">[";
  for (std::size_t k = 0; k < sequences.size(); ++k) {
    if (k != 0) out += ",\n";
    out += "\"" + sequences[k] + "\"";
  }
  out += "]</script>\n<script>" + std::string(kScript) + "</script>\n</body>\n</html>\n";
  return out;
}

}  // namespace grundy::detail
