#include "grundy/analysis/sparse_mask.hpp"

#include <vector>

namespace grundy {

Value best_sparse_mask(std::span<const std::uint64_t> histogram) {
  // H[m] = sum_v hist[v] (-1)^popcount(v & m), so the rare count under m is (count + H[m]) / 2.
  std::vector<std::int64_t> h(histogram.begin(), histogram.end());
  for (std::size_t len = 1; len < h.size(); len *= 2) {
    for (std::size_t i = 0; i + len < h.size(); i += 2 * len) {
      for (std::size_t j = i; j < i + len; ++j) {
        const std::int64_t a = h[j], b = h[j + len];
        h[j] = a + b;
        h[j + len] = a - b;
      }
    }
  }
  Value best = 1;
  for (Value m = 2; m < h.size(); ++m) {
    if (h[m] < h[best]) best = m;
  }
  return best;
}

}  // namespace grundy
