// Moore's Nim_k (moore_nim.hpp). A position lists the heaps: `moore(2):3,5,7`, printed largest
// first without empty heaps (the empty position is `0`).
//
// P-positions have a closed form (Moore's theorem), Grundy values do not: a sum needs them, so
// they come from a table over the box of positions below the root (every option of a position in
// the box is in the box), filled in an order where options come first. The table's cells and
// the steps to fill it (the options of every cell, counted exactly before starting) are bounded;
// past either bound a value is refused, except that a P-position, told by the theorem, is 0 at
// any size.
#include "grundy/rules/families/moore_nim.hpp"

#include <algorithm>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/mex.hpp"
#include "grundy/rules/formula.hpp"
#include "grundy/rules/registry.hpp"
#include "grundy/rules/tuple_positions.hpp"

namespace grundy {

bool moore_is_p_position(std::span<const std::uint64_t> heaps, std::uint64_t k) {
  for (unsigned bit = 0; bit < 64; ++bit) {
    std::uint64_t ones = 0;
    for (const std::uint64_t h : heaps) ones += (h >> bit) & 1;
    if (ones % (k + 1) != 0) return false;
  }
  return true;
}

namespace {

/// The search behind moore_moves_to_p_positions: heaps are decided one binary digit at a time,
/// from the highest. A heap still equal to its original on the digits so far is tight: on a
/// digit where the original has a 0 it keeps the 0; where it has a 1 it keeps it or takes a 0,
/// which lowers it (it is free from then on, and takes any digit below). At most k heaps are
/// lowered; each digit's count of ones must be a multiple of k + 1 (Moore's theorem); a digit is
/// given only the choices from which that count can still be reached.
class MooreSearch {
 public:
  MooreSearch(std::span<const std::uint64_t> heaps, std::uint64_t k, std::size_t max_found,
              std::uint64_t max_steps)
      : heaps_(heaps.begin(), heaps.end()),
        k_(k),
        max_found_(max_found),
        max_steps_(max_steps),
        after_(heaps_.size(), 0),
        lowered_(heaps_.size(), false) {}

  /// Runs the search; false when it stopped at a bound.
  bool run() {
    digit(63);
    return !stopped_;
  }
  const std::set<NumberList>& found() const { return found_; }

 private:
  void digit(int bit) {
    if (stopped_) return;
    if (bit < 0) {
      if (lowered_count_ == 0) return;  // no heap lowered: not a move
      NumberList q = after_;
      std::sort(q.begin(), q.end(), std::greater<>());
      while (!q.empty() && q.back() == 0) q.pop_back();
      found_.insert(std::move(q));
      if (found_.size() > max_found_) stopped_ = true;
      return;
    }
    // The heaps with a choice on this digit: the tight ones with a 1 (keep it, or lower the
    // heap) and the lowered ones (any digit); the tight ones with a 0 keep it.
    std::vector<std::size_t> choosers;
    for (std::size_t i = 0; i < heaps_.size(); ++i) {
      if (lowered_[i] || ((heaps_[i] >> bit) & 1) != 0) choosers.push_back(i);
    }
    // tight_from[j]: the tight heaps among choosers[j..]. Only choosers[at] changes while
    // choosers[at..] are decided, so these counts hold throughout the digit.
    std::vector<std::uint64_t> tight_from(choosers.size() + 1, 0);
    for (std::size_t j = choosers.size(); j-- > 0;) {
      tight_from[j] = tight_from[j + 1] + (lowered_[choosers[j]] ? 0 : 1);
    }
    choose(bit, choosers, tight_from, 0, 0);
  }

