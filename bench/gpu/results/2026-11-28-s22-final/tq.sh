#!/bin/bash
# Session 21 lead, call TQ (H100): CuTe's two GEMM tutorials (sgemm_sm80, hopper/wgmma_tma_sm90) built both ways on
# the final tree, then tutorial_rounds.py --rounds 10 on a quiet GPU. Output $OUT/tq.tgz.
set -u
OUT=${OUT:-/tmp/out}; W=/tmp/tq; mkdir -p $W/tq $OUT; T0=$(date +%s)
cp .s22/head.txt $W/tq/; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader > $W/tq/card.txt
C=/tmp/c; mkdir -p $C && tar xzf .s22/cutlass-7107b05.tgz -C $C
export GTEST_SRC=$PWD/.s22/googletest
F='sgemm_sm80|wgmma_tma_sm90'
( timeout 400 bash tests/cute_compat/run.sh $C --against tessel --suite tutorials --filter "$F" --jobs 8 --no-run --out /tmp/cc-tessel > $W/tq/harness-tessel.txt 2>&1 ) &
( timeout 400 bash tests/cute_compat/run.sh $C --against cute --suite tutorials --filter "$F" --jobs 8 --no-run --out /tmp/cc-cute > $W/tq/harness-cute.txt 2>&1 ) &
wait
echo "builds done at $(( $(date +%s) - T0 )) s" > $W/tq/progress.txt
timeout 200 python3 tests/cute_compat/tutorial_rounds.py /tmp/cc-tessel /tmp/cc-cute --rounds 10 --tsv $W/tq/tutorials10.tsv > $W/tq/hashes10.txt 2>&1
echo "rounds rc=$? at $(( $(date +%s) - T0 )) s" >> $W/tq/progress.txt
cp /tmp/cc-tessel/summary.tsv $W/tq/summary-tessel.tsv 2>/dev/null; cp /tmp/cc-cute/summary.tsv $W/tq/summary-cute.tsv 2>/dev/null
tar czf $OUT/tq.tgz -C $W tq
cat $W/tq/progress.txt $W/tq/hashes10.txt; tail -3 $W/tq/harness-tessel.txt $W/tq/harness-cute.txt
