#!/usr/bin/env bash
# Side-by-side timing of the paper's first-solution query, both verify/2
# versions, knightlog vs SWI-Prolog. Runs are interleaved (A B C D, A B C D, ...)
# so that load on a shared machine hits every variant alike. Prints user CPU
# seconds per run and the median per variant.
#   usage: benches/knight_vs_swi.sh [RUNS]   (from the repository root)
set -euo pipefail
runs=${1:-3}
kl=${KNIGHTLOG:-target/release/knightlog}
q='knight_tour([1,8],S), last(S,L), print(L), nl'
declare -A cmd=(
  [knightlog-improved]="$kl -q -g '$q' -t halt programs/knight_tour.pl"
  [swipl-improved]="swipl -q -g '$q' -t halt programs/knight_tour.pl"
  [knightlog-original]="$kl -q -g 'use_verify(original), $q' -t halt programs/knight_tour.pl"
  [swipl-original]="swipl -q -g 'use_verify(original), $q' -t halt programs/knight_tour.pl"
)
order=(knightlog-improved swipl-improved knightlog-original swipl-original)
declare -A times
for ((i = 1; i <= runs; i++)); do
  for v in "${order[@]}"; do
    t=$( { /usr/bin/time -f "%U" bash -c "${cmd[$v]}" >/dev/null; } 2>&1 | tail -1 )
    times[$v]="${times[$v]:-} $t"
    echo "run $i $v ${t}s"
  done
done
echo
printf '%-20s %s\n' variant "median user CPU (s)  [runs]"
for v in "${order[@]}"; do
  med=$(printf '%s\n' ${times[$v]} | sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}')
  printf '%-20s %8s   [%s ]\n' "$v" "$med" "${times[$v]}"
done
