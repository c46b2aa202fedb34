#include "grundy/rules/take_break.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <vector>

#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "grundy/solve/evaluator.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

TakeBreakCode parse(std::string_view text, bool hex = false) {
  Scanner in(text);
  TakeBreakCode code = parse_take_break_code(in, hex);
  in.expect_end("the code");
  return code;
}

std::size_t error_column(std::string_view text, bool hex = false) {
  try {
    parse(text, hex);
  } catch (const SpecError& e) {
    return e.column();
  }
  return 0;
}

TEST(TakeBreakCode, ParsesDigits) {
  EXPECT_EQ(parse("0.77").digits, (std::vector<std::uint8_t>{0, 7, 7}));
  EXPECT_EQ(parse("4.07").digits, (std::vector<std::uint8_t>{4, 0, 7}));
  EXPECT_EQ(parse("0.1370").digits,
            (std::vector<std::uint8_t>{0, 1, 3, 7}));  // trailing zero dropped
  EXPECT_EQ(parse("C.f", true).digits, (std::vector<std::uint8_t>{12, 15}));
  EXPECT_EQ(parse("0.0").digits, (std::vector<std::uint8_t>{0}));
  EXPECT_EQ(parse("0.6").max_removed(), 1u);
  EXPECT_EQ(parse("0.137").max_removed(), 3u);
}

TEST(TakeBreakCode, Formats) {
  EXPECT_EQ(format_take_break_code(parse("0.770")), "0.77");
  EXPECT_EQ(format_take_break_code(parse("c.8f", true)), "C.8F");
  EXPECT_EQ(format_take_break_code(parse("0.00")), "0.0");
}

TEST(TakeBreakCode, RejectsBadCodesWithColumns) {
  EXPECT_EQ(error_column("3.07"), 1u);  // leading digit must be 0 or 4
  EXPECT_EQ(error_column("8.07"), 1u);  // 8 only in hexadecimal
  EXPECT_EQ(error_column("0."), 3u);    // no digit after the point
  EXPECT_EQ(error_column("0x"), 2u);    // no point
  EXPECT_EQ(error_column("0.78"), 4u);  // 8 is not octal
  EXPECT_EQ(error_column("0.7G", true), 4u);
  EXPECT_EQ(error_column("5.0", true), 1u);
  EXPECT_EQ(error_column("8.0", true), 0u);
}

TEST(TakeBreakCode, ParsedSpecsCanonicalise) {
  EXPECT_EQ(parse_game("kayles")->name(), "0.77");
  EXPECT_EQ(parse_game("dawson")->name(), "0.07");
  EXPECT_EQ(parse_game("octal(0.070)")->name(), "0.07");
  EXPECT_EQ(parse_game("hex(0.f)")->name(), "hex(0.F)");
}

/// Options of heap n as sorted part-size lists.
std::set<std::vector<std::uint64_t>> options_of(const TakeBreakCode& code, std::uint64_t n) {
  std::set<std::vector<std::uint64_t>> out;
  OptionFunction collect([&](std::span<const Position> parts) {
    std::vector<std::uint64_t> sizes;
    for (const Position& p : parts) sizes.push_back(p.x);
    out.insert(sizes);
  });
  take_break_options(code, n, collect);
  return out;
}

TEST(TakeBreakOptions, KaylesRow) {
  // 0.77 on 4 pins: take 1 leaving 3 | 1+2; take 2 leaving 2 | 1+1.
  const auto opts = options_of(parse("0.77"), 4);
  const std::set<std::vector<std::uint64_t>> expected{{3}, {1, 2}, {2}, {1, 1}};
  EXPECT_EQ(opts, expected);
}

TEST(TakeBreakOptions, LeaveNothingOnlyWhenExact) {
  EXPECT_EQ(options_of(parse("0.1"), 1), (std::set<std::vector<std::uint64_t>>{{}}));
  EXPECT_TRUE(options_of(parse("0.1"), 2).empty());
  EXPECT_TRUE(options_of(parse("0.07"), 1).empty());
}

