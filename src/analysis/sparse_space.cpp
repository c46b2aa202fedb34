// The sparse-space algorithm: each heap's mex over the common/rare split, and the mask.

#include "grundy/analysis/sparse_space.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <string>

#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "grundy/solve/solver_choice.hpp"
#include "sparse_scan.hpp"
#include "sparse_space_state.hpp"

namespace grundy {
namespace detail {
namespace {

/// The first v in [from, limit] with neither a[v] nor b[v] set (bytes 0 or 1), else limit.
Value first_clear(const std::uint8_t* a, const std::uint8_t* b, Value from, Value limit) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
  Value v = from;
  for (; v + 8 <= limit + 1; v += 8) {
    std::uint64_t x, y;
    std::memcpy(&x, a + v, 8);
    std::memcpy(&y, b + v, 8);
    const std::uint64_t clear = (x | y) ^ kOnes;
    if (clear != 0) return v + static_cast<Value>(std::countr_zero(clear) / 8);
  }
  for (; v <= limit; ++v) {
    if ((a[v] | b[v]) == 0) return v;
  }
  return limit;
}

/// The first v in [from, limit] with neither bit v of a nor of b set, else limit.
Value first_clear_bit(const std::uint64_t* a, const std::uint64_t* b, Value from, Value limit) {
  for (Value w = from >> 6; w <= (limit >> 6); ++w) {
    std::uint64_t clear = ~(a[w] | b[w]);
    if (w == (from >> 6)) clear &= ~std::uint64_t{0} << (from & 63);
    if (clear != 0) return std::min<Value>(limit, w * 64 + std::countr_zero(clear));
  }
  return limit;
}

/// Bytes seen[0..8·words-1] (each 0 or 1) as bits.
void pack_bits(const std::uint8_t* seen, std::uint64_t* bits, std::size_t words) {
  for (std::size_t w = 0; w < words; ++w) {
    std::uint64_t word = 0;
    for (int k = 0; k < 8; ++k) {
      std::uint64_t x;
      std::memcpy(&x, seen + 64 * w + 8 * k, 8);
      // Byte j of x (0 or 1) lands on bit 56 + j: no two terms share a bit, so no carries.
      word |= ((x * 0x0102040810204080ULL) >> 56) << (8 * k);
    }
    bits[w] = word;
  }
}

}  // namespace

SparseSpace::SparseSpace(TakeBreakCode code, Limits limits)
    : code_(std::move(code)),
      own_store_(std::make_unique<MemoryValueStore>(limits)),
      store_(own_store_.get()) {
  if (!SparseSpaceSolver::supports(code_)) {
    throw Error(
        "the sparse-space algorithm does not handle moves that leave three heaps, nor codes whose "
        "digits repeat forever");
  }
  adopt(0);
}

SparseSpace::SparseSpace(TakeBreakCode code, ValueStore& store, std::uint64_t count)
    : code_(std::move(code)), store_(&store) {
  if (!SparseSpaceSolver::supports(code_)) {
    throw Error(
        "the sparse-space algorithm does not handle moves that leave three heaps, nor codes whose "
        "digits repeat forever");
  }
  adopt(count);
}

void SparseSpace::adopt(std::uint64_t count) {
  for (std::uint64_t k = 0; k < code_.digits.size(); ++k) {
    if (code_.digits[k] & kLeaveNothing) nothing_at_.push_back(k);
    if (code_.digits[k] & kLeaveOne) one_at_.push_back(k);
    if (code_.digits[k] & kLeaveTwo) two_at_.push_back(k);
  }
  hist_.assign(1, 0);
  value_bits_ = 0;
  size_ = count;
  for (std::uint64_t n = 0; n < count; ++n) {
    const Value v = at(n);
    while (v >= (Value{1} << value_bits_)) ++value_bits_;
    if (hist_.size() < (std::size_t{1} << value_bits_)) hist_.resize(std::size_t{1} << value_bits_);
    ++hist_[v];
  }
  choose_mask();
}

void SparseSpace::rebuild_classes() {
  const Value limit = Value{1} << value_bits_;  // values 0..limit
  rare_.assign(limit + 9, 1);                   // the slack past limit: never a common value
  for (Value v = 0; v <= limit; ++v) rare_[v] = is_rare(v) ? 1 : 0;
  rare_bits_.assign((limit + 1 + 63) / 64, ~std::uint64_t{0});  // past limit: never common
  for (Value v = 0; v <= limit; ++v) {
    if (!is_rare(v)) rare_bits_[v >> 6] &= ~(std::uint64_t{1} << (v & 63));
  }
}

void SparseSpace::choose_mask() {
  mask_ = best_sparse_mask(hist_);
  rebuild_classes();
  rare_positions_.clear();
  rare_values_.clear();
  for (std::uint64_t n = 0; n < size_; ++n) {
    if (is_rare(at(n))) {
      rare_positions_.push_back(n);
      rare_values_.push_back(static_cast<std::uint32_t>(at(n)));
    }
  }
  rare_at_choice_ = rare_positions_.size();
}

void SparseSpace::add_rare(std::uint64_t n, Value v) {
  rare_positions_.push_back(n);
  rare_values_.push_back(static_cast<std::uint32_t>(v));
}

void SparseSpace::record(std::uint64_t n, Value v) {
  if (v > ValueStore::max_value(store_->width())) store_->widen_for(n, v);
  store_->reserve(n + 1, kSlack);  // n + 1 fits: extend_to checked it for a larger n
  store_->set(n, v);
  size_ = n + 1;
  if (v >= (Value{1} << value_bits_)) {
    // A new value width: grow the histogram and re-choose the mask for the new range.
    while (v >= (Value{1} << value_bits_)) ++value_bits_;
    hist_.resize(std::size_t{1} << value_bits_, 0);
    ++hist_[v];
    choose_mask();
    return;
  }
  ++hist_[v];
  if (is_rare(v)) {
    add_rare(n, v);
    // The histogram drifts: a mask chosen early can become poor (0.354 goes from 132 rare
    // positions under the best mask to 934 under the one chosen at the last width change). Look
    // again whenever the rare count has doubled since the last choice; amortised, this is cheap.
    if (mask_is_stale(rare_positions_.size())) choose_mask();
  }
}

template <class T>
void SparseSpace::compute(const T* g, std::uint64_t n, std::uint64_t known, Partial& p, Worker& w,
                          std::size_t rare_count) const {
  const Value limit = Value{1} << value_bits_;  // every option value is below it
  std::uint8_t* seen = w.seen.data();
  const std::uint8_t* rare = rare_.data();
  std::memset(seen, 0, limit + 1);
  p.known = known;
  p.set_aside = false;
  for (std::uint64_t k : nothing_at_) {
    if (k == n) seen[0] = 1;
  }
  for (std::uint64_t k : one_at_) {
    if (k == 0 || k >= n) continue;
    if (n - k < known)
      seen[g[n - k]] = 1;
    else
      p.set_aside = true;
  }
  // Every split with a rare part a: the common values among the options are then complete.
  const std::uint64_t* rare_at = rare_positions_.data();
  const std::uint32_t* rare_value = rare_values_.data();
  for (std::uint64_t k : two_at_) {
    if (k + 2 > n) continue;
    const std::uint64_t r = n - k;
    const std::uint64_t lo = first_kept(r, known);
    if (lo > 1) p.set_aside = true;
    // The rare a in [lo, r), less a = r/2 when the split must be unequal.
    const std::uint64_t* begin = std::lower_bound(rare_at, rare_at + rare_count, lo);
    const std::uint64_t* end = std::lower_bound(begin, rare_at + rare_count, r);
    const std::uint64_t* cut = end;
    if (code_.unequal_split && r % 2 == 0) cut = std::lower_bound(begin, end, r / 2);
    auto mark = [&](const std::uint64_t* from, const std::uint64_t* to) {
      const std::size_t i = static_cast<std::size_t>(from - rare_at);
      mark_rare_splits(g, r, from, rare_value + i, static_cast<std::size_t>(to - from), seen);
    };
    mark(begin, cut);
    if (cut != end) mark(*cut == r / 2 ? cut + 1 : cut, end);
  }
  // c: the least common value missing; the scan looks for the rare values below c.
  p.c = first_clear(seen, rare, 0, limit);
  w.want.clear();
  for (Value v = 0; v < p.c; ++v) {
    if (rare[v] && !seen[v]) w.want.push_back(v);
  }
  scan(g, n, known, p, w);
  pack_bits(seen, p.seen.data(), p.seen.size());
}

template <class T>
void SparseSpace::scan(const T* g, std::uint64_t n, std::uint64_t known, Partial& p,
                       Worker& w) const {
  p.missing.clear();
  if (w.want.empty()) return;
  for (Value v : w.want) w.wanted[v] = 1;
  std::size_t missing = w.want.size();
  for (std::uint64_t k : two_at_) {
    if (k + 2 > n) continue;
    const std::uint64_t r = n - k;
    const std::uint64_t last = code_.unequal_split ? (r - 1) / 2 : r / 2;
    missing = sparse_scan(g, r, first_kept(r, known), last, w.wanted.data(), w.seen.data(), missing,
                          w.want, Value{1} << value_bits_);
    if (missing == 0) break;
  }
  for (Value v : w.want) {
    if (w.wanted[v]) p.missing.push_back(v);
    w.wanted[v] = 0;
  }
}

template <class T>
Value SparseSpace::finish(const T* g, std::uint64_t n, Partial& p, Worker& w) const {
  auto least = [&](Value otherwise) {
    for (Value v : p.missing) {
      if (!p.has(v)) otherwise = std::min(otherwise, v);
    }
    return otherwise;
  };
  if (!p.set_aside) return least(p.c);
  // The options set aside, now that g(0..n-1) are known.
  for (std::uint64_t k : one_at_) {
    if (k > 0 && k < n && n - k >= p.known) p.add(g[n - k]);
  }
  for (std::uint64_t k : two_at_) {
    if (k + 2 > n) continue;
    const std::uint64_t r = n - k;
    const std::uint64_t lo = first_kept(r, p.known);
    for (std::uint64_t a = 1; a < lo && (code_.unequal_split ? 2 * a < r : 2 * a <= r); ++a) {
      p.add(g[a] ^ g[r - a]);
    }
  }
  const Value limit = Value{1} << value_bits_;
  const Value c = first_clear_bit(p.seen.data(), rare_bits_.data(), p.c, limit);
  if (c != p.c) {
    // p.c was among the options set aside: the rare values in [p.c, c) were not looked for.
    w.want.clear();
    for (Value v = p.c; v < c; ++v) {
      if (rare_[v] && !p.has(v)) w.want.push_back(v);
    }
    if (!w.want.empty()) {
      // The scan leaves in p.missing the ones it does not find (its marks in w.seen are not
      // needed again).
      std::vector<Value> before = std::move(p.missing);
      scan(g, n, p.known, p, w);
      p.missing.insert(p.missing.end(), before.begin(), before.end());
    }
  }
  return least(c);
}

template void SparseSpace::compute(const std::uint8_t*, std::uint64_t, std::uint64_t, Partial&,
                                   Worker&, std::size_t) const;
template void SparseSpace::compute(const std::uint16_t*, std::uint64_t, std::uint64_t, Partial&,
                                   Worker&, std::size_t) const;
template void SparseSpace::compute(const std::uint32_t*, std::uint64_t, std::uint64_t, Partial&,
                                   Worker&, std::size_t) const;
template Value SparseSpace::finish(const std::uint8_t*, std::uint64_t, Partial&, Worker&) const;
template Value SparseSpace::finish(const std::uint16_t*, std::uint64_t, Partial&, Worker&) const;
template Value SparseSpace::finish(const std::uint32_t*, std::uint64_t, Partial&, Worker&) const;

}  // namespace detail

