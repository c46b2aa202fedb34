#include "sparse_scan.hpp"

#include <bit>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
// GCC 12's permute intrinsics start from an "undefined" vector it then calls uninitialised.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>
#define GRUNDY_SCAN_AVX512 1
#endif

namespace grundy {
namespace {

#ifdef GRUNDY_SCAN_AVX512

#define GRUNDY_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi,bmi,bmi2")))

/// The wanted values as a bitset of `words` 64-bit words (value v: bit v % 64 of word v / 64).
void wanted_bits(std::uint64_t* bits, std::size_t words, std::span<const Value> want,
                 const std::uint8_t* wanted) {
  for (std::size_t i = 0; i < words; ++i) bits[i] = 0;
  for (Value v : want) {
    if (wanted[v]) bits[v / 64] |= std::uint64_t{1} << (v % 64);
  }
}

/// The splits of lanes `hits` of the block at a: each value found is recorded, and taken out
/// of the table `bits`.
template <class T>
std::size_t take_hits(const T* g, std::uint64_t r, std::uint64_t a, std::uint64_t hits,
                      std::uint8_t* wanted, std::uint8_t* seen, std::size_t missing,
                      std::uint64_t* bits) {
  while (hits != 0) {
    const int j = std::countr_zero(hits);
    hits &= hits - 1;
    const auto value = static_cast<std::uint32_t>(g[a + j] ^ g[r - a - j]);
    if (wanted[value]) {
      wanted[value] = 0;
      seen[value] = 1;
      bits[value / 64] &= ~(std::uint64_t{1} << (value % 64));
      if (--missing == 0) return 0;
    }
  }
  return missing;
}

/// One-byte values: 64 splits at once. g[a..a+63] xor g[r-a-63..r-a] reversed; each value v
/// looks up its bit in a 256-bit table of the wanted values (byte v / 8 by a byte permute, bit
/// v % 8 by another).
GRUNDY_AVX512 std::size_t scan_bytes(const std::uint8_t* g, std::uint64_t r, std::uint64_t lo,
                                     std::uint64_t hi, std::uint8_t* wanted, std::uint8_t* seen,
                                     std::size_t missing, std::span<const Value> want) {
  alignas(64) std::uint64_t bits[8] = {};
  wanted_bits(bits, 4, want, wanted);
  __m512i table = _mm512_load_si512(bits);
  const __m512i reverse = _mm512_set_epi8(
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25,
      26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48,
      49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63);
  const __m512i powers = _mm512_set1_epi64(static_cast<long long>(0x8040201008040201ULL));
  const __m512i low3 = _mm512_set1_epi8(7);
  const __m512i low5 = _mm512_set1_epi8(31);
  std::uint64_t a = lo;
  for (; a + 63 <= hi; a += 64) {
    const __m512i forward = _mm512_loadu_si512(g + a);
    const __m512i backward = _mm512_permutexvar_epi8(reverse, _mm512_loadu_si512(g + (r - a - 63)));
    const __m512i v = _mm512_xor_si512(forward, backward);
    const __m512i byte =
        _mm512_permutexvar_epi8(_mm512_and_si512(_mm512_srli_epi16(v, 3), low5), table);
    const __m512i bit = _mm512_permutexvar_epi8(_mm512_and_si512(v, low3), powers);
    const __mmask64 hits = _mm512_test_epi8_mask(byte, bit);
    if (hits == 0) continue;
    missing = take_hits(g, r, a, hits, wanted, seen, missing, bits);
    if (missing == 0) return 0;
    table = _mm512_load_si512(bits);
  }
  return a <= hi ? sparse_scan_plain(g, r, a, hi, wanted, seen, missing) : missing;
}

/// Two-byte values below 2048: 32 splits at once, each looking up its bit in a table of 2048
/// bits (128 words: two two-register word permutes, chosen by bit 10 of the value).
GRUNDY_AVX512 std::size_t scan_words(const std::uint16_t* g, std::uint64_t r, std::uint64_t lo,
                                     std::uint64_t hi, std::uint8_t* wanted, std::uint8_t* seen,
                                     std::size_t missing, std::span<const Value> want) {
  alignas(64) std::uint64_t bits[32] = {};
  wanted_bits(bits, 32, want, wanted);
  __m512i t0 = _mm512_load_si512(bits), t1 = _mm512_load_si512(bits + 8);
  __m512i t2 = _mm512_load_si512(bits + 16), t3 = _mm512_load_si512(bits + 24);
  const __m512i reverse =
      _mm512_set_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
                       22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
  const __m512i one = _mm512_set1_epi16(1);
  const __m512i low4 = _mm512_set1_epi16(15);
  const __m512i upper = _mm512_set1_epi16(64);
  std::uint64_t a = lo;
  for (; a + 31 <= hi; a += 32) {
    const __m512i forward = _mm512_loadu_si512(g + a);
    const __m512i backward =
        _mm512_permutexvar_epi16(reverse, _mm512_loadu_si512(g + (r - a - 31)));
    const __m512i v = _mm512_xor_si512(forward, backward);
    const __m512i index = _mm512_srli_epi16(v, 4);  // word of the table, 0..127
    const __m512i low = _mm512_permutex2var_epi16(t0, index, t1);
    const __m512i high = _mm512_permutex2var_epi16(t2, index, t3);
    const __m512i word = _mm512_mask_blend_epi16(_mm512_test_epi16_mask(index, upper), low, high);
    const __m512i bit = _mm512_sllv_epi16(one, _mm512_and_si512(v, low4));
    const __mmask32 hits = _mm512_test_epi16_mask(word, bit);
    if (hits == 0) continue;
    missing = take_hits(g, r, a, hits, wanted, seen, missing, bits);
    if (missing == 0) return 0;
    t0 = _mm512_load_si512(bits);
    t1 = _mm512_load_si512(bits + 8);
    t2 = _mm512_load_si512(bits + 16);
    t3 = _mm512_load_si512(bits + 24);
  }
  return a <= hi ? sparse_scan_plain(g, r, a, hi, wanted, seen, missing) : missing;
}

bool has_avx512() {
  static const bool has = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                          __builtin_cpu_supports("avx512vl") &&
                          __builtin_cpu_supports("avx512vbmi");
  return has;
}

#endif

}  // namespace

template <class T>
std::size_t sparse_scan(const T* g, std::uint64_t r, std::uint64_t lo, std::uint64_t hi,
                        std::uint8_t* wanted, std::uint8_t* seen, std::size_t missing,
                        std::span<const Value> want, Value limit) {
#ifdef GRUNDY_SCAN_AVX512
  if constexpr (sizeof(T) == 1) {
    if (has_avx512()) return scan_bytes(g, r, lo, hi, wanted, seen, missing, want);
  } else if constexpr (sizeof(T) == 2) {
    if (limit <= 2048 && has_avx512()) {
      return scan_words(g, r, lo, hi, wanted, seen, missing, want);
    }
  }
#endif
  (void)want;
  (void)limit;
  return sparse_scan_plain(g, r, lo, hi, wanted, seen, missing);
}

template <class T>
void mark_rare_splits(const T* g, std::uint64_t r, const std::uint64_t* rare_at,
                      const std::uint32_t* rare_value, std::size_t count, std::uint8_t* seen) {
  // A plain loop: the independent byte stores pipeline well; gathers (tried) were slower.
  for (std::size_t i = 0; i < count; ++i) seen[rare_value[i] ^ g[r - rare_at[i]]] = 1;
}

template void mark_rare_splits(const std::uint8_t*, std::uint64_t, const std::uint64_t*,
                               const std::uint32_t*, std::size_t, std::uint8_t*);
template void mark_rare_splits(const std::uint16_t*, std::uint64_t, const std::uint64_t*,
                               const std::uint32_t*, std::size_t, std::uint8_t*);
template void mark_rare_splits(const std::uint32_t*, std::uint64_t, const std::uint64_t*,
                               const std::uint32_t*, std::size_t, std::uint8_t*);

template std::size_t sparse_scan(const std::uint8_t*, std::uint64_t, std::uint64_t, std::uint64_t,
                                 std::uint8_t*, std::uint8_t*, std::size_t, std::span<const Value>,
                                 Value);
template std::size_t sparse_scan(const std::uint16_t*, std::uint64_t, std::uint64_t, std::uint64_t,
                                 std::uint8_t*, std::uint8_t*, std::size_t, std::span<const Value>,
                                 Value);
template std::size_t sparse_scan(const std::uint32_t*, std::uint64_t, std::uint64_t, std::uint64_t,
                                 std::uint8_t*, std::uint8_t*, std::size_t, std::span<const Value>,
                                 Value);

}  // namespace grundy
