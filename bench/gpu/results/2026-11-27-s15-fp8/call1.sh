# Session 15, helper fp8, call 1 (kind nvidia-h100-x1): binaries built on the CPU machine (build-fp8/dev15, carried;
# tree 092de73 with the one line of binary_only.diff: the block-scaled Cross_ kernel without the forced phase offset).
# gemm_bench --fp8 --small checks of every variant, fp8_pair rounds against _scaled_mm (r1/r2: A from registers;
# blocks without / blocks_o with the offset; clusters of 2; raster 2^2), memcheck of the candidates' checks.
R=/tmp/s15fp8; rm -rf $R; mkdir -p $R
t0=$(date +%s)
OUT=$R/run PREBUILT=build-fp8/dev15 PYTEST=0 SAN=0 CHECK=small ROUNDS=3 REPS=30 \
  VARIANTS=default,r1,r2,default_c2,default_s2,blocks,blocks_o,rblocks,fast timeout 240 bash bench/gpu/fp8_run.sh > $R/run.txt 2>&1
echo "pair wall $(( $(date +%s) - t0 )) s" >> $R/run.txt
TESSEL_FP8_VARIANTS=21,22,23,5 timeout 100 compute-sanitizer --tool memcheck --error-exitcode 3 build-fp8/dev15/gemm_bench_fp8 --fp8 --small --no-time > $R/memcheck.txt 2>&1
echo "memcheck (variants 21,22,23,5) rc=$? $(grep 'ERROR SUMMARY' $R/memcheck.txt) $(tail -n 1 $R/memcheck.txt)" >> $R/run.txt
echo "wall $(( $(date +%s) - t0 )) s" >> $R/run.txt
cp build-fp8/dev15/call1.sh build-fp8/dev15/binary_only.diff $R/
cd $R/run && tar xzf fp8.tgz && rm fp8.tgz && cd - > /dev/null
tar czf $OUT/s15fp8_call1.tgz -C /tmp s15fp8
cat $R/run.txt
