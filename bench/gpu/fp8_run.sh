#!/usr/bin/env bash
# The FP8 GEMM of issue 27 in one call on a Hopper GPU, logs under $OUT (one archive, fp8.tgz,
# and the summary on stdout):
#   bash bench/gpu/fp8_run.sh
# 1. builds in parallel: gemm_bench.cu with only the FP8 GEMM (-DTESSEL_GEMM_BENCH_FP8_ONLY) as
#    a program and as the shared library of bench/gpu/fp8_pair.py, and the PyTorch entry
#    point's library (tessel.cuda.build(kernels="gemm"));
# 2. correctness: gemm_bench --fp8 --describe --no-time (named errors, ragged shapes x 5
#    variants x per-tensor / per-row-column scales, the 5 bench shapes: bit-exact on small
#    integers and per-64x64-block error on random data (block scales too), the error with the promotion every
#    k-tile / every 4 / never), compute-sanitizer memcheck of --small;
# 3. fp8_pair.py: the relative errors of tessel and torch._scaled_mm against the fp32 product
#    of the same dequantized inputs, then ROUNDS x REPS alternated timings (tessel default and
#    fast against _scaled_mm and _scaled_mm fast), median of the per-round ratios;
# 4. pytest python/tests/test_cuda_gemm.py (tessel.cuda.gemm).
# Knobs (environment): FP8_X=1 builds gemm_bench.cu's comparison configuration too
# (-DTESSEL_FP8_EXPERIMENTS: variant 6, fp8_pair.py's n128, the 128 x 128 promoted kernel);
# VARIANTS (fp8_pair.py's --variants); CHECK=small (gemm_bench --fp8 --small only, not the
# bench shapes); PROFILE=1 (Nsight Compute of 8192^3 for default, never, n128, fast:
# fp8_profile.py; PROFILE_VARIANTS: which, as variant:promote_every; SRC=1 adds the source page's
# warp-stall samples per SASS instruction, ncu_source_top.py); PREBUILT=DIR (no builds: DIR's
# gemm_bench_fp8 and libfp8.so, built elsewhere with the same flags; PYTEST=0 then);
# SAN=0 (no compute-sanitizer; SAN_TOOLS: which); PYTEST=0 (neither the
# PyTorch entry point's library nor pytest); ROUNDS, REPS. The ptxas report and, per FP8 kernel of the library, its
# SASS counts (wgmmas, spill loads/stores, barriers) go to sass.txt, its skeleton from the first
# wgmma on (wgmmas, syncs, branches, spills, FADD/FFMA, with addresses) to loop_<md5 of its name>.sass.
set -uo pipefail
out=${OUT:-/tmp/fp8_out}
log=$(mktemp -d)/fp8
mkdir -p "$log" "$out"
d=.fp8_dev
mkdir -p $d
export TESSEL_CUDA_CACHE=$PWD/$d/cache PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit,temperature.gpu --format=csv,noheader | tee "$log/gpu.txt"
git log --oneline -1 | cut -c1-100 | tee -a "$log/gpu.txt"
pack() { tar czf "$out/fp8.tgz" -C "$(dirname "$log")" fp8; }
trap pack EXIT
t0=$(date +%s)
F="-ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Iinclude -DTESSEL_GEMM_BENCH_FP8_ONLY"
[ "${FP8_X:-0}" = 1 ] && F="$F -DTESSEL_FP8_EXPERIMENTS"
if [ -n "${PREBUILT:-}" ]; then
  cp "$PREBUILT/gemm_bench_fp8" "$PREBUILT/libfp8.so" $d/ && cp "$PREBUILT"/build_*.log "$log/" 2>/dev/null
  echo "prebuilt: $PREBUILT ($(cat "$PREBUILT/flags.txt" 2>/dev/null))" | tee -a "$log/gpu.txt"
