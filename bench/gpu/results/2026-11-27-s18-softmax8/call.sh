#!/bin/bash
# Session 18 (helper softmax8, issue 26), for the next session: FP8 d128's restructured softmax
# (AttentionSoftmax8, -DTESSEL_ATTN_SOFTMAX8=1|2) against the defaults, in one call from the repo root on the H100
# (16 cores; nvcc, cuobjdump, compute-sanitizer; about 3-5 minutes wall with ROUNDS=5):
#   bash bench/gpu/results/2026-11-27-s18-softmax8/call.sh     -> $OUT/summary.txt, $OUT/softmax8.tgz (every log)
# Variants (attention_bench): 9 (e4m3 d128 non-causal, the default), 9m1 (softmax level 1: rows side by side),
# 9m2 (level 2: and P rounded under the previous P V), 10 / 10m1 / 10m2 the same causal.
#  - builds in parallel: ptxas registers / spills / C75xx warnings of the attention kernel;
#  - SASS: cuobjdump of each, the kernel's instruction mix and chain.py's model of the softmax region (from the
#    wait for S to the wait for P V: instructions, longest read-after-write chain, in-order issue of one warp);
#  - the correctness sweep of every variant (--no-time);
#  - compute-sanitizer --small: memcheck and racecheck of 9m1, 9m2, 10m1, 10m2;
#  - timings: ROUNDS paired rounds; in each, every variant of a mask --time-only --reps 20 (median of 20 CUDA-event
#    launches after 5 warm-up, V^T pass included; S = 2k, 8k, 16k; the kernel alone also printed), the order
#    reversed every other round; figures: per-round ratio to the same round's default, median over rounds.
set -u
T0=$(date +%s)
OUT=${OUT:-/tmp/out}; W=/tmp/s18softmax8; R=$W/softmax8; d=$W/bin
HERE=bench/gpu/results/2026-11-27-s18-softmax8
rm -rf $W; mkdir -p $R $d $OUT
el() { echo $(( $(date +%s) - T0 )); }
log() { echo "[$(el) s] $*" >> $R/progress.txt; }
pack() { tar czf $OUT/softmax8.tgz -C $W softmax8 2>/dev/null; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
echo "nproc $(nproc); $(nvcc --version | tail -n 1); $(git log -1 --format='%h %s' 2>/dev/null | cut -c1-80)" >> $R/gpu.txt

nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v -Iinclude"
M1=-DTESSEL_ATTN_SOFTMAX8=1; M2=-DTESSEL_ATTN_SOFTMAX8=2
V="9= 9m1=$M1 9m2=$M2 10= 10m1=$M1 10m2=$M2"
all=""
for nvf in $V; do n=${nvf%%=*}; f=${nvf#*=}; all="$all $n"
  ( $nv -DTESSEL_ATTN_VARIANT=${n%%[a-z]*} ${f//,/ } bench/gpu/attention_bench.cu -o $d/attn_$n > $R/build_$n.log 2>&1 ) &
done
wait
for v in $all; do
  awk -v b="$v" '/Compiling entry function .*attention_sm9016attention_kernel/ {k = 1; next}
    k && /spill stores/ {match($0, /[0-9]+ bytes spill stores/); s = substr($0, RSTART, RLENGTH)}
    k && /Used [0-9]+ registers/ {match($0, /Used [0-9]+ registers/); printf "%s: %s, %s\n", b, s, substr($0, RSTART, RLENGTH); k = 0}' $R/build_$v.log
  [ -x $d/attn_$v ] || { echo "$v: BUILD FAILED"; grep -E "error" $R/build_$v.log | head -n 3; }
  grep -cE "C75[0-9][0-9]" $R/build_$v.log | sed "s/^/$v: C75xx warnings /"
done > $R/ptxas.txt 2>&1
log "builds: $(ls $d/attn_* | wc -l) of $(echo $all | wc -w)"
pack

# SASS: the attention kernel's instruction mix, and the softmax region's model (chain.py)
for v in $all; do
  [ -x $d/attn_$v ] || continue
  cuobjdump -sass $d/attn_$v > $R/sass_$v.txt 2>&1
  python3 - $R/sass_$v.txt $v >> $R/sass_mix.txt 2>&1 <<'PY'
import re, sys, collections
c, on = collections.Counter(), False
for line in open(sys.argv[1]):
    if "Function :" in line: on = "attention_kernel" in line
    m = re.match(r"\s+/\*[0-9a-f]{4,}\*/\s+(@!?U?P\w+\s+)?([A-Z0-9_.]+)", line)
    if on and m: c[m.group(2).split(".")[0]] += 1
keys = ["HGMMA", "MUFU", "F2FP", "FADD", "FFMA", "FMUL", "FMNMX", "SHFL", "PRMT", "MOV", "VOTE", "WARPGROUP", "BAR", "SYNCS"]
print(f"{sys.argv[2]}: total {sum(c.values())} " + " ".join(f"{k} {c[k]}" for k in keys))
PY
  python3 $HERE/chain.py $R/sass_$v.txt sass >> $R/sass_chain.txt 2>&1
done
gzip -9 $R/sass_*[0-9].txt $R/sass_*m[12].txt 2>/dev/null
log "sass: $(wc -l < $R/sass_mix.txt) mixes"
pack

# correctness: every variant's sweep, 3 at a time; then the sanitizers, 4 at a time
for v in $all; do echo $v; done | xargs -P 3 -I{} sh -c "[ -x $d/attn_{} ] && { timeout 90 $d/attn_{} --no-time > $R/check_{}.txt 2>&1; echo \"rc=\$?\" >> $R/check_{}.txt; }"
for v in $all; do echo "== $v"; cat $R/check_$v.txt 2>/dev/null || echo "not built"; done > $R/check_all.txt; rm -f $R/check_[0-9]*.txt
log "sweeps: $(grep -c '^ok' $R/check_all.txt) ok, $(grep -c '^FAIL' $R/check_all.txt) FAIL; largest error ratio $(grep -oE 'ratio [0-9.]+' $R/check_all.txt | sort -k2 -g | tail -n 1); largest lse rel $(grep -oE 'lse rel [0-9.e-]+' $R/check_all.txt | sort -k3 -g | tail -n 1); rc: $(grep -h '^rc=' $R/check_all.txt | sort | uniq -c | tr -s ' \n' ' ')"
for v in $all; do echo "$v: $(awk -v v="== $v" '$0 == v {p = 1; next} /^== / {p = 0} p' $R/check_all.txt | grep -cE '^ok') ok, $(awk -v v="== $v" '$0 == v {p = 1; next} /^== / {p = 0} p' $R/check_all.txt | grep -cE '^FAIL') FAIL"; done >> $R/progress.txt
SAN1="memcheck:9m1 racecheck:9m1 memcheck:9m2 racecheck:9m2"; SAN2="memcheck:10m1 racecheck:10m1 memcheck:10m2 racecheck:10m2"
for batch in "$SAN1" "$SAN2"; do
  for s in $batch; do t=${s%%:*} v=${s#*:}
    [ -x $d/attn_$v ] && ( timeout 90 compute-sanitizer --tool $t $d/attn_$v --small > $R/san_${t}_$v.txt 2>&1; echo "rc=$?" >> $R/san_${t}_$v.txt ) &
  done
  wait
done
SAN="$SAN1 $SAN2"
for s in $SAN; do t=${s%%:*} v=${s#*:}
  log "sanitizer $t $v: $(tail -n 1 $R/san_${t}_$v.txt 2>/dev/null) $(grep -c '^ok' $R/san_${t}_$v.txt 2>/dev/null) ok $(grep -c '^FAIL' $R/san_${t}_$v.txt 2>/dev/null) FAIL; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $R/san_${t}_$v.txt 2>/dev/null | tail -n 1)"
done
pack

# timings: ROUNDS paired rounds (the GPU otherwise idle); each mask's default and its two levels in turn, the
# order reversed in every other round
for r in $(seq 1 ${ROUNDS:-5}); do
  for m in 9 10; do
    order="$m ${m}m1 ${m}m2"; [ $((r % 2)) = 0 ] && order="${m}m2 ${m}m1 $m"
    for v in $order; do
      [ -x $d/attn_$v ] && timeout 60 $d/attn_$v --time-only --reps 20 2>&1 | grep -E "^time|error" | sed "s/^/round $r [$v] /" >> $R/time.txt
    done
  done
done
log "timings: $(grep -c ' time ' $R/time.txt) lines"
pack

python3 - $R/time.txt > $R/time_summary.txt 2>&1 <<'PY'
import re, sys
from collections import defaultdict
t = defaultdict(dict); ka = defaultdict(dict); order = []
for line in open(sys.argv[1]):
    m = re.match(r"round (\d+) \[(\w+)\] time e4m3 d128 (causal|non-causal).*? S=(\d+) .*?: [0-9.]+ ms, ([0-9.]+) TFLOP/s.*?kernel alone ([0-9.]+)", line)
    if not m: continue
    r, v, s, tf, k = int(m.group(1)), m.group(2), int(m.group(4)), float(m.group(5)), float(m.group(6))
    t[(v, s)][r] = tf; ka[(v, s)][r] = k
    if v not in order: order.append(v)
med = lambda x: sorted(x)[len(x) // 2] if x else float("nan")
print("TFLOP/s with the V^T pass per round [median] (kernel alone, median); per-round ratio to the same round's default (9 / 10) [median]")
for v in order:
    base = re.match(r"\d+", v).group(0)
    for s in (2048, 8192, 16384):
        x = t[(v, s)]; b = t[(base, s)]
        rr = [x[r] / b[r] for r in sorted(x) if r in b]
        print(f"{v:5s} S={s:5d}: " + " ".join(f"{x[r]:7.1f}" for r in sorted(x)) + f"  [{med(list(x.values())):7.1f}] ({med(list(ka[(v, s)].values())):7.1f})  ratio " +
              " ".join(f"{a:.3f}" for a in rr) + f" [{med(rr):.3f}]")
PY
{ echo "session 18 helper softmax8 (call.sh): $(sed -n 2p $R/gpu.txt)"; tail -n 1 $R/gpu.txt; cat $R/progress.txt; echo; cat $R/ptxas.txt; echo; cat $R/sass_mix.txt; echo;
  cat $R/sass_chain.txt; echo; grep -h '^FAIL' $R/check_all.txt | head -n 5; cat $R/time_summary.txt; } > $R/summary.txt
cp $R/summary.txt $OUT/summary.txt
pack
cat $R/summary.txt
