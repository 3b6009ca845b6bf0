#!/bin/bash
# Session 23 (helper attn8t, issue 26), call 1 on the H100: FP8 d128 non-causal with V transposed inside the kernel
# (AttentionConfig's VtInKernel_: V loaded by TMA in its natural layout into a staging ring, the producer warpgroup's
# warps 1-3 transpose it into V^T's stage; no prepare_vt pass; producer 32 / consumers 232 registers), against main's
# variant 9 (this tree without the option: its PTX equals main's 61b5aab modulo mangled names) in the same call.
#   n9: -DTESSEL_ATTN_VT_IN_KERNEL=1 -DTESSEL_ATTN_PRODUCER_REGS=32   o9: main's configuration (V^T pass + PDL)
#   (c9, main at producer 32 / consumers 232, built but not timed: the budget)
# Checks: n9's FP8 sweep (21 cases), memcheck + racecheck of n9 --small. Timing: --time-only --reps 20 --pause-ms 1000,
# one row per process (TESSEL_BENCH_S), 4 rounds, the order reversed every other round.
# Binaries built on the workstation (nvcc 13.0 -O3 sm_90a), carried in bin/.
#   cd .h/attn8t && bash bench/gpu/results/2026-11-28-s23-attn8t-1/call1.sh   -> $OUT/r1.tgz
set -u
OUT=${OUT:-/tmp/out}; R=/tmp/r1; mkdir -p $R $OUT; d=$PWD/bin; T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
chmod +x $d/attn_* 2>/dev/null
timeout 60 $d/attn_n9 --no-time > $R/check_n9.txt 2>&1; echo "rc=$?" >> $R/check_n9.txt
f=$R/check_n9.txt
echo "$(basename $f): $(grep -c '^ok' $f) ok, $(grep -c '^FAIL' $f) FAIL, largest $(grep -oE 'ratio [0-9.]+' $f | sort -k2 -g | tail -n 1), lse $(grep -oE 'lse rel [0-9.e-]+' $f | sort -k3 -g | tail -n 1); $(tail -n 1 $f)" >> $R/progress.txt
echo "check done at $(( $(date +%s) - T0 )) s" >> $R/progress.txt
# name:binary:S
V="o9:o9:8192 n9:n9:8192 o9:o9:16384 n9:n9:16384 o9:o9:2048 n9:n9:2048"
RV=$(echo $V | tr ' ' '\n' | tac | tr '\n' ' ')
if grep -q "21 ok, 0 FAIL" $R/progress.txt; then
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.active --format=csv,noheader -lms 500 > $R/clocks.txt 2>&1 & smi=$!
for round in 1 2 3 4; do
  o=$V; [ $((round % 2)) = 0 ] && o=$RV
  for x in $o; do
    IFS=: read name bin s <<< "$x"
    TESSEL_BENCH_S=$s timeout 30 $d/attn_$bin --time-only --reps 20 --pause-ms 1000 2>&1 | grep -E "^time|error|FAIL" | sed "s/^/r$round $name /" | cut -c1-400 >> $R/table.txt
  done
done
kill $smi
fi
echo "timing done at $(( $(date +%s) - T0 )) s" >> $R/progress.txt
ok=0; grep -q "21 ok, 0 FAIL" $R/progress.txt && ok=1
for t in memcheck racecheck; do
  [ $ok = 1 ] && ( timeout 60 compute-sanitizer --tool $t $d/attn_n9 --small > $R/san_${t}_n9.txt 2>&1; echo "rc=$?" >> $R/san_${t}_n9.txt ) &
done
wait
for f in $R/san_*; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -n 1) $(grep -c '^ok' $f) ok $(grep -c '^FAIL' $f) FAIL $(tail -n 1 $f)" >> $R/progress.txt; done
echo "sanitizers done at $(( $(date +%s) - T0 )) s" >> $R/progress.txt
python3 bench/gpu/results/2026-11-28-s23-attn8t-1/summary.py $R/table.txt > $R/summary.txt 2>&1
tar czf $OUT/r1.tgz -C /tmp r1
cat $R/gpu.txt $R/progress.txt $R/summary.txt
