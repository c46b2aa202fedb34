#include "grundy/census/census_equivalence.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>
#include <unordered_map>

#include "grundy/analysis/period_certificate.hpp"
#include "grundy/analysis/period_run.hpp"
#include "grundy/analysis/periodicity_theorem.hpp"
#include "grundy/census/census_classify.hpp"
#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "grundy/engine/engine.hpp"
#include "grundy/rules/take_break.hpp"

namespace grundy {
namespace {

constexpr std::uint64_t kAll = ~std::uint64_t{0};

/// The least preperiod of a sequence that is periodic (period p, saltus s) from `from` on.
std::uint64_t least_start(const CensusValues& v, std::uint64_t from, std::uint64_t p, Value s) {
  while (from > 0 && v.at(from - 1 + p) == v.at(from - 1) + s) --from;
  return from;
}

}  // namespace

std::vector<CensusMember> census_members(const CensusFamily& family, const Engine& engine) {
  const std::vector<std::string> codes = family.codes();
  std::vector<CensusMember> members;
  members.reserve(codes.size());
  std::set<std::string> games;
  for (const std::string& code : codes) {
    CensusMember m;
    m.code = code;
    m.game = Engine::game(code)->name();
    games.insert(m.game);
    members.push_back(std::move(m));
  }
  const bool hexadecimal = family.kind == CensusFamily::Kind::hexadecimal;
  const auto spec_of = [&](const TakeBreakCode& code) {
    const std::string digits = format_take_break_code(code);
    return Engine::game(hexadecimal ? "hex(" + digits + ")" : digits)->name();
  };
  // Codes equal to an earlier one but for whole-heap moves (bit 1), with the same g(0..t).
  std::map<std::pair<std::string, std::vector<Value>>, std::string> first_equal;
  std::set<std::string> equal_to_earlier;
  for (CensusMember& m : members) {
    m.representative = m.game;
    m.relation = m.code == m.game ? Relation::itself : Relation::same_moves;
    const auto game = Engine::game(m.game);
    const TakeBreakCode* code = game->traits().take_break;
    // A repeating block's whole-heap moves come back forever: the claim needs them finite.
    if (code == nullptr || code->unequal_split || code->repeats()) continue;
    TakeBreakCode cleared = *code;
    for (std::size_t r = 1; r < cleared.digits.size(); ++r) cleared.digits[r] &= ~kLeaveNothing;
    while (cleared.digits.size() > 1 && cleared.digits.back() == 0) cleared.digits.pop_back();
    // t: the longest code of the group, i.e. the family's digits.
    const auto key = std::pair(spec_of(cleared), engine.seq(game, 0, family.size).values);
    const auto [it, added] = first_equal.emplace(key, m.game);
    if (!added && it->second != m.game) {
      m.representative = it->second;
      m.relation = Relation::proven_equal;
      equal_to_earlier.insert(m.game);
    }
  }
  for (CensusMember& m : members) {
    if (equal_to_earlier.count(m.game) != 0) continue;
    const auto game = Engine::game(m.game);
    const TakeBreakCode* code = game->traits().take_break;
    if (code == nullptr) continue;
    const std::optional<TakeBreakCode> shifted = offset_code(*code);
    if (!shifted) continue;
    const std::string target = spec_of(*shifted);
    if (target != m.game && games.count(target) != 0) {
      m.representative = target;
      m.relation = Relation::offset;
    }
  }
  return members;
}

CensusValues CensusValues::proven(Periodicity periodicity) {
  CensusValues v;
  v.periodicity_ = std::move(periodicity);
  return v;
}

CensusValues CensusValues::file(std::shared_ptr<const SequenceFile> file) {
  CensusValues v;
  v.file_ = std::move(file);
  return v;
}

CensusValues CensusValues::offset(std::shared_ptr<const CensusValues> representative) {
  CensusValues v;
  v.shifted_ = std::move(representative);
  return v;
}

CensusValues CensusValues::held(std::vector<Value> values) {
  CensusValues v;
  v.held_ = std::move(values);
  v.is_held_ = true;
  return v;
}

std::uint64_t CensusValues::count() const {
  if (is_held_) return held_.size();
  if (periodicity_) return kAll;
  if (file_) return file_->count();
  if (shifted_) return shifted_->count() == kAll ? kAll : shifted_->count() + 1;
  return 0;
}

Value CensusValues::at(std::uint64_t n) const {
  if (is_held_) return held_[n];
  if (periodicity_) return periodicity_->value_at(n);
  if (file_) return file_->at(n);
  return n == 0 ? 0 : shifted_->at(n - 1);
}

std::optional<CensusValues> stored_values(const StoredResult& stored,
                                          const CensusDatabase& database) {
  if (!stored.result.certificate.empty()) {
    PeriodCertificate c = parse_certificate(stored.result.certificate, kAll);
    return CensusValues::proven(std::move(c.periodicity));
  }
  const std::filesystem::path path = database.sequence_path(stored.result.game);
  if (!std::filesystem::exists(path)) return std::nullopt;
  std::shared_ptr<const SequenceFile> file = SequenceFile::open(path);
  if (file->game() != stored.result.game) {
    throw Error("the sequence file '" + path.string() + "' holds " + file->game() + ", not " +
                stored.result.game);
  }
  return CensusValues::file(std::move(file));
}

GameResult derived_result(const std::string& game, const GameResult& representative,
                          const CensusValues& rep, int shift) {
  const auto g = Engine::game(game);
  const PeriodicityTheorem theorem = periodicity_theorem(*g);
  GameResult r;
  r.game = g->name();
  r.engine = representative.engine;
  r.seconds = 0;
  const auto shifted = std::make_shared<const CensusValues>(rep);
  const CensusValues values = shift == 0 ? rep : CensusValues::offset(shifted);
  const std::string how = shift == 0 ? "equal to " + representative.game +
                                           " but for whole-heap moves, with equal first values "
                                           "(docs/theory/code-equivalence.md)"
                                     : "offset rule: g(n+1) = g(n) of " + representative.game +
                                           " (docs/theory/code-equivalence.md)";
  if (const auto& p = rep.periodicity()) {
    Periodicity q;
    std::uint64_t needed = 0;
    if (auto closed = closed_form_periodicity(theorem)) {
      q = std::move(*closed);  // the code's own closed form (Nim, Lasker's Nim, a residue)
    } else {
      q.period = p->period;
      q.saltus = p->saltus;
      q.preperiod =
          least_start(values, p->preperiod + static_cast<std::uint64_t>(shift), q.period, q.saltus);
      for (std::uint64_t n = 0; n < q.preperiod + q.period; ++n) {
        q.values.push_back(static_cast<std::uint32_t>(values.at(n)));
      }
      // The values the code's own theorem needs for this claim (the arithmetic check's point is
      // looked for up to a bound past the representative's).
      const std::uint64_t limit =
          2 * (representative.values_computed + q.preperiod + q.period) + 1024;
      needed = std::max(theorem.values_needed(q, limit), q.preperiod + q.period);
      q.values_checked = needed;
      q.proof = theorem.statement(q, needed, needed);
    }
    if (needed != ~std::uint64_t{0}) {
      r.census_class = needed <= kTrivialValues ? CensusClass::trivial : CensusClass::solved;
      r.values_computed = needed;
      r.preperiod = q.preperiod;
      r.period = q.period;
      r.saltus = q.saltus;
      r.theorem = std::string(theorem_kind_name(theorem.kind));
      r.proof = how + ", whose " + representative.proof;
      r.certificate = serialise_certificate(make_certificate(r.game, theorem, q));
      const std::uint64_t shown =
          std::clamp<std::uint64_t>(needed, q.preperiod + q.period, std::uint64_t{1} << 24);
      std::vector<std::uint32_t> known(shown);
      for (std::uint64_t n = 0; n < known.size(); ++n) {
        known[n] = static_cast<std::uint32_t>(values.at(n));
      }
      set_profile(value_profile(std::span<const std::uint32_t>(known)), r);
      return r;
    }
    // The code's own theorem does not reach this claim: the values are known, the code is open.
    r.census_class = CensusClass::open;
    r.values_computed = representative.values_computed + static_cast<std::uint64_t>(shift);
    r.regularity = q.saltus == 0 ? Regularity::periodic : Regularity::arithmetic_periodic;
    r.observed_preperiod = q.preperiod;
    r.observed_period = q.period;
    r.observed_saltus = q.saltus;
    r.observed_values_needed = needed;
    r.proof = how;
    return r;
  }
  // Open: the representative's values `shift` places later.
  const auto s = static_cast<std::uint64_t>(shift);
  r.census_class = CensusClass::open;
  r.values_computed = representative.values_computed + s;
  r.largest_value = representative.largest_value;
  r.largest_first = representative.largest_value == 0 ? 0 : representative.largest_first + s;
  // g(0) = 0 is rare under every mask (popcount 0 is even).
  r.rare_mask = representative.rare_mask;
  r.rare_count = representative.rare_count + s;
  r.last_rare = representative.last_rare ? *representative.last_rare + s : 0;
  r.regularity = representative.regularity;
  if (r.regularity == Regularity::periodic || r.regularity == Regularity::arithmetic_periodic) {
    r.observed_period = representative.observed_period;
    r.observed_saltus = representative.observed_saltus;
    r.observed_preperiod = least_start(values, representative.observed_preperiod + s,
                                       r.observed_period, r.observed_saltus);
    r.observed_values_needed = theorem.values_needed(r.observed_preperiod, r.observed_period);
  }
  r.stopped_by_time = representative.stopped_by_time;
  r.proof = how;
  return r;
}

void value_equivalences(const std::vector<std::string>& games,
                        const std::function<const CensusValues*(const std::string&)>& values,
                        std::vector<ValueEquivalence>& equivalences,
                        std::vector<NearMiss>& near_misses) {
  // Games grouped by their first kNearMissPrefix values (games with fewer known values are left
  // out); within a group, each game is compared with the class representatives found so far.
  std::map<std::vector<Value>, std::vector<std::size_t>> groups;
  std::vector<const CensusValues*> known(games.size(), nullptr);
  for (std::size_t k = 0; k < games.size(); ++k) {
    const CensusValues* v = values(games[k]);
    if (v == nullptr || v->count() < kNearMissPrefix) continue;
    known[k] = v;
    std::vector<Value> prefix(kNearMissPrefix);
    for (std::uint64_t n = 0; n < kNearMissPrefix; ++n) prefix[n] = v->at(n);
    groups[std::move(prefix)].push_back(k);
  }
  // The first n < limit where a and b differ, or nothing.
  const auto first_difference = [](const CensusValues& a, const CensusValues& b,
                                   std::uint64_t limit) -> std::optional<std::uint64_t> {
    for (std::uint64_t n = kNearMissPrefix; n < limit; ++n) {
      if (a.at(n) != b.at(n)) return n;
    }
    return std::nullopt;
  };
  for (const auto& [prefix, members] : groups) {
    std::vector<std::size_t> classes;  // representatives, in order
    for (std::size_t k : members) {
      const CensusValues& v = *known[k];
      bool placed = false;
      for (std::size_t r : classes) {
        const CensusValues& w = *known[r];
        const auto& pv = v.periodicity();
        const auto& pw = w.periodicity();
        if (pv && pw) {
          if (pv->preperiod == pw->preperiod && pv->period == pw->period &&
              pv->saltus == pw->saltus && pv->values == pw->values) {
            equivalences.push_back({games[k], games[r], Relation::proven_equal});
            placed = true;
            break;
          }
          continue;
        }
        const std::uint64_t limit = std::min(v.count(), w.count());
        if (!first_difference(v, w, limit)) {
          equivalences.push_back({games[k], games[r], Relation::observed});
          placed = true;
          break;
        }
      }
      if (!placed) classes.push_back(k);
    }
    // Near misses: distinct classes that share the prefix.
    for (std::size_t x = 0; x < classes.size(); ++x) {
      for (std::size_t y = x + 1; y < classes.size(); ++y) {
        const CensusValues& a = *known[classes[x]];
        const CensusValues& b = *known[classes[y]];
        const std::uint64_t limit = std::min({a.count(), b.count(), kMaxCompare});
        if (auto d = first_difference(a, b, limit)) {
          NearMiss m{games[classes[x]], games[classes[y]], *d};
          if (m.b < m.a) std::swap(m.a, m.b);
          near_misses.push_back(std::move(m));
        }
      }
    }
  }
}

}  // namespace grundy
