#!/bin/bash
# Session 17 (helper attn3, issue 26): EpiUnderS_ (AttentionConfig's last parameter, default off) on the H100, one
# call from the repo root (16 cores; nvcc, torch, compute-sanitizer; about 70-100 s wall):
#   bash bench/gpu/results/2026-11-27-s17-attn3/call.sh        -> $OUT/attn3/summary.txt, $OUT/attn3.tgz (every log)
# EpiUnderS_: at the end of a tile whose next tile is known (NextEarly_'s lookup, else a lookup right after the last
# P V) and has key blocks, the consumers divide O by the row sums, wait for the next tile's Q and first K, issue its
# first S = Q K^T, store O and lse while it runs, then run the next tile's first softmax (the next tile starts at its
# first P V; P and the row statistics carried). notes.md: the structures ptxas serialized before this one.
#  - attention_bench variants (ptxas registers and spills, the correctness sweep of each): 2s (the short configuration
#    as the bench builds it: BN 128, TMA store, 2 Q buffers, NextEarly_, K ahead), 2sh (2s + EpiUnderS_), 3 (d128
#    causal, the default: dynamic, 2 Q buffers, K ahead), 3h (3 + EpiUnderS_: the lookup after the last P V), 3hx
#    (3h + NextEarly_), and EpiUnderS_ for correctness only on 2h (d128 non-causal BN 192, static, register
#    epilogue, no NextEarly_), 0h (d64, 3 consumers), 5h (d256 causal), 6h (fp16 d64 causal);
#  - the SASS of 2sh and 3h in order (HGMMAs, their waits, barriers, shared stores, TMA stores): the epilogue's STS
#    between the next tile's first S's HGMMAs and their WARPGROUP.DEPBAR;
#  - compute-sanitizer on the small cases: memcheck, racecheck and synccheck of 2sh and 3h, memcheck and racecheck of 3hx;
#  - pair libraries of capi_w4.cu: main (main's kernel before EpiUnderS_: include/ with epi_under_s.diff reversed;
#    its default PTX differs from this tree's in a few instructions), def (the defaults as this tree builds them), eu (EpiUnderS_ on the causal and the
#    short configurations), eune (eu + NextEarly_ on the causal one); attention_pair.py --rows d128n2048,d128c (S = 2k
#    both masks, 8k and 16k causal), 7 rounds of 30, every library and SDPA's cuDNN alternated launch by launch in
#    one process; the summary: per row and library the ratio to cuDNN of every round, and the difference to def.
set -u
T0=$(date +%s)
ROOT=$(pwd)
OUT=${OUT:-/tmp/out}; W=/tmp/s17attn3; R=$W/attn3; d=$W/bin
X=bench/gpu/results/2026-11-27-s17-attn3
rm -rf $W; mkdir -p $R $d $OUT/attn3
el() { echo $(( $(date +%s) - T0 )); }
log() { echo "$*" >> $R/progress.txt; }
pack() { cp $R/summary.txt $OUT/attn3/summary.txt 2>/dev/null; tar czf $OUT/attn3.tgz -C $W attn3 2>/dev/null; }
left() { local l=$(( ${BUDGET:-112} - $(el) )); [ $l -lt 10 ] && l=10; [ $l -gt $1 ] && l=$1; echo $l; }  # a step's timeout within ~120 s
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
echo "nproc $(nproc); $(nvcc --version | tail -n 1); tree $(git rev-parse --short HEAD 2>/dev/null || echo '?')" >> $R/gpu.txt

