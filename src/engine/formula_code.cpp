#include "grundy/engine/formula_code.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace grundy {
namespace {

using Op = Formula::Op;

enum class Dialect { text, cpp, python };

/// Lines of at most about 100 columns: `lead` first, then `items` joined by ", ", continued on
/// lines indented by `indent`, then `tail`.
std::string wrapped(const std::string& lead, const std::vector<std::string>& items,
                    const std::string& tail, const std::string& indent) {
  std::string out = lead, line;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string item = items[i] + (i + 1 < items.size() ? "," : "");
    const std::size_t newline = out.rfind('\n');
    const std::size_t column = newline == std::string::npos ? out.size() : out.size() - newline - 1;
    if (!line.empty() && column + line.size() + item.size() > 98) {
      out += line + "\n" + indent;
      line.clear();
    }
    line += (line.empty() ? "" : " ") + item;
  }
  return out + line + tail;
}

std::vector<std::string> numbers(const std::vector<Value>& values, Dialect dialect) {
  std::vector<std::string> out;
  out.reserve(values.size());
  for (const Value v : values) {
    out.push_back(std::to_string(v) + (dialect == Dialect::cpp && v > 2147483647 ? "ULL" : ""));
  }
  return out;
}

/// The name of the n-th table for a person: A, B, ..., Z, A2, B2, ...
std::string table_name(std::size_t n) {
  std::string name(1, static_cast<char>('A' + n % 26));
  if (n >= 26) name += std::to_string(n / 26 + 1);
  return name;
}

/// Writes a formula in one dialect, collecting what the expression needs: helper functions,
/// tables (and for a person, the tables' definitions).
class Writer {
 public:
  Writer(Dialect dialect, bool two_coordinates)
      : dialect_(dialect), two_coordinates_(two_coordinates) {}

