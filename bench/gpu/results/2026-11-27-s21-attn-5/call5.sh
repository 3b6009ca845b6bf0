#!/bin/bash
# Session 21 (helper attn, issue 26), call 5 on the H100: the timeline's stamps and CrossTile_ in the pair loop. Libraries
# of capi_tl.cu (built on the workstation against main + ../2026-11-27-s21-attn-3/cross_tile_l2next.diff +
# timeline21_masked.diff; carried in bin_s21/): sb = the short configuration with every stamp, sx = with CrossTile_ 1
# and every stamp, sxa / sxb / sxc = CrossTile_ 1 with the stamps at the tile's start (0-4, 12) / its end (5-9) / after
# the epilogue (10, 11, 13) only; main = lib_main.so (main's include/, call 1).
#   cd .h/attn && bash bench/gpu/results/2026-11-27-s21-attn-5/call5.sh   -> $OUT/attn5/pair.txt
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT/attn5; d=$PWD/bin_s21
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $OUT/attn5/gpu.txt 2>&1
L=""; for n in main sb sx sxa sxb sxc; do L="$L --lib $n=$d/lib_$n.so"; done
PYTHONUNBUFFERED=1 timeout 200 python3 bench/gpu/attention_pair.py --rows d128n2048 --rounds 7 --reps 30 $L > $OUT/attn5/pair.txt 2>&1; echo "rc=$?" >> $OUT/attn5/pair.txt
python3 bench/gpu/results/2026-11-27-s21-attn-1/pair_summary.py $OUT/attn5/pair.txt > $OUT/attn5/pair_summary.txt 2>&1
cat $OUT/attn5/gpu.txt $OUT/attn5/pair_summary.txt; tail -n 2 $OUT/attn5/pair.txt
