// Harness: period certificates (the period cache's files, docs/file-formats.md) through the strict
// parser and the one verifier.
// Properties: anything but grundy::Error escaping the parser is a defect (a huge count, preperiod
// or period included; the verifier never throws for a bad certificate); a certificate that parses
// holds exactly preperiod + period values, answers g(n) for any n, and writes back as text that
// parses to the same certificate; and when the verifier accepts it after a complete check, its
// values are the game's (the first few hundred recomputed by the dense table solver) — a forged
// period is never accepted.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>

#include "grundy/analysis/period_certificate.hpp"
#include "grundy/analysis/period_verifier.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/limits.hpp"
#include "grundy/rules/game.hpp"
#include "grundy/solve/dense_solver.hpp"
#include "grundy/spec/parser.hpp"
#include "support.hpp"

namespace {

using grundy::PeriodCertificate;

/// Values the harness lets a certificate hold (the cache allows 2^24; the fuzzer's inputs are
/// small, and the bound keeps the parser's own size checks in play).
constexpr std::uint64_t kMaxValues = 1 << 20;
/// Options the verifier may visit per input: a complete check of small games, spot checks past it.
constexpr std::uint64_t kMaxWork = 200'000;
/// Values compared against the dense solver when the verifier accepted a certificate.
constexpr std::uint64_t kCompared = 300;

bool same(const PeriodCertificate& a, const PeriodCertificate& b) {
  const auto& p = a.periodicity;
  const auto& q = b.periodicity;
  return a.game == b.game && a.theorem.kind == b.theorem.kind &&
         a.theorem.reach == b.theorem.reach && a.theorem.heaps == b.theorem.heaps &&
         a.theorem.modulus == b.theorem.modulus && p.preperiod == q.preperiod &&
         p.period == q.period && p.saltus == q.saltus && p.values == q.values &&
         p.values_checked == q.values_checked && p.proof == q.proof &&
         a.values_needed == b.values_needed && a.engine == b.engine && a.date == b.date;
}

/// The verifier's answer for the certificate's own game, when the game parses as a heap game;
/// an accepted certificate must give the game's values.
void verify_against_game(const PeriodCertificate& certificate) {
  std::shared_ptr<const grundy::Game> game;
  try {
    game = grundy::parse_game(certificate.game);
  } catch (const grundy::Error&) {
    return;
  }
  if (game->traits().layout != grundy::Layout::heaps) return;
  const grundy::CertificateCheck check =
      grundy::check_certificate(*game, certificate, kMaxWork, 50);
  if (!check.holds || !check.complete) return;
  grundy::Limits limits;
  limits.max_memory_bytes = 64 << 20;
  grundy::DenseSolver solver(*game, limits);
  const std::uint64_t n_max = std::min<std::uint64_t>(
      std::max<std::uint64_t>(certificate.values_needed, certificate.periodicity.values.size()),
      kCompared);
  for (std::uint64_t n = 0; n < n_max; ++n) {
    try {
      FUZZ_CHECK(solver.value(n) == certificate.periodicity.value_at(n),
                 "an accepted certificate of " + certificate.game + " is wrong at g(" +
                     std::to_string(n) + ")");
    } catch (const grundy::Error&) {
      return;  // a table the limits refuse: nothing to compare
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = grundy::fuzz::as_text(data, size);
  PeriodCertificate certificate;
  try {
    certificate = grundy::parse_certificate(text, kMaxValues);
  } catch (const grundy::Error&) {
    return 0;
  }
  const grundy::Periodicity& p = certificate.periodicity;
  FUZZ_CHECK(p.period > 0, "period 0");
  FUZZ_CHECK(p.values.size() <= kMaxValues, "more values than allowed");
  FUZZ_CHECK(p.period <= p.values.size() && p.values.size() - p.period == p.preperiod,
             "values for preperiod + period");
  for (const std::uint64_t n : {std::uint64_t{0}, p.preperiod, p.preperiod + p.period,
                                std::uint64_t{1} << 63, ~std::uint64_t{0}}) {
    (void)p.value_at(n);
  }
  std::string again_text;
  try {
    again_text = grundy::serialise_certificate(certificate);
  } catch (const grundy::Error& e) {
    grundy::fuzz::fail(std::string("a parsed certificate does not serialise: ") + e.what());
  }
  PeriodCertificate again;
  try {
    again = grundy::parse_certificate(again_text, kMaxValues);
  } catch (const grundy::Error& e) {
    grundy::fuzz::fail(
        std::string("a parsed certificate writes back as one that does not parse: ") + e.what());
  }
  FUZZ_CHECK(same(certificate, again), "the certificate changed through a write and a read");
  FUZZ_CHECK(again_text == text,
             "a certificate that parses is not in the one layout it is written in");
  verify_against_game(certificate);
  return 0;
}
