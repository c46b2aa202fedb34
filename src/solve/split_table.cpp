#include "grundy/solve/split_table.hpp"

namespace grundy {

template <std::size_t W>
SplitTable<W>::SplitTable(std::uint64_t max_bytes)
    : max_bytes_(max_bytes),
      narrow_(std::min(max_bytes / 2, SearchTable<1>::kStartBytes)),
      wide_(std::min(max_bytes / 2, SearchTable<W>::kStartBytes)) {
  share();
}

template <std::size_t W>
void SplitTable<W>::share() noexcept {
  const auto less = [](std::uint64_t a, std::uint64_t b) { return a > b ? a - b : 0; };
  narrow_.set_max_bytes(less(max_bytes_, wide_.bytes()));
  wide_.set_max_bytes(less(max_bytes_, narrow_.bytes()));
}

template <std::size_t W>
void SplitTable<W>::grow() {
  if (narrow_.wants_to_grow()) {
    narrow_.grow();
    share();
  }
  if (wide_.wants_to_grow()) {
    wide_.grow();
    share();
  }
}

template <std::size_t W>
void SplitTable<W>::reserve(std::uint64_t narrow_entries, std::uint64_t wide_entries) {
  narrow_.reserve(narrow_entries);
  share();
  wide_.reserve(wide_entries);
  share();
}

template <std::size_t W>
void SplitTable<W>::stop_growing() noexcept {
  narrow_.stop_growing();
  wide_.stop_growing();
  max_bytes_ = bytes();
}

template <std::size_t W>
void SplitTable<W>::for_each_entry(const std::function<void(const Key&, const Entry&)>& f) const {
  narrow_.for_each_entry([&](const CellBits<1>& k, const Entry& e) {
    Key key;
    key.words[0] = k.words[0];
    f(key, e);
  });
  wide_.for_each_entry(f);
}

template <std::size_t W>
void SplitTable<W>::for_each_exact(const std::function<void(const Key&, Value)>& f) const {
  for_each_entry([&](const Key& key, const Entry& entry) {
    if (entry.value) f(key, *entry.value);
  });
}

template <std::size_t W>
std::vector<std::pair<typename SplitTable<W>::Key, Value>> SplitTable<W>::exact_values() const {
  std::vector<std::pair<Key, Value>> out;
  for_each_exact([&](const Key& key, Value value) { out.emplace_back(key, value); });
  return out;
}

template class SplitTable<2>;
template class SplitTable<4>;

}  // namespace grundy
