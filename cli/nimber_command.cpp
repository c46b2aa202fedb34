// grundy nimber OP ARGS : arithmetic in the nim-field of the nimbers below 2^64.
#include <array>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "commands.hpp"
#include "common.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/nimber.hpp"
#include "grundy/engine/document.hpp"

namespace grundy::cli {
namespace {

/// One operation: its name, what its arguments are called, and what it computes (nothing when
/// the answer does not exist, e.g. a logarithm of a non-power).
struct Operation {
  const char* name;
  std::vector<const char*> operands;
  const char* summary;
  std::optional<Value> (*compute)(const std::vector<Value>& x);
};

const std::array<Operation, 9>& operations() {
  static const std::array<Operation, 9> ops{{
      {"add",
       {"A", "B"},
       "A + B (nim-addition: XOR)",
       [](const std::vector<Value>& x) -> std::optional<Value> { return nim_sum(x[0], x[1]); }},
      {"mul",
       {"A", "B"},
       "A * B (nim-multiplication)",
       [](const std::vector<Value>& x) -> std::optional<Value> { return nim_mul(x[0], x[1]); }},
      {"div",
       {"A", "B"},
       "A * B^-1 (B non-zero)",
       [](const std::vector<Value>& x) -> std::optional<Value> { return nim_div(x[0], x[1]); }},
      {"inv",
       {"A"},
       "A^-1 (A non-zero)",
       [](const std::vector<Value>& x) -> std::optional<Value> { return nim_inv(x[0]); }},
      {"square",
       {"A"},
       "A * A",
       [](const std::vector<Value>& x) -> std::optional<Value> { return nim_square(x[0]); }},
      {"sqrt",
       {"A"},
       "the B with B * B = A",
       [](const std::vector<Value>& x) -> std::optional<Value> { return nim_sqrt(x[0]); }},
      {"pow",
       {"A", "K"},
       "A^K (K an ordinary integer; A^0 = 1)",
       [](const std::vector<Value>& x) -> std::optional<Value> { return nim_pow(x[0], x[1]); }},
      {"order",
       {"A"},
       "the least K > 0 with A^K = 1 (A non-zero)",
       [](const std::vector<Value>& x) -> std::optional<Value> { return nim_order(x[0]); }},
      {"log",
       {"A", "X"},
       "the least K >= 0 with A^K = X, or none",
       [](const std::vector<Value>& x) -> std::optional<Value> { return nim_log(x[0], x[1]); }},
  }};
  return ops;
}

struct NimberArgs {
  CommonOptions common;
  std::string op;
  std::vector<std::string> operands;
};

std::string operation_list() {
  std::string out;
  for (const Operation& op : operations()) out += (out.empty() ? "" : ", ") + std::string(op.name);
  return out;
}

int run_nimber(const NimberArgs& args) {
  const Operation* op = nullptr;
  for (const Operation& candidate : operations()) {
    if (args.op == candidate.name) op = &candidate;
  }
  if (op == nullptr) {
    throw Error("unknown nimber operation '" + quote_excerpt(args.op) +
                "' (operations: " + operation_list() + ")");
  }
  if (args.operands.size() != op->operands.size()) {
    std::string usage = std::string("nimber ") + op->name;
    for (const char* name : op->operands) usage += std::string(" ") + name;
    throw Error(usage + " takes " + std::to_string(op->operands.size()) + " argument" +
                (op->operands.size() == 1 ? "" : "s") + ", not " +
                std::to_string(args.operands.size()));
  }
  std::vector<Value> x;
  for (std::size_t i = 0; i < args.operands.size(); ++i) {
    x.push_back(parse_number_option(op->operands[i], args.operands[i], ~std::uint64_t{0}));
  }
  const std::optional<Value> result = op->compute(x);
  if (args.common.json) {
    Document operands = Document::array();
    for (Value v : x) operands.push_back(v);
    std::cout << dump_document({{"op", op->name},
                                {"operands", operands},
                                {"result", result ? Document(*result) : Document(nullptr)}})
              << '\n';
  } else {
    std::cout << (result ? std::to_string(*result) : std::string("none")) << '\n';
  }
  return 0;
}

}  // namespace

Runner add_nimber_command(CLI::App& app) {
  auto args = std::make_shared<NimberArgs>();
  CLI::App* cmd =
      app.add_subcommand("nimber", "Arithmetic in the nim-field of the nimbers below 2^64");
  std::string ops = "\nOperations (arguments are whole numbers 0..18446744073709551615):\n";
  for (const Operation& op : operations()) {
    std::string usage = std::string("  ") + op.name;
    for (const char* name : op.operands) usage += std::string(" ") + name;
    usage.resize(std::max<std::size_t>(usage.size() + 1, 14), ' ');
    ops += usage + op.summary + "\n";
  }
  cmd->footer(ops +
              "\nExamples:\n"
              "  grundy nimber mul 3141 5926\n"
              "  grundy nimber pow 2 3 --json");
  cmd->add_option("op", args->op, "The operation: " + operation_list())->required();
  cmd->add_option("operands", args->operands, "Its arguments");
  cmd->add_flag("--json", args->common.json, "Print one JSON document on stdout");
  return [args] { return run_nimber(*args); };
}

}  // namespace grundy::cli
