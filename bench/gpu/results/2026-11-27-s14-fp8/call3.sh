# Session 14, helper fp8, call 3 (kind nvidia-h200): the new defaults (Fp8Config = x4, Fp8BlockConfig = xblocks)
# built on the device from the working tree (fp8_run.sh: FP8-only gemm_bench, its library, tessel.cuda's gemm
# library; grouped_bench FP8 beside them): gemm_bench --fp8 --small, compute-sanitizer memcheck, fp8_pair.py
# (bit-identity with _scaled_mm, 5 rounds against cuBLAS), pytest test_cuda_gemm.py, grouped_bench_fp8 --small
# and its memcheck, grouped FP8 timings (3 rounds).
R=$OUT/s14fp8; mkdir -p $R
t0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit,temperature.gpu --format=csv,noheader > $R/gpu.txt
git log --oneline -1 | cut -c1-100 >> $R/gpu.txt
mkdir -p .fp8_dev
nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v -Iinclude -DTESSEL_GROUPED_FP8 bench/gpu/grouped_bench.cu \
  -o .fp8_dev/grouped_bench_fp8 > $R/build_grouped_fp8.log 2>&1 &
OUT=$R/run SAN_TOOLS=memcheck CHECK=small ROUNDS=5 REPS=30 VARIANTS=default,fast,blocks,p4,never timeout 420 bash bench/gpu/fp8_run.sh > $R/run.txt 2>&1
wait
echo "fp8_run done at $(( $(date +%s) - t0 )) s" >> $R/run.txt
bash tests/cuda/check_binary.sh $R/build_grouped_fp8.log > $R/grouped_fp8.txt 2>&1
if [ -x .fp8_dev/grouped_bench_fp8 ]; then
  timeout 60 .fp8_dev/grouped_bench_fp8 --small >> $R/grouped_fp8.txt 2>&1; echo "grouped --small rc=$?" >> $R/grouped_fp8.txt
  timeout 120 compute-sanitizer --tool memcheck --error-exitcode 3 .fp8_dev/grouped_bench_fp8 --small > $R/grouped_memcheck.txt 2>&1
  echo "memcheck rc=$? $(grep 'ERROR SUMMARY' $R/grouped_memcheck.txt)" >> $R/grouped_fp8.txt
  timeout 90 .fp8_dev/grouped_bench_fp8 --time --rounds 3 --reps 20 > $R/grouped_time_fp8.txt 2>&1; echo "grouped --time rc=$?" >> $R/grouped_fp8.txt
fi
echo "wall $(( $(date +%s) - t0 )) s" >> $R/run.txt
cd $R/run && tar xzf fp8.tgz && rm fp8.tgz && rm -f fp8/loop_*.sass && cd - > /dev/null
tar czf $OUT/s14fp8.tgz -C $OUT s14fp8 && rm -rf $R
