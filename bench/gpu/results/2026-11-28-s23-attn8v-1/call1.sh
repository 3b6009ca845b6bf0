#!/bin/bash
# Session 23 (helper attn8v, issue 26), call 1 on the H100: FP8's new V^T pass (prepare_vt_kernel: 128 keys a block,
# 4 x 4 byte transposes in registers, swizzled shared memory, 16-byte loads and stores) with and without programmatic
# dependent launch of the attention kernel behind it (TESSEL_ATTN_PDL=1 / 0), against main's kernels (m9, m11: 2c5f7ce /
# b207dd7, same attention code) in the same call. Checks: the FP8 sweeps of variants 9-12 (V^T compared byte by byte
# with its formula on the host, every case), memcheck + racecheck + synccheck of n9 --small. Timing: --time-only --reps 20
# --pause-ms 1000, 4 rounds, the order reversed every other round. (As run: the landed bench has no TESSEL_BENCH_S, so
# each process timed its variant's FP8 table, S = 2k, 8k, 16k (d256: 8k, 16k), each row after a 1 s pause; the
# synccheck did not finish in its 150 s.)
# Binaries built on the workstation (nvcc 13.0 -O3 sm_90a), carried in bin/.
#   cd .h/attn8v && bash bench/gpu/results/2026-11-28-s23-attn8v-1/call1.sh   -> $OUT/r1.tgz
set -u
OUT=${OUT:-/tmp/out}; R=/tmp/r1; mkdir -p $R $OUT; d=$PWD/bin; T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
chmod +x $d/attn_* 2>/dev/null
for v in 9 10 11 12; do ( timeout 120 $d/attn_n$v --no-time > $R/check_n$v.txt 2>&1; echo "rc=$?" >> $R/check_n$v.txt ) & done
( TESSEL_ATTN_PDL=0 timeout 120 $d/attn_n9 --no-time > $R/check_n9pdl0.txt 2>&1; echo "rc=$?" >> $R/check_n9pdl0.txt ) &
for t in memcheck racecheck synccheck; do
  ( timeout 150 compute-sanitizer --tool $t $d/attn_n9 --small > $R/san_${t}_n9.txt 2>&1; echo "rc=$?" >> $R/san_${t}_n9.txt ) &
done
wait
for f in $R/check_*; do
  echo "$(basename $f): $(grep -c '^ok' $f) ok, $(grep -c '^FAIL' $f) FAIL, largest $(grep -oE 'ratio [0-9.]+' $f | sort -k2 -g | tail -n 1), lse $(grep -oE 'lse rel [0-9.e-]+' $f | sort -k3 -g | tail -n 1); $(tail -n 1 $f)" >> $R/progress.txt
done
for f in $R/san_*; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -n 1) $(tail -n 1 $f)" >> $R/progress.txt; done
echo "checks done at $(( $(date +%s) - T0 )) s" >> $R/progress.txt
# name:binary:PDL:S
V="m9:m9:1:8192 n9:n9:1:8192 n9p0:n9:0:8192 m9:m9:1:16384 n9:n9:1:16384 n9p0:n9:0:16384 m11:m11:1:8192 n11:n11:1:8192"
RV=$(echo $V | tr ' ' '\n' | tac | tr '\n' ' ')
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.active --format=csv,noheader -lms 500 > $R/clocks.txt 2>&1 & smi=$!
for round in 1 2 3 4; do
  o=$V; [ $((round % 2)) = 0 ] && o=$RV
  for x in $o; do
    IFS=: read name bin pdl s <<< "$x"
    TESSEL_ATTN_PDL=$pdl TESSEL_BENCH_S=$s timeout 60 $d/attn_$bin --time-only --reps 20 --pause-ms 1000 2>&1 | grep -E "^time|error|FAIL" | sed "s/^/r$round $name /" | cut -c1-400 >> $R/table.txt
  done
done
kill $smi
echo "timing done at $(( $(date +%s) - T0 )) s" >> $R/progress.txt
python3 bench/gpu/results/2026-11-28-s23-attn8v-1/summary.py $R/table.txt > $R/summary.txt 2>&1
tar czf $OUT/r1.tgz -C /tmp r1
cat $R/gpu.txt $R/progress.txt $R/summary.txt
