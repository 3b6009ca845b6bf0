#!/bin/bash
# Session 20 (helper attn, issue 26), call 5 on the H100: FP8's non-causal defaults with the stream-K tail (call 4's
# 9sk / 11sk are now variants 9 / 11) and attention_choose_tail's threshold of 8 idle blocks a CTA: build, the sweeps
# of 9 and 11 (forced-tail cases included), memcheck + racecheck of 11 on the small cases, one kernel-alone pass each.
#   cd .h/attn && bash bench/gpu/results/2026-11-27-s20-attn-5/call5.sh   -> $OUT/attn5/summary.txt
set -u
T0=$(date +%s)
OUT=${OUT:-/tmp/out}; R=$OUT/attn5; d=$PWD/bin5
rm -rf $d; mkdir -p $R $d
el() { echo $(( $(date +%s) - T0 )); }
log() { echo "$*" >> $R/progress.txt; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v"
for v in 9 11; do ( $nv -Iinclude -DTESSEL_ATTN_VARIANT=$v bench/gpu/attention_bench.cu -o $d/attn_$v > $d/build_$v.log 2>&1 ) & done
wait
for v in 9 11; do log "build $v: $(grep -A2 'Compiling entry function .*attention_sm9016attention_kernel' $d/build_$v.log | grep -oE '[0-9]+ bytes spill stores|Used [0-9]+ registers' | tr '\n' ' ') $(grep -c 'C75[0-9][0-9]' $d/build_$v.log) C75xx"; done
for v in 9 11; do ( timeout 120 $d/attn_$v --no-time > $R/check_$v.txt 2>&1; echo "rc=$?" >> $R/check_$v.txt ) & done
for t in memcheck racecheck; do ( timeout 200 compute-sanitizer --tool $t $d/attn_11 --small > $R/san_${t}_11.txt 2>&1; echo "rc=$?" >> $R/san_${t}_11.txt ) & done
wait
for v in 9 11; do log "sweep $v: $(grep -c '^ok' $R/check_$v.txt) ok ($(grep -c '^ok.*stream-K tail forced' $R/check_$v.txt) forced tail), $(grep -c '^FAIL' $R/check_$v.txt) FAIL, largest $(grep -oE 'ratio [0-9.]+' $R/check_$v.txt | sort -k2 -g | tail -n 1); $(tail -n 2 $R/check_$v.txt | tr '\n' ' ')"; done
for t in memcheck racecheck; do log "sanitizer $t 11: $(tail -n 1 $R/san_${t}_11.txt) $(grep -c '^ok' $R/san_${t}_11.txt) ok; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $R/san_${t}_11.txt | tail -n 1)"; done
for v in 9 11; do timeout 40 $d/attn_$v --time-only --reps 20 2>&1 | grep -E "^time|error" | cut -c1-330 >> $R/table.txt; done
log "done at $(el) s"
cat $R/gpu.txt $R/progress.txt $R/table.txt
