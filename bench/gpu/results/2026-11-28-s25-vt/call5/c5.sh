#!/bin/bash
# Session 25 call 5 (H100): the background transposer as a noinline call (9v1) against the builds without it (9xB,
# main at 40/232: 9p40) and with it inline (9xP); SASS of 9xB and 9xP's attention kernel.
set -u
OUT=${OUT:-/tmp/out}; R=/tmp/c5; mkdir -p $R $OUT; d=$PWD/.s25/bin; T0=$(date +%s)
el() { echo $(( $(date +%s) - T0 )); }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
cat $R/gpu.txt; grep -q H100 $R/gpu.txt || { echo "not an H100"; tar czf $OUT/c5.tgz -C /tmp c5; exit 0; }
chmod +x $d/attn_*
for n in 9y3; do
  cuobjdump -sass $d/attn_$n | awk '/Function : .*attention_kernel/{f=1} /Function : /&&!/attention_kernel/{f=0} f' | grep -E '^\s+/\*[0-9a-f]+\*/' | sed 's|/\* 0x[0-9a-f]* \*/||' | gzip > $R/sass_$n.txt.gz
done
echo "sass at $(el) s" >> $R/progress.txt
f=$R/check_9y3.txt; TESSEL_ATTN_VT_FUSED=1 timeout 60 stdbuf -oL $d/attn_9y3 --no-time > $f 2>&1; echo "rc=$?" >> $f
echo "check 9y3 fused: $(grep -c '^ok' $f) ok, $(grep -c '^FAIL' $f) FAIL; $(tail -n 2 $f | tr '\n' ' ') at $(el) s" >> $R/progress.txt
echo "uniform predicates in 9y3: $(zcat $R/sass_9y3.txt.gz | grep -c '@!*UP')" >> $R/progress.txt
TESSEL_ATTN_VT_FUSED=1 timeout 120 compute-sanitizer --tool memcheck $d/attn_9y3 --small > $R/memcheck.txt 2>&1
echo "memcheck rc=$? $(grep 'ERROR SUMMARY' $R/memcheck.txt) at $(el) s" >> $R/progress.txt
TESSEL_ATTN_VT_FUSED=1 timeout 150 compute-sanitizer --tool racecheck $d/attn_9y3 --small > $R/racecheck.txt 2>&1
echo "racecheck rc=$? $(grep 'RACECHECK SUMMARY' $R/racecheck.txt) at $(el) s" >> $R/progress.txt
names="9m 9p40 9xB 9y3:0 9y3:1"
rev=$(echo $names | tr ' ' '\n' | tac | tr '\n' ' ')
for round in 1 2 3 4; do
  o=$names; [ $((round % 2)) = 0 ] && o=$rev
  for nv in $o; do
    n=${nv%%:*}; v=${nv#*:}; [ "$v" = "$nv" ] && v=""; tag=$n${v:+f$v}
    TESSEL_ATTN_VT_FUSED=${v:-0} timeout 40 $d/attn_$n --time-only --reps 20 --pause-ms 1000 2>&1 | grep -E "^time|error|FAIL" | sed "s/^/r$round $tag /" | cut -c1-420 >> $R/table.txt
  done
  echo "round $round at $(el) s" >> $R/progress.txt
done
python3 .s25/summary.py $R/table.txt 9m > $R/summary.txt 2>&1
tar czf $OUT/c5.tgz -C /tmp c5
cat $R/progress.txt $R/summary.txt
