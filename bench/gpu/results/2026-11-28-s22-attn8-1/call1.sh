#!/bin/bash
# Session 22 (helper attn8, issue 26), call 1 on the H100: FP8 attention with SkipRescale_ 3 (each thread's own
# maxima tested against the kept ones first, one vote; a warp within the slack, 0.75 log2 over e4m3's 2^8, keeps its
# maxima, skips the quad maxima and O's rescale) against main's kernels. attention_bench built on the workstation
# (nvcc 13.0 -O3 sm_90a) and carried in bin/: 9, 10, 11 = main fea97e0's variants (e4m3 d128 non-causal, d128
# causal, d256 non-causal); 9k3, 10k3, 11k3 = this tree with -DTESSEL_ATTN_SKIP_RESCALE=3; 9k2 = with 2 (the
# quad maxima always, the slack, the rescale's vote).
#   cd .h/attn8 && bash bench/gpu/results/2026-11-28-s22-attn8-1/call1.sh   -> $OUT/a1/
set -u
OUT=${OUT:-/tmp/out}; R=$OUT/a1; mkdir -p $R; d=$PWD/bin
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
chmod +x $d/attn_* 2>/dev/null
C="9k3 9k2 10k3 11k3"
for v in 9 $C; do ( timeout 120 $d/attn_$v --no-time > $R/check_$v.txt 2>&1; echo "rc=$?" >> $R/check_$v.txt ) & done
for vt in 9k3:memcheck 9k3:racecheck 10k3:racecheck 11k3:memcheck; do
  v=${vt%%:*} t=${vt#*:}
  ( timeout 150 compute-sanitizer --tool $t $d/attn_$v --small > $R/san_${t}_$v.txt 2>&1; echo "rc=$?" >> $R/san_${t}_$v.txt ) &
done
for v in 9 9k3; do
  cuobjdump -sass $d/attn_$v 2>/dev/null | awk '/Function :/ {on = /attention_kernel/} on' > /tmp/k_$v.txt
  echo "$v: $(wc -l < /tmp/k_$v.txt) lines; QGMMA $(grep -c GMMA /tmp/k_$v.txt), MUFU.EX2 $(grep -c MUFU.EX2 /tmp/k_$v.txt), SHFL $(grep -c SHFL /tmp/k_$v.txt), VOTE $(grep -c VOTE /tmp/k_$v.txt), FMUL $(grep -c ' FMUL' /tmp/k_$v.txt), FMNMX $(grep -c FMNMX /tmp/k_$v.txt), F2FP $(grep -c F2FP /tmp/k_$v.txt), BRA $(grep -c BRA /tmp/k_$v.txt)" >> $R/sass_counts.txt
  gzip -c /tmp/k_$v.txt > $R/k_$v.sass.gz
done
wait
for v in 9 $C; do
  echo "sweep $v: $(grep -c '^ok' $R/check_$v.txt) ok ($(grep -c '^ok.*varlen' $R/check_$v.txt) varlen), $(grep -c '^FAIL' $R/check_$v.txt) FAIL, largest $(grep -oE 'ratio [0-9.]+' $R/check_$v.txt | sort -k2 -g | tail -n 1), lse $(grep -oE 'lse rel [0-9.e-]+' $R/check_$v.txt | sort -k3 -g | tail -n 1); $(tail -n 1 $R/check_$v.txt)" >> $R/progress.txt
done
for f in $R/san_*; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -n 1) $(tail -n 1 $f)" >> $R/progress.txt; done
V="9 9k3 9k2 10 10k3 11 11k3"; RV=$(echo $V | tr ' ' '\n' | tac | tr '\n' ' ')
for round in 1 2 3 4 5; do
  o=$V; [ $((round % 2)) = 0 ] && o=$RV
  for v in $o; do
    timeout 60 $d/attn_$v --time-only --reps 20 2>&1 | grep -E "^time|error" | sed "s/^/r$round $v /" | cut -c1-360 >> $R/table.txt
  done
done
python3 - $R/table.txt > $R/summary.txt <<'PY'
import re, sys, statistics as st, collections
d = collections.defaultdict(dict)
for l in open(sys.argv[1]):
    m = re.match(r'r(\d) (\w+) .*S=(\d+).*?([\d.]+) TFLOP/s \(median', l)
    k = re.search(r'kernel alone ([\d.]+)', l)
    if m: d[(m.group(2), int(m.group(3)))][int(m.group(1))] = (float(m.group(4)), float(k.group(1)) if k else 0.0)
for (v, S) in sorted(d, key=lambda x: (x[0].rstrip('k23') if False else x[0], x[1])):
    base = re.match(r'\d+', v).group(0)
    r = d[(v, S)]; b = d.get((base, S), {})
    rs = [r[i][0] / b[i][0] for i in sorted(r) if i in b]
    ks = [r[i][1] / b[i][1] for i in sorted(r) if i in b and b[i][1] > 0]
    print(f"{v:>5} S={S:>5}: {st.median(x[0] for x in r.values()):7.1f} TFLOP/s (kernel alone {st.median(x[1] for x in r.values()):7.1f}); "
          f"rounds {' '.join('%.1f' % r[i][0] for i in sorted(r))}; ratio to {base} {' '.join('%.3f' % x for x in rs)} [{st.median(rs):.3f}]"
          + (f", kernel alone [{st.median(ks):.3f}]" if ks else ""))
PY
tar czf $OUT/a1.tgz -C $OUT a1 2>/dev/null
cat $R/gpu.txt $R/progress.txt $R/sass_counts.txt $R/summary.txt
