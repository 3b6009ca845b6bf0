#!/bin/bash
# Session 14, call E (H100): d128 non-causal, the new default BN 192 (variant 2) against BN 128 (2b128) on the H100:
# correctness of both, timings beside cuDNN/FA2, then 3 alternated rounds (median of 20 each). One archive.
set -u
OUT=${OUT:-/tmp/out}; W=/tmp/fe; mkdir -p $W/e $OUT; T0=$(date +%s)
el() { echo $(( $(date +%s) - T0 )); }
cp .final14/head.txt $W/e/; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $W/e/card.txt
VARIANTS="2= 2b128=-DTESSEL_ATTN_BN=128" SAN="" CHECKJOBS=4 REPS=20 PYEXT=0 OUT=$W/e timeout 150 bash bench/gpu/attention_run.sh > $W/e/run.txt 2>&1
echo "attention_run rc=$? at $(el) s" >> $W/e/progress.txt
for r in 1 2 3; do for v in 2b128 2; do timeout 40 .attn_dev/attn_$v --time-only --reps 20 2>&1 | grep -E "^time" | sed "s/^/round $r [$v] /"; done; done > $W/e/rounds.txt
echo "rounds done at $(el) s" >> $W/e/progress.txt
tar czf $OUT/e.tgz -C $W e
cat $W/e/progress.txt; cat $W/e/table.txt 2>/dev/null | tail -n 6; grep -E "^== correctness|FAIL" $W/e/run.txt | head -3
sed -E 's/\(median of 20\)//; s/; host.*//; s/ stages=2 static//' $W/e/rounds.txt | cut -c1-130
