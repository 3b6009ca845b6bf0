#!/bin/bash
# workstation builds for the lead's H200 call (carried): copy_bench, the 16-bit GEMM library for gemm_pair.py, the FP8 library for fp8_pair.py
cd /work/main
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Iinclude"
K=.s23/bin; mkdir -p $K
t=$(date +%s); $nv bench/gpu/copy_bench.cu -o $K/copy_bench > $K/b_copy.log 2>&1; echo "copy rc=$? $(( $(date +%s)-t ))s"
t=$(date +%s); $nv -shared -Xcompiler -fPIC -DTESSEL_GEMM_BENCH_LIB bench/gpu/gemm_bench.cu -o $K/libgemm.so -lcuda > $K/b_gemm.log 2>&1; echo "gemm lib rc=$? $(( $(date +%s)-t ))s"
t=$(date +%s); $nv -DTESSEL_GEMM_BENCH_FP8_ONLY -shared -Xcompiler -fPIC -DTESSEL_GEMM_BENCH_LIB bench/gpu/gemm_bench.cu -o $K/libfp8.so -lcuda > $K/b_fp8.log 2>&1; echo "fp8 lib rc=$? $(( $(date +%s)-t ))s"
