#pragma once
/// \file The finite check that proves arithmetic periodicity for heap games whose moves leave at
/// most one heap and whose moves are eventually periodic in the number of tokens removed: all-but
/// subtraction games and take-and-break codes without split digits whose digits repeat
/// (docs/theory/arithmetic-periodicity.md).
///
/// Such a game is given by a code whose digits have only the bits 1 (remove exactly the heap) and
/// 2 (leave a non-empty heap), with a block that repeats forever (TakeBreakCode::repeat = P). Its
/// window w is the number of written digits after the point before the block: every k > w is in
/// the block. For x > w the options of heap x are the window's heaps x-1..x-w (those whose digit
/// has bit 2), and the classes U_r(x), r = x mod P: the values of the heaps m in 1..x-w-1 with
/// (r - m) mod P in R2, and 0 (heap 0) when r is in R1 (R1, R2: the residues mod P of the block's
/// k whose digit has bit 1, bit 2). The check at x, for a period p that P divides and a saltus s:
///   (a) g(m + p) = g(m) + s for x - w <= m < x, and
///   (b) U_r(x + p) = {0, ..., s-1} united with U_r(x) + s, for every r mod P;
/// then g(n + p) = g(n) + s for every n >= x - w.

#include <cstdint>
#include <functional>
#include <optional>

#include "grundy/core/value.hpp"
#include "grundy/rules/take_break.hpp"

namespace grundy {

/// The window w of `moves` (a repeating code with bits 1 and 2 only): its written digits after the
/// point before the block.
std::uint64_t shift_window(const TakeBreakCode& moves);

/// The least x >= max(from, w + 1) with x + p <= size at which (a) and (b) hold for the values
/// g(0..size-1) (given by `g`), or nothing. The sequence must satisfy g(m + p) = g(m) + s for
/// max(from, w + 1) - w <= m < size - p (an arithmetic-periodic candidate checked from there): the
/// scan relies on it, and a place where it fails ends the scan with nothing. P must divide p.
/// Memory and time: the values before the first x tried, grouped into the P classes, then one
/// step per value after it.
std::optional<std::uint64_t> first_shift_point(const std::function<Value(std::uint64_t)>& g,
                                               std::uint64_t size, const TakeBreakCode& moves,
                                               std::uint64_t p, Value s, std::uint64_t from);

/// Whether (a) and (b) hold at x exactly, computed from scratch (for tests and the verifier's
/// minimality check): O(P * (x + p)).
bool shift_holds_at(const std::function<Value(std::uint64_t)>& g, const TakeBreakCode& moves,
                    std::uint64_t p, Value s, std::uint64_t x);

}  // namespace grundy
