#!/bin/bash
# Session 24, lead, final call H (H200): the final tree. Issue 26's FA3-protocol table (bf16 and FP8) and the pair
# against cuDNN; the FP8 GEMM against torch._scaled_mm (session 23's compact raster and 208-column rule, first time on
# the H200); copy_bench checks and rounds. Binaries and the attention library's cache from the workstation. One archive $OUT/h.tgz.
set -u
REPO=$(pwd); OUT=${OUT:-/tmp/out}; W=/tmp/fh; mkdir -p $W/h $OUT; T0=$(date +%s); F=.s24; B=$REPO/$F/bin
el() { echo $(( $(date +%s) - T0 )); }
pack() { tar czf $OUT/h.tgz -C $W h 2>/dev/null; }
cp $F/head.txt $W/h/head.txt
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit,memory.total --format=csv,noheader > $W/h/card.txt 2>&1
nvcc --version | tail -1 >> $W/h/card.txt; python3 -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)" >> $W/h/card.txt 2>&1
cat $W/h/card.txt
grep -q "${WANT:-H200}" $W/h/card.txt || { echo "not an ${WANT:-H200}: stopping"; pack; exit 0; }
tar xzf $F/big.tgz .s24b/pycache
export TESSEL_CUDA_CACHE=$REPO/.s24b/pycache PYTHONUNBUFFERED=1
python3 -c "
import importlib.util, time
s = importlib.util.spec_from_file_location('tc', 'python/tessel/cuda.py'); c = importlib.util.module_from_spec(s); s.loader.exec_module(c)
t = time.time(); print('attention', c.build(kernels='attention'), '%.1f s (0: the carried cache)' % (time.time() - t), flush=True)
" > $W/h/pybuild.txt 2>&1; echo "python library at $(el) s: $(tail -n 1 $W/h/pybuild.txt)" >> $W/h/progress.txt
timeout 200 python3 bench/gpu/attention_fa3_protocol.py --rounds 3 > $W/h/fa3_protocol.txt 2>&1; echo "fa3 protocol rc=$? at $(el) s" >> $W/h/progress.txt
pack
timeout 150 python3 bench/gpu/attention_pair.py --rounds 3 --reps 30 > $W/h/pair.txt 2>&1; echo "attention_pair rc=$? at $(el) s" >> $W/h/progress.txt
pack
PYTHONPATH=bench/gpu timeout 150 python3 bench/gpu/fp8_pair.py --lib $B/libfp8.so --rounds 3 --interleave 30 --variants chosen > $W/h/fp8.txt 2>&1; echo "fp8_pair rc=$? at $(el) s" >> $W/h/progress.txt
pack
timeout 60 $B/copy_bench --small --reps 5 > $W/h/copy_small.txt 2>&1; echo "copy_bench --small rc=$? $(tail -n 1 $W/h/copy_small.txt) at $(el) s" >> $W/h/progress.txt
timeout 150 $B/copy_bench --rounds 3 > $W/h/copy.txt 2>&1; echo "copy_bench rounds rc=$? at $(el) s" >> $W/h/progress.txt
pack
cat $W/h/progress.txt; sed -n '/median of/,$p' $W/h/fa3_protocol.txt; tail -n 12 $W/h/pair.txt; tail -n 8 $W/h/fp8.txt; grep -E '%|D2D' $W/h/copy.txt | tail -12
