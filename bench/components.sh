#!/usr/bin/env bash
# The component search (issues #15 and #27), timed:
#
# 1. Cram side by side with Beling's igsolve (the record program for Cram, one thread) on 3x13,
#    4x9, 5x7, 5x8 and 4x11: each command run 3 times, in turn, and the median of the process's
#    wall time taken; grundy on one thread and on two, and the ratios. Without IGSOLVE only
#    grundy's times are printed. ../shared/peers/README.md (beside the project) says how to build
#    igsolve; it is run two ways: `igsolve --tt hash-map cram ROWS COLUMNS` (its default search
#    without the endgame database) and with `--edb_segments 1` added (its endgame database of
#    every position at most 6 columns wide, which it builds once per number of rows and keeps in
#    the working directory: built here before the timings, as grundy's are, and not timed). The
#    ratios are against the faster of the two.
# 2. The long runs: Node-Kayles on 3 x n, 4 x n, n x n and the queens' graphs, and Cram on every
#    rectangle of at most 40 cells, each board timed (components_bench).
# 3. The side-by-side table of the search's variants (components_bench without arguments).
#
#   bash bench/components.sh [BUILD_DIR]           (default build/release, built with benchmarks)
#   IGSOLVE=/path/to/igsolve bash bench/components.sh
#   BOARDS="3x13 4x9" RUNS=5 bash bench/components.sh     which boards, how many runs each
#   ONLY=cram bash bench/components.sh             part 1 only (ONLY=long, ONLY=variants)
#   MAX_MINUTES=20 bash bench/components.sh        each long run stopped after that long (default 60)
#   THREADS=1 bash bench/components.sh             threads of the long runs (default 2)
set -euo pipefail
build=${1:-build/release}
grundy=$build/cli/grundy
bench=$build/bench/components_bench
for tool in "$grundy" "$bench"; do
  if [[ ! -x $tool ]]; then
    echo "components.sh: $tool is missing: build first (cmake --preset release)" >&2
    exit 2
  fi
done
if [[ -n ${IGSOLVE:-} && ! -x $IGSOLVE ]]; then
  echo "components.sh: IGSOLVE=$IGSOLVE is not an executable" >&2
  exit 2
fi
runs=${RUNS:-3}
boards=${BOARDS:-"3x13 4x9 5x7 5x8 4x11"}
only=${ONLY:-all}

# The endgame database lives in the cache directory: a fresh one, filled before the timings.
cache=$(mktemp -d)
trap 'rm -rf "$cache"' EXIT
export GRUNDY_CACHE_DIR=$cache

# Seconds of wall time of one run of a command (its output checked by the caller's pattern).
seconds() {
  local start end
  start=$(date +%s.%N)
  "$@" >"$cache/out" 2>&1 || { echo "components.sh: failed: $*" >&2; cat "$cache/out" >&2; exit 1; }
  end=$(date +%s.%N)
  echo "$start $end" | awk '{printf "%.3f", $2 - $1}'
}
median() { tr ' ' '\n' | sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
# Seconds of one igsolve run in the cache folder (its endgame database is kept in its working
# directory), its nimber checked against grundy's: peer_seconds VALUE WHAT ROWS COLUMNS [OPTION...].
peer_seconds() {
  local value=$1 what=$2 rows=$3 columns=$4 theirs
  shift 4
  (cd "$cache" && seconds "$IGSOLVE" --tt hash-map "$@" cram "$rows" "$columns")
  theirs=$(sed -n 's/^Nimber of initial position: //p' "$cache/out")
  if [[ $theirs != "$value" ]]; then
    echo "components.sh: $board: grundy says $value, $what $theirs" >&2
    exit 1
  fi
}

if [[ $only == all || $only == cram ]]; then
  echo "== Cram side by side: median of $runs runs each, process wall time (s)"
  printf '%-6s %-3s %10s %10s %10s %12s %12s %12s\n' board g grundy-1 grundy-2 igsolve igsolve-edb \
    "igsolve/g1" "igsolve/g2"
  for board in $boards; do
    rows=${board%x*}
    columns=${board#*x}
    one=()
    two=()
    peer=()
    peer_edb=()
    value=""
    # grundy's endgame databases for this board (Cram boards of 35 cells use one of 3 x 9, 4 x 7
    # or 5 x 6 cells by their height, built once into the cache), not timed.
    "$grundy" value cram "$board" >/dev/null
    if [[ -n ${IGSOLVE:-} ]]; then
      # igsolve's endgame database for this many rows, built in the cache folder (its working
      # directory), not timed.
      (cd "$cache" && "$IGSOLVE" --tt hash-map --edb_segments 1 cram "$rows" "$columns" >/dev/null 2>&1) || {
        echo "components.sh: igsolve failed building its endgame database for $board" >&2
        exit 1
      }
    fi
    for ((i = 0; i < runs; ++i)); do
      one+=("$(seconds "$grundy" value cram "$board" --threads 1)")
      value=$(cat "$cache/out")
      two+=("$(seconds "$grundy" value cram "$board" --threads 2)")
      if [[ $(cat "$cache/out") != "$value" ]]; then
        echo "components.sh: $board: one thread says $value, two say $(cat "$cache/out")" >&2
        exit 1
      fi
      if [[ -n ${IGSOLVE:-} ]]; then
        peer+=("$(peer_seconds "$value" igsolve "$rows" "$columns")")
        peer_edb+=("$(peer_seconds "$value" "igsolve with its database" "$rows" "$columns" --edb_segments 1)")
      fi
    done
    m1=$(echo "${one[*]}" | median)
    m2=$(echo "${two[*]}" | median)
    if [[ -n ${IGSOLVE:-} ]]; then
      mp=$(echo "${peer[*]}" | median)
      me=$(echo "${peer_edb[*]}" | median)
      best=$(awk -v a="$mp" -v b="$me" 'BEGIN {print (a < b ? a : b)}')
      printf '%-6s %-3s %10s %10s %10s %12s %12s %12s\n' "$board" "$value" "$m1" "$m2" "$mp" "$me" \
        "$(awk -v a="$best" -v b="$m1" 'BEGIN {printf "x%.2f", a / b}')" \
        "$(awk -v a="$best" -v b="$m2" 'BEGIN {printf "x%.2f", a / b}')"
    else
      printf '%-6s %-3s %10s %10s %10s %12s %12s %12s\n' "$board" "$value" "$m1" "$m2" - - - -
    fi
  done
  echo "(igsolve/g1: how many times faster grundy is on one thread than igsolve's faster way; g2: on two)"
fi

if [[ $only == all || $only == long ]]; then
  limit=$((${MAX_MINUTES:-60} * 60))
  threads=${THREADS:-2}
  run() {
    echo "== components_bench $* --threads $threads"
    timeout "$limit" "$bench" "$@" --threads "$threads" --cache "$cache" || echo "(stopped after $limit s)"
  }
  run --nodekayles 3 40
  run --nodekayles 4 24
  run --nodekayles-square 9
  run --queens 14
  run --cram-cells 40
fi

if [[ $only == all || $only == variants ]]; then
  echo "== components_bench (side by side, one thread)"
  "$bench"
fi