  std::string expression(const Formula& f) {
    const auto& a = f.args();
    switch (f.op()) {
      case Op::x:
        return two_coordinates_ ? "x" : "n";
      case Op::y:
        return "y";
      case Op::constant:
        return numbers({f.constant_value()}, dialect_).front();
      case Op::add:
        return infix(f, "+");
      case Op::subtract:
        return infix(f, "-");
      case Op::multiply:
        return infix(f, "*", dialect_ == Dialect::text ? "" : " ");
      case Op::floor_div:
        if (dialect_ == Dialect::text) {
          return call("floor", {quotient(a[0], a[1])});
        }
        return infix(f, dialect_ == Dialect::cpp ? "/" : "//");
      case Op::ceil_div:
        if (dialect_ == Dialect::text) {
          return call("ceil", {quotient(a[0], a[1])});
        }
        if (dialect_ == Dialect::python) {
          return "(-(-" + expression(a[0]) + " // " + expression(a[1]) + "))";
        }
        return helper_call("ceil_div", a);
      case Op::mod:
        return infix(f, dialect_ == Dialect::text ? "mod" : "%");
      case Op::bit_xor:
        return infix(f, dialect_ == Dialect::text ? "xor" : "^");
      case Op::bit_and:
        return infix(f, "&");
      case Op::min:
      case Op::max: {
        const std::string name = f.op() == Op::min ? "min" : "max";
        if (dialect_ == Dialect::cpp) {
          includes_.insert("algorithm");
          return call("std::" + name + "<std::uint64_t>", {expression(a[0]), expression(a[1])});
        }
        return call(name, {expression(a[0]), expression(a[1])});
      }
      case Op::abs_diff:
        if (dialect_ == Dialect::text)
          return "|" + expression(a[0]) + " - " + expression(a[1]) + "|";
        if (dialect_ == Dialect::python)
          return call("abs", {expression(a[0]) + " - " + expression(a[1])});
        return helper_call("abs_diff", a);
      case Op::less:
      case Op::equal: {
        const std::string relation = operand(a[0], f, false) +
                                     (f.op() == Op::less ? " < " : " == ") + operand(a[1], f, true);
        if (dialect_ == Dialect::cpp) return "std::uint64_t(" + relation + ")";
        if (dialect_ == Dialect::python) return "int(" + relation + ")";
        return relation;
      }
      case Op::select: {
        if (dialect_ == Dialect::python) {
          return "(" + expression(a[1]) + " if " + expression(a[0]) + " else " + expression(a[2]) +
                 ")";
        }
        // For a person a comparison needs no parentheses before '?', nor a branch that is not a
        // choice itself.
        const auto part = [&](const Formula& b) {
          return dialect_ == Dialect::text && b.op() == Op::select ? "(" + expression(b) + ")"
                                                                   : expression(b);
        };
        const std::string condition = part(a[0]);
        const auto branch = part;
        return (dialect_ == Dialect::cpp ? "(" : "") + condition + " ? " + branch(a[1]) + " : " +
               branch(a[2]) + (dialect_ == Dialect::cpp ? ")" : "");
      }
      case Op::popcount:
        if (dialect_ == Dialect::python) return "bin(" + expression(a[0]) + ").count(\"1\")";
        if (dialect_ == Dialect::text) return call("popcount", {expression(a[0])});
        return helper_call("popcount", a);
      case Op::lowbit:
        if (dialect_ == Dialect::cpp) return helper_call("lowbit", a);
        return (dialect_ == Dialect::python ? "(" : "") + operand(a[0], f, false) + " & -" +
               operand(a[0], f, true) + (dialect_ == Dialect::python ? ")" : "");
      case Op::bit_width:
        if (dialect_ == Dialect::python) return "(" + expression(a[0]) + ").bit_length()";
        if (dialect_ == Dialect::text) return call("bit_width", {expression(a[0])});
        return helper_call("bit_width", a);
      case Op::nim_product:
        if (dialect_ == Dialect::text)
          return call("nim_product", {expression(a[0]), expression(a[1])});
        return helper_call("nim_product", a);
      case Op::golden_floor:
        if (dialect_ == Dialect::text) {
          const std::string k = expression(a[0]);
          return call("floor", {(precedence(a[0]) == kAtom ? k : "(" + k + ")") + "*phi"});
        }
        return helper_call("golden_floor", a);
      case Op::table:
        return table(f);
      case Op::periodic:
        return periodic(f);
      case Op::runs:
        return runs(f);
      case Op::member:
        return member(f);
    }
    return {};
  }

  /// What the expression needs, before the function: #include or import lines, helpers,
  /// tables; for a person, the definitions.
  const std::set<std::string>& includes() const { return includes_; }
  const std::vector<std::string>& definitions() const { return definitions_; }

 private:
  static constexpr int kAtom = 9;

  /// How tightly an operator binds, for a person: ?: < (== <) < (xor &) < (+ -) < (* mod).
  static int precedence(const Formula& f) {
    switch (f.op()) {
      case Op::select:
        return 0;
      case Op::less:
      case Op::equal:
      case Op::member:
        return 1;
      case Op::bit_xor:
      case Op::bit_and:
      case Op::lowbit:
        return 2;
      case Op::add:
      case Op::subtract:
        return 3;
      case Op::multiply:
      case Op::mod:
        return 4;
      case Op::periodic:
        return f.preperiod() > 0 ? 0 : f.saltus() != 0 ? 3 : kAtom;
      default:
        return kAtom;
    }
  }

  /// An argument of `parent` (its right one when `right`): for a person in parentheses where
  /// precedence needs them, and always between bitwise and other operators; in code as it is
  /// (every operator there brings its own parentheses).
  std::string operand(const Formula& child, const Formula& parent, bool right) {
    const std::string e = expression(child);
    if (dialect_ != Dialect::text) return e;
    const int c = precedence(child), p = precedence(parent);
    if (c == kAtom) return e;
    const bool grouped_right = right && (parent.op() == Op::subtract || parent.op() == Op::mod ||
                                         parent.op() == Op::less || parent.op() == Op::equal);
    bool parens = c < p || (c == p && (child.op() != parent.op() || grouped_right));
    if (p == 2 && child.op() != parent.op()) parens = true;
    return parens ? "(" + e + ")" : e;
  }

