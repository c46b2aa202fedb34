#pragma once
/// \file Positions that are lists of numbers (the steps of a staircase, the coins of Welter's
/// game, the heaps of Moore's Nim, the rows of a Chomp diagram), kept in the game under a number:
/// Position{id, 0}, as VertexDeletionGame keeps its graphs. Equal lists are one position.

#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "grundy/core/scanner.hpp"
#include "grundy/core/value.hpp"

namespace grundy {

using NumberList = std::vector<std::uint64_t>;

/// The lists one game has made, each under its number. Thread-safe; references stay valid.
class TuplePositions {
 public:
  explicit TuplePositions(std::string game_name) : game_name_(std::move(game_name)) {}

  /// The position of `list` (already in the family's normal form).
  Position keep(const NumberList& list) const;
  /// The list of a position kept here; throws Error for any other position.
  const NumberList& list_of(const Position& p) const;

  /// Sample positions (Game::sample_positions): the partitions of first_total, first_total + 1,
  /// ... into at most `parts` parts of at most `largest` each, each listed largest part first and
  /// kept here, larger parts first within a total; at most `count` of them.
  std::vector<Position> partition_samples(std::size_t count, std::uint64_t first_total,
                                          std::size_t parts, std::uint64_t largest) const;

  /// The most positions one game keeps, and the most numbers in all their lists: a request past
  /// either is refused (ResourceError).
  static constexpr std::size_t kMaxPositions = std::size_t{1} << 22;
  static constexpr std::uint64_t kMaxNumbers = std::uint64_t{1} << 25;
  /// The most options a family of lists enumerates for one position, and the most numbers in
  /// their lists (each option becomes a kept position): past either, options() is refused.
  static constexpr std::uint64_t kMaxOptions = std::uint64_t{1} << 20;
  static constexpr std::uint64_t kMaxOptionNumbers = std::uint64_t{1} << 24;

  /// Refuses (ResourceError, naming `position`) to list `count` options of about `list_size`
  /// numbers each past kMaxOptions options or kMaxOptionNumbers numbers.
  static void require_listable(std::uint64_t count, std::uint64_t list_size,
                               const std::string& position);

 private:
  struct ListHash {
    std::size_t operator()(const NumberList& list) const noexcept;
  };
  std::string game_name_;
  mutable std::mutex mutex_;
  mutable std::deque<NumberList> kept_;  // a deque: references stay valid as it grows
  mutable std::uint64_t numbers_ = 0;    // in all the lists kept
  mutable std::unordered_map<NumberList, std::uint64_t, ListHash> by_list_;
};

/// Reads `a,b,c` (spaces allowed around commas): at least one number, each 0..`max` (named
/// `what` in errors), at most `max_count` of them.
NumberList parse_number_list(Scanner& in, std::string_view what, std::uint64_t max,
                             std::size_t max_count);

/// `a,b,c`; the empty list is written `0` by the families that allow it.
std::string format_number_list(const NumberList& list);

}  // namespace grundy
