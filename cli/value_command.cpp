// grundy value GAME POSITION... : the Grundy value of each position.
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "common.hpp"
#include "grundy/core/error.hpp"
#include "grundy/engine/document.hpp"
#include "grundy/engine/engine.hpp"
#include "grundy/rules/game.hpp"

namespace grundy::cli {
namespace {

struct ValueArgs {
  CommonOptions common;
  std::string max = kDefaultMax;
  bool no_cache = false;
  std::string game;
  std::vector<std::string> positions;
  std::string in;  // --in FILE: a sequence file to answer from
};

/// The longest line `value GAME -` reads: far more than any position needs (a heap size has at
/// most 19 digits), and a bound on memory for any input.
constexpr std::size_t kMaxStdinLine = std::size_t{1} << 16;

/// Reads one line (without its '\n') into `line`; a line longer than `max` stops after max + 1
/// bytes (the caller refuses it), so an endless line (/dev/zero) cannot hang or exhaust memory.
/// False at the end of input.
bool read_bounded_line(std::istream& in, std::string& line, std::size_t max) {
  line.clear();
  std::streambuf& buffer = *in.rdbuf();
  for (auto c = buffer.sbumpc(); c != std::istream::traits_type::eof(); c = buffer.sbumpc()) {
    if (c == '\n') return true;
    line.push_back(static_cast<char>(c));
    if (line.size() > max) return true;
  }
  return !line.empty();
}

int run_value(const ValueArgs& args) {
  if (args.positions.empty()) {
    // `value 'nim:3 + nim:4'`: a position or a sum where a game was expected.
    if (args.game.find(':') != std::string::npos) {
      throw Error(
          "value takes a game and its positions ('grundy value nim 3 4'); for the sum or "
          "position '" +
          args.game + "' use 'grundy solve'");
    }
    throw Error("missing argument positions (see grundy value --help)");
  }
  const auto game = Engine::game(args.game);
  EngineOptions options = engine_options(args.common, args.max, args.no_cache);
  stop_component_search_on_interrupt(*game, options);
  const Engine engine(options, terminal_reporter());
  // --in FILE: heaps inside the file are answered from it, others as usual.
  ValueQuery query = engine.values(game, args.in);
  ValueAnswer collected{game->name(), {}};  // --json: one document at the end
  auto answer = [&](const Position& p) {
    const PositionValue v = query.value(p);
    if (args.common.json) {
      collected.values.push_back(v);
    } else {
      end_progress();
      if (v.value == kInfiniteValue) {
        std::cout << v.infinite << '\n';
      } else {
        std::cout << v.value << '\n';
      }
    }
  };

  const bool from_stdin = args.positions.size() == 1 && args.positions[0] == "-";
  if (!from_stdin &&
      std::find(args.positions.begin(), args.positions.end(), "-") != args.positions.end()) {
    throw Error("'-' (read the positions from stdin) must be the only position");
  }
  if (from_stdin) {
    const bool interactive = isatty(STDIN_FILENO) != 0;
    std::string line;
    std::uint64_t line_number = 0;
    while (read_bounded_line(std::cin, line, kMaxStdinLine)) {
      ++line_number;
      if (line.size() > kMaxStdinLine) {
        throw Error("stdin line " + std::to_string(line_number) + " is longer than " +
                    std::to_string(kMaxStdinLine) + " bytes: '" + quote_excerpt(line) + "'");
      }
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      answer(Engine::position(*game, line));
      if (interactive) std::cout.flush();
    }
  } else {
    std::vector<Position> positions;
    for (const std::string& text : args.positions)
      positions.push_back(Engine::position(*game, text));
    // One memory check and one table for the whole request.
    query.prepare(positions);
    for (const Position& p : positions) answer(p);
  }
  if (args.common.json) {
    std::cout << dump_document(to_document(collected)) << '\n';
  }
  return 0;
}

}  // namespace

Runner add_value_command(CLI::App& app) {
  auto args = std::make_shared<ValueArgs>();
  CLI::App* cmd = app.add_subcommand("value", "Grundy value of each position of a game");
  cmd->footer(
      "\nExamples:\n"
      "  grundy value 0.77 70 71 72 --json\n"
      "  grundy value 'sub(1,3)' 10\n"
      "  seq 1 100 | grundy value nim -");
  cmd->add_option("game", args->game, "Game spec, e.g. nim, 0.07, 'sub(1,3)'")->required();
  cmd->add_option("positions", args->positions,
                  "Positions of that game; a lone '-' reads them from stdin, one per line");
  cmd->add_option("--in", args->in,
                  "A sequence file of this game (seq --out): heaps inside it are answered "
                  "from it");
  add_common_options(*cmd, args->common);
  add_threads_option(*cmd, args->common);
  add_component_search_options(*cmd, args->common);
  add_period_search_options(*cmd, args->max, args->no_cache);
  return [args] { return run_value(*args); };
}

}  // namespace grundy::cli