# ---- builds, all at once ----
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v"
SH=-DTESSEL_ATTN_BN=128,-DTESSEL_ATTN_EPI_TMA=1,-DTESSEL_ATTN_Q_STAGES=2,-DTESSEL_ATTN_NEXT_EARLY=1
EU=-DTESSEL_ATTN_EPI_UNDER_S=1
V="2s=$SH 2sh=$SH,$EU 3= 3h=$EU 3hx=$EU,-DTESSEL_ATTN_NEXT_EARLY=1 2h=$EU 0h=$EU 5h=$EU 6h=$EU"
all=""
for nvf in $V; do n=${nvf%%=*}; f=${nvf#*=}; all="$all $n"
  ( $nv -Iinclude -DTESSEL_ATTN_VARIANT=${n%%[a-z]*} ${f//,/ } bench/gpu/attention_bench.cu -o $d/attn_$n > $R/build_$n.log 2>&1 ) &
done
mkdir -p $W/old && cp -r include $W/old/ && (cd $W/old && patch -R -p1 < $ROOT/$X/epi_under_s.diff) > $R/old_patch.txt 2>&1 && old=1 || old=0
L="def=$ROOT/include,1,0,2 eu=$ROOT/include,0,3,2 eune=$ROOT/include,0,3,3"
[ $old = 1 ] && L="main=$W/old/include,1,0,2 $L"
libs=""
for lf in $L; do n=${lf%%=*}; IFS=, read -r inc def eu ne <<< "${lf#*=}"; libs="$libs $n"
  ( $nv -I$inc -Ipython/tessel -Xcompiler -fPIC -Xcompiler -fno-gnu-unique -DCAPI_DEFAULT=$def -DCAPI_EU=$eu -DCAPI_NE=$ne \
      -c $X/capi_w4.cu -o $d/lib_$n.o > $R/buildlib_$n.log 2>&1 && nvcc -shared -o $d/lib_$n.so $d/lib_$n.o >> $R/buildlib_$n.log 2>&1 ) &
done
wait
log "builds at $(el) s: $(ls $d/attn_* 2>/dev/null | wc -l) of $(echo $all | wc -w) bench [$all], $(ls $d/lib_*.so 2>/dev/null | wc -l) of $(echo $libs | wc -w) libs [$libs] (main from the reversed diff: $old)"
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

# ---- the consumers' instruction order (SASS) of 2sh and 3h, 2s for comparison ----
for v in 2s 2sh 3h; do
  [ -x $d/attn_$v ] || continue
  cuobjdump -sass $d/attn_$v > $W/sass_$v.txt 2>&1; python3 - $W/sass_$v.txt > $R/sass_${v}_order.txt 2>&1 <<'PY'
import re, sys
# the attention kernel's instruction stream: HGMMAs, their waits, mbarrier waits, branches, named barriers, shared
# stores and TMA stores in order, with the count of other instructions between them (runs of one op folded)
ops, on = [], False
for line in open(sys.argv[1]):
    if "Function :" in line: on = "attention_kernel" in line
    m = re.match(r"\s+/\*([0-9a-f]{4,})\*/\s+(.*?);", line)
    if on and m: ops.append((m.group(1), m.group(2).strip()))
keep = re.compile(r"HGMMA|WARPGROUP|SYNCS|BAR\.|BRA|EXIT|MUFU.EX2|MUFU.LG2|ATOM|RET|^STS|UTMASTG|UBLKCP|FENCE")
run, prev, n = 0, None, 0
for addr, ins in ops:
    op = ins.split()[0] if not ins.startswith("@") else ins.split()[1]
    if keep.search(op):
        key = op.split(".")[0] if op.startswith(("MUFU", "STS", "HGMMA")) else op
        if key == prev and run == 0 and key in ("MUFU", "STS", "HGMMA"): n += 1; continue
        if n: print("          (x%d more)" % n); n = 0
        print("%s %5d | %s" % (addr, run, ins[:90])); run = 0; prev = key
    else:
        run += 1
if n: print("          (x%d more)" % n)
PY
done
pack

# ---- correctness: the sweep of every variant, 5 at a time ----
for v in $all; do echo $v; done | xargs -P 5 -I{} sh -c "[ -x $d/attn_{} ] && { timeout $(left 60) $d/attn_{} --no-time > $R/check_{}.txt 2>&1; echo \"rc=\$?\" >> $R/check_{}.txt; }"
for v in $all; do echo "== $v"; cat $R/check_$v.txt 2>/dev/null || echo "not built"; done > $R/check_all.txt; rm -f $R/check_[0-9]*.txt
log "sweeps at $(el) s: $(grep -c '^ok' $R/check_all.txt) ok ($(grep -c '^ok.*varlen' $R/check_all.txt) varlen), $(grep -c '^FAIL' $R/check_all.txt) FAIL; largest error ratio $(grep -oE 'ratio [0-9.]+' $R/check_all.txt | sort -k2 -g | tail -n 1); rc: $(grep -h '^rc=' $R/check_all.txt | sort | uniq -c | tr -s ' \n' ' ')"
for v in $all; do echo "$v: $(awk -v v="== $v" '$0 == v {p = 1; next} /^== / {p = 0} p' $R/check_all.txt | grep -cE '^ok') ok, $(awk -v v="== $v" '$0 == v {p = 1; next} /^== / {p = 0} p' $R/check_all.txt | grep -cE '^FAIL') FAIL"; done >> $R/progress.txt
pack

# ---- timing: the pair libraries and cuDNN alternated (the GPU otherwise idle) ----
plibs=""; for n in $libs; do [ -f $d/lib_$n.so ] && plibs="$plibs --lib $n=$d/lib_$n.so"; done
PYTHONUNBUFFERED=1 timeout $(left 50) python3 bench/gpu/attention_pair.py --rows d128n2048,d128c --rounds 7 --reps 30 $plibs > $R/pair.txt 2>&1
log "pair rc=$? at $(el) s: $(grep -c '^round' $R/pair.txt) row rounds"
pack

# ---- compute-sanitizer on the small cases, all at once ----
SAN="memcheck:2sh racecheck:2sh synccheck:2sh memcheck:3h racecheck:3h synccheck:3h memcheck:3hx racecheck:3hx"
st=$(left 40)
for s in $SAN; do t=${s%%:*} v=${s#*:}
  ( timeout $st compute-sanitizer --tool $t $d/attn_$v --small > $R/san_${t}_$v.txt 2>&1; echo "rc=$?" >> $R/san_${t}_$v.txt ) &
done
( timeout $st $d/attn_2sh --small --no-time --describe > $R/describe_2sh.txt 2>&1 ) &
( timeout $st $d/attn_3hx --small --no-time --describe > $R/describe_3hx.txt 2>&1 ) &
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
    base = ratio[row].get("def", [])
    for n in order:
        if n == "def" or not base: continue
        dv = [a - b for a, b in zip(ratio[row][n], base)]
        print(f"  {n} - def per round: " + " ".join(f"{x:+.3f}" for x in dv) + f"; ahead in {sum(x > 0 for x in dv)}/{len(dv)}, median {med(dv):+.3f}")
PY
{ echo "session 17 helper attn3: EpiUnderS_ (call.sh), $(head -n 2 $R/gpu.txt | tail -n 1)"; tail -n 1 $R/gpu.txt; cat $R/progress.txt; echo; cat $R/ptxas.txt; echo;
  grep -h "schedule:" $R/describe_2sh.txt $R/describe_3hx.txt | cut -c1-300; grep -h '^FAIL' $R/check_all.txt | head -n 5; echo; cat $R/pair_summary.txt; } > $R/summary.txt
pack
cat $R/summary.txt
