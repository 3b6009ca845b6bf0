#!/usr/bin/env bash
# On the H100 (the lent device): correctness under compute-sanitizer, then the
# timed run and PyTorch's reference, in one call. Expects the binary built here:
#   nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Iinclude \
#        bench/gpu/copy_bench.cu -o .dev/copy_bench
set -euo pipefail
bin=${1:-.dev/copy_bench}
"$bin" --small --reps 5 | tail -n 1
compute-sanitizer --tool memcheck "$bin" --small --reps 2 | tail -n 1
compute-sanitizer --tool racecheck "$bin" --small --reps 1 | tail -n 1
"$bin"
python3 "$(dirname "$0")/torch_ref.py"
