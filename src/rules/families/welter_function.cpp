#include <algorithm>
#include <optional>
#include <stdexcept>

#include "grundy/rules/families/welter.hpp"

namespace grundy {
namespace {

/// The squares of one node of the binary trie of the low bits: all congruent modulo 2^bit.
/// Squares congruent modulo a higher power are mated first (they lie in one child), so each
/// child leaves at most one square unmated, and the two leftovers of the children are mates
/// here: congruent modulo 2^bit and no higher.
struct Mated {
  Value value = 0;
  std::optional<std::uint64_t> unmated;
};

Mated mate(std::span<std::uint64_t> squares, unsigned bit) {
  if (squares.size() <= 1) {
    return squares.empty() ? Mated{} : Mated{0, squares.front()};
  }
  if (bit >= 64) throw std::logic_error("welter_function: two coins on one square");
  const auto middle = std::partition(squares.begin(), squares.end(),
                                     [bit](std::uint64_t s) { return ((s >> bit) & 1) == 0; });
  const auto split = static_cast<std::size_t>(middle - squares.begin());
  // Distinct squares below 2^63 part at some bit below 63, so bit stays below 64.
  const Mated even = mate(squares.first(split), bit + 1);
  const Mated odd = mate(squares.subspan(split), bit + 1);
  Mated out{even.value ^ odd.value, std::nullopt};
  if (even.unmated && odd.unmated) {
    out.value ^= (*even.unmated ^ *odd.unmated) - 1;  // [a|b] = (a xor b) - 1, a != b
  } else {
    out.unmated = even.unmated ? even.unmated : odd.unmated;
  }
  return out;
}

}  // namespace

Value welter_function(std::span<std::uint64_t> squares) {
  const Mated m = mate(squares, 0);
  return m.value ^ m.unmated.value_or(0);
}

}  // namespace grundy
