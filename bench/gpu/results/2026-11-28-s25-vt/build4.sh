#!/bin/bash
cd /work/main
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v"
B=.s25/bin; mkdir -p $B
b() { name=$1; shift; $nv "$@" -o $B/attn_$name -lcuda > $B/build_$name.log 2>&1; echo "$name rc=$? $(grep -A1 "Function properties for _ZN6tessel7kernels14attention_sm9016attention_kernel" $B/build_$name.log | grep spill)"; }
R40="-DTESSEL_ATTN_PRODUCER_REGS=40 -DTESSEL_ATTN_CONSUMER_REGS=232"
src="-Iinclude -DTESSEL_ATTN_VARIANT=9 $R40 bench/gpu/attention_bench.cu"
b 9xP $src -DTESSEL_VT_NO_PROLOGUE &
b 9xB $src -DTESSEL_VT_NO_BG
wait
b 9xW $src -DTESSEL_VT_NO_WAIT &
b 9xN $src -DTESSEL_VT_NO_PROLOGUE -DTESSEL_VT_NO_BG -DTESSEL_VT_NO_WAIT
wait
b 9xPB $src -DTESSEL_VT_NO_PROLOGUE -DTESSEL_VT_NO_BG
