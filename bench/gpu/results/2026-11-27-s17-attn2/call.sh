#!/bin/bash
# Session 17 (helper attn2, issue 26): TakeEarly_ (AttentionConfig's last parameter, default off) on the H100, one
# call from the repo root (16 cores; nvcc, torch, compute-sanitizer; about 100-130 s wall):
#   bash bench/gpu/results/2026-11-27-s17-attn2/call.sh        -> $OUT/attn2/summary.txt, $OUT/attn2.tgz (every log)
# TakeEarly_: the dynamic producer takes the next tile's position (the atomic counter) as a tile starts and publishes
# it, with its Q, a tile ahead, so that NextEarly_'s lookup under the tile's last P V finds the slot there (session
# 17's call 2: NextEarly_ on the dynamic causal configuration waited for the late slot, -2 to -4.5%).
#  - attention_bench variants: 3 (bf16 d128 causal, the default), 3u (TakeEarly_), 3ux (TakeEarly_ + NextEarly_),
#    3uxk (both, K and V loaded block by block), 1dqu (d64 causal made dynamic with 2 Q stages, both: BM 192;
#    correctness only, NextEarly_ spills at d64); ptxas registers and spills; the correctness sweep of each;
#  - compute-sanitizer on the small cases (the last one, new, has 320 tiles: a CTA takes two or three, the Q ring and
#    the tile slots wrap): memcheck, racecheck and synccheck of 3ux, racecheck of 3u;
#  - pair libraries of capi_w3.cu (d128 causal only): main (the default of the tree before TakeEarly_: include/
#    with takeearly.diff reversed; skipped if it does not apply), def (this tree's default), ne (NextEarly_ alone),
#    te (TakeEarly_ alone), tene (both); attention_pair.py --rows d128c (S = 2k, 8k, 16k), 5 rounds of 30, every
#    library and SDPA's cuDNN alternated launch by launch in one process.
set -u
T0=$(date +%s)
ROOT=$(pwd)
OUT=${OUT:-/tmp/out}; W=/tmp/s17attn2; R=$W/attn2; d=$W/bin
X=bench/gpu/results/2026-11-27-s17-attn2
rm -rf $W; mkdir -p $R $d $OUT/attn2
el() { echo $(( $(date +%s) - T0 )); }
log() { echo "$*" >> $R/progress.txt; }
pack() { cp $R/summary.txt $OUT/attn2/summary.txt 2>/dev/null; tar czf $OUT/attn2.tgz -C $W attn2 2>/dev/null; }
left() { local l=$(( 140 - $(el) )); [ $l -lt 10 ] && l=10; [ $l -gt $1 ] && l=$1; echo $l; }  # a step's timeout within 150 s
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
echo "nproc $(nproc); $(nvcc --version | tail -n 1); tree $(git rev-parse --short HEAD 2>/dev/null || echo '?')" >> $R/gpu.txt

# ---- builds, all at once ----
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v"
V="3= 3u=-DTESSEL_ATTN_TAKE_EARLY=1 3ux=-DTESSEL_ATTN_TAKE_EARLY=1,-DTESSEL_ATTN_NEXT_EARLY=1
 3uxk=-DTESSEL_ATTN_TAKE_EARLY=1,-DTESSEL_ATTN_NEXT_EARLY=1,-DTESSEL_ATTN_K_AHEAD=0
 1dqu=-DTESSEL_ATTN_DYNAMIC=1,-DTESSEL_ATTN_Q_STAGES=2,-DTESSEL_ATTN_TAKE_EARLY=1,-DTESSEL_ATTN_NEXT_EARLY=1"
