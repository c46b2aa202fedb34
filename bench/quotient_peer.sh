#!/usr/bin/env bash
# The complete misère quotients of a census database against Siegel's MisereSolver, an
# independent implementation: for every game whose row is complete (Φ's period proven), the
# peer is run to the same heap and its |Q| and |P| are compared with the row's.
#
#   MISERESOLVER=DIR bench/quotient_peer.sh DB [LIMIT]
#
# DIR holds a MisereSolver build in DIR/build with a driver class
# org.cgsuite.core.misere.solver.Run taking CODE MAXHEAP, computing the heaps 0..MAXHEAP (without
# MAXHEAP: until its periodicity checker fires, as bench/quotient.sh uses it) and printing on
# stderr "CODE to heap N: |Q| = A, |P| = B, ...". LIMIT (default all)
# takes the first LIMIT complete rows, fewest heaps first; PEER_TIMEOUT (default 30) seconds
# each. Prints one line per disagreement and a summary; exit 1 when any disagrees.
set -euo pipefail
db=${1:?usage: MISERESOLVER=DIR bench/quotient_peer.sh DB [LIMIT]}
limit=${2:--1}
: "${MISERESOLVER:?MISERESOLVER=DIR: a MisereSolver build with its Run driver}"
timeout_s=${PEER_TIMEOUT:-30}
agree=0 differ=0 skipped=0
while IFS='|' read -r game reached order p_count; do
  if ! out=$(timeout "$timeout_s" java -cp "$MISERESOLVER/build" \
    org.cgsuite.core.misere.solver.Run "$game" "$reached" 2>&1 >/dev/null); then
    skipped=$((skipped + 1))
    continue
  fi
  peer=$(sed -n 's/.*|Q| = \([0-9]*\), |P| = \([0-9]*\).*/\1 \2/p' <<<"$out" | tail -1)
  if [[ "$peer" == "$order $p_count" ]]; then
    agree=$((agree + 1))
  else
    differ=$((differ + 1))
    echo "$game to heap $reached: grundy |Q| = $order, |P| = $p_count; MisereSolver $peer"
  fi
done < <(sqlite3 "$db" "SELECT game, reached, quotient_order, p_count FROM misere_quotients
                        WHERE complete = 1 AND periodicity = 'proven'
                        ORDER BY reached, game LIMIT $limit")
echo "complete quotients of $db against MisereSolver: $agree agree, $differ differ, $skipped not run within ${timeout_s} s"
[[ $differ -eq 0 ]]
