#!/bin/bash
# Session 17 (helper attn, issue 26), call 1 on the H100: where d128's short rows (S = 2048) lose time, and the
# configuration levers on them. Everything built here on the device (nvcc 13.0, 16 cores):
#  - tl.cu against include/ with timeline.diff applied: per-tile clock64 stamps of the consumers (tl.cu's header);
#  - attention_bench variants of the candidates (2s* = the short non-causal configuration, 3* = d128 causal), their
#    correctness sweeps and compute-sanitizer runs;
#  - the pair libraries of capi_w.cu (w0 = the defaults, w1..w5 one lever each), then attention_pair.py over the d128
#    rows, every library and SDPA's cuDNN alternated launch by launch.
set -u
OUT=${OUT:-/tmp/out}; W=/tmp/s17a; R=$W/c1; d=$W/bin; mkdir -p $R $d $OUT; T0=$(date +%s)
X=bench/gpu/results/2026-11-27-s17-attn-1
el() { echo $(( $(date +%s) - T0 )); }
pack() { tar czf $OUT/attn-c1.tgz -C $W c1 2>/dev/null; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v"
rm -rf $W/tl && mkdir -p $W/tl && cp -r include $W/tl/ && (cd $W/tl && patch -p1 < $OLDPWD/$X/timeline.diff > $R/tl_patch.txt 2>&1)
( $nv -I$W/tl/include $X/tl.cu -o $d/tl > $R/build_tl.log 2>&1 ) &
S="-DTESSEL_ATTN_EPI_TMA=1,-DTESSEL_ATTN_Q_STAGES=2"
V="2sp=-DTESSEL_ATTN_BN=128,$S,-DTESSEL_ATTN_PINGPONG=1 2sb64t3=-DTESSEL_ATTN_BN=64,-DTESSEL_ATTN_STAGES=3,$S 2sb64t4=-DTESSEL_ATTN_BN=64,-DTESSEL_ATTN_STAGES=4,$S
 2sb96=-DTESSEL_ATTN_BN=96,$S 2sa=-DTESSEL_ATTN_BN=128,$S,-DTESSEL_ATTN_K_AHEAD=1
 3p=-DTESSEL_ATTN_PINGPONG=1 3b64t3=-DTESSEL_ATTN_BN=64,-DTESSEL_ATTN_STAGES=3 3b64t4=-DTESSEL_ATTN_BN=64,-DTESSEL_ATTN_STAGES=4 3b96=-DTESSEL_ATTN_BN=96 3a=-DTESSEL_ATTN_K_AHEAD=1"
all=""
for nvf in $V; do n=${nvf%%=*}; f=${nvf#*=}; all="$all $n"
  ( $nv -Iinclude -DTESSEL_ATTN_VARIANT=${n%%[a-z]*} ${f//,/ } bench/gpu/attention_bench.cu -o $d/attn_$n > $R/build_$n.log 2>&1 ) &
done
for w in 0 1 2 3 4 5; do
  ( $nv -Iinclude -Ipython/tessel -Xcompiler -fPIC -Xcompiler -fno-gnu-unique -DCAPI_W=$w -c $X/capi_w.cu -o $d/lib_w$w.o > $R/buildlib_w$w.log 2>&1 && nvcc -shared -o $d/lib_w$w.so $d/lib_w$w.o >> $R/buildlib_w$w.log 2>&1 ) &
done
wait
echo "builds at $(el) s: $(ls $d/attn_* 2>/dev/null | wc -l) bench, $(ls $d/lib_*.so 2>/dev/null | wc -l) libs, tl $(ls $d/tl 2>/dev/null)" >> $R/progress.txt
for f in $R/build_*.log $R/buildlib_*.log; do echo "== $f"; grep -E "error" $f | head -5; grep -E "C75" $f | head -3; grep -A2 "Compiling entry.*attention_kernel" $f | grep -E "registers|spill"; done > $R/ptxas.txt 2>&1
echo "spilling: $(grep -cE '[1-9][0-9]* bytes spill stores' $R/ptxas.txt); C75xx: $(grep -c C75 $R/ptxas.txt); errors: $(grep -c error $R/ptxas.txt)" >> $R/progress.txt
timeout 60 $d/tl > $R/timeline.txt 2>&1; echo "timeline rc=$? at $(el) s" >> $R/progress.txt
pack
for v in $all; do echo $v; done | xargs -P 10 -I{} sh -c "timeout 120 $d/attn_{} --no-time > $R/check_{}.txt 2>&1; echo \"rc=\$?\" >> $R/check_{}.txt"
for v in $all; do echo "== $v"; cat $R/check_$v.txt; done > $R/check_all.txt; rm -f $R/check_[0-9]*.txt
echo "checks at $(el) s: $(grep -c '^ok' $R/check_all.txt) ok ($(grep -c '^ok.*varlen' $R/check_all.txt) varlen), $(grep -c '^FAIL' $R/check_all.txt) FAIL; largest ratio $(grep -oE 'ratio [0-9.]+' $R/check_all.txt | sort -k2 -g | tail -n 1); rc: $(grep -h '^rc=' $R/check_all.txt | sort | uniq -c | tr '\n' ' ')" >> $R/progress.txt
pack
PYTHONUNBUFFERED=1 timeout 200 python3 bench/gpu/attention_pair.py --rows d128 --rounds 3 --reps 30 --lib w0=$d/lib_w0.so --lib w1=$d/lib_w1.so \
  --lib w2=$d/lib_w2.so --lib w3=$d/lib_w3.so --lib w4=$d/lib_w4.so --lib w5=$d/lib_w5.so > $R/pair.txt 2>&1
echo "pair rc=$? at $(el) s" >> $R/progress.txt
pack
for s in "memcheck 2sb64t3" "racecheck 2sb64t3" "memcheck 3b64t3" "racecheck 3b64t3" "racecheck 3p" "racecheck 2sp"; do set -- $s
  timeout 60 compute-sanitizer --tool $1 $d/attn_$2 --small > $R/san_$1_$2.txt 2>&1
  echo "sanitizer $1 $2: rc=$? $(grep -c '^ok' $R/san_$1_$2.txt) ok; $(tail -n 1 $R/san_$1_$2.txt)" >> $R/progress.txt
done
pack
cat $R/progress.txt; grep -h FAIL $R/check_all.txt | head -5
cat $R/timeline.txt
sed -E 's/ \(ratio: median.*//; s/ \[[0-9. ]+\.\.[0-9. ]+\]//g; s/ max\|d\| [0-9.e-]+//g' $R/pair.txt | cut -c1-700
