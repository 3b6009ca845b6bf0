#!/bin/bash
# Session 22, helper fp8, call 2 (H100): the landed tree. launch_fp8_promoted (gemm_fp8's and tessel.cuda.gemm's promoted
# path) takes Fp8WideConfig (128 x 208) where choose_fp8_wide, else Fp8Config (128 x 192). Binaries built on the CPU machine
# and carried in .b/: gemm_bench_fp8 (FP8-only program), libfp8.so (this tree), libfp8_main.so (main fea97e0's, -fvisibility=hidden),
# gemm_bench (the full bench, ctest's build: 16-bit checks), cache/ (tessel.cuda.gemm's library of this tree). Logs under $OUT.
O=$OUT/l; mkdir -p $O; B=$PWD/.b
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader > $O/gpu.txt; cat $O/gpu.txt
t=$(date +%s)
timeout 100 $B/gemm_bench_fp8 --small --no-time > $O/small.txt 2>&1
echo "fp8 small rc=$? $(( $(date +%s)-t ))s: $(tail -1 $O/small.txt)"; grep FAIL $O/small.txt | head -5
t=$(date +%s)
TESSEL_FP8_VARIANTS=0,27 timeout 90 compute-sanitizer --tool memcheck $B/gemm_bench_fp8 --small --no-time > $O/memcheck.txt 2>&1
echo "memcheck rc=$? $(( $(date +%s)-t ))s: $(grep -h 'ERROR SUMMARY\|passed,' $O/memcheck.txt | tr '\n' ' ')"
if [ -x $B/gemm_bench ]; then t=$(date +%s); timeout 60 $B/gemm_bench --small --no-time > $O/small16.txt 2>&1
  echo "16-bit small rc=$? $(( $(date +%s)-t ))s: $(tail -1 $O/small16.txt)"; grep FAIL $O/small16.txt | head -5; fi
if [ -d $B/cache ]; then t=$(date +%s); (cd python && TESSEL_CUDA_CACHE=$B/cache PYTHONPATH=$PWD timeout 120 python3 -m pytest -q -x tests/test_cuda_gemm.py > $O/pytest.txt 2>&1)
  echo "pytest rc=$? $(( $(date +%s)-t ))s: $(tail -1 $O/pytest.txt)"; fi
t=$(date +%s)
cd bench/gpu && PYTHONUNBUFFERED=1 timeout 240 python3 fp8_pair.py --lib $B/libfp8.so --lib2 $B/libfp8_main.so \
  --variants fast,main.default,chosen,n208,default --rounds 5 --interleave 30 --ref main.default > $O/pair.txt 2>&1
echo "pair rc=$? $(( $(date +%s)-t ))s"
grep -h "accuracy\|FAIL" $O/pair.txt | head -5
grep "rel.err" $O/pair.txt | grep -v cublas | awk '{print $5, $NF}' | sort | uniq -c | awk '{printf "%s ", $0} END {print ""}'
sed -n '/interleaved cycles/,$p' $O/pair.txt
cd $OUT && tar czf logs.tgz l && rm -rf l