else
nvcc $F -Xptxas -v bench/gpu/gemm_bench.cu -o $d/gemm_bench_fp8 -lcuda > "$log/build_bench.log" 2>&1 &
nvcc $F -Xptxas -v -shared -Xcompiler -fPIC -DTESSEL_GEMM_BENCH_LIB bench/gpu/gemm_bench.cu -o $d/libfp8.so -lcuda > "$log/build_lib.log" 2>&1 &
fi
if [ "${PYTEST:-1}" != 0 ]; then
python3 -c "
import importlib.util, time
s = importlib.util.spec_from_file_location('tc', 'python/tessel/cuda.py'); c = importlib.util.module_from_spec(s); s.loader.exec_module(c)
t = time.time(); print(c.build(kernels='gemm')); print('gemm library built in %.0f s' % (time.time() - t))" > "$log/build_py.log" 2>&1 &
fi
wait
echo "builds: $(( $(date +%s) - t0 )) s wall (parallel)" | tee "$log/build.txt"
bash tests/cuda/check_binary.sh "$log/build_bench.log" | tee -a "$log/build.txt"
grep -E "C75[0-9][0-9]|spill stores" "$log/build_lib.log" | sort | uniq -c | tee -a "$log/build.txt"
[ "${PYTEST:-1}" != 0 ] && tail -n 2 "$log/build_py.log"
if [ -f $d/libfp8.so ]; then  # per FP8 GEMM kernel: its SASS's wgmmas, spills, barriers (where the loop's time may go)
  cuobjdump -sass $d/libfp8.so > $d/lib.sass 2>/dev/null
  awk '/Function : /{if (n) print c[0]" HGMMA="c[1]" STL="c[2]" LDL="c[3]" BAR="c[4]" WARPSYNC="c[5]" DEPBAR="c[6]; n=$0; c[0]=$3; for(i=1;i<7;i++) c[i]=0}
       /[HQI]GMMA/{c[1]++} /STL/{c[2]++} /LDL/{c[3]++} / BAR\./{c[4]++} /WARPGROUP/{c[5]++} /DEPBAR/{c[6]++}
       END{print c[0]" HGMMA="c[1]" STL="c[2]" LDL="c[3]" BAR="c[4]" WARPSYNC="c[5]" DEPBAR="c[6]}' $d/lib.sass | grep gemm_kernel > "$log/sass.txt"
  sed "s/_ZN6tessel7kernels4sm9011gemm_kernelINS1_10GemmConfigINS_12//" "$log/sass.txt"
  for k in $(grep -o '_ZN6tessel7kernels4sm9011gemm_kernel[A-Za-z0-9_]*' "$log/sass.txt" | sort -u); do
    # each kernel's skeleton (its name first): wgmmas, warpgroup syncs, barriers, branches, spills and the
    # promotion's FADD/FFMA, with their addresses, from the first wgmma to the end (the consumer loop)
    f="$log/loop_$(echo $k | md5sum | cut -c1-6).sass"
    echo "$k" > "$f"
    awk -v k="$k" '/Function : /{on = index($0, k) > 0} on' $d/lib.sass | sed -n '/[HQI]GMMA/,$p' |
      grep -E "GMMA|WARPGROUP|SYNCS|BAR|BRA|STL|LDL|FADD|FFMA|EXIT|RET" | sed 's@ */\* 0x[0-9a-f]* \*/ *$@@; s/  */ /g' >> "$f"
  done
