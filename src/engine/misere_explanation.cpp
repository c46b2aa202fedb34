// Engine::explain_misere (misere_explanation.hpp): each option's misère outcome, from the quotient
// of the position's heap game when it is within its budget, otherwise from the exact search.
#include "grundy/engine/misere_explanation.hpp"

#include "explain.hpp"
#include "grundy/analysis/quotient_moves.hpp"
#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "grundy/engine/document.hpp"
#include "grundy/engine/engine.hpp"
#include "grundy/solve/misere_search.hpp"
#include "grundy/analysis/sum_quotient.hpp"

namespace grundy {
namespace {

Sum sum_of(const std::shared_ptr<const Game>& game, std::span<const Position> parts) {
  Sum sum;
  for (const Position& p : parts) sum.components.push_back({game, p});
  return sum;
}

/// Each option once, refused past kMaxEnumeratedOptions (the outcome needs every option).
template <class F>
void for_each_counted_option(const Game& game, const Position& p, MisereExplanation& e, F&& f) {
  for_each_option(game, p, [&](std::span<const Position> parts) {
    if (++e.option_count > kMaxEnumeratedOptions) {
      throw ResourceError("position " + e.component + " has more than " +
                          std::to_string(kMaxEnumeratedOptions) +
                          " options; explain enumerates them all (try a smaller position)");
    }
    const MisereExplanation::Option o = f(parts);
    if (o.outcome == Outcome::P) ++e.winning_count;
    if (e.listed.size() < e.max_options) e.listed.push_back(o);
  });
}

}  // namespace

MisereExplanation explain_misere_position(std::shared_ptr<const Game> game, const Position& p,
                                          std::uint64_t max_options,
                                          const SearchOptions& search_options,
                                          std::function<void(const QuotientProgress&)> progress,
                                          bool use_quotient, const QuotientCache* cache) {
  MisereExplanation e;
  e.game = game->name();
  e.position = game->format_position(p);
  e.component = format_component(*game, p);
  e.max_options = max_options;
  const Sum position = sum_of(game, std::span<const Position>(&p, 1));
  // The quotient where solve would use it (a heap too large for the search included), and for
  // a position small enough for the search too, when a quotient within the solve's small budget
  // gives its classes.
  std::optional<SumQuotient> quotient =
      choose_misere_path(position, search_options,
                         {.use_quotient = use_quotient, .small_quotient = true},
                         std::move(progress), cache)
          .quotient;
  if (quotient) {
    const MisereQuotient& q = quotient->quotient();
    const auto name = [&](std::uint32_t x) {
      return format_monomial(q.presentation.normal_forms[x]);
    };
    const std::uint32_t x = quotient->element(position);
    e.outcome = q.monoid.p_portion[x] ? Outcome::P : Outcome::N;
    e.quotient = MisereExplanation::Quotient{q.game, q.max_heap, q.monoid.order, q.monoid.p_count(),
                                             name(x)};
    e.quotient->complete = quotient->used().complete;
    const QuotientPeriodicity& period = quotient->periodicity();
    if (p.x > q.max_heap) {
      e.quotient->phi_preperiod = period.preperiod;
      e.quotient->phi_period = period.period;
    }
    const TakeBreakCode* code = game->traits().take_break;
    if (p.x > q.max_heap && code != nullptr) {
      // Far beyond the table: the options counted by class through Φ's proven period, the
      // first max_options listed.
      const std::vector<std::uint64_t> counts = quotient_option_class_counts(*code, q, period, p.x);
      for (std::uint32_t y = 0; y < q.monoid.order; ++y) {
        e.option_count = saturating_add(e.option_count, counts[y]);
        if (q.monoid.p_portion[y]) e.winning_count = saturating_add(e.winning_count, counts[y]);
      }
      auto list = OptionFunction([&](std::span<const Position> parts) {
        const std::uint32_t y = quotient->element(position.components[0], parts);
        e.listed.push_back({format_option(*game, parts),
                            q.monoid.p_portion[y] ? Outcome::P : Outcome::N,
                            name(y),
                            {}});
      });
      quotient_options_where(
          *code, q, period, p.x, [](std::uint32_t) { return true; },
          static_cast<std::size_t>(std::min<std::uint64_t>(max_options, kMaxEnumeratedOptions)),
          list);
      return e;
    }
    for_each_counted_option(*game, p, e, [&](std::span<const Position> parts) {
      const std::uint32_t y = quotient->element(position.components[0], parts);
      return MisereExplanation::Option{format_option(*game, parts),
                                       q.monoid.p_portion[y] ? Outcome::P : Outcome::N,
                                       name(y),
                                       {}};
    });
    return e;
  }
  // The exact search, one memo for the position and its options (whose states are among its).
  SumSearch search(search_options);
  search.require_within_budget(position);
  e.outcome = search.solve(position).outcome;
  for_each_counted_option(*game, p, e, [&](std::span<const Position> parts) {
    const Outcome o = search.solve(sum_of(game, parts)).outcome;
    return MisereExplanation::Option{format_option(*game, parts), o, {}, game->move_name(p, parts)};
  });
  return e;
}

Document to_document(const MisereExplanation& e) {
  Document d;
  d["game"] = e.game;
  d["position"] = e.position;
  d["play"] = "misere";
  d["winner"] = e.winner();
  if (e.quotient) {
    d["quotient"] = {{"game", e.quotient->game},        {"max_heap", e.quotient->max_heap},
                     {"order", e.quotient->order},      {"p_count", e.quotient->p_count},
                     {"element", e.quotient->element},  {"in_p", e.outcome == Outcome::P},
                     {"complete", e.quotient->complete}};
    if (e.quotient->phi_period != 0) {
      d["quotient"]["phi_period"] = {{"preperiod", e.quotient->phi_preperiod},
                                     {"period", e.quotient->phi_period}};
    }
  } else {
    d["quotient"] = nullptr;
  }
  d["option_count"] = e.option_count;
  Document options = Document::array();
  for (const MisereExplanation::Option& o : e.listed) {
    Document row{{"option", o.text}, {"winner", std::string(winner_name(o.outcome))}};
    if (e.quotient) row["element"] = o.element;
    row["winning"] = o.outcome == Outcome::P;
    if (!o.move.empty()) row["move"] = o.move;
    options.push_back(row);
  }
  d["options"] = options;
  d["options_omitted"] = e.option_count - e.listed.size();
  d["winning_move_count"] = e.winning_count;
  return d;
}

}  // namespace grundy
