#pragma once
/// \file Nimber arithmetic: the nim-field on 64 bits.
///
/// The nimbers below 2^64 form the field GF(2^64) under nim-addition (XOR) and
/// nim-multiplication, defined by a (x) b = mex { a' (x) b xor a (x) b' xor a' (x) b' : a' < a,
/// b' < b } (Conway, On Numbers and Games ch. 6; Winning Ways ch. 14). They give the values of
/// product games: the Tartan theorem says a 2-D coin-turning product game has value
/// g1(x) (x) g2(y).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "grundy/core/nim_sum.hpp"  // nim-addition: nim_sum
#include "grundy/core/value.hpp"

namespace grundy {

/// Nim-multiplication, by the fastest method this CPU supports (chosen once, at run time).
Value nim_mul(Value a, Value b) noexcept;

/// out[i] = a[i] (x) b[i] for every i: many products in one call, several times faster per
/// product than one call each where the CPU has vector instructions for it (AVX-512 GFNI).
/// The spans have one length (else std::invalid_argument); out may be a or b, but may not
/// otherwise overlap them.
void nim_mul(std::span<const Value> a, std::span<const Value> b, std::span<Value> out);

/// a (x) a. Squaring is GF(2)-linear in characteristic 2 (the Frobenius map), so it is a table
/// lookup per byte.
Value nim_square(Value a) noexcept;

/// The unique b with b (x) b = a (squaring is a bijection of a finite field of characteristic 2).
Value nim_sqrt(Value a) noexcept;

/// a^k under nim-multiplication; a^0 = 1 for every a, including 0.
Value nim_pow(Value a, std::uint64_t k) noexcept;

/// The nim-inverse: a (x) nim_inv(a) = 1. Throws Error for 0, which has none.
Value nim_inv(Value a);

/// a (x) nim_inv(b). Throws Error when b is 0.
Value nim_div(Value a, Value b);

/// The order of the non-zero nimber a in the multiplicative group, a divisor of
/// 2^64 - 1 = 3 * 5 * 17 * 257 * 641 * 65537 * 6700417. Throws Error for 0.
std::uint64_t nim_order(Value a);

/// A fixed primitive element of the nim-field: its powers are every non-zero nimber.
Value nim_primitive_element();

/// The discrete logarithm: the least k >= 0 with nim_pow(base, k) == x, or nothing when x is not
/// a power of base. By Pohlig–Hellman over the prime factors of 2^64 - 1 (each appears once),
/// with baby-step giant-step in each subgroup: about 3000 multiplications.
std::optional<std::uint64_t> nim_log(Value base, Value x);

/// The ways this library can multiply nimbers, for benchmarks and tests. Every method gives the
/// same products; they differ in speed and in the instructions they need.
enum class NimMulMethod {
  /// The common table method, and the fallback on any CPU: 16-bit log/exp tables of the
  /// subfield GF(2^16) and Karatsuba over the Fermat 2-powers 2^16 and 2^32 (9 products in
  /// GF(2^16)).
  log_exp16,
  /// A carry-less product (PCLMULQDQ) in a polynomial basis of GF(2^64), the change of basis to
  /// and from it by byte tables.
  clmul,
  /// The same with the change of basis by GFNI affine instructions (AVX-512, VPCLMULQDQ): for
  /// one product the forward change of both operands at once; for many, 8 products at a time.
  clmul_gfni,
  /// No 64-bit change of basis: the nim-field as a space of dimension 8 over its subfield
  /// GF(2^8) (the bytes), the 64 byte products at once by GFNI (GF2P8MULB, AVX-512 VBMI) and
  /// the structure constants 2^(8S) (x) 2^(8T).
  subfield_gfni,
};

/// Every method, in the order above.
std::span<const NimMulMethod> nim_mul_methods() noexcept;
std::string_view nim_mul_method_name(NimMulMethod method) noexcept;

using NimMulFunction = Value (*)(Value, Value) noexcept;

/// The function multiplying by `method`, or nullptr when this CPU lacks its instructions.
NimMulFunction nim_mul_function(NimMulMethod method) noexcept;

/// out[i] = a[i] (x) b[i] for i < n (out may be a or b).
using NimMulBatchFunction = void (*)(const Value* a, const Value* b, Value* out,
                                     std::size_t n) noexcept;

/// The many-products form of `method`, or nullptr when this CPU lacks its instructions.
NimMulBatchFunction nim_mul_batch_function(NimMulMethod method) noexcept;

/// The method nim_mul uses on this CPU for one product.
NimMulMethod nim_mul_method() noexcept;

/// The method the span form of nim_mul uses on this CPU (for many products another method may
/// be faster than for one).
NimMulMethod nim_mul_batch_method() noexcept;

}  // namespace grundy