TEST(TakeBreakOptions, SplitsWithoutRemoving) {
  // 4.0: split 4 into 1+3 or 2+2; Grundy's game forbids the equal split.
  EXPECT_EQ(options_of(parse("4.0"), 4), (std::set<std::vector<std::uint64_t>>{{1, 3}, {2, 2}}));
  TakeBreakCode grundy{.digits = {kLeaveTwo}, .unequal_split = true};
  EXPECT_EQ(options_of(grundy, 4), (std::set<std::vector<std::uint64_t>>{{1, 3}}));
}

TEST(TakeBreakOptions, ThreeHeaps) {
  // hex 0.8: remove one token and leave three non-empty heaps.
  EXPECT_EQ(options_of(parse("0.8", true), 6),
            (std::set<std::vector<std::uint64_t>>{{1, 1, 3}, {1, 2, 2}}));
}

TEST(TakeBreakOptions, IsOptionAgreesWithEnumeration) {
  // Every multiset of at most three parts with a total up to n, against the options enumerated.
  std::vector<TakeBreakCode> codes{parse("0.77"),     parse("0.07"), parse("4.07"),
                                   parse("0.137"),    parse("0.1"),  parse("0.8", true),
                                   parse("C.F", true)};
  codes.push_back(TakeBreakCode{.digits = {kLeaveTwo}, .unequal_split = true});
  for (const TakeBreakCode& code : codes) {
    for (std::uint64_t n = 0; n <= 9; ++n) {
      const std::set<std::vector<std::uint64_t>> options = options_of(code, n);
      std::vector<std::vector<std::uint64_t>> candidates{{}};
      for (std::uint64_t a = 0; a <= n + 1; ++a) {
        candidates.push_back({a});
        for (std::uint64_t b = a; a + b <= n + 1; ++b) {
          candidates.push_back({a, b});
          for (std::uint64_t c = b; a + b + c <= n + 1; ++c) candidates.push_back({a, b, c});
        }
      }
      for (const std::vector<std::uint64_t>& parts : candidates) {
        std::vector<Position> positions;
        for (std::uint64_t x : parts) positions.push_back({x, 0});
        EXPECT_EQ(is_take_break_option(code, n, positions), options.count(parts) == 1)
            << format_take_break_code(code) << " n=" << n << " parts=" << parts.size();
      }
    }
  }
  // Parts out of order, a second coordinate, or totals past 2^64 are not options.
  const TakeBreakCode kayles = parse("0.77");
  EXPECT_FALSE(is_take_break_option(kayles, 5, std::vector<Position>{{3, 0}, {1, 0}}));
  EXPECT_FALSE(is_take_break_option(kayles, 5, std::vector<Position>{{4, 1}}));
  const std::uint64_t big = std::uint64_t{1} << 63;
  EXPECT_FALSE(is_take_break_option(parse("0.8", true), big,
                                    std::vector<Position>{{big, 0}, {big, 0}, {big, 0}}));
  EXPECT_TRUE(is_take_break_option(kayles, 1000000000000,
                                   std::vector<Position>{{400000, 0}, {999999599998, 0}}));
}

TEST(OffsetRule, PublishedExamples) {
  EXPECT_EQ(offset_code(parse("0.4")), parse("0.07"));
  EXPECT_EQ(offset_code(parse("0.07")), parse("0.137"));
  // Not proven (and not claimed): an odd d1, three-heap moves, unequal splits.
  EXPECT_FALSE(offset_code(parse("0.77")));
  EXPECT_FALSE(offset_code(parse("0.08", true)));
  EXPECT_FALSE(offset_code(*parse_game("grundy")->traits().take_break));
}