  /// `a/b` for a person, inside floor() or ceil(): each in parentheses unless a product or
  /// tighter.
  std::string quotient(const Formula& a, const Formula& b) {
    const auto side = [&](const Formula& f) {
      const std::string e = expression(f);
      return precedence(f) >= 4 && f.op() != Op::mod ? e : "(" + e + ")";
    };
    return side(a) + "/" + side(b);
  }

  std::string infix(const Formula& f, const std::string& op, const std::string& space = " ") {
    const std::string e =
        operand(f.args()[0], f, false) + space + op + space + operand(f.args()[1], f, true);
    return dialect_ == Dialect::text ? e : "(" + e + ")";
  }

  static std::string call(const std::string& name, const std::vector<std::string>& args) {
    std::string out = name + "(";
    for (std::size_t i = 0; i < args.size(); ++i) out += (i ? ", " : "") + args[i];
    return out + ")";
  }

  std::string helper_call(const std::string& name, const std::vector<Formula>& a) {
    std::vector<std::string> args;
    for (const Formula& f : a) args.push_back(expression(f));
    add_helper(name);
    return call(dialect_ == Dialect::python ? "_" + name : name, args);
  }

  void add_helper(const std::string& name) {
    if (!helpers_.insert(name).second) return;
    definitions_.push_back(helper_text(name));
  }

