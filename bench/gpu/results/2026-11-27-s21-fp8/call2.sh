#!/bin/bash
# Session 21, helper fp8, call 2 (H100): GemmConfig's EpiUnder_ (the promoted kernel's epilogue under the next
# tile's first k-tile), now Fp8Config (the dense default). Binaries built on the CPU machine and carried in .b/: gemm_bench_fp8 (FP8-only program),
# libfp8.so (this tree), libfp8_main.so (main's, 6d0c907: the lead's .s21 build). Logs under $OUT.
O=$OUT; B=$PWD/.b
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader > $O/gpu.txt
t=$(date +%s)
# 1. ragged shapes, bit-exact on integers: every variant of the build (0, 1 and 27, the epilogue under the next tile, also with 2-3 clusters)
timeout 90 $B/gemm_bench_fp8 --small --no-time > $O/small.txt 2>&1
echo "small rc=$? $(( $(date +%s)-t ))s: $(tail -1 $O/small.txt)"
# 2. memcheck of the new kernels' small cases
t=$(date +%s)
TESSEL_FP8_VARIANTS=0,1,27 timeout 80 compute-sanitizer --tool memcheck $B/gemm_bench_fp8 --small --no-time > $O/memcheck.txt 2>&1
echo "memcheck rc=$? $(( $(date +%s)-t ))s: $(grep -h 'ERROR SUMMARY\|passed,' $O/memcheck.txt | tr '\n' ' ')"
# 3. accuracy (bit-identical to _scaled_mm) and timing, main's default and this tree's in the same cycles
t=$(date +%s)
cd bench/gpu && PYTHONUNBUFFERED=1 timeout 200 python3 fp8_pair.py --lib $B/libfp8.so --lib2 $B/libfp8_main.so \
  --variants fast,main.default,prev,default,eu4 --rounds 5 --interleave 30 --ref main.default > $O/pair.txt 2>&1
echo "pair rc=$? $(( $(date +%s)-t ))s"
grep -h "accuracy\|FAIL" $O/pair.txt | head -5
grep "rel.err" $O/pair.txt | grep -v cublas | awk '{print $5, $NF}' | sort | uniq -c | awk '{printf "%s ", $0} END {print ""}'
sed -n '/interleaved cycles/,$p' $O/pair.txt
