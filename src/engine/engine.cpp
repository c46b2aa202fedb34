// The engine's requests: reading specs, values, sequences, sums, periods, explanations, plots.
#include "grundy/engine/engine.hpp"

#include <algorithm>
#include <utility>

#include "explain.hpp"
#include "grundy/analysis/closed_form.hpp"
#include "grundy/analysis/periodic_source.hpp"
#include "grundy/analysis/sequence_run.hpp"
#include "grundy/analysis/value_sources.hpp"
#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "grundy/engine/defined_game.hpp"
#include "grundy/engine/formula_code.hpp"
#include "grundy/rules/registry.hpp"
#include "grundy/solve/component_source.hpp"
#include "grundy/solve/dense_solver.hpp"
#include "grundy/solve/genus.hpp"
#include "grundy/solve/loopy_value.hpp"
#include "grundy/solve/misere_nim.hpp"
#include "grundy/solve/solver_choice.hpp"
#include "grundy/solve/sum_solver.hpp"
#include "grundy/spec/parser.hpp"
#include "move_text.hpp"
#include "grundy/analysis/sum_quotient.hpp"

namespace grundy {
namespace {

/// A defined game's memo served to a request: values found by one request stay for the next.
class DefinedGameMemo final : public ValueSource {
 public:
  explicit DefinedGameMemo(DefinedGame& game) : game_(game) {}
  Value value(const Position& p) override { return game_.value(p); }

