// The genus of a position (Conway; Winning Ways ch. 13).

#include "grundy/solve/genus.hpp"

#include <memory>
#include <string>
#include <utility>

#include "grundy/core/error.hpp"
#include "grundy/rules/families/nim.hpp"
#include "search.hpp"

namespace grundy {

using detail::Search;

GenusCalculator::GenusCalculator(std::shared_ptr<const Game> game, const SearchOptions& options)
    : game_(std::move(game)) {
  // *2 shares the game's object when the game is Nim, so that heaps of both meet in one memo.
  star_two_ = game_->traits().nim ? game_ : nim_game();
  SearchOptions misere = options;
  misere.play = Play::misere;
  search_ = std::make_unique<Search>(misere);
}

GenusCalculator::~GenusCalculator() = default;

void GenusCalculator::require_within_budget(const Position& p) {
  Sum sum;
  sum.components.push_back({game_, p});
  for (int k = 0; k < 3; ++k) sum.components.push_back({star_two_, Position{2, 0}});
  try {
    search_->check(sum);
  } catch (const ResourceError& e) {
    throw ResourceError("the genus of " + format_component(*game_, p) + " (" + format_sum(sum) +
                        "): " + e.what());
  }
}

Genus GenusCalculator::genus(const Position& p, Value normal_value) {
  Genus out;
  out.grundy_value = normal_value;
  Sum sum;
  sum.components.push_back({game_, p});
  // gamma_k = the misère Grundy value of p + k copies of *2, for k = 0, 1, ... until the last
  // two pairs agree (see the header).
  for (std::size_t k = 0;; ++k) {
    if (k > 0) sum.components.push_back({star_two_, Position{2, 0}});
    out.gammas.push_back(search_->misere_grundy(sum));
    const auto& g = out.gammas;
    const std::size_t n = g.size();
    if (n >= 4 && g[n - 1] == g[n - 3] && g[n - 2] == g[n - 4]) break;
  }
  // Written as Winning Ways does: the alternating tail once.
  const auto& g = out.gammas;
  std::size_t keep = g.size();
  while (keep >= 3 && g[keep - 1] == g[keep - 3]) --keep;
  out.gammas.resize(keep);
  return out;
}

std::string format_genus(const Genus& genus) {
  std::string text = std::to_string(genus.grundy_value) + "^";
  bool wide = false;
  for (Value v : genus.gammas) wide = wide || v >= 10;
  for (std::size_t i = 0; i < genus.gammas.size(); ++i) {
    if (wide && i > 0) text += ',';
    text += std::to_string(genus.gammas[i]);
  }
  return text;
}

}  // namespace grundy
