#!/bin/bash
# Session 24, lead: workstation builds for the final calls (carried as .s24): CuTe's tutorials (tessel and CuTe) and
# device tests (tessel) with the harness's --no-run (then --reuse on the GPU), tessel.cuda's attention library in a
# relocatable cache, the FP8 GEMM library for fp8_pair.py and copy_bench.
cd /work/main
export GTEST_SRC=/work/main/.s24/googletest
rm -rf .s24b .s24/bin; mkdir -p .s24b .s24/bin
t=$(date +%s)
( TESSEL_CUDA_CACHE=/work/main/.s24b/pycache TESSEL_CUDA_JOBS=1 nice python3 -c "
import importlib.util, time
s = importlib.util.spec_from_file_location('tc', 'python/tessel/cuda.py'); c = importlib.util.module_from_spec(s); s.loader.exec_module(c)
t = time.time(); print(c.build(kernels='attention'), '%.0f s' % (time.time() - t), flush=True)
" > .s24/b_pycache.log 2>&1; echo "pycache rc=$? $(( $(date +%s)-t ))s" )
nice bash tests/cute_compat/run.sh /work/cutlass --against tessel --suite tutorials,device --no-run --jobs 2 --out .s24b/ct > .s24/b_ct.log 2>&1; echo "tessel harness build rc=$? $(( $(date +%s)-t ))s: $(grep TOTAL .s24/b_ct.log | tr '\n' ' ')"
nice bash tests/cute_compat/run.sh /work/cutlass --against cute --suite tutorials --no-run --jobs 2 --out .s24b/cc > .s24/b_cc.log 2>&1; echo "cute harness build rc=$? $(( $(date +%s)-t ))s: $(grep TOTAL .s24/b_cc.log | tr '\n' ' ')"
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Iinclude"
K=.s24/bin
$nv bench/gpu/copy_bench.cu -o $K/copy_bench > $K/b_copy.log 2>&1; echo "copy rc=$? $(( $(date +%s)-t ))s"
$nv -DTESSEL_GEMM_BENCH_FP8_ONLY -shared -Xcompiler -fPIC -DTESSEL_GEMM_BENCH_LIB bench/gpu/gemm_bench.cu -o $K/libfp8.so -lcuda > $K/b_fp8.log 2>&1; echo "fp8 lib rc=$? $(( $(date +%s)-t ))s"
git rev-parse HEAD > .s24/head.txt
du -sh .s24b/ct .s24b/cc .s24b/pycache .s24/bin
rm -f .s24b/pycache/*/*.o
tar czf .s24/big.tgz .s24b && ls -la .s24/big.tgz && du -sh .s24
