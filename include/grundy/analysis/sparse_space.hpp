#pragma once
/// \file The sparse-space algorithm for long nim-sequences of take-and-break games whose moves
/// leave at most two heaps (octal codes, hexadecimal codes without three-heap moves, Grundy's
/// game).
///
/// Winning Ways ch. 4; Flammenkamp. Fix a mask m and call a value v rare when popcount(v & m) is
/// even, common otherwise (sparse_mask.hpp). Rare xor rare and common xor common are rare; rare
/// xor common is common. So the common values among the options of heap n come only from options
/// leaving at most one heap and from splits with a rare part — and the positions with rare values
/// are few. Enumerating just those gives c, the least common value missing, exactly. Then
/// g(n) = c unless some rare value below c is missing too: the remaining (common + common) splits
/// are scanned only until every rare value below c has turned up, which is usually almost at
/// once. The result is exact for every mask; a poor mask only costs time. The mask is chosen to
/// minimise the rare count whenever a new value width appears, and again whenever the rare count
/// has doubled since.
///
/// Threads (set_threads) share batches of consecutive heaps n0, ..., n0 + B - 1, computed from
/// g(0..n0-1): every option that involves a heap of the batch itself is set aside. Then, in
/// order, each heap's set-aside options are added (a few small splits and the one-heap moves)
/// and its value recorded; if they change the least common value c, the rare values the scan
/// had not looked for are looked for then. The values are exact and do not depend on the
/// thread count; only one synchronisation per batch is needed, so a busy machine slows the
/// threads down rather than stalling them.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <utility>

#include "grundy/core/limits.hpp"
#include "grundy/core/value.hpp"
#include "grundy/core/value_store.hpp"
#include "grundy/rules/take_break.hpp"

namespace grundy {

namespace detail {
class SparseSpace;
}

class SparseSpaceSolver {
 public:
  /// Called between blocks of work with (values done, values wanted) by this call of
  /// extend_to(). size() and the stored values are consistent then (a safe point for a
  /// checkpoint); an exception thrown by it stops extend_to() with the values so far kept.
  using Progress = std::function<void(std::uint64_t done, std::uint64_t total)>;

  /// Values kept in memory. Codes with three-heap moves are not supported (see supports()).
  SparseSpaceSolver(TakeBreakCode code, Limits limits);
  /// Values kept in `store` (a sequence file, say), which must outlive the solver; its first
  /// `count` values are g(0..count-1) already (a resumed run).
  SparseSpaceSolver(TakeBreakCode code, Limits limits, ValueStore& store, std::uint64_t count);
  ~SparseSpaceSolver();
  SparseSpaceSolver(const SparseSpaceSolver&) = delete;
  SparseSpaceSolver& operator=(const SparseSpaceSolver&) = delete;

  static bool supports(const TakeBreakCode& code);

  /// Threads for extend_to(); 0: one per core. Default 1. `adaptive`: blocks of work run on one
  /// thread or on all, whichever has been faster lately (cheap heaps and busy machines do better
  /// on one); otherwise always on all.
  void set_threads(unsigned threads, bool adaptive = true);
  unsigned threads() const noexcept;

  /// Makes g(0..n) available; refuses (ResourceError) before allocating past the limit.
  void extend_to(std::uint64_t n);
  /// Bytes the in-memory table of g(0..n) takes at `width` bytes per value (what the memory
  /// limit is checked against; saturating, checked.hpp).
  static std::uint64_t table_bytes(std::uint64_t n, int width);
  std::uint64_t size() const noexcept;
  Value at(std::uint64_t n) const noexcept;
  /// Bytes per stored value: 1, 2 or 4 (widened when a value needs it, never truncated).
  int value_bytes() const noexcept;
  std::size_t rare_count() const noexcept;
  Value mask() const noexcept;
  void set_progress(Progress progress);

  /// Calls f(std::span<const T>) with the values computed so far, T the storage type.
  template <class F>
  decltype(auto) with_values(F&& f) const {
    return store().with_values(size(), std::forward<F>(f));
  }

 private:
  const ValueStore& store() const noexcept;

  std::unique_ptr<detail::SparseSpace> space_;  // src/analysis/sparse_space_state.hpp
};

}  // namespace grundy
