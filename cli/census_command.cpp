// grundy census FAMILY | census report | census verify : whole families of games, classified,
// proven where possible, stored in an SQLite database (docs/census.md).
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <string>

#include "commands.hpp"
#include "common.hpp"
#include "grundy/census/census_database.hpp"
#include "grundy/census/census_document.hpp"
#include "grundy/census/census_family.hpp"
#include "grundy/census/census_mpi.hpp"
#include "grundy/census/census_report_data.hpp"
#include "grundy/census/census_run.hpp"
#include "grundy/census/census_verify.hpp"
#include "grundy/census/misere_census.hpp"
#include "grundy/core/atomic_file.hpp"
#include "grundy/core/error.hpp"
#include "grundy/engine/document.hpp"
#include "grundy/engine/engine.hpp"

namespace grundy::cli {
namespace {

struct CensusArgs {
  CommonOptions common;
  std::string family;
  std::string db = "census.db";
  std::string budget = "1048576,20";
  std::string extend = "33554432,60";
  std::string three_heap = "8192,20";
  std::string slice;  // FIRST,COUNT
  // --misere
  bool misere = false;
  std::string max_heap;  // --misere: empty, until Φ's period is proven
  std::string quotient_work = "200000000";
  // report
  std::string report_family;
  std::string format = "md";
  std::string out;
  // verify
  std::string verify_family;
  std::string max_work = "1000000000";
};

/// `VALUES[,SECONDS]`: values a whole number >= 1, seconds a number >= 0 (0: no limit).
void parse_budget(const std::string& option, const std::string& text, std::uint64_t& values,
                  double& seconds) {
  const std::size_t comma = text.find(',');
  values = parse_number_option(option, text.substr(0, comma), kMaxCoordinate);
  if (values == 0) throw Error(option + " '" + quote_excerpt(text) + "': at least 1 value");
  if (comma == std::string::npos) return;
  const std::string s = text.substr(comma + 1);
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size() || errno != 0 || !(v >= 0) || v > 1e9 ||
      !std::isdigit(static_cast<unsigned char>(s[0]))) {
    throw Error(option + " '" + quote_excerpt(text) +
                "': expected VALUES[,SECONDS], seconds a number from 0 (no limit) to 10^9");
  }
  seconds = v;
}

std::string duration_text(double seconds) {
  if (seconds < 100) return std::to_string(static_cast<int>(seconds + 0.5)) + " s";
  if (seconds < 6000) return std::to_string(static_cast<int>(seconds / 60 + 0.5)) + " min";
  return std::to_string(static_cast<int>(seconds / 3600 + 0.5)) + " h";
}

void show_progress(const CensusProgress& p) {
  std::string line = "census: " + std::to_string(p.done) + "/" + std::to_string(p.total) +
                     " games, " + duration_text(p.elapsed);
  if (p.eta) line += ", ETA " + duration_text(*p.eta);
  if (!p.current.empty()) {
    line += "; now";
    for (std::size_t k = 0; k < p.current.size() && k < 4; ++k) line += " " + p.current[k];
    if (p.current.size() > 4) line += " ...";
  }
  if (line.size() > 110) line.resize(110);
  std::fprintf(stderr, "\r%-110s", line.c_str());
  std::fflush(stderr);
  mark_progress_drawn();
}

CensusOptions census_options(const CensusArgs& args) {
  CensusOptions options;
  CensusBudget& b = options.budget;
  parse_budget("--budget", args.budget, b.values, b.seconds);
  parse_budget("--extend", args.extend, b.extended_values, b.extended_seconds);
  parse_budget("--three-heap", args.three_heap, b.three_heap_values, b.three_heap_seconds);
  if (!args.slice.empty()) {
    const std::size_t comma = args.slice.find(',');
    if (comma == std::string::npos) {
      throw Error("--slice '" + quote_excerpt(args.slice) + "': expected FIRST,COUNT");
    }
    options.slice =
        std::pair(parse_number_option("--slice", args.slice.substr(0, comma), kMaxCoordinate),
                  parse_number_option("--slice", args.slice.substr(comma + 1), kMaxCoordinate));
  }
  const EngineOptions engine = engine_options(args.common);
  options.threads = engine.threads;
  if (engine.max_memory) options.limits.max_memory_bytes = *engine.max_memory;
  options.warning = [](const std::string& w) {
    end_progress();
    std::cerr << "grundy: warning: " << w << '\n';
  };
  if (isatty(STDERR_FILENO)) options.progress = show_progress;
  options.stop = interrupt_flag();
  return options;
}

int run_misere_census_command(const CensusArgs& args, const CensusFamily& family) {
  MisereCensusOptions options;
  if (!args.max_heap.empty()) {
    options.max_heap = parse_number_option("--max-heap", args.max_heap, kMaxQuotientHeap);
  }
  options.max_work = parse_number_option("--max-work", args.quotient_work, ~std::uint64_t{0});
  const CensusOptions common = census_options(args);
  options.threads = common.threads;
  options.limits = common.limits;
  options.progress = common.progress;
  options.slice = common.slice;
  options.stop = interrupt_flag();
  stop_on_interrupt_or_terminate();  // a second Ctrl-C stops at once (committed results remain)
  std::optional<MisereCensusSummary> summary;
  try {
    summary = run_misere_census_on_ranks(family, args.db, options);
  } catch (const Interrupted& e) {
    end_progress();
    std::cerr << "grundy: " << e.what() << '\n';
    return 130;
  }
  end_progress();
  if (!summary) return 0;  // an MPI worker: rank 0 reports
  const MisereCensusSummary& s = *summary;
  if (args.common.json) {
    std::cout << dump_document(to_document(s, args.db, options.max_heap, options.max_work))
              << '\n';
    return 0;
  }
  std::cout << s.family << " (misère quotients "
            << (options.max_heap == kMaxQuotientHeap
                    ? std::string("until phi's period is proven")
                    : "to heap " + std::to_string(options.max_heap))
            << "): " << s.members << " codes, " << s.games << " distinct games; " << s.computed
            << " computed in this run, " << s.kept << " kept from earlier runs\n"
            << "tame " << s.tame << ", wild " << s.wild << ", not stabilised within "
            << options.max_work << " steps " << s.not_stabilised << "; proven for every heap size "
            << s.proven << "\n"
            << "database " << args.db << ", " << s.ranks << " rank(s) x " << s.threads
            << " thread(s), " << duration_text(s.seconds) << '\n';
  return 0;
}

int run_census_command(const CensusArgs& args) {
  const CensusFamily family = parse_census_family(args.family);
  if (args.misere) return run_misere_census_command(args, family);
  CensusOptions options = census_options(args);
  stop_on_interrupt_or_terminate();  // a second Ctrl-C stops at once (committed results remain)
  std::optional<CensusSummary> summary;
  try {
    summary = run_census_on_ranks(family, args.db, options);
  } catch (const Interrupted& e) {
    end_progress();
    std::cerr << "grundy: " << e.what() << '\n';
    return 130;
  }
  end_progress();
  if (!summary) return 0;  // an MPI worker: rank 0 reports
  const CensusSummary& s = *summary;
  if (args.common.json) {
    std::cout << dump_document(to_document(s, args.db)) << '\n';
    return 0;
  }
  std::cout << s.family << ": " << s.members << " codes, " << s.games << " distinct games; "
            << s.computed << " computed in this run, " << s.kept << " kept from earlier runs, "
            << s.derived << " derived from codes proven equal or offset\n"
            << "trivial " << s.trivial << ", solved " << s.solved << ", open " << s.open
            << "; equal values: " << s.proven_equivalences << " proven, " << s.observed_equivalences
            << " observed; " << s.near_misses << " near misses\n"
            << "database " << args.db << " (run " << s.run << "), " << s.ranks << " rank(s) x "
            << s.threads << " thread(s), " << duration_text(s.seconds) << '\n';
  return 0;
}

int run_report_command(const CensusArgs& args) {
  const ReportFormat format = report_format_from_name(args.format);
  const CensusDatabase database(args.db, CensusDatabase::Access::read_only);
  if (args.misere && args.report_family.empty() && database.families().empty()) {
    throw Error("census report --misere: name the family with --family (e.g. --family octal:3)");
  }
  const std::string family =
      args.report_family.empty() ? only_family(database) : args.report_family;
  const std::string text = args.misere
                               ? misere_census_report(database, parse_census_family(family), format)
                               : census_report(census_report_data(database, family), format);
  if (args.out.empty()) {
    std::cout << text;
  } else {
    write_file_atomically(args.out, text);
  }
  return 0;
}

int run_verify_command(const CensusArgs& args) {
  const std::uint64_t max_work =
      parse_number_option("--max-work", args.max_work, ~std::uint64_t{0});
  const CensusDatabase database(args.db, CensusDatabase::Access::read_only);
  std::function<void(std::uint64_t, std::uint64_t)> progress;
  if (isatty(STDERR_FILENO)) {
    progress = [](std::uint64_t done, std::uint64_t total) {
      std::fprintf(stderr, "\rcensus verify: %llu/%llu rows", static_cast<unsigned long long>(done),
                   static_cast<unsigned long long>(total));
      mark_progress_drawn();
    };
  }
  const CensusVerification v = verify_census(database, args.verify_family, max_work, progress);
  end_progress();
  if (args.common.json) {
    std::cout << dump_document(to_document(v, args.db)) << '\n';
  } else {
    for (const RowCheck& r : v.rows) {
      if (!r.holds) std::cout << "FAILED " << r.game << ": " << r.summary << '\n';
    }
    std::cout << v.certificates << " certificates: " << v.complete
              << " verified completely (every value the proof needs recomputed by mex), "
              << v.spot_checked << " by spot check; " << v.sequence_files
              << " open games' sequence files spot-checked; " << v.failed << " failed\n";
  }
  if (v.failed > 0) {
    throw Error(std::to_string(v.failed) + " row(s) of '" + args.db + "' fail verification");
  }
  return 0;
}

}  // namespace

