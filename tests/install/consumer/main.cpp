// Prints g(0..12) of Kayles through the installed library: the install test compares the line.
#include <grundy/grundy.hpp>
#include <iostream>

int main() {
  const auto game = grundy::parse_game("kayles");
  grundy::Evaluator evaluator(game, grundy::Limits{});
  std::cout << game->name();
  for (std::uint64_t n = 0; n <= 12; ++n) std::cout << ' ' << evaluator.value({n, 0});
  std::cout << '\n';
}
