#!/bin/bash
# Session 18, final call, part B (H100): on the final tree, built here: kernels_host, gemm/grouped/copy benches (checks,
# sanitizers), the device tests built with -DTESSEL_NO_CHECKS, pytest of tessel.cuda.gemm / grouped, CuTe's 8 tutorials
# both ways (harness --no-run builds, then tutorial_rounds.py: result hashes, the two GEMM tutorials 3 alternated rounds)
# and CuTe's 17 device-test files against tessel. Builds start at once (CuTe's niced); the GPU is part A's until
# /tmp/gpu.free. One archive $OUT/b.tgz, refreshed after every stage.
set -u
REPO=$(pwd); OUT=${OUT:-/tmp/out}; mkdir -p $OUT; T0=$(date +%s); F=.s18; W=/tmp/fb; mkdir -p $W/b
el() { echo $(( $(date +%s) - T0 )); }
pack() { tar czf $OUT/b.tgz -C $W b 2>/dev/null; }
cp $F/head.txt $W/b/
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader > $W/b/card.txt 2>&1; nvcc --version | tail -1 >> $W/b/card.txt
C=/tmp/c; mkdir -p $C && tar xzf $F/cutlass-7107b05.tgz -C $C
K=/tmp/k; L=/tmp/logs; mkdir -p $K $L
export TESSEL_CUDA_CACHE=$REPO/.s18cache PYTHONUNBUFFERED=1 GTEST_SRC=$REPO/$F/googletest
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v -Iinclude"
( bash tests/cuda/nvcc_build.sh nvcc g++ include tests/cuda/kernels_host.cu $K/kernels_host '' > $L/b_kh.log 2>&1 ) & p_kh=$!
( bash tests/cuda/nvcc_build.sh nvcc g++ include bench/gpu/gemm_bench.cu $K/gemm_bench '' > $L/b_gemm.log 2>&1 ) & p_gemm=$!
( $nv -DTESSEL_GROUPED_TIMING bench/gpu/grouped_bench.cu -o $K/grouped_bench -lcublas > $L/b_grouped.log 2>&1 ) & p_grouped=$!
( $nv -DTESSEL_GROUPED_FP8 bench/gpu/grouped_bench.cu -o $K/grouped_bench_fp8 > $L/b_grouped_fp8.log 2>&1 ) & p_grouped_fp8=$!
( $nv bench/gpu/copy_bench.cu -o $K/copy_bench > $L/b_copy.log 2>&1 ) & p_copy=$!
( bash tests/cuda/build_all.sh $K/nochk "-DTESSEL_NO_CHECKS" tests > $L/b_nochk.log 2>&1 ) & p_nochk=$!
( python3 -c "
import importlib.util, time
s = importlib.util.spec_from_file_location('tc', 'python/tessel/cuda.py'); c = importlib.util.module_from_spec(s); s.loader.exec_module(c)
for k in ('gemm', 'grouped'):
    t = time.time(); print(k, c.build(kernels=k), '%.0f s' % (time.time() - t), flush=True)
" > $W/b/pybuild.txt 2>&1 ) &
( nice -n 10 timeout 480 bash tests/cute_compat/run.sh $C --against tessel --suite tutorials,device --jobs 6 --no-run --out /tmp/cc-tessel > $W/b/harness-tessel.txt 2>&1 ) & hb_t=$!
( nice -n 10 timeout 480 bash tests/cute_compat/run.sh $C --against cute --suite tutorials --jobs 3 --no-run --out /tmp/cc-cute > $W/b/harness-cute.txt 2>&1 ) & hb_c=$!
while [ ! -f /tmp/gpu.free ]; do sleep 2; done; echo "GPU free at $(el) s" >> $W/b/progress.txt
{
  wait $p_kh; timeout 90 $K/kernels_host > $K/kh.txt 2>&1; echo "kernels_host rc=$? $(tail -n 1 $K/kh.txt) at $(el) s"
  wait $p_gemm; timeout 120 $K/gemm_bench --small --no-time > $K/gemm.txt 2>&1; echo "gemm_bench --small rc=$? $(grep -c '^ok' $K/gemm.txt) ok $(grep -c 'FAIL' $K/gemm.txt) FAIL; $(tail -n 1 $K/gemm.txt)"
  timeout 120 $K/gemm_bench --fp8 --small --no-time > $K/gemm_fp8.txt 2>&1; echo "gemm_bench --fp8 --small rc=$? $(grep -c '^ok' $K/gemm_fp8.txt) ok $(grep -c 'FAIL' $K/gemm_fp8.txt) FAIL; $(tail -n 1 $K/gemm_fp8.txt)"
  wait $p_grouped; timeout 120 $K/grouped_bench --small > $K/grouped.txt 2>&1; echo "grouped_bench --small rc=$? $(grep -c '^ok' $K/grouped.txt) ok $(grep -c '^FAIL' $K/grouped.txt) FAIL; $(tail -n 1 $K/grouped.txt)"
  wait $p_grouped_fp8; timeout 120 $K/grouped_bench_fp8 --small > $K/grouped_fp8.txt 2>&1; echo "grouped_bench_fp8 --small rc=$? $(grep -c '^ok' $K/grouped_fp8.txt) ok $(grep -c '^FAIL' $K/grouped_fp8.txt) FAIL; $(tail -n 1 $K/grouped_fp8.txt)"
  wait $p_copy; timeout 60 $K/copy_bench --small --reps 5 > $K/copy_small.txt 2>&1; echo "copy_bench --small rc=$? $(tail -n 1 $K/copy_small.txt)"
  timeout 120 compute-sanitizer --tool memcheck $K/gemm_bench --small --no-time > $K/memcheck_gemm.txt 2>&1; echo "memcheck gemm_bench --small rc=$? $(grep 'ERROR SUMMARY' $K/memcheck_gemm.txt)"
  timeout 240 compute-sanitizer --tool racecheck $K/gemm_bench --small --no-time > $K/racecheck_gemm.txt 2>&1; echo "racecheck gemm_bench --small rc=$? $(grep -c '^ok' $K/racecheck_gemm.txt) ok $(grep 'RACECHECK SUMMARY' $K/racecheck_gemm.txt | tr '\n' ' ')"
  timeout 150 compute-sanitizer --tool synccheck $K/gemm_bench --small --no-time > $K/synccheck_gemm.txt 2>&1; echo "synccheck gemm_bench --small rc=$? $(grep -c '^ok' $K/synccheck_gemm.txt) ok $(grep 'ERROR SUMMARY' $K/synccheck_gemm.txt)"
  timeout 120 compute-sanitizer --tool memcheck $K/grouped_bench --small > $K/memcheck_grouped.txt 2>&1; echo "memcheck grouped_bench --small rc=$? $(grep 'ERROR SUMMARY' $K/memcheck_grouped.txt)"
  timeout 150 compute-sanitizer --tool memcheck $K/gemm_bench --fp8 --small --no-time > $K/memcheck_fp8.txt 2>&1; echo "memcheck gemm_bench --fp8 --small rc=$? $(grep 'ERROR SUMMARY' $K/memcheck_fp8.txt)"
  timeout 120 compute-sanitizer --tool racecheck $K/grouped_bench --small > $K/racecheck_grouped.txt 2>&1; echo "racecheck grouped_bench --small rc=$? $(grep 'RACECHECK SUMMARY' $K/racecheck_grouped.txt | tr '\n' ' ')"
  timeout 120 compute-sanitizer --tool memcheck $K/grouped_bench_fp8 --small > $K/memcheck_grouped_fp8.txt 2>&1; echo "memcheck grouped_bench_fp8 --small rc=$? $(grep 'ERROR SUMMARY' $K/memcheck_grouped_fp8.txt)"
  timeout 60 compute-sanitizer --tool memcheck $K/copy_bench --small --no-time > $K/memcheck_copy.txt 2>&1; echo "memcheck copy_bench --small rc=$? $(grep 'ERROR SUMMARY' $K/memcheck_copy.txt)"
  wait $p_nochk; echo "nochk build rc=$? $(grep -c 'BUILD FAILED' $L/b_nochk.log) failed"
  for t in kernels_host layout_kernel tensor_tv_copy swizzle_kernel dynamic_tile_cost atoms wgmma tma attention_host cluster_names_host cute_compat_kernel; do
    [ -x $K/nochk/$t ] || { echo "nochk $t: not built"; continue; }
    timeout 120 $K/nochk/$t > $K/nochk_$t.txt 2>&1; echo "nochk $t rc=$? $(tail -n 1 $K/nochk_$t.txt | cut -c1-120)"; done
  echo "checks done $(el) s"
} > $W/b/checks.txt 2>&1
pack
timeout 60 python3 -m pytest -q -rs -s python/tests/test_cuda_gemm.py > $W/b/pytest_gemm.txt 2>&1; echo "pytest gemm rc=$? at $(el) s: $(tail -n 1 $W/b/pytest_gemm.txt)" >> $W/b/progress.txt
timeout 60 python3 -m pytest -q -rs -s python/tests/test_cuda_grouped.py > $W/b/pytest_grouped.txt 2>&1; echo "pytest grouped rc=$? at $(el) s: $(tail -n 1 $W/b/pytest_grouped.txt)" >> $W/b/progress.txt
pack
wait $hb_t $hb_c; echo "harness builds done at $(el) s" >> $W/b/progress.txt
PYTHONPATH=bench/gpu timeout 150 python3 bench/gpu/gemm_pair.py --lib $REPO/$F/bin/libgemm.so --variants default,cluster1,cluster2 --no-check --rounds 3 --interleave 40 > $W/b/gemm_rounds.txt 2>&1; echo "gemm rounds rc=$? at $(el) s" >> $W/b/progress.txt
pack
cp /tmp/cc-tessel/summary.tsv $W/b/summary-tessel.tsv; cp /tmp/cc-cute/summary.tsv $W/b/summary-cute.tsv
timeout 120 python3 tests/cute_compat/tutorial_rounds.py /tmp/cc-tessel /tmp/cc-cute --rounds 3 --tsv $W/b/tutorials.tsv > $W/b/hashes.txt 2>&1; echo "tutorial_rounds rc=$? at $(el) s" >> $W/b/progress.txt
pack
for exe in $(find /tmp/cc-tessel/bin/device -type f -perm -u+x 2>/dev/null | sort); do
  rel=${exe#/tmp/cc-tessel/bin/device/}
  timeout 60 $exe > $L/dev-tessel-$(echo $rel | tr / _).log 2>&1; rc=$?
  echo "tessel $rel rc=$rc $(grep -E '^\[  PASSED  \]|^\[  FAILED  \] [0-9]|^\[  SKIPPED \] [0-9]|tests? from .* ran' $L/dev-tessel-$(echo $rel | tr / _).log | tr '\n' ' ')"
done > $W/b/devtests.txt 2>&1
echo "device tests run at $(el) s" >> $W/b/progress.txt
cp $K/*.txt $W/b/ 2>/dev/null; tar czf $W/b/logs.tgz -C /tmp logs cc-tessel/logs cc-cute/logs 2>/dev/null
pack
cat $W/b/progress.txt $W/b/checks.txt; sed -n "/rounds of/,\$p" $W/b/gemm_rounds.txt | awk '{print $1,$2,$3,$4,$NF}'; cat $W/b/hashes.txt; cut -c1-150 $W/b/devtests.txt
