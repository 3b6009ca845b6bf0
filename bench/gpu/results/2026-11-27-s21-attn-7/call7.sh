#!/bin/bash
# Session 21 (helper attn, issue 26), call 7 on the H100: the tree to land (CrossTile_ on by default where it applies:
# the short configuration of 16-bit d128 non-causal; the warps converged at the tile loop's end), built on the
# workstation (nvcc 13.0 -O3 sm_90a) and carried in bin_s21/: attn_2s / attn_7s (attention_bench variants 2 / 7 with the
# short configuration's flags S2 below: bf16 / fp16), lib_new.so (python/tessel/_attention_capi.cu, bf16 d128, this
# tree), lib_main.so (main's, call 1).
#   cd .h/attn && bash bench/gpu/results/2026-11-27-s21-attn-7/call7.sh   -> $OUT/attn7/
# S2 = -DTESSEL_ATTN_BN=128 -DTESSEL_ATTN_EPI_TMA=1 -DTESSEL_ATTN_Q_STAGES=2 -DTESSEL_ATTN_NEXT_EARLY=1 -DTESSEL_ATTN_RESCALE_EARLY=0 -DTESSEL_ATTN_STREAM_K=0
set -u
OUT=${OUT:-/tmp/out}; R=$OUT/attn7; mkdir -p $R; d=$PWD/bin_s21
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
chmod +x $d/attn_* 2>/dev/null
V="2s 7s"
for v in $V; do
  ( timeout 100 $d/attn_$v --no-time > $R/check_$v.txt 2>&1; echo "rc=$?" >> $R/check_$v.txt ) &
  for t in memcheck racecheck; do
    ( timeout 100 compute-sanitizer --tool $t $d/attn_$v --small > $R/san_${t}_$v.txt 2>&1; echo "rc=$?" >> $R/san_${t}_$v.txt ) &
  done
done
wait
for v in $V; do
  echo "sweep $v: $(grep -c '^ok' $R/check_$v.txt) ok ($(grep -c '^ok.*varlen' $R/check_$v.txt) varlen), $(grep -c '^FAIL' $R/check_$v.txt) FAIL, largest $(grep -oE 'ratio [0-9.]+' $R/check_$v.txt | sort -k2 -g | tail -n 1), lse $(grep -oE 'lse rel [0-9.e-]+' $R/check_$v.txt | sort -k3 -g | tail -n 1); $(tail -n 2 $R/check_$v.txt | tr '\n' ' ')" >> $R/progress.txt
  for t in memcheck racecheck; do
    echo "sanitizer $t $v: $(tail -n 1 $R/san_${t}_$v.txt) $(grep -c '^ok' $R/san_${t}_$v.txt) ok; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $R/san_${t}_$v.txt | tail -n 1)" >> $R/progress.txt
  done
done
PYTHONUNBUFFERED=1 timeout 200 python3 bench/gpu/attention_pair.py --rows d128n2048,d128c2048 --rounds 5 --reps 30 --lib main=$d/lib_main.so --lib new=$d/lib_new.so > $R/pair.txt 2>&1; echo "rc=$?" >> $R/pair.txt
python3 bench/gpu/results/2026-11-27-s21-attn-1/pair_summary.py $R/pair.txt > $R/pair_summary.txt 2>&1
tar czf $OUT/attn7_raw.tgz -C $OUT attn7 2>/dev/null
cat $R/gpu.txt $R/progress.txt $R/pair_summary.txt
