#!/bin/bash
# Session 17, final call on the H200: the attention defaults (changed this session: K ahead for every 16-bit d128
# configuration, NextEarly_ for the short one) built, swept, timed beside SDPA and paired against cuDNN (3 rounds of
# 30); the FP8 GEMM's fast path (now the ping-pong kernel on tall problems, chosen on the H100) against
# torch._scaled_mm's fast accumulation and the promoted default. One archive $OUT/h.tgz.
set -u
OUT=${OUT:-/tmp/out}; W=/tmp/fh; mkdir -p $W/h $OUT; T0=$(date +%s); K=/tmp/k; mkdir -p $K
el() { echo $(( $(date +%s) - T0 )); }
cp .s17/head.txt $W/h/head.txt
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader > $W/h/card.txt 2>&1
export TESSEL_CUDA_CACHE=$PWD/.s17cache PYTHONUNBUFFERED=1
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Iinclude"
# ( $nv -DTESSEL_GEMM_BENCH_FP8_ONLY -shared -Xcompiler -fPIC -DTESSEL_GEMM_BENCH_LIB bench/gpu/gemm_bench.cu -o $K/libfp8.so -lcuda > $W/h/b_libfp8.log 2>&1 ) &
VARIANTS="0= 1= 2= 3= 4= 5= 6= 7= 8= 9= 10= 11= 12=" SAN="" CHECKJOBS=6 REPS=20 PYEXT=0 \
  OUT=$W/h timeout 300 bash bench/gpu/attention_run.sh > $W/h/run.txt 2>&1
echo "attention_run rc=$? at $(el) s" >> $W/h/progress.txt
timeout 150 python3 bench/gpu/attention_pair.py --rounds 3 --reps 30 > $W/h/pair.txt 2>&1; echo "attention_pair rc=$? at $(el) s" >> $W/h/progress.txt
tar czf $OUT/h.tgz -C $W h
cat $W/h/progress.txt; tail -n 14 $W/h/pair.txt; grep -E "^== correctness|FAIL|HUNG|spill" $W/h/run.txt | head; 
