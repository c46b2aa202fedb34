// Octal and hexadecimal take-and-break games (Winning Ways ch. 4), with the classic names.
#include "grundy/rules/families/take_break_game.hpp"
#include "grundy/rules/registry.hpp"
#include "grundy/rules/take_break.hpp"

namespace grundy {
namespace {

std::shared_ptr<const Game> make_code_game(Scanner* args, bool hexadecimal) {
  const char* family = hexadecimal ? "hex" : "octal";
  if (args == nullptr) {
    throw SpecError(1, std::string(family) + " needs a code, e.g. " +
                           (hexadecimal ? "hex(0.F)" : "octal(0.07)"));
  }
  args->skip_spaces();
  TakeBreakCode code = parse_take_break_code(*args, hexadecimal);
  args->skip_spaces();
  const std::string digits = format_take_break_code(code);
  std::string name = hexadecimal ? "hex(" + digits + ")" : digits;
  return std::make_shared<const TakeBreakHeapGame>(std::move(name), std::move(code));
}

std::shared_ptr<const Game> make_named(std::string_view code_text) {
  Scanner in(code_text);
  return make_code_game(&in, false);
}

const FamilyRegistration kOctal{Family{
    .name = "octal",
    .syntax = "0.07 | octal(0.07) | 4.07 | 4.(3)",
    .summary = "octal take-and-break game: digit k says what may remain after removing k tokens "
               "(1: nothing, 2: one heap, 4: two heaps); a bare code such as 0.77 also works; "
               "digits in parentheses at the end repeat forever (4.(3) is Lasker's Nim)",
    .arguments = Arguments::required,
    .examples = {"0.77", "0.07", "0.137", "0.6", "0.4", "4.07", "0.17", "octal(0.1)", "0.0",
                 "4.(3)", "0.0(3)", "0.1(2)", "0.(12)", "0.1(37)"},
    .make = [](Scanner* args) { return make_code_game(args, false); },
}};

const FamilyRegistration kHex{Family{
    .name = "hex",
    .syntax = "hex(0.F) | hex(0.(F))",
    .summary = "hexadecimal take-and-break game: as octal, plus bit 8 (leave three heaps); the "
               "digit before the point may be 0, 4, 8 or C; a block in parentheses repeats",
    .arguments = Arguments::required,
    .examples = {"hex(0.F)", "hex(0.8)", "hex(8.0)", "hex(C.0)", "hex(0.B7)", "hex(4.9)",
                 "hex(0.(F))", "hex(0.(B))"},
    .make = [](Scanner* args) { return make_code_game(args, true); },
}};

const FamilyRegistration kKayles{Family{
    .name = "kayles",
    .syntax = "kayles",
    .summary = "Kayles: knock down one pin or two adjacent pins of a row (= 0.77)",
    .arguments = Arguments::none,
    .examples = {"kayles"},
    .make = [](Scanner*) { return make_named("0.77"); },
}};

const FamilyRegistration kDawson{Family{
    .name = "dawson",
    .syntax = "dawson",
    .summary = "Dawson's Kayles: knock down two adjacent pins (= 0.07)",
    .arguments = Arguments::none,
    .examples = {"dawson"},
    .make = [](Scanner*) { return make_named("0.07"); },
}};

}  // namespace
}  // namespace grundy
