// Adding a heap to a verified quotient that does not grow (docs/theory/misere-quotients.md,
// "Adding a heap to a verified quotient"): the interpolation lemma first, the closure of the
// stored pairs under the new letter second.
#include "quotient_extension.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

#include "grundy/core/checked.hpp"

namespace grundy::detail {

namespace {

/// Each byte's eight bits as eight bytes of 0 or 1 (bit i to byte i).
constexpr std::array<std::uint64_t, 256> kSpread = [] {
  std::array<std::uint64_t, 256> t{};
  for (std::uint32_t b = 0; b < 256; ++b) {
    for (std::uint32_t i = 0; i < 8; ++i) {
      if (((b >> i) & 1U) != 0) t[b] |= std::uint64_t{1} << (8 * i);
    }
  }
  return t;
}();

/// Bitsets up to this many bits are spread into bytes on the stack first.
constexpr std::uint32_t kSpreadBits = 8192;

}  // namespace

void permute_bits(const std::uint32_t* map, std::uint32_t n, const std::uint64_t* in,
                  std::uint64_t* out) {
  const std::uint32_t whole = n / 64;
  if (n <= kSpreadBits) {
    // in's bits spread into one byte each (eight at a time, by a table), so that each bit of out
    // is one byte load: two dependent loads, a shift and an or, instead of also picking the word
    // and the bit in it.
    std::array<std::uint8_t, kSpreadBits> bytes;
    const std::uint32_t in_bytes = (n + 7) / 8;
    for (std::uint32_t i = 0; i < in_bytes; ++i) {
      const std::uint64_t spread = kSpread[(in[i / 8] >> (8 * (i % 8))) & 0xff];
      std::memcpy(&bytes[8 * static_cast<std::size_t>(i)], &spread, 8);
    }
    for (std::uint32_t w = 0; w < whole; ++w) {
      const std::uint32_t* m = map + 64 * static_cast<std::size_t>(w);
      std::uint64_t a = 0, b = 0;  // two chains, for the processor to overlap
      for (std::uint32_t i = 0; i < 64; i += 2) {
        a |= std::uint64_t{bytes[m[i]]} << i;
        b |= std::uint64_t{bytes[m[i + 1]]} << (i + 1);
      }
      out[w] = a | b;
    }
    if (n % 64 != 0) {
      std::uint64_t word = 0;
      for (std::uint32_t i = 0; whole * 64 + i < n; ++i) {
        word |= std::uint64_t{bytes[map[whole * 64 + i]]} << i;
      }
      out[whole] = word;
    }
    return;
  }
  // A word at a time, kept in a register; whole words by a loop of fixed length.
  const auto bit = [&](std::uint32_t z) { return (in[map[z] / 64] >> (map[z] % 64)) & 1; };
  for (std::uint32_t w = 0; w < whole; ++w) {
    std::uint64_t word = 0;
    for (std::uint32_t b = 0; b < 64; ++b) word |= bit(w * 64 + b) << b;
    out[w] = word;
  }
  if (n % 64 != 0) {
    std::uint64_t word = 0;
    for (std::uint32_t b = 0; whole * 64 + b < n; ++b) word |= bit(whole * 64 + b) << b;
    out[whole] = word;
  }
}

bool PairStore::dominated(std::uint32_t y, const std::uint64_t* f, QuotientWork& work) const {
  const auto& ids = by_class_[y];
  work.spend(ids.size() * words_ + 1);
  for (std::uint32_t j : ids) {
    const std::uint64_t* g = bits(j);
    bool subset = true;
    for (std::size_t w = 0; w < words_ && subset; ++w) subset = (g[w] & ~f[w]) == 0;
    if (subset) return true;
  }
  return false;
}

void PairStore::store(std::uint32_t y, const std::uint64_t* f, const Limits& limits,
                      const std::string& what) {
  if ((classes_.size() & 1023) == 0) {
    require_memory(limits, bytes_for(classes_.size() + 1024, words_ * 8 + 8), what);
  }
  by_class_[y].push_back(static_cast<std::uint32_t>(classes_.size()));
  classes_.push_back(y);
  bits_.insert(bits_.end(), f, f + words_);
}

void PairStore::truncate(std::uint64_t size) {
  while (classes_.size() > size) {
    by_class_[classes_.back()].pop_back();
    classes_.pop_back();
  }
  bits_.resize(size * words_);
}

StableExtension::StableExtension(const BipartiteMonoid& q, VerifiedPairs record,
                                 const Limits& limits)
    : q_(q),
      v_(std::move(record)),
      limits_(limits),
      words_(v_.pairs.words()),
      compatible_(std::size_t{q.order} * words_, 0),
      has_compatible_(q.order, false),
      what_("verifying a quotient of " + std::to_string(q.order) + " elements") {}

const std::uint64_t* StableExtension::compatible(std::uint32_t x, QuotientWork& work) {
  std::uint64_t* m = &compatible_[std::size_t{x} * words_];
  if (!has_compatible_[x]) {
    has_compatible_[x] = true;
    const std::uint64_t* cx = &v_.columns[std::size_t{x} * words_];
    for (std::uint32_t t = 0; t < q_.order; ++t) {
      const std::uint64_t* ct = &v_.columns[std::size_t{t} * words_];
      bool apart = true;
      for (std::size_t w = 0; w < words_ && apart; ++w) apart = (cx[w] & ct[w]) == 0;
      if (apart) m[t / 64] |= std::uint64_t{1} << (t % 64);
    }
    work.spend(std::uint64_t{q_.order} * words_ + 1);
  }
  return m;
}

bool StableExtension::extend(const Letter& l, std::uint32_t y, const std::uint64_t* f,
                             std::uint32_t& out_y, std::uint64_t* out, QuotientWork& work) const {
  // F_{G+h}(z) = F_G(z·Φ(h)) or [some t in T(h) has z·Φ(G)·t in P].
  const std::uint32_t n = q_.order;
  permute_bits(&q_.table[std::size_t{l.phi} * n], n, f, out);
  for (std::uint32_t t : l.transitions) {
    const std::uint64_t* col = &v_.columns[std::size_t{q_.product(y, t)} * words_];
    for (std::size_t w = 0; w < words_; ++w) out[w] |= col[w];
  }
  work.spend(n + l.transitions.size() * words_);
  out_y = q_.product(y, l.phi);
  return q_.p_portion[out_y] || (out[0] & 1) != 0;
}

bool StableExtension::closes(const Letter& added, QuotientWork& work) {
  PairStore& pairs = v_.pairs;
  const std::uint64_t before = pairs.size();
  std::vector<std::uint64_t> next(words_);
  std::vector<std::uint64_t> to_extend;
  // Extends pair i by l: a failure ends the closure; a pair no stored pair is contained in is
  // stored and extended in its turn.
  const auto step = [&](const Letter& l, std::uint64_t i) {
    std::uint32_t y = 0;
    if (!extend(l, pairs.class_of(i), pairs.bits(i), y, next.data(), work)) return false;
    if (!pairs.dominated(y, next.data(), work)) {
      to_extend.push_back(pairs.size());
      pairs.store(y, next.data(), limits_, what_);
    }
    return true;
  };
  bool holds = true;
  for (std::uint64_t i = 0; i < before && holds; ++i) holds = step(added, i);
  while (holds && !to_extend.empty()) {
    const std::uint64_t i = to_extend.back();
    to_extend.pop_back();
    for (const Letter& l : v_.letters) {
      holds = step(l, i);
      if (!holds) break;
    }
    if (holds) holds = step(added, i);
  }
  if (!holds) {
    pairs.truncate(before);
    return false;
  }
  v_.letters.push_back(added);
  return true;
}

std::optional<std::uint32_t> StableExtension::place(std::uint32_t heap,
                                                    std::span<const std::uint32_t> images,
                                                    QuotientWork& work) {
  // T(h) as a bitset (a heap of n tokens has about n options, in a few classes), then as a list.
  std::vector<std::uint64_t> options(words_, 0), f(words_, 0);
  for (std::uint32_t t : images) options[t / 64] |= std::uint64_t{1} << (t % 64);
  Letter added{heap, 0, {}};
  for (std::size_t w = 0; w < words_; ++w) {
    for (std::uint64_t bits = options[w]; bits != 0; bits &= bits - 1) {
      added.transitions.push_back(static_cast<std::uint32_t>(w * 64) +
                                  static_cast<std::uint32_t>(std::countr_zero(bits)));
    }
  }
  // F_h (bit z: some t in T(h) has z·t in P), and whether h alone is in P.
  bool p_option = false;
  for (std::uint32_t t : added.transitions) {
    const std::uint64_t* col = &v_.columns[std::size_t{t} * words_];
    for (std::size_t w = 0; w < words_; ++w) f[w] |= col[w];
    p_option = p_option || q_.p_portion[t];
  }
  work.spend(images.size() + added.transitions.size() * words_ + 1);
  std::vector<std::uint32_t> classes;
  for (std::uint32_t x = 0; x < q_.order; ++x) {
    // Alone, h is in P iff none of its options is.
    if (q_.p_portion[x] == p_option) continue;
    // No P-position may move to a P-position: for every z, not both x·z and t·z in P.
    const std::uint64_t* m = compatible(x, work);
    bool inside = true;
    for (std::size_t w = 0; w < words_ && inside; ++w) inside = (options[w] & ~m[w]) == 0;
    work.spend(words_);
    if (!inside) continue;
    // The interpolation lemma: a sum G0 of class x with F_G0 ⊆ F_h stands for h in every sum.
    if (v_.pairs.dominated(x, f.data(), work)) {
      ++by_interpolation;
      return x;
    }
    classes.push_back(x);
  }
  // At most one class verifies (a reduced quotient generated by the smaller heaps has one Φ(h)).
  for (std::uint32_t x : classes) {
    added.phi = x;
    if (closes(added, work)) {
      ++by_closure;
      return x;
    }
  }
  ++refused;
  return std::nullopt;
}

}  // namespace grundy::detail
