#!/bin/bash
# Session 22 (helper attn8b, issue 26), call 1 on the H100: FP8 d128 non-causal with the exponentials taken off the
# SFU's one-per-element MUFU.EX2, against main's kernel in the same call. Built on the workstation (nvcc 13.0 -O3
# sm_90a, 0 spills in each) and carried in bin/: 9 = main 1f57164's variant 9; 9h = this tree with
# -DTESSEL_ATTN_EXP_HALF=1 (pairs from one ex2.approx.f16x2, P from the f16 pairs, sums in f16x2 per 8 columns);
# 9eN = -DTESSEL_ATTN_EXP_EMU=N (N of 8 exponentials from the 9-instruction cubic on the FMA pipe).
#   cd .h/attn8b && bash bench/gpu/results/2026-11-28-s22-attn8b-1/call1.sh   -> $OUT/b1/
set -u
OUT=${OUT:-/tmp/out}; R=$OUT/b1; mkdir -p $R; d=$PWD/bin; S=$(dirname $0)
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
chmod +x $d/attn_* 2>/dev/null
C="9h 9e1 9e2 9e4"
for v in $C; do ( timeout 120 $d/attn_$v --no-time > $R/check_$v.txt 2>&1; echo "rc=$?" >> $R/check_$v.txt ) & done
for vt in 9h:memcheck 9e2:memcheck; do
  v=${vt%%:*} t=${vt#*:}
  ( timeout 150 compute-sanitizer --tool $t $d/attn_$v --small > $R/san_${t}_$v.txt 2>&1; echo "rc=$?" >> $R/san_${t}_$v.txt ) &
done
for v in 9 9h 9e2; do
  cuobjdump -sass $d/attn_$v 2>/dev/null | awk '/Function :/ {on = /attention_kernel/} on' > /tmp/k_$v.txt
  echo "$v: $(wc -l < /tmp/k_$v.txt) lines; MUFU.EX2 $(grep -c 'MUFU.EX2' /tmp/k_$v.txt) ($(grep -oE 'MUFU\.EX2[.A-Z0-9_]*' /tmp/k_$v.txt | sort | uniq -c | tr '\n' ' ')), F2FP $(grep -c F2FP /tmp/k_$v.txt) ($(grep -oE 'F2FP\.[.A-Z0-9_]*' /tmp/k_$v.txt | sort | uniq -c | tr '\n' ' ')), HADD2 $(grep -c HADD2 /tmp/k_$v.txt), FADD $(grep -c ' FADD' /tmp/k_$v.txt), FFMA $(grep -c ' FFMA' /tmp/k_$v.txt), FMNMX $(grep -c FMNMX /tmp/k_$v.txt), FMUL $(grep -c ' FMUL' /tmp/k_$v.txt), SHF/SHL/IMAD.SHL $(grep -cE 'SHF|SHL' /tmp/k_$v.txt)" >> $R/sass_counts.txt
  gzip -c /tmp/k_$v.txt > $R/k_$v.sass.gz
done
wait
for v in $C; do
  echo "sweep $v: $(grep -c '^ok' $R/check_$v.txt) ok, $(grep -c '^FAIL' $R/check_$v.txt) FAIL, largest $(grep -oE 'ratio [0-9.]+' $R/check_$v.txt | sort -k2 -g | tail -n 1), lse $(grep -oE 'lse rel [0-9.e-]+' $R/check_$v.txt | sort -k3 -g | tail -n 1); $(tail -n 1 $R/check_$v.txt)" >> $R/progress.txt
  grep exp2 $R/check_$v.txt | sed "s/^/  $v: /" >> $R/progress.txt
done
for f in $R/san_*; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -n 1) $(tail -n 1 $f)" >> $R/progress.txt; done
V="9 9h 9e1 9e2 9e4"; RV="9e4 9e2 9e1 9h 9"
for round in 1 2 3 4 5 6; do
  o=$V; [ $((round % 2)) = 0 ] && o=$RV
  for v in $o; do
    timeout 60 $d/attn_$v --time-only --reps 20 2>&1 | grep -E "^time|error" | sed "s/^/r$round $v /" | cut -c1-360 >> $R/table.txt
  done
done
# (run with a copy of attn8-3/summary.py in this folder, the same file; it is not kept twice)
python3 $S/../2026-11-28-s22-attn8-3/summary.py $R/table.txt > $R/summary.txt
cat $R/gpu.txt $R/sass_counts.txt $R/progress.txt $R/summary.txt
