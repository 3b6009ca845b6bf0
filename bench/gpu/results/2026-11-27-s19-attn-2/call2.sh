#!/bin/bash
# Session 19 (helper attn, issue 26), call 2: the new 16-bit defaults (Stagger_ for d64 non-causal and d256, EpiWide_ for
# d64 causal, d128 non-causal BN 192 and d256) on the H100, one call from the helper's tree (run root: main's checkout):
#   cd .h/attn && bash bench/gpu/results/2026-11-27-s19-attn-2/call2.sh      -> $OUT/attn2/summary.txt, $OUT/attn2.tgz
#  - attention_run.sh on the 14 default variants (0-13): builds, ptxas (spills, C75xx), the sweep, the kernel-alone
#    timings beside SDPA (cuDNN, FA2) in the same call (REPS 20);
#  - compute-sanitizer on the small cases, all at once: memcheck and racecheck of the changed bf16 defaults 0, 1, 2, 4, 5,
#    memcheck of the fp16 ones 6 (d64 causal), 7 (d128 non-causal), 8 (d256 causal);
#  - attention_pair.py (all 10 rows), 5 rounds of 30: main (tessel.cuda.attention's C unit, python/tessel/_attention_capi.cu,
#    built with main's include/ at the run root) and new (the same unit with this tree's include/), SDPA's cuDNN alternated.
set -u
T0=$(date +%s)
ROOT=$(pwd); MAIN=$(cd ../.. && pwd)
OUT=${OUT:-/tmp/out}; W=/tmp/s19attn2; R=$W/attn2; d=$W/bin
rm -rf $W; mkdir -p $R $d $OUT/attn2
el() { echo $(( $(date +%s) - T0 )); }
log() { echo "$*" >> $R/progress.txt; }
pack() { cp $R/summary.txt $OUT/attn2/summary.txt 2>/dev/null; cp $R/progress.txt $OUT/attn2/progress.txt 2>/dev/null; tar czf $OUT/attn2.tgz -C $W attn2 2>/dev/null; }
( cd $MAIN && git log -1 --format='main %h %s' 2>/dev/null | cut -c1-120 ) > $R/head.txt
diff -rq $MAIN/include/tessel/kernels $ROOT/include/tessel/kernels >> $R/head.txt 2>&1
# ---- the pair libraries (bf16 d64, d128, d256 each), in the background ----
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v"
for lf in main=$MAIN/include new=$ROOT/include; do n=${lf%%=*} inc=${lf#*=}
  ( for D in 64 128 256; do
      $nv -I$inc -Ipython/tessel -Xcompiler -fPIC -Xcompiler -fno-gnu-unique -DTESSEL_ATTN_T=bf16 -DTESSEL_ATTN_D=$D \
        -c python/tessel/_attention_capi.cu -o $d/lib_${n}_$D.o > $R/buildlib_${n}_$D.log 2>&1 &
    done; wait
    nvcc -shared -o $d/lib_$n.so $d/lib_${n}_64.o $d/lib_${n}_128.o $d/lib_${n}_256.o > $R/link_$n.log 2>&1 ) &
done
# ---- the 14 defaults: builds, sweep, kernel-alone timings beside SDPA ----
VARIANTS="0= 1= 2= 3= 4= 5= 6= 7= 8= 9= 10= 11= 12= 13=" SAN="" CHECKJOBS=6 REPS=20 PYEXT=0 OUT=$R timeout 300 bash bench/gpu/attention_run.sh > $R/run.txt 2>&1
log "attention_run rc=$? at $(el) s: $(grep -E '^== correctness' $R/run.txt)"
log "$(grep -E 'spills|C75xx|build of' $R/run.txt | tr '\n' ' ')"
wait
log "libs at $(el) s: $(ls $d/lib_*.so 2>/dev/null | wc -l) of 2"
pack
# ---- compute-sanitizer, all at once ----
SAN="memcheck:0 racecheck:0 memcheck:1 racecheck:1 memcheck:2 racecheck:2 memcheck:4 racecheck:4 memcheck:5 racecheck:5 memcheck:6 memcheck:7 memcheck:8"
for s in $SAN; do t=${s%%:*} v=${s#*:}
  ( timeout 70 compute-sanitizer --tool $t .attn_dev/attn_$v --small > $R/san_${t}_$v.txt 2>&1; echo "rc=$?" >> $R/san_${t}_$v.txt ) &
done
wait
for s in $SAN; do t=${s%%:*} v=${s#*:}
  log "sanitizer $t $v: $(tail -n 1 $R/san_${t}_$v.txt) $(grep -c '^ok' $R/san_${t}_$v.txt) ok $(grep -c '^FAIL' $R/san_${t}_$v.txt) FAIL; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $R/san_${t}_$v.txt | tail -n 1)"
done
pack
# ---- the pair: main and new against cuDNN ----
plibs=""; for n in main new; do [ -f $d/lib_$n.so ] && plibs="$plibs --lib $n=$d/lib_$n.so"; done
PYTHONUNBUFFERED=1 timeout 100 python3 bench/gpu/attention_pair.py --rounds 5 --reps 30 $plibs > $R/pair.txt 2>&1
log "pair rc=$? at $(el) s: $(grep -c '^round' $R/pair.txt) row rounds"
log "done at $(el) s"
python3 - $R/pair.txt > $R/pair_summary.txt 2>&1 <<'PY'
import re, sys
from collections import defaultdict
ratio, cud, tf, order, rows = defaultdict(lambda: defaultdict(list)), defaultdict(list), defaultdict(lambda: defaultdict(list)), [], []
for line in open(sys.argv[1]):
    m = re.match(r"(?:round \d+ )?pair d(\d+) S=(\d+) .*? (causal|non-causal): (.*); cudnn [0-9.]+ ms ([0-9.]+) TFLOP/s", line)
    if not m: continue
    row = (int(m.group(1)), int(m.group(2)), m.group(3)); cud[row].append(float(m.group(5)))
    if row not in rows: rows.append(row)
    for part in m.group(4).split("; "):
        n = re.match(r"(\S+) [0-9.]+ ms ([0-9.]+) TFLOP/s ratio ([0-9.]+)", part)
        if n:
            ratio[row][n.group(1)].append(float(n.group(3))); tf[row][n.group(1)].append(float(n.group(2)))
            if n.group(1) not in order: order.append(n.group(1))
med = lambda v: sorted(v)[len(v) // 2] if v else float("nan")
print("ratio to cuDNN per round (median of 30 per-iteration ratios), bf16, 16k tokens, heads x dim 2048; [median]; TFLOP/s round 1")
for row in rows:
    print(f"d{row[0]} S={row[1]} {row[2]}: cuDNN {min(cud[row]):.0f}-{max(cud[row]):.0f} TFLOP/s (round 1 {cud[row][0]:.1f})")
    for n in order:
        v = ratio[row][n]
        print(f"  {n:5s} " + " ".join(f"{x:.3f}" for x in v) + f"  [{med(v):.3f}]  {tf[row][n][0]:.1f} TFLOP/s")
    base = ratio[row].get("main", [])
    for n in order:
        if n == "main" or not base: continue
        dv = [a - b for a, b in zip(ratio[row][n], base)]
        print(f"  {n} - main per round: " + " ".join(f"{x:+.3f}" for x in dv) + f"; ahead in {sum(x > 0 for x in dv)}/{len(dv)}, median {med(dv):+.3f}")
PY
{ echo "session 19 helper attn: call2.sh"; cat $R/gpu.txt $R/head.txt 2>/dev/null; cat $R/progress.txt; echo; grep -E "^variant .*(registers|spill)" $R/build.txt | grep -v " 0 bytes spill" | head -n 20;
  grep -E "^\[.*\] |HUNG|FAIL" $R/run.txt | head -n 10; echo; cat $R/pair_summary.txt; echo; cat $R/table.txt 2>/dev/null; } > $R/summary.txt
pack
cat $R/summary.txt
