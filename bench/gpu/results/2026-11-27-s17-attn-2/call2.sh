#!/bin/bash
# Session 17 (helper attn, issue 26), call 2 on the H100: K one block ahead of V (KAhead_, call 1's best lever) and the
# next tile looked up under the last P V (NextEarly_, new) for the three d128 16-bit configurations. The tree sets
# both as defaults (KAhead_ for causal and the short configuration, NextEarly_ for all three); the pair libraries of
# capi_w2.cu give session 16's defaults (old) and each lever on all three. Everything built here on the device.
#  - attention_bench variants: the new defaults 2, 3, 2s (short), 7 (fp16 d128), variants with one lever changed, and
#    NextEarly_ on other configurations (d64, d256, FP8) for correctness; sweeps, compute-sanitizer;
#  - tl.cu against include/ with timeline.diff (per-tile clock64 stamps), old against new configurations;
#  - attention_pair.py, d128 rows, 5 rounds of 30, every library and SDPA's cuDNN alternated launch by launch.
set -u
OUT=${OUT:-/tmp/out}; W=/tmp/s17b; R=$W/c2; d=$W/bin; mkdir -p $R $d $OUT; T0=$(date +%s)
X=bench/gpu/results/2026-11-27-s17-attn-2
el() { echo $(( $(date +%s) - T0 )); }
pack() { tar czf $OUT/attn-c2.tgz -C $W c2 2>/dev/null; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v"
rm -rf $W/tl && mkdir -p $W/tl && cp -r include $W/tl/ && (cd $W/tl && patch -p1 < $OLDPWD/$X/timeline.diff > $R/tl_patch.txt 2>&1)
( $nv -I$W/tl/include $X/tl.cu -o $d/tl > $R/build_tl.log 2>&1 ) &
V="2= 3= 7= 2s=-DTESSEL_ATTN_BN=128,-DTESSEL_ATTN_EPI_TMA=1,-DTESSEL_ATTN_Q_STAGES=2,-DTESSEL_ATTN_K_AHEAD=1 2a=-DTESSEL_ATTN_K_AHEAD=1
 3x0=-DTESSEL_ATTN_NEXT_EARLY=0 0x=-DTESSEL_ATTN_NEXT_EARLY=1 1x=-DTESSEL_ATTN_NEXT_EARLY=1 4x=-DTESSEL_ATTN_NEXT_EARLY=1
 5x=-DTESSEL_ATTN_NEXT_EARLY=1 9x=-DTESSEL_ATTN_NEXT_EARLY=1"
all=""
for nvf in $V; do n=${nvf%%=*}; f=${nvf#*=}; all="$all $n"
  ( $nv -Iinclude -DTESSEL_ATTN_VARIANT=${n%%[a-z]*} ${f//,/ } bench/gpu/attention_bench.cu -o $d/attn_$n > $R/build_$n.log 2>&1 ) &
done
L="old=0,0 ka=7,0 ne=0,7 kane=7,7 new=3,7"
for lf in $L; do n=${lf%%=*}; f=${lf#*=}
  ( $nv -Iinclude -Ipython/tessel -Xcompiler -fPIC -Xcompiler -fno-gnu-unique -DCAPI_KA=${f%,*} -DCAPI_NE=${f#*,} -c $X/capi_w2.cu -o $d/lib_$n.o > $R/buildlib_$n.log 2>&1 && nvcc -shared -o $d/lib_$n.so $d/lib_$n.o >> $R/buildlib_$n.log 2>&1 ) &
done
wait
echo "builds at $(el) s: $(ls $d/attn_* 2>/dev/null | wc -l) bench, $(ls $d/lib_*.so 2>/dev/null | wc -l) libs, tl $(ls $d/tl 2>/dev/null)" >> $R/progress.txt
for f in $R/build_*.log $R/buildlib_*.log; do echo "== $f"; grep -E "error" $f | head -5; grep -E "C75" $f | head -3; grep -A2 "Compiling entry.*attention_kernel" $f | grep -E "registers|spill"; done > $R/ptxas.txt 2>&1
echo "spilling: $(grep -cE '[1-9][0-9]* bytes spill stores' $R/ptxas.txt); C75xx: $(grep -c C75 $R/ptxas.txt); errors: $(grep -c error $R/ptxas.txt)" >> $R/progress.txt
timeout 60 $d/tl > $R/timeline.txt 2>&1; echo "timeline rc=$? at $(el) s" >> $R/progress.txt
cuobjdump -sass $d/attn_3 > $W/sass3.txt 2>&1; python3 - $W/sass3.txt > $R/sass3_order.txt 2>&1 <<'PY'
import re, sys
# the consumer's instruction stream of variant 3 (bf16 d128 causal, new defaults): HGMMAs, their waits, mbarrier waits,
# branches and named barriers in order, with the count of other instructions between them
ops = []
for line in open(sys.argv[1]):
    m = re.match(r"\s+/\*([0-9a-f]{4,})\*/\s+(.*?);", line)
    if m: ops.append((m.group(1), m.group(2).strip()))
keep = re.compile(r"HGMMA|WARPGROUP|SYNCS|BAR\.|BRA|EXIT|MUFU.EX2|ATOM|RET")
run = 0; prev = None
for addr, ins in ops:
    op = ins.split()[0] if not ins.startswith("@") else ins.split()[1]
    if keep.search(op):
        key = op if not op.startswith("MUFU") else "MUFU.EX2"
        if key == "MUFU.EX2" and prev == "MUFU.EX2": continue
        print("%s %5d | %s" % (addr, run, ins[:90])); run = 0; prev = key
    else:
        run += 1
PY
pack
for v in $all; do echo $v; done | xargs -P 11 -I{} sh -c "timeout 120 $d/attn_{} --no-time > $R/check_{}.txt 2>&1; echo \"rc=\$?\" >> $R/check_{}.txt"
for v in $all; do echo "== $v"; cat $R/check_$v.txt; done > $R/check_all.txt; rm -f $R/check_[0-9]*.txt
echo "checks at $(el) s: $(grep -c '^ok' $R/check_all.txt) ok ($(grep -c '^ok.*varlen' $R/check_all.txt) varlen), $(grep -c '^FAIL' $R/check_all.txt) FAIL; largest ratio $(grep -oE 'ratio [0-9.]+' $R/check_all.txt | sort -k2 -g | tail -n 1); rc: $(grep -h '^rc=' $R/check_all.txt | sort | uniq -c | tr '\n' ' ')" >> $R/progress.txt
pack
PYTHONUNBUFFERED=1 timeout 200 python3 bench/gpu/attention_pair.py --rows d128 --rounds 5 --reps 30 --lib old=$d/lib_old.so --lib ka=$d/lib_ka.so \
  --lib ne=$d/lib_ne.so --lib kane=$d/lib_kane.so --lib new=$d/lib_new.so > $R/pair.txt 2>&1
echo "pair rc=$? at $(el) s" >> $R/progress.txt
pack
for s in "memcheck 3" "racecheck 3" "synccheck 3" "memcheck 2s" "racecheck 2s" "racecheck 2"; do set -- $s
  timeout 60 compute-sanitizer --tool $1 $d/attn_$2 --small > $R/san_$1_$2.txt 2>&1
  echo "sanitizer $1 $2: rc=$? $(grep -c '^ok' $R/san_$1_$2.txt) ok; $(tail -n 1 $R/san_$1_$2.txt)" >> $R/progress.txt
done
$d/attn_3 --small --describe > $R/describe_3.txt 2>&1
pack
cat $R/progress.txt; grep -h FAIL $R/check_all.txt | head -5
grep -E "^==|medians" $R/timeline.txt | sed -n 1,40p
sed -E 's/ \(ratio: median.*//; s/ \[[0-9. ]+\.\.[0-9. ]+\]//g; s/ max\|d\| [0-9.e-]+//g; s/ TFLOP\/s//g; s/ [0-9.]+ ms//g' $R/pair.txt | cut -c1-400
