// Harness: the spec language (game specs, positions, sums).
// Properties: anything but grundy::Error escaping is a defect; a game that parses has a canonical
// name that parses to the same name; a sum that parses prints as a sum that parses to the same
// components (parse(print(x)) == x), components of one game share one Game object, and every
// position round-trips through its text (the ones written and the game's own samples).
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "grundy/core/error.hpp"
#include "grundy/rules/game.hpp"
#include "grundy/rules/sum.hpp"
#include "grundy/spec/parser.hpp"
#include "support.hpp"

namespace {

using grundy::fuzz::fail;

std::string describe(const grundy::Position& p) {
  return "(" + std::to_string(p.x) + ", " + std::to_string(p.y) + ")";
}

void check_position(const grundy::Game& game, const grundy::Position& p) {
  const std::string text = game.format_position(p);
  grundy::Position again;
  try {
    again = grundy::parse_position(game, text);
  } catch (const grundy::Error& e) {
    fail("position " + describe(p) + " of " + game.name() + " prints as '" + text +
         "', which does not parse: " + e.what());
  }
  FUZZ_CHECK(again == p, game.name() + ": '" + text + "' parses to " + describe(again) + ", not " +
                             describe(p));
}

void check_game(std::string_view text) {
  std::shared_ptr<const grundy::Game> game;
  try {
    game = grundy::parse_game(text);
  } catch (const grundy::Error&) {
    return;
  }
  const std::string& name = game->name();
  std::shared_ptr<const grundy::Game> again;
  try {
    again = grundy::parse_game(name);
  } catch (const grundy::Error& e) {
    fail("the canonical name '" + name + "' does not parse: " + e.what());
  }
  FUZZ_CHECK(again->name() == name, "'" + name + "' parses to '" + again->name() + "'");
  for (const grundy::Position& p : game->sample_positions(4)) check_position(*game, p);
}

void check_sum(std::string_view text) {
  grundy::Sum sum;
  try {
    sum = grundy::parse_sum(text);
  } catch (const grundy::Error&) {
    return;
  }
  FUZZ_CHECK(!sum.components.empty(), "an empty sum parsed");
  const std::string printed = grundy::format_sum(sum);
  grundy::Sum again;
  try {
    again = grundy::parse_sum(printed);
  } catch (const grundy::Error& e) {
    fail("the sum prints as '" + printed + "', which does not parse: " + e.what());
  }
  FUZZ_CHECK(again.components.size() == sum.components.size(), printed);
  for (std::size_t i = 0; i < sum.components.size(); ++i) {
    const grundy::Component& c = sum.components[i];
    FUZZ_CHECK(again.components[i].game->name() == c.game->name(), printed);
    FUZZ_CHECK(again.components[i].position == c.position, printed);
    check_position(*c.game, c.position);
    for (std::size_t j = 0; j < i; ++j) {
      const grundy::Component& d = sum.components[j];
      FUZZ_CHECK((d.game->name() == c.game->name()) == (d.game == c.game),
                 "components " + std::to_string(j) + " and " + std::to_string(i) + " of '" +
                     printed + "': one game is one object");
    }
  }
  FUZZ_CHECK(grundy::format_sum(again) == printed, printed);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const bool entered = (grundy::fuzz::enter_temp_dir_with_graphs(), true);
  (void)entered;
  // graph(NAME) reads a file: the harness runs inside its temporary directory, which holds a few
  // graphs, and leaves out texts with a '/' so that no other file is ever read (the graph harness
  // fuzzes the files themselves).
  const std::string_view text = grundy::fuzz::as_text(data, size);
  if (text.find('/') != std::string_view::npos) return 0;
  check_game(text);
  check_sum(text);
  return 0;
}
