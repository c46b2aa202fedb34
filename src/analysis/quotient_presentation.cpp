// Presentations and tameness of misère quotients.
#include <algorithm>
#include <map>
#include <string>

#include "grundy/analysis/misere_quotient.hpp"

namespace grundy {

namespace {

/// Graded lexicographic order with the first generator largest: 1 < b < a < b^2 < ab < a^2.
/// Normal forms of a monomial order are closed under division, so the least monomial of every
/// class is built from least monomials.
bool graded_less(const Presentation::Monomial& x, const Presentation::Monomial& y) {
  std::uint64_t dx = 0, dy = 0;
  for (auto e : x) dx += e;
  for (auto e : y) dy += e;
  if (dx != dy) return dx < dy;
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (x[i] != y[i]) return x[i] < y[i];
  }
  return false;
}

}  // namespace

Presentation present(const BipartiteMonoid& monoid, std::span<const std::uint32_t> phi) {
  Presentation out;
  std::vector<std::uint32_t> gens;
  std::vector<bool> reached(monoid.order, false);
  std::vector<std::uint32_t> closure{0};
  reached[0] = true;
  for (std::size_t h = 1; h < phi.size(); ++h) {
    if (reached[phi[h]]) continue;
    out.generator_heaps.push_back(h);
    gens.push_back(phi[h]);
    // The submonoid generated so far, closed again with the new generator.
    for (std::size_t i = 0; i < closure.size(); ++i) {
      for (std::uint32_t g : gens) {
        const std::uint32_t y = monoid.product(closure[i], g);
        if (!reached[y]) {
          reached[y] = true;
          closure.push_back(y);
        }
      }
    }
  }
  const std::size_t k = gens.size();
  out.normal_forms.assign(monoid.order, {});
  std::vector<bool> named(monoid.order, false);
  std::map<Presentation::Monomial, std::uint32_t> normal;
  std::vector<Presentation::Monomial> degree{Presentation::Monomial(k, 0)};
  out.normal_forms[0] = degree[0];
  named[0] = true;
  normal.emplace(degree[0], 0);
  while (!degree.empty()) {
    std::vector<Presentation::Monomial> candidates;
    for (const auto& m : degree) {
      for (std::size_t i = 0; i < k; ++i) {
        auto c = m;
        ++c[i];
        candidates.push_back(std::move(c));
      }
    }
    std::sort(candidates.begin(), candidates.end(), graded_less);
    candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
    std::vector<Presentation::Monomial> next;
    for (auto& c : candidates) {
      std::uint32_t x = 0;
      bool divisors_normal = true;
      bool have_x = false;
      for (std::size_t i = 0; i < k; ++i) {
        if (c[i] == 0) continue;
        auto d = c;
        --d[i];
        const auto it = normal.find(d);
        if (it == normal.end()) {
          divisors_normal = false;
        } else if (!have_x) {
          x = monoid.product(it->second, gens[i]);
          have_x = true;
        }
      }
      if (!divisors_normal) continue;  // a multiple of a smaller non-normal monomial
      if (!named[x]) {
        named[x] = true;
        out.normal_forms[x] = c;
        normal.emplace(c, x);
        next.push_back(std::move(c));
      } else {
        out.relations.emplace_back(c, out.normal_forms[x]);
      }
    }
    degree = std::move(next);
  }
  return out;
}

std::string format_monomial(const Presentation::Monomial& m) {
  std::string out;
  for (std::size_t i = 0; i < m.size(); ++i) {
    if (m[i] == 0) continue;
    // a..z, then g26, g27, ... for presentations with more generators.
    out += i < 26 ? std::string(1, static_cast<char>('a' + i)) : "g" + std::to_string(i);
    if (m[i] > 1) out += "^" + std::to_string(m[i]);
  }
  return out.empty() ? "1" : out;
}

TameKind tame_kind(const BipartiteMonoid& q) {
  // T_0 = {1}, P empty; T_1 = {1, a}, a² = 1, P = {a}.
  if (q.order == 1) return {!q.p_portion[0], 0};
  if (q.order == 2) {
    const bool t1 = q.product(1, 1) == 0 && q.p_portion[1] && !q.p_portion[0];
    return {t1, 1};
  }
  // T_k, k >= 2 (misère Nim on heaps below 2^k): {1, a} and an ideal Z, an elementary abelian
  // 2-group of order 2^k, with a² = 1, a·z = (a·e)·z, and P = {a, e} (e the identity of Z: the
  // sums with a heap of two or more and nim-sum 0). Any two such are isomorphic: choose a basis of
  // Z that starts with a·e.
  std::uint32_t k = 0;
  while (k < 31 && (std::uint64_t{1} << k) + 2 < q.order) ++k;
  if (k < 2 || (std::uint64_t{1} << k) + 2 != q.order || q.p_count() != 2 || q.p_portion[0]) {
    return {false, 0};
  }
  std::uint32_t a = 0;
  for (std::uint32_t x = 1; x < q.order; ++x) {
    if (q.p_portion[x] && q.product(x, x) == 0) {
      if (a != 0) return {false, 0};
      a = x;
    }
  }
  if (a == 0) return {false, 0};
  std::uint32_t e = 0;
  for (std::uint32_t x = 1; x < q.order; ++x) {
    if (x != a && q.p_portion[x]) e = x;
  }
  if (e == 0) return {false, 0};
  const std::uint32_t ae = q.product(a, e);
  for (std::uint32_t x = 1; x < q.order; ++x) {
    if (x == a) continue;
    if (q.product(e, x) != x || q.product(x, x) != e) return {false, 0};
    if (q.product(a, x) != q.product(ae, x)) return {false, 0};
    for (std::uint32_t y = 1; y < q.order; ++y) {
      if (y == a) continue;
      const std::uint32_t xy = q.product(x, y);
      if (xy == 0 || xy == a) return {false, 0};
    }
  }
  if (ae == e || ae == a || ae == 0) return {false, 0};
  return {true, k};
}

}  // namespace grundy
