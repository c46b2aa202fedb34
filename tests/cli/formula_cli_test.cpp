// `grundy formula`: for every example game of every family, the form's C++ function (compiled
// with g++ -std=c++17 as printed, a small main after it) and its Python function (run by python3)
// give what `grundy seq` / `grundy table` give over a range, and what `grundy value` gives at
// huge positions where it answers; the text and JSON of the contract; errors.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "family_specs.hpp"
#include "temp_file.hpp"

namespace grundy_test {
namespace {

using nlohmann::json;

/// The heaps and cells the emitted functions are compared on: those `formula` checked, up to
/// these.
constexpr std::uint64_t kLastHeap = 1500;
constexpr std::uint64_t kLastCoordinate = 24;
/// Positions a theorem answers at any size.
const std::vector<std::uint64_t> kHugeHeaps = {1000000000000000000, 9223372036854775807,
                                               123456789012345678};
/// The period searches behind `formula` stop early (a few games search long and prove nothing).
const std::vector<std::string> kQuick = {"--max", "1000"};

/// A folder of its own for the test's sources and programs, removed afterwards.
class Workshop {
 public:
  Workshop() {
    dir_ = std::filesystem::temp_directory_path() /
           ("grundy-formula-test-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  ~Workshop() { std::filesystem::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  void write(const std::string& name, const std::string& text) const {
    std::ofstream(path(name)) << text;
  }
  std::string read(const std::string& name) const { return grundy::test::read_bytes(path(name)); }
  /// Runs `command` through the shell in the folder; its exit status.
  int run(const std::string& command) const {
    return std::system(("cd '" + dir_.string() + "' && " + command).c_str());
  }

 private:
  std::filesystem::path dir_;
};

/// A game whose form was found: what to compare its functions with.
struct Case {
  std::string spec{};
  bool two = false;
  bool p_positions = false;
  std::string cpp{};
  std::string python{};
  /// The positions, one line each (`n` or `x y`), and the values `grundy` gives there.
  std::vector<std::string> positions{};
  std::vector<std::uint64_t> expected{};
};

std::string function_name(const Case& c) {
  return c.p_positions ? "is_p_position" : "grundy_value";
}

/// `grundy formula SPEC --json` for every example, and the values to compare its functions with.
std::vector<Case> cases_of_every_family() {
  std::vector<Case> cases;
  for (const std::string& spec : grundy::test::family_example_specs()) {
    SCOPED_TRACE(spec);
    // A heap game is checked on the default sample (smaller where its table is slow), a game of
    // two coordinates on --rows; any other is refused.
    std::vector<std::string> args = {"formula", spec, "--json"};
    args.insert(args.end(), kQuick.begin(), kQuick.end());
    RunResult r = run_grundy(args);
    if (r.exit_code == 2 && r.err.find("formula needs a game whose positions are heap sizes or two "
                                       "coordinates") != std::string::npos) {
      continue;  // graphs, boards, lists of more than two numbers
    }
    expect_success(r);
    json doc = json::parse(r.out);
    const bool two = doc["position"] != "n";
    if (two) {
      args.insert(args.end(), {"--rows", std::to_string(kLastCoordinate)});
      r = run_grundy(args);
      expect_success(r);
      doc = json::parse(r.out);
    }
    Case c{.spec = spec, .two = two};
    EXPECT_EQ(doc["game"].is_string(), true);
    if (!doc["found"].get<bool>()) {
      EXPECT_TRUE(doc["cpp"].is_null());
      EXPECT_FALSE(doc["not_proven"].is_null()) << "a game without a form proves nothing";
      continue;
    }
    c.p_positions = doc["of"] == "p_positions";
    c.cpp = doc["cpp"];
    c.python = doc["python"];
    const auto expect = [&](const std::string& position, std::uint64_t g) {
      c.positions.push_back(position);
      c.expected.push_back(c.p_positions ? (g == 0 ? 1 : 0) : g);
    };
    if (c.two) {
      const RunResult t =
          run_grundy({"table", spec, "--rows", std::to_string(kLastCoordinate), "--json"});
      expect_success(t);
      const json table = json::parse(t.out);
      for (std::size_t x = 0; x < table["values"].size(); ++x) {
        for (std::size_t y = 0; y < table["values"][x].size(); ++y) {
          const json& v = table["values"][x][y];
          if (!v.is_null())
            expect(std::to_string(x) + " " + std::to_string(y), v.get<std::uint64_t>());
        }
      }
    } else {
      const std::uint64_t from = doc["checked"]["from"];
      const std::uint64_t to = std::min(doc["checked"]["to"].get<std::uint64_t>(), kLastHeap);
      const RunResult s = run_grundy(
          {"seq", spec, "--from", std::to_string(from), "--to", std::to_string(to), "--json"});
      expect_success(s);
      const json seq = json::parse(s.out);
      for (std::size_t i = 0; i < seq["values"].size(); ++i) {
        expect(std::to_string(from + i), seq["values"][i].get<std::uint64_t>());
      }
      // A proven form answers any heap, as `value` does through the same theorem.
      if (doc["proven"].get<bool>()) {
        for (const std::uint64_t n : kHugeHeaps) {
          const RunResult v = run_grundy({"value", spec, std::to_string(n), "--max", "1000"});
          expect_success(v);
          if (v.exit_code == 0) expect(std::to_string(n), std::stoull(v.out));
        }
      }
    }
    cases.push_back(std::move(c));
  }
  return cases;
}

/// The values of one line of output per position.
std::vector<std::uint64_t> numbers_of(const std::string& text) {
  std::vector<std::uint64_t> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(std::stoull(line));
  return out;
}

std::string joined_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& line : lines) out += line + "\n";
  return out;
}

TEST(FormulaCommand, EmittedFunctionsGiveTheValuesOfEveryFamily) {
  const std::vector<Case> cases = cases_of_every_family();
  // Every kind of game has its form among them: heaps and two coordinates, g and P-positions.
  std::map<std::string, bool> seen;
  for (const Case& c : cases) {
    seen[c.two ? "two" : "heaps"] = true;
    if (c.p_positions) seen["p_positions"] = true;
  }
  EXPECT_EQ(seen.size(), 3u);
  EXPECT_GT(cases.size(), 40u);

  Workshop shop;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    SCOPED_TRACE(c.spec);
    const std::string name = "f" + std::to_string(i);
    shop.write(name + ".in", joined_lines(c.positions));
    // C++: the function as printed, then a main reading positions.
    const std::string read =
        c.two ? "std::scanf(\"%llu %llu\", &x, &y) == 2" : "std::scanf(\"%llu\", &x) == 1";
    shop.write(name + ".cpp", c.cpp + "\n#include <cstdio>\nint main() {\n" +
                                  "  unsigned long long x = 0" + (c.two ? ", y = 0" : "") +
                                  ";\n  while (" + read +
                                  ") {\n    std::printf(\"%llu\\n\", (unsigned long long)" +
                                  function_name(c) + (c.two ? "(x, y)" : "(x)") + ");\n  }\n}\n");
    ASSERT_EQ(shop.run(std::string(GRUNDY_TEST_CXX) +
                       " -std=c++17 -Wall -Wextra -Werror -pedantic -O1 -o " + name + " " + name +
                       ".cpp 2> " + name + ".err"),
              0)
        << shop.read(name + ".err") << c.cpp;
    ASSERT_EQ(shop.run("./" + name + " < " + name + ".in > " + name + ".out"), 0);
    const std::vector<std::uint64_t> from_cpp = numbers_of(shop.read(name + ".out"));
    ASSERT_EQ(from_cpp.size(), c.expected.size());
    for (std::size_t k = 0; k < from_cpp.size(); ++k) {
      ASSERT_EQ(from_cpp[k], c.expected[k]) << "C++ at " << c.positions[k] << "\n" << c.cpp;
    }
    // Python: the function as printed, then a loop reading positions.
    shop.write(name + ".py", c.python +
                                 "\n\nimport sys\nfor line in sys.stdin:\n"
                                 "    print(int(" +
                                 function_name(c) + "(*[int(t) for t in line.split()])))\n");
    ASSERT_EQ(shop.run(std::string(GRUNDY_TEST_PYTHON) + " " + name + ".py < " + name + ".in > " +
                       name + ".pyout 2> " + name + ".err"),
              0)
        << shop.read(name + ".err") << c.python;
    const std::vector<std::uint64_t> from_python = numbers_of(shop.read(name + ".pyout"));
    ASSERT_EQ(from_python.size(), c.expected.size());
    for (std::size_t k = 0; k < from_python.size(); ++k) {
      ASSERT_EQ(from_python[k], c.expected[k]) << "Python at " << c.positions[k] << "\n"
                                               << c.python;
    }
  }
}

