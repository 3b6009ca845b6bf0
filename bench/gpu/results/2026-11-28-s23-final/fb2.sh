#!/bin/bash
# Session 23 (from session 20), final call F2, part B (H100, after fa.sh): pytest of tessel.cuda.gemm / grouped, the 16-bit GEMM rounds
# against cuBLAS (libgemm.so carried), CuTe's tutorials both ways (result hashes, 3 alternated rounds of the two GEMM
# tutorials) and CuTe's device tests against tessel, from call F1's harness builds under /tmp (skipped, with a line
# saying so, if this machine is not F1's). One archive $OUT/b2.tgz.
set -u
REPO=$(pwd); OUT=${OUT:-/tmp/out}; mkdir -p $OUT; T0=$(date +%s); F=.s23; W=/tmp/fb2; mkdir -p $W/b2; L=/tmp/logs2; mkdir -p $L
el() { echo $(( $(date +%s) - T0 )); }
pack() { tar czf $OUT/b2.tgz -C $W b2 2>/dev/null; }
cp $F/head.txt $W/b2/
export TESSEL_CUDA_CACHE=/tmp/s19cache PYTHONUNBUFFERED=1
timeout 120 python3 -m pytest -q -rs -s python/tests/test_cuda_gemm.py > $W/b2/pytest_gemm.txt 2>&1; echo "pytest gemm rc=$? at $(el) s: $(tail -n 1 $W/b2/pytest_gemm.txt)" >> $W/b2/progress.txt
timeout 120 python3 -m pytest -q -rs -s python/tests/test_cuda_grouped.py > $W/b2/pytest_grouped.txt 2>&1; echo "pytest grouped rc=$? at $(el) s: $(tail -n 1 $W/b2/pytest_grouped.txt)" >> $W/b2/progress.txt
pack
PYTHONPATH=bench/gpu timeout 200 python3 bench/gpu/gemm_pair.py --lib $REPO/$F/bin/libgemm.so --variants default,cluster1,cluster2 --no-check --rounds 3 --interleave 40 > $W/b2/gemm_rounds.txt 2>&1; echo "gemm rounds rc=$? at $(el) s" >> $W/b2/progress.txt
PYTHONPATH=bench/gpu timeout 120 python3 bench/gpu/fp8_pair.py --lib $REPO/$F/bin/libfp8.so --rounds 3 --interleave 30 --variants chosen > $W/b2/fp8.txt 2>&1; echo "fp8_pair rc=$? at $(el) s" >> $W/b2/progress.txt
PYTHONPATH=bench/gpu timeout 170 python3 bench/gpu/fp8_pair.py --lib $REPO/$F/bin/libfp8.so --rounds 3 --interleave 30 --variants fast,chosen,default,blocks > $W/b2/fp8b.txt 2>&1; echo "fp8_pair (fast, chosen, default, blocks) rc=$? at $(el) s" >> $W/b2/progress.txt
pack
if [ -d /tmp/cc-tessel/bin ] && [ -d /tmp/cc-cute/bin ]; then
  cp /tmp/cc-tessel/summary.tsv $W/b2/summary-tessel.tsv; cp /tmp/cc-cute/summary.tsv $W/b2/summary-cute.tsv
  timeout 150 python3 tests/cute_compat/tutorial_rounds.py /tmp/cc-tessel /tmp/cc-cute --rounds 3 --tsv $W/b2/tutorials.tsv > $W/b2/hashes.txt 2>&1; echo "tutorial_rounds rc=$? at $(el) s" >> $W/b2/progress.txt
  pack
  for exe in $(find /tmp/cc-tessel/bin/device -type f -perm -u+x 2>/dev/null | sort); do
    rel=${exe#/tmp/cc-tessel/bin/device/}
    timeout 60 $exe > $L/dev-tessel-$(echo $rel | tr / _).log 2>&1; rc=$?
    echo "tessel $rel rc=$rc $(grep -E '^\[  PASSED  \]|^\[  FAILED  \] [0-9]|^\[  SKIPPED \] [0-9]|tests? from .* ran' $L/dev-tessel-$(echo $rel | tr / _).log | tr '\n' ' ')"
  done > $W/b2/devtests.txt 2>&1
  echo "device tests run at $(el) s" >> $W/b2/progress.txt
  tar czf $W/b2/logs.tgz -C /tmp logs2 cc-tessel/logs cc-cute/logs 2>/dev/null
else
  echo "no harness builds on this machine (not call F1's): tutorials and device tests not run" >> $W/b2/progress.txt
fi
pack
# attention sustained: 200 runs a case, no pause (call F1's binaries, kept in /tmp/attn_keep on this machine)
if [ -x /tmp/attn_keep/attn_2 ]; then
  for v in 0 1 2 3 4 5 9 10 11 12; do timeout 60 /tmp/attn_keep/attn_$v --time-only --reps 200 2>&1 | grep -E "^time|error" | sed "s/^/[$v] /"; done > $W/b2/time_200.txt
  timeout 150 python3 bench/gpu/attention_torch.py --reps 200 > $W/b2/torch_200.txt 2>&1
  python3 bench/gpu/attention_table.py $W/b2/time_200.txt $W/b2/torch_200.txt > $W/b2/table_200.txt 2>&1
  echo "sustained attention table at $(el) s" >> $W/b2/progress.txt
else
  echo "no attention binaries on this machine: sustained table not run" >> $W/b2/progress.txt
fi
pack
cat $W/b2/progress.txt; sed -n "/rounds of/,\$p" $W/b2/gemm_rounds.txt | awk '{print $1,$2,$3,$4,$NF}'; cat $W/b2/hashes.txt 2>/dev/null; cut -c1-150 $W/b2/devtests.txt 2>/dev/null; tail -n 7 $W/b2/fp8.txt; tail -n 27 $W/b2/fp8b.txt