Runner add_census_command(CLI::App& app) {
  auto args = std::make_shared<CensusArgs>();
  CLI::App* cmd = app.add_subcommand(
      "census", "Classify every game of a family (" + census_family_names() + ") into a database");
  const std::string footer =
      "\nEach game is computed within a budget and classified: trivial (a period proven from\n"
      "g(0..999)), solved (a proven period, with its certificate), or open (what its values\n"
      "show). Results go to an SQLite database as they come; the same command continues an\n"
      "interrupted census, and a larger --budget continues the open games from their values.\n"
      "Under mpirun the ranks share the games, with --misere too (rank 0 owns the database).\n"
      "See docs/census.md.\n"
      "\nExamples:\n"
      "  grundy census octal:3 --db octal3.db\n"
      "  grundy census report --db octal3.db --format html --out octal3.html\n"
      "  grundy census verify --db octal3.db\n"
      "  mpirun -np 4 grundy census octal:3 --db octal3.db --threads 1";
  // The families from their table (census_family.hpp), so that the help cannot miss one.
  std::string families = "\nFamilies:\n";
  for (const CensusFamilyKind& k : census_family_kinds()) {
    std::string line = "  " + std::string(k.name) + ":" + std::string(k.size) + " (" +
                       std::string(k.size) + " = 1.." + std::to_string(k.max) + ")";
    line.resize(std::max<std::size_t>(line.size() + 1, 26), ' ');
    families += line + std::string(k.members) + "\n";
  }
  cmd->footer(families + footer);
  cmd->add_option("family", args->family, "The family: " + census_family_names());
  cmd->add_option("--db", args->db, "The census database (default census.db)");
  cmd->add_option("--budget", args->budget,
                  "Per game: VALUES[,SECONDS], whichever comes first (default 1048576,20; "
                  "seconds 0: no limit)");
  cmd->add_option("--extend", args->extend,
                  "Games whose values look bounded are continued up to VALUES[,SECONDS] in all "
                  "(default 33554432,60)");
  cmd->add_option("--three-heap", args->three_heap,
                  "The budget of games whose moves leave three heaps (default 8192,20)");
  cmd->add_option("--slice", args->slice,
                  "Only the members FIRST..FIRST+COUNT-1 of the family (from 0, in its order)");
  cmd->add_flag("--misere", args->misere,
                "The misère quotient of every code instead (table misere_quotients; "
                "docs/census.md)");
  cmd->add_option("--max-heap", args->max_heap,
                  "With --misere: the quotient of the heaps 0..N of each game (default: until "
                  "phi's period is proven, the quotient of every heap size)");
  cmd->add_option("--max-work", args->quotient_work,
                  "With --misere: steps per game before it is stored as not stabilised "
                  "(default 2*10^8, about 2 s)");
  add_common_options(*cmd, args->common);
  cmd->add_option("--threads", args->common.threads,
                  "Games computed at once by this process (default 0: one per core)");

  CLI::App* report = cmd->add_subcommand("report", "Write the census report (md, csv or html)");
  report->add_option("--db", args->db, "The census database (default census.db)");
  report->add_option("--family", args->report_family,
                     "Which family (default: the database's only one)");
  report->add_option("--format", args->format, "md (default), csv or html");
  report->add_option("--out", args->out, "Write to FILE (default: stdout)");
  report->add_flag("--misere", args->misere,
                   "The misère quotients of the family's codes (from census --misere)");

  CLI::App* verify = cmd->add_subcommand(
      "verify", "Re-check every proven row's certificate, and the open games' sequence files");
  verify->add_option("--db", args->db, "The census database (default census.db)");
  verify->add_option("--family", args->verify_family, "Only this family's rows (default: all)");
  verify->add_option("--max-work", args->max_work,
                     "Options one row's check may visit before it becomes a spot check "
                     "(default 10^9)");
  verify->add_flag("--json", args->common.json, "Print one JSON document on stdout");
  cmd->require_subcommand(0, 1);
  return [args, report, verify] {
    if (report->parsed()) return run_report_command(*args);
    if (verify->parsed()) return run_verify_command(*args);
    if (args->family.empty()) {
      throw Error("census: name a family (" + census_family_names() + "), or report or verify");
    }
    return run_census_command(*args);
  };
}

}  // namespace grundy::cli