TEST(FormulaCommand, TextNamesTheFormTheProofAndTheRangeChecked) {
  RunResult r = run_grundy({"formula", "sub(1,2,3)"});
  expect_success(r);
  EXPECT_EQ(r.out,
            "sub(1,2,3): g(n) = n mod 4\n"
            "form: n mod p\n"
            "proven: finite subtraction set with max(S) = 3, so g(n) depends only on the 3 values "
            "before it; g(n+p) = g(n) holds for 0 <= n < 3 (g(0..15) computed)\n"
            "checked: g(0..99999), every one of its 100000 positions agrees\n");
  r = run_grundy({"formula", "kayles", "--to", "200"});
  expect_success(r);
  EXPECT_TRUE(
      r.out.starts_with("0.77: g(n) = n < 71 ? A[n] : B[(n - 71) mod 12]\n  A = [0, 1, 2, 3"))
      << r.out;
  EXPECT_NE(r.out.find("\n  B = [7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2]\nform: periodic\nproven: "
                       "periodicity theorem for take-and-break games (Guy-Smith"),
            std::string::npos)
      << r.out;
  EXPECT_TRUE(r.out.ends_with("checked: g(0..200), every one of its 201 positions agrees\n"));
  // Observed: no theorem covers sub(factorials); the range it holds on is named.
  r = run_grundy({"formula", "sub(factorials)", "--to", "2000"});
  expect_success(r);
  EXPECT_NE(r.out.find("\nform: periodic\nobserved: not proven (no periodicity theorem covers "),
            std::string::npos)
      << r.out;
  // None: the forms tried fit nothing, and nothing is claimed.
  r = run_grundy({"formula", "sub(squares)", "--to", "2000"});
  expect_success(r);
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "sub(squares): no closed form found");
  EXPECT_NE(r.out.find("checked: g(0..2000); none of the forms fits\n"), std::string::npos);
  // No values at all (a table of even 1024 of them takes over a second): nothing checked.
  r = run_grundy({"formula", "hex(0.(F))"});
  expect_success(r);
  EXPECT_TRUE(
      r.out.starts_with("hex(0.(F)): no closed form found\n"
                        "checked: nothing (a table of g(0..1023) needs about "))
      << r.out;
  EXPECT_NE(r.out.find("more than a second of work: --to 1023 computes it)\nproven: nothing ("),
            std::string::npos)
      << r.out;
  // P-positions, proven.
  r = run_grundy({"formula", "wythoff", "--rows", "20"});
  expect_success(r);
  EXPECT_TRUE(
      r.out.starts_with("wythoff: P-positions: min(x, y) == floor(|x - y|*phi)\n"
                        "form: Wythoff pairs\nproven: Wythoff's theorem"))
      << r.out;
  EXPECT_TRUE(
      r.out.ends_with("checked: g(x,y) for x = 0..20, y = 0..20, every one of its 441 "
                      "positions agrees\n"))
      << r.out;
  // The runs of a division game, to 2^63-1.
  r = run_grundy({"formula", "div(2,3,4,5,6)", "--to", "100"});
  expect_success(r);
  EXPECT_NE(r.out.find("\n    6..11 0\n"), std::string::npos) << r.out;
  EXPECT_EQ(count_newlines(r.out), 1 + 1 + 72 + 3u) << r.out;
}

