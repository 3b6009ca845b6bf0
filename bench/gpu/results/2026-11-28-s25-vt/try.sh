#!/bin/bash
# build variant $1 with extra flags; print the attention kernel's spill line
cd /work/main
nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v -Iinclude -DTESSEL_ATTN_VARIANT=$1 "${@:2}" bench/gpu/attention_bench.cu -o /tmp/attn_try -lcuda > /tmp/try.log 2>&1; echo rc=$?
grep -A2 "Compiling entry function '_ZN6tessel7kernels14attention_sm9016attention_kernel" /tmp/try.log | grep -E "spill|Used" ; grep -A3 "Function properties for _ZN6tessel7kernels14attention_sm9016attention_kernel" /tmp/try.log | grep -E "spill|Used"
grep -i "warn\|C7" /tmp/try.log | head
