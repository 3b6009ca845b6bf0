#!/usr/bin/env bash
# On the H100 or H200: issue 26's attention forward in one call: build the
# variants of bench/gpu/attention_bench.cu in parallel (wall time), the
# correctness sweep of each (fixed-length and varlen cases; CHECKJOBS at a
# time), compute-sanitizer (memcheck, racecheck, synccheck) on the small cases
# of the SAN variants, then the timings beside PyTorch's SDPA (cuDNN and flash
# backends) in the same call, then (when python/tessel/cuda.py exists and
# PYEXT=1) the PyTorch entry point's build (wall time of every kernel it
# ships) and sweep. Logs under $OUT; a summary of the timings per row at the end
# (the fastest variant of each row beside cuDNN and FA2). TORCH=0 skips SDPA's
# timings; FP8PY=1 runs attention_fp8_py.py (tessel.cuda.attention's FP8 sweep
# and timings from PyTorch; it builds the whole library). REPS: runs per timing
# (30); PAUSE_MS: the GPU idle that long before each timed case, tessel's and
# SDPA's (0: the cases back to back, each in the power state the ones before
# it left).
#   bash bench/gpu/attention_run.sh
#   VARIANTS="9= 10= 11= 12=" SAN="9 12" TORCH=0 PYEXT=0 FP8PY=1 bash bench/gpu/attention_run.sh   (FP8, session 12)
# Variants: name=flags; VARIANTS replaces the list. Names: the bench's
# TESSEL_ATTN_VARIANT number (0-5 bf16 d64/d128/d256 non-causal/causal, 6 fp16
# d64 causal, 7 fp16 d128, 8 fp16 d256 causal, 9-12 FP8 e4m3 d128/d256
# non-causal/causal, 13 fp16 d128 causal; alone: AttentionConfig's
# defaults), then what the flags change: n (no intra-warpgroup overlap), p
# (ping-pong), d / s (dynamic / static scheduling), bN (N keys per block), tS (S
# stages), e (O through TMA stores), w3 / c2 (3 / 2 consumer warpgroups), eN
# (FP8: N of 8 exponentials on the FMA pipe), mC (C partial row maxima), r (O
# rescaled under S's wgmmas), k (the rescale skipped where no maximum moved),
# a (K loaded one block ahead of V), z (the static walk in index order, no snake), qN (N Q buffers), x (the next
# tile looked up under the last P V), o (session 12's schedule:
# -DTESSEL_ATTN_SPLIT_WAIT=0, the four above as they were).
# NCU="v ...": Nsight Compute (--set full) of one launch of each listed
# variant after NCUSKIP (default 6: the d128 variants' S = 8192 launch) of its
# kernel's launches: the details page, the raw metrics of pipes, stalls and
# shared memory, and the hottest SASS instructions (ncu_source_top.py).
# The default list: the defaults and the variants they replaced (session 11's
# first run, 2026-11-26, timed 26 variants on the H100: bench/RESULTS.md).
set -uo pipefail
out=${OUT:-/tmp}
d=.attn_dev
mkdir -p $d
default_variants="0= 1= 2= 3= 4= 5= 6= 7= 8= 13= 0c2=-DTESSEL_ATTN_CONSUMERS=2 1c2=-DTESSEL_ATTN_CONSUMERS=2
  2e=-DTESSEL_ATTN_EPI_TMA=1 2b176=-DTESSEL_ATTN_BN=176 3s=-DTESSEL_ATTN_DYNAMIC=0,-DTESSEL_ATTN_EPI_TMA=0
  4b64=-DTESSEL_ATTN_BN=64 5d=-DTESSEL_ATTN_DYNAMIC=1,-DTESSEL_ATTN_BN=64 1z=-DTESSEL_ATTN_SNAKE=0"
