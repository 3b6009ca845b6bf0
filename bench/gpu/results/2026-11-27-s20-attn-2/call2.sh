#!/bin/bash
# Session 20 (helper attn, issue 26), call 2 on the H100: the new defaults (16-bit d128 causal BN 192 with one Q
# buffer and O from registers as 16-byte vectors, its short configuration below 2048 keys session 19's; the stream-K
# tail for d64 and d128 non-causal) against main.
#   cd .h/attn && bash bench/gpu/results/2026-11-27-s20-attn-2/call2.sh   -> $OUT/attn2/summary.txt, $OUT/attn2.tgz
#  - built on the device's 16 cores: attention_bench variants 0-13 (the new defaults), 2s and 3s (the short
#    configurations of both masks, as attention_bench flags); pair libraries of python/tessel/_attention_capi.cu
#    (tessel.cuda.attention's C unit, bf16 d64 + d128 + d256): main (main's include/, the checkout the call runs in)
#    and new (this tree's);
#  - the sweeps; memcheck and racecheck of 0, 2, 3, 7, 13, 2s, 3s on the small cases;
#  - attention_pair.py main / new, all rows and d128 S = 4096 (both masks), 5 rounds of 30;
#  - kernel-alone single pass of the new defaults (attention_bench --time-only --reps 20, variants 0-5).
set -u
T0=$(date +%s)
OUT=${OUT:-/tmp/out}; W=/tmp/s20attn2; R=$W/attn2; d=$PWD/bin2
X=bench/gpu/results/2026-11-27-s20-attn-2; X1=bench/gpu/results/2026-11-27-s20-attn-1
rm -rf $W $d; mkdir -p $R $d $OUT/attn2
el() { echo $(( $(date +%s) - T0 )); }
log() { echo "$*" >> $R/progress.txt; }
pack() { cp $R/summary.txt $OUT/attn2/summary.txt 2>/dev/null; cp $R/progress.txt $OUT/attn2/progress.txt 2>/dev/null; tar czf $OUT/attn2.tgz -C $W attn2 2>/dev/null; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v"
S2="-DTESSEL_ATTN_BN=128 -DTESSEL_ATTN_EPI_TMA=1 -DTESSEL_ATTN_Q_STAGES=2 -DTESSEL_ATTN_NEXT_EARLY=1 -DTESSEL_ATTN_RESCALE_EARLY=0 -DTESSEL_ATTN_STREAM_K=0"
S3="-DTESSEL_ATTN_BN=128 -DTESSEL_ATTN_EPI_TMA=1 -DTESSEL_ATTN_Q_STAGES=2"
build() {  # name
  case $1 in
    lib_*) n=${1#lib_}; D=${n##*_}; t=${n%_*}; inc=include; py=python/tessel; [ $t = main ] && inc=../../include py=../../python/tessel
      $nv -I$inc -I$py -Xcompiler -fPIC -Xcompiler -fno-gnu-unique -DTESSEL_ATTN_T=bf16 -DTESSEL_ATTN_D=$D -c $py/_attention_capi.cu -o $d/$1.o > $d/build_$1.log 2>&1;;
    2s) $nv -Iinclude -DTESSEL_ATTN_VARIANT=2 $S2 bench/gpu/attention_bench.cu -o $d/attn_$1 > $d/build_$1.log 2>&1;;
    3s) $nv -Iinclude -DTESSEL_ATTN_VARIANT=3 $S3 bench/gpu/attention_bench.cu -o $d/attn_$1 > $d/build_$1.log 2>&1;;
    *) $nv -Iinclude -DTESSEL_ATTN_VARIANT=$1 bench/gpu/attention_bench.cu -o $d/attn_$1 > $d/build_$1.log 2>&1;;
  esac
}
export -f build; export nv d S2 S3
items="lib_main_128 lib_new_128 lib_main_64 lib_new_64 lib_main_256 lib_new_256 3 2 0 7 13 2s 3s 1 4 5 6 8 9 10 11 12"
for v in $items; do echo $v; done | xargs -P 16 -I{} bash -c 'build {}'
for n in main new; do nvcc -shared -o $d/lib_$n.so $d/lib_${n}_64.o $d/lib_${n}_128.o $d/lib_${n}_256.o > $d/link_$n.log 2>&1; done
for f in $d/build_*.log; do
  b=$(basename $f .log)
  awk -v b="$b" '/Compiling entry function .*attention_sm9016attention_kernel/ {k = 1; n++; next}
    k && /spill stores/ {match($0, /[0-9]+ bytes spill stores/); s = substr($0, RSTART, RLENGTH)}
    k && /Used [0-9]+ registers/ {match($0, /Used [0-9]+ registers/); printf "%s kernel %d: %s, %s\n", b, n, s, substr($0, RSTART, RLENGTH); k = 0}' $f
  echo "$b: $(grep -c ': error' $f) errors, $(grep -c 'C75[0-9][0-9]' $f) C75xx"