fi
[ -x $d/gemm_bench_fp8 ] || { echo "gemm_bench_fp8: BUILD FAILED"; tail -n 30 "$log/build_bench.log"; }
[ -f $d/libfp8.so ] || { echo "libfp8.so: BUILD FAILED"; tail -n 30 "$log/build_lib.log"; }
pack  # after every stage: a call cut off at its time limit still brings back what ran
if [ -x $d/gemm_bench_fp8 ]; then
  if [ "${CHECK:-full}" = small ]; then timeout 150 $d/gemm_bench_fp8 --fp8 --small --no-time > "$log/check.txt" 2>&1
  else timeout 150 $d/gemm_bench_fp8 --fp8 --describe --no-time > "$log/check.txt" 2>&1; fi
  echo "gemm_bench --fp8 checks: rc=$? $(grep -c '^ok' "$log/check.txt") ok, $(grep -c '^FAIL' "$log/check.txt") FAIL; $(tail -n 1 "$log/check.txt")"
  grep -E "^FAIL|rror" "$log/check.txt" | head -n 20
  grep -E "M=(4096|8192|16384).*(random|promotion)" "$log/check.txt" | sed 's/  */ /g'
  if [ "${SAN:-1}" != 0 ]; then
    for tool in ${SAN_TOOLS:-memcheck racecheck synccheck}; do
      timeout 200 compute-sanitizer --tool $tool --error-exitcode 3 $d/gemm_bench_fp8 --fp8 --small --no-time > "$log/$tool.txt" 2>&1
      echo "$tool gemm_bench --fp8 --small: rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$log/$tool.txt") $(tail -n 1 "$log/$tool.txt")"
    done
  fi
  pack
fi
if [ -f $d/libfp8.so ]; then
  timeout 240 python3 bench/gpu/fp8_pair.py --lib $d/libfp8.so --rounds ${ROUNDS:-3} --reps ${REPS:-30} --variants ${VARIANTS:-default,fast,cublas_fast,blocks,p2,p4,never} \
    > "$log/pair.txt" 2>&1
  echo "fp8_pair.py: rc=$?"
  grep -E "^torch|^FAIL|^accuracy|rror" "$log/pair.txt"
  grep -E "^ok " "$log/pair.txt" | grep -E "4096x4096x4096|16384x4096x11008" | sed 's/  */ /g'
  sed -n '/rounds of/,$p' "$log/pair.txt"
  pack
fi
if [ "${PROFILE:-0}" = 1 ] && [ -f $d/libfp8.so ]; then  # Nsight Compute of one 8192^3 call per variant (clocks locked by ncu)
  for v in ${PROFILE_VARIANTS:-default:1 default:0 n128:1 fast:0}; do
    n="${v%:*}_${v#*:}"
    src=""
    [ "${SRC:-0}" = 1 ] && src="--section SourceCounters --import-source no -f -o $d/ncu_$n"
    timeout 120 ncu -k regex:gemm_kernel --launch-skip 3 --launch-count 1 --section SpeedOfLight --section ComputeWorkloadAnalysis \
      --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis $src \
      python3 bench/gpu/fp8_profile.py --lib $d/libfp8.so --variant ${v%:*} --promote-every ${v#*:} > "$log/ncu_$n.txt" 2>&1
    echo "ncu ${v}: rc=$? $(grep -E 'Duration|SM Frequency' "$log/ncu_$n.txt" | sed 's/  */ /g' | tr '\n' ';')"
    if [ -f $d/ncu_$n.ncu-rep ]; then
      ncu --import $d/ncu_$n.ncu-rep --page details > "$log/ncu_$n.txt" 2>&1
      ncu --import $d/ncu_$n.ncu-rep --page source --csv --print-source sass > $d/ncu_src_$n.csv 2>&1
      python3 bench/gpu/ncu_source_top.py $d/ncu_src_$n.csv 60 > "$log/ncu_src_$n.txt" 2>&1 || head -n 5 $d/ncu_src_$n.csv >> "$log/ncu_src_$n.txt"
      gzip -c $d/ncu_src_$n.csv > "$log/ncu_src_$n.csv.gz"
    fi
  done
  ncu --query-metrics 2>/dev/null | grep -iE "gmma|tensor_op" > "$log/ncu_metrics.txt"
  pack
fi
if [ "${PYTEST:-1}" != 0 ]; then
  timeout 200 python3 -m pytest -q -rs -s python/tests/test_cuda_gemm.py > "$log/pytest.txt" 2>&1
  echo "pytest test_cuda_gemm.py: rc=$? $(tail -n 1 "$log/pytest.txt")"
  grep -E "FAILED|Error|rel.err" "$log/pytest.txt" | head -n 12
fi
