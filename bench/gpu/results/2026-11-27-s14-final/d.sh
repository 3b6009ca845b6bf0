#!/bin/bash
# Session 14, call D (H100): the session's new defaults on the other card: attention (13 default variants:
# sweep + timings beside cuDNN/FA2; BN 192 for d128 non-causal is new), FP8 GEMM against _scaled_mm (Cross_ = 4
# halves, 128x192 block-scaled are new), copy bench (the one-buffer rule keeps two buffers on the H100).
set -u
OUT=${OUT:-/tmp/out}; W=/tmp/fd; mkdir -p $W/d $OUT; T0=$(date +%s); F=.final14
el() { echo $(( $(date +%s) - T0 )); }
pack() { tar czf $OUT/d.tgz -C $W d 2>/dev/null; }
cp $F/head.txt $W/d/
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader > $W/d/card.txt 2>&1
K=/tmp/k; L=/tmp/logs; mkdir -p $K $L
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v -Iinclude"
( $nv -DTESSEL_GEMM_BENCH_FP8_ONLY -shared -Xcompiler -fPIC -DTESSEL_GEMM_BENCH_LIB bench/gpu/gemm_bench.cu -o $K/libfp8.so -lcuda > $L/libfp8.log 2>&1 ) &
p1=$!
( $nv bench/gpu/copy_bench.cu -o $K/copy_bench > $L/copy.log 2>&1 ) &
p2=$!
VARIANTS="0= 1= 2= 3= 4= 5= 6= 7= 8= 9= 10= 11= 12=" SAN="" CHECKJOBS=6 REPS=20 PYEXT=0 \
  OUT=$W/d timeout 240 bash bench/gpu/attention_run.sh > $W/d/attn_run.txt 2>&1
echo "attention rc=$? at $(el) s" >> $W/d/progress.txt
pack
wait $p1; PYTHONUNBUFFERED=1 timeout 130 python3 bench/gpu/fp8_pair.py --lib $K/libfp8.so --rounds 3 --reps 30 --variants default,fast,blocks > $W/d/fp8_pair.txt 2>&1
echo "fp8_pair rc=$? at $(el) s" >> $W/d/progress.txt
pack
wait $p2; timeout 50 $K/copy_bench --rounds 3 > $W/d/copy_time.txt 2>&1; echo "copy rc=$? at $(el) s" >> $W/d/progress.txt
grep -h "spill\|C75" $L/*.log | grep -v " 0 bytes spill" | head -5 > $W/d/ptxas.txt
pack
cat $W/d/progress.txt; tail -n 14 $W/d/table.txt 2>/dev/null; grep -E "^== correctness|FAIL" $W/d/attn_run.txt | head -5
grep -E "default|blocks|cublas" $W/d/fp8_pair.txt | tail -n 15; grep -E "%" $W/d/copy_time.txt | grep -v "^ " | cut -c1-90
