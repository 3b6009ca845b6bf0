#!/usr/bin/env bash
# On the H100: the Ampere-style GEMM of issue 14 (gemm_sm80.cuh) in one call:
# correctness (small shapes, with describe()), the full correctness + timing run
# (bf16 TN 4096^3 / 8192^3 beside the Hopper kernel), cuBLAS through
# torch.matmul on the TN shapes, then compute-sanitizer memcheck and racecheck
# on the small shapes. Expects the binary built here:
#   nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -gencode=arch=compute_80,code=sm_80 \
#        -Iinclude bench/gpu/gemm_sm80_bench.cu -o .gemm_dev/sm80/gemm_sm80_bench
# and gemm_torch.py beside it.
# Usage: bash bench/gpu/gemm_sm80_run.sh [dir with gemm_sm80_bench, gemm_torch.py] (logs to $OUT if set)
set -uo pipefail
d=${1:-.gemm_dev/sm80}
out=${OUT:-/tmp}
date -u
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv | tee "$out/gpu.txt"
timeout 30 "$d/gemm_sm80_bench" --small --describe --no-time > "$out/small.txt" 2>&1; echo "small rc=$?"; grep -v "^ok" "$out/small.txt" | grep -vE "^  |^MMA_Atom|^tessel|^$" | tail -n 5
timeout 60 "$d/gemm_sm80_bench" --reps 30 > "$out/bench.txt" 2>&1; echo "bench rc=$?"; grep -v "^ok" "$out/bench.txt"
PYTHONUNBUFFERED=1 timeout 40 python3 "$d/gemm_torch.py" --tn-only 2>&1 | tee "$out/torch.txt"
timeout 30 compute-sanitizer --tool memcheck "$d/gemm_sm80_bench" --small --no-time > "$out/memcheck.txt" 2>&1; echo "memcheck rc=$?"; tail -n 2 "$out/memcheck.txt"
timeout 40 compute-sanitizer --tool racecheck "$d/gemm_sm80_bench" --small --no-time > "$out/racecheck.txt" 2>&1; echo "racecheck rc=$?"; tail -n 2 "$out/racecheck.txt"
date -u
