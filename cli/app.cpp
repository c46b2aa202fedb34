#include "app.hpp"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <iostream>
#include <map>
#include <new>
#include <string>

#include "commands.hpp"
#include "common.hpp"
#include "grundy/core/error.hpp"
#include "grundy/rules/registry.hpp"
#include "grundy/version.hpp"

namespace grundy::cli {
namespace {

constexpr const char* kVersion = grundy::kEngineVersion;  // CMake project VERSION

/// The games section of --help, from the registry (the only list of families).
std::string games_help() {
  std::string out = "\nGames (quote specs that contain parentheses):\n";
  for (const Family* f : Registry::instance().families()) {
    std::string line = "  " + f->syntax;
    if (line.size() < 30)
      line.resize(30, ' ');
    else
      line += "\n" + std::string(30, ' ');
    out += line + f->summary + "\n";
  }
  out +=
      "\nA position is GAME:POSITION (nim:7, 0.07:20); a sum joins positions with '+':\n"
      "  grundy solve 'nim:3 + 0.07:20 + sub(1,3):9'\n";
  return out;
}

void print_error(const std::string& message) {
  std::cout.flush();
  std::fprintf(stderr, "grundy: error: %s\n", message.c_str());
}

}  // namespace

int run(int argc, char** argv) {
  CLI::App app{"grundy: exact Grundy values, outcomes and winning moves of impartial games",
               "grundy"};
  app.set_version_flag("--version", std::string("grundy ") + kVersion);
  app.require_subcommand(1);
  app.footer(games_help());

  std::map<CLI::App*, Runner> runners;
  for (auto add : {&add_value_command, &add_seq_command, &add_solve_command, &add_period_command,
                   &add_nimber_command, &add_explain_command, &add_play_command}) {
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
    std::string message = e.what();
    if (message.empty()) message = e.get_name();
    print_error(message + " (see grundy --help)");
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
