#!/bin/bash
# Session 16 (helper attn, issue 26), call 1 on the H100: Q's second buffer (QStages_) and the short-key
# configuration of d128 non-causal (AttentionShortConfig: BN 128, TMA-store epilogue, 2 Q buffers, taken up to
# 2048 keys). Everything built here on the device (nvcc 13.0, 16 cores): attention_bench variants (sweeps,
# sanitizers), the pair libraries of capi_v.cu (old = session 15's defaults given explicitly, and one lever at a
# time) and tessel.cuda.attention's library of this tree (new defaults); then the Python sweep
# (attention_py.py) and attention_pair.py with every library and SDPA's cuDNN alternated launch by launch.
set -u
OUT=${OUT:-/tmp/out}; W=/tmp/s16a; R=$W/c1; d=$W/bin; mkdir -p $R $d $OUT; T0=$(date +%s)
el() { echo $(( $(date +%s) - T0 )); }
pack() { tar czf $OUT/attn-c1.tgz -C $W c1 2>/dev/null; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v -Iinclude"
export TESSEL_CUDA_CACHE=$W/pycache
( PYTHONUNBUFFERED=1 python3 -c "
import importlib.util, time
s = importlib.util.spec_from_file_location('tessel_cuda', 'python/tessel/cuda.py'); m = importlib.util.module_from_spec(s); s.loader.exec_module(m)
t = time.time(); p = m.build(); print('tessel.cuda.attention library: %.1f s wall, %d units' % (time.time() - t, len(m._units('attention')[1]))); print('LIB', p)
" > $R/pybuild.txt 2>&1 ) &
V="1= 2= 3= 9= 3q1=-DTESSEL_ATTN_Q_STAGES=1 1q2=-DTESSEL_ATTN_Q_STAGES=2 2s=-DTESSEL_ATTN_BN=128,-DTESSEL_ATTN_EPI_TMA=1,-DTESSEL_ATTN_Q_STAGES=2 7s=-DTESSEL_ATTN_BN=128,-DTESSEL_ATTN_EPI_TMA=1,-DTESSEL_ATTN_Q_STAGES=2"
all=""
for nvf in $V; do n=${nvf%%=*}; f=${nvf#*=}; all="$all $n"
  ( $nv -DTESSEL_ATTN_VARIANT=${n%%[a-z]*} ${f//,/ } bench/gpu/attention_bench.cu -o $d/attn_$n > $R/build_$n.log 2>&1 ) &
done
L="old=-DV_NC=0 nc1=-DV_NC=1 nc2=-DV_NC=2 nc3=-DV_NC=3 q64=-DV_QS64=2 short=-DV_NC=4,-DV_QS128C=2"
for lf in $L; do n=${lf%%=*}; f=${lf#*=}
  ( $nv -Ipython/tessel -Xcompiler -fPIC ${f//,/ } -c bench/gpu/results/2026-11-27-s16-attn-1/capi_v.cu -o $d/lib_$n.o > $R/buildlib_$n.log 2>&1 && nvcc -shared -o $d/lib_$n.so $d/lib_$n.o >> $R/buildlib_$n.log 2>&1 ) &
done
wait
echo "builds at $(el) s: $(ls $d/attn_* | wc -l) bench, $(ls $d/lib_*.so | wc -l) libs; $(tail -n 2 $R/pybuild.txt | head -n 1)" >> $R/progress.txt
for f in $R/build_*.log $R/buildlib_*.log; do echo "== $f"; grep -E "error|C75|spill stores|Compiling entry.*attention_kernel" $f | grep -vE "^ptxas info    : Compiling" ; grep -A2 "Compiling entry.*attention_kernel" $f | grep -E "spill"; done > $R/ptxas.txt 2>&1
grep -hE "C75|error" $R/build_*.log $R/buildlib_*.log | head -5 >> $R/progress.txt
echo "spilling kernels: $(grep -cE '[1-9][0-9]* bytes spill stores' $R/ptxas.txt)" >> $R/progress.txt
for v in $all; do echo $v; done | xargs -P 8 -I{} sh -c "timeout 100 $d/attn_{} --no-time > $R/check_{}.txt 2>&1; echo \"rc=\$?\" >> $R/check_{}.txt"
for v in $all; do echo "== $v"; cat $R/check_$v.txt; done > $R/check_all.txt; rm -f $R/check_[0-9]*.txt
echo "checks at $(el) s: $(grep -c '^ok' $R/check_all.txt) ok ($(grep -c '^ok.*varlen' $R/check_all.txt) varlen), $(grep -c '^FAIL' $R/check_all.txt) FAIL; largest ratio $(grep -oE 'ratio [0-9.]+' $R/check_all.txt | sort -k2 -g | tail -n 1); rc: $(grep -h '^rc=' $R/check_all.txt | sort | uniq -c | tr '\n' ' ')" >> $R/progress.txt
$d/attn_2s --small --describe > $R/describe_2s.txt 2>&1; $d/attn_3 --small --describe > $R/describe_3.txt 2>&1
for s in "memcheck 3" "racecheck 3" "memcheck 2s" "racecheck 2s" "synccheck 2s"; do set -- $s
  timeout 90 compute-sanitizer --tool $1 $d/attn_$2 --small > $R/san_$1_$2.txt 2>&1
  echo "sanitizer $1 $2: rc=$? $(grep -c '^ok' $R/san_$1_$2.txt) ok; $(tail -n 1 $R/san_$1_$2.txt)" >> $R/progress.txt
done
pack
LIB=$(grep '^LIB' $R/pybuild.txt | cut -d' ' -f2)
PYTHONUNBUFFERED=1 timeout 150 python3 bench/gpu/attention_pair.py --rows d64,d128 --rounds 3 --reps 30 --lib old=$d/lib_old.so --lib new=$LIB \
  --lib nc1=$d/lib_nc1.so --lib nc2=$d/lib_nc2.so --lib nc3=$d/lib_nc3.so --lib q64=$d/lib_q64.so > $R/pair.txt 2>&1
echo "pair rc=$? at $(el) s" >> $R/progress.txt
pack
PYTHONUNBUFFERED=1 timeout 120 python3 bench/gpu/attention_py.py > $R/py.txt 2>&1; echo "attention_py rc=$? at $(el) s: $(grep -c '^ok' $R/py.txt) ok, $(grep -c '^FAIL' $R/py.txt) FAIL" >> $R/progress.txt
pack
cat $R/progress.txt; grep -h FAIL $R/check_all.txt $R/py.txt | head -5
sed -E 's/ \(ratio: median.*//; s/ \[[0-9. ]+\.\.[0-9. ]+\]//g; s/ max\|d\| [0-9.e-]+//g' $R/pair.txt | cut -c1-600
