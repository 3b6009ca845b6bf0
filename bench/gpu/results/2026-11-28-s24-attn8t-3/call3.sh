#!/bin/bash
# Session 24 (helper attn8t), call 3 on the H100: what limits the in-kernel transpose. v4 (V^T 4 stages, staging ring
# 2), v33 (V^T 3 stages, staging ring 3: VtInKernel_ 33), v3nr (V^T 3 stages with the transpose left out: V^T stale,
# wrong output, timing only), producer 40 / consumers 232, against main's variant 9 (o9, a3655d0's attention code).
# Sweep of v33 (21 cases); then --time-only --reps 20 --pause-ms 1000, every row (S = 2k, 8k, 16k), 4 rounds, the
# order reversed every other round.
#   cd .h/attn8t && bash bench/gpu/results/2026-11-28-s24-attn8t-3/call3.sh   -> $OUT/r3.tgz
set -u
OUT=${OUT:-/tmp/out}; R=/tmp/r3; mkdir -p $R $OUT; d=$PWD/bin; T0=$(date +%s); here=$(dirname $0)
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
chmod +x $d/attn_* 2>/dev/null
ok=1
for n in v33; do
  f=$R/check_$n.txt
  timeout 40 stdbuf -oL $d/attn_$n --no-time > $f 2>&1; echo "rc=$?" >> $f
  echo "$(basename $f): $(grep -c '^ok' $f) ok, $(grep -c '^FAIL' $f) FAIL, largest $(grep -oE 'ratio [0-9.]+' $f | sort -k2 -g | tail -n 1), lse $(grep -oE 'lse rel [0-9.e-]+' $f | sort -k3 -g | tail -n 1); $(tail -n 2 $f | tr '\n' ' ')" >> $R/progress.txt
  grep -q "21 passed, 0 failed" $f || ok=0
done
echo "checks done at $(( $(date +%s) - T0 )) s, ok=$ok" >> $R/progress.txt
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.active --format=csv,noheader -lms 500 > $R/clocks.txt 2>&1 & smi=$!
names="o9 v4 v33 v3nr"; [ $ok = 1 ] || names="o9 v4 v3nr"
rev=$(echo $names | tr ' ' '\n' | tac | tr '\n' ' ')
for round in 1 2 3 4; do
  o=$names; [ $((round % 2)) = 0 ] && o=$rev
  for name in $o; do
    timeout 30 $d/attn_$name --time-only --reps 20 --pause-ms 1000 2>&1 | grep -E "^time|error|FAIL" | sed "s/^/r$round $name /" | cut -c1-400 >> $R/table.txt
  done
done
kill $smi
echo "timing done at $(( $(date +%s) - T0 )) s" >> $R/progress.txt
python3 $here/../2026-11-28-s23-attn8t-1/summary.py $R/table.txt > $R/summary.txt 2>&1
tar czf $OUT/r3.tgz -C /tmp r3
cat $R/gpu.txt $R/progress.txt $R/summary.txt
