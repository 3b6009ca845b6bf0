#!/bin/bash
# Session 25 call 9 (H100): FP8 d128 non-causal (variant 9) with the existing options that move a tile's start and end:
# Stagger_ (9st), Pingpong_ (9pp), NextEarly_ (9ne), NextEarly_ + Stagger_ (9nest), against main (9m). Sweeps, then
# --time-only --reps 20 --pause-ms 1000, 4 rounds alternated.
set -u
OUT=${OUT:-/tmp/out}; R=/tmp/c9; mkdir -p $R $OUT; d=$PWD/.s25/bin; T0=$(date +%s)
el() { echo $(( $(date +%s) - T0 )); }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
cat $R/gpu.txt; grep -q H100 $R/gpu.txt || { echo "not an H100"; tar czf $OUT/c9.tgz -C /tmp c9; exit 0; }
chmod +x $d/attn_*
for n in 9st 9pp 9ne 9nest; do f=$R/check_$n.txt; timeout 60 stdbuf -oL $d/attn_$n --no-time > $f 2>&1; echo "rc=$?" >> $f
echo "check $n: $(grep -c '^ok' $f) ok, $(grep -c '^FAIL' $f) FAIL; $(tail -n 2 $f | tr '\n' ' ') at $(el) s" >> $R/progress.txt; done
names="9m 9st 9pp 9ne 9nest"
rev=$(echo $names | tr ' ' '\n' | tac | tr '\n' ' ')
for round in 1 2 3 4; do
  o=$names; [ $((round % 2)) = 0 ] && o=$rev
  for n in $o; do
    timeout 40 $d/attn_$n --time-only --reps 20 --pause-ms 1000 2>&1 | grep -E "^time|error|FAIL" | sed "s/^/r$round $n /" | cut -c1-420 >> $R/table.txt
  done
  echo "round $round at $(el) s" >> $R/progress.txt
done
python3 .s25/summary.py $R/table.txt > $R/summary.txt 2>&1
tar czf $OUT/c9.tgz -C /tmp c9
cat $R/progress.txt $R/summary.txt
