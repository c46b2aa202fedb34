// grundy seq GAME --to N [--from A] : the nim-sequence g(A), ..., g(N) of a heap game; with
// --out FILE into a sequence file (resumable), with --in FILE read back from one.
#include <chrono>
#include <csignal>
#include <iostream>
#include <optional>
#include <string>
#include <utility>

#include "commands.hpp"
#include "common.hpp"
#include "grundy/core/atomic_file.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/sequence_file.hpp"
#include "grundy/engine/document.hpp"
#include "grundy/engine/engine.hpp"
#include "grundy/rules/game.hpp"

namespace grundy::cli {
namespace {

struct SeqArgs {
  CommonOptions common;
  std::string game;
  std::string from = "0";
  std::string to;
  std::string max = kDefaultMax;
  std::string max_states = std::to_string(kDefaultMaxStates);
  bool no_cache = false;
  bool misere = false;
  std::string plot;  // --plot FILE.svg
  std::string out;   // --out FILE: a sequence file
  std::string in;    // --in FILE: read a sequence file
  std::string format = "text";
  std::string checkpoint;  // --checkpoint S (with --out; empty: 60 seconds)
  bool log_x = false;      // --log-x
  bool runs = false;       // --runs: maximal runs of equal values
};

/// Prints g(from..to) as text (one line), JSON (the contract), an OEIS b-file or CSV; streamed,
/// so a long sequence is never held twice in memory.
class SequencePrinter {
 public:
  SequencePrinter(const SeqArgs& args, const std::string& game, std::uint64_t from,
                  std::uint64_t to)
      : json_(args.common.json), format_(args.format), from_(from) {
    if (json_) {
      // The document of grundy.seq (engine/document.hpp), streamed value by value.
      document_ = streamed_document(SequenceAnswer{game, from, to, {}});
      out_ += document_.head;
    } else if (format_ == "csv") {
      out_ += "n,g\n";
    } else if (format_ == "bfile") {
      out_ += "# g(n) of " + game + " for n = " + std::to_string(from) + ".." + std::to_string(to) +
              " (grundy)\n";
    }
  }
  void add(std::uint64_t n, Value v) {
    if (json_) {
      if (n != from_) out_ += ',';
      out_ += dump_document(v);  // above 2^53: a string (the contract)
    } else if (format_ == "csv") {
      out_ += std::to_string(n) + ',' + std::to_string(v) + '\n';
    } else if (format_ == "bfile") {
      out_ += std::to_string(n) + ' ' + std::to_string(v) + '\n';
    } else {
      if (n != from_) out_ += ' ';
      out_ += std::to_string(v);
    }
    if (out_.size() > (1u << 16)) flush();
  }
  void finish() {
    if (json_) out_ += document_.tail + "\n";
    if (!json_ && format_ == "text") out_ += '\n';
    flush();
  }

