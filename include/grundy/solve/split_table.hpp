#pragma once
/// \file The table of a board search whose frame takes more than one word (boards of 65 to 256
/// cells): two SearchTables under one memory bound, one of one-word entries for the keys whose
/// words past the first are zero, one of W-word entries for the rest.
///
/// A key is a component's cells in the frame's layout (rows `columns` bits apart), moved into
/// the corner, so a component of few rows lies in the first word: on Cram 5 x 13 nine entries in
/// ten of a long run's table file, on 6 x 11 eight in ten. Such an entry takes 8 bytes instead
/// of 16 (or 32), sits 8 to a cluster instead of 4 (or 2), and is read and written without the
/// spin locks wider entries need (search_table.hpp). The key's first word alone is the key, so
/// the narrow table is exact too, and for_each_entry gives every key back whole.
///
/// The bound is shared: each table may grow to the bound less what the other holds, so the one
/// that fills first takes the room (each grows when half full, as a SearchTable does).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "grundy/core/value.hpp"
#include "grundy/rules/cell_bits.hpp"
#include "grundy/solve/search_table.hpp"
#include "grundy/solve/value_set.hpp"

namespace grundy {

template <std::size_t W>
class SplitTable {
  static_assert(W > 1, "a one-word frame has one SearchTable<1>");

 public:
  using Key = CellBits<W>;
  using Entry = typename SearchTable<W>::Entry;
  static constexpr std::uint64_t kLoadedWork = SearchTable<W>::kLoadedWork;

  /// Both tables start at half the bound or 4 MiB, whichever is less.
  explicit SplitTable(std::uint64_t max_bytes);

  /// Whether the key lies in its first word (its entry is in the one-word table).
  static bool narrow(const Key& key) noexcept {
    for (std::size_t i = 1; i < W; ++i) {
      if (key.words[i] != 0) return false;
    }
    return true;
  }

  std::optional<Entry> find(const Key& key) const noexcept {
    return narrow(key) ? narrow_.find(first_word(key)) : wide_.find(key);
  }
  void prefetch(const Key& key) const noexcept {
    if (narrow(key)) {
      narrow_.prefetch(first_word(key));
    } else {
      wide_.prefetch(key);
    }
  }
  void set_value(const Key& key, Value value, std::uint64_t work) noexcept {
    if (narrow(key)) {
      narrow_.set_value(first_word(key), value, work);
    } else {
      wide_.set_value(key, value, work);
    }
  }
  void exclude(const Key& key, ValueSet values, std::uint64_t work) noexcept {
    if (narrow(key)) {
      narrow_.exclude(first_word(key), values, work);
    } else {
      wide_.exclude(key, values, work);
    }
  }
  void record(const Key& key, std::optional<Value> value, ValueSet not_values,
              std::uint64_t work) noexcept {
    if (narrow(key)) {
      narrow_.record(first_word(key), value, not_values, work);
    } else {
      wide_.record(key, value, not_values, work);
    }
  }

  /// Whether either table is past its load factor and may still grow.
  bool wants_to_grow() const noexcept { return narrow_.wants_to_grow() || wide_.wants_to_grow(); }
  /// Grows the tables that want to, within the bound. No other thread may use the table meanwhile.
  void grow();
  /// Grows the tables until each is at most a quarter full with that many entries more (before
  /// a table file's entries go in). No other thread may use the table meanwhile.
  void reserve(std::uint64_t narrow_entries, std::uint64_t wide_entries);

  std::uint64_t size() const noexcept { return narrow_.size() + wide_.size(); }
  std::uint64_t bytes() const noexcept { return narrow_.bytes() + wide_.bytes(); }
  std::uint64_t max_bytes() const noexcept { return max_bytes_; }
  /// Lowers the bound to what the tables take now: they grow no more.
  void stop_growing() noexcept;
  std::uint64_t dropped() const noexcept { return narrow_.dropped() + wide_.dropped(); }

  /// Calls f(key, entry) for every entry (the keys given back whole): the narrow ones first.
  void for_each_entry(const std::function<void(const Key&, const Entry&)>& f) const;
  /// Calls f(key, value) for every exact entry.
  void for_each_exact(const std::function<void(const Key&, Value)>& f) const;
  /// The exact entries.
  std::vector<std::pair<Key, Value>> exact_values() const;

  /// The two tables (for tests and measurements).
  const SearchTable<1>& narrow_table() const noexcept { return narrow_; }
  const SearchTable<W>& wide_table() const noexcept { return wide_; }

 private:
  static CellBits<1> first_word(const Key& key) noexcept { return CellBits<1>{{key.words[0]}}; }
  /// Each table's bound: the shared bound less what the other takes.
  void share() noexcept;

  std::uint64_t max_bytes_;
  SearchTable<1> narrow_;
  SearchTable<W> wide_;
};

extern template class SplitTable<2>;
extern template class SplitTable<4>;

}  // namespace grundy