done > $R/ptxas.txt 2>&1
log "builds at $(el) s: $(ls $d/attn_* 2>/dev/null | wc -l) bench, $(ls $d/lib_*.so 2>/dev/null | wc -l) libs; spilling: $(grep -E '[1-9][0-9]* bytes spill' $R/ptxas.txt | cut -d' ' -f1 | sort -u | tr '\n' ' '); C75xx: $(grep -E '[1-9][0-9]* C75xx' $R/ptxas.txt | cut -d: -f1 | tr '\n' ' ')"
all="0 1 2 3 4 5 6 7 8 9 10 11 12 13 2s 3s"
for v in $all; do echo $v; done | xargs -P 6 -I{} sh -c "[ -x $d/attn_{} ] && { timeout 120 $d/attn_{} --no-time > $R/check_{}.txt 2>&1; echo \"rc=\$?\" >> $R/check_{}.txt; }"
for v in $all; do log "sweep $v: $(grep -c '^ok' $R/check_$v.txt) ok ($(grep -c '^ok.*varlen' $R/check_$v.txt) varlen, $(grep -c '^ok.*stream-K tail forced' $R/check_$v.txt) forced tail), $(grep -c '^FAIL' $R/check_$v.txt) FAIL, largest $(grep -oE 'ratio [0-9.]+' $R/check_$v.txt | sort -k2 -g | tail -n 1), lse $(grep -oE 'lse rel [0-9.e-]+' $R/check_$v.txt | sort -k3 -g | tail -n 1); $(tail -n 2 $R/check_$v.txt | tr '\n' ' ')"; done
log "sweeps done at $(el) s"
pack
PYTHONUNBUFFERED=1 timeout 200 python3 bench/gpu/attention_pair.py --rows d64,d128,d256,d128c4096,d128n4096 --rounds 5 --reps 30 --lib main=$d/lib_main.so --lib new=$d/lib_new.so > $R/pair.txt 2>&1
log "pair rc=$? at $(el) s: $(grep -c '^round' $R/pair.txt) row rounds"
pack
for r in 0 1 2 3 4 5; do timeout 40 $d/attn_$r --time-only --reps 20 2>&1 | grep -E "^time|error" | cut -c1-300 >> $R/table.txt; done
log "table at $(el) s"
SAN="0 2 3 7 13 2s 3s"
for v in $SAN; do for t in memcheck racecheck; do
  ( timeout 200 compute-sanitizer --tool $t $d/attn_$v --small > $R/san_${t}_$v.txt 2>&1; echo "rc=$?" >> $R/san_${t}_$v.txt ) &
done; done
wait
for v in $SAN; do for t in memcheck racecheck; do
  log "sanitizer $t $v: $(tail -n 1 $R/san_${t}_$v.txt) $(grep -c '^ok' $R/san_${t}_$v.txt) ok; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $R/san_${t}_$v.txt | tail -n 1)"
done; done
log "done at $(el) s"
python3 $X1/pair_summary.py $R/pair.txt > $R/pair_summary.txt 2>&1
{ echo "session 20 helper attn: call2.sh"; cat $R/gpu.txt; cat $R/progress.txt; echo; cat $R/ptxas.txt; echo; cat $R/pair_summary.txt; echo; cat $R/table.txt; } > $R/summary.txt
pack
cat $R/summary.txt
