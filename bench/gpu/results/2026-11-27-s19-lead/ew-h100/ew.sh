#!/bin/bash
# session 19 lead: FP8 d128 with 3 consumer warpgroups (BN 96 / 64) against the defaults (H100)
set -u
OUT=${OUT:-/tmp/out}; R=/tmp/ew/r; d=.s19/bin3; mkdir -p $R $OUT
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
V9="9 9ew 9sq 9sqew"; V10="10 10ew"; V2="11 11ew"; V11="12 12ew"
for v in $V9 $V10 $V2 $V11; do echo $v; done | xargs -P 4 -I{} sh -c "timeout 120 $d/attn_{} --no-time > $R/check_{}.txt 2>&1; echo rc=\$? >> $R/check_{}.txt"
for v in $V9 $V10 $V2 $V11; do echo "$v: $(grep -c '^ok' $R/check_$v.txt) ok $(grep -c '^FAIL' $R/check_$v.txt) FAIL $(tail -n1 $R/check_$v.txt)"; done > $R/progress.txt
for s in memcheck:9sqew racecheck:9sqew memcheck:9ew racecheck:10ew memcheck:11ew racecheck:12ew; do t=${s%%:*}; v=${s#*:}
  ( timeout 120 compute-sanitizer --tool $t $d/attn_$v --small > $R/san_${t}_$v.txt 2>&1; echo rc=$? >> $R/san_${t}_$v.txt ) &
done; wait
for f in $R/san_*; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -n1) $(grep -c '^ok' $f) ok $(tail -n1 $f)"; done >> $R/progress.txt
for r in 1 2 3 4 5 6; do
  for vs in "$V9" "$V10" "$V2" "$V11"; do
    order=$vs; [ $((r % 2)) = 0 ] && order=$(echo $vs | tr ' ' '\n' | tac | tr '\n' ' ')
    for v in $order; do timeout 60 $d/attn_$v --time-only --reps 20 2>&1 | grep -E "^time|error" | sed "s/^/round $r [$v] /" >> $R/time.txt; done
  done
done
python3 - $R/time.txt > $R/time_summary.txt 2>&1 <<'PY'
import re, sys
from collections import defaultdict
t = defaultdict(dict); ka = defaultdict(dict); order = []
for line in open(sys.argv[1]):
    m = re.match(r"round (\d+) \[(\w+)\] time .*? S=(\d+) .*?: [0-9.]+ ms, ([0-9.]+) TFLOP/s(?:.*?kernel alone ([0-9.]+))?", line)
    if not m: continue
    r, v, s, tf, k = int(m.group(1)), m.group(2), int(m.group(3)), float(m.group(4)), float(m.group(5) or 0)
    t[(v, s)][r] = tf; ka[(v, s)][r] = k
    if v not in order: order.append(v)
med = lambda x: sorted(x)[len(x) // 2] if x else float("nan")
print("TFLOP/s with the V^T pass per round [median] (kernel alone, median); per-round ratio to the same round's default (9 / 10) [median]")
for v in order:
    base = re.match(r"\d+", v).group(0)
    for s in sorted({k[1] for k in t if k[0] == v}):
        x = t[(v, s)]; b = t[(base, s)]
        rr = [x[r] / b[r] for r in sorted(x) if r in b]
        print(f"{v:5s} S={s:5d}: " + " ".join(f"{x[r]:7.1f}" for r in sorted(x)) + f"  [{med(list(x.values())):7.1f}] ({med(list(ka[(v, s)].values())):7.1f})  ratio " +
              " ".join(f"{a:.3f}" for a in rr) + f" [{med(rr):.3f}]")
PY
{ cat $R/gpu.txt; cat $R/progress.txt; cat $R/time_summary.txt; } > $OUT/summary.txt
tar czf $OUT/ew.tgz -C /tmp/ew r
cat $OUT/summary.txt
