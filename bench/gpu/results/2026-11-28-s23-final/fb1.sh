#!/bin/bash
# Session 20, final call F1 (H100; lean: the binaries built on the workstation, no CuTe harness builds: no header that CuTe programs include changed since session 19's final tree): on the final tree, built here: kernels_host, gemm/grouped/copy benches (checks,
# sanitizers), the device tests built with -DTESSEL_NO_CHECKS, pytest of tessel.cuda.gemm / grouped, CuTe's 8 tutorials
# both ways (harness --no-run builds, then tutorial_rounds.py: result hashes, the two GEMM tutorials 3 alternated rounds)
# and CuTe's 17 device-test files against tessel. Builds start at once (CuTe's niced); the GPU is part A's until
# /tmp/gpu.free. One archive $OUT/b.tgz, refreshed after every stage.
set -u
REPO=$(pwd); OUT=${OUT:-/tmp/out}; mkdir -p $OUT; T0=$(date +%s); F=.s23; W=/tmp/fb; mkdir -p $W/b
el() { echo $(( $(date +%s) - T0 )); }
pack() { tar czf $OUT/b.tgz -C $W b 2>/dev/null; }
cp $F/head.txt $W/b/
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader > $W/b/card.txt 2>&1; nvcc --version | tail -1 >> $W/b/card.txt
K=/tmp/k; L=/tmp/logs; mkdir -p $K $L
export TESSEL_CUDA_CACHE=/tmp/s19cache PYTHONUNBUFFERED=1 GTEST_SRC=$REPO/$F/googletest
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v -Iinclude"
# kernels_host, gemm_bench, grouped_bench(_fp8), copy_bench: built on the workstation from the same tree (.s23/bin)
for x in kernels_host gemm_bench grouped_bench grouped_bench_fp8 copy_bench; do cp $F/bin/$x $K/$x; done
p_kh=; p_gemm=; p_grouped=; p_grouped_fp8=; p_copy=
( bash tests/cuda/build_all.sh $K/nochk "-DTESSEL_NO_CHECKS" tests > $L/b_nochk.log 2>&1 ) & p_nochk=$!
( python3 -c "
import importlib.util, time
s = importlib.util.spec_from_file_location('tc', 'python/tessel/cuda.py'); c = importlib.util.module_from_spec(s); s.loader.exec_module(c)
for k in ('gemm', 'grouped'):
    t = time.time(); print(k, c.build(kernels=k), '%.0f s' % (time.time() - t), flush=True)
" > $W/b/pybuild.txt 2>&1 ) & p_py=$!
{
  timeout 90 $K/kernels_host > $K/kh.txt 2>&1; echo "kernels_host rc=$? $(tail -n 1 $K/kh.txt) at $(el) s"
  timeout 120 $K/gemm_bench --small --no-time > $K/gemm.txt 2>&1; echo "gemm_bench --small rc=$? $(grep -c '^ok' $K/gemm.txt) ok $(grep -c 'FAIL' $K/gemm.txt) FAIL; $(tail -n 1 $K/gemm.txt)"
  timeout 120 $K/gemm_bench --fp8 --small --no-time > $K/gemm_fp8.txt 2>&1; echo "gemm_bench --fp8 --small rc=$? $(grep -c '^ok' $K/gemm_fp8.txt) ok $(grep -c 'FAIL' $K/gemm_fp8.txt) FAIL; $(tail -n 1 $K/gemm_fp8.txt)"
  timeout 120 $K/grouped_bench --small > $K/grouped.txt 2>&1; echo "grouped_bench --small rc=$? $(grep -c '^ok' $K/grouped.txt) ok $(grep -c '^FAIL' $K/grouped.txt) FAIL; $(tail -n 1 $K/grouped.txt)"
  timeout 120 $K/grouped_bench_fp8 --small > $K/grouped_fp8.txt 2>&1; echo "grouped_bench_fp8 --small rc=$? $(grep -c '^ok' $K/grouped_fp8.txt) ok $(grep -c '^FAIL' $K/grouped_fp8.txt) FAIL; $(tail -n 1 $K/grouped_fp8.txt)"
  timeout 60 $K/copy_bench --small --reps 5 > $K/copy_small.txt 2>&1; echo "copy_bench --small rc=$? $(tail -n 1 $K/copy_small.txt)"
  # the sanitizers in two parallel batches (one GPU; each a process of its own)
  SD=$K/san; mkdir -p $SD
  SP=""
  san() { local name=$1 to=$2; shift 2; ( timeout $to compute-sanitizer "$@" > $SD/$name.txt 2>&1; echo "rc=$?" >> $SD/$name.txt ) & SP="$SP $!"; }
  san memcheck_gemm 240 --tool memcheck $K/gemm_bench --small --no-time
  san racecheck_gemm_sk 240 --tool racecheck $K/gemm_bench --stream-k --no-time
  san synccheck_gemm_sk 240 --tool synccheck $K/gemm_bench --stream-k --no-time
  san memcheck_grouped 200 --tool memcheck $K/grouped_bench --small
  san memcheck_fp8 240 --tool memcheck $K/gemm_bench --fp8 --small --no-time
  san racecheck_grouped 240 --tool racecheck $K/grouped_bench --small
  san memcheck_grouped_fp8 200 --tool memcheck $K/grouped_bench_fp8 --small
  san memcheck_copy 100 --tool memcheck $K/copy_bench --small --no-time
  wait $SP
  for f in $SD/*.txt; do echo "$(basename $f .txt): $(tail -n 1 $f) $(grep -c '^ok' $f) ok $(grep -c '^FAIL' $f) FAIL; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -n 2 | tr '\n' ' ')"; done
  wait $p_nochk; echo "nochk build rc=$? $(grep -c 'BUILD FAILED' $L/b_nochk.log) failed"
  for t in kernels_host layout_kernel tensor_tv_copy swizzle_kernel dynamic_tile_cost atoms wgmma tma attention_host cluster_names_host cute_compat_kernel; do
    [ -x $K/nochk/$t ] || { echo "nochk $t: not built"; continue; }
    timeout 120 $K/nochk/$t > $K/nochk_$t.txt 2>&1; echo "nochk $t rc=$? $(tail -n 1 $K/nochk_$t.txt | cut -c1-120)"; done
  echo "checks done $(el) s"
} > $W/b/checks.txt 2>&1
pack
pack
wait $p_py; echo "python libraries built at $(el) s" >> $W/b/progress.txt
cp $K/*.txt $W/b/ 2>/dev/null; cp -r $K/san $W/b/ 2>/dev/null; pack
cat $W/b/progress.txt $W/b/checks.txt
