#!/usr/bin/env bash
# On the H100: the GEMM of issue 14 in one call: correctness (small shapes) under
# compute-sanitizer memcheck and racecheck, the full correctness + timing run,
# cuBLAS through torch.matmul on the same shapes, then ncu figures of the
# 8192^3 bf16 TN kernel (swizzled and identity raster). Expects the binary built here:
#   nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Iinclude \
#        bench/gpu/gemm_bench.cu -o .gemm_dev/gemm_bench
# Usage: bash bench/gpu/gemm_run.sh [dir with gemm_bench and gemm_torch.py] (logs to $OUT if set)
set -uo pipefail
d=${1:-.gemm_dev}
out=${OUT:-/tmp}
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv | tee "$out/gpu.txt"
timeout 60 "$d/gemm_bench" --small --describe --no-time 2>&1 | tee "$out/small.txt" | grep -v "^ok" | tail -n 12
timeout 100 compute-sanitizer --tool memcheck "$d/gemm_bench" --small --no-time > "$out/memcheck.txt" 2>&1; echo "memcheck rc=$?"; tail -n 2 "$out/memcheck.txt"
timeout 100 compute-sanitizer --tool racecheck "$d/gemm_bench" --small --no-time > "$out/racecheck.txt" 2>&1; echo "racecheck rc=$?"; tail -n 2 "$out/racecheck.txt"
timeout 150 "$d/gemm_bench" --reps 30 2>&1 | tee "$out/bench.txt" | grep -v "^ok"
PYTHONUNBUFFERED=1 timeout 60 python3 "$d/gemm_torch.py" 2>&1 | tee "$out/torch.txt"
if command -v ncu >/dev/null && [ "${NCU:-1}" = 1 ]; then
  m=lts__t_sector_hit_rate.pct,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sectors_srcunit_tex_op_read.sum,gpu__time_duration.sum
  for cfg in "TN 8192 8192 8192 -1 -1" "TN 8192 8192 8192 0 -1" "TN 8192 8192 8192 -1 2" "TN 8192 8192 8192 0 1"; do
    echo "== ncu $cfg"
    timeout 60 ncu --metrics $m -k regex:gemm_kernel -c 1 "$d/gemm_bench" --one $cfg 2>&1 | grep -E "lts__|sm__pipe|dram__|gpu__time|FAIL|rror" | tee -a "$out/ncu.txt"
  done
fi
