#include "grundy/analysis/period_certificate.hpp"

#include <array>
#include <charconv>
#include <cstdio>
#include <ctime>
#include <vector>

#include "grundy/core/checked.hpp"
#include "grundy/core/checksum.hpp"
#include "grundy/core/enum_names.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/input_file.hpp"
#include "grundy/version.hpp"

namespace grundy {
namespace {

/// Values per line of the text form.
constexpr std::uint64_t kValuesPerLine = 32;
/// The longest text field (game, proof): far above any real one, and a bound on what a
/// malformed file can make the parser copy.
constexpr std::size_t kMaxFieldBytes = 4096;
constexpr std::size_t kMaxEngineBytes = 64;
/// `checksum ` + 16 hex digits + newline.
constexpr std::size_t kChecksumLineBytes = 9 + 16 + 1;

constexpr std::array kKinds{
    std::pair{PeriodicityTheorem::Kind::none_applies, std::string_view("none")},
    std::pair{PeriodicityTheorem::Kind::window, std::string_view("window")},
    std::pair{PeriodicityTheorem::Kind::take_break, std::string_view("take_break")},
    std::pair{PeriodicityTheorem::Kind::residue, std::string_view("residue")},
    std::pair{PeriodicityTheorem::Kind::nim, std::string_view("nim")},
    std::pair{PeriodicityTheorem::Kind::arithmetic, std::string_view("arithmetic")},
    std::pair{PeriodicityTheorem::Kind::lasker, std::string_view("lasker")},
};

std::string hex16(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

bool printable(std::string_view s) {
  for (char c : s) {
    if (c < 0x20 || c > 0x7e) return false;
  }
  return true;
}

bool engine_like(std::string_view s) {
  if (s.empty() || s.size() > kMaxEngineBytes) return false;
  for (char c : s) {
    const bool ok = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                    c == '.' || c == '-' || c == '+';
    if (!ok) return false;
  }
  return true;
}

/// `YYYY-MM-DDTHH:MM:SSZ` with each field in its range.
bool date_like(std::string_view s) {
  if (s.size() != 20) return false;
  constexpr std::string_view shape = "dddd-dd-ddTdd:dd:ddZ";
  for (std::size_t k = 0; k < shape.size(); ++k) {
    const bool ok = shape[k] == 'd' ? (s[k] >= '0' && s[k] <= '9') : s[k] == shape[k];
    if (!ok) return false;
  }
  auto two = [&](std::size_t at) { return (s[at] - '0') * 10 + (s[at + 1] - '0'); };
  return two(5) >= 1 && two(5) <= 12 && two(8) >= 1 && two(8) <= 31 && two(11) <= 23 &&
         two(14) <= 59 && two(17) <= 60;
}

/// A decimal number as the serialiser writes it: digits only, no leading zero (but "0"), at most
/// 2^64-1.
std::optional<std::uint64_t> decimal(std::string_view s) {
  if (s.empty() || s.size() > 20 || (s.size() > 1 && s[0] == '0')) return std::nullopt;
  std::uint64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    const auto times_ten = checked_mul(v, 10);
    if (!times_ten) return std::nullopt;
    const auto next = checked_add(*times_ten, static_cast<std::uint64_t>(c - '0'));
    if (!next) return std::nullopt;
    v = *next;
  }
  return v;
}

/// Reads the body of a certificate line by line; every problem is an Error naming the line.
class Reader {
 public:
  explicit Reader(std::string_view body) : body_(body) {}

  /// The rest of the next line after `key ` (without the newline).
  std::string_view field(std::string_view key, std::size_t max_bytes) {
    ++line_;
    const std::string_view rest = body_.substr(pos_);
    if (rest.substr(0, key.size()) != key || rest.size() <= key.size() || rest[key.size()] != ' ')
      fail("expected '" + std::string(key) + " ...'");
    const std::size_t start = key.size() + 1;
    const std::size_t end = rest.find('\n', start);
    if (end == std::string_view::npos) fail("'" + std::string(key) + "' has no end of line");
    if (end - start > max_bytes) fail("'" + std::string(key) + "' is too long");
    pos_ += end + 1;
    return rest.substr(start, end - start);
  }
  std::uint64_t number(std::string_view key) {
    const auto v = decimal(field(key, 20));
    if (!v) fail("'" + std::string(key) + "' is not a decimal number below 2^64");
    return *v;
  }
  std::string text(std::string_view key) {
    const std::string_view s = field(key, kMaxFieldBytes);
    if (s.empty() || !printable(s)) fail("'" + std::string(key) + "' is empty or not printable");
    return std::string(s);
  }

  /// `count` values, kValuesPerLine to a line, each 0..2^32-1; the caller has checked that
  /// `count` fits the bytes left.
  std::vector<std::uint32_t> values(std::uint64_t count) {
    std::vector<std::uint32_t> out;
    out.reserve(static_cast<std::size_t>(count));
    for (std::uint64_t k = 0; k < count; ++k) {
      const char separator =
          (k % kValuesPerLine == kValuesPerLine - 1 || k + 1 == count) ? '\n' : ' ';
      const std::size_t end = body_.find(separator, pos_);
      if (end == std::string_view::npos || end - pos_ > 10) fail("value " + std::to_string(k));
      const auto v = decimal(body_.substr(pos_, end - pos_));
      if (!v || *v > 0xFFFFFFFFu) fail("value " + std::to_string(k) + " is not a value below 2^32");
      out.push_back(static_cast<std::uint32_t>(*v));
      pos_ = end + 1;
    }
    return out;
  }

  std::uint64_t bytes_left() const { return body_.size() - pos_; }
  bool at_end() const { return pos_ == body_.size(); }
  [[noreturn]] void fail(const std::string& what) const {
    throw Error("period certificate, line " + std::to_string(line_) + ": " + what);
  }

