#include "grundy/core/checked.hpp"
#include "grundy/core/nimber.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <memory>
#include <numeric>
#include <stdexcept>
#include <tuple>
#include <utility>
#include <vector>

#include "grundy/core/error.hpp"
#include "nimber_field.hpp"

namespace grundy {
namespace detail {

// ---------------------------------------------------------------------------------------------
// The 16-bit log/exp method
// ---------------------------------------------------------------------------------------------

namespace {

/// Discrete log and exponential tables of the multiplicative group of GF(2^16) (the nimbers below
/// 2^16), of order 65535 = 3 * 5 * 17 * 257.
struct LogExp16 {
  std::array<std::uint16_t, 65536> log{};
  std::array<std::uint16_t, 2 * 65535> exp{};  // doubled, so log a + log b needs no reduction
  std::uint32_t log_half16 = 0;                // log of 2^15 (F/2 for F = 2^16)
  std::uint32_t log_half16_squared = 0;        // log of 2^15 (x) 2^15
};

std::unique_ptr<const LogExp16> build_log_exp16() {
  auto t = std::make_unique<LogExp16>();
  auto mul16 = [](Value a, Value b) { return nim_mul_fermat(a, b, 8); };
  auto pow16 = [&](Value a, std::uint32_t k) {
    Value r = 1;
    for (; k != 0; k >>= 1, a = mul16(a, a)) {
      if (k & 1) r = mul16(r, a);
    }
    return r;
  };
  Value g = 2;
  for (;; ++g) {
    bool primitive = true;
    for (std::uint32_t q : {3u, 5u, 17u, 257u}) primitive = primitive && pow16(g, 65535 / q) != 1;
    if (primitive) break;
  }
  Value x = 1;
  for (std::uint32_t i = 0; i < 65535; ++i) {
    t->exp[i] = t->exp[i + 65535] = static_cast<std::uint16_t>(x);
    t->log[x] = static_cast<std::uint16_t>(i);
    x = mul16(x, g);
  }
  t->log_half16 = t->log[0x8000];
  t->log_half16_squared = (2 * t->log_half16) % 65535;
  return t;
}

const LogExp16& log_exp16() {
  static const std::unique_ptr<const LogExp16> tables = build_log_exp16();
  return *tables;
}

}  // namespace

/// The inverse in GF(2^16) of a non-zero x below 2^16: g^-k = g^(65535 - k).
Value nim_inv16(Value x) noexcept {
  const LogExp16& t = log_exp16();
  return t.exp[65535 - t.log[x]];
}

Value nim_mul_log_exp16(Value a, Value b) noexcept {
  const LogExp16& t = log_exp16();
  auto mul16 = [&](Value x, Value y) -> Value {
    return x == 0 || y == 0 ? 0 : t.exp[t.log[x] + t.log[y]];
  };
  auto mul16_log = [&](Value x, std::uint32_t log_y) -> Value {  // x (x) y, y given by its log
    return x == 0 ? 0 : t.exp[t.log[x] + log_y];
  };
  // One level of nim_mul_fermat's recursion with F = 2^16: 3 products in GF(2^16) by Karatsuba.
  auto mul32 = [&](Value x, Value y) -> Value {
    const Value x0 = x & 0xFFFF, x1 = x >> 16, y0 = y & 0xFFFF, y1 = y >> 16;
    const Value low = mul16(x0, y0);
    const Value high = mul16(x1, y1);
    const Value mid = mul16(x0 ^ x1, y0 ^ y1) ^ low;
    return (mid << 16) ^ low ^ mul16_log(high, t.log_half16);
  };
  const Value a0 = a & 0xFFFFFFFF, a1 = a >> 32, b0 = b & 0xFFFFFFFF, b1 = b >> 32;
  const Value low = mul32(a0, b0);
  const Value high = mul32(a1, b1);
  const Value mid = mul32(a0 ^ a1, b0 ^ b1) ^ low;
  // high (x) 2^31 with 2^31 = c F, c = 2^15 = F/2, F = 2^16, high = h1 F xor h0:
  // (h1 F xor h0)(c F) = h1 c (F xor c) xor h0 c F = ((h1 xor h0) c) F xor h1 (x) c (x) c.
  const Value h0 = high & 0xFFFF, h1 = high >> 16;
  const Value high_half =
      (mul16_log(h0 ^ h1, t.log_half16) << 16) ^ mul16_log(h1, t.log_half16_squared);
  return (mid << 32) ^ low ^ high_half;
}

void nim_mul_log_exp16_batch(const Value* a, const Value* b, Value* out, std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) out[i] = nim_mul_log_exp16(a[i], b[i]);
}

}  // namespace detail

