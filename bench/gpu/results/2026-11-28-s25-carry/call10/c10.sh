#!/bin/bash
# Session 25 call 10 (H100): Cfg::kCarry (prototype): the next tile's first S and softmax under this tile's last P V,
# FP8 non-causal d128 (9c) and d256 (11c) against main (9m, 11m). Sweeps, memcheck, racecheck, then --time-only --reps 20
# --pause-ms 1000, 4 rounds alternated.
set -u
OUT=${OUT:-/tmp/out}; R=/tmp/c10; mkdir -p $R $OUT; d=$PWD/.s25/bin; T0=$(date +%s)
el() { echo $(( $(date +%s) - T0 )); }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
cat $R/gpu.txt; grep -q H100 $R/gpu.txt || { echo "not an H100"; tar czf $OUT/c10.tgz -C /tmp c10; exit 0; }
chmod +x $d/attn_*
for n in 9c 11c; do f=$R/check_$n.txt; timeout 60 stdbuf -oL $d/attn_$n --no-time > $f 2>&1; echo "rc=$?" >> $f
echo "check $n: $(grep -c '^ok' $f) ok, $(grep -c '^FAIL' $f) FAIL, largest $(grep -oE 'ratio [0-9.]+' $f | sort -k2 -g | tail -n 1); $(tail -n 2 $f | tr '\n' ' ') at $(el) s" >> $R/progress.txt; done
for n in 9c 11c; do timeout 120 compute-sanitizer --tool memcheck $d/attn_$n --small > $R/memcheck_$n.txt 2>&1
echo "memcheck $n rc=$? $(grep 'ERROR SUMMARY' $R/memcheck_$n.txt) at $(el) s" >> $R/progress.txt; done
timeout 150 compute-sanitizer --tool racecheck $d/attn_9c --small > $R/racecheck_9c.txt 2>&1
echo "racecheck 9c rc=$? $(grep 'RACECHECK SUMMARY' $R/racecheck_9c.txt) at $(el) s" >> $R/progress.txt
tar czf $OUT/c10.tgz -C /tmp c10
names="9m 9c 11m 11c"
rev=$(echo $names | tr ' ' '\n' | tac | tr '\n' ' ')
for round in 1 2 3 4; do
  o=$names; [ $((round % 2)) = 0 ] && o=$rev
  for n in $o; do
    timeout 40 $d/attn_$n --time-only --reps 20 --pause-ms 1000 2>&1 | grep -E "^time|error|FAIL" | sed "s/^/r$round $n /" | cut -c1-420 >> $R/table.txt
  done
  echo "round $round at $(el) s" >> $R/progress.txt
done
python3 .s25/summary.py $R/table.txt > $R/summary.txt 2>&1
tar czf $OUT/c10.tgz -C /tmp c10
cat $R/progress.txt $R/summary.txt