  std::string helper_text(const std::string& name) {
    const bool cpp = dialect_ == Dialect::cpp;
    if (name == "popcount") {
      return "static std::uint64_t popcount(std::uint64_t a) { return __builtin_popcountll(a); }";
    }
    if (name == "lowbit") {
      return "// The largest power of 2 dividing a (0 for 0).\n"
             "static std::uint64_t lowbit(std::uint64_t a) { return a & (~a + 1); }";
    }
    if (name == "bit_width") {
      return "static std::uint64_t bit_width(std::uint64_t a) {\n"
             "  return a == 0 ? 0 : 64 - __builtin_clzll(a);\n"
             "}";
    }
    if (name == "ceil_div") {
      return "static std::uint64_t ceil_div(std::uint64_t a, std::uint64_t b) {\n"
             "  return a / b + (a % b != 0);\n"
             "}";
    }
    if (name == "abs_diff") {
      return "static std::uint64_t abs_diff(std::uint64_t a, std::uint64_t b) {\n"
             "  return a > b ? a - b : b - a;\n"
             "}";
    }
    if (name == "nim_product") {
      if (cpp) {
        return "// The product of nimbers below 2^bits (bits a power of 2): with F = 2^(bits/2),\n"
               "// a = a1*F + a0 and F*F = F + F/2 in nim arithmetic (Conway, On Numbers and "
               "Games ch. 6).\n"
               "static std::uint64_t nim_product(std::uint64_t a, std::uint64_t b, int bits = "
               "64) {\n"
               "  if (a <= 1 || b <= 1) return a * b;\n"
               "  const int h = bits / 2;\n"
               "  const std::uint64_t low = (std::uint64_t{1} << h) - 1;\n"
               "  const std::uint64_t a0 = a & low, a1 = a >> h, b0 = b & low, b1 = b >> h;\n"
               "  const std::uint64_t c = nim_product(a0, b0, h), d = nim_product(a1, b1, h);\n"
               "  const std::uint64_t e = nim_product(a0 ^ a1, b0 ^ b1, h);\n"
               "  return ((e ^ c) << h) ^ c ^ nim_product(d, std::uint64_t{1} << (h - 1), h);\n"
               "}";
      }
      return "# The product of nimbers below 2**bits (bits a power of 2): with F = 2**(bits//2),\n"
             "# a = a1*F + a0 and F*F = F + F/2 in nim arithmetic (Conway, On Numbers and Games "
             "ch. 6).\n"
             "def _nim_product(a, b, bits=64):\n"
             "    if a <= 1 or b <= 1:\n"
             "        return a * b\n"
             "    h = bits // 2\n"
             "    a0, a1, b0, b1 = a & ((1 << h) - 1), a >> h, b & ((1 << h) - 1), b >> h\n"
             "    c, d = _nim_product(a0, b0, h), _nim_product(a1, b1, h)\n"
             "    e = _nim_product(a0 ^ a1, b0 ^ b1, h)\n"
             "    return ((e ^ c) << h) ^ c ^ _nim_product(d, 1 << (h - 1), h)";
    }
    if (name == "golden_floor") {
      if (cpp) {
        return "// floor(k*phi), phi = (1 + sqrt 5)/2, exactly for k <= 2^63: floor(k*sqrt 5) = 2k "
               "+ "
               "t, t the\n"
               "// largest with 5t^2 <= (k - 2t)^2 (Wythoff's a_k).\n"
               "static std::uint64_t golden_floor(std::uint64_t k) {\n"
               "  __extension__ typedef unsigned __int128 u128;\n"
               "  std::uint64_t lo = 0, hi = k / 4;\n"
               "  while (lo < hi) {\n"
               "    const std::uint64_t mid = lo + (hi - lo + 1) / 2;\n"
               "    const u128 rest = u128(k) - 2 * u128(mid);\n"
               "    if (u128(5) * mid * mid <= rest * rest) {\n"
               "      lo = mid;\n"
               "    } else {\n"
               "      hi = mid - 1;\n"
               "    }\n"
               "  }\n"
               "  return std::uint64_t((u128(k) + 2 * u128(k) + lo) / 2);\n"
               "}";
      }
      includes_.insert("from math import isqrt");
      return "# floor(k*phi), phi = (1 + sqrt 5)/2, exactly (Wythoff's a_k).\n"
             "def _golden_floor(k):\n"
             "    return (k + isqrt(5 * k * k)) // 2";
    }
    return {};
  }

  std::string next_name() { return table_name(tables_++); }

  /// A table's values for code: `static const std::uint64_t name[N] = {...};` or a tuple.
  std::string array(const std::string& name, const std::vector<Value>& values,
                    const std::string& indent) {
    if (dialect_ == Dialect::cpp) {
      return wrapped(indent + "static const std::uint64_t " + name + "[" +
                         std::to_string(values.size()) + "] = {",
                     numbers(values, dialect_), "};", indent + "    ");
    }
    return wrapped(name + " = (", numbers(values, dialect_), values.size() == 1 ? ",)" : ")",
                   "    ");
  }

  std::string table(const Formula& f) {
    const std::string name = next_name();
    const std::string index = expression(f.args()[0]);
    switch (dialect_) {
      case Dialect::text:
        definitions_.push_back(wrapped(name + " = [", numbers(f.values(), dialect_), "]", "    "));
        return name + "[" + index + "]";
      case Dialect::cpp:
        definitions_.push_back("static std::uint64_t table_" + name + "(std::uint64_t a) {\n" +
                               array("t", f.values(), "  ") + "\n  return t[a];\n}");
        return "table_" + name + "(" + index + ")";
      case Dialect::python:
        definitions_.push_back(array("_" + name, f.values(), ""));
        return "_" + name + "[" + index + "]";
    }
    return {};
  }

