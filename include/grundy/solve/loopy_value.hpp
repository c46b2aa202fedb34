#pragma once
/// \file Smith's generalised values seen through a value source: the value of an option (a sum of
/// parts), escape sets, and the text of an infinite value, `inf{0,2}`.

#include <span>
#include <string>
#include <vector>

#include "grundy/rules/game.hpp"
#include "grundy/solve/graph_solver.hpp"
#include "grundy/solve/value_source.hpp"

namespace grundy {

/// The value of an option whose parts form a disjunctive sum: the XOR of the parts' values
/// (Sprague–Grundy), or kInfiniteValue when a part is infinite (Smith: a finite b plus infinity is
/// infinite).
Value option_value(std::span<const Position> parts, ValueSource& values);

/// The escape set K of the sum of `parts` (positions of `game`): the finite values of its options,
/// increasing, each once. An infinite position's value is written inf{K}. A move in one part
/// leaves the others as they are, so with two or more infinite parts K is empty, and with one, of
/// escape set K', and the others of nim-sum b, K is K' xor b (Smith, "Graphs and composite games",
/// JCT 1966).
std::vector<Value> escape_set(const Game& game, std::span<const Position> parts,
                              ValueSource& values);

/// `inf{0,2}`: an infinite value and its escape set (as `grundy value` prints it).
std::string format_infinite_value(std::span<const Value> escape_set);

}  // namespace grundy