 private:
  DefinedGame& game_;
};

/// Turns the SpecError being handled into the contract's Error: "spec column N: ...", and for a
/// position "position '<text>' column N: ...".
[[noreturn]] void rethrow_in_context(std::string_view what, std::string_view text) {
  try {
    throw;
  } catch (const SpecError& e) {
    const std::string quoted = what == "spec" ? "" : " '" + quote_excerpt(text) + "'";
    throw Error(std::string(what) + quoted + " column " + std::to_string(e.column()) + ": " +
                e.detail());
  }
}

std::vector<MoveText> move_texts(const Sum& sum, const std::vector<Move>& moves) {
  std::vector<MoveText> out;
  out.reserve(moves.size());
  for (const Move& m : moves) out.push_back(describe_move(sum, m));
  return out;
}

void require_heap_game(const Game& game, std::string_view request) {
  if (!game.integer_positions()) {
    // A game of two coordinates has its values in a table instead: say so.
    const std::string table =
        has_two_coordinates(game)
            ? " (they are two coordinates: grundy table " + game.name() + " --rows R --cols C)"
            : "";
    throw Error(std::string(request) +
                " needs a game whose positions are integers (heap sizes); the positions of " +
                game.name() + " are not" + table);
  }
}

/// g(from..to) needs from <= to; both faces say it in the command's words (Python errors are the
/// command's messages).
void require_range(std::uint64_t from, std::uint64_t to) {
  if (from > to) {
    throw Error("--from " + std::to_string(from) + " is above --to " + std::to_string(to));
  }
}

/// The file `value --in` and `seq --in` read, checked to hold `game`'s sequence.
void require_file_of(const SequenceFile& file, const std::filesystem::path& path,
                     const Game& game) {
  if (file.game() != game.name()) {
    throw Error("'" + quote_excerpt(path.string()) + "' holds the sequence of " +
                quote_excerpt(file.game()) + ", not of " + game.name());
  }
}

}  // namespace

Engine::Engine(EngineOptions options, Reporter reporter)
    : options_(std::move(options)), reporter_(std::move(reporter)) {
  if (options_.max_memory) {
    limits_.max_memory_bytes = *options_.max_memory;
    // The tables a game builds by itself (bitcount's) are bounded by the same limit.
    set_game_table_memory_limit(*options_.max_memory);
  }
}

PeriodOptions Engine::period_options() const {
  PeriodOptions options;
  options.limits = limits_;
  options.max_values = options_.max_values;
  options.threads = options_.threads;
  if (!options_.use_cache) options.cache_directory.reset();
  options.warning = [reporter = reporter_](const std::string& w) {
    if (reporter.done) reporter.done();
    if (reporter.warning) reporter.warning(w);
  };
  return options;
}

SearchOptions Engine::search_options(Play play, const std::string& label) const {
  SearchOptions options;
  options.play = play;
  options.max_states = options_.max_states;
  options.limits = limits_;
  options.max_moves = options_.max_moves;
  if (reporter_.search) options.progress = reporter_.search(label);
  return options;
}

std::unique_ptr<ValueSource> Engine::value_source(std::shared_ptr<const Game> game,
                                                  const std::string& label) const {
  if (auto it = options_.defined_games.find(game.get()); it != options_.defined_games.end()) {
    return std::make_unique<DefinedGameMemo>(*it->second);
  }
  // The source itself is make_value_source's choice, from the game's solver plan.
  ValueSourceOptions options{.period = period_options(), .progress = table_progress(label)};
  ComponentSearchOptions& search = options.components.search;
  search.threads = options_.threads;
  search.cache_directory = options.period.cache_directory;
  if (reporter_.components) search.progress = reporter_.components(label);
  search.stop = options_.stop;
  if (options_.component_top_budget) search.top_budget = *options_.component_top_budget;
  options.components.table_file = options_.component_table;
  options.components.warning = reporter_.warning;
  return make_value_source(std::move(game), std::move(options));
}

std::shared_ptr<const Game> Engine::game(std::string_view spec) {
  try {
    return parse_game(spec);
  } catch (const SpecError&) {
    rethrow_in_context("spec", spec);
  }
}

Position Engine::position(const Game& game, std::string_view text) {
  try {
    return parse_position(game, text);
  } catch (const SpecError&) {
    rethrow_in_context("position", text);
  }
}

Sum Engine::sum(std::string_view text) {
  try {
    return parse_sum(text);
  } catch (const SpecError&) {
    rethrow_in_context("spec", text);
  }
}

std::shared_ptr<const Game> Engine::game_of_sum(std::string_view spec,
                                                std::vector<std::shared_ptr<const Game>>& seen) {
  std::shared_ptr<const Game> parsed = game(spec);
  for (const auto& g : seen) {
    if (g->name() == parsed->name()) return g;
  }
  seen.push_back(parsed);
  return parsed;
}

std::vector<FamilySummary> Engine::families() {
  std::vector<FamilySummary> out;
  for (const Family* f : Registry::instance().families()) {
    out.push_back({f->name, f->syntax, f->summary});
  }
  return out;
}

// --- value ---------------------------------------------------------------------------------

ValueQuery::ValueQuery(std::shared_ptr<const Game> game, std::unique_ptr<ValueSource> source,
                       std::unique_ptr<SequenceFile> file)
    : game_(std::move(game)), source_(std::move(source)), file_(std::move(file)) {}
ValueQuery::~ValueQuery() = default;
ValueQuery::ValueQuery(ValueQuery&&) noexcept = default;

void ValueQuery::prepare(std::span<const Position> positions) {
  // One memory check and one table for the whole request (what the file does not answer).
  std::vector<Position> computed;
  for (const Position& p : positions) {
    if (!(file_ && game_->integer_positions() && p.x < file_->count())) computed.push_back(p);
  }
  source_->prepare(computed);
}

PositionValue ValueQuery::value(const Position& p) {
  PositionValue out{game_->format_position(p), 0, {}};
  if (file_ && game_->integer_positions() && p.x < file_->count()) {
    out.value = file_->at(p.x);
    return out;
  }
  out.value = source_->value(p);
  if (out.value == kInfiniteValue) {
    // `inf{0,2}`: an infinite loopy value and its escape set, the finite values of its options.
    out.infinite =
        format_infinite_value(escape_set(*game_, std::span<const Position>(&p, 1), *source_));
  }
  return out;
}

ValueQuery Engine::values(std::shared_ptr<const Game> game,
                          const std::filesystem::path& sequence_file) const {
  std::unique_ptr<SequenceFile> file;
  if (!sequence_file.empty()) file = open_sequence(sequence_file, game.get());
  auto source = value_source(game, "value");
  return ValueQuery(std::move(game), std::move(source), std::move(file));
}

ValueAnswer Engine::value(std::shared_ptr<const Game> game,
                          std::span<const Position> positions) const {
  ValueQuery query = values(game);
  query.prepare(positions);
  ValueAnswer answer{game->name(), {}};
  for (const Position& p : positions) answer.values.push_back(query.value(p));
  done();
  return answer;
}

// --- seq -----------------------------------------------------------------------------------

SequenceValues::SequenceValues(std::unique_ptr<ValueSource> source, std::uint64_t to)
    : source_(std::move(source)) {
  const Position last{to, 0};
  source_->prepare(std::span<const Position>(&last, 1));
}
SequenceValues::~SequenceValues() = default;
SequenceValues::SequenceValues(SequenceValues&&) noexcept = default;

Value SequenceValues::at(std::uint64_t n) {
  return source_->value(Position{n, 0});
}

SequenceValues Engine::sequence(std::shared_ptr<const Game> game, std::uint64_t from,
                                std::uint64_t to) const {
  require_heap_game(*game, "seq");
  require_range(from, to);
  // Values come from the sparse-space engine or the dense table, and past a proven period from
  // the period.
  return reported([&] { return SequenceValues(value_source(std::move(game), "seq"), to); });
}

SequenceAnswer Engine::seq(std::shared_ptr<const Game> game, std::uint64_t from,
                           std::uint64_t to) const {
  require_heap_game(*game, "seq");
  require_range(from, to);
  const std::size_t count = list_room(from, to, sizeof(Value), "a list of g(from..to)", "values");
  SequenceAnswer answer{game->name(), from, to, {}};
  SequenceValues values = sequence(std::move(game), from, to);
  answer.values.reserve(count);
  for (std::uint64_t n = from;; ++n) {
    answer.values.push_back(values.at(n));
    if (n == to) break;
  }
  return answer;
}

RunsAnswer Engine::runs(std::shared_ptr<const Game> game, std::uint64_t from,
                        std::uint64_t to) const {
  require_heap_game(*game, "seq");
  require_range(from, to);
  RunsAnswer answer{game->name(), from, to, {}};
  if (auto runs = game->formula_runs(from, to)) {
    answer.runs = std::move(*runs);
    return answer;
  }
  SequenceValues values = sequence(std::move(game), from, to);
  for (std::uint64_t n = from;; ++n) {
    const Value v = values.at(n);
    if (!answer.runs.empty() && answer.runs.back().value == v) {
      answer.runs.back().to = n;
    } else {
      require_memory(limits_, bytes_for(answer.runs.size() + 1, sizeof(ValueRun)),
                     "the runs of g(" + std::to_string(from) + ".." + std::to_string(to) + ")");
      answer.runs.push_back({n, n, v});
    }
    if (n == to) break;
  }
  return answer;
}

std::size_t Engine::list_room(std::uint64_t from, std::uint64_t to, std::size_t item_bytes,
                              const std::string& list, const std::string& items) const {
  // The list itself is a table too: sized with overflow checks and against the memory limit
  // before anything is computed (to = 2^64-1 would otherwise wrap the count to 0).
  const std::uint64_t count = add_or_refuse(to - from, 1, list);
  require_memory(limits_, bytes_for(count, item_bytes),
                 "a list of " + std::to_string(count) + " " + items);
  return static_cast<std::size_t>(count);
}

GenusSequence::GenusSequence(SequenceValues values, std::unique_ptr<GenusCalculator> genera)
    : values_(std::move(values)), genera_(std::move(genera)) {}
GenusSequence::~GenusSequence() = default;
GenusSequence::GenusSequence(GenusSequence&&) noexcept = default;

Genus GenusSequence::at(std::uint64_t n) {
  return genera_->genus(Position{n, 0}, values_.at(n));
}

GenusSequence Engine::genus_sequence(std::shared_ptr<const Game> game, std::uint64_t from,
                                     std::uint64_t to) const {
  require_heap_game(*game, "seq");
  require_range(from, to);
  // Refused before any value is computed when the genus of the last heap alone passes the budget
  // by its bound.
  auto genera = std::make_unique<GenusCalculator>(game, search_options(Play::misere, "seq"));
  genera->require_within_budget(Position{to, 0});
  return GenusSequence(sequence(std::move(game), from, to), std::move(genera));
}

GenusAnswer Engine::genera(std::shared_ptr<const Game> game, std::uint64_t from,
                           std::uint64_t to) const {
  require_heap_game(*game, "seq");
  require_range(from, to);
  // Each genus holds a few gammas more than its own bytes.
  const std::size_t count =
      list_room(from, to, sizeof(Genus), "a list of genera of heaps from..to", "genera");
  GenusAnswer answer{game->name(), from, to, {}};
  GenusSequence genera = genus_sequence(std::move(game), from, to);
  answer.genera.reserve(count);
  return reported([&] {
    for (std::uint64_t n = from;; ++n) {
      answer.genera.push_back(genera.at(n));
      if (n == to) break;
    }
    return std::move(answer);
  });
}

SequenceFileAnswer Engine::write_sequence(std::shared_ptr<const Game> game,
                                          const std::filesystem::path& file, std::uint64_t to,
                                          std::chrono::seconds checkpoint_every,
                                          const std::atomic<bool>* interrupted) const {
  SequenceRunOptions options;
  options.period = period_options();
  options.checkpoint_every = checkpoint_every;
  options.interrupted = interrupted;
  if (reporter_.sequence) options.progress = reporter_.sequence("seq");
  SequenceFileAnswer answer{game->name(), file.string(), {}};
  answer.run = reported([&] { return write_sequence_file(game, file, to, options); });
  return answer;
}

std::unique_ptr<SequenceFile> Engine::open_sequence(const std::filesystem::path& path,
                                                    const Game* game) const {
  std::unique_ptr<SequenceFile> file = SequenceFile::open(path);
  if (game != nullptr) require_file_of(*file, path, *game);
  return file;
}

// --- solve ---------------------------------------------------------------------------------

SolveAnswer Engine::solve(const Sum& sum, Play play, bool remoteness) const {
  SolveAnswer answer;
  answer.sum = format_sum(sum);
  answer.play = play;
  answer.remoteness_asked = remoteness;
  // Misère play, or remoteness under either convention: the answers that need a search over the
  // sum's positions rather than Grundy values (of the actual rows, for coin-turning games).
  // Misère Nim alone has a closed form.
  std::optional<SearchSolution> searched;
  if (play == Play::misere || remoteness) {
    // The path is chosen once, in analysis (choose_misere_path); remoteness is always searched.
    const std::optional<QuotientCache> cache = quotient_cache();
    const bool outcome_only = play == Play::misere && !remoteness;
    MisereChoice choice = reported([&] {
      return choose_misere_path(
          sum, search_options(play, "solve"),
          {.closed_form = outcome_only, .use_quotient = outcome_only && options_.misere_quotient},
          quotient_progress("solve"), cache ? &*cache : nullptr);
    });
    switch (choice.path) {
      case MiserePath::closed_form:
        searched = solve_misere_nim(sum, options_.max_moves);
        break;
      case MiserePath::quotient:
        // Sums of heaps of heap games: the product of the heaps' classes in the misère quotient
        // of their closure (misere_quotient.hpp), verified for every sum of those heaps.
        searched = choice.quotient->solve(sum, options_.max_moves);
        answer.quotient = choice.quotient->used();
        break;
      case MiserePath::search:
        searched = reported([&] { return solve_by_search(sum, search_options(play, "solve")); });
        break;
    }
    answer.misere_method = std::string(misere_path_name(choice.path));
    if (remoteness && searched->outcome != Outcome::D) answer.remoteness = searched->remoteness;
  }
  if (play == Play::misere) {
    answer.outcome = searched->outcome;
    answer.winning_moves = move_texts(sum, searched->winning_moves);
    answer.winning_moves_truncated = searched->winning_moves_truncated;
    answer.winning_move_count = searched->winning_move_count;
    return answer;
  }
  SumEvaluators evaluators(sum, [this](std::shared_ptr<const Game> game) {
    return value_source(std::move(game), "solve");
  });
  const SumSolution solution = solve_sum(sum, evaluators.sources(), options_.max_moves);
  done();
  answer.outcome = solution.outcome;
  // The nim-sum decides only sums of finite values, and is unknown when a lone component was
  // decided by a theorem on P-positions (a huge Wythoff position).
  if (solution.nim_sum_known && solution.infinite_components == 0)
    answer.nim_sum = solution.nim_sum;
  answer.winning_moves = move_texts(sum, solution.winning_moves);
  answer.winning_moves_truncated = solution.winning_moves_truncated;
  answer.winning_move_count = solution.winning_move_count;
  answer.count_note = solution.winning_move_count_note;
  if (solution.move_to_play) answer.move_to_play = describe_move(sum, *solution.move_to_play);
  return answer;
}

// --- period --------------------------------------------------------------------------------

namespace {

/// About a second of a dense table's steps (DenseSolver::kMaxWork is about a minute).
constexpr std::uint64_t kSampleWork = DenseSolver::kMaxWork / 60;

/// Why a dense table of g(0..n-1), where one serves the game, is too long for the default
/// sample (more than about a second); empty when it is not.
std::string too_long_for_a_sample(const Game& game, const Limits& limits, std::uint64_t n) {
  const SolverPlan plan = solver_plan(game.traits());
  if (plan.table != ValueTable::dense || plan.formula || plan.sparse_space) return {};
  const std::uint64_t steps = DenseSolver(game, limits).work_to(n - 1);
  if (steps <= kSampleWork) return {};
  return "a table of g(0.." + std::to_string(n - 1) + ") needs about " + about_steps(steps) +
         " steps, more than a second of work";
}

}  // namespace

PeriodReport Engine::period(std::shared_ptr<const Game> game, bool verify, std::uint64_t max_work,
                            std::optional<std::uint64_t> observe) const {
  if (options_.max_values == 0) throw Error("--max must be at least 1");
  const PeriodOptions options = period_options();
  PeriodReport report;
  report.game = game->name();
  report.max_values = options_.max_values;
  report.answer =
      find_or_load_periodicity(*game, options, options_.max_values, table_progress("period"));
  done();
  // No theorem: what the values show, within the same table limits as `seq`.
  if (!report.theorem_applies()) {
    std::string why;
    if (const auto g = sample(game, 0, observe, SampleOption::count, why)) {
      report.answer.values_computed = g->size();
      report.observed = observed_period(std::span<const Value>(*g));
    } else {
      report.not_observed = why;
    }
  }
  if (verify && report.answer.periodicity) {
    report.verified = verify_period_answer(*game, report.answer, options, options_.max_values,
                                           max_work, table_progress("verify"));
    done();
  }
  return report;
}

std::optional<std::vector<Value>> Engine::sample(const std::shared_ptr<const Game>& game,
                                                 std::uint64_t from,
                                                 std::optional<std::uint64_t> count,
                                                 SampleOption option, std::string& why) const {
  // The default sample shrinks (by 16 at a time, to 1024 at least) where a dense table of it
  // would take more than about a second or its table is refused, and is given up below that.
  const bool default_sample = !count.has_value();
  for (std::uint64_t n = count.value_or(kDefaultObservedValues);;) {
    why = default_sample ? too_long_for_a_sample(*game, limits_, from + n) : std::string();
    if (!why.empty()) {
      // The option that asks for these values anyway: period counts them, formula names the last.
      why += option == SampleOption::count
                 ? ": --max " + std::to_string(n) + " computes it"
                 : ": --to " + std::to_string(from + n - 1) + " computes it";
    } else {
      try {
        SequenceValues values = sequence(game, from, from + n - 1);
        std::vector<Value> g(n);
        for (std::uint64_t m = 0; m < n; ++m) g[m] = values.at(from + m);
        return g;
      } catch (const ResourceError& e) {
        if (!default_sample) throw;  // the values asked for are refused as `seq` refuses them
        why = e.what();
      } catch (const Error& e) {
        // The positions are not from, from + 1, ... (multiply starts at 1): nothing to observe.
        why = e.what();
        return std::nullopt;
      }
    }
    if (n <= 1024) return std::nullopt;
    n = std::max<std::uint64_t>(1024, n / 16);
  }
}

// --- formula -------------------------------------------------------------------------------

namespace {

/// The first heap of a heap game: 0, or its least position when 0 is none (multiply's 1).
std::uint64_t first_heap(const Game& game) {
  try {
    Engine::position(game, "0");
    return 0;
  } catch (const Error&) {
    const std::vector<Position> first = game.sample_positions(1);
    return first.empty() ? 0 : first.front().x;
  }
}

/// The comment before the emitted functions: what they compute, and on what authority.
std::string code_comment(const FormulaAnswer& answer, const std::string& function) {
  const ClosedForm& form = *answer.form;
  std::string out = function + " of " + answer.game + ": " + answer.text.expression + " (" +
                    form.kind + "), written by grundy formula.\n";
  if (form.proven()) return out + "Proven: " + form.proof;
  return out + "Observed on " + answer.checked_range() + ", not proven: " + answer.not_proven;
}

/// `form`, which must agree with every computed value it is checked on (a theorem or a period
/// proof that does not is an engine bug).
template <class Sample>
void require_agreement(const FormulaAnswer& answer, const ClosedForm& form, const Sample& g) {
  if (const auto at = first_disagreement(form, g)) {
    throw std::logic_error("the closed form of " + answer.game + " (" + form.kind +
                           (form.proven() ? ", proven" : ", observed") +
                           ") disagrees with the computed values at a position");
  }
}

}  // namespace

FormulaAnswer Engine::formula(std::shared_ptr<const Game> game,
                              const FormulaRequest& request) const {
  FormulaAnswer answer;
  answer.game = game->name();
  answer.two_coordinates = !game->integer_positions();
  if (answer.two_coordinates && !has_two_coordinates(*game)) {
    throw Error(
        "formula needs a game whose positions are heap sizes or two coordinates (points "
        "x,y as in wythoff:3,5, sheets WxH as in cut:5x7, or two numbers a,b as in "
        "chomp:5,3); the positions of " +
        game->name() + " are not");
  }
  if (!answer.two_coordinates && (request.rows || request.cols)) {
    throw Error("--rows and --cols are for games of two coordinates; the positions of " +
                game->name() + " are heap sizes (--to N checks g(0..N))");
  }
  if (answer.two_coordinates && request.to) {
    throw Error("--to is for heap games; the positions of " + game->name() +
                " are two coordinates (--rows R --cols C)");
  }
  // A theorem whose form cannot be written out (a division game whose runs pass the limit, a
  // bit-count table past the memory) proves nothing here: say so if nothing else does.
  std::optional<ClosedForm> form;
  std::string theorem_refused;
  try {
    form = game->closed_form();
  } catch (const Error& e) {
    theorem_refused =
        std::string("the closed form of ") + game->name() + " is refused: " + e.what();
  }
  if (!answer.two_coordinates) {
    answer.position = "n";
    if (!form) {
      // A proven period, as `period` proves it; a search refused by the limits proves nothing.
      PeriodAnswer period;
      try {
        period = find_or_load_periodicity(*game, period_options(), options_.max_values,
                                          table_progress("formula"));
      } catch (const ResourceError& e) {
        period.why_not = std::string("no period proven: ") + e.what();
      }
      done();
      if (period.periodicity) {
        form = periodicity_form(*period.periodicity);
        // The proof line of `period` reads "proof: ...".
        const std::string& proof = period.periodicity->proof;
        form->proof = proof.starts_with("proof: ") ? proof.substr(7) : proof;
      } else if (!theorem_refused.empty()) {
        answer.not_proven = theorem_refused;
      } else {
        answer.not_proven = !period.why_not.empty()
                                ? period.why_not
                                : "no period proven within --max " +
                                      std::to_string(options_.max_values) + " values";
      }
    }
    const std::uint64_t first = first_heap(*game);
    if (request.to && *request.to < first) {
      throw Error("--to " + std::to_string(*request.to) + " is below " + game->name() +
                  "'s first position " + std::to_string(first));
    }
    const std::optional<std::uint64_t> count =
        request.to ? std::optional(*request.to - first + 1) : std::nullopt;
    std::string why;
    const std::optional<std::vector<Value>> values =
        sample(game, first, count, SampleOption::last, why);
    if (values) {
      std::vector<std::optional<Value>> g(first);
      g.insert(g.end(), values->begin(), values->end());
      if (!form) form = fit_sequence(g);
      if (!form) form = fit_p_positions(g);
      if (form) require_agreement(answer, *form, g);
      answer.from = first;
      answer.to = first + values->size() - 1;
      answer.positions_checked = values->size();
    } else {
      answer.not_checked = why;
    }
  } else {
    answer.rows = request.rows.value_or(CoordinateRange{0, kDefaultFormulaSide});
    answer.cols = request.cols.value_or(answer.rows);
    const TableAnswer table = this->table(game, answer.rows, answer.cols);
    answer.position = table.position == "ROW,COL" ? "x,y" : "xXy";
    GridSample grid{.row_from = table.rows.from,
                    .col_from = table.cols.from,
                    .rows = static_cast<std::size_t>(table.rows.count()),
                    .cols = static_cast<std::size_t>(table.cols.count()),
                    .values = {}};
    grid.values.reserve(table.values.size());
    for (std::size_t i = 0; i < table.values.size(); ++i) {
      grid.values.push_back(table.is_position[i] ? std::optional(table.values[i]) : std::nullopt);
      answer.positions_checked += table.is_position[i] ? 1 : 0;
    }
    if (!form) {
      answer.not_proven = !theorem_refused.empty()
                              ? theorem_refused
                              : "no theorem known to grundy gives a closed form of " + game->name();
      form = fit_grid(grid);
      if (!form) form = fit_p_positions(grid);
    }
    if (form) require_agreement(answer, *form, grid);
  }
  answer.form = form;
  if (form) {
    answer.text = formula_text(form->formula, answer.two_coordinates);
    answer.cpp = cpp_function(*form, answer.two_coordinates,
                              code_comment(answer, form->p_positions ? "is_p_position" : "g"));
    answer.python =
        python_function(*form, answer.two_coordinates,
                        code_comment(answer, form->p_positions ? "is_p_position" : "g"));
  }
  return answer;
}

// --- explain -------------------------------------------------------------------------------

Explanation Engine::explain(std::shared_ptr<const Game> game, const Position& p,
                            std::uint64_t max_options) const {
  // The values solve would use: formulas, tables, proven periods.
  const std::unique_ptr<ValueSource> source = value_source(game, "explain");
  source->prepare(std::span<const Position>(&p, 1));
  Explanation e = explain_position(*game, p, *source, max_options);
  done();
  return e;
}

MisereExplanation Engine::explain_misere(std::shared_ptr<const Game> game, const Position& p,
                                         std::uint64_t max_options) const {
  const std::optional<QuotientCache> cache = quotient_cache();
  return reported([&] {
    return explain_misere_position(
        std::move(game), p, max_options, search_options(Play::misere, "explain"),
        options_.misere_quotient ? quotient_progress("explain") : nullptr, options_.misere_quotient,
        cache ? &*cache : nullptr);
  });
}

// --- plots ---------------------------------------------------------------------------------

std::string Engine::sequence_plot(std::shared_ptr<const Game> game, std::uint64_t from,
                                  std::uint64_t to, PlotScale scale) const {
  const std::string name = game->name();
  SequenceValues values = sequence(std::move(game), from, to);
  SequencePlot plot(from, to, scale);
  for (std::uint64_t n = from;; ++n) {
    plot.add(n, values.at(n));
    if (n == to) break;
  }
  return plot.svg(sequence_plot_title(name, from, to));
}

std::string Engine::period_plot(std::shared_ptr<const Game> game, const PeriodReport& report,
                                PlotScale scale) const {
  // A few periods past the preperiod when proven (at least 50 values), else every value the
  // search computed; never past what the search itself computed (2i + p + t values for
  // Guy-Smith).
  const PeriodAnswer& answer = report.answer;
  std::uint64_t last = 0;
  if (const auto& p = answer.periodicity) {
    const std::uint64_t wanted = std::max<std::uint64_t>(p->preperiod + 3 * p->period, 50);
    last = std::min(wanted, std::max<std::uint64_t>(answer.values_computed, 50)) - 1;
  } else if (answer.values_computed > 0) {
    last = answer.values_computed - 1;
  }
  SequencePlot plot(0, last, scale);
  const std::string name = game->name();
  {
    PeriodicSource source(std::move(game), period_options());
    source.set_progress(table_progress("plot"));
    const Position end{last, 0};
    source.prepare(std::span<const Position>(&end, 1));
    for (std::uint64_t n = 0; n <= last; ++n) plot.add(n, source.value(Position{n, 0}));
  }
  done();
  std::string title = name + ": g(n) for n = 0.." + std::to_string(last);
  if (const auto& p = answer.periodicity) {
    plot.mark_period(p->preperiod, p->period);
    title += ", preperiod " + std::to_string(p->preperiod) + " period " + std::to_string(p->period);
    if (p->saltus != 0) title += " saltus " + std::to_string(p->saltus);
  } else {
    title += ", no period proven";
  }
  return plot.svg(title);
}

}  // namespace grundy