  std::string periodic(const Formula& f) {
    const std::uint64_t i = f.preperiod(), p = f.period();
    const Value s = f.saltus();
    const std::vector<Value> pre(f.values().begin(), f.values().begin() + static_cast<long>(i));
    const std::vector<Value> period(f.values().begin() + static_cast<long>(i), f.values().end());
    const std::string arg = expression(f.args()[0]);
    const std::string is = std::to_string(i), ps = std::to_string(p), ss = std::to_string(s);
    // The same sequence read at several places (the cutting game's strips at W and at H) is
    // defined once and named alike wherever it is read.
    const auto key = std::tuple(f.values(), i, s);
    const auto seen = periodic_names_.find(key);
    if (dialect_ == Dialect::text) {
      const std::string a = precedence(f.args()[0]) == kAtom ? arg : "(" + arg + ")";
      std::string pre_name, period_name;
      if (seen != periodic_names_.end()) {
        std::tie(pre_name, period_name) = seen->second;
      } else {
        pre_name = i > 0 ? next_name() : "";
        period_name = next_name();
        periodic_names_.emplace(key, std::pair(pre_name, period_name));
        if (i > 0)
          definitions_.push_back(wrapped(pre_name + " = [", numbers(pre, dialect_), "]", "    "));
        definitions_.push_back(
            wrapped(period_name + " = [", numbers(period, dialect_), "]", "    "));
      }
      const std::string shifted = i == 0 ? a : "(" + a + " - " + is + ")";
      std::string rest = period_name + "[" + shifted + " mod " + ps + "]";
      if (p == 1) rest = period_name + "[0]";
      if (s != 0) {
        const std::string k = p == 1 ? shifted : "floor(" + shifted + "/" + ps + ")";
        rest += " + " + (s == 1 ? "" : ss + "*") + k;
      }
      if (i == 0) return rest;
      return a + " < " + is + " ? " + pre_name + "[" + a + "] : " + rest;
    }
    const std::string prefix = dialect_ == Dialect::cpp ? "periodic_" : "_periodic_";
    if (seen != periodic_names_.end()) return prefix + seen->second.second + "(" + arg + ")";
    const std::string name = next_name();
    periodic_names_.emplace(key, std::pair(std::string(), name));
    if (dialect_ == Dialect::cpp) {
      std::string body = "static std::uint64_t periodic_" + name + "(std::uint64_t a) {\n";
      if (i > 0) body += array("preperiod", pre, "  ") + "\n";
      body += array("period", period, "  ") + "\n";
      if (i > 0) body += "  if (a < " + is + ") return preperiod[a];\n";
      const std::string shifted = i == 0 ? "a" : "(a - " + is + ")";
      body += "  return period[" + shifted + " % " + ps + "]";
      if (s != 0) body += " + " + ss + " * (" + shifted + " / " + ps + ")";
      definitions_.push_back(body + ";\n}");
      return "periodic_" + name + "(" + arg + ")";
    }
    std::string body;
    if (i > 0) body += array("_" + name + "_PREPERIOD", pre, "") + "\n";
    body += array("_" + name + "_PERIOD", period, "") + "\n\n\n";
    body += "def _periodic_" + name + "(a):\n";
    if (i > 0) body += "    if a < " + is + ":\n        return _" + name + "_PREPERIOD[a]\n";
    const std::string shifted = i == 0 ? "a" : "(a - " + is + ")";
    body += "    return _" + name + "_PERIOD[" + shifted + " % " + ps + "]";
    if (s != 0) body += " + " + ss + " * (" + shifted + " // " + ps + ")";
    definitions_.push_back(body);
    return "_periodic_" + name + "(" + arg + ")";
  }

