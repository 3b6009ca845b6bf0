#!/bin/bash
# Session 24 (helper attn8t), call 2 on the H100: the transposer as it stands after call 1 (counters for the stages,
# the lane parts folded into the bases, units key-block-major), V^T 3 stages (v3) and 4 (v4) at producer 40 /
# consumers 232; v3 at 24 / 240 (v3r24: spills 24 bytes in the producer, a diagnostic of what the consumers' 8
# registers are worth); v3 with the transpose left out (v3nr: V^T stale, wrong output, timing only: what the
# transpose's own work costs beside the pipeline around it); main's variant 9 (o9, a3655d0 = main's attention code).
# Sweeps of v3 and v4 (21 cases); then --time-only --reps 20 --pause-ms 1000, every row of the FP8 table (S = 2k,
# 8k, 16k; v3nr 8k only), 4 rounds, the order reversed every other round; memcheck of v3 --small last.
#   cd .h/attn8t && bash bench/gpu/results/2026-11-28-s24-attn8t-2/call2.sh   -> $OUT/r2.tgz
set -u
OUT=${OUT:-/tmp/out}; R=/tmp/r2; mkdir -p $R $OUT; d=$PWD/bin; T0=$(date +%s); here=$(dirname $0)
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
chmod +x $d/attn_* 2>/dev/null
for n in v3 v3r24; do
  cuobjdump -sass $d/attn_$n > $R/sass_$n.txt 2>&1
  echo "$n: LDSM $(grep -c 'LDSM' $R/sass_$n.txt) STSM $(grep -c 'STSM' $R/sass_$n.txt) LDL/STL $(grep -cE 'LDL|STL' $R/sass_$n.txt)" >> $R/progress.txt
done
grep -nE -B12 -A4 'LDL|STL' $R/sass_v3r24.txt | cut -c1-100 > $R/spills_v3r24.txt
gzip $R/sass_*.txt
ok=1
for n in v3 v4; do
  f=$R/check_$n.txt
  timeout 40 stdbuf -oL $d/attn_$n --no-time > $f 2>&1; echo "rc=$?" >> $f
  echo "$(basename $f): $(grep -c '^ok' $f) ok, $(grep -c '^FAIL' $f) FAIL, largest $(grep -oE 'ratio [0-9.]+' $f | sort -k2 -g | tail -n 1), lse $(grep -oE 'lse rel [0-9.e-]+' $f | sort -k3 -g | tail -n 1); $(tail -n 2 $f | tr '\n' ' ')" >> $R/progress.txt
  grep -q "21 passed, 0 failed" $f || ok=0
done
echo "checks done at $(( $(date +%s) - T0 )) s, ok=$ok" >> $R/progress.txt
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.active --format=csv,noheader -lms 500 > $R/clocks.txt 2>&1 & smi=$!
names="o9 v3 v4 v3r24 v3nr"; [ $ok = 1 ] || names="o9 v3r24 v3nr"
rev=$(echo $names | tr ' ' '\n' | tac | tr '\n' ' ')
for round in 1 2 3 4; do
  o=$names; [ $((round % 2)) = 0 ] && o=$rev
  for name in $o; do
    s=""; [ $name = v3nr ] && s=8192
    TESSEL_BENCH_S=$s timeout 30 $d/attn_$name --time-only --reps 20 --pause-ms 1000 2>&1 | grep -E "^time|error|FAIL" | sed "s/^/r$round $name /" | cut -c1-400 >> $R/table.txt
  done
done
kill $smi
echo "timing done at $(( $(date +%s) - T0 )) s" >> $R/progress.txt
python3 $here/../2026-11-28-s23-attn8t-1/summary.py $R/table.txt > $R/summary.txt 2>&1
cat $R/gpu.txt $R/progress.txt $R/summary.txt
if [ $ok = 1 ]; then
  timeout 45 compute-sanitizer --tool memcheck $d/attn_v3 --small > $R/memcheck_v3.txt 2>&1; echo "rc=$?" >> $R/memcheck_v3.txt
  echo "memcheck v3 --small: $(grep -c '^ok' $R/memcheck_v3.txt) ok; $(grep -E 'ERROR SUMMARY|rc=' $R/memcheck_v3.txt | tr '\n' ' ')" >> $R/progress.txt
fi
echo "done at $(( $(date +%s) - T0 )) s" >> $R/progress.txt
tar czf $OUT/r2.tgz -C /tmp r2
tail -n 3 $R/progress.txt
