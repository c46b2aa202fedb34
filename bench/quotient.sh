#!/usr/bin/env bash
# Issue #14: misère quotients. Process wall time of `grundy quotient`, median of 3 runs, for the
# issue's games, then the quotient path against the exact search on the same sums (one process).
#
#   bench/quotient.sh           the issue's targets (computed: --no-cache), then solve --misere of
#                               20 Kayles rows up to 1000 with an empty cache and with it filled
#   REPS=5 bench/quotient.sh    more repetitions
#
# BUILD_DIR (default build/release) selects the build; JOBS (default 2) the build's parallelism.
# Times are bash's $EPOCHREALTIME around each run: the process's own wall time (a `date` before
# and after would add two forks, milliseconds, to every figure).
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${BUILD_DIR:-build/release}
if [[ ! -f "$build_dir/CMakeCache.txt" ]]; then
  cmake --preset release >/dev/null
fi
cmake --build "$build_dir" --target grundy_cli quotient_bench -j "${JOBS:-2}" >/dev/null
grundy="$build_dir/cli/grundy"
bench="$build_dir/bench/quotient_bench"
reps=${REPS:-3}
export GRUNDY_CACHE_DIR=$(mktemp -d)
trap 'rm -rf "$GRUNDY_CACHE_DIR"' EXIT

# name  code  max-heap  target(s)
while read -r name code heap target; do
  times=()
  for ((i = 0; i < reps; i++)); do
    start=$EPOCHREALTIME
    "$grundy" quotient "$code" --max-heap "$heap" --max-work 1000000000000 --no-cache >/dev/null
    end=$EPOCHREALTIME
    times+=("$(echo "$end - $start" | bc -l)")
  done
  median=$(printf '%s\n' "${times[@]}" | sort -g | sed -n "$(((reps + 1) / 2))p")
  order=$("$grundy" quotient "$code" --max-heap "$heap" --max-work 1000000000000 --no-cache --json |
    python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["order"], d["stable_from"])')
  printf '%-16s %-6s to heap %-4s order/last grew %-10s median %.3f s (target %s s)\n' \
    "$name" "$code" "$heap" "$order" "$median" "$target"
done <<'LIST'
kayles 0.77 80 0.03
0.115 0.115 60 0.1
0.644 0.644 60 1.5
dawson 0.07 30 0.6
LIST

# Stopping where Φ's period is proven against verifying every heap, same process, same quotient.
"$bench" proof 0.77 1000
"$bench" proof 0.75 1000

# The exact search grows fast with the heaps: these sums stay small enough for it.
"$bench" versus 0.77 20 3 100
"$bench" versus 0.07 20 3 100

# solve --misere of a sum of 20 Kayles rows of sizes up to 1000: with an empty cache the quotient
# is computed to the largest row (the search would be refused) and stored; then read and checked.
rows=$(python3 -c "import random; random.seed(14); print(' + '.join('kayles:%d' % random.randint(1, 1000) for _ in range(20)))")
median_of() {
  local times=()
  for ((i = 0; i < reps; i++)); do
    [[ "$1" == empty ]] && rm -rf "$GRUNDY_CACHE_DIR"/quotients
    start=$EPOCHREALTIME
    "$grundy" solve "$rows" --misere >/dev/null 2>&1
    end=$EPOCHREALTIME
    times+=("$(echo "$end - $start" | bc -l)")
  done
  printf '%s\n' "${times[@]}" | sort -g | sed -n "$(((reps + 1) / 2))p"
}
empty=$(median_of empty)
cached=$(median_of cached)
decided=$("$grundy" solve "$rows" --misere --json | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["winner"], d["decided_by"])')
printf '20 Kayles rows up to 1000 (%s): empty cache median %.3f s; cached median %.3f s (target 0.01 s)\n' \
  "$decided" "$empty" "$cached"