  std::string runs(const Formula& f) {
    const std::string name = runs_ == 0 ? "R" : "R" + std::to_string(runs_ + 1);
    ++runs_;
    const std::string arg = expression(f.args()[0]);
    const std::vector<Value> starts(f.starts().begin(), f.starts().end());
    const std::string count = std::to_string(starts.size());
    switch (dialect_) {
      case Dialect::text: {
        definitions_.push_back(name + "(a), the value of the run holding a, by runs A..B g:");
        for (std::size_t j = 0; j < starts.size(); ++j) {
          std::string run = "  " + std::to_string(starts[j]) + "..";
          if (j + 1 < starts.size()) run += std::to_string(starts[j + 1] - 1);
          definitions_.push_back(run + " " + std::to_string(f.values()[j]));
        }
        return name + "(" + arg + ")";
      }
      case Dialect::cpp:
        includes_.insert("cstddef");
        definitions_.push_back(
            "// The value of the run holding a: value[j] from start[j] to the next start.\n"
            "static std::uint64_t runs_" +
            name + "(std::uint64_t a) {\n" + array("start", starts, "  ") + "\n" +
            array("value", f.values(), "  ") + "\n  std::size_t lo = 0, hi = " + count +
            ";  // start[lo] <= a < start[hi]\n"
            "  while (hi - lo > 1) {\n"
            "    const std::size_t mid = lo + (hi - lo) / 2;\n"
            "    if (start[mid] <= a) {\n"
            "      lo = mid;\n"
            "    } else {\n"
            "      hi = mid;\n"
            "    }\n"
            "  }\n"
            "  return value[lo];\n"
            "}");
        return "runs_" + name + "(" + arg + ")";
      case Dialect::python:
        includes_.insert("from bisect import bisect_right");
        definitions_.push_back(array("_" + name + "_START", starts, "") + "\n" +
                               array("_" + name + "_VALUE", f.values(), "") +
                               "\n\n\n# The value of the run holding a: _" + name +
                               "_VALUE[j] from _" + name +
                               "_START[j] to the next start.\n"
                               "def _runs_" +
                               name + "(a):\n    return _" + name + "_VALUE[bisect_right(_" + name +
                               "_START, a) - 1]");
        return "_runs_" + name + "(" + arg + ")";
    }
    return {};
  }

  std::string member(const Formula& f) {
    const std::string name = next_name();
    const std::vector<Value> set(f.starts().begin(), f.starts().end());
    switch (dialect_) {
      case Dialect::text: {
        std::vector<std::string> items = numbers(set, dialect_);
        std::string list;
        for (std::size_t j = 0; j < items.size(); ++j) list += (j ? ", " : "") + items[j];
        return operand(f.args()[0], f, false) + " in {" + list + "}";
      }
      case Dialect::cpp:
        definitions_.push_back(
            "// 1 when a is one of the numbers below (increasing), else 0.\n"
            "static std::uint64_t member_" +
            name + "(std::uint64_t a) {\n" + array("set", set, "  ") +
            "\n  std::size_t lo = 0, hi = " + std::to_string(set.size()) +
            ";\n"
            "  while (lo < hi) {\n"
            "    const std::size_t mid = lo + (hi - lo) / 2;\n"
            "    if (set[mid] < a) {\n"
            "      lo = mid + 1;\n"
            "    } else {\n"
            "      hi = mid;\n"
            "    }\n"
            "  }\n"
            "  return lo < " +
            std::to_string(set.size()) +
            " && set[lo] == a;\n"
            "}");
        includes_.insert("cstddef");
        return "member_" + name + "(" + expression(f.args()[0]) + ")";
      case Dialect::python:
        definitions_.push_back(wrapped("_" + name + " = frozenset((", numbers(set, dialect_),
                                       set.size() == 1 ? ",))" : "))", "    "));
        return "int(" + expression(f.args()[0]) + " in _" + name + ")";
    }
    return {};
  }

  Dialect dialect_;
  bool two_coordinates_;
  std::set<std::string> helpers_;
  std::set<std::string> includes_;
  std::vector<std::string> definitions_;
  std::size_t tables_ = 0;
  /// The periodic sequences defined so far, by their values, preperiod and saltus: the names of
  /// their preperiod and period tables (text), or of their function (code, the second).
  std::map<std::tuple<std::vector<Value>, std::uint64_t, Value>,
           std::pair<std::string, std::string>>
      periodic_names_;
  std::size_t runs_ = 0;
};

