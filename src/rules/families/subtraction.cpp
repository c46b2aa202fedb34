// Subtraction games: a move removes s tokens for some s in a set S (`sub(...)`), or any number
// of tokens except those in a finite set (`allbut(...)`).
#include "grundy/rules/families/subtraction.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "grundy/core/enum_names.hpp"
#include "grundy/rules/heap_game.hpp"
#include "grundy/rules/registry.hpp"

namespace grundy {
namespace {

using Interval = SubtractionSet::Interval;
using NamedSet = SubtractionSet::Named;

constexpr std::array<std::pair<NamedSet, std::string_view>, 4> kNamedSets{{
    {NamedSet::fib, "fib"},
    {NamedSet::pow2, "pow2"},
    {NamedSet::squares, "squares"},
    {NamedSet::factorials, "factorials"},
}};

/// Walks a named set in increasing order: `value()` is the current element until `done()`.
class NamedCursor {
 public:
  explicit NamedCursor(NamedSet set) : set_(set) {
    switch (set) {
      case NamedSet::fib:
        cur_ = 1, aux_ = 2;
        break;  // 1, 2, 3, 5, 8, ...
      case NamedSet::pow2:
        cur_ = 1;
        break;  // 1, 2, 4, ...
      case NamedSet::squares:
        cur_ = 1, aux_ = 1;
        break;  // aux = k, cur = k^2
      case NamedSet::factorials:
        cur_ = 1, aux_ = 2;
        break;  // 1, 2, 6, 24, ... (aux = next factor)
    }
  }
  bool done() const { return done_; }
  std::uint64_t value() const { return cur_; }
  void advance() {
    switch (set_) {
      case NamedSet::fib:
        if (pending_last_) return finish();
        if (aux_ > kMaxCoordinate - cur_) {
          // The last Fibonacci number below 2^63 has no successor there, but is an element.
          cur_ = aux_;
          pending_last_ = true;
          return;
        }
        std::tie(cur_, aux_) = std::pair{aux_, cur_ + aux_};
        return;
      case NamedSet::pow2:
        if (cur_ > (kMaxCoordinate >> 1)) return finish();
        cur_ *= 2;
        return;
      case NamedSet::squares:
        if (aux_ >= 3037000499ULL) return finish();  // 3037000499^2 < 2^63 <= 3037000500^2
        ++aux_;
        cur_ = aux_ * aux_;
        return;
      case NamedSet::factorials:
        if (cur_ > kMaxCoordinate / aux_) return finish();
        cur_ *= aux_++;
        return;
    }
  }

