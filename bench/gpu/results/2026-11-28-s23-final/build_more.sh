#!/bin/bash
# workstation builds for the final H100 call (carried): kernels_host, gemm_bench (16-bit + FP8), grouped_bench (bf16 timing, FP8)
cd /work/main
K=.s23/bin; mkdir -p $K
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v -Iinclude"
b() { local t=$(date +%s); "$@"; echo "$(basename ${@: -1}) rc=$? $(( $(date +%s)-t ))s"; }
( b bash tests/cuda/nvcc_build.sh nvcc g++ include bench/gpu/gemm_bench.cu $K/gemm_bench '' > $K/b_gemm_bench.log 2>&1; echo "gemm_bench rc=$?" ) &
( bash tests/cuda/nvcc_build.sh nvcc g++ include tests/cuda/kernels_host.cu $K/kernels_host '' > $K/b_kh.log 2>&1; echo "kernels_host rc=$?"
  $nv -DTESSEL_GROUPED_TIMING bench/gpu/grouped_bench.cu -o $K/grouped_bench -lcublas > $K/b_grouped.log 2>&1; echo "grouped rc=$?"
  $nv -DTESSEL_GROUPED_FP8 bench/gpu/grouped_bench.cu -o $K/grouped_bench_fp8 > $K/b_grouped_fp8.log 2>&1; echo "grouped_fp8 rc=$?" ) &
wait
ls -la $K
