#!/bin/bash
# Session 14 (helper attn, issue 26), call 2 on the H200: the committed kernel (session 13's, TileOverlap_ of
# call 1 not kept): every default (0-12: bf16, fp16, FP8), the correctness sweep, memcheck + racecheck of 3
# (bf16 d128 causal, dynamic, TMA-store epilogue) and 9 (FP8 d128), timings (median of 20) beside SDPA cuDNN /
# FA2 of the same call, and candidates for the rows below cuDNN: d128 BN 176 / 192, ping-pong, 3 stages, the
# TMA-store epilogue non-causal, FA3's ping-pong + BN 176; causal BN 176 / 3 stages without the TMA-store
# epilogue, static; d64 causal with 2 consumer warpgroups; FP8 d128 3 stages, BN 160. Then
# tessel.cuda.attention's sweep and timings (per call, queued, the C entry alone). One archive.
set -u
OUT=${OUT:-/tmp/out}; W=/tmp/s14; mkdir -p $W/c2 $OUT; T0=$(date +%s)
el() { echo $(( $(date +%s) - T0 )); }
export TESSEL_CUDA_CACHE=$PWD/.s14cache2 PYTHONUNBUFFERED=1
( python3 -c "
import importlib.util, time
s = importlib.util.spec_from_file_location('tc', 'python/tessel/cuda.py'); c = importlib.util.module_from_spec(s); s.loader.exec_module(c)
t = time.time(); print(c.build(kernels='attention'), '%.0f s' % (time.time() - t), flush=True)
" > $W/c2/pybuild.txt 2>&1 ) &
pyb=$!
V="0= 1= 2= 3= 4= 5= 6= 7= 8= 9= 10= 11= 12= 2b176=-DTESSEL_ATTN_BN=176 2b192=-DTESSEL_ATTN_BN=192 2p=-DTESSEL_ATTN_PINGPONG=1
   2t3=-DTESSEL_ATTN_STAGES=3 2e=-DTESSEL_ATTN_EPI_TMA=1 2pb176=-DTESSEL_ATTN_PINGPONG=1,-DTESSEL_ATTN_BN=176
   3b176=-DTESSEL_ATTN_EPI_TMA=0,-DTESSEL_ATTN_BN=176 3t3=-DTESSEL_ATTN_EPI_TMA=0,-DTESSEL_ATTN_STAGES=3 3s=-DTESSEL_ATTN_DYNAMIC=0
   1c2=-DTESSEL_ATTN_CONSUMERS=2 9t3=-DTESSEL_ATTN_STAGES=3 9b160=-DTESSEL_ATTN_BN=160"
VARIANTS="$V" SAN="3 9" SANTOOLS="memcheck racecheck" CHECKJOBS=8 REPS=20 PYEXT=0 OUT=$W/c2 timeout 420 bash bench/gpu/attention_run.sh > $W/c2/run.txt 2>&1
echo "attention_run rc=$? at $(el) s" >> $W/c2/progress.txt
grep -l "C751" .attn_dev/build_*.log > $W/c2/wgmma_serialized.txt 2>&1; grep -h "C751" .attn_dev/build_*.log | cut -c1-200 >> $W/c2/wgmma_serialized.txt
wait $pyb; echo "python library built at $(el) s: $(tail -n 1 $W/c2/pybuild.txt)" >> $W/c2/progress.txt
timeout 120 python3 bench/gpu/attention_py.py > $W/c2/py.txt 2>&1; echo "attention_py rc=$? at $(el) s" >> $W/c2/progress.txt
tar czf $OUT/call2.tgz -C $W c2
cat $W/c2/progress.txt; cat $W/c2/table.txt 2>/dev/null | tail -n 14
grep -E "^== correctness|sanitizer|FAIL|HUNG|spill|BUILD FAILED|build of" $W/c2/run.txt | head -20
grep -E "^\[(9|10|11|12|9t3|9b160)\]" $W/c2/time.txt | sed -E 's/ chains=4 skip-rescale k-ahead//; s/\(median of 20\)//' | cut -c1-200
grep -E "^\[(2b176|2b192|2p|2t3|2e|2pb176|3b176|3t3|3s|1c2)\]" $W/c2/time.txt | sed -E 's/\(median of 20\)//; s/; host.*//' | cut -c1-150
grep -E "python d128|sweep" $W/c2/py.txt
