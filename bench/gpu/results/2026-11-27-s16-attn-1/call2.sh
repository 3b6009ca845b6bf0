#!/bin/bash
# Session 16 (helper attn), call 2 on the H100: call 1's pair timing again, the pair libraries built with
# -Xcompiler -fno-gnu-unique (call 1's pair stopped at its first row: libraries sharing a kernel configuration shared
# the launch's static shared-memory attribute flag, STB_GNU_UNIQUE) and tessel.cuda's library with the same flag
# (python/tessel/cuda.py's _flags now). Then attention_pair.py, 5 rounds, every library and SDPA's cuDNN alternated.
set -u
OUT=${OUT:-/tmp/out}; W=/tmp/s16a; R=$W/c2; d=$W/bin; mkdir -p $R $d $OUT; T0=$(date +%s)
el() { echo $(( $(date +%s) - T0 )); }
pack() { tar czf $OUT/attn-c2.tgz -C $W c2 2>/dev/null; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v -Iinclude -Xcompiler -fno-gnu-unique"
export TESSEL_CUDA_CACHE=$W/pycache
( PYTHONUNBUFFERED=1 python3 -c "
import importlib.util, time
s = importlib.util.spec_from_file_location('tessel_cuda', 'python/tessel/cuda.py'); m = importlib.util.module_from_spec(s); s.loader.exec_module(m)
t = time.time(); p = m.build(); print('tessel.cuda.attention library: %.1f s wall, %d units' % (time.time() - t, len(m._units('attention')[1]))); print('LIB', p)
" > $R/pybuild.txt 2>&1 ) &
L="old=-DV_NC=0 nc1=-DV_NC=1 nc2=-DV_NC=2 nc3=-DV_NC=3 q64=-DV_QS64=2"
for lf in $L; do n=${lf%%=*}; f=${lf#*=}
  ( $nv -Ipython/tessel -Xcompiler -fPIC ${f//,/ } -c bench/gpu/results/2026-11-27-s16-attn-1/capi_v.cu -o $d/lib_$n.o > $R/buildlib_$n.log 2>&1 && nvcc -shared -o $d/lib_$n.so $d/lib_$n.o >> $R/buildlib_$n.log 2>&1 ) &
done
wait
echo "builds at $(el) s: $(ls $d/lib_*.so | wc -l) libs; $(tail -n 2 $R/pybuild.txt | head -n 1)" >> $R/progress.txt
LIB=$(grep '^LIB' $R/pybuild.txt | cut -d' ' -f2)
PYTHONUNBUFFERED=1 timeout 200 python3 bench/gpu/attention_pair.py --rows d64,d128 --rounds 5 --reps 30 --lib old=$d/lib_old.so --lib new=$LIB \
  --lib nc1=$d/lib_nc1.so --lib nc2=$d/lib_nc2.so --lib nc3=$d/lib_nc3.so --lib q64=$d/lib_q64.so > $R/pair.txt 2>&1
echo "pair rc=$? at $(el) s" >> $R/progress.txt
pack
cat $R/progress.txt; tail -n 3 $R/pair.txt | grep -i error
sed -E 's/ \(ratio: median.*//; s/ \[[0-9. ]+\.\.[0-9. ]+\]//g; s/ max\|d\| [0-9.e-]+//g; s/ TFLOP\/s//g; s/ [0-9.]+ ms//g' $R/pair.txt | cut -c1-400
