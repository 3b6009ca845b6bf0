#!/bin/bash
cd /work/main
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v"
B=.s25/bin; mkdir -p $B
b() { name=$1; shift; $nv "$@" -o $B/attn_$name -lcuda > $B/build_$name.log 2>&1; echo "$name rc=$? $(grep -A1 "Function properties for _ZN6tessel7kernels14attention_sm9016attention_kernel" $B/build_$name.log | grep spill) $(grep -c 'C75' $B/build_$name.log) C75xx"; }
src="-Iinclude -DTESSEL_ATTN_VARIANT=9 bench/gpu/attention_bench.cu"
b 9pp $src -DTESSEL_ATTN_PINGPONG=1 &
b 9st $src -DTESSEL_ATTN_STAGGER=1
wait
b 9ne $src -DTESSEL_ATTN_NEXT_EARLY=1 &
b 9nest $src -DTESSEL_ATTN_NEXT_EARLY=1 -DTESSEL_ATTN_STAGGER=1
wait
