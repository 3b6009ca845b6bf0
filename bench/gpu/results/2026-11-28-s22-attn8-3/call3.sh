#!/bin/bash
# Session 22 (helper attn8, issue 26), call 3 on the H100: FP8 d128 non-causal with O's rescale under S's wgmmas
# (9re: -DTESSEL_ATTN_RESCALE_EARLY=1; call 2's knock-out of the rescale gave +5%: its FMULs sit after P V's wait,
# on the critical path) against main's variant 9, and the tree's new FP8 d256 default (11d: SkipRescale_ 3) against
# main's 11. Built on the workstation (nvcc 13.0 -O3 sm_90a), carried in bin3/.
#   cd .h/attn8 && bash bench/gpu/results/2026-11-28-s22-attn8-3/call3.sh   -> $OUT/a3/
set -u
OUT=${OUT:-/tmp/out}; R=$OUT/a3; mkdir -p $R; d=$PWD/bin3
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
chmod +x $d/attn_* 2>/dev/null
for v in 9re 11d; do ( timeout 120 $d/attn_$v --no-time > $R/check_$v.txt 2>&1; echo "rc=$?" >> $R/check_$v.txt ) & done
for t in memcheck racecheck; do ( timeout 150 compute-sanitizer --tool $t $d/attn_9re --small > $R/san_${t}_9re.txt 2>&1; echo "rc=$?" >> $R/san_${t}_9re.txt ) & done
wait
for v in 9re 11d; do
  echo "sweep $v: $(grep -c '^ok' $R/check_$v.txt) ok, $(grep -c '^FAIL' $R/check_$v.txt) FAIL, largest $(grep -oE 'ratio [0-9.]+' $R/check_$v.txt | sort -k2 -g | tail -n 1), lse $(grep -oE 'lse rel [0-9.e-]+' $R/check_$v.txt | sort -k3 -g | tail -n 1); $(tail -n 1 $R/check_$v.txt)" >> $R/progress.txt
done
for f in $R/san_*; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -n 1) $(tail -n 1 $f)" >> $R/progress.txt; done
V="9 9re 11 11d"; RV="11d 11 9re 9"
for round in 1 2 3 4 5 6; do
  o=$V; [ $((round % 2)) = 0 ] && o=$RV
  for v in $o; do
    timeout 60 $d/attn_$v --time-only --reps 20 2>&1 | grep -E "^time|error" | sed "s/^/r$round $v /" | cut -c1-360 >> $R/table.txt
  done
done
python3 bench/gpu/results/2026-11-28-s22-attn8-3/summary.py $R/table.txt > $R/summary.txt
cat $R/gpu.txt $R/progress.txt $R/summary.txt
