#!/bin/bash
# Session 16, last call (H100): the final tree (after helper compile's core-header commits c421785, 554789b) through
# CuTe's suites on the GPU: the 8 tutorials built by the harness against tessel and against CuTe (both pools at once),
# run alternately with the result hash (d2h_hash.c; the two GEMM tutorials 3 rounds), CuTe's 17 device-test files
# against tessel; beside them the grouped GEMM's dynamic order (the default) under compute-sanitizer racecheck and
# synccheck (never run before). One archive $OUT/g.tgz.
set -u
REPO=$(pwd); OUT=${OUT:-/tmp/out}; F=.final16; W=/tmp/fg; mkdir -p $W/g $OUT; T0=$(date +%s)
el() { echo $(( $(date +%s) - T0 )); }
pack() { tar czf $OUT/g.tgz -C $W g 2>/dev/null; }
cp $F/head.txt $W/g/; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $W/g/card.txt; cat $W/g/card.txt
C=/tmp/c; mkdir -p $C && tar xzf $F/cutlass-7107b05.tgz -C $C
export GTEST_SRC=$REPO/$F/googletest
K=/tmp/k; L=/tmp/logs; mkdir -p $K $L
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Iinclude"
( $nv -DTESSEL_GROUPED_TIMING bench/gpu/grouped_bench.cu -o $K/grouped_bench -lcublas > $L/b_grouped.log 2>&1 ) &
pg=$!
( $nv -DTESSEL_GROUPED_FP8 bench/gpu/grouped_bench.cu -o $K/grouped_bench_fp8 > $L/b_grouped_fp8.log 2>&1 ) &
pg8=$!
( timeout 400 bash tests/cute_compat/run.sh $C --against tessel --suite tutorials,device --jobs 9 --no-run --out /tmp/cc-tessel > $W/g/harness-tessel.txt 2>&1 ) &
ht=$!
( timeout 400 bash tests/cute_compat/run.sh $C --against cute --suite tutorials --jobs 5 --no-run --out /tmp/cc-cute > $W/g/harness-cute.txt 2>&1 ) &
hc=$!
{
  wait $pg; echo "grouped built rc=$? at $(el) s"
  timeout 150 compute-sanitizer --tool racecheck $K/grouped_bench --small > $K/racecheck_grouped.txt 2>&1; echo "racecheck grouped_bench --small rc=$? $(grep -E 'RACECHECK SUMMARY|passed' $K/racecheck_grouped.txt | tr '\n' ' ')"
  timeout 120 compute-sanitizer --tool synccheck $K/grouped_bench --small > $K/synccheck_grouped.txt 2>&1; echo "synccheck grouped_bench --small rc=$? $(grep -E 'ERROR SUMMARY|passed' $K/synccheck_grouped.txt | tr '\n' ' ')"
  wait $pg8; timeout 120 compute-sanitizer --tool racecheck $K/grouped_bench_fp8 --small > $K/racecheck_grouped_fp8.txt 2>&1; echo "racecheck grouped_bench_fp8 --small rc=$? $(grep -E 'RACECHECK SUMMARY|passed' $K/racecheck_grouped_fp8.txt | tr '\n' ' ')"
  echo "sanitizers done at $(el) s"
} > $W/g/sanitizers.txt 2>&1
pack
wait $ht $hc; echo "harness builds done at $(el) s" >> $W/g/progress.txt
cp /tmp/cc-tessel/summary.tsv $W/g/summary-tessel.tsv; cp /tmp/cc-cute/summary.tsv $W/g/summary-cute.tsv
FILES="sgemm_1 sgemm_2 sgemm_sm70 sgemm_sm80 tiled_copy tiled_copy_if hopper/wgmma_sm90 hopper/wgmma_tma_sm90"
args() { case $1 in sgemm_sm80) echo "5120 5120 4096 T N";; *) echo "";; esac; }
hash_of() { grep "^D2H " $1 | python3 -c "
import sys
h = 1469598103934665603
d = [l.strip() for l in sys.stdin]
for c in '\n'.join(d).encode(): h = ((h ^ c) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
print('%016x/%d' % (h, len(d)))"; }
printf "tutorial\tround\tvariant\trc\tGFlop/s\thash/copies\tverification\n" > $W/g/tutorials.tsv
for f in $FILES; do for r in 1 $( case $f in hopper/wgmma_tma_sm90|sgemm_sm80) echo 2 3;; esac ); do for v in tessel cute; do
  n=$(echo $f | tr / _); a=$(args $(basename $f)); exe=/tmp/cc-$v/bin/tutorials/$f; pre=/tmp/cc-$v/bin/tutorials/d2h_hash.so
  [ -x $exe ] || { printf "%s\t%s\t%s\tnot built\n" $f $r $v >> $W/g/tutorials.tsv; continue; }
  LD_PRELOAD=$pre timeout 60 $exe $a > $L/$v.$n.$r.run.log 2>&1; rc=$?
  gf=$(grep -o "\[ *[0-9.]*\]GFlop/s" $L/$v.$n.$r.run.log | tr -d '[] ' | sed 's/GFlop\/s//' | tr '\n' ' ')
  ver=$(grep -i "success\|fail\|mismatch" $L/$v.$n.$r.run.log | head -2 | tr '\n' ';' | cut -c1-120)
  printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\n" $f $r $v $rc "$gf" "$(hash_of $L/$v.$n.$r.run.log)" "$ver" >> $W/g/tutorials.tsv
done; done; done
echo "tutorial runs done at $(el) s" >> $W/g/progress.txt
for exe in $(find /tmp/cc-tessel/bin/device -type f -perm -u+x 2>/dev/null | sort); do
  rel=${exe#/tmp/cc-tessel/bin/device/}
  timeout 60 $exe > $L/dev-tessel-$(echo $rel | tr / _).log 2>&1; rc=$?
  echo "tessel $rel rc=$rc $(grep -E '^\[  PASSED  \]|^\[  FAILED  \] [0-9]|^\[  SKIPPED \] [0-9]|tests? from .* ran' $L/dev-tessel-$(echo $rel | tr / _).log | tr '\n' ' ')"
done > $W/g/devtests.txt 2>&1
echo "device tests run at $(el) s" >> $W/g/progress.txt
cp $K/*.txt $W/g/ 2>/dev/null; pack
cat $W/g/progress.txt $W/g/sanitizers.txt; tail -n 3 $W/g/harness-tessel.txt $W/g/harness-cute.txt; cut -f1-6 $W/g/tutorials.tsv; cut -c1-150 $W/g/devtests.txt