 private:
  std::string_view body_;
  std::size_t pos_ = 0;
  std::uint64_t line_ = 1;  // the header line is checked by the caller
};

}  // namespace

std::string_view theorem_kind_name(PeriodicityTheorem::Kind kind) {
  return enum_name(kKinds, kind, "none");
}

std::string certificate_date_now() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return buf;
}

PeriodCertificate make_certificate(const std::string& game, const PeriodicityTheorem& theorem,
                                   Periodicity periodicity, std::string date) {
  PeriodCertificate c;
  c.game = game;
  c.theorem = theorem;
  c.theorem.reason.clear();
  // The values computed bound the arithmetic check's scan: the proof found its point within them.
  c.values_needed = closed_form_periodicity(theorem)
                        ? 0
                        : theorem.values_needed(periodicity, periodicity.values_checked);
  c.periodicity = std::move(periodicity);
  c.engine = kEngineVersion;
  c.date = date.empty() ? certificate_date_now() : std::move(date);
  return c;
}

std::string serialise_certificate(const PeriodCertificate& c) {
  for (const std::string* s : {&c.game, &c.periodicity.proof, &c.engine, &c.date}) {
    if (!printable(*s)) throw Error("a period certificate's text field holds a control byte");
  }
  const Periodicity& p = c.periodicity;
  std::string out;
  out.reserve(512 + p.proof.size() + 11 * p.values.size());
  auto line = [&](std::string_view key, const std::string& value) {
    out.append(key).append(" ").append(value).append("\n");
  };
  out.append(kCertificateHeader).append("\n");
  line("game", c.game);
  line("theorem", std::string(theorem_kind_name(c.theorem.kind)));
  line("reach", std::to_string(c.theorem.reach));
  line("heaps", std::to_string(c.theorem.heaps));
  line("modulus", std::to_string(c.theorem.modulus));
  line("preperiod", std::to_string(p.preperiod));
  line("period", std::to_string(p.period));
  line("saltus", std::to_string(p.saltus));
  line("values_needed", std::to_string(c.values_needed));
  line("values_checked", std::to_string(p.values_checked));
  line("proof", p.proof);
  line("engine", c.engine);
  line("date", c.date);
  line("values", std::to_string(p.values.size()));
  for (std::size_t k = 0; k < p.values.size(); ++k) {
    out += std::to_string(p.values[k]);
    out += (k % kValuesPerLine == kValuesPerLine - 1 || k + 1 == p.values.size()) ? '\n' : ' ';
  }
  out += "checksum " + hex16(fnv1a(out)) + '\n';
  return out;
}

PeriodCertificate parse_certificate(std::string_view text, std::uint64_t max_values) {
  // The checksum first: a torn or edited file fails here whatever its content.
  const std::string header = std::string(kCertificateHeader) + '\n';
  if (text.substr(0, header.size()) != header) {
    throw Error("not a period certificate (format 2): the first line is " +
                quote_excerpt(text.substr(0, text.find('\n'))));
  }
  if (text.size() < header.size() + kChecksumLineBytes)
    throw Error("period certificate: no checksum line");
  const std::size_t mark = text.size() - kChecksumLineBytes;
  const std::string_view body = text.substr(0, mark);
  if (body.back() != '\n' || text.substr(mark) != "checksum " + hex16(fnv1a(body)) + '\n')
    throw Error("period certificate: the checksum does not match (a torn or edited file)");

  Reader in(body.substr(header.size()));
  PeriodCertificate c;
  c.game = in.text("game");
  const std::string kind = in.text("theorem");
  const auto named = enum_from_name(kKinds, kind);
  if (!named || *named == PeriodicityTheorem::Kind::none_applies) {
    in.fail("unknown theorem " + quote_excerpt(kind));
  }
  c.theorem.kind = *named;
  c.theorem.reach = in.number("reach");
  const std::uint64_t heaps = in.number("heaps");
  if (heaps > 3) in.fail("heaps must be 0..3");
  c.theorem.heaps = static_cast<int>(heaps);
  c.theorem.modulus = in.number("modulus");
  Periodicity& p = c.periodicity;
  p.preperiod = in.number("preperiod");
  p.period = in.number("period");
  if (p.period == 0) in.fail("the period is 0");
  p.saltus = in.number("saltus");
  c.values_needed = in.number("values_needed");
  p.values_checked = in.number("values_checked");
  p.proof = in.text("proof");
  c.engine = std::string(in.field("engine", kMaxEngineBytes));
  if (!engine_like(c.engine)) in.fail("'engine' is not a version");
  c.date = std::string(in.field("date", 20));
  if (!date_like(c.date)) in.fail("'date' is not YYYY-MM-DDTHH:MM:SSZ");
  const std::uint64_t count = in.number("values");
  const std::optional<std::uint64_t> expected = checked_add(p.preperiod, p.period);
  if (!expected || count != *expected)
    in.fail("the value count is not preperiod + period = " +
            (expected ? std::to_string(*expected) : std::string("2^64 or more")));
  if (count > max_values)
    in.fail(std::to_string(count) + " values, more than the " + std::to_string(max_values) +
            " a certificate may hold here");
  // Each value takes at least two bytes (a digit and a separator): a count the file cannot hold
  // is refused before anything is allocated for it.
  if (count > in.bytes_left() / 2)
    in.fail(std::to_string(count) + " values cannot fit in the " + std::to_string(in.bytes_left()) +
            " bytes left");
  p.values = in.values(count);
  if (!in.at_end()) in.fail("text after the values");
  return c;
}

}  // namespace grundy
