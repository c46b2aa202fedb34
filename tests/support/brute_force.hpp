#pragma once
// Independent references for tests: plain recursion over options (no tables, no fast paths), a
// direct mex, and brute-force winning moves of a sum.

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "grundy/rules/game.hpp"
#include "grundy/rules/sum.hpp"

namespace grundy::test {

/// mex by the definition: count up from 0 until a value is missing.
inline Value reference_mex(const std::vector<Value>& values) {
  const std::set<Value> set(values.begin(), values.end());
  Value m = 0;
  while (set.count(m) != 0) ++m;
  return m;
}

/// g(p) by plain recursion over options (memoised only to keep small cases fast; no tables).
class BruteForce {
 public:
  explicit BruteForce(const Game& game) : game_(game) {}
  Value value(const Position& p) {
    if (auto it = memo_.find(p); it != memo_.end()) return it->second;
    std::vector<Value> option_values;
    std::vector<std::vector<Position>> options;
    for_each_option(game_, p, [&](std::span<const Position> parts) {
      options.emplace_back(parts.begin(), parts.end());
    });
    for (const auto& parts : options) {
      Value v = 0;
      for (const Position& part : parts) v ^= value(part);
      option_values.push_back(v);
    }
    const Value g = reference_mex(option_values);
    memo_[p] = g;
    return g;
  }

 private:
  const Game& game_;
  std::map<Position, Value> memo_;
};

/// Every move of a sum that leaves nim-sum 0, as (component, sorted parts), by trying all moves.
inline std::set<std::pair<std::size_t, std::vector<Position>>> brute_force_winning_moves(
    const Sum& sum, std::vector<BruteForce>& brute) {
  std::vector<Value> values;
  for (std::size_t i = 0; i < sum.components.size(); ++i) {
    values.push_back(brute[i].value(sum.components[i].position));
  }
  std::set<std::pair<std::size_t, std::vector<Position>>> moves;
  for (std::size_t i = 0; i < sum.components.size(); ++i) {
    Value rest = 0;
    for (std::size_t j = 0; j < values.size(); ++j) {
      if (j != i) rest ^= values[j];
    }
    std::vector<std::vector<Position>> options;
    for_each_option(
        *sum.components[i].game, sum.components[i].position,
        [&](std::span<const Position> parts) { options.emplace_back(parts.begin(), parts.end()); });
    for (auto& parts : options) {
      Value v = 0;
      for (const Position& part : parts) v ^= brute[i].value(part);
      if ((v ^ rest) == 0) {
        std::sort(parts.begin(), parts.end());
        moves.emplace(i, parts);
      }
    }
  }
  return moves;
}

/// The values of an OEIS-style data file in tests/data (lines starting with '#' are comments).
inline std::vector<Value> read_sequence(const std::string& file) {
  std::ifstream in(std::string(GRUNDY_TEST_DATA) + "/" + file);
  std::vector<Value> values;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    values.push_back(std::stoull(line));
  }
  return values;
}

}  // namespace grundy::test
