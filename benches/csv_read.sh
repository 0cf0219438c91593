#!/usr/bin/env bash
# csv_read_file/3 on a generated ~100 MB CSV file, knightlog against SWI-Prolog, side by side.
# The file (made once, deterministically, by the awk below) has 10 columns of mixed kinds:
# integers, quoted "Last, First" names, plain words, floats, empty cells, quoted notes with
# doubled quotes and an embedded line end now and then, dates and small negative floats.
# Both systems read it into a list of row/10 terms and print the row count and the last row
# (checked equal). Runs are interleaved (knightlog, swipl, knightlog, ...) so that load on a
# shared machine hits both alike; prints wall-clock seconds and peak RSS (/usr/bin/time -v)
# per run, the medians, and the ratios knightlog / SWI.
#   usage: benches/csv_read.sh [RUNS] [MB]   (from the repository root; default 3 runs, 100 MB)
#   KNIGHTLOG=path/to/knightlog (default target/release/knightlog, else target/fastdev/knightlog)
set -euo pipefail
runs=${1:-3}
mb=${2:-100}
kl=${KNIGHTLOG:-target/release/knightlog}
[[ -x $kl ]] || kl=target/fastdev/knightlog
dir=${TMPDIR:-/tmp}/knightlog-csv-bench
mkdir -p "$dir"
file=$dir/data_${mb}mb.csv

if [[ ! -s $file ]]; then
  echo "generating $file ..."
  awk -v target=$((mb * 1000 * 1000)) '
    function rnd(n) { seed = (seed * 16807) % 2147483647; return int(seed / 1024) % n }
    BEGIN {
      seed = 42
      split("Smith Jones Brown Taylor Wilson Davies Evans Thomas Johnson Roberts Walker Wright Robinson Thompson White Hughes Edwards Green Hall Wood Harris Lewis Martin Jackson Clarke Clark Turner Hill Scott Cooper Morris Ward Moore King Watson Baker Harrison Morgan Patel Young Allen Mitchell James Anderson Phillips Lee Bell Parker Davis Miller", last, " ")
      split("Oliver Jack Harry Jacob Charlie Thomas George Oscar James William Amelia Olivia Isla Emily Poppy Ava Isabella Jessica Lily Sophie Noah Leo Alfie Henry Freddie Archie Ethan Isaac Joshua Max Mia Grace Evie Ruby Ella Chloe Freya Daisy Alice Zoe José Zoë Léa Søren Anaïs Björn Chloé Ángel Renée Nuño", first, " ")
      split("London Paris Berlin Madrid Rome Vienna Prague Warsaw Lisbon Dublin Oslo Stockholm Helsinki Copenhagen Amsterdam Brussels Zurich Geneva Munich Hamburg Milan Naples Turin Lyon Marseille Porto Seville Valencia Krakow Budapest Athens Sofia Bucharest Zagreb Riga Tallinn Vilnius Reykjavik Bern Monaco", city, " ")
      notes[0] = "\"said \"\"hi\"\" twice\""; notes[1] = "plain note"; notes[2] = "\"a, b and c\""
      notes[3] = "\"two\nlines\""; notes[4] = ""; notes[5] = "\"\"\"quoted\"\"\""; notes[6] = "ok"
      notes[7] = "\"semi; colon\""
      size = 0
      for (id = 1; size < target; id++) {
        name = "\"" last[rnd(50) + 1] ", " first[rnd(50) + 1] "\""
        amount = sprintf("%d.%02d", rnd(100000), rnd(100))
        code = sprintf("%c%c%d", 65 + rnd(26), 65 + rnd(26), rnd(40))
        empty = (rnd(5) == 0) ? "" : "yes"
        note = (rnd(50) == 0) ? notes[3] : notes[rnd(8)]
        date = sprintf("2024-%02d-%02d", rnd(12) + 1, rnd(28) + 1)
        small = sprintf("-0.%03d", rnd(1000))
        line = id "," name "," city[rnd(40) + 1] "," amount "," rnd(1000) "," code "," empty "," note "," date "," small
        print line
        size += length(line) + 1
      }
    }' > "$file.tmp"
  mv "$file.tmp" "$file"
fi
echo "file: $file ($(du -m "$file" | cut -f1) MB, $(wc -l < "$file") lines)"

q="use_module(library(csv)), csv_read_file('$file', Rows, []), length(Rows, N), last(Rows, L), print(N-L), nl"
declare -A cmd=(
  [knightlog]="$kl -q -g \"$q\" -t halt"
  [swipl]="swipl -q -g \"$q\" -t halt"
)
order=(knightlog swipl)
declare -A secs rss out
for ((i = 1; i <= runs; i++)); do
  for v in "${order[@]}"; do
    log=$dir/time_$v.txt
    res=$(/usr/bin/time -v -o "$log" bash -c "${cmd[$v]}")
    t=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, p, ":"); s = 0; for (k = 1; k <= n; k++) s = s * 60 + p[k]; print s}' "$log")
    r=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$log")
    secs[$v]="${secs[$v]:-} $t"
    rss[$v]="${rss[$v]:-} $r"
    out[$v]=$res
    echo "run $i $v ${t}s $((r / 1024)) MB  $res"
  done
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
echo
if [[ "${out[knightlog]}" != "${out[swipl]}" ]]; then
  echo "RESULTS DIFFER: knightlog ${out[knightlog]} / swipl ${out[swipl]}"
fi
tk=$(median ${secs[knightlog]}); ts=$(median ${secs[swipl]})
rk=$(median ${rss[knightlog]}); rs=$(median ${rss[swipl]})
printf '%-10s %10s %12s\n' system "time (s)" "peak RSS (MB)"
printf '%-10s %10s %12d\n' knightlog "$tk" $((${rk%.*} / 1024)) swipl "$ts" $((${rs%.*} / 1024))
awk -v tk="$tk" -v ts="$ts" -v rk="$rk" -v rs="$rs" \
  'BEGIN {printf "knightlog / swipl: time %.3f, peak RSS %.3f\n", tk / ts, rk / rs}'
