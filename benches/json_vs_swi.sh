#!/usr/bin/env bash
# JSON side by side: a generated document of SIZE MB (default 50) read as dicts
# and written back (benches/json/roundtrip.pl) by knightlog and SWI-Prolog,
# alternating, RUNS times each (default 3); prints each run's wall seconds and
# peak resident memory, the medians and the ratios knightlog/SWI. The two
# outputs must be the same bytes.
#   benches/json_vs_swi.sh [KNIGHTLOG] [SWIPL] [SIZE] [RUNS]
set -euo pipefail
kl=${1:-target/release/knightlog} swi=${2:-swipl} size=${3:-50} runs=${4:-3}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 "$here/json/gen.py" "$size" > "$tmp/in.json"
echo "input: $(du -m "$tmp/in.json" | cut -f1) MB"
measure() { # system output -> "seconds kilobytes"
    /usr/bin/time -f "%e %M" -o "$tmp/time" "$1" "$here/json/roundtrip.pl" "$tmp/in.json" "$2" >/dev/null
    cat "$tmp/time"
}
: > "$tmp/k" ; : > "$tmp/s"
for i in $(seq "$runs"); do
    measure "$kl" "$tmp/out.kl" | tee -a "$tmp/k" | sed "s/^/knightlog run $i: /"
    measure "$swi" "$tmp/out.swi" | tee -a "$tmp/s" | sed "s/^/swipl     run $i: /"
done
cmp "$tmp/out.kl" "$tmp/out.swi" || { echo "outputs differ" >&2; exit 1; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
kt=$(cut -d' ' -f1 "$tmp/k" | median) st=$(cut -d' ' -f1 "$tmp/s" | median)
km=$(cut -d' ' -f2 "$tmp/k" | median) sm=$(cut -d' ' -f2 "$tmp/s" | median)
awk -v kt="$kt" -v st="$st" -v km="$km" -v sm="$sm" 'BEGIN {
    printf "median time   knightlog %.2f s, swipl %.2f s, ratio %.2f\n", kt, st, kt / st
    printf "median memory knightlog %d MB, swipl %d MB, ratio %.2f\n", km / 1024, sm / 1024, km / sm }'
