#pragma once
// Internal to the nimber implementation: the nim-field GF(2^64) seen through a polynomial basis.
//
// Nim-addition is XOR, and the nimbers below 2^64 form the field GF(2^64) (Conway, On Numbers
// and Games ch. 6). Any two fields of 2^64 elements are isomorphic, and a field isomorphism of
// characteristic 2 is GF(2)-linear. So with r a nimber of degree 64 and p(x) its minimal
// polynomial over GF(2), the map psi(sum c_i x^i) = XOR c_i r^i is an isomorphism
// GF(2)[x]/(p) -> nimbers, and
//
//     a (x) b = psi( phi(a) * phi(b) mod p ),   phi = psi^-1,
//
// where * is a carry-less product. phi and psi are 64x64 bit matrices, applied as 8 byte-table
// lookups (or by GFNI affine instructions). Squaring is GF(2)-linear too (the Frobenius map), so
// the nim-square and the nim-square-root are single matrices as well.
//
// Everything here is computed at compile time from Conway's recursive definition, so no table is
// typed in by hand; the tests check every table against an independent reference.

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "grundy/core/value.hpp"

namespace grundy::detail {

/// Nim-multiplication by Conway's recursion over Fermat 2-powers F = 2^(2^k): for x, y < F,
/// x (x) F = x * F (ordinary product) and F (x) F = F xor F/2 (ONAG ch. 6; Winning Ways ch. 14).
/// Writing a = a1 F xor a0 and b = b1 F xor b0 with a0, a1, b0, b1 < F:
///   a (x) b = (a0 b1 xor a1 b0 xor a1 b1) F  xor  a0 b0  xor  (a1 b1) (x) F/2,
/// with the middle term by Karatsuba. `half` is log2 F; operands are below F^2.
constexpr Value nim_mul_fermat(Value a, Value b, unsigned half = 32) noexcept {
  if (a < 2 || b < 2) return a * b;
  if (half == 0) return a & b;
  const Value mask = (Value{1} << half) - 1;
  const Value a0 = a & mask, a1 = a >> half, b0 = b & mask, b1 = b >> half;
  const unsigned h = half / 2;
  const Value low = nim_mul_fermat(a0, b0, h);
  const Value high = nim_mul_fermat(a1, b1, h);
  const Value mid = nim_mul_fermat(a0 ^ a1, b0 ^ b1, h) ^ low;  // a0 b1 ^ a1 b0 ^ a1 b1
  return (mid << half) ^ low ^ nim_mul_fermat(high, Value{1} << (half - 1), h);
}

/// A GF(2)-linear map on 64-bit words: column i is the image of bit i.
using BitMatrix = std::array<Value, 64>;

constexpr Value apply(const BitMatrix& m, Value x) noexcept {
  Value y = 0;
  for (unsigned i = 0; i < 64; ++i) {
    if ((x >> i) & 1) y ^= m[i];
  }
  return y;
}

/// The inverse by Gauss–Jordan elimination on columns: the column operations that turn M into
/// the identity turn the identity into M^-1. Returns {inverse, invertible}.
constexpr std::pair<BitMatrix, bool> inverse(BitMatrix m) noexcept {
  BitMatrix inv{};
  for (unsigned i = 0; i < 64; ++i) inv[i] = Value{1} << i;
  for (unsigned k = 0; k < 64; ++k) {
    unsigned pivot = k;
    while (pivot < 64 && ((m[pivot] >> k) & 1) == 0) ++pivot;
    if (pivot == 64) return {inv, false};
    std::swap(m[k], m[pivot]);
    std::swap(inv[k], inv[pivot]);
    for (unsigned j = 0; j < 64; ++j) {
      if (j != k && ((m[j] >> k) & 1)) {
        m[j] ^= m[k];
        inv[j] ^= inv[k];
      }
    }
  }
  return {inv, true};
}

/// A bit matrix applied one input byte at a time: entry[i][v] is the image of v << 8i, so the
/// image of x is the XOR of 8 lookups.
struct ByteTables {
  std::array<std::array<Value, 256>, 8> entry;

