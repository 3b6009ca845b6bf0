#!/bin/bash
# Session 20 (helper attn2, issue 26), call 2 on the H100: the tree with bf16 d64 causal's new defaults (K one block
# ahead of V, 3 K/V stages: call 1's two winners, here together) against main.
#   cd .h/attn2 && bash bench/gpu/results/2026-11-27-s20-attn2-2/call2.sh   -> $OUT/attn2_2/summary.txt, $OUT/attn2_2.tgz
#  - built on the device's 16 cores: pair libraries mainlib / newlib (python/tessel/_attention_capi.cu, bf16 d64, with
#    main's include/ and this tree's) and of capi_d64.cu (this tree): ka (K ahead alone), st3 (3 stages alone), kast4
#    (K ahead, 4 stages), nka (non-causal with K ahead); attention_bench variants 1 (new default), 6 (fp16 d64 causal,
#    new default), 1old (-DTESSEL_ATTN_K_AHEAD=0 -DTESSEL_ATTN_STAGES=2: main's), 0, 0ka (non-causal, K ahead);
#  - sweeps of 1, 6, 0ka; attention_pair.py, d64 rows at 8k and 16k, 5 rounds of 30;
#  - kernel-alone single passes (--time-only --reps 20): 1old / 1 and 0 / 0ka alternated, 3 rounds;
#  - compute-sanitizer memcheck and racecheck of 1, 6, 0ka on the small cases.
set -u
T0=$(date +%s)
OUT=${OUT:-/tmp/out}; W=/tmp/s20attn2b; R=$W/attn2_2; d=$PWD/bin_a2b
X=bench/gpu/results/2026-11-27-s20-attn2-2; X1=bench/gpu/results/2026-11-27-s20-attn-1
rm -rf $W $d; mkdir -p $R $d $OUT/attn2_2
el() { echo $(( $(date +%s) - T0 )); }
log() { echo "$*" >> $R/progress.txt; }
pack() { cp $R/summary.txt $OUT/attn2_2/summary.txt 2>/dev/null; cp $R/progress.txt $OUT/attn2_2/progress.txt 2>/dev/null; tar czf $OUT/attn2_2.tgz -C $W attn2_2 2>/dev/null; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v"
build() {  # name
  lf="-Ipython/tessel -Xcompiler -fPIC -Xcompiler -fno-gnu-unique"
  case $1 in
    mainlib) $nv -I../../include $lf -DTESSEL_ATTN_T=bf16 -DTESSEL_ATTN_D=64 -c ../../python/tessel/_attention_capi.cu -o $d/lib_$1.o > $d/build_$1.log 2>&1;;
    newlib) $nv -Iinclude $lf -DTESSEL_ATTN_T=bf16 -DTESSEL_ATTN_D=64 -c python/tessel/_attention_capi.cu -o $d/lib_$1.o > $d/build_$1.log 2>&1;;
    ka) $nv -Iinclude $lf -DX_KA=true -DX_STAGES=2 -c $X/capi_d64.cu -o $d/lib_$1.o > $d/build_$1.log 2>&1;;
    st3) $nv -Iinclude $lf -DX_KA=false -DX_STAGES=3 -c $X/capi_d64.cu -o $d/lib_$1.o > $d/build_$1.log 2>&1;;
    kast4) $nv -Iinclude $lf -DX_KA=true -DX_STAGES=4 -c $X/capi_d64.cu -o $d/lib_$1.o > $d/build_$1.log 2>&1;;
    nka) $nv -Iinclude $lf -DN_KA=true -c $X/capi_d64.cu -o $d/lib_$1.o > $d/build_$1.log 2>&1;;
    1old) $nv -Iinclude -DTESSEL_ATTN_VARIANT=1 -DTESSEL_ATTN_K_AHEAD=0 -DTESSEL_ATTN_STAGES=2 bench/gpu/attention_bench.cu -o $d/attn_$1 > $d/build_$1.log 2>&1;;
    0ka) $nv -Iinclude -DTESSEL_ATTN_VARIANT=0 -DTESSEL_ATTN_K_AHEAD=1 bench/gpu/attention_bench.cu -o $d/attn_$1 > $d/build_$1.log 2>&1;;
    *) $nv -Iinclude -DTESSEL_ATTN_VARIANT=$1 bench/gpu/attention_bench.cu -o $d/attn_$1 > $d/build_$1.log 2>&1;;
  esac
  case $1 in 1*|0*|6) ;; *) nvcc -shared -o $d/lib_$1.so $d/lib_$1.o >> $d/build_$1.log 2>&1;; esac
}
export -f build; export nv d X
items="mainlib newlib ka st3 kast4 nka 1 6 1old 0 0ka"
for v in $items; do echo $v; done | xargs -P 16 -I{} bash -c 'build {}'
for f in $d/build_*.log; do
  b=$(basename $f .log)
  awk -v b="$b" '/Compiling entry function .*attention_sm9016attention_kernel/ {k = 1; n++; next}
    k && /spill stores/ {match($0, /[0-9]+ bytes spill stores/); s = substr($0, RSTART, RLENGTH)}
    k && /Used [0-9]+ registers/ {match($0, /Used [0-9]+ registers/); printf "%s kernel %d: %s, %s\n", b, n, s, substr($0, RSTART, RLENGTH); k = 0}' $f
  echo "$b: $(grep -c ': error' $f) errors, $(grep -c 'C75[0-9][0-9]' $f) C75xx"
