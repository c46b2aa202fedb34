#pragma once
/// \file A block of zeroed memory, aligned to cache lines, that grows keeping its contents: in
/// place where the system can (Linux: an anonymous mapping enlarged by mremap, which moves pages,
/// not bytes, so the old and the new block are never both held), else by a copy (both held while
/// it runs). The search table's clusters live in one: a table that grows within a memory bound
/// can use all of it.

#include <cstddef>

namespace grundy {

class GrowableRegion {
 public:
  /// Whether grow() holds only the new size (no copy beside the old block).
  static const bool kGrowsInPlace;

  GrowableRegion() = default;
  /// `bytes` zeroed bytes (throws std::bad_alloc when the system has none).
  explicit GrowableRegion(std::size_t bytes);
  GrowableRegion(GrowableRegion&& other) noexcept;
  GrowableRegion& operator=(GrowableRegion&& other) noexcept;
  GrowableRegion(const GrowableRegion&) = delete;
  GrowableRegion& operator=(const GrowableRegion&) = delete;
  ~GrowableRegion();

  /// Enlarges the block to `bytes` (at least size()): the first size() bytes kept, the rest
  /// zeroed. The block may move: pointers into it are stale after. Throws std::bad_alloc and
  /// leaves the block as it was when the system has no room.
  void grow(std::size_t bytes);

  void* data() const noexcept { return data_; }
  std::size_t size() const noexcept { return size_; }

 private:
  void release() noexcept;

  void* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace grundy