TEST(OffsetRule, HoldsForEveryOctalCodeOfUpToThreeDigits) {
  // g(n + 1) of d equals g'(n) of the offset code d', for every code 0.d1d2d3 and 4.d1d2d3 with
  // d1 even (510 codes), each through its own table of values.
  constexpr std::uint64_t kHeaps = 200;
  std::size_t codes = 0;
  for (const std::uint8_t d0 : {0, 4}) {
    for (std::uint32_t digits = 0; digits < 512; ++digits) {
      TakeBreakCode code{.digits = {d0, static_cast<std::uint8_t>(digits >> 6),
                                    static_cast<std::uint8_t>((digits >> 3) & 7),
                                    static_cast<std::uint8_t>(digits & 7)}};
      while (code.digits.size() > 1 && code.digits.back() == 0) code.digits.pop_back();
      if (code.digits.size() < 2 || (code.digits[1] & kLeaveNothing) != 0) continue;
      const auto offset = offset_code(code);
      ASSERT_TRUE(offset) << format_take_break_code(code);
      const auto game = parse_game(format_take_break_code(code));
      const auto shifted = parse_game(format_take_break_code(*offset));
      Evaluator values(game, Limits{});
      Evaluator offset_values(shifted, Limits{});
      const Position last{kHeaps, 0};
      values.prepare({&last, 1});
      offset_values.prepare({&last, 1});
      for (std::uint64_t n = 0; n < kHeaps; ++n) {
        ASSERT_EQ(values.value(Position{n + 1, 0}), offset_values.value(Position{n, 0}))
            << game->name() << " heap " << n + 1 << " against " << shifted->name() << " heap " << n;
      }
      ++codes;
    }
  }
  EXPECT_EQ(codes, 2u * (4 * 8 * 8 - 1));  // d0 in {0, 4}, d1 even, d2, d3; not all zero
}

// --- repeating codes --------------------------------------------------------------------------

TEST(RepeatingCode, ParsesAndPrintsCanonically) {
  const TakeBreakCode lasker = parse("4.(3)");
  EXPECT_EQ(lasker.digits, (std::vector<std::uint8_t>{4, 3}));
  EXPECT_EQ(lasker.repeat, 1u);
  EXPECT_TRUE(lasker.repeats());
  EXPECT_EQ(lasker.max_removed(), kUnboundedRemoval);
  EXPECT_EQ(format_take_break_code(lasker), "4.(3)");
  // The shortest spelling: primitive block, moved left as far as it goes, zeros dropped.
  const std::vector<std::pair<const char*, const char*>> spellings{
      {"0.3(33)", "0.(3)"},      {"0.7(0)", "0.7"},        {"0.(33)", "0.(3)"},
      {"0.37(37)", "0.(37)"},    {"0.1(37)", "0.1(37)"},   {"0.13(73)", "0.1(37)"},
      {"0.1373(73)", "0.1(37)"}, {"4.(4)", "4.(4)"},       {"0.(0)", "0.0"},
      {"0.10(00)", "0.1"},       {"0.(7070)", "0.(70)"},   {"0.0(3)", "0.0(3)"},
      {"4.33(3)", "4.(3)"},      {"0.12(312)", "0.(123)"}, {"0.(123123)", "0.(123)"}};
  for (const auto& [written, canonical] : spellings) {
    EXPECT_EQ(format_take_break_code(parse(written)), canonical) << written;
    EXPECT_EQ(parse(written), parse(canonical)) << written;
  }
  EXPECT_EQ(format_take_break_code(parse("0.(fA)", true)), "0.(FA)");
  EXPECT_EQ(parse_game("hex(0.(f))")->name(), "hex(0.(F))");
  EXPECT_EQ(parse_game("octal(0.3(33))")->name(), "0.(3)");
  EXPECT_EQ(parse_game("0.1(37)")->name(), "0.1(37)");
}

TEST(RepeatingCode, RejectsMalformedBlocksWithColumns) {
  EXPECT_EQ(error_column("0.()"), 4u);    // no digit in the block
  EXPECT_EQ(error_column("0.(3"), 5u);    // not closed
  EXPECT_EQ(error_column("0.(3)1"), 6u);  // the block must end the code
  EXPECT_EQ(error_column("0.(3)(1)"), 6u);
  EXPECT_EQ(error_column("0.(8)"), 4u);  // not octal
  EXPECT_EQ(error_column("0.((3))"), 4u);
  EXPECT_EQ(error_column("0.(G)", true), 4u);
  EXPECT_EQ(error_column("0.1(2)"), 0u);
  try {
    parse_game("0.(3");
    ADD_FAILURE() << "accepted";
  } catch (const SpecError& e) {
    EXPECT_NE(std::string(e.what()).find("')'"), std::string::npos) << e.what();
  }
}

