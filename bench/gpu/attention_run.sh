#!/usr/bin/env bash
# On the H100: issue 26's attention forward in one call: build the variants of
# bench/gpu/attention_bench.cu in parallel, the correctness sweep of each,
# compute-sanitizer (memcheck, racecheck, synccheck) on the small cases of
# three, then the timings beside PyTorch's SDPA (cuDNN and flash backends) in
# the same call, then (when python/tessel/cuda.py exists) the PyTorch entry
# point's build and sweep. Logs under $OUT.
#   bash bench/gpu/attention_run.sh
# Variants: name=flags; VARIANTS replaces the list. Names: the bench's
# TESSEL_ATTN_VARIANT number (0-5 bf16 d64/d128/d256 non-causal/causal, 6 fp16
# d64 causal, 7 fp16 d128, 8 fp16 d256 causal), then n (no intra-warpgroup
# overlap), p (ping-pong), d (dynamic scheduling), bN (N keys per block), tS (S stages), e (O through TMA stores).
set -uo pipefail
out=${OUT:-/tmp}
d=.attn_dev
mkdir -p $d
default_variants="0= 1= 2= 3= 4= 5= 6= 7= 8= 1d=-DTESSEL_ATTN_DYNAMIC=1 3d=-DTESSEL_ATTN_DYNAMIC=1 5d=-DTESSEL_ATTN_DYNAMIC=1
  0b192=-DTESSEL_ATTN_BN=192 1b192=-DTESSEL_ATTN_BN=192 2b176=-DTESSEL_ATTN_BN=176 3b176=-DTESSEL_ATTN_BN=176
  4b80=-DTESSEL_ATTN_BN=80 5b80=-DTESSEL_ATTN_BN=80 2t3=-DTESSEL_ATTN_STAGES=3 3t3=-DTESSEL_ATTN_STAGES=3
  0e=-DTESSEL_ATTN_EPI_TMA=1 1e=-DTESSEL_ATTN_EPI_TMA=1 2e=-DTESSEL_ATTN_EPI_TMA=1 3e=-DTESSEL_ATTN_EPI_TMA=1"
variants=${VARIANTS:-$default_variants}
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv | tee "$out/gpu.txt"
t0=$(date +%s)
all=""
for nv in $variants; do
  name=${nv%%=*} flags=${nv#*=}
  all="$all $name"
  nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v -Iinclude -DTESSEL_ATTN_VARIANT=${name%%[a-z]*} \
    ${flags//,/ } bench/gpu/attention_bench.cu -o $d/attn_$name > $d/build_$name.log 2>&1 &
done
wait
echo "build of variants [$all]: $(( $(date +%s) - t0 )) s wall (parallel)" | tee "$out/build.txt"
for v in $all; do
  grep -A2 "attention_kernel" $d/build_$v.log | grep -E "registers|spill" | sed "s/^/variant $v: /" >> "$out/build.txt"
  [ -x $d/attn_$v ] || { echo "variant $v: BUILD FAILED"; tail -n 20 $d/build_$v.log; }
done
echo "variants whose kernel spills or has a stack frame: $(grep -E 'variant .*: +[1-9][0-9]* bytes|[^0] bytes spill' "$out/build.txt" | cut -d: -f1 | sort -u | tr '\n' ' ')"
cuobjdump -sass $d/attn_2 2>/dev/null | grep -cE "HGMMA" | sed 's/^/HGMMA in variant 2: /'
cuobjdump -sass $d/attn_2 2>/dev/null | grep -cE "LDL|STL" | sed 's/^/local memory accesses in variant 2: /'
timeout 30 $d/attn_0 --small --describe > "$out/describe.txt" 2>&1
rc=$?; grep -E "checks|TMA|scheduler|passed" "$out/describe.txt"
[ $rc = 124 ] && { echo "variant 0 hung (30 s): stopping here"; exit 1; }
for v in $all; do
  [ -x $d/attn_$v ] && { timeout 30 $d/attn_$v --no-time 2>&1; echo "[$v] rc=$?"; } | tee -a "$out/check.txt" | grep -vE "^ok" | tail -n 3 | sed "s/^/[$v] /"
done
echo "== correctness: $(grep -c '^ok' $out/check.txt) ok, $(grep -c '^FAIL' $out/check.txt) FAIL"
for v in ${SAN:-1 2 3d 3e}; do
  [ -x $d/attn_$v ] || continue
  for tool in memcheck racecheck synccheck; do
    timeout 60 compute-sanitizer --tool $tool $d/attn_$v --small > $d/san.txt 2>&1
    rc=$?
    { echo "== sanitizer $tool variant $v: rc=$rc"; grep -vE "^ok" $d/san.txt | tail -n 20; } >> "$out/san.txt"
    echo "sanitizer $tool variant $v: rc=$rc $(tail -n 1 $d/san.txt)"
  done
done
for v in $all; do
  [ -x $d/attn_$v ] && timeout 30 $d/attn_$v --time-only --reps 30 2>&1 | grep -E "^time|error" | sed "s/^/[$v] /" | tee -a "$out/time.txt"
done
PYTHONUNBUFFERED=1 timeout 120 python3 bench/gpu/attention_torch.py --reps 30 2>&1 | tee "$out/torch.txt"
if [ -f python/tessel/cuda.py ] && [ "${PYEXT:-1}" = 1 ]; then
  PYTHONUNBUFFERED=1 timeout 300 python3 bench/gpu/attention_py.py 2>&1 | tee "$out/py.txt" | tail -n 25
fi
