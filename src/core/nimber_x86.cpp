// Nim-multiplication kernels with x86 instructions. Each function carries its own target
// attribute, so the library as a whole needs no -march flag; nimber.cpp calls them only after
// checking the CPU (cpu_has_*).
//
// Both methods compute a (x) b = psi(phi(a) * phi(b) mod p) (nimber_field.hpp):
//   clmul       phi and psi by byte tables (8 lookups each), the product by PCLMULQDQ.
//   clmul_gfni  phi of a and b together by 8 GFNI affine instructions, psi by byte tables; the
//               batch kernel does 8 products at once with every matrix held in registers.
// The subfield method needs no 64-bit change of basis at all: byte products in GF(2^8) by GFNI
// (nimber_subfield.hpp).
#include "nimber_field.hpp"
#include "nimber_subfield.hpp"

#if defined(__x86_64__)

#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ < 13
// GCC 12 reports false -Wuninitialized errors inside its own AVX-512 intrinsics, which start from
// _mm512_undefined_* values (GCC bug 105593, fixed in GCC 13).
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#include <immintrin.h>

#include <array>

namespace grundy::detail {

bool cpu_has_clmul() noexcept {
  return __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("sse4.1");
}

bool cpu_has_clmul_gfni() noexcept {
  // __builtin_cpu_supports also checks that the OS saves the AVX-512 registers (XCR0).
  return cpu_has_clmul() && __builtin_cpu_supports("gfni") && __builtin_cpu_supports("avx512f") &&
         __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vbmi") &&
         __builtin_cpu_supports("vpclmulqdq");
}

bool cpu_has_subfield_gfni() noexcept {
  return __builtin_cpu_supports("gfni") && __builtin_cpu_supports("avx512f") &&
         __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vbmi");
}

namespace {

#define GRUNDY_TARGET_CLMUL __attribute__((target("pclmul,sse4.1")))
#define GRUNDY_TARGET_GFNI \
  __attribute__((target("pclmul,sse4.1,avx512f,avx512bw,avx512vbmi,gfni,vpclmulqdq")))

using Bytes64 = std::array<unsigned char, 64>;

/// Byte permutations for VPERMB, built by the compiler.
constexpr Bytes64 byte_permutation(unsigned (*source)(unsigned)) {
  Bytes64 p{};
  for (unsigned i = 0; i < 64; ++i) p[i] = static_cast<unsigned char>(source(i));
  return p;
}

/// [a, b] in an xmm register -> lane i holds byte i of a in byte 0 and byte i of b in byte 1.
alignas(64) constexpr Bytes64 kSpreadPair = byte_permutation([](unsigned i) {
  return i % 8 == 1 ? 8 + i / 8 : i / 8;
});
/// Byte 0 of every lane to bytes 0..7, byte 1 of every lane to bytes 8..15.
alignas(64) constexpr Bytes64 kGatherPair = byte_permutation([](unsigned i) {
  return i < 16 ? 8 * (i % 8) + i / 8 : 0;
});
/// The 8x8 byte transpose of a vector of 8 qwords (its own inverse).
alignas(64) constexpr Bytes64 kTranspose = byte_permutation([](unsigned i) {
  return 8 * (i % 8) + i / 8;
});

/// p(x) mod reduction of a 128-bit carry-less product by Barrett's method for GF(2)[x]: with
/// floor(x^128 / p) = x^64 + barrett_low, the quotient is q = hi xor high64(hi * barrett_low), and
/// product mod p = lo xor low64(q * modulus_low) (p = x^64 + modulus_low). Exact for degree < 128.
GRUNDY_TARGET_CLMUL inline __m128i reduce(__m128i product) noexcept {
  const NimField& f = kNimField.field;
  const __m128i constants =
      _mm_set_epi64x(static_cast<long long>(f.barrett_low), static_cast<long long>(f.modulus_low));
  const __m128i t = _mm_clmulepi64_si128(product, constants, 0x11);
  const __m128i q = _mm_srli_si128(_mm_xor_si128(product, t), 8);
  return _mm_xor_si128(product, _mm_clmulepi64_si128(q, constants, 0x00));
}

GRUNDY_TARGET_CLMUL inline Value nim_mul_clmul_inline(Value a, Value b) noexcept {
  const NimFieldTables& t = kNimField;
  const __m128i x = _mm_cvtsi64_si128(static_cast<long long>(t.to_poly(a)));
  const __m128i y = _mm_cvtsi64_si128(static_cast<long long>(t.to_poly(b)));
  const __m128i r = reduce(_mm_clmulepi64_si128(x, y, 0x00));
  return t.to_nimber(static_cast<Value>(_mm_cvtsi128_si64(r)));
}

/// The XOR over k of GF2P8AFFINEQB(x rotated by k lanes, m[k]): the image under the matrix of the
/// bytes held one per lane in x (GfniMatrix).
GRUNDY_TARGET_GFNI inline __m512i apply_rotated(const __m512i* m, __m512i x) noexcept {
  const __m512i r0 = _mm512_gf2p8affine_epi64_epi8(x, m[0], 0);
  const __m512i r1 = _mm512_gf2p8affine_epi64_epi8(_mm512_alignr_epi64(x, x, 1), m[1], 0);
  const __m512i r2 = _mm512_gf2p8affine_epi64_epi8(_mm512_alignr_epi64(x, x, 2), m[2], 0);
  const __m512i r3 = _mm512_gf2p8affine_epi64_epi8(_mm512_alignr_epi64(x, x, 3), m[3], 0);
  const __m512i r4 = _mm512_gf2p8affine_epi64_epi8(_mm512_alignr_epi64(x, x, 4), m[4], 0);
  const __m512i r5 = _mm512_gf2p8affine_epi64_epi8(_mm512_alignr_epi64(x, x, 5), m[5], 0);
  const __m512i r6 = _mm512_gf2p8affine_epi64_epi8(_mm512_alignr_epi64(x, x, 6), m[6], 0);
  const __m512i r7 = _mm512_gf2p8affine_epi64_epi8(_mm512_alignr_epi64(x, x, 7), m[7], 0);
  constexpr int kXor3 = 0x96;  // VPTERNLOG truth table of a ^ b ^ c
  return _mm512_ternarylogic_epi64(_mm512_ternarylogic_epi64(r0, r1, r2, kXor3),
                                   _mm512_ternarylogic_epi64(r3, r4, r5, kXor3),
                                   _mm512_xor_si512(r6, r7), kXor3);
}

/// The images of 8 operands (one per lane): transposing puts byte i of every operand in lane i, so
/// one apply_rotated maps all 8, and their images come out transposed.
GRUNDY_TARGET_GFNI inline __m512i apply_8(const __m512i* m, __m512i x, __m512i transpose) noexcept {
  return _mm512_permutexvar_epi8(transpose,
                                 apply_rotated(m, _mm512_permutexvar_epi8(transpose, x)));
}

/// reduce() on the 4 products held in the 128-bit lanes of a vector.
GRUNDY_TARGET_GFNI inline __m512i reduce_4(__m512i product, __m512i constants) noexcept {
  const __m512i t = _mm512_clmulepi64_epi128(product, constants, 0x11);
  const __m512i q = _mm512_bsrli_epi128(_mm512_xor_si512(product, t), 8);
  return _mm512_xor_si512(product, _mm512_clmulepi64_epi128(q, constants, 0x00));
}

GRUNDY_TARGET_GFNI inline void load_matrix(const GfniMatrix& g, __m512i* m) noexcept {
  for (unsigned k = 0; k < 8; ++k) m[k] = _mm512_load_si512(g.lanes[k].data());
}

#define GRUNDY_TARGET_SUBFIELD __attribute__((target("avx512f,avx512bw,avx512vbmi,gfni")))

GRUNDY_TARGET_SUBFIELD inline __m512i load_bytes(const SubfieldTables::Bytes64& b) noexcept {
  return _mm512_loadu_si512(b.data());
}

GRUNDY_TARGET_SUBFIELD inline Value nim_mul_subfield_inline(Value a, Value b) noexcept {
  const SubfieldTables& t = kSubfield;
  const __m512i ab = _mm512_gf2p8affine_epi64_epi8(
      _mm512_zextsi128_si512(_mm_set_epi64x(static_cast<long long>(b), static_cast<long long>(a))),
      _mm512_set1_epi64(static_cast<long long>(t.to_aes)), 0);
  // The 64 products a_S b_T, in slot 8S + T.
  const __m512i products =
      _mm512_gf2p8mul_epi8(_mm512_permutexvar_epi8(load_bytes(t.spread_a), ab),
                           _mm512_permutexvar_epi8(load_bytes(t.spread_b), ab));
  // The terms of output byte U in slot 8L + U of four vectors, scaled by their constants.
  const __m512i t0 = _mm512_gf2p8mul_epi8(
      _mm512_permutexvar_epi8(load_bytes(t.gather[0]), products), load_bytes(t.constant[0]));
  const __m512i t1 = _mm512_gf2p8mul_epi8(
      _mm512_permutexvar_epi8(load_bytes(t.gather[1]), products), load_bytes(t.constant[1]));
  const __m512i t2 = _mm512_maskz_permutexvar_epi8(t.used[2], load_bytes(t.gather[2]), products);
  const __m512i t3 = _mm512_maskz_permutexvar_epi8(t.used[3], load_bytes(t.gather[3]), products);
  constexpr int kXor3 = 0x96;  // VPTERNLOG truth table of a ^ b ^ c
  const __m512i lanes = _mm512_xor_si512(_mm512_ternarylogic_epi64(t0, t1, t2, kXor3), t3);
  // XOR the eight lanes: byte U of the result is byte U of the product.
  const __m256i half =
      _mm256_xor_si256(_mm512_castsi512_si256(lanes), _mm512_extracti64x4_epi64(lanes, 1));
  const __m128i quarter =
      _mm_xor_si128(_mm256_castsi256_si128(half), _mm256_extracti128_si256(half, 1));
  const __m128i sum = _mm_xor_si128(quarter, _mm_unpackhi_epi64(quarter, quarter));
  const __m128i nimber =
      _mm_gf2p8affine_epi64_epi8(sum, _mm_set1_epi64x(static_cast<long long>(t.to_nim)), 0);
  return static_cast<Value>(_mm_cvtsi128_si64(nimber));
}

}  // namespace

GRUNDY_TARGET_SUBFIELD Value nim_mul_subfield_gfni(Value a, Value b) noexcept {
  return nim_mul_subfield_inline(a, b);
}

GRUNDY_TARGET_SUBFIELD void nim_mul_subfield_gfni_batch(const Value* a, const Value* b, Value* out,
                                                        std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) out[i] = nim_mul_subfield_inline(a[i], b[i]);
}

