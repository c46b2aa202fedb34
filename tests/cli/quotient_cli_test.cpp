// `grundy quotient` and misère solve through the quotient, through the command.
#include <gtest/gtest.h>

#include <string>

#include "cli_runner.hpp"

namespace grundy_test {
namespace {

using nlohmann::json;

TEST(CliQuotient, TameNimJson) {
  const json d = expect_json(run_grundy({"quotient", "nim", "--max-heap", "3", "--json"}));
  EXPECT_EQ(d["game"], "nim");
  EXPECT_EQ(d["play"], "misere");
  EXPECT_EQ(d["order"], 6);
  EXPECT_EQ(d["p_count"], 2);
  EXPECT_EQ(d["tame"], true);
  EXPECT_EQ(d["tame_quotient"], "T2");
  EXPECT_EQ(d["phi"].size(), 4u);
  EXPECT_EQ(d["orders"].size(), 4u);
  EXPECT_EQ(d["table"].size(), 6u);
  EXPECT_EQ(d["elements"][0], "1");
  EXPECT_EQ(d["periodicity"], "none");     // as the text's "periodicity: none seen"
  EXPECT_TRUE(d["phi_period"].is_null());  // heaps 0..3 of Nim: no period seen
}

TEST(CliQuotient, ProvenPeriodOfPhi) {
  // Kayles: Φ(n + 12) = Φ(n) from heap 71, proven once heaps 0..167 are in the quotient.
  const json proven =
      expect_json(run_grundy({"quotient", "kayles", "--max-heap", "170", "--json"}));
  EXPECT_EQ(proven["periodicity"], "proven");
  EXPECT_EQ(proven["phi_period"]["preperiod"], 71);
  EXPECT_EQ(proven["phi_period"]["period"], 12);
  EXPECT_EQ(proven["phi_period"]["proven"], true);
  EXPECT_EQ(proven["phi_period"]["heaps_needed"], 168);
  const RunResult text = run_grundy({"quotient", "kayles", "--max-heap", "170"});
  expect_success(text);
  EXPECT_CONTAINS(text.out, "to heap 170 (proven for every heap size: periodicity below)\n");
  EXPECT_CONTAINS(text.out,
                  "\nperiodicity: phi(n + 12) = phi(n) for n >= 71, proven (heaps 0..167 "
                  "suffice): the quotient of every heap size\n");
  // Below that, the same period is only observed, and the line says how far proof needs.
  const RunResult seen = run_grundy({"quotient", "kayles", "--max-heap", "120"});
  expect_success(seen);
  EXPECT_CONTAINS(seen.out, "(observed, not proven beyond)\n");
  EXPECT_CONTAINS(seen.out,
                  "\nperiodicity: phi(n + 12) = phi(n) for n >= 71, observed to heap 120 "
                  "(proving it needs heaps 0..167)\n");
  const json observed =
      expect_json(run_grundy({"quotient", "kayles", "--max-heap", "120", "--json"}));
  EXPECT_EQ(observed["periodicity"], "observed");
  EXPECT_EQ(observed["phi_period"]["proven"], false);
}

TEST(CliQuotient, AQuotientThatGrewAtItsLastHeapSaysSoOnce) {
  // 0.07 grows at every heap to 30: no "unchanged from there to heap 30", and the JSON's
  // periodicity is the text's.
  // --no-cache: a cached quotient would answer CliQuotient.Errors' refusals.
  const RunResult r = run_grundy({"quotient", "0.07", "--max-heap", "30", "--no-cache"});
  expect_success(r);
  EXPECT_CONTAINS(r.out, "\nlast grew at heap 30, the last heap computed (not known beyond)\n");
  EXPECT_EQ(r.out.find("unchanged from there to heap 30"), std::string::npos) << r;
  EXPECT_CONTAINS(r.out, "\nperiodicity: none seen to heap 30\n");
  const json d =
      expect_json(run_grundy({"quotient", "0.07", "--max-heap", "30", "--no-cache", "--json"}));
  EXPECT_EQ(d["periodicity"], "none");
  EXPECT_EQ(d["stable_from"], 30);
}

TEST(CliQuotient, TextLines) {
  const RunResult r = run_grundy({"quotient", "kayles", "--max-heap", "12"});
  expect_success(r);
  EXPECT_EQ(r.out.rfind("misère quotient of 0.77, heaps 0..12\norder ", 0), 0u) << r;
  const RunResult dawson = run_grundy({"quotient", "0.07", "--max-heap", "20"});
  expect_success(dawson);
  EXPECT_CONTAINS(dawson.out, "\norder 24, P-portion ");
  EXPECT_CONTAINS(dawson.out, "\nwild (not a quotient of misère Nim)\n");
  EXPECT_EQ(dawson.out.find("misere"), std::string::npos) << dawson;  // one spelling
  EXPECT_CONTAINS(r.out, "\ngenerators: a = heap 1");
  EXPECT_CONTAINS(r.out, "\nrelations: ");
  EXPECT_CONTAINS(r.out, "\nlast grew at heap ");
  EXPECT_CONTAINS(r.out, "\nphi: 0=1 1=a ");
  EXPECT_CONTAINS(r.out, "\nperiodicity: none seen to heap 12\n");
  // Last, whether it is the quotient of every heap size.
  EXPECT_CONTAINS(r.out, "\npartial: heaps 0..12, not known beyond\n");
  EXPECT_EQ(count_newlines(r.out), 10u) << r;
}

TEST(CliQuotient, CompleteByDefault) {
  // Without --max-heap: heaps are added until Φ's period is proven. 0.115 stopped at heap 30
  // before (order 20, read as final); its quotient of every heap size has 42 elements.
  const RunResult text = run_grundy({"quotient", "0.115", "--no-cache"});
  expect_success(text);
  EXPECT_EQ(text.out.substr(text.out.rfind('\n', text.out.size() - 2) + 1),
            "complete (proven for every heap size)\n")
      << text;
  const json d = expect_json(run_grundy({"quotient", "0.115", "--no-cache", "--json"}));
  EXPECT_EQ(d["complete"], true);
  EXPECT_EQ(d["order"], 42);
  EXPECT_EQ(d["p_count"], 12);
  EXPECT_EQ(d["periodicity"], "proven");
  EXPECT_TRUE(d["stopped"].is_null());
  // The heaps the proof needs, and at most the 15 more between two checks.
  const std::uint64_t needed = d["phi_period"]["heaps_needed"];
  EXPECT_GE(d["max_heap"].get<std::uint64_t>() + 1, needed);
  EXPECT_LT(d["max_heap"].get<std::uint64_t>(), needed + 16);
  const json kayles = expect_json(run_grundy({"quotient", "kayles", "--no-cache", "--json"}));
  EXPECT_EQ(kayles["complete"], true);
  EXPECT_EQ(kayles["order"], 40);
  // The budget ends first: the heaps verified, and what stopped the next one.
  const RunResult dawson =
      run_grundy({"quotient", "0.07", "--max-work", "100000000", "--no-cache"});
  expect_success(dawson);
  EXPECT_CONTAINS(dawson.out, "\npartial: heaps 0..");
  EXPECT_CONTAINS(dawson.out, ", not known beyond (heap ");
  EXPECT_CONTAINS(dawson.out,
                  " did not close: the misère quotient of 0.07 needs more than "
                  "1*10^8 steps, the work budget (--max-work)");
  const json partial = expect_json(
      run_grundy({"quotient", "0.07", "--max-work", "100000000", "--no-cache", "--json"}));
  EXPECT_EQ(partial["complete"], false);
  EXPECT_EQ(partial["stopped"]["heap"], partial["max_heap"].get<std::uint64_t>() + 1);
  EXPECT_EQ(partial["orders"].size(), partial["max_heap"].get<std::uint64_t>() + 1);
  // No theorem covers Nim: the heaps 0..30, partial, and the line says why.
  const RunResult nim = run_grundy({"quotient", "nim", "--no-cache"});
  expect_success(nim);
  EXPECT_CONTAINS(nim.out,
                  "\npartial: heaps 0..30, not known beyond (no periodicity theorem covers nim)\n");
  // Heaps past 3 of 0.001 have no move: the period is proven among them too (it ran to heap
  // 100000 when only heaps with a move were checked).
  const json few = expect_json(run_grundy({"quotient", "0.001", "--no-cache", "--json"}));
  EXPECT_EQ(few["complete"], true);
  EXPECT_LE(few["max_heap"], 16);
  // With --max-heap, a proven period still makes it complete.
  const json proven =
      expect_json(run_grundy({"quotient", "kayles", "--max-heap", "170", "--json"}));
  EXPECT_EQ(proven["complete"], true);
  EXPECT_EQ(proven["max_heap"], 170);
}

TEST(CliQuotient, Errors) {
  EXPECT_CONTAINS(expect_error(run_grundy({"quotient", "wythoff"})), "heap game");
  EXPECT_CONTAINS(expect_error(run_grundy({"quotient", "0.07", "--max-heap", "x"})), "--max-heap");
  EXPECT_CONTAINS(
      expect_error(run_grundy({"quotient", "0.07", "--max-heap", "30", "--max-work", "1000"})),
      "--max-work");
  // Stopped inside a heap that needs a new element: how far the quotient is verified, and what
  // the failed trials prove there (0.76 does not close heap 12).
  const std::string stalled = expect_error(
      run_grundy({"quotient", "0.76", "--max-heap", "12", "--max-work", "20000000", "--no-cache"}));
  EXPECT_CONTAINS(stalled,
                  "--max-work); verified to heap 11 (order 34); at heap 12 every sum with "
                  "fewer than ");
  EXPECT_CONTAINS(stalled, " heaps of 12 added has different outcomes)");
  EXPECT_CONTAINS(
      expect_error(run_grundy({"quotient", "0.07", "--max-heap", "30", "--max-memory", "1K"})),
      "quotient");
}

TEST(CliQuotient, SolveMisereThroughTheQuotient) {
  // Beyond the search's state budget, within the quotient's: the answer is the product of the
  // heaps' classes in the quotient the command prints.
  const json s = expect_json(
      run_grundy({"solve", "0.77:60 + 0.77:61", "--misere", "--max-states", "1000", "--json"}));
  const json q = expect_json(run_grundy({"quotient", "0.77", "--max-heap", "61", "--json"}));
  const int x = q["table"][q["phi"][60].get<int>()][q["phi"][61].get<int>()];
  bool in_p = false;
  for (const auto& p : q["p_portion"]) in_p = in_p || p.get<int>() == x;
  EXPECT_EQ(s["winner"], in_p ? "second" : "first") << s.dump();
  // Which quotient: Kayles' goes on past heap 61 to the proof of its period.
  EXPECT_EQ(s["decided_by"], "quotient");
  EXPECT_EQ(s["quotient"]["game"], "0.77");
  EXPECT_EQ(s["quotient"]["complete"], true);
  const RunResult text =
      run_grundy({"solve", "0.77:60 + 0.77:61", "--misere", "--max-states", "1000", "--no-cache"});
  expect_success(text);
  EXPECT_CONTAINS(text.out,
                  "\nby the misère quotient of 0.77: complete (proven for every heap size)\n");
  // 0.07's is verified past the sum's heaps but not proven: partial.
  const json dawson = expect_json(run_grundy(
      {"solve", "0.07:20 + 0.07:21 + 0.07:9", "--misere", "--max-states", "1000", "--json"}));
  EXPECT_EQ(dawson["decided_by"], "quotient");
  EXPECT_EQ(dawson["quotient"]["complete"], false);
  EXPECT_GE(dawson["quotient"]["max_heap"].get<int>(), 21);
}

}  // namespace
}  // namespace grundy_test
