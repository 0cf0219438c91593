#!/usr/bin/env bash
# Tabling benchmarks side by side with SWI-Prolog: tabled Fibonacci with big
# integers, a left-recursive path over a 1,000-node / 10,000-edge graph, moded
# (min) shortest paths, all pairs of the same graph; and, to see where the time
# goes, loading the graph alone (`load`: 10,000 iterations of arithmetic and
# 20,000 assertz/1) and an empty start-up (`startup`).
#
# What it measures: the wall-clock time of the whole process, start-up and
# loading included, as a user running `knightlog -q -g bench_main -t halt F`
# sees it (bash's `time` keyword, millisecond resolution), and its user CPU
# time. Runs are interleaved (each round runs every program under both
# systems, the system that goes first alternating) so that load on a shared
# machine hits both alike; the table shows the median of RUNS rounds and the
# ratio knightlog / SWI-Prolog of the medians. Wall time is the figure that
# matters; on a loaded machine read the CPU columns too.
#   usage: benches/tabling/vs_swi.sh [RUNS]   (from the repository root; default 21)
#   KNIGHTLOG=path/to/knightlog selects the binary (default target/release/knightlog).
set -euo pipefail
runs=${1:-21}
kl=${KNIGHTLOG:-target/release/knightlog}
progs=(fib path shortest path_all load startup)
declare -A wall cpu
TIMEFORMAT='%3R %3U'

# one SYSTEM PROGRAM: appends one run's wall and CPU seconds to the tallies.
one() {
  local bin=$kl args
  [ "$1" = swipl ] && bin=swipl
  case $2 in
    load) args=(-q -g halt benches/tabling/graph.pl) ;;
    startup) args=(-q -g halt) ;;
    *) args=(-q -g bench_main -t halt "benches/tabling/$2.pl") ;;
  esac
  local t
  t=$( { time "$bin" "${args[@]}" >/dev/null 2>&1; } 2>&1 )
  wall[$2-$1]="${wall[$2-$1]:-} ${t% *}"
  cpu[$2-$1]="${cpu[$2-$1]:-} ${t#* }"
}

for ((i = 1; i <= runs; i++)); do
  for p in "${progs[@]}"; do
    if ((i % 2)); then one knightlog "$p"; one swipl "$p"; else one swipl "$p"; one knightlog "$p"; fi
  done
done

median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {printf "%.4f", (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
ratio() { awk -v k="$1" -v w="$2" 'BEGIN {printf "%.2f", (w > 0) ? k / w : 0}'; }
echo "medians of $runs interleaved runs, seconds (whole process: start-up included)"
printf '%-10s %9s %9s %6s   %9s %9s %6s\n' program kl_wall swi_wall ratio kl_cpu swi_cpu ratio
for p in "${progs[@]}"; do
  kw=$(median ${wall[$p-knightlog]}); sw=$(median ${wall[$p-swipl]})
  kc=$(median ${cpu[$p-knightlog]}); sc=$(median ${cpu[$p-swipl]})
  printf '%-10s %9s %9s %6s   %9s %9s %6s\n' "$p" "$kw" "$sw" "$(ratio "$kw" "$sw")" "$kc" "$sc" "$(ratio "$kc" "$sc")"
done
