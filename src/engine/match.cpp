// A game against the perfect player (match.hpp): moves, typed moves, undo, repetition.
#include "grundy/engine/match.hpp"

#include <algorithm>
#include <span>

#include "grundy/core/error.hpp"
#include "grundy/engine/engine.hpp"
#include "grundy/rules/families/coin_turning.hpp"
#include "grundy/rules/take_break.hpp"
#include "grundy/solve/loopy_value.hpp"
#include "grundy/spec/parser.hpp"
#include "move_text.hpp"
#include "oracle.hpp"

namespace grundy {
namespace {

/// Stops an enumeration of options early.
struct StopEnumerating {};

/// The text without blanks: typed moves are compared so.
std::string squeeze(std::string_view text) {
  std::string out;
  for (char ch : text) {
    if (ch != ' ' && ch != '\t' && ch != '\r') out += ch;
  }
  return out;
}

/// The cells of a move's name (`b2-b3`) in order, so that `b3-b2` names the same domino.
std::vector<std::string> name_parts(std::string_view name) {
  std::vector<std::string> parts;
  std::size_t at = 0;
  while (true) {
    const std::size_t dash = name.find('-', at);
    parts.emplace_back(name.substr(at, dash == std::string_view::npos ? dash : dash - at));
    if (dash == std::string_view::npos) break;
    at = dash + 1;
  }
  std::sort(parts.begin(), parts.end());
  return parts;
}

/// Whether a squeezed typed move `i:NAME` or `NAME` is the move `m` by its name.
bool names_move(const std::string& word, const MoveText& m) {
  if (m.move.empty()) return false;
  std::string_view name = word;
  const std::string index = std::to_string(m.component) + ":";
  if (name.starts_with(index)) name.remove_prefix(index.size());
  return name_parts(name) == name_parts(squeeze(m.move));
}

/// A position with the player to move, the same whatever the order of its components: for the
/// repetition rule.
std::string repetition_key(const Sum& sum, bool human_to_move) {
  std::vector<std::string> parts;
  for (const Component& c : sum.components) parts.push_back(format_component(*c.game, c.position));
  std::sort(parts.begin(), parts.end());
  std::string key = human_to_move ? "h" : "c";
  for (const std::string& part : parts) key += '\n' + part;
  return key;
}

/// What a squeezed move text `i:FROM->TO`, `i:TO` or `TO` leaves in component i, parts sorted;
/// nothing when it does not name a move of component i.
std::optional<std::vector<Position>> typed_parts(const Sum& sum, std::size_t i,
                                                 const std::string& word) {
  const Component& c = sum.components[i];
  std::string_view to = word;
  const std::string index = std::to_string(i) + ":";
  if (to.starts_with(index)) {
    to.remove_prefix(index.size());
    const std::string from = squeeze(format_component(*c.game, c.position)) + "->";
    if (to.starts_with(from)) to.remove_prefix(from.size());
  }
  std::vector<Position> parts;
  if (to == "0") return parts;
  // GAME:P1+GAME:P2...: positions never contain "+GAME:".
  const std::string prefix = squeeze(c.game->name()) + ":";
  while (true) {
    if (!to.starts_with(prefix)) return std::nullopt;
    to.remove_prefix(prefix.size());
    const std::size_t next = to.find("+" + prefix);
    try {
      parts.push_back(parse_position(*c.game, to.substr(0, next)));
    } catch (const Error&) {
      return std::nullopt;
    }
    if (next == std::string_view::npos) break;
    to.remove_prefix(next + 1);
  }
  std::sort(parts.begin(), parts.end());
  return parts;
}

/// Options of each value named by a value source or a family's formula, when a typed move is
/// looked for past the options searched one by one.
constexpr std::size_t kMaxNamedByValue = 1000;

/// Whether `parts` (sorted) is an option of component c: for take-and-break games from the code;
/// otherwise the first Match::kMaxSearched options compared (families give parts in
/// non-decreasing order), then the options of its value that the value source or the family's
/// formula name.
Found is_option(const Component& c, const std::vector<Position>& parts, ValueSource& source) {
  if (const TakeBreakCode* code = c.game->traits().take_break) {
    return is_take_break_option(*code, c.position.x, parts) ? Found::yes : Found::no;
  }
  std::uint64_t seen = 0;
  bool found = false;
  try {
    for_each_option(*c.game, c.position, [&](std::span<const Position> option) {
      if (++seen > Match::kMaxSearched) throw StopEnumerating{};
      if (std::equal(option.begin(), option.end(), parts.begin(), parts.end())) {
        found = true;
        throw StopEnumerating{};
      }
    });
  } catch (const StopEnumerating&) {
  }
  if (found) return Found::yes;
  if (seen <= Match::kMaxSearched) return Found::no;
  OptionFunction compare([&](std::span<const Position> option) {
    found = found || std::equal(option.begin(), option.end(), parts.begin(), parts.end());
  });
  // Every option of that value seen: a definite answer.
  bool all_named = false;
  try {
    const Value v = option_value(parts, source);
    std::optional<std::uint64_t> count =
        c.game->traits().formula_values
            ? c.game->formula_options_with_value(c.position, v, kMaxNamedByValue, compare)
            : std::nullopt;
    if (!count) count = source.options_with_value(c.position, v, kMaxNamedByValue, compare).count;
    all_named = count && *count <= kMaxNamedByValue;
  } catch (const Error&) {
    // No value for those parts (beyond every table and period): not found that way either.
  }
  return found ? Found::yes : all_named ? Found::no : Found::unknown;
}

}  // namespace

std::string_view verdict_name(Verdict verdict) {
  return verdict == Verdict::win ? "win" : verdict == Verdict::draw ? "draw" : "loss";
}

Match::Match(const Engine& engine, const Sum& start, Play play, bool human_first)
    : play_(play),
      // The position is the actual rows of coin-turning games (a head turned twice is tails).
      sum_(actual_rows(start)),
      human_to_move_(human_first),
      oracle_(std::make_unique<Oracle>(engine, play)) {
  oracle_->prepare(sum_);
  arrive();
}

Match::~Match() = default;

std::optional<QuotientUsed> Match::quotient() const {
  return oracle_->quotient();
}

std::string Match::position_text() const {
  return sum_.components.empty() ? std::string() : format_sum(sum_);
}

std::string Match::drawing() const {
  std::string out;
  for (std::size_t i = 0; i < sum_.components.size(); ++i) {
    const Component& c = sum_.components[i];
    const std::string picture = c.game->drawing(c.position);
    if (picture.empty()) continue;
    if (sum_.components.size() > 1) {
      out += std::to_string(i) + ": " + format_component(*c.game, c.position) + "\n";
    }
    out += picture;
  }
  return out;
}

bool Match::human_wins() const {
  return human_to_move_ == (play_ == Play::misere);
}

void Match::arrive() {
  raw_moves_.clear();
  moves_ = MoveList{};
  try {
    for (std::size_t i = 0; i < sum_.components.size(); ++i) {
      const Component& c = sum_.components[i];
      for_each_option(*c.game, c.position, [&](std::span<const Position> parts) {
        if (raw_moves_.size() >= kMaxListed) throw StopEnumerating{};
        Move m{i, std::vector<Position>(parts.begin(), parts.end())};
        std::sort(m.to.begin(), m.to.end());
        raw_moves_.push_back(std::move(m));
      });
    }
  } catch (const StopEnumerating&) {
    moves_.complete = false;
  }
  moves_.moves.reserve(raw_moves_.size());
  for (const Move& m : raw_moves_) moves_.moves.push_back(describe_move(sum_, m));
  trail_.push_back(repetition_key(sum_, human_to_move_));
  if (++seen_[trail_.back()] == kRepetitionsForDraw) {
    state_ = State::repetition;
  } else {
    state_ = raw_moves_.empty() ? State::no_move : State::going;
  }
}

void Match::apply(const Move& move) {
  sum_ = actual_rows(after_move(sum_, move));
  human_to_move_ = !human_to_move_;
  arrive();
}

Match::Choice Match::computer_move() {
  if (state_ != State::going || human_to_move_) throw Error("it is not the computer's turn");
  const auto [move, verdict] = oracle_->choose(sum_, raw_moves_);
  const Choice choice{describe_move(sum_, move), verdict};
  apply(move);
  return choice;
}

Match::Choice Match::hint() {
  if (state_ != State::going) throw Error("the game is over: no move to hint");
  const auto [move, verdict] = oracle_->choose(sum_, raw_moves_);
  return {describe_move(sum_, move), verdict};
}

Match::Typed Match::human_move(std::string_view text) {
  if (state_ != State::going || !human_to_move_) throw Error("it is not the human's turn");
  const std::string word = squeeze(text);
  std::optional<Move> chosen;
  Found found = Found::no;
  if (!word.empty() &&
      std::all_of(word.begin(), word.end(), [](char ch) { return ch >= '0' && ch <= '9'; })) {
    const std::size_t k = word.size() > 9 ? 0 : std::stoul(word);
    if (k >= 1 && k <= raw_moves_.size()) chosen = raw_moves_[k - 1];
  } else {
    for (std::size_t k = 0; k < raw_moves_.size() && !chosen; ++k) {
      const MoveText& m = moves_.moves[k];
      const std::string to = squeeze(m.to);
      if (word == squeeze(move_line(m)) || word == std::to_string(m.component) + ":" + to ||
          word == to || names_move(word, m)) {
        chosen = raw_moves_[k];
      }
    }
    if (!chosen && !moves_.complete) {
      // Past the listed moves: looked for in each component.
      const std::vector<ValueSource*> sources = oracle_->sources(sum_);
      for (std::size_t i = 0; i < sum_.components.size() && !chosen; ++i) {
        const std::optional<std::vector<Position>> parts = typed_parts(sum_, i, word);
        if (!parts) continue;
        const Found here = is_option(sum_.components[i], *parts, *sources[i]);
        if (here == Found::yes) chosen = Move{i, *parts};
        if (here == Found::unknown) found = Found::unknown;
      }
    }
  }
  if (!chosen) return {std::nullopt, found};
  const MoveText played = describe_move(sum_, *chosen);
  history_.push_back({sum_, trail_.size() - 1});
  apply(*chosen);
  return {played, Found::yes};
}

bool Match::undo() {
  if (history_.empty()) return false;
  sum_ = history_.back().sum;
  human_to_move_ = true;
  while (trail_.size() > history_.back().trail_size) {
    --seen_[trail_.back()];
    trail_.pop_back();
  }
  history_.pop_back();
  arrive();
  return true;
}

}  // namespace grundy
