#!/usr/bin/env bash
# tessel's Hopper GEMM against cuBLAS (torch.matmul) in one Python process (bench/gpu/gemm_pair.py):
# checks of every variant (bit-exact + per-64x64-block), rounds alternated per case, ncu of both kernels.
#   bash bench/gpu/gemm_pair_run.sh OUTDIR [LIB]
# LIB: gemm_bench.cu built as a shared library (built here when not given, about 2.5 minutes):
#   nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Iinclude -shared -Xcompiler -fPIC \
#        -DTESSEL_GEMM_BENCH_LIB bench/gpu/gemm_bench.cu -o LIB -lcuda
# Env: ROUNDS (5), VARIANTS (default,cluster1,cluster2,swz2,swz4,bn320c2), NCU (1: ncu of cuBLAS, default, cluster2
# on TN 8192^3, NT 8192^3 and TN 16384x4096x11008, ncu's locked clocks).
# Two copies of the library in one process (--lib-diag) failed their launches (cudaErrorInvalidValue): their
# template statics are STB_GNU_UNIQUE symbols, bound to the first copy process-wide (the smem attribute then set on
# one copy's kernel only). Build a --lib-diag library with -Xcompiler -fvisibility=hidden (gemm_pair.py's docstring).
set -uo pipefail
out=${1:?OUTDIR}
lib=${2:-}
mkdir -p "$out"
here=$(cd "$(dirname "$0")" && pwd)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit,temperature.gpu --format=csv,noheader
if [ -z "$lib" ]; then
  lib=/tmp/tessel_gemm_pair.so
  nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -I"$here/../../include" -shared -Xcompiler -fPIC \
    -DTESSEL_GEMM_BENCH_LIB "$here/gemm_bench.cu" -o "$lib" -lcuda > "$out/build.log" 2>&1 || { tail "$out/build.log"; exit 1; }
fi
export PYTHONUNBUFFERED=1 PYTHONPATH="$here"
P="python3 $here/gemm_pair.py --lib $lib"
V=${VARIANTS:-default,cluster1,cluster2,swz2,swz4,bn320c2}
$P --variants "$V" --check-only > "$out/checks.txt" 2>&1
echo "checks rc=$? $(grep -c '^ok' "$out/checks.txt") ok, $(grep -c '^FAIL' "$out/checks.txt") FAIL"
$P --no-check --rounds "${ROUNDS:-5}" --variants "$V" --json "$out/rounds.json" > "$out/rounds.txt" 2>&1
echo "rounds rc=$?"
if [ "${NCU:-1}" = 1 ] && command -v ncu > /dev/null; then
  m=gpu__time_duration.sum,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,dram__bytes_read.sum,lts__t_bytes.sum,lts__t_sector_hit_rate.pct,sm__cycles_elapsed.avg.per_second
  for c in "2 cublas" "2 default" "2 cluster2" "5 cublas" "5 default" "5 cluster2" "9 cublas" "9 cluster1" "9 cluster2"; do
    echo "== ncu case $c"
    ncu --metrics $m -k regex:"gemm_kernel|nvjet|sm90|cutlass" --launch-skip 1 --launch-count 1 $P --no-check --rounds 0 --one $c 2>&1 |
      grep -E "gpu__time|sm__|dram__|lts__|rror" | sed 's/  */ /g'
  done > "$out/ncu.txt" 2>&1
fi
sed -n '/rounds of/,$p' "$out/rounds.txt"
