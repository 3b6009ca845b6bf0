#!/bin/bash
# Session 20 (helper attn, issue 26), call 1 on the H100: the stream-K tail for the non-causal configurations
# (StreamK_: the static walk's last partial wave split along the keys among all CTAs, pieces merged by the tile's
# head) and d128 causal with BN 160 / 192 and one Q buffer.
#   cd .h/attn && bash bench/gpu/results/2026-11-27-s20-attn-1/call1.sh   -> $OUT/attn1/summary.txt, $OUT/attn1.tgz
# Everything built first on the device's 16 cores (nvcc 13.0 -O3 sm_90a, bench/gpu/results/2026-11-27-s20-attn-1/build.sh):
#  - attention_bench variants 0-13 (the defaults, the kernel changed for every configuration), 7sk, 2sk (the short
#    configuration + StreamK_), 2lk (d128 BN 192 + StreamK_), 0sk, 4sk (d64, d256 non-causal + StreamK_), 3c160,
#    3c192 (d128 causal BN 160 / BN 192 wide stores, one Q buffer): the sweeps (the stream-K variants with the tail
#    forced on a few CTAs); memcheck and racecheck of 2sk, 0sk, 4sk on the small cases;
#  - pair libraries of capi_v.cu: base (the defaults), sk (StreamK_ on every non-causal configuration), c160, c192;
#    attention_pair.py: the non-causal rows base / sk, 5 rounds of 30; the d128 causal rows base / c160 / c192, 3 rounds.
set -u
T0=$(date +%s)
OUT=${OUT:-/tmp/out}; W=/tmp/s20attn1; R=$W/attn1; d=$PWD/bin
X=bench/gpu/results/2026-11-27-s20-attn-1
rm -rf $W; mkdir -p $R $OUT/attn1
el() { echo $(( $(date +%s) - T0 )); }
log() { echo "$*" >> $R/progress.txt; }
pack() { cp $R/summary.txt $OUT/attn1/summary.txt 2>/dev/null; cp $R/progress.txt $OUT/attn1/progress.txt 2>/dev/null; tar czf $OUT/attn1.tgz -C $W attn1 2>/dev/null; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
mkdir -p $d
items="lib_base lib_sk lib_c160 lib_c192 2sk 2lk 0sk 4sk 3c160 3c192 0 1 2 3 4 5 6 7 8 9 10 11 12 13 7sk"
for v in $items; do echo $v; done | BIN=$d xargs -P 16 -I{} bash $X/build.sh {} > $R/builds.txt 2>&1
for f in $d/build_*.log; do
  b=$(basename $f .log)
  awk -v b="$b" '/Compiling entry function .*attention_sm9016attention_kernel/ {k = 1; n++; next}
    k && /spill stores/ {match($0, /[0-9]+ bytes spill stores/); s = substr($0, RSTART, RLENGTH)}
    k && /Used [0-9]+ registers/ {match($0, /Used [0-9]+ registers/); printf "%s kernel %d: %s, %s\n", b, n, s, substr($0, RSTART, RLENGTH); k = 0}' $f
  echo "$b: $(grep -c ': error' $f) errors, $(grep -c 'C75[0-9][0-9]' $f) C75xx"
done > $R/ptxas.txt 2>&1
log "builds at $(el) s: $(ls $d/attn_* 2>/dev/null | wc -l) bench, $(ls $d/lib_*.so 2>/dev/null | wc -l) libs; spilling: $(grep -E '[1-9][0-9]* bytes spill' $R/ptxas.txt | cut -d' ' -f1 | sort -u | tr '\n' ' '); C75xx: $(grep -E '[1-9][0-9]* C75xx' $R/ptxas.txt | cut -d: -f1 | tr '\n' ' ')"
all="2sk 2lk 0sk 4sk 3c160 3c192 0 1 2 3 4 5 6 7 8 9 10 11 12 13 7sk"
for v in $all; do echo $v; done | xargs -P 6 -I{} sh -c "[ -x $d/attn_{} ] && { timeout 120 $d/attn_{} --no-time > $R/check_{}.txt 2>&1; echo \"rc=\$?\" >> $R/check_{}.txt; }"
for v in $all; do log "sweep $v: $(grep -c '^ok' $R/check_$v.txt) ok ($(grep -c '^ok.*varlen' $R/check_$v.txt) varlen, $(grep -c '^ok.*stream-K tail forced' $R/check_$v.txt) forced tail), $(grep -c '^FAIL' $R/check_$v.txt) FAIL, largest $(grep -oE 'ratio [0-9.]+' $R/check_$v.txt | sort -k2 -g | tail -n 1); $(tail -n 2 $R/check_$v.txt | tr '\n' ' ')"; done
log "sweeps done at $(el) s"
pack
plibs() { for n in "$@"; do [ -f $d/lib_$n.so ] && printf -- "--lib %s=%s " $n $d/lib_$n.so; done; }
PYTHONUNBUFFERED=1 timeout 150 python3 bench/gpu/attention_pair.py --rows d64n,d128n,d256n --rounds 5 --reps 30 $(plibs base sk) > $R/pair_nc.txt 2>&1
log "pair non-causal rc=$? at $(el) s: $(grep -c '^round' $R/pair_nc.txt) row rounds"
pack
PYTHONUNBUFFERED=1 timeout 100 python3 bench/gpu/attention_pair.py --rows d128c --rounds 3 --reps 30 $(plibs base c160 c192) > $R/pair_c.txt 2>&1
log "pair causal rc=$? at $(el) s: $(grep -c '^round' $R/pair_c.txt) row rounds"
pack
SAN="memcheck:2sk racecheck:2sk memcheck:0sk racecheck:0sk memcheck:4sk racecheck:4sk"
for s in $SAN; do t=${s%%:*} v=${s#*:}
  ( timeout 150 compute-sanitizer --tool $t $d/attn_$v --small > $R/san_${t}_$v.txt 2>&1; echo "rc=$?" >> $R/san_${t}_$v.txt ) &
done
wait
for s in $SAN; do t=${s%%:*} v=${s#*:}
  log "sanitizer $t $v: $(tail -n 1 $R/san_${t}_$v.txt) $(grep -c '^ok' $R/san_${t}_$v.txt) ok; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $R/san_${t}_$v.txt | tail -n 1)"
done
log "done at $(el) s"
{ python3 $X/pair_summary.py $R/pair_nc.txt; python3 $X/pair_summary.py $R/pair_c.txt; } > $R/pair_summary.txt 2>&1
{ echo "session 20 helper attn: call1.sh"; cat $R/gpu.txt; cat $R/progress.txt; echo; cat $R/ptxas.txt; echo; cat $R/pair_summary.txt; } > $R/summary.txt
pack
cat $R/summary.txt
