#!/bin/bash
# Session 25 call 11 (H100): Cfg::kCarry (prototype): the next tile's first S and softmax under this tile's last P V,
# FP8 non-causal d128 (9c) and d256 (11c) against main (9m, 11m). Sweeps, memcheck, racecheck, then --time-only --reps 20
# --pause-ms 1000, 4 rounds alternated.
set -u
OUT=${OUT:-/tmp/out}; R=/tmp/c11; mkdir -p $R $OUT; d=$PWD/.s25/bin; T0=$(date +%s)
el() { echo $(( $(date +%s) - T0 )); }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
cat $R/gpu.txt; grep -q H100 $R/gpu.txt || { echo "not an H100"; tar czf $OUT/c11.tgz -C /tmp c11; exit 0; }
chmod +x $d/attn_*
for n in 9s; do f=$R/check_$n.txt; timeout 60 stdbuf -oL $d/attn_$n --no-time > $f 2>&1; echo "rc=$?" >> $f
echo "check $n: $(grep -c '^ok' $f) ok, $(grep -c '^FAIL' $f) FAIL, largest $(grep -oE 'ratio [0-9.]+' $f | sort -k2 -g | tail -n 1); $(tail -n 2 $f | tr '\n' ' ') at $(el) s" >> $R/progress.txt; done
tar czf $OUT/c11.tgz -C /tmp c11
names="9m 9s 9c"
rev=$(echo $names | tr ' ' '\n' | tac | tr '\n' ' ')
for round in 1 2 3; do
  o=$names; [ $((round % 2)) = 0 ] && o=$rev
  for n in $o; do
    timeout 40 $d/attn_$n --time-only --reps 20 --pause-ms 1000 2>&1 | grep -E "^time|error|FAIL" | sed "s/^/r$round $n /" | cut -c1-420 >> $R/table.txt
  done
  echo "round $round at $(el) s" >> $R/progress.txt
done
python3 .s25/summary.py $R/table.txt > $R/summary.txt 2>&1
tar czf $OUT/c11.tgz -C /tmp c11
cat $R/progress.txt $R/summary.txt
