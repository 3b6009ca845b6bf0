#!/usr/bin/env bash
# The grouped (MoE) GEMM of issue 27 in one call on a Hopper GPU, logs under $OUT (one archive,
# grouped.tgz, and the summary on stdout):
#   bash bench/gpu/grouped_run.sh
# 1. builds in parallel: bench/gpu/grouped_bench.cu with the timings (-DTESSEL_GROUPED_TIMING
#    -lcublas), tests/cuda/kernels_host.cu (the pieces' host and device checks, the grouped
#    scheduler's pre-pass table among them) and the PyTorch entry point's library
#    (tessel.cuda.build(kernels="gemm"));
# 2. correctness: grouped_bench --describe (bit-exact and random checks over the size
#    patterns), kernels_host, compute-sanitizer memcheck of grouped_bench --small;
# 3. timings: grouped_bench --time (tessel grouped, a loop of cuBLAS calls, the dense GEMM of
#    the same FLOPs by tessel and by cuBLAS; ROUNDS x REPS, alternated), then pytest of
#    python/tests/test_cuda_grouped.py and bench/gpu/grouped_torch.py (tessel.cuda.grouped_gemm
#    against a torch.matmul loop, torch._grouped_mm and the dense torch.matmul).
set -uo pipefail
out=${OUT:-/tmp/grouped_out}
log=$(mktemp -d)/grouped
mkdir -p "$log" "$out"
d=.grouped_dev
mkdir -p $d
export TESSEL_CUDA_CACHE=$PWD/$d/cache PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit,temperature.gpu --format=csv,noheader | tee "$log/gpu.txt"
git log --oneline -1 | cut -c1-100 | tee -a "$log/gpu.txt"
t0=$(date +%s)
nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v -Iinclude -DTESSEL_GROUPED_TIMING \
  bench/gpu/grouped_bench.cu -o $d/grouped_bench -lcublas > "$log/build_bench.log" 2>&1 &
bash tests/cuda/nvcc_build.sh nvcc g++ include tests/cuda/kernels_host.cu $d/kernels_host "" > "$log/build_host.log" 2>&1 &
python3 -c "
import importlib.util, time
s = importlib.util.spec_from_file_location('tc', 'python/tessel/cuda.py'); c = importlib.util.module_from_spec(s); s.loader.exec_module(c)
t = time.time(); print(c.build(kernels='gemm')); print('gemm library built in %.0f s' % (time.time() - t))" > "$log/build_py.log" 2>&1 &
wait
echo "builds: $(( $(date +%s) - t0 )) s wall (parallel)" | tee "$log/build.txt"
grep -A2 "Compiling entry" "$log/build_bench.log" | grep -E "spill|registers" | sed 's/^/grouped_bench: /' | tee -a "$log/build.txt"
cp $d/kernels_host.ptxas.log "$log/" 2>/dev/null
tail -n 2 "$log/build_py.log"
[ -x $d/grouped_bench ] || { echo "grouped_bench: BUILD FAILED"; tail -n 30 "$log/build_bench.log"; }
[ -x $d/kernels_host ] || { echo "kernels_host: BUILD FAILED"; tail -n 30 "$log/build_host.log"; }
pack() { tar czf "$out/grouped.tgz" -C "$(dirname "$log")" grouped; }
trap pack EXIT
if [ -x $d/grouped_bench ]; then
  timeout 120 $d/grouped_bench --describe > "$log/check.txt" 2>&1
  echo "grouped_bench checks: rc=$? $(grep -c '^ok' "$log/check.txt") ok, $(grep -c '^FAIL' "$log/check.txt") FAIL"
  grep -E "^FAIL|error" "$log/check.txt" | head -n 20
fi
if [ -x $d/kernels_host ]; then
  timeout 120 $d/kernels_host > "$log/kernels_host.txt" 2>&1
  echo "kernels_host: rc=$? $(tail -n 1 "$log/kernels_host.txt")"
  grep -E "^FAIL|group_table" "$log/kernels_host.txt" | head -n 12
fi
if [ -x $d/grouped_bench ]; then
  timeout 150 compute-sanitizer --tool memcheck $d/grouped_bench --small > "$log/memcheck.txt" 2>&1
  echo "memcheck grouped_bench --small: rc=$? $(grep -E 'ERROR SUMMARY' "$log/memcheck.txt") $(tail -n 1 "$log/memcheck.txt")"
  timeout 240 $d/grouped_bench --time --rounds ${ROUNDS:-5} --reps ${REPS:-30} > "$log/time.txt" 2>&1
  echo "grouped_bench --time: rc=$?"
  grep -E "^== |^time|^ratio|^FAIL|grouped ==|dense tessel ==" "$log/time.txt" | sed 's/^ok   .*: \(.*\)/  ok: \1/'
fi
timeout 200 python3 -m pytest -q -rs python/tests/test_cuda_grouped.py > "$log/pytest.txt" 2>&1
echo "pytest test_cuda_grouped.py: rc=$? $(tail -n 1 "$log/pytest.txt")"
grep -E "FAILED|Error" "$log/pytest.txt" | head -n 10
timeout 240 python3 bench/gpu/grouped_torch.py --rounds ${ROUNDS:-5} --reps ${REPS:-30} > "$log/torch.txt" 2>&1
echo "grouped_torch.py: rc=$?"
grep -E "^torch|^== |^time|^ratio|^FAIL|^checks" "$log/torch.txt"