GRUNDY_TARGET_CLMUL Value nim_mul_clmul(Value a, Value b) noexcept {
  return nim_mul_clmul_inline(a, b);
}

GRUNDY_TARGET_CLMUL void nim_mul_clmul_batch(const Value* a, const Value* b, Value* out,
                                             std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) out[i] = nim_mul_clmul_inline(a[i], b[i]);
}

GRUNDY_TARGET_GFNI Value nim_mul_clmul_gfni(Value a, Value b) noexcept {
  // phi(a) and phi(b) at once: bytes i of a and b in lane i, the 8 matrix products, then the
  // results gathered back into [phi(a), phi(b)]. psi by byte tables, which measured faster than
  // a second GFNI pass for one product (the 8 matrices would be loaded again).
  const NimFieldTables& t = kNimField;
  __m512i m[8];
  load_matrix(t.to_poly_gfni, m);
  const __m512i ab =
      _mm512_castsi128_si512(_mm_set_epi64x(static_cast<long long>(b), static_cast<long long>(a)));
  const __m512i spread = _mm512_permutexvar_epi8(_mm512_load_si512(kSpreadPair.data()), ab);
  const __m512i images = apply_rotated(m, spread);
  const __m128i phi = _mm512_castsi512_si128(
      _mm512_permutexvar_epi8(_mm512_load_si512(kGatherPair.data()), images));
  const __m128i r = reduce(_mm_clmulepi64_si128(phi, phi, 0x10));  // phi(a) * phi(b)
  return t.to_nimber(static_cast<Value>(_mm_cvtsi128_si64(r)));
}

