#!/usr/bin/env bash
# On the H100: the GEMM of issue 14 in one call: correctness (small shapes) under
# compute-sanitizer memcheck and racecheck, the full correctness + timing run,
# then cuBLAS through torch.matmul on the same shapes. Expects the binary built here:
#   nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Iinclude \
#        bench/gpu/gemm_bench.cu -o .gemm_dev/gemm_bench
# Usage: bash bench/gpu/gemm_run.sh [dir with gemm_bench and gemm_torch.py] (logs to $OUT if set)
set -uo pipefail
d=${1:-.gemm_dev}
out=${OUT:-/tmp}
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv | tee "$out/gpu.txt"
"$d/gemm_bench" --small --describe --no-time 2>&1 | tee "$out/small.txt" | tail -n 30
timeout 100 compute-sanitizer --tool memcheck "$d/gemm_bench" --small --no-time > "$out/memcheck.txt" 2>&1; echo "memcheck rc=$?"; tail -n 3 "$out/memcheck.txt"
timeout 100 compute-sanitizer --tool racecheck "$d/gemm_bench" --small --no-time > "$out/racecheck.txt" 2>&1; echo "racecheck rc=$?"; tail -n 3 "$out/racecheck.txt"
"$d/gemm_bench" --reps 30 2>&1 | tee "$out/bench.txt" | grep -v "^ok"
PYTHONUNBUFFERED=1 python3 "$d/gemm_torch.py" 2>&1 | tee "$out/torch.txt"
