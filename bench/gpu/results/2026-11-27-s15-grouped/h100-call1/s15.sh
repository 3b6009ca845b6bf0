#!/usr/bin/env bash
# Session 15 (helper grouped): one call on the H100 over binaries prebuilt by bench/gpu/grouped_prebuild.sh
# into .grouped_dev/s15 (snap.tgz of the commit, bin/, cache/): checks, memcheck, timings, pytest, ncu.
set -uo pipefail
pre=$PWD/.grouped_dev/s15
log=/tmp/s15/grouped; mkdir -p $log
root=$(mktemp -d)/tree; mkdir -p $root; tar xzf $pre/snap.tgz -C $root
inc=/tmp/tessel_grouped_inc; rm -rf $inc; cp -r $root/include $inc
export TESSEL_INCLUDE_DIR=$inc TESSEL_CUDA_CACHE=$pre/cache PYTHONUNBUFFERED=1
d=$pre/bin
cp $0 $log/ 2>/dev/null
pack() { tar czf $OUT/s15.tgz -C /tmp/s15 grouped; }
trap pack EXIT
cd $root
t0=$(date +%s); el() { echo "[$(( $(date +%s) - t0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit,temperature.gpu --format=csv,noheader; cat $pre/commit.txt; cat $d/prebuild.spills; } | tee $log/gpu.txt
timeout 60 $d/grouped_bench --small --describe > $log/check.txt 2>&1; echo "bf16 --small: rc=$? $(tail -n1 $log/check.txt) $(el)"; grep -E "^FAIL" $log/check.txt | head
timeout 60 $d/grouped_bench_fp8 --small > $log/check_fp8.txt 2>&1; echo "fp8 --small: rc=$? $(tail -n1 $log/check_fp8.txt) $(el)"; grep -E "^FAIL" $log/check_fp8.txt | head
timeout 60 $d/kernels_host > $log/kernels_host.txt 2>&1; echo "kernels_host: rc=$? $(tail -n1 $log/kernels_host.txt)"; grep "^FAIL" $log/kernels_host.txt | head -5
for b in grouped_bench grouped_bench_fp8; do
  timeout 120 compute-sanitizer --tool memcheck $d/$b --small > $log/memcheck_$b.txt 2>&1
  echo "memcheck $b --small: rc=$? $(grep 'ERROR SUMMARY' $log/memcheck_$b.txt) $(tail -n1 $log/memcheck_$b.txt) $(el)"
done
timeout 150 $d/grouped_bench --time --rounds 3 --reps 30 > $log/time.txt 2>&1; echo "time bf16: rc=$? $(el)"
grep -E "^== |^ratio|^FAIL|^rows computed|^time" $log/time.txt | cut -c1-230
timeout 120 python3 -m pytest -q -x python/tests/test_cuda_grouped.py > $log/pytest.txt 2>&1; echo "pytest: rc=$? $(tail -n1 $log/pytest.txt) $(el)"
timeout 100 $d/grouped_bench_fp8 --time --rounds 3 --reps 30 > $log/time_fp8.txt 2>&1; echo "time fp8: rc=$? $(el)"
grep -E "^ratio|^FAIL" $log/time_fp8.txt | cut -c1-200
timeout 60 ncu --metrics dram__bytes_read.sum,gpu__time_duration.sum -k regex:gemm_kernel $d/grouped_bench --profile > $log/ncu.txt 2>&1; echo "ncu: rc=$? $(el)"
grep -E "profile launch|dram__bytes_read|gpu__time_duration|^== " $log/ncu.txt | head -40
