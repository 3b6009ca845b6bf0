#!/bin/bash
# lead, session 20: FP8 stream-K tail, interleaved timing (H100)
set -u
D=.s20/lead; OUT=${OUT:-/tmp/out}; W=/tmp/w/sk8b; mkdir -p $W
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader > $W/card.txt 2>&1; cat $W/card.txt
pack() { tar czf $OUT/sk8b.tgz -C /tmp/w sk8b; }
export PYTHONUNBUFFERED=1
t0=$(date +%s)
timeout 100 $D/gemm_bench_fp8 --fp8 --stream-k --no-time > $W/sk.txt 2>&1; echo "stream-k rc=$? $(grep -c '^ok' $W/sk.txt) ok $(grep -c '^FAIL' $W/sk.txt) FAIL; $(tail -n 1 $W/sk.txt) $(( $(date +%s)-t0 ))s" | tee $W/summary.txt
timeout 300 python3 bench/gpu/fp8_pair.py --lib $D/libfp8.so --rounds 3 --interleave 30 --variants default,default_k0,default_k1,default_s1_k0,default_s1_k1 > $W/pair.txt 2>&1; echo "pair rc=$? $(( $(date +%s)-t0 ))s" | tee -a $W/summary.txt
pack
cat $W/summary.txt; grep accuracy $W/pair.txt; tail -n 32 $W/pair.txt
