#!/usr/bin/env bash
# The main job: installs what is missing, builds grundy in Release, and runs an analysis.
#   bash scripts/demo.sh                     # the built-in tour
#   bash scripts/demo.sh 'nim:1 + 0.07:20'   # solve your own sum
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release --target grundy_cli -j "$(nproc)" >/dev/null
grundy=build/release/cli/grundy

if [ $# -gt 0 ]; then
  for sum in "$@"; do
    echo "\$ grundy solve '$sum'"
    "$grundy" solve "$sum"
  done
  exit 0
fi

run() {
  local line='$ grundy' arg
  for arg in "$@"; do
    if [[ $arg =~ ^[A-Za-z0-9._:,=/-]+$ ]]; then line+=" $arg"; else line+=" '$arg'"; fi
  done
  echo "$line"
  "$grundy" "$@"
  echo
}

echo "== First values of three classic take-and-break games =="
run seq kayles --to 40
run seq dawson --to 40
run seq grundy --to 40
echo "== Kayles near the end of its preperiod (periodic with period 12 from 71) =="
run value 0.77 70 71 72 83 84
echo "== A sum of Nim heaps: who wins, and every winning move =="
run solve 'nim:3 + nim:4 + nim:5'
echo "== Mixed families in one sum =="
run solve 'kayles:13 + 0.07:20 + sub(1,3,4):9 + grundy:21'
run solve 'nim:1 + nim:2 + nim:3' --json
