#!/usr/bin/env bash
# Issue #5: times the sparse-space engine against the textbook baseline (bench/octal_baseline.cpp)
# for Grundy's game and 0.6 at n = 10^6 and 10^7, and the quadratic reference at n = 2*10^4,
# checking that all agree (exit 1 when they do not). Ratios are within this one run.
#
#   bench/octal.sh            10^6 (median of 3 runs each) and 10^7 (one run each)
#   bench/octal.sh --big      ... and 10^8 (one run each; several minutes)
#   bench/octal.sh --reps 5   more repetitions; other flags: octal_bench --help
#
# BUILD_DIR (default build/release) selects the build; JOBS (default 2) the build's parallelism.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${BUILD_DIR:-build/release}
if [[ ! -f "$build_dir/CMakeCache.txt" ]]; then
  cmake --preset release >/dev/null
fi
cmake --build "$build_dir" --target octal_bench -j "${JOBS:-2}" >/dev/null
exec "$build_dir/bench/octal_bench" "$@"
