#pragma once
/// \file What is known of board shapes (table_file.hpp's facts: exact values, or values a shape
/// is not), kept compactly: what a component table file loads and every frame's table is given
/// (BoardSearch). A table file of a long search holds hundreds of millions of shapes; held as
/// (BoardShape, Value) pairs (48 bytes each) they took more memory than the search's table
/// itself. Here a shape is the words of its cells its box needs (one word for a box of at most
/// 64 cells), grouped by box, and its fact a byte (a value below 128, or 128 plus the set of
/// values below 7 it is not): 9 bytes a shape of a board of at most 64 cells.

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "grundy/core/value.hpp"
#include "grundy/rules/board_shape.hpp"
#include "grundy/solve/table_file.hpp"

namespace grundy {

class ShapeValues {
 public:
  void add(const BoardShape& shape, const TableFact& fact);
  /// Adds every entry of `other` (which is left empty).
  void merge(ShapeValues&& other);

  std::uint64_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }
  /// The memory held (what the search's memory bound counts).
  std::uint64_t bytes() const noexcept;
  /// Gives back the memory the vectors hold beyond their entries (after a file is loaded).
  void shrink_to_fit();

  /// Calls f(shape, fact) for every entry, box by box.
  template <class F>
  void for_each(F&& f) const {
    for (const Box& box : boxes_) {
      BoardShape shape;  // its words past box.words stay 0
      shape.rows = box.rows;
      shape.columns = box.columns;
      for (std::size_t i = 0; i < box.facts.size(); ++i) {
        for (std::size_t w = 0; w < box.words; ++w) {
          shape.cells.words[w] = box.cells[i * box.words + w];
        }
        f(static_cast<const BoardShape&>(shape), fact_of(box.facts[i]));
      }
    }
    for (const auto& [shape, fact] : large_) f(static_cast<const BoardShape&>(shape), fact);
  }

 private:
  struct Box {
    std::uint16_t rows = 0;
    std::uint16_t columns = 0;
    std::size_t words = 0;               // words of cells a shape of this box takes
    std::vector<std::uint64_t> cells;    // `words` a shape
    std::vector<std::uint8_t> facts;     // one a shape
  };
  Box& box(std::uint16_t rows, std::uint16_t columns);
  /// A byte: a value below kNotValuesFlag, or the flag and a set of values below 7 it is not.
  static constexpr unsigned kNotValuesFlag = 128;
  static TableFact fact_of(std::uint8_t byte) {
    return byte < kNotValuesFlag ? TableFact::exact(byte)
                                 : TableFact::excluding({std::uint64_t{byte} - kNotValuesFlag});
  }

  std::vector<Box> boxes_;
  // Facts a byte does not hold: values from 128, values it is not from 7 (no board has them).
  std::vector<std::pair<BoardShape, TableFact>> large_;
  std::uint64_t size_ = 0;
};

}  // namespace grundy
