// Harness: period cache files (today's format; the certificate format replaces it).
// Properties: anything but grundy::Error escaping is a defect (a huge count or preperiod
// included); a file that parses holds one value per index of its preperiod and period (no
// wrap-around), answers g(n) for any n, and writes back as a file that parses to the same
// periodicity.
#include <cstdint>
#include <optional>
#include <string>

#include "grundy/analysis/period_cache.hpp"
#include "grundy/core/error.hpp"
#include "support.hpp"

namespace {

/// The game the file's second line names ("game NAME"), so that inputs need not match a fixed one.
std::string game_named(const std::string& text) {
  const std::size_t line = text.find('\n');
  if (line == std::string::npos || text.compare(line + 1, 5, "game ") != 0) return "0.07";
  const std::size_t end = text.find('\n', line + 1);
  return text.substr(line + 6, end == std::string::npos ? std::string::npos : end - line - 6);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(grundy::fuzz::as_text(data, size));
  const std::string game = game_named(text);
  std::optional<grundy::Periodicity> p;
  try {
    p = grundy::parse_periodicity(text, game);
  } catch (const grundy::Error&) {
    return 0;
  }
  if (!p) return 0;
  FUZZ_CHECK(p->period > 0, "period 0");
  FUZZ_CHECK(p->period <= p->values.size() && p->values.size() - p->period == p->preperiod,
             "values for preperiod + period");
  for (const std::uint64_t n : {std::uint64_t{0}, p->preperiod, p->preperiod + p->period,
                                std::uint64_t{1} << 63, ~std::uint64_t{0}}) {
    (void)p->value_at(n);
  }
  const std::optional<grundy::Periodicity> again =
      grundy::parse_periodicity(grundy::serialise_periodicity(game, *p), game);
  FUZZ_CHECK(again.has_value(), "a parsed file does not write back as a valid one");
  FUZZ_CHECK(again->preperiod == p->preperiod && again->period == p->period &&
                 again->saltus == p->saltus && again->values == p->values &&
                 again->values_checked == p->values_checked && again->proof == p->proof,
             "the periodicity changed through a write and a read");
  return 0;
}
