#!/bin/bash
# lead: attention_bench variants with (c) and without (m) the warps converged at every tile loop's end
cd /work/wt/lead
B=/work/main/.s21/sw/bin; mkdir -p $B
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v -Iinclude"
for v in 9 2 3 0; do
  for m in m c; do
    f=""; [ $m = c ] && f="-DTESSEL_ATTN_CONVERGE_ALL"
    t=$(date +%s); $nv -DTESSEL_ATTN_VARIANT=$v $f bench/gpu/attention_bench.cu -o $B/attn_$v$m > $B/b_$v$m.log 2>&1; echo "$v$m rc=$? $(( $(date +%s)-t ))s"
  done
done
