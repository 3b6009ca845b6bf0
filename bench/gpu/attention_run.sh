#!/usr/bin/env bash
# On the H100: issue 26's attention forward in one call: build every variant of
# bench/gpu/attention_bench.cu in parallel (TESSEL_ATTN_VARIANT=0..8), the
# correctness sweep of each, compute-sanitizer (memcheck, racecheck, synccheck)
# on the small cases of two variants, then the timings beside PyTorch's SDPA
# (cuDNN and flash backends) in the same call. Logs under $OUT.
#   bash bench/gpu/attention_run.sh [variants...]   (default: all)
set -uo pipefail
out=${OUT:-/tmp}
d=.attn_dev
mkdir -p $d
variants=${*:-0 1 2 3 4 5 6 7 8}
noov=${NOOV:-2 3}  # also built without the intra-warpgroup overlap (suffix n)
pp=${PP:-0 1 2 3 4 5}  # also built with ping-pong between the consumers (suffix p)
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv | tee "$out/gpu.txt"
all="$variants $(for x in $noov; do echo ${x}n; done) $(for x in $pp; do echo ${x}p; done)"
t0=$(date +%s)
for v in $variants; do
  nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v -Iinclude -DTESSEL_ATTN_VARIANT=$v \
    bench/gpu/attention_bench.cu -o $d/attn_$v > $d/build_$v.log 2>&1 &
done
for v in $noov; do
  nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v -Iinclude -DTESSEL_ATTN_VARIANT=$v -DTESSEL_ATTN_OVERLAP=0 \
    bench/gpu/attention_bench.cu -o $d/attn_${v}n > $d/build_${v}n.log 2>&1 &
done
for v in $pp; do
  nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v -Iinclude -DTESSEL_ATTN_VARIANT=$v -DTESSEL_ATTN_PINGPONG=1 \
    bench/gpu/attention_bench.cu -o $d/attn_${v}p > $d/build_${v}p.log 2>&1 &
done
wait
echo "build of variants [$variants], [$noov] without overlap, [$pp] with ping-pong: $(( $(date +%s) - t0 )) s wall (parallel)" | tee "$out/build.txt"
for v in $all; do
  grep -A2 "attention_kernel" $d/build_$v.log | grep -E "registers|spill" | sed "s/^/variant $v: /" >> "$out/build.txt"
  [ -x $d/attn_$v ] || { echo "variant $v: BUILD FAILED"; tail -n 20 $d/build_$v.log; }
done
echo "variants whose kernel spills or has a stack frame: $(grep -E 'variant .*: +[1-9][0-9]* bytes|[^0] bytes spill' "$out/build.txt" | cut -d: -f1 | sort -u | tr '\n' ' ')"
cuobjdump -sass $d/attn_2 2>/dev/null | grep -cE "HGMMA" | sed 's/^/HGMMA in variant 2: /'
cuobjdump -sass $d/attn_2 2>/dev/null | grep -cE "LDL|STL" | sed 's/^/local memory accesses in variant 2: /'
$d/attn_0 --small --describe > "$out/describe.txt" 2>&1; grep -E "checks|TMA|scheduler" "$out/describe.txt"
for v in $all; do
  [ -x $d/attn_$v ] && timeout 60 $d/attn_$v --no-time 2>&1 | tee -a "$out/check.txt" | grep -vE "^ok" | tail -n 3
done
echo "== correctness: $(grep -c '^ok' $out/check.txt) ok, $(grep -c '^FAIL' $out/check.txt) FAIL"
for v in 1 2 3p; do
  [ -x $d/attn_$v ] || continue
  for tool in memcheck racecheck synccheck; do
    timeout 90 compute-sanitizer --tool $tool $d/attn_$v --small > $d/san.txt 2>&1
    rc=$?
    { echo "== sanitizer $tool variant $v: rc=$rc"; grep -vE "^ok" $d/san.txt | tail -n 20; } >> "$out/san.txt"
    echo "sanitizer $tool variant $v: rc=$rc $(tail -n 1 $d/san.txt)"
  done
done
for v in $all; do
  [ -x $d/attn_$v ] && echo "variant $v" >> "$out/time.txt" && timeout 60 $d/attn_$v --time-only --reps 30 2>&1 | grep -E "^time|error" | sed "s/^/[$v] /" | tee -a "$out/time.txt"
done
PYTHONUNBUFFERED=1 timeout 120 python3 bench/gpu/attention_torch.py --reps 30 2>&1 | tee "$out/torch.txt"
