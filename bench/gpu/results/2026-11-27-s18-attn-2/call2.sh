#!/bin/bash
# Session 18 (helper attn, issue 26), call 2: the d128 rows on the H100, one call from the repo root (16 cores; nvcc,
# torch, compute-sanitizer; about 160 s wall):
#   bash bench/gpu/results/2026-11-27-s18-attn-2/call2.sh        -> $OUT/attn/summary.txt, $OUT/attn.tgz (every log)
# The tree: call 1's slot (the dynamic producer hands the consumers each tile's work, attention_put_slot; its
# diff is ../2026-11-27-s18-attn-1/slot.diff) and ae.diff: the dynamic producer takes its next position from the
# counter right after the tile's Q load, before its K and V loads (was: after them), so that the next slot is
# published as soon as the tile's last load is issued; the bench's variant 13 (fp16 d128 causal).
# Copies: old (main's include: ae.diff and slot.diff reversed), sw (ae.diff reversed: call 1's tree).
#  - attention_bench variants (ptxas, the sweep of each): 3 (the tree's d128 causal), 3r, 3k, 3rk (RescaleEarly_,
#    SkipRescale_, both), 3xr, 3xrk (NextEarly_ with RescaleEarly_, with both), 2srk (the short configuration with
#    both), 2r, 2k, 2rk (the long configuration, BN 192), 13 and 13rk (fp16 d128 causal), 7rk and 7srk (fp16 long
#    and short with both);
#  - pair libraries of capi_y.cu (levers as bit masks, 1 causal, 2 short, 4 long): base (old, defaults), sw (sw,
#    defaults), ae (the tree's defaults), swrs (sw, RE and SR on all three), aers (the tree, RE and SR on all three),
#    aere (RE on all three), aesr (SR on all three), aenere (RE on all three, NextEarly_ on causal), aeners (RE and
#    SR on all three, NextEarly_ on causal); attention_pair.py --rows d128, 7 rounds of 30, every library and SDPA's
#    cuDNN alternated launch by launch in one process;
#  - compute-sanitizer on the small cases (after the timing): memcheck and racecheck of 3, 3rk, 3xr, 3xrk, 2srk,
#    2rk, 13rk; synccheck of 3 and 3xrk.
set -u
T0=$(date +%s)
ROOT=$(pwd)
OUT=${OUT:-/tmp/out}; W=/tmp/s18attn2; R=$W/attn; d=$W/bin
X=bench/gpu/results/2026-11-27-s18-attn-2; X1=bench/gpu/results/2026-11-27-s18-attn-1
rm -rf $W; mkdir -p $R $d $OUT/attn
el() { echo $(( $(date +%s) - T0 )); }
log() { echo "$*" >> $R/progress.txt; }
pack() { cp $R/summary.txt $OUT/attn/summary.txt 2>/dev/null; cp $R/progress.txt $OUT/attn/progress.txt 2>/dev/null; tar czf $OUT/attn.tgz -C $W attn 2>/dev/null; }
left() { local l=$(( ${BUDGET:-200} - $(el) )); [ $l -lt 10 ] && l=10; [ $l -gt $1 ] && l=$1; echo $l; }  # a step's timeout within ~180 s
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
echo "nproc $(nproc); $(nvcc --version | tail -n 1); $(python3 -c 'import torch; print("torch", torch.__version__, "cudnn", torch.backends.cudnn.version())' 2>&1)" >> $R/gpu.txt

# ---- builds, all at once ----
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v"
SH=-DTESSEL_ATTN_BN=128,-DTESSEL_ATTN_EPI_TMA=1,-DTESSEL_ATTN_Q_STAGES=2,-DTESSEL_ATTN_NEXT_EARLY=1
RE=-DTESSEL_ATTN_RESCALE_EARLY=1; SR=-DTESSEL_ATTN_SKIP_RESCALE=1; NE=-DTESSEL_ATTN_NEXT_EARLY=1
V="3= 3r=$RE 3k=$SR 3rk=$RE,$SR 3xr=$NE,$RE 3xrk=$NE,$RE,$SR 2srk=$SH,$RE,$SR 2r=$RE 2k=$SR 2rk=$RE,$SR 13= 13rk=$RE,$SR
   7rk=$RE,$SR 7srk=$SH,$RE,$SR"
