// The bit-count game `bitcount(k)`: a move replaces a number x by k numbers (repeats allowed, 0
// allowed), each with a set of one-bits that is a proper subset of x's. The game ends when every
// number is 0. A position is one number, 0..2^64-1.
//
// Values depend only on the number of one-bits b (every proper subset with j bits is alike), so
// g(x) = G(popcount(x)), where G(b) is the mex of the XORs of k picks from G(0), ..., G(b-1)
// (class j of the picks stands for any j-subset of x's bits). An option drops its zeros: they are
// worth 0, and with exactly k numbers per move the number of zeros is fixed by the others, so
// distinct multisets stay distinct. An option of only zeros leaves nothing.
//
// The table G. Picking 0 costs nothing and two equal picks cancel, so the XORs of k picks are
// exactly the XORs of at most k distinct values among G(1), ..., G(b-1) (the G(j) are distinct:
// G(b) differs from every G(j), j < b, which is one pick of j plus zeros). Let R_b(t) be the XORs
// of at most t of them; adding G(b) gives R_{b+1}(t) = R_b(t) ∪ (R_b(t-1) xor G(b)). So one
// bitset per t and k XOR-translations per b compute the whole table: G(64) = 23734709 for k = 7,
// in a fraction of a second, instead of enumerating the C(70, 7) multisets of classes.
// For b <= k + 1 every subset is within reach, R_b(k) is the span of G(1..b-1), and by induction
// G(b) = 2^(b-1); the bitsets start there.
#include <algorithm>
#include <array>
#include <bit>
#include <limits>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/limits.hpp"
#include "grundy/rules/formula.hpp"
#include "grundy/rules/game.hpp"
#include "grundy/rules/registry.hpp"

namespace grundy {
namespace {

constexpr std::uint64_t kMaxK = 1000;
constexpr unsigned kMaxBits = 64;

/// Refuses (ResourceError) what would pass the bound of a game's own tables: the command's
/// --max-memory, else the memory available (a game is made without the request's limits).
void require_table_memory(std::uint64_t bytes, const std::string& what) {
  require_memory(Limits{.max_memory_bytes = game_table_memory_limit()}, bytes, what);
}

/// C(n + c - 1, c): the multisets of c items from n kinds, saturating.
std::uint64_t multichoose(std::uint64_t n, std::uint64_t c) {
  if (c == 0) return 1;
  if (n == 0) return 0;
  // C(n+i-1, i) = C(n+i-2, i-1)·(n+i-1)/i exactly, and it grows with i (n >= 2) or stays 1.
  uint128 r = 1;
  for (std::uint64_t i = 1; i <= c; ++i) {
    r = r * (n + i - 1) / i;
    if (r >= kTooManyToCount) return kTooManyToCount;
  }
  return static_cast<std::uint64_t>(r);
}

/// C(n, j) for n <= 64 (all fit in 64 bits: the largest, C(64, 32), is below 2^61).
std::uint64_t binomial(unsigned n, unsigned j) {
  if (j > n) return 0;
  uint128 r = 1;
  for (unsigned i = 1; i <= j; ++i) r = r * (n - j + i) / i;
  return static_cast<std::uint64_t>(r);
}

/// Moves each bit i of `w` to bit i xor m (m < 64): the XOR-translation inside one word.
std::uint64_t xor_permute(std::uint64_t w, unsigned m) {
  constexpr std::array<std::uint64_t, 6> kLow = {0x5555555555555555ULL, 0x3333333333333333ULL,
                                                 0x0F0F0F0F0F0F0F0FULL, 0x00FF00FF00FF00FFULL,
                                                 0x0000FFFF0000FFFFULL, 0x00000000FFFFFFFFULL};
  for (unsigned level = 0; level < 6; ++level) {
    if ((m >> level) & 1) {
      const unsigned shift = 1u << level;
      w = ((w & kLow[level]) << shift) | ((w >> shift) & kLow[level]);
    }
  }
  return w;
}

/// The next j-subset of {0..n-1} after `c` in increasing order (Gosper's hack), or nothing after
/// the last one.
std::optional<std::uint64_t> next_combination(std::uint64_t c, unsigned j, unsigned n) {
  const std::uint64_t last = ((std::uint64_t{1} << j) - 1) << (n - j);
  if (c == last) return std::nullopt;
  const std::uint64_t t = c | (c - 1);  // below 2^64-1, since c is not the last
  return (t + 1) | (((~t & (t + 1)) - 1) >> (std::countr_zero(c) + 1));
}

/// Lists options of x: those whose picks of odd multiplicity are a given set of classes, up to a
/// limit. A class j stands for the j-subsets of x's bits; subset c of {0..b-1} (an index set)
/// is the submask made of x's bits at those indices, so increasing index sets give increasing
/// submasks.
class OptionLister {
 public:
  OptionLister(std::uint64_t x, std::uint64_t k, std::size_t limit, OptionVisitor& visit)
      : k_(k), limit_(limit), visit_(visit) {
    for (std::uint64_t rest = x; rest != 0; rest &= rest - 1) {
      bit_at_[bits_++] = static_cast<unsigned>(std::countr_zero(rest));
    }
    slots_.resize(static_cast<std::size_t>(k));
    parts_.reserve(static_cast<std::size_t>(k));
  }
  bool done() const { return given_ >= limit_; }

