#!/bin/bash
# Session 23 (from session 20), final call, part A (H100): issue 26's attention on the final tree: every default variant built,
# correctness sweep, memcheck + racecheck of variants 2, 3, 7 (the d128 defaults changed this session), timings
# beside SDPA, attention_pair.py (3 rounds of 30), the PyTorch entry's sweep. One archive $OUT/a.tgz.
set -u
OUT=${OUT:-/tmp/out}; W=/tmp/fa; mkdir -p $W/a $OUT; T0=$(date +%s)
el() { echo $(( $(date +%s) - T0 )); }
cp .s23/head.txt $W/a/head.txt
export TESSEL_CUDA_CACHE=/tmp/s19cache PYTHONUNBUFFERED=1
( python3 -c "
import importlib.util, time
s = importlib.util.spec_from_file_location('tc', 'python/tessel/cuda.py'); c = importlib.util.module_from_spec(s); s.loader.exec_module(c)
for k in ('attention',):
    t = time.time(); print(k, c.build(kernels=k), '%.0f s' % (time.time() - t), flush=True)
" > $W/a/pybuild.txt 2>&1 ) &
pyb=$!
VARIANTS="0= 1= 2= 3= 4= 5= 6= 7= 8= 9= 10= 11= 12= 13=" SAN="1 2 3 6 7 9 10 11 12 13" SANTOOLS="memcheck racecheck" CHECKJOBS=6 REPS=20 PYEXT=0 \
  OUT=$W/a timeout 300 bash bench/gpu/attention_run.sh > $W/a/run.txt 2>&1
echo "attention_run rc=$? at $(el) s" | tee -a $W/a/progress.txt
wait $pyb; echo "python libraries built at $(el) s" >> $W/a/progress.txt
timeout 150 python3 bench/gpu/attention_pair.py --rounds 3 --reps 30 > $W/a/pair.txt 2>&1; echo "attention_pair rc=$? at $(el) s" >> $W/a/progress.txt
# the single-pass table again, each case from an idle GPU (1 s pause); the sustained one (200 runs) in call F2
for v in 0 1 2 3 4 5 9 10 11 12; do timeout 60 .attn_dev/attn_$v --time-only --reps 20 --pause-ms 1000 2>&1 | grep -E "^time|error" | sed "s/^/[$v] /"; done > $W/a/time_pause.txt
timeout 120 python3 bench/gpu/attention_torch.py --reps 20 --pause-ms 1000 > $W/a/torch_pause.txt 2>&1
python3 bench/gpu/attention_table.py $W/a/time_pause.txt $W/a/torch_pause.txt > $W/a/table_pause.txt 2>&1
mkdir -p /tmp/attn_keep && cp .attn_dev/attn_[0-9]* /tmp/attn_keep/  # for call F2's sustained table
echo "pause table at $(el) s" >> $W/a/progress.txt
timeout 120 python3 bench/gpu/attention_py.py > $W/a/py.txt 2>&1; echo "attention_py rc=$? at $(el) s: $(tail -n 2 $W/a/py.txt | tr '\n' ' ')" >> $W/a/progress.txt
timeout 120 python3 bench/gpu/attention_fp8_py.py > $W/a/py_fp8.txt 2>&1; echo "attention_fp8_py rc=$? at $(el) s: $(tail -n 2 $W/a/py_fp8.txt | tr '\n' ' ')" >> $W/a/progress.txt
tar czf $OUT/a.tgz -C $W a; cat $W/a/progress.txt; tail -n 14 $W/a/pair.txt
grep -E "^== correctness|sanitizer|FAIL|HUNG|spill" $W/a/run.txt | head -20
