#!/bin/bash
# Session 18 (helper attn, issue 26), call 3: the d128 rows on the H100 with the new defaults, one call from the repo
# root (16 cores; nvcc, torch, compute-sanitizer; about 110 s wall):
#   bash bench/gpu/results/2026-11-27-s18-attn-3/call3.sh        -> $OUT/attn/summary.txt, $OUT/attn.tgz (every log)
# The tree: call 1's slot (the dynamic producer hands the consumers each tile's work; ../2026-11-27-s18-attn-1/slot.diff;
# call 2's ae.diff not taken), the new 16-bit d128 defaults (RescaleEarly_ and SkipRescale_ 1 on the causal and the
# BN 192 configurations, SkipRescale_ 1 on the short one) and SkipRescale_ 2 (a row's maximum kept until a block's
# exceeds it by more than 2^8: the vote then skips the rescale in nearly every block). Copy: old (main's include).
#  - attention_bench variants (ptxas, the sweep of each): the changed defaults 2, 3, 7, 13 (fp16 d128 causal), the
#    short configuration 2s and 7s (fp16), and SkipRescale_ 2 on each: 3z, 2z, 2sz, 13z, 7z, 7sz (with the defaults'
#    RescaleEarly_), 3zn, 2zn (without it);
#  - pair libraries of capi_z.cu (bit masks, 1 causal, 2 short, 4 long): base (old, defaults), fin (RE 5, SR 7: the
#    tree's defaults, checked by a static_assert), lz (RE 5, SZ 7: SkipRescale_ 2 everywhere), lzs (SZ 7 without
#    RescaleEarly_); attention_pair.py --rows d128, 7 rounds of 30, every library and SDPA's cuDNN alternated launch by
#    launch in one process;
#  - compute-sanitizer on the small cases (after the timing): memcheck and racecheck of 2, 3, 2s, 13, 3z, 2z, 2sz;
#    synccheck of 3 and 3z.
# tree.diff is the call's include/ against main's; the tree committed afterwards differs in the causal default only
# (SkipRescale_ 2: call 3's 3z and library lz; defaults_eq.cu checks the committed defaults' types against the timed ones).
set -u
T0=$(date +%s)
ROOT=$(pwd)
OUT=${OUT:-/tmp/out}; W=/tmp/s18attn3; R=$W/attn; d=$W/bin
X=bench/gpu/results/2026-11-27-s18-attn-3; X1=bench/gpu/results/2026-11-27-s18-attn-1
rm -rf $W; mkdir -p $R $d $OUT/attn
el() { echo $(( $(date +%s) - T0 )); }
log() { echo "$*" >> $R/progress.txt; }
pack() { cp $R/summary.txt $OUT/attn/summary.txt 2>/dev/null; cp $R/progress.txt $OUT/attn/progress.txt 2>/dev/null; tar czf $OUT/attn.tgz -C $W attn 2>/dev/null; }
left() { local l=$(( ${BUDGET:-200} - $(el) )); [ $l -lt 10 ] && l=10; [ $l -gt $1 ] && l=$1; echo $l; }  # a step's timeout within ~180 s
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
echo "nproc $(nproc); $(nvcc --version | tail -n 1); $(python3 -c 'import torch; print("torch", torch.__version__, "cudnn", torch.backends.cudnn.version())' 2>&1)" >> $R/gpu.txt

