#include "grundy/solve/shape_values.hpp"

namespace grundy {

ShapeValues::Box& ShapeValues::box(std::uint16_t rows, std::uint16_t columns) {
  // A handful of boxes (those of one board's components): the last one used is most likely.
  for (auto it = boxes_.rbegin(); it != boxes_.rend(); ++it) {
    if (it->rows == rows && it->columns == columns) return *it;
  }
  Box& b = boxes_.emplace_back();
  b.rows = rows;
  b.columns = columns;
  b.words = (std::size_t{rows} * columns + 63) / 64;
  return b;
}

void ShapeValues::add(const BoardShape& shape, const TableFact& fact) {
  ++size_;
  const std::uint64_t small = fact.value ? *fact.value : fact.not_values.bits;
  if (small >= kNotValuesFlag) {
    large_.emplace_back(shape, fact);
    return;
  }
  Box& b = box(shape.rows, shape.columns);
  for (std::size_t w = 0; w < b.words; ++w) b.cells.push_back(shape.cells.words[w]);
  b.facts.push_back(static_cast<std::uint8_t>(fact.value ? small : small + kNotValuesFlag));
}

void ShapeValues::merge(ShapeValues&& other) {
  if (empty()) {
    *this = std::move(other);
  } else {
    other.for_each([&](const BoardShape& shape, const TableFact& fact) { add(shape, fact); });
  }
  other = ShapeValues{};
}

std::uint64_t ShapeValues::bytes() const noexcept {
  std::uint64_t n = boxes_.capacity() * sizeof(Box) + large_.capacity() * sizeof(large_[0]);
  for (const Box& b : boxes_) n += b.cells.capacity() * 8 + b.facts.capacity();
  return n;
}

void ShapeValues::shrink_to_fit() {
  for (Box& b : boxes_) {
    b.cells.shrink_to_fit();
    b.facts.shrink_to_fit();
  }
  large_.shrink_to_fit();
}

}  // namespace grundy
