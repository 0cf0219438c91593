#!/usr/bin/env bash
# Tabling benchmarks side by side with SWI-Prolog: tabled Fibonacci with big
# integers, a left-recursive path over a 1,000-node / 10,000-edge graph, moded
# (min) shortest paths, all pairs of the same graph. Runs are interleaved so
# load on a shared machine hits both systems alike; prints the median user CPU
# seconds per program and system (graph loading included: about 0.06 s).
#   usage: benches/tabling/vs_swi.sh [RUNS]   (from the repository root)
set -euo pipefail
runs=${1:-5}
kl=${KNIGHTLOG:-target/release/knightlog}
progs=(fib path shortest path_all)
declare -A times
for ((i = 1; i <= runs; i++)); do
  for p in "${progs[@]}"; do
    for s in knightlog swipl; do
      bin=$kl; [ $s = swipl ] && bin=swipl
      t=$( { /usr/bin/time -f "%U" "$bin" -q -g bench_main -t halt "benches/tabling/$p.pl" >/dev/null; } 2>&1 | tail -1 )
      times[$p-$s]="${times[$p-$s]:-} $t"
    done
  done
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
printf '%-10s %10s %10s %7s\n' program knightlog swipl ratio
for p in "${progs[@]}"; do
  k=$(median ${times[$p-knightlog]}); w=$(median ${times[$p-swipl]})
  printf '%-10s %10s %10s %7s\n' "$p" "$k" "$w" "$(awk -v k="$k" -v w="$w" 'BEGIN {printf "%.2f", k / w}')"
done
