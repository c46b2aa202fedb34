#!/usr/bin/env bash
# Issue #15's timed targets, each board timed by components_bench (bench/components_bench.cpp):
# Node-Kayles on 3 x n to n = 32, on 4 x n to 24, on n x n to 9, on the queens' graphs to 14, and
# Cram on every rectangle of at most 40 cells; then the side-by-side table (board search with and
# without canonical forms and pruning, and the graph search with nauty, on the same positions).
#
#   bash bench/components.sh [BUILD_DIR]      (default build/release, built with benchmarks on)
#   MAX_MINUTES=20 bash bench/components.sh   each run stopped after that long (default 60)
#   THREADS=1 bash bench/components.sh        threads of the long runs (default 2)
set -euo pipefail
build=${1:-build/release}
bench=$build/bench/components_bench
if [[ ! -x $bench ]]; then
  echo "components.sh: $bench is missing: build with benchmarks first (cmake --preset release)" >&2
  exit 2
fi
limit=$((${MAX_MINUTES:-60} * 60))
threads=${THREADS:-2}
run() {
  echo "== components_bench $* --threads $threads"
  timeout "$limit" "$bench" "$@" --threads "$threads" || echo "(stopped after $limit s)"
}
run --nodekayles 3 32
run --nodekayles 4 24
run --nodekayles-square 9
run --queens 14
run --cram-cells 40
echo "== components_bench (side by side, one thread)"
"$bench"
