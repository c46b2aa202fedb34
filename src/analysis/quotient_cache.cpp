// The misère quotient cache (quotient_cache.hpp). docs/file-formats.md describes the file.
#include "grundy/analysis/quotient_cache.hpp"

#include <charconv>
#include <cstdio>
#include <sstream>
#include <system_error>

#include "cache_file.hpp"
#include "grundy/analysis/quotient_check.hpp"
#include "grundy/core/checked.hpp"
#include "grundy/core/checksum.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/input_file.hpp"
#include "grundy/version.hpp"

namespace grundy {
namespace {

constexpr std::string_view kHeader = "grundy misere quotient 1";
/// A table of kMaxOrder² entries of at most 5 digits, and the other lines.
constexpr std::uint64_t kMaxFileBytes =
    std::uint64_t{QuotientCache::kMaxOrder} * QuotientCache::kMaxOrder * 6 + (1u << 24);

/// Reads the lines of a quotient file one by one, strictly.
class Lines {
 public:
  explicit Lines(const std::string& text) : text_(text) {}
  std::string next(std::string_view what) {
    if (pos_ >= text_.size()) throw Error("the quotient file ends before its " + std::string(what));
    const std::size_t end = text_.find('\n', pos_);
    if (end == std::string::npos) throw Error("the quotient file's last line is cut");
    std::string line = text_.substr(pos_, end - pos_);
    pos_ = end + 1;
    return line;
  }
  /// `NAME VALUE`: the value.
  std::string named(std::string_view name) {
    std::string line = next(name);
    if (line.rfind(std::string(name) + " ", 0) != 0) {
      throw Error("the quotient file has " + quote_excerpt(line) + " where " + std::string(name) +
                  " belongs");
    }
    return line.substr(name.size() + 1);
  }
  std::size_t position() const { return pos_; }
  bool at_end() const { return pos_ == text_.size(); }

 private:
  const std::string& text_;
  std::size_t pos_ = 0;
};

std::uint64_t number(std::string_view text, std::string_view what) {
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) {
    throw Error("the quotient file's " + std::string(what) +
                " is not a number: " + quote_excerpt(std::string(text)));
  }
  return v;
}

/// Space-separated numbers, exactly `count` of them, each below `bound`.
std::vector<std::uint32_t> numbers(const std::string& text, std::uint64_t count,
                                   std::uint64_t bound, std::string_view what) {
  std::vector<std::uint32_t> out;
  std::size_t pos = 0;
  while (pos <= text.size() && !(text.empty() && count == 0)) {
    const std::size_t end = std::min(text.find(' ', pos), text.size());
    const std::uint64_t v = number(std::string_view(text).substr(pos, end - pos), what);
    if (v >= bound) throw Error("the quotient file's " + std::string(what) + " is out of range");
    out.push_back(static_cast<std::uint32_t>(v));
    if (out.size() > count) break;
    pos = end + 1;
  }
  if (out.size() != count) {
    throw Error("the quotient file's " + std::string(what) + " has the wrong length");
  }
  return out;
}

std::string joined(const std::vector<std::uint32_t>& v) {
  std::string out;
  for (std::size_t i = 0; i < v.size(); ++i) out += (i ? " " : "") + std::to_string(v[i]);
  return out;
}

}  // namespace

QuotientCache::QuotientCache(std::filesystem::path directory) : directory_(std::move(directory)) {}

std::filesystem::path QuotientCache::file_for(const std::string& game) const {
  return cache_file(directory_, "quotients", kHeader, game);
}

std::string QuotientCache::serialise(const MisereQuotient& q) {
  const std::uint32_t n = q.monoid.order;
  std::ostringstream out;
  out << kHeader << '\n'
      << "engine " << kEngineVersion << '\n'
      << "game " << q.game << '\n'
      << "max_heap " << q.max_heap << '\n'
      << "order " << n << '\n';
  std::vector<std::uint32_t> p;
  for (std::uint32_t x = 0; x < n; ++x) p.push_back(q.monoid.p_portion[x] ? 1 : 0);
  out << "p " << joined(p) << '\n'
      << "phi " << joined(q.phi) << '\n'
      << "orders " << joined(q.orders) << '\n'
      << "stable_from " << q.stable_from << '\n'
      << "candidates " << q.candidates << '\n'
      << "largest_candidate " << q.largest_candidate << '\n';
  for (std::uint32_t x = 0; x < n; ++x) {
    std::vector<std::uint32_t> row(q.monoid.table.begin() + std::uint64_t{x} * n,
                                   q.monoid.table.begin() + std::uint64_t{x + 1} * n);
    out << "row " << joined(row) << '\n';
  }
  std::string text = out.str();
  return text + "checksum " + fnv1a_hex(text) + '\n';
}

