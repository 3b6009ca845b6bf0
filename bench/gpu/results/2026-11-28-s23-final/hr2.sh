#!/bin/bash
# Session 23, lead, call HR2 (H100; trimmed to the budget left): CuTe's 8 tutorials and 17 device-test files built and
# run against tessel on the final tree (the compile helper's core commits 5ccfa3d..aa1df51); no CuTe build in this call:
# the tutorials' result hashes are compared with session 22's CuTe builds (bench/gpu/results/2026-11-28-s22-final/hr/hashes.txt).
set -u
REPO=$(pwd); OUT=${OUT:-/tmp/out}; mkdir -p $OUT; T0=$(date +%s); F=.s23; W=/tmp/hr; mkdir -p $W/hr
cp $F/head_hr.txt $W/hr/head.txt
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader > $W/hr/card.txt 2>&1
C=/tmp/c; mkdir -p $C && tar xzf $F/cutlass-7107b05.tgz -C $C
export GTEST_SRC=$REPO/$F/googletest PYTHONUNBUFFERED=1
timeout 190 bash tests/cute_compat/run.sh $C --against tessel --suite tutorials,device --jobs 16 --out /tmp/cc-tessel > $W/hr/harness-tessel.txt 2>&1
echo "harness tessel rc=$? at $(( $(date +%s) - T0 )) s" >> $W/hr/progress.txt
cp /tmp/cc-tessel/summary.tsv $W/hr/summary-tessel.tsv 2>/dev/null
tar czf $OUT/hr.tgz -C $W hr
cat $W/hr/progress.txt; tail -n 32 $W/hr/harness-tessel.txt | cut -c1-220