 private:
  void flush() {
    std::cout << out_;
    out_.clear();
  }
  bool json_;
  StreamedDocument document_;
  std::string format_;
  std::uint64_t from_;
  std::string out_;
};

/// Prints g(from..to), value_of(n) each, and draws the --plot if asked.
template <class ValueOf>
void print_sequence(const SeqArgs& args, const std::string& game, std::uint64_t from,
                    std::uint64_t to, ValueOf value_of) {
  std::optional<SequencePlot> plot;
  if (!args.plot.empty()) plot.emplace(from, to, args.log_x ? PlotScale::log : PlotScale::linear);
  SequencePrinter printer(args, game, from, to);
  for (std::uint64_t n = from;; ++n) {
    const Value v = value_of(n);
    printer.add(n, v);
    if (plot) plot->add(n, v);
    if (n == to) break;
  }
  printer.finish();
  if (plot) {
    write_file_atomically(args.plot, plot->svg(sequence_plot_title(game, from, to)));
  }
}

/// --out FILE: g(0..to) into a sequence file, continuing what it holds; a one-line summary.
int run_seq_to_file(const SeqArgs& args, const Engine& engine,
                    const std::shared_ptr<const Game>& game, std::uint64_t to,
                    std::uint64_t checkpoint_seconds) {
  stop_on_interrupt_or_terminate();  // a second Ctrl-C stops at once (the last checkpoint remains)
  SequenceFileAnswer answer;
  try {
    answer = engine.write_sequence(game, args.out, to, std::chrono::seconds(checkpoint_seconds),
                                   interrupt_flag());
  } catch (const Interrupted& e) {
    std::cerr << "grundy: " << e.what() << '\n';
    return 130;
  }
  if (args.common.json) {
    std::cout << dump_document(to_document(answer)) << '\n';
    return 0;
  }
  const SequenceRunResult& result = answer.run;
  std::string line = "g(0.." + std::to_string(result.count - 1) + ") of " + game->name() + " in " +
                     args.out + ": " + std::to_string(result.count) + " values, " +
                     std::to_string(result.value_bytes) +
                     (result.value_bytes == 1 ? " byte" : " bytes") + " each";
  if (result.resumed_at > 0) line += ", continued after " + std::to_string(result.resumed_at);
  if (result.rare_count) line += ", " + std::to_string(*result.rare_count) + " rare";
  if (result.periodicity) {
    line += ", preperiod " + std::to_string(result.periodicity->preperiod) + " period " +
            std::to_string(result.periodicity->period) + " (the values past it from the period)";
  }
  std::cout << line << '\n';
  return 0;
}

/// --in FILE: the values a sequence file holds.
int run_seq_from_file(const SeqArgs& args) {
  const Engine engine(engine_options(args.common), terminal_reporter());
  const std::shared_ptr<const Game> game = args.game.empty() ? nullptr : Engine::game(args.game);
  const std::unique_ptr<SequenceFile> file = engine.open_sequence(args.in, game.get());
  if (file->count() == 0) throw Error("'" + quote_excerpt(args.in) + "' holds no values yet");
  if (!file->complete()) {
    std::cerr << "grundy: warning: '" << args.in
              << "' is unfinished (an interrupted run); it holds g(0.." << file->count() - 1
              << ")\n";
  }
  const std::uint64_t last = file->count() - 1;
  const std::uint64_t to =
      args.to.empty() ? last : parse_number_option("--to", args.to, kMaxCoordinate);
  const std::uint64_t from = parse_number_option("--from", args.from, kMaxCoordinate);
  if (from > to) {
    throw Error("--from " + std::to_string(from) + " is above --to " + std::to_string(to));
  }
  if (to > last) {
    throw Error("'" + quote_excerpt(args.in) + "' holds g(0.." + std::to_string(last) + "); --to " +
                std::to_string(to) + " is beyond it");
  }
  if (!args.plot.empty()) check_plot_path(args.plot);
  print_sequence(args, file->game(), from, to, [&](std::uint64_t n) { return file->at(n); });
  return 0;
}

int run_seq(const SeqArgs& args) {
  // --checkpoint is checked whatever else is asked: a bad value is never silently ignored.
  std::uint64_t checkpoint_seconds = 60;
  if (!args.checkpoint.empty()) {
    checkpoint_seconds = parse_number_option("--checkpoint", args.checkpoint, 86400);
    if (args.out.empty()) {
      throw Error(
          "--checkpoint goes with --out (how often a sequence file being written is "
          "saved)");
    }
  }
  if (args.format != "text" && args.format != "csv" && args.format != "bfile") {
    throw Error("--format must be text, csv or bfile, not '" + args.format + "'");
  }
  if (args.common.json && args.format != "text") {
    throw Error("--json and --format " + args.format + " are two different outputs; choose one");
  }
  if (!args.in.empty()) {
    if (!args.out.empty()) throw Error("--in and --out do not go together");
    if (args.runs) throw Error("--runs does not go with --in");
    if (args.misere) throw Error("--misere does not go with --in: a sequence file holds values");
    return run_seq_from_file(args);
  }
  if (args.game.empty()) throw Error("seq needs a GAME (or --in FILE)");
  if (args.to.empty()) throw Error("seq needs --to N");
  if (args.runs) {
    for (const auto& [given, name] :
         {std::pair{!args.out.empty(), "--out"}, std::pair{args.misere, "--misere"},
          std::pair{!args.plot.empty(), "--plot"}, std::pair{args.format != "text", "--format"}}) {
      if (given) throw Error(std::string("--runs does not go with ") + name);
    }
  }
  const std::shared_ptr<const Game> game = Engine::game(args.game);
  const std::uint64_t to = parse_number_option("--to", args.to, kMaxCoordinate);
  const std::uint64_t from = parse_number_option("--from", args.from, kMaxCoordinate);
  EngineOptions options = engine_options(args.common, args.max, args.no_cache);
  if (args.misere) {
    options.max_states = parse_number_option("--max-states", args.max_states, kMaxCoordinate);
  }
  if (from > to) {
    throw Error("--from " + std::to_string(from) + " is above --to " + std::to_string(to));
  }
  const Engine engine(options, terminal_reporter());
  if (args.misere && !args.plot.empty()) {
    throw Error("--plot draws Grundy values; it does not go with --misere (genus sequences)");
  }
  if (!args.out.empty()) {
    if (args.misere) throw Error("--out writes Grundy values; it does not go with --misere");
    if (from != 0) {
      throw Error("--from does not go with --out: a sequence file always starts at g(0)");
    }
    if (!args.plot.empty()) {
      throw Error("--plot does not go with --out; plot from the file with seq --in FILE --plot");
    }
    if (args.format != "text") throw Error("--format does not go with --out");
    return run_seq_to_file(args, engine, game, to, checkpoint_seconds);
  }
  if (args.misere && args.format != "text") {
    throw Error("--format " + args.format + " does not go with --misere (genus sequences)");
  }
  if (!args.plot.empty()) check_plot_path(args.plot);
  if (args.misere) {
    // The genus sequence: g^{gamma0 gamma1 ...} per heap (genus.hpp), text `0^120`,
    // JSON [g, [gamma0, gamma1, ...]].
    GenusSequence genera = engine.genus_sequence(game, from, to);
    // The document of grundy.genus (engine/document.hpp), streamed heap by heap.
    const StreamedDocument document = streamed_document(GenusAnswer{game->name(), from, to, {}});
    std::string out = args.common.json ? document.head : std::string();
    for (std::uint64_t n = from;; ++n) {
      const Genus genus = genera.at(n);
      if (n != from) out += args.common.json ? ',' : ' ';
      out += args.common.json ? dump_document(to_document(genus)) : format_genus(genus);
      if (out.size() > (1u << 16)) {
        end_progress();
        std::cout << out;
        out.clear();
      }
      if (n == to) break;
    }
    out += args.common.json ? document.tail + "\n" : "\n";
    end_progress();
    std::cout << out;
    return 0;
  }
  if (args.runs) {
    // One line per maximal run of equal values: `A..B v`, or `A v` for a run of one heap.
    const RunsAnswer answer = engine.runs(game, from, to);
    end_progress();
    if (args.common.json) {
      std::cout << dump_document(to_document(answer)) << '\n';
      return 0;
    }
    std::string out;
    for (const ValueRun& r : answer.runs) {
      out += std::to_string(r.from);
      if (r.to != r.from) out += ".." + std::to_string(r.to);
      out += ' ' + std::to_string(r.value) + '\n';
    }
    std::cout << out;
    return 0;
  }
  SequenceValues values = engine.sequence(game, from, to);
  print_sequence(args, game->name(), from, to, [&](std::uint64_t n) { return values.at(n); });
  return 0;
}

}  // namespace

Runner add_seq_command(CLI::App& app) {
  auto args = std::make_shared<SeqArgs>();
  CLI::App* cmd = app.add_subcommand("seq", "The nim-sequence g(A), ..., g(N) of a heap game");
  cmd->footer(
      "\nExamples:\n"
      "  grundy seq grundy --to 30\n"
      "  grundy seq kayles --from 70 --to 100 --json\n"
      "  grundy seq 0.312 --to 10 --misere   (genus sequence: g^gamma0gamma1..., e.g. 0^120)\n"
      "  grundy seq 0.6 --to 100000000 --out officers.gseq   (Ctrl-C, then the same command "
      "resumes)\n"
      "  grundy seq --in officers.gseq --from 1000 --to 2000 --format bfile\n"
      "  grundy seq 'div(2,3,4,5,6)' --to 1000000000000000000 --runs");
  cmd->add_option("game", args->game,
                  "Game spec whose positions are integers, e.g. 0.77 (optional with --in)");
  cmd->add_option("--to", args->to, "Last position N (with --in: default the file's last)");
  cmd->add_option("--from", args->from, "First position A (default 0)");
  cmd->add_flag("--misere", args->misere,
                "Print the genus of each heap (Conway's misère theory) instead of its value");
  cmd->add_option("--max-states", args->max_states,
                  "With --misere: refuse searches needing more than N positions (default "
                  "1000000, a few seconds at most)");
  cmd->add_option("--plot", args->plot,
                  "Also write an SVG scatter plot of g(n) against n to FILE.svg");
  cmd->add_option("--out", args->out,
                  "Write g(0..N) to a binary sequence file (docs/file-formats.md) instead of "
                  "printing; an interrupted run continues where it stopped");
  cmd->add_option("--in", args->in, "Print values from a sequence file written by --out");
  cmd->add_option("--format", args->format,
                  "text (default: one line), csv (n,g lines) or bfile (OEIS b-file: n g lines)");
  cmd->add_option("--checkpoint", args->checkpoint,
                  "With --out: save progress at least every S seconds (a whole number, 0..86400; "
                  "default 60)");
  cmd->add_flag("--log-x", args->log_x, "With --plot: a logarithmic n axis (x = log(1 + n))")
      ->needs("--plot");
  cmd->add_flag("--runs", args->runs,
                "Print the maximal runs of equal values, one per line: A..B g (division games: "
                "any range, e.g. div(2..6) --to 1000000000000000000)");
  add_common_options(*cmd, args->common);
  add_threads_option(*cmd, args->common);
  add_period_search_options(*cmd, args->max, args->no_cache);
  return [args] { return run_seq(*args); };
}

}  // namespace grundy::cli
