# Session 14, helper fp8, call 5 (kind nvidia-h200): block scaling on the default's 128 x 192 tiles (wblocks: two
# 128-column blocks of B per tile) checked (gemm_bench --fp8 --small, compute-sanitizer memcheck of its kernel) and
# timed against _scaled_mm, the per-tensor default and the block-scaled default; binaries built on the CPU machine
# (build-fp8/dev14d, carried).
R=$OUT/s14fp8; mkdir -p $R
t0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit,temperature.gpu --format=csv,noheader > $R/gpu.txt
OUT=$R/run PREBUILT=build-fp8/dev14d PYTEST=0 SAN=0 CHECK=small ROUNDS=5 REPS=30 VARIANTS=default,blocks,wblocks,fast \
  timeout 300 bash bench/gpu/fp8_run.sh > $R/run.txt 2>&1
timeout 150 compute-sanitizer --tool memcheck --error-exitcode 3 --kernel-name regex:Li192ELi4ELi2ELi24ELi240ES4_Lb1ELb1ELb1 \
  build-fp8/dev14d/gemm_bench_fp8 --fp8 --small --no-time > $R/memcheck_wblocks.txt 2>&1
echo "memcheck (wblocks' kernel only) rc=$? $(grep 'ERROR SUMMARY' $R/memcheck_wblocks.txt) $(tail -n 1 $R/memcheck_wblocks.txt)" >> $R/run.txt
grep -c "^ok .*v20" $R/memcheck_wblocks.txt >> $R/run.txt
echo "wall $(( $(date +%s) - t0 )) s" >> $R/run.txt
cd $R/run && tar xzf fp8.tgz && rm fp8.tgz && rm -f fp8/loop_*.sass && cd - > /dev/null
tar czf $OUT/s14fp8.tgz -C $OUT s14fp8 && rm -rf $R
