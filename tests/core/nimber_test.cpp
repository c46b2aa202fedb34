// Nimber arithmetic against references written independently of the library: the mex definition
// of nim-multiplication for small nimbers, and a recursion over powers of two for all 64 bits.
#include "grundy/core/nimber.hpp"

#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cstdint>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "grundy/core/error.hpp"

namespace grundy {
namespace {

// ---------------------------------------------------------------------------------------------
// References
// ---------------------------------------------------------------------------------------------

/// a (x) b for a, b < n straight from the definition (Conway, ONAG ch. 6):
/// a (x) b = mex { a' (x) b xor a (x) b' xor a' (x) b' : a' < a, b' < b }.
std::vector<std::vector<Value>> mex_definition_table(unsigned n) {
  std::vector<std::vector<Value>> t(n, std::vector<Value>(n, 0));
  std::vector<bool> seen;
  for (unsigned a = 0; a < n; ++a) {
    for (unsigned b = 0; b < n; ++b) {
      seen.assign(static_cast<std::size_t>(a) * b + 2, false);
      for (unsigned a2 = 0; a2 < a; ++a2) {
        for (unsigned b2 = 0; b2 < b; ++b2) {
          const Value v = t[a2][b] ^ t[a][b2] ^ t[a2][b2];
          if (v < seen.size()) seen[v] = true;
        }
      }
      Value m = 0;
      while (seen[m]) ++m;
      t[a][b] = m;
    }
  }
  return t;
}

Value reference_mul(Value a, Value b);

/// 2^x (x) 2^y. Write 2^x as the ordinary (= nim) product of the distinct Fermat 2-powers
/// F_k = 2^(2^k) for the bits k of x. With no common factor the product is ordinary; a common
/// factor F contributes F (x) F = F xor F/2 (ONAG ch. 6, Winning Ways ch. 14).
Value reference_mul_pow2(unsigned x, unsigned y) {
  static std::array<std::array<Value, 64>, 64> memo{};
  static std::array<std::array<bool, 64>, 64> known{};
  if ((x & y) == 0) return Value{1} << (x | y);
  if (known[x][y]) return memo[x][y];
  const unsigned k = static_cast<unsigned>(std::countr_zero(x & y));
  const Value fermat = Value{1} << (1u << k);
  const Value rest = reference_mul_pow2(x ^ (1u << k), y ^ (1u << k));
  const Value v = reference_mul(fermat ^ (fermat >> 1), rest);
  memo[x][y] = v;
  known[x][y] = true;
  return v;
}

/// Bilinearity over XOR: a (x) b is the XOR of 2^i (x) 2^j over the bits i of a and j of b.
Value reference_mul(Value a, Value b) {
  Value r = 0;
  for (unsigned i = 0; i < 64; ++i) {
    if (((a >> i) & 1) == 0) continue;
    for (unsigned j = 0; j < 64; ++j) {
      if ((b >> j) & 1) r ^= reference_mul_pow2(i, j);
    }
  }
  return r;
}

std::vector<NimMulMethod> supported_methods() {
  std::vector<NimMulMethod> out;
  for (NimMulMethod m : nim_mul_methods()) {
    if (nim_mul_function(m) != nullptr) out.push_back(m);
  }
  return out;
}

/// Random 64-bit nimbers, plus values whose bits cluster at the ends (subfield boundaries).
std::vector<Value> sample_values(std::size_t count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Value> out{0,          1,           2,          3,
                         0xFF,       0x100,       0xFFFF,     0x10000,
                         0xFFFFFFFF, 0x100000000, ~Value{0},  ~Value{0} - 1,
                         1ULL << 63, 1ULL << 32,  1ULL << 31, 0x8000000080000000ULL};
  while (out.size() < count) {
    const Value r = rng();
    switch (out.size() % 4) {
      case 0:
        out.push_back(r);
        break;
      case 1:
        out.push_back(r >> (r % 64));  // small
        break;
      case 2:
        out.push_back(r & 0xFFFF);
        break;
      default:
        out.push_back(r | 1ULL << 63);
        break;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The references agree with each other and with published values
// ---------------------------------------------------------------------------------------------

TEST(NimberReference, RecursionMatchesTheMexDefinition) {
  const auto table = mex_definition_table(64);
  for (Value a = 0; a < 64; ++a) {
    for (Value b = 0; b < 64; ++b) EXPECT_EQ(reference_mul(a, b), table[a][b]) << a << " " << b;
  }
}

TEST(NimberReference, KnownProducts) {
  // F (x) F = 3F/2 for Fermat 2-powers F; 2 (x) 2 = 3; 8 (x) 8 = 13 (Winning Ways ch. 14 table).
  EXPECT_EQ(reference_mul(2, 2), 3u);
  EXPECT_EQ(reference_mul(4, 4), 6u);
  EXPECT_EQ(reference_mul(8, 8), 13u);
  EXPECT_EQ(reference_mul(16, 16), 24u);
  EXPECT_EQ(reference_mul(1ULL << 32, 1ULL << 32), 3ULL << 31);
}

// ---------------------------------------------------------------------------------------------
// Every multiplication method
// ---------------------------------------------------------------------------------------------

TEST(NimMul, TheDispatchedMethodRunsOnThisCpu) {
  EXPECT_NE(nim_mul_function(nim_mul_method()), nullptr);
  EXPECT_NE(nim_mul_batch_function(nim_mul_method()), nullptr);
  EXPECT_NE(nim_mul_batch_function(nim_mul_batch_method()), nullptr);
  EXPECT_NE(nim_mul_function(NimMulMethod::log_exp16), nullptr);
  for (NimMulMethod m : nim_mul_methods()) {
    EXPECT_EQ(nim_mul_function(m) == nullptr, nim_mul_batch_function(m) == nullptr);
  }
  std::set<std::string_view> names;
  for (NimMulMethod m : nim_mul_methods()) names.insert(nim_mul_method_name(m));
  EXPECT_EQ(names.size(), nim_mul_methods().size());
}

TEST(NimMul, LibraryCheckerSample) {
  // The nim_product_64 sample of Library Checker (../shared/data/README.md).
  struct Case {
    Value a, b, product;
  };
  const std::vector<Case> cases{
      {0, 5, 0},
      {1, 5, 5},
      {2, 5, 10},
      {3, 5, 15},
      {4, 5, 2},
      {5, 5, 7},
      {6, 5, 8},
      {7, 5, 13},
      {8, 5, 3},
      {3141, 5926, 14994},
      {18446744073709551615ULL, 18446744073709551615ULL, 11290409524105353207ULL},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(reference_mul(c.a, c.b), c.product) << "reference " << c.a << " * " << c.b;
    EXPECT_EQ(nim_mul(c.a, c.b), c.product) << c.a << " * " << c.b;
    for (NimMulMethod m : supported_methods()) {
      EXPECT_EQ(nim_mul_function(m)(c.a, c.b), c.product)
          << nim_mul_method_name(m) << ": " << c.a << " * " << c.b;
    }
  }
}

TEST(NimMul, EveryMethodMatchesTheMexDefinitionOnSmallNimbers) {
  const auto table = mex_definition_table(64);
  for (NimMulMethod m : supported_methods()) {
    const NimMulFunction mul = nim_mul_function(m);
    for (Value a = 0; a < 64; ++a) {
      for (Value b = 0; b < 64; ++b) {
        ASSERT_EQ(mul(a, b), table[a][b]) << nim_mul_method_name(m) << ": " << a << " * " << b;
      }
    }
  }
}

TEST(NimMul, EveryMethodMatchesTheRecursionOnRandomNimbers) {
  const auto values = sample_values(400, 1);
  for (std::size_t i = 0; i < values.size(); ++i) {
    for (std::size_t j = i % 7; j < values.size(); j += 7) {
      const Value a = values[i], b = values[j];
      const Value expected = reference_mul(a, b);
      ASSERT_EQ(nim_mul(a, b), expected) << a << " * " << b;
      for (NimMulMethod m : supported_methods()) {
        ASSERT_EQ(nim_mul_function(m)(a, b), expected)
            << nim_mul_method_name(m) << ": " << a << " * " << b;
      }
    }
  }
}

TEST(NimMul, EveryPairOfPowersOfTwo) {
  // Bilinearity reduces every product to these 64 x 64; each method must get all of them.
  for (NimMulMethod m : supported_methods()) {
    const NimMulFunction mul = nim_mul_function(m);
    for (unsigned i = 0; i < 64; ++i) {
      for (unsigned j = 0; j < 64; ++j) {
        ASSERT_EQ(mul(Value{1} << i, Value{1} << j), reference_mul_pow2(i, j))
            << nim_mul_method_name(m) << ": 2^" << i << " * 2^" << j;
      }
    }
  }
}

TEST(NimMul, ManyProductsAtOnceEveryLengthAndMethod) {
  // Lengths around the 8-wide vector steps, so every partial final step is exercised.
  const auto a = sample_values(41, 5);
  const auto b = sample_values(41, 6);
  std::vector<Value> expected(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) expected[i] = reference_mul(a[i], b[i]);
  for (NimMulMethod m : supported_methods()) {
    const NimMulBatchFunction mul = nim_mul_batch_function(m);
    for (std::size_t n = 0; n <= a.size(); ++n) {
      std::vector<Value> out(n + 1, 0xDEAD);  // one past the end must stay untouched
      mul(a.data(), b.data(), out.data(), n);
      for (std::size_t i = 0; i < n; ++i) {
        ASSERT_EQ(out[i], expected[i]) << nim_mul_method_name(m) << " n=" << n << " i=" << i;
      }
      EXPECT_EQ(out[n], 0xDEADu) << nim_mul_method_name(m) << " wrote past " << n;
    }
    std::vector<Value> in_place = a;  // out may be an operand
    mul(in_place.data(), b.data(), in_place.data(), in_place.size());
    EXPECT_EQ(in_place, expected) << nim_mul_method_name(m);
  }
  std::vector<Value> out(a.size());
  nim_mul(a, b, out);
  EXPECT_EQ(out, expected);
  EXPECT_THROW(nim_mul(a, b, std::span<Value>(out).first(3)), std::invalid_argument);
}

// ---------------------------------------------------------------------------------------------
// Field axioms on random values
// ---------------------------------------------------------------------------------------------

class NimField : public ::testing::Test {
 protected:
  std::vector<Value> values_ = sample_values(300, 2);
};

TEST_F(NimField, MultiplicationIsCommutativeAssociativeAndDistributive) {
  for (std::size_t i = 0; i + 2 < values_.size(); ++i) {
    const Value a = values_[i], b = values_[i + 1], c = values_[i + 2];
    EXPECT_EQ(nim_mul(a, b), nim_mul(b, a));
    EXPECT_EQ(nim_mul(nim_mul(a, b), c), nim_mul(a, nim_mul(b, c)));
    EXPECT_EQ(nim_mul(a, nim_sum(b, c)), nim_sum(nim_mul(a, b), nim_mul(a, c)));
    EXPECT_EQ(nim_mul(a, 1), a);
    EXPECT_EQ(nim_mul(a, 0), 0u);
  }
}

TEST_F(NimField, SubfieldsAreClosed) {
  // The nimbers below 2^(2^k) form the subfield GF(2^(2^k)).
  for (unsigned bits : {2u, 4u, 8u, 16u, 32u}) {
    const Value mask = (Value{1} << bits) - 1;
    for (std::size_t i = 0; i + 1 < values_.size(); ++i) {
      EXPECT_LE(nim_mul(values_[i] & mask, values_[i + 1] & mask), mask);
    }
  }
}

TEST_F(NimField, InverseAndDivision) {
  for (Value a : values_) {
    if (a == 0) continue;
    const Value inv = nim_inv(a);
    EXPECT_EQ(nim_mul(a, inv), 1u) << a;
    EXPECT_EQ(nim_inv(inv), a);
    EXPECT_EQ(nim_mul(nim_div(0x123456789ULL, a), a), 0x123456789ULL);
  }
  EXPECT_EQ(nim_inv(1), 1u);
  EXPECT_EQ(nim_inv(2), 3u);  // 2 (x) 3 = 1 in GF(4)
  EXPECT_THROW(nim_inv(0), Error);
  EXPECT_THROW(nim_div(5, 0), Error);
  EXPECT_EQ(nim_div(0, 5), 0u);
}

TEST_F(NimField, SquareAndSquareRoot) {
  for (std::size_t i = 0; i + 1 < values_.size(); ++i) {
    const Value a = values_[i], b = values_[i + 1];
    EXPECT_EQ(nim_square(a), nim_mul(a, a));
    EXPECT_EQ(nim_square(nim_sqrt(a)), a);
    EXPECT_EQ(nim_sqrt(nim_square(a)), a);
    // Frobenius: (a + b)^2 = a^2 + b^2 in characteristic 2.
    EXPECT_EQ(nim_square(a ^ b), nim_square(a) ^ nim_square(b));
  }
  EXPECT_EQ(nim_sqrt(3), 2u);  // 2 (x) 2 = 3
  EXPECT_EQ(nim_sqrt(0), 0u);
  EXPECT_EQ(nim_sqrt(1), 1u);
}

TEST_F(NimField, Powers) {
  constexpr std::uint64_t kGroupOrder = ~std::uint64_t{0};
  std::mt19937_64 rng(3);
  for (std::size_t i = 0; i + 1 < values_.size(); ++i) {
    const Value a = values_[i];
    const std::uint64_t m = rng() >> 33, n = rng() >> 33;
    EXPECT_EQ(nim_pow(a, m + n), nim_mul(nim_pow(a, m), nim_pow(a, n)));
    EXPECT_EQ(nim_pow(a, m * n), nim_pow(nim_pow(a, m), n));
    EXPECT_EQ(nim_pow(a, 0), 1u);
    EXPECT_EQ(nim_pow(a, 1), a);
    EXPECT_EQ(nim_pow(a, 2), nim_square(a));
    EXPECT_EQ(nim_pow(a, 3), nim_mul(a, nim_square(a)));
    if (a != 0) {
      EXPECT_EQ(nim_pow(a, kGroupOrder), 1u) << a;  // Lagrange
      EXPECT_EQ(nim_pow(a, kGroupOrder - 1), nim_inv(a));
    }
    // x^(2^64) = x: every nimber is a root of X^(2^64) - X, so squaring 64 times is the identity.
    Value x = a;
    for (int k = 0; k < 64; ++k) x = nim_square(x);
    EXPECT_EQ(x, a);
  }
  EXPECT_EQ(nim_pow(0, 0), 1u);
  EXPECT_EQ(nim_pow(0, 5), 0u);
}

TEST_F(NimField, Orders) {
  EXPECT_EQ(nim_order(1), 1u);
  EXPECT_EQ(nim_order(2), 3u);  // GF(4)* has order 3
  EXPECT_THROW(nim_order(0), Error);
  for (Value a : values_) {
    if (a == 0) continue;
    const std::uint64_t order = nim_order(a);
    EXPECT_EQ(~std::uint64_t{0} % order, 0u);
    EXPECT_EQ(nim_pow(a, order), 1u);
    for (std::uint64_t q : {3u, 5u, 17u, 257u, 641u, 65537u, 6700417u}) {
      if (order % q == 0) {
        EXPECT_NE(nim_pow(a, order / q), 1u) << a << " order " << order;
      }
    }
    if (a < 16) {
      EXPECT_EQ(15 % order, 0u) << "an element of GF(16) has order dividing 15";
    }
  }
  EXPECT_EQ(nim_order(nim_primitive_element()), ~std::uint64_t{0});
}

TEST_F(NimField, DiscreteLogarithms) {
  const Value g = nim_primitive_element();
  std::mt19937_64 rng(4);
  for (int i = 0; i < 40; ++i) {
    const std::uint64_t k = rng() % ~std::uint64_t{0};
    EXPECT_EQ(nim_log(g, nim_pow(g, k)), k);
  }
  for (std::size_t i = 0; i < 40; ++i) {
    const Value base = values_[i];
    const std::uint64_t k = rng();
    const Value x = nim_pow(base, k);
    const auto log = nim_log(base, x);
    ASSERT_TRUE(log.has_value()) << base << "^" << k;
    EXPECT_EQ(nim_pow(base, *log), x);
    if (base > 1) {
      EXPECT_EQ(*log, k % nim_order(base)) << "the least exponent";
    }
  }
  // 2 generates GF(4)* = {1, 2, 3}: 4 is not a power of 2.
  EXPECT_EQ(nim_log(2, 3), 2u);
  EXPECT_EQ(nim_log(2, 4), std::nullopt);
  EXPECT_EQ(nim_log(3, 2), 2u);
  EXPECT_EQ(nim_log(5, 1), 0u);
  EXPECT_EQ(nim_log(1, 1), 0u);
  EXPECT_EQ(nim_log(1, 5), std::nullopt);
  EXPECT_EQ(nim_log(7, 0), std::nullopt);
  EXPECT_EQ(nim_log(0, 0), 1u);
  EXPECT_EQ(nim_log(0, 1), 0u);
  EXPECT_EQ(nim_log(0, 9), std::nullopt);
  // An element of GF(2^32) is never a power of an element of the subfield GF(2^16).
  EXPECT_EQ(nim_log(0x1234, 0x12345678), std::nullopt);
}

}  // namespace
}  // namespace grundy