 private:
  void finish() { done_ = true; }
  NamedSet set_;
  std::uint64_t cur_ = 0, aux_ = 0;
  bool done_ = false, pending_last_ = false;
};

bool named_contains(NamedSet set, std::uint64_t v) {
  return named_set_contains(set, v);
}

std::vector<Interval> normalise(std::vector<Interval> parts) {
  std::sort(parts.begin(), parts.end(), [](Interval a, Interval b) { return a.lo < b.lo; });
  std::vector<Interval> merged;
  for (Interval iv : parts) {
    if (!merged.empty() && iv.lo <= merged.back().hi + 1) {
      merged.back().hi = std::max(merged.back().hi, iv.hi);
    } else {
      merged.push_back(iv);
    }
  }
  return merged;
}

/// Canonical text of a finite set: every element (ranges expanded, as the CLI contract asks) up
/// to 1000 elements; a larger set keeps `a..b` for its runs so the name stays readable.
std::string format_intervals(const std::vector<Interval>& set) {
  std::uint64_t total = 0;
  for (Interval iv : set) total += std::min<std::uint64_t>(iv.hi - iv.lo + 1, 1001);
  const bool expand = total <= 1000;
  std::string out;
  auto add = [&](const std::string& s) {
    if (!out.empty()) out += ',';
    out += s;
  };
  for (Interval iv : set) {
    if (expand || iv.hi - iv.lo < 2) {
      for (std::uint64_t v = iv.lo;; ++v) {
        add(std::to_string(v));
        if (v == iv.hi) break;
      }
    } else {
      add(std::to_string(iv.lo) + ".." + std::to_string(iv.hi));
    }
  }
  return out;
}

struct ParsedSet {
  std::vector<Interval> finite;
  std::vector<NamedSet> named;
};

/// item (',' item)*, item = N | A..B | fib | pow2 | squares | factorials
ParsedSet parse_set(Scanner& in, bool allow_named, std::string_view what) {
  ParsedSet set;
  do {
    in.skip_spaces();
    if (std::isalpha(static_cast<unsigned char>(in.peek()))) {
      const std::size_t at = in.offset();
      const std::string_view word = in.identifier();
      const std::optional<NamedSet> named = enum_from_name(kNamedSets, word);
      if (!named || !allow_named) {
        in.fail_at(at, "expected a positive integer, a range a..b" +
                           std::string(allow_named ? ", fib, pow2, squares or factorials" : "") +
                           " in " + std::string(what) + ", found '" + std::string(word) + "'");
      }
      if (std::find(set.named.begin(), set.named.end(), *named) == set.named.end()) {
        set.named.push_back(*named);
      }
    } else {
      const std::size_t at = in.offset();
      const std::uint64_t lo = in.unsigned_integer("a positive integer", kMaxCoordinate);
      if (lo == 0)
        in.fail_at(
            at, "the elements of " + std::string(what) + " must be positive (0 would be a pass)");
      std::uint64_t hi = lo;
      if (in.accept("..")) {
        const std::size_t hi_at = in.offset();
        hi = in.unsigned_integer("the end of the range", kMaxCoordinate);
        if (hi < lo) {
          in.fail_at(hi_at, "empty range " + std::to_string(lo) + ".." + std::to_string(hi));
        }
      }
      set.finite.push_back({lo, hi});
    }
    in.skip_spaces();
  } while (in.accept(','));
  std::sort(set.named.begin(), set.named.end());
  return set;
}

/// Whether some element of the named set below 2^63 is a multiple of q >= 2; nothing when that is
/// not cheap to decide (squares when q^2 passes 2^63).
std::optional<bool> named_has_multiple(NamedSet set, std::uint64_t q) {
  if (set == NamedSet::squares) {
    if (q <= 3037000499ULL) return true;  // q^2
    return std::nullopt;
  }
  // Fibonacci numbers, powers of two and factorials below 2^63: fewer than 100 each.
  for (NamedCursor c(set); !c.done(); c.advance()) {
    if (c.value() % q == 0) return true;
  }
  return false;
}

/// Residue theorem: if S contains 1, ..., q-1 and no multiple of q, then g(n) = n mod q. Proof by
/// induction on n: an option n - s (s in S) is not congruent to n, since q does not divide s, so
/// its value (n - s) mod q differs from n mod q; and for each r < n mod q the element
/// s = (n mod q) - r is in S (it lies in 1..q-1) and at most n, giving an option of value r. So
/// the mex is n mod q. Bash's game S = {1..m} is the case q = m + 1 (Bouton's subtraction game).
/// Only one q can qualify: with L the largest such that 1..L are all in S, q - 1 <= L, and a
/// q <= L is itself in S, so q = L + 1. Returns that q when the theorem applies.
std::optional<std::uint64_t> residue_modulus(const std::vector<Interval>& finite,
                                             const std::vector<NamedSet>& named) {
  std::uint64_t run = 0;  // 1..run are in S
  while (run < kMaxCoordinate) {
    const std::uint64_t next = run + 1;
    auto in = std::find_if(finite.begin(), finite.end(),
                           [&](Interval iv) { return iv.lo <= next && next <= iv.hi; });
    if (in != finite.end()) {
      run = in->hi;
    } else if (std::any_of(named.begin(), named.end(),
                           [&](NamedSet s) { return named_set_contains(s, next); })) {
      run = next;
    } else {
      break;
    }
  }
  if (run == 0) return std::nullopt;
  const std::uint64_t q = run + 1;  // at most 2^63: no overflow
  for (Interval iv : finite) {
    // The least multiple of q at or above lo (lo + q < 2^64).
    const std::uint64_t first = iv.lo % q == 0 ? iv.lo : iv.lo - iv.lo % q + q;
    if (first <= iv.hi) return std::nullopt;
  }
  for (NamedSet s : named) {
    if (named_has_multiple(s, q).value_or(true)) return std::nullopt;
  }
  return q;
}

class Subtraction final : public HeapGame {
 public:
  Subtraction(std::string name, std::vector<Interval> finite, std::vector<NamedSet> named)
      : HeapGame(std::move(name)),
        set_{.all_but = false, .finite = std::move(finite), .named = std::move(named)},
        finite_(set_.finite),
        named_(set_.named),
        modulus_(residue_modulus(finite_, named_)) {
    GameTraits traits = this->traits();
    traits.subtraction = &set_;
    // Bash's game and sets of whole residue classes: a closed form.
    traits.formula_values = modulus_.has_value();
    set_traits(traits);
  }

