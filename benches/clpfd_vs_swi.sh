#!/usr/bin/env bash
# CLP(FD) side by side: every benchmark of benches/clpfd/bench.pl under knightlog
# and SWI-Prolog in one run (each benchmark in its own process, alternating the
# two systems); prints CPU seconds, solution counts (which must agree) and the
# ratio knightlog/SWI, then the geometric mean of the ratios.
#   benches/clpfd_vs_swi.sh [KNIGHTLOG] [SWIPL]
set -euo pipefail
kl=${1:-target/release/knightlog} swi=${2:-swipl}
dir=$(cd "$(dirname "$0")/clpfd" && pwd)
benches=$("$kl" -q -g "forall(benchmark(B), (writeq(B), nl))" -t halt "$dir/bench.pl")
printf '%-16s %7s %10s %10s %8s\n' benchmark count knightlog swipl ratio
logsum=0 n=0
for b in $benches; do
    k=$("$kl" -q -g "run($b)" -t halt "$dir/bench.pl")
    s=$("$swi" -q -g "run($b)" -t halt "$dir/bench.pl")
    read -r _ kc kt <<<"$k"
    read -r _ sc st <<<"$s"
    [ "$kc" = "$sc" ] || { echo "$b: counts differ: knightlog $kc, swipl $sc" >&2; exit 1; }
    # Times are per run, averaged over reps (bench.pl) for the short ones; a time below
    # ten microseconds counts as ten (the ratio needs a divisor).
    r=$(awk -v k="$kt" -v s="$st" 'BEGIN {if (k < 0.00001) k = 0.00001; if (s < 0.00001) s = 0.00001; printf "%.4f", k / s}')
    printf '%-16s %7s %10.4f %10.4f %8s\n' "$b" "$kc" "$kt" "$st" "$r"
    logsum=$(awk -v s="$logsum" -v r="$r" 'BEGIN {print s + log(r)}')
    n=$((n + 1))
done
awk -v s="$logsum" -v n="$n" 'BEGIN {printf "geometric mean knightlog/SWI: %.4f\n", exp(s / n)}'
