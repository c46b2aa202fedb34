// The perfect player (oracle.hpp).
#include "oracle.hpp"

#include <algorithm>
#include <optional>

#include "grundy/core/error.hpp"

namespace grundy {

Oracle::Oracle(const Engine& engine, Play play)
    : play_(play),
      use_quotient_(engine.uses_misere_quotient()),
      quotient_progress_(engine.quotient_progress("play")),
      quotient_cache_(engine.quotient_cache()),
      options_(engine.search_options(play, "play")),
      values_(Sum{}, [&engine](std::shared_ptr<const Game> game) {
        return engine.value_source(std::move(game), "play");
      }) {
  // Every winning move is weighed by the remoteness it leaves, not only the first few.
  options_.max_moves = std::size_t{1} << 20;
  memo_ = std::make_unique<SumSearch>(options_);
}

void Oracle::prepare(const Sum& start) {
  if (play_ != Play::misere) return;
  // The path is chosen once, in analysis: the quotient, else the search (no closed form: the
  // search gives the remoteness the player weighs moves by).
  quotient_ = choose_misere_path(start, options_, {.use_quotient = use_quotient_},
                                 quotient_progress_,
                                 quotient_cache_ ? &*quotient_cache_ : nullptr)
                  .quotient;
  if (!quotient_) memo_->require_within_budget(start);
}

namespace {

std::uint64_t tokens_left(const Move& m) {
  std::uint64_t n = 0;
  for (const Position& p : m.to) n += p.x;
  return n;
}

}  // namespace

std::pair<Move, Verdict> Oracle::choose_by_quotient(const Sum& sum,
                                                    const std::vector<Move>& moves) {
  const SearchSolution here = quotient_->solve(sum, std::size_t{1} << 20);
  const bool wins = here.outcome == Outcome::N && !here.winning_moves.empty();
  const std::vector<Move>& candidates = wins ? here.winning_moves : moves;
  auto better = [&](const Move& a, const Move& b) {
    return wins ? tokens_left(a) < tokens_left(b) : tokens_left(a) > tokens_left(b);
  };
  return {*std::min_element(candidates.begin(), candidates.end(), better),
          wins ? Verdict::win : Verdict::loss};
}

std::pair<Move, Verdict> Oracle::choose(const Sum& sum, const std::vector<Move>& moves) {
  if (quotient_) return choose_by_quotient(sum, moves);
  try {
    const SearchSolution here = search(sum);
    if (here.outcome == Outcome::N) {
      // Hurry: the winning move whose position has the least remoteness.
      return {best(sum, here.winning_moves, [](std::uint64_t r, std::uint64_t b) { return r < b; }),
              Verdict::win};
    }
    // Drawn: keep the draw (a move to a position drawn for the opponent). Losing: delay as long
    // as possible.
    if (here.outcome == Outcome::D) {
      for (const Move& m : moves) {
        if (search(after_move(sum, m)).outcome == Outcome::D) return {m, Verdict::draw};
      }
    }
    return {best(sum, moves, [](std::uint64_t r, std::uint64_t b) { return r > b; }),
            Verdict::loss};
  } catch (const ResourceError&) {
    // A search refused part-way (no bound was found) leaves states that count against the
    // budget: start the next one afresh.
    memo_ = std::make_unique<SumSearch>(options_);
    if (play_ == Play::misere) throw;
  }
  // The sum solver's move to play makes progress in loopy games too (Smith's counter), so the
  // opponent cannot keep the game cycling.
  const SumSolution s = solve_sum(sum, sources(sum), 1);
  if (s.move_to_play) return {*s.move_to_play, Verdict::win};
  if (s.outcome == Outcome::D) {
    for (const Move& m : moves) {
      const Sum next = after_move(sum, m);
      if (solve_sum(next, sources(next), 0).outcome == Outcome::D) return {m, Verdict::draw};
    }
  }
  return {moves.front(), Verdict::loss};
}

template <class Better>
Move Oracle::best(const Sum& sum, const std::vector<Move>& candidates, Better better) {
  Move chosen = candidates.front();
  std::optional<std::uint64_t> chosen_r;
  for (const Move& m : candidates) {
    const std::uint64_t r = search(after_move(sum, m)).remoteness;
    if (!chosen_r || better(r, *chosen_r)) {
      chosen = m;
      chosen_r = r;
    }
  }
  return chosen;
}

}  // namespace grundy
