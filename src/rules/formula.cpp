#include "grundy/rules/formula.hpp"

#include <algorithm>
#include <bit>
#include <iterator>
#include <utility>

#include "grundy/core/checked.hpp"
#include "grundy/core/nimber.hpp"
#include "grundy/rules/families/wythoff.hpp"

namespace grundy {

Formula::Formula() : node_(std::make_shared<const Node>()) {}

Formula Formula::x() {
  return Formula(std::make_shared<const Node>(Node{.op = Op::x}));
}

Formula Formula::y() {
  return Formula(std::make_shared<const Node>(Node{.op = Op::y}));
}

Formula Formula::constant(Value c) {
  return Formula(std::make_shared<const Node>(Node{.op = Op::constant, .constant = c}));
}

Formula Formula::apply(Op op, std::vector<Formula> args) {
  return Formula(std::make_shared<const Node>(Node{.op = op, .args = std::move(args)}));
}

Formula Formula::table(std::vector<Value> values, Formula arg) {
  return Formula(std::make_shared<const Node>(
      Node{.op = Op::table, .args = {std::move(arg)}, .values = std::move(values)}));
}

Formula Formula::periodic(std::vector<Value> values, std::uint64_t preperiod, Value saltus,
                          Formula arg) {
  return Formula(std::make_shared<const Node>(Node{.op = Op::periodic,
                                                   .args = {std::move(arg)},
                                                   .values = std::move(values),
                                                   .preperiod = preperiod,
                                                   .saltus = saltus}));
}

Formula Formula::runs(std::vector<std::uint64_t> starts, std::vector<Value> values, Formula arg) {
  return Formula(std::make_shared<const Node>(Node{.op = Op::runs,
                                                   .args = {std::move(arg)},
                                                   .values = std::move(values),
                                                   .starts = std::move(starts)}));
}

Formula Formula::member(std::vector<std::uint64_t> set, Formula arg) {
  return Formula(std::make_shared<const Node>(
      Node{.op = Op::member, .args = {std::move(arg)}, .starts = std::move(set)}));
}

std::optional<Value> Formula::at(std::uint64_t x, std::uint64_t y) const {
  const Node& n = *node_;
  switch (n.op) {
    case Op::x:
      return x;
    case Op::y:
      return y;
    case Op::constant:
      return n.constant;
    case Op::select: {
      // Only the branch chosen is read: the other may be undefined there (a table's end).
      const std::optional<Value> condition = n.args[0].at(x, y);
      if (!condition) return std::nullopt;
      return n.args[*condition != 0 ? 1 : 2].at(x, y);
    }
    default:
      break;
  }
  // Every other operation reads its arguments first; one undefined argument leaves it undefined.
  Value a[3] = {0, 0, 0};
  for (std::size_t i = 0; i < n.args.size() && i < 3; ++i) {
    const std::optional<Value> v = n.args[i].at(x, y);
    if (!v) return std::nullopt;
    a[i] = *v;
  }
  switch (n.op) {
    case Op::add:
      return checked_add(a[0], a[1]);
    case Op::subtract:
      if (a[0] < a[1]) return std::nullopt;
      return a[0] - a[1];
    case Op::multiply:
      return checked_mul(a[0], a[1]);
    case Op::floor_div:
      if (a[1] == 0) return std::nullopt;
      return a[0] / a[1];
    case Op::ceil_div:
      if (a[1] == 0) return std::nullopt;
      return a[0] / a[1] + (a[0] % a[1] != 0);
    case Op::mod:
      if (a[1] == 0) return std::nullopt;
      return a[0] % a[1];
    case Op::bit_xor:
      return a[0] ^ a[1];
    case Op::bit_and:
      return a[0] & a[1];
    case Op::min:
      return std::min(a[0], a[1]);
    case Op::max:
      return std::max(a[0], a[1]);
    case Op::abs_diff:
      return a[0] > a[1] ? a[0] - a[1] : a[1] - a[0];
    case Op::less:
      return Value{a[0] < a[1]};
    case Op::equal:
      return Value{a[0] == a[1]};
    case Op::popcount:
      return static_cast<Value>(std::popcount(a[0]));
    case Op::lowbit:
      return a[0] & (~a[0] + 1);
    case Op::bit_width:
      return static_cast<Value>(std::bit_width(a[0]));
    case Op::nim_product:
      return nim_mul(a[0], a[1]);
    case Op::golden_floor:
      if (a[0] > (std::uint64_t{1} << 63)) return std::nullopt;
      return wythoff::lower(a[0]);
    case Op::table:
      if (a[0] >= n.values.size()) return std::nullopt;
      return n.values[a[0]];
    case Op::periodic: {
      if (a[0] < n.preperiod) return n.values[a[0]];
      const std::uint64_t p = n.values.size() - n.preperiod;
      const std::uint64_t k = (a[0] - n.preperiod) / p;
      const std::optional<Value> shift = checked_mul(k, n.saltus);
      if (!shift) return std::nullopt;
      return checked_add(n.values[n.preperiod + (a[0] - n.preperiod) % p], *shift);
    }
    case Op::runs: {
      const auto after = std::upper_bound(n.starts.begin(), n.starts.end(), a[0]);
      if (after == n.starts.begin()) return std::nullopt;
      return n.values[static_cast<std::size_t>(std::prev(after) - n.starts.begin())];
    }
    case Op::member:
      return Value{std::binary_search(n.starts.begin(), n.starts.end(), a[0])};
    case Op::x:
    case Op::y:
    case Op::constant:
    case Op::select:
      break;
  }
  return std::nullopt;
}

bool Formula::uses(Op variable) const {
  if (node_->op == variable) return true;
  return std::any_of(node_->args.begin(), node_->args.end(),
                     [variable](const Formula& a) { return a.uses(variable); });
}

Formula Formula::of(const Formula& arg) const {
  if (node_->op == Op::x) return arg;
  if (node_->args.empty()) return *this;
  Node node = *node_;
  for (Formula& a : node.args) a = a.of(arg);
  return Formula(std::make_shared<const Node>(std::move(node)));
}

bool operator==(const Formula& a, const Formula& b) {
  if (a.node_ == b.node_) return true;
  const Formula::Node& m = *a.node_;
  const Formula::Node& n = *b.node_;
  return m.op == n.op && m.constant == n.constant && m.args == n.args && m.values == n.values &&
         m.starts == n.starts && m.preperiod == n.preperiod && m.saltus == n.saltus;
}

}  // namespace grundy