  /// Decides choosers[at..] on `bit`, `ones` of the earlier ones having taken a 1.
  void choose(int bit, const std::vector<std::size_t>& choosers,
              const std::vector<std::uint64_t>& tight_from, std::size_t at, std::uint64_t ones) {
    if (stopped_) return;
    if (++steps_ > max_steps_) {
      stopped_ = true;
      return;
    }
    // The ones the rest can still take: every one of them at most; at least the tight ones
    // that cannot be lowered any more (k lowered already).
    const std::uint64_t tight = tight_from[at];
    const std::uint64_t room = k_ - std::min<std::uint64_t>(k_, lowered_count_);
    const std::uint64_t least = ones + (tight > room ? tight - room : 0);
    const std::uint64_t most = ones + (choosers.size() - at);
    const std::uint64_t next_multiple = (least + k_) / (k_ + 1) * (k_ + 1);
    if (next_multiple > most) return;
    if (at == choosers.size()) {
      digit(bit - 1);
      return;
    }
    const std::size_t i = choosers[at];
    const std::uint64_t one = std::uint64_t{1} << bit;
    if (lowered_[i]) {
      after_[i] &= ~one;
      choose(bit, choosers, tight_from, at + 1, ones);
      after_[i] |= one;
      choose(bit, choosers, tight_from, at + 1, ones + 1);
      after_[i] &= ~one;
      return;
    }
    // Tight with a 1 here: keep it, or lower the heap by taking a 0.
    after_[i] |= one;
    choose(bit, choosers, tight_from, at + 1, ones + 1);
    after_[i] &= ~one;
    if (lowered_count_ < k_) {
      lowered_[i] = true;
      ++lowered_count_;
      choose(bit, choosers, tight_from, at + 1, ones);
      --lowered_count_;
      lowered_[i] = false;
    }
  }

  NumberList heaps_;
  std::uint64_t k_;
  std::size_t max_found_;
  std::uint64_t max_steps_;
  NumberList after_;  // the heaps' digits above the current one (and the current, as chosen)
  std::vector<bool> lowered_;
  std::uint64_t lowered_count_ = 0;
  std::uint64_t steps_ = 0;
  bool stopped_ = false;
  std::set<NumberList> found_;
};

}  // namespace

std::uint64_t moore_moves_to_p_positions(
    std::span<const std::uint64_t> heaps, std::uint64_t k, std::size_t limit,
    const std::function<void(const std::vector<std::uint64_t>&)>& visit, std::size_t max_found,
    std::uint64_t max_steps) {
  MooreSearch search(heaps, k, max_found, max_steps);
  const bool complete = search.run();
  std::size_t given = 0;
  for (const NumberList& q : search.found()) {
    if (given++ == limit) break;
    visit(q);
  }
  return complete ? search.found().size() : kNotCounted;
}

namespace {

/// The most heaps a position may have.
constexpr std::size_t kMaxHeaps = 4096;
/// The largest k (more than the heaps of any position is the same game as Nim with every heap
/// at once).
constexpr std::uint64_t kMaxMooreK = 4096;
/// The most cells of a value table (4 bytes each) and the most steps to fill one.
constexpr std::uint64_t kMaxMooreCells = std::uint64_t{1} << 24;
constexpr std::uint64_t kMaxMooreSteps = std::uint64_t{1} << 28;

class MooreNim final : public Game {
 public:
  explicit MooreNim(std::uint64_t k)
      : Game("moore(" + std::to_string(k) + ")"), k_(k), kept_(name()) {
    set_traits({.layout = Layout::general, .formula_values = true, .formula_p_positions = true});
  }

  static std::shared_ptr<const Game> make(Scanner* args) {
    if (args == nullptr) {
      throw SpecError(1, "moore needs k, the most heaps a move may take from: moore(2)");
    }
    args->skip_spaces();
    const std::size_t at = args->offset();
    const std::uint64_t k =
        args->unsigned_integer("k, the most heaps a move may take from", kMaxMooreK);
    if (k == 0) args->fail_at(at, "moore needs k >= 1: a move takes from at least one heap");
    return std::make_shared<const MooreNim>(k);
  }

  Position parse_position(Scanner& in) const override {
    return keep_normal(parse_number_list(in, "a heap size", kMaxCoordinate, kMaxHeaps));
  }

  std::string format_position(const Position& p) const override {
    const NumberList& heaps = kept_.list_of(p);
    return heaps.empty() ? "0" : format_number_list(heaps);
  }

  void options(const Position& p, OptionVisitor& visit) const override {
    const NumberList heaps = kept_.list_of(p);
    const std::uint64_t count = option_count(heaps);
    TuplePositions::require_listable(count, heaps.size(), name() + ":" + format_position(p));
    // Equal heaps give equal options: collect them as sorted lists first.
    std::vector<NumberList> all;
    NumberList after = heaps;
    for_each_reduction(heaps, 0, 0, after, [&] { all.push_back(normal(after)); });
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    for (const NumberList& q : all) visit_single(kept_.keep(q), visit);
  }

