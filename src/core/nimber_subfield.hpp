#pragma once
// Internal to the nimber implementation: the nim-field GF(2^64) as a vector space of dimension 8
// over its subfield GF(2^8), the nimbers below 256.
//
// The nimber 2^(8U) (U < 8) is the ordinary product of the Fermat 2-powers 2^8, 2^16, 2^32 named
// by the bits of U, and for x < 256 the nim-product x (x) 2^(8U) is the ordinary product x 2^(8U)
// (a nimber times a Fermat 2-power above it; ONAG ch. 6). So byte U of a 64-bit nimber is its
// coordinate on 2^(8U) over GF(2^8), and since nim-multiplication is GF(2^8)-bilinear,
//
//     byte U of a (x) b = XOR over S, T of  a_S (x) b_T (x) k(S, T, U),
//
// with the structure constants k(S, T, U) = byte U of 2^(8S) (x) 2^(8T). Of the 512 constants,
// 161 are non-zero, and 64 of those are 1. GFNI multiplies 64 pairs of bytes in one instruction
// (GF2P8MULB), though in the AES representation GF(2)[x]/(x^8 + x^4 + x^3 + x + 1) of GF(2^8);
// a nimber r below 256 whose minimal polynomial is that one gives the isomorphism
// sum c_i x^i -> XOR c_i r^i, a GF(2)-linear map on each byte (one GF2P8AFFINEQB), so the whole
// product is: map bytes to the AES field; the 64 products a_S b_T; four byte permutations that
// line up, for each U, its (at most 27) terms k a_S b_T in eight lanes; two multiplications by
// the constants k that are not 1 (at most 16 per U); XOR the lanes; map bytes back. No 64-bit
// change of basis: about 20 vector instructions, no table lookups.
//
// Everything is computed at compile time from Conway's recursion (nim_mul_fermat); the tests
// check the products against an independent reference.

#include <array>
#include <cstdint>

#include "nimber_field.hpp"

namespace grundy::detail {

/// The nimber r < 256 that is a root of the AES polynomial x^8 + x^4 + x^3 + x + 1, or 0.
constexpr Value aes_root_in_nimbers() noexcept {
  auto mul8 = [](Value a, Value b) { return nim_mul_fermat(a, b, 4); };
  for (Value r = 2; r < 256; ++r) {
    std::array<Value, 9> power{};
    power[0] = 1;
    for (unsigned i = 1; i <= 8; ++i) power[i] = mul8(power[i - 1], r);
    if ((power[8] ^ power[4] ^ power[3] ^ power[1] ^ power[0]) == 0) return r;
  }
  return 0;
}

/// An 8x8 bit matrix (column i is the image of bit i) in the encoding GF2P8AFFINEQB wants:
/// output bit i is the parity of the input byte AND byte 7 - i of the qword.
constexpr Value affine_qword(const std::array<unsigned, 8>& column) noexcept {
  Value q = 0;
  for (unsigned i = 0; i < 8; ++i) {
    Value row = 0;
    for (unsigned c = 0; c < 8; ++c) row |= static_cast<Value>((column[c] >> i) & 1) << c;
    q |= row << (8 * (7 - i));
  }
  return q;
}

/// The layout of the subfield method: index vectors for VPERMB, the constants, the masks.
struct SubfieldTables {
  using Bytes64 = std::array<unsigned char, 64>;
  static constexpr unsigned kTermVectors = 4;  ///< vectors of terms; the first two are scaled
  static constexpr unsigned kScaled = 2;

  Value to_aes = 0;  ///< GF2P8AFFINEQB matrix: nimber byte -> AES byte
  Value to_nim = 0;  ///< its inverse
  /// From [a bytes 0..7, b bytes 8..15]: slot 8S + T of `spread_a` holds a_S, of `spread_b` b_T.
  Bytes64 spread_a{}, spread_b{};
  /// Term vector j: slot 8L + U takes product slot gather[j][8L + U] (a term of output byte U).
  std::array<Bytes64, kTermVectors> gather{};
  /// The constants k (AES representation) of the scaled term vectors; 0 in unused slots.
  std::array<Bytes64, kScaled> constant{};
  /// The used slots of the unscaled term vectors (bit 8L + U).
  std::array<std::uint64_t, kTermVectors> used{};
  bool valid = false;
};

constexpr SubfieldTables build_subfield_tables() noexcept {
  SubfieldTables t{};
  const Value r = aes_root_in_nimbers();
  if (r == 0) return t;
  // AES -> nimber: bit i to r^i; nimber -> AES: its inverse, by 8 x 8 elimination.
  std::array<unsigned, 8> to_nim{};
  Value power = 1;
  for (unsigned i = 0; i < 8; ++i) {
    to_nim[i] = static_cast<unsigned>(power);
    power = nim_mul_fermat(power, r, 4);
  }
  std::array<unsigned, 8> m = to_nim, to_aes{};
  for (unsigned i = 0; i < 8; ++i) to_aes[i] = 1u << i;
  for (unsigned k = 0; k < 8; ++k) {
    unsigned pivot = k;
    while (pivot < 8 && ((m[pivot] >> k) & 1) == 0) ++pivot;
    if (pivot == 8) return t;
    std::swap(m[k], m[pivot]);
    std::swap(to_aes[k], to_aes[pivot]);
    for (unsigned j = 0; j < 8; ++j) {
      if (j != k && ((m[j] >> k) & 1)) {
        m[j] ^= m[k];
        to_aes[j] ^= to_aes[k];
      }
    }
  }
  t.to_aes = affine_qword(to_aes);
  t.to_nim = affine_qword(to_nim);
  auto aes = [&](unsigned nimber_byte) {
    unsigned y = 0;
    for (unsigned i = 0; i < 8; ++i) {
      if ((nimber_byte >> i) & 1) y ^= to_aes[i];
    }
    return y;
  };
  for (unsigned s = 0; s < 64; ++s) {
    t.spread_a[s] = static_cast<unsigned char>(s / 8);
    t.spread_b[s] = static_cast<unsigned char>(8 + s % 8);
  }
  // For each output byte U: its terms with a constant other than 1 first (they need the scaled
  // vectors), then the others; term n goes to vector n / 8, lane n % 8.
  for (unsigned u = 0; u < 8; ++u) {
    unsigned n = 0;
    for (int pass = 0; pass < 2; ++pass) {
      for (unsigned s = 0; s < 8; ++s) {
        for (unsigned q = 0; q < 8; ++q) {
          const Value product = nim_mul_fermat(Value{1} << (8 * s), Value{1} << (8 * q));
          const unsigned k = static_cast<unsigned>((product >> (8 * u)) & 0xFF);
          if (k == 0 || (pass == 0) == (k == 1)) continue;
          const unsigned j = n / 8, slot = 8 * (n % 8) + u;
          if (j >= SubfieldTables::kTermVectors) return t;
          if (j < SubfieldTables::kScaled) {
            t.constant[j][slot] = static_cast<unsigned char>(aes(k));
          } else if (k != 1) {
            return t;  // a constant other than 1 in an unscaled vector
          }
          t.gather[j][slot] = static_cast<unsigned char>(8 * s + q);
          t.used[j] |= std::uint64_t{1} << slot;
          ++n;
        }
      }
    }
  }
  t.valid = true;
  return t;
}

inline constexpr SubfieldTables kSubfield = build_subfield_tables();
static_assert(kSubfield.valid, "the subfield layout must fit four vectors of terms");

}  // namespace grundy::detail
