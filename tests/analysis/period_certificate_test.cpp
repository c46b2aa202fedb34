// The text form of period certificates: round trip, and a strict parser that refuses every
// malformed, truncated, overflowing or oversized text with an Error (never another exception,
// never an allocation the text cannot back).
#include "grundy/analysis/period_certificate.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <exception>
#include <string>

#include "grundy/analysis/period_search.hpp"
#include "grundy/core/checksum.hpp"
#include "grundy/core/error.hpp"
#include "grundy/solve/dense_solver.hpp"
#include "grundy/spec/parser.hpp"
#include "grundy/version.hpp"
#include "certificate_text.hpp"

namespace grundy {
namespace {

constexpr std::uint64_t kMax = std::uint64_t{1} << 24;

PeriodCertificate proven(const std::string& spec) {
  const auto game = parse_game(spec);
  DenseSolver solver(*game, Limits{});
  const PeriodSearch search = find_periodicity(*game, solver, 100000);
  EXPECT_TRUE(search.periodicity) << spec;
  return make_certificate(game->name(), periodicity_theorem(*game), *search.periodicity,
                          "2024-02-29T23:59:60Z");
}

/// `body` (everything before the checksum line) with a correct checksum line after it, so that
/// the parser's other checks are the ones under test.
using test::signed_text;

std::string body_of(const std::string& text) {
  return text.substr(0, text.rfind("checksum "));
}

/// `text` with the first `from` replaced by `to`, re-signed.
std::string edited(const std::string& text, const std::string& from, const std::string& to) {
  std::string body = body_of(text);
  const std::size_t at = body.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) body.replace(at, from.size(), to);
  return signed_text(body);
}

/// Parsing `text` fails with grundy::Error (and nothing else); returns the message.
std::string refusal(const std::string& text, std::uint64_t max_values = kMax) {
  try {
    parse_certificate(text, max_values);
  } catch (const Error& e) {
    return e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << "not an Error: " << e.what();
    return {};
  }
  ADD_FAILURE() << "accepted:\n" << text.substr(0, 2000);
  return {};
}

TEST(PeriodCertificate, RoundTrip) {
  const PeriodCertificate c = proven("kayles");
  EXPECT_EQ(c.game, "0.77");
  EXPECT_EQ(c.engine, kEngineVersion);
  EXPECT_EQ(c.theorem.kind, PeriodicityTheorem::Kind::take_break);
  EXPECT_EQ(c.values_needed, c.theorem.values_needed(71, 12));
  const std::string text = serialise_certificate(c);
  EXPECT_EQ(text.rfind(std::string(kCertificateHeader) + "\n", 0), 0u);
  const PeriodCertificate back = parse_certificate(text, kMax);
  EXPECT_EQ(back.game, c.game);
  EXPECT_EQ(back.theorem.kind, c.theorem.kind);
  EXPECT_EQ(back.theorem.reach, c.theorem.reach);
  EXPECT_EQ(back.theorem.heaps, c.theorem.heaps);
  EXPECT_EQ(back.theorem.modulus, c.theorem.modulus);
  EXPECT_EQ(back.periodicity.preperiod, 71u);
  EXPECT_EQ(back.periodicity.period, 12u);
  EXPECT_EQ(back.periodicity.saltus, 0u);
  EXPECT_EQ(back.periodicity.values, c.periodicity.values);
  EXPECT_EQ(back.periodicity.values_checked, c.periodicity.values_checked);
  EXPECT_EQ(back.periodicity.proof, c.periodicity.proof);
  EXPECT_EQ(back.values_needed, c.values_needed);
  EXPECT_EQ(back.engine, c.engine);
  EXPECT_EQ(back.date, "2024-02-29T23:59:60Z");
  EXPECT_EQ(serialise_certificate(back), text);  // one text per certificate
}

TEST(PeriodCertificate, DateIsUtcNow) {
  const std::string date = certificate_date_now();
  ASSERT_EQ(date.size(), 20u) << date;
  EXPECT_EQ(date[10], 'T');
  EXPECT_EQ(date.back(), 'Z');
  // A fresh certificate round-trips with it.
  PeriodCertificate c = proven("0.07");
  c.date = date;
  EXPECT_EQ(parse_certificate(serialise_certificate(c), kMax).date, date);
}

TEST(PeriodCertificate, EveryTruncationAndEveryFlippedByteIsRefused) {
  const std::string text = serialise_certificate(proven("0.07"));
  for (std::size_t cut = 0; cut < text.size(); ++cut) refusal(text.substr(0, cut));
  for (std::size_t at = 0; at < text.size(); ++at) {
    std::string flipped = text;
    flipped[at] = static_cast<char>(flipped[at] ^ 0x01);
    refusal(flipped);
  }
  refusal(text + "\n");  // bytes after the checksum line
}

TEST(PeriodCertificate, NumbersThatOverflowOrAreNotCanonicalAreRefused) {
  const std::string text = serialise_certificate(proven("0.07"));
  // preperiod + period wraps past 2^64 (the cache file that crashed `value kayles`).
  EXPECT_NE(refusal(edited(text, "preperiod 53\n", "preperiod 18446744073709551615\n"))
                .find("preperiod + period"),
            std::string::npos);
  refusal(edited(text, "preperiod 53\n", "preperiod 18446744073709551616\n"));  // 2^64
  refusal(edited(text, "preperiod 53\n", "preperiod 99999999999999999999999\n"));
  refusal(edited(text, "preperiod 53\n", "preperiod 053\n"));
  refusal(edited(text, "preperiod 53\n", "preperiod +53\n"));
  refusal(edited(text, "preperiod 53\n", "preperiod -53\n"));
  refusal(edited(text, "preperiod 53\n", "preperiod 5 3\n"));
  refusal(edited(text, "preperiod 53\n", "preperiod \n"));
  refusal(edited(text, "period 34\n", "period 0\n"));
  refusal(edited(text, "heaps 2\n", "heaps 4\n"));
  refusal(edited(text, "values_needed 176\n", "values_needed 18446744073709551616\n"));
  refusal(edited(text, "\n0 0 1 1 2", "\n4294967296 0 1 1 2"));  // a value past 2^32-1
  refusal(edited(text, "\n0 0 1 1 2", "\n00 0 1 1 2"));
}

TEST(PeriodCertificate, CountsAreCheckedBeforeAllocating) {
  const std::string text = serialise_certificate(proven("0.07"));
  // 2^62 values claimed (preperiod + period agree): refused for the bytes, never allocated.
  const std::string huge = edited(edited(text, "preperiod 53\n", "preperiod 4611686018427387870\n"),
                                  "values 87\n", "values 4611686018427387904\n");
  EXPECT_NE(refusal(huge, ~std::uint64_t{0}).find("cannot fit"), std::string::npos);
  // Over the limit the caller gives.
  EXPECT_NE(refusal(text, 86).find("more than the 86"), std::string::npos);
  // A count that disagrees with preperiod + period.
  refusal(edited(text, "values 87\n", "values 86\n"));
  refusal(edited(text, "values 87\n", "values 88\n"));
}

TEST(PeriodCertificate, LayoutIsExact) {
  const std::string text = serialise_certificate(proven("0.07"));
  refusal(edited(text, "theorem take_break\n", "theorem guess\n"));
  refusal(edited(text, "theorem take_break\n", "theorem none\n"));
  refusal(edited(text, "reach 2\nheaps 2\n", "heaps 2\nreach 2\n"));  // order is fixed
  refusal(edited(text, "saltus 0\n", "saltus 0\nextra 1\n"));
  refusal(edited(text, "saltus 0\n", "saltus 0\r\n"));
  refusal(edited(text, "date 2024-02-29T23:59:60Z", "date 2024-13-01T00:00:00Z"));
  refusal(edited(text, "date 2024-02-29T23:59:60Z", "date 2024-02-30 23:59:60"));
  refusal(edited(text, "engine ", "engine 0.1 0"));
  refusal(edited(text, "proof proof:", "proof \x01proof:"));
  refusal(edited(text, "0 0 1 1 2", "0  0 1 1 2"));    // two spaces
  refusal(edited(text, "0 0 1 1 2", "0\n0 1 1 2"));    // a line break out of place
  refusal(edited(text, "4 5 5 9\n", "4 5 5 9 \n"));    // a trailing space
  refusal(edited(text, "4 5 5 9\n", "4 5 5 9\n7\n"));  // a value too many
  refusal("grundy-period-cache 1\ngame 0.07\n");       // the old format
  refusal("");
}

TEST(PeriodCertificate, TextFieldsWithControlBytesAreNotWritten) {
  PeriodCertificate c = proven("0.07");
  c.periodicity.proof += "\nchecksum 0";
  EXPECT_THROW(serialise_certificate(c), Error);
}

TEST(PeriodCertificate, KindNames) {
  EXPECT_EQ(theorem_kind_name(PeriodicityTheorem::Kind::window), "window");
  EXPECT_EQ(theorem_kind_name(PeriodicityTheorem::Kind::take_break), "take_break");
  EXPECT_EQ(theorem_kind_name(PeriodicityTheorem::Kind::residue), "residue");
  EXPECT_EQ(theorem_kind_name(PeriodicityTheorem::Kind::nim), "nim");
  EXPECT_EQ(theorem_kind_name(PeriodicityTheorem::Kind::arithmetic), "arithmetic");
  EXPECT_EQ(theorem_kind_name(PeriodicityTheorem::Kind::lasker), "lasker");
  // Every kind but none round-trips through a certificate.
  for (const char* spec : {"sub(2,3,7)", "kayles", "sub(pow2)", "nim", "allbut(2,3)", "4.(3)"}) {
    const auto game = parse_game(spec);
    DenseSolver solver(*game, Limits{});
    const PeriodSearch search = find_periodicity(*game, solver, 100000);
    ASSERT_TRUE(search.periodicity) << spec;
    const PeriodCertificate c =
        make_certificate(game->name(), periodicity_theorem(*game), *search.periodicity);
    const PeriodCertificate back = parse_certificate(serialise_certificate(c), kMax);
    EXPECT_EQ(back.theorem.kind, c.theorem.kind) << spec;
    EXPECT_EQ(back.periodicity.saltus, c.periodicity.saltus) << spec;
  }
}

TEST(PeriodCertificate, SaltusRoundTripsAndTamperingFails) {
  const auto game = parse_game("allbut(3,5,7,10)");
  const PeriodCertificate c = proven(game->name());
  EXPECT_EQ(c.periodicity.saltus, 5u);
  const std::string text = serialise_certificate(c);
  EXPECT_NE(text.find("\ntheorem arithmetic\nreach 10\nheaps 1\nmodulus 1\n"), std::string::npos)
      << text;
  EXPECT_NE(text.find("\nsaltus 5\nvalues_needed 110\n"), std::string::npos) << text;
  const PeriodCertificate back = parse_certificate(text, kMax);
  EXPECT_EQ(back.periodicity.saltus, 5u);
  EXPECT_EQ(back.periodicity.values, c.periodicity.values);
  EXPECT_EQ(back.values_needed, 110u);
  EXPECT_EQ(back.theorem.kind, PeriodicityTheorem::Kind::arithmetic);
  EXPECT_TRUE(check_certificate(*game, back).holds);
  // Edited without re-signing: the checksum refuses it; re-signed: the verifier does.
  std::string torn = text;
  torn.replace(torn.find("saltus 5"), 8, "saltus 4");
  refusal(torn);
  const PeriodCertificate forged = parse_certificate(edited(text, "saltus 5", "saltus 4"), kMax);
  EXPECT_FALSE(check_certificate(*game, forged).holds);
  const PeriodCertificate moved =
      parse_certificate(edited(text, "values_needed 110", "values_needed 125"), kMax);
  EXPECT_FALSE(check_certificate(*game, moved).holds);
}

}  // namespace
}  // namespace grundy