  std::optional<Value> formula_value(const Position& p) const override {
    if (!modulus_) return std::nullopt;
    return p.x % *modulus_;
  }

  std::optional<std::uint64_t> formula_options_with_value(const Position& p, Value target,
                                                          std::size_t limit,
                                                          OptionVisitor& visit) const override {
    if (!modulus_) return std::nullopt;
    // Under the residue theorem heap n - s has value t iff s = n - t (mod q).
    const std::uint64_t q = *modulus_;
    const std::uint64_t n = p.x;
    if (target >= q) return 0;
    const std::uint64_t at = n % q;
    const std::uint64_t r = at >= target ? at - target : at + (q - target);
    if (r == 0) return 0;  // S has no multiple of q
    // The elements s <= n with s = r (mod q), as runs walked downwards (largest s first, so the
    // heaps left come in increasing order): an arithmetic run per range, one per named element.
    struct Run {
      std::uint64_t next, last;  // both = r (mod q), next >= last
      bool live = true;
    };
    std::vector<Run> runs;
    std::uint64_t count = 0;
    for (Interval iv : finite_) {
      if (iv.lo > n) break;
      const std::uint64_t hi = std::min(iv.hi, n);
      const std::uint64_t lo_rem = iv.lo % q;
      // lo + a remainder below q stays below 2^64 (lo < 2^63, q <= 2^63).
      const std::uint64_t first = iv.lo + (r >= lo_rem ? r - lo_rem : r + (q - lo_rem));
      if (first > hi) continue;
      const std::uint64_t last = hi - (hi % q >= r ? hi % q - r : hi % q + (q - r));
      runs.push_back({last, first});
      count += (last - first) / q + 1;
    }
    std::vector<std::uint64_t> singles;
    for (NamedSet s : named_) {
      for (std::uint64_t e : named_set_elements(s, n)) {
        if (e % q == r && !set_contains_finite(e)) singles.push_back(e);
      }
    }
    std::sort(singles.begin(), singles.end());
    singles.erase(std::unique(singles.begin(), singles.end()), singles.end());
    count += singles.size();
    for (std::uint64_t e : singles) runs.push_back({e, e});
    for (std::size_t given = 0; given < limit; ++given) {
      Run* best = nullptr;
      for (Run& run : runs) {
        if (run.live && (best == nullptr || run.next > best->next)) best = &run;
      }
      if (best == nullptr) break;
      const std::uint64_t s = best->next;
      if (s - best->last >= q) {
        best->next = s - q;
      } else {
        best->live = false;
      }
      const Position left{n - s, 0};
      if (left.x == 0)
        visit.option({});
      else
        visit.option(std::span<const Position>(&left, 1));
    }
    return count;
  }

