#!/usr/bin/env bash
# Fuzzes the harnesses with libFuzzer: builds them with clang (-fsanitize=fuzzer,address,undefined)
# in build/fuzz, runs each for SECONDS, one after the other, and prints the executions and crashes
# of each and the totals. Findings (crash, leak, timeout, out-of-memory inputs) are copied to
# fuzz/crashes/<harness>/, which the tests replay from then on.
#
#   bash fuzz/run.sh SECONDS [HARNESS...]     (default: every harness)
#
# Needs clang and its libFuzzer runtime (Debian 12: apt-get install clang libclang-rt-14-dev).
# Environment: JOBS (build parallelism, default 2), FUZZ_FLAGS (more libFuzzer flags),
# NO_BUILD=1 (run the harnesses as last built), PROCESSES=N (N fuzzers per harness at once on one
# work corpus, each reloading what the others find; their executions are added; default 1).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
all=(spec graph sequence period_cache nimber value_stdin)
if [ $# -lt 1 ] || ! [[ $1 =~ ^[0-9]+$ ]]; then
  echo "usage: bash fuzz/run.sh SECONDS [HARNESS...]   (harnesses: ${all[*]})" >&2
  exit 2
fi
seconds=$1
shift
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=("${all[@]}")
for h in "${harnesses[@]}"; do
  [[ " ${all[*]} " == *" $h "* ]] || { echo "unknown harness '$h' (harnesses: ${all[*]})" >&2; exit 2; }
done
command -v clang++ >/dev/null || {
  echo "fuzz/run.sh needs clang and libFuzzer: apt-get install clang libclang-rt-14-dev" >&2
  exit 1
}

build=$root/build/fuzz
if [ -z "${NO_BUILD:-}" ]; then
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DGRUNDY_FUZZ=ON \
    -DGRUNDY_BUILD_TESTS=OFF -DGRUNDY_BUILD_BENCH=OFF -DGRUNDY_BUILD_PYTHON=OFF \
    -DGRUNDY_BUILD_EXAMPLES=OFF >/dev/null
  cmake --build "$build" -j "${JOBS:-2}" --target "${harnesses[@]/#/fuzz_}" >/dev/null
fi

# The harnesses' temporary files on tmpfs when there is one: the sequence harness syncs its files
# to disk on every input.
if [ -z "${TMPDIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ]; then
  export TMPDIR=/dev/shm
fi
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:symbolize=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
total_execs=0
total_findings=0
printf '%-14s %12s %10s %9s  %s\n' harness executions exec/s findings log
for h in "${harnesses[@]}"; do
  work=$build/run/$h
  mkdir -p "$work/corpus" "$work/artifacts"
  rm -f "$work/artifacts"/*
  # New inputs go to the work corpus (kept between runs); the seeds in the repo are only read.
  # Paths are absolute: some harnesses run inside their own temporary directory.
  processes=${PROCESSES:-1}
  [[ $processes =~ ^[1-9][0-9]*$ ]] || { echo "PROCESSES must be a positive whole number" >&2; exit 2; }
  rm -f "$work"/log "$work"/log.*
  pids=()
  for ((p = 0; p < processes; p++)); do
    log=$work/log
    [ "$processes" -eq 1 ] || log=$work/log.$p
    # shellcheck disable=SC2086
    "$build/fuzz/fuzz_$h" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
      -print_final_stats=1 -reload=1 -artifact_prefix="$work/artifacts/" ${FUZZ_FLAGS:-} \
      "$work/corpus" "$root/fuzz/corpus/$h" >"$log" 2>&1 &
    pids+=($!)
  done
  status=0
  for pid in "${pids[@]}"; do wait "$pid" || status=$?; done
  execs=0
  for log in "$work"/log "$work"/log.*; do
    [ -e "$log" ] || continue
    n=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    if [ -z "$n" ]; then
      n=$(grep -o '^#[0-9]*' "$log" | tail -1 | tr -d '#')
    fi
    execs=$((execs + ${n:-0}))
  done
  rate=$((execs / (seconds > 0 ? seconds : 1)))
  findings=0
  for f in "$work/artifacts"/*; do
    [ -e "$f" ] || continue
    mkdir -p "$root/fuzz/crashes/$h"
    cp "$f" "$root/fuzz/crashes/$h/"
    findings=$((findings + 1))
  done
  if [ "$findings" -eq 0 ] && [ "$status" -ne 0 ]; then
    findings=1  # a failure without an input left behind: read the log
  fi
  printf '%-14s %12s %10s %9s  %s\n' "$h" "$execs" "$rate" "$findings" "$work/log*"
  total_execs=$((total_execs + execs))
  total_findings=$((total_findings + findings))
done
printf '%-14s %12s %10s %9s\n' total "$total_execs" "" "$total_findings"
[ "$total_findings" -eq 0 ]
