# Session 14, helper fp8, call 1 (kind nvidia-h200): cuBLAS's kernel names, the halves with groups in flight
# across k-tiles (Cross_, variants x2 x4 x8 xblocks) checked and timed against _scaled_mm. Binaries built on
# the CPU machine (build-fp8/dev14, carried).
R=$OUT/s14fp8; mkdir -p $R
t0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit,temperature.gpu --format=csv,noheader > $R/gpu.txt
git log --oneline -1 | cut -c1-100 >> $R/gpu.txt
timeout 60 python3 bench/gpu/results/2026-11-27-s14-fp8/cublas_kernels.py > $R/cublas_kernels.txt 2>&1
OUT=$R/run PREBUILT=build-fp8/dev14 PYTEST=0 SAN=0 CHECK=small ROUNDS=${ROUNDS:-3} REPS=30 VARIANTS=default,x2,x4,x8,x4_o,fast,blocks,xblocks \
  timeout 400 bash bench/gpu/fp8_run.sh > $R/run.txt 2>&1
echo "wall $(( $(date +%s) - t0 )) s" >> $R/run.txt
cd $R/run && tar xzf fp8.tgz && rm fp8.tgz && cd - > /dev/null

tar czf $OUT/s14fp8.tgz -C $OUT s14fp8 && rm -rf $R
