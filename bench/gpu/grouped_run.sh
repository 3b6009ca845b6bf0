#!/usr/bin/env bash
# The grouped (MoE) GEMM of issue 27 in one call on a Hopper GPU, logs under $OUT (one archive,
# grouped.tgz, and the summary on stdout):
#   bash bench/gpu/grouped_run.sh [PREBUILT]
# PREBUILT (optional): a folder from grouped_prebuild.sh (a snapshot of the tree, snap.tgz, and the
# binaries and PyTorch library built from it on a machine of the same CUDA); without it, or for
# whatever it lacks, everything is built here from the working tree, in parallel:
#   bench/gpu/grouped_bench.cu twice: the 16-bit kernels with the cuBLAS timings
#   (-DTESSEL_GROUPED_TIMING -lcublas) and the FP8 kernels with the cuBLASLt FP8 loop
#   (-DTESSEL_GROUPED_FP8),
#   tests/cuda/kernels_host.cu (the scheduler's and GroupedProblem's host checks, the pre-pass on the
#   device), and the PyTorch entry point's library (tessel.cuda.build(kernels="grouped")).
# Then: correctness (grouped_bench --describe, grouped_bench_fp8, kernels_host), compute-sanitizer
# memcheck of both benches' --small cases, the timings (grouped_bench --time, grouped_bench_fp8
# --time: tessel grouped with clusters of 1, 2, 2 without split_lone, a loop of cuBLAS calls, the dense
# GEMMs of the same FLOPs), pytest of python/tests/test_cuda_grouped.py, bench/gpu/grouped_torch.py
# (16-bit against torch.matmul loops, torch._grouped_mm and dense; FP8 against a loop of
# torch._scaled_mm and the dense torch._scaled_mm). NOPY=1: no PyTorch library, pytest or grouped_torch.py.
set -uo pipefail
nopy=${NOPY:-0}
out=${OUT:-/tmp/grouped_out}
pre=${1:+$(realpath -m "$1")}
log=$(mktemp -d)/grouped
mkdir -p "$log" "$out"
root=$PWD
if [ -n "$pre" ] && [ -f "$pre/snap.tgz" ]; then  # the snapshot's tree (others' uncommitted edits left out)
  root=$(mktemp -d)/tree
  mkdir -p "$root" && tar xzf "$pre/snap.tgz" -C "$root"
  inc=/tmp/tessel_grouped_inc  # the include folder at the path the prebuilt library's hash was taken with
  rm -rf $inc && cp -r "$root/include" $inc
  export TESSEL_INCLUDE_DIR=$inc
