#!/bin/bash
# Session 24 (helper attn8t), call 1 on the H100: FP8 V transposed in the kernel with ldmatrix / PRMT / stmatrix .trans
# (detail::VtTransposer), producer 40 / consumers 232 registers, V^T 2 stages (v2p40) and 3 stages (v3p40), against
# main's variant 9 (o9, a3655d0: V^T pass + PDL) and main's kernel at 40 / 232 (o9p40: what the registers alone cost).
# SASS counts; each candidate's FP8 sweep (21 cases); then --time-only --reps 20 --pause-ms 1000, S = 8192 one row per
# process, 4 rounds, the order reversed every other round. No sanitizer (call 2).
#   cd .h/attn8t && bash bench/gpu/results/2026-11-28-s24-attn8t-1/call1.sh   -> $OUT/r1.tgz
set -u
OUT=${OUT:-/tmp/out}; R=/tmp/r1; mkdir -p $R $OUT; d=$PWD/bin; T0=$(date +%s); here=$(dirname $0)
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
chmod +x $d/attn_* 2>/dev/null
for n in v2p40 v3p40 o9; do
  cuobjdump -sass $d/attn_$n > $R/sass_$n.txt 2>&1
  echo "$n: LDSM $(grep -c 'LDSM' $R/sass_$n.txt) STSM $(grep -c 'STSM' $R/sass_$n.txt) PRMT $(grep -c 'PRMT' $R/sass_$n.txt) LDL/STL $(grep -cE 'LDL|STL' $R/sass_$n.txt) HGMMA $(grep -c HGMMA $R/sass_$n.txt)" >> $R/progress.txt
done
ok=1
for n in v2p40 v3p40; do
  f=$R/check_$n.txt
  timeout 40 stdbuf -oL $d/attn_$n --no-time > $f 2>&1; echo "rc=$?" >> $f
  echo "$(basename $f): $(grep -c '^ok' $f) ok, $(grep -c '^FAIL' $f) FAIL, largest $(grep -oE 'ratio [0-9.]+' $f | sort -k2 -g | tail -n 1), lse $(grep -oE 'lse rel [0-9.e-]+' $f | sort -k3 -g | tail -n 1); $(tail -n 2 $f | tr '\n' ' ')" >> $R/progress.txt
  grep -q "21 passed, 0 failed" $f || ok=0
done
echo "checks done at $(( $(date +%s) - T0 )) s, ok=$ok" >> $R/progress.txt
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.active --format=csv,noheader -lms 500 > $R/clocks.txt 2>&1 & smi=$!
names="o9 v2p40 v3p40 o9p40"; [ $ok = 1 ] || names="o9 o9p40"
rev=$(echo $names | tr ' ' '\n' | tac | tr '\n' ' ')
for round in 1 2 3 4; do
  o=$names; [ $((round % 2)) = 0 ] && o=$rev
  for name in $o; do
    TESSEL_BENCH_S=8192 timeout 20 $d/attn_$name --time-only --reps 20 --pause-ms 1000 2>&1 | grep -E "^time|error|FAIL" | sed "s/^/r$round $name /" | cut -c1-400 >> $R/table.txt
  done
done
kill $smi
echo "timing done at $(( $(date +%s) - T0 )) s" >> $R/progress.txt
python3 $here/../2026-11-28-s23-attn8t-1/summary.py $R/table.txt > $R/summary.txt 2>&1
tar czf $OUT/r1.tgz -C /tmp r1
cat $R/gpu.txt $R/progress.txt $R/summary.txt
