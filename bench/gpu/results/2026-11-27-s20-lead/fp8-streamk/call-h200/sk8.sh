#!/bin/bash
# lead, session 20: the FP8 promoted kernel's stream-K tail (H100): checks, sanitizers, fp8_pair default / k0 / k1 vs _scaled_mm
set -u
D=.s20/lead; OUT=${OUT:-/tmp/out}; W=/tmp/w/sk8; mkdir -p $W
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader > $W/card.txt 2>&1
pack() { tar czf $OUT/sk8.tgz -C /tmp/w sk8; }
export PYTHONUNBUFFERED=1
t0=$(date +%s)
timeout 120 $D/gemm_bench_fp8 --fp8 --small --no-time > $W/small.txt 2>&1; echo "small rc=$? $(grep -c '^ok' $W/small.txt) ok $(grep -c '^FAIL' $W/small.txt) FAIL; $(tail -n 1 $W/small.txt) $(( $(date +%s)-t0 ))s" | tee $W/summary.txt
grep "sk=" $W/small.txt | head -40 > $W/sk_lines.txt
( timeout 150 compute-sanitizer --tool memcheck $D/gemm_bench_fp8 --fp8 --stream-k --no-time > $W/memcheck.txt 2>&1; echo "rc=$?" >> $W/memcheck.txt ) &
( timeout 150 compute-sanitizer --tool racecheck $D/gemm_bench_fp8 --fp8 --stream-k --no-time > $W/racecheck.txt 2>&1; echo "rc=$?" >> $W/racecheck.txt ) &
( timeout 150 compute-sanitizer --tool synccheck $D/gemm_bench_fp8 --fp8 --stream-k --no-time > $W/synccheck.txt 2>&1; echo "rc=$?" >> $W/synccheck.txt ) &
wait
for f in memcheck racecheck synccheck; do echo "$f: $(tail -n 1 $W/$f.txt) $(grep -c '^ok' $W/$f.txt) ok $(grep -c '^FAIL' $W/$f.txt) FAIL; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $W/$f.txt | tr '\n' ' ')" | tee -a $W/summary.txt; done
echo "sanitizers done $(( $(date +%s)-t0 ))s" | tee -a $W/summary.txt
pack
timeout 330 python3 bench/gpu/fp8_pair.py --lib $D/libfp8.so --rounds 3 --reps 30 --variants default,default_k0,default_k1,default_s1_k0,default_s1_k1 > $W/pair.txt 2>&1; echo "pair rc=$? $(( $(date +%s)-t0 ))s" | tee -a $W/summary.txt
grep -E "accuracy|^median|ratio|FAIL" $W/pair.txt | tail -n 30 >> $W/summary.txt
pack
cat $W/summary.txt; tail -n 25 $W/pair.txt
