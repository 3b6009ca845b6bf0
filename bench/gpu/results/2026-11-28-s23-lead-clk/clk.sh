#!/bin/bash
# lead, session 23: SM clock and power while the FP8 / bf16 d128 non-causal kernels run back to back (is 16k slower than 8k by clocks?)
OUT=${OUT:-/tmp/out}; mkdir -p $OUT/clk; W=$OUT/clk
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader > $W/card.txt
for v in 9 2 9; do
  nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw.instant,temperature.gpu --format=csv,noheader -lms 10 > $W/smi_$v.txt 2>&1 & sp=$!
  sleep 0.5; date +%T.%N > $W/t_$v.txt
  .s23/bin/attn_$v --time-only --reps 200 > $W/run_$v.txt 2>&1
  date +%T.%N >> $W/t_$v.txt; sleep 0.3; kill $sp
  cat $W/run_$v.txt | grep time | cut -c1-200
done
cd $OUT && tar czf clk.tgz clk && rm -rf clk
