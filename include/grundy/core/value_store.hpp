#pragma once
/// \file Where a long nim-sequence lives: g(0), g(1), ... at 1, 2 or 4 bytes per value, in
/// memory or in a memory-mapped file (sequence_file.hpp). Stores grow without copying (the
/// mapping is remapped) and widen without ever truncating a value.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "grundy/core/limits.hpp"
#include "grundy/core/value.hpp"

namespace grundy {

class ValueStore {
 public:
  ValueStore() = default;
  ValueStore(const ValueStore&) = delete;
  ValueStore& operator=(const ValueStore&) = delete;
  virtual ~ValueStore() = default;

  /// Bytes per value: 1, 2 or 4.
  int width() const noexcept { return width_; }
  /// Values the store has room for.
  std::uint64_t capacity() const noexcept { return capacity_; }
  std::byte* data() noexcept { return data_; }
  const std::byte* data() const noexcept { return data_; }

  /// Room for at least `values` + `slack` values; data() may move. The slack is room an engine
  /// reads past the last value: the message of a refusal names `values` only. Every size is
  /// computed with overflow checks, so a request past 2^64 bytes is refused (ResourceError),
  /// never wrapped into a small one. Throws ResourceError or Error.
  virtual void reserve(std::uint64_t values, std::uint64_t slack) = 0;
  void reserve(std::uint64_t values) { reserve(values, 0); }
  /// Re-stores the first `count` values `width` bytes each (wider than now); data() may move.
  virtual void widen(int width, std::uint64_t count) = 0;

  Value at(std::uint64_t n) const noexcept {
    if (width_ == 1) return static_cast<Value>(std::to_integer<std::uint8_t>(data_[n]));
    if (width_ == 2) return load<std::uint16_t>(n);
    return load<std::uint32_t>(n);
  }
  /// Stores g(n) = v; n < capacity() and v <= max_value(width()).
  void set(std::uint64_t n, Value v) noexcept {
    if (width_ == 1) {
      data_[n] = static_cast<std::byte>(v);
    } else if (width_ == 2) {
      const auto w = static_cast<std::uint16_t>(v);
      std::memcpy(data_ + 2 * n, &w, 2);
    } else {
      const auto w = static_cast<std::uint32_t>(v);
      std::memcpy(data_ + 4 * n, &w, 4);
    }
  }
  /// Stores g(n) = v, widening the first n values first when v needs more bytes (widen_for).
  void put(std::uint64_t n, Value v) {
    if (v > max_value(width_)) widen_for(n, v);
    set(n, v);
  }
  /// Widens the first n values to the least width that holds v; throws Error when none does
  /// (v past 2^32-1).
  void widen_for(std::uint64_t n, Value v);
  /// The largest value `width` bytes hold.
  static constexpr Value max_value(int width) noexcept {
    return width >= 4 ? Value{0xFFFFFFFF} : (Value{1} << (8 * width)) - 1;
  }
  /// The least width (1, 2 or 4) that holds v; 0 when none does.
  static constexpr int width_for(Value v) noexcept {
    return v <= 0xFF ? 1 : v <= 0xFFFF ? 2 : v <= 0xFFFFFFFF ? 4 : 0;
  }

  /// Calls f(std::span<T>) over the first `count` values, T the storage type.
  template <class F>
  decltype(auto) with_values(std::uint64_t count, F&& f) const {
    if (width_ == 1) return f(std::span<const std::uint8_t>(typed<std::uint8_t>(), count));
    if (width_ == 2) return f(std::span<const std::uint16_t>(typed<std::uint16_t>(), count));
    return f(std::span<const std::uint32_t>(typed<std::uint32_t>(), count));
  }
  template <class T>
  const T* typed() const noexcept {
    return reinterpret_cast<const T*>(data_);
  }
  template <class T>
  T* typed() noexcept {
    return reinterpret_cast<T*>(data_);
  }

 protected:
  template <class T>
  Value load(std::uint64_t n) const noexcept {
    T v;
    std::memcpy(&v, data_ + n * sizeof(T), sizeof(T));
    return v;
  }
  /// Copies `count` values from `from` (width `from_width`) to `to` at width_ (wider).
  static void convert(const std::byte* from, int from_width, std::byte* to, int to_width,
                      std::uint64_t count) noexcept;

  std::byte* data_ = nullptr;
  std::uint64_t capacity_ = 0;
  int width_ = 1;
};

/// Values in anonymous memory, checked against the memory limit before every growth.
class MemoryValueStore final : public ValueStore {
 public:
  explicit MemoryValueStore(Limits limits) : limits_(limits) {}
  ~MemoryValueStore() override;
  using ValueStore::reserve;
  void reserve(std::uint64_t values, std::uint64_t slack) override;
  void widen(int width, std::uint64_t count) override;

 private:
  Limits limits_;
  std::size_t mapped_bytes_ = 0;
};

}  // namespace grundy
