#!/bin/bash
# Session 15 (helper attn, issue 26), call 2 on the H100, tree 722d199 (the snake default for the causal mask, d256
# causal static BN 80): every default variant 0-12 built, its sweep, memcheck + racecheck of the new defaults' small
# cases (5: bf16 d256 causal, 12: FP8 d256 causal), then 3 rounds of --time-only --reps 20 of
# the defaults and three d128 causal candidates (no TMA-store epilogue, ping-pong, K one block ahead), SDPA's cuDNN
# and FA2 after rounds 1 and 3, SM clock and power sampled by nvidia-smi every 100 ms throughout the timings, Nsight
# Compute metrics of variant 3's last S = 8192 and first S = 16384 launches (clocks not locked), then
# tessel.cuda.attention's library build and sweep (attention_py.py). One archive.
set -u
OUT=${OUT:-/tmp/out}; W=/tmp/s15; R=$W/c2; mkdir -p $R $OUT; T0=$(date +%s); d=.attn_dev15b; mkdir -p $d
el() { echo $(( $(date +%s) - T0 )); }
pack() { tar czf $OUT/call2.tgz -C $W c2 2>/dev/null; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
V="0= 1= 2= 3= 4= 5= 6= 7= 8= 9= 10= 11= 12= 3e0=-DTESSEL_ATTN_EPI_TMA=0 3p=-DTESSEL_ATTN_PINGPONG=1 3a=-DTESSEL_ATTN_K_AHEAD=1"
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v -Iinclude"
export TESSEL_CUDA_CACHE=$PWD/$d/pycache
# tessel.cuda.attention's library, built beside the bench variants (attention_py.py then finds it in its cache)
( PYTHONUNBUFFERED=1 timeout 200 python3 -c "
import importlib.util, time
s = importlib.util.spec_from_file_location('tessel_cuda', 'python/tessel/cuda.py'); m = importlib.util.module_from_spec(s); s.loader.exec_module(m)
t = time.time(); m.build(); print('tessel.cuda.attention library: %.1f s wall beside the bench builds, %d units' % (time.time() - t, len(m._units('attention')[1])))
" > $R/pybuild.txt 2>&1 ) &
pyb=$!
all=""
for x in $V; do
  n=${x%%=*} f=${x#*=}; all="$all $n"
  ( $nv -DTESSEL_ATTN_VARIANT=${n%%[a-z]*} ${f//,/ } bench/gpu/attention_bench.cu -o $d/attn_$n > $d/build_$n.log 2>&1 ) &
done
wait
echo "built [$all] at $(el) s; $(tail -n 1 $R/pybuild.txt)" >> $R/progress.txt
for v in $all; do
  echo "variant $v: $(grep -A2 "Compiling entry function '_ZN6tessel7kernels14attention_sm9016attention_kernel" $d/build_$v.log | grep -E 'spill|registers' | tr -s ' ' | tr '\n' ' ') $(grep -c C75 $d/build_$v.log) C75xx"
  [ -x $d/attn_$v ] || { echo "variant $v: BUILD FAILED"; grep error $d/build_$v.log | head -3; }
done > $R/build.txt
for v in $all; do echo $v; done | xargs -P 8 -I{} sh -c "timeout 120 $d/attn_{} --no-time > $R/check_{}.txt 2>&1; echo \"rc=\$?\" >> $R/check_{}.txt"
cat $R/check_*.txt > $R/check_all.txt; rm -f $R/check_[0-9]*.txt
echo "checks at $(el) s: $(grep -c '^ok' $R/check_all.txt) ok ($(grep -c '^ok.*varlen' $R/check_all.txt) varlen), $(grep -c '^FAIL' $R/check_all.txt) FAIL; largest ratio $(grep -oE 'ratio [0-9.]+' $R/check_all.txt | sort -k2 -g | tail -n 1); largest lse rel (16-bit) $(grep -v e4m3 $R/check_all.txt | grep -oE 'lse rel [0-9.e-]+' | sort -k3 -g | tail -n 1); rc: $(grep -h '^rc=' $R/check_all.txt | sort | uniq -c | tr '\n' ' ')" >> $R/progress.txt
$d/attn_5 --small --describe > $R/describe_5.txt 2>&1
for v in 5 12; do for tool in memcheck racecheck; do
  timeout 100 compute-sanitizer --tool $tool $d/attn_$v --small > $R/san_${tool}_$v.txt 2>&1
  echo "sanitizer $tool $v: rc=$? $(grep -c '^ok' $R/san_${tool}_$v.txt) ok; $(tail -n 1 $R/san_${tool}_$v.txt)" >> $R/progress.txt
done; done
pack
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu --format=csv,noheader -lms 100 > $R/smi.txt 2>&1 &
smi=$!
mark() { echo "$(date '+%Y/%m/%d %H:%M:%S.%3N') $*" >> $R/marks.txt; }
round() { for v in $all; do mark "round $1 [$v]"; [ -x $d/attn_$v ] && timeout 60 $d/attn_$v --time-only --reps 20 2>&1 | grep -E "^time|error" | sed "s/^/round $1 [$v] /"; done >> $R/rounds.txt; echo "round $1 at $(el) s" >> $R/progress.txt; }
torchrun() { mark "torch $1"; PYTHONUNBUFFERED=1 timeout 100 python3 bench/gpu/attention_torch.py --reps 20 > $R/torch$1.txt 2>&1; echo "torch $1 rc=$? at $(el) s" >> $R/progress.txt; }
round 1; torchrun 1; round 2; round 3; torchrun 2
mark end; kill $smi 2>/dev/null
pack
timeout 60 ncu --clock-control none -k regex:attention_kernel --launch-skip 11 --launch-count 2 --metrics \
  gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,lts__t_sector_hit_rate.pct,dram__bytes_read.sum,lts__t_bytes.sum,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,sm__throughput.avg.pct_of_peak_sustained_elapsed \
  $d/attn_3 --time-only --reps 1 > $R/ncu_3.txt 2>&1; echo "ncu rc=$? at $(el) s" >> $R/progress.txt
pack
PYTHONUNBUFFERED=1 timeout 200 python3 bench/gpu/attention_py.py > $R/py.txt 2>&1; echo "attention_py rc=$? at $(el) s" >> $R/progress.txt
pack
cat $R/progress.txt $R/build.txt | grep -v " 0 bytes spill stores, 0 bytes spill loads 0 C75xx"; grep -h FAIL $R/check_all.txt | head -5
sed -E 's/ \(median of 20\)//; s/; host.*//; s/ stages=2//; s/chains=4 skip-rescale k-ahead //; s/; V\^T pass.*//' $R/rounds.txt | cut -c1-120
grep -h sdpa $R/torch1.txt $R/torch2.txt | sed -E 's/flash.*//'; grep -E "gpu__time|per_second|hit_rate|dram__bytes|lts__t_bytes|hmma|sm__throughput" $R/ncu_3.txt; grep -vE "^ok" $R/py.txt | tail -n 25
