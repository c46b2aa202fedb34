#!/usr/bin/env bash
# Issue #13: one census slice run on one process with --threads 2 and on 2 MPI ranks with one
# thread each (mpirun -np 2), alternately, REPS times each; prints each run's wall time, the
# medians and their ratio (ranks / threads), and checks that every run stored the same results.
#
#   bench/census_ranks.sh                     octal:3, members 0..255, budget 2^17 values (~2.5 min a run)
#   SLICE=0,512 BUDGET=1048576,0 REPS=3 bench/census_ranks.sh
#
# BUILD_DIR (default build/release) selects the build. Value-only budgets, so the results are
# comparable whatever runs them.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${BUILD_DIR:-build/release}
grundy="$build_dir/cli/grundy"
[[ -x "$grundy" ]] || { echo "build $grundy first (cmake --preset release && cmake --build --preset release)" >&2; exit 2; }
command -v mpirun >/dev/null || { echo "mpirun not found (apt-get install openmpi-bin)" >&2; exit 2; }
family=${FAMILY:-octal:3}
slice=${SLICE:-0,256}
budget=${BUDGET:-131072,0}
reps=${REPS:-3}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
query="SELECT game, class, values_computed, preperiod, period, saltus, largest_value, rare_count, last_rare FROM results ORDER BY game"
census=(census "$family" --slice "$slice" --budget "$budget" --extend "$budget" --three-heap 4096,0)

seconds() {  # runs "$@", prints its wall time in seconds
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN {print b - a}'
}
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

threads_times=() ranks_times=()
for ((r = 1; r <= reps; r++)); do
  t=$(seconds "$grundy" "${census[@]}" --threads 2 --db "$work/threads$r.db")
  threads_times+=("$t")
  m=$(seconds mpirun -np 2 "$grundy" "${census[@]}" --threads 1 --db "$work/ranks$r.db")
  ranks_times+=("$m")
  printf 'run %d: --threads 2 %.2f s, mpirun -np 2 %.2f s\n' "$r" "$t" "$m"
  if [[ "$(sqlite3 "$work/threads$r.db" "$query")" != "$(sqlite3 "$work/ranks$r.db" "$query")" ]]; then
    echo "run $r: the two stored different results" >&2
    exit 1
  fi
done
mt=$(median "${threads_times[@]}")
mr=$(median "${ranks_times[@]}")
printf '%s slice %s budget %s: median --threads 2 %.2f s, mpirun -np 2 %.2f s, ratio %.3f\n' \
  "$family" "$slice" "$budget" "$mt" "$mr" "$(awk -v a="$mr" -v b="$mt" 'BEGIN {print a / b}')"
