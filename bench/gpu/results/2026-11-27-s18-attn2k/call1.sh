#!/bin/bash
# Session 18 (helper attn2k, issue 26), call 1: the narrow tail (NarrowTail_) on the H100, from the tree's root
# (the helper's worktree, sent as .h/attn2k; the binaries built on the CPU machine beforehand, nvcc 13, sm_90a,
# -O3, into prebuilt/, the same commands as attention_run.sh's and call3.sh's builds, 0 spills):
#   bash bench/gpu/results/2026-11-27-s18-attn2k/call1.sh     -> $OUT/a2k/summary.txt, $OUT/a2k.tgz (every log)
# prebuilt/ (not committed), with the tree of tree-call1.diff applied, nv="nvcc -ccbin g++ -std=c++20 -O3
# -gencode=arch=compute_90a,code=sm_90a -Xptxas -v":
#   $nv -Iinclude -DTESSEL_ATTN_VARIANT=2 -DTESSEL_ATTN_NARROW_TAIL=1 (2) bench/gpu/attention_bench.cu -o prebuilt/attn_2t1 (2t2)
#   $nv -I<include> -Ipython/tessel -Xcompiler -fPIC -Xcompiler -fno-gnu-unique <flags> -c capi_nt.cu, nvcc -shared:
#     base: main's include, -DCAPI_DEFAULT=1; l192 / nt1 / nt2: the tree's include, -DCAPI_NT=0 / 1 / 2
#  - attention_bench variants: 2t1 (bf16 d128 non-causal, BN 192, -DTESSEL_ATTN_NARROW_TAIL=1: the tile's last keys
#    as a block of 128 by the m64n128 wgmma and a softmax over those columns), 2t2 (=2: its P V over 8 k-blocks too);
#    the sweep of each (with the added case Sk = 2048), memcheck and racecheck of each on the small cases;
#  - pair libraries of capi_nt.cu: base (main's include, its defaults: the short configuration, BN 128, up to 2048
#    keys, BN 192 beyond), l192 (BN 192 at every length, no tail), nt1, nt2 (BN 192 with NarrowTail_ 1 / 2 at every
#    length); attention_pair.py --rows d128n, 7 rounds of 30, the libraries and SDPA's cuDNN alternated launch by
#    launch in one process (causal rows: the same kernel in every library, not timed).
set -u
T0=$(date +%s)
OUT=${OUT:-/tmp/out}; W=/tmp/s18a2k; R=$W/a2k; P=prebuilt
rm -rf $W; mkdir -p $R $OUT/a2k
el() { echo $(( $(date +%s) - T0 )); }
log() { echo "$*" >> $R/progress.txt; }
pack() { cp $R/summary.txt $OUT/a2k/summary.txt 2>/dev/null; cp $R/progress.txt $OUT/a2k/progress.txt 2>/dev/null; tar czf $OUT/a2k.tgz -C $W a2k 2>/dev/null; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
echo "nproc $(nproc); $(python3 -c 'import torch; print("torch", torch.__version__, "cudnn", torch.backends.cudnn.version())' 2>&1)" >> $R/gpu.txt
V="2t1 2t2"
# ---- correctness: the sweeps and the sanitizers, all at once ----
for v in $V; do
  ( timeout 60 $P/attn_$v --no-time > $R/check_$v.txt 2>&1; echo "rc=$?" >> $R/check_$v.txt ) &
  for t in memcheck racecheck; do
    ( timeout 60 compute-sanitizer --tool $t $P/attn_$v --small > $R/san_${t}_$v.txt 2>&1; echo "rc=$?" >> $R/san_${t}_$v.txt ) &
  done
done
wait
for v in $V; do
  log "sweep $v: $(grep -c '^ok' $R/check_$v.txt) ok ($(grep -c '^ok.*varlen' $R/check_$v.txt) varlen), $(grep -c '^FAIL' $R/check_$v.txt) FAIL, $(tail -n 1 $R/check_$v.txt); largest ratio $(grep -oE 'ratio [0-9.]+' $R/check_$v.txt | sort -k2 -g | tail -n 1)"
  for t in memcheck racecheck; do
    log "sanitizer $t $v: $(tail -n 1 $R/san_${t}_$v.txt) $(grep -c '^ok' $R/san_${t}_$v.txt) ok $(grep -c '^FAIL' $R/san_${t}_$v.txt) FAIL; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $R/san_${t}_$v.txt | tail -n 1)"
  done
done
log "correctness done at $(el) s"
pack
# ---- timing (the GPU otherwise idle) ----
PYTHONUNBUFFERED=1 timeout 90 python3 bench/gpu/attention_pair.py --rows d128n --rounds 7 --reps 30 \
  --lib base=$P/lib_base.so --lib l192=$P/lib_l192.so --lib nt1=$P/lib_nt1.so --lib nt2=$P/lib_nt2.so > $R/pair.txt 2>&1
log "pair rc=$? at $(el) s: $(grep -c '^round' $R/pair.txt) row rounds"
python3 - $R/pair.txt > $R/pair_summary.txt 2>&1 <<'PY'
import re, sys
from collections import defaultdict
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
    for ref in ("base", "l192"):
        base = ratio[row].get(ref, [])
        for n in order:
            if n == ref or n == "base" or not base: continue
            dv = [a - b for a, b in zip(ratio[row][n], base)]
            print(f"  {n} - {ref} per round: " + " ".join(f"{x:+.3f}" for x in dv) + f"; ahead in {sum(x > 0 for x in dv)}/{len(dv)}, median {med(dv):+.3f}")
PY
{ echo "session 18 helper attn2k: call1.sh"; cat $R/gpu.txt; cat $R/progress.txt; echo; grep -h '^FAIL' $R/check_*.txt | head -n 5; echo; cat $R/pair_summary.txt; } > $R/summary.txt
pack
cat $R/summary.txt