all=""
for nvf in $V; do n=${nvf%%=*}; f=${nvf#*=}; all="$all $n"
  ( $nv -Iinclude -DTESSEL_ATTN_VARIANT=${n%%[a-z]*} ${f//,/ } bench/gpu/attention_bench.cu -o $d/attn_$n > $R/build_$n.log 2>&1 ) &
done
mkdir -p $W/sw $W/old && cp -r include $W/sw/ && cp -r include $W/old/ && (cd $W/sw && patch -R -p1 < $ROOT/$X/ae.diff) > $R/sw_patch.txt 2>&1 &&
  (cd $W/old && patch -R -p1 < $ROOT/$X/ae.diff && patch -R -p1 < $ROOT/$X1/slot.diff) > $R/old_patch.txt 2>&1 && old=1 || old=0
T=$ROOT/include
L="ae=$T,-DCAPI_DEFAULT=1 aers=$T,-DCAPI_RE=7,-DCAPI_SR=7 aere=$T,-DCAPI_RE=7 aesr=$T,-DCAPI_SR=7 aenere=$T,-DCAPI_RE=7,-DCAPI_NE_C=1
   aeners=$T,-DCAPI_RE=7,-DCAPI_SR=7,-DCAPI_NE_C=1"
[ $old = 1 ] && L="base=$W/old/include,-DCAPI_DEFAULT=1 sw=$W/sw/include,-DCAPI_DEFAULT=1 swrs=$W/sw/include,-DCAPI_RE=7,-DCAPI_SR=7 $L"
libs=""
for lf in $L; do n=${lf%%=*}; rest=${lf#*=}; inc=${rest%%,*}; f=${rest#*,}; libs="$libs $n"
  ( $nv -I$inc -Ipython/tessel -Xcompiler -fPIC -Xcompiler -fno-gnu-unique ${f//,/ } \
      -c $X/capi_y.cu -o $d/lib_$n.o > $R/buildlib_$n.log 2>&1 && nvcc -shared -o $d/lib_$n.so $d/lib_$n.o >> $R/buildlib_$n.log 2>&1 ) &
done
wait
log "builds at $(el) s: $(ls $d/attn_* 2>/dev/null | wc -l) of $(echo $all | wc -w) bench [$all], $(ls $d/lib_*.so 2>/dev/null | wc -l) of $(echo $libs | wc -w) libs [$libs] (old and sw from the reversed diffs: $old)"
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
PYTHONUNBUFFERED=1 timeout $(left 80) python3 bench/gpu/attention_pair.py --rows d128 --rounds 7 --reps 30 $plibs > $R/pair.txt 2>&1
log "pair rc=$? at $(el) s: $(grep -c '^round' $R/pair.txt) row rounds"
pack

# ---- compute-sanitizer on the small cases, all at once ----
SAN="memcheck:3 racecheck:3 synccheck:3 memcheck:3rk racecheck:3rk memcheck:3xr racecheck:3xr memcheck:3xrk racecheck:3xrk synccheck:3xrk
  memcheck:2srk racecheck:2srk memcheck:2rk racecheck:2rk memcheck:13rk racecheck:13rk"
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
    for ref in ("base", "sw", "ae"):
        base = ratio[row].get(ref, [])
        for n in order:
            if n == ref or (ref != "base" and n == "base") or not base: continue
            dv = [a - b for a, b in zip(ratio[row][n], base)]
            print(f"  {n} - {ref} per round: " + " ".join(f"{x:+.3f}" for x in dv) + f"; ahead in {sum(x > 0 for x in dv)}/{len(dv)}, median {med(dv):+.3f}")
PY
{ echo "session 18 helper attn: call2.sh"; cat $R/gpu.txt; cat $R/progress.txt; echo; cat $R/ptxas.txt; echo;
  grep -h "schedule:\|registers" $R/describe_3.txt | cut -c1-300 | head -n 4; grep -h '^FAIL' $R/check_all.txt | head -n 5; echo; cat $R/pair_summary.txt; } > $R/summary.txt
pack
cat $R/summary.txt
