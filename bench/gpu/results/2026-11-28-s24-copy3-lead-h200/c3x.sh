#!/bin/bash
# Session 24, lead, call C3X (H200): helper copy3's copy_transpose_runs with its two fixes (tree_fixed.diff on main) against
# main's copy_bench (base, e60711a) on random 4, alternated processes, by the protocol (% of the same process's D2D);
# correctness: --small (every case checked), memcheck of the byte cases; the whole bench's rounds with the new binary.
set -u
OUT=${OUT:-/tmp/out}; B=.s24c; W=/tmp/c3x; mkdir -p $W/c3x $OUT
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader > $W/c3x/card.txt
grep -q H200 $W/c3x/card.txt || { echo "not an H200:"; cat $W/c3x/card.txt; exit 0; }
{
echo "== $(date -u +%T) new --small"; timeout 40 $B/new --small | tail -n 3
echo "== $(date -u +%T) memcheck new --small --no-time --only bytes"; timeout 60 compute-sanitizer --tool memcheck $B/new --small --no-time --only bytes | tail -n 3
R=(--only "random 4" --rounds 5)
for k in 1 2 3; do
  echo "== $(date -u +%T) base ($k)"; timeout 20 $B/base "${R[@]}" | grep -E '^random 4|rounds'
  echo "== $(date -u +%T) new default ($k)"; timeout 20 $B/new "${R[@]}" | grep -E '^random 4|rounds|copy_transpose'
  for t in 256 160; do echo "== $(date -u +%T) new tile $t ($k)"; timeout 20 $B/new "${R[@]}" --runs-tile $t | grep -E '^random 4|rounds'; done
  echo "== $(date -u +%T) new rows-runs 2 ($k)"; timeout 20 $B/new "${R[@]}" --rows-runs 2 | grep -E '^random 4|rounds'
done
echo "== $(date -u +%T) new --rounds 3 (every case)"; timeout 60 $B/new --rounds 3 | grep -E '%' | cut -c1-100
echo "== $(date -u +%T) end"
} > $W/c3x/log.txt 2>&1
tar czf $OUT/c3x.tgz -C $W c3x; cat $W/c3x/card.txt; grep -v '^    \(the other\|grid of\|packed, J\|whole rows\|byte-wise\|TMA path\)' $W/c3x/log.txt | cut -c1-220