bool SparseSpaceSolver::supports(const TakeBreakCode& code) {
  // One rule, solver_choice.hpp's, for the code of a heap game.
  return solver_plan(GameTraits{.layout = Layout::heaps, .take_break = &code}).sparse_space;
}

SparseSpaceSolver::SparseSpaceSolver(TakeBreakCode code, Limits limits)
    : space_(std::make_unique<detail::SparseSpace>(std::move(code), limits)) {}

// The values' room is the store's to bound: `limits` was never read with one.
SparseSpaceSolver::SparseSpaceSolver(TakeBreakCode code, Limits /*limits*/, ValueStore& store,
                                     std::uint64_t count)
    : space_(std::make_unique<detail::SparseSpace>(std::move(code), store, count)) {}

SparseSpaceSolver::~SparseSpaceSolver() = default;

void SparseSpaceSolver::set_threads(unsigned threads, bool adaptive) {
  space_->set_threads(threads, adaptive);
}

unsigned SparseSpaceSolver::threads() const noexcept {
  return space_->threads();
}

void SparseSpaceSolver::extend_to(std::uint64_t n) {
  space_->extend_to(n);
}

std::uint64_t SparseSpaceSolver::table_bytes(std::uint64_t n, int width) {
  return bytes_for(saturating_add(saturating_add(n, 1), detail::kSlack),
                   static_cast<std::uint64_t>(width));
}

std::uint64_t SparseSpaceSolver::size() const noexcept {
  return space_->size();
}

Value SparseSpaceSolver::at(std::uint64_t n) const noexcept {
  return space_->at(n);
}

int SparseSpaceSolver::value_bytes() const noexcept {
  return space_->store().width();
}

std::size_t SparseSpaceSolver::rare_count() const noexcept {
  return space_->rare_count();
}

Value SparseSpaceSolver::mask() const noexcept {
  return space_->mask();
}

void SparseSpaceSolver::set_progress(Progress progress) {
  space_->set_progress(std::move(progress));
}

const ValueStore& SparseSpaceSolver::store() const noexcept {
  return space_->store();
}

}  // namespace grundy
