#include "app.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <exception>
#include <iostream>
#include <map>
#include <new>
#include <string>
#include <vector>

#include "commands.hpp"
#include "common.hpp"
#include "grundy/core/error.hpp"
#include "grundy/engine/engine.hpp"
#include "grundy/solve/component_search.hpp"
#include "grundy/version.hpp"

namespace grundy::cli {
namespace {

constexpr const char* kVersion = grundy::kEngineVersion;  // CMake project VERSION

/// The games section of --help, from the registry (the only list of families).
std::string games_help() {
  std::string out = "\nGames (quote specs that contain parentheses):\n";
  for (const FamilySummary& f : Engine::families()) {
    std::string line = "  " + f.syntax;
    if (line.size() < 30)
      line.resize(30, ' ');
    else
      line += "\n" + std::string(30, ' ');
    out += line + f.summary + "\n";
  }
  out +=
      "\nA position is GAME:POSITION (nim:7, 0.07:20); a sum joins positions with '+':\n"
      "  grundy solve 'nim:3 + 0.07:20 + sub(1,3):9'\n";
  return out;
}

void print_error(const std::string& message) {
  std::cout.flush();
  // The contract is one line: whatever a message quotes, control bytes are escaped and a
  // runaway length is cut (the sources quote through quote_excerpt already; this is the last
  // guard).
  std::fprintf(stderr, "grundy: error: %s\n", quote_excerpt(message, 4096).c_str());
}

/// What follows "...: " in a CLI11 message ("The following argument was not expected: x").
std::string after_colon(const std::string& message) {
  const std::size_t colon = message.find(": ");
  return colon == std::string::npos ? message : message.substr(colon + 2);
}

/// The subcommand the arguments reached (the last one parsed at the deepest level), or the app.
const CLI::App& reached_command(const CLI::App& app) {
  const CLI::App* at = &app;
  for (std::vector<CLI::App*> parsed = at->get_subcommands(); !parsed.empty();
       parsed = at->get_subcommands()) {
    at = parsed.back();
  }
  return *at;
}

/// Edits (insertions, deletions, substitutions, swaps of neighbours) from a to b.
std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min(
          {d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.size()][b.size()];
}

/// The long option of `command` an unknown option most likely meant, or "" when none stands out:
/// for `-x` the one long option that starts with x; for `--name` or `-name` the one long option
/// it begins, else the one nearest it within a third of its letters.
std::string closest_option(const CLI::App& command, std::string given) {
  given.resize(std::min(given.find('='), given.size()));
  std::vector<std::string> names;
  for (const CLI::Option* option : command.get_options()) {
    for (const std::string& name : option->get_lnames()) names.push_back(name);
  }
  const auto unique = [&](const auto& fits) {
    std::string found;
    for (const std::string& n : names) {
      if (!fits(n)) continue;
      if (!found.empty()) return std::string();
      found = "--" + n;
    }
    return found;
  };
  if (given.size() == 2 && given[0] == '-') {
    return unique([&](const std::string& n) { return n[0] == given[1]; });
  }
  const std::string name = given.substr(given.starts_with("--") ? 2 : 1);
  if (std::string begun = unique([&](const std::string& n) { return n.starts_with(name); });
      !begun.empty()) {
    return begun;
  }
  std::size_t best = std::max<std::size_t>(1, name.size() / 3) + 1;
  std::string nearest;
  bool tie = false;
  for (const std::string& n : names) {
    const std::size_t d = edit_distance(name, n);
    if (d < best) {
      best = d;
      nearest = "--" + n;
      tie = false;
    } else if (d == best && !nearest.empty()) {
      tie = true;
    }
  }
  return tie ? std::string() : nearest;
}

/// CLI11's own parse errors in the house style: lower case, what was wrong, where to look.
/// `command` is the subcommand given ("" when none).
std::string describe_parse_error(const CLI::ParseError& e, const CLI::App& app,
                                 const std::string& command,
                                 const std::vector<std::string>& arguments) {
  const std::string message = e.what();
  const std::string help =
      command.empty() ? "see grundy --help" : "see grundy " + command + " --help";
  // By type: CLI11 names some errors after the subcommand that raised them (get_name()).
  if (dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr) {
    // What was left over, in the order given (CLI11's message lists it backwards): an unknown
    // option first, since whatever follows it is most likely its value (`-o FILE`).
    std::vector<std::string> extras = app.remaining(true);
    if (extras.empty()) {
      std::string last = after_colon(message);
      if (const std::size_t space = last.find(' '); space != std::string::npos) last.resize(space);
      extras.push_back(last);
    }
    const auto is_option = [](const std::string& a) {
      return a.size() > 1 && a[0] == '-' && !std::isdigit(static_cast<unsigned char>(a[1]));
    };
    // The help of the subcommand reached (`grundy census report --help`).
    const CLI::App& reached = reached_command(app);
    std::string path;
    for (const CLI::App* at = &reached; at != &app; at = at->get_parent()) {
      path = at->get_name() + (path.empty() ? "" : " " + path);
    }
    const std::string where = path.empty() ? "see grundy --help" : "see grundy " + path + " --help";
    const auto option = std::find_if(extras.begin(), extras.end(), is_option);
    if (option != extras.end()) {
      const std::string meant = closest_option(reached, *option);
      return "unknown option '" + quote_excerpt(*option) + "' (" +
             (meant.empty() ? "" : "did you mean " + meant + "? ") + where + ")";
    }
    const std::string first = extras.front();
    std::string hint;
    if ((command == "solve" || command == "play") && first.find(':') != std::string::npos) {
      hint = "; a sum is one argument: quote it, as in grundy " + command + " 'nim:3 + nim:4'";
    }
    return "unexpected argument '" + quote_excerpt(first) + "'" + hint + " (" + where + ")";
  }
  if (dynamic_cast<const CLI::RequiredError*>(&e) != nullptr) {
    if (command.empty()) {
      for (const std::string& a : arguments) {
        if (a.size() > 1 && a[0] == '-')
          return "unknown option '" + quote_excerpt(a) + "' (" + help + ")";
      }
      return "no command given (" + help + ")";
    }
    // "game is required", "--to is required"
    const std::size_t is = message.find(" is required");
    const std::string what = is == std::string::npos ? message : message.substr(0, is);
    if (!what.starts_with("-")) return "missing argument " + what + " (" + help + ")";
    return "missing option " + what + " (" + help + ")";
  }
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&e) != nullptr) {
    // "--to: 1 required TEXT missing"
    const std::size_t colon = message.find(':');
    if (colon != std::string::npos && message.ends_with(" missing"))
      return "option " + message.substr(0, colon) + " needs a value (" + help + ")";
  }
  if (dynamic_cast<const CLI::RequiresError*>(&e) != nullptr) {
    const std::size_t at = message.find(" requires ");
    if (at != std::string::npos)
      return message.substr(0, at) + " needs " + message.substr(at + 10) + " (" + help + ")";
  }
  if (dynamic_cast<const CLI::ExcludesError*>(&e) != nullptr) {
    const std::size_t at = message.find(" excludes ");
    if (at != std::string::npos)
      return message.substr(0, at) + " cannot be used with " + message.substr(at + 10) + " (" +
             help + ")";
  }
  std::string text = message.empty() ? e.get_name() : message;
  text[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
  return text + " (" + help + ")";
}

}  // namespace

