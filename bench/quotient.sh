#!/usr/bin/env bash
# Issues #14 and #28: misère quotients. Process wall time of `grundy quotient`, median of 3 runs,
# on the issues' jobs, side by side with the same jobs run by Siegel's MisereSolver and by an
# earlier grundy when given; then the quotient path against the exact search on the same sums.
#
#   bench/quotient.sh                        grundy alone, with the issue's targets
#   MISERESOLVER=DIR bench/quotient.sh       also MisereSolver (Java), built in DIR/build with a
#                                            driver class org.cgsuite.core.misere.solver.Run
#                                            taking CODE [MAXHEAP] (the heaps 0..MAXHEAP, or
#                                            until its periodicity checker sees Φ periodic, as
#                                            its own command line does)
#   BASELINE=PATH bench/quotient.sh          also an earlier grundy command, e.g. main's
#                                            build/release/cli/grundy (a complete job is its
#                                            --max-heap H, H the heap grundy proved it at)
#   REPS=5 bench/quotient.sh                 more repetitions
#   ONLY=REGEX bench/quotient.sh             only the jobs whose name matches (e.g. complete)
#
# A run past PEER_TIMEOUT seconds (default 120) is stopped and shown as "> T"; the peers' medians
# are of the runs that ended. BUILD_DIR (default build/release) selects the build; JOBS (default
# 2) the build's parallelism. Times are bash's $EPOCHREALTIME around each run: the process's own
# wall time (MisereSolver's includes the JVM's start, about 0.3 s).
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
timeout_s=${PEER_TIMEOUT:-120}
export GRUNDY_CACHE_DIR=$(mktemp -d)
trap 'rm -rf "$GRUNDY_CACHE_DIR"' EXIT

# The median of REPS wall times of a command, or "> T" when a run passes the timeout.
median_time() {
  local times=() start end
  for ((i = 0; i < reps; i++)); do
    start=$EPOCHREALTIME
    if ! timeout "$timeout_s" "$@" >/dev/null 2>&1; then
      echo "> $timeout_s"
      return
    fi
    end=$EPOCHREALTIME
    times+=("$(echo "$end - $start" | bc -l)")
  done
  printf '%.3f' "$(printf '%s\n' "${times[@]}" | sort -g | sed -n "$(((reps + 1) / 2))p")"
}

# "grundy/peer" when both are times, else empty.
ratio() {
  [[ "$1" == ">"* || "$2" == ">"* ]] && { echo "-"; return; }
  printf '%.1fx' "$(echo "$2 / $1" | bc -l)"
}

printf '%-22s %-30s %10s %8s' "job" "grundy's result" "grundy s" "target"
[[ -n "${MISERESOLVER:-}" ]] && printf ' %14s %8s' "MisereSolver s" "vs"
[[ -n "${BASELINE:-}" ]] && printf ' %12s %8s' "baseline s" "vs"
printf '\n'
# name  code  heaps ("-": complete, until Φ's period is proven)  target seconds
while read -r name code heaps target; do
  [[ -n "${ONLY:-}" && ! "$name" =~ $ONLY ]] && continue
  args=(quotient "$code" --no-cache --max-work 1000000000000)
  [[ "$heaps" != "-" ]] && args+=(--max-heap "$heaps")
  t=$(median_time "$grundy" "${args[@]}")
  read -r result reached < <("$grundy" "${args[@]}" --json | python3 -c 'import json,sys; d=json.load(sys.stdin)
print("order_%d,_heaps_0..%d,_%s %d" % (d["order"], d["max_heap"], "complete" if d["complete"] else "partial", d["max_heap"]))')
  result=${result//_/ }
  printf '%-22s %-30s %10s %8s' "$name" "$result" "$t" "$target"
  if [[ -n "${MISERESOLVER:-}" ]]; then
    peer=(java -cp "$MISERESOLVER/build" org.cgsuite.core.misere.solver.Run "$code")
    [[ "$heaps" != "-" ]] && peer+=("$heaps")
    m=$(median_time "${peer[@]}")
    printf ' %14s %8s' "$m" "$(ratio "$t" "$m")"
  fi
  if [[ -n "${BASELINE:-}" ]]; then
    base=("$BASELINE" quotient "$code" --no-cache --max-work 1000000000000 --max-heap "$reached")
    b=$(median_time "${base[@]}")
    printf ' %12s %8s' "$b" "$(ratio "$t" "$b")"
  fi
  printf '\n'
done <<'LIST'
kayles-complete 0.77 - 0.02
0.115-complete 0.115 - 0.03
0.07-to-32 0.07 32 0.1
0.644-to-400 0.644 400 -
0.644-to-763 0.644 763 -
0.644-to-2000 0.644 2000 0.3
0.644-complete 0.644 - 10
LIST

[[ -n "${ONLY:-}" ]] && exit 0

# Stopping where Φ's period is proven against verifying every heap, same process, same quotient.
"$bench" proof 0.77 1000
"$bench" proof 0.75 1000

# The exact search grows fast with the heaps: these sums stay small enough for it.
"$bench" versus 0.77 20 3 100
"$bench" versus 0.07 20 3 100

# solve --misere of a sum of 20 Kayles rows of sizes up to 1000: with an empty cache the quotient
# is computed (on to the proof of its period) and stored; then read and checked.
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
