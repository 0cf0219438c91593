#!/usr/bin/env bash
# Side-by-side A/B of two knightlog builds on the classic suite: each benchmark runs
# alternately under both binaries RUNS times (interleaved, so machine load hits both alike);
# prints each one's median CPU seconds and the ratio B/A, and the geometric mean.
#   benches/ab_suite.sh /tmp/knightlog-base target/release/knightlog 5
set -euo pipefail
a=$1 b=$2 runs=${3:-5}
dir=$(cd "$(dirname "$0")/prolog" && pwd)
median() { sort -g | awk '{v[NR]=$1} END {print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }
printf '%-10s %10s %10s %7s\n' benchmark "A median" "B median" "B/A"
logsum=0 n=0
for f in "$dir"/*.pl; do
    name=$(basename "$f" .pl)
    [ "$name" = harness ] && continue
    ta=() tb=()
    for _ in $(seq "$runs"); do
        ta+=("$("$a" -q -g bench_main -t halt "$dir/harness.pl" "$f" | awk '{print $2}')")
        tb+=("$("$b" -q -g bench_main -t halt "$dir/harness.pl" "$f" | awk '{print $2}')")
    done
    ma=$(printf '%s\n' "${ta[@]}" | median)
    mb=$(printf '%s\n' "${tb[@]}" | median)
    r=$(awk -v a="$ma" -v b="$mb" 'BEGIN {printf "%.3f", b / a}')
    printf '%-10s %10.3f %10.3f %7s\n' "$name" "$ma" "$mb" "$r"
    logsum=$(awk -v s="$logsum" -v r="$r" 'BEGIN {print s + log(r)}')
    n=$((n + 1))
done
awk -v s="$logsum" -v n="$n" 'BEGIN {printf "geometric mean B/A: %.3f\n", exp(s / n)}'