  /// Every option whose classes of odd multiplicity are the bits of `odd` (bit j: class j):
  /// first with one pick of each, then with 1, 2, ... extra pairs spread over the classes.
  void list(std::uint64_t odd) {
    const auto singles = static_cast<std::uint64_t>(std::popcount(odd));
    for (std::uint64_t pairs = 0; singles + 2 * pairs <= k_ && !done(); ++pairs) {
      count_.fill(0);
      for (unsigned j = 1; j < bits_; ++j) count_[j] = (odd >> j) & 1;
      spread_pairs(1, pairs);
    }
  }

 private:
  void spread_pairs(unsigned from, std::uint64_t pairs) {
    if (pairs == 0) {
      choose(1, 0);
      return;
    }
    for (unsigned j = from; j < bits_ && !done(); ++j) {
      count_[j] += 2;
      spread_pairs(j, pairs - 1);
      count_[j] -= 2;
    }
  }

  /// Chooses the subsets of classes >= j, slots from `slot` on.
  void choose(unsigned j, std::size_t slot) {
    while (j < bits_ && count_[j] == 0) ++j;
    if (j == bits_) {
      emit(slot);
      return;
    }
    // A multiset of count_[j] j-subsets: a non-decreasing run of index sets, as an odometer.
    const std::size_t end = slot + static_cast<std::size_t>(count_[j]);
    const std::uint64_t first = (std::uint64_t{1} << j) - 1;
    std::fill(slots_.begin() + static_cast<std::ptrdiff_t>(slot),
              slots_.begin() + static_cast<std::ptrdiff_t>(end), first);
    while (!done()) {
      choose(j + 1, end);
      std::size_t i = end;
      std::optional<std::uint64_t> next;
      while (i > slot && !(next = next_combination(slots_[i - 1], j, bits_))) --i;
      if (i == slot) return;
      std::fill(slots_.begin() + static_cast<std::ptrdiff_t>(i - 1),
                slots_.begin() + static_cast<std::ptrdiff_t>(end), *next);
    }
  }

  void emit(std::size_t used) {
    parts_.clear();
    for (std::size_t i = 0; i < used; ++i) {
      std::uint64_t submask = 0;
      for (std::uint64_t rest = slots_[i]; rest != 0; rest &= rest - 1) {
        submask |= std::uint64_t{1} << bit_at_[std::countr_zero(rest)];
      }
      parts_.push_back(Position{submask, 0});
    }
    std::sort(parts_.begin(), parts_.end());
    visit_.option(parts_);
    ++given_;
  }

  std::uint64_t k_;
  std::size_t limit_;
  OptionVisitor& visit_;
  std::size_t given_ = 0;
  std::array<unsigned, kMaxBits> bit_at_{};  // bit_at_[i]: the i-th lowest one-bit of x
  unsigned bits_ = 0;
  std::array<std::uint64_t, kMaxBits> count_{};  // picks per class
  std::vector<std::uint64_t> slots_;             // the chosen index sets, class by class
  std::vector<Position> parts_;
};

class BitCount final : public Game {
 public:
  explicit BitCount(std::uint64_t k) : Game("bitcount(" + std::to_string(k) + ")"), k_(k) {
    set_traits({.layout = Layout::integers, .formula_values = true});
  }