TEST(FormulaCommand, JsonDocument) {
  RunResult r = run_grundy({"formula", "ruler", "--json", "--to", "100"});
  expect_success(r);
  const json doc = json::parse(r.out);
  EXPECT_EQ(doc["game"], "ruler");
  EXPECT_EQ(doc["position"], "n");
  EXPECT_EQ(doc["found"], true);
  EXPECT_EQ(doc["of"], "g");
  EXPECT_EQ(doc["form"], "ruler");
  EXPECT_EQ(doc["formula"], "n & -n");
  EXPECT_EQ(doc["definitions"], json::array());
  EXPECT_EQ(doc["proven"], true);
  EXPECT_TRUE(doc["proof"].get<std::string>().starts_with("Ruler: "));
  EXPECT_TRUE(doc["not_proven"].is_null());
  EXPECT_EQ(doc["checked"], json({{"from", 0}, {"to", 100}}));
  EXPECT_EQ(doc["positions_checked"], 101);
  EXPECT_NE(doc["cpp"].get<std::string>().find("std::uint64_t grundy_value(std::uint64_t n)"),
            std::string::npos);
  EXPECT_NE(doc["python"].get<std::string>().find("def grundy_value(n):"), std::string::npos);
  r = run_grundy({"formula", "digits", "--json", "--to", "3000"});
  expect_success(r);
  const json none = json::parse(r.out);
  EXPECT_EQ(none["found"], false);
  for (const char* key : {"of", "form", "formula", "proof", "cpp", "python"}) {
    EXPECT_TRUE(none[key].is_null()) << key;
  }
  EXPECT_EQ(none["proven"], false);
  EXPECT_NE(none["not_proven"].get<std::string>().find("no periodicity theorem covers digits"),
            std::string::npos);
  r = run_grundy({"formula", "cut", "--json", "--rows", "2..9", "--cols", "2..20"});
  expect_success(r);
  const json grid = json::parse(r.out);
  EXPECT_EQ(grid["position"], "xXy");
  EXPECT_EQ(grid["checked"],
            json({{"rows", {{"from", 2}, {"to", 9}}}, {"cols", {{"from", 2}, {"to", 20}}}}));
  EXPECT_EQ(grid["positions_checked"], 8 * 19);
}

