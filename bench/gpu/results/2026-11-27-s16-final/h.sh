#!/bin/bash
# Session 16, H200 call (kind nvidia-h200): issue 26's attention with the session's new defaults (QStages_ 2 for
# d128 causal, AttentionShortConfig for d128 non-causal up to 2048 keys) on the H200: every default variant built,
# the correctness sweep, the timing table beside SDPA's FA2 and cuDNN (attention_run.sh), then the fair pair timing
# against cuDNN (attention_pair.py, 3 rounds of 30). One archive $OUT/h.tgz. Stops after the card check if the card
# is not an H200.
set -u
OUT=${OUT:-/tmp/out}; W=/tmp/fh; mkdir -p $W/h $OUT; T0=$(date +%s)
el() { echo $(( $(date +%s) - T0 )); }
git log --oneline -1 2>/dev/null | cut -c1-80 > $W/h/head.txt || cp .final16/head.txt $W/h/head.txt
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit,memory.total --format=csv,noheader > $W/h/card.txt 2>&1
nvcc --version | tail -1 >> $W/h/card.txt; python3 -c "import torch; print('torch', torch.__version__)" >> $W/h/card.txt 2>&1
cat $W/h/card.txt
grep -q H200 $W/h/card.txt || { echo "not an H200: stopping"; tar czf $OUT/h.tgz -C $W h; exit 0; }
export TESSEL_CUDA_CACHE=/tmp/hcache PYTHONUNBUFFERED=1
( python3 -c "
import importlib.util, time
s = importlib.util.spec_from_file_location('tc', 'python/tessel/cuda.py'); c = importlib.util.module_from_spec(s); s.loader.exec_module(c)
t = time.time(); print('attention', c.build(kernels='attention'), '%.0f s' % (time.time() - t), flush=True)
" > $W/h/pybuild.txt 2>&1 ) &
pyb=$!
VARIANTS="0= 1= 2= 3= 4= 5= 6= 7= 8= 9= 10= 11= 12=" SAN="" CHECKJOBS=6 REPS=20 PYEXT=0 \
  OUT=$W/h timeout 330 bash bench/gpu/attention_run.sh > $W/h/run.txt 2>&1
echo "attention_run rc=$? at $(el) s" | tee -a $W/h/progress.txt
wait $pyb; echo "python library built at $(el) s: $(tail -n 1 $W/h/pybuild.txt)" >> $W/h/progress.txt
timeout 150 python3 bench/gpu/attention_pair.py --rounds 3 --reps 30 > $W/h/pair.txt 2>&1; echo "attention_pair rc=$? at $(el) s" >> $W/h/progress.txt
tar czf $OUT/h.tgz -C $W h; cat $W/h/progress.txt; tail -n 16 $W/h/table.txt 2>/dev/null; tail -n 14 $W/h/pair.txt
grep -E "^== correctness|FAIL|HUNG|spill" $W/h/run.txt | head -20
