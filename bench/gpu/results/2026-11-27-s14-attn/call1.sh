#!/bin/bash
# Session 14 (helper attn, issue 26), call 1 on the H200: the defaults (bf16 0-5, FP8 9 and 11) beside the
# new TileOverlap_ (x: the next tile's first S = Q K^T issued before this tile's epilogue) on every bf16
# head dim and mask and on FP8, and candidates for the rows below cuDNN (d64 causal dynamic, d128 causal
# static, FP8 d128 BN 128 / ping-pong; d64 with 2 consumer warpgroups and TileOverlap_): build, correctness sweep, memcheck + racecheck of the new path
# (2x static, 3x dynamic with TMA-store epilogue), timings (median of 20) beside SDPA cuDNN / FA2 of the
# same call, then tessel.cuda.attention's sweep and timings (per call, queued, host time). One archive.
set -u
OUT=${OUT:-/tmp/out}; W=/tmp/s14; mkdir -p $W/c1 $OUT; T0=$(date +%s)
el() { echo $(( $(date +%s) - T0 )); }
export TESSEL_CUDA_CACHE=$PWD/.s14cache PYTHONUNBUFFERED=1
( python3 -c "
import importlib.util, time
s = importlib.util.spec_from_file_location('tc', 'python/tessel/cuda.py'); c = importlib.util.module_from_spec(s); s.loader.exec_module(c)
t = time.time(); print(c.build(kernels='attention'), '%.0f s' % (time.time() - t), flush=True)
" > $W/c1/pybuild.txt 2>&1 ) &
pyb=$!
X=-DTESSEL_ATTN_TILE_OVERLAP=1
V="0= 1= 2= 3= 4= 5= 9= 11= 0x=$X 1x=$X 2x=$X 3x=$X 4x=$X 5x=$X 11x=$X 9xb128=$X,-DTESSEL_ATTN_BN=128 9b128=-DTESSEL_ATTN_BN=128
   9p=-DTESSEL_ATTN_PINGPONG=1 1d=-DTESSEL_ATTN_DYNAMIC=1 0xc2=$X,-DTESSEL_ATTN_CONSUMERS=2 1xc2=$X,-DTESSEL_ATTN_CONSUMERS=2 3sx=-DTESSEL_ATTN_DYNAMIC=0,$X 2xb176=$X,-DTESSEL_ATTN_BN=176"
VARIANTS="$V" SAN="2x 3x" SANTOOLS="memcheck racecheck" CHECKJOBS=8 REPS=20 PYEXT=0 OUT=$W/c1 timeout 400 bash bench/gpu/attention_run.sh > $W/c1/run.txt 2>&1
echo "attention_run rc=$? at $(el) s" >> $W/c1/progress.txt
grep -l "C751" .attn_dev/build_*.log > $W/c1/wgmma_serialized.txt 2>&1; grep -h "C751" .attn_dev/build_*.log | cut -c1-200 >> $W/c1/wgmma_serialized.txt
wait $pyb; echo "python library built at $(el) s: $(tail -n 1 $W/c1/pybuild.txt)" >> $W/c1/progress.txt
timeout 110 python3 bench/gpu/attention_py.py > $W/c1/py.txt 2>&1; echo "attention_py rc=$? at $(el) s" >> $W/c1/progress.txt
tar czf $OUT/call1.tgz -C $W c1
cat $W/c1/progress.txt; cat $W/c1/table.txt 2>/dev/null | tail -n 25
grep -E "^== correctness|sanitizer|FAIL|HUNG|spill|BUILD FAILED|build of" $W/c1/run.txt | head -20
cat $W/c1/wgmma_serialized.txt | head -5; grep -E "^\[9|^\[11" $W/c1/time.txt | cut -c1-230; grep -E "python d128|sweep" $W/c1/py.txt
