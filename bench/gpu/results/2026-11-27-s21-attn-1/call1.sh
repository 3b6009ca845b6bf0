#!/bin/bash
# Session 21 (helper attn, issue 26), call 1 on the H100: CrossTile_ (the next tile's first S = Q K^T under this
# tile's last P V and epilogue; the producer loads the next tile's Q and first K before this tile's last V) on the
# short configuration (bf16 d128 non-causal up to 2048 keys: BN 128, 2 Q buffers, TMA-store epilogue).
#   cd .h/attn && bash bench/gpu/results/2026-11-27-s21-attn-1/call1.sh   -> $OUT/attn1/summary.txt, $OUT/attn1.tgz
# Built on the workstation (nvcc 13.0 -O3 sm_90a) and carried in $X/bin (not committed; since moved to bin_s21/):
#  - attn_2sx / attn_2s: attention_bench variant 2 as the short configuration (bench flags S2 below) with / without
#    -DTESSEL_ATTN_CROSS_TILE=1;
#  - lib_main.so: python/tessel/_attention_capi.cu (bf16 d128) with main's include/ (the defaults);
#    lib_x1.so: capi_x.cu -DCAPI_CROSS=1 (the defaults, the short configuration with CrossTile_).
# Steps: the sweep of 2sx; memcheck and racecheck of 2sx --small; attention_pair.py --rows d128n2048 --rounds 7
# --reps 30 (main, x1 and SDPA's cuDNN alternated launch by launch); kernel alone (attention_bench --time-only
# --reps 20, 2s and 2sx alternated, 3 rounds; BN 128 at S = 2k, 8k, 16k).
# S2 = -DTESSEL_ATTN_BN=128 -DTESSEL_ATTN_EPI_TMA=1 -DTESSEL_ATTN_Q_STAGES=2 -DTESSEL_ATTN_NEXT_EARLY=1 -DTESSEL_ATTN_RESCALE_EARLY=0 -DTESSEL_ATTN_STREAM_K=0
set -u
T0=$(date +%s)
OUT=${OUT:-/tmp/out}; W=/tmp/s21attn1; R=$W/attn1
X=bench/gpu/results/2026-11-27-s21-attn-1; d=$PWD/$X/bin
rm -rf $W; mkdir -p $R $OUT/attn1
el() { echo $(( $(date +%s) - T0 )); }
log() { echo "$*" >> $R/progress.txt; }
pack() { cp $R/summary.txt $OUT/attn1/summary.txt 2>/dev/null; cp $R/progress.txt $OUT/attn1/progress.txt 2>/dev/null; tar czf $OUT/attn1.tgz -C $W attn1 2>/dev/null; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
chmod +x $d/attn_* $d/ex2_rate 2>/dev/null
# the SFU's rate for ex2.approx.f32 against ex2.approx.f16x2 (a lead for FP8's softmax), and their SASS
timeout 30 $d/ex2_rate > $R/ex2_rate.txt 2>&1
cuobjdump --dump-sass $d/ex2_rate 2>&1 | grep -E "Function|MUFU" | sort | uniq -c | sort -rn | head -20 >> $R/ex2_rate.txt
log "ex2 rate: $(grep -E '^ex2' $R/ex2_rate.txt | tr '\n' ' ')"
( timeout 150 $d/attn_2sx --no-time > $R/check_2sx.txt 2>&1; echo "rc=$?" >> $R/check_2sx.txt ) &
for t in memcheck racecheck; do
  ( timeout 150 compute-sanitizer --tool $t $d/attn_2sx --small > $R/san_${t}_2sx.txt 2>&1; echo "rc=$?" >> $R/san_${t}_2sx.txt ) &
done
wait
log "sweep 2sx: $(grep -c '^ok' $R/check_2sx.txt) ok ($(grep -c '^ok.*varlen' $R/check_2sx.txt) varlen), $(grep -c '^FAIL' $R/check_2sx.txt) FAIL, largest $(grep -oE 'ratio [0-9.]+' $R/check_2sx.txt | sort -k2 -g | tail -n 1), lse $(grep -oE 'lse rel [0-9.e-]+' $R/check_2sx.txt | sort -k3 -g | tail -n 1); $(tail -n 2 $R/check_2sx.txt | tr '\n' ' ')"
for t in memcheck racecheck; do
  log "sanitizer $t 2sx: $(tail -n 1 $R/san_${t}_2sx.txt) $(grep -c '^ok' $R/san_${t}_2sx.txt) ok; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $R/san_${t}_2sx.txt | tail -n 1)"
done
log "checks done at $(el) s"
pack
PYTHONUNBUFFERED=1 timeout 200 python3 bench/gpu/attention_pair.py --rows d128n2048 --rounds 7 --reps 30 --lib main=$d/lib_main.so --lib x1=$d/lib_x1.so > $R/pair.txt 2>&1
log "pair rc=$? at $(el) s: $(grep -c '^round' $R/pair.txt) row rounds"
pack
for r in 1 2 3; do for v in 2s 2sx; do echo "round $r $v" >> $R/table.txt; timeout 40 $d/attn_$v --time-only --reps 20 2>&1 | grep -E "^time|error" | cut -c1-300 >> $R/table.txt; done; done
log "table at $(el) s"
python3 $X/pair_summary.py $R/pair.txt > $R/pair_summary.txt 2>&1
{ echo "session 21 helper attn: call1.sh"; cat $R/gpu.txt; cat $R/progress.txt; echo; cat $R/ex2_rate.txt; echo; cat $R/pair_summary.txt; echo; cat $R/table.txt; } > $R/summary.txt
pack
cat $R/summary.txt
