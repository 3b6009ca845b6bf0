#!/bin/bash
# Session 25 call 3 (H100): which part of the in-kernel V^T code slows variant 9 at 40/232 with the fused path off
# (pass mode): builds with the prologue, the background transposer, the TMA thread's wait left out; SASS of each.
set -u
OUT=${OUT:-/tmp/out}; R=/tmp/c3; mkdir -p $R $OUT; d=$PWD/.s25/bin; T0=$(date +%s)
el() { echo $(( $(date +%s) - T0 )); }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
cat $R/gpu.txt; grep -q H100 $R/gpu.txt || { echo "not an H100"; tar czf $OUT/c3.tgz -C /tmp c3; exit 0; }
chmod +x $d/attn_*
for n in 9p40 9xN 9xP 9xB 9xW 9xPB; do
  cuobjdump -sass -fun attention_kernel $d/attn_$n 2>/dev/null | grep -E '^\s+/\*[0-9a-f]+\*/' | sed 's|/\* 0x[0-9a-f]* \*/||' | gzip > $R/sass_$n.txt.gz
done
echo "sass at $(el) s" >> $R/progress.txt
names="9p40 9xN 9xP 9xB 9xW 9xPB 9g40"
rev=$(echo $names | tr ' ' '\n' | tac | tr '\n' ' ')
for round in 1 2 3; do
  o=$names; [ $((round % 2)) = 0 ] && o=$rev
  for n in $o; do
    TESSEL_ATTN_VT_FUSED=0 timeout 40 $d/attn_$n --time-only --reps 20 --pause-ms 1000 2>&1 | grep -E "^time|error|FAIL" | sed "s/^/r$round $n /" | cut -c1-420 >> $R/table.txt
  done
  echo "round $round at $(el) s" >> $R/progress.txt
done
python3 .s25/summary.py $R/table.txt 9p40 > $R/summary.txt 2>&1
tar czf $OUT/c3.tgz -C /tmp c3
cat $R/progress.txt $R/summary.txt
