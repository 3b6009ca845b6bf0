#!/bin/bash
# Session 23, helper fp8, call 2 (H100): the landed tree: the compact raster for the promoted 8-bit kernels (choose_raster_rest),
# choose_fp8_wide from the busiest cluster's tiles (raster_most_tiles), kFp8WideMargin 10 (128 x 208 at 16384 x 11008 x 4096 too).
# Binaries built on the CPU machine and carried in .b/: gemm_bench_fp8 (FP8-only program), libfp8.so (this tree), libfp8_main.so
# (main 64cd002's, -fvisibility=hidden), kernels_host. chosen and chosen_r1 (the same launch: raster_rest 1 is the default) and
# main.chosen and main.chosen_s3 (the same: 2^3 is the chosen raster on every bench shape) alternate, so that each copy of the new
# path follows one of main's. Logs under $OUT as one tar.
O=$OUT/l; mkdir -p $O; B=$PWD/.b
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader > $O/gpu.txt; cat $O/gpu.txt
t=$(date +%s); timeout 60 $B/kernels_host > $O/kh.txt 2>&1; echo "kernels_host rc=$? $(( $(date +%s)-t ))s: $(tail -1 $O/kh.txt)"; grep FAIL $O/kh.txt | head -5
t=$(date +%s)
timeout 100 $B/gemm_bench_fp8 --small --no-time > $O/small.txt 2>&1
echo "fp8 small rc=$? $(( $(date +%s)-t ))s: $(tail -1 $O/small.txt)"; grep FAIL $O/small.txt | head -5
t=$(date +%s)
TESSEL_FP8_VARIANTS=0,27 timeout 90 compute-sanitizer --tool memcheck $B/gemm_bench_fp8 --small --no-time > $O/memcheck.txt 2>&1
echo "memcheck rc=$? $(( $(date +%s)-t ))s: $(grep -h 'ERROR SUMMARY\|passed,' $O/memcheck.txt | tr '\n' ' ')"
t=$(date +%s)
cd bench/gpu && PYTHONUNBUFFERED=1 timeout 200 python3 fp8_pair.py --lib $B/libfp8.so --lib2 $B/libfp8_main.so \
  --variants main.chosen,chosen,main.chosen_s3,chosen_r1,main.default --rounds 5 --interleave 30 \
  --ref main.chosen,main.chosen_s3,main.default > $O/pair.txt 2>&1
echo "pair rc=$? $(( $(date +%s)-t ))s"
grep -h "accuracy\|FAIL" $O/pair.txt | head -5
grep "rel.err" $O/pair.txt | grep -v cublas | grep -v never | awk '{print $5, $NF}' | sort | uniq -c | awk '{printf "%s ", $0} END {print ""}'
sed -n '/interleaved cycles/,$p' $O/pair.txt | cut -c1-190
cd $OUT && tar czf logs.tgz l && rm -rf l
