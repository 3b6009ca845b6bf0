#!/bin/bash
# Session 21 (helper attn, issue 26), call 6 on the H100: CrossTile_ 1 with one statement at the end of the consumers'
# tile loop (fix.diff, TESSEL_ATTN_FIX 1-4; see capi_fix.cu), after call 5's stamps made it even with main.
# Built on the workstation against main + ../2026-11-27-s21-attn-3/cross_tile_l2next.diff + fix.diff (the bench with
# that diff's bench part), carried in bin_s21/: lib_f1..f4.so (capi_fix.cu -DCAPI_CROSS=1 -DTESSEL_ATTN_FIX=n),
# lib_x1.so (call 2's CrossTile_ 1), lib_main.so (call 1); attn_2sxf1/2/4 (bench variant 2, the short configuration's
# flags, -DTESSEL_ATTN_CROSS_TILE=1 -DTESSEL_ATTN_FIX=n).
#   cd .h/attn && bash bench/gpu/results/2026-11-27-s21-attn-6/call6.sh   -> $OUT/attn6/
set -u
OUT=${OUT:-/tmp/out}; R=$OUT/attn6; mkdir -p $R; d=$PWD/bin_s21
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
chmod +x $d/attn_* 2>/dev/null
V="2sxf1 2sxf2 2sxf4"
for v in $V; do
  ( timeout 100 $d/attn_$v --no-time > $R/check_$v.txt 2>&1; echo "rc=$?" >> $R/check_$v.txt ) &
  for t in memcheck racecheck; do
    ( timeout 100 compute-sanitizer --tool $t $d/attn_$v --small > $R/san_${t}_$v.txt 2>&1; echo "rc=$?" >> $R/san_${t}_$v.txt ) &
  done
done
wait
for v in $V; do
  echo "sweep $v: $(grep -c '^ok' $R/check_$v.txt) ok ($(grep -c '^ok.*varlen' $R/check_$v.txt) varlen), $(grep -c '^FAIL' $R/check_$v.txt) FAIL, largest $(grep -oE 'ratio [0-9.]+' $R/check_$v.txt | sort -k2 -g | tail -n 1); $(tail -n 2 $R/check_$v.txt | tr '\n' ' ')" >> $R/progress.txt
  for t in memcheck racecheck; do
    echo "sanitizer $t $v: $(tail -n 1 $R/san_${t}_$v.txt) $(grep -c '^ok' $R/san_${t}_$v.txt) ok; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $R/san_${t}_$v.txt | tail -n 1)" >> $R/progress.txt
  done
done
L=""; for n in main x1 f1 f2 f3 f4; do L="$L --lib $n=$d/lib_$n.so"; done
PYTHONUNBUFFERED=1 timeout 200 python3 bench/gpu/attention_pair.py --rows d128n2048 --rounds 7 --reps 30 $L > $R/pair.txt 2>&1; echo "rc=$?" >> $R/pair.txt
python3 bench/gpu/results/2026-11-27-s21-attn-1/pair_summary.py $R/pair.txt > $R/pair_summary.txt 2>&1
cat $R/gpu.txt $R/progress.txt $R/pair_summary.txt