  std::optional<Value> formula_value(const Position& p) const override {
    const NumberList& heaps = kept_.list_of(p);
    if (moore_is_p_position(heaps, k_)) return 0;
    if (k_ == 1) {  // Nim (Bouton)
      Value g = 0;
      for (const std::uint64_t h : heaps) g ^= h;
      return g;
    }
    const std::lock_guard lock(mutex_);
    if (!covers(root_, heaps)) {
      // One table for both roots when it fits (the positions of a sum, the options of either).
      NumberList both = heaps;
      both.resize(std::max(both.size(), root_.size()), 0);
      for (std::size_t i = 0; i < root_.size(); ++i) both[i] = std::max(both[i], root_[i]);
      fill(fits(both) ? both : heaps, p);
    }
    return table_[index(heaps)];
  }

  std::optional<bool> formula_is_p_position(const Position& p) const override {
    return moore_is_p_position(kept_.list_of(p), k_);
  }

  std::optional<ClosedForm> closed_form() const override {
    using Op = Formula::Op;
    if (k_ == 1) {
      return ClosedForm{.formula = Formula::apply(Op::bit_xor, {Formula::x(), Formula::y()}),
                        .kind = "x xor y",
                        .proof = "moore(1) is Nim: g(x, y) = x xor y (Bouton 1901)"};
    }
    // Two heaps with k >= 2: the options of (x, y) are every (x', y') != (x, y) with x' <= x and
    // y' <= y, by induction of values x' + y', which cover 0..x+y-1 and never x + y.
    return ClosedForm{.formula = Formula::apply(Op::add, {Formula::x(), Formula::y()}),
                      .kind = "x + y",
                      .proof =
                          "two heaps of Moore's Nim_k with k >= 2: a move lowers either heap "
                          "or both by any amounts, so by induction g(x, y) = x + y, the "
                          "options' values being every number below it"};
  }

  /// The moves to P-positions by Moore's theorem (target 0); other values need the table.
  std::optional<std::uint64_t> formula_options_with_value(const Position& p, Value target,
                                                          std::size_t limit,
                                                          OptionVisitor& visit) const override {
    if (target != 0) return std::nullopt;
    const NumberList heaps = kept_.list_of(p);
    return moore_moves_to_p_positions(
        heaps, k_, limit, [&](const NumberList& q) { visit_single(kept_.keep(q), visit); });
  }

  std::vector<Position> sample_positions(std::size_t count) const override {
    // Up to 4 heaps of up to 4 tokens, by increasing total.
    return kept_.partition_samples(count, 0, 4, 4);
  }

 private:
  static NumberList normal(NumberList heaps) {
    std::sort(heaps.begin(), heaps.end(), std::greater<>());
    while (!heaps.empty() && heaps.back() == 0) heaps.pop_back();
    return heaps;
  }
  Position keep_normal(NumberList heaps) const { return kept_.keep(normal(std::move(heaps))); }

  /// Options of the heaps: the ways to lower between 1 and k of them, each to any smaller size
  /// (saturating; equal heaps counted apart).
  std::uint64_t option_count(const NumberList& heaps) const {
    // ways[j]: the ways to lower exactly j of the heaps seen so far.
    std::vector<std::uint64_t> ways(std::min<std::uint64_t>(k_, heaps.size()) + 1, 0);
    ways[0] = 1;
    for (const std::uint64_t h : heaps) {
      for (std::size_t j = ways.size() - 1; j >= 1; --j) {
        ways[j] = saturating_add(ways[j], saturating_mul(ways[j - 1], h));
      }
    }
    std::uint64_t total = 0;
    for (std::size_t j = 1; j < ways.size(); ++j) total = saturating_add(total, ways[j]);
    return total;
  }

  /// Calls f() with `after` set to every way to lower between 1 and k of the heaps from `from`
  /// on (`lowered` of them lowered already).
  template <class F>
  void for_each_reduction(const NumberList& heaps, std::size_t from, std::uint64_t lowered,
                          NumberList& after, F&& f) const {
    if (from == heaps.size()) {
      if (lowered > 0) f();
      return;
    }
    for_each_reduction(heaps, from + 1, lowered, after, f);
    if (lowered == k_) return;
    for (std::uint64_t v = 0; v < heaps[from]; ++v) {
      after[from] = v;
      for_each_reduction(heaps, from + 1, lowered + 1, after, f);
    }
    after[from] = heaps[from];
  }

  /// Whether the heaps (largest first) lie in the box below `root` (largest first): each lowered
  /// list, sorted, is below its root sorted, place by place.
  static bool covers(const NumberList& root, const NumberList& heaps) {
    if (heaps.size() > root.size()) return false;
    for (std::size_t i = 0; i < heaps.size(); ++i) {
      if (heaps[i] > root[i]) return false;
    }
    return true;
  }

