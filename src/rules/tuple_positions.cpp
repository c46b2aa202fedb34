#include "grundy/rules/tuple_positions.hpp"

#include <algorithm>

#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"

namespace grundy {

std::size_t TuplePositions::ListHash::operator()(const NumberList& list) const noexcept {
  std::uint64_t h = list.size();
  for (const std::uint64_t x : list) h = PositionHash{}(Position{h, x});
  return static_cast<std::size_t>(h);
}

Position TuplePositions::keep(const NumberList& list) const {
  const std::lock_guard lock(mutex_);
  if (auto it = by_list_.find(list); it != by_list_.end()) return Position{it->second, 0};
  if (kept_.size() >= kMaxPositions || saturating_add(numbers_, list.size()) > kMaxNumbers) {
    throw ResourceError(game_name_ + " keeps at most " + std::to_string(kMaxPositions) +
                        " positions of " + std::to_string(kMaxNumbers) +
                        " numbers in all, and this request needs more");
  }
  const std::uint64_t id = kept_.size();
  kept_.push_back(list);
  numbers_ += list.size();
  by_list_.emplace(list, id);
  return Position{id, 0};
}

const NumberList& TuplePositions::list_of(const Position& p) const {
  const std::lock_guard lock(mutex_);
  if (p.y != 0 || p.x >= kept_.size()) {
    throw Error("position (" + std::to_string(p.x) + ", " + std::to_string(p.y) +
                ") is not a position of " + game_name_);
  }
  return kept_[static_cast<std::size_t>(p.x)];
}

void TuplePositions::require_listable(std::uint64_t count, std::uint64_t list_size,
                                      const std::string& position) {
  const std::uint64_t numbers = saturating_mul(count, saturating_add(list_size, 1));
  if (count > kMaxOptions || numbers > kMaxOptionNumbers) {
    throw ResourceError(quote_excerpt(position, 80) + " has " +
                        (count == kSaturated ? "2^64 or more" : std::to_string(count)) +
                        " options of " + std::to_string(list_size) +
                        " numbers each; grundy lists at most " + std::to_string(kMaxOptions) +
                        " options of " + std::to_string(kMaxOptionNumbers) +
                        " numbers in all one by one");
  }
}

NumberList parse_number_list(Scanner& in, std::string_view what, std::uint64_t max,
                             std::size_t max_count) {
  NumberList out;
  while (true) {
    if (out.size() == max_count) {
      in.fail("more than " + std::to_string(max_count) + " " + std::string(what) +
              "s is too large a position");
    }
    out.push_back(in.unsigned_integer(what, max));
    in.skip_spaces();
    if (!in.accept(',')) return out;
    in.skip_spaces();
  }
}

std::string format_number_list(const NumberList& list) {
  std::string out;
  for (const std::uint64_t x : list) {
    if (!out.empty()) out += ',';
    out += std::to_string(x);
  }
  return out;
}

namespace {

/// Adds to `out` the partitions of `left` into at most `parts` more parts of at most `largest`,
/// after the parts in `list`, until `out` holds `count` positions.
void add_partitions(const TuplePositions& kept, NumberList& list, std::size_t parts,
                    std::uint64_t largest, std::uint64_t left, std::size_t count,
                    std::vector<Position>& out) {
  if (out.size() == count) return;
  if (left == 0) {
    out.push_back(kept.keep(list));
    return;
  }
  if (list.size() == parts) return;
  for (std::uint64_t part = std::min(largest, left); part >= 1; --part) {
    list.push_back(part);
    add_partitions(kept, list, parts, part, left - part, count, out);
    list.pop_back();
  }
}

}  // namespace

std::vector<Position> TuplePositions::partition_samples(std::size_t count,
                                                        std::uint64_t first_total,
                                                        std::size_t parts,
                                                        std::uint64_t largest) const {
  std::vector<Position> out;
  for (std::uint64_t total = first_total; out.size() < count && total <= parts * largest;
       ++total) {
    NumberList list;
    add_partitions(*this, list, parts, largest, total, count, out);
  }
  return out;
}

}  // namespace grundy