  static std::shared_ptr<const Game> make(Scanner* args) {
    if (args == nullptr)
      throw SpecError(1, "bitcount needs k, the numbers a move adds: bitcount(7)");
    args->skip_spaces();
    const std::size_t at = args->offset();
    const std::uint64_t k = args->unsigned_integer("k, the numbers a move adds", kMaxK);
    if (k == 0) {
      args->fail_at(at, "bitcount needs k >= 1: a move replaces a number by k numbers");
    }
    return std::make_shared<const BitCount>(k);
  }

  Position parse_position(Scanner& in) const override {
    return Position{in.unsigned_integer("a number", std::numeric_limits<std::uint64_t>::max()), 0};
  }
  std::string format_position(const Position& p) const override { return std::to_string(p.x); }

  void options(const Position& p, OptionVisitor& visit) const override {
    // Every k-multiset of proper submasks s_1 <= ... <= s_k of x, zeros dropped. Submasks in
    // increasing order: next(s) = ((s | ~x) + 1) & x; the last proper one is followed by x.
    const std::uint64_t x = p.x;
    if (x == 0) return;
    auto next = [x](std::uint64_t s) { return ((s | ~x) + 1) & x; };
    std::vector<std::uint64_t> pick(static_cast<std::size_t>(k_), 0);
    std::vector<Position> parts;
    parts.reserve(pick.size());
    while (true) {
      parts.clear();
      for (std::uint64_t s : pick) {
        if (s != 0) parts.push_back(Position{s, 0});
      }
      visit.option(parts);
      std::size_t i = pick.size();
      while (i > 0 && next(pick[i - 1]) == x) --i;
      if (i == 0) return;
      std::fill(pick.begin() + static_cast<std::ptrdiff_t>(i - 1), pick.end(), next(pick[i - 1]));
    }
  }

  std::optional<Value> formula_value(const Position& p) const override {
    return value_of_bits(static_cast<unsigned>(std::popcount(p.x)));
  }

  std::optional<ClosedForm> closed_form() const override {
    std::vector<Value> table;
    for (unsigned b = 0; b <= 64; ++b) table.push_back(value_of_bits(b));
    return ClosedForm{
        .formula =
            Formula::table(std::move(table), Formula::apply(Formula::Op::popcount, {Formula::x()})),
        .kind = "popcount table",
        .proof =
            "bit-count game: g(x) = G(popcount(x)), every proper subset of j one-bits being "
            "alike; G(b) is the mex of the XORs of at most k distinct values among "
            "G(1..b-1), computed exactly for b = 0..64 (src/rules/bitcount.cpp)"};
  }

  std::optional<std::uint64_t> formula_options_with_value(const Position& p, Value target,
                                                          std::size_t limit,
                                                          OptionVisitor& visit) const override {
    const auto b = static_cast<unsigned>(std::popcount(p.x));
    if (b == 0) return 0;
    std::array<Value, kMaxBits> g{};
    for (unsigned j = 0; j < b; ++j) g[j] = value_of_bits(j);
    std::vector<std::uint64_t> odd_sets = odd_class_sets(g, b, target);
    std::sort(odd_sets.begin(), odd_sets.end(), [](std::uint64_t l, std::uint64_t r) {
      return std::pair(std::popcount(l), l) < std::pair(std::popcount(r), r);
    });

    // The options with a given odd set: per class j (C(b, j) subsets), c_j picks with c_j odd
    // iff j is in the set, at most k picks in all (zeros fill the rest): the coefficients up to
    // z^k of the product over j of the odd or even part of sum_c multichoose(C(b, j), c)·z^c.
    const std::size_t degree = static_cast<std::size_t>(k_);
    std::vector<std::vector<std::uint64_t>> ways(b);
    for (unsigned j = 1; j < b; ++j) {
      ways[j].resize(degree + 1);
      for (std::size_t c = 0; c <= degree; ++c) ways[j][c] = multichoose(binomial(b, j), c);
    }
    std::vector<std::uint64_t> product(degree + 1);
    std::vector<std::uint64_t> next(degree + 1);
    std::uint64_t count = 0;
    for (std::uint64_t odd : odd_sets) {
      std::fill(product.begin(), product.end(), 0);
      product[0] = 1;
      for (unsigned j = 1; j < b; ++j) {
        const std::uint64_t parity = (odd >> j) & 1;
        std::fill(next.begin(), next.end(), 0);
        for (std::size_t d = 0; d <= degree; ++d) {
          if (product[d] == 0) continue;
          for (std::size_t c = parity; d + c <= degree; c += 2) {
            next[d + c] = saturating_add(next[d + c], saturating_mul(product[d], ways[j][c]));
          }
        }
        product.swap(next);
      }
      for (std::uint64_t w : product) count = saturating_add(count, w);
    }

    OptionLister lister(p.x, k_, limit, visit);
    for (std::uint64_t odd : odd_sets) {
      if (lister.done()) break;
      lister.list(odd);
    }
    return count;
  }

