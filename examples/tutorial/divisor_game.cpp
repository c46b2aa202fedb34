// The divisor game: from a heap of n tokens, take away a proper divisor d of n (1 <= d < n).
#include <grundy/grundy.hpp>
#include <iostream>

class DivisorGame final : public grundy::HeapGame {
 public:
  DivisorGame() : HeapGame("divisor") {}
  void options(const grundy::Position& p, grundy::OptionVisitor& visit) const override {
    for (std::uint64_t d = 1; d < p.x; ++d) {
      if (p.x % d == 0) grundy::visit_single({p.x - d, 0}, visit);
    }
  }
};

int main() {
  const auto game = std::make_shared<const DivisorGame>();
  grundy::Evaluator values(game, grundy::Limits{});
  std::cout << "g(1..16):";
  for (std::uint64_t n = 1; n <= 16; ++n) std::cout << ' ' << values.value({n, 0});
  const grundy::Sum sum{{{game, {12, 0}}, {game, {9, 0}}, {game, {16, 0}}}};
  grundy::SumEvaluators sources(sum, grundy::Limits{});
  const grundy::SumSolution s = grundy::solve_sum(sum, sources.sources(), 10);
  std::cout << '\n'
            << grundy::format_sum(sum) << ": " << grundy::winner_name(s.outcome)
            << " player wins, nim-sum " << s.nim_sum << '\n';
  for (const grundy::Move& m : s.winning_moves) {
    const grundy::Component& c = sum.components[m.component];
    std::cout << m.component << ": " << grundy::format_component(*game, c.position) << " -> "
              << grundy::format_option(*game, m.to) << '\n';
  }
}
