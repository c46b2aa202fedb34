#pragma once
/// \file The sparse-space algorithm for long nim-sequences of take-and-break games whose moves
/// leave at most two heaps (octal codes, hexadecimal codes without bit 8, Grundy's game).
///
/// Winning Ways ch. 4; Flammenkamp. Fix a mask m and call a value v rare when popcount(v & m) is
/// even, common otherwise. Rare xor rare and common xor common are rare; rare xor common is
/// common. So the common values among the options of heap n come only from options leaving at
/// most one heap and from splits with a rare part — and the positions with rare values are few.
/// Enumerating just those gives c, the least common value missing, exactly. Then g(n) = c unless
/// some rare value below c is missing too: the remaining (common + common) splits are scanned only
/// until every rare value below c has turned up, which is usually almost at once. The result is
/// exact for every mask; a poor mask only costs time. The mask is chosen to minimise the rare
/// count (a Walsh–Hadamard transform of the value histogram) whenever a new value width appears.

#include <bit>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "grundy/analysis/sparse_mask.hpp"
#include "grundy/core/limits.hpp"
#include "grundy/core/value.hpp"
#include "grundy/rules/take_break.hpp"

namespace grundy {

class SparseSpaceSolver {
 public:
  using Progress = std::function<void(std::uint64_t done, std::uint64_t total)>;

  /// Codes with three-heap moves are not supported (see supports()).
  SparseSpaceSolver(TakeBreakCode code, Limits limits);
  static bool supports(const TakeBreakCode& code);

  /// Makes g(0..n) available; refuses (ResourceError) before allocating past the limit.
  void extend_to(std::uint64_t n);
  std::uint64_t size() const noexcept { return size_; }
  Value at(std::uint64_t n) const noexcept;
  /// Bytes per stored value: 1, 2 or 4 (widened when a value needs it, never truncated).
  int value_bytes() const noexcept { return width_; }
  std::size_t rare_count() const noexcept { return rare_.size(); }
  Value mask() const noexcept { return mask_; }
  void set_progress(Progress progress) { progress_ = std::move(progress); }

  /// Calls f(std::span<const T>) with the values computed so far, T the storage type.
  template <class F>
  decltype(auto) with_values(F&& f) const {
    if (width_ == 1) return f(std::span<const std::uint8_t>(v8_.data(), size_));
    if (width_ == 2) return f(std::span<const std::uint16_t>(v16_.data(), size_));
    return f(std::span<const std::uint32_t>(v32_.data(), size_));
  }

 private:
  template <class T>
  bool extend_typed(std::vector<T>& g, std::uint64_t n);
  template <class T>
  Value compute(const T* g, std::uint64_t n);
  void widen();
  void record(std::uint64_t n, Value v);
  void choose_mask();
  void rebuild_classes();
  bool is_rare(Value v) const noexcept { return is_rare_value(v, mask_); }

  TakeBreakCode code_;
  Limits limits_;
  std::vector<std::uint64_t> nothing_at_, one_at_, two_at_;  // the k with each kind of move
  std::vector<std::uint8_t> v8_;
  std::vector<std::uint16_t> v16_;
  std::vector<std::uint32_t> v32_;
  int width_ = 1;
  std::uint64_t size_ = 0;
  std::uint64_t pending_ = 0;  // a value that did not fit the current width
  bool has_pending_ = false;

  Value mask_ = 1;
  int value_bits_ = 0;                    // every value so far is below 2^value_bits_
  std::vector<std::uint64_t> hist_;       // values' histogram, 2^value_bits_ entries
  std::vector<std::uint64_t> rare_;       // positions whose values are rare, increasing
  std::size_t rare_at_choice_ = 0;        // rare count right after the mask was last chosen
  std::vector<std::uint64_t> rare_bits_;  // bit v set: v is rare, for v <= 2^value_bits_
  std::vector<std::uint64_t> marks_;
  std::vector<std::uint64_t> want_;
  Progress progress_;
};

}  // namespace grundy
