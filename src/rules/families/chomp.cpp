// Chomp (D. Gale, "A curious Nim-type game", Amer. Math. Monthly 81 (1974) 876-879): a bar of
// chocolate whose top-left square is poisoned; a move picks a remaining square and eats it with
// every square below and to the right of it, and whoever must eat the poison loses. In normal play
// the poison is never taken: the position with the poison alone has no move. A position is the
// rows' lengths, top first and never growing (`chomp:5,5,3,1`, a Young diagram), or `RxC` for the
// full R x C bar (printed so when every row is full).
//
// No splitting and no formula: values come from a table over every diagram inside the R x C box
// (every option of a diagram in the box is in the box), filled in lexicographic order of the
// rows, where a diagram's options, being smaller row by row, come first. A diagram's rank in that
// order is sum over rows i of C(R-1-i + r_i, R-i) (the diagrams sharing the rows above i and with
// a shorter row i). The table's diagrams and the steps to fill it are bounded; past them a value
// is refused. That every rectangle but 1 x 1 is a first-player win is Gale's strategy-stealing
// argument (tests/rules/chomp_test.cpp checks it on every rectangle the table holds).
#include <algorithm>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/mex.hpp"
#include "grundy/rules/formula.hpp"
#include "grundy/rules/registry.hpp"
#include "grundy/rules/tuple_positions.hpp"

namespace grundy {
namespace {

constexpr std::size_t kMaxChompRows = 65536;
/// The most diagrams of a value table (4 bytes each), and the most steps to fill one.
constexpr std::uint64_t kMaxChompDiagrams = std::uint64_t{1} << 24;
constexpr std::uint64_t kMaxChompSteps = std::uint64_t{1} << 30;

/// C(R + C, R), the diagrams in the R x C box, saturating.
std::uint64_t diagrams_in_box(std::uint64_t rows, std::uint64_t columns) {
  const std::uint64_t k = std::min(rows, columns);
  const std::uint64_t n = saturating_add(rows, columns);
  uint128 c = 1;
  for (std::uint64_t i = 1; i <= k; ++i) {
    c = c * (n - k + i) / i;  // exact: C(n-k+i, i) after each step
    if (c > kMaxCoordinate) return kSaturated;
  }
  return static_cast<std::uint64_t>(c);
}

class Chomp final : public Game {
 public:
  Chomp() : Game("chomp"), kept_("chomp") {
    set_traits({.layout = Layout::general, .formula_values = true});
  }

  Position parse_position(Scanner& in) const override {
    const std::size_t start = in.offset();
    NumberList rows;
    const std::uint64_t first = in.unsigned_integer("a row length", kMaxCoordinate);
    in.skip_spaces();
    if (in.accept('x')) {
      in.skip_spaces();
      const std::uint64_t columns = in.unsigned_integer("the columns", kMaxCoordinate);
      if (first > kMaxChompRows) {
        in.fail_at(start,
                   "more than " + std::to_string(kMaxChompRows) + " rows is too large a position");
      }
      if (first == 0 || columns == 0) {
        in.fail_at(start, "a Chomp bar has at least one row and one column (the poison)");
      }
      rows.assign(static_cast<std::size_t>(first), columns);
    } else {
      rows.push_back(first);
      if (in.accept(',')) {
        in.skip_spaces();
        const NumberList more =
            parse_number_list(in, "a row length", kMaxCoordinate, kMaxChompRows - 1);
        rows.insert(rows.end(), more.begin(), more.end());
      }
      if (rows.front() == 0) {
        in.fail_at(start, "the first row holds the poison and cannot be empty");
      }
      for (std::size_t i = 1; i < rows.size(); ++i) {
        if (rows[i] > rows[i - 1]) {
          in.fail_at(start, "row " + std::to_string(i + 1) + " (" + std::to_string(rows[i]) +
                                ") is longer than the row above it (" +
                                std::to_string(rows[i - 1]) +
                                "): rows of a Chomp position never grow");
        }
      }
    }
    return keep_normal(std::move(rows));
  }

