#!/bin/bash
# Session 23, final call F2 (H100, warm after F1; trimmed to the budget): pytest of tessel.cuda.gemm, the FP8 GEMM rounds (chosen), the attention sustained table
set -u
REPO=$(pwd); OUT=${OUT:-/tmp/out}; mkdir -p $OUT; T0=$(date +%s); F=.s23; W=/tmp/fb2; mkdir -p $W/b2
el() { echo $(( $(date +%s) - T0 )); }
pack() { tar czf $OUT/b2.tgz -C $W b2 2>/dev/null; }
cp $F/head.txt $W/b2/
export TESSEL_CUDA_CACHE=/tmp/s19cache PYTHONUNBUFFERED=1
PYTHONPATH=bench/gpu timeout 120 python3 bench/gpu/fp8_pair.py --lib $REPO/$F/bin/libfp8.so --rounds 3 --interleave 30 --variants chosen > $W/b2/fp8.txt 2>&1; echo "fp8_pair rc=$? at $(el) s" >> $W/b2/progress.txt
pack
if [ -x /tmp/attn_keep/attn_2 ]; then
  for v in 0 1 2 3 4 5 9 10 11 12; do timeout 60 /tmp/attn_keep/attn_$v --time-only --reps 200 2>&1 | grep -E "^time|error" | sed "s/^/[$v] /"; done > $W/b2/time_200.txt
  timeout 150 python3 bench/gpu/attention_torch.py --reps 200 > $W/b2/torch_200.txt 2>&1
  python3 bench/gpu/attention_table.py $W/b2/time_200.txt $W/b2/torch_200.txt > $W/b2/table_200.txt 2>&1
  echo "sustained attention table at $(el) s" >> $W/b2/progress.txt
fi
pack
timeout 90 python3 -m pytest -q -rs -s python/tests/test_cuda_gemm.py > $W/b2/pytest_gemm.txt 2>&1; echo "pytest gemm rc=$? at $(el) s: $(tail -n 1 $W/b2/pytest_gemm.txt)" >> $W/b2/progress.txt
pack
cat $W/b2/progress.txt; tail -n 7 $W/b2/fp8.txt; cat $W/b2/table_200.txt 2>/dev/null | tail -n 25
