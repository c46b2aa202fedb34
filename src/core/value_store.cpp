#include "grundy/core/value_store.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>

#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"

namespace grundy {
namespace {

constexpr std::uint64_t kPage = 4096;

/// `bytes` rounded up to whole pages (at least one); `what` names the table in a refusal.
std::size_t round_to_pages(std::uint64_t bytes, const std::string& what) {
  const std::uint64_t pages = add_or_refuse(std::max<std::uint64_t>(bytes, 1), kPage - 1, what);
  return static_cast<std::size_t>(pages / kPage * kPage);
}

std::string sequence_of(std::uint64_t values) {
  return "a sequence of " + std::to_string(values) + " values";
}

template <class From, class To>
void convert_typed(const std::byte* from, std::byte* to, std::uint64_t count) {
  for (std::uint64_t n = 0; n < count; ++n) {
    From v;
    std::memcpy(&v, from + n * sizeof(From), sizeof(From));
    const To w = v;
    std::memcpy(to + n * sizeof(To), &w, sizeof(To));
  }
}

/// The mapping `data` of `old_size` bytes grown to `new_size`, its bytes kept (MAP_FAILED, with
/// errno set, when it cannot be had).
void* grow_mapping(void* data, std::size_t old_size, std::size_t new_size) {
#ifdef __EMSCRIPTEN__
  // The page's WebAssembly build: emscripten maps anonymous memory but has no mremap.
  void* p = ::mmap(nullptr, new_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) return p;
  std::memcpy(p, data, old_size);
  ::munmap(data, old_size);
  return p;
#else
  return ::mremap(data, old_size, new_size, MREMAP_MAYMOVE);
#endif
}

}  // namespace

void ValueStore::widen_for(std::uint64_t n, Value v) {
  const int width = width_for(v);
  if (width == 0) throw Error("g(" + std::to_string(n) + ") exceeds 2^32-1: it cannot be stored");
  widen(width, n);
}

void ValueStore::convert(const std::byte* from, int from_width, std::byte* to, int to_width,
                         std::uint64_t count) noexcept {
  if (from_width == 1 && to_width == 2) convert_typed<std::uint8_t, std::uint16_t>(from, to, count);
  if (from_width == 1 && to_width == 4) convert_typed<std::uint8_t, std::uint32_t>(from, to, count);
  if (from_width == 2 && to_width == 4) {
    convert_typed<std::uint16_t, std::uint32_t>(from, to, count);
  }
}

MemoryValueStore::~MemoryValueStore() {
  if (data_ != nullptr) ::munmap(data_, mapped_bytes_);
}

void MemoryValueStore::reserve(std::uint64_t values, std::uint64_t slack) {
  const std::uint64_t room = saturating_add(values, slack);
  if (room <= capacity_ && data_ != nullptr) return;
  const std::string what = sequence_of(values);
  const std::uint64_t bytes = bytes_for(room, static_cast<std::uint64_t>(width_));
  require_memory(limits_, bytes, what);
  const std::size_t size = round_to_pages(bytes, what);
  void* p = data_ == nullptr
                ? ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
                : grow_mapping(data_, mapped_bytes_, size);
  if (p == MAP_FAILED) {
    throw ResourceError("cannot map " + format_bytes(size) +
                        " of memory for a sequence: " + std::strerror(errno));
  }
  data_ = static_cast<std::byte*>(p);
  mapped_bytes_ = size;
  capacity_ = size / static_cast<std::size_t>(width_);
}

void MemoryValueStore::widen(int width, std::uint64_t count) {
  if (width <= width_) return;
  const std::uint64_t values = std::max(capacity_, count);
  const std::uint64_t bytes = bytes_for(values, static_cast<std::uint64_t>(width));
  const std::string what = sequence_of(values) + ", " + std::to_string(width) + " bytes each";
  // The old and the new copy are both alive while the values are converted.
  require_memory(limits_, saturating_add(bytes, mapped_bytes_), what);
  const std::size_t size = round_to_pages(bytes, what);
  void* p = ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) {
    throw ResourceError("cannot map " + format_bytes(size) +
                        " of memory for a sequence: " + std::strerror(errno));
  }
  auto* to = static_cast<std::byte*>(p);
  if (data_ != nullptr) {
    convert(data_, width_, to, width, count);
    ::munmap(data_, mapped_bytes_);
  }
  data_ = to;
  mapped_bytes_ = size;
  width_ = width;
  capacity_ = size / static_cast<std::size_t>(width);
}

}  // namespace grundy
