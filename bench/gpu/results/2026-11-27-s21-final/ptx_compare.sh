#!/bin/bash
# PTX of the benches the final calls ran: tree 0d4b8b0 (.h/fin) against main's head
nv="nvcc -ccbin g++ -std=c++20 -O3 -arch=sm_90a -ptx -Iinclude"
for T in old new; do
  if [ $T = old ]; then cd /work/main/.h/fin; else cd /tmp/ptx/new; fi
  O=/tmp/ptx/out_$T; mkdir -p $O
  $nv bench/gpu/copy_bench.cu -o $O/copy.ptx &
  $nv -DTESSEL_GEMM_BENCH_LIB bench/gpu/gemm_bench.cu -o $O/gemmlib.ptx
  wait
  $nv -DTESSEL_GEMM_BENCH_FP8_ONLY -DTESSEL_GEMM_BENCH_LIB bench/gpu/gemm_bench.cu -o $O/fp8lib.ptx &
  $nv -DTESSEL_GROUPED_TIMING bench/gpu/grouped_bench.cu -o $O/grouped.ptx
  wait
  for v in 0 1 2 3 4 5 6 7 8 9 10 11 12 13; do $nv -DTESSEL_ATTN_VARIANT=$v bench/gpu/attention_bench.cu -o $O/attn$v.ptx & [ $((v % 2)) = 1 ] && wait; done; wait
  $nv -DTESSEL_GROUPED_FP8 bench/gpu/grouped_bench.cu -o $O/grouped_fp8.ptx &
  $nv tests/cuda/kernels_host.cu -o $O/kh.ptx; wait
done
for f in /tmp/ptx/out_old/*.ptx; do b=$(basename $f); if cmp -s $f /tmp/ptx/out_new/$b; then echo "$b identical"; else echo "$b DIFFERS: $(diff $f /tmp/ptx/out_new/$b | wc -l) lines"; fi; done