/// `comment` as comment lines of at most about 100 columns, each starting `mark`.
std::string commented(const std::string& comment, const std::string& mark) {
  std::string out;
  std::size_t at = 0;
  while (at < comment.size()) {
    const std::size_t end = std::min(comment.find('\n', at), comment.size());
    std::string line = mark;
    std::size_t word = at;
    while (word < end) {
      std::size_t next = comment.find(' ', word);
      if (next == std::string::npos || next > end) next = end;
      const std::string text = comment.substr(word, next - word);
      if (line.size() > mark.size() && line.size() + 1 + text.size() > 98) {
        out += line + "\n";
        line = mark + " ";
      } else {
        line += " ";
      }
      line += text;
      word = next + 1;
    }
    out += line + "\n";
    at = end + 1;
  }
  return out;
}

/// The expression of a form of the P-positions as a condition: a relation as it is, else
/// "!= 0" after it.
std::string condition(const Formula& f, const std::string& expression, Dialect dialect) {
  const bool relation = f.op() == Op::less || f.op() == Op::equal || f.op() == Op::member;
  if (!relation) return expression + " != 0";
  // `std::uint64_t(...)` and `int(...)` around a relation: the relation inside.
  const std::string wrap = dialect == Dialect::cpp ? "std::uint64_t(" : "int(";
  if (expression.starts_with(wrap) && expression.ends_with(")")) {
    return expression.substr(wrap.size(), expression.size() - wrap.size() - 1);
  }
  return expression + " != 0";
}

}  // namespace

FormulaText formula_text(const Formula& formula, bool two_coordinates) {
  Writer writer(Dialect::text, two_coordinates);
  FormulaText out;
  out.expression = writer.expression(formula);
  out.definitions = writer.definitions();
  return out;
}

std::string cpp_function(const ClosedForm& form, bool two_coordinates, const std::string& comment) {
  Writer writer(Dialect::cpp, two_coordinates);
  const std::string expression = writer.expression(form.formula);
  std::string out = commented(comment, "//");
  std::set<std::string> includes = writer.includes();
  includes.insert("cstdint");
  for (const std::string& header : includes) out += "#include <" + header + ">\n";
  out += "\n";
  for (const std::string& d : writer.definitions()) out += d + "\n\n";
  const std::string parameters =
      two_coordinates ? "std::uint64_t x, std::uint64_t y" : "std::uint64_t n";
  out += form.p_positions ? "bool is_p_position(" + parameters + ") {\n"
                          : "std::uint64_t grundy_value(" + parameters + ") {\n";
  // A form may not read every coordinate (g = x, a constant): say so, or -Wunused warns.
  if (!form.formula.uses_x())
    out += std::string("  (void)") + (two_coordinates ? "x" : "n") + ";\n";
  if (two_coordinates && !form.formula.uses_y()) out += "  (void)y;\n";
  out += "  return " +
         (form.p_positions ? condition(form.formula, expression, Dialect::cpp) : expression) +
         ";\n}\n";
  return out;
}

std::string python_function(const ClosedForm& form, bool two_coordinates,
                            const std::string& comment) {
  Writer writer(Dialect::python, two_coordinates);
  const std::string expression = writer.expression(form.formula);
  std::string out = commented(comment, "#");
  for (const std::string& line : writer.includes()) out += line + "\n";
  if (!writer.includes().empty()) out += "\n";
  for (const std::string& d : writer.definitions()) out += d + "\n\n\n";
  const std::string parameters = two_coordinates ? "x, y" : "n";
  out += std::string("def ") + (form.p_positions ? "is_p_position" : "grundy_value") + "(" +
         parameters + "):\n    return " +
         (form.p_positions ? condition(form.formula, expression, Dialect::python) : expression) +
         "\n";
  return out;
}

}  // namespace grundy
