#!/bin/bash
# Session 20 (helper attn, issue 26), call 4 on the H100: the stream-K tail (StreamK_, 16-bit d128's default since
# 29f7975) on FP8's static non-causal configurations (d128 BN 192, d256 BN 128), kernel alone.
#   cd .h/attn && bash bench/gpu/results/2026-11-27-s20-attn-4/call4.sh   -> $OUT/attn4/summary.txt, $OUT/attn4.tgz
#  - attention_bench variants 9, 11 (FP8 e4m3 d128 / d256 non-causal, the defaults) and 9sk, 11sk (-DTESSEL_ATTN_STREAM_K=1),
#    built on the device: sweeps of 9sk and 11sk (with the forced-tail cases), memcheck + racecheck of 9sk on the
#    small cases; attention_bench --time-only --reps 20, the four alternated, 3 rounds.
set -u
T0=$(date +%s)
OUT=${OUT:-/tmp/out}; W=/tmp/s20attn4; R=$W/attn4; d=$PWD/bin4
X=bench/gpu/results/2026-11-27-s20-attn-4
rm -rf $W $d; mkdir -p $R $d $OUT/attn4
el() { echo $(( $(date +%s) - T0 )); }
log() { echo "$*" >> $R/progress.txt; }
pack() { cp $R/summary.txt $OUT/attn4/summary.txt 2>/dev/null; cp $R/progress.txt $OUT/attn4/progress.txt 2>/dev/null; tar czf $OUT/attn4.tgz -C $W attn4 2>/dev/null; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v"
all="9 9sk 11 11sk"
for v in $all; do f=""; [ "${v#*sk}" != "$v" ] && f="-DTESSEL_ATTN_STREAM_K=1"
  ( $nv -Iinclude -DTESSEL_ATTN_VARIANT=${v%%[a-z]*} $f bench/gpu/attention_bench.cu -o $d/attn_$v > $R/build_$v.log 2>&1 ) &
done
wait
for v in $all; do echo "$v: $(grep -A2 'Compiling entry function .*attention_sm9016attention_kernel' $R/build_$v.log | grep -oE '[0-9]+ bytes spill stores|Used [0-9]+ registers' | tr '\n' ' ') $(grep -c 'C75[0-9][0-9]' $R/build_$v.log) C75xx"; done > $R/ptxas.txt
log "builds at $(el) s: $(ls $d/attn_* | wc -l) of 4"
for v in 9sk 11sk; do ( timeout 120 $d/attn_$v --no-time > $R/check_$v.txt 2>&1; echo "rc=$?" >> $R/check_$v.txt ) & done
for t in memcheck racecheck; do ( timeout 200 compute-sanitizer --tool $t $d/attn_9sk --small > $R/san_${t}_9sk.txt 2>&1; echo "rc=$?" >> $R/san_${t}_9sk.txt ) & done
wait
for v in 9sk 11sk; do log "sweep $v: $(grep -c '^ok' $R/check_$v.txt) ok ($(grep -c '^ok.*stream-K tail forced' $R/check_$v.txt) forced tail), $(grep -c '^FAIL' $R/check_$v.txt) FAIL, largest $(grep -oE 'ratio [0-9.]+' $R/check_$v.txt | sort -k2 -g | tail -n 1); $(tail -n 2 $R/check_$v.txt | tr '\n' ' ')"; done
for t in memcheck racecheck; do log "sanitizer $t 9sk: $(tail -n 1 $R/san_${t}_9sk.txt) $(grep -c '^ok' $R/san_${t}_9sk.txt) ok; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $R/san_${t}_9sk.txt | tail -n 1)"; done
pack
for r in 1 2 3; do for v in 9 9sk 11 11sk; do
  { echo "== round $r $v"; timeout 40 $d/attn_$v --time-only --reps 20 2>&1 | grep -E "^time|error" | cut -c1-330; } >> $R/table.txt
done; done
log "done at $(el) s"
python3 - $R/table.txt > $R/table_summary.txt 2>&1 <<'PY'
import re, sys
from collections import defaultdict
t = defaultdict(list)
cur = None
for line in open(sys.argv[1]):
    m = re.match(r"== round (\d+) (\S+)", line)
    if m: cur = m.group(2); continue
    m = re.match(r"time e4m3 d(\d+) .*? S=(\d+) .*?([0-9.]+) TFLOP/s \(median.*kernel alone ([0-9.]+) TFLOP/s", line)
    if m and cur: t[(m.group(1), m.group(2), cur)].append((float(m.group(3)), float(m.group(4))))
med = lambda v: sorted(v)[len(v) // 2]
for (d, s, v) in sorted(t, key=lambda k: (int(k[0]), int(k[1]), k[2])):
    x = t[(d, s, v)]
    print(f"e4m3 d{d} S={s} {v:5s}: with V^T " + " ".join(f"{a:.1f}" for a, _ in x) + f" [{med([a for a, _ in x]):.1f}]; kernel alone " +
          " ".join(f"{b:.1f}" for _, b in x) + f" [{med([b for _, b in x]):.1f}]")
PY
{ echo "session 20 helper attn: call4.sh"; cat $R/gpu.txt; cat $R/progress.txt; echo; cat $R/ptxas.txt; echo; cat $R/table_summary.txt; } > $R/summary.txt
pack
cat $R/summary.txt
