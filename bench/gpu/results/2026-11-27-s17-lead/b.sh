#!/bin/bash
# Session 17, call B (H100): the grouped GEMM's slot read by lane 0 and a shuffle, under racecheck (bf16 and FP8).
set -u
OUT=${OUT:-/tmp/out}; W=/tmp/fb; mkdir -p $W/b; T0=$(date +%s); K=/tmp/k; mkdir -p $K
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Iinclude"
( $nv -DTESSEL_GROUPED_TIMING bench/gpu/grouped_bench.cu -o $K/grouped_bench -lcublas > $W/b/b_grouped.log 2>&1 ) &
( $nv -DTESSEL_GROUPED_FP8 bench/gpu/grouped_bench.cu -o $K/grouped_bench_fp8 > $W/b/b_grouped_fp8.log 2>&1 ) &
wait; echo "built at $(( $(date +%s) - T0 )) s"
for t in racecheck synccheck memcheck; do
  timeout 150 compute-sanitizer --tool $t $K/grouped_bench --small > $W/b/${t}_grouped.txt 2>&1; echo "$t grouped_bench --small rc=$? $(grep -E 'SUMMARY|passed, ' $W/b/${t}_grouped.txt | tr '\n' ' ')"
done
timeout 120 compute-sanitizer --tool racecheck $K/grouped_bench_fp8 --small > $W/b/racecheck_grouped_fp8.txt 2>&1; echo "racecheck grouped_bench_fp8 --small rc=$? $(grep -E 'SUMMARY|passed, ' $W/b/racecheck_grouped_fp8.txt | tr '\n' ' ')"
echo "done at $(( $(date +%s) - T0 )) s"
grep -m3 -A1 "Race reported" $W/b/racecheck_grouped.txt
tar czf $OUT/b.tgz -C $W b
