#!/bin/sh
# Run the programs' test goals and compare stdout with the expected files.
#
#   tests/programs_expected/run.sh [--update] [--slow] [PROLOG]
#
# PROLOG defaults to swipl; use e.g. target/release/knightlog.  Run from
# anywhere.  For every expected file NAME.out the goal is demo and for
# NAME.GOAL.out it is GOAL; the command is
#
#   PROLOG -q -g GOAL -t halt programs/NAME.pl      (cwd = repository root)
#
# A case passes when the exit status is 0, stdout equals the expected file
# byte for byte and stderr is empty (no warnings).  Cases listed in SLOW take
# a minute or more and run only with --slow.  --update rewrites the expected
# files from PROLOG's output (do that with SWI-Prolog only).

SLOW="knight_tour.first_tour"

update=no slow=no
while [ $# -gt 0 ]; do
    case "$1" in
        --update) update=yes; shift ;;
        --slow) slow=yes; shift ;;
        *) break ;;
    esac
done
prolog=${1:-swipl}

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$root" || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

fail=0
for expected in "$here"/*.out; do
    case=$(basename "$expected" .out)
    name=${case%%.*}
    if [ "$name" = "$case" ]; then goal=demo; else goal=${case#*.}; fi
    case " $SLOW " in
        *" $case "*) [ "$slow" = yes ] || { echo "skip  $case (slow; --slow runs it)"; continue; } ;;
    esac
    "$prolog" -q -g "$goal" -t halt "programs/$name.pl" >"$tmp/out" 2>"$tmp/err"
    status=$?
    if [ "$update" = yes ]; then
        if [ $status -eq 0 ] && [ ! -s "$tmp/err" ]; then
            cp "$tmp/out" "$expected"; echo "wrote $case"
        else
            echo "FAIL  $case: status $status"; cat "$tmp/err"; fail=1
        fi
    elif [ $status -ne 0 ]; then
        echo "FAIL  $case: exit status $status"; cat "$tmp/err"; fail=1
    elif [ -s "$tmp/err" ]; then
        echo "FAIL  $case: stderr not empty"; cat "$tmp/err"; fail=1
    elif ! cmp -s "$tmp/out" "$expected"; then
        echo "FAIL  $case: stdout differs"; diff "$expected" "$tmp/out" | head -20; fail=1
    else
        echo "ok    $case"
    fi
done
exit $fail
