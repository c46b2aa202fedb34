// Issue #14: misère quotients. Run through bench/quotient.sh.
//
//   quotient_bench quotient CODE N      computes the quotient of CODE to heap N once and prints
//                                        "CODE N order seconds" (the script takes the median of
//                                        process wall times around it)
//   quotient_bench versus CODE N HEAPS COUNT
//                                        COUNT random sums of HEAPS heaps <= N: the outcome through
//                                        the quotient against the exact search, side by side, in
//                                        one process; exit 1 when they disagree
//   quotient_bench frontier CODE N WORK  runs the quotient to heap N within WORK steps and, when
//                                        it stalls at a heap, prints what the failed trials
//                                        prove there: the bounds and every witness against
//                                        period 2 (docs/theory/misere-quotients.md)
//   quotient_bench proof CODE N          the quotient to heap N twice in one process: stopping
//                                        where Φ's period is proven (the default) and verifying
//                                        every heap; prints both times and the ratio, exit 1
//                                        when the two quotients differ
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "grundy/analysis/misere_quotient.hpp"
#include "grundy/core/error.hpp"
#include "grundy/solve/misere_search.hpp"
#include "grundy/spec/parser.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// A quotient to heap n with no work budget.
grundy::QuotientOptions to_heap(std::uint64_t n) {
  grundy::QuotientOptions options;
  options.max_heap = n;
  options.max_work = ~std::uint64_t{0};
  return options;
}

int quotient(const std::string& code, std::uint64_t n) {
  const auto game = grundy::parse_game(code);
  const grundy::QuotientOptions options = to_heap(n);
  const auto start = Clock::now();
  const grundy::MisereQuotient q = grundy::misere_quotient(*game, options);
  std::printf(
      "%s to heap %llu: order %u, |P| %llu, last grew at heap %llu, %llu candidates "
      "(largest %llu), heaps placed by interpolation %llu, by closure %llu, by verification "
      "%llu, %.3f s\n",
      code.c_str(), static_cast<unsigned long long>(n), q.monoid.order,
      static_cast<unsigned long long>(q.monoid.p_count()),
      static_cast<unsigned long long>(q.stable_from), static_cast<unsigned long long>(q.candidates),
      static_cast<unsigned long long>(q.largest_candidate),
      static_cast<unsigned long long>(q.placed_by_interpolation),
      static_cast<unsigned long long>(q.placed_by_closure),
      static_cast<unsigned long long>(q.placed_by_verification), since(start));
  std::printf("orders:");
  for (auto o : q.orders) std::printf(" %u", o);
  std::printf("\n");
  return 0;
}

int versus(const std::string& code, std::uint64_t n, std::size_t heaps, std::size_t count) {
  const auto game = grundy::parse_game(code);
  const grundy::QuotientOptions options = to_heap(n);
  auto start = Clock::now();
  const grundy::MisereQuotient q = grundy::misere_quotient(*game, options);
  const double build = since(start);

  std::mt19937_64 rng(14);
  std::uniform_int_distribution<std::uint64_t> heap(1, n);
  std::vector<std::vector<std::uint64_t>> sums(count, std::vector<std::uint64_t>(heaps));
  for (auto& s : sums) {
    for (auto& h : s) h = heap(rng);
  }
  start = Clock::now();
  std::vector<grundy::Outcome> fast;
  for (const auto& s : sums) fast.push_back(q.outcome(s));
  const double through_quotient = since(start);

  grundy::SearchOptions search;
  search.play = grundy::Play::misere;
  search.max_states = 200'000'000;
  start = Clock::now();
  std::size_t disagree = 0;
  for (std::size_t i = 0; i < sums.size(); ++i) {
    // A fresh search per sum, as `grundy solve --misere` does.
    grundy::Sum sum;
    for (auto h : sums[i]) sum.components.push_back({game, grundy::Position{h, 0}});
    if (grundy::solve_by_search(sum, search).outcome != fast[i]) ++disagree;
  }
  const double exact = since(start);
  std::printf(
      "%s, %zu sums of %zu heaps <= %llu: quotient %.6f s (+ %.3f s to build it), "
      "exact search %.3f s: %.0fx per sum (%.0fx with the build); %zu disagree\n",
      code.c_str(), count, heaps, static_cast<unsigned long long>(n), through_quotient, build,
      exact, exact / std::max(through_quotient, 1e-9), exact / (through_quotient + build),
      disagree);
  return disagree == 0 ? 0 : 1;
}

