#!/bin/bash
# Session 14 (helper attn, issue 26), call 4 on the H200: the causal rows, the committed kernel against call 1's
# restructured one with TileOverlap_ off (call 1: d64 causal 465.5 and d128 causal 16k 605.6 TFLOP/s against call
# 2's 430.3 and 559.6 with the committed kernel). .attn14alt/include = include/ with call1-tileoverlap-kernel.diff
# applied (carried, not committed). Variants 1 (bf16 d64 causal) and 3 (bf16 d128 causal) of both, the alt's
# correctness sweep, then 3 alternated rounds (median of 20 each). One archive.
set -u
OUT=${OUT:-/tmp/out}; W=/tmp/s14; mkdir -p $W/c4 $OUT; T0=$(date +%s); d=.attn_dev4; mkdir -p $d
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $W/c4/gpu.txt
for v in 1 3; do
  for tree in head alt; do
    inc=include; [ $tree = alt ] && inc=.attn14alt/include
    nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v -I$inc -DTESSEL_ATTN_VARIANT=$v \
      bench/gpu/attention_bench.cu -o $d/attn_${tree}_$v > $d/build_${tree}_$v.log 2>&1 &
  done
done
wait
echo "built at $(( $(date +%s) - T0 )) s" >> $W/c4/progress.txt
for f in $d/build_*.log; do echo "$f: $(grep -A2 'attention_kernel' $f | grep -E 'spill' | head -1)"; done > $W/c4/build.txt
for v in 1 3; do timeout 60 $d/attn_alt_$v --no-time > $W/c4/check_alt_$v.txt 2>&1; echo "alt $v check rc=$? $(tail -n 1 $W/c4/check_alt_$v.txt)" >> $W/c4/progress.txt; done
for r in 1 2 3; do for v in 1 3; do for tree in head alt; do
  timeout 60 $d/attn_${tree}_$v --time-only --reps 20 2>&1 | grep -E "^time" | sed "s/^/round $r [$tree $v] /"
done; done; done > $W/c4/rounds.txt
echo "rounds at $(( $(date +%s) - T0 )) s" >> $W/c4/progress.txt
tar czf $OUT/call4.tgz -C $W c4
cat $W/c4/gpu.txt $W/c4/progress.txt $W/c4/build.txt; sed -E 's/\(median of 20\)//; s/; host.*//; s/ stages=2//' $W/c4/rounds.txt | cut -c1-140