  static std::shared_ptr<const Game> make(Scanner* args) {
    if (args == nullptr || args->rest().find_first_not_of(" \t") == std::string_view::npos) {
      if (args == nullptr) throw SpecError(1, "sub needs a subtraction set, e.g. sub(1,3,4)");
      args->fail("empty subtraction set: sub needs at least one element, e.g. sub(1,3,4)");
    }
    ParsedSet set = parse_set(*args, true, "a subtraction set");
    std::vector<Interval> finite = normalise(std::move(set.finite));
    // Elements already in a named set add nothing: drop them so equal games print alike.
    std::vector<Interval> kept;
    for (Interval iv : finite) {
      if (iv.hi - iv.lo > 64 || set.named.empty()) {
        kept.push_back(iv);
        continue;
      }
      for (std::uint64_t v = iv.lo;; ++v) {
        const bool covered = std::any_of(set.named.begin(), set.named.end(),
                                         [&](NamedSet s) { return named_contains(s, v); });
        if (!covered) kept.push_back({v, v});
        if (v == iv.hi) break;
      }
    }
    kept = normalise(std::move(kept));
    std::string name = format_intervals(kept);
    for (NamedSet s : set.named) {
      if (!name.empty()) name += ',';
      name += enum_name(kNamedSets, s, "");
    }
    return std::make_shared<const Subtraction>("sub(" + name + ")", std::move(kept),
                                               std::move(set.named));
  }

  void options(const Position& p, OptionVisitor& visit) const override {
    // Merge the finite intervals and the named sets into one increasing, duplicate-free stream.
    const std::uint64_t n = p.x;
    std::array<std::optional<NamedCursor>, kNamedSets.size()> cursors;
    for (std::size_t i = 0; i < named_.size(); ++i) cursors[i].emplace(named_[i]);
    std::size_t iv = 0;
    std::uint64_t last = 0;  // the largest element given so far (elements are >= 1)
    while (true) {
      // No element left is "none", not 2^64-1: a heap of 2^64-1 must not take it for one.
      std::optional<std::uint64_t> next;
      while (iv < finite_.size() && finite_[iv].hi <= last) ++iv;
      if (iv < finite_.size()) next = std::max(finite_[iv].lo, last + 1);
      for (auto& c : cursors) {
        if (!c) continue;
        while (!c->done() && c->value() <= last) c->advance();
        if (!c->done()) next = std::min(next.value_or(c->value()), c->value());
      }
      if (!next || *next > n) return;
      const Position left{n - *next, 0};
      if (left.x == 0)
        visit.option({});
      else
        visit.option(std::span<const Position>(&left, 1));
      last = *next;
    }
  }

 private:
  bool set_contains_finite(std::uint64_t s) const {
    return std::any_of(finite_.begin(), finite_.end(),
                       [&](Interval iv) { return iv.lo <= s && s <= iv.hi; });
  }

  SubtractionSet set_;
  const std::vector<Interval>& finite_;
  const std::vector<NamedSet>& named_;
  /// q of the residue theorem when it applies: g(n) = n mod q.
  std::optional<std::uint64_t> modulus_;
};

class AllBut final : public HeapGame {
 public:
  AllBut(std::string name, std::vector<Interval> excluded)
      : HeapGame(std::move(name)),
        set_{.all_but = true, .finite = std::move(excluded), .named = {}},
        excluded_(set_.finite) {
    GameTraits traits = this->traits();
    traits.subtraction = &set_;
    set_traits(traits);
  }

  static std::shared_ptr<const Game> make(Scanner* args) {
    if (args == nullptr || args->rest().find_first_not_of(" \t") == std::string_view::npos) {
      if (args == nullptr)
        throw SpecError(1, "allbut needs the excluded numbers, e.g. allbut(1,2)");
      args->fail(
          "allbut needs at least one excluded number, e.g. allbut(1,2) (with none it is nim)");
    }
    ParsedSet set = parse_set(*args, false, "an excluded set");
    std::vector<Interval> excluded = normalise(std::move(set.finite));
    return std::make_shared<const AllBut>("allbut(" + format_intervals(excluded) + ")",
                                          std::move(excluded));
  }

  void options(const Position& p, OptionVisitor& visit) const override {
    const std::uint64_t n = p.x;
    std::size_t iv = 0;
    for (std::uint64_t s = 1; s <= n; ++s) {
      while (iv < excluded_.size() && excluded_[iv].hi < s) ++iv;
      if (iv < excluded_.size() && excluded_[iv].lo <= s) {
        s = excluded_[iv].hi;
        continue;
      }
      const Position left{n - s, 0};
      if (left.x == 0)
        visit.option({});
      else
        visit.option(std::span<const Position>(&left, 1));
    }
  }

