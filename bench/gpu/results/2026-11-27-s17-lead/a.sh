#!/bin/bash
# Session 17, call A (H100): the grouped GEMM's race fix (86569c9) under compute-sanitizer racecheck/synccheck,
# and device_session.sh (tutorials built with --no-run, then tutorial_rounds.py) first run on a GPU.
set -u
REPO=$(pwd); OUT=${OUT:-/tmp/out}; F=.s17; W=/tmp/fa; mkdir -p $W/a $OUT; T0=$(date +%s)
el() { echo $(( $(date +%s) - T0 )); }
cp $F/head.txt $W/a/
C=/tmp/c; mkdir -p $C && tar xzf $F/cutlass-7107b05.tgz -C $C
export GTEST_SRC=$REPO/$F/googletest
K=/tmp/k; mkdir -p $K
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Iinclude"
( $nv -DTESSEL_GROUPED_TIMING bench/gpu/grouped_bench.cu -o $K/grouped_bench -lcublas > $W/a/b_grouped.log 2>&1 ) &
pg=$!
( $nv -DTESSEL_GROUPED_FP8 bench/gpu/grouped_bench.cu -o $K/grouped_bench_fp8 > $W/a/b_grouped_fp8.log 2>&1 ) &
pg8=$!
wait $pg $pg8; echo "grouped built at $(el) s" >> $W/a/progress.txt
( SUITES=tutorials JOBS=7 bash tests/cute_compat/device_session.sh $C $W/a/ds > $W/a/device_session.txt 2>&1; echo "device_session done at $(el) s" >> $W/a/progress.txt ) &
ds=$!
{
  timeout 150 compute-sanitizer --tool racecheck $K/grouped_bench --small > $W/a/racecheck_grouped.txt 2>&1; echo "racecheck grouped_bench --small rc=$? $(grep -E 'RACECHECK SUMMARY|passed|failed' $W/a/racecheck_grouped.txt | tr '\n' ' ')"
  timeout 120 compute-sanitizer --tool synccheck $K/grouped_bench --small > $W/a/synccheck_grouped.txt 2>&1; echo "synccheck grouped_bench --small rc=$? $(grep -E 'ERROR SUMMARY|passed|failed' $W/a/synccheck_grouped.txt | tr '\n' ' ')"
  timeout 120 compute-sanitizer --tool racecheck $K/grouped_bench_fp8 --small > $W/a/racecheck_grouped_fp8.txt 2>&1; echo "racecheck grouped_bench_fp8 --small rc=$? $(grep -E 'RACECHECK SUMMARY|passed|failed' $W/a/racecheck_grouped_fp8.txt | tr '\n' ' ')"
  echo "sanitizers done at $(el) s"
} > $W/a/sanitizers.txt 2>&1
wait $ds
tar czf $OUT/a.tgz -C $W a 2>/dev/null
cat $W/a/progress.txt $W/a/sanitizers.txt; tail -n 25 $W/a/device_session.txt