int run(int argc, char** argv) {
  CLI::App app{"grundy: exact Grundy values, outcomes and winning moves of impartial games",
               "grundy"};
  app.set_version_flag("--version", std::string("grundy ") + kVersion);
  app.require_subcommand(1);
  app.footer(games_help());

  std::map<CLI::App*, Runner> runners;
  for (auto add :
       {&add_value_command, &add_seq_command, &add_solve_command, &add_period_command,
        &add_nimber_command, &add_explain_command, &add_play_command, &add_census_command,
        &add_quotient_command, &add_table_command, &add_formula_command}) {
    const std::size_t before = app.get_subcommands({}).size();
    Runner runner = add(app);
    runners[app.get_subcommands({}).at(before)] = std::move(runner);
  }

  if (argc > 1 && argv[1][0] != '-') {
    std::string known;
    bool found = false;
    for (const CLI::App* command : app.get_subcommands({})) {
      known += (known.empty() ? "" : ", ") + command->get_name();
      found = found || command->get_name() == argv[1];
    }
    if (!found) {
      print_error(std::string("unknown command '") + argv[1] + "' (commands: " + known +
                  "; see grundy --help)");
      return 2;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    const std::vector<std::string> arguments(argv + 1, argv + argc);
    const std::string command = argc > 1 && argv[1][0] != '-' ? argv[1] : "";
    print_error(describe_parse_error(e, app, command, arguments));
    return 2;
  }

  try {
    for (auto& [command, runner] : runners) {
      if (command->parsed()) {
        const int code = runner();
        end_progress();
        return code;
      }
    }
    print_error("no subcommand given (see grundy --help)");
    return 2;
  } catch (const SearchStopped& e) {
    // Ctrl-C in a component search (stop_component_search_on_interrupt): its table is saved.
    end_progress();
    print_error("interrupted: " + std::string(e.what()) +
                " (with --table, what it found is in the table file)");
    return 130;
  } catch (const Error& e) {
    end_progress();
    print_error(e.what());
    return 2;
  } catch (const std::bad_alloc&) {
    end_progress();
    print_error("out of memory (lower the request, or set --max-memory to refuse it up front)");
    return 2;
  } catch (const std::exception& e) {
    end_progress();
    print_error(std::string("internal error: ") + e.what());
    return 1;
  }
}

}  // namespace grundy::cli