  std::vector<Position> sample_positions(std::size_t count) const override {
    // Numbers of at most 3 one-bits: a number of b bits has C(2^b - 1 + k - 1, k) options.
    std::vector<Position> out;
    for (std::uint64_t x = 0; out.size() < count; ++x) {
      if (std::popcount(x) <= 3) out.push_back(Position{x, 0});
    }
    return out;
  }

 private:
  /// Every set J of classes 1..b-1 (bit j: class j) with |J| <= k whose values XOR to `target`.
  std::vector<std::uint64_t> odd_class_sets(const std::array<Value, kMaxBits>& g, unsigned b,
                                            Value target) const {
    const unsigned classes = b - 1;
    std::vector<std::uint64_t> sets;
    if (classes <= k_) {
      // G(j) = 2^(j-1) here: the set is the bits of the target.
      if (target < (std::uint64_t{1} << classes)) sets.push_back(target << 1);
      return sets;
    }
    // Meet in the middle: J is its h lowest classes L plus the rest U (|U| <= k - h, every class
    // of U above those of L), or J itself when |J| <= h. The sets of at most h classes are
    // tabled by XOR; each U is looked up with target xor XOR(U).
    const unsigned h = static_cast<unsigned>((k_ + 1) / 2);
    const unsigned rest = static_cast<unsigned>(k_) - h;
    std::uint64_t entries = 0;
    for (unsigned s = 0; s <= h; ++s) entries = saturating_add(entries, binomial(classes, s));
    struct Entry {
      Value xor_value;
      std::uint64_t set;
    };
    require_table_memory(saturating_mul(entries, sizeof(Entry)),
                         "listing the winning moves of " + name() + " from a number of " +
                             std::to_string(b) + " one-bits");
    std::vector<Entry> table;
    table.reserve(static_cast<std::size_t>(entries));
    auto build = [&](auto&& self, unsigned from, unsigned size, Value x,
                     std::uint64_t set) -> void {
      table.push_back(Entry{x, set});
      if (size == h) return;
      for (unsigned j = from; j <= classes; ++j) {
        self(self, j + 1, size + 1, x ^ g[j], set | (std::uint64_t{1} << j));
      }
    };
    build(build, 1, 0, 0, 0);
    std::sort(table.begin(), table.end(),
              [](const Entry& l, const Entry& r) { return l.xor_value < r.xor_value; });
    auto matches = [&](Value v) {
      return std::equal_range(
          table.begin(), table.end(), Entry{v, 0},
          [](const Entry& l, const Entry& r) { return l.xor_value < r.xor_value; });
    };
    for (auto [it, end] = matches(target); it != end; ++it) sets.push_back(it->set);
    auto upper = [&](auto&& self, unsigned from, unsigned size, Value x, std::uint64_t set,
                     unsigned lowest) -> void {
      if (size > 0) {
        for (auto [it, end] = matches(target ^ x); it != end; ++it) {
          if (std::popcount(it->set) == static_cast<int>(h) &&
              it->set < (std::uint64_t{1} << lowest)) {
            sets.push_back(it->set | set);
          }
        }
      }
      if (size == rest) return;
      for (unsigned j = from; j <= classes; ++j) {
        self(self, j + 1, size + 1, x ^ g[j], set | (std::uint64_t{1} << j),
             size == 0 ? j : lowest);
      }
    };
    // Every class of L is at least 1, so U's lowest class is at least h + 1.
    upper(upper, h + 1, 0, 0, 0, 0);
    return sets;
  }

