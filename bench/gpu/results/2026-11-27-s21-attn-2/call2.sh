#!/bin/bash
# Session 21 (helper attn, issue 26), call 2 on the H100: CrossTile_ as committed to be timed (the next tile's first
# S = Q K^T under this tile's last P V and epilogue; the producer loads Q one tile ahead and this tile's last V after the
# next tile's first K) on the short configuration (bf16 d128 non-causal up to 2048 keys: BN 128, 2 Q buffers, TMA store).
#   cd .h/attn && bash bench/gpu/results/2026-11-27-s21-attn-2/call2.sh   -> $OUT/attn2/summary.txt, $OUT/attn2.tgz
# Built on the workstation (nvcc 13.0 -O3 sm_90a) and carried in bin_s21/ (not committed):
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
OUT=${OUT:-/tmp/out}; W=/tmp/s21attn2; R=$W/attn2
X=bench/gpu/results/2026-11-27-s21-attn-2; d=$PWD/bin_s21
rm -rf $W; mkdir -p $R $OUT/attn2
el() { echo $(( $(date +%s) - T0 )); }
log() { echo "$*" >> $R/progress.txt; }
pack() { cp $R/summary.txt $OUT/attn2/summary.txt 2>/dev/null; cp $R/progress.txt $OUT/attn2/progress.txt 2>/dev/null; tar czf $OUT/attn2.tgz -C $W attn2 2>/dev/null; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
chmod +x $d/attn_* 2>/dev/null
# the SASS of both kernels: instruction counts (wgmma, their waits and arrives, barriers, all)
for v in 2s 2sx; do
  cuobjdump --dump-sass --function '_ZN6tessel7kernels14attention_sm9016attention_kernel*' $d/attn_$v > $R/sass_$v.txt 2>&1 || cuobjdump --dump-sass $d/attn_$v > $R/sass_$v.txt 2>&1
  echo "$v: $(grep -c 'HGMMA' $R/sass_$v.txt) HGMMA, $(grep -c 'WARPGROUP.DEPBAR' $R/sass_$v.txt) DEPBAR, $(grep -c 'WARPGROUP.ARRIVE' $R/sass_$v.txt) ARRIVE, $(grep -c 'BAR.SYNC\|BAR.ARV' $R/sass_$v.txt) BAR, $(grep -cE '^ +/\*[0-9a-f]{4}\*/' $R/sass_$v.txt) instructions" >> $R/sass_stats.txt
done
log "sass: $(cat $R/sass_stats.txt | tr '\n' ' ')"
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
{ echo "session 21 helper attn: call2.sh"; cat $R/gpu.txt; cat $R/progress.txt; echo; cat $R/pair_summary.txt; echo; cat $R/table.txt; } > $R/summary.txt
pack
cat $R/summary.txt