  std::string format_position(const Position& p) const override {
    const NumberList& rows = kept_.list_of(p);
    if (std::all_of(rows.begin(), rows.end(), [&](std::uint64_t r) { return r == rows[0]; })) {
      return std::to_string(rows.size()) + "x" + std::to_string(rows[0]);
    }
    return format_number_list(rows);
  }

  void options(const Position& p, OptionVisitor& visit) const override {
    const NumberList rows = kept_.list_of(p);
    std::uint64_t cells = 0;
    for (const std::uint64_t r : rows) cells = saturating_add(cells, r);
    TuplePositions::require_listable(cells - 1, rows.size(), "chomp:" + format_position(p));
    std::vector<Position> parts;
    NumberList after;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      for (std::uint64_t j = i == 0 ? 1 : 0; j < rows[i]; ++j) {
        after = rows;
        for (std::size_t t = i; t < rows.size(); ++t) after[t] = std::min(after[t], j);
        parts.push_back(keep_normal(after));  // distinct squares leave distinct diagrams
      }
    }
    std::sort(parts.begin(), parts.end());
    for (const Position& q : parts) visit_single(q, visit);
  }

  std::vector<Position> sample_positions(std::size_t count) const override {
    // Diagrams of up to 4 rows of up to 4 squares, by number of squares.
    return kept_.partition_samples(count, 1, 4, 4);
  }

  /// The value from the table of a box holding `p` (filled on first need; see the top of the
  /// file). Not a closed form, but the solvers take it as one: a value or a refusal.
  std::optional<ClosedForm> closed_form() const override {
    // Two rows, a on top of b <= a: from b <= a - 2 eating the top row down to b + 1 leaves
    // (b + 1, b); from b = a eating the last bottom square leaves (a, a - 1); and from (a, a - 1)
    // every move leaves rows of equal length or differing by 2 or more. (1, 0), the poison
    // alone, has no move.
    using Op = Formula::Op;
    return ClosedForm{
        .formula = Formula::apply(
            Op::equal,
            {Formula::x(), Formula::apply(Op::add, {Formula::y(), Formula::constant(1)})}),
        .p_positions = true,
        .kind = "x = y + 1",
        .proof =
            "two-row Chomp (rows x on top of y <= x): the P-positions are the rows x = y + 1, "
            "reached from every other position by one bite and left by every bite "
            "(src/rules/chomp.cpp)"};
  }

  std::optional<Value> formula_value(const Position& p) const override {
    const NumberList& rows = kept_.list_of(p);
    const std::lock_guard lock(mutex_);
    if (rows.size() > box_rows_ || rows[0] > box_columns_) {
      // One table for both boxes when it fits (the positions of a sum, the options of either).
      const std::uint64_t r = std::max<std::uint64_t>(rows.size(), box_rows_);
      const std::uint64_t c = std::max(rows[0], box_columns_);
      if (fits(r, c)) {
        fill(r, c);
      } else if (fits(rows.size(), rows[0])) {
        fill(rows.size(), rows[0]);
      } else {
        const bool bar =
            std::all_of(rows.begin(), rows.end(), [&](std::uint64_t x) { return x == rows[0]; });
        throw ResourceError(
            "the Grundy value of " + quote_excerpt("chomp:" + format_position(p), 80) +
            " needs a table of the " + std::to_string(diagrams_in_box(rows.size(), rows[0])) +
            " diagrams in its " + std::to_string(rows.size()) + " x " + std::to_string(rows[0]) +
            " box, above the limit of " + std::to_string(kMaxChompDiagrams) + " diagrams and " +
            std::to_string(kMaxChompSteps) + " steps" +
            (bar ? " (a full bar larger than 1 x 1 is a first-player win, by strategy stealing)"
                 : ""));
      }
    }
    return table_[static_cast<std::size_t>(rank(rows))];
  }