 private:
  SubtractionSet set_;
  const std::vector<Interval>& excluded_;
};

const FamilyRegistration kSub{Family{
    .name = "sub",
    .syntax = "sub(1,3,4) | sub(1..3) | sub(fib) | sub(pow2) | sub(squares) | sub(factorials)",
    .summary = "subtraction game: remove s tokens for s in the set (finite sets, ranges, "
               "infinite named sets, or a mix)",
    .arguments = Arguments::required,
    .examples = {"sub(1,3)", "sub(1..3)", "sub(2,3,7)", "sub(1,3,4)", "sub(fib)", "sub(pow2)",
                 "sub(squares)", "sub(factorials)", "sub(2,squares,fib)"},
    .make = &Subtraction::make,
}};

const FamilyRegistration kAllBut{Family{
    .name = "allbut",
    .syntax = "allbut(1,2)",
    .summary = "all-but subtraction game: remove any positive number of tokens except those listed",
    .arguments = Arguments::required,
    .examples = {"allbut(1)", "allbut(1,2)", "allbut(2..4,7)"},
    .make = &AllBut::make,
}};

}  // namespace

bool named_set_contains(SubtractionSet::Named set, std::uint64_t v) {
  if (set == NamedSet::squares) {
    // Walking the squares up to v takes sqrt(v) steps (10^9 near 2^63: the spec harness's
    // timeout on `sub(squares,154279468449025956)`); the root is direct.
    const std::uint64_t k = named_set_count(set, v);
    return v != 0 && k * k == v;
  }
  // The other sets grow exponentially: fewer than 100 steps below 2^63.
  NamedCursor c(set);
  while (!c.done() && c.value() < v) c.advance();
  return !c.done() && c.value() == v;
}

std::vector<std::uint64_t> named_set_elements(SubtractionSet::Named set, std::uint64_t up_to) {
  std::vector<std::uint64_t> out;
  for (NamedCursor c(set); !c.done() && c.value() <= up_to; c.advance()) out.push_back(c.value());
  return out;
}

std::uint64_t named_set_count(SubtractionSet::Named set, std::uint64_t up_to) {
  if (set == NamedSet::squares) {
    // floor(sqrt(up_to)), within the squares below 2^63.
    std::uint64_t k = std::min<std::uint64_t>(
        static_cast<std::uint64_t>(std::sqrt(static_cast<double>(up_to))), 3037000499ULL);
    while (k > 0 && k * k > up_to) --k;
    while (k < 3037000499ULL && (k + 1) * (k + 1) <= up_to) ++k;
    return k;
  }
  // The other sets grow exponentially: fewer than 100 elements below 2^63.
  std::uint64_t count = 0;
  for (NamedCursor c(set); !c.done() && c.value() <= up_to; c.advance()) ++count;
  return count;
}

bool SubtractionSet::contains(std::uint64_t s) const {
  if (s == 0) return false;
  bool in_finite = false;
  for (const Interval& iv : finite) in_finite = in_finite || (iv.lo <= s && s <= iv.hi);
  if (all_but) return !in_finite;
  return in_finite ||
         std::any_of(named.begin(), named.end(), [&](Named n) { return named_set_contains(n, s); });
}

std::optional<std::uint64_t> SubtractionSet::count_up_to(std::uint64_t n) const {
  if (!named.empty()) return std::nullopt;
  std::uint64_t in_finite = 0;  // at most n: no overflow
  for (const Interval& iv : finite) {
    if (iv.lo <= n) in_finite += std::min(iv.hi, n) - iv.lo + 1;
  }
  return all_but ? n - in_finite : in_finite;
}

std::optional<std::uint64_t> SubtractionSet::max_element() const {
  if (all_but || !named.empty() || finite.empty()) return std::nullopt;
  return finite.back().hi;
}

std::optional<std::uint64_t> SubtractionSet::residue_modulus() const {
  if (all_but) return std::nullopt;
  return grundy::residue_modulus(finite, named);
}

}  // namespace grundy
