#include "grundy/engine/defined_game.hpp"

#include <algorithm>
#include <set>
#include <span>
#include <utility>

#include "grundy/core/error.hpp"
#include "grundy/core/limits.hpp"
#include "grundy/core/scanner.hpp"
#include "grundy/rules/game.hpp"
#include "grundy/solve/evaluator.hpp"

namespace grundy {
namespace {

class DefinedRules final : public Game {
 public:
  explicit DefinedRules(GameDefinition definition)
      : Game(definition.name), definition_(std::move(definition)) {
    // Integers whose options need not be smaller (a callable promises nothing): values by the
    // memo, and the requests of heap sizes (seq, period, plots, genus) take the game.
    if (definition_.integers) set_traits({.layout = Layout::integers});
  }

  Position parse_position(Scanner& in) const override {
    if (definition_.integers) return parse_heap_position(in);
    throw SpecError(1, definition_.positions_are_not_text);
  }

  std::string format_position(const Position& p) const override {
    if (definition_.integers) return std::to_string(p.x);
    return definition_.format(p);
  }

  /// The solvers count winning moves on every family's promise: parts in non-decreasing order
  /// and each option once.
  void options(const Position& p, OptionVisitor& visit) const override {
    std::set<std::vector<Position>> seen;
    definition_.options(p, [&](std::vector<Position> parts) {
      std::sort(parts.begin(), parts.end());
      if (seen.insert(parts).second) visit.option(parts);
    });
  }

  std::vector<Position> sample_positions(std::size_t count) const override {
    std::vector<Position> out;
    if (definition_.integers) {
      for (std::uint64_t n = 0; n < count; ++n) out.push_back(Position{n, 0});
    }
    return out;
  }

 private:
  GameDefinition definition_;
};

}  // namespace

DefinedGame::DefinedGame(GameDefinition definition)
    : game_(std::make_shared<DefinedRules>(std::move(definition))),
      evaluator_(std::make_unique<Evaluator>(game_, Limits{})) {}

DefinedGame::~DefinedGame() = default;

Value DefinedGame::value(const Position& p) { return evaluator_->value(p); }

}  // namespace grundy
