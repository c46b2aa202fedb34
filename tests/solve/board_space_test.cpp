// The board space (board_space.hpp) against the plain search over cell sets: its canonical forms
// are BoardFrame's, a shape reported without symmetry has none; Cram's simplifications (star
// reduction, bridges, the square rule) and the decomposition keep the value on random sets of
// cells; copied shapes are P-positions; the moves played one per orbit give the same mex.
#include "grundy/solve/board_space.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <vector>

#include "vertex_deletion_brute.hpp"

namespace grundy {
namespace {

constexpr DeletionRule kSpaceRules[] = {DeletionRule::node, DeletionRule::arc};
constexpr BoardAdjacency kSpaceAdjacencies[] = {BoardAdjacency::grid, BoardAdjacency::queens};

template <std::size_t W>
CellBits<W> random_bits(std::mt19937_64& rng, std::size_t n, double p) {
  CellBits<W> s;
  std::bernoulli_distribution free(p);
  for (std::size_t i = 0; i < n; ++i) {
    if (free(rng)) s.set(i);
  }
  return s;
}

/// The cells of a 4-word set as a 32-bit mask (frames of at most 32 cells).
template <std::size_t W>
std::uint32_t low_mask(const CellBits<W>& cells) {
  return static_cast<std::uint32_t>(cells.words[0]);
}

template <std::size_t W>
void canonical_forms_agree(std::size_t rows, std::size_t columns) {
  std::mt19937_64 rng(rows * 100 + columns);
  for (const BoardAdjacency adjacency : kSpaceAdjacencies) {
    const BoardSpace<W> space(DeletionRule::node, adjacency, rows, columns);
    const BoardFrame& frame = board_frame(adjacency, rows, columns);
    for (int trial = 0; trial < 300; ++trial) {
      CellSet cells = random_bits<4>(rng, rows * columns, trial % 2 == 0 ? 0.8 : 0.4);
      if (cells.empty()) continue;
      cells = frame.component(cells, cells.first());
      bool symmetric = true;
      const auto key = space.canonical(space.cells_of(cells), &symmetric);
      const BoardShape shape = frame.canonical(cells);
      ASSERT_EQ(space.shape(key), shape) << rows << "x" << columns;
      ASSERT_EQ(space.key_of(shape), key);
      if (!symmetric) {
        // No image of the shape but itself is the shape.
        int equal = 0;
        for (int t = 0; t < 8; ++t) {
          const bool transpose = t >= 4;
          const std::size_t h = transpose ? shape.columns : shape.rows;
          const std::size_t w = transpose ? shape.rows : shape.columns;
          if (h != shape.rows || w != shape.columns) continue;
          CellSet image;
          shape.cells.for_each([&](std::size_t v) {
            std::size_t r = v / shape.columns;
            std::size_t c = v % shape.columns;
            if ((t & 1) != 0) c = shape.columns - 1 - c;
            if ((t & 2) != 0) r = shape.rows - 1 - r;
            image.set(transpose ? c * w + r : r * w + c);
          });
          if (image == shape.cells) ++equal;
        }
        ASSERT_EQ(equal, 1) << shape_text(shape);
      }
    }
  }
}

TEST(BoardSpace, CanonicalFormsAreTheFramesOnesInEveryWidth) {
  canonical_forms_agree<1>(5, 7);
  canonical_forms_agree<1>(8, 8);
  canonical_forms_agree<2>(9, 12);
  canonical_forms_agree<2>(3, 28);
  canonical_forms_agree<2>(5, 16);
  canonical_forms_agree<2>(6, 13);
  canonical_forms_agree<2>(2, 64);
  canonical_forms_agree<2>(1, 100);
  canonical_forms_agree<4>(15, 15);
  canonical_forms_agree<4>(3, 80);
}

/// Components grown by the carry in W words (one or two) against the step-by-step growth of a
/// wider set (Wide words), on random cells, cuts and seeds of each board.
template <std::size_t W, std::size_t Wide>
void carry_components_agree(std::uint64_t seed_of_rng,
                            std::initializer_list<std::pair<std::size_t, std::size_t>> boards) {
  std::mt19937_64 rng(seed_of_rng);
  for (const auto& [rows, columns] : boards) {
    const BoardSpace<W> carry(DeletionRule::arc, BoardAdjacency::grid, rows, columns);
    const BoardSpace<Wide> steps(DeletionRule::arc, BoardAdjacency::grid, rows, columns);
    for (int trial = 0; trial < 3000; ++trial) {
      const auto cells = random_bits<W>(rng, rows * columns, 0.5 + 0.1 * (trial % 5));
      if (cells.empty()) continue;
      const auto cut = trial % 3 == 0 ? CellBits<W>{} : random_bits<W>(rng, rows * columns, 0.1);
      // A few seeds at once, in one component or several.
      auto seed = cells.lowest();
      if (trial % 4 == 1) seed |= (cells - seed).empty() ? seed : (cells - seed).lowest();
      const auto got = carry.component(cells, seed, cut);
      const auto want =
          steps.component(cells.template resized<Wide>(), seed.template resized<Wide>(),
                          cut.template resized<Wide>());
      ASSERT_EQ(got.template resized<Wide>(), want)
          << rows << "x" << columns << " cells " << cells.words[0] << " cut " << cut.words[0]
          << " seed " << seed.words[0];
    }
  }
}

TEST(BoardSpace, OneWordComponentsAreTheStepByStepOnes) {
  // One word grows a component along whole rows at once (a carry); four words step cell by cell.
  carry_components_agree<1, 4>(30, {{3, 13}, {5, 7}, {8, 8}, {1, 64}, {4, 16}, {2, 5}});
}

TEST(BoardSpace, TwoWordComponentsAreTheStepByStepOnes) {
  // Two words grow by the same carry in 128 bits, rows that cross the two words too.
  carry_components_agree<2, 4>(
      33, {{3, 28}, {3, 42}, {9, 14}, {11, 11}, {1, 128}, {2, 64}, {5, 25}, {8, 16}, {6, 13}});
}

/// A plain search on a frame of at most 20 cells.
struct PlainReference {
  PlainReference(DeletionRule rule, BoardAdjacency adjacency, std::size_t rows, std::size_t columns)
      : frame(board_frame(adjacency, rows, columns)),
        brute(cells_graph(frame, frame.all()), rule) {}
  const BoardFrame& frame;
  test::VertexDeletionBrute brute;
};

TEST(BoardSpace, CramSimplificationsKeepTheValue) {
  std::mt19937_64 rng(31);
  for (const auto& [rows, columns] : {std::pair<std::size_t, std::size_t>{4, 5}, {2, 10}, {3, 6}}) {
    PlainReference ref(DeletionRule::arc, BoardAdjacency::grid, rows, columns);
    const BoardSpace<1> space(DeletionRule::arc, BoardAdjacency::grid, rows, columns);
    int changed = 0;
    for (int trial = 0; trial < 4000; ++trial) {
      const auto cells = random_bits<1>(rng, rows * columns, 0.5 + 0.1 * (trial % 4));
      const auto reduced = space.reduced(cells);
      ASSERT_EQ((reduced - cells).empty(), true) << "only removes cells";
      if (reduced != cells) ++changed;
      ASSERT_EQ(ref.brute.value(low_mask(reduced)), ref.brute.value(low_mask(cells)))
          << low_mask(cells);
    }
    EXPECT_GT(changed, 500) << rows << "x" << columns;
  }
}

/// Decompositions in W words against a plain search of the whole set, on frames of at most 20
/// cells: the parts are canonical, equal parts cancel, and the values add up.
template <std::size_t W>
void decompositions_keep_the_value(std::uint64_t seed_of_rng) {
  std::mt19937_64 rng(seed_of_rng);
  const std::pair<std::size_t, std::size_t> frames[] = {{4, 5}, {2, 10}, {3, 6}, {4, 4}, {1, 20}};
  for (const DeletionRule rule : kSpaceRules) {
    for (const BoardAdjacency adjacency : kSpaceAdjacencies) {
      if (rule == DeletionRule::arc && adjacency == BoardAdjacency::queens) continue;
      for (const auto& [rows, columns] : frames) {
        PlainReference ref(rule, adjacency, rows, columns);
        const BoardSpace<W> space(rule, adjacency, rows, columns);
        for (int trial = 0; trial < 1500; ++trial) {
          const auto cells = random_bits<W>(rng, rows * columns, 0.4 + 0.15 * (trial % 4));
          std::vector<CellBits<W>> parts;
          Value v = space.decompose(cells, parts, 0);
          std::set<std::uint64_t> distinct;
          for (const auto& part : parts) {
            ASSERT_EQ(space.canonical(part), part) << "parts are canonical";
            ASSERT_TRUE(distinct.insert(part.words[0]).second) << "equal parts cancel";
            v ^= ref.brute.value(low_mask(part));
          }
          ASSERT_EQ(v, ref.brute.value(low_mask(cells)))
              << rows << "x" << columns << " cells " << cells.words[0];
        }
      }
    }
  }
}

TEST(BoardSpace, ADecompositionKeepsTheValue) {
  decompositions_keep_the_value<1>(32);
}

TEST(BoardSpace, ADecompositionInTwoWordsKeepsTheValue) {
  // The same frames in a two-word space: the 128-bit word forms.
  decompositions_keep_the_value<2>(34);
}

TEST(BoardSpace, TwoWordSimplificationIsTheCellSetOne) {
  // Cram's simplifications in 128 bits (two-word frames) against the same rules on cell sets of
  // four words, on boards whose rows cross the two words: the cells kept, and the decomposition
  // that follows (the square rule's cuts, the components, their values where known).
  std::mt19937_64 rng(35);
  for (const auto& [rows, columns] : {std::pair<std::size_t, std::size_t>{3, 28},
                                      {6, 13},
                                      {5, 16},
                                      {9, 14},
                                      {2, 64},
                                      {11, 11},
                                      {1, 100}}) {
    const BoardSpace<2> words(DeletionRule::arc, BoardAdjacency::grid, rows, columns);
    const BoardSpace<4> sets(DeletionRule::arc, BoardAdjacency::grid, rows, columns);
    int changed = 0;
    for (int trial = 0; trial < 1500; ++trial) {
      const auto cells = random_bits<2>(rng, rows * columns, 0.5 + 0.1 * (trial % 5));
      const auto reduced = words.reduced(cells);
      ASSERT_EQ(reduced.resized<4>(), sets.reduced(cells.resized<4>()))
          << rows << "x" << columns << " trial " << trial;
      if (reduced != cells) ++changed;
      std::vector<CellBits<2>> from_words;
      std::vector<CellBits<4>> from_sets;
      ASSERT_EQ(words.decompose(cells, from_words, 0),
                sets.decompose(cells.resized<4>(), from_sets, 0));
      std::vector<BoardShape> a, b;
      for (const auto& k : from_words) a.push_back(words.shape(k));
      for (const auto& k : from_sets) b.push_back(sets.shape(k));
      std::sort(a.begin(), a.end());
      std::sort(b.begin(), b.end());
      ASSERT_EQ(a, b) << rows << "x" << columns << " trial " << trial;
    }
    EXPECT_GT(changed, 300) << rows << "x" << columns;
  }
}

TEST(BoardSpace, CopiedShapesArePPositions) {
  std::mt19937_64 rng(33);
  int copied = 0;
  for (const DeletionRule rule : kSpaceRules) {
    PlainReference ref(rule, BoardAdjacency::grid, 4, 5);
    const BoardSpace<1> space(rule, BoardAdjacency::grid, 4, 5);
    const BoardFrame& frame = ref.frame;
    for (int trial = 0; trial < 20000; ++trial) {
      // Symmetric sets: a random half and its image under a half turn or a mirror.
      CellSet half = random_bits<4>(rng, 20, 0.5);
      CellSet cells = half;
      const int kind = trial % 3;
      half.for_each([&](std::size_t v) {
        const std::size_t r = v / 5;
        const std::size_t c = v % 5;
        if (kind == 0) cells.set((3 - r) * 5 + (4 - c));
        if (kind == 1) cells.set((3 - r) * 5 + c);
        if (kind == 2) cells.set(r * 5 + (4 - c));
      });
      if (cells.empty()) continue;
      cells = frame.component(cells, cells.first());
      const auto key = space.canonical(space.cells_of(cells));
      if (!space.copied(key)) continue;
      ++copied;
      ASSERT_EQ(ref.brute.value(low_mask(key)), 0u) << low_mask(key);
    }
  }
  EXPECT_GT(copied, 200);
}

TEST(BoardSpace, MovesOnePerOrbitGiveTheSameMex) {
  std::mt19937_64 rng(34);
  for (const DeletionRule rule : kSpaceRules) {
    for (const BoardAdjacency adjacency : kSpaceAdjacencies) {
      if (rule == DeletionRule::arc && adjacency == BoardAdjacency::queens) continue;
      PlainReference ref(rule, adjacency, 4, 4);
      const BoardSpace<1> space(rule, adjacency, 4, 4);
      for (int trial = 0; trial < 3000; ++trial) {
        auto cells = random_bits<1>(rng, 16, trial % 5 == 0 ? 1.0 : 0.75);
        if (cells.empty()) continue;
        const auto key = space.canonical(space.component(cells, cells.lowest(), CellBits<1>{}));
        std::set<Value> values;
        std::size_t announced = 0;
        std::size_t played = 0;
        space.for_each_move(
            key, [&](std::size_t n) { announced = n; },
            [&](const CellBits<1>& rest) {
              ++played;
              values.insert(ref.brute.value(low_mask(rest)));
              return false;
            });
        ASSERT_EQ(played, announced);
        Value m = 0;
        while (values.contains(m)) ++m;
        ASSERT_EQ(m, ref.brute.value(low_mask(key))) << low_mask(key);
      }
    }
  }
}

}  // namespace
}  // namespace grundy
