#pragma once
/// \file The registry of game families. Each family registers itself from its own file under its
/// spec-language name; nothing else lists families.

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/core/scanner.hpp"
#include "grundy/rules/game.hpp"

namespace grundy {

/// Builds a game from the text between the parentheses of its spec, or from nothing when the spec
/// has no parentheses (`args` is null). The factory reads all of `*args` or fails with a
/// SpecError; the caller checks nothing is left over.
using GameFactory = std::function<std::shared_ptr<const Game>(Scanner* args)>;

enum class Arguments { none, required };

struct Family {
  std::string name;     ///< spec name: `sub`, `octal`, `kayles`
  std::string syntax;   ///< how to write it: `sub(1,3,4) | sub(1..3) | sub(fib)`
  std::string summary;  ///< one line for --help
  Arguments arguments = Arguments::none;
  /// Game specs the generic test suite runs over; every family lists at least one unless its
  /// games need outside input (a graph file).
  std::vector<std::string> examples;
  GameFactory make;
};

class Registry {
 public:
  static Registry& instance();
  /// Adds a family; a second family with the same name is a programming error (throws).
  void add(Family family);
  const Family* find(std::string_view name) const;
  /// Every family, sorted by name.
  std::vector<const Family*> families() const;

 private:
  std::vector<std::unique_ptr<Family>> families_;
};

/// A static object of this type in a family's file registers it at start-up.
struct FamilyRegistration {
  explicit FamilyRegistration(Family family) { Registry::instance().add(std::move(family)); }
};

}  // namespace grundy
