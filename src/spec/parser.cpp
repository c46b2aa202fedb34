#include "grundy/spec/parser.hpp"

#include <cctype>
#include <map>
#include <string>

#include "grundy/core/error.hpp"
#include "grundy/core/scanner.hpp"
#include "grundy/rules/registry.hpp"

namespace grundy {
namespace {

std::string known_families() {
  std::string out;
  for (const Family* f : Registry::instance().families()) {
    if (!out.empty()) out += ", ";
    out += f->name;
  }
  return out;
}

/// Index of the first `c` in text at parenthesis depth 0, or npos.
std::size_t find_top_level(std::string_view text, char c, std::size_t from = 0) {
  int depth = 0;
  for (std::size_t i = from; i < text.size(); ++i) {
    if (text[i] == '(')
      ++depth;
    else if (text[i] == ')' && depth > 0)
      --depth;
    else if (text[i] == c && depth == 0)
      return i;
  }
  return std::string_view::npos;
}

/// Parses a game spec occupying all of `text` (no surrounding spaces), text[0] at `column`.
std::shared_ptr<const Game> parse_game_at(std::string_view text, std::size_t column) {
  Scanner in(text, column);
  if (in.at_end()) in.fail("expected a game, such as nim, sub(1,3) or 0.07");
  const Registry& registry = Registry::instance();
  if (std::isdigit(static_cast<unsigned char>(in.peek()))) {
    // A bare take-and-break code: `0.07` means `octal(0.07)`.
    auto game = registry.find("octal")->make(&in);
    in.expect_end("the octal code");
    return game;
  }
  const std::string_view name = in.identifier();
  if (name.empty()) {
    in.fail("expected a game name or an octal code, found " + describe_char(text, in.offset()));
  }
  const Family* family = registry.find(name);
  if (family == nullptr) {
    // The whole word as typed (`kaylés`, not the `kayl` before the first letter a name cannot
    // hold), up to what may follow a game's name.
    const std::size_t word_end = text.find_first_of(" \t(:+,)");
    const std::string_view word = text.substr(0, word_end);
    in.fail_at(0, "unknown game '" + quote_excerpt(word) + "' (known: " + known_families() +
                      ", or an octal code such as 0.07)");
  }
  std::shared_ptr<const Game> game;
  if (in.accept('(')) {
    if (family->arguments == Arguments::none) {
      in.fail_at(in.offset() - 1, "'" + family->name + "' takes no arguments");
    }
    const std::size_t close = find_top_level(text, ')', in.offset());
    if (close == std::string_view::npos) {
      in.fail_at(text.size(), "expected ')' to close the arguments of '" + family->name + "'");
    }
    Scanner args(text.substr(in.offset(), close - in.offset()), column + in.offset());
    game = family->make(&args);
    args.skip_spaces();
    args.expect_end("the arguments of '" + family->name + "'");
    while (in.offset() <= close) in.get();
  } else {
    if (family->arguments == Arguments::required) {
      in.fail("expected '(' and arguments after '" + family->name + "': " + family->syntax);
    }
    game = family->make(nullptr);
  }
  in.expect_end("the game '" + quote_excerpt(text.substr(0, in.offset())) + "'");
  return game;
}

/// Trims spaces; returns the trimmed view and adds the count removed on the left to `column`.
std::string_view trim(std::string_view text, std::size_t& column) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) {
    text.remove_prefix(1);
    ++column;
  }
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

}  // namespace

std::shared_ptr<const Game> parse_game(std::string_view spec) {
  std::size_t column = 1;
  const std::string_view text = trim(spec, column);
  return parse_game_at(text, column);
}

Position parse_position(const Game& game, std::string_view text, std::size_t base_column) {
  std::size_t column = base_column;
  const std::string_view trimmed = trim(text, column);
  Scanner in(trimmed, column);
  if (in.at_end()) in.fail("expected a position of " + game.name());
  const Position p = game.parse_position(in);
  in.expect_end("the position");
  return p;
}

Sum parse_sum(std::string_view spec) {
  Sum sum;
  std::map<std::string, std::shared_ptr<const Game>, std::less<>> games;  // by spec text, then name
  std::size_t start = 0;
  while (true) {
    const std::size_t plus = find_top_level(spec, '+', start);
    const std::size_t end = plus == std::string_view::npos ? spec.size() : plus;
    std::size_t column = start + 1;
    const std::string_view term = trim(spec.substr(start, end - start), column);
    if (term.empty()) {
      throw SpecError(column, sum.components.empty() && plus == std::string_view::npos
                                  ? "expected a sum such as nim:3 + nim:4"
                                  : "expected a component GAME:POSITION");
    }
    const std::size_t colon = find_top_level(term, ':');
    if (colon == std::string_view::npos) {
      throw SpecError(column + term.size(), "expected ':' and a position after the game '" +
                                                quote_excerpt(term) + "' (e.g. nim:5)");
    }
    std::size_t game_column = column;
    const std::string_view game_text = trim(term.substr(0, colon), game_column);
    std::shared_ptr<const Game> game;
    if (auto it = games.find(game_text); it != games.end()) {
      game = it->second;
    } else {
      game = parse_game_at(game_text, game_column);
      if (auto same = games.find(game->name()); same != games.end()) game = same->second;
      games.emplace(std::string(game_text), game);
      games.emplace(game->name(), game);
    }
    const Position p = parse_position(*game, term.substr(colon + 1), column + colon + 1);
    sum.components.push_back(Component{game, p});
    if (plus == std::string_view::npos) break;
    start = plus + 1;
  }
  return sum;
}

}  // namespace grundy