// ---------------------------------------------------------------------------------------------
// Choosing a method
// ---------------------------------------------------------------------------------------------

namespace {

constexpr std::array<NimMulMethod, 4> kMethods{NimMulMethod::log_exp16, NimMulMethod::clmul,
                                               NimMulMethod::clmul_gfni,
                                               NimMulMethod::subfield_gfni};

/// Fastest first, as measured by bench/nimber_bench; log_exp16 runs everywhere. One product at a
/// time the subfield method wins (no 64-bit change of basis); for many, clmul_gfni changes the
/// basis of 8 operands per instruction and wins.
constexpr std::array<NimMulMethod, 4> kPreference{NimMulMethod::subfield_gfni,
                                                  NimMulMethod::clmul_gfni, NimMulMethod::clmul,
                                                  NimMulMethod::log_exp16};
constexpr std::array<NimMulMethod, 4> kBatchPreference{
    NimMulMethod::clmul_gfni, NimMulMethod::subfield_gfni, NimMulMethod::clmul,
    NimMulMethod::log_exp16};

Value resolve_and_mul(Value a, Value b) noexcept;
void resolve_and_mul_batch(const Value* a, const Value* b, Value* out, std::size_t n) noexcept;

// What nim_mul calls: each starts at a resolver that replaces itself on the first call (a
// constant-initialised pointer, so a static initialiser elsewhere may already multiply).
std::atomic<NimMulFunction> g_nim_mul{&resolve_and_mul};
std::atomic<NimMulBatchFunction> g_nim_mul_batch{&resolve_and_mul_batch};

Value resolve_and_mul(Value a, Value b) noexcept {
  const NimMulFunction f = nim_mul_function(nim_mul_method());
  g_nim_mul.store(f, std::memory_order_relaxed);
  return f(a, b);
}

void resolve_and_mul_batch(const Value* a, const Value* b, Value* out, std::size_t n) noexcept {
  const NimMulBatchFunction f = nim_mul_batch_function(nim_mul_batch_method());
  g_nim_mul_batch.store(f, std::memory_order_relaxed);
  f(a, b, out, n);
}

}  // namespace

std::span<const NimMulMethod> nim_mul_methods() noexcept {
  return kMethods;
}

std::string_view nim_mul_method_name(NimMulMethod method) noexcept {
  switch (method) {
    case NimMulMethod::log_exp16:
      return "log_exp16";
    case NimMulMethod::clmul:
      return "clmul";
    case NimMulMethod::clmul_gfni:
      return "clmul_gfni";
    case NimMulMethod::subfield_gfni:
      return "subfield_gfni";
  }
  return "unknown";
}

NimMulFunction nim_mul_function(NimMulMethod method) noexcept {
  switch (method) {
    case NimMulMethod::log_exp16:
      return &detail::nim_mul_log_exp16;
    case NimMulMethod::clmul:
#if defined(__x86_64__)
      if (detail::cpu_has_clmul()) return &detail::nim_mul_clmul;
#endif
      return nullptr;
    case NimMulMethod::clmul_gfni:
#if defined(__x86_64__)
      if (detail::cpu_has_clmul_gfni()) return &detail::nim_mul_clmul_gfni;
#endif
      return nullptr;
    case NimMulMethod::subfield_gfni:
#if defined(__x86_64__)
      if (detail::cpu_has_subfield_gfni()) return &detail::nim_mul_subfield_gfni;
#endif
      return nullptr;
  }
  return nullptr;
}

NimMulBatchFunction nim_mul_batch_function(NimMulMethod method) noexcept {
  switch (method) {
    case NimMulMethod::log_exp16:
      return &detail::nim_mul_log_exp16_batch;
    case NimMulMethod::clmul:
#if defined(__x86_64__)
      if (detail::cpu_has_clmul()) return &detail::nim_mul_clmul_batch;
#endif
      return nullptr;
    case NimMulMethod::clmul_gfni:
#if defined(__x86_64__)
      if (detail::cpu_has_clmul_gfni()) return &detail::nim_mul_clmul_gfni_batch;
#endif
      return nullptr;
    case NimMulMethod::subfield_gfni:
#if defined(__x86_64__)
      if (detail::cpu_has_subfield_gfni()) return &detail::nim_mul_subfield_gfni_batch;
#endif
      return nullptr;
  }
  return nullptr;
}

