#!/bin/bash
# Session 25 call S1 (H100, SASS only): uniform-datapath use per kernel of the GEMM libraries (16-bit, FP8) and the
# attention variants 9 and 11 (main): instructions under uniform predicates, with uniform registers, BSSY, local memory.
set -u
OUT=${OUT:-/tmp/out}; R=/tmp/s1; mkdir -p $R $OUT
nvidia-smi --query-gpu=name --format=csv,noheader > $R/gpu.txt
for f in .s25/g/libfp8.so .s25/g/libgemm.so .s25/bin/attn_9m .s25/bin/attn_11m; do
  echo "== $f" >> $R/stats.txt
  cuobjdump -sass $f | python3 .s25/sass_stats.py >> $R/stats.txt 2>&1
done
tar czf $OUT/s1.tgz -C /tmp s1
cat $R/gpu.txt; cut -c1-200 $R/stats.txt
