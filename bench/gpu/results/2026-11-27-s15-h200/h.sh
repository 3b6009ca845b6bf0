#!/bin/bash
# Session 15, helper h200: one call on an H200 (kind nvidia-h200) measuring session 15's new defaults there.
# grouped_bench (+ FP8) and libfp8.so were built on the workstation (nvcc 13.0, -O3, sm_90a, b.sh's lines) from
# 1abc3ef and carried in build-h200/ (rebuilt here if they do not start). Built here in the background: the
# PyTorch attention library (tessel.cuda.build). GPU stages one after another, the archive refreshed after each;
# no stage starts after $LIMIT s. Exits after the card check if the card is not an H200.
set -u
REPO=$(pwd); OUT=${OUT:-/tmp/out}; W=/tmp/h; mkdir -p $W/h $OUT; T0=$(date +%s); K=$REPO/build-h200; LIMIT=${LIMIT:-80}
el() { echo $(( $(date +%s) - T0 )); }
pack() { tar czf $OUT/h.tgz -C $W h 2>/dev/null; }
ok() { [ $(el) -lt $LIMIT ] || { echo "stage $1 skipped at $(el) s (limit $LIMIT s)" >> $W/h/progress.txt; return 1; }; }
cp $K/head.txt $W/h/ 2>/dev/null
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit,memory.total --format=csv,noheader > $W/h/card.txt 2>&1
nvcc --version | tail -1 >> $W/h/card.txt; python3 -c "import torch; print('torch', torch.__version__)" >> $W/h/card.txt 2>&1
cat $W/h/card.txt
grep -q H200 $W/h/card.txt || { echo "not an H200: stopping" | tee -a $W/h/progress.txt; pack; exit 0; }
export TESSEL_CUDA_CACHE=/tmp/hcache PYTHONUNBUFFERED=1
( nice -n 10 python3 -c "
import importlib.util, time
s = importlib.util.spec_from_file_location('tc', 'python/tessel/cuda.py'); c = importlib.util.module_from_spec(s); s.loader.exec_module(c)
t = time.time(); print('attention', c.build(kernels='attention'), '%.0f s' % (time.time() - t), flush=True)
" > $W/h/pybuild.txt 2>&1 ) &
pyb=$!
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Iinclude"
# the carried binaries; rebuilt here where they do not start
for b in grouped_bench grouped_bench_fp8; do
  timeout 10 $K/$b --bad-arg > /dev/null 2>&1; rc=$?
  echo "carried $b: rc=$rc (2 = usage, it starts)" >> $W/h/progress.txt
  if [ $rc != 2 ]; then
    mkdir -p /tmp/k; f=-DTESSEL_GROUPED_FP8; l=""; [ $b = grouped_bench ] && { f=-DTESSEL_GROUPED_TIMING; l=-lcublas; }
    $nv $f bench/gpu/grouped_bench.cu -o /tmp/k/$b $l > $W/h/build_$b.log 2>&1; echo "rebuilt $b rc=$? at $(el) s" >> $W/h/progress.txt
    K=/tmp/k
  fi
done
python3 -c "import ctypes; ctypes.CDLL('$REPO/build-h200/libfp8.so')" > $W/h/libfp8_load.txt 2>&1 && FP8LIB=$REPO/build-h200/libfp8.so || {
  mkdir -p /tmp/k; ( $nv -DTESSEL_GEMM_BENCH_FP8_ONLY -shared -Xcompiler -fPIC -DTESSEL_GEMM_BENCH_LIB bench/gpu/gemm_bench.cu -o /tmp/k/libfp8.so -lcuda > $W/h/build_libfp8.log 2>&1 ) & pf=$!
  FP8LIB=/tmp/k/libfp8.so; echo "libfp8 carried did not load: building here" >> $W/h/progress.txt; }
pack
# 1. grouped bf16: --small checks, then the timings (default = static clusters of 1 on the H200; c1 dynamic; pairs)
ok grouped && { timeout 70 $K/grouped_bench --small --time --rounds 3 --reps 30 > $W/h/grouped_time.txt 2>&1; echo "grouped --small --time rc=$? at $(el) s: $(grep -E 'passed' $W/h/grouped_time.txt | tail -1)" >> $W/h/progress.txt; pack; }
# 2. grouped FP8
ok grouped_fp8 && { timeout 60 $K/grouped_bench_fp8 --small --time --rounds 3 --reps 30 > $W/h/grouped_fp8_time.txt 2>&1; echo "grouped fp8 --small --time rc=$? at $(el) s: $(grep -E 'passed' $W/h/grouped_fp8_time.txt | tail -1)" >> $W/h/progress.txt; pack; }
# 3. FP8 GEMM against torch._scaled_mm
[ -n "${pf:-}" ] && wait $pf
ok fp8_pair && { timeout 40 python3 bench/gpu/fp8_pair.py --lib $FP8LIB --rounds 3 --reps 30 --variants default,fast,blocks > $W/h/fp8_pair.txt 2>&1; echo "fp8_pair rc=$? at $(el) s" >> $W/h/progress.txt; pack; }
# 4. attention against cuDNN in one loop
wait $pyb; echo "attention library built at $(el) s: $(tail -n 1 $W/h/pybuild.txt)" >> $W/h/progress.txt
ok attention_pair && { timeout 40 python3 bench/gpu/attention_pair.py --rounds 3 --reps 30 > $W/h/attention_pair.txt 2>&1; echo "attention_pair rc=$? at $(el) s" >> $W/h/progress.txt; pack; }
pack; cat $W/h/progress.txt
grep -E "^ratio" $W/h/grouped_time.txt | grep -E "default|dynamic|c2 nosplit|c2 speed" | cut -c1-150
grep -E "^ratio" $W/h/grouped_fp8_time.txt | grep -E "default|dynamic" | cut -c1-150
tail -n 14 $W/h/fp8_pair.txt 2>/dev/null; tail -n 14 $W/h/attention_pair.txt 2>/dev/null
