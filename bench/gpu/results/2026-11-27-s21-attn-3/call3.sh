#!/bin/bash
# Session 21 (helper attn, issue 26), call 3 on the H100: the short configuration (bf16 d128 non-causal up to 2048 keys)
# with L2Next_ (the producer prefetches the next tile's Q and first K and V into L2 at each tile's start), and
# CrossTile_ 1 / 2 with it (the next tile's first S under the last P V and the epilogue; 2: in accumulators of its own).
#   cd .h/attn && bash bench/gpu/results/2026-11-27-s21-attn-3/call3.sh   -> $OUT/attn3/summary.txt, $OUT/attn3.tgz
# Built on the workstation (nvcc 13.0 -O3 sm_90a) and carried in bin_s21/ (not committed):
#  - attn_2spf, attn_2sx1pf, attn_2sx2pf: attention_bench variant 2 as the short configuration (S2 below) with
#    -DTESSEL_ATTN_L2_NEXT=1, and -DTESSEL_ATTN_CROSS_TILE=1 / 2; attn_2s without (the default short configuration);
#  - lib_main.so (python/tessel/_attention_capi.cu, bf16 d128, main's include/); lib_pf.so, lib_x1pf.so, lib_x2pf.so:
#    bench/gpu/results/2026-11-27-s21-attn-1/capi_x.cu -DCAPI_L2=1 [-DCAPI_CROSS=1|2].
# Steps: the SASS of 2s / 2sx1pf (counts); sweeps of the three; memcheck and racecheck of each --small;
# attention_pair.py --rows d128n2048 --rounds 7 --reps 30 (main, pf, x1pf, x2pf and cuDNN alternated); kernel alone
# (attention_bench --time-only --reps 20, 2s and 2spf alternated, 3 rounds).
# S2 = -DTESSEL_ATTN_BN=128 -DTESSEL_ATTN_EPI_TMA=1 -DTESSEL_ATTN_Q_STAGES=2 -DTESSEL_ATTN_NEXT_EARLY=1 -DTESSEL_ATTN_RESCALE_EARLY=0 -DTESSEL_ATTN_STREAM_K=0
set -u
T0=$(date +%s)
OUT=${OUT:-/tmp/out}; W=/tmp/s21attn3; R=$W/attn3
X=bench/gpu/results/2026-11-27-s21-attn-3; X1=bench/gpu/results/2026-11-27-s21-attn-1; d=$PWD/bin_s21
rm -rf $W; mkdir -p $R $OUT/attn3
el() { echo $(( $(date +%s) - T0 )); }
log() { echo "$*" >> $R/progress.txt; }
pack() { cp $R/summary.txt $OUT/attn3/summary.txt 2>/dev/null; cp $R/progress.txt $OUT/attn3/progress.txt 2>/dev/null; tar czf $OUT/attn3.tgz -C $W attn3 2>/dev/null; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
chmod +x $d/attn_* 2>/dev/null
for v in 2s 2sx1pf; do
  cuobjdump --dump-sass $d/attn_$v 2>&1 | awk '/Function : _ZN6tessel7kernels14attention_sm9016attention_kernel/{k=1} /Function : _ZN/ && !/attention_kernel/{k=0} k' > $R/sass_$v.txt
  echo "$v: $(grep -c 'HGMMA' $R/sass_$v.txt) HGMMA, $(grep -c 'WARPGROUP.DEPBAR' $R/sass_$v.txt) DEPBAR, $(grep -c 'WARPGROUP.ARRIVE' $R/sass_$v.txt) ARRIVE, $(grep -cE 'BAR\.(SYNC|ARV)' $R/sass_$v.txt) BAR, $(grep -cE '/\*[0-9a-f]{4}\*/' $R/sass_$v.txt) instructions" >> $R/sass_stats.txt
done
log "sass: $(cat $R/sass_stats.txt | tr '\n' ' ')"
V="2spf 2sx1pf 2sx2pf"
for v in $V; do
  ( timeout 150 $d/attn_$v --no-time > $R/check_$v.txt 2>&1; echo "rc=$?" >> $R/check_$v.txt ) &
  for t in memcheck racecheck; do
    ( timeout 150 compute-sanitizer --tool $t $d/attn_$v --small > $R/san_${t}_$v.txt 2>&1; echo "rc=$?" >> $R/san_${t}_$v.txt ) &
  done
done
wait
for v in $V; do
  log "sweep $v: $(grep -c '^ok' $R/check_$v.txt) ok ($(grep -c '^ok.*varlen' $R/check_$v.txt) varlen), $(grep -c '^FAIL' $R/check_$v.txt) FAIL, largest $(grep -oE 'ratio [0-9.]+' $R/check_$v.txt | sort -k2 -g | tail -n 1), lse $(grep -oE 'lse rel [0-9.e-]+' $R/check_$v.txt | sort -k3 -g | tail -n 1); $(tail -n 2 $R/check_$v.txt | tr '\n' ' ')"
  for t in memcheck racecheck; do
    log "sanitizer $t $v: $(tail -n 1 $R/san_${t}_$v.txt) $(grep -c '^ok' $R/san_${t}_$v.txt) ok; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $R/san_${t}_$v.txt | tail -n 1)"
  done
done
log "checks done at $(el) s"
pack
PYTHONUNBUFFERED=1 timeout 200 python3 bench/gpu/attention_pair.py --rows d128n2048 --rounds 7 --reps 30 --lib main=$d/lib_main.so --lib pf=$d/lib_pf.so --lib x1pf=$d/lib_x1pf.so --lib x2pf=$d/lib_x2pf.so > $R/pair.txt 2>&1
log "pair rc=$? at $(el) s: $(grep -c '^round' $R/pair.txt) row rounds"
pack
for r in 1 2 3; do for v in 2s 2spf; do echo "round $r $v" >> $R/table.txt; timeout 40 $d/attn_$v --time-only --reps 20 2>&1 | grep -E "^time|error" | cut -c1-300 >> $R/table.txt; done; done
log "table at $(el) s"
python3 $X1/pair_summary.py $R/pair.txt > $R/pair_summary.txt 2>&1
{ echo "session 21 helper attn: call3.sh"; cat $R/gpu.txt; cat $R/progress.txt; echo; cat $R/pair_summary.txt; echo; cat $R/table.txt; } > $R/summary.txt
pack
cat $R/summary.txt