 private:
  static bool fits(std::uint64_t rows, std::uint64_t columns) {
    const std::uint64_t diagrams = diagrams_in_box(rows, columns);
    // Each diagram visits up to rows * columns squares, each option ranked in up to `rows` steps.
    return diagrams <= kMaxChompDiagrams &&
           saturating_mul(saturating_mul(diagrams, saturating_mul(rows, columns)), rows) <=
               kMaxChompSteps;
  }

  /// The rank of `rows` (padded with empty rows) among the diagrams of the box, in the order
  /// of the top of the file.
  std::uint64_t rank(const NumberList& rows) const {
    std::uint64_t at = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) at += below_[i][rows[i]];
    return at;
  }

  void fill(std::uint64_t r, std::uint64_t c) const {
    box_rows_ = box_columns_ = 0;
    const auto rows = static_cast<std::size_t>(r);
    const auto columns = static_cast<std::size_t>(c);
    // below_[i][v] = C(R-1-i + v, R-i): by Pascal's rule D(t, v) = D(t, v-1) + D(t-1, v) for
    // D(t, v) = C(t + v, t + 1), t = R-1-i, with D(-1, v) = 1 for v >= 1 and D(t, 0) = 0.
    below_.assign(rows, std::vector<std::uint64_t>(columns + 1, 0));
    for (std::size_t i = rows; i-- > 0;) {
      for (std::size_t v = 1; v <= columns; ++v) {
        below_[i][v] = below_[i][v - 1] + (i + 1 < rows ? below_[i + 1][v] : 1);
      }
    }
    const std::uint64_t count = diagrams_in_box(r, c);
    table_.assign(static_cast<std::size_t>(count), 0);
    NumberList diagram(rows, 0);
    MexSet seen;
    for (std::uint64_t at = 0; at < count; ++at) {
      std::uint64_t cells = 0;
      for (const std::uint64_t x : diagram) cells += x;
      seen.reset(cells + 1);
      std::uint64_t above = 0;  // the rank's terms of the rows above row i
      for (std::size_t i = 0; i < rows && diagram[i] > 0; ++i) {
        for (std::uint64_t j = i == 0 ? 1 : 0; j < diagram[i]; ++j) {
          std::uint64_t to = above;
          for (std::size_t t = i; t < rows; ++t) to += below_[t][std::min(diagram[t], j)];
          seen.mark(table_[static_cast<std::size_t>(to)]);
        }
        above += below_[i][diagram[i]];
      }
      table_[static_cast<std::size_t>(at)] = static_cast<std::uint32_t>(seen.mex());
      // The next diagram in lexicographic order: raise the last row that can grow, empty the
      // rows under it.
      for (std::size_t i = rows; i-- > 0;) {
        const std::uint64_t cap = i == 0 ? c : diagram[i - 1];
        if (diagram[i] < cap) {
          ++diagram[i];
          std::fill(diagram.begin() + static_cast<std::ptrdiff_t>(i) + 1, diagram.end(), 0);
          break;
        }
      }
    }
    box_rows_ = r;
    box_columns_ = c;
  }

  Position keep_normal(NumberList rows) const {
    while (!rows.empty() && rows.back() == 0) rows.pop_back();
    return kept_.keep(rows);
  }

  TuplePositions kept_;
  mutable std::mutex mutex_;
  mutable std::uint64_t box_rows_ = 0;  // the table's box (0 x 0: none yet)
  mutable std::uint64_t box_columns_ = 0;
  mutable std::vector<std::vector<std::uint64_t>> below_;
  mutable std::vector<std::uint32_t> table_;
};

const FamilyRegistration kChomp{Family{
    .name = "chomp",
    .syntax = "chomp",
    .summary = "Chomp: eat a square and every square below and right of it; the poisoned corner "
               "is never eaten (position: RxC, or row lengths top first, e.g. 4,4,2)",
    .arguments = Arguments::none,
    .examples = {"chomp"},
    .make = [](Scanner*) { return std::make_shared<const Chomp>(); },
}};

}  // namespace
}  // namespace grundy