done > $R/ptxas.txt 2>&1
log "builds at $(el) s: $(ls $d/attn_* 2>/dev/null | wc -l) bench, $(ls $d/lib_*.so 2>/dev/null | wc -l) libs; spilling: $(grep -E '[1-9][0-9]* bytes spill' $R/ptxas.txt | cut -d' ' -f1 | sort -u | tr '\n' ' '); C75xx: $(grep -E '[1-9][0-9]* C75xx' $R/ptxas.txt | cut -d: -f1 | tr '\n' ' '); errors: $(grep -E '[1-9][0-9]* errors' $R/ptxas.txt | cut -d: -f1 | tr '\n' ' ')"
for b in $items; do [ -f $d/lib_$b.so ] || [ -x $d/attn_$b ] || { log "build $b failed:"; grep -m 5 -E 'error' $d/build_$b.log >> $R/progress.txt; }; done
all="1 6 0ka"
for v in $all; do echo $v; done | xargs -P 3 -I{} sh -c "[ -x $d/attn_{} ] && { timeout 120 $d/attn_{} --no-time > $R/check_{}.txt 2>&1; echo \"rc=\$?\" >> $R/check_{}.txt; }"
for v in $all; do log "sweep $v: $(grep -c '^ok' $R/check_$v.txt) ok ($(grep -c '^ok.*varlen' $R/check_$v.txt) varlen), $(grep -c '^FAIL' $R/check_$v.txt) FAIL, largest $(grep -oE 'ratio [0-9.]+' $R/check_$v.txt | sort -k2 -g | tail -n 1), lse $(grep -oE 'lse rel [0-9.e-]+' $R/check_$v.txt | sort -k3 -g | tail -n 1); $(tail -n 2 $R/check_$v.txt | tr '\n' ' ')"; done
log "sweeps done at $(el) s"
pack
plibs() { for n in "$@"; do [ -f $d/lib_$n.so ] && printf -- "--lib %s=%s " $n $d/lib_$n.so; done; }
PYTHONUNBUFFERED=1 timeout 150 python3 bench/gpu/attention_pair.py --rows d64,d64c16384,d64n16384 --rounds 5 --reps 30 $(plibs mainlib newlib ka st3 kast4 nka) > $R/pair.txt 2>&1
log "pair rc=$? at $(el) s: $(grep -c '^round' $R/pair.txt) row rounds"
python3 $X1/pair_summary.py $R/pair.txt > $R/pair_summary.txt 2>&1
pack
for r in 1 2 3; do for v in 1old 1 0 0ka; do echo "round $r $v: $(timeout 40 $d/attn_$v --time-only --reps 20 2>&1 | grep -E '^time|error' | cut -c1-300)" >> $R/table.txt; done; done
log "table at $(el) s"
for v in $all; do for t in memcheck racecheck; do
  ( timeout 150 compute-sanitizer --tool $t $d/attn_$v --small > $R/san_${t}_$v.txt 2>&1; echo "rc=$?" >> $R/san_${t}_$v.txt ) &
done; done
wait
for v in $all; do for t in memcheck racecheck; do
  log "sanitizer $t $v: $(tail -n 1 $R/san_${t}_$v.txt) $(grep -c '^ok' $R/san_${t}_$v.txt) ok; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $R/san_${t}_$v.txt | tail -n 1)"
done; done
log "done at $(el) s"
{ echo "session 20 helper attn2: call2.sh"; cat $R/gpu.txt; cat $R/progress.txt; echo; cat $R/ptxas.txt; echo; cat $R/pair_summary.txt; echo; cat $R/table.txt; } > $R/summary.txt
pack
cat $R/summary.txt