all=""
for nvf in $V; do n=${nvf%%=*}; f=${nvf#*=}; all="$all $n"
  ( $nv -Iinclude -DTESSEL_ATTN_VARIANT=${n%%[a-z]*} ${f//,/ } bench/gpu/attention_bench.cu -o $d/attn_$n > $R/build_$n.log 2>&1 ) &
done
mkdir -p $W/old && cp -r include $W/old/ && (cd $W/old && patch -R -p1 < $ROOT/$X/takeearly.diff) > $R/old_patch.txt 2>&1 && old=1 || old=0
L="def=$ROOT/include,1,0,0 ne=$ROOT/include,0,1,0 te=$ROOT/include,0,0,1 tene=$ROOT/include,0,1,1"
[ $old = 1 ] && L="main=$W/old/include,1,0,0 $L"
libs=""
for lf in $L; do n=${lf%%=*}; IFS=, read -r inc def ne te <<< "${lf#*=}"; libs="$libs $n"
  ( $nv -I$inc -Ipython/tessel -Xcompiler -fPIC -Xcompiler -fno-gnu-unique -DCAPI_DEFAULT=$def -DCAPI_NE=$ne -DCAPI_TE=$te \
      -c $X/capi_w3.cu -o $d/lib_$n.o > $R/buildlib_$n.log 2>&1 && nvcc -shared -o $d/lib_$n.so $d/lib_$n.o >> $R/buildlib_$n.log 2>&1 ) &
done
wait
log "builds at $(el) s: $(ls $d/attn_* 2>/dev/null | wc -l) of $(echo $all | wc -w) bench [$all], $(ls $d/lib_*.so 2>/dev/null | wc -l) of $(echo $libs | wc -w) libs [$libs] (main from the reversed diff: $old)"
for f in $R/build_*.log $R/buildlib_*.log; do
  b=$(basename $f .log)
  echo "$b: $(grep -A3 "Compiling entry function '_ZN6tessel7kernels14attention_sm9016attention_kernel" $f | grep -oE '[0-9]+ bytes spill stores|Used [0-9]+ registers' | tr '\n' ' ')$(grep -c ': error' $f) errors"
  grep -E ": error" $f | head -n 3
done > $R/ptxas.txt 2>&1
log "ptxas: $(grep -cE '[1-9][0-9]* bytes spill stores' $R/ptxas.txt) kernels spill ($(grep -E '[1-9][0-9]* bytes spill stores' $R/ptxas.txt | cut -d: -f1 | tr '\n' ' ')); builds with errors: $(grep -cE '[1-9][0-9]* errors$' $R/ptxas.txt)"
pack

# ---- correctness: the sweep of every variant, 5 at a time ----
for v in $all; do echo $v; done | xargs -P 5 -I{} sh -c "[ -x $d/attn_{} ] && { timeout $(left 60) $d/attn_{} --no-time > $R/check_{}.txt 2>&1; echo \"rc=\$?\" >> $R/check_{}.txt; }"
for v in $all; do echo "== $v"; cat $R/check_$v.txt 2>/dev/null || echo "not built"; done > $R/check_all.txt; rm -f $R/check_[0-9]*.txt
log "sweeps at $(el) s: $(grep -c '^ok' $R/check_all.txt) ok ($(grep -c '^ok.*varlen' $R/check_all.txt) varlen), $(grep -c '^FAIL' $R/check_all.txt) FAIL; largest error ratio $(grep -oE 'ratio [0-9.]+' $R/check_all.txt | sort -k2 -g | tail -n 1); rc: $(grep -h '^rc=' $R/check_all.txt | sort | uniq -c | tr -s ' \n' ' ')"
for v in $all; do echo "$v: $(awk -v v="== $v" '$0 == v {p = 1; next} /^== / {p = 0} p' $R/check_all.txt | grep -cE '^ok') ok, $(awk -v v="== $v" '$0 == v {p = 1; next} /^== / {p = 0} p' $R/check_all.txt | grep -cE '^FAIL') FAIL"; done >> $R/progress.txt
pack

# ---- timing: the pair libraries and cuDNN alternated (the GPU otherwise idle) ----
plibs=""; for n in $libs; do [ -f $d/lib_$n.so ] && plibs="$plibs --lib $n=$d/lib_$n.so"; done
PYTHONUNBUFFERED=1 timeout $(left 70) python3 bench/gpu/attention_pair.py --rows d128c --rounds 5 --reps 30 $plibs > $R/pair.txt 2>&1
log "pair rc=$? at $(el) s: $(grep -c '^round' $R/pair.txt) row rounds"
pack

# ---- compute-sanitizer on the small cases, 4 at once ----
st=$(left 45)
for s in "memcheck 3ux" "racecheck 3ux" "synccheck 3ux" "racecheck 3u"; do set -- $s
  ( timeout $st compute-sanitizer --tool $1 $d/attn_$2 --small > $R/san_$1_$2.txt 2>&1; echo "rc=$?" >> $R/san_$1_$2.txt ) &
done
( timeout $st $d/attn_3ux --small --describe > $R/describe_3ux.txt 2>&1 ) &
wait
for s in "memcheck 3ux" "racecheck 3ux" "synccheck 3ux" "racecheck 3u"; do set -- $s
  log "sanitizer $1 $2: $(tail -n 1 $R/san_$1_$2.txt) $(grep -c '^ok' $R/san_$1_$2.txt) ok $(grep -c '^FAIL' $R/san_$1_$2.txt) FAIL; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $R/san_$1_$2.txt | tail -n 1)"
done
log "done at $(el) s"

# ---- summary ----
python3 - $R/pair.txt > $R/pair_summary.txt 2>&1 <<'PY'
import re, sys
from collections import defaultdict
# per row (S) and library: the ratio to cuDNN of every round (medians of per-iteration ratios), cuDNN's TFLOP/s
ratio, cud, order = defaultdict(lambda: defaultdict(list)), defaultdict(list), []
for line in open(sys.argv[1]):
    m = re.match(r"(?:round \d+ )?pair d128 S=(\d+) .*? causal: (.*); cudnn [0-9.]+ ms ([0-9.]+) TFLOP/s", line)
    if not m: continue
    s = int(m.group(1)); cud[s].append(float(m.group(3)))
    for part in m.group(2).split("; "):
        n = re.match(r"(\S+) [0-9.]+ ms [0-9.]+ TFLOP/s ratio ([0-9.]+)", part)
        if n:
            ratio[s][n.group(1)].append(float(n.group(2)))
            if n.group(1) not in order: order.append(n.group(1))
med = lambda v: sorted(v)[len(v) // 2] if v else float("nan")
print("ratio to cuDNN per round (median of 30 per-iteration ratios), bf16 d128 causal, 16k tokens, 16 heads; [median]")
for s in sorted(ratio):
    print(f"S={s}: cuDNN {min(cud[s]):.0f}-{max(cud[s]):.0f} TFLOP/s")
    for n in order:
        v = ratio[s][n]
        print(f"  {n:5s} " + " ".join(f"{x:.3f}" for x in v) + f"  [{med(v):.3f}]")
    base = ratio[s].get("def", [])
    for n in order:
        if n == "def" or not base: continue
        dv = [a - b for a, b in zip(ratio[s][n], base)]
        print(f"  {n} - def per round: " + " ".join(f"{x:+.3f}" for x in dv) + f"; ahead in {sum(x > 0 for x in dv)}/{len(dv)}, median {med(dv):+.3f}")
PY
{ echo "session 17 helper attn2: TakeEarly_ (call.sh), $(head -n 2 $R/gpu.txt | tail -n 1)"; cat $R/progress.txt; echo; cat $R/ptxas.txt; echo;
  grep -h "schedule:" $R/describe_3ux.txt | cut -c1-300; grep -h '^FAIL' $R/check_all.txt | head -n 5; echo; cat $R/pair_summary.txt; } > $R/summary.txt
pack
cat $R/summary.txt
