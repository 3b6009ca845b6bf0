#!/bin/bash
# Session 15 (helper attn2, issue 26), call 1 on the H100: EpiXor_ (the TMA-store epilogue's O offsets) timed and
# checked. Built here (nvcc 13.0) from the working tree of 532eaaa + EpiXor_ 2 (default in this tree), carried in
# build-attn/x2: attention_bench variant 3 (bf16 d128 causal) with EpiXor_ 0 / 1 / 2 and the tree's default (2),
# 7e2 (fp16 d128 non-causal with the TMA store, EpiXor_ 2), 1e2 (bf16 d64 causal, 3 consumers, TMA store,
# EpiXor_ 2); lib_x0/1/2.so: tessel_attention_bf16_d128 (python/tessel/_attention_capi.cu's entry, the library's
# defaults but EpiXor_; build-attn/x2/capi_x.cu, kept here as capi_x.cu; the builds: build_here.sh, 7e2 rebuilt with
# -DTESSEL_ATTN_BN=128 since BN 192 does not fit beside the O tiles). On the device: tessel.cuda.attention's
# library (this tree) built in the background while the sweeps and sanitizers run, then attention_pair.py with the
# three builds and cuDNN alternated (d128 causal, 3 rounds), then the Python sweep (attention_py.py). One archive.
set -u
OUT=${OUT:-/tmp/out}; W=/tmp/s15x; R=$W/a2; mkdir -p $R $OUT; T0=$(date +%s); d=build-attn/x2
el() { echo $(( $(date +%s) - T0 )); }
pack() { tar czf $OUT/attn2.tgz -C $W a2 2>/dev/null; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
export TESSEL_CUDA_CACHE=$W/pycache
( PYTHONUNBUFFERED=1 timeout 150 python3 -c "
import importlib.util, time
s = importlib.util.spec_from_file_location('tessel_cuda', 'python/tessel/cuda.py'); m = importlib.util.module_from_spec(s); s.loader.exec_module(m)
t = time.time(); m.build(); print('tessel.cuda.attention library: %.1f s wall, %d units' % (time.time() - t, len(m._units('attention')[1])))
" > $R/pybuild.txt 2>&1 ) &
pyb=$!
all="3x0 3x1 3x2 3 7e2 1e2"
for v in $all; do echo $v; done | xargs -P 6 -I{} sh -c "timeout 60 $d/attn_{} --no-time > $R/check_{}.txt 2>&1; echo \"rc=\$?\" >> $R/check_{}.txt"
for v in $all; do echo "== $v"; cat $R/check_$v.txt; done > $R/check_all.txt; rm -f $R/check_[0-9]*.txt
echo "checks at $(el) s: $(grep -c '^ok' $R/check_all.txt) ok ($(grep -c '^ok.*varlen' $R/check_all.txt) varlen), $(grep -c '^FAIL' $R/check_all.txt) FAIL; largest ratio $(grep -oE 'ratio [0-9.]+' $R/check_all.txt | sort -k2 -g | tail -n 1); rc: $(grep -h '^rc=' $R/check_all.txt | sort | uniq -c | tr '\n' ' ')" >> $R/progress.txt
$d/attn_3 --small --describe > $R/describe_3.txt 2>&1
for s in "memcheck 3x2" "racecheck 3x2" "racecheck 7e2"; do set -- $s
  timeout 60 compute-sanitizer --tool $1 $d/attn_$2 --small > $R/san_$1_$2.txt 2>&1
  echo "sanitizer $1 $2: rc=$? $(grep -c '^ok' $R/san_$1_$2.txt) ok; $(tail -n 1 $R/san_$1_$2.txt)" >> $R/progress.txt
done
pack
wait $pyb; echo "pybuild at $(el) s: $(tail -n 1 $R/pybuild.txt)" >> $R/progress.txt
PYTHONUNBUFFERED=1 timeout 60 python3 bench/gpu/attention_pair.py --rows d128c --rounds 3 --reps 30 --lib x0=$d/lib_x0.so --lib x1=$d/lib_x1.so --lib x2=$d/lib_x2.so > $R/pair.txt 2>&1
echo "pair rc=$? at $(el) s" >> $R/progress.txt
pack
PYTHONUNBUFFERED=1 timeout 60 python3 bench/gpu/attention_py.py > $R/py.txt 2>&1; echo "attention_py rc=$? at $(el) s" >> $R/progress.txt
pack
cat $R/progress.txt; grep -h FAIL $R/check_all.txt | head -5
sed -E 's/ \(ratio: median.*//' $R/pair.txt | cut -c1-400; grep -vE "^ok" $R/py.txt | tail -n 12
