#!/bin/bash
# Session 24 (helper vt, issue 26), call 2 on the H100: what gave call 1's d256 8k gain (n11 in shape 4, tile-mb4:
# 1.2-2.0% over m11 in 4/4 rounds): n11 in the default shape (the late V^T wait alone) against n11 in shape 4 and
# m11, and d128 8k n9 (late wait) against m9 again; --time-only --reps 20 --pause-ms 1000, one process a row, 4
# rounds, the order reversed every other round. The same binaries as call 1.
#   cd .h/vt && bash bench/gpu/results/2026-11-28-s24-vt-2/call2.sh   -> $OUT/r2.tgz
set -u
OUT=${OUT:-/tmp/out}; R=/tmp/r2; mkdir -p $R $OUT; d=$PWD/bin; T0=$(date +%s); here=$(dirname $0)
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
chmod +x $d/* 2>/dev/null
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.active --format=csv,noheader -lms 500 > $R/clocks.txt 2>&1 & smi=$!
V="m9:m9:-1:8192 n9:n9:-1:8192 m11:m11:-1:8192 n11:n11:-1:8192 n11b:n11:4:8192"; RV=$(echo $V | tr ' ' '\n' | tac | tr '\n' ' ')
for round in 1 2 3 4; do
  o=$V; [ $((round % 2)) = 0 ] && o=$RV
  for x in $o; do
    IFS=: read name bin s S <<< "$x"
    TESSEL_ATTN_VT_SHAPE=$s TESSEL_BENCH_S=$S timeout 30 $d/attn_$bin --time-only --reps 20 --pause-ms 1000 2>&1 | grep -E "^time|error|FAIL" | sed "s/^/r$round $name /" | cut -c1-400 >> $R/table.txt
  done
done
kill $smi
echo "timing done at $(( $(date +%s) - T0 )) s" >> $R/progress.txt
python3 $here/summary.py $R/table.txt > $R/summary.txt 2>&1
tar czf $OUT/r2.tgz -C /tmp r2
cat $R/gpu.txt $R/progress.txt $R/summary.txt