MisereQuotient QuotientCache::parse(const std::string& text) {
  Lines lines(text);
  if (lines.next("header") != kHeader) throw Error("not a grundy misère quotient file");
  MisereQuotient q;
  if (lines.named("engine") != kEngineVersion) throw Error("made by another engine version");
  q.game = lines.named("game");
  q.max_heap = number(lines.named("max_heap"), "max_heap");
  if (q.max_heap > (std::uint64_t{1} << 24))
    throw Error("the quotient file's max_heap is too large");
  const std::uint64_t n = number(lines.named("order"), "order");
  if (n == 0 || n > kMaxOrder) throw Error("the quotient file's order is out of range");
  q.monoid.order = static_cast<std::uint32_t>(n);
  const std::vector<std::uint32_t> p = numbers(lines.named("p"), n, 2, "P-portion");
  q.monoid.p_portion.assign(p.begin(), p.end());
  q.phi = numbers(lines.named("phi"), q.max_heap + 1, n, "phi");
  q.orders = numbers(lines.named("orders"), q.max_heap + 1, n + 1, "orders");
  q.stable_from = number(lines.named("stable_from"), "stable_from");
  q.candidates = number(lines.named("candidates"), "candidates");
  q.largest_candidate = number(lines.named("largest_candidate"), "largest_candidate");
  q.monoid.table.clear();
  q.monoid.table.reserve(n * n);
  for (std::uint64_t x = 0; x < n; ++x) {
    const std::vector<std::uint32_t> row = numbers(lines.named("row"), n, n, "table");
    q.monoid.table.insert(q.monoid.table.end(), row.begin(), row.end());
  }
  const std::size_t body = lines.position();
  if (lines.named("checksum") != fnv1a_hex(std::string_view(text).substr(0, body))) {
    throw Error("the quotient file's checksum does not match its contents");
  }
  if (!lines.at_end()) throw Error("the quotient file goes on after its checksum");
  return q;
}

QuotientCache::Loaded QuotientCache::load(const Game& game, const Limits& limits) const {
  Loaded loaded;
  const std::filesystem::path path = file_for(game.name());
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return loaded;
  try {
    MisereQuotient q = parse(read_input_file(path, "quotient cache file", kMaxFileBytes));
    const QuotientCheck check = check_quotient(game, q, limits, kLoadCheckWork);
    if (!check.holds) {
      loaded.problem = check.problem;
    } else {
      loaded.quotient = std::move(q);
      return loaded;
    }
  } catch (const ResourceError& e) {
    // The check did not finish within the memory limit or its steps: the file may be right.
    loaded.problem = e.what();
    return loaded;
  } catch (const Error& e) {
    loaded.problem = e.what();
  }
  // A file that fails is of no use to anyone (its name is this game's and this engine's): it
  // goes, so that the quotient computed instead is stored in its place. (store() keeps a file of
  // as many heaps or more when it parses, and a file that parses may still fail the check.)
  std::filesystem::remove(path, ec);
  return loaded;
}

bool QuotientCache::store(const MisereQuotient& q) const {
  if (q.monoid.order > kMaxOrder) return false;
  const std::filesystem::path target = file_for(q.game);
  std::error_code ec;
  try {
    // Keep the larger: a file of as many heaps or more stays (if it still parses).
    if (std::filesystem::exists(target, ec)) {
      try {
        if (parse(read_input_file(target, "quotient cache file", kMaxFileBytes)).max_heap >=
            q.max_heap) {
          return false;
        }
      } catch (const Error&) {
        // A damaged file is replaced.
      }
    }
    return write_cache_file(target, serialise(q));
  } catch (const Error&) {
    return false;  // a quotient the file cannot hold (serialise refuses it)
  }
}

}  // namespace grundy
