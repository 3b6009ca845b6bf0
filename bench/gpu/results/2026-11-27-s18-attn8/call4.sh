#!/bin/bash
# Session 18 (helper attn8), call 4: per-block timeline of FP8 d128 non-causal at S = 8192 (the first tile of CTAs
# 0-3): main 00c7037 + turn_after_s.diff + block_timeline.diff (clock64 stamps per consumer warpgroup and block:
# 0 step's top, 1 K and V waited for, 2 the turn waited for, 3 S retired, 4 softmax done, 5 P V retired, 6 O rescaled
# and P converted). Variants 9 (default), 9p (ping-pong), 9pl (ping-pong, turn after S). Run from the tree's root:
#   bash call4.sh   -> $OUT/btl.txt
OUT=${OUT:-/tmp/out}; mkdir -p $OUT /tmp/btl
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Iinclude -DTESSEL_ATTN_VARIANT=9 -DTESSEL_ATTN_BTL_CTAS=4"
$nv bench/gpu/attention_bench.cu -o /tmp/btl/a9 & $nv -DTESSEL_ATTN_PINGPONG=1 bench/gpu/attention_bench.cu -o /tmp/btl/a9p &
$nv -DTESSEL_ATTN_PINGPONG=1 -DTESSEL_ATTN_TURN_AFTER_S=1 bench/gpu/attention_bench.cu -o /tmp/btl/a9pl & wait
for v in a9 a9p a9pl; do timeout 30 /tmp/btl/$v --time-only --reps 5 2>&1 | grep -E "^btl|^time.*S=8192|rror"; done > $OUT/btl.txt
grep -c '^btl' $OUT/btl.txt; grep '^time' $OUT/btl.txt