/// The code written `head` then `block` forever, as text.
std::string written_code(const std::vector<std::uint8_t>& head,
                         const std::vector<std::uint8_t>& block) {
  static constexpr char kDigits[] = "0123456789ABCDEF";
  std::string s(1, kDigits[head[0]]);
  s += '.';
  for (std::size_t k = 1; k < head.size(); ++k) s += kDigits[head[k]];
  s += '(';
  for (std::uint8_t d : block) s += kDigits[d];
  return s + ')';
}

TEST(RepeatingCode, EverySpellingOfACodeIsOneCanonicalGame) {
  // Every head of up to two digits after the point and block of up to three octal digits drawn
  // from {0, 1, 3, 4}: the canonical form reads the same digits forever, prints to itself, and
  // two spellings are equal exactly when their digits are.
  std::vector<std::uint8_t> pool{0, 1, 3, 4};
  std::vector<std::pair<std::vector<std::uint8_t>, std::vector<std::uint8_t>>> codes;
  for (std::size_t head_len = 0; head_len <= 2; ++head_len) {
    for (std::size_t block_len = 1; block_len <= 3; ++block_len) {
      const std::size_t total = head_len + block_len;
      std::size_t combos = 1;
      for (std::size_t j = 0; j < total; ++j) combos *= pool.size();
      for (std::size_t c = 0; c < combos; ++c) {
        std::vector<std::uint8_t> head{0}, block;
        std::size_t rest = c;
        for (std::size_t j = 0; j < total; ++j, rest /= pool.size()) {
          (j < head_len ? head : block).push_back(pool[rest % pool.size()]);
        }
        codes.push_back({head, block});
      }
    }
  }
  std::map<std::vector<std::uint8_t>, TakeBreakCode> by_digits;  // the first 40 digits
  for (const auto& [head, block] : codes) {
    const std::string text = written_code(head, block);
    const TakeBreakCode code = parse(text);
    std::vector<std::uint8_t> first;
    for (std::uint64_t k = 0; k < 40; ++k) {
      const std::uint8_t expected =
          k < head.size() ? head[k] : block[(k - head.size()) % block.size()];
      ASSERT_EQ(code.digit(k), expected) << text << " digit " << k;
      first.push_back(expected);
    }
    const std::string canonical = format_take_break_code(code);
    EXPECT_EQ(parse(canonical), code) << text << " -> " << canonical;
    EXPECT_LE(canonical.size(), text.size() + 1) << text;  // `0.(0)` prints `0.0`
    auto [at, fresh] = by_digits.emplace(first, code);
    if (!fresh) {
      EXPECT_EQ(at->second, code) << text << " and " << format_take_break_code(at->second);
    }
  }
}

TEST(RepeatingCode, OptionsFollowTheBlockForever) {
  // 4.(3): every smaller heap, and every split without removing; 0.1(2): remove 1 only when it is
  // the whole heap, any k >= 2 leaving a heap.
  EXPECT_EQ(options_of(parse("4.(3)"), 4),
            (std::set<std::vector<std::uint64_t>>{{}, {1}, {2}, {3}, {1, 3}, {2, 2}}));
  EXPECT_EQ(options_of(parse("0.1(2)"), 1), (std::set<std::vector<std::uint64_t>>{{}}));
  EXPECT_EQ(options_of(parse("0.1(2)"), 5), (std::set<std::vector<std::uint64_t>>{{1}, {2}, {3}}));
  // A heap of a million under 0.(12): k odd leaves nothing only when k is the heap (never: the
  // heap is even), k even leaves a heap; so the heaps 2, 4, ..., 999998 remain.
  std::size_t count = 0;
  std::uint64_t last = 0;
  OptionFunction collect([&](std::span<const Position> parts) {
    ASSERT_EQ(parts.size(), 1u);
    EXPECT_EQ(parts[0].x % 2, 0u);
    last = parts[0].x;
    ++count;
  });
  take_break_options(parse("0.(12)"), 1000000, collect);
  EXPECT_EQ(count, 499999u);
  EXPECT_EQ(last, 2u);
  // is_take_break_option reads the block at any distance.
  const TakeBreakCode alternating = parse("0.(12)");
  const std::uint64_t huge = std::uint64_t{1} << 62;
  EXPECT_TRUE(is_take_break_option(alternating, huge, std::vector<Position>{{2, 0}}));
  EXPECT_FALSE(is_take_break_option(alternating, huge, std::vector<Position>{{1, 0}}));
  EXPECT_FALSE(is_take_break_option(alternating, huge, std::vector<Position>{}));
  EXPECT_TRUE(is_take_break_option(alternating, huge + 1, std::vector<Position>{}));
  // Every option of small heaps, as the enumeration gives them.
  for (const char* text : {"4.(3)", "0.1(37)", "0.(12)", "4.0(7)"}) {
    const TakeBreakCode code = parse(text);
    for (std::uint64_t n = 0; n <= 9; ++n) {
      for (const auto& parts : options_of(code, n)) {
        std::vector<Position> positions;
        for (std::uint64_t x : parts) positions.push_back({x, 0});
        EXPECT_TRUE(is_take_break_option(code, n, positions)) << text << " " << n;
      }
    }
  }
}

