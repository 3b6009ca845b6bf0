#!/bin/bash
# Session 22, helper fp8, call 1 (H100): Fp8Config on tiles of BN no multiple of 64 (GemmConfig's kNarrowN: 27 = 128 x 208,
# 28 = 128 x 176, 29 = 128 x 160 with 5 stages). Binaries built on the CPU machine and carried in .b/: gemm_bench_fp8
# (FP8-only program), libfp8.so (this tree), libfp8_main.so (main fea97e0's). Logs under $OUT (one tar).
O=$OUT/l; mkdir -p $O; B=$PWD/.b
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader > $O/gpu.txt; cat $O/gpu.txt
t=$(date +%s)
# 1. ragged shapes, bit-exact on integers: every variant of the build (0, 1, 27-29 also with 2-3 clusters launched)
timeout 100 $B/gemm_bench_fp8 --small --no-time > $O/small.txt 2>&1
echo "small rc=$? $(( $(date +%s)-t ))s: $(tail -1 $O/small.txt)"; grep FAIL $O/small.txt | head -5
# 2. memcheck of the new kernels' small cases
t=$(date +%s)
TESSEL_FP8_VARIANTS=27,28,29 timeout 90 compute-sanitizer --tool memcheck $B/gemm_bench_fp8 --small --no-time > $O/memcheck.txt 2>&1
echo "memcheck rc=$? $(( $(date +%s)-t ))s: $(grep -h 'ERROR SUMMARY\|passed,' $O/memcheck.txt | tr '\n' ' ')"
# 3. accuracy (bit-identical to _scaled_mm) and timing, main's default and this tree's in the same cycles
t=$(date +%s)
cd bench/gpu && PYTHONUNBUFFERED=1 timeout 240 python3 fp8_pair.py --lib $B/libfp8.so --lib2 $B/libfp8_main.so \
  --variants fast,main.default,default,n208,n176,n160 --rounds 5 --interleave 30 --ref main.default > $O/pair.txt 2>&1
echo "pair rc=$? $(( $(date +%s)-t ))s"
grep -h "accuracy\|FAIL" $O/pair.txt | head -5
grep "rel.err" $O/pair.txt | grep -v cublas | awk '{print $5, $NF}' | sort | uniq -c | awk '{printf "%s ", $0} END {print ""}'
sed -n '/interleaved cycles/,$p' $O/pair.txt
cd $OUT && tar czf logs.tgz l && rm -rf l
