#!/bin/bash
cd /work/main
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v"
B=.s25/bin; mkdir -p $B
b() { name=$1; shift; $nv "$@" -o $B/attn_$name -lcuda > $B/build_$name.log 2>&1; echo "$name rc=$? $(grep -A1 "Function properties for _ZN6tessel7kernels14attention_sm9016attention_kernel" $B/build_$name.log | grep spill) $(grep -c 'C75' $B/build_$name.log) C75xx"; }
b 9c -Iinclude -DTESSEL_ATTN_VARIANT=9 -DTESSEL_ATTN_CARRY=1 bench/gpu/attention_bench.cu &
b 11c -Iinclude -DTESSEL_ATTN_VARIANT=11 -DTESSEL_ATTN_CARRY=1 bench/gpu/attention_bench.cu
wait
b 11m -I/tmp/mh/include -DTESSEL_ATTN_VARIANT=11 /tmp/mh/bench/gpu/attention_bench.cu
