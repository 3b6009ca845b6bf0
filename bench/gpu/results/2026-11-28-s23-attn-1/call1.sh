#!/bin/bash
# Session 23 (helper attn, issue 26), call 1 on the H100: the non-causal walk's heads grouped (G heads' query
# blocks interleaved, head fastest: make_order_scheduler; TESSEL_ATTN_G sets AttentionArgs::heads_together) for
# bf16 d128 (variant 2, BN 192) and FP8 d128 (variant 9) at S = 16k and 8k, against main's kernels (m2, m9,
# built from 64cd002) in the same call; FP8 d128 with SkipRescale_ 3 beside RescaleEarly_ (n9s3). SM clock and
# power sampled during round 1. Also d64 (0), d256 (4) and FP8 d256 (11) non-causal with G 4 / 8 / 16. Binaries built on the workstation (nvcc 13.0 -O3 sm_90a), carried in bin/.
#   cd .h/attn && bash bench/gpu/results/2026-11-28-s23-attn-1/call1.sh   -> $OUT/r1.tgz
set -u
OUT=${OUT:-/tmp/out}; R=/tmp/r1; mkdir -p $R $OUT; d=$PWD/bin; T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
chmod +x $d/attn_* 2>/dev/null
( TESSEL_ATTN_G=4 timeout 120 $d/attn_n2 --no-time > $R/check_n2g4.txt 2>&1; echo "rc=$?" >> $R/check_n2g4.txt ) &
( TESSEL_ATTN_G=2 timeout 120 $d/attn_n9 --no-time > $R/check_n9g2.txt 2>&1; echo "rc=$?" >> $R/check_n9g2.txt ) &
( timeout 120 $d/attn_n9s3 --no-time > $R/check_n9s3.txt 2>&1; echo "rc=$?" >> $R/check_n9s3.txt ) &
( TESSEL_ATTN_G=4 timeout 120 compute-sanitizer --tool memcheck $d/attn_n2 --small > $R/san_memcheck_n2g4.txt 2>&1; echo "rc=$?" >> $R/san_memcheck_n2g4.txt ) &
wait
for f in $R/check_*; do
  echo "$(basename $f): $(grep -c '^ok' $f) ok, $(grep -c '^FAIL' $f) FAIL, largest $(grep -oE 'ratio [0-9.]+' $f | sort -k2 -g | tail -n 1), lse $(grep -oE 'lse rel [0-9.e-]+' $f | sort -k3 -g | tail -n 1); $(tail -n 1 $f)" >> $R/progress.txt
done
for f in $R/san_*; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -n 1) $(tail -n 1 $f)" >> $R/progress.txt; done
echo "checks done at $(( $(date +%s) - T0 )) s" >> $R/progress.txt
# name:binary:G
V="m2:m2:0 n2g1:n2:1 n2g2:n2:2 n2g4:n2:4 n2g8:n2:8 n2g16:n2:16 m9:m9:0 n9g1:n9:1 n9g2:n9:2 n9g4:n9:4 n9g8:n9:8 n9g16:n9:16 n9s3:n9s3:1 m0:m0:0 n0g4:n0:4 n0g16:n0:16 m4:m4:0 n4g4:n4:4 n4g8:n4:8 m11:m11:0 n11g4:n11:4 n11g8:n11:8"
RV=$(echo $V | tr ' ' '\n' | tac | tr '\n' ' ')
export TESSEL_BENCH_S=16384,8192
for round in 1 2 3 4; do
  o=$V; [ $((round % 2)) = 0 ] && o=$RV
  [ $round = 1 ] && { nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu --format=csv,noheader -lms 250 > $R/clocks_r1.txt 2>&1 & smi=$!; }
  for x in $o; do
    IFS=: read name bin g <<< "$x"
    [ $round = 1 ] && echo "$(date +%T.%N | cut -c1-12) start $name" >> $R/clocks_r1.txt
    TESSEL_ATTN_G=$g timeout 60 $d/attn_$bin --time-only --reps 20 2>&1 | grep -E "^time|error|FAIL" | sed "s/^/r$round $name /" | cut -c1-400 >> $R/table.txt
  done
  [ $round = 1 ] && kill $smi
done
echo "timing done at $(( $(date +%s) - T0 )) s" >> $R/progress.txt
python3 bench/gpu/results/2026-11-28-s23-attn-1/summary.py $R/table.txt > $R/summary.txt 2>&1
tar czf $OUT/r1.tgz -C /tmp r1
cat $R/gpu.txt $R/progress.txt $R/summary.txt