  /// G(b), extending the table as needed. Throws ResourceError when its bitsets would pass the
  /// memory bound of a game's own tables (game_table_memory_limit).
  Value value_of_bits(unsigned b) const {
    std::lock_guard lock(mutex_);
    while (values_.size() <= b) {
      const auto n = static_cast<unsigned>(values_.size());
      if (n <= k_ + 1) {
        values_.push_back(n == 0 ? 0 : Value{1} << (n - 1));
        continue;
      }
      if (reach_.empty()) {
        start_reach(n - 1);
      } else {
        add_to_reach(values_[n - 1]);
      }
      values_.push_back(mex_of(reach_.back()));
    }
    return values_[b];
  }

  /// R(t) for the values G(1..m) = 1, 2, ..., 2^(m-1): the numbers below 2^m with at most t bits.
  void start_reach(unsigned m) const {
    resize_reach(m);
    for (std::uint64_t v = 0; v < (std::uint64_t{1} << m); ++v) {
      const auto bits = static_cast<std::uint64_t>(std::popcount(v));
      if (bits <= k_) reach_[bits][v >> 6] |= std::uint64_t{1} << (v & 63);
    }
    for (std::size_t t = 1; t < reach_.size(); ++t) {
      for (std::size_t i = 0; i < reach_[t].size(); ++i) reach_[t][i] |= reach_[t - 1][i];
    }
  }

  /// R(t) |= R(t-1) xor c, for t = k down to 1 (so each R(t-1) is still the old one).
  void add_to_reach(Value c) const {
    if (c >> width_ != 0) resize_reach(static_cast<unsigned>(std::bit_width(c)));
    const std::uint64_t word_shift = c >> 6;
    const auto bit_shift = static_cast<unsigned>(c & 63);
    for (std::size_t t = reach_.size() - 1; t >= 1; --t) {
      std::vector<std::uint64_t>& to = reach_[t];
      const std::vector<std::uint64_t>& from = reach_[t - 1];
      for (std::size_t i = 0; i < from.size(); ++i) {
        to[i ^ word_shift] |= xor_permute(from[i], bit_shift);
      }
    }
  }

  /// Makes room for values below 2^width in every R(t).
  void resize_reach(unsigned width) const {
    const std::uint64_t words = width <= 6 ? 1 : std::uint64_t{1} << (width - 6);
    require_table_memory(saturating_mul(saturating_mul(k_ + 1, words), 8),
                         "the value table of " + name() + " past " +
                             std::to_string(values_.size() - 1) + " one-bits");
    reach_.resize(static_cast<std::size_t>(k_ + 1));
    for (auto& set : reach_) set.resize(static_cast<std::size_t>(words), 0);
    width_ = width;
  }

  static Value mex_of(const std::vector<std::uint64_t>& set) {
    for (std::size_t i = 0; i < set.size(); ++i) {
      if (set[i] != ~std::uint64_t{0}) return i * 64 + static_cast<Value>(std::countr_one(set[i]));
    }
    return set.size() * 64;
  }

  std::uint64_t k_;
  mutable std::mutex mutex_;
  mutable std::vector<Value> values_;                      // G(0), G(1), ...
  mutable std::vector<std::vector<std::uint64_t>> reach_;  // R(0..k) over the values so far
  mutable unsigned width_ = 0;                             // every value so far is below 2^width_
};

const FamilyRegistration kBitCount{Family{
    .name = "bitcount",
    .syntax = "bitcount(7)",
    .summary = "bit-count game: a number is replaced by k numbers whose one-bits are proper "
               "subsets of its own (position: the number, 0..2^64-1)",
    .arguments = Arguments::required,
    .examples = {"bitcount(7)", "bitcount(1)", "bitcount(2)", "bitcount(3)"},
    .make = &BitCount::make,
}};

}  // namespace
}  // namespace grundy