int frontier(const std::string& code, std::uint64_t n, std::uint64_t work) {
  grundy::QuotientOptions options;
  options.max_heap = n;
  options.max_work = work;
  try {
    const grundy::MisereQuotient q = grundy::misere_quotient(*grundy::parse_game(code), options);
    std::printf("%s to heap %llu: order %u, no stall\n", code.c_str(),
                static_cast<unsigned long long>(n), q.monoid.order);
    return 0;
  } catch (const grundy::QuotientStalled& e) {
    const grundy::QuotientFrontier& f = e.frontier();
    const auto h = static_cast<unsigned long long>(f.heap);
    std::printf(
        "%s: verified to heap %llu (order %u); at heap %llu: sums with fewer than %u heaps "
        "of %llu decided, phi(%llu) has >= %u distinct powers, |Q| >= %llu\n",
        code.c_str(), h - 1, f.verified_order, h, f.copies, h, h, f.distinct_powers,
        static_cast<unsigned long long>(f.order_at_least));
    for (const auto& w : f.witnesses) {
      std::string sum;
      for (std::uint64_t x : w.sum) sum += (sum.empty() ? "" : "+") + std::to_string(x);
      std::printf("  %llu^%u vs %llu^%u told apart by %s\n", h, w.copies, h, w.copies + 2,
                  sum.empty() ? "the empty sum" : sum.c_str());
    }
    return 0;
  }
}

int proof(const std::string& code, std::uint64_t n) {
  const auto game = grundy::parse_game(code);
  grundy::QuotientOptions options = to_heap(n);
  auto start = Clock::now();
  const grundy::MisereQuotient stopped = grundy::misere_quotient(*game, options);
  const double stopped_seconds = since(start);
  options.stop_at_proven_period = false;
  start = Clock::now();
  const grundy::MisereQuotient every = grundy::misere_quotient(*game, options);
  const double every_seconds = since(start);
  const bool same = stopped.phi == every.phi && stopped.orders == every.orders &&
                    stopped.monoid.table == every.monoid.table &&
                    stopped.monoid.p_portion == every.monoid.p_portion;
  std::printf(
      "%s to heap %llu (order %u): stopping at the proven period %.3f s, every heap "
      "verified %.3f s, ratio %.0fx; quotients %s\n",
      code.c_str(), static_cast<unsigned long long>(n), every.monoid.order, stopped_seconds,
      every_seconds, every_seconds / stopped_seconds, same ? "identical" : "DIFFER");
  return same ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (args.size() == 3 && args[0] == "quotient") {
      return quotient(args[1], std::stoull(args[2]));
    }
    if (args.size() == 5 && args[0] == "versus") {
      return versus(args[1], std::stoull(args[2]), std::stoul(args[3]), std::stoul(args[4]));
    }
    if (args.size() == 4 && args[0] == "frontier") {
      return frontier(args[1], std::stoull(args[2]), std::stoull(args[3]));
    }
    if (args.size() == 3 && args[0] == "proof") {
      return proof(args[1], std::stoull(args[2]));
    }
    std::fprintf(stderr,
                 "usage: quotient_bench quotient CODE N | versus CODE N HEAPS COUNT | frontier "
                 "CODE N WORK | proof CODE N\n");
    return 2;
  } catch (const grundy::Error& e) {
    std::fprintf(stderr, "quotient_bench: %s\n", e.what());
    return 2;
  }
}