variants=${VARIANTS:-$default_variants}
checkjobs=${CHECKJOBS:-4}
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv | tee "$out/gpu.txt"
echo "nproc $(nproc); $(nvcc --version | tail -n 1)" | tee -a "$out/gpu.txt"
t0=$(date +%s)
all=""
for nv in $variants; do
  name=${nv%%=*} flags=${nv#*=}
  all="$all $name"
  ( TIMEFORMAT="%R s wall, %U s user"; time nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v -Iinclude \
      -DTESSEL_ATTN_VARIANT=${name%%[a-z]*} ${flags//,/ } bench/gpu/attention_bench.cu -o $d/attn_$name ) > $d/build_$name.log 2>&1 &
done
wait
n=$(echo $all | wc -w)
echo "build of $n bench variants [$all] in parallel on $(nproc) cores: $(( $(date +%s) - t0 )) s wall" | tee "$out/build.txt"
for v in $all; do
  echo "variant $v: nvcc $(tail -n 1 $d/build_$v.log)" >> "$out/build.txt"
  grep -A2 "Compiling entry function '_ZN6tessel7kernels14attention_sm9016attention_kernel" $d/build_$v.log | grep -E "registers|spill" | sed "s/^/variant $v: /" >> "$out/build.txt"
  [ -x $d/attn_$v ] || { echo "variant $v: BUILD FAILED"; grep -E "error" $d/build_$v.log | head -n 5; }
done
echo "variants whose kernel spills or has a stack frame: $(grep -E 'variant .*: +[1-9][0-9]* bytes|[^0] bytes spill' "$out/build.txt" | cut -d: -f1 | sort -u | tr '\n' ' ')"
# ptxas serializes a kernel's wgmmas (warnings C7510-C7515: too few registers for the wgmma pipeline, a pipeline crossing
# a function boundary, ...) without failing the build; such a variant runs far slower (helper attn2k, session 18: 35%).
echo "variants whose wgmmas ptxas serialized (C75xx): $(for v in $all; do grep -qE 'C75[0-9][0-9]' $d/build_$v.log && printf '%s ' $v; done)" | tee -a "$out/build.txt"
cuobjdump -sass $d/attn_2 2>/dev/null | grep -cE "HGMMA" | sed 's/^/HGMMA in variant 2: /'
cuobjdump -sass $d/attn_2 2>/dev/null | grep -cE "LDL|STL" | sed 's/^/local memory accesses in variant 2: /'
timeout 30 $d/attn_0 --small --describe > "$out/describe.txt" 2>&1
rc=$?; grep -E "checks|TMA|scheduler|passed" "$out/describe.txt"
[ $rc = 124 ] && { echo "variant 0 hung (30 s): stopping here"; exit 1; }
# correctness, CHECKJOBS variants at a time (each its own log)
t1=$(date +%s)
for v in $all; do echo $v; done | xargs -P "$checkjobs" -I{} sh -c "[ -x $d/attn_{} ] && { timeout 90 $d/attn_{} --no-time > $d/check_{}.txt 2>&1; echo \"[{}] rc=\$?\" >> $d/check_{}.txt; }"
for v in $all; do
  [ -f $d/check_$v.txt ] || continue
  cat $d/check_$v.txt >> "$out/check.txt"
  { grep -vE "^ok" $d/check_$v.txt | tail -n 4; grep "rc=124" -q $d/check_$v.txt && echo "HUNG"; } | sed "s/^/[$v] /"
done
echo "== correctness: $(grep -c '^ok' $out/check.txt) ok ($(grep -c '^ok.*varlen' $out/check.txt) varlen), $(grep -c '^FAIL' $out/check.txt) FAIL; largest error ratio $(grep -oE 'ratio [0-9.]+' $out/check.txt | sort -k2 -g | tail -n 1); largest lse rel $(grep -oE 'lse rel [0-9.e-]+' $out/check.txt | sort -k3 -g | tail -n 1) ($(( $(date +%s) - t1 )) s)"
for v in ${SAN:-1 3 5}; do
  [ -x $d/attn_$v ] || continue
  for tool in ${SANTOOLS:-memcheck racecheck synccheck}; do
    timeout 90 compute-sanitizer --tool $tool $d/attn_$v --small > $d/san.txt 2>&1
    rc=$?
    { echo "== sanitizer $tool variant $v: rc=$rc"; grep -vE "^ok" $d/san.txt | tail -n 20; } >> "$out/san.txt"
    echo "sanitizer $tool variant $v: rc=$rc $(grep -cE '^ok' $d/san.txt) cases ok; $(tail -n 1 $d/san.txt)"
  done
done
for v in $all; do
  [ -x $d/attn_$v ] && timeout 60 $d/attn_$v --time-only --reps ${REPS:-30} --pause-ms ${PAUSE_MS:-0} 2>&1 | grep -E "^time|error" | sed "s/^/[$v] /" | tee -a "$out/time.txt"
done
for v in ${NCU:-}; do
  [ -x $d/attn_$v ] || continue
  timeout 180 ncu --set full --import-source no -k regex:attention_kernel --launch-skip ${NCUSKIP:-6} --launch-count 1 -f -o $d/ncu_$v \
    $d/attn_$v --time-only --reps 1 > $d/ncu_run_$v.txt 2>&1
  echo "ncu variant $v: rc=$? $(grep -cE '==PROF== Profiling' $d/ncu_run_$v.txt) kernel(s) profiled"
  [ -f $d/ncu_$v.ncu-rep ] || { tail -n 5 $d/ncu_run_$v.txt; continue; }
  ncu --import $d/ncu_$v.ncu-rep --page details > "$out/ncu_$v.txt" 2>&1
  ncu --import $d/ncu_$v.ncu-rep --page raw --csv 2>/dev/null | python3 -c "
import csv, sys
r = list(csv.reader(sys.stdin))
for name, unit, val in zip(r[0], r[1], r[2]):
    if any(k in name for k in ('pipe', 'stall', 'issue', 'shared', 'gmma', 'tensor', 'xu', 'cycles_active', 'inst_executed', 'warps_active', 'throughput')):
        print(name, unit, val)" > "$out/ncu_raw_$v.txt" 2>&1
  ncu --import $d/ncu_$v.ncu-rep --page source --csv --print-source sass > $d/ncu_src_$v.csv 2>&1
  python3 bench/gpu/ncu_source_top.py $d/ncu_src_$v.csv 60 > "$out/ncu_src_$v.txt" 2>&1 || head -n 5 $d/ncu_src_$v.csv >> "$out/ncu_src_$v.txt"
  grep -E "Duration|SM Frequency|Issue Slots Busy|SM Busy|No Eligible|Eligible Warps" "$out/ncu_$v.txt" | sed "s/  */ /g; s/^/[$v] /"
done
if [ "${TORCH:-1}" = 1 ]; then
  PYTHONUNBUFFERED=1 timeout 120 python3 bench/gpu/attention_torch.py --reps ${REPS:-30} --pause-ms ${PAUSE_MS:-0} 2>&1 | tee "$out/torch.txt"
  python3 bench/gpu/attention_table.py "$out/time.txt" "$out/torch.txt" 2>&1 | tee "$out/table.txt"
fi
if [ -f python/tessel/cuda.py ] && [ "${PYEXT:-1}" = 1 ]; then
  export TESSEL_CUDA_CACHE=$PWD/$d/pycache
  PYTHONUNBUFFERED=1 timeout ${PYTIMEOUT:-240} python3 bench/gpu/attention_py.py 2>&1 | tee "$out/py.txt" | grep -vE "^ok"
fi
if [ "${FP8PY:-0}" = 1 ]; then
  export TESSEL_CUDA_CACHE=$PWD/$d/pycache
  PYTHONUNBUFFERED=1 timeout ${PYTIMEOUT:-240} python3 bench/gpu/attention_fp8_py.py 2>&1 | tee "$out/py_fp8.txt" | grep -vE "^ok"
fi
