#!/bin/bash
# Session 24, lead, call TQ (H100): CuTe's two GEMM tutorials (tessel and CuTe builds of the final tree, from the
# workstation) alternated for 10 rounds on a quiet GPU (tutorial_rounds.py), as session 22's call TQ.
set -u
OUT=${OUT:-/tmp/out}; W=/tmp/tq; mkdir -p $W/tq $OUT
cp .s24/head.txt $W/tq/; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader > $W/tq/card.txt
grep -q H100 $W/tq/card.txt || { echo "not an H100: stopping"; cat $W/tq/card.txt; exit 0; }
tar xzf .s24/big.tgz .s24b/ct/bin/tutorials .s24b/cc/bin/tutorials
timeout 300 python3 tests/cute_compat/tutorial_rounds.py .s24b/ct .s24b/cc --rounds 10 --tsv $W/tq/tutorials10.tsv > $W/tq/rounds10.txt 2>&1; echo "rc=$?" >> $W/tq/rounds10.txt
tar czf $OUT/tq.tgz -C $W tq; cat $W/tq/card.txt; tail -n 12 $W/tq/rounds10.txt
