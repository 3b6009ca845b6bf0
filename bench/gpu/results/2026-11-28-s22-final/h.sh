#!/bin/bash
# Session 20, lead, H200 call: the final tree (head.txt) on the H200: attention's 13 default variants
# (sweep, table beside SDPA) and attention_pair.py (3 x 30) against cuDNN; the 16-bit GEMM's checks and interleaved
# rounds against cuBLAS (default, clusters of 1, clusters of 2); copy_bench's full rounds against D2D; FP8 against
# torch._scaled_mm. Libraries and copy_bench were built on the workstation and carried (.s22/bin). Stops after the card
# check if the card is not an H200. One archive $OUT/h.tgz.
set -u
OUT=${OUT:-/tmp/out}; W=/tmp/fh; mkdir -p $W/h $OUT; T0=$(date +%s); B=$PWD/.s22/bin
el() { echo $(( $(date +%s) - T0 )); }
pack() { tar czf $OUT/h.tgz -C $W h 2>/dev/null; }
cp .s22/head.txt $W/h/head.txt
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit,memory.total --format=csv,noheader > $W/h/card.txt 2>&1
nvcc --version | tail -1 >> $W/h/card.txt; python3 -c "import torch; print('torch', torch.__version__)" >> $W/h/card.txt 2>&1
cat $W/h/card.txt
grep -q "${WANT:-H200}" $W/h/card.txt || { echo "not an ${WANT:-H200}: stopping"; pack; exit 0; }
export TESSEL_CUDA_CACHE=/tmp/hcache PYTHONUNBUFFERED=1
( python3 -c "
import importlib.util, time
s = importlib.util.spec_from_file_location('tc', 'python/tessel/cuda.py'); c = importlib.util.module_from_spec(s); s.loader.exec_module(c)
t = time.time(); print('attention', c.build(kernels='attention'), '%.0f s' % (time.time() - t), flush=True)
" > $W/h/pybuild.txt 2>&1 ) &
pyb=$!
# GPU steps that need no build first, while the attention variants build
timeout 60 $B/copy_bench --small --reps 5 > $W/h/copy_small.txt 2>&1; echo "copy_bench --small rc=$? $(tail -n 1 $W/h/copy_small.txt) at $(el) s" >> $W/h/progress.txt
PYTHONPATH=bench/gpu timeout 120 python3 bench/gpu/gemm_pair.py --lib $B/libgemm.so --variants default,cluster1,cluster2 --check-only > $W/h/gemm_checks.txt 2>&1
echo "gemm checks rc=$? $(grep -c '^ok' $W/h/gemm_checks.txt) ok $(grep -c '^FAIL' $W/h/gemm_checks.txt) FAIL at $(el) s" >> $W/h/progress.txt
pack
VARIANTS="0= 1= 2= 3= 4= 5= 6= 7= 8= 9= 10= 11= 12= 13=" SAN="" CHECKJOBS=8 REPS=20 PYEXT=0 \
  OUT=$W/h timeout 300 bash bench/gpu/attention_run.sh > $W/h/run.txt 2>&1
echo "attention_run rc=$? at $(el) s" >> $W/h/progress.txt
wait $pyb; echo "python library built at $(el) s: $(tail -n 1 $W/h/pybuild.txt)" >> $W/h/progress.txt
pack
timeout 150 python3 bench/gpu/attention_pair.py --rounds 3 --reps 30 > $W/h/pair.txt 2>&1; echo "attention_pair rc=$? at $(el) s" >> $W/h/progress.txt
pack
PYTHONPATH=bench/gpu timeout 200 python3 bench/gpu/gemm_pair.py --lib $B/libgemm.so --variants default,cluster1,cluster2 --no-check --rounds 3 --interleave 40 --json $W/h/gemm_rounds.json > $W/h/gemm_rounds.txt 2>&1
echo "gemm rounds rc=$? at $(el) s" >> $W/h/progress.txt
pack
timeout 120 $B/copy_bench --rounds 3 > $W/h/copy.txt 2>&1; echo "copy_bench rc=$? at $(el) s" >> $W/h/progress.txt
PYTHONPATH=bench/gpu timeout 120 python3 bench/gpu/fp8_pair.py --lib $B/libfp8.so --rounds 3 --interleave 30 --variants chosen > $W/h/fp8.txt 2>&1; echo "fp8_pair rc=$? at $(el) s" >> $W/h/progress.txt
PYTHONPATH=bench/gpu timeout 170 python3 bench/gpu/fp8_pair.py --lib $B/libfp8.so --rounds 3 --interleave 30 --variants fast,chosen,default,blocks > $W/h/fp8b.txt 2>&1; echo "fp8_pair (fast, chosen, default, blocks) rc=$? at $(el) s" >> $W/h/progress.txt
pack
cat $W/h/progress.txt; tail -n 14 $W/h/pair.txt; grep -E "^== correctness|FAIL|HUNG|spill" $W/h/run.txt | head
sed -n '/rounds of/,$p' $W/h/gemm_rounds.txt | head -40; grep -E '%|D2D' $W/h/copy.txt | tail -14; tail -n 7 $W/h/fp8.txt; tail -n 27 $W/h/fp8b.txt
