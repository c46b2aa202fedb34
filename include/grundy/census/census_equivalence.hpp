#pragma once
/// \file Equivalences in a census, of two kinds said apart. Proven from the codes: two codes whose
/// digits allow the same moves are one game (`0.770` is `0.77`), and the offset rule
/// (docs/theory/code-equivalence.md) gives g(n+1) of a code with d1 even from g(n) of another:
/// such a code is not computed, its result is derived. Found from the values: computed games with
/// equal values up to the n computed (observed), or both solved with the same preperiod, period,
/// saltus and values (proven equal); and near misses, games whose values agree on a long prefix
/// and then differ, with the position of their first difference.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "grundy/analysis/periodicity.hpp"
#include "grundy/census/census_database.hpp"
#include "grundy/census/census_family.hpp"
#include "grundy/core/sequence_file.hpp"
#include "grundy/engine/engine.hpp"

namespace grundy {

/// The members of `family` in order, each with its canonical game and its proven relation from
/// the codes: `same_moves` to the canonical game when the code is written differently;
/// `proven_equal` to the first code that differs from it only in moves taking a whole heap
/// (bit 1 of a digit) and has the same g(0..t) (docs/theory/code-equivalence.md: then equal
/// forever); else `offset` to the game the offset rule maps it to when that game is also in the
/// family; else itself. The values g(0..t) are the engine's (`Engine::seq`).
std::vector<CensusMember> census_members(const CensusFamily& family, const Engine& engine);

/// How far a member's values are from its representative's: g(n + shift) = g_rep(n) (1 for the
/// offset rule, 0 for an equality).
inline int relation_shift(Relation r) {
  return r == Relation::offset ? 1 : 0;
}

/// The values of one game of the census as far as they are known: every n through a proven
/// period, or g(0..count-1) from its sequence file; an offset game's are its representative's
/// one place later, with g(0) = 0.
class CensusValues {
 public:
  static CensusValues proven(Periodicity periodicity);
  static CensusValues file(std::shared_ptr<const SequenceFile> file);
  static CensusValues offset(std::shared_ptr<const CensusValues> representative);
  /// g(0..values.size()-1) held in memory.
  static CensusValues held(std::vector<Value> values);

  /// How many values are known (2^64-1: all of them).
  std::uint64_t count() const;
  Value at(std::uint64_t n) const;
  const std::optional<Periodicity>& periodicity() const { return periodicity_; }

 private:
  std::optional<Periodicity> periodicity_;
  std::shared_ptr<const SequenceFile> file_;
  std::shared_ptr<const CensusValues> shifted_;
  std::vector<Value> held_;
  bool is_held_ = false;
};

/// The values a stored result stands for: its certificate's periodicity, or its sequence file in
/// `database`'s directory. Nothing when neither is there.
std::optional<CensusValues> stored_values(const StoredResult& stored,
                                          const CensusDatabase& database);

/// The result of a code whose values are its representative's `shift` places later
/// (g(n + shift) = g_rep(n), shift 0 or 1, with g(0) = 0 for shift 1): a proven representative
/// gives the code its own least preperiod, the same period and saltus, and a certificate of its
/// own (checked by `census verify` against the code's own moves); an open one gives the values
/// and what they show, `shift` places later.
GameResult derived_result(const std::string& game, const GameResult& representative,
                          const CensusValues& representative_values, int shift);

/// Values agreeing on at least this many first values, then differing, make a near miss.
inline constexpr std::uint64_t kNearMissPrefix = 100;
/// First differences of two proven games are looked for up to this many values.
inline constexpr std::uint64_t kMaxCompare = std::uint64_t{1} << 26;

/// Equivalences among `games` (canonical specs, in the family's order, each with its values):
/// each game equal to an earlier one gets that one's class representative (observed, or proven
/// equal), and near misses between class representatives.
void value_equivalences(const std::vector<std::string>& games,
                        const std::function<const CensusValues*(const std::string&)>& values,
                        std::vector<ValueEquivalence>& equivalences,
                        std::vector<NearMiss>& near_misses);

}  // namespace grundy