TEST(FormulaCommand, LangPrintsOnlyTheFunction) {
  RunResult r = run_grundy({"formula", "sub(1,2,3)", "--lang", "cpp"});
  expect_success(r);
  EXPECT_EQ(r.out,
            "// g of sub(1,2,3): n mod 4 (n mod p), written by grundy formula.\n"
            "// Proven: finite subtraction set with max(S) = 3, so g(n) depends only on the 3 "
            "values before it;\n"
            "// g(n+p) = g(n) holds for 0 <= n < 3 (g(0..15) computed)\n"
            "#include <cstdint>\n\n"
            "std::uint64_t grundy_value(std::uint64_t n) {\n  return (n % 4);\n}\n");
  r = run_grundy({"formula", "sub(1,2,3)", "--lang", "python"});
  expect_success(r);
  EXPECT_TRUE(r.out.ends_with("def grundy_value(n):\n    return (n % 4)\n")) << r.out;
}

TEST(FormulaCommand, BadInputIsOneLineAndExitTwo) {
  const auto error = [](const std::vector<std::string>& args) {
    return expect_error(run_grundy(args));
  };
  EXPECT_EQ(error({"formula", "kayles", "--lang", "java"}),
            "--lang must be cpp or python, not 'java'");
  EXPECT_EQ(error({"formula", "kayles", "--lang", "cpp", "--json"}),
            "--json and --lang cpp are two different outputs (the JSON holds both functions); "
            "choose one");
  EXPECT_EQ(error({"formula", "kayles", "--rows", "5"}),
            "--rows and --cols are for games of two coordinates; the positions of 0.77 are heap "
            "sizes (--to N checks g(0..N))");
  EXPECT_EQ(error({"formula", "wythoff", "--to", "5"}),
            "--to is for heap games; the positions of wythoff are two coordinates (--rows R "
            "--cols C)");
  EXPECT_EQ(error({"formula", "wythoff", "--cols", "5"}), "--cols needs --rows");
  EXPECT_EQ(error({"formula", "multiply(2..9,100)", "--to", "0"}),
            "--to 0 is below multiply(2..9,100)'s first position 1");
  EXPECT_EQ(error({"formula", "kayles", "--to", "-1"}).substr(0, 4), "--to");
  EXPECT_EQ(error({"formula", "nodekayles"}).substr(0, 60),
            "formula needs a game whose positions are heap sizes or two c");
  EXPECT_EQ(error({"formula", "sub(squares)", "--lang", "cpp", "--to", "500"}),
            "no closed form of sub(squares) fits g(0..500); there is no function to write");
  EXPECT_EQ(error({"formula", "sub(1,"}).substr(0, 14), "spec column 7:");
}

}  // namespace
}  // namespace grundy_test
