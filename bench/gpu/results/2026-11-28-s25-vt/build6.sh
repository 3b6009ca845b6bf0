#!/bin/bash
cd /work/main
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v"
B=.s25/bin; mkdir -p $B
b() { name=$1; shift; $nv "$@" -o $B/attn_$name -lcuda > $B/build_$name.log 2>&1; echo "$name rc=$? $(grep -A1 "Function properties for _ZN6tessel7kernels14attention_sm9016attention_kernel" $B/build_$name.log | grep spill)"; }
R40="-DTESSEL_ATTN_PRODUCER_REGS=40 -DTESSEL_ATTN_CONSUMER_REGS=232"
b 9z -Iinclude -DTESSEL_ATTN_VARIANT=9 bench/gpu/attention_bench.cu &
b 9z40 -Iinclude -DTESSEL_ATTN_VARIANT=9 $R40 bench/gpu/attention_bench.cu
wait
b 11z -Iinclude -DTESSEL_ATTN_VARIANT=11 bench/gpu/attention_bench.cu &
b 10z -Iinclude -DTESSEL_ATTN_VARIANT=10 bench/gpu/attention_bench.cu
wait
b 10m -I/tmp/mh/include -DTESSEL_ATTN_VARIANT=10 /tmp/mh/bench/gpu/attention_bench.cu
