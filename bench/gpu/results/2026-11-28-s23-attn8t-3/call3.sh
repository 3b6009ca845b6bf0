#!/bin/bash
# Session 23 (helper attn8t), call 3 on the H100: V in-kernel with one end word per V stage (call 2's fix), n9
# (-DTESSEL_ATTN_VT_IN_KERNEL=1 -DTESSEL_ATTN_PRODUCER_REGS=32) against o9 (main's configuration: this tree without the
# option, PTX equal to main's 61b5aab modulo mangled names). The helper's device share left room for the sweep and the
# 8k row only: n9's FP8 sweep (21 cases), then --time-only --reps 20 --pause-ms 1000, S = 8192 one row per process,
# 4 rounds, the order reversed every other round. No sanitizer.
#   cd .h/attn8t && bash bench/gpu/results/2026-11-28-s23-attn8t-3/call3.sh   -> $OUT/r3.tgz
set -u
OUT=${OUT:-/tmp/out}; R=/tmp/r3; mkdir -p $R $OUT; d=$PWD/bin; T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
chmod +x $d/attn_* 2>/dev/null
timeout 15 stdbuf -oL $d/attn_n9 --no-time > $R/check_n9.txt 2>&1; echo "rc=$?" >> $R/check_n9.txt
f=$R/check_n9.txt
echo "$(basename $f): $(grep -c '^ok' $f) ok, $(grep -c '^FAIL' $f) FAIL, largest $(grep -oE 'ratio [0-9.]+' $f | sort -k2 -g | tail -n 1), lse $(grep -oE 'lse rel [0-9.e-]+' $f | sort -k3 -g | tail -n 1); $(tail -n 1 $f)" >> $R/progress.txt
echo "check done at $(( $(date +%s) - T0 )) s" >> $R/progress.txt
if grep -q "21 ok, 0 FAIL" $R/progress.txt; then
  nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.active --format=csv,noheader -lms 500 > $R/clocks.txt 2>&1 & smi=$!
  for round in 1 2 3 4; do
    o="o9 n9"; [ $((round % 2)) = 0 ] && o="n9 o9"
    for name in $o; do
      TESSEL_BENCH_S=8192 timeout 20 $d/attn_$name --time-only --reps 20 --pause-ms 1000 2>&1 | grep -E "^time|error|FAIL" | sed "s/^/r$round $name /" | cut -c1-400 >> $R/table.txt
    done
  done
  kill $smi
fi
echo "timing done at $(( $(date +%s) - T0 )) s" >> $R/progress.txt
python3 bench/gpu/results/2026-11-28-s23-attn8t-1/summary.py $R/table.txt > $R/summary.txt 2>&1
tar czf $OUT/r3.tgz -C /tmp r3
cat $R/gpu.txt $R/progress.txt $R/summary.txt
