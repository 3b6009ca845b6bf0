#!/bin/bash
# Session 14 (helper attn, issue 26), call 3 on the H200: the new d128 non-causal default (BN 192) checked and
# timed: variants 2 (bf16, the new default), 7 (fp16, the new default: correctness) and 2b128 (the old default),
# the correctness sweep, memcheck + racecheck of 2 on the small cases, timings beside SDPA cuDNN / FA2 of the
# same call, then 3 alternated rounds of 2b128 / 2 (median of 20 each), then tessel.cuda.attention's sweep
# (its library rebuilt with the new default) and timings. One archive.
set -u
OUT=${OUT:-/tmp/out}; W=/tmp/s14; mkdir -p $W/c3 $OUT; T0=$(date +%s)
el() { echo $(( $(date +%s) - T0 )); }
export TESSEL_CUDA_CACHE=$PWD/.s14cache3 PYTHONUNBUFFERED=1
( python3 -c "
import importlib.util, time
s = importlib.util.spec_from_file_location('tc', 'python/tessel/cuda.py'); c = importlib.util.module_from_spec(s); s.loader.exec_module(c)
t = time.time(); print(c.build(kernels='attention'), '%.0f s' % (time.time() - t), flush=True)
" > $W/c3/pybuild.txt 2>&1 ) &
pyb=$!
VARIANTS="2= 7= 2b128=-DTESSEL_ATTN_BN=128" SAN="2" SANTOOLS="memcheck racecheck" CHECKJOBS=3 REPS=20 PYEXT=0 OUT=$W/c3 timeout 300 bash bench/gpu/attention_run.sh > $W/c3/run.txt 2>&1
echo "attention_run rc=$? at $(el) s" >> $W/c3/progress.txt
for r in 1 2 3; do for v in 2b128 2; do timeout 60 .attn_dev/attn_$v --time-only --reps 20 2>&1 | grep -E "^time" | sed "s/^/round $r [$v] /"; done; done > $W/c3/rounds.txt
echo "rounds done at $(el) s" >> $W/c3/progress.txt
wait $pyb; echo "python library built at $(el) s: $(tail -n 1 $W/c3/pybuild.txt)" >> $W/c3/progress.txt
timeout 120 python3 bench/gpu/attention_py.py > $W/c3/py.txt 2>&1; echo "attention_py rc=$? at $(el) s" >> $W/c3/progress.txt
tar czf $OUT/call3.tgz -C $W c3
cat $W/c3/progress.txt; cat $W/c3/table.txt 2>/dev/null | tail -n 12
grep -E "^== correctness|sanitizer|FAIL|HUNG|spill|BUILD FAILED|build of" $W/c3/run.txt | head -12
sed -E 's/\(median of 20\)//; s/; host.*//; s/ stages=2 static//' $W/c3/rounds.txt | cut -c1-130
grep -E "python d128|sweep" $W/c3/py.txt
