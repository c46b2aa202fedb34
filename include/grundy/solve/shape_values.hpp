#pragma once
/// \file Exact values of board shapes, kept compactly: what a component table file loads and
/// every frame's table is given (BoardSearch). A table file of a long search holds hundreds of
/// millions of shapes; held as (BoardShape, Value) pairs (48 bytes each) they took more memory
/// than the search's table itself. Here a shape is the words of its cells its box needs (one
/// word for a box of at most 64 cells), grouped by box, and its value a byte: 9 bytes a shape of
/// a board of at most 64 cells.

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "grundy/core/value.hpp"
#include "grundy/rules/board_shape.hpp"

namespace grundy {

class ShapeValues {
 public:
  void add(const BoardShape& shape, Value value);
  /// Adds every entry of `other` (which is left empty).
  void merge(ShapeValues&& other);

  std::uint64_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }
  /// The memory held (what the search's memory bound counts).
  std::uint64_t bytes() const noexcept;
  /// Gives back the memory the vectors hold beyond their entries (after a file is loaded).
  void shrink_to_fit();

  /// Calls f(shape, value) for every entry, box by box.
  template <class F>
  void for_each(F&& f) const {
    for (const Box& box : boxes_) {
      BoardShape shape;  // its words past box.words stay 0
      shape.rows = box.rows;
      shape.columns = box.columns;
      for (std::size_t i = 0; i < box.values.size(); ++i) {
        for (std::size_t w = 0; w < box.words; ++w) {
          shape.cells.words[w] = box.cells[i * box.words + w];
        }
        f(static_cast<const BoardShape&>(shape), Value{box.values[i]});
      }
    }
    for (const auto& [shape, value] : large_) f(shape, value);
  }

 private:
  struct Box {
    std::uint16_t rows = 0;
    std::uint16_t columns = 0;
    std::size_t words = 0;               // words of cells a shape of this box takes
    std::vector<std::uint64_t> cells;    // `words` a shape
    std::vector<std::uint8_t> values;    // one a shape
  };
  Box& box(std::uint16_t rows, std::uint16_t columns);

  std::vector<Box> boxes_;
  std::vector<std::pair<BoardShape, Value>> large_;  // values past 255 (no board has them)
  std::uint64_t size_ = 0;
};

}  // namespace grundy
