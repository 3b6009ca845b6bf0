#!/bin/bash
# Session 21, lead: the warps converged at every attention tile loop's end (TESSEL_ATTN_CONVERGE_ALL) against main's
# kernels, attention_bench variants 9 (e4m3 d128 non-causal) and 2 (bf16 d128 non-causal), built on the workstation.
set -u
OUT=${OUT:-/tmp/out}; R=$OUT/sw; mkdir -p $R; d=$PWD/.s21/sw/bin; chmod +x $d/attn_*
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader > $R/gpu.txt 2>&1
for v in 9c 2c 3c; do
  ( timeout 100 $d/attn_$v --no-time > $R/check_$v.txt 2>&1; echo "rc=$?" >> $R/check_$v.txt ) &
  ( timeout 100 compute-sanitizer --tool racecheck $d/attn_$v --small > $R/race_$v.txt 2>&1; echo "rc=$?" >> $R/race_$v.txt ) &
done
wait
for v in 9c 2c 3c; do echo "sweep $v: $(grep -c '^ok' $R/check_$v.txt) ok, $(grep -c '^FAIL' $R/check_$v.txt) FAIL; $(tail -n 2 $R/check_$v.txt | tr '\n' ' '); racecheck $(grep -E 'RACECHECK SUMMARY' $R/race_$v.txt)" >> $R/progress.txt; done
for round in 1 2 3; do
  for v in 9m 9c 2m 2c 3m 3c; do
    timeout 60 $d/attn_$v --time-only --reps 20 2>&1 | grep -E "^time|error" | sed "s/^/r$round $v /" | cut -c1-330 >> $R/table.txt
  done
done
cat $R/gpu.txt $R/progress.txt
python3 - $R/table.txt <<'PY'
import re, sys, statistics as st, collections
d = collections.defaultdict(list)
for l in open(sys.argv[1]):
    m = re.match(r'r(\d) (\d)([mc]) .*S=(\d+).*?([\d.]+) TFLOP/s \(median', l)
    k = re.search(r'kernel alone ([\d.]+)', l)
    if m: d[(m.group(2), m.group(4), m.group(3))].append((float(m.group(5)), float(k.group(1)) if k else 0.0))
for (v, S, x) in sorted(set((a, b, 'm') for (a, b, c) in d)):
    m, c = d[(v, S, 'm')], d.get((v, S, 'c'), [])
    if not c: continue
    r = [cc[0] / mm[0] for mm, cc in zip(m, c)]
    print(f"variant {v} S={S}: main {st.median(a for a, _ in m):.1f} (kernel {st.median(b for _, b in m):.1f}), converged {st.median(a for a, _ in c):.1f} (kernel {st.median(b for _, b in c):.1f}) TFLOP/s; per-round ratio {' '.join('%.3f' % x for x in r)}")
PY
tar czf $OUT/sw.tgz -C $OUT sw
