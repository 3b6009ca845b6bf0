#!/bin/bash
# Session 24, lead, final call F (H100): the final tree. CuTe's 8 tutorials (tessel and CuTe builds from the
# workstation: result hashes, the two GEMM tutorials 3 alternated rounds) and 17 device-test files (tessel, built on the
# workstation, run here through the harness's --reuse); issue 26's FA3 comparison in FA3's own protocol
# (attention_fa3_protocol.py, 3 rounds, bf16 and FP8) and the same-call pair against cuDNN (attention_pair.py);
# the PyTorch entry's sweeps; copy_bench checks, memcheck and rounds. One archive $OUT/f.tgz.
set -u
REPO=$(pwd); OUT=${OUT:-/tmp/out}; W=/tmp/ff; mkdir -p $W/f $OUT; T0=$(date +%s); F=.s24
el() { echo $(( $(date +%s) - T0 )); }
pack() { tar czf $OUT/f.tgz -C $W f 2>/dev/null; }
cp $F/head.txt $W/f/head.txt
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit,memory.total --format=csv,noheader > $W/f/card.txt 2>&1
nvcc --version | tail -1 >> $W/f/card.txt; python3 -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)" >> $W/f/card.txt 2>&1
cat $W/f/card.txt; echo "repo $REPO" >> $W/f/card.txt
grep -q "${WANT:-H100}" $W/f/card.txt || { echo "not an ${WANT:-H100}: stopping"; pack; exit 0; }
tar xzf $F/big.tgz   # .s24b: ct (tessel harness builds), cc (CuTe tutorial builds), pycache
C=/tmp/c; mkdir -p $C && tar xzf $F/cutlass-7107b05.tgz -C $C
export TESSEL_CUDA_CACHE=$REPO/.s24b/pycache PYTHONUNBUFFERED=1 GTEST_SRC=$REPO/$F/googletest
B=$REPO/$F/bin
python3 -c "
import importlib.util, time
s = importlib.util.spec_from_file_location('tc', 'python/tessel/cuda.py'); c = importlib.util.module_from_spec(s); s.loader.exec_module(c)
t = time.time(); print('attention', c.build(kernels='attention'), '%.1f s (0: the carried cache)' % (time.time() - t), flush=True)
" > $W/f/pybuild.txt 2>&1; echo "python library at $(el) s: $(tail -n 1 $W/f/pybuild.txt)" >> $W/f/progress.txt
# issue 26 first (the GPU idle before it)
timeout 200 python3 bench/gpu/attention_fa3_protocol.py --rounds 3 > $W/f/fa3_protocol.txt 2>&1; echo "fa3 protocol rc=$? at $(el) s" >> $W/f/progress.txt
pack
timeout 150 python3 bench/gpu/attention_pair.py --rounds 3 --reps 30 > $W/f/pair.txt 2>&1; echo "attention_pair rc=$? at $(el) s" >> $W/f/progress.txt
pack
timeout 120 python3 bench/gpu/attention_py.py > $W/f/py.txt 2>&1; echo "attention_py rc=$? at $(el) s: $(grep -E 'passed|failed' $W/f/py.txt | tail -n 1)" >> $W/f/progress.txt
timeout 120 python3 bench/gpu/attention_fp8_py.py > $W/f/py_fp8.txt 2>&1; echo "attention_fp8_py rc=$? at $(el) s: $(grep -E 'passed|failed' $W/f/py_fp8.txt | tail -n 1)" >> $W/f/progress.txt
pack
# CuTe's suites (issue 24)
timeout 150 bash tests/cute_compat/run.sh $C --against tessel --suite tutorials,device --reuse --jobs 8 --out .s24b/ct > $W/f/harness-tessel.txt 2>&1
echo "harness tessel rc=$? at $(el) s" >> $W/f/progress.txt; cp .s24b/ct/summary.tsv $W/f/summary-tessel.tsv 2>/dev/null
timeout 120 python3 tests/cute_compat/tutorial_rounds.py .s24b/ct .s24b/cc --rounds 3 --tsv $W/f/tutorials.tsv > $W/f/tutorial_rounds.txt 2>&1
echo "tutorial_rounds rc=$? at $(el) s" >> $W/f/progress.txt
mkdir -p $W/f/logs && cp -r .s24b/ct/logs/device $W/f/logs/ 2>/dev/null; find $W/f/logs -name '*.compile.log' -delete
pack
# copy (issue 25)
timeout 60 $B/copy_bench --small --reps 5 > $W/f/copy_small.txt 2>&1; echo "copy_bench --small rc=$? $(tail -n 1 $W/f/copy_small.txt) at $(el) s" >> $W/f/progress.txt
timeout 120 compute-sanitizer --tool memcheck $B/copy_bench --small --no-time > $W/f/memcheck_copy.txt 2>&1; echo "memcheck copy rc=$? $(grep 'ERROR SUMMARY' $W/f/memcheck_copy.txt) at $(el) s" >> $W/f/progress.txt
timeout 120 $B/copy_bench --rounds 3 > $W/f/copy.txt 2>&1; echo "copy_bench rounds rc=$? at $(el) s" >> $W/f/progress.txt
pack
cat $W/f/progress.txt; sed -n '/median of/,$p' $W/f/fa3_protocol.txt; tail -n 12 $W/f/pair.txt
grep -E 'TOTAL' $W/f/harness-tessel.txt; tail -n 10 $W/f/tutorial_rounds.txt; grep -E '%|D2D' $W/f/copy.txt | tail -12
