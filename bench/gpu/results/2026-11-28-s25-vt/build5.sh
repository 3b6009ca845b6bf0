#!/bin/bash
cd /work/main
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v"
B=.s25/bin; mkdir -p $B
b() { name=$1; shift; $nv "$@" -o $B/attn_$name -lcuda > $B/build_$name.log 2>&1; echo "$name rc=$? $(grep -A1 "Function properties for _ZN6tessel7kernels14attention_sm9016attention_kernel" $B/build_$name.log | grep spill)"; }
R40="-DTESSEL_ATTN_PRODUCER_REGS=40 -DTESSEL_ATTN_CONSUMER_REGS=232"
src="-Iinclude -DTESSEL_ATTN_VARIANT=9 $R40 bench/gpu/attention_bench.cu"
b 9v1 $src -DTESSEL_VT_BG_MODE=1 &
b 9v2 $src -DTESSEL_VT_BG_MODE=2
wait
b 9v1r24 -Iinclude -DTESSEL_ATTN_VARIANT=9 -DTESSEL_VT_BG_MODE=1 bench/gpu/attention_bench.cu
grep -A1 "Function properties for.*vt_transposer_call" $B/build_9v1.log $B/build_9v1r24.log