NimMulMethod nim_mul_method() noexcept {
  for (NimMulMethod m : kPreference) {
    if (nim_mul_function(m) != nullptr) return m;
  }
  return NimMulMethod::log_exp16;
}

NimMulMethod nim_mul_batch_method() noexcept {
  for (NimMulMethod m : kBatchPreference) {
    if (nim_mul_batch_function(m) != nullptr) return m;
  }
  return NimMulMethod::log_exp16;
}

Value nim_mul(Value a, Value b) noexcept {
  return g_nim_mul.load(std::memory_order_relaxed)(a, b);
}

void nim_mul(std::span<const Value> a, std::span<const Value> b, std::span<Value> out) {
  if (a.size() != b.size() || a.size() != out.size()) {
    throw std::invalid_argument("nim_mul: the operand and result spans differ in length");
  }
  g_nim_mul_batch.load(std::memory_order_relaxed)(a.data(), b.data(), out.data(), out.size());
}

// ---------------------------------------------------------------------------------------------
// Squares, powers, inverses
// ---------------------------------------------------------------------------------------------

Value nim_square(Value a) noexcept {
  return detail::kNimField.square(a);
}

Value nim_sqrt(Value a) noexcept {
  return detail::kNimField.sqrt(a);
}

Value nim_pow(Value a, std::uint64_t k) noexcept {
  Value result = 1;
  for (; k != 0; k >>= 1) {
    if (k & 1) result = nim_mul(result, a);
    a = nim_square(a);
  }
  return result;
}

namespace {

constexpr std::uint64_t kGroupOrder = ~std::uint64_t{0};  // 2^64 - 1
/// The prime factors of 2^64 - 1 = (2^32 + 1)(2^16 + 1)(2^8 + 1)(2^4 + 1)(2^2 + 1)(2 + 1), with
/// 2^32 + 1 = 641 * 6700417 (Euler); each appears once.
constexpr std::array<std::uint64_t, 7> kGroupPrimes{3, 5, 17, 257, 641, 65537, 6700417};

}  // namespace

namespace {

/// The conjugate of a over the subfield of nimbers below F = 2^half: the nimbers below F^2 are
/// GF(F)[X]/(X^2 + X + F/2) with X = F, whose roots are X and X + 1, so the automorphism fixing
/// GF(F) takes a1 X + a0 to a1 (X + 1) + a0 = a1 X + (a0 xor a1).
/// (a is below 2^(2 half): a >> half is a1, and XOR puts it into the low half.)
constexpr Value conjugate(Value a, unsigned half) noexcept {
  return a ^ (a >> half);
}

}  // namespace

Value nim_inv(Value a) {
  if (a == 0) throw Error("0 has no nim-inverse");
  // By norms down the tower: a (x) conj(a) is the norm of a, in the subfield of half the bits,
  // so a^-1 = conj(a) (x) norm^-1; twice (64 -> 32 -> 16 bits), then the GF(2^16) log table.
  const Value c64 = conjugate(a, 32);
  const Value n32 = nim_mul(a, c64);
  const Value c32 = conjugate(n32, 16);
  const Value n16 = nim_mul(n32, c32);
  return nim_mul(c64, nim_mul(c32, detail::nim_inv16(n16)));
}

Value nim_div(Value a, Value b) {
  if (b == 0) throw Error("nim-division by 0");
  return nim_mul(a, nim_inv(b));
}

std::uint64_t nim_order(Value a) {
  if (a == 0) throw Error("0 has no multiplicative order");
  std::uint64_t order = kGroupOrder;
  for (std::uint64_t q : kGroupPrimes) {
    if (nim_pow(a, order / q) == 1) order /= q;
  }
  return order;
}

// ---------------------------------------------------------------------------------------------
// Discrete logarithms
// ---------------------------------------------------------------------------------------------

