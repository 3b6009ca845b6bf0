#!/bin/bash
# Session 21, lead, call HR (H100): CuTe's harness on the final tree (core headers changed this session: layout.hpp,
# int_tuple.hpp): CuTe's 8 tutorials built against tessel and against CuTe, CuTe's 17 device-test files against tessel
# (run.sh --no-run builds on the device), then tutorial_rounds.py (result hashes; the two GEMM tutorials 3 alternated
# rounds) and every device-test binary. One archive $OUT/hr.tgz.
set -u
REPO=$(pwd); OUT=${OUT:-/tmp/out}; mkdir -p $OUT; T0=$(date +%s); F=.s22; W=/tmp/hr; mkdir -p $W/hr; L=/tmp/logs3; mkdir -p $L
el() { echo $(( $(date +%s) - T0 )); }
pack() { tar czf $OUT/hr.tgz -C $W hr 2>/dev/null; }
cp $F/head.txt $W/hr/
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader > $W/hr/card.txt 2>&1; nvcc --version | tail -1 >> $W/hr/card.txt
C=/tmp/c; mkdir -p $C && tar xzf $F/cutlass-7107b05.tgz -C $C
export GTEST_SRC=$REPO/$F/googletest PYTHONUNBUFFERED=1
( timeout 430 bash tests/cute_compat/run.sh $C --against tessel --suite tutorials,device --jobs 10 --no-run --out /tmp/cc-tessel > $W/hr/harness-tessel.txt 2>&1 ) & hb_t=$!
( timeout 430 bash tests/cute_compat/run.sh $C --against cute --suite tutorials --jobs 6 --no-run --out /tmp/cc-cute > $W/hr/harness-cute.txt 2>&1 ) & hb_c=$!
wait $hb_t; echo "harness tessel rc=$? at $(el) s" >> $W/hr/progress.txt
wait $hb_c; echo "harness cute rc=$? at $(el) s" >> $W/hr/progress.txt
pack
cp /tmp/cc-tessel/summary.tsv $W/hr/summary-tessel.tsv 2>/dev/null; cp /tmp/cc-cute/summary.tsv $W/hr/summary-cute.tsv 2>/dev/null
timeout 100 python3 tests/cute_compat/tutorial_rounds.py /tmp/cc-tessel /tmp/cc-cute --rounds 3 --tsv $W/hr/tutorials.tsv > $W/hr/hashes.txt 2>&1; echo "tutorial_rounds rc=$? at $(el) s" >> $W/hr/progress.txt
pack
for exe in $(find /tmp/cc-tessel/bin/device -type f -perm -u+x 2>/dev/null | sort); do
  rel=${exe#/tmp/cc-tessel/bin/device/}
  timeout 40 $exe > $L/dev-tessel-$(echo $rel | tr / _).log 2>&1; rc=$?
  echo "tessel $rel rc=$rc $(grep -E '^\[  PASSED  \]|^\[  FAILED  \] [0-9]|^\[  SKIPPED \] [0-9]|tests? from .* ran' $L/dev-tessel-$(echo $rel | tr / _).log | tr '\n' ' ')"
done > $W/hr/devtests.txt 2>&1
echo "device tests run at $(el) s" >> $W/hr/progress.txt
tar czf $W/hr/logs.tgz -C /tmp logs3 cc-tessel/logs cc-cute/logs 2>/dev/null
pack
cat $W/hr/progress.txt; tail -n 30 $W/hr/harness-tessel.txt | cut -c1-160; tail -n 12 $W/hr/harness-cute.txt | cut -c1-160; cat $W/hr/hashes.txt | cut -c1-200; cut -c1-160 $W/hr/devtests.txt
