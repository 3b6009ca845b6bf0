#!/bin/bash
# Session 23 (helper attn, issue 26), call 3 on the H100: main's kernels (64cd002's include; the bench with
# TESSEL_BENCH_S) timed in two protocols, alternated round by round: A, the final calls' (one process per variant,
# the table's rows in turn: S = 2k, 8k, 16k); B, one process per row (TESSEL_BENCH_S=<S>). bf16 d128 non-causal
# (variant 2: FA3's 648 at 16k) and FP8 e4m3 d128 non-causal (variant 9: 1.0 PFLOP/s at S >= 8192). SM clock,
# power and the clock-event reasons sampled throughout. Binaries built on the workstation, carried in bin/.
#   cd .h/attn && bash bench/gpu/results/2026-11-28-s23-attn-3/call3.sh   -> $OUT/r3.tgz
set -u
OUT=${OUT:-/tmp/out}; R=/tmp/r3; mkdir -p $R $OUT; d=$PWD/bin; T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
chmod +x $d/attn_* 2>/dev/null
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.active --format=csv,noheader -lms 250 > $R/clocks.txt 2>&1 & smi=$!
protoA() { for v in 2 9; do echo "$(date +%T.%N | cut -c1-12) r$1 A a$v" >> $R/marks.txt
  timeout 60 $d/attn_a$v --time-only --reps 20 2>&1 | grep -E "^time|error|FAIL" | sed "s/^/r$1 A a$v /" | cut -c1-400 >> $R/table.txt; done; }
protoB() { for v in 2 9; do for s in 2048 8192 16384; do echo "$(date +%T.%N | cut -c1-12) r$1 B a$v $s" >> $R/marks.txt
  TESSEL_BENCH_S=$s timeout 60 $d/attn_a$v --time-only --reps 20 2>&1 | grep -E "^time|error|FAIL" | sed "s/^/r$1 B a$v /" | cut -c1-400 >> $R/table.txt; done; done; }
for round in 1 2 3 4 5 6; do
  if [ $((round % 2)) = 1 ]; then protoA $round; protoB $round; else protoB $round; protoA $round; fi
done
kill $smi
echo "timing done at $(( $(date +%s) - T0 )) s" >> $R/progress.txt
python3 bench/gpu/results/2026-11-28-s23-attn-3/summary3.py $R/table.txt > $R/summary.txt 2>&1
tar czf $OUT/r3.tgz -C /tmp r3
cat $R/gpu.txt $R/progress.txt $R/summary.txt