namespace {

std::uint64_t mul_mod(std::uint64_t a, std::uint64_t b, std::uint64_t m) {
  return static_cast<std::uint64_t>(static_cast<uint128>(a) * b % m);
}

/// x^-1 mod m for gcd(x, m) = 1, by the extended Euclidean algorithm.
std::uint64_t inverse_mod(std::uint64_t x, std::uint64_t m) {
  using Signed = int128;
  Signed r0 = m, r1 = x % m, s0 = 0, s1 = 1;
  while (r1 != 0) {
    const Signed q = r0 / r1;
    std::tie(r0, r1) = std::pair{r1, r0 - q * r1};
    std::tie(s0, s1) = std::pair{s1, s0 - q * s1};
  }
  const Signed mod = static_cast<Signed>(m);
  return static_cast<std::uint64_t>(((s0 % mod) + mod) % mod);
}

/// Baby-step giant-step in the subgroup of prime order q generated by h = g^((2^64-1)/q):
/// the baby steps h^j (j < m = ceil(sqrt q)) sorted for binary search, and h^-m.
struct Subgroup {
  std::uint64_t q = 0;
  std::uint64_t m = 0;
  std::vector<std::pair<Value, std::uint64_t>> baby;  // (h^j, j), sorted
  Value giant = 1;                                    // h^-m
};

struct LogTables {
  Value g = 0;  // the primitive element every logarithm is taken to
  std::array<Subgroup, kGroupPrimes.size()> subgroups;
};

bool is_primitive(Value g) {
  for (std::uint64_t q : kGroupPrimes) {
    if (nim_pow(g, kGroupOrder / q) == 1) return false;
  }
  return true;
}

LogTables build_log_tables() {
  LogTables t;
  // Nimbers below 2^32 lie in the subfield GF(2^32), whose group has order 2^32 - 1: start above.
  t.g = Value{1} << 32;
  while (!is_primitive(t.g)) ++t.g;
  for (std::size_t i = 0; i < kGroupPrimes.size(); ++i) {
    Subgroup& s = t.subgroups[i];
    s.q = kGroupPrimes[i];
    s.m = 1;
    while (s.m * s.m < s.q) ++s.m;
    const Value h = nim_pow(t.g, kGroupOrder / s.q);
    Value x = 1;
    for (std::uint64_t j = 0; j < s.m; ++j) {
      s.baby.emplace_back(x, j);
      x = nim_mul(x, h);
    }
    std::sort(s.baby.begin(), s.baby.end());
    s.giant = nim_inv(x);  // x = h^m
  }
  return t;
}

const LogTables& log_tables() {
  static const LogTables tables = build_log_tables();
  return tables;
}

/// log_g(x) mod q: x^((2^64-1)/q) = h^e lies in the subgroup of order q.
std::uint64_t subgroup_log(const Subgroup& s, Value x) {
  Value y = nim_pow(x, kGroupOrder / s.q);
  for (std::uint64_t i = 0; i < s.m; ++i) {
    auto it = std::lower_bound(s.baby.begin(), s.baby.end(), std::pair<Value, std::uint64_t>{y, 0});
    if (it != s.baby.end() && it->first == y) return (i * s.m + it->second) % s.q;
    y = nim_mul(y, s.giant);
  }
  // Unreachable: y is a power of h, and every power h^e with e < q <= m^2 is found.
  throw std::logic_error("nim_log: a subgroup logarithm was not found");
}

/// log_g(x) for x != 0, by the Chinese remainder theorem over the prime factors of 2^64 - 1.
std::uint64_t log_primitive(Value x) {
  const LogTables& t = log_tables();
  std::uint64_t result = 0;
  for (const Subgroup& s : t.subgroups) {
    const std::uint64_t e = subgroup_log(s, x);
    const std::uint64_t cofactor = kGroupOrder / s.q;
    const std::uint64_t term =
        mul_mod(mul_mod(e, inverse_mod(cofactor % s.q, s.q), kGroupOrder), cofactor, kGroupOrder);
    result = static_cast<std::uint64_t>((static_cast<uint128>(result) + term) % kGroupOrder);
  }
  return result;
}

}  // namespace

Value nim_primitive_element() {
  return log_tables().g;
}

std::optional<std::uint64_t> nim_log(Value base, Value x) {
  if (x == 1) return 0;
  if (base == 0) return x == 0 ? std::optional<std::uint64_t>(1) : std::nullopt;
  if (x == 0) return std::nullopt;
  // base = g^lb and x = g^lx, so base^k = x iff lb k = lx (mod 2^64 - 1). With d = gcd(lb, N),
  // a solution exists iff d divides lx, and the solutions are one class mod N/d (the order of
  // base); the least is (lx/d) (lb/d)^-1 mod N/d.
  const std::uint64_t lb = log_primitive(base);
  const std::uint64_t lx = log_primitive(x);
  const std::uint64_t d = std::gcd(lb, kGroupOrder);
  if (lx % d != 0) return std::nullopt;
  const std::uint64_t order = kGroupOrder / d;
  return mul_mod((lx / d) % order, inverse_mod((lb / d) % order, order), order);
}

}  // namespace grundy