GRUNDY_TARGET_GFNI void nim_mul_clmul_gfni_batch(const Value* a, const Value* b, Value* out,
                                                 std::size_t n) noexcept {
  // Eight products per step, every matrix in registers; VPCLMULQDQ multiplies 4 pairs at once.
  const NimFieldTables& t = kNimField;
  __m512i to_poly[8], to_nimber[8];
  load_matrix(t.to_poly_gfni, to_poly);
  load_matrix(t.to_nimber_gfni, to_nimber);
  const __m512i transpose = _mm512_load_si512(kTranspose.data());
  const NimField& f = t.field;
  const __m512i constants = _mm512_broadcast_i32x4(
      _mm_set_epi64x(static_cast<long long>(f.barrett_low), static_cast<long long>(f.modulus_low)));
  for (std::size_t i = 0; i < n; i += 8) {
    const __mmask8 mask = n - i >= 8 ? __mmask8{0xFF} : static_cast<__mmask8>((1u << (n - i)) - 1);
    const __m512i x = apply_8(to_poly, _mm512_maskz_loadu_epi64(mask, a + i), transpose);
    const __m512i y = apply_8(to_poly, _mm512_maskz_loadu_epi64(mask, b + i), transpose);
    const __m512i even = reduce_4(_mm512_clmulepi64_epi128(x, y, 0x00), constants);
    const __m512i odd = reduce_4(_mm512_clmulepi64_epi128(x, y, 0x11), constants);
    const __m512i products = _mm512_unpacklo_epi64(even, odd);
    _mm512_mask_storeu_epi64(out + i, mask, apply_8(to_nimber, products, transpose));
  }
}

}  // namespace grundy::detail

#endif  // __x86_64__