fi
d=$root/.grouped_dev
mkdir -p $d
[ -n "$pre" ] && cp -r "$pre"/bin/* $d/ 2>/dev/null
[ -n "$pre" ] && [ -d "$pre/cache" ] && cp -r "$pre/cache" $d/
export TESSEL_CUDA_CACHE=$d/cache PYTHONUNBUFFERED=1
cd "$root"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit,temperature.gpu --format=csv,noheader | tee "$log/gpu.txt"
[ -f "$pre/commit.txt" ] && cat "$pre/commit.txt" | tee -a "$log/gpu.txt"
t0=$(date +%s)
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v -Iinclude"
[ -x $d/grouped_bench ] || $nv -DTESSEL_GROUPED_TIMING bench/gpu/grouped_bench.cu -o $d/grouped_bench -lcublas > "$log/build_bench.log" 2>&1 &
[ -x $d/grouped_bench_fp8 ] || $nv -DTESSEL_GROUPED_FP8 bench/gpu/grouped_bench.cu -o $d/grouped_bench_fp8 > "$log/build_fp8.log" 2>&1 &
[ -x $d/kernels_host ] || bash tests/cuda/nvcc_build.sh nvcc g++ include tests/cuda/kernels_host.cu $d/kernels_host "" > "$log/build_host.log" 2>&1 &
[ "$nopy" = 1 ] || python3 -c "
import importlib.util, time
s = importlib.util.spec_from_file_location('tc', 'python/tessel/cuda.py'); c = importlib.util.module_from_spec(s); s.loader.exec_module(c)
t = time.time(); print(c.build(kernels='grouped')); print('grouped library: %.0f s (0: from the cache)' % (time.time() - t))" > "$log/build_py.log" 2>&1 &
wait
echo "builds: $(( $(date +%s) - t0 )) s wall (parallel; prebuilt: ${pre:-none})" | tee "$log/build.txt"
cat $d/*.spills 2>/dev/null | tee -a "$log/build.txt"
grep -h -A2 "Compiling entry" "$log"/build_bench.log "$log"/build_fp8.log 2>/dev/null | grep -E "spill" | sort | uniq -c | tee -a "$log/build.txt"
tail -n 2 "$log/build_py.log"
for b in grouped_bench grouped_bench_fp8 kernels_host; do [ -x $d/$b ] || { echo "$b: BUILD FAILED"; tail -n 30 "$log"/build_*.log; }; done
pack() { tar czf "$out/grouped.tgz" -C "$(dirname "$log")" grouped; }
trap pack EXIT
if [ -x $d/grouped_bench ]; then
  timeout 150 $d/grouped_bench --describe > "$log/check.txt" 2>&1
  echo "grouped_bench checks (bf16): rc=$? $(grep -c '^ok' "$log/check.txt") ok, $(grep -c '^FAIL' "$log/check.txt") FAIL"
  grep -E "^FAIL|error" "$log/check.txt" | head -n 20
fi
if [ -x $d/grouped_bench_fp8 ]; then
  timeout 150 $d/grouped_bench_fp8 > "$log/check_fp8.txt" 2>&1
  echo "grouped_bench_fp8 checks: rc=$? $(grep -c '^ok' "$log/check_fp8.txt") ok, $(grep -c '^FAIL' "$log/check_fp8.txt") FAIL"
  grep -E "^FAIL|error" "$log/check_fp8.txt" | head -n 20
  grep -E "random" "$log/check_fp8.txt" | sed 's/^ok   FP8 e4m3 //' | cut -c1-200 | head -n 12
fi
if [ -x $d/kernels_host ]; then
  timeout 120 $d/kernels_host > "$log/kernels_host.txt" 2>&1
  echo "kernels_host: rc=$? $(tail -n 1 "$log/kernels_host.txt")"
  grep -E "^FAIL" "$log/kernels_host.txt" | head -n 12
fi
for b in grouped_bench grouped_bench_fp8; do
  [ -x $d/$b ] || continue
  timeout 150 compute-sanitizer --tool memcheck $d/$b --small > "$log/memcheck_$b.txt" 2>&1
  echo "memcheck $b --small: rc=$? $(grep -E 'ERROR SUMMARY' "$log/memcheck_$b.txt") $(tail -n 1 "$log/memcheck_$b.txt")"
done
if [ -x $d/grouped_bench ]; then
  timeout 200 $d/grouped_bench --time --rounds ${ROUNDS:-5} --reps ${REPS:-30} > "$log/time.txt" 2>&1
  echo "grouped_bench --time: rc=$?"
  grep -E "^== |^ratio|^FAIL|^rows computed|^time" "$log/time.txt"
fi
if [ -x $d/grouped_bench_fp8 ]; then
  timeout 200 $d/grouped_bench_fp8 --time --rounds ${ROUNDS:-5} --reps ${REPS:-30} > "$log/time_fp8.txt" 2>&1
  echo "grouped_bench_fp8 --time: rc=$?"
  grep -E "^== |^time|^ratio|^FAIL|^ok" "$log/time_fp8.txt"
fi
[ "$nopy" = 1 ] && exit 0
timeout 240 python3 -m pytest -q -rs -s python/tests/test_cuda_grouped.py > "$log/pytest.txt" 2>&1
echo "pytest test_cuda_grouped.py: rc=$? $(tail -n 1 "$log/pytest.txt")"
grep -E "FAILED|Error|rel.err" "$log/pytest.txt" | head -n 24
timeout 300 python3 bench/gpu/grouped_torch.py --rounds ${ROUNDS:-5} --reps ${REPS:-30} > "$log/torch.txt" 2>&1
echo "grouped_torch.py: rc=$?"
grep -E "^torch|^== |^ratio|^FAIL|^ok .*random|^checks|refuses" "$log/torch.txt"