TEST(RepeatingCode, OptionsBoundIsABound) {
  for (const char* text : {"4.(3)", "0.1(37)", "0.(12)", "0.77", "0.(4)"}) {
    const TakeBreakCode code = parse(text);
    for (std::uint64_t n = 0; n < 80; ++n) {
      const std::uint64_t count = options_of(code, n).size();
      EXPECT_GE(take_break_options_bound(code, n), count) << text << " " << n;
      EXPECT_LE(take_break_options_bound(code, n), 2 * count + n + 2) << text << " " << n;
    }
  }
  // The one-heap options exactly, finite or repeating, at any size.
  for (const char* text : {"4.(3)", "0.1(37)", "0.(12)", "0.77", "0.1(2)", "0.0(3)", "0.137"}) {
    const TakeBreakCode code = parse(text);
    for (std::uint64_t n = 0; n < 80; ++n) {
      std::uint64_t one_heap = 0;
      for (const auto& parts : options_of(code, n)) one_heap += parts.size() <= 1 ? 1 : 0;
      EXPECT_EQ(take_break_one_heap_options(code, n), one_heap) << text << " " << n;
    }
  }
  EXPECT_EQ(take_break_one_heap_options(parse("0.(12)"), 1000000000000), 499999999999u);
  EXPECT_EQ(take_break_one_heap_options(parse("4.(3)"), 1000000000000), 1000000000000u);
  const TakeBreakCode three = parse("0.(F)", true);
  EXPECT_EQ(take_break_options_bound(three, ~std::uint64_t{0}), kSaturated);
  EXPECT_GT(take_break_options_bound(three, 3000), 3000ull * 3000 * 3000 / 72);
}

TEST(RepeatingCode, OffsetRuleHoldsForRepeatingCodes) {
  // g(n + 1) under d equals g'(n) under the offset code, for 0.d1(b1 b2) with d1 even.
  std::size_t codes = 0;
  for (std::uint8_t d1 : {0, 2, 4, 6}) {
    for (std::uint8_t b1 = 0; b1 < 8; ++b1) {
      for (std::uint8_t b2 : {0, 3, 5, 7}) {
        const TakeBreakCode code = parse(written_code({0, d1}, {b1, b2}));
        if (!code.repeats()) continue;
        const auto offset = offset_code(code);
        ASSERT_TRUE(offset) << format_take_break_code(code);
        EXPECT_TRUE(offset->repeats()) << format_take_break_code(code);
        const auto game = parse_game(format_take_break_code(code));
        const auto shifted = parse_game(format_take_break_code(*offset));
        Evaluator values(game, Limits{});
        Evaluator offset_values(shifted, Limits{});
        for (std::uint64_t n = 0; n < 90; ++n) {
          ASSERT_EQ(values.value(Position{n + 1, 0}), offset_values.value(Position{n, 0}))
              << game->name() << " heap " << n + 1 << " against " << shifted->name();
        }
        ++codes;
      }
    }
  }
  EXPECT_GT(codes, 100u);
  EXPECT_EQ(offset_code(parse("0.(4)")), parse("0.0(7)"));
}

}  // namespace
}  // namespace grundy
