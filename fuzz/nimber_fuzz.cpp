// Harness: `grundy nimber OP ARGS` (the command's argument parsing, then the operation), in
// process. The input is the arguments, one per line; --json is added.
// Properties: exit code 0 or 2 only (never an internal error or a crash, nor a hang: `order` and
// `log` must stay fast on any operand); a success prints one JSON document whose result is
// right: checked by the field's laws (b * a = a * b by every multiplication method, r * b = a for
// a division, r * r = a for a square root, a power by square-and-multiply, an order that divides
// 2^64 - 1 and no proper divisor of which works, a least logarithm, or "none" only when x is not a
// power of a).
#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "command.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/nimber.hpp"
#include "support.hpp"

namespace {

using grundy::Value;

Value number(const nlohmann::json& j) {
  if (j.is_string()) return std::stoull(j.get<std::string>());
  return j.get<Value>();
}

Value pow_by_squaring(Value a, std::uint64_t k) {
  Value result = 1;
  for (; k != 0; k >>= 1) {
    if (k & 1) result = grundy::nim_mul(result, a);
    a = grundy::nim_mul(a, a);
  }
  return result;
}

// 2^64 - 1 = 3 * 5 * 17 * 257 * 641 * 65537 * 6700417, each prime once.
constexpr std::array<std::uint64_t, 7> kGroupPrimes{3, 5, 17, 257, 641, 65537, 6700417};

void check_order(Value a, Value order) {
  FUZZ_CHECK(order > 0 && ~Value{0} % order == 0, "an order that does not divide 2^64 - 1");
  FUZZ_CHECK(pow_by_squaring(a, order) == 1, "a^order is not 1");
  for (std::uint64_t p : kGroupPrimes) {
    if (order % p == 0) FUZZ_CHECK(pow_by_squaring(a, order / p) != 1, "not the least order");
  }
}

void check_result(const std::string& op, const std::vector<Value>& x,
                  const std::optional<Value>& r) {
  auto need = [&](bool ok) { FUZZ_CHECK(ok, op + ": a wrong result"); };
  if (op == "inv" || op == "div") need(r && x.back() != 0);
  if (op == "add") need(r && *r == (x[0] ^ x[1]));
  if (op == "mul") {
    need(r.has_value());
    for (grundy::NimMulMethod method : grundy::nim_mul_methods()) {
      if (const auto mul = grundy::nim_mul_function(method)) need(mul(x[1], x[0]) == *r);
    }
  }
  if (op == "div") need(grundy::nim_mul(*r, x[1]) == x[0]);
  if (op == "inv") need(grundy::nim_mul(*r, x[0]) == 1);
  if (op == "square") need(r && *r == grundy::nim_mul(x[0], x[0]));
  if (op == "sqrt") need(r && grundy::nim_mul(*r, *r) == x[0]);
  if (op == "pow") need(r && *r == pow_by_squaring(x[0], x[1]));
  if (op == "order") {
    need(r && x[0] != 0);
    check_order(x[0], *r);
  }
  if (op == "log") {
    const Value a = x[0], target = x[1];
    if (a == 0) {
      // 0^0 = 1 and 0^k = 0 for k > 0.
      need(r == (target == 1   ? std::optional<Value>(0)
                 : target == 0 ? std::optional<Value>(1)
                               : std::nullopt));
      return;
    }
    const Value order = grundy::nim_order(a);
    if (r) {
      need(*r < order && pow_by_squaring(a, *r) == target);
    } else {
      // The powers of a are the subgroup of order ord(a): x is one of them iff x^ord(a) = 1.
      need(target == 0 || pow_by_squaring(target, order) != 1);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = grundy::fuzz::as_text(data, size);
  std::vector<std::string> args{"nimber"};
  for (std::size_t start = 0; start <= text.size() && args.size() < 8;) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    args.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  args.emplace_back("--json");
  const grundy::fuzz::CommandResult result = grundy::fuzz::run_command(args);
  if (result.exit_code != 0) {
    FUZZ_CHECK(result.out.empty(), "output before an error: " + result.out);
    return 0;
  }
  const nlohmann::json doc = nlohmann::json::parse(result.out, nullptr, false);
  if (doc.is_discarded()) {
    FUZZ_CHECK(result.out.find("Usage") != std::string::npos,
               "neither JSON nor help: " + result.out);
    return 0;
  }
  FUZZ_CHECK(doc.contains("op") && doc.contains("operands") && doc.contains("result"), result.out);
  std::vector<Value> x;
  for (const auto& v : doc["operands"]) x.push_back(number(v));
  const std::string op = doc["op"].get<std::string>();
  FUZZ_CHECK(op == "add" || op == "mul" || op == "div" || op == "inv" || op == "square" ||
                 op == "sqrt" || op == "pow" || op == "order" || op == "log",
             "unknown operation " + op);
  const std::size_t arity = op == "inv" || op == "square" || op == "sqrt" || op == "order" ? 1 : 2;
  FUZZ_CHECK(x.size() == arity, result.out);
  std::optional<Value> r;
  if (!doc["result"].is_null()) r = number(doc["result"]);
  check_result(op, x, r);
  return 0;
}
