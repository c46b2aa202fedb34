#include "grundy/core/growable_region.hpp"

#include <cstdlib>
#include <cstring>
#include <new>
#include <utility>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace grundy {
namespace {

#if defined(__linux__)
void advise(void* data, std::size_t bytes) noexcept {
#ifdef MADV_HUGEPAGE
  // Large pages where the system has them: a table is read at random, one cache line a lookup,
  // and with 4 KiB pages nearly every lookup of a large table misses the TLB too.
  ::madvise(data, bytes, MADV_HUGEPAGE);
#else
  (void)data;
  (void)bytes;
#endif
}
#endif

}  // namespace

#if defined(__linux__)
const bool GrowableRegion::kGrowsInPlace = true;

GrowableRegion::GrowableRegion(std::size_t bytes) {
  if (bytes == 0) return;
  void* p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  advise(p, bytes);
  data_ = p;
  size_ = bytes;
}

void GrowableRegion::grow(std::size_t bytes) {
  if (bytes <= size_) return;
  if (data_ == nullptr) {
    *this = GrowableRegion(bytes);
    return;
  }
  // The pages move to a larger range (or the range extends where it is); the new pages are
  // zero, as every anonymous page is.
  void* p = ::mremap(data_, size_, bytes, MREMAP_MAYMOVE);
  if (p == MAP_FAILED) throw std::bad_alloc();
  advise(p, bytes);
  data_ = p;
  size_ = bytes;
}

void GrowableRegion::release() noexcept {
  if (data_ != nullptr) ::munmap(data_, size_);
  data_ = nullptr;
  size_ = 0;
}
#else
const bool GrowableRegion::kGrowsInPlace = false;

namespace {
constexpr std::size_t kLine = 64;  // cache lines
}  // namespace

GrowableRegion::GrowableRegion(std::size_t bytes) {
  if (bytes == 0) return;
  const std::size_t rounded = (bytes + kLine - 1) / kLine * kLine;
  void* p = std::aligned_alloc(kLine, rounded);
  if (p == nullptr) throw std::bad_alloc();
  std::memset(p, 0, rounded);
  data_ = p;
  size_ = bytes;
}

void GrowableRegion::grow(std::size_t bytes) {
  if (bytes <= size_) return;
  GrowableRegion larger(bytes);
  if (size_ != 0) std::memcpy(larger.data_, data_, size_);
  *this = std::move(larger);
}

void GrowableRegion::release() noexcept {
  std::free(data_);
  data_ = nullptr;
  size_ = 0;
}
#endif

GrowableRegion::GrowableRegion(GrowableRegion&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}

GrowableRegion& GrowableRegion::operator=(GrowableRegion&& other) noexcept {
  if (this != &other) {
    release();
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
  }
  return *this;
}

GrowableRegion::~GrowableRegion() { release(); }

}  // namespace grundy
