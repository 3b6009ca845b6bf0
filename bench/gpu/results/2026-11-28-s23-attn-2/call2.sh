#!/bin/bash
# Session 23 (helper attn, issue 26), call 2 on the H100: the tree's default order for the non-causal walk
# (attention_default_heads_together: 16-bit, 2 heads together where tiles_m > SMs / 2, i.e. d128 S = 16k) against
# main's kernels (64cd002's include, the bench built with -DTESSEL_BENCH_NO_G: mNb), every process timing ONE shape
# (TESSEL_BENCH_S), so that both builds meet the same clock state (call 1: a shape's figure depends on its place in
# the process by up to 10%); then attention_pair.py (non-causal rows, main's and this tree's library against cuDNN).
# Binaries and libraries built on the workstation (nvcc 13.0 -O3 sm_90a), carried in bin/.
#   cd .h/attn && bash bench/gpu/results/2026-11-28-s23-attn-2/call2.sh   -> $OUT/r2.tgz
set -u
OUT=${OUT:-/tmp/out}; R=/tmp/r2; mkdir -p $R $OUT; d=$PWD/bin; T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
chmod +x $d/attn_* 2>/dev/null
( TESSEL_ATTN_G=2 timeout 120 $d/attn_n2 --no-time > $R/check_n2g2.txt 2>&1; echo "rc=$?" >> $R/check_n2g2.txt ) &
( timeout 120 $d/attn_n2 --no-time > $R/check_n2.txt 2>&1; echo "rc=$?" >> $R/check_n2.txt ) &
( TESSEL_ATTN_G=2 timeout 120 $d/attn_n4 --no-time > $R/check_n4g2.txt 2>&1; echo "rc=$?" >> $R/check_n4g2.txt ) &
( TESSEL_ATTN_G=3 timeout 120 $d/attn_n0 --no-time > $R/check_n0g3.txt 2>&1; echo "rc=$?" >> $R/check_n0g3.txt ) &
( timeout 120 $d/attn_n9 --no-time > $R/check_n9.txt 2>&1; echo "rc=$?" >> $R/check_n9.txt ) &
for t in memcheck racecheck; do
  ( TESSEL_ATTN_G=2 timeout 150 compute-sanitizer --tool $t $d/attn_n2 --small > $R/san_${t}_n2g2.txt 2>&1; echo "rc=$?" >> $R/san_${t}_n2g2.txt ) &
done
wait
for f in $R/check_*; do
  echo "$(basename $f): $(grep -c '^ok' $f) ok ($(grep -c '^ok.*varlen' $f) varlen), $(grep -c '^FAIL' $f) FAIL, largest $(grep -oE 'ratio [0-9.]+' $f | sort -k2 -g | tail -n 1), lse $(grep -oE 'lse rel [0-9.e-]+' $f | sort -k3 -g | tail -n 1); $(tail -n 1 $f)" >> $R/progress.txt
done
for f in $R/san_*; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -n 1) $(tail -n 1 $f)" >> $R/progress.txt; done
echo "checks done at $(( $(date +%s) - T0 )) s" >> $R/progress.txt
# name:binary:G:S (G empty: the build's default)
V="m2b:m2b::16384 n2:n2::16384 n2g4:n2:4:16384 m9b:m9b::16384 n9:n9::16384 m2b:m2b::8192 n2:n2::8192 m9b:m9b::8192 n9:n9::8192 m4b:m4b::8192 n4:n4::8192 m0b:m0b::8192 n0:n0::8192"
RV=$(echo $V | tr ' ' '\n' | tac | tr '\n' ' ')
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu --format=csv,noheader -lms 500 > $R/clocks.txt 2>&1 & smi=$!
nvidia-smi --query-gpu=timestamp,clocks_event_reasons.active,clocks_event_reasons.sw_power_cap,clocks_event_reasons.hw_slowdown,clocks_event_reasons.sw_thermal_slowdown,clocks_event_reasons.hw_thermal_slowdown,clocks_event_reasons.hw_power_brake_slowdown --format=csv -lms 500 > $R/clock_reasons.txt 2>&1 & smi2=$!
for round in 1 2 3 4 5 6; do
  o=$V; [ $((round % 2)) = 0 ] && o=$RV
  for x in $o; do
    IFS=: read name bin g s <<< "$x"
    if [ -n "$g" ]; then export TESSEL_ATTN_G=$g; else unset TESSEL_ATTN_G; fi
    TESSEL_BENCH_S=$s timeout 60 $d/attn_$bin --time-only --reps 20 2>&1 | grep -E "^time|error|FAIL" | sed "s/^/r$round $name /" | cut -c1-400 >> $R/table.txt
  done
done
unset TESSEL_ATTN_G
kill $smi $smi2
echo "bench timing done at $(( $(date +%s) - T0 )) s" >> $R/progress.txt
python3 bench/gpu/results/2026-11-28-s23-attn-2/summary2.py $R/table.txt > $R/summary.txt 2>&1
PYTHONUNBUFFERED=1 timeout 200 python3 bench/gpu/attention_pair.py --rows d64n,d128n,d256n --rounds 3 --reps 30 --lib main=$d/lib_main.so --lib new=$d/lib_new.so > $R/pair.txt 2>&1; echo "rc=$?" >> $R/pair.txt
python3 bench/gpu/results/2026-11-28-s23-attn-2/pair_summary.py $R/pair.txt > $R/pair_summary.txt 2>&1
echo "pair done at $(( $(date +%s) - T0 )) s" >> $R/progress.txt
tar czf $OUT/r2.tgz -C /tmp r2
cat $R/gpu.txt $R/progress.txt $R/summary.txt $R/pair_summary.txt