  constexpr Value operator()(Value x) const noexcept {
    return entry[0][x & 0xFF] ^ entry[1][(x >> 8) & 0xFF] ^ entry[2][(x >> 16) & 0xFF] ^
           entry[3][(x >> 24) & 0xFF] ^ entry[4][(x >> 32) & 0xFF] ^ entry[5][(x >> 40) & 0xFF] ^
           entry[6][(x >> 48) & 0xFF] ^ entry[7][x >> 56];
  }
};

constexpr ByteTables byte_tables(const BitMatrix& m) noexcept {
  ByteTables t{};
  for (unsigned i = 0; i < 8; ++i) {
    for (unsigned v = 0; v < 256; ++v) t.entry[i][v] = apply(m, Value{v} << (8 * i));
  }
  return t;
}

/// The carry-less product of two 64-bit polynomials over GF(2): {low 64 bits, high 64 bits}.
constexpr std::pair<Value, Value> clmul_portable(Value x, Value y) noexcept {
  // Four bits of y at a time against the 16 multiples of x (each up to 67 bits: lo, hi).
  std::array<Value, 16> lo{}, hi{};
  for (unsigned k = 1; k < 16; ++k) {
    for (unsigned bit = 0; bit < 4; ++bit) {
      if ((k >> bit) & 1) {
        lo[k] ^= x << bit;
        hi[k] ^= bit == 0 ? 0 : x >> (64 - bit);
      }
    }
  }
  Value r_lo = 0, r_hi = 0;
  for (int shift = 60; shift >= 0; shift -= 4) {
    r_hi = (r_hi << 4) | (r_lo >> 60);
    r_lo <<= 4;
    const unsigned k = static_cast<unsigned>((y >> shift) & 15);
    r_lo ^= lo[k];
    r_hi ^= hi[k];
  }
  return {r_lo, r_hi};
}

/// Everything the polynomial-basis methods need, computed from the generator r.
struct NimField {
  Value generator;      ///< r: a nimber of degree 64 (any nimber >= 2^32 has degree 64)
  Value modulus_low;    ///< p(x) = x^64 + modulus_low: the minimal polynomial of r over GF(2)
  Value barrett_low;    ///< floor(x^128 / p) = x^64 + barrett_low
  BitMatrix to_poly;    ///< phi: nimber -> coefficients over 1, x, ..., x^63
  BitMatrix to_nimber;  ///< psi = phi^-1: column i is r^i
  BitMatrix square;     ///< a -> a (x) a on nimbers (the Frobenius map is GF(2)-linear)
  BitMatrix sqrt;       ///< its inverse
  bool valid;           ///< every matrix inverted (r has degree 64)
};

constexpr NimField build_nim_field(Value r) noexcept {
  NimField f{};
  f.generator = r;
  Value power = 1;
  for (unsigned i = 0; i < 64; ++i) {
    f.to_nimber[i] = power;
    power = nim_mul_fermat(power, r);
  }
  const auto [phi, invertible] = inverse(f.to_nimber);
  f.to_poly = phi;
  // r^64 = psi(x^64 mod p), so x^64 mod p = phi(r^64).
  f.modulus_low = apply(phi, power);
  // floor(x^128 / p) = x^64 + m with the coefficients of x^64.. in (x^64 + m)(x^64 + p_low)
  // vanishing beyond x^128: m = p_low xor high64(m * p_low). Bit k of high64(m * p_low) only
  // involves bits of m above k, so m is found from the top bit down.
  Value m = 0;
  for (int k = 63; k >= 0; --k) {
    const Value bit = ((f.modulus_low ^ clmul_portable(m, f.modulus_low).second) >> k) & 1;
    m |= bit << k;
  }
  f.barrett_low = m;
  for (unsigned i = 0; i < 64; ++i) f.square[i] = nim_mul_fermat(Value{1} << i, Value{1} << i);
  const auto [root, square_invertible] = inverse(f.square);
  f.sqrt = root;
  f.valid = invertible && square_invertible;
  return f;
}

/// A bit matrix as 8 vectors of GFNI affine matrices, for a vector holding byte i of its input
/// in lane i (qword i): lanes[k][l] is the 8x8 block taking input byte (l + k) mod 8 to output
/// byte l, so GF2P8AFFINEQB of the input rotated by k lanes gives, in lane l, one term of output
/// byte l, and the XOR over k is the image. A block is encoded as GF2P8AFFINEQB wants it: output
/// bit i is the parity of the input byte AND byte 7 - i of the qword.
struct GfniMatrix {
  alignas(64) std::array<std::array<Value, 8>, 8> lanes;
};

constexpr GfniMatrix gfni_matrix(const BitMatrix& m) noexcept {
  GfniMatrix g{};
  for (unsigned k = 0; k < 8; ++k) {
    for (unsigned l = 0; l < 8; ++l) {
      const unsigned in = (l + k) % 8;
      Value block = 0;
      for (unsigned i = 0; i < 8; ++i) {
        Value row = 0;
        for (unsigned t = 0; t < 8; ++t) row |= ((m[8 * in + t] >> (8 * l + i)) & 1) << t;
        block |= row << (8 * (7 - i));
      }
      g.lanes[k][l] = block;
    }
  }
  return g;
}

/// The field data and its tables, built at compile time (nimber_field.cpp).
struct NimFieldTables {
  NimField field;
  ByteTables to_poly;
  ByteTables to_nimber;
  ByteTables square;
  ByteTables sqrt;
  GfniMatrix to_poly_gfni;
  GfniMatrix to_nimber_gfni;
};

extern const NimFieldTables kNimField;

// The multiplication kernels of each NimMulMethod, one product and many; the x86 ones exist only
// on x86-64 and run only when the CPU has their instructions.
Value nim_mul_log_exp16(Value a, Value b) noexcept;
Value nim_inv16(Value x) noexcept;
void nim_mul_log_exp16_batch(const Value* a, const Value* b, Value* out, std::size_t n) noexcept;
#if defined(__x86_64__)
bool cpu_has_clmul() noexcept;
bool cpu_has_clmul_gfni() noexcept;
Value nim_mul_clmul(Value a, Value b) noexcept;
void nim_mul_clmul_batch(const Value* a, const Value* b, Value* out, std::size_t n) noexcept;
Value nim_mul_clmul_gfni(Value a, Value b) noexcept;
void nim_mul_clmul_gfni_batch(const Value* a, const Value* b, Value* out, std::size_t n) noexcept;
bool cpu_has_subfield_gfni() noexcept;
Value nim_mul_subfield_gfni(Value a, Value b) noexcept;
void nim_mul_subfield_gfni_batch(const Value* a, const Value* b, Value* out,
                                 std::size_t n) noexcept;
#endif

}  // namespace grundy::detail
