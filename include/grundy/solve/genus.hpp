#pragma once
/// \file The genus of a position (Conway; Winning Ways ch. 13), by the misère search of
/// misere_search.hpp (defined in genus.cpp).

#include <memory>
#include <string>
#include <vector>

#include "grundy/core/value.hpp"
#include "grundy/rules/game.hpp"
#include "grundy/solve/misere_search.hpp"

namespace grundy {

/// The genus g^{gamma0 gamma1 gamma2 ...} of a position G (Conway, On Numbers and Games ch. 12;
/// Winning Ways ch. 13): g is the normal-play Grundy value, gamma_k the misère Grundy value of G
/// plus k heaps of size 2. The superscripts ultimately alternate between two values; they are
/// computed for k = 0, 1, ... until the last two pairs agree (gamma_k = gamma_{k-2} and
/// gamma_{k-1} = gamma_{k-3}), which is a stopping rule, not a proof that no later term differs.
struct Genus {
  Value grundy_value = 0;
  /// gamma_0, gamma_1, ..., the final alternating pair written once (as Winning Ways writes
  /// 0^120 for the empty game: 1, 2, 0, 2, 0, ...).
  std::vector<Value> gammas;
};

/// `0^120`; the superscripts are separated by commas when one of them has two digits
/// (`3^1,10,2`).
std::string format_genus(const Genus& genus);

/// Genera of positions of one game, sharing one search memo across positions (the state budget
/// counts every state stored so far).
class GenusCalculator {
 public:
  GenusCalculator(std::shared_ptr<const Game> game, const SearchOptions& options);
  ~GenusCalculator();
  GenusCalculator(const GenusCalculator&) = delete;
  GenusCalculator& operator=(const GenusCalculator&) = delete;
  /// The genus of `p`, whose normal-play Grundy value is `normal_value`.
  Genus genus(const Position& p, Value normal_value);
  /// Throws ResourceError, before any search, when the bound on the states of the genus of `p`
  /// passes the state budget or the memory limit. It bounds the search of p plus three heaps of
  /// size 2, which every genus needs (gamma_0 .. gamma_3 are always computed); with the genera
  /// of smaller heaps sharing the memo, a run can still pass the budget later.
  void require_within_budget(const Position& p);

 private:
  std::shared_ptr<const Game> game_;
  std::shared_ptr<const Game> star_two_;
  std::unique_ptr<detail::Search> search_;
};

}  // namespace grundy
