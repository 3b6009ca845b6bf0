#!/bin/bash
# Session 25 call 7 (H100): in-kernel V^T with the producer's wait cached once every chunk is written (9w: 24/240,
# 9w40: 40/232); fused 1 (first wave's heads in the prologue, the rest by warps 1-3) and 2 (every chunk in the
# prologue: the pass inside the kernel), against main (9m) and the same binary's pass (fused 0).
set -u
OUT=${OUT:-/tmp/out}; R=/tmp/c7; mkdir -p $R $OUT; d=$PWD/.s25/bin; T0=$(date +%s)
el() { echo $(( $(date +%s) - T0 )); }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
cat $R/gpu.txt; grep -q H100 $R/gpu.txt || { echo "not an H100"; tar czf $OUT/c7.tgz -C /tmp c7; exit 0; }
chmod +x $d/attn_*
for m in 1 2; do f=$R/check_9w_$m.txt; TESSEL_ATTN_VT_FUSED=$m timeout 60 stdbuf -oL $d/attn_9w --no-time > $f 2>&1; echo "rc=$?" >> $f
echo "check 9w fused=$m: $(grep -c '^ok' $f) ok, $(grep -c '^FAIL' $f) FAIL; $(tail -n 2 $f | tr '\n' ' ') at $(el) s" >> $R/progress.txt; done
names="9m 9w:0 9w:1 9w:2 9w40:1 9w40:2"
rev=$(echo $names | tr ' ' '\n' | tac | tr '\n' ' ')
for round in 1 2 3 4; do
  o=$names; [ $((round % 2)) = 0 ] && o=$rev
  for nv in $o; do
    n=${nv%%:*}; v=${nv#*:}; [ "$v" = "$nv" ] && v=""; tag=$n${v:+f$v}
    TESSEL_ATTN_VT_FUSED=${v:-0} timeout 40 $d/attn_$n --time-only --reps 20 --pause-ms 1000 2>&1 | grep -E "^time|error|FAIL" | sed "s/^/r$round $tag /" | cut -c1-420 >> $R/table.txt
  done
  echo "round $round at $(el) s" >> $R/progress.txt
done
python3 .s25/summary.py $R/table.txt > $R/summary.txt 2>&1
tar czf $OUT/c7.tgz -C /tmp c7
cat $R/progress.txt $R/summary.txt
