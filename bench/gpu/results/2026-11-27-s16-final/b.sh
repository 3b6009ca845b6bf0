#!/bin/bash
# Session 16, final call B (card of the call): on the final tree, built here: our GEMM/grouped/copy binaries (checks,
# sanitizers, timings against cuBLAS / torch._scaled_mm in the same process), the device tests built with
# -DTESSEL_NO_CHECKS, pytest of tessel.cuda.gemm and tessel.cuda.grouped, CuTe's 8 tutorials both ways through the
# harness (tests/cute_compat/run.sh --no-run: compile seconds; then run here with d2h_hash.so: result hashes; the two
# GEMM tutorials alternated over rounds) and CuTe's 17 device-test files against tessel. One archive ($OUT/b.tgz),
# refreshed after every stage so that a cut-off call still returns what it did.
set -u
REPO=$(pwd); OUT=${OUT:-/tmp/out}; mkdir -p $OUT; T0=$(date +%s); F=.final16; W=/tmp/fb; mkdir -p $W/b
el() { echo $(( $(date +%s) - T0 )); }
pack() { tar czf $OUT/b.tgz -C $W b 2>/dev/null; }
cp $F/head.txt $W/b/ 2>/dev/null
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader > $W/b/card.txt 2>&1; nvcc --version | tail -1 >> $W/b/card.txt
C=/tmp/c; mkdir -p $C && tar xzf $F/cutlass-7107b05.tgz -C $C
K=/tmp/k; L=/tmp/logs; mkdir -p $K $L
export TESSEL_CUDA_CACHE=$REPO/.f16cache PYTHONUNBUFFERED=1 GTEST_SRC=$REPO/$F/googletest
# --- builds: ours first (full priority), CuTe's tutorials and device tests niced
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v -Iinclude"
( bash tests/cuda/nvcc_build.sh nvcc g++ include tests/cuda/kernels_host.cu $K/kernels_host '' > $L/b_kh.log 2>&1 ) &
p_kh=$!
( bash tests/cuda/nvcc_build.sh nvcc g++ include bench/gpu/gemm_bench.cu $K/gemm_bench '' > $L/b_gemm.log 2>&1 ) &
p_gemm=$!
( $nv -DTESSEL_GEMM_BENCH_FP8_ONLY -shared -Xcompiler -fPIC -DTESSEL_GEMM_BENCH_LIB bench/gpu/gemm_bench.cu -o $K/libfp8.so -lcuda > $L/b_libfp8.log 2>&1 ) &
p_libfp8=$!
( $nv -DTESSEL_GROUPED_TIMING bench/gpu/grouped_bench.cu -o $K/grouped_bench -lcublas > $L/b_grouped.log 2>&1 ) &
p_grouped=$!
( $nv -DTESSEL_GROUPED_FP8 bench/gpu/grouped_bench.cu -o $K/grouped_bench_fp8 > $L/b_grouped_fp8.log 2>&1 ) &
p_grouped_fp8=$!
( $nv bench/gpu/copy_bench.cu -o $K/copy_bench > $L/b_copy.log 2>&1 ) &
p_copy=$!
( bash tests/cuda/build_all.sh $K/nochk "-DTESSEL_NO_CHECKS" tests > $L/b_nochk.log 2>&1 ) &
p_nochk=$!
( python3 -c "
import importlib.util, time
s = importlib.util.spec_from_file_location('tc', 'python/tessel/cuda.py'); c = importlib.util.module_from_spec(s); s.loader.exec_module(c)
for k in ('gemm', 'grouped'):
    t = time.time(); print(k, c.build(kernels=k), '%.0f s' % (time.time() - t), flush=True)
" > $W/b/pybuild.txt 2>&1 ) &
( nice -n 10 timeout 430 bash tests/cute_compat/run.sh $C --against tessel --suite tutorials,device --jobs 5 --no-run --out /tmp/cc-tessel > $W/b/harness-tessel.txt 2>&1 ) &
hb_t=$!
( nice -n 10 timeout 430 bash tests/cute_compat/run.sh $C --against cute --suite tutorials --jobs 3 --no-run --out /tmp/cc-cute > $W/b/harness-cute.txt 2>&1 ) &
hb_c=$!
# --- 1. checks of our kernels (each waits for its binary); the GPU is call A's until /tmp/a.done
while [ ! -f /tmp/a.done ]; do sleep 2; done; echo "A done at $(el) s" >> $W/b/progress.txt
{
  wait $p_kh; timeout 60 $K/kernels_host > $K/kh.txt 2>&1; echo "kernels_host rc=$? $(tail -n 1 $K/kh.txt) at $(el) s"
  wait $p_gemm; timeout 120 $K/gemm_bench --small --no-time > $K/gemm.txt 2>&1; echo "gemm_bench --small rc=$? $(grep -c '^ok' $K/gemm.txt) ok $(grep -c 'FAIL' $K/gemm.txt) FAIL; $(tail -n 1 $K/gemm.txt)"
  timeout 120 $K/gemm_bench --fp8 --small --no-time > $K/gemm_fp8.txt 2>&1; echo "gemm_bench --fp8 --small rc=$? $(grep -c '^ok' $K/gemm_fp8.txt) ok $(grep -c 'FAIL' $K/gemm_fp8.txt) FAIL; $(tail -n 1 $K/gemm_fp8.txt)"
  wait $p_grouped; timeout 120 $K/grouped_bench --small > $K/grouped.txt 2>&1; echo "grouped_bench --small rc=$? $(grep -c '^ok' $K/grouped.txt) ok $(grep -c '^FAIL' $K/grouped.txt) FAIL; $(tail -n 1 $K/grouped.txt)"
  wait $p_grouped_fp8; timeout 120 $K/grouped_bench_fp8 --small > $K/grouped_fp8.txt 2>&1; echo "grouped_bench_fp8 --small rc=$? $(grep -c '^ok' $K/grouped_fp8.txt) ok $(grep -c '^FAIL' $K/grouped_fp8.txt) FAIL; $(tail -n 1 $K/grouped_fp8.txt)"
  wait $p_copy; timeout 60 $K/copy_bench --small --reps 5 > $K/copy_small.txt 2>&1; echo "copy_bench --small rc=$? $(tail -n 1 $K/copy_small.txt)"
  timeout 120 compute-sanitizer --tool memcheck $K/gemm_bench --small --no-time > $K/memcheck_gemm.txt 2>&1; echo "memcheck gemm_bench --small rc=$? $(grep 'ERROR SUMMARY' $K/memcheck_gemm.txt)"
  timeout 150 compute-sanitizer --tool racecheck $K/gemm_bench --small --no-time > $K/racecheck_gemm.txt 2>&1; echo "racecheck gemm_bench --small rc=$? $(grep 'ERROR SUMMARY\|RACECHECK SUMMARY' $K/racecheck_gemm.txt | tr '\n' ' ')"
  timeout 120 compute-sanitizer --tool synccheck $K/gemm_bench --small --no-time > $K/synccheck_gemm.txt 2>&1; echo "synccheck gemm_bench --small rc=$? $(grep 'ERROR SUMMARY' $K/synccheck_gemm.txt)"
  timeout 120 compute-sanitizer --tool memcheck $K/grouped_bench --small > $K/memcheck_grouped.txt 2>&1; echo "memcheck grouped_bench --small rc=$? $(grep 'ERROR SUMMARY' $K/memcheck_grouped.txt)"
  timeout 120 compute-sanitizer --tool memcheck $K/grouped_bench_fp8 --small > $K/memcheck_grouped_fp8.txt 2>&1; echo "memcheck grouped_bench_fp8 --small rc=$? $(grep 'ERROR SUMMARY' $K/memcheck_grouped_fp8.txt)"
  timeout 150 compute-sanitizer --tool memcheck $K/gemm_bench --fp8 --small --no-time > $K/memcheck_fp8.txt 2>&1; echo "memcheck gemm_bench --fp8 --small rc=$? $(grep 'ERROR SUMMARY' $K/memcheck_fp8.txt)"
  timeout 60 compute-sanitizer --tool memcheck $K/copy_bench --small --no-time > $K/memcheck_copy.txt 2>&1; echo "memcheck copy_bench --small rc=$? $(grep 'ERROR SUMMARY' $K/memcheck_copy.txt)"
  wait $p_nochk; echo "nochk build rc=$? $(grep -c 'BUILD FAILED' $L/b_nochk.log) failed"
  for t in kernels_host layout_kernel tensor_tv_copy swizzle_kernel dynamic_tile_cost atoms wgmma tma; do
    timeout 120 $K/nochk/$t > $K/nochk_$t.txt 2>&1; echo "nochk $t rc=$? $(tail -n 1 $K/nochk_$t.txt | cut -c1-120)"; done
  echo "checks done $(el) s"
} > $W/b/checks.txt 2>&1
pack
# --- 2. timings (same process as the reference)
wait $p_libfp8; ( PYTHONUNBUFFERED=1 timeout 150 python3 bench/gpu/fp8_pair.py --lib $K/libfp8.so --rounds 3 --reps 30 --variants default,fast,blocks > $W/b/fp8_pair.txt 2>&1; echo "fp8_pair rc=$? at $(el) s" >> $W/b/fp8_pair.txt )
pack
timeout 100 $K/grouped_bench --time --rounds 3 --reps 30 > $W/b/grouped_time.txt 2>&1; echo "grouped time rc=$? at $(el) s" >> $W/b/progress.txt
pack
# --- 3. pytest of the GEMM entry points
timeout 60 python3 -m pytest -q -rs -s python/tests/test_cuda_gemm.py > $W/b/pytest_gemm.txt 2>&1; echo "pytest gemm rc=$? at $(el) s: $(tail -n 1 $W/b/pytest_gemm.txt)" >> $W/b/progress.txt
timeout 60 python3 -m pytest -q -rs -s python/tests/test_cuda_grouped.py > $W/b/pytest_grouped.txt 2>&1; echo "pytest grouped rc=$? at $(el) s: $(tail -n 1 $W/b/pytest_grouped.txt)" >> $W/b/progress.txt
pack
# --- 4. CuTe's tutorials both ways: built by the harness (compile seconds in its summary), run here with the result hash
wait $hb_t $hb_c; echo "harness builds done at $(el) s" >> $W/b/progress.txt
cp /tmp/cc-tessel/summary.tsv $W/b/summary-tessel.tsv; cp /tmp/cc-cute/summary.tsv $W/b/summary-cute.tsv
FILES="sgemm_1 sgemm_2 sgemm_sm70 sgemm_sm80 tiled_copy tiled_copy_if hopper/wgmma_sm90 hopper/wgmma_tma_sm90"
args() { case $1 in sgemm_sm80) echo "5120 5120 4096 T N";; *) echo "";; esac; }
hash_of() { grep "^D2H " $1 | python3 -c "
import sys
h = 1469598103934665603
d = [l.strip() for l in sys.stdin]
for c in '\n'.join(d).encode(): h = ((h ^ c) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
print('%016x/%d' % (h, len(d)))"; }
printf "tutorial\tround\tvariant\trc\tGFlop/s\thash/copies\tverification\n" > $W/b/tutorials.tsv
for f in $FILES; do for r in 1 $( case $f in hopper/wgmma_tma_sm90|sgemm_sm80) echo 2 3 4 5;; esac ); do for v in tessel cute; do
  n=$(echo $f | tr / _); a=$(args $(basename $f)); exe=/tmp/cc-$v/bin/tutorials/$f; pre=/tmp/cc-$v/bin/tutorials/d2h_hash.so
  [ -x $exe ] || { printf "%s\t%s\t%s\tnot built\n" $f $r $v >> $W/b/tutorials.tsv; continue; }
  LD_PRELOAD=$pre timeout 60 $exe $a > $L/$v.$n.$r.run.log 2>&1; rc=$?
  gf=$(grep -o "\[ *[0-9.]*\]GFlop/s" $L/$v.$n.$r.run.log | tr -d '[] ' | sed 's/GFlop\/s//' | tr '\n' ' ')
  ver=$(grep -i "success\|fail\|mismatch" $L/$v.$n.$r.run.log | head -2 | tr '\n' ';' | cut -c1-120)
  printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\n" $f $r $v $rc "$gf" "$(hash_of $L/$v.$n.$r.run.log)" "$ver" >> $W/b/tutorials.tsv
done; done; done
echo "tutorial runs done at $(el) s" >> $W/b/progress.txt
pack
# --- 5. CuTe's device tests against tessel
for exe in $(find /tmp/cc-tessel/bin/device -type f -perm -u+x 2>/dev/null | sort); do
  rel=${exe#/tmp/cc-tessel/bin/device/}
  timeout 60 $exe > $L/dev-tessel-$(echo $rel | tr / _).log 2>&1; rc=$?
  echo "tessel $rel rc=$rc $(grep -E '^\[  PASSED  \]|^\[  FAILED  \] [0-9]|^\[  SKIPPED \] [0-9]|tests? from .* ran' $L/dev-tessel-$(echo $rel | tr / _).log | tr '\n' ' ')"
done > $W/b/devtests.txt 2>&1
echo "device tests run at $(el) s" >> $W/b/progress.txt
cp $K/*.txt $W/b/ 2>/dev/null; tar czf $W/b/logs.tgz -C /tmp logs cc-tessel/logs cc-cute/logs 2>/dev/null
pack
cat $W/b/progress.txt $W/b/checks.txt; grep -E "^== |median|ratio" $W/b/fp8_pair.txt | tail -n 12; cut -f1-6 $W/b/tutorials.tsv; cat $W/b/devtests.txt | cut -c1-150