  /// The cells of the box below `root` and the steps to fill it, within the bounds.
  bool fits(const NumberList& root) const {
    std::uint64_t cells = 1;
    for (const std::uint64_t h : root) cells = saturating_mul(cells, saturating_add(h, 1));
    return cells <= kMaxMooreCells && fill_steps(root) <= kMaxMooreSteps;
  }

  /// The options of every cell of the box, summed: over the sets S of 1..k heaps, the product
  /// over S of (0 + 1 + ... + h) times the product over the others of (h + 1).
  std::uint64_t fill_steps(const NumberList& root) const {
    std::vector<std::uint64_t> sums(std::min<std::uint64_t>(k_, root.size()) + 1, 0);
    sums[0] = 1;
    for (const std::uint64_t h : root) {
      const std::uint64_t lowered =
          h % 2 == 0 ? saturating_mul(h / 2, saturating_add(h, 1)) : saturating_mul(h, (h + 1) / 2);
      for (std::size_t j = sums.size(); j-- > 0;) {
        std::uint64_t s = saturating_mul(sums[j], saturating_add(h, 1));
        if (j > 0) s = saturating_add(s, saturating_mul(sums[j - 1], lowered));
        sums[j] = s;
      }
    }
    std::uint64_t total = 0;
    for (std::size_t j = 1; j < sums.size(); ++j) total = saturating_add(total, sums[j]);
    return total;
  }

  std::size_t index(const NumberList& heaps) const {
    std::uint64_t at = 0;
    for (std::size_t i = 0; i < heaps.size(); ++i) at += heaps[i] * strides_[i];
    return static_cast<std::size_t>(at);
  }

  /// Fills the table of the box below `root`, or refuses naming `p`.
  void fill(const NumberList& root, const Position& p) const {
    if (!fits(root)) {
      std::uint64_t cells = 1;
      for (const std::uint64_t h : root) cells = saturating_mul(cells, saturating_add(h, 1));
      throw ResourceError(
          "the Grundy value of " + quote_excerpt(name() + ":" + format_position(p), 80) +
          " needs a table of " + (cells == kSaturated ? "2^64 or more" : std::to_string(cells)) +
          " positions filled in " + std::to_string(fill_steps(root)) +
          " steps, above the limit of " + std::to_string(kMaxMooreCells) + " positions and " +
          std::to_string(kMaxMooreSteps) +
          " steps (its outcome alone is Moore's theorem: " + "it is a first-player win)");
    }
    root_.clear();
    table_.clear();
    strides_.assign(root.size(), 1);
    std::uint64_t cells = 1;
    for (std::size_t i = root.size(); i-- > 0;) {
      strides_[i] = cells;
      cells *= root[i] + 1;
    }
    table_.assign(static_cast<std::size_t>(cells), 0);
    // Cells in increasing index: every option of a cell lowers some place, so its index is
    // smaller and its value known.
    NumberList cell(root.size(), 0);
    NumberList after;
    MexSet seen;
    for (std::uint64_t at = 0; at < cells; ++at) {
      seen.reset(option_count(cell) + 1);
      after = cell;
      for_each_reduction(cell, 0, 0, after, [&] {
        std::uint64_t to = 0;
        for (std::size_t i = 0; i < after.size(); ++i) to += after[i] * strides_[i];
        seen.mark(table_[static_cast<std::size_t>(to)]);
      });
      table_[static_cast<std::size_t>(at)] = static_cast<std::uint32_t>(seen.mex());
      for (std::size_t i = cell.size(); i-- > 0;) {  // the next cell, last place fastest
        if (cell[i] < root[i]) {
          ++cell[i];
          break;
        }
        cell[i] = 0;
      }
    }
    root_ = root;
  }

  std::uint64_t k_;
  TuplePositions kept_;
  mutable std::mutex mutex_;
  mutable NumberList root_;  // the box of the table: largest first (empty: no table yet)
  mutable std::vector<std::uint64_t> strides_;
  mutable std::vector<std::uint32_t> table_;
};

const FamilyRegistration kMooreNim{Family{
    .name = "moore",
    .syntax = "moore(2)",
    .summary = "Moore's Nim_k: remove any positive number of tokens from each of 1 to k heaps "
               "(position: the heap sizes)",
    .arguments = Arguments::required,
    .examples = {"moore(2)", "moore(1)", "moore(3)"},
    .make = &MooreNim::make,
}};

}  // namespace
}  // namespace grundy
