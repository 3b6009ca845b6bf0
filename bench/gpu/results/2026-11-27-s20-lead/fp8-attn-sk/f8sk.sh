#!/bin/bash
# lead, session 20: FP8 d128 non-causal attention with the stream-K tail (StreamK_) against the default (H100)
set -u
D=.s20/lead/att; OUT=${OUT:-/tmp/out}; W=/tmp/w/f8sk; mkdir -p $W
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader > $W/card.txt 2>&1; cat $W/card.txt
pack() { tar czf $OUT/f8sk.tgz -C /tmp/w f8sk; }
t0=$(date +%s)
for v in 9 9sk; do ( timeout 100 $D/attn_$v --no-time > $W/check_$v.txt 2>&1; echo "rc=$?" >> $W/check_$v.txt ) & done; wait
for v in 9 9sk; do echo "sweep $v: $(grep -c '^ok' $W/check_$v.txt) ok, $(grep -c '^FAIL' $W/check_$v.txt) FAIL, forced tail $(grep -c 'forced' $W/check_$v.txt); $(tail -n 1 $W/check_$v.txt)" | tee -a $W/summary.txt; done
for t in memcheck racecheck; do ( timeout 120 compute-sanitizer --tool $t $D/attn_9sk --small > $W/san_$t.txt 2>&1; echo "rc=$?" >> $W/san_$t.txt ) & done; wait
for t in memcheck racecheck; do echo "$t 9sk: $(tail -n 1 $W/san_$t.txt) $(grep -c '^ok' $W/san_$t.txt) ok; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $W/san_$t.txt | tail -n 1)" | tee -a $W/summary.txt; done
echo "checks done $(( $(date +%s)-t0 ))s" | tee -a $W/summary.txt
pack
for r in 1 2 3 4 5 6; do
  if [ $((r % 2)) = 1 ]; then order="9 9sk"; else order="9sk 9"; fi
  for v in $order; do timeout 60 $D/attn_$v --time-only --reps 20 2>&1 | grep -E "^time" | sed "s/^/r$r $v /" >> $W/times.txt; done
done
echo "timing done $(( $(date +%s)-t0 ))s" | tee -a $W/summary.txt
pack
cat $W/summary.txt; cat $W/times.txt | cut -c1-220
