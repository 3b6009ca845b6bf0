#!/bin/bash
# Session 21 (helper attn, issue 26), call 4 on the H100: the per-tile timeline of the short configuration with and
# without CrossTile_ 1 (tl2.cu, built on the workstation against the tried tree's include/ = main + 
# ../2026-11-27-s21-attn-3/cross_tile_l2next.diff + timeline21.diff, nvcc 13.0 -O3 sm_90a; carried in bin_s21/).
#   cd .h/attn && bash bench/gpu/results/2026-11-27-s21-attn-4/call4.sh   -> $OUT/attn4/timeline.txt
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT/attn4; d=$PWD/bin_s21
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $OUT/attn4/gpu.txt 2>&1
chmod +x $d/tl2
timeout 60 $d/tl2 > $OUT/attn4/timeline.txt 2>&1; echo "rc=$?" >> $OUT/attn4/timeline.txt
cat $OUT/attn4/gpu.txt $OUT/attn4/timeline.txt