# ---- builds, all at once ----
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v"
SH=-DTESSEL_ATTN_BN=128,-DTESSEL_ATTN_EPI_TMA=1,-DTESSEL_ATTN_Q_STAGES=2,-DTESSEL_ATTN_NEXT_EARLY=1,-DTESSEL_ATTN_RESCALE_EARLY=0
SZ=-DTESSEL_ATTN_SKIP_RESCALE=2; RN=-DTESSEL_ATTN_RESCALE_EARLY=0
V="2= 3= 7= 13= 2s=$SH 7s=$SH 3z=$SZ 2z=$SZ 2sz=$SH,$SZ 13z=$SZ 7z=$SZ 7sz=$SH,$SZ 3zn=$SZ,$RN 2zn=$SZ,$RN"
all=""
for nvf in $V; do n=${nvf%%=*}; f=${nvf#*=}; all="$all $n"
  ( $nv -Iinclude -DTESSEL_ATTN_VARIANT=${n%%[a-z]*} ${f//,/ } bench/gpu/attention_bench.cu -o $d/attn_$n > $R/build_$n.log 2>&1 ) &
done
mkdir -p $W/old && cp -r include $W/old/ && (cd $W/old && patch -R -p1 < $ROOT/$X/tree.diff) > $R/old_patch.txt 2>&1 && old=1 || old=0
T=$ROOT/include
L="fin=$T,-DCAPI_RE=5,-DCAPI_SR=7 lz=$T,-DCAPI_RE=5,-DCAPI_SZ=7 lzs=$T,-DCAPI_SZ=7"
[ $old = 1 ] && L="base=$W/old/include,-DCAPI_DEFAULT=1 $L"
libs=""
for lf in $L; do n=${lf%%=*}; rest=${lf#*=}; inc=${rest%%,*}; f=${rest#*,}; libs="$libs $n"
  ( $nv -I$inc -Ipython/tessel -Xcompiler -fPIC -Xcompiler -fno-gnu-unique ${f//,/ } \
      -c $X/capi_z.cu -o $d/lib_$n.o > $R/buildlib_$n.log 2>&1 && nvcc -shared -o $d/lib_$n.so $d/lib_$n.o >> $R/buildlib_$n.log 2>&1 ) &
done
wait
log "builds at $(el) s: $(ls $d/attn_* 2>/dev/null | wc -l) of $(echo $all | wc -w) bench [$all], $(ls $d/lib_*.so 2>/dev/null | wc -l) of $(echo $libs | wc -w) libs [$libs] (old from the reversed diff: $old)"
# every attention kernel of every build: its registers and spills (a library holds three: causal, short, long)
for f in $R/build_*.log $R/buildlib_*.log; do
  b=$(basename $f .log)
  awk -v b="$b" '/Compiling entry function .*attention_sm9016attention_kernel/ {k = 1; n++; next}
    k && /spill stores/ {match($0, /[0-9]+ bytes spill stores/); s = substr($0, RSTART, RLENGTH)}
    k && /Used [0-9]+ registers/ {match($0, /Used [0-9]+ registers/); printf "%s kernel %d: %s, %s\n", b, n, s, substr($0, RSTART, RLENGTH); k = 0}' $f
  echo "$b: $(grep -c ': error' $f) errors, $(grep -c 'C75[0-9][0-9]' $f) C75xx"
  grep -E ": error|C75[0-9][0-9]" $f | head -n 3
done > $R/ptxas.txt 2>&1
log "ptxas: $(grep -cE ' [1-9][0-9]* bytes spill stores' $R/ptxas.txt) kernels spill ($(grep -E ' [1-9][0-9]* bytes spill stores' $R/ptxas.txt | cut -d' ' -f1 | sort -u | tr '\n' ' ')); builds with errors: $(grep -cE ' [1-9][0-9]* errors' $R/ptxas.txt); with C75xx: $(grep -cE ' [1-9][0-9]* C75xx' $R/ptxas.txt)"
pack

# ---- correctness: the sweep of every variant, 5 at a time ----
for v in $all; do echo $v; done | xargs -P 5 -I{} sh -c "[ -x $d/attn_{} ] && { timeout $(left 60) $d/attn_{} --no-time > $R/check_{}.txt 2>&1; echo \"rc=\$?\" >> $R/check_{}.txt; }"
for v in $all; do echo "== $v"; cat $R/check_$v.txt 2>/dev/null || echo "not built"; done > $R/check_all.txt; rm -f $R/check_[0-9]*.txt
log "sweeps at $(el) s: $(grep -c '^ok' $R/check_all.txt) ok ($(grep -c '^ok.*varlen' $R/check_all.txt) varlen), $(grep -c '^FAIL' $R/check_all.txt) FAIL; largest error ratio $(grep -oE 'ratio [0-9.]+' $R/check_all.txt | sort -k2 -g | tail -n 1); rc: $(grep -h '^rc=' $R/check_all.txt | sort | uniq -c | tr -s ' \n' ' ')"
for v in $all; do echo "$v: $(awk -v v="== $v" '$0 == v {p = 1; next} /^== / {p = 0} p' $R/check_all.txt | grep -cE '^ok') ok, $(awk -v v="== $v" '$0 == v {p = 1; next} /^== / {p = 0} p' $R/check_all.txt | grep -cE '^FAIL') FAIL"; done >> $R/progress.txt
pack

# ---- timing: the pair libraries and cuDNN alternated (the GPU otherwise idle) ----
plibs=""; for n in $libs; do [ -f $d/lib_$n.so ] && plibs="$plibs --lib $n=$d/lib_$n.so"; done
PYTHONUNBUFFERED=1 timeout $(left 70) python3 bench/gpu/attention_pair.py --rows d128 --rounds 7 --reps 30 $plibs > $R/pair.txt 2>&1
log "pair rc=$? at $(el) s: $(grep -c '^round' $R/pair.txt) row rounds"
pack

# ---- compute-sanitizer on the small cases, all at once ----
SAN="memcheck:2 racecheck:2 memcheck:3 racecheck:3 synccheck:3 memcheck:2s racecheck:2s memcheck:13 racecheck:13
  memcheck:3z racecheck:3z synccheck:3z memcheck:2z racecheck:2z memcheck:2sz racecheck:2sz"
st=$(left 45)
for s in $SAN; do t=${s%%:*} v=${s#*:}
  ( timeout $st compute-sanitizer --tool $t $d/attn_$v --small > $R/san_${t}_$v.txt 2>&1; echo "rc=$?" >> $R/san_${t}_$v.txt ) &
done
( timeout $st $d/attn_3 --small --no-time --describe > $R/describe_3.txt 2>&1 ) &
wait
for s in $SAN; do t=${s%%:*} v=${s#*:}
  log "sanitizer $t $v: $(tail -n 1 $R/san_${t}_$v.txt) $(grep -c '^ok' $R/san_${t}_$v.txt) ok $(grep -c '^FAIL' $R/san_${t}_$v.txt) FAIL; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $R/san_${t}_$v.txt | tail -n 1)"
done
log "done at $(el) s"

# ---- summary ----
python3 - $R/pair.txt > $R/pair_summary.txt 2>&1 <<'PY'
import re, sys
from collections import defaultdict
# per row (S, mask) and library: the ratio to cuDNN of every round (medians of per-iteration ratios), cuDNN's TFLOP/s
ratio, cud, order, rows = defaultdict(lambda: defaultdict(list)), defaultdict(list), [], []
for line in open(sys.argv[1]):
    m = re.match(r"(?:round \d+ )?pair d128 S=(\d+) .*? (causal|non-causal): (.*); cudnn [0-9.]+ ms ([0-9.]+) TFLOP/s", line)
    if not m: continue
    row = (int(m.group(1)), m.group(2)); cud[row].append(float(m.group(4)))
    if row not in rows: rows.append(row)
    for part in m.group(3).split("; "):
        n = re.match(r"(\S+) [0-9.]+ ms [0-9.]+ TFLOP/s ratio ([0-9.]+)", part)
        if n:
            ratio[row][n.group(1)].append(float(n.group(2)))
            if n.group(1) not in order: order.append(n.group(1))
med = lambda v: sorted(v)[len(v) // 2] if v else float("nan")
print("ratio to cuDNN per round (median of 30 per-iteration ratios), bf16 d128, 16k tokens, 16 heads; [median]")
for row in rows:
    print(f"S={row[0]} {row[1]}: cuDNN {min(cud[row]):.0f}-{max(cud[row]):.0f} TFLOP/s")
    for n in order:
        v = ratio[row][n]
        print(f"  {n:5s} " + " ".join(f"{x:.3f}" for x in v) + f"  [{med(v):.3f}]")
    for ref in ("base", "fin"):
        base = ratio[row].get(ref, [])
        for n in order:
            if n == ref or (ref != "base" and n == "base") or not base: continue
            dv = [a - b for a, b in zip(ratio[row][n], base)]
            print(f"  {n} - {ref} per round: " + " ".join(f"{x:+.3f}" for x in dv) + f"; ahead in {sum(x > 0 for x in dv)}/{len(dv)}, median {med(dv):+.3f}")
PY
{ echo "session 18 helper attn: call3.sh"; cat $R/gpu.txt; cat $R/progress.txt; echo; cat $R/ptxas.txt; echo;
  grep -h "schedule:\|registers" $R/describe_3.txt | cut -c1-300 | head -n 4; grep -h '^FAIL' $R/check_all.txt | head -n 5; echo; cat $R/pair_summary.txt; } > $R/summary.txt
pack
cat $R/summary.txt
