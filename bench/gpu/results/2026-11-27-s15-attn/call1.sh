#!/bin/bash
# Session 15 (helper attn, issue 26), call 1 on the H100: the static walk's snake (AttentionWalk) for the causal
# rows whose scheduling is static (d64 bf16, FP8 d128/d256) and as a static alternative to the dynamic d128/d256
# causal defaults, session 14's "alt" kernel (call1-tileoverlap-kernel.diff of s14, TileOverlap_ off; its include/
# carried as build-attn/alt/include, not committed) at d64 causal, FP8 d128 non-causal BN 224 (FA3's tile).
# Build in parallel, the correctness sweep of each, memcheck + racecheck of the candidate defaults' small cases,
# then 3 rounds of --time-only --reps 20 (median of 20 each, variants alternated within a round), SDPA's cuDNN and
# FA2 between rounds 1 and 2. One archive.
set -u
OUT=${OUT:-/tmp/out}; W=/tmp/s15; R=$W/c1; mkdir -p $R $OUT; T0=$(date +%s); d=.attn_dev15; mkdir -p $d
el() { echo $(( $(date +%s) - T0 )); }
pack() { tar czf $OUT/call1.tgz -C $W c1 2>/dev/null; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
echo "nproc $(nproc); $(nvcc --version | tail -n 1)" >> $R/gpu.txt
V="1= 1sn=-DTESSEL_ATTN_SNAKE=1 3= 3ss=-DTESSEL_ATTN_DYNAMIC=0,-DTESSEL_ATTN_SNAKE=1 5= 5ss=-DTESSEL_ATTN_DYNAMIC=0,-DTESSEL_ATTN_SNAKE=1
   5ssb80=-DTESSEL_ATTN_DYNAMIC=0,-DTESSEL_ATTN_SNAKE=1,-DTESSEL_ATTN_BN=80 9= 9b224=-DTESSEL_ATTN_BN=224 10= 10sn=-DTESSEL_ATTN_SNAKE=1
   12= 12sn=-DTESSEL_ATTN_SNAKE=1"
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v"
all=""
for x in $V; do
  n=${x%%=*} f=${x#*=}; all="$all $n"
  ( $nv -Iinclude -DTESSEL_ATTN_VARIANT=${n%%[a-z]*} ${f//,/ } bench/gpu/attention_bench.cu -o $d/attn_$n > $d/build_$n.log 2>&1 ) &
done
( $nv -Ibuild-attn/alt/include -DTESSEL_ATTN_VARIANT=1 build-attn/alt/attention_bench.cu -o $d/attn_1alt > $d/build_1alt.log 2>&1 ) &
all="$all 1alt"
wait
echo "built [$all] at $(el) s" >> $R/progress.txt
for v in $all; do
  echo "variant $v: $(grep -A2 "Compiling entry function '_ZN6tessel7kernels14attention_sm9016attention_kernel" $d/build_$v.log | grep -E 'spill|registers' | tr -s ' ' | tr '\n' ' ') $(grep -c C75 $d/build_$v.log) C75xx"
  [ -x $d/attn_$v ] || { echo "variant $v: BUILD FAILED"; grep error $d/build_$v.log | head -3; }
done > $R/build.txt
for v in $all; do echo $v; done | xargs -P 7 -I{} sh -c "timeout 120 $d/attn_{} --no-time > $R/check_{}.txt 2>&1; echo \"rc=\$?\" >> $R/check_{}.txt"
cat $R/check_*.txt > $R/check_all.txt
echo "checks at $(el) s: $(grep -c '^ok' $R/check_all.txt) ok ($(grep -c '^ok.*varlen' $R/check_all.txt) varlen), $(grep -c '^FAIL' $R/check_all.txt) FAIL; largest ratio $(grep -oE 'ratio [0-9.]+' $R/check_all.txt | sort -k2 -g | tail -n 1); rc: $(grep -h '^rc=' $R/check_*.txt | sort | uniq -c | tr '\n' ' ')" >> $R/progress.txt
pack
$d/attn_1sn --small --describe > $R/describe_1sn.txt 2>&1
for v in 1sn 10sn; do for tool in memcheck racecheck; do
  timeout 100 compute-sanitizer --tool $tool $d/attn_$v --small > $R/san_${tool}_$v.txt 2>&1
  echo "sanitizer $tool $v: rc=$? $(grep -c '^ok' $R/san_${tool}_$v.txt) ok; $(tail -n 1 $R/san_${tool}_$v.txt)" >> $R/progress.txt
done; done
pack
round() { for v in $all; do [ -x $d/attn_$v ] && timeout 60 $d/attn_$v --time-only --reps 20 2>&1 | grep -E "^time|error" | sed "s/^/round $1 [$v] /"; done >> $R/rounds.txt; echo "round $1 at $(el) s" >> $R/progress.txt; }
round 1
PYTHONUNBUFFERED=1 timeout 100 python3 bench/gpu/attention_torch.py --reps 20 > $R/torch.txt 2>&1; echo "torch rc=$? at $(el) s" >> $R/progress.txt
pack
round 2
round 3
nvidia-smi --query-gpu=clocks.sm,temperature.gpu,power.draw --format=csv >> $R/gpu.txt 2>&1
pack
cat $R/gpu.txt $R/progress.txt $R/build.txt; grep -h FAIL $R/check_*.txt | head -5
sed -E 's/ \(median of 20\)//; s/; host.*//; s/ stages=2//; s/chains=4 skip-rescale k-ahead //' $R/rounds.txt | cut -c1-150; grep sdpa $R/torch.txt
