#!/bin/bash
# Session 25 call 2 (H100): FP8 V^T written inside the attention kernel by the producer warpgroup's spare warps
# (AttentionVtWork) against main's separate pass. SASS of the spilling build (where the spills are); checks (sweep)
# fused and not; memcheck/racecheck fused --small; timing --time-only --reps 20 --pause-ms 1000, 4 rounds alternated.
set -u
OUT=${OUT:-/tmp/out}; R=/tmp/c2; mkdir -p $R $OUT; d=$PWD/.s25/bin; T0=$(date +%s)
el() { echo $(( $(date +%s) - T0 )); }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
cat $R/gpu.txt; grep -q H100 $R/gpu.txt || { echo "not an H100"; tar czf $OUT/c2.tgz -C /tmp c2; exit 0; }
chmod +x $d/attn_*
# SASS: the spills of 9f and 11f
for n in 9g40; do
  cuobjdump -sass $d/attn_$n > $R/sass_$n.txt 2>&1
  grep -n "Function :\|STL\|LDL" $R/sass_$n.txt > $R/spills_$n.txt
  gzip -f $R/sass_$n.txt
done
echo "sass at $(el) s: $(wc -l < $R/spills_9g40.txt) lines" >> $R/progress.txt
# checks
chk() { f=$R/check_$1_vt$2.txt; TESSEL_ATTN_VT_FUSED=$2 timeout 60 stdbuf -oL $d/attn_$1 --no-time > $f 2>&1; echo "rc=$?" >> $f
  echo "check $1 fused=$2: $(grep -c '^ok' $f) ok, $(grep -c '^FAIL' $f) FAIL; $(tail -n 2 $f | tr '\n' ' ') at $(el) s" >> $R/progress.txt; }
chk 9g40 1; chk 9g40 0; chk 11g 1
TESSEL_ATTN_VT_FUSED=1 timeout 120 compute-sanitizer --tool memcheck $d/attn_9g40 --small > $R/memcheck_9f.txt 2>&1
echo "memcheck 9f fused rc=$? $(grep 'ERROR SUMMARY' $R/memcheck_9f.txt) at $(el) s" >> $R/progress.txt
TESSEL_ATTN_VT_FUSED=1 timeout 150 compute-sanitizer --tool racecheck $d/attn_9g40 --small > $R/racecheck_9f.txt 2>&1
echo "racecheck 9f fused rc=$? $(grep 'RACECHECK SUMMARY\|ERROR SUMMARY' $R/racecheck_9f.txt | head -2 | tr '\n' ' ') at $(el) s" >> $R/progress.txt
tar czf $OUT/c2.tgz -C /tmp c2
# timing: name:fused
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.active --format=csv,noheader -lms 500 > $R/clocks.txt 2>&1 & smi=$!
names="9m 9p40 9g40:0 9g40:1 9g:1 11m 11g:1"
rev=$(echo $names | tr ' ' '\n' | tac | tr '\n' ' ')
for round in 1 2 3 4; do
  o=$names; [ $((round % 2)) = 0 ] && o=$rev
  for nv in $o; do
    n=${nv%%:*}; v=${nv#*:}; [ "$v" = "$nv" ] && v=""; tag=$n${v:+f$v}; [ -z "$v" ] && tag=$n
    TESSEL_ATTN_VT_FUSED=${v:-0} timeout 40 $d/attn_$n --time-only --reps 20 --pause-ms 1000 2>&1 | grep -E "^time|error|FAIL" | sed "s/^/r$round $tag /" | cut -c2-420 >> $R/table.txt
  done
  echo "round $round at $(el) s" >> $R/progress.txt
done
kill $smi
python3 .s25/summary.py $R/table.txt > $R/summary.txt 2>&1
tar czf $OUT/c2.tgz -C /tmp c2
cat $R/progress.txt $R/summary.txt; 
