#!/usr/bin/env bash
# On the H100: the GEMM of issue 14 in one call: correctness (small shapes) under
# compute-sanitizer memcheck and racecheck, the full correctness + timing run,
# cuBLAS through torch.matmul on the same shapes, the TN cases soaked beside an
# NVML clock/power sampler (tessel and cuBLAS), then ncu figures of the 8192^3
# bf16 TN kernel (swizzled and identity raster). Expects the binary built here:
#   nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Iinclude \
#        bench/gpu/gemm_bench.cu -o .gemm_dev/gemm_bench
# and gemm_torch.py, torch_timing.py, gemm_clocks.py beside it.
# Usage: bash bench/gpu/gemm_run.sh [dir with gemm_bench, gemm_torch.py, torch_timing.py, gemm_clocks.py] (logs to $OUT if set)
set -uo pipefail
d=${1:-.gemm_dev}
out=${OUT:-/tmp}
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv | tee "$out/gpu.txt"
timeout 60 "$d/gemm_bench" --small --describe --no-time 2>&1 | tee "$out/small.txt" | grep -v "^ok" | tail -n 3
timeout 100 compute-sanitizer --tool memcheck "$d/gemm_bench" --small --no-time > "$out/memcheck.txt" 2>&1; echo "memcheck rc=$?"; tail -n 2 "$out/memcheck.txt"
timeout 120 compute-sanitizer --tool racecheck "$d/gemm_bench" --small --no-time > "$out/racecheck.txt" 2>&1; echo "racecheck rc=$?"; tail -n 2 "$out/racecheck.txt"
timeout 150 "$d/gemm_bench" --reps 30 > "$out/bench.txt" 2>&1; echo "bench rc=$?"; grep -v "^ok" "$out/bench.txt" | sed 's/(min [^;]*; host [^;]*; /(/'
PYTHONUNBUFFERED=1 timeout 60 python3 "$d/gemm_torch.py" 2>&1 | tee "$out/torch.txt"
python3 "$d/gemm_clocks.py" sample "$out/clk.csv" & sp=$!
sleep 1
timeout 60 "$d/gemm_bench" --soak 500 > "$out/soak.txt" 2>&1
PYTHONUNBUFFERED=1 timeout 60 python3 "$d/gemm_torch.py" --soak 500 >> "$out/soak.txt" 2>&1
kill $sp
python3 "$d/gemm_clocks.py" join "$out/clk.csv" "$out/soak.txt"
grep kernels "$out/soak.txt" | sed 's/.*kernels/cuBLAS kernels/'
if command -v ncu >/dev/null && [ "${NCU:-1}" = 1 ]; then
  m=lts__t_sector_hit_rate.pct,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sectors_srcunit_tex_op_read.sum,gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second
  for cfg in "TN 8192 8192 8192 -1 -1" "TN 8192 8192 8192 0 -1"; do
    echo "== ncu $cfg"
    timeout 40 ncu --metrics $m -k regex:gemm_kernel -c 1 "$d/gemm_bench" --one $cfg 2>&1 | grep -E "lts__|sm__|dram__|gpu__time|FAIL|rror" | tee -a "$out/ncu.txt"
  done
fi
