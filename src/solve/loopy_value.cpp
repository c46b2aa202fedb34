#include "grundy/solve/loopy_value.hpp"

#include <algorithm>

namespace grundy {

Value option_value(std::span<const Position> parts, ValueSource& values) {
  Value v = 0;
  for (const Position& part : parts) {
    const Value w = values.value(part);
    if (w == kInfiniteValue) return kInfiniteValue;
    v ^= w;
  }
  return v;
}

std::vector<Value> escape_set(const Game& game, std::span<const Position> parts,
                              ValueSource& values) {
  std::vector<Value> part_values;
  for (const Position& part : parts) part_values.push_back(values.value(part));
  std::vector<Value> k;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    // The nim-sum of the parts a move in part i leaves alone; infinite when one of them is.
    Value rest = 0;
    for (std::size_t j = 0; j < parts.size() && rest != kInfiniteValue; ++j) {
      if (j == i) continue;
      rest = part_values[j] == kInfiniteValue ? kInfiniteValue : rest ^ part_values[j];
    }
    if (rest == kInfiniteValue) continue;
    for_each_option(game, parts[i], [&](std::span<const Position> option) {
      const Value v = option_value(option, values);
      if (v != kInfiniteValue) k.push_back(v ^ rest);
    });
  }
  std::sort(k.begin(), k.end());
  k.erase(std::unique(k.begin(), k.end()), k.end());
  return k;
}

std::string format_infinite_value(std::span<const Value> escape_set) {
  std::string text = "inf{";
  for (std::size_t i = 0; i < escape_set.size(); ++i) {
    text += (i ? "," : "") + std::to_string(escape_set[i]);
  }
  return text + "}";
}

}  // namespace grundy
