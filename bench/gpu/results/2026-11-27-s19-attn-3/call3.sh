#!/bin/bash
# Session 19 (helper attn, issue 26), call 3: d128 S = 2048 non-causal, the short configuration with O stored from
# registers as 16-byte vectors (EpiWide_) instead of the TMA store, and with the shared memory that frees (H100):
#   cd .h/attn && bash bench/gpu/results/2026-11-27-s19-attn-3/call3.sh      -> $OUT/attn3/summary.txt, $OUT/attn3.tgz
#  - attention_bench variants (ptxas, the sweep of each): 2sw (BN 128, 2 Q buffers, wide direct stores, the next tile
#    looked up early, K ahead), 2sw1 (one Q buffer), 2sw3 (one Q buffer, 3 K/V stages);
#  - compute-sanitizer on the small cases: memcheck and racecheck of 2sw and 2sw3;
#  - pair libraries of capi_t.cu (CAPI_SHORT 0-3: s0 the default short configuration, sw, sw1, sw3); attention_pair.py
#    --rows d128n2048, 7 rounds of 30, every library and SDPA's cuDNN alternated launch by launch in one process.
set -u
T0=$(date +%s)
OUT=${OUT:-/tmp/out}; W=/tmp/s19attn3; R=$W/attn3; d=$W/bin
X=bench/gpu/results/2026-11-27-s19-attn-3
rm -rf $W; mkdir -p $R $d $OUT/attn3
el() { echo $(( $(date +%s) - T0 )); }
log() { echo "$*" >> $R/progress.txt; }
pack() { cp $R/summary.txt $OUT/attn3/summary.txt 2>/dev/null; cp $R/progress.txt $OUT/attn3/progress.txt 2>/dev/null; tar czf $OUT/attn3.tgz -C $W attn3 2>/dev/null; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v"
SW=-DTESSEL_ATTN_BN=128,-DTESSEL_ATTN_EPI_TMA=0,-DTESSEL_ATTN_EPI_WIDE=1,-DTESSEL_ATTN_NEXT_EARLY=1,-DTESSEL_ATTN_RESCALE_EARLY=0
V="2sw=$SW,-DTESSEL_ATTN_Q_STAGES=2 2sw1=$SW,-DTESSEL_ATTN_Q_STAGES=1 2sw3=$SW,-DTESSEL_ATTN_Q_STAGES=1,-DTESSEL_ATTN_STAGES=3"
all=""
for nvf in $V; do n=${nvf%%=*}; f=${nvf#*=}; all="$all $n"
  ( $nv -Iinclude -DTESSEL_ATTN_VARIANT=${n%%[a-z]*} ${f//,/ } bench/gpu/attention_bench.cu -o $d/attn_$n > $R/build_$n.log 2>&1 ) &
done
libs=""
for k in 0 1 2 3; do n=$(echo "s0 sw sw1 sw3" | cut -d' ' -f$((k + 1))); libs="$libs $n"
  ( $nv -Iinclude -Ipython/tessel -Xcompiler -fPIC -Xcompiler -fno-gnu-unique -DCAPI_SHORT=$k -c $X/capi_t.cu -o $d/lib_$n.o > $R/buildlib_$n.log 2>&1 &&
    nvcc -shared -o $d/lib_$n.so $d/lib_$n.o >> $R/buildlib_$n.log 2>&1 ) &
done
wait
log "builds at $(el) s: $(ls $d/attn_* 2>/dev/null | wc -l) bench [$all], $(ls $d/lib_*.so 2>/dev/null | wc -l) libs [$libs]"
for f in $R/build_*.log $R/buildlib_*.log; do
  b=$(basename $f .log)
  awk -v b="$b" '/Compiling entry function .*attention_sm9016attention_kernel/ {k = 1; n++; next}
    k && /spill stores/ {match($0, /[0-9]+ bytes spill stores/); s = substr($0, RSTART, RLENGTH)}
    k && /Used [0-9]+ registers/ {match($0, /Used [0-9]+ registers/); printf "%s kernel %d: %s, %s\n", b, n, s, substr($0, RSTART, RLENGTH); k = 0}' $f
  echo "$b: $(grep -c ': error' $f) errors, $(grep -c 'C75[0-9][0-9]' $f) C75xx"
done > $R/ptxas.txt 2>&1
for v in $all; do ( timeout 60 $d/attn_$v --no-time > $R/check_$v.txt 2>&1; echo "rc=$?" >> $R/check_$v.txt ) & done; wait
for v in $all; do log "sweep $v: $(grep -c '^ok' $R/check_$v.txt) ok ($(grep -c '^ok.*varlen' $R/check_$v.txt) varlen), $(grep -c '^FAIL' $R/check_$v.txt) FAIL, largest $(grep -oE 'ratio [0-9.]+' $R/check_$v.txt | sort -k2 -g | tail -n 1); $(tail -n 1 $R/check_$v.txt)"; done
pack
plibs=""; for n in $libs; do [ -f $d/lib_$n.so ] && plibs="$plibs --lib $n=$d/lib_$n.so"; done
PYTHONUNBUFFERED=1 timeout 90 python3 bench/gpu/attention_pair.py --rows d128n2048 --rounds 7 --reps 30 $plibs > $R/pair.txt 2>&1
log "pair rc=$? at $(el) s: $(grep -c '^round' $R/pair.txt) row rounds"
pack
SAN="memcheck:2sw racecheck:2sw memcheck:2sw3 racecheck:2sw3"
for s in $SAN; do t=${s%%:*} v=${s#*:}
  ( timeout 60 compute-sanitizer --tool $t $d/attn_$v --small > $R/san_${t}_$v.txt 2>&1; echo "rc=$?" >> $R/san_${t}_$v.txt ) &
done
wait
for s in $SAN; do t=${s%%:*} v=${s#*:}
  log "sanitizer $t $v: $(tail -n 1 $R/san_${t}_$v.txt) $(grep -c '^ok' $R/san_${t}_$v.txt) ok; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $R/san_${t}_$v.txt | tail -n 1)"
done
log "done at $(el) s"
python3 - $R/pair.txt > $R/pair_summary.txt 2>&1 <<'PY'
import re, sys
from collections import defaultdict
ratio, tf, cud, order = defaultdict(list), defaultdict(list), [], []
for line in open(sys.argv[1]):
    m = re.match(r"(?:round \d+ )?pair d128 S=2048 .*? non-causal: (.*); cudnn [0-9.]+ ms ([0-9.]+) TFLOP/s", line)
    if not m: continue
    cud.append(float(m.group(2)))
    for part in m.group(1).split("; "):
        n = re.match(r"(\S+) [0-9.]+ ms ([0-9.]+) TFLOP/s ratio ([0-9.]+)", part)
        if n:
            ratio[n.group(1)].append(float(n.group(3))); tf[n.group(1)].append(float(n.group(2)))
            if n.group(1) not in order: order.append(n.group(1))
med = lambda v: sorted(v)[len(v) // 2] if v else float("nan")
print(f"d128 S=2048 non-causal, ratio to cuDNN per round [median]; cuDNN {min(cud):.0f}-{max(cud):.0f} TFLOP/s")
for n in order:
    print(f"  {n:4s} " + " ".join(f"{x:.3f}" for x in ratio[n]) + f"  [{med(ratio[n]):.3f}]  TFLOP/s {med(tf[n]):.1f}")
for n in order[1:]:
    dv = [a - b for a, b in zip(ratio[n], ratio[order[0]])]
    print(f"  {n} - {order[0]}: " + " ".join(f"{x:+.3f}" for x in dv) + f"; ahead in {sum(x > 0 for x in dv)}/{len(dv)}, median {med(dv):+.3f}")
PY
{ echo "session 19 helper attn: call3.sh"; cat $R/gpu.txt; cat $R/progress.txt; echo; cat $R/ptxas.txt; echo; cat $R/pair_summary.txt; } > $R/summary.txt
pack
cat $R/summary.txt
