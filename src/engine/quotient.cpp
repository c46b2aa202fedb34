// Engine::quotient and the `grundy quotient --json` document.
#include <algorithm>

#include "grundy/analysis/misere_quotient.hpp"
#include "grundy/core/error.hpp"
#include "grundy/engine/document.hpp"
#include "grundy/engine/engine.hpp"
#include "quotient_path.hpp"

namespace grundy {

MisereQuotient Engine::quotient(std::shared_ptr<const Game> game, std::uint64_t max_heap,
                                std::uint64_t max_work,
                                std::function<void(const QuotientProgress&)> progress) const {
  QuotientOptions options;
  options.max_heap = max_heap;
  options.limits = limits_;
  options.max_work = max_work;
  options.progress = std::move(progress);
  // A local class may use what the member function may: done() clears the progress display
  // whether the computation returns or throws.
  struct Done {
    const Engine& engine;
    ~Done() { engine.done(); }
  } done_after{*this};
  return misere_quotient(*game, options);
}

Document to_document(const MisereQuotient& q) {
  Document d;
  d["game"] = q.game;
  d["play"] = "misere";
  d["max_heap"] = q.max_heap;
  d["order"] = q.monoid.order;
  d["p_count"] = q.monoid.p_count();
  Document elements = Document::array();
  for (const auto& m : q.presentation.normal_forms) elements.push_back(format_monomial(m));
  d["elements"] = elements;
  Document p = Document::array();
  for (std::uint32_t x = 0; x < q.monoid.order; ++x) {
    if (q.monoid.p_portion[x]) p.push_back(x);
  }
  d["p_portion"] = p;
  Document generators = Document::array();
  for (std::size_t i = 0; i < q.presentation.generator_heaps.size(); ++i) {
    Presentation::Monomial unit(q.presentation.generator_heaps.size(), 0);
    unit[i] = 1;
    generators.push_back(
        {{"name", format_monomial(unit)}, {"heap", q.presentation.generator_heaps[i]}});
  }
  d["generators"] = generators;
  Document relations = Document::array();
  for (const auto& [lhs, rhs] : q.presentation.relations) {
    relations.push_back(Document::array({format_monomial(lhs), format_monomial(rhs)}));
  }
  d["relations"] = relations;
  d["phi"] = q.phi;
  d["orders"] = q.orders;
  d["stable_from"] = q.stable_from;
  d["periodicity"] = "observed";
  d["tame"] = q.tame.tame;
  if (q.tame.tame) {
    d["tame_quotient"] = "T" + std::to_string(q.tame.k);
  } else {
    d["tame_quotient"] = nullptr;
  }
  Document table = Document::array();
  for (std::uint32_t x = 0; x < q.monoid.order; ++x) {
    Document row = Document::array();
    for (std::uint32_t y = 0; y < q.monoid.order; ++y) row.push_back(q.monoid.product(x, y));
    table.push_back(row);
  }
  d["table"] = table;
  d["candidates"] = q.candidates;
  d["largest_candidate"] = q.largest_candidate;
  return d;
}

}  // namespace grundy

namespace grundy {

std::optional<MisereQuotient> quotient_for_sum(const Sum& sum, const Limits& limits) {
  if (sum.components.empty()) return std::nullopt;
  const Game& game = *sum.components[0].game;
  const GameTraits& traits = game.traits();
  if (traits.layout != Layout::heaps || traits.nim || traits.rows_of_heads) return std::nullopt;
  std::uint64_t largest = 0;
  for (const Component& c : sum.components) {
    if (c.game.get() != &game) return std::nullopt;
    largest = std::max(largest, c.position.x);
  }
  if (largest > kQuotientPathMaxHeap) return std::nullopt;
  QuotientOptions options;
  options.max_heap = largest;
  options.limits = limits;
  options.max_work = kQuotientPathWork;
  try {
    return misere_quotient(game, options);
  } catch (const ResourceError&) {
    return std::nullopt;
  }
}

}  // namespace grundy
